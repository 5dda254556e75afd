"""The typed results that answer() returns and the UI, CLI and eval consume."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

Route = Literal["retrieval", "collection", "refusal"]


@dataclass(frozen=True)
class Citation:
    """One numbered source passage that supports part of an answer."""

    n: int
    source: str
    person: str
    section: str
    page: int | None
    quote: str
    chunk_id: str
    # The passage holds lines that address the assistant (ingest/injection.py); they were not
    # used, and the sources show it
    flagged: bool = False


@dataclass
class Answer:
    """An answer with inline markers [n] that point at `citations`."""

    text: str
    citations: list[Citation] = field(default_factory=list)
    refused: bool = False
    route: Route = "retrieval"
    backend: str = ""
    notes: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    prompt_tokens: int = 0
    retrieved: list[str] = field(default_factory=list)  # chunk ids in rank order, for the eval
    # False for a records answer whose people's records hold fewer entries than their documents
    # appear to list (see ingest/records/coverage.py): the passages answer instead
    complete: bool = True
    # What the question names that none of the passages found names: a premise the documents do
    # not bear out ("Which Google team did Jia Wei intern on?" where her CV lists Microsoft
    # Research); the text says so before what the passages say instead
    absent: list[str] = field(default_factory=list)
    # Why a refusal happened, for the eval's refusal funnel: "refused_by" is "override",
    # "retrieval" (no passage), "model" (it wrote the refusal), "checker" (no sentence was
    # supported; "dropped" says why) or "extractive"; "context" is the text the model read.
    diagnostics: dict[str, Any] = field(default_factory=dict)

    def premise_and_body(self) -> tuple[str, str]:
        """The line that turns the question's premise down (empty where none) and the rest."""
        if not self.absent:
            return "", self.text
        lead, _, body = self.text.partition("\n")
        return lead, body

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
