"""Papers found by their title in the documents' own text, where the records do not hold them.

A question that names a paper ("Did Ana Lima write 'Sparse Lanterns'?", "Who wrote 'Sparse
Lanterns' with her?") is about one entry of one list. The records answer it when the paper's
entry was read; on a layout the extractor misreads, the entry is still in the text. Retrieval
then looks only in the named person's documents, so a paper that is someone else's (a false
premise) is never seen, and the answer is a refusal instead of the correction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.quote import wraps
from assistant.retrieval import STOPWORDS
from assistant.routes.lexicon import words
from assistant.types import Answer, Citation
from ingest.chunking import Chunk
from ingest.records.publications import entries
from ingest.records.text import clean
from ingest.store import Index

# Words that describe rather than name a paper: "the paper on", "'s".
_FILLER = frozenset("the a an paper article publication preprint study work on about s".split())
# An entry quoted in full up to here; past it, the lines around the title (an entry the
# segmentation ran together with its neighbours).
QUOTE_CHARS = 400


@dataclass(frozen=True)
class Listed:
    """A paper's entry as one document prints it."""

    chunk: Chunk
    text: str


def holds_title(title: str, text: str) -> bool:
    """Whether text names the paper: four or more of the title's words all but one in five
    there, a shorter title (a system name, "ThingiPano") as a phrase."""
    wanted = [w for w in words(title) if w not in _FILLER]
    have = words(text)
    if len(wanted) >= 4:
        return sum(w in set(have) for w in set(wanted)) >= 0.8 * len(set(wanted))
    return bool(wanted) and re.search(rf"\b{' '.join(wanted)}\b", " ".join(have)) is not None


def find_listed(index: Index, title: str, people: tuple[str, ...] = ()) -> list[Listed]:
    """The entries that name the paper, best-ranked chunk first (anyone's, or `people`'s)."""
    terms = " OR ".join(sorted({f'"{w}"' for w in words(title)
                                if w not in _FILLER and w not in STOPWORDS}))
    if not terms:
        return []
    found = []
    for chunk in index.chunks(index.keyword_ids(terms, people, 10)):
        entry = _entry(chunk, title)
        if entry:
            found.append(Listed(chunk, entry))
    return found


def _entry(chunk: Chunk, title: str) -> str | None:
    body = chunk.text.partition("\n")[2]
    for start, end in entries(body, 0, len(body), chunk.person):
        text = clean(" ".join(body[start:end].split()))
        if holds_title(title, text) and len(text) <= QUOTE_CHARS:
            return text
    rows = [r.strip() for r in body.splitlines() if r.strip()]
    for size in (1, 2, 3):  # a title wrapped over lines the segmentation split apart
        for i in range(len(rows) - size + 1):
            if holds_title(title, " ".join(rows[i:i + size])):
                first, last = i, i + size - 1  # and the lines its entry wraps from and into
                while first > max(0, i - 2) and wraps(rows[first - 1], rows[first]):
                    first -= 1
                while last < min(len(rows) - 1, i + size + 1) and wraps(rows[last],
                                                                         rows[last + 1]):
                    last += 1
                text = clean(" ".join(rows[first:last + 1]))
                return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1] + "…"
    return None


def names(person: str, text: str) -> bool:
    """Whether text names the person by their last name (accents folded)."""
    last = words(person)[-1:]
    return bool(last) and last[0] in words(text)


def authorship_from_text(person: str, title: str, index: Index, backend: str, *,
                         asked: bool = True) -> Answer | None:
    """"Did X write T?" from the text: yes where X's document lists T with X among its authors,
    no where only other people's documents list it and its entry does not name X; None (the
    passages answer) where the text cannot tell. `asked`: the question asked yes or no."""
    own = find_listed(index, title, (person,))
    if own:
        if not names(person, own[0].text):
            return None  # a page that lists papers without their authors
        return _answer(f"Yes: {person}'s profile lists the paper with {person} among its "
                       "authors", own[0], backend)
    others = [f for f in find_listed(index, title) if f.chunk.person != person]
    if not others or names(person, others[0].text):
        return None
    return _answer(f"{'No: ' if asked else ''}{person}'s documents do not list “{title}”; "
                   f"it is listed in "
                   f"{others[0].chunk.person}'s profile", others[0], backend)


def paper_from_text(person: str, title: str, index: Index, backend: str) -> Answer | None:
    """What X's document says of the paper T (its authors, venue, year), quoted; or, where only
    someone else's document lists T and does not name X, that X's documents do not."""
    own = find_listed(index, title, (person,))
    if own:  # the entry with its author list rather than an award line naming the paper
        best = max(own, key=lambda f: names(person, f.text))
        return _answer(f"{person}'s profile lists the paper as", best, backend)
    return authorship_from_text(person, title, index, backend, asked=False)


def _answer(said: str, found: Listed, backend: str) -> Answer:
    c = found.chunk
    citation = Citation(n=1, source=c.source, person=c.person, section=c.section, page=c.page,
                        quote=found.text, chunk_id=c.id)
    return Answer(text=f"{said}: “{found.text}” [1].", citations=[citation], refused=False,
                  route="collection", backend=backend, retrieved=[c.id],
                  notes=[f"Answered from the entry of {c.source} that names the paper."])
