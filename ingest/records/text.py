"""Line-level helpers the record extractors share: markup, dates, names, spans."""

from __future__ import annotations

import bisect
import dataclasses
import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ingest.chunking import wrapped_number
from ingest.profiles import FORMAT_TAG

# Months as French, Spanish, Portuguese, German and Italian CVs write them, in full and cut short
# ("mar. 2015 – dez. 2018", "janv. 2020", "März 2019", "settembre 2017"). The short forms that
# are English words ("Data Set 2019", "Out 2019") count only with their stop ("set. 2016").
_MONTHS_ABROAD = (
    "janvier janv février févr fév mars avril avr mai juin juillet juil août septembre octobre "
    "novembre décembre déc "  # French
    "enero febrero marzo abril abr mayo junio julio agosto septiembre setiembre octubre "
    "noviembre diciembre dic "  # Spanish
    "janeiro fevereiro fev março maio junho julho setembro outubro dezembro dez "  # Portuguese
    "januar februar märz mär juni juli oktober okt dezember "  # German
    "gennaio febbraio maggio giugno giu luglio lug settembre sett ottobre ott dicembre "  # Italian
    "januari februari mars maj augusti desember des mei maart mrt "  # Nordic, Dutch
    "ocak şubat nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık"  # Turkish
).split()
_MONTHS_WITH_STOP = "ene ago set out gen".split()
MONTH = (r"(?<![^\W\d_])(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|"
         r"Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Spring|Summer|"
         r"Fall|Autumn|Winter|"
         + "|".join(sorted(_MONTHS_ABROAD, key=len, reverse=True)) + "|"
         + "|".join(rf"{m}\." for m in _MONTHS_WITH_STOP) + r")(?![^\W\d_])\.?")
# "Aug 2017", "Aug 15, 2017", "15th August 2017", "2017 Aug", "08/2017", "2017"
# and "09.2019" or "2014-09", a month and a year as European and ISO dates write them, and a
# day before them ("01/10/2020"); "2015.4" and "2019.07", as Japanese and Chinese CVs write them
_POINT = (rf"(?:(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?{MONTH}\s*(?:\d{{1,2}},?\s*)?(?:19|20)\d{{2}}|"
          # the year first, as Japanese, Chinese and some French CVs write it ("2023 jan."),
          # but not a citation's "2019 Mar 5;", nor "2020 Summer School"
          rf"(?:19|20)\d{{2}}\s+(?!(?i:spring|summer|fall|autumn|winter)\b){MONTH}(?!\s*\d)|"
          r"(?:\d{1,2}[/.])?\d{1,2}[/.](?:19|20)\d{2}|(?:19|20)\d{2}-(?:0[1-9]|1[0-2])(?![\d–-])|"
          r"(?:19|20)\d{2}\.(?:0?[1-9]|1[0-2])(?![\d.])|(?:19|20)\d{2})")
# An open end as CVs write it in English, Italian, Spanish, Portuguese, French, German, Polish,
# the Nordic languages, Dutch, Turkish and Czech ("2021 – oggi", "seit 2019", "2020–nå").
OPEN = (r"(?:present|current|now|today|ongoing|oggi|presente|in corso|actualidad|actual|"
        r"actualmente|atual|hoy|aujourd'hui|aujourd’hui|présent|en cours|heute|dato|jetzt|"
        r"obecnie|nadal|nå|nu|nyt|heden|halen|günümüz|dosud|současnost)")
SINCE = r"(?:since|from|seit|dal|dall'|desde|depuis|od)"
# "Aug. 2017 - Present", "2016 – 2021", "Jun – Sep 2019", "May 2017 to Aug 2017",
# "08/2011 – 12/2011"
DATE_RANGE = re.compile(
    rf"(?P<start>{_POINT}|{MONTH})\s*(?:[-‐‑–—]|to|until)\s*(?P<end>{_POINT}|{OPEN})"
    rf"(?:\s*\((?:expected|exp\.)\))?",
    re.I,
)
DATE_POINT = re.compile(rf"(?<!\d)(?:{_POINT})(?!\d)", re.I)  # not in "HL141922"
# not inside an identifier, letters on both sides ("e2019GL086312")
YEAR = re.compile(r"(?<![\d.-])(?!(?<=[A-Za-z])\d{4}[A-Za-z])(19[5-9]\d|20[0-4]\d)(?![\d/])")
MARKDOWN_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_HTML = re.compile(r"<\s*(?:br|/li|/p|/tr|/div)\s*/?>", re.I)
_TAGS = FORMAT_TAG  # other markup stays, as text the UI escapes
# ("– Econometria I": an en dash before a word, but not the end of a date range a line wrapped,
# "– Aug 2020", "– present")
_BULLET = re.compile(r"^\s*(?:[-*+•▪◦●·]\s+\d{1,3}[.)]?(?=\s)|[-*+•▪◦●·]\s+\[[A-Z]{0,2}\d{1,3}\]|"
                     r"[-*+•▪◦●·]|"
                     rf"–(?=\s+[^\W\d])(?!\s+(?i:{MONTH}|{OPEN})(?!\w))|"
                     r"\d{1,2}\.\d{1,2}\.?(?=\s+[^\W\d_])|"  # "4.1 Universidad de …", a part's number
                     r"\d{1,3}[.)](?!(?:19|20)\d{2}\b)|"  # not "09.2019", a month
                     r"\[[A-Z]{0,2}\d{1,3}\]|\(\d{1,3}\)|-\s+\d{1,3}\.|\d{1,3}\s(?=[A-Z]))\s*")


# The field labels of the Europass CV form, before each value ("Occupation or position held:
# Senior Research Fellow"): the value is the line. The long labels need no colon (a PDF sets them
# in a column of their own); "Dates" and "Employer" do.
_LONG_LABELS = (r"Occupation or position held|Main activities and responsibilities|"
                r"Name and address of (?:the )?employer|Name of (?:the )?employer|"
                r"Type of business or sector|Title of qualification awarded|"
                r"Principal subjects(?:/| and )occupational(?: skills covered)?|"
                # (a label may wrap in its column: "Name and type of organisation" /
                # "providing education and training")
                r"Name and type of (?:the )?organi[sz]ation(?: providing education and training)?|"
                r"Name of (?:the )?organi[sz]ation providing education(?: and training)?|"
                r"Level in national(?: or international)?(?: classification)?")
_FORM_LABEL = re.compile(rf"^(?:(?:{_LONG_LABELS})\s*:?|(?:Dates?|Period|Employer)(?:\s*:|"
                         r"(?=\s{2})))\s+", re.I)
_EMPLOYER_LABEL = re.compile(r"^Name and address of (?:the )?employer\b", re.I)
# The form's fields whose value describes an entry rather than names it: the line is left out,
# so that a job's role and its employer's line stand together.
DESCRIBING_LABEL = re.compile(r"^(?:Main activities and responsibilities|Type of business or "
                               r"sector|Principal subjects(?:/| and )occupational(?: skills "
                               r"covered)?|Level in national(?: or international)?(?: "
                               r"classification)?)\s*:?\s+", re.I)


@dataclass(frozen=True)
class Line:
    """One cleaned line of a document with the span of its raw text."""

    text: str
    start: int
    end: int
    bold: str = ""  # the first **bold** or <b> run on the line, cleaned
    row: int = -1  # for a table cell, where its row starts (cells of one row share it)
    # the field of a form (Europass) whose value the line is, however long it runs: "role"
    # ("Occupation or position held"), "employer", or "value" for any other; "" for no field
    form: str = ""


# Emoji and pictographs that mark a line ("🏆", "🎓", "📄"), with the selector after them; the
# icon fonts' glyphs a PDF gives are stray letters, read elsewhere (ingest/pdfium.py)
_PICTOGRAPHS = re.compile("[\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff]\ufe0f?")


def clean(text: str) -> str:
    """Text without Markdown or HTML markup; links reduced to their text, spaces squeezed but
    for a gap of two or more between words, kept as two: it parts a text export's columns
    ("University of Verdance      Assistant Professor      2019 – present")."""
    # (dot leaders part columns too: "Algèbre I (L1) ........ TD, 60 h"; an ellipsis is three)
    text = re.sub(r"(?<=\S)(?:[ \u00a0]{2,}|\t+|\s*\.{4,}\s*)(?=\S)", "\x00", text)
    text = MARKDOWN_LINK.sub(r"\1", text)
    text = _PICTOGRAPHS.sub(" ", text)  # "🏆 Best Paper Award", "🎓 Education"
    text = _TAGS.sub(" ", text)
    text = re.sub(r"\\([*_#\[\]()])", r"\1", text)
    text = re.sub(r"[*_`#]+|^\s*>\s*", " ", text)
    text = re.sub(r"[ \u00a0\t|]+", " ", text)
    text = re.sub(r" ?\x00[\x00 ]*", "  ", text)
    text = re.sub(r"\(\s+", "(", re.sub(r"\s+\)", ")", text))
    text = re.sub(r"(?<=\w) ([.,;])(?=\s|$)", r"\1", text)  # "*Nature Methods*, 21" left a space
    return text.strip(" \n\r:;")


def strip_bullet(text: str) -> str:
    return _BULLET.sub("", text, count=1).strip()


# "2018.22 PhD in …", "2019/20 Teaching assistant", "2016-18 STRIDE Scholar": a range whose end
# year is cut to two digits, at the head of a line, where it leads its entry as a full range does.
# "2019.12 – 2020.03" (year and month) is not one: a range follows.
_DASH = "[-‐‑–—]"
_SHORT_RANGE = re.compile(rf"^((?:19|20)(\d{{2}}))(\s*{_DASH}\s*|[./])(\d{{2}})(?=\s)"
                          rf"(?!\s*(?:{_DASH}|to\b))")
# "2016-18", "2016–18", "2016 – 18" anywhere on a line; a page range or an identifier
# ("1-2016-18", "10.1016/2016-18") is none
_CUT_RANGE = re.compile(rf"(?<![\w./-])((?:19|20)(\d{{2}}))(\s*{_DASH}\s*)(\d{{2}})(?![\w./-])")


def _full_range(found: re.Match[str]) -> str:
    """"2018.22" as "2018–2022", "2016-18" as "2016-2018", "1998–02" as "1998–2002"; a year and
    a month ("2005.09", "2010/11", "2014-09" as ISO writes it) stay as printed."""
    start, short, sep, end = (found.group(1), int(found.group(2)), found.group(3),
                              int(found.group(4)))
    close = int(start) - short + end + (100 if end < short else 0)
    if not 0 < close - int(start) <= 9 or (sep in ("-", ".", "/") and end <= 12):
        return found.group(0)
    return f"{start}{'–' if sep in ('.', '/') else sep}{close}"


def full_year_ranges(text: str) -> str:
    """The text with each year range cut short written out ("2016-18" → "2016-2018")."""
    return _CUT_RANGE.sub(_full_range, text)


_TABLE_RULE = re.compile(r"\s*\|?\s*:?-{3,}:?\s*\|")


def lines(text: str, start: int, end: int, bold: Sequence[tuple[int, int]] = ()
          ) -> Iterator[Line]:
    """Cleaned, non-empty lines of text[start:end]; table cells and <br> parts become lines.
    bold: spans of text set in bold type (a PDF's, from its fonts), besides Markdown's **."""
    offset = start
    raws = text[start:end].splitlines(keepends=True)
    above = ""
    # A form's field whose value wraps onto the lines under it, at the value's column
    # ("Name and address of employer   Universitatea …, Faculty of Applied" / "     Chemistry
    # and Materials Science, …"): the lines go on with the value, or are left out with it.
    field: tuple[int, bool] | None = None  # (the value's column, whether it describes)
    # the value's line, yielded once its field ends, and whether it names an employer
    held: tuple[Line, bool] | None = None
    for raw, below in zip(raws, [*raws[1:], ""], strict=True):
        # (the label may wrap in its column too, in lower case: "providing education and
        # training   Applied Chemistry …")
        if field and raw.strip() and not _FORM_LABEL.match(raw.strip()) and re.fullmatch(
                r"(?: *[a-z][\w/ ]*?)? {2,}", raw[: field[0]] or "  ") and raw[field[0]:].strip():
            if held and not field[1]:
                value, employer = held
                held = (dataclasses.replace(value, text=f"{value.text} {clean(raw[field[0]:])}",
                                            end=offset + len(raw.rstrip())), employer)
            offset += len(raw)
            continue
        if held:
            yield _without_address(*held)
        held = field = None
        if labelled := _SIDE_FIELD.match(raw):
            field = (labelled.end(), bool(DESCRIBING_LABEL.match(labelled.group(1))))
        wrap = wrapped_number(raw, above, len(above) - len(above.lstrip(" ")))
        above = raw if raw.strip() else above
        if raw.count("|") >= 2 and _TABLE_RULE.match(below):
            offset += len(raw)  # a table's header row ("| Year | Award |") names no record
            continue
        pieces = _HTML.split(raw) if ("<" in raw or raw.count("|") >= 2) else [raw]
        row = offset if raw.count("|") >= 2 else -1
        if row >= 0:
            pieces = [p for piece in pieces for p in piece.split("|")]
        for piece in pieces:
            if re.fullmatch(r"[\s|:-]*", piece):
                continue
            at = text.find(piece.strip(), offset, offset + len(raw)) if piece.strip() else -1
            where = at if at >= 0 else offset
            marked = re.search(r"\*\*(.+?)\*\*|<b>(.+?)</b>", piece)
            cleaned = strip_bullet(clean(piece)) if _BULLET.match(piece) and not wrap else \
                clean(piece)
            if DESCRIBING_LABEL.match(cleaned):
                continue
            employer = bool(_EMPLOYER_LABEL.match(cleaned))
            labelled = _FORM_LABEL.match(cleaned)
            form = "" if not labelled else "employer" if re.search(
                r"employer", labelled.group(0), re.I) else "role" if re.match(
                r"occupation", labelled.group(0), re.I) else "value"
            cleaned = _SHORT_RANGE.sub(_full_range, _FORM_LABEL.sub("", cleaned))
            if cleaned and not re.fullmatch(r"[-–—=_]+", cleaned):
                span = (where, where + len(piece.strip()))
                # A Markdown subheading inside a section heads an entry as bold type does
                # ("### Assegnista di ricerca" / "Dipartimento ICEA, …" / "*marzo 2016 – …*")
                heavy = (clean(marked.group(1) or marked.group(2)) if marked else
                         cleaned if re.match(r"\s{0,3}#{3,6}\s", piece) else
                         _first_bold(text, span, bold))
                line = Line(cleaned, *span, heavy, row, form)
                if field and len(pieces) == 1:
                    held = (line, employer)  # the value may go on under it
                else:
                    yield _without_address(line, employer)
        offset += len(raw)
    if held:
        yield _without_address(*held)


# A form's field label in a column of its own, then its value ("   Occupation or position held
# Senior Research Fellow"); group 1 is the label
_SIDE_FIELD = re.compile(rf"\s*((?:{_LONG_LABELS}|Dates?|Period|Employer)\s*:?)\s{{2,}}(?=\S)",
                         re.I)


def _without_address(line: Line, employer: bool) -> Line:
    """A form value's line; an employer's without its street address ("…, Str. Polizu 1-7,
    011061 Bucharest (Romania)")."""
    return dataclasses.replace(line, text=re.sub(r",[^,]*\d.*$", "", line.text)) if employer \
        else line


def _first_bold(text: str, span: tuple[int, int], bold: Sequence[tuple[int, int]]) -> str:
    """The cleaned text of the first bold span that overlaps span."""
    if not bold:
        return ""
    # Spans are in order and do not overlap, so their ends are in order too: no list to build
    # for each of a document's lines.
    at = bisect.bisect_right(bold, span[0], key=lambda run: run[1])
    for b_start, b_end in bold[at:]:
        if b_start >= span[1]:
            break
        if b_end > span[0]:
            return clean(text[max(b_start, span[0]):min(b_end, span[1])])
    return ""


def two_digit_year(yy: str) -> int:
    value = int(yy)
    return 2000 + value if value < 60 else 1900 + value


def first_year(text: str) -> int | None:
    found = YEAR.search(text)
    return int(found.group(1)) if found else None


def date_range(text: str) -> tuple[str, str] | None:
    """(start, end) as printed for the first date range in the text ("2016–18" as
    "2016–2018")."""
    text = full_year_ranges(text)
    found = DATE_RANGE.search(text)
    if not found:
        since = re.search(rf"\b{SINCE}\s*({_POINT})(?!\s*(?:[-‐‑–—]|to|until)\s*\w)",
                          text, re.I)
        if since:
            return since.group(1), "present"  # "since 2024": held now
        # "2021–  Adjunct Lecturer": a dash set close after the year and nothing after it, or
        # a dash then a column's gap ("2023 –     Associate Professor")
        held = re.match(rf"\s*({_POINT})(?:[-‐‑–—](?=\s|$)|\s[-‐‑–—](?=\s{{2,}}|\s*$))", text,
                        re.I)
        return (held.group(1), "present") if held else None
    start, end = found.group("start").strip(), found.group("end").strip()
    if not YEAR.search(start):  # "Jun – Sep 2019": the start month shares the end's year
        year = first_year(end)
        start = f"{start} {year}" if year else start
    tail = found.group(0)[len(found.group(0).rstrip(")")):]
    if "(" in found.group(0)[found.group(0).find(end):]:
        end = found.group(0)[found.group(0).find(end):].strip()
    return start, end + tail


def without_dates(text: str) -> str:
    """The text with date ranges, dates and stray separators removed."""
    text = DATE_RANGE.sub(" ", text)
    text = DATE_POINT.sub(" ", text)
    text = re.sub(r"\(\s*\)|\s{2,}", " ", text).strip(" ,;:–—-.")
    if text.endswith(")") and text.count("(") < text.count(")") or text.endswith("("):
        text = text[:-1]
    if text.startswith("(") and text.count("(") > text.count(")"):
        text = text[1:]
    return text.strip(" ,;:–—-.")


def name_key(name: str) -> str:
    """A comparison key for a person's name: letters only, lower case."""
    return re.sub(r"[^a-z ]+", "", re.sub(r"[.\-]", " ", name.lower())).strip()


_HONORIFICS = frozenset("dr prof professor mr ms mrs".split())


# The dash that repeats the entry above's authors in a bibliography ("———. "Ruins." …",
# "———, translator. …"), with the role they had, if any
SAME_AUTHORS = re.compile(r"(?:—{2,}|–{2,}|-{3,}|_{3,})\s*(?:,\s*(?:translator|editor|editors|"
                          r"trans\.|eds?\.)\s*)?[.,]?")


def same_person(author: str, person: str) -> bool:
    """Whether an author-list entry ("K. V. Rashmi", "Wei, J.", "J Wei") names the person."""
    a, p = name_key(author).split(), name_key(person).split()
    if len(p) > 2 and p[0] in _HONORIFICS:  # "Dr. Maartje E. Haverkamp"
        p = p[1:]
    words = person.split()
    if len(words) > 2 and re.fullmatch(r"[A-Z]\.?", words[0]) and same_person(
            author, " ".join(words[1:])):
        # "S. Meenakshi Sundaravadivelu", cited "M. Sundaravadivelu": an initial before the
        # given name (a father's or a place's, as South Indian names put it) is often left out
        return True
    if not a or not p:
        return False
    if a == p:
        return True
    if "," in author:  # "Wei, Jinliang" / "Quintero R."
        last, _, first = author.partition(",")
        a = name_key(first).split() + name_key(last).split()
    # Vancouver: the initials run together after the surname, hyphenated or not ("Quintero R",
    # "Mbeki NT", "Ferreira-Lind T"); GB/T 7714 spaces them after it in capitals ("QIAO J H")
    if "," not in author and (cited := re.fullmatch(r"([A-Z][A-Z'’-]+)((?:\s[A-Z])+)|(.+?)\s+"
                                                    r"([A-Z]{1,3})", author.strip(" .*†"))):
        surname, initials = (cited[1], cited[2]) if cited[1] else (cited[3], cited[4])
        a = [initials.strip()[0].lower()] + name_key(surname).split()
    elif re.match(r"[A-Z]{2,3}\s", author.strip()):  # "PE BAYER": initials run together
        a = [a[0][0]] + a[1:]
    # A double surname may be cited by its first part: "A. Cervera" for Alba Cervera-Lierta.
    double = re.search(r"([^\W\d_]+)-[^\W\d_]+\s*$", person)
    # So may a given name and two surnames, as Spanish and Portuguese write them: "Zubeldia, I."
    # for Itziar Zubeldia Olaberria.
    two_surnames = len(p) > 2 and len(a) < len(p) and a[-1] in p[1:-1] and len(a[-1]) > 2
    if a[-1] != p[-1] and not two_surnames and not (
            double and len(a) < len(p) and a[-1] == name_key(double[1])):
        return False
    # Same last name: first names must agree, in full, as an initial, or as a short form
    # ("Phil" for "Phillip", "Greg" for "Gregory").
    short, full = sorted((a[0], p[0]), key=len)
    return a[0] == p[0] or (len(short) == 1 and short == full[0]) or (
        len(short) >= 3 and full.startswith(short))


# Words an abbreviation may skip: "SoCC" is "Symposium on Cloud Computing", "ATC" is "Annual
# Technical Conference" with or without "the".
ABBREVIATION_SKIPS = frozenset("of on and for the in at de der des du la le und".split())


def abbreviates(short: str, phrase: Sequence[str], *, initials_only: bool = False) -> bool:
    """Whether `short` is an abbreviation of a phrase of two or more words: each word gives one
    or more of its letters, starting with its first, in order; small words may give none.

    "cmu" abbreviates "carnegie mellon university", "msr" "microsoft research" (m-s from
    "microsoft"), "socc" "symposium on cloud computing"; "ms" does not abbreviate "microsoft".

    Args:
        short: the abbreviation, lower case letters (digits make it no abbreviation).
        phrase: the phrase's words, lower case.
        initials_only: each word gives its first letter only ("cds" is then no abbreviation of
            "calder state").
    """
    content = [w for w in phrase if w not in ABBREVIATION_SKIPS]
    if not short.isalpha() or len(content) < 2 or not 2 <= len(short) <= 2 * len(content) + 2:
        return False
    words_ = [w for w in phrase if w]

    @functools.cache
    def fits(i: int, j: int) -> bool:  # short[i:] from words_[j:]
        if j == len(words_):
            return i == len(short)
        word = words_[j]
        if word in ABBREVIATION_SKIPS and fits(i, j + 1):
            return True
        if i == len(short) or short[i] != word[0]:
            return False
        # The word gives its first letter and then any later letters of it, in order; the last
        # word gives its first letters together ("umich"), or "ubc" would be "universitat de
        # barcelona" (b-c from "barcelona").
        k, pos = i + 1, 1
        if fits(k, j + 1):
            return True
        last = j == len(words_) - 1
        while k < len(short) and not initials_only:
            pos = word.find(short[k], pos)
            if pos < 0 or (last and pos != k - i):
                return False
            k, pos = k + 1, pos + 1
            if fits(k, j + 1):
                return True
        return False

    return fits(0, 0)


# The words a title does not end on: a title cut at a line end ("Biuletyn Instytutu Hodowli i")
_OPEN_ENDS = frozenset("and of the in for to with a an on at by from i de des du der und y et "
                       "la le el".split())


def cut_short(title: str) -> bool:
    """Whether a title stops on a word that must go on, as a title cut at a line end does."""
    words = title.rstrip(" ,;:–—-").split()
    return bool(words) and words[-1].lower() in _OPEN_ENDS


# Page numbers, which a venue line gives and a title or a date does not: "pages 20178–20187",
# "pp. 1990–2008"
PAGES = re.compile(r"\b(?:pages?|pp?\.)\s*\d+\s*[-–]\s*\d+")
# Preprint servers besides arXiv, whose names may open in lower case
PREPRINT_SERVERS = "bioRxiv|medRxiv|ChemRxiv|PsyArXiv|SocArXiv|EarthArXiv"
# A chapter's editors in brackets: "(eds.)", "(Hrsg.)", "(dir.)"
EDITORS = r"\((?:[Ee]ds?|[Hh]rsgs?|dirs?|coords?)\.?\)"
