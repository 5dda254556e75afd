"""The evidence behind a citation: the cited PDF page rendered here with the quote highlighted,
or the cited section's text with the quote marked.

A preview names a chunk id, never a file: the chunk is looked up in the index and its file is
one the index holds for that chunk's document, so nothing outside the index can be shown.
Pages are rendered only when asked for and kept in a small cache.
"""

from __future__ import annotations

import base64
import ctypes
import difflib
import io
import json
import math
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw
from pypdfium2 import raw

from assistant.errors import ProfileChatError
from ingest.chunking import Chunk
from ingest.store import Index
from ui.format import esc

Rect = tuple[int, int, int, int]  # left, top, right, bottom in image pixels
# PDFium is not thread-safe: a preview waits while the page's own ingest reads PDFs.
PDFIUM = threading.Lock()
PDFIUM_WAIT_S = 10.0
PAGE_WIDTH_PX = 1000  # a Letter page at 1.6x: 10-point text is as tall as on screen at 130 %
HIGHLIGHT = (255, 196, 0, 110)  # translucent amber, over black text
MIN_MATCH = 12  # letters and digits: a shorter partial match is as likely chance as the quote
SECTION_CHARS = 6000  # about two screens of the preview panel
_PUNCTUATION = ".,;:!?)]}\"'”’"

CSS = """
#pc-preview .pc-preview { position: fixed; top: 0; right: 0; bottom: 0; z-index: 1000;
  width: min(780px, 55vw); overflow: auto; padding: .8rem 1rem 1.5rem;
  background: var(--background-fill-primary); border-left: 1px solid var(--border-color-primary);
  box-shadow: -8px 0 24px rgba(0, 0, 0, .18); }
.pc-preview-head { display: flex; gap: .5rem; align-items: flex-start; margin-bottom: .6rem;
  font-size: .9em; }
.pc-preview-head .pc-where { flex: 1; }
.pc-preview-close { border: 1px solid var(--border-color-primary); border-radius: 6px;
  background: var(--background-fill-secondary); cursor: pointer; padding: .1rem .55rem;
  font-size: 1.1em; line-height: 1.3; }
.pc-preview-note { font-size: .8em; color: var(--body-text-color-subdued); margin: 0 0 .5rem; }
.pc-page { margin: 0; }
.pc-page-canvas { position: relative; border: 1px solid var(--border-color-primary); }
.pc-page-canvas img { display: block; width: 100%; height: auto; }
.pc-hl { position: absolute; pointer-events: none; }
.pc-section-text { white-space: pre-wrap; line-height: 1.55; font-size: .9em; margin: 0;
  padding: .6rem .8rem; border-radius: 8px; border: 1px solid var(--border-color-primary); }
.pc-section-text mark { background: rgba(255, 196, 0, .45); color: inherit; padding: 0 1px; }
.pc-source[data-chunk] { cursor: pointer; }
"""

# Opens and closes the panel; the page's click handlers ask the server for it.
JS = """
const close = () => { props.value = ''; };
element.addEventListener('click', (event) => {
  if (event.target.closest('.pc-preview-close')) close();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && element.querySelector('.pc-preview')) close();
});
watch('value', () => {  // the panel scrolls to the highlight; the chat stays where it was
  const panel = element.querySelector('.pc-preview');
  const spot = element.querySelector('.pc-hl, mark');
  if (!panel || !spot) return;
  const go = () => { panel.scrollTop += spot.getBoundingClientRect().top
    - panel.getBoundingClientRect().top - panel.clientHeight / 3; };
  const image = panel.querySelector('img');
  if (image && !image.complete) image.addEventListener('load', go, {once: true}); else go();
});
"""


@dataclass(frozen=True)
class Match:
    """Where a quote was found in a text: [start, end) and whether all of it matched."""

    start: int
    end: int
    whole: bool


@dataclass(frozen=True)
class PagePicture:
    """A rendered page with the quote's lines highlighted."""

    png: bytes
    size: tuple[int, int]
    boxes: list[Rect]
    whole: bool  # False: only the longest part of the quote that the page holds
    found: bool


def _comparable(text: str) -> tuple[str, list[int]]:
    """The letters and digits of text, case- and accent-folded, with each one's index in text:
    spaces, line breaks, hyphens, Markdown marks and ligatures do not decide a match."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        for part in unicodedata.normalize("NFKD", ch).casefold():
            if part.isalnum():
                out.append(part)
                where.append(i)
    return "".join(out), where


def find_quote(text: str, quote: str) -> Match | None:
    """The span of text that says the quote, ignoring everything but letters and digits; when
    only part of it is there, the longest such part (None below MIN_MATCH characters)."""
    hay, where = _comparable(text)
    needle, _ = _comparable(quote)
    if not needle or not hay:
        return None
    at = hay.find(needle)
    if at >= 0:
        start, end = where[at], where[at + len(needle) - 1] + 1
        tail = quote.rstrip()[len(quote.rstrip().rstrip(_PUNCTUATION)):]
        if text[end : end + len(tail)] == tail:  # the closing "." or ")" is the quote's too
            end += len(tail)
        return Match(start, end, True)
    found = difflib.SequenceMatcher(None, hay, needle, autojunk=False).find_longest_match(
        0, len(hay), 0, len(needle))
    if found.size < min(MIN_MATCH, len(needle)):
        return None
    return Match(where[found.a], where[found.a + found.size - 1] + 1, False)


def merge_lines(boxes: list[tuple[float, float, float, float]]) -> list[Rect]:
    """Character boxes (left, top, right, bottom, in reading order) joined into one rectangle
    per line of text."""
    lines: list[list[float]] = []
    for left, top, right, bottom in boxes:
        if right <= left or bottom <= top:
            continue  # a space or line break PDFium made up has no box
        last = lines[-1] if lines else None
        middle = (top + bottom) / 2
        if last and last[1] <= middle <= last[3] and left >= last[0] - 1 \
                and left - last[2] < 3 * (bottom - top):
            last[1], last[2], last[3] = min(last[1], top), max(last[2], right), max(last[3], bottom)
        else:
            lines.append([left, top, right, bottom])
    return [(math.floor(a) - 1, math.floor(b) - 1, math.ceil(c) + 1, math.ceil(d) + 1)
            for a, b, c, d in lines]


def _page_chars(textpage: pdfium.PdfTextPage) -> str:
    """The text page's characters, one per PDFium index (its generated spaces included)."""
    count = textpage.count_chars()
    return "".join(chr(raw.FPDFText_GetUnicode(textpage.raw, i)) for i in range(count))


def _device_box(page: pdfium.PdfPage, textpage: pdfium.PdfTextPage, index: int,
                size: tuple[int, int]) -> tuple[float, float, float, float]:
    """One character's box on the rendered image, through PDFium's own page-to-device mapping
    (crop box and page rotation included)."""
    left, bottom, right, top = textpage.get_charbox(index, loose=True)
    xs, ys = [], []
    for px, py in ((left, bottom), (right, top)):
        dx, dy = ctypes.c_int(), ctypes.c_int()
        raw.FPDF_PageToDevice(page.raw, 0, 0, size[0], size[1], 0, px, py,
                              ctypes.byref(dx), ctypes.byref(dy))
        xs.append(dx.value)
        ys.append(dy.value)
    return min(xs), min(ys), max(xs), max(ys)


def quote_boxes(page: pdfium.PdfPage, quote: str, size: tuple[int, int]
                ) -> tuple[list[Rect], Match | None]:
    """The rectangles, on an image of `size`, that cover the quote's characters on the page."""
    textpage = page.get_textpage()
    try:
        match = find_quote(_page_chars(textpage), quote)
        if match is None:
            return [], None
        boxes = [_device_box(page, textpage, i, size) for i in range(match.start, match.end)
                 if not raw.FPDFText_IsGenerated(textpage.raw, i)]
        return merge_lines(boxes), match
    finally:
        textpage.close()


def render_page(path: Path, page_number: int, quote: str) -> PagePicture:
    """Page `page_number` (1-based) of a PDF as PNG, the quote's lines drawn over in amber.

    Raises:
        ProfileChatError: the file cannot be read as a PDF or has no such page.
    """
    stat = path.stat()
    return _render(str(path), stat.st_mtime_ns, stat.st_size, page_number, quote)


@lru_cache(maxsize=32)  # about 300 KB a page: 10 MB at most
def _render(path: str, mtime_ns: int, size: int, page_number: int, quote: str) -> PagePicture:
    if not PDFIUM.acquire(timeout=PDFIUM_WAIT_S):
        raise ProfileChatError("documents are being indexed; show the page again when that "
                               "finishes")
    try:
        try:
            document = pdfium.PdfDocument(path)
        except pdfium.PdfiumError as exc:
            raise ProfileChatError(f"{Path(path).name} cannot be read as a PDF any more ({exc}); "
                                   "ingest it again") from exc
        try:
            if not 1 <= page_number <= len(document):
                raise ProfileChatError(f"{Path(path).name} has no page {page_number} any more; "
                                       "ingest it again")
            page = document[page_number - 1]
            width = page.get_width()
            image = page.render(scale=PAGE_WIDTH_PX / max(width, 1.0)).to_pil().convert("RGBA")
            boxes, match = quote_boxes(page, quote, image.size)
            page.close()
        finally:
            document.close()
    finally:
        PDFIUM.release()
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for box in boxes:
        draw.rectangle(box, fill=HIGHLIGHT)
    out = io.BytesIO()
    Image.alpha_composite(image, layer).convert("RGB").save(out, format="PNG")
    return PagePicture(out.getvalue(), image.size, boxes, bool(match and match.whole),
                       match is not None)


# -- from a citation to what it shows ---------------------------------------------------------


def indexed_file(index: Index, chunk: Chunk) -> Path | None:
    """A file on disk that the index holds for the chunk's document, or None."""
    known = set(index.indexed_paths())
    for docs in index.people().values():
        for doc in docs:
            if doc["sha"] == chunk.sha:
                for path in doc["paths"]:
                    if path in known and Path(path).is_file():
                        return Path(path)
    return None


def _chunk(index: Index, chunk_id: str) -> Chunk:
    found = index.chunks([chunk_id])
    if not found:
        raise ProfileChatError("this source is no longer in the index (its file was removed or "
                               "changed); ask again")
    return found[0]


def section_text(index: Index, chunk: Chunk) -> tuple[str, int]:
    """The text of the chunk's section, as the index holds it, and where the chunk starts in it."""
    parts = sorted((c for c in index.all_chunks(chunk.person)
                    if c.sha == chunk.sha and c.section == chunk.section), key=lambda c: c.start)
    text, end, at = "", None, 0
    for c in parts:
        body = c.text.partition("\n")[2]  # the first line is the identity header
        if end is not None and c.start > end:
            text += "\n"
        elif end is not None and c.start < end:  # overlapping chunks: keep only the new part
            body = body[end - c.start:]
        if c.id == chunk.id:
            at = len(text)
        text += body
        end = max(end or 0, c.end)
    return text, at


def _head(label: str, chunk: Chunk, page: int | None) -> str:
    bits = [f"<strong>{esc(chunk.person)}</strong>", esc(chunk.source)]
    if chunk.section:
        bits.append(esc(chunk.section))
    if page:
        bits.append(f"p.&nbsp;{page}")
    return (f'<div class="pc-preview-head"><span class="pc-n">{esc(label)}</span>'
            f'<span class="pc-where">{" · ".join(bits)}</span>'
            '<button class="pc-preview-close" type="button" aria-label="Close the preview">'
            "×</button></div>")


def _panel(body: str, chunk_id: str, kind: str) -> str:
    return (f'<div class="pc-preview" role="dialog" aria-label="Source preview" '
            f'data-chunk="{esc(chunk_id)}" data-kind="{kind}">{body}</div>')


def _note(match_whole: bool, found: bool, where: str) -> str:
    if not found:
        return (f'<p class="pc-preview-note">The quoted text was not found {where}; the file '
                "may have changed since it was indexed.</p>")
    if not match_whole:
        return (f'<p class="pc-preview-note">Only part of the quote is {where}; the longest part '
                "is highlighted.</p>")
    return ""


def page_html(index: Index, chunk: Chunk, quote: str, label: str) -> str:
    """The cited PDF page with the quote highlighted, as the preview panel."""
    path = indexed_file(index, chunk)
    if path is None:
        raise ProfileChatError(f"{chunk.source} is no longer where it was indexed; ingest it "
                               "again to see its pages")
    first = chunk.page or 1
    picture = render_page(path, first, quote)
    if not picture.whole:  # a chunk that runs onto the next page may quote from there
        try:
            following = render_page(path, first + 1, quote)
        except ProfileChatError:
            following = picture
        if following.whole or (following.found and not picture.found):
            picture, first = following, first + 1
    w, h = picture.size
    marks = "".join(
        f'<div class="pc-hl" style="left:{100 * a / w:.3f}%;top:{100 * b / h:.3f}%;'
        f'width:{100 * (c - a) / w:.3f}%;height:{100 * (d - b) / h:.3f}%"></div>'
        for a, b, c, d in picture.boxes)
    image = base64.b64encode(picture.png).decode("ascii")
    figure = (f'<figure class="pc-page" data-page="{first}" data-size="{w},{h}" '
              f'data-boxes="{esc(json.dumps(picture.boxes))}">'
              f'<div class="pc-page-canvas"><img src="data:image/png;base64,{image}" '
              f'alt="Page {first} of {esc(chunk.source)}, the quoted passage highlighted">'
              f"{marks}</div></figure>")
    note = _note(picture.whole, picture.found, f"on page {first}")
    return _panel(_head(label, chunk, first) + note + figure, chunk.id, "page")


def text_html(index: Index, chunk: Chunk, quote: str, label: str) -> str:
    """The cited section's text with the quote marked, as the preview panel."""
    text, at = section_text(index, chunk)
    match = find_quote(text[at:], quote)
    match = Match(match.start + at, match.end + at, match.whole) if match else find_quote(
        text, quote)
    if len(text) > SECTION_CHARS:  # a long section: the part around the quote
        middle = (match.start + match.end) // 2 if match else at
        lo = max(0, min(middle - SECTION_CHARS // 2, len(text) - SECTION_CHARS))
        text = text[lo : lo + SECTION_CHARS]
        match = Match(match.start - lo, match.end - lo, match.whole) if match else None
    if match:
        shown = (esc(text[: match.start]) + f"<mark>{esc(text[match.start : match.end])}</mark>"
                 + esc(text[match.end :]))
    else:
        shown = esc(text)
    note = _note(bool(match and match.whole), match is not None, "in this section")
    body = f'<div class="pc-section-text">{shown}</div>'
    return _panel(_head(label, chunk, chunk.page) + note + body, chunk.id, "text")


def preview_html(index: Index, chunk_id: str, quote: str, label: str = "") -> str:
    """The preview panel for a citation: its PDF page, or its section's text, quote marked.

    Raises:
        ProfileChatError: the chunk or its file is gone, or the PDF cannot be read.
    """
    chunk = _chunk(index, chunk_id)
    if chunk.page is not None and chunk.source.lower().endswith(".pdf"):
        return page_html(index, chunk, quote, label)
    return text_html(index, chunk, quote, label)


def message_html(message: str, label: str = "") -> str:
    """The preview panel saying why there is nothing to show, or that it is on its way."""
    head = (f'<div class="pc-preview-head"><span class="pc-n">{esc(label)}</span>'
            '<span class="pc-where"></span><button class="pc-preview-close" type="button" '
            'aria-label="Close the preview">×</button></div>')
    return _panel(f'{head}<p class="pc-preview-note" role="status">{esc(message)}</p>', "", "note")
