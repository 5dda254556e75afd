"""Fuzzing the record extractors: on random and CV-like text, every record is of a known kind,
its span lies within the text, and nothing but the project's errors escapes."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from test_fuzz_chunking import CV_LINES, PEOPLE, TEXTS

from ingest.records import KINDS, extract

FUZZ = settings(max_examples=300, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])

# A section of each kind with entries that fit it: the extractors' own paths are reached.
SECTIONS = {
    "EDUCATION": ["Ph.D. in Computer Science, Halverson University, 2015 – 2019",
                  "Advisors: Garth A. Gibson, Eric P. Xing", "Thesis: Fast Schedulers",
                  "M.S., KAIST, Daejeon, Korea  Mar 2012 - Feb 2014", "B.Sc. (2011)"],
    "Experience": ["Software Engineer, Google LLC   May 2019 - Aug 2019",
                   "Research Intern, Microsoft Research, Summer 2017", "Assistant Professor",
                   "University of Michigan, 2020 – Present", "Tesla Inc., Autopilot Intern"],
    "Publications": ["[1] A. Ruiz, B. Li, and C. Wu. Tessellate: Elastic Training. OSDI 2021.",
                     "Ana Ruiz*, Eli Stern. Parity Models. In SOSP '19. Best Paper Award.",
                     "2. LineFS: SmartNIC Offload. EuroSys 2020, pp. 1–14.", "(preprint)"],
    "Honors and Awards": ["Best Paper Award, SOSP 2019", "NSF Fellowship (2016–2019)",
                          "2018  Dean's List"],
    "Teaching": ["Teaching Assistant, CS 162 Operating Systems, Fall 2021",
                 "Instructor, CS 61C, Spring 2022"],
}


@st.composite
def sectioned_cvs(draw: st.DrawFn) -> str:
    """Headings in any order, each over entries of its kind mixed with other CV lines."""
    out = [draw(PEOPLE)]
    for heading in draw(st.lists(st.sampled_from(sorted(SECTIONS)), min_size=1, max_size=6)):
        entry = st.one_of(*[st.sampled_from(SECTIONS[heading])] * 3, st.sampled_from(CV_LINES),
                          st.text(max_size=40))
        out += [heading, *draw(st.lists(entry, max_size=8))]
    return "\n".join(out)


@FUZZ
@given(text=st.one_of(TEXTS, sectioned_cvs(), sectioned_cvs()), person=PEOPLE)
def test_records_are_spans_of_the_text(text: str, person: str) -> None:
    records = extract(text, person)
    event(f"kinds: {sorted({r.kind for r in records})}")
    for record in records:
        assert record.kind in KINDS
        assert 0 <= record.start <= record.end <= len(text), record
        assert text[record.start:record.end].strip(), record
        assert isinstance(record.data, dict) and record.person == person
