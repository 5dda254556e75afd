"""Score the record extractor against hand-labelled records (eval/labels/, README there).

Records are matched one-to-one per kind, greedily by similarity: a paper by title, a degree by
level and institution, a position by organisation and role, an award by name, a course by its
code or name. Precision is matched / extracted, recall matched / labelled. For publications,
`venue_year` is the share of labelled papers whose match has the right venue and year. A paper
matched by its title's words whose title still differs from the label's ("Quokka: Congestion …"
read as "Congestion …") is listed among the misses (`report(…, details=True)`), not scored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ingest import loaders
from ingest.profiles import detect_person, unknown_person
from ingest.records import KINDS, Record, extract
from ingest.records.publications import venue_key

LABELS_DIR = Path(__file__).resolve().parent / "labels"
_LABEL_KEYS = {"publication": "publications", "education": "education", "position": "positions",
               "award": "awards", "teaching": "teaching"}
_STOP = {"of", "the", "and", "in", "for", "on", "a", "an", "at", "to", "with", "via", "inc"}


def tokens(text: Any) -> set[str]:
    words = re.findall(r"[a-z0-9]+", str(text or "").lower())
    return {w for w in words if w not in _STOP}


def overlap(a: Any, b: Any) -> float:
    """Share of the smaller side's words found in the other side (0 when either is empty)."""
    x, y = tokens(a), tokens(b)
    return len(x & y) / min(len(x), len(y)) if x and y else 0.0


def _similarity(kind: str) -> Callable[[dict, dict], float]:
    def publication(label: dict, got: dict) -> float:
        x, y = tokens(label["title"]), tokens(got["title"])
        score = len(x & y) / len(x | y) if x and y else 0.0
        return score if score >= 0.6 else 0.0

    def education(label: dict, got: dict) -> float:
        if label["level"] != got["level"]:
            return 0.0
        score = overlap(label["institution"], got["institution"])
        return score if score >= 0.5 else 0.0

    def position(label: dict, got: dict) -> float:
        org, role = overlap(label["organisation"], got["organisation"]), overlap(label["role"],
                                                                                  got["role"])
        return (org + role) / 2 if org >= 0.5 and role >= 0.5 else 0.0

    def award(label: dict, got: dict) -> float:
        score = overlap(label["name"], got["name"])
        return score if score >= 0.6 and label.get("year") in (got.get("year"), None) else 0.0

    def teaching(label: dict, got: dict) -> float:
        score = overlap(label["course"], got["course"])
        return score if score >= 0.6 else 0.0

    return {"publication": publication, "education": education, "position": position,
            "award": award, "teaching": teaching}[kind]


def match(kind: str, labels: Sequence[dict], got: Sequence[dict]) -> list[tuple[dict, dict]]:
    """One-to-one pairs (label, extracted), best similarity first."""
    similar = _similarity(kind)
    scored = sorted(((similar(lab, g), i, j) for i, lab in enumerate(labels)
                     for j, g in enumerate(got)), reverse=True)
    used_l: set[int] = set()
    used_g: set[int] = set()
    pairs = []
    for score, i, j in scored:
        if score > 0 and i not in used_l and j not in used_g:
            used_l.add(i)
            used_g.add(j)
            pairs.append((labels[i], got[j]))
    return pairs


def _title_key(title: Any) -> str:
    """A title's words, case and punctuation aside ("Quokka: Congestion …" ≠ "Congestion …")."""
    return re.sub(r"[\W_]+", " ", str(title or "")).strip().casefold()


def venue_year_right(label: dict, got: dict) -> bool:
    a, b = venue_key(label.get("venue")), venue_key(got.get("venue"))
    same_venue = a == b or (
        bool(a) and bool(b) and (tokens(a) <= tokens(b) or tokens(b) <= tokens(a))
    )
    return same_venue and label.get("year") == got.get("year")


@dataclass
class KindScore:
    labelled: int = 0
    extracted: int = 0
    matched: int = 0
    venue_year: int = 0  # publications only
    misses: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        return self.matched / self.extracted if self.extracted else None

    @property
    def recall(self) -> float | None:
        return self.matched / self.labelled if self.labelled else None


def score_document(label: dict, records: Sequence[Record], totals: dict[str, KindScore]) -> None:
    """Add one document's matches to the running totals per kind."""
    for kind in KINDS:
        wanted = label.get(_LABEL_KEYS[kind], [])
        got = [r.data for r in records if r.kind == kind and r.authored]
        pairs = match(kind, wanted, got)
        total = totals.setdefault(kind, KindScore())
        total.labelled += len(wanted)
        total.extracted += len(got)
        total.matched += len(pairs)
        matched_l = {id(a) for a, _ in pairs}
        matched_g = {id(b) for _, b in pairs}
        name = label.get("source", "?")
        total.misses += [f"{name}: {_show(w)}" for w in wanted if id(w) not in matched_l]
        total.extras += [f"{name}: {_show(g)}" for g in got if id(g) not in matched_g]
        if kind == "publication":
            for lab, g in pairs:
                # a title matched by its words may still have lost some: shown, not scored
                if _title_key(lab.get("title")) != _title_key(g.get("title")):
                    total.misses.append(f"{name}: title {lab.get('title')!r} read as "
                                        f"{g.get('title')!r}")
                if venue_year_right(lab, g):
                    total.venue_year += 1
                else:
                    total.misses.append(f"{name}: venue/year {lab.get('venue')} {lab.get('year')}"
                                        f" ≠ {g.get('venue')} {g.get('year')}"
                                        f" ({lab['title'][:40]})")


def _show(data: dict) -> str:
    keys = ("title", "venue", "year", "institution", "level", "organisation", "role", "name",
            "course")
    return json.dumps({k: data[k] for k in keys if k in data}, ensure_ascii=False)[:160]


def score_corpus(labels_dir: Path, corpus: Path, names: Mapping[str, str] | None = None, *,
                 heldout: bool | None = None) -> dict[str, KindScore]:
    """Extract records from every labelled document of a corpus and score them.

    Args:
        names: file name → person, for documents whose text does not name them.
        heldout: only the held-back labels (True), only the others (False), or all (None).
    """
    totals: dict[str, KindScore] = {}
    for label_path in sorted(labels_dir.glob("*.json")):
        label = json.loads(label_path.read_text(encoding="utf-8"))
        if heldout is not None and bool(label.get("heldout")) != heldout:
            continue
        document = loaders.load(corpus / label["source"])
        person = ((names or {}).get(label["source"]) or detect_person(document.text)
                  or unknown_person(label["source"]))
        records = extract(document.text, person, document.bold, document.italic)
        score_document(label, records, totals)
    return totals


def report(name: str, totals: dict[str, KindScore], *, details: bool = False) -> str:
    """A Markdown table of precision and recall per kind, and the venue-and-year share."""
    rows = [f"Record extraction, {name} (labels: eval/labels/{name}/)", "",
            "| kind | labelled | extracted | matched | precision | recall | venue+year |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for kind in KINDS:
        s = totals.get(kind, KindScore())
        vy = f"{s.venue_year / s.labelled:.2f}" if kind == "publication" and s.labelled else ""
        rows.append(f"| {kind} | {s.labelled} | {s.extracted} | {s.matched} | {_f(s.precision)}"
                    f" | {_f(s.recall)} | {vy} |")
    if details:
        for kind in KINDS:
            s = totals.get(kind, KindScore())
            rows += [f"- missed {kind}: {m}" for m in s.misses]
            rows += [f"- extra {kind}: {m}" for m in s.extras]
    return "\n".join(rows)


def _f(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def summary(totals: dict[str, KindScore]) -> dict[str, float | None]:
    """The three figures the eval reports and gates on (metrics.RECORDS)."""
    labelled = sum(s.labelled for s in totals.values())
    extracted = sum(s.extracted for s in totals.values())
    matched = sum(s.matched for s in totals.values())
    papers = totals.get("publication", KindScore())
    return {
        "records_precision": matched / extracted if extracted else None,
        "records_recall": matched / labelled if labelled else None,
        "records_venue_year": papers.venue_year / papers.labelled if papers.labelled else None,
    }
