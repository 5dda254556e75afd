"""Send the model only the entries that matter: every 100 prompt tokens cost ~1 s on 2 cores."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from assistant.retrieval import SYNONYMS, TOPIC, TOPIC_TERMS, Passage, keywords, name_words
from ingest import injection, tokens
from ingest.chunking import dated, split_entries
from ingest.records.text import OPEN, SINCE

_UNIT = re.compile(r"\n+|(?<=[.!?])\s+(?=[A-Z\[(\"])")
# A list item's number ("2.", "[3]", "1)").
ITEM_NUMBER = r"(?:\d{1,3}[.)]|\[\d{1,3}\])"
# The number alone ("- 2."): no sentence, but the start of the next one.
_ITEM_NUMBER = re.compile(rf"^(?:[-*•]\s*)?{ITEM_NUMBER}$")
# A word's letters: a piece of a line without any ("2022 6.", "2019.") is a date or a number
# that heads what follows it on the line, no sentence of its own.
_LETTER = re.compile(r"[^\W\d_]")
# A period after these does not end a sentence ("Prof. Mosharaf Chowdhury", "Eric P. Xing").
_ABBREVIATION = re.compile(
    r"(?:\b(?:prof|pr|dr|mr|mrs|ms|st|vs|etc|al|inc|ltd|jr|sr|no|vol|pp|dept|univ|e\.g|i\.e|"
    r"ph\.d|m\.s|b\.s|b\.s\.e|m\.sc|b\.sc|ph|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)"
    r"|\b[A-Z])\.$",
    re.I,
)
# An entry this small is sent whole once any line of it matters: a degree with its dates and
# advisor, a job with its dates, a paper with its venue (the median CV entry is ~25 tokens).
WHOLE_ENTRY_TOKENS = 60
# A line this short before a kept one usually names its institution or employer.
LABEL_WORDS = 10
# The lines under a kept line sent with it, where each is as short as an employer's name or
# a date line: at most this many, of at most this many words.
_UNDER_LINES = 2
_UNDER_WORDS = 6


# "Where does she work?", "What is his current position?": CVs mark the job that is meant with
# "present" or "current", not with the question's words, or with an open start or end in the
# language they are written in ("Depuis 10/2022", "seit 2019", "2021 – oggi").
_HELD_NOW = sorted({w for w in re.findall(r"[^\W\d_]{4,}", f"{OPEN}|{SINCE}")
                    # words that say other things too: "cours" and "corso" are courses
                    if w not in ("from", "cours", "corso", "dato", "dall", "actual")} | {"now"})
PRESENT_TENSE = re.compile(r"\b(?:does|do|is|are)\b.*\b(?:work|works|working|employed|based|"
                           r"position|job|role|affiliat\w*)\b|\bcurrent(?:ly)?\b|\bnow\b", re.I)


# How a CV states someone's topics; a question about topics (TOPIC) carries _TOPIC_MARK.
_STATES_TOPICS = re.compile(r"\bwork(?:s|ing)?\s+on\b|\binterested\s+in\b|\bfocus(?:es|ed)?\s+on\b|"
                            r"\bresearch\s+(?:interests?|topics?|covers|spans|focus\w*|areas?|includes?|"
                            r"lies|is)\b", re.I)
_TOPIC_MARK = "#topics"


def question_terms(question: str, exclude: Sequence[str] = ()) -> set[str]:
    """Stems of the question's content words and their CV synonyms, minus the people it names."""
    skip = name_words(exclude)
    words = [w.lower() for w in keywords(question) if w.lower() not in skip]
    if TOPIC.search(question):  # her research topics, not her jobs
        found = {stem(w) for w in [*words, *TOPIC_TERMS.split()] if not w.startswith("work")}
        return found | {_TOPIC_MARK}
    words += [s for w in words for s in SYNONYMS.get(w, "").split()]
    if PRESENT_TENSE.search(question):
        words += _HELD_NOW
    return {stem(w) for w in words}


_WHEN = re.compile(r"\bwhen\b", re.I)


def own_terms(question: str, exclude: Sequence[str] = ()) -> set[str]:
    """Stems of the question's own content words, minus the people it names: a line that says
    "collaboration with Novo Nordisk" meets "collaborate" itself, where one about "data
    scientists" meets only a synonym of "company"."""
    skip = name_words(exclude)
    return {stem(w) for w in keywords(question) if w.lower() not in skip}


def term_groups(question: str, exclude: Sequence[str] = ()) -> list[set[str]]:
    """The question's terms by what they stand for: a word's stem with its synonyms' ("award"
    with "prize" and "honors"), and the words that mark a job held now, each one concept. A
    line that says "Distinguished Dissertation Award, Honorable Mention" meets one concept of
    "his NSF CAREER award", not three, and ranks under the line that names the award asked."""
    skip = name_words(exclude)
    words = [w.lower() for w in keywords(question) if w.lower() not in skip]
    if TOPIC.search(question):
        groups = [{stem(w)} for w in words if not w.startswith("work")]
        groups.append({stem(w) for w in TOPIC_TERMS.split()})
    else:
        groups = [{stem(w)} | {stem(s) for s in SYNONYMS.get(w, "").split()} for w in words]
        if PRESENT_TENSE.search(question):
            groups.append({stem(w) for w in _HELD_NOW})
        if _WHEN.search(question):  # "When did he join?" is met by a line's dates
            groups.append({"year"})
    merged: list[set[str]] = []
    for group in groups:  # "award" and "prize" in one question are one concept
        for same in [m for m in merged if m & group]:
            group |= same
            merged.remove(same)
        merged.append(group)
    return merged


def stem(word: str) -> str:
    """A crude stem that lets inflections meet: worked/working/works → work, studied → study."""
    word = word.lower().replace("’", "'").strip("'.")  # L’Oréal as L'Oréal
    if word.startswith("interest"):  # not "inter", the stem of intern and internship
        return "interest"
    for suffix, keep in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""),
                         ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: len(word) - len(suffix)] + keep
            break
    return word[:5]


def stems(text: str) -> set[str]:
    """The stems of a text's words, and of the words glued to a number ("117citations",
    "6papers", as some profile pages extract)."""
    words = re.findall(r"[A-Za-z0-9][\w'’-]*", text)
    glued = [part for w in words if re.match(r"\d+[A-Za-z]{3,}$", w)
             for part in re.findall(r"\d+|[A-Za-z]+", w)]
    return {stem(w) for w in words + glued}


def unit_score(unit: str, terms: set[str]) -> int:
    """How many of the question's terms a piece of text contains; for a question about topics,
    two more when the text states someone's topics ("Researcher working on X")."""
    words = stems(unit)
    topics = 2 if _TOPIC_MARK in terms and _STATES_TOPICS.search(unit) else 0
    return len(words & terms) + topics


# What a line holds that a question may name only by its kind ("her e-mail address", "his
# website", "what year"): the line meets those words too.
_SHAPES = (
    (re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+|\[at\]|\(at\)"), "email mail contact address"),
    (re.compile(r"(?:\+\d|\(\d{2,4}\))[\d\s().-]{6,}\d|\b\d{3}[.-]\d{3}[.-]\d{4}\b"),
     "phone telephone contact number"),
    (re.compile(r"https?://|www\.|(?<![@\w.-])[\w-]+(?:\.[\w-]+)*\."
                r"(?:com|org|edu|io|net|me|dev)\b"),
     "website homepage url site page web"),
    (re.compile(r"\b(?:19|20)\d{2}\b"), "year"),
)


# A line that names a city or country (an address, "London, United Kingdom") holds a place.
# Not "address" nor "place": "her e-mail address", "first place" ask for no city.
PLACE_KINDS = {stem(w) for w in "city town country based located location live lives "
                                 "living".split()}


# The kinds of contact detail a question can ask for by kind alone, which a CV's header gives
# without a label ("812.855.6389").
_CONTACT = {stem(w) for w in "email mail phone telephone website homepage url".split()}


def contact_asked(question: str) -> bool:
    """Whether the question asks for an e-mail address, a phone number or a web address."""
    return bool(stems(question) & _CONTACT)


def holds_contact(question: str, text: str) -> bool:
    """Whether text holds the kind of contact detail the question asks for."""
    asked = stems(question) & _CONTACT
    return any(pattern.search(text) for pattern, kinds in _SHAPES[:3]
               if asked & {stem(w) for w in kinds.split()})


def shape_terms(unit: str, terms: set[str] | None = None) -> set[str]:
    """The stems of the kinds of thing a line holds (an e-mail address, a phone number, a web
    address, a year, a place), which a question may ask for by kind alone. A place is looked
    up (ingest/records/places.py) only where `terms`, the question's, ask for one."""
    found = {stem(w) for pattern, kinds in _SHAPES if pattern.search(unit)
             for w in kinds.split()}
    if terms is not None and terms & PLACE_KINDS:
        from ingest.records.places import countries_in

        if countries_in(unit):
            found |= PLACE_KINDS
    return found


_MARKDOWN = re.compile(r"\[([^\]]*)\]\([^)]*\)|<br\s*/?>|</?[a-z]+>|[#*_`|]+|^\s*[-:|]+\s*$", re.M)


def plain(text: str) -> str:
    """Text without Markdown and HTML markup: fewer tokens, less for a small model to misread."""
    text = _MARKDOWN.sub(lambda m: m.group(1) if m.group(1) is not None else " ", text)
    text = re.sub(r"\\[ \t]*$", "", text, flags=re.M)  # Markdown's hard line break
    text = re.sub(r"[ \t]+", " ", text)
    return re.sub(r"^[-—_=~:\s]*$", "", text, flags=re.M)  # rules and table borders ("--- --")


# A line that stops at a name's initial or a joining word goes on in the next ("Jonathan A." /
# "Parker.", "Durlauf and" / "Brock"), whatever its case.
_CUT_SHORT = re.compile(r"(?:(?<=[a-z] )[A-Z]\.|\b(?:and|&))$")


def _unwrap(lines: list[str]) -> list[str]:
    """Lines with a wrapped sentence joined back: a line that does not end a sentence, followed
    by one that goes on in lower case ("Her research covers systems" / "security and ..."), or a
    line cut short at an initial or an "and"."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].strip() and line.strip() and _CUT_SHORT.search(out[-1].rstrip()):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        elif (out and out[-1].strip() and line[:1].islower()
                and not out[-1].rstrip().endswith((".", "!", "?", ":", ";"))):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line)
    return out


def units(text: str) -> list[str]:
    """Lines and sentences of a chunk body, the pieces compression chooses from; never a line
    that addresses the assistant (ingest/injection.py), so none is sent, picked or quoted."""
    pieces: list[str] = []
    for line in _unwrap(injection.visible(text).split("\n")):
        parts = [p.strip() for p in _UNIT.split(line) if p and p.strip()]
        merged: list[str] = []
        for part in parts:
            if merged and (_ABBREVIATION.search(merged[-1]) or _ITEM_NUMBER.match(merged[-1])
                           or not _LETTER.search(merged[-1])):
                merged[-1] = f"{merged[-1]} {part}"
            else:
                merged.append(part)
        pieces.extend(merged)
    return pieces


@dataclass
class _Piece:
    """A unit of one passage that compression may send."""

    passage: int
    entry: int
    position: int
    text: str
    tokens: int
    score: int  # the question's concepts it meets
    own: int  # the question's own stems it meets: the tie-break
    words: int  # the question's stems it meets, synonyms too: the next tie-break
    line_start: bool = True


def _pieces(i: int, passage: Passage, terms: set[str],
            groups: Sequence[set[str]] = (), own: set[str] = frozenset()) -> list[_Piece]:
    """A passage's entries as pieces: small entries whole, large ones line by line."""
    body = passage.chunk.text.partition("\n")[2]
    # A heading names what its lines are about ("Research Interests" above a list of topics).
    section = passage.chunk.section
    out: list[_Piece] = []
    entries = [part for start, end in split_entries(body, 0, len(body))
               for part in _dated_parts(plain(body[start:end]))]
    for e, text in enumerate(entries):
        whole = " ".join(units(text))
        if not whole:
            continue
        size = tokens.count(whole)
        if size <= WHOLE_ENTRY_TOKENS:
            out.append(_piece(i, e, len(out), whole, size + 1, section, terms, groups, own))
            continue
        for line in _unwrap(text.split("\n")):
            for n, unit in enumerate(units(line)):
                out.append(_piece(i, e, len(out), unit, tokens.count(unit) + 1, section, terms,
                                  groups, own, n == 0))
    return out


# A line that opens with a year, or a year and the next one's digits, and then words
# ("2022 PhD mobility", "2017.18 Master's thesis"), where a CV lists entries by year.
_DATED_HEAD = re.compile(r"(?:19|20)\d{2}(?:[./]\d{2})?\s+[A-Z]")


# A line's end that ends no sentence, and a next line's start that opens none of its own.
_OPEN_END = re.compile(r"[A-Za-z,–-]$")
_OWN_START = re.compile(r"\s*(?:[•●▪◦*·–-]|(?:19|20)\d{2}\b)")


def _goes_on(piece: _Piece, after: _Piece) -> bool:
    """Whether `after` is the rest of `piece`'s sentence, wrapped onto the next line of its
    entry with a capital ("In Proceedings of the 2024 Conference on Empirical" / "Methods in
    Natural Language Processing"), as a title in a publication list is: not a bullet or a
    dated line, which start entries of their own, nor the line under a label ("Teaching
    experience: Courses")."""
    return (after.entry == piece.entry and after.line_start and len(piece.text.split()) > 5
            and bool(_OPEN_END.search(piece.text.rstrip())) and not _OWN_START.match(after.text))


def _dated_parts(text: str) -> list[str]:
    """An entry too large to send whole, cut where a line opens or ends with a date range, or
    opens with a year: the head of the next job or degree of a list that a PDF set without
    blank lines between its entries ("Research Scientist Internship—DeepMind July 2020–November
    2020" / "Hosted by ..."). A range inside a line ("Supervisor: Marta Garrido (sept - nov
    2022) – Training in SPM") dates what the entry says, and cuts nothing."""
    if tokens.count(text) <= WHOLE_ENTRY_TOKENS:
        return [text]
    parts: list[list[str]] = []
    for line in text.split("\n"):
        if not parts or _DATED_HEAD.match(line.strip()) or dated(line):
            parts.append([])
        parts[-1].append(line)
    return ["\n".join(part) for part in parts]


def _piece(passage: int, entry: int, position: int, text: str, size: int, section: str,
           terms: set[str], groups: Sequence[set[str]], own: set[str],
           line_start: bool = True) -> _Piece:
    """A piece scored by the question's concepts it meets (`term_groups`), in its words, its
    section heading or the kinds of thing it holds (a year, an e-mail address)."""
    found = stems(f"{text} {section}") | shape_terms(text, terms)
    topics = 2 if _TOPIC_MARK in terms and _STATES_TOPICS.search(f"{text} {section}") else 0
    score = sum(bool(group & found) for group in groups) + topics
    return _Piece(passage, entry, position, text, size, score, len(found & own),
                  len(found & terms), line_start)


def build_context(passages: Sequence[Passage], question: str, people: Sequence[str],
                  budget: int) -> list[tuple[Passage, str]]:
    """The passages worth sending, each cut to its relevant entries, within `budget` tokens.

    Every passage whose words meet the question keeps its best entries; the top-ranked one
    keeps its opening too, since retrieval ranked it first for a reason the words may not show
    (a question about an employer, a CV that says "Determined AI, Boston"). Entries keep the
    short label line above them, and passages are sent in rank order, renumbered from 1.
    """
    terms = question_terms(question, people)
    groups = term_groups(question, people)
    own = own_terms(question, people)
    heads = [p.chunk.text.partition("\n")[0] for p in passages]
    pieces = [_pieces(i, p, terms, groups, own) for i, p in enumerate(passages)]
    every = [piece for ps in pieces for piece in ps]
    if sum(tokens.count(h) + 1 for h in heads) + sum(p.tokens for p in every) <= budget:
        return [(p, _render(heads[i], pieces[i])) for i, p in enumerate(passages) if pieces[i]]
    kept: set[tuple[int, int]] = set()
    used = 0

    def take(piece: _Piece, limit: float) -> None:
        nonlocal used
        key = (piece.passage, piece.position)
        cost = piece.tokens + (0 if any(k[0] == piece.passage for k in kept) else
                               tokens.count(heads[piece.passage]) + 1)
        if key not in kept and used + cost <= limit:
            kept.add(key)
            used += cost

    def line_of(piece: _Piece) -> list[_Piece]:
        """The piece with the sentences before it on its line ("…Datasets”. HCII, Springer.
        2019. (Best Paper Award)"): what it says is read with what it is about."""
        start = piece.position
        while start and not pieces[piece.passage][start].line_start:
            start -= 1
        return pieces[piece.passage][start:piece.position + 1]

    for piece in sorted((p for p in every if p.score),
                        key=lambda p: (-p.score, -p.own, -p.words, p.passage, p.position)):
        line = [p for p in line_of(piece) if (p.passage, p.position) not in kept]
        if used + sum(p.tokens for p in line) + tokens.count(heads[piece.passage]) + 1 <= budget:
            for earlier in line:
                take(earlier, budget)
        take(piece, budget)
        if (piece.passage, piece.position) in kept:
            ahead = pieces[piece.passage][piece.position + 1:piece.position + 2]
            if ahead and _goes_on(piece, ahead[0]):  # "… Conference on Empirical" / "Methods …"
                take(ahead[0], budget * 1.15)
            # The short lines under it in its entry: a role's employer and its dates
            # ("Summer Intern" / "John Deere Headquarters" / "2014,")
            for after in pieces[piece.passage][piece.position + 1:][:_UNDER_LINES]:
                if after.entry != piece.entry or not after.line_start or \
                        len(after.text.split()) > _UNDER_WORDS:
                    break
                take(after, budget * 1.15)
    opening = 0
    for piece in pieces[0] if pieces else []:  # the top passage's opening, up to a third
        opening += piece.tokens
        if opening > budget / 3:
            break
        take(piece, budget)
    for i, position in sorted(kept):
        start = line_of(pieces[i][position])[0].position
        before = pieces[i][start - 1] if start else None
        if before and len(before.text.split()) <= LABEL_WORDS:
            take(before, budget * 1.15)  # a line of its own: the end of a sentence is no label

    return [(p, _render(heads[i], [x for x in pieces[i] if (i, x.position) in kept]))
            for i, p in enumerate(passages) if any(k[0] == i for k in kept)]


def uncut_lines(passage: Passage) -> list[str]:
    """A passage's body lines as build_context renders them when nothing is cut."""
    return _render("", _pieces(0, passage, set())).split("\n")[1:]


def _render(head: str, pieces: Sequence[_Piece]) -> str:
    """A passage's identity line and its pieces: entries on lines of their own."""
    lines: list[str] = []
    last = None
    for piece in pieces:
        if lines and last is not None and piece.position == last + 1 and not piece.line_start:
            lines[-1] += " " + piece.text  # the next sentence of the same line
        else:  # never glued to a sentence of another line it did not follow
            lines.append(piece.text)
        last = piece.position
    return head + "\n" + "\n".join(lines)
