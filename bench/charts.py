"""bench/cost-by-size.png: ingest and query cost against collection size, for both stores.

`python -m bench.charts` draws it from bench/cache/results-v2.json when this checkout has the rows,
else from the Ingest and Retrieval tables of bench/results.md (bench/cache/ is not in git);
`bench.report.write_results` redraws it whenever it rewrites results.md.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
RESULTS = BENCH / "results.md"
STORE = BENCH / "cache" / "results-v2.json"  # bench.ingest_bench's rows
CHART = BENCH / "cost-by-size.png"
COLORS = {"embedded": "#1f77b4", "server": "#ff7f0e"}


def load_rows(store: Path = STORE, results: Path = RESULTS) -> list[dict[str, Any]]:
    """The measured rows: the JSON store if present, else parsed back from results.md."""
    if store.exists():
        return list(json.loads(store.read_text()).values())
    return rows_from_results(results.read_text(encoding="utf-8"))


def _tables(text: str) -> dict[str, list[dict[str, str]]]:
    """Every Markdown table under a `## ` heading, as rows of header → cell."""
    out: dict[str, list[dict[str, str]]] = {}
    heading = ""
    header: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            heading, header = line[3:].strip(), None
        elif not line.startswith("|"):
            header = None
        elif header is None:
            header = [c.strip() for c in line.strip("|").split("|")]
        elif not set(line) <= set("|-: "):
            cells = [c.strip() for c in line.strip("|").split("|")]
            out.setdefault(heading, []).append(dict(zip(header, cells)))
    return out


def _number(cell: str | None) -> float | None:
    """The first number in a cell ("1.39× ⚠" → 1.39, "100.0%" → 1.0, "–" → None)."""
    found = re.search(r"-?\d+(?:\.\d+)?", cell or "")
    if not found:
        return None
    value = float(found.group())
    return value / 100 if cell and "%" in cell else value


def rows_from_results(text: str) -> list[dict[str, Any]]:
    """bench/results.md's ingest and query tables back as rows with ingest_bench's keys (the
    figures as rounded there; ingest CPU s is cores busy × ingest s)."""
    tables = _tables(text)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for cells in tables.get("Ingest", []):
        ingest_s = _number(cells["ingest s"]) or 0.0
        embeddings = cells.get("embeddings", "")
        hits = _number(embeddings.removeprefix("cache ")) if embeddings.startswith("cache") else (
            0 if "cached" in embeddings else None)
        rows[cells["corpus"], cells["store"]] = {
            "corpus": cells["corpus"], "store": cells["store"],
            "files": int(_number(cells["files"]) or 0),
            "chunks": int(_number(cells["chunks"]) or 0),
            "ingest_s": ingest_s, "ingest_cpu_s": (_number(cells["cores busy"]) or 0.0) * ingest_s,
            "cache_hits": hits}
    query_keys = {"questions": "questions", "retrieval p50 ms": "retrieval_p50_ms",
                  "retrieval p95 ms": "retrieval_p95_ms", "retrieval CPU ms": "retrieval_cpu_ms",
                  "hit@5": "hit5"}
    for cells in tables.get("Retrieval and answers", []):
        row = rows.setdefault((cells["corpus"], cells["store"]),
                              {"corpus": cells["corpus"], "store": cells["store"]})
        row.update({key: _number(cells.get(column)) for column, key in query_keys.items()})
    return list(rows.values())


def _size(row: dict[str, Any]) -> float:
    """A row's collection size in profiles (the shared corpus counts its files)."""
    return float(row.get("files") or int(row["corpus"]))


def _series(rows: Sequence[dict[str, Any]], store: str, key: str) -> list[dict[str, Any]]:
    return sorted((r for r in rows if r["store"] == store and r.get(key) is not None
                   and (r.get("files") or r["corpus"].isdigit())), key=_size)


def cost_chart(rows: Sequence[dict[str, Any]], path: Path = CHART) -> Path:
    """Four panels against profiles indexed, one line per store: ingest seconds, ingest
    milliseconds per chunk, retrieval latency per question, retrieval CPU per question."""
    from matplotlib.figure import Figure

    from bench.report import TARGET_P95_MS  # bench.report draws this chart: import it late

    if not rows:
        raise ValueError("no benchmark rows to draw")
    fig = Figure(figsize=(13, 9.5), dpi=110, layout="constrained")
    (wall, per_chunk), (latency, cpu) = fig.subplots(2, 2)
    for store, color in COLORS.items():
        _ingest(wall, per_chunk, rows, store, color)
        queried = _series(rows, store, "retrieval_p50_ms")
        sizes = [_size(r) for r in queried]
        latency.plot(sizes, [r["retrieval_p50_ms"] for r in queried], "o-", color=color,
                     label=f"{store}: p50")
        latency.plot(sizes, [r["retrieval_p95_ms"] for r in queried], "s--", color=color,
                     label=f"{store}: p95")
        cpu.plot(sizes, [r["retrieval_cpu_ms"] for r in queried], "o-", color=color, label=store)
    latency.axhline(TARGET_P95_MS, color="#c0392b", linewidth=0.8, linestyle=":",
                    label=f"target: p95 ≤ {TARGET_P95_MS:.0f} ms at 10,000")
    _axes(wall, "Ingest: wall seconds for the whole collection", "seconds", log_y=True)
    _axes(per_chunk, "Ingest cost per chunk: wall (circles), CPU (squares)", "ms per chunk")
    _axes(latency, "Retrieval latency per question (person resolution included)", "ms",
          generated=True)
    _axes(cpu, "Retrieval CPU per question (a server row counts the server's)", "CPU ms",
          generated=True)
    note = ("\n† hollow: vectors read from the embedding cache, so that ingest time is not an "
            "ingest-speed figure" if any(r.get("cache_hits") for r in rows) else "")
    fig.suptitle("profilechat bench: cost against collection size, embedded Chroma vs "
                 f"`chroma run` server (bench/results.md){note}", fontsize=11)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    return path


def _ingest(wall: Any, per_chunk: Any, rows: Sequence[dict[str, Any]], store: str,
            color: str) -> None:
    """A store's ingest lines through the fresh rows; a row whose vectors came from the
    embedding cache (†) is a hollow marker off the line: its time is not an ingest speed."""
    ingested = [r for r in _series(rows, store, "ingest_s") if r.get("chunks")]
    for fresh in (True, False):
        part = [r for r in ingested if bool(r.get("cache_hits")) != fresh]
        sizes = [_size(r) for r in part]
        face, line = (color, "-") if fresh else ("white", "")
        suffix = "" if fresh else " †"
        wall.plot(sizes, [r["ingest_s"] for r in part], f"o{line}", color=color,
                  markerfacecolor=face, label=f"{store}{suffix}" if part else None)
        per_chunk.plot(sizes, [1000 * r["ingest_s"] / r["chunks"] for r in part], f"o{line}",
                       color=color, markerfacecolor=face,
                       label=f"{store}: wall{suffix}" if part else None)
        per_chunk.plot(sizes, [1000 * (r.get("ingest_cpu_s") or 0) / r["chunks"] for r in part],
                       f"s{line and '--'}", color=color, markerfacecolor=face,
                       label=f"{store}: CPU{suffix}" if part else None)


def _axes(ax: Any, title: str, ylabel: str, log_y: bool = False,
          generated: bool = False) -> None:
    from matplotlib.ticker import FuncFormatter

    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}"))
    if log_y:
        ax.set_yscale("log")
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    else:
        ax.set_ylim(bottom=0)
    ax.set_xlabel("generated profiles indexed (log scale)" if generated
                  else "profiles indexed (log scale; 6 = the shared corpus)")
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.set_xlim(4, 16000)
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)


def write_safely(rows: Sequence[dict[str, Any]], path: Path = CHART) -> Path | None:
    """Draw the chart; on any failure print one warning line (results.md is already written)."""
    try:
        return cost_chart(rows, path)
    except Exception as exc:  # noqa: BLE001 - a chart must never fail the benchmark
        print(f"warning: bench chart not written ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None


def main() -> None:
    print(cost_chart(load_rows()))


if __name__ == "__main__":
    main()
