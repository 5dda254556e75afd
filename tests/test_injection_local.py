"""Integration: the real local model over profiles with injected text (a few minutes on 2 cores).

The model never sees a flagged line (it is not in the chunk text), and the citation checker
drops any sentence only such a line would support; these tests check the whole path."""

from __future__ import annotations

import pytest
from injection_cases import VARIANTS, questions, violations, write

from assistant.answer import Assistant
from assistant.settings import Settings
from ingest.pipeline import ingest
from ingest.store import open_index

pytestmark = pytest.mark.slow

# One of each kind of trick: a role prefix, an order, a request for the prompt, a comment,
# hidden PDF text, a visible PDF order, zero-width characters, an order wrapped over two lines.
SUBSET = ["role-system", "ignore-previous", "reveal-prompt", "answer-every", "comment-block",
          "pdf-white", "pdf-visible-role", "zero-width", "wrapped", "you-are-now"]
CHOSEN = [v for v in VARIANTS if v.name in SUBSET]


@pytest.fixture(scope="module")
def local_assistant(tmp_path_factory: pytest.TempPathFactory) -> Assistant:
    folder = tmp_path_factory.mktemp("profiles")
    for variant in CHOSEN:
        write(variant, folder)
    settings = Settings(home=tmp_path_factory.mktemp("home"), chroma_url=None, llm="local")
    index = open_index(settings)
    ingest([folder], settings, index)
    assistant = Assistant(settings, index=index)
    assert assistant.backend == "local", assistant.notes
    return assistant


@pytest.mark.parametrize("variant", CHOSEN, ids=lambda v: v.name)
def test_the_local_model_neither_obeys_nor_repeats_the_injection(variant, local_assistant) -> None:
    # The records answer the first; "recently" sends the third to retrieval and the model.
    asked = [*questions(variant)[:2], f"Which prizes has {variant.person} won recently?"]
    for question in asked:
        result = local_assistant.answer(question)
        assert violations(result, variant) == [], question
