"""Question parsing: the rule parser against the local model, on the routing table.

python -m bench.parse_bench [--n 60] [--seed 7] [--arbiter-all] [--threads N] [--show]

Builds the routing index (the shared and sample corpora, as tests/test_routing.py does) in a
temporary home, then, for a seeded sample of N rows of the routing table (eval/routing.jsonl and
eval/paraphrases/*.jsonl), parses each question twice:

- **rules**: `assistant.routes.parse_question`, the parser the assistant uses;
- **model**: the local Qwen2.5-Coder-1.5B (llama.cpp in-process through xllamacpp, as in
  assistant/llm.py) writing the typed query as compact JSON, constrained by a JSON schema that
  `xllamacpp.json_schema_to_grammar` turns into a grammar (llguidance). The system prompt and
  the few-shot turns are a fixed prefix, so llama.cpp's prompt cache keeps them and each question
  costs only its own tokens.

Both are scored with the routing test's `verdict()` (ok / miss / wrong). The **arbiter** variant
keeps the rule parser's query except where the rules sent the question to retrieval because of
words they could not place (`query.unused`); there the model's query is used instead.
`--arbiter-all` also runs the model on every such row of the whole table, not only the sample.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # the routing test's verdict() and corpus paths

from conftest import PROFILES, SAMPLE  # noqa: E402
from test_routing import TABLES, verdict  # noqa: E402

from assistant.llm import LOCAL_CONTEXT, _load_engine  # noqa: E402
from assistant.model_file import ensure_local_model  # noqa: E402
from assistant.retrieval import conversation_people  # noqa: E402
from assistant.routes import parse_question  # noqa: E402
from assistant.settings import Settings, load_settings  # noqa: E402

RELATIONS = ["papers", "coauthors", "authorship", "advisor", "education", "position", "award",
             "teaching"]
SHAPES = ["who", "list", "count", "yesno", "when", "where", "what"]
LEVELS = ["phd", "masters", "bachelors"]
ATTRIBUTES = ["venue", "year", "authors", "first_author", "advisor", "thesis", "institution",
              "dates"]
FIELDS = ["relation", "shape", "people", "others", "value", "since", "until", "internship",
          "level", "first_author", "attribute"]
MAX_TOKENS = 120

# ROUTING.md's field definitions, compressed.
RULES = """You turn a question about researcher CVs into a typed query, as JSON.
{"route":"retrieval"} when the structured records cannot answer the WHOLE question exactly:
research topics or interests; numbers records lack (GPA, citations, funding); negations (not,
never, except); the reverse direction ("Whom did X advise?", "Who cited X?"); relative times
("after his PhD", "before joining Google"); superlatives ("first", "most recent", "latest");
comparisons ("more than"); any filter no field holds ("remote", "paid", "senior").
Otherwise {"route":"records", ...} with every field:
relation: papers (a person's papers, counts, who published at a venue, one named paper's
  venue/year/authors/first author) | coauthors (a person's co-authors; who wrote with someone;
  whether two people wrote together) | authorship (whether a person wrote a named paper) |
  advisor (who advised a person; who was advised by X) | education (degrees, where/when, thesis,
  who studied at a place) | position (jobs and internships, who worked/interned at a place) |
  award | teaching (courses taught, teaching assistant).
shape: who (answer is people across the collection) | list (one person's items) | count |
  yesno | when | where | what (one attribute, e.g. an advisor or a paper's venue).
people: indexed people the question is about (subjects), full names from the list below; []
  for a question over the whole collection.
others: non-indexed people the subjects relate to (co-authors, advisors), as written.
value: the venue, organisation, institution, award, course or paper title asked about, as
  written; null if none.
since/until: inclusive years. "in 2019" 2019/2019; "since 2020" 2020/null; "after 2020"
  2021/null; "before 2018" null/2017; "between 2017 and 2019" 2017/2019.
internship: true internships only, false jobs only, null both (positions only).
level: phd | masters | bachelors | null (education and advisor only).
first_author: true for first-authored papers only.
attribute: what is asked of one named paper or degree: venue, year, authors, first_author,
  thesis, ...; null otherwise (a person's advisor is relation advisor, attribute null).
Indexed people: {people}."""

# Written for this bench; none is a row of the routing table (checked at start).
EXAMPLES: list[tuple[str, dict[str, Any] | str]] = [
    ("How many papers has Amara Nwosu published at NSDI since 2021?",
     {"relation": "papers", "shape": "count", "people": ["Amara Nwosu"], "value": "NSDI",
      "since": 2021}),
    ("Who interned at Google?",
     {"relation": "position", "shape": "who", "value": "Google", "internship": True}),
    ("Who was Rafael Quintero's master's advisor?",
     {"relation": "advisor", "shape": "what", "people": ["Rafael Quintero"],
      "level": "masters"}),
    ("Which of these researchers have written papers with Margo Seltzer?",
     {"relation": "coauthors", "shape": "who", "others": ["Margo Seltzer"]}),
    ("What is Sofia Lindqvist working on these days?", "retrieval"),
    ("Which researchers have never taught a course?", "retrieval"),
    ("In what year did 'Scaling Sparse Attention on Commodity Clusters' appear?",
     {"relation": "papers", "shape": "what", "value": "Scaling Sparse Attention on Commodity "
      "Clusters", "attribute": "year"}),
    ("Where did Aaron Harlap do his undergrad?",
     {"relation": "education", "shape": "where", "people": ["Aaron Harlap"],
      "level": "bachelors"}),
    ("List the awards Jun Wei won between 2015 and 2018.",
     {"relation": "award", "shape": "list", "people": ["Jun Wei"], "since": 2015,
      "until": 2018}),
    ("Which students has Insu Jang supervised?", "retrieval"),
    ("Which jobs did Jack Kosaian hold after finishing his PhD?", "retrieval"),
    ("Have Jinliang Wei and Priya Ramanathan ever published together?",
     {"relation": "coauthors", "shape": "yesno", "people": ["Jinliang Wei", "Priya Ramanathan"]}),
]


def full(row: dict[str, Any] | str) -> dict[str, Any]:
    """A routing row as the model writes it: every field, in schema order."""
    if row == "retrieval":
        return {"route": "retrieval"}
    assert isinstance(row, dict)
    defaults: dict[str, Any] = {"people": [], "others": [], "first_author": False}
    return {"route": "records", **{f: row.get(f, defaults.get(f)) for f in FIELDS}}


def as_row(reply: dict[str, Any]) -> dict[str, Any] | str:
    """The model's JSON as the routing table writes a query (Query.as_row's convention)."""
    if reply.get("route") != "records":
        return "retrieval"
    return {k: v for k, v in reply.items() if k != "route" and v not in (None, [], False)}


def schema(people: list[str]) -> dict[str, Any]:
    def nullable(s: dict) -> dict:
        return {"anyOf": [s, {"type": "null"}]}
    year = {"type": "integer", "minimum": 1950, "maximum": 2035}
    records = {
        "type": "object",
        "properties": {
            "route": {"const": "records"},
            "relation": {"enum": RELATIONS},
            "shape": {"enum": SHAPES},
            "people": {"type": "array", "items": {"enum": people}, "maxItems": 4},
            "others": {"type": "array", "items": {"type": "string", "maxLength": 40},
                       "maxItems": 3},
            "value": nullable({"type": "string", "maxLength": 120}),
            "since": nullable(year),
            "until": nullable(year),
            "internship": nullable({"type": "boolean"}),
            "level": nullable({"enum": LEVELS}),
            "first_author": {"type": "boolean"},
            "attribute": nullable({"enum": ATTRIBUTES}),
        },
        "required": ["route", *FIELDS],
        "additionalProperties": False,
    }
    retrieval = {"type": "object", "properties": {"route": {"const": "retrieval"}},
                 "required": ["route"], "additionalProperties": False}
    return {"anyOf": [retrieval, records],
            # compact JSON: no whitespace, so every generated token is a field
            "x-guidance": {"whitespace_flexible": False, "item_separator": ",",
                           "key_separator": ":"}}


def user_text(question: str, focus: list[str]) -> str:
    note = f" (earlier turns were about {', '.join(focus)})" if focus else ""
    return f"Question{note}: {question}"


def prefix(people: list[str]) -> list[dict[str, str]]:
    """The fixed system prompt and few-shot turns every request starts with."""
    messages = [{"role": "system", "content": RULES.replace("{people}", ", ".join(people))}]
    for question, row in EXAMPLES:
        messages.append({"role": "user", "content": user_text(question, [])})
        messages.append({"role": "assistant",
                         "content": json.dumps(full(row), separators=(",", ":"))})
    return messages


class ModelParser:
    def __init__(self, people: list[str], threads: int) -> None:
        import xllamacpp

        settings = load_settings()
        self.engine = _load_engine(str(ensure_local_model(settings)), threads, LOCAL_CONTEXT)
        self.grammar = xllamacpp.json_schema_to_grammar(schema(people))
        self.prefix = prefix(people)

    def __call__(self, question: str, focus: list[str]) -> dict[str, Any]:
        body = {"messages": [*self.prefix, {"role": "user", "content": user_text(question, focus)}],
                "max_tokens": MAX_TOKENS, "temperature": 0.0, "seed": 42,
                "grammar": self.grammar}
        start = time.perf_counter()
        with self.engine.lock:
            reply = self.engine.server.handle_chat_completions(body)
        wall = time.perf_counter() - start
        if "choices" not in reply:
            raise RuntimeError(f"llama.cpp failed: {reply}")
        text = reply["choices"][0]["message"].get("content") or ""
        timings, usage = reply.get("timings", {}), reply.get("usage", {})
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError:  # cut off at max_tokens: counts as retrieval
            parsed = {"route": "retrieval", "_invalid": text}
        return {"row": as_row(parsed), "text": text, "wall_s": wall,
                "prompt_tokens": usage.get("prompt_tokens", 0),
                "prompt_new": timings.get("prompt_n", 0), "cached": timings.get("cache_n", 0),
                "gen_tokens": timings.get("predicted_n", 0),
                "prompt_ms": timings.get("prompt_ms", 0.0),
                "gen_ms": timings.get("predicted_ms", 0.0),
                "invalid": "_invalid" in parsed}


def load_rows() -> list[dict[str, Any]]:
    return [json.loads(line) for path in TABLES for line in path.read_text().splitlines()
            if line.strip()]


def build_index(home: Path):
    from ingest.embeddings import MiniLMEmbeddings
    from ingest.pipeline import ingest
    from ingest.store import Index

    settings = Settings(home=home, chroma_url=None, llm="extractive")
    index = Index(settings, MiniLMEmbeddings())
    ingest([PROFILES, SAMPLE], settings, index)
    return index


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def tally(verdicts: list[str]) -> str:
    c = Counter(verdicts)
    return f"ok {c['ok']}, miss {c['miss']}, wrong {c['wrong']}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=60, help="rows sampled from the table")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=None, help="default: PROFILECHAT_LLM_THREADS")
    ap.add_argument("--arbiter-all", action="store_true",
                    help="also run the model on every table row the rules leave for unused words")
    ap.add_argument("--show", action="store_true", help="print every row's parses")
    ap.add_argument("--json", type=Path, help="write per-row results here")
    args = ap.parse_args()

    rows = load_rows()
    questions = {r["question"].strip().lower() for r in rows}
    leaked = [q for q, _ in EXAMPLES if q.strip().lower() in questions]
    assert not leaked, f"few-shot examples copied from the table: {leaked}"
    sample = random.Random(args.seed).sample(rows, min(args.n, len(rows)))

    with tempfile.TemporaryDirectory(prefix="parse-bench-") as home:
        t0 = time.perf_counter()
        index = build_index(Path(home))
        known = list(index.people())
        print(f"index: {len(known)} people, built in {time.perf_counter() - t0:.0f} s",
              flush=True)

        # Rules, over the whole table (cheap), timed per question.
        rule: dict[str, dict[str, Any]] = {}
        for r in rows:
            focus = conversation_people(known, [tuple(t) for t in r.get("history") or []])
            start = time.perf_counter()
            query = parse_question(r["question"], index, focus=focus)
            ms = (time.perf_counter() - start) * 1000
            rule[r["id"]] = {"row": query.as_row(), "unused": list(query.unused), "ms": ms,
                             "focus": focus}
        threads = args.threads or load_settings().llm_threads
        t0 = time.perf_counter()
        model = ModelParser(sorted(known), threads)
        load_s = time.perf_counter() - t0
        warm = model("Who has published at OSDI?", [])  # fills the prompt cache with the prefix
        print(f"model: loaded in {load_s:.1f} s; prefix {warm['prompt_tokens']} tokens, first "
              f"call {warm['wall_s']:.1f} s ({warm['prompt_ms'] / 1000:.1f} s prompt)",
              flush=True)

        results: list[dict[str, Any]] = []
        for i, r in enumerate(sample, 1):
            got = model(r["question"], rule[r["id"]]["focus"])
            res = {"id": r["id"], "question": r["question"], "expect": r["expect"],
                   "rules": rule[r["id"]]["row"], "unused": rule[r["id"]]["unused"],
                   "rules_ms": rule[r["id"]]["ms"], **{f"model_{k}": v for k, v in got.items()}}
            res["v_rules"] = verdict(r["expect"], res["rules"])
            res["v_model"] = verdict(r["expect"], res["model_row"])
            results.append(res)
            print(f"[{i}/{len(sample)}] {got['wall_s']:5.1f} s  rules {res['v_rules']:5}  "
                  f"model {res['v_model']:5}  {r['question'][:70]}", flush=True)
            if args.show:
                print(f"    expect {r['expect']}\n    rules  {res['rules']}\n"
                      f"    model  {res['model_row']}", flush=True)

        # The sample's figures first: --arbiter-all adds ~200 calls (15+ min on 2 busy cores).
        report(results, rows, rule, args, threads)
        extra: list[dict[str, Any]] = []
        if args.arbiter_all:
            in_sample = {r["id"] for r in sample}
            todo = [r for r in rows if r["id"] not in in_sample and rule[r["id"]]["unused"]
                    and rule[r["id"]]["row"] == "retrieval"]
            print(f"arbiter over the whole table: {len(todo)} more rows", flush=True)
            for i, r in enumerate(todo, 1):
                got = model(r["question"], rule[r["id"]]["focus"])
                extra.append({"id": r["id"], "question": r["question"], "expect": r["expect"],
                              "model_row": got["row"], "model_wall_s": got["wall_s"],
                              "v_model": verdict(r["expect"], got["row"])})
                print(f"[{i}/{len(todo)}] {got['wall_s']:5.1f} s  model {extra[-1]['v_model']:5}"
                      f"  {r['question'][:70]}", flush=True)
            whole_table(results, extra, rows, rule)
        index.close()

    if args.json:
        args.json.write_text(json.dumps({"sample": results, "arbiter_extra": extra}, indent=1))


def report(results: list[dict[str, Any]], rows: list[dict], rule: dict[str, dict[str, Any]],
           args: argparse.Namespace, threads: int) -> None:
    n = len(results)
    records = sum(r["expect"] != "retrieval" for r in results)
    print(f"\n== {n} rows (seed {args.seed}): {records} records questions, "
          f"{n - records} retrieval; model threads {threads}")
    all_rules = [verdict(r["expect"], rule[r["id"]]["row"]) for r in rows]
    print(f"rules, whole table ({len(rows)} rows): {tally(all_rules)}")
    print(f"rules, sample: {tally([r['v_rules'] for r in results])}")
    print(f"model, sample: {tally([r['v_model'] for r in results])}"
          f"  (invalid JSON: {sum(r['model_invalid'] for r in results)})")
    both = Counter((r["v_rules"], r["v_model"]) for r in results)
    print("rules → model on the same rows: " + ", ".join(
        f"{a}→{b} {c}" for (a, b), c in sorted(both.items())))

    walls = [r["model_wall_s"] for r in results]
    gens = [r["model_gen_tokens"] for r in results]
    news = [r["model_prompt_new"] for r in results]
    print(f"model latency: median {statistics.median(walls):.2f} s, p95 {pct(walls, .95):.2f} s,"
          f" max {max(walls):.2f} s")
    print(f"model tokens: prompt {results[0]['model_prompt_tokens']}… (median "
          f"{statistics.median(r['model_prompt_tokens'] for r in results):.0f}), of which "
          f"uncached median {statistics.median(news):.0f}; generated median "
          f"{statistics.median(gens):.0f}, p95 {pct(gens, .95):.0f}")
    gen_ms = sum(r["model_gen_ms"] for r in results)
    pr_ms = sum(r["model_prompt_ms"] for r in results)
    print(f"model speed: {sum(gens) / (gen_ms / 1000):.1f} generated tokens/s, "
          f"{sum(news) / (pr_ms / 1000):.1f} prompt tokens/s")
    ms = [rule[r["id"]]["ms"] for r in rows]
    print(f"rules latency (whole table): median {statistics.median(ms):.2f} ms, "
          f"p95 {pct(ms, .95):.2f} ms")

    consulted = [r for r in results if r["unused"] and r["rules"] == "retrieval"]
    arbiter(consulted, "sample")
    final = [r["v_model"] if r in consulted else r["v_rules"] for r in results]
    print(f"arbiter, sample: {tally(final)}", flush=True)


def arbiter(items: list[dict[str, Any]], label: str) -> None:
    fixed = sum(x["v_model"] == "ok" and x["expect"] != "retrieval" for x in items)
    kept = sum(x["model_row"] == "retrieval" for x in items)
    wrong = sum(x["v_model"] == "wrong" for x in items)
    print(f"arbiter, {label}: {len(items)} rows the rules leave to retrieval for unused "
          f"words ({sum(x['expect'] != 'retrieval' for x in items)} of them records "
          f"questions): model → correct records query {fixed}, wrong query {wrong}, "
          f"retrieval {kept}", flush=True)


def whole_table(results: list[dict[str, Any]], extra: list[dict[str, Any]], rows: list[dict],
                rule: dict[str, dict[str, Any]]) -> None:
    consulted = [r for r in results if r["unused"] and r["rules"] == "retrieval"]
    arbiter(consulted + extra, "whole table")
    whole = Counter(verdict(r["expect"], rule[r["id"]]["row"]) for r in rows)
    for x in consulted + extra:
        whole[verdict(x["expect"], "retrieval")] -= 1
        whole[x["v_model"]] += 1
    print(f"arbiter, whole table: ok {whole['ok']}, miss {whole['miss']}, "
          f"wrong {whole['wrong']}")


if __name__ == "__main__":
    main()
