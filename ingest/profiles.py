"""Who a document is about, read from the document itself (file names are often hashes)."""

from __future__ import annotations

import re
from collections import Counter

UNKNOWN = "Unknown person"

# Words that make a short capitalised line a heading or an address, not a name.
_NOT_NAME_WORDS = {
    "curriculum", "vitae", "vita", "resume", "résumé", "cv", "profile", "university", "college",
    "institute", "department", "school", "laboratory", "lab", "street", "st", "avenue", "ave",
    "road", "education", "publications", "experience", "research", "interests", "summary",
    "contact", "awards", "teaching", "skills", "papers", "citations", "overview", "inc", "llc",
    "page", "homepage", "email", "phone", "address", "objective", "biography", "about", "home",
    "computer", "science", "engineering", "systems", "the", "of", "and", "in", "for", "ai",
    "academic", "service", "news", "selected", "honors", "honours", "projects", "talks", "full",
}
_PARTICLES = {"de", "van", "von", "der", "da", "di", "la", "le", "du", "bin", "al"}
_NAME_TOKEN = re.compile(  # any script's letters: "Kołczyńska", "ANDIRKÓ", "J.-P."
    r"^(?:[^\W\d_][^\W\d_'’]*(?:-[^\W\d_]+)?|[^\W\d_]\.(?:-?[^\W\d_]\.)*)$")
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.S)
_MY_NAME = re.compile(
    r"\b(?:my name is|i am|i'm)\s+([^\W\d_][^.,;:\n]{2,60}?)(?=[.,;:\n]|\s+and\b)", re.I)
_PREFIX = re.compile(
    r"^(?:(?:curriculum vitae|cv|resume|résumé|name|profile)\s*(?:of|[:\-–—|])\s*)?"
    r"(?:(?:dr|prof|professor|mr|mrs|ms)\.?\s+)?",
    re.I,
)
# Degrees and fellowships written after a name: "Catriona M. Fairbairn, MB ChB, MSc, DPhil",
# "…, MD, PhD, FRCPC"
_POST_NOMINALS = re.compile(
    r"(?:\s*,\s*(?:ph\.?\s?d|m\.?d|d\.?\s?phil|[mb]\.?\s?sc|[mb]\.?\s?[as]|mb\s?ch\.?\s?b|mbbs|"
    r"m\.?p\.?h|mba|j\.?d|ll\.?m|d\.?\s?sc|fr?cp[ce]?|frcs|mrcp|facc|facp|fesc|rn|habil)\.?)+\s*$",
    re.I)
_SUFFIX = re.compile(
    r"\s*(?:[,|–—-]\s*)?"
    r"(?:ph\.?\s?d\.?|m\.?d\.?|(?:full |short )?(?:curriculum vitae|cv)|resume|"
    r"'s (?:cv|homepage))\.?$",
    re.I,
)
# Formatting tags go whole: "<b>Google</b><br>" in a Markdown table cell is "Google", not
# "<b Google</b". Any other markup ("<script>…</script>" in a paper's title, an attribute that
# runs code) is text the document wrote, kept for the UI to escape: dropped, it emptied titles.
FORMAT_TAG = re.compile(
    r"</?(?:a|b|i|u|s|em|strong|small|big|sup|sub|span|font|p|div|br|hr|code|tt|kbd|mark|del|ins|"
    r"strike|center|li|ul|ol|dl|dt|dd|table|thead|tbody|tr|td|th|h[1-6]|abbr|cite|q|blockquote|"
    r"pre|section|article|header|footer|nav|main|details|summary)"
    r"(?:\s(?![^<>]*(?:\bon\w+\s*=|javascript:))[^<>\n]{0,80})?\s*/?>", re.IGNORECASE)
_MARKUP = re.compile(rf"\[([^\]]*)\]\([^)]*\)|{FORMAT_TAG.pattern}|[#*_`•▪◦●·]+|^\s*(?:>\s*)+|"
                     r"^\s*[-+]\s+", re.IGNORECASE)


def clean_line(line: str) -> str:
    """A line without Markdown markup, links reduced to their text."""
    line = _MARKUP.sub(lambda m: m.group(1) or " ", line)
    # no space left before the stop after bold: "**Quintanilla, Aurelio**. 2017."
    line = re.sub(r"(?<=\w) +([.,;])(?=\s|$)", r"\1", line)
    return re.sub(r"\s+", " ", line).strip(" \t:|–—-")


def as_name(text: str) -> str | None:
    """The person name that a short line consists of, title-cased if it was all caps; else None."""
    text = _SUFFIX.sub("", _POST_NOMINALS.sub("", _PREFIX.sub("", clean_line(text)))).strip(" ,")
    if not text or any(ch.isdigit() for ch in text) or "@" in text or "/" in text:
        return None
    tokens = text.split()
    if not 2 <= len(tokens) <= 5:
        return None
    if any(t.lower().strip(".,") in _NOT_NAME_WORDS for t in tokens):
        return None
    significant = [t for t in tokens if t.lower() not in _PARTICLES]
    if len(significant) < 2 or not all(_NAME_TOKEN.match(t.strip(",")) and t[0].isupper()
                                       for t in significant):
        return None
    if text.isupper():
        text = " ".join(t if len(t) <= 2 and t.endswith(".") else "-".join(
            part.capitalize() for part in t.split("-")) for t in tokens)  # "Ruiz-Lindqvist"
    return text.replace(",", "")


def detect_person(text: str, *, head_lines: int = 12, file_name: str = "") -> str | None:
    """The person a CV or profile page is about, or None when it cannot be told: a `person:`
    field in Markdown front matter, a name line at the top, "My name is …", or a name that
    recurs (the owner in every author list) and stands out: named by the file, or mentioned at
    least twice as often as any other name (a table about many people names nobody)."""
    if named := front_matter_person(text):
        return named
    body = _FRONT_MATTER.sub("", text, count=1)
    lines = [ln for ln in (clean_line(raw) for raw in body.splitlines()[:200]) if ln]
    for line in lines[:head_lines]:
        name = as_name(line)
        if name:
            return name
    for found in _MY_NAME.finditer(clean_line(body[:3000])):
        if name := as_name(re.sub(r"\(.*?\)", " ", found.group(1))):
            return name
    return _most_mentioned_name(body, file_name)


# A static-site page's template code: Liquid tags and output ("{% for post in … %}", "{{ … }}").
_TEMPLATE = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.S)


def without_page_code(text: str) -> str:
    """The text with its front matter block and template code turned to spaces (line breaks
    kept, so every offset stays where it was): a page's settings ("permalink: /", "layout:
    archive") and its site's code are not what the page says about its person."""
    def spaces(found: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", found.group(0))

    return _TEMPLATE.sub(spaces, _FRONT_MATTER.sub(spaces, text, count=1))


def front_matter_person(text: str) -> str | None:
    """The `person:` field of a Markdown file's YAML front matter, if it has one."""
    block = _FRONT_MATTER.match(text)
    found = block and re.search(r"^person:\s*[\"']?([^\"'\n]+?)[\"']?\s*$", block.group(1), re.M)
    return found.group(1).strip() if found else None


def _most_mentioned_name(text: str, file_name: str = "") -> str | None:
    """Fallback: a name repeated at least three times, e.g. the owner in every author list, that
    the file's name names or that is mentioned twice as often as the next name."""
    pairs = re.findall(r"\b([A-Z][a-z]+ (?:[A-Z]\. )?[A-Z][a-z]+)\b", text)
    named = [(c, hits) for c, hits in Counter(pairs).most_common(10) if as_name(c)]
    if not named or named[0][1] < 3:
        return None
    candidate, hits = named[0]
    in_file_name = candidate.split()[-1].lower() in file_name.lower()
    runner_up = named[1][1] if len(named) > 1 else 0
    return candidate if in_file_name or hits >= 2 * runner_up else None


def unknown_person(file_name: str) -> str:
    """The clearly marked person a document is filed under when nobody can be identified."""
    return f"{UNKNOWN} ({file_name})"


def name_variants(name: str) -> list[str]:
    """Ways an author list may write a person: full name, initials, last name."""
    parts = [p for p in name.replace(".", ". ").split() if p]
    if len(parts) < 2:
        return [name]
    first, last = parts[0], parts[-1]
    variants = {name, f"{first[0]}. {last}", f"{last}, {first}", f"{last}, {first[0]}."}
    if len(parts) > 2:
        variants.add(f"{first} {last}")
    return sorted(variants, key=len, reverse=True)
