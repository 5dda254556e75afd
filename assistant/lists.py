"""One person's internships, jobs, courses taught and awards, listed exactly from the records.

"Which courses has Jinliang Wei been a teaching assistant for?", "Where did Jack Kosaian intern
in 2019?", "Which company does Aaron Harlap work for?": a model reading a few compressed passages
names some items and misses others; the records hold every item with the span it came from.
A question that names one of the items ("What did she do at Google?") asks about its details,
not for the list, and goes to retrieval.
"""

from __future__ import annotations

import re

from assistant.collection import cite, describe, distinct, records_answer
from assistant.compress import PRESENT_TENSE
from assistant.retrieval import name_words
from assistant.types import Answer, Citation
from ingest.store import Index, StoredRecord

_LIST_CUE = re.compile(r"^\s*(?:which|what|where|list|name|show|give|tell)\b|\b(?:all|every)\b",
                       re.I)
_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("teaching", re.compile(r"\b(?:courses?|classes|taught|teach(?:es|ing)?|TA(?:'?ed|'d)?|"
                            r"teaching assistant\w*)\b", re.I)),
    ("award", re.compile(r"\b(?:awards?|honou?rs?|prizes?|fellowships?|scholarships?)\b", re.I)),
    ("internship", re.compile(r"\bintern(?:ed|s|ships?)?\b", re.I)),
    # "Where has she worked?", not "What does she work on?" (her research).
    ("position", re.compile(r"\b(?:compan(?:y|ies)|employers?|jobs?|positions?|industry|employed|"
                            r"appointments?)\b|\bwork(?:s|ed|ing)?\b(?!\s+on\b)", re.I)),
)
# "after finishing his Ph.D.", "before joining Google": an order the records do not hold.
_RELATIVE = re.compile(r"\b(?:after|before|following|prior to|until)\b(?!\s+(?:19|20)\d{2})", re.I)
_CURRENT = re.compile(r"present|current|now|today", re.I)
_INDUSTRY = re.compile(r"\b(?:industry|compan(?:y|ies)|outside (?:of )?academia)\b", re.I)
_ACADEMIC = re.compile(r"universit|college|school|department|faculty", re.I)
YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_NOUNS = {"teaching": ("course", "courses"), "award": ("award", "awards"),
          "internship": ("internship", "internships"), "position": ("position", "positions")}


def list_kind(question: str) -> str | None:
    """Which of one person's lists a question asks for, or None."""
    if not _LIST_CUE.search(question):
        return None
    return next((kind for kind, pattern in _KINDS if pattern.search(question)), None)


def _years(record: StoredRecord) -> tuple[int | None, int | None]:
    """The first and last year a record covers; a current job runs to 9999."""
    d = record.data
    if record.kind == "position":
        start = YEAR.findall(str(d.get("start") or ""))
        end_text = str(d.get("end") or "")
        end = [9999] if _CURRENT.search(end_text) else [int(y) for y in YEAR.findall(end_text)]
        first = int(start[0]) if start else (end[0] if end else None)
        return first, (end[-1] if end else first)
    years = [int(y) for y in YEAR.findall(str(d.get("year") or d.get("term") or ""))]
    return (min(years), max(years)) if years else (None, None)


def _in_year(record: StoredRecord, year: int) -> bool:
    first, last = _years(record)
    return first is not None and last is not None and first <= year <= last


def _label(record: StoredRecord) -> str:
    d = record.data
    return str(d.get("organisation") or d.get("course") or d.get("name") or "")


def person_list_answer(question: str, person: str, index: Index,
                       backend: str = "records") -> Answer | None:
    """One person's list of a kind of record, filtered by year and tense; None when the question
    is not such a list question, names one of the items, or nothing is left to list."""
    kind = list_kind(question)
    if kind is None or _RELATIVE.search(question):
        return None
    records = distinct(index.records("position" if kind == "internship" else kind,
                                     people=[person]))
    if any(_mentions(question, _label(r)) for r in records):
        return None  # about one item's details: retrieval reads its passage
    if _names_outside(question, person, records):
        return None  # "Which Google team did she intern on?" when no internship was at Google
    if kind == "internship":
        records = [r for r in records if r.data.get("kind") == "internship"]
    if kind == "position" and _INDUSTRY.search(question):
        records = [r for r in records if not _ACADEMIC.search(_label(r))]
    qualifier = ""
    if years := [int(y) for y in YEAR.findall(question)]:
        records = [r for r in records if _in_year(r, years[0])]
        qualifier = f" in {years[0]}"
    elif kind in ("position", "internship") and PRESENT_TENSE.search(question):
        current = [r for r in records if _CURRENT.search(str(r.data.get("end") or ""))]
        records, qualifier = (current, " now") if current else (records, "")
    if not records:
        return None
    citations: list[Citation] = []
    items = [f"{describe(r)} {cite(r, citations)}" for r in records]
    noun = _NOUNS[kind][len(records) != 1]
    count = "one" if len(records) == 1 else str(len(records))
    if len(items) == 1:
        text = f"{person}'s profile lists {count} {noun}{qualifier}: {items[0]}."
    else:
        text = f"{person}'s profile lists {count} {noun}{qualifier}:\n" + "\n".join(
            f"- {item}." for item in items)
    return records_answer(text, citations, backend, index)


def _names_outside(question: str, person: str, records: list[StoredRecord]) -> bool:
    """Whether the question names something (a capitalised word after its first) that none of
    the records mention: the list would answer a question that was not asked."""
    own = name_words([person])
    said = " ".join(f"{r.quote} {r.data}" for r in records).lower()
    words = [w.lower().removesuffix("'s").removesuffix("’s")
             for w in re.findall(r"(?<=\s)[A-Z][\w&'’-]*", question)]
    return any(w not in own and w not in said for w in words)


def _mentions(question: str, label: str) -> bool:
    """Whether the question names this organisation, course or award (most of its words)."""
    words = [w for w in re.findall(r"[a-z0-9]+", label.lower()) if len(w) > 2 or w.isdigit()]
    asked = set(re.findall(r"[a-z0-9]+", question.lower()))
    named = [w for w in words if w not in _COMMON]
    return bool(named) and sum(w in asked for w in named) >= max(1, (len(named) + 1) // 2)


# Words that name no particular organisation or course on their own.
_COMMON = frozenset("inc ltd llc corp the and for research university institute of school lab labs "
                    "laboratory department center centre systems computer science engineering "
                    "software introduction advanced topics intern student".split())

