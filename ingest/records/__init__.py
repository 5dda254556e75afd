"""Structured records read from a profile at ingest: publications, education, positions,
awards, teaching; each points back to the chunk and character span it came from.

    records = extract(document.text, person)   # Record(kind, data, start, end)
    attach(records, chunks)                     # sets chunk_id from the spans
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ingest import injection
from ingest.chunking import GOES_ON, PREAMBLE, Chunk, Section, linkedin_export, split_sections
from ingest.profiles import without_page_code
from ingest.records import citations, education, honours, positions, publications
from ingest.records.text import (
    DATE_POINT,
    DATE_RANGE,
    MARKDOWN_LINK,
    YEAR,
    Line,
    date_range,
    first_year,
    lines,
    same_person,
    without_dates,
)

KINDS = ("publication", "education", "position", "award", "teaching")

# Headings in English and in the other languages CVs are most often written in (French,
# Spanish, German, Italian, Portuguese, Polish, Dutch, the Nordic languages, Czech, Turkish),
# by the stems their words share. Only English
# titles are skipped: a section whose later headings went unseen runs to the end of the
# document, and a "Langues" section that did so held a French CV's publications, read as an
# unknown kind.
_SECTION_KINDS = (
    ("publication", r"publication|paper|article|preprint|journal|manuscript|bibliography|"
                    r"\brefereed\b|peer[- ]reviewed|"
                    r"report of scholarship|reviewed scholarship|scholarship in print|"
                    r"research investigations|case reports|letters to the editor|"
                    r"reviews, chapters|^abstracts\b|produç(?:ão|ões) bibliográfica|"
                    r"artigos completos|capítulos de livros|trabalhos completos|livros publicados|"
                    r"resumos (?:expandidos )?publicados|"
                    r"proceeding|under review|in preparation|submitted|working paper|"
                    r"in progress|job market|\boutputs?\b|"
                    r"(?:conference|workshop)(?!.*(?:talk|presentation|poster|organi[sz]|activit))|"
                    r"\b(?:publicaci|publikation|pubblicazion|publicaç|publicatie|julkaisu|"
                    r"publikace|yayın|publikasjon|schriftenverzeichnis|veröffentlichung|"
                    r"zeitschriftenbeitr|konferenzbeitr|tagungsbeitr|buchbeitr|aufsätze|monogra)"),
    ("education", r"education|degree|academic background|studies|qualification|"
                  r"\b(?:éducation|educaci|educaç|formation|formaci|formaz|formaç|ausbildung|"
                  r"studium|bildung|istruzione|titoli di studio|wykształcenie|utbildning|"
                  r"uddannelse|utdanning|utdannelse|koulutus|opleiding|vzdělání|eğitim|öğrenim|"
                  r"habilitaç)"),
    ("award", r"award|honou?r|fellowship|prize|scholarship|recognition|distinction|"
              r"\b(?:premio|prix|auszeichnung|premi\b|prémio|prêmio|preise?\b|riconosciment|"
              r"récompense|nagrod|wyróżnieni|stypendi|borse? di studio|bourse|becas?\b|"
              r"prijs|prijzen|onderscheiding|utmärkelse|priser\b|palkinn|ocenění|ödül)"),
    ("teaching", r"teaching|courses taught|classes taught|instruct|lectures\b|lecturing|"
                 r"\btaught\b|^classes\b(?! taken| attended)|zajęcia|"
                 r"tutoring|(?:modules?|units?|subjects?) (?:taught|coordinated|led|convened)|"
                 r"(?<!relevant )(?<!graduate )courses\b(?! taken| completed| attended)|"
                 r"\b(?:docencia|enseign|lehr(?!stuhl)|insegnament|didattic|docenza|docente\b|"
                 r"ensino|docênci|dydakty|pedagógic|onderwijs|undervis|opetu|výuk|vyučov|pedagogick|"
                 r"pedagogical (?:activit|experience)|ders(?:ler)?\b|öğretim|διδα|didakt|"
                 r"didáct|didact|enseñanza|asignaturas(?! cursad)|aulas\b|"
                 r"curs(?:os|us) (?:impartid|dictad|ministrad|lecionad)|"
                 r"corsi (?:tenut|svolt|insegnat)|cours (?:enseign|dispens|donn)|"
                 r"(?:disciplinas|materias|clases) (?:ministrad|lecionad|impartid|dictad))"),
    ("skip", r"talk|presentation|poster|seminar|panel|round.?table|service|skill|interest|"
             r"reference|student|mentor|"
             r"advis|supervis|outreach|activit|project|software|language|contact|news|co-author|"
             r"patent|review|committee|membership|leadership|objective|orientaç|encadrement|"
             r"licensure|certification|trainees|revisor|corpo editorial|bancas|eventos|"
             r"apresentações de trabalho|produção técnica|identificação|endereço|"
             r"linhas de pesquisa|áreas de atuação|projetos\b|responsibilit|\bduties\b"),
    ("award", r"grant|funding|\b(?:financiaci|financement|förderung|finanziament|financiament)"),
    ("position", r"experience|employment|position|appointment|internship|work|career|industry|"
                 r"postdoctoral training|atuação profissional|"
                 r"affiliation|consult|visits|"
                 r"professional|overview|summary|profile|about|biography|bio\b|research|"
                 r"\b(?:expérience|experiencia|berufserfahrung|esperienza|experiência|emploi|"
                 r"empleo|recherche|investigaci|forschung|ricerca|pesquisa|werdegang|"
                 r"doświadczenie|zatrudnienie|parcours|carriera|trayectoria|werkervaring|"
                 r"loopbaan|arbetslivserfarenhet|anställning|työkokemus|työhistoria|pracovní|"
                 r"deneyim|akademik görev|görevler|unvan|percurso|stilling|ansettelse|"
                 r"stanowisk|przebieg pracy|zatrudnieni|praca zawodowa|esperienz|lavorativ|"
                 r"posizion|incarich|experienț|experienţ|postes? occupés|"
                 r"fonctions (?:occupées|exercées)|puestos|cargos)|\bjobs?\b|\bposts? held\b"),
)


@dataclass
class Record:
    """One structured fact about a person, with the span of the document it was read from."""

    kind: str  # one of KINDS
    data: dict[str, Any]
    start: int
    end: int
    chunk_id: str = ""
    person: str = ""
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def authored(self) -> bool:
        return bool(self.data.get("authored", True))


def section_kind(title: str) -> str:
    """What a section holds, from its title ("Selected Publications" → publication)."""
    low = title.lower()
    if re.search(r"\b(?:positions|appointments|employment)\b", low) and re.search(
            r"\bteach", low) and not re.search(r"assistant", low):
        return "position"  # "Research and teaching positions": jobs, lecturers' among them
    if "teaching" in low and "experience" in low or re.search(
            r"\bteach|\btaught\b", low) and re.search(r"workshop|conference", low):
        return "teaching"  # "Teaching and workshops": courses, not papers
    if re.search(r"\btalks?\b|\bpresentations?\b|\b(?:selected|invited|guest|keynote|plenary|"
                 r"public)\s+lectures\b", low) and not re.search(r"(?<!invited )teach|taught",
                                                                 low) and not low.startswith(
                                                                     "abstracts"):
        return "skip"  # "Talks and courses": outreach talks, courses given as talks
    if re.search(r"\b(?:attended|recibid[ao]s?|frequentad[ao]s?|cursad[ao]s?|besucht|"
                 r"formação complementar|"
                 r"katıldığı|innovación docente|inovação pedagógica|dirección de|orientaç|"
                 r"yönetilen)", low):
        return "skip"  # courses taken, teaching projects joined, theses supervised
    for kind, pattern in _SECTION_KINDS:
        if re.search(pattern, low):
            return kind
    return "other"


def extract(text: str, person: str, bold: Sequence[tuple[int, int]] = (),
            italic: Sequence[tuple[int, int]] = ()) -> list[Record]:
    """Every record a document states about its person; none from a line that addresses the
    assistant or that the reader cannot see (blanked, so every span still fits the document).
    bold: the spans of text a PDF sets in bold type (Document.bold): a layout signal, as
    Markdown's ** is, for employers, venues and titles; italic: the spans set in italic type
    (Document.italic), which mark a paper's venue or its title."""
    text = without_page_code(injection.blank(text))
    found: list[Record] = []
    sections = split_sections(text, person)
    linkedin = linkedin_export(text)  # a profile saved as a PDF, whose layout is fixed
    for section in _subsections(text, sections, bold):
        kind = section_kind(section.title)
        section_lines = [_without_margin_tail(ln, section.title)
                         for ln in lines(text, section.start, section.end, bold)]
        if kind == "skip" and honours.mostly_awards(section_lines):
            kind = "award"  # "Service and leadership" whose lines are grants and fellowships
        if kind in ("position", "teaching", "other") and (
                tabled := positions.table_jobs(text, section.start, section.end))[0]:
            # a table of jobs under its header row ("S.No.  Designation  Institution  From
            # To"), whatever the section's title says ("Teaching experience"); its lines are
            # read no other way
            found += _wrap("position", tabled[0])
            section_lines = [ln for ln in section_lines
                             if not any(start <= ln.start < end for start, end in tabled[1])]
        if kind in ("award", "position", "other") and (coded := honours.coded_rows(
                section_lines)):
            # courses by their codes, in a run of lines, under a heading that went unread or in
            # a job's entry: teaching, and no part of the section's own kind
            taught = _teaching([section_lines[at] for at in sorted(coded)], None)
            for record in taught:
                record.extra["aside"] = kind != "award"
            found += taught
            section_lines = [ln for at, ln in enumerate(section_lines) if at not in coded]
        if kind in ("award", "education") and _NAMES_JOBS.search(section.title):
            # "Positions and Honors", "Education and Employment": the jobs among its lines are
            # read as an experience section's are, the rest as the title's first kind
            jobs = _jobs_among(text, section_lines, person)
            found += jobs
            section_lines = [ln for ln in section_lines
                             if not any(r.start <= ln.start < r.end for r in jobs)]
        if kind == "publication":
            found += _publications(text, section.start, section.end, person, strict=False,
                                   bold=bold, italic=italic)
        elif kind == "education":
            found += _wrap("education", education.from_lines(section_lines))
            found += _prose(text, section.start, section.end)
            found += _wrap("award", honours.distinctions(section_lines))
        elif kind == "award":
            # References set under an awards heading whose own heading went unread
            cited = _citations(text, section.start, section.end, person, citations.led_entries(
                text, section.start, section.end, person)) or []
            found += cited
            found += _awards([ln for ln in section_lines
                              if not any(r.start <= ln.start < r.end for r in cited)])
        elif kind == "teaching":
            role = "Teaching Assistant" if "assistant" in section.title.lower() else None
            # (where the heading says its lines are the courses taught, they run to a blank line)
            found += _teaching(section_lines, role, titled={
                ln.start for before, ln in zip(section_lines, section_lines[1:])
                if "\n\n" in re.sub(r"[ \t]+", "", text[before.end:ln.start])
            } | {section.end} if honours.LISTS_TAUGHT.search(section.title) else set())
        elif kind in ("position", "other"):
            before = len(found)
            # (a headline "**Role** · Employer" at the top repeats a job the sections list)
            top = section.title == PREAMBLE or section.start <= sections[0].start
            section_lines = positions.columns_joined(section_lines, text[section.start:],
                                                     section.start)
            # (and a long line that wraps onto a dated one: "Academy Research Fellow, Department
            # of …, Faculty of Agriculture and" / "Forestry, University of Helsinki, 2021 – 2026")
            short = [ln for n, ln in enumerate(section_lines)
                     if _cv_line(ln.text, len(ln.bold)) or ln.form
                     or positions.bold_role_led(ln) and not top
                     or GOES_ON.search(ln.text) and n + 1 < len(section_lines)
                     and date_range(section_lines[n + 1].text) is not None
                     and not positions.sentence_like(ln.text)]
            jobs = positions.linkedin_jobs(text, section.start, section.end) if linkedin \
                and section.title.lower() == "experience" else positions.from_lines(
                short, text[section.start:], section.start,
                employment=kind == "position" and section.title != PREAMBLE)
            found += _wrap("position", [
                r for r in jobs
                if _folded(r["organisation"]) != _folded(person)  # the name over a headline
                # (or the end of a name wrapped over it: "Inês Carvalho" / "Sá" / "Computational
                # Biologist"; a word or two the top's lines give, that names no organisation)
                and not (top and len(r["organisation"].split()) <= 2 and not positions.names_org(
                    r["organisation"]) and r["_span"][0] <= _line_after(text, person))
                and _employer(r["organisation"]) and not positions.is_place(r["role"])])
            # "Mike Gruszczynski, PhD" over "The Media School": a title after the name, no degree
            found += _wrap("education", [r for r in education.from_lines(short)
                                         if r["institution"] and _folded(person) not in
                                         _folded(text[r["_span"][0]:r["_span"][1]])])
            found += _prose(text, section.start, section.end)
            found += _publications(text, section.start, section.end, person, strict=True,
                                   bold=bold, italic=italic)
            assisted = [ln for ln in section_lines if "teaching assistant" in ln.text.lower()]
            found += _teaching(assisted, None, lists=False)
            found += _wrap("teaching", [course for ln in section_lines
                                        for course in honours.taught_courses(ln)])
            for record in found[before:]:
                record.extra["aside"] = record.kind != "position"
    if bonds := positions.lattes_bonds(text):
        # a Lattes CV's bonds are its jobs; a bond's lines read as a job's line, or its form's
        # labels, are none
        spans = positions.lattes_bond_spans(text)
        found = [r for r in found if not (r.kind == "position" and (any(
            start <= r.start < end for start, end in spans)
            or re.search(r"\b(?:Vínculo|Enquadramento Funcional|Integrantes)\b",
                         f"{r.data['role']} {r.data['organisation']}")))]
        found += _wrap("position", bonds)
    for record in found:
        record.person = person
        # a column's gap, kept in the lines to tell the columns apart, is a space in a field
        record.data = {key: _squeezed(value) for key, value in record.data.items()}
    # What a section dedicated to a kind says wins over a mention elsewhere (a summary line).
    found.sort(key=lambda r: r.extra.get("aside", False))
    # A degree a headline or a summary names ("Computer Scientist - PhD (Graduating Fall 2020)")
    # is one the education section lists, where it lists one of that level
    listed = {r.data["level"] for r in found if r.kind == "education" and not r.extra.get("aside")}
    found = dedupe([r for r in found if not (r.kind == "education" and r.extra.get("aside")
                                             and r.data["level"] in listed)
                    # a running header's name read as a course ("H. R. Abernathy")
                    and not (r.kind == "teaching" and same_person(r.data["course"], person))])
    _mark_ongoing(found, written_year(text))
    return found


# A heading's words that name jobs, beside another kind ("Positions and Honors")
_NAMES_JOBS = re.compile(r"\b(?:positions?|appointments?|employment|(?:work|professional) "
                         r"experience|career|jobs?)\b", re.I)


def _jobs_among(text: str, section_lines: list[Line], person: str) -> list[Record]:
    """The jobs of a section that lists them among records of another kind: lines that read as
    a job's, whose role names no honour ("Postdoctoral Fellowship"; "Research Fellow" is a
    post)."""
    short = [ln for ln in section_lines if _cv_line(ln.text, len(ln.bold))]
    start = section_lines[0].start if section_lines else 0
    jobs = positions.from_lines(short, text[start:], start)
    return _wrap("position", [
        r for r in jobs if _folded(r["organisation"]) != _folded(person)
        and _employer(r["organisation"]) and not positions.is_place(r["role"])
        and not _HONOUR_NOUN.search(r["role"])])


_HONOUR_NOUN = re.compile(r"\b(?:awards?|prizes?|fellowships?|scholarships?|grants?|medals?|"
                          r"bursar(?:y|ies)|stipends?|honou?rs?)\b", re.I)


# What a header links to, never an employer: "GitHub | Google Scholar" is no job.
_PROFILE_LINK = re.compile(r"(?:github|gitlab|linkedin|google scholar|orcid|twitter|x|website|"
                           r"homepage|personal website|e-?mail|blog|researchgate)", re.I)


def _line_after(text: str, person: str) -> int:
    """Where the line after the first that names the person ends (-1 where none does)."""
    at = text.find(person.split()[0]) if person.split() else -1
    if at < 0:
        return -1
    end = text.find("\n", text.find("\n", at) + 1)
    return len(text) if end < 0 else end


def _employer(organisation: str) -> bool:
    """Whether what a position's line gives as its employer can be one: not a role ("Teaching
    Assistant"), a profile link, a section's heading ("Positions and Institutional
    Affiliations"), words of a sentence ("seeking employment starting") or an e-mail address."""
    name = organisation.strip()
    heading = set(re.findall(r"\w+", name.lower())) <= _HEADING_WORDS
    # "ORCID: 0000-0001-5582": a profile's identifier under its label
    labelled = _PROFILE_LINK.match(name) and re.search(r":\s*[\d-]{6,}", name)
    return not (honours.teaching_role(name) or _PROFILE_LINK.fullmatch(name) or heading
                # (a word in lower case opens a sentence; "iMind", "eBay" open a name)
                or name[:1].islower() and " " in name and not re.match(r"[a-z]{1,2}[A-Z]", name)
                or _EMAIL.search(name) or labelled)


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")  # "Placement Director: … jwhitley@…"


_HEADING_WORDS = frozenset("positions position appointments appointment employment experience "
                           "history affiliations affiliation institutional professional academic "
                           "research work and other current previous contact information "
                           "details personal".split())


def written_year(text: str) -> int | None:
    """The latest year a document gives outside its date ranges (a paper's, a talk's, "updated
    December 2021"): about when it was written. None when every year is in a range."""
    ranges = [found.span() for found in DATE_RANGE.finditer(text)]
    years = [int(found.group(1)) for found in YEAR.finditer(text)
             if not any(a <= found.start() < b for a, b in ranges)]
    return max(years, default=None)


def _mark_ongoing(records: Sequence[Record], written: int | None) -> None:
    """A job whose range ends after the year the document was written, and after which no other
    job of it starts, was held when it was written: its end is the contract's, not the past
    ("DECRA Fellow 2021–2023" in a CV of December 2021). Marked `ongoing`."""
    if written is None:
        return
    jobs = [r for r in records if r.kind == "position"]
    starts = [first_year(str(r.data.get("start") or "")) for r in jobs]
    for job, start in zip(jobs, starts):
        end = first_year(str(job.data.get("end") or ""))
        if end and start and start <= written < end and not any(
                other and other >= end for other in starts):
            job.data["ongoing"] = True


def _subsections(text: str, sections: Sequence[Section], bold: Sequence[tuple[int, int]]
                 ) -> Iterator[Section]:
    """The sections, each cut again at a line set wholly in bold whose words name a kind of
    record and whose next line starts in bold too ("**Lectures and courses**" over "**A gentle
    introduction to quantum computing** ACM Europe"): a heading of the CV's own typesetting
    that the text alone does not show. A bold line over plain text heads an entry instead."""
    for section in sections:
        start = section.start
        title = section.title
        rows = list(lines(text, section.start, section.end, bold))
        for line, below in zip(rows, rows[1:]):
            words = line.text.split()
            kind = section_kind(line.text)
            if line.bold.strip(" :") != line.text.strip(" :") or not 0 < len(words) <= 5 \
                    or re.search(r"\d", line.text):
                continue
            # Over plain text, only a heading of what is not read, written as headings are and
            # names are not ("**Funded projects**", "**Panels and round tables**"), ends it.
            if not below.text.startswith(below.bold or "\0") and not (
                    kind == "skip" and _heading_case(line.text)):
                continue
            if kind in ("other", section_kind(title)):
                continue
            if text[start:line.start].strip():
                yield Section(title, start, line.start)
            title, start = line.text.strip(" :"), line.end
        yield Section(title, start, section.end)


def _heading_case(text: str) -> bool:
    """Capitals throughout, or a capital first word and lower-case words after it: how headings
    are written ("PANELS", "Funded projects"), where an entry's name capitalises its words."""
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    return bool(words) and (text.isupper() or words[0][:1].isupper() and all(
        w[:1].islower() for w in words[1:]))


def _folded(text: str) -> str:
    return re.sub(r"\W+", " ", text).strip().casefold()


def _without_margin_tail(line: Line, title: str) -> Line:
    """A line without the end of its section's heading, where the heading wrapped in a left
    column ("AWARDS             Investigator Award" under "HONORS AND", chunking's
    _two_line_side_heading): what the body says."""
    words = title.split()
    tail = re.match(r"([A-Z][A-Z&]+(?: [A-Z&]+){0,2})\s{2,}(?=\S)", line.text)
    if not tail or len(words) < 2 or not title.isupper() or not title.endswith(
            " " + tail.group(1)):
        return line
    return dataclasses.replace(line, text=line.text[tail.end():],
                               start=line.start + tail.end())


# A line closed by its one date ("…, St. Paul, MN — *Summer 2009*"), as a job's line is
_ENDS_DATED = re.compile(rf"(?:{DATE_POINT.pattern})[\s*_)\]]*$", re.I)


def _cv_line(text: str, bold: int = 0) -> bool:
    """A line of a CV layout, not a line of a wrapped paragraph; bold: how many of its
    characters are set in bold (a long employer's name heading its entry is)."""
    text = positions.without_described(text)
    if positions.sentence_like(text):
        return False
    # words, not the lone commas a bold name leaves ("**Tarn University** , Department of …"),
    # nor the small words of a long name ("Banco Central do Brasil – Departamento de Estudos")
    size = len([w for w in re.sub(r"\([^)]*\)", "", without_dates(text)).split()
                if re.search(r"\w", w) and w.lower() not in positions.NAME_JOINERS])
    # (dated at either end: "Spring 2017 Visiting Scholar, Department of …, Seattle, USA.")
    if size <= 9 or (size <= 16 and (date_range(text) is not None or bold >= 0.6 * len(text)
                                      or _ENDS_DATED.search(text)
                                      or positions.DATE_LED.match(text))):
        return True
    # a dated table row whose cells wrapped (positions.columns_joined): each cell is short
    cells = [cell for cell in re.split(r"\s{2,}", text.strip()) if without_dates(cell).strip()]
    return date_range(text) is not None and len(cells) >= 2 and all(
        len(without_dates(cell).split()) <= 12 for cell in cells)


def _squeezed(value: Any) -> Any:
    if isinstance(value, str):
        return re.sub(r"[ \u00a0]{2,}", " ", value)
    if isinstance(value, list):
        return [_squeezed(item) for item in value]
    return value


def _wrap(kind: str, items: list[dict]) -> list[Record]:
    out = []
    for item in items:
        start, end = item.pop("_span")
        out.append(Record(kind, item, start, end))
    return out


def _venues_from_italics(text: str, papers: Sequence[Record], person: str,
                         italic: Sequence[tuple[int, int]]) -> None:
    """Venues read from italic type, then, for papers still without one, from Markdown's
    emphasis; a paper whose venue they gave takes the year after it in its entry ("… (with Lena
    Fischbach), *Labour Economics*, 2021, 70, 101998.")."""
    publications.venues_from_italics(
        [(r.data, publications.italic_runs(text, r.start, r.end, italic)) for r in papers],
        person)
    publications.venues_from_italics(
        [(r.data, publications.emphasis_runs(text, r.start, r.end)) for r in papers
         if not r.data.get("venue")], person)
    for paper in papers:
        venue = paper.data.get("venue")
        at = text.find(venue, paper.start, paper.end) if venue else -1
        if at >= 0 and paper.data.get("year") is None:
            paper.data["year"] = first_year(text[at + len(venue):paper.end])


def _publications(text: str, start: int, end: int, person: str, *, strict: bool,
                  bold: Sequence[tuple[int, int]] = (), italic: Sequence[tuple[int, int]] = ()
                  ) -> list[Record]:
    cited = None
    if not strict:
        numbered = citations.numbered_entries(text, start, end)
        cited = _citations(text, start, end, person,
                           numbered or citations.led_entries(text, start, end, person))
        if cited is not None:
            _venues_from_italics(text, cited, person, italic)
            if numbered and not _given_first_read(cited):
                return cited
    out = []
    for e_start, e_end in publications.entries(text, start, end, person):
        entry = list(lines(text, e_start, e_end, bold))
        if not entry:
            continue
        above = out[-1].data["authors"] if out else []  # what a dash in their place repeats
        paper = publications.parse_entry(entry, text[e_start:e_end], e_start, person,
                                         require_authors=strict, above=above)
        if paper:
            first = paper.pop("_start")
            line_start = text.rfind("\n", e_start, first) + 1  # the whole first line it used
            out.append(Record("publication", paper, max(e_start, line_start), e_end))
    _venues_from_italics(text, out, person, italic)
    publications.venues_from_repeated_heads([r.data for r in out])
    publications.venues_from_repeated_tails([r.data for r in out])
    # Entries told apart by the author lists that open their lines, or by layout: the reading
    # that gives more papers a venue and a year has told more of them apart.
    return cited if cited is not None and _complete(cited) >= _complete(out) else out


def _given_first_read(papers: Sequence[Record]) -> bool:
    """Whether a numbered list was read through author lists written given name first ("Ada
    Lund and Emeka Obi. 2022. Title. In …"), which the layout reading may tell apart better."""
    return any(r.data["authors"] and "," not in r.data["authors"][0] for r in papers)


def _complete(papers: Sequence[Record]) -> int:
    """How many papers have a venue and a year: what a reading that told them apart gives."""
    return sum(bool(r.data.get("venue")) and bool(r.data.get("year")) for r in papers)


def _citations(text: str, start: int, end: int, person: str,
               spans: Sequence[tuple[int, int]]) -> list[Record] | None:
    """Papers of a list of author-first references whose entries are `spans` (numbered, or
    each opening its line with an author list that names the person: citations.py), or None
    when the section is not one (most of its entries must read as such; the rest are left
    out, not guessed)."""
    alone = len(re.findall(r"\(joint with ", text[start:end])) >= 2
    papers = []
    for s, e in spans:  # each entry read after the one above, whose authors a dash repeats
        above = next((p["authors"] for *_, p in reversed(papers) if p), [])
        papers.append((s, e, citations.parse(text[s:e], person, alone=alone, above=above)))
    if not spans or sum(p is not None for *_, p in papers) < 0.5 * len(spans):
        return None
    found, year = [], None
    for s, e, paper in papers:
        # A date column prints each year once, before the first of that year's entries.
        year = citations.column_year(text[s:e]) or year
        if paper:
            paper["year"] = paper["year"] or year
            found.append(Record("publication", paper, s, e))
    return found


def _awards(section_lines: list[Line]) -> list[Record]:
    """Awards, one per line; a table's cells joined into their rows, its header row left out
    ("| Year | Award | Awarded by |")."""
    rows = [row for row in _rows(section_lines) if not (row.row >= 0 and set(
        re.findall(r"[a-z]+", row.text.lower())) <= _TABLE_HEADER_WORDS)]
    return _wrap("award", honours.awards_from_lines(_semicolon_items(_undated_wraps(rows))))


_YEAR_LED = re.compile(r"\W*(?:19|20)\d{2}\b")


def _undated_wraps(rows: list[Line]) -> list[Line]:
    """An award's line that a PDF or a text export wrapped joined to the rest of it: the line
    below holds no year and the line above ends with a small word or a comma ("2016  Prize for
    the best thesis in" / "earthquake engineering, Associazione …"), or it opens in lower case,
    or the list leads each award with its year and the line holds none."""
    out: list[Line] = []
    year_led = sum(bool(_YEAR_LED.match(r.text)) for r in rows) >= max(2, 0.5 * len(rows))
    for line in rows:
        last = out[-1] if out else None
        if last and line.row < 0 and last.row < 0 and not YEAR.search(line.text) and (
                year_led and not honours.names_honour(line.text) or line.text[:1].islower()
                or re.search(
                    r"(?:,|\b(?:de|du|des|di|del|of|the|and|for|in|on|to|at))$", last.text)):
            out[-1] = Line(f"{last.text} {line.text}", last.start, line.end, last.bold, last.row)
        else:
            out.append(line)
    return out


def _semicolon_items(rows: list[Line]) -> list[Line]:
    """A paragraph that lists its items parted by semicolons, wrapped over lines ("Grant X,
    €12,000 (2023); Provost's Teaching Award, University" / "of Kilcarrig (2020); …"), as one
    line per item; other lines as they are."""
    out: list[Line] = []
    group: list[Line] = []

    def flush() -> None:
        if len(group) > 1 or group and ";" in group[0].text:
            text = " ".join(line.text for line in group)
            at = group[0].start
            for item in honours.top_level(text, ";"):
                if item.strip(" ."):
                    out.append(Line(item.strip(" ."), at, min(at + len(item), group[-1].end)))
                at += len(item) + 1
        else:
            out.extend(group)
        group.clear()

    def parted(text: str) -> bool:  # not "(processo 2016/04471-2; R$ 480.000,00)", an aside
        return len(honours.top_level(text, ";")) > 1

    for line in rows:
        goes_on = group and not group[-1].text.endswith(".") and line.row < 0 and (
            group[-1].text.rstrip().endswith(";") or parted(line.text) or parted(group[-1].text))
        if not goes_on:
            flush()
        if goes_on or line.row < 0 and parted(line.text):
            group.append(line)
        else:
            out.append(line)
    flush()
    return out


_TABLE_HEADER_WORDS = frozenset(
    "year years date dates award awards name title prize prizes honour honours honor honors "
    "awarded by from organisation organization institution amount description grant grants "
    "funding agency role source body granting conferred and of".split())


def _teaching(section_lines: list[Line], role: str | None, *, lists: bool = True,
              titled: set[int] | frozenset[int] = frozenset()) -> list[Record]:
    """Courses, one per line or several listed on one; a line that names only a role
    ("Teacher Assistant  Universitat de Barcelona") gives it to the list below it. titled:
    where the heading says its lines are the courses taught ("Disciplinas ministradas"), where
    the lines a blank line comes before start (and the end): the lines up to the first blank
    line after a course are courses."""
    listing = bool(titled)
    current, under_role = role, False
    rows = _wrapped_rows(_rows(section_lines))
    found, tabled = honours.table_courses(rows, role) if lists else ([], set())
    rows = [row for at, row in enumerate(rows) if at not in tabled]
    if lists and not listing and len(rows) >= 2 and all(
            honours.course_line(row, None, None, listed=True) and not YEAR.search(row.text)
            and section_kind(row.text) == "other" for row in rows):
        # every line a course's name and no more ("• Labour Economics (graduate)"), none a
        # heading ("Didactics"): a list of the courses taught, whatever the heading says
        listing, titled = True, {rows[-1].end + 1}
    def course_head(at: int, course: str) -> bool:
        return bool(course) and not honours.role_line(rows[at].text) and \
            not positions.is_role(course) and not education.INSTITUTION.match(course)

    titles = {at: _titled(line) for at, line in enumerate(rows)}
    paired = {at: course for at in range(len(rows))
              if course_head(at, course := _bold_head(rows, at))}
    if 2 * len(paired) >= 0.6 * len(rows):
        # A list of such entries and little else: a section of other kinds is not read so.
        titles = {at: titles[at] or paired.get(at, "") for at in titles}
    headed = [at for at, course in titles.items() if course_head(at, course)]
    if lists and len(headed) >= 3:
        # "**Introduction to modern R** TKI, Perth" over a line that describes it: the layout
        # heads each entry with the course, then where; the lines under them are not courses.
        for at in headed:
            line, course = rows[at], titles[at]
            below = rows[at + 1].text if at + 1 < len(rows) and at + 1 not in headed else ""
            year = first_year(line.text) or first_year(below)
            # where it was given, after the course on its line: "ResBaz, Curtin"
            where = re.sub(r"\b(?:19|20)\d{2}\b", "",
                           line.text.partition(course)[2]).strip(" ,;–-")
            found.append({"course": course, "role": role, "term": str(year) if year else None,
                          "institution": where or None, "_span": (line.start, line.end)})
        return _wrap("teaching", found)
    if lists and (over := honours.courses_over_roles(rows)):
        return _wrap("teaching", found + over)
    dated = [course for line in rows if (course := honours.dated_course(line, role))
             and not positions.is_role(course["course"])]  # "2010-2016 Teacher in …" is a job
    if lists and (len(dated) >= 3 and 2 * len(dated) >= len(rows) or 1 <= len(dated) == len(rows)):
        # "2022 Statistics, Practical work with R, Master in …, Grenoble Alpes University": a
        # column of years, each heading the course taught that year.
        return _wrap("teaching", found + dated)
    place = None  # the school a line of its own names, for the courses under it
    term = None  # the term a line of its own names ("Wintersemester 2023/24"), likewise
    led = ""  # the line above, where it gave a course after its leading cells
    talks = False  # under "Guest lectures:": talks given in others' courses, up to a subheading
    wrapped = False  # the line goes on from a talk's line
    for line in rows:
        if listing and found and any(found[-1]["_span"][1] < blank <= line.start
                                     for blank in titled):
            listing = False  # past the blank line that ends the list of courses
        if honours.TALKS.match(line.text) or wrapped:
            # "Guest lecture: Peatland carbon …, MSc Environmental" / "Management, …, 2018"
            talks = talks or honours.TALKS.match(line.text) is not None and len(
                line.text.split()) <= 5
            wrapped = not re.search(r"(?:\d{4}|[.):])\s*$", line.text)
            continue
        if talks and (honours.role_line(line.text) or line.text.rstrip().endswith(":")
                      or honours.school_of(line.text)):
            talks = False  # the next subheading: courses again
        if talks:
            continue
        held = _ROLE_THEN_TERMS.fullmatch(line.text)
        if held and found and found[-1]["_span"][1] < line.start and found[-1].get("role") is None \
                and not found[-1].get("term"):
            # "EPID 710  Fundamentals of Epidemiology" / "Co-Instructor (with J. Whitfield); Fall
            # 2023 (enrollment 61)": the role and terms of the course above
            found[-1]["role"], found[-1]["term"] = held["role"], held["terms"].strip(" ,;")
            found[-1]["_span"] = (found[-1]["_span"][0], line.end)
            continue
        cells = re.split(r"\s{2,}", line.text.strip())
        if led and len(cells) <= 2 and len(cells[0].split()) <= 5 and \
                not re.search(r"\d", cells[0]) and not honours.led_by_cells(line.text) and \
                not honours.role_line(line.text):
            # "40512  Planeamento e Gestão de  …" / "Áreas Marinhas Protegidas": the course's
            # name wrapped in its column
            before = found[-1]["course"]
            cut = re.search(re.escape(before.split()[-1]) + r"-(?:\s|$)", led)
            found[-1]["course"] = before + cells[0] if cut and cells[0][:1].islower() else \
                f"{before} {cells[0]}"  # "… im Spät-" / "mittelalter": a word cut at its hyphen
            found[-1]["_span"] = (found[-1]["_span"][0], line.end)
            led = ""
            continue
        led = ""
        if lists and (heading := honours.TERM_HEADING.match(line.text)) and (
                not heading["place"] or education.INSTITUTION.search(heading["place"])):
            term, place = heading["term"], heading["place"] or place
            continue
        listed = (honours.courses_in_paragraph(line, current) or honours.teaching_from_list(
            line, current, under_role=under_role)) if lists else []
        named = honours.role_line(line.text)
        under_role = bool(named)
        school = honours.school_of(line.text) if lists else None
        if listed:
            found += listed
        elif named:
            current, place = named, school or place
        elif term and lists and honours.led_by_cells(line.text) and (
                course := honours.course_line(line, current, place, term)):
            found.append(course)  # "1.º sem.  40331  Ecologia Marinha  …" under its year
            led = line.text
        elif lists and (course := honours.dash_dated_course(line, current)):
            # "2017/2018, 2.º semestre — Ecologia do Bentos, Mestrado …: docente, 20 h."
            found.append({"institution": place} | course if place else course)
        elif lists and (course := honours.quoted_course(line)):
            found.append({"institution": place} | course if place else course)
        elif course := honours.teaching_from_line(line, current):
            found.append({"institution": place} | course if place else course)
        elif listing and school and re.search(r"\(\s*at\s", line.text) and (
                course := honours.course_line(line, current, school, listed=True)):
            # "Analog Communication (at VIT University, Winter Semester 2013-14)" in a list
            # of the courses taught: a course, with where it was taught
            found.append(course)
        elif school:
            place = school
        elif lists and (course := honours.course_line(line, current, place, listed=listing)):
            found.append(course)
    return _wrap("teaching", found)


# A course's role and terms on the line under it: "Course Director; Spring 2022, Spring 2023
# (enrollment 14-22)", "Teaching Assistant; 1st term 2014"
_ROLE_THEN_TERMS = re.compile(r"(?P<role>[A-Z][\w -]{2,40}?)(?:\s*\([^()]*\))?;\s*"
                              r"(?P<terms>(?:(?:Fall|Spring|Summer|Winter|Autumn|\d\w*\s+term|"
                              r"(?:19|20)\d{2})[^;()]*?)+)(?:\s*\([^()]*\))?\.?")


# A line that opens with a label of a few words and a colon ("Selected supervised projects:")
_LABEL_OPENS = re.compile(r"(?:[\w’'-]+\s+){0,4}[\w’'-]+(?:\s*\([^()]*\))?\s*:\s")


def _wrapped_rows(rows: list[Line]) -> list[Line]:
    """A course's line that a PDF or a text export wrapped joined to the rest of it: the line
    leaves a bracket open ("Software Maintenance and Evolution (Master programme, 45h, course"
    / "coordinator), Université de Hautval, 2021–present") or ends with a comma or a small
    word ("…, Université de" / "Hautval, 2019–2022")."""
    out: list[Line] = []
    paragraph = False  # the lines go on with a paragraph that lists courses
    for line in rows:
        last = out[-1] if out else None
        paragraph = paragraph and last is not None and not last.text.endswith(".") and (
            ";" in last.text + line.text or last.text.endswith(")") or line.text[:1] == "("
            or line.text[:1].islower()) and not (
            honours.paragraph_head(line.text) or honours.TALKS.match(line.text)
            or honours.opens_with_role(line.text) or _LABEL_OPENS.match(line.text))
        if last and line.row < 0 and last.row < 0 and not line.bold and (
                paragraph or last.text.count("(") > last.text.count(")")
                or re.search(r"(?:,|\b(?:de|du|des|di|del|della|do|da|dos|das|em|en|e|y|et|und|"
                             r"im|of|the|and|for|in))$", last.text)
                # "… · *Progetto di Strutture*" / "(6 CFU), Laurea Magistrale … · titolare"
                or line.text[:1] == "(" and not last.text.endswith((".", ")"))):
            out[-1] = Line(f"{last.text} {line.text}", last.start, line.end, last.bold, last.row)
        else:
            out.append(line)
            paragraph = honours.paragraph_head(line.text)
    return out


def _titled(line: Line) -> str:
    """The bold title that starts a line when a few words (where, when) follow it on that line,
    else "". Not a run-in label ("**Teaching Assistant:** Served as …")."""
    title = line.bold.strip(" ,")
    follows = line.text[len(line.bold):].strip(" ,")
    short = 0 < len(follows.split()) <= 8 and not re.match(r"(?:\([^)]*\))?\s*:", follows)
    return title if title and line.text.startswith(line.bold) and short else ""


def _bold_head(rows: Sequence[Line], at: int) -> str:
    """A line set wholly in bold over a plain line that dates it ("**Variational Quantum
    Computing Universidad Internacional Menéndez-Pelayo**" / "IV Summer School Sep 5-9, 2022"):
    an entry's course, the place it was held cut off where an institution's name begins."""
    line = rows[at]
    below = rows[at + 1] if at + 1 < len(rows) else None
    if not line.bold or line.bold.strip(" ,") != line.text.strip(" ,") or below is None \
            or below.bold or not YEAR.search(below.text) or re.search(r"\d", line.text):
        return ""
    place = education.INSTITUTION.search(line.text)
    if place and len(line.text[: place.start()].split()) >= 2:
        return line.text[: place.start()].strip(" ,")
    return line.text.strip(" ,")


def _rows(section_lines: list[Line]) -> list[Line]:
    """Table cells joined back into their rows ("Course | Institution | Semester(s)"), so a
    course keeps the term written in another column; other lines as they are."""
    out: list[Line] = []
    for line in section_lines:
        if out and line.row >= 0 and out[-1].row == line.row:
            last = out[-1]
            out[-1] = Line(f"{last.text}  {line.text}", last.start, line.end, last.bold, last.row)
        else:
            out.append(line)
    return out


def _prose(text: str, start: int, end: int) -> list[Record]:
    """Degrees and positions written as sentences (biographies)."""
    body = text[start:end]
    # A Markdown link is read by its text ("a Ph.D. at [UC Santa Barbara](https://…)"); each
    # record's span is mapped back onto the document.
    flat, where = _unlinked(body.replace("\n", " "))
    coded = honours.coded_courses_in_prose(flat, 0)
    if not re.search(r"[a-z]{3}[.,] [A-Za-z]", body):
        found = [("teaching", coded)]
    else:
        awards, courses = honours.listed_in_prose(flat, 0)
        found = [("education", education.from_prose(flat, 0)),
                 ("position", positions.from_prose(flat, 0)
                  + positions.internships_from_prose(flat, 0)),
                 ("award", honours.awards_from_prose(flat, 0) + awards
                  + honours.awards_listed_in_prose(flat, 0)),
                 ("teaching", courses + [c for c in coded if not any(
                     c["course"] in d["course"] for d in courses)])]
    for _, items in found:
        for item in items:
            a, b = item["_span"]
            item["_span"] = (start + where[a], start + where[max(a, b - 1)] + 1)
    return [record for kind, items in found for record in _wrap(kind, items)]


def _unlinked(text: str) -> tuple[str, list[int]]:
    """The text with its Markdown links reduced to their text, and where each character of it
    stands in the text."""
    parts, where, at = [], [], 0
    for link in MARKDOWN_LINK.finditer(text):
        parts += [text[at:link.start()], link.group(1)]
        where += [*range(at, link.start()), *range(link.start(1), link.end(1))]
        at = link.end()
    parts.append(text[at:])
    where += [*range(at, len(text)), len(text)]
    return "".join(parts), where


def record_key(record: Record) -> tuple[str, ...]:
    """What makes two records the same fact: a paper's title, a degree's level and school."""
    d = record.data
    norm = lambda s: re.sub(r"[^a-z0-9]+", "", str(s or "").lower())  # noqa: E731
    if record.kind == "publication":
        return ("publication", norm(d["title"])[:60])
    if record.kind == "education":  # ("University of Leeds" and "… of Manchester" are two)
        school = re.sub(r"\b(?:the|of|university|universi\w+|college|institute|de|du|der|di|la)\b",
                        "", str(d["institution"] or "").lower())
        return ("education", d["level"], norm(school)[:12])
    if record.kind == "position":
        return ("position", norm(d["organisation"])[:20], norm(d["role"]), norm(d.get("start")))
    if record.kind == "award":
        return ("award", norm(d["name"]), str(d.get("year")))
    # one workshop given in two places the same year is taught twice
    return ("teaching", norm(d["course"])[:20], norm(d.get("term")), norm(d.get("institution")))


def dedupe(records: list[Record]) -> list[Record]:
    """One record per fact: the first, filled in with what later mentions add."""
    kept: dict[tuple[str, ...], Record] = {}
    for record in records:
        key = record_key(record)
        if record.kind == "position":
            twin = next((k for k in kept if k[:3] == key[:3] and (not k[3] or not key[3])), None)
            key = twin or key
        elif record.kind == "award":  # "X Fellowship, NSF" (2025) and "X Fellowship" (None)
            twin = next((k for k in kept if k[0] == "award" and _same_award(k, key)), None)
            key = twin or key
        elif record.kind == "teaching":  # "MATH243" in a sentence, "MATH243: Complex Functions"
            twin = next((k for k in kept if k[0] == "teaching" and _same_course(k, key)), None)
            key = twin or key
        if key not in kept:
            kept[key] = record
            continue
        first = kept[key]
        for name, value in record.data.items():
            if first.data.get(name) in (None, "", []) and value not in (None, "", []):
                first.data[name] = value
        if record.kind == "teaching" and len(record.data["course"]) > len(first.data["course"]):
            first.data["course"] = record.data["course"]  # the code and its title
    return list(kept.values())


def _same_course(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two course keys for one course: one starts with the other's code, the terms and schools
    agree where both give them."""
    short, long = sorted((a[1], b[1]), key=len)
    return len(short) >= 4 and any(c.isdigit() for c in short) and long.startswith(short) and \
        all(x == y or not x or not y for x, y in zip(a[2:], b[2:]))


def _same_award(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Two award keys for one honour: one name starts the other, the years agree or one is
    missing."""
    (_, name_a, year_a), (_, name_b, year_b) = a, b
    short, long = sorted((name_a, name_b), key=len)
    return len(short) >= 12 and long.startswith(short) and (
        year_a == year_b or "None" in (year_a, year_b))


def attach(records: Sequence[Record], chunks: Sequence[Chunk]) -> None:
    """Point each record at the chunk holding the start of its span (the nearest before it)."""
    ordered = sorted(chunks, key=lambda c: c.start)
    for record in records:
        holder = None
        for chunk in ordered:
            if chunk.start <= record.start < max(chunk.end, chunk.start + 1):
                holder = chunk
                break
            if chunk.start <= record.start:
                holder = chunk
        record.chunk_id = holder.id if holder else (ordered[0].id if ordered else "")
