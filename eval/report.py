"""Eval reports: JSON, Markdown, RAGAS-format JSONL, side-by-side tables, thresholds."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import prompts
from eval import charts, metrics
from eval.harness import EvalError, Run
from eval.metrics import CaseResult, Score

FORMAT_VERSION = 1
Column = tuple[str, Mapping[str, Any]]


def case_to_dict(r: CaseResult) -> dict[str, Any]:
    """One case's question, answer, sources and scores, as the JSON report stores them."""
    return {
        "id": r.case.id, "kind": r.case.kind, "question": r.case.question,
        "answer": r.text, "refused": r.refused, "absent": r.absent,
        "should_refuse": r.case.refuse,
        "error": r.error, "backend": r.backend,
        "citations": [{"n": c.n, "source": c.source, "person": c.person, "chunk_id": c.chunk_id}
                      for c in r.citations],
        "retrieved": [{"source": c.source, "person": c.person, "chunk_id": c.chunk_id}
                      for c in r.retrieved],
        "first_token_s": round(r.first_token_s, 4), "total_s": round(r.total_s, 4),
        "scores": metrics.case_scores(r), "refused_by": r.refused_by,
        "funnel_stage": metrics.funnel_stage(r), "pick": r.pick,
    }


def run_to_dict(run: Run) -> dict[str, Any]:
    """A run with its configuration, overall and per-kind figures, and every case."""
    return {
        "set": run.eval_set.name, "backend": run.backend, "actual_backend": run.actual_backend,
        "label": run.label, "cases_file": str(run.eval_set.cases_path),
        "corpus": str(run.eval_set.corpus), "top_k": run.top_k, "notes": run.notes,
        "overall": run.overall, "by_kind": run.kinds,
        "funnel": metrics.funnel(run.results),
        "funnel_by_kind": {kind: metrics.funnel([r for r in run.results if r.case.kind == kind])
                           for kind in run.kinds},
        "cases": [case_to_dict(r) for r in run.results],
    }


def reference(r: CaseResult) -> str:
    """A reference answer for RAGAS: the refusal, or the first variant of each fact."""
    if r.case.refuse:
        return prompts.REFUSAL
    return "; ".join(f[0] for f in r.case.facts if f)


def ragas_rows(run: Run) -> list[dict[str, Any]]:
    """The run in RAGAS's single-turn dataset format (EvaluationDataset.from_list)."""
    return [
        {"user_input": r.case.question, "retrieved_contexts": [c.text for c in r.retrieved],
         "retrieved_context_ids": [c.chunk_id for c in r.retrieved], "response": r.text,
         "reference": reference(r)}
        for r in run.results
    ]


def fmt(name: str, value: Score) -> str:
    """A figure for a table: counts as integers, seconds to 3 places, ratios to 2."""
    if value is None:
        return "–"
    if name == "n":
        return str(int(value))
    return f"{value:.3f}" if name.endswith("_s") else f"{value:.2f}"


def table(columns: Sequence[Column], names: Sequence[str] = ("n", *metrics.NAMES)) -> str:
    """A Markdown table: one row per metric, one column per run."""
    lines = ["| metric | " + " | ".join(label for label, _ in columns) + " |",
             "|---|" + "---:|" * len(columns)]
    for name in names:
        cells = [fmt(name, values.get(name)) for _, values in columns]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def overall_table(runs: Sequence[Run]) -> str:
    """The runs' overall figures side by side."""
    return table([(_heading(run), run.overall) for run in runs])


def _heading(run: Run) -> str:
    """A run's column heading, saying so when a backend fell back to another."""
    if run.actual_backend in ("", run.backend):
        return run.label
    return f"{run.label} (ran as {run.actual_backend})"


def kinds_table(run: Run) -> str:
    """One run's figures with a column per kind of case."""
    return table(list(run.kinds.items()))


def funnel_table(run: Run) -> str:
    """Answerable cases refused, by the stage that refused them, overall and per kind."""
    kinds = list(run.kinds)
    counts = {kind: metrics.funnel([r for r in run.results if r.case.kind == kind])
              for kind in kinds}
    overall = metrics.funnel(run.results)
    if not overall:
        return "No answerable case was refused."
    lines = ["| stage | all | " + " | ".join(kinds) + " |", "|---|" + "---:|" * (len(kinds) + 1)]
    for stage in metrics.FUNNEL:
        if stage in overall:
            lines.append(f"| {stage} | {overall[stage]} | "
                         + " | ".join(str(counts[k].get(stage, "")) for k in kinds) + " |")
    return "\n".join(lines)


def misses(run: Run, limit: int = 300) -> list[str]:
    """A line per case that lost a fact, its refusal, or its citations."""
    lines = []
    for r in run.results:
        s = metrics.case_scores(r)
        wrong_refusal = r.refused != r.case.refuse
        if wrong_refusal or s["facts_all"] == 0.0 or s["citation_validity"] == 0.0 or r.error:
            answer = (r.error or r.text).replace("\n", " ")[:limit]
            lines.append(f"- `{r.case.id}` ({r.case.kind}) {r.case.question} → {answer}")
    return lines


def markdown(runs: Sequence[Run], command: str = "") -> str:
    """The full Markdown report: overall table, per-kind tables, notes and misses."""
    parts = ["# profilechat eval", ""]
    if command:
        parts += [f"`{command}`", ""]
    parts += [overall_table(runs), ""]
    for run in runs:
        parts += [f"## {run.label} (ran as {run.actual_backend}, top_k={run.top_k})", ""]
        parts += [f"note: {n}" for n in run.notes] + ([""] if run.notes else [])
        parts += [kinds_table(run), "", "### Refusal funnel", "", funnel_table(run), "",
                  "### Cases that missed", ""]
        parts += misses(run) or ["none"]
        parts.append("")
    return "\n".join(parts)


def report_paths(target: Path | None, default_dir: Path) -> tuple[Path, Path]:
    """Where the JSON and Markdown reports go: --report FILE.json, --report DIR, or default."""
    if target is not None and target.suffix == ".json":
        return target, target.with_suffix(".md")
    folder = target or default_dir
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return folder / f"eval-{stamp}.json", folder / f"eval-{stamp}.md"


def write_reports(runs: Sequence[Run], target: Path | None, default_dir: Path,
                  command: str = "") -> list[Path]:
    """Write the JSON and Markdown reports, one RAGAS JSONL per run and a PNG chart
    (scores by kind, refusal funnel, latency); return the paths."""
    json_path, md_path = report_paths(target, default_dir)
    json_path.parent.mkdir(parents=True, exist_ok=True)
    document = {"profilechat_eval": FORMAT_VERSION, "command": command,
                "created": datetime.now(UTC).isoformat(timespec="seconds"),
                "runs": [run_to_dict(run) for run in runs]}
    json_path.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    md_path.write_text(markdown(runs, command), encoding="utf-8")
    written = [json_path, md_path]
    for run in runs:
        path = json_path.with_name(
            f"{json_path.stem}.{run.eval_set.name}.{run.backend}.ragas.jsonl")
        path.write_text("".join(json.dumps(row) + "\n" for row in ragas_rows(run)),
                        encoding="utf-8")
        written.append(path)
    chart = charts.safely(charts.eval_chart, document, charts.chart_path(json_path))
    return written + ([chart] if chart else [])


def write_compare_chart(a: dict[str, Any], b: dict[str, Any], a_path: Path,
                        b_path: Path) -> Path | None:
    """The comparison drawn beside B's report (None, after a warning, when it cannot be)."""
    return charts.safely(charts.compare_chart, a, b, a_path.name, b_path.name,
                         charts.compare_path(a_path, b_path))


def load_report(path: Path) -> dict[str, Any]:
    """A saved JSON report."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise EvalError(f"cannot read eval report {path}: {exc}") from exc
    if not isinstance(data, dict) or data.get("profilechat_eval") != FORMAT_VERSION:
        raise EvalError(f"{path} is not a profilechat eval report (from `profilechat eval`)")
    return data


def pairs(a: dict[str, Any], b: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Runs of two reports matched by set/backend, or by position when none match."""
    b_by_label = {run["label"]: run for run in b["runs"]}
    matched = [(run, b_by_label[run["label"]]) for run in a["runs"] if run["label"] in b_by_label]
    return matched or list(zip(a["runs"], b["runs"]))


def delta(name: str, old: Score, new: Score) -> str:
    """The change from old to new, marked when it is worse."""
    if old is None or new is None or name == "n":
        return ""
    change = new - old
    worse = change > 0 if name in metrics.LOWER_IS_BETTER else change < 0
    text = f"{change:+.3f}" if name.endswith("_s") else f"{change:+.2f}"
    return f"{text} (worse)" if worse and abs(change) >= 0.005 else text


def compare(a: dict[str, Any], b: dict[str, Any], a_name: str = "A", b_name: str = "B") -> str:
    """Side-by-side tables of two saved reports, with the change per metric."""
    out = []
    for old, new in pairs(a, b):
        rows = [f"| metric | {a_name}: {old['label']} | {b_name}: {new['label']} | change |",
                "|---|---:|---:|---:|"]
        for name in ("n", *metrics.NAMES):
            was, now = old["overall"].get(name), new["overall"].get(name)
            rows.append(f"| {name} | {fmt(name, was)} | {fmt(name, now)} | "
                        f"{delta(name, was, now)} |")
        out.append("\n".join(rows))
    if not out:
        raise EvalError("the two reports have no runs to compare")
    return "\n\n".join(out)


def parse_thresholds(items: Sequence[str]) -> dict[str, float]:
    """METRIC=VALUE pairs from the command line, checked against the metric names."""
    limits = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in metrics.NAMES:
            raise EvalError(
                f"unknown metric {name!r} in {item!r}; one of {', '.join(metrics.NAMES)}")
        try:
            limits[name] = float(value)
        except ValueError as exc:
            raise EvalError(f"{item!r}: write METRIC=NUMBER, e.g. fact_recall=0.6") from exc
    return limits


def failures(runs: Sequence[Run], minimum: Mapping[str, float],
             maximum: Mapping[str, float] | None = None) -> list[str]:
    """A line for each run's overall metric below its --min or above its --max."""
    lines = []
    for run in runs:
        overall = run.overall
        for name, bound in minimum.items():
            value = overall.get(name)
            if value is None or value < bound:
                lines.append(f"{run.label}: {name} {fmt(name, value)} < {bound} (--min)")
        for name, bound in (maximum or {}).items():
            value = overall.get(name)
            if value is None or value > bound:
                lines.append(f"{run.label}: {name} {fmt(name, value)} > {bound} (--max)")
    return lines
