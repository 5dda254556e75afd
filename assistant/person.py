"""Questions about one person that their records answer exactly: their degrees, advisors and
thesis, their papers (the list, a paper's authors, venue and year, whether a paper is theirs),
and through assistant.lists their internships, jobs, courses and awards."""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.collection import (
    COLLECTION,
    LEVELS,
    Authorship,
    authorship_answer,
    cite,
    describe,
    distinct,
    join_names,
    parse,
    phrase_matches,
    records_answer,
)
from assistant.lists import YEAR, person_list_answer
from assistant.types import Answer, Citation
from ingest.records.text import same_person
from ingest.store import Index, StoredRecord

_GENERIC_ACRONYMS = frozenset("ieee acm usenix gpu gpus cpu cpus dnn dnns ml ai llm llms nlp "
                               "hpc api io sql".split())


_THE_PAPER = re.compile(r"\bthe\b[^?]*\b(?:paper|publication|article)\b", re.I)


def _paper_at(question: str, papers: Sequence[StoredRecord]) -> StoredRecord | None:
    """The one paper a question names by venue and year ("the VLDB 2022 paper on her page")."""
    years = set(YEAR.findall(question))
    if not years or not _THE_PAPER.search(question):
        return None
    hits = [p for p in papers if str(p.data.get("year")) in years and p.data.get("venue")
            and re.search(rf"\b{re.escape(str(p.data['venue']))}\b", question, re.I)]
    return hits[0] if len(hits) == 1 else None


def _mentioned_paper(question: str, papers: Sequence[StoredRecord]) -> StoredRecord | None:
    """The paper of a person that a question names, by system name or most of its title."""
    low = question.lower()
    q_words = set(re.findall(r"[a-z0-9]+", low))
    for paper in papers:
        head = paper.data["title"].split(":")[0].strip().lower()
        if len(head) >= 3 and ":" in paper.data["title"] and re.search(rf"\b{re.escape(head)}\b",
                                                                       low):
            return paper
    scored = []
    for paper in papers:
        t = set(re.findall(r"[a-z0-9]+", paper.data["title"].lower())) - {"a", "the", "of", "for",
                                                                          "and", "in", "on"}
        shared = t & q_words
        # Words like "BFloat16" or "SGEMM" single a paper out even in a short paraphrase of a
        # long title ("the BFloat16 Tensor Cores SGEMM paper").
        rare = {w.lower() for w in re.findall(r"\b(?:\w*\d\w*|[A-Z]{3,}\w*|[A-Z]\w*[A-Z]\w*)\b",
                                             paper.data["title"])} & shared - _GENERIC_ACRONYMS
        if t and (len(shared) >= max(3, 0.6 * len(t)) or len(rare) >= 2):
            scored.append((len(shared) / len(t) + len(rare), paper))
    return max(scored, key=lambda x: x[0])[1] if scored else None


_AUTHORS_Q = re.compile(r"\bco-?authors?\b|\bco-?authored\b|\bco-?wrote\b|"
                        r"\bwho (?:wrote|authored)\b|\bauthors?\b", re.I)
_VENUE_Q = re.compile(r"\b(?:which|what)\s+(?:journal|venue|conference|workshop|year)\b|"
                      r"\b(?:where|when)\b.*\b(?:published|publish|appear\w*|presented)\b|"
                      r"\bin which\b.*\bpublish", re.I)
_OWN_Q = re.compile(r"^\s*(?:is|was|are|were|did|does|has|have)\b.*\b(?:own|author\w*|wr[io]te|"
                    r"written|publications?|papers?)\b", re.I)
_PAPER_LIST = re.compile(r"\b(?:list|what|which|name|show|give)\b.*\b(?P<what>publications|papers|"
                         r"preprints|articles|journal (?:papers|articles)|conference papers)\b",
                         re.I)


def person_answer(question: str, person: str, index: Index, backend: str,
                  context: str = "") -> Answer | None:
    """The exact answer from one person's records, or None when they cannot give it.

    Args:
        question: the user's question, about `person`.
        person: the indexed person it is about (named, or through the conversation).
        index: where the records are.
        backend: recorded in the Answer.
        context: the previous turn, where a paper the question calls "that paper" is named.
    """
    if (answered := _education_answer(question, person, index, backend)) is not None:
        return answered
    if (answered := person_list_answer(question, person, index, backend)) is not None:
        return answered
    listed = distinct(index.records("publication", people=[person]))
    papers = [r for r in listed if r.authored]
    if not listed:
        return None
    paper = _mentioned_paper(question, listed) or (
        _mentioned_paper(context, listed) if context and _REFERS_BACK.search(question) else None)
    if paper is not None:
        return _paper_answer(question, person, paper, index, backend)
    if (paper := _paper_at(question, listed)) is not None and (
            answered := _paper_answer(question, person, paper, index, backend)) is not None:
        return answered
    if papers and _COAUTHORS_OF.search(question) and not YEAR.search(question):
        return _coauthors_answer(person, papers, index, backend)
    found = _PAPER_LIST.search(question)
    if not papers or not found or parse(question) is not None:
        return None
    what = found.group("what").lower()
    if what != "papers" and what != "publications" and what != "articles":
        chunks = {c.id: c.section.lower() for c in index.chunks([p.chunk_id for p in papers])}
        word = what.split()[0].rstrip("s")
        papers = [p for p in papers if word in chunks.get(p.chunk_id, "") or
                  (word == "preprint" and (p.data.get("venue") or "").lower() == "arxiv")]
        if not papers:
            return None
    citations: list[Citation] = []
    lines = [f"{person}'s {'profile lists' if len(papers) == 1 else 'profiles list'} "
             f"{len(papers)} {what if len(papers) != 1 else what.rstrip('s')}:"]
    lines += [f"- {describe(p)} {cite(p, citations)}." for p in papers]
    return records_answer("\n".join(lines), citations, backend, index)


# "Who are her co-authors?", "Who has he written papers with?"; not "... with Oren Halperin?",
# a yes/no question about one co-author that the collection route answers.
_COAUTHORS_OF = re.compile(r"\bco-?authors\b|\bcollaborators\b|\b(?:co-?authored|collaborated|"
                           r"co-?wr[io]te|published|written|wr[io]te)\b[^?]*\bwith\b(?!\s+[A-Z])",
                           re.I)


def _coauthors_answer(person: str, papers: Sequence[StoredRecord], index: Index,
                      backend: str) -> Answer | None:
    """Everyone who shares an author list with the person, most papers first, each paper cited."""
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
    ranked = sorted(shared.items(), key=lambda kv: -len(kv[1]))  # stable: first listed first
    lines = [f"{person}'s profile lists {len(shared)} co-author{'s' if len(shared) != 1 else ''} "
             f"on {len(papers)} paper{'s' if len(papers) != 1 else ''}:"]
    for name, theirs in ranked:
        marks = "".join(dict.fromkeys(cite(p, citations) for p in theirs))
        count = f"{len(theirs)} papers" if len(theirs) != 1 else "1 paper"
        lines.append(f"- {name} ({count}) {marks}.")
    return records_answer("\n".join(lines), citations, backend, index)


_REFERS_BACK = re.compile(r"\b(?:that|this|the same|it|its)\b", re.I)


def _paper_answer(question: str, person: str, paper: StoredRecord, index: Index,
                  backend: str) -> Answer | None:
    """A named paper of the person's: its authors, its venue and year, or whether it is theirs."""
    citations: list[Citation] = []
    authors = list(paper.data.get("authors") or [])
    # "Is she an author of …?" is a yes or no; "Is she the first author of …?" asks about order.
    if _OWN_Q.search(question) and not re.search(r"\b(?:first|last|senior)\s+author|\bwho\b",
                                                 question, re.I):
        return authorship_answer(Authorship(person, paper.data["title"]), index, backend)
    if _AUTHORS_Q.search(question) and authors:
        mark = cite(paper, citations)
        if re.search(r"\bfirst author\b", question, re.I):
            text = f"The first author of {describe(paper)} is {authors[0]}; "
        elif re.search(r"\b(?:last|senior) author\b", question, re.I):
            text = f"The last author of {describe(paper)} is {authors[-1]}; "
        else:
            text = f"{describe(paper)} lists as authors {join_names(authors)}"
            others = [a for a in authors if not same_person(a, person)]
            if not paper.authored:
                text += f"; {person} is not among them (the paper is on their profile page) "
            elif others:
                text += f"; {person}'s co-authors on it are {join_names(others)} "
            return records_answer(f"{text.rstrip()} {mark}.", citations, backend, index)
        text += f"its authors are {join_names(authors)} {mark}."
        return records_answer(text, citations, backend, index)
    if _VENUE_Q.search(question) and (paper.data.get("venue") or paper.data.get("year")):
        where = " ".join(str(x) for x in (paper.data.get("venue"), paper.data.get("year")) if x)
        text = f"“{paper.data['title']}” appeared in {where} {cite(paper, citations)}."
        return records_answer(text, citations, backend, index)
    return None


_ADVISOR_Q = re.compile(r"\b(?:who|whom)\b.*\b(?:advis[eo]rs?|advised|supervisors?|supervised)\b",
                        re.I)
_THESIS_Q = re.compile(r"\b(?:thesis|dissertation)\b", re.I)
_WHEN_DEGREE_Q = re.compile(r"\b(?:when|what year|which year|how long)\b.*\b(?:ph\.?\s?d|doctor\w*|"
                            r"master\w*|bachelor\w*|undergrad\w*|degree|graduat\w*|stud(?:y|ied))",
                            re.I)
_WHERE_DEGREE_Q = re.compile(r"\b(?:where|which (?:university|school|institution))\b.*"
                             r"\b(?:ph\.?\s?d|doctor\w*|master\w*|bachelor\w*|undergrad\w*|"
                             r"degree|stud(?:y|ied))", re.I)


def _education_answer(question: str, person: str, index: Index, backend: str) -> Answer | None:
    """Where and when one person studied, who advised them, their thesis: from their degrees."""
    kind = ("advisor" if _ADVISOR_Q.search(question) else "thesis" if _THESIS_Q.search(question)
            else "where" if _WHERE_DEGREE_Q.search(question)
            else "when" if _WHEN_DEGREE_Q.search(question) else None)
    if kind is None or parse(question) is not None and kind == "where" and COLLECTION.search(
            question):
        return None
    degrees = distinct(index.records("education", people=[person]))
    level = next((lvl for lvl, p in LEVELS if re.search(p, question, re.I)), None)
    if level:
        degrees = [d for d in degrees if d.data.get("level") == level]
    places = [d for d in degrees if d.data.get("institution") and
              phrase_matches(d.data["institution"], question)]
    degrees = places or degrees
    wanted = {"advisor": ("advisors",), "thesis": ("thesis",), "where": ("institution",),
              "when": ("start", "end")}[kind]
    degrees = [d for d in degrees if any(d.data.get(f) for f in wanted)]
    if not degrees or (kind != "where" and level is None and len(degrees) > 1):
        degrees = [d for d in degrees if d.data.get("level") == "phd"] or degrees[:1]
    if not degrees:
        return None
    citations: list[Citation] = []
    lines = []
    for d in degrees:
        data, mark = d.data, cite(d, citations)
        at = f" at {data['institution']}" if data.get("institution") else ""
        named_degree = {"phd": "Ph.D.", "masters": "master's degree",
                        "bachelors": "bachelor's degree"}.get(data.get("level"), data["degree"])
        if kind == "advisor":
            lines.append(f"{person}'s {named_degree}{at} was advised by "
                         f"{join_names(data['advisors'])} {mark}.")
        elif kind == "thesis":
            lines.append(f"{person}'s {named_degree} thesis{at}: “{data['thesis']}” {mark}.")
        else:
            dates = "–".join(str(x) for x in (data.get("start"), data.get("end")) if x)
            lines.append(f"{person}: {data['degree']}{at}" + (f" ({dates})" if dates else "")
                         + f" {mark}.")
    return records_answer(" ".join(lines), citations, backend, index)
