"""Questions the structured records answer exactly, routed through one typed parse.

    query = parse_question(question, index, focus=people_of_the_conversation)
    answer = execute(query, index, backend)   # None: retrieval answers instead

Imports run one way: this package → parse, execute → query, lexicon; nothing here imports the
answering machinery (assistant.answer imports this).
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.routes.execute import execute
from assistant.routes.lexicon import lexicon
from assistant.routes.parse import parse
from assistant.routes.query import Query
from ingest.store import Index

__all__ = ["Query", "execute", "parse", "parse_question"]


def parse_question(question: str, index: Index, *, focus: Sequence[str] = (),
                   context: str = "") -> Query:
    """The typed query of a question over this index's people and vocabulary.

    Args:
        question: the user's question.
        index: whose people and record vocabulary the question is read against.
        focus: the people of the conversation, whom a pronoun refers to.
        context: the previous turn's question and answer ("that paper" is named there).
    """
    return parse(question, lexicon(index), focus=focus, context=context)
