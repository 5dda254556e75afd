"""Person cards: what a person's records say, each line citing its entry, and how complete the
records are against the entries their documents appear to list."""

from __future__ import annotations

import re
from collections.abc import Iterator

import gradio as gr
import pytest
from conftest import SAMPLE

from assistant.answer import Assistant
from ingest.pipeline import ingest
from ingest.store import Index
from ui import cards
from ui.app import ChatApp


@pytest.fixture(scope="module")
def sample_index(tmp_path_factory: pytest.TempPathFactory, embedder) -> Iterator[Index]:
    from assistant.settings import Settings

    settings = Settings(home=tmp_path_factory.mktemp("cards") / "home", llm="extractive")
    index = Index(settings, embedder)
    ingest([SAMPLE], settings, index)
    yield index
    index.close()


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_a_card_shows_position_degrees_papers_awards_and_coverage(sample_index: Index) -> None:
    html, _ = cards.card_html(sample_index, "Daniel Achterberg")
    text = " ".join(_text(html).split())
    now = "Current position Postdoctoral Researcher, Northfield University (Jul 2020 – present)"
    assert now in text
    assert "Ph.D. in Computer Science, Westbrook Institute of Technology, Aug 2015 – May 2020; " \
        "advised by Mireille Duchamp" in text
    assert "Papers by year (5)" in text and "2020: 1 paper" in text
    assert "Best Student Paper Award, ACM SIGCOMM (for Slipstream), 2020" in text
    assert "Publications 5 records / 5 entries listed" in text and "incomplete" not in text
    assert "cv_71c2.txt" in text


def test_every_line_cites_the_entry_it_was_read_from(sample_index: Index) -> None:
    html, refs = cards.card_html(sample_index, "Jun Wei")
    links = re.findall(r'data-ref="(\d+)" title="([^"]*)"', html)
    assert [int(n) for n, _ in links] == list(range(1, len(refs) + 1)) and len(refs) >= 10
    chunks = {c.id: c for c in sample_index.chunks([r.chunk_id for r in refs])}
    for (_, title), ref in zip(links, refs, strict=True):
        assert ref.source == "cv_e418.md" and ref.source in title
        assert ref.chunk_id in chunks and ref.quote  # a chunk the index holds, and its words
    assert "Studying: Ph.D. in Computer Science, Westbrook Institute of Technology" in html


def test_papers_on_their_page_by_others_are_not_counted(sample_index: Index) -> None:
    html, _ = cards.card_html(sample_index, "Sofia Lindqvist")
    mine = [p for p in sample_index.records("publication", ["Sofia Lindqvist"]) if p.authored]
    assert f"Papers by year ({len(mine)})" in html
    assert "2022: 1 paper" in html  # the VLDB 2022 paper on her page is someone else's


def test_coverage_below_80_percent_is_marked_incomplete() -> None:
    html = cards.coverage_html({"publication": (2, 5), "award": (4, 1), "education": (4, 5)})
    rows = dict(re.findall(r'data-kind="(\w+)">(.*?)</tr>', html))
    assert "incomplete" in rows["publication"] and "2 records / 5 entries" in rows["publication"]
    assert "incomplete" not in rows["award"] + rows["education"]  # 4 of 5 is 80 %: complete


def test_the_card_handler_takes_only_people_in_the_index(sample_index: Index) -> None:
    app = ChatApp(sample_index.settings,
                  Assistant(sample_index.settings, index=sample_index, chat_model=None))
    html, refs = app.show_card(gr.EventData(None, {"person": "Jia Wei"}))
    assert 'data-person="Jia Wei"' in html and refs
    for data in ({"person": "<img src=x>"}, {"person": ["Jia Wei"]}, None):
        assert app.show_card(gr.EventData(None, data)) == ("", [])
    last = len(refs)
    shown = list(app.show_card_source(refs, gr.EventData(None, {"n": last})))[-1]
    assert 'data-kind="text"' in shown and "<mark>" in shown and "Jia Wei" in shown
    assert len(list(app.show_card_source(refs, gr.EventData(None, {"n": 999})))) == 1
