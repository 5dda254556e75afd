"""A paper named by the question, found in the documents' text where the records miss it:
through Assistant as a user asks, over fictional profiles whose papers sit in sections the
records do not read (projects, outreach), so no record holds them."""

from __future__ import annotations

import pytest
from conftest import indexed

from assistant.answer import Assistant
from assistant.listed import holds_title
from assistant.llm import FakeChatModel
from assistant.settings import Settings
from assistant.types import Answer

LIMA = """# Ana Lima

Researcher in coastal optics, Porto Verde Institute.

## Projects

Our group built lighting for three harbours. One result of it:
Lima, A., Okoro, B., & Duarte, C. (2021). Sparse lantern arrays for coastal lighting at night.
Journal of Maritime Optics, 4(2), 11-19.
"""
OKORO = """# Ben Okoro

Acoustics engineer at Halvard Labs.

## Outreach Activities

Okoro, B. and Vance, T. 2019. "Tidal Glass Resonators in Cold Water". Marine Acoustics
Letters 12.
"""


@pytest.fixture(scope="module")
def settings(module_settings) -> Settings:
    return module_settings


@pytest.fixture(scope="module")
def index(settings, embedder, tmp_path_factory):
    idx = indexed({"ana_lima.md": LIMA, "ben_okoro.md": OKORO}, settings, embedder,
                  tmp_path_factory.mktemp("docs"))
    yield idx
    idx.close()


def _ask(settings, index, question: str) -> Answer:
    # A model that would put "WRONG" in any answer it wrote: the text lookup must not use it.
    model = FakeChatModel(responses=["WRONG [1]."])
    return Assistant(settings, index=index, chat_model=model).answer(question)


def _from_text(result: Answer) -> bool:
    return any("entry of" in note for note in result.notes)


@pytest.mark.parametrize("question", [
    "Did Ana Lima write 'Tidal Glass Resonators in Cold Water'?",
    "Is Ana Lima an author of the paper on tidal glass resonators in cold water?",
])
def test_a_paper_on_someone_elses_profile_is_a_no_that_names_whose(settings, index,
                                                                    question) -> None:
    result = _ask(settings, index, question)
    assert _from_text(result) and "WRONG" not in result.text
    assert result.text.startswith("No: Ana Lima's documents do not list")
    assert "Ben Okoro" in result.text and "Vance" in result.text
    assert [c.source for c in result.citations] == ["ben_okoro.md"]
    assert "Tidal Glass Resonators" in result.citations[0].quote


def test_the_authors_of_a_paper_the_records_missed_are_quoted_from_its_entry(settings,
                                                                              index) -> None:
    result = _ask(settings, index, "Who wrote 'Sparse lantern arrays for coastal lighting' "
                                   "with Ana Lima?")
    assert _from_text(result) and "WRONG" not in result.text
    assert "Okoro" in result.text and "Duarte" in result.text
    assert [c.source for c in result.citations] == ["ana_lima.md"]
    chunk = index.chunks([result.citations[0].chunk_id])[0]
    assert "Duarte" in chunk.text


def test_her_own_paper_is_a_yes(settings, index) -> None:
    result = _ask(settings, index, "Did Ana Lima write the paper about sparse lantern arrays?")
    assert _from_text(result) and result.text.startswith("Yes")
    assert [c.source for c in result.citations] == ["ana_lima.md"]


def test_a_paper_nobody_lists_is_not_answered_from_the_text(settings, index) -> None:
    result = _ask(settings, index, "Did Ana Lima write 'Quantum Lighthouses for Arctic Ports'?")
    assert not _from_text(result)


@pytest.mark.parametrize("title, text, held", [
    ("ThingiPano", "Berman, A. and Quek, F. “ThingiPano: A Dataset”. IEEE BigMM 2020", True),
    ("Collide+Power", "USENIX Security Collide+Power: Leaking Inaccessible Data 2023", True),
    ("ThingiPano", "Thingi panorama renderings", False),
    # four or more words: all but one in five, in any order, the rest of the entry around them
    ("landscape genetic connectivity in the white-nose syndrome pathogen",
     "Forsythe, A. (2021). Landscape genetic connectivity and evidence for recombination in the "
     "population of the white-nose syndrome pathogen. Journal of Fungi.", True),
    ("landscape genetic connectivity of the white-nose syndrome pathogen",
     "White-nose syndrome surveillance in bats, landscape ecology", False),
])
def test_holds_title(title, text, held) -> None:
    assert holds_title(title, text) is held
