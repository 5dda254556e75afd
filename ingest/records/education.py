"""Degrees: institution, degree, level, dates, advisors and thesis, from lines or from prose.

CV layouts put the institution before or after its degrees and dates before, beside or after
them (two-column PDFs move the dates to the end), so the lines are read as a small state
machine: an institution line opens a group, a degree line opens a record in it, and dates,
advisors and theses attach to the record that still lacks them.
"""

from __future__ import annotations

import re

from ingest.records.places import countries_in
from ingest.records.text import DATE_RANGE, MONTH, Line, date_range, first_year, without_dates

_LEVELS = (
    # CVs set degrees in capitals too ("PH.D. IN ASTRONOMY", "MASTER OF IT").
    # CVs in Spanish, French, Italian and Portuguese name them in their own words ("Grado en
    # Lengua", "Doctorat en", "Laurea Magistrale", "Mestrado em").
    ("phd", r"Ph\.?\s?D\.?|PH\.?\s?D\.?|Doctor(?:ate| of Philosophy)|DOCTOR(?:ATE| OF PHILOSOPHY)|"
            r"Doctoral|D\.Phil\.?|Dr\. rer\. nat\.|Doctorado(?= (?:en|de) )|"
            r"Doctorat(?= (?:en|de|ès) | d['’])|Doctora?(?= en )|Douto(?:ra?)?(?= em )|"
            r"Dottorato(?= (?:di|in) )|Douto(?:rado|ramento)(?= (?:em|de) )|Dr\.-Ing\.|"
            r"Dr\. ?(?:phil|sc|med|techn)\.|"
            r"Promotion(?=\s*\(Dr|\s+(?:in|zum)\s)|Doktorat|[Dd]oktor nauk|"
            # Nordic, Turkish and Finnish doctorates: "Ph.d. i lingvistikk", "Fil.dr.", "Doktora"
            r"Ph\.d\.|Dr\.\s?philos\.|Fil\.\s?dr\.|Filosofie doktor|Doktora\b|Tohtori"),
    ("masters", r"M\.?\s?S\.?c?\.?(?=[\s,]|$)|M\.?Eng\.?|M\.A\.|MA(?= in )|MA\.(?= [A-Z])|MBA|"
                r"M\.?Tech\.?|Master(?:'s|’s)?|MASTER(?:'S|’S)?|MPhil|M\.Phil\.?|Máster|"
                # public health, policy, administration, fine arts, research, social work, law
                r"M\.?P\.?H\.?(?=[\s,]|$)|MP[AP](?=[\s,]|$)|MFA(?=[\s,]|$)|M\.?Res\.?(?=[\s,]|$)|"
                r"MSW(?=[\s,]|$)|LL\.?M\.?(?=[\s,]|$)|"
                # the UK's integrated masters: "MChem in Chemistry", "MPhys", "MSci"
                r"M(?:Chem|Phys|Math|Sci|Biol|Biochem|Geol|Comp|EarthSci)(?=[\s,]|$)|"
                r"Maestría|Mestrado|Laurea [Mm]agistrale|Mgr\.|Magister|"  # Mgr.: Czech, Polish
                r"Diplom(?:-[A-Z]\w+)?(?=[\s,(]|$)|Dipl\.-\w+\.|"
                r"Cand\.\s?(?:scient|philol|polit|mag|oecon|psychol|real|jur)\.|Fil\.\s?mag\.|"
                r"Yüksek Lisans|Filosofian maisteri|Doctoraal|Ingenieur(?= in )"),
    ("bachelors", r"B\.?\s?S\.?E?\.?(?=[\s,]|$)|B\.?Sc\.?|B\.?Eng\.?|B\.A\.|BA(?=[\s,])|"
                  r"B\.?Tech\.?|B\.?E\.?(?=[\s,])|Bachelor(?:'s|’s)?|BACHELOR(?:'S|’S)?|"
                  # medicine's first degree, law's, business's
                  r"MB\.?\s?B\.?S\.?(?=[\s,]|$)|MB\.?\s?Ch\.?B\.?(?=[\s,]|$)|LL\.?B\.?(?=[\s,]|$)|"
                  r"BBA(?=[\s,]|$)|"
                  # "A.B.", "AB in History"; not the "AB" of "Klarna AB", a company's form
                  r"A\.B\.?(?=[\s,])|(?<![A-Za-z] )AB(?=[\s,])|Grado(?= en )|"
                  r"Licenciatura(?= (?:en|de|em) )|Licenciad[oa](?= en )|Licence(?= (?:en|de|ès) | d['’])|"
                  r"Laurea(?= (?:in|[Tt]riennale))|Bacharelado(?= (?:em|de) )|Graduação(?= em )|"
                  r"Licencjat|Fil\.\s?kand\.|(?<!Yüksek )Lisans\b|Kandidaatti|Bc\.(?= )|"
                  r"[Uu]ndergrad(?:uate)? degree"),
)
# The same levels as words (lower case, dots and apostrophes dropped), as a question writes them.
LEVEL_WORDS = {"phd": "phd", "phds": "phd", "doctorate": "phd", "doctoral": "phd",
               "master": "masters", "masters": "masters", "msc": "masters",
               "bachelor": "bachelors", "bachelors": "bachelors", "bsc": "bachelors",
               "undergraduate": "bachelors", "undergrad": "bachelors", "ms": "masters",
               "meng": "masters", "mphil": "masters", "mba": "masters", "bs": "bachelors",
               "beng": "bachelors", "ma": "masters", "ba": "bachelors", "mres": "masters",
               "dphil": "phd"}
# How an answer names each level.
LEVEL_NAMES = {"phd": "Ph.D.", "masters": "master's degree", "bachelors": "bachelor's degree"}
# Not inside a word, nor after a hyphen: "Post-Doctoral research fellow" holds no degree.
DEGREE = re.compile(r"(?<![A-Za-z])(?<![A-Za-z]-)(?:"
                    + "|".join(f"(?P<{k}>{p})" for k, p in _LEVELS) + r")")
# "University" with one letter dropped, as CVs misspell it ("Univesity of Tehran").
_UNIVERSITY_TYPOS = "|".join(sorted({"University"[:i] + "University"[i + 1:]
                                     for i in range(2, len("University"))}))
INSTITUTION = re.compile(
    r"\bUniv\.|\bU\. (?:de|of|di|do|du)\b|\b(?:University|Universit[éàä]t?|Universitat|"
    r"Universiteit|Universidade|Universidad|Università|Uniwersytet|Univerzita|Institute|Institut|"
    r"Instituto|Istituto|College|Lycée|Gymnasium|Hochschule|Polytechnique|School|Academy|"
    r"Polytechnic|Politecnico|Ecole|École|Escola|Escuela|Scuola|Facultad|Faculdade|ETH|EPFL|"
    # Nordic, Dutch, Finnish and Turkish names: "Universitetet i Bergen", "Lunds universitet",
    # "Karolinska Institutet", "Høgskolen i Oslo", "Helsingin yliopisto", "Ege Üniversitesi"
    r"Universitet(?:et)?|[Uu]niversitet|Institutet|Högskola[n]?|Høgsko(?:le|len)|Høgskule[n]?|"
    r"Hogeschool|[Yy]liopisto|Korkeakoulu|Üniversitesi|Enstitüsü|Yüksek Teknoloji Enstitüsü|"
    r"NTNU|KTH|DTU|"
    # and in Romanian, Hungarian, Greek and the Baltic and Slavic languages
    r"Universitatea|Politehnica|Egyetem|Univerza|Sveučilište|Univerzitet|Universitāte|"
    r"Universitetas|Ülikool|Panepistimio|"
    r"KAIST|MIT|CMU|UCLA|UC [A-Z]\w+|TU [A-Z]\w+|RWTH|Caltech|Technion|"
    + _UNIVERSITY_TYPOS + r")\b"
)
# Words of a degree's field, which a degree line may run into its institution's name ("Ph.D. in
# Microbiology McMaster University"): they end the name on its left.
_FIELD_WORD = re.compile(r"(?:\w+(?:ology|ologies|ics|ing|istry|sophy|ences?|ture|ism|ment|"
                         r"ation|omy|ies)|Science|Arts|Law|Medicine|Studies|Design|History|"
                         r"Mathematics|Informatics|Physics|Biology|Honou?rs|Hons\.?)",
                         re.I)
_ADVISOR = re.compile(r"\b(?:co-)?(?:advis[oe]rs?|supervisors?|mentors?)\s*[:\-–]\s*(.+)|"
                      r"\b(?:supervision|direction|guidance) of\s+(.+)|"
                      r"^\W*(?:co-)?(?:advised|supervised) by\s+(.+)|"
                      r"(?-i:\bPIs?)\s*[:\-–]\s*(.+)", re.I)
_ADVISED_BY = re.compile(r"\b(?:advised|supervised) by\s+((?:(?:Prof\.|Dr\.)\s*)?[A-Z][\w.'’ -]+?)"
                         # not the stop of a title or an initial ("… and Dr. Liang Zhao")
                         r"(?=[,;)]|(?<!\bDr)(?<!\bProf)(?<!\b[A-Z])\.|$| and (?:is|was|then)\b)")
# "Thesis: …", "Master's thesis on …", and as CVs in other languages write it: "Tesis de Máster
# sobre …", "Thèse : …", "Tesi di laurea su …", "Doktorarbeit über …".
_THESIS = re.compile(r"\b(?:thesis(?: topic| title| subject)?|dissertation|tesis|thèse|tesi|tese|"
                     r"doktorarbeit|abschlussarbeit)(?:\s+(?:de|di|du|del)\s+[^\W\d_]+)?"
                     r"(?:\s*[:\-–]|\s+(?:on|about|sobre|sur|su|sul|sulla|über))\s+(.+)", re.I)
# Lower-case words inside a name ("Jan de Vries", "Ali bin Omar"), not the prose after it.
_NAME_PARTICLES = frozenset("de del della der di da dos du la le van von bin ibn al y".split())
_TITLES = re.compile(r"\b(?:(?:Assoc(?:iate)?|Asst|Assistant)\.?\s+)?(?:Prof(?:essor)?|Dr)\.?\s+|"
                     r"\bPr\.\s+")  # "Pr." in French


def match_level(found: re.Match[str]) -> str:
    """The level of a DEGREE match: which of its named groups matched."""
    return next(k for k, _ in _LEVELS if found.group(k))


def level_of(text: str) -> str | None:
    found = DEGREE.search(text)
    return match_level(found) if found else None


def named_advisors(text: str) -> list[str]:
    """The people a text labels as someone's advisor, supervisor or mentor, line by line
    ("Advisor: Prof. Bo Li", "…; mentor: Priyanka Deshmukh", "Supervised by Ada Lund")."""
    return [name for line in text.splitlines() if (found := _ADVISOR.search(line))
            for name in advisors(next(group for group in found.groups() if group))]


def advisors(text: str) -> list[str]:
    # The names end where the sentence or the bracket does: "Advisor: Mireille Duchamp.
    # Expected graduation: Spring 2025.", "(advisor: Grace Mbatha)".
    # A place or a date in brackets after a name is dropped ("Pr. Martial Mermillod (Grenoble),
    # Dr. Marie Gomot (Tours)"); a dash starts what they did ("Marta Garrido – Training in …").
    text = re.sub(r"\s*\([^()]{1,40}\)", "", _TITLES.sub("", without_dates(text)))
    text = re.split(r"(?<=[a-z]{2})\.(?:\s|$)|\s*[()]|\s[–—]\s", text)[0]
    found = []
    for name in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*|;\s*", text):
        words = name.split()
        prose = next((i for i, w in enumerate(words)
                      if w[:1].islower() and w not in _NAME_PARTICLES), None)
        if prose is not None and words[prose] in ("at", "in", "from", "with", "on"):
            words = words[:prose]  # "Tim Sherwood at ArchLab": the name, then where
        elif prose is not None:  # "Morteza Dehghani Member of Morality …": the name, then prose
            words = words[:prose - 1] if prose >= 3 else []
        name = " ".join(words).strip(" .")
        if re.match(r"[A-Z]", name) and len(words) <= 5:
            found.append(name)
        if prose is not None:
            break  # what follows is the prose's, not more names
    return found


# Words that make a bracket after a degree say something other than who advised it: its
# grade, an honour, what it came with ("(Summa Cum Laude)", "(John Smith Scholarship)").
_NOT_A_NAME = re.compile(r"laude|summa|magna|honou?rs?|distinction|class|merit|thesis|minor|"
                         r"major|scholar|fellow|award|prize|medal|grant|project|code|paper|"
                         r"publication|program|track|option|with|expected|online|remote|"
                         r"lab|group|team|cent(?:er|re)|department|faculty|division|unit|"
                         r"society|association|company|\binc\b|ltd|gmbh|"
                         # a doctorate's European or international mention ("Mención Internacional")
                         r"menci[oó]n|mention|menzione|internacional|international|europe", re.I)


def bracket_advisors(text: str) -> list[str]:
    """The people a degree line names in a bracket of names alone, the way many CVs give the
    advisors without a label: "PhD in Machine Learning (10/2017–03/2021) (Nic Lane, Xavier
    Bresson)". Each name is two to four capitalised words that name no field, institution,
    place, grade or honour; [] for any other bracket."""
    for inner in re.findall(r"\(([^()]{5,80})\)", without_dates(text)):
        names = [n.strip() for n in re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*|;\s*", inner)]
        if names and all(
                2 <= len(words := name.split()) <= 4
                and all(re.fullmatch(r"[A-Z][\w'’-]*\.?", w) or w in _NAME_PARTICLES
                        for w in words)
                and not _FIELD_WORD.search(name) and not _NOT_A_NAME.search(name)
                and not INSTITUTION.search(name) and not DEGREE.search(name)
                and not countries_in(name) for name in names):
            return names
    return []


# Short words of an all-caps institution line that are words, not acronyms ("UNIVERSITY OF
# WASHINGTON" → "University of Washington"; "ETH", "MIT" stay).
_SMALL_CAPS_WORDS = {"OF", "AND", "THE", "FOR", "AT", "DE", "DI", "DEL", "LA", "DU", "UND", "IN"}


def institution_in(text: str) -> str | None:
    """The comma-separated part of a line that names an institution."""
    # a sentence after the name ("Universidad de Zaragoza. Calificación: …") is no part of it
    # (a table's columns first: without_dates closes their gaps)
    parts = [part for cell in re.split(r"\s{2,}|\t", text) for part in re.split(
        r",\s*(?=\D)|\s{2,}|\s[–—-]\s|:\s+|"
        r"(?<=[a-zà-ÿ]{3})(?<!Univ)(?<!Inst)(?<!Dept)(?<!Coll)(?<!Tech)\.\s+(?=[A-Z])",
        without_dates(cell))]
    for at, part in enumerate(parts):
        part = re.sub(r"^(?:at|from|the)\s+", "", part.strip(" .•"), flags=re.I)
        # "I did my PhD at the University of Helsinki": what a sentence says before "at" is no
        # part of the name ("University of North Carolina at Chapel Hill" is)
        said = re.match(r"(.*?)\b(?:at|from)\s+(?:the\s+)?(?=[A-Z])", part)
        if said and said.group(1).strip() and not INSTITUTION.search(said.group(1)):
            part = part[said.end():]
        if part.isupper() and len(part) > 5:  # "CORNELL UNIVERSITY", read as written in title case
            part = " ".join(w.lower() if w in _SMALL_CAPS_WORDS and i else
                            w if len(w) <= 4 and w.isalpha() and w not in _SMALL_CAPS_WORDS
                            else w.capitalize() for i, w in enumerate(part.split()))
        if DEGREE.match(part):
            part = _after_field(part)
        # a grade in brackets after the name: "Università di Bologna (110/110 e lode)"
        part = re.sub(r"\s*\([^()]*(?:\d/\d|%|\blode\b|\bGPA\b|\bgrade\b|\bmention\b|"
                      r"\bnote\b|\bvoto\b)[^()]*\)$", "", part, flags=re.I)
        if part and INSTITUTION.search(part) and len(part.split()) <= 12:
            # a school of a university before the university ("Graduate School of Science, The
            # University of Tokyo"): the university
            if re.match(r"(?:Graduate\s+)?(?:School|Faculty|College|Department)\s+of\b", part):
                later = next((institution_in(p) for p in parts[at + 1:]
                              if re.search(r"\bUniv|\bUniversit", p)), None)
                part = later or part
            return re.sub(r"^(?:The|Honou?rs|Hons\.?)\s+", "", part)
    return None


def _after_field(part: str) -> str:
    """The institution a degree clause runs into ("Ph.D. in Microbiology McMaster University"
    → "McMaster University"): the capitalised words before its institution word, back to the
    degree's field; "" when the clause names no institution."""
    found = INSTITUTION.search(part, DEGREE.match(part).end())  # type: ignore[union-attr]
    if not found:
        return ""
    if found.group(0).startswith(("U.", "Univ.")):  # "U. de Murcia": the name follows
        return part[found.start():]
    words = part[:found.start()].split()
    kept: list[str] = []
    for word in reversed(words[-3:]):
        if not word[:1].isupper() or _FIELD_WORD.fullmatch(word.strip(",.")) or DEGREE.match(word):
            break
        kept.insert(0, word)
    return " ".join([*kept, part[found.start():]])


def degree_text(text: str) -> str:
    """The degree clause of a line: "Ph.D. in Computer Science", without dates or institution."""
    found = DEGREE.search(text)
    assert found
    parts = re.split(r",\s+(?=[A-Z])|\s{2,}|\t| from | at ", text[found.start():])
    clause = parts[0]
    # "M.Sc., Biomedical Engineering": a degree alone, then its field after the comma
    if len(parts) > 1 and clause.strip(" ,.") == found.group(0).strip(" ,.") and \
            not INSTITUTION.search(parts[1]) and not re.search(r"\d", parts[1]) and \
            0 < len(parts[1].split()) <= 6:
        clause = f"{clause.rstrip(' ,')}, {parts[1]}"
    # "(expected 2026)" goes with the dates: no "(expected )" is left
    clause = re.sub(r"\s*\((?:expected|exp\.|anticipated)?\s*\)", "", without_dates(clause),
                    flags=re.I)
    return clause.strip(" ,.") or found.group(0)


def _goes_on(text: str, following: str) -> bool:
    """Whether a line's sentence wraps into the next line: it stops without a mark and the next
    starts in lower case."""
    return bool(following[:1].islower()) and not re.search(r"[.;:!?)\]\"”]\s*$", text)


# A stay made during a degree, not a degree: "PhD mobility", "Ph.D. exchange", "PhD visit",
# "PhD Intern"
_VISIT = re.compile(DEGREE.pattern + r"\s*(?i:mobility|exchange|visit|visiting|stay|intern|"
                                     r"internship)\b")


_CUT_AFTER = re.compile(r"(?:\b(?:of|the|de|di|du|des|del|della|do|da|at|for|and|für)|,)$")


def _cut_name_joined(lines: list[Line]) -> list[Line]:
    """A degree's line whose institution a text export wrapped ("M.Sc., Chemical Engineering,
    Imperial   2006 – 2007" / "College London, London, UK"; "…, University of the" /
    "Witwatersrand, Johannesburg") joined to the line under it, its dates kept at the end."""
    out: list[Line] = []
    for line in lines:
        last = out[-1] if out else None
        head, _, tail = last.text.partition("  ") if last else ("", "", "")
        if tail and not (DATE_RANGE.search(tail) or first_year(tail)):
            head, tail = last.text, ""  # type: ignore[union-attr]
        parts = re.split(r",\s*", without_dates(head).strip()) if last else [""]
        end = parts[-1]
        first = re.split(r",\s*", line.text)[0].strip()
        words = end.split()
        cut = bool(words) and (
            bool(_CUT_AFTER.search(head.rstrip())) or bool(INSTITUTION.fullmatch(end))
            # "Imperial" / "College London": one name word over the institution word
            or len(parts) > 1 and len(words) == 1 and end[:1].isupper() and not level_of(end)
            and not _FIELD_WORD.fullmatch(end) and bool(INSTITUTION.match(first)))
        if last and cut and level_of(last.text) and not level_of(line.text) and first and \
                not date_range(line.text) and not first_year(line.text) and \
                INSTITUTION.search(f"{end} {first}") and len(first.split()) <= 8:
            text = f"{head.rstrip()} {line.text.strip()}" + (f"  {tail.strip()}" if tail else "")
            out[-1] = Line(text, last.start, line.end, last.bold, last.row)
        else:
            out.append(line)
    return out


def from_lines(lines: list[Line]) -> list[dict]:
    """Degree records from the lines of an education section."""
    lines = _cut_name_joined(lines)
    records: list[dict] = []
    group: list[dict] = []
    institution: str | None = None
    group_start = 0
    pending_dates: tuple[str, str] | None = None
    after_degree = False  # whether the line before was a degree or institution line
    # Whether the section puts each institution on the line after its degree ("2020 M.A.,
    # Psychology" then "University of California Davis"): a degree line then awaits the next
    # institution line instead of taking the one above, which is the previous degree's.
    degree_first = False
    for n, line in enumerate(lines):
        text = line.text
        dates = date_range(text)
        level = level_of(text)
        place = institution_in(text)
        if place and not level and records and records[-1].get("_awaits_institution") and \
                len(records) == 1:
            degree_first = True
        if place and (not level or place != institution):
            if not level and (place != institution or group):
                group = []  # a new institution line, or the same one again for another degree
            institution = place
            group_start = line.start
            for record in group:
                record["institution"] = record["institution"] or place
        # "Ph.D. Electrical Engineering, Tarn Technical University, 2015. Advisor: Ilse Varga":
        # a degree named before an advisor or a thesis on its line is the line's own
        said = [m.start() for m in (_ADVISOR.search(text), _THESIS.search(text)) if m]
        own = text[:min(said)] if said else text
        # "PhD thesis: …", "MSc dissertation: …" under a table of degrees: the thesis of the
        # degree of that level listed above, not a degree of its own
        of_level = next((r for r in reversed(records) if r["level"] == level), None) if said \
            and DEGREE.fullmatch(own.strip(" :")) else None
        if of_level is not None:
            group = [of_level]
        elif level and level_of(own):
            if degree_first and not place:
                institution = None
            named = [] if said else bracket_advisors(own)
            if named:  # the bracket of names is no part of the degree
                own = re.sub(r"\s*\([^()]*\b" + re.escape(named[0]) + r"\b[^()]*\)", "", own)
            record = {"institution": place or institution, "degree": degree_text(own),
                      "level": level, "start": None, "end": None, "advisors": named,
                      "thesis": None,
                      "_span": (group_start if (institution and not place) else line.start,
                                line.end)}
            if not (place or institution):
                record["_awaits_institution"] = True
            record["_own_place"] = bool(place)
            # read as an entry, so that its host and place go to it, then left out
            record["_stay"] = bool(_VISIT.search(text))
            if pending_dates and not dates:
                dates, pending_dates = pending_dates, None
            elif not dates and first_year(text):
                record["end"] = str(first_year(text))
            records.append(record)
            group.append(record)
        elif place and degree_first and records[-1].pop("_awaits_institution", False):
            # the degree just above, not earlier ones; but all of the degrees listed together
            # over it ("B.S. in Political Science" / "B.S. in Journalism" / "University of …")
            waiting = [records[-1]]
            for earlier in reversed(records[:-1]):
                if not earlier.pop("_awaits_institution", False):
                    break
                waiting.append(earlier)
            for record in waiting:
                record["institution"] = place
                _extend(record, line)
            year = first_year(text) if not dates else None
            if year and records[-1]["end"] is None:  # "University of Corran, 2017"
                records[-1]["end"] = str(year)
        elif place and any(r.pop("_awaits_institution", False) for r in records):
            for r in records:
                if not r["institution"]:
                    r["institution"] = place
                    _extend(r, line)
        if found := _ADVISOR.search(text):
            target = records[-1] if degree_first and records else _target(group or records)
            if target is not None:
                target["advisors"] = advisors(next(g for g in found.groups() if g))
                _extend(target, line)
        if found := _THESIS.search(text):
            target = records[-1] if degree_first and records else _target(group or records)
            if target is not None:
                # "Thesis: Succinct graphs. Advisor: Prof. Anna Lis": the title ends at the label
                title = found.group(1)
                if (named := _ADVISOR.search(title)) and named.start() > 0:
                    title = title[:named.start()]
                target["thesis"] = title.strip(' "“”*.;,')
                _extend(target, line)
                if n + 1 < len(lines) and _goes_on(text, lines[n + 1].text):
                    # "… socio-emotional stimuli in" / "autistic adults. Supervisors : …"
                    rest = re.split(r"(?<=[.;])\s", lines[n + 1].text, maxsplit=1)[0]
                    rest = rest.strip(' "“”.;')
                    target["thesis"] = f"{target['thesis']} {rest}"
                    _extend(target, lines[n + 1])
        if dates and (level or place or _place_only(without_dates(text))):
            undated = [r for r in (group or records) if r["start"] is None and r["end"] is None]
            earliest = [r for r in records if r["start"] is None and r["end"] is None]
            if not (level or place or after_degree) and earliest:
                # Away from any degree line, dates are a column of their own (a two-column PDF
                # puts "Aug 2021 - Present" after every degree): they go in document order.
                undated = earliest
            undated = undated or earliest
            if undated:
                undated[0]["start"], undated[0]["end"] = dates
                _extend(undated[0], line)
            elif not level:
                pending_dates = dates
        after_degree = bool(level or place)
    for record in records:
        record.pop("_awaits_institution", None)
        record.pop("_own_place", None)
    return [r for r in records if not r.pop("_stay", False)]


def _place_only(rest: str) -> bool:
    """Whether what a date line says besides its dates is at most a place ("Seoul, Korea")."""
    rest = rest.strip(" ,;|()•")
    return not rest or ("," in rest and len(rest.split()) <= 5)


def _extend(record: dict, line: Line) -> None:
    start, end = record["_span"]
    record["_span"] = (min(start, line.start), max(end, line.end))


def _target(records: list[dict]) -> dict | None:
    """The record an advisor or thesis line belongs to: the last degree when it named its own
    institution ("B.S., Tukril College" then "Advisor: …"), else the group's Ph.D. (degrees
    under one institution heading, the advisor line after the last of them), else the last."""
    if records and records[-1].get("_own_place"):
        return records[-1]
    return next((r for r in records if r["level"] == "phd"), records[-1] if records else None)


_PROSE = re.compile(
    r"(?P<degree>(?:a |an |his |her |their )?" + DEGREE.pattern + r"[^.;]*?)\s+(?:from|at)\s+"
    r"(?:the\s+)?(?P<place>[A-Z][\w&'’ .-]+?)"
    r"(?=\s+in\s+(?:[A-Z][a-z]+\.?\s+)?(?:19|20)\d{2}|\s+\((?:19|20)\d{2}\)|[,.;(]|$|"
    r"\s+(?:advised|supervised|working|where|under|with|and)\b)"
    r"(?:\s+in\s+(?P<month>[A-Z][a-z]+\.?\s+)?|\s+\()?(?P<year>(?:19|20)\d{2})?"
)


def from_prose(text: str, offset: int) -> list[dict]:
    """Degrees stated in sentences: "received her Ph.D. in X from Y in 2019, advised by Z"."""
    records = []
    for found in _PROSE.finditer(text):
        level = level_of(found.group("degree"))
        place = found.group("place").strip()
        campus = re.match(r",\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)(?=\s+(?:where|in|and|under|with)\b|"
                          r"[,.;(])", text[found.end("place"):])
        end = found.end()
        if campus and re.match(r"(?:The\s+)?University of [A-Z]", place) and \
                not found.group("year"):
            place = f"{place}, {campus.group(1)}"  # "University of California, Irvine"
            end = max(end, found.end("place") + campus.end())
        # "Ph.D. student from Robotics Institute, University of Technology Sydney": a unit,
        # then the university it is part of
        unit_of = re.match(
            r",\s+((?:The\s+)?University of [A-Z][\w&'’ .-]+?|[A-Z][\w&'’ .-]+?\s"
            r"(?:University|Universit[äàé]t?|College|Institute of Technology))"
            r"(?=[,.;(]|$|\s+(?:advised|supervised|working|where|under|with|and|in)\b)",
            text[found.end("place"):])
        if unit_of and not found.group("year"):
            place = f"{place}, {unit_of.group(1)}"
            end = max(end, found.end("place") + unit_of.end())
        if not level or not INSTITUTION.search(place):
            continue
        # The sentence ends at a period, not at a title's or an initial's ("Prof. Tim Sherwood")
        ends = re.search(r"(?<!Prof)(?<!Dr)(?<!\b[A-Z])\.\s", text[found.end():])
        tail = text[found.end(): found.end() + ends.start() if ends else len(text)]
        advised = _ADVISED_BY.search(tail)
        degree = re.sub(r"^(?:a|an|his|her|their)\s+", "", found.group("degree")).strip()
        records.append({
            "institution": place, "degree": degree, "level": level, "start": None,
            "end": _month_year(found.group("month"), found.group("year")),
            "advisors": advisors(advised.group(1)) if advised else [],
            "thesis": None, "_span": (offset + found.start(), offset + end),
        })
    return records


def _month_year(month: str | None, year: str | None) -> str | None:
    """"December 2011" where the sentence gives the month ("in December 2011"), else the year."""
    if year and month and re.fullmatch(MONTH, month.strip()):
        return f"{month.strip()} {year}"
    return year


def is_date_line(text: str) -> bool:
    return bool(DATE_RANGE.fullmatch(text.strip(" ()*")))
