"""The eval harness: each metric on hand-made cases, and broken assistants scoring worse."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from assistant.answer import Assistant, refusal
from assistant.citations import strip_markers
from assistant.retrieval import Passage, resolve_people
from assistant.settings import Settings
from assistant.types import Answer, Citation
from eval import metrics, report
from eval.harness import (
    Case,
    EvalError,
    EvalSet,
    Run,
    eval_settings,
    load_cases,
    prepare_index,
    resolve_set,
    run_cases,
)
from eval.metrics import CaseResult, ChunkRef


def _case(**fields: Any) -> Case:
    base: dict[str, Any] = {"id": "t-1", "kind": "single_fact", "question": "Who advised Ada?",
                            "facts": (("Babbage", "C. Babbage"), ("1843",)),
                            "gold_people": ("Ada Lovelace",), "gold_sources": ("ada.md",)}
    return Case(**{**base, **fields})


def _ref(source: str, person: str = "Ada Lovelace", text: str = "",
         n: int | None = None) -> ChunkRef:
    return ChunkRef(f"{source}:{n}", source, person, text, n)


def _result(case: Case | None = None, text: str = "", refused: bool = False,
            **kw: Any) -> CaseResult:
    return CaseResult(case or _case(), text, refused, **kw)


# -- metrics on hand-made cases ------------------------------------------------------------------

def test_fact_recall_counts_any_variant_case_insensitively() -> None:
    r = _result(text="She was advised by c. babbage [1].")
    assert metrics.fact_recall(r) == 0.5 and metrics.facts_all(r) == 0.0
    both = _result(text="Babbage, in 1843 [1].")
    assert metrics.fact_recall(both) == 1.0 and metrics.facts_all(both) == 1.0
    assert metrics.fact_recall(_result(_case(refuse=True, facts=()), "x")) is None


def test_a_number_fact_is_not_met_by_a_citation_marker_or_a_longer_number() -> None:
    case = _case(facts=(("6", "six"),))
    for wrong in ("Jack: 10 [1][2][3][4][5][6].", "In 2016 [1].", "A 6.5 GPA [1].", "16 [1]."):
        assert metrics.fact_recall(_result(case, wrong)) == 0.0, wrong
    for right in ("Jack: 6 [1].", "Six papers [2].", "6, with two in press [1].", "(6) [1]"):
        assert metrics.fact_recall(_result(case, right)) == 1.0, right
    assert metrics.fact_recall(_result(_case(facts=(("3.74",),)), "GPA: 3.74/4 [1].")) == 1.0


def test_a_course_code_matches_with_or_without_its_space() -> None:
    case = _case(facts=(("CS 105",), ("ee380",)))
    assert metrics.fact_recall(_result(case, "She taught CS105 and EE 380 [1].")) == 1.0
    assert metrics.fact_recall(_result(case, "She taught CS 1050 and EE 38 [1].")) == 0.0


def test_retrieval_metrics_rank_gold_sources() -> None:
    case = _case(gold_sources=("a.md", "b.md", "c.md"))
    r = _result(case, retrieved=[_ref("x.md"), _ref("a.md"), _ref("y.md"), _ref("b.md")])
    assert metrics.hit_at_k(r) == 1.0
    assert metrics.mrr(r) == 0.5
    assert metrics.context_precision(r) == pytest.approx((1 / 2 + 2 / 4) / 2)
    assert metrics.context_recall(r) == pytest.approx(2 / 3)
    miss = _result(case, retrieved=[_ref("x.md")])
    assert (metrics.hit_at_k(miss), metrics.mrr(miss), metrics.context_precision(miss)) == (0, 0, 0)
    assert metrics.hit_at_k(_result(_case(refuse=True, gold_sources=()))) is None


def test_citation_validity_needs_markers_that_all_resolve() -> None:
    cites = [_ref("ada.md", n=1), _ref("ada.md", n=2)]
    assert metrics.citation_validity(_result(text="A [1]. B [1, 2].", citations=cites)) == 1.0
    assert metrics.citation_validity(_result(text="A [1]. B [3].", citations=cites)) == 0.0
    assert metrics.citation_validity(_result(text="A. B.", citations=cites)) == 0.0
    assert metrics.citation_validity(_result(text="refused", refused=True)) is None


def test_citation_precision_needs_gold_source_and_a_fact_in_the_chunk() -> None:
    cites = [_ref("ada.md", text="Advisor: Charles Babbage", n=1),
             _ref("ada.md", text="Hobbies: poetry", n=2),
             _ref("other.md", text="Babbage also advised Ada", n=3)]
    assert metrics.citation_precision(_result(text="x [1][2][3]", citations=cites)) == 1 / 3
    assert metrics.citation_precision(_result(text="no citations")) is None


def test_person_attribution_is_the_share_of_citations_about_gold_people() -> None:
    cites = [_ref("a.md", "Ada Lovelace", n=1), _ref("a.md", "Ada Lovelace", n=2),
             _ref("b.md", "Alan Turing", n=3)]
    assert metrics.person_attribution(_result(citations=cites)) == pytest.approx(2 / 3)
    assert metrics.person_attribution(_result(_case(gold_people=()), citations=cites)) is None


def test_refusal_precision_and_recall() -> None:
    should, shouldnt = _case(refuse=True, facts=(), gold_sources=()), _case()
    results = [_result(should, refused=True), _result(should, refused=False),
               _result(shouldnt, refused=True), _result(shouldnt, refused=True)]
    scores = metrics.refusal_scores(results)
    assert scores == {"refusal_precision": 1 / 3, "refusal_recall": 1 / 2}
    assert metrics.refusal_scores([_result(shouldnt)])["refusal_precision"] is None
    # "None of the passages found names Google; …" turns a false premise down
    turned = metrics.refusal_scores([_result(should, absent=True), _result(should)])
    assert turned == {"refusal_precision": None, "refusal_recall": 1 / 2}


def test_latency_percentiles_interpolate() -> None:
    assert metrics.percentile([4.0, 1.0, 3.0, 2.0], 50) == 2.5
    assert metrics.percentile([1.0, 2.0, 3.0, 4.0], 95) == pytest.approx(3.85)
    assert metrics.percentile([0.7], 95) == 0.7 and metrics.percentile([], 50) is None
    scores = metrics.latency_scores([_result(first_token_s=0.1, total_s=1.0)])
    assert scores["first_token_p95_s"] == 0.1 and scores["total_p50_s"] == 1.0


def test_aggregate_leaves_out_metrics_that_do_not_apply() -> None:
    refusal_case = _case(refuse=True, facts=(), gold_sources=())
    results = [_result(text="Babbage 1843 [1]", citations=[_ref("ada.md", n=1)]),
               _result(refusal_case, text="cannot", refused=True)]
    overall = metrics.aggregate(results)
    assert overall["n"] == 2 and overall["fact_recall"] == 1.0
    assert overall["citation_validity"] == 1.0 and overall["refusal_recall"] == 1.0
    assert set(metrics.by_kind(results)) == {"single_fact"}


# -- cases, sets, reports ------------------------------------------------------------------------

def test_shipped_case_files_load_and_follow_the_schema() -> None:
    for name in ("shared", "sample", "real", "real-fresh", "real-third", "real-fourth",
                 "real-fifth", "real-sixth"):
        cases = load_cases(resolve_set(name).cases_path)
        assert len({c.id for c in cases}) == len(cases) >= 30
        for c in cases:
            assert c.refuse == (not c.gold_sources) and (c.refuse or c.facts), c.id


def test_bad_case_lines_and_sets_are_reported(tmp_path: Path) -> None:
    bad = tmp_path / "mine.jsonl"
    bad.write_text('{"id": "x", "kind": "single_fact", "question": "q"}\n{"id": "y"}\n')
    with pytest.raises(EvalError, match=r"mine.jsonl:2"):
        load_cases(bad)
    with pytest.raises(EvalError, match="--corpus"):
        resolve_set(str(bad))
    assert resolve_set(str(bad), tmp_path).name == "mine"
    assert resolve_set(str(bad), tmp_path).names == {}
    assert resolve_set("shared", shared=tmp_path).corpus == tmp_path / "corpus" / "profiles"
    # the people of pages whose text does not name them, beside the cases
    beside = tmp_path / "mine.names.json"
    beside.write_text('{"ada_quill.md": "Ada Quill"}')
    assert resolve_set(str(bad), tmp_path).names == {"ada_quill.md": "Ada Quill"}
    beside.write_text('["ada_quill.md"]')
    with pytest.raises(EvalError, match="file name"):
        resolve_set(str(bad), tmp_path)


def test_thresholds_parse_and_fail_runs_below_them() -> None:
    with pytest.raises(EvalError, match="unknown metric"):
        report.parse_thresholds(["recall=0.5"])
    run = Run(EvalSet("t", Path("t.jsonl"), Path(".")), "fake", "fake", 6,
              [_result(text="Babbage [1]", citations=[_ref("ada.md", n=1)], total_s=3.0)])
    assert report.failures([run], report.parse_thresholds(["fact_recall=0.5"])) == []
    assert report.failures([run], {"fact_recall": 0.6}) == [
        "t/fake: fact_recall 0.50 < 0.6 (--min)"]
    assert report.failures([run], {}, {"total_p95_s": 2.0}) == [
        "t/fake: total_p95_s 3.000 > 2.0 (--max)"]


# -- the harness against the real extractive assistant and broken ones ---------------------------

class WrongPerson:
    """Answers about someone else: the real assistant restricted to a person not asked about."""

    def __init__(self, inner: Assistant) -> None:
        self.inner = inner

    def stream_answer(self, question: str, history: Any = None, **options: Any) -> Iterator[Any]:
        known = sorted(self.inner.index.people())
        named = resolve_people(question, known, history)
        other = next(p for p in known if p not in named)
        return self.inner.stream_answer(question, history, people=[other], **options)


class NoMarkers:
    """The real answers with every [n] marker dropped from the text."""

    def __init__(self, inner: Assistant) -> None:
        self.inner = inner

    def stream_answer(self, question: str, history: Any = None, **options: Any) -> Iterator[Any]:
        for piece in self.inner.stream_answer(question, history, **options):
            yield replace(piece, text=strip_markers(piece.text)) if isinstance(piece, Answer) \
                else strip_markers(piece)


class NeverRefuses:
    """Where the real assistant refuses, a confident invented answer citing the top passage."""

    def __init__(self, inner: Assistant) -> None:
        self.inner = inner

    def stream_answer(self, question: str, history: Any = None, *, on_sources: Any = None,
                      **options: Any) -> Iterator[Any]:
        passages: list[Passage] = []

        def capture(found: list[Passage]) -> None:
            passages.extend(found)
            if on_sources:
                on_sources(found)

        for piece in self.inner.stream_answer(question, history, on_sources=capture, **options):
            yield _invented(passages) if isinstance(piece, Answer) and piece.refused else piece


def _invented(passages: list[Passage]) -> Answer:
    cites = [Citation(1, p.chunk.source, p.chunk.person, p.chunk.section, p.chunk.page,
                      p.chunk.text[:80], p.chunk.id) for p in passages[:1]]
    return Answer(text="Yes: it was $250,000, awarded in 1997 [1].", citations=cites,
                  backend="fake", retrieved=[p.chunk.id for p in passages])


class RefusesEverything:
    """Refuses every question without looking."""

    def stream_answer(self, question: str, history: Any = None, **options: Any) -> Iterator[Any]:
        yield refusal("fake")


@pytest.fixture(scope="module")
def sample_run(tmp_path_factory: pytest.TempPathFactory, embedder) -> Iterator[dict[str, Any]]:
    settings = Settings(home=tmp_path_factory.mktemp("home"), llm="extractive")
    eval_set = resolve_set("sample")
    index, ingested = prepare_index(eval_set, settings, embedder)
    assert ingested.count("failed") == 0
    assistant = Assistant(eval_settings(eval_set, settings), index=index, chat_model=None)
    cases = load_cases(eval_set.cases_path)
    results = run_cases(assistant, cases, index)
    yield {"settings": settings, "index": index, "assistant": assistant, "cases": cases,
           "real": metrics.aggregate(results), "results": results}
    index.close()


def _score(sample_run: dict[str, Any], answerer: Any) -> dict[str, metrics.Score]:
    return metrics.aggregate(run_cases(answerer, sample_run["cases"], sample_run["index"]))


def test_real_extractive_assistant_retrieves_cites_and_answers(sample_run) -> None:
    real = sample_run["real"]
    assert real["n"] == len(sample_run["cases"])
    assert real["hit@k"] > 0.8 and real["citation_validity"] == 1.0
    assert real["person_attribution"] > 0.8 and real["fact_recall"] > 0.2
    assert all(r.total_s >= r.first_token_s > 0 for r in sample_run["results"])


def test_wrong_person_answers_lose_attribution_facts_and_precision(sample_run) -> None:
    real, wrong = sample_run["real"], _score(sample_run, WrongPerson(sample_run["assistant"]))
    assert wrong["person_attribution"] < real["person_attribution"] - 0.4
    assert wrong["fact_recall"] < real["fact_recall"] / 2
    assert wrong["citation_precision"] < real["citation_precision"] - 0.3
    assert wrong["hit@k"] < real["hit@k"] - 0.3


def test_dropped_markers_make_every_answer_invalidly_cited(sample_run) -> None:
    real, bare = sample_run["real"], _score(sample_run, NoMarkers(sample_run["assistant"]))
    assert bare["citation_validity"] == 0.0 < real["citation_validity"]
    assert bare["fact_recall"] == real["fact_recall"]  # the content itself is unchanged


def test_invented_answers_to_refusal_cases_lose_refusal_recall(sample_run) -> None:
    real, bold = sample_run["real"], _score(sample_run, NeverRefuses(sample_run["assistant"]))
    assert bold["refusal_recall"] == 0.0 < real["refusal_recall"]
    assert bold["refusal_precision"] is None  # nothing refused: no refusal can be right


def test_refusing_everything_loses_facts_and_retrieval(sample_run) -> None:
    real, mute = sample_run["real"], _score(sample_run, RefusesEverything())
    assert mute["fact_recall"] == 0.0 < real["fact_recall"]
    assert mute["hit@k"] == 0.0 < real["hit@k"]
    assert mute["refusal_recall"] == 1.0
    share = sum(c.refuse for c in sample_run["cases"]) / len(sample_run["cases"])
    assert mute["refusal_precision"] == pytest.approx(share)


def test_cli_writes_reports_compares_them_and_enforces_thresholds(sample_run, tmp_path,
                                                                  capsys) -> None:
    from assistant.cli import main

    home = str(sample_run["settings"].home)
    base = ["--home", home, "eval", "sample", "--llm", "extractive", "--limit", "6", "--quiet"]
    assert main([*base, "--report", str(tmp_path / "a.json")]) == 0
    assert main([*base, "--report", str(tmp_path / "b.json"), "--min", "fact_recall=1.01"]) == 1
    assert "fact_recall" in capsys.readouterr().err
    saved = json.loads((tmp_path / "a.json").read_text())
    assert saved["runs"][0]["overall"]["n"] == 6 and len(saved["runs"][0]["cases"]) == 6
    rows = (tmp_path / "a.sample.extractive.ragas.jsonl").read_text().splitlines()
    assert {"user_input", "retrieved_contexts", "response", "reference"} <= set(json.loads(rows[0]))
    assert "| metric |" in (tmp_path / "a.md").read_text()
    assert main(["eval", "--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    assert "a.json: sample/extractive" in capsys.readouterr().out


def test_refusal_funnel_names_the_stage_that_refused_each_answerable_case() -> None:
    gold = ChunkRef("c1", "cv.md", "Ana Ruiz", "Ana Ruiz | Education\nPh.D., Halverson University")
    other = ChunkRef("c2", "other.md", "Bo Lee", "Bo Lee | Skills\nPython")
    case = _case(facts=(("Halverson",),), gold_sources=("cv.md",), refuse=False)

    def refused(**kw: Any) -> CaseResult:
        return CaseResult(case, "I cannot answer", True, retrieved=[gold], **kw)

    assert metrics.funnel_stage(refused(refused_by="override")) == "override filter"
    missing = CaseResult(case, "x", True, retrieved=[other], refused_by="model")
    assert metrics.funnel_stage(missing) == "not retrieved"
    dropped = refused(refused_by="model", context=["Ana Ruiz | Education\nPh.D."])
    assert metrics.funnel_stage(dropped) == "compression dropped the fact"
    assert metrics.funnel_stage(refused(refused_by="model", context=["Halverson"])) == \
        "model wrote the refusal"
    checker = refused(refused_by="checker", dropped=["name mismatch", "name mismatch"],
                      context=["Halverson"])
    assert metrics.funnel_stage(checker) == "checker: name mismatch"
    answered = CaseResult(case, "Halverson University [1].", False, retrieved=[gold])
    assert metrics.funnel_stage(answered) is None
    assert metrics.funnel([checker, missing, answered]) == {"not retrieved": 1,
                                                            "checker: name mismatch": 1}
    other_kind = refused(refused_by="checker", dropped=["no place where one is asked"],
                         context=["Halverson"])
    assert metrics.funnel([other_kind, missing]) == {
        "not retrieved": 1, "checker: no place where one is asked": 1}
    assert metrics.over_refusal(missing) == 1.0 and metrics.over_refusal(answered) == 0.0
    wrong = CaseResult(case, "Carnegie Mellon [1].", False, retrieved=[gold])
    assert metrics.wrong_answer(wrong) == 1.0 and metrics.wrong_answer(answered) == 0.0


def test_eval_draws_a_chart_beside_its_reports_and_compare_draws_one_too(sample_run, tmp_path,
                                                                         capsys) -> None:
    from PIL import Image

    from assistant.cli import main

    home = str(sample_run["settings"].home)
    base = ["--home", home, "eval", "sample", "--llm", "extractive", "--limit", "8", "--quiet"]
    assert main([*base, "--report", str(tmp_path / "a.json")]) == 0
    assert main([*base, "--kinds", "single_fact", "--report", str(tmp_path / "b.json")]) == 0
    assert str(tmp_path / "a.png") in capsys.readouterr().out
    assert main(["eval", "--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    assert f"chart: {tmp_path / 'b.vs-a.png'}" in capsys.readouterr().out
    for name in ("a.png", "b.png", "b.vs-a.png"):
        with Image.open(tmp_path / name) as image:
            image.load()
            assert image.format == "PNG" and image.width > 1000 and image.height > 700
        assert (tmp_path / name).stat().st_size > 30_000


def test_chart_draws_the_funnel_only_when_the_report_has_one(tmp_path) -> None:
    from PIL import Image

    from eval import charts

    case = {"should_refuse": False, "first_token_s": 0.01, "total_s": 0.5}
    run = {"label": "t/fake", "backend": "fake", "overall": {"n": 2},
           "by_kind": {"single_fact": {"n": 2, "fact_recall": 0.5, "hit@k": 1.0}},
           "cases": [case, {**case, "total_s": 1.5}]}
    sizes = {}
    for name, extra in (("plain", {}), ("funnel", {"funnel": {"not retrieved": 1}})):
        path = charts.eval_chart({"runs": [{**run, **extra}]}, tmp_path / f"{name}.png")
        with Image.open(path) as image:
            sizes[name] = image.size
    assert sizes["funnel"][0] > sizes["plain"][0]  # a third column for the funnel


def test_a_chart_that_cannot_be_drawn_leaves_the_reports_and_warns_once(sample_run, tmp_path,
                                                                        monkeypatch,
                                                                        capsys) -> None:
    from assistant.cli import main
    from eval import charts

    def broken(*args: Any) -> Any:
        raise RuntimeError("no fonts\nsecond line")

    monkeypatch.setattr(charts, "eval_chart", broken)
    home = str(sample_run["settings"].home)
    assert main(["--home", home, "eval", "sample", "--llm", "extractive", "--limit", "3",
                 "--quiet", "--report", str(tmp_path / "a.json")]) == 0
    assert (tmp_path / "a.json").exists() and (tmp_path / "a.md").exists()
    assert not (tmp_path / "a.png").exists()
    err = capsys.readouterr().err.splitlines()
    assert [line for line in err if "chart" in line] == [
        "warning: chart not written (RuntimeError: no fonts)"]


def test_a_gold_name_is_the_indexed_person_it_names() -> None:
    """A case names "Jon E. Froehlich" or "Cătălina Cangea" as the document does; identity read
    "Jon Froehlich" and "Catălina Cangea": the same people, so a right answer scores right. A
    first name that differs, or a last name two people share, is no match."""
    known = ["Jon Froehlich", "Catălina Cangea", "Alireza Kazemi", "Alireza Ziabari",
             "Ana Ruiz", "Bo Ruiz"]
    assert metrics.indexed_name("Jon E. Froehlich", known) == "Jon Froehlich"
    assert metrics.indexed_name("Cătălina Cangea", known) == "Catălina Cangea"
    assert metrics.indexed_name("Alireza Kazemi", known) == "Alireza Kazemi"
    assert metrics.indexed_name("Eva Ruiz", known) == "Eva Ruiz"
    assert metrics.indexed_name("Zhizhou Kazemi", known) == "Alireza Kazemi"  # only Kazemi


def test_sets_over_the_same_documents_ingest_them_once(tmp_path, embedder) -> None:
    # the three question sets of the real corpus share one store, as a set's paraphrases share
    # the set's: an eval of another set over the same documents finds them all indexed
    assert {resolve_set(n).store for n in ("real", "real-fresh", "real-third",
                                           "real-fourth", "real-fifth", "real-sixth")} == {"real"}
    settings = Settings(home=tmp_path, llm="extractive")
    first, second = resolve_set("sample"), resolve_set("sample-paraphrases")
    assert eval_settings(first, settings).home == eval_settings(second, settings).home
    index, ingested = prepare_index(first, settings, embedder)
    index.close()
    assert ingested.count("added") == len(ingested.files) > 0
    index, again = prepare_index(second, settings, embedder)
    try:
        assert again.count("unchanged") == len(again.files) == len(ingested.files)
        assert index.indexed_paths() and again.chunks_added == 0
    finally:
        index.close()
