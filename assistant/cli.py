"""The `profilechat` command: ingest, people, ask, chat, eval."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from assistant.errors import ProfileChatError
from assistant.settings import Settings, load_settings


def _cmd_ingest(args: argparse.Namespace, settings: Settings) -> int:
    from ingest.pipeline import ingest
    from ingest.store import open_index

    index = open_index(settings)
    report = ingest(args.paths, settings, index, prune=args.prune, progress=not args.quiet)
    print(report.summary())
    return 1 if report.count("failed") and args.strict else 0


def _cmd_people(args: argparse.Namespace, settings: Settings) -> int:
    from ingest.store import open_index

    people = open_index(settings).people()
    if args.json:
        print(json.dumps(people, indent=2))
        return 0
    if not people:
        print("The index is empty: add documents with `profilechat ingest PATH`.")
    for person, docs in people.items():
        print(person)
        for doc in docs:
            print(f"  {doc['source']} ({doc['kind']}, {doc['chunks']} chunks)")
    return 0


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
    p.set_defaults(func=_cmd_ingest)

    p = sub.add_parser("people", help="list who is in the index and their documents")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_people)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = load_settings(home=args.home, chroma_url=args.chroma_url)
        return int(args.func(args, settings))
    except ProfileChatError as exc:
        print(f"profilechat: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("profilechat: interrupted; the index is unchanged where work was incomplete.",
              file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
