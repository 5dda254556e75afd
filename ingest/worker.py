"""Read one file into chunks and records, in a child process that is killed past its time budget.

A hostile file (a content-stream bomb, an xref loop, megabytes of one run-on line) can hold PDFium
or the record extractor far longer than any CV takes. Each file is read in one long-lived child
(started once and reused); when a file runs past
PROFILECHAT_MAX_PARSE_SECONDS the child is killed, the file is refused with that reason, and the
next file gets a fresh child. With the budget at 0, files are read in-process.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from assistant.errors import IngestError, ProfileChatError
from ingest import loaders
from ingest.chunking import Chunk, chunk_text
from ingest.profiles import detect_person, unknown_person
from ingest.records import Record, attach, extract
from ingest.records.coverage import coverage

__all__ = ["ParseWorker", "Parsed", "read", "read_records"]

_ROOT = Path(__file__).resolve().parents[1]  # where `ingest` and `assistant` import from
_START_SECONDS = 120  # the child's imports, on a busy 2-core machine; not the file's budget


@dataclass
class Parsed:
    """One file's outcome before embedding: its chunks and records, or why it failed."""

    path: Path
    sha: str
    document: loaders.Document | None = None
    person: str | None = None
    chunks: list[Chunk] = field(default_factory=list)
    error: str = ""
    unchanged: bool = False
    records: list[Record] = field(default_factory=list)
    coverage: dict[str, tuple[int, int]] = field(default_factory=dict)
    spent: float = 0.0  # seconds of the file's time budget used so far
    # (records, coverage) when they are read after the chunks, so that embedding starts sooner
    later: Future[tuple[list[Record], dict[str, tuple[int, int]]]] | None = None


def read(path: Path, sha: str, limits: loaders.Limits, chunk_tokens: int,
         person: str | None = None, records: bool = True) -> Parsed:
    """Load, identify and chunk one file and, unless `records` is False, read its records;
    never raises for a bad file."""
    try:
        document = loaders.load(path, limits=limits)
        person = person or detect_person(document.text, file_name=path.name)
        if person is None:
            person = unknown_person(path.name)
            document.problems.append(
                "no person's name found in the text; name them with `profilechat ingest "
                f"{path.name} --person 'Full Name'` or a `person:` field in the front matter")
        chunks = chunk_text(
            document.text, person=person, source=path.name, doc_id=sha[:16],
            max_tokens=chunk_tokens, page_at=document.page_at,
        )
        if not chunks:
            raise IngestError(f"{path.name}: no text to index after extraction")
        parsed = Parsed(path, sha, document, person, chunks)
        if records:
            parsed.records, parsed.coverage = read_records(document.text, person, chunks,
                                                           path.name, document.bold,
                                                           document.italic)
        return parsed
    except ProfileChatError as exc:
        return Parsed(path, "", error=str(exc))
    except OSError as exc:
        return Parsed(path, "", error=f"{path}: cannot read ({exc.strerror or exc})")


def read_records(text: str, person: str, chunks: list[Chunk], source: str,
                 bold: Sequence[tuple[int, int]] = (), italic: Sequence[tuple[int, int]] = ()
                 ) -> tuple[list[Record], dict[str, tuple[int, int]]]:
    """The records a document states, each pointing at its chunk, and how complete they are;
    bold, italic: the spans a PDF sets in bold and in italic type."""
    found = extract(text, person, bold, italic)
    attach(found, chunks)
    for record in found:
        record.source = source
    return found, coverage(text, person, found)


class ParseWorker:
    """One child process that runs calls one at a time, each within a number of seconds."""

    def __init__(self) -> None:
        self._child: subprocess.Popen[bytes] | None = None
        self._requests: Connection | None = None
        self._replies: Connection | None = None
        self._lock = threading.Lock()
        self.peak_rss_mb = 0.0  # the largest resident size a child reached, over its calls

    def call(self, seconds: float, fn: Callable[..., Any], *args: Any) -> Any:
        """fn(*args) in the child. Raises TimeoutError when it takes longer than `seconds` (the
        child is killed) and ChildProcessError when the child dies (a crash in PDFium)."""
        with self._lock:
            requests, replies = self._start()
            requests.send((fn, args))
            if not replies.poll(seconds):
                self._stop()
                raise TimeoutError(f"over {seconds:g} s")
            try:
                ok, value, peak_kb = replies.recv()
            except (EOFError, OSError) as exc:
                raise ChildProcessError(f"exit code {self._stop()}") from exc
            self.peak_rss_mb = max(self.peak_rss_mb, peak_kb / 1024)
            if not ok:
                raise value
            return value

    def close(self) -> None:
        """Stop the child; the next call starts another."""
        with self._lock:
            self._stop()

    def _start(self) -> tuple[Connection, Connection]:
        if self._child is not None and self._child.poll() is None:
            assert self._requests is not None and self._replies is not None
            return self._requests, self._replies
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            filter(None, [str(_ROOT), os.environ.get("PYTHONPATH")]))}
        self._child = subprocess.Popen(
            [sys.executable, "-c", "from ingest.worker import _serve; _serve()"], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self._child.stdin is not None and self._child.stdout is not None
        self._requests = Connection(os.dup(self._child.stdin.fileno()), readable=False)
        self._replies = Connection(os.dup(self._child.stdout.fileno()), writable=False)
        self._child.stdin.close()
        self._child.stdout.close()
        if not self._replies.poll(_START_SECONDS) or self._replies.recv() != "ready":
            code = self._stop()
            raise ChildProcessError(f"the parse worker did not start (exit code {code})")
        return self._requests, self._replies

    def _stop(self) -> int | None:
        """Kill the child, noting how large it grew; its exit code."""
        child, self._child = self._child, None
        if child is None:
            return None
        self.peak_rss_mb = max(self.peak_rss_mb, _peak_mb(child.pid))
        for connection in (self._requests, self._replies):
            if connection is not None:
                connection.close()
        self._requests = self._replies = None
        if child.poll() is None:
            child.kill()
        return child.wait()


def _peak_mb(pid: int) -> float:
    """A live process's peak resident size (VmHWM), 0 when it cannot be read."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _serve() -> None:
    """The child's loop: (fn, args) in, (ok, result or exception, peak RSS in KiB) out."""
    replies = Connection(os.dup(1), readable=False)
    os.dup2(2, 1)  # what a library prints goes to stderr, never into the replies
    requests = Connection(os.dup(0), writable=False)
    replies.send("ready")
    while True:
        try:
            fn, args = requests.recv()
        except EOFError:
            return
        try:
            reply: tuple[bool, Any] = (True, fn(*args))
        except Exception as exc:  # noqa: BLE001 (a bug: raised again in the parent, as it was)
            reply = (False, exc)
        # VmHWM, not getrusage's ru_maxrss: that keeps the parent's size across fork and exec.
        peak = _peak_mb(os.getpid()) * 1024
        try:
            replies.send((*reply, peak))
        except (pickle.PicklingError, TypeError, AttributeError) as exc:  # an unpicklable error
            replies.send((False, RuntimeError(f"{type(exc).__name__}: {exc}"), peak))
