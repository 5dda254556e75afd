"""A person's card: position, degrees, papers by year and awards read from their structured
records, each line citing the entry it came from, and how complete those records are."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from assistant.collection import profiles
from ingest.records.coverage import complete
from ingest.records.text import YEAR
from ingest.store import Index
from ui.format import esc

Item = Mapping[str, Any]
ONGOING = re.compile(r"present|now|current|ongoing|today", re.IGNORECASE)
KIND_NAMES = {"publication": "Publications", "education": "Degrees", "position": "Positions",
              "award": "Awards", "teaching": "Teaching"}

CSS = """
.pc-card { padding: .6rem .75rem; border-radius: 10px; font-size: .85em; line-height: 1.45;
  border: 1px solid var(--border-color-primary); background: var(--background-fill-secondary); }
.pc-card h3 { margin: 0; font-size: 1.1em; display: flex; justify-content: space-between;
  gap: .5rem; }
.pc-card h4 { margin: .6rem 0 .15rem; font-size: .8em; text-transform: uppercase;
  letter-spacing: .04em; color: var(--body-text-color-subdued); }
.pc-card ul { margin: 0; padding-left: 1rem; }
.pc-card .pc-docs, .pc-card .pc-none { color: var(--body-text-color-subdued); }
.pc-card .pc-cite { cursor: pointer; }
.pc-card-close { border: none; background: none; cursor: pointer; font-size: 1.1em;
  color: var(--body-text-color-subdued); }
.pc-coverage td { padding: 0 .5rem 0 0; }
.pc-incomplete { color: #b35900; font-weight: 600; }
#pc-people li { cursor: pointer; }
#pc-people li:hover strong { text-decoration: underline; }
"""

# A person in the side list asks for their card; a [n] in the card asks for its page.
JS = """
element.addEventListener('click', (event) => {
  if (event.target.closest('.pc-card-close')) { props.value = ''; return; }
  const cite = event.target.closest('a[data-ref]');
  if (cite) { event.preventDefault(); trigger('click', {n: Number(cite.dataset.ref)}); }
});
watch('value', () => element.scrollIntoView({block: 'nearest'}));
"""
PEOPLE_JS = """
element.addEventListener('click', (event) => {
  const name = event.target.closest('li')?.querySelector('strong')?.innerText;
  if (name) trigger('click', {person: name});
});
"""


@dataclass(frozen=True)
class Ref:
    """What a card's [n] cites: the record's chunk and its quoted source text."""

    chunk_id: str
    quote: str
    source: str


class _Cites:
    """Numbers a card's citations in the order the card shows them."""

    def __init__(self) -> None:
        self.refs: list[Ref] = []

    def __call__(self, item: Item) -> str:
        self.refs.append(Ref(str(item["chunk_id"]), str(item["quote"]), str(item["source"])))
        n = len(self.refs)
        hover = f"{item['source']}: “{item['quote']}”"
        return (f' <a class="pc-cite" href="#" data-ref="{n}" title="{esc(hover)}">'
                f"[{n}]</a>")


def _year(value: object) -> int:
    found = YEAR.search(str(value or ""))
    return int(found.group()) if found else 0


def _dates(item: Item) -> str:
    start, end = item.get("start"), item.get("end")
    if start and end:
        return f"{start} – {end}"
    return f"since {start}" if start else str(end or "")


def _position(item: Item, cite: _Cites) -> str:
    role = ", ".join(str(x) for x in (item.get("role"), item.get("organisation")) if x)
    dates = _dates(item)
    return esc(role + (f" ({dates})" if dates else "")) + cite(item)


def now_html(positions: Sequence[Item], education: Sequence[Item], cite: _Cites) -> str:
    """The current position: an ongoing job, else an ongoing degree, else the latest job."""
    ongoing = [p for p in positions if ONGOING.search(str(p.get("end") or ""))]
    jobs = [p for p in ongoing if p.get("kind") != "internship"] or ongoing
    if jobs:
        return "<h4>Current position</h4>" + _position(max(jobs, key=lambda p: _year(
            p.get("start"))), cite)
    studying = [e for e in education if ONGOING.search(str(e.get("end") or ""))]
    if studying:
        e = studying[0]
        where = ", ".join(str(x) for x in (e.get("degree") or e.get("level"), e.get("institution"))
                          if x)
        return f"<h4>Current position</h4>Studying: {esc(where)} ({esc(_dates(e))})" + cite(e)
    past = [p for p in positions if p.get("kind") != "internship"]
    if not past:
        return ""
    if any(_year(p.get("start")) or _year(p.get("end")) for p in past):
        latest = max(past, key=lambda p: (_year(p.get("end")), _year(p.get("start"))))
        return "<h4>Latest position</h4>" + _position(latest, cite)
    return "<h4>Position (undated, first listed)</h4>" + _position(past[0], cite)


def degrees_html(education: Sequence[Item], cite: _Cites) -> str:
    if not education:
        return ""
    rows = []
    for e in sorted(education, key=_degree_order):
        line = ", ".join(str(x) for x in (e.get("degree") or e.get("level"), e.get("institution"),
                                          _dates(e)) if x)
        if e.get("advisors"):
            line += "; advised by " + ", ".join(str(a).strip(" ()") for a in e["advisors"])
        if e.get("thesis"):
            line += f"; thesis: {e['thesis']}"
        rows.append(f"<li>{esc(line)}{cite(e)}</li>")
    return f"<h4>Degrees</h4><ul>{''.join(rows)}</ul>"


def _degree_order(item: Item) -> int:
    """Newest first, a degree still under way before all others."""
    return -9999 if ONGOING.search(str(item.get("end") or "")) else -_year(
        item.get("end") or item.get("start"))


def papers_html(publications: Sequence[Item], cite: _Cites) -> str:
    """Their own papers (not the ones on their page by others) counted by year, newest first."""
    by_year: dict[int, list[Item]] = {}
    for paper in publications:
        if paper.get("authored", True):
            by_year.setdefault(_year(paper.get("year")), []).append(paper)
    if not by_year:
        return ""
    rows = []
    for year in sorted(by_year, reverse=True):
        papers = by_year[year]
        count = f"{len(papers)} paper{'s' if len(papers) > 1 else ''}"
        rows.append(f"<li>{year or 'year not given'}: {count}"
                    + "".join(cite(p) for p in papers) + "</li>")
    total = sum(len(p) for p in by_year.values())
    return f"<h4>Papers by year ({total})</h4><ul>{''.join(rows)}</ul>"


def awards_html(awards: Sequence[Item], cite: _Cites) -> str:
    if not awards:
        return ""
    rows = "".join(
        f"<li>{esc(', '.join(str(x) for x in (a.get('name'), a.get('year')) if x))}{cite(a)}</li>"
        for a in sorted(awards, key=lambda a: -_year(a.get("year"))))
    return f"<h4>Awards</h4><ul>{rows}</ul>"


def coverage_html(coverage: Mapping[str, tuple[int, int]]) -> str:
    """Records read against the entries the documents appear to list, per kind."""
    if not coverage:
        return ""
    rows = []
    for kind in sorted(coverage, key=lambda k: list(KIND_NAMES).index(k) if k in KIND_NAMES
                       else len(KIND_NAMES)):
        records, entries = coverage[kind]
        flag = ("" if complete((records, entries))
                else ' <span class="pc-incomplete">incomplete</span>')
        rows.append(f'<tr data-kind="{esc(kind)}"><td>{esc(KIND_NAMES.get(kind, kind))}</td>'
                    f"<td>{records} record{'' if records == 1 else 's'} / {entries} "
                    f"entr{'y' if entries == 1 else 'ies'} listed{flag}</td></tr>")
    return ('<h4>Coverage</h4><table class="pc-coverage"><tbody>' + "".join(rows)
            + "</tbody></table>")


def card_html(index: Index, person: str) -> tuple[str, list[Ref]]:
    """A person's card and what each of its [n] cites; "" when the index does not hold them."""
    docs = index.people().get(person)
    if docs is None:
        return "", []
    found = profiles(index, [person])
    records: Mapping[str, Any] = found[0] if found else {}
    cite = _Cites()
    parts = [
        now_html(records.get("positions", []), records.get("education", []), cite),
        degrees_html(records.get("education", []), cite),
        papers_html(records.get("publications", []), cite),
        awards_html(records.get("awards", []), cite),
    ]
    body = "".join(parts) or '<p class="pc-none">No records were read from their documents.</p>'
    sources = ", ".join(esc(d.get("source", "")) for d in docs)
    head = (f'<h3><span>{esc(person)}</span><button class="pc-card-close" type="button" '
            f'aria-label="Close the card">×</button></h3><div class="pc-docs">{sources}</div>')
    coverage = coverage_html(index.coverage([person]).get(person, {}))
    return (f'<div class="pc-card" data-person="{esc(person)}">{head}{body}{coverage}</div>',
            cite.refs)
