"""What the documents name, read from the index's records: the vocabulary a question's values are
recognised by. A question's "Microsoft" is an organisation because a profile lists a job there,
not because a rule says so; a name nobody's records hold is not a value at all."""

from __future__ import annotations

import re
import threading
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from ingest.records.text import abbreviates
from ingest.store import Index

PUBLISHERS = ("acm", "ieee", "usenix", "ifip", "siam", "aaai", "springer")
# Value kinds and the relation a bare value of that kind implies.
# What follows a company's name and a question leaves out: "TmaxSoft Inc." is "TmaxSoft".
_LEGAL_SUFFIXES = frozenset("inc incorporated ltd limited llc corp corporation co gmbh ag sa plc "
                            "bv srl".split())
# What a question may leave off the end of a name: "Calder State" for "Calder State University".
_GENERIC_TAIL = frozenset("university college institute school academy award prize medal "
                          "fellowship scholarship".split())
VALUE_RELATION = {"venue": "papers", "organisation": "position", "institution": "education",
                  "award": "award", "course": "teaching"}


def words(text: str) -> list[str]:
    """Lower-case ASCII-folded word tokens: "Kołczyńska" → "kolczynska"."""
    folded = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return re.findall(r"[a-z0-9]+", folded.encode("ascii", "ignore").decode().lower())


def acronym(text: str) -> str:
    """"Carnegie Mellon University" → "cmu" (capitalised words only)."""
    return "".join(w[0] for w in re.findall(r"[A-Z][a-zA-Z]+", text)).lower()


@dataclass
class Lexicon:
    """Phrases (as word tuples) the records name, by kind, and the names of people."""

    people: tuple[str, ...] = ()
    phrases: dict[tuple[str, ...], set[str]] = field(default_factory=lambda: defaultdict(set))
    names: set[str] = field(default_factory=set)  # authors and advisors, as written
    titles: list[str] = field(default_factory=list)
    longest: int = 1
    derived: set[tuple[str, ...]] = field(default_factory=set)  # acronyms made from names
    _parts: dict[str, set[str]] | None = None
    _by_initial: dict[str, list[tuple[str, ...]]] | None = None

    def name_parts(self) -> dict[str, set[str]]:
        """Each word of the indexed people's names → the people whose name has it (cached)."""
        if self._parts is None:
            self._parts = {}
            for person in self.people:
                for part in words(person):
                    self._parts.setdefault(part, set()).add(person)
        return self._parts

    def abbreviated(self, words_: Sequence[str]) -> set[str]:
        """The kinds of the phrases the words abbreviate, begin or spell out: "msr" (one word)
        for "Microsoft Research", "calder state" for "Calder State University" (only a generic
        word left off: "microsoft" is not "Microsoft Research"), "annual technical conference"
        (several, by their initials) for "ATC"."""
        if self._by_initial is None:
            self._by_initial = defaultdict(list)
            for key in self.phrases:
                self._by_initial[key[0][:1]].append(key)
        kinds: set[str] = set()
        if not words_:
            return kinds
        n = len(words_)
        for key in self._by_initial.get(words_[0][:1], ()):
            if n == 1:
                found = len(key) >= 2 and abbreviates(words_[0], key)
            elif len(key) == 1:  # an acronym the documents write, not one made from a name
                found = key not in self.derived and abbreviates(key[0], words_,
                                                                initials_only=True)
            else:
                found = n < len(key) and key[:n] == tuple(words_) and \
                    set(key[n:]) <= _GENERIC_TAIL
            if found:
                kinds |= self.phrases[key]
        return kinds

    def named_in(self, text: str, kind: str) -> list[str]:
        """The phrases of `kind` that `text` names, longest first at each word ("Review of
        Symbolic Logic" in an answer: a venue the records know)."""
        found: list[str] = []
        ws = words(text)
        for i in range(len(ws)):
            for n in range(min(self.longest, len(ws) - i), 0, -1):
                if kind in self.phrases.get(key := tuple(ws[i:i + n]), ()):
                    found.append(" ".join(key))
                    break
        return found

    def add(self, kind: str, text: str | None) -> None:
        if not text:
            return
        self._by_initial = None
        key = tuple(words(text))
        if key:
            self.phrases[key].add(kind)
            self.longest = max(self.longest, len(key))
        short = acronym(text)
        # Made from names of three words or more: "CMU", "UW"; "College Station" is no "CS".
        if len(short) >= 2 and len(key) >= 3:
            self.phrases[(short,)].add(kind)
            self.derived.add((short,))
        # What a question may call it instead: the acronym in brackets ("… (KAIST)"), the part
        # before a comma ("Determined AI, Boston"), a venue with or without its publisher.
        for part in re.findall(r"\(([A-Za-z][\w&.-]{1,15})\)", text):
            self.phrases[tuple(words(part))].add(kind)
        head = re.split(r",|\s[–—-]\s|\s\(", text)[0]
        if head != text and len(words(head)) >= 1:
            self.phrases[tuple(words(head))].add(kind)
        if kind == "venue":
            bare = [w for w in key if w not in PUBLISHERS]
            for publisher in ("", *PUBLISHERS):
                variant = tuple(w for w in (publisher, *bare) if w)
                if variant:
                    self.phrases[variant].add(kind)
                    self.longest = max(self.longest, len(variant))
        if len(key) >= 2 and key[-1] in _LEGAL_SUFFIXES:
            self.phrases[key[:-1]].add(kind)
        if kind == "venue" and "@" in text:
            self.add("venue", text.split("@")[-1])


_cache: dict[int, tuple[tuple[int, int], Lexicon]] = {}
_lock = threading.Lock()


def lexicon(index: Index) -> Lexicon:
    """The index's lexicon, rebuilt when the index changes."""
    people = tuple(index.people())
    version = (len(people), index.record_count())
    with _lock:
        cached = _cache.get(id(index))
        if cached and cached[0] == version:
            return cached[1]
    built = _build(index, people)
    with _lock:
        _cache[id(index)] = (version, built)
    return built


def _build(index: Index, people: tuple[str, ...]) -> Lexicon:
    lex = Lexicon(people=people)
    for record in index.records():
        d = record.data
        if record.kind == "publication":
            lex.add("venue", d.get("venue"))
            lex.add("award", d.get("award"))
            lex.names.update(a.strip(" *†‡") for a in d.get("authors") or [])
            if d.get("title"):
                lex.titles.append(d["title"])
        elif record.kind == "education":
            lex.add("institution", d.get("institution"))
            lex.names.update(d.get("advisors") or [])
        elif record.kind == "position":
            lex.add("organisation", d.get("organisation"))
        elif record.kind == "award":
            lex.add("award", d.get("name"))
        elif record.kind == "teaching":
            lex.add("course", d.get("course"))
    return lex
