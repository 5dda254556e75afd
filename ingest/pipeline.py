"""Ingest files into the index: skip unchanged, replace changed, prune gone, report every file."""

from __future__ import annotations

import errno
import hashlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import IngestError, ProfileChatError
from assistant.settings import Settings
from ingest import loaders
from ingest.chunking import Chunk
from ingest.store import Index
from ingest.worker import Parsed as _Parsed
from ingest.worker import ParseWorker, read, read_records

Outcome = str  # "added" | "unchanged" | "replaced" | "failed" | "pruned" | "skipped"


@dataclass
class FileResult:
    path: Path
    outcome: Outcome
    person: str | None = None
    chunks: int = 0
    reason: str = ""
    repairs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    reader: str = ""
    glued: tuple[int, int] | None = None  # a PDF's glued word runs as extracted, after repair


@dataclass
class IngestReport:
    files: list[FileResult] = field(default_factory=list)

    def count(self, outcome: Outcome) -> int:
        return sum(1 for f in self.files if f.outcome == outcome)

    @property
    def chunks_added(self) -> int:
        return sum(f.chunks for f in self.files if f.outcome in ("added", "replaced"))

    @property
    def people(self) -> list[str]:
        return sorted({f.person for f in self.files if f.person and f.outcome != "failed"})

    def summary(self) -> str:
        """The closing summary the CLI prints: counts, then one line per failure."""
        lines = [
            f"{self.count('added')} added, {self.count('unchanged')} unchanged, "
            f"{self.count('replaced')} replaced, {self.count('failed')} failed"
            + (f", {self.count('pruned')} pruned" if self.count("pruned") else "")
            + (f", {self.count('skipped')} skipped" if self.count("skipped") else "")
            + f"; {self.chunks_added} chunks written; {len(self.people)} people"
        ]
        for f in self.files:
            if f.outcome in ("failed", "skipped"):
                lines.append(f"  {f.outcome}: {f.path}: {f.reason}")
            if f.glued is not None:
                lines.append(f"  {f.path.name}: text by {f.reader}, glued word runs "
                             f"{f.glued[0]} as extracted, {f.glued[1]} after repair")
            for problem in f.problems:
                lines.append(f"  warning: {f.path.name}: {problem}")
        return "\n".join(lines)


def discover(paths: Iterable[Path], skipped: list[FileResult] | None = None) -> Iterator[Path]:
    """Files named directly (any suffix, so they can be refused with a reason) and the
    supported files under named folders, in a stable order; symlink loops met in folders go
    to `skipped`, with the reason."""
    for path in paths:
        if path.is_dir():
            for found in sorted(path.rglob("*")):
                if found.is_file() and found.suffix.lower() in loaders.SUPPORTED_SUFFIXES:
                    yield found.resolve()
                elif skipped is not None and found.is_symlink() and (why := _loop(found)):
                    skipped.append(FileResult(found, "skipped", reason=why))
        else:
            yield path.resolve() if path.exists() else path.absolute()


def _loop(link: Path) -> str:
    """Why a symlink cannot be followed because it loops, or "" when it does not loop."""
    try:
        target = link.resolve(strict=True)
    except (OSError, RuntimeError) as exc:  # Python 3.11 raises RuntimeError for a loop
        if isinstance(exc, OSError) and exc.errno != errno.ELOOP:
            return ""  # a dangling link is skipped, as any non-file is
        return "symlink loop: it leads back to itself, so it was not followed; fix or remove it"
    if target.is_dir() and link.parent.resolve().is_relative_to(target):
        return (f"symlink loop: it points to {target}, a folder that contains it, so it was not "
                "followed; ingest that folder itself if its files are wanted")
    return ""


# Part of every document's hash, with the chunk size: raise it when loading, identity or
# chunking change what a document's chunks are, or record extraction what its records are, so that
# the next ingest re-reads old indexes. Say what changed in ingest/PARSE_VERSIONS.md.
PARSE_VERSION = 166


def _file_sha(path: Path, max_bytes: int, chunk_tokens: int, person: str = "") -> str:
    """Content hash read in blocks; oversized and unreadable files fail here, before parsing."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            loaders.load(path, max_bytes=max_bytes)  # raises the loader's size message
        digest = hashlib.sha256(
            f"profilechat-parse-{PARSE_VERSION}-{chunk_tokens}-{person}\n".encode())
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        loaders.load(path, max_bytes=max_bytes)  # raises the loader's path message
        raise


def limits(settings: Settings) -> loaders.Limits:
    """The per-file limits the settings set."""
    return loaders.Limits(
        file_bytes=int(settings.max_file_mb * 1024 * 1024), pages=settings.max_pages,
        stream_bytes=int(settings.max_stream_mb * 1024 * 1024), chars=settings.max_text_chars)


# One child for every ingest in this process (the web chat ingests upload after upload): it
# starts once, ~1 s of imports, and is replaced only after a file it had to be killed for.
WORKER = ParseWorker()


def parse(path: Path, settings: Settings, index: Index, person: str | None = None, *,
          records: bool = True) -> _Parsed:
    """Hash, and if new, load, identify and chunk one file, and read its records unless
    `records` is False (see read_later); never raises for a bad file. With a time budget
    (PROFILECHAT_MAX_PARSE_SECONDS), the file is read in the worker process.

    `person` names who the file is about when its text does not say (a Markdown page whose name
    is only in the site's config); it is part of the hash, so renaming re-indexes the file.
    """
    budget = limits(settings)
    try:
        sha = _file_sha(path, budget.file_bytes, settings.chunk_tokens, person or "")
        if index.file_sha(path) == sha and index.records_current(sha):
            return _Parsed(path, sha, unchanged=True)
        started = time.perf_counter()
        parsed: _Parsed = _within(settings, settings.max_parse_seconds, path, read, path, sha,
                                  budget, settings.chunk_tokens, person, records)
        parsed.spent = time.perf_counter() - started
        return parsed
    except ProfileChatError as exc:
        return _Parsed(path, "", error=str(exc))
    except OSError as exc:
        return _Parsed(path, "", error=f"{path}: cannot read ({exc.strerror or exc})")


def read_later(parsed: _Parsed, settings: Settings) -> None:
    """Read the records of a file parsed with records=False, in what is left of its time budget,
    into parsed.later: a 1 MB text's records take ~5 s, which its embedding now hides."""
    assert parsed.later is not None and parsed.document is not None
    seconds = settings.max_parse_seconds
    try:
        left = max(seconds - parsed.spent, 1.0) if seconds > 0 else 0.0
        parsed.later.set_result(_within(settings, left, parsed.path, read_records,
                                        parsed.document.text, parsed.person, parsed.chunks,
                                        parsed.path.name, parsed.document.bold,
                                        parsed.document.italic))
    except Exception as exc:  # noqa: BLE001 (raised where the file is written: a bug surfaces)
        parsed.later.set_exception(exc)


def _within(settings: Settings, seconds: float, path: Path, fn: Callable[..., Any],
            *args: Any) -> Any:
    """fn(*args) in the worker within `seconds` (what is left of the file's budget), or
    in-process when there is no budget."""
    if seconds <= 0:
        return fn(*args)
    try:
        return WORKER.call(seconds, fn, *args)
    except TimeoutError:
        raise IngestError(
            f"{path.name}: reading it took over {settings.max_parse_seconds:g} s "
            "(PROFILECHAT_MAX_PARSE_SECONDS), so it was stopped; a CV takes under a "
            "second, so split it, or raise the limit if it is a real document") from None
    except ChildProcessError as exc:
        raise IngestError(f"{path.name}: the parser crashed on it ({exc}); re-export it "
                          "or leave it out") from None


def ingest(
    paths: Iterable[Path],
    settings: Settings,
    index: Index,
    *,
    prune: bool = False,
    on_file: Callable[[FileResult], None] | None = None,
    progress: bool = False,
    names: Mapping[str, str] | None = None,
) -> IngestReport:
    """Ingest files and folders; parsing runs ahead of embedding on another core.

    Args:
        names: file name → the person it is about, for files whose text does not name them.
    """
    skipped: list[FileResult] = []
    files = list(dict.fromkeys(discover((Path(p) for p in paths), skipped)))
    report = IngestReport()
    bar = _progress_bar(len(files), progress)
    # Who each live document is about, for the files that turn out unchanged.
    people = {doc["sha"]: person for person, docs in index.people().items() for doc in docs}

    def record(results: list[FileResult]) -> None:
        for result in results:
            report.files.append(result)
            if on_file:
                on_file(result)
            bar.update(1)
            bar.set_postfix_str(f"{result.outcome}: {result.path.name}"[:40])

    waiting: list[_Parsed] = []
    writer = _Writer(index, record)
    try:
        for parsed in _parse_ahead(files, settings, index, names or {}):
            if parsed is None:
                # Parsing is behind (a slow PDF, a small collection): embed what is waiting
                # rather than sit idle, once it fills a batch.
                if sum(len(p.chunks) for p in waiting) >= settings.embed_batch:
                    writer.submit(waiting, *_embed(waiting, index))
                    waiting = []
                continue
            if parsed.error or parsed.unchanged:
                record([_settled(parsed, people.get(parsed.sha))])
                continue
            waiting.append(parsed)
            # Embedding many files' chunks together lets length-sorted batches waste little on
            # padding: 512-chunk groups cost 1.05x a whole-corpus sort, 128-chunk groups 1.22x.
            if sum(len(p.chunks) for p in waiting) >= 16 * settings.embed_batch:
                writer.submit(waiting, *_embed(waiting, index))
                waiting = []
        writer.submit(waiting, *_embed(waiting, index))
        writer.wait()
    finally:
        writer.close()
    bar.close()
    for result in skipped:
        report.files.append(result)
        if on_file:
            on_file(result)
    index.abandon_pending()
    if prune:
        report.files.extend(_prune(index, on_file))
    return report


def _parse_ahead(files: list[Path], settings: Settings, index: Index,
                 names: Mapping[str, str]) -> Iterator[_Parsed | None]:
    """Parse in a background thread while the caller embeds (onnxruntime releases the GIL);
    None, before waiting, when the next file is not parsed yet."""
    # Room for the next embedding group's files (512 chunks ≈ 60 profiles, a few MB), so they are
    # parsed while this group embeds: with 8, ingest waited on parsing between groups.
    done: queue.Queue[_Parsed | None] = queue.Queue(maxsize=8 * settings.embed_batch)
    stop = threading.Event()
    failure: list[BaseException] = []

    def work() -> None:
        try:
            for path in files:
                if stop.is_set():
                    break
                parsed = parse(path, settings, index, names.get(path.name), records=False)
                if parsed.document is not None:
                    parsed.later = Future()
                done.put(parsed)  # its chunks embed while its records are read
                if parsed.later is not None:
                    read_later(parsed, settings)
        except BaseException as exc:  # a bug: raised again in the caller, never a silent hang
            failure.append(exc)
        finally:
            done.put(None)

    worker = threading.Thread(target=work, name="profilechat-parse", daemon=True)
    worker.start()
    try:
        while True:
            try:
                item = done.get_nowait()
            except queue.Empty:
                yield None
                item = done.get()
            if item is None:
                if failure:
                    raise failure[0]
                return
            yield item
    finally:
        stop.set()


def _settled(parsed: _Parsed, person: str | None) -> FileResult:
    if parsed.error:
        return FileResult(parsed.path, "failed", reason=parsed.error)
    return FileResult(parsed.path, "unchanged", person)


class _Writer:
    """Writes embedded groups to Chroma and SQLite on one thread, in order, so that writing a
    group (one core) overlaps embedding the next (both cores)."""

    def __init__(self, index: Index, record: Callable[[list[FileResult]], None]) -> None:
        self._index = index
        self._record = record
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="profilechat-write")
        self._pending: Future[list[FileResult]] | None = None

    def submit(self, batch: list[_Parsed], indexed: set[str], new: list[tuple[Chunk, str]],
               vectors: list[list[float]]) -> None:
        self.wait()
        self._pending = self._pool.submit(_write, batch, indexed, new, vectors, self._index)

    def wait(self) -> None:
        """Record the results of the group being written, once it is."""
        if self._pending:
            pending, self._pending = self._pending, None
            self._record(pending.result())

    def close(self) -> None:
        self._pool.shutdown(wait=True)  # never leave a write half done behind an error


def _embed(batch: list[_Parsed], index: Index
           ) -> tuple[set[str], list[tuple[Chunk, str]], list[list[float]]]:
    """Mark a group's new documents pending and embed their chunks together; reuses vectors an
    interrupted run already wrote. Returns the indexed paths, the chunks and their vectors."""
    indexed = set(index.indexed_paths())
    todo: list[_Parsed] = []
    new: list[tuple[Chunk, str]] = []
    for parsed in batch:
        doc = parsed.document
        assert doc is not None and parsed.person is not None
        if index.is_live(parsed.sha) or any(parsed.sha == p.sha for p in todo):
            continue  # same content already indexed, or in this batch, under another path
        todo.append(parsed)
        resumed = index.begin(parsed.sha, parsed.person, parsed.path.name, doc.kind,
                              len(parsed.chunks), doc.repairs, doc.problems)
        have = index.stored_vector_ids(parsed.sha) if resumed else set()
        new.extend((c, parsed.sha) for c in parsed.chunks if c.id not in have)
    vectors = index.embeddings.embed_documents([c.text for c, _ in new]) if new else []
    return indexed, new, vectors


def _write(batch: list[_Parsed], indexed: set[str], new: list[tuple[Chunk, str]],
           vectors: list[list[float]], index: Index) -> list[FileResult]:
    """Write a group's vectors to Chroma, then commit each file of it."""
    if new:
        index.add_vectors([c for c, _ in new], [sha for _, sha in new], vectors)
    results = []
    for parsed in batch:
        _settle(parsed)
        same = index.file_sha(parsed.path) == parsed.sha  # only its records were out of date
        index.commit(parsed.path, parsed.sha, parsed.chunks, parsed.records, doc_text(parsed),
                     parsed.coverage)
        doc = parsed.document
        assert doc is not None
        outcome = "unchanged" if same else "replaced" if str(parsed.path) in indexed else "added"
        results.append(FileResult(
            parsed.path, outcome, parsed.person,
            len(parsed.chunks), repairs=doc.repairs, problems=doc.problems,
            reader=doc.reader, glued=doc.glued,
        ))
    return results


def _settle(parsed: _Parsed) -> None:
    """Wait for records read after the chunks; a file whose records ran past the time budget
    is indexed for its passages alone, and says so."""
    if parsed.later is None:
        return
    assert parsed.document is not None
    try:
        parsed.records, parsed.coverage = parsed.later.result()
    except ProfileChatError as exc:
        parsed.document.problems.append(
            f"its records were not read ({exc}); its passages are indexed, but records "
            "answers (collection questions, `people --json`) leave it out")


def doc_text(parsed: _Parsed) -> str:
    return parsed.document.text if parsed.document else ""


def _prune(index: Index, on_file: Callable[[FileResult], None] | None) -> list[FileResult]:
    results = []
    for path in index.indexed_paths():
        if not os.path.exists(path):
            index.remove_path(path)
            results.append(FileResult(Path(path), "pruned"))
            if on_file:
                on_file(results[-1])
    return results


def _progress_bar(total: int, enabled: bool):  # type: ignore[no-untyped-def]
    from tqdm import tqdm

    return tqdm(total=total, unit="file", disable=not enabled or total == 0, file=sys.stderr,
                dynamic_ncols=True)
