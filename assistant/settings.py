"""One settings object, read from PROFILECHAT_* environment variables by the entry points."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def _default_home() -> Path:
    return Path.home() / ".profilechat"


class Settings(BaseSettings):
    """Everything a user can configure; each field maps to PROFILECHAT_<NAME>."""

    model_config = SettingsConfigDict(env_prefix="PROFILECHAT_", extra="ignore")

    home: Path = Field(
        default_factory=_default_home,
        description="Data directory: Chroma store, profile records, assembled model files.",
    )
    models_dir: Path = Field(
        default_factory=lambda: _default_home() / "models",
        description="Where the local model file is assembled (1.1 GB), shared by every data "
        "directory.",
    )
    chroma_url: str | None = Field(
        default=None,
        description="URL of a Chroma server (e.g. http://127.0.0.1:8000); unset = embedded store.",
    )
    collection: str = Field(default="profiles", description="Chroma collection name.")
    chunk_tokens: int = Field(
        default=256, description="Maximum tokens per chunk (cl100k_base), identity header included."
    )
    max_file_mb: float = Field(default=20.0, description="Files larger than this are refused.")
    max_pages: int = Field(default=500, description="PDFs with more pages than this are refused.")
    max_stream_mb: float = Field(
        default=5.0,
        description="PDFs with a page whose content streams decompress to more than this are "
        "refused.",
    )
    max_text_chars: int = Field(
        default=2_000_000,
        description="Documents with more text than this (characters) are refused.",
    )
    max_parse_seconds: float = Field(
        default=60.0,
        description="Longest one file may take to load and chunk, in a worker process; 0 = no "
        "limit, parse in-process.",
    )
    embed_batch: int = Field(default=32, description="Chunks embedded per batch.")
    lock_wait_seconds: float = Field(
        default=10.0,
        description="How long to wait for another process holding the index's lock before "
        "giving up.",
    )
    llm: str = Field(
        default="local", description="Answer backend: local, openai, ollama or extractive."
    )
    llm_threads: int = Field(
        default_factory=lambda: os.cpu_count() or 2,
        description="CPU threads for the local model (default: all cores).",
    )
    llm_max_tokens: int = Field(default=100, description="Most tokens a generated answer may have.")
    answer_style: Literal["auto", "quote", "write"] = Field(
        default="auto",
        description="How the local model answers: write (it writes the answer, checked against "
        "the passages), quote (it picks the passage lines that answer and they are quoted) or "
        "auto (it writes, and where the answer is a refusal or fails the checks it picks lines "
        "to quote).",
    )
    llm_cache_mib: int = Field(
        default=0,
        description="Host memory (MiB) the local model may keep earlier prompts' state in; 0 = "
        "none.",
    )
    openai_base_url: str = Field(
        default="http://127.0.0.1:8080/v1", description="OpenAI-compatible server URL."
    )
    openai_api_key: str = Field(default="not-needed", description="API key for that server.")
    openai_model: str = Field(default="local-model", description="Model name on that server.")
    ollama_url: str = Field(default="http://127.0.0.1:11434", description="Ollama server URL.")
    ollama_model: str = Field(default="qwen2.5:1.5b-instruct", description="Ollama model name.")
    top_k: int = Field(default=6, description="Passages retrieved per question.")
    context_tokens: int = Field(
        default=180, description="Token budget for passages sent to the model."
    )
    host: str = Field(default="127.0.0.1", description="Web chat bind address.")
    port: int = Field(default=7860, description="Web chat port.")
    auth: str | None = Field(
        default=None, description="Web chat login as user:pass, or a path to a file of such lines."
    )
    upload_mb: float = Field(default=20.0, description="Largest file the web chat accepts.")

    @property
    def chroma_dir(self) -> Path:
        return self.home / "chroma"

    @property
    def records_path(self) -> Path:
        return self.home / "profiles.sqlite"



def load_settings(**overrides: object) -> Settings:
    """Settings from the environment, with explicit overrides on top."""
    return Settings(**{k: v for k, v in overrides.items() if v is not None})
