"""Shared fixtures: a real Chroma store in a temporary folder, the real embedder, the corpora."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from assistant.settings import Settings

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "sample" / "profiles"
SHARED = Path(os.environ.get("PROFILECHAT_SHARED", REPO.parent / "shared")) / "corpus"
PROFILES = SHARED / "profiles"
REAL_PDF = SHARED / "pdf" / "insujang_cv.pdf"

# Written from the documents: who each shared profile is about.
SHARED_PEOPLE = {
    "000_3300149ce3e7cb21.txt": "Jack Kosaian",
    "001_0ffaf70880d31b3d.txt": "Insu Jang",
    "002_6b3531796ebe836a.txt": "Aaron Harlap",
    "003_e3f182890350950a.txt": "Jack Kosaian",
    "004_d6cbf1816796fe75.txt": "Jinliang Wei",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not PROFILES.is_dir():
        raise pytest.UsageError(f"the shared corpus is missing at {PROFILES}")


@pytest.fixture(scope="session")
def embedder():
    from ingest.embeddings import MiniLMEmbeddings

    return MiniLMEmbeddings()


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(home=tmp_path / "home", chroma_url=None, llm="extractive")


@pytest.fixture
def index(settings: Settings, embedder):
    from ingest.store import Index

    idx = Index(settings, embedder)
    yield idx
    idx.close()


@pytest.fixture(scope="module")
def module_settings(tmp_path_factory) -> Settings:
    """Settings of a store shared by one test module (extractive backend, embedded Chroma)."""
    return Settings(home=tmp_path_factory.mktemp("home"), chroma_url=None, llm="extractive")


def indexed(files: dict[str, str], settings: Settings, embedder, folder: Path):
    """A real index (embedded Chroma, the real embedder) holding these documents, written to
    `folder` by file name; the caller closes it."""
    from ingest.pipeline import ingest
    from ingest.store import Index

    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    index = Index(settings, embedder)
    ingest([folder], settings, index)
    return index
