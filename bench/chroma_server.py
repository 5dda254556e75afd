"""A `chroma run` server on 127.0.0.1 for the benchmark, and what it costs in CPU and memory."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Server:
    url: str
    pid: int
    path: Path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def chroma_server(path: Path, *, log: Path | None = None, start_s: float = 60) -> Iterator[Server]:
    """Start `chroma run --path PATH` on a free local port; stop it on exit."""
    binary = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")
    port = _free_port()
    path.mkdir(parents=True, exist_ok=True)
    out = log.open("ab") if log else subprocess.DEVNULL
    proc = subprocess.Popen(
        [binary, "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=out, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + start_s
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"chroma run did not start on {url}") from None
                time.sleep(0.2)
        yield Server(url, proc.pid, path)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if log:
            out.close()  # type: ignore[union-attr]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds a running process has used (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    """A running process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0
