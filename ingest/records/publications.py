"""Publications from CV entries in any common style: numbered, bulleted, tagged, tabular, Scholar.

An entry is cut into segments (its lines, then sentences) and each segment is classified: the
venue and year, the author list, the title, an abstract, noise. A paper whose author list is
shown and does not include the profile's person is kept with `authored: False`: it is on the
page but it is not theirs.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ingest.chunking import looks_like_authors
from ingest.records.text import (ABBREVIATION_SKIPS, EDITORS, MONTH, PAGES, PREPRINT_SERVERS,
                                 SAME_AUTHORS, YEAR, Line, clean, cut_short, first_year,
                                 same_person, two_digit_year)

PUBLISHERS = (r"(?:ACM/IEEE|IEEE/ACM|ACM|IEEE|USENIX|Usenix|IFIP|SIAM|AAAI|ACL|VLDB|Springer|"
              r"Elsevier)")
_ACRONYM = r"(?:\d?[A-Z][A-Za-z]*[A-Z][A-Za-z]*|[A-Z]{3,})"  # "SoCC", "ICML", "3DV"
_APOS = r"\s?['’`]\s?"
# "[SoCC'15, Best Paper Award]", "[LearningSys @ NeurIPS'18]", "(SOSP'19)", "(Usenix ATC' 18)"
_TAG = re.compile(rf"[\[(]([^\[\]()]{{2,40}}?){_APOS}(\d{{2}})\b([^\[\]()]*)[\])]")
_PAREN_ACRONYM = re.compile(rf"\((?:{PUBLISHERS}\s+)?"
                            rf"({_ACRONYM}(?:\s@\s{_ACRONYM}|\s[A-Z][A-Za-z]+)?)"  # "3DVR @ CVPR"
                            r"(?:\s?['’]\s?\d{2}|\s(?:19|20)\d{2})?\)")
# (not before a span of years: "in the UK, 2002-2014: a cohort study")
_ACRONYM_YEAR = re.compile(rf"(?:{PUBLISHERS}\s+)?\b({_ACRONYM}(?:\s@\s{_ACRONYM})?)\s*"
                           rf"(?:{_APOS}(\d{{2}})\b|,?\s+((?:19|20)\d{{2}})\b"
                           r"(?!\s*[-–]\s*(?:19|20)?\d{2}\b))")
# "arXiv:2104.01981", "arXiv preprint arXiv:…", "arxiv.org/abs/2404.05894" (a link to it)
_ARXIV = re.compile(r"\barXiv(?::|\s+|\.org/(?:abs|pdf)/)?(?:preprint\s+)?(?:arXiv:)?(\d{2})(\d{2})"
                    r"\.\d{4,5}", re.I)
# The other preprint servers, by the identifiers that open with a year ("bioRxiv
# 2024.01.18.576113"); a bare "bioRxiv" at a line's end is read with the other venues.
_PREPRINT_SERVER = re.compile(rf"\b({PREPRINT_SERVERS}|SSRN)"
                              r"\s+(?:preprint\s+)?(?:doi:\s?10\.1101/)?((?:19|20)\d{2})\.\d{2}")
_LONG_VENUE = re.compile(
    r"((?:Proceedings of (?:the )?)?(?:[A-Z0-9][\w&/-]*\s+|of\s+|on\s+|in\s+|and\s+|for\s+|the\s+)*"
    r"(?:Journal|Transactions|Proceedings|Conference|Symposium|Workshop|Letters|Review|Magazine)"
    r"(?:\s+(?:on|of|in|for|and|the|[A-Z][\w&/-]*))*)"
)
_AWARD = re.compile(
    # a nomination says so: "Nominated for Best Paper Award", "Best Paper Award Finalist"
    r"\b(?:(?:Nominated|Nominee|Finalist|Shortlisted)\s+(?:for\s+)?(?:the\s+|a\s+)?)?"
    r"(?:Best (?:Student |Short |Demo )?Paper(?: Award| Runner-up| Honou?rable Mention)?"
    r"|Distinguished (?:Paper|Artifact)(?: Award)?|Outstanding Paper(?: Award)?"
    r"|Test of Time Award|Honou?rable Mention)(?:\s(?:Finalist|Nominee|Nomination))?\b",
    re.I,
)
_NOISE = re.compile(r"^(?:cited by \d+|sorted by \w+|\d+\s*(?:papers|citations)|code:|slides|pdf|"
                    r"video|equal contribution|\*\s*equal)", re.I)
_NOT_VENUE = {"PhD", "MS", "BS", "CV", "GPU", "GPUs", "CPU", "DNN", "DNNs", "CNN", "CNNs", "ML",
              "AI", "NN", "NNs", "RDMA", "NIC", "API", "SQL", "HPC", "LLM", "LLMs", "SGD", "IEEE",
              "ACM", "USENIX", "NSF", "PI", "TA", "IEEE-754", "SGEMM", "BFloat16", "MNIST",
              "MLLM", "SmartNIC", "KV", "HW", "SW", "PCIe", "SGX", "DEM", "MPI", "JVM", "RDD",
              "UK", "US", "USA", "EU", "UAE", "UP"}


_NOT_NAMES = re.compile(
    r"\b(?:University|Institute|College|School|Department|Research|Systems|Labs?|Inc|Corp|"
    r"Intern|Engineer|Scientist|Professor|Researcher|Candidate|Student|Assistant|present|"
    r"Ph\.?\s?D)\b|"
    r"@|https?:|(?:19|20)\d{2}\s*[-–]|^[\w ]+:|\bp(?:p|ages?)\.?\s*\d|\d+\s*[-–]\s*\d+")


@dataclass
class Venue:
    name: str | None
    year: int | None
    award: str | None = None


def venue_key(name: str | None) -> str:
    """A key that makes "ACM SOSP", "SOSP'19" and "sosp" equal."""
    if not name:
        return ""
    key = re.sub(rf"^(?:{PUBLISHERS}\s+)+", "", name.strip())
    key = re.sub(rf"{_APOS}\d{{2}}$|\s+(?:19|20)\d{{2}}$", "", key)
    return re.sub(r"\s+", " ", key).strip(" .,").lower()


# A journal as physics and biology cite it, starting a piece of the entry: its name, volume,
# issue, pages or article number, then the year in brackets ("Quantum 2, 114 (2018)",
# "Nature Machine Intelligence 4 (6), 544-554 (2022)", "Quantum Science and Technology 6 024009
# (2021)").
_VOLUME = re.compile(r"(?:^|(?<=;\s)|(?<=\.\s))([A-Z][A-Za-z&:'’ -]{1,60}?)\s+\d{1,4}"
                     r"(?:\s*\(\d{1,3}\))?(?:,\s*|\s+)[A-Za-z]?\d[\w-]{0,12}"
                     r"\s*\(((?:19|20)\d{2})\)")

# A journal as Vancouver style cites it: "Eur Heart J. 2018;39(22):2071–9", "Lancet. 2020 Mar
# 7;395(10226):795-808"
_VANCOUVER_VENUE = re.compile(r"(?:^|(?<=\.\s))([A-Z][A-Za-z&'’-]*(?:\s[A-Za-z&'’-]+){0,6}?)"
                              r"\s*\.\s*((?:19|20)\d{2})(?:\s[A-Z][a-z]{2}(?:\s\d{1,2})?)?;\s*\d")

# Chicago style: a journal, its volume and number, the date in brackets ("Speculum 97, no. 4
# (2022): 1021–54.", "Past & Present 238, no. 1 (February 2018)"); a chapter's book before its
# editors ("In A Cultural History of Trade, edited by …"); a book's publisher after its city
# ("Oxford: Clarendon Press, 2018.", "Ithaca: Cornell University Press, forthcoming 2025.")
_CHICAGO = re.compile(
    r"(?:^|(?<=[.;”\"]\s))(?P<venue>[A-Z][A-Za-z&:'’ -]{1,80}?)\s+\d{1,4},\s+no\.\s*\d{1,4}\s+"
    r"\((?:[A-Z][a-z]+\.?\s+)?(?P<year>(?:19|20)\d{2})\)"
    r"|(?:^|(?<=[.;”\"]\s))In\s+(?P<book>[A-Z][^.]{3,150}?),\s+(?:edited|ed\.)\s+by\b"
    r"|(?:^|(?<=[.;”\"]\s))"
    r"(?:[A-Z][A-Za-z .'’-]{2,30}:\s+(?P<press>[A-Z][A-Za-z&.'’ -]{2,60}?)"
    r"|(?P<named>[A-Z][A-Za-z&.'’ -]{0,50}?\b(?:Press|Publishing|Publishers|Verlag)))"
    r",\s+"
    r"(?:forthcoming,?\s+|in press,?\s+)?(?P<pyear>(?:19|20)\d{2})\b"
    r"(?!\s*[-–]\s*(?:19|20)?\d{2}\b)")  # not "The Translator's Europe: …, 1910–1950"
# A university press as MLA abbreviates it, after a comma ("Northwestern UP", "U of Toronto P")
_MLA_PRESS = re.compile(r"(?:^|(?<=[.,;”\"]\s))(?P<press>(?:[A-Z][\w&'’-]*\s){1,4}UP|U of [A-Z]"
                        r"[A-Za-z ]{2,30}? P),\s+(?:forthcoming,?\s+)?(?P<year>(?:19|20)\d{2})\b")
# A journal before its volume, issue and pages, the year printed elsewhere in the entry:
# "Language 99(3). 455–489", "Phonology 36(2): 245–278", "Language Variation and Change.
# 31(2): 187–212."
_VOLUME_PAGES = re.compile(r"(?:^|(?<=[.;]\s))([A-Z][A-Za-z&'’ -]{1,60}?)(?:\.;?)?\s+\d{1,4}\s*"
                           r"\(\d{1,3}\)[.,:]\s*[A-Za-z]?\d+(?:\s*[–-]\s*\d+)?\.?\s*"
                           r"(?:$|;|https?:|doi)", re.I)


# ABNT, as Brazilian CVs cite: a journal, its volume, number and pages, then the year ("Revista
# Brasileira de Economia, v. 77, n. 1, p. 3-31, 2023", "Journal of …, v. 158, 102941, 2022")
_ABNT_VENUE = re.compile(r"(?:^|(?<=[.;]\s))(?P<venue>[A-ZÀ-Þ][^.;]{1,80}?),\s+v\.\s*\d+"
                         r"[^;]*?,\s*(?P<year>(?:19|20)\d{2})\b")


# ACS: a journal's abbreviated name, the year, the volume and the pages ("Water Res. 2019, 150,
# 12-21.", "J. Hazard. Mater. 2022, 424, 127512.")
_ACS_VENUE = re.compile(r"(?:^|(?<=\.\s))(?P<venue>[A-Z][A-Za-z&'’-]*\.?(?:\s[A-Za-z&'’-]+\.?)"
                        r"{0,6}?)\s+(?P<year>(?:19|20)\d{2}),\s*\d{1,4}(?:\s*\(\d{1,3}\))?,\s*"
                        r"[A-Za-z]?\d")


def find_venue(text: str, year: int | None = None, *, bare: bool = True
               ) -> tuple[Venue, tuple[int, int]] | None:
    """The venue, year and paper award in a piece of an entry, with the span it occupies; year:
    the entry's year, when the piece is not the whole entry (a long venue name needs one);
    bare: whether an acronym before a year with no mark around it counts ("SOSP 2019")."""
    for pattern in (_TAG, _PAREN_ACRONYM, _ACRONYM_YEAR) if bare else (_TAG, _PAREN_ACRONYM):
        for found in pattern.finditer(text):
            name = venue_key(found.group(1))
            if not name or found.group(1).split()[-1] in _NOT_VENUE or len(name) < 2:
                continue
            name = re.sub(rf"^(?:{PUBLISHERS}\s+)+", "", found.group(1)).strip()
            year = _year_of(found, text)
            rest = found.group(3) if pattern is _TAG else ""
            award = _AWARD.search(rest or "")
            return Venue(name, year, award.group(0) if award else None), found.span()
    arxiv = _ARXIV.search(text)
    if arxiv:
        return Venue("arXiv", two_digit_year(arxiv.group(1))), arxiv.span()
    if vancouver := _VANCOUVER_VENUE.search(text):
        return Venue(vancouver.group(1), int(vancouver.group(2))), vancouver.span()
    if abnt := _ABNT_VENUE.search(text):
        return Venue(abnt["venue"].strip(), int(abnt["year"])), abnt.span()
    if acs := _ACS_VENUE.search(text):
        return Venue(acs["venue"].strip(), int(acs["year"])), acs.span()
    if volume := _VOLUME.search(text):
        return Venue(volume.group(1).strip(), int(volume.group(2))), volume.span()
    if mla := _MLA_PRESS.search(text):  # "By Tomás Brennan, Northwestern UP, 2022."
        return Venue(mla["press"], int(mla["year"])), mla.span()
    if chicago := _CHICAGO.search(text):
        found_year = chicago["year"] or chicago["pyear"]
        name = chicago["venue"] or chicago["book"] or chicago["press"] or chicago["named"]
        return Venue(name.strip(), int(found_year) if found_year else first_year(
            text[chicago.end():]) or year), chicago.span()
    pages = _VOLUME_PAGES.search(text)
    if pages and year and not _LONG_VENUE.search(text[: pages.start()]):
        return Venue(pages.group(1).strip(), year), pages.span()
    long = _LONG_VENUE.search(text)
    # "Journal of Maritime Optics, 4(2), 11-19.": a volume, issue and pages may follow it
    at_end = long is not None and (not text[long.end():].strip(" .,;")
                                   or _VOLUME_TAIL.fullmatch(text[long.end():]) is not None)
    if long and (first_year(text[long.end():] or text) or year and at_end):
        name = re.sub(r"^(?:Proceedings of (?:the )?)|^(?:In\s+)", "", long.group(1)).strip()
        # The capitalised words before a publisher are the last author, joined from the line
        # above: "Shivaram Venkataraman IEEE Journal on …" is the "IEEE Journal on …".
        name = re.sub(rf"^(?:[A-Z][\w.'’-]*\s+)+?(?={PUBLISHERS}\s)", "", name)
        return Venue(name, first_year(text[long.end():]) or first_year(text) or year), long.span()
    if server := _PREPRINT_SERVER.search(text):  # "bioRxiv 2024.01.18.576113"
        return Venue(server.group(1), int(server.group(2))), server.span()
    return None


def _year_of(found: re.Match[str], text: str) -> int | None:
    groups = [g for g in found.groups()[1:] if g and g.isdigit()]
    if groups:
        value = groups[0]
        return int(value) if len(value) == 4 else two_digit_year(value)
    return first_year(text[found.end():]) or first_year(text)


@dataclass
class Segment:
    text: str
    start: int  # offset in the document
    strong: bool = False  # a heading, bold run, link or quoted text: the usual title markup
    quoted: bool = False  # in quotes: a title, whatever its words ("Minimum Wages and Debt")


# Two to four words cut as ISO 4 abbreviates a journal's ("Phys. Rev. A", "Nat. Mach. Intell.",
# "Rev. Mod. Phys.") at the end of a line.
_ABBREVIATED_TAIL = re.compile(r"(?:\s+[A-Z][a-z]{1,6}\.){2,4}(?:\s+[A-Z][A-Za-z]*\.?)?\s*$")


def segments(entry: list[Line], raw: str, raw_start: int) -> list[Segment]:
    """An entry's lines, wrapped lines rejoined, cut at sentence ends and around quoted titles."""
    joined: list[Line] = []
    # an entry that a bullet or a number opens: a line indented under it that goes on from a
    # line cut mid-phrase is the same sentence ("…2024. Quiet Hours: Negotiating" /
    # "  Notification Boundaries in Hybrid Teams. In …")
    # … and so does one that hangs under a first line set at the margin ("Whitcombe, Eleanor.
    # "Reading …." In Writing the Self in Medieval" / "     Europe, edited by …")
    listed = _START.match(raw) is not None or not raw[:1].isspace()
    for line in entry:
        if _is_abstract(line.text):
            continue
        # A right-hand column on the title's lines: the journal abbreviated ("… Guarantee  Phys.
        # Rev. Research"), then the year ("… Approximate States  2022")
        wrapped = bool(joined) and (_wraps(joined[-1].text, line.text) or listed and re.search(
            r"\n[ \t]+$", raw[:line.start - raw_start]) is not None
            and joined[-1].text[-1:].isalpha())
        # A title set in bold on its own line ("- **Title**" / "  Authors" / "  Venue, 2023") is
        # whole: a line in plain type under it opens the entry's authors or venue. So is a line
        # that Markdown breaks on purpose, with two spaces or a backslash at its end.
        between = raw[joined[-1].end - raw_start:line.start - raw_start] if joined else ""
        if wrapped and (_whole_bold(joined[-1], raw, raw_start) and not _opens_bold(line)
                        or _HARD_BREAK.match(between)):
            wrapped = False
        if wrapped or not joined:
            line = dataclasses.replace(line, text=_ABBREVIATED_TAIL.sub("", line.text))
        if wrapped:
            last = joined[-1]
            text = re.sub(r"\s+(?:19|20)\d{2}$", "", line.text)
            # the colon a cleaned line lost at its end: "… the Revenue:" / "Ireland, 1700–1760"
            colon = ":" if raw[last.end - raw_start - 1:last.end - raw_start] == ":" else ""
            joined[-1] = Line(f"{last.text}{colon} {text}", last.start, line.end, last.bold)
        else:
            joined.append(line)
    out: list[Segment] = []
    for line in joined:
        raw_line = raw[line.start - raw_start : line.end - raw_start]
        strong = bool(_STRONG.match(raw_line)) or (
            bool(line.bold) and len(line.bold) >= 0.8 * len(line.text))
        for piece in _sentences(line.text):
            quoted = re.fullmatch(r"[\"“](.+?)[,.]?[\"”][.,]?", piece)
            text = quoted.group(1) if quoted else piece
            out.append(Segment(text.strip(), line.start, strong or bool(quoted), bool(quoted)))
    return out


_HARD_BREAK = re.compile(r"[*_]*(?: {2,}|\\)\r?\n")


def _whole_bold(line: Line, raw: str, raw_start: int) -> bool:
    """Whether a line is all bold: Markdown's "**…**" around it, or a PDF's bold type."""
    raw_line = raw[line.start - raw_start : line.end - raw_start]
    return bool(re.fullmatch(r"\s*(?:[-*+•]\s+)?\*\*[^*]{8,}\*\*[\s\\]*", raw_line)) or (
        bool(line.bold) and len(line.bold) >= 0.8 * len(line.text))


def _opens_bold(line: Line) -> bool:
    """Whether a line opens in bold type (a bold title wrapped onto it, its venue after)."""
    head = line.bold.strip()[:12]
    return bool(head) and line.text.lstrip(" -*+•").startswith(head)


def _is_abstract(text: str) -> bool:
    """A paragraph of prose: long, several sentences."""
    return len(text.split()) > 70 and len(re.findall(r"[a-z)][.!?]\s+[A-Z]", text)) >= 2


# The most words of a venue printed on a line of its own ("Science", "Plant Physiology")
SHORT_VENUE_WORDS = 4


# A line that opens with a year and goes on with a comma or a bracket ("2020, ACM.", "2020
# (poster)"): the end of the entry above, not a year-led entry ("2019 Title …", "2024: …").
_YEAR_GOES_ON = re.compile(r"(?:19|20)\d{2}(?:[,;]|\.?$|\s+\()")


# A line that ends a few words into a sentence (not after an initial: "…, and K. V. Rashmi")
_SENTENCE_CUT = re.compile(r"(?:\w\w|\))[.?!]\s+[A-Z][\w'’-]+(?:\s+[\w'’-]+){0,2}$")


def _wraps(previous: str, line: str) -> bool:
    if previous.count('"') % 2 or previous.count("“") > previous.count("”"):
        return True  # inside a quoted title
    if _AUTHORS_TAIL.search(previous) and looks_like_authors(_AUTHORS_TAIL.sub("", previous)):
        return False  # "…, D EDWARDS, ... 2017" ends its entry; "runBNG: a …" starts the next
    if line[:1] == "(" and line[1:2].isalpha() and not previous.endswith((".", ")")):
        return True  # "…in Winter Oilseed Rape" over "(Brassica Napus L.) Genes"
    if _YEAR_GOES_ON.match(line) and not previous.endswith((".", "!", "?", "”", '"')):
        return True  # "…”. NordiCHI" over "2020, ACM.": the venue's year and publisher
    if _SENTENCE_CUT.search(previous) and line[:1].isalpha():
        return True  # "… Atticus Geiger. 2024. Updating" over "CLIP to Prefer …"
    return bool(line[:1].islower()) or bool(re.search(
        r"[,:;–-]$|\b(?:of|on|in|for|the|and|to|with|a|an|at|via|from|de|del|della|des|du|di|da|"
        r"der|van|von|et|und|y)$", previous))


def _sentences(text: str) -> list[str]:
    """Cut at '. ' and around quotes, but not after initials ("Gregory R. Ganger")."""
    parts = re.split(r"(?<=[.?!])\s+(?=[A-Z\"“\[(]|(?:19|20)\d{2}\s+[A-Z]|(?:arXiv|bioRxiv|"
                     r"medRxiv)\b)|(?=[\"“][A-Z])|"
                     r"(?<=[\"”])[.,]?\s+", text)
    merged: list[str] = []
    for part in (p.strip() for p in parts):
        if not part:
            continue
        open_quote = bool(merged) and (merged[-1].count('"') % 2 == 1 or merged[-1].count(
            "“") > merged[-1].count("”"))  # "Who Bears the Cost? Evidence from …"
        # "The more the merrier? Investigating …": a question's subtitle, not its venue or year
        subtitle = bool(merged) and merged[-1].endswith("?") and len(part.split()) >= 3 and not (
            YEAR.search(part) or _venue_like(part) or part[:1] in "\"“[(" or looks_like_authors(
                part.rstrip(".")))
        if merged and (open_quote and merged[-1][-1:] in "?!" or subtitle or not part.startswith(
                ('"', "“")) and re.search(r"(?:^|[\s,])(?:[A-Z]|[A-Z][a-z]?|Vol|No|pp|et al|Proc|"
                                         r"Conf|Int|Symp|Jr|Dr|Prof|St|vs)\.$", merged[-1])):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return [piece for part in merged for piece in _after_initials(part)]


# "Surname, I. I." or "Surname, I." closes an author name in the style that gives initials
# after a comma, and "and 57 other authors including Cooper, O. R." ends such a list.
_INITIALS_END = re.compile(r"(?:,|\bincluding)\s*[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?,\s*"
                           r"(?:[A-Z]\.?,?\s?)*[A-Z]\.\s+")
_ANOTHER_AUTHOR = re.compile(r"(?:and\s|&|[A-Z]\.|[A-Z][\w'’-]+(?:\s[A-Z][\w'’-]+)?,\s*[A-Z]\.|"
                             r"et al)")


# Vancouver style, as medicine cites: "Farooqui A, Raghunathan P, Desai RK, et al. Title."
_VANCOUVER_NAME = r"[A-Z][\w'’-]+(?:\s(?:[a-z]{1,3}\s)?[A-Z][\w'’-]+)?\s[A-Z]{1,3}"
_VANCOUVER = re.compile(rf"{_VANCOUVER_NAME}(?:\s*,\s{_VANCOUVER_NAME})*(?:,\set\.?\sal)?"
                        r"\s*\.\s+(?=[A-Z0-9])")


# ABNT, as Brazilian CVs cite: surnames in capitals, given names after a comma, authors parted
# by semicolons ("FERREIRA LIMA, Rafael A.; CORREIA, Helena B. Title …")
_ABNT_SURNAME = r"[A-ZÀ-Þ][A-ZÀ-Þ'’-]+(?:\s+(?:[A-ZÀ-Þ][A-ZÀ-Þ'’-]+|D[AEO]S?|E))*"
_ABNT_GIVEN = r"[A-ZÀ-Þ](?:[a-zà-ÿ][\w'’-]*\.?|\.)"  # "Júlia", "A.", not "EDWARDS"
_ABNT_NAME = rf"{_ABNT_SURNAME},\s+{_ABNT_GIVEN}(?:\s+{_ABNT_GIVEN})*"
_ABNT = re.compile(rf"{_ABNT_NAME}(?:\s*;\s*{_ABNT_NAME})*(?<=\.)\s+(?=[A-ZÀ-Þ\"“])")
# ACS, as chemists cite: "Vlădescu, A.; Mirea, L. M. Title. Water Res. 2019, 150, 12-21."
_ACS_NAME = (r"[A-ZÀ-Þ][\w'’-]+(?:[\s-][A-ZÀ-Þ][\w'’-]+)?,\s+"
             r"(?:[A-ZÀ-Þ]\.(?:\s?-?[A-ZÀ-Þ]\.)*)")
_ACS = re.compile(rf"{_ACS_NAME}(?:\s*;\s*(?:and\s+)?{_ACS_NAME})+\s+(?=[A-ZÀ-Þ\"“])")


def _after_initials(text: str) -> list[str]:
    """An author list in the initials-after-comma style cut from the title it runs into
    ("Casey, C. M., and 57 other authors including Cooper, O. R. Two massive … galaxies"):
    after a name's initials, what is not another name starts the title. So is a list in the
    Vancouver style, of surnames and unpointed initials ("Okoro N, Sheldrake M. Title")."""
    found = _VANCOUVER.match(text)
    if found and (found.group(0).count(",") or len(found.group(0).split()) == 2):
        return [found.group(0).strip(), text[found.end():].strip()]
    if (found := _ABNT.match(text)) and text[found.end():].strip():
        return [found.group(0).strip(), text[found.end():].strip()]
    if (found := _ACS.match(text)) and text[found.end():].strip():
        return [found.group(0).strip(), text[found.end():].strip()]
    for found in _INITIALS_END.finditer(text):
        rest = text[found.end():]
        if not rest[:1].isupper() or _ANOTHER_AUTHOR.match(rest):
            continue
        head = text[: found.end()].strip()
        if len(re.findall(r",\s*(?:[A-Z]\.\s?)+", head)) >= 2 or "other authors" in head:
            return [head, rest.strip()]
        return [text]
    return [text]


# What an economist's list says of a paper besides its title: its co-authors and its status
_WITH = re.compile(r"\((?:joint )?with\s[^()]*\)", re.I)
_STATUS_ONLY = re.compile(r"[\W_]*(?:(?:revise and resubmit|r\s?&\s?r|under review|submitted|"
                          r"in preparation|in progress|work in progress|draft|job market paper)"
                          r"\b[^.]*)?[\W_]*", re.I)


# A chapter's book, as each style cites it. Its editors may lead it: "In Mara Lind & Tariq Osei
# (eds.), The Oxford handbook of …" (APA), "In: Kamath S, Wiley TB, editors. Principles of
# Pulmonary Medicine. 8th ed." (Vancouver), "In: MOURA, Tânia (Org.). Produtividade no Brasil."
# (ABNT), "in Cowan and Jonard, eds., Heterogeneous Agents, …, Springer 2003". Or follow it:
# "In A Cultural History of Trade, edited by …", "in The Fiscal State in Ireland, ed. Róisín
# Keane" (Chicago), "In *Digital Wellbeing*, H. Korhonen (Eds.)" (ACM), "dans « Géométrie
# arithmétique des surfaces » (J.-M. Lefort, éd.)".
_IN = r"(?:(?<=[.,;:\"”)]\s)|^)(?:[Ii]n|dans|I(?=:)):?\s+"  # after a stop, not mid-title
_ED_WORD = r"(?:[Ee]ds?|[Ee]dited|[Hh]rsgs?|[Oo]rgs?|[Cc]oords?|[Dd]irs?|éds?)"
_BOOK = r"[*_«\"“]?\s*(?P<book>[A-ZÀ-Þ0-9][^;()*_«»\"“”]{2,160}?)\s*[*_»\"”]?"
_BOOK_END = (r"(?=\s*(?:\.\s|\.?$|\(|;|:\s*\d|,\s*(?:pp?\.|pages|[Vv]ol|\d|[Ee]dition|"
             r"\d+(?:st|nd|rd|th)\s+ed|"
             r"(?:[A-Z][\w&-]*\s+)*(?:Press|Verlag|Publishing|Publishers)\b|"
             r"(?:Springer|Elsevier|Wiley|Routledge|Palgrave|Brill|Bloomsbury|Sage|SAGE|"
             r"Macmillan|Brepols)\b)"
             r"|\s+(?:19|20)\d{2}\b))")
_EDITORS_FIRST = re.compile(
    rf"{_IN}(?![*_«\"“])(?P<eds>[^()*_«»\"“”]{{2,160}}?)(?:\s*\({_ED_WORD}\.?\)[,.:]?|"
    rf",?\s*(?P<word>eds?\.|editors?|éds?\.|Hrsg\.|orgs?\.)(?P<mark>[,.:])?)\s+{_BOOK}{_BOOK_END}")
_BOOK_FIRST = re.compile(
    rf"{_IN}{_BOOK}(?:,\s*(?:edited by|ed\.|eds\.|éd\. par|hrsg\. von)\s|"
    # "45 (R. Oduya ed., 2020)"
    rf"(?:\s+\d{{1,5}})?\s*\([^()]{{2,120}}?\b{_ED_WORD}\.?(?:,[^()]{{0,40}})?\)|"
    rf",\s*[^()]{{2,120}}?\s\({_ED_WORD}\.?\))")
# MLA, which writes no "In": ""Ruins." *Keywords for Modernist Studies*, edited by …"
_BOOK_AFTER_QUOTE = re.compile(r"[”\"]\s+(?P<at>[*_]?(?P<book>[A-ZÀ-Þ0-9][^*_“”\"]{2,160}?)[*_]?),"
                               r"\s*(?:edited by|ed\.|eds\.)\s")
_NAME_WORD = re.compile(r"(?:[A-ZÀ-Þ][\w'’-]*\.?|[A-Z]\.(?:-?[A-Z]\.)*|de|van|von|der|da|di|du|"
                        r"del|dos|le|la)")


def _names(text: str) -> bool:
    """Whether a piece of text is only people's names: "Kamath S, Wiley TB", "Cowan and Jonard"."""
    parts = [p for p in re.split(r"\s*(?:[,;&]|\band\b|\bet\b|\bund\b)\s*", text.strip()) if p]
    return bool(parts) and all(
        1 <= len(p.split()) <= 4 and all(_NAME_WORD.fullmatch(w) for w in p.split())
        for p in parts)


def chapter_book(text: str) -> tuple[str, int] | None:
    """The book a chapter is in, and where the words that say so start ("In: …"), or None."""
    for at in (m.start() for m in re.finditer(_IN, text)):
        found = _EDITORS_FIRST.match(text, at)
        if not found:
            continue
        # "ed." with no stop after it may lead the editors, not follow them: "in The Fiscal
        # State in Ireland, ed. Róisín Keane": the words before it must be names
        word = found["word"]
        if word and not found["mark"] and not (word.endswith(".") and _names(found["eds"])
                                               and not _names(found["book"])):
            continue
        if word and not _names(found["eds"]):
            continue
        return found["book"].strip(" ,.:"), found.start()
    if found := _BOOK_FIRST.search(text):
        return found["book"].strip(" ,.:"), found.start()
    if found := _BOOK_AFTER_QUOTE.search(text):
        return found["book"].strip(" ,.:"), found.start("at")
    return None
# What leads a title, up to a dash: "NAACL 2024 — ", "CLS 54 (Proceedings of the …) — "
_VENUE_LEAD = re.compile(r"([^—–]{2,80}?(?:\s\([^()]{2,160}\))?)\s[—–]\s(?=[A-Z\"“])")


# As mathematicians cite (the AMS style): initials and surnames, a comma, the title, a comma, the
# journal's abbreviated name, its volume and the year in brackets ("H. Dubois et T. Moreau,
# Rational points on …, Math. Ann. 376 (2020), 1345–1389."); "et" and "und" join the last
# author in French and German.
_AMS_NAME = r"[A-Z]\.(?:\s?-?[A-Z]\.)*\s[A-ZÀ-Þ][\w'’-]+(?:\s[A-ZÀ-Þ][\w'’-]+)?"
_AMS_AUTHORS = re.compile(
    rf"(?P<authors>{_AMS_NAME}(?:,\s{_AMS_NAME})*(?:,?\s(?:and|et|und|&)\s{_AMS_NAME})?),\s+")
_AMS = re.compile(
    rf"{_AMS_AUTHORS.pattern}"
    r"(?P<title>[A-ZÀ-Þ].{10,300}?),\s+"
    r"(?P<venue>[A-ZÀ-Þ][\w'’-]*\.?(?:\s(?:[A-ZÀ-Þ][\w'’-]*\.?|\([A-Z][\w ]*\)|\(\d\)|[a-z]{1,3})){0,8}?)"
    r"(?:,?\s+(?:\d{1,4}|à paraître|to appear|in press)\s*(?:\((?P<year>(?:19|20)\d{2})\)"
    r"|,\s*(?:à paraître|to appear|in press)\s*\((?P<later>(?:19|20)\d{2})\))"
    r"|\s+(?P<volyear>(?:19|20)\d{2}),\s+no\.)")


# As Springer's life-science journals cite: surnames and run-together initials, the year in
# brackets, the title, then the journal with its volume and pages ("Tregear BA, Cho M-L
# (2021) Title. Evolutionary Applications 14: 2215–2230."), a chapter's book after its
# editors ("In: Rydin H, Vasander H (eds) Restoring Northern Peatlands. Springer, …").
_SPRINGER_NAME = r"[A-ZÀ-Þ][\w'’-]+(?:\s(?:[a-z]{1,3}\s)?[A-ZÀ-Þ][\w'’-]+)?\s[A-Z](?:-?[A-Z]){0,2}[*^†‡§#]*"
_SPRINGER = re.compile(
    rf"(?P<authors>{_SPRINGER_NAME}(?:,\s{_SPRINGER_NAME})*(?:,?\s(?:et\sal\.?))?)\s*"
    r"\((?P<year>(?:19|20)\d{2})[a-z]?\)\.?\s+(?P<title>[A-ZÀ-Þ\d].{10,300}?[.?!])\s+"
    r"(?:In:?\s+(?:[^()]{2,150}?\((?:eds?|Hrsg)\.?\)\s+)?)?"
    r"(?P<venue>[A-ZÀ-Þa-z](?:[^.:;]|:\s(?=[A-Z]))+?)(?=\s+\d{1,4}(?:\(\d+\))?\s*[:,]|\s+\d{1,4}/|[.,]\s|\.?$)")


def _whole_entry(title: str, authors: list[str], venue: str, year: str, person: str,
                 authored: bool = False) -> dict:
    """A reference read whole by one style's pattern; the person's own where an author is."""
    return {"title": title, "authors": authors, "venue": venue, "year": int(year), "award": None,
            "authored": authored or any(same_person(a, person) for a in authors)}


def _springer_entry(whole: str, person: str) -> dict | None:
    found = _SPRINGER.match(whole)
    if not found:
        return None
    authors = [re.sub(r"[*^†‡§#]+$", "", a.strip()) for a in re.split(
        r",\s", re.sub(r",?\s+et\sal\.?$", "", found["authors"]))]
    venue = re.sub(r"^(?:Proceedings of (?:the )?(?:\d+\w*\s+)?)", "", found["venue"].strip())
    return _whole_entry(found["title"].rstrip("."), authors, venue, found["year"], person,
                        authored="et al" in found["authors"])


# As German historians and lawyers cite: "Surname, Given" (several parted by " / "), a colon,
# the title, then ", in: Journal 47 (2020), S. 1–34", ", in: Editor, Given (Hg.): Book,
# Place: Publisher 2021", or a book's series in brackets and "Place: Publisher 2018".
_GERMAN_NAME = r"[A-ZÀ-Þ][\w'’-]+(?:[ -][A-ZÀ-Þ][\w'’-]+)?,\s[A-ZÀ-Þ][\w.'’-]*(?:\s[A-ZÀ-Þ][\w.'’-]*)?"
_GERMAN = re.compile(
    rf"(?P<authors>{_GERMAN_NAME}(?:\s/\s{_GERMAN_NAME})*)(?:\s\((?:Hg|Hrsg)\.\))?:\s+"
    r"(?P<title>[A-ZÀ-Þ\d].{8,300}?)(?:,\sin:\s+(?:(?:[^:()]{2,120}?)\s\((?:Hg|Hrsg)\.\):\s+)?"
    r"(?P<venue>[^,()]{3,150}?)(?:\s(?:\d{1,4}(?:/\d{1,4})?\s)?\((?P<year>(?:19|20)\d{2})\)|,\s"
    r"(?:[A-ZÀ-Þ][\w/ -]+:\s)?[^,]{2,60}?\s(?P<later>(?:19|20)\d{2}))"
    r"|(?:\s\((?P<series>[^()]*\d[^()]*)\))?,\s[A-ZÀ-Þ][\w/ -]+:\s(?P<publisher>[^,]{2,60}?)"
    r"\s(?P<book>(?:19|20)\d{2}))[.,\s]")


def _german_entry(whole: str, person: str) -> dict | None:
    found = _GERMAN.match(whole)
    if not found:
        return None
    authors = [a.strip() for a in found["authors"].split(" / ")]
    venue = found["venue"] or re.sub(r",\s*(?:N\.\s?F\.\s*)?\d+$", "", found["series"] or "") \
        or found["publisher"]
    return _whole_entry(found["title"].strip(), authors, venue.strip(),
                        found["year"] or found["later"] or found["book"], person)


# As law reviews cite (the Bluebook): a title, then the volume, the journal's abbreviated name,
# its first page and the year in brackets ("The Vanishing Hearing Examiner, 136 HARV. L. REV.
# 1187 (2023).", "Agency Self-Review, 103 Tex. L. Rev. (forthcoming 2025)."); a book's publisher
# and year in brackets after its title ("… (Oxford University Press 2021).", "(Aspen
# Publishing, 3d ed. 2023)"); a newspaper or blog piece's outlet and date ("…, N.Y. Times, Mar.
# 3, 2024, at A23.", "…, Wash. Post (Aug. 14, 2021), https://…").
_BLUEBOOK_ARTICLE = re.compile(
    r"(?P<title>[A-Z\"“'‘].{3,300}?),\s+\d{1,4}\s+"
    r"(?P<venue>[A-Z][A-Za-z.&'’ ]{1,60}?\.[A-Za-z.&'’ ]{0,30}?)\s+(?:\d{1,5}(?:,\s*\d{1,5})?\s*)?"
    r"\((?:forthcoming\s+)?(?:[A-Z][a-z]+\.?\s+)?(?P<year>(?:19|20)\d{2})\)")
_BLUEBOOK_BOOK = re.compile(
    r"(?P<title>[A-Z\"“'‘].{3,300}?)\s+\((?P<venue>[A-Z][^()]{1,80}?(?:Press|Publishing|Publishers|"
    r"Verlag|Books))(?:,\s*\d+\w*\s+ed\.)?\s+(?:forthcoming\s+)?(?P<year>(?:19|20)\d{2})\)")
_BLUEBOOK_PIECE = re.compile(
    r"(?P<title>[A-Z\"“'‘].{3,300}?),\s+(?P<venue>[A-Z][A-Za-z.&'’ ]{1,40}?)(?:,\s+|\s+\()"
    rf"{MONTH}\s+\d{{1,2}},\s+(?P<year>(?:19|20)\d{{2}})\)?(?:,\s+at\s+\w+|,\s+https?://\S+)\.?$")
_WITH_NAMES = re.compile(r"\(with\s+([^()]+)\)")


def bluebook_entry(whole: str, person: str) -> dict | None:
    """A reference as law reviews cite it, read whole, or None."""
    for pattern in (_BLUEBOOK_ARTICLE, _BLUEBOOK_BOOK, _BLUEBOOK_PIECE):
        if found := pattern.match(whole):
            break
    else:
        return None
    title = found["title"].strip(" ,.\"“”")
    if pattern is not _BLUEBOOK_BOOK and (chapter_book(whole) or ". " in title):
        return None  # a chapter, or sentences before the journal: not a title alone
    co = _WITH_NAMES.search(whole[found.end():])
    authors = [n.strip() for n in re.split(r"\s*(?:,|&|\band\b)\s*", co.group(1)) if n.strip()
               ] if co else []
    return {"title": title, "authors": authors, "venue": found["venue"].strip(),
            "year": int(found["year"]), "award": None, "authored": True}


def ams_entry(whole: str, person: str) -> dict | None:
    """An entry in the AMS, the Springer or the German humanities style, read whole; None when
    it is none of them."""
    found = _AMS.match(whole)
    if not found:
        return _springer_entry(whole, person) or _german_entry(f"{whole} ", person)
    if found["title"].count("(") != found["title"].count(")"):
        return None
    return _whole_entry(found["title"].strip(), _ams_names(found["authors"]),
                        found["venue"].strip(),
                        found["year"] or found["later"] or found["volyear"], person)


def _ams_names(run: str) -> list[str]:
    """The names of an AMS author run: "H. Dubois et T. Moreau", "A. Lin, B. Ode and C. Ruiz"."""
    return [a.strip() for a in re.split(r",\s|,?\s(?:and|et|und|&)\s", run)]


def _piece_at(pieces: Sequence[Segment], words: str) -> tuple[int, int] | None:
    """The first of the pieces that holds some words, and where in it."""
    for n, seg in enumerate(pieces):
        if (at := seg.text.find(words)) >= 0:
            return n, at
    return None


def parse_entry(entry: list[Line], raw: str, raw_start: int, person: str, *,
                require_authors: bool, above: Sequence[str] = ()) -> dict | None:
    """The publication an entry describes, or None if it does not look like one. above: the
    authors of the entry above, which a dash in place of the authors repeats ("———. Title.")."""
    pieces = segments(entry, raw, raw_start)
    whole = " ".join(s.text for s in pieces)
    flat = re.sub(r"\s+", " ", raw)  # the entry on one line, with the stops quotes hold
    if pieces and (ams := ams_entry(whole, person)):
        return ams | {"_start": pieces[0].start}
    if pieces and (law := bluebook_entry(flat.strip(), person)):
        return law | {"_start": pieces[0].start}
    # A surname in capitals followed by the year ("D EDWARDS 2021") is not a venue: the venue
    # is looked for outside the author list first.
    rest = "; ".join(_outside_authors(s.text, person) for s in pieces)
    # In an author list, only a marked venue counts ("…, K. V. Rashmi arXiv:2104.01981").
    venue_hit = find_venue(rest, year=first_year(whole)) or find_venue(whole, bare=False)
    venue = venue_hit[0] if venue_hit else Venue(None, None)
    chapter = chapter_book(flat)
    if chapter and not (venue.name and venue_key(venue.name) in venue_key(chapter[0])):
        venue = Venue(chapter[0], None, venue.award)  # the book, not its publisher or series
    venue.name = _closed(venue.name)  # "… Automation (ICRA), IEEE" cut at its comma
    venue.year = venue.year or (first_year(whole) if venue.name else None)
    award = venue.award or (_AWARD.search(whole).group(0) if _AWARD.search(whole) else None)
    authors: list[str] = []
    listed = ""  # the text the authors were read from
    title = ""
    used: list[int] = []
    title_at = -1  # the piece the title was read from
    after_authors = False  # the segment before is the author list: a title in sentence case
    for n, seg in enumerate(pieces):
        text = _strip_venue(seg.text)
        # "SIGMORPHON 2023 (20th Workshop on …, Phonology, and Morphology) — Title": the venue
        # and its long name in brackets lead the title
        lead = _VENUE_LEAD.match(text)
        if lead and venue.name and venue.name in lead.group(1) and len(
                text[lead.end():].split()) >= 3:
            text = text[lead.end():]
        if not text or _NOISE.match(text) or _STATUS_HEADING.fullmatch(text):
            continue
        if not authors and SAME_AUTHORS.fullmatch(text):
            authors = list(above) or [person]  # (the person's own list: the dash is theirs)
            used.append(seg.start)
            after_authors = True
            continue
        named = _ROLE_TAIL.sub("", text)  # "Marchetti, Helena, translator."
        if _is_author_list(named, person) and not (seg.strong and not title) and not seg.quoted:
            names = split_authors(named)
            if len(names) > len(authors):
                authors, listed = names, named
                used.append(seg.start)
            after_authors = True
            continue
        head = title[: -len(venue.name)].rstrip() if venue.name and title.endswith(
            venue.name) else title  # "Eigensolver (Meta-VQE): PRX Quantum", the venue at right
        if head.endswith(":") and not _venue_like(text):  # a title that goes on: its subtitle
            title = f"{head} {_AUTHORS_TAIL.sub('', text).rstrip('. ')}"
            continue
        # so is the segment over the author list, where the list leads with its titles
        ahead = pieces[n + 1:n + 3]
        if ahead and len(ahead[0].text.split()) <= SHORT_VENUE_WORDS and not _is_author_list(
                _strip_venue(ahead[0].text), person):
            ahead = ahead[1:]  # past a journal's name on its own line
        before_authors = bool(ahead) and _is_author_list(_strip_venue(ahead[0].text), person)
        # (one word in quotes after the authors is a title too: "———. "Ruins." *Keywords …*")
        if not title and (_could_be_title(text, seg.strong) or (
                after_authors or before_authors) and _sentence_title(text, after_authors) or (
                seg.quoted and after_authors and re.fullmatch(r"[A-Z][\w'’-]+", text))):
            title = TITLE_NOTE.sub("", text).rstrip(". ")
            used.append(seg.start)
            title_at = n
        after_authors = False
    marker = re.sub(r"[*_«»\"“”]", "", " ".join(flat[chapter[1]:].split()[:2])) if chapter else ""
    if chapter and (at := _piece_at(pieces, marker)):
        # a chapter's title is what comes before the words that name its book
        k, inner = at
        head, head_at = pieces[k].text[:inner].strip(" ,.;:"), k
        if lead := _AMS_AUTHORS.match(head):  # "A. L. Ferro, Markets, in …"
            head = head[lead.end():]
            authors = authors or _ams_names(lead["authors"])
        # "Markets." / "In A Cultural History …"; a piece after the authors', whatever its words
        before = _strip_venue(pieces[k - 1].text) if k else ""
        if not head and before and (k >= 2 or not _is_author_list(before, person)):
            head, head_at = before.strip(" ,.;:"), k - 1
            if before == listed:  # "Attention, Availability and the Myth …" read as names
                lists = [split_authors(t) for t in map(_strip_venue, (p.text for p in pieces[
                    :k - 1])) if _is_author_list(t, person)]
                authors = max(lists, key=len, default=[])
        if head and (title_at < 0 or title_at > k or title_at == k and inner):
            title, title_at = head, head_at
            used.append(pieces[head_at].start)
    if venue.name and title.endswith(venue.name) and len(title.split()) - len(
            venue.name.split()) >= 3:
        title = title[: -len(venue.name)].rstrip(" ,.;")  # "Title Plant Biotechnology Journal"
    title = _without_venue_abbreviation(title, venue.name)
    # "NAACL 2024 — Title", "SCiL 2022 (Society for …) — Title": the venue that leads the line
    lead = _VENUE_LEAD.match(title)
    named = re.fullmatch(r"([A-Z][\w&-]{2,30}(?:\s[A-Z][\w&-]+){0,2})\s+((?:19|20)\d{2})",
                         lead.group(1)) if lead and not venue.name else None
    if named:  # "Interspeech 2019 — Title": a venue no lexicon knows, by its place and year
        venue = Venue(named.group(1), int(named.group(2)), venue.award)
    if lead and venue.name and venue.name in lead.group(1) and len(title[lead.end():].split()) >= 3:
        title = title[lead.end():]
    if not title or _THESIS.search(whole) or cut_short(title):
        return None
    # "… quantum algorithms Quantum Sci. Technol.": the journal's first word, unabbreviated
    first_word = venue.name.split()[0] if venue.name and " " in venue.name else ""
    if first_word and title.endswith(f" {first_word}") and re.search(
            rf"{re.escape(title)}\s+[A-Z][a-z]{{1,6}}\.", re.sub(r"\s+", " ", raw)):
        title = title[: -len(first_word)].rstrip()
    after = _VENUE_AFTER_TITLE.match(pieces[title_at + 1].text) if venue.name is None and pieces[
        title_at].strong and title_at + 1 < len(pieces) else None
    if after and not re.fullmatch(rf"{MONTH}|{PUBLISHERS}|In", after["venue"]):  # not "Fall 2019"
        venue = Venue(after["venue"], int(after["year"]), venue.award)
    status = next((n for n in range(title_at + 2, len(pieces)) if _STATUS_LEAD.match(
        pieces[n].text)), None) if venue.name is None and title_at >= 0 else None
    journal = pieces[status - 1].text.rstrip(". ") if status else ""
    if journal and len(journal.split()) <= 8 and (journal[:1].isupper() or re.fullmatch(
            PREPRINT_SERVERS, journal)) and not YEAR.search(
            journal) and not _is_author_list(journal, person):
        # "Title. ESC Heart Fail. Accepted March 2024.": the journal before a status that
        # stands for its year and volume
        venue = Venue(journal, first_year(pieces[status].text), venue.award)
    if require_authors and not (len(authors) >= 2 or authors and venue.name):
        return None
    if venue.year is None and (arxiv := _ARXIV.search(whole)):  # "ApJ 979, 2, arXiv:2408.…"
        venue.year = two_digit_year(arxiv.group(1))
    if venue.year is None and _DATE_LED.match(entry[0].text):  # "2021: Authors. …"
        venue.year = first_year(entry[0].text[:8])
    if venue.year is None:  # a listing date, a date-led note, a year after the authors
        venue.year = _listing_year(entry) or next(
            (first_year(seg.text) for seg in pieces if _dated_note(seg.text)
             or _AUTHORS_TAIL.search(seg.text) and _is_author_list(seg.text, person)), None)
    quoted = title_at >= 0 and pieces[title_at].strong and bool(re.search(r"[\"“”]", raw))
    # A title in quotes alone is a paper as economists list them ("Job Market Paper", "Work
    # in Progress"); another line alone is not
    # … and so is one written with others ("(with Tomás Echeverría)"), wherever it appeared
    if venue.name is None and venue.year is None and not authors and not (
            quoted and len(title.split()) >= 3 and (_STATUS_ONLY.fullmatch(
                _WITH.sub("", whole.replace(title, "", 1))) is not None or _WITH.search(whole))):
        return None
    # A list cut with an ellipsis, as citation exports print long ones ("…, S YU, ... 2021"),
    # may hide the person, and the CV lists the paper as theirs. "et al." is the writer's own
    # cut: a listing page may name a paper its person did not write that way.
    cut = bool(authors) and re.search(r"(?:\.\.\.|…)[\s,;]*(?:\(?(?:19|20)\d{2}\)?)?\W*$",
                                      listed) is not None
    authored = not authors or cut or any(same_person(a, person) for a in authors)
    return {"title": title, "authors": authors, "venue": venue.name, "year": venue.year,
            "award": award, "authored": authored, "_start": min(used)}


_EMPHASIS = re.compile(r"(?<![*\w])\*(?![*\s])([^*\n]{2,200}?)(?<!\s)\*(?![*\w])|"
                       r"(?<![_\w])_(?![_\s])([^_\n]{2,200}?)(?<!\s)_(?![_\w])")


def _without_venue_abbreviation(title: str, venue: str | None) -> str:
    """A title without the venue abbreviated at its end, as a right-hand column sets it ("…
    Hyperdeterminant J. Phys. A" for Journal of Physics A, "… Physics SciPost Phys")."""
    full = [w for w in re.findall(r"[^\W_]+", (venue or "").casefold())
            if w not in ABBREVIATION_SKIPS]
    words = title.split()
    for k in range(min(len(full), len(words) - 3), 1, -1):
        tail = [w.strip(".,") for w in words[-k:]]
        if all(t[:1].isupper() and f.startswith(t.casefold()) for t, f in zip(tail, full)) and any(
                len(t) < len(f) for t, f in zip(tail, full)):
            return " ".join(words[:-k])
    return title


def italic_runs(text: str, start: int, end: int, italic: Sequence[tuple[int, int]]) -> list[str]:
    """The text set in italic type within text[start:end], cleaned; runs apart by nothing but
    spaces (a venue wrapped onto the next line) are one run."""
    runs: list[list[int]] = []
    # Spans are in order and do not overlap: start at the first that ends inside the entry.
    for a, b in italic[bisect.bisect_right(italic, start, key=lambda run: run[1]):]:
        if a >= end:
            break
        a, b = max(a, start), min(b, end)
        if runs and not text[runs[-1][1]:a].strip():
            runs[-1][1] = b
        else:
            runs.append([a, b])
    return [cleaned for a, b in runs if (cleaned := clean(" ".join(text[a:b].split())))]


def emphasis_runs(text: str, start: int, end: int) -> list[str]:
    """The runs of Markdown emphasis ("*Labour Economics*, 2021") within text[start:end]: the
    italic type of a Markdown page."""
    spans = tuple((start + m.start(m.lastindex or 0), start + m.end(m.lastindex or 0))
                  for m in _EMPHASIS.finditer(text[start:end]))
    return italic_runs(text, start, end, spans)


# What follows a venue's name in its italic run: volume, issue, pages, year ("7(2): 45–67, 2019").
_VOLUME_TAIL = re.compile(
    r"[\s,.;:]*(?:(?:vol(?:ume)?\.?|no\.?|pp\.?)?\s*[\d():–-]+[\s,.;:]*)+$", re.I)


def venues_from_italics(papers: Sequence[tuple[dict, list[str]]], person: str) -> None:
    """Venues read from italic type. Most citation styles set the venue in italics (APA, IEEE,
    ACM, a Scholar export's venue column); some set the title instead. A list's italics mark
    its venues unless they mostly repeat the titles the entries were read with; then nothing
    is taken from them. A paper's first italic run that is not its title, a name or a bare
    number becomes its venue, and comes off the end of a title it was run into."""
    found: list[tuple[dict, str]] = []
    titles = 0
    for paper, runs in papers:
        title = paper["title"]
        if any(_overlap(run, title) >= 0.6 and not (
                title.endswith(run) and len(title[: -len(run)].split()) >= 3) for run in runs):
            titles += 1
            continue
        for run in runs:
            if paper.get("venue") and title.endswith(run):
                continue  # "Logic in the *Tractatus*", Review of Symbolic Logic: a word of it
            venue = _VOLUME_TAIL.sub("", re.sub(r"^(?:In|in)\b:?\s*", "", run)).strip(" ,.;:()")
            venue = re.sub(r"[\s,(]+(?:19|20)\d{2}\)?$", "", venue).strip(" ,.;:")
            venue = _closed(venue)
            # "Crop and Pasture Science" has the shape of two names; an author list has commas.
            named = "," in venue and looks_like_authors(venue)
            if len(re.findall(r"[^\W\d_]", venue)) < 2 or len(venue.split()) > 20 or \
                    not re.search(r"[A-Z]", venue) or re.search(r"\bauthors?\b|\bet al\b", venue) \
                    or named or same_person(venue, person) or _AWARD.fullmatch(venue):
                continue
            found.append((paper, venue))
            break
    if titles >= len(found):
        return  # the italics are the titles
    for paper, venue in found:
        title = paper["title"]
        if title.endswith(venue) and len(title[: -len(venue)].split()) >= 3:
            paper["title"] = title[: -len(venue)].rstrip(" ,.;")
        paper["venue"] = venue


def _closed(name: str | None) -> str | None:
    """A venue's name with the parenthesis it was cut inside closed ("… Automation (ICRA")."""
    return name + ")" * (name.count("(") - name.count(")")) if name else name


def _overlap(a: str, b: str) -> float:
    """Share of the shorter text's words found in the other."""
    x, y = set(re.findall(r"\w+", a.lower())), set(re.findall(r"\w+", b.lower()))
    return len(x & y) / min(len(x), len(y)) if x and y else 0.0


def venues_from_repeated_heads(papers: list[dict]) -> None:
    """A venue column printed before each title ("USENIX Security CacheWarp: …", "IEEE S&P
    PLATYPUS: …"), read from the list itself: the first words of two or more titles, led by an
    acronym or a publisher ("NDSS", "IEEE S&P") and followed by a capitalised word, are their
    venue. Moves the venue out of the title."""
    bare = [p for p in papers if not p.get("venue") and len(p["title"].split()) >= 4]
    counts: dict[tuple[str, ...], int] = {}
    for paper in bare:
        words = paper["title"].split()
        for n in range(1, 4):
            counts[tuple(words[:n])] = counts.get(tuple(words[:n]), 0) + 1
    for paper in bare:
        words = paper["title"].split()
        lead = words[0]
        acronym = re.fullmatch(r"[A-Z][A-Za-z&/+-]*[A-Z][A-Za-z&/+-]*", lead) and \
            sum(map(str.isupper, lead)) >= 2 and lead not in _NOT_VENUE
        if not (re.fullmatch(PUBLISHERS, lead) or acronym):
            continue
        for n in (3, 2, 1):
            if counts.get(tuple(words[:n]), 0) >= 2 and len(words) - n >= 3 and \
                    re.match(r"[A-Z0-9\"“ÆØÅ]", words[n]) and not words[n - 1].endswith(":"):
                paper["venue"] = " ".join(words[:n])
                paper["title"] = " ".join(words[n:])
                break
    if sum(1 for p in bare if p.get("venue")) < 2:
        return
    # The list has a venue column: a venue printed once heads its title too, as the capitals
    # that lead it ("IEEE/IFIP DSN PT-Guard: …", "ESORICS Robust and Scalable …"), not the
    # title's own name before its colon ("SQUIP:") nor a term that titles use ("GPU Kernels");
    # a short acronym alone is as likely a title's first word ("TLB Leaks Seen from …").
    inside = {w for p in papers for w in p["title"].split()[1:]}
    for paper in bare:
        words = paper["title"].split()
        n = 0
        while n < min(3, len(words)) and (re.fullmatch(r"[A-Z][A-Z&/+-]+", words[n]) or
                                          re.fullmatch(PUBLISHERS, words[n])):
            n += 1
        lead = next((w for w in words[:n] if not re.fullmatch(PUBLISHERS, w)), "")
        if not paper.get("venue") and lead and len(words) - n >= 3 and \
                re.match(r"[A-Z0-9\"“ÆØÅ]", words[n]) and lead not in _NOT_VENUE and \
                not (n == 1 and (lead in inside or len(lead) < 5)):  # "TLB Leaks …" is a title
            paper["venue"] = " ".join(words[:n])
            paper["title"] = " ".join(words[n:])


_LEADS_ON = frozenset("in of for from on with and to at by the a an via using under into".split())


def venues_from_repeated_tails(papers: list[dict]) -> None:
    """A list's venue lexicon, read from the list itself. A sentence-case title that runs into
    capitalised words ("… in plants The Plant Genome", "… evolution Nature Genetics") ends with
    a venue column when those words end other titles of the list too; "… genes in Brassica
    napus" leads into its last words and keeps them. Moves the venue out of the title."""
    bare = [p for p in papers if not p.get("venue") and len(p["title"].split()) >= 4]
    counts: dict[tuple[str, ...], int] = {}
    for paper in bare:
        words = paper["title"].split()
        for n in range(1, min(6, len(words) - 1) + 1):
            counts[tuple(words[-n:])] = counts.get(tuple(words[-n:]), 0) + 1
    for paper in bare:
        words = paper["title"].split()
        for k in range(len(words) - 1, max(2, len(words) - 6), -1):
            before = words[k - 1]
            if not words[k][:1].isupper() or not before[:1].islower() or before in _LEADS_ON:
                continue
            if any(counts.get(tuple(words[m:]), 0) >= 2 for m in range(k, len(words))):
                paper["title"] = " ".join(words[:k]).rstrip(" ,.;")
                paper["venue"] = " ".join(words[k:])
            break


def _outside_authors(text: str, person: str) -> str:
    """A segment, or the venue column before it when the rest is an author list."""
    bare = _strip_venue(text)
    return text[: len(text) - len(bare)] if _is_author_list(bare, person) else text


# A row led by its year ("2020 Sismic - A Python library …"): the first row of an entry.
_DATE_LED = re.compile(r"\s*(?:19|20)\d{2}(?:\s*:)?\s+[A-Z\"“]")


def _strip_venue(text: str) -> str:
    """A segment without a leading venue column, venue tag ("[NSDI'24] Title") or year."""
    if _DATE_LED.match(text) and not _dated_note(text.strip()):
        text = re.sub(r"^\s*\d{4}\s*:?", "", text)
    text = re.sub(rf"^\s*\[[^\]]{{2,40}}{_APOS}\d{{2}}[^\]]*\]\s*", "", text)
    text = re.sub(rf"^(?:{PUBLISHERS}\s+)?{_ACRONYM}\s+(?:19|20)\d{{2}}\s{{2,}}", "", text)
    text = re.sub(rf"^(?:{PUBLISHERS}\s+)?{_ACRONYM}\s+(?:19|20)\d{{2}}\s+"
                  r"(?=[A-Z][a-z]+ [A-Z])", "", text)
    return text.strip()


# What a Scholar export prints after an author list: "…, D EDWARDS, ... 2021".
# a line's closing year: "…, 2023", "(2019a).", "2021)"
_CLOSING_YEAR = re.compile(r"(?:19|20)\d{2}[a-z]?\)?\.?\s*$")
_AUTHORS_TAIL = re.compile(r"(?:[\s,]*(?:\.\.\.|…))?\s+\(?" + _CLOSING_YEAR.pattern)


_OTHER_AUTHORS = re.compile(r",?\s*(?:and\s+)?\d+\s+other\s+authors(?:\s+including)?\s*,?\s*")


# A first author cut short by the writer ("Natarajarathinam, Malini, et al."): a list by itself.
# "et al.", as some write it "et. al." or "et al"
_ET_AL = re.compile(r"\bet\.?\s+al\b\.?")
_FIRST_ET_AL = re.compile(rf"[A-Z][\w'’.-]*(?:[\s,]+[A-Z][\w'’.-]*){{0,4}},?\s+"
                          rf"{_ET_AL.pattern}")


# A whole name written surname first: "Bjørnstad, Ingvild Sæther", "Lie, Torstein K."
_SURNAME_FIRST = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ'’-]+(?:-[A-ZÀ-Þ][a-zß-ÿ'’-]+)?,\s+"
                            r"[A-ZÀ-Þ][a-zß-ÿ'’-]+(?:\s+(?:[A-ZÀ-Þ][a-zß-ÿ'’-]+|[A-Z]\.)){0,2}")


# The part the authors had in a book they did not write ("…, translator.", "…, editors.")
_ROLE_TAIL = re.compile(r",\s*(?:translators?|editors?|eds?\.|trans\.)\.?$")


def _is_author_list(text: str, person: str) -> bool:
    if text.startswith("By "):  # "Title. By Arrigo Benussi, …": whom a translation is of
        return False
    if _FIRST_ET_AL.fullmatch(text.strip()):
        return True
    text = _AUTHORS_TAIL.sub("", text)
    # "Kvale, Eirik; Bjørnstad, Ingvild Sæther (2018).": whole names surname first, parted by
    # semicolons; one alone must be the person's
    names = [p.strip(" .*†") for p in text.split(";")]
    if all(_SURNAME_FIRST.fullmatch(n) for n in names) and (
            len(names) >= 2 or same_person(names[0], person)):
        return True
    # "Zhang, Y.; de Graaff, A.; and 21 other authors including Cooper, O. R."
    text = _OTHER_AUTHORS.sub(", ", text.replace(";", ","))
    if len(text.split()) > 60 or _venue_like(text) or _NOT_NAMES.search(text):
        return False
    parts = split_authors(text)
    if sum(len(p.split()) >= 2 for p in parts) < max(1, 0.6 * len(parts)):
        return False
    if looks_like_authors(text):
        return True
    parts = [p for p in re.split(r",|\band\b|&", text) if p.strip()]
    return 1 <= len(parts) <= 3 and any(same_person(clean(p).strip(" *."), person) for p in parts)


# The venue's short name after a title in quotes, as MLA and Chicago styles cite a paper:
# "“Title.” WIPTTE. 2017", "“Title”. HCII, Springer. 2019.", "“Title”. Fablean Europe, ACM.
# 2018."
_VENUE_AFTER_TITLE = re.compile(rf"(?P<venue>[A-Z][\w&'’-]*(?:\s[A-Z][\w&'’-]*){{0,3}})"
                                rf"(?:,\s*{PUBLISHERS})?[.,]?\s+\(?(?P<year>(?:19|20)\d{{2}})\b")


def _venue_like(text: str) -> bool:
    return bool(re.match(r"(?:In\s|Proc|Published|Journal|Transactions|arXiv|Under (?:sub|rev)|"
                         r"(?:Submitted|Accepted) (?:to|for|at|in)\b|In (?:press|review)\b)",
                         text)) or bool(re.search(r"\b(?:Conference|Symposium|Workshop|Journal|"
                                                 r"Proceedings|Transactions)\b", text))


def without_venue_tail(text: str) -> str:
    """A line without the journal or proceedings name that ends it, as Scholar exports print
    them: "Fast-forward breeding for a food-secure world Trends in Genetics"."""
    for found in _LONG_VENUE.finditer(text):
        if not text[found.end():].strip(" .,;") and len(text[: found.start()].split()) >= 3:
            return text[: found.start()].rstrip(" ,.;")
    return text


def _dated_note(text: str) -> bool:
    """A year, then a sentence about the paper ("2023 Software-based power side channels can
    leak …."): the date column and summary line some CVs print under a title."""
    words = text.split()
    if len(words) < 9 or not re.fullmatch(r"(?:19|20)\d{2}", words[0]) or not text.endswith("."):
        return False
    return sum(w[:1].isupper() for w in words[2:]) <= 0.25 * len(words[2:])


def _sentence_title(text: str, after_authors: bool = False) -> bool:
    """A title in sentence case, as it follows its author list ("Quiet galaxies confirmed at
    high redshift.", "Palatalisering i bergensk."): words that are neither a venue nor a date."""
    words = text.split()
    # (a span of years is a title's own: "… in the UK, 2002-2014: a cohort study")
    return (3 if after_authors else 4) <= len(words) <= 30 and not _venue_like(text) \
        and not YEAR.search(_YEAR_SPAN.sub("", text)) and text[:1].isupper()


_YEAR_SPAN = re.compile(r"(?<![(\[])\b(?:19|20)\d{2}\s*[-–]\s*(?:19|20)?\d{2}\b")


# What a reference says in place of its volume and pages: "Circulation. In press.", "ESC Heart
# Fail. Accepted March 2024.", "medRxiv. Preprint posted online March 3, 2024."
_STATUS_LEAD = re.compile(r"(?:In press|Accepted|Epub ahead of print|Published online|Preprint "
                          r"posted online|Forthcoming|Advance online publication|Online ahead of "
                          r"print)\b", re.I)


# A note to the reader ("Please see our lab's publication page …"), not a paper's title
_TO_READER = re.compile(r"(?:Please|See|Visit|Click|Check out|For (?:more|a full|the full))\b")


# A bracket after a title that says what kind of work it is (APA, Vancouver: "[abstract]",
# "[Manuscript submitted for publication]"; GB/T 7714's "[J]", "[C]", "[M]") or where it was
# given ("[NeurIPS '23]")
TITLE_NOTE = re.compile(
    rf"\s*\[(?:[A-Z]{{1,2}}(?:/OL)?|[^\]]{{2,40}}{_APOS}\d{{2}}[^\]]*|"
    r"(?:abstract|editorial|preprint|letter|comment"
    r"|commentary|review|erratum|correction|poster|data ?set|(?:computer )?software|video"
    r"|podcast|(?:unpublished |doctoral |master'?s )?(?:manuscript|dissertation|thesis)"
    r"|conference (?:paper|presentation|session|abstract))\b[^\]]{0,80})\][.\s]*$", re.I)
# A list's own subheading of statuses: "Accepted / In Press", "Submitted and Under Review"
_STATUS = (r"(?:accepted|in press|forthcoming|submitted|under review|in review|in preparation|"
           r"published|preprints?|working papers?|revise and resubmit|r\s?&\s?r)")
_STATUS_HEADING = re.compile(rf"{_STATUS}(?:\s*(?:/|&|,|and|or)\s*{_STATUS})+\s*:?", re.I)


def _could_be_title(text: str, strong: bool) -> bool:
    bare = without_venue_tail(text)
    strong = strong or bare != text  # a line that ends with a journal's name leads with a title
    text, words = bare, bare.split()
    if _dated_note(text) or _TO_READER.match(text) or _STATUS_HEADING.fullmatch(text.strip()):
        return False
    if re.search(r"\((?:[Ee]ds?|[Hh]rsgs?)\.\)", text):
        return False  # "R. J. Hollis (Ed.), The Oxford handbook of …": a chapter's book
    if re.fullmatch(r"(?:[\w&.'’-]+\s){0,5}(?:Press|Publishing|Publishers|Verlag)|(?:Springer|"
                    r"Wiley|Elsevier|Routledge|De Gruyter(?: Mouton)?|Brill)(?:\s\w+)?",
                    text.strip(" .,;")):
        return False  # "Oxford University Press": the publisher after a book
    if strong:
        return 2 <= len(words) <= 40
    if not 3 <= len(words) <= 30 or _venue_like(text) or _AWARD.fullmatch(text.strip(". ")):
        return False
    if YEAR.search(text) and len(words) <= 4:
        return False  # a date line
    return sum(w[:1].isupper() for w in words) >= 2 or ":" in text


def split_authors(text: str) -> list[str]:
    """Author names from a list: commas, "and", "&"; equal-contribution marks dropped."""
    text = _AUTHORS_TAIL.sub("", _ET_AL.sub("", text))
    text = _OTHER_AUTHORS.sub(", ", text)
    listed = [p.strip(" .") for p in text.split(";")]
    if len(listed) >= 2 and all(p.count(",") == 1 for p in listed) or re.fullmatch(
            _ABNT_NAME, text.strip(" .") + ".") or len(listed) == 1 and _SURNAME_FIRST.fullmatch(
            listed[0]) and not re.search(r",\s*[A-Z]\.?(?:\s|$)", listed[0]):
        return [p for p in listed if p]  # "SURNAME, Given; SURNAME, Given" (ABNT), "Lie, Tor"
    parts = re.split(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*|;\s*", text.strip().rstrip("."))
    names = [re.sub(r"[*†‡§\d]+$|^[*†‡§]+", "", p).strip(" .") for p in parts]
    # "Quintero R., Wierzbicki T." splits cleanly; "Wei, J." and "Hsu, W.-L." would split into
    # two: rejoin.
    fixed: list[str] = []
    for name in (n for n in names if n):
        if fixed and re.fullmatch(r"[A-Z]\.?(?:\s?-?[A-Z]\.?)*", name) and " " not in fixed[-1]:
            fixed[-1] = f"{fixed[-1]}, {name}"
        else:
            fixed.append(name)
    return _given_first([name for name in fixed if len(name) > 1])


_ONE_WORD_NAME = re.compile(r"[A-Z][^\W\d_]+(?:[-'’][A-Za-z][^\W\d_]*)?")


def _given_first(names: list[str]) -> list[str]:
    """Names written surname first ("Berman, Alexander, Sharon Chu", "Berman, Alexander and
    Quek, Francis") split at each comma into single words: each run of an even number of single
    words is read as surname-given pairs."""
    out: list[str] = []
    n = 0
    while n < len(names):
        run = n
        while run < len(names) and _ONE_WORD_NAME.fullmatch(names[run]):
            run += 1
        if run - n >= 2 and (run - n) % 2 == 0:
            out += [f"{names[k + 1]} {names[k]}" for k in range(n, run, 2)]
        else:  # surnames alone ("Smith, Jones, and Brown"), or a full name
            out += names[n:max(run, n + 1)]
        n = max(run, n + 1)
    return out


def _listing_year(entry: list[Line]) -> int | None:
    """A Scholar-like page's listing date ("LGDec 15, 2022") heading the entry."""
    for line in entry[:8]:
        if len(line.text.split()) <= 4 and YEAR.search(line.text):
            return first_year(line.text)
    return None


_STRONG = re.compile(r"\s*(?:[-*+•]\s+)?(?:#{1,6}\s|\*\*[^*]{8,}\*\*\s*$|"
                     r"\[[^\]]{8,}\]\([^)]*\)\s*(?:\[[^\]]*\])?\s*$)")
_THESIS = re.compile(r"\b(?:Ph\.?\s?D\.?|Master(?:'s|’s)?|M\.S\.|Doctoral|Bachelor(?:'s|’s)?)\s+"
                     r"(?:thesis|dissertation)\b", re.I)
_START = re.compile(r"\s*(?:[-*+•▪◦●]\s|\d{1,3}[.)]\s|\[[A-Za-z]{0,2}\d{1,3}\]\s|\(\d{1,3}\)\s|"
                    r"#{1,6}\s|"
                    r"(?:19|20)\d{2}[a-z]?:\s|"
                    r"\*\*[^*]{8,}\*\*\s*$|\[[^\]]{8,}\]\([^)]*\)\s*(?:\[[^\]]*\])?\s*$)")


# How an entry that is complete ends; one that stops mid-name ("… Society for Engineering")
# goes on in the venue line under it ("Education (ASEE). 2020 (poster)").
_ENDED = re.compile(r"[.!?”\")\]]\s*$")


def entries(text: str, start: int, end: int, person: str) -> list[tuple[int, int]]:
    """Spans of the publications in text[start:end]: units (blocks, bullets, hanging-indent
    lines) grouped so that each entry holds at most one title and one author list."""
    units = _units(text, start, end, person)
    read = [_unit_kinds(text[s:e], s, person) for s, e in units]  # each unit's kinds, read once
    groups: list[list[int]] = []
    have: set[str] = set()
    # A list that leads with titles ends each entry at its author list, so that one entry whose
    # title went unread does not pair every later author list with the next paper's title.
    title_first: bool | None = None
    for i, (u_start, u_end) in enumerate(units):
        raw = text[u_start:u_end]
        kinds = read[i]
        if title_first is None and kinds & {"title", "authors"}:
            title_first = "authors" not in kinds
        next_raw = text[units[i + 1][0]:units[i + 1][1]] if i + 1 < len(units) else ""
        next_kinds = read[i + 1] if next_raw else set()
        if title_first and not kinds and "authors" in have and _sentence_title(
                " ".join(raw.split())) and "authors" in _kinds_ahead(text, units, read, i + 1):
            kinds = {"title"}  # in sentence case, after one entry and over the next's authors
        fresh = (
            not groups or _START.match(raw) is not None
            or bluebook_entry(" ".join(raw.split()), person) is not None  # whole on its own
            or bool(kinds & have & {"title", "authors"})
            or bool(title_first and "authors" in have and "title" in kinds)
            or ({"title", "authors"} <= have and kinds and kinds <= {"venue", "date"}
                and "title" in next_kinds and not _DATE_LED.match(next_raw)
                and _ENDED.search(text[groups[-1][0]:groups[-1][1]]) is not None)
        )
        # a line under an entry's title and authors that names a venue and ends at its year
        # ("Robotics: Science and Systems (RSS), 2023") closes that entry, however much of a
        # title its words look
        if fresh and groups and {"title", "authors"} <= have and "venue" not in have \
                and "venue" in kinds and "authors" not in kinds and _START.match(raw) is None \
                and _CLOSING_YEAR.search(raw) and len(raw.split()) <= 16:
            fresh = False
        if fresh:
            groups.append([u_start, u_end])
            have = set(kinds)
        else:
            groups[-1][1] = u_end
            have |= kinds
    return [(s, e) for s, e in groups]


def _kinds_ahead(text: str, units: Sequence[tuple[int, int]], read: Sequence[set[str]],
                 at: int) -> set[str]:
    """The kinds (`read`) of unit `at`, or past it when it is one short line that is none
    ("Science" on its own line between a title and its authors)."""
    for n in range(at, min(at + 2, len(units))):
        start, end = units[n]
        if read[n] or n > at or len(text[start:end].split()) > SHORT_VENUE_WORDS:
            return read[n]
    return set()


def _unit_kinds(raw: str, offset: int, person: str) -> set[str]:
    from ingest.records.text import lines

    if _is_abstract(raw):
        return {"abstract"}
    found: set[str] = set()
    entry = list(lines(raw, 0, len(raw)))
    if len(entry) == 1 and len(entry[0].text.split()) <= 6 and same_person(entry[0].text, person):
        return found  # the name heading the page, not a one-author list
    for seg in segments(entry, raw, 0):
        text = _strip_venue(seg.text)
        authors = bool(text) and len(text.split()) <= 40 and not seg.quoted and _is_author_list(
            text, person)
        if not authors and find_venue(seg.text):
            found.add("venue")
        if not text:
            continue
        if len(text.split()) > 40:
            found.add("abstract")
        elif authors:
            found.add("authors")
        elif PAGES.search(text) and not seg.strong:
            found.add("venue")  # "Methods in Natural Language Processing, pages 20178–20187, …"
        elif _could_be_title(text, seg.strong):
            found.add("title")
        elif YEAR.search(text) and len(text.split()) <= 4:
            found.add("date")
    return found


def _units(text: str, start: int, end: int, person: str = "") -> list[tuple[int, int]]:
    """Blocks split at blank lines, bullets and headings, and at each line of a hanging indent
    ("VLDB 2022   Authors." then deeper-indented title and venue lines). A block that holds
    several author lists is several entries run together, as PDF text prints a list with no
    blank lines: it is cut into its lines, wrapped lines kept together, for `entries` to group."""
    from ingest.chunking import _raw_blocks

    units: list[tuple[int, int]] = []
    for b_start, b_end in _raw_blocks(text, start, end):
        block = text[b_start:b_end]
        rows = block.splitlines(keepends=True)
        led = [n for n, r in enumerate(rows) if n and _name_led(r, person)
               and re.search(r"[.)\d]\s*$", rows[n - 1])]
        if len(led) >= 2:  # "Claire Dufresne and Hugo Marchetti. "Title." Venue, 2023." per line
            units += [(b_start + len("".join(rows[:a])), b_start + len("".join(rows[:b])))
                      for a, b in zip([0, *led], [*led, len(rows)], strict=True)]
            continue
        if len(rows) >= 4 and sum(_is_author_list(clean(r.strip()), person)
                                  for r in rows if r.strip()) >= 2:
            units += _rows(rows, b_start)
            continue
        indents = [len(r) - len(r.lstrip(" ")) for r in rows if r.strip()]
        if sum(1 for r in rows if _YEAR_COLON.match(r)) >= 2:
            offset = b_start  # "2024: Authors. "Title". Venue" entries, one after another
            for row in rows:
                if _YEAR_COLON.match(row) and offset > b_start:
                    units.append((b_start, offset))
                    b_start = offset
                offset += len(row)
            units.append((b_start, b_end))
            continue
        if len(rows) >= 2 and sum(1 for r in rows if find_venue(r) and YEAR.search(r)) >= 2 \
                and all(r.rstrip().endswith(".") for r in rows if r.strip()):
            offset = b_start  # one complete entry per line ("Authors. Title. USENIX NSDI 2024.")
            for row in rows:
                units.append((offset, offset + len(row.rstrip())))
                offset += len(row)
            continue
        if len(set(indents)) < 2 or indents[0] != min(indents):
            units.append((b_start, b_end))
            continue
        cut, offset = b_start, b_start
        for row in rows:
            if row.strip() and len(row) - len(row.lstrip(" ")) == indents[0] and offset > cut:
                units.append((cut, offset))
                cut = offset
            offset += len(row)
        units.append((cut, b_end))
    return [(s, e) for s, e in units if text[s:e].strip()]


# Names as a citation prints them given name first, before the title: "Claire Dufresne, Amara
# Nwosu and Leo Sandvik. "Commuting Zones …"
_GIVEN_NAME = (r"[A-Z][\w'’-]+(?:\s[A-Z]\.)*(?:\s(?:de|van|von|da|del|di|le|la)){0,2}"
               r"\s[A-Z][\w'’-]+")
_NAME_LED = re.compile(rf"\s*(?P<names>{_GIVEN_NAME}(?:,\s{_GIVEN_NAME})*(?:,?\s(?:and|&)\s"
                       rf"{_GIVEN_NAME})?)\.\s+[\"“A-Z]")


def _name_led(row: str, person: str) -> bool:
    """Whether a line opens with an author list, names given first, that names the person."""
    found = _NAME_LED.match(clean(row))
    return found is not None and any(same_person(n, person) for n in re.split(
        r",\s|\s(?:and|&)\s", found.group("names")))


_YEAR_COLON = re.compile(r"[ \t]*(?:19|20)\d{2}[a-z]?:[ \t]+\S")


def _rows(rows: list[str], offset: int) -> list[tuple[int, int]]:
    """The spans of a block's lines, a line that continues the one above (a wrapped title or
    author list) joined to it."""
    spans: list[tuple[int, int]] = []
    previous = ""  # the span so far, lines joined: a quote it opened may close on a later line
    first = len(rows[0]) - len(rows[0].lstrip(" ")) if rows else 0
    for row in rows:
        line = row.strip()
        # deeper than the block's first line, under a line cut mid-phrase: "… Structural Health"
        # over "Monitoring (IWSHM 2019), …"
        hanging = len(row) - len(row.lstrip(" ")) > first and previous[-1:].isalpha()
        if line and spans and (hanging or _wraps(previous, line)):
            spans[-1] = (spans[-1][0], offset + len(row.rstrip()))
            previous = f"{previous} {line}"
        elif line:
            spans.append((offset, offset + len(row.rstrip())))
            previous = line
        offset += len(row)
    return spans
