"""Answers from the structured records for a typed Query; None when the records hold no answer
(retrieval then answers). Every item is cited to the span it was read from."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from assistant.collection import (
    Authorship,
    authorship_answer,
    cite,
    describe,
    distinct,
    incomplete,
    join_names,
    name_matches,
    phrase_matches,
    records_answer,
    shared_papers_answer,
    title_matches,
    venue_matches,
)
from assistant.compress import stems, units
from assistant.listed import authorship_from_text, paper_from_text
from assistant.retrieval import STOPWORDS
from assistant.routes.query import KIND, Query
from assistant.types import Answer, Citation
from ingest.chunking import Chunk
from ingest.records.coverage import complete
from ingest.records.education import DEGREE, INSTITUTION, LEVEL_NAMES
from ingest.records.places import countries_in
from ingest.records.text import OPEN, YEAR, abbreviates, clean, same_person
from ingest.store import Index, StoredRecord

_CURRENT = re.compile(OPEN, re.I)
_GENERIC_AWARD = frozenset("a an the any award awards prize prizes received won".split())
_LESSER = re.compile(r"runner|honou?rable|nomin|finalist", re.I)
Handler = Callable[[Query, Index, str], Answer | None]


def execute(query: Query, index: Index, backend: str) -> Answer | None:
    """The records' answer to a query the parse accounted for, or None."""
    handler = _HANDLERS.get((query.relation or "", query.shape or ""))
    return handler(query, index, backend) if handler and query.answerable else None


def _records(query: Query, index: Index, people: Sequence[str] = ()) -> list[StoredRecord]:
    kind = KIND[query.relation or "papers"]
    found = distinct(index.records(kind, people=list(people)))
    if kind == "award":  # a paper's award is the person's award too
        found += [r for r in distinct(index.records("publication", people=list(people)))
                  if r.data.get("award") and r.authored]
    found = [r for r in found if _fits(query, r)]
    if query.refereed:
        sections = {c.id: c.section for c in index.chunks(sorted({r.chunk_id for r in found}))}
        found = [r for r in found if not _UNREFEREED.search(
            f"{r.data.get('venue') or ''} | {sections.get(r.chunk_id, '')}")]
    return found


# A paper not (yet) through review, by its venue or its list's heading: "arXiv", "Submitted to
# ApJ", "Publications In Review", "Non-Refereed Publications", "Working Papers".
_UNREFEREED = re.compile(r"rxiv|\b(?:ssrn|preprints?|submitted|under review|in review|"
                         r"in prep(?:aration)?|working papers?|manuscripts?|unpublished|"
                         r"non-?\s?refereed|not refereed|non-?\s?peer)\b", re.I)


def _fits(query: Query, record: StoredRecord) -> bool:
    """Whether a record meets the query's value, years and filters."""
    d = record.data
    if record.kind == "publication":
        if not record.authored and query.relation != "award":
            return False
        if not query.in_years(d.get("year")):
            return False
        if query.value and query.relation in ("papers", "coauthors") and query.attribute is None \
                and not venue_matches(query.value, d.get("venue")):
            return False
        if query.first_author and not (d.get("authors") and same_person(d["authors"][0],
                                                                        record.person)):
            return False
        if query.relation == "award":
            return _award_fits(query, d.get("award") or "")
        return True
    if record.kind == "education":
        return (query.level is None or d.get("level") == query.level) and (
            not query.subject or _in_subject(query.subject, d.get("degree") or "")) and (
            not query.value or phrase_matches(query.value, d.get("institution") or "")) and (
            _in_country(query, f"{d.get('institution') or ''} {_without_thesis(record)}"))
    if record.kind == "position":
        if query.internship is not None and (d.get("kind") == "internship") != query.internship:
            return False
        if query.postdoc and not _POSTDOC.search(d.get("role") or ""):
            return False
        if query.value and not phrase_matches(query.value, d.get("organisation") or ""):
            return False
        if query.current and not (_CURRENT.search(str(d.get("end") or "")) or d.get("ongoing")):
            return False  # undated or ended: not known to be held now (see records.written_year)
        if not _in_country(query, f"{d.get('organisation') or ''} {record.quote}"):
            return False
        return _overlaps(query, _span(d.get("start"), d.get("end")))
    if record.kind == "award":
        return _award_fits(query, d.get("name") or "") and query.in_years(d.get("year"))
    if record.kind == "teaching":
        said = f"{d.get('course') or ''} {d.get('institution') or ''} {record.quote}"
        return (not query.value or phrase_matches(query.value, said)) and _overlaps(
            query, _span(d.get("term"), d.get("term")))
    return False


def _job_noun(query: Query) -> str:
    return "internship" if query.internship else "postdoctoral position" if query.postdoc \
        else "position"


_POSTDOC = re.compile(r"\bpost-?\s?doc", re.I)  # "Postdoc", "Postdoctoral", "Post-Doctoral"


def _in_subject(subject: str, degree: str) -> bool:
    """Whether a degree's own words give it in the subject asked ("Economics" in "Ph.D. in
    Economics", "B.A. in Philosophy/Mathematical Economic Analysis")."""
    named = DEGREE.search(degree)  # "Doctor of Philosophy in Physics" is not in philosophy
    field = degree[named.end():] if named else degree
    field = re.split(r"\b(?:minor|minors)\b", field, flags=re.I)[0]  # a minor is not its field
    if re.fullmatch(r"[A-Za-z]{2,5}", subject) and abbreviates(  # "CS", "EE"
            subject.lower(), re.findall(r"[a-z]+", re.sub(r"\([^)]*\)", "", field.lower())),
            initials_only=True):
        return True
    return stems(subject) - STOPWORDS <= stems(field)


def _without_thesis(record: StoredRecord) -> str:
    """A degree's quoted lines less its thesis title and advisors' names: the words that can
    place it (a title's "Homo sapiens" is not the Iranian city of that other name)."""
    said = " ".join(record.quote.split())  # a thesis title wraps over lines
    for words in [record.data.get("thesis"), *(record.data.get("advisors") or [])]:
        said = said.replace(" ".join((words or "\0").split()), " ")
    return said


def _in_country(query: Query, said: str) -> bool:
    """Whether a record's own words place it in the query's country, if it asks for one: the
    country named, or a city of it ("Universitat de Barcelona" is in Spain)."""
    return query.country is None or query.country in countries_in(said)


def _award_fits(query: Query, name: str) -> bool:
    if not query.value:
        return bool(name)
    wanted = [w for w in re.findall(r"[a-z0-9]+", query.value.lower()) if w not in _GENERIC_AWARD]
    if _LESSER.search(name) and not _LESSER.search(query.value):
        return False
    return bool(wanted) and phrase_matches(" ".join(wanted), name)


def _span(start: object, end: object) -> tuple[int | None, int | None]:
    """First and last year of a dated record; an open end runs to 9999."""
    first = [int(y) for y in YEAR.findall(str(start or ""))]
    last = [9999] if _CURRENT.search(str(end or "")) else [
        int(y) for y in YEAR.findall(str(end or ""))]
    lo = first[0] if first else (last[0] if last else None)
    return lo, (last[-1] if last else lo)


def _overlaps(query: Query, span: tuple[int | None, int | None]) -> bool:
    if query.since is None and query.until is None:
        return True
    lo, hi = span
    if lo is None or hi is None:
        return False
    return (query.until is None or lo <= query.until) and (query.since is None or
                                                          hi >= query.since)


def _grouped(records: list[StoredRecord]) -> dict[str, list[StoredRecord]]:
    out: dict[str, list[StoredRecord]] = {}
    for record in records:
        out.setdefault(record.person, []).append(record)
    return out


def _listed(query: Query, index: Index, backend: str, noun: str) -> Answer | None:
    """Each named person's items of one kind."""
    if query.value and query.relation == "teaching" and INSTITUTION.search(query.value) is None \
            and any(not INSTITUTION.search(r.quote) and not r.data.get("institution")
                    for r in _records(
                Query(relation="teaching", shape="list"), index, query.people)):
        return None  # "courses at Calder State" when some rows name no place: passages decide
    found = _grouped(_records(query, index, query.people))
    if not found:
        return None
    noun = f"current {noun}" if query.current else noun
    kind = KIND[query.relation or ""]
    # A job marked "to present" answers "where does she work now" though other entries of the
    # records are missing; it is then said to be what the records hold, not the whole list.
    partial = query.current and bool(incomplete(index, query.people, [kind]))
    citations: list[Citation] = []
    lines = []
    for person in query.people:
        items = found.get(person, [])
        count = "one" if len(items) == 1 else str(len(items))
        plural = "" if len(items) == 1 else "s"
        head = (f"{person}'s records hold {count} {noun}{plural} (they miss some of the "
                f"profile's entries)" if partial and items else
                f"{person}'s profile lists {count} {noun}{plural}{_years(query)}")
        lines.append(head + ":" if items else head + ".")
        lines += [f"- {describe(r)} {cite(r, citations)}." for r in items]
    result = records_answer("\n".join(lines), citations, backend, index, scope=query.people,
                            kinds=[kind], one=partial and all(found.get(p) for p in query.people))
    if partial:
        result.notes.append("The records are incomplete for "
                            + "; ".join(incomplete(index, query.people, [kind])) + ".")
    return result


def _who(query: Query, index: Index, backend: str,
         keep: Callable[[StoredRecord], bool] = lambda r: True) -> Answer | None:
    """Everyone in the index with a matching record, each item cited; for a job at a named
    place, also those whose documents' text says they worked there where no record does (a
    profile page written in prose: "a Visiting Faculty Researcher … at Google Research")."""
    found = _grouped([r for r in _records(query, index, query.people) if keep(r)])
    mentioned = work_mentions(query, index, skip=set(found))
    if not found and not mentioned:
        return None
    citations: list[Citation] = []
    n = len(found) + len(mentioned)
    lines = [f"{'One person' if n == 1 else f'{n} people'} in the collection {_verb(query)}:"]
    for person in sorted(found):
        lines.append(f"- {person}: " + "; ".join(
            f"{describe(r)} {cite(r, citations)}" for r in found[person]) + ".")
    for person, (chunk, sentence) in sorted(mentioned.items()):
        citations.append(Citation(n=len(citations) + 1, source=chunk.source, person=person,
                                  section=chunk.section, page=chunk.page, quote=sentence,
                                  chunk_id=chunk.id))
        lines.append(f"- {person} (in the text of their documents, not their records): "
                     f"“{sentence}” [{len(citations)}].")
    result = records_answer("\n".join(lines), citations, backend, index,
                            scope=list(query.people) or list(index.people()),
                            kinds=[KIND[query.relation or ""]])
    if mentioned:
        result.notes.insert(1, "Where no record holds the job, the documents' own sentences "
                               "that name the place with a role were read too.")
    return result


# A sentence that says someone worked somewhere: a role, or a verb of working, beside the name.
WORK_CUE = re.compile(r"\b(?:work(?:ed|s|ing)?|intern(?:ed|s|ing|ship|ships)?|employ\w*|"
                      r"join(?:ed|s)?|researcher|engineer|scientist|faculty|professor|"
                      r"postdoc\w*|post-doc\w*|visiting|consultant|staff|lead|manager|director|"
                      r"developer|analyst|fellow)\b", re.I)
# A sentence about an award, a grant or a course that names the place is not about work there.
_NOT_WORK = re.compile(r"\b(?:awards?|awarded|fellowships?|grants?|scholarships?|prizes?|scholar|"
                       r"funded|funding|sponsor\w*|courses?|certificat\w*|gift)\b", re.I)


def work_mentions(query: Query, index: Index, skip: set[str]) -> dict[str, tuple[Chunk, str]]:
    """People, besides `skip`, one of whose documents' sentences names the organisation a job
    question asks about with a role or a verb of working, and no award, grant or course: the
    first such sentence, with its chunk. Records miss jobs stated in prose; the text does not."""
    if query.relation != "position" or not query.value or query.others or query.country or \
            query.since is not None or query.until is not None or query.current:
        return {}
    words = re.findall(r"\w+", query.value)
    if not words:
        return {}
    fts = " ".join('"' + w.replace('"', "") + '"' for w in words)
    people = [p for p in (query.people or index.people()) if p not in skip]
    if not people:  # no one left to look for (keyword_ids would search everyone)
        return {}
    found: dict[str, tuple[Chunk, str]] = {}
    for chunk in index.chunks(index.keyword_ids(fts, people, 200)):
        if chunk.person in found:
            continue
        for sentence in units(chunk.text.partition("\n")[2]):
            plain = clean(sentence)
            if phrase_matches(query.value, plain) and WORK_CUE.search(plain) and \
                    not _NOT_WORK.search(plain) and \
                    (query.internship is None or bool(re.search(r"\bintern", plain, re.I))
                     == query.internship):
                found[chunk.person] = (chunk, plain if len(plain) <= 300 else plain[:297] + "…")
                break
    return found


def _verb(query: Query) -> str:
    value = f" {query.value}" if query.value else ""
    others = join_names(list(query.others)) if query.others else ""
    # Where a degree or job was: the place asked about, or a country worked out from the places
    # the records name (places.py), which the answer says.
    place = f" at{value}" if value else (
        f" in {query.country} (by the places their records name)" if query.country else "")
    worked = "intern" if query.internship and query.current else "interned" \
        if query.internship else "work" if query.current else "held a postdoc" \
        if query.postdoc else "worked"
    verbs = {
        "papers": f"published at{value}" if value else "list papers",
        "coauthors": f"co-authored with {others}",
        "advisor": f"were advised by {others}",
        "education": _studied(query, place),
        "position": f"{worked}{place}",
        "award": f"received{value}" if value else "list an award",
        "teaching": f"taught{value}" if value else "list teaching",
    }
    return verbs[query.relation or ""] + _years(query)


def _studied(query: Query, place: str) -> str:
    """What the people of an education answer did: "studied at X", "hold a Ph.D. in economics"."""
    if query.subject:
        named = LEVEL_NAMES.get(query.level or "", "degree")
        return f"list a {named} in {query.subject}{place}"
    return f"studied{place}" if place else "list a degree"


def _years(query: Query) -> str:
    if query.since is None and query.until is None:
        return ""
    if query.since == query.until:
        return f" in {query.since}"
    if query.until is None:
        return f" from {query.since}"
    return f" up to {query.until}" if query.since is None else \
        f" from {query.since} to {query.until}"


def _paper_noun(q: Query) -> str:
    """"paper", or the kind of paper the query asks for ("refereed first-author paper")."""
    return " ".join(kind for kind, asked in (("refereed", q.refereed), ("first-author",
                    q.first_author), ("paper", True)) if asked)


def _papers_list(q: Query, index: Index, backend: str) -> Answer | None:
    return _listed(q, index, backend, _paper_noun(q))


def _papers_count(q: Query, index: Index, backend: str) -> Answer | None:
    everyone = list(q.people) or sorted(index.people())
    found = _grouped(_records(q, index, q.people))
    at = f" at {q.value}" if q.value else ""
    lines = [f"{_paper_noun(q).capitalize()}s each person lists{at}{_years(q)}:"]
    citations: list[Citation] = []
    for person in everyone:
        papers = found.get(person, [])
        marks = "".join(cite(r, citations) for r in papers)
        lines.append(f"- {person}: {len(papers)}" + (f" {marks}" if marks else "") + ".")
    return records_answer("\n".join(lines), citations, backend, index, scope=everyone,
                          kinds=["publication"])


def _papers_who(q: Query, index: Index, backend: str) -> Answer | None:
    return _who(q, index, backend)


def _paper_named(q: Query, index: Index) -> StoredRecord | None:
    listed = distinct(index.records("publication", people=list(q.people)))
    hits = [r for r in listed if title_matches(q.value or "", r.data["title"])]
    return hits[0] if hits else None


def _paper_what(q: Query, index: Index, backend: str) -> Answer | None:
    paper = _paper_named(q, index)
    found = _paper_attribute(q, paper, index, backend) if paper else None
    if found is None and len(q.people) == 1 and q.value:
        # an entry the records missed or read without it, or a paper on someone else's profile
        return paper_from_text(q.people[0], q.value, index, backend)
    return found


def _paper_attribute(q: Query, paper: StoredRecord, index: Index, backend: str) -> Answer | None:
    """What the query asks of one paper: its authors, first author, venue or year, or several
    of them ("Where was it published, and who was its first author?"); None when the record
    lacks one of them."""
    d, citations = paper.data, []
    mark = cite(paper, citations)
    authors = list(d.get("authors") or [])
    sentences = []
    for attribute in (q.attribute or "").split(","):
        if attribute in ("authors", "first_author") and not authors:
            return None
        if attribute == "first_author":
            text = f"The first author of {describe(paper)} is {authors[0]} {mark}."
        elif attribute == "authors":
            others = [a for a in authors if not any(same_person(a, p) for p in q.people)]
            text = f"{describe(paper)} lists as authors {join_names(authors)}"
            if q.people and not paper.authored:
                text += f"; {q.people[0]} is not among them (the paper is on their profile page)"
            elif q.people and others and len(others) < len(authors):
                text += (f"; {join_names(list(q.people))}’s co-authors on it are "
                         f"{join_names(others)}")
            text += f" {mark}."
        elif attribute in ("venue", "year") and (d.get("venue") or d.get("year")):
            where = " ".join(str(x) for x in (d.get("venue"), d.get("year")) if x)
            if any(where in said for said in sentences):
                continue  # the first author's sentence names the paper with its venue
            text = f"“{d['title']}” appeared in {where} {mark}."
        else:
            return None
        if text not in sentences:
            sentences.append(text)
    return records_answer(" ".join(sentences), citations, backend, index,
                          kinds=["publication"], one=True)


def _coauthors_list(q: Query, index: Index, backend: str) -> Answer | None:
    if len(q.people) != 1:
        return shared_papers_answer(list(q.people), index, backend)
    person = q.people[0]
    papers = _records(q, index, q.people)
    shared: dict[str, list[StoredRecord]] = {}
    for paper in papers:
        for author in paper.data.get("authors") or []:
            name = author.strip(" *†‡")
            if name and not same_person(name, person):
                key = next((k for k in shared if same_person(name, k)), name)
                shared.setdefault(key, []).append(paper)
    if not shared:
        return None
    citations: list[Citation] = []
    lines = [f"{person}'s profile lists {len(shared)} co-author{'s' if len(shared) != 1 else ''}"
             f" on {len(papers)} paper{'s' if len(papers) != 1 else ''}:"]
    for name, theirs in sorted(shared.items(), key=lambda kv: -len(kv[1])):
        marks = "".join(dict.fromkeys(cite(p, citations) for p in theirs))
        lines.append(f"- {name} ({len(theirs)} paper{'s' if len(theirs) != 1 else ''}) {marks}.")
    return records_answer("\n".join(lines), citations, backend, index, scope=q.people,
                          kinds=["publication"])


def _coauthors_yesno(q: Query, index: Index, backend: str) -> Answer | None:
    return shared_papers_answer([*q.people, *q.others], index, backend)


def _coauthors_who(q: Query, index: Index, backend: str) -> Answer | None:
    def with_all(record: StoredRecord) -> bool:
        authors = record.data.get("authors") or []
        return all(any(name_matches(o, a) for a in authors) and not name_matches(
            o, record.person) for o in q.others)

    return _who(q, index, backend, with_all)


def _authorship(q: Query, index: Index, backend: str) -> Answer | None:
    title = q.value or ""
    if q.since is not None:  # a paper named by venue and year: the one on their profile
        listed = [r for r in distinct(index.records("publication", people=list(q.people)))
                  if r.data.get("year") == q.since and venue_matches(title, r.data.get("venue"))]
        if len(listed) != 1:
            return None
        title = listed[0].data["title"]
        return authorship_answer(Authorship(q.people[0], title), index, backend)
    return authorship_answer(Authorship(q.people[0], title), index, backend) or \
        authorship_from_text(q.people[0], title, index, backend)


def _advisor_what(q: Query, index: Index, backend: str) -> Answer | None:
    return _degrees(q, index, backend, "advisors")


def _advisor_who(q: Query, index: Index, backend: str) -> Answer | None:
    return _who(q, index, backend, lambda r: all(
        any(name_matches(o, a) for a in r.data.get("advisors") or []) for o in q.others))


def _degrees(q: Query, index: Index, backend: str, field: str | None) -> Answer | None:
    """Each named person's degrees that hold the asked field: advisors, thesis, dates, place."""
    if not q.people:  # "Where did she do her PhD?" with no one to be "she"
        return None
    found = _grouped(_records(q, index, q.people))
    if q.level and field in ("advisors", "thesis"):
        for person in q.people:  # "her master's advisor" when she lists no master's degree
            others = _records(replace(q, level=None), index, [person])
            if not found.get(person) and others and _complete(index, person, "education"):
                return _unstated(q, person, None, "degree", index)
    for person, degrees in found.items():
        if q.level is None and field in ("advisors", "thesis") and len(degrees) > 1:
            # "Who advised her?" asks about the doctorate when there is one: another degree's
            # advisor (a bachelor's thesis) is not the answer, even when the Ph.D. names none.
            degrees = [d for d in degrees if d.data.get("level") == "phd"] or degrees[:1]
        kept = [d for d in degrees if field is None or d.data.get(field)]
        if q.shape == "when":  # "In which year did he receive his PhD?": a dated degree
            kept = [d for d in kept if d.data.get("start") or d.data.get("end")]
        if degrees and not kept and field in ("advisors", "thesis") and _complete(
                index, person, "education"):
            return _unstated(q, person, degrees[0], field, index)
        found[person] = kept
    if (q.value or q.subject) and q.level and field is None and len(q.people) == 1 \
            and not found:
        return _degree_elsewhere(q, index, backend)
    if any(not found.get(p) for p in q.people):
        return None
    citations: list[Citation] = []
    lines = []
    for person in q.people:
        degrees = found[person]
        for record in degrees:
            d, mark = record.data, cite(record, citations)
            at = f" at {d['institution']}" if d.get("institution") else ""
            named = LEVEL_NAMES.get(d.get("level") or "", d.get("degree") or "degree")
            if field == "advisors":
                lines.append(f"{person}'s {named}{at} was advised by "
                             f"{join_names(d['advisors'])} {mark}.")
            elif field == "thesis":
                lines.append(f"{person}'s {named} thesis{at}: “{d['thesis']}” {mark}.")
            else:
                lines.append(f"{person}: {d.get('degree') or named}{at}{_dated(d)} {mark}.")
    # An advisor or thesis is asked of the degree found (the doctorate, or the level asked):
    # degrees the records miss elsewhere do not make it partial.
    return records_answer(" ".join(lines) if field else "\n".join(lines), citations, backend,
                          index, scope=q.people, kinds=["education"],
                          one=field in ("advisors", "thesis"))


def _dated(d: dict) -> str:
    """" (2019–2024)" for a record's dates; "" when it has none."""
    dates = "–".join(str(x) for x in (d.get("start"), d.get("end")) if x)
    return f" ({dates})" if dates else ""


def _degree_elsewhere(q: Query, index: Index, backend: str) -> Answer | None:
    """"When did she finish her PhD at Caltech?" where her documents give the PhD at another
    institution and never name Caltech with it: the degree they give, cited, and that they do
    not place it there (a false premise answered with what the documents say)."""
    person, value = q.people[0], q.value or ""
    degrees = [r for r in _records(replace(q, value=None, subject=None), index, q.people)
               if r.data.get("institution") and not (value and phrase_matches(value, r.quote))
               and not (q.subject and _in_subject(q.subject, r.quote))]
    if not degrees:
        return None
    citations: list[Citation] = []
    named = LEVEL_NAMES.get(q.level or "", "degree")

    def said(records: list[StoredRecord]) -> str:
        return "; ".join(f"{r.data.get('degree') or named}, {r.data['institution']}"
                         f"{_dated(r.data)} {cite(r, citations)}" for r in records)

    text = f"{person}'s documents give the {named} as {said(degrees)}."
    if value:
        text += f" They do not place it at {value}."
    if q.subject:  # "his PhD in computer science" when it is his master's that is
        text += f" They do not give it in {q.subject}."
        other = _records(replace(q, level=None, value=None), index, q.people)
        if other:
            text += f" Their degrees in {q.subject}: {said(other)}."
    return records_answer(text, citations, backend, index, kinds=["education"], one=True)


def _complete(index: Index, person: str, kind: str) -> bool:
    """Whether the person's records of a kind are known to be complete: a section of that kind
    was found and counted (absence of an advisor means nothing when none was)."""
    counts = index.coverage([person]).get(person, {}).get(kind)
    return counts is not None and complete(counts)


def _unstated(q: Query, person: str, degree: StoredRecord | None, field: str,
              index: Index) -> Answer:
    """The refusal for a degree the records do not hold, or whose advisor or thesis the document
    never gives: the model, asked instead, would name someone from another passage."""
    from assistant.answer import refusal

    answer = refusal("records", "records")
    if degree is None:
        answer.notes.append(f"{person}'s documents list no {LEVEL_NAMES.get(q.level or '', 'such')}"
                            " degree.")
        return answer
    d = degree.data
    named = LEVEL_NAMES.get(d.get("level") or "", d.get("degree") or "degree")
    at = f" at {d['institution']}" if d.get("institution") else ""
    what = "advisor" if field == "advisors" else "thesis"
    answer.notes.append(f"{person}'s documents list a {named}{at} but name no {what} for it.")
    return answer


def _positions_when(q: Query, index: Index, backend: str) -> Answer | None:
    found = _records(q, index, q.people)
    if not found or not any(r.data.get("start") or r.data.get("end") for r in found):
        return None
    return _listed(q, index, backend, _job_noun(q))


_HANDLERS: dict[tuple[str, str], Handler] = {
    ("papers", "list"): _papers_list,
    ("papers", "count"): _papers_count,
    ("papers", "who"): _papers_who,
    ("papers", "what"): _paper_what,
    ("coauthors", "list"): _coauthors_list,
    ("coauthors", "yesno"): _coauthors_yesno,
    ("coauthors", "who"): _coauthors_who,
    ("authorship", "yesno"): _authorship,
    ("advisor", "what"): _advisor_what,
    ("advisor", "who"): _advisor_who,
    ("education", "list"): lambda q, i, b: _degrees(q, i, b, None),
    ("education", "where"): lambda q, i, b: _degrees(q, i, b, "institution"),
    ("education", "when"): lambda q, i, b: _degrees(q, i, b, None),
    ("education", "what"): lambda q, i, b: _degrees(q, i, b, q.attribute),
    ("education", "who"): lambda q, i, b: _who(q, i, b),
    ("position", "list"): lambda q, i, b: _listed(
        q, i, b, _job_noun(q)),
    ("position", "when"): _positions_when,
    ("position", "who"): lambda q, i, b: _who(q, i, b),
    ("award", "list"): lambda q, i, b: _listed(q, i, b, "award"),
    ("award", "who"): lambda q, i, b: _who(q, i, b),
    ("teaching", "list"): lambda q, i, b: _listed(q, i, b, "course"),
    ("teaching", "who"): lambda q, i, b: _who(q, i, b),
}
