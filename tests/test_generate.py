"""The benchmark's profile generator: deterministic, its truth is in its text, ingest agrees."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import REPO

from ingest.loaders import load
from ingest.pipeline import ingest

# bench/ is a development tool, not an installed package; `python -m pytest` finds it from the
# repository root, a bare `pytest` does not.
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
from bench.generate import STYLES, build, generate, near_duplicates

# Seed 17's first ten profiles cover all six styles and include a PDF (asserted below).
SEED, N = 17, 10


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("generated") / "profiles"
    return folder, generate(folder, N, SEED)


def _flat(path: Path) -> str:
    """The file's text as the loader reads it, whitespace collapsed (PDF lines wrap)."""
    return " ".join(load(path).text.split())


def test_same_seed_gives_the_same_bytes_and_another_seed_other_people(corpus, tmp_path) -> None:
    folder, truth = corpus
    assert generate(tmp_path / "again", N, SEED) == truth
    for entry in truth["files"]:
        assert (tmp_path / "again" / entry["file"]).read_bytes() == \
            (folder / entry["file"]).read_bytes(), entry["file"]
    other = generate(tmp_path / "other", N, SEED + 1)
    assert {f["name"] for f in other["files"]} != {f["name"] for f in truth["files"]}


def test_corpus_mixes_styles_and_formats(corpus) -> None:
    folder, truth = corpus
    assert {f["style"] for f in truth["files"]} == set(STYLES)
    assert {f["format"] for f in truth["files"]} == {"md", "txt", "pdf"}
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [f["file"] for f in truth["files"]] + ["truth.json"]
    )
    for entry in truth["files"]:
        if entry["format"] != "pdf":
            lines = (folder / entry["file"]).read_text().count("\n")
            assert 35 <= lines <= 150, (entry["file"], lines)


def test_truth_is_in_the_file_text(corpus) -> None:
    folder, truth = corpus
    for entry in truth["files"]:
        text = _flat(folder / entry["file"])
        header = " ".join(load(folder / entry["file"]).text.splitlines()[:4]).lower()
        assert entry["name"].lower() in header, entry["file"]
        assert entry["publications"], entry["file"]
        for paper in entry["publications"]:
            assert paper["title"] in text and paper["venue"] in text, paper["title"]
            assert all(author in text for author in paper["authors"]), paper["title"]
        for degree in entry["education"]:
            assert degree["institution"] in text and (degree["advisor"] or "") in text
        for job in entry["positions"]:
            assert job["organisation"] in text and (job["mentor"] or "") in text
        for award in entry["awards"]:
            assert award["title"] in text
        for course in entry["teaching"]:
            assert course["course"] in text


def test_questions_name_their_person_and_their_file_answers_them(corpus) -> None:
    folder, truth = corpus
    assert len(truth["questions"]) >= 2 * N
    assert {"advisor", "venue"} <= {q["kind"] for q in truth["questions"]}
    for q in truth["questions"]:
        assert q["gold_person"] in q["question"]
        text = _flat(folder / q["gold_file"])
        assert all(part in text for part in q["answer"].split("; ")), q


def test_near_duplicate_names_occur_and_share_authors_across_profiles(corpus) -> None:
    _, truth = corpus
    names = [f["name"] for f in truth["files"]]
    assert truth["near_duplicates"] and truth["near_duplicates"] == near_duplicates(names)
    for pair in truth["near_duplicates"]:
        firsts = {name.split()[0] for name in pair}
        assert len(firsts) == len(pair) and len({n.split()[-1] for n in pair}) == 1
        assert len({f[0] for f in firsts}) == 1  # same initial: "J. Vei" is either of them
    people = build(300, 7)
    assert len(near_duplicates([p.name for p in people])) >= 5
    by_title: dict[str, int] = {}
    for person in people:
        for paper in person.publications:
            by_title[paper.title] = by_title.get(paper.title, 0) + 1
    assert sum(1 for n in by_title.values() if n > 1) > len(by_title) / 4


def test_ingest_files_every_profile_under_its_person(corpus, settings, index) -> None:
    folder, truth = corpus
    report = ingest([folder], settings, index)
    assert report.count("failed") == 0 and report.count("added") == N
    expected = {f["file"]: f["name"] for f in truth["files"]}
    assert {f.path.name: f.person for f in report.files} == expected
    for pair in truth["near_duplicates"]:
        assert set(pair) <= set(index.people())  # twins stay two people
