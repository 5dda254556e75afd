"""Speed of the local model: load time, prompt and generation tokens/s, peak RSS.

python bench/llm_speed.py [--threads N] [--runs 3] [--gen-tokens 128]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from assistant.llm import LocalChatModel
from assistant.model_file import ensure_local_model
from assistant.settings import load_settings

SYSTEM = "Answer the question from the passages only. Cite passages as [n]."
# Four CV-style passages: ~400 prompt tokens with the template, system prompt and question,
# about what one answer sends (350 tokens of passages).
PASSAGE = (
    "[{n}] Dr. Mara Lindqvist is an associate professor of computer science whose group studies "
    "distributed training systems. Between 2016 and 2021 she led the Hydra project, which "
    "scheduled deep learning jobs across 1,200 GPUs and cut median job completion time by 38%. "
    "She received an NSF CAREER award in 2019 and serves on the program committees of OSDI, "
    "SOSP and MLSys."
)
QUESTION = "Which award did Mara Lindqvist receive, and in which year?"


@dataclass
class Run:
    """One timed request, with llama.cpp's own counters."""

    prompt_tokens: int
    prompt_tps: float
    gen_tokens: int
    gen_tps: float
    first_token_s: float
    wall_s: float


def messages(variant: int) -> list[BaseMessage]:
    """The benchmark prompt; `variant` changes the first word so no prompt cache is reused."""
    passages = "\n\n".join(PASSAGE.format(n=n) for n in range(1, 5))
    return [
        SystemMessage(f"({variant}) {SYSTEM}"),
        HumanMessage(f"Passages:\n{passages}\n\nQuestion: {QUESTION}"),
    ]


def timed_run(model: LocalChatModel, variant: int) -> Run:
    """Stream one answer, timing the first token and reading llama.cpp's timings at the end."""
    start = time.perf_counter()
    first = 0.0
    timings: dict[str, Any] = {}
    for chunk in model.stream(messages(variant)):
        if chunk.content and not first:
            first = time.perf_counter() - start
        timings = chunk.response_metadata.get("timings", timings)
    return Run(
        prompt_tokens=timings["prompt_n"],
        prompt_tps=timings["prompt_per_second"],
        gen_tokens=timings["predicted_n"],
        gen_tps=timings["predicted_per_second"],
        first_token_s=first,
        wall_s=time.perf_counter() - start,
    )


def main() -> None:
    """Load the model, run the prompt a few times, print a summary."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--threads", type=int, default=None, help="default: PROFILECHAT_LLM_THREADS"
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--gen-tokens", type=int, default=128)
    args = parser.parse_args()
    settings = load_settings(llm_threads=args.threads)

    path = ensure_local_model(settings)
    model = LocalChatModel(
        model_path=str(path),
        n_threads=settings.llm_threads,
        max_tokens=args.gen_tokens,
        # A fixed length makes gen tok/s comparable; no prompt cache keeps prompt tok/s honest.
        model_kwargs={"ignore_eos": True, "cache_prompt": False},
    )
    start = time.perf_counter()
    model.load()
    load_s = time.perf_counter() - start
    runs = [timed_run(model, i) for i in range(args.runs)]

    def median(values: list[float]) -> float:
        return statistics.median(values)

    print(f"model          {path.name}")
    print(f"threads        {settings.llm_threads}")
    print(f"load           {load_s:.2f} s")
    print(
        f"prompt         {runs[0].prompt_tokens} tokens, "
        f"{median([r.prompt_tps for r in runs]):.1f} tok/s (median of {len(runs)})"
    )
    print(
        f"generation     {runs[0].gen_tokens} tokens, {median([r.gen_tps for r in runs]):.1f} tok/s"
    )
    print(f"first token    {median([r.first_token_s for r in runs]):.2f} s")
    print(f"answer wall    {median([r.wall_s for r in runs]):.2f} s")
    print(f"peak RSS       {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
