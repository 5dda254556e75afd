"""Ingest, retrieval and answer figures per collection size, embedded Chroma and a Chroma server.

    python -m bench.ingest_bench [--sizes shared,100,1000] [--stores embedded,server]
        [--embed-cache] [--questions 300] [--llm-sample 16] [--seed 7]

Each corpus and store is measured by its own subprocess into a fresh index, so the peak RSS
reported is that row's alone. Results are printed and written to bench/results.md.
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
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.chroma_server import chroma_server, cpu_seconds, peak_rss_mb
from bench.generate import GENERATOR_VERSION, generate
from bench.report import ingest_table, query_table, write_results

if TYPE_CHECKING:  # the measuring subprocess imports these; the parent never needs them
    from pyinstrument import Profiler

    from ingest.pipeline import FileResult, IngestReport
    from ingest.store import Index

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
CACHE = BENCH / "cache"
STORE = CACHE / "results-v2.json"
SHARED = Path(os.environ.get("PROFILECHAT_SHARED", REPO.parent / "shared")) / "corpus"


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


def embed_cache_path() -> Path:
    from ingest.embeddings import MODEL_ID

    return CACHE / f"embeddings-{MODEL_ID}.sqlite"


# -- one corpus and store, in a subprocess --------------------------------------------------


def measure(job: dict[str, Any]) -> dict[str, Any]:
    """Ingest into a fresh index, re-ingest, embed the same chunks bare, then ask questions."""
    from assistant.settings import Settings
    from ingest.pipeline import ingest
    from ingest.store import open_index

    home = Path(tempfile.mkdtemp(prefix="profilechat-bench-"))
    settings = Settings(home=home, chroma_url=job["chroma_url"], collection=f"bench-{os.getpid()}")
    server_cpu = _cpu_reader(job.get("server_pid"))
    truth = Path(job["truth"]) if job["truth"] else None
    paths = [Path(p) for p in job["paths"]]
    try:
        started = time.perf_counter()
        index = open_index(settings)
        cache = None
        if job["embed_cache"]:
            from bench.embed_cache import CachedEmbeddings

            index.embeddings = cache = CachedEmbeddings(index.embeddings, Path(job["embed_cache"]))
        index.embeddings.embed_query("warm-up")  # first ONNX run allocates; not ingest's
        load_s = time.perf_counter() - started

        profiler = _profiler() if job["profile"] else None
        _say(job, f"ingesting {', '.join(map(str, paths))} …")
        started, cpu, other = time.perf_counter(), time.process_time(), server_cpu()
        report = ingest(paths, settings, index, on_file=_progress(job, started))
        ingest_s = time.perf_counter() - started
        ingest_cpu_s = time.process_time() - cpu + server_cpu() - other
        if profiler:
            profiler.stop()
        _say(job, f"ingested in {ingest_s:.1f} s; re-ingesting …")
        started = time.perf_counter()
        again = ingest(paths, settings, index)
        reingest_s = time.perf_counter() - started
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        result: dict[str, Any] = {
            "files": len(report.files), "failed": report.count("failed"),
            "unchanged_on_reingest": again.count("unchanged"),
            "chunks": report.chunks_added, "people": len(report.people),
            "identity": _identity(report, truth) if truth else None,
            "load_s": load_s, "ingest_s": ingest_s, "reingest_s": reingest_s,
            "ingest_cpu_s": ingest_cpu_s, "peak_rss_mb": rss_mb, "index_mb": _disk_mb(home),
            "embed_batch": settings.embed_batch, "chunk_tokens": settings.chunk_tokens,
            "load_avg": round(os.getloadavg()[0], 2),
        }
        if cache:
            result.update(cache_hits=cache.hits, cache_misses=cache.misses)
        if not result.get("cache_hits"):  # bare embedding only means something for a fresh ingest
            _say(job, "embedding the stored chunks bare …")
            result.update(_bare(index, job["bare_chunks"]))
        if profiler:
            result["profile"] = profiler.output_text(unicode=True, color=False)
        elif truth and (job["questions"] or job["llm_sample"]):
            result.update(_queries(index, settings, truth, job, server_cpu))
        if job["chroma_url"]:
            index.vectors.delete_collection()
        index.close()
        return result
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _bare(index: Index, most: int) -> dict[str, Any]:
    """The stored chunk texts embedded with nothing around them: what ingest's embedding costs."""
    embedder = getattr(index.embeddings, "inner", index.embeddings)  # never the cache
    docs = _chunk_texts(index)
    sample = [text for doc in _sample(docs, most) for text in doc]
    scale = sum(map(len, docs)) / max(1, len(sample))
    started, cpu = time.perf_counter(), time.process_time()
    embedder.embed_documents(sample)
    bare_s, bare_cpu_s = time.perf_counter() - started, time.process_time() - cpu
    return {"bare_s": bare_s * scale, "bare_cpu_s": bare_cpu_s * scale,
            "bare_sampled": f"{len(sample)}/{sum(map(len, docs))}" if scale > 1 else ""}


def _queries(index: Index, settings: Any, truth: Path, job: dict[str, Any],
             server_cpu: Callable[[], float]) -> dict[str, Any]:
    from bench.query_bench import measure_answers, measure_retrieval, sample_questions

    questions = sample_questions(json.loads(truth.read_text())["questions"],
                                 max(job["questions"], job["llm_sample"]), job["seed"])
    timed = questions[: job["questions"]]
    # Half the model's sample is questions no record answers, so that the model writes them.
    research = [q for q in questions if q["kind"] == "research"][: job["llm_sample"] // 2]
    asked = (research + [q for q in questions if q not in research])[: job["llm_sample"]]
    out: dict[str, Any] = {}
    if timed:
        _say(job, f"retrieval and extractive answers for {len(timed)} questions …")
        out.update(measure_retrieval(index, settings, timed, server_cpu))
        out.update(measure_answers(index, settings, timed, "extractive"))
    if asked:
        _say(job, f"local model answers for {len(asked)} questions …")
        out.update(measure_answers(index, settings, asked, "local"))
    out["query_load_avg"] = round(os.getloadavg()[0], 2)
    return out


def _cpu_reader(pid: int | None) -> Callable[[], float]:
    """CPU seconds of the Chroma server so far (0 without one we started)."""
    return (lambda: cpu_seconds(pid)) if pid else (lambda: 0.0)


def _say(job: dict[str, Any], message: str) -> None:
    print(f"[{job['name']}] {message}", file=sys.stderr, flush=True)


def _progress(job: dict[str, Any], started: float) -> Callable[[FileResult], None]:
    """A line every 1,000 files, so a long run's log shows how far it got."""
    seen = [0]

    def on_file(_: FileResult) -> None:
        seen[0] += 1
        if seen[0] % 1000 == 0:
            _say(job, f"{seen[0]} files in {time.perf_counter() - started:.0f} s")

    return on_file


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


# -- the parent: corpora, servers, subprocesses, the table ----------------------------------


def run_one(label: str, store: str, args: argparse.Namespace) -> dict[str, Any]:
    """Measure one corpus and store in a fresh interpreter; its ru_maxrss is then this row's."""
    paths, truth = corpus(label, args.seed)
    job = {"name": f"{label} {store}", "paths": [str(p) for p in paths],
           "truth": str(truth) if truth else None, "chroma_url": None, "server_pid": None,
           "profile": args.profile, "bare_chunks": args.bare_chunks,
           "embed_cache": str(embed_cache_path()) if args.embed_cache else None,
           "questions": args.questions,
           "llm_sample": args.llm_sample, "seed": args.seed}
    if store == "server" and args.chroma_url:  # someone else's server: its costs are unseen
        result = _child({**job, "chroma_url": args.chroma_url})
    elif store == "server":
        data = Path(tempfile.mkdtemp(prefix="profilechat-chroma-"))
        try:
            with chroma_server(data, log=CACHE / "chroma-server.log") as server:
                result = _child({**job, "chroma_url": server.url, "server_pid": server.pid})
                result["server_rss_mb"] = peak_rss_mb(server.pid)
            result["index_mb"] += _disk_mb(data)
        finally:
            shutil.rmtree(data, ignore_errors=True)
    else:
        result = _child(job)
    result.update(corpus=label, store=store, seed=args.seed if label != "shared" else None,
                  measured=_stamp())
    return result


def _child(job: dict[str, Any]) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.ingest_bench", "--child", json.dumps(job)],
        cwd=REPO, stdout=subprocess.PIPE, text=True, check=False,  # stderr: progress, to ours
    )
    if done.returncode != 0:
        raise SystemExit(f"[{job['name']}] the measuring process failed (see above)")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def _stamp() -> str:
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO,
                            capture_output=True, text=True, check=False).stdout.strip()
    return f"{datetime.now():%Y-%m-%d %H:%M} @ {commit or '?'}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", default="shared,100",
                        help="comma-separated corpora: 'shared' and/or profile counts "
                             "(default shared,100)")
    parser.add_argument("--stores", default="embedded,server",
                        help="comma-separated: embedded and/or server (default both)")
    parser.add_argument("--seed", type=int, default=7, help="generator seed (default 7)")
    parser.add_argument("--chroma-url", default=os.environ.get("PROFILECHAT_CHROMA_URL"),
                        help="for the server rows, this running server instead of starting one")
    parser.add_argument("--embed-cache", action="store_true",
                        help="read and write chunk vectors in bench/cache/ (rows say so)")
    parser.add_argument("--questions", type=int, default=300,
                        help="generated questions for retrieval and extractive answers "
                             "(default 300; 0 skips them)")
    parser.add_argument("--llm-sample", type=int, default=16,
                        help="questions answered by the local model (default 8; 0 skips it)")
    parser.add_argument("--profile", action="store_true",
                        help="profile the first ingest with pyinstrument into bench/cache/; "
                             "no questions, results.md is left alone")
    parser.add_argument("--bare-chunks", type=int, default=2000,
                        help="embed at most about this many chunks bare (every k-th document) "
                             "and scale the time to the corpus (default 2000)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(json.loads(args.child))))
        return

    CACHE.mkdir(exist_ok=True)
    rows = json.loads(STORE.read_text()) if STORE.exists() else {}
    measured = []
    stores = [s.strip() for s in args.stores.split(",") if s.strip()]
    for label in [s.strip() for s in args.sizes.split(",") if s.strip()]:
        for store in stores:
            row = run_one(label, store, args)
            if args.profile:  # the profiler slows ingest: these timings are not results
                out = CACHE / f"profile-{label}-{store}.txt"
                out.write_text(row.pop("profile"))
                print(f"[{label} {store}] profile written to {out}", file=sys.stderr)
                continue
            measured.append(row)
            print(ingest_table([row]).splitlines()[-1], file=sys.stderr)
            rows[f"{label} {store}"] = row
            STORE.write_text(json.dumps(rows, indent=1))
            write_results(rows)
    if measured:
        print(ingest_table(measured))
        print()
        print(query_table(measured))


if __name__ == "__main__":
    main()
