"""Quoted answers (assistant/quote.py): line picks parsed, checked and quoted, through answer()."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conftest import SAMPLE

import prompts
from assistant.answer import REFUSAL_STEM, Assistant, unindexed_person
from assistant.llm import FakeChatModel
from assistant.quote import (
    Line,
    accept,
    best_met,
    compose,
    fits_shape,
    lacks_asked,
    lacks_title,
    lacks_venue,
    picks,
    span_fits,
    unnamed,
    with_lines_under,
)
from assistant.quote import apart as quote_apart
from assistant.retrieval import Passage
from assistant.routes import Query
from assistant.routes.lexicon import Lexicon
from ingest.chunking import Chunk
from eval.harness import Case, record
from eval.report import case_to_dict
from ingest.pipeline import ingest


def test_picks_keep_numbers_in_range_once_in_order() -> None:
    assert picks("3,1,3,99,0", 5) == [2, 0]
    assert picks("0", 5) == []
    assert picks("no digits", 5) == []


def _lines() -> list[Line]:
    return [
        Line(0, "Ada Quill", "PhD in Physics, Northgate University, 2012"),
        Line(0, "Ada Quill", "Advisor: Miriam Stone"),
        Line(1, "Bo Lark", "PhD in Chemistry, Eastfield University, 2015"),
    ]


def test_accept_drops_other_people_lines_without_the_question_words_or_digits() -> None:
    lines, sections = _lines(), ["Education", "Education"]
    # A line about somebody else is no answer about Ada Quill.
    assert accept("Where did Ada Quill do her PhD?", lines, [0, 2], ["Ada Quill"],
                  sections) == [0]
    # "When" asks for a date: the advisor line has none.
    assert accept("When did Ada Quill finish her PhD?", lines, [1], ["Ada Quill"],
                  sections) == []
    # The advisor line meets "advisor"; the degree line meets none of "advisor"/"who".
    assert accept("Who was Ada Quill's advisor?", lines, [0, 1], ["Ada Quill"],
                  sections) == [1]


def test_accept_drops_a_line_dated_only_in_other_years_than_the_one_asked() -> None:
    """"What prize did she win in 2020?": a line dated 2018 alone is another year's prize; a
    line of 2020, a span that holds it, or a line with no year can answer. A year that names
    the thing asked about ("after her 2015 PhD") bounds nothing."""
    lines = [
        Line(0, "Ada Quill", "2018 Grand Prize, Student Symposium, Northgate University"),
        Line(0, "Ada Quill", "2020 Irvine Prize (for best physics thesis), Northgate University"),
        Line(0, "Ada Quill", "2019 – 2021 Prize Fellow, Eastfield Institute"),
        Line(0, "Ada Quill", "Dean's Prize, Northgate University"),
    ]
    sections = ["Awards"]
    assert accept("What prize did Ada Quill win in 2020?", lines, [0, 1, 2, 3], ["Ada Quill"],
                  sections) == [1, 2, 3]
    assert accept("What prize did Ada Quill win after her 2015 PhD?", lines, [0], ["Ada Quill"],
                  sections) == [0]


def test_accept_wants_words_a_count_and_the_quoted_title() -> None:
    lines = [
        Line(0, "Ada Quill", "Papers"),
        Line(0, "Ada Quill", "19"),
        Line(0, "Ada Quill", "Quill, A. and Stone, M. Making Sense of Quiet Rooms: Acoustic"),
        Line(0, "Ada Quill", "Maps from Small Sensors. SenSys 2019."),
        Line(0, "Ada Quill", "Quill, A. Loud Halls and Their Echoes. MobiSys 2021."),
        Line(1, "Ada Quill", "Lab lead (L5), Acme Labs, 2020-2023: managed the sensing team"),
        Line(1, "Ada Quill", "Lab lead, Acme Labs: managed a team of 7 engineers"),
    ]
    sections = ["Publications", "Experience"]
    # A stray number is no answer, however the question is asked.
    assert accept("How many papers has Ada Quill published?", lines, [1], ["Ada Quill"],
                  sections) == []
    # "How many" wants a count: a year or a level ("L5") is none.
    assert accept("How many people does Ada Quill manage?", lines, [5, 6], ["Ada Quill"],
                  sections) == [6]
    # A quoted title must be on the picked line or the lines it wraps with.
    assert accept("Where did Ada Quill publish 'Making Sense of Quiet Rooms'?", lines, [3, 4],
                  ["Ada Quill"], sections) == [3]


def test_accept_wants_the_person_asked_of_and_the_system_the_question_names() -> None:
    lines = [
        Line(0, "Ada Quill", "Advisor: Miriam Stone"),
        Line(1, "Bo Lark", "[SoCC'15, Best Paper Award]"),
        Line(1, "Bo Lark", "QuietNet: Acoustic Maps from Small Sensors, SenSys 2019, Best Paper Award"),
        Line(1, "Bo Lark", "Assistant Professor, Eastfield University, 2020 - present"),
    ]
    sections = ["Education", "Awards"]
    # Nobody indexed is named and the question is not over the collection: Ada's advisor is
    # not the answer about someone else.
    assert accept("Who was Carl Venn's PhD advisor?", lines, [0], [], sections) == []
    assert accept("Which of these researchers won a best paper award?", lines, [2], [],
                  sections) == [2]
    # A person named in part ("the Quills") is still named.
    assert accept("Which of the Quills had Miriam Stone as advisor?", lines, [0], [],
                  sections) == [0]
    # A system the question names ("PipeDream") must be in the picked entry.
    assert accept("What award did Bo Lark's PipeDream paper win?", lines, [1, 2], ["Bo Lark"],
                  sections) == []
    assert accept("What award did Bo Lark's QuietNet paper win?", lines, [1, 2], ["Bo Lark"],
                  sections) == [2]
    # A salary is a number: the job line without one is not the answer.
    assert accept("What is Bo Lark's salary as an assistant professor?", lines, [3],
                  ["Bo Lark"], sections) == []


def test_accept_does_not_take_the_rest_of_a_name_for_a_word_of_the_question() -> None:
    lines = [Line(0, "Chris Vale", "My name is Chris (Zhenwu) Vale, call me Chris"),
             Line(1, "Chris Vale", "Staff engineer at Quarrow Freight since 2021")]
    sections = ["Profile", "Experience"]
    # "Zhenwu" is the rest of his name as the question writes it, not what it asks about.
    assert accept("Which company does Zhenwu Vale work for?", lines, [0, 1], ["Chris Vale"],
                  sections) == [1]


def test_compose_quotes_each_line_under_its_person_and_joins_wrapped_lines() -> None:
    lines = [
        Line(0, "Ada Quill", "Quill, A. and Stone, M. “Making Sense of Quiet Rooms: Acoustic"),
        Line(0, "Ada Quill", "Maps from Small Sensors”. SenSys 2019. (Best Paper Award)"),
        Line(1, "Bo Lark", "Research Intern, Acme Labs, 2018"),
    ]
    # The model picked the award line; the title it wraps from comes with it.
    assert compose(lines, [1, 2]) == (
        "Ada Quill: Quill, A. and Stone, M. “Making Sense of Quiet Rooms: Acoustic Maps from "
        "Small Sensors”. SenSys 2019. (Best Paper Award) [1]\n"
        "Bo Lark: Research Intern, Acme Labs, 2018 [2]")
    assert compose(lines, []) == prompts.REFUSAL
    # The model picked the line the title starts on; the title and its venue come with it,
    # up to the end of the sentence, not the next entry.
    cut_off = [
        Line(0, "Ada Quill", "Quill, Ada, Miriam Stone, and Bo Lark. 2024. Teaching"),
        Line(0, "Ada Quill", "Small Sensors to Hear Quiet Rooms. In Proceedings of the Annual"),
        Line(0, "Ada Quill", "Conference on Embedded Systems, pages 10–19."),
        Line(0, "Ada Quill", "Stone, Miriam and Ada Quill. 2022. Acoustic Maps. In SenSys."),
    ]
    assert compose(cut_off, [0]) == (
        "Ada Quill: Quill, Ada, Miriam Stone, and Bo Lark. 2024. Teaching Small Sensors to Hear "
        "Quiet Rooms. In Proceedings of the Annual Conference on Embedded Systems, pages 10–19. "
        "[1]")


def test_unindexed_person_is_named_only_when_the_parse_left_every_word_of_the_name() -> None:
    hinton = Query(unused=("Geoffrey", "Hinton"))
    assert unindexed_person("Where did Geoffrey Hinton do his PhD?", hinton) == "Geoffrey Hinton"
    okonkwo = Query(unused=("Daniel", "Okonkwo's", "research", "area"))
    assert unindexed_person("What is Daniel Okonkwo's research area?", okonkwo) == \
        "Daniel Okonkwo"
    # A country, an indexed person (used by the parse) and a quoted title are no one unknown.
    assert unindexed_person("Which of these researchers did a PhD in France?",
                            Query(unused=("France",))) is None
    assert unindexed_person("Did Jun Wei write 'Quiet Rooms Acoustic Maps'?", Query()) is None


@pytest.fixture
def local_settings(settings):
    return settings.model_copy(update={"llm": "local", "answer_style": "quote"})


def _ada_quill(settings, index, tmp_path, text: str, name: str = "ada_quill.md", **update):
    """Ada Quill's profile (a Markdown page, or the text of a PDF as `name` says) in the index;
    the settings that answer by quoting."""
    local = settings.model_copy(update={"llm": "local", "answer_style": "quote", **update})
    profile = tmp_path / name
    profile.write_text(text, encoding="utf-8")
    ingest([profile], local, index)
    return local


@pytest.fixture
def sample_index(local_settings, index):
    ingest([SAMPLE], local_settings, index)
    return index


def _number_of(prompt: str, words: str) -> str:
    """The number the line-pick prompt gives the first line that holds `words`, as the model
    would reply it."""
    return next(line.split(".")[0] for line in prompt.splitlines()
                if line[:1].isdigit() and words in line)


def _ask(settings, index, reply: str, question: str):
    model = FakeChatModel(responses=[reply])
    assistant = Assistant(settings, index=index, chat_model=model)
    assert assistant.quotes
    return assistant.answer(question), model


def test_a_picked_line_is_quoted_with_its_citation(local_settings, sample_index) -> None:
    # The prompt numbers the lines; find the Halverson line's number as the model would.
    question = "Which university was Priya Ramanathan a postdoctoral researcher at?"
    probe, model = _ask(local_settings, sample_index, "0", question)
    assert probe.refused and probe.diagnostics["refused_by"] == "no line"
    listing = model.prompts[0]
    number = _number_of(listing, "Halverson")
    result, _ = _ask(local_settings, sample_index, number, question)
    assert not result.refused, result
    assert result.text.startswith("Priya Ramanathan: ") and "Halverson" in result.text
    assert result.citations and result.citations[0].person == "Priya Ramanathan"
    # The quote shown is the cited passage's line nearest the answer's first sentence; the
    # passage itself holds the picked line.
    cited = sample_index.chunks([result.citations[0].chunk_id])[0]
    assert "Halverson" in cited.text


def test_a_picked_line_that_does_not_answer_is_refused(local_settings, sample_index) -> None:
    # "When" wants a date; a line without a digit is not quoted as the answer.
    probe, model = _ask(local_settings, sample_index, "0",
                        "When did Priya Ramanathan start her postdoctoral research at Halverson?")
    listed = [line.split(". ", 1) for line in model.prompts[0].splitlines() if line[:1].isdigit()]
    # the model reads only lines that could be quoted: each has a digit
    assert listed and all(any(c.isdigit() for c in text) for _, text in listed)
    shown = {int(number) for number, _ in listed}
    unlisted = next(n for n in range(1, max(shown)) if n not in shown)
    result, _ = _ask(local_settings, sample_index, str(unlisted),
                     "When did Priya Ramanathan start her postdoctoral research at Halverson?")
    assert result.refused and result.diagnostics["refused_by"] == "quote check"


def test_a_question_about_someone_not_indexed_is_refused_before_retrieval(
        local_settings, sample_index) -> None:
    result, model = _ask(local_settings, sample_index, "1",
                         "Where did Geoffrey Hinton do his PhD?")
    assert result.refused and not result.citations
    assert model.prompts == []
    assert any("Geoffrey Hinton" in note for note in result.notes)


def _auto_and_pick(settings, index, question: str, dated: bool = False,
                   words: str = "Halverson") -> tuple[Any, str]:
    """Settings for answer style auto over the sample, and the number of the line that holds
    `words` (one with a digit, if `dated`) that the line-pick prompt lists for the question."""
    auto = settings.model_copy(update={"llm": "local", "answer_style": "auto"})
    ingest([SAMPLE], auto, index)
    _, model = _ask(settings.model_copy(update={"llm": "local", "answer_style": "quote"}),
                    index, "0", question)
    number = next(line.split(".")[0] for line in model.prompts[0].splitlines()
                  if line[:1].isdigit() and words in line
                  and (not dated or any(c.isdigit() for c in line.split(". ", 1)[1])))
    return auto, number


def test_auto_quotes_lines_where_the_model_writes_the_refusal(settings, index) -> None:
    question = "Which university was Priya Ramanathan a postdoctoral researcher at?"
    auto, number = _auto_and_pick(settings, index, question)
    model = FakeChatModel(responses=[prompts.REFUSAL, number])
    assistant = Assistant(auto, index=index, chat_model=model)
    pieces = list(assistant.stream_answer(question))
    result = pieces[-1]
    # The written refusal is never shown: the picked line is the answer.
    assert not any(prompts.REFUSAL in str(p) for p in pieces[:-1])
    assert not result.refused and "Halverson" in result.text
    assert result.diagnostics == {} or result.diagnostics.get("refused_by") is None
    assert len(model.calls) == 2
    # A written answer the checker refuses (no passage names that institute) is followed by
    # the line pick too.
    invented = "Priya Ramanathan was a postdoc at the Zanzibar Institute of Oceanography [1]."
    model = FakeChatModel(responses=[invented, number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and "Halverson" in result.text and len(model.calls) == 2
    # A written answer that passes the checks is kept: no second call.
    model = FakeChatModel(responses=["Priya Ramanathan was a postdoc at Halverson [1].", "1"])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 1


def test_a_written_refusal_is_cut_off_once_it_is_known(settings, index) -> None:
    """The model's refusal costs a token a word; where the line pick follows, it is stopped at
    "The indexed", and what the model would have added is never read."""
    question = "Which university was Priya Ramanathan a postdoctoral researcher at?"
    auto, number = _auto_and_pick(settings, index, question)
    rambling = f"{prompts.REFUSAL} " + "The passages list other things instead. " * 6
    model = FakeChatModel(responses=[rambling, number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and "Halverson" in result.text and len(model.calls) == 2
    assert model.streamed == len(REFUSAL_STEM.split())  # the pick is no stream


def test_auto_picks_lines_where_the_written_answer_has_no_number_asked_for(settings,
                                                                           index) -> None:
    """"When …?" answered without a date is no answer: the line pick follows, and a picked line
    with the year is quoted."""
    question = "When did Priya Ramanathan start her postdoctoral research at Halverson?"
    auto, number = _auto_and_pick(settings, index, question, dated=True)
    undated = "Priya Ramanathan was a postdoc at Halverson University [1]."
    model = FakeChatModel(responses=[undated, number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 2
    assert "Halverson" in result.text and any(c.isdigit() for c in result.text)
    assert fits_shape(question, result.text) and not fits_shape(question, undated)
    assert not fits_shape("How many students does she advise?", "She advises students [2].")
    assert fits_shape("How many students does she advise?", "She advises 4 students [2].")
    gpa = "What was her GPA at Northgate University?"
    assert not fits_shape(gpa, "Northgate University, 12 Harbour Road, Room 4031 [1].")
    assert fits_shape(gpa, "B.Sc., Northgate University, GPA: 3.74/4.00 [1].")
    assert fits_shape(gpa, "Laurea, Università di Bologna, 110/110 cum laude [1].")


def test_auto_picks_lines_where_the_written_answer_gives_another_kind_of_thing(
        settings, index, tmp_path) -> None:
    """"In which city …?" answered with no place is no answer: the line pick follows."""
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Talks\n\n"
        "- Listening to Quiet Rooms. SenSys 2019, Lisbon, Portugal.\n"
        "- Tidal Sensing with Cheap Buoys. MobiSys 2018, Munich, Germany.\n"))
    question = "In which city did Ada Quill present her talk at SenSys 2019?"
    _, model = _ask(local, index, "0", question)
    number = _number_of(model.prompts[0], "SenSys")
    auto = local.model_copy(update={"answer_style": "auto"})
    placeless = "Ada Quill presented Listening to Quiet Rooms at SenSys 2019 [1]."
    model = FakeChatModel(responses=[placeless, number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 2, result
    assert "Lisbon" in result.text and "Munich" not in result.text
    assert lacks_asked(question, placeless, ["Ada Quill"])


def test_a_bare_phone_number_in_a_header_is_found_by_its_shape(settings, index,
                                                                tmp_path) -> None:
    """The header gives the number with no label: retrieval brings the person's chunk that
    holds one, and where the model refuses, that line is quoted without asking it to pick."""
    (tmp_path / "cv").mkdir()
    (tmp_path / "cv" / "okafor.md").write_text(
        "# Lena Okafor\nAssociate Professor of Hydrology\nBrindle Hall 204\nokafor@brindle.edu\n"
        "812.555.0142\n\n## Positions\nAssociate Professor, Brindle University, 2019 - present\n"
        "Assistant Professor, Brindle University, 2013 - 2019\n\n## Research\n"
        + "Groundwater recharge in karst aquifers and the tracers that date it.\n" * 40,
        encoding="utf-8")
    auto = settings.model_copy(update={"llm": "local", "answer_style": "auto"})
    ingest([tmp_path / "cv"], auto, index)
    model = FakeChatModel(responses=[prompts.REFUSAL])
    result = Assistant(auto, index=index, chat_model=model).answer(
        "What's Lena Okafor's office phone number?")
    assert not result.refused and "812.555.0142" in result.text
    assert result.citations[0].person == "Lena Okafor" and len(model.calls) == 1


def test_a_picked_line_is_quoted_with_the_title_lines_compression_left_out(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Publications\n\n"
        "Quill, A. and Stone, M. “Listening to Quiet Rooms: Acoustic Maps\n"
        "Built from Small Sensors”. SenSys, 2019. (Best Paper Award)\n"
        "Quill, A. “Tidal Sensing with Cheap Buoys and Long Cables in Cold\n"
        "Water”. MobiSys, 2018.\n"
        "Quill, A. and Reyes, T. “Counting Gulls from Harbour Cameras at Dawn and\n"
        "Dusk”. IPSN, 2017.\n"), context_tokens=30)
    question = "Which of Ada Quill's papers won a best paper award?"
    _, model = _ask(local, index, "0", question)
    listing = model.prompts[0]
    # Compression sent the award line without the line its title starts on.
    assert "Best Paper Award" in listing and "Listening to Quiet Rooms" not in listing
    number = _number_of(listing, "Best Paper Award")
    result, _ = _ask(local, index, number, question)
    assert not result.refused, result
    assert "Listening to Quiet Rooms: Acoustic Maps Built from Small Sensors" in result.text
    assert "Tidal" not in result.text


def test_a_picked_sentence_is_quoted_with_the_sentences_before_it_on_its_line(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Publications\n\n"
        "- 1. Marek Stone, Ada Quill, Tomas Reyes, Ines Okoro, Lars Vik, Paula Grant, and Omar "
        "Diaz. \"Listening to Quiet Rooms with Acoustic Maps Built from Small Sensors.\" "
        "Conference on Embedded Networked Sensor Systems (SenSys), November 2019. "
        "Best Paper Award.\n"
        "- 2. Ada Quill and Tomas Reyes. \"Tidal Sensing with Cheap Buoys.\" MobiSys, 2018.\n"),
        context_tokens=30)
    question = "Which of Ada Quill's papers won a best paper award?"
    _, model = _ask(local, index, "0", question)
    listing = model.prompts[0]
    # Compression sent the award without the sentences before it, and no item number alone.
    assert "Best Paper Award" in listing and "Listening to Quiet Rooms" not in listing
    assert not any(line.endswith(". - 1.") for line in listing.splitlines())
    number = _number_of(listing, "Best Paper Award")
    result, _ = _ask(local, index, number, question)
    assert not result.refused, result
    assert "Listening to Quiet Rooms with Acoustic Maps Built from Small Sensors" in result.text
    assert "1. Marek" not in result.text and "Ada Quill: Marek Stone" in result.text
    assert "Tidal" not in result.text


def test_the_one_line_that_answers_is_quoted_where_the_model_picked_the_entry_beside_it(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Preprints\n\n"
        "- Counting Gulls from Harbour Cameras at Dawn. Ada Quill, Tomas Reyes. "
        "arXiv:2301.04417\n"
        "- TIDEMAP: Tidal Maps from Cheap Buoys and Long Cables. Ada Quill. Preprint, "
        "arXiv:2302.11873\n"
        "\n## Contact\n\nNorthgate University, 12 Harbour Road, Room 4031, Dunmore\n"))
    question = "What is the arXiv identifier of Ada Quill's TIDEMAP preprint?"
    _, model = _ask(local, index, "0", question)
    # The entry above is not offered (it names no TIDEMAP), but the model may still reply its
    # number, the one before TIDEMAP's.
    assert "Gulls" not in model.prompts[0]
    gulls = str(int(_number_of(model.prompts[0], "TIDEMAP")) - 1)
    result, _ = _ask(local, index, gulls, question)
    assert not result.refused, result
    assert "2302.11873" in result.text and "2301.04417" not in result.text
    # The one line left that names the university gives no grade: still refused.
    question = "What was Ada Quill's GPA at Northgate University?"
    _, model = _ask(local, index, "0", question)
    result, _ = _ask(local, index, gulls, question)
    assert result.refused, result


def test_the_one_line_left_is_the_one_about_the_degree_asked() -> None:
    from assistant.quote import sole_line
    from assistant.retrieval import Passage
    from ingest.chunking import Chunk

    body = ("I am a software engineer on the Storage Team at Kestrel Systems.\n"
            "I received my Ph.D. degree in Computer Science at Northgate University.\n"
            "Before that, I received my undergrad degree from Calder State University.\n"
            "In my spare time, I enjoy hiking and playing the cello.\n")
    chunk = Chunk(id="doc1:0000", sha="sha1", index=0, person="Ada Quill", source="ada.md",
                  section="About", page=None, start=0, end=len(body), tokens=60,
                  text=f"Ada Quill | About\n{body}", body="")
    context = [(Passage(chunk, 1.0), chunk.text)]
    lines = [Line(0, "Ada Quill", text) for text in body.strip().split("\n")]
    sections = ["About"]
    undergrad = sole_line("Where did Ada Quill do her undergraduate degree?", lines,
                          ["Ada Quill"], sections, context)
    assert [lines[n].text for n in undergrad] == [lines[2].text]
    # Both degree lines meet "Where did she get her degree?": no one line is left.
    assert sole_line("Where did Ada Quill get her degree?", lines, ["Ada Quill"], sections,
                     context) == []


def _education_chunk(body: str) -> Chunk:
    """Ada Quill's Education chunk of `body`, as the index gives it back."""
    return Chunk(id="doc1:0000", sha="sha1", index=0, person="Ada Quill", source="ada.txt",
                 section="Education", page=None, start=0, end=len(body), tokens=60,
                 text=f"Ada Quill | Education\n{body}", body="")


def test_lines_that_compression_parted_are_not_joined_as_one_entry() -> None:
    body = ("Northgate University Ph.D. Candidate in Computer Science\n"
            "Advisors: Miriam Stone, Paul Girard\n"
            "Thesis: Efficient and Programmable Shared Memory Systems for Learning at Scale on "
            "Clusters of Commodity Machines with Slow Networks and Many Failures\n"
            "Calder State University B.S. in Computer Engineering (GPA: 3.80/4.0)\n")
    chunk = _education_chunk(body)
    sent = "Ada Quill | Education\n" + "\n".join(body.split("\n")[0:4:3])
    context = [(Passage(chunk, 1.0), sent)]
    lines = [Line(0, "Ada Quill", text) for text in sent.split("\n")[1:]]
    assert quote_apart(context, lines) == {1}
    # Without the cut the first line, which stops mid-phrase, would run into the second.
    assert compose(lines, [0, 1], quote_apart(context, lines)) == (
        "Ada Quill: Northgate University Ph.D. Candidate in Computer Science [1]\n"
        "Ada Quill: Calder State University B.S. in Computer Engineering (GPA: 3.80/4.0) [1]")


def test_a_picked_line_about_another_organisation_than_the_question_names_is_refused(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Education\n\n"
        "- Northgate University Ph.D. Candidate in Computer Science\n"
        "- Advisor: Miriam Stone\n"
        "- Calder State University B.S. in Computer Engineering (GPA: 3.80/4.0)\n"
        "- Harbour College M.S. in Statistics\n"
        "- Graduated with a cumulative GPA of 3.95/4.0 in the statistics programme\n")
)
    def number(question: str, words: str) -> str:
        _, model = _ask(local, index, "0", question)
        return _number_of(model.prompts[0], words)

    # The GPA line names Calder State, not Northgate, which the passages also name: no line
    # can be quoted, so the model is not even asked to pick one.
    question = "What was Ada Quill's GPA at Northgate?"
    result, model = _ask(local, index, "3", question)
    assert result.refused and result.diagnostics["refused_by"] == "quote check"
    assert model.prompts == []
    # A GPA line under the degree line of the school the question names is quoted.
    question = "What was Ada Quill's GPA at Harbour College?"
    result, _ = _ask(local, index, number(question, "cumulative GPA"), question)
    assert not result.refused and "3.95" in result.text
    # A school the passages never name is a premise the quoted line may correct.
    question = "What was Ada Quill's GPA at Westmoor?"
    result, _ = _ask(local, index, number(question, "Calder State"), question)
    assert not result.refused and "Calder State" in result.text


def test_a_value_under_the_label_the_question_names_is_quoted_where_no_line_is_picked(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Publications\n\n"
        "Statistics (as of 30 Aug 2025, source: ADS) number of refereed papers: 30 (11) "
        "number of first-authored refereed papers: 4 (0) h-index: 18\n\n"
        "- Quill, A. and Stone, M. Listening to Quiet Rooms. SenSys, 2019.\n"))
    result, _ = _ask(local, index, "0", "What h-index does Ada Quill report?")
    assert not result.refused, result
    assert "h-index: 18" in result.text and result.citations
    # A label the question does not name gives nothing: the refusal stands.
    result, _ = _ask(local, index, "0", "What is Ada Quill's Erdos number?")
    assert result.refused


def test_a_labelled_value_is_taken_from_the_entry_of_the_degree_the_question_names(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Education\n\n"
        "Harbour University of Technology, Lantern\n"
        "Ph.D. in Computer Science, 2021 - 2026\n"
        "PI: Ben Okoro. Member of the Tides Lab.\n\n"
        "Calder University of Technology, Quay\n"
        "B.Sc. in Computer Engineering, 2016 - 2020\n"
        "PI: Kofi Mensah, GPA: 3.74/4\n"))
    result, _ = _ask(local, index, "0", "Who was Ada Quill's PI during her undergrad?")
    assert not result.refused, result
    assert "Kofi Mensah" in result.text and "Ben Okoro" not in result.text
    # Two "PI:" lines and no degree named: neither is taken.
    result, _ = _ask(local, index, "0", "Who was Ada Quill's PI?")
    assert result.refused


def test_a_name_after_the_verb_the_question_asks_with_is_quoted_where_no_line_is_picked(
        settings, index, tmp_path) -> None:
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Experience\n\n"
        "Research Scientist Internship, Lantern Labs, June 2021 - September 2021. "
        "Hosted by Ben Okoro\n\n"
        "Teaching Assistant, Calder University, 2019 - 2020\n\n"
        "## Education\n\n"
        "Ph.D. in Computer Science, Harbour University, 2021 - 2026\n"))
    result, _ = _ask(local, index, "0", "Who hosted Ada Quill's research internship?")
    assert not result.refused, result
    assert "Ben Okoro" in result.text and result.citations
    # A verb the line does not use gives nothing: the refusal stands.
    result, _ = _ask(local, index, "0", "Who funded Ada Quill's research internship?")
    assert result.refused


def test_a_label_that_points_elsewhere_gives_no_value() -> None:
    from assistant.quote import labelled_lines

    lines = [Line(0, "Ada Quill", "Publications: see below"),
             Line(0, "Ada Quill", "Refereed papers: 30 (11) h-index: 18")]
    assert labelled_lines("Where were Ada Quill's publications published?", lines,
                          ["Ada Quill"]) == []
    assert labelled_lines("What h-index does Ada Quill report?", lines, ["Ada Quill"]) == [1]


def test_a_degree_written_joined_is_no_name_the_picked_line_must_hold() -> None:
    """"PhD" has a capital inside as "DeepMind" does, but names a kind of degree: the job
    line that answers need not say it."""
    lines = [Line(0, "Bo Lark", "Machine Learning Engineer at Tapsi Oct. 2020 - May. 2021")]
    assert accept("Which company employed Bo Lark as an engineer before his PhD?", lines, [0],
                  ["Bo Lark"], ["Experience"]) == [0]
    assert accept("Which company employed Bo Lark as an engineer before DeepMind?", lines, [0],
                  ["Bo Lark"], ["Experience"]) == []


def test_the_rest_of_a_name_is_no_thing_the_entry_must_name() -> None:
    """"Zhenwu Vale" is how the question writes Chris Vale: the line of his entry that answers
    is not refused for not naming "Zhenwu"."""
    from assistant.quote import numbered_lines
    from assistant.retrieval import Passage
    from ingest.chunking import Chunk

    body = ("My name is Chris (Zhenwu) Vale.\n\nI received my Ph.D. from Northgate University.\n\n"
            "Before that, I received my undergrad degree from Tarn College.")
    chunk = Chunk(id="vale:0000", sha="sha", index=0, person="Chris Vale", source="vale.md",
                  section="About", page=None, start=0, end=len(body), tokens=40,
                  text=f"Chris Vale | About\n{body}", body="")
    context = [(Passage(chunk, 1.0), chunk.text)]
    lines = numbered_lines(context)
    undergrad = next(n for n, line in enumerate(lines) if "Tarn" in line.text)
    assert accept("Where did Zhenwu Vale do his undergraduate degree?", lines, [undergrad],
                  ["Chris Vale"], ["About"], context) == [undergrad]


def test_a_university_does_not_answer_which_company() -> None:
    question = "Which company did Jinliang Wei join after finishing his Ph.D.?"
    people = ["Jinliang Wei"]
    assert lacks_asked(question, "Jinliang Wei joined Carnegie Mellon University after "
                                 "finishing his Ph.D. [1].", people) == \
        "no company where one is asked"
    assert lacks_asked("Where has Jinliang Wei worked outside academia?",
                       "Purdue University [1].", people) == "no company where one is asked"
    assert lacks_asked(question, "He joined Belkin, Inc. [1].", people) is None
    assert lacks_asked("Is Jinliang Wei a co-author of the Orion paper?", "Yes [1].",
                       people) is None


def test_a_bullet_is_quoted_as_part_of_the_entry_whose_head_the_pdf_set_right_after_it(
        settings, index, tmp_path) -> None:
    """A CV with no blank line between a bullet and the next degree's head: the bullet belongs
    to the degree above it, whose name the question gives."""
    local = _ada_quill(settings, index, tmp_path, (
        "Ada Quill\nMarine sensing researcher\n\nEducation\n"
        "Northgate University Dunmore, Ireland\nPHD 2012-2016\n"
        "• Built tide gauges from salvaged parts\n"
        "• Worked with industry (Harbourline, later Kelp Systems)\n"
        "Calder State University Bloomington, IN\nMASTER OF IT 2010-2012\n"
        "• Graduated with High Distinction. Gannet Medal for the highest GPA of all IT students\n"
        "Harbour College Cork, Ireland\nBACHELOR OF SCIENCE 2006-2009\n"
        "• Studied marine biology with a focus on kelp\n"), name="ada_quill_cv.txt")
    question = "Which medal did Ada Quill receive at Calder State University?"
    _, model = _ask(local, index, "0", question)
    listing = model.prompts[0]
    assert not any("Kelp Systems)" in line and "Calder" in line for line in listing.splitlines())
    result, _ = _ask(local, index, _number_of(listing, "Gannet Medal"), question)
    assert not result.refused, result
    assert "Gannet Medal" in result.text and "Harbour College" not in result.text


def test_a_written_answer_from_the_entry_of_another_school_goes_to_the_line_pick(
        settings, index, tmp_path) -> None:
    """"Which grant did she hold at Calder State?" answered with the grant listed under
    Northgate: refused by the checker, and the line pick quotes the Calder State grant."""
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Funding\n\n"
        "*Northgate University*  \nHarbour Acoustics Grant, EUR 20,000  \n"
        "Tide Gauge Travel Fund, EUR 1,500  \n\n"
        "*Calder State University*  \nKelp Robotics Seed Fund, EUR 5,000  \n"))
    question = "Which grant did Ada Quill hold at Calder State University?"
    _, model = _ask(local, index, "0", question)
    number = _number_of(model.prompts[0], "Kelp Robotics")
    auto = local.model_copy(update={"answer_style": "auto"})
    other = "Ada Quill held the Harbour Acoustics Grant at Calder State University [1]."
    model = FakeChatModel(responses=[other, number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 2, result
    assert "Kelp Robotics" in result.text and "Harbour Acoustics" not in result.text
    # The grant of the school asked about, written, stands: no second call.
    right = "Ada Quill held the Kelp Robotics Seed Fund at Calder State University [1]."
    model = FakeChatModel(responses=[right, number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 1 and "Kelp Robotics" in result.text


def test_a_written_year_for_a_fuller_date_goes_to_the_line_pick(settings, index,
                                                                  tmp_path) -> None:
    """"When did she defend her thesis?" answered "2019" where the line says "defended on 14
    March 2019": the line pick quotes the line; where it picks none, the year stands."""
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Education\n\n"
        "Ph.D. in Physics, Northgate University, 2015 - 2019  \n"
        "Thesis on tidal acoustics, defended on 14 March 2019  \n\n"
        "B.S. in Physics, Calder State University, 2011 - 2015  \n"))
    question = "When did Ada Quill defend her thesis?"
    _, model = _ask(local, index, "0", question)
    number = _number_of(model.prompts[0], "defended on")
    auto = local.model_copy(update={"answer_style": "auto"})
    model = FakeChatModel(responses=["2019 [1].", number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 2, result
    assert "14 March 2019" in result.text
    model = FakeChatModel(responses=["2019 [1].", "0"])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and result.text.startswith("2019"), result
    # a written answer with the full date stands: no second call
    model = FakeChatModel(responses=["On 14 March 2019 [1].", number])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and len(model.calls) == 1


def test_a_picked_role_is_quoted_with_the_employer_on_the_short_line_under_it(
        settings, index, tmp_path) -> None:
    """"Which company did she intern at?" picked "Summer Intern": the employer and the year
    on the short lines under it are quoted with it."""
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Work Experience\n\n"
        "Graduate Research Assistant, Northgate University, with Dr. Miriam Stone, building "
        "low-cost buoys that listen to tides and currents along the harbour for three years.\n"
        "Summer Intern\nKelp Systems Headquarters\n2014,\nUndergraduate Researcher\n"
        "Calder State University marine robotics group, where she wrote the control software "
        "for a wave tank and tested sensors\n"))
    # The records answer the question with a year; one they cannot route is quoted.
    records, model = _ask(local, index, "0",
                          "Which company did Ada Quill intern at in the summer of 2014?")
    assert not model.prompts and "Kelp Systems Headquarters (2014" in records.text
    question = "Which company hosted Ada Quill's summer internship?"
    _, model = _ask(local, index, "0", question)
    listing = model.prompts[0]
    number = next(line.split(".")[0] for line in listing.splitlines()
                  if line.endswith(". Summer Intern"))
    result, _ = _ask(local, index, number, question)
    assert not result.refused, result
    assert "Summer Intern Kelp Systems Headquarters 2014 [1]" in result.text
    assert result.text.count("Kelp") == 1 and "Undergraduate" not in result.text


def test_a_talk_among_talks_set_without_blank_lines_is_quoted_alone(
        settings, index, tmp_path) -> None:
    """Talks that each close with their venue and date are lines of their own: the city of
    the one asked about is quoted, not the one before it."""
    local = _ada_quill(settings, index, tmp_path, (
        "Ada Quill\nMarine sensing researcher\n\nTalks\n"
        "Listening to quiet rooms with cheap\nmicrophones Lisbon, Portugal\nSENSYS October 2018\n"
        "Tidal sensing with buoys\nMunich, Germany\nMOBISYS June 2019\n"), name="ada_quill_cv.txt")
    question = "In which city did Ada Quill present her talk at MOBISYS 2019?"
    _, model = _ask(local, index, "0", question)
    listing = model.prompts[0]
    assert not any("Lisbon" in line and "Munich" in line for line in listing.splitlines())
    result, _ = _ask(local, index, _number_of(listing, "Munich"), question)
    assert not result.refused, result
    assert "Munich" in result.text and "Lisbon" not in result.text


def _grant_among_jobs(grant: str) -> str:
    """Ada Quill's page: the `grant` in one bullet under her Ph.D., then 14 job passages about
    a company, its engineers and tide data."""
    jobs = "\n\n".join(
        f"## Industry role {i}\n\nSenior engineer at Harbour Systems Company {i}, where she led "
        f"the engineering team building company software for tide data, hired engineers and "
        f"managed the company's developers and scientists in office {i}." for i in range(14))
    return ("# Ada Quill\n\n## Education\n\nPh.D. in Oceanography, Calder State University\n"
            "- Thesis: Acoustic maps of shallow bays\n- Advisor: Prof. Ines Okoro\n"
            f"- {grant} grant (Lab: Tidal Acoustics, Partner: Brinewater)\n\n" + jobs + "\n")


def test_a_name_written_in_capitals_reaches_the_lines_the_model_reads(
        settings, index, tmp_path) -> None:
    """"KELPNET" is in one bullet under her Ph.D., a passage far by meaning from a question
    about a company among many job passages: it is sent, and its line quoted when picked."""
    local = _ada_quill(settings, index, tmp_path, _grant_among_jobs("KELPNET"))
    question = "Which company was Ada Quill's KELPNET grant with?"
    _, model = _ask(local, index, "0", question)
    result, _ = _ask(local, index, _number_of(model.prompts[0], "KELPNET"), question)
    assert not result.refused, result
    assert "Brinewater" in result.text


def test_no_line_pick_is_asked_where_no_line_could_be_quoted(local_settings, sample_index) -> None:
    """A question that no line of the passages can answer by the checks a pick must pass (no
    line meets its words) is refused without asking the model to pick: the same refusal, the
    prompt not read."""
    result, model = _ask(local_settings, sample_index, "1",
                         "What is Priya Ramanathan's favourite colour?")
    assert result.refused and result.diagnostics["refused_by"] == "quote check"
    assert model.prompts == [] and result.prompt_tokens == 0


def test_a_written_answer_that_makes_the_mentor_the_one_mentored_is_not_kept(settings,
                                                                             index) -> None:
    # the sample's CV says "mentor: Priyanka Deshmukh" under Jia Wei's internship
    auto = settings.model_copy(update={"llm": "local", "answer_style": "auto"})
    ingest([SAMPLE], auto, index)
    question = "Who mentored Jia Wei at Microsoft Research?"
    reversed_claim = "Jia Wei mentored Priyanka Deshmukh at Microsoft Research [1]."
    model = FakeChatModel(responses=[reversed_claim, "0"])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert "Jia Wei mentored" not in result.text and len(model.calls) == 2
    right = "Priyanka Deshmukh mentored Jia Wei at Microsoft Research [1]."
    model = FakeChatModel(responses=[right, "0"])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert not result.refused and result.text.startswith("Priyanka Deshmukh mentored Jia Wei")
    assert len(model.calls) == 1


def test_a_quoted_line_for_a_premise_no_passage_names_says_so_first(settings, index) -> None:
    # the sample's Jia Wei interned at Microsoft Research and Snowline Analytics, not at Google
    def quoted(question: str):
        """The answer where the model writes the refusal and picks the Microsoft Research line."""
        auto, number = _auto_and_pick(settings, index, question, words="Microsoft Research")
        model = FakeChatModel(responses=[prompts.REFUSAL, number])
        return Assistant(auto, index=index, chat_model=model).answer(question)

    result = quoted("Which Google team did Jia Wei intern on?")
    assert not result.refused and "Microsoft Research" in result.text
    assert result.absent == ["Google"]
    assert result.text.startswith("None of the passages found names Google; they say instead:\n")
    # a question whose names the passages give is answered as it is
    result = quoted("Which Microsoft Research group did Jia Wei intern with?")
    assert not result.refused and not result.absent and "None of the" not in result.text


def test_a_name_the_passages_give_in_full_or_abbreviate_is_no_absent_premise() -> None:
    passage = Passage(Chunk(
        id="k:0000", sha="k", index=0, person="Ali Kazemi", source="kazemi.md",
        section="Education", page=None, start=0, end=60, tokens=20, body="",
        text="Ali Kazemi | Education\nPh.D., University of California, Davis, 2019"), 1.0)
    assert unnamed("Whose lab was Kazemi in at UC Davis?", [passage], ["Ali Kazemi"]) == []
    assert unnamed("Which Google team did Kazemi join?", [passage], ["Ali Kazemi"]) == [
        "Google"]
    # "A&M" is read as the passages' words are, and a possessive is no part of the name
    texas = Passage(dataclasses.replace(passage.chunk, text="Ali Kazemi | Experience\nGraduate "
                                        "Research Assistant, Texas A&M University, 2015"), 1.0)
    assert unnamed("Whom did Kazemi assist at Texas A&M?", [texas], ["Ali Kazemi"]) == []
    assert unnamed("What rank did Kazemi get in Iran's entrance exam?", [texas],
                   ["Ali Kazemi"]) == ["Iran"]


def test_a_count_glued_to_its_word_reaches_the_model(settings, index, tmp_path) -> None:
    # a profile page's counts as some pages extract them ("117citations"), at the end of a
    # passage too long to send whole
    papers = "\n".join(f"- Paper {i}: a study of caching layers in storage systems"
                       for i in range(30))
    local = _ada_quill(settings, index, tmp_path, (
        f"# Ada Quill\n\n## Profile\n\n{papers}\n- Ada Quill DC 6papers 117citations "
        "Novelty62%\n"), answer_style="write")
    model = FakeChatModel(responses=["Ada Quill's profile reports 117 citations [1]."])
    result = Assistant(local, index=index, chat_model=model).answer(
        "How many citations does Ada Quill's profile report?")
    assert "117citations" in str(model.prompts[0])
    assert not result.refused and "117" in result.text



def test_a_doubted_zero_has_its_likeliest_line_checked_alone(local_settings, sample_index) -> None:
    """A 0 the model gives at under DOUBT is no refusal yet: the line it likes best among those
    shown is asked about alone, and quoted where the model says yes with SURE or more."""
    question = "Which university was Priya Ramanathan a postdoctoral researcher at?"
    _, probe = _ask(local_settings, sample_index, "0", question)
    number = _number_of(probe.prompts[0], "Halverson")
    doubt = {"0": 0.3, number[0]: 0.25, "1": 0.2}

    def asked(check: dict[str, float]):
        model = FakeChatModel(responses=["0", number, "yes"], first_tokens=[doubt, {}, check])
        return Assistant(local_settings, index=sample_index, chat_model=model).answer(
            question), model

    result, model = asked({"yes": 0.8, "no": 0.15})
    assert not result.refused and "Halverson" in result.text, result
    assert result.citations and result.citations[0].person == "Priya Ramanathan"
    # the check reads the one line and the question, not the numbered list
    line = next(line for line in model.prompts[0].splitlines() if line.startswith(f"{number}. "))
    assert line.split(". ", 1)[1] in model.prompts[2] and f"\n{number}. " not in model.prompts[2]
    result, model = asked({"yes": 0.55, "no": 0.4})  # a yes short of SURE is no answer
    assert result.refused and result.diagnostics["refused_by"] == "no line"
    assert result.diagnostics["doubted"]["yes"] is False and len(model.prompts) == 3
    result, _ = asked({"yes": 0.8, "no": 0.15})  # the eval's report keeps how it was picked
    kept = case_to_dict(record(Case("c", "single_fact", question), result, sample_index, [],
                               0.0, 0.0))["pick"]
    assert kept["picked"] == "0" and kept["first"]["0"] == 0.3 and kept["doubted"]["yes"]
    sure = FakeChatModel(responses=["0"], first_tokens=[{"0": 0.6, number[0]: 0.2}])
    result = Assistant(local_settings, index=sample_index, chat_model=sure).answer(question)
    assert result.refused and len(sure.prompts) == 1  # a 0 meant is asked about no further


def test_a_venue_question_answered_with_a_line_that_names_no_venue_is_refused(
        settings, index, tmp_path) -> None:
    """"In which journal …?" answered with the thesis line on the same topic is a cited wrong
    answer: the line names no venue the records list and no kind of venue. The paper's own line
    names its journal, which the records list."""
    local = _ada_quill(settings, index, tmp_path, (
        "Ada Quill\nMarine sensing researcher\n\nEducation\n"
        "PhD Ocean Engineering, Northgate University, 2016. Thesis: Tide gauges from salvaged "
        "parts. Advisor: Mira Holt\n\nPublications\n"
        "Ada Quill and Mira Holt. Low-cost tide gauges from salvaged parts. Coastal Sensing "
        "Letters 12(3), 2017.\n"), name="ada_quill_cv.txt")
    question = "In which journal did Ada Quill publish her work on tide gauges?"
    probe, model = _ask(local, index, "0", question)
    thesis = _number_of(model.prompts[0], "Thesis")
    result, _ = _ask(local, index, thesis, question)
    assert result.refused and result.diagnostics["dropped"] == ["no venue where one is asked"]
    paper = _number_of(model.prompts[0], "Coastal Sensing")
    result, _ = _ask(local, index, paper, question)
    assert not result.refused and "Coastal Sensing Letters" in result.text


def test_a_title_question_answered_with_a_line_that_gives_no_title_is_refused(
        settings, index, tmp_path) -> None:
    """"What was the title of her master's thesis?" where the CV gives none: the degree's line
    (its university, its places, its years) gives no title and is refused. A book's title,
    asked for, is quoted."""
    local = _ada_quill(settings, index, tmp_path, (
        "Ada Quill\nMarine sensing researcher\n\nEducation\n"
        "Northgate University, Porto, Portugal. MSc Ocean Engineering 2012-2014\n\nBooks\n"
        "Gauging the Tides: A Field Guide to Salvaged Sensors. Northgate Press, 2019.\n"),
        name="ada_quill_cv.txt")
    question = "What was the title of Ada Quill's MSc thesis in Ocean Engineering at Northgate?"
    probe, model = _ask(local, index, "0", question)
    degree = _number_of(model.prompts[0], "Porto")
    result, _ = _ask(local, index, degree, question)
    assert result.refused and result.diagnostics["dropped"] == ["no title where one is asked"]
    question = "What is the title of Ada Quill's book?"
    probe, model = _ask(local, index, "0", question)
    book = _number_of(model.prompts[0], "Gauging")
    result, _ = _ask(local, index, book, question)
    assert not result.refused and "Gauging the Tides" in result.text


def test_a_title_is_words_of_its_own_outside_a_venue_name() -> None:
    lex = Lexicon()
    lex.add("venue", "International Conference on Intelligent Robots and Systems")
    asked = "What was the title of Ada Quill's PhD thesis at Northgate University?"
    people = ["Ada Quill"]
    assert lacks_title(asked, "Northgate University, Porto, Portugal. PhD 2012-2016 [1].",
                       people, lex) == "no title where one is asked"
    assert lacks_title(asked, "Thesis: Colliding Worlds [1].", people, lex) is None
    assert lacks_title(asked, "The title of her thesis was Autism in females [1].", people,
                       lex) is None
    paper = "What is the title of Ada Quill's paper at IROS 2024?"
    venue = "Ada Quill: International Conference on Intelligent Robots and Systems 2024 [1]."
    assert lacks_title(paper, venue, people, lex) == "no title where one is asked"
    assert lacks_title("Which conference did she attend in 2024?", venue, people, lex) is None


def test_a_venue_is_known_by_the_records_or_by_its_kind() -> None:
    lex = Lexicon()
    lex.add("venue", "Nature Plants")
    question = "Which journal published her 2020 piece on pan-genomes?"
    assert lacks_venue(question, "Plant pan-genomes are the new reference. Nature plants [1].",
                       lex) is None
    assert lacks_venue(question, "It appeared in Review of Symbolic Logic [1].", lex) is None
    assert lacks_venue(question, "PhD, University of Liverpool. Thesis: Fano varieties [1].",
                       lex) == "no venue where one is asked"
    # not asked for a venue: "Where did she present it?" may ask for a city
    assert lacks_venue("Where did she present her paper?", "Linz, Austria [1].", lex) is None
    # a journal asked, a meeting's talk given: no answer, unless a journal is on the line too
    talk = "Tidal sensing with cheap buoys. Ocean Sciences Meeting 2021 [1]."
    assert lacks_venue("In which journal did she publish her buoy paper?", talk,
                       lex) == "an event where a journal is asked"
    assert lacks_venue("At which conference did she present her buoy paper?", talk, lex) is None
    assert lacks_venue("In which journal did she publish her buoy paper?",
                       "Tidal sensing, Nature Plants 2021; talk at Ocean Sciences Meeting [1].",
                       lex) is None
    # a one-word journal counts where it stands alone, not inside a title
    lex.add("venue", "Quantum")
    asked = "In which journal did she publish her Meta-Buoy paper?"
    assert lacks_venue(asked, "The Meta-Buoy Quantum Sensor. Ocean Sciences Meeting 2021 [1].",
                       lex) == "an event where a journal is asked"
    assert lacks_venue(asked, "Meta-Buoy sensors, in Quantum 5, 2021; Ocean Sciences Meeting [1].",
                       lex) is None



_BUOY = (
    "# Ada Quill\n\n## Publications\n\n"
    "- The Meta-Buoy Quantum Sensor: Oceanic Letters 4, 112 (2021). A. Quill, B. Okoro\n"
    "- Acoustic maps of shallow bays. Harbour Science Review 2019. A. Quill\n\n"
    "## Talks\n\n"
    "- The Meta-Buoy Quantum Sensor. Ocean Sciences Meeting 2021, Lisbon\n")


def test_a_written_answer_with_a_meeting_for_a_journal_goes_to_the_line_pick(
        settings, index, tmp_path) -> None:
    """"In which journal …?" answered with the talk's meeting is an answer of another kind:
    the line pick is asked, and the paper's line with its journal is quoted."""
    quoted = _ada_quill(settings, index, tmp_path, _BUOY)
    question = "In which journal did Ada Quill publish her Meta-Buoy paper?"
    _, probe = _ask(quoted, index, "0", question)
    journal = _number_of(probe.prompts[0], "Oceanic Letters")
    auto = quoted.model_copy(update={"answer_style": "auto"})
    talk = "Ada Quill presented it at the Ocean Sciences Meeting 2021 [1]."
    model = FakeChatModel(responses=[talk, journal])
    result = Assistant(auto, index=index, chat_model=model).answer(question)
    assert len(model.calls) == 2, result
    assert not result.refused and "Oceanic Letters" in result.text, result


def test_a_compound_written_in_capitals_reaches_the_lines_the_model_reads(
        settings, index, tmp_path) -> None:
    """"Harbour-TIDE" is a name in capitals inside a compound whose words every job passage
    holds ("Harbour Systems", "tide data"): the one bullet that holds the compound, far by
    meaning from a question about a company among many job passages, is sent all the same."""
    local = _ada_quill(settings, index, tmp_path, _grant_among_jobs("Harbour-TIDE"))
    question = "Which company did Ada Quill's Harbour-TIDE work involve?"
    _, model = _ask(local, index, "0", question)
    result, _ = _ask(local, index, _number_of(model.prompts[0], "Harbour-TIDE"), question)
    assert not result.refused, result
    assert "Brinewater" in result.text


_CONSULTANT = (
    "Ada Quill\nMarine sensing researcher\n\nExperience\n"
    "2023 – 2025 Data Advisor, Department of Coastal Studies, Harbour City Hospital, Norway.\n"
    "Support doctoral students with survey design and analysis, together with a monthly class on\n"
    "sampling methods\n"
    "2021 – 2023 Postdoctoral researcher in Oceanography, Department of Earth Sciences.\n"
    "University of Tromsø, Norway.\n"
    "Acoustic monitoring with long observational series\n"
    "2018 – 2020 Consultant doctoral student, Sensor team, Brightwave Instruments. Bergen, Norway.\n"
    "Industrial doctorate: sample sizes for buoy arrays.\n")


def test_a_doubted_zero_has_the_line_that_meets_the_question_best_checked_too(
        settings, index, tmp_path) -> None:
    """Where the model's likeliest line is not the one that meets the question's words best,
    that line is checked as well, and a yes of AGREED keeps it; the quote is that one entry,
    not the dated jobs above it that its lines do not wrap from."""
    local = _ada_quill(settings, index, tmp_path, _CONSULTANT, name="ada_quill.txt")
    question = "Which company did Ada Quill work for as a consultant during her doctorate?"
    _, probe = _ask(local, index, "0", question)
    advisor = _number_of(probe.prompts[0], "Data Advisor")
    consultant = _number_of(probe.prompts[0], "Consultant doctoral")
    doubt = {"0": 0.3, advisor: 0.2, consultant: 0.12}

    def asked(*checks: dict[str, float]):
        model = FakeChatModel(responses=["0", advisor, "no", "yes"],
                              first_tokens=[doubt, {}, *checks])
        return Assistant(local, index=index, chat_model=model).answer(question), model

    result, model = asked({"yes": 0.3, "no": 0.7}, {"yes": 0.65, "no": 0.35})
    assert not result.refused and "Brightwave Instruments" in result.text, result
    assert "Data Advisor" not in result.text and "Postdoctoral" not in result.text
    assert "Data Advisor" in model.prompts[2] and "Consultant doctoral" in model.prompts[3]
    assert result.diagnostics["doubted"]["share"] == 0.65
    # under AGREED, the second line is no answer either
    result, _ = asked({"yes": 0.3, "no": 0.7}, {"yes": 0.5, "no": 0.5})
    assert result.refused and result.diagnostics["refused_by"] == "no line"


def test_a_yes_of_agreed_keeps_the_likeliest_line_only_where_it_meets_the_question_best(
        settings, index, tmp_path) -> None:
    """The model's likeliest line, checked alone, needs SURE; AGREED where it is also the line
    that meets the question's words best."""
    local = _ada_quill(settings, index, tmp_path, _CONSULTANT, name="ada_quill.txt")
    question = "Which company did Ada Quill work for as a consultant during her doctorate?"
    _, probe = _ask(local, index, "0", question)
    advisor = _number_of(probe.prompts[0], "Data Advisor")
    consultant = _number_of(probe.prompts[0], "Consultant doctoral")
    for likeliest, kept in ((consultant, True), (advisor, False)):
        model = FakeChatModel(responses=["0", likeliest, "yes", "no"], first_tokens=[
            {"0": 0.3, likeliest: 0.2}, {}, {"yes": 0.65, "no": 0.35}, {"yes": 0.2, "no": 0.8}])
        result = Assistant(local, index=index, chat_model=model).answer(question)
        assert result.refused is not kept, (likeliest, result)


def test_a_picked_entry_head_is_quoted_with_the_line_under_it_that_names_the_kind_asked(
        settings, index, tmp_path) -> None:
    """"What award did her Tidal Echo work win?" picked the entry's head ("Tidal Echo and
    Brine Shift …"): the line under it that names an award is quoted with it, not the next
    entry's."""
    local = _ada_quill(settings, index, tmp_path, (
        "# Ada Quill\n\n## Honours\n\n"
        "Tidal Echo and Brine Shift\n"
        "Award Harbour Society Medal for Best Sensor Design\n"
        "Kelp Watch: Listening to Currents with Low-Cost Buoys along the Northern Coast\n"
        "Grant Northgate Seed Grant for Ocean Robotics\n"
        "Wave Tank Controller for Teaching Labs at Calder State University\n"
        "Award Calder Teaching Prize for the best laboratory course of the department\n"))
    question = "What award did Ada Quill's Tidal Echo work win?"
    _, model = _ask(local, index, "0", question)
    listing = model.prompts[0]
    number = next(line.split(".")[0] for line in listing.splitlines()
                  if line.endswith(". Tidal Echo and Brine Shift"))
    result, _ = _ask(local, index, number, question)
    assert not result.refused, result
    assert "Tidal Echo and Brine Shift Award Harbour Society Medal for Best Sensor Design [1]" \
        in result.text
    assert "Kelp" not in result.text and "Calder" not in result.text


def test_a_bullet_under_a_picked_head_names_the_kind_asked_past_bullets_left_out() -> None:
    """"What medal did she earn for her master's?" picked the degree's head; compression left
    out a bullet between it and the one that names the medal. That bullet is still the head's,
    as long as only bullets stand between them in the passage; a bullet of the next degree is
    not."""
    body = ("Calder State University, Porto, Portugal MASTER OF PHYSICS 2010-2012\n"
            "• Top of class in five courses, Dean's list three times\n"
            "• Graduated with High Distinction. Harbour Medal for the highest GPA of all physics "
            "students graduating\n"
            "Northgate University BACHELOR OF SCIENCE 2006-2009\n"
            "• Graduated first. Northgate Medal for the best final project of the year\n")
    chunk = _education_chunk(body)
    full = body.split("\n")

    def under(kept: list[str]) -> str:
        sent = "Ada Quill | Education\n" + "\n".join(kept)
        context = [(Passage(chunk, 1.0), sent)]
        lines = [Line(0, "Ada Quill", text) for text in kept]
        return with_lines_under(lines, [0], quote_apart(context, lines), "medal", context)[0].text

    assert "Harbour Medal" in under([full[0], full[2]])
    assert "Northgate Medal" not in under([full[0], full[4]])  # the next degree's bullet
    # a long bullet (16 words) is an award's line too
    assert under([full[0], full[2]]).endswith("of all physics students graduating")


def test_an_answer_for_someone_must_name_someone_besides_places() -> None:
    """"Who hosted her visit at Northgate University?" answered with the visit's places names
    no one; a host does, even one whose name is also a city's."""
    people = ["Ada Quill"]
    asked = "Who hosted Ada Quill during her research visit at Northgate University?"
    assert lacks_asked(asked, "Ada Quill: Porto, Portugal  Northgate University, Norway [1].",
                       people) == "no one where someone is asked"
    assert lacks_asked(asked, "Ada Quill: Visiting Researcher, Northgate University. Host: Mira "
                       "Holt [1].", people) is None
    assert lacks_asked(asked, "She was hosted by Fei Gao [1].", people) is None
    # a question that names no one asks for people, whoever the answer names
    assert lacks_asked("Who worked in Porto?", "Ada Quill: Porto, Portugal [1].", people) is None


def test_when_asks_for_a_date_where_it_leads_or_closes_the_question() -> None:
    assert not fits_shape("When did Ada Quill join Northgate?", "Northgate University [1].")
    assert not fits_shape("Which lab did she join, and when?", "Tide Lab [1].")
    assert fits_shape("What medal did Ada Quill receive when she graduated from Calder State?",
                      "Harbour Medal for the highest GPA [1].")
    assert fits_shape("Where was Ada Quill born?", "Porto, Portugal [1].")


def test_an_answer_for_an_honour_asked_by_its_kind_must_name_one() -> None:
    """"What award did her 2019 paper receive?" answered with the paper's line, or "What medal
    did she earn?" with the degree's, names no honour: an answer to another question."""
    people = ["Ada Quill"]
    assert lacks_asked("What award did Ada Quill's SenSys 2019 paper receive?",
                       "Ada Quill: Making Sense of Quiet Rooms. SenSys 2019: 151-165 [1].", people)
    assert lacks_asked("Which medal did Ada Quill earn for her master's at Calder State?",
                       "Ada Quill: Calder State University MASTER OF PHYSICS 2010-2012 [1].",
                       people)
    assert lacks_asked("What award did Ada Quill's SenSys 2019 paper receive?",
                       "Ada Quill: Making Sense of Quiet Rooms. SenSys 2019. Best Paper Award "
                       "[1].", people) is None
    assert lacks_asked("Which medal did Ada Quill earn for her master's at Calder State?",
                       "Ada Quill: University Gold Medal, Calder State University [1].",
                       people) is None


def test_a_follow_up_is_met_by_the_line_of_what_its_pronoun_stands_for(
        settings, index, tmp_path) -> None:
    """"When did she finish it?" after "Where did she do her PhD?" shares no word with the PhD's
    line: the words the follow-up carries from the question before it let that line be shown
    and quoted."""
    local = _ada_quill(settings, index, tmp_path, (
        "Ada Quill\nMarine sensing researcher\n\nEducation\n"
        "Northgate University, Department of Ocean Engineering\n"
        "PhD in Ocean Engineering (10/2017–03/2021) Advisor: Mira Holt\n"
        "MSc in Physics (10/2015–07/2017) Distinction\n"), name="ada_quill_cv.txt")
    history = [("Where did Ada Quill do her PhD?", "At Northgate University, in Ocean "
                "Engineering.")]
    question = "When did she finish it?"
    model = FakeChatModel(responses=["0"])
    Assistant(local, index=index, chat_model=model).answer(question, history)
    assert model.prompts, "the PhD's line was not shown to the model"
    number = _number_of(model.prompts[0], "PhD in Ocean")
    model = FakeChatModel(responses=[number])
    result = Assistant(local, index=index, chat_model=model).answer(question, history)
    assert not result.refused and "03/2021" in result.text


def test_a_line_answers_a_span_of_years_only_where_its_entry_holds_it() -> None:
    """"Whose lab did she work in from 2021 to 2022?": the PI bullet under the job of 2022 to
    the present is another job's; the job of May 2021 - May 2022, and a job of 2020 - 2023, are
    of that span; a line of no dated entry is not judged."""
    lines = [Line(0, "Ada Quill", "Research Assistant at Northgate May. 2022 - Present"),
             Line(0, "Ada Quill", "• PI: Mira Holt. Member of the Tide Lab."),
             Line(0, "Ada Quill", "Research Assistant at Northgate May. 2021 - May. 2022"),
             Line(1, "Ada Quill", "• Member of the Kelp Lab."),
             Line(2, "Ada Quill", "Visiting researcher, Calder State University, 2020 - 2023")]
    asked = "Whose lab did Ada Quill work in as a research assistant from 2021 to 2022?"
    assert [span_fits(asked, lines, n) for n in range(5)] == [False, False, True, True, True]
    assert all(span_fits("Whose lab did Ada Quill work in?", lines, n) for n in range(5))


def test_the_second_witness_gives_the_kind_of_thing_asked() -> None:
    """"Which city did she go to for her PhD stay abroad in 2022?": the PhD project line and
    the PhD mobility line meet as many of its words; only the second names a city, so it is the
    line that meets the question best."""
    lines = [Line(0, "Ada Quill", "2018-22 TIDEWATCH – Coastal sensing with buoys – Role: PhD "
                                  "student."),
             Line(1, "Ada Quill", "2022 PhD mobility. Ocean Acoustics Lab (sept - nov 2022). "
                                  "Univ. of Melbourne Melbourne, Australia")]
    sections = ["Research Projects", "Education"]
    question = "Which city did Ada Quill go to for her PhD research stay abroad in 2022?"
    assert best_met(question, lines, [0, 1], ["Ada Quill"], sections) == 1
    # asked for no kind, the two lines tie: no witness
    assert best_met("What did Ada Quill do during her PhD research in 2022?", lines, [0, 1],
                    ["Ada Quill"], sections) is None


def test_who_and_a_when_clause_are_checked_on_the_quoted_answer(settings, index, tmp_path) -> None:
    """Through the line pick: "Who hosted her …?" answered with the visit's places is refused,
    with the host's line it is quoted; "What medal did she receive when she graduated …?" is
    answered by the medal's line, which holds no date."""
    local = _ada_quill(settings, index, tmp_path, (
        "Ada Quill\nMarine sensing researcher\n\nResearch visits\n"
        "2019 Research visit: Northgate University, Porto, Portugal.\n\nHonours\n"
        "Harbour Medal for the highest GPA of all physics students graduating, Calder State\n"
        "\nMentors\nMira Holt hosted my research visit at Northgate University.\n"),
        name="ada_quill_cv.txt")
    question = "Who hosted Ada Quill during her research visit at Northgate University?"
    _, model = _ask(local, index, "0", question)
    place = _number_of(model.prompts[0], "Porto")
    result, _ = _ask(local, index, place, question)
    assert result.refused and result.diagnostics["dropped"] == ["no one where someone is asked"]
    host = _number_of(model.prompts[0], "Mira Holt")
    result, _ = _ask(local, index, host, question)
    assert not result.refused and "Mira Holt" in result.text
    question = "What medal did Ada Quill receive when she graduated from Calder State?"
    _, model = _ask(local, index, "0", question)
    medal = _number_of(model.prompts[0], "Harbour Medal")
    result, _ = _ask(local, index, medal, question)
    assert not result.refused and "Harbour Medal" in result.text
