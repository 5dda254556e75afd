"""Record extraction by the local model, against the rules, on the hand-labelled real CVs.

    python -m bench.model_records [--kinds position,teaching] [--docs 6]

Issue 12 asks whether the bundled model, given a section and a JSON schema, reads the layouts the
rules miss, and at what ingest cost. For every labelled document of ../shared/corpus/real, each
section of a kind is sent to the model with one fictional worked example; the items it returns
are scored with the eval's matching (eval/records.py) beside what the rules extract from the
same document, and beside the two together (the model adding what the rules missed). Seconds and
prompt tokens per section are printed, with bare embedding of the same text for scale.
The held-back documents are reported in their own rows.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from assistant.llm import get_chat_model
from assistant.settings import load_settings
from eval.harness import resolve_set
from eval.records import _LABEL_KEYS, LABELS_DIR, match
from ingest import loaders, tokens
from ingest.chunking import split_sections
from ingest.embeddings import MiniLMEmbeddings
from ingest.profiles import detect_person, unknown_person
from ingest.records import extract, section_kind

# Compact keys: every generated token costs ~50 ms on this machine.
FIELDS = {
    "position": {"role": "role", "org": "organisation", "start": "start", "end": "end"},
    "teaching": {"course": "course", "role": "role", "term": "term"},
    "award": {"name": "name", "year": "year"},
}
EXAMPLES = {
    "position": (
        "Employment\nHalvard Labs, Senior Acoustics Engineer 2019 – present\n"
        "Research Intern  Jun 2016 – Aug 2016\nTidewater Systems, Lisbon\n",
        [{"role": "Senior Acoustics Engineer", "org": "Halvard Labs", "start": "2019",
          "end": "present"},
         {"role": "Research Intern", "org": "Tidewater Systems", "start": "Jun 2016",
          "end": "Aug 2016"}]),
    "teaching": (
        "Teaching\nTeaching Assistant, OCE 210 Wave Mechanics (Fall 2018)\n"
        "Guest lecturer: Marine Acoustics, Porto Verde Institute, 2021\n",
        [{"course": "OCE 210 Wave Mechanics", "role": "Teaching Assistant", "term": "Fall 2018"},
         {"course": "Marine Acoustics", "role": "Guest lecturer", "term": "2021"}]),
    "award": (
        "Honours\n2020  Best Paper Award, Coastal Optics Workshop\nHalvard Fellowship (2018)\n",
        [{"name": "Best Paper Award, Coastal Optics Workshop", "year": 2020},
         {"name": "Halvard Fellowship", "year": 2018}]),
}


def schema(kind: str) -> dict[str, Any]:
    props = {k: {"type": "integer"} if k == "year" else {"type": "string"} for k in FIELDS[kind]}
    first = next(iter(FIELDS[kind]))
    return {"type": "object", "properties": {"items": {"type": "array", "items": {
        "type": "object", "properties": props, "required": [first]}}}, "required": ["items"]}


def prompt(kind: str, text: str) -> list[Any]:
    example, answer = EXAMPLES[kind]
    keys = ", ".join(FIELDS[kind])
    system = (f"You copy every {kind} entry of a CV section into JSON with the keys {keys}. "
              "Copy words exactly as the section writes them; leave out a key the entry does "
              "not state. Output only JSON.")
    return [SystemMessage(system),
            HumanMessage(f"Section:\n{example}"),
            AIMessage(json.dumps({"items": answer})),
            HumanMessage(f"Section:\n{text}")]


def model_items(model: Any, kind: str, text: str) -> tuple[list[dict], float, int]:
    messages = prompt(kind, text)
    started = time.perf_counter()
    reply = model.invoke(messages, json_schema=schema(kind), max_tokens=900)
    seconds = time.perf_counter() - started
    try:
        items = json.loads(str(reply.content)).get("items", [])
    except json.JSONDecodeError:
        items = []
    fields = FIELDS[kind]
    out = [{fields[k]: v for k, v in item.items() if k in fields} for item in items
           if isinstance(item, dict)]
    if kind == "position":
        for item in out:
            item.setdefault("organisation", "")
            item.setdefault("role", "")
    return out, seconds, sum(tokens.count(str(m.content)) for m in messages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default="position,teaching")
    parser.add_argument("--docs", type=int, default=0, help="at most this many documents")
    args = parser.parse_args()
    real = resolve_set("real")
    names = real.names or {}
    model = get_chat_model(load_settings().model_copy(update={"llm": "local"}))
    embedder = MiniLMEmbeddings()
    rows: dict[tuple[str, bool], dict[str, float]] = {}
    labels = sorted(LABELS_DIR.joinpath("real").glob("*.json"))
    for label_path in labels[:args.docs or None]:
        label = json.loads(label_path.read_text(encoding="utf-8"))
        document = loaders.load(real.corpus / label["source"])
        person = (names.get(label["source"]) or detect_person(document.text)
                  or unknown_person(label["source"]))
        ruled = extract(document.text, person, document.bold, document.italic)
        for kind in args.kinds.split(","):
            wanted = label.get(_LABEL_KEYS[kind], [])
            sections = [s for s in split_sections(document.text, person)
                        if section_kind(s.title) == kind]
            got: list[dict] = []
            seconds = embed_s = 0.0
            prompt_tokens = 0
            for section in sections:
                text = document.text[section.start:section.end]
                items, took, used = model_items(model, kind, text)
                got += items
                seconds += took
                prompt_tokens += used
                started = time.perf_counter()
                embedder.embed_documents([text])
                embed_s += time.perf_counter() - started
            rules = [r.data for r in ruled if r.kind == kind and r.authored]
            both = rules + [g for g in got if not match(kind, [g], rules)]
            row = rows.setdefault((kind, bool(label.get("heldout"))), {})
            for name, items in (("rules", rules), ("model", got), ("both", both)):
                row[f"{name}_matched"] = row.get(f"{name}_matched", 0) + len(
                    match(kind, wanted, items))
                row[f"{name}_extracted"] = row.get(f"{name}_extracted", 0) + len(items)
            row["labelled"] = row.get("labelled", 0) + len(wanted)
            for key, value in (("seconds", seconds), ("embed_s", embed_s),
                               ("prompt_tokens", prompt_tokens), ("sections", len(sections)),
                               ("docs", 1)):
                row[key] = row.get(key, 0) + value
            print(f"{label['source']:24s} {kind:9s} labelled {len(wanted):3d} "
                  f"rules {len(match(kind, wanted, rules)):3d}/{len(rules):3d} "
                  f"model {len(match(kind, wanted, got)):3d}/{len(got):3d} "
                  f"{seconds:6.1f} s ({prompt_tokens} prompt tokens, {len(sections)} sections)",
                  flush=True)
    print("\n| kind | documents | labelled | rules P / R | model P / R | rules + model P / R |"
          " model s / document | embedding s / document |")
    print("|---|---|---:|---|---|---|---:|---:|")
    for (kind, held), row in sorted(rows.items()):
        def pr(name: str, r: dict[str, float] = row) -> str:
            p = r[f"{name}_matched"] / r[f"{name}_extracted"] if r[f"{name}_extracted"] else 0
            return f"{p:.2f} / {r[f'{name}_matched'] / max(1, r['labelled']):.2f}"
        print(f"| {kind} | {'held-back' if held else 'development'} ({int(row['docs'])}) | "
              f"{int(row['labelled'])} | {pr('rules')} | {pr('model')} | {pr('both')} | "
              f"{row['seconds'] / row['docs']:.1f} | {row['embed_s'] / row['docs']:.2f} |")


if __name__ == "__main__":
    main()
