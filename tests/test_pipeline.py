"""Ingest end to end into a real Chroma store: people, re-ingest, replace, prune, bad input."""

from __future__ import annotations

import shutil

from conftest import PROFILES, REAL_PDF, SAMPLE, SHARED_PEOPLE

from ingest.pipeline import ingest


def _vector_count(index) -> int:
    return index.vectors._collection.count()


def test_shared_corpus_and_real_pdf_get_the_right_person(settings, index) -> None:
    report = ingest([PROFILES, REAL_PDF], settings, index)
    assert report.count("added") == 6 and report.count("failed") == 0
    people = {f.path.name: f.person for f in report.files}
    for name, person in SHARED_PEOPLE.items():
        assert people[name] == person
    assert people[REAL_PDF.name] == "Insu Jang"
    listed = index.people()
    assert set(listed) == {"Jack Kosaian", "Insu Jang", "Aaron Harlap", "Jinliang Wei"}
    assert len(listed["Jack Kosaian"]) == 2
    assert _vector_count(index) == index.count_chunks() == report.chunks_added


def test_every_chunk_in_the_store_carries_its_citation_fields(settings, index) -> None:
    ingest([REAL_PDF, SAMPLE], settings, index)
    stored = index.vectors.get(include=["metadatas", "documents"])
    assert stored["ids"]
    for meta, text in zip(stored["metadatas"], stored["documents"]):
        assert {"person", "source", "section", "start", "end", "doc_sha"} <= set(meta)
        assert text.startswith(f"{meta['person']} | ")
        if meta["source"].endswith(".pdf"):
            assert meta["page"] >= 1
    pdf_pages = {m["page"] for m in stored["metadatas"] if m["source"] == REAL_PDF.name}
    assert len(pdf_pages) >= 2


def test_reingest_adds_nothing_and_changes_replace_old_chunks(settings, index, tmp_path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(SAMPLE, corpus)
    first = ingest([corpus], settings, index)
    total = _vector_count(index)
    again = ingest([corpus], settings, index)
    assert again.count("unchanged") == first.count("added") and again.chunks_added == 0
    assert _vector_count(index) == total

    target = next(corpus.glob("*.md"))
    old_ids = {c.id for c in index.all_chunks() if c.source == target.name}
    target.write_text(target.read_text() + "\n## Service\n\nProgram committee, OSDI 2025.\n")
    changed = ingest([corpus], settings, index)
    assert changed.count("replaced") == 1
    new_ids = {c.id for c in index.all_chunks() if c.source == target.name}
    assert not old_ids & new_ids
    assert _vector_count(index) == index.count_chunks()
    assert "OSDI 2025" in " ".join(c.text for c in index.all_chunks() if c.source == target.name)


def test_identical_copies_never_duplicate_chunks(settings, index, tmp_path) -> None:
    src = next(SAMPLE.glob("*.txt"))
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(src, tmp_path / "a" / "one.txt")
    shutil.copy(src, tmp_path / "b" / "two.txt")
    ingest([tmp_path / "a", tmp_path / "b"], settings, index)
    ids = index.vectors.get(include=[])["ids"]
    assert len(ids) == len(set(ids)) == index.count_chunks()
    assert len(index.people()) == 1


def test_prune_drops_documents_whose_files_are_gone(settings, index, tmp_path) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(SAMPLE, corpus)
    ingest([corpus], settings, index)
    gone = next(corpus.glob("*.txt"))
    person = next(p for p, docs in index.people().items() if docs[0]["source"] == gone.name)
    gone.unlink()
    kept = ingest([corpus], settings, index)
    assert person in index.people()  # without --prune nothing is dropped
    report = ingest([corpus], settings, index, prune=True)
    assert report.count("pruned") == 1 and kept.count("pruned") == 0
    assert person not in index.people()
    assert _vector_count(index) == index.count_chunks()


def test_bad_files_fail_with_a_reason_and_the_batch_continues(settings, index, tmp_path) -> None:
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.txt").write_bytes(b"")
    (bad / "binary.txt").write_bytes(bytes(range(256)) * 40)
    (bad / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj garbage")
    (bad / "notes.docx").write_bytes(b"PK\x03\x04")
    (bad / "anonymous.txt").write_text("lecture notes on caching and consistency, week 3\n" * 5)
    shutil.copy(next(SAMPLE.glob("*.md")), bad / "good.md")
    missing = tmp_path / "missing.pdf"
    report = ingest([bad, bad / "notes.docx", missing], settings, index)
    outcome = {f.path.name: f for f in report.files}
    assert outcome["good.md"].outcome == "added"
    for name in ["empty.txt", "binary.txt", "broken.pdf", "notes.docx", "missing.pdf"]:
        assert outcome[name].outcome == "failed", name
        assert outcome[name].reason and "\n" not in outcome[name].reason, name
    assert outcome["anonymous.txt"].person == "Unknown person (anonymous.txt)"
    assert "failed: " in report.summary()


def test_oversized_file_is_refused_before_parsing(settings, index, tmp_path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("Ana Ruiz\n" + "x " * 600_000)
    settings.max_file_mb = 1
    [result] = ingest([big], settings, index).files
    assert result.outcome == "failed" and "MB" in result.reason


def test_records_follow_their_documents(settings, index, tmp_path) -> None:
    folder = tmp_path / "cvs"
    shutil.copytree(SAMPLE, folder)
    ingest([folder], settings, index)
    titles = {r.data["title"] for r in index.records("publication", people=["Jia Wei"])}
    assert "Adaptive Join Ordering with Runtime Feedback" in titles
    cv = folder / "cv_4a90.txt"
    cv.write_text(cv.read_text().replace("Adaptive Join Ordering", "Adaptive Join Reordering"))
    assert ingest([folder], settings, index).count("replaced") == 1
    titles = {r.data["title"] for r in index.records("publication", people=["Jia Wei"])}
    assert "Adaptive Join Reordering with Runtime Feedback" in titles
    assert "Adaptive Join Ordering with Runtime Feedback" not in titles  # no stale copy
    cv.unlink()
    ingest([folder], settings, index, prune=True)
    assert index.records(people=["Jia Wei"]) == []


def test_an_index_from_an_older_extractor_gets_its_records_without_re_embedding(
        settings, index) -> None:
    ingest([SAMPLE], settings, index)
    vectors = _vector_count(index)
    with index._db:  # what an index written before this extractor version looks like
        index._db.execute("DELETE FROM records")
        index._db.execute("UPDATE documents SET records_version = 0")
    report = ingest([SAMPLE], settings, index)
    assert report.count("unchanged") == 7 and report.chunks_added == 0
    assert index.records("publication") and _vector_count(index) == vectors
