"""Retrieval and answer figures on a built index, over the generator's questions.

ingest_bench's measuring process calls these after it has ingested a corpus: retrieval latency
and hit@5 as answer() retrieves (person resolution included), then answer latency with the
extractive backend (our own cost, no model) and with the local model on a few questions.
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from assistant.answer import Assistant
from assistant.retrieval import COLLECTION, Passage, resolve_people, retrieve
from assistant.settings import Settings
from ingest.store import Index

HIT_AT = 5
WARM_UP = 3  # untimed first questions: the first Chroma query loads the HNSW index


def sample_questions(questions: Sequence[dict], n: int, seed: int) -> list[dict]:
    """n of the questions, drawn without replacement; the same for the same corpus and seed."""
    if n >= len(questions):
        return list(questions)
    return random.Random(f"profilechat-bench-sample:{seed}").sample(list(questions), n)


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank q-th percentile (q in 0..100)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def retrieve_as_answer_does(index: Index, settings: Settings,
                            question: str) -> tuple[list[Passage], list[str]]:
    """The passages answer() would retrieve for a first question, and the people it resolved."""
    focus = resolve_people(question, list(index.people()))
    passages = retrieve(index, question, people=focus, k=settings.top_k,
                        diversify=not focus and bool(COLLECTION.search(question)))
    return passages, focus


def is_hit(passages: Sequence[Passage], gold_file: str) -> bool:
    """Whether the gold file is the source of one of the first HIT_AT passages."""
    return gold_file in {p.chunk.source for p in passages[:HIT_AT]}


def answer_in(passages: Sequence[Passage], answer: str) -> bool:
    """Whether every part of a generated answer ("; "-separated) is in the first HIT_AT passages."""
    text = " ".join(" ".join(p.chunk.text.split()) for p in passages[:HIT_AT]).lower()
    return all(" ".join(part.split()).lower() in text for part in answer.split("; "))


def measure_retrieval(index: Index, settings: Settings, questions: Sequence[dict],
                      other_cpu: Callable[[], float] = lambda: 0.0) -> dict[str, Any]:
    """Latency p50/p95 (ms), CPU ms per question (this process plus `other_cpu`, a Chroma
    server's), hit@5, answer@5 and how often the question's person was resolved."""
    for q in questions[:WARM_UP]:
        retrieve_as_answer_does(index, settings, q["question"])
    latencies, hits, answers, found = [], 0, 0, 0
    cpu, other = time.process_time(), other_cpu()
    for q in questions:
        started = time.perf_counter()
        passages, focus = retrieve_as_answer_does(index, settings, q["question"])
        latencies.append(time.perf_counter() - started)
        hits += is_hit(passages, q["gold_file"])
        answers += answer_in(passages, q["answer"])
        found += q["gold_person"] in focus
    cpu_s = time.process_time() - cpu + other_cpu() - other
    n = len(questions)
    return {
        "questions": n,
        "retrieval_p50_ms": 1000 * percentile(latencies, 50),
        "retrieval_p95_ms": 1000 * percentile(latencies, 95),
        "retrieval_cpu_ms": 1000 * cpu_s / n,
        "hit5": hits / n,
        "answer5": answers / n,
        "person_found": found / n,
    }


def answered(text: str, expected: str) -> bool:
    """Whether an answer states every part of a generated answer, punctuation and case aside
    ("Best Paper Award, HPCA (2014)" states "Best Paper Award, HPCA 2014")."""
    def words(s: str) -> str:
        return " ".join(re.findall(r"[a-z0-9]+", s.lower()))

    said = f" {words(text)} "
    return all(f" {words(part)} " in said for part in expected.split("; "))


def measure_answers(index: Index, settings: Settings, questions: Sequence[dict],
                    llm: str) -> dict[str, Any]:
    """answer() latency p50/p95 (s) with one backend, over every question and over those the model
    itself wrote (the rest come from the records); how often the answer states the generated
    truth; model load and a warm-up are not timed."""
    assistant = Assistant(settings.model_copy(update={"llm": llm}), index=index)
    started = time.perf_counter()
    if assistant.chat_model is None and llm != "extractive":  # loads the model
        print(f"  {llm} did not load: {' '.join(assistant.notes)}", file=sys.stderr)
    assistant.answer("What does the profile say about teaching and awards?")  # warm-up
    load_s = time.perf_counter() - started
    totals, written, correct, records = [], [], 0, 0
    for i, q in enumerate(questions, 1):
        result = assistant.answer(q["question"])
        totals.append(result.timings["total_s"])
        correct += answered(result.text, q["answer"])
        records += result.route == "collection"
        if result.route == "retrieval":
            written.append(result.timings["total_s"])
        if llm != "extractive":
            print(f"  {llm} answer {i}/{len(questions)}: {totals[-1]:.1f} s ({result.route})",
                  file=sys.stderr)
    return {
        f"{llm}_n": len(totals),
        f"{llm}_p50_s": percentile(totals, 50),
        f"{llm}_p95_s": percentile(totals, 95),
        f"{llm}_correct": correct / len(totals) if totals else None,
        f"{llm}_records": records / len(totals) if totals else None,
        f"{llm}_written_n": len(written),
        f"{llm}_written_p50_s": percentile(written, 50) if written else None,
        f"{llm}_written_p95_s": percentile(written, 95) if written else None,
        f"{llm}_load_s": load_s,
        f"{llm}_backend": assistant.backend,  # "extractive" here means the model did not load
    }
