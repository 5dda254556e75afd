"""Chunk embeddings kept on disk between benchmark runs, keyed by the sha256 of the chunk text.

A fresh embed of 10,000 profiles takes most of an hour on 2 cores; with the cache full, the index
for the retrieval figures is rebuilt in minutes. An ingest that read vectors from here is not an
ingest-speed figure, so the cache counts its hits and the results table shows them.
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import numpy as np
from langchain_core.embeddings import Embeddings

_LOOKUP = 500  # keys per SELECT, under SQLite's limit on bound parameters


class CachedEmbeddings(Embeddings):
    """Another embedder's document vectors, cached in SQLite; queries always go to the model."""

    def __init__(self, inner: Embeddings, path: Path) -> None:
        self.inner = inner
        self.path = path
        self.hits = 0
        self.misses = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB)")

    @property
    def batch_size(self) -> int:
        return int(getattr(self.inner, "batch_size", 32))

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Cached vectors where the text was seen before, the model's for the rest."""
        keys = [hashlib.sha256(t.encode()).digest() for t in texts]
        found = self._lookup(keys)
        missing = [i for i, key in enumerate(keys) if key not in found]
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        if missing:
            fresh = self.inner.embed_documents([texts[i] for i in missing])
            rows = [(keys[i], np.asarray(v, dtype=np.float32).tobytes())
                    for i, v in zip(missing, fresh)]
            with self._db:
                self._db.executemany("INSERT OR REPLACE INTO vectors VALUES (?, ?)", rows)
            found.update(rows)
        return [np.frombuffer(found[key], dtype=np.float32).tolist() for key in keys]

    def embed_query(self, text: str) -> list[float]:
        """Never cached: query embedding is part of the retrieval latency being measured."""
        return self.inner.embed_query(text)

    def close(self) -> None:
        self._db.close()

    def _lookup(self, keys: list[bytes]) -> dict[bytes, bytes]:
        found: dict[bytes, bytes] = {}
        unique = list(dict.fromkeys(keys))
        for start in range(0, len(unique), _LOOKUP):
            part = unique[start : start + _LOOKUP]
            rows = self._db.execute(
                f"SELECT key, vector FROM vectors WHERE key IN ({','.join('?' * len(part))})", part
            )
            found.update(rows.fetchall())
        return found
