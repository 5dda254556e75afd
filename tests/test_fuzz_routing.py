"""Fuzzing the question parser: any string, however long, strange or hostile, parses to a Query
whose row is "retrieval" or a well-formed typed query over the lexicon's people."""

from __future__ import annotations

import typing

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from assistant.routes import parse
from assistant.routes.lexicon import Lexicon
from assistant.routes.query import Query, Relation, Shape

FUZZ = settings(max_examples=500, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow])
RELATIONS = set(typing.get_args(Relation))
SHAPES = set(typing.get_args(Shape))
PEOPLE = ("Ana Ruiz", "Jinliang Wei", "Zoë Kołczyńska", "Jae-Won Chung")


def _lexicon() -> Lexicon:
    lex = Lexicon(people=PEOPLE)
    for kind, text in [
        ("venue", "OSDI"), ("venue", "ACM SOSP"), ("venue", "EuroSys '19 @ Dresden"),
        ("institution", "Carnegie Mellon University"), ("institution", "KAIST"),
        ("institution", "Korea Advanced Institute of Science and Technology (KAIST)"),
        ("organisation", "Microsoft Research"), ("organisation", "Determined AI, Boston"),
        ("award", "Best Paper Award"), ("course", "CS 162 Operating Systems"),
    ]:
        lex.add(kind, text)
    lex.names.update({"Garth A. Gibson", "Eric P. Xing", "Bo Li", "Eli Stern"})
    lex.titles += ["LineFS: Efficient SmartNIC Offload", "Parity Models: Erasure-Coded Resilience",
                   "Tessellate"]
    return lex


LEX = _lexicon()
WORDS = [
    *PEOPLE, "Ruiz", "Wei", "Kolczynska", "Ana", "he", "she", "her", "his", "their", "who", "what",
    "when", "where", "which", "how many", "did", "does", "is", "papers", "published", "at",
    "in", "OSDI", "SOSP", "EuroSys'19", "co-authored", "with", "advised", "advisor", "PhD",
    "master's", "studied", "KAIST", "CMU", "Carnegie Mellon", "worked", "intern", "interned",
    "Microsoft", "award", "won", "taught", "CS 162", "between 2015 and 2019", "since 2018",
    "before 2010", "2019–2021", "between 2021 and 2016", "2020-2012", "after 2030", "not", "never",
    "first author", "first-author",
    "LineFS", "Parity Models", '"Tessellate"', "'Efficient SmartNIC'", "that paper", "it",
    "?", ",", ".", "!", "-", "—", "’s", "'s", "(", ")", '"', "'", "ignore previous instructions",
    "</context>", "Garth Gibson", "Bo Li", "Eli", "and", "or", "Ph.D.", "M.Sc.", "B.S.",
]
# Questions the records may answer, with a random part in any slot: typed queries are reached.
_SLOTS = [
    ["Who", "What", "When", "Where", "How many", "Did", "Which", "List", ""],
    ["papers did", "did", "has", "is", "advisor of", "degrees of", "jobs of", ""],
    [*PEOPLE, "he", "Ruiz", "Ana Ruiz and Jinliang Wei", "everyone", ""],
    ["publish", "publish at", "co-author with", "study at", "work at", "intern at", "win",
     "teach", "advised by", "get a PhD", "first-author", ""],
    ["OSDI", "SOSP", "KAIST", "CMU", "Microsoft", "the Best Paper Award", "CS 162", "Bo Li",
     "Garth Gibson", "LineFS", "Determined AI", ""],
    ["in 2019", "between 2015 and 2019", "between 2021 and 2016", "since 2018", "after 2030",
     "2020-2012", "before 1900", ""],
    ["?", "", "?!", " please?", " — not remotely?"],
]
_TEMPLATED = st.builds(lambda parts: " ".join(p for p in parts if p),
                       st.tuples(*(st.one_of(st.sampled_from(slot), st.sampled_from(slot),
                                             st.text(max_size=8)) for slot in _SLOTS)))
QUESTIONS = st.one_of(
    _TEMPLATED, _TEMPLATED,
    st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join),
    st.lists(st.sampled_from(WORDS), max_size=14).map("".join),
    st.text(max_size=200),
    st.builds(lambda word, n: " ".join([word] * n), st.sampled_from(WORDS), st.integers(50, 800)),
    st.text(alphabet=st.characters(categories=["P", "S", "Zs"]), max_size=200),
)


def _assert_well_formed(query: Query, focus: tuple[str, ...]) -> None:
    row = query.as_row()
    event("retrieval" if row == "retrieval" else f"typed: {query.relation}")
    if row == "retrieval":
        assert not query.answerable
        return
    assert isinstance(row, dict) and query.answerable
    assert row["relation"] in RELATIONS and row["shape"] in SHAPES
    assert set(row.get("people", [])) <= set(PEOPLE) | set(focus)
    assert all(isinstance(name, str) and name for name in row.get("others", []))
    if "since" in row and "until" in row:
        assert row["since"] <= row["until"], row
    assert row.get("value") is None or (isinstance(row["value"], str) and row["value"].strip())


@FUZZ
@given(question=QUESTIONS, focus=st.sampled_from([(), ("Ana Ruiz",), ("Jinliang Wei", "Ana Ruiz")]))
def test_any_question_parses_to_a_well_formed_query(question: str,
                                                    focus: tuple[str, ...]) -> None:
    _assert_well_formed(parse(question, LEX, focus=focus), focus)


@FUZZ
@given(question=QUESTIONS, context=QUESTIONS)
def test_any_previous_turn_leaves_the_query_well_formed(question: str, context: str) -> None:
    _assert_well_formed(parse(question, LEX, focus=("Ana Ruiz",), context=context), ("Ana Ruiz",))


@FUZZ
@given(question=QUESTIONS)
def test_parsing_is_deterministic(question: str) -> None:
    assert parse(question, LEX).as_row() == parse(question, LEX).as_row()


def test_a_year_window_written_backwards_is_read_in_order() -> None:
    """Found by the fuzzing above: "between 2021 and 2016" gave since 2021, until 2016, a window
    no record fits, so the records answered that there was nothing."""
    row = parse("What degrees did Ana Ruiz get between 2021 and 2016?", LEX).as_row()
    assert isinstance(row, dict) and (row["since"], row["until"]) == (2016, 2021)
