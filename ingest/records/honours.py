"""Awards and teaching records: one per line or bullet of their sections."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ingest.records.education import INSTITUTION
from ingest.records.places import countries_in
from ingest.records.text import (
    DATE_POINT,
    DATE_RANGE,
    MONTH,
    OPEN,
    SINCE,
    YEAR,
    Line,
    first_year,
    without_dates,
)

_TERM = re.compile(
    # not inside a course's code ("STU22004")
    r"(?<![\dA-Za-z])"
    # the German winter and summer terms: "WS 2019/20, SS 2021"
    r"(?:(?:WS|SS|WiSe|SoSe)\s*(?:19|20)\d{2}(?:/\d{2,4})?"
    r"(?:\s*,\s*(?:WS|SS|WiSe|SoSe)\s*(?:19|20)\d{2}(?:/\d{2,4})?)*|"
    r"(?:19|20)\d{2}\s*\((?:Spring|Summer|Fall|Autumn|Winter)\)|"  # "2008 (Spring)"
    r"(?:Spring|Summer|Fall|Autumn|Winter|(?:Michaelmas|Hilary|Trinity|Lent|Easter)\s+Term)"
    r"\s+(?:19|20)\d{2}"
    r"(?:\s*(?:,|and|-|–|to)\s*(?:(?:Spring|Summer|Fall|Autumn|Winter)\s+)?(?:19|20)\d{2})*"
    # "2016–2018", "2023–", "2015, 2016"
    r"|(?:19|20)\d{2}(?:\s*[-–]\s*(?:(?:19|20)\d{2})?)?"
    r"(?:\s*,\s*(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)\d{2})?)*)"
)
_TEACH_ROLE = re.compile(
    # "(instructor: Jane Roe)" names the course's instructor, not the person's role.
    r"(?:Head |Lead |Graduate |Undergraduate |Undergrad )?Teaching Assistant|\bTA\b|"
    r"(?:Guest |Co-?)?Instructor\b(?!:)|"
    r"(?:Guest |Co-)?Lecturer\b|Teaching Fellow|Course Assistant|Grader|Tutor|"
    r"Teacher(?:'s|’s)? Assistant|(?:Course|Module) (?:Director|Coordinator|Leader|Convenor)|"
    r"(?:Practical |Lab(?:oratory)? )?Demonstrator|"
    # in French and Spanish CVs
    r"Charg[ée]e? de (?:TD|TP|cours)|Vacataire|Moniteur|Monitrice|"
    r"Profesora? (?:asociad[oa]|ayudante)|Colaborador(?:a)? docente|\bATER\b", re.I)
def opens_with_role(text: str) -> bool:
    """Whether a line opens with a teaching role ("Guest Lecturer, CS 357: …")."""
    found = _TEACH_ROLE.match(text.strip(" *_-•"))
    return found is not None


def teaching_role(text: str) -> bool:
    """Whether text is a teaching role and nothing more ("Teaching Assistant", "Tutor")."""
    return _TEACH_ROLE.fullmatch(text.strip(" ,.")) is not None


# A heading that says its lines are the courses taught: "Courses taught", "Disciplinas
# ministradas", "Asignaturas impartidas", "Cours enseignés", "Lehrveranstaltungen"
LISTS_TAUGHT = re.compile(r"\b(?:courses|classes|modules|subjects)\s+(?:taught|instructed)|"
                          r"\b(?:disciplinas|asignaturas|materias|cursos|corsi|cours)\s+"
                          r"(?:ministrad|impartid|lecionad|dictad|tenut|insegnat|enseign)|"
                          r"lehrveranstaltungen", re.I)


# "Courses: AI, Databases, Discrete Maths": a label, then the courses; or the level they were
# taught at ("Undergraduate: Calculus I, Linear Algebra", "Graduate courses: …")
_LEVEL = (r"(?:Undergraduate|Graduate|Postgraduate|Doctoral|Ph\.?D\.?|Master(?:['’]?s)?|"
          r"Bachelor(?:['’]?s)?|B\.?Sc|M\.?Sc|Licence|Laurea(?: magistrale| triennale)?|Grado|"
          r"Máster|Graduação|Pós-graduação)(?: level)?")
_LIST_LABEL = re.compile(rf"^(?:(?:{_LEVEL}\s+)?(?:Courses?|Lectures?|Classes|Modules|Subjects)"
                         rf"(?: taught)?|Taught|{_LEVEL})\s*:\s*", re.I)
# "CS 162", "MATH243", "15-213", "MSCH-J 423" (a school's code and a department's letter),
# "MPE-0312"
# and "2DV50E", a code that opens with a digit
# A talk given, not a course taught: "Guest lecture: …", "Invited lecture, …", "Department
# seminar, …", and the subheadings over such lines ("Guest lectures (not credit-bearing):")
TALKS = re.compile(r"\W*(?:(?:guest|invited|keynote|plenary|public)\s+(?:lectures?|talks?|"
                   r"seminars?|presentations?)|(?:department(?:al)?|research)\s+seminars?|"
                   r"colloqui(?:um|a)|invited\s+talks?)\b", re.I)
_COURSE = re.compile(r"\b(?!(?:WS|SS)\s?(?:19|20)\d{2})"
                     # a quarter's or a term's code is no course's: "FA19", "WI20", "SP21"
                     r"(?!(?:FA|WI|SP|SU|SS|AU|HS|FS|VT|HT)\d{2}\b)"
                     r"(?:[A-Z]{2,6}(?:-[A-Z])?\s?\d{2,4}[A-Z]?|[A-Z]{2,6}-\d{3,4}[A-Z]?|"
                     r"[A-Z]{3,6}\s\d{1,2}[A-Z]{1,2}|"  # "CHEM 6A", "CHEM 6BL"
                     r"\d{2}-\d{3}|"
                     r"\d[A-Z]{2,3}\d{2,3}[A-Z]?)\b")


# What a degree's bullets name as won: "John Oglethorpe Medal for highest GPA", "3x
# Vice-Chancellor List of Academic Excellence", "Valedictorian", "Dean's List".
_DISTINCTION = re.compile(r"\b(?:Medal|Prize|Award|Scholarship|Fellowship|Valedictorian|"
                          r"Salutatorian|Dean[’']?s List|(?:Chancellor|President)[’']?s? List|"
                          r"List of Academic Excellence|Top of (?:the )?class)\b", re.I)


def distinctions(section_lines: Sequence[Line]) -> list[dict]:
    """Awards a degree's lines name among what they say of it ("5x Top of class, 3x
    Vice-Chancellor List of Academic Excellence", "Graduated with High Distinction. John
    Oglethorpe Medal for highest GPA of all IT students"): each sentence or listed item that
    names a distinction, without the count before it; the year is the line's, if it has one."""
    found = []
    for line in section_lines:
        if not _DISTINCTION.search(line.text):
            continue
        year = first_year(line.text)
        for sentence in re.split(r"(?<=[a-z)])\.\s+", line.text):
            items = re.split(r",\s+|;\s+", sentence) if sentence.count(",") >= 1 and all(
                len(i.split()) <= 8 for i in re.split(r",\s+|;\s+", sentence)) else [sentence]
            for item in items:
                name = re.sub(r"^\s*\d+\s?[x×]\s+", "", without_dates(item)).strip(" .;:")
                if _DISTINCTION.search(name) and 1 <= len(name.split()) <= 14 and \
                        not re.match(r"(?:Thesis|Advisor|Supervisor|GPA)\b", name, re.I):
                    found.append({"name": name, "year": year, "_span": (line.start, line.end)})
    return found


def award_from_line(line: Line) -> dict | None:
    """An award from one line: "NSF Graduate Research Fellowship (2017)", "2022  VLDB Best
    Paper Runner-up", "**Best Paper Award** SoCC 2015"."""
    text = line.text
    if len(text.split()) > 40 or not re.search(r"[A-Za-z]{3}", text):
        return None
    year = first_year(text)
    name = (_bold_name(line) or _award_name(text)).strip(" ,.;:–—-")
    name = re.sub(r"^[\"“]([^\"“”]{4,})[\"”]", r"\1", name)  # a grant's quoted title
    if len(name) < 4 or re.fullmatch(r"[\W\d]+", name):
        return None
    return {"name": name, "year": year, "_span": (line.start, line.end)}


def _bold_name(line: Line) -> str:
    """The bold run that names an award ("**Best Paper Award** SoCC 2015"): two words or more."""
    return line.bold if line.bold and len(line.bold.split()) >= 2 else ""


# Words that name an honour; a line of an awards section without one is a description, a
# paper the award was for, or a funding amount, and is not emitted on its own.
_HONOUR = re.compile(
    r"award(?!ed)|prize|price\b|fellow|scholar|grant|medal|honou?r|finalist|winner|\bwon\b|nominat|"
    r"laureate|distinction|laude|valedictorian|dean.s list|\blist\b|certificate|competition|"
    r"contest|champion|bursary|stipend|\bbest\b|first place|excellence|recogni|runner-up|"
    r"participant|ambassador|top of|\boutstanding\b|\branked\b|\d(?:st|nd|rd|th) place|"
    r"\bprix\b|\bpremio\b|of the year\b|"
    # the same in the other languages CVs are written in; German and Polish make compounds of
    # them ("Dissertationspreis", "Deutschlandstipendium")
    r"preis\b|\bbecas?\b|\bbourse|\bborsa\b|\bborse di studio|\bbolsa\b|nagrod|"
    r"\bpr[êé]mio\b|\baux[íi]lio\b|\bayudas?\b|\bsubvenci|\bmejor\b|\bmeilleure?\b|\bmigliore\b|"
    r"\bmelhor\b|"
    r"wyróżnieni|stypendi|auszeichnung|riconosciment|médaille|medalla|medaglia|laur[ée]at|"
    # Nordic, Dutch, Finnish, Turkish and Czech: "Undervisningsprisen", "Genç Araştırmacı
    # Ödülü", "TÜBİTAK 2219 … Burs Programı", "Cena děkana"
    r"prisen\b|\bpris\b|priset\b|\bprijs\b|palkinto|apuraha|ödül|\bburs\b|bursu\b|"
    r"\bcena\b|stipendium",
    re.I)


def names_honour(text: str) -> bool:
    """Whether a text names an honour of any kind ("Best Paper", "Fellowship", "Premio")."""
    return bool(_HONOUR.search(text))


_LEADING_YEAR = re.compile(
    rf"^\s*(?:19|20)\d{{2}}(?:\s*[.‑–-]\s*(?:\d{{2,4}}|{OPEN}))?\s*[:—–-]?\s+", re.I)
_NUMBERED = re.compile(r"^\s*(?:\d{1,3}[.)]|[-*•●▪◦])\s+")
# (after a comma, a stop, a bracket or a column's gap: not "julio de 2017", nor "2016 – 2018")
_CLOSING_YEAR = re.compile(r"(?:[,.()]\s*|\s{2,})(?:19|20)\d{2}\)?\.?\s*$")


# Words that name an honour by themselves, for telling a section of awards by its lines.
_NAMES_HONOUR = re.compile(r"\b(?:awards?|prizes?|fellow(?:ship)?s?|scholarships?|grants?|medals?|"
                           r"bursar(?:y|ies)|stipends?|honou?rs?)\b", re.I)


def mostly_awards(section_lines: Sequence[Line]) -> bool:
    """Whether most lines of a section name an honour (at least two do, and three in four of
    its lines of more than two words): an awards list under a heading that says otherwise."""
    entries = [line for line in section_lines if len(line.text.split()) > 2]
    named = sum(bool(_NAMES_HONOUR.search(line.text)) for line in entries)
    return named >= 2 and named >= 0.75 * len(entries)


def _shouting(text: str) -> bool:
    """A description set in capitals ("THREE YEAR FELLOWSHIP TO PURSUE RESEARCH AT UWA")."""
    # by words, so that acronyms in a name ("NSF CAREER Award ($500,000)") are no shouting
    words = [[c for c in w if c.isalpha()] for w in text.split()]
    words = [w for w in words if w]
    return len(words) >= 4 and sum(sum(c.isupper() for c in w) >= 0.7 * len(w)
                                   for w in words) >= 0.8 * len(words)


# A name, then the year and the sum it was worth: an awards section's grant ("NAASC Conference
# and Workshop Support, 2024 $9,000"), not a line that describes one ("… Total funding $40,000").
_FUNDED = re.compile(r"^[A-Z][^,]*[a-z][^,]*,\s*(?:19|20)\d{2}\w?\s+"
                     r"(?:[$€£]\s?\d[\d,.]*k?|\d[\d,.]*\s?(?:[$€£]|CAD|USD|EUR|AUD))\s*$")


# The role a grant was held in, before its name ("Co-Investigator, …", "PI: …").
_INVESTIGATOR = re.compile(r"(?:(?:Co-?)?(?:Principal )?Investigator|(?:Co-?)?PI|Lead applicant|"
                           r"Co-applicant)(?:\s*\([^()]*\))?\s*[,:–-]\s*", re.I)
# The role a grant's entry states it was held in ("Role: PI", "Role: Co-Investigator")
_ROLE_STATED = re.compile(r"\bRole\s*:\s*(?:Co-?)?(?:PI|Principal Investigator|Investigator|"
                          r"Lead applicant)\b|"
                          # or in a bracket, in the languages CVs are written in: "(PI; $1.2M)",
                          # "(prosjektleder; 7,9 mill. kr, 2022–2026)", "(Projektleiterin)"
                          r"\((?:Co-?)?(?:PI|Principal Investigator|prosjektleder|projektleder|"
                          r"projektledare|Projektleiter(?:in)?|investigador[a]? principal|"
                          r"investigador[a]? responsável|yürütücü|responsabile scientifico|"
                          r"porteu(?:r|se) du projet)\s*[;,)]", re.I)
# An amount in a currency's code or sign ("NOK 8,000,000", "$25,000", "1,500 €")
_AMOUNT = r"(?:[$€£]\s?[\d,.]+\s?[kKM]?|(?:[A-Z]{3}|[$€£])\s?\d[\d,.]*\s?[kKM]?|" \
          r"[\d,.]+\s?[kKM]?\s?(?:[$€£]|CAD|USD|EUR|AUD|GBP|CHF|NOK|SEK|DKK|PLN|JPY|CNY))"


def _without_amount(name: str) -> str:
    """An award's name without what follows a dash, nor a trailing amount or cycle
    ("NAASC Conference Support, 2024 $9,000", "Travel Award – from INSAR – 1,500 $")."""
    name = re.split(r"\s+[–—]\s+|\s+-\s+(?=[A-Z])", name)[0]
    name = re.sub(rf"\s*\({_AMOUNT}\)", "", name)  # "NSF CAREER Award ($500,000)"
    name = re.sub(rf"([”\"]),?\s*{_AMOUNT}(?:\s*\([^()]*\))?(?=\s{{2,}}|\s*$)", r"\1",
                  name)  # "…,” $750,000   2018 – 2021"
    name = re.sub(r",([”\"])(?=\s{2,}|\s*$)", r"\1", name)
    name = re.sub(r"[,\s]+(?:(?:Cycle|Round)\s+\d+|(?:19|20)\d{2}\w?(?:[-–]\d{2,4})?)?\s*"
                  rf"(?:{_AMOUNT})?\s*$", "", name)
    return name.strip(" ,;:")


# A kind of honour, then the ones received, each with its year in brackets
_KIND_LISTED = re.compile(r"(?P<label>[A-Z][^:]{2,40}):\s+(?P<items>.+)$")


_VERB_LED = re.compile(r"(?:I\s+)?(?:received|won|was awarded|earned|was named|named)\s", re.I)


def _wrapped_joined(section_lines: list[Line]) -> list[Line]:
    """Award lines that wrap onto the next one joined: a quoted title left open ("PI, DOE …,
    “Confinement Effects in" / "Zeolites for …,” $750,000  2018 – 2021"), or a name whose honour
    word is on the line under its year ("AIChE … Division Young   2020" / "Investigator
    Award")."""
    out: list[Line] = []
    for line in section_lines:
        last = out[-1] if out else None
        if last is None:
            out.append(line)
            continue
        open_quote = last.text.count("“") > last.text.count("”") or last.text.count('"') % 2
        cells = re.split(r"\s{2,}", last.text, maxsplit=1)
        honour_below = len(cells) == 2 and YEAR.fullmatch(cells[1].split()[0] if cells[
            1].split() else "") is not None and not _HONOUR.search(cells[0]) and \
            _HONOUR.search(line.text) is not None and not YEAR.search(line.text) and \
            len(line.text.split()) <= 6 and line.text[:1].isupper()
        if open_quote and not _LEADING_YEAR.match(line.text):
            joined = f"{last.text} {line.text}"
        elif honour_below:
            joined = f"{cells[0]} {line.text}  {cells[1]}"
        else:
            out.append(line)
            continue
        out[-1] = dataclasses.replace(last, text=joined, end=line.end)
    return out


def _names_wrapped(section_lines: list[Line]) -> list[Line]:
    """A dated entry whose name has no honour word joined to the line under it, which goes on
    with its name ("2019  NSF Division of Mathematical Sciences, Research at Undergraduate" /
    "Institutions (RUI) grant …")."""
    out: list[Line] = []
    for line in section_lines:
        last = out[-1] if out else None
        if last is not None and _LEADING_YEAR.match(last.text) and last.end <= line.start and \
                not names_honour(last.text) and not _LEADING_YEAR.match(line.text) and \
                not _NUMBERED.match(line.text) and len(last.text.split()) < 20:
            out[-1] = dataclasses.replace(last, text=f"{last.text} {line.text}", end=line.end)
        else:
            out.append(line)
    return out


def awards_from_lines(section_lines: list[Line]) -> list[dict]:
    """Awards from the lines of an awards section, one per line that names an honour.

    Lines without an honour word describe the award above them and lend it their year. A
    section whose entries open with a year ("2022 Fellowship X") lists later entries of the
    same year without repeating it, so an undated entry there takes the year above it.
    """
    # (award, whether its line opened with a year, the line it was read from)
    section_lines = _wrapped_joined(section_lines)
    # A section whose honours open with their years ("2016  Premio Extraordinario …") lists its
    # grants the same way, under names that need no honour word ("2023 – 2026  Proyecto …")
    dated = sum(bool(_LEADING_YEAR.match(line.text)) and names_honour(line.text)
                for line in section_lines) >= 2
    if dated:
        section_lines = _names_wrapped(section_lines)
    # and one whose honours close with their years ("Best Poster Award, SPSP  2023") lists the
    # rest the same way ("Ranked 9th among 300 students of the faculty. 2020")
    closed = sum(bool(_CLOSING_YEAR.search(line.text)) and names_honour(line.text)
                 for line in section_lines) >= 2
    heads: list[tuple[dict, bool, Line]] = []
    for at, line in enumerate(section_lines):
        text = line.text
        body = _NUMBERED.sub("", _LEADING_YEAR.sub("", text), count=1)
        body = _NUMBERED.sub("", body, count=1)
        listed = _KIND_LISTED.match(body)
        items = re.findall(r"([A-Z][^,;()]+?)\s*\(((?:19|20)\d{2})\)", listed["items"]) \
            if listed and _HONOUR.search(listed["label"]) else []
        if len(items) >= 2:  # "Travel awards: Society for Neuroscience (2015), FENS (2016)"
            heads += [({"name": f"{listed['label']}: {name.strip()}", "year": int(year),
                        "_span": (line.start, line.end)}, False, line) for name, year in items]
            continue
        # "Received the Young Investigator Award from … in 2019.": a sentence; the honour is
        # what it names
        if _VERB_LED.match(body) and (said := _PROSE_AWARD.search(body[0].lower() + body[1:])):
            heads.append(({"name": said.group("name").strip(" \"“”"), "year": first_year(text),
                           "_span": (line.start, line.end)}, False, line))
            continue
        # "Principal Investigator, “Reef Resilience”, Norwegian Research Council": a grant, held
        # in that role, whether or not its name says "grant"
        held = _INVESTIGATOR.match(body)
        if held and len(body[held.end():].split()) < 3:
            held = None  # "PI: A. Faisst", whose grant it was
        body = body[held.end():] if held else body
        # "2018 – 2023  NIH/NHLBI K08 HL141922, "Title …" / "Role: PI. $823,500 total costs.":
        # a dated grant whose role the line or the one under it states
        below = section_lines[at + 1].text if at + 1 < len(section_lines) else ""
        stated = _LEADING_YEAR.match(text) and any(
            _ROLE_STATED.search(t) for t in (text, "" if _LEADING_YEAR.match(below) else below))
        if stated:  # named by its funder, scheme and number, before its quoted title
            body = re.split(r",?\s+[\"“«]|\.?\s+Role\s*:", body)[0]
        opens = body[:1].isupper() or body[:1] in "\"“" or re.match(r"\d+(?:st|nd|rd|th)?\s+[A-Z]",
                                                                   body)
        # (up to a heading in capitals the section did not split at: "ACCREDITATIONS")
        closed = closed and not (_shouting(text) and not YEAR.search(text))
        above = section_lines[at - 1].text if at else ""
        entry = dated and _LEADING_YEAR.match(text) and len(body.split()) >= 3 or (
            closed and _CLOSING_YEAR.search(text) and 3 <= len(body.split()) <= 25
            and not (heads and heads[-1][0]["year"] is None)
            and (not above or YEAR.search(above[-6:]) or above.endswith((".", ")"))))
        if opens and (_HONOUR.search(body) or _FUNDED.search(body) or held or stated or entry) and \
                len(body.split()) <= 40 and not _shouting(body):
            read = Line(_without_amount(body), line.start, line.end, line.bold, line.row)
            award = award_from_line(read)
            if award:
                award["year"] = first_year(text)
                heads.append((award, bool(_LEADING_YEAR.match(text)), read))
                continue
        if heads and heads[-1][0]["year"] is None and first_year(text):
            heads[-1][0]["year"] = first_year(text)
            heads[-1][0]["_span"] = (heads[-1][0]["_span"][0], line.end)
    # A bold run that starts several entries ("**Mobility Grant** CBH Graduate school",
    # "**Mobility Grant** IDEX") is their kind, not their name: each is named by its own line.
    bold_names = [_bold_name(read) for _, _, read in heads if _bold_name(read)]
    for award, _, read in heads:
        if _bold_name(read) and bold_names.count(_bold_name(read)) >= 2 and (
                whole := award_from_line(dataclasses.replace(read, bold=""))):
            award["name"] = whole["name"]
    if sum(led for _, led, _ in heads) >= 2:
        year = None
        for award, led, _ in heads:
            if led:
                year = award["year"]
            elif award["year"] is None:
                award["year"] = year
    return [award for award, _, _ in heads]


def _award_name(text: str) -> str:
    text = re.sub(rf"^\s*(?:(?:19|20)\d{{2}}(?:\s*[-–]\s*(?:(?:19|20)\d{{2}}|{OPEN}))?)\s+", "",
                  text, flags=re.I)
    text = re.sub(r"\s*\((?:[^()]*\d{4}[^()]*)\)\s*$", "", text)
    text = re.sub(r"[,\s]+(?:\d{1,2}/)?(?:19|20)\d{2}"
                  r"(?:\s*[-–]\s*(?:\d{1,2}/)?(?:19|20)\d{2})?\s*$",
                  "", text)
    text = re.sub(r"[,\s]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?$", "",
                  text)
    head = re.split(r"\s{2,}", text)[0]
    return without_dates(head) if DATE_RANGE.search(head) or DATE_POINT.search(head) and \
        not YEAR.search(head.split()[0]) and len(head.split()) > 3 else head


def role_line(text: str) -> str | None:
    """The teaching role of a line that names only the role and where it was held ("Teacher
    Assistant  Universitat de Barcelona"): the courses are on the lines below it."""
    role = _TEACH_ROLE.search(text)
    if not role or _COURSE.search(text):
        return None
    if re.fullmatch(rf"(?i:as)\s+(?:an?\s+)?{re.escape(role.group(0))}\s*:?", text.strip(" *_")):
        return role.group(0)  # "As lecturer", "As a teaching assistant:" over its courses
    rest = re.sub(_TERM.pattern, " ", text.replace(role.group(0), " "))
    rest = re.sub(r"\([\s,;–-]*\)", " ", rest).strip(" ,.;:–-")  # "(2021–2024)" without years
    if re.fullmatch(r"(?:\(?(?:of record|[a-z]+)\)?)?", rest) and len(text.split()) <= 4:
        return role.group(0)  # "Instructor of record", "Teaching assistant" over its courses
    # Every other part names where: "Lecturer, Digital Circuit Design, Tarn Technical
    # University" names a course too, taught on that line, and so does a name in quotes
    # ("Teaching assistant for the course “Data Mining”, Tarn University")
    parts = [p.strip(" *_") for p in re.split(r",\s*|\s{2,}", rest) if p.strip(" *_")]
    named = [p for p in parts if not _WHERE.search(p) and not countries_in(p)]
    capitalised = [sum(w.lstrip("\"“«'‘(")[:1].isupper() for w in p.split()) for p in named]
    return role.group(0) if _WHERE.search(rest) and len(rest.split()) <= 8 and not any(
        n >= 2 for n in capitalised) else None


# Where a course was taught: a school, or a department of one ("Dept. of Computer Science").
_WHERE = re.compile(INSTITUTION.pattern + r"|\b(?:Dept\.|Department|Departamento|Département|"
                    r"Dipartimento|Institutionen|Faculty|Faculté)(?=\s|$)")


# Words a course's name does not open with: a sentence about teaching ("Developed …"), a
# table's header row ("Semester | Course | Role")
_NOT_COURSE = re.compile(r"^\w+(?:ed|ing)\s+(?-i:[a-z])|^(?:I|My|We|Our|The following)\b|"
                         r"^(?:Supervis|Mentor)\w*\b|"
                         r"^(?:(?:semester|course|courses|role|year|term|institution|level|"
                         r"title|code|hours|credits|and|of)\b\s*)+$", re.I)
_SMALL_WORDS = frozenset("a an and of in on for to the with de des du la le et y e und i".split())


# A course's hours ("(48 h/an)", "60 horas", "15 hours"), which name no part of it.
_HOURS = re.compile(r"[,\s]*\(?\b\d+\s*(?:h|hrs?|hours|horas|heures|Std\.?|ore)\b"
                    r"(?:\s*/\s*[a-zé]+)?\)?", re.I)


# A heading inside a teaching section ("Undergraduate Courses", "Guest Lectures"), no course
_SUBHEADING = re.compile(r"\b(?:courses|classes|lectures|seminars|modules|workshops|"
                         r"tutorials|level|teaching|"
                         r"supervision|students|assistantships?)$", re.I)


# A course's kind before a colon names the course, not a label ("Practical Course: Vision-Based
# Navigation", "Seminar: Topics in Logic")
_KIND_COLON = re.compile(r"(?:[A-Z][\w-]*\s+){0,2}(?:Course|Seminar|Lab|Laboratory|Practical|"
                         r"Practicum|Workshop|Tutorial|Module|Project)s?:\s+[A-Z]")


# What a bracket after a course says of it, no part of its name: "(Master in Political Science,
# 6 ECTS)", "(Bachelor programme, exercise sessions)", "(BA, 2014–2022)"
_ASIDE = re.compile(r"\s*\((?=[^()]*(?:,|\b(?:Master|Bachelor|BSc|MSc|BA|MA|PhD|[Pp]rogramm?e|"
                    r"year|ECTS|CFU|credits|students|sessions|course)\b))[^()]*\)")


def _without_asides(text: str) -> str:
    """The text without such brackets; one that names where or in what role stays
    ("(Instructor, Halden College)")."""
    return _ASIDE.sub(lambda found: found.group(0) if INSTITUTION.search(found.group(0))
                      or _TEACH_ROLE.search(found.group(0)) else "", text)


# A line that says only which term the lines under it were taught in ("Wintersemester 2023/24",
# "Ano letivo 2022/2023", "Fall 2019"), a place after a dash: "… – Universität Osnabrück (…)"
TERM_HEADING = re.compile(
    r"(?P<term>(?:(?:Winter|Sommer|Summer)semester|WS|SS|WiSe|SoSe|Semester|Semestre|Trimestre|"
    r"Term|Quarter|Academic years?|Anos? (?:letivos?|lectivos?)|Años? académicos?|"
    r"Curso(?: académico)?|"
    r"Anno accademico|a\.\s?a\.|Akademik yıl|Studienjahr|Spring|Summer|Fall|Autumn|Winter)"
    r"\s+(?:19|20)\d{2}(?:\s*[/–-]\s*(?:19|20)?\d{2})?"
    r"(?:\s*(?:[–-]|a|to|bis|à)\s*(?:19|20)\d{2}(?:\s*[/–-]\s*(?:19|20)?\d{2})?)?)"
    r"(?:\s*[–—-]\s*(?P<place>[A-ZÀ-Ý][^()]*?))?(?:\s*\([^()]*\))?\s*:?\s*$", re.I)
# Cells before a course's name on its line: its code ("40331", "MAK 3012"), its semester
# ("1.º sem.", "2. Sem.", "º sem." where "1." was read as a list's number), or the kind of
# class it was, cut short ("VL", "HS", "Ü", "CM", "TD")
_CODE_CELL = re.compile(r"[A-Z]{0,5}\s?\d{2,7}[A-Z]{0,2}")
_LEADING_CELL = re.compile(_CODE_CELL.pattern + r"|(?:\d\.?)?\s?[ºª°]?\s?(?:sem|semestre|"
                           r"semester|term|trim)\.?|[A-ZÄÖÜ]{1,3}(?:\s?\+\s?[A-Z]{1,3})?", re.I)


def led_by_cells(text: str) -> bool:
    """Whether a line opens with a cell of a course's code, semester or kind of class, set
    apart from the course's name by a column's gap ("VL  Die Hanse …", "1.º sem.  40331  …")."""
    first = re.split(r"\s{2,}", text.strip(), maxsplit=1)
    return len(first) == 2 and _LEADING_CELL.fullmatch(first[0]) is not None


def course_line(line: Line, role: str | None, place: str | None,
                under_term: str | None = None, *, listed: bool = False) -> dict | None:
    """A course named on a line of its own in a teaching section, its role or school given by
    a line above ("University of Tarn" / "Introduction to Statistics (undergraduate), 2019,
    2020"; "Teaching assistant for the following courses at …:" / "Linear Algebra"), its term
    by a line above (`under_term`: "Wintersemester 2023/24" / "VL  Die Hanse …  2 SWS"), or by
    the other cells of its table row, or under a heading that says its lines are the courses
    taught (`listed`: "Disciplinas ministradas"); None for a line that names no course so."""
    line, led = term_led(line)
    text = _HOURS.sub("", _without_asides(line.text))
    text = re.sub(r"\s+\d+\s*(?:SWS|ECTS|CFU|stp|sp|op)\.?\s*$", "", text)
    term = _TERM.search(text)
    rest = re.sub(r"\(\s*\)", " ", text.replace(term.group(0), " ")) if term else text
    rest = re.sub(r"\s*\((?:under)?graduate[^)]*\)|\s*\((?:19|20)\d{2}[^)]*\)", "", rest)
    # where it was taught, in a bracket: "Analog Communication (at VIT University, …)"
    at_school = re.search(r"\s*\(\s*at\s+([^()]*)\)", rest)
    rest = rest[: at_school.start()] + rest[at_school.end():] if at_school else rest
    parts = [p.strip(" ,.;:–·-") for p in re.split(r",\s+|;\s+|\s{2,}|\s[—–·-]\s", rest)]
    code = None
    # (a course after its cells may have a subtitle: "PS  Einführung …: Die Hanse  4 SWS")
    code_led = bool(under_term) and led_by_cells(line.text)
    while code_led and len(parts) > 1 and \
            _LEADING_CELL.fullmatch(parts[0]):
        cell = parts.pop(0)  # "1.º sem.  40331  Ecologia Marinha  …": the course after them
        code = cell if _CODE_CELL.fullmatch(cell) and re.search(r"\d", cell) else code
    parts = [p for p in parts if p and not re.fullmatch(r"[\d\s,–-]+", p)]
    # the line's own school and term make it a course where nothing above names a role
    placed = term is not None and any(INSTITUTION.search(p) for p in parts[1:])
    if not parts or not (role or line.row >= 0 or place or placed or under_term or listed):
        return None
    if listed and not term and not code and len(parts) > 1 and not any(
            INSTITUTION.search(p) or _TEACH_ROLE.fullmatch(p) for p in parts[1:]):
        parts = [", ".join(parts)]  # "Gênese, Morfologia e Classificação de Solos": one name
    if listed and not re.search(r"[a-zà-ÿ]{3}", re.sub(r"\([^()]*\)", "", parts[0])):
        return None  # "U.G. (B.E. / B.Tech.)": the group's label over its courses
    course, words = parts[0], parts[0].split()
    named = [w for w in words if w.lower() not in _SMALL_WORDS]
    if not 1 <= len(words) <= 8 or not course[:1].isupper() or _NOT_COURSE.search(course) \
            or INSTITUTION.search(course) or _TEACH_ROLE.search(course) \
            or ":" in text and not _KIND_COLON.match(text) and not code_led \
            or re.fullmatch(MONTH, course) or DATE_POINT.search(course) \
            or _SUBHEADING.search(course) \
            or sum(w[:1].isupper() or w[:1].isdigit() for w in named) < 0.5 * len(named):
        return None
    said = next((p for p in parts[1:] if _TEACH_ROLE.fullmatch(p)), None)
    # a table row's school is in its own cells, not a line above the table
    where = next((p for p in parts[1:] if INSTITUTION.search(p)), None) or (
        at_school.group(1).split(",")[0].strip() if at_school else None) or (
        place if line.row < 0 else None)
    return {"course": f"{code} {course}" if code else course, "role": said or role,
            "term": led or (term.group(0) if term else under_term),
            "_span": (line.start, line.end)} | ({"institution": where} if where else {})


def school_of(text: str) -> str | None:
    """Where a line says it was taught, as a line of its own ("University of Tarn") or after
    "at" ("Teaching assistant for the following courses at Calder State University:")."""
    at = re.search(r"\bat\s+(?:the\s+)?([A-Z][^,:;()]+)", text)
    if at and INSTITUTION.search(at.group(1)) and len(at.group(1).split()) <= 8 and all(
            w[:1].isupper() or w in _SMALL_WORDS for w in at.group(1).split()):
        return at.group(1).strip(" .")
    # "Université de Nantes (ATER, 2017-2018)": the role and the years in brackets after it
    alone = re.sub(r"\s*\((?=[^()]*(?:\d{4}|depuis|since|seit|desde))[^()]*\)$", "",
                   text.strip(" .:"))
    alone = re.sub(rf"\s*\((?:{_TEACH_ROLE.pattern})[^()]*\)$", "", alone, flags=re.I)
    if INSTITUTION.search(alone) and len(alone.split()) <= 8 and not re.search(r"\d", alone) \
            and not _TEACH_ROLE.search(alone) and "," not in alone:
        return alone
    return None


def _role_and_terms(text: str) -> str | None:
    """The role of a line that gives a role and terms only ("Lecturer, Fall 2019, Fall 2020")."""
    role = _TEACH_ROLE.match(text.strip())
    rest = re.sub(_TERM.pattern, "", text.strip()[role.end():]) if role else "-"
    return role.group(0) if role and not rest.strip(" ,;()") else None


def courses_over_roles(rows: Sequence[Line]) -> list[dict]:
    """Courses each named on a line of its own over the line that gives the role, the place
    and the term it was taught in ("Deep Learning" / "Lecturer, University of Tarn, 2020–2023"):
    there a role's line belongs to the course above it, not to the lines below. [] for a
    section not laid out so (two such pairs at least, and most of its lines)."""
    found, at = [], 0
    while at + 1 < len(rows):
        # (the term on either line: "Computer Vision      Fall 2021" / "University …, Instructor";
        # the school on either: "Labour Economics, University of Tarn" / "Lecturer, Fall 2019")
        course, held = rows[at].text.strip(" ,"), rows[at + 1].text
        term = _term(held) or _term(course)
        if term and not _term(held):
            course = course.replace(term.group(0), " ").strip(" ,–-")
        course, _, school = course.partition(", ")
        if school and not INSTITUTION.search(school):
            course, school = rows[at].text.strip(" ,"), ""
        role = role_line(held) or _role_and_terms(held)
        if role and term and not _TEACH_ROLE.search(course) and not re.search(
                r"\d", course) and 1 <= len(course.split()) <= 8 and course[:1].isupper() \
                and not course.endswith((".", ":")) and not INSTITUTION.search(course):
            where = school or next((p.strip() for p in re.split(r",\s*|\s{2,}", held)
                                    if INSTITUTION.search(p)), None)
            found.append({"course": course, "role": role, "term": term.group(0),
                          "_span": (rows[at].start, rows[at + 1].end)}
                         | ({"institution": where} if where else {}))
            at += 2
        else:
            at += 1
    return found if len(found) >= 2 and 2 * len(found) >= 0.8 * len(rows) else []


def teaching_from_list(line: Line, default_role: str | None, *, under_role: bool = False
                       ) -> list[dict]:
    """The courses of a line that lists several, after a label ("Courses: AI, Databases, Logic
    & Proof") or under_role, the line of the role they were taught in ("Calculus I-II,
    Theoretical Mechanics. 2017 – 2019"); [] for any other line."""
    plain = _HOURS.sub("", line.text)
    text = _LIST_LABEL.sub("", plain)
    # "Teaching assistant: Linear Algebra (2016), Calculus II (2017)": the role as the label
    role = re.match(rf"(?:{_TEACH_ROLE.pattern})(?=\s*:)", plain, re.I) if text == plain else None
    if role:
        text, default_role = plain[role.end():].lstrip(" :"), role.group(0)
    labelled = text != plain
    if not labelled and not under_role:
        return []
    # each course with its own term in brackets, or the line's one term for them all
    own = re.findall(rf"\(\s*({_TERM.pattern})\s*\)", text)
    items_text = re.sub(rf"\s*\(\s*{_TERM.pattern}\s*\)", "", text) if len(own) >= 2 else text
    term = None if len(own) >= 2 else _TERM.search(text)
    body = re.sub(r"\(\s*\)", "", text[: term.start()] + text[term.end():]) if term \
        else items_text
    items = [i.strip(" .;") for i in re.split(r",\s+|;\s+", body.strip(" .;"))]
    terms = own if len(own) == len(items) else [term.group(0) if term else None] * len(items)
    # (a label says what the line lists, however few: "Graduate: Survey Methodology")
    if len(items) < (1 if labelled else 2) or _TEACH_ROLE.search(body) or not all(
            1 <= len(i.split()) <= 7 and (i[:1].isupper() or _COURSE.match(i))
            and not (i.isupper() and len(i) > 4) and not _WHERE.search(i)
            and (labelled or len(i) >= 4) for i in items):
        return []  # not "16-311 Robotics, Carnegie Mellon University": a course and where
    return [{"course": item, "role": default_role, "term": when, "_span": (line.start, line.end)}
            for item, when in zip(items, terms)]


# The head of a paragraph that lists courses after a colon: "Courses taught (as instructor):",
# "As Instructor of Record (Calloway University):", "Courses taught (as lecturer) at the
# University of Nadwiśle, BA and MA programmes:"
_PARAGRAPH_HEAD = re.compile(r"(?P<head>(?:Courses?|Classes|Modules|Lectures)(?: taught)?\b"
                             r"[^:]{0,120}|As (?:an? )?(?P<role>[^:()]{2,40}?)"
                             r"(?:\s*\([^()]*\))?)\s*:\s+(?=[A-Z])", re.I)


# The words of a text table's header row over courses ("Asignatura  Titulación  Curso académico
# Créditos", "Course  Term  Role  Students"), in the languages CVs are written in
_COURSE_HEADS = frozenset("course courses asignatura asignaturas materia cours corso insegnamento "
                          "disciplina lehrveranstaltung title module subject class unit dersin "
                          "ders".split())
_TERM_HEADS = frozenset("term terms semester semestre year years académico academic año curso "
                        "période periodo anno session dates date jahr ay dönem akademik "
                        "yıl".split())
_TABLE_HEADS = _COURSE_HEADS | _TERM_HEADS | frozenset(
    "curso role rôle función rol position credits créditos ects cfu hours horas heures ore level "
    "programme program titulación degree studies estudios students enrolment enrollment "
    "institution university universidad school code no of de en and y per cód código codigo "
    "participación participação participation função funktion imp impartidos type tipo adı "
    "haftalık saati teorik uygulama öğrenci sayısı".split())
# A cell of a number (hours, credits, students): "3", "4,5", "112"
_NUMBER_CELL = re.compile(r"\d{1,4}(?:[.,]\d{1,2})?")


def _cells(text: str) -> list[str]:
    return [cell.strip() for cell in re.split(r"\s{2,}", text) if cell.strip()]


def _table_head(text: str) -> tuple[int, int | None, int] | None:
    """(the course's column, the term's, how many) for a text table's header row; None for
    any other line."""
    cells = _cells(text)
    # (a plural in brackets is the word's: "Curso(s)", "Course(s)")
    words = [set(re.findall(r"[^\W\d_]+", re.sub(r"\((?:s|es|e|en)\)", "", cell.lower())))
             for cell in cells]
    if len(cells) < 3 or not all(w and w <= _TABLE_HEADS for w in words):
        return None
    course = next((i for i, w in enumerate(words) if w & _COURSE_HEADS), None)
    term = next((i for i, w in enumerate(words) if w & _TERM_HEADS and i != course), None)
    return (course, term, len(cells)) if course is not None else None


def table_courses(rows: Sequence[Line], role: str | None) -> tuple[list[dict], set[int]]:
    """Courses from text tables under a header row of column names ("Asignatura  Titulación
    Curso académico  Créditos"): each row's cells by the header's columns, a wrapped row's
    cells added to the row above; and the indexes of the rows read so."""
    found: list[dict] = []
    used: set[int] = set()
    head: tuple[int, int | None, int] | None = None
    played: int | None = None  # the column of the role, where the header names one
    cells: list[str] = []
    for at, line in enumerate(rows):
        if (new := _table_head(line.text)) is not None:
            head, cells = new, []
            played = next((i for i, cell in enumerate(_cells(line.text)) if re.fullmatch(
                r"role|rôle|rol|función|funktion|função|position", cell.lower())), None)
            used.add(at)
            continue
        if head is None:
            continue
        course, term, size = head
        parts = _cells(line.text)
        if not found and all(set(re.findall(r"[^\W\d_]+", p.lower())) <= _TABLE_HEADS
                             for p in parts):
            used.add(at)  # the header's own second line ("académico  imp.")
            continue
        bare = [re.sub(r"\s*\([^()]*\)$", "", p) for p in parts]  # less notes in brackets
        # (an academic year too: "2021/22–2023/24", "2024/25–actualidad")
        if len(parts) >= size and (YEAR.search(line.text) or re.match(_ACADEMIC_YEAR, parts[0])):
            cells = parts
            name = parts[course]
            if course and _CODE_CELL.fullmatch(parts[course - 1]):
                name = f"{parts[course - 1]} {name}"  # "101228  Edafología": its code first
            found.append({"course": name, "role": parts[played] if played is not None and len(
                parts) == size else role,
                          "term": parts[term] if term is not None else None,
                          "_span": (line.start, line.end)})
        elif found and len(parts) >= 3 and not YEAR.search(line.text) and (
                named := [p for p in bare if not _NUMBER_CELL.fullmatch(p)]) and \
                len(parts) - len(named) >= 2 and len(named[-1].split()) >= 2 and \
                all(_NUMBER_CELL.fullmatch(p) for p in bare[bare.index(named[-1]) + 1:]):
            # "MAK 5103 İleri Isı Transferi  3  0  14" under a row that printed the year and
            # term for its group: a course, then its numbers
            cells = parts
            found.append({"course": named[-1], "role": role, "term": found[-1]["term"],
                          "_span": (line.start, line.end)})
        elif found and cells and 0 < len(parts) < size \
                and not re.match(r"[a-z]\)\s|\d{1,2}[.)]\s", line.text) \
                and not line.text.rstrip().endswith((":", ".")) and len(line.text.split()) < 12:
            # "29921 Diseño de Reactores  …" / "Heterogéneos": the course's name goes on (or
            # the term, "AY2020–" / "AY2021")
            if course == 0 and not YEAR.search(parts[0]):
                found[-1]["course"] = f"{found[-1]['course']} {parts[0]}"
            found[-1]["_span"] = (found[-1]["_span"][0], line.end)
        else:
            head = None
            continue
        used.add(at)
    return found, used


def top_level(text: str, separator: str) -> list[str]:
    """The parts of a text between separators that stand outside brackets."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and text.startswith(separator, at):
            parts.append(text[start:at])
            start = at + len(separator)
    return [*parts, text[start:]]


def paragraph_head(text: str) -> bool:
    """Whether a line opens a paragraph of courses listed after a colon."""
    return _PARAGRAPH_HEAD.match(text) is not None and not TALKS.match(text)


def courses_in_paragraph(line: Line, default_role: str | None) -> list[dict]:
    """The courses a paragraph lists after its head, each with the terms in its bracket:
    "Courses taught (as instructor): Survey Methodology (MA, 2019, 2020); Quantitative Methods
    (BA, 2018)". [] where the line opens no such paragraph or lists fewer than two."""
    head = _PARAGRAPH_HEAD.match(line.text)
    if not head or TALKS.match(line.text):
        return []
    said = _TEACH_ROLE.search(head.group("head") or head.group("role") or "")
    school = next((g for found in re.finditer(r"\(([^()]*)\)|\bat (?:the )?([A-Z][^,:]+)",
                                              head.group(0))
                   for g in found.groups() if g and INSTITUTION.search(g)), None)
    # items end at a semicolon, or where a bracket closes before the next capitalised name (a
    # line's last ";" is lost where a PDF line ends)
    items = [i.strip(" .") for part in top_level(line.text[head.end():], ";")
             for i in re.split(r"(?<=\))\s+(?=[A-Z])", part) if i.strip(" .")]
    found = []
    for item in items:
        course = re.split(r"\s*\(|,\s", item, maxsplit=1)[0].strip(" .")
        words = course.split()
        if not 1 <= len(words) <= 10 or not course[:1].isupper() or INSTITUTION.search(course):
            return []
        term = _TERM.search(item[len(course):])
        found.append({"course": course, "role": said.group(0) if said else default_role,
                      "term": term.group(0) if term else None,
                      "_span": (line.start, line.end)}
                     | ({"institution": school} if school else {}))
    return found if len(found) >= 2 else []


# "Taught Principles of Macroeconomics, … and Basic Economics", "Assisted in Experimental
# Economics and Econometrics courses": a job's line that says which courses were taught.
# "Taught A, B and C", "Taught Introduction to Algorithms to undergraduate students. Led …":
# the courses end where the line does, or where it says to whom or goes on with a sentence
_TAUGHT = re.compile(r"(?:Taught|Lectured|Instructed|(?:Assisted|Assisting) (?:in|with|"
                     r"on))\s+(?:the\s+)?(?:courses?\s+)?(?P<items>[A-Z].*?)(?:\s+courses?)?"
                     r"(?:\.?$|\s+(?:to|for)\s+(?:[\w-]+\s+){0,3}?(?:students|pupils|learners)\b"
                     r"|\.\s+(?=[A-Z]))")


def taught_courses(line: Line) -> list[dict]:
    """The courses a job's line says were taught, each named in capitals; [] when one of
    the items is not ("Taught logic, paradoxes": subjects, not courses)."""
    found = _TAUGHT.match(line.text)
    if not found:
        return []
    # "A, B and C" lists three, as "A and B courses" lists two; "Introduction to Algorithms
    # and Java Programming", with no comma, may be one course's name: it stays whole
    listed = re.search(r",\s|;\s", found["items"]) or re.search(r"\bcourses\b", found.group(0))
    items = [i.strip(" .;") for i in re.split(r",\s+(?:and\s+)?|;\s+|\s+and\s+(?=[A-Z])",
                                               found["items"]) if i.strip(" .;")] if listed \
        else [found["items"].strip(" .;")]
    if not items or not all(1 <= len(i.split()) <= 7 and i[:1].isupper() for i in items):
        return []
    role = "Teaching Assistant" if line.text.startswith("Assist") else None
    return [{"course": item, "role": role, "term": None, "_span": (line.start, line.end)}
            for item in items]


# A line led by its year or years, then a course's name, cut where a comma, a dash or a sentence
# end leads to what was taught, for whom and where.
# The year, the years or the term first: "2019", "2018 – 2021", "2022 – oggi", and the German
# winter and summer terms, "WS 2022/23", "SS 2021".
# A term or an academic year: "2019", "WS 2019/20", "2018-2019"
_TERM_ITEM = r"(?:(?:WS|SS|WiSe|SoSe)\s*)?(?:19|20)\d{2}(?:[-/](?:19|20)?\d{2}(?!\d))?" \
    r"(?:\s*\((?i:spring|summer|fall|autumn|winter)\))?"  # "2008 (Spring)"
# The terms a course line opens with: "2016 – 2018", "2019-2020, 2020-2021", "2018-2019 à
# 2021-2022", "depuis 2021-2022", "2021 – present"; the course after them, up to a comma or a
# column gap ("Algèbre I (L1)  TD, 60 h/an")
# … and the part of the year after them, then a dash ("2017/2018, 2.º semestre — Ecologia do
# Bentos, Mestrado …", "2015/2016 and 2016/2017, Spring term — Applied Marine Biology")
_TERM_PART = (r"(?:,?\s+(?:(?:\d\.?º|\d(?:st|nd|rd|th)|first|second|third|fall|autumn|spring|"
              r"summer|winter)\s+)?(?:semester|semestre|term|trimester|quarter|cuatrimestre)"
              r"|,?\s+(?:spring|summer|fall|autumn|winter))")
_DATED_COURSE = re.compile(rf"((?:(?i:{SINCE})\s+)?{_TERM_ITEM}(?:\s*(?:[-–,]|(?i:à|a|bis|to|and|"
                           rf"e|y|et|und))\s*(?:{_TERM_ITEM}|(?i:{OPEN})))*(?i:{_TERM_PART})?)"
                           r"(?:\s*[—–]\s+|\s+)"
                           r"([A-ZÀ-ÖØ-ÞŁŚŻ](?:[^,;(\s]|\s(?!\s)|\([^()]*\)){3,90}?)"
                           r"(?:,\s|;\s|\s[-–—]\s|\.\s|\s{2,}|\.?$)")
# What kind of teaching the part after the course names ("Lecture and practical work"; "CM +
# TD", the lectures and classes of a French course).
_TEACHING_KIND = re.compile(r"(?:Guest |Invited )?(?:Lectures?|Practical work|Tutorials?|"
                            r"Seminars?|Recorded course|Exercise classes|Labs?)\b[^,;:.]*|"
                            r"(?-i:(?:CM|TD|TP)(?:\s*\+\s*(?:CM|TD|TP))*)\b", re.I)


# The years (and terms) that lead a line, "2019 (Winter), 2021 (Spring). ", "2020, 2021. "
_YEARS_LED = re.compile(r"(?:19|20)\d{2}(?:\s*\([^)]*\))?(?:\s*[,–-]\s*(?:19|20)\d{2}"
                        r"(?:\s*\([^)]*\))?)*[.:]?\s+")
# "Section leader for CS 106B Programming Abstractions, …": the role, then the course
_ROLE_FOR = re.compile(r"(?P<role>(?i:(?:(?:volunteer|head|lead|graduate)\s+)?(?:section leader|"
                       r"teaching (?:assistant|intern|fellow)|instructor|tutor|lecturer|grader)|"
                       r"TA))\s+for\s+(?P<course>[\"“‘']?[A-Z0-9][^,;]*?)"
                       r"(?=,\s|;|\.\s|\.?$|\s+(?:offered|at)\s|\s+in\s+[^,.;]*\b(?:School|"
                       r"University|College|Institute|Academy)\b)")


def dated_course(line: Line, default_role: str | None) -> dict | None:
    """A course from a line led by the year it was taught ("2021 Statistics, Practical work
    with R, Master in Child Neuropsychology", "2020, 2021. Section leader for Code in Place,
    an online course"), or None."""
    led = _YEARS_LED.match(line.text)
    if led and (pair := _ROLE_FOR.match(line.text, led.end())):
        where = next((p.strip(" .") for p in re.split(r",\s+|;\s+", line.text[pair.end():])
                      if INSTITUTION.search(p)), None)
        return {"course": pair.group("course").strip(" .\"“”‘’'"), "role": pair.group("role"),
                "term": str(first_year(line.text)), "_span": (line.start, line.end)} | (
                    {"institution": where} if where else {})
    found = _DATED_COURSE.match(line.text)
    if not found:
        return None
    course, after = _without_asides(found.group(2)).strip(" .:"), line.text[found.end():]
    kind = _TEACHING_KIND.match(after.strip()) or _TEACH_ROLE.search(after)
    role = kind.group(0).strip() if kind else default_role
    if _TEACH_ROLE.fullmatch(course):  # "2016 – 2018  Chargée de TD, Programmation (L2)"
        part = re.match(r"(?:[^,;(]|\([^()]*\))*", after.lstrip(" ,;"))
        role, course = course, _without_asides(part.group(0)).strip(" .:") if part else ""
        if not course[:1].isupper():
            return None
    where = next((p.strip(" .") for p in re.split(r",\s+|;\s+", after)
                  if INSTITUTION.search(p)), None)
    return {"course": course, "role": role, "term": found.group(1),
            "_span": (line.start, line.end)} | ({"institution": where} if where else {})


def dash_dated_course(line: Line, default_role: str | None) -> dict | None:
    """A course whose line opens with its years, the part of the year and a dash ("2017/2018,
    Spring term — Benthic Ecology, MSc in …: lecturer, 20 h."), or None."""
    found = _DATED_COURSE.match(line.text)
    if not found or not re.search(r"[—–]", line.text[found.end(1):found.start(2)]) or not \
            re.search(rf"(?i:{_TERM_PART})$", found.group(1)):
        return None
    return dated_course(line, default_role)


def _coded(text: str) -> bool:
    """Whether a line opens with a course's code and its title ("CPSC 110  Computation,
    Programs, and Programming", "Fall 2019 · BIOL10002 Biology of Cells"), past a term, dates
    or a bullet before it; a code whose number is a year ("ERC 2019 Starting Grant") is none."""
    code = _COURSE.search(text)
    if not code or re.search(r"\b(?:19|20)\d{2}\b", code.group(0)):
        return False
    before = _TERM.sub(" ", text[: code.start()])
    before = re.sub(rf"{DATE_RANGE.pattern}|\b(?:19|20)\d{{2}}\b", " ", before)
    return not re.search(r"[^\W\d_]{2,}", before) and bool(
        re.match(r"\s*[:.\-–—|]?\s*\(?[A-Z]", text[code.end():]))


def coded_rows(lines: Sequence[Line]) -> set[int]:
    """The lines of a run that course codes lead: two or more lines in a row that open with a
    code and a title, a wrapped or describing line or two between them. Courses listed
    wherever they sit, under a heading that went unread or inside a job's entry; and one such
    line alone right under a line that names a teaching role ("Assistant Instructor" /
    "PSC146 - The Development of Memory")."""
    coded = [at for at, line in enumerate(lines) if _coded(line.text)]
    taught = {at for at in coded if at > 0 and _TEACH_ROLE.search(lines[at - 1].text)}
    runs: list[list[int]] = []
    for at in coded:
        if runs and at - runs[-1][-1] <= 3:
            runs[-1].append(at)
        else:
            runs.append([at])
    return {at for run in runs if len(run) >= 2 or run[0] in taught
            for at in range(run[0], run[-1] + 1)}


def _unbracketed(part: str) -> str:
    """A part of a line without the punctuation around it, nor a bracket the split left
    unclosed: "Econometrics I (ECON 301)" keeps both of its brackets."""
    part = part.strip(" ,.;:")
    if part.startswith("(") and part.endswith(")"):
        part = part[1:-1]
    if part.count("(") < part.count(")"):
        part = part.rstrip(")")
    elif part.count("(") > part.count(")"):
        # "World History since 1500 (three sections": the aside the split cut off goes too
        part = part.lstrip("(") if part.startswith("(") else part[: part.rfind("(")]
    return part.strip(" ,.;:")


def _term(text: str) -> re.Match[str] | None:
    """The term a course line gives, never the number of its code ("POLS 2010 American
    National Government")."""
    codes = [found.span() for found in _COURSE.finditer(text)]
    return next((term for term in _TERM.finditer(text)
                 if not any(a <= term.start() < b for a, b in codes)), None)


def _titled_course(part: str) -> bool:
    """Whether a part of a course's line is its title: capitalised words, not where or when it
    was taught nor the role."""
    words = [w for w in part.split() if w.lower() not in _SMALL_WORDS]
    return bool(words) and part[:1].isupper() and not INSTITUTION.search(part) \
        and not _TEACH_ROLE.search(part) and not _TERM.fullmatch(part) \
        and sum(w[:1].isupper() or w[:1].isdigit() for w in words) >= 0.5 * len(words)


# The academic year or years a line opens with, then a colon: "a.y. 2023-24: …",
# "2019 – 2021: …"
# "a.a. 2022/2023 – 2023/2024 · …", "a.a. 2017/2018 e 2018/2019 · …" (anno accademico)
_ACADEMIC_YEAR = r"(?:19|20)\d{2}(?:\s*[-–/]\s*(?:(?:19|20)?\d{2}|(?i:present)))?"
_TERM_LED = re.compile(rf"(?:(?i:a\.\s?[ay]\.|academic year|AY)\s*)?{_ACADEMIC_YEAR}"
                       rf"(?:\s*(?:,|[-–]|\b(?:e|and|et|y)\b)\s*{_ACADEMIC_YEAR})*\s*[:·]\s+")


def term_led(line: Line) -> tuple[Line, str | None]:
    """A course's line without the academic year it opens with, and that year."""
    led = _TERM_LED.match(line.text)
    if not led:
        return line, None
    return Line(line.text[led.end():], line.start, line.end, line.bold, line.row), \
        led.group(0).strip(" :·")


# A course named in quotes near the start of its line ("· «Sciences du sol», Cursus ingénieur …:
# chargée de TD", "módulo «Manejo ecológico del suelo»: profesora invitada"), and the words
# that say its line's person taught it, in the languages CVs are written in: a course attended
# ("«Curso de Iniciación a la Docencia Universitaria» (40 h), 2011") says none.
_QUOTED_COURSE = re.compile(r"[^«“\"]{0,80}?[«“\"](?P<course>[^»”\"]{4,120})[»”\"]")
_TAUGHT_AS = re.compile(r"\b(?:profes+or[ae]?|docente|intervenante?|formador[a]?|formatrice|"
                        r"formateur|lecturer|instructor|teacher|tutor|lektor|dozent(?:in)?|"
                        r"taught|impartid[oa]|lecionad[oa]|enseign[ée]e?)\b", re.I)


def quoted_course(line: Line) -> dict | None:
    """A course a teaching line names in quotes, with the role the line says it was taught in;
    None for a line that says no such role."""
    found = _QUOTED_COURSE.match(line.text)
    if not found or _COURSE.search(line.text[:found.start("course")]):
        return None  # "CS 5414: … ("Consensus in Practice")": the course is the code's
    rest = line.text[:found.start("course")] + " " + line.text[found.end():]
    said = _TEACH_ROLE.search(rest) or _TAUGHT_AS.search(rest)
    if not said:
        return None
    term = _term(rest)
    return {"course": found["course"].strip(" ,."), "role": said.group(0),
            "term": term.group(0) if term else None, "_span": (line.start, line.end)}


def teaching_from_line(line: Line, default_role: str | None) -> dict | None:
    """A taught course from one line, or None when the line names no course."""
    line, led = term_led(line)
    text = line.text
    if (re.match(r"(?:Instructors?|Professors?|Advisors?)\s*:", text)
            or re.search(r"\bAward\b", text)):
        return None
    role = _TEACH_ROLE.search(text)
    course = _COURSE.search(text)
    if not course and not role:
        return None
    if not course and len(text.split()) < 3:
        return None
    term = _term(text)
    rest = text
    if term:
        rest = re.sub(r"\(\s*\)", " ", rest.replace(term.group(0), " "))  # "(Fall 2020)"
    if role:
        rest = re.sub(r"\(\s*\)", " ", rest.replace(role.group(0), " "))  # "(teaching assistant)"
    rest = _without_asides(rest)  # "(Master programme, 30h)": what the course was, for whom
    # "GEOG 210 Coastal Processes (Halverson University)": where, in brackets, is a part too
    rest = re.sub(r"\(([^()]*)\)", lambda m: f", {m.group(1)}" if INSTITUTION.search(
        m.group(1)) else m.group(0), rest)
    parts = [_unbracketed(p) for p in re.split(r",\s+|\s{2,}|\s+at\s+|\s[—–]\s", rest)
             if _unbracketed(p)]
    # the course by its code, else the first part that names no school ("Lecturer, Tarn
    # University, Plant Ecology, 2020")
    course_part = next((p for p in parts if _COURSE.search(p)), next(
        (p for p in parts if not INSTITUTION.search(p)), parts[0] if parts else ""))
    listed = next((parts[:k + 1] for k in range(parts.index(course_part) + 1, len(parts))
                   if parts[k].startswith("and ")), None) if course_part else None
    if listed:  # "POLS 230 Elections, Political Parties, and Special Interests"
        course_part = ", ".join(listed[listed.index(course_part):])
    at = parts.index(course_part) if course_part in parts else -1
    if _COURSE.fullmatch(course_part) and 0 <= at < len(parts) - 1 and _titled_course(
            parts[at + 1]):
        # "HIST 110   The Making of Modern Europe": the code, then the title in its own column
        course_part = f"{course_part} {parts[at + 1]}"
    where = next((p for p in parts if p != course_part and INSTITUTION.search(p)), None)
    course_part = re.sub(r"^(?:for|in|of)\s+", "", course_part)  # "TA for MA222: Metric Spaces"
    course_part = course_part.rstrip(" —–-")  # "ECE 330 Analog Circuit Design — Spring 2022"
    if not course_part or len(course_part) < 4:
        return None
    if not _COURSE.search(course_part) and sum(w[:1].isupper() for w in course_part.split()) < 2:
        return None  # "Teaching assistant unless noted."
    found = {"course": course_part, "role": role.group(0) if role else default_role,
             "term": led or (term.group(0) if term else None), "_span": (line.start, line.end)}
    return found | ({"institution": where} if where else {})


_PROSE_AWARD = re.compile(
    r"\b(?:received|won|was awarded|earned|named one of|was named|named)\s+(?:the\s+|a\s+|an\s+)?"
    r"[\"“]?(?P<name>[0-9A-Z][^\".;,”]*?(?:Award|Prize|Fellowship|Medal|Scholarship)"
    r"|(?<=[\"“])[0-9A-Z][^\"”]{3,60}(?=[\"”]))[\"”]?(?P<tail>[^.]*)"
)


def awards_from_prose(text: str, offset: int) -> list[dict]:
    """Awards stated in sentences: "received the Westbrook Outstanding Dissertation Award in
    2020", "was named one of the "35 Innovators in Networking"."."""
    found = []
    for match in _PROSE_AWARD.finditer(text):
        year = re.search(r"\bin\s+((?:19|20)\d{2})\b", match.group("tail")) or re.search(
            r"\b(?:In|in)\s+((?:19|20)\d{2})\b[^.]*$",
            text[max(0, match.start() - 80):match.start()])
        found.append({"name": match.group("name").strip(),
                      "year": int(year.group(1)) if year else None,
                      "_span": (offset + match.start(), offset + match.end())})
    return found


# "He has been recognized with the A Award, a B Fellowship, and C (2026).": the honours a
# biography lists after a verb of receiving, up to the sentence's end.
_RECEIVED_LIST = re.compile(
    r"\b(?:received|receive|receiving|won|been awarded|was awarded|earned|recogni[sz]ed with|"
    r"honou?red (?:to receive|with)|recipient of|including)\s+(?P<items>.+?)(?=\.\s|\.?$)")
_ITEM_ARTICLE = re.compile(r"^(?:the|a|an|multiple|several|two|three)\s+")
_NAMES_AWARD = re.compile(r"\b(?:Award|Prize|Fellowship|Medal|Scholarship|Grant)s?\b")


def awards_listed_in_prose(text: str, offset: int) -> list[dict]:
    """Each honour a biography's sentence lists after a verb of receiving ("recognized with
    the ACM SIGCHI Societal Impact Award, … a Sloan Fellowship, and multiple Google Faculty
    Research Awards"; "received … Award (2021), … Award (2022)"): an item whose own words name
    an award in capitals, with the year in brackets or before it (text with its Markdown links
    read as their text, as records._prose gives it); an honour named twice is one record, dated
    if either mention dates it."""
    found: dict[str, dict] = {}
    for match in _RECEIVED_LIST.finditer(text):
        at = match.start("items")
        for item in re.split(r"(,\s+(?:and\s+)?|\s+and\s+(?=(?:the|a|an|multiple)\s|[A-Z0-9]))",
                             match.group("items")):
            start, at = at, at + len(item)
            # "earned distinctive recognition including the …": the list starts after the last
            item = re.split(r"\b(?:including|received|recogni[sz]ed with)\s+", item)[-1]
            name = _ITEM_ARTICLE.sub("", re.sub(r"[\[\]*]", "", item).strip())
            year = re.search(r"\(((?:19|20)\d{2})\)\s*$|^((?:19|20)\d{2})\s", name)
            name = _ITEM_ARTICLE.sub("", re.sub(r"^(?:19|20)\d{2}\s+|\s*\((?:19|20)\d{2}\)\s*$",
                                                "", name)).strip(" ,")
            # "the 2010 College of Engineering "Graduate Innovator of the Year" award": a name
            # in capitals, then the kind of honour in lower case
            named = _NAMES_AWARD.search(name) or re.search(
                r"\b(?:award|prize|fellowship|medal|scholarship)$", name) and sum(
                w[:1].isupper() for w in name.split()) >= 3
            if not named or not name[:1].isupper() or \
                    len(name.split()) > 14:
                continue
            dated = int(year.group(1) or year.group(2)) if year else None
            key = name.casefold()
            if key not in found or found[key]["year"] is None:
                found[key] = {"name": name, "year": dated, "_span": (offset + start, offset + at)}
    return list(found.values())


_LISTED = re.compile(r"\b(?:(?P<what>honou?rs|awards)\s+include|"
                     r"(?P<what2>has taught|taught|teaches))\s+"
                     r"(?P<items>[^.]+(?:\.\d[^.]*)*)\.")


# A sentence that says courses were taught ("Taught CMSC 426 Computer Vision (Spring 2017) and
# the graduate course CMSC 828I …", "TA for CSE 446 Machine Learning", "Courses taught: - COEN
# 140 …"), and each course in it by its code and the capitalised words of its title.
_TEACH_SAID = re.compile(r"\b(?:taught|teach(?:es)?|lectured|TA(?:'d)? for|teaching "
                         r"assistant (?:for|in)|instructor (?:of|for))\b", re.I)
_CAPITALISED = r"[A-Z0-9][\w'’&+-]*"
_CODED_COURSE = re.compile(
    rf"(?P<course>{_COURSE.pattern}(?:\s+{_CAPITALISED}(?:\s+(?:(?:of|and|for|in|to|the|&|with|"
    rf"on|a)\s+)*{_CAPITALISED})*)?)(?:\s*\((?P<terms>[^()]*\b(?:19|20)\d{{2}}[^()]*)\))?")


def coded_courses_in_prose(text: str, offset: int) -> list[dict]:
    """Courses named by their codes in sentences that say they were taught."""
    found: list[dict] = []
    at = 0
    for sentence in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text):
        start, at = text.index(sentence, at), text.index(sentence, at) + len(sentence)
        if not (said := _TEACH_SAID.search(sentence)):
            continue
        assisted = re.search(r"\bTA\b|teaching assistant", sentence, re.I)
        role = None if not assisted else "Teaching Assistant" if assisted[0] == "TA" else \
            assisted[0]  # as written
        for course in _CODED_COURSE.finditer(sentence, said.end()):
            found.append({"course": course["course"], "role": role, "term": course["terms"],
                          "_span": (offset + start + course.start(),
                                    offset + start + course.end())})
    return found


def listed_in_prose(text: str, offset: int) -> tuple[list[dict], list[dict]]:
    """Awards and courses listed in a sentence: "honors include the X (2019); the Y (2021)",
    "has taught CS 216: Networks at X (Spring 2023, as teaching assistant)"."""
    awards, courses = [], []
    for match in _LISTED.finditer(text):
        span = (offset + match.start(), offset + match.end())
        for item in re.split(r";\s*|,\s+and\s+", match.group("items")):
            inner = re.search(r"\(([^)]*)\)", item)
            head = re.sub(r"\s*\([^)]*\)", "", item).strip()
            if match.group("what"):
                name = re.sub(r"^(?:the|a|an)\s+", "", head)
                if len(name) >= 4:
                    awards.append({"name": name, "year": first_year(item), "_span": span})
            else:
                course, _, place = head.partition(" at ")
                role = _TEACH_ROLE.search(inner.group(1)) if inner else None
                term = _TERM.search(inner.group(1)) if inner else None
                # a course's name or code, not a description ("CS courses that explore …")
                if len(course) >= 4 and course[:1].isupper() and len(course.split()) <= 8 and \
                        not re.search(r"\b(?:that|which|where|who)\b", course):
                    courses.append({"course": course.strip(), "role": role.group(0) if role else
                                    None, "term": term.group(0) if term else None,
                                    "institution": place.strip() or None, "_span": span})
    return awards, courses
