"""The real page in headless Chromium: ask, follow up, upload, and markup that must not run.

Needs Debian's chromium at /usr/bin/chromium and the playwright package
(bash scripts/install_browser.sh .venv); skipped with the reason when either is missing.
Screenshots go to test-artifacts/; UPDATE_DOCS_SCREENSHOT=1 also refreshes docs/chat.png.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, SAMPLE
from pdfs import EVIDENCE_PAGES, cv_pdf, evidence_pdf
from test_ui import EVIL
from test_ui_preview import char_boxes, covered

from assistant.answer import Assistant
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import Index
from ui.app import launch

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(f"no Chromium at {CHROMIUM}: run scripts/install_browser.sh",
                allow_module_level=True)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed: run scripts/install_browser.sh"
)

ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = REPO / "test-artifacts"
WAIT_MS = 30_000


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, embedder) -> Iterator[str]:
    """The chat on a free localhost port over the sample corpus, extractive answers."""
    settings = Settings(home=tmp_path_factory.mktemp("browser") / "home", llm="extractive",
                        port=_free_port(), upload_mb=0.05)  # 51 KB: the test files fit
    index = Index(settings, embedder)
    ingest([SAMPLE], settings, index)
    demo, url = launch(settings, assistant=Assistant(settings, index=index, chat_model=None),
                       block=False)
    yield url
    demo.close()
    index.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    """A fresh session (its own cookies and state) on the loaded page."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    tab = context.new_page()
    tab.set_default_timeout(WAIT_MS)
    tab.goto(server)
    tab.wait_for_selector("#pc-people li")
    yield tab
    context.close()


def ask(page: Any, question: str) -> Any:
    """Ask and wait for the verified answer (sources or a refusal) of that turn."""
    turn = page.locator("#pc-transcript .pc-turn").count() + 1
    page.fill("#pc-question textarea", question)
    page.click("#pc-send")
    section = page.locator(f'#pc-transcript .pc-turn[data-turn="{turn}"]')
    section.locator(".pc-answer:not(.pc-draft), .pc-error").wait_for()
    return section


def upload(page: Any, *files: Path) -> str:
    before = page.locator("#pc-upload-status").inner_text()
    page.set_input_files("#pc-upload input[type=file]", [str(f) for f in files])
    page.wait_for_function(
        "before => { const t = document.querySelector('#pc-upload-status').innerText;"
        " return t !== before && t.includes('Done'); }", arg=before)
    return str(page.locator("#pc-upload-status").inner_text())


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    page.screenshot(path=str(path), full_page=True)
    return path


def test_an_answer_cites_its_sources_and_a_marker_shows_its_source(page: Any, server: str) -> None:
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((server, "data:", "blob:"))
            else outside.append(r.url))
    turn = ask(page, "Which researchers work on congestion control?")
    sources = turn.locator(".pc-source")
    assert sources.count() >= 2
    first = sources.nth(0).inner_text()
    # Both work on it; which of the two comes first is retrieval's call.
    assert ("Jun Wei" in first and "cv_e418.md" in first) or "Daniel Achterberg" in first
    assert "Research" in first and "congestion control" in first  # section and quoted passage
    listed = turn.locator(".pc-sources").inner_text()
    assert "Jun Wei" in listed and "Daniel Achterberg" in listed
    said = turn.locator(".pc-answer p").first.inner_text().split("\n")
    assert {line.split(":")[0] for line in said} == {"Jun Wei", "Daniel Achterberg"}

    turn.locator("a.pc-cite").nth(1).click()
    target = page.evaluate("document.querySelector(':target')?.id")
    assert target == "src-1-2"
    ring = "id => getComputedStyle(document.getElementById(id)).boxShadow"
    assert page.evaluate(ring, "src-1-2") != "none" and page.evaluate(ring, "src-1-1") == "none"
    marked = page.locator("#pc-preview .pc-section-text mark")  # the quote in its section
    assert "congestion control" in marked.inner_text()
    page.keyboard.press("Escape")
    page.locator("#pc-preview .pc-preview").wait_for(state="detached")
    page.wait_for_timeout(400)  # the highlight fades in
    shot = screenshot(page, "chat-answer.png")
    readme_shot = REPO / "docs" / "chat.png"
    if not readme_shot.exists() or os.environ.get("UPDATE_DOCS_SCREENSHOT"):
        readme_shot.parent.mkdir(exist_ok=True)  # written once, so test runs leave git clean
        shutil.copyfile(shot, readme_shot)
    assert outside == []  # no fonts, analytics or anything else fetched from elsewhere


def test_a_follow_up_uses_the_conversation_and_new_chat_clears_it(page: Any) -> None:
    ask(page, "Who advised Jun Wei?")
    turn = ask(page, "What did he do his internships on?")
    assert "Jun Wei" in turn.locator(".pc-sources").inner_text()
    assert "Nokia Bell Labs" in turn.locator(".pc-answer").inner_text()
    page.click("#pc-new-chat")
    page.locator("#pc-transcript .pc-empty").wait_for()
    assert page.locator("#pc-transcript .pc-turn").count() == 0


def test_a_refusal_looks_like_a_refusal(page: Any) -> None:
    turn = ask(page, "What is the capital of France?")
    assert turn.locator(".pc-refusal").is_visible()
    assert "do not say" in turn.inner_text() and turn.locator(".pc-error").count() == 0


def test_two_sessions_do_not_see_each_other(page: Any, browser: Any, server: str) -> None:
    ask(page, "Who advised Jun Wei?")
    other = browser.new_context().new_page()
    other.goto(server)
    other.wait_for_selector("#pc-people li")
    assert other.locator("#pc-transcript .pc-turn").count() == 0
    other.context.close()


def test_upload_a_pdf_and_a_broken_file_then_ask_about_the_pdf(page: Any, tmp_path: Path
                                                               ) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\n garbage")
    report = upload(page, cv_pdf(tmp_path / "jane_doe_cv.pdf"), broken)
    assert "jane_doe_cv.pdf (Jane Doe) — added" in report
    assert "broken.pdf — failed: broken.pdf is truncated" in report
    page.wait_for_function("document.querySelector('#pc-people').innerText.includes('Jane Doe')")
    screenshot(page, "upload.png")

    turn = ask(page, "What award did Jane Doe win?")
    assert "Best Paper Award" in turn.locator(".pc-answer").inner_text()
    source = turn.locator(".pc-source").nth(0).inner_text()
    assert "jane_doe_cv.pdf" in source and "p. 3" in source.replace("\xa0", " ")
    screenshot(page, "upload-answer.png")


def test_markup_in_a_document_is_shown_and_never_run(page: Any, tmp_path: Path) -> None:
    evil = tmp_path / "mallory.md"
    evil.write_text(EVIL)
    assert "mallory.md (Mallory Script) — added" in upload(page, evil)
    turn = ask(page, "What does Mallory Script study about sandboxing?")
    assert "<script>window.__pwned=1</script>" in turn.inner_text()
    assert "${window.__pwned=2}" in turn.inner_text()
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert turn.locator("script, img").count() == 0


def test_the_person_picker_narrows_the_chat(page: Any) -> None:
    page.click("#pc-people-picker input")
    page.keyboard.type("Jia Wei")
    page.get_by_role("option", name="Jia Wei").click()
    page.keyboard.press("Escape")
    page.wait_for_function(
        "document.querySelector('#pc-people-picker').innerText.includes('Jia Wei')")
    turn = ask(page, "Who was the advisor?")
    assert "Oren Halperin" in turn.locator(".pc-answer").inner_text()
    assert set(turn.locator(".pc-source strong").all_inner_texts()) == {"Jia Wei"}


def test_a_file_over_the_upload_limit_is_refused_with_a_message(page: Any, tmp_path: Path
                                                                ) -> None:
    big = tmp_path / "big.txt"
    big.write_text("Big Person\n\n" + "word " * 20_000)
    page.set_input_files("#pc-upload input[type=file]", [str(big)])
    page.get_by_text("exceed the maximum allowed size").wait_for()
    assert "Big Person" not in page.locator("#pc-people").inner_text()


def test_a_citation_shows_its_pdf_page_with_the_quote_highlighted(page: Any, tmp_path: Path
                                                                 ) -> None:
    pdf = evidence_pdf(tmp_path / "zora_quill_cv.pdf")
    assert "zora_quill_cv.pdf (Zora Quill) — added" in upload(page, pdf)
    turn = ask(page, "What protocols does Zora Quill design?")
    assert "lighthouse beacon protocols" in turn.locator(".pc-answer").inner_text()
    turn.locator("a.pc-cite").first.click()
    figure = page.locator("#pc-preview figure.pc-page")
    figure.wait_for()
    page.wait_for_function("document.querySelector('#pc-preview img').naturalWidth > 0")
    assert figure.get_attribute("data-page") == "2"
    assert "p. 2" in page.locator("#pc-preview .pc-preview-head").inner_text().replace("\xa0", " ")
    boxes = json.loads(figure.get_attribute("data-boxes"))
    width, height = (int(v) for v in figure.get_attribute("data-size").split(","))
    quoted = char_boxes(pdf, 2, EVIDENCE_PAGES[1][1:3], (width, height))
    assert quoted and all(covered(box, boxes) for box in quoted)
    assert not any(covered(box, boxes) for box in char_boxes(pdf, 2, ["RESEARCH"], (width, height)))
    assert page.locator("#pc-preview .pc-hl").count() == len(boxes)  # drawn where the page says
    screenshot(page, "preview.png")
    page.click("#pc-preview .pc-preview-close")
    page.locator("#pc-preview .pc-preview").wait_for(state="detached")


def test_choosing_a_person_shows_their_card_with_cited_lines(page: Any) -> None:
    page.locator("#pc-people li", has_text="Daniel Achterberg").click()
    card = page.locator("#pc-card .pc-card")
    card.wait_for()
    text = " ".join(card.text_content().split())  # as written, not as CSS capitalises it
    assert "Postdoctoral Researcher, Northfield University" in text
    assert "advised by Mireille Duchamp" in text and "Papers by year (5)" in text
    assert "records / 5 entries listed" in text
    award = card.locator("li", has_text="Westbrook Presidential Fellowship").locator("a[data-ref]")
    assert "cv_71c2.txt" in award.get_attribute("title")  # file and quote on hover
    award.click()
    assert "Westbrook Presidential Fellowship" in page.locator("#pc-preview mark").inner_text()
    screenshot(page, "card.png")
