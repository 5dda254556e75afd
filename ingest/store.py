"""The index: vectors in Chroma (embedded or a server), beside them a SQLite manifest and keyword
index.

A document's chunks become visible only when the SQLite transaction that marks it live commits,
so an ingest killed at any point leaves the previous index whole; the next run finishes the job.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import numpy as np
from langchain_chroma import Chroma
from langchain_core.embeddings import Embeddings

from assistant.errors import StoreError
from assistant.settings import Settings
from ingest import injection
from ingest.chunking import Chunk
from ingest.store_errors import guarded

if TYPE_CHECKING:
    from ingest.records import Record

# Bump when the record extractor changes what it finds: documents indexed by an older one are
# re-read on the next ingest (their chunks and vectors are kept).
# A question about named people ranks their chunks by exact cosine in numpy: Chroma's filtered
# HNSW query took 70 ms at 87,000 chunks (unfiltered: 1 ms), fetching 10 vectors by id 1.6 ms.
EXACT_SEARCH_MAX = 5000
RECORDS_VERSION = 9

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    sha TEXT PRIMARY KEY, person TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL,
    status TEXT NOT NULL, n_chunks INTEGER NOT NULL, repairs TEXT, problems TEXT
);
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, sha TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS files_sha ON files(sha);
CREATE TABLE IF NOT EXISTS chunks (
    id TEXT PRIMARY KEY, sha TEXT NOT NULL, idx INTEGER NOT NULL, person TEXT NOT NULL,
    source TEXT NOT NULL, section TEXT NOT NULL, page INTEGER, start INTEGER NOT NULL,
    "end" INTEGER NOT NULL, tokens INTEGER NOT NULL, text TEXT NOT NULL, flagged TEXT
);
CREATE INDEX IF NOT EXISTS chunks_sha ON chunks(sha);
CREATE INDEX IF NOT EXISTS chunks_person ON chunks(person);
CREATE TABLE IF NOT EXISTS records (
    sha TEXT NOT NULL, person TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL,
    chunk_id TEXT NOT NULL, start INTEGER NOT NULL, "end" INTEGER NOT NULL, quote TEXT NOT NULL,
    data TEXT NOT NULL, authored INTEGER NOT NULL, search TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_kind ON records(kind, person);
CREATE INDEX IF NOT EXISTS records_sha ON records(sha);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS coverage (
    sha TEXT NOT NULL, kind TEXT NOT NULL, records INTEGER NOT NULL, entries INTEGER NOT NULL,
    PRIMARY KEY (sha, kind)
);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    text, id UNINDEXED, person, tokenize = 'unicode61 remove_diacritics 2'
);
"""


@dataclass(frozen=True)
class StoredRecord:
    """A structured record as read back: what it says and the passage it was read from."""

    kind: str
    person: str
    source: str
    chunk_id: str
    start: int
    end: int
    quote: str  # the source text of the span, as the document has it
    data: dict[str, Any]
    authored: bool


def open_chroma(settings: Settings, embeddings: Embeddings) -> Chroma:
    """The Chroma collection, embedded under settings.home or on the server at chroma_url."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    chroma_settings = ChromaSettings(anonymized_telemetry=False)
    try:
        if settings.chroma_url:
            url = urlparse(settings.chroma_url)
            client: Any = chromadb.HttpClient(
                host=url.hostname or "127.0.0.1",
                port=url.port or (443 if url.scheme == "https" else 8000),
                ssl=url.scheme == "https",
                settings=chroma_settings,
            )
            client.heartbeat()
        else:
            settings.chroma_dir.mkdir(parents=True, exist_ok=True)
            client = chromadb.PersistentClient(str(settings.chroma_dir), settings=chroma_settings)
        return Chroma(
            client=client,
            collection_name=settings.collection,
            embedding_function=embeddings,
            collection_metadata={"hnsw:space": "cosine"},
        )
    except Exception as exc:  # chromadb raises many types; all mean the same to a user
        where = settings.chroma_url or settings.chroma_dir
        raise StoreError(
            f"cannot open the Chroma store at {where}: {exc}. "
            "Check that the server is running (chroma run) or PROFILECHAT_HOME is writable."
        ) from exc


class Index:
    """Chroma vectors plus the SQLite manifest, FTS5 keyword index and chunk texts."""

    @guarded("the index")
    def __init__(self, settings: Settings, embeddings: Embeddings) -> None:
        self.settings = settings
        self.embeddings = embeddings
        self.vectors = open_chroma(settings, embeddings)
        settings.home.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(settings.home / "index.sqlite", check_same_thread=False,
                                   timeout=settings.lock_wait_seconds)
        self._db.execute("PRAGMA journal_mode=WAL")
        if _person_unindexed(self._db):  # rebuilt from the chunks table in one transaction
            self._db.executescript(
                "BEGIN; DROP TABLE chunks_fts;" + _SCHEMA + "INSERT INTO chunks_fts "
                "(text, id, person) SELECT text, id, person FROM chunks; COMMIT;"
            )
        self._db.executescript(_SCHEMA)
        columns = {r[1] for r in self._db.execute("PRAGMA table_info(documents)")}
        if "records_version" not in columns:  # an index made before records existed
            self._db.execute("ALTER TABLE documents ADD COLUMN records_version INTEGER DEFAULT 0")
            self._db.commit()
        if "flagged" not in {r[1] for r in self._db.execute("PRAGMA table_info(chunks)")}:
            self._db.execute("ALTER TABLE chunks ADD COLUMN flagged TEXT")  # NULL: not flagged yet
            self._db.commit()
        self._lock = threading.RLock()
        self._people: tuple[tuple[int, int], dict[str, list[dict[str, Any]]]] | None = None
        self._seen = self._data_version()

    @guarded("the index")
    def _data_version(self) -> int:
        with self._lock:
            return int(self._db.execute("PRAGMA data_version").fetchone()[0])

    def collection(self) -> Any:
        """The Chroma collection, reopened when another process (`profilechat ingest` beside a
        running chat) has changed this index: an embedded Chroma keeps the vectors it loaded
        and never sees another process's, so new people's chunks could not be found."""
        if not self.settings.chroma_url and (version := self._data_version()) != self._seen:
            with self._lock:
                if version != self._seen:
                    self._reopen_chroma()
                    self._seen = version
        return self.vectors._collection

    def _reopen_chroma(self) -> None:
        from chromadb.api.client import SharedSystemClient

        # chromadb shares one System per path within a process; a new client needs a new one.
        stale = SharedSystemClient._identifier_to_system.pop(str(self.settings.chroma_dir), None)
        self.vectors = open_chroma(self.settings, self.embeddings)
        if stale is not None:
            with contextlib.suppress(Exception):
                stale.stop()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # -- reading -------------------------------------------------------------------------------

    def file_sha(self, path: Path) -> str | None:
        """The content hash the index holds for a file, if it is indexed and live."""
        row = self._query(
            "SELECT f.sha FROM files f JOIN documents d ON d.sha = f.sha "
            "WHERE f.path = ? AND d.status = 'live'",
            (str(path),),
        )
        return row[0][0] if row else None

    def records_current(self, sha: str) -> bool:
        """Whether a document's records were extracted by the current extractor."""
        row = self._query("SELECT records_version FROM documents WHERE sha=?", (sha,))
        return bool(row) and row[0][0] == RECORDS_VERSION

    def records(self, kind: str | None = None, people: Sequence[str] = (),
                contains: Sequence[str] = ()) -> list[StoredRecord]:
        """Live records, optionally of one kind, for some people, and whose text contains every
        string in `contains` (case-insensitive), in document order."""
        sql = ("SELECT r.kind, r.person, r.source, r.chunk_id, r.start, r.\"end\", r.quote, "
               "r.data, r.authored FROM records r JOIN documents d ON d.sha = r.sha "
               "WHERE d.status = 'live'")
        args: list[Any] = []
        if kind:
            sql += " AND r.kind = ?"
            args.append(kind)
        if people:
            sql += f" AND r.person IN ({','.join('?' * len(people))})"
            args.extend(people)
        for needle in contains:
            sql += " AND r.search LIKE ?"
            args.append(f"%{needle.lower()}%")
        rows = self._query(sql + " ORDER BY r.person, r.source, r.start", tuple(args))
        return [StoredRecord(k, p, src, cid, st, en, q, json.loads(data), bool(a))
                for k, p, src, cid, st, en, q, data, a in rows]

    def coverage(self, people: Sequence[str] = ()) -> dict[str, dict[str, tuple[int, int]]]:
        """Person → kind → (records, entries their documents appear to hold), live documents."""
        sql = ("SELECT d.person, c.kind, SUM(c.records), SUM(c.entries) FROM coverage c "
               "JOIN documents d ON d.sha = c.sha WHERE d.status = 'live'")
        args: tuple[str, ...] = ()
        if people:
            sql += f" AND d.person IN ({','.join('?' * len(people))})"
            args = tuple(people)
        out: dict[str, dict[str, tuple[int, int]]] = {}
        for person, kind, n, m in self._query(sql + " GROUP BY d.person, c.kind", args):
            out.setdefault(person, {})[kind] = (n, m)
        return out

    def record_count(self) -> int:
        """How many live records the index holds (changes whenever records do)."""
        return int(self._query("SELECT COUNT(*) FROM records r JOIN documents d ON d.sha = r.sha "
                               "WHERE d.status = 'live'")[0][0])

    def is_live(self, sha: str) -> bool:
        return bool(self._query("SELECT 1 FROM documents WHERE sha=? AND status='live'", (sha,)))

    def live_shas(self) -> set[str]:
        return {r[0] for r in self._query("SELECT sha FROM documents WHERE status='live'")}

    def indexed_paths(self) -> list[str]:
        return [r[0] for r in self._query("SELECT path FROM files ORDER BY path")]

    @guarded("the index")
    def people(self) -> dict[str, list[dict[str, Any]]]:
        """Who is in the index, with their documents."""
        # Every question asks this, so it is read once per change to the index (this connection's
        # writes or another's): the query takes 5 ms at 1,000 profiles (75 ms without files_sha).
        with self._lock:
            version = (self._db.execute("PRAGMA data_version").fetchone()[0],
                       self._db.total_changes)
            if self._people and self._people[0] == version:
                return dict(self._people[1])
        rows = self._query(
            "SELECT d.person, d.source, d.kind, d.n_chunks, d.sha, "
            "(SELECT group_concat(path, '\n') FROM files f WHERE f.sha = d.sha) "
            "FROM documents d WHERE d.status='live' ORDER BY d.person, d.source"
        )
        people: dict[str, list[dict[str, Any]]] = {}
        for person, source, kind, n, sha, paths in rows:
            people.setdefault(person, []).append(
                {"source": source, "kind": kind, "chunks": n, "sha": sha,
                 "paths": (paths or "").split("\n")}
            )
        self._people = (version, people)
        return dict(people)

    def chunks(self, ids: Sequence[str]) -> list[Chunk]:
        """Chunks by id, in the order asked, skipping ids that are not live."""
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = self._query(
            f"SELECT c.* FROM chunks c JOIN documents d ON d.sha = c.sha "
            f"WHERE c.id IN ({marks}) AND d.status='live'",
            tuple(ids),
        )
        by_id = {r[0]: _stored(r) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

    def all_chunks(self, person: str | None = None) -> list[Chunk]:
        sql = "SELECT c.* FROM chunks c JOIN documents d ON d.sha=c.sha WHERE d.status='live'"
        args: tuple[Any, ...] = ()
        if person:
            sql, args = sql + " AND c.person = ?", (person,)
        return [_stored(r) for r in self._query(sql + " ORDER BY c.sha, c.idx", args)]

    def keyword_ids(self, fts_query: str, people: Sequence[str], n: int) -> list[str]:
        """Chunk ids ranked by FTS5's BM25 for an FTS5 query, optionally for some people only."""
        match = f"text : ({fts_query})"
        sql = "SELECT id FROM chunks_fts WHERE chunks_fts MATCH ?"
        args: list[Any] = []
        if people:
            # Matching the name in FTS5 too ranks only their chunks, not every chunk with a word
            # of the question (3 ms instead of 29 at 10,000 profiles); IN keeps exact names.
            if all(re.search(r"\w", p) for p in people):
                names = " OR ".join('"' + p.replace('"', '""') + '"' for p in people)
                match += f" AND person : ({names})"
            sql += f" AND person IN ({','.join('?' * len(people))})"
            args.extend(people)
        rows = self._query(sql + " ORDER BY bm25(chunks_fts, 1.0, 0.0, 0.0) LIMIT ?",
                           (match, *args, n))
        return [r[0] for r in rows]

    def vector_ids(self, text: str, people: Sequence[str], n: int) -> list[str]:
        """Chunk ids ranked by embedding similarity in Chroma, optionally for some people only."""
        query = self.embeddings.embed_query(text)
        if people:
            ids = [r[0] for r in self._query(
                f"SELECT c.id FROM chunks c JOIN documents d ON d.sha = c.sha WHERE d.status = "
                f"'live' AND c.person IN ({','.join('?' * len(people))})", tuple(people))]
            if len(ids) <= EXACT_SEARCH_MAX:
                return self._nearest(query, ids, n)
        where: dict[str, Any] | None = None
        if len(people) == 1:
            where = {"person": people[0]}
        elif people:
            where = {"person": {"$in": list(people)}}
        found = self._read(lambda c: c.query(query_embeddings=[query], n_results=n, where=where,
                                             include=[]))
        return list(found["ids"][0])

    def _read(self, call: Any) -> Any:
        """A read from Chroma; on a failure, once more on a reopened client (a server that
        restarted, files another process rewrote), then a StoreError a user can act on."""
        try:
            return call(self.collection())
        except Exception:  # chromadb raises many types; all mean "try a fresh client"
            pass
        try:
            with self._lock:
                self._reopen_chroma()
            return call(self.collection())
        except Exception as exc:
            where = self.settings.chroma_url or self.settings.chroma_dir
            raise StoreError(f"the vector store at {where} failed ({type(exc).__name__}: "
                             f"{str(exc)[:120]}); if the Chroma server is down, start it "
                             "(chroma run), otherwise ask again") from exc

    def _nearest(self, query: list[float], ids: list[str], n: int) -> list[str]:
        """The n of these chunks nearest the query, by exact cosine over their stored vectors."""
        if not ids:
            return []
        found = self._read(lambda c: c.get(ids=ids, include=["embeddings"]))
        vectors = np.asarray(found["embeddings"], dtype=np.float32)
        if not len(vectors):
            return []
        # Stored vectors are unit length (MiniLM's are normalised; others are normalised here).
        norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(query) or 1.0)
        scores = vectors @ np.asarray(query, dtype=np.float32) / np.clip(norms, 1e-12, None)
        return [found["ids"][i] for i in np.argsort(-scores, kind="stable")[:n]]

    def count_chunks(self) -> int:
        return self._query("SELECT count(*) FROM chunks")[0][0]

    @guarded("the index")
    def _query(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    # -- writing -------------------------------------------------------------------------------

    @guarded("the document list")
    def begin(self, sha: str, person: str, source: str, kind: str, n_chunks: int,
              repairs: Iterable[str] = (), problems: Iterable[str] = ()) -> bool:
        """Record a document as pending: its chunks may be written but are not yet visible.
        True if it was known already, so an interrupted run may have stored some vectors."""
        with self._lock, self._db:
            known = self._db.execute("SELECT 1 FROM documents WHERE sha=?", (sha,)).fetchone()
            self._db.execute(
                "INSERT INTO documents (sha, person, source, kind, status, n_chunks, repairs, "
                "problems) VALUES (?,?,?,?, 'pending', ?,?,?) ON CONFLICT(sha) DO "
                "UPDATE SET status = CASE status WHEN 'live' THEN 'live' ELSE 'pending' END",
                (sha, person, source, kind, n_chunks, "\n".join(repairs), "\n".join(problems)),
            )
        return known is not None

    @guarded("the vectors")
    def stored_vector_ids(self, sha: str) -> set[str]:
        """Ids of the chunks of a document already in Chroma (from an interrupted run)."""
        found = self.collection().get(where={"doc_sha": sha}, include=[])
        return set(found["ids"])

    @guarded("the vectors")
    def add_vectors(self, chunks: Sequence[Chunk], shas: Sequence[str],
                    vectors: list[list[float]]) -> None:
        """Write embedded chunks, each with its document's sha, to Chroma (idempotent: ids are
        stable); many documents per call, as one upsert per file cost 8% of ingest."""
        step = 4096  # under Chroma's max batch size (5461 for the embedded store)
        try:
            for at in range(0, len(chunks), step):
                part = chunks[at : at + step]
                self.collection().upsert(
                    ids=[c.id for c in part],
                    embeddings=vectors[at : at + step],  # type: ignore[arg-type]
                    documents=[c.text for c in part],
                    metadatas=[_metadata(c, sha) for c, sha in zip(part, shas[at : at + step])],
                )
        except Exception:
            # An embedded client whose write failed (a full disk) hung on its next read in this
            # process: the next ingest (the chat's next upload) gets a fresh one.
            if not self.settings.chroma_url:
                with self._lock:
                    self._reopen_chroma()
            raise

    @guarded("the document's passages and records")
    def commit(self, path: Path, sha: str, chunks: Sequence[Chunk],
               records: Sequence[Record] = (), text: str = "",
               coverage: Mapping[str, tuple[int, int]] | None = None) -> str | None:
        """Make a document live for a path in one transaction, with its structured records and
        their coverage (kind → records, entries the document appears to hold); return the sha
        it replaced."""
        with self._lock, self._db:
            if not self._db.execute("SELECT 1 FROM documents WHERE sha=? AND records_version=?",
                                    (sha, RECORDS_VERSION)).fetchone():
                self._write_records(sha, records, text)
                self._db.execute("DELETE FROM coverage WHERE sha=?", (sha,))
                self._db.executemany("INSERT INTO coverage VALUES (?,?,?,?)",
                                     [(sha, k, n, m) for k, (n, m) in (coverage or {}).items()])
            old = self._db.execute("SELECT sha FROM files WHERE path=?", (str(path),)).fetchone()
            self._db.execute("UPDATE documents SET status='live' WHERE sha=?", (sha,))
            self._db.execute("INSERT OR REPLACE INTO files VALUES (?,?)", (str(path), sha))
            have = self._db.execute("SELECT 1 FROM chunks WHERE sha=? LIMIT 1", (sha,)).fetchone()
            if not have:
                self._db.executemany(
                    "INSERT INTO chunks VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    [(c.id, sha, c.index, c.person, c.source, c.section, c.page, c.start, c.end,
                      c.tokens, c.text, json.dumps(c.flagged, ensure_ascii=False))
                     for c in chunks],
                )
                self._db.executemany(
                    "INSERT INTO chunks_fts (text, id, person) VALUES (?,?,?)",
                    [(c.text, c.id, c.person) for c in chunks],
                )
            replaced = old[0] if old and old[0] != sha else None
            if replaced:
                self._retire_if_unused(replaced)
        self.collect_garbage()
        return replaced

    def _write_records(self, sha: str, records: Sequence[Record], text: str) -> None:
        self._db.execute("DELETE FROM records WHERE sha=?", (sha,))
        self._db.executemany(
            "INSERT INTO records VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [(sha, r.person, r.source, r.kind, r.chunk_id, r.start, r.end,
              text[r.start:r.end].strip(), json.dumps(r.data, ensure_ascii=False),
              int(r.authored), _searchable(r.data)) for r in records],
        )
        self._db.execute("UPDATE documents SET records_version=? WHERE sha=?",
                         (RECORDS_VERSION, sha))

    @guarded("the document list")
    def remove_path(self, path: str) -> None:
        """Forget a file; its document goes when no other file has the same content."""
        with self._lock, self._db:
            row = self._db.execute("SELECT sha FROM files WHERE path=?", (path,)).fetchone()
            self._db.execute("DELETE FROM files WHERE path=?", (path,))
            if row:
                self._retire_if_unused(row[0])
        self.collect_garbage()

    def _retire_if_unused(self, sha: str) -> None:
        if not self._db.execute("SELECT 1 FROM files WHERE sha=?", (sha,)).fetchone():
            self._db.execute("UPDATE documents SET status='dead' WHERE sha=?", (sha,))
            self._db.execute(
                "DELETE FROM chunks_fts WHERE id IN (SELECT id FROM chunks WHERE sha=?)", (sha,)
            )
            self._db.execute("DELETE FROM chunks WHERE sha=?", (sha,))
            self._db.execute("DELETE FROM records WHERE sha=?", (sha,))
            self._db.execute("DELETE FROM coverage WHERE sha=?", (sha,))

    @guarded("the document list")
    def abandon_pending(self) -> None:
        """Retire documents an interrupted run left pending and this run did not finish."""
        with self._lock, self._db:
            self._db.execute("UPDATE documents SET status='dead' WHERE status='pending'")
        self.collect_garbage()

    @guarded("the removal of retired vectors")
    def collect_garbage(self) -> int:
        """Delete the vectors of retired documents; safe to repeat after a crash."""
        dead = [r[0] for r in self._query("SELECT sha FROM documents WHERE status='dead'")]
        for sha in dead:
            self.collection().delete(where={"doc_sha": sha})
            with self._lock, self._db:
                self._db.execute("DELETE FROM documents WHERE sha=? AND status='dead'", (sha,))
        return len(dead)


def _stored(row: Sequence[Any]) -> Chunk:
    """A chunks row as a Chunk; a row written before flagging is flagged from its text."""
    chunk = Chunk(id=row[0], sha=row[1], index=row[2], person=row[3], source=row[4],
                  section=row[5], page=row[6], start=row[7], end=row[8], tokens=row[9],
                  text=row[10], body="")
    if len(row) > 11 and row[11] is not None:
        return replace(chunk, flagged=tuple(json.loads(row[11])))
    shown, lines = injection.split(chunk.text)
    return replace(chunk, text=shown, flagged=tuple(lines))


def _person_unindexed(db: sqlite3.Connection) -> bool:
    """Whether the keyword index is from before person was searchable (then it is rebuilt from
    the chunks table: keyword search for one person scanned every chunk, 29 ms at 10,000)."""
    row = db.execute("SELECT sql FROM sqlite_master WHERE name = 'chunks_fts'").fetchone()
    return bool(row) and "person UNINDEXED" in row[0]


def _searchable(data: dict[str, Any]) -> str:
    """Every string a record holds, lower-cased, for LIKE filters."""
    values = [v if isinstance(v, str) else " ; ".join(map(str, v)) if isinstance(v, list)
              else str(v) for v in data.values() if v not in (None, "", [])]
    return " | ".join(values).lower()


def _metadata(chunk: Chunk, sha: str) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "person": chunk.person, "source": chunk.source, "section": chunk.section,
        "start": chunk.start, "end": chunk.end, "doc_sha": sha, "index": chunk.index,
        "tokens": chunk.tokens,
    }
    if chunk.page is not None:
        meta["page"] = chunk.page
    return meta


def open_index(settings: Settings) -> Index:
    """The index with the local embedder, as every entry point opens it."""
    from ingest.embeddings import MiniLMEmbeddings

    return Index(settings, MiniLMEmbeddings(batch_size=settings.embed_batch))


def open_manifest(settings: Settings) -> Index:
    """The index's SQLite half alone, read-only, for commands that read only the manifest and
    records (`people`): they need neither Chroma, which may be down, nor the embedder. Reading
    vectors from it fails; an index not made yet reads as empty."""
    path = settings.home / "index.sqlite"
    if path.exists():
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False,
                             timeout=settings.lock_wait_seconds)
    else:
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.executescript(_SCHEMA)
    index = Index.__new__(Index)  # the constructor would open Chroma
    index.settings, index._db, index._lock, index._people = settings, db, threading.RLock(), None
    return index
