"""PDF page text through PDFium: correct word spaces, icon glyphs dropped, header blocks in place.

pypdf glues the words of many LaTeX CVs ("AssistantProfessor@HarvardUniversity"); PDFium places
spaces from the glyph positions. PDFium has quirks of its own, each handled here from what it
reports about every character (its font and its box), not from the text alone:
- a line-end hyphen comes out as U+FFFE with the two lines joined: it becomes "-" and a line
  break, so the document-wide hyphenation repair decides between "Cana-dian" and "Goal-conditioned";
- icon fonts (FontAwesome, marvosym, academicons) map their glyphs to stray letters: dropped;
- a Word CV can draw its header block after its body: lines drawn above the page's first line
  are moved in front of it;
- text a reader cannot see (white on white, under 1 pt, invisible, off the page) goes on lines of
  its own marked "[hidden in PDF]", which ingest/injection.py flags.

Runs of bold type are marked in the plain text with BOLD_ON and BOLD_OFF, runs of italic type
with ITALIC_ON and ITALIC_OFF (Unicode noncharacters, which no document holds), so that the
loader can give their spans to the record reader: a CV prints its employers, section names and
venue columns in bold, and most citation styles set a paper's venue (or its title) in italics.
"""

from __future__ import annotations

import ctypes
import itertools
import math
import re
from collections.abc import Container
from dataclasses import dataclass

import pypdfium2 as _pdfium
import pypdfium2.raw as raw
from pypdfium2 import PdfiumError

from ingest.injection import HIDDEN

__all__ = ["BOLD_OFF", "BOLD_ON", "ITALIC_OFF", "ITALIC_ON", "MARKS", "LimitError", "PdfiumError",
           "page_texts"]

BOLD_ON, BOLD_OFF = "\ufdd0", "\ufdd1"  # Unicode noncharacters: never in a text
ITALIC_ON, ITALIC_OFF = "\ufdd2", "\ufdd3"
MARKS = BOLD_ON + BOLD_OFF + ITALIC_ON + ITALIC_OFF
_BOLD_FONT = re.compile(r"bold|black|heavy|semibold|demi", re.I)
_FORCE_BOLD = 1 << 18  # FPDF_FONT_FORCEBOLD in the font's flags
# "TimesNewRomanPS-ItalicMT", "SourceSansPro-LightIt", "CMTI10", "CMSL12" (slanted)
_ITALIC_FONT = re.compile(r"(?i:italic|oblique|slant)|[-,][A-Za-z]*It(?:MT)?$|^(?i:cm(?:ti|sl)\d)")
_ITALIC = 1 << 6  # FPDF_FONT_ITALIC in the font's flags

# Fonts whose glyphs are pictures (phone, envelope, globe), whatever letters they map to.
ICON_FONT = re.compile(r"awesome|marvosym|academicons|dingbat|wasy|pifont|zapf|bbding|ifsym|"
                       r"fontello|icomoon|octicons|glyphicons|material.?icons", re.I)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# FPDFText_GetUnicode reports a line-end hyphen as \x02; get_text_range() shows it as U+FFFE.
_SOFT_BREAK = ("\x02", "\ufffe")
# Render modes that paint nothing: 3 invisible, 7 clip only.
_INVISIBLE_MODES = (raw.FPDF_TEXTRENDERMODE_INVISIBLE, raw.FPDF_TEXTRENDERMODE_CLIP)
_WHITE = 245  # each of R, G, B at least this: white, to the eye, on a white page
_MARGIN = 72  # points off the page before text counts as placed out of sight (page numbers sit
# just below some LaTeX pages' boxes)


@dataclass
class _Line:
    text: str
    top: float | None  # PDF units from the page's bottom edge; None for a line with no glyphs


class LimitError(Exception):
    """A document over one of page_texts' limits: `what` is "pages" or "chars", `page` the
    1-based page at which it went over (the page count for "pages")."""

    def __init__(self, what: str, page: int) -> None:
        super().__init__(f"over the {what} limit at page {page}")
        self.what, self.page = what, page


def page_texts(data: bytes, password: str | None = None, *, max_pages: int | None = None,
               max_chars: int | None = None, styles: bool = False
               ) -> list[tuple[str, str] | None]:
    """Each page's (plain, layout) text, None for a page PDFium could not read. Plain text is in
    PDFium's reading order; layout text places each glyph by its position, as pypdf's layout mode
    does, so that two columns written row by row can be found and read apart. With `styles`,
    the plain text marks its runs of bold type with BOLD_ON and BOLD_OFF, and of italic type
    with ITALIC_ON and ITALIC_OFF.

    Raises:
        PdfiumError: when PDFium cannot open the document at all.
        LimitError: as soon as the document has more than `max_pages` pages, or its plain text
            more than `max_chars` characters, so that no more of it is read.
    """
    document = _pdfium.PdfDocument(data, password=password)
    try:
        count = len(document)
        if max_pages is not None and count > max_pages:
            raise LimitError("pages", count)
        out: list[tuple[str, str] | None] = []
        chars = 0
        for index in range(count):
            left = None if max_chars is None else max_chars - chars
            try:
                out.append(_page_text(document, index, left, styles))
            except PdfiumError:
                out.append(None)
            chars += len(out[-1][0]) if out[-1] else 0
            if max_chars is not None and chars > max_chars:
                raise LimitError("chars", index + 1)
        return out
    finally:
        document.close()


def _page_text(document: _pdfium.PdfDocument, index: int, max_chars: int | None = None,
               styles: bool = False) -> tuple[str, str]:
    page = document[index]
    textpage = page.get_textpage()
    try:
        # Counted before reading: a page of millions of glyphs is refused, not held in memory.
        if max_chars is not None and raw.FPDFText_CountChars(textpage.raw) > max_chars:
            raise LimitError("chars", index + 1)
        lines, glyphs = _lines(textpage, _hidden(page, textpage), styles)
    finally:
        textpage.close()
        page.close()
    plain = "\n".join(line.text.rstrip() for line in _header_first(lines)).strip("\n")
    return plain, _layout(glyphs)


def _lines(textpage: _pdfium.PdfTextPage, hidden: Container[int] = (), styles: bool = False
           ) -> tuple[list[_Line], list[_Glyph]]:
    """The page's lines in PDFium's order, icon glyphs and control characters removed, and its
    visible glyphs with their boxes. A run of `hidden` characters is a line of its own, marked
    with injection.HIDDEN, and left out of the glyphs. With `styles`, runs of bold and of italic
    type in the lines are marked (BOLD_ON … BOLD_OFF, ITALIC_ON … ITALIC_OFF); a run ends at the
    end of its line."""
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
    fonts: dict[bytes, tuple[bool, bool]] = {}  # (bold, italic) by font name
    after_cr = in_hidden = False
    in_style = [False, False]  # inside a bold run, an italic run
    marks = ((BOLD_ON, BOLD_OFF), (ITALIC_ON, ITALIC_OFF))
    word_start = True  # the next glyph starts a word

    def end_line(suffix: str = "") -> None:
        """A line ends; a style run ends with it, except at a line-end hyphen, where the word
        goes on in the next line (and the hyphenation repair must see "Mathe-\nmaticians")."""
        nonlocal chars, first_top, word_start
        for style, (_, off) in enumerate(marks):
            if in_style[style] and not suffix:
                end = len(chars)
                while end and chars[end - 1].isspace():
                    end -= 1
                chars.insert(end, off)
                in_style[style] = False
        lines.append(_Line(_mark(chars, in_hidden) + suffix, first_top))
        chars, first_top, word_start = [], None, True

    for i in range(count):
        char = chr(raw.FPDFText_GetUnicode(handle, i))
        if char in "\r\n":
            if not (char == "\n" and after_cr):  # PDFium ends lines with "\r\n"
                end_line()
            after_cr = char == "\r"
            continue
        if not char.isspace() and (i in hidden) != in_hidden:
            if "".join(chars).strip(MARKS + " \t"):
                end_line()
            in_hidden = i in hidden
        after_cr = False
        if char in _SOFT_BREAK:
            end_line("-")
            continue
        size = raw.FPDFText_GetFontInfo(handle, i, font, len(font), ctypes.byref(flags))
        name = font.raw[: max(size - 1, 0)] if size else b""
        if name not in icons:
            named = name.decode("latin-1")
            icons[name] = bool(ICON_FONT.search(named))
            fonts[name] = (bool(_BOLD_FONT.search(named)) or bool(flags.value & _FORCE_BOLD),
                           bool(_ITALIC_FONT.search(named.split("+")[-1]))
                           or bool(flags.value & _ITALIC))
        if icons[name]:
            continue
        if styles and not char.isspace() and not in_hidden:
            heavy = fonts[name][0] or raw.FPDFText_GetFontWeight(handle, i) >= 600
            for style, on in enumerate((heavy, fonts[name][1])):
                if on != in_style[style]:
                    chars.append(marks[style][0 if on else 1])
                    in_style[style] = on
        if not char.isspace() and not in_hidden and not _CONTROL.match(char) and \
                raw.FPDFText_GetCharBox(handle, i, left, right, bottom, top):
            if first_top is None:
                first_top = top.value
            raw.FPDFText_GetCharOrigin(handle, i, x, y)
            glyphs.append(_Glyph(char, left.value, right.value, bottom.value, top.value, y.value,
                                 word_start))
        chars.append(char)
        word_start = char.isspace()
    if chars:
        end_line()
    elif lines:  # the page ended on a line-end hyphen inside a style run
        lines[-1].text += "".join(off for style, (_, off) in enumerate(marks) if in_style[style])
    return [line for line in lines if line.text.strip() or line.top is None], glyphs


def _mark(chars: list[str], hidden: bool) -> str:
    """A line's text, marked when the PDF does not show it."""
    text = _text(chars)
    return f"{HIDDEN} {text.strip()}" if hidden and text.strip() else text


def _hidden(page: _pdfium.PdfPage, textpage: _pdfium.PdfTextPage) -> set[int]:
    """Indexes of the characters a reader of the page cannot see: under 1 pt, transparent,
    drawn in an invisible render mode, off the page, or white where nothing dark lies behind.
    A page whose text is mostly invisible is an OCR layer over a scan, and counts as seen."""
    handle = textpage.raw
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    x0, y0, x1, y1 = page.get_bbox()
    backgrounds: list[tuple[float, float, float, float]] | None = None
    hidden: set[int] = set()
    invisible = seen = 0
    for i in range(raw.FPDFText_CountChars(handle)):
        if chr(raw.FPDFText_GetUnicode(handle, i)).isspace():
            continue
        seen += 1
        obj = raw.FPDFText_GetTextObject(handle, i)
        if obj and raw.FPDFTextObj_GetTextRenderMode(obj) in _INVISIBLE_MODES:
            invisible += 1
            hidden.add(i)
            continue
        raw.FPDFText_GetCharBox(handle, i, left, right, bottom, top)
        x, y = (left.value + right.value) / 2, (bottom.value + top.value) / 2
        if raw.FPDFText_GetFontSize(handle, i) < 1 or not (
                x0 - _MARGIN <= x <= x1 + _MARGIN and y0 - _MARGIN <= y <= y1 + _MARGIN):
            hidden.add(i)
        elif raw.FPDFText_GetFillColor(handle, i, red, green, blue, alpha) and (
                alpha.value == 0 or min(red.value, green.value, blue.value) >= _WHITE):
            if backgrounds is None:
                backgrounds = _backgrounds(page)
            if alpha.value == 0 or not any(a <= x <= c and b <= y <= d
                                           for a, b, c, d in backgrounds):
                hidden.add(i)
    if invisible > seen / 2:  # ocrmypdf's text layer
        return set()
    return _worded(handle, hidden)


def _worded(handle: ctypes.c_void_p, hidden: set[int]) -> set[int]:
    """The hidden characters that belong to runs holding a word: a Word export's transparent
    comma or a page number just below the page says nothing, and is left where it is."""
    def char(k: int) -> str:
        return chr(raw.FPDFText_GetUnicode(handle, k))

    runs: list[list[int]] = []
    for i in sorted(hidden):
        if runs and all(char(k).isspace() for k in range(runs[-1][-1] + 1, i)):
            runs[-1].append(i)
        else:
            runs.append([i])
    return {i for run in runs if sum(char(k).isalnum() for k in run) >= 3 for i in run}


def _backgrounds(page: _pdfium.PdfPage) -> list[tuple[float, float, float, float]]:
    """Boxes of what may lie behind white text: filled shapes that are not white, images,
    shadings and forms (a coloured sidebar, a banner photo)."""
    red, green, blue, alpha = (ctypes.c_uint() for _ in range(4))
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    box = [ctypes.c_float() for _ in range(4)]
    out = []
    for k in range(raw.FPDFPage_CountObjects(page.raw)):
        obj = raw.FPDFPage_GetObject(page.raw, k)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_PATH:
            if not raw.FPDFPath_GetDrawMode(obj, fill, stroke) or not fill.value or (
                    raw.FPDFPageObj_GetFillColor(obj, red, green, blue, alpha)
                    and min(red.value, green.value, blue.value) >= _WHITE):
                continue
        elif kind not in (raw.FPDF_PAGEOBJ_IMAGE, raw.FPDF_PAGEOBJ_SHADING,
                          raw.FPDF_PAGEOBJ_FORM):
            continue
        if raw.FPDFPageObj_GetBounds(obj, *box):
            out.append((box[0].value, box[1].value, box[2].value, box[3].value))
    return out


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
