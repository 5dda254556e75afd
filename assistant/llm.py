"""Answer backends as LangChain chat models: local llama.cpp, OpenAI-compatible, Ollama, fake."""

from __future__ import annotations

import abc
import json
import math
import queue
import re
import secrets
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    convert_to_openai_messages,
)
from langchain_core.messages.ai import UsageMetadata
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_ollama import ChatOllama
from langchain_openai import ChatOpenAI
from pydantic import Field, PrivateAttr, SecretStr

from assistant.errors import LLMError, ModelError
from assistant.model_file import INSTALL_HINT, ensure_local_model
from assistant.settings import Settings

__all__ = [
    "FakeChatModel",
    "LocalChatModel",
    "OllamaChatModel",
    "OpenAIChatModel",
    "chat_model_label",
    "get_chat_model",
]

BACKENDS = ("local", "openai", "ollama", "extractive")
LOCAL_LABEL = "Qwen2.5-Coder-1.5B Q4_K_M"
# Room for the system prompt, ~350 tokens of passages, the question and a 160-token answer,
# with headroom, in each of the three slots (_start_server); the KV cache costs ~28 KiB a
# token, so 6144 tokens ≈ 170 MiB.
LOCAL_CONTEXT = 6144
# Host-memory prompt cache, from PROFILECHAT_LLM_CACHE_MIB; see _start_server.
DEFAULT_CACHE_MIB = Settings.model_fields["llm_cache_mib"].default
REQUEST_TIMEOUT_S = 120.0  # a CPU-only server can take a minute on a long prompt


def get_chat_model(settings: Settings) -> BaseChatModel | None:
    """The chat model `settings.llm` names; None for the model-free extractive backend."""
    backend = _backend(settings)
    if backend == "extractive":
        return None
    if backend == "openai":
        return OpenAIChatModel(
            base_url=settings.openai_base_url,
            api_key=SecretStr(settings.openai_api_key),
            model=settings.openai_model,
            max_completion_tokens=settings.llm_max_tokens,
            temperature=0.0,
            timeout=REQUEST_TIMEOUT_S,
            max_retries=1,
        )
    if backend == "ollama":
        return OllamaChatModel(
            base_url=settings.ollama_url,
            model=settings.ollama_model,
            num_predict=settings.llm_max_tokens,
            temperature=0.0,
            client_kwargs={"timeout": REQUEST_TIMEOUT_S},
        )
    return LocalChatModel(
        model_path=str(ensure_local_model(settings)),
        n_threads=settings.llm_threads,
        max_tokens=settings.llm_max_tokens,
        cache_mib=settings.llm_cache_mib,
    )


def chat_model_label(settings: Settings) -> str:
    """A short human label for the configured backend, for logs, the UI and eval reports."""
    backend = _backend(settings)
    if backend == "local":
        threads = settings.llm_threads
        return f"local {LOCAL_LABEL} (llama.cpp, {threads} thread{'s' * (threads != 1)})"
    if backend == "openai":
        return f"{settings.openai_model} (OpenAI-compatible server at {settings.openai_base_url})"
    if backend == "ollama":
        return f"{settings.ollama_model} (Ollama at {settings.ollama_url})"
    return "extractive (no language model)"


def _backend(settings: Settings) -> str:
    backend = settings.llm.strip().lower()
    if backend not in BACKENDS:
        raise LLMError(
            f"unknown answer backend {settings.llm!r}: set PROFILECHAT_LLM to "
            f"{', '.join(BACKENDS[:-1])} or {BACKENDS[-1]}"
        )
    return backend


def _text(messages: list[BaseMessage]) -> str:
    return "\n\n".join(f"{m.type}: {m.text}" for m in messages)


class FakeChatModel(BaseChatModel):
    """Deterministic stand-in for tests: scripted replies in turn, streamed word by word."""

    responses: list[str] = Field(default_factory=lambda: ["This is a scripted answer."])
    first_tokens: list[dict[str, float]] = Field(default_factory=list)
    """The scripted first-token probabilities of each reply in turn, for a call that asks for
    them (`first_tokens=N`); none beyond the list."""
    prompts: list[str] = Field(default_factory=list)
    """Each call's messages as `type: text` blocks, in call order."""
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    streamed: int = 0
    """Pieces handed out by stream(), all calls: fewer than a reply's where the caller stopped."""
    _next: int = PrivateAttr(default=0)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "fake"

    def _reply(self, messages: list[BaseMessage]) -> tuple[str, dict[str, float]]:
        with self._lock:
            self.calls.append(list(messages))
            self.prompts.append(_text(messages))
            reply = self.responses[self._next % len(self.responses)]
            first = self.first_tokens[self._next] if self._next < len(self.first_tokens) else {}
            self._next += 1
        return reply, first

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        reply, first = self._reply(messages)
        metadata = {"first_tokens": first} if kwargs.get("first_tokens") else {}
        message = AIMessage(content=reply, response_metadata=metadata)
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        # Split after whitespace so the pieces join back to the exact reply.
        for piece in re.split(r"(?<=\s)(?=\S)", self._reply(messages)[0]):
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=piece))
            if run_manager:
                run_manager.on_llm_new_token(piece, chunk=chunk)
            self.streamed += 1
            yield chunk


class _Engine:
    """One loaded llama.cpp model; `lock` makes callers take turns on the 2 cores."""

    def __init__(self, server: Any) -> None:
        self.server = server
        self.lock = threading.Lock()


_ENGINES: dict[tuple[str, int, int, int], _Engine] = {}
_ENGINES_LOCK = threading.Lock()


def _load_engine(model_path: str, n_threads: int, n_ctx: int,
                 cache_mib: int = DEFAULT_CACHE_MIB) -> _Engine:
    """The process-wide engine for these parameters, loaded on first use (~2-5 s)."""
    key = (model_path, n_threads, n_ctx, cache_mib)
    with _ENGINES_LOCK:
        if key not in _ENGINES:
            _ENGINES[key] = _Engine(_start_server(model_path, n_threads, n_ctx, cache_mib))
        return _ENGINES[key]


def _start_server(model_path: str, n_threads: int, n_ctx: int, cache_mib: int) -> Any:
    try:
        import xllamacpp
    except ImportError as exc:
        raise ModelError(
            f"the llama.cpp runtime (xllamacpp) is not installed: {INSTALL_HINT}"
        ) from exc
    params = xllamacpp.CommonParams()
    params.model.path = model_path
    params.n_ctx = n_ctx
    # Three slots, each keeping its own prompt's state: the written answer's rules, the line
    # pick's (answer_style auto) and the check of a doubted line's (assistant/quote.py).
    # llama.cpp sends a request to the slot whose prompt it shares most with, so a line pick no
    # longer makes the next answer read its 243-token rules again (a question after a line
    # pick: ~9 s -> ~5 s).
    params.n_parallel = 3
    params.cpuparams.n_threads = n_threads
    params.cpuparams_batch.n_threads = n_threads
    # Flash attention on the CPU: 12 logged answer and pick prompts read in 74.8 and 77.3 s
    # against 79.8 and 85.6 s with llama.cpp's default (bench/README.md).
    params.flash_attn_type = 1
    params.verbosity = -1
    # llama.cpp keeps earlier prompts' states in host memory (~15 MB each), up to 8 GiB by
    # default: the heap grew ~5.5 MB an answer without end, and still past a 64 MiB cap. The
    # slot itself keeps the shared system prompt (243 tokens reused with no cache at all).
    params.cache_ram_mib = cache_mib
    # xllamacpp always opens an HTTP listener too; keep it on loopback behind a key nobody knows.
    params.hostnames = ["127.0.0.1"]
    params.port = 0
    params.api_keys = [secrets.token_urlsafe(24)]
    try:
        return xllamacpp.Server(params)
    except Exception as exc:  # noqa: BLE001 - the binding raises RuntimeError, ValueError, …
        raise ModelError(
            f"llama.cpp could not load the local model {model_path} ({exc}); check the file with "
            "`profilechat setup` and that ~2 GB of memory is free, or answer without it "
            "(PROFILECHAT_LLM=extractive)"
        ) from exc


def _error_message(payload: dict[str, Any]) -> str | None:
    """The error text in a llama.cpp server reply, or None when it is a normal reply."""
    error = payload.get("error")
    if isinstance(error, dict):
        return str(error.get("message", error))
    if error is not None:
        return str(error)
    if "choices" not in payload and "message" in payload:
        return str(payload["message"])
    return None


def _usage(payload: dict[str, Any]) -> UsageMetadata | None:
    usage = payload.get("usage")
    if not usage:
        return None
    return UsageMetadata(
        input_tokens=usage.get("prompt_tokens", 0),
        output_tokens=usage.get("completion_tokens", 0),
        total_tokens=usage.get("total_tokens", 0),
    )


class LocalChatModel(BaseChatModel):
    """The bundled GGUF model run in-process by llama.cpp (xllamacpp), with its chat template."""

    model_path: str
    n_threads: int = 2
    n_ctx: int = LOCAL_CONTEXT
    max_tokens: int = 160
    temperature: float = 0.0
    seed: int = 42
    cache_mib: int = DEFAULT_CACHE_MIB
    model_kwargs: dict[str, Any] = Field(default_factory=dict)
    """Extra fields for llama.cpp's /v1/chat/completions body (e.g. `ignore_eos`)."""

    @property
    def _llm_type(self) -> str:
        return "llama.cpp"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": self.model_path, "n_threads": self.n_threads, "n_ctx": self.n_ctx,
                "cache_mib": self.cache_mib}

    def load(self) -> None:
        """Load the model now rather than on the first question."""
        self._engine()

    def _engine(self) -> _Engine:
        return _load_engine(self.model_path, self.n_threads, self.n_ctx, self.cache_mib)

    def _body(
        self, messages: list[BaseMessage], stop: list[str] | None, **kwargs: Any
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "messages": convert_to_openai_messages(messages),
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
            "seed": self.seed,
            **self.model_kwargs,
            **kwargs,
        }
        if stop:
            body["stop"] = stop
        return body

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        engine = self._engine()
        # `first_tokens=N`: the N likeliest first tokens of the reply and their probabilities,
        # before the grammar narrows them (llama.cpp's n_probs)
        first = kwargs.pop("first_tokens", 0)
        if first:
            kwargs |= {"logprobs": True, "top_logprobs": first}
        try:
            with engine.lock:
                reply = engine.server.handle_chat_completions(self._body(messages, stop, **kwargs))
        except Exception as exc:  # noqa: BLE001 - whatever llama.cpp raises, the user can retry
            raise _failed(exc) from exc
        if (error := _error_message(reply)) is not None:
            raise _failed(error)
        choice = reply["choices"][0]
        metadata = {
            "finish_reason": choice.get("finish_reason"),
            "timings": reply.get("timings", {}),
            "model_name": LOCAL_LABEL,
        }
        if first:
            metadata["first_tokens"] = _first_tokens(choice)
        message = AIMessage(
            content=choice["message"].get("content") or "",
            usage_metadata=_usage(reply),
            response_metadata=metadata,
        )
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        body = self._body(messages, stop, stream=True, **kwargs)
        body["stream_options"] = {"include_usage": True}
        for payload in _stream_payloads(
            self._engine(), body
        ):
            chunk = _local_chunk(payload)
            if chunk is None:
                continue
            if run_manager and isinstance(chunk.message.content, str) and chunk.message.content:
                run_manager.on_llm_new_token(chunk.message.content, chunk=chunk)
            yield chunk


def _first_tokens(choice: dict[str, Any]) -> dict[str, float]:
    """The likeliest first tokens of a reply with their probabilities, from its logprobs."""
    content = (choice.get("logprobs") or {}).get("content") or []
    top = content[0].get("top_logprobs", []) if content else []
    return {t["token"]: math.exp(t["logprob"]) for t in top}


def _stream_payloads(engine: _Engine, body: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Server events as they are produced; llama.cpp runs on a worker thread under the lock."""
    events: queue.Queue[dict[str, Any] | Exception | None] = queue.Queue()
    abandoned = threading.Event()

    def on_event(payload: dict[str, Any]) -> bool:
        events.put(payload)
        return abandoned.is_set()  # True tells llama.cpp to stop generating

    def work() -> None:
        try:
            with engine.lock:
                engine.server.handle_chat_completions(body, on_event)
        except Exception as exc:  # noqa: BLE001 - handed to the consumer, which re-raises it
            events.put(exc)
        finally:
            events.put(None)

    threading.Thread(target=work, name="llama.cpp-stream", daemon=True).start()
    try:
        while (item := events.get()) is not None:
            if isinstance(item, Exception):
                raise _failed(item) from item
            if (error := _error_message(item)) is not None:
                raise _failed(error)
            yield item
    finally:
        abandoned.set()


def _failed(error: object) -> LLMError:
    """The local model's failure while answering, with what the user can do about it."""
    return LLMError(
        f"the local model (llama.cpp) failed while writing the answer ({error}); ask again, and "
        "if it keeps failing restart profilechat, or answer without it (PROFILECHAT_LLM=extractive)"
    )


def _local_chunk(payload: dict[str, Any]) -> ChatGenerationChunk | None:
    choices = payload.get("choices") or [{}]
    content = (choices[0].get("delta") or {}).get("content") or ""
    usage = _usage(payload)
    finish = choices[0].get("finish_reason")
    if not content and usage is None and finish is None and "timings" not in payload:
        return None
    metadata: dict[str, Any] = {}
    if finish is not None:
        metadata["finish_reason"] = finish
    if "timings" in payload:
        metadata["timings"] = payload["timings"]
    return ChatGenerationChunk(
        message=AIMessageChunk(content=content, usage_metadata=usage, response_metadata=metadata)
    )


@contextmanager
def _errors_as_llm_error(describe: Callable[[Exception], str | None]) -> Iterator[None]:
    """Turn a client library's errors into LLMError with the message `describe` gives."""
    try:
        yield
    except LLMError:
        raise
    except Exception as exc:
        message = describe(exc)
        if message is None:
            raise
        raise LLMError(message) from exc


def _root_cause(exc: BaseException) -> str:
    """The innermost cause's text: "[Errno 111] Connection refused" beats "Connection error."."""
    while (inner := exc.__cause__ or exc.__context__) is not None:
        exc = inner
    return str(exc) or type(exc).__name__


def _status_text(exc: Any) -> str:
    """The server's own error text from an openai.APIStatusError, without the SDK's prefix."""
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return str(exc.message)


_STATUS_HINTS = {
    401: "; check PROFILECHAT_OPENAI_API_KEY",
    403: "; check PROFILECHAT_OPENAI_API_KEY",
    404: "; check PROFILECHAT_OPENAI_BASE_URL and PROFILECHAT_OPENAI_MODEL",
}


def _describe_openai(url: str) -> Callable[[Exception], str | None]:
    import openai

    def describe(exc: Exception) -> str | None:
        where = f"the OpenAI-compatible server at {url}"
        if isinstance(exc, openai.APIConnectionError):
            return (
                f"cannot reach {where} ({_root_cause(exc)}); start it or set "
                "PROFILECHAT_OPENAI_BASE_URL"
            )
        if isinstance(exc, openai.APIStatusError):
            hint = _STATUS_HINTS.get(exc.status_code, "")
            return f"{where} answered HTTP {exc.status_code}: {_status_text(exc)}{hint}"
        if isinstance(exc, openai.OpenAIError | httpx.HTTPError | json.JSONDecodeError):
            return f"bad response from {where}: {_root_cause(exc)}"
        return None

    return describe


class _ErrorsAsLLMError(abc.ABC):
    """Mixin for LangChain chat models: their client errors become LLMError naming the server."""

    @abc.abstractmethod
    def _describe(self) -> Callable[[Exception], str | None]:
        """How this backend turns a client exception into a user-facing message."""

    def _generate(self, *args: Any, **kwargs: Any) -> ChatResult:
        with _errors_as_llm_error(self._describe()):
            return super()._generate(*args, **kwargs)

    def _stream(self, *args: Any, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        with _errors_as_llm_error(self._describe()):
            yield from super()._stream(*args, **kwargs)

    async def _agenerate(self, *args: Any, **kwargs: Any) -> ChatResult:
        with _errors_as_llm_error(self._describe()):
            return await super()._agenerate(*args, **kwargs)

    async def _astream(self, *args: Any, **kwargs: Any) -> AsyncIterator[ChatGenerationChunk]:
        with _errors_as_llm_error(self._describe()):
            async for chunk in super()._astream(*args, **kwargs):
                yield chunk


class OpenAIChatModel(_ErrorsAsLLMError, ChatOpenAI):
    """ChatOpenAI for any OpenAI-compatible server; failures raise LLMError naming the URL."""

    def _describe(self) -> Callable[[Exception], str | None]:
        return _describe_openai(self.openai_api_base or "https://api.openai.com/v1")



def _describe_ollama(url: str, model: str) -> Callable[[Exception], str | None]:
    import ollama

    def describe(exc: Exception) -> str | None:
        where = f"Ollama at {url}"
        if isinstance(exc, ConnectionError | httpx.TransportError):
            return (
                f"cannot reach {where} ({_root_cause(exc)}); start it (`ollama serve`) "
                "or set PROFILECHAT_OLLAMA_URL"
            )
        if isinstance(exc, ollama.ResponseError):
            hint = f"; run `ollama pull {model}` or set PROFILECHAT_OLLAMA_MODEL"
            hint = hint if exc.status_code == 404 else ""
            return f"{where} answered HTTP {exc.status_code}: {exc.error}{hint}"
        if isinstance(exc, ollama.RequestError | httpx.HTTPError | json.JSONDecodeError):
            return f"bad response from {where}: {exc}"
        return None

    return describe


class OllamaChatModel(_ErrorsAsLLMError, ChatOllama):
    """ChatOllama (/api/chat, streamed NDJSON); failures raise LLMError naming the URL."""

    def _describe(self) -> Callable[[Exception], str | None]:
        return _describe_ollama(self.base_url or "http://127.0.0.1:11434", self.model)

