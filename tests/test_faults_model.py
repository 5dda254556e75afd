"""The answer model failing, as `profilechat ask`, `assistant.answer` and the web chat meet it:
llama.cpp breaking mid-answer, llama.cpp unable to load its file, an OpenAI-compatible server
that is not there. Only the fault is injected; the index, retrieval and the handlers are real."""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE

import assistant
from assistant import llm
from assistant.cli import main
from assistant.errors import LLMError, ModelError, ProfileChatError
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import Index
from ui import format as fmt
from ui.app import ChatApp

QUESTION = "What are Priya Ramanathan's research interests?"  # retrieval: the model writes it
BROKEN = "llama_decode failed: out of memory"


class _BreaksMidAnswer:
    """llama.cpp's server object, streaming two pieces of an answer and then failing."""

    def __init__(self, params: Any) -> None:
        self.params = params

    def handle_chat_completions(self, body: dict[str, Any],
                                callback: Callable[[dict[str, Any]], bool] | None = None) -> Any:
        for piece in ("Priya ", "studies "):
            if callback:
                callback({"choices": [{"delta": {"content": piece}}]})
        raise RuntimeError(BROKEN)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory, embedder) -> Path:
    settings = Settings(home=tmp_path_factory.mktemp("faults") / "home", llm="extractive")
    index = Index(settings, embedder)
    ingest([SAMPLE], settings, index)
    index.close()
    return settings.home


@pytest.fixture(params=["mid-answer", "load", "unreachable"])
def fault(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
          home: Path) -> Iterator[tuple[Settings, type[ProfileChatError], list[str]]]:
    """Settings whose model fails in one way, the error it must raise and what it must say."""
    monkeypatch.setattr(llm, "_ENGINES", {})  # no engine another test loaded
    # nor an Assistant that holds its model
    monkeypatch.setattr(sys.modules["assistant.answer"], "_default", {})
    monkeypatch.setenv("PROFILECHAT_CHROMA_URL", "")
    if request.param == "mid-answer":
        xllamacpp = pytest.importorskip("xllamacpp")
        monkeypatch.setattr(xllamacpp, "Server", _BreaksMidAnswer)
        expected = (LLMError, [f"the local model (llama.cpp) failed while writing the answer "
                               f"({BROKEN}); ask again", "PROFILECHAT_LLM=extractive"])
        llm_name, env = "local", {}
    elif request.param == "load":
        pytest.importorskip("xllamacpp")
        bad = tmp_path / "damaged.gguf"  # the real llama.cpp meets a file it cannot read
        bad.write_bytes(b"GGUF" + bytes(4096))
        monkeypatch.setattr(llm, "ensure_local_model", lambda settings: bad)
        expected = (ModelError, [f"llama.cpp could not load the local model {bad} (Failed to "
                                 "init server", "profilechat setup", "PROFILECHAT_LLM=extractive"])
        llm_name, env = "local", {}
    else:
        url = f"http://127.0.0.1:{_closed_port()}/v1"
        expected = (LLMError, [f"cannot reach the OpenAI-compatible server at {url}",
                               "start it or set PROFILECHAT_OPENAI_BASE_URL"])
        llm_name, env = "openai", {"PROFILECHAT_OPENAI_BASE_URL": url}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    settings = Settings(home=home, chroma_url=None, llm=llm_name, llm_threads=1)
    yield settings, *expected


def test_ask_prints_what_failed_and_what_to_do(fault, capsys) -> None:
    settings, _, says = fault
    code = main(["--home", str(settings.home), "ask", QUESTION, "--llm", settings.llm])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("profilechat: ") and err.count("\n") == 1 and "Traceback" not in err
    for words in says:
        assert words in err


def test_the_python_api_raises_a_profilechat_error(fault) -> None:
    settings, error, says = fault
    with pytest.raises(error) as raised:
        assistant.answer(QUESTION, settings=settings)
    for words in says:
        assert words in str(raised.value)


def test_the_chat_shows_the_message_in_the_turn(fault) -> None:
    settings, _, says = fault
    steps = list(ChatApp(settings).respond(QUESTION, [], []))
    html, turns = steps[-1]
    assert "Could not answer" in html and turns[-1].answer is None
    for words in says:
        assert words in turns[-1].error
    assert fmt.esc(turns[-1].error) in html
