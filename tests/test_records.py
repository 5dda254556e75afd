"""Record extraction across CV styles, on fictional CVs written here; spans point at the source."""

from __future__ import annotations

import importlib.util
import json

import pytest
from conftest import PROFILES, REPO, SAMPLE

from eval.records import LABELS_DIR, score_corpus, score_document, summary
from ingest import loaders
from ingest.chunking import chunk_text, split_sections
from ingest.records import attach, extract, section_kind
from ingest.records.publications import split_authors
from ingest.records.text import cut_short, lines

NUMBERED = """MARTA OKONJO
Postdoctoral Fellow, Ridgeline University

EDUCATION
Ridgeline University, Ph.D. in Computer Science, 2016 – 2022
    Advisor: Prof. Elias Brandvold
    Thesis: "Scheduling Under Uncertainty"
B.S. in Mathematics, Lakeview College, 2012 – 2016

PUBLICATIONS
[1] Marta Okonjo, Elias Brandvold. "Lanternfish: Predictable Tail Latency for
    Serverless Functions." In Proceedings of the ACM Symposium on Operating Systems
    Principles (SOSP), 2021.
[2] Tomas Weller, Marta Okonjo, and Elias Brandvold. "Gradient Sketches at Line Rate."
    USENIX NSDI 2019. Best Paper Award.
[3] Ada Linnea, Bo Hartmann. "A Paper Someone Else Wrote." ICML 2020.

EXPERIENCE
Research Intern, Microsoft Research, Redmond, WA          Jun 2019 – Sep 2019
  Mentor: Priya Kaul
Postdoctoral Fellow, Ridgeline University                 Sep 2022 – present

HONORS
Sterling Fellowship (2018)
2020   Best Poster Award, SoCC

TEACHING
Spring 2020   Teaching Assistant, CS 4410: Operating Systems, Ridgeline University
"""

TAGGED_MARKDOWN = """# Oren Vasquez

## Publications

#### **Driftwood: Elastic Caching for Edge Functions**

[Oren Vasquez](#), Lin Qiao
ACM EuroSys 2023

[Fjord: Cheap Consistency for Geo-Replicated Logs](#)

[OSDI'20, **Best Paper Award**]

Lin Qiao, **Oren Vasquez**, Hana Sato
"""


def _by_kind(text: str, person: str) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for record in extract(text, person):
        found.setdefault(record.kind, []).append({**record.data, "_authored": record.authored})
    return found


def _fields(text: str, person: str, kind: str, *keys: str,
            bold: tuple[tuple[int, int], ...] = ()) -> list[tuple]:
    """The given fields of each record of one kind that `extract` reads from a text."""
    return [tuple(r.data[k] for k in keys) for r in extract(text, person, bold) if r.kind == kind]


def _bold_lines(rows: list[tuple[str, bool]]) -> tuple[str, tuple[tuple[int, int], ...]]:
    """A text of (line, set in bold) rows and its bold spans, as the PDF loader gives them."""
    text, bold = "", []
    for line, heavy in rows:
        if heavy:
            bold.append((len(text), len(text) + len(line)))
        text += line + "\n"
    return text, tuple(bold)


def test_numbered_cv_gives_every_kind_of_record() -> None:
    found = _by_kind(NUMBERED, "Marta Okonjo")
    papers = {p["title"]: p for p in found["publication"]}
    lantern = papers["Lanternfish: Predictable Tail Latency for Serverless Functions"]
    assert (lantern["venue"], lantern["year"]) == ("SOSP", 2021)
    sketches = papers["Gradient Sketches at Line Rate"]
    assert (sketches["venue"], sketches["year"], sketches["award"]) == ("NSDI", 2019,
                                                                         "Best Paper Award")
    assert sketches["authors"] == ["Tomas Weller", "Marta Okonjo", "Elias Brandvold"]
    assert not papers["A Paper Someone Else Wrote"]["_authored"]  # her name is not on it
    phd = next(d for d in found["education"] if d["level"] == "phd")
    assert phd["institution"] == "Ridgeline University" and phd["advisors"] == ["Elias Brandvold"]
    assert phd["thesis"] == "Scheduling Under Uncertainty"
    assert any(d["level"] == "bachelors" and d["institution"] == "Lakeview College"
               for d in found["education"])
    intern = next(p for p in found["position"] if p["kind"] == "internship")
    assert (intern["organisation"], intern["role"], intern["start"]) == (
        "Microsoft Research", "Research Intern", "Jun 2019")
    assert {a["name"] for a in found["award"]} >= {"Sterling Fellowship", "Best Poster Award, SoCC"}
    assert found["teaching"][0]["course"].startswith("CS 4410")


def test_markdown_headings_links_and_venue_tags() -> None:
    papers = {p["title"]: p for p in _by_kind(TAGGED_MARKDOWN, "Oren Vasquez")["publication"]}
    assert (papers["Driftwood: Elastic Caching for Edge Functions"]["venue"],
            papers["Driftwood: Elastic Caching for Edge Functions"]["year"]) == ("EuroSys", 2023)
    fjord = papers["Fjord: Cheap Consistency for Geo-Replicated Logs"]
    assert (fjord["venue"], fjord["year"], fjord["award"]) == ("OSDI", 2020, "Best Paper Award")
    assert fjord["authors"] == ["Lin Qiao", "Oren Vasquez", "Hana Sato"]


def test_prose_biography() -> None:
    bio = ("Kai Maren\nBiography\n\nKai Maren is a Staff Engineer at Quillon Labs. Kai received "
           "a Ph.D. in Computer Science from Harrow Institute of Technology in 2015, advised by "
           "Iris Feld. Kai's honors include the Harrow Dissertation Prize (2016); the Quillon "
           "Impact Award (2021).\n")
    found = _by_kind(bio, "Kai Maren")
    assert found["education"][0]["institution"] == "Harrow Institute of Technology"
    assert found["education"][0]["advisors"] == ["Iris Feld"]
    assert {"Harrow Dissertation Prize", "Quillon Impact Award"} <= {
        a["name"] for a in found["award"]
    }
    assert any(p["organisation"] == "Quillon Labs" for p in found["position"])


def test_spans_and_chunks_point_at_the_source_text() -> None:
    records = extract(NUMBERED, "Marta Okonjo")
    chunks = chunk_text(NUMBERED, person="Marta Okonjo", source="cv.txt", doc_id="d",
                        max_tokens=120)
    attach(records, chunks)
    by_id = {c.id: c for c in chunks}
    for record in records:
        quote = NUMBERED[record.start:record.end]
        chunk = by_id[record.chunk_id]
        assert chunk.start <= record.start < chunk.end
        key = record.data.get("title") or record.data.get("institution") or \
            record.data.get("organisation") or record.data.get("name") or record.data["course"]
        assert key.split()[0].strip('"“') in quote, (record.kind, key, quote)


@pytest.mark.parametrize("name, corpus", [("shared", PROFILES), ("sample", SAMPLE)])
def test_extraction_against_hand_labels(name, corpus) -> None:
    figures = summary(score_corpus(LABELS_DIR / name, corpus))
    # Goal of the structured index: ≥ 95 % of publications with the right venue and year.
    assert figures["records_venue_year"] >= 0.95
    assert figures["records_precision"] >= 0.9 and figures["records_recall"] >= 0.9


def _fictional(name: str, heldout: bool | None = None) -> dict:
    """Scores per kind on one set of fictional CVs (eval/<name>/), each read for the person its
    label names."""
    labels = LABELS_DIR / name
    names = {(d := json.loads(p.read_text(encoding="utf-8")))["source"]: d["person"]
             for p in labels.glob("*.json")}
    return score_corpus(labels, LABELS_DIR.parent / name, names, heldout=heldout)


def test_jobs_and_courses_of_26_layouts_against_hand_labels() -> None:
    """eval/layouts/: fictional CVs in the layouts real ones use (dates first or last, wrapped
    entries, employer over role or role over employer, tables, paragraphs of courses, German,
    Italian, Belgian and Polish conventions), labelled for jobs and courses only. The rules of
    the nineteenth session were written against them, so they gate against regressions and
    measure nothing blind (eval/README.md)."""
    totals = _fictional("layouts")
    jobs, courses = totals["position"], totals["teaching"]
    assert jobs.precision >= 0.87 and jobs.recall >= 0.86, (jobs.misses, jobs.extras)
    assert courses.precision >= 0.88 and courses.recall >= 0.95, (courses.misses, courses.extras)


@pytest.mark.parametrize(("heldout", "jobs_pr", "courses_pr", "degrees_pr"), [
    # cv01–cv05: the rules of the thirty-fifth session were written against their misses
    (False, (0.95, 0.95), (0.88, 0.95), (0.95, 0.95)),
    # cv06–cv10: held back since, only measured (the first blind figures of all ten were
    # positions 0.71 / 0.71, courses 0.95 / 0.86, degrees 0.93 / 0.96)
    (True, (0.50, 0.52), (0.95, 0.68), (0.81, 0.87))])
def test_jobs_courses_and_degrees_of_ten_pdf_layouts_against_hand_labels(
        tmp_path, heldout: bool, jobs_pr: tuple, courses_pr: tuple, degrees_pr: tuple) -> None:
    """eval/pdf_layouts/: ten fictional CVs drawn as PDFs (right-aligned dates, a date column,
    a sidebar, bordered and shaded tables, employer over several roles, small caps, headings in
    a coloured margin), written with their labels by a helper that never read the extractor.
    The PDFs go through PDFium as a user's would. The gates sit a few points under the figures
    measured on 2026-12-03 (eval/pdf_layouts/README.md)."""
    spec = importlib.util.spec_from_file_location(
        "make_pdfs", REPO / "eval" / "pdf_layouts" / "make_pdfs.py")
    make_pdfs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_pdfs)
    make_pdfs.main(["make_pdfs.py", str(tmp_path)])
    totals = score_corpus(REPO / "eval" / "pdf_layouts" / "labels", tmp_path, heldout=heldout)
    jobs, courses, degrees = totals["position"], totals["teaching"], totals["education"]
    assert (jobs.labelled, courses.labelled, degrees.labelled) == (
        (21, 22, 13) if heldout else (24, 22, 14))
    for score, (precision, recall) in ((jobs, jobs_pr), (courses, courses_pr),
                                       (degrees, degrees_pr)):
        assert score.precision >= precision and score.recall >= recall, (
            score.misses, score.extras)


@pytest.mark.parametrize(("name", "heldout", "precision", "recall"), [
    # eval/sections/: Europass, moderncv, Awesome-CV, table, résumé and paragraph layouts
    ("sections", False, 0.93, 0.91), ("sections", True, 0.89, 0.79),
    # eval/papers/: many citation styles
    ("papers", False, 0.95, 0.92), ("papers", True, 0.89, 0.84),
    # eval/careers/: res.cls, Hugo, ABNT, AMA, French, prose, Word, AltaCV, Jake's, German …
    ("careers", False, 0.88, 0.79), ("careers", True, 0.87, 0.64),
    # eval/jobs/: Spanish, LinkedIn, term codes, Italian, physician, Japanese, Word, two columns …
    ("jobs", False, 0.91, 0.88), ("jobs", True, 0.76, 0.74),
    # eval/roles/: Dutch, Australian, Korean, Finnish, South African, Lattes, Lebenslauf …
    ("roles", False, 0.86, 0.89), ("roles", True, 0.84, 0.62),
    # eval/courses/: teaching in Spanish, German, Portuguese, Norwegian, Turkish tables …
    ("courses", False, 0.88, 0.75), ("courses", True, 0.78, 0.62),
    # eval/posts/: LinkedIn, Europass, Indian, AAMC, Lattes, two columns; jobs outside academia
    ("posts", False, 0.91, 0.79), ("posts", True, 0.75, 0.64),
    # eval/cites/: publication lists in the citation styles of sixteen fields
    ("cites", False, 0.89, 0.89), ("cites", True, 0.85, 0.83)])
def test_fictional_cvs_of_all_five_kinds_against_hand_labels(
        name: str, heldout: bool, precision: float, recall: float) -> None:
    """All five kinds labelled. The rules of the twentieth to twenty-seventh sessions were
    written against the first half of each set; the other half is held back and only measured
    (their READMEs)."""
    figures = summary(_fictional(name, heldout))
    assert figures["records_precision"] >= precision, figures
    assert figures["records_recall"] >= recall, figures


def test_labels_are_well_formed() -> None:
    for path in sorted(LABELS_DIR.glob("*/*.json")):
        label = json.loads(path.read_text(encoding="utf-8"))
        assert set(label) >= {"source", "publications", "education", "positions", "awards",
                              "teaching"}, path
        for paper in label["publications"]:
            assert paper["title"] and (paper["year"] is None or isinstance(paper["year"], int))


COLUMNS = """Tariq Oyelaran
Research Scientist, Fenwick Labs

EDUCATION
2012 – 2018      Ph.D. in Computer Science, Harrow State University
                 Advisor: Ines Valdane
2008 – 2012      B.S. in Computer Science, Harrow State University
                 Advisor: Colm Brady

INTERNSHIPS
Quillon Data                                        Jun 2017 – Aug 2017
  Research Intern
Marlow Robotics                                     May 2015 – Aug 2015
  Software Engineering Intern

EDUCATION (OTHER FORMAT)
Harrow State University
Ph.D. in Physics
Harrow State University
M.S. in Physics
Advisor: Noor Haddad
"""

DETACHED = """Lin Serafini

EDUCATION
• Aldmoor University
Ph.D. Student in Computer Science
Advisor: Prof. Rui Tanaka
Kestrel Institute of Technology
Master of Science in Computer Science
• Pellam University
Bachelor of Science in Physics
Ann Arbor, MI, USA
Aug 2021 - Present
Daejeon, Republic of Korea
Mar 2016 - Feb 2018
Seoul, Republic of Korea Mar 2011 – Feb 2016
"""


def test_an_advisor_line_belongs_to_the_degree_above_it() -> None:
    degrees = [r.data for r in extract(COLUMNS, "Tariq Oyelaran") if r.kind == "education"]
    by_level = {(d["level"], d["degree"]): d for d in degrees}
    assert by_level[("phd", "Ph.D. in Computer Science")]["advisors"] == ["Ines Valdane"]
    assert by_level[("bachelors", "B.S. in Computer Science")]["advisors"] == ["Colm Brady"]
    assert by_level[("masters", "M.S. in Physics")]["advisors"] == ["Noor Haddad"]


def test_an_employer_named_beside_its_dates_heads_the_role_below() -> None:
    jobs = {r.data["role"]: r.data for r in extract(COLUMNS, "Tariq Oyelaran")
            if r.kind == "position"}
    assert jobs["Research Intern"]["organisation"] == "Quillon Data"
    assert jobs["Research Intern"]["start"] == "Jun 2017"
    assert jobs["Software Engineering Intern"]["organisation"] == "Marlow Robotics"


def test_degree_dates_in_a_column_of_their_own_go_in_document_order() -> None:
    degrees = {r.data["level"]: r.data for r in extract(DETACHED, "Lin Serafini")
               if r.kind == "education"}
    assert (degrees["phd"]["start"], degrees["phd"]["end"]) == ("Aug 2021", "Present")
    assert (degrees["masters"]["start"], degrees["masters"]["end"]) == ("Mar 2016", "Feb 2018")
    assert degrees["bachelors"]["start"] == "Mar 2011"


DEGREE_FIRST = """Noor Castellan

Education
2023 Ph.D., Marine Ecology
Tamsin Bay University
2019 M.A., Marine Ecology
Tamsin Bay University
Thesis: Kelp Canopies in Cold Currents
2016 M.Sc., Ocean Physics
Univrsity of Corvallo
2013 B.Sc., Physics
Eldmoor Polytechnic Institute
"""


def test_each_degree_takes_the_institution_below_it_where_the_first_one_does() -> None:
    """The degree line first, its institution on the next line: a degree does not take the
    institution above it, which is the previous degree's; "University" misspelt by one letter
    is still a university."""
    degrees = [(d["degree"], d["institution"]) for r in extract(DEGREE_FIRST, "Noor Castellan")
               if r.kind == "education" for d in [r.data]]
    assert degrees == [("Ph.D., Marine Ecology", "Tamsin Bay University"),
                       ("M.A., Marine Ecology", "Tamsin Bay University"),
                       ("M.Sc., Ocean Physics", "Univrsity of Corvallo"),
                       ("B.Sc., Physics", "Eldmoor Polytechnic Institute")]
    # A thesis line is the degree's above it, not the doctorate's of the same university.
    theses = {r.data["level"]: r.data["thesis"] for r in extract(DEGREE_FIRST, "Noor Castellan")
              if r.kind == "education" and "Tamsin" in r.data["institution"]}
    assert theses["masters"] == "Kelp Canopies in Cold Currents" and theses["phd"] is None


TAUGHT = """# Odile Brannock

## Teaching

| Course | Institution | Term |
|---|---|---|
| ENG 210: Fluid Mechanics (instructor: Piet Halloran) | Marren College | Fall 2019, Fall 2020 |
| ENG 101: Statics (undergraduate TA) | Marren College | Spring 2016 |
"""


def test_a_teaching_table_row_keeps_its_term_and_the_courses_instructor_is_not_her_role() -> None:
    courses = {r.data["course"].split(":")[0]: r.data for r in extract(TAUGHT, "Odile Brannock")
               if r.kind == "teaching"}
    assert set(courses) == {"ENG 210", "ENG 101"}
    assert courses["ENG 210"]["term"] == "Fall 2019, Fall 2020"
    assert courses["ENG 210"]["role"] is None and "Piet Halloran" in courses["ENG 210"]["course"]
    assert courses["ENG 101"]["term"] == "Spring 2016" and courses["ENG 101"]["role"] == "TA"


REFERENCES = """Noor Haddad
Research Fellow

Selected Publications
2024 1. Haddad, N.*, Ortiz, P.*, Lind, K.-J., Tidal mixing in shallow bays. Coastal Letters (*)
2. Ortiz, P. Haddad, N., & Lind, K.-J. Sediment plumes after storms. Marine Geology Reports, 12(3).
2022 3. Berg, T., and 14 other authors including Haddad, N. A census of kelp forests
along the northern shelf. 2022 Ecology Journal 41, 7, arXiv:2201.01234
4. Berg, T., Haddad, N. (2021). Wave damping by seagrass meadows. Estuaries, 16.
"""


def test_author_first_references_read_from_a_numbered_list() -> None:
    papers = {r.data["title"]: r.data for r in extract(REFERENCES, "Noor Haddad")
              if r.kind == "publication"}
    assert set(papers) == {"Tidal mixing in shallow bays", "Sediment plumes after storms",
                           "A census of kelp forests along the northern shelf",
                           "Wave damping by seagrass meadows"}
    tidal = papers["Tidal mixing in shallow bays"]
    assert (tidal["venue"], tidal["year"], tidal["authors"]) == (
        "Coastal Letters", 2024, ["Haddad, N.", "Ortiz, P.", "Lind, K.-J."])
    assert papers["Sediment plumes after storms"]["year"] == 2024  # the date column above
    assert (papers["Wave damping by seagrass meadows"]["venue"],
            papers["Wave damping by seagrass meadows"]["year"]) == ("Estuaries", 2021)
    assert papers["A census of kelp forests along the northern shelf"]["authors"] == [
        "Berg, T.", "Haddad, N."]


AWARDS = """Lena Brook

Grants, Honours & Awards
2023 Early Career Fellowship, Hollin Foundation
Ocean Prize, Tidewater Society (declined)
THREE-YEAR FELLOWSHIP TO STUDY COASTAL EROSION AT THE INSTITUTE
Conference funding awarded to the coastal group
2019 Dean's List, Marlow College
Hollin Foundation Early Career Fellowship, 2023 $120,000
"""


def test_awards_take_their_year_from_the_column_and_descriptions_are_not_awards() -> None:
    awards = [(r.data["name"], r.data["year"]) for r in extract(AWARDS, "Lena Brook")
              if r.kind == "award"]
    assert awards == [("Early Career Fellowship, Hollin Foundation", 2023),
                      ("Ocean Prize, Tidewater Society (declined)", 2023),
                      ("Dean's List, Marlow College", 2019),
                      ("Hollin Foundation Early Career Fellowship", 2023)]


def test_a_degree_in_prose_with_a_month_before_its_year() -> None:
    text = ("# Lena Okafor\n\n## Bio\n\nI received my PhD in Hydrology from the University of "
            "Bergen in December 2011 where I was advised by Bram Stone. Before that I taught.\n")
    degrees = [r.data for r in extract(text, "Lena Okafor") if r.kind == "education"]
    assert [(d["institution"], d["level"], d["end"]) for d in degrees] == [
        ("University of Bergen", "phd", "December 2011")]


def test_capitals_and_em_dash_lines_of_real_cv_layouts() -> None:
    text = ("Lena Okafor\n\nEDUCATION\nCORNELL UNIVERSITY,Ithaca, NY August 2016–May 2021\n"
            "PH.D. IN HYDROLOGY GPA: 3.9/4.0\nUNIVERSITY OF BERGEN, Norway 2012–2016\n"
            "MASTER OF SCIENCE IN GEOLOGY\n\nEXPERIENCE\n"
            "Research Scientist—Halden Labs May 2021–June 2024\n"
            "ML Research Internship—Mila July 2018–September 2018\n")
    records = extract(text, "Lena Okafor")
    degrees = [(r.data["institution"], r.data["level"]) for r in records if r.kind == "education"]
    jobs = [(r.data["role"], r.data["organisation"]) for r in records if r.kind == "position"]
    # A degree line in capitals with nothing else on it is not a section heading.
    assert degrees == [("Cornell University", "phd"), ("University of Bergen", "masters")]
    assert jobs == [("Research Scientist", "Halden Labs"), ("ML Research Internship", "Mila")]


ENTRY_PAIRS = """# Ilse Moravec

## Employment

**Kestrel University** Hobart
SENIOR RESEARCH FELLOW 2021-2023

**Data Engineer** Oslo, Norway
NORDLYS ANALYTICS February 2018 - Present

**Postdoctoral Fellow Tasman Institute of Marine Science**
Halvorsen group 2016 – 2018

**Brackwater**
Data Science and R&D  Nov 2014 – Apr 2015

**Teaching assistant** Hobart
KESTREL UNIVERSITY 2013

PhD Candidate, Kestrel University  2012 – 2016
Reef Survey Ltd (2010 - 2011): Consultant pricing dive surveys
Academic tutor: Dr. Harald Berg
"""


def test_an_entry_set_as_a_bold_heading_over_a_dated_line_is_read_as_one_job() -> None:
    """Each line of a two-line entry may hold the role or the employer; the role words decide,
    in capitals or not, and the person's name over the headline is no employer."""
    jobs = [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in extract(ENTRY_PAIRS, "Ilse Moravec") if r.kind == "position"]
    assert jobs == [
        ("SENIOR RESEARCH FELLOW", "Kestrel University", "2021", "2023"),
        ("Data Engineer", "NORDLYS ANALYTICS", "February 2018", "Present"),
        ("Postdoctoral Fellow", "Tasman Institute of Marine Science", "2016", "2018"),
        ("Data Science and R&D", "Brackwater", "Nov 2014", "Apr 2015"),
        ("PhD Candidate", "Kestrel University", "2012", "2016"),
        ("Consultant", "Reef Survey Ltd", "2010", "2011"),
    ]


TITLED_TEACHING = """# Ilse Moravec

## Teaching

**Introduction to tidy data in R** Hobart Data Week
INTRODUCING RSTUDIO, PROJECTS, LOOPS AND FUNCTIONS 2021
**Marine genomics on the command line** Kestrel University
INTRODUCTION TO THE SHELL AND TO VARIANT CALLING 2019
**Reef data workshop** Hobart
INTRODUCTION TO PYTHON AND GIT 2018
**Reef data workshop** Launceston
INTRODUCTION TO PYTHON AND GIT 2017
**Teaching assistant:** Served as a TA for Ocean Physics.

## Activities

Board member, Hobart Sailing Club

**Lectures and courses**
**Tides for beginners** Kestrel University, Hobart
Summer school on coastal science  July 7, 2023
**Kelp forests explained** Tasman Institute
Public lecture  May 2, 2022
**Seagrass counting** Hobart
Field course  Jan 2021
"""


def test_courses_headed_in_bold_over_a_description_and_a_bold_subheading() -> None:
    """Each bold title with its place heads a course (the capitals under it describe it); a
    workshop given twice is two courses; a bold line over bold titles starts a subsection."""
    courses = [(r.data["course"], r.data["term"]) for r in extract(TITLED_TEACHING, "Ilse Moravec")
               if r.kind == "teaching"]
    assert courses == [
        ("Introduction to tidy data in R", "2021"),
        ("Marine genomics on the command line", "2019"),
        ("Reef data workshop", "2018"),
        ("Reef data workshop", "2017"),
        ("Tides for beginners", "2023"),
        ("Kelp forests explained", "2022"),
        ("Seagrass counting", "2021"),
    ]


def test_a_paper_whose_author_list_is_cut_short_stays_the_persons() -> None:
    text = ("# Ilse Moravec\n\n## Publications\n\n"
            "Kelp genomes across the Tasman Sea Marine Genomics\n"
            "A BERG, T LIND, R OKAFOR, S YU, ... 2021\n\n"
            "Seagrass census methods Ocean Letters\n"
            "A BERG, T LIND 2020\n")
    papers = {r.data["title"].split()[0]: r.authored for r in extract(text, "Ilse Moravec")
              if r.kind == "publication"}
    assert papers == {"Kelp": True, "Seagrass": False}


SCHOLAR_EXPORT = """Mara Quintero

Publications
Tidal mixing in shallow bays and the seasonal stratification of estuaries Coastal Science Journal
M QUINTERO, T BERG 2021
Sediment plumes after storms Journal of Estuary Research
T BERG, PK LIND, M QUINTERO, ... 2020
Kelp forest census methods for the northern shelf and the fjords beyond
the outer islands Marine Ecology Letters
A ORTIZ, T BERG 2019
Seagrass genomes across a salinity gradient Ocean Genomics
M QUINTERO, A ORTIZ 2018
A pangenome of eelgrass in the northern fjords Ocean Genomics
M QUINTERO 2017
Nutrient cycling in Brassica napus
M QUINTERO, T BERG 2016
Root exudates of Brassica napus
M QUINTERO 2015
"""

DATED_NOTES = """Mara Quintero

Selected Publications
USENIX Security TideLeak: Reading Sensor Buffers from a Neighbouring Buoy
2023  Buoy firmware can leak sensor readings across a shared radio buffer in most deployments.
Mara Quintero, Tomas Berg, Anika Lind
NDSS Fjordscan: Mapping Silt with Low-Cost Sonar
2021  Cheap sonar units can map silt layers at depths that were thought to need ship surveys.
Tomas Berg, Mara Quintero
"""


def test_lists_printed_without_blank_lines_are_cut_into_their_entries() -> None:
    # A Scholar export: "title journal" over "AUTHORS year", initials run together.
    papers = [r.data for r in extract(SCHOLAR_EXPORT, "Mara Quintero") if r.kind == "publication"]
    assert [(p["title"], p["venue"], p["year"], p["authored"]) for p in papers] == [
        ("Tidal mixing in shallow bays and the seasonal stratification of estuaries",
         "Coastal Science Journal", 2021, True),
        ("Sediment plumes after storms", "Journal of Estuary Research", 2020, True),
        (("Kelp forest census methods for the northern shelf and the fjords beyond the outer "
          "islands"), "Marine Ecology Letters", 2019, False),
        # A venue with no "Journal" in its name, known because it ends two titles of the list;
        # words a title leads into ("in Brassica napus") stay in it.
        ("Seagrass genomes across a salinity gradient", "Ocean Genomics", 2018, True),
        ("A pangenome of eelgrass in the northern fjords", "Ocean Genomics", 2017, True),
        ("Nutrient cycling in Brassica napus", None, 2016, True),
        ("Root exudates of Brassica napus", None, 2015, True)]
    # Venue and title on one line, a year and a one-sentence summary under it: the summary is
    # not a title, and the year is the paper's.
    papers = [r.data for r in extract(DATED_NOTES, "Mara Quintero") if r.kind == "publication"]
    assert [(p["year"], len(p["authors"])) for p in papers] == [(2023, 3), (2021, 2)]
    # (The venue column before the title is left in it: "USENIX Security TideLeak: …".)
    assert papers[0]["title"].endswith("TideLeak: Reading Sensor Buffers from a Neighbouring Buoy")
    assert papers[1]["title"].endswith("Fjordscan: Mapping Silt with Low-Cost Sonar")


def test_courses_listed_on_one_line_under_a_label_or_a_role() -> None:
    text = ("Ana Ruiz\n\nTeaching. . . . . . . . . . . . . . . . . . . . . . . .\n"
            "Teacher Assistant Universitat de Barcelona\n"
            "Calculus I-II, Theoretical Mechanics. 2017 – 2019\n"
            "Courses: AI, Databases, Logic & Proof\n"
            "Held refresher sessions, marked exams, ran office hours\n")
    courses = [(r.data["course"], r.data["role"], r.data["term"])
               for r in extract(text, "Ana Ruiz") if r.kind == "teaching"]
    assert courses == [("Calculus I-II", "Teacher Assistant", "2017 – 2019"),
                       ("Theoretical Mechanics", "Teacher Assistant", "2017 – 2019"),
                       ("AI", "Teacher Assistant", None), ("Databases", "Teacher Assistant", None),
                       ("Logic & Proof", "Teacher Assistant", None)]


@pytest.mark.parametrize("line, named", [
    ("Supervisor: Dr. Ines Valdane 2015 – 2019", ["Ines Valdane"]),
    ("PI: Colm Brady Member of Coastal Acoustics and Sonar Lab", ["Colm Brady"]),
    ("Supervised by Prof. Ines Valdane and Prof. Colm Brady", ["Ines Valdane", "Colm Brady"]),
    ("on tidal resonators in cold water under the\nsupervision of Jan de Vries", ["Jan de Vries"]),
])
def test_advisor_lines_as_cvs_write_them(line, named) -> None:
    """A supervisor line with its dates, a PI line run into the lab's name, the supervision
    stated at the end of a thesis line: each names the degree's advisors, and only them."""
    text = f"Noor Castellan\n\nEducation\nPh.D. in Ocean Physics, Tamsin Bay University\n{line}\n"
    degrees = [r.data for r in extract(text, "Noor Castellan") if r.kind == "education"]
    assert [d["advisors"] for d in degrees] == [named]


RUN_IN = """Ines Varga

Education
Ph.D. in Microbiology Quarry Lake University, Department of Biology  Sept 2016 – Aug 2020
B.Sc. in Biology, Honours Tallis University  Sept 2010 – May 2014
Grado en Lengua y Literatura U. de Valencia, 2008 - 2012
**MSc in Informatics**, Escola Politècnica de Girona - _2007_
"""


def test_a_degree_line_that_runs_into_its_institution_takes_that_institution() -> None:
    """The institution written after the field on the degree's own line is that degree's,
    not the next line's; degrees and institutions in Spanish and Catalan are read too."""
    degrees = [(d["level"], d["institution"]) for r in extract(RUN_IN, "Ines Varga")
               if r.kind == "education" for d in [r.data]]
    assert degrees == [("phd", "Quarry Lake University"), ("bachelors", "Tallis University"),
                       ("bachelors", "U. de Valencia"),
                       ("masters", "Escola Politècnica de Girona")]


def test_a_post_doctoral_title_is_no_degree() -> None:
    text = ("# Ilse Moravec\nPost-Doctoral research fellow\nTasman Institute of Marine Science\n\n"
            "## Education\nPh.D. in Oceanography, Kestrel University, 2016\n")
    degrees = [(r.data["level"], r.data["institution"]) for r in extract(text, "Ilse Moravec")
               if r.kind == "education"]
    assert degrees == [("phd", "Kestrel University")]


def test_a_thesis_line_as_cvs_in_other_languages_write_it() -> None:
    text = ("# Ilse Moravec\n\n## Educación\n"
            "MA. Ciencia Cognitiva U. de Barcelona, 2017 - 2018\n"
            "Tesis de Máster sobre la memoria de los pulpos.\n"
            "Grado en Biología U. de Murcia, 2012 - 2016\n")
    theses = {r.data["level"]: r.data["thesis"] for r in extract(text, "Ilse Moravec")
              if r.kind == "education"}
    assert theses == {"masters": "la memoria de los pulpos", "bachelors": None}


def test_a_courses_taught_heading_and_course_codes_with_a_department_letter() -> None:
    text = ("# Ilse Moravec\n\n**Research Areas**\nReef ecology\n\n**Courses Taught**  \n"
            "*Kestrel University*  \nMSCH-J 423 Public Opinion  \nMSCH-T 512 Reef Politics  \n")
    courses = [r.data["course"] for r in extract(text, "Ilse Moravec") if r.kind == "teaching"]
    assert courses == ["MSCH-J 423 Public Opinion", "MSCH-T 512 Reef Politics"]


def test_course_codes_under_each_school_take_that_school() -> None:
    """Codes listed under a school of their own: the school is where they were taught; a
    four-digit course number is no year, and a title listing three things stays whole."""
    text = ("# Ilse Moravec\n\n**Research Areas**\nReef ecology\n\n**Courses Taught**  \n"
            "*Kestrel University*  \nMSCH-J 423 Public Opinion  \nREEF 2010 Coral Biology  \n\n"
            "*Harbour State University*  \nPOLS 230 Tides, Currents, and Coastal Law  \n")
    assert _fields(text, "Ilse Moravec", "teaching", "course", "institution", "term") == [
        ("MSCH-J 423 Public Opinion", "Kestrel University", None),
        ("REEF 2010 Coral Biology", "Kestrel University", None),
        ("POLS 230 Tides, Currents, and Coastal Law", "Harbour State University", None)]


def test_italics_that_repeat_the_titles_give_no_venues() -> None:
    from ingest.records.publications import venues_from_italics

    styled = [({"title": "Dust in the early universe", "venue": "ApJ"},
               ["and 12 other authors including", "Dust in the early universe"]),
              ({"title": "Lensed galaxies at high redshift", "venue": None},
               ["Lensed galaxies at high redshift"]),
              ({"title": "A faint quasar", "venue": None}, ["Astrophysical Notes"])]
    venues_from_italics(styled, "Ada Cooper")
    assert [paper["venue"] for paper, _ in styled] == ["ApJ", None, None]
    # Where italics set venues apart, a run that is a name, a count of authors or a lower-case
    # remark is no venue.
    listed = [({"title": "Tidal mixing of shelf seas", "venue": None}, ["Ocean Dynamics", "7"]),
              ({"title": "Warm fronts", "venue": None}, ["A. Cooper"]),
              ({"title": "Cold fronts", "venue": None}, ["pending"])]
    venues_from_italics(listed, "Ada Cooper")
    assert [paper["venue"] for paper, _ in listed] == ["Ocean Dynamics", None, None]


def test_the_year_a_document_was_written_is_its_latest_year_outside_a_range() -> None:
    from ingest.records import written_year

    assert written_year("Fellow 2022 - 2025\nPaper, 2021.\nUpdated March 2022") == 2022
    assert written_year("Engineer 2014 – 2017\nAnalyst 2010 – 2014") is None


def test_several_dated_roles_on_one_line_are_each_a_position() -> None:
    cv = ("Hana Ostrova\n\nAcademic Positions\n"
          "Department of Geography, Riverton University, Riverton, ON.\n"
          "Associate Professor, 2012–present. Acting Chair, 2024–2026.\n"
          "Assistant Professor, 2006–2012.\n")
    jobs = [(role, start, end) for role, org, start, end in _fields(
        cv, "Hana Ostrova", "position", "role", "organisation", "start", "end")
        if "Riverton University" in org]
    assert jobs == [("Associate Professor", "2012", "present"), ("Acting Chair", "2024", "2026"),
                    ("Assistant Professor", "2006", "2012")]


def test_a_bold_run_that_starts_several_awards_is_their_kind_not_their_name() -> None:
    cv = ("Lena Farris\n\n## Awards\n"
          "2022 **Travel Grant** Graduate School of Lyon – 3,050 €\n"
          "**Travel Grant** IDEX Lyon – 1,600 €\n"
          "2021 **Best Poster Award** at the Autumn Cognition Meeting\n")
    awards = _fields(cv, "Lena Farris", "award", "name", "year")
    assert awards == [("Travel Grant Graduate School of Lyon", 2022),
                      ("Travel Grant IDEX Lyon", 2022), ("Best Poster Award", 2021)]


# A lectures list set as bold "Course  Place" lines over plain "Event  Date" lines, then a bold
# heading of talks over plain text: PDF bold spans, as the loader gives them.
LECTURES = [
    ("Nora Lindqvist", False), ("Lectures and courses", True),
    ("Tensor Networks for Beginners Universidad de Sevilla", True),
    ("Winter School on Many-Body Physics Jan 12, 2023", False),
    ("Open Quantum Systems Institut Laue-Langevin", True), ("PhD course Mar 3-7, 2022", False),
    ("Spin Chains in Practice Nordita", True), ("Summer school lectures Aug 2021", False),
    ("Panels and round tables", True), ("As a moderator", False),
    ("Quantum Industry Day Oslo", True), ("Round table on funding May 2, 2023", False),
]


def test_bold_course_lines_over_dated_lines_are_courses_until_a_heading() -> None:
    text, bold = _bold_lines(LECTURES)
    courses = _fields(text, "Nora Lindqvist", "teaching", "course", "term", bold=bold)
    assert courses == [("Tensor Networks for Beginners", "2023"), ("Open Quantum Systems", "2022"),
                       ("Spin Chains in Practice Nordita", "2021")]


# Roles set wholly in bold, each over its employer and then its dates, with a superscript's
# day split off as PDF text gives it ("3" / "rd July - 10th August 2023").
ROLE_FIRST = [
    ("Tariq Mensah", False), ("Experience", True),
    ("Research Intern: Graph Colouring in Lean", True), ("Kestrel University", False),
    ("3", False), ("rd July - 10th August 2023", False), ("Supervisor: Professor Ada Byrne", False),
    ("Student Representative", True), ("Harwick College, Mathematics division", False),
    ("September 2021 - July 2023", False),
    ("Private Tutor", True), ("Self-Employed", False), ("February 2021 - Present", False),
]


def test_a_bold_role_over_its_employer_and_its_dates_is_one_position() -> None:
    text, bold = _bold_lines(ROLE_FIRST)
    jobs = _fields(text, "Tariq Mensah", "position", "role", "organisation", "start", "end",
                   bold=bold)
    assert jobs == [
        ("Research Intern: Graph Colouring in Lean", "Kestrel University", "July 2023",
         "10th August 2023"),
        ("Student Representative", "Harwick College", "September 2021", "July 2023"),
        ("Private Tutor", "Self-Employed", "February 2021", "Present")]


def test_an_employer_with_its_dates_then_a_colon_then_the_role_and_what_it_did() -> None:
    cv = ("Ilka Varga\n\n## Experience\n\n**Finance Roles (2005 – 2011)**\n"
          "**Brenner & Holt Advisory (2009 - 2011)**: Consultant pricing exotic derivatives\n"
          "and illiquid products.\n"
          "**Danube Savings (2005 - 2009)**: Model Validation Associate managing price checks\n")
    jobs = _fields(cv, "Ilka Varga", "position", "organisation", "role", "start")
    assert jobs == [("Brenner & Holt Advisory", "Consultant", "2009"),
                    ("Danube Savings", "Model Validation Associate", "2005")]


def test_what_was_held_a_dash_and_where_with_dates_is_a_position_without_a_role_word() -> None:
    cv = ("Petra Lund\n\n## Experience\n"
          "Software Engineer Internship—Facebook July 2015–September 2015\n"
          "Student Training in Engineering Program—Google June 2014–September 2014\n")
    jobs = _fields(cv, "Petra Lund", "position", "role", "organisation", "start")
    assert ("Student Training in Engineering Program", "Google", "June 2014") in jobs
    assert len(jobs) == 2


def test_a_job_held_since_a_year_runs_to_the_present() -> None:
    from ingest.records.text import date_range

    assert date_range("Staff Engineer, Orrin Labs, since 2021") == ("2021", "present")
    assert date_range("from May 2019 to 2020") == ("May 2019", "2020")
    cv = "Ruth Amsel\n\n## Experience\nProject Assistant, Talvi Institute, since March 2022\n"
    jobs = _fields(cv, "Ruth Amsel", "position", "role", "start", "end")
    assert jobs == [("Project Assistant", "March 2022", "present")]


def test_a_paper_with_no_authors_in_a_list_that_names_co_authors_is_its_persons() -> None:
    cv = ("Mira Castell\n\nPublications\n"
          "[1] School choice and sorting (joint with Ana Ruiz). Canadian Policy Review,\n"
          "50(2): 256-276, 2024.\n"
          "[2] Peer networks in classrooms (joint with Tom Baird and Ana Ruiz). Labour\n"
          "Studies, 18(5): 656-663, 2019.\n"
          "[3] Bounding a causal effect with correlation limits. Journal of Applied\n"
          "Methods, 5(1): 117-141, 2016.\n"
          "[4] Peer effects and smoking among teenagers, Journal of Health Studies\n"
          "25(3): 288-298, 2007.\n")
    papers = _fields(cv, "Mira Castell", "publication", "title", "venue", "year", "authored")
    assert ("Bounding a causal effect with correlation limits", "Journal of Applied Methods",
            2016, True) in papers
    assert ("Peer effects and smoking among teenagers", "Journal of Health Studies", 2007,
            True) in papers
    assert len(papers) == 4


def test_entries_led_by_a_year_and_a_colon_are_one_paper_each() -> None:
    cv = ("Ruben Okafor\n\nPublications\n"
          '2024: Ruben Okafor, Lena Brandt. "Learning Routes for Bus Networks with Graph\n'
          'Search". Presented at IEEE Conference on Robotics and Automation (ICRA), IEEE.\n'
          '2021: Ruben Okafor, Lena Brandt. "Localization with Object Landmarks". In Autonomous\n'
          "Systems Journal, vol. 45, no. 3, pp. 407-420\n"
          '2018: Tom Weir, Ruben Okafor. "Gaze Selection for Visual Odometry". Presented at 15th\n'
          "Conference on Computer and Robot Vision (CRV), pp. 110-117, IEEE.\n")
    papers = _fields(cv, "Ruben Okafor", "publication", "title", "year")
    assert papers == [("Learning Routes for Bus Networks with Graph Search", 2024),
                      ("Localization with Object Landmarks", 2021),
                      ("Gaze Selection for Visual Odometry", 2018)]


def test_an_italic_word_that_ends_a_title_is_not_its_venue() -> None:
    from ingest.records.publications import venues_from_italics

    listed = [({"title": "Logic in the Tractatus", "venue": "Review of Symbolic Logic"},
               ["Tractatus", "Review of Symbolic Logic"]),
              ({"title": "Kelp genomes under warming seas Marine Currents", "venue": None},
               ["Marine Currents"])]
    venues_from_italics(listed, "Max Weir")
    assert [(p["title"], p["venue"]) for p, _ in listed] == [
        ("Logic in the Tractatus", "Review of Symbolic Logic"),
        ("Kelp genomes under warming seas", "Marine Currents")]


def test_a_degree_then_a_comma_then_its_field_keeps_the_field() -> None:
    cv = ("Omid Farhadi\n\nEducation\n2014 M.Sc., Biomedical Engineering\nUniversity of Tabriz\n"
          "2011 B.Sc., Electronic Engineering\nUniversity of Shiraz\n")
    degrees = _fields(cv, "Omid Farhadi", "education", "degree", "institution")
    assert degrees == [("M.Sc., Biomedical Engineering", "University of Tabriz"),
                       ("B.Sc., Electronic Engineering", "University of Shiraz")]


def test_a_teaching_assistant_line_under_a_job_gives_its_course() -> None:
    cv = ("Idris Khan\n\n## Experience\nGraduate Tutor\nUniversity of Leeds\n"
          "October 2023 - March 2024\n- Teaching assistant for MA222: Metric Spaces\n")
    courses = _fields(cv, "Idris Khan", "teaching", "course", "role")
    assert courses == [("MA222: Metric Spaces", "Teaching assistant")]


def test_a_venue_column_before_the_titles_is_read_from_its_repeats() -> None:
    from ingest.records.publications import venues_from_repeated_heads

    papers = [{"title": "USENIX Security CacheWarp: Fault Injection by Cache Reset", "venue": None},
              {"title": "USENIX Security Collide+Power: Leaking Data by Power", "venue": None},
              {"title": "NDSS IdleLeak: Idle State Side Effects", "venue": None},
              {"title": "NDSS Sensor Side Channels on Phones", "venue": None},
              {"title": "GPU Kernels for Sparse Attention", "venue": None},
              {"title": "GPU Kernels for Dense Attention", "venue": None},
              # printed once, in a list that has a venue column
              {"title": "IEEE/IFIP DSN PT-Guard: Integrity for Page Tables", "venue": None},
              {"title": "IEEE S&P SQUIP: Scheduler Queue Contention", "venue": None},
              {"title": "ESORICS Process Isolation in the Cloud", "venue": None},
              {"title": "TLB Leaks Seen from the GPU", "venue": None}]
    venues_from_repeated_heads(papers)
    assert [(p["venue"], p["title"].split()[0]) for p in papers] == [
        ("USENIX Security", "CacheWarp:"), ("USENIX Security", "Collide+Power:"),
        ("NDSS", "IdleLeak:"), ("NDSS", "Sensor"), (None, "GPU"), (None, "GPU"),
        ("IEEE/IFIP DSN", "PT-Guard:"), ("IEEE S&P", "SQUIP:"), ("ESORICS", "Process"),
        (None, "TLB")]


ASTRO = """Noor Haddad
Refereed Publications
3. Lind, K. J., Haddad, N. R., and 12 other authors. Cold gas in a lensed disk at
redshift four. 2024 ApJ 961, 2, arXiv:2401.00001
2. Ortiz, P., Berg, T., and 40 other authors including Haddad, N. R. Two compact, dusty
candidate galaxies found in deep fields. 2023 ApJL 956, 61, arXiv:2304.00002
1. Haddad, N. R., Lind, K. J., Berg, T. PASSAGE: the wide, faint outskirts of nearby
spirals. 2022 MNRAS 503, 4, arXiv:2203.00003
PUBLICATIONS IN REVIEW
Ortiz, P.; Berg, T.; and 21 other authors including Haddad, N. R. Quiet galaxies confirmed at
high redshift. Submitted to ApJ, arXiv:2508.00004
"""


def test_initials_after_a_comma_end_the_author_list_where_the_title_starts() -> None:
    papers = {title: (venue, year) for title, venue, year in
              _fields(ASTRO, "Noor Haddad", "publication", "title", "venue", "year")}
    assert papers == {
        "Cold gas in a lensed disk at redshift four": ("ApJ", 2024),
        "Two compact, dusty candidate galaxies found in deep fields": ("ApJL", 2023),
        "PASSAGE: the wide, faint outskirts of nearby spirals": ("MNRAS", 2022),
        "Quiet galaxies confirmed at high redshift": ("arXiv", 2025),  # its preprint
    }, papers


def test_a_thesis_subject_that_wraps_and_advisors_placed_in_brackets() -> None:
    text = ("Lea Moreau\nEducation\n"
            "2018.22 PhD in Psychology. Laboratory of Cognition.\n"
            "Thesis subject: Timing of attention during the processing of faces in\n"
            "young adults. Supervisors : Pr. Paul Girard (Lyon), Dr. Anne Roux (Tours)\n"
            "Univ. Lumière Lyon 2\nLyon, France\n"
            "2022 PhD mobility. Vision Lab\n"
            "Supervisor : Pr. Sara Lind (sept - nov 2022) – Training in EEG.\n"
            "Univ. of Oslo\nOslo, Norway\n")
    degrees = _fields(text, "Lea Moreau", "education", "thesis", "advisors")
    assert degrees[0] == ("Timing of attention during the processing of faces in young adults",
                          ["Paul Girard", "Anne Roux"])
    assert len(degrees) == 1  # the "PhD mobility" is a stay during it, its host not its advisor


def test_a_column_of_years_heads_the_courses_taught_and_short_ranges_are_read() -> None:
    text = ("Lea Moreau\nTeaching\n"
            "2024 Sleep and memory : what we know, Lecture, Summer School. University of Bern\n"
            "(Switzerland)\n"
            "2021.23 Research advances, Lecture, Master in Neuropsychology, Lyon 2 University.\n"
            "2021 Statistics, Practical work with R, Master in Neuropsychology, Lyon 2 University.\n"
            "2010.16 Teacher in a primary school, Haute-Savoie (France)\n"
            "2018.21 Cognitive Psychology, Practical work, Licence in Psychology, Lyon 2.\n")
    courses = _fields(text, "Lea Moreau", "teaching", "course", "role", "term")
    assert courses == [
        ("Sleep and memory : what we know", "Lecture", "2024"),
        ("Research advances", "Lecture", "2021–2023"),
        ("Statistics", "Practical work with R", "2021"),
        ("Cognitive Psychology", "Practical work", "2018–2021"),
    ]
    # A year and a month is not a range: "2010.11" may be November 2010.
    dated = "2010.11 Intern\n2019/20 Tutor\n"
    assert [line.text for line in lines(dated, 0, len(dated))] == [
        "2010.11 Intern", "2019–2020 Tutor"]


def test_a_role_set_as_a_subheading_holds_each_employer_under_it() -> None:
    text = ("Lea Moreau\nResearch\n"
            "Postdoctoral Fellow University of Toronto\nSmith group 2019 – 2021\n"
            "Visitor. . . . . . . . . . . . . . . . . . . . .\n"
            "Center of Quantum Technologies National University of Singapore\n"
            "Prof. Kwek group. May 2017\n"
            "Instituto de Física Teórica CSIC\nDr. Gómez’s group. Feb 2017\n"
            "Peierls Institute for Theoretical Physics University of Oxford\n"
            "Dr. Rojo’s group. Jan - May 2016\n")
    jobs = _fields(text, "Lea Moreau", "position", "role", "organisation", "start", "end")
    assert jobs == [
        ("Postdoctoral Fellow", "University of Toronto", "2019", "2021"),
        ("Visitor", "Center of Quantum Technologies National University of Singapore",
         "May 2017", "May 2017"),
        ("Visitor", "Instituto de Física Teórica CSIC", "Feb 2017", "Feb 2017"),
        ("Visitor", "Peierls Institute for Theoretical Physics University of Oxford",
         "Jan 2016", "May 2016"),
    ]


def test_distinctions_named_in_a_degrees_lines_are_awards() -> None:
    text = ("Lea Moreau\nEducation\nNorthgate University Lyon, France\nMASTER OF IT 2010-2012\n"
            "• 4x Top of class, 2x Dean's List, 1x IT Award for Academic Excellence\n"
            "• Graduated with High Distinction. Marie Vernet Medal for the highest GPA of the year\n"
            "• Thesis: Sensing tides with cheap buoys\n")
    assert _fields(text, "Lea Moreau", "award", "name") == [
        ("Top of class",), ("Dean's List",), ("IT Award for Academic Excellence",),
        ("Marie Vernet Medal for the highest GPA of the year",)]


def test_a_date_range_broken_after_its_dash_is_joined() -> None:
    text = ("Lea Moreau\nResearch Experience\n2024-\npresent\n"
            "Post-Doctoral Researcher | Centre for Sleep Studies\nToronto, Canada\n")
    assert _fields(text, "Lea Moreau", "position", "role", "organisation", "start", "end") == [
        ("Post-Doctoral Researcher", "Centre for Sleep Studies", "2024", "present")]


def test_a_journal_cited_by_volume_and_year_in_brackets_is_the_venue() -> None:
    text = ("Lea Moreau\nPublications\n"
            "2. Exact Tidal Simulation on a Small Computer\nL. Moreau, P. Girard 2018\n"
            "Quantum 2, 114 (2018).\n"
            "1. Counting Gulls with Harbour Cameras\nL. Moreau, A. Roux, B. Lark 2021\n"
            "Nature Machine Intelligence 4 (6), 544-554 (2022).\n")
    assert _fields(text, "Lea Moreau", "publication", "title", "venue", "year") == [
        ("Exact Tidal Simulation on a Small Computer", "Quantum", 2018),
        ("Counting Gulls with Harbour Cameras", "Nature Machine Intelligence", 2022)]


def test_an_italic_venue_with_and_in_its_name_after_a_wrapped_title() -> None:
    text = ("Lea Moreau\nPublications\n"
            "Genome wide identification of resistance genes in\n"
            "Brassica napus Crop and Pasture Science\n"
            "S ALAMERY, L MOREAU, D EDWARDS, ... 2018\n"
            "runBNG: a software package for genomic analysis on the command line Bioinformatics\n"
            "Y YUAN, L MOREAU, D EDWARDS 2017\n")
    italic = tuple((text.index(v), text.index(v) + len(v))
                   for v in ("Crop and Pasture Science", "Bioinformatics"))
    papers = [(r.data["title"], r.data["venue"], r.data["year"])
              for r in extract(text, "Lea Moreau", (), italic) if r.kind == "publication"]
    assert papers == [
        ("Genome wide identification of resistance genes in Brassica napus",
         "Crop and Pasture Science", 2018),
        ("runBNG: a software package for genomic analysis on the command line", "Bioinformatics",
         2017)]


def test_an_apa_reference_gives_its_year_after_the_authors_and_its_journal_before_the_volume(
        ) -> None:
    text = ("Ana Lima\nPublications\n"
            "Lima, A., Okoro, B., & Duarte, C. (2021). Sparse lantern arrays for coastal lighting "
            "at night. Journal of Maritime Optics, 4(2), 11-19.\n")
    assert _fields(text, "Ana Lima", "publication", "title", "authors", "venue", "year") == [
        ("Sparse lantern arrays for coastal lighting at night", ["Lima, A", "Okoro, B", "Duarte, C"],
         "Journal of Maritime Optics", 2021)]


def test_references_that_each_open_a_line_with_their_authors_are_read_without_numbers(
        ) -> None:
    # No numbers, bullets or blank lines: each entry starts where a line opens with an author
    # list naming the person; a list wrapped at a comma goes on, it does not start an entry.
    text = ("Ana Lima\nPublications\n"
            "Lima, A., Okoro, B., & Duarte, C., (2024), Tide gauges read by lantern light in\n"
            "winter storms. In Press, Coastal Optics Letters, DOI\n"
            "Okoro, B., Lima, A., Duarte, C., Mensah, K., Haddad, R., Petrov, I.,\n"
            "Silva, J., & Nakamura, T., (2022), A survey of harbour lights. Journal of\n"
            "Maritime Optics, 4(2), DOI\n"
            "Presentations\n"
            "Lima, A., Okoro, B., Harbour lights at dusk. Coastal Meeting. (May, 2023).\n")
    assert _fields(text, "Ana Lima", "publication", "title", "venue", "year") == [
        ("Tide gauges read by lantern light in winter storms", "Coastal Optics Letters", 2024),
        ("A survey of harbour lights", "Journal of Maritime Optics", 2022)]


def test_chicago_references_in_markdown_name_co_authors_first_name_first() -> None:
    text = ("# Ana Lima\n\nPublications\n======\n\n"
            "Okoro, Ben, **Ana Lima**, and Kofi Mensah. 2023. \u201cLanterns on the Water: "
            "Coastal Light and Night Fishing.\u201d [*Journal of Maritime Optics* 4(2): 11-19.]"
            "(https://example.org/a){:target=\"_blank\"}\n\n"
            "**Lima, Ana**, and Ben Okoro. 2021. \"Tide Tables Read Aloud.\" *Coastal "
            "Studies* 12: 4-9.\n")
    assert _fields(text, "Ana Lima", "publication", "title", "authors", "venue", "year") == [
        ("Lanterns on the Water: Coastal Light and Night Fishing",
         ["Okoro, Ben", "Ana Lima", "Kofi Mensah"], "Journal of Maritime Optics", 2023),
        ("Tide Tables Read Aloud", ["Lima, Ana", "Ben Okoro"], "Coastal Studies", 2021)]


def test_references_under_an_awards_heading_are_papers_and_not_awards() -> None:
    text = ("Ana Lima\nAwards\n"
            "\u2022 Best Poster Award, Coastal Meeting 2019\n\n"
            "\u2022 Okoro, B., Lima, A., Duarte, C., . . . Petrov, I., et al. (2023). Harbour "
            "lights seen from\nspace at night. Remote Optics, 12.\n"
            "\u2022 Lima, A., & Okoro, B. (2021). Lantern arrays for coastal lighting.\n"
            "Journal of Maritime Optics, 4(2), 182.\n")
    records = extract(text, "Ana Lima")
    assert [(r.data["title"], r.data["venue"], r.data["year"]) for r in records
            if r.kind == "publication"] == [
        ("Harbour lights seen from space at night", "Remote Optics", 2023),
        ("Lantern arrays for coastal lighting", "Journal of Maritime Optics", 2021)]
    assert [r.data["name"] for r in records if r.kind == "award"] == [
        "Best Poster Award, Coastal Meeting"]


def test_papers_under_review_are_papers_with_the_venue_they_were_sent_to() -> None:
    text = ("Ana Lima\nIN PREPARATION AND UNDER REVIEW\n"
            "[1] Okoro, B., Lima, A. Harbour Lights Seen from Space \u2014 Under review at "
            "EMNLP 2024.\n"
            "[2] Lima, A., Duarte, C. Lantern Arrays for Coastal Lighting - Under review at PNAS.\n"
            "[3] Lima, A. Tide Tables Read Aloud \u2014 arXiv.\n")
    assert _fields(text, "Ana Lima", "publication", "title", "venue", "year") == [
        ("Harbour Lights Seen from Space", "EMNLP", 2024),
        ("Lantern Arrays for Coastal Lighting", "PNAS", None),
        ("Tide Tables Read Aloud", "arXiv", None)]


def test_a_dated_line_with_an_advisor_or_assistant_role_is_a_position() -> None:
    text = ("Ana Lima\nExperience\n"
            "2023 \u2013 2025 Statistical Advisor, Department of Cardiology, Calder Hospital, "
            "Denmark.\n"
            "2019 \u2013 2021 Technical Assistant, Harbour Instruments Ltd., Calder.\n")
    assert _fields(text, "Ana Lima", "position", "role", "start") == [
        ("Statistical Advisor", "2023"), ("Technical Assistant", "2019")]


def test_a_markdown_heading_underlined_with_equals_signs_starts_a_section() -> None:
    text = ("# Ana Lima\n\nTeaching\n======\n  <ul>{% for post in site.teaching %}</ul>\n\n"
            "Service and leadership\n======\n"
            "* Coastal Science Dissertation Award (2024) \u2013 $20,000\n"
            "* Harbour Research & Travel Grant, CEPR (2023) \u2013 $7,500\n"
            "* Distinguished Doctoral Fellow, Calder University (2019\u20132024)\n")
    assert _fields(text, "Ana Lima", "award", "name", "year") == [
        ("Coastal Science Dissertation Award", 2024),
        ("Harbour Research & Travel Grant, CEPR", 2023),
        ("Distinguished Doctoral Fellow, Calder University", 2019)]


def test_a_jobs_line_that_says_which_courses_were_taught_gives_each_course() -> None:
    text = ("# Ana Lima\n\nWork experience\n======\n"
            "* Instructor \u2013 Calder University (2020\u20132023)\n"
            "  * Taught Principles of Optics, Coastal Survey Methods, and Basic Statistics\n"
            "* Researcher \u2013 Harbour Lab (2018\u20132020)\n"
            "  * Taught logic, paradoxes and history of philosophy\n")
    assert _fields(text, "Ana Lima", "teaching", "course") == [
        ("Principles of Optics",), ("Coastal Survey Methods",), ("Basic Statistics",)]


def test_a_role_at_a_one_word_employer_is_a_job_and_a_pi_line_under_it_is_not() -> None:
    text = ("Ana Lima\nExperience\n"
            "Research Assistant at Calder University May. 2022 - Present\n"
            "\u2022 PI: Miriam Stone. Member of the Harbour Optics lab.\n"
            "Machine Learning Engineer at Lanterna Oct. 2020 - May. 2021\n"
            "\u2022 Led traffic estimation projects.\n")
    assert _fields(text, "Ana Lima", "position", "role", "organisation", "start") == [
        ("Research Assistant", "Calder University", "May. 2022"),
        ("Machine Learning Engineer", "Lanterna", "Oct. 2020")]


def test_a_degree_after_the_name_in_a_header_is_a_title_not_a_degree() -> None:
    text = ("### Ana Lima, PhD\nAssistant Professor of Coastal Science\nThe Harbour School\n"
            "Calder University\n\nEducation\n"
            "PhD in Coastal Science, May 2013\nCalder University\n")
    assert _fields(text, "Ana Lima", "education", "degree", "institution") == [
        ("PhD in Coastal Science", "Calder University")]


def test_the_honours_a_biography_lists_after_a_verb_of_receiving_are_awards() -> None:
    text = ("# Ana Lima\n\nAna Lima is a Professor of Coastal Science at Calder University. She has "
            "been recognized with the Harbour Society Impact Award, a Sloan Fellowship, and "
            "multiple Lantern Research Awards. She has received the Calder Outstanding Faculty "
            "Award (2021) and the [2012 Calder Distinguished Dissertation Award](https://calder."
            "example.edu/awards.html). She won two best paper awards. During her PhD, she was "
            "honored to receive the 2010 School of Optics \"Graduate Innovator of the Year\" "
            "award.\n")
    assert sorted(_fields(text, "Ana Lima", "award", "name", "year"), key=str) == sorted([
        ('School of Optics "Graduate Innovator of the Year" award', 2010),
        ("Harbour Society Impact Award", None), ("Sloan Fellowship", None),
        ("Lantern Research Awards", None), ("Calder Outstanding Faculty Award", 2021),
        ("Calder Distinguished Dissertation Award", 2012)], key=str)


def test_a_biography_is_read_through_its_markdown_links() -> None:
    text = ("# Ana Lima\n\nI received my Ph.D. in Coastal Science from [Calder University]"
            "(https://www.calder.example.edu/) in 2019. From 2019-2022, I was an Assistant "
            "Professor in [CS](http://cs.harbour.example.edu/) and optics faculty at the "
            "University of Harbour in Lantern Park. I teach CS courses that explore the "
            "materiality of light, water, and sand.\n")
    records = extract(text, "Ana Lima")
    degree = next(r for r in records if r.kind == "education")
    assert degree.data["institution"] == "Calder University"
    assert "Calder University" in text[degree.start:degree.end]
    assert [(r.data["role"], r.data["organisation"]) for r in records
            if r.kind == "position"] == [("Assistant Professor", "University of Harbour")]
    assert not [r for r in records if r.kind == "teaching"]


def test_a_journal_abbreviated_at_the_right_of_a_title_line_is_not_part_of_the_title() -> None:
    text = ("Lea Moreau\nPublications\n"
            "14. Toward Reliability in Small Tidal Simulators: Robust Interval Phys. Rev. Research\n"
            "for Measurements on Approximate States 2022\n"
            "M. Weber, L. Moreau, J. S. Kottmann\n"
            "Physical Review Research 4, 033217 (2022).\n"
            "13. Counting Gulls with Harbour Cameras at Dawn Nat. Mach. Intell.\n"
            "L. Moreau, A. Roux 2021\n"
            "Nature Machine Intelligence 4 (6), 544-554 (2021).\n")
    assert [t for (t,) in _fields(text, "Lea Moreau", "publication", "title")] == [
        "Toward Reliability in Small Tidal Simulators: Robust Interval for Measurements on "
        "Approximate States",
        "Counting Gulls with Harbour Cameras at Dawn"]


def test_a_sole_author_given_name_and_a_series_part_after_a_title_period() -> None:
    # "Lima, Ana. 2020." is a sole author written surname first; "… at Sea. II. Night …" goes
    # on with the part of a series, it does not end the title.
    text = ("# Ana Lima\n\nPublications\n======\n\n"
            "**Lima, Ana**. 2020. \"Harbour Lights and Fog Horns.\" [*Journal of Maritime "
            "Optics* 4: 11-19.](https://example.org/a)\n\n"
            "Lima, A., Okoro, B. 2019. Lanterns at Sea. II. Night Fishing in the Gulf. "
            "Coastal Studies 12: 4-9.\n")
    assert _fields(text, "Ana Lima", "publication", "title", "authors", "venue", "year") == [
        ("Harbour Lights and Fog Horns", ["Lima, Ana"], "Journal of Maritime Optics", 2020),
        ("Lanterns at Sea. II. Night Fishing in the Gulf", ["Lima, A.", "Okoro, B."],
         "Coastal Studies", 2019)]


def test_author_lists_marked_for_students_wrapped_at_a_surname_or_after_and() -> None:
    # A "†" before the first author marks a student-led paper; a list wraps after a surname
    # whose initials open the next line, or after "; and"; "Okoro, B, K.," is a typo for
    # "B. K." while "Mensah, K, T. Ruiz" names two people.
    text = ("Ana Lima\nNon-Refereed Publications\n"
            "†Okoro, B, K., Lima, A., Mensah, K., Ruiz,\n"
            "T., and Haddad, R. Fog banks over the harbour at dawn. 2024 RNAAS 8, 3\n"
            "Mensah, K.; Lima, A.; Ruiz, T.; and\n"
            "Haddad, R. Lantern colours seen from the shore. Submitted to ApJL, "
            "arXiv:2503.00998\n"
            "Mensah, K, T. Ruiz, Lima, A. Tide gauges read at night. 2023 RNAAS 7, 110\n")
    papers = _fields(text, "Ana Lima", "publication", "title", "authors", "venue", "year")
    assert papers[0] == ("Fog banks over the harbour at dawn", [
        "Okoro, B, K.", "Lima, A.", "Mensah, K.", "Ruiz, T.", "Haddad, R."], "RNAAS", 2024)
    assert papers[1] == ("Lantern colours seen from the shore", [
        "Mensah, K.", "Lima, A.", "Ruiz, T.", "Haddad, R."], "arXiv", 2025)
    assert papers[2][0] == "Tide gauges read at night" and papers[2][1][:2] == [
        "Mensah, K", "T. Ruiz"]


def test_a_biography_names_the_labs_a_person_leads_and_where_they_interned() -> None:
    text = ("# Ana Lima\n\nI'm a Professor of Coastal Science at Calder University. I am also a "
            "Visiting Faculty Researcher on the [Tides team](https://example.org/t) at Harbour "
            "Research. At Calder, Ana is Director of the [Lantern Lab](https://example.org/l) "
            "and the Associate Director of CREST, and co-founder of Project Shoreline. During "
            "my graduate studies, I had the opportunity to intern at research labs including "
            "Beacon Research in Lisbon, Fogbank Labs in Porto, and Quay Research in Faro.\n")
    positions = {(r.data["role"], r.data["organisation"], r.data["kind"])
                 for r in extract(text, "Ana Lima") if r.kind == "position"}
    assert positions == {
        ("Professor", "Calder University", "position"),
        ("Visiting Faculty Researcher", "Harbour Research", "position"),
        ("Director", "Lantern Lab", "position"),
        ("Associate Director", "CREST", "position"),
        ("Co-founder", "Project Shoreline", "position"),
        ("Intern", "Beacon Research", "internship"), ("Intern", "Fogbank Labs", "internship"),
        ("Intern", "Quay Research", "internship")}


def test_a_degree_then_a_colon_then_its_university_and_degrees_named_in_prose() -> None:
    # "Mgr." is a master's (Czech, Slovak, Polish), whatever its brackets compare it to; the
    # university follows the colon. A biography's "undergrad degree from X working with …".
    listed = ("Ana Lima\nEducation\n"
              "● Pursued PhD in Mathematics: Calder University, Lantern, Czechia (Completed 2014)\n"
              "● Mgr. (BSc + MSc equivalent) in Mathematics: Calder University, Lantern (2005)\n")
    assert _fields(listed, "Ana Lima", "education", "level", "institution") == [
        ("phd", "Calder University"), ("masters", "Calder University")]
    prose = ("# Ana Lima\n\nI received my Ph.D. degree in Optics at [Harbour University]"
             "(https://example.org/h) advised by [Prof. Ben Okoro](https://example.org/o).\n\n"
             "Before that, I received my undergrad degree from the University of Lantern working "
             "with Prof. Kofi Mensah.\n")
    assert _fields(prose, "Ana Lima", "education", "level", "institution") == [
        ("phd", "Harbour University"), ("bachelors", "University of Lantern")]


def test_a_grant_named_with_its_year_and_sum_is_an_award_and_its_description_is_not() -> None:
    text = ("Ana Lima\nGrants\n"
            "Lantern Observing Support Grant, Cycle 8 $28,143\n"
            "Harbour Conference and Workshop Support, 2024 $9,000\n"
            "Conference funding awarded to a choir collaboration\n"
            "Principal investigator with Ben Okoro, 2019. Total funding $40,000\n")
    assert _fields(text, "Ana Lima", "award", "name", "year") == [
        ("Lantern Observing Support Grant", None),
        ("Harbour Conference and Workshop Support", 2024)]


def test_teaching_lines_led_by_their_years_name_the_role_then_the_course() -> None:
    text = ("Ana Lima\nTeaching\n"
            "2019 (Winter), 2021 (Spring). Section leader for OPT 101 Light and Lenses.\n"
            "2021 (Fall). Section leader for OPT 105 Optics for Everyone, offered to high "
            "school students.\n"
            "2020, 2021, 2022. Volunteer Section Leader for Lanterns in Place, a live online "
            "course.\n"
            "2024. Volunteer Teaching Intern for Tide Math Lab in Harbour High School, a "
            "public school.\n")
    assert _fields(text, "Ana Lima", "teaching", "course", "role", "term") == [
        ("OPT 101 Light and Lenses", "Section leader", "2019"),
        ("OPT 105 Optics for Everyone", "Section leader", "2021"),
        ("Lanterns in Place", "Volunteer Section Leader", "2020"),
        ("Tide Math Lab", "Volunteer Teaching Intern", "2024")]


def test_a_role_a_profile_link_or_a_heading_read_as_an_employer_is_no_position() -> None:
    text = ("Ana Lima\nExperience\n"
            "GitHub | Google Scholar\n"
            "Positions and Institutional Affiliations\n"
            "Assistant Professor of Optics (2018-Present)\n"
            "2017-2024 Teaching Assistant\n"
            "Winter 2023\nquarter Assistant Instructor\n"
            "2014-2017 Researcher\nHarbour Optics Inc., R&D\n")
    employers = [r.data["organisation"] for r in extract(text, "Ana Lima")
                 if r.kind == "position"]
    assert "Harbour Optics Inc" in employers
    assert not {"GitHub", "Positions and Institutional Affiliations", "Teaching Assistant"} & set(
        employers)


def test_chicago_authors_with_a_middle_name_or_a_former_name_and_in_press_at() -> None:
    text = ("# Ana Lima\n\nPublications\n======\n\n"
            "Okoro, Bena Ruth, Kofi Mensah, and **Ana Lima**. 2020. \"Lantern Light in Fog.\" "
            "[*Coastal Studies* 158: 327-343.](https://example.org/a)\n\n"
            "**Lima, Ana**, Beth Ruiz (Haddad), and Kofi Mensah. 2013. \"Tide Tables Read "
            "Aloud.\" [*Maritime Review,* 35(1): 135-152.](https://example.org/b)\n\n"
            "Hunt, Kate, and **Ana Lima**. \"Harbour Bells at Night.\" In press at [*Coastal "
            "Letters.*](https://example.org/c)\n")
    assert _fields(text, "Ana Lima", "publication", "title", "authors", "venue", "year") == [
        ("Lantern Light in Fog", ["Okoro, Bena Ruth", "Kofi Mensah", "Ana Lima"],
         "Coastal Studies", 2020),
        ("Tide Tables Read Aloud", ["Lima, Ana", "Beth Ruiz (Haddad)", "Kofi Mensah"],
         "Maritime Review", 2013),
        ("Harbour Bells at Night", ["Hunt, Kate", "Ana Lima"], "Coastal Letters", None)]


def test_a_journal_whose_name_holds_digits_is_the_venue() -> None:
    text = ("Ana Lima\nPublications\n"
            "• Okoro, B., Lima, A., & Mensah, K. (2023). Lantern light in coastal fog banks read "
            "by night. F1000Research, 12.\n"
            "• Lima, A., & Okoro, B. (2021). Tide tables read aloud at the harbour. Coastal "
            "Studies 5, 11-19.\n")
    assert _fields(text, "Ana Lima", "publication", "venue", "year") == [
        ("F1000Research", 2023), ("Coastal Studies", 2021)]


def test_a_title_first_export_reads_sentence_case_titles_and_lone_journal_lines() -> None:
    """A citation export that leads with titles: a title in sentence case over its author list,
    a journal on a line of its own between them, a title wrapped before a parenthesis."""
    text = ("Lea Moreau\nPublications\n"
            "Tidal maps of the northern coast from harbour cameras Molecular Ecology\n"
            "S ALAMERY, L MOREAU, D EDWARDS, ... 2021\n"
            "Counting gulls with harbour cameras reveals nesting shifts along the northern\n"
            "coast of two islands bioRxiv\n"
            "L MOREAU, A ROUX, B LARK, T BERG, ... 2021\n"
            "Mapping Study for Traits Affecting Seed Quality in Winter Oilseed Rape\n"
            "(Brassica Napus L.) Genes\n"
            "K GACEK, L MOREAU, R ANDERSON, ... 2020\n"
            "Shifting the limits of seabird counting with a fully annotated reference\n"
            "archive\n"
            "Science\n"
            "R APPELS, K EVERSOLE, L MOREAU, ... 2018\n")
    italic = tuple((text.index(v), text.index(v) + len(v.strip())) for v in (
        "Molecular Ecology", "bioRxiv", "Genes\n", "Science"))  # as the PDF sets them
    titles = [r.data["title"] for r in extract(text, "Lea Moreau", (), italic)
              if r.kind == "publication"]
    assert titles == [
        "Tidal maps of the northern coast from harbour cameras",
        "Counting gulls with harbour cameras reveals nesting shifts along the northern coast of "
        "two islands",
        "Mapping Study for Traits Affecting Seed Quality in Winter Oilseed Rape (Brassica Napus L.)",
        "Shifting the limits of seabird counting with a fully annotated reference archive"]


def test_a_date_alone_after_a_description_starts_the_next_entry() -> None:
    """Entries led by a date line, each with a description under its title: a role is not
    held at the organisation of the entry above it, nor at that of the entry below."""
    text = ("Lea Moreau\n\nExperience\n\n"
            "2009-2011 Research Assistant, Calder State University\n"
            "2011-Now\nTidewatch Foundation\n"
            "Partially wrote and maintain the site's code base, and look after the community of\n"
            "volunteers who run the harbour cameras and review their counts\n"
            "2013-Now\nCertified Carpentries Instructor\n"
            "Certified instructor of software and data workshops for researchers across the\n"
            "region, teaching programming to marine scientists\n"
            "2017-Now\nHacky Hour Founder\n"
            "A weekly get-together of researchers and staff working with programming and data,\n"
            "doubles as a help desk for students\n"
            "2017-2019 Harbour Science Leadership Mentor, Open Seas Foundation\n")
    assert _fields(text, "Lea Moreau", "position", "organisation", "role") == [
        ("Calder State University", "Research Assistant"),
        ("Open Seas Foundation", "Harbour Science Leadership Mentor")]  # its own line says so


def test_a_degree_named_in_a_headline_or_a_stay_during_one_is_not_another_degree() -> None:
    """The headline's "PhD (Graduating Fall 2020)" is the degree the education section lists;
    a "PhD mobility" is a stay abroad during it; degrees listed together over one school's
    line are all at that school."""
    text = ("Lea Moreau\nData Scientist - PhD (Graduating Fall 2020)\n"
            "Harbour Research Institute, Fairhaven\n\n"
            "Education\n\n"
            "Computer Science, PhD\nCalder State University\n2015 - 2020\n"
            "2019 PhD mobility. Coastal Imaging Lab, Univ. of Tallinn\n\n"
            "*B.S. in Marine Biology, May 2014*  \n*B.S. in Journalism, May 2014*  \n"
            "Halverson University\n")
    degrees = _fields(text, "Lea Moreau", "education", "level", "institution")
    assert ("phd", "Calder State University") in degrees
    assert [level for level, _ in degrees].count("phd") == 1
    assert all(school == "Halverson University" for level, school in degrees
               if level == "bachelors")


def test_a_reference_list_under_its_own_subheadings_is_read_as_one() -> None:
    """"Published" / "In review" over Chicago references: each entry is the person's paper."""
    text = ("Lea Moreau\n\nPublications\nPublished\n"
            "Moreau, Lea, Paul Girard, and Anne Roux. 2024. Counting Gulls with Harbour Cameras.\n"
            "In Proceedings of the 2024 Conference on Coastal Imaging, pages 10-19.\n"
            "Roux, Anne, Lea Moreau, and Sara Lind. “Tidal Maps from Harbour\n"
            "Cameras.” In International Conference on Coastal Imaging, pp. 3-9. 2023.\n"
            "In review\n"
            "Girard, Paul, Lea Moreau, and Sara Lind. “Seabird Counts at Night.” Preprint (2025).\n")
    papers = _fields(text, "Lea Moreau", "publication", "title", "authored")
    assert papers == [("Counting Gulls with Harbour Cameras", True),
                      ("Tidal Maps from Harbour Cameras", True),
                      ("Seabird Counts at Night", True)]


def test_a_course_given_in_two_places_in_one_year_is_taught_twice() -> None:
    """Entries headed by the course in bold, then where it was given: one workshop given in two
    places the same year is two records, each with its place."""
    rows = [("Software Carpentry workshop", " ResBaz, Halverson"), ("", "INTRO TO PYTHON 2016"),
            ("Software Carpentry workshop", " Calder Uni, Fairhaven"), ("", "INTRO TO GIT 2016"),
            ("Data Carpentry workshop", " ResBaz, Halverson"), ("", "GENOMICS AND SHELL 2018")]
    text, bold = "Lea Moreau\n\nTeaching\n", []
    for title, rest in rows:
        if title:
            bold.append((len(text), len(text) + len(title)))
        text += f"{title}{rest}\n"
    courses = [(r.data["course"], r.data["term"], r.data.get("institution"))
               for r in extract(text, "Lea Moreau", tuple(bold)) if r.kind == "teaching"]
    assert courses == [("Software Carpentry workshop", "2016", "ResBaz, Halverson"),
                       ("Software Carpentry workshop", "2016", "Calder Uni, Fairhaven"),
                       ("Data Carpentry workshop", "2018", "ResBaz, Halverson")]


PLAIN_LAYOUTS = """Jonah Pleat
Curriculum Vitae

Professional Experience
Senior Data Scientist
Orbwell Analytics, Denver, CO
March 2020 – Present
Data Scientist
Finch Robotics, Austin, TX
June 2017 – February 2020

Education
Master of Science in Statistics
University of Corran, 2017
Ph.D. Statistics, Wexley University, 2021. Advisor: Prof. Ilse Varga.

Teaching
Intermediate Microeconomics (ECON 202), University of Corran, 2021-2024
GEOG 210 Coastal Processes (Halverson University)
Lecturer, Digital Circuit Design, Wexley University, 2019–2020
"""

MARKDOWN_JOBS = """# Tomasz Wrenlow

## Work Experience

**Principal Engineer**, Hollis Semiconductors — Eindhoven, Netherlands (2020–present)

**Visiting Researcher**, Institute of Microelectronics, Tarn Technical University (2015)

Group Leader | Marlow Institute for Brain Research | 2022 – present
"""


def test_plain_type_layouts_read_whole() -> None:
    """Role / employer with its place / dates on three plain lines; a year after the school;
    an advisor on the degree's own line; a course with its code or school in brackets, and a
    lecturer's line that names its course."""
    found = extract(PLAIN_LAYOUTS, "Jonah Pleat")
    jobs = {(r.data["role"], r.data["organisation"], r.data["start"])
            for r in found if r.kind == "position"}
    assert ("Data Scientist", "Finch Robotics", "June 2017") in jobs
    degrees = {r.data["level"]: r.data for r in found if r.kind == "education"}
    assert degrees["masters"]["end"] == "2017"
    assert degrees["phd"]["advisors"] == ["Ilse Varga"]
    assert degrees["phd"]["institution"] == "Wexley University"
    courses = {r.data["course"]: r.data.get("institution") for r in found if r.kind == "teaching"}
    assert courses == {"Intermediate Microeconomics (ECON 202)": "University of Corran",
                       "GEOG 210 Coastal Processes": "Halverson University",
                       "Digital Circuit Design": "Wexley University"}
    jobs = {(r.data["role"], r.data["organisation"], r.data["start"])
            for r in extract(MARKDOWN_JOBS, "Tomasz Wrenlow") if r.kind == "position"}
    assert jobs == {("Principal Engineer", "Hollis Semiconductors", "2020"),
                    ("Visiting Researcher", "Institute of Microelectronics", "2015"),
                    ("Group Leader", "Marlow Institute for Brain Research", "2022")}


def test_a_venue_runs_past_its_ordinal() -> None:
    text = ("Lena Okafor\n\nPUBLICATIONS\nVarga, I., Okafor, L., & Quell, M. (2019). Prosodic "
            "bootstrapping revisited. In Proceedings of the 41st Annual Meeting of the Cognitive "
            "Science Society (pp. 1120–1126).\nOkafor, L. (2021). Tone sandhi without tones. "
            "Language, 97(2), 233–260.\n")
    venues = {r.data["title"]: r.data["venue"] for r in extract(text, "Lena Okafor")
              if r.kind == "publication"}
    assert venues == {"Prosodic bootstrapping revisited": "Proceedings of the 41st Annual Meeting "
                      "of the Cognitive Science Society", "Tone sandhi without tones": "Language"}


def test_dates_first_entries_each_keep_their_own_employer() -> None:
    """Each entry opens with its dates; a country in brackets is no part of the employer's
    name, and "Since 2016" is held from then on."""
    text = ("Kofi Mensah\n\nWORK EXPERIENCE\n01/2022 – present\nResearch Software Engineer\n"
            "Centre for Climate Data, University of Brindle (United Kingdom)\n"
            "Maintains the regional downscaling pipeline.\n09/2018 – 12/2021\nJunior Researcher\n"
            "Calder Institute for Atmospheric Physics (Germany)\nSince 2016\n"
            "Volunteer Coordinator, Code Club Accra\n")
    jobs = [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in extract(text, "Kofi Mensah") if r.kind == "position"]
    assert jobs == [
        ("Research Software Engineer", "University of Brindle", "01/2022", "present"),
        ("Junior Researcher", "Calder Institute for Atmospheric Physics", "09/2018", "12/2021"),
        ("Volunteer Coordinator", "Code Club Accra", "2016", "present")]


def test_a_list_numbered_by_kind_reads_each_entry() -> None:
    """"[C3]", "[J1]", "[P1]": conference, journal and preprint numbers are no author."""
    text = ("Arjun Velamuri\n\nPUBLICATIONS\nConference Papers\n"
            "[C2] A. Velamuri*, B. Osei*, and C. Lindqvist, \"Sparse Mixture Routing at Scale,\" "
            "in Proc. NeurIPS '23, pp. 1–12.\n"
            "[C1] A. Velamuri and C. Lindqvist. Learned Index Compression. In VLDB 2020.\n"
            "Preprints\n[P1] A. Velamuri, \"Scaling laws for retrieval,\" arXiv:2405.01234, 2024.\n")
    papers = [(r.data["title"], r.data["authors"][0], r.data["year"], r.authored)
              for r in extract(text, "Arjun Velamuri") if r.kind == "publication"]
    assert papers == [("Sparse Mixture Routing at Scale", "A. Velamuri", 2023, True),
                      ("Learned Index Compression", "A. Velamuri", 2020, True),
                      ("Scaling laws for retrieval", "A. Velamuri", 2024, True)]


def test_honours_listed_under_their_kind_are_one_each() -> None:
    text = ("Sofia Oduya\n\nEDUCATION\nUniversity of Brindle\n"
            "PhD Candidate in Computational Biology (expected 2026)\n\nAWARDS\n"
            "Travel awards: Society for Neuroscience (2015), FENS Forum (2016)\n"
            "Summa cum laude, Wexley University, 2017\n")
    found = extract(text, "Sofia Oduya")
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("Travel awards: Society for Neuroscience", 2015), ("Travel awards: FENS Forum", 2016),
        ("Summa cum laude, Wexley University", 2017)]
    [phd] = [r.data for r in found if r.kind == "education"]
    assert (phd["degree"], phd["end"]) == ("PhD Candidate in Computational Biology", "2026")


def test_an_italian_cv_reads_open_ends_unlisted_roles_and_its_own_headings() -> None:
    """"2021 – oggi" is held now; a role no role word names is read from its line's shape (a
    few words, then an organisation); "Attività didattica" heads courses; a grade in brackets
    is no part of the university's name."""
    text = ("Ilaria Ventresca\n\nESPERIENZA PROFESSIONALE\n"
            "2021 – oggi        Ricercatrice (RTD-B), Dipartimento di Fisica, Università di Marra\n"
            "2018 – 2021        Assegnista di ricerca, Istituto Nazionale di Ottica, Firenze\n"
            "2017 – 2018        Visiting scholar, University of Delft (ospite: Prof. K. Baart)\n"
            "\nISTRUZIONE\n"
            "2013  Laurea magistrale in Fisica, Università di Bologna (110/110 e lode)\n"
            "\nPremi e riconoscimenti\n2016  Borsa di studio Marie Curie, Commissione Europea\n"
            "\nAttività didattica\n"
            "2022 – oggi  Fisica Generale I (9 CFU), Corso di Laurea in Ingegneria, "
            "Università di Marra\n"
            "2019 – 2020  Laboratorio di Ottica, Università di Firenze\n")
    found = extract(text, "Ilaria Ventresca")
    assert [(r.data["role"], r.data["organisation"], r.data["end"])
            for r in found if r.kind == "position"] == [
        ("Ricercatrice (RTD-B)", "Università di Marra", "oggi"),
        ("Assegnista di ricerca", "Istituto Nazionale di Ottica", "2021"),
        ("Visiting scholar", "University of Delft", "2018")]
    assert [(r.data["level"], r.data["institution"]) for r in found if r.kind == "education"] \
        == [("masters", "Università di Bologna")]
    assert [r.data["name"] for r in found if r.kind == "award"] == [
        "Borsa di studio Marie Curie, Commissione Europea"]
    assert [(r.data["course"], r.data["term"], r.data["institution"])
            for r in found if r.kind == "teaching"] == [
        ("Fisica Generale I", "2022 – oggi", "Università di Marra"),
        ("Laboratorio di Ottica", "2019 – 2020", "Università di Firenze")]


def test_a_german_cv_reads_its_doctorate_prizes_and_terms() -> None:
    """"Promotion (Dr.-Ing.)" is a doctorate (else the next degree took its university);
    "seit 04/2022" is held now; compounds name prizes; "WS 2022/23" is a term."""
    text = ("Jonas Feldkamp\n\nBeruflicher Werdegang\n"
            "seit 04/2022   Juniorprofessor für Maschinenbau, Technische Universität Wendel\n"
            "2016 – 2018    Entwicklungsingenieur, Robert Bosch GmbH, Stuttgart\n"
            "\nAusbildung\n2018   Promotion (Dr.-Ing.), Karlsruher Institut für Technologie\n"
            "2014   M.Sc. Maschinenbau, RWTH Aachen\n"
            "\nPreise und Auszeichnungen\n"
            "2019   Dissertationspreis der Gesellschaft für Tribologie\n"
            "\nLehrtätigkeit\nWS 2022/23   Vorlesung Technische Mechanik II, TU Wendel\n"
            "SS 2021      Übung Werkstoffkunde, Universität Freiburg\n")
    found = extract(text, "Jonas Feldkamp")
    assert [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in found if r.kind == "position"] == [
        ("Juniorprofessor für Maschinenbau", "Technische Universität Wendel", "04/2022",
         "present"),
        ("Entwicklungsingenieur", "Robert Bosch GmbH", "2016", "2018")]
    assert [(r.data["level"], r.data["institution"]) for r in found if r.kind == "education"] \
        == [("phd", "Karlsruher Institut für Technologie"), ("masters", "RWTH Aachen")]
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("Dissertationspreis der Gesellschaft für Tribologie", 2019)]
    assert [(r.data["course"], r.data["term"]) for r in found if r.kind == "teaching"] == [
        ("Vorlesung Technische Mechanik II", "WS 2022/23"), ("Übung Werkstoffkunde", "SS 2021")]


def test_months_in_other_languages_and_long_romance_employer_names() -> None:
    """"mar. 2015 – dez. 2018" and "sept. 2016 – août 2018" are date ranges; an employer's long
    Portuguese name ("Banco Central do Brasil – Departamento de Estudos e Pesquisas") heads the
    roles under it; "Coordenador", "Estagiário" and "Consultor" are roles."""
    text = ("Tiago Albuquerque Reis\n\nEXPERIÊNCIA PROFISSIONAL\n\n"
            "Universidade Federal do Cerrado – Instituto de Ciências Exatas (ICEx)\n"
            "  • Professor Associado                  jan. 2019 – atual\n"
            "  • Coordenador do Programa de Pós-Graduação em Física ago. 2020 – jul. 2022\n"
            "Banco Central do Brasil – Departamento de Estudos e Pesquisas (Depep), Brasília\n"
            "  • Consultor Visitante                  mar. 2015 – dez. 2018\n"
            "Itaú Unibanco – Departamento Econômico, São Paulo\n"
            "  • Estagiário em Pesquisa               fev. 2010 – set. 2010\n"
            "\nPARCOURS PROFESSIONNEL\n"
            "sept. 2008 – août 2009    Post-doctorant, Laboratoire de Physique de Lorient\n")
    found = extract(text, "Tiago Albuquerque Reis")
    assert [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in found if r.kind == "position"] == [
        ("Professor Associado", "Universidade Federal do Cerrado – Instituto de Ciências Exatas "
         "(ICEx)", "jan. 2019", "atual"),
        ("Coordenador do Programa de Pós-Graduação em Física",
         "Universidade Federal do Cerrado – Instituto de Ciências Exatas (ICEx)", "ago. 2020",
         "jul. 2022"),
        ("Consultor Visitante", "Banco Central do Brasil – Departamento de Estudos e Pesquisas "
         "(Depep)", "mar. 2015", "dez. 2018"),
        ("Estagiário em Pesquisa", "Itaú Unibanco – Departamento Econômico", "fev. 2010",
         "set. 2010"),
        ("Post-doctorant", "Laboratoire de Physique de Lorient", "sept. 2008", "août 2009")]


def test_courses_led_by_academic_years_in_french_and_roles_of_course_leads() -> None:
    """Academic years lead a French course table ("2018-2019 à 2021-2022", "depuis 2021-2022",
    "2019-2020, 2020-2021"), the course ends at the column gap and "CM + TD" says how it was
    taught; "Course Director" and "practical demonstrator" are teaching roles, not courses;
    "DOCÊNCIA" heads courses."""
    text = ("Camille Rocher\n\nENSEIGNEMENT\n"
            "À l'Université de Vernelle\n"
            "  2018-2019 à 2021-2022   Algèbre I (L1) ........ TD, 60 h/an\n"
            "  2019-2020, 2020-2021    Théorie de Galois (L3) .... CM + TD, 54 h\n"
            "  depuis 2021-2022        Arithmétique (M1) ........ CM, 30 h\n"
            "\nTEACHING\n"
            "2019 – present   Course Director, Renal Physiology (MED-2210),\n"
            "                 Vernelle Medical Program\n"
            "2016, 2018, 2020 Lecturer, IMM-8021 Immunology of Disease (PhD course),\n"
            "                 Vernelle Institute\n"
            "2017 – 2019      Tutor, Clinical Reasoning, Vernelle University Hospital\n"
            "\nDOCÊNCIA\n"
            "Universidade de Vernelle (demonstrador)\n"
            "2015  Bioquímica I (Graduação), 2015\n")
    courses = [(r.data["course"], r.data["role"], r.data["term"])
               for r in extract(text, "Camille Rocher") if r.kind == "teaching"]
    assert courses[:6] == [
        ("Algèbre I (L1)", "TD", "2018-2019 à 2021-2022"),
        ("Théorie de Galois (L3)", "CM + TD", "2019-2020, 2020-2021"),
        ("Arithmétique (M1)", "CM", "depuis 2021-2022"),
        ("Renal Physiology (MED-2210)", "Course Director", "2019 – present"),
        ("IMM-8021 Immunology of Disease", "Lecturer", "2016, 2018, 2020"),
        ("Clinical Reasoning", "Tutor", "2017 – 2019")]
    assert [c for c, _, _ in courses[6:]] == ["Bioquímica I (Graduação)"]


def test_a_school_in_capitals_under_the_teaching_heading_and_dash_bullets() -> None:
    """"DOCÊNCIA" over "UFVR" (a school in capitals, no heading of its own) keeps its courses
    in the teaching section; an en dash before a word is a bullet; "MPE-0312" is a course
    code."""
    text = ("Tiago Albuquerque Reis\n\nDOCÊNCIA\n\nUFVR\n"
            "  – MPE-0312 Microeconometria Aplicada (Mestrado Profissional), professor,\n"
            "    2º sem. 2016, 2018 e 2020\n"
            "  – ECO2110 Macroeconomia I (Mestrado), estágio docência (assistente), 2011.2\n"
            "\nIDIOMAS\n\nInglês (fluente)\n")
    found = extract(text, "Tiago Albuquerque Reis")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "MPE-0312 Microeconometria Aplicada (Mestrado Profissional)",
        "ECO2110 Macroeconomia I (Mestrado)"]
    # A job title in capitals over the employer in capitals at the top is no section heading
    # with a subsection: "UNIVERSITY OF UTAH" stays a section of its own, as it was
    top = "Alireza Kazemi\n\nPOSTDOCTORAL RESEARCH FELLOW\n\nUNIVERSITY OF UTAH\nSalt Lake City\n"
    assert [s.title for s in split_sections(top, "Alireza Kazemi")][-1] == "University Of Utah"


def test_portuguese_and_spanish_honours_and_an_aside_with_semicolons() -> None:
    """"Prêmio", "Auxílio" and "Ayuda" name honours; "2020 – atual" leads an award as "2020 –
    present" does; a bracket whose semicolons part its own details is no list of awards, and
    the award on the line under it keeps its own line."""
    text = ("Tiago Albuquerque Reis\n\nPRÊMIOS E BOLSAS\n\n"
            "2020 – atual   Bolsa de Produtividade em Pesquisa (PQ-2), CNPq\n"
            "2016           Auxílio à Pesquisa, FAPESP\n"
            "               (processo 2016/04471-2; R$ 480.000,00; vigência 2016–2020)\n"
            "2019           Prêmio de melhor artigo, ANPEC\n"
            "2017           Ayuda a la investigación, Fundación Vernelle\n")
    assert [(r.data["name"], r.data["year"]) for r in extract(text, "Tiago Albuquerque Reis")
            if r.kind == "award"] == [
        ("Bolsa de Produtividade em Pesquisa (PQ-2), CNPq", 2020),
        ("Auxílio à Pesquisa, FAPESP", 2016), ("Prêmio de melhor artigo, ANPEC", 2019),
        ("Ayuda a la investigación, Fundación Vernelle", 2017)]


def test_an_institution_wrapped_onto_the_next_line_and_romance_degree_names() -> None:
    """A degree's institution cut at the line's end ("Imperial" / "College London", "University"
    / "of Lagos") is read whole, not taken from the degree above; "Doctorat de", "Licence de"
    and "Graduação em" are degrees."""
    text = ("Ifeoma Adaeze Nwosu\n\nEDUCATION\n"
            "Ph.D., Chemical Engineering, University of Minnesota,            2007 – 2012\n"
            "M.Sc., Advanced Chemical Engineering (Distinction), Imperial     2006 – 2007\n"
            "College London, London, UK\n"
            "B.Sc. (First Class Honours), Chemical Engineering, University    2001 – 2006\n"
            "of Lagos, Akoka, Nigeria\n"
            "\nFORMATION\n"
            "2015   Doctorat de mathématiques, Université de Vernelle\n"
            "2010   Licence de mathématiques, École normale supérieure de Lyon\n"
            "2006   Graduação em Ciências Econômicas, Universidade Federal de Minas Gerais\n")
    assert [(r.data["level"], r.data["institution"])
            for r in extract(text, "Ifeoma Adaeze Nwosu") if r.kind == "education"] == [
        ("phd", "University of Minnesota"), ("masters", "Imperial College London"),
        ("bachelors", "University of Lagos"), ("phd", "Université de Vernelle"),
        ("bachelors", "École normale supérieure de Lyon"),
        ("bachelors", "Universidade Federal de Minas Gerais")]


def test_an_emoji_before_an_award_is_no_part_of_it() -> None:
    """A profile page marks awards with an emoji ("- 🏆 Best Paper Award, CHI 2022"): the award
    is read as if the mark were not there; "… of the Year" names an honour."""
    text = ("Elin Strand\n\n## Awards & funding\n\n- 🏆 Best Paper Award, CHI 2022\n"
            "- ⭐️ Honourable Mention, CHI 2024\n- Nokia Foundation Scholarship (2015)\n"
            "- College of Engineering Teacher of the Year, 2018\n")
    assert [(r.data["name"], r.data["year"]) for r in extract(text, "Elin Strand")
            if r.kind == "award"] == [("Best Paper Award", 2022), ("Honourable Mention", 2024),
                                      ("Nokia Foundation Scholarship", 2015),
                                      ("College of Engineering Teacher of the Year", 2018)]


def test_year_and_month_dates_written_with_a_dot_and_a_profile_id_is_no_employer() -> None:
    """"2022.4–2023.3" and "2019.07–now" are date ranges, as Japanese and Chinese CVs write
    them; "ORCID: 0000-0001-…" after a role word in the header is no job."""
    text = ("Haruki Sendo\nResearcher ID (researchmap): sendo_h     ORCID: 0000-0001-5582-2047\n"
            "\nRESEARCH CAREER\n\n"
            "2023.4–present    Associate Professor\n"
            "                  Institute for Materials Research, Tohoku University\n\n"
            "2022.4–2023.3     Lecturer\n"
            "                  Department of Physics, Kyushu University\n")
    assert [(r.data["role"], r.data["start"], r.data["end"])
            for r in extract(text, "Haruki Sendo") if r.kind == "position"] == [
        ("Associate Professor", "2023.4", "present"), ("Lecturer", "2022.4", "2023.3")]
    text = ("Lin Qiao\n\nEXPERIENCE\n\n"
            "2019.07–now       Research Scientist, Shanghai AI Laboratory\n"
            "2018.07–2019.06   Research Intern, Tencent AI Lab\n")
    assert [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in extract(text, "Lin Qiao") if r.kind == "position"] == [
        ("Research Scientist", "Shanghai AI Laboratory", "2019.07", "now"),
        ("Research Intern", "Tencent AI Lab", "2018.07", "2019.06")]


def test_numbered_headings_that_name_what_they_hold() -> None:
    """"2. EXPERIENCIA PROFESIONAL" and "IV. Honors and Awards" head their sections; a numbered
    line of a list ("2. Deep learning for systems") does not."""
    text = ("Ainhoa Etxeberria\n\n1. EXPERIENCIA PROFESIONAL\n\n"
            "sep. 2014 – actualidad   Profesora Titular, Universidad de Vernelle\n\n"
            "IV. Honors and Awards\n\n2019  Premio Extraordinario de Doctorado\n\n"
            "V. Selected Papers\n\n"
            "1. A. Etxeberria. Catalysts for methanation. Chem. Eng. J. 2021.\n"
            "2. DEEP LEARNING FOR SYSTEMS\n")
    sections = [s.title for s in split_sections(text, "Ainhoa Etxeberria")]
    assert sections[1:] == ["Experiencia Profesional", "Honors and Awards", "Selected Papers"]
    found = extract(text, "Ainhoa Etxeberria")
    assert [(r.kind, r.data.get("role") or r.data.get("name")) for r in found
            if r.kind in ("position", "award")] == [
        ("position", "Profesora Titular"), ("award", "Premio Extraordinario de Doctorado")]


def test_a_text_table_of_courses_under_its_header_row() -> None:
    """A text export's table of courses under a header row of column names: each course from
    its column, wrapped names joined, the term from its own column; not the degree
    programme's column."""
    text = ("Ainhoa Etxeberria\n\nDOCENCIA\n\n"
            "Asignatura                         Titulación                       Curso académico"
            "       Créditos\n"
            "29912 Reactores Químicos           Grado en Ingeniería Química      2019-20 – "
            "actualidad  6 ECTS\n"
            "29921 Diseño de Reactores          Grado en Ingeniería Química      2016-17 a 2022-23"
            "     6 ECTS\n"
            "Heterogéneos\n"
            "66214 Catálisis Heterogénea        Máster Universitario en          2014-15 – "
            "actualidad  4,5 ECTS\n"
            "Aplicada                           Ingeniería Química\n")
    assert [(r.data["course"], r.data["term"]) for r in extract(text, "Ainhoa Etxeberria")
            if r.kind == "teaching"] == [
        ("29912 Reactores Químicos", "2019-20 – actualidad"),
        ("29921 Diseño de Reactores Heterogéneos", "2016-17 a 2022-23"),
        ("66214 Catálisis Heterogénea Aplicada", "2014-15 – actualidad")]


def test_italian_academic_years_and_a_table_with_terms_wrapped_in_their_column() -> None:
    """"a.a. 2022/2023 – 2023/2024 · *Course* (9 CFU)" leads a course with its academic years;
    an "AY  Term  Course  Role" table keeps reading past a term wrapped onto its own line."""
    text = ("Chiara Benvenuti\n\n## Attività didattica\n\n### Università di Vernelle\n"
            "- **a.a. 2022/2023 – 2023/2024** · *Tecnica delle Costruzioni* (9 CFU), Laurea in\n"
            "  Ingegneria Civile · titolare\n"
            "- a.a. 2017/2018 e 2018/2019 · *Structural Design* (8 CFU) · docente\n")
    assert [(r.data["course"], r.data["term"]) for r in extract(text, "Chiara Benvenuti")
            if r.kind == "teaching"] == [
        ("Tecnica delle Costruzioni", "a.a. 2022/2023 – 2023/2024"),
        ("Structural Design", "a.a. 2017/2018 e 2018/2019")]
    text = ("Haruki Sendo\n\nTEACHING\n\n"
            "AY        Term          Course                                Role\n"
            "AY2020–   Spring        Experiments in Applied Physics B      Instructor\n"
            " AY2021\n"
            "AY2018    Fall          PHYS2301 Solid State Physics I        Lecturer\n")
    assert [(r.data["course"], r.data["term"]) for r in extract(text, "Haruki Sendo")
            if r.kind == "teaching"] == [("Experiments in Applied Physics B", "AY2020–"),
                                         ("PHYS2301 Solid State Physics I", "AY2018")]


def test_courses_named_by_code_in_a_job_description() -> None:
    """A job's description that says courses were taught names them by code and title, each
    with the terms in its bracket; a teaching award's words in another list are no course."""
    text = ("Kofi Mensah-Bonsu\n\nExperience\n\nUniversity of Vernelle\n"
            "Assistant Professor\nAugust 2016 - December 2018\n"
            "Built the Visual Computing Lab (4 PhD students). Taught CMSC 426 Computer Vision\n"
            "(Spring 2017, Spring 2018) and the graduate course CMSC 828I Visual Learning and\n"
            "Recognition (Fall 2017).\n\nHonors-Awards\n\nBest Student Paper Award, BMVC 2013\n"
            "Outstanding Teaching Assistant Award\n")
    assert [(r.data["course"], r.data["term"]) for r in extract(text, "Kofi Mensah-Bonsu")
            if r.kind == "teaching"] == [
        ("CMSC 426 Computer Vision", "Spring 2017, Spring 2018"),
        ("CMSC 828I Visual Learning and Recognition", "Fall 2017")]


def test_a_linkedin_export_heads_its_awards_honors_awards() -> None:
    """LinkedIn's "Save to PDF" heads its awards "Honors-Awards"; "Borsa" names a grant."""
    text = ("Kofi Mensah-Bonsu\n\nTop Skills\nComputer Vision\nHonors-Awards\n"
            "Adobe Research Impact Award 2021\nGoogle Faculty Research Award 2017\n"
            "Borsa di dottorato Fondazione Vernelle 2012\nPublications\n")
    assert [(r.data["name"], r.data["year"]) for r in extract(text, "Kofi Mensah-Bonsu")
            if r.kind == "award"] == [("Adobe Research Impact Award", 2021),
                                      ("Google Faculty Research Award", 2017),
                                      ("Borsa di dottorato Fondazione Vernelle", 2012)]


def test_a_table_row_whose_cells_wrap_in_their_columns() -> None:
    """A text export's dated row whose role and employer cells wrap onto the line under it, in
    the same columns, is one row; "Attending Physician" is a role."""
    text = ("Ngozi Achebe-Ruiz\n\nHospital Appointments\n\n"
            "07/2014 – 06/2015     Chief Medical Resident                  Vernelle General "
            "Hospital\n"
            "2021 – 2023           Assistant Professor of Medicine         Department of Medicine, "
            "University of\n"
            "                                                              Vernelle School of "
            "Medicine\n"
            "07/2021 – present     Attending Physician, Medical            Tarn Presbyterian "
            "Hospital\n"
            "                      Intensive Care Unit\n")
    assert [(r.data["role"], r.data["organisation"]) for r in extract(text, "Ngozi Achebe-Ruiz")
            if r.kind == "position"] == [
        ("Chief Medical Resident", "Vernelle General Hospital"),
        ("Assistant Professor of Medicine", "University of Vernelle School of Medicine"),
        ("Attending Physician", "Tarn Presbyterian Hospital")]
    # "2023 –" and a column's gap: held since 2023
    text = ("Ngozi Achebe-Ruiz\n\nAcademic Appointments\n\n"
            "2023 –                Associate Professor of Medicine         Vernelle School of "
            "Medicine\n")
    assert [(r.data["role"], r.data["end"]) for r in extract(text, "Ngozi Achebe-Ruiz")
            if r.kind == "position"] == [("Associate Professor of Medicine", "present")]


def test_a_running_header_with_the_persons_name_is_no_course() -> None:
    """A page's running header ("H. R. Abernathy — Curriculum Vitae") inside a course list
    is the person's name, not a course."""
    text = ("Harriet R. Abernathy\n\nTEACHING\n\nUniversity of Vernelle (instructor)\n"
            "MATH 251 Calculus I\nH. R. Abernathy\nMATH 341 Elementary Linear Algebra\n")
    assert [r.data["course"] for r in extract(text, "Harriet R. Abernathy")
            if r.kind == "teaching"] == ["MATH 251 Calculus I",
                                         "MATH 341 Elementary Linear Algebra"]


def test_faculty_posts_and_assistants_of_any_kind_are_roles() -> None:
    """"Affiliated Faculty", "Visiting Faculty" and "Actuarial Assistant" are roles; "Faculty of
    Science" names where."""
    text = ("Harriet R. Abernathy\n\nAPPOINTMENTS\n\nKenyon College, Gambier, Ohio\n"
            "    Affiliated Faculty, Program in Scientific Computing         2018–present\n"
            "\nOTHER EMPLOYMENT\n\n"
            "2006–2007          Actuarial Assistant, Nationwide Insurance, Columbus, Ohio\n"
            "2004–2005          Lecturer, Faculty of Science, Vernelle University\n")
    assert [(r.data["role"], r.data["organisation"]) for r in extract(text, "Harriet R. Abernathy")
            if r.kind == "position"] == [
        ("Affiliated Faculty, Program in Scientific Computing", "Kenyon College"),
        ("Actuarial Assistant", "Nationwide Insurance"), ("Lecturer", "Vernelle University")]


def test_a_europass_form_reads_through_its_field_labels() -> None:
    """The form's labels ("Occupation or position held:") are not part of what they label; a
    role no role word names sits between its dates and its employer; "Education and training"
    is a heading in sentence case; an honour told in a sentence is named by what it names."""
    text = ("Hannah Oyelaran\n\nWork experience\nDates: 09/2020 – present\n"
            "Occupation or position held: Senior Research Fellow\n"
            "Name of employer: London School of Tropical Health, London (UK)\n\n"
            "Dates: 03/2016 – 08/2020\nOccupation or position held: Epidemiologist\n"
            "Name of employer: Ministry of Health, Abuja (Nigeria)\n\n"
            "Education and training\nDates: 2012 – 2015\n"
            "Title of qualification awarded: PhD in Epidemiology\n"
            "Name of organisation providing education: University of Ibadan\n\n"
            "Awards\nReceived the Young Investigator Award from the African Society of "
            "Epidemiology in 2019.\n")
    found = extract(text, "Hannah Oyelaran")
    assert [(r.data["role"], r.data["organisation"], r.data["start"])
            for r in found if r.kind == "position"] == [
        ("Senior Research Fellow", "London School of Tropical Health", "09/2020"),
        ("Epidemiologist", "Ministry of Health", "03/2016")]
    assert [(r.data["degree"], r.data["institution"], r.data["start"])
            for r in found if r.kind == "education"] == [
        ("PhD in Epidemiology", "University of Ibadan", "2012")]
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("Young Investigator Award", 2019)]


def test_a_thesis_ends_at_its_advisor_and_a_course_keeps_no_empty_brackets() -> None:
    text = ("Tomasz Wierzbicki\n\nEducation\nPhD in Computer Science, University of Warsaw, 2016\n"
            "Thesis: Succinct data structures for graphs. Advisor: Prof. Anna Lis\n\nTeaching\n"
            "Instructor, Algorithms and Data Structures (Fall 2020, Fall 2021), University of "
            "Warmia\n\nResearch Experience\n- **Visiting Researcher**, National Institute of "
            "Informatics, Tokyo (host: Prof. Ken Mori), Mar–Jun 2019\n")
    found = extract(text, "Tomasz Wierzbicki")
    [phd] = [r.data for r in found if r.kind == "education"]
    assert (phd["thesis"], phd["advisors"]) == ("Succinct data structures for graphs",
                                                ["Anna Lis"])
    assert [(r.data["course"], r.data["term"]) for r in found if r.kind == "teaching"] == [
        ("Algorithms and Data Structures", "Fall 2020, Fall 2021")]
    [visit] = [r.data for r in found if r.kind == "position"]
    assert (visit["organisation"], visit["mentor"]) == ("National Institute of Informatics",
                                                        "Prof. Ken Mori")


def test_french_and_spanish_cvs_read_their_roles_stays_and_teaching() -> None:
    """Roles in their own words ("Post-doctorante", "Maîtresse de conférences"), a research
    stay dated by one year, a teaching role that leads its course ("Chargée de TD, …") and a
    course's hours in brackets."""
    text = ("Camille Rousseau\n\nExpérience professionnelle\n"
            "depuis 2020     Maîtresse de conférences, Université de Lille\n"
            "2018 – 2020     Post-doctorante, INRIA Saclay\n"
            "2014            Estancia de investigación, Max Planck Institut für "
            "Kohlenforschung, Mülheim\n\nEnseignements\n"
            "2020 – 2024   Algorithmique avancée (L3, 48h), Université de Lille\n"
            "2016 – 2018   Chargée de TD, Programmation fonctionnelle (L2, 64h), Université "
            "Paris-Saclay\n")
    found = extract(text, "Camille Rousseau")
    assert [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in found if r.kind == "position"] == [
        ("Maîtresse de conférences", "Université de Lille", "2020", "present"),
        ("Post-doctorante", "INRIA Saclay", "2018", "2020"),
        ("Estancia de investigación", "Max Planck Institut für Kohlenforschung", "2014",
         "2014")]
    assert [(r.data["course"], r.data["role"]) for r in found if r.kind == "teaching"] == [
        ("Algorithmique avancée", None),
        ("Programmation fonctionnelle", "Chargée de TD")]


def test_a_plain_text_cv_in_columns_reads_each_column() -> None:
    """Columns set apart by runs of spaces (a text export of a table): employer, role and
    dates; acronyms in an honour's name are no heading shouted in capitals, and the sum in
    brackets is no part of its name."""
    text = ("Daniel Okafor\n\nAPPOINTMENTS\n"
            "University of Verdance                 Assistant Professor          2019 – present\n"
            "Halcyon Structural Consultants         Senior Engineer              2014 – 2017\n"
            "\nGRANTS AND AWARDS\nNSF CAREER Award ($500,000), 2021–2026\n")
    found = extract(text, "Daniel Okafor")
    assert [(r.data["role"], r.data["organisation"]) for r in found if r.kind == "position"] \
        == [("Assistant Professor", "University of Verdance"),
            ("Senior Engineer", "Halcyon Structural Consultants")]
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("NSF CAREER Award", 2021)]


def test_european_and_iso_month_dates_table_rows_and_a_department_before_its_university() -> None:
    """"09.2019" is a month, not a list number; "2014-09" too; an awards table reads row by
    row without its header; a role "at the Department of X, Y University" is held at Y."""
    text = ("Mirela Costache\n\nAcademic Employment\n"
            "09.2019 – present    Lecturer in Economics, University of Brindle\n"
            "10.2016 – 08.2019    Research Fellow, Institute for Fiscal Studies, London\n"
            "\nHonours\n| Year | Award | Awarded by |\n|------|-------|------------|\n"
            "| 2021 | Early Career Grant | Royal Economic Society |\n"
            "| 2017 | Doctoral Scholarship | Wexley University |\n"
            "\nPositions\n• 2012–2014: Research assistant at the Department of Economics, Wexley "
            "University (group of Prof. Ilse Varga)\n")
    found = extract(text, "Mirela Costache")
    assert [(r.data["role"], r.data["organisation"], r.data["start"], r.data["end"])
            for r in found if r.kind == "position"] == [
        ("Lecturer in Economics", "University of Brindle", "09.2019", "present"),
        ("Research Fellow", "Institute for Fiscal Studies", "10.2016", "08.2019"),
        ("Research assistant", "Wexley University", "2012", "2014")]
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("Early Career Grant", 2021), ("Doctoral Scholarship", 2017)]
    assert extract("Ana Ruiz\n\nExperience\n2014-09 – 2016-07  Data Analyst, Quarrow Freight "
                   "Inc.\n", "Ana Ruiz")[0].data["start"] == "2014-09"


def test_courses_named_alone_under_their_school_their_role_or_in_a_table() -> None:
    """A course with no code and no role on its line is read where a line above gives its
    school (and the line its years), where a role line above lists the courses, or where its
    table row gives the rest; a table's header row is no course."""
    text = ("Rosa Lindahl\n\nTEACHING EXPERIENCE\n\nUniversity of Tarn\n"
            "Introduction to Statistics (undergraduate), 2019, 2020\n"
            "Advanced Econometrics (graduate), 2021\n\n"
            "Teaching assistant for the following courses at Calder State University:\n"
            "• Linear Algebra\n• Probability Theory\n\n"
            "| Semester | Course | Role |\n|---|---|---|\n"
            "| Spring 2018 | Microeconomics | Teaching Assistant |\n")
    courses = _fields(text, "Rosa Lindahl", "teaching", "course", "role")
    assert courses == [("Introduction to Statistics", None), ("Advanced Econometrics", None),
                       ("Linear Algebra", "Teaching assistant"),
                       ("Probability Theory", "Teaching assistant"),
                       ("Microeconomics", "Teaching Assistant")]
    schools = [r.data.get("institution") for r in extract(text, "Rosa Lindahl")]
    assert schools == ["University of Tarn", "University of Tarn", "Calder State University",
                       "Calder State University", None]


def test_a_campus_after_its_university_in_a_biography() -> None:
    text = ("Lena Okafor\n\nAbout\nIn 2004, I completed a MS in Information Science from the "
            "University of California, Irvine where I was advised by Bo Li. I got a BS from the "
            "University of Tarn in 2002.\n")
    assert _fields(text, "Lena Okafor", "education", "institution", "advisors") == [
        ("University of California, Irvine", ["Bo Li"]), ("University of Tarn", [])]



def test_a_place_is_no_role() -> None:
    """A job whose role reads as a place alone ("Redmond, WA", from a column of places beside
    the employers) is dropped; a one-word role is no place."""
    from ingest.records.positions import is_place
    assert is_place("Redmond, WA") and is_place("Mountain View, CA")
    assert not is_place("Epidemiologist") and not is_place("Research Intern, Redmond")


def test_advisors_named_in_a_bracket_of_names_without_a_label() -> None:
    text = ("Ines Varga\nEducation\n"
            "Department of Computing, University of Corran, UK\n"
            "PhD in Machine Learning (10/2017–03/2021) (Tomas Reyes, Ada Quill) (Thesis)\n"
            "MPhil in Computer Science (10/2016–07/2017) (Summa Cum Laude)\n"
            "BA in Computer Science (10/2013–06/2016) (Corran, UK)\n"
            "Tarn Technical University\n"
            "BSc in Robotics (10/2009–06/2013) (Machine Perception Group)\n")
    degrees = _fields(text, "Ines Varga", "education", "degree", "advisors")
    assert degrees[0] == ("PhD in Machine Learning (Thesis)", ["Tomas Reyes", "Ada Quill"])
    assert [advisors for _, advisors in degrees[1:]] == [[], [], []]  # a grade, a place, a lab


def test_jobs_written_employer_place_then_role_after_a_hyphen() -> None:
    text = ("Luca Benedetti\nProfessional experience\n"
            "2020-now      Halverson Robotics, Zurich - Research Scientist\n"
            "2018-2020     Niantic, London - Senior Research Engineer\n"
            "2013          Microsoft Research, Cambridge - Intern\n")
    jobs = _fields(text, "Luca Benedetti", "position", "organisation", "role", "start")
    assert jobs == [("Halverson Robotics", "Research Scientist", "2020"),
                    ("Niantic", "Senior Research Engineer", "2018"),
                    ("Microsoft Research", "Intern", "2013")]


def test_courses_quoted_after_a_role_or_with_the_role_in_brackets() -> None:
    quoted = ("Luca Benedetti\nTeaching\n"
              "2016-2017     Teaching assistant for \"Computer Vision\", University of Bologna\n")
    assert _fields(quoted, "Luca Benedetti", "teaching", "course", "role", "institution") == [
        ("Computer Vision", "Teaching assistant", "University of Bologna")]
    bracketed = ("Luca Benedetti\nTeaching\nCorran University\n"
                 "  Statistics for Social Scientists (teaching assistant), 2017–2019\n")
    assert _fields(bracketed, "Luca Benedetti", "teaching", "course", "role") == [
        ("Statistics for Social Scientists", "teaching assistant")]


def test_jobs_under_their_employer_line_with_its_place_in_a_column() -> None:
    """The employer and its place on one line, parted by a column's gap; under it, the role and
    its dates, the role named by no role word or followed by a unit of the employer."""
    text = ("Hana Okonkwo\nExperience\n"
            "Tarn Institute of Technology                      Tarn, Norway\n"
            "Associate Professor, Department of Marine Biology  2020 – Present\n"
            "Corran Oceanographic Centre                       Plymouth, UK\n"
            "Postdoctoral Fellow                               2017 – 2020\n"
            "Seabright Environmental Consulting Ltd.           Bristol, UK\n"
            "Field Ecologist (part-time)                       2014 – 2016\n")
    assert _fields(text, "Hana Okonkwo", "position", "organisation", "role", "start") == [
        ("Tarn Institute of Technology", "Associate Professor", "2020"),
        ("Corran Oceanographic Centre", "Postdoctoral Fellow", "2017"),
        ("Seabright Environmental Consulting Ltd", "Field Ecologist (part-time)", "2014")]


def test_a_phd_internship_is_a_job_and_the_employer_outranks_its_school() -> None:
    text = ("Tomasz Wierzbicki\nEmployment\n"
            "Sep. 2019 - present: Lecturer in Economics, School of Economics, Univ. of Corran\n"
            "Jun 2015 - Aug 2015: PhD Intern, International Monetary Fund, Research Department\n")
    assert _fields(text, "Tomasz Wierzbicki", "position", "organisation", "role") == [
        ("Univ. of Corran", "Lecturer in Economics"),
        ("International Monetary Fund", "PhD Intern")]
    assert _fields(text, "Tomasz Wierzbicki", "education", "degree") == []


def test_grants_held_as_investigator_with_amounts_in_any_currency() -> None:
    text = ("Hana Okonkwo\nGrants\n"
            "2023–2026  Principal Investigator, \"Reef Resilience Under Heat Stress\", "
            "Norwegian Research Council, NOK 8,000,000\n"
            "2021       Co-Investigator, Coastal Monitoring Seed Grant, Tarn Institute, "
            "NOK 300,000\n"
            "2019       PI: Reef Sound Mapping, Halverson Foundation ($25,000)\n"
            "2018       Ship time, RV Corran, 12 days\nPI: A. Faisst\n")
    assert _fields(text, "Hana Okonkwo", "award", "name", "year") == [
        ("Reef Resilience Under Heat Stress, Norwegian Research Council", 2023),
        ("Coastal Monitoring Seed Grant, Tarn Institute", 2021),
        ("Reef Sound Mapping, Halverson Foundation", 2019)]


def test_awards_whose_year_is_set_off_by_a_dash() -> None:
    text = ("# Imani Castellanos\n\n## Honors\n\n"
            "- 2022 — Early Career Award, Linguistic Society of Tarn\n"
            "- 2019 – Outstanding Teaching Award, Corran College\n")
    assert _fields(text, "Imani Castellanos", "award", "name", "year") == [
        ("Early Career Award, Linguistic Society of Tarn", 2022),
        ("Outstanding Teaching Award, Corran College", 2019)]


def test_papers_whose_first_author_is_written_surname_first() -> None:
    # A PDF's text: surname-first authors, "et al.", a venue whose year and publisher wrap onto
    # the next line, a venue cut mid-name, and a venue named after the quoted title before its
    # publisher and year, one entry after another with no blank lines.
    text = ("Tobias Renwick\n\nPublications\n"
            "Renwick, Tobias and Osei, Ama. “Quiet Harbours: Acoustic Maps from Small Buoys and "
            "Cheap\nHydrophones”. SenSys 2021, ACM.\n"
            "Feld, Jonas, Ama Osei, Tobias Renwick, Lena Marsh. “Listening Posts: Long-Range "
            "Sensing of\nHarbour Traffic with Low-Power Radios”. MobiSys\n2020, ACM.\n"
            "Lindqvist, Maja, et al. “Teaching Tides: Hands-on Ocean Kits for Rural Schools”. "
            "Annual\nConference of the Society for Marine\nEducation (SME). 2019 (poster)\n"
            "Renwick, Tobias, Ama Osei, Jonas Feld. “Counting Gulls at Dawn with Harbour Cameras "
            "and\nSmall Models”. IPSN, ACM. 2018.\n")
    papers = [r.data for r in extract(text, "Tobias Renwick") if r.kind == "publication"]
    assert [(p["title"], p["venue"], p["year"], p["authored"]) for p in papers] == [
        ("Quiet Harbours: Acoustic Maps from Small Buoys and Cheap Hydrophones", "SenSys", 2021,
         True),
        ("Listening Posts: Long-Range Sensing of Harbour Traffic with Low-Power Radios",
         "MobiSys", 2020, True),
        ("Teaching Tides: Hands-on Ocean Kits for Rural Schools", "SME", 2019, False),
        ("Counting Gulls at Dawn with Harbour Cameras and Small Models", "IPSN", 2018, True)]
    assert papers[0]["authors"] == ["Tobias Renwick", "Ama Osei"]
    assert papers[2]["authors"] == ["Maja Lindqvist"]


def test_jobs_whose_role_and_employer_an_em_dash_parts() -> None:
    text = ("Ilse Marwick\n\nExperience\n\n"
            "Firmware Engineer — Garmont Instruments, Olathe, KS (2013–2016)\n"
            "Co-founder & CTO — Tessellate Robotics Inc., Pittsburgh, PA (2021–present)\n"
            "Intern, Perception Team — Aurora Motion, San Francisco (2019–2019)\n"
            "Brightline Research, Zürich — Research Intern (Speech), 2014\n")
    assert _fields(text, "Ilse Marwick", "position", "role", "organisation") == [
        ("Firmware Engineer", "Garmont Instruments"),
        ("Co-founder & CTO", "Tessellate Robotics Inc."),
        ("Intern", "Aurora Motion"),
        ("Research Intern (Speech)", "Brightline Research")]


def test_courses_under_a_role_line_that_names_a_department_or_nothing_else() -> None:
    text = ("Nils Aberg\n\nTeaching\n\n"
            "Teaching Assistant, Dept. of Computer Science and Engineering, Vinterby\n"
            "  • DAT151 Programming Language Technology (2015, 2016)\n"
            "  • TDA357 Databases (2016–2018)\n"
            "Lecturer, Ostmark University\n"
            "  • 2DV50E Degree Project in Computer Science (2023–)\n"
            "Instructor of record\n"
            "  16-311 Introduction to Robotics, Ostmark University, Spring 2020\n"
            "Université de Corbières (ATER, 2017-2018)\n"
            "- Sociologie de l'éducation, TD, Licence 2 (64 h)\n"
            "- Statistiques descriptives, TD, Licence 1 (128 h)\n")
    assert _fields(text, "Nils Aberg", "teaching", "course", "role", "term") == [
        ("DAT151 Programming Language Technology", "Teaching Assistant", "2015, 2016"),
        ("TDA357 Databases", "Teaching Assistant", "2016–2018"),
        ("2DV50E Degree Project in Computer Science", "Lecturer", "2023–"),
        ("16-311 Introduction to Robotics", "Instructor", "Spring 2020"),
        ("Sociologie de l'éducation", "ATER", None),
        ("Statistiques descriptives", "ATER", None)]


def test_jobs_under_an_employer_in_capitals_with_its_legal_form() -> None:
    text = ("Sara Lindahl\n\nEXPERIENCE\n\n"
            "KVARNBY AB, Stockholm, Sweden\n"
            "Staff Data Scientist, Personalization                 Mar 2022 – present\n"
            "Senior Data Scientist                                 Aug 2019 – Feb 2022\n"
            "HOLTEN AG, Basel\n"
            "Machine Learning Engineer                             2017 – 2019\n"
            "Adelaide, SA\n")
    assert _fields(text, "Sara Lindahl", "position", "role", "organisation") == [
        ("Staff Data Scientist", "KVARNBY AB"),
        ("Senior Data Scientist", "KVARNBY AB"),
        ("Machine Learning Engineer", "HOLTEN AG")]


def test_jobs_in_europass_form_fields_with_full_dates_and_an_address() -> None:
    text = ("Paola Ventresca\n\nWork experience\n\n"
            "Dates    01/10/2020 – present\n"
            "Occupation or position held    Researcher in Structural Engineering\n"
            "Main activities and responsibilities    Research on seismic retrofitting of "
            "masonry buildings; teaching\n"
            "Name and address of employer    Università di Lerici, Via Roma 12, Lerici (Italy)\n"
            "Type of business or sector    Higher education\n\n"
            "Dates    01/09/2015 – 28/02/2017\n"
            "Occupation or position held    Structural engineer\n"
            "Main activities and responsibilities    Design and assessment of reinforced "
            "concrete structures\n"
            "Name and address of employer    Studio Tecnico Ardenghi & Associati, Modena (Italy)\n")
    assert _fields(text, "Paola Ventresca", "position", "role", "organisation", "start",
                   "end") == [
        ("Researcher in Structural Engineering", "Università di Lerici", "01/10/2020", "present"),
        ("Structural engineer", "Studio Tecnico Ardenghi & Associati", "01/09/2015",
         "28/02/2017")]


def test_a_role_line_over_its_employer_and_place_with_the_dates() -> None:
    text = ("Lucía Ferrándiz\n\nEXPERIENCE\n"
            "Research Scientist\n"
            "Acme Institute of Oncology, Madrid | 2021 – present\n"
            "Postdoctoral Researcher\n"
            "European Molecular Biology Laboratory (EMBL), Heidelberg, Germany | 2016 – 2020\n"
            "Lab Technician\n"
            "Rovi Pharma, Granada | 2009 – 2010\n")
    assert _fields(text, "Lucía Ferrándiz", "position", "role", "organisation", "start",
                   "end") == [
        ("Research Scientist", "Acme Institute of Oncology", "2021", "present"),
        ("Postdoctoral Researcher", "European Molecular Biology Laboratory (EMBL)", "2016",
         "2020"),
        ("Lab Technician", "Rovi Pharma", "2009", "2010")]


def test_french_jobs_held_since_a_year_and_posts_named_in_french() -> None:
    text = ("Camille Verdier\n\nEXPÉRIENCE PROFESSIONNELLE\n"
            "Depuis 2020 : Maîtresse de conférences, Université de Corbières\n"
            "2017-2018 : Attachée temporaire d'enseignement et de recherche (ATER), "
            "Université de Vaulx\n"
            "2016-2017 : Chargée d'études, Observatoire régional de la santé de Vaulx\n")
    assert _fields(text, "Camille Verdier", "position", "role", "organisation", "start") == [
        ("Maîtresse de conférences", "Université de Corbières", "2020"),
        ("Attachée temporaire d'enseignement et de recherche (ATER)", "Université de Vaulx",
         "2017"),
        ("Chargée d'études", "Observatoire régional de la santé de Vaulx", "2016")]


def test_a_company_form_ab_is_no_bachelors_degree() -> None:
    text = ("Sara Lindahl\n\nEXPERIENCE\n"
            "2015–2016  Teaching assistant, Vinterby University of Technology, Gothenburg\n"
            "2013–2015  Software developer, Kvarnby AB, Stockholm\n")
    assert _fields(text, "Sara Lindahl", "education", "institution", "level") == []
    assert _fields("Sara Lindahl\n\nEDUCATION\nAB in History, Corran College, 2012\n",
                   "Sara Lindahl", "education", "institution", "level") == [
        ("Corran College", "bachelors")]
    assert _fields(text, "Sara Lindahl", "position", "role", "organisation") == [
        ("Software developer", "Kvarnby AB")]


def test_titles_first_lists_with_a_subtitle_wrapped_and_names_cut_short() -> None:
    # A numbered list as physics CVs print it: the title and the journal's abbreviation on one
    # line, the authors below, then the full reference. A title may go on after its colon on
    # the next line; the person may be cited by the first part of a double surname, or end
    # a list that closes with "et. al."; a reference may give volume and article number with
    # no comma between them.
    text = ("Nuria Valls-Ortega\n\nPublications\n"
            "3. Tidal Sensing with Cold Atoms: Phys. Rev. A\n"
            "Learning the spectra of trapped ions for precision clocks 2022\n"
            "N. Valls-Ortega, P. Brandt and K. Ilves\n"
            "Physical Review A 105, 032811 (2022).\n"
            "2. Qubit Routing on Sparse Lattices Quantum Sci. Technol.\n"
            "P. Brandt, K. Ilves, M. Sato, N. Valls-Ortega et. al. 2021\n"
            "Quantum Science and Technology 6 024011 (2021).\n"
            "1. Operational Witnesses of Qutrit Entanglement Phys. Rev. A\n"
            "K. Ilves, N. Valls, P. Brandt 2019\n"
            "Physical Review A 99, 012101 (2019).\n")
    papers = [r.data for r in extract(text, "Nuria Valls-Ortega") if r.kind == "publication"]
    assert [(p["title"], p["venue"], p["year"], p["authored"]) for p in papers] == [
        ("Tidal Sensing with Cold Atoms: Learning the spectra of trapped ions for precision "
         "clocks", "Physical Review A", 2022, True),
        ("Qubit Routing on Sparse Lattices", "Quantum Science and Technology", 2021, True),
        ("Operational Witnesses of Qutrit Entanglement", "Physical Review A", 2019, True)]
    assert papers[1]["authors"][-1] == "N. Valls-Ortega"


def test_jobs_and_courses_under_headings_beyond_the_usual_nouns() -> None:
    text = ("Petra Lindahl\n\nEmployment History\n"
            "Associate Professor, Vesterby University, 2019 – present\n"
            "Research Scientist, Nordlys Labs, 2015 – 2019\n\n"
            "Courses\n"
            "GEO 210 Coastal Processes, Vesterby University, Fall 2020\n"
            "GEO 415 Sediment Transport, Vesterby University, Spring 2021\n\n"
            "Talks and Courses\n"
            "Tides for Everyone, Vesterby Public Library, May 2022\n")
    found = _by_kind(text, "Petra Lindahl")
    assert [(p["organisation"], p["role"]) for p in found["position"]] == [
        ("Vesterby University", "Associate Professor"), ("Nordlys Labs", "Research Scientist")]
    courses = [c["course"] for c in found["teaching"]]
    assert any("Coastal Processes" in c for c in courses)
    assert any("Sediment Transport" in c for c in courses)
    assert not any("Tides" in c for c in courses)  # a public talk


def test_courses_that_name_their_school_and_term_on_their_own_line() -> None:
    text = ("Petra Lindahl\n\nTeaching\n"
            "Computational Genomics, University of Basel, Fall 2021\n"
            "Co-instructor, Statistical Learning, ETH Zurich, 2022\n"
            "Curriculum Committee, University of Basel\n")
    found = _by_kind(text, "Petra Lindahl")
    assert [(c["course"], c["role"], c["institution"], c["term"]) for c in found["teaching"]] == [
        ("Computational Genomics", None, "University of Basel", "Fall 2021"),
        ("Statistical Learning", "Co-instructor", "ETH Zurich", "2022")]


def test_a_dated_entry_wrapped_onto_a_second_line_is_one_position() -> None:
    """A text export wraps long entries under a hanging indent; the rest of an entry is no
    employer of the entry under it. "2021–" with nothing after the dash is held now."""
    cv = ("Vera Holub\n\nPOSITIONS\n"
          "Since 2020    Head of Junior Research Group, Institute of Molecular Sieves,\n"
          "              Moravian Academy of Sciences, Brno\n"
          "2021–         Adjunct Lecturer, Faculty of Chemistry, Brno Polytechnic\n"
          "2017–2020     Postdoctoral Fellow, Department of Chemistry and Chemical Biology,\n"
          "              Harwell University, Boston, USA\n"
          "2016          Visiting PhD Student, Laboratoire de Chimie Douce, Université\n"
          "              de Valmont, France (3 months)\n"
          "2012–2016     Doctoral Researcher, Faculty of Science, Brno Polytechnic\n\n"
          "RESEARCH EXPERIENCE\n"
          "Doctoral Student (employed position), Department of Mathematics,\n"
          "Lindholm University                                          2012 – 2017\n")
    jobs = _fields(cv, "Vera Holub", "position", "role", "organisation", "start", "end")
    assert jobs == [
        ("Head of Junior Research Group", "Institute of Molecular Sieves", "2020", "present"),
        ("Adjunct Lecturer", "Brno Polytechnic", "2021", "present"),
        ("Postdoctoral Fellow", "Harwell University", "2017", "2020"),
        ("Visiting PhD Student", "Université de Valmont", "2016", "2016"),
        ("Doctoral Researcher", "Brno Polytechnic", "2012", "2016"),
        ("Doctoral Student (employed position)", "Lindholm University", "2012", "2017")]


def test_roles_with_their_dates_under_them_are_all_held_at_the_employer_above() -> None:
    cv = ("Aiko Mori\n\n## Positions Held\n\n"
          "### Kuroshio University, Graduate School of Science\n\n"
          "**Associate Professor**\nApril 2019 – present\n\n"
          "**Assistant Professor**\nApril 2014 – March 2019\n\n"
          "### Eastmoor University, Department of Physics\n\n"
          "**Postdoctoral Scholar**\nOctober 2011 – March 2014\n")
    jobs = _fields(cv, "Aiko Mori", "position", "role", "organisation")
    assert jobs == [("Associate Professor", "Kuroshio University"),
                    ("Assistant Professor", "Kuroshio University"),
                    ("Postdoctoral Scholar", "Eastmoor University")]


def test_each_role_under_a_bold_employer_is_held_there() -> None:
    cv = ("Samir Aoun\n\n## Employment\n\n"
          "**Larchmont University**, Department of Electrical and Computer Engineering\n"
          "- Assistant Professor (2021-present)\n- Research Scientist (2019-2021)\n\n"
          "**Fluxion Inc.**, San Jose, CA\n"
          "- Senior Hardware Engineer (2016-2019)\n- Hardware Engineer (2013-2016)\n\n"
          "**Orchard Institute of Technology**, Microsystems Laboratory\n"
          "- Graduate Research Assistant (2010-2013)\n")
    jobs = _fields(cv, "Samir Aoun", "position", "role", "organisation", "start")
    assert jobs == [("Assistant Professor", "Larchmont University", "2021"),
                    ("Research Scientist", "Larchmont University", "2019"),
                    ("Senior Hardware Engineer", "Fluxion Inc.", "2016"),
                    ("Hardware Engineer", "Fluxion Inc.", "2013"),
                    ("Graduate Research Assistant", "Orchard Institute of Technology", "2010")]


def test_a_course_code_and_its_title_in_columns_and_german_terms_are_one_course() -> None:
    cv = ("Ewa Sadowska\n\nCOURSES TAUGHT (instructor of record)\nOakfield College\n"
          "HIST 110   The Making of Modern Europe, 1789–1914\n"
          "HIST 2210  World History since 1500 (three sections, ~35 students each)\n\n"
          "Teaching:\n"
          "Fall 2019     STAT 110  Introduction to Statistics (Instructor, Halden College)\n\n"
          "## Teaching\n\n### Lecturing\n"
          "- Introduction to Deep Learning (co-lecturer with Prof. A. Brand), University of "
          "Weiler — SS 2022, SS 2023\n\n### Teaching Assistantships\n"
          "- Practical Course: Vision-Based Navigation, TU Hallen — WS 2019/20 (12 teams)\n")
    courses = [course for course, in _fields(cv, "Ewa Sadowska", "teaching", "course")]
    assert courses == ["HIST 110 The Making of Modern Europe", "HIST 2210 World History since 1500",
                       "STAT 110 Introduction to Statistics", "Introduction to Deep Learning",
                       "Practical Course: Vision-Based Navigation"]
    assert [where for where, in _fields(cv, "Ewa Sadowska", "teaching", "institution")][-2:] == [
        "University of Weiler", "TU Hallen"]


def test_guest_lectures_and_invited_lectures_are_no_courses() -> None:
    cv = ("Noor Hadid\n\n## Courses Taught\n"
          "- ECE 330 Analog Circuit Design — Spring 2022 (instructor, 68 students)\n\n"
          "Guest lectures (not credit-bearing):\n"
          "- \"Building qubit control hardware\", ECE 101 Freshman Seminar, Larch University, "
          "Oct 2021\n\n"
          "**Teaching assistant:**\n- Fonética Acústica, Universidad de Valdeluna (2014)\n\n"
          "TEACHING\n"
          "Lecturer, Tarn University, Plant Ecology, 2020\n"
          "Guest lecture: Peatland carbon in a changing climate, MSc Environmental\n"
          "Management, University of Kestrel Bay, 2018\n\n"
          "SELECTED LECTURES\n"
          "2023          Invited lecture, Central European Catalysis Symposium, Bratislava\n"
          "2022          Department seminar, Université de Valmont\n")
    courses = [course for course, in _fields(cv, "Noor Hadid", "teaching", "course")]
    assert courses == ["ECE 330 Analog Circuit Design", "Fonética Acústica", "Plant Ecology"]
    assert [r.data.get("institution") for r in extract(cv, "Noor Hadid")
            if r.kind == "teaching"][1] == "Universidad de Valdeluna"


def test_european_course_lines_with_asides_academic_years_and_wraps() -> None:
    cv = ("Lotte Claes\n\n## Teaching\n\n**As lecturer**\n\n"
          "- *Migration Policies* (Master in Political Science, 6 ECTS) — 2nd semester "
          "2021–2022\n\n**As teaching assistant**\n\n"
          "- *Academic Writing Workshop* (Master, exercise sessions) — 2nd semester 2019–2020\n"
          "- Supervision of 11 master's dissertations (2020–2024)\n\n"
          "### Courses\n\n"
          "- **a.y. 2021-22**: *Signal Processing*, MSc in Telecommunications — teaching "
          "assistant, 20h\n\n"
          "Didactics\n\n"
          "Software Maintenance and Evolution (Master programme, 45h, course\n"
          "coordinator), Université de Hautmont, 2021–present\n"
          "Empirical Software Engineering (Master programme, 30h), Université de\n"
          "Hautmont, 2019–2022\n")
    courses = _fields(cv, "Lotte Claes", "teaching", "course", "role")
    assert courses == [("Migration Policies", "lecturer"),
                       ("Academic Writing Workshop", "teaching assistant"),
                       ("Signal Processing", "teaching assistant"),
                       ("Software Maintenance and Evolution", "course coordinator"),
                       ("Empirical Software Engineering", None)]
    assert _fields(cv, "Lotte Claes", "teaching", "term")[2] == ("a.y. 2021-22",)


def test_job_lines_led_by_dates_and_a_colon_with_asides_and_wraps() -> None:
    cv = ("Chiara Fontana\n\n## Academic Positions\n\n"
          "- **Dec 2021 – present**: Fixed-term Assistant Professor (RTD-a, SSD ING-INF/05), "
          "Department of Information Engineering, Università di Valdoria.\n"
          "- **Nov 2019 – Nov 2021**: Research Fellow, Department of Information Engineering, "
          "Università di Valdoria. Project: \"EDGE-AI\" (national research programme).\n"
          "- **Jun 2015 – Sep 2015**: Intern, R&D department, Stellaris Robotics S.r.l., "
          "Castelmonte.\n\n"
          "Professional Experience\n\n"
          "2021 – present: Assistant Professor (tenure track), Department of Computer\n"
          "Science, Université de Hautmont\n"
          "2019: Visiting researcher (January – March), Institut für Softwaretechnik,\n"
          "Technische Universität Nordhafen, Germany\n"
          "2016 – 2018: Postdoctoral researcher, Katholieke Hogeschool Leuvenbeek\n")
    jobs = _fields(cv, "Chiara Fontana", "position", "role", "organisation", "start")
    assert jobs == [
        ("Fixed-term Assistant Professor", "Università di Valdoria", "Dec 2021"),
        ("Research Fellow", "Università di Valdoria", "Nov 2019"),
        ("Intern", "Stellaris Robotics S.r.l", "Jun 2015"),
        ("Assistant Professor (tenure track)", "Université de Hautmont", "2021"),
        ("Visiting researcher", "Institut für Softwaretechnik", "2019"),
        ("Postdoctoral researcher", "Katholieke Hogeschool Leuvenbeek", "2016")]


def test_courses_listed_in_a_paragraph_after_a_colon_each_with_its_terms() -> None:
    """A PDF line's last ";" is lost where the line ends; the items still part at the bracket."""
    cv = ("Marta Wilk\n\nTEACHING\n"
          "Courses taught (as instructor): Survey Methodology (MA, 2019, 2020);\n"
          "Quantitative Methods (BA, 2018); Sociology of Civil Society (BA, 2020,\n"
          "2021, 2022); Research Design\nSeminar (MA, 2022, 2023).\n"
          "As Teaching Assistant (Calloway University): Statistics for Social\n"
          "Research (Fall 2017, Spring 2018); Sociology of Gender (Fall 2018)\n"
          "Teaching Assistant, CS 357: Verified Software, Spring 2022\n"
          "Lectures: Graph Generation Methods, Probabilistic Methods\n"
          "Selected supervised projects: Structure-aware Generation of Molecules\n")
    courses = _fields(cv, "Marta Wilk", "teaching", "course", "term")
    assert courses == [("Survey Methodology", "2019, 2020"), ("Quantitative Methods", "2018"),
                       ("Sociology of Civil Society", "2020, 2021, 2022"),
                       ("Research Design Seminar", "2022, 2023"),
                       ("Statistics for Social Research", "Fall 2017, Spring 2018"),
                       ("Sociology of Gender", "Fall 2018"),
                       ("CS 357: Verified Software", "Spring 2022"),
                       ("Graph Generation Methods", None), ("Probabilistic Methods", None)]


def test_an_employer_line_with_dates_over_a_role_in_one_of_its_labs() -> None:
    cv = ("Ravi Menon\n\nResearch Experience\n"
          "Eastbrook University                                   Oct 2022 – present\n"
          "Postdoctoral Scholar, Verified Learning Systems Lab (host: Prof. Ruth Okoro)\n"
          "Orchard Institute of Technology                        2014 – 2016\n"
          "Undergraduate Research Assistant, Formal Methods Lab\n")
    jobs = _fields(cv, "Ravi Menon", "position", "role", "organisation", "start")
    assert jobs == [("Postdoctoral Scholar", "Eastbrook University", "Oct 2022"),
                    ("Undergraduate Research Assistant", "Orchard Institute of Technology", "2014")]


def test_a_role_heading_over_its_employer_a_middle_dot_and_its_dates() -> None:
    cv = ("Nuria Bosch Vidal\n\n## Research Experience\n\n"
          "### Research Assistant\n"
          "*Centro de Datos Marinos (CDM), Vilanova del Port* · 2019 – 2020\n"
          "- Anomaly detection on oceanographic sensor streams.\n\n"
          "## Work Experience\n\n### Junior Data Scientist\n*Banco Ribera, Costaverda* · 2018 – 2019\n")
    jobs = _fields(cv, "Nuria Bosch Vidal", "position", "role", "organisation", "start")
    assert jobs == [("Research Assistant", "Centro de Datos Marinos (CDM)", "2019"),
                    ("Junior Data Scientist", "Banco Ribera", "2018")]


VANCOUVER = """# Ines Korhonen, MD, PhD

## Education

| Years | Degree | Institution |
|---|---|---|
| 2012–2013 | MPH | Harrow School of Public Health |
| 2004–2010 | MBBS | Kestrel Medical College |

## Honours

| Year | Award | Awarding body |
|---|---|---|
| 2021 | Young Investigator Award | Nordic Heart Society |

## Publications

1. **Korhonen I**, Lund P, Okafor N. Night-time noise and incident hypertension: a cohort
study. *Eur Heart J*. 2019;40(2):101–9.
2. Lund P, Korhonen I, Varga E, et al. Heat and emergency admissions in four cities. Lancet
Planet Health. 2022 Mar 3;6(5):e40–8.
"""


def test_vancouver_citations_medical_degrees_and_table_headers() -> None:
    records = extract(VANCOUVER, "Ines Korhonen")
    papers = [(r.data["title"], r.data["venue"], r.data["year"], r.data["authors"][:2])
              for r in records if r.kind == "publication"]
    assert papers == [
        ("Night-time noise and incident hypertension: a cohort study", "Eur Heart J", 2019,
         ["Korhonen I", "Lund P"]),
        ("Heat and emergency admissions in four cities", "Lancet Planet Health", 2022,
         ["Lund P", "Korhonen I"])]
    assert [(r.data["degree"], r.data["level"]) for r in records if r.kind == "education"] == [
        ("MPH", "masters"), ("MBBS", "bachelors")]
    # the header row of a table ("| Year | Award | Awarding body |") is no award
    assert [r.data["name"] for r in records if r.kind == "award"] == ["Young Investigator Award"]


PARAGRAPHS = """Aoife Brannock
Department of History, University of Kilmore

AWARDS

Research Council Starting Grant, €12,000 (2023); Provost's Teaching Award, University
of Kilmore (2020); Short-Term Fellowship, Carter Library (2019); Government of Ireland
Postgraduate Scholarship (2008–2011).

Publications
                  Aoife Brannock. "Who Paid the Customs? Evidence from Cork Ledgers."
                  Irish Historical Review, 2021, 45: 104–131.
                  Aoife Brannock, Colm Reidy and Nora Quill. "Merchants of the Atlantic
                  Trade." Journal of Economic History, 2022, 76: 17–44.
                  Aoife Brannock and Colm Reidy. "Smuggling and the Revenue:
                  Ireland, 1700–1760." Journal of Irish Studies, 2023, 15(2): 88–121.

EXPERIENCE

- Research Intern, Quarry Analytics (Summer 2016) — Galway, Ireland. Built ledger databases.
"""


def test_lists_in_paragraphs_and_lines_led_by_the_authors_names() -> None:
    records = extract(PARAGRAPHS, "Aoife Brannock")
    # a paragraph of awards parted by semicolons, wrapped over lines: one award per item
    assert [(r.data["name"], r.data["year"]) for r in records if r.kind == "award"] == [
        ("Research Council Starting Grant, €12,000", 2023),
        ("Provost's Teaching Award, University of Kilmore", 2020),
        ("Short-Term Fellowship, Carter Library", 2019),
        ("Government of Ireland Postgraduate Scholarship", 2008)]
    # each line that opens with an author list naming the person opens a paper; a question
    # mark inside a quoted title does not end it
    assert [(r.data["title"], r.data["year"]) for r in records if r.kind == "publication"] == [
        ("Who Paid the Customs? Evidence from Cork Ledgers", 2021),
        ("Merchants of the Atlantic Trade", 2022),
        ("Smuggling and the Revenue: Ireland, 1700–1760", 2023)]
    # where it was and what was done, after the dates, are not the employer
    assert [(r.data["role"], r.data["organisation"]) for r in records
            if r.kind == "position"] == [("Research Intern", "Quarry Analytics")]


SIDE_HEADINGS = """Curriculum Vitae
Lorcan Whitby

Work experience

Dates                                  2018 - 2021
Occupation or position held            Assistant Professor
Name and address of employer           Università di Valdarno, Firenze (Italy)

Honours and awards                     2021   Best Paper Award (Masonry Track), 17th World
                                              Conference on Earthquake Engineering
                                       2016   Rossetti Prize for the best Italian PhD thesis in
                                              structural engineering

Selected publications                  [1] L. Whitby, A. Gentile. Fragility curves for masonry
                                       aggregates. Bulletin of Earthquake Engineering 15(4):
                                       1621–1648, 2017.
"""


def test_section_headings_in_a_left_column() -> None:
    records = extract(SIDE_HEADINGS, "Lorcan Whitby")
    assert [(r.data["name"], r.data["year"]) for r in records if r.kind == "award"] == [
        ("Best Paper Award (Masonry Track), 17th World Conference on Earthquake Engineering",
         2021),
        ("Rossetti Prize for the best Italian PhD thesis in structural engineering", 2016)]
    assert [(r.data["title"], r.data["year"]) for r in records if r.kind == "publication"] == [
        ("Fragility curves for masonry aggregates", 2017)]


def test_a_long_employer_set_in_bold_heads_its_roles() -> None:
    text = ("# Ethan Vaszary\n\n## Experience\n\n"
            "**Quarry Systems Inc.**          San Francisco, CA  \n"
            "*Machine Learning Engineer*          Jul 2017 – Jul 2018\n\n"
            "**University of Westholm, Paul G. Allen School of Computer Science & Engineering**"
            "        Westholm, WA  \n"
            "*Graduate Research Assistant*          Sep 2011 – Jun 2017\n")
    records = extract(text, "Ethan Vaszary")
    assert [(r.data["role"], r.data["organisation"]) for r in records if r.kind == "position"] == [
        ("Machine Learning Engineer", "Quarry Systems Inc."),
        ("Graduate Research Assistant",
         "University of Westholm, Paul G. Allen School of Computer Science & Engineering")]


NUMBERED_BY_KIND = """Tomas Vrede

Journal Articles
J3.  Kwon, S., Vrede, T., and Ferri, D. (2024). "Crack detection on concrete bridge decks
     with self-supervised segmentation." J. Bridge Eng., 29(2), 04023112.
J2.  Vrede, T., and Obi, E. (2021). "Bayesian model updating of a cable-stayed bridge using
     long-term monitoring data." J. Eng. Mech., 147(6), 04021030.
J1.  Vrede, T., and Reinholt, J. (2014). "Finite element model calibration of a steel truss
     footbridge." Eng. Struct., 167(3), 201–210.

Conference Papers
C3.  Tomas Vrede, Wen-Li Hsu, and Emeka Obi. 2023. Edge Anomaly Detection for Bridge
     Monitoring with Microcontrollers. In Proceedings of the 10th ACM International
     Conference on Systems for Energy-Efficient Buildings (BuildSys '23). ACM, 101–110.
C2.  Emeka Obi and Tomas Vrede. 2022. Harvesting Vibration Energy for Batteryless
     Structural Sensing. In The 20th ACM Conference on Embedded Networked Sensor Systems
     (SenSys '22). ACM, Boston, MA, USA, 455–468. Best Paper Award Runner-Up.
C1.  Tomas Vrede and Daniel Ferri. 2018. Structural Monitoring as a Sensing Systems
     Problem. In Proceedings of the 1st Workshop on Data Acquisition To Analysis (DATA '18).
     ACM, 23–24.

Work in Progress
- "Bankruptcy Exemptions and Bridge Maintenance Budgets" (with Emeka Obi)
- "Remote Sensing and Household Portfolio Choice"
"""


def test_lists_numbered_by_kind_acm_author_lists_and_titles_alone() -> None:
    papers = _fields(NUMBERED_BY_KIND, "Tomas Vrede", "publication", "title", "venue", "year")
    assert papers[:3] == [
        ("Crack detection on concrete bridge decks with self-supervised segmentation",
         "J. Bridge Eng", 2024),
        ("Bayesian model updating of a cable-stayed bridge using long-term monitoring data",
         "J. Eng. Mech", 2021),
        ("Finite element model calibration of a steel truss footbridge", "Eng. Struct", 2014)]
    # names given first, the year after them, the venue's short name in its bracket
    assert papers[3:6] == [
        ("Edge Anomaly Detection for Bridge Monitoring with Microcontrollers", "BuildSys", 2023),
        ("Harvesting Vibration Energy for Batteryless Structural Sensing", "SenSys", 2022),
        ("Structural Monitoring as a Sensing Systems Problem", "DATA", 2018)]
    # a title in quotes with its co-authors and nothing else: a paper in progress
    assert papers[6:] == [("Bankruptcy Exemptions and Bridge Maintenance Budgets", None, None),
                          ("Remote Sensing and Household Portfolio Choice", None, None)]


APA_AND_UNIFIED = """# Ida Marsh

## Publications

### Journal articles

- Reyes, T. A.†, **Marsh, I.**, & Okafor, C. (2023). Bilingual advantage in source monitoring?
  Evidence from 1,200 children. *Journal of Experimental Child Psychology, 228*, 105611.
- Whitford, E.‡, & **Marsh, I.** (2020). Gesture and recall in preschool storytelling.
  *Cognitive Development, 55*, 100912.
- Lindgren, A.†, & **Marsh, I.** (in press). Children's confidence judgments track retrieval
  fluency, not accuracy. *Developmental Science*.
"""

UNIFIED = """# Ida Marsh

## Publications

### Journal articles

- **Marsh, Ida** & Hana Dvořák. 2023. Evidential marking and information structure.
  *Language* 99(3). 455–489.
- **Marsh, Ida**. 2019. Vowel harmony as a learning bias: Evidence from artificial grammar
  experiments. *Phonology* 36(2). 245–278.

### Conference papers

- **NAACL 2024** — *Few-shot morphological inflection for endangered languages.* Lena Achterhof
  and **Ida Marsh**. Pages 4410–4425.
"""


def test_apa_unified_style_and_venue_first_lines() -> None:
    papers = [*_fields(APA_AND_UNIFIED, "Ida Marsh", "publication", "title", "venue", "year"),
              *_fields(UNIFIED, "Ida Marsh", "publication", "title", "venue", "year")]
    assert papers == [
        # a question mark before a subtitle is inside the title; "‡" marks a mentee
        ("Bilingual advantage in source monitoring? Evidence from 1,200 children",
         "Journal of Experimental Child Psychology", 2023),
        ("Gesture and recall in preschool storytelling", "Cognitive Development", 2020),
        ("Children's confidence judgments track retrieval fluency, not accuracy",
         "Developmental Science", None),
        # the journal before its volume, issue and pages
        ("Evidential marking and information structure", "Language", 2023),
        ("Vowel harmony as a learning bias: Evidence from artificial grammar experiments",
         "Phonology", 2019),
        # the venue that leads the line is not part of the title
        ("Few-shot morphological inflection for endangered languages", "NAACL", 2024)]


def test_an_email_address_is_no_employer() -> None:
    text = ("# Nora Achterberg\n\n## Employment\n\n"
            "- **Postdoctoral Research Fellow**, Institute for Labor Studies, 2021–present\n\n"
            "## Placement\n\n- Placement Director: Prof. Jonah Whitley, jwhitley@bellweather.edu\n")
    jobs = _fields(text, "Nora Achterberg", "position", "role", "organisation")
    assert jobs == [("Postdoctoral Research Fellow", "Institute for Labor Studies")]


def test_a_subheading_of_statuses_is_no_title() -> None:
    """eval/papers/p03: "Accepted / In Press" between a numbered list and the papers under it."""
    path = LABELS_DIR.parent / "papers" / "p03_iturbe_cv.txt"
    document = loaders.load(path)
    titles = [r.data["title"] for r in extract(document.text, "Soledad Iturbe", document.bold,
                                               document.italic) if r.kind == "publication"]
    assert "Accepted / In Press" not in titles
    assert "Circulating trained-immunity signatures predict recurrent events after myocardial " \
        "infarction" in titles


# A heading with a parenthetical qualifier; year-led hanging entries, the person's own name
# first in some, a quoted title closing on the next line, a venue cut mid-phrase; PDF text whose
# venue line goes on with page numbers.
YEAR_LED_PROCEEDINGS = """\
Tomasz Ekwueme
PUBLICATIONS
Journal Articles
Ekwueme, T., and Laine, P. "Strain transfer in bonded fibre sensors." J. Struct. Eng., 2020.
Orsi, G., and Ekwueme, T. "Crack growth under variable amplitude loading." Eng. Struct., 2018.
Conference Proceedings and Extended Abstracts (engineering venues)
2022  Laine, P., and Ekwueme, T. "Thermal drift in long-gauge strain
      sensors." Proc., 9th International Workshop on Sensing for Civil
      Infrastructure (IWSCI 2022), Lisbon, 120–127.
2021  Ekwueme, T., and Orsi, G. "Modal tracking on a cable footbridge."
      Engineering Mechanics Conference (EMC 2021), Boston, MA. Extended abstract.
2019  Ekwueme, T. "Wireless strain nodes for steel girders." Proc.,
      International Conference on Bridge Monitoring (ICBM 2019), 33–40.
TEACHING
"""
PAGES_AFTER_A_CUT_VENUE = """\
Ama Ferraz
Publications
Ferraz, Ama, Lena Ortiz, and Kofi Mensah. 2024. Sparse probes for
multilingual parsers. In Proceedings of the 2024 Conference on Empirical
Methods in Natural Language Processing, pages 1012–1024, Miami, Florida, USA.
Ortiz, Lena, and Ama Ferraz. 2023. Tokenizers and morphology. In Findings of the
Association for Computational Linguistics, pages 88–97, Toronto, Canada.
"""


def test_year_led_proceedings_under_a_qualified_heading_and_pages_after_a_venue() -> None:
    papers = _fields(YEAR_LED_PROCEEDINGS, "Tomasz Ekwueme", "publication", "title", "venue",
                     "year")
    assert papers[2:] == [
        ("Thermal drift in long-gauge strain sensors", "IWSCI", 2022),
        ("Modal tracking on a cable footbridge", "EMC", 2021),
        ("Wireless strain nodes for steel girders", "ICBM", 2019)]
    papers = _fields(PAGES_AFTER_A_CUT_VENUE, "Ama Ferraz", "publication", "title", "venue")
    assert papers[0] == ("Sparse probes for multilingual parsers", "Proceedings of the 2024 "
                         "Conference on Empirical Methods in Natural Language Processing")
    assert len(papers) == 2


# Unified Style Sheet references (the first author surname first, then "&"), the person in bold
# before the stop, a chapter's editors before its book; venue-led lines with the venue's long name
# in brackets, and one whose venue no lexicon knows.
UNIFIED_AND_VENUE_LED = (
    "# Ines Kovalenko\n\n## Publications\n\n### Journal articles\n\n"
    "- **Kovalenko, Ines** & Tariq Osei. 2021. Clitic climbing in Rusyn. *Journal of Slavic "
    "Linguistics* 29(1). 45–80.\n"
    "- **Kovalenko, Ines**. 2018. Aspectual pairs revisited. *Russian Linguistics* 42(3). "
    "301–330.\n"
    "- Osei, Tariq & **Ines Kovalenko**. 2016. Stress shift in Ukrainian nouns. *Phonology* "
    "33(2). 99–131.\n\n"
    "### Conference papers\n\n"
    "- **SIGTYP 2023** (5th Workshop on Research in Computational Linguistic Typology, "
    "Morphology, and Multilinguality) — *Typological priors for clitic placement.* Tariq Osei "
    "and **Ines Kovalenko**.\n"
    "- **Interspeech 2019** — *Pitch accents in Rusyn questions.* **Ines Kovalenko** and Mara "
    "Lind. Pages 1812–1816.\n\n"
    "### Book chapters\n\n"
    "- **Kovalenko, Ines**. 2022. Clitics in East Slavic. In Mara Lind & Tariq Osei (eds.), *The "
    "Oxford handbook of Slavic syntax*, 233–260. Oxford: Oxford University Press.\n")


def test_unified_style_references_and_venue_led_lines_with_long_names() -> None:
    papers = _fields(UNIFIED_AND_VENUE_LED, "Ines Kovalenko", "publication", "title", "venue",
                     "year")
    assert papers == [
        ("Clitic climbing in Rusyn", "Journal of Slavic Linguistics", 2021),
        ("Aspectual pairs revisited", "Russian Linguistics", 2018),
        ("Stress shift in Ukrainian nouns", "Phonology", 2016),
        ("Typological priors for clitic placement", "SIGTYP", 2023),
        ("Pitch accents in Rusyn questions", "Interspeech", 2019),
        ("Clitics in East Slavic", "The Oxford handbook of Slavic syntax", 2022)]
    # APA: a chapter's editors and its publisher are no titles
    apa = ("# Ines Kovalenko\n\n## Book chapters\n\n- **Kovalenko, I.** (2019). Clitics. In R. J. "
           "Lind (Ed.), *The Oxford handbook of Slavic syntax* (pp. 87–110). Oxford University "
           "Press.\n")
    titles = _fields(apa, "Ines Kovalenko", "publication", "title")
    assert not [t for (t,) in titles if "(Ed.)" in t or "Press" in t]


# A chapter's book, however the style names it: its editors before it (Vancouver, ABNT, an
# economist's "eds.,", APA) or after it (Chicago's "edited by" and "ed.", ACM's "(Eds.)", the
# French "(…, éd.)"); the chapter's title may be one word ("Markets").
CHAPTERS = """\
Publications

1. Ferro AL, Okafor P. Acute liver failure in children. In: Brandt S, Nakamura T, editors.
   Textbook of Paediatric Hepatology. 3rd ed. London: Elsevier; 2021. p. 211-34.
2. FERRO, Ana L. Solos e manejo no Cerrado. In: COSTA, Paulo; LIMA, Rita (Org.). Manual de
   Fertilidade do Solo. Goiânia: EMBRAPA, 2019. p. 45-60.
3. A. L. Ferro, Markets, in Brandt and Nakamura, eds., Trade, Credit, and Households in
   Rural Economies, Springer 2018.
"""

CHAPTERS_LAYOUT = """\
Ana Ferro

Book chapters

Ferro, Ana. "Markets." In A Social History of the Grain Trade, edited by Simon Brandt,
     89–112. London: Bloomsbury Academic, 2021.
- **Ana Ferro**. 2020. Attention, Availability and Rural Credit. In *Household Finance:
  New Perspectives*, Tomas Nakamura and Rita Costa (Eds.). Springer, 55–78.
- A. Ferro, Points entiers et crédit rural, dans « Géométrie des marchés » (P. Costa, éd.),
  Panoramas 58, SMF, 2022, 87–130.
"""


def test_a_chapters_book_is_its_venue_in_every_style() -> None:
    assert _fields(CHAPTERS, "Ana L. Ferro", "publication", "title", "venue", "year") == [
        ("Acute liver failure in children", "Textbook of Paediatric Hepatology", 2021),
        ("Solos e manejo no Cerrado", "Manual de Fertilidade do Solo", 2019),
        ("Markets", "Trade, Credit, and Households in Rural Economies", 2018)]
    assert _fields(CHAPTERS_LAYOUT, "Ana Ferro", "publication", "title", "venue", "year") == [
        ("Markets", "A Social History of the Grain Trade", 2021),
        ("Attention, Availability and Rural Credit", "Household Finance: New Perspectives",
         2020),
        ("Points entiers et crédit rural", "Géométrie des marchés", 2022)]


# A journal named before a status that stands in for its volume and year (Vancouver), and whole
# names written surname first, parted by semicolons, with a stop before the volume.
STATUS_AND_SURNAME_FIRST = """\
Publications

Okafor P, Ferro AL, Lind K. Circulating markers of liver repair after transplantation.
    Hepatology. In press.
Ferro AL, Okafor P. Sex differences in paediatric liver failure. Liver Transpl. Accepted
    March 2024.
Ferro AL, Brandt S. Predicting graft loss from routine laboratory data. medRxiv. Preprint
    posted online May 2, 2023.

1.  Ferro, Ana Lucia; Brandt, Simon (2021). Grain prices and village credit. Rural History.
    32(1): 45–67.
2.  Ferro, Ana Lucia (2019). Kornhandel i Bergen. Historisk Tidsskrift. 98(2): 101–130.
"""


def test_a_status_after_the_journal_and_names_written_surname_first() -> None:
    assert _fields(STATUS_AND_SURNAME_FIRST, "Ana Lucia Ferro", "publication", "title", "authors",
                   "venue", "year") == [
        ("Circulating markers of liver repair after transplantation",
         ["Okafor P", "Ferro AL", "Lind K"], "Hepatology", None),
        ("Sex differences in paediatric liver failure", ["Ferro AL", "Okafor P"], "Liver Transpl",
         2024),
        ("Predicting graft loss from routine laboratory data", ["Ferro AL", "Brandt S"],
         "medRxiv", 2023),
        ("Grain prices and village credit", ["Ferro, Ana Lucia", "Brandt, Simon"], "Rural History",
         2021),
        ("Kornhandel i Bergen", ["Ferro, Ana Lucia"], "Historisk Tidsskrift", 2019)]


# DBLP prints an author list given name first and closes it with a colon; a long one must be
# read in linear time (the given-first reading once backtracked through every way to part its
# names, for minutes).
DBLP = """\
Publications

[C7] Signe Dahl†, Ana Ferro: Dynamic connectivity with few I/Os per update. SODA 2024: 2211–2240
[C6] Ana Ferro: Buffered priority queues. In: Proc. WADS 2017, LNCS, vol. 10389, pp. 301–312.
     Springer (2017)
[J4] Amit Ghosh, Ana Ferro, Mira Castellan, Lena Brandt, Jonas Petersen, Kristian Holm, Rasmus
     Winther, Tomas Lind, Eirik Kvale: Scalable reachability indexing for evolving graphs.
     VLDB J. 27(3): 345–369 (2018)
[i1] Ana Ferro, Tomas Lind: A note on cache-oblivious heaps. CoRR abs/1905.11203 (2019)
"""


def test_a_long_author_list_closed_by_a_colon() -> None:
    papers = _fields(DBLP, "Ana Ferro", "publication", "title", "authors", "venue", "year")
    assert [(title, len(authors), venue, year) for title, authors, venue, year in papers] == [
        ("Dynamic connectivity with few I/Os per update", 2, "SODA", 2024),
        ("Buffered priority queues", 1, "WADS", 2017),
        ("Scalable reachability indexing for evolving graphs", 9, "VLDB J", 2018),
        ("A note on cache-oblivious heaps", 2, "arXiv", 2019)]
    # a colon in a title after an author list closed by a stop is no DBLP list's
    acm = ("Publications\n\n1. Ana Ferro, Tomas Lind. **Quokka: Congestion Signals for Lossless "
           "Ethernet.** USENIX NSDI 2023.\n2. Ana Ferro. **Slipstream: Receiver-Driven Congestion "
           "Control.** ACM SIGCOMM 2020.\n3. Tomas Lind, Ana Ferro. **Pacer: Rate Limiting in "
           "Switches.** USENIX NSDI 2019.\n")
    assert _fields(acm, "Ana Ferro", "publication", "title", "authors") == [
        ("Quokka: Congestion Signals for Lossless Ethernet", ["Ana Ferro", "Tomas Lind"]),
        ("Slipstream: Receiver-Driven Congestion Control", ["Ana Ferro"]),
        ("Pacer: Rate Limiting in Switches", ["Tomas Lind", "Ana Ferro"])]


# DIN ISO 690 under German headings: surnames in capitals first, parted by semicolons, a colon
# before the title, "In:" before the journal, "Eingereicht bei" for a submitted paper; and AAS
# lists under "Refereed" subheadings, with a collaboration that names the person in a bracket.
DIN_AND_AAS = """\
VERÖFFENTLICHUNGEN

Zeitschriftenbeiträge (begutachtet)

[Z3]  FERRO, Ana; REUTER, Jonas*: Layer-wise defect prediction from coaxial thermography.
      Eingereicht bei: Additive Manufacturing (2024)
[Z2]  DEMIR, Aylin*; FERRO, Ana: Spatter ejection under argon shielding gas. In: Progress in
      Additive Manufacturing (im Druck)
[Z1]  FERRO, A.; MEINERS, W.; HOLTKAMP, S. u. a.: Closed-loop laser power control. In: Journal
      of Laser Applications 35 (2023), Nr. 4, Art. 042021
"""

AAS = """\
## Publications

### Refereed — first-author and student-led

1. **Ferro, A.**, & Moreau, D. K. 2020, "A Mass–Size Relation for Stellar Halos," ApJL, 897, L14
2. Zhang, Y., Alvarez, P., **Ferro, A.**, and 14 others 2022, "A Uniform Catalog of Stellar
   Streams," ApJS, 259, 15
3. DESI Collaboration (incl. **Ferro, A.**) 2023, "The Low-Surface-Brightness Catalog of the
   Legacy Surveys," AJ, 165, 9
"""


def test_din_references_under_german_headings_and_aas_lists_with_collaborations() -> None:
    assert _fields(DIN_AND_AAS, "Ana Ferro", "publication", "title", "venue", "year") == [
        # (a submitted paper's venue keeps the status: it is not published there)
        ("Layer-wise defect prediction from coaxial thermography",
         "Eingereicht bei: Additive Manufacturing", 2024),
        ("Spatter ejection under argon shielding gas", "Progress in Additive Manufacturing", None),
        ("Closed-loop laser power control", "Journal of Laser Applications", 2023)]
    assert _fields(AAS, "Ana Ferro", "publication", "title", "authors", "venue", "year") == [
        ("A Mass–Size Relation for Stellar Halos", ["Ferro, A.", "Moreau, D. K."], "ApJL", 2020),
        ("A Uniform Catalog of Stellar Streams", ["Zhang, Y.", "Alvarez, P.", "Ferro, A."],
         "ApJS", 2022),
        ("The Low-Surface-Brightness Catalog of the Legacy Surveys",
         ["DESI Collaboration", "Ferro, A."], "AJ", 2023)]


# Law reviews (the Bluebook): title, volume, journal, page, year in brackets; books by their
# publisher and year; chapters "in BOOK 45 (Editor ed., 2020)". MLA: one name alone leads a
# bulleted entry, and a dash repeats the authors above.
BLUEBOOK_AND_MLA = """\
PUBLICATIONS

Books

     The Quiet Docket: Agencies and Their Judges (Oxford University Press 2021).

Articles

     Agency Self-Review, 103 Tex. L. Rev. (forthcoming 2025).

     The Vanishing Hearing Examiner, 136 HARV. L. REV. 1187 (2023).

     Adjudication by Algorithm, 74 Stan. L. Rev. 455 (2022) (with Priya Raman).

Book Chapters

     Hearings, in Research Handbook on Administrative Law 112 (Daniel Feeney ed., 2022).
"""

MLA = """\
## Publications

- Ferro, Ana, and Giulia Marsh†. "Archival Translation and the Draft." *Translation Studies*,
  vol. 16, no. 2, 2023, pp. 233–49.
- Ferro, Ana. "Svevo's Trieste and the Grammar of Ruin." *Modernism/modernity*, vol. 29, no.
  3, 2022, pp. 511–34.
- ———. "Rubble and Syntax: Writing Milan after 1943." *Italian Studies*, vol. 75, no. 4, 2020,
  pp. 401–17.
"""


def test_law_review_citations_and_mla_repeated_author_dashes() -> None:
    assert set(_fields(BLUEBOOK_AND_MLA, "Ana Ferro", "publication", "title", "venue",
                       "year")) == {
        ("The Quiet Docket: Agencies and Their Judges", "Oxford University Press", 2021),
        ("Agency Self-Review", "Tex. L. Rev.", 2025),
        ("The Vanishing Hearing Examiner", "HARV. L. REV.", 2023),
        ("Adjudication by Algorithm", "Stan. L. Rev.", 2022),
        ("Hearings", "Research Handbook on Administrative Law", 2022)}
    assert _fields(MLA, "Ana Ferro", "publication", "title", "authors", "year") == [
        ("Archival Translation and the Draft", ["Ferro, Ana", "Giulia Marsh"], 2023),
        ("Svevo's Trieste and the Grammar of Ruin", ["Ferro, Ana"], 2022),
        ("Rubble and Syntax: Writing Milan after 1943", ["Ferro, Ana"], 2020)]


# Chicago notes and bibliography: a journal's volume and number before the date in brackets, a
# chapter's book before "edited by", a book's publisher after its city; an economist's quoted
# titles written with others, whose words may read as two names ("Minimum Wages and Debt").
CHICAGO_AND_ECONOMICS = """\
Marguerite Olander
PUBLICATIONS
Olander, Marguerite. The Wool Staple of Calais: Trade and Credit, 1390–1460. Oxford:
     Clarendon Press, 2017.
Olander, Marguerite, and Tomas Reyes. "Widows and Wool Rents in Late Medieval Bruges."
     Speculum 96, no. 3 (2021): 701–34.
Olander, Marguerite. "Royal Wool Monopolies and Urban Resistance." Anuario de
     Estudios Medievales 44, no. 2 (2014): 611–40.
Olander, Marguerite. "Credit Without Coin in Flemish Towns." In Merchants of the North Sea,
     edited by Clara Mounier, 45–67. Leiden: Brill, 2020.

WORKING PAPERS
- "Minimum Wages and Household Debt" (with Tomas Reyes), Journal of Labor Economics, forthcoming.
"""


def test_chicago_references_and_quoted_titles_written_with_others() -> None:
    papers = _fields(CHICAGO_AND_ECONOMICS, "Marguerite Olander", "publication", "title",
                     "venue", "year")
    assert papers[:4] == [
        ("The Wool Staple of Calais: Trade and Credit, 1390–1460", "Clarendon Press", 2017),
        ("Widows and Wool Rents in Late Medieval Bruges", "Speculum", 2021),
        ("Royal Wool Monopolies and Urban Resistance", "Anuario de Estudios Medievales", 2014),
        ("Credit Without Coin in Flemish Towns", "Merchants of the North Sea", 2020)]
    assert papers[4][0] == "Minimum Wages and Household Debt"


def test_a_title_cut_on_a_connecting_word_and_a_venue_after_a_dash() -> None:
    text = ("Lena Ortiz\nPUBLICATIONS\n"
            "[1] Ortiz, L., Mensah, K. (2023) Sparse probes for multilingual parsers — ACL 2023, "
            "Nominated for Best Paper Award (1.6% of accepted papers).\n"
            "[2] Mensah, K., Ortiz, L. (2019) Biuletyn Instytutu Hodowli i\n")
    papers = _fields(text, "Lena Ortiz", "publication", "title", "venue", "year")
    assert papers == [("Sparse probes for multilingual parsers", "ACL", 2023)]
    # a nomination is no award won
    assert _fields(text, "Lena Ortiz", "publication", "award") == [
        ("Nominated for Best Paper Award",)]
    assert cut_short("The Account Books of") and not cut_short("Trust and Its Instruments")


def test_hyphenated_initials_in_an_apa_author_list() -> None:
    text = ("Lukas Brenner\nPreprints\n"
            "P2.  Brenner, L., Hsu, W.-L., and Obi, E. (2024). \"Foundation models for structural "
            "vibration\n     data.\" arXiv:2402.11873.\n"
            "P1.  Kwon, S., and Brenner, L. (2024). \"Self-supervised crack segmentation across "
            "bridge\n     inspection datasets.\" Under review.\n")
    assert split_authors("Brenner, L., Hsu, W.-L., and Obi, E.") == [
        "Brenner, L", "Hsu, W.-L", "Obi, E"]
    titles = _fields(text, "Lukas Brenner", "publication", "title")
    assert ("Foundation models for structural vibration data",) in titles


def test_a_letterhead_with_degrees_after_the_name_is_no_paper() -> None:
    text = ("LUKAS BRENNER, Ph.D., P.E.\nAssistant Professor\nDepartment of Civil and "
            "Environmental Engineering, Calloway University\n\nPUBLICATIONS\n"
            "Brenner, L., and Obi, E. (2021). \"Modal tracking on a cable footbridge.\" J. Bridge "
            "Eng., 26(4).\n")
    titles = _fields(text, "Lukas Brenner", "publication", "title")
    assert titles == [("Modal tracking on a cable footbridge",)]


def test_ieee_workshops_by_their_short_names_and_page_numbers_that_look_like_years() -> None:
    text = ("Ilona Varkonyi\nPUBLICATIONS\n"
            "[3] I. Varkonyi and T. Whit, \"Depth from defocus with learned aperture models,\"\n"
            "    Int. J. Comput. Vis., vol. 129, pp. 1990–2008, 2021.\n"
            "[2] I. Varkonyi and J. Falk, \"Dense stereo on a budget for embedded GPUs,\" in Proc. "
            "Int.\n    Conf. 3D Vision (3DV), 2015, pp. 221–229.\n"
            "[1] L. Quint and I. Varkonyi, \"Towards calibration-free stereo,\" in Workshop on 3D "
            "Vision and\n    Robotics (3DVR @ CVPR), 2023.\n")
    papers = _fields(text, "Ilona Varkonyi", "publication", "venue", "year")
    assert papers == [("Int. J. Comput. Vis", 2021), ("3DV", 2015), ("3DVR @ CVPR", 2023)]


# APA 7 in Markdown: italic journals before their volume, a venue's short name in brackets with
# its full year, a bioRxiv identifier; the person named with an honorific.
APA_MARKDOWN = (
    "# Dr. Mieke J. Oosterhout\n\n## Publications\n\n"
    "1. Tjong, L., **Oosterhout, M.J.** (2024). Enhancer grammars from multiome data. *Nature "
    "Methods*, 21(3), 412–424.\n"
    "2. **Oosterhout, M.J.**, Vos, H. (2023). Graph networks for genome contacts. In *Research "
    "in Computational Molecular Biology (RECOMB 2023)*, pp. 88–104.\n"
    "3. Vos, H., **Oosterhout, M.J.** (2024). Single-cell eQTL mapping with chromatin priors. "
    "*bioRxiv* 2024.01.18.576113.\n")


def test_apa_in_markdown_with_italic_journals_and_a_preprint_server() -> None:
    papers = [r.data for r in extract(APA_MARKDOWN, "Dr. Mieke J. Oosterhout")
              if r.kind == "publication"]
    assert [(p["title"], p["venue"], p["year"], p["authored"]) for p in papers] == [
        ("Enhancer grammars from multiome data", "Nature Methods", 2024, True),
        ("Graph networks for genome contacts", "RECOMB", 2023, True),
        ("Single-cell eQTL mapping with chromatin priors", "bioRxiv", 2024, True)]


def test_a_bold_role_then_a_middle_dot_and_its_employer_dates_under_it() -> None:
    text = ("# Mieke Oosterhout\n\n## Experience\n\n"
            "**Assistant Professor (tenure track)** · Department of Medical BioSciences, Radboud "
            "university medical center\n*2019 – present*\n\n- Lead the *Regulatory Genomics* "
            "group\n\n"
            "**Data Science Intern** · Philips Research, Eindhoven\n*Jun 2012 – Aug 2012*\n")
    jobs = _fields(text, "Mieke Oosterhout", "position", "role", "organisation", "kind", "start")
    assert jobs == [
        ("Assistant Professor (tenure track)", "Department of Medical BioSciences, Radboud "
         "university medical center", "position", "2019"),
        ("Data Science Intern", "Philips Research", "internship", "Jun 2012")]


def test_vancouver_initials_run_together_after_the_surname() -> None:
    text = ("Nomvula Thandeka Khumalo\nPEER-REVIEWED PUBLICATIONS\n\n"
            "1. Khumalo NT, Ashby KO, Moyo R. Viral non-suppression among young women in rural "
            "clinics. AIDS. 2023;37(4):611-620.\n"
            "2. Zungu LP, Khumalo NT. Alcohol use disorder screening in primary care clinics. BMC "
            "Public Health. 2023;23(1):982.\n")
    papers = _fields(text, "Nomvula Thandeka Khumalo", "publication", "venue", "authored")
    assert papers == [("AIDS", True), ("BMC Public Health", True)]


def test_dot_leaders_part_a_course_from_what_was_taught() -> None:
    text = ("Hélène Varin\nENSEIGNEMENT\n\nÀ l'Université Paris-Sud (monitorat puis ATER)\n"
            "  2012-2013, 2013-2014    Analyse 2 (L1 MPI) .......................... TD, 64 h\n")
    courses = _fields(text, "Hélène Varin", "teaching", "course", "term")
    assert courses == [("Analyse 2 (L1 MPI)", "2012-2013, 2013-2014")]


def test_a_markdown_reference_wrapped_under_its_bullet() -> None:
    text = ("# Elin Lindahl\n\n## Selected publications\n\n"
            "- **Elin Lindahl**, Jonas Berg, and Kaisa Mäki. 2024. Quiet Hours: Negotiating\n"
            "  Notification Boundaries in Hybrid Teams. In *Proceedings of the 2024 CHI\n"
            "  Conference on Human Factors in Computing Systems* (CHI '24).\n"
            "- Antti Salo and **Elin Lindahl**. 2024. Delegating the Inbox: Large Language\n"
            "  Models as Email Triage Assistants. arXiv:2405.11873 [cs.HC].\n")
    papers = _fields(text, "Elin Lindahl", "publication", "title", "venue", "year")
    assert papers == [
        ("Quiet Hours: Negotiating Notification Boundaries in Hybrid Teams", "CHI", 2024),
        ("Delegating the Inbox: Large Language Models as Email Triage Assistants", "arXiv",
         2024)]


def test_a_degree_told_in_a_sentence_names_only_its_university() -> None:
    text = ("# Elin Lindahl\n\n## Hi!\n\nI did my PhD at the University of Helsinki (2013–2017) "
            "under Prof. Mikael\nSund and Dr. Outi Ran.\n\n## Education\n\n- MSc, University of "
            "North Carolina at Chapel Hill, 2012\n")
    places = _fields(text, "Elin Lindahl", "education", "institution")
    assert ("University of Helsinki",) in places
    assert ("University of North Carolina at Chapel Hill",) in places
    assert not [p for (p,) in places if p.startswith("I did")]


def test_a_courses_role_and_terms_on_the_line_under_it() -> None:
    text = ("Nomsa Khumalo\nTEACHING\n\nUniversity of North Carolina at Chapel Hill\n"
            "EPID 799C   Advanced Methods for HIV Epidemiology (3 credit hours)\n"
            "            Course Director; Spring 2022, Spring 2023 (enrollment 14-22)\n"
            "EPID 710    Fundamentals of Epidemiology (4 credit hours)\n"
            "            Co-Instructor (with J. Whitfield); Fall 2023 (enrollment 61)\n")
    courses = _fields(text, "Nomsa Khumalo", "teaching", "role", "term")
    assert courses == [("Course Director", "Spring 2022, Spring 2023"),
                       ("Co-Instructor", "Fall 2023")]


def test_a_given_name_and_two_surnames_cited_by_the_first() -> None:
    text = ("Maialen Etxeberria Garaikoetxea\nPUBLICACIONES\n\n"
            "Etxeberria, M., & Ruiz-Olano, J. (2021). Dry reforming over cobalt spinels.\n"
            "    Applied Catalysis A: General, 610, 117–129.\n"
            "Etxeberria, J., & Ruiz-Olano, J. (2019). Coke on nickel in dry reforming.\n"
            "    Fuel, 24, 10–19.\n")
    papers = [(r.data["title"], r.authored) for r in extract(text, "Maialen Etxeberria "
                                                              "Garaikoetxea")
              if r.kind == "publication"]
    assert papers == [("Dry reforming over cobalt spinels", True),
                      ("Coke on nickel in dry reforming", False)]


def test_a_bibliography_heading_holds_the_publications() -> None:
    text = ("Tobenna Uzoma Achike, MD\nEducation\n\n2008   MD   Yale School of Medicine\n\n"
            "Bibliography\n\nPeer-Reviewed Publications in Print or Other Media\n\n"
            "1.  Achike TU, Marlow KD. Alveolar repair after smoke injury. Chest.\n"
            "    2019;156(2):301-9.\n"
            "2.  Ferro L, Achike TU. Neutrophils in burn sepsis. J Immunol. 2021;185(1):67-72.\n")
    papers = _fields(text, "Tobenna Uzoma Achike", "publication", "title", "venue", "year")
    assert papers == [("Alveolar repair after smoke injury", "Chest", 2019),
                      ("Neutrophils in burn sepsis", "J Immunol", 2021)]


def test_roles_under_markdown_subheadings_with_wrapped_employers() -> None:
    text = ("# Livia Marchetto\n\n## Posizioni accademiche\n\n### Professoressa associata\n"
            "Dipartimento ICEA, Università di Verona\n*ottobre 2022 – oggi*\n\n"
            "### Ricercatrice a tempo determinato di tipo A (RTD-a), tempo pieno\n"
            "Dipartimento di Ingegneria, Architettura e Territorio (DIAT),\n"
            "Politecnico di Torino\n*marzo 2017 – novembre 2019* — progetto PRIN \"Ponti\": "
            "prove su\nviadotti esistenti\n\n### Borsista di ricerca\n"
            "Dipartimento di Ingegneria Civile, Edile e Ambientale, Università degli Studi di "
            "Trento\n*luglio 2012 – ottobre 2012*\n")
    jobs = _fields(text, "Livia Marchetto", "position", "role", "organisation", "start")
    assert jobs == [
        ("Professoressa associata", "Università di Verona", "ottobre 2022"),
        ("Ricercatrice a tempo determinato di tipo A (RTD-a), tempo pieno",
         "Politecnico di Torino", "marzo 2017"),
        ("Borsista di ricerca", "Università degli Studi di Trento", "luglio 2012")]


def test_degrees_as_spanish_cvs_name_them_and_the_sentence_after_the_school() -> None:
    text = ("Amaia Larrañaga Etxebarria\n1. FORMACIÓN ACADÉMICA\n\n"
            "2004 – 2008     Doctora en Ingeniería Química (Mención Internacional)\n"
            "                Universidad de Oviedo. Calificación: Sobresaliente cum laude.\n\n"
            "1998 – 2003     Licenciada en Ciencias Químicas\n"
            "                Universidad de León. Curso 2001-02: estancia Erasmus.\n")
    degrees = _fields(text, "Amaia Larrañaga Etxebarria", "education", "level", "institution",
                      "advisors")
    assert degrees == [("phd", "Universidad de Oviedo", []),
                       ("bachelors", "Universidad de León", [])]


def test_a_graduate_school_before_its_university_gives_the_university() -> None:
    text = ("Haruto Ishikawa\nEDUCATION\n\n"
            "April 2012 – March 2015     Doctoral Course, Department of Physics, Graduate School of\n"
            "                            Science, Kansai University\n"
            "                            (Supervisor: Assoc. Prof. Emi Tanabe)\n")
    degrees = _fields(text, "Haruto Ishikawa", "education", "level", "institution", "advisors")
    assert degrees == [("phd", "Kansai University", ["Emi Tanabe"])]


def test_an_employer_cut_after_a_small_word_and_a_role_held_since() -> None:
    text = ("Edurne Goikoetxea\nEXPERIENCIA PROFESIONAL\n\nsep. 2014 – ago. 2019\n"
            "      Profesora Contratada Doctora\n"
            "      Departamento de Ingeniería Química y del Medio Ambiente, Universidad de\n"
            "      Navarra.\n\n"
            "- Ricercatrice associata (incarico di associatura), Istituto per le Tecnologie della\n"
            "  Costruzione (ITC), Consiglio Nazionale delle Ricerche — dal 2023\n")
    jobs = _fields(text, "Edurne Goikoetxea", "position", "role", "organisation")
    assert jobs == [("Profesora Contratada Doctora", "Universidad de Navarra"),
                    ("Ricercatrice associata (incarico di associatura)",
                     "Istituto per le Tecnologie della Costruzione (ITC)")]


def test_a_clinical_fellow_and_a_table_row_whose_long_cells_wrap() -> None:
    text = ("Adaeze Nwosu\nHospital Appointments\n\n"
            "07/2015 – 06/2018     Clinical and Research Fellow,           Brigham Memorial "
            "Hospital /\n"
            "                      Pulmonary and Critical Care Medicine    Lakeside Deaconess "
            "Medical Center\n\n"
            "Academic Appointments\n\n"
            "2011 – 2015           Clinical Fellow in Medicine             Harvard Medical School,"
            " Boston, MA\n")
    jobs = _fields(text, "Adaeze Nwosu", "position", "role", "organisation", "start")
    assert jobs == [
        ("Clinical and Research Fellow",
         "Brigham Memorial Hospital / Lakeside Deaconess Medical Center", "07/2015"),
        ("Clinical Fellow in Medicine", "Harvard Medical School", "2011")]


def test_a_dated_grant_whose_role_the_line_under_it_states() -> None:
    text = ("Chidi Obiora\nResearch Funding\n\n"
            "2018 – 2023           NIH/NIAID K08 AI141922, \"Macrophage failure in sepsis.\"\n"
            "                      Role: PI. $823,500 total costs.\n"
            "2020 – 2022           NIH/NIAID U01 AI150011, \"Sepsis cohorts.\"\n"
            "                      Role: Co-Investigator (PI: M. Feld).\n"
            "2021 – 2024           Wellcome Leap, \"Fever registry.\" (PI: A. Tran)\n")
    grants = _fields(text, "Chidi Obiora", "award", "name", "year")
    assert grants == [("NIH/NIAID K08 AI141922", 2018), ("NIH/NIAID U01 AI150011", 2020)]


def test_grants_listed_with_their_years_among_prizes_need_no_honour_word() -> None:
    # a section whose prizes open with their years lists its grants the same way; a grant's
    # name that wraps goes on on the line under it, and is one award
    text = ("Irati Goikoetxea Lasa\nPremios, ayudas y proyectos\n\n"
            "2022 – 2025     Proyecto PID2021-104455RB-I00, Agencia Estatal de\n"
            "                Investigación: «Suelos de montaña». IP: I. Goikoetxea Lasa.\n"
            "2020            Contrato Ramón y Cajal, Ministerio de Ciencia e Innovación\n"
            "2017            Premio Extraordinario de Doctorado, UPV/EHU\n"
            "2012            Beca de Colaboración, Ministerio de Educación\n")
    grants = _fields(text, "Irati Goikoetxea Lasa", "award", "name", "year")
    assert [year for _, year in grants] == [2022, 2020, 2017, 2012]
    assert grants[0][0].startswith("Proyecto PID") and \
        "Agencia Estatal de Investigación" in grants[0][0]
    assert grants[1][0] == "Contrato Ramón y Cajal, Ministerio de Ciencia e Innovación"


def test_a_long_job_line_closed_by_one_date_is_an_entry() -> None:
    # ten words before its one date, a season's: a job's line, not a wrapped paragraph
    text = ("# Maren Solvik\n\n## Appointments\n\n"
            "- **Postdoctoral Scholar**, Division of Chemistry, Kestrel Institute of "
            "Technology — *2015 – 2017*\n"
            "- **Summer Research Intern**, Tarn Company, Corporate Research Materials Lab, "
            "St. Paul, MN — *Summer 2009*\n")
    jobs = _fields(text, "Maren Solvik", "position", "role", "organisation", "start")
    # the employer, before its lab
    assert jobs[1] == ("Summer Research Intern", "Tarn Company", "2009")


def test_an_employer_line_that_wraps_an_entry_heads_no_later_entry() -> None:
    # the university's line ends the postdoc's entry, whose line stops on a comma; the intern
    # line under it names its own employer
    text = ("Tobenna Eze\n\nAPPOINTMENTS\n\n"
            "   Postdoctoral Associate, Department of Chemical Engineering,      2012 – 2014\n"
            "   Kestrel Institute of Technology, Cambridge, MA\n\n"
            "   Process Engineering Intern, Delta Basin Development   Jun. 2005 – Sep. 2005\n"
            "   Company, Port Harcourt, Nigeria\n")
    jobs = _fields(text, "Tobenna Eze", "position", "role", "organisation")
    assert jobs[-1] == ("Process Engineering Intern", "Delta Basin Development")


def test_a_year_inside_an_article_identifier_is_no_year() -> None:
    text = ("Femke Draaisma\n\nPublications\n\n"
            "1.  Draaisma, F. M., Whitcombe, S. E., and Lindeboom, H. J.: Lagged response of\n"
            "    chalk streams to droughts, Geophys. Res. Lett., 47, e2019GL086312, 2020.\n"
            "2.  Draaisma, F. M. and Achterberg, J.: Why did the drought hit the sandy uplands\n"
            "    harder than the polders?, J. Hydrol., 612, 128190, 2022.\n")
    years = _fields(text, "Femke Draaisma", "publication", "year")
    assert years == [(2020,), (2022,)]


def test_references_in_copernicus_style_name_their_abbreviated_journal() -> None:
    text = ("Femke Draaisma\n\nPublications\n\n"
            "1.  Draaisma, F. M., Whitcombe, S. E., and Lindeboom, H. J.: Lagged response of\n"
            "    chalk streams to droughts, Geophys. Res. Lett., 47, e2019GL086312, 2020.\n"
            "2.  Draaisma, F. M. and Achterberg, J.: Why did the drought hit the uplands\n"
            "    harder than the polders? A storage view, J. Hydrol., 612, 128190, 2022.\n"
            "3.  Achterberg, J. and Draaisma, F. M.: Seepage into polders, revisited with\n"
            "    tracers, Water Resour. Res., 58, e2021WR031234, 2022.\n")
    papers = _fields(text, "Femke Draaisma", "publication", "title", "venue", "year")
    assert papers == [
        ("Lagged response of chalk streams to droughts", "Geophys. Res. Lett", 2020),
        ("Why did the drought hit the uplands harder than the polders? A storage view",
         "J. Hydrol", 2022),
        ("Seepage into polders, revisited with tracers", "Water Resour. Res", 2022)]


def test_a_venue_after_a_quoted_title_may_open_in_lower_case_or_after_a_note() -> None:
    text = ("Femke Draaisma\n\nPublications\n\n"
            "[1]  F. Draaisma, A. Hoshino, and M. Fujikawa, \"Reservoir computing with a skyrmion\n"
            "     fabric,\" npj Spintronics 1, 5 (2023).\n"
            "[2]  F. Draaisma and A. Hoshino, \"Gated synapses in thin films,\" eLife 12, e88 "
            "(2022).\n"
            "[3]  F. Draaisma, \"Skyrmion devices: from physics to computing\" (review, in "
            "Japanese),\n     Butsuri 76, 512–520 (2021).\n")
    papers = _fields(text, "Femke Draaisma", "publication", "venue", "year")
    assert papers == [("npj Spintronics", 2023), ("eLife", 2022), ("Butsuri", 2021)]


def test_markdown_emphasis_gives_venues_as_italic_type_does(tmp_path) -> None:
    page = tmp_path / "kaja.md"
    page.write_text(
        "# Kaja Holm\n\n## Publications\n\n"
        '1. "Measuring Search Effort with Time-Use Data" (with Lena Fischbach and David '
        "Okoro), *Labour Economics*, 2021, 70, 101998.\n"
        '2. "Household Borrowing over the Unemployment Spell", *Economics Letters*, 2020, '
        "188, 108941.\n"
        '3. Kaja Holm and Ivo Lund. "**Isolated Execution for Shared GPUs.**" *International '
        "Conference on Architectural Support for Programming Languages and Operating Systems* "
        "(**ASPLOS**), April 2019.\n", encoding="utf-8")
    doc = loaders.load(page)
    papers = [(r.data["venue"], r.data["year"]) for r in extract(doc.text, "Kaja Holm",
                                                                 doc.bold, doc.italic)
              if r.kind == "publication"]
    assert papers == [
        ("Labour Economics", 2021), ("Economics Letters", 2020),
        ("ASPLOS", 2019)]  # the venue read before the italics is kept


def test_a_doctorate_in_a_sentence_at_a_unit_of_a_university() -> None:
    text = ("# Mira Castell\n\nI'm a second-year Ph.D. student from [Field Robotics Lab]"
            "(https://example.org/lab), [University of Corran](https://example.org/), supervised "
            "by [Prof. Ada Lund](https://example.org/ada) and [Dr. Bo Li](https://example.org/bo)"
            ". My research interests focus on mapping.\n")
    degrees = _fields(text, "Mira Castell", "education", "institution", "level", "advisors")
    assert degrees == [("Field Robotics Lab, University of Corran", "phd", ["Ada Lund", "Bo Li"])]


def test_a_year_with_its_term_in_brackets_leads_a_course() -> None:
    text = ("Chidi Obiora\nTeaching\n\n"
            "2008 (Spring)         Teaching Assistant, Bio 3371 Principles of Cell Biology\n")
    courses = _fields(text, "Chidi Obiora", "teaching", "course", "role", "term")
    assert courses == [("Bio 3371 Principles of Cell Biology", "Teaching Assistant",
                        "2008 (Spring)")]


def test_references_in_abnt_style() -> None:
    text = ("Beatriz Helena Salgado Prado\nArtigos completos publicados em periódicos\n\n"
            "1. SALGADO PRADO, Beatriz H.; TORRES, Ícaro M.; ONO, Kátia. Crédito rural e\n"
            "produtividade agrícola. Revista de Economia e Sociologia Rural, v. 61, n. 2,\n"
            "p. 10-31, 2023.\n"
            "2. SALGADO PRADO, Beatriz H. Seca e migração no semiárido. Nova Economia, v. 26,\n"
            "n. 1, p. 45-67, 2016.\n"
            "3. MOURA, Caio; TORRES, Ícaro M. Informal credit in Brazil. Journal of\n"
            "Development Economics, v. 158, 102941, 2022.\n")
    papers = [(r.data["title"], r.data["venue"], r.data["year"], r.authored)
              for r in extract(text, "Beatriz Helena Salgado Prado") if r.kind == "publication"]
    assert papers == [
        ("Crédito rural e produtividade agrícola", "Revista de Economia e Sociologia Rural",
         2023, True),
        ("Seca e migração no semiárido", "Nova Economia", 2016, True),
        ("Informal credit in Brazil", "Journal of Development Economics", 2022, False)]


def test_references_as_mathematicians_cite_them() -> None:
    text = ("Solène Marchal\nPUBLICATIONS\n\n"
            " [1] S. Marchal, Points entiers sur les surfaces cubiques affines, Ann. Inst.\n"
            "     Fourier (Grenoble) 68 (2018), no. 5, 1931–1974. arXiv:1511.03247\n"
            " [2] A. Brunel et S. Marchal, Counting rational points on conic bundles, Compos.\n"
            "     Math. 157 (2021), no. 2, 301–352.\n"
            " [3] S. Marchal, K. Obi and J. Wong, Weak approximation for quartic surfaces, Int.\n"
            "     Math. Res. Not. IMRN 2022, no. 14, 10891–10934.\n")
    papers = _fields(text, "Solène Marchal", "publication", "title", "venue", "year", "authors")
    assert papers == [
        ("Points entiers sur les surfaces cubiques affines", "Ann. Inst. Fourier (Grenoble)",
         2018, ["S. Marchal"]),
        ("Counting rational points on conic bundles", "Compos. Math.", 2021,
         ["A. Brunel", "S. Marchal"]),
        ("Weak approximation for quartic surfaces", "Int. Math. Res. Not. IMRN", 2022,
         ["S. Marchal", "K. Obi", "J. Wong"])]


def test_a_heading_that_wraps_in_the_left_column_and_awards_that_wrap() -> None:
    text = ("ADAEZE N. OBI\n\n"
            "HONORS AND         AIChE Catalysis Division Young                              2020\n"
            "AWARDS             Investigator Award\n"
            "                   NSF CAREER Award ($500,000)                                 2017\n\n"
            "RESEARCH           PI, DOE Basic Energy Sciences, “Confinement Effects in\n"
            "FUNDING            Zeolites,” $750,000                                  2018 – 2021\n"
            "                   Co-PI (PI: K. M. Halvorsen), NSF CBET, “Membrane Reactors,”\n"
            "                   $320,000                                             2016 – 2019\n")
    titles = [s.title for s in split_sections(text)]
    assert "HONORS AND AWARDS" in titles and "RESEARCH FUNDING" in titles
    awards = _fields(text, "Adaeze N. Obi", "award", "name", "year")
    assert awards == [("AIChE Catalysis Division Young Investigator Award", 2020),
                      ("NSF CAREER Award", 2017),
                      ("DOE Basic Energy Sciences, “Confinement Effects in Zeolites”", 2018),
                      ("NSF CBET, “Membrane Reactors”", 2016)]


def test_numbered_headings_in_sentence_case_and_references_in_springer_style() -> None:
    text = ("Eeva Halonen\n\n5. Current position\n\n"
            "Academy Research Fellow, Department of Physics, University of Oulu, 2021–\n\n"
            "8. Research output\n\n"
            "1.  Halonen E, Ojala P, Cho M-L (2024) Water-table recovery controls methane\n"
            "    emissions. Journal of Geophysical Research: Biogeosciences 30: e17102.\n"
            "2.  Wuchatsch K^, Halonen E (2019) Peatland restoration in Finland. In: Rydin H,\n"
            "    Vasander H (eds) Restoring Northern Peatlands. Springer, Cham, pp 145–170.\n")
    titles = [s.title for s in split_sections(text)]
    assert titles[1:] == ["Current position", "Research output"]
    papers = _fields(text, "Eeva Halonen", "publication", "title", "venue", "year", "authors")
    assert papers == [
        ("Water-table recovery controls methane emissions",
         "Journal of Geophysical Research: Biogeosciences", 2024,
         ["Halonen E", "Ojala P", "Cho M-L"]),
        ("Peatland restoration in Finland", "Restoring Northern Peatlands", 2019,
         ["Wuchatsch K", "Halonen E"])]
    assert _fields(text, "Eeva Halonen", "position", "role") == [("Academy Research Fellow",)]


def test_selected_outputs_are_publications() -> None:
    text = ("Lerato Dube\nSelected outputs\n\n"
            "1.  Dube, L.; Obi, C. Zirconium beads for fluoride removal. ACS Appl. Mater.\n"
            "    Interfaces 2023, 15, 1021–1030.\n")
    assert section_kind("Selected outputs") == "publication"
    assert _fields(text, "Lerato Dube", "publication", "year") == [(2023,)]


def test_a_sentence_after_the_employer_is_no_part_of_it() -> None:
    text = ("Bronwen Tully\nEmployment\n\n"
            "Jul 2022 – present     Senior Lecturer (Level C), School of Biological Sciences, The\n"
            "                       University of Adelaide. Continuing appointment (teaching and\n"
            "                       research, 40:40:20).\n")
    jobs = _fields(text, "Bronwen Tully", "position", "role", "organisation")
    assert jobs == [("Senior Lecturer (Level C)", "The University of Adelaide")]


def test_a_table_of_degrees_and_the_theses_labelled_by_level_under_it() -> None:
    text = ("Thandi Mokoena\nACADEMIC QUALIFICATIONS\n\n"
            "   Qualification                           Institution                          Year\n"
            "   PhD (Chemistry)                         University of Cape Town              2012\n"
            "   MSc (Chemistry), cum laude              Rhodes University                    2008\n\n"
            "   PhD thesis: \"Zinc imidazolate frameworks\". Supervisor: Prof. Gareth Pillay.\n"
            "   MSc dissertation: \"Copper(II) complexes\". Supervisor: Prof. Andrew Kellerman.\n")
    degrees = _fields(text, "Thandi Mokoena", "education", "level", "institution", "thesis",
                      "advisors")
    assert degrees == [
        ("phd", "University of Cape Town", "Zinc imidazolate frameworks", ["Gareth Pillay"]),
        ("masters", "Rhodes University", "Copper(II) complexes", ["Andrew Kellerman"])]


def test_a_course_code_holds_no_year_and_terms_of_the_irish_and_oxford_year() -> None:
    text = ("Orla Fennelly\nTeaching\n\n| Course | Level | Role | Term |\n|---|---|---|---|\n"
            "| STU22004 Applied Probability I | BA Mod. | Tutor | Hilary Term 2021 |\n")
    assert _fields(text, "Orla Fennelly", "teaching", "course", "term") == [
        ("STU22004 Applied Probability I", "Hilary Term 2021")]


def test_markdown_bullets_numbered_by_kind_and_marks_after_a_bold_name() -> None:
    text = ("# Jiyoon Seo\n\n## Journal Articles\n\n"
            "- [J5] **J. Seo**†, K. Nam†, and H. Cha, \"Origin of the wake-up effect in HZO thin "
            "films,\" *Appl. Phys. Lett.*, vol. 114, no. 8, 082903, 2019.\n"
            "- [J4] **J. Seo**, U. Brenner, and S.-H. Yoo, \"Oxygen-vacancy engineering for "
            "wake-up-free HZO,\" *ACS Appl. Mater. Interfaces*, vol. 10, 2018.\n")
    papers = _fields(text, "Jiyoon Seo", "publication", "title", "authors", "year")
    assert papers == [
        ("Origin of the wake-up effect in HZO thin films", ["J. Seo", "K. Nam", "H. Cha"], 2019),
        ("Oxygen-vacancy engineering for wake-up-free HZO", ["J. Seo", "U. Brenner", "S.-H. Yoo"],
         2018)]


def test_a_long_job_line_that_wraps_onto_its_dates_and_roles_ending_in_ologist() -> None:
    text = ("Aili Rantanen\n5. Current position\n\n"
            "Academy Research Fellow, Department of Forest Sciences, Faculty of Agriculture and\n"
            "Forestry, University of Oulu, 1 September 2021 – 31 August 2026\n\n"
            "6. Previous work experience\n\n"
            "2011 – 2012           Junior hydrologist (part-time, 0.6 fte), Waterschap Rijn,\n"
            "                      Arnhem\n")
    jobs = _fields(text, "Aili Rantanen", "position", "role", "organisation", "start")
    assert jobs == [("Academy Research Fellow", "University of Oulu", "1 September 2021"),
                    ("Junior hydrologist", "Waterschap Rijn", "2011")]


@pytest.mark.parametrize("heading", [
    "Lehrveranstaltungen", "Insegnamenti", "Onderwijs", "Undervisning", "Verdiği Dersler",
    "Disciplinas ministradas", "Cursos impartidos", "Cours enseignés", "Výuka",
    "Zajęcia dydaktyczne", "Modules Taught"])
def test_teaching_headings_of_many_languages_hold_courses(heading: str) -> None:
    """A teaching section under its heading in German, Italian, Dutch, a Nordic language,
    Turkish, Portuguese, Spanish, French, Czech, Polish or British English is read for
    courses, and the section after it for what its own heading names."""
    text = (f"Tomasz Wrembel\n\n{heading}\n"
            "2021 – 2024    Hydrologie der Einzugsgebiete (Vorlesung, 4 SWS)\n"
            "2019 – 2021    Statistical Methods in Ecology\n"
            "\nPublications\n"
            "Wrembel, T., Okonkwo, A. (2022). Snowmelt timing in alpine catchments. "
            "Journal of Hydrology, 610, 127–140.\n")
    found = extract(text, "Tomasz Wrembel")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "Hydrologie der Einzugsgebiete", "Statistical Methods in Ecology"]
    assert [r.data["title"] for r in found if r.kind == "publication"] == [
        "Snowmelt timing in alpine catchments"]


@pytest.mark.parametrize(("title", "kind"), [
    ("Opleiding", "education"), ("Utbildning", "education"), ("Eğitim Bilgileri", "education"),
    ("Werkervaring", "position"), ("Arbetslivserfarenhet", "position"),
    ("Akademik Görevler", "position"), ("Prijzen en onderscheidingen", "award"),
    ("Utmärkelser", "award"), ("Publicaties", "publication"), ("Julkaisut", "publication"),
    ("Lehraufträge", "teaching"), ("Attività docente", "teaching"),
    ("Asignaturas impartidas", "teaching"), ("Lehrstuhl für Hydrologie", "other")])
def test_headings_of_dutch_nordic_czech_and_turkish_cvs_name_their_kind(title: str,
                                                                        kind: str) -> None:
    assert section_kind(title) == kind


def test_numbered_headings_that_put_what_they_hold_last_or_first() -> None:
    """A national form's numbered headings: Turkish puts what a section holds last ("12. Son
    iki yılda verdiği dersler"), Portuguese first ("3. ATIVIDADE PEDAGÓGICA"); a numbered
    paper title in title case that ends in a heading noun is no heading."""
    text = ("Deniz Kaya\n\n3. ATIVIDADE PEDAGÓGICA\nEcologia Marinha, 2023\n\n"
            "12. Son iki yılda verdiği lisans dersler\nFİZ 2011 Optik I, 2023\n")
    assert [s.title for s in split_sections(text, "Deniz Kaya")][1:] == [
        "Atividade Pedagógica", "Son iki yılda verdiği lisans dersler"]
    assert section_kind("Son iki yılda verdiği lisans dersler") == "teaching"
    assert section_kind("ATIVIDADE PEDAGÓGICA") == "teaching"
    listed = ("Deniz Kaya\n\nPublications\n2. Reducing Memory Bloat in Large Model Training\n"
              "D. Kaya, A. Ruiz. MLSys 2024.\n")
    assert [s.title for s in split_sections(listed, "Deniz Kaya")][1:] == ["Publications"]


def test_a_course_table_with_codes_a_two_line_header_and_rows_grouped_by_term() -> None:
    """A text table of courses: a header row in Spanish or Turkish whose second line holds
    the rest of its column names, a code cell before the course's name, and rows that print
    the year and term once for their group ("MAK 5103 …  3  0  14" under "2022-2023  Güz")."""
    text = ("Nuria Ferrán Ochoa\n\nDocencia\n"
            "Cód.     Asignatura                 Titulación             Curso        "
            "Participación    ECTS\n"
            "                                                           académico     "
            "                 imp.\n"
            "104411   Hidrogeología              Grado en Geología      2021-22      "
            "Coordinadora     4,5\n"
            "104420   Geoquímica Ambiental       Máster en Geología     2022-23      "
            "Profesora        3,0\n")
    found = extract(text, "Nuria Ferrán Ochoa")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "104411 Hidrogeología", "104420 Geoquímica Ambiental"]
    text = ("Deniz Kaya\n\nVerdiği Dersler\n"
            "Akademik       Dönem   Dersin Adı                          Haftalık Saati     "
            "Öğrenci\n"
            "Yıl                                                        Teorik  Uygulama   "
            "Sayısı\n"
            "2022-2023      Güz     FİZ 2011 Optik I                    3       1          88\n"
            "                       FİZ 5120 Kuantum Optiği             3       0          12\n"
            "                       (Yüksek Lisans)\n")
    found = extract(text, "Deniz Kaya")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "FİZ 2011 Optik I", "FİZ 5120 Kuantum Optiği"]


def test_a_norwegian_cv_reads_its_degrees_posts_and_open_end() -> None:
    """Nordic names of universities ("Universitetet i Tromsø", "Lunds universitet"), degrees
    ("Ph.d.", "Cand.scient.", "Fil.kand."), posts ("Førsteamanuensis", "Stipendiat") and an
    open end written "nå"; a Turkish doctorate and master's ("Doktora", "Yüksek Lisans")."""
    text = ("Sigrid Haugland Moe\n\nUTDANNING\n"
            "2012–2016        Ph.d. i biologi, Universitetet i Tromsø\n"
            "2010–2012        Cand.scient. i økologi, Universitetet i Tromsø\n"
            "2007–2010        Fil.kand. i biologi, Lunds universitet\n"
            "\nSTILLINGER\n"
            "2021–nå          Førsteamanuensis i økologi, Nord universitet\n"
            "2012–2016        Stipendiat, Institutt for arktisk biologi, Universitetet i Tromsø\n")
    found = extract(text, "Sigrid Haugland Moe")
    assert [(r.data["level"], r.data["institution"]) for r in found if r.kind == "education"] == [
        ("phd", "Universitetet i Tromsø"), ("masters", "Universitetet i Tromsø"),
        ("bachelors", "Lunds universitet")]
    assert [(r.data["role"], r.data["organisation"], r.data["end"])
            for r in found if r.kind == "position"] == [
        ("Førsteamanuensis i økologi", "Nord universitet", "nå"),
        ("Stipendiat", "Universitetet i Tromsø", "2016")]
    text = ("Deniz Kaya\n\nÖğrenim Durumu\n"
            "Doktora          Makine Mühendisliği, Ege Üniversitesi, 2010–2015\n"
            "Yüksek Lisans    Makine Mühendisliği, Ege Üniversitesi, 2008–2010\n")
    found = extract(text, "Deniz Kaya")
    assert [(r.data["level"], r.data["institution"]) for r in found if r.kind == "education"] == [
        ("phd", "Ege Üniversitesi"), ("masters", "Ege Üniversitesi")]


def test_courses_under_a_line_that_names_their_term() -> None:
    """A line that names only a term ("Wintersemester 2023/24", "Ano letivo 2022/2023", a
    place after a dash) heads the course lines under it, whose leading cells give the kind of
    class ("VL", "Ü"), the semester ("1.º sem.") or the code, and whose hours close them."""
    text = ("Katharina Weller\n\nLehrveranstaltungen\n"
            "Wintersemester 2023/24\n"
            "   VL   Geschichte der Hanse im Spätmittelalter                    2 SWS\n"
            "   Ü    Paläographie für Anfänger                                  2 SWS\n"
            "   PS   Einführung in die Geschichte: Die Stadt im Spät-            4 SWS\n"
            "        mittelalter\n"
            "\nSommersemester 2022 – Universität Rostock (Vertretung)\n"
            "   HS   Stadt und Handel im Ostseeraum                             2 SWS\n")
    found = extract(text, "Katharina Weller")
    assert [(r.data["course"], r.data["term"], r.data.get("institution"))
            for r in found if r.kind == "teaching"] == [
        ("Geschichte der Hanse im Spätmittelalter", "Wintersemester 2023/24", None),
        ("Paläographie für Anfänger", "Wintersemester 2023/24", None),
        ("Einführung in die Geschichte: Die Stadt im Spätmittelalter", "Wintersemester 2023/24",
         None),
        ("Stadt und Handel im Ostseeraum", "Sommersemester 2022", "Universität Rostock")]
    text = ("Marta Lobo Quintas\n\nAtividade pedagógica\n"
            "UNIVERSIDADE DO MINHO — Departamento de Biologia\n"
            "   Ano letivo 2022/2023\n"
            "       1.º sem.   41220  Ecologia de Rios       L Biologia     Regente    T 30 h\n"
            "       2.º sem.   41231  Limnologia Aplicada    M Ecologia     Docente    PL 24 h\n"
            "       2.º sem.   41240  Gestão de Bacias       M Ecologia     Docente    PL 20 h\n"
            "                         Hidrográficas\n"
            "   Anos letivos 2018/2019 a 2020/2021\n"
            "      Lecionou, como assistente, as aulas práticas de Ecologia de Rios (41220).\n")
    found = extract(text, "Marta Lobo Quintas")
    assert [(r.data["course"], r.data["term"]) for r in found if r.kind == "teaching"] == [
        ("41220 Ecologia de Rios", "Ano letivo 2022/2023"),
        ("41231 Limnologia Aplicada", "Ano letivo 2022/2023"),
        ("41240 Gestão de Bacias Hidrográficas", "Ano letivo 2022/2023")]


def test_honours_named_in_nordic_and_turkish_under_a_long_numbered_heading() -> None:
    """A numbered heading in capitals of seven words that names awards, and honours named by
    the words of other languages ("Undervisningsprisen", "Genç Araştırmacı Ödülü")."""
    text = ("Deniz Kaya\n\n3. PREMIOS, AYUDAS Y PROYECTOS COMO INVESTIGADOR PRINCIPAL\n"
            "2023     Undervisningsprisen ved Det matematisk-naturvitenskapelige fakultet\n"
            "2019     Türk Fizik Derneği Genç Araştırmacı Ödülü\n")
    found = extract(text, "Deniz Kaya")
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("Undervisningsprisen ved Det matematisk-naturvitenskapelige fakultet", 2023),
        ("Türk Fizik Derneği Genç Araştırmacı Ödülü", 2019)]


def test_references_as_german_historians_cite_them() -> None:
    """"Surname, Given: Title, in: Journal 12 (2020), S. 1–34", a chapter "in: Editor, Given
    (Hg.): Book, Place: Publisher 2021", co-authors parted by " / ", and a wrapped line that
    opens with a number ("     14. Jahrhundert, …") going on from the line above."""
    text = ("Jonas Albrecht\n\nSchriftenverzeichnis\n"
            "Albrecht, Jonas: Zollbücher als Quelle. Der Ostseehandel Danzigs um 1450, in:\n"
            "     Zeitschrift für Ostmitteleuropa-Forschung 69 (2020), S. 1–34.\n"
            "Albrecht, Jonas / Weber, Lena: Gesandte und Tagfahrten im\n"
            "     14. Jahrhundert, in: Rohde, Karin (Hg.): Diplomatie im Mittelalter, Ostfildern:\n"
            "     Thorbecke 2021, S. 211–240.\n")
    found = extract(text, "Jonas Albrecht")
    assert [(r.data["title"], r.data["venue"], r.data["year"])
            for r in found if r.kind == "publication"] == [
        ("Zollbücher als Quelle. Der Ostseehandel Danzigs um 1450",
         "Zeitschrift für Ostmitteleuropa-Forschung", 2020),
        ("Gesandte und Tagfahrten im 14. Jahrhundert", "Diplomatie im Mittelalter", 2021)]


def test_posts_and_degrees_of_german_and_portuguese_cvs() -> None:
    """"Akademische Rätin", "Studentische Hilfskraft", "Praktikum", "Professora Auxiliar" are
    posts; "Doutoramento em" and "Licenciatura em" are degrees."""
    text = ("Clara Neumann Reis\n\nBeruflicher Werdegang\n"
            "seit 10/2020        Akademische Rätin auf Zeit, Historisches Seminar, Universität Kiel\n"
            "04/2011 – 09/2012   Studentische Hilfskraft, Universität Kiel\n"
            "\nPercurso profissional\n"
            "out. 2021 – presente    Professora Auxiliar, Universidade de Coimbra\n"
            "\nHabilitações académicas\n"
            "2014 – 2018    Doutoramento em Geologia, Universidade de Coimbra\n"
            "2008 – 2011    Licenciatura em Geologia, Universidade do Minho\n")
    found = extract(text, "Clara Neumann Reis")
    assert [(r.data["role"], r.data["organisation"]) for r in found if r.kind == "position"] == [
        ("Akademische Rätin auf Zeit", "Universität Kiel"),
        ("Studentische Hilfskraft", "Universität Kiel"),
        ("Professora Auxiliar", "Universidade de Coimbra")]
    assert [(r.data["level"], r.data["institution"]) for r in found if r.kind == "education"] == [
        ("phd", "Universidade de Coimbra"), ("bachelors", "Universidade do Minho")]


def test_a_markdown_course_table_with_quarter_codes() -> None:
    """Quarter codes ("FA19, WI20") are terms, not course codes; "CHEM 6A" is a code."""
    text = ("Ingrid Solberg\n\n## Teaching\n\n"
            "| Course | Title | Quarters | Role |\n|---|---|---|---|\n"
            "| CHEM 6A | General Chemistry I | FA19, FA20, FA21 | Instructor of record |\n"
            "| CHEM 6B | General Chemistry II | WI20, WI21 | Instructor of record |\n")
    found = extract(text, "Ingrid Solberg")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "CHEM 6A General Chemistry I", "CHEM 6B General Chemistry II"]


def test_a_course_named_in_quotes_with_the_role_it_was_taught_in() -> None:
    """A teaching line that names its course in quotes and says the person taught it
    ("«Sciences du sol», …: chargée de TD", "módulo «…»: profesora invitada") gives that course;
    a course attended, in quotes with no such word, gives none."""
    text = ("Nuria Ferrán Ochoa\n\nDocencia\n"
            "Montpellier SupAgro (Francia)\n"
            "   · «Hydrologie des sols», Cursus ingénieur agronome: chargée de TD, 2016-17.\n"
            "   · Máster en Agroecología, módulo «Manejo del agua en el suelo»: profesora invitada,\n"
            "     2019-20.\n"
            "   · «Curso de Iniciación a la Docencia Universitaria» (40 h), Universidad de Lleida, "
            "2011.\n")
    found = extract(text, "Nuria Ferrán Ochoa")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "Hydrologie des sols", "Manejo del agua en el suelo"]


def test_a_grant_whose_bracket_states_the_person_led_it() -> None:
    """A dated grant whose bracket, on its line or the one under it, says the person led it
    ("(PI; …)", "(prosjektleder; …)") is theirs; one led by somebody else is not."""
    text = ("Sigrid Haugland Moe\n\nFORSKNINGSMIDLER OG PRISER\n"
            "2021     Norges forskningsråd, FRIPRO Unge forskertalenter: «TIDEFLOW – Tidal\n"
            "         mixing in Arctic fjords» (prosjektleder; 7,9 mill. kr, 2022–2026)\n"
            "2019     Tromsø forskningsstiftelse, Starting grant «ICEEDGE» (PI; NOK 4 000 000)\n"
            "2017     Arktisk senter, seed project «SEALINK» (deltaker; prosjektleder: Jon Aas)\n")
    found = extract(text, "Sigrid Haugland Moe")
    assert [(r.data["name"], r.data["year"]) for r in found if r.kind == "award"] == [
        ("Norges forskningsråd, FRIPRO Unge forskertalenter", 2021),
        ("Tromsø forskningsstiftelse, Starting grant", 2019)]


def test_a_numbered_part_of_a_section_that_holds_courses_attended() -> None:
    """"4.3 Formación docente recibida" under "4. DOCENCIA" holds courses the person attended,
    not taught; the next numbered part holds the section's own again."""
    text = ("Nuria Ferrán Ochoa\n\n4. DOCENCIA\n\n4.1 Universidad de Lleida\n"
            "2021 – 2024   Hidrogeología, Grado en Geología\n"
            "\n4.2 Formación docente recibida\n"
            "2020   Aprendizaje basado en proyectos, Universidad de Lleida\n"
            "\n4.3 Otras universidades\n"
            "2018 – 2019   Geoquímica Ambiental, Universidad de Zaragoza\n")
    found = extract(text, "Nuria Ferrán Ochoa")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "Hidrogeología", "Geoquímica Ambiental"]


def test_an_employment_sections_dated_lines_are_jobs_whatever_words_name_the_role() -> None:
    """Under a title that says jobs, a line led by its dates is one, by its layout: the role no
    role word names ("Sommervikar", "Prácticas en empresa") and its employer on the same line,
    past its place; "im" says where as "at" does. The same lines under another title, or
    above every title, are not."""
    lines = ("03/2019-         Sjukhusfysiker      Norrlands sjukhus, Umeå\n"
             "2014–2019        Postdoktor, Institutt for geofag, Universitetet i Tromsø\n"
             "2012–2013        Kartleggingsassistent (50 %), Norsk Polarinstitutt, Tromsø\n"
             "juni–aug. 2011   Sommervikar (sommerjobb), Havforskningsinstituttet, Bergen\n"
             "02/2009 – 03/2009   Praktikum im Landesarchiv Schleswig-Holstein\n")
    text = "Ingrid Solheim Vik\n\nSTILLINGER\n\n" + lines
    jobs = _fields(text, "Ingrid Solheim Vik", "position", "role", "organisation", "start")
    assert jobs == [("Sjukhusfysiker", "Norrlands sjukhus", "03/2019"),
                    ("Postdoktor", "Universitetet i Tromsø", "2014"),
                    ("Kartleggingsassistent", "Norsk Polarinstitutt", "2012"),
                    ("Sommervikar", "Havforskningsinstituttet", "juni 2011"),
                    ("Praktikum", "Landesarchiv Schleswig-Holstein", "02/2009")]
    others = _fields("Ingrid Solheim Vik\n\nVERV OG TILLITSVERV\n\n" + lines, "Ingrid Solheim Vik",
                     "position", "role")
    assert ("Kartleggingsassistent",) not in others and ("Sommervikar",) not in others
    top = _fields(text.replace("STILLINGER\n", ""), "Ingrid Solheim Vik", "position", "role")
    assert ("Kartleggingsassistent",) not in top


def test_a_few_capitalised_words_over_a_role_and_its_dates_are_its_employer() -> None:
    # a profile export's entries: employer, role, dates with their duration, place; an
    # employer whose name has no word that says it is one
    text = ("Kwabena Owusu-Ansah\n\nExperience\n"
            "Google\nSoftware Engineering Intern\nJune 2010 - September 2010 (4 months)\n"
            "Mountain View, California\n"
            "Kumasi Telecom\nSoftware Engineer\nJuly 2006 - July 2008 (2 years 1 month)\n"
            "Accra, Ghana\nBilling and mobile-money back-end services.\n")
    jobs = _fields(text, "Kwabena Owusu-Ansah", "position", "role", "organisation")
    assert jobs == [("Software Engineering Intern", "Google"),
                    ("Software Engineer", "Kumasi Telecom")]


def test_a_run_of_lines_led_by_course_codes_is_teaching_wherever_it_sits() -> None:
    """Courses listed by their codes inside a job's entry, or under a heading that reads as
    another kind's, are courses taught, and no jobs or awards; one coded line alone, or a
    code whose number is a year ("ERC 2019"), is none."""
    text = ("Aroha Tuilagi\n\nEMPLOYMENT\n\n"
            "2020–present   Assistant Professor, School of Geography, Tarnby University\n"
            "2016–2020      Sessional Lecturer, Department of Geography, Halvorsen College\n"
            "               GEOG 110  Introduction to Physical Geography (Fall 2016, Fall 2017)\n"
            "               GEOG 325  Coastal Geomorphology (Winter 2018)\n"
            "               GEOG 410  Field Methods in Coastal Science (Summer 2019)\n"
            "\nHONOURS AND GRANTS\n\n"
            "2021   ERC 2019 Starting Grant runner-up, European Research Council\n"
            "2019   Early Career Teaching Award, Halvorsen College\n"
            "Fall 2019   GEOS 210  Earth Surface Processes\n"
            "Fall 2020   GEOS 211  Rivers and Landscapes\n")
    found = extract(text, "Aroha Tuilagi")
    courses = sorted(r.data["course"] for r in found if r.kind == "teaching")
    assert courses == ["GEOG 110 Introduction to Physical Geography",
                       "GEOG 325 Coastal Geomorphology",
                       "GEOG 410 Field Methods in Coastal Science",
                       "GEOS 210 Earth Surface Processes", "GEOS 211 Rivers and Landscapes"]
    assert [r.data["role"] for r in found if r.kind == "position"] == [
        "Assistant Professor", "Sessional Lecturer"]
    awards = [r.data["name"] for r in found if r.kind == "award"]
    assert len(awards) == 2 and not any("GEOS" in name for name in awards)


def test_courses_a_job_entry_names_after_a_teaching_role_or_in_a_sentence() -> None:
    """A course's code and title alone under a teaching role, and a course a job's line says
    was taught "to undergraduate students": courses; "A and B" with no comma may be one
    course's name, "A and B courses" are two."""
    text = ("Kaveh Ranjbar\n\nEXPERIENCE\n\n"
            "Winter 2023\nquarter Assistant Instructor\nPSY 146 - The Psychology of Sleep\n"
            "2017-2024 Graduate Student Researcher\nDepartment of Psychology, Tarnby University\n"
            "Teaching assistant                                   Lyon, France\n"
            "Halvorsen Institute of Technology                           2018\n"
            "Taught Introduction to Algorithms and Java Programming to undergraduate students. "
            "Led a\n"
            "Research assistant, Kestrel University                 2015–2016\n"
            "  * Assisted in Labour Economics and Econometrics courses\n")
    courses = sorted(r.data["course"] for r in extract(text, "Kaveh Ranjbar")
                     if r.kind == "teaching")
    assert courses == ["Econometrics", "Introduction to Algorithms and Java Programming",
                       "Labour Economics", "PSY 146 - The Psychology of Sleep"]


def test_europass_fields_whose_labels_and_values_wrap_in_their_columns() -> None:
    """A Europass form as a PDF's text gives it: labels right-aligned in a column of their own,
    values that wrap under themselves, a label that wraps in its column. Each field's value is
    one line; the form's "Occupation or position held" is the role, whatever words name it,
    its employer the employer however long; a heading in the label column heads its section."""
    rows = [("Dates", "01/10/2014 - 30/09/2019"),
            ("Occupation or position held", "Lector universitar (Lecturer)"),
            ("Main activities and responsibilities", "Laboratory and seminar classes, course"),
            ("", "lectures from 2016, research in membrane processes"),
            ("Name and address of employer", "Universitatea Tehnică din Corvinești, Faculty of"),
            ("", "Chemical Engineering, Department of Water Technologies, Str. Lungă 12,"),
            ("", "Corvinești (Romania)"), ("", ""),
            ("Dates", "03/07/2006 - 15/09/2006"),
            ("Occupation or position held", "Laborant (Laboratory technician)"),
            ("Name and address of employer", "Rafinăria Doljana S.A., Doljana (Romania)"),
            ("", ""),
            ("Dates", "01/10/2008 - 28/06/2011"),
            ("Title of qualification awarded", "Doctor inginer (PhD) in Chemical Engineering"),
            ("Name and type of organisation", "Universitatea Tehnică din Corvinești, Doctoral"),
            ("providing education and training", "School of Chemical Engineering"), ("", ""),
            ("Publications", "1. Vlădescu, A.; Mirea, L. Ceramic membranes for the removal of"),
            ("", "arsenic from groundwater. Water Res. 2019, 150, 12-21.")]
    body = "".join(f"{label:>38}   {value}\n" if label else (f"{'':41}{value}\n" if value
                                                                else "\n") for label, value in rows)
    text = "Europass Curriculum Vitae\n\nAna Vlădescu\n\nWork experience\n\n" + body
    jobs = _fields(text, "Ana Vlădescu", "position", "role", "organisation", "start")
    assert [(role, organisation.split(",")[0], start) for role, organisation, start in jobs] == [
        ("Lector universitar (Lecturer)", "Universitatea Tehnică din Corvinești", "01/10/2014"),
        ("Laborant (Laboratory technician)", "Rafinăria Doljana S.A", "03/07/2006")]
    assert "Str. Lungă" not in jobs[0][1]
    assert _fields(text, "Ana Vlădescu", "education", "level", "institution") == [
        ("phd", "Universitatea Tehnică din Corvinești")]
    assert _fields(text, "Ana Vlădescu", "publication", "venue", "year") == [("Water Res.", 2019)]


def test_the_headings_of_the_harvard_faculty_cv_that_us_medical_schools_ask_for() -> None:
    """"Report of Scholarship" / "Peer-Reviewed Scholarship in print or other media" hold
    papers (and "Abstracts, Poster Presentations …" published abstracts); "Report of Regional,
    National and International Invited Teaching and Presentations" holds talks, no courses;
    "Current Licensure and Certification" holds no courses either."""
    text = ("Tove Lindqvist-Amadi\n\nTeaching of Students in Courses\n\n"
            "2019-       PED 710 Pediatric Infectious Diseases          Lecturer\n"
            "\nReport of Regional, National and International Invited Teaching and "
            "Presentations\n\n"
            "2021        Measles after elimination. Grand Rounds, Kestrel Children's Hospital\n"
            "\nCurrent Licensure and Certification\n\n"
            "2012        Massachusetts Medical License\n"
            "\nReport of Scholarship\n\nPeer-Reviewed Scholarship in print or other media\n\n"
            "Research Investigations\n\n"
            "1.   Lindqvist-Amadi T, Okafor CU. Waning maternal antibody in infants of vaccinated\n"
            "     mothers: a cohort study. Pediatr Infect Dis J. 2014;33(11):1141-6.\n"
            "\nAbstracts, Poster Presentations and Exhibits Presented at Professional Meetings\n\n"
            "2.   Lindqvist-Amadi T. Early vaccination before travel: immunogenicity at 12 months\n"
            "     [abstract]. Open Forum Infect Dis. 2015;2(suppl 1):S112.\n")
    found = extract(text, "Tove Lindqvist-Amadi")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "PED 710 Pediatric Infectious Diseases"]
    assert [(r.data["venue"], r.data["year"]) for r in found if r.kind == "publication"] == [
        ("Pediatr Infect Dis J", 2014), ("Open Forum Infect Dis", 2015)]


def test_a_lattes_cvs_bonds_with_institutions_are_its_jobs() -> None:
    """A Lattes export names each employer on a header line, then its bonds: the dates, then
    "Vínculo: …, Enquadramento Funcional: <role>, Carga horária: …", wrapped in its column. A
    sentence in Portuguese at the top ("Atualmente é Professora …") is prose, no job line."""
    pad = " " * 30
    text = ("Joana Prates Vilela\n\n"
            "Possui graduação em Agronomia pela Universidade Federal de Lavras (2009).\n"
            "Atualmente é Professora Adjunta do Departamento de Solos da Universidade Federal de\n"
            "Lavras. Tem experiência na área de Agronomia.\n\n"
            "Atuação Profissional\n\n"
            "Universidade Federal de Lavras, UFLA, Brasil.\n\nVínculo institucional\n\n"
            f"2018 - Atual{pad[:18]}Vínculo: Servidor Público, Enquadramento Funcional:\n"
            f"{pad}Professora Adjunta, Classe C, Carga horária: 40.\n\n"
            "Cooperativa Agrária Vale do Ipê, COOPVALE, Brasil.\n\nVínculo institucional\n\n"
            f"2010 - 2012{pad[:19]}Vínculo: Celetista, Enquadramento Funcional: Analista de\n"
            f"{pad}Solos (CLT), Carga horária: 44\n")
    jobs = _fields(text, "Joana Prates Vilela", "position", "role", "organisation", "start",
                   "end")
    assert jobs == [
        ("Professora Adjunta, Classe C", "Universidade Federal de Lavras, UFLA, Brasil", "2018",
         "Atual"),
        ("Analista de Solos", "Cooperativa Agrária Vale do Ipê, COOPVALE, Brasil", "2010",
         "2012")]


def test_a_linkedin_profile_saved_as_a_pdf_is_read_by_its_fixed_layout() -> None:
    """Only LinkedIn's own headings head its sections ("Teaching:" inside an entry and an
    employer in capitals do not); each role sits over its dates, under its employer, under
    the time spent there, or under the place or text of the role before at the same employer."""
    text = ("Contact\nwww.linkedin.com/in/ingrid-\nhalvorsen-77 (LinkedIn)\n\n"
            "Top Skills\nGenomics\n\nIngrid Halvorsen\nProfessor at Tarnby University\n\n"
            "Experience\nTarnby University\n4 years 2 months\nAssociate Professor\n"
            "January 2021 - Present (4 years)\nTarnby, Norway\nLeads the genomics group.\n"
            "Teaching:\n- BIO210 Population Genetics (spring 2022)\n"
            "Postdoctoral Fellow\nAugust 2019 - December 2020 (1 year 5 months)\nTarnby, Norway\n"
            "KVALE FISK AS\nSommervikar\nJune 2012 - August 2012 (3 months)\nBergen, Norway\n"
            "                                                  Page 1 of 2\n"
            "Halden Data\nData Analyst\nMay 2015 - July 2019 (4 years 3 months)\n"
            "Oslo, Norway\nForecasting models for grid operators.\n"
            "Junior Analyst\nSeptember 2014 - April 2015 (8 months)\n\n"
            "Education\nTarnby University\nDoctor of Philosophy - PhD, Genetics · (2015 - 2019)\n"
            "                                                  Page 2 of 2\n")
    jobs = _fields(text, "Ingrid Halvorsen", "position", "role", "organisation")
    assert jobs == [("Associate Professor", "Tarnby University"),
                    ("Postdoctoral Fellow", "Tarnby University"),
                    ("Sommervikar", "KVALE FISK AS"), ("Data Analyst", "Halden Data"),
                    ("Junior Analyst", "Halden Data")]
    assert _fields(text, "Ingrid Halvorsen", "education", "level") == [("phd",)]


def test_a_person_whose_name_opens_with_an_initial_is_cited_by_the_given_name() -> None:
    # South Indian names put an initial (a father's or a place's) before the given name, which
    # citations keep: "K. Lakshmi Varadarajan" is "L. Varadarajan"; "P. Varadarajan" is not her
    text = ("K. Lakshmi Varadarajan\n\n10. PUBLICATIONS\n\n"
            "  [1]  L. Varadarajan and R. Karthik, \"A low-power radix-4 multiplier for hearing\n"
            "       aids,\" IEEE Trans. Circuits Syst. II, vol. 68, no. 4, pp. 1402–1406, 2021.\n"
            "  [2]  P. Varadarajan and R. Karthik, \"Filter banks for audio equalisers,\" IET\n"
            "       Signal Process., vol. 12, no. 3, pp. 55–64, 2018.\n")
    papers = extract(text, "K. Lakshmi Varadarajan")
    assert [(r.data["title"][:8], r.authored) for r in papers if r.kind == "publication"] == [
        ("A low-po", True), ("Filter b", False)]


def test_lines_under_a_heading_that_says_they_are_the_courses_taught() -> None:
    """"Disciplinas ministradas" (a Lattes CV's) says the lines under it are the courses taught,
    one a line with no role, school or term: they are courses up to the blank line after
    them; what follows is not."""
    text = ("Helena Marques Vidal\n\nAtividades\n\n"
            "03/2018 - Atual     Ensino, Agronomia, Nível: Graduação\n"
            "Disciplinas ministradas\n"
            "Fertilidade do Solo\nManejo e Conservação do Solo\n"
            "Gênese, Morfologia e Classificação de Solos\n\n"
            "Cooperativa Agrária Vale do Ipê, COOPVALE, Brasil.\n\nVínculo institucional\n")
    courses = [r.data["course"] for r in extract(text, "Helena Marques Vidal")
               if r.kind == "teaching"]
    assert courses == ["Fertilidade do Solo", "Manejo e Conservação do Solo",
                       "Gênese, Morfologia e Classificação de Solos"]


def test_a_table_of_jobs_read_by_its_header_rows_columns() -> None:
    """"S.No.  Designation  Institution  From  To", rows a number opens and whose cells wrap
    in their columns: each row is a job, under a "Teaching experience" title too, and none of
    its cells is a course."""
    text = ("Dr. R. Kavitha Ramanathan\n\n2. TEACHING EXPERIENCE  (Total: 12 years)\n\n"
            "S.No. Designation            Institution                           From          To\n"
            "1.    Associate Professor    Department of EEE, Kaveri Institute   01.07.2019    "
            "Till date\n"
            "                             of Technology, Salem\n"
            "2.    Assistant Professor    Department of EEE, Kaveri Institute   15.12.2013    "
            "30.06.2019\n"
            "      (Grade-I)              of Technology, Salem\n\n"
            "4. INDUSTRIAL EXPERIENCE\n\n"
            "S.No. Designation            Organisation                          From          To\n"
            "1.    Graduate Engineer      Deccan Power Systems Limited          01.07.2010    "
            "30.06.2011\n"
            "      Trainee                (DPSL), Hosur\n")
    found = extract(text, "R. Kavitha Ramanathan")
    assert [(r.data["role"], r.data["organisation"], r.data["start"]) for r in found
            if r.kind == "position"] == [
        ("Associate Professor", "Department of EEE, Kaveri Institute of Technology, Salem",
         "01.07.2019"),
        ("Assistant Professor (Grade-I)",
         "Department of EEE, Kaveri Institute of Technology, Salem", "15.12.2013"),
        ("Graduate Engineer Trainee", "Deccan Power Systems Limited (DPSL), Hosur",
         "01.07.2010")]
    assert not [r for r in found if r.kind == "teaching"]


def test_headings_that_end_in_activity() -> None:
    # "Teaching activity" heads courses (a Europass form's label says so too); "Conference and
    # Seminar Activity" heads talks, not papers
    text = ("Ilinca Mărgineanu\n\nTeaching activity\nLecturer:\n"
            "- Environmental Chemistry, B.Sc. year III, 2016/2017 - present\n"
            "- Water Treatment Technologies, M.Sc. year I, 2019/2020 - present\n"
            "\nConference and Seminar Activity\n"
            "2023  Canadian Economics Association annual meetings, Winnipeg\n"
            "2022  Workshop on Social Identity, University of Tarnby\n")
    found = extract(text, "Ilinca Mărgineanu")
    assert [r.data["course"] for r in found if r.kind == "teaching"] == [
        "Environmental Chemistry", "Water Treatment Technologies"]
    assert not [r for r in found if r.kind == "publication"]


def test_a_line_of_dates_and_a_place_does_not_go_on_with_the_line_under_it() -> None:
    # the short end of a description whose first line a CV line's length left out ("East
    # Africa.") does not wrap the dates-and-place line of the entry above it
    text = ("Ifeoma Adebanjo-Kress\n\nExperience\n"
            "Economist, Currency Department\nBank of Tarnby\nSep 2017 – Dec 2019 | Ottawa, ON\n"
            "• Estimated the demand for cash and for digital payments with structural discrete\n"
            "  choice models and briefed the board on them.\n"
            "Short-Term Consultant (STC), Development Research Group\nThe Halden Bank\n"
            "Sep 2016 – Jun 2017 | Washington, DC (remote)\n"
            "• Cleaned and harmonised household survey panels for a study of mobile-money "
            "adoption in\n  East Africa.\n"
            "Data Science Intern\nWealthbridge\nMay 2016 – Aug 2016 | Toronto, ON\n")
    jobs = _fields(text, "Ifeoma Adebanjo-Kress", "position", "role", "organisation")
    assert jobs == [("Economist, Currency Department", "Bank of Tarnby"),
                    ("Short-Term Consultant (STC), Development Research Group", "The Halden Bank"),
                    ("Data Science Intern", "Wealthbridge")]


def test_the_headings_of_a_lattes_cv() -> None:
    """"Artigos completos publicados em periódicos" holds papers (not the awards above it);
    "Formação Complementar" holds courses taken, no degrees; "Revisor de periódico" holds no
    jobs."""
    pad = " " * 38
    text = ("Joana Prates Vilela\n\nFormação Complementar\n\n"
            f"2019 - 2019{pad[:27]}Curso de curta duração em Crop modeling with DSSAT.\n"
            f"{pad}University of Florida, UF, Estados Unidos.\n\n"
            "Revisor de periódico\n\n"
            f"2016 - Atual{pad[:26]}Periódico: Revista Brasileira de Ciência do Solo\n\n"
            "Prêmios e títulos\n\n2016                     Prêmio Jovem Pesquisador, SBCS.\n\n"
            "Produção bibliográfica\n\nArtigos completos publicados em periódicos\n\n"
            f"1.{pad[:36]}VILELA, J. P.; BRUSTOLIN, V. K. Frações de fósforo em Latossolo\n"
            f"{pad}Vermelho. Revista Brasileira de Ciência do Solo, v. 36, p. 1511-1522,\n"
            f"{pad}2012.\n")
    found = extract(text, "Joana Prates Vilela")
    assert [(r.data["venue"], r.data["year"]) for r in found if r.kind == "publication"] == [
        ("Revista Brasileira de Ciência do Solo", 2012)]
    assert not [r for r in found if r.kind in ("education", "position")]


def test_subjects_taught_numbered_in_groups_with_where_they_were_taught() -> None:
    """"5. SUBJECTS TAUGHT" heads courses; a group's label ("U.G. (B.E. / B.Tech.)") is none;
    a course with no code and where it was taught in a bracket ("(at Kaveri College of
    Technology)") is a course at that school."""
    text = ("R. Kavitha Ramanathan\n\n5. SUBJECTS TAUGHT\n\n"
            "U.G. (B.E. / B.Tech.)\n"
            "  1. EE201    Electric Circuits\n"
            "  2.          Power Electronics (at Kaveri College of Technology)\n"
            "  3.          Control Systems (at Halden University, Odd Semester 2017)\n")
    found = [r.data for r in extract(text, "R. Kavitha Ramanathan") if r.kind == "teaching"]
    assert [(c["course"], c.get("institution")) for c in found] == [
        ("EE201 Electric Circuits", None),
        ("Power Electronics", "Kaveri College of Technology"),
        ("Control Systems", "Halden University")]


def test_a_title_that_lost_words_is_shown_though_it_matches() -> None:
    """The scorer matches a paper by its title's words; one that lost some (as "Quokka:" was lost
    from "Quokka: Congestion Signals …") still counts, and is listed so it can be seen."""
    label = {"source": "cv.md", "publications": [
        {"title": "Quokka: Congestion Signals for Lossless Ethernet", "venue": "NSDI",
         "year": 2023}]}
    record = extract("Publications\n\n1. Ana Ferro. Congestion Signals for Lossless Ethernet. "
                     "NSDI 2023.\n2. Ana Ferro. Second paper title here. SOSP 2021.\n"
                     "3. Ana Ferro. Third paper title here. OSDI 2020.\n", "Ana Ferro")
    totals: dict = {}
    score_document(label, record, totals)
    papers = totals["publication"]
    assert papers.matched == 1
    assert [m for m in papers.misses if "title" in m] == [
        "cv.md: title 'Quokka: Congestion Signals for Lossless Ethernet' read as 'Congestion "
        "Signals for Lossless Ethernet'"]



def test_a_bracket_that_says_what_kind_of_work_it_is_ends_the_title() -> None:
    text = ("Tomasz Ferreira-Lind\nPUBLICATIONS\n\n"
            "1. Ferreira-Lind T, Okoye PN. Night-shift rotas and sepsis recognition on medical "
            "wards [abstract]. Crit Care Med. 2021;49(1):S88.\n"
            "2. Ferreira-Lind T. Counting what the ward cannot see [editorial]. BMJ Qual Saf. "
            "2022;31(4):245-7.\n\nMANUSCRIPTS AND PREPRINTS\n\n"
            "Ferreira-Lind, T., & Haldane, R. (2024). Triage nurses and the early warning score "
            "[Manuscript submitted for publication]. School of Nursing, Elmridge University.\n\n"
            "Ferreira-Lind, T. (2023). Lactate-guided escalation in the emergency department "
            "[Preprint]. medRxiv.\n")
    papers = _fields(text, "Tomasz Ferreira-Lind", "publication", "title")
    assert papers == [("Night-shift rotas and sepsis recognition on medical wards",),
                      ("Counting what the ward cannot see",),
                      ("Triage nurses and the early warning score",),
                      ("Lactate-guided escalation in the emergency department",)]


def test_a_title_that_opens_at_the_end_of_the_author_line_goes_on_under_it() -> None:
    text = ("Ilse Marchetti\nSELECTED PUBLICATION\n\n"
            "Marchetti, Ilse, Tobias Wren, and Hana Okafor. 2023. Grounding\n"
            "Captions in Scene Graphs for Retrieval. In Proceedings of the 2023 Conference on\n"
            "Empirical Methods in Natural Language Processing, pages 101–112.\n")
    papers = _fields(text, "Ilse Marchetti", "publication", "title", "year")
    assert papers == [("Grounding Captions in Scene Graphs for Retrieval", 2023)]


def test_a_journal_abbreviated_at_the_right_of_the_title_line_is_no_part_of_the_title() -> None:
    text = ("Nuria Calvet-Ribas\nPUBLICATIONS\n\n"
            "3. Entangling Gates on Neutral-Atom Arrays SciPost Phys.\n"
            "N. Calvet-Ribas, P. Ollé and M. Serrat. 2019\n"
            "SciPost Physics 7, 041 (2019).\n"
            "2. Spin Chains and the Hyperdeterminant at Criticality J. Phys. A Math. Theor.\n"
            "N. Calvet-Ribas and P. Ollé. 2018\n"
            "Journal of Physics A: Mathematical and Theoretical 51, 505301 (2018).\n")
    papers = _fields(text, "Nuria Calvet-Ribas", "publication", "title", "venue")
    assert papers == [
        ("Entangling Gates on Neutral-Atom Arrays", "SciPost Physics"),
        ("Spin Chains and the Hyperdeterminant at Criticality",
         "Journal of Physics A: Mathematical and Theoretical")]


def test_a_question_in_a_title_goes_on_with_its_subtitle() -> None:
    text = ("Ruth Abernathy-Cole\nPUBLICATIONS\n\n"
            "1. Abernathy-Cole R, Mensah K. Is bigger better? Hospital volume and outcomes after "
            "hip fracture surgery. Injury. 2021;52(3):410-6.\n"
            "2. Mensah K, Abernathy-Cole R. Do surgeons agree? Canadian Journal of Surgery. "
            "2019;62(1):22-8.\n")
    papers = _fields(text, "Ruth Abernathy-Cole", "publication", "title", "venue")
    assert papers == [
        ("Is bigger better? Hospital volume and outcomes after hip fracture surgery", "Injury"),
        ("Do surgeons agree?", "Canadian Journal of Surgery")]


def test_a_span_of_years_in_a_title_is_neither_its_year_nor_its_venue() -> None:
    text = ("Morag Kilbride\nPEER-REVIEWED PUBLICATIONS\n\n"
            "1.  Kilbride M, Osei TA, Varga L. Stroke incidence by deprivation in the UK,\n"
            "    2004-2019: a cohort study. Lancet Neurol. 2021;20(6):431-440.\n"
            "2.  Osei TA, Kilbride M. Thrombolysis delays among rural patients in Scotland,\n"
            "    2010-2020. Stroke. 2022;53(2):e45-e48.\n")
    papers = _fields(text, "Morag Kilbride", "publication", "title", "venue", "year")
    assert papers == [
        ("Stroke incidence by deprivation in the UK, 2004-2019: a cohort study", "Lancet Neurol",
         2021),
        ("Thrombolysis delays among rural patients in Scotland, 2010-2020", "Stroke", 2022)]


MLA_MARKDOWN = """# Rosalind Ferraby

## Publications

### Books

- Ferraby, Rosalind. *Harbour Towns: Port Fiction in Portugal and Ireland, 1890–1930*. U of Toronto P, forthcoming 2026.
- ———. *Salt and Syntax: The Littoral Novel*. Ithaca: Cornell University Press, 2019.

### Chapters

- ———. "Quays." *Keywords for Maritime Studies*, edited by Ona Petraitis, Bloomsbury Academic, 2021, pp. 88–97.

### Translations

- Ferraby, Rosalind, translator. *The Lighthouse Keeper's Ledger*. By Tomás Brennan, Northwestern UP, 2022.
"""  # noqa: E501 (MLA entries are one line each)


def test_mla_books_a_dash_for_the_authors_above_and_a_translators_entry() -> None:
    papers = _fields(MLA_MARKDOWN, "Rosalind Ferraby", "publication", "title", "venue", "year",
                     "authored")
    assert papers == [
        ("Harbour Towns: Port Fiction in Portugal and Ireland, 1890–1930", "U of Toronto P", 2026,
         True),
        ("Salt and Syntax: The Littoral Novel", "Cornell University Press", 2019, True),
        ("Quays", "Keywords for Maritime Studies", 2021, True),
        ("The Lighthouse Keeper's Ledger", "Northwestern UP", 2022, True)]


def test_a_list_of_two_entries_numbered_in_brackets() -> None:
    text = ("Aino Rautavaara\n\nInformal Publications\n\n"
            "[P2]  Jussi Lehto, Aino Rautavaara: Succinct tries for streaming prefixes. CoRR\n"
            "      abs/2401.01234 (2024)\n"
            "[P1]  Aino Rautavaara: A note on rank queries over compressed bit vectors. CoRR\n"
            "      abs/2104.05678 (2021)\n")
    papers = _fields(text, "Aino Rautavaara", "publication", "title", "venue", "year")
    assert papers == [("Succinct tries for streaming prefixes", "arXiv", 2024),
                      ("A note on rank queries over compressed bit vectors", "arXiv", 2021)]


def test_one_author_surname_first_before_a_colon_din() -> None:
    text = ("Dr.-Ing. Malte Oberhauser\n\nVeröffentlichungen\n\n"
            "[Z2]  OBERHAUSER, Malte: Spannungsarmglühen additiv gefertigter Bauteile – ein\n"
            "      Überblick. In: Schweißen und Schneiden 74 (2022), Nr. 3, S. 112–119\n"
            "[Z1]  OBERHAUSER, M. u. a.: Residual stress in laser-welded aluminium joints. In:\n"
            "      Journal of Materials Processing Technology 290 (2021), Art. 116987\n"
            "[K2]  Lena Brauer, Malte Oberhauser: Thermal models of powder bed fusion. In:\n"
            "      Proceedings of the Euro PM2020 Congress. Shrewsbury : EPMA, 2020, Paper 311\n"
            "[K1]  OBERHAUSER, Malte: Eigenspannungen beim Laserstrahlschweißen. In: Tagungsband\n"
            "      der 12. Fachtagung Fügetechnik. Aachen : Shaker, 2019, S. 21–30\n")
    papers = _fields(text, "Malte Oberhauser", "publication", "title", "authors", "venue")
    assert papers == [
        ("Spannungsarmglühen additiv gefertigter Bauteile – ein Überblick",
         ["OBERHAUSER, Malte"], "Schweißen und Schneiden"),
        ("Residual stress in laser-welded aluminium joints", ["OBERHAUSER, M."],
         "Journal of Materials Processing Technology"),
        ("Thermal models of powder bed fusion", ["Lena Brauer", "Malte Oberhauser"],
         "Proceedings of the Euro PM2020 Congress"),
        ("Eigenspannungen beim Laserstrahlschweißen", ["OBERHAUSER, Malte"],
         "Tagungsband der 12. Fachtagung Fügetechnik")]


def test_courses_led_by_their_year_and_term_under_a_school_in_capitals() -> None:
    text = ("Joan Pereira Lobo\n\nTEACHING\n\n"
            "UNIVERSITY OF AVEIRO — Department of Biology (Assistant Professor)\n\n"
            "   2022/2023, Fall term — Marine Ecology, BSc in Biology: course leader, 54 h.\n\n"
            "                                                              page 1/2\n"
            "Curriculum Vitae — Joan Pereira Lobo                          March 2024\n\n"
            "UNIVERSITY OF PORTO — ICBAS (Invited Assistant Professor)\n\n"
            "   2017/2018, 2nd semester — Benthic Ecology, MSc in Marine Sciences – Marine\n"
            "   Resources: lecturer, 20 h.\n"
            "   2015/2016 and 2016/2017, Spring term — Applied Marine Biology, BSc in Biology:\n"
            "   practical classes, 28 h per year.\n")
    courses = _fields(text, "Joan Pereira Lobo", "teaching", "course", "term")
    assert courses == [("Marine Ecology", "2022/2023, Fall term"),
                       ("Benthic Ecology", "2017/2018, 2nd semester"),
                       ("Applied Marine Biology", "2015/2016 and 2016/2017, Spring term")]


def test_gb_t_7714_references() -> None:
    text = ("Wenjie Lu\n\nPUBLICATIONS\n\n"
            "[1] LU W J, ZHOU M†, HAN Q*. Scour around bridge piers under combined waves and\n"
            "    currents[J]. Coastal Engineering, 2023, 181: 104276.\n"
            "[2] ZHOU M†, LU W J. Sediment transport near monopiles[C]//Proceedings of the 9th\n"
            "    International Conference on Scour and Erosion (ICSE 2022). Taipei: CRC Press,\n"
            "    2022: 311-318.\n"
            "[3] LU W J. Bridge Scour Engineering[M]. Beijing: China Communications Press, 2021.\n"
            "[4] LU W J, HAN Q. Pier protection device: CN112345678B[P]. 2021-03-02.\n")
    papers = _fields(text, "Wenjie Lu", "publication", "title", "authors", "venue", "year")
    assert papers == [
        ("Scour around bridge piers under combined waves and currents",
         ["LU W J", "ZHOU M", "HAN Q"], "Coastal Engineering", 2023),
        ("Sediment transport near monopiles", ["ZHOU M", "LU W J"], "ICSE", 2022),
        ("Bridge Scour Engineering", ["LU W J"], "China Communications Press", 2021)]


def test_harvard_and_iso_690_references() -> None:
    text = ("Marit Vellekoop Aranda\n\nPUBLICATIONS\n\n"
            "1. Vellekoop Aranda, M. and Brandt, K. (2023) 'Who pays the carbon tax? Evidence from "
            "Dutch firms', *Energy Economics*, 118, 106512.\n"
            "2. Vellekoop Aranda, M. (2020) *Carbon Pricing in Small Open Economies*. 2nd edn. "
            "London: Routledge.\n"
            "3. Brandt, K. and Vellekoop Aranda, M. 'Border adjustments and trade'. Revise and "
            "resubmit, *Journal of International Economics*.\n\n"
            "[1]  VELLEKOOP ARANDA, Marit; SOLÉ PUIG, Arnau†. Tasas de carbono en Europa. Revista "
            "de Economía Aplicada, 2019, vol. 27, no 2, p. 45-67.\n"
            "[2]  SOLÉ PUIG, Arnau; VELLEKOOP ARANDA, Marit; McBRIDE, Ewan, et al. Carbon leakage "
            "revisited. Energy Policy, 2018, vol. 120, p. 1-12.\n")
    papers = _fields(text, "Marit Vellekoop Aranda", "publication", "title", "venue", "year")
    assert papers == [
        ("Who pays the carbon tax? Evidence from Dutch firms", "Energy Economics", 2023),
        ("Carbon Pricing in Small Open Economies", "Routledge", 2020),
        ("Border adjustments and trade", "Journal of International Economics", None),
        ("Tasas de carbono en Europa", "Revista de Economía Aplicada", 2019),
        ("Carbon leakage revisited", "Energy Policy", 2018)]


def test_rsc_references_with_titles() -> None:
    text = ("Imogen R. Latchford\n\nPUBLICATIONS\n\n"
            "1. I. R. Latchford, P. Nwosu and K. Berrow, Porous glasses from coordination "
            "polymers, Chem. Sci., 2022, 13, 4410–4418.\n"
            "2. K. Berrow and I. R. Latchford, Operando spectroscopy of copper frameworks, Angew. "
            "Chem., Int. Ed., 2021, 60, 11223–11230.\n"
            "3. I. R. Latchford, Framework membranes for nanofiltration, Science, 2020, 368, "
            "1120–1125.\n")
    papers = _fields(text, "Imogen R. Latchford", "publication", "title", "venue", "year")
    assert papers == [("Porous glasses from coordination polymers", "Chem. Sci", 2022),
                      ("Operando spectroscopy of copper frameworks", "Angew. Chem", 2021),
                      ("Framework membranes for nanofiltration", "Science", 2020)]


def test_a_table_of_courses_led_by_academic_years_with_a_role_column() -> None:
    text = ("Inés Garmendia Roldán\n\nDOCENCIA\n\n"
            "Curso(s)              Asignatura                     Función\n"
            "2024/25–actualidad    26415 Estratigrafía            Profesora responsable\n"
            "                      Grado en Geología, 2.º curso, 6 ECTS\n"
            "2021/22–2023/24       26421 Sedimentología           Profesora\n"
            "                      Grado en Geología, 3.er curso, 6 ECTS\n")
    courses = _fields(text, "Inés Garmendia Roldán", "teaching", "course", "role", "term")
    assert courses == [("26415 Estratigrafía", "Profesora responsable", "2024/25–actualidad"),
                       ("26421 Sedimentología", "Profesora", "2021/22–2023/24")]


def test_the_uks_integrated_masters_degrees() -> None:
    for degree in ("MPhys in Physics (First Class Honours)", "MChem in Chemistry"):
        text = ("Rowan Pethybridge\n\nEDUCATION\n\n"
                "2014 – 2018     PhD in Physics, University of Durham\n"
                f"2010 – 2014     {degree}, University of Manchester\n")
        degrees = _fields(text, "Rowan Pethybridge", "education", "institution", "level")
        assert degrees == [("University of Durham", "phd"),
                           ("University of Manchester", "masters")], degree


def test_two_degrees_of_one_level_at_two_universities_of_are_two() -> None:
    text = ("Rowan Pethybridge\n\nEDUCATION\n\n"
            "2010 – 2014     MSc in Physics, University of Manchester\n"
            "2009 – 2010     MSc in Chemistry, University of Leeds\n")
    degrees = _fields(text, "Rowan Pethybridge", "education", "institution")
    assert degrees == [("University of Manchester",), ("University of Leeds",)]


def test_an_employer_named_by_no_lexicon_word_in_an_entry_led_by_its_dates() -> None:
    # dates alone, then role and employer in either order, or the dates beside the role:
    # "Pellworth Robotics" names no organisation by its words, only by where it stands
    entries = {
        "role first": "2022 – present\nResearch Scientist\nPellworth Robotics, Zurich\n"
                      "2019 – 2022\nPostdoctoral Researcher\nUniversity of Amsel\n",
        "employer first": "2022 – present\nPellworth Robotics, Zurich\nResearch Scientist\n"
                          "2019 – 2022\nUniversity of Amsel\nPostdoctoral Researcher\n",
        "dates by the role": "2022 – present   Research Scientist\n"
                             "                 Pellworth Robotics, Zurich\n"
                             "2019 – 2022      Postdoctoral Researcher\n"
                             "                 University of Amsel\n"}
    for layout, body in entries.items():
        text = f"Ilse Marrow\n\nWORK EXPERIENCE\n{body}"
        jobs = _fields(text, "Ilse Marrow", "position", "organisation", "role", "start")
        assert jobs == [("Pellworth Robotics", "Research Scientist", "2022"),
                        ("University of Amsel", "Postdoctoral Researcher", "2019")], layout


def test_a_place_or_a_description_under_a_dated_role_is_no_employer() -> None:
    text = ("Ilse Marrow\n\nWORK EXPERIENCE\n2020 – 2022\nResearch Intern\nRedmond, WA\n"
            "2018 – 2020\nSoftware Engineer\nDeveloped tools for mapping coral reefs\n")
    assert _fields(text, "Ilse Marrow", "position", "organisation") == []


def test_a_teaching_line_that_names_its_course_in_quotes_is_no_role_over_a_list() -> None:
    text = ("Ilse Marrow\n\nTEACHING\n"
            "- Teaching assistant for the course \"Signal Processing\", University of Amsel, 2021\n"
            "- Lecturer for the course \"Applied Acoustics\", University of Amsel, 2022\n")
    courses = _fields(text, "Ilse Marrow", "teaching", "course", "role", "term")
    assert courses == [("Signal Processing", "Teaching assistant", "2021"),
                       ("Applied Acoustics", "Lecturer", "2022")]


def test_courses_listed_after_the_level_they_were_taught_at() -> None:
    text = ("Ilse Marrow\n\nTEACHING\nUndergraduate: Wave Mechanics, Acoustics Laboratory\n"
            "Graduate courses: Room Acoustics; Psychoacoustics\n"
            "Doctoral: Advanced Topics in Hearing\n")
    assert _fields(text, "Ilse Marrow", "teaching", "course") == [
        ("Wave Mechanics",), ("Acoustics Laboratory",), ("Room Acoustics",),
        ("Psychoacoustics",), ("Advanced Topics in Hearing",)]


def test_a_section_of_positions_and_honours_gives_both() -> None:
    text = ("Ilse Marrow\n\nPOSITIONS AND HONORS\n"
            "2021 – present   Associate Professor, Department of Acoustics, University of Amsel\n"
            "2016 – 2021      Postdoctoral Fellow, Pellworth Institute for Hearing Research\n"
            "2019             Early Career Investigator Award, Society for Hearing Science\n"
            "2015             Brandt Postdoctoral Fellowship, Pellworth Foundation\n")
    jobs = _fields(text, "Ilse Marrow", "position", "organisation", "role")
    assert jobs == [("University of Amsel", "Associate Professor"),
                    ("Pellworth Institute for Hearing Research", "Postdoctoral Fellow")]
    awards = _fields(text, "Ilse Marrow", "award", "name", "year")
    assert awards == [("Early Career Investigator Award, Society for Hearing Science", 2019),
                      ("Brandt Postdoctoral Fellowship, Pellworth Foundation", 2015)]


@pytest.mark.parametrize(("title", "kind"), [
    ("Teaching and Workshops", "teaching"), ("Workshops and Courses Taught", "teaching"),
    ("Seminars Taught", "teaching"), ("Classes", "teaching"), ("Prowadzone zajęcia", "teaching"),
    ("Jobs", "position"), ("Posts held", "position"), ("Stanowiska", "position"),
    ("Przebieg pracy zawodowej", "position"), ("Esperienze lavorative", "position"),
    ("Posizioni accademiche", "position"), ("Postes occupés", "position"),
    ("Classes taken", "other"), ("Workshop Papers", "publication")])
def test_headings_of_jobs_and_courses_in_several_languages(title: str, kind: str) -> None:
    assert section_kind(title) == kind


def test_roles_in_lower_case_in_an_employment_section_led_by_dates() -> None:
    text = ("Zofia Kwiatkowska\n\nSTANOWISKA\n"
            "2019 – obecnie   adiunkt, Instytut Akustyki Stosowanej\n"
            "2015 – 2019      asystent, Uniwersytet Nadwiślański\n\n"
            "CLASSES\nFall 2020   Room Acoustics (AC 210), Uniwersytet Nadwiślański\n")
    jobs = _fields(text, "Zofia Kwiatkowska", "position", "organisation", "role")
    assert jobs == [("Instytut Akustyki Stosowanej", "adiunkt"),
                    ("Uniwersytet Nadwiślański", "asystent")]
    assert _fields(text, "Zofia Kwiatkowska", "teaching", "course") == [
        ("Room Acoustics (AC 210)",)]


def test_an_awards_list_whose_entries_close_with_their_years_needs_no_honour_word() -> None:
    text = ("Ilse Marrow\n\nHONORS AND AWARDS\n"
            "Best Student Paper Award, Nordic Acoustics Meeting (NAM) 2021\n"
            "Ranked 3rd among 400 engineering students of Amsel Polytechnic. 2018\n"
            "Member of the Amsel Society of Young Scientists. 2015\n"
            "Travel Grant, Society for Hearing Science, 2014\n")
    assert _fields(text, "Ilse Marrow", "award", "name", "year") == [
        ("Best Student Paper Award, Nordic Acoustics Meeting (NAM)", 2021),
        ("Ranked 3rd among 400 engineering students of Amsel Polytechnic", 2018),
        ("Member of the Amsel Society of Young Scientists", 2015),
        ("Travel Grant, Society for Hearing Science", 2014)]


def test_a_line_that_dates_the_award_above_or_wraps_it_is_no_award_of_its_own() -> None:
    text = ("Ilse Marrow\n\nAWARDS\n"
            "Best Poster Award, Nordic Acoustics Meeting, 2021\n"
            "Travel Grant, Society for Hearing Science, 2019\n"
            "Kestrel Prize for the best thesis in room acoustics from the\n"
            "Amsel Society of Engineers, Lund, 2017\n")
    assert _fields(text, "Ilse Marrow", "award", "year") == [(2021,), (2019,), (2017,)]


def test_honours_named_outstanding_or_best_in_spanish_french_italian() -> None:
    for name in ("Outstanding Reviewer, Journal of Room Acoustics",
                 "Mejor comunicación oral, Congreso de Acústica", "Meilleure thèse, SFA",
                 "Migliore tesi di dottorato, AIA"):
        text = (f"Ilse Marrow\n\nAWARDS\n• {name} (2020)\n"
                "• Travel Grant, Hearing Society (2019)\n")
        assert _fields(text, "Ilse Marrow", "award", "name")[0] == (name,), name


def test_a_role_in_bold_then_its_employer_whose_name_opens_in_lower_case() -> None:
    # the year before the month ("2023 jan."), the role in bold, a bar, then "iSound …"
    text = ("Ilse Marrow\n\nRESEARCH EXPERIENCE\n"
            "2023 jan. Research Engineer | iSound – Amsel Hearing Clinic\n"
            "Built a survey of hearing professionals for the clinic.\n")
    at = text.index("Research Engineer")
    bold = ((text.index("RESEARCH"), text.index("RESEARCH") + 19), (at, at + 17))
    jobs = _fields(text, "Ilse Marrow", "position", "organisation", "role", "start", bold=bold)
    assert jobs == [("iSound – Amsel Hearing Clinic", "Research Engineer", "2023")]


def test_a_role_as_the_label_of_courses_each_with_its_own_term() -> None:
    text = ("Ilse Marrow\n\nTEACHING\n"
            "Teaching assistant: Wave Mechanics (2016), Room Acoustics (2017), "
            "Psychoacoustics (2018)\n"
            "Lecturer: Hearing Science (2020–2023)\n"
            "Courses: Signal Processing (2019–2021), Acoustic Measurement (2022)\n")
    assert _fields(text, "Ilse Marrow", "teaching", "course", "role", "term") == [
        ("Wave Mechanics", "Teaching assistant", "2016"),
        ("Room Acoustics", "Teaching assistant", "2017"),
        ("Psychoacoustics", "Teaching assistant", "2018"),
        ("Hearing Science", "Lecturer", "2020–2023"),
        ("Signal Processing", None, "2019–2021"), ("Acoustic Measurement", None, "2022")]


def test_courses_each_over_the_line_of_the_role_it_was_taught_in() -> None:
    layouts = {
        "term under": "Hearing Science\nLecturer, University of Amsel, 2020–2023\n"
                      "Room Acoustics\nTeaching Assistant, Pellworth University, 2016–2018\n",
        "term beside": "Hearing Science                     Fall 2021\n"
                       "University of Amsel, Lecturer\n"
                       "Room Acoustics                      Spring 2017\n"
                       "Pellworth University, Teaching Assistant\n",
        "school beside": "Hearing Science, University of Amsel\nLecturer, Fall 2019, Fall 2020\n"
                         "Room Acoustics, Pellworth University\nTeaching Assistant, Spring 2017\n"}
    for layout, body in layouts.items():
        text = f"Ilse Marrow\n\nTEACHING\n{body}"
        courses = _fields(text, "Ilse Marrow", "teaching", "course", "role", "institution")
        assert courses == [("Hearing Science", "Lecturer", "University of Amsel"),
                           ("Room Acoustics", "Teaching Assistant", "Pellworth University")], layout


def test_a_role_under_its_dated_employer_with_the_place_set_after_it() -> None:
    text = ("Ilse Marrow\n\nEXPERIENCE\n"
            "Pellworth University September 2015 - December 2017\n"
            "Lecturer Ashford, MA\n"
            "· Taught acoustics to undergraduates\n"
            "Amsel Community Orchestra September 2018 - present\n"
            "Librarian (volunteer) Brookline, MA\n"
            "· Kept the scores of four seasons\n")
    jobs = _fields(text, "Ilse Marrow", "position", "organisation", "role", "start")
    assert jobs == [("Pellworth University", "Lecturer", "September 2015"),
                    ("Amsel Community Orchestra", "Librarian (volunteer)", "September 2018")]


def test_an_employer_line_that_closes_an_entry_led_by_its_dates_heads_no_later_one() -> None:
    text = ("Ilse Marrow\n\nEXPERIENCE\n"
            "2021 – 2023 Postdoctoral researcher in Acoustics, Department of Physics.\n"
            "University of Amsel, Norway.\n"
            "Room acoustics of concert halls\n"
            "2018 – 2020 Consultant doctoral student, Hearing team, Pellworth Audio. Oslo, "
            "Norway.\n")
    jobs = _fields(text, "Ilse Marrow", "position", "organisation", "role")
    # (the line's own employer, not the one that closed the entry above)
    assert jobs[-1][1] == "Consultant doctoral student" and "Amsel" not in jobs[-1][0]


def test_a_role_glued_to_the_web_site_it_was_held_at() -> None:
    text = ("Ilse Marrow\n\nEXPERIENCE\n2011 – present\nCo-founder hearbase.org\n"
            "Wrote and maintain the site's code.\n")
    assert _fields(text, "Ilse Marrow", "position", "organisation", "role") == [
        ("hearbase.org", "Co-founder")]


def test_entries_led_by_the_employer_in_bold_read_a_role_of_no_role_word() -> None:
    text = ("Ilse Marrow\n\nWork experience\nPellworth Audio Firmware Developer\n"
            "Amsel Acoustics Hardware and Measurement Design\n"
            "University of Amsel Project Assistant\n")
    bold = tuple((text.index(name), text.index(name) + len(name)) for name in (
        "Work experience", "Pellworth Audio", "Amsel Acoustics", "University of Amsel"))
    jobs = _fields(text, "Ilse Marrow", "position", "organisation", "role", bold=bold)
    assert jobs == [("Pellworth Audio", "Firmware Developer"),
                    ("Amsel Acoustics", "Hardware and Measurement Design"),
                    ("University of Amsel", "Project Assistant")]


def test_an_employer_after_presso_or_chez_without_its_article() -> None:
    text = ("Giulia Ferrante\n\nESPERIENZA PROFESSIONALE\n"
            "Dal 2019: Ricercatrice presso l'Università di Lucerna\n"
            "2016 – 2019: Assegnista di ricerca presso il Politecnico di Vallese\n")
    assert _fields(text, "Giulia Ferrante", "position", "organisation", "role") == [
        ("Università di Lucerna", "Ricercatrice"),
        ("Politecnico di Vallese", "Assegnista di ricerca")]


def test_a_job_after_a_label_that_says_it_is_the_current_or_previous_post() -> None:
    text = ("Ilse Marrow\n\nCurrent position: Associate Professor, University of Amsel\n"
            "Previous position: Research Fellow, Pellworth Institute (2016–2019)\n\n"
            "EDUCATION\n2010 – 2015  PhD in Acoustics, University of Amsel\n")
    assert _fields(text, "Ilse Marrow", "position", "organisation", "role") == [
        ("University of Amsel", "Associate Professor"),
        ("Pellworth Institute", "Research Fellow")]


def test_a_teaching_section_that_lists_only_course_names() -> None:
    text = ("Ilse Marrow\n\nTEACHING\n• Room Acoustics (undergraduate)\n"
            "• Psychoacoustics (graduate)\n• Hearing Science\n")
    assert _fields(text, "Ilse Marrow", "teaching", "course") == [
        ("Room Acoustics",), ("Psychoacoustics",), ("Hearing Science",)]
    prose = ("Ilse Marrow\n\nTEACHING\nTeaching statement available on request.\n"
             "• Room Acoustics (undergraduate)\n")
    assert _fields(prose, "Ilse Marrow", "teaching", "course") == []


@pytest.mark.parametrize(("heading", "kind"), [
    ("Courses taught", "teaching"), ("Teaching responsibilities", "teaching"),
    ("University teaching", "teaching"), ("Teaching assignments", "teaching"),
    ("Teaching Assistantships", "teaching"), ("Didactic activity", "teaching"),
    ("Positions held", "position"), ("Previous employment", "position"),
    ("Visiting positions", "position"), ("Research and teaching positions", "position"),
    ("Grants awarded", "award"), ("Administrative Responsibilities", "skip")])
def test_headings_in_sentence_case_end_the_section_above(heading: str, kind: str) -> None:
    text = ("Ilse Marrow\n\nEDUCATION\n2010 – 2015  PhD in Acoustics, University of Amsel\n\n"
            f"{heading}\n2019 – 2021  Lecturer, Room Acoustics, University of Amsel\n")
    last = split_sections(text, "Ilse Marrow")[-1]
    assert (last.title, section_kind(last.title)) == (heading, kind)


def test_a_guest_instructor_is_one_role_not_part_of_the_course() -> None:
    text = ("Ilse Marrow\n\nTEACHING\n"
            "ACOU310L Guest Instructor (Amsel Polytechnic), taught the upper level lab\n")
    assert _fields(text, "Ilse Marrow", "teaching", "course", "role") == [
        ("ACOU310L", "Guest Instructor")]


def test_a_range_whose_closing_year_is_cut_to_two_digits_closes_there() -> None:
    """"2016-18", "2016–18", "2012 – 14": the end year written with two digits closes the range,
    on year-led job lines (each read as a job) and on a degree's line alike."""
    text = ("PRIYA DALSGAARD\n\nACADEMIC POSITIONS\n"
            "2021-present  Assistant Professor, Fenwick University\n"
            "2018–21  Lecturer in Geochemistry, Ostrava Polytechnic\n"
            "2016-18  Postdoctoral Fellow, Marlow Institute\n\n"
            "EMPLOYMENT\n2012 – 14  Data Analyst, Bellweather Consulting\n\n"
            "EDUCATION\nPh.D. in Geology, Marlow Institute, 2011–16\n")
    jobs = _fields(text, "Priya Dalsgaard", "position", "role", "organisation", "start", "end")
    assert jobs == [("Assistant Professor", "Fenwick University", "2021", "present"),
                    ("Lecturer in Geochemistry", "Ostrava Polytechnic", "2018", "2021"),
                    ("Postdoctoral Fellow", "Marlow Institute", "2016", "2018"),
                    ("Data Analyst", "Bellweather Consulting", "2012", "2014")]
    assert _fields(text, "Priya Dalsgaard", "education", "level", "start", "end") == [
        ("phd", "2011", "2016")]
    # a year-led line whose role no other rule names is a job once its range is read whole
    text = ("RESEARCH EXPERIENCE\n2019-22 Graduate Research Assistant, Fenwick University\n"
            "2017-19 Summer Scholar, Quillon College Astronomy Department\n")
    assert _fields(text, "X", "position", "role", "start", "end")[-1] == (
        "Summer Scholar", "2017", "2019")
    # over a century's turn; an ISO month ("2014-09") is no range
    text = ("EXPERIENCE\n1998–02  Research Assistant, Tarn Valley College\n"
            "2004-09  Research Intern, Corvid Labs\n")
    assert _fields(text, "X", "position", "role", "end") == [  # "2004-09" ends in 2004
        ("Research Assistant", "2002"), ("Research Intern", "2004")]


def test_publications_led_by_a_bold_title_are_read_entry_by_entry() -> None:
    """Each entry opens with its title in bold, its authors and its venue on the lines under
    it: a Markdown list whose lines break on purpose ("**Title**  " / "  Authors  " / "  Venue,
    2023"), and a PDF's bold title line over plain author and venue lines, one record each."""
    papers = [("Lattice Drift: Calibrating Tidal Sensors Without Ground Truth",
               "Oskar Penhallow, Mirela Osei, and Tuva Lindqvist",
               "Robotics: Science and Systems (RSS), 2023"),
              ("Sparse Gulls: Counting Seabirds From Drone Footage",
               "Mirela Osei and Oskar Penhallow",
               "IEEE International Conference on Robotics and Automation (ICRA), 2021"),
              ("Foghorn: Acoustic Mapping of Harbour Floors", "Mirela Osei, Tuva Lindqvist",
               "Journal of Field Robotics, 2020")]
    want = [(papers[0][0], "RSS", 2023), (papers[1][0], "ICRA", 2021),
            (papers[2][0], "Journal of Field Robotics", 2020)]
    markdown = "## Publications\n\n" + "".join(
        f"- **{title}**  \n  {authors}  \n  {venue}\n" for title, authors, venue in papers)
    assert _fields(markdown, "Mirela Osei", "publication", "title", "venue", "year") == want
    text, bold = _bold_lines([("MIRELA OSEI", True), ("PUBLICATIONS", True)] + [
        row for title, authors, venue in papers
        for row in ((title, True), (authors, False), (venue, False))])
    assert _fields(text, "Mirela Osei", "publication", "title", "venue", "year",
                   bold=bold) == want


def test_a_grid_of_dates_wrapped_in_their_cell_and_a_name_wrapped_onto_the_next_line() -> None:
    """A borderless grid: each period broken after its dash ("04/2014 –" / "09/2018"), the
    employer's name wrapped onto a line that opens with "and"; "since 2021" in bold leads
    the first row."""
    text, bold = _bold_lines([
        ("Mara Lindqvist", True), ("", False), ("Academic Positions", True),
        ("since 2021 Junior Professor (W1) for Robotics, Universität Kaltenbach, Germany", False),
        ("10/2018 –", True), ("09/2021", True),
        ("Postdoctoral Researcher, Motion Department, Max Planck Institute", False),
        ("for Quiet Systems, Tübingen", False),
        ("04/2014 –", True), ("09/2018", True),
        ("Research Assistant (Wissenschaftliche Mitarbeiterin), Chair of Perception", False),
        ("and Control, Technische Universität Ostfeld", False)])
    jobs = _fields(text, "Mara Lindqvist", "position", "role", "organisation", "start", "end",
                   bold=bold)
    assert jobs == [
        ("Junior Professor (W1) for Robotics", "Universität Kaltenbach", "2021", "present"),
        ("Postdoctoral Researcher", "Max Planck Institute for Quiet Systems", "10/2018",
         "09/2021"),
        ("Research Assistant (Wissenschaftliche Mitarbeiterin)", "Technische Universität Ostfeld",
         "04/2014", "09/2018")]


def test_a_centre_named_on_a_role_line_under_its_university_is_part_of_it() -> None:
    text, bold = _bold_lines([
        ("Tomas Rikard", True), ("", False), ("Work History", True),
        ("Harlow Robotics Inc., Leeds", False),
        ("Research Scientist Jul 2019 – present", False),
        ("• Built the calibration stack for the mapping vans.", False),
        ("Kestrel University, The Machines Institute, Leeds", False),
        ("Postdoctoral Researcher Sep 2018 – Jun 2019", False),
        ("• Mapped old mines with a team of four.", False),
        ("Lab Manager, Field Machines Center 2012 – 2013", False),
        ("• Ran equipment and safety training.", False)])
    jobs = _fields(text, "Tomas Rikard", "position", "role", "organisation", bold=bold)
    assert ("Lab Manager", "Kestrel University") in jobs, jobs
    assert ("Postdoctoral Researcher", "Kestrel University") in jobs, jobs


def test_dates_above_a_bold_role_are_its_own_not_the_next_entrys() -> None:
    """Dates alone, then the role in bold, then the employer: an entry with no description
    does not take the next entry's dates."""
    text, bold = _bold_lines([
        ("Rui Amaral Sousa", True), ("", False), ("Research Experience", True),
        ("2018 – 2021", False), ("Postdoctoral Researcher", True),
        ("Harbour Institute of Biology, Lisbon, Portugal", False),
        ("Developed a method for counting cells in tissue.", False),
        ("Mar 2016 – Aug 2016", False), ("Visiting Scholar", True),
        ("Northgate Institute of Genomics, Boston, MA, USA", False),
        ("2012 – 2014", False), ("Research Assistant", True),
        ("Instituto de Saúde do Norte (ISN), Porto, Portugal", False)])
    jobs = _fields(text, "Rui Amaral Sousa", "position", "role", "start", "end", bold=bold)
    assert jobs == [("Postdoctoral Researcher", "2018", "2021"),
                    ("Visiting Scholar", "Mar 2016", "Aug 2016"),
                    ("Research Assistant", "2012", "2014")]


def test_a_long_line_led_by_a_season_is_a_job_in_a_date_column() -> None:
    cv = ("Henrike Dahl\n\nAppointments\n"
          "2016 - 2018 Postdoctoral Researcher, Section of Biostatistics, University of Arendal.\n"
          "Spring 2017 Visiting Scholar, Department of Statistics, University of Westmark, "
          "Seattle, USA.\n")
    jobs = _fields(cv, "Henrike Dahl", "position", "role", "organisation", "start")
    assert ("Visiting Scholar", "University of Westmark", "2017") in jobs, jobs


def test_the_end_of_a_name_wrapped_onto_the_next_line_is_no_employer() -> None:
    text, bold = _bold_lines([("Inês Moura", True), ("Sá", True), ("Marine Ecologist", False),
                              ("", False), ("Experience", True), ("2021 – present", False),
                              ("Research Scientist", True), ("Tide Institute, Faro", False)])
    jobs = _fields(text, "Inês Moura", "position", "role", "organisation", bold=bold)
    assert jobs == [("Research Scientist", "Tide Institute")], jobs
