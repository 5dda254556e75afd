"""Positions and internships: organisation, role, kind, dates, from the lines of a section.

A role line ("Research Intern", "Senior Software Engineer May 2020 - Current") opens a record;
its organisation is on the same line, on the organisation line above it, or (for "role, then
employer" layouts) on the line below. Date lines attach to the record that lacks dates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate

from ingest.chunking import GOES_ON
from ingest.records.education import DEGREE, INSTITUTION
from ingest.records.places import countries_in
from ingest.records.text import (
    DATE_POINT,
    DATE_RANGE,
    DESCRIBING_LABEL,
    MONTH,
    OPEN,
    SINCE,
    YEAR,
    Line,
    clean,
    date_range,
    first_year,
    without_dates,
)

ROLE = re.compile(
    r"\b(?:Intern(?:ship)?|Engineer|Scientist|Researcher|Professor|Lecturer|Postdoc(?:toral)?|"
    r"(?:Research|Project|Administrative|Laboratory|Lab|Executive) Assistant|"
    r"Research (?:Associate|Fellow|Staff)|Fellow(?= *$| *,| in )|Clinical Fellow|"
    r"Associate(?! Professor)|[A-Z]?[a-z]+ologist\b|"  # "Junior hydrologist", "Epidemiologist"
    r"Director|Manager|Developer|Programmer|Consultant|Founder|Co-founder|CTO|CEO|Member|"
    r"Analyst|Architect|Head|Chair|Visiting (?:Scholar|Student|Researcher)|Scholar(?= *$)|Staff|"
    r"Physician|Surgeon|Clinician|Attending|(?<=[A-Za-z] )Faculty(?! of\b)|"
    r"(?<![A-Za-z] )[A-Z][a-z]+ Assistant(?! Professor)|"
    r"Lead(?= *$| *,)|(?:Group|Team|Project|Lab|Laboratory) Leader|Principal|Instructor|"
    r"Consultancy|Residency|Resident|Tutor|Teacher|"
    r"Technician|Visitor|Candidate|Representative|Post-?[Dd]octoral|"
    r"(?:Research|Graduate|PhD|Ph\.D\.|Doctoral|Visiting|Summer) Student|"
    r"Advis[eo]r(?!s?\s*:)|Coordinator|Officer|Specialist|Statistician|Economist|Trainee|"
    r"(?:Doctoral|Technical|Teaching and Research) Assistant|"
    # the same in the other languages CVs are most often written in
    r"Investigador[a]?|Profesor[a]?|Professeur|Chercheu(?:r|se)|Ingénieur|Ingeniero|Doktorand|"
    r"Ricercatore|Ricercatrice|Pesquisador[a]?|Post-?[Dd]octorante?|Doctorante?|"
    r"Ma[iî]tre(?:sse)? de conférences|Chargée? de recherche|Direct(?:eur|rice) de recherche|"
    r"Catedrátic[oa]|Becari[oa]|Professore|Professoressa|Dottorand[oa]|Assegnista|Borsista|"
    r"Wissenschaftliche[r]? Mitarbeiter(?:in)?|Postdoktorand(?:in)?|Adiunkt|Asystent|"
    r"Stagiaire|Attach[ée]e? temporaire|ATER|Charg[ée]e? d['’][ée]tudes|Estagiári[oa]|"
    r"Consultor[a]?|Coordenador[a]?|Coordinador[a]?|Coordinat(?:eur|rice|ore)|"
    # Nordic, Dutch, Finnish, Turkish and Czech
    r"(?:Første)?[Aa]manuensis|Postdoktor|Gjesteforsker|Forsker|Forskare|Stipendiat(?:in)?|"
    # German and Portuguese posts: "Akademische Rätin", "Studentische Hilfskraft", "Vertretung
    # der W2-Professur", "Professora Auxiliar", "Bolseira de doutoramento", "Estágio curricular"
    r"Akademische[r]? (?:Ober)?R(?:at|ätin)|Juniorprofessor(?:in)?|Privatdozent(?:in)?|"
    r"Lehrbeauftragte[r]?|(?:Studentische|Wissenschaftliche)[r]? Hilfskraft|Praktikum|"
    r"Praktikant(?:in)?|[\w-]*Professur|Professora|Bolseir[oa]|Estágio|"
    r"Universitetslektor|Lektor|Docent|Adjunkt|Tutkija(?:tohtori)?|Yliopistonlehtori|"
    r"Professori|Dosentti|Väitöskirjatutkija|Universitair (?:hoofd)?docent|Hoogleraar|"
    r"Promovendus|Onderzoeker|Araştırma Görevlisi|Öğretim (?:Üyesi|Görevlisi)|Doçent|"
    r"Profesör|Odborný asistent|Vědecký pracovník)\b"
)
# A company's legal form after its name ("Spotify AB", "Siemens AG", "Philips N.V."), not a
# state's code after a comma ("Adelaide, SA").
_COMPANY_FORM = (r"(?<=[A-Za-z] )(?:AB|AG|SA|S\.A\.|SE|NV|N\.V\.|BV|B\.V\.|Oy|ASA|A/S|ApS|"
                 r"Pty|PLC|plc|SpA|S\.p\.A\.|S\.L\.|SAS|SARL|KK|S\.r\.l\.|Srl|SRL|"
                 r"sp\. z o\.o\.|Sp\. z o\.o\.|s\.r\.o\.|a\.s\.|BVBA|SPRL|AS)(?=[\s,.;)]|$)")
_ORG = re.compile(
    INSTITUTION.pattern + r"|(?<=[A-Za-z] )Research\b"
    r"(?!\s+(?:Scientist|Intern|Assistant|Associate|Engineer|Fellow|"
    r"Staff|Director|Manager))|\b(?:Department|Dept\.?|Departamento|Département|Dipartimento|"
    r"Abteilung|Lab|Labs|Laboratory|Inc\.?|Corp\.?|"
    r"Corporation|LLC|Ltd\.?|GmbH|Company|Co\.|Associates|Associati|Partners|Consulting|"
    r"Systems|Technologies|Technology|Tecnologia|"
    r"Software|Microsystems|Group|Center|Centre|Foundation|AI|Analytics|Networks|Google|"
    r"Ministry|Agency|Council|Hospital|Clinic|Museum|Observatory|Commission|Bureau|Bank|Fund|"
    r"Laboratoire|Laboratorio|Laboratorium|Labor|INRIA|Inria|CNRS|INSERM|Inserm|CSIC|CNR|"
    r"Centro|Banco|Banca|Fundación|Fundação|Fondazione|Fondation|Stiftung|Ministerio|Ministero|"
    r"Fraunhofer|Max Planck|Helmholtz|Leibniz|"
    r"Microsoft|Amazon|Meta|Facebook|Apple|IBM|Intel|NVIDIA|Nvidia|Tesla|Samsung|Baidu|Alibaba|"
    r"Tencent|Huawei|Oracle|Adobe|Netflix|Uber|Databricks|VMware|Bell Labs|Cisco|Qualcomm|"
    r"DeepMind|OpenAI|Anthropic|Salesforce|Twitter|LinkedIn|ByteDance)\b|" + _COMPANY_FORM
)
_MAIN_ORG = re.compile(INSTITUTION.pattern + r"|\b(?:Inc\.?|Corp\.?|Company|LLC|Ltd\.?|GmbH|"
                       r"Labs?|Google|Microsoft|Amazon|Meta|Facebook|Apple|IBM|Intel|NVIDIA|"
                       r"Tesla|Samsung|(?<=[A-Za-z] )Research)\b|" + _COMPANY_FORM)
_PLACE = re.compile(
    r"[A-Z]{2}|(?!(?:Google|Microsoft|Amazon|Meta|Apple|IBM|Intel|Tesla|Samsung|Facebook)\b)"
    r"[A-Z][a-z]+|(?:(?:Republic of|United|South|North|New) )?(?:Korea|States|Kingdom|China|Japan|"
    r"Germany|France|India|Canada|USA|UK|Chile|Nigeria|Netherlands|Switzerland|Israel|Singapore|"
    r"Australia|Zealand|Taiwan|Italy|Spain|Sweden|Norway|Denmark|Finland|Brazil|Mexico)")
# The small words of a long name in a Romance language ("Banco Central do Brasil – Departamento
# de Estudos e Pesquisas"), which the length of a name leaves out of its count.
NAME_JOINERS = frozenset("de du des do da dos das di del della dei y e et".split())
_FUNCTION_WORDS = frozenset("is was are were where she he her his their they which who has have "
                            "had been that this my we our "
                            # and the same in the other languages CVs are written in
                            "é foi tem possui atua atualmente es fue tiene actualmente est "
                            "était elle il sont actuellement ist war sie er hat derzeit è ha "
                            "attualmente".split())
_LOCATION = re.compile(r"^[A-Z][\w .'-]+,\s*(?:[A-Z]{2}|[A-Z][a-z]+(?: [A-Z][a-z]+)*)\.?"
                       r"(?:,\s*[A-Z][\w ]+)?$")
_MENTOR = re.compile(r"\b(?:mentor|manager|host|supervisor)s?\s*[:\-]\s*(.+)|\bw/\s*(.+)", re.I)


def named_mentors(text: str) -> list[str]:
    """The people a text labels as the mentor, manager, host or supervisor of a job, line by
    line ("(host: Prof. Ken Mori)", "mentor: Priyanka Deshmukh")."""
    return [_mentor_name(found, line) for line in text.splitlines()
            if (found := _MENTOR.search(line))]


def _mentor_name(found: re.Match[str], text: str) -> str:
    """The name a mentor label gives, without what follows its bracket ("(host: Prof. Ken
    Mori), Mar–Jun 2019" → "Prof. Ken Mori")."""
    name = found.group(1) or found.group(2)
    if "(" in text[:found.start()] and ")" in name:
        name = name[:name.index(")")]
    return name.strip(" )")


_HONORIFIC = re.compile(r"(?:Prof|Dr|Pr|Mr|Ms|Mrs)\.?\s")  # a person's name, not a role
_INTERN = re.compile(r"\bintern(?:ship)?\b", re.I)
_TEACHING = re.compile(r"\bTeaching Assistant\b|\bTA\b|\bCourse\b", re.I)


_TITLE_TAIL = re.compile(r"\b([A-Z][\w-]*\s+)(researcher|engineer|scientist|fellow|professor|"
                         r"lecturer|intern|assistant|associate|director|manager|developer|"
                         r"consultant|analyst|candidate|technician|tutor|teacher|scholar|student|"
                         r"visitor|leader|officer|coordinator|specialist|trainee)\b")


def _role_cased(text: str) -> str:
    """"Post-Doctoral researcher", "POSTDOCTORAL RESEARCHER": the role words as titles write
    them (the same length, so offsets carry over)."""
    return _TITLE_TAIL.sub(lambda m: m.group(1) + m.group(2).capitalize(), _cased(text))


def is_role(text: str) -> bool:
    text = _role_cased(text)
    # Dates left out: "Lead", "Fellow" name a role at the end of what the line says
    found = ROLE.search(text) or ROLE.search(without_dates(text))
    # "PhD Candidate", "PhD Intern", "Doctoral Researcher": a post, not a degree
    candidate = re.match(r"\S+ (?:Candidate|Intern(?:ship)?|Researcher|Fellow|Student)\b", text,
                         re.I)
    return bool(found) and not _TEACHING.search(text) and (candidate or not DEGREE.match(text))


def _cased(text: str) -> str:
    """A line set in capitals ("POSTDOCTORAL RESEARCHER 2015-2017") in title case, so the role
    words match; words of three letters or fewer stay as they are ("UWA", "CEO")."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 6 or sum(c.isupper() for c in letters) < 0.9 * len(letters):
        return text
    return re.sub(r"\b[^\W\d_]{4,}\b",
                  lambda m: m.group().capitalize() if m.group().isupper() else m.group(), text)


def is_place(text: str) -> bool:
    """Whether a text is a place alone ("Redmond, WA"): no role, whatever column it sat in."""
    text = text.strip(" ,.")
    return bool(_LOCATION.match(text)) and not ROLE.search(text)


def placed_name(line: Line) -> str:
    """The bold name of a line that is a bold name and a place ("**UWA** Perth", "**Kruke
    Data** Berlin, Germany"): an entry's heading in a CV's own typesetting; "" otherwise."""
    if not line.bold or not line.text.startswith(line.bold):
        return ""
    tail = without_dates(line.text[len(line.bold):]).strip(" ,")
    placed = bool(tail) and bool(_PLACE.fullmatch(tail) or _LOCATION.match(tail))
    return line.bold.strip(" ,") if placed else ""


def _heading(line: Line) -> str:
    """A line set wholly in bold, of a few words: an entry's heading."""
    text = line.text.strip(" ,")
    whole = bool(line.bold) and line.bold.strip(" ,") == text and len(text.split()) <= 12
    return text if whole and not DATE_POINT.search(text) else ""


_DURATION = re.compile(r"\W*\b\d+\s+(?:months?|years?|weeks?)\b")  # "2014 - 3 months"


def is_org(line: Line, raw_line: str) -> bool:
    """A line that names an employer: short, capitalised, not a bullet point or a sentence."""
    if placed_name(line) or line.form == "employer" and line.text.strip():
        return True  # (a form's field says so)
    text = _cased(_DURATION.sub("", without_dates(line.text)))
    # a long name set in bold is a heading ("University of Washington, Paul G. Allen School of
    # Computer Science & Engineering  Seattle, WA")
    long_ok = bool(line.bold) and len(line.bold) >= 0.6 * len(text) and bool(
        _MAIN_ORG.search(text)) or line.form and bool(_ORG.search(text))  # a form's field
    words = [w for w in re.sub(r"\([^)]*\)", "()", text).split() if w.lower() not in NAME_JOINERS]
    if not text or len(words) > (24 if line.form else 16 if long_ok else 10) or text.endswith(
            (".", ":")) and not _ORG.search(text):
        return False
    if line.text.rstrip().endswith(").") and not _MAIN_ORG.search(text):
        return False  # "Agency (ANR).": the end of a sentence wrapped onto its own line
    if re.match(r"\s*[-*•]\s", raw_line) and not _MAIN_ORG.search(text):
        return False
    if _LOCATION.match(text) and not _ORG.search(text):
        return False
    # "Kruke Data      Jun 2019 – Aug 2019" above its role: a few capitalised words and dates.
    dated_name = bool(DATE_RANGE.search(line.text)) and bool(
        re.fullmatch(r"(?:[A-Z][\w&.'’-]*\s?){1,5}", text.strip())) and not _PLACE.fullmatch(text)
    heading = bool(line.bold) and len(text.split()) <= 8 and len(line.bold) >= 0.6 * len(text)
    return bool(_ORG.search(text)) or heading or dated_name


def unlisted_role(text: str) -> tuple[str, str] | None:
    """(role, employer) of a dated line whose role no role word names ("2018 – 2021  Assegnista
    di ricerca, Istituto Nazionale di Ottica, Firenze"): a few words that name no organisation,
    then a part that does. None for any other line."""
    if not (date_range(text) or re.match(r"\s*(?:19|20)\d{2}\s", text)) or is_role(text) \
            or _TEACHING.search(text):
        return None
    rest = re.sub(rf"^{SINCE}\b\s*", "", without_dates(text), flags=re.I)
    parts = [p.strip(" ,") for p in re.split(r",\s+|\s{2,}|\s[–|-]\s", rest) if p.strip(" ,")]
    if len(parts) < 2 or not 1 <= len(parts[0].split()) <= 6 or not parts[0][:1].isupper() \
            or re.search(r"\d", parts[0]):  # "WIYN 2.1 m Telescope, Kitt Peak Observatory"
        return None
    if _ORG.search(_cased(parts[0])) or DEGREE.search(parts[0]) or \
            not _ORG.search(_cased(parts[1])):
        return None
    return parts[0], _org_name(parts[1])


def employment_entry(text: str) -> tuple[str, str] | None:
    """(role, employer) of a line that an employment section leads with its dates, whatever
    words name the role ("07/2008 – 09/2008  Prácticas en empresa, Oleícola Sierra Sur S.C.A.,
    Alcalá la Real", "juni–aug. 2011  Språkkonsulent (sommerjobb), Språkrådet, Oslo"): the
    section's title says its lines are jobs, so the layout, not a lexicon of roles, tells the
    role (the first part after the dates) from its employer (the next part that is not a
    place). None for a line that does not open with its dates or that names no employer."""
    dates = date_range(text)
    # (or a point it was held from: "07/2015-  Assistant in Medicine  Division of …")
    lead = dates and DATE_RANGE.match(text.strip()) or re.match(
        rf"\s*(?:(?:19|20)\d{{2}}|{DATE_POINT.pattern}\s*[-–])\s", text)
    if not lead or _TEACHING.search(text) or sentence_like(text):
        return None
    rest = without_dates(text) if DATE_RANGE.match(text.strip()) else text.strip()[lead.end():]
    rest = re.sub(rf"^{SINCE}\b\s*", "", rest.strip(" ,:|–-"), flags=re.I)
    rest = re.sub(r"\s*\([^()]*\)", "", rest)  # "(50 %)", "(sommerjobb)": said of the role
    parts = [p.strip(" ,.;") for p in re.split(r",\s+|(?<=[a-zà-ÿ]{2})\.\s+(?=[A-Z])|\s{2,}|"
                                               r"\s[–|-]\s|;\s+", rest) if p.strip(" ,.;")]
    # (a role word in lower case, as Polish, Italian or French CVs write it: "adiunkt, …")
    if len(parts) < 2 or not 1 <= len(parts[0].split()) <= 6 or not (
            parts[0][:1].isupper() or ROLE.match(parts[0][:1].upper() + parts[0][1:])) \
            or re.search(r"\d", parts[0]) or DEGREE.search(parts[0]) or _ORG.search(
            _cased(parts[0])) or is_place(parts[0]):
        return None
    employers = [p for p in parts[1:] if p[:1].isupper() and not _a_place(p)
                 and not _LOCATION.match(p) and not countries_in(p)]
    return (parts[0], employers[0]) if employers else None


# A unit of an employer, which the employer's name outranks on a job's line.
_SUBUNIT = re.compile(r"(?:[\w&]+\s+)?(?:Department|Dept\.?|School of|Faculty|Division|Unit|"
                      r"Group|Team|department|division|unit|group|team)\b")


# A lab, group or team named on a role's line: a unit of the employer on the line above
# ("Westbrook University" / "Postdoctoral Scholar, Verified Learning Systems Lab")
_UNIT = re.compile(r"\b(?:Lab|Laboratory|Group|Team|group|team|lab)$")


# A unit's name: a centre, lab, group or chair within an employer
_UNIT_NAME = re.compile(r"\b(?:Center|Centre|Lab|Laboratory|Group|Team|Chair|Unit|Program|"
                        r"Programme|Department|Division)\b")


def _unit_of(name: str, employer: str) -> bool:
    """Whether an organisation named on a role's line is a unit of the employer whose line
    heads the role ("Lab Manager, Field Robotics Center" under "Carnegie Mellon University,
    The Robotics Institute"): it names a unit and no employer, the heading names one."""
    return bool(_UNIT_NAME.search(name)) and not _MAIN_ORG.search(name) \
        and bool(_MAIN_ORG.search(employer))


def names_org(text: str) -> bool:
    """Whether a name has a word organisations are named with ("Institute", "Labs", "Inc.")."""
    return bool(_ORG.search(_cased(text)))


def _a_place(part: str) -> bool:
    """Whether a part of a job's line is its place: a country, a state's code, or one
    capitalised word the gazetteer knows for a city ("London"; "Niantic" is an employer)."""
    if not _PLACE.fullmatch(part):
        return False
    return not re.fullmatch(r"[A-Z][a-z]+", part) or bool(countries_in(part))


def _without_place(text: str) -> str:
    """An employer without the place after it ("Garmin International, Olathe, KS" → "Garmin
    International"); as it is where nothing after a comma is a place."""
    parts = [part.strip() for part in text.split(",")]
    while len(parts) > 1 and (_a_place(parts[-1]) or _LOCATION.match(", ".join(parts[-2:]))
                              and len(parts) > 2 or countries_in(parts[-1])):
        parts.pop()
    return ", ".join(parts)


_DATED_THEN_TOLD = re.compile(r"\([^()]*\b(?:19|20)\d{2}\b[^()]*\)"
                              r"(?=\s*(?:[—–-]\s|\.\s+[A-Z]))")


def without_described(text: str) -> str:
    """A role and its employer without where it was and what was done, after the dates that
    close them: "Research Intern, Google Brain (Summer 2016) — Mountain View, CA. Learned …"."""
    dated = _DATED_THEN_TOLD.search(text)
    if dated and "," in text[: dated.start()] and is_role(text[: dated.start()].split(",")[0]):
        return text[: dated.end()]
    return text


# "at" between a role and its employer, in the languages CVs are most often written in:
# "Praktikum im Archiv der Hansestadt Lübeck", "Postdoc-Stipendiatin am Deutschen Historischen
# Institut London", "Chercheuse invitée chez …", "Assegnista presso …"
_AT = r"(?:at|@|im|am|bei|beim|chez|presso)"


def split_role(text: str) -> tuple[str, str]:
    """(role, organisation) of a line such as "Research Intern, Microsoft Research, Redmond, WA"
    or "System Software Engineer TmaxSoft Inc."."""
    # a collaborator ("(w/ Ada Lund)") or a labelled aside ("(host: Prof. K. Baart)")
    text = re.sub(r"\s*\(w/[^)]*\)|\s+w/\s.*$|\s*\([\w ]{2,20}:\s[^()]*\)", "", text)
    # a sentence after the employer ("…, The University of Queensland. Continuing appointment
    # (teaching and research).") says what the job was, not where
    stop = re.search(r"(?<=[a-zà-ÿ]{3})(?<!Corp)(?<!Univ)(?<!Inst)(?<!Dept)(?<!Prof)(?<!Assoc)"
                     r"\.\s+(?=[A-Z])", text)
    if stop and ", " in text[: stop.start()]:  # not "Visiting researcher. Department of …"
        text = text[: stop.start()]
    text = without_described(text)
    # what a bracket after the role says of it: "(RTD-a, SSD ING-INF/05)", "(January – March)",
    # not where
    text = re.sub(rf"\s*\((?:\s*(?:{MONTH}\.?|(?:19|20)\d{{2}}|[-–—,]|to)\s*)+\)", "", text)
    text = re.sub(r"\s*\((?=[^()]*,)(?![^()]*(?:" + INSTITUTION.pattern + r"))[^()]*\)", "", text)
    text = re.sub(r"\s{2,}", " | ", text.strip())  # a column's gap parts what it holds
    dates = DATE_RANGE.search(text)
    if dates and dates.start() > 0 and text[dates.end():].strip() and not re.match(
            r"\)?\s*:", text[dates.end():]):
        text = text[: dates.start()]  # "Role Org  Feb 2018 – Jun 2021 Seongnam, Korea"
    text = without_dates(text).strip(" ,|")
    text = re.sub(rf"^(?i:{SINCE})\b[\s:|–-]*", "", text)  # "Depuis 2020 : Maîtresse de …"
    text = re.sub(rf"[\s,;:|—–-]*\b(?i:{SINCE})$", "", text)  # "…, Consiglio … — dal 2023"
    head, dash, tail = (part.strip(" ,.") if part != "—" else part
                        for part in text.partition("—"))
    if dash and is_role(head) and "," in head and _LOCATION.match(tail) and _a_place(
            tail.split(",")[0]):
        text = head  # "Principal Engineer, Hollis Semiconductors — Eindhoven, NL"
    elif dash and is_role(head) and tail and not is_role(tail):
        # "ML Research Internship—Mila", "Firmware Engineer — Garmin International, Olathe, KS",
        # "Intern, Perception Team — Aurora Innovation"
        return split_role(head)[0] or head, _without_place(tail)
    elif dash and is_role(tail.split(",")[0]) and not is_role(head):
        text = f"{tail}, {head}"  # "Google Research, Zürich — Research Intern (Speech)"
    head, colon, tail = text.partition(": ")
    if colon and _POST_LABEL.fullmatch(head.strip(" *")) and is_role(tail):
        return split_role(tail)  # "Current position: Assistant Professor, University of …"
    # "PwC Czech Republic: Consultant"; not "Summer 2015: PhD Intern, …", a date before it
    if colon and head.strip() and is_role(tail) and not is_role(head):
        # "…: Consultant pricing exotic derivatives": the role ends at its last role word
        words = list(ROLE.finditer(_role_cased(tail)))
        if words and re.fullmatch(r"(?:\s+[a-z][\w-]*)+\W*", tail[words[-1].end():]):
            tail = tail[: words[-1].end()]
        return tail.strip(" ,."), head.strip(" ,")
    head, dash, tail = text.rpartition(" - ")
    if dash and is_role(tail) and not is_role(head):  # "Google, Zurich - Research Scientist"
        text = f"{tail}, {head}"
    parts = [p.strip(" ,") for p in re.split(rf",\s+|\s{{2,}}|\s[–|]\s|\s+{_AT}\s+", text)
             if p.strip(" ,") and not _MENTOR.search(p)]
    role = next((p for p in parts if is_role(p)), "")
    if not role:
        return text, ""
    # "Postdoctoral Fellow University of Toronto": the role's words, then its employer's
    words = list(ROLE.finditer(_role_cased(role)))
    glued = re.match(r"((?:\s+(?:Fellow|Scholar|Lead)\b)*(?:\s*\([^)]*\))?)\s+(?!Intern\b)"
                     r"([A-Z].+|[\w-]{2,}\.(?:org|com|net|io|ai))$", role[words[-1].end():]) \
        if words else None
    # (or a web site's name: "Co-founder openSNP.org")
    if glued and (_ORG.search(_cased(glued.group(2))) or re.fullmatch(
            r"[\w-]{2,}\.(?:org|com|net|io|ai)", glued.group(2))):
        return role[: words[-1].end()] + glued.group(1), glued.group(2).strip(" .")
    # "Machine Learning Engineer at Tapsi": what follows "at" is the employer, one word or not
    after = re.search(re.escape(role) + rf"\s+{_AT}\s+(?:the\s+)?(.+)$", text)
    if after and not _LOCATION.match(first := after.group(1).split(",")[0]):
        # "… at the Department of Economics, Wexley University (group of Prof. Ilse Varga)":
        # the university, past its department and without whose group it was
        rest = re.sub(r"\s*\((?:group|lab|team|with|under|host)\b[^)]*\)", "", after.group(1))
        if _MAIN_ORG.search(rest) and not _MAIN_ORG.search(first):
            first = _org_name(rest)
        return role.strip(), _ARTICLE.sub("", first.strip(" ."))
    others = [p for p in parts if p != role and not _LOCATION.match(p) and not _a_place(p)]
    # the employer before a unit of it ("Lecturer, School of Economics, University of Corran")
    ranked = sorted(others, key=lambda p: 2 if _SUBUNIT.match(p) else 0 if _MAIN_ORG.search(p)
                    else 1 if _ORG.search(p) else 3)
    return role.strip(), _ARTICLE.sub("", (ranked[0] if ranked else "").strip(" ."))


# A label before a job's role and employer ("Current position:", "Posizione attuale:")
_POST_LABEL = re.compile(r"(?:(?:current|present|previous|former|actual)\s+)?(?:position|post|"
                         r"appointment|employment|job|occupation)(?:\s+held)?|posizione attuale|"
                         r"poste actuel|puesto actual|cargo actual|aktuelle position|"
                         r"obecne stanowisko|stanowisko", re.I)


# An article before an employer's name, after "presso", "chez", "bei" ("presso il Politecnico di
# Milano", "chez l'Inria"): no part of the name
_ARTICLE = re.compile(r"^(?:il|lo|la|l['’]|gli|le|les|el|los|las|der|die|das|dem|den)\s*"
                      r"(?=[A-ZÀ-Þ])")


def _years(text: str) -> tuple[int, int] | None:
    """The first and last year a line's dates span; an open end ("2021-Now") runs to 9999."""
    years = [int(y) for y in YEAR.findall(text)]
    if not years:
        return None
    open_end = re.search(rf"[-‐‑–—]\s*{OPEN}\b", text, re.I)
    return min(years), 9999 if open_end else max(years)


def _extend(record: dict, line: Line) -> None:
    start, end = record["_span"]
    record["_span"] = (min(start, line.start), max(end, line.end))


def _org_name(text: str) -> str:
    """The employer in an organisation line: "ML Networking Team, Google LLC Sunnyvale, CA",
    "Calder Institute (Germany)"."""
    text = re.sub(r"\s{2,}|\s·\s", ", ", text.strip())  # a column's gap or a middle dot parts
    # the name from its place
    # a country, or a labelled aside ("(host: Prof. K. Baart)"), in brackets after the name
    text = re.sub(r"\s*\(([^()]*)\)\s*$", lambda m: "" if countries_in(m.group(1)) or re.match(
        r"[\w ]{2,20}:\s", m.group(1)) else m.group(0), without_dates(text))
    parts = [p.strip(" .") for p in re.split(r",\s+", text) if p.strip(" .")]
    parts = [p for p in parts if not _PLACE.fullmatch(p)] or parts
    if len(parts) > 1 and any(_MAIN_ORG.search(p) for p in parts[1:]) and not _MAIN_ORG.search(
            parts[0]):
        # a team or department before the employer, whose name may have a comma of its own
        # ("Dipartimento di Architettura, Ingegneria …, Politecnico di Milano")
        parts = [p for p in parts[1:] if _MAIN_ORG.search(p)]
    return re.sub(r"\b(Inc\.?|LLC|Ltd\.?|Corp\.?|GmbH)\s+[A-Z].*$", r"\1", parts[0]).strip(" .,")


def _entry_triple(lines: list[Line], at: int, *, under_employer: bool = False,
                  dated_above: bool = False) -> dict | None:
    """A record from an entry typeset as three lines: a role set wholly in bold (or in plain
    type, where the employer's line is plain too), its employer in plain type, then its dates
    ("**Student Representative**" / "University of Kent" / "September 2021 - July 2023",
    "Data Scientist" / "Finch Robotics, Austin, TX" / "June 2017 – February 2020"). A bare number between them (a superscript's "3" of "3rd
    July") is skipped. None when the lines are not such an entry; under an employer's line
    (`under_employer`), the middle line must name an organisation itself, not a team; under
    dates alone (`dated_above`), a plain line is no role that heads its entry."""
    rest = [n for n in range(at + 1, min(at + 5, len(lines)))
            if not re.fullmatch(r"\d{1,2}", lines[n].text.strip())][:3]
    if len(rest) < 2 or dated_above and _dates_alone(lines, rest[1]):
        # dates alone above the role, that no entry took, are its own: those two lines under
        # it lead the next entry ("Mar 2016 – Aug 2016" / "**Visiting Scholar**" / "Broad
        # Institute …" / "2012 – 2014" / "**Research Assistant**")
        return None
    head, employer, dated = lines[at], lines[rest[0]], lines[rest[1]]
    if _heading(head) and len(rest) == 3 and re.search(r"(?:,|\b(?:of|di|de|the|and|&))$",
                                                       employer.text) \
            and not DATE_POINT.search(dated.text) and DATE_POINT.search(lines[rest[2]].text):
        # an employer's name wrapped onto a second line under a role in bold ("Dipartimento di
        # Architettura, …, Costruito (DABC)," / "Politecnico di Milano" / "*marzo 2017 – …*")
        employer = Line(f"{employer.text} {dated.text}", employer.start, dated.end)
        dated, rest = lines[rest[2]], rest[::2]
    # what the dates' line says after a dash is about the job ("*2017 – 2019* — progetto …")
    when = re.split(r"\s—\s", dated.text)[0]
    # The role in bold, or in plain type where nothing on the page is bold (a plain-text CV);
    # not a sentence that wraps ("... Researcher with experience in" / "Machine Learning")
    plain = head.text.strip(" ,")
    role = _heading(head) or (plain if not (head.bold or employer.bold) and len(
        plain.split()) <= 8 and not DATE_POINT.search(plain) and not re.search(
        r"\b(?:in|of|with|and|for|the|to|at|on|by|a|an)$", plain, re.I)
        and employer.text[:1].isupper() and not dated_above else "")
    if not role or not is_role(role) or employer.bold or is_role(employer.text) \
            or DATE_POINT.search(employer.text) \
            or len(employer.text.split()) > (16 if _heading(head) else 10) \
            or not DATE_POINT.search(when) or len(without_dates(when).split()) > 3 \
            or under_employer and not _ORG.search(_cased(employer.text)):
        return None
    dates = date_range(when)
    year = first_year(when)
    return {"organisation": _org_name(employer.text), "role": role,
            "kind": "internship" if _INTERN.search(role) else "position",
            "start": dates[0] if dates else year, "end": dates[1] if dates else year,
            "_span": (head.start, dated.end), "_last": rest[1]}


def _after_bold(line: Line) -> str:
    """The plain words after a line's opening bold run, where they can name a role: one to six,
    capitalised, no digit, organisation, degree or sentence; "" otherwise."""
    if not line.bold or not line.text.startswith(line.bold) or is_role(line.bold):
        return ""
    rest = line.text[len(line.bold):].strip(" ,|–-")
    if not 1 <= len(rest.split()) <= 6 or not rest[:1].isupper() or re.search(r"\d", rest) \
            or _MAIN_ORG.search(rest) or DEGREE.search(rest) or sentence_like(rest) \
            or is_place(rest):
        return ""
    return rest


def _plain_role(lines: Sequence[Line], at: int) -> bool:
    """Whether line `at`, under dates alone, is a role that no role word names: a few
    capitalised words that name no organisation, over a line that names one ("03/2016 –
    08/2020" / "Epidemiologist" / "Ministry of Health, Abuja")."""
    text = lines[at].text.strip(" ,")
    if not date_range(lines[at - 1].text):  # a range, not the day the CV was written
        return False
    if at + 1 >= len(lines) or not 1 <= len(text.split()) <= 6 or not text[:1].isupper() \
            or DATE_POINT.search(text) or _ORG.search(_cased(text)) or DEGREE.search(text) \
            or text.endswith((".", ":")) or _TEACHING.search(text):
        return False  # (a teaching assistantship is teaching, not a job)
    below = lines[at + 1].text
    return bool(_ORG.search(_cased(below))) and not is_role(below) and \
        not DATE_POINT.search(below) and len(below.split()) <= 10


def _held_under(text: str) -> str | None:
    """The role of a dated line right under its employer's line that no role word names
    ("Field Ecologist (part-time)  2014 – 2016"): one to six words, capitalised, no digit, no
    organisation, place, degree or sentence; None otherwise."""
    rest = without_dates(text).strip(" ,|–-")
    words = rest.split()
    if not 1 <= len(words) <= 6 or not rest[:1].isupper() or re.search(r"\d", rest) or \
            _ORG.search(rest) or DEGREE.search(rest) or is_place(rest) or sentence_like(rest) \
            or _LOCATION.match(rest) or countries_in(rest) or _TEACHING.search(rest) \
            or _HONORIFIC.search(rest) or re.search(r"(?i)\b(?:group|lab|team)\b", rest) \
            or re.match(rf"(?i:{SINCE})\b", rest):  # "Dr. Rojo’s group.", "Since 2016"
        return None
    return rest


# A city and its state's code or its country, closing a line ("… Somerville, MA")
_PLACE_AT_END = re.compile(r"\s+(?:[A-Z][a-z]+\s){0,2}[A-Z][a-z]+,\s*(?:[A-Z]{2}|USA|UK)\s*$")


def _dates_alone(lines: Sequence[Line], at: int) -> bool:
    """Whether line `at` gives dates and nothing else: where it stands above a role, the
    layout puts each entry's dates first ("09/2018 – 12/2021" / "Junior Researcher" / …)."""
    if at < 0 or not DATE_POINT.search(lines[at].text):
        return False
    rest = re.sub(rf"^{SINCE}\b", "", without_dates(lines[at].text), flags=re.I)
    return not rest.strip(" ,.;:-–")  # "Since 2016": held from then on


def _heads_entry(lines: Sequence[Line], at: int) -> bool:
    """Whether line `at` is a few capitalised words over a role alone and that role's dates
    alone ("MTN Ghana" / "Software Engineer" / "July 2006 - July 2008 (2 years 1 month)"): the
    employer that heads the entry, whatever words name it."""
    if at + 2 >= len(lines):
        return False
    text, role = lines[at].text.strip(), lines[at + 1].text.strip()
    dates = _DURATION.sub("", re.sub(r"\(([^()]*)\)", r"\1", lines[at + 2].text))
    return bool(re.fullmatch(r"(?:[A-Z][\w&.'’-]*\s?){1,5}", text)) and not is_role(text) \
        and not is_place(text) and not DEGREE.match(text) and is_role(role) \
        and len(role.split()) <= 6 and not split_role(role)[1] \
        and _dates_alone([Line(dates, 0, 0)], 0)


def _names_employer(text: str) -> bool:
    """Whether a line can be an employer's name whatever words name it: one to eight words,
    capitalised, no role, date, degree, place alone or sentence ("Lumen Robotics, Zurich")."""
    words = without_dates(text).split()
    # a name capitalises its words, a description does not ("Developed tools for mapping")
    named = [w for w in words if w.lower() not in NAME_JOINERS | {"of", "and", "for", "the", "&"}]
    if sum(w[:1].isupper() for w in named) < 0.6 * len(named) or re.match(r"\w+ed\b", text):
        return False
    first, _, tail = text.partition(",")
    # a place reads as a name and a place ("Redmond, WA", "Paris, France"); a name does not
    place = is_place(text) and (bool(re.fullmatch(r"\s*[A-Z]{2}\.?\s*", tail))
                                or bool(countries_in(first)) or not tail)
    return 1 <= len(words) <= 8 and text[:1].isupper() and not is_role(text) \
        and not DATE_POINT.search(text) and not DEGREE.match(text) and not place \
        and not sentence_like(text) and not text.rstrip().endswith((".", ":")) \
        and not _TEACHING.search(text)


def _dated_employer(lines: Sequence[Line], at: int) -> bool:
    """Whether line `at` is the employer of an entry whose dates stand alone above it and whose
    role alone is under it ("2019 – 2022" / "Brightline Systems, Milan" / "Software Engineer"),
    or above it with its role ("2019 – 2022" / "Software Engineer" / "Brightline Systems",
    "2019 – 2022   Software Engineer" / "Brightline Systems"): the layout, not a lexicon of
    organisations, says what the line names."""
    if at + 1 < len(lines) and _dates_alone(lines, at - 1):
        role = lines[at + 1].text.strip()
        if is_role(role) and len(role.split()) <= 6 and not split_role(role)[1] \
                and not DATE_POINT.search(role):
            return _names_employer(lines[at].text)
    if at < 1 or not _names_employer(lines[at].text):
        return False
    role = lines[at - 1].text
    if date_range(role) is not None and not _dates_alone(lines, at - 1):
        # "2019 – 2022   Software Engineer" / "Brightline Systems, Milan": dates and role
        role = without_dates(role).strip(" ,|–-")
        return is_role(role) and len(role.split()) <= 6 and not split_role(role)[1]
    return at >= 2 and _dates_alone(lines, at - 2) and is_role(role) \
        and not split_role(role)[1] and not DATE_POINT.search(role)


def _entry_pair(head: Line, sub: Line, raw: str, raw_start: int) -> dict | None:
    """A record from an entry typeset as two lines: a bold heading with its place, then the
    line under it with the dates ("**UWA** Perth" / "DECRA FELLOW 2021-2023", or "**R&D
    Engineer** Paris, France" / "DILLYGENCE February 2022 - Present"). Whichever of the two
    names a role is the role; the other is the employer. None when the lines are not such a
    pair or neither (or both) reads as a role."""
    name = placed_name(head) or _heading(head)
    between = raw[head.end - raw_start : sub.start - raw_start]
    if not name or between.strip() or not DATE_POINT.search(sub.text) or sentence_like(sub.text):
        return None
    under = _DURATION.sub("", without_dates(sub.text)).strip(" ,·|—")  # "2015 - 2 months"
    if not under or len(under.split()) > 12:
        return None
    if is_role(name) and not is_role(under):
        role, organisation = split_role(name)  # "**Senior Researcher Barcelona Supercomputing
        # Center**" / "Quantic group  2021 – Present"; an employer's line without its place
        organisation = organisation or _org_name(under)
    elif is_role(under) and not is_role(name):
        role, organisation = under, name
    elif not (is_role(name) or sub.bold or _TEACHING.search(name + " " + under)
              or _ORG.search(_cased(under)) or len(under.split()) > 6
              or not DATE_RANGE.search(sub.text) or _HONORIFIC.match(under)):
        role, organisation = under, name  # "**StatusToday**" / "Data Science and R&D  2017-2018"
    else:
        return None
    dates = date_range(sub.text)
    year = first_year(sub.text)
    return {"organisation": organisation, "role": role,
            "kind": "internship" if _INTERN.search(role) else "position",
            "start": dates[0] if dates else year, "end": dates[1] if dates else year,
            "_span": (head.start, sub.end)}


def _described_between(raw: str, raw_start: int, start: int, end: int, *,
                       skip_first: bool = False) -> bool:
    """Whether the document's lines from `start` to `end` (past the first, the organisation's
    own, with `skip_first`) describe an entry: one is a sentence or a long line in lower case,
    so what comes after them is another entry."""
    rows = raw[start - raw_start:end - raw_start].splitlines()[1 if skip_first else 0:]
    # a form's field that describes the entry above is part of it ("Main activities and …")
    return any(_described(row) or sentence_like(row) for row in rows
               if not DESCRIBING_LABEL.match(row.strip()))


def _described(text: str) -> bool:
    """A line of an entry's description: long, and mostly in lower case ("Partially wrote and
    maintain the site's code-base, interact and manage with the community of")."""
    words = text.split()
    return len(words) >= 8 and sum(w[:1].islower() for w in words) >= 0.6 * len(words)


def sentence_like(text: str) -> bool:
    """Prose ("Amara is a Senior Researcher at …, where she leads …"), not a CV line."""
    words = text.split()
    small = sum(1 for w in words if w.lower() in _FUNCTION_WORDS)
    return len(words) >= 5 and small >= 1 and small >= 0.1 * len(words)


def _row_cells(row: str) -> list[tuple[int, str]]:
    """The cells of a printed row (text parted by runs of two spaces or more), by the column
    each starts at."""
    return [(found.start(), found.group(0)) for found in re.finditer(r"\S+(?: \S+)*", row)]


def _cells(raw: str, raw_start: int, line: Line) -> list[tuple[int, str]]:
    """The cells of a line's first printed row, by the column each starts at."""
    begin = raw.rfind("\n", 0, line.start - raw_start) + 1
    end = raw.find("\n", line.start - raw_start)
    return _row_cells(raw[begin : end if end >= 0 else len(raw)])


def columns_joined(lines: Sequence[Line], raw: str, raw_start: int) -> list[Line]:
    """A dated row of a text export's table whose cells wrap onto the line under it, set in
    the same columns ("07/2015 – 06/2018   Clinical and Research Fellow,   Massachusetts
    General Hospital /" over "   Pulmonary and Critical Care Medicine   Beth Israel Deaconess
    Medical Center"), as one row: each cell goes on with the one below it."""
    out: list[Line] = []
    for line in lines:
        last = out[-1] if out else None
        if last and YEAR.search(last.text) and not YEAR.search(line.text):
            above, below = _cells(raw, raw_start, last), _cells(raw, raw_start, line)
            columns = [at for at, _ in above[1:]]
            if len(above) >= 3 and 1 <= len(below) < len(above) and \
                    below[0][0] > above[0][0] + 3 and \
                    all(any(abs(at - column) <= 2 for column in columns) for at, _ in below):
                cells = [text for _, text in above]
                for at, text in below:
                    where = next(k for k, (column, _) in enumerate(above)
                                 if k and abs(at - column) <= 2)
                    cells[where] = f"{cells[where]} {text}"
                out[-1] = Line(clean("  ".join(cells)), last.start, line.end, last.bold, last.row)
                continue
        out.append(line)
    return out


def _ranges_joined(lines: Sequence[Line]) -> list[Line]:
    """Lines with a date range broken after its dash joined back ("2024-" / "present",
    "04/2014 –" / "09/2018")."""
    out: list[Line] = []
    for line in lines:
        if out and re.fullmatch(r"(?:.*[\s/.])?(?:19|20)\d{2}\s*[-‐‑–—]", out[-1].text) and \
                re.match(rf"(?:{OPEN}|(?:\d{{1,2}}[/.])?(?:19|20)\d{{2}})\b", line.text, re.I):
            last = out[-1]
            out[-1] = Line(f"{last.text} {line.text}", last.start, line.end, last.bold, last.row)
        else:
            out.append(line)
    return out


# A line that opens with its dates: "2019 – 2021: …", "Since 2020 …", "Sep 2018 – …"
DATE_LED = re.compile(rf"\W*(?:(?i:{SINCE})\s+)?{DATE_POINT.pattern}", re.I)
# The small words a wrapped name goes on with on the next line ("Université" / "de Sainte-Claire")
_GOES_ON_WITH = re.compile(r"(?:de|du|des|di|del|della|der|für|und|y|of|and|for|la|le)\s")


def _placed_dates(text: str) -> bool:
    """Whether a line is dates and a place and nothing else ("Sep 2016 – Jun 2017 Washington,
    DC (remote)"): what follows it does not go on with it."""
    rest = re.sub(r"\([^()]*\)", "", without_dates(text)).strip(" ,|·")
    return bool(DATE_POINT.search(text)) and 1 <= len(rest.split()) <= 4 and bool(
        _LOCATION.match(rest)) and not is_role(rest)


def _wraps_joined(lines: Sequence[Line]) -> list[Line]:
    """A dated entry's line that a PDF or a text export wrapped joined to the rest of it, the
    dates on one of the two lines: the line ends mid-name ("2017–2020 Postdoctoral Fellow,
    Department of Chemistry and Chemical Biology," / "Eastfield University, Boston, USA") or
    the next line goes on with a small word ("2016 Visiting PhD Student, Laboratoire …,
    Université" / "de Sainte-Claire, France"). Left apart, the rest reads as the employer of
    the entry under it."""
    out: list[Line] = []
    led = [line for line in lines if DATE_LED.match(line.text)]
    for line in lines:
        last = out[-1] if out else None
        dated = bool(YEAR.search(last.text)) != bool(YEAR.search(line.text)) if last else False
        # Where the entries open with their dates, a short line with none under an entry that
        # names its role and employer and runs on goes on with it ("2021 – present: Assistant
        # Professor, Department of Computer" / "Science, Université de Hautval"); not the
        # employer's line under a role's ("2017-2024 Teaching Assistant" / "Department of …")
        goes_on = len(led) >= 2 and last is not None and DATE_LED.match(last.text) is not None \
            and not DATE_LED.match(line.text) and not YEAR.search(line.text) \
            and not last.text.endswith((".", ":")) and ":" not in line.text \
            and not _dates_alone([last], 0) and "," in last.text \
            and not _placed_dates(last.text) \
            and 1 <= len(re.sub(r"\([^()]*\)", "", line.text).split()) <= 8 \
            and line.text[:1].isupper() and not is_role(line.text) \
            and not sentence_like(re.sub(r"\([^()]*\)", "", line.text)) \
            and not re.match(r"\w+ed\b", line.text)
        # a name cut after a word no name ends with ("…, Universidad de" / "Zaragoza.")
        cut = last is not None and re.search(r"\b(?:de|di|da|do|du|des|del|della|of|für)$",
                                              last.text) is not None \
            and line.text[:1].isupper() and not _dates_alone([line], 0)
        # a line that opens with a small word in lower case goes on with the one above it,
        # whatever their dates ("…, Chair of Computer Vision" / "and Artificial Intelligence,
        # Technische Universität München"): no entry opens so
        joined = last is not None and re.match(r"(?:and|of|for|und|für|et|y|e)\s+[A-Z]",
                                                line.text) is not None \
            and not last.text.endswith((".", ":", ";")) and not _dates_alone([last], 0)
        if last and (goes_on or cut or joined or dated and (
                GOES_ON.search(last.text) and line.text[:1].isupper() and not is_role(line.text)
                and not _dates_alone([last], 0)  # "2014," over what was done then
                or YEAR.search(last.text) and _GOES_ON_WITH.match(line.text)
                and len(line.text.split()) <= 8)):
            out[-1] = Line(f"{last.text} {line.text}", last.start, line.end, last.bold, last.row)
        else:
            out.append(line)
    return out


def _without_labelled_tail(line: Line) -> Line:
    """A job's line without the labelled sentence after it ("…, Università di Valdoria.
    Project: "EDGE-AI" (national research programme)."): what the job was about."""
    cut = re.search(r"\.\s+[A-Z][\w ]{0,25}:\s.*$", line.text)
    if not cut or not YEAR.search(line.text[: cut.start()]):
        return line
    return Line(line.text[: cut.start()], line.start, line.end, line.bold, line.row)


def _one_range_each(line: Line) -> list[Line]:
    """A line that lists several dated roles in sentences ("Associate Professor, 2006–present.
    Acting Chair, 2025–2026.") cut into one line per role; any other line as it is."""
    cuts = [found.end() for found in re.finditer(r"[.;](?=\s+[A-Z])", line.text)]
    pieces, at = [], 0
    for cut in [*cuts, len(line.text)]:
        if DATE_RANGE.search(line.text[at:cut]):
            pieces.append((at, cut))
            at = cut
    if len(pieces) < 2 or line.text[at:].strip():
        return [line]
    out = []
    for a, b in pieces:
        text = line.text[a:b].strip()
        # Cleaned text and raw span differ by markup: a piece's span is found by its words.
        where = line.start + max(line.text.find(text), 0)
        out.append(Line(text.rstrip(" .;"), where, min(where + len(text), line.end), "", line.row))
    return out


# A role alone as a subheading: with a dotted leader ("Visitor. . . . .") or a colon.
_SUBHEADING = re.compile(r"[A-Z][\w '’-]{2,40}?(?:\s*\.){3,}\s*|[A-Z][\w '’-]{2,40}:")


def bold_role_led(line: Line) -> bool:
    """Whether a line opens with a role in bold, then a middle dot and where it was held:
    "**Assistant Professor (tenure track)** · Department of …, Radboud university …"."""
    return bool(line.bold) and line.text.startswith(f"{line.bold} · ") and is_role(line.bold) \
        and len(line.text.split()) <= 24


def _wraps_on(text: str) -> bool:
    """Whether what a line says before its dates stops on a comma ("Postdoctoral Associate,
    Department of Chemical Engineering,      2012 – 2014"): it goes on on the next line."""
    dates = DATE_RANGE.search(text)
    return (text[: dates.start()] if dates else text).rstrip().endswith(",")


def from_lines(lines: list[Line], raw: str, raw_start: int, *,
               employment: bool = False) -> list[dict]:
    """Position records from the lines of an experience-like section. A record's span runs
    from its organisation line through the lines that add to it, so that quoting the span
    shows everything the record says. employment: the section's title says it lists jobs
    ("Employment", "Beruflicher Werdegang"), so a line it leads with dates is one."""
    lines = [piece for line in _wraps_joined(_ranges_joined(lines))
             for piece in _one_range_each(_without_labelled_tail(line))]
    records: list[dict] = []
    org: tuple[str, int] | None = None  # the last organisation line: (name, its start)
    org_years: tuple[int, int] | None = None  # the years that line spans, where it gives them
    pending_dates: tuple[str, str] | None = None
    # "**Apple** Vulnerability Researcher": entries led by the employer in bold, then the role;
    # where two or more are, a line of that shape is one whatever words name its role
    # ("**KS Engineers** Software and Hardware Development")
    bold_led = sum(bool(line.bold and line.text.startswith(line.bold) and not is_role(
        line.bold) and is_role(line.text[len(line.bold):])) for line in lines) >= 2
    role_first = False  # "Role  dates" then "Team, Employer  City" under it
    dates_under = False  # an entry's dates alone on the line under its role
    paired: set[int] = set()  # the second lines of entries read as pairs
    # A role set as a subheading ("Visitor. . . . ."): each employer line under it is an entry
    # held in that role.
    heading_role: str | None = None
    org_closed = False  # the last organisation line ended a dated entry above it
    for at, line in enumerate(lines):
        raw_line = raw[line.start - raw_start : line.end - raw_start]
        text = line.text
        if bold_role_led(line):
            text = f"{line.bold} — {text[len(line.bold) + 3:]}"
        dates = date_range(text)
        # "Boston University  September 2013 - May 2015" / "Postdoc Boston, MA": under its dated
        # employer, the role, then the place set at the right
        placed = org is not None and at > 0 and lines[at - 1].start == org[1] and not dates \
            and date_range(lines[at - 1].text) is not None and _PLACE_AT_END.search(text)
        if placed:
            text = text[:placed.start()]
        if org and at >= 2 and _dates_alone(lines, at - 1) and is_role(text) and (
                lines[at - 2].start != org[1] or records and records[-1]["start"]
                and records[-1]["organisation"] == org[0]) and not dates_under:
            # Dates, then a role, after another entry's lines: the layout puts each entry's dates
            # first ("09/2018 – 12/2021" / "Junior Researcher" / "Calder Institute" / "Since
            # 2016" / "Volunteer Coordinator, Code Club"); not dates under an employer's line
            # that no role has taken yet, nor where the entries so far put their dates under
            # their roles ("Kitayama University" / "Associate Professor" / "April 2019 –
            # present" / "Assistant Professor" / …: both roles are held there).
            org = None
        if org and dates and _dates_alone([line], 0) and _described_between(
                raw, raw_start, org[1], line.start, skip_first=True):
            # A date alone after an entry's description starts the next entry ("2011-Now" /
            # "Co-founder openSNP.org" / "Partially wrote …" / "2013-Now" / "Instructor"):
            # the role under it is not held at the organisation above.
            org = None
        if at in paired or DEGREE.match(text) and not is_role(text) or sentence_like(text) \
                or re.match(r"(?:Advisors?|Thesis|Committee|Publications?|Code|References?)\b",
                            text):
            continue
        # dates alone above, that no entry took: each entry's dates come first
        dated_above = at - 1 not in paired and _dates_alone(lines, at - 1)
        if record := _entry_triple(lines, at, under_employer=org is not None,
                                   dated_above=dated_above):
            records.append(record)
            paired.update(range(at + 1, record.pop("_last") + 1))
            org = None
            continue
        if at + 1 < len(lines) and (record := _entry_pair(line, lines[at + 1], raw, raw_start)):
            records.append(record)
            paired.add(at + 1)
            # The employer's line heads the roles under it ("**Qubitron Inc.**, San Jose" /
            # "Senior Hardware Engineer (2016-2019)" / "Hardware Engineer (2013-2016)")
            org = (record["organisation"], line.start) if record["role"] not in line.text \
                else None
            continue
        labelled = re.match(r"(?:\w+ )?(?:mentors?|managers?|hosts?|supervisors?|tutors?|"
                            r"advisors?|PIs?|principal investigators?)\s*:", text, re.I)
        # "Student Training in Engineering Program—Google June 2014–September 2014": a dash
        # between what was held and where, then its dates, is an entry with no role word too.
        dashed = re.fullmatch(r"([A-Z][^—]{2,80}?)—([A-Z][^—]{1,60}?)\s+" + DATE_RANGE.pattern,
                              text, re.I)
        if dashed and not is_role(text):
            records.append({"organisation": dashed.group(2).strip(" ,"),
                            "role": dashed.group(1).strip(" ,"), "kind": "position",
                            "start": dashed.group("start"), "end": dashed.group("end"),
                            "_span": (line.start, line.end)})
            continue
        unlisted = unlisted_role(text)
        if not unlisted and line.form == "role" and not is_role(text) and not _TEACHING.search(
                text):
            unlisted = (text.strip(" ,"), "")  # "Occupation or position held": a form says so
        by_layout = False  # read so by the employment section's layout alone
        if not unlisted and employment and not is_role(text):
            unlisted = employment_entry(text)
            by_layout = unlisted is not None
        if not unlisted and bold_led and (plain := _after_bold(line)):
            unlisted = (plain, line.bold.strip(" ,"))
        if not unlisted and dated_above and _plain_role(lines, at):
            unlisted = (text.strip(" ,"), "")  # its employer is the line under it
        if not unlisted and org and at > 0 and lines[at - 1].start == org[1] and (
                dates or placed) and (held := _held_under(text)):
            unlisted = (held, "")  # "Field Ecologist (part-time)  2014 – 2016" under its employer
        if (is_role(text) or unlisted) and len(without_dates(text).split()) <= 20 \
                and not labelled:
            role, same_line_org = unlisted or split_role(text)
            bare = without_dates(text).strip(" ,|–-")
            if (not same_line_org or len(role) > len(line.bold.strip(" ,|"))) and line.bold \
                    and bare.startswith(line.bold) and is_role(line.bold) and not is_role(
                    rest := bare[len(line.bold):].strip(" ,|–-")) and rest[:1].isalpha() \
                    and len(rest.split()) <= 10:
                # "2023 jan. **Research Engineer** | iMind –Vinatier Hospital": the role in bold,
                # the employer after it, whatever its name's first letter or its dashes
                role, same_line_org = line.bold.strip(" ,|"), _org_name(rest)
            # "ML Research Internship—Mila", "PwC (2009 - 2011): Consultant": said so
            explicit = bool(re.search(r"—|\w\)?\s*:\s", re.sub(r"\([^()]*\)", "",
                                                            without_dates(text))))
            # "Praktikum im Archiv der Hansestadt Lübeck": "at" says where; and so does the
            # layout of a line an employment section leads with its dates
            explicit = explicit or bool(re.search(rf"\w\s+{_AT}\s+[A-Z]", text)) or by_layout
            # (dates in bold, "since" too, are no employer: "**since 2021** Junior Professor")
            if line.bold and text.startswith(line.bold) and not is_role(line.bold) and \
                    re.sub(rf"\b(?i:{SINCE})\b", "", without_dates(line.bold)).strip(" :,") and \
                    is_role(text[len(line.bold):]) and not (explicit and same_line_org):
                # "**Apple** Vulnerability Researcher"
                same_line_org, role = line.bold, split_role(text[len(line.bold):].strip())[0]
            # A dated line under a dated line outside its years is an entry of its own
            # ("2021 Host, ABACBS Perth Hub" / "2021-Now Member, Scientific Advisory Panel").
            sibling = org_years is not None and (years := _years(text)) is not None and not (
                org_years[0] <= years[0] and years[1] <= org_years[1])
            # an employer's line that goes on with the dated entry above heads no later line
            # that names its own employer and dates ("Postdoctoral Associate, …  2012 – 2014" /
            # "Massachusetts Institute of …" / "Process Engineering Intern, Shell …  2005")
            sibling = sibling or org_closed and dates is not None
            if same_line_org and org and (not _ORG.search(same_line_org) or _SUBUNIT.match(
                    same_line_org) or _UNIT.search(same_line_org) and at > 0
                    and lines[at - 1].start == org[1] or _unit_of(same_line_org, org[0])) \
                    and not explicit and not sibling:
                # "Borg memory-overcommit team" under "Google, Sunnyvale, CA", "Associate
                # Professor, Department of Marine Biology" under "Tarn Institute of Technology"
                same_line_org = ""
            heading_role = role if _SUBHEADING.fullmatch(text) and not same_line_org else None
            inherited = None if role_first or same_line_org else org
            role_first = role_first or not (same_line_org or org)
            record = {"organisation": same_line_org or (inherited[0] if inherited else None),
                      "role": role, "kind": "internship" if _INTERN.search(role) else "position",
                      "start": None, "end": None,
                      "_span": (inherited[1] if inherited else line.start, line.end)}
            if mentor := _MENTOR.search(text):
                record["mentor"] = _mentor_name(mentor, text)
            if not dates and pending_dates:
                dates, pending_dates = pending_dates, None
            if not dates and len(years := YEAR.findall(text)) == 1:
                dates = (years[0], years[0])  # "Visiting Researcher, Tarn University (2015)"
            if dates:
                record["start"], record["end"] = dates
            records.append(record)
            continue
        if found := _MENTOR.search(text):
            if records and len(text.split()) <= 10:
                records[-1]["mentor"] = _mentor_name(found, text)
                _extend(records[-1], line)
            continue
        # "Lab Technician" / "Rovi Pharma, Granada | 2009 – 2010": the dated line right under a
        # role that names no employer names it, whatever words it uses, before its place
        bare = without_dates(text)
        under_role = bool(dates) and bool(records) and not records[-1]["organisation"] and \
            at > 0 and records[-1]["_span"][1] == lines[at - 1].end and not is_role(text) \
            and text[:1].isupper() and 1 <= len(bare.split()) <= 10 \
            and not sentence_like(text) and not _dates_alone([line], 0) and any(
                _a_place(part.strip(" |")) or countries_in(part)
                for part in re.split(r",|\s·\s", bare)[1:])
        if is_org(line, raw_line) or under_role or _heads_entry(lines, at) or \
                _dated_employer(lines, at):
            org = (placed_name(line) or _org_name(text), line.start)
            org_years = _years(text)
            if heading_role and records and records[-1]["organisation"] and \
                    records[-1]["role"] == heading_role:
                records.append({"organisation": None, "role": heading_role, "kind": "position",
                                "start": None, "end": None, "_span": (line.start, line.end)})
            # the employer's line goes on with the dated entry right above it, whose line it
            # wraps ("Postdoctoral Associate, Department of …,   2012 – 2014" / "Massachusetts
            # Institute of Technology, Cambridge, MA")
            # (or goes on with an entry that its dates lead, as the next one's do: "2021 – 2023
            # Postdoctoral researcher, …" / "University of Copenhagen, Denmark." / "2018 – 2020
            # Consultant doctoral student, Biomarker team, Servier.")
            org_closed = bool(records) and records[-1]["start"] is not None and at > 0 and \
                records[-1]["_span"][1] == lines[at - 1].end and (
                    _wraps_on(lines[at - 1].text)
                    or DATE_RANGE.match(lines[at - 1].text) is not None)
            # (not across dates alone that lead the next entry: "2013-Now" / "Certified
            # Carpentries Instructor" / … / "2018" / "Research Bazaar Organising Committee")
            led_apart = at > 0 and _dates_alone(lines, at - 1) and bool(records) and \
                records[-1]["start"] is not None and lines[at - 1].start >= records[-1]["_span"][1]
            if records and not records[-1]["organisation"] and not led_apart and \
                    not _described_between(raw, raw_start, records[-1]["_span"][1], line.start):
                records[-1]["organisation"] = org[0]
                if dates and records[-1]["start"] is None:  # "EMBL, Heidelberg | 2016 – 2020"
                    records[-1]["start"], records[-1]["end"] = dates
                    dates = None  # taken: no date left pending for the next entry
                _extend(records[-1], line)
            below = lines[at + 1].text if at + 1 < len(lines) else ""
            if dates and is_role(below) and not YEAR.search(below):
                # "Meridian Research, Redmond, WA   Summer 2020" / "Research Intern, …": the
                # employer's dates are those of the role under it
                pending_dates, dates = dates, None
        if dates and (DATE_RANGE.search(text) and len(without_dates(text).split()) <= 6
                      or _dates_alone([line], 0)):
            undated = [r for r in records if r["start"] is None]
            if undated and undated[-1] is records[-1]:
                records[-1]["start"], records[-1]["end"] = dates
                _extend(records[-1], line)
                dates_under = dates_under or (_dates_alone([line], 0) and at > 0 and lines[
                    at - 1].start >= records[-1]["_span"][0] and is_role(lines[at - 1].text))
            else:
                pending_dates = dates
        elif heading_role and records and records[-1]["start"] is None and not is_org(
                line, raw_line) and (point := DATE_POINT.search(text)) and len(
                without_dates(text).split()) <= 6:
            # "Prof. Kwek group. May 2017" under a visit's host: the month it was made
            records[-1]["start"] = records[-1]["end"] = point.group(0)
            _extend(records[-1], line)
    return [r for r in records if r["organisation"]]


# An employer's name in a sentence: capitalised words, "of" or "for" between them.
_PROSE_ORG = r"[A-Z][\w&'’-]*(?:\s+(?:of\s+|for\s+)?[A-Z][\w&'’-]*)*"
_PROSE = re.compile(
    r"\b(?:is|was|am|['’]m|as|joined \w+ as|worked as|spent [\w ]+? as)\s+(?:also\s+|now\s+|"
    r"currently\s+)?(?:an?|the)\s+"
    r"(?P<role>(?:[A-Z]?[a-z-]+\s){0,3}?(?:[Rr]esearcher|[Ee]ngineer|[Pp]rofessor|[Ss]cientist|"
    r"[Ff]ellow|[Ii]ntern|[Ll]ecturer|[Pp]ostdoc))(?:\s+of\s+(?:[A-Z][\w&-]*\s?){1,4}?)?"
    r"\s+(?:at|in|with|on)\s+(?:the\s+)?"  # "a Professor of Coastal Science at Calder …"
    rf"(?P<org>{_PROSE_ORG})"
)
# A role that leads an organisation, "of" it: "Director of the Makeability Lab", "co-founder
# of Project Sidewalk", "the Associate Director of CREATE".
_LEADS = re.compile(
    r"\b(?P<role>(?:(?:[Aa]ssociate|[Ee]xecutive|[Ff]ounding|[Dd]eputy|[Ss]cientific|[Mm]anaging)"
    r"\s+)?(?:[Dd]irector|[Cc]o-?[Ff]ounder|[Ff]ounder|[Cc]o-?[Dd]irector))\s+of\s+(?:the\s+)?"
    rf"(?P<org>{_PROSE_ORG})"
)


def from_prose(text: str, offset: int) -> list[dict]:
    """Positions stated in sentences: "is a Senior Researcher at Lumen Systems Lab"."""
    records = []
    for found in _PROSE.finditer(text):
        role = found.group("role").strip()
        org, end = found.group("org"), found.end()
        # "an Assistant Professor in CS and HCIL faculty at the University of Maryland": "in"
        # names the field, "at" the employer
        in_field = re.search(r"\s+(?:in|on)\s+(?:the\s+)?$",
                             text[found.start():found.start("org")])
        at = re.match(rf"[^.;]{{0,60}}?\s+at\s+(?:the\s+)?({_PROSE_ORG})", text[end:]) \
            if in_field else None
        if at:
            org, end = at.group(1), end + at.end()
        records.append({
            "organisation": org.strip(" ."),
            "role": role[:1].upper() + role[1:],
            "kind": "internship" if _INTERN.search(role) else "position",
            "start": None, "end": None,
            "_span": (offset + found.start(), offset + end),
        })
    for found in _LEADS.finditer(text):
        role = found.group("role")
        records.append({"organisation": found.group("org").strip(" ."),
                        "role": role[:1].upper() + role[1:], "kind": "position",
                        "start": None, "end": None,
                        "_span": (offset + found.start(), offset + found.end())})
    return records


# "interned at Google (…); Microsoft (…)", "to intern at research labs including Microsoft
# Research in Redmond, Intel Research in Seattle, and …"
_INTERNED = re.compile(r"\bintern(?:ed)? (?:at|with)\s+(?:[a-z][\w -]*?\bincluding\s+)?"
                       r"(?P<items>[A-Z][^.]+(?:\.\d[^.]*)*)\.")


def internships_from_prose(text: str, offset: int) -> list[dict]:
    """"interned at Google (May 2019 to Aug 2019); Microsoft Research (2020)"."""
    found = []
    for match in _INTERNED.finditer(text):
        listed = "including" in match.group(0)[:match.start("items") - match.start()]
        for item in re.split(r";\s*|,\s+and\s+|\s+and\s+(?=[A-Z])" + r"|,\s+(?=[A-Z])" * listed,
                             match.group("items")):
            org = re.sub(r"\s*\(.*$|\s+in\s+[A-Z][\w ,]*$", "", item).strip(" ,")
            inner = re.search(r"\(([^)]*)\)?", item)
            dates = date_range(inner.group(1)) if inner else None
            if org and org[:1].isupper():
                found.append({"organisation": org, "role": "Intern", "kind": "internship",
                              "start": dates[0] if dates else None,
                              "end": dates[1] if dates else None,
                              "_span": (offset + match.start(), offset + match.end())})
    return found


# The Lattes CV (Brazil's national CV platform) as exported: an employer's header line ("Empresa
# Brasileira de Pesquisa Agropecuária, EMBRAPA, Brasil."), then each bond with it under
# "Vínculo institucional": "2015 - 2017   Vínculo: Bolsista, Enquadramento Funcional:
# Pesquisadora bolsista de pós-doutorado (PDJ/CNPq), Carga horária: 40", wrapped in its column.
_LATTES_EMPLOYER = re.compile(r"^(?P<name>[A-ZÀ-Þ][^\n,]{2,120}(?:,\s*[^\n,]{2,40})?,\s*"
                              r"[A-ZÀ-Þ][\w ]{2,30})\.[ \t]*$", re.M)
_LATTES_BOND = re.compile(r"^[ \t]*(?P<dates>(?:\d{2}/)?(?:19|20)\d{2}\s*-\s*(?:(?:\d{2}/)?"
                          r"(?:19|20)\d{2}|Atual))[ \t]+Vínculo:(?P<rest>.*(?:\n[ \t]{8,}\S.*)*)",
                          re.M)
_LATTES_ROLE = re.compile(r"Enquadramento Funcional:\s*(?P<role>.+?)\s*(?:,\s*Carga horária|"
                          r",\s*Regime|\.?\s*$)", re.S)


def lattes_bond_spans(text: str) -> list[tuple[int, int]]:
    """Where each bond of a Lattes CV is written, from its dates to its wrapped end."""
    return [bond.span() for bond in _LATTES_BOND.finditer(text)]


def lattes_bonds(text: str) -> list[dict]:
    """The jobs a Lattes CV lists as bonds with an institution: the employer its header line
    names, the role its "Enquadramento Funcional" states, the dates that lead the bond."""
    employers = [(found.start(), found.group("name")) for found in
                 _LATTES_EMPLOYER.finditer(text)]
    found_jobs = []
    for bond in _LATTES_BOND.finditer(text):
        role = _LATTES_ROLE.search(re.sub(r"\s+", " ", bond.group("rest")))
        above = [employer for employer in employers if employer[0] < bond.start()]
        if not role or not above:
            continue
        start, _, end = bond.group("dates").partition("-")
        found_jobs.append({"organisation": above[-1][1].strip(),
                           "role": re.sub(r"\s*\([^()]*\)", "", role.group("role")).strip(" ,."),
                           "kind": "position", "start": start.strip(), "end": end.strip(),
                           "_span": (above[-1][0], bond.end())})
    return found_jobs


# A LinkedIn export's entry: the employer, the time spent there when it lists several roles
# ("5 years 5 months"), then each role over its dates and their length ("January 2022 - Present
# (3 years)"), its place and what was done.
_LASTED = re.compile(r"\s*(?:\d+\s+years?)?(?:\s*\d+\s+months?)?\s*$")
_LINKEDIN_DATES = re.compile(rf"\s*{DATE_RANGE.pattern}\s*(?:\([^()]*\))?\s*$", re.I)
_PAGE_FOOTER = re.compile(r"\s*Page \d+ of \d+\s*$")


def linkedin_jobs(text: str, start: int, end: int) -> list[dict]:
    """The jobs of a LinkedIn profile's Experience section, read by its fixed layout: each role
    is the line over a dates line; the line over the role (past the time spent at an employer,
    "5 years 5 months") is a new employer unless it is the place under the dates above or a
    line of what was done there, in which case the role is held at the employer before."""
    raws = text[start:end].splitlines(keepends=True)
    offsets = list(accumulate((len(raw) for raw in raws[:-1]), initial=start))
    # the lines that print something, a page's footer left out: (offset, text)
    rows = [(offsets[at], raw.strip()) for at, raw in enumerate(raws)
            if raw.strip() and not _PAGE_FOOTER.match(raw)]
    # the rows a blank line comes before: each opens a block
    opens = {at for at, (offset, _) in enumerate(rows)
             if at == 0 or "\n\n" in re.sub(r"[ \t]+", "", text[rows[at - 1][0]:offset])}
    dated = [at for at, (_, row) in enumerate(rows) if _LINKEDIN_DATES.fullmatch(row)]
    found: list[dict] = []
    employer: tuple[str, int] | None = None
    for at in dated:
        if at < 1:
            continue
        role, head = rows[at - 1][1], at - 2
        if head >= 1 and _LASTED.fullmatch(rows[head][1]):
            head -= 1  # "5 years 5 months": the employer is over it
            employer = (rows[head][1], rows[head][0])
        elif head >= 0:
            line = rows[head][1]
            place = head - 1 in dated  # the place under the dates of the role above
            told = bool(re.search(r"[.:;,)]$|^[-•*]\s", line)) or line[:1].islower()
            if head in opens or head == 0 or not place and not told and len(line.split()) <= 8:
                employer = (line, rows[head][0])
        if not employer or not role or _TEACHING.search(role) or re.match(r"Tutor\b", role):
            continue  # (a teaching assistantship is teaching)
        dates = date_range(rows[at][1])
        found.append({"organisation": employer[0], "role": role,
                      "kind": "internship" if _INTERN.search(role) else "position",
                      "start": dates[0] if dates else None, "end": dates[1] if dates else None,
                      "_span": (employer[1], rows[at][0] + len(rows[at][1]))})
    return found


# A table of jobs as a text export prints it: a header row that names its columns ("S.No.
# Designation  Institution  From  To"), then rows that a number opens, whose cells wrap onto
# the lines under them in the same columns.
_ROLE_HEADS = frozenset("designation position post role title rank cargo puesto poste "
                        "stelle funzione".split())
_ORG_HEADS = frozenset("institution organisation organization employer company department "
                       "university institute project place workplace institución "
                       "organismo établissement".split())
_DATE_HEADS = frozenset("from to period duration year years dates since until date "
                        "desde hasta".split())
_OTHER_HEADS = frozenset("s no sl sr s.no no. nature of appointment pay scale".split())


def _head_columns(raw: str) -> list[tuple[int, str]] | None:
    """(where it starts, "role", "org", "date" or "") for each column a table's header row names
    ("S.No. Designation  Institution  From  To"); None for a line that is no such row."""
    columns: list[tuple[int, str]] = []
    for found in re.finditer(r"[^\W\d_][\w.]*", raw):
        word = found.group(0).lower().strip(".")
        kind = "role" if word in _ROLE_HEADS else "org" if word in _ORG_HEADS else \
            "date" if word in _DATE_HEADS else "" if word in _OTHER_HEADS | {"of"} else None
        if kind is None:
            return None
        if columns and kind and columns[-1][1] == kind and found.start() - columns[-1][0] < 25 \
                and kind != "date":
            continue  # "Project / Institution": one column
        if not columns or kind:
            columns.append((found.start(), kind))
    kinds = [kind for _, kind in columns]
    return columns if "role" in kinds and "org" in kinds and "date" in kinds else None


def table_jobs(text: str, start: int, end: int) -> tuple[list[dict], list[tuple[int, int]]]:
    """The jobs of the tables of jobs in text[start:end], and where each table is: read by its
    header row's columns. ([], []) where there is no such table."""
    raws = text[start:end].splitlines(keepends=True)
    offsets = list(accumulate((len(raw) for raw in raws[:-1]), initial=start))
    jobs: list[dict] = []
    tables: list[tuple[int, int]] = []
    at = 0
    while at < len(raws):
        columns = _head_columns(raws[at].rstrip("\n"))
        if not columns:
            at += 1
            continue
        body = min(where for where, kind in columns if kind)  # where the first named column is
        rows: list[dict[int, list[str]]] = []
        first = at
        at += 1
        while at < len(raws):
            line = raws[at].rstrip("\n")
            if not line.strip():
                if at + 1 < len(raws) and re.match(r"\s*\d{1,2}\.?\s", raws[at + 1]):
                    at += 1
                    continue
                break
            parts = _row_cells(line)
            if re.fullmatch(r"\d{1,2}\.?", parts[0][1]) and parts[0][0] < body:
                rows.append({})
                parts = parts[1:]
            elif not rows or len(line) - len(line.lstrip()) < body - 2:
                break  # no longer the table's: text in its first column that opens no row
            for where, cell in parts:
                column = max((i for i, (c, _) in enumerate(columns) if c <= where + 2), default=0)
                rows[-1].setdefault(column, []).append(cell)
            at += 1
        tables.append((offsets[first], offsets[at - 1] + len(raws[at - 1])))
        role = next(i for i, (_, kind) in enumerate(columns) if kind == "role")
        org = next(i for i, (_, kind) in enumerate(columns) if kind == "org")
        dated = [i for i, (_, kind) in enumerate(columns) if kind == "date"]
        for row in rows:
            held = " ".join(row.get(role, []))
            where = " ".join(row.get(org, []))
            when = [" ".join(row.get(i, [])) for i in dated]
            if not held or not where:
                continue
            jobs.append({"organisation": _org_name(where) if "\"" in where else where.strip(" ,."),
                         "role": held.strip(" ,."),
                         "kind": "internship" if _INTERN.search(held) else "position",
                         "start": when[0] or None, "end": when[-1] if len(when) > 1 else None,
                         "_span": tables[-1]})
    return jobs, tables
