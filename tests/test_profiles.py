from conftest import PROFILES, SHARED_PEOPLE

from ingest.profiles import as_name, detect_person, name_variants, unknown_person


def test_every_shared_profile_names_its_person() -> None:
    for name, person in SHARED_PEOPLE.items():
        assert detect_person((PROFILES / name).read_text()) == person, name


def test_name_in_common_cv_headers() -> None:
    assert detect_person("CURRICULUM VITAE\n\nJohn A. Smith, Ph.D.\nBoston") == "John A. Smith"
    assert detect_person("Prof. Ada Lovelace — CV\n") == "Ada Lovelace"
    assert detect_person("MARIA DE LA CRUZ\nmaria@x.org") == "Maria De La Cruz"
    assert detect_person("# Priya Ramanathan\n\n## Education\n") == "Priya Ramanathan"
    # degrees and fellowships after the name, as clinicians write them
    assert detect_person("CURRICULUM VITAE\n\nMairead K. Osei, MB ChB, MSc, DPhil\n") == \
        "Mairead K. Osei"
    assert detect_person("TOMAS RUIZ-LINDQVIST, M.D., M.P.H., FRCPC\nToronto") == \
        "Tomas Ruiz-Lindqvist"
    assert as_name("Ana Fairbairn") == "Ana Fairbairn"  # no "rn" (registered nurse) cut


def test_headings_addresses_and_institutions_are_not_names() -> None:
    for line in ["Curriculum Vitae", "Carnegie Mellon University", "EDUCATION",
                 "5000 Forbes Ave, Pittsburgh", "jane@cs.example.edu", "Research Interests"]:
        assert as_name(line) is None, line


def test_owner_found_from_author_lists_when_header_has_no_name() -> None:
    text = "Publications\n" + "\n".join(
        f"{i}. Lena Okafor, B. Stone. Paper {i}. OSDI 20{10 + i}." for i in range(4)
    )
    assert detect_person(text) == "Lena Okafor"


def test_nobody_identified_is_marked_unknown() -> None:
    assert detect_person("lecture notes\n\nsome text about caching 123\n") is None
    assert unknown_person("a1b2.pdf") == "Unknown person (a1b2.pdf)"


def test_name_variants_cover_author_list_forms() -> None:
    assert {"Jack Kosaian", "J. Kosaian", "Kosaian, Jack"} <= set(name_variants("Jack Kosaian"))


# A folder's notes about many people (a table of who each file is about) name nobody.
MANY_PEOPLE = "# Sources\n\n| file | person | notes |\n|---|---|---|\n" + "\n".join(
    f"| {f}.pdf | {p} | {p} wrote it; {p} kept it in a repository |" for f, p in [
        ("okafor", "Lena Okafor"), ("stone", "Bram Stone"), ("quint", "Mara Quintero"),
        ("vale", "Tomas Vale")]) + "\n| extra | Lena Okafor | again |\n"


def test_a_page_about_many_people_names_nobody() -> None:
    assert detect_person(MANY_PEOPLE, file_name="SOURCES.md") is None
    # the same mentions in a file named for one of them, or far ahead of the others, name them
    assert detect_person(MANY_PEOPLE, file_name="okafor_notes.md") == "Lena Okafor"
    assert detect_person(MANY_PEOPLE + "Lena Okafor. " * 4, file_name="notes.md") == "Lena Okafor"
