"""Awards and teaching records: one per line or bullet of their sections."""

from __future__ import annotations

import re

from ingest.records.text import DATE_POINT, DATE_RANGE, YEAR, Line, first_year, without_dates

_TERM = re.compile(
    r"(?:(?:Spring|Summer|Fall|Autumn|Winter)\s+(?:19|20)\d{2}"
    r"(?:\s*(?:,|and|-|–|to)\s*(?:(?:Spring|Summer|Fall|Autumn|Winter)\s+)?(?:19|20)\d{2})*"
    r"|(?:19|20)\d{2}\s*[-–]\s*(?:19|20)\d{2}|(?:19|20)\d{2})"
)
_TEACH_ROLE = re.compile(
    # "(instructor: Jane Roe)" names the course's instructor, not the person's role.
    r"(?:Head |Lead |Graduate |Undergraduate |Undergrad )?Teaching Assistant|\bTA\b|"
    r"Instructor\b(?!:)|"
    r"(?:Guest |Co-)?Lecturer\b|Teaching Fellow|Course Assistant|Grader|Tutor", re.I)
_COURSE = re.compile(r"\b(?:[A-Z]{2,6}\s?\d{2,4}[A-Z]?|\d{2}-\d{3})\b")


def award_from_line(line: Line) -> dict | None:
    """An award from one line: "NSF Graduate Research Fellowship (2017)", "2022  VLDB Best
    Paper Runner-up", "**Best Paper Award** SoCC 2015"."""
    text = line.text
    if len(text.split()) > 40 or not re.search(r"[A-Za-z]{3}", text):
        return None
    year = first_year(text)
    name = line.bold if line.bold and len(line.bold.split()) >= 2 else _award_name(text)
    name = name.strip(" ,.;:–—-")
    if len(name) < 4 or re.fullmatch(r"[\W\d]+", name):
        return None
    return {"name": name, "year": year, "_span": (line.start, line.end)}


def _award_name(text: str) -> str:
    text = re.sub(r"^\s*(?:(?:19|20)\d{2}(?:\s*[-–]\s*(?:(?:19|20)\d{2}|present))?)\s+", "", text)
    text = re.sub(r"\s*\((?:[^()]*\d{4}[^()]*)\)\s*$", "", text)
    text = re.sub(r"[,\s]+(?:\d{1,2}/)?(?:19|20)\d{2}"
                  r"(?:\s*[-–]\s*(?:\d{1,2}/)?(?:19|20)\d{2})?\s*$",
                  "", text)
    text = re.sub(r"[,\s]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?$", "",
                  text)
    head = re.split(r"\s{2,}", text)[0]
    return without_dates(head) if DATE_RANGE.search(head) or DATE_POINT.search(head) and \
        not YEAR.search(head.split()[0]) and len(head.split()) > 3 else head


def teaching_from_line(line: Line, default_role: str | None) -> dict | None:
    """A taught course from one line, or None when the line names no course."""
    text = line.text
    if (re.match(r"(?:Instructors?|Professors?|Advisors?)\s*:", text)
            or re.search(r"\bAward\b", text)):
        return None
    role = _TEACH_ROLE.search(text)
    course = _COURSE.search(text)
    if not course and not role:
        return None
    if not course and len(text.split()) < 3:
        return None
    term = _TERM.search(text)
    rest = text
    if term:
        rest = rest.replace(term.group(0), " ")
    if role:
        rest = rest.replace(role.group(0), " ")
    parts = [p.strip(" ,.;:()") for p in re.split(r",\s+|\s{2,}|\s+at\s+", rest)
             if p.strip(" ,.;:()")]
    course_part = next((p for p in parts if _COURSE.search(p)), parts[0] if parts else "")
    if not course_part or len(course_part) < 4:
        return None
    if not _COURSE.search(course_part) and sum(w[:1].isupper() for w in course_part.split()) < 2:
        return None  # "Teaching assistant unless noted."
    return {"course": course_part, "role": role.group(0) if role else default_role,
            "term": term.group(0) if term else None, "_span": (line.start, line.end)}


_PROSE_AWARD = re.compile(
    r"\b(?:received|won|was awarded|earned|named one of|was named|named)\s+(?:the\s+|a\s+|an\s+)?"
    r"[\"“]?(?P<name>[0-9A-Z][^\".;,”]*?(?:Award|Prize|Fellowship|Medal|Scholarship)"
    r"|(?<=[\"“])[0-9A-Z][^\"”]{3,60}(?=[\"”]))[\"”]?(?P<tail>[^.]*)"
)


def awards_from_prose(text: str, offset: int) -> list[dict]:
    """Awards stated in sentences: "received the Westbrook Outstanding Dissertation Award in
    2020", "was named one of the "35 Innovators in Networking"."."""
    found = []
    for match in _PROSE_AWARD.finditer(text):
        year = re.search(r"\bin\s+((?:19|20)\d{2})\b", match.group("tail")) or re.search(
            r"\b(?:In|in)\s+((?:19|20)\d{2})\b[^.]*$",
            text[max(0, match.start() - 80):match.start()])
        found.append({"name": match.group("name").strip(),
                      "year": int(year.group(1)) if year else None,
                      "_span": (offset + match.start(), offset + match.end())})
    return found


_LISTED = re.compile(r"\b(?P<what>honou?rs|awards|has taught|taught|teaches)\s+(?:include\s+)?"
                     r"(?P<items>[^.]+(?:\.\d[^.]*)*)\.")


def listed_in_prose(text: str, offset: int) -> tuple[list[dict], list[dict]]:
    """Awards and courses listed in a sentence: "honors include the X (2019); the Y (2021)",
    "has taught CS 216: Networks at X (Spring 2023, as teaching assistant)"."""
    awards, courses = [], []
    for match in _LISTED.finditer(text):
        span = (offset + match.start(), offset + match.end())
        for item in re.split(r";\s*|,\s+and\s+", match.group("items")):
            inner = re.search(r"\(([^)]*)\)", item)
            head = re.sub(r"\s*\([^)]*\)", "", item).strip()
            if match.group("what").lower().startswith(("hon", "award")):
                name = re.sub(r"^(?:the|a|an)\s+", "", head)
                if len(name) >= 4:
                    awards.append({"name": name, "year": first_year(item), "_span": span})
            else:
                course, _, place = head.partition(" at ")
                role = _TEACH_ROLE.search(inner.group(1)) if inner else None
                term = _TERM.search(inner.group(1)) if inner else None
                if len(course) >= 4:
                    courses.append({"course": course.strip(), "role": role.group(0) if role else
                                    None, "term": term.group(0) if term else None,
                                    "institution": place.strip() or None, "_span": span})
    return awards, courses
