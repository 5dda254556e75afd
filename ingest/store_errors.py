"""What the index's storage failures mean to a user: a lock another process holds, a full disk."""

from __future__ import annotations

import errno
import functools
import re
import shutil
import sqlite3
from collections.abc import Callable
from typing import Any, TypeVar

from assistant.errors import ProfileChatError, StoreError
from assistant.settings import Settings

F = TypeVar("F", bound=Callable[..., Any])
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
# Chroma reports a full disk in its own words ("(code: 13) database or disk is full"), or not at
# all ("Error in compaction: Failed to apply logs…"): then the free space tells.
_FULL_TEXT = re.compile(r"disk is full|no space left", re.I)
NEARLY_FULL_BYTES = 16 * 2**20  # the sample index takes 1.1 MB; one upsert's log, a few


def locked(settings: Settings) -> StoreError:
    """The message for an index another process holds locked past the wait."""
    return StoreError(
        f"the index at {settings.home / 'index.sqlite'} is busy: another process (a "
        "`profilechat ingest`, or a program with the file open for writing) has held its lock for "
        f"over {settings.lock_wait_seconds:g} s (PROFILECHAT_LOCK_WAIT_SECONDS); retry when it has "
        "finished")


def disk_full(settings: Settings, what: str) -> StoreError:
    """The message for a write the disk had no room for."""
    free = _free_bytes(settings)
    left = f"{free / 2**20:.1f} MB free" if free is not None else "no space left"
    return StoreError(
        f"the disk holding {settings.home} is full ({left}), so {what} could not be written; "
        "free some space (or point PROFILECHAT_HOME at a larger disk) and run it again: what "
        "was already added is kept, and an ingest resumes where it stopped, without duplicates")


def storage_error(exc: BaseException, settings: Settings, what: str) -> StoreError | None:
    """The StoreError a failed SQLite or Chroma call means, or None when it is none we know."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(exc, sqlite3.OperationalError) and code is not None and code & 0xFF in _BUSY:
        return locked(settings)
    if _says_full(exc):
        return disk_full(settings, what)
    if "vectors" not in what or isinstance(exc, sqlite3.Error):
        return None
    # Any failed Chroma write: on an embedded store, a disk with (almost) no room is the reason.
    free = _free_bytes(settings)
    if not settings.chroma_url and free is not None and free < NEARLY_FULL_BYTES:
        return disk_full(settings, what)
    where = settings.chroma_url or settings.chroma_dir
    return StoreError(
        f"{what} could not be written to the Chroma store at {where} ({type(exc).__name__}: "
        f"{str(exc)[:120]}); check that the server is running (chroma run) or PROFILECHAT_HOME "
        "is writable, then run the ingest again: it resumes where it stopped")


def guarded(what: str) -> Callable[[F], F]:
    """Decorate an Index method so that storage failures become StoreErrors naming `what`."""

    def decorate(method: F) -> F:
        @functools.wraps(method)
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            try:
                return method(self, *args, **kwargs)
            except ProfileChatError:
                raise
            except Exception as exc:
                if (error := storage_error(exc, self.settings, what)) is None:
                    raise
                raise error from exc

        return wrapper  # type: ignore[return-value]

    return decorate


def _says_full(exc: BaseException) -> bool:
    """Whether an exception, or one it was raised from, is a full disk."""
    seen: BaseException | None = exc
    while seen is not None:
        code = getattr(seen, "sqlite_errorcode", None)
        if (code is not None and code & 0xFF == sqlite3.SQLITE_FULL) or (
                isinstance(seen, OSError) and seen.errno == errno.ENOSPC):
            return True
        if _FULL_TEXT.search(str(seen)):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _free_bytes(settings: Settings) -> int | None:
    """Free space on the disk holding the home folder (or its nearest existing parent)."""
    path = settings.home
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        return shutil.disk_usage(path).free
    except OSError:
        return None
