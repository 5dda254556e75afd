"""Fuzzing the loaders: random bytes, text in many encodings and damaged PDFs either load into a
consistent Document or are refused with an IngestError; nothing else escapes."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, currently_in_test_context, event, given, settings
from hypothesis import strategies as st
from pdfs import cv_pdf, two_column_pdf

from assistant.errors import ProfileChatError
from ingest.loaders import Document, Limits, load
from ingest.pdf_repair import fold_letters

FUZZ = settings(max_examples=400, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])
# A damaged PDF takes 2-12 ms to parse or refuse.
FUZZ_PDF = settings(FUZZ, max_examples=500)
# Small enough that random inputs reach the limits too.
SMALL = Limits(file_bytes=64 * 1024, pages=3, stream_bytes=64 * 1024, chars=5_000)
SUFFIXES = (".pdf", ".md", ".txt", ".PDF", ".markdown", ".text")
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "cp1252",
             "latin-1", "shift_jis", "koi8-r")
# Encodings that say themselves (a BOM) or are tried first (UTF-8): what they wrote comes back.
ROUND_TRIP = ("utf-8", "utf-8-sig", "utf-16", "utf-32")


def _pdf_bytes(make) -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        return make(Path(folder) / "seed.pdf").read_bytes()


SEEDS = [_pdf_bytes(cv_pdf), _pdf_bytes(two_column_pdf)]


def _load(data: bytes, suffix: str, **kwargs) -> Document | None:
    """The Document, or None when the file was refused with one of the project's errors."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz{suffix}"
        path.write_bytes(data)
        try:
            document = load(path, **kwargs)
        except ProfileChatError as exc:
            assert str(exc).strip()
            if currently_in_test_context():
                event("refused")
            return None
    if currently_in_test_context():
        event("loaded")
    _assert_consistent(document, data)
    return document


def _assert_consistent(document: Document, data: bytes) -> None:
    assert document.size == len(data)
    assert document.text.strip()
    assert "\r" not in document.text
    previous = 0
    for page in document.pages:
        assert previous <= page.start <= page.end <= len(document.text)
        previous = page.end
    for offset in (0, len(document.text) // 2, len(document.text)):
        page = document.page_at(offset)
        assert page is None or isinstance(page, int)


@FUZZ
@given(data=st.binary(min_size=0, max_size=2048), suffix=st.sampled_from(SUFFIXES))
def test_random_bytes_load_or_are_refused(data: bytes, suffix: str) -> None:
    _load(data, suffix)


@FUZZ
@given(data=st.binary(max_size=1024),
       head=st.sampled_from([b"%PDF-1.4\n", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", b""]),
       tail=st.sampled_from([b"\n%%EOF\n", b"%%EOF", b""]))
def test_random_bytes_dressed_as_a_pdf_load_or_are_refused(data: bytes, head: bytes,
                                                           tail: bytes) -> None:
    _load(head + data + tail, ".pdf")


@FUZZ
@given(text=st.text(min_size=1, max_size=400), encoding=st.sampled_from(ENCODINGS),
       newline=st.sampled_from(["\n", "\r\n", "\r"]), suffix=st.sampled_from([".md", ".txt"]))
def test_text_in_any_encoding_loads_or_is_refused(text: str, encoding: str, newline: str,
                                                  suffix: str) -> None:
    text = text.replace("\n", newline)
    data = text.encode(encoding, errors="replace")
    if not data:
        return
    document = _load(data, suffix, limits=SMALL)
    plain = text.removeprefix("\ufeff")
    if document is None or encoding not in ROUND_TRIP or plain != text:
        return
    expected = plain.replace("\r\n", "\n").replace("\r", "\n")
    assert document.text == fold_letters(expected)[0]


@FUZZ
@given(words=st.lists(st.sampled_from(["Ph.D.", "Zürich", "Ångström", "naïve", "École",
                                       "Kołczyńska", "東京大学", "Москва", "—", "2019–2021",
                                       "café", "ﬁeld", "\t"]), min_size=1, max_size=40),
       encoding=st.sampled_from(ENCODINGS))
def test_cv_words_in_any_encoding_keep_their_letters(words: list[str], encoding: str) -> None:
    text = " ".join(words)
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError:
        return
    document = _load(data, ".txt")
    if document is not None and encoding in ROUND_TRIP:
        assert document.text == fold_letters(text)[0]


@FUZZ_PDF
@given(seed=st.sampled_from(range(len(SEEDS))), cut=st.floats(0.0, 1.0),
       marker=st.booleans(), reader=st.sampled_from(["pdfium", "pypdf"]))
def test_truncated_pdfs_load_or_are_refused(seed: int, cut: float, marker: bool,
                                            reader: str) -> None:
    data = SEEDS[seed]
    data = data[: max(1, int(len(data) * cut))] + (b"\n%%EOF\n" if marker else b"")
    _load(data, ".pdf", pdf_reader=reader)


@st.composite
def _mutated(draw: st.DrawFn) -> bytes:
    """A seed PDF with a few bytes overwritten, inserted or deleted, its end marker kept."""
    data = bytearray(SEEDS[draw(st.sampled_from(range(len(SEEDS))))])
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(data) - 8))
        op = draw(st.sampled_from(["flip", "insert", "delete", "digits"]))
        if op == "flip":
            data[at] = draw(st.integers(0, 255))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif op == "delete":
            del data[at: at + draw(st.integers(1, 64))]
        else:  # a changed number: an object offset, a length, a count
            data[at: at + 1] = str(draw(st.integers(0, 10**9))).encode()
    return bytes(data)


@FUZZ_PDF
@given(data=_mutated(), reader=st.sampled_from(["pdfium", "pypdf"]))
def test_mutated_pdfs_load_or_are_refused(data: bytes, reader: str) -> None:
    _load(data, ".pdf", pdf_reader=reader, limits=SMALL)


@pytest.mark.parametrize("suffix", [".txt", ".md", ".pdf"])
def test_an_intact_seed_still_loads(suffix: str) -> None:
    """The fuzzing above is only meaningful if the undamaged inputs load."""
    data = SEEDS[0] if suffix == ".pdf" else b"Jane Doe\nEDUCATION\nPhD, 2020\n"
    document = _load(data, suffix)
    assert document is not None and "Jane Doe" in document.text


def test_a_damaged_filter_name_is_a_damaged_page_not_a_crash() -> None:
    """Found by the fuzzing above: "/Fl" is an abbreviation pypdf 7 refuses with an error that is
    not a PyPdfError."""
    data = SEEDS[0].replace(b"/FlateDecode", b"/Fl\tteDecode", 1)  # page 1's content
    document = _load(data, ".pdf", pdf_reader="pypdf")
    assert document is not None and "Jane Doe" not in document.text
    assert "page 1: damaged, could not be read; skipped" in document.problems
