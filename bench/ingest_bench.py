"""Ingest throughput, memory and index size, and the pipeline's overhead over bare embedding.

    python -m bench.ingest_bench [--sizes shared,100,1000] [--seed 7] [--chroma-url URL]

Each corpus is ingested into a fresh index by its own subprocess, so the peak RSS reported is
that corpus's alone. Results are printed and written to bench/results.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from bench.generate import GENERATOR_VERSION, generate

if TYPE_CHECKING:  # the measuring subprocess imports these; the parent never needs them
    from pyinstrument import Profiler

    from ingest.pipeline import IngestReport
    from ingest.store import Index

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
CACHE = BENCH / "cache"
RESULTS = BENCH / "results.md"
SHARED = Path(os.environ.get("PROFILECHAT_SHARED", REPO.parent / "shared")) / "corpus"
TARGET_RATIO = 1.3  # ingest may cost at most 30% more than embedding the same chunks


def corpus(label: str, seed: int) -> tuple[list[Path], Path | None]:
    """The paths to ingest for a corpus label, and its truth.json if it has one."""
    if label == "shared":
        return [SHARED / "profiles", SHARED / "pdf"], None
    n = int(label)
    folder = CACHE / f"profiles-n{n}-seed{seed}-v{GENERATOR_VERSION}"
    if not (folder / "truth.json").exists():  # truth.json is written last: its presence = done
        print(f"generating {n} profiles into {folder} …", file=sys.stderr)
        generate(folder, n, seed)
    return [folder], folder / "truth.json"


# -- one corpus, in a subprocess ------------------------------------------------------------


def measure(
    paths: list[Path], truth: Path | None, chroma_url: str | None, profile: bool, bare_chunks: int
) -> dict:
    """Ingest into a fresh index, re-ingest, then embed the same chunk texts bare."""
    from assistant.settings import Settings
    from ingest.pipeline import ingest
    from ingest.store import open_index

    home = Path(tempfile.mkdtemp(prefix="profilechat-bench-"))
    settings = Settings(home=home, chroma_url=chroma_url, collection=f"bench-{os.getpid()}")
    try:
        started = time.perf_counter()
        index = open_index(settings)
        index.embeddings.embed_documents(["warm-up"])  # first ONNX run allocates; not ingest's
        load_s = time.perf_counter() - started

        profiler = _profiler() if profile else None
        started, cpu = time.perf_counter(), time.process_time()
        report = ingest(paths, settings, index)
        ingest_s, ingest_cpu_s = time.perf_counter() - started, time.process_time() - cpu
        if profiler:
            profiler.stop()
        started = time.perf_counter()
        again = ingest(paths, settings, index)
        reingest_s = time.perf_counter() - started
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux

        docs = _chunk_texts(index)
        sample = [text for doc in _sample(docs, bare_chunks) for text in doc]
        scale = sum(map(len, docs)) / max(1, len(sample))
        started, cpu = time.perf_counter(), time.process_time()
        index.embeddings.embed_documents(sample)  # the embedder's own batches of embed_batch
        bare_s, bare_cpu_s = time.perf_counter() - started, time.process_time() - cpu
        result = {
            "files": len(report.files), "failed": report.count("failed"),
            "unchanged_on_reingest": again.count("unchanged"),
            "chunks": report.chunks_added, "people": len(report.people),
            "identity": _identity(report, truth) if truth else None,
            "load_s": load_s, "ingest_s": ingest_s, "reingest_s": reingest_s,
            "bare_s": bare_s * scale, "ingest_cpu_s": ingest_cpu_s, "bare_cpu_s": bare_cpu_s * scale,
            "bare_sampled": f"{len(sample)}/{sum(map(len, docs))}" if scale > 1 else "",
            "peak_rss_mb": rss_mb, "index_mb": _disk_mb(home),
            "embed_batch": settings.embed_batch, "chunk_tokens": settings.chunk_tokens,
            "store": "server" if chroma_url else "embedded",
        }
        if profiler:
            result["profile"] = profiler.output_text(unicode=True, color=False)
        if chroma_url:
            index.vectors.delete_collection()
        index.close()
        return result
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _profiler() -> Profiler:
    from pyinstrument import Profiler

    profiler = Profiler(interval=0.005, async_mode="disabled")
    profiler.start()
    return profiler


def _chunk_texts(index: Index) -> list[list[str]]:
    """The stored chunk texts, grouped by document in chunk order: what ingest embedded."""
    docs: dict[str, list[str]] = {}
    for chunk in index.all_chunks():
        docs.setdefault(chunk.sha, []).append(chunk.text)
    return list(docs.values())


def _sample(docs: list[list[str]], most: int) -> list[list[str]]:
    """Every k-th document, so that about `most` chunks are embedded bare (all if fewer)."""
    total = sum(map(len, docs))
    if total <= most:
        return docs
    return docs[:: -(-total // most)]


def _identity(report: IngestReport, truth_path: Path) -> str:
    """How many files were filed under the person the generator wrote them for."""
    truth = {f["file"]: f["name"] for f in json.loads(truth_path.read_text())["files"]}
    right = sum(1 for f in report.files if truth.get(f.path.name) == f.person)
    return f"{right}/{len(truth)}"


def _disk_mb(folder: Path) -> float:
    """Disk used under folder (allocated blocks, as du counts them)."""
    used = sum(p.stat().st_blocks * 512 for p in folder.rglob("*") if p.is_file())
    return used / 1024 / 1024


# -- the parent: corpora, subprocesses, the table -------------------------------------------


def run_one(label: str, seed: int, chroma_url: str | None, profile: bool, bare_chunks: int) -> dict:
    """Measure one corpus in a fresh interpreter; its ru_maxrss is then this corpus's peak."""
    paths, truth = corpus(label, seed)
    job = {"paths": [str(p) for p in paths], "truth": str(truth) if truth else None,
           "chroma_url": chroma_url, "profile": profile, "bare_chunks": bare_chunks}
    print(f"[{label}] ingesting {', '.join(map(str, paths))} …", file=sys.stderr)
    done = subprocess.run(
        [sys.executable, "-m", "bench.ingest_bench", "--child", json.dumps(job)],
        cwd=REPO, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"[{label}] the measuring process failed:\n{done.stderr[-4000:]}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    corpus_name = label + (" (server)" if chroma_url else "")
    result.update(corpus=corpus_name, seed=seed if label != "shared" else None,
                  measured=_stamp(), load_avg=round(os.getloadavg()[0], 2))
    return result


def _stamp() -> str:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                            capture_output=True, text=True, check=False).stdout.strip()
    return f"{datetime.now():%Y-%m-%d %H:%M} @ {commit or '?'}"


def table(rows: list[dict]) -> str:
    """The results as a Markdown table, one row per corpus."""
    head = ("| corpus | files | chunks | ingest s | files/s | chunks/s | bare embed s "
            "| overhead | overhead, CPU s | re-ingest s | peak RSS MB | index MB | identity "
            "| measured (load avg) |")
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in rows:
        ratio = r["ingest_s"] / r["bare_s"]
        cpu_ratio = r["ingest_cpu_s"] / r["bare_cpu_s"]
        flag = "" if ratio <= TARGET_RATIO else " ⚠"
        lines.append(
            f"| {r['corpus']} | {r['files']} | {r['chunks']} | {r['ingest_s']:.1f} "
            f"| {r['files'] / r['ingest_s']:.2f} | {r['chunks'] / r['ingest_s']:.1f} "
            f"| {r['bare_s']:.1f}{'*' if r['bare_sampled'] else ''} "
            f"| {ratio:.2f}×{flag} | {cpu_ratio:.2f}× "
            f"| {r['reingest_s']:.2f} | {r['peak_rss_mb']:.0f} | {r['index_mb']:.1f} "
            f"| {r['identity'] or '–'} | {r['measured']} ({r['load_avg']}) |"
        )
    return "\n".join(lines)


def _order(name: str) -> tuple[int, int, str]:
    label, _, store = name.partition(" ")
    return (0, 0, store) if label == "shared" else (1, int(label), store)


def write_results(rows: dict[str, dict]) -> str:
    """bench/results.md from every corpus measured so far (kept in bench/cache/results.json)."""
    ordered = [rows[k] for k in sorted(rows, key=_order)]
    any_row = ordered[0]
    text = f"""# Ingest benchmark results

Written by `python -m bench.ingest_bench`; bench/README.md says what each column means.

- Machine: {os.cpu_count()} cores ({_cpu_model()}), {_ram_gib():.0f} GiB RAM, Python \
{platform.python_version()}
- Index: embedded Chroma unless the corpus says (server), chunk_tokens={any_row["chunk_tokens"]}, \
embed_batch={any_row["embed_batch"]}
- Load average: the machine's 1-minute load when the row finished. Above the core count, other
  work shared the CPU and the wall times are pessimistic.

{table(ordered)}

*bare embed s* is one `embed_documents` call on the exact chunk texts ingest stored, which the
embedder sorts by length and runs in batches of embed_batch: the embedding work with nothing
else around it. *overhead* = ingest s / bare embed s (target ≤ {TARGET_RATIO}×); *overhead, CPU s*
is the same ratio in process CPU seconds, which other load disturbs less. A `*` marks bare
figures measured on every k-th document (`--bare-chunks`) and scaled by chunk count.
"""
    RESULTS.write_text(text, encoding="utf-8")
    return text


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _ram_gib() -> float:
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 1024**3


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="shared,100",
                        help="comma-separated corpora: 'shared' and/or profile counts "
                             "(default shared,100)")
    parser.add_argument("--seed", type=int, default=7, help="generator seed (default 7)")
    parser.add_argument("--chroma-url", default=os.environ.get("PROFILECHAT_CHROMA_URL"),
                        help="measure against a Chroma server instead of the embedded store")
    parser.add_argument("--profile", action="store_true",
                        help="profile the first ingest with pyinstrument into bench/cache/; "
                             "results.md is left alone")
    parser.add_argument("--bare-chunks", type=int, default=2000,
                        help="embed at most about this many chunks bare (every k-th document) "
                             "and scale the time to the corpus (default 2000)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        job = json.loads(args.child)
        result = measure([Path(p) for p in job["paths"]],
                         Path(job["truth"]) if job["truth"] else None,
                         job["chroma_url"], job["profile"], job["bare_chunks"])
        print(json.dumps(result))
        return

    CACHE.mkdir(exist_ok=True)
    store = CACHE / "results.json"
    rows = json.loads(store.read_text()) if store.exists() else {}
    measured = []
    for label in [s.strip() for s in args.sizes.split(",") if s.strip()]:
        row = run_one(label, args.seed, args.chroma_url, args.profile, args.bare_chunks)
        measured.append(row)
        print(table([row]).splitlines()[-1], file=sys.stderr)
        if args.profile:  # the profiler slows ingest: these timings are not results
            out = CACHE / f"profile-{label}.txt"
            out.write_text(row.pop("profile"))
            print(f"[{label}] profile written to {out}", file=sys.stderr)
        else:
            rows[row["corpus"]] = row
            store.write_text(json.dumps(rows, indent=1))
            write_results(rows)
    print(table(measured))


if __name__ == "__main__":
    main()
