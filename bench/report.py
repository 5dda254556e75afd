"""bench/results.md: the ingest table, the query table and the targets, from every row measured."""

from __future__ import annotations

import json
import os
import platform
from pathlib import Path

from bench import charts

BENCH = Path(__file__).resolve().parent
RESULTS = BENCH / "results.md"
REAL_STORE = BENCH / "cache" / "results-real.json"  # bench.real_bench's rows
REAL_HEADING = "## Real corpus: PDFium and pypdf"  # the last section of results.md
TARGET_RATIO = 1.3  # ingest may cost at most 30% more than embedding the same chunks
TARGET_1000_S = 300.0  # 1,000 profiles in 5 minutes
TARGET_P95_MS = 50.0  # retrieval p95 at 10,000 profiles
TARGET_HIT_DROP = 0.05  # hit@5 at 10,000 within 5 points of hit@5 at 100


def row_key(row: dict) -> tuple[int, int, str]:
    label = row["corpus"]
    order = (0, 0) if label == "shared" else (1, int(label))
    return (*order, row["store"])


def _fresh(r: dict) -> bool:
    """Whether every vector was computed during the timed ingest (no cache hits)."""
    return not r.get("cache_hits")


def _embeddings(r: dict) -> str:
    if r.get("cache_hits") is None:
        return "fresh"
    if not r["cache_hits"]:
        return "fresh, cached"  # the cache was empty: computed, then written to it
    return f"cache {r['cache_hits']}/{r['cache_hits'] + r['cache_misses']} †"


def _rss(r: dict) -> str:
    server = r.get("server_rss_mb")
    return f"{r['peak_rss_mb']:.0f}" + (f" + {server:.0f}" if server else "")


def _stamp(r: dict, key: str = "load_avg") -> str:
    return f"{r['measured']} ({r[key]})"


def ingest_table(rows: list[dict]) -> str:
    """One row per corpus and store: throughput, overhead over bare embedding, memory, disk."""
    head = ("| corpus | store | files | chunks | embeddings | ingest s | files/s | chunks/s "
            "| cores busy | bare embed s | overhead | overhead, CPU s | re-ingest s | peak RSS MB "
            "| index MB "
            "| identity | measured (load avg) |")
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in rows:
        if r.get("bare_s") and _fresh(r):
            ratio, cpu_ratio = r["ingest_s"] / r["bare_s"], r["ingest_cpu_s"] / r["bare_cpu_s"]
            flag = "" if ratio <= TARGET_RATIO else " ⚠"
            bare = f"{r['bare_s']:.1f}{'*' if r['bare_sampled'] else ''}"
            overhead, cpu_overhead = f"{ratio:.2f}×{flag}", f"{cpu_ratio:.2f}×"
        else:
            bare = overhead = cpu_overhead = "–"
        lines.append(
            f"| {r['corpus']} | {r['store']} | {r['files']} | {r['chunks']} | {_embeddings(r)} "
            f"| {r['ingest_s']:.1f} | {r['files'] / r['ingest_s']:.2f} "
            f"| {r['chunks'] / r['ingest_s']:.1f} | {r['ingest_cpu_s'] / r['ingest_s']:.2f} "
            f"| {bare} | {overhead} | {cpu_overhead} "
            f"| {r['reingest_s']:.2f} | {_rss(r)} | {r['index_mb']:.1f} "
            f"| {r['identity'] or '–'} | {_stamp(r)} |"
        )
    return "\n".join(lines)


def _fmt(value: float | None, scale: float = 1.0, digits: int = 1, suffix: str = "") -> str:
    return "–" if value is None else f"{value * scale:.{digits}f}{suffix}"


def query_table(rows: list[dict]) -> str:
    """One row per corpus and store with questions: retrieval and answer latency, hit@5."""
    head = ("| corpus | store | questions | retrieval p50 ms | retrieval p95 ms "
            "| retrieval CPU ms | hit@5 | answer@5 | person found | extractive p50 ms "
            "| extractive p95 ms | extractive correct | from records "
            "| local n | local p50 s | local p95 s | local correct | model-written n "
            "| model-written p50 s | model-written p95 s | measured (load avg) |")
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in rows:
        if not r.get("questions") and not r.get("local_n"):
            continue
        fallback = " (fell back)" if r.get("local_n") and r["local_backend"] != "local" else ""
        p95 = r.get("retrieval_p95_ms")
        flag = " ⚠" if r["corpus"] == "10000" and p95 and p95 > TARGET_P95_MS else ""
        lines.append(
            f"| {r['corpus']} | {r['store']} | {r.get('questions', 0)} "
            f"| {_fmt(r.get('retrieval_p50_ms'))} | {_fmt(p95)}{flag} "
            f"| {_fmt(r.get('retrieval_cpu_ms'))} | {_fmt(r.get('hit5'), 100, suffix='%')} "
            f"| {_fmt(r.get('answer5'), 100, suffix='%')} "
            f"| {_fmt(r.get('person_found'), 100, suffix='%')} "
            f"| {_fmt(r.get('extractive_p50_s'), 1000)} | {_fmt(r.get('extractive_p95_s'), 1000)} "
            f"| {_fmt(r.get('extractive_correct'), 100, suffix='%')} "
            f"| {_fmt(r.get('extractive_records'), 100, suffix='%')} "
            f"| {r.get('local_n', 0)}{fallback} | {_fmt(r.get('local_p50_s'), digits=2)} "
            f"| {_fmt(r.get('local_p95_s'), digits=2)} "
            f"| {_fmt(r.get('local_correct'), 100, suffix='%')} | {r.get('local_written_n', '–')} "
            f"| {_fmt(r.get('local_written_p50_s'), digits=2)} "
            f"| {_fmt(r.get('local_written_p95_s'), digits=2)} | {_stamp(r, 'query_load_avg')} |"
        )
    return "\n".join(lines)


def targets(rows: list[dict]) -> list[str]:
    """The issue's targets, each met, missed or not yet measured, from the embedded-store rows."""
    by = {r["corpus"]: r for r in rows if r["store"] == "embedded"}
    out = []
    fresh = [r for r in by.values() if r.get("bare_s") and _fresh(r)]
    if fresh:
        worst = max(fresh, key=lambda r: r["ingest_cpu_s"] / r["bare_cpu_s"])
        wall = max(fresh, key=lambda r: r["ingest_s"] / r["bare_s"])
        cpu = worst["ingest_cpu_s"] / worst["bare_cpu_s"]
        out.append(_verdict(max(cpu, wall["ingest_s"] / wall["bare_s"]) <= TARGET_RATIO,
                            f"ingest ≤ {TARGET_RATIO}× bare embedding: worst "
                            f"{wall['ingest_s'] / wall['bare_s']:.2f}× wall ({wall['corpus']}), "
                            f"{cpu:.2f}× CPU s ({worst['corpus']})"))
    if (r := by.get("1000")) and _fresh(r):
        out.append(_verdict(r["ingest_s"] <= TARGET_1000_S,
                            f"1,000 profiles in ≤ {TARGET_1000_S:.0f} s: {r['ingest_s']:.0f} s "
                            f"at load {r['load_avg']}"))
    big, small = by.get("10000"), by.get("100")
    if big and big.get("questions"):
        out.append(_verdict(big["retrieval_p95_ms"] <= TARGET_P95_MS,
                            f"retrieval p95 ≤ {TARGET_P95_MS:.0f} ms at 10,000 profiles: "
                            f"{big['retrieval_p95_ms']:.1f} ms"))
        if small and small.get("questions"):
            drop = small["hit5"] - big["hit5"]
            out.append(_verdict(drop <= TARGET_HIT_DROP,
                                f"hit@5 at 10,000 within {100 * TARGET_HIT_DROP:.0f} points of "
                                f"100: {100 * big['hit5']:.1f}% vs {100 * small['hit5']:.1f}%"))
            growth = big["retrieval_cpu_ms"] / small["retrieval_cpu_ms"]
            out.append(_verdict(growth < 100, f"query cost sub-linear: CPU ms per question grows "
                                              f"{growth:.1f}× for 100× the profiles"))
    return out or ["- no rows that the targets apply to yet"]


def _verdict(met: bool, text: str) -> str:
    return f"- {'met' if met else 'MISSED'}: {text}"


def write_results(rows: dict[str, dict], path: Path = RESULTS) -> str:
    """bench/results.md from every row measured so far (kept in bench/cache/results-v2.json),
    and bench/cost-by-size.png beside it."""
    ordered = sorted(rows.values(), key=row_key)
    any_row = ordered[0]
    text = f"""# Benchmark results

Written by `python -m bench.ingest_bench`; bench/README.md says what each column means.

- Machine: {os.cpu_count()} cores ({_cpu_model()}), {_ram_gib():.0f} GiB RAM, Python \
{platform.python_version()}
- Index: chunk_tokens={any_row["chunk_tokens"]}, embed_batch={any_row["embed_batch"]}; store \
`embedded` is Chroma in-process, `server` is `chroma run` on 127.0.0.1 started by the bench
- Load average: the machine's 1-minute load when the row finished. Above the core count, other
  work shared the CPU and the wall times are pessimistic; compare CPU seconds instead.

## Targets (embedded store)

{chr(10).join(targets(ordered))}

## Ingest

{ingest_table(ordered)}

*bare embed s*: the chunk texts ingest stored, embedded by one `embed_documents` call; *overhead*
= ingest s / bare embed s (target ≤ {TARGET_RATIO}×), *overhead, CPU s* the same in CPU seconds
(a server row counts the server's CPU too). `*`: bare time measured on every k-th document and
scaled. `†`: vectors read from the embedding cache, so ingest s is not an ingest-speed figure.
*cores busy*: ingest CPU seconds per wall second (2.00 = both cores of this machine all the
time). *peak RSS MB*: the measuring process after ingest, `+` the Chroma server's.

## Retrieval and answers

{query_table(ordered)}

Latencies are per question, person resolution included; *retrieval CPU ms* is CPU time per
question (a server row counts the server's). *hit@5*: the question's gold file is the source of
one of the first five passages; *answer@5*: the generated answer (every co-author of a co-author
answer) is in their text. *extractive*: `answer()` with no model; *correct*: the answer states
the generated answer (every part of it); *from records*: the share answered from the structured
records, without retrieval or a model. *local*: the local model's backend on the first *local n*
of those questions; *model-written*: the ones the model wrote (the others came from the records).
"""
    text += _kept_real_section(path)
    path.write_text(text, encoding="utf-8")
    charts.write_safely(ordered, path.with_name(charts.CHART.name))
    return text


def _kept_real_section(path: Path) -> str:
    """The real-corpus section for results.md: from bench.real_bench's rows if this checkout has
    them, else as the file already has it (bench/cache/ is not in git)."""
    if REAL_STORE.exists():
        rows = json.loads(REAL_STORE.read_text())
        return "\n" + real_section([row for runs in rows.values() for row in runs])
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    return "\n" + old[old.index(REAL_HEADING):] if REAL_HEADING in old else ""


def write_real(rows: list[dict], path: Path = RESULTS) -> str:
    """Put the real-corpus section at the end of results.md, leaving the other sections as they
    are (they come from bench.ingest_bench's rows)."""
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n"
    kept = old[:old.index(REAL_HEADING)] if REAL_HEADING in old else old.rstrip("\n") + "\n\n"
    text = kept + real_section(rows)
    path.write_text(text, encoding="utf-8")
    return text


def real_section(rows: list[dict]) -> str:
    """The real-corpus tables: ingest per reader and run, then glued word runs per PDF."""
    commands = sorted({r["command"] for r in rows if r.get("command")})
    return f"""{REAL_HEADING}

Written by `{"`, `".join(commands) or "python -m bench.real_bench"}` on {os.cpu_count()} cores \
({_cpu_model()}):
the documents of `../shared/corpus/real` (not SOURCES.md), ingested into a fresh embedded Chroma
per reader and run, with PDF text read by PDFium (the default) or by pypdf alone; bench/README.md
says what each column means. On 2 cores, a load average above 2 means other work
shared the CPU: compare the CPU-second columns.

{real_table(rows)}

Glued word runs per PDF (as extracted → after repair), from each reader's first run:

{glued_table(rows)}
"""


def real_table(rows: list[dict]) -> str:
    """One row per reader and run: files, pages, ingest and PDF-load seconds, bare embedding,
    chunks, glued word runs, memory."""
    head = ("| PDF text | run | files (failed) | PDF pages | chunks | ingest s | ingest CPU s "
            "| PDF load s in ingest | PDF load CPU s | PDF load s alone | bare embed s "
            "| bare embed CPU s | overhead | overhead, CPU s | glued as extracted "
            "| glued after repair | peak RSS MB "
            "| measured (load avg) |")
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in rows:
        reader = {"pdfium": "PDFium", "pypdf": "pypdf"}.get(r["reader"], r["reader"])
        if r.get("fell_back"):
            reader += f" ({r['fell_back']} by pypdf)"
        lines.append(
            f"| {reader} | {r['run']} | {r['files']} ({r['failed']}) | {r['pages']} "
            f"| {r['chunks']} | {r['ingest_s']:.1f} | {r['ingest_cpu_s']:.1f} "
            f"| {r['pdf_load_s']:.2f} | {r['pdf_load_cpu_s']:.2f} | {r['pdf_load_alone_s']:.2f} "
            f"| {r['bare_s']:.1f} | {r['bare_cpu_s']:.1f} | {r['ingest_s'] / r['bare_s']:.2f}× "
            f"| {r['ingest_cpu_s'] / r['bare_cpu_s']:.2f}× "
            f"| {r['glued_extracted']} | {r['glued_after']} | {r['peak_rss_mb']:.0f} "
            f"| {_stamp(r)} |"
        )
    return "\n".join(lines)


def glued_table(rows: list[dict]) -> str:
    """Per PDF, each reader's glued word runs (as extracted → after repair) and load seconds
    alone, from the first run of each reader (the counts do not change between runs)."""
    first: dict[str, dict] = {}
    for r in rows:
        first.setdefault(r["reader"], r)
    readers = [r for r in ("pypdf", "pdfium") if r in first]
    names = {"pdfium": "PDFium", "pypdf": "pypdf"}
    head = "| file | pages | " + " | ".join(
        f"{names[r]} glued | {names[r]} load s" for r in readers) + " |"
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    per = {r: {f["file"]: f for f in first[r]["per_file"]} for r in readers}
    files = sorted({name for r in readers for name in per[r] if name.lower().endswith(".pdf")})
    for name in files:
        cells = []
        for r in readers:
            f = per[r].get(name, {})
            glued = f.get("glued")
            shown = (f"{glued[0]} → {glued[1]}" if glued
                     else "no text layer" if "no text layer" in f.get("reason", "")
                     else f.get("outcome", "–"))
            if f.get("reader") and f["reader"].lower() != r:
                shown += f" (read by {f['reader']})"
            alone = f.get("load_alone_s")
            cells.append(f"{shown} | {'–' if alone is None else f'{alone:.2f}'}")
        pages = next((per[r][name]["pages"] for r in readers if name in per[r]), None)
        lines.append(f"| {name} | {pages if pages is not None else '–'} | {' | '.join(cells)} |")
    totals = []
    for r in readers:
        row = first[r]
        totals.append(f"**{row['glued_extracted']} → {row['glued_after']}** "
                      f"| **{row['pdf_load_alone_s']:.2f}**")
    lines.append(f"| **total** | **{first[readers[0]]['pages']}** | {' | '.join(totals)} |")
    return "\n".join(lines)


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
