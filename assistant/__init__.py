"""profilechat's public API: ask questions of indexed researcher profiles."""

from __future__ import annotations

import importlib
from typing import Any

from assistant.errors import ProfileChatError
from assistant.types import Answer, Citation

_API = ("Assistant", "answer", "profiles", "stream_answer")
try:
    from assistant.answer import Assistant, answer, profiles, stream_answer  # noqa: F401
except ImportError as exc:
    # ingest imports assistant.errors, which runs this file; when ingest is imported first, the
    # answering machinery (which imports ingest) cannot load yet: it loads on first use instead.
    if "partially initialized" not in str(exc):
        raise

__all__ = ["Answer", "Citation", "ProfileChatError", *_API]


def __getattr__(name: str) -> Any:
    if name not in _API:
        raise AttributeError(f"module 'assistant' has no attribute {name!r}")
    module = importlib.import_module("assistant.answer")
    # The import set `assistant.answer` to the module; the public name is the function.
    globals().update({n: getattr(module, n) for n in _API})
    return globals()[name]
