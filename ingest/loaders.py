"""Load a PDF, Markdown or text file into one text with page offsets, or say why it cannot be."""

from __future__ import annotations

import bisect
import codecs
import contextlib
import hashlib
import io
import logging
import re
import struct
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pypdf import PageObject, PdfReader
from pypdf.errors import DependencyError, DeprecationError, PyPdfError
from pypdf.filters import ASCII85Decode, ASCIIHexDecode
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

from assistant.errors import IngestError
from ingest import pdfium
from ingest.pdf_repair import fold_letters, glued_runs, letter_repairs, page_label, repair_pages

# pypdf logs every broken xref entry it works around ("Ignoring wrong pointing object"); the
# problems that matter reach the user through Document.problems instead.
logging.getLogger("pypdf").setLevel(logging.ERROR)

__all__ = ["SUPPORTED_SUFFIXES", "Document", "Page", "load"]

_KINDS = {
    ".pdf": "pdf",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
}
SUPPORTED_SUFFIXES: frozenset[str] = frozenset(_KINDS)
_BOMS = (  # UTF-32 first: its little-endian BOM starts with UTF-16's
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# What pypdf raises on malformed files besides its own errors: it trusts the structure it parses.
# DeprecationError and DependencyError are pypdf's too but not PyPdfErrors: a damaged filter
# name can read as a removed abbreviation ("/Fl").
_PDF_ERRORS = (
    PyPdfError,
    DeprecationError,
    DependencyError,
    ValueError,
    KeyError,
    TypeError,
    AttributeError,
    IndexError,
    AssertionError,
    ArithmeticError,
    RuntimeError,
    OSError,
    struct.error,
    zlib.error,
)
_MAGIC = {b"%PDF": "a PDF; rename it to .pdf", b"PK\x03\x04": "a ZIP or Office file; export it"}
# Category Cc less tab, newline, carriage return and form feed: a regex counts 1 MB in ~5 ms,
# where a unicodedata loop took ~150 ms.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
_FLATE = frozenset({"/FlateDecode", "/Fl"})
# Filters whose output is never longer than their input, decoded whole.
_SHRINKING: dict[str, Callable[[bytes], bytes]] = {
    "/ASCIIHexDecode": ASCIIHexDecode.decode, "/AHx": ASCIIHexDecode.decode,
    "/ASCII85Decode": ASCII85Decode.decode, "/A85": ASCII85Decode.decode}
_FILE_STREAMS = 10  # a whole file may draw this many pages' worth of the per-page limit
_FORM_DEPTH = 32  # PDFium stops drawing nested forms well before this
_INFLATE_STEP = 1 << 20  # bytes inflated at a time, so a bomb is never held whole


@dataclass
class Page:
    """Where one page's text sits inside Document.text."""

    number: int | None  # 1-based PDF page number; None for Markdown and text
    start: int
    end: int


@dataclass
class Document:
    """A loaded file: its whole text, page offsets, and what was repaired or found wrong."""

    path: Path
    kind: str  # "pdf" | "markdown" | "text"
    text: str  # PDF pages joined with "\n\n"
    pages: list[Page]
    sha256: str  # of the raw file bytes
    size: int  # bytes
    repairs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    reader: str = ""  # which library read a PDF's text: "PDFium", or "pypdf" as the fallback
    glued: tuple[int, int] | None = None  # a PDF's glued word runs as extracted, after repair
    bold: tuple[tuple[int, int], ...] = ()  # (start, end) of each run of bold type in the text
    italic: tuple[tuple[int, int], ...] = ()  # and of each run of italic type

    def page_at(self, offset: int) -> int | None:
        """Page number holding that character offset (the page before, between pages)."""
        filled = [page for page in self.pages if page.end > page.start]
        if not filled or not 0 <= offset <= len(self.text):
            return None
        index = bisect.bisect_right([page.start for page in filled], offset) - 1
        return filled[max(index, 0)].number


@dataclass(frozen=True)
class Limits:
    """What one file may hold before it is refused; the defaults are the settings' defaults."""

    file_bytes: int = 20 * 1024 * 1024  # PROFILECHAT_MAX_FILE_MB
    pages: int = 500  # PROFILECHAT_MAX_PAGES
    # PROFILECHAT_MAX_STREAM_MB, one page's content: 14x the largest page of 20 real CVs
    stream_bytes: int = 5 * 1024 * 1024
    chars: int = 2_000_000  # PROFILECHAT_MAX_TEXT_CHARS


def load(path: Path, *, max_bytes: int | None = None, pdf_reader: str = "pdfium",
         limits: Limits | None = None) -> Document:
    """Read a PDF, Markdown or text file into a Document.

    Args:
        path: the file to read; its suffix picks the reader (see SUPPORTED_SUFFIXES).
        max_bytes: larger files are refused before they are read (overrides limits.file_bytes).
        pdf_reader: "pdfium" (default) reads PDF text with PDFium, "pypdf" with pypdf alone
            (for comparison: pypdf glues the words of many LaTeX CVs).
        limits: pages, decompressed content per page and characters of text a file may hold;
            a file over one is refused as soon as it is seen, before the rest is read.

    Raises:
        IngestError: with a one-line reason naming the file, for any file that cannot be used.
    """
    path = Path(path)
    limits = limits or Limits()
    data = _read(path, limits.file_bytes if max_bytes is None else max_bytes)
    kind = _KINDS[path.suffix.lower()]
    digest, size = hashlib.sha256(data).hexdigest(), len(data)
    if kind == "pdf":
        texts, repairs, problems, reader, glued = _pdf_pages(path, data, pdf_reader, limits)
        plain, bold_runs, italic_runs = zip(*map(_style_runs, texts)) if texts else ((), (), ())
        text, pages = _join_pages(list(plain))
        bold, italic = (tuple((page.start + a, page.start + b)
                              for page, runs in zip(pages, page_runs) for a, b in runs)
                        for page_runs in (bold_runs, italic_runs))
        problems = [re.sub(f"[{pdfium.MARKS}]", "", p) for p in problems]
        return Document(path, kind, text, pages, digest, size, repairs, problems, reader, glued,
                        bold, italic)
    text, repairs = _decode(path, data, limits.chars)
    return Document(path, kind, text, [Page(None, 0, len(text))], digest, size, repairs)


def _read(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, after the checks that need no parsing."""
    supported = ", ".join(sorted(SUPPORTED_SUFFIXES))
    try:
        if not path.exists():
            raise IngestError(f"{path} not found; check the path")
        if not path.is_file():
            raise IngestError(f"{path} is not a file; pass a file ({supported})")
        if path.suffix.lower() not in SUPPORTED_SUFFIXES:
            kind = f"{path.suffix} files are" if path.suffix else "files without an extension are"
            raise IngestError(f"{path.name}: {kind} not supported; use one of {supported}")
        size = path.stat().st_size
        if size > max_bytes:
            raise IngestError(
                f"{path.name} is {_human(size)}, over the {_human(max_bytes)} limit; "
                "split it or raise the limit (PROFILECHAT_MAX_FILE_MB)"
            )
        data = path.read_bytes()
    except PermissionError as exc:
        raise IngestError(f"cannot read {path}: permission denied; check its permissions") from exc
    except OSError as exc:
        raise IngestError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if not data:
        raise IngestError(f"{path.name} is empty (0 bytes); re-export or re-download it")
    return data


def _human(size: int) -> str:
    """A byte count the way a user reads it: 512 bytes, 3.4 KB, 25.0 MB."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


def _decode(path: Path, data: bytes, max_chars: int) -> tuple[str, list[str]]:
    """Text of a Markdown or text file in whatever common encoding it uses, with LF endings."""
    text, encoding = _detect(path, data)
    if len(text) > max_chars:
        raise IngestError(_too_much_text(path, len(text), max_chars))
    repairs = [] if encoding in ("utf-8", "utf-8-sig") else [f"decoded as {encoding}"]
    controls = len(_CONTROLS.findall(text))
    # Real text has a stray control character or two at most; 1% means a binary file.
    if "\x00" in text or controls > max(2, len(text) // 100):
        raise _binary(path, data, "control characters")
    if "\r" in text:
        text = re.sub(r"\r\n?", "\n", text)
        repairs.append("normalised CRLF/CR line endings to LF")
    text, *folded = fold_letters(text)
    repairs += letter_repairs(*folded)
    if not text.strip():
        raise IngestError(f"{path.name} contains only whitespace; there is no text to ingest")
    return text, repairs


def _detect(path: Path, data: bytes) -> tuple[str, str]:
    """Decode with the BOM's encoding, else UTF-8, BOM-less UTF-16, cp1252, latin-1."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(encoding), encoding
            except UnicodeDecodeError as exc:
                raise _binary(path, data, f"bytes that are not valid {encoding}") from exc
    if b"\x00" in data:
        # ASCII text saved as UTF-16 without a BOM has a NUL in every other byte.
        zeros_odd, zeros_even = data[1::2].count(0), data[0::2].count(0)
        encoding = "utf-16-le" if zeros_odd > zeros_even else "utf-16-be"
        if len(data) % 2 or max(zeros_odd, zeros_even) < 0.4 * len(data) / 2:
            raise _binary(path, data, "NUL bytes")
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError as exc:
            raise _binary(path, data, "NUL bytes") from exc
    for encoding in ("utf-8", "cp1252"):
        with contextlib.suppress(UnicodeDecodeError):
            return data.decode(encoding), encoding
    return data.decode("latin-1"), "latin-1"  # every byte is a latin-1 character


def _binary(path: Path, data: bytes, evidence: str) -> IngestError:
    """The error for a binary file with a text file's name."""
    hint = next((h for magic, h in _MAGIC.items() if data.startswith(magic)), "")
    action = f"it is {hint}" if hint else "save it as plain text or give it its real extension"
    return IngestError(f"{path.name} is a binary file, not text (it has {evidence}); {action}")


def _too_much_text(path: Path, chars: int, limit: int, page: int | None = None) -> str:
    held = f"over {limit:,} characters of text by page {page}" if page else (
        f"{chars:,} characters of text, over the {limit:,}-character limit")
    return (f"{path.name} has {held} (PROFILECHAT_MAX_TEXT_CHARS); a CV has under 100,000, so "
            "split it or raise the limit")


def _too_many_pages(path: Path, pages: int, limit: int) -> str:
    return (f"{path.name} has {pages:,} pages, over the {limit:,}-page limit "
            "(PROFILECHAT_MAX_PAGES); split it or raise the limit")


def _pdf_pages(path: Path, data: bytes, pdf_reader: str = "pdfium", limits: Limits = Limits()
               ) -> tuple[list[str], list[str], list[str], str, tuple[int, int]]:
    """Repaired text of each PDF page, the repairs made, the problems found, the library that
    read the text and the glued word runs before and after repair.

    pypdf validates the file (header, end marker, encryption, page count, the size of each page's
    content); PDFium reads the text, since pypdf glues the words of many LaTeX CVs together. A
    page PDFium cannot read, or a file it cannot open, is read by pypdf instead.
    """
    reader = _open_pdf(path, data, limits.pages)
    _check_content(path, reader, limits.stream_bytes)
    texts: list[tuple[str, str] | None] = [None] * len(reader.pages)
    reader_name = "pypdf"
    if pdf_reader == "pdfium":
        try:
            texts = pdfium.page_texts(data, password="" if reader.is_encrypted else None,
                                      max_pages=limits.pages, max_chars=limits.chars, styles=True)
            reader_name = "PDFium"
        except pdfium.PdfiumError:
            pass
        except pdfium.LimitError as exc:
            if exc.what == "pages":
                raise IngestError(_too_many_pages(path, exc.page, limits.pages)) from exc
            raise IngestError(_too_much_text(path, 0, limits.chars, exc.page)) from exc
    extracted: list[tuple[str, str | None]] = []
    failed: list[int] = []
    chars = 0
    for index, text in enumerate(texts):
        pair = text if text is not None else _extract(reader, index)
        if pair is None:
            failed.append(index + 1)
        extracted.append(pair or ("", None))
        chars += len(extracted[-1][0])
        if chars > limits.chars:
            raise IngestError(_too_much_text(path, chars, limits.chars, index + 1))
    if len(failed) == len(extracted):
        raise IngestError(f"{path.name} is corrupt: no page could be read; re-export the PDF")
    before = sum(len(glued_runs(plain)) for plain, _ in extracted)
    result = repair_pages(extracted)
    if not any(text.strip() for text in result.pages):
        raise IngestError(
            f"{path.name}: no text layer (scanned?); run OCR first (e.g. ocrmypdf) and ingest "
            "the OCR'd PDF"
        )
    if failed:
        result.problems.insert(0, f"{page_label(failed)}: damaged, could not be read; skipped")
    after = sum(len(glued_runs(page)) for page in result.pages)
    return result.pages, result.repairs, result.problems, reader_name, (before, after)


def _open_pdf(path: Path, data: bytes, max_pages: int = Limits.pages) -> PdfReader:
    """A reader for the PDF bytes, decrypted if an empty password opens it, with at most
    max_pages pages."""
    if b"%PDF-" not in data[:1024]:
        raise IngestError(f"{path.name} is not a PDF (no %PDF header); check what the file is")
    if b"%%EOF" not in data[-4096:]:  # a little trailing junk after the marker is common
        raise IngestError(
            f"{path.name} is truncated (no end-of-file marker); download or export it again"
        )
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise IngestError(_encrypted(path))
        # The page tree's own count first: walking a million pages is itself the attack.
        with contextlib.suppress(*_PDF_ERRORS):
            declared = int(reader.root_object["/Pages"]["/Count"])  # type: ignore[index]
            if declared > max_pages:
                raise IngestError(_too_many_pages(path, declared, max_pages))
        if len(reader.pages) == 0:
            raise IngestError(f"{path.name} has no pages; re-export the PDF")
        if len(reader.pages) > max_pages:
            raise IngestError(_too_many_pages(path, len(reader.pages), max_pages))
    except IngestError:
        raise
    except DependencyError as exc:  # AES needs the optional cryptography package
        raise IngestError(_encrypted(path) + " or pip install cryptography") from exc
    except _PDF_ERRORS as exc:
        reason = " ".join(str(exc).split())[:120] or type(exc).__name__
        if "encrypt" in reason.lower() or "password" in reason.lower():
            raise IngestError(_encrypted(path)) from exc
        raise IngestError(f"{path.name} is a corrupt PDF ({reason}); re-export it") from exc
    return reader


def _check_content(path: Path, reader: PdfReader, limit: int) -> None:
    """Refuse a PDF with a page whose content streams, forms included, decode to more than
    `limit` bytes. Streams are inflated a piece at a time and stop past the limit, and a stream
    many pages share is measured once, so a 60 MB bomb costs about `limit` bytes of work."""
    sizes: dict[Any, int] = {}
    drawn = 0
    for number, page in enumerate(reader.pages, start=1):
        total = 0
        try:
            for key, stream in _drawn(page):
                if key not in sizes:
                    sizes[key] = _decoded_size(stream, limit)
                total += sizes[key]
                if total > limit:
                    break
        except _PDF_ERRORS:
            continue  # a page pypdf cannot walk is left to PDFium, within the time budget
        mb = f"{limit / 2**20:g} MB"
        if total > limit:
            raise IngestError(
                f"{path.name}: page {number}'s content stream is over {mb} "
                "(PROFILECHAT_MAX_STREAM_MB); a page of a CV draws well under 1 MB, so this "
                "looks like a decompression bomb; re-export the PDF or raise the limit")
        drawn += total
        # Pages that share one stream just under the limit would each be parsed again.
        if drawn > _FILE_STREAMS * limit:
            raise IngestError(
                f"{path.name}: pages 1-{number} draw over {_FILE_STREAMS} x {mb} of content "
                "streams (PROFILECHAT_MAX_STREAM_MB); a CV draws a few MB in all, so this "
                "looks like a decompression bomb; re-export the PDF or raise the limit")


def _drawn(page: PageObject) -> Iterator[tuple[Any, StreamObject]]:
    """The streams a page's text is read from, each once with a key: its /Contents and the
    form XObjects it draws, nested forms included."""
    stack: list[tuple[Any, int]] = [(page.raw_get("/Contents"), 0)] if "/Contents" in page else []
    stack += [(form, 1) for form in _forms(page.get("/Resources"))]
    seen: set[Any] = set()
    while stack:
        item, depth = stack.pop()
        key = (item.idnum, item.generation) if isinstance(item, IndirectObject) else id(item)
        if key in seen:
            continue
        seen.add(key)
        obj = item.get_object()
        if isinstance(obj, ArrayObject):  # /Contents as an array of streams
            stack += [(part, depth) for part in obj]
        elif isinstance(obj, StreamObject):
            yield key, obj
            if 0 < depth < _FORM_DEPTH:
                stack += [(form, depth + 1) for form in _forms(obj.get("/Resources"))]


def _forms(resources: Any) -> Iterator[Any]:
    """The form XObjects a resource dictionary names, unresolved (images are never decoded to
    read text, so they are not counted)."""
    resources = resources.get_object() if resources is not None else None
    xobjects = resources.get("/XObject") if isinstance(resources, DictionaryObject) else None
    if not isinstance(xobjects, DictionaryObject):
        return
    for name in xobjects:
        obj = xobjects[name]
        if isinstance(obj, StreamObject) and obj.get("/Subtype") == "/Form":
            yield xobjects.raw_get(name)


def _decoded_size(stream: StreamObject, limit: int) -> int:
    """Bytes the stream decodes to, or a figure over `limit` as soon as it is clear it is over.
    A filter that cannot be measured piecewise (LZW, RunLength) ends the count at the bytes
    that go into it."""
    filters = stream.get("/Filter")
    names = [filters] if isinstance(filters, str) else list(filters or [])
    pieces: Iterable[bytes] = [stream._data]  # the stored bytes: pypdf has no public accessor
    for name in names:
        if name in _FLATE:
            pieces = _inflate(pieces)
        elif name in _SHRINKING:
            pieces = [_SHRINKING[name](b"".join(pieces))]
        else:
            break
    total = 0
    for piece in pieces:
        total += len(piece)
        if total > limit:
            break
    return total


def _inflate(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """Flate-decoded bytes, at most _INFLATE_STEP at a time; a damaged stream ends where it
    breaks, as PDF readers read it."""
    inflater = zlib.decompressobj()
    try:
        for piece in pieces:
            while piece and not inflater.eof:
                yield inflater.decompress(piece, _INFLATE_STEP)
                piece = inflater.unconsumed_tail
    except zlib.error:
        return


def _encrypted(path: Path) -> str:
    """The message for a PDF that needs a password."""
    return f"{path.name} is encrypted; decrypt it first (e.g. qpdf --decrypt in.pdf out.pdf)"


def _extract(reader: PdfReader, index: int) -> tuple[str, str | None] | None:
    """(plain, layout) text of one page; layout None if that mode fails; None if both do."""
    try:
        page = reader.pages[index]
        plain = page.extract_text()
    except _PDF_ERRORS:
        return None
    try:
        layout: str | None = page.extract_text(extraction_mode="layout")
    except _PDF_ERRORS:  # layout mode is only a second opinion; the plain text stands
        layout = None
    return plain, layout


def _style_runs(text: str) -> tuple[str, list[tuple[int, int]], list[tuple[int, int]]]:
    """A page's text without PDFium's style marks, and the spans of the bold and of the italic
    runs they marked."""
    out: list[str] = []
    runs: dict[str, list[tuple[int, int]]] = {pdfium.BOLD_ON: [], pdfium.ITALIC_ON: []}
    ends = {pdfium.BOLD_OFF: pdfium.BOLD_ON, pdfium.ITALIC_OFF: pdfium.ITALIC_ON}
    opened: dict[str, int] = {}
    size = 0
    for piece in re.split(f"([{pdfium.MARKS}])", text):
        if piece in runs:
            opened[piece] = size
        elif piece in ends:
            start = opened.pop(ends[piece], None)
            if start is not None and size > start:
                runs[ends[piece]].append((start, size))
        else:
            out.append(piece)
            size += len(piece)
    return "".join(out), runs[pdfium.BOLD_ON], runs[pdfium.ITALIC_ON]


def _join_pages(texts: list[str]) -> tuple[str, list[Page]]:
    """Pages joined with blank lines, and each page's span (empty pages get empty spans)."""
    parts: list[str] = []
    pages: list[Page] = []
    offset = 0
    for number, text in enumerate(texts, start=1):
        if text and parts:
            offset += 2  # the "\n\n" separator
        pages.append(Page(number, offset, offset + len(text)))
        if text:
            parts.append(text)
            offset += len(text)
    return "\n\n".join(parts), pages
