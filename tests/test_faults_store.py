"""The index's storage failing, as `profilechat`, `assistant.answer` and the web chat meet it: a
disk that fills during an ingest (a real 3 MB tmpfs where mounting is allowed, else SQLite's own
page limit) and the SQLite manifest locked by another process. Only the fault is injected."""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import SAMPLE

import assistant
from assistant.cli import main
from assistant.errors import StoreError
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import Index
from ui.app import ChatApp

QUESTION = "Who was Priya Ramanathan's PhD advisor?"
FIRST = SAMPLE / "cv_3f9a.md"  # Priya Ramanathan
WAIT_S = 1.0
FULL = "is full"
BUSY = "is busy: another process"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _consistent(home: Path) -> tuple[int, int]:
    """(people, chunks) of a home whose every document is live and whose SQLite chunks, keyword
    index and Chroma vectors are the same set, each chunk once."""
    db = sqlite3.connect(home / "index.sqlite")
    assert {s for (s,) in db.execute("SELECT DISTINCT status FROM documents")} == {"live"}
    ids = [i for (i,) in db.execute("SELECT id FROM chunks")]
    fts = sorted(i for (i,) in db.execute("SELECT id FROM chunks_fts"))
    people = db.execute("SELECT COUNT(DISTINCT person) FROM documents").fetchone()[0]
    db.close()
    # Read as the next command would, in a process of its own (this one shares Chroma clients).
    read = ("import chromadb, json, sys; from chromadb.config import Settings; print(json.dumps("
            "chromadb.PersistentClient(sys.argv[1], settings=Settings(anonymized_telemetry="
            "False)).get_collection('profiles').get(include=[])['ids']))")
    vectors = json.loads(subprocess.run([sys.executable, "-c", read, str(home / "chroma")],
                                        capture_output=True, text=True, check=True).stdout)
    assert sorted(ids) == fts == sorted(vectors) and len(set(ids)) == len(ids)
    return people, len(ids)


# -- a full disk -------------------------------------------------------------------------------


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 3 MB filesystem (tmpfs), removed afterwards; skipped where mounting is refused."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", str(disk)],
                             capture_output=True, check=False)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.decode().strip()}); the SQLite "
                    "page-limit test covers the manifest")
    yield disk
    subprocess.run(["umount", "--lazy", str(disk)], check=False)  # Chroma may hold files open


def _fill(disk: Path, leave_kb: int) -> Path:
    """Fill the disk but for leave_kb; the file to delete to free it again."""
    filler = disk / "filler"
    free_kb = shutil.disk_usage(disk).free // 1024
    with filler.open("wb") as out:
        out.write(bytes(max(free_kb - leave_kb, 0) * 1024))
    return filler


@pytest.mark.parametrize("leave_kb", [150, 400])  # Chroma's write fails first, or SQLite's
def test_ingest_onto_a_full_disk_says_so_and_resumes_once_space_is_freed(
        tiny_disk: Path, capsys, monkeypatch, leave_kb: int) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    home = str(tiny_disk / "home")
    assert _run(capsys, "--home", home, "ingest", "--quiet", str(FIRST))[0] == 0
    filler = _fill(tiny_disk, leave_kb)
    code, out, err = _run(capsys, "--home", home, "ingest", "--quiet", str(SAMPLE))
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"profilechat: the disk holding {home} {FULL} (")
    assert "free some space" in err and "run it again" in err
    filler.unlink()
    code, out, err = _run(capsys, "--home", home, "ingest", "--quiet", str(SAMPLE))
    assert code == 0 and ", 0 failed; " in out and out.rstrip().endswith("7 people")
    assert _consistent(Path(home))[0] == 7
    code, out, _ = _run(capsys, "--home", home, "--chroma-url", "", "ask", QUESTION, "--llm",
                        "extractive")
    assert code == 0 and "Wierzbicki" in out


def test_an_upload_onto_a_full_disk_says_so_in_the_chat(tiny_disk: Path, embedder) -> None:
    settings = Settings(home=tiny_disk / "home", chroma_url=None, llm="extractive")
    index = Index(settings, embedder)
    ingest([FIRST], settings, index)
    filler = _fill(tiny_disk, 150)
    app = ChatApp(settings, assistant.Assistant(settings, index=index))
    shown = [html for html, _, _ in app.upload([str(p) for p in sorted(SAMPLE.iterdir())])]
    assert "pc-error" in shown[-1] and FULL in shown[-1] and "free some space" in shown[-1]
    filler.unlink()
    shown = [html for html, _, _ in app.upload([str(p) for p in sorted(SAMPLE.iterdir())])]
    assert "Done: " in shown[-1] and "failed" not in shown[-1]
    index.close()
    assert _consistent(settings.home)[0] == 7


def test_sqlite_refusing_to_grow_stops_the_ingest_cleanly(tmp_path: Path, embedder) -> None:
    settings = Settings(home=tmp_path / "home", chroma_url=None, llm="extractive")
    index = Index(settings, embedder)
    ingest([FIRST], settings, index)
    pages = index._db.execute("PRAGMA page_count").fetchone()[0]
    # SQLite's own "database or disk is full" (SQLITE_FULL), as a full disk makes it
    index._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StoreError, match=f"the disk holding {settings.home} {FULL}"):
        ingest([SAMPLE], settings, index)
    index._db.execute("PRAGMA max_page_count = 1073741823")
    report = ingest([SAMPLE], settings, index)
    assert report.count("failed") == 0 and len(report.people) == 7
    index.close()
    assert _consistent(settings.home)[0] == 7


# -- the manifest locked by another process ----------------------------------------------------


@pytest.fixture(scope="module")
def sample_home(tmp_path_factory: pytest.TempPathFactory, embedder) -> Path:
    settings = Settings(home=tmp_path_factory.mktemp("locked") / "home", llm="extractive")
    index = Index(settings, embedder)
    ingest([SAMPLE], settings, index)
    index.close()
    return settings.home


@contextlib.contextmanager
def locked(home: Path, *, readers_too: bool = False) -> Iterator[None]:
    """Another process holding the manifest's write lock (BEGIN EXCLUSIVE), and with
    `readers_too` SQLite's exclusive locking mode, which shuts readers out as well."""
    script = (
        "import sqlite3, sys\n"
        f"db = sqlite3.connect({str(home / 'index.sqlite')!r}, isolation_level=None)\n"
        + ("db.execute('PRAGMA locking_mode=EXCLUSIVE')\n" if readers_too else "")
        + "db.execute('BEGIN EXCLUSIVE')\n"
        + ("db.execute(\"INSERT INTO meta VALUES ('held', '1') ON CONFLICT DO NOTHING\")\n"
           if readers_too else "")
        + "print('locked', flush=True)\nsys.stdin.read()\ndb.execute('ROLLBACK')\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdin is not None
    try:
        assert holder.stdout.readline().strip() == "locked"
        yield
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    monkeypatch.setenv("PROFILECHAT_LLM", "extractive")
    monkeypatch.setenv("PROFILECHAT_LOCK_WAIT_SECONDS", str(WAIT_S))


def test_ingest_into_a_locked_index_waits_then_says_retry(sample_home: Path, tmp_path: Path,
                                                          capsys, env) -> None:
    new = tmp_path / "cv_new.md"
    new.write_text("# Tomasz Okafor\n\nProfessor of databases at Halverson University.\n")
    with locked(sample_home):
        started = time.perf_counter()
        code, _, err = _run(capsys, "--home", str(sample_home), "ingest", "--quiet", str(new))
        took = time.perf_counter() - started
    assert code == 2 and "Traceback" not in err and took < WAIT_S + 30
    assert err.startswith(f"profilechat: the index at {sample_home / 'index.sqlite'} {BUSY}")
    assert f"over {WAIT_S:g} s (PROFILECHAT_LOCK_WAIT_SECONDS); retry" in err
    code, out, err = _run(capsys, "--home", str(sample_home), "ingest", "--quiet", str(new))
    assert (code, err) == (0, "") and out.startswith("1 added")
    assert _consistent(sample_home)[0] == 8


def test_ask_reads_past_a_writer_holding_the_lock(sample_home: Path, capsys, env) -> None:
    with locked(sample_home):  # SQLite's WAL lets readers go on beside one writer
        code, out, _ = _run(capsys, "--home", str(sample_home), "ask", QUESTION)
    assert code == 0 and "Wierzbicki" in out


def test_a_lock_that_shuts_readers_out_is_reported_by_ask_answer_and_chat(
        tmp_path: Path, embedder, capsys, env) -> None:
    settings = Settings(home=tmp_path / "home", chroma_url=None, llm="extractive",
                        lock_wait_seconds=WAIT_S)
    index = Index(settings, embedder)  # a home no open connection of this process holds
    ingest([FIRST], settings, index)
    index.close()
    with locked(settings.home, readers_too=True):
        code, out, err = _run(capsys, "--home", str(settings.home), "ask", QUESTION)
        assert code == 2 and out == "" and BUSY in err and "Traceback" not in err
        with pytest.raises(StoreError, match=BUSY):
            assistant.Assistant(settings).answer(QUESTION)
        html, turns = list(ChatApp(settings).respond(QUESTION, [], []))[-1]
        assert "Could not answer" in html and BUSY in turns[-1].error
    assert "Wierzbicki" in assistant.Assistant(settings).answer(QUESTION).text


def test_an_upload_into_a_locked_index_says_retry_in_the_chat(sample_home: Path, tmp_path: Path,
                                                              env) -> None:
    settings = Settings(home=sample_home, chroma_url=None, llm="extractive",
                        lock_wait_seconds=WAIT_S)
    app = ChatApp(settings)
    new = tmp_path / "cv_upload.md"
    new.write_text("# Ines Halloran\n\nLecturer in compilers at Marlowe University.\n")
    with locked(sample_home):
        shown = [html for html, _, _ in app.upload([str(new)])]
    assert "pc-error" in shown[-1] and BUSY in shown[-1] and "retry" in shown[-1]
    shown = [html for html, _, _ in app.upload([str(new)])]
    assert "Done: 1 added" in shown[-1]


# -- the Chroma server going away and coming back ------------------------------------------------

ABOUT = "What does Jun Wei work on?"  # retrieval: the vectors are needed
DOWN = "Chroma"


def _start_chroma(path: Path, port: int) -> subprocess.Popen:
    binary = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")
    proc = subprocess.Popen(
        [binary, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v2/heartbeat", timeout=1)
            return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    pytest.fail("chroma run did not start")


@pytest.mark.server
def test_the_chroma_server_going_down_is_reported_and_its_return_answered(
        tmp_path: Path, embedder, capsys, monkeypatch) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    server = _start_chroma(tmp_path / "chroma", port)
    try:
        settings = Settings(home=tmp_path / "home", chroma_url=url, llm="extractive",
                            collection="faults_down")
        monkeypatch.setenv("PROFILECHAT_CHROMA_URL", url)
        monkeypatch.setenv("PROFILECHAT_LLM", "extractive")
        index = Index(settings, embedder)
        ingest([SAMPLE], settings, index)
        index.close()
        app, api = ChatApp(settings), assistant.Assistant(settings)
        assert not api.answer(ABOUT).refused  # both opened while the server is up
        list(app.respond(ABOUT, [], []))

        server.terminate()
        server.wait(timeout=20)
        code, out, err = _run(capsys, "--home", str(settings.home), "ask", ABOUT)
        assert code == 2 and out == "" and DOWN in err and "Traceback" not in err, err
        with pytest.raises(StoreError, match=DOWN) as raised:
            api.answer(ABOUT)
        html, turns = list(app.respond(ABOUT, [], []))[-1]
        assert "Could not answer" in html and turns[-1].error == str(raised.value)
        code, out, _ = _run(capsys, "--home", str(settings.home), "people")
        assert code == 0 and "Jun Wei" in out  # people reads SQLite alone

        server = _start_chroma(tmp_path / "chroma", port)  # restarted, same data
        assert "Jun Wei" in {c.person for c in api.answer(ABOUT).citations}
        html, turns = list(app.respond(ABOUT, [], []))[-1]
        assert "Could not answer" not in html and not turns[-1].error
    finally:
        server.terminate()
        server.wait(timeout=20)
