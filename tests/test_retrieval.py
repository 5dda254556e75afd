"""Hybrid, person-aware retrieval over a real index, and LangChain's standard retriever suite."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from conftest import SAMPLE
from langchain_tests.integration_tests import RetrieversIntegrationTests

from assistant.answer import follow_up_query
from assistant.retrieval import (
    ProfileRetriever,
    _fts_query,
    expand,
    keywords,
    name_words,
    resolve_people,
    retrieve,
)
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import open_index

KNOWN = ["Jun Wei", "Jia Wei", "Priya Ramanathan", "Daniel Achterberg"]


@pytest.fixture(scope="module")
def sample_index():
    home = Path(tempfile.mkdtemp())
    settings = Settings(home=home)
    index = open_index(settings)
    ingest([SAMPLE], settings, index)
    return index


def test_people_resolved_by_full_last_and_first_name_and_pronoun() -> None:
    assert resolve_people("Who advised Priya Ramanathan?", KNOWN) == ["Priya Ramanathan"]
    assert resolve_people("What did Achterberg teach?", KNOWN) == ["Daniel Achterberg"]
    assert resolve_people("Where did Priya study?", KNOWN) == ["Priya Ramanathan"]
    assert resolve_people("Where did Jia Wei intern?", KNOWN) == ["Jia Wei"]
    assert set(resolve_people("What did Wei publish?", KNOWN)) == {"Jun Wei", "Jia Wei"}
    history = [("Where did Jun Wei study?", "Halverson University [1].")]
    assert resolve_people("Who was his advisor?", KNOWN, history) == ["Jun Wei"]
    assert resolve_people("Who has published at SOSP?", KNOWN) == []
    # A short follow-up that leaves its subject out stays with the conversation's person; one
    # that asks about others or names someone does not.
    assert resolve_people("Why not?", KNOWN, history) == ["Jun Wei"]
    assert resolve_people("Who else?", KNOWN, history) == []
    assert resolve_people("What about Tomasz Wierzbicki?", KNOWN, history) == []
    assert resolve_people("Why not?", KNOWN) == []
    # "the 2022 one", "the latter": one of the things the last turn named, so its person's
    two = [("Where did Jun Wei intern?", "At Nokia Bell Labs in 2019 and at Initech in 2020.")]
    for follow_up in ("What was the 2020 one about?", "What did the latter involve?"):
        assert resolve_people(follow_up, KNOWN, two) == ["Jun Wei"]
        assert "intern" in follow_up_query(follow_up, two, ["Jun Wei"])
    assert resolve_people("Who is the one who studied at MIT?", KNOWN, two) == []


def test_query_expansion_drops_focused_names_and_adds_cv_words() -> None:
    text = expand("Who advised Priya Ramanathan's thesis?", ["Priya Ramanathan"])
    assert "Priya" not in text and "advisor" in text and "dissertation" in text


def test_a_topic_question_expands_to_research_not_jobs() -> None:
    text = expand("What does Priya Ramanathan work on?", ["Priya Ramanathan"])
    assert "research" in text and "position" not in text and "experience" not in text
    assert "position" in expand("Where does she work?")


def test_person_question_only_returns_that_persons_chunks(sample_index) -> None:
    passages = retrieve(sample_index, "Where did she intern?", people=["Jia Wei"], k=6)
    assert passages and {p.chunk.person for p in passages} == {"Jia Wei"}


def test_collection_question_is_diversified_across_people(sample_index) -> None:
    passages = retrieve(sample_index, "Who interned at Microsoft Research?", k=6, diversify=True)
    assert len({p.chunk.person for p in passages}) >= 3


def test_keyword_search_finds_acronyms_and_advisor_forms(sample_index) -> None:
    passages = retrieve(sample_index, "Who advised Priya Ramanathan?", people=["Priya Ramanathan"])
    assert any("Wierzbicki" in p.chunk.text for p in passages[:3])


class TestProfileRetrieverStandard(RetrieversIntegrationTests):
    @property
    def retriever_constructor(self) -> type[ProfileRetriever]:
        return ProfileRetriever

    @property
    def retriever_constructor_params(self) -> dict:
        home = Path(tempfile.mkdtemp())
        settings = Settings(home=home)
        index = open_index(settings)
        ingest([SAMPLE], settings, index)
        return {"index": index}

    @property
    def retriever_query_example(self) -> str:
        return "Who has published at OSDI?"


def test_a_passage_that_continues_a_section_carries_the_end_of_the_chunk_before(
        settings, index) -> None:
    from assistant.retrieval import with_context

    bullets = "\n".join(f"- Measured replica lag under load pattern {i} on the test cluster."
                        for i in range(30))
    cv = (f"# Mira Okonkwo\n\n## Research\n\nCrestline: geo-replicated logs, ATC 2020\n{bullets}\n"
          "- Observed cost savings of up to 85% over on-demand servers.\n\n## Teaching\n\n"
          "- CS 101, Fall 2020\n")
    folder = Path(tempfile.mkdtemp())
    (folder / "mira.md").write_text(cv)
    settings.chunk_tokens = 120
    ingest([folder], settings, index)
    passages = with_context(index, retrieve(index, "cost savings on-demand servers teaching",
                                            people=["Mira Okonkwo"], k=8))
    by_index = {p.chunk.index: p for p in passages}
    saving = next(p for p in passages if "85%" in p.chunk.text)
    assert saving.chunk.index > 0 and "load pattern" in saving.before
    teaching = next(p for p in passages if p.chunk.section == "Teaching")
    assert teaching.before == ""  # the chunk before is another section
    assert by_index.get(0) is None or by_index[0].before == ""


def test_words_of_any_script_are_whole_keywords() -> None:
    """An accented name is one word, so that it is known as the person's name and not searched
    as its ASCII pieces ("Kołczyńska" was "Ko", "czy", "ska")."""
    assert keywords("Which degrees does Kołczyńska have in C++ or C#?") == [
        "degrees", "Kołczyńska", "C++", "C#"]
    assert {"kołczyńska", "kolczynska"} <= name_words(["Marta Kołczyńska"])
    assert "kołcz" not in _fts_query(expand("Which degrees does Kolczynska have?",
                                            ["Marta Kołczyńska"]))


def test_an_abbreviation_with_dots_is_searched_as_its_letters() -> None:
    assert '"ph d"' in _fts_query("When did he get his Ph.D.?")


def test_a_collection_question_about_where_people_are_based_reads_their_headers(
        sample_index) -> None:
    """A CV gives where its person is based in its header; another CV that names the town in an
    education line is not about living there, and its header does not come first."""
    passages = retrieve(sample_index, "Who in the collection is based in Fairhaven?", k=6,
                        diversify=True)
    first = passages[0].chunk
    assert first.index == 0 and first.person == "Priya Ramanathan" and "Fairhaven" in first.text
    assert sum(p.chunk.index == 0 and "Fairhaven" in p.chunk.text for p in passages) == 1


def test_a_name_written_in_capitals_brings_in_the_few_passages_that_hold_it(settings,
                                                                             index) -> None:
    """"KELPNET" is in one passage of hers, a degree's bullet that reads nothing like a question
    about a company: it is sent, in the last place, though its embedding ranks it last."""
    jobs = "\n\n".join(
        f"## Industry role {i}\n\nSenior engineer at Harbour Systems Company {i}, where she led "
        f"the engineering team building company software for tide data, hired engineers and "
        f"managed the company's developers and scientists in office {i}." for i in range(9))
    cv = ("# Mira Okonkwo\n\n## Education\n\nPh.D. in Oceanography, Calder State University\n"
          "- Thesis: Acoustic maps of shallow bays\n- Advisor: Prof. Ines Okoro\n"
          "- KELPNET grant (Lab: Tidal Acoustics, Partner: Brinewater)\n\n" + jobs + "\n")
    folder = Path(tempfile.mkdtemp())
    (folder / "mira.md").write_text(cv)
    ingest([folder], settings, index)
    question = "Which company was Mira Okonkwo's KELPNET grant with?"
    passages = retrieve(index, question, people=["Mira Okonkwo"], k=3)
    assert len(passages) == 3 and "KELPNET" in passages[-1].chunk.text
    assert not any("KELPNET" in p.chunk.text for p in passages[:-1])
