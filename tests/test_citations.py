"""Citation checking: markers that point nowhere, wrong numbers, unsupported sentences."""

from __future__ import annotations

from dataclasses import replace

from assistant.citations import assemble, check, split_sentences, support
from assistant.retrieval import Passage
from ingest.chunking import Chunk


def _passage(n: int, person: str, section: str, body: str) -> Passage:
    chunk = Chunk(id=f"doc{n}:0000", sha=f"sha{n}", index=0, person=person,
                  source=f"{person.split()[0]}.md", section=section, page=None, start=0,
                  end=len(body), tokens=20, text=f"{person} | {section}\n{body}", body="")
    return Passage(chunk, 1.0 / n)


PASSAGES = [
    _passage(1, "Ana Ruiz", "Education", "Ph.D., Halverson University, 2019\nAdvisor: Prof. Bo Li"),
    _passage(2, "Ana Ruiz", "Teaching", "Instructor, CS 162 Operating Systems, Fall 2021"),
    _passage(3, "Eli Stern", "Awards", "Best Paper Award, SOSP 2019"),
]


def test_sentences_split_but_abbreviations_and_initials_do_not() -> None:
    assert split_sentences("Her advisor was Prof. Bo Li [1]. She taught CS 162 [2].") == [
        "Her advisor was Prof. Bo Li [1].", "She taught CS 162 [2]."]


def test_support_needs_names_and_numbers_present() -> None:
    assert support("Ana Ruiz got her Ph.D. in 2019.", PASSAGES[0].chunk.text) >= 0.5
    assert support("Ana Ruiz got her Ph.D. in 2020.", PASSAGES[0].chunk.text) == 0
    assert support("Her advisor was Carl Jung.", PASSAGES[0].chunk.text) == 0


def test_correct_markers_are_kept() -> None:
    [sentence] = check("Ana Ruiz was advised by Bo Li [1].", PASSAGES)
    assert sentence.passages == [0] and not sentence.changed


def test_wrong_number_is_repointed_to_the_supporting_passage() -> None:
    [sentence] = check("She taught CS 162 Operating Systems in Fall 2021 [1].", PASSAGES)
    assert sentence.passages == [1] and sentence.changed == "repointed"


def test_marker_pointing_at_no_passage_is_removed_or_repointed() -> None:
    [sentence] = check("Eli Stern won the Best Paper Award at SOSP 2019 [7].", PASSAGES)
    assert sentence.passages == [2]


def test_unsupported_sentence_is_dropped() -> None:
    checked = check("Ana Ruiz advised by Bo Li [1]. She was born in Madrid in 1990 [1].", PASSAGES)
    assert [c.text for c in checked] == ["Ana Ruiz advised by Bo Li."]


def test_model_knowledge_without_passage_is_dropped() -> None:
    assert check("Ana Ruiz is a Turing Award winner known for Unix.", PASSAGES) == []


def test_assemble_renumbers_in_order_of_use_with_quotes() -> None:
    checked = check("She taught CS 162 [2]. Her advisor was Bo Li [1].", PASSAGES)
    text, citations = assemble(checked, PASSAGES)
    assert text == "She taught CS 162 [1]. Her advisor was Bo Li [2]."
    assert [c.chunk_id for c in citations] == ["doc2:0000", "doc1:0000"]
    assert citations[1].quote == "Advisor: Prof. Bo Li"
    assert citations[0].section == "Teaching" and citations[0].person == "Ana Ruiz"


def test_month_names_match_their_abbreviations_but_names_do_not() -> None:
    job = _passage(4, "Ana Ruiz", "Experience",
                   "Systems Engineer, Tarn Labs, Feb 2018 – Sept. 2021")
    assert support("She worked at Tarn Labs from February 2018 to September 2021.",
                   job.chunk.text) >= 0.5
    assert support("She worked at Tarn Labs from March 2018 to September 2021.",
                   job.chunk.text) == 0
    assert support("She worked with Jane at Tarn Labs in 2018.", job.chunk.text) == 0


def test_a_sentence_spanning_two_passages_cites_both() -> None:
    jobs = [
        _passage(1, "Ana Ruiz", "Internships", "Research Intern, Tarn Labs, Summer 2019"),
        _passage(2, "Ana Ruiz", "Internships", "Software Intern, Orwell Systems, Summer 2016"),
        _passage(3, "Ana Ruiz", "Awards", "Dean's List, 2015"),
    ]
    checked = check("She interned at Tarn Labs in 2019 and at Orwell Systems in 2016.", jobs)
    assert [c.passages for c in checked] == [[0, 1]]
    text, citations = assemble(checked, jobs)
    assert text.endswith("[1][2].") and [c.chunk_id for c in citations] == ["doc1:0000",
                                                                             "doc2:0000"]
    # A claim with a part no passage states is still dropped.
    assert check("She interned at Tarn Labs in 2019 and at Google in 2016.", jobs) == []


def test_one_claim_is_not_pieced_together_from_two_passages() -> None:
    passages = [
        _passage(1, "Ana Ruiz", "Publications", "Ana Ruiz, Bo Li. Tessellate: Locality-Aware "
                 "Erasure Coding. OSDI 2021."),
        _passage(2, "Ana Ruiz", "Awards", "Best Paper Award, FAST 2020"),
    ]
    assert check("Tessellate won the Best Paper Award at FAST 2020.", passages) == []


def test_a_passage_supports_with_the_end_of_the_entry_it_continues() -> None:
    bullet = _passage(2, "Ana Ruiz", "Research", "- Observed cost savings of up to 85% over "
                      "on-demand servers.")
    claim = "Crestline saved up to 85% over on-demand servers [1]."
    assert check(claim, [bullet]) == []
    bullet.before = "Crestline: geo-replicated logs, ATC 2020"
    assert [c.passages for c in check(claim, [bullet])] == [[0]]


def test_an_abbreviation_of_the_passage_s_words_is_supported() -> None:
    passage = ("Jack Kosaian | Experience\nResearch Intern, Microsoft Research, Redmond, WA. "
               "Mentor: Amar Phanishayee. May 2019")
    assert support("Amar Phanishayee mentored Jack Kosaian during his MSR internship.", passage)
    assert not support("Amar Phanishayee mentored Jack Kosaian during his IBM internship.",
                       passage)
    # lower-case words that happen to spell it out are no support
    assert not support("He led MSR work.", "Ana Ruiz | Bio\nShe led the most successful "
                                           "research work.")


def test_a_degree_is_supported_only_in_the_field_the_passage_gives_it() -> None:
    """"His PhD in computer science" where the passage gives a Ph.D. in Philosophy and an M.S. in
    Computer Science: every word is there, but not the relation, so the sentence is dropped."""
    body = ("Ph.D. in Philosophy, Tamsin Bay University, 2013\n"
            "M.S., Computer Science, Eldmoor Polytechnic Institute, 2007")
    p = [_passage(1, "Noor Castellan", "Education", body)]
    assert check("Noor Castellan got a PhD in computer science in 2013 [1].", p) == []
    assert check("Noor Castellan got a PhD in Philosophy in 2013 [1].", p)
    assert check("Noor Castellan holds an M.S. in Computer Science [1].", p)  # "M.S., Computer"


def test_a_degree_is_supported_only_with_the_year_the_passage_gives_it() -> None:
    """"His Ph.D. in 2004" where the passage's 2004 is a student's thesis and it names no
    Ph.D. of his that year: every number is there, but not the relation, so it is dropped."""
    theses = [_passage(1, "Noor Castellan", "Doctoral Supervision",
                       "Ines Valdane, Essays on Tides, 2004. Committee member.\n"
                       "Colm Brady, Sonar Arrays, 2003. Committee member.")]
    assert check("Noor Castellan got his Ph.D. in 2004 and his M.A. in 2003 [1].", theses) == []
    degrees = [_passage(2, "Noor Castellan", "Education",
                        "Tamsin Bay University\nM.A. in Economics, 1995\nPh.D. in Economics\n"
                        "1996 - 1999")]
    assert check("Noor Castellan got his Ph.D. in 1999 [1].", degrees)
    assert check("Noor Castellan got his M.A. in 1999 [1].", degrees) == []


def test_a_state_code_after_a_city_is_no_degree_to_date() -> None:
    """"Boston, MA. Senior Engineer May 2020" names Massachusetts, not an M.A. of 2020: the
    quoted job line is supported by the passage it comes from."""
    jobs = [_passage(1, "Ana Ruiz", "Overview", "Quarrow Freight, Boston, MA.\n\n"
                     "Senior Engineer\tMay 2020 - Current\nEngineer\tJune 2019 - May 2020")]
    assert check("Ana Ruiz: Quarrow Freight, Boston, MA. Senior Engineer May 2020 - Current "
                 "Engineer June 2019 - May 2020 [1].", jobs, whole_lines=True)


def test_a_quoted_line_is_one_claim_with_one_citation() -> None:
    """A line the model picked is quoted whole: its "Oct. 2020 - May. 2021" is not cut into
    sentences, each with its own marker; several lines stay on lines of their own."""
    from assistant.answer import finish

    body = "Machine Learning Engineer at Tapsi Oct. 2020 - May. 2021\nB.Sc., Sharif University"
    p = [_passage(1, "Noor Castellan", "Experience", body)]
    raw = ("Noor Castellan: Machine Learning Engineer at Tapsi Oct. 2020 - May. 2021 [1]\n"
           "Noor Castellan: B.Sc., Sharif University [1]")
    result = finish(raw, p, backend="local", quoted=True)
    assert result.text.splitlines() == [
        "Noor Castellan: Machine Learning Engineer at Tapsi Oct. 2020 - May. 2021 [1].",
        "Noor Castellan: B.Sc., Sharif University [1]."]
    assert finish(raw, p, backend="local").text.count("[1]") > 2  # written text is split


def test_a_country_the_passage_only_implies_is_cut_and_one_it_does_not_is_not() -> None:
    """"Strasbourg, France" from a passage that names Strasbourg alone: the sentence keeps what
    the passage says. A country no city of the passage lies in leaves the sentence unsupported."""
    passages = [_passage(1, "Ana Ruiz", "Education",
                         "Estancia Erasmus U. de Strasbourg, 2015 - 2016")]
    [kept] = check("Her Erasmus exchange was in Strasbourg, France [1].", passages)
    assert kept.text == "Her Erasmus exchange was in Strasbourg." and kept.passages == [0]
    assert check("Her Erasmus exchange was in Strasbourg, Spain [1].", passages) == []


def test_the_supported_items_of_a_list_sentence_are_kept() -> None:
    """One sentence that lists courses, led by a claim no passage makes ("Department of
    Geology"): the courses the passage gives are kept, each cited; the lead is not."""
    passages = [_passage(1, "Ana Ruiz", "Teaching",
                         "Statistics in Geology, Instructor, Summer 2017.\n"
                         "Introduction to Geology, Teaching Assistant, Spring 2016.")]
    checked = check("The Department of Geology had her teach Statistics in Geology, Summer 2017; "
                    "Introduction to Geology, Teaching Assistant, Spring 2016 [1].", passages)
    assert [c.text for c in checked] == ["Introduction to Geology, Teaching Assistant, "
                                         "Spring 2016."]
    assert checked[0].passages == [0]


def test_a_place_no_passage_names_is_cut_and_an_asked_place_is_not() -> None:
    chunk = Chunk(id="a:1", index=1, text="Ada Lovelace | Experience\nNoether Labs June 2019 - "
                  "Current", body="Noether Labs June 2019 - Current", person="Ada Lovelace",
                  source="a.md", section="Experience", page=None, start=0, end=10, tokens=12)
    passages = [Passage(chunk, 1.0)]
    kept = check("Ada Lovelace joined Noether Labs in Boston, MA in June 2019 [1].", passages)
    assert [c.text for c in kept] == ["Ada Lovelace joined Noether Labs in June 2019."]
    assert check("Yes, Ada Lovelace is based in Boston [1].", passages) == []
    assert check("Ada Lovelace is based in Boston [1].", passages) == []


def test_a_sentence_is_cited_to_the_chunk_that_states_it_not_the_one_after() -> None:
    """The chunk after a job's lines carries their end for context (`Passage.before`); a
    sentence that quotes those lines cites the chunk they are in, which the user then sees."""
    jobs = "Google Software Engineer Intern\nBigQuery team, May 2017 - July 2017"
    after = replace(_passage(4, "Eli Stern", "Experience",
                             "Epic Systems Software Intern, May 2015 - Aug. 2015"), before=jobs)
    own = _passage(5, "Eli Stern", "Experience", jobs)
    sentence = "Google Software Engineer Intern BigQuery team, May 2017 - July 2017"
    for text in (sentence, f"{sentence} [1]."):
        [checked] = check(text, [after, own])
        assert checked.passages == [1]
    # A bullet whose job is named only in the chunk before is still cited to its own chunk
    bullet = replace(_passage(6, "Eli Stern", "Experience", "- Tuned the read API"), before=jobs)
    [checked] = check("At Google he tuned the read API [1].", [bullet, own])
    assert checked.passages == [0]


def test_an_honour_is_supported_only_by_a_passage_that_names_one() -> None:
    """A journal's name and a paper's title, all in the passage, do not make it an award."""
    paper = "Ada Quill | Publications\n“Logic in Tides”. Review of Symbolic Logic (2017) 10: 1-50."
    assert support("Ada Quill received the Review of Symbolic Logic award for “Logic in "
                   "Tides” [1].", paper) == 0.0
    assert support("Ada Quill published “Logic in Tides” in the Review of Symbolic Logic "
                   "[1].", paper) == 1.0
    assert support("Ada Quill won a best paper award at CHI 2019 [1].",
                   "Ada Quill | Awards\nBest Paper, CHI 2019") > 0.5


def test_a_mentor_named_as_the_one_mentored_is_unsupported() -> None:
    passage = PASSAGES[0].chunk.text  # "Advisor: Prof. Bo Li"
    assert support("Ana Ruiz advised Bo Li at Halverson University.", passage) == 0
    assert support("Bo Li advised Ana Ruiz at Halverson University.", passage) >= 0.5
    assert support("Ana Ruiz was advised by Bo Li at Halverson University.", passage) >= 0.5


def test_a_month_is_supported_only_with_the_year_the_passage_gives_it() -> None:
    """"In July 2024" is no date the roles' lines give, though they give July (2022) and 2024
    (May): a month is checked with its year, wherever the passage dates that year by month."""
    roles = ("Ada Quill | Positions\nInternal roles:\n• Nov. 2021 - Jul 2022: Senior research scientist (L5)\n"
             "• Jul. 2022 - May 2024: Senior research scientist manager (L5)\n"
             "• May 2024 - Now: Staff research scientist manager (L6)")
    assert support("Ada Quill became a staff research scientist manager in July 2024.",
                   roles) == 0.0
    assert support("Ada Quill became a staff research scientist manager in May 2024.",
                   roles) > 0.5
    # months a range shares the year of, and numeric dates
    assert support("Ada Quill interned at Northgate in June 2019.",
                   "Ada Quill\nResearch intern, Northgate, Jun – Sep 2019") > 0.5
    assert support("Ada Quill: Summer Student, Northgate - Jun to Sep 2015.",
                   "Ada Quill\n**Summer Student**, Northgate - _Jun to Sep 2015_") > 0.5
    assert support("Ada Quill joined Northgate in July 2024.",
                   "Ada Quill\nNorthgate University, joined 07/2024 – present") > 0.5
    # a year the passage dates with no month is left to the words
    assert support("Ada Quill defended her thesis in July 2013.",
                   "Ada Quill\nPhD, Northgate University, 2013. Thesis defended in July.") > 0.5
