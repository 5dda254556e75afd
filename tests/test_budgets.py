"""Hostile files: each is refused with the limit it broke, or read within its time budget, and
the parse worker stays under 1 GB while it reads them."""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pdfs
import pytest
from conftest import SAMPLE

from assistant.errors import IngestError
from assistant.settings import Settings
from ingest import pipeline

TEXT = b"BT /F1 12 Tf 72 700 Td (Jane Doe, Professor of Computer Science) Tj ET"
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
PEAK_MB = 1024  # the figure docs/RELIABILITY.md states for the parse worker


def _stream(data: bytes, filters: bytes = b"/FlateDecode", extra: bytes = b"") -> bytes:
    head = b"<< /Length %d /Filter %s %s>>" % (len(data), filters, extra)
    return head + b"\nstream\n" + data + b"\nendstream"


def _pdf(objects: list[bytes], *, xref_loop: bool = False) -> bytes:
    """Raw PDF bytes: object n is objects[n - 1], object 1 the catalog."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    prev = b"/Prev %d " % xref if xref_loop else b""  # the xref section names itself as older
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, prev, xref)
    return bytes(out)


def _document(contents: list[bytes], extra: list[bytes], *, count: int | None = None,
              resources: bytes = b"") -> list[bytes]:
    """Catalog, page tree, font, then `extra` (objects 4, 5, …), then one page per contents."""
    first = 4 + len(extra)
    kids = b" ".join(b"%d 0 R" % (first + i) for i in range(len(contents)))
    pages = [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 "
             b"3 0 R >> " + resources + b" >> /Contents " + c + b" >>" for c in contents]
    total = len(contents) if count is None else count
    return [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, total), FONT, *extra, *pages]


def _text() -> bytes:
    return _stream(zlib.compress(TEXT))


def _shared_stream() -> bytes:
    """200 pages draw one stream that inflates to 60 MB."""
    bomb = zlib.compress(TEXT + b"\n" + b" " * (60 << 20), 9)
    return _pdf(_document([b"4 0 R"] * 200, [_stream(bomb)]))


def _double_flate() -> bytes:
    """64 MB of content under two Flate layers: 64 KB, then a few hundred bytes."""
    inner = zlib.compress(b" " * (64 << 20), 9)
    bomb = _stream(zlib.compress(inner, 9), b"[/FlateDecode /FlateDecode]")
    return _pdf(_document([b"[4 0 R 5 0 R]"], [_text(), bomb]))


def _streams_summed() -> bytes:
    """300 pages share 4.9 MB of drawing, each page under the limit: 1.4 GB to parse."""
    ops = b"0 0 m 1 1 l S\n" * (int(4.9 * (1 << 20)) // 14)
    return _pdf(_document([b"[4 0 R 5 0 R]"] * 300, [_text(), _stream(zlib.compress(ops, 9))]))


def _pages_declared() -> bytes:
    return _pdf(_document([b"4 0 R"], [_text()], count=1_000_000))


def _pages_hidden() -> bytes:
    """100,000 entries in the page tree, which claims 1."""
    objects = _document([b"4 0 R"], [_text()], count=1)
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count 1 >>" % b" ".join([b"5 0 R"] * 100_000)
    return _pdf(objects)


def _forms_loop() -> bytes:
    """2,000 nested form XObjects, the last drawing the first."""
    n = 2000
    forms = [_stream(zlib.compress(b"/X Do " + TEXT),
                     extra=b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font "
                           b"<< /F1 3 0 R >> /XObject << /X %d 0 R >> >> " % (5 + (i + 1) % n))
             for i in range(n)]
    return _pdf(_document([b"4 0 R"], [_stream(zlib.compress(b"/X Do " + TEXT)), *forms],
                          resources=b"/XObject << /X 5 0 R >>"))


def _arrays_deep() -> bytes:
    """100,000 arrays nested in the page dictionary."""
    objects = _document([b"4 0 R"], [_text()])
    objects[-1] = objects[-1][:-2] + b" /Deep " + b"[" * 100_000 + b"]" * 100_000 + b" >>"
    return _pdf(objects)


def _page_tree_deep() -> bytes:
    """The only page under 20,000 nested page-tree nodes (objects 2, then 6 on)."""
    nodes = [2, *range(6, 6 + 19_999)]
    bodies = {node: b"<< /Type /Pages %s/Kids [%d 0 R] /Count 1 >>" % (
        b"/Parent %d 0 R " % nodes[i - 1] if i else b"",
        nodes[i + 1] if i + 1 < len(nodes) else 5) for i, node in enumerate(nodes)}
    page = (b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 "
            b"3 0 R >> >> /Contents 4 0 R >>" % nodes[-1])
    return _pdf([b"<< /Type /Catalog /Pages 2 0 R >>", bodies[2], FONT, _text(), page,
                 *(bodies[node] for node in nodes[1:])])


def _xref_loop() -> bytes:
    return _pdf(_document([b"4 0 R"], [_text()]), xref_loop=True)


def _huge_image() -> bytes:
    """A 16,000 x 16,000 RGB image: 768 MB decoded, 750 KB stored."""
    side = 16_000
    packer = zlib.compressobj(1)
    row = b"\x00" * (side * 3 * 100)
    data = b"".join(packer.compress(row) for _ in range(side // 100)) + packer.flush()
    image = _stream(data, extra=b"/Type /XObject /Subtype /Image /Width %d /Height %d "
                                b"/ColorSpace /DeviceRGB /BitsPerComponent 8 " % (side, side))
    draw = _stream(zlib.compress(b"q 612 0 0 792 0 0 cm /Im Do Q " + TEXT))
    return _pdf(_document([b"4 0 R"], [draw, image], resources=b"/XObject << /Im 5 0 R >>"))


def _glyph_storm() -> bytes:
    """One page of 1 MB of show-text operators at one spot: under every limit, but PDFium takes
    minutes over it (over 60 s measured), so only the time budget stops it."""
    ops = b"BT /F1 1 Tf " + b"(Abc) Tj\n" * ((1 << 20) // 10) + b"ET"
    return _pdf(_document([b"[4 0 R 5 0 R]"], [_text(), _stream(zlib.compress(ops, 9))]))


def _text_20mb(path: Path) -> Path:
    line = b"Jane Doe wrote a paper about distributed training systems in 2019.\n"
    path.write_bytes(line * ((20 << 20) // len(line) - 100))  # just under the 20 MB file limit
    return path


STREAM = "content stream is over 5 MB (PROFILECHAT_MAX_STREAM_MB)"
CORRUPT = "is a corrupt PDF"
# name: (what builds it, what its reason says, or None when it must be read)
BOMBS: dict[str, tuple[Callable[[], bytes], str | None]] = {
    "shared_stream": (_shared_stream, f"page 1's {STREAM}"),
    "double_flate": (_double_flate, f"page 1's {STREAM}"),
    "streams_summed": (_streams_summed, "pages 1-11 draw over 10 x 5 MB of content streams"),
    "pages_declared": (_pages_declared, "1,000,000 pages, over the 500-page limit (PROFILECHAT_"),
    "pages_hidden": (_pages_hidden, "has 100,000 pages, over the 500-page limit"),
    "forms_loop": (_forms_loop, None),
    "arrays_deep": (_arrays_deep, CORRUPT),
    "page_tree_deep": (_page_tree_deep, CORRUPT),
    "xref_loop": (_xref_loop, None),
    "huge_image": (_huge_image, None),
    "glyph_storm": (_glyph_storm, "reading it took over 5 s (PROFILECHAT_MAX_PARSE_SECONDS)"),
}


@pytest.fixture
def fresh_worker():
    """A new parse worker, so that its peak memory is this test's file alone."""
    pipeline.WORKER.close()
    pipeline.WORKER.peak_rss_mb = 0.0
    pipeline.WORKER.call(60, len, "")  # started outside the timed part, as ingest reuses it
    yield pipeline.WORKER
    pipeline.WORKER.close()


def _budget(settings: Settings, **changes: object) -> Settings:
    return settings.model_copy(update={"max_parse_seconds": 5.0, **changes})


@pytest.mark.parametrize("name", list(BOMBS))
def test_bomb_is_refused_with_its_limit_or_read_within_budget(
        name, settings, index, tmp_path, fresh_worker) -> None:
    build, reason = BOMBS[name]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(build())
    settings = _budget(settings)
    started = time.perf_counter()
    parsed = pipeline.parse(path, settings, index)
    elapsed = time.perf_counter() - started
    if reason is None:
        assert not parsed.error and parsed.chunks
        assert "Jane Doe" in parsed.document.text
    else:
        assert parsed.error.startswith(f"{path.name}") and reason in parsed.error
        assert reason == CORRUPT or "(PROFILECHAT_" in parsed.error  # names the limit it broke
    assert elapsed < settings.max_parse_seconds + 3
    assert fresh_worker.peak_rss_mb < PEAK_MB


def test_twenty_megabytes_of_text_is_refused_by_its_length(
        settings, index, tmp_path, fresh_worker) -> None:
    path = _text_20mb(tmp_path / "notes.txt")
    started = time.perf_counter()
    parsed = pipeline.parse(path, _budget(settings), index)
    assert "over the 2,000,000-character limit (PROFILECHAT_MAX_TEXT_CHARS)" in parsed.error
    assert time.perf_counter() - started < 5
    assert fresh_worker.peak_rss_mb < PEAK_MB


def test_pdf_text_over_the_limit_is_refused_at_the_page_that_crosses_it(
        settings, index, tmp_path) -> None:
    path = pdfs.cv_pdf(tmp_path / "cv.pdf")
    parsed = pipeline.parse(path, _budget(settings, max_text_chars=100), index)
    assert parsed.error == ("cv.pdf has over 100 characters of text by page 2 "
                            "(PROFILECHAT_MAX_TEXT_CHARS); a CV has under 100,000, so split it "
                            "or raise the limit")


def test_a_stopped_file_does_not_stop_the_next(settings, index, tmp_path) -> None:
    bomb = tmp_path / "glyph_storm.pdf"
    bomb.write_bytes(_glyph_storm())
    report = pipeline.ingest([bomb, SAMPLE / "cv_4a90.txt"], _budget(settings), index)
    outcomes = {result.path.name: result.outcome for result in report.files}
    assert outcomes == {"glyph_storm.pdf": "failed", "cv_4a90.txt": "added"}


def test_without_a_time_budget_files_are_read_in_process(settings, index) -> None:
    in_process = pipeline.parse(SAMPLE / "cv_4a90.txt", _budget(settings, max_parse_seconds=0),
                                index)
    in_worker = pipeline.parse(SAMPLE / "cv_4a90.txt", _budget(settings), index)
    assert [c.text for c in in_process.chunks] == [c.text for c in in_worker.chunks]
    assert [r.data for r in in_process.records] == [r.data for r in in_worker.records]


def test_a_file_whose_records_fail_is_indexed_for_its_passages(
        settings, index, monkeypatch) -> None:
    def too_slow(*args: object) -> None:
        raise IngestError("cv_4a90.txt: reading it took over 60 s (PROFILECHAT_MAX_PARSE_SECONDS)")

    monkeypatch.setattr(pipeline, "read_records", too_slow)
    report = pipeline.ingest([SAMPLE / "cv_4a90.txt"], _budget(settings, max_parse_seconds=0),
                             index)
    [result] = report.files
    assert result.outcome == "added" and result.chunks > 0
    assert any(p.startswith("its records were not read (cv_4a90.txt: reading it took over 60 s")
               for p in result.problems)
