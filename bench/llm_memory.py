"""Memory and latency of the local model over many answers, by host-memory prompt cache size.

    python -m bench.llm_memory --cache-mib 8192 --answers 30
    python -m bench.llm_memory --cache-mib 256 --answers 30

One process per run (a fresh heap): the sample profiles are ingested into a temporary home, then
the questions of eval/sample.jsonl are asked through Assistant.answer with PROFILECHAT_LLM=local
(each alone, then each after the one before it, so that prompts differ as in a chat) until N
answers have gone to the model. After each, the process's VmRSS and RssAnon (its heap: the
model's 1.1 GB file is mapped, not anonymous) and llama.cpp's own counters are recorded: prompt
tokens evaluated, tokens reused from a cache, prompt milliseconds.
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler

from assistant.answer import Assistant
from assistant.llm import LocalChatModel
from assistant.model_file import ensure_local_model
from assistant.settings import load_settings
from ingest.pipeline import ingest
from ingest.store import open_index

REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "eval" / "sample.jsonl"


def memory_mb() -> dict[str, float]:
    """VmRSS and RssAnon of this process, in MB."""
    status = Path("/proc/self/status").read_text()
    return {key: int(re.search(rf"{key}:\s+(\d+) kB", status)[1]) / 1024  # type: ignore[index]
            for key in ("VmRSS", "RssAnon")}


class Timings(BaseCallbackHandler):
    """llama.cpp's timings of the last answer the model finished."""

    def __init__(self) -> None:
        self.last: dict[str, Any] = {}

    def on_llm_end(self, response: Any, **kwargs: Any) -> None:
        message = response.generations[0][0].message
        self.last = message.response_metadata.get("timings", {})


def questions() -> list[tuple[str, list[tuple[str, str]]]]:
    """Each sample question alone, then each with the one before it as history."""
    asked = [json.loads(line)["question"] for line in CASES.read_text().splitlines() if line]
    alone = [(q, []) for q in asked]
    follow = [(q, [(before, "")]) for before, q in itertools.pairwise(asked)]
    return alone + follow  # type: ignore[return-value]


def main() -> None:
    """Ingest, answer until N model answers, print one line per answer and a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache-mib", type=int, required=True, help="PROFILECHAT_LLM_CACHE_MIB")
    parser.add_argument("--answers", type=int, default=30, help="answers from the model")
    parser.add_argument("--max-tokens", type=int, help="default: PROFILECHAT_LLM_MAX_TOKENS")
    parser.add_argument("--json", type=Path, help="also write the rows here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        settings = load_settings(home=Path(home), chroma_url="", llm="local",
                                 llm_cache_mib=args.cache_mib, llm_max_tokens=args.max_tokens)
        index = open_index(settings)
        ingest([REPO / "sample" / "profiles"], settings, index)
        timings = Timings()
        model = LocalChatModel(model_path=str(ensure_local_model(settings)),
                               n_threads=settings.llm_threads, max_tokens=settings.llm_max_tokens,
                               cache_mib=args.cache_mib, callbacks=[timings])
        model.load()
        assistant = Assistant(settings, index=index, chat_model=model)
        rows: list[dict[str, Any]] = []
        print(f"cache {args.cache_mib} MiB, loaded: {memory_mb()}", flush=True)
        for question, history in questions():
            if len(rows) == args.answers:
                break
            started = time.perf_counter()
            result = assistant.answer(question, history)
            if not result.prompt_tokens:
                continue  # answered from the records: the model was not asked
            row = {"n": len(rows) + 1, "wall_s": time.perf_counter() - started,
                   "prompt_n": timings.last.get("prompt_n"), "cache_n": timings.last.get("cache_n"),
                   "prompt_ms": timings.last.get("prompt_ms"), **memory_mb()}
            rows.append(row)
            print(json.dumps(row), flush=True)
        heap = [r["RssAnon"] for r in rows]
        half = len(rows) // 2
        print(f"cache {args.cache_mib} MiB: {len(rows)} answers; RssAnon {heap[0]:.0f} → "
              f"{heap[half]:.0f} → {heap[-1]:.0f} MB "
              f"({(heap[-1] - heap[half]) / max(len(rows) - 1 - half, 1):+.2f} MB an answer over "
              f"the second half); VmRSS end {rows[-1]['VmRSS']:.0f} MB; wall p50 "
              f"{statistics.median(r['wall_s'] for r in rows):.2f} s; prompt ms p50 "
              f"{statistics.median(r['prompt_ms'] for r in rows):.0f}; cached tokens p50 "
              f"{statistics.median(r['cache_n'] or 0 for r in rows):.0f}")
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
