"""Run eval cases through the assistant: load a set, ingest its corpus, answer, record, score."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from langchain_core.embeddings import Embeddings

from assistant.errors import ProfileChatError
from assistant.quote import PICK_KEYS
from assistant.retrieval import Passage
from assistant.settings import Settings
from assistant.types import Answer
from eval import metrics
from eval.metrics import CaseResult, ChunkRef
from ingest.chunking import Chunk
from ingest.pipeline import IngestReport, ingest
from ingest.store import Index, open_index

EVAL_DIR = Path(__file__).resolve().parent
REPO = EVAL_DIR.parent
KINDS = ("single_fact", "list", "cross_profile", "coauthor", "number_date", "follow_up",
         "not_author", "unanswerable", "prompt_injection")


class EvalError(ProfileChatError):
    """An eval set or its corpus cannot be used."""


@dataclass(frozen=True)
class Case:
    """One question with what a right answer contains (schema in eval/CASES.md)."""

    id: str
    kind: str
    question: str
    history: tuple[tuple[str, str], ...] = ()
    facts: tuple[tuple[str, ...], ...] = ()
    gold_people: tuple[str, ...] = ()
    gold_sources: tuple[str, ...] = ()
    refuse: bool = False
    notes: str = ""

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Case:
        """A case from one parsed JSONL line; raises KeyError/ValueError when malformed."""
        if data["kind"] not in KINDS:
            raise ValueError(f"unknown kind {data['kind']!r} (one of {', '.join(KINDS)})")
        return cls(
            id=str(data["id"]), kind=data["kind"], question=str(data["question"]),
            history=tuple((str(q), str(a)) for q, a in data.get("history") or []),
            facts=tuple(tuple(str(v) for v in f) for f in data.get("facts") or []),
            gold_people=tuple(data.get("gold_people") or []),
            gold_sources=tuple(data.get("gold_sources") or []),
            refuse=bool(data.get("refuse", False)), notes=str(data.get("notes", "")),
        )


@dataclass(frozen=True)
class EvalSet:
    """A named file of cases and the folder of documents they are about."""

    name: str
    cases_path: Path
    corpus: Path
    # file name → person, for documents whose text does not name them (what `ingest --person`
    # says for one file); read from <cases>.names.json beside the cases when there is one
    names: dict[str, str] = field(default_factory=dict)
    # the store under <home>/eval/ that the set's corpus is ingested into: sets over the same
    # documents share one (the three question sets of the real corpus), so that an eval of
    # them under one --home ingests the corpus once; the set's name where empty
    store: str = ""


@dataclass
class Run:
    """The results of one eval set answered by one backend."""

    eval_set: EvalSet
    backend: str  # as asked for
    actual_backend: str  # as it ran: "extractive" when a model could not load
    top_k: int
    results: list[CaseResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.eval_set.name}/{self.backend}"

    extraction: dict[str, metrics.Score] = field(default_factory=dict)

    @property
    def overall(self) -> dict[str, metrics.Score]:
        return {**metrics.aggregate(self.results), **self.extraction}

    @property
    def kinds(self) -> dict[str, dict[str, metrics.Score]]:
        return metrics.by_kind(self.results)


class Answerer(Protocol):
    """What the harness needs of an assistant: Assistant.stream_answer's contract."""

    def stream_answer(self, question: str, history: Sequence[tuple[str, str]] | None = None, *,
                      on_sources: Callable[[list[Passage]], None] | None = None,
                      ) -> Iterator[str | Answer]: ...


def load_cases(path: Path) -> list[Case]:
    """Every case in a JSONL file; a bad line is reported with its number."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise EvalError(f"cannot read eval cases {path}: {exc.strerror or exc}") from exc
    cases = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            cases.append(Case.from_dict(json.loads(line)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
            raise EvalError(
                f"{path}:{number}: not a valid case ({exc}); see eval/CASES.md") from exc
    return cases


def select(cases: Sequence[Case], kinds: Sequence[str] = (),
           limit: int | None = None) -> list[Case]:
    """Cases of the given kinds (all when none given), at most `limit` of them."""
    chosen = [c for c in cases if not kinds or c.kind in kinds]
    return chosen[:limit] if limit is not None else chosen


# The real corpus's question sets: the first writer's; a second writer's, read since to develop
# from; a third writer's, held back: measured, never read to write code from; a fourth
# writer's, to develop from when the second's misses are worked through; a fifth writer's
# (not_author, cross_profile, follow_up, list), in phrasings the others did not use; a sixth
# writer's questions over the whole collection, many naming a thing some CVs name in another
# relation than asked ("who reviews for X" where others only published there), and things no CV
# names
REAL_SETS = {"real": "real.jsonl", "real-fresh": "real_fresh.jsonl",
             "real-third": "real_third.jsonl", "real-fourth": "real_fourth.jsonl",
             "real-fifth": "real_fifth.jsonl", "real-sixth": "real_sixth.jsonl"}


def resolve_set(spec: str, corpus: Path | None = None, shared: Path | None = None) -> EvalSet:
    """`shared`, `sample` or a JSONL path (which needs `corpus`) as an EvalSet.

    Args:
        spec: the set's name or the path of a JSONL file of cases.
        corpus: the folder of documents, for a path; overrides a named set's folder.
        shared: the shared folder holding corpus/profiles (default: ../shared beside the repo).
    """
    if spec == "shared":
        folder = (shared or REPO.parent / "shared") / "corpus" / "profiles"
        return EvalSet("shared", EVAL_DIR / "shared.jsonl", corpus or folder)
    if spec == "sample":
        return EvalSet("sample", EVAL_DIR / "sample.jsonl", corpus or REPO / "sample" / "profiles")
    if spec.endswith("-paraphrases") and spec.removesuffix("-paraphrases") in ("shared", "sample"):
        # every case of the set in two other phrasings (eval/paraphrases/, ROUTING.md)
        base = resolve_set(spec.removesuffix("-paraphrases"), corpus, shared)
        return EvalSet(spec, EVAL_DIR / "paraphrases" / f"{base.name}.jsonl", base.corpus,
                       store=base.name)
    if spec in REAL_SETS:  # 30 real CVs and profile pages nobody wrote the code around, and
        # the questions of three writers (eval/README.md)
        folder = (shared or REPO.parent / "shared") / "corpus" / "real"
        names = json.loads((EVAL_DIR / "real.names.json").read_text(encoding="utf-8"))
        cases = EVAL_DIR / REAL_SETS[spec]
        return EvalSet(spec, cases, corpus or folder, names, store="real")
    path = Path(spec)
    if not path.is_file():
        raise EvalError(
            f"no eval set {spec!r}: name `shared`, `sample`, "
            f"{', '.join(f'`{name}`' for name in REAL_SETS)}, `shared-paraphrases`, "
            "`sample-paraphrases` or a JSONL file of cases")
    if corpus is None:
        raise EvalError(f"{spec} is a custom eval set: pass the folder it is about with --corpus")
    beside = path.with_name(f"{path.stem}.names.json")
    try:
        names = json.loads(beside.read_text(encoding="utf-8")) if beside.is_file() else {}
    except (OSError, ValueError) as err:
        raise EvalError(f"{beside}: not a JSON object of file name → person ({err})") from err
    if not isinstance(names, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
        raise EvalError(f"{beside}: not a JSON object of file name → person")
    return EvalSet(path.stem, path, corpus, names)


def eval_settings(eval_set: EvalSet, settings: Settings, backend: str | None = None) -> Settings:
    """Settings with the embedded store of the set's corpus, <home>/eval/<store or set name>."""
    home = settings.home / "eval" / (eval_set.store or eval_set.name)
    update: dict[str, Any] = {"home": home, "chroma_url": None}
    if backend:
        update["llm"] = backend
    return settings.model_copy(update=update)


# A corpus folder's description of its own files (../shared/corpus/real/SOURCES.md: where each
# document comes from and how its text extracts) is about the corpus, not one of its profiles.
CORPUS_MANIFESTS = frozenset({"SOURCES.md"})


def corpus_documents(folder: Path) -> list[Path]:
    """The files and folders of an eval corpus that are its documents."""
    return [p for p in sorted(folder.iterdir()) if p.name not in CORPUS_MANIFESTS]


def prepare_index(eval_set: EvalSet, settings: Settings,
                  embeddings: Embeddings | None = None) -> tuple[Index, IngestReport]:
    """The set's index, brought up to date with its corpus (unchanged files are skipped)."""
    if not eval_set.corpus.is_dir():
        raise EvalError(
            f"the corpus of eval set {eval_set.name!r} is missing at {eval_set.corpus}; "
            "pass --corpus DIR, or PROFILECHAT_SHARED=/path/to/shared for the shared set"
        )
    own = eval_settings(eval_set, settings)
    index = Index(own, embeddings) if embeddings is not None else open_index(own)
    report = ingest(corpus_documents(eval_set.corpus), own, index, names=eval_set.names)
    root = eval_set.corpus.resolve()
    for path in index.indexed_paths():
        if not Path(path).is_relative_to(root) or not Path(path).exists() or \
                Path(path).name in CORPUS_MANIFESTS:
            index.remove_path(path)  # another corpus once used under this set's name
    return index, report


def _refs(index: Index, ids: Sequence[str]) -> dict[str, Chunk]:
    return {c.id: c for c in index.chunks(list(dict.fromkeys(ids)))}


def record(case: Case, answer: Answer, index: Index, seen: Sequence[str], first: float,
           total: float) -> CaseResult:
    """A CaseResult with retrieved and cited chunks resolved to their source, person and text."""
    retrieved_ids = list(answer.retrieved or seen)
    found = _refs(index, [*retrieved_ids, *(c.chunk_id for c in answer.citations)])
    retrieved = [ChunkRef(i, found[i].source, found[i].person, found[i].text)
                 for i in retrieved_ids if i in found]
    cited = []
    for c in answer.citations:
        chunk = found.get(c.chunk_id)
        cited.append(ChunkRef(c.chunk_id, chunk.source if chunk else c.source,
                              chunk.person if chunk else c.person,
                              chunk.text if chunk else "", c.n))
    why = answer.diagnostics
    known = list(index.people())
    case = replace(case, gold_people=tuple(metrics.indexed_name(g, known)
                                           for g in case.gold_people))
    return CaseResult(case, answer.text, answer.refused, cited, retrieved, first, total,
                      answer.backend, named=metrics.named_people(answer.text, known),
                      refused_by=str(why.get("refused_by") or ""),
                      dropped=list(why.get("dropped") or []), context=why.get("context"),
                      absent=bool(answer.absent),
                      pick={k: why[k] for k in PICK_KEYS if k in why})


def run_case(answerer: Answerer, case: Case, index: Index) -> CaseResult:
    """Answer one case, timing the first streamed piece and the final Answer."""
    seen: list[str] = []

    def on_sources(passages: list[Passage]) -> None:
        seen.extend(p.chunk.id for p in passages)

    started = time.perf_counter()
    first: float | None = None
    answer: Answer | None = None
    try:
        for piece in answerer.stream_answer(case.question, list(case.history),
                                            on_sources=on_sources):
            first = time.perf_counter() - started if first is None else first
            if isinstance(piece, Answer):
                answer = piece
    except ProfileChatError as exc:
        return CaseResult(case, "", False, error=str(exc))
    total = time.perf_counter() - started
    if answer is None:
        return CaseResult(case, "", False, error="the assistant returned no final Answer")
    return record(case, answer, index, seen, first or total, total)


def run_cases(answerer: Answerer, cases: Sequence[Case], index: Index,
              on_case: Callable[[CaseResult], None] | None = None) -> list[CaseResult]:
    """run_case for each case in order."""
    results = []
    for case in cases:
        results.append(run_case(answerer, case, index))
        if on_case:
            on_case(results[-1])
    return results


def extraction_scores(eval_set: EvalSet) -> dict[str, metrics.Score]:
    """Record extraction scored against the set's hand labels, if it has any."""
    from eval import records

    labels = records.LABELS_DIR / eval_set.name
    if not labels.is_dir():
        return {}
    scores = records.summary(records.score_corpus(labels, eval_set.corpus, eval_set.names,
                                                  heldout=False))
    held = records.score_corpus(labels, eval_set.corpus, eval_set.names, heldout=True)
    if held:  # labels kept back for measuring only: their own column, never tuned on
        scores |= {f"{k}_heldout": v for k, v in records.summary(held).items()}
    return scores


def run_set(eval_set: EvalSet, settings: Settings, backends: Sequence[str], *,
            kinds: Sequence[str] = (), limit: int | None = None,
            embeddings: Embeddings | None = None,
            on_case: Callable[[CaseResult], None] | None = None) -> list[Run]:
    """Ingest a set's corpus once, then answer its cases with each backend in turn."""
    from assistant.answer import Assistant

    cases = select(load_cases(eval_set.cases_path), kinds, limit)
    index, report = prepare_index(eval_set, settings, embeddings)
    extraction = extraction_scores(eval_set)
    notes = [f"ingest failed: {f.path.name}: {f.reason}" for f in report.files
             if f.outcome == "failed"]
    runs = []
    try:
        for backend in backends:
            own = eval_settings(eval_set, settings, backend)
            assistant = Assistant(own, index=index)
            actual = assistant.backend
            run = Run(eval_set, backend, actual, own.top_k, notes=[*notes, *assistant.notes],
                      extraction=extraction)
            run.results = run_cases(assistant, cases, index, on_case)
            runs.append(run)
    finally:
        index.close()
    return runs
