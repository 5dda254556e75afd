"""HTML for the web chat: every piece of document text and every file name is escaped here."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.retrieval import Passage
from assistant.types import Answer, Citation
from ingest.pipeline import FileResult
from prompts import MARKER_PATTERN

SNIPPET_CHARS = 280  # about three lines of the sources column
# Gradio's gr.HTML renders through a template (`${value}`, `{{...}}`); entities for these
# characters keep document text from ever reaching the template engine as syntax.
_TEMPLATE_CHARS = str.maketrans({"$": "&#36;", "{": "&#123;", "}": "&#125;", "`": "&#96;"})

CSS = """
.pc-transcript, .pc-turn { display: flex; flex-direction: column; gap: 1.25rem; }
.pc-turn { gap: .5rem; }
.pc-empty { color: var(--body-text-color-subdued); padding: 2rem 0; text-align: center; }
.pc-question { align-self: flex-end; max-width: 80%; padding: .6rem .9rem; border-radius: 12px;
  background: var(--color-accent-soft); white-space: pre-wrap; }
.pc-turn-body { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem;
  align-items: start; }
@media (max-width: 800px) { .pc-turn-body { grid-template-columns: 1fr; } }
.pc-answer { padding: .6rem .9rem; border-radius: 12px; line-height: 1.55;
  border: 1px solid var(--border-color-primary); background: var(--background-fill-secondary); }
.pc-answer p { margin: 0 0 .5rem 0; }
.pc-draft { color: var(--body-text-color-subdued); white-space: pre-wrap; }
.pc-draft p:last-child::after { content: " \\2026"; }
.pc-cite { text-decoration: none; font-weight: 600; color: var(--color-accent); padding: 0;
  margin: 0; }
.pc-cite:hover { text-decoration: underline; }
.pc-refusal { border-left: 4px solid #d4a72c; background: rgba(212, 167, 44, .08); }
.pc-refusal .pc-label, .pc-error .pc-label { font-weight: 600; display: block;
  margin-bottom: .25rem; }
.pc-error { padding: .6rem .9rem; border-radius: 12px; border-left: 4px solid #cf222e;
  background: rgba(207, 34, 46, .08); }
.pc-notes { margin: .4rem 0 0 0; padding: 0; list-style: none; font-size: .8em;
  color: var(--body-text-color-subdued); }
.pc-meta { font-size: .75em; color: var(--body-text-color-subdued); margin-top: .3rem; }
.pc-sources { display: flex; flex-direction: column; gap: .5rem; font-size: .85em; }
.pc-sources-title { font-weight: 600; font-size: .8em; text-transform: uppercase;
  letter-spacing: .04em; color: var(--body-text-color-subdued); }
.pc-source { padding: .45rem .6rem; border-radius: 8px;
  border: 1px solid var(--border-color-primary);
  scroll-margin-top: 4rem; transition: background-color .3s, border-color .3s; }
.pc-source:target { border-color: var(--color-accent); background: var(--color-accent-soft);
  box-shadow: 0 0 0 2px var(--color-accent); }
.pc-source .pc-n { font-weight: 700; margin-right: .3rem; }
.pc-source .pc-where { color: var(--body-text-color-subdued); }
.pc-flag { display: block; margin-top: .2rem; font-size: .85em; color: #9a6700; }
.pc-source blockquote { margin: .3rem 0 0 0; padding-left: .5rem; white-space: pre-wrap;
  border-left: 2px solid var(--border-color-primary); }
.pc-people ul, .pc-files ul { margin: 0; padding-left: 1.1rem; }
.pc-people li { margin-bottom: .3rem; }
.pc-people .pc-docs { font-size: .85em; color: var(--body-text-color-subdued); }
.pc-files .pc-added, .pc-files .pc-replaced { color: #1a7f37; }
.pc-files .pc-unchanged { color: var(--body-text-color-subdued); }
.pc-files .pc-failed { color: #cf222e; }
.pc-files progress { width: 100%; }
"""


@dataclass
class Turn:
    """One question and what came back for it: a streaming draft, then the verified answer."""

    question: str
    draft: str = ""
    passages: list[Passage] = field(default_factory=list)
    answer: Answer | None = None
    error: str = ""


def esc(text: object) -> str:
    """Text made inert for HTML and for gr.HTML's template syntax."""
    return html.escape(str(text), quote=True).translate(_TEMPLATE_CHARS)


def _paragraphs(parts: Sequence[str]) -> str:
    """Already-escaped inline HTML split into paragraphs at blank lines."""
    blocks = [b.strip() for b in "".join(parts).split("\n\n") if b.strip()]
    return "".join(f"<p>{b.replace(chr(10), '<br>')}</p>" for b in blocks)


def _cite(turn: int, n: int, label: str) -> str:
    return f'<a class="pc-cite" href="#src-{turn}-{n}" data-n="{n}">{label}</a>'


def linked_text(text: str, turn: int) -> str:
    """Answer text escaped, each marker [n] an anchor to source n of this turn."""
    parts: list[str] = []
    last = 0
    for match in MARKER_PATTERN.finditer(text):
        parts.append(esc(text[last : match.start()]))
        numbers = [int(x) for x in match.group(1).split(",")]
        if len(numbers) == 1:  # the whole "[n]" is the link: a bigger target than one digit
            parts.append(_cite(turn, numbers[0], f"[{numbers[0]}]"))
        else:
            parts.append("[" + ", ".join(_cite(turn, n, str(n)) for n in numbers) + "]")
        last = match.end()
    parts.append(esc(text[last:]))
    return _paragraphs(parts)


def _where(person: str, source: str, section: str, page: int | None) -> str:
    bits = [f"<strong>{esc(person)}</strong>", esc(source)]
    if section:
        bits.append(esc(section))
    if page:
        bits.append(f"p.&nbsp;{page}")
    return f'<span class="pc-where">{" · ".join(bits)}</span>'


def _snippet(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SNIPPET_CHARS else text[: SNIPPET_CHARS - 1].rstrip() + "…"


def _flag(flagged: bool, lines: Sequence[str] = ()) -> str:
    """The warning on a source holding lines that address the assistant (never used); hovering
    it shows those lines, escaped."""
    if not flagged:
        return ""
    title = f' title="{esc(chr(10).join(lines))}"' if lines else ""
    return (f'<span class="pc-flag"{title}>⚠ flagged: addresses the assistant; '
            "those lines were not used</span>")


def citations_html(citations: Sequence[Citation], turn: int) -> str:
    """The verified sources of an answer: who, which file, section, page, the quoted passage."""
    if not citations:
        return ""
    items = "".join(
        f'<div class="pc-source" id="src-{turn}-{c.n}" data-chunk="{esc(c.chunk_id)}">'
        f'<span class="pc-n">[{c.n}]</span>{_where(c.person, c.source, c.section, c.page)}'
        f"{_flag(c.flagged)}<blockquote>{esc(_snippet(c.quote))}</blockquote></div>"
        for c in citations
    )
    return f'<div class="pc-sources"><div class="pc-sources-title">Sources</div>{items}</div>'


def passages_html(passages: Sequence[Passage], turn: int) -> str:
    """What retrieval found, shown while the answer is still being written."""
    if not passages:
        return ""
    items = []
    for n, passage in enumerate(passages, 1):
        c = passage.chunk
        body = c.text.partition("\n")[2] or c.text  # the first line is the identity header
        items.append(
            f'<div class="pc-source" id="src-{turn}-{n}"><span class="pc-n">[{n}]</span>'
            f"{_where(c.person, c.source, c.section, c.page)}{_flag(bool(c.flagged), c.flagged)}"
            f"<blockquote>{esc(_snippet(body))}</blockquote></div>"
        )
    return ('<div class="pc-sources"><div class="pc-sources-title">Retrieved passages</div>'
            + "".join(items) + "</div>")


def notes_html(notes: Sequence[str]) -> str:
    if not notes:
        return ""
    return '<ul class="pc-notes">' + "".join(f"<li>{esc(n)}</li>" for n in notes) + "</ul>"


def answer_html(answer: Answer, turn: int) -> str:
    """A verified answer: a refusal as a styled note, otherwise the text with linked markers."""
    meta = ""
    if answer.backend:
        seconds = answer.timings.get("total_s")
        meta = esc(answer.backend) + (f" · {seconds:.1f} s" if seconds is not None else "")
        meta = f'<div class="pc-meta">{meta}</div>'
    if answer.refused:
        return (f'<div class="pc-answer pc-refusal"><span class="pc-label">Not in the documents'
                f"</span>{_paragraphs([esc(answer.text)])}{notes_html(answer.notes)}{meta}</div>")
    return (f'<div class="pc-answer">{linked_text(answer.text, turn)}'
            f"{notes_html(answer.notes)}{meta}</div>")


def error_html(message: str) -> str:
    """A ProfileChatError as a message the user can act on."""
    return (f'<div class="pc-error" role="alert"><span class="pc-label">Could not answer</span>'
            f"{esc(message)}</div>")


def turn_html(turn: Turn, number: int) -> str:
    question = f'<div class="pc-question">{esc(turn.question)}</div>'
    if turn.error:
        return question + error_html(turn.error)
    if turn.answer is not None:
        body = answer_html(turn.answer, number)
        side = citations_html(turn.answer.citations, number)
    else:
        text = linked_text(turn.draft, number) if turn.draft else "<p>Searching the profiles</p>"
        body = f'<div class="pc-answer pc-draft">{text}</div>'
        side = passages_html(turn.passages, number)
    return f'{question}<div class="pc-turn-body">{body}{side}</div>'


def transcript_html(turns: Sequence[Turn]) -> str:
    """The whole conversation, oldest first, each answer with its sources beside it."""
    if not turns:
        return ('<div class="pc-transcript"><div class="pc-empty">Ask about the people in the '
                "index: who advised whom, where someone studied, what they published.</div></div>")
    body = "".join(
        f'<section class="pc-turn" data-turn="{n}">{turn_html(t, n)}</section>'
        for n, t in enumerate(turns, 1)
    )
    return f'<div class="pc-transcript">{body}</div>'


def people_html(people: Mapping[str, Sequence[Mapping[str, Any]]]) -> str:
    """Who is in the index, with their documents."""
    if not people:
        return '<div class="pc-people pc-empty">The index is empty: upload some profiles.</div>'
    items = "".join(
        f"<li><strong>{esc(person)}</strong><div class=\"pc-docs\">"
        + ", ".join(esc(d.get("source", "")) for d in docs)
        + "</div></li>"
        for person, docs in people.items()
    )
    return f'<div class="pc-people"><ul>{items}</ul></div>'


def ingest_html(results: Sequence[FileResult], total: int, current: str = "") -> str:
    """Upload progress and each file's outcome, with the reason when it failed."""
    done = len(results)
    rows = []
    for r in results:
        outcome = r.outcome + (f": {r.reason}" if r.outcome == "failed" and r.reason else "")
        who = f" ({esc(r.person)})" if r.person and r.outcome != "failed" else ""
        rows.append(f'<li class="pc-{esc(r.outcome)}"><strong>{esc(r.path.name)}</strong>{who}'
                    f" — {esc(outcome)}</li>")
    if done < total:
        head = f"Indexing {done + 1} of {total}" + (f": {esc(current)}" if current else "") + "…"
    else:
        counts = Counter(r.outcome for r in results)
        head = "Done: " + ", ".join(f"{n} {outcome}" for outcome, n in counts.items())
    bar = f'<progress value="{done}" max="{max(total, 1)}"></progress>' if done < total else ""
    return (f'<div class="pc-files" aria-live="polite"><div>{head}</div>{bar}'
            f'<ul>{"".join(rows)}</ul></div>')


def message_html(message: str, *, error: bool = False) -> str:
    """A one-line status or error message in a side panel."""
    kind = "pc-error" if error else "pc-meta"
    return f'<div class="{kind}" role="{"alert" if error else "status"}">{esc(message)}</div>'
