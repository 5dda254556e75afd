"""Answers pieced from several people's passages say whose each sentence is."""

from __future__ import annotations

from assistant.types import Answer, Citation
from ui.answers import name_people

CITES = [Citation(1, "cv_71c2.txt", "Daniel Achterberg", "Research Interests", None, "q", "a:1"),
         Citation(2, "cv_e418.md", "Jun Wei", "Research", None, "q", "b:2")]


def test_each_persons_sentences_start_a_line_that_names_them() -> None:
    text = ("Datacenter networking, congestion control [1]. Programmable switches [1]. "
            "I work on congestion control for RDMA [2].")
    shown = name_people(Answer(text, CITES)).text
    assert shown.split("\n") == [
        ("Daniel Achterberg: Datacenter networking, congestion control [1]. "
         "Programmable switches [1]."),
        "Jun Wei: I work on congestion control for RDMA [2].",
    ]


def test_a_sentence_that_names_its_person_or_cites_two_is_left_alone() -> None:
    text = "Jun Wei works on RDMA [2]. Both study congestion [1, 2]."
    assert name_people(Answer(text, CITES)).text == text
    assert name_people(Answer("Advisor: Mireille Duchamp [2].", CITES)).text == \
        "Jun Wei: Advisor: Mireille Duchamp [2]."


def test_records_answers_and_refusals_are_shown_as_they_are() -> None:
    records = Answer("- Jun Wei: Quokka, NSDI 2023 [2].", CITES, route="collection")
    refused = Answer("The indexed documents do not say.", refused=True, route="refusal")
    assert name_people(records) is records and name_people(refused) is refused
    assert name_people(Answer("No markers here.", CITES)).text == "No markers here."


def test_the_line_that_turns_a_premise_down_stays_above_the_named_sentences() -> None:
    text = "None of the passages found names Google; they say instead:\nShe interned at MSR [2]."
    shown = name_people(Answer(text, CITES, absent=["Google"])).text
    assert shown.split("\n") == ["None of the passages found names Google; they say instead:",
                                 "Jun Wei: She interned at MSR [2]."]
