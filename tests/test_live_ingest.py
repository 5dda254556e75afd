"""A running chat answers about documents another process ingests into the same home, without a
restart: the embedded store (whose Chroma would never see the other process's vectors) and the
Chroma server."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE
from test_server import chroma_url  # noqa: F401  (the `chroma run` fixture)

from assistant.answer import Assistant
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import Index

PROFILECHAT = str(Path(sys.executable).parent / "profilechat")


def _cli_ingest(home: Path, path: Path, chroma: str | None = None) -> None:
    env = {**os.environ, "PROFILECHAT_CHROMA_URL": chroma or ""}
    subprocess.run([PROFILECHAT, "--home", str(home), "ingest", "--quiet", str(path)],
                   check=True, env=env, capture_output=True, timeout=300)


def _chat_sees_cli_ingest(settings: Settings, embedder, tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    shutil.copy(SAMPLE / "cv_3f9a.md", first)  # Priya Ramanathan
    shutil.copy(SAMPLE / "cv_e418.md", second)  # Jun Wei, ingested later by the CLI
    index = Index(settings, embedder)
    ingest([first], settings, index)
    chat = Assistant(settings, index=index, chat_model=None)  # the running chat's assistant
    assert chat.answer("What does Jun Wei work on?").refused

    _cli_ingest(settings.home, second, settings.chroma_url)

    about = chat.answer("What does Jun Wei work on?")  # retrieval, by vectors and keywords
    assert not about.refused and about.citations
    assert {c.person for c in about.citations} == {"Jun Wei"}
    assert "Jun Wei" in chat.answer("Who advised Jun Wei?").text  # records route
    both = chat.answer("Which researchers work on congestion control?")
    assert not both.refused
    index.close()


def test_embedded_store_sees_another_process_ingest(settings, embedder, tmp_path) -> None:
    _chat_sees_cli_ingest(settings, embedder, tmp_path)


@pytest.mark.server
def test_chroma_server_sees_another_process_ingest(chroma_url, embedder, tmp_path) -> None:  # noqa: F811
    settings = Settings(home=tmp_path / "home", chroma_url=chroma_url, llm="extractive",
                        collection="live_ingest")
    _chat_sees_cli_ingest(settings, embedder, tmp_path)
