"""Offline metrics: each scores one case from its recorded result; aggregate() pools them.

A metric returns None where it does not apply (fact recall on a refusal case), and None values
are left out of the means, so a kind without refusal cases has no refusal recall.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from prompts import MARKER_PATTERN

if TYPE_CHECKING:
    from eval.harness import Case

Score = float | None


@dataclass(frozen=True)
class ChunkRef:
    """A retrieved or cited chunk, resolved through the index."""

    chunk_id: str
    source: str
    person: str
    text: str
    n: int | None = None  # the citation number, for cited chunks


@dataclass
class CaseResult:
    """What the assistant did for one case: its answer, sources and timings."""

    case: Case
    text: str
    refused: bool
    citations: list[ChunkRef] = field(default_factory=list)
    retrieved: list[ChunkRef] = field(default_factory=list)
    first_token_s: float = 0.0
    total_s: float = 0.0
    backend: str = ""
    error: str = ""
    named: list[str] = field(default_factory=list)  # indexed people the answer names
    refused_by: str = ""  # what refused (Answer.diagnostics): override, model, checker, …
    dropped: list[str] = field(default_factory=list)  # why the checker dropped each sentence
    context: list[str] | None = None  # what the model read, when it was asked
    # The answer says that no passage names something the question does (Answer.absent): it
    # turns the question's premise down, as a refusal does, and says what the documents give
    absent: bool = False
    # The line pick, when it ran: the reply, its first tokens' probabilities, the doubted-0
    # check (Answer.diagnostics "picked", "first", "doubted")
    pick: dict[str, Any] = field(default_factory=dict)


def has_variant(text: str, variants: Sequence[str]) -> bool:
    """Whether any variant of a fact occurs in the text, ignoring case and citation markers.
    A variant that starts or ends with a digit is not part of a longer number: "6" is not in
    "[6]", "10" or "2016". A code written with or without a space between its letters and its
    number is the same code: "CS 105" is in "CS105"."""
    low = _CODE_SPACE.sub("", MARKER_PATTERN.sub(" ", text).lower())
    return any(re.search(_NOT_IN_NUMBER[0] * v[:1].isdigit() + re.escape(
        _CODE_SPACE.sub("", v.lower())) + _NOT_IN_NUMBER[1] * v[-1:].isdigit(), low)
        for v in variants)


# The space in a course code or a model name between capitals and digits ("CS 105", "GPT 4").
_CODE_SPACE = re.compile(r"(?<=\b[a-z]{2})\s(?=\d)|(?<=\b[a-z]{3})\s(?=\d)|(?<=\b[a-z]{4})\s(?=\d)")


# Before and after a variant that starts or ends with a digit: no digit, nor "3." / ".5".
_NOT_IN_NUMBER = (r"(?<!\d)(?<!\d[.,])", r"(?!\d|[.,]\d)")


def marker_numbers(text: str) -> list[int]:
    """Every citation number in the text, "[1, 3]" counting as 1 and 3."""
    return [int(n) for m in MARKER_PATTERN.finditer(text) for n in m.group(1).split(",")]


def _answerable(r: CaseResult) -> bool:
    return not r.case.refuse and bool(r.case.gold_sources)


def _first_gold_rank(r: CaseResult) -> int | None:
    gold = set(r.case.gold_sources)
    return next((i for i, c in enumerate(r.retrieved, 1) if c.source in gold), None)


def hit_at_k(r: CaseResult) -> Score:
    """1 when any retrieved passage comes from a gold source."""
    return None if not _answerable(r) else float(_first_gold_rank(r) is not None)


def mrr(r: CaseResult) -> Score:
    """1 / rank of the first retrieved passage from a gold source (0 when none)."""
    if not _answerable(r):
        return None
    rank = _first_gold_rank(r)
    return 1.0 / rank if rank else 0.0


def context_precision(r: CaseResult) -> Score:
    """Average precision of the ranking, a passage being relevant when from a gold source."""
    if not _answerable(r):
        return None
    verdicts = [c.source in r.case.gold_sources for c in r.retrieved]
    hits, total = 0, 0.0
    for rank, relevant in enumerate(verdicts, 1):
        if relevant:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


def context_recall(r: CaseResult) -> Score:
    """Share of gold sources that at least one retrieved passage comes from."""
    if not _answerable(r):
        return None
    found = {c.source for c in r.retrieved}
    return sum(s in found for s in r.case.gold_sources) / len(r.case.gold_sources)


def fact_recall(r: CaseResult) -> Score:
    """Share of required facts with a variant in the answer text."""
    facts = r.case.facts
    if r.case.refuse or not facts:
        return None
    return sum(has_variant(r.text, f) for f in facts) / len(facts)


def facts_all(r: CaseResult) -> Score:
    """1 when every required fact is in the answer (the case passes on content)."""
    recall = fact_recall(r)
    return None if recall is None else float(recall == 1.0)


def citation_validity(r: CaseResult) -> Score:
    """1 when a non-refusal answer has markers and every one points at a returned citation."""
    if r.refused:
        return None
    numbers = marker_numbers(r.text)
    returned = {c.n for c in r.citations}
    return float(bool(numbers) and all(n in returned for n in numbers))


def citation_precision(r: CaseResult) -> Score:
    """Share of cited chunks from a gold source that contain a variant of a required fact."""
    if r.refused or not r.citations or not _answerable(r) or not r.case.facts:
        return None
    gold = set(r.case.gold_sources)
    good = [
        c for c in r.citations
        if c.source in gold and any(has_variant(c.text, f) for f in r.case.facts)
    ]
    return len(good) / len(r.citations)


def person_attribution(r: CaseResult) -> Score:
    """Share of citations about one of the case's gold people."""
    if r.refused or not r.citations or not r.case.gold_people:
        return None
    people = set(r.case.gold_people)
    return sum(c.person in people for c in r.citations) / len(r.citations)


def _people_sets(r: CaseResult) -> tuple[set[str], set[str]] | None:
    if r.case.kind != "cross_profile" or r.case.refuse or not r.case.gold_people:
        return None
    return set(r.named), set(r.case.gold_people)


def people_precision(r: CaseResult) -> Score:
    """Collection questions: share of the people the answer names who are right."""
    sets = _people_sets(r)
    if sets is None:
        return None
    named, gold = sets
    return len(named & gold) / len(named) if named else 0.0


def people_recall(r: CaseResult) -> Score:
    """Collection questions: share of the right people the answer names."""
    sets = _people_sets(r)
    return None if sets is None else len(sets[0] & sets[1]) / len(sets[1])


def people_exact(r: CaseResult) -> Score:
    """Collection questions: 1 when the answer names every right person and no wrong one."""
    sets = _people_sets(r)
    return None if sets is None else float(sets[0] == sets[1])


def _folded(name: str) -> list[str]:
    """A name's words in lower case without accents ("Cătălina" and "Catălina" are one name)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.findall(r"[a-z][a-z'-]*", plain.lower())


def indexed_name(gold: str, known: Sequence[str]) -> str:
    """The indexed person a case's gold name is: the same name, or the same first and last name
    with accents and middle names aside ("Jon E. Froehlich" is the indexed "Jon Froehlich"),
    or the only indexed person with that last name. A case writer spells a name from the
    document; identity reads it from the same document, sometimes with a middle name more or
    less, and both are the same person."""
    words = _folded(gold)
    if gold in known or not words:
        return gold
    folded = {p: f for p in known if (f := _folded(p))}
    same = [p for p, f in folded.items() if (f[0], f[-1]) == (words[0], words[-1])]
    last = [p for p, f in folded.items() if f[-1] == words[-1]]
    return same[0] if len(same) == 1 else last[0] if len(last) == 1 else gold


def named_people(text: str, known: Sequence[str]) -> list[str]:
    """Indexed people an answer names: by full name, or by a last name no one else has."""
    low = text.lower()
    lasts = [p.split()[-1].lower() for p in known]
    found = []
    for person, last in zip(known, lasts):
        full = re.search(rf"\b{re.escape(person.lower())}\b", low)
        alone = lasts.count(last) == 1 and re.search(rf"\b{re.escape(last)}\b", low)
        if full or alone:
            found.append(person)
    return found


def over_refusal(r: CaseResult) -> Score:
    """Answerable cases: 1 when refused."""
    return float(r.refused) if _answerable(r) else None


def wrong_answer(r: CaseResult) -> Score:
    """Answerable cases: 1 when answered without any of the required facts (worse than a
    refusal: a confident, cited answer that is not the one asked for)."""
    if not _answerable(r) or not r.case.facts:
        return None
    return float(not r.refused and not any(has_variant(r.text, f) for f in r.case.facts))


# Stages of the refusal funnel, in pipeline order.
FUNNEL = ("override filter", "person not indexed", "not retrieved",
          "compression dropped the fact", "model picked no line",
          "picked lines did not answer", "model wrote the refusal", "checker: number mismatch",
          "checker: name mismatch", "checker: no overlap",
          "extractive: no sentence met the question", "other")


def funnel_stage(r: CaseResult) -> str | None:
    """For an answerable case that was refused, the stage that refused it."""
    if not _answerable(r) or not r.refused:
        return None
    if r.refused_by == "override":
        return "override filter"
    if r.refused_by == "unknown person":
        return "person not indexed"
    gold = set(r.case.gold_sources)
    if r.refused_by == "retrieval" or not any(c.source in gold for c in r.retrieved):
        return "not retrieved"
    if r.context is not None and r.case.facts:
        passages = "\n".join(c.text for c in r.retrieved)
        sent = "\n".join(r.context)
        if any(has_variant(passages, f) and not has_variant(sent, f) for f in r.case.facts):
            return "compression dropped the fact"
    if r.refused_by == "model":
        return "model wrote the refusal"
    if r.refused_by == "no line":
        return "model picked no line"
    if r.refused_by == "quote check":
        return "picked lines did not answer"
    if r.refused_by == "checker":
        reasons = r.dropped or ["no overlap"]
        return f"checker: {max(set(reasons), key=reasons.count)}"
    if r.refused_by == "extractive":
        return "extractive: no sentence met the question"
    return "other"


def funnel(results: Sequence[CaseResult]) -> dict[str, int]:
    """How many answerable cases each stage refused (stages that refused none left out), in
    pipeline order; a checker's reason the order does not name ("checker: relation reversed")
    comes after it."""
    stages = [s for r in results if (s := funnel_stage(r))]
    named = [stage for stage in FUNNEL if stage in stages]
    return {stage: stages.count(stage) for stage in named + sorted(set(stages) - set(named))}


PER_CASE: dict[str, Callable[[CaseResult], Score]] = {
    "hit@k": hit_at_k,
    "mrr": mrr,
    "context_precision": context_precision,
    "context_recall": context_recall,
    "fact_recall": fact_recall,
    "facts_all": facts_all,
    "citation_validity": citation_validity,
    "citation_precision": citation_precision,
    "person_attribution": person_attribution,
    "people_precision": people_precision,
    "people_recall": people_recall,
    "people_exact": people_exact,
    "over_refusal": over_refusal,
    "wrong_answer": wrong_answer,
}
# Record extraction against eval/labels/<set>/, micro-averaged over the five kinds.
RECORDS = ("records_precision", "records_recall", "records_venue_year")
# The same on the labels kept back for measuring only (eval/labels/real/, "heldout": true).
RECORDS_HELDOUT = tuple(f"{name}_heldout" for name in RECORDS)
LATENCY = ("first_token_p50_s", "first_token_p95_s", "total_p50_s", "total_p95_s")
# Metrics where a lower figure is better; --min/--max and the comparison use this.
LOWER_IS_BETTER = frozenset((*LATENCY, "over_refusal", "wrong_answer"))
NAMES = (*PER_CASE, "refusal_precision", "refusal_recall", *LATENCY, *RECORDS, *RECORDS_HELDOUT)


def case_scores(r: CaseResult) -> dict[str, Score]:
    """Every per-case metric for one result."""
    return {name: metric(r) for name, metric in PER_CASE.items()}


def mean(values: Sequence[Score]) -> Score:
    """Mean of the values that apply; None when none does."""
    present = [v for v in values if v is not None]
    return sum(present) / len(present) if present else None


def refusal_scores(results: Sequence[CaseResult]) -> dict[str, Score]:
    """Precision: refusals that were right; recall: refusal cases that were refused, or whose
    answer turned their premise down ("None of the passages found names Google; …")."""
    refused = [r for r in results if r.refused]
    should = [r for r in results if r.case.refuse]
    return {
        "refusal_precision": (sum(r.case.refuse for r in refused) / len(refused)
                              if refused else None),
        "refusal_recall": (sum(r.refused or r.absent for r in should) / len(should)
                           if should else None),
    }


def percentile(values: Sequence[float], q: float) -> Score:
    """The q-th percentile (0-100) with linear interpolation; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def latency_scores(results: Sequence[CaseResult]) -> dict[str, Score]:
    """p50 and p95 of the time to first token and to the full answer, in seconds."""
    first = [r.first_token_s for r in results]
    total = [r.total_s for r in results]
    return {
        "first_token_p50_s": percentile(first, 50), "first_token_p95_s": percentile(first, 95),
        "total_p50_s": percentile(total, 50), "total_p95_s": percentile(total, 95),
    }


def aggregate(results: Sequence[CaseResult]) -> dict[str, Score]:
    """All metrics pooled over a group of results, plus the case count under "n"."""
    per_case = [case_scores(r) for r in results]
    out: dict[str, Score] = {"n": float(len(results))}
    for name in PER_CASE:
        out[name] = mean([s[name] for s in per_case])
    out.update(refusal_scores(results))
    out.update(latency_scores(results))
    return out


def by_kind(results: Sequence[CaseResult]) -> dict[str, dict[str, Score]]:
    """aggregate() for each kind of case, in the order kinds first appear."""
    kinds = list(dict.fromkeys(r.case.kind for r in results))
    return {k: aggregate([r for r in results if r.case.kind == k]) for k in kinds}
