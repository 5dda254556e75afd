import re

import pytest
from conftest import PROFILES, SAMPLE

from ingest import tokens
from ingest.chunking import (
    chunk_text,
    heading_title,
    looks_like_authors,
    split_entries,
    split_sections,
)
from ingest.profiles import detect_person
from ingest.records import section_kind


def _chunks(text: str, max_tokens: int = 200):
    person = detect_person(text) or "Someone"
    return chunk_text(text, person=person, source="x.txt", doc_id="d" * 16, max_tokens=max_tokens)


def test_no_chunk_over_the_token_limit_on_real_and_sample_documents() -> None:
    for path in [*PROFILES.iterdir(), *SAMPLE.glob("*.*")]:
        for limit in (120, 200):
            chunks = _chunks(path.read_text(), limit)
            assert chunks, path
            assert max(c.tokens for c in chunks) <= limit, path
            assert all(tokens.count(c.text) == c.tokens for c in chunks)


def test_chunks_carry_identity_header_span_and_stable_id() -> None:
    text = (PROFILES / "004_d6cbf1816796fe75.txt").read_text()
    chunks = _chunks(text)
    for i, chunk in enumerate(chunks):
        assert chunk.text.startswith(f"Jinliang Wei | {chunk.section}")
        assert text[chunk.start : chunk.end] == chunk.body
        assert chunk.id == f"{'d' * 16}:{i:04d}"
    assert [c.id for c in _chunks(text)] == [c.id for c in chunks]


def test_sections_from_markdown_allcaps_and_usual_headings() -> None:
    text = (
        "Ana Ruiz\n\nEDUCATION\nPh.D., Somewhere, 2020\n\nSelected Publications:\n[1] A. Ruiz. "
        "X. OSDI 2020.\n\n## Teaching\nCS 101\n\nPROFESSIONAL SERVICE\nPC member\n"
    )
    titles = [s.title for s in split_sections(text, "Ana Ruiz")]
    assert titles == ["Profile", "Education", "Selected Publications", "Teaching",
                      "Professional Service"]


def test_subsections_keep_their_parent() -> None:
    text = "# Bo Li\n## Publications\n### Conference\n- B. Li. A. SOSP 2019.\n### Journal\n- B"
    titles = [s.title for s in split_sections(text, "Bo Li")]
    assert titles[-2:] == ["Publications — Conference", "Publications — Journal"]


def _publication_list(n: int) -> tuple[str, list[str]]:
    entries = [
        f"#### **A Rather Long Title About Distributed Systems Number {i} With Extra Words**\n\n"
        f"Ana Ruiz, Bo Li, Chen Wu, Dara Okoye, and Eli Stern  \nACM SOSP 20{10 + i % 10}"
        for i in range(n)
    ]
    return "# Ana Ruiz\n\n## Publications\n\n" + "\n\n".join(entries) + "\n", entries


def test_publication_entry_never_split_across_chunks() -> None:
    text, entries = _publication_list(25)
    chunks = _chunks(text, 120)
    assert len(chunks) > 5
    for entry in entries:
        holders = [c for c in chunks if entry in c.body]
        assert len(holders) == 1, entry


def test_numbered_and_bulleted_publications_stay_whole_in_shared_profiles() -> None:
    text = (PROFILES / "001_0ffaf70880d31b3d.txt").read_text()
    chunks = _chunks(text)
    items = [m.group(0).strip() for m in re.finditer(r"^- \d+\. .+$", text, re.M)]
    assert len(items) >= 3
    for item in items:
        assert sum(item in c.body for c in chunks) == 1, item


def test_title_authors_and_venue_stay_together_on_a_profile_page() -> None:
    text = (PROFILES / "003_e3f182890350950a.txt").read_text()
    chunks = _chunks(text)
    title = "ECRM: Efficient Fault Tolerance for Recommendation Model Training via Erasure Coding"
    [holder] = [c for c in chunks if title in c.body]
    assert "Kaige Liu, Jack Kosaian, K. V. Rashmi" in holder.body


def test_long_entry_is_split_at_sentences_with_its_title_carried() -> None:
    abstract = " ".join(f"Sentence {i} explains a detail of the system design." for i in range(60))
    text = f"Eve Park\n\nA Paper Title With Several Words\n\nEve Park, Ian Moss\n\n{abstract}\n"
    chunks = _chunks(text, 120)
    assert len(chunks) >= 3
    assert all(c.body.rstrip().endswith(".") for c in chunks[1:])
    assert "A Paper Title With Several Words" in chunks[-1].text.splitlines()[0]


def test_author_list_detection() -> None:
    assert looks_like_authors("Jack Kosaian, K. V. Rashmi, Shivaram Venkataraman")
    assert looks_like_authors("Harun Bayraktar, Cole Brower, John Gunnels et al.")
    assert not looks_like_authors("We present ECRM, a system that achieves fault tolerance.")


def test_title_cased_headings_ending_in_a_section_noun() -> None:
    text = ("Ana Ruiz\nAcademic & Research Experience\nLab A\nGrants, Honours & Awards\nX Prize\n"
            "Visiting Engagements (2010 – 2016)\nTeaching Assistant\nCS 101\nSkills\nLaTeX\n"
            "Workshop\nAUSD 344,971.\n")
    titles = [s.title for s in split_sections(text, "Ana Ruiz")]
    assert titles == ["Profile", "Academic & Research Experience", "Grants, Honours & Awards",
                      "Skills"]


@pytest.mark.parametrize("line, kind", [
    ("EDUCACIÓN", "education"),
    ("Expérience professionnelle", "position"),
    ("Formación académica", "education"),
    ("Premi e riconoscimenti", "award"),
    ("Publicaciones", "publication"),
])
def test_headings_of_cvs_in_other_languages(line, kind) -> None:
    """A French, Spanish or Italian heading, the noun first or alone in capitals, starts a
    section of its kind; an English line that begins with a heading noun does not."""
    assert heading_title(line) == line
    assert section_kind(line) == kind


@pytest.mark.parametrize("line, kind", [
    ("Employment History", "position"),
    ("Career", "position"),
    ("Affiliations", "position"),
    ("Research Visits", "position"),
    ("Consulting", "position"),
    ("Degrees", "education"),
    ("Courses", "teaching"),
    ("Classes Taught", "teaching"),
    ("Talks and Courses", "skip"),
])
def test_english_headings_beyond_the_usual_nouns(line, kind) -> None:
    """Headings of CVs the project was not written around: each starts a section of its kind,
    and talks listed with courses are talks."""
    assert heading_title(line) == line
    assert section_kind(line) == kind


def test_a_line_that_starts_with_an_english_heading_noun_is_no_heading() -> None:
    assert heading_title("Experience with Python") is None


def test_a_pages_front_matter_and_template_code_are_not_indexed() -> None:
    page = ("---\nlayout: archive\npermalink: /cv/\n---\n\nNadia Ferro\n\nEducation\n======\n"
            "* Ph.D. in Hydrology, Lakeside University (2021)\n\nPublications\n======\n"
            "  <ul>{% for post in site.publications reversed %}\n"
            "    {% include archive-single-cv.html %}\n  {% endfor %}</ul>\n")
    chunks = chunk_text(page, person="Nadia Ferro", source="cv.md", doc_id="d", max_tokens=200)
    said = " ".join(chunk.text for chunk in chunks)
    assert "Lakeside University" in said
    assert "permalink" not in said and "{%" not in said and "site.publications" not in said
    assert all(chunk.section != "Publications" for chunk in chunks)  # markup alone: no chunk
    assert all(page[c.start:c.end].strip() for c in chunks)  # offsets are the page's own


def test_a_place_alone_ends_an_entry_though_it_has_the_shape_of_two_names() -> None:
    text = ("Assistant Professor of Geography (Fall 2019-Present)\nSchool of Earth Studies\n"
            "Calder State University\nBloomington, IN\n\n"
            "Lecturer in Geography (2014-2019)\nDepartment of Geography\nNorthgate College\n"
            "Clarksville, TN\n\n"
            "Quill, A., Stone, M.\n\nListening to Quiet Rooms. SenSys 2019.\n")
    spans = split_entries(text, 0, len(text))
    assert [text[s:e].split("\n")[0] for s, e in spans] == [
        "Assistant Professor of Geography (Fall 2019-Present)", "Lecturer in Geography (2014-2019)",
        "Quill, A., Stone, M."]


def test_a_list_numbered_by_kind_is_split_at_each_number() -> None:
    """"[C2]", "[J1]": each number opens an entry, as "[2]" does."""
    text = ("[C2] A. Velamuri and B. Osei. Token Dropping for Efficient Pretraining.\n"
            "ICLR 2022.\n[C1] A. Velamuri. Learned Index Compression. VLDB 2020.\n"
            "[J1] A. Velamuri. Cache-aware learned indexes. TKDE 2021.\n")
    entries = [text[s:e] for s, e in split_entries(text, 0, len(text))]
    assert [e[:4] for e in entries] == ["[C2]", "[C1]", "[J1]"]


def test_the_next_entry_s_head_is_cut_from_the_bullet_above_it() -> None:
    """No blank line between a bullet and the next job's head: the section's first entry, a
    head of two lines with the dates on the second, says where the later heads begin."""
    text = ("Harbourline Labs Dunmore, Ireland\nRESEARCH ENGINEER 2019-2023\n"
            "• Built tide gauges from salvaged parts\n"
            "• Worked with industry (Harbourline, later Kelp Systems)\n"
            "Calder State University Bloomington, IN\nLAB TECHNICIAN 2016-2019\n"
            "• Kept the wave tank running for a research visit at the\n"
            "Harbour Institute, Cork 2017-2018\n")
    entries = [text[s:e] for s, e in split_entries(text, 0, len(text))]
    assert "Calder State University Bloomington, IN\nLAB TECHNICIAN 2016-2019" in entries
    assert "• Worked with industry (Harbourline, later Kelp Systems)" in entries
    assert any(e.endswith("at the\nHarbour Institute, Cork 2017-2018") for e in entries)
    # Where every entry is a bullet, the dates under one are its own.
    text = ("• PhD Mathematics\nUniversity of Kent\n2020 - 2023\n"
            "• MSc Statistics\nUniversity of Warwick\n2019 - 2020\n")
    assert len(split_entries(text, 0, len(text))) == 2


def test_entries_that_close_with_their_month_and_year_are_cut_after_it() -> None:
    """Talks set without blank lines, each closing with its venue and date: one entry each.
    Where the first line is dated, the dates head the entries and this cuts nothing."""
    text = ("Listening to quiet rooms with cheap\nmicrophones Lisbon, Portugal\n"
            "SENSYS October 2018\nTidal sensing with buoys\nMunich, Germany\nMOBISYS June 2019\n")
    entries = [text[s:e] for s, e in split_entries(text, 0, len(text))]
    assert entries == ["Listening to quiet rooms with cheap\nmicrophones Lisbon, Portugal\n"
                       "SENSYS October 2018",
                       "Tidal sensing with buoys\nMunich, Germany\nMOBISYS June 2019"]
    text = ("Ph.D. in Marine Science, Northgate University Sept 2016 – Aug 2020\n"
            "Thesis title: Tides under ice\n"
            "M.Sc. in Physics, Calder State Sept 2014 – Aug 2016\n")
    assert len(split_entries(text, 0, len(text))) == 1


def test_a_tables_header_over_its_rule_is_no_heading() -> None:
    text = ("Wei Tan\n\n5. TEACHING\n=================================\n\n"
            "Course                          Level          Role\n"
            "---------------------------------------------------------\n"
            "CE301 Steel Bridge Design       Undergraduate  Lecturer\n\n"
            "Awards\n------\nBest Paper Award, 2021\n")
    titles = [s.title for s in split_sections(text, "Wei Tan")]
    assert titles == ["Profile", "Teaching", "Awards"]


def test_preprints_after_another_kind_of_section_head_their_own() -> None:
    text = ("Aino Rautavaara\n\nTeaching\n\nCS101 Intro to Programming, Fall 2020\n\n"
            "Preprints\n\n[P1]  Aino Rautavaara: A note on rank queries. CoRR abs/2104.05678\n\n"
            "Publications\n\nJournal\n\n[J1] A paper\n\nPreprints\n\n[P2] Another\n")
    titles = [s.title for s in split_sections(text, "Aino Rautavaara")]
    assert titles == ["Profile", "Teaching", "Preprints", "Publications — Journal",
                      "Publications — Preprints"]
