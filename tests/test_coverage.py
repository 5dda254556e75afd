"""Records that know when they are incomplete, and naming who a file is about, through the CLI
and Assistant.answer as a user reaches them."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import SHARED

from assistant.answer import Assistant
from assistant.cli import main
from assistant.settings import Settings
from ingest.records.coverage import complete, coverage, entries

REAL = SHARED / "real"


def _run(capsys, *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_entries_count_bullets_and_dated_blocks_not_dates_in_prose() -> None:
    text = ("Ana Ruiz\n\nPublications\n[1] A. Ruiz. Paper one. SOSP 2021.\n"
            "[2] A. Ruiz, B. Lee. Paper two. OSDI 2020.\n[3] A. Ruiz. Three. NSDI 2019.\n\n"
            "Experience\n2021 – present  Engineer, Cobalt Labs\n"
            "  Built the storage layer that the 2019 design review had asked for in full.\n")
    held = entries(text, "Ana Ruiz")
    assert held == {"publication": 3, "position": 1}
    assert coverage(text, "Ana Ruiz", [])["publication"] == (0, 3)
    assert complete((3, 3)) and complete((4, 5)) and complete((3, 5))  # within the estimate
    assert not complete((1, 4)) and not complete((20, 53))


@pytest.mark.skipif(not REAL.is_dir(), reason=f"no real corpus at {REAL}")
def test_incomplete_records_defer_to_the_passages(tmp_path, capsys, monkeypatch, embedder) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = tmp_path / "home"
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(REAL / "bayer_cv.pdf", corpus)  # 14 dated jobs and activities, few read as jobs
    code, out = _run(capsys, "--home", str(home), "ingest", "--quiet", str(corpus))
    assert code == 0 and "bayer_cv.pdf: text by PDFium, glued word runs" in out
    _, out = _run(capsys, "--home", str(home), "people")
    assert "Philipp Bayer" in out and "incomplete" in out
    _, out = _run(capsys, "--home", str(home), "people", "--json")
    held = json.loads(out)["Philipp Bayer"]["coverage"]
    assert held["position"]["entries"] >= 10
    assert held["position"]["records"] < 0.8 * held["position"]["entries"]
    # Its 90 papers, a Scholar export's "title journal" lines over "AUTHORS year" lines.
    assert held["publication"]["records"] >= 0.8 * held["publication"]["entries"] >= 72

    settings = Settings(home=home, chroma_url=None, llm="extractive")
    result = Assistant(settings).answer("Where has Philipp Bayer worked?")
    assert result.route != "collection"  # a short list must not be given as the whole
    assert any("incomplete" in note for note in result.notes)
    assert any("answered from the passages" in note for note in result.notes)


def test_markdown_without_a_name_is_reported_and_named_with_person(tmp_path, capsys,
                                                                   monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = str(tmp_path / "home")
    page = tmp_path / "cv.md"
    page.write_text("---\ntitle: CV\n---\n## Education\n\n- PhD in Hydrology, "
                    "University of Bergen, 2019\n")
    _, out = _run(capsys, "--home", home, "ingest", "--quiet", str(page))
    assert "no person's name found" in out and "--person" in out
    _, out = _run(capsys, "--home", home, "people")
    assert "Unknown person (cv.md)" in out

    code, out = _run(capsys, "--home", home, "ingest", "--quiet", str(page),
                     "--person", "Ingrid Solberg")
    assert code == 0 and "1 replaced" in out
    _, out = _run(capsys, "--home", home, "people")
    assert "Ingrid Solberg" in out and "Unknown person" not in out

    code = main(["--home", home, "ingest", str(tmp_path), "--person", "X Y"])
    assert code == 2 and "one file" in capsys.readouterr().err


def test_a_page_about_many_people_is_filed_under_nobody(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = str(tmp_path / "home")
    page = tmp_path / "notes.md"
    rows = [("Lena Okafor", "hydrology"), ("Bram Stone", "geology"), ("Mara Quintero", "optics")]
    page.write_text("# Sources\n\n| person | field | notes |\n|---|---|---|\n" + "\n".join(
        f"| {p} | {f} | {p} kept it; {p} wrote it |" for p, f in rows) + "\n")
    _, out = _run(capsys, "--home", home, "ingest", "--quiet", str(page))
    assert "no person's name found" in out and "--person" in out
    _, out = _run(capsys, "--home", home, "people")
    assert "Unknown person (notes.md)" in out and "Lena Okafor" not in out


def _ingest_pdf_and_ask(tmp_path, capsys, monkeypatch, make, name: str, question: str):
    """A generated PDF ingested through the CLI, then the question asked of its index."""
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = tmp_path / "home"
    make(tmp_path / name)
    code, _ = _run(capsys, "--home", str(home), "ingest", "--quiet", str(tmp_path / name))
    assert code == 0
    return Assistant(Settings(home=home, chroma_url=None, llm="extractive")).answer(question)


def test_employers_set_in_bold_are_answered_from_the_records(tmp_path, capsys, monkeypatch,
                                                             embedder) -> None:
    import pdfs

    result = _ingest_pdf_and_ask(tmp_path, capsys, monkeypatch, pdfs.bold_employers_pdf,
                                 "quintero.pdf", "Where has Mara Quintero worked?")
    assert result.route == "collection" and not result.refused
    assert "Halden Works" in result.text and "Fjordline Marine" in result.text


def test_venues_set_in_italics_are_answered_from_the_records(tmp_path, capsys, monkeypatch,
                                                             embedder) -> None:
    import pdfs

    result = _ingest_pdf_and_ask(tmp_path, capsys, monkeypatch, pdfs.italic_venues_pdf,
                                 "reyes.pdf",
                                 "Which papers did Tomas Reyes publish in Marine Currents?")
    assert result.route == "collection" and not result.refused, result.text
    assert "Kelp forest genomes under warming seas" in result.text
    assert "Haplotypes" not in result.text
