"""The `profilechat` command as a user runs it: ingest, people, ask, setup."""

from __future__ import annotations

import json
import shutil

from conftest import SAMPLE

from assistant.cli import main


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ingest_prints_summary_with_failures_and_prunes(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    corpus = tmp_path / "corpus"
    shutil.copytree(SAMPLE, corpus)
    (corpus / "empty.txt").write_bytes(b"")
    home = str(tmp_path / "home")
    code, out, _ = _run(capsys, "--home", home, "ingest", "--quiet", str(corpus))
    assert code == 0
    assert out.startswith("7 added, 0 unchanged, 0 replaced, 1 failed")
    assert "failed: " in out and "empty.txt" in out
    assert _run(capsys, "--home", home, "ingest", "--quiet", "--strict", str(corpus))[0] == 1

    (corpus / "cv_4a90.txt").unlink()
    code, out, _ = _run(capsys, "--home", home, "ingest", "--quiet", "--prune", str(corpus))
    assert "1 pruned" in out


def test_people_lists_who_is_indexed_as_text_and_json(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = str(tmp_path / "home")
    _, out, _ = _run(capsys, "--home", home, "people")
    assert "index is empty" in out
    _run(capsys, "--home", home, "ingest", "--quiet", str(SAMPLE))
    _, out, _ = _run(capsys, "--home", home, "people")
    assert "Priya Ramanathan\n  cv_3f9a.md (markdown," in out
    _, out, _ = _run(capsys, "--home", home, "people", "--json")
    people = json.loads(out)
    assert len(people) == 7 and people["Jia Wei"]["documents"][0]["source"] == "cv_4a90.txt"
    titles = {p["title"]: p for p in people["Jia Wei"]["publications"]}
    paper = titles["Learned Cardinality Estimation Under Workload Drift"]
    assert (paper["venue"], paper["year"], paper["source"]) == ("VLDB", 2022, "cv_4a90.txt")
    assert "Learned Cardinality Estimation" in paper["quote"] and paper["chunk_id"]


def test_ask_prints_answer_with_sources_and_json(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = str(tmp_path / "home")
    _run(capsys, "--home", home, "ingest", "--quiet", str(SAMPLE))
    question = "Who was Priya Ramanathan's PhD advisor?"
    code, out, _ = _run(capsys, "--home", home, "ask", "--llm", "extractive", question)
    assert code == 0 and "Wierzbicki" in out
    assert "Sources:\n  [1] Priya Ramanathan — cv_3f9a.md" in out
    _, out, _ = _run(capsys, "--home", home, "ask", "--llm", "extractive", "--json", question)
    answer = json.loads(out)
    assert answer["refused"] is False and answer["citations"][0]["person"] == "Priya Ramanathan"


def test_bad_input_is_a_message_not_a_traceback(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    code, _, err = _run(capsys, "--home", str(tmp_path), "ask", "--llm", "extractive", " ")
    assert code == 2 and err.startswith("profilechat: ask a question")
    code, out, _ = _run(capsys, "--home", str(tmp_path), "ask", "--llm", "nonsense", "Who?")
    assert code == 0  # an unusable backend falls back to extractive answers, and says so
    assert "note: Answers are extractive" in out and "unknown answer backend 'nonsense'" in out


def test_setup_checks_tokenizer_and_embedder(tmp_path, capsys) -> None:
    code, out, _ = _run(capsys, "--home", str(tmp_path), "setup", "--skip-model")
    assert code == 0
    assert "cl100k_base ready" in out and "embedder: all-MiniLM-L6-v2 int8 ONNX verified" in out
