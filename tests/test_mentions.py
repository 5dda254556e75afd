"""Questions over the collection about a named thing the records do not hold, answered from
every document that names it (assistant/mentions.py), through Assistant as a user asks."""

from __future__ import annotations

import re

import pytest
from conftest import indexed

from assistant.answer import Assistant
from assistant.llm import FakeChatModel
from assistant.mentions import named_things
from assistant.settings import Settings
from assistant.types import Answer

# Four fictional CVs. Halvorsen Biotech, Valparaíso and Quechua each appear in several of them,
# in sections the records do not read (projects, languages, talks), and nowhere in the fourth.
CVS = {
    "rojas_cv.md": """# Ana Rojas

## Education

**PhD in Ecology**, Universidad de Valparaíso - _2016_

## Experience

Postdoctoral researcher, Marine Station, Valparaíso, Chile, 2017 - 2019

## Projects

Soil microbiome survey of the Atacama, in collaboration with Halvorsen Biotech.

## Languages

Spanish (native), Quechua (intermediate), English (fluent)
""",
    "lindgren_cv.md": """# Erik Lindgren

## Experience

Data scientist, Halvorsen Biotech, Oslo, 2019 - 2021

## Talks

Invited seminar on sequencing pipelines, Valparaíso, Chile, 2022

## Languages

Swedish (native), English (fluent)
""",
    "mamani_cv.md": """# Rosa Mamani

## Education

**MSc in Linguistics**, Univ. de Valparaíso - _2018_

## Languages

Quechua (native), Aymara (native), Spanish (fluent)
""",
    "oduya_cv.md": """# Kofi Oduya

## Education

**PhD in Chemistry**, University of Ghana - _2015_

## Languages

Twi (native), English (fluent)
""",
}


@pytest.fixture(scope="module")
def settings(module_settings) -> Settings:
    return module_settings


@pytest.fixture(scope="module")
def index(settings, embedder, tmp_path_factory):
    index = indexed(CVS, settings, embedder, tmp_path_factory.mktemp("docs"))
    yield index
    index.close()


def _ask(settings, index, question: str, **kw) -> Answer:
    # A model that would put "WRONG" in any answer it wrote: the scan must not use it.
    model = FakeChatModel(responses=["WRONG [1]."])
    return Assistant(settings, index=index, chat_model=model).answer(question, **kw)


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W_]+", text))


def _cited(answer: Answer) -> set[str]:
    return {c.person for c in answer.citations}


@pytest.mark.parametrize("question, people", [
    ("Which researchers speak Quechua?", {"Ana Rojas", "Rosa Mamani"}),
    ("has anybody collaborated with Halvorsen Biotech?", {"Ana Rojas", "Erik Lindgren"}),
    # accents, the Spanish name and its short form all name the university the question asks
    ("Who has a connection to the University of Valparaiso?", {"Ana Rojas", "Rosa Mamani"}),
    # based at a university, not in a city (which a header's address answers)
    ("Who has been based at the University of Valparaíso at some point?",
     {"Ana Rojas", "Rosa Mamani"}),
])
def test_everyone_whose_documents_name_it_is_named_and_cited(settings, index, question,
                                                            people) -> None:
    answer = _ask(settings, index, question)
    assert not answer.refused and "WRONG" not in answer.text
    assert _cited(answer) == people
    for person in people:
        assert person in answer.text
    for citation in answer.citations:  # each quote is the line of the document that names it
        chunk = index.chunks([citation.chunk_id])[0]
        assert citation.person == chunk.person
        assert _words(citation.quote) <= _words(chunk.text)


@pytest.mark.parametrize("question, people", [
    ("Who has worked in Valparaíso?", {"Ana Rojas"}),  # not Erik Lindgren, who gave a talk there
    ("Who has given a talk in Valparaíso?", {"Erik Lindgren"}),
])
def test_a_line_must_show_what_is_asked_of_the_thing(settings, index, question, people) -> None:
    answer = _ask(settings, index, question)
    assert not answer.refused and "WRONG" not in answer.text
    assert _cited(answer) == people


def test_a_city_alone_is_not_the_university_named_after_it(settings, index) -> None:
    answer = _ask(settings, index, "Who studied at the University of Valparaíso?")
    assert "Erik Lindgren" not in answer.text  # his line names the city, for a talk


def test_a_thing_no_document_names_is_not_answered_from_the_scan(settings, index) -> None:
    answer = _ask(settings, index, "Who has worked with Brennan Pharma?")
    assert answer.route != "collection"
    assert not any(c.person for c in answer.citations if "Brennan" in c.quote)


@pytest.mark.parametrize("question", [
    "Has Ana Rojas worked with Halvorsen Biotech?",  # about one person: her passages answer
    "Which of them speak Quechua?",  # after an answer: "them" are the people it named
])
def test_a_question_about_some_people_is_not_scanned_over_everyone(settings, index,
                                                                    question) -> None:
    history = [("Who studied at the University of Ghana?", "Kofi Oduya [1].")]
    answer = _ask(settings, index, question, history=history)
    assert "Rosa Mamani" not in answer.text


@pytest.mark.parametrize("question, things", [
    ("Which researchers list Catalan among the languages they speak?", ["Catalan"]),
    ("Has anyone in these CVs studied at an Australian university?", []),
    ("Who has been at the Univ. of Utah in some role?", ["Univ of Utah"]),
    ("Who has worked at Google, including DeepMind?", ["Google", "DeepMind"]),
    ("Whose PhD is from Universidad de Chile?", ["Universidad de Chile"]),
    ("Who here speaks French?", ["French"]),
])
def test_the_things_a_question_names(question, things) -> None:
    assert named_things(question, ["Ana Rojas"]) == things
