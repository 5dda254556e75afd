"""The structured records as answers: matching a record to a name, a venue or a title, and
writing cited answers from records (assistant.routes decides which question they answer).

Top-k retrieval answers a question over the collection ("Who has published at SOSP?") from a
few chunks and silently misses people; the records hold every item with the span it came from,
so a records answer names every person and cites each item.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from assistant.types import Answer, Citation
from ingest.records.coverage import complete
from ingest.records.publications import PUBLISHERS, venue_key
from ingest.records.text import abbreviates, clean, name_key, same_person
from ingest.store import Index, StoredRecord


def phrase_matches(needle: str, haystack: str) -> bool:
    """Whether a name (phrase or acronym) names the thing: "CMU", "University of Michigan"."""
    n = " ".join(re.findall(r"[a-z0-9]+", needle.lower().removeprefix("the ")))
    h = " ".join(re.findall(r"[a-z0-9]+", haystack.lower()))
    if n and re.search(rf"\b{re.escape(n)}\b", h):
        return True
    initials = "".join(w[0] for w in re.findall(r"[A-Z][a-z]+", haystack)).lower()
    if needle.isupper() and len(needle) >= 2 and needle.lower() == initials:
        return True
    return _abbreviation_of(n, h)


def _abbreviation_of(a: str, b: str) -> bool:
    """Whether one of two names (lower-case words) abbreviates the other: "msr" and
    "microsoft research", "symposium on cloud computing" and "socc"."""
    short, long_ = sorted((a.split(), b.split()), key=len)
    return len(short) == 1 and len(long_) >= 2 and abbreviates(short[0], long_)


def venue_matches(value: str, venue: str | None) -> bool:
    a, b = venue_key(value), venue_key(venue)
    return bool(a) and bool(b) and (a == b or b.endswith(f"@ {a}") or
                                    (len(a.split()) > 1 and phrase_matches(a, b)) or
                                    _abbreviation_of(_bare_venue(a), _bare_venue(b)))


def _bare_venue(name: str) -> str:
    """A venue's name as lower-case words, without "the" and its publishers."""
    bare = re.sub(rf"^(?:the\s+)?(?:{PUBLISHERS}\s+)+", "", name, flags=re.I)
    return " ".join(re.findall(r"[a-z0-9]+", bare.lower()))


def name_matches(value: str, name: str) -> bool:
    if len(value.split()) == 1:
        return name_key(name).split()[-1:] == [name_key(value)]
    return same_person(name, value)


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
    where = f", {d['institution']}" if d.get("institution") else ""
    return (f"{d['role']}, " if d.get("role") else "") + f"{_closed(d['course'])}{where}{term}"


def _closed(text: str) -> str:
    """A name whose closing parenthesis went with the term after it: "Cloud Computing (CMU"."""
    return text + ")" * max(0, text.count("(") - text.count(")"))


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
                   scope: Sequence[str] | None = None, kinds: Sequence[str] = (),
                   one: bool = False) -> Answer:
    """The Answer, its citations given the section and page of the chunk they point into.

    Args:
        scope: the people whose records were searched (default: the people cited).
        kinds: the kinds of record read (default: those cited).
        one: the answer is about one item the question names (a paper by its title), found;
            entries the records miss do not make it partial.
    """
    chunks = {c.id: c for c in index.chunks([c.chunk_id for c in citations])}
    placed = [replace(c, section=chunks[c.chunk_id].section, page=chunks[c.chunk_id].page)
              if c.chunk_id in chunks else c for c in citations]
    everyone = scope is not None and len(scope) == len(index.people()) > 1
    people = sorted(set(scope if scope is not None else (c.person for c in citations)))
    searched = (f"the structured records of all {len(people)} people in the index" if everyone
                else f"{join_names([f'{p}’s' for p in people])} structured records" if people
                else "the structured records")
    notes = [f"Answered from {searched}."]
    gaps = [] if one else incomplete(index, people,
                                     list(kinds) or sorted({c.section for c in citations}))
    if gaps:
        # Over the collection, the records answer for everyone whose records are complete and
        # say whose may miss entries; about one person, an incomplete list defers to passages.
        notes.append("The records are incomplete for " + "; ".join(gaps) + (
            ": people not listed here may also qualify." if everyone else "."))
    return Answer(text=text, citations=placed, refused=False, route="collection",
                  backend=backend, notes=notes, complete=not gaps or everyone,
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


def authorship_answer(ask: Authorship, index: Index, backend: str) -> Answer | None:
    best = [r for r in index.records("publication") if title_matches(ask.title, r.data["title"])]
    if not best:
        return None
    citations: list[Citation] = []
    theirs = [r for r in best if r.person == ask.person and r.authored]
    if theirs:
        r = theirs[0]
        text = f"Yes: {ask.person} is an author of {describe(r)} {cite(r, citations)}."
        return records_answer(text, citations, backend, index, one=True)
    r = next((r for r in best if r.person == ask.person), best[0])
    authors = r.data.get("authors") or []
    if any(same_person(a, ask.person) for a in authors):
        text = f"Yes: {ask.person} is among the authors of {describe(r)} {cite(r, citations)}."
        return records_answer(text, citations, backend, index, one=True)
    where = f"{ask.person}'s profile lists it" if r.person == ask.person else \
        f"it appears in {r.person}'s profile"
    if authors or not r.authored:
        whose = f"its authors are {', '.join(authors) if authors else 'not listed'}"
    else:  # a sole author's CV lists their paper without their name
        whose = f"it is listed as {r.person}'s own, with no authors named"
    text = (f"No: {ask.person} is not among the listed authors of {describe(r)}; {where}, and "
            f"{whose} {cite(r, citations)}.")
    return records_answer(text, citations, backend, index, one=True)


def shared_papers_answer(named: list[str], index: Index, backend: str) -> Answer | None:
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
    """One record per person and fact: a paper listed twice on a profile counts once."""
    seen: set[tuple[str, str]] = set()
    out = []
    for record in records:
        key = (record.person, _fact_key(record))
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
