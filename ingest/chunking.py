"""Sections from headings, entries kept whole, entries packed into token-sized chunks."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ingest import injection, tokens
from ingest.profiles import clean_line, without_page_code

# Usual CV headings, compared after lower-casing, "&" → "and" and dropping a trailing colon.
SECTION_WORDS = {
    "education", "publications", "selected publications", "refereed publications",
    "peer-reviewed publications", "papers", "conference papers", "journal papers",
    "journal articles", "workshop papers", "preprints", "patents", "books", "experience",
    "work experience", "professional experience", "research experience", "academic experience",
    "industry experience", "industrial experience", "employment", "positions", "appointments",
    "academic appointments", "internships", "awards", "honors", "honours", "awards and honors",
    "honors and awards", "fellowships", "grants", "funding", "teaching", "teaching experience",
    "service", "professional service", "academic service", "talks", "invited talks",
    "presentations", "skills", "technical skills", "research interests", "interests", "summary",
    "objective", "summary and objective", "overview", "references", "projects",
    "research projects", "students", "mentoring", "advising", "activities", "languages",
    "contact", "biography", "bio", "about", "about me", "news", "software", "open source",
    "professional activities", "leadership", "memberships", "research", "selected awards",
    "career", "courses", "lectures", "instruction", "affiliations", "degrees", "recognition",
    "consulting", "employment history", "work history", "teaching history", "career history",
    "current position", "work in progress", "works in progress", "research in progress",
    "job market paper",
    # the headings of the Harvard/AAMC faculty CV that US medical schools ask for
    "report of scholarship", "peer-reviewed scholarship in print or other media",
    "research investigations", "other peer-reviewed scholarship",
    "non-peer reviewed scholarship in print or other media", "proceedings of meetings",
    "reviews, chapters, monographs and editorials", "case reports", "letters to the editor",
    "appointments at hospitals/affiliated institutions", "narrative report",
    "formal teaching of residents, clinical fellows and research fellows",
    "clinical supervisory and training responsibilities",
    "laboratory and other research supervisory and training responsibilities",
    "formally supervised trainees",
    "formally mentored harvard medical, dental and graduate students",
    "report of regional, national and international invited teaching and presentations",
    "report of clinical activities and innovations", "current licensure and certification",
    "report of funded and unfunded projects",
    "report of education of patients and service to the community",
    # the Lattes CV's (Brazil's national CV platform)
    "identificação", "endereço", "formação complementar", "atuação profissional",
    "revisor de periódico", "membro de corpo editorial", "linhas de pesquisa",
    "projetos de pesquisa", "áreas de atuação", "produções", "produção bibliográfica",
    "artigos completos publicados em periódicos", "capítulos de livros publicados",
    "livros publicados/organizados ou edições",
    "trabalhos completos publicados em anais de congressos",
    "resumos publicados em anais de congressos",
    "resumos expandidos publicados em anais de congressos",
    "apresentações de trabalho", "bancas", "participação em bancas de trabalhos de conclusão",
    "produção técnica", "demais tipos de produção técnica", "eventos",
    "abstracts, poster presentations and exhibits presented at professional meetings",
}
# Headings that refine the section they appear in ("Publications — Conference").
SUBSECTION_WORDS = {
    "conference", "conferences", "journal", "journals", "workshop", "workshops", "preprints",
    "preprint", "under submission", "under review", "thesis", "theses", "book chapters",
    "posters", "demos", "technical reports",
}
# Of those, the ones that name a list of papers wherever they stand ("Preprints" after "Teaching")
_LISTS_ALONE = frozenset({"preprints", "book chapters", "technical reports"})
# Nouns a CV heading ends with ("Academic & Research Experience", "Grants, Honours & Awards"),
# in the languages CVs are most often written in.
HEADING_NOUNS = frozenset("""
    experience experiences education publications publication papers articles preprints awards
    honors honours fellowships grants funding teaching positions appointments employment
    internships service talks presentations skills interests summary profile projects
    activities languages references qualifications studies prizes distinctions achievements
    scholarships supervision mentoring mentorship memberships proceedings chapters books patents
    affiliations career courses lectures degrees visits consulting abstracts
    posters certifications formation expérience expériences enseignement enseignements
    compétences langues distinctions ausbildung berufserfahrung lehre auszeichnungen
    publikationen formación experiencia docencia premios publicaciones istruzione esperienza
    pubblicazioni premi éducation projets recherche prix sprachen kenntnisse projekte forschung
    bildung studium educación idiomas cursos habilidades aptitudes competencias conocimientos
    proyectos investigación contacto herramientas formazione lingue competenze progetti ricerca
    educação formação línguas competências publicações prémios prêmios experiência ensino
    projetos training werdegang lehrtätigkeit preise stipendien veröffentlichungen didattica docenza
    riconoscimenti parcours bourses récompenses trayectoria becas distinciones reconocimientos
    wykształcenie doświadczenie nagrody wyróżnienia publikacje dydaktyka stypendia zatrudnienie
    docência orientações encadrement bibliography bibliographie bibliografía bibliografia
    merits output outputs activity subjects
    habilitações percurso pedagógica stillinger publikasjoner utdannelse ansettelser ödüller
    projeler görevler öğrenim schriftenverzeichnis
    lehrveranstaltungen lehraufträge lehrerfahrung insegnamenti corsi onderwijs undervisning
    onderwijservaring undervisningserfarenhet undervisningserfaring opetus opetuskokemus výuka
    dersler asignaturas disciplinas cours tutoring didaktik utbildning uddannelse
    utdanning koulutus opleiding opleidingen vzdělání werkervaring loopbaan
    arbetslivserfarenhet anställningar työkokemus prijzen onderscheidingen utmärkelser priser
    palkinnot ocenění publicaties publikationer julkaisut publikace yayınlar classes jobs
    stanowiska responsibilities duties assignments assistantships
""".split())
# The same nouns in the languages that put them first ("Expérience professionnelle",
# "Formación académica", "Premi e riconoscimenti").
_LEADING_NOUNS = frozenset("""
    formation expérience expériences enseignement enseignements compétences langues éducation
    projets recherche prix formación experiencia docencia premios publicaciones educación idiomas
    cursos habilidades competencias conocimientos proyectos investigación istruzione esperienza
    esperienze pubblicazioni premi formazione lingue competenze progetti ricerca educação
    formação línguas competências publicações prémios prêmios experiência ensino projetos
    attività titoli parcours trayectoria becas wykształcenie doświadczenie nagrody publikacje
    dydaktyka stypendia zatrudnienie docência orientações encadrement disciplinas asignaturas
    materias cours corsi insegnamenti atividades actividades activités zajęcia działalność výuka
    atividade actividad activité habilitações percurso öğrenim posizioni incarichi stanowiska
    przebieg
""".split())
_CONNECTORS = frozenset("and & of in for the de des et y und e / - og och en ve ja".split())
PREAMBLE = "Profile"
FLAGGED_HEADING = "Untitled section"  # in place of a heading that addresses the assistant
# Sections that subsection headings ("Conference", "Journal", "Preprints") refine.
_LISTING = re.compile(r"publication|paper|article|preprint|proceeding|bibliograph|talk|"
                      r"presentation|output|work", re.I)
# "[3]" and "[C3]" (a list numbered by kind: C for conference papers, J for journal articles)
_BULLET = re.compile(r"^\s*(?:[-*+•▪◦●]|\d{1,3}[.)]|\[[A-Z]{0,2}\d{1,3}\]|\(\d{1,3}\)|"
                     r"-\s+\d{1,3}\.)\s+")
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+")
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b|'\d{2}\b")


@dataclass
class Section:
    title: str
    start: int
    end: int


@dataclass(frozen=True)
class Chunk:
    """A token-sized piece of one section, with everything a citation needs; the same type when
    it is cut at ingest (with `body`) and when it is read back from the index (with `sha`)."""

    id: str
    index: int
    text: str  # identity header + body less its flagged lines; embedded, shown to the model
    body: str  # exactly document.text[start:end]
    person: str
    source: str
    section: str
    page: int | None
    start: int
    end: int
    tokens: int
    flagged: tuple[str, ...] = ()  # lines of body that address the assistant (ingest/injection)
    sha: str = ""  # the document's content hash, once stored


# "PH.D. IN HYDROLOGY", "MASTER OF SCIENCE": a degree in capitals, not a heading
_CAPS_DEGREE = re.compile(r"(?:PH\.?\s?D|M\.?\s?SC?|B\.?\s?SC?|B\.?\s?A|M\.?\s?A|M\.?\s?ENG|"
                          r"B\.?\s?ENG|MBA|MASTER(?:'S|’S)?|BACHELOR(?:'S|’S)?|DOCTOR)\b\.?\s"
                          r"(?:IN|OF)\b")
_LEADER = re.compile(r"(?:\s*[.·…]){3,}\s*$")  # "Teaching. . . . . ." across the page


_SIDE = re.compile(r" *(\S.{2,40}?)\s{3,}(?=\S)")


def _side_heading(all_lines: list[str], at: int, person: str | None) -> tuple[str, int] | None:
    """(title, where the body starts on the line) for a section heading set in a left column,
    its body to the right and on the lines below at the same indent, as Europass CVs and text
    exports of them lay a page out; None for any other line."""
    found = _SIDE.match(all_lines[at])
    title = heading_title(found.group(1), person) if found else None
    if not found or not title or title.lower() in SUBSECTION_WORDS:
        return None
    column = found.end()
    if found.start(1) > 0 and sum(
            1 for ln in all_lines if (m := _SIDE.match(ln)) and m.start(1) > 0
            and (m.end(1), m.end()) == (found.end(1), column)) < 3:
        # an indented label is the column of labels only where others end where it does, the
        # body after them at one place ("      Dates   01/10/2019", "Publications   1. …")
        return None
    below = next((ln for ln in all_lines[at + 1:at + 3] if ln.strip()), "")
    indent = len(below) - len(below.lstrip(" "))
    return (title, column) if indent >= column - 2 else None


def _two_line_side_heading(all_lines: list[str], at: int, person: str | None
                           ) -> tuple[str, int] | None:
    """A heading in capitals in a left column that wraps onto the next line, the body to the
    right of both ("HONORS AND    AIChE … Young" / "AWARDS        Investigator Award", as
    res.cls sets them): (title, where the body starts on the first line), or None."""
    if at + 1 >= len(all_lines):
        return None
    first, second = _SIDE.match(all_lines[at]), _SIDE.match(all_lines[at + 1])
    if not first or not second or first.end() != second.end() or not all(
            m.group(1).isupper() and len(m.group(1).split()) <= 3 for m in (first, second)):
        return None
    title = heading_title(f"{first.group(1)} {second.group(1)}", person)
    return (title, first.end()) if title else None


def _heading_key(line: str) -> str:
    key = _LEADER.sub("", clean_line(line)).lower().replace("&", "and").rstrip(":").strip()
    return re.sub(r"\s*\([^)]*\)$", "", key)  # "Publications (* = equal contribution)"


def _is_rule(line: str) -> bool:
    stripped = line.strip()
    return len(stripped) >= 3 and set(stripped) <= {"-", "—", "_", "=", "*", "~"}


def _is_setext(line: str, under: str) -> bool:
    """Whether a line is a Markdown heading underlined by the line below ("Awards" over
    "======" or "------"): a short line that does not end a sentence, nor a table's header row
    over its rule ("Course    Level    Role    Semesters" / "------")."""
    rule = under.strip()
    return len(rule) >= 3 and len(set(rule)) == 1 and rule[0] in "=-" and \
        0 < len(line.split()) <= 8 and not line.rstrip().endswith((".", ",", ";", "|")) and \
        len(re.findall(r"\S\s{2,}(?=\S)", line.strip())) < 2


_SECTION_NUMBER = re.compile(r"\s*(?:\d{1,2}|[IVX]{1,4})[.)]\s+(?=\S)")
# A numbered part of a numbered section: "4.3 Formación docente recibida", "3.2. Cursos breves"
_SUB_NUMBER = re.compile(r"\s*\d{1,2}\.\d{1,2}\.?\s+(?=[^\W\d_])")


def heading_title(line: str, person: str | None = None) -> str | None:
    """The section title a line announces, or None if it is not a section heading."""
    if numbered := _SECTION_NUMBER.match(line):
        # "3. DOCENCIA", "IV. Publications": a numbered heading that names what it holds, not
        # an item of a numbered list ("2. Deep Learning for Systems")
        title = heading_title(line[numbered.end():], person)
        named = title and _names_kind(title)
        if title is None:
            # in sentence case, ending in what it holds ("6. Previous work experience", "5.
            # Current position"), as national CV templates number them
            rest = clean_line(line[numbered.end():]).rstrip(":").strip()
            words = rest.split()
            last = words[-1].lower() if words else ""
            if rest.isupper() and len(words) <= 8 and _names_kind(rest) and \
                    not re.search(r"\d", rest):
                return rest  # "3. PREMIOS, AYUDAS Y PROYECTOS COMO INVESTIGADORA PRINCIPAL"
            # ("12. Son iki yılda verdiği lisans ve lisansüstü düzeydeki dersler": Turkish puts
            # what a heading holds last; "4. Öğrenim Durumu", Portuguese and Spanish first)
            if 1 <= len(words) <= (10 if all(w.islower() for w in words[1:]) else 5) \
                    and rest[:1].isupper() and not re.search(r"[\d.,;]", rest) \
                    and (last in HEADING_NOUNS or last.removesuffix("s") in HEADING_NOUNS
                         or f"{last}s" in HEADING_NOUNS
                         or len(words) <= 4 and words[0].lower() in _LEADING_NOUNS):
                return rest
        return title if named else None
    key = _heading_key(line)
    if not key or len(key) > 60 and key not in SECTION_WORDS:  # (a template's long headings)
        return None
    line = _LEADER.sub("", line.rstrip("\n"))
    title = re.sub(r"\s*\([^)]*\)$", "", clean_line(line).rstrip(":").strip())
    if key in SECTION_WORDS or key in SUBSECTION_WORDS or key.removesuffix("s") in SECTION_WORDS:
        return title  # "Experiences" and "Internship" too
    if person and key == person.lower():
        return None
    md = _MD_HEADING.match(line)
    letters = [c for c in title if c.isalpha()]
    words = title.split()
    if len(letters) >= 4 and title.isupper() and 2 <= len(words) <= 6 and not re.search(
            r"\d", title) and not _CAPS_DEGREE.match(title):
        return title  # one all-caps word is more often an organisation (KAIST) than a heading
    if _titled_heading(clean_line(line).rstrip(":").strip()):
        return re.sub(r"\s*\([^)]*\d[^)]*\)$", "", clean_line(line).rstrip(":").strip())
    if md and len(md.group(1)) <= 2 and len(words) <= 8:
        return title
    return None


# "Courses Taught", "Students Supervised", "Grants Received": a heading noun and what was done.
_HEADING_PARTICIPLES = frozenset("taught given supervised advised mentored attended organized "
                                 "organised received awarded held".split())
_LISTED_NOUNS = frozenset("courses classes lectures students theses conferences seminars "
                          "workshops invited modules units subjects".split())


# The first words of headings written in sentence case
_SENTENCE_CASE_FIRST = HEADING_NOUNS | frozenset(
    "research work professional academic teaching selected invited industry industrial "
    "postdoctoral employment honours honors awards grants other additional university previous "
    "current visiting didactic taught".split())


def _titled_heading(text: str) -> bool:
    """A short title-cased line ending in a heading noun: "Academic & Research Experience",
    "Grants, Honours & Awards", "Selected Publication"; a parenthesis may follow: "(2019-)",
    "(computing venues)", "(* student author)"."""
    text = re.sub(r"\s*\([^)]*\)$", "", text)
    text = re.sub(r"(?<=[a-z])-(?=[A-Z])", " ", text)  # "Honors-Awards", as LinkedIn writes it
    words = text.replace(",", " ").split()
    if not 1 <= len(words) <= 6 or re.search(r"[\d:;.!?@|]", text):
        return False
    last = words[-1].lower()
    if last in _HEADING_PARTICIPLES and len(words) >= 2 and (
            words[-2].lower() in HEADING_NOUNS or words[-2].lower() in _LISTED_NOUNS):
        # "Courses Taught", "Talks Given", or in sentence case: "Positions held"
        return all(w[:1].isupper() for w in words) or words[0][:1].isupper() and all(
            w.islower() for w in words[1:])
    if words[0].lower() in _LEADING_NOUNS and words[0][:1].isupper() and len(words) <= 4:
        return all(w[:1].islower() or w.isupper() for w in words[1:])
    ends_heading = last in HEADING_NOUNS or last.removesuffix("s") in HEADING_NOUNS
    if words[0][:1].isupper() and words[0].lower() in _SENTENCE_CASE_FIRST and ends_heading \
            and 2 <= len(words) <= 4 and all(w[:1].islower() or w in "&/" for w in words[1:]):
        # In sentence case: "Education and training", "Research experience", "Honours and
        # awards"; a heading's own first word, so that a wrapped title line is not one.
        return True
    return (last in HEADING_NOUNS or last.removesuffix("s") in HEADING_NOUNS) and all(
        w[:1].isupper() or w.lower() in _CONNECTORS for w in words)


def _names_kind(title: str) -> bool:
    """Whether a title has a word that names what a section holds ("Docência", "Grants")."""
    return any(w.lower() in HEADING_NOUNS or w.lower().removesuffix("s") in HEADING_NOUNS
               or f"{w.lower()}s" in HEADING_NOUNS for w in re.findall(r"\w+", title))


def _school(title: str) -> bool:
    from ingest.records.education import INSTITUTION  # the records read this module

    return bool(INSTITUTION.search(title.title()))


def split_sections(text: str, person: str | None = None) -> list[Section]:
    """Cut the text at section headings; text before the first one is the preamble."""
    return list(_split_sections(text, person))


# The headings of a LinkedIn profile saved as a PDF ("Save to PDF"), the only ones it prints: a
# line inside an entry ("Teaching:", an employer in capitals such as "DNV GL") heads nothing.
_LINKEDIN_HEADINGS = frozenset({
    "contact", "top skills", "languages", "certifications", "honors-awards", "publications",
    "patents", "summary", "experience", "education", "volunteer experience", "projects",
    "courses", "test scores", "organizations", "recommendations", "skills"})
_LINKEDIN = re.compile(r"linkedin\.com/in/[^\n]*(?:\n[^\n]*)?\(LinkedIn\).*^\s*Page 1 of \d+\s*$",
                       re.M | re.S)


@functools.lru_cache(maxsize=4)  # asked by the sections and by the records of one text
def linkedin_export(text: str) -> bool:
    """Whether a text is a LinkedIn profile saved as a PDF: its URL marked "(LinkedIn)" and its
    pages numbered "Page 1 of N"."""
    return bool(_LINKEDIN.search(text))


# Chunking, record extraction and coverage each cut the same document: ~1.5 s a MB each time.
@functools.lru_cache(maxsize=4)
def _split_sections(text: str, person: str | None) -> tuple[Section, ...]:
    sections: list[Section] = []
    current, start, offset = PREAMBLE, 0, 0
    parent = ""
    bare = False  # nothing but blank lines since the last heading
    all_lines = text.splitlines(keepends=True)
    margin_tails: set[int] = set()
    linkedin = linkedin_export(text)
    for i, line in enumerate(all_lines):
        title = heading_title(line, person)
        if linkedin:
            if title and _heading_key(line) not in _LINKEDIN_HEADINGS:
                title = None
            if not title:  # nothing else heads a section there, in a column or not
                bare = bare and not line.strip()
                offset += len(line)
                continue
        if title and parent and title.isupper() and not _names_kind(title) and \
                _names_kind(parent) and (bare or _school(title)):
            # "DOCÊNCIA" / "FGV EESP" / "– Econometria I …": a name in capitals right under a
            # heading heads the first of its entries, in that section; so does a school's
            # anywhere in it ("UNIVERSIDADE DO PORTO — ICBAS (…)" over the courses taught there)
            if not bare and offset > start:
                sections.append(Section(current, start, offset))
                start = offset
            current = f"{parent} — {title.title()}"
            offset += len(line)
            continue
        if i in margin_tails:  # the heading's second line, read with its first
            offset += len(line)
            continue
        bare = bool(title) or (bare and not line.strip())
        side = _side_heading(all_lines, i, person) if not title else None
        if (two := _two_line_side_heading(all_lines, i, person)) and not title:
            side = two
            margin_tails.add(i + 1)
        if side:  # "Selected publications      [1] L. Bassani, …": the heading in a left column
            sections.append(Section(current, start, offset)) if offset > start else None
            current = parent = side[0]
            start = offset + side[1]
            offset += len(line)
            continue
        if not title and 0 < i < len(all_lines) - 1 and _is_rule(all_lines[i - 1]) \
                and _is_rule(all_lines[i + 1]) and 0 < len(line.split()) <= 6:
            title = clean_line(line).rstrip(":").strip()  # a heading ruled above and below
        if not title and i + 1 < len(all_lines) and _is_setext(line, all_lines[i + 1]) and \
                not (person and _heading_key(line) == person.lower()):
            title = clean_line(line).rstrip(":").strip()  # Markdown's "Teaching\n======"
        if title and _heading_key(line) in SUBSECTION_WORDS - _LISTS_ALONE and \
                not _LISTING.search(parent):
            title = None  # "Workshop" alone under Skills is a wrapped line, not a subsection
        if not title and parent and (sub := _SUB_NUMBER.match(line)):
            # "4.3 Formación docente recibida" under "4. DOCENCIA": a numbered part of the
            # section that holds what is not the section's (courses attended, students
            # supervised) is a section of its own; the next part that is not returns to it
            from ingest.records import section_kind  # the records read this module

            rest = clean_line(line[sub.end():]).rstrip(":").strip()
            inside = current != parent
            if len(rest.split()) <= 10 and not rest.endswith(".") and \
                    section_kind(rest) == "skip" and section_kind(parent) != "skip":
                if offset > start:
                    sections.append(Section(current, start, offset))
                current, start = f"{parent} — {rest}", offset + len(line)
            elif inside and current.startswith(f"{parent} — "):
                if offset > start:
                    sections.append(Section(current, start, offset))
                current, start = parent, offset + len(line)
        if title:
            if offset > start:
                sections.append(Section(current, start, offset))
            key = _heading_key(line)
            if key in SUBSECTION_WORDS and parent and (key not in _LISTS_ALONE
                                                       or _LISTING.search(parent)):
                current = f"{parent} — {title}"
            else:
                current = parent = title.title() if title.isupper() else title
            start = offset + len(line)
        offset += len(line)
    if offset > start:
        sections.append(Section(current, start, offset))
    return tuple(s for s in sections if text[s.start : s.end].strip())


def split_entries(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the entries in text[start:end]: a publication, a job, a paragraph."""
    blocks, heads = _cut_heads(text, _raw_blocks(text, start, end))
    blocks, ends = _cut_after_dates(text, blocks)
    heads |= ends
    entries: list[list[int]] = []
    for i, (b_start, b_end) in enumerate(blocks):
        if entries and b_start not in heads:
            previous = text[blocks[i - 1][0] : blocks[i - 1][1]]
            entry = text[entries[-1][0] : entries[-1][1]]
            if _continues(previous, entry, text[b_start:b_end]):
                entries[-1][1] = b_end
                continue
        entries.append([b_start, b_end])
    return [(s, e) for s, e in entries]


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def wrapped_number(line: str, above: str, indent: int) -> bool:
    """Whether a line that opens with a number goes on from the line above, cut mid-phrase, set
    deeper than `indent` ("… Konfliktregelung im" / "     14. Jahrhundert, in: …"): no list's
    number."""
    return re.match(r"\s+\d{1,3}\.\s", line) is not None and \
        re.search(r"[^\W\d_]$", above.rstrip()) is not None and _indent(line) > indent


def _raw_blocks(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Blocks separated by blank lines, bullets, numbers and entry headings."""
    blocks: list[tuple[int, int]] = []
    b_start: int | None = None
    offset = start
    previous, first_indent = "", 0
    for line in text[start:end].splitlines(keepends=True):
        stripped = line.strip()
        new_item = bool(_BULLET.match(line) or _MD_HEADING.match(line))
        if new_item and b_start is not None and wrapped_number(line, previous, first_indent):
            new_item = False
        if stripped:
            if b_start is None or new_item:
                first_indent = _indent(line)
            previous = line
        if not stripped or set(stripped) <= {"-", "—", "_", "="}:
            if b_start is not None:
                blocks.append((b_start, offset))
                b_start = None
        elif new_item and b_start is not None:
            blocks.append((b_start, offset))
            b_start = offset
        elif b_start is None:
            b_start = offset
        offset += len(line)
    if b_start is not None:
        blocks.append((b_start, offset))
    return [(s, _rstrip_end(text, s, e)) for s, e in blocks]


# A line that goes on in the next one: "… research visit at the" / "University of Z, 2015–2016"
GOES_ON = re.compile(r"(?:[,&(]|\b(?:a|an|the|of|at|in|on|for|with|to|and|or|by|from))$", re.I)


def dated(line: str, opening: bool = True, ending: bool = True) -> bool:
    """Whether a line opens (where `opening`) or ends (where `ending`) with a date range, as an
    entry's head does: "2006-2009 BSc, Harbour College", "Harbour College, Cork 2006-2009"."""
    from ingest.records.text import DATE_RANGE  # the records read this module

    line = line.strip()
    return any((opening and found.start() == 0) or
               (ending and not line[found.end():].strip(" .,;:)"))
               for found in DATE_RANGE.finditer(line))


def _cut_heads(text: str, blocks: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], set[int]]:
    """Blocks with the head of the next entry cut from the bullet above it, where a PDF set no
    blank line between them ("• Worked with industry (Bayer CropScience, later BASF)" /
    "Bond University Gold Coast, Australia" / "MASTER OF IT 2010‑2012"), and the starts of
    those heads. The span's own entries tell a head: a block that is no bullet and holds a
    dated line, where the dated line's place in it ("University of Queensland" / "PHD
    2012‑2016": the second line) says where a head inside a bullet's block begins. Where every
    entry is a bullet ("• PhD Mathematics" / "University of Kent" / "2020 - 2023"), the dates
    are the bullet's own and nothing is cut."""
    depths: dict[int, int] = {}
    for b_start, b_end in blocks:
        lines = text[b_start:b_end].split("\n")
        if not _BULLET.match(lines[0]):
            at = next((i for i, line in enumerate(lines) if dated(line)), None)
            if at is not None:
                depths[at] = depths.get(at, 0) + 1
    if not depths:
        return blocks, set()
    depth = max(sorted(depths), key=lambda d: depths[d])  # the most common; the first of a tie
    out: list[tuple[int, int]] = []
    heads: set[int] = set()
    for b_start, b_end in blocks:
        lines = text[b_start:b_end].split("\n")
        at = next((i for i, line in enumerate(lines) if i and dated(line)), None)
        first = at - depth if at is not None else 0
        if not _BULLET.match(lines[0]) or first < 1 or lines[first].lstrip()[:1].islower() \
                or GOES_ON.search(lines[first - 1].rstrip()):
            out.append((b_start, b_end))
            continue
        cut = b_start + sum(len(line) + 1 for line in lines[:first])
        out += [(b_start, _rstrip_end(text, b_start, cut)), (cut, b_end)]
        heads.add(cut)
    return out, heads


def _cut_after_dates(text: str, blocks: list[tuple[int, int]]
                     ) -> tuple[list[tuple[int, int]], set[int]]:
    """Blocks cut after each line that ends with a month's date, where the block's last line
    does too and its first does not: entries that close with when they happened, set without
    blank lines between ("… Interval-Based Streams Linz, Austria" / "DAWAK August 2019" /
    "Next talk …"). Where the first line is dated, dates head the entries and nothing is cut
    here. The starts of the entries after such a cut are returned too."""
    from ingest.records.text import MONTH  # the records read this module

    closing = re.compile(rf"\b{MONTH}\s*(?:\d{{1,2}},?\s*)?(?:19|20)\d{{2}}[.)]?$", re.I)
    out: list[tuple[int, int]] = []
    starts: set[int] = set()
    for b_start, b_end in blocks:
        lines = text[b_start:b_end].split("\n")
        closed = [i for i, line in enumerate(lines) if closing.search(line.strip())]
        if len(closed) < 2 or closed[-1] != len(lines) - 1 or closed[0] == 0:
            out.append((b_start, b_end))
            continue
        offset, first = b_start, b_start
        for i, line in enumerate(lines):
            offset += len(line) + 1
            if i in closed[:-1]:
                out.append((first, _rstrip_end(text, first, offset)))
                first = offset
                starts.add(offset)
        out.append((first, b_end))
    return out, starts


def _rstrip_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def looks_like_authors(block: str) -> bool:
    """A line of comma-separated person names, as in a publication's author list."""
    line = clean_line(block.splitlines()[0]) if block.strip() else ""
    parts = [p.strip() for p in re.split(r",|\band\b|&", line) if p.strip()]
    if len(parts) < 2 or len(line) > 400:
        return False
    named = sum(1 for p in parts if re.fullmatch(r"(?:[A-Z][\w.'’-]*\s?){1,5}(?:et al\.?)?", p))
    return named >= max(2, int(0.7 * len(parts)))


def _place(line: str) -> bool:
    """Whether a line is a place alone ("Bloomington, IN", "Grenoble, France"), which ends an
    entry's block: it has the shape of two authors' names."""
    from ingest.records.places import countries_in

    return line.count(",") == 1 and len(line.split()) <= 4 and bool(countries_in(line))


def _continues(previous: str, entry: str, block: str) -> bool:
    """Whether block belongs to the entry that the previous block is part of."""
    first = block.lstrip()
    if _BULLET.match(block) or _MD_HEADING.match(block):
        return False
    if first[:1].islower():
        return True  # a wrapped sentence
    prev_lines = previous.strip().splitlines()
    prev_last = clean_line(prev_lines[-1]) if prev_lines else ""
    if _MD_HEADING.match(previous) and len(prev_lines) == 1:
        return True  # an entry heading owns what follows it
    if looks_like_authors(block) and len(prev_lines) <= 2:
        return True  # title, then its authors
    if looks_like_authors(prev_last) and not _place(prev_last):
        return True  # authors, then venue and year or an abstract
    # A short label (an employer, a date) heads the block after it.
    return len(entry.split()) <= 8 and not prev_last.endswith(".") and len(prev_lines) <= 2


def header(person: str, section: str, entry: str | None = None) -> str:
    """The identity line every chunk starts with, so the embedding knows whose text it is."""
    parts = [person, section] + ([entry] if entry else [])
    return " | ".join(parts) + "\n"


def chunk_text(
    text: str, *, person: str, source: str, doc_id: str, max_tokens: int, page_at=None
) -> list[Chunk]:
    """Chunks of a document's text: sections kept apart, entries whole when they fit. A page's
    front matter and template code are left out (blanked: offsets stay the document's)."""
    text = without_page_code(text)
    chunks: list[Chunk] = []
    flagged = injection.flagged_spans(text)
    for section in split_sections(text, person):
        # A heading that addresses the assistant would stand in every chunk's header.
        title = FLAGGED_HEADING if injection.reason(section.title) else section.title
        # 24 tokens are kept for the entry title that heads a long entry's later pieces.
        budget = max_tokens - tokens.count(header(person, title)) - 24
        for start, end, entry_title in _pack(text, section, budget):
            body = text[start:end]
            shown, hidden = injection.split(body, [(max(s, start) - start, min(e, end) - start)
                                                   for s, e in flagged if s < end and e > start])
            if not re.search(r"\w", re.sub(r"<[^>]*>", "", shown)) and not hidden:
                continue  # markup alone ("<ul> </ul>" around template code): nothing said
            if title != section.title:
                hidden.insert(0, section.title)
            if entry_title and injection.reason(entry_title):
                entry_title = None
            full = header(person, title, entry_title) + shown
            if tokens.count(full) > max_tokens:
                full = header(person, title) + shown
            chunks.append(
                Chunk(
                    id=f"{doc_id}:{len(chunks):04d}",
                    index=len(chunks),
                    text=full,
                    body=body,
                    person=person,
                    source=source,
                    section=title,
                    page=page_at(start) if page_at else None,
                    start=start,
                    end=end,
                    tokens=tokens.count(full),
                    flagged=tuple(hidden),
                )
            )
    return chunks


def _pack(text: str, section: Section, budget: int) -> list[tuple[int, int, str | None]]:
    """Greedy packing of whole entries into spans of at most `budget` tokens."""
    spans: list[tuple[int, int, str | None]] = []
    cur_start: int | None = None
    cur_end = cur_tokens = 0
    for start, end in split_entries(text, section.start, section.end):
        size = tokens.count(text[start:end])
        if cur_start is not None and cur_tokens + size + 1 <= budget:
            cur_end, cur_tokens = end, cur_tokens + size + 1
            continue
        if cur_start is not None:
            spans.append((cur_start, cur_end, None))
            cur_start = None
        if size <= budget:
            cur_start, cur_end, cur_tokens = start, end, size
        else:
            spans.extend(_split_long(text, start, end, budget))
    if cur_start is not None:
        spans.append((cur_start, cur_end, None))
    return spans


def _split_long(text: str, start: int, end: int, budget: int) -> list[tuple[int, int, str | None]]:
    """An entry too long for one chunk: cut at sentence ends, later pieces titled by its head."""
    lines = [clean_line(ln) for ln in text[start:end].strip().splitlines()[:4]]
    head = next((ln for ln in lines if len(ln.split()) >= 4), lines[0])[:80]
    cuts = [m.end() for m in re.finditer(r"(?<=[.!?;])\s+|\n", text[start:end])]
    bounds = [start] + [start + c for c in cuts if 0 < c < end - start] + [end]
    pieces: list[tuple[int, int, str | None]] = []
    piece_start = bounds[0]
    for left, right in zip(bounds, bounds[1:]):
        if left > piece_start and tokens.count(text[piece_start:right]) > budget:
            pieces.append((piece_start, left, head if pieces else None))
            piece_start = left
        if tokens.count(text[piece_start:right]) > budget:
            pieces.extend(_split_words(text, piece_start, right, budget, head))
            piece_start = right
    if piece_start < end:
        pieces.append((piece_start, end, head if pieces else None))
    return [(s, _rstrip_end(text, s, e), h) for s, e, h in pieces if text[s:e].strip()]


def _split_words(
    text: str, start: int, end: int, budget: int, head: str
) -> list[tuple[int, int, str | None]]:
    """Last resort for a run-on sentence: cut between words, and inside a word longer than a
    chunk (a URL, an inline base64 image)."""
    pieces: list[tuple[int, int, str | None]] = []
    piece_start: int | None = None
    piece_end = start
    for match in re.finditer(r"\S+", text[start:end]):
        word_start, word_end = start + match.start(), start + match.end()
        size = tokens.count(text[piece_start:word_end]) if piece_start is not None else 0
        if piece_start is None or size > budget:
            if piece_start is not None:
                pieces.append((piece_start, piece_end, head))
            piece_start, size = word_start, tokens.count(text[word_start:word_end])
        while size > budget and piece_start < word_end - 1:
            cut = _fit(text, piece_start, word_end, budget)
            pieces.append((piece_start, cut, head))
            piece_start, size = cut, tokens.count(text[cut:word_end])
        piece_end = word_end
    if piece_start is not None:
        pieces.append((piece_start, piece_end, head))
    return pieces


def _fit(text: str, start: int, end: int, budget: int) -> int:
    """Where the longest start of text[start:end] within `budget` tokens ends (one character at
    least), found by halving; a token is at most 128 bytes, so the search stops there."""
    low, high = start + 1, min(end - 1, start + 128 * budget)
    while low < high:
        middle = (low + high + 1) // 2
        if tokens.count(text[start:middle]) <= budget:
            low = middle
        else:
            high = middle - 1
    return low
