"""The benchmark's own logic on a tiny generated corpus.

Covers the cache, questions, figures, table and server.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pdfs
import pytest
from conftest import REPO

from ingest.pipeline import ingest

if str(REPO) not in sys.path:  # bench/ is a development tool, not an installed package
    sys.path.insert(0, str(REPO))
from bench import ingest_bench, query_bench, real_bench, report
from bench.chroma_server import chroma_server, cpu_seconds, peak_rss_mb
from bench.embed_cache import CachedEmbeddings
from bench.generate import generate

N, SEED = 8, 17


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("bench") / "profiles"
    return folder, generate(folder, N, SEED)


def test_cache_returns_the_models_vectors_and_counts_hits(embedder, tmp_path) -> None:
    texts = ["Jun Vei | Education\nPh.D., Drathei University", "Jan Vei | Awards\nBest Paper"]
    cached = CachedEmbeddings(embedder, tmp_path / "cache.sqlite")
    first = cached.embed_documents(texts)
    assert (cached.hits, cached.misses) == (0, 2)
    again = CachedEmbeddings(embedder, tmp_path / "cache.sqlite")  # a later run
    second = again.embed_documents([texts[1], "new text", texts[0]])
    assert (again.hits, again.misses) == (2, 1)
    assert np.allclose(second[0], first[1]) and np.allclose(second[2], first[0])
    assert np.allclose(second, embedder.embed_documents([texts[1], "new text", texts[0]]),
                       atol=1e-5)
    again.embed_query(texts[0])
    assert again.hits == 2  # queries are never served from the cache


def test_question_sample_is_stable_and_percentiles_are_nearest_rank() -> None:
    questions = [{"question": str(i)} for i in range(50)]
    sample = query_bench.sample_questions(questions, 10, SEED)
    assert sample == query_bench.sample_questions(questions, 10, SEED)
    assert len({q["question"] for q in sample}) == 10
    assert query_bench.sample_questions(questions, 80, SEED) == questions
    values = [float(v) for v in range(1, 101)]
    assert query_bench.percentile(values, 50) == 51.0  # rank round(0.5 * 99) = 50
    assert query_bench.percentile(values, 95) == 95.0
    assert query_bench.percentile([3.0], 95) == 3.0


def test_retrieval_finds_the_gold_file_for_most_generated_questions(corpus, settings,
                                                                    index) -> None:
    folder, truth = corpus
    ingest([folder], settings, index)
    questions = truth["questions"]
    figures = query_bench.measure_retrieval(index, settings, questions)
    assert figures["questions"] == len(questions)
    assert figures["hit5"] >= 0.8 and figures["person_found"] >= 0.9
    assert figures["answer5"] >= 0.7
    assert 0 < figures["retrieval_p50_ms"] <= figures["retrieval_p95_ms"]
    passages, focus = query_bench.retrieve_as_answer_does(index, settings,
                                                          questions[0]["question"])
    assert focus == [questions[0]["gold_person"]]
    assert query_bench.is_hit(passages, questions[0]["gold_file"])
    assert not query_bench.is_hit(passages, "no-such-file.md")
    assert query_bench.answer_in(passages, questions[0]["answer"])
    assert not query_bench.answer_in(passages, f"{questions[0]['answer']}; Nobody Atall")

    answers = query_bench.measure_answers(index, settings, questions[:3], "extractive")
    assert answers["extractive_n"] == 3 and answers["extractive_backend"] == "extractive"
    assert answers["extractive_p50_s"] <= answers["extractive_p95_s"]


def test_measuring_process_reports_ingest_and_query_figures(corpus, tmp_path) -> None:
    folder, _ = corpus
    job = {"name": "test", "paths": [str(folder)], "truth": str(folder / "truth.json"),
           "chroma_url": None, "server_pid": None, "profile": False, "bare_chunks": 2000,
           "embed_cache": str(tmp_path / "cache.sqlite"), "questions": 6, "llm_sample": 0,
           "seed": SEED}
    first = ingest_bench.measure(job)
    assert first["files"] == N and first["identity"] == f"{N}/{N}"
    assert first["cache_hits"] == 0 and first["cache_misses"] == first["chunks"]
    assert first["bare_s"] > 0 and first["questions"] == 6 and "local_n" not in first
    second = ingest_bench.measure(job)
    assert second["cache_hits"] == second["chunks"] and "bare_s" not in second
    assert second["hit5"] == first["hit5"]  # the same vectors, so the same passages

    rows = {"a": {**first, "corpus": "100", "store": "embedded", "measured": "now"},
            "b": {**second, "corpus": "100", "store": "server", "measured": "now"}}
    text = report.write_results(rows, tmp_path / "results.md")
    ingest_rows = [line for line in text.splitlines() if line.startswith("| 100 |")]
    assert len(ingest_rows) == 4  # both stores, in the ingest table and the query table
    assert "†" in ingest_rows[1] and "fresh, cached" in ingest_rows[0]


def _row(corpus: str, **figures: float) -> dict:
    return {"corpus": corpus, "store": "embedded", "questions": 300, "retrieval_cpu_ms": 10.0,
            **figures}


def test_targets_say_met_or_missed_from_the_rows() -> None:
    rows = [_row("100", hit5=0.90, retrieval_p95_ms=12.0),
            _row("1000", hit5=0.88, retrieval_p95_ms=20.0, ingest_s=280.0, bare_s=250.0,
                 ingest_cpu_s=500.0, bare_cpu_s=450.0, load_avg=1.0),
            _row("10000", hit5=0.80, retrieval_p95_ms=60.0, retrieval_cpu_ms=40.0)]
    lines = "\n".join(report.targets(rows))
    assert "met: ingest ≤ 1.3× bare embedding" in lines
    assert "met: 1,000 profiles in ≤ 300 s: 280 s" in lines
    assert "MISSED: retrieval p95 ≤ 50 ms at 10,000 profiles: 60.0 ms" in lines
    assert "MISSED: hit@5 at 10,000 within 5 points" in lines
    assert "met: query cost sub-linear" in lines and "4.0×" in lines


@pytest.mark.server
def test_chroma_server_starts_reports_its_costs_and_stops(tmp_path) -> None:
    import urllib.request

    with chroma_server(tmp_path / "chroma") as server:
        urllib.request.urlopen(f"{server.url}/api/v2/heartbeat", timeout=5)
        assert cpu_seconds(server.pid) > 0 and peak_rss_mb(server.pid) > 0
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{server.url}/api/v2/heartbeat", timeout=2)


def test_real_bench_measures_each_pdf_reader_and_restores_the_loader(tmp_path) -> None:
    from ingest import loaders

    folder = tmp_path / "real"
    folder.mkdir()
    pdfs.cv_pdf(folder / "doe_cv.pdf")
    pdfs.glued_pdf(folder / "glued_cv.pdf")
    pdfs.image_only_pdf(folder / "scan_cv.pdf")
    (folder / "ruiz.md").write_text("# Ada Ruiz\n\n## Education\n\nPh.D., Drathei University\n")
    (folder / "SOURCES.md").write_text("# Where these files come from\n")
    files = real_bench.corpus_files(folder)
    assert [f.name for f in files] == ["doe_cv.pdf", "glued_cv.pdf", "ruiz.md", "scan_cv.pdf"]
    load = loaders.load
    rows = []
    for reader in ("pdfium", "pypdf"):
        job = {"name": "test", "reader": reader, "paths": [str(f) for f in files],
               "bare_chunks": 1000}
        row = real_bench.measure(job)
        assert loaders.load is load  # the benchmark's patch is undone
        assert (row["files"], row["failed"], row["pdfs"], row["pages"]) == (4, 1, 3, 6)
        assert row["chunks"] > 0 and row["bare_s"] > 0 and row["fell_back"] == 0
        assert 0 < row["pdf_load_s"] < row["ingest_s"] and row["pdf_load_alone_s"] > 0
        by_file = {f["file"]: f for f in row["per_file"]}
        assert by_file["glued_cv.pdf"]["reader"] == {"pdfium": "PDFium", "pypdf": "pypdf"}[reader]
        extracted, after = by_file["glued_cv.pdf"]["glued"]
        assert extracted >= 1 and after <= extracted
        assert row["glued_extracted"] >= extracted and by_file["scan_cv.pdf"]["glued"] is None
        rows.append({**row, "run": 1, "measured": "now", "command": "python -m bench.real_bench"})

    results = tmp_path / "results.md"
    results.write_text("# Benchmark results\n\n## Ingest\n\nkept\n")
    text = report.write_real(rows, results)
    assert text.startswith("# Benchmark results\n\n## Ingest\n\nkept\n")
    assert text.count(report.REAL_HEADING) == 1
    assert "| PDFium | 1 | 4 (1) | 6 |" in text and "| pypdf | 1 | 4 (1) | 6 |" in text
    assert "| scan_cv.pdf | 2 | no text layer |" in text
    assert report.write_real(rows, results) == text  # rewritten in place, not appended


def _measured(corpus: str, store: str, files: int, ingest_s: float, p95: float,
              cached: bool = False) -> dict:
    """A full row as bench.ingest_bench writes it, with made-up figures."""
    row = {"corpus": corpus, "store": store, "files": files, "chunks": 9 * files,
           "ingest_s": ingest_s, "ingest_cpu_s": 1.8 * ingest_s, "reingest_s": 0.1,
           "peak_rss_mb": 500.0, "index_mb": files / 10, "identity": f"{files}/{files}",
           "chunk_tokens": 256, "embed_batch": 32, "measured": "2026-11-23 08:00 @ abc1234",
           "load_avg": 1.5, "query_load_avg": 1.6, "questions": 30,
           "retrieval_p50_ms": p95 / 2, "retrieval_p95_ms": p95, "retrieval_cpu_ms": p95 / 2,
           "hit5": 1.0, "answer5": 1.0, "person_found": 1.0}
    if cached:
        row.update(cache_hits=9 * files, cache_misses=0)
    else:
        row.update(bare_s=ingest_s / 1.2, bare_cpu_s=1.6 * ingest_s, bare_sampled=False)
    return row


def test_results_draw_cost_against_size_and_read_back_from_the_markdown(tmp_path) -> None:
    from PIL import Image

    from bench import charts

    rows = {f"{c} {s}": _measured(c, s, n, t, p95, cached=n == 1000)
            for c, n, t, p95 in (("10", 10, 2.0, 12.0), ("100", 100, 20.0, 15.0),
                                 ("1000", 1000, 90.0, 22.0))
            for s in ("embedded", "server")}
    text = report.write_results(rows, tmp_path / "results.md")
    png = tmp_path / charts.CHART.name
    with Image.open(png) as image:
        assert image.format == "PNG" and image.width > 1000 and image.height > 800
    assert png.stat().st_size > 30_000
    back = {(r["corpus"], r["store"]): r for r in charts.rows_from_results(text)}
    assert set(back) == {(r["corpus"], r["store"]) for r in rows.values()}
    assert back["100", "server"]["ingest_s"] == 20.0 and back["100", "server"]["files"] == 100
    assert back["1000", "embedded"]["cache_hits"] == 9000
    assert back["10", "embedded"]["cache_hits"] is None
    assert back["100", "embedded"]["retrieval_p95_ms"] == 15.0


def test_a_chart_that_cannot_be_drawn_leaves_results_md_and_warns(tmp_path, capsys) -> None:
    rows = {"100 embedded": _measured("100", "embedded", 100, 20.0, 15.0)}
    (tmp_path / "cost-by-size.png").mkdir()  # nothing can be saved there
    text = report.write_results(rows, tmp_path / "results.md")
    assert (tmp_path / "results.md").read_text(encoding="utf-8") == text
    warnings = capsys.readouterr().err.splitlines()
    assert len(warnings) == 1 and warnings[0].startswith("warning: bench chart not written")


def test_model_records_reads_the_models_json_into_record_fields() -> None:
    from assistant.llm import FakeChatModel
    from bench.model_records import model_items, schema

    model = FakeChatModel(responses=['{"items": [{"role": "Acoustics Engineer", "org": '
                                     '"Halvard Labs", "start": "2019"}, {"role": "Tutor"}]}',
                                     "not json"])
    items, seconds, prompt_tokens = model_items(model, "position", "Experience\nHalvard Labs")
    assert items == [{"role": "Acoustics Engineer", "organisation": "Halvard Labs",
                      "start": "2019"}, {"role": "Tutor", "organisation": ""}]
    assert seconds >= 0 and prompt_tokens > 0
    assert model_items(model, "position", "Experience")[0] == []
    assert schema("award")["properties"]["items"]["items"]["properties"]["year"] == {
        "type": "integer"}
