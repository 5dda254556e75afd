"""Send the model only the sentences that matter: every 100 prompt tokens cost ~1 s on 2 cores."""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.retrieval import Passage, keywords
from ingest import tokens

_UNIT = re.compile(r"\n+|(?<=[.!?])\s+(?=[A-Z\[(\"])")
# A period after these does not end a sentence ("Prof. Mosharaf Chowdhury", "Eric P. Xing").
_ABBREVIATION = re.compile(
    r"(?:\b(?:prof|dr|mr|mrs|ms|st|vs|etc|al|inc|ltd|jr|sr|no|vol|pp|dept|univ|e\.g|i\.e|"
    r"ph\.d|m\.s|b\.s|b\.s\.e|m\.sc|b\.sc|ph|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"|\b[A-Z])\.$",
    re.I,
)


def question_terms(question: str, exclude: Sequence[str] = ()) -> set[str]:
    """Lower-cased stems of the question's content words, minus the people it names."""
    skip = {part.lower() for name in exclude for part in name.split()}
    return {_stem(w.lower()) for w in keywords(question) if w.lower() not in skip}


def _stem(word: str) -> str:
    return word[:5] if len(word) > 5 else word


def unit_score(unit: str, terms: set[str]) -> int:
    words = {_stem(w.lower()) for w in re.findall(r"[A-Za-z0-9][\w'’-]*", unit)}
    return len(words & terms)


_MARKDOWN = re.compile(r"\[([^\]]*)\]\([^)]*\)|<br\s*/?>|</?[a-z]+>|[#*_`|]+|^\s*[-:|]+\s*$", re.M)


def plain(text: str) -> str:
    """Text without Markdown and HTML markup: fewer prompt tokens, less for a small model to misread."""
    text = _MARKDOWN.sub(lambda m: m.group(1) if m.group(1) is not None else " ", text)
    return re.sub(r"[ \t]+", " ", text)


def units(text: str) -> list[str]:
    """Lines and sentences of a chunk body, the pieces compression chooses from."""
    pieces: list[str] = []
    for line in text.split("\n"):
        parts = [p.strip() for p in _UNIT.split(line) if p and p.strip()]
        merged: list[str] = []
        for part in parts:
            if merged and _ABBREVIATION.search(merged[-1]):
                merged[-1] = f"{merged[-1]} {part}"
            else:
                merged.append(part)
        pieces.extend(merged)
    return pieces


def compress(passage: Passage, terms: set[str], budget: int) -> str:
    """The passage's identity header and its most relevant units, in document order."""
    head, _, body = passage.chunk.text.partition("\n")
    pieces = units(plain(body))
    if tokens.count(head) + sum(tokens.count(p) + 1 for p in pieces) <= budget * 1.5:
        return head + "\n" + " ".join(pieces)  # small enough to keep whole, entries intact
    ranked = sorted(range(len(pieces)), key=lambda i: -unit_score(pieces[i], terms))
    keep: set[int] = set()
    used = tokens.count(head)
    for i in ranked:
        if unit_score(pieces[i], terms) == 0 and keep:
            break
        cost = tokens.count(pieces[i]) + 1
        if used + cost > budget and keep:
            continue
        keep.add(i)
        used += cost
    # The short line before a kept one usually names its institution or employer
    # ("Northeastern University, Boston, MA." above "Bachelor of Science … May 2014").
    for i in sorted(keep):
        before = i - 1
        if before >= 0 and before not in keep and len(pieces[before].split()) <= 10:
            cost = tokens.count(pieces[before]) + 1
            if used + cost <= budget * 1.25:
                keep.add(before)
                used += cost
    return head + "\n" + " ".join(pieces[i] for i in sorted(keep))


def build_context(passages: Sequence[Passage], question: str, people: Sequence[str],
                  budget: int) -> list[str]:
    """Compressed passage texts sharing the token budget."""
    terms = question_terms(question, people)
    share = max(40, budget // max(1, len(passages)))
    return [compress(p, terms, share) for p in passages]
