"""Questions over the whole collection, answered exactly from the structured records.

"Who has published at SOSP?", "Which of them studied at CMU?", "Who co-authored with Phillip
Gibbons?", "How many papers does each list since 2020?", "Did Sofia Lindqvist write X?". Top-k
retrieval answers these from a few chunks and silently misses people; here every record in the
index is checked and every item in the answer cites the span it was read from. A question the
records cannot answer (no relation recognised, or nothing matches) returns None, and the
caller falls back to retrieval.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from assistant.types import Answer, Citation
from ingest.records.coverage import complete
from ingest.records.publications import venue_key
from ingest.records.text import clean, name_key, same_person
from ingest.store import Index, StoredRecord

COLLECTION = re.compile(
    r"\b(who|which|how many|list|everyone|anyone|any of|all of|each|compare|researchers|people)\b",
    re.I,
)
_NAME = r"(?P<v>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})"
_VALUE = r"(?:the\s+)?(?P<v>[^?,;]+?)"
_END = r"(?=\s+(?:since|after|before|between|during|from|in\s+(?:19|20)\d{2})\b|[?,;.]|\s*$)"
_RELATIONS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("count", re.compile(r"\bhow many (?:papers|publications|articles)\b", re.I)),
    ("coauthor", re.compile(r"\b(?:co-?authored|co-?written|co-?wrote|collaborated|wrote|written|"
                            r"published)\s+(?:a\s+|any\s+)?(?:papers?\s+)?(?:together\s+)?"
                            r"(?:with|alongside)\s+" + _NAME)),
    ("advisor", re.compile(r"\b(?:advised|supervised)\s+by\s+(?:Prof\.?\s+|Dr\.?\s+)?" + _NAME)),
    ("advisor", re.compile(r"\b(?:advisor|supervisor)\s+(?:is|was)\s+(?:Prof\.?\s+|Dr\.?\s+)?"
                           + _NAME)),
    ("venue", re.compile(r"\b(?:published|publish|publications?|papers?|appeared|presented)\s+"
                         r"(?:at|in|to)\s+" + _VALUE + _END, re.I)),
    ("venue", re.compile(r"\b(?:an?|any)\s+(?P<v>[A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s+papers?\b")),
    ("education", re.compile(r"\b(?:studied|study|studies|graduated|graduate|degrees?|"
                             r"ph\.?\s?d\.?s?|doctorates?|master'?s|bachelor'?s|undergraduate|"
                             r"alumn\w*|attended|"
                             r"educated)\b[^?]*?\b(?:at|from)\s+" + _VALUE + _END, re.I)),
    ("position", re.compile(r"\b(?:interned|interns?|internships?|worked|works|work|working|"
                            r"employed|jobs?|positions?)\s+(?:\w+\s+)?(?:at|for|with)\s+"
                            + _VALUE + _END, re.I)),
    ("award", re.compile(r"(?P<v>(?:\b[\w'-]+\s+){0,3}?(?:award|prize|fellowship|scholarship|"
                         r"medal|honou?r))s?\b", re.I)),
    ("teaching", re.compile(r"\b(?:taught|teach|teaches|TAed|TA'd|instructed|lectured)\s+"
                            r"(?:for\s+|a\s+course\s+(?:on|in)\s+|courses?\s+(?:on|in)\s+)?"
                            + _VALUE + _END, re.I)),
)
_AUTHORSHIP = re.compile(
    r"^\s*(?i:did|does|has|is|was)\s+" + _NAME + r"\s+(?i:write|author|co-?author|written|"
    r"authored|an author of|a co-?author of|one of the authors of)\s+[\"“'‘]?(?P<title>.+?)"
    r"[\"”'’]?\s*\??\s*$",
)
_TOGETHER = re.compile(r"\b(?:together|co-?author\w*|jointly|joint|both|with each other|"
                       r"collaborat\w*|shared?|in common)\b", re.I)
LEVELS = (("phd", r"ph\.?\s?d|doctor"), ("masters", r"master|m\.s\b"),
           ("bachelors", r"bachelor|undergrad|b\.s\b"))
_GENERIC = {"a", "an", "the", "any", "award", "awards", "received", "won", "got", "has", "have",
            "who", "which", "researchers", "people", "of", "these", "them", "ever", "been"}
_LESSER = re.compile(r"runner|honou?rable|nomin|finalist", re.I)
_KIND = {"count": "publication", "coauthor": "publication", "venue": "publication",
         "advisor": "education", "education": "education", "position": "position",
         "award": "award", "teaching": "teaching"}


@dataclass
class Ask:
    """A collection question, parsed: which relation, to what value, in which years."""

    relation: str
    value: str = ""
    since: int | None = None
    until: int | None = None
    level: str | None = None
    internship: bool = False

    def in_years(self, year: object) -> bool:
        if self.since is None and self.until is None:
            return True
        if not isinstance(year, int):
            return False
        return (self.since is None or year >= self.since) and (self.until is None or
                                                               year <= self.until)


def parse(question: str) -> Ask | None:
    """The relation a collection question asks about, or None when none is recognised."""
    for relation, pattern in _RELATIONS:
        found = pattern.search(question)
        if not found:
            continue
        value = (found.groupdict().get("v") or "").strip(" .'\"“”")
        if relation in ("venue", "education", "position", "teaching") and len(value) < 2:
            continue
        ask = Ask(relation, value, internship=bool(re.search(r"\bintern", question, re.I)))
        ask.since, ask.until = _years(question)
        ask.level = next((lvl for lvl, p in LEVELS if re.search(p, question, re.I)), None)
        return ask
    return None


def _years(question: str) -> tuple[int | None, int | None]:
    if found := re.search(r"\bbetween\s+((?:19|20)\d{2})\s+and\s+((?:19|20)\d{2})", question):
        return int(found.group(1)), int(found.group(2))
    if found := re.search(r"\b(since|after|from)\s+((?:19|20)\d{2})", question):
        return int(found.group(2)) + (found.group(1) == "after"), None
    if found := re.search(r"\bbefore\s+((?:19|20)\d{2})", question):
        return None, int(found.group(1)) - 1
    if found := re.search(r"\bin\s+((?:19|20)\d{2})\b", question):
        return int(found.group(1)), int(found.group(1))
    return None, None


def phrase_matches(needle: str, haystack: str) -> bool:
    """Whether a name (phrase or acronym) names the thing: "CMU", "University of Michigan"."""
    n = " ".join(re.findall(r"[a-z0-9]+", needle.lower().removeprefix("the ")))
    h = " ".join(re.findall(r"[a-z0-9]+", haystack.lower()))
    if n and re.search(rf"\b{re.escape(n)}\b", h):
        return True
    initials = "".join(w[0] for w in re.findall(r"[A-Z][a-z]+", haystack)).lower()
    return bool(needle.isupper() and len(needle) >= 2 and needle.lower() == initials)


def _venue_matches(value: str, venue: str | None) -> bool:
    a, b = venue_key(value), venue_key(venue)
    return bool(a) and bool(b) and (a == b or b.endswith(f"@ {a}") or
                                    (len(a.split()) > 1 and phrase_matches(a, b)))


def _name_matches(value: str, name: str) -> bool:
    if len(value.split()) == 1:
        return name_key(name).split()[-1:] == [name_key(value)]
    return same_person(name, value)


def matches(ask: Ask, record: StoredRecord) -> bool:
    """Whether one record satisfies the question."""
    d = record.data
    if record.kind == "publication" and not record.authored:
        return False  # on the page, not theirs
    if ask.relation in ("count", "venue", "coauthor") and not ask.in_years(d.get("year")):
        return False
    if ask.relation == "venue":
        return _venue_matches(ask.value, d.get("venue"))
    if ask.relation == "coauthor":
        return (any(_name_matches(ask.value, a) for a in d.get("authors", []))
                and not _name_matches(ask.value, record.person))
    if ask.relation == "count":
        return True
    if ask.relation == "advisor":
        return any(_name_matches(ask.value, a) for a in d.get("advisors", []))
    if ask.relation == "education":
        return phrase_matches(ask.value, d.get("institution") or "") and (
            ask.level is None or d.get("level") == ask.level)
    if ask.relation == "position":
        return phrase_matches(ask.value, d.get("organisation") or "") and (
            not ask.internship or d.get("kind") == "internship")
    if ask.relation == "teaching":
        return phrase_matches(ask.value, d.get("course") or "")
    if ask.relation == "award":
        name = d.get("name") or d.get("award") or ""
        wanted = [w for w in re.findall(r"[a-z0-9]+", ask.value.lower()) if w not in _GENERIC]
        if _LESSER.search(name) and not _LESSER.search(ask.value):
            return False
        return bool(wanted) and phrase_matches(" ".join(wanted), name)
    return False


def find(ask: Ask, index: Index) -> dict[str, list[StoredRecord]]:
    """Every matching record, grouped by person, one per distinct fact."""
    kind = _KIND[ask.relation]
    needle = _needle(ask)  # narrows the scan in SQL; matches() still decides
    candidates = index.records(kind, contains=[needle] if needle else [])
    if ask.relation == "award":  # a paper's award counts as the person's award
        candidates += [r for r in index.records("publication", contains=[needle] if needle else [])
                       if r.data.get("award")]
    found: dict[str, list[StoredRecord]] = {}
    seen: set[tuple[str, str]] = set()
    for record in candidates:
        if not matches(ask, record):
            continue
        key = (record.person, _fact_key(record))
        if key not in seen:
            seen.add(key)
            found.setdefault(record.person, []).append(record)
    return found


def _needle(ask: Ask) -> str:
    """A lower-case string every matching record's text contains, to narrow the SQL scan."""
    words = re.findall(r"[a-z0-9]+", ask.value.lower())
    if ask.relation == "venue":
        return venue_key(ask.value).split(" ")[-1] if venue_key(ask.value) else ""
    if ask.relation in ("coauthor", "advisor"):
        return words[-1] if words else ""
    if ask.relation == "award":
        wanted = [w for w in words if w not in _GENERIC]
        return max(wanted, key=len) if wanted else ""
    if ask.relation in ("education", "position", "teaching") and not ask.value.isupper():
        return max(words, key=len) if words else ""  # not for acronyms: "CMU" is not in the text
    return ""


def _fact_key(record: StoredRecord) -> str:
    d = record.data
    if record.kind == "award":
        return re.sub(r"[^a-z0-9]+", "",
                      f"{' '.join(d['name'].split()[:3])}{d.get('year')}".lower())
    text = d.get("title") or d.get("name") or d.get("course") or (
        f"{d.get('level')} {d.get('institution')}" if record.kind == "education" else
        f"{d.get('role')} {d.get('organisation')} {d.get('start')}")
    return re.sub(r"[^a-z0-9]+", "", str(text).lower())[:60]


def describe(record: StoredRecord) -> str:
    """One record as a short phrase for an answer."""
    d = record.data
    if record.kind == "publication":
        where = " ".join(str(x) for x in (d.get("venue"), d.get("year")) if x)
        award = f", {d['award']}" if d.get("award") else ""
        return f"“{d['title']}”" + (f", {where}" if where else "") + award
    if record.kind == "education":
        advisors = f", advised by {', '.join(d['advisors'])}" if d.get("advisors") else ""
        return f"{d['degree']}, {d.get('institution') or '?'}{advisors}"
    if record.kind == "position":
        dates = "–".join(str(x) for x in (d.get("start"), d.get("end")) if x)
        return f"{d['role']}, {_closed(d['organisation'])}" + (f" ({dates})" if dates else "")
    if record.kind == "award":
        return f"{d['name']}" + (f" ({d['year']})" if d.get("year") else "")
    term = f" ({d['term']})" if d.get("term") else ""
    return (f"{d['role']}, " if d.get("role") else "") + f"{_closed(d['course'])}{term}"


def _closed(text: str) -> str:
    """A name whose closing parenthesis went with the term after it: "Cloud Computing (CMU"."""
    return text + ")" * max(0, text.count("(") - text.count(")"))


_HEADLINES = {
    "venue": "published at {v}", "coauthor": "co-authored with {v}",
    "advisor": "were advised by {v}", "education": "studied at {v}",
    "position": "worked at {v}", "award": "received {v}", "teaching": "taught {v}",
}


def answer(question: str, index: Index, *, named: Sequence[str] = (),
           backend: str = "records", context: str = "") -> Answer | None:
    """The exact answer from the records, or None when they cannot answer the question.

    Args:
        question: the user's question.
        index: the index whose records are searched.
        named: indexed people the question is about (by name or through the history); the
            answer is restricted to them unless they are what is asked about ("co-authored
            with X").
        backend: recorded in the Answer.
        context: the conversation's previous turn, where "that paper" may be named.
    """
    authorship = parse_authorship(question, index)
    if authorship is not None and (
            found := authorship_answer(authorship, index, backend)) is not None:
        return found  # else no title matched: "the VLDB 2022 paper" is for person_answer
    if len(named) >= 2 and _TOGETHER.search(question):
        return _shared_answer(list(named), index, backend)
    if len(named) == 1:
        from assistant.person import person_answer  # one person's records; builds on this module

        if found := person_answer(question, named[0], index, backend, context=context):
            return found
    if not COLLECTION.search(question):
        return None
    ask = parse(question)
    if ask is None:
        return None
    subjects = [p for p in named if not _name_matches(ask.value, p)] if ask.value else list(named)
    if subjects and re.match(r"\s*(?:who|whom|whose)\b", question, re.I):
        return None  # "Who is Insu Jang's advisor at …?" asks about one person, not the collection
    found = find(ask, index)
    if subjects:
        found = {p: items for p, items in found.items() if p in subjects}
    if ask.relation == "count":
        return _count_answer(ask, found, subjects or list(index.people()), backend, index)
    if not found:
        return None  # the records may have missed it: retrieval gets its chance
    verb = _HEADLINES[ask.relation].format(v=ask.value)
    if ask.relation == "position" and ask.internship:
        verb = f"interned at {ask.value}"
    people = sorted(found)
    lines = [f"{_count(len(people))} in the collection {verb}:"]
    citations: list[Citation] = []
    for person in people:
        items = [f"{describe(r)} {cite(r, citations)}" for r in found[person]]
        lines.append(f"- {person}: " + "; ".join(items) + ".")
    return records_answer("\n".join(lines), citations, backend, index,
                          scope=subjects or list(index.people()), kinds=[_KIND[ask.relation]])


def _count(n: int) -> str:
    return "One person" if n == 1 else f"{n} people"


def _count_answer(ask: Ask, found: dict[str, list[StoredRecord]], everyone: list[str],
                  backend: str, index: Index) -> Answer:
    years = ("" if ask.since is None and ask.until is None else
             f" from {ask.since}" if ask.until is None else f" up to {ask.until}"
             if ask.since is None else f" in {ask.since}" if ask.since == ask.until else
             f" from {ask.since} to {ask.until}")
    lines = [f"Papers each person lists{years}:"]
    citations: list[Citation] = []
    for person in sorted(everyone):
        papers = found.get(person, [])
        marks = "".join(cite(r, citations) for r in papers)
        lines.append(f"- {person}: {len(papers)}" + (f" {marks}" if marks else "") + ".")
    return records_answer("\n".join(lines), citations, backend, index, scope=everyone,
                          kinds=["publication"])


def cite(record: StoredRecord, citations: list[Citation]) -> str:
    """The marker for a record's span, numbering a new citation when the span is new."""
    for c in citations:
        if c.chunk_id == record.chunk_id and c.quote == _quote(record):
            return f"[{c.n}]"
    n = len(citations) + 1
    citations.append(Citation(n=n, source=record.source, person=record.person,
                              section=record.kind, page=None, quote=_quote(record),
                              chunk_id=record.chunk_id))
    return f"[{n}]"


def _quote(record: StoredRecord) -> str:
    text = " ".join(clean(line) for line in record.quote.splitlines() if line.strip())
    return text if len(text) <= 400 else text[:397] + "…"


def records_answer(text: str, citations: list[Citation], backend: str, index: Index, *,
                   scope: Sequence[str] | None = None, kinds: Sequence[str] = ()) -> Answer:
    """The Answer, its citations given the section and page of the chunk they point into.

    Args:
        scope: the people whose records were searched (default: the people cited).
        kinds: the kinds of record read (default: those cited).
    """
    chunks = {c.id: c for c in index.chunks([c.chunk_id for c in citations])}
    placed = [replace(c, section=chunks[c.chunk_id].section, page=chunks[c.chunk_id].page)
              if c.chunk_id in chunks else c for c in citations]
    everyone = scope is not None and len(scope) == len(index.people()) > 1
    people = sorted(set(scope if scope is not None else (c.person for c in citations)))
    searched = (f"all {len(people)} people in the index" if everyone else
                join_names([f"{p}'s" for p in people]) if people else "the index's")
    notes = [f"Answered from the structured records of {searched}."]
    gaps = incomplete(index, people, list(kinds) or sorted({c.section for c in citations}))
    if gaps:
        notes.append("The records are incomplete for " + "; ".join(gaps) + ".")
    return Answer(text=text, citations=placed, refused=False, route="collection",
                  backend=backend, notes=notes, complete=not gaps,
                  retrieved=list(dict.fromkeys(c.chunk_id for c in citations)))


def incomplete(index: Index, people: Sequence[str], kinds: Sequence[str]) -> list[str]:
    """"Jun Wei's publications (3 records of about 12 entries)" for each person and kind whose
    records hold fewer entries than their documents appear to list."""
    held = index.coverage(people)
    return [f"{person}'s {kind} ({n} records of about {m} entries)"
            for person in people for kind in kinds
            if (counts := held.get(person, {}).get(kind)) and not complete(counts)
            for n, m in [counts]]


@dataclass
class Authorship:
    person: str
    title: str


def parse_authorship(question: str, index: Index) -> Authorship | None:
    """"Did Sofia Lindqvist write 'X'?" with a person who is in the index."""
    found = _AUTHORSHIP.search(question)
    if not found:
        return None
    named = found.group("v")
    person = next((p for p in index.people() if _name_matches(named, p)), None)
    return Authorship(person, found.group("title")) if person else None


def authorship_answer(ask: Authorship, index: Index, backend: str) -> Answer | None:
    best = [r for r in index.records("publication") if title_matches(ask.title, r.data["title"])]
    if not best:
        return None
    citations: list[Citation] = []
    theirs = [r for r in best if r.person == ask.person and r.authored]
    if theirs:
        r = theirs[0]
        text = f"Yes: {ask.person} is an author of {describe(r)} {cite(r, citations)}."
        return records_answer(text, citations, backend, index)
    r = next((r for r in best if r.person == ask.person), best[0])
    authors = r.data.get("authors") or []
    if any(same_person(a, ask.person) for a in authors):
        text = f"Yes: {ask.person} is among the authors of {describe(r)} {cite(r, citations)}."
        return records_answer(text, citations, backend, index)
    shown = ", ".join(authors) if authors else "not listed"
    where = f"{ask.person}'s profile lists it" if r.person == ask.person else \
        f"it appears in {r.person}'s profile"
    text = (f"No: {ask.person} is not among the listed authors of {describe(r)}; {where}, and "
            f"its authors are {shown} {cite(r, citations)}.")
    return records_answer(text, citations, backend, index)


def _shared_answer(named: list[str], index: Index, backend: str) -> Answer | None:
    """Papers whose author lists include every named person, from any of their profiles."""
    shared: dict[str, list[StoredRecord]] = {}
    for record in index.records("publication", people=named):
        authors = record.data.get("authors") or []
        if record.authored and all(p == record.person or any(same_person(a, p) for a in authors)
                                   for p in named):
            shared.setdefault(_fact_key(record), []).append(record)
    if not shared:
        return None
    citations: list[Citation] = []
    who = " and ".join([", ".join(named[:-1]), named[-1]]) if len(named) > 1 else named[0]
    lines = [f"Yes: {who} are co-authors of {len(shared)} "
             f"{'paper' if len(shared) == 1 else 'papers'} in their profiles:"]
    for records in shared.values():
        marks = "".join(dict.fromkeys(cite(r, citations) for r in records))
        lines.append(f"- {describe(records[0])} {marks}.")
    return records_answer("\n".join(lines), citations, backend, index)


def title_matches(wanted: str, title: str) -> bool:
    """Whether a title as a user writes it names a paper: in full, mostly, or by the system name
    before its colon ("LineFS" for "LineFS: Efficient SmartNIC Offload of …")."""
    w = re.findall(r"[a-z0-9]+", wanted.lower().replace("'s ", " "))
    w = [x for x in w if x not in ("the", "paper", "a")]
    t = re.findall(r"[a-z0-9]+", title.lower())
    if not w or not t:
        return False
    if w == re.findall(r"[a-z0-9]+", title.split(":")[0].lower()):
        return True
    ws, ts = set(w), set(t)
    return len(ws & ts) / len(ws | ts) >= 0.6 or (len(ws) >= 4 and len(ws & ts) >= 0.8 * len(ws))


def distinct(records: list[StoredRecord]) -> list[StoredRecord]:
    seen: set[str] = set()
    out = []
    for record in records:
        key = _fact_key(record)
        if key not in seen:
            seen.add(key)
            out.append(record)
    return out


def join_names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def profiles(index: Index, people: Sequence[str] = ()) -> list[dict[str, object]]:
    """Every person's records, grouped by kind, each with the span it was read from."""
    out: dict[str, dict[str, object]] = {}
    for record in index.records(people=people):
        entry = out.setdefault(record.person, {"person": record.person, "publications": [],
                                               "education": [], "positions": [], "awards": [],
                                               "teaching": []})
        group = {"publication": "publications", "position": "positions",
                 "award": "awards"}.get(record.kind, record.kind)
        item = {**record.data, "source": record.source, "chunk_id": record.chunk_id,
                "span": [record.start, record.end], "quote": _quote(record)}
        entry[group].append(item)  # type: ignore[attr-defined]
    return [out[p] for p in sorted(out)]
