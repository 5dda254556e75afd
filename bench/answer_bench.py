"""Answer latency on this machine: time to first token, full answer, prompt tokens per question.

    python -m bench.answer_bench [--llm local] [--n 0] [--corpus DIR] [--cases eval/shared.jsonl]
                                 [--names eval/real.names.json]

Answers written by the model ("model") are reported apart from those the records or the refusal
gave without it, as the 6-second goal is about the model's answers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from assistant.answer import Assistant
from assistant.settings import load_settings
from assistant.types import Answer
from eval.harness import corpus_documents
from ingest.pipeline import ingest
from ingest.store import open_index

REPO = Path(__file__).resolve().parents[1]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--llm", default="local")
    parser.add_argument("--n", type=int, default=0, help="questions to time (0: every case)")
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared/corpus/profiles")
    parser.add_argument("--cases", type=Path, default=REPO / "eval/shared.jsonl")
    parser.add_argument("--names", type=Path, default=None,
                        help="JSON of file name -> person, for pages that never name theirs")
    args = parser.parse_args()
    names = json.loads(args.names.read_text(encoding="utf-8")) if args.names else None

    settings = load_settings(home=Path(tempfile.mkdtemp(prefix="answer-bench-")), llm=args.llm)
    index = open_index(settings)
    ingest(corpus_documents(args.corpus), settings, index, names=names)  # as the eval does
    assistant = Assistant(settings, index=index)
    cases = [json.loads(line) for line in args.cases.read_text().splitlines() if line.strip()]
    loaded = time.perf_counter()
    assistant.answer("warm-up: who is in the index?")  # loads the model once, not timed
    print(f"backend: {assistant.backend}; "
          f"model load + warm-up {time.perf_counter() - loaded:.1f} s")

    rows: list[tuple[str, float, float, int]] = []
    for case in cases[: args.n or None]:
        history = [tuple(turn) for turn in case.get("history", [])]
        result: Answer = assistant.answer(case["question"], history)
        route = "model" if result.prompt_tokens else result.route  # the model wrote it, or not
        rows.append((route, result.timings["first_token_s"], result.timings["total_s"],
                     result.prompt_tokens))
    routes = sorted({x[0] for x in rows})
    counts = ", ".join(f"{r}: {sum(x[0] == r for x in rows)}" for r in routes)
    print(f"questions: {len(rows)} ({counts})")
    for label, picked in (("all", rows), ("model", [x for x in rows if x[0] == "model"])):
        if not picked:
            continue
        first, total = [x[1] for x in picked], [x[2] for x in picked]
        print(f"[{label}] time to first token: median {statistics.median(first):.2f} s, "
              f"p95 {_p95(first):.2f} s; full answer: median {statistics.median(total):.2f} s, "
              f"p95 {_p95(total):.2f} s")
    prompt = [x[3] for x in rows if x[3]]
    if prompt:
        print(f"[model] prompt tokens: median {statistics.median(prompt):.0f}, max {max(prompt)}")


if __name__ == "__main__":
    main()
