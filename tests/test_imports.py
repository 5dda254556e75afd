"""Every module imports on its own, first, in a fresh interpreter: no import cycle hides behind
the order in which the test suite (or a user's script) happens to import things."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from conftest import REPO

PACKAGES = ("assistant", "ingest", "eval", "ui", "bench", "prompts")


def _modules() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def _import_alone(module: str) -> tuple[str, int, str]:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    return module, done.returncode, done.stderr.strip().splitlines()[-1:] and \
        done.stderr.strip().splitlines()[-1]


def test_every_module_imports_first_in_its_own_process() -> None:
    modules = _modules()
    assert "ingest.store" in modules and "assistant.routes.parse" in modules
    with ThreadPoolExecutor(max_workers=4) as pool:
        failed = [(m, err) for m, code, err in pool.map(_import_alone, modules) if code != 0]
    assert failed == []
