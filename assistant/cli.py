"""The `profilechat` command: ingest, people, ask, chat, eval."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from assistant.errors import ProfileChatError
from assistant.settings import Settings, load_settings
from assistant.types import Answer


def _cmd_ingest(args: argparse.Namespace, settings: Settings) -> int:
    from ingest.pipeline import ingest
    from ingest.store import open_index

    names = {}
    if args.person:
        if len(args.paths) != 1 or args.paths[0].is_dir():
            raise ProfileChatError("--person names the person of one file: pass exactly one file")
        names = {args.paths[0].name: args.person}
    index = open_index(settings)
    report = ingest(args.paths, settings, index, prune=args.prune, progress=not args.quiet,
                    names=names)
    print(report.summary())
    return 1 if report.count("failed") and args.strict else 0


def _cmd_people(args: argparse.Namespace, settings: Settings) -> int:
    from assistant import collection
    from ingest.records import KINDS
    from ingest.store import open_manifest

    index = open_manifest(settings)  # SQLite only: works while a Chroma server is down
    people = index.people()
    if args.json:
        records = {p["person"]: p for p in collection.profiles(index)}
        covered = index.coverage()
        out = {person: {"documents": docs, **{k: v for k, v in records.get(person, {}).items()
                                              if k != "person"},
                        "coverage": {k: {"records": n, "entries": m}
                                     for k, (n, m) in covered.get(person, {}).items()}}
               for person, docs in people.items()}
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return 0
    if not people:
        print("The index is empty: add documents with `profilechat ingest PATH`.")
    for person, docs in people.items():
        print(person)
        for doc in docs:
            print(f"  {doc['source']} ({doc['kind']}, {doc['chunks']} chunks)")
        counts = Counter(r.kind for r in index.records(people=[person]))
        held = index.coverage([person]).get(person, {})
        if counts or held:
            print("  records: " + ", ".join(
                f"{counts[k]} {k}" + (_coverage(held[k]) if k in held else "")
                for k in KINDS if counts[k] or k in held))
    return 0


def _coverage(counts: tuple[int, int]) -> str:
    """" (of ~53 entries, incomplete)": how many entries the documents appear to list."""
    from ingest.records.coverage import complete

    return f" (of ~{counts[1]} entries{'' if complete(counts) else ', incomplete'})"


def _cmd_setup(args: argparse.Namespace, settings: Settings) -> int:
    from ingest import tokens
    from ingest.embeddings import MiniLMEmbeddings

    tokens.seed_cache()
    print(f"tokenizer: {tokens.ENCODING} ready ({tokens.count('profilechat')} tokens in a test)")
    MiniLMEmbeddings().embed_query("profilechat")
    print("embedder: all-MiniLM-L6-v2 int8 ONNX verified")
    if not args.skip_model:
        from assistant.model_file import ensure_local_model

        print(f"local model: {ensure_local_model(settings)} verified")
    return 0


def _print_answer(result: Answer) -> None:
    print(result.text)
    if result.citations:
        print("\nSources:")
    for c in result.citations:
        page = f", p. {c.page}" if c.page else ""
        print(f"  [{c.n}] {c.person} — {c.source}, {c.section}{page}: \"{c.quote}\"")
    for note in result.notes:
        print(f"note: {note}")


def _cmd_ask(args: argparse.Namespace, settings: Settings) -> int:
    from assistant.answer import Assistant

    assistant = Assistant(settings)
    if args.json:
        print(json.dumps(assistant.answer(args.question, people=args.person).to_dict(), indent=2))
        return 0
    result = None
    for piece in assistant.stream_answer(args.question, people=args.person):
        if isinstance(piece, Answer):
            result = piece
        elif sys.stdout.isatty():
            print(piece, end="", flush=True)
    if sys.stdout.isatty():
        print("\n")  # the streamed draft; the verified answer follows
    assert result is not None
    _print_answer(result)
    return 0


def _cmd_chat(args: argparse.Namespace, settings: Settings) -> int:
    from ui.app import launch

    given = {"host": args.host, "port": args.port, "auth": args.auth, "upload_mb": args.upload_mb}
    launch(settings.model_copy(update={k: v for k, v in given.items() if v is not None}),
           inbrowser=args.open)
    return 0


def _eval_command(args: argparse.Namespace) -> str:
    """The eval command line as a report records it."""
    parts = ["profilechat eval", *args.sets, *(f"--llm {b}" for b in args.backends or [])]
    if args.limit is not None:
        parts.append(f"--limit {args.limit}")
    if args.kinds:
        parts.append("--kinds " + " ".join(args.kinds))
    return " ".join(parts)


def _cmd_eval(args: argparse.Namespace, settings: Settings) -> int:
    import os

    from eval import records, report
    from eval.harness import resolve_set, run_set

    if args.compare:
        a, b = (report.load_report(p) for p in args.compare)
        print(report.compare(a, b, args.compare[0].name, args.compare[1].name))
        if chart := report.write_compare_chart(a, b, *args.compare):
            print(f"\nchart: {chart}")
        return 0
    minimum, maximum = report.parse_thresholds(args.min), report.parse_thresholds(args.max)
    shared = os.environ.get("PROFILECHAT_SHARED")
    args.sets = args.sets or ["shared"]
    on_case = None if args.quiet else lambda r: print(
        f"{r.case.id}: {'refused' if r.refused else 'answered'} in {r.total_s:.2f}s"
        + (f" (error: {r.error})" if r.error else ""), file=sys.stderr)
    runs = []
    for spec in args.sets:
        eval_set = resolve_set(spec, args.corpus, Path(shared) if shared else None)
        runs += run_set(eval_set, settings, args.backends or [settings.llm], kinds=args.kinds,
                        limit=args.limit, on_case=on_case)
    for run in runs:
        for note in run.notes:
            print(f"{run.label}: note: {note}", file=sys.stderr)
    print(report.overall_table(runs))
    for eval_set in {run.eval_set.name: run.eval_set for run in runs}.values():
        labels = records.LABELS_DIR / eval_set.name
        if labels.is_dir():
            scored = records.score_corpus(labels, eval_set.corpus)
            print("\n" + records.report(eval_set.name, scored))
    written = report.write_reports(runs, args.report, settings.home / "eval" / "reports",
                                   _eval_command(args))
    print("\nreports: " + ", ".join(str(p) for p in written))
    failed = report.failures(runs, minimum, maximum)
    for line in failed:
        print(f"threshold not met: {line}", file=sys.stderr)
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="profilechat",
        description="Ask questions of researcher profiles; answers cite their sources.",
    )
    parser.add_argument("--home", type=Path, help="data directory (PROFILECHAT_HOME)")
    parser.add_argument("--chroma-url", help="Chroma server URL (PROFILECHAT_CHROMA_URL)")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("ingest", help="add or update documents (PDF, Markdown, text)")
    p.add_argument("paths", nargs="+", type=Path, help="files or folders")
    p.add_argument("--prune", action="store_true", help="drop documents whose files are gone")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--strict", action="store_true", help="exit 1 if any file failed")
    p.add_argument("--person", help="who the file is about, when its text does not name them "
                   "(one file only; a Markdown file can say `person: Name` in its front matter)")
    p.set_defaults(func=_cmd_ingest)

    p = sub.add_parser("people", help="list who is in the index, their documents and records")
    p.add_argument("--json", action="store_true",
                   help="machine-readable: documents and every structured record with its span")
    p.set_defaults(func=_cmd_people)

    p = sub.add_parser("ask", help="answer one question with its sources")
    p.add_argument("question")
    p.add_argument("--person", action="append", help="restrict to this person (repeatable)")
    p.add_argument("--llm", help="answer backend: local, openai, ollama, extractive")
    p.add_argument("--json", action="store_true", help="print the Answer as JSON")
    p.set_defaults(func=_cmd_ask)

    p = sub.add_parser("chat", help="open the web chat over the index (127.0.0.1:7860)")
    p.add_argument("--host", help="bind address (PROFILECHAT_HOST; default 127.0.0.1, local only)")
    p.add_argument("--port", type=int, help="port (PROFILECHAT_PORT; default 7860)")
    p.add_argument("--auth", help="login: user:pass or a file of such lines (PROFILECHAT_AUTH; "
                   "a file keeps passwords out of ps)")
    p.add_argument("--upload-mb", type=float, help="largest upload in MB (PROFILECHAT_UPLOAD_MB)")
    p.add_argument("--llm", help="answer backend: local, openai, ollama, extractive")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.set_defaults(func=_cmd_chat)

    p = sub.add_parser("setup", help="prepare offline model files and check them")
    p.add_argument("--skip-model", action="store_true", help="skip the local language model")
    p.set_defaults(func=_cmd_setup)

    p = sub.add_parser("eval", help="score answers on eval sets (shared, sample or a JSONL file)")
    p.add_argument("sets", nargs="*", metavar="SET",
                   help="shared, sample or a JSONL file of cases (default: shared)")
    p.add_argument("--llm", dest="backends", action="append", metavar="BACKEND",
                   help="answer backend; repeat to compare backends side by side")
    p.add_argument("--corpus", type=Path, help="folder of documents a JSONL set is about")
    p.add_argument("--report", type=Path,
                   help="report file (.json) or folder (default: <home>/eval/reports)")
    p.add_argument("--limit", type=int, help="answer at most N cases per set")
    p.add_argument("--kinds", nargs="+", default=[], metavar="KIND", help="only these kinds")
    p.add_argument("--min", action="append", default=[], metavar="METRIC=VALUE",
                   help="exit 1 when an overall metric is below VALUE (repeatable)")
    p.add_argument("--max", action="append", default=[], metavar="METRIC=VALUE",
                   help="exit 1 when an overall metric is above VALUE, e.g. total_p95_s=2")
    p.add_argument("--compare", nargs=2, type=Path, metavar=("A.json", "B.json"),
                   help="print two saved reports side by side instead of running "
                        "(and chart them beside B.json)")
    p.add_argument("--quiet", action="store_true", help="no line per case")
    p.set_defaults(func=_cmd_eval)
    return parser


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the output still buffered for a closed pipe is discarded
    at exit instead of raising there ("Exception ignored ... BrokenPipeError", exit 120)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = load_settings(
            home=args.home, chroma_url=args.chroma_url, llm=getattr(args, "llm", None)
        )
        code = int(args.func(args, settings))
        sys.stdout.flush()  # a reader that stopped (`| head -1`) shows here, not at exit
        return code
    except BrokenPipeError:
        _drop_stdout()
        return 0  # the reader had what it wanted; `set -o pipefail` scripts should not fail
    except ProfileChatError as exc:
        print(f"profilechat: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("profilechat: interrupted; the index is unchanged where work was incomplete.",
              file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
