"""Collection questions answered from the structured records, through Assistant as a user asks."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest
from conftest import SAMPLE

from assistant.answer import Assistant
from assistant.llm import FakeChatModel
from assistant.settings import Settings
from assistant.types import Answer
from ingest.pipeline import ingest
from ingest.records.coverage import complete
from ingest.store import Index


@pytest.fixture(scope="module")
def settings(tmp_path_factory) -> Settings:
    return Settings(home=tmp_path_factory.mktemp("home"), chroma_url=None, llm="extractive")


@pytest.fixture(scope="module")
def sample_index(settings, embedder):
    index = Index(settings, embedder)
    ingest([SAMPLE], settings, index)
    yield index
    index.close()


def _ask(settings, index, question: str, **kw) -> Answer:
    # A model that would put "WRONG" in any answer it wrote: the records route must not use it.
    model = FakeChatModel(responses=["WRONG [1]."])
    return Assistant(settings, index=index, chat_model=model).answer(question, **kw)


def _people(answer: Answer) -> set[str]:
    return {c.person for c in answer.citations}


@pytest.mark.parametrize("question, people", [
    ("Who has published at SOSP?", {"Priya Ramanathan", "Amara Nwosu"}),
    ("Which researchers interned at Google?", {"Rafael Quintero", "Jun Wei"}),
    ("Which researchers were advised by Tomasz Wierzbicki?", {"Priya Ramanathan",
                                                              "Rafael Quintero"}),
    ("Which of these researchers studied at Halverson University?",
     {"Priya Ramanathan", "Rafael Quintero", "Jun Wei"}),
    # "Whose …?" asks of people as "Who …?" does; "comes from" says where a degree is from
    ("Whose doctorate comes from Halverson University?", {"Priya Ramanathan", "Rafael Quintero"}),
    ("Who has received a best student paper award?", {"Daniel Achterberg", "Jun Wei"}),
])
def test_collection_questions_name_every_right_person_and_no_other(settings, sample_index,
                                                                    question, people) -> None:
    result = _ask(settings, sample_index, question)
    assert result.route == "collection" and not result.refused and "WRONG" not in result.text
    assert _people(result) == people
    for person in people:
        assert person in result.text
    # Every item is cited, and every citation quotes its source span.
    for line in result.text.splitlines()[1:]:
        assert re.search(r"\[\d+\]", line), line
    for citation in result.citations:
        chunk = sample_index.chunks([citation.chunk_id])[0]
        assert chunk.person == citation.person and chunk.source == citation.source


def test_paper_on_a_profile_page_that_is_not_hers_is_left_out(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "Who has published at VLDB?")
    assert _people(result) == {"Jia Wei"} and "Sofia Lindqvist" not in result.text


@pytest.mark.parametrize("question", ["Who are Sofia Lindqvist's co-authors?",
                                      "Who has Sofia Lindqvist written papers with?"])
def test_one_persons_co_authors_come_from_her_own_papers_only(settings, sample_index,
                                                               question) -> None:
    result = _ask(settings, sample_index, question)
    assert result.route == "collection" and "WRONG" not in result.text
    listed = dict(re.findall(r"^- (.+?) \((\d+) papers?\)", result.text, re.M))
    assert listed == {"Jonas Okafor": "2", "Marwan Haddad": "2", "Elin Berg": "2",
                      "Amara Nwosu": "1"}
    # Not the authors of the VLDB paper her page lists but she did not write.
    assert "Jia Wei" not in result.text and "Oren Halperin" not in result.text
    for line in result.text.splitlines()[1:]:
        name = line[2:].split(" (")[0]
        marks = [int(n) for n in re.findall(r"\[(\d+)\]", line)]
        assert marks and all(name in result.citations[n - 1].quote for n in marks)


def test_authorship_question_names_the_real_authors(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "Did Sofia Lindqvist write 'Learned Cardinality "
                                          "Estimation Under Workload Drift'?")
    assert result.route == "collection" and result.text.startswith("No")
    assert "Jia Wei" in result.text and result.citations[0].source == "profile_8d04.md"


@pytest.mark.parametrize("question", [
    "Was Sofia Lindqvist involved in the Learned Cardinality Estimation Under Workload Drift "
    "paper?",
    "did sofia lindqvist contribute to 'Learned Cardinality Estimation Under Workload Drift', "
    "the drift-aware estimator paper at VLDB 2022?",
    # a statement asked back, as a tag question
    "Sofia Lindqvist co-wrote 'Learned Cardinality Estimation Under Workload Drift', right?",
    # a statement first, then the question that points back at its person, with the year
    "Sofia Lindqvist works on query optimisers. Is 'Learned Cardinality Estimation Under "
    "Workload Drift' (VLDB 2022) her paper?",
])
def test_authorship_asked_in_other_words_is_checked_against_the_authors(
        settings, sample_index, question) -> None:
    """Words that describe the paper, its venue and year, or how one works on a paper leave
    who wrote it to its record: no, and its real authors."""
    result = _ask(settings, sample_index, question)
    assert result.route == "collection" and result.text.startswith("No"), result
    assert "Jia Wei" in result.text and result.citations[0].source == "profile_8d04.md"


@pytest.mark.parametrize("question, starts", [
    ("Is Sofia Lindqvist an author of the VLDB 2022 paper?", "No"),
    ("Did Sofia Lindqvist write the NeurIPS 2021 paper?", "Yes"),
])
def test_a_paper_named_by_venue_and_year_is_checked_against_its_authors(
        settings, sample_index, question, starts) -> None:
    result = _ask(settings, sample_index, question)
    assert result.route == "collection" and result.text.startswith(starts)
    assert len(result.citations) == 1 and result.citations[0].source == "profile_8d04.md"


def test_counts_per_person_with_a_year_filter(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "How many papers does each researcher list since 2022?")
    counts = dict(re.findall(r"^- (.+?): (\d+)", result.text, re.M))
    assert len(counts) == 7  # everyone, including those with none
    assert counts["Priya Ramanathan"] == "1"  # Lattice, EuroSys 2023
    assert counts["Jia Wei"] == "1"  # VLDB 2022


def test_named_person_restricts_the_answer(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "Which of Daniel Achterberg's papers appeared at "
                                          "SIGCOMM?")
    assert _people(result) == {"Daniel Achterberg"}


def test_questions_the_records_cannot_answer_go_to_retrieval(settings, sample_index) -> None:
    for question in ("What are Priya Ramanathan's research interests?",
                     "Who has published at a venue nobody lists?",
                     "What does Jia Wei do at Tidewater Data Systems?"):
        result = _ask(settings, sample_index, question)
        assert result.route != "collection"


def test_did_x_co_author_a_system_named_by_its_short_name(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "Did Jia Wei co-author Tessellate?")
    assert result.route == "collection" and result.text.startswith("No")
    assert "Priya Ramanathan" in result.text and "Rafael Quintero" in result.text


def test_co_authors_on_a_named_paper(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "Who co-authored Slipstream with Daniel Achterberg?")
    assert result.route == "collection"
    assert "Jun Wei" in result.text and "Mireille Duchamp" in result.text
    assert result.citations[0].person == "Daniel Achterberg"


@pytest.mark.parametrize("question, history", [
    ("Where was Slipstream published, and who was its first author?", []),
    ("Which venue published it, and who is its first author?",
     [("Which of Jun Wei's papers won an award?", "Slipstream won a Best Student Paper Award.")]),
])
def test_two_things_asked_of_one_paper_are_both_answered(settings, sample_index, question,
                                                         history) -> None:
    result = _ask(settings, sample_index, question, history=history)
    assert result.route == "collection" and not result.refused
    assert "Daniel Achterberg" in result.text and "SIGCOMM 2020" in result.text


def test_a_persons_paper_list_is_complete_and_cited(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "List Priya Ramanathan's publications.")
    items = [line for line in result.text.splitlines() if line.startswith("- ")]
    assert result.route == "collection" and len(items) == 6
    assert all(re.search(r"\[\d+\]", line) for line in items)
    assert {c.person for c in result.citations} == {"Priya Ramanathan"}


@pytest.mark.parametrize("question, history, person, expected", [
    ("Who was Priya Ramanathan's PhD advisor?", [], "Priya Ramanathan", "Tomasz Wierzbicki"),
    ("Where did Jia Wei do her bachelor's degree?", [], "Jia Wei", "Calder State University"),
    ("What was the title of Jia Wei's thesis?", [], "Jia Wei",
     "Query Optimizers That Learn From Their Mistakes"),
    ("Who was her advisor?", [("Where did Jia Wei do her PhD?", "Marlowe University [1].")],
     "Jia Wei", "Oren Halperin"),
])
def test_degree_advisor_and_thesis_of_one_person(settings, sample_index, question, history,
                                                  person, expected) -> None:
    result = _ask(settings, sample_index, question, history=history)
    assert result.route == "collection" and expected in result.text
    assert expected.split()[0] in result.citations[0].quote
    assert {c.person for c in result.citations} == {person}


def test_a_persons_internships_in_a_year_are_listed_from_the_records(settings,
                                                                     sample_index) -> None:
    everything = _ask(settings, sample_index, "Where did Jun Wei intern?")
    assert everything.route == "collection" and "3 internships" in everything.text
    for company in ("Google", "Nokia Bell Labs", "Hikari Networks"):
        assert company in everything.text
    one = _ask(settings, sample_index, "Which company did Jun Wei intern at in 2020?")
    assert "one internship in 2020" in one.text and "Nokia Bell Labs" in one.text
    assert "Google" not in one.text and len(one.citations) == 1
    assert "Nokia Bell Labs" in one.citations[0].quote


def test_a_persons_courses_and_awards_are_listed_whole(settings, sample_index) -> None:
    courses = _ask(settings, sample_index, "Which courses has Jun Wei been a TA for?")
    assert courses.route == "collection" and "4 courses" in courses.text
    assert "CS 5450: Computer Networks" in courses.text and "CS 2110" in courses.text
    assert _people(courses) == {"Jun Wei"}
    awards = _ask(settings, sample_index, "What awards has Priya Ramanathan received?")
    assert "Outstanding Dissertation Award" in awards.text and "Best Paper Award" in awards.text


def test_a_question_about_one_listed_item_goes_to_retrieval(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "What did Jun Wei work on at Nokia Bell Labs?")
    assert result.route != "collection"
    # "now" is answered only from a job the CV says is held now ("Jan 2022 – present"); for a
    # person whose jobs carry no dates the passages answer.
    current = _ask(settings, sample_index, "Where does Priya Ramanathan work now?")
    assert current.route == "collection" and "one current position" in current.text
    assert "Calder State University" in current.text and "Halverson" not in current.text
    # The present tense asks for the job held now as "now" does; the past asks for all of them
    for question in ("Who does Priya Ramanathan work for?",
                     "Where is Priya Ramanathan employed these days?"):
        present = _ask(settings, sample_index, question)
        assert "one current position" in present.text and "Halverson" not in present.text
    past = _ask(settings, sample_index, "Where did Priya Ramanathan work?")
    assert "Halverson" in past.text
    undated = _ask(settings, sample_index, "Who is Amara Nwosu's current employer?")
    assert undated.route != "collection"
    # Google is on none of her internships: her list of them is not an answer.
    elsewhere = _ask(settings, sample_index, "Which Google team did Jia Wei intern on?")
    assert elsewhere.route != "collection"


def test_a_course_from_a_teaching_table_keeps_its_semesters(settings, sample_index) -> None:
    courses = _ask(settings, sample_index, "Which courses has Jun Wei taught, and when?")
    assert "CS 5450: Computer Networks (instructor: Mireille Duchamp) (Fall 2020, Fall 2021)" \
        in courses.text


def test_a_degree_placed_at_the_wrong_university_is_answered_with_where_it_was(
        settings, sample_index) -> None:
    """A false premise ("her PhD at Northgate"): the degree her documents give, cited, and that
    they do not place it at the university the question names."""
    result = _ask(settings, sample_index,
                  "When did Priya Ramanathan finish her PhD at Northgate University?")
    assert result.route == "collection" and not result.refused and "WRONG" not in result.text
    assert "Halverson University (2021)" in result.text
    assert "do not place it at Northgate" in result.text
    assert [c.source for c in result.citations] == ["cv_3f9a.md"]
    # Where the documents do place it, the degree is answered as asked.
    right = _ask(settings, sample_index,
                 "When did Priya Ramanathan finish her PhD at Halverson University?")
    assert "2021" in right.text and "do not place" not in right.text


def test_an_advisor_found_is_answered_whatever_else_the_records_miss(settings, embedder,
                                                                     tmp_path) -> None:
    """Her education section lists more entries than became records (summer schools, a
    certificate), but the doctorate and its advisor were read: "Who advised her PhD?" is
    answered from the records, not left to the passages as an incomplete list would be."""
    doc = tmp_path / "lena_okafor.md"
    doc.write_text("# Lena Okafor\n\n## Education\n\n"
                   "- Ph.D. in Hydrology, Tamsin Bay University, 2019\n"
                   "  - Advisor: Bram Stone\n"
                   + "".join(f"- {course}, {year}\n  Lectures and field work.\n"
                             for course, year in (("Summer School on Coastal Modelling", 2016),
                                                  ("Certificate in Field Surveying", 2015),
                                                  ("Winter School on Sediments", 2014),
                                                  ("Field Course in Tidal Gauging", 2013),
                                                  ("Workshop on River Deltas", 2012))),
                   encoding="utf-8")
    own = settings.model_copy(update={"home": tmp_path / "home"})
    index = Index(own, embedder)
    try:
        ingest([doc], own, index)
        counts = index.coverage(["Lena Okafor"])["Lena Okafor"]["education"]
        assert not complete(counts)  # fewer records than the section lists
        result = _ask(own, index, "Who advised Lena Okafor's PhD?")
        assert result.route == "collection" and result.complete and "Bram Stone" in result.text
    finally:
        index.close()


def test_a_degree_asked_in_a_field_is_read_from_the_degree_not_its_minor(settings,
                                                                          sample_index) -> None:
    """"A bachelor's in mathematics" is a degree whose field is mathematics ("B.S. in
    Mathematics"), not one with a minor in it; a doctorate asked in a field the documents do
    not give it in is answered with the field they give."""
    result = _ask(settings, sample_index, "Who has a bachelor's degree in mathematics?")
    assert result.route == "collection" and "WRONG" not in result.text
    assert _people(result) == {"Jia Wei"} and "B.S. in Mathematics" in result.text
    premise = _ask(settings, sample_index, "When did Priya Ramanathan get her PhD in physics?")
    assert premise.route == "collection" and not premise.refused
    assert "Ph.D. in Computer Science, Halverson University (2021)" in premise.text
    assert "do not give it in physics" in premise.text


def test_a_job_stated_only_in_prose_is_found_in_the_text(settings, embedder, tmp_path) -> None:
    """"Who has worked at Initech Labs?" names the person whose CV lists the job (a record) and
    the one whose profile page says so in a sentence no record was read from, quoted and cited;
    not the one whose page names Initech Labs only for a fellowship."""
    (tmp_path / "cv.md").write_text(
        "# Lena Okafor\n\n## Experience\n\n- Research Scientist, Initech Labs, 2019 – 2022\n"
        "- Lecturer, Tamsin Bay University, 2016 – 2019\n", encoding="utf-8")
    (tmp_path / "about.md").write_text(
        "# Bram Stone\n\nBram Stone is a professor of hydrology at Eldmoor Polytechnic "
        "Institute. During his PhD he interned at Initech Labs in Oslo, where he built flood "
        "models.\n", encoding="utf-8")
    (tmp_path / "page.md").write_text(
        "# Ines Valdane\n\nInes Valdane studies tidal energy at Quarry Lake University. She "
        "holds the Initech Labs Graduate Fellowship.\n", encoding="utf-8")
    own = settings.model_copy(update={"home": tmp_path / "home"})
    index = Index(own, embedder)
    try:
        ingest([tmp_path / "cv.md", tmp_path / "about.md", tmp_path / "page.md"], own, index)
        result = _ask(own, index, "Who has worked at Initech Labs?")
        assert result.route == "collection" and "WRONG" not in result.text
        assert _people(result) == {"Lena Okafor", "Bram Stone"}
        prose = next(c for c in result.citations if c.person == "Bram Stone")
        assert "interned at Initech Labs in Oslo" in prose.quote and prose.source == "about.md"
        interned = _ask(own, index, "Who interned at Initech Labs?")
        assert _people(interned) == {"Bram Stone"}
    finally:
        index.close()


PARTLY_READ = """# Ilse El Moravec

Marine data scientist, Hobart.

## Experience

**Data Engineer** Hobart, Australia
NORDLYS ANALYTICS February 2020 - Present
Built the data pipelines of the reef survey programme.

2018 – 2019
Volunteer reef counts along the east coast of Tasmania.

2016 – 2017
Travelled and wrote about kelp for a local newspaper.

2014 – 2015
Sailed from Hobart to Auckland on a research yacht.

**Research Intern** Oslo, Norway
FJORD LABS June 2013 - August 2013
"""


def test_a_job_held_to_present_answers_now_though_the_records_miss_entries(
        tmp_path, embedder) -> None:
    """The records hold two of about five dated entries: "where has she worked" defers to the
    passages, "where does she work now" is answered by the job marked present, said to be what
    the records hold, with the gap in the notes. The family name with its particle names her."""
    with _one_document(tmp_path, embedder, "moravec.md", PARTLY_READ) as (settings, index):
        now = _ask(settings, index, "Where does El Moravec work now?")
        assert now.route == "collection" and not now.refused
        assert "records hold one current position (they miss some" in now.text
        assert "NORDLYS ANALYTICS" in now.text and "FJORD" not in now.text
        assert any("records are incomplete" in note for note in now.notes)
        every = _ask(settings, index, "Where has Ilse El Moravec worked?")
        assert every.route != "collection"


@contextlib.contextmanager
def _one_document(tmp_path, embedder, name: str, text: str) -> Iterator[tuple[Settings, Index]]:
    """A fresh index (embedded Chroma, the real embedder) holding one Markdown document."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    settings = Settings(home=tmp_path / "home", chroma_url=None, llm="extractive")
    index = Index(settings, embedder)
    try:
        ingest([tmp_path / "docs"], settings, index)
        yield settings, index
    finally:
        index.close()


WRITTEN_IN_2022 = """# Tamsin Okoro

## Employment

**Harbour University** Wellington
Research Fellow 2022 - 2025
Three-year fellowship on estuary sediment models.

**Coastline Institute** Napier
Postdoctoral Researcher 2019 - 2022

## Publications

Okoro, T., Hale, R. Sediment plumes after storms. Estuary Science, 2022.
Okoro, T. Tidal flats in a warming climate. Coastal Review, 2021.
"""


def test_a_job_whose_range_ends_after_the_cv_was_written_is_held_now(tmp_path,
                                                                    embedder) -> None:
    """A CV whose latest year outside its ranges is 2022 lists a fellowship to 2025: when it
    was written she held it, so it answers "now"; the postdoc that ended as it began does not."""
    with _one_document(tmp_path, embedder, "okoro.md", WRITTEN_IN_2022) as (settings, index):
        now = _ask(settings, index, "What is Tamsin Okoro's current position?")
        assert now.route == "collection" and not now.refused
        assert "Research Fellow" in now.text and "Harbour University" in now.text
        assert "Postdoctoral" not in now.text


def test_a_postdoc_is_a_kind_of_position(settings, sample_index) -> None:
    result = _ask(settings, sample_index, "Where did Priya Ramanathan do her postdoc?")
    assert result.route == "collection" and "one postdoctoral position" in result.text
    assert "Halverson" in result.text and "Calder" not in result.text


def test_a_thesis_title_does_not_place_a_degree(tmp_path, embedder) -> None:
    """"Homo" in a thesis title is also another name of a city in Iran, and "North America" is
    no country: only the degree's own place words (Barcelona, McMaster) place it."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "moravec.md").write_text(
        "# Ilse Moravec\n\n## Educación\nMA. Ciencia Cognitiva U. de Barcelona, 2017 - 2018\n"
        "Tesis de Máster sobre la memoria del Homo sapiens.\n"
        "Ph.D. in Microbiology McMaster University, Sept 2018 – Aug 2022\n"
        "Thesis title: Population Genetics of a Bat Pathogen, Pseudogymnoascus\n"
        "destructans, in North America\n", encoding="utf-8")
    settings = Settings(home=tmp_path / "home", chroma_url=None, llm="extractive")
    index = Index(settings, embedder)
    try:
        ingest([tmp_path / "docs"], settings, index)
        iran = _ask(settings, index, "Which of these researchers studied in Iran?")
        assert "Ilse Moravec" not in iran.text
        spain = _ask(settings, index, "Which of these researchers studied in Spain?")
        assert spain.route == "collection" and "Ilse Moravec" in spain.text
        # A title that wraps over two lines ("… Pseudogymnoascus" / "destructans, in North
        # America") places nothing either.
        canada = _ask(settings, index, "Which of these researchers studied in Canada?")
        assert canada.route == "collection" and "Ilse Moravec" in canada.text
    finally:
        index.close()


REFEREED_AND_NOT = """# Ines Valdivia

## Refereed Publications

1. Valdivia, I., Ruiz, M. Dust lanes in barred spirals. ApJ, 2023.
2. Ruiz, M., Valdivia, I. Cold gas in group galaxies. MNRAS, 2022.
3. Valdivia, I. Bars and their rings. AJ, 2020.

## Publications In Review

4. Valdivia, I., Ortega, P. Halo spin and bar strength. Submitted to ApJ, 2024.
5. Ortega, P., Valdivia, I. Spiral arms in the infrared. Submitted to MNRAS, 2024.

## Preprints

6. Valdivia, I., Ruiz, M. Ring galaxies in deep fields. arXiv, 2024.
7. Valdivia, I., Ortega, P. Bars at high redshift. arXiv, 2025.
"""


def test_refereed_and_first_author_papers_leave_out_submissions_and_preprints(
        tmp_path, embedder) -> None:
    """"Refereed" and "peer-reviewed" leave out what a CV lists as in review, submitted or a
    preprint, by its heading or its venue; "first author" keeps her own first-authored ones."""
    with _one_document(tmp_path, embedder, "valdivia.md", REFEREED_AND_NOT) as (settings, index):
        first = _ask(settings, index,
                     "Which refereed papers has Ines Valdivia published as first author?")
        assert first.route == "collection" and not first.refused
        assert "2 refereed first-author papers" in first.text
        assert "Dust lanes" in first.text and "Bars and their rings" in first.text
        assert not re.search(r"Cold gas|Halo spin|Ring galaxies|high redshift", first.text)
        count = _ask(settings, index, "How many peer-reviewed papers does Ines Valdivia have?")
        assert "Ines Valdivia: 3" in count.text
        every = _ask(settings, index, "How many papers does Ines Valdivia have?")
        assert "Ines Valdivia: 7" in every.text


def test_a_degree_the_records_hold_without_a_year_does_not_answer_when(tmp_path,
                                                                      embedder) -> None:
    """A biography gives the doctorate, its university and advisor, and no year: "who advised
    him" is answered from the records, "in which year" is not answered with an undated degree."""
    bio = ("# Tomas Varga\n\nI received my Ph.D. degree in Optics at [Calder University]"
           "(https://example.org/c) advised by [Prof. Ben Okoro](https://example.org/o) at "
           "the Lantern Lab. I now build harbour sensors.\n")
    with _one_document(tmp_path, embedder, "varga.md", bio) as (settings, index):
        advisor = _ask(settings, index, "Who advised Tomas Varga's PhD?")
        assert advisor.route == "collection" and "Ben Okoro" in advisor.text
        assert "Prof [" not in advisor.text
        when = _ask(settings, index, "In which year did Tomas Varga receive his PhD?")
        assert when.route != "collection" and "WRONG" not in when.text
