"""Server mode: the same ingest against a real `chroma run` on 127.0.0.1 behaves as embedded."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import SAMPLE

from assistant.errors import StoreError
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import Index

pytestmark = pytest.mark.server


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory):
    binary = shutil.which("chroma") or str(Path(sys.executable).parent / "chroma")
    port = _free_port()
    data = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen(
        [binary, "run", "--path", str(data), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1)
            break
        except OSError:
            time.sleep(0.2)
    else:
        proc.kill()
        pytest.fail("chroma run did not start")
    yield url
    proc.terminate()
    proc.wait(timeout=20)


def test_server_mode_matches_embedded_mode(chroma_url, tmp_path, embedder) -> None:
    embedded = Settings(home=tmp_path / "embedded")
    remote = Settings(home=tmp_path / "remote", chroma_url=chroma_url, collection="t_server")
    results = {}
    for name, settings in [("embedded", embedded), ("server", remote)]:
        index = Index(settings, embedder)
        report = ingest([SAMPLE], settings, index)
        again = ingest([SAMPLE], settings, index)
        hits = index.vectors.similarity_search("Who taught distributed systems?", k=4)
        results[name] = (
            sorted(f.person for f in report.files), report.chunks_added, again.chunks_added,
            index.vectors._collection.count(), [h.metadata["person"] for h in hits],
        )
        index.close()
    assert results["embedded"] == results["server"]
    assert results["server"][2] == 0


def test_unreachable_server_is_a_clear_error(tmp_path, embedder) -> None:
    settings = Settings(home=tmp_path / "h", chroma_url=f"http://127.0.0.1:{_free_port()}")
    with pytest.raises(StoreError, match="cannot open the Chroma store"):
        Index(settings, embedder)
