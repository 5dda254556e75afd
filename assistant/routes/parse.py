"""A question → one typed Query, in one place, accounting for every word.

Each word of the question is claimed by one part of the query: a person's name, a value the
documents name (lexicon.py), a year window, a relation, a filter, the answer's shape, or a short
list of words that change nothing. A word nothing claims ("remote", "senior", "cited", "not")
means the question asks something the records cannot express, and it goes to retrieval: a
question is never answered with part of it dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from assistant.routes.lexicon import PUBLISHERS, VALUE_RELATION, Lexicon, words
from assistant.routes.query import Query
from ingest.pdf_repair import english_words
from ingest.records.education import INSTITUTION, LEVEL_WORDS
from ingest.records.places import country_named, region_named
from ingest.records.text import ABBREVIATION_SKIPS

# Words that change nothing about what the records are asked.
HARMLESS = frozenset("""
who whom whose which what when where how did does is are was were has have had been be being
ever any anyone anybody someone somebody all every each of the a an in at on for to from by with
and or as this that these those their theirs his her hers he she they them him me us our my i
you your please tell show give list name names find can could would should will also researchers
researcher people person persons collection index here profiles profile cv cvs among documents
document listed lists mentioned according say says said both one some kind kinds sort so far
know get got receive received obtain obtained earn earned hold holds held complete completed
finish finished whether anything something either yet record records s t other accepted gotten
done serve served serving gave give given choose chose professor professors during whats whos
own profiled then along alongside ones spend spent begin began start started end ended beginning
also actually else page pages homepage webpage website granted conferred really semester
semesters term terms quarter quarters shown come comes came
""".split())
NEGATION = frozenset("not never no without except excluding neither nor none n't nobody nothing "
                     "unlike besides".split())
RELATIVE = frozenset("after before since until prior following previous previously former "
                     "formerly latest recent recently most least first last earliest next "
                     "current currently now today present more fewer less than only still "
                     "longest shortest best".split())

_TRIGGERS: dict[str, tuple[str, ...]] = {
    "papers": ("paper", "papers", "publication", "publications", "publish", "published",
               "publishes", "publishing", "article", "articles", "appeared", "appear", "appears",
               "presented"),
    "coauthors": ("coauthor", "coauthors", "coauthored", "cowrote", "cowritten", "cowrite",
                  "cowrites", "coauthoring", "cowriting", "collaborated",
                  "collaborate", "collaborates", "collaborator", "collaborators", "together"),
    "authorship": ("author", "authors", "authored", "write", "wrote", "written", "writes"),
    "advisor": ("advisor", "advisors", "adviser", "advisers", "advised", "advise", "advises",
                "supervisor", "supervisors", "supervised", "supervise", "supervises",
                "advisee", "advisees"),
    "education": ("study", "studied", "studies", "degree", "degrees", "phd", "phds", "doctorate",
                  "doctoral", "master", "masters", "msc", "bachelor", "bachelors", "bsc",
                  "undergraduate", "undergrad", "graduate", "graduated", "graduation", "alma",
                  "mater", "educated", "education", "thesis", "dissertation", "attend",
                  "attended", "school", "schools", "university", "universities", "institution",
                  "institutions", "studying", "went", "go", "goes", "theses", "college"),
    "position": ("work", "worked", "works", "working", "job", "jobs", "position", "positions",
                 "employed", "employer", "employers", "employment", "company", "companies",
                 "intern", "interned", "interns", "internship", "internships", "interning",
                 "role", "roles", "organisation", "organization", "organizations",
                 "organisations", "postdoc", "postdocs", "postdoctoral"),
    "award": ("award", "awards", "awarded", "honor", "honors", "honour", "honours", "prize",
              "prizes", "fellowship", "fellowships", "scholarship", "scholarships", "won", "win",
              "wins", "winning", "recipient", "recipients"),
    "teaching": ("taught", "teach", "teaches", "teaching", "course", "courses", "class", "assist",
                 "classes", "ta", "taed", "lectured", "lecture", "lectures", "instructor",
                 "assistant", "assistantship", "assistantships", "tad"),
}
_RELATION_OF = {w: r for r, ws in _TRIGGERS.items() for w in ws}
for _level in LEVEL_WORDS:  # "his B.S.", "an MEng": a degree names the relation too
    _RELATION_OF.setdefault(_level, "education")
# What a named paper is asked about; without a paper they are kinds of paper no field holds.
_VENUE_WORDS = frozenset("venue venues conference conferences journal journals workshop".split())
_THESIS_WORDS = frozenset("title titled called name named topic subject writing wrote write "
                          "about".split())
_ABOUT_ONE = frozenset("list when where what".split())  # shapes that ask about one person
_AT = frozenset("at in from for to with by".split())
_INTERN = frozenset("intern interned interns internship internships interning".split())
_POSTDOC = frozenset("postdoc postdocs postdoctoral".split())
_THEN_WHO = re.compile(r"\?\s*(?:and |if so,? )?(?:who|which ones?|which of them|who (?:are|were) "
                       r"they|what (?:are|were) they)\s*\?*\s*$", re.I)
_NOW = frozenset("current currently now today present".split())
_NOW_PHRASES = (("these", "days"), ("at", "the", "moment"), ("nowadays",), ("presently",))
# The verb a present-tense question about a job asks with ("does she work", "is he employed")
_PRESENT_WORK = frozenset("work employed".split())
_WHO_IS_IT = re.compile(r"\s*[-–—,:;]\s*(?:who|what) (?:is|was|are|were) (?:it|they|that)"
                        r"\s*\?*\s*$", re.I)
_ADVISING = frozenset("advise advised supervise supervised advises supervises".split())
_ASKING_VERBS = frozenset("is was did does has had".split())
_PRONOUN = frozenset("he she him her his hers they them their theirs".split())
_YEAR = r"((?:19|20)\d{2})"
_WINDOWS = (  # (pattern, since, until) from the match's groups
    (rf"\bbetween {_YEAR} and {_YEAR}\b", lambda a, b: (int(a), int(b))),
    (rf"\bfrom {_YEAR} (?:to|until|through|-|–) {_YEAR}\b", lambda a, b: (int(a), int(b))),
    (rf"\b{_YEAR} ?[-–] ?{_YEAR}\b", lambda a, b: (int(a), int(b))),
    (rf"\b(?:since|from) {_YEAR}\b", lambda a: (int(a), None)),
    (rf"\bafter {_YEAR}\b", lambda a: (int(a) + 1, None)),
    (rf"\bbefore {_YEAR}\b", lambda a: (None, int(a) - 1)),
    (rf"\b(?:up to|until|through)(?: and including)? {_YEAR}\b", lambda a: (None, int(a))),
    # a season names its year: "in the summer of 2014", "during fall 2019"
    (rf"\b(?:(?:in|during) )?(?:the )?(?:summer|spring|fall|autumn|winter)(?: (?:term|semester|"
     rf"quarter))?(?: of)? {_YEAR}\b", lambda a: (int(a), int(a))),
    (rf"\b(?:in|during) {_YEAR}\b", lambda a: (int(a), int(a))),
    (rf"\b{_YEAR}\b", lambda a: (int(a), int(a))),
)


@dataclass
class _Token:
    text: str  # as written
    low: str  # folded lower case, apostrophes dropped ("co-authored" → "coauthored")
    start: int
    end: int
    role: str = ""  # what claimed it; "" while unclaimed


def tokenize(question: str) -> list[_Token]:
    """Words with their spans; a hyphenated word is one token when it is a word we know joined
    ("co-authored"), else its parts ("Learning-Based", "best-paper")."""
    tokens = []
    for m in re.finditer(r"[\w][\w'’.&-]*", question):
        text = m.group().rstrip(".'’-")
        low = "".join(words(text.replace("-", "").replace("'", "").replace("’", "")))
        if text.lower().endswith(("'s", "’s")) and len(text) > 2:
            low = "".join(words(text[:-2].replace("-", "")))
        if text.lower() in ("n't", "didn't", "doesn't", "don't", "isn't", "wasn't", "hasn't",
                            "haven't", "hadn't", "aren't", "weren't", "never"):
            low = "n't" if text.lower() != "never" else "never"
        if "-" in text and low not in _RELATION_OF and low not in HARMLESS:
            offset = m.start()
            for part in text.split("-"):
                if words(part):
                    tokens.append(_Token(part, "".join(words(part)), offset, offset + len(part)))
                offset += len(part) + 1
            continue
        if low:
            tokens.append(_Token(text, low, m.start(), m.start() + len(text)))
    return tokens


def degree_levels(question: str) -> set[str]:
    """The degree levels a question names ("during his undergrad" → {"bachelors"})."""
    return _levels(tokenize(question))


def _levels(tokens: Sequence[_Token]) -> set[str]:
    return {LEVEL_WORDS[t.low] for t in tokens if t.low in LEVEL_WORDS and t.text != "Ms"}


def parse(question: str, lex: Lexicon, *, focus: Sequence[str] = (), context: str = "") -> Query:
    """The typed query for a question over an index whose vocabulary is `lex`.

    Args:
        question: the user's question.
        lex: the index's people and the values its records name.
        focus: the person a pronoun refers to (from the conversation), if any.
        context: the conversation's previous turn, where "that paper" may be named.
    """
    q = " ".join(question.replace("“", '"').replace("”", '"').replace("‘", "'").split())
    query = _parse(q, lex, focus, context)
    if query.answerable:
        return query
    said, asked = _said_before(q)
    if said:  # "Andrew Holliday did mapping work at McGill. Is Occupancy-SLAM his paper?"
        named = [p for p, _ in _people(tokenize(said), lex, ())]
        q, focus, context = asked, named or focus, f"{said} {context}".strip()
    if (tag := _TAG.search(q)) and not re.match(r"(?:did|does|do|is|are|was|were|has|have|had|"
                                                r"can)\b", q, re.I):
        q = "did " + q[:tag.start()]  # "X co-wrote CacheWarp, right?" asks as "Did X …?" does
    if said or tag:
        other = _parse(q, lex, focus, context)
        return other if other.answerable else query
    return query


def _parse(q: str, lex: Lexicon, focus: Sequence[str], context: str) -> Query:
    """`parse` of one reading of the question."""
    q = re.sub(r"^(?:can|could|would) you (?:please )?|^please ", "", q, flags=re.I)
    q = _WHO_IS_IT.sub("", q)  # "jun wei's phd adviser - who is it?"
    then_who = _THEN_WHO.search(q)  # "Has anyone published at SOSP? Who?" asks who
    if then_who:
        q = q[:then_who.start()]
    tokens = tokenize(q)
    title = _quoted_title(q, tokens) or _named_title(tokens, lex) or _earlier_title(
        tokens, lex, context)
    if not title and re.search(r"\b(?:that|this|the same) (?:paper|publication|article)\b",
                               " ".join(t.low for t in tokens)):
        return Query(reason="a paper named earlier that the records cannot tell")
    named = _people(tokens, lex, focus)
    since, until = _window(q, tokens)
    _claim_subject(tokens)  # before the values: "a PhD in computer science" is no department
    values = _values(tokens, lex)
    title = title or _described_title(q, tokens)
    if title:  # "vantage: who are his co-authors on it?": it is the paper named
        _claim([t for t in tokens if t.low in ("it", "its")], "title")
    if title:  # "the EuroSys'19 paper 'Automating …'": venue and year only describe the paper
        _claim([t for t in tokens if t.role == "years" or re.fullmatch(r"[a-z]+\d\d", t.low)
                and (re.sub(r"\d", "", t.low),) in lex.phrases], "title")
        since = until = None
        values = [v for v in values if "venue" not in v[1]]
    others = _others(tokens, lex)
    query = _assemble(q, tokens, named, others, title, values, since, until,
                      then_who=bool(then_who))
    if query.answerable and not query.people and focus and query.shape in _ABOUT_ONE and \
            query.relation in ("education", "advisor", "position", "award", "teaching"):
        query = replace(query, people=tuple(focus[:1]))  # "And the name of the dissertation?"
    unused = tuple(t.text for t in tokens if not t.role and t.low not in HARMLESS)
    if unused and query.relation == "authorship" and query.shape == "yesno" and query.value \
            and not NEGATION & {t.low for t in tokens}:
        # "Was she involved in the ThingiPano dataset paper at BigMM?" asks of one paper whose
        # authors answer it: the words that describe the paper or how one works on it do not
        # change who wrote it, and the answer names the paper as its record gives it (with
        # its venue and year, which only describe it here).
        return _dropped(query, [t for t in tokens if t.role != "years"]) or query
    if unused:
        return replace(query, unused=unused)
    # a paper's year beside its title only describes it: "Is Occupancy-SLAM (RSS 2022) his?"
    return _dropped(query, [t for t in tokens if t.role != "years" or not title]) or query


# A statement asked back: "…, right?", "…, isn't it?", "…, is that correct?"
_TAG = re.compile(r",\s*(?:right|correct|true|no|isn'?t (?:it|that (?:right|so|true))|"
                  r"is (?:that|it) (?:right|correct|true|so)|(?:did|does|is|was|has)n'?t "
                  r"(?:he|she|they|it))\s*\?+\s*$", re.I)
# Where a statement ends and the question after it starts: a word of three or more letters and
# a full stop, not an abbreviation ("Univ.", "Prof."), then a capital.
_STATEMENT_END = re.compile(r"\b([A-Za-z]{3,})\.\s+(?=[A-Z])")
_NOT_AN_END = frozenset("univ prof dept inst corp assoc approx mrs eds".split())


def _said_before(q: str) -> tuple[str, str]:
    """A question led by statements ("I saw a Berman in its author list. Is it his?"): what
    they say, which the question may point back to, and the question itself."""
    if not q.endswith("?"):
        return "", q
    ends = [m.end() for m in _STATEMENT_END.finditer(q)
            if "?" not in q[:m.end()] and m.group(1).lower() not in _NOT_AN_END]
    return (q[:ends[-1]].strip(), q[ends[-1]:]) if ends else ("", q)


def _dropped(query: Query, tokens: list[_Token]) -> Query | None:
    """The query sent to retrieval when it leaves out a part the parse found (a place, a year,
    a person): never answer with part of the question dropped."""
    if not query.answerable:
        return None
    roles = {t.role for t in tokens}
    lost = [part for part, role, kept in (
        ("place or name", "value", query.value), ("title", "title", query.value),
        ("years", "years", query.since or query.until), ("subject", "subject", query.subject),
        ("person", "other", query.others)) if role in roles and not kept]
    return replace(query, reason=f"the query leaves out the {lost[0]}") if lost else None


def _claim(tokens: Sequence[_Token], role: str) -> None:
    for t in tokens:
        t.role = t.role or role


def _quoted_title(q: str, tokens: list[_Token]) -> str | None:
    found = re.search(r'"([^"]{4,})"|(?<!\w)\'([^\']{4,})\'(?!\w)', q)
    if not found:
        return None
    start, end = found.span()
    _claim([t for t in tokens if start <= t.start < end], "title")
    return (found.group(1) or found.group(2)).strip(" .?")


def _named_title(tokens: list[_Token], lex: Lexicon) -> str | None:
    """A paper named by its system name ("LineFS") or most of its title's words, in order."""
    lows = [t.low for t in tokens]
    for title in lex.titles:  # a system name before the colon: "LineFS", "Parity Models"
        head = words(title.split(":")[0])
        if ":" not in title or not 1 <= len(head) <= 4 or len("".join(head)) < 3 or \
                not re.search(r"[a-z]", "".join(head)):  # "2024: …", a date before a title
            continue
        for i in range(len(lows) - len(head) + 1):
            if lows[i:i + len(head)] == head and not any(t.role for t in tokens[i:i + len(head)]):
                # and the rest of the title, where the question writes it out
                rest, end = words(title.split(":", 1)[1]), i + len(head)
                while end < len(tokens) and rest and tokens[end].low == rest[0]:
                    rest, end = rest[1:], end + 1
                _claim(tokens[i:end], "title")
                return re.sub(r"['’]s$", "", " ".join(t.text for t in tokens[i:i + len(head)]))
    best: tuple[float, int, int] | None = None
    for title in lex.titles:
        wanted = [w for w in words(title) if w not in HARMLESS]
        if len(wanted) < 3:
            continue
        run = _best_run(lows, set(wanted))
        # Most of the title's words, or a few that only it has: "the BFloat16 Tensor Cores
        # SGEMM paper" for a 16-word title.
        rare = run and sum(1 for t in tokens[run[0]:run[1]]
                           if re.search(r"\d|[A-Z].*[A-Z]", t.text) and len(t.low) > 3)
        if run and (run[1] - run[0] >= max(3, 0.6 * len(set(wanted)))
                    or (run[1] - run[0] >= 3 and rare >= 2)):
            score = (run[1] - run[0]) / len(set(wanted))
            if best is None or score > best[0]:
                best = (score, run[0], run[1])
    if best is None:
        return None
    span = tokens[best[1]:best[2]]
    _claim(span, "title")
    return " ".join(t.text for t in span)


# "the paper on landscape genetics", "an article about present bias": a paper by its topic;
# "the ThingiPano paper", "Kogler's Collide+Power paper": by a name the records may not hold.
_ABOUT = re.compile(r"\b(?:paper|article|publication|preprint)\s+(?:on|about|titled|entitled|"
                    r"called)\s+([^?.;,:]+)", re.I)
_NAMED_PAPER = re.compile(r"(?:\bthe|['’]s)\s+((?:\S+\s+){0,2}\S+)\s+paper\b", re.I)


def _described_title(q: str, tokens: list[_Token]) -> str | None:
    """A paper described by its topic or called by a name: the words no other part claimed
    (a venue or a year there only describe the paper further)."""
    found = _ABOUT.search(q)
    if found:
        end = found.end(1)
        if cut := re.search(r"\s(?:with|and who|together)\b", found.group(1)):
            end = found.start(1) + cut.start()
        span = [t for t in tokens if found.start(1) <= t.start < end and not t.role]
        if sum(t.low not in HARMLESS for t in span) >= 2:
            _claim([t for t in tokens if found.start() <= t.start < end], "title")
            before = q[:found.start()]  # "her EMNLP 2024 paper on …": venue and year describe it
            if lead := re.search(r"(?:\b(?:the|a|an|his|her|their)|['’]s)((?:\s+\S+){1,3})\s*$",
                                 before):
                for t in tokens:
                    if lead.start(1) <= t.start < len(before):
                        t.role = "title"
            return " ".join(t.text for t in span)
    found = _NAMED_PAPER.search(q)
    if found:
        span = [t for t in tokens if found.start(1) <= t.start < found.end(1)]
        if span and not any(t.role for t in span) and all(
                re.search(r"[A-Z].*[A-Z]|[+\d]", w) for w in found.group(1).split()):
            _claim(span, "title")
            return found.group(1)
    return None


_ANAPHOR = re.compile(r"\b(?:that|this|the same) (?:paper|publication|article|preprint)\b|"
                      r"\bits\b|\bit\b")


def _earlier_title(tokens: list[_Token], lex: Lexicon, context: str) -> str | None:
    """The paper "that paper" or "it" points at: one named in the previous turn."""
    text = " ".join(t.low for t in tokens)
    if not context or not _ANAPHOR.search(text):
        return None
    earlier = tokenize(context)
    title = _quoted_title(context, earlier) or _named_title(earlier, lex)
    if title:
        _claim([t for t in tokens if t.low in ("that", "this", "same", "it", "its")], "title")
    return title


def _best_run(lows: list[str], wanted: set[str]) -> tuple[int, int] | None:
    """The longest stretch of tokens made of the title's words (harmless words may interleave)."""
    best, start = None, None
    for i, w in enumerate([*lows, "\0"]):
        if w in wanted or (start is not None and w in HARMLESS and w != "\0"):
            start = i if start is None else start
            continue
        if start is not None:
            end = i
            while end > start and lows[end - 1] not in wanted:
                end -= 1
            if best is None or end - start > best[1] - best[0]:
                best = (start, end)
            start = None
    return best


def _people(tokens: list[_Token], lex: Lexicon, focus: Sequence[str]) -> list[tuple[str, int]]:
    """Indexed people the question names (full, family or unique first name, lower case or one
    letter off), or refers to by pronoun, with the token index where each is named."""
    found: list[tuple[str, int]] = []
    by_part = lex.name_parts()
    # Only people with a name part equal or close to a word of the question are tried: a
    # question is matched in time of its own length, not of the collection's.
    lows = {t.low for t in tokens}
    candidates = {p for part, people in by_part.items()
                  if part in lows or (part[:1] in {w[:1] for w in lows}
                                      and any(_close(w, part) for w in lows))
                  for p in people}
    for person in sorted(candidates, key=lex.people.index):
        parts = words(person)
        span = _find_name(tokens, parts, by_part)
        if span:
            _claim(tokens[span[0]:span[1]], "person")
            found.append((person, span[0]))
    kinds = {t.low in ("they", "them", "their", "theirs") for t in tokens if t.low in _PRONOUN}
    if not found and len(kinds) == 2:
        return []  # "Which researchers list her as their advisor?": two referents, unresolved
    for i, t in enumerate(tokens):
        if t.low not in _PRONOUN or t.role:
            continue
        if found:  # "Where did Jinliang Wei get his degree?": his is the person named
            t.role = "person"
        elif focus:  # the conversation's person; they/them/their: all of its people
            t.role = "person"
            plural = t.low in ("they", "them", "their", "theirs")
            found += [(p, i) for p in (focus if plural else focus[:1])]
    return sorted(found, key=lambda x: x[1])


def _find_name(tokens: list[_Token], parts: list[str],
               by_part: dict[str, set[str]]) -> tuple[int, int] | None:
    """Where a name's words stand in the question: all of them in order, or the family name
    (with or without the first) when no other indexed person shares it."""
    lows = [t.low for t in tokens]
    n = len(parts)
    for i in range(len(lows) - n + 1):
        if all(_close(lows[i + k], parts[k]) for k in range(n)) and not any(
                t.role for t in tokens[i:i + n]):
            return i, i + n
    family, first = parts[-1], parts[0]
    for i, w in enumerate(lows):
        if tokens[i].role or not _close(w, family) or len(by_part.get(family, ())) > 1:
            continue
        if i > 0 and _close(lows[i - 1], first) and not tokens[i - 1].role:
            return i - 1, i + 1
        # The particles and middle names written with it: "El Ouassouli", "de la Torre"
        start = i
        while start > 0 and len(parts) - (i - start) - 1 > 0 and not tokens[start - 1].role \
                and lows[start - 1] == parts[len(parts) - (i - start) - 2]:
            start -= 1
        if tokens[i].text[:1].isupper() or len(family) >= 5 or _named_there(tokens, i):
            return start, i + 1
    return None


def _named_there(tokens: list[_Token], i: int) -> bool:
    """Whether a short lower-case word stands where a person is named: possessive ("jang's
    paper") or right after the question's verb ("is jang among …", "did wei intern …")."""
    return tokens[i].text.lower().endswith(("'s", "’s")) or (
        i > 0 and tokens[i - 1].low in _ASKING_VERBS)


def _close(word: str, part: str) -> bool:
    """Equal, or one letter off (dropped, added, changed or swapped) for words of 5+ letters.
    The first letter must agree: a typo rarely changes it, and a word of the question that
    differs there is another word ("German" is no "Berman")."""
    if word == part:
        return True
    if min(len(word), len(part)) < 3 or abs(len(word) - len(part)) > 1 or word[0] != part[0]:
        return False
    if len(word) == len(part):
        diff = [i for i in range(len(word)) if word[i] != part[i]]
        swapped = len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == part[diff[1]] \
            and word[diff[1]] == part[diff[0]]  # "Wie" for "Wei", "Jnag" for "Jang"
        return swapped or (len(diff) == 1 and len(word) >= 5)
    if min(len(word), len(part)) < 5:
        return False
    short, long_ = sorted((word, part), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def _others(tokens: list[_Token], lex: Lexicon) -> list[tuple[str, int]]:
    """People named who are not indexed but whom the records name (authors, advisors), as the
    question writes them: "Greg Ganger" for "Gregory R. Ganger"."""
    family: dict[str, list[str]] = {}
    for name in lex.names:
        parts = words(name)
        if len(parts) >= 2:
            family.setdefault(parts[-1], []).append(name)
    found = []
    for i, t in enumerate(tokens):
        known = next((f for f in family if _close(t.low, f)), None)
        if t.role or known is None:
            continue
        start = i
        # Given names and initials before it: "Greg Ganger", "Garth A. Gibson", "k. v. rashmi".
        while start > 0 and not tokens[start - 1].role and (
                len(tokens[start - 1].low) == 1 or tokens[start - 1].text[:1].isupper()
                or any(words(n)[0] == tokens[start - 1].low for n in family[known])) \
                and tokens[start - 1].low not in HARMLESS - {"a"}:
            start -= 1
        first = tokens[start].low if start < i else ""
        # A family name alone, spelt as the records write it or one letter off, where that
        # spelling is no English word: "summer" is not "Sommer"
        alone = start == i and len(known) >= 5 and known not in english_words() and \
            (t.low == known or t.low not in english_words()) and \
            (t.text[:1].isupper() or len(family[known]) == 1)
        written = [n for n in family[known] if not first or words(n)[0][:1] == first[:1]]
        if alone or (first and written):
            _claim(tokens[start:i + 1], "other")
            # As the documents write it when they agree on one spelling ("Kofi Mensah").
            name = written[0] if len(set(written)) == 1 else " ".join(
                x.text for x in tokens[start:i + 1])
            found.append((name, start))
    return found


def _window(q: str, tokens: list[_Token]) -> tuple[int | None, int | None]:
    for pattern, make in _WINDOWS:
        found = re.search(pattern, q, re.I)
        if found:
            start, end = found.span()
            _claim([t for t in tokens if start <= t.start < end], "years")
            since, until = make(*found.groups())
            if since is not None and until is not None and since > until:
                since, until = until, since  # "between 2021 and 2016" means 2016-2021
            return since, until
    return None, None


def _values(tokens: list[_Token], lex: Lexicon) -> list[tuple[str, set[str], int, int]]:
    """Phrases the records name (longest first): (as written, kinds, first token, end)."""
    found = []
    i = 0
    while i < len(tokens):
        hit = None
        for n in range(min(lex.longest, len(tokens) - i), 0, -1):
            span = tokens[i:i + n]
            if any(t.role for t in span):
                continue
            key = tuple(t.low for t in span)
            kinds = lex.phrases.get(key)
            if kinds and n == 1 and (span[0].low in LEVEL_WORDS or span[0].low in HARMLESS):
                kinds = None  # "B.Sc." is a degree and "In" no name, whatever a record says
            if kinds and all(t.text.islower() and (t.low in _RELATION_OF or t.low in HARMLESS)
                             for t in span):
                kinds = None  # "a teaching assistant" asks the relation, whatever a record says
            if kinds and _word_before(tokens, i) in ("in", "from") and country_named(
                    " ".join(t.text for t in span)):
                kinds = None  # "worked in the UK": a country (_country), not a name in records
            # A one-word value must look like a name ("OSDI", "Microsoft", not "systems"), follow
            # "at"/"in" ("who interned at google"), be no English word ("sosp"), or name the
            # thing of the word after it ("a google internship").
            after = _RELATION_OF.get(tokens[i + n].low) if i + n < len(tokens) else None
            if kinds and (n > 1 or span[0].text[:1].isupper() or (i and tokens[i - 1].low in _AT)
                          or span[0].low not in english_words()
                          or after in {VALUE_RELATION[k] for k in kinds}):
                hit = (" ".join(t.text for t in span), set(kinds), i, i + n)
                break
        short = _abbreviation(tokens, i, lex)
        if short and (not hit or short[3] > hit[3]):
            hit = short
        if hit:
            _claim(tokens[hit[2]:hit[3]], "value")
            found.append(hit)
            i = hit[3]
        else:
            i += 1
    return found


def _abbreviation(tokens: list[_Token], i: int,
                  lex: Lexicon) -> tuple[str, set[str], int, int] | None:
    """A value the question abbreviates ("msr" for the records' "Microsoft Research") or spells
    out ("the USENIX Annual Technical Conference" for "ATC"), as the question writes it."""
    t = tokens[i]
    if t.role or t.low in HARMLESS or t.low in _RELATION_OF or t.low in LEVEL_WORDS:
        return None
    # The longest run of unclaimed words from here, small words inside it, that spells one out.
    end = i
    while end < len(tokens) and not tokens[end].role and end - i < 8 and (
            tokens[end].low not in HARMLESS or tokens[end].low in ABBREVIATION_SKIPS) \
            and tokens[end].low not in _RELATION_OF and not tokens[end].low.isdigit():
        end += 1
    while end > i and tokens[end - 1].low in ABBREVIATION_SKIPS:
        end -= 1
    start = i + 1 if t.low in PUBLISHERS and end - i > 2 else i  # "the ACM Symposium on …"
    for stop in range(end, start + 1, -1):
        run = [x.low for x in tokens[start:stop]]
        if sum(w not in ABBREVIATION_SKIPS for w in run) >= 2 and (kinds := lex.abbreviated(run)):
            return " ".join(x.text for x in tokens[i:stop]), kinds, i, stop
    # One word that is no English word, or written in capitals, abbreviating a phrase.
    shaped = t.low.isalpha() and 3 <= len(t.low) <= 6 and (
        t.low not in english_words() or sum(c.isupper() for c in t.text) >= 2)
    if shaped and t.low not in lex.name_parts() and (kinds := lex.abbreviated([t.low])):
        return t.text, kinds, i, i + 1
    return None


INSTITUTION_NOUNS = frozenset("university universities college colleges school schools institute "
                              "institutes institution institutions lab labs company companies "
                              "firm firms employer employers".split())


def _country(tokens: list[_Token]) -> str | None:
    """A country the question places a degree or job in: "in Spain", "from the UK", "a Canadian
    university" (a demonym only before such a noun: "a degree in French" is a subject)."""
    for i, t in enumerate(tokens):
        for n in (2, 1):
            span = tokens[i:i + n]
            if len(span) < n or any(x.role for x in span) or (
                    span[0].low in HARMLESS and not span[0].text.isupper()):
                continue
            placed = _word_before(tokens, i) in ("in", "from", "at")
            before_noun = i + n < len(tokens) and tokens[i + n].low in INSTITUTION_NOUNS
            if not (placed or before_noun):
                continue  # the place data loads only for a question that may name a country
            text = " ".join(x.text for x in span)
            if region_named(text):
                return None  # "a PhD in Texas": the institutions that name it, not all the US
            named = country_named(text) or (country_named(text, demonym=True)
                                            if before_noun else None)
            if named:
                _claim(span, "country")
                return named
    return None


def _claim_subject(tokens: list[_Token]) -> None:
    """Claims the field a degree is asked in: "a PhD in economics", "degrees in computer
    science" (up to three words after "in" that nothing else claimed: not a country, year or
    name); `_assemble` reads it back from the claimed words."""
    for i, t in enumerate(tokens[:-2]):
        if (t.low not in LEVEL_WORDS and t.low not in ("degree", "degrees")) or \
                tokens[i + 1].low != "in":
            continue
        if t.low not in LEVEL_WORDS and i and tokens[i - 1].low not in LEVEL_WORDS and \
                tokens[i - 1].low not in HARMLESS:
            continue  # "her Mgr. degree in mathematics": a degree the parse does not know
        span = []
        for word in tokens[i + 2:i + 5]:
            if word.role or word.low in HARMLESS or word.low in _RELATION_OF or \
                    not word.low.isalpha() or country_named(word.text) or \
                    country_named(word.text, demonym=True):
                break  # "a PhD in France" is where (_country), "in 2019" when
            span.append(word)
        if span:
            _claim([tokens[i + 1], *span], "subject")
            return


def _word_before(tokens: list[_Token], i: int) -> str:
    """The word before token i, past a "the" ("in the UK")."""
    j = i - 1 if i and tokens[i - 1].low != "the" else i - 2
    return tokens[j].low if j >= 0 else ""


def _proper_value(tokens: list[_Token], after: set[str]) -> tuple[str, int, int] | None:
    """A capitalised run after "at", "from", "in", "for" that no lexicon knows: still a value
    ("Who interned at Initech?" is answered "no one"), never a name of a person."""
    for i, t in enumerate(tokens[:-1]):
        if t.low not in after:
            continue
        # "from the Instituto Tecnológico de …": an institution's name after "the"
        first = i + 2 if tokens[i + 1].low == "the" and i + 2 < len(tokens) and \
            INSTITUTION.match(tokens[i + 2].text) else i + 1
        if not tokens[first].role and tokens[first].text[:1].isupper():
            end = first
            while end < len(tokens) and not tokens[end].role and (
                    tokens[end].text[:1].isupper() or tokens[end].low in ("of", "and", "de")):
                end += 1
            while tokens[end - 1].low in ("of", "and", "de"):
                end -= 1
            _claim(tokens[i + 1:first], "value")
            return " ".join(x.text for x in tokens[first:end]), first, end
    return None


def _assemble(q: str, tokens: list[_Token], named: list[tuple[str, int]],
              others: list[tuple[str, int]], title: str | None,
              values: list[tuple[str, set[str], int, int]], since: int | None,
              until: int | None, *, then_who: bool = False) -> Query:
    lows = [t.low for t in tokens]
    text = " ".join(lows)
    # "Who else is on it besides Kosaian?": the other authors, which the list shows with him
    beside_named = [t for i, t in enumerate(tokens[:-1]) if t.low in ("besides", "except")
                    and tokens[i + 1].role == "person" and "else" in lows]
    _claim(beside_named, "filter")
    if any(t.low in NEGATION and not t.role for t in tokens):
        return Query(reason="negation")
    if re.search(r"\b(?:cite|cites|cited|citing|citation|citations)\b", text):
        return Query(reason="citations are not in the records")
    # "best paper" is an award's name, "what about his M.S.?" a follow-up's opening
    _claim([t for i, t in enumerate(tokens[:-1]) if t.low == "best" and tokens[i + 1].low in (
        "paper", "papers", "student", "poster", "demo", "thesis", "dissertation")], "value")
    _claim([t for i, t in enumerate(tokens[:2]) if i == 1 and t.low == "about"
            and tokens[0].low in ("what", "how")], "shape")
    relative = [t for t in tokens if t.low in RELATIVE and not t.role]
    current = [t for t in relative if t.low in _NOW]
    # "these days", "at the moment": now, in words
    _claim(now_words := [t for i, t in enumerate(tokens) for words in _NOW_PHRASES
                         if lows[i:i + len(words)] == list(words)
                         for t in tokens[i:i + len(words)]], "filter")
    # "Which company does she work for?", "Where is he employed?": the job held now
    present = now_words or [t for i, t in enumerate(tokens) if t.low in ("does", "do", "is")
                            and any(x.low in _PRESENT_WORK for x in tokens[i + 1:i + 5])]
    if current and len(current) == len(relative) and "position" in {
            _RELATION_OF.get(t.low) for t in tokens if not t.role}:
        _claim(current, "filter")  # "her current employer", "where does he work now"
        relative = []
    if relative and not re.search(r"\bfirst ?author|\blisted first\b|\bfirst listed\b|"
                                  r"\blead author", text):
        return Query(reason="relative time or superlative")
    degree_work = [t for i, t in enumerate(tokens) if i and t.low in ("research", "work", "studies")
                   and tokens[i - 1].low in {*LEVEL_WORDS, "thesis", "graduate"}]
    _claim(degree_work, "degree")  # "his doctoral research", "her PhD work": the degree
    # "her undergraduate honors thesis", "a B.A. with honours": a kind of degree, not an award
    _claim([t for i, t in enumerate(tokens) if t.low in ("honors", "honours", "hons") and (
        i and tokens[i - 1].low in {*LEVEL_WORDS, "undergraduate", "undergrad", "with"}
        or i + 1 < len(tokens) and tokens[i + 1].low in ("thesis", "degree", "program",
                                                         "programme", "dissertation"))],
           "degree")
    # "a research intern", "research internships": a kind of internship, not a topic
    _claim([t for i, t in enumerate(tokens[:-1]) if t.low == "research" and not t.role
            and tokens[i + 1].low in _INTERN], "filter")
    free = " ".join(t.low for t in tokens if not t.role)
    if re.search(r"\bwork(?:s|ed|ing)? on\b|\bresearch(?:es|ed|ing)?\b|\binterest", free):
        return Query(reason="a topic")
    relations = _relations(tokens)
    people = [p for p, _ in named]
    other_names = [o for o, _ in others]
    first_author = bool(re.search(r"\b(?:first ?authors?|first ?authored|lead author|"
                                  r"listed first|first listed)\b", text))
    if first_author:
        _claim([t for t in tokens if t.low in ("first", "firstauthor", "firstauthored",
                                               "lead", "listed")], "filter")
    levels = _levels(tokens)
    level = next(iter(levels)) if len(levels) == 1 else None  # "his PhD and his master's": both
    internship = True if any(t.low in _INTERN for t in tokens) else None
    if re.search(r"\b(?:excluding|except|other than|not|besides) internships?\b", text):
        internship = False
    shape = _shape(tokens, people, relations)
    if shape == "yesno" and not people and (then_who or any(
            t.low in ("anyone", "anybody", "someone", "somebody", "any") for t in tokens)):
        shape = "who"  # "Has anyone worked at Microsoft?" is answered by who has
    elif shape == "yesno" and then_who:
        shape = "list"  # "Did any of her papers win an award? Which one?"
    base = dict(since=since, until=until)

    if any(start and lows[start - 1] in ("as", "a", "an") and "as" in lows[max(0, start - 2):start]
           for _, _, start, _ in values):
        return Query(reason="a role the records do not filter by")  # "employed her as an ML Lead"
    relation = _pick(relations, title, values, people, other_names, tokens, named)
    if relation is None:
        return Query(reason="no relation the records hold")
    if current and relation != "position":
        return Query(reason="relative time or superlative")
    if people and relation in ("education", "position", "award", "teaching") and re.match(
            r"(?:which|what) (?:other )?(?:researchers?|people|persons?|colleagues?)\b", text):
        return Query(reason="people beside the one named")  # "which people did he work with"
    value = _value_for(relation, title, values, tokens)
    if isinstance(value, Query):
        return value
    country = _country(tokens) if relation in ("education", "position") else None
    subject = " ".join(t.text for t in tokens if t.role == "subject" and t.low != "in") or None
    if relation in ("papers", "coauthors", "authorship"):
        return _papers(relation, shape, people, other_names, value, title, tokens, named,
                       first_author, base)
    postdoc = any(t.low in _POSTDOC for t in tokens)
    if relation in ("advisor",) or internship or postdoc:  # "do a postdoc"
        _claim([t for t in tokens if t.low in ("do", "doing", "did")], "verb")
    if relation == "advisor":
        advised = _advisor(tokens, named, others, people, other_names, level, base)
        return replace(advised, value=value) if advised.relation else advised
    if relation in ("education", "advisor") or internship:  # "do a PhD", "do an internship"
        _claim([t for t in tokens if t.low in ("do", "doing")], "verb")
    query = Query(relation=relation, shape=shape, people=tuple(people), value=value,
                  country=country, **base)
    if relation == "education" and shape != "yesno":
        attribute = "thesis" if re.search(r"\b(?:thesis|theses|dissertation)\b", text) else None
        if attribute:  # "the title of her thesis", "what was it called"
            _claim([t for t in tokens if t.low in _THESIS_WORDS], "attribute")
            query = replace(query, shape="what", attribute=attribute)
        return replace(query, level=level, subject=subject)
    if shape == "yesno" or (shape in ("where", "when", "what") and relation in ("award",
                                                                               "teaching")):
        return Query(reason=f"{relation} records answer no {shape} question")
    if relation == "position":
        if shape == "where":
            query = replace(query, shape="list")
        if current and query.shape not in ("list", "who"):
            return Query(reason="relative time or superlative")  # "since when … now"
        current = current or (present if query.shape == "list" and people else [])
        return replace(query, internship=internship, current=bool(current), postdoc=postdoc)
    return query


def _relations(tokens: list[_Token]) -> list[str]:
    found = []
    for t in tokens:
        relation = _RELATION_OF.get(t.low)
        if relation and not t.role and t.text != "Ms":  # "Ms. Wei" is no master's degree
            t.role = f"relation:{relation}"
            found.append(relation)
    return found


def _shape(tokens: list[_Token], people: list[str], relations: list[str]) -> str:
    lows = [t.low for t in tokens]
    text = " ".join(lows)
    if re.search(r"\bhow many\b|\bnumber of\b|\bcount\b", text):
        _claim([t for t in tokens if t.low in ("many", "number", "count")], "shape")
        return "count"
    if re.match(r"(?:is|are) there\b", text):  # "Is there a paper by both …?"
        _claim([t for t in tokens if t.low == "there"][:1], "shape")
        return "yesno"
    if re.match(r"(?:did|does|do|is|are|was|were|has|have|had|can)\b", text):
        return "yesno"
    if re.match(r"when\b|(?:in |during )?(?:what|which) (?:years?|dates?)\b", text):
        _claim([t for t in tokens if t.low in ("year", "years", "dates", "date")], "shape")
        return "when"
    if re.match(r"where\b", text) and not re.search(r"\bwhen\b", text):
        return "where"
    if re.match(r"(?:what|which) (?:school|university|institution|college)\b", text) and people:
        return "where"
    about_others = re.match(r"(?:who|whom|whose)\b|(?:which|what) (?:researchers?|people|person|of "
                            r"(?:them|these|the researchers))\b|(?:anyone|anybody|everyone)", text)
    return "who" if about_others and not people else "list"


def _pick(relations: list[str], title: str | None, values: list, people: list[str],
          others: list[str], tokens: list[_Token], named: list) -> str | None:
    """The one relation the question asks about, or None when none or several compete."""
    kinds = set(relations)
    if title and kinds - {"papers", "authorship", "coauthors"}:
        return None  # "What prize did PipeDream receive?": about a paper, not a person's list
    lows = [t.low for t in tokens]
    after_with = "with" in lows and (lows[-1] == "with" or any(  # "whom … written with?"
        t.role in ("person", "other") for t in tokens[lows.index("with"):]))
    if after_with and kinds & {"papers", "authorship"} and not title:
        kinds.add("coauthors")  # "papers with Greg Ganger", not "anyone with an OSDI paper"
    if "coauthors" in kinds or (others and kinds & {"papers", "authorship"} and not title):
        kinds -= {"papers", "authorship"}
        kinds.add("coauthors")
    if "advisor" in kinds:
        kinds -= {"education"}  # "PhD advisor": the degree is a filter
    if "teaching" in kinds and "assistant" in [t.low for t in tokens]:
        kinds -= {"position"}  # "teaching assistant" is a course taught, not a job
    if "teaching" in kinds and all(t.text[:1].isupper() for t in tokens
                                   if t.role == "relation:education"):
        kinds -= {"education"}  # "taught at Harbour State University": where, in its name
    if title and kinds & {"papers", "authorship", "coauthors"}:
        kinds -= {"papers", "coauthors"} if "authorship" in kinds and people else set()
        if "authorship" in kinds and not people:
            kinds = {"papers"}
    if kinds == {"papers", "authorship"}:
        kinds = {"papers"}
    if kinds == {"papers"} and len(people) >= 2 and not title and any(
            t.low in ("both", "joint", "shared") for t in tokens):
        kinds = {"coauthors"}  # "a paper by both Harlap and Wei": one paper, two authors
    awarding = {t.low for t in tokens if t.role == "relation:award"}
    if kinds >= {"education", "award"} and awarding <= {"awarded", "award", "awards"} and any(
            t.low in LEVEL_WORDS for t in tokens):
        kinds -= {"award"}  # "Which university awarded her doctorate?": the degree
    if "education" in kinds and "position" in kinds:
        return None
    if len(kinds) == 1:
        return next(iter(kinds))
    if not kinds and title:
        return "papers"
    if not kinds and len(values) == 1 and len(values[0][1]) == 1:
        return VALUE_RELATION[next(iter(values[0][1]))]
    return None


def _value_for(relation: str, title: str | None, values: list,
               tokens: list[_Token]) -> str | None | Query:
    """The value the relation is asked about; a value of another kind is a part the query
    cannot place (→ retrieval)."""
    want = {"papers": {"venue"}, "coauthors": {"venue"}, "authorship": set(),
            "advisor": {"institution"}, "education": {"institution"},
            "position": {"organisation"}, "award": {"award"}, "teaching": {"course"}}[relation]
    if relation in ("papers", "coauthors", "authorship") and title:
        if values:
            return Query(reason="a title and another value")
        return title
    # A university is where one studies, works and teaches: any of those records names it.
    either = {"institution", "organisation"} if want & {"institution", "organisation"} or \
        relation == "teaching" else set()
    fitting = [v for v in values if v[1] & want or v[1] & either and INSTITUTION.search(v[0])]
    if len(values) > len(fitting) or len(fitting) > 1:
        return Query(reason="a value the relation does not hold")
    if fitting:
        return fitting[0][0]
    if relation in ("education", "advisor", "position", "teaching", "award"):
        # "at Initech", "from Halverson"; not "in Spain" or "in CS": a country or a field is
        # not where a record says someone studied or worked.
        found = _proper_value(tokens, {"at", "from", "for"})
        if found:
            _claim(tokens[found[1]:found[2]], "value")
            return found[0]
    return None


def _papers(relation: str, shape: str, people: list[str], others: list[str], value: str | None,
            title: str | None, tokens: list[_Token], named: list[tuple[str, int]],
            first_author: bool, base: dict) -> Query:
    text = " ".join(t.low for t in tokens)
    if title and shape == "yesno":
        if len(people) != 1:
            return Query(reason="authorship needs one person and one paper")
        return Query(relation="authorship", shape="yesno", people=tuple(people), value=title)
    if shape == "yesno" and len(people) == 1 and (title or value):
        # "… the VLDB 2022 paper on her profile page?": the page only says where it is listed
        _claim([t for t in tokens if t.low in ("page", "pages")], "where listed")
    if shape == "yesno" and len(people) == 1 and value and base["since"] and \
            base["since"] == base["until"] and relation in ("authorship", "papers"):
        # "Did she write the VLDB 2022 paper?": a paper named by its venue and year
        return Query(relation="authorship", shape="yesno", people=tuple(people), value=value,
                     **base)
    if relation == "authorship" and not title:
        return Query(reason="authorship of which paper")
    if title:
        _claim([t for t in tokens if t.low in _VENUE_WORDS], "attribute")
        asked = [name for name, found in (
            ("first_author" if first_author else "authors",
             first_author or re.search(r"\b(?:who|whom|(?:co)?authors?|(?:co)?authored|"
                                       r"(?:co)?wrote|(?:co)?written)\b", text)),
            ("year", shape == "when"),
            ("venue", re.search(r"\b(?:where|venue|conference|journal|workshop)\b", text)))
            if found]
        if not asked:
            return Query(reason="what is asked of the paper")
        # "Which venue published it, and who is its first author?": each, in one answer
        return Query(relation="papers", shape="what", people=tuple(people), value=title,
                     attribute=",".join(asked), **base)
    if relation == "coauthors":
        with_named = [p for p, i in named if i > 0 and tokens[i - 1].low == "with"]
        if others or with_named:
            subjects = [p for p in people if p not in with_named]
            everyone = tuple([*with_named, *others])
            if subjects and shape == "yesno":
                return Query(relation="coauthors", shape="yesno",
                             people=tuple([*subjects, *with_named]), others=tuple(others),
                             value=value, **base)
            if subjects:
                return Query(reason="a person's co-authors with someone else")
            return Query(relation="coauthors", shape="who", others=everyone, value=value, **base)
        if len(people) >= 2:
            return Query(relation="coauthors", shape="yesno" if shape == "yesno" else "list",
                         people=tuple(people), value=value, **base)
        if len(people) == 1:
            return Query(relation="coauthors", shape="list", people=tuple(people), value=value,
                         **base)
        return Query(reason="co-authors of whom")
    if shape == "yesno":
        return Query(reason="a yes/no question about papers")
    # "refereed papers", "peer-reviewed publications": not a preprint or a submission
    lows = [t.low for t in tokens]
    refereed = [t for i, t in enumerate(tokens) if t.low in ("refereed", "peerreviewed")
                or lows[i:i + 2] == ["peer", "reviewed"] or lows[max(0, i - 1):i + 1] == [
                    "peer", "reviewed"]]
    _claim(refereed, "filter")
    return Query(relation="papers", shape=shape if shape in ("count", "who") else "list",
                 people=tuple(people), value=value, first_author=first_author,
                 refereed=bool(refereed), **base)


# The reverse of what the records hold; retrieval answers it, and the answer is checked against
# the person's own advisors (assistant/answer.py), whom a small model readily names instead.
ADVISED_BY_THEM = "whom someone advised"


def advisors_named(others: list[tuple[str, int]], verbs: list[int], lows: list[str]) -> bool:
    """"Which researchers list X as their advisor?": someone not in the index named as the
    advisor ("X's advisor" names the student instead)."""
    return bool(others) and any(
        lows[i] in ("advisor", "advisors", "adviser", "supervisor", "supervisors")
        and "as" in lows[others[0][1]:i] for i in verbs)


def _advisor(tokens: list[_Token], named: list[tuple[str, int]], others: list[tuple[str, int]],
             people: list[str], other_names: list[str], level: str | None, base: dict) -> Query:
    verbs = [i for i, t in enumerate(tokens) if t.role == "relation:advisor"]
    lows = [t.low for t in tokens]
    by = [i for i in verbs if i + 1 < len(tokens) and lows[i + 1] == "by"]
    if by:  # "advised by X": X advised them
        _claim([tokens[i + 1] for i in by], "direction")
        advisors = [*[p for p, i in named if i > by[0]], *[o for o, i in others if i > by[0]]]
        subjects = [p for p, i in named if i < by[0]]
        if subjects and advisors:
            return Query(reason="whether one person advised another")
        if subjects and not advisors and by[0] + 2 == len(tokens) and lows[0] in ("who", "whom"):
            # "Who was Amara Nwosu advised by?": her advisor
            return Query(relation="advisor", shape="what", people=tuple(subjects), level=level,
                         **base)
        return Query(relation="advisor", shape="who", others=tuple(advisors), level=level,
                     **base) if advisors else Query(reason="advised by whom")
    if any(lows[i] in ("advisee", "advisees") for i in verbs):
        return Query(reason="whom someone advised")
    nouns = [i for i in verbs if lows[i] in ("advisor", "advisors", "adviser", "advisers",
                                             "supervisor", "supervisors")]
    if nouns and any(i > nouns[0] and lows[i] in _ADVISING for i in verbs):
        return Query(reason="whom someone advised")  # "Whom did his advisor advise?"
    # "Who did X advise?", "Whom has X supervised?": the person named before an active verb is
    # the advisor, which the records (a person's own advisors) do not hold; not one named by a
    # possessive ("What about his M.S.? Who advised him?").
    subject = tokens[named[0][1]] if named else None
    if subject and verbs and named[0][1] < verbs[0] and lows[verbs[0]] in _ADVISING and \
            not subject.text.endswith(("'s", "’s")) and \
            subject.low not in ("his", "her", "their"):
        return Query(people=(named[0][0],), reason=ADVISED_BY_THEM)
    if not people and advisors_named(others, verbs, lows):
        return Query(relation="advisor", shape="who", others=tuple(other_names), level=level,
                     **base)
    if not people:
        return Query(reason="whose advisor")
    return Query(relation="advisor", shape="what", people=tuple(people), level=level, **base)
