"""An ingest killed part-way (kill -9, Ctrl-C) leaves the previous index whole.

The next run completes it.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import SAMPLE

from ingest.pipeline import ingest
from ingest.store import Index

FIRST = ["Ana", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hugo", "Ines", "Jonas"]
LAST = ["Moreau", "Takahashi", "Okonkwo", "Lindgren", "Petrov", "Alvarez", "Kowalski", "Nakamura"]


def _write_profiles(folder: Path, n: int) -> None:
    folder.mkdir(parents=True)
    for i in range(n):
        name = f"{FIRST[i % len(FIRST)]} {LAST[i % len(LAST)]}"
        pubs = "\n".join(
            f"- {name}, Co Author{j}. Study {i}-{j} of replicated logs under churn. "
            f"OSDI {2010 + j}." for j in range(12)
        )
        (folder / f"p{i:03d}.md").write_text(
            f"# {name}\n\n## Education\n\nPh.D., Example University, {2000 + i % 20}\n\n"
            f"## Publications\n\n{pubs}\n"
        )


def _run_ingest(home: Path, *paths: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "assistant.cli", "--home", str(home), "ingest", "--quiet",
         *map(str, paths)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PROFILECHAT_CHROMA_URL": ""},
    )


def _live_docs(home: Path) -> int:
    try:
        with sqlite3.connect(home / "index.sqlite") as db:
            return db.execute("SELECT count(*) FROM documents WHERE status='live'").fetchone()[0]
    except sqlite3.Error:
        return 0


def _assert_consistent(index: Index) -> None:
    stored = index.vectors.get(include=["metadatas"])
    live = index.live_shas()
    for sha in live:
        n = sum(1 for m in stored["metadatas"] if m["doc_sha"] == sha)
        assert n == sum(1 for c in index.all_chunks() if c.sha == sha), sha
    assert len(stored["ids"]) == len(set(stored["ids"]))


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_interrupted_ingest_keeps_old_index_and_next_run_completes(
        settings, embedder, tmp_path, sig):
    home = settings.home
    with_old = Index(settings, embedder)
    before = ingest([SAMPLE], settings, with_old)
    old_people = set(with_old.people())
    with_old.close()

    batch = tmp_path / "batch"
    _write_profiles(batch, 30)
    proc = _run_ingest(home, SAMPLE, batch)
    deadline = time.time() + 120
    while _live_docs(home) < len(before.files) + 2 and time.time() < deadline:
        time.sleep(0.2)
    assert proc.poll() is None, proc.communicate()[0]
    proc.send_signal(sig)
    proc.wait(timeout=60)

    index = Index(settings, embedder)
    assert old_people <= set(index.people())
    hits = index.vectors.similarity_search("PhD advisor", k=3)
    assert hits
    _assert_consistent(index)
    index.close()

    again = _run_ingest(home, SAMPLE, batch)
    out = again.communicate(timeout=600)[0]
    assert again.returncode == 0, out
    index = Index(settings, embedder)
    assert len(index.people()) == len(old_people) + len(
        {f"{FIRST[i % 10]} {LAST[i % 8]}" for i in range(30)})
    _assert_consistent(index)
    assert index.vectors._collection.count() == index.count_chunks()
    index.close()
