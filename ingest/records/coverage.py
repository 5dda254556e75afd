"""How complete a document's records are: entries its sections appear to hold, against records.

A CV layout the extractor cannot read yields few records, and a records answer built on them
would present a short list as the whole. Each section dedicated to a kind (Publications,
Education, …) is counted for the entries it appears to hold, from layout signals only: lines
that open with a bullet or a number, and dated blocks (a line with a year after lines without
one). Records answers check the ratio before they speak for a person.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ingest import injection
from ingest.chunking import split_sections
from ingest.profiles import clean_line, without_page_code
from ingest.records.text import YEAR

if TYPE_CHECKING:
    from ingest.records import Record

# Records of a kind / entries the kind's sections appear to hold, at or above which the records
# speak for the person; below it a records answer defers to the passages.
COMPLETE = 0.8
SLACK = 2

_MARKER = re.compile(r"^\s*(?:[-*•●▪◦‣·–]|\[\d+\]|\(?\d{1,3}[.)]|[A-Z]?\d{1,3}\.)\s+\S")
# Position sections are also what a prose summary or biography is filed under; only sections
# titled for jobs are counted, since a paragraph's dates are not entries.
_JOBS = re.compile(r"experience|employment|position|appointment|internship|work|career", re.I)


def entries(text: str, person: str) -> dict[str, int]:
    """Entries each kind's dedicated sections appear to hold (kinds with none are left out)."""
    from ingest.records import KINDS, section_kind

    counts: dict[str, int] = {}
    for section in split_sections(text, person):
        kind = section_kind(section.title)
        if kind not in KINDS or (kind == "position" and not _JOBS.search(section.title)):
            continue
        # Raw lines: cleaning strips the bullets and numbers that mark entries.
        rows = [row for row in text[section.start:section.end].splitlines()
                if row.strip() and clean_line(row).rstrip(":").lower() != section.title.lower()]
        dated = sum(1 for i, row in enumerate(rows)
                    if _dated(row) and (i == 0 or not _dated(rows[i - 1])))
        # Bullets list papers, but under a job or degree they describe it: elsewhere they count
        # only when nothing is dated. Only the outermost bullets are entries.
        indents = [len(row) - len(row.lstrip()) for row in rows if _MARKER.match(row)]
        marked = sum(1 for row in rows
                     if _MARKER.match(row) and len(row) - len(row.lstrip()) == min(indents))
        found = max(marked, dated) if kind == "publication" else dated or marked
        if found:
            counts[kind] = counts.get(kind, 0) + found
    return counts


def _dated(row: str) -> bool:
    """A line carrying an entry's date: a year at its start or end (a date column), not a year
    mentioned mid-sentence ("the estimator from the VLDB 2022 paper ships …")."""
    return any(found.start() < 20 or found.end() > len(row) - 20 for found in YEAR.finditer(row))


def coverage(text: str, person: str, records: Sequence[Record]) -> dict[str, tuple[int, int]]:
    """Per kind: (records extracted, entries the sections appear to hold)."""
    held = entries(without_page_code(injection.blank(text)), person)
    got: dict[str, int] = {}
    for record in records:
        if not record.extra.get("aside"):  # a paper on the page by others is an entry too
            got[record.kind] = got.get(record.kind, 0) + 1
    return {kind: (got.get(kind, 0), n) for kind, n in held.items()}


def complete(counts: tuple[int, int] | None) -> bool:
    """Whether a kind's records hold (nearly) every entry its sections appear to list."""
    if counts is None:
        return True  # no dedicated section: nothing to compare against
    records, held = counts
    # The estimate counts dated lines, so a job with a dated project under it counts twice:
    # two entries short is within its error (Aaron Harlap's 3 jobs under 5 dated lines).
    return held == 0 or records >= COMPLETE * held or held - records <= SLACK
