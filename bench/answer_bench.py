"""Answer latency on this machine: time to first token, full answer, prompt tokens per question.

    python -m bench.answer_bench [--llm local] [--n 20] [--corpus DIR] [--cases eval/shared.jsonl]
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
from ingest.pipeline import ingest
from ingest.store import open_index

REPO = Path(__file__).resolve().parents[1]


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--llm", default="local")
    parser.add_argument("--n", type=int, default=20, help="questions to time")
    parser.add_argument("--corpus", type=Path, default=REPO.parent / "shared/corpus/profiles")
    parser.add_argument("--cases", type=Path, default=REPO / "eval/shared.jsonl")
    args = parser.parse_args()

    settings = load_settings(home=Path(tempfile.mkdtemp(prefix="answer-bench-")), llm=args.llm)
    index = open_index(settings)
    ingest([args.corpus], settings, index)
    assistant = Assistant(settings, index=index)
    cases = [json.loads(line) for line in args.cases.read_text().splitlines() if line.strip()]
    loaded = time.perf_counter()
    assistant.answer("warm-up: who is in the index?")  # loads the model once, not timed
    print(f"backend: {assistant.backend}; model load + warm-up {time.perf_counter() - loaded:.1f} s")

    first, total, prompt = [], [], []
    for case in cases[: args.n]:
        history = [tuple(turn) for turn in case.get("history", [])]
        result: Answer = assistant.answer(case["question"], history)
        first.append(result.timings["first_token_s"])
        total.append(result.timings["total_s"])
        prompt.append(result.prompt_tokens)
    print(f"questions: {len(total)}")
    print(f"time to first token: median {statistics.median(first):.2f} s, p95 {_p95(first):.2f} s")
    print(f"full answer:         median {statistics.median(total):.2f} s, p95 {_p95(total):.2f} s")
    print(f"prompt tokens:       median {statistics.median(prompt):.0f}, max {max(prompt)}")


if __name__ == "__main__":
    main()
