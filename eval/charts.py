"""PNG charts of eval reports: per-kind scores, the refusal funnel, latency, and A against B.

Drawn from the JSON report's dictionaries (what `report.write_reports` saves and `--compare`
loads), with matplotlib's object API on the Agg canvas: no pyplot, no display, no global state.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from eval import metrics

# The per-kind bars: what a reader checks first, all ratios in [0, 1].
KIND_METRICS = ("hit@k", "fact_recall", "facts_all", "citation_validity", "person_attribution",
                "refusal_recall")
# The comparison's ratio panel; latency gets its own panel in seconds.
COMPARE_METRICS = ("hit@k", "mrr", "context_precision", "context_recall", "fact_recall",
                   "facts_all", "citation_validity", "citation_precision", "person_attribution",
                   "people_precision", "people_recall", "people_exact", "over_refusal",
                   "wrong_answer", "refusal_precision", "refusal_recall")
OLD, NEW = "#9aa5b1", "#1f77b4"
WORSE, BETTER = "#c0392b", "#1e8449"
DPI = 110


def chart_path(report_path: Path) -> Path:
    """The chart beside a report: eval-<time>.json → eval-<time>.png."""
    return report_path.with_suffix(".png")


def compare_path(a: Path, b: Path) -> Path:
    """The comparison chart beside B: b.json and a.json → b.vs-a.png."""
    return b.with_name(f"{b.stem}.vs-{a.stem}.png")


def safely(draw: Callable[..., Path], *args: Any) -> Path | None:
    """Draw a chart; on any failure print one warning line and return None (reports come first)."""
    try:
        return draw(*args)
    except Exception as exc:  # noqa: BLE001 - a chart must never fail the eval
        reason = str(exc).splitlines()[0] if str(exc) else ""
        print(f"warning: chart not written ({type(exc).__name__}: {reason})", file=sys.stderr)
        return None


def eval_chart(document: Mapping[str, Any], path: Path) -> Path:
    """One report's chart: per run, scores by kind (and its refusal funnel when the report has
    one); then every run's latency distribution."""
    from matplotlib.figure import Figure

    runs = document["runs"]
    if not runs:
        raise ValueError("the report has no runs")
    with_funnel = any("funnel" in run for run in runs)
    fig = Figure(figsize=(15 if with_funnel else 12, 4.2 * len(runs) + 4.0), dpi=DPI,
                 layout="constrained")
    grid = fig.add_gridspec(len(runs) + 1, 3 if with_funnel else 1,
                            height_ratios=[1.0] * len(runs) + [0.85])
    for row, run in enumerate(runs):
        _kind_bars(fig.add_subplot(grid[row, :2] if with_funnel else grid[row, 0]), run)
        if "funnel" in run:
            _funnel(fig.add_subplot(grid[row, 2]), run)
    _latency(fig.add_subplot(grid[len(runs), :]), runs)
    command = document.get("command") or "profilechat eval"
    fig.suptitle(f"{command}  ({document.get('created', '')})", fontsize=11)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    return path


def _label(run: Mapping[str, Any]) -> str:
    actual = run.get("actual_backend")
    ran_as = f" (ran as {actual})" if actual and actual != run.get("backend") else ""
    return f"{run['label']}{ran_as}"


def _kind_bars(ax: Any, run: Mapping[str, Any]) -> None:
    """Grouped bars: one group per kind of case, one bar per metric; a missing figure draws no
    bar (the metric does not apply to that kind)."""
    kinds = list(run["by_kind"])
    width = 0.8 / len(KIND_METRICS)
    colors = _palette(len(KIND_METRICS))
    for i, name in enumerate(KIND_METRICS):
        xs = [k + (i - (len(KIND_METRICS) - 1) / 2) * width for k in range(len(kinds))]
        values = [run["by_kind"][kind].get(name) for kind in kinds]
        shown = [(x, v) for x, v in zip(xs, values) if v is not None]
        ax.bar([x for x, _ in shown], [v for _, v in shown], width, label=name,
               color=colors[i])
    ax.set_xticks(range(len(kinds)),
                  [f"{kind}\n(n={int(run['by_kind'][kind].get('n') or 0)})" for kind in kinds],
                  fontsize=8, rotation=20, ha="right", rotation_mode="anchor")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("score (mean over the kind's cases)")
    ax.set_title(f"{_label(run)}: scores by kind of case (no bar: metric does not apply)",
                 fontsize=10)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, ncols=len(KIND_METRICS), loc="lower center",
              bbox_to_anchor=(0.5, 1.08), frameon=False)


def _funnel(ax: Any, run: Mapping[str, Any]) -> None:
    """Answerable cases refused, by the stage that refused them, in pipeline order."""
    stages = _counts(run["funnel"])
    answerable = sum(1 for case in run.get("cases", []) if not case.get("should_refuse"))
    ax.set_title(f"{run['label']}: refusal funnel", fontsize=10)
    if not stages:
        ax.text(0.5, 0.5, "no answerable case was refused", ha="center", va="center",
                transform=ax.transAxes)
        ax.set_axis_off()
        return
    names = [name for name, _ in stages][::-1]
    counts = [count for _, count in stages][::-1]
    ax.barh(names, counts, color=WORSE, alpha=0.8)
    for y, count in enumerate(counts):
        share = f" ({count / answerable:.0%})" if answerable else ""
        ax.annotate(f"{count:g}{share}", (count, y), xytext=(3, 0), textcoords="offset points",
                    va="center", fontsize=8)
    ax.set_xlabel("answerable cases refused" + (f" (of {answerable})" if answerable else ""))
    ax.set_xlim(0, max(counts) * 1.35)
    ax.tick_params(axis="y", labelsize=8)
    ax.grid(axis="x", alpha=0.3)


def _counts(funnel: Any) -> list[tuple[str, float]]:
    """A funnel as (stage, count) pairs: from {stage: count}, or a list of pairs or of
    {"stage": …, "count": …} rows."""
    if isinstance(funnel, Mapping):
        items = list(funnel.items())
    else:
        items = [(row.get("stage") or row.get("name"), row.get("count", row.get("n")))
                 if isinstance(row, Mapping) else tuple(row) for row in funnel or []]
    return [(str(name), float(count)) for name, count in items
            if isinstance(count, int | float) and not isinstance(count, bool)]


def _latency(ax: Any, runs: Sequence[Mapping[str, Any]]) -> None:
    """Cumulative share of cases answered within x seconds: total (solid) and first token
    (dashed), one colour per run, p50 and p95 marked."""
    from matplotlib.ticker import FuncFormatter

    colors = _palette(len(runs))
    positive: list[float] = []
    for color, run in zip(colors, runs):
        # first token drawn wide and pale under total: with one-piece answers they coincide
        for key, style, width, alpha, what in (("first_token_s", "--", 3.0, 0.45, "first token"),
                                               ("total_s", "-", 1.4, 1.0, "total")):
            values = sorted(float(case[key]) for case in run.get("cases", []) if key in case)
            if not values:
                continue
            positive += [v for v in values if v > 0]
            shares = [(i + 1) / len(values) for i in range(len(values))]
            ax.step(values, shares, where="post", linestyle=style, linewidth=width,
                    alpha=alpha, color=color,
                    label=f"{_label(run)}: {what} (p50 {metrics.percentile(values, 50):.3f} s, "
                          f"p95 {metrics.percentile(values, 95):.3f} s)")
    if positive and min(positive) > 0 and max(positive) / min(positive) > 20:
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    for share in (0.5, 0.95):
        ax.axhline(share, color="grey", linewidth=0.6, linestyle=":")
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("seconds from the call (first streamed piece / final verified answer)")
    ax.set_ylabel("share of cases")
    ax.set_title("Latency distribution: share of cases answered within x seconds", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")


def compare_chart(a: Mapping[str, Any], b: Mapping[str, Any], a_name: str, b_name: str,
                  path: Path) -> Path:
    """Old (A) against new (B): per matched run, the ratio metrics and the latencies side by
    side, with the change written beside each pair and coloured by whether it is worse."""
    from matplotlib.figure import Figure

    from eval.report import pairs

    matched = pairs(dict(a), dict(b))
    if not matched:
        raise ValueError("the two reports have no runs to compare")
    fig = Figure(figsize=(14, 7.5 * len(matched)), dpi=DPI, layout="constrained")
    grid = fig.add_gridspec(len(matched), 2, width_ratios=[2.2, 1])
    for row, (old, new) in enumerate(matched):
        title = f"{a_name}: {old['label']}  →  {b_name}: {new['label']}"
        _pair_bars(fig.add_subplot(grid[row, 0]), old, new, COMPARE_METRICS, a_name, b_name,
                   f"{title}: scores")
        _pair_bars(fig.add_subplot(grid[row, 1]), old, new, metrics.LATENCY, a_name, b_name,
                   "latency (s)", seconds=True)
    fig.suptitle(f"profilechat eval --compare {a_name} {b_name}  (red: worse, green: better)",
                 fontsize=11)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    return path


def _pair_bars(ax: Any, old: Mapping[str, Any], new: Mapping[str, Any], names: Sequence[str],
               a_name: str, b_name: str, title: str, seconds: bool = False) -> None:
    """Horizontal bars of A and B per metric (top to bottom), each change annotated."""
    shown = [n for n in names if old["overall"].get(n) is not None
             or new["overall"].get(n) is not None][::-1]
    height = 0.38
    for offset, run, color, name in ((height / 2, old, OLD, a_name),
                                     (-height / 2, new, NEW, b_name)):
        values = [run["overall"].get(n) or 0.0 for n in shown]
        ax.barh([y + offset for y in range(len(shown))], values, height, color=color,
                label=f"{name}: {run['label']}")
    top = max([old["overall"].get(n) or 0.0 for n in shown]
              + [new["overall"].get(n) or 0.0 for n in shown] + [1e-9])
    for y, name in enumerate(shown):
        was, now = old["overall"].get(name), new["overall"].get(name)
        if was is None or now is None:
            text, color = "n/a", "grey"
        else:
            change = now - was
            worse = change > 0 if name in metrics.LOWER_IS_BETTER else change < 0
            text = f"{change:+.3f}" if seconds else f"{change:+.2f}"
            color = "black" if abs(change) < 0.005 else WORSE if worse else BETTER
        ax.annotate(text, (max(was or 0.0, now or 0.0), y), xytext=(4, 0),
                    textcoords="offset points", va="center", fontsize=8, color=color)
    ax.set_yticks(range(len(shown)), shown, fontsize=8)
    ax.set_xlim(0, (top if seconds else max(top, 1.0)) * 1.2)
    ax.set_xlabel("seconds (lower is better)" if seconds else
                  "overall figure (over_refusal, wrong_answer: lower is better)")
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")


def _palette(n: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["tab10"]
    return [cmap(i % 10) for i in range(n)]
