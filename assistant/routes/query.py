"""The typed query a question becomes: what the records must answer, or why they cannot."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Relation = Literal["papers", "coauthors", "authorship", "advisor", "education", "position",
                   "award", "teaching"]
Shape = Literal["who", "list", "count", "yesno", "when", "where", "what"]
# The record kind each relation reads.
KIND: dict[str, str] = {"papers": "publication", "coauthors": "publication",
                        "authorship": "publication", "advisor": "education",
                        "education": "education", "position": "position", "award": "award",
                        "teaching": "teaching"}


@dataclass(frozen=True)
class Query:
    """One question, parsed once; every route reads this and never the question's text.

    A query with no relation, or with words it could not place, goes to retrieval: the records
    answer only what the parse accounts for in full.
    """

    relation: Relation | None = None
    shape: Shape | None = None
    people: tuple[str, ...] = ()  # indexed people whose records are read
    others: tuple[str, ...] = ()  # people they are related to: co-authors, advisors
    value: str | None = None  # venue, organisation, institution, award, course or paper title
    since: int | None = None  # inclusive year window
    until: int | None = None
    internship: bool | None = None  # positions: internships only (True), jobs only (False)
    postdoc: bool = False  # positions: postdoctoral ones only
    level: str | None = None  # education: phd, masters, bachelors
    subject: str | None = None  # education: the field a degree is asked in ("economics")
    first_author: bool = False
    refereed: bool = False  # papers: published after review, not preprints or submissions
    current: bool = False  # positions: only those the documents say are held now
    country: str | None = None  # degrees, positions: at a place in this country (places.py)
    attribute: str | None = None  # of one paper or degree: venue, year, authors, thesis, …
    unused: tuple[str, ...] = field(default=(), compare=False)  # words no field accounts for
    reason: str = field(default="", compare=False)  # why the records cannot answer it

    @property
    def answerable(self) -> bool:
        """Whether the records can answer the whole question."""
        return self.relation is not None and self.shape is not None and not self.unused \
            and not self.reason

    def in_years(self, year: object) -> bool:
        if self.since is None and self.until is None:
            return True
        if not isinstance(year, int):
            return False
        return (self.since is None or year >= self.since) and (
            self.until is None or year <= self.until)

    def as_row(self) -> dict[str, Any] | str:
        """The query as the routing table writes it: "retrieval", or its non-empty fields."""
        if not self.answerable:
            return "retrieval"
        row = {k: v for k, v in asdict(self).items()
               if k not in ("unused", "reason") and v not in (None, (), False)}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in row.items()}
