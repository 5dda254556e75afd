"""Never trust the model's citation numbers: check each sentence against the passages."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from assistant.compress import _ABBREVIATION, stem, units
from assistant.retrieval import STOPWORDS, Passage
from assistant.types import Citation
from ingest import injection
from ingest.records.education import DEGREE, INSTITUTION, match_level, named_advisors
from ingest.records.honours import names_honour
from ingest.records.positions import named_mentors
from ingest.records.text import ABBREVIATION_SKIPS, abbreviates
from prompts import MARKER_PATTERN

# A cited passage must contain this share of a sentence's ordinary content words.
MIN_WORD_SUPPORT = 0.5
_SENTENCE_END = re.compile(r"(?<=[.!?])(?:\s*\[[\d,\s]+\])*\s+(?=[A-Z0-9\"'(])")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+|\d[\d.,:/-]*\d|\d")
# "February 2018" in an answer is "Feb 2018" in a CV: months compare by their first three letters.
_MONTH = re.compile(r"^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)(?:(?<=jan)uary|"
                    r"(?<=feb)ruary|(?<=mar)ch|(?<=apr)il|(?<=jun)e|(?<=jul)y|(?<=aug)ust|"
                    r"(?<=sep)t|(?<=sep)tember|(?<=oct)ober|(?<=nov)ember|(?<=dec)ember)?\.?$")
# Capitalised first words that name nothing (pronouns and most others are in STOPWORDS).
_STARTERS = frozenset("both during after before since while currently previously together overall "
                      "however then here yes according besides later earlier finally first "
                      "second third among later also".split())
_CONJUNCTION = re.compile(r",?\s+and\s+|;\s+")
_FILLER = {"passage", "passages", "document", "documents", "according", "listed", "mentioned",
           "states", "stated", "says", "also", "including", "include", "includes", "based",
           "got", "get", "gets", "obtained", "earned"}


@dataclass
class CheckedSentence:
    text: str  # without markers
    passages: list[int]  # 0-based indexes into the passages, after checking
    changed: str = ""  # "", "repointed", "removed-marker"


def split_sentences(text: str, *, whole_lines: bool = False) -> list[str]:
    """Sentences of an answer, each keeping the markers that follow it; with `whole_lines`,
    each line is one (a quoted CV line: "Engineer at Tapsi Oct. 2020 - May. 2021 [1]")."""
    parts: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        if whole_lines:
            parts.append(line)
            continue
        starts = [0] + [m.end() for m in _SENTENCE_END.finditer(line)]
        ends = [m.start() + len(m.group(0).rstrip()) for m in _SENTENCE_END.finditer(line)]
        ends.append(len(line))
        for s, e in zip(starts, ends):
            piece = line[s:e].strip()
            if parts and piece and _ABBREVIATION.search(strip_markers(parts[-1])) and s > 0:
                parts[-1] = f"{parts[-1]} {piece}"
            elif piece:
                parts.append(piece)
    return parts


def markers(sentence: str) -> list[int]:
    return [int(n) for m in MARKER_PATTERN.finditer(sentence) for n in m.group(1).split(",")]


def strip_markers(sentence: str) -> str:
    # Until none is left: "[[7]7]" less its inner marker is "[7]", pointing nowhere.
    while (stripped := MARKER_PATTERN.sub("", sentence)) != sentence:
        sentence = stripped
    return re.sub(r"\s+([.,;:!?])", r"\1", sentence).strip()


def claim_terms(sentence: str) -> tuple[set[str], set[str], set[str]]:
    """(numbers, names, words): what a passage must contain to support the sentence."""
    numbers, names, words = set(), set(), set()
    for i, token in enumerate(_WORD.findall(strip_markers(sentence))):
        token = re.sub(r"['’]s$", "", token)
        low = token.lower().strip("'’")
        if token[0].isdigit():
            numbers.add(low.strip(".,"))
        elif (month := _MONTH.match(low)) and token[0].isupper():
            names.add(month.group(1))
        elif low in STOPWORDS or low in _FILLER or (len(low) < 3 and not token.isupper()):
            continue
        elif token[0].isupper() and (i > 0 or token.isupper() or low not in _STARTERS):
            names.add(low)  # a sentence's first word too: "Tessellate won …" names the paper
        else:
            words.add(low)
    return numbers, names, words


# "a PhD in computer science": a degree and its field, which a passage must state together.
_DEGREE_IN = re.compile(DEGREE.pattern + r"(?:\s+degree)?\s+in\s+([A-Za-z][A-Za-z&' -]{2,40})")
_FIELD_STOP = re.compile(r"\s+(?:from|at|with|in|on|under|and|by|for)\b.*$|\s*$", re.I)


def degree_fields(text: str) -> list[tuple[str, set[str]]]:
    """(level, stems of the field) of each "<degree> in <field>" a text states."""
    found = []
    for m in _DEGREE_IN.finditer(text):
        level = match_level(m)
        field = _FIELD_STOP.sub("", m.group(m.lastindex or 0))
        words = {stem(w) for w in re.findall(r"[A-Za-z]+", field) if w.lower() not in STOPWORDS}
        if words:
            found.append((level, words))
    return found


def _degree_fields_stated(sentence: str, passage_text: str) -> bool:
    """Whether every "<degree> in <field>" of a sentence is a degree the passage gives in that
    field, not the field of another of its degrees (a two-letter field, "CS", is not judged). The
    passage's field is read from the line around each of its degrees of that level ("Ph.D.,
    Computer Science", "Computer Science PhD"); a passage that names no such degree is left to
    the other checks."""
    for level, words in degree_fields(sentence):
        around = []
        for m in DEGREE.finditer(passage_text):
            if match_level(m) == level:
                line_start = passage_text.rfind("\n", 0, m.start()) + 1
                near = passage_text[max(line_start, m.start() - 40):m.end() + 80].split("\n")[0]
                around.append({stem(w) for w in re.findall(r"[A-Za-z]+", near)})
        if around and not any(words <= field for field in around):
            return False
    return True


# "his Ph.D. in 2004", "a PhD from MIT in 2019": a degree and the year the sentence gives it.
_DEGREE_YEAR = re.compile(DEGREE.pattern + r"(?P<gap>[^;\n]{0,40}?)\b(?P<year>(?:19|20)\d\d)\b")


# A place's name and a comma before a two-letter code: "Boston, MA" is Massachusetts.
_STATE_CODE = re.compile(r"\b[A-Z][a-z]+,[ \t]*$")


def degree_years(text: str) -> list[tuple[str, str]]:
    """(level, year) of each degree a text dates: the year after it in the same clause."""
    found = []
    for m in _DEGREE_YEAR.finditer(text):
        if (place := _STATE_CODE.search(text[:m.start()])) and re.match(r"M[AS]\b", m.group(0)) \
                and not INSTITUTION.search(place.group(0)):
            continue  # "Boston, MA. Senior Software Engineer May 2020": a state, no degree
        if DEGREE.search(m.group("gap")) or re.search(r"\band\b|,", m.group("gap")):
            continue  # "his Ph.D. and his M.A. in 1995": the year is the M.A.'s
        found.append((match_level(m), m.group("year")))
    return found


def _degree_years_stated(sentence: str, passage_text: str) -> bool:
    """Whether each degree a sentence dates is one the passage gives with that year, on its
    line or the lines beside it: "Ph.D. in 2004" is not supported by a passage that names a
    2004 thesis of someone else and no Ph.D. of that year."""
    lines = passage_text.split("\n")
    for level, year in degree_years(sentence):
        if not any(year in " ".join(lines[max(0, i - 1):i + 2]) for i, line in enumerate(lines)
                   if any(match_level(m) == level for m in DEGREE.finditer(line))):
            return False
    return True


# A month with its year ("July 2024", "Jul. 2019", "May 12, 2024"), a month a range shares the
# year of ("Jun – Sep 2019", also in Markdown's "_Jun to Sep 2015_"), and the month-year of
# numeric dates ("07/2024", "2024-07", "2019.07"): a sentence's "July 2024" is not supported by
# a passage that dates 2024 only with May.
_MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
_NAMED_MONTH = (r"((?:jan|feb)(?:ruary|uary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                r"sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z])\.?")
_MONTH_YEAR = re.compile(rf"(?<![a-z]){_NAMED_MONTH}\s*(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s*)?"
                         r"((?:19|20)\d{2})(?!\d)", re.I)
_MONTH_RANGE = re.compile(rf"(?<![a-z]){_NAMED_MONTH}\s*(?:[-‐‑–—]|to|until)\s*{_NAMED_MONTH}\s*"
                          r"((?:19|20)\d{2})(?!\d)", re.I)
_NUMERIC_MONTH = re.compile(r"(?<![\d.])(?:(0?[1-9]|1[0-2])[/.]((?:19|20)\d{2})|"
                            r"((?:19|20)\d{2})[-.](0[1-9]|1[0-2]))(?![\d.])")


def _month_years(text: str) -> set[tuple[int, str]]:
    """The (month, year) pairs a text dates something with."""
    found = {(_MONTHS.index(m[:3].lower()) + 1, y) for m, y in _MONTH_YEAR.findall(text)}
    found |= {(_MONTHS.index(m[:3].lower()) + 1, y) for m, _, y in _MONTH_RANGE.findall(text)}
    for month, year, iso_year, iso_month in _NUMERIC_MONTH.findall(text):
        found.add((int(month or iso_month), year or iso_year))
    return found


def _months_stated(claimed: set[tuple[int, str]], given: set[tuple[int, str]]) -> bool:
    """Whether each month-year a sentence gives (`claimed`) is one the passage gives, where the
    passage dates that year with months: "in July 2024" is not supported by "May 2024 - Now:
    Staff research scientist manager" and "Jul. 2022 - May 2024". A year the passage dates with
    no month, or only in words of another language ("2 juillet 2013"), is left to the words."""
    return all(pair in given or not any(year == pair[1] for _, year in given)
               for pair in claimed)


# A sentence that says someone was honoured, which a passage naming no honour cannot support
_CLAIMS_HONOUR = re.compile(r"\b(?:awards?|awarded|prizes?|medals?|fellowships?|scholarships?|"
                            r"honou?rs?|honou?red)\b", re.I)


# "X mentored Y": whom the sentence says was mentored (advised, supervised, hosted)
_MENTORED = re.compile(r"\b(?:mentored|advised|supervised|hosted)\s+(?!by\b)(?:(?:Prof|Dr)\.?\s+)?"
                       r"(?P<object>[A-Z][\w'’-]+)")


def _relation_reversed(sentence: str, passage_text: str) -> bool:
    """Whether a sentence says someone mentored (advised, supervised, hosted) a person whom the
    passage labels as the mentor, as the records read such labels: "Jia Wei mentored Priyanka
    Deshmukh" from "mentor: Priyanka Deshmukh" in Jia Wei's CV."""
    objects = [found["object"].lower() for found in _MENTORED.finditer(sentence)]
    if not objects:
        return False
    mentors = {word.lower() for name in named_advisors(passage_text) + named_mentors(passage_text)
               for word in re.findall(r"[\w'’-]+", name)}
    return any(word in mentors for word in objects)


def support(sentence: str, passage_text: str) -> float:
    """How well a passage supports a sentence: 0 when a number or name is missing, a degree
    is given in a field or a year the passage does not give it in, or a mentor is named as the
    one mentored."""
    numbers, names, words = claim_terms(sentence)
    if _relation_reversed(sentence, passage_text):
        return 0.0
    claimed, given = _month_years(sentence), _month_years(passage_text)
    if not _degree_fields_stated(sentence, passage_text) or \
            not _degree_years_stated(sentence, passage_text) or \
            not _months_stated(claimed, given):
        return 0.0
    if _CLAIMS_HONOUR.search(strip_markers(sentence)) and not names_honour(passage_text):
        return 0.0  # "received the Review of Symbolic Logic award": a journal is no award
    # "PhD" in a sentence is "Ph.D." in a CV: compare with abbreviation dots dropped as well.
    lowered = passage_text.lower()
    haystack = f"{lowered}\n{re.sub(r'(?<=[a-z])[.](?=[a-z])|(?<=[a-z][.][a-z])[.]', '', lowered)}"
    if any(n not in haystack for n in numbers):
        return 0.0
    hay_words = set(re.findall(r"[a-z][a-z'’-]+", haystack))
    hay_words |= {m.group(1) for w in hay_words if (m := _MONTH.match(w))}
    hay_stems = {stem(w) for w in hay_words}
    # a month the passage gives as a number with the same year: "July 2024" for "07/2024"
    names -= {_MONTHS[m - 1] for m, _ in claimed & given}
    if any(n not in hay_words and n not in haystack and not abbreviated(n, passage_text)
           for n in names):
        return 0.0
    if not words:
        return 1.0 if numbers or names else 0.0
    hits = sum(1 for w in words if w in hay_words or stem(w) in hay_stems)
    if len(numbers) + len(names - _owner(passage_text)) >= 2:
        # Specific names or numbers (other than whose passage it is) all present anchor the
        # claim; the remaining words are often paraphrase ("taught" for "Instructor").
        return max(hits / len(words), MIN_WORD_SUPPORT)
    return hits / len(words)


def _owner(passage_text: str) -> set[str]:
    """The words of whose passage it is ("Ada Lovelace | Education" → {"ada", "lovelace"})."""
    return set(passage_text.split(" | ", 1)[0].lower().split())


def abbreviated(name: str, text: str) -> bool:
    """Whether a name the sentence writes as an abbreviation ("MSR", "CMU") abbreviates
    capitalised words that stand together in the passage ("Microsoft Research", "Carnegie
    Mellon University"; not "most successful research")."""
    if not (name.isalpha() and 2 <= len(name) <= 6):
        return False
    seq = re.findall(r"[A-Za-z0-9]+", text)
    low = [w.lower() for w in seq]
    return any(low[i][:1] == name[0] and seq[i][:1].isupper()
               and all(w[:1].isupper() or w.lower() in ABBREVIATION_SKIPS for w in seq[i:i + n])
               and abbreviates(name, low[i:i + n])
               for n in range(2, 2 * len(name) + 1) for i in range(len(seq) - n + 1))


def why_unsupported(sentence: str, passages: Sequence[Passage]) -> str:
    """Why no passage supports a sentence: a number or a name none of them states, or too few
    of its words."""
    numbers, names, _ = claim_terms(strip_markers(sentence))
    text = "\n".join(evidence(p) for p in passages).lower()
    flat = re.sub(r"(?<=[a-z])[.](?=[a-z])|(?<=[a-z][.][a-z])[.]", "", text)
    if any(n not in text and n not in flat for n in numbers):
        return "number mismatch"
    original = "\n".join(evidence(p) for p in passages)
    if any(n not in text and n not in flat and not abbreviated(n, original) for n in names):
        return "name mismatch"
    return "no overlap"


def evidence(passage: Passage) -> str:
    """What a passage can support: its text, after the end of the entry it continues (a bullet
    of a project whose name is the last line of the chunk before); never a line that addresses
    the assistant, so a sentence that only such a line states has no support."""
    text = f"{passage.chunk.text}\n{passage.before}" if passage.before else passage.chunk.text
    return injection.visible(text)


def check(answer_text: str, passages: Sequence[Passage], *,
          whole_lines: bool = False) -> list[CheckedSentence]:
    """Keep markers that point at a supporting passage; re-point or drop the rest."""
    checked: list[CheckedSentence] = []
    for sentence in split_sentences(answer_text, whole_lines=whole_lines):
        plain = strip_markers(sentence)
        numbers, names, words = claim_terms(plain)
        if not (numbers or names or words):
            continue  # "Here is what the documents say:" needs no source
        cited = [m - 1 for m in markers(sentence) if 1 <= m <= len(passages)]
        good = [i for i in cited if support(plain, evidence(passages[i])) >= MIN_WORD_SUPPORT]
        if good:
            own = _stated_in_own_text(plain, passages, good)
            checked.append(CheckedSentence(plain, list(dict.fromkeys(own)),
                                           "" if own == good else "repointed"))
            continue
        scores = [support(plain, evidence(p)) for p in passages]
        best = max(range(len(scores)), key=scores.__getitem__, default=-1)
        if best >= 0 and scores[best] >= MIN_WORD_SUPPORT:
            checked.append(CheckedSentence(plain, _stated_in_own_text(plain, passages, [best]),
                                           "repointed"))
        elif pair := supporting_pair(plain, passages, cited):
            changed = "" if sorted(pair) == sorted(cited) else "repointed"
            checked.append(CheckedSentence(plain, pair, changed))
        elif stated := _without_implied_country(plain, passages, cited) or _without_place(
                plain, passages, cited):
            checked.append(stated)
        else:
            checked += _supported_items(plain, passages, cited)
    return checked


def _stated_in_own_text(sentence: str, passages: Sequence[Passage],
                        chosen: list[int]) -> list[int]:
    """`chosen`, unless they support the sentence only by the end of the chunk before theirs
    (`Passage.before`) and another passage states it in its own text: then that one, so the
    citation shows the lines the sentence quotes, not the chunk after them."""
    if any(not passages[i].before or support(sentence, injection.visible(
            passages[i].chunk.text)) >= MIN_WORD_SUPPORT for i in chosen):
        return chosen
    own = next((i for i, p in enumerate(passages) if i not in chosen and support(
        sentence, injection.visible(p.chunk.text)) >= MIN_WORD_SUPPORT), None)
    return chosen if own is None else [own]


def _supported_items(sentence: str, passages: Sequence[Passage],
                     cited: Sequence[int]) -> list[CheckedSentence]:
    """The items of a list sentence ("…, Summer 2017; Statistics in Sociology, Recitation, …;
    Introduction to Sociology, …") that a passage supports, each on its own, when the sentence
    as a whole is not: a list is kept for what it gets right, as sentences are."""
    items = [item.strip(" ,.") for item in sentence.split(";")]
    if len(items) < 2:
        return []
    kept = []
    for item in items:
        numbers, names, _ = claim_terms(item)
        if not (numbers or names):
            continue
        order = list(dict.fromkeys([*cited, *range(len(passages))]))
        best = next((i for i in order if support(item, evidence(passages[i])) >= MIN_WORD_SUPPORT),
                    None)
        if best is not None:
            kept.append(CheckedSentence(f"{item}.", [best], "" if best in cited else "repointed"))
    return kept


def _without_implied_country(sentence: str, passages: Sequence[Passage],
                             cited: Sequence[int]) -> CheckedSentence | None:
    """The sentence less a country that no passage names but the one it rests on places its
    city in ("in Strasbourg, France" from "U. de Strasbourg"): what the document says, not what
    it implies (README, "Facts the documents imply but do not state"). None when that does not
    make it hold."""
    from ingest.records.places import countries_in

    named = [c for c in countries_in(sentence) if re.search(rf"\b{re.escape(c)}\b", sentence)]
    for i in list(dict.fromkeys([*cited, *range(len(passages))])):
        text = evidence(passages[i])
        implied = [c for c in named if c.lower() not in text.lower() and c in countries_in(text)]
        if not implied:
            continue
        trimmed = sentence
        for country in implied:
            trimmed = re.sub(rf"(?:,\s*|\s+in\s+|\s*\()\b{re.escape(country)}\b\)?", "", trimmed)
        trimmed = re.sub(r"\s{2,}", " ", trimmed).strip()
        if trimmed != sentence and support(trimmed, text) >= MIN_WORD_SUPPORT:
            return CheckedSentence(trimmed, [i], "" if i in cited else "repointed")
    return None


# "in Boston, MA", "in Redmond": where something was, named after "in".
_IN_PLACE = re.compile(r",?\s+in\s+[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3}"
                       r"(?:,\s*[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2})?")


def _without_place(sentence: str, passages: Sequence[Passage],
                   cited: Sequence[int]) -> CheckedSentence | None:
    """The sentence less a place after "in" that the passage it rests on does not name ("joined
    Determined AI in Boston, MA in June 2019", the city from an earlier answer): what the passage
    says, and no more. A month ("in June 2019") is a date, not a place. None when that does not
    make it hold."""
    places = [m for m in _IN_PLACE.finditer(sentence)
              if not _MONTH.match(m.group(0).split(" in ", 1)[-1].strip().lower())]
    if not places or re.match(r"\s*(?:yes|no)\b", sentence, re.I):
        return None  # "Yes, she is based in London": the place is what is asked
    for i in list(dict.fromkeys([*cited, *range(len(passages))])):
        text = evidence(passages[i])
        low = text.lower()
        trimmed = sentence
        for place in places:
            words = re.findall(r"[A-Za-z][\w'’-]+", place.group(0).split(" in ", 1)[-1])
            if not any(re.search(rf"\b{re.escape(w.lower())}\b", low) for w in words):
                trimmed = trimmed.replace(place.group(0), "")
        if sentence.endswith(".") and not trimmed.endswith("."):
            trimmed += "."
        numbers, names, _ = claim_terms(trimmed)
        if trimmed != sentence and (numbers or names - _owner(text)) and \
                support(trimmed, text) >= MIN_WORD_SUPPORT:
            return CheckedSentence(trimmed, [i], "" if i in cited else "repointed")
    return None


def supporting_pair(sentence: str, passages: Sequence[Passage],
                    cited: Sequence[int] = ()) -> list[int] | None:
    """Two passages for a sentence that joins two facts ("interned at Microsoft in 2019 and at
    Epic in 2015"): each part, split at an "and" or a semicolon, wholly supported by one of them.
    A single claim is never pieced together from two passages ("PipeDream won the award" from
    one passage naming PipeDream and another naming an award)."""
    order = list(dict.fromkeys([*cited, *range(len(passages))]))
    for cut in _CONJUNCTION.finditer(sentence):
        left, right = sentence[: cut.start()], sentence[cut.end():]
        if not (claim_terms(left)[1] or claim_terms(left)[0]) or not any(claim_terms(right)):
            continue
        a = next((i for i in order if support(left, evidence(passages[i])) >= MIN_WORD_SUPPORT),
                 None)
        b = next((i for i in order if support(right, evidence(passages[i])) >= MIN_WORD_SUPPORT),
                 None)
        if a is not None and b is not None and a != b:
            return [a, b]
    return None


def best_quote(passage_text: str, claim: str, *, limit: int = 300) -> str:
    """The line or sentence of a passage that shares most with the claim."""
    body = passage_text.split("\n", 1)[-1]
    candidates = units(body)
    if not candidates:
        return injection.visible(body)[:limit]
    numbers, names, words = claim_terms(claim)
    terms = numbers | names | words
    best = max(candidates, key=lambda c: sum(1 for t in terms if t in c.lower()))
    return best[:limit]


def assemble(checked: Sequence[CheckedSentence], passages: Sequence[Passage],
             sep: str = " ") -> tuple[str, list[Citation]]:
    """Answer text with markers renumbered in order of first use, and its citations."""
    numbering: dict[int, int] = {}
    citations: list[Citation] = []
    sentences: list[str] = []
    for sentence in checked:
        marks = []
        for i in sentence.passages:
            if i not in numbering:
                numbering[i] = len(numbering) + 1
                chunk = passages[i].chunk
                citations.append(Citation(
                    n=numbering[i], source=chunk.source, person=chunk.person,
                    section=chunk.section, page=chunk.page,
                    quote=best_quote(chunk.text, sentence.text), chunk_id=chunk.id,
                    flagged=bool(chunk.flagged),
                ))
            marks.append(f"[{numbering[i]}]")
        text = sentence.text
        end = text[-1] if text and text[-1] in ".!?" else ""
        sentences.append(f"{text[: len(text) - len(end)]} {''.join(marks)}{end or '.'}")
    return sep.join(sentences), citations
