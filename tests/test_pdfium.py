"""PDF text through PDFium on real CVs nobody wrote the code around (../shared/corpus/real)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED

from assistant.errors import IngestError
from ingest.loaders import load
from ingest.pdf_repair import glued_runs, join_accents
from ingest.profiles import detect_person

REAL = SHARED / "real"
pytestmark = pytest.mark.skipif(not REAL.is_dir(), reason=f"no real corpus at {REAL}")


def test_latex_cv_that_pypdf_glues_keeps_its_spaces() -> None:
    doc = load(REAL / "bayer_cv.pdf")  # pypdf: "UniversityofQueensland", ~150 glued words
    assert doc.reader == "PDFium"
    assert "University of Queensland" in doc.text
    assert doc.glued is not None and doc.glued[1] == 0 and glued_runs(doc.text) == []


def test_icon_font_glyphs_are_dropped_and_accented_capitals_are_a_name() -> None:
    doc = load(REAL / "andirko_cv.pdf")  # FontAwesome icons extract as "(", "F", "¼", "è"
    assert doc.text.splitlines()[0] == "ALEJANDRO M. ANDIRKÓ"
    assert not set("¼¥") & set(doc.text)
    assert detect_person(doc.text) == "Alejandro M. Andirkó"


def test_soft_hyphens_join_and_real_hyphens_stay() -> None:
    krauth = load(REAL / "krauth_cv.pdf").text  # 44 words hyphenated at line ends
    assert "Canadian" in krauth and "Cana-" not in krauth and "\ufffe" not in krauth
    assert "Goal-conditioned" in load(REAL / "cangea_cv.pdf").text
    assert "Medico-Psychologiques" in load(REAL / "lacroix_cv.pdf").text


def test_detached_latex_accents_rejoin_their_letters() -> None:
    doc = load(REAL / "cangea_cv.pdf")  # "CAT˘ ALINA CANGEA ˘"
    assert detect_person(doc.text) == "Catălina Cangea"
    assert join_accents("Youheng L¨u") == ("Youheng Lü", 1)


def test_word_header_drawn_after_the_body_comes_first() -> None:
    doc = load(REAL / "lacroix_cv.pdf")
    assert doc.text.startswith("Adeline Lacroix")
    assert detect_person(doc.text) == "Adeline Lacroix"


def test_characters_outside_the_basic_plane_survive_whole() -> None:
    # The maths italic z (U+1D467), two UTF-16 units in PDFium's text, comes out one plain z.
    text = load(REAL / "cooper_cv.pdf").text
    assert "Uncovering a Massive z ∼ 7.65 Galaxy" in text
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def test_scanned_cv_is_reported_not_indexed_empty() -> None:
    with pytest.raises(IngestError, match=r"no text layer \(scanned\?\)"):
        load(REAL / "scanned_chen_cv.pdf")


def test_every_real_pdf_with_text_reads_without_glue() -> None:
    glued = {}
    for path in sorted(REAL.glob("*.pdf")):
        if path.name.startswith("scanned"):
            continue
        doc = load(path)
        glued[path.name] = doc.glued[1] if doc.glued else None
    # Under pypdf, 8 of these 23 PDFs glue words (bayer, cooper, tonioni, … dozens each); a
    # leftover here is a long real word ("PricewaterhouseCoopers", "interdisciplinaridade").
    assert len(glued) == 23 and sum(glued.values()) <= 3, glued


def test_markdown_page_without_a_name_can_be_named(tmp_path: Path) -> None:
    page = tmp_path / "about.md"
    page.write_text("---\ntitle: About me\n---\nI study glaciers at a university.\n")
    assert detect_person(page.read_text()) is None
    page.write_text("---\ntitle: About me\nperson: Ilse Marwick\n---\nI study glaciers.\n")
    assert detect_person(page.read_text()) == "Ilse Marwick"
    page.write_text("My name is Tomas (Tom) Reyes-Oduya. I study glaciers.\n")
    assert detect_person(page.read_text()) == "Tomas Reyes-Oduya"
