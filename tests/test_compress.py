"""Context compression: which entries of the retrieved passages the model gets to read."""

from __future__ import annotations

from assistant.answer import follow_up_query
from assistant.compress import build_context, plain, question_terms, stem
from assistant.retrieval import Passage
from ingest import tokens
from ingest.chunking import Chunk


def _passage(n: int, section: str, body: str, person: str = "Ana Ruiz") -> Passage:
    chunk = Chunk(id=f"doc{n}:0000", sha=f"sha{n}", index=0, person=person, source="ana.md",
                  section=section, page=None, start=0, end=len(body), tokens=20,
                  text=f"{person} | {section}\n{body}", body="")
    return Passage(chunk, 1.0 / n)


EDUCATION = _passage(1, "Education", (
    "### Halverson University\n\nAug. 2015 - May 2021\n\nPh.D. in Computer Science\n\n"
    "Advisor: Bo Li\n\n### Calder State University\n\nSept. 2011 - May 2015\n\n"
    "B.S. in Mathematics\n"))
FILLER = [_passage(n, "Talks", "\n".join(f"- Talk {i} on caching at Venue {n}{i}, 20{10 + i}"
                                          for i in range(12))) for n in range(2, 6)]


def test_stems_meet_across_inflections() -> None:
    assert stem("worked") == stem("working") == stem("works") == stem("work")
    assert stem("studied") == stem("study") and stem("advisor") == stem("advised")


def test_synonyms_and_the_present_tense_widen_the_terms() -> None:
    assert stem("internship") in question_terms("Where did she intern?")
    assert stem("present") in question_terms("Where does Ana Ruiz work?", ["Ana Ruiz"])
    assert stem("present") not in question_terms("Where did Ana Ruiz work in 2015?")
    assert "ana" not in question_terms("Where does Ana Ruiz work?", ["Ana Ruiz"])


def test_a_verb_meets_its_irregular_past_and_its_role() -> None:
    """"What did she teach there?" meets "Taught logic", "lead sections" meets "Section
    leader": a follow-up's context keeps the line that says so."""
    jobs = _passage(1, "Experience", "\n".join([
        "Boston College September 2015 - December 2017", "Lecturer Boston, MA",
        *(f"· Composed assignment set {i} for the seminar on modal semantics" for i in range(6)),
        "Calder State University September 2013 - May 2015", "Postdoc Boston, MA",
        *(f"· Published research paper {i} in logic journals" for i in range(6)),
        "· Taught logic, paradoxes, and history of philosophy"]))
    history = [("Where was Ana Ruiz a postdoc?", "At Calder State University [1].")]
    query = follow_up_query("What did she teach there?", history, ["Ana Ruiz"])
    [(_, text)] = build_context([jobs], query, ["Ana Ruiz"], budget=60)
    assert "Taught logic, paradoxes" in text
    assert stem("leader") in question_terms("Which sections did Ana Ruiz lead?", ["Ana Ruiz"])


def test_a_question_about_topics_looks_for_research_not_jobs() -> None:
    terms = question_terms("What does Ana Ruiz work on?", ["Ana Ruiz"])
    assert stem("research") in terms and stem("present") not in terms
    assert stem("position") not in terms and stem("work") not in terms
    profile = _passage(1, "Profile", (
        "Ana Ruiz is an Assistant Professor at Halverson University (2021 - present).\n\n"
        + "\n".join(f"- Member of committee {i}, 20{10 + i}" for i in range(10))
        + "\n\nHer research covers query optimization and learned indexes."))
    jobs = _passage(2, "Experience", "- Assistant Professor, Halverson University, 2021 - present\n"
                    "- Software Engineer, Tarn Labs, 2015 - 2017")
    context = build_context([jobs, profile], "What does Ana Ruiz work on?", ["Ana Ruiz"], budget=60)
    sent = " ".join(text for _, text in context)
    assert "query optimization" in sent and "Tarn Labs" not in sent


def test_a_wrapped_sentence_is_sent_whole() -> None:
    bio = _passage(1, "Biography", (
        "Ana Ruiz is a Staff Scientist at Tarn Labs, where she leads a team of eleven engineers\n"
        "and researchers. Her research covers query optimization, learned indexes,\n"
        "and transaction processing. She received a B.S. from Calder State University in 2009\n"
        "and a Ph.D. from Halverson University in 2015, advised by Bo Li."))
    context = build_context([bio], "What does Ana Ruiz work on?", ["Ana Ruiz"], budget=40)
    assert "query optimization, learned indexes, and transaction processing" in context[0][1]


def test_markup_and_table_borders_are_dropped() -> None:
    text = plain("| <b>Tarn Labs</b><br>Intern | 2019 |\n|---|--|\n**Bold** [site](http://x)")
    assert "<b>" not in text and "---" not in text and "--" not in text.split("\n")[1]
    assert "Tarn Labs" in text and "Bold" in text and "site" in text and "http" not in text


def test_a_matching_entry_is_sent_whole_with_its_dates() -> None:
    context = build_context([EDUCATION, *FILLER], "When did Ana Ruiz start her Ph.D.?",
                            ["Ana Ruiz"], budget=120)
    first_passage, first_text = context[0]
    assert first_passage is EDUCATION
    assert "Halverson University Aug. 2015 - May 2021 Ph.D. in Computer Science" in first_text


def test_the_context_keeps_to_its_budget_and_drops_passages_with_nothing_relevant() -> None:
    context = build_context([*FILLER, EDUCATION], "Who advised Ana Ruiz?", ["Ana Ruiz"],
                            budget=80)
    total = sum(tokens.count(text) for _, text in context)
    assert total <= 80 * 1.15 + len(context)
    assert EDUCATION in [p for p, _ in context]
    assert "Advisor: Bo Li" in dict((p.chunk.id, t) for p, t in context)[EDUCATION.chunk.id]
    assert len(context) < 5


def test_small_passages_go_whole() -> None:
    context = build_context([EDUCATION], "Who advised Ana Ruiz?", ["Ana Ruiz"], budget=280)
    assert "Calder State University" in context[0][1] and "Bo Li" in context[0][1]


def test_a_follow_up_retrieves_with_the_question_before_it() -> None:
    history = [("Which company does Ana Ruiz work for?", "Tarn Labs [1].")]
    query = follow_up_query("When did she join?", history, ["Ana Ruiz"])
    assert "company" in query and "Ruiz" not in query
    assert follow_up_query("Who advised Bo Li at Halverson University?", history, []) == (
        "Who advised Bo Li at Halverson University?")
    assert follow_up_query("When did she join?", [], ["Ana Ruiz"]) == "When did she join?"


def test_a_line_is_kept_for_the_kind_of_thing_it_holds() -> None:
    # The header's contact lines share no word with "e-mail address" or "phone number".
    header = _passage(1, "Contact", "\n".join([
        "Department of Physics, Room 4.12", "ana.ruiz@halverson.edu", "+1 (512) 555-0199",
        "https://anaruiz.github.io", *[f"Interest {i}: caching and storage layers" for i in
                                       range(30)]]))
    budget = 60
    for question, line in [("What is Ana Ruiz's email address?", "ana.ruiz@halverson.edu"),
                           ("What's Ana Ruiz's phone number?", "+1 (512) 555-0199"),
                           ("Does Ana Ruiz have a website?", "https://anaruiz.github.io")]:
        (_, text), = build_context([header, *FILLER], question, ["Ana Ruiz"], budget)
        assert line in text, question
    (_, text), = build_context([header], "What does Ana Ruiz work on?", ["Ana Ruiz"], budget)
    assert "ana.ruiz@halverson.edu" not in text


def test_an_address_line_is_kept_for_a_question_about_where_someone_is_based() -> None:
    """"What city is she based in?" shares no word with "12 Kelp Road, 8000 Aarhus, Danmark":
    the line names a city and a country (as the address writes it), so it holds a place."""
    header = _passage(1, "Profile", "\n".join([
        "Department of Physics, Room 4.12", "ana.ruiz@halverson.edu", "12 Kelp Road",
        "8000 Aarhus, Danmark", *[f"Interest {i}: caching and storage layers"
                                  for i in range(30)]]))
    (_, text), = build_context([header, *FILLER], "What city is Ana Ruiz based in?",
                               ["Ana Ruiz"], 60)
    assert "8000 Aarhus, Danmark" in text


def test_a_line_cut_at_an_initial_or_an_and_goes_on_in_the_next() -> None:
    """A PDF line break after "Jonathan A." or "Durlauf and" is inside a name list: the next
    line is the same unit, so no name is sent or quoted cut in two."""
    from assistant.compress import units

    body = ("Thesis committee: Ines Valdane (chair), Colm A. Brady, Jonathan A.\nParker.\n"
            "Advisors: Ann Lee and\nBo Chen\nComputer Science, Ph.D.\n2015 - 2019")
    assert units(body) == [
        "Thesis committee: Ines Valdane (chair), Colm A. Brady, Jonathan A. Parker.",
        "Advisors: Ann Lee and Bo Chen", "Computer Science, Ph.D.", "2015 - 2019"]


def test_markdown_hard_line_breaks_are_not_quoted() -> None:
    from assistant.compress import plain

    assert plain("I am a software engineer at Uber.\\\nI studied at UCSB.") == (
        "I am a software engineer at Uber.\nI studied at UCSB.")



def test_a_job_list_set_without_blank_lines_is_cut_at_its_dated_heads() -> None:
    """A PDF's job list with no blank lines is one block; the job a question names is sent with
    the line under it ("Hosted by ..."), not cut off at its dated head line."""
    jobs = _passage(1, "Experience", "\n".join([
        "Research Scientist—Corvid Labs October 2021–April 2023",
        "Multimodal learning for long sequences. Co-led several research projects, published at",
        "ICML 2022 and mentored a research intern. Taught at two summer schools in Lisbon.",
        "Research Scientist Internship—Corvid Labs July 2020–November 2020",
        "Hosted by Tomas Heller in the embodied agents team, led by Ilse Varga.",
        "ML Research Internship—Quill Institute July 2018–September 2018",
        "Collaboration with Ruth Abiodun on a visual reasoning project in research."]))
    assert tokens.count(jobs.chunk.text) > 60  # one entry too large to send whole
    [(_, text)] = build_context([jobs], "Who hosted Ana Ruiz's research internship at Corvid "
                                "Labs?", ["Ana Ruiz"], budget=70)
    assert "Hosted by Tomas Heller" in text



def test_a_sentence_is_sent_with_its_line_and_never_glued_to_another() -> None:
    """"(Best Paper Award)" ends a line about one paper: it goes with the rest of that line,
    and is not printed after another paper's line as if that paper had won it."""
    papers = _passage(1, "Publications", "\n".join([
        "Okafor, Lena. “Tide Gauges”.",
        *(f"Heller, Tomas. “Wave Buoy Study Number {i}”. Ocean Letters. 201{i}." for i in range(4)),
        "Varga, Ilse and Lena Okafor. “Harbour Noise and Seabird Counts”. Marine Policy, "
        "Elsevier. 2019. (Best Paper Award)"]))
    assert tokens.count(papers.chunk.text) > 60
    [(_, text)] = build_context([papers], "Which of Lena Okafor's papers won a best paper "
                                "award?", ["Lena Okafor"], budget=60)
    assert "Seabird Counts”. Marine Policy, Elsevier. 2019. (Best Paper Award)" in text
    assert not any("Tide Gauges" in line and "Best Paper" in line for line in text.split("\n"))


def test_the_short_lines_under_a_kept_line_go_with_it() -> None:
    """A role line that meets the question is sent with its employer and dates under it
    ("Summer Intern" / "Quarrow Freight Headquarters" / "2014,"), not cut off at the budget."""
    jobs = _passage(1, "Work Experience", "\n".join([
        "Graduate Research Assistant, Halverson University with Dr. Bo Li",
        "Leads the design of sensor kits for classrooms, taught in several districts and used",
        "by teachers in science lessons across the region for several years now.",
        "Summer Intern", "Quarrow Freight Headquarters", "2014,",
        "Developed a fleet tracking system that sends notifications to owners about faults",
        "and schedules repairs with the dealers nearest to each machine in the field.",
        "Undergraduate Researcher", "Calder State University with Dr. Ilse Varga"]))
    assert tokens.count(jobs.chunk.text) > 60
    [(_, text)] = build_context([jobs], "Which company did Ana Ruiz intern at in the summer "
                                "of 2014?", ["Ana Ruiz"], budget=25)
    assert "Summer Intern\nQuarrow Freight Headquarters\n2014," in text


def test_a_job_held_now_is_found_by_its_open_start_in_the_cv_language() -> None:
    """"Where does she currently work?" of a French CV: "Depuis 10/2022" marks the job held
    now, as "present" does in English; the lines under it name the post and employer."""
    jobs = _passage(1, "Expérience professionnelle", "\n".join([
        *(f"• Projet {i} : analyse de données, Service de Génie Logiciel, 2015 - 2017"
          for i in range(8)),
        "Depuis", "10/2022", "Chercheuse qualifiée F.R.S.-FNRS, UMONS, Mons",
        "De 02/2015", "à 09/2022", "Chercheuse post-doctorante, UMONS, Mons"]))
    (_, text), = build_context([jobs], "Where does Ana Ruiz currently work?", ["Ana Ruiz"], 60)
    assert "Depuis\n10/2022\nChercheuse qualifiée F.R.S.-FNRS, UMONS, Mons" in text
    assert stem("seit") in question_terms("What is Ana Ruiz's current position?", ["Ana Ruiz"])
    assert stem("cours") not in question_terms("Where does Ana Ruiz work now?", ["Ana Ruiz"])


def test_a_word_glued_to_its_number_meets_the_question() -> None:
    # a profile page's counts, extracted without spaces ("117citations")
    header = _passage(1, "Profile", "\n".join([
        *(f"Paper {i}: a study of caching layers in storage systems" for i in range(20)),
        "Ana Ruiz DC 6papers 117citations Novelty62%"]))
    (_, text), = build_context([header], "How many citations does Ana Ruiz's profile report?",
                               ["Ana Ruiz"], 40)
    assert "117citations" in text


def test_a_year_and_item_number_go_with_the_award_they_head() -> None:
    """"2022 6. Young Talents Award …": the year and the item's number, no sentence of their
    own, are sent with the award they head; a curly apostrophe meets a straight one."""
    awards = _passage(1, "Awards", "\n".join([
        *(f"20{10 + i} {i + 1}. Travel Grant of the Harbour Society – {i + 1},000 €"
          for i in range(6)),
        "2022 7. Young Talents Award for Women in Science – L’Oréal - UNESCO Foundation, France "
        "(one of 30 laureates)"]))
    assert tokens.count(awards.chunk.text) > 60
    assert stem("L’Oréal") == stem("L'Oréal")
    [(_, text)] = build_context([awards], "What award did Ana Ruiz receive from the "
                                "L'Oréal-UNESCO foundation in 2022?", ["Ana Ruiz"], budget=40)
    assert "2022 7. Young Talents Award for Women in Science – L’Oréal" in text


def test_a_line_meets_a_concept_once_however_many_of_its_synonyms_it_holds() -> None:
    """"Distinguished Dissertation Award, Honorable Mention" holds three stems of "award" and
    its synonyms, one concept of the question; the line that names the award asked for
    ("NSF CAREER") meets three and is sent, though it comes from a lower-ranked passage."""
    thesis = _passage(1, "Profile", "\n".join([
        "My dissertation earned the 2012 Distinguished Dissertation Award, an Honorable Mention "
        "for the national Distinguished Dissertation Award and the Prize of the Graduate School "
        "for work in mathematics, physical sciences and engineering across the whole region.",
        *[f"I taught course {i} on sensing and feedback of everyday activities to many "
          f"students, with labs on energy use in homes and {i} projects." for i in range(4)]]))
    about = _passage(2, "Profile", "\n".join([
        *[f"My group {i} builds tools for accessibility mapping of sidewalks in many cities, "
          f"with volunteers and {i} partners." for i in range(4)],
        "I'm a Professor of Computer Science, a Sloan Fellow, and NSF CAREER Awardee."]))
    question = "In what year did Ana Ruiz receive her NSF CAREER award?"
    assert tokens.count(thesis.chunk.text) + tokens.count(about.chunk.text) > 120
    sent = "\n".join(text for _, text in build_context([thesis, about], question, ["Ana Ruiz"],
                                                       budget=60))
    assert "NSF CAREER Awardee" in sent


def test_when_is_met_by_a_line_with_dates() -> None:
    """"When did she join?" asks for a date: the employer's dated line is sent before lines
    that meet only the earlier question's "work"."""
    bullets = [f"- Worked on platform feature {i} with the data team and wrote its "
               f"documentation for customers and partners." for i in range(3)]
    jobs = _passage(1, "Work Experience", "\n".join(bullets) + "\n\n" + "\n".join(
        ["Quarrow Freight June 2019 - Current", *bullets]))
    question = follow_up_query("When did she join?", [("Where does Ana Ruiz work?",
                                                         "Quarrow Freight [1].")], ["Ana Ruiz"])
    [(_, text)] = build_context([jobs], question, ["Ana Ruiz"], budget=30)
    assert "Quarrow Freight June 2019 - Current" in text


def test_a_line_with_the_question_s_own_word_goes_before_one_with_its_synonyms() -> None:
    """"Which drug company did she collaborate with while at Corvid Labs?": the bullet that
    says "in collaboration with Peltara Pharma" meets the question's own "collaborate"; the
    ones about "data scientists" and "developing" meet only synonyms of "company". Each meets
    one concept, and the one with the question's own word is sent."""
    jobs = _passage(1, "Industry Experience", "\n".join([
        "Corvid Labs ML Research Scientist Aug 2024 – Jun 2025",
        "● Leadership: designed, hired and managed a team of data scientists for developing "
        "production models and their monitoring.",
        "● Mentoring: coached data scientists and engineers in developing evaluation methods "
        "for research teams.",
        "● Ran a Bayesian optimisation project in direct collaboration with Peltara Pharma.",
        *[f"● Built tool {i} for the forecasting of cash flow in small shops." for i in range(3)]]))
    question = "Which drug company did Ana Ruiz collaborate with while at Corvid Labs?"
    [(_, text)] = build_context([jobs], question, ["Ana Ruiz"], budget=45)
    assert "collaboration with Peltara Pharma" in text


def test_a_sentence_wrapped_onto_the_next_line_with_a_capital_is_sent_whole() -> None:
    """A publication's venue wraps onto the next line in title case ("… Conference on
    Empirical" / "Methods in Natural Language Processing"): the line that meets the question
    is sent with the rest of its sentence."""
    papers = _passage(1, "Publications", "\n".join([
        "Ruiz, Ana, and Bo Li. 2024. Teaching Image Models to",
        "Prefer Descriptions Over Captions. In Proceedings of the 2024 Conference on Empirical",
        "Methods in Natural Language Processing, pages 117–127, Miami, Florida.",
        *[f"Li, Bo, and Ana Ruiz. 202{i}. Sparse probes for model number {i}. In Proceedings "
          f"of the Workshop on Probes, pages {i}1–{i}9." for i in range(6)]]))
    question = "Where was Ana Ruiz's 2024 paper on image models preferring descriptions published?"
    [(_, text)] = build_context([papers], question, ["Ana Ruiz"], budget=60)
    assert "Methods in Natural Language Processing" in text
