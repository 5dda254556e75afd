"""The `profilechat` command where the world misbehaves: a closed pipe, a symlink loop, a re-run
over unchanged files, a Chroma server that is down."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SAMPLE

from assistant.cli import main

PROFILECHAT = Path(sys.executable).with_name("profilechat")
QUESTION = "Who was Priya Ramanathan's PhD advisor?"
CLOSED_PORT = "http://127.0.0.1:9"  # discard: nothing listens there


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def sample_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A home with the sample profiles ingested by the command, in a subprocess."""
    home = tmp_path_factory.mktemp("cli") / "home"
    subprocess.run([str(PROFILECHAT), "--home", str(home), "ingest", "--quiet", str(SAMPLE)],
                   env=_env(), check=True, capture_output=True, timeout=300)
    return home


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PROFILECHAT_CHROMA_URL": "", "PROFILECHAT_LLM": "extractive", **extra}


def test_ask_piped_into_head_exits_cleanly(sample_home: Path) -> None:
    ask = shlex.join([str(PROFILECHAT), "--home", str(sample_home), "ask", QUESTION])
    done = subprocess.run(["bash", "-c", f"set -o pipefail; {ask} | head -c 10"], check=False,
                          env=_env(), capture_output=True, text=True, cwd=REPO, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (0, "Priya Rama", "")


def test_ask_into_a_reader_that_has_gone_is_not_a_traceback(sample_home: Path) -> None:
    # `| head` wins the race against a short answer; a reader already gone never does.
    proc = subprocess.Popen([str(PROFILECHAT), "--home", str(sample_home), "ask", QUESTION],
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err and err == ""


def test_a_symlink_loop_is_reported_and_the_good_file_indexed(tmp_path, capsys,
                                                               monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    folder = tmp_path / "cvs"
    folder.mkdir()
    shutil.copy(SAMPLE / "cv_3f9a.md", folder)
    os.symlink(folder, folder / "loop")
    home = str(tmp_path / "home")
    code, out, _ = _run(capsys, "--home", home, "ingest", "--quiet", str(folder))
    assert code == 0
    assert out.startswith("1 added, 0 unchanged, 0 replaced, 0 failed, 1 skipped;")
    assert (f"skipped: {folder / 'loop'}: symlink loop: it points to {folder.resolve()}, "
            "a folder that contains it") in out
    assert "Priya Ramanathan\n  cv_3f9a.md" in _run(capsys, "--home", home, "people")[1]


def test_a_second_ingest_counts_the_people_of_unchanged_files(tmp_path, capsys,
                                                               monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = str(tmp_path / "home")
    _, first, _ = _run(capsys, "--home", home, "ingest", "--quiet", str(SAMPLE))
    _, second, _ = _run(capsys, "--home", home, "ingest", "--quiet", str(SAMPLE))
    assert first.startswith("7 added") and first.rstrip().endswith("7 people")
    assert second.startswith("0 added, 7 unchanged,") and "; 7 people" in second


def test_people_works_while_the_chroma_server_is_down(sample_home: Path, capsys,
                                                      monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", CLOSED_PORT)
    code, out, err = _run(capsys, "--home", str(sample_home), "people")
    assert code == 0 and err == ""
    assert out.count("\n  records: ") == 7 and "Priya Ramanathan\n  cv_3f9a.md" in out
    code, out, _ = _run(capsys, "--home", str(sample_home), "people", "--json")
    assert code == 0 and '"Jia Wei"' in out
    # Questions still need the vectors, and say where the store was looked for.
    code, _, err = _run(capsys, "--home", str(sample_home), "ask", "--llm", "extractive",
                        QUESTION)
    assert code == 2 and f"cannot open the Chroma store at {CLOSED_PORT}" in err


def test_people_on_a_home_never_ingested_says_empty_and_writes_nothing(tmp_path, capsys,
                                                                       monkeypatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", CLOSED_PORT)
    home = tmp_path / "home"
    assert "index is empty" in _run(capsys, "--home", str(home), "people")[1]
    assert not home.exists()
