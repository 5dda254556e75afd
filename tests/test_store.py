"""The index's query paths that scale with the collection: people, keyword search, resumes."""

from __future__ import annotations

import sqlite3

from conftest import SAMPLE

from ingest.pipeline import ingest
from ingest.store import Index

OLD_FTS = """CREATE VIRTUAL TABLE chunks_fts USING fts5(
    text, id UNINDEXED, person UNINDEXED, tokenize = 'unicode61 remove_diacritics 2'
)"""


def test_people_follow_writes_from_this_and_other_connections(settings, index, embedder,
                                                              tmp_path) -> None:
    assert index.people() == {}
    ingest([SAMPLE], settings, index)
    everyone = index.people()
    assert everyone and index.people() == everyone
    index.people().clear()  # a caller's changes do not reach the next caller
    assert index.people() == everyone

    other = Index(settings, embedder)  # e.g. the CLI ingesting while the web chat answers
    gone = next(iter(everyone))
    for path in {p for doc in everyone[gone] for p in doc["paths"]}:
        other.remove_path(path)
    other.close()
    assert gone not in index.people() and len(index.people()) == len(everyone) - 1


def test_keyword_search_for_a_person_ranks_only_their_chunks(settings, index) -> None:
    ingest([SAMPLE], settings, index)
    person = next(iter(index.people()))
    ids = index.keyword_ids('"teach"* OR "cours"* OR "univer"*', [person], 20)
    assert ids and {c.person for c in index.chunks(ids)} == {person}
    everyone = index.keyword_ids('"teach"* OR "cours"* OR "univer"*', [], 50)
    assert len({c.person for c in index.chunks(everyone)}) > 1
    assert index.keyword_ids('"teach"*', ['"odd" name'], 5) == []  # quotes in a name are safe


def test_an_older_keyword_index_is_rebuilt_with_searchable_people(settings, index,
                                                                  embedder) -> None:
    ingest([SAMPLE], settings, index)
    person = next(iter(index.people()))
    before = index.keyword_ids('"teach"* OR "cours"*', [person], 20)
    index.close()
    db = sqlite3.connect(settings.home / "index.sqlite")  # as an index from before the change
    with db:
        db.execute("DROP TABLE chunks_fts")
        db.execute(OLD_FTS)
        db.execute("INSERT INTO chunks_fts (text, id, person) SELECT text, id, person FROM chunks")
    db.close()
    reopened = Index(settings, embedder)
    assert reopened.keyword_ids('"teach"* OR "cours"*', [person], 20) == before
    fts = reopened._query("SELECT sql FROM sqlite_master WHERE name = 'chunks_fts'")[0][0]
    assert "person UNINDEXED" not in fts
    reopened.close()


def test_begin_says_whether_a_document_may_have_vectors_already(index) -> None:
    assert index.begin("sha-1", "Jun Vei", "a.md", "md", 3) is False
    assert index.begin("sha-1", "Jun Vei", "a.md", "md", 3) is True  # an interrupted run's


def test_exact_search_for_named_people_ranks_as_chromas_filtered_query(settings, index,
                                                                       monkeypatch) -> None:
    import ingest.store as store

    ingest([SAMPLE], settings, index)
    people = ["Jun Wei", "Jia Wei"]
    exact = index.vector_ids("internship at a networking company", people, 5)
    monkeypatch.setattr(store, "EXACT_SEARCH_MAX", 0)  # as for a set of people too large
    filtered = index.vector_ids("internship at a networking company", people, 5)
    assert exact == filtered
    persons = {c.person for c in index.chunks(exact)}
    assert persons <= set(people) and len(exact) == 5
    assert index.vector_ids("anything", ["Nobody Here"], 5) == []
