"""PDF page text through PDFium: correct word spaces, icon glyphs dropped, header blocks in place.

pypdf glues the words of many LaTeX CVs ("AssistantProfessor@HarvardUniversity"); PDFium places
spaces from the glyph positions. PDFium has quirks of its own, each handled here from what it
reports about every character (its font and its box), not from the text alone:
- a line-end hyphen comes out as U+FFFE with the two lines joined: it becomes "-" and a line
  break, so the document-wide hyphenation repair decides between "Cana-dian" and "Goal-conditioned";
- icon fonts (FontAwesome, marvosym, academicons) map their glyphs to stray letters: dropped;
- a Word CV can draw its header block after its body: lines drawn above the page's first line
  are moved in front of it.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import re
from dataclasses import dataclass

import pypdfium2 as _pdfium
import pypdfium2.raw as raw
from pypdfium2 import PdfiumError

__all__ = ["PdfiumError", "page_texts"]

# Fonts whose glyphs are pictures (phone, envelope, globe), whatever letters they map to.
ICON_FONT = re.compile(r"awesome|marvosym|academicons|dingbat|wasy|pifont|zapf|bbding|ifsym|"
                       r"fontello|icomoon|octicons|glyphicons|material.?icons", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# FPDFText_GetUnicode reports a line-end hyphen as \x02; get_text_range() shows it as U+FFFE.
_SOFT_BREAK = ("\x02", "\ufffe")


@dataclass
class _Line:
    text: str
    top: float | None  # PDF units from the page's bottom edge; None for a line with no glyphs


def page_texts(data: bytes, password: str | None = None) -> list[tuple[str, str] | None]:
    """Each page's (plain, layout) text, None for a page PDFium could not read. Plain text is in
    PDFium's reading order; layout text places each glyph by its position, as pypdf's layout mode
    does, so that two columns written row by row can be found and read apart.

    Raises:
        PdfiumError: when PDFium cannot open the document at all.
    """
    document = _pdfium.PdfDocument(data, password=password)
    try:
        out: list[tuple[str, str] | None] = []
        for index in range(len(document)):
            try:
                out.append(_page_text(document, index))
            except PdfiumError:
                out.append(None)
        return out
    finally:
        document.close()


def _page_text(document: _pdfium.PdfDocument, index: int) -> tuple[str, str]:
    page = document[index]
    textpage = page.get_textpage()
    try:
        lines, glyphs = _lines(textpage)
    finally:
        textpage.close()
        page.close()
    plain = "\n".join(line.text.rstrip() for line in _header_first(lines)).strip("\n")
    return plain, _layout(glyphs)


def _lines(textpage: _pdfium.PdfTextPage) -> tuple[list[_Line], list[_Glyph]]:
    """The page's lines in PDFium's order, icon glyphs and control characters removed, and its
    visible glyphs with their boxes."""
    handle = textpage.raw
    count = raw.FPDFText_CountChars(handle)
    font = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    left, right, bottom, top, x, y = (ctypes.c_double() for _ in range(6))
    lines: list[_Line] = []
    glyphs: list[_Glyph] = []
    chars: list[str] = []
    first_top: float | None = None
    icons: dict[bytes, bool] = {}
    after_cr = False
    for i in range(count):
        char = chr(raw.FPDFText_GetUnicode(handle, i))
        if char in "\r\n":
            if not (char == "\n" and after_cr):  # PDFium ends lines with "\r\n"
                lines.append(_Line(_text(chars), first_top))
                chars, first_top = [], None
            after_cr = char == "\r"
            continue
        after_cr = False
        if char in _SOFT_BREAK:
            lines.append(_Line(_text(chars) + "-", first_top))
            chars, first_top = [], None
            continue
        size = raw.FPDFText_GetFontInfo(handle, i, font, len(font), ctypes.byref(flags))
        name = font.raw[: max(size - 1, 0)] if size else b""
        if name not in icons:
            icons[name] = bool(ICON_FONT.search(name.decode("latin-1")))
        if icons[name]:
            continue
        if not char.isspace() and not _CONTROL.match(char) and raw.FPDFText_GetCharBox(
                handle, i, left, right, bottom, top):
            if first_top is None:
                first_top = top.value
            raw.FPDFText_GetCharOrigin(handle, i, x, y)
            glyphs.append(_Glyph(char, left.value, right.value, bottom.value, top.value, y.value,
                                 not chars or chars[-1].isspace()))
        chars.append(char)
    if chars:
        lines.append(_Line(_text(chars), first_top))
    return [line for line in lines if line.text.strip() or line.top is None], glyphs


def _text(chars: list[str]) -> str:
    """A line's characters, UTF-16 surrogate pairs joined (PDFium reports "𝑧" as two halves),
    lone halves and control characters dropped."""
    joined = "".join(chars).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "ignore")
    return _CONTROL.sub("", joined)


@dataclass
class _Glyph:
    char: str
    left: float
    right: float
    bottom: float
    top: float
    baseline: float
    spaced: bool  # PDFium put a space or a line break before it


def _layout(glyphs: list[_Glyph]) -> str:
    """Glyphs placed on a character grid by position: rows by baseline, wide gaps by x."""
    if not glyphs:
        return ""
    widths = sorted(g.right - g.left for g in glyphs if g.right > g.left) or [5.0]
    heights = sorted(g.top - g.bottom for g in glyphs if g.top > g.bottom) or [10.0]
    # A narrow glyph's width is the grid's cell, so a run of text never overruns the column its
    # next phrase starts at; a typical glyph's width tells a word space from a column gap.
    cell, typical = max(widths[len(widths) * 2 // 5], 1.0), widths[len(widths) // 2]
    tolerance = 0.3 * heights[len(heights) // 2]
    rows: list[list[_Glyph]] = []
    for glyph in sorted(glyphs, key=lambda g: -g.baseline):
        if rows and abs(rows[-1][0].baseline - glyph.baseline) <= tolerance:
            rows[-1].append(glyph)
        else:
            rows.append([glyph])
    origin = min(g.left for g in glyphs)
    out = []
    for row in rows:
        line: list[str] = []
        previous: _Glyph | None = None
        for glyph in sorted(row, key=lambda g: g.left):
            gap = glyph.left - previous.right if previous else math.inf
            if gap > 2 * typical:  # a column gap or a tab stop: to the glyph's place on the grid
                line.extend(" " * max(round((glyph.left - origin) / cell) - len(line), 2))
            elif glyph.spaced and gap > 0:  # PDFium's own word break
                line.append(" ")
            line.append(glyph.char)
            previous = glyph
        out.append("".join(line).strip())
    return _text(["\n".join(out)])


def _header_first(lines: list[_Line]) -> list[_Line]:
    """Lines drawn above the page's first line but emitted later (a Word header), moved first."""
    placed = [line.top for line in lines if line.top is not None]
    if len(placed) < 3:
        return lines
    steps = sorted(abs(a - b) for a, b in itertools.pairwise(placed) if a != b)
    gap = steps[len(steps) // 4] if steps else 12.0  # a typical line spacing
    above = [i for i, line in enumerate(lines)
             if line.top is not None and line.top > placed[0] + gap]
    # Only one contiguous run counts: a second column that starts a little higher is no header.
    if not above or above != list(range(above[0], above[-1] + 1)) or above[0] == 0:
        return lines
    return [*(lines[i] for i in above), *(line for i, line in enumerate(lines) if i not in above)]
