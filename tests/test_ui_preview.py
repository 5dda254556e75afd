"""Source previews: the cited PDF page with the quote's characters highlighted, the cited
section's text with the quote marked, and nothing shown that the index does not hold."""

from __future__ import annotations

import json
import re
from pathlib import Path

import gradio as gr
import pypdfium2 as pdfium
import pytest
from pdfs import EVIDENCE_PAGES, EVIDENCE_SENTENCE, evidence_pdf

from assistant.answer import Assistant
from assistant.errors import ProfileChatError
from assistant.types import Answer, Citation
from ingest.pipeline import ingest
from ingest.store import Index
from ui import format as fmt
from ui import preview
from ui.app import ChatApp

Box = tuple[float, float, float, float]


def char_boxes(pdf: Path, page_number: int, lines: list[str], size: tuple[int, int]) -> list[Box]:
    """The tight box of every character of `lines` on the page, in pixels of an image of `size`,
    found with PDFium's own search (independent of the preview's matching)."""
    document = pdfium.PdfDocument(str(pdf))
    page = document[page_number - 1]
    textpage = page.get_textpage()
    sx, sy = size[0] / page.get_width(), size[1] / page.get_height()
    boxes = []
    for line in lines:
        found = textpage.search(line, match_case=True).get_next()
        assert found, f"{line!r} is not on page {page_number}"
        start, count = found
        for i in range(start, start + count):
            left, bottom, right, top = textpage.get_charbox(i)
            if right > left:
                boxes.append((left * sx, (page.get_height() - top) * sy, right * sx,
                              (page.get_height() - bottom) * sy))
    document.close()
    return boxes


def covered(box: Box, rects: list[list[int]] | list[tuple[int, int, int, int]]) -> bool:
    """Whether the box's centre lies inside one of the highlight rectangles."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(a <= x <= c and b <= y <= d for a, b, c, d in rects)


QUOTE_LINES = EVIDENCE_PAGES[1][1:3]  # the sentence, as the page breaks it


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    return evidence_pdf(tmp_path / "zora_quill_cv.pdf")


# -- matching ----------------------------------------------------------------------------------


def test_a_quote_is_found_whatever_its_spaces_breaks_marks_and_ligatures() -> None:
    text = ("**Westbrook Institute** — Ph.D.\n  in Computer\u00adScience, "
            "an e\ufb03cient distri-\nbuted")
    match = preview.find_quote(text, "Westbrook Institute — Ph.D. in Computer Science")
    assert match is not None and match.whole
    said = text[match.start : match.end]
    assert said == "Westbrook Institute** — Ph.D.\n  in Computer\u00adScience"
    assert preview.find_quote(text, "an efficient distributed").whole  # type: ignore[union-attr]


def test_only_the_longest_matching_part_of_a_quote_is_marked() -> None:
    text = "Advisor: Mireille Duchamp. Expected graduation: Spring 2025."
    match = preview.find_quote(text, "Advisor: Mireille Duchamp, who also advised Ada")
    assert match is not None and not match.whole
    assert text[match.start : match.end] == "Advisor: Mireille Duchamp"
    assert preview.find_quote(text, "nothing of the kind here at all") is None


def test_character_boxes_join_into_one_rectangle_per_line() -> None:
    boxes = [(10, 10, 15, 20), (15, 10, 20, 20), (0, 0, 0, 0), (21, 11, 25, 19),
             (10, 30, 14, 40), (14, 30, 18, 40)]
    assert preview.merge_lines(boxes) == [(9, 9, 26, 21), (9, 29, 19, 41)]


# -- PDF pages ---------------------------------------------------------------------------------


def test_the_highlight_covers_the_quotes_characters_and_nothing_before_it(pdf: Path) -> None:
    quote = " ".join(EVIDENCE_SENTENCE.split()).replace(" for ", " for\n   ")
    picture = preview.render_page(pdf, 2, quote)
    assert picture.found and picture.whole and len(picture.boxes) == 2  # the sentence's 2 lines
    quoted = char_boxes(pdf, 2, QUOTE_LINES, picture.size)
    assert quoted and all(covered(box, picture.boxes) for box in quoted)
    heading = char_boxes(pdf, 2, ["RESEARCH", "AWARDS"], picture.size)
    assert not any(covered(box, picture.boxes) for box in heading)
    assert picture.png.startswith(b"\x89PNG") and picture.size[0] == preview.PAGE_WIDTH_PX


def test_a_quote_the_page_holds_only_in_part_highlights_that_part(pdf: Path) -> None:
    picture = preview.render_page(pdf, 2, "Zora Quill designs lighthouse beacon protocols for "
                                          "satellites and deep space probes")
    assert picture.found and not picture.whole and len(picture.boxes) == 1
    assert all(covered(box, picture.boxes) for box in char_boxes(pdf, 2, QUOTE_LINES[:1],
                                                                  picture.size))
    nowhere = preview.render_page(pdf, 1, EVIDENCE_SENTENCE)
    assert not nowhere.found and nowhere.boxes == []


def test_pages_are_rendered_once_and_then_served_from_the_cache(pdf: Path) -> None:
    first = preview.render_page(pdf, 2, "Tidewater Prize, 2021")
    hits = preview._render.cache_info().hits
    assert preview.render_page(pdf, 2, "Tidewater Prize, 2021") is first
    assert preview._render.cache_info().hits == hits + 1


# -- through the index -------------------------------------------------------------------------


def _cited(index: Index, source: str, words: str) -> str:
    """The id of the chunk of `source` that holds `words`."""
    return next(c.id for c in index.all_chunks() if c.source == source and words in c.text)


def _attribute(html: str, name: str) -> str:
    found = re.search(rf'{name}="([^"]*)"', html)
    assert found, f"no {name} in the preview"
    return found.group(1)


def test_a_pdf_citation_shows_its_page_found_through_the_index(index: Index, pdf: Path) -> None:
    ingest([pdf], index.settings, index)
    chunk_id = _cited(index, pdf.name, "lighthouse")
    html = preview.preview_html(index, chunk_id, EVIDENCE_SENTENCE, "[1]")
    assert 'data-kind="page"' in html and 'data-page="2"' in html
    assert "data:image/png;base64," in html and "p.&nbsp;2" in html and "Zora Quill" in html
    boxes = json.loads(_attribute(html, "data-boxes").replace("&quot;", '"'))
    width, height = (int(v) for v in _attribute(html, "data-size").split(","))
    assert all(covered(box, boxes) for box in char_boxes(pdf, 2, QUOTE_LINES, (width, height)))
    assert "{" not in html and "$" not in html  # nothing for gr.HTML's template engine


def test_only_chunks_in_the_index_can_be_shown(index: Index, pdf: Path, tmp_path: Path) -> None:
    ingest([pdf], index.settings, index)
    chunk_id = _cited(index, pdf.name, "lighthouse")
    for forged in ("../../etc/passwd", str(pdf), f"{chunk_id[:-4]}9999", ""):
        with pytest.raises(ProfileChatError, match="no longer in the index"):
            preview.preview_html(index, forged, "root")
    index.remove_path(str(pdf))
    with pytest.raises(ProfileChatError, match="no longer in the index"):
        preview.preview_html(index, chunk_id, EVIDENCE_SENTENCE)


def test_a_moved_pdf_says_so_instead_of_showing_another_file(index: Index, pdf: Path) -> None:
    ingest([pdf], index.settings, index)
    chunk_id = _cited(index, pdf.name, "lighthouse")
    pdf.rename(pdf.with_name("elsewhere.pdf"))
    with pytest.raises(ProfileChatError, match="no longer where it was indexed"):
        preview.preview_html(index, chunk_id, EVIDENCE_SENTENCE)


def test_a_markdown_citation_shows_its_section_with_the_quote_marked(index: Index,
                                                                     tmp_path: Path) -> None:
    doc = tmp_path / "mallory.md"
    doc.write_text("# Mallory Script\n\nSecurity researcher.\n\n## Research Interests\n\n"
                   "Mallory studies <script>alert(1)</script> sandboxes and ${x} templates.\n"
                   "She also **audits browsers**.\n")
    ingest([doc], index.settings, index)
    chunk_id = _cited(index, doc.name, "sandboxes")
    html = preview.preview_html(index, chunk_id, "She also audits browsers.", "[2]")
    assert 'data-kind="text"' in html and "Research Interests" in html
    assert "<mark>She also **audits browsers</mark>**." in html  # the file's own text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>" not in html
    assert "${" not in html
    partial = preview.preview_html(index, chunk_id, "She also audits browsers and phones daily")
    assert "<mark>" in partial and "Only part of the quote" in partial


# -- the page's handler ------------------------------------------------------------------------


def test_the_handler_shows_only_this_sessions_citations(index: Index, pdf: Path) -> None:
    ingest([pdf], index.settings, index)
    app = ChatApp(index.settings, Assistant(index.settings, index=index, chat_model=None))
    cite = Citation(1, pdf.name, "Zora Quill", "Research", 2, EVIDENCE_SENTENCE,
                    _cited(index, pdf.name, "lighthouse"))
    turns = [fmt.Turn("Q?", answer=Answer("Zora designs beacons [1].", citations=[cite]))]
    steps = list(app.show_source(turns, gr.EventData(None, {"turn": 1, "n": 1})))
    assert "Finding the passage" in steps[0] and 'data-page="2"' in steps[-1]
    for data in ({"turn": 1, "n": 2}, {"turn": 2, "n": 1}, {"turn": "1", "n": 1},
                 {"path": "/etc/passwd"}, None):
        shown = list(app.show_source(turns, gr.EventData(None, data)))
        assert len(shown) == 1 and not isinstance(shown[0], str)  # gr.skip(): nothing changes
