"""Ingest of the real corpus with PDF text read by PDFium (the default) and by pypdf alone.

    python -m bench.real_bench [--readers pdfium,pypdf] [--runs 2]

The corpus is ../shared/corpus/real (or $PROFILECHAT_SHARED/corpus/real): 24 CV PDFs, one of
them scanned, and 6 Markdown pages, read where they lie. Each reader and run is measured by its
own subprocess into a fresh embedded-Chroma home, so the peak RSS reported is that run's alone;
runs alternate between readers, so that a busy spell on a shared machine is not all one
reader's. Rows are printed and written to bench/results.md (kept in bench/cache/results-real.json).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.ingest_bench import CACHE, REPO, SHARED, _bare, _stamp
from bench.report import REAL_STORE, glued_table, real_table, write_real

REAL = SHARED / "real"
READERS = ("pdfium", "pypdf")


def corpus_files(folder: Path = REAL) -> list[Path]:
    """The corpus's documents: its PDFs and Markdown pages, not SOURCES.md (their description)."""
    files = [p for p in sorted(folder.iterdir())
             if p.suffix.lower() in (".pdf", ".md") and p.name != "SOURCES.md"]
    if not files:
        raise SystemExit(f"no documents in {folder}; set PROFILECHAT_SHARED to the shared folder")
    return files


# -- one reader, one run, in a subprocess ---------------------------------------------------


def measure(job: dict[str, Any]) -> dict[str, Any]:
    """Load every PDF on its own (nothing else running), then ingest the files into a fresh
    index with PDF text by job["reader"], timing the PDF loads inside ingest, then embed the
    stored chunks bare."""
    from assistant.settings import Settings
    from ingest import loaders
    from ingest.pipeline import ingest
    from ingest.store import open_index

    reader = job["reader"]
    paths = [Path(p) for p in job["paths"]]
    home = Path(tempfile.mkdtemp(prefix="profilechat-bench-real-"))
    # In-process parsing (no worker), so that the patched loader below is the one that runs.
    settings = Settings(home=home, chroma_url=None, collection=f"bench-{os.getpid()}",
                        max_parse_seconds=0)
    loads: dict[str, dict[str, Any]] = {}
    original = loaders.load
    # A benchmark-only patch: ingest/pipeline.py parse() calls loaders.load(path, max_bytes=...)
    # with no reader argument and ingest has no setting for one, so in this process the loader
    # is replaced by one that passes pdf_reader and times each PDF's load (text extraction and
    # repair). It runs in ingest's parse thread, beside the embedding threads.
    _say(job, f"loading each PDF on its own, text by {reader} …")
    alone = _load_alone(original, reader, [p for p in paths if p.suffix.lower() == ".pdf"])
    loaders.load = _timed_load(original, reader, loads)
    try:
        index = open_index(settings)
        index.embeddings.embed_query("warm-up")  # first ONNX run allocates; not ingest's
        _say(job, f"ingesting {len(paths)} files, PDF text by {reader} …")
        started, cpu = time.perf_counter(), time.process_time()
        report = ingest(paths, settings, index)
        ingest_s, ingest_cpu_s = time.perf_counter() - started, time.process_time() - cpu
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        loaders.load = original
        _say(job, f"ingested in {ingest_s:.1f} s; embedding the stored chunks bare …")
        bare = _bare(index, job["bare_chunks"])
        index.close()
    finally:
        loaders.load = original
        shutil.rmtree(home, ignore_errors=True)

    files = []
    for f in report.files:
        timed = loads.get(str(f.path), {})
        files.append({"file": f.path.name, "outcome": f.outcome, "person": f.person,
                      "chunks": f.chunks, "reader": f.reader, "glued": f.glued,
                      "pages": timed.get("pages"), "load_s": timed.get("load_s"),
                      "load_alone_s": alone.get(f.path.name), "reason": f.reason})
    pdfs = [f for f in files if f["file"].lower().endswith(".pdf")]
    glued = [f["glued"] for f in pdfs if f["glued"]]
    return {
        "reader": reader, "files": len(files), "failed": report.count("failed"),
        "pdfs": len(pdfs), "pages": sum(f["pages"] or 0 for f in pdfs),
        "chunks": report.chunks_added, "people": len(report.people),
        "ingest_s": ingest_s, "ingest_cpu_s": ingest_cpu_s,
        "pdf_load_s": sum(v["load_s"] for k, v in loads.items() if k.lower().endswith(".pdf")),
        "pdf_load_cpu_s": sum(v["load_cpu_s"] for k, v in loads.items()
                              if k.lower().endswith(".pdf")),
        "pdf_load_alone_s": sum(alone.values()),
        **bare,
        "glued_extracted": sum(g[0] for g in glued), "glued_after": sum(g[1] for g in glued),
        "fell_back": sum(1 for f in pdfs if f["reader"] and f["reader"].lower() != reader),
        "peak_rss_mb": rss_mb, "load_avg": round(os.getloadavg()[0], 2), "per_file": files,
    }


def _timed_load(original: Callable[..., Any], reader: str,
                loads: dict[str, dict[str, Any]]) -> Callable[..., Any]:
    """loaders.load with pdf_reader=reader, recording each file's wall and thread-CPU seconds
    and page count (a file that fails, such as a scan, is timed too)."""

    def load(path: Path, **kwargs: Any) -> Any:
        started, cpu = time.perf_counter(), time.thread_time()
        pages = None
        try:
            document = original(path, pdf_reader=reader, **kwargs)
            pages = len(document.pages) if document.kind == "pdf" else None
            return document
        finally:
            seen = loads.setdefault(str(Path(path).resolve()), {"load_s": 0.0, "load_cpu_s": 0.0})
            seen["load_s"] += time.perf_counter() - started
            seen["load_cpu_s"] += time.thread_time() - cpu
            seen["pages"] = pages if pages is not None else _page_count(Path(path))

    return load


def _page_count(path: Path) -> int | None:
    """Pages of a PDF the loader refused (a scan has pages but no text), read by pypdf."""
    if path.suffix.lower() != ".pdf":
        return None
    try:
        from pypdf import PdfReader

        return len(PdfReader(path).pages)
    except Exception:  # noqa: BLE001 - a count for the table, nothing depends on it
        return None


def _load_alone(load: Callable[..., Any], reader: str, pdfs: list[Path]) -> dict[str, float]:
    """Seconds to load each PDF with nothing else running in this process."""
    from assistant.errors import IngestError

    out = {}
    for path in pdfs:
        started = time.perf_counter()
        try:
            load(path, pdf_reader=reader)
        except IngestError:
            pass  # the scan: it fails the same way inside ingest, and takes this long to
        out[path.name] = time.perf_counter() - started
    return out


def _say(job: dict[str, Any], message: str) -> None:
    print(f"[{job['name']}] {message}", file=sys.stderr, flush=True)


# -- the parent: runs, subprocesses, the tables ---------------------------------------------


def _child(job: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.real_bench", "--child", json.dumps(job)],
        cwd=REPO, stdout=subprocess.PIPE, text=True, check=False,  # stderr: progress, to ours
    )
    if done.returncode != 0:
        raise SystemExit(f"[{job['name']}] the measuring process failed (see above)")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--readers", default="pdfium,pypdf",
                        help="comma-separated PDF readers: pdfium and/or pypdf (default both)")
    parser.add_argument("--runs", type=int, default=2, help="runs per reader (default 2)")
    parser.add_argument("--corpus", type=Path, default=REAL,
                        help=f"the folder of documents (default {REAL})")
    parser.add_argument("--bare-chunks", type=int, default=100_000,
                        help="embed at most about this many chunks bare (default: all)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(json.loads(args.child))))
        return

    readers = [r.strip() for r in args.readers.split(",") if r.strip()]
    if unknown := set(readers) - set(READERS):
        raise SystemExit(f"unknown reader(s) {', '.join(sorted(unknown))}; use pdfium, pypdf")
    paths = [str(p) for p in corpus_files(args.corpus)]
    command = "python -m bench.real_bench " + " ".join(argv if argv is not None else sys.argv[1:])
    CACHE.mkdir(exist_ok=True)
    stored = json.loads(REAL_STORE.read_text()) if REAL_STORE.exists() else {}
    fresh: dict[str, list[dict[str, Any]]] = {r: [] for r in readers}
    for run in range(1, args.runs + 1):
        for reader in readers:  # alternating, so that a busy spell is not all one reader's
            job = {"name": f"real {reader} run {run}", "reader": reader, "paths": paths,
                   "bare_chunks": args.bare_chunks}
            row = _child(job)
            row.update(run=run, measured=_stamp(), command=command.strip())
            fresh[reader].append(row)
            stored[reader] = fresh[reader]  # a reader's rows are its latest invocation's runs
            REAL_STORE.write_text(json.dumps(stored, indent=1))
            print(real_table([row]).splitlines()[-1], file=sys.stderr)
    write_real([row for r in READERS for row in stored.get(r, [])])
    measured = [row for r in readers for row in fresh[r]]
    print(real_table(measured))
    print()
    print(glued_table(measured))


if __name__ == "__main__":
    main()
