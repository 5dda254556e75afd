"""Loading PDFs, Markdown and text: page numbers, repairs, and a clear error for every bad file."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path

import pdfs
import pytest
from conftest import REAL_PDF

from assistant.errors import IngestError
from ingest import loaders
from ingest.loaders import SUPPORTED_SUFFIXES, Document, load
from ingest.pdf_repair import LIGATURES, choose_text, join_hyphenated, vocabulary
from ingest.records import extract


def _error(path: Path, **kwargs: int) -> str:
    """The one-line message load() raises for path."""
    with pytest.raises(IngestError) as caught:
        load(path, **kwargs)
    message = str(caught.value)
    assert "\n" not in message
    assert path.name in message
    return message


# PDFs: text, pages and repairs


def test_multi_page_pdf_keeps_page_numbers(tmp_path: Path) -> None:
    path = pdfs.cv_pdf(tmp_path / "cv.pdf")
    doc = load(path)
    assert (doc.kind, doc.size) == ("pdf", path.stat().st_size)
    assert doc.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    assert [page.number for page in doc.pages] == [1, 2, 3]
    assert doc.text.startswith("Jane Doe\njane.doe@example.edu\nEDUCATION")
    marker = doc.text.index("Page two marker")
    assert doc.page_at(marker) == 2
    assert doc.page_at(0) == 1
    assert doc.page_at(len(doc.text)) == 3
    assert doc.page_at(len(doc.text) + 1) is None
    second = doc.pages[1]
    assert doc.text[second.start : second.end].startswith("PUBLICATIONS\nPage two marker")
    assert doc.text[doc.pages[0].end : second.start] == "\n\n"
    assert doc.repairs == [] and doc.problems == []


def test_ligatures_become_letters(tmp_path: Path) -> None:
    if not pdfs.LIGATURE_FONT.exists():
        pytest.skip(f"no TTF font with ligature glyphs at {pdfs.LIGATURE_FONT}")
    doc = load(pdfs.ligature_pdf(tmp_path / "lig.pdf"))
    assert "An efficient field study of dataflow systems" in doc.text
    assert not set(LIGATURES) & set(doc.text)


def test_unicode_hyphens_become_the_hyphen_a_question_types(tmp_path: Path) -> None:
    if not pdfs.LIGATURE_FONT.exists():
        pytest.skip(f"no TTF font with hyphen glyphs at {pdfs.LIGATURE_FONT}")
    doc = load(pdfs.word_hyphens_pdf(tmp_path / "hyphens.pdf"))
    assert "Early post-Neolithic evolution of half-tetrad maps" in doc.text
    assert doc.repairs == []


def test_mathematical_letters_become_plain_letters(tmp_path: Path) -> None:
    if not pdfs.MATH_FONT.exists():
        pytest.skip(f"no TTF font with mathematical letters at {pdfs.MATH_FONT}")
    doc = load(pdfs.math_letters_pdf(tmp_path / "math.pdf"))
    assert "Quiet Galaxies at z ∼ 7 and the Drift of Ṗ," in doc.text
    assert "replaced 2 mathematical letters with plain ones (e.g. 𝑧 → z)" in doc.repairs


def test_hyphenated_line_breaks_are_joined_but_compounds_keep_hyphens(tmp_path: Path) -> None:
    doc = load(pdfs.hyphenated_pdf(tmp_path / "hyphens.pdf"))
    assert "We built a distributed\ntraining system" in doc.text
    for compound in ("state-of-the-art", "Jae-Won", "GPU-based", "well-known"):
        assert compound in doc.text
    assert "distri-" not in doc.text
    assert "joined 5 words hyphenated across line breaks" in doc.repairs


def test_repeated_header_and_footer_are_removed(tmp_path: Path) -> None:
    doc = load(pdfs.running_heads_pdf(tmp_path / "heads.pdf"))
    assert doc.text.count("Curriculum Vitae") == 1  # the first copy names the person
    assert "of 4" not in doc.text
    assert doc.page_at(doc.text.index("Invited talks")) == 3
    assert doc.text.index("Education and degrees") < doc.text.index("Service")
    assert "removed 7 repeated header/footer lines" in doc.repairs


def test_two_columns_are_read_one_after_the_other(tmp_path: Path) -> None:
    doc = load(pdfs.two_column_pdf(tmp_path / "columns.pdf"))
    lines = [line for line in doc.text.splitlines() if line]
    assert lines == [lines[0], *pdfs.LEFT_COLUMN, *pdfs.RIGHT_COLUMN]
    assert lines[0].startswith("Research Statement of Jane Doe")
    assert "read two-column page 1 column by column" in doc.repairs


def test_dates_at_a_tab_stop_stay_on_their_rows(tmp_path: Path) -> None:
    doc = load(pdfs.tab_stop_cv_pdf(tmp_path / "table.pdf"))
    assert doc.text.splitlines() == [f"{entry} {when}" for entry, when in pdfs.TAB_ROWS]
    assert doc.repairs == [] and doc.problems == []


def test_sidebar_that_cannot_be_separated_is_reported(tmp_path: Path) -> None:
    doc = load(pdfs.sidebar_pdf(tmp_path / "sidebar.pdf"))
    assert "CONTACT Jane builds systems" in doc.text
    assert any("page 1: side-by-side blocks" in p for p in doc.problems)


def test_run_together_words_are_split_or_reported(tmp_path: Path) -> None:
    doc = load(pdfs.glued_pdf(tmp_path / "glued.pdf"))
    assert "Thesis: Distributed Systems for Machine Learning" in doc.text
    assert any("split 1 run-together" in r for r in doc.repairs)
    assert any("spaces missing" in p and "Qwzxvbnmplkjhgfdsaqwerty" in p for p in doc.problems)


def test_empty_password_encryption_is_opened(tmp_path: Path) -> None:
    doc = load(pdfs.encrypted_pdf(tmp_path / "locked.pdf", user_password=""))
    assert "Page two marker" in doc.text


@pytest.mark.skipif(not REAL_PDF.exists(), reason=f"real CV not found at {REAL_PDF}")
def test_real_cv_reads_cleanly_in_order() -> None:
    doc = load(REAL_PDF)
    assert [page.number for page in doc.pages] == [1, 2]
    assert doc.text.startswith("Insu Jang insujang@umich.edu\n")
    assert "University of Michigan" in doc.text
    headings = ["Education", "Publications", "Research Experience", "Work Experience", "Teaching"]
    positions = [doc.text.index(f"\n{heading}\n") for heading in headings]
    assert positions == sorted(positions)
    assert doc.page_at(positions[1]) == 1 and doc.page_at(positions[3]) == 2
    assert "non-causal nature\nof multimodal attention" in doc.text
    assert "Aug 2021 – May 2026 (Expected)" in doc.text  # dates stay beside their entry
    assert doc.text.count("Page 1 of 2") == 1 and "Page 2 of 2" not in doc.text
    assert doc.problems == []


# Markdown and text


def test_utf16_text_with_bom(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes("Café Zürich\r\nSecond line\r\n".encode("utf-16"))
    doc = load(path)
    assert (doc.kind, doc.text) == ("text", "Café Zürich\nSecond line\n")
    assert doc.pages == [doc.pages[0]] and doc.pages[0].number is None
    assert doc.page_at(3) is None


def test_utf16_without_bom(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes("Plain ASCII saved as UTF-16".encode("utf-16-le"))
    assert load(path).text == "Plain ASCII saved as UTF-16"


def test_cp1252_text_is_decoded_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "legacy.txt"
    path.write_bytes("Résumé of “Jane” – 2020".encode("cp1252"))
    doc = load(path)
    assert doc.text == "Résumé of “Jane” – 2020"
    assert "decoded as cp1252" in doc.repairs


def test_markdown_with_utf8_bom_and_crlf(tmp_path: Path) -> None:
    path = tmp_path / "profile.md"
    path.write_bytes("\ufeff# Jane Doe\r\n\r\n## Education\r\nPhD\r\n".encode())
    doc = load(path)
    assert (doc.kind, doc.text) == ("markdown", "# Jane Doe\n\n## Education\nPhD\n")
    assert doc.pages[0].end == len(doc.text)


def test_supported_suffixes() -> None:
    assert {".pdf", ".md", ".markdown", ".txt", ".text"} == SUPPORTED_SUFFIXES


# Bad input: one clear line that names the file and says what to do


def _truncated(tmp_path: Path) -> Path:
    data = pdfs.cv_pdf(tmp_path / "full.pdf").read_bytes()
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[: len(data) // 2])
    return path


def _write(name: str, data: bytes) -> Callable[[Path], Path]:
    def make(tmp_path: Path) -> Path:
        path = tmp_path / name
        path.write_bytes(data)
        return path

    return make


NOISE = bytes(range(256)) * 8  # every byte value, NULs and control characters included
BAD_FILES: dict[str, tuple[Callable[[Path], Path], list[str]]] = {
    "encrypted": (lambda d: pdfs.encrypted_pdf(d / "locked.pdf"), ["encrypted", "qpdf --decrypt"]),
    "truncated": (_truncated, ["truncated", "again"]),
    "garbage": (_write("garbage.pdf", NOISE), ["not a PDF"]),
    "corrupt": (_write("broken.pdf", b"%PDF-1.7\n" + NOISE + b"\n%%EOF\n"), ["corrupt PDF"]),
    "scanned": (lambda d: pdfs.image_only_pdf(d / "scan.pdf"), ["no text layer (scanned?)", "OCR"]),
    "empty pdf": (_write("empty.pdf", b""), ["empty (0 bytes)"]),
    "empty text": (_write("empty.txt", b""), ["empty (0 bytes)"]),
    "blank text": (_write("blank.md", b" \n\t\n"), ["only whitespace"]),
    "binary txt": (_write("data.txt", NOISE), ["binary file", "NUL bytes"]),
    "zip as md": (_write("cv.md", b"PK\x03\x04" + NOISE), ["binary", "ZIP or Office"]),
    "pdf as txt": (_write("cv.txt", b"%PDF-1.4\n" + NOISE), ["binary", "rename it to .pdf"]),
    "control chars": (_write("log.txt", b"ok \x1b\x02\x03\x04\x05\x06 " * 50), ["binary"]),
    "docx": (_write("cv.docx", b"PK\x03\x04"), [".docx files are not supported", ".md, .pdf"]),
    "no suffix": (_write("README", b"text"), ["without an extension", ".txt"]),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_bad_file_gets_one_clear_line(tmp_path: Path, case: str) -> None:
    make, phrases = BAD_FILES[case]
    message = _error(make(tmp_path))
    for phrase in phrases:
        assert phrase in message


def test_oversized_file_names_size_and_limit(tmp_path: Path) -> None:
    path = _write("big.txt", b"x" * 3000)(tmp_path)
    message = _error(path, max_bytes=1024)
    assert "2.9 KB" in message and "1.0 KB limit" in message
    assert isinstance(load(path, max_bytes=3000), Document)


def test_missing_path(tmp_path: Path) -> None:
    assert "not found" in _error(tmp_path / "nowhere.pdf")


def test_directory_path(tmp_path: Path) -> None:
    folder = tmp_path / "cvs.pdf"
    folder.mkdir()
    assert "not a file" in _error(folder)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads any file")
def test_unreadable_file(tmp_path: Path) -> None:
    path = _write("secret.txt", b"text")(tmp_path)
    path.chmod(0)
    try:
        assert "permission denied" in _error(path)
    finally:
        path.chmod(0o600)


# The repair heuristics on their own


def test_layout_reading_is_taken_only_when_it_restores_spaces() -> None:
    glued = "Thesis: DistributedSystemsforMachineLearning"
    spaced = "Thesis:   Distributed  Systems for   Machine Learning"
    assert choose_text(glued, spaced) == (
        "Thesis: Distributed Systems for Machine Learning",
        "layout",
    )
    assert choose_text("Thesis: plain words", "Thesis:  plain   words") == (
        "Thesis: plain words",
        "plain",
    )


def test_document_vocabulary_decides_hyphens() -> None:
    text = "a data-driven design\nwith data-\ndriven tuning and pre-\nsentation of a presentation"
    words, pairs = vocabulary(text)
    fixed, count = join_hyphenated(text, words, pairs)
    assert "data-driven\ntuning" in fixed and "presentation\nof" in fixed
    assert count == 2


def test_bold_type_is_a_layout_signal_for_the_records(tmp_path) -> None:
    document = loaders.load(pdfs.bold_employers_pdf(tmp_path / "cv.pdf"))
    assert "\ufdd0" not in document.text and "\ufdd1" not in document.text  # marks removed
    assert [document.text[a:b] for a, b in document.bold] == [
        "Experience", "Halden Works", "Fjordline Marine"]
    jobs = [(r.data["organisation"], r.data["role"], r.data["start"])
            for r in extract(document.text, "Mara Quintero", document.bold) if r.kind == "position"]
    assert jobs == [("Halden Works", "Research Scientist", "Aug 2021"),
                    ("Fjordline Marine", "Data Lead", "Oct 2018")]
    # Without the bold spans neither employer's line reads as one.
    assert not [r for r in extract(document.text, "Mara Quintero") if r.kind == "position"]


def test_italic_type_gives_a_papers_venue(tmp_path) -> None:
    document = loaders.load(pdfs.italic_venues_pdf(tmp_path / "cv.pdf"))
    assert not set("\ufdd0\ufdd1\ufdd2\ufdd3") & set(document.text)  # marks removed
    assert [document.text[a:b] for a, b in document.italic] == [
        "Marine Currents", "2021", "Seagrass Science", "2019"]
    papers = [(r.data["title"], r.data["venue"], r.data["year"])
              for r in extract(document.text, "Tomas Reyes", document.bold, document.italic)
              if r.kind == "publication"]
    assert papers == [("Kelp forest genomes under warming seas", "Marine Currents", 2021),
                      ("Haplotypes of cold-water seagrass across three coasts", "Seagrass Science",
                       2019)]
    # Without the italic spans the journals stay run into the titles.
    plain = [r.data for r in extract(document.text, "Tomas Reyes", document.bold)
             if r.kind == "publication"]
    assert [p["venue"] for p in plain] == [None, None]
