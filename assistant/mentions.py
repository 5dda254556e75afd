"""A question over the collection about something the records do not hold ("Who speaks
Catalan?", "Has anybody worked with Novo Nordisk?", "Who has reviewed for IROS?"), answered from
every document that names it: each person with the line that does, cited.

Top-k retrieval hands the model six passages, so such a question was answered with the one or
two people whose passages ranked first (real-fifth: 7 of its 10 collection questions named only
some of the people). The keyword index finds every chunk that holds the name, whoever it is
about, and the answer says what it found, "their documents name X", with the line, rather than
asserting the question's relation: the reader sees whether "IROS" is a review or a paper.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.compress import PLACE_KINDS, question_terms, stems, term_groups, units
from assistant.retrieval import folded, name_words
from assistant.routes.execute import WORK_CUE
from assistant.routes.parse import HARMLESS, INSTITUTION_NOUNS
from assistant.types import Answer, Citation
from ingest.chunking import Chunk
from ingest.records import section_kind
from ingest.records.education import DEGREE, LEVEL_WORDS
from ingest.records.places import country_named, is_place
from ingest.records.text import clean
from ingest.store import Index

# The question asks for people: "Who …", "Whose …", "Has anybody …", "Which researchers …".
ASKS_WHO = re.compile(
    r"\b(?:who|whom|whose|any(?:one|body)|some(?:one|body)|every(?:one|body)|"
    r"(?:which|what|how many)\s+(?:of\s+)?(?:these\s+|the\s+|them\b|this\s+)?"
    r"(?:people|persons?|researchers?|scientists?|authors?|of them|collection))\b", re.I)
# A question that ranks people ("who has the latest SOSP paper?") asks more than who is named;
# a follow-up that points back ("Of those three, who …?") asks of the answer before it.
_RANKS = re.compile(r"\b(?:latest|earliest|most|least|first|last|best)\b", re.I)
_POINTS_BACK = re.compile(r"\b(?:those|of them|these \w+|they|them|their)\b", re.I)
# What the question says people did with the thing, and what in a line (or its section's title)
# shows it: "who reviews for Scientific Reports" is met by "Ad-hoc Reviewer for Scientific
# Reports", not by a paper published there; "held a job in Toronto" by a job's line, not a talk
# given there. A question with none of these cues ("a Copenhagen connection", "collaborated
# with Novo Nordisk") is met by any line that names the thing.
# A job's line: a role or a verb of working (`WORK_CUE`, as jobs stated in prose are read), or
# a role that names no work ("Lecturer", "Associate", "Chair").
_ROLE = (rf"{WORK_CUE.pattern}|\b(?:jobs?|positions?|lecturer|assistant|associate|officer|head|"
         r"chair|supervisor)")
RELATIONS: tuple[tuple[re.Pattern[str], str, re.Pattern[str]], ...] = tuple(
    (re.compile(asked, re.I), kind, re.compile(shown, re.I)) for asked, kind, shown in (
        (r"\b(?:work(?:s|ed|ing)?\b(?!\s+with)|employ\w*|jobs?\b|hired)", "position",
         _ROLE),
        (r"\b(?:stud(?:y|ied|ies)|degrees?|graduat\w*|doctor\w*|alumn\w*|ph\.?\s?d|"
         r"master'?s|bachelor'?s)\b", "education",
         r"(?!)"),
        (r"\b(?:review\w*|referee\w*)", "", r"\b(?:review|referee)"),
        (r"\b(?:talks?|present\w*|seminars?|keynotes?|spoke)\b", "",
         r"\b(?:talk|present|seminar|keynote|invited|lecture|colloqui|symposi|workshop)"),
        (r"\b(?:speak\w*|spoken|languages?|fluent)\b", "",
         r"\b(?:language|idioma|langue|sprache|lingu|native|fluent|mother|proficien|"
         r"b[12]|c[12]|a[12]|bilingual|basic|intermediate|advanced)\b"),
        (r"\b(?:papers?|publish\w*|publications?|journals?)\b", "publication", r"(?!)"),
        (r"\b(?:awards?|award\w+|prizes?|grants?|funding|funded|fellowships?|"
         r"scholarships?)\b", "award", r"\b(?:award|prize|grant|fund|fellowship|scholarship)"),
        (r"\b(?:visit\w*)", "position", r"\bvisit"),  # a stay held as a position, or said so
        (r"\b(?:teach\w*|taught|courses?|lectur\w*)\b", "teaching", r"\b(?:teach|taught|course)"),
    ))
# Words that join a name's capitalised words: "University of Utah", "Universitat de Barcelona".
_JOINS = frozenset("of de del della di du da for and & the la le von van".split())
_WORD = re.compile(r"[^\W_][\w'’.&-]*")
# A line this short is a fragment of its entry ("Copenhagen, Denmark (invited review)"): the
# piece before it, which names what it is, is quoted with it.
_SHORT_WORDS = 6
QUOTE_CHARS = 300
# Chunks read per thing: every chunk that names it, up to a bound that keeps one answer to
# milliseconds (reading 1,000 chunks from SQLite takes about 20 ms).
MAX_CHUNKS = 1000


def named_things(question: str, people: Sequence[str]) -> list[str]:
    """The names of things a question writes in capitals, neither a person in the index nor a
    word every question has ("Novo Nordisk", "University of Utah", "IROS", "Catalan"; not
    "Who", "CVs", "PhD", nor the "Australian" of "an Australian university", a country's
    places that no line names as such)."""
    own = name_words(people)
    matches = list(_WORD.finditer(question))
    found: list[str] = []
    run: list[str] = []
    for i, m in enumerate([*matches, None]):
        word = m.group().rstrip(".'’-") if m else ""
        low = folded(word.lower().removesuffix("'s").removesuffix("’s"))
        apart = m is not None and i > 0 and bool(question[matches[i - 1].end():m.start()].strip())
        if run and apart:  # "Google, DeepMind": two names
            found.append(" ".join(run).rstrip(".'’-"))
            run = []
        if word[:1].isupper() and low not in HARMLESS and low not in LEVEL_WORDS and \
                low not in own:
            run.append(word)
            continue
        if run and low in _JOINS and word.islower():
            run.append(word)
            continue
        while run and run[-1].lower() in _JOINS:
            run.pop()
        if run and not (len(run) == 1 and word.lower() in INSTITUTION_NOUNS and
                        country_named(run[0], demonym=True)):
            found.append(" ".join(run))
        run = []
    return found


# "University of Barcelona" as CVs write it in other languages and short: "Universitat de
# Barcelona", "U. de Barcelona", "Univ. of Utah", "Barcelona University".
_UNIVERSITY = r"(?:univ\w*\.?|u\.)"  # University, Universitat, Universidad, Univ., U.
_OF = r"(?:of|de|di|du|del|da)"
_UNIVERSITY_OF = re.compile(rf"^(?:the\s+)?{_UNIVERSITY}\s+{_OF}\s+(?:the\s+)?(.+)$", re.I)


def _pattern(thing: str) -> tuple[list[str], re.Pattern[str]]:
    """The words the keyword index must hold, and how a line names the thing, case and accents
    aside ("Catalán" names "Catalan")."""
    place = _UNIVERSITY_OF.match(folded(thing))
    words = re.findall(r"\w+", folded(place.group(1) if place else thing).lower())
    name = r"\W+".join(map(re.escape, words))
    if place:
        name = (rf"{_UNIVERSITY}\s+(?:{_OF}\s+)?(?:the\s+|l')?{name}|"
                rf"{name}\s+{_UNIVERSITY}")
    return words, re.compile(rf"(?<!\w)(?:{name})\b", re.I)


def _quote(pieces: list[str], i: int) -> str:
    text = pieces[i]
    if len(text.split()) < _SHORT_WORDS and i:
        text = f"{pieces[i - 1]} {text}"
    text = clean(text)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1] + "…"


def _cues(question: str, thing: str) -> list[tuple[str, re.Pattern[str]]]:
    """The relations a question asks of the thing, as (section kind, line pattern) pairs."""
    rest = re.sub(re.escape(thing), " ", question, flags=re.I)
    return [(kind, shown) for asked, kind, shown in RELATIONS if asked.search(rest)]


def _shows(cues: list[tuple[str, re.Pattern[str]]], section: str, kind: str, line: str) -> bool:
    """Whether a line, under its section's title (of that kind), shows one of the relations
    asked."""
    return any((wanted and kind == wanted) or shown.search(f"{section} {line}") or (
        wanted == "education" and DEGREE.search(line) is not None) for wanted, shown in cues)


def mentions(question: str, index: Index, thing: str, known: Sequence[str]
             ) -> dict[str, tuple[Chunk, str]]:
    """Each person whose documents name the thing in a line that shows what the question asks
    of it (any line, where it asks nothing in particular), with the line that meets most of the
    question's other words, and its chunk."""
    words, names = _pattern(thing)
    groups = term_groups(question, [*known, thing])
    cues = _cues(question, thing)
    best: dict[str, tuple[int, Chunk, str]] = {}
    for chunk in index.chunks(index.keyword_ids(f'"{" ".join(words)}"', (), MAX_CHUNKS)):
        pieces = units(chunk.text.partition("\n")[2])  # past the "Person | Section" header
        kind = section_kind(chunk.section)
        for i, piece in enumerate(pieces):
            if not names.search(folded(piece)):
                continue
            line = _quote(pieces, i)
            if cues and not _shows(cues, chunk.section, kind, line):
                continue
            score = sum(1 for g in groups if g & stems(f"{chunk.section} {piece}"))
            if chunk.person not in best or score > best[chunk.person][0]:
                best[chunk.person] = (score, chunk, line)
    return {person: (chunk, line) for person, (_, chunk, line) in best.items()}


def answer(question: str, index: Index, backend: str, *, follow_up: bool = False
           ) -> Answer | None:
    """Everyone whose documents name the one thing a question over the collection asks about;
    None where the question asks for no person, names no such thing, or no document names it."""
    if not ASKS_WHO.search(question) or _RANKS.search(question) or (
            follow_up and _POINTS_BACK.search(question)):
        return None
    known = list(index.people())
    things = named_things(question, known)
    if len(things) != 1 or question_terms(question) & PLACE_KINDS and is_place(things[0]):
        # two things ("Google, including DeepMind") may be either or both; where someone is
        # based is where their header says, not every line that names the city (but "based at
        # the University of Utah" is any line that names it)
        return None
    named = things[0]
    found = mentions(question, index, named, known)
    if not found:
        return None
    n = len(found)
    lines = [f"{'One person’s documents name' if n == 1 else f'{n} people’s documents name'} "
             f"{named}:"]
    citations: list[Citation] = []
    for person, (chunk, line) in sorted(found.items()):
        citations.append(Citation(n=len(citations) + 1, source=chunk.source, person=person,
                                  section=chunk.section, page=chunk.page, quote=line,
                                  chunk_id=chunk.id))
        lines.append(f"- {person}: “{line}” [{len(citations)}]")
    notes = [f"Answered from every passage of the {len(known)} people in the index "
             f"that names {named} (the keyword index), not from top-ranked passages; each line "
             "is quoted as the document gives it, so read it for what it says about them."]
    return Answer(text="\n".join(lines), citations=citations, route="collection",
                  backend=backend, notes=notes,
                  retrieved=list(dict.fromkeys(c.chunk_id for c in citations)))
