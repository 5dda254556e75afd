"""Author-first citations: "Lacroix, A., Gomot, M. (2022). Title. Venue, 16." and kin.

Reference styles in the sciences open with the author list (APA, AAS, Vancouver-like), then
the year, the title and the venue. An entry is read from its start: a run of names in one of
the usual shapes ("Cooper, O. R.", "R. M. Badia", "Karlová A.", "and 32 other authors
including …"), then the title up to the sentence end, then the venue. An entry whose opening
is not such a run is left to the other readers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ingest.records.text import (EDITORS, PAGES, PREPRINT_SERVERS, SAME_AUTHORS, clean, cut_short,
                                 first_year, same_person, strip_bullet)

_PARTICLE = r"(?:(?:de|van|von|der|den|da|del|della|di|la|le|du|dos|d')\s+)"
_CAP = r"[A-ZÀ-ÖØ-Þ][\w'’\-]*[a-zà-ÿ][\w'’\-]*"  # a capitalised word with a lower-case letter
_SURNAME = rf"{_PARTICLE}*{_CAP}(?:[ -]{_PARTICLE}*{_CAP})?"
# "O. R.", "O.", "O"; "C, M.," (a typo) where no name follows ("S, M. Urbano" is two names)
_INITIALS = r"[A-Z](?:,\s?[A-Z]\.(?=\s*(?:[,;&]|and\b|$))|\.?(?:\s?-?[A-Z]\.){0,3})"
_AUTHOR = re.compile(
    # "and 32 other authors including", "and 14 others"
    r"(?:(?:and\s+)?\d+\s+other(?:s|\s+authors?)(?:\s+including\s*)?"
    r"|et\.?\s*al\.?"
    # "The ATLAS Collaboration", "LSST Dark Energy Science Collaboration (incl. Okamura, L. K.)"
    r"|(?:The\s+)?(?:[A-Z][\w-]*\s+){1,5}Collaboration"
    r"(?:\s+\((?:incl\.|including)\s+[^()]{2,80}\))?"
    rf"|{_SURNAME},\s?{_INITIALS}\.?(?=[\s,;:*†‡#.]|$)"  # Cooper, O. R.
    # Casey, Caitlin M., / Suzannah Evans; Quintanilla, Aurelio & Sipho Ndlovu
    rf"|{_SURNAME},\s{_CAP}(?:\s[A-Z]\.|\s{_CAP})?\.?(?=,|\s&\s|\sand\s)"
    # Hunt, Kate. 2020. / Hunt, Kate. "Title."
    rf"|{_SURNAME},\s{_CAP}(?:\s[A-Z]\.)?(?=\.\s+\(?(?:19|20)\d{{2}}\b|\.\s+[\"“])"
    rf"|(?:[A-Z]\.\s?-?){{1,3}}\s?{_SURNAME}(?:\s{_PARTICLE}*{_CAP})?"  # R. M. Ferreira da Silva
    rf"|{_SURNAME}\s(?:[A-Z]\.\s?-?){{1,3}}"  # Karlová A., Hagan P.S.
    r"|[A-ZÀ-Þ][A-ZÀ-Þ'’-]+(?:\s[A-Z]){1,3}(?=[\s,.;*†‡#]|$)"  # QIAO J H (GB/T 7714)
    # OLAIZOLA BERROCAL, María Teresa; McKIRDY, Alasdair (ISO 690: surnames in capitals)
    rf"|(?:(?:Mc|Mac|O’|O'|D’|D')?[A-ZÀ-Þ][A-ZÀ-Þ'’-]+\s?){{1,3}},\s{_CAP}(?:[\s-]{_CAP})*"
    r"(?=[*†‡#]*(?:[;.]\s|,\s+et\.?\s*al|\s(?:y|and|et|e)\s))"
    r")[*†‡#]*\.?"
)
# After a first author written "Surname, Given", the others in the usual order (Chicago):
# "Hunt, Kate, and Mike Gruszczynski.", "Comfort, Suzannah E., Edson Tandoc, and …".
# … and a former name after it in brackets: "Amanda Balzer (Friesen)".
_GIVEN_FIRST = re.compile(rf"{_CAP}(?:\s[A-Z]\.)*(?:\s{_CAP})?\s{_SURNAME}"
                          r"(?:\s\([A-Z][\w'’-]+\))?[*†‡]*\.?(?=[\s,;.]|$)")  # "Giulia Ferraro†."
# An author list names given first, as ACM's style prints it, up to the period that ends it.
# Each name is read once, atomically: a long list that ends otherwise ("…, Rasmus Winther:
# Title", as DBLP prints it) would take exponential time to rule out name by name.
_GIVEN_LIST = re.compile(rf"(?>{_GIVEN_FIRST.pattern})(?:(?:,\s(?:and\s)?|\sand\s|,?\s&\s)"
                         rf"(?>{_GIVEN_FIRST.pattern}))*(?<=\.)(?=\s)")
_INVERTED = re.compile(rf"{_SURNAME},\s{_CAP}")
_SEP = re.compile(r"\s*(?:,\s*(?:(?:\.\s?){3}\s*|…\s*)?(?:and\s+|&\s*)?|;\s*(?:and\s+)?|"
                  r"\s+and\s+|\s*&\s*)|\s*")
_LEAD = re.compile(r"^\s*(?:(?P<column>(?:19|20)\d{2})(?:\.\d{2})?\s+)?"
                   r"(?:\[[A-Za-z]{0,2}\d{1,3}\]|[A-Z]{0,2}\d{1,3}[.)])?\s*"
                   r"(?:\((?P<year>(?:19|20)\d{2})\)\s*)?[†*]?")
_ARXIV_ID = re.compile(r"\barxiv:?\s*(\d{2})(?:0[1-9]|1[0-2])\.\d{4,5}", re.I)
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_YEAR_AFTER = re.compile(r"^[\s,.]*\(?(?P<year>(?:19|20)\d{2})[a-z]?\)?\s*[.,:]?\s*")


def authors_at(text: str) -> tuple[list[str], int]:
    """The author names that open text, and where the run ends (0 when there is none)."""
    names: list[str] = []
    at = 0
    marked = re.match(r"[*†‡]*", text)  # "†Melendez, A., …": a mark for a student-led paper
    found = _AUTHOR.match(text, marked.end()) if marked else None
    while found:
        name = re.sub(r"[*†‡]", "", found.group(0)).strip()
        if incl := re.fullmatch(r"(.+?Collaboration)\s+\((?:incl\.|including)\s+(.+)\)", name):
            names.append(incl.group(1))
            name = incl.group(2)  # the person, named inside the collaboration's bracket
        if not re.match(r"(?:and\s+)?\d+\s+other|et\.?\s*al", name):
            names.append(re.sub(r"\s+", " ", name).rstrip(".") if found.re is _GIVEN_FIRST
                         or re.search(r"[^\W\d_]{2}\.$|[A-Z]{2}(?:\s[A-Z])+\.$", name)
                         else re.sub(r"\s+", " ", name))
        at = found.end()
        if name.endswith("including") or found.group(0).endswith("including "):
            found = _AUTHOR.match(text, at)
            continue
        sep = _SEP.match(text, at)
        nxt = _AUTHOR.match(text, sep.end()) if sep else None
        given = _GIVEN_FIRST.match(text, sep.end()) if sep and sep.group(0).strip() and \
            _INVERTED.match(names[0] if names else "") else None
        if given and (not nxt or given.end() > nxt.end()):
            nxt = given
        if not nxt:
            break
        if not sep.group(0).strip() and "," not in nxt.group(0) and "al" not in nxt.group(0):
            break  # only "Last, I." names may follow one another without a comma
        found = nxt
    return names, at


# DBLP closes an author list, given names first, with a colon: "Kristian Holm, Wei Zhang, Henrik
# A. Søndergaard, et al.: Title. ICDE 2021: 2560–2571"
# (a stop only after an initial: "Mireille Duchamp. Quokka" is a name and a title's first word)
_COLON_NAME = re.compile(r"(?:[A-ZÀ-Þ][\w'’-]*|[A-Z]\.(?:-?[A-Z]\.)*)(?:\s+(?:[A-ZÀ-Þ][\w'’-]*|"
                         r"[A-Z]\.(?:-?[A-Z]\.)*|(?:de|da|van|von|der|del|di|le|la|dos)))+")


_INVERTED_NAME = re.compile(r"(?:(?:von|van|de|der|den|zu)\s)?[A-ZÀ-Þ][\w'’-]+"
                            r"(?:[ -][A-ZÀ-Þ][\w'’-]+)?,\s(?:[A-ZÀ-Þ][\w'’-]*\.?|"
                            r"[A-Z]\.(?:-?[A-Z]\.)*)(?:\s(?:[A-ZÀ-Þ][\w'’-]*\.?|"
                            r"[A-Z]\.(?:-?[A-Z]\.)*))*")


def _colon_list(body: str) -> tuple[list[str], int] | None:
    """The names of an author list a colon closes, and where its title starts, or None."""
    found = re.match(r"([^:]{3,600}?):\s+(?=[A-Z0-9\"“'‘])", body)
    if not found:
        return None
    listed = re.sub(r"\s+", " ", found.group(1))
    # … or surnames first, parted by semicolons (DIN ISO 690: "WENDELSTEIN, K.; MEINERS, W.;
    # HOLTKAMP, S. u. a.: Title. In: …")
    # … or one such name, its surname in capitals or its given names as initials ("WENDELSTEIN,
    # Katharina: Title", "Wendelstein, K. u. a.: Title"), not two names given first ("Signe
    # Dahl, Henrik Søndergaard: Title")
    alone = re.sub(r"[*†‡§]+|\s+(?:u\.\s?a\.|et al\.?)$", "", listed).strip()
    inverted = ";" in listed or bool(_INVERTED_NAME.fullmatch(alone) and re.fullmatch(
        r"(?:[A-ZÀ-Þ'’-]{2,}\s?)+,.*|[^,]+,(?:\s?[A-Z]\.)+", alone))
    parts = [re.sub(r"[*†‡§]+|\d+$|\s+(?:u\.\s?a\.|et al\.?)$", "", p).strip() for p in re.split(
        r";\s*" if inverted else r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", listed)]
    names = [p for p in parts if p and not re.fullmatch(r"et\.?\s*al\.?|u\.\s?a\.", p)]
    name = _INVERTED_NAME if inverted else _COLON_NAME
    if not names or not all(name.fullmatch(n) and len(n.split()) <= 5 for n in names):
        return None
    return names, found.end(1) + 1  # past the colon


def column_year(entry: str) -> int | None:
    """The year a date column prints before an entry's number ("2024 4. Lacroix, A., …")."""
    lead = _LEAD.match(entry)
    return int(lead.group("column")) if lead and lead.group("column") else None



def parse(entry: str, person: str, *, alone: bool = False,
          above: Sequence[str] = ()) -> dict | None:
    """The paper an author-first entry describes, or None. alone: the list names co-authors
    after the title ("(joint with …)"), so an entry that names none is its person's alone.
    above: the authors of the entry above, which a dash in place of the authors repeats."""
    text = _plain(entry)
    if re.search(r"\[[DP]\](?:[.:]|$)", text):
        return None  # GB/T 7714's thesis ("[D]") and patent ("[P]"): no paper
    if same := SAME_AUTHORS.match(text):
        # (the person's own list: the dash stands for them when the entry above is unread)
        text = "; ".join(above or [person]) + ". " + text[same.end():].lstrip()
    from ingest.records.publications import ams_entry

    if (ams := ams_entry(re.sub(r"\s+", " ", text), person)) and ams["authored"]:
        return ams  # "H. Dubois et T. Moreau, Title, Math. Ann. 376 (2020), 1345–1389."
    lead = _LEAD.match(text)
    year = int(lead.group("year")) if lead and lead.group("year") else None
    body = text[lead.end():] if lead else text
    joint = _JOINT.match(body)
    if joint:  # "Title (joint with A and B). Venue, 50(2): 256-276, 2024."
        names = [person] + [n for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", joint["co"])
                            if n.strip()]
        venue_part = joint["rest"]
        return {"title": joint["title"].strip(" ,."), "authors": names,
                "venue": _venue(venue_part), "year": year or _last_year(venue_part),
                "award": None, "authored": True}
    names, end = authors_at(body)
    if (colon := _colon_list(body)) and len(colon[0]) >= len(names):
        names, end = colon  # "Signe Dahl†, Henrik A. Søndergaard: Title. SODA 2024: 2211–2240"
    given = _GIVEN_LIST.match(body)  # "Ada Lund, Wen-Li Hsu, and Emeka Obi. 2022. …"
    listed = [n.rstrip(".") for n in re.split(r",\s(?:and\s)?|\sand\s|,?\s&\s",
                                              given.group(0))] if given else []
    if listed and not any(same_person(n, person) for n in names) and any(
            same_person(n, person) for n in listed):
        names, end = listed, given.end()
    et_al = bool(re.search(r"et\.?\s*al\.?\W*$", body[:end]))  # the person may be hidden
    if not names:
        return _alone(body) if alone else None
    if not et_al and not any(same_person(n, person) for n in names):
        return None
    rest = body[end:]
    after = _YEAR_AFTER.match(rest)
    status = re.match(r"\s*\((?:in press|forthcoming|accepted|under review|submitted|n\.\s?d\.)\)",
                      rest, re.I)
    if status:  # APA's "Lindgren, A., & Castellanos, N. (in press). Title. Journal."
        rest = rest[status.end():]
    elif not re.match(r"\s*(?:[.:;]|,\s[A-Z\"“‘']|,?\s*\(\d{4}|\s[A-Z\"“‘']|\s(?:19|20)\d{2}\b|$)",
                      rest):
        return None  # the run stopped inside a word: not an author list
    if after and after.group("year"):
        year = year or int(after.group("year"))
        rest = rest[after.end():]
    rest = rest.lstrip(" .:;,")
    title, venue_part, book = _title_or_chapter(rest)
    # (a chapter's title is marked off by its book, however short: "Markets. In …")
    if not title or len(title.split()) < (1 if book else 3) or cut_short(title):
        return None
    venue = book or _venue(venue_part)
    short = re.search(r"(?<=\w )['’](\d{2})\b", venue_part)  # "in Proc. NeurIPS '23"
    # (page numbers are no year: "pp. 1990–2008")
    year = year or first_year(PAGES.sub("", venue_part)) or first_year(PAGES.sub("", rest)) or (
        2000 + int(short.group(1)) if short else None)
    arxiv = _ARXIV_ID.search(venue_part)
    if arxiv and (not venue or re.match(r"\W*(?:submitted|under review|in prep|eingereicht)",
                                        venue_part, re.I)):
        # "Submitted to ApJ, arXiv:2507.19706": what can be read today is the preprint
        venue, year = "arXiv", year or 2000 + int(arxiv.group(1))
    from ingest.records.publications import _AWARD, _PAREN_ACRONYM

    # "In Proceedings of the 20th ACM Conference on … (SenSys '22)": the venue's short name
    acronym = _PAREN_ACRONYM.search(venue_part[:240])
    if venue and acronym and (len(venue.split()) >= 3 or cut_short(venue)) and \
            acronym.start() <= len(venue) + 40:  # also "Workshop on" cut at "3D Vision"
        venue = acronym.group(1)
    award = _AWARD.search(venue_part)
    return {"title": title, "authors": names, "venue": venue, "year": year,
            "award": award.group(0) if award else None, "authored": True}


def _alone(body: str) -> dict | None:
    """A paper with no author list, in a list that names co-authors after titles: its person's
    alone ("Title. Venue, 5(1): 117-141, 2016.")."""
    title, venue_part, book = _title_or_chapter(body)
    year = _last_year(venue_part)
    if len(title.split()) < (1 if book else 3) or not year or not title[:1].isupper() or \
            len(venue_part.split()) > 30:
        return None
    venue = book or _venue(venue_part)
    # "Title, Journal of Econometrics 133(1): 243-271, 2006": the volume ends the venue
    core = re.sub(r"[,\s]+\d+\s*(?:\(\d+\))?\s*:\s*\d+\s*[-–]\s*\d+$", "", title)
    head, comma, tail = core.rpartition(", ")
    if core != title and comma and tail[:1].isupper() and len(head.split()) >= 3 and \
            len(tail.split()) <= 10:
        title, venue = head, tail
    return {"title": title, "authors": [], "venue": venue, "year": year, "award": None,
            "authored": True}


_JOINT = re.compile(r"(?P<title>[A-Z0-9][^()]{10,}?)\s*\(joint with (?P<co>[^)]+)\)[.,]?\s*"
                    r"(?P<rest>.*)$")


def _last_year(text: str) -> int | None:
    """The publication year of a reference that ends with it ("…, 40(2): 182-192, 2014.")."""
    years = re.findall(r"(?<!\d)((?:19|20)\d{2})(?!\d)", text)
    return int(years[-1]) if years else None


# A journal abbreviated with its stops after the title's comma, then its volume, article
# number or pages and the year, as Copernicus and AGU journals cite: "Title, Geophys. Res.
# Lett., 47, e2019GL086312, 2020."
_ABBREVIATED_JOURNAL = re.compile(
    r"(?P<title>.{10,}?),\s+(?P<rest>(?:[A-Z][A-Za-z]{0,12}\.?\s){0,5}[A-Z][a-z]{0,12}\.,"
    r"\s+\d{1,4},\s+[A-Za-z]?\d[\w–-]{0,16},\s+(?:19|20)\d{2}\.?)\s*$")


# RSC, as chemists cite: the journal abbreviated after the title's comma, then the year, the
# volume and the pages ("Title, Chem. Sci., 2021, 12, 4567–4575.", "Title, Angew. Chem., Int.
# Ed., 2019, 58, 1234.")
_RSC_JOURNAL = re.compile(
    r"(?P<title>.{10,}?),\s+(?P<rest>(?:[A-Z][\w&'’-]*\.?|of|and|&)(?:\s(?:[A-Z][\w&'’-]*\.?|of|"
    r"and|&)){0,6}(?:,\s(?:Int\.\s?Ed\.|Sect\.\s[A-Z]))?,\s+(?:19|20)\d{2},\s+\d{1,4},\s+"
    r"[A-Za-z]?\d[\w–-]{0,16}\.?)\s*$")


def _title_or_chapter(rest: str) -> tuple[str, str, str | None]:
    """The title that opens rest, what follows it, and the book it is a chapter of, if it is one:
    "Social isolation, in W. A. Darity Jr., ed., International Encyclopedia of …"."""
    from ingest.records.publications import chapter_book, venue_key

    title, venue_part = _title(rest)
    chapter = chapter_book(rest)
    if not chapter:
        return title, venue_part, None
    if 0 < chapter[1] < len(title):
        title, venue_part = rest[:chapter[1]].strip(" ,.;:"), rest[chapter[1]:]
    venue = _venue(venue_part)
    book = venue if venue and venue_key(venue) in venue_key(chapter[0]) else chapter[0]
    return title, venue_part, book


def _title(rest: str) -> tuple[str, str]:
    """The title that opens rest (quoted, or up to a sentence end), and what follows it."""
    from ingest.records.publications import TITLE_NOTE

    # (Harvard quotes in single marks: "'Title', *Journal*, 12(3)", closed before a comma)
    quoted = re.match(r"[\"“](.+?)[,.]?[\"”][.,]?\s*|[‘'](.+?)[’'](?=[,.]\s)[.,]?\s*", rest)
    if quoted:
        return (quoted.group(1) or quoted.group(2)).strip(), rest[quoted.end():]
    if abbreviated := _ABBREVIATED_JOURNAL.match(rest):
        return abbreviated["title"].strip(), abbreviated["rest"]
    if rsc := _RSC_JOURNAL.match(rest):
        return rsc["title"].strip(), rsc["rest"]
    # A sentence end: ". " or "? " before a capital, a year or a digit, not after an initial.
    # A spaced dash before a short capitalised tail ("Title — NAACL 2024.", "Title - Under
    # review") or before a venue and its year ("Title — ACL 2023, Nominated for … (1.6% …)").
    ends = rf"[.?!](?=\s+(?:[A-Z0-9(]|{_SERVERS}\b)|\s*$)|;\s|(?<=\])//\s*|" \
        rf",\s(?=(?:{_MONTH}\s+)?(?:19|20)\d{{2}}\b|(?:preprint|submitted|to appear|in press|" \
        rf"forthcoming|Proceedings of|Proc\.)\b|(?:{_SERVERS}|arxiv)\b)|" \
        r"\s[—–-]\s(?=(?:[A-Z][^.]{0,80}|arXiv)\.?\s*$|[A-Z][\w@ ]{1,30}?\s(?:19|20)\d{2}\b)"
    for found in re.finditer(ends, rest):
        head = rest[:found.end()]
        if re.search(r"(?:^|\s)(?:[A-Z]|II|III|IV|VI{1,3}|IX)\.$", head) or \
                _SERIES_PART.match(rest, found.end()):
            continue
        after = rest[found.end():]
        if found.group(0) == "?" and re.match(r"\s+[A-Z][^.?!]{2,80}?\.\s+[A-Z]", after) and \
                not re.match(r"\s+[^.]*,\s\d|\s+(?:In\s|Proc)", after):
            continue  # "Bilingual advantage? Evidence from 1,200 children. Journal, 228, 1."
        title = rest[:found.start() + (1 if found.group(0) == "?" else 0)].strip(" ,")
        return TITLE_NOTE.sub("", title), rest[found.end():].strip()  # no "[abstract]"
    return "", rest


# The part of a series a title goes on with: "Searching Far and Long. I. Pilot ALMA …".
_SERIES_PART = re.compile(r"\s+(?:I{1,3}|IV|VI{0,3}|IX|X)[.:]\s+[A-Z]")


# Preprint servers, whose names open in lower case
_SERVERS = rf"(?:arXiv|chemRxiv|{PREPRINT_SERVERS})"


def _venue(part: str) -> str | None:
    """The venue at the start of what follows a title: up to its volume, pages or year."""
    part = re.sub(r"^(?:In press[,.:]?\s+(?:(?:in|at)\s+)?|Pre-press;?\s+|(?:forthcoming|"
                  r"accepted|published|under review)\s+(?:in|at|by)\s+|(?:revise and resubmit|"
                  r"r\s?&\s?r)(?:,|\s+(?:at|in|to))\s*|"
                  r"angenommen (?:in|bei):?\s+)", "",
                  part.strip(),
                  flags=re.I)
    contained = re.match(r"(?:In:?\s+|in\s+(?=[A-Z])|Published in\s+)", part)
    part = part[contained.end():] if contained else part
    # a book's edition, and its place before its publisher: "2nd edn. London: Routledge.",
    # "Beijing: China Communications Press, 2021", "Aachen : Apprimus, 2019"
    part = re.sub(r"^\d{1,2}(?:st|nd|rd|th|\.)?\s(?:edn|ed|Aufl|éd|edición)\.?,?\s+", "", part)
    part = re.sub(r"^[A-ZÀ-Þ][\w'’-]+(?:\s[A-ZÀ-Þ][\w'’-]+)?(?:\s:|:(?=\s(?:[^,]*\s)?(?:Press|"
                  r"Publishers|Publishing|Verlag|Books|Editorial|Ediciones)\b|"
                  r"\s[A-ZÀ-Þ][^,.:;\d]{1,60}"
                  r"(?:[,.]\s*(?:(?:19|20)\d{2}\b|pp?\.|$)|$)))\s+(?=[A-ZÀ-Þ])", "", part)
    # "Proc. SEA 2019, LNCS …": a meeting's proceedings named by its short name and year
    part = re.sub(r"^Proc\.\s+(?=[A-Z][\w-]*[A-Z][\w-]*\s+(?:19|20)\d{2}\b)", "", part)
    # a chapter's editors before its book: "In Marta Kolb & Sipho Ndlovu (eds.), The …"
    part = re.sub(rf"^[^()]{{2,120}}?\s{EDITORS}[,:.]?\s+", "", part)
    part = re.sub(r"^(?:19|20)\d{2}[a-z]?\s+", "", part)  # "2025 MNRAS, 1199"
    # a note in brackets before the venue: "(review, in Japanese), Butsuri 76, …"
    part = re.sub(r"^\([^()]{2,40}\),?\s+(?=[A-Za-z])", "", part)
    part = re.sub(r"^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?\s+"
                  r"(?:19|20)\d{2},?\s*", "", part)
    # (a digit inside a name is part of it: "F1000Research, 12.", and so is an ordinal: "the
    # 41st Annual Meeting", and a year that names a meeting: "the 2024 Conference on …")
    # … nor is a German ordinal ("der 13. Fachtagung"); in a book or proceedings ("In: …"), a
    # place and a publisher after a stop end it ("Proceedings of the Euro PM2019 Congress.
    # Shrewsbury : EPMA, 2019")
    published = r"|(?<!\d)\.\s+[A-ZÀ-Þ][\w'’-]*(?:\s[A-ZÀ-Þ][\w'’-]*){0,2}\s?:\s" if contained \
        else ""
    found = re.match(r"(.+?)(?=\s*(?:,|;|\(|(?<!\w)\d(?!\d*(?:st|nd|rd|th)\b)"
                     r"(?!\d{3}\s+(?:[A-Z]+\s+)?(?:Conference|Annual|International|Joint|"
                     r"Workshop|Symposium|Meeting)\b)(?!\d{0,2}\.\s[A-ZÀ-Þ][a-zà-ÿ])|\bvol\b|"
                     rf"\bpp?\.{published}|$))", part)
    if not found:
        return None
    venue = found.group(1).strip(" .,;:-–'’")
    if re.match(r"arxiv|CoRR\b", venue, re.I) or not venue and re.match(r"arxiv", part, re.I):
        return "arXiv"  # (CoRR is arXiv as DBLP names it)
    if server := re.match(_SERVERS, venue):
        return server.group(0)
    # a name that opens in lower case before a capital: "npj Spintronics", "eLife", "iScience"
    if len(venue) < 2 or len(venue.split()) > 14 or not (
            venue[:1].isupper() or re.match(r"[a-z]{1,3}[A-Z]|[a-z]{2,4}\s[A-Z]|\d{1,3}(?:st|nd|rd|"
                                            r"th)\s[A-Z]", venue)):  # "27th Annual …"
        return None
    return venue


_NUMBER = re.compile(r"^[ \t]*(?:(?:19|20)\d{2}(?:\.\d{2})?[ \t]+)?"
                     r"(?:\[[A-Za-z]{0,2}\d{1,3}\]|[A-Z]{0,2}\d{1,3}[.)])[ \t]+(?=\S)", re.M)


def numbered_entries(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of the numbered entries ("30. …", "[4] …", "J12. …", "2025 1. …") of text[start:end],
    each running to the next number; [] when the section is not a numbered list."""
    starts = [start + m.start() for m in _NUMBER.finditer(text[start:end])]
    # (two suffice where bracketed numbers name their kind, as DBLP's two preprints: "[i2]",
    # "[i1]")
    if len(starts) < (2 if all(re.match(r"\s*\[[A-Za-z]{1,2}\d", text[s:end]) for s in starts)
                      else 3):
        return []
    spans = []
    for i, s in enumerate(starts):
        e = starts[i + 1] if i + 1 < len(starts) else end
        block = text[s:e]
        # A heading or a blank-line gap ends the last entry before the next number.
        gap = re.search(r"\n\s*\n", block)
        e = s + gap.start() if gap and i + 1 == len(starts) else e
        spans.append((s, e))
    return spans


_WORD = re.compile(r"[^\W\d_]{2,}")
_BULLET_LED = re.compile(r"\s*[-*+•▪◦●–]\s")


# A subheading inside a publication list: the status or the kind of the papers under it
_SUBHEADING = re.compile(
    r"(?:(?:selected|other|recent|refereed|peer[- ]reviewed|journal|conference|workshop|book|"
    r"published|unpublished|submitted|accepted|forthcoming)\b[\w &-]{0,30}|"
    r"in (?:review|preparation|press|submission)|under (?:review|submission)|preprints?|"
    r"working papers?|manuscripts?|(?:journal )?articles|papers|chapters|proceedings)\s*:?",
    re.I)


def led_entries(text: str, start: int, end: int, person: str) -> list[tuple[int, int]]:
    """Spans of the entries of text[start:end] that each open a line with an author list that
    names the person, read as a reference list with no numbers or blank lines between its
    entries ("Lima, A., Okoro, B., (2025), Title…" wrapped over lines); each runs to the next
    such line, the last to a blank line. The list's first author line opens the section or
    follows a blank line: under a line of text, it is a title-first list's ("Title" / "L.
    Moreau, P. Girard 2018"), read elsewhere. A line that goes on from a list cut at a comma
    ("Okoro, B., …, Petrov, I.," / "Silva, J., …, (2022), Title") starts no entry."""
    starts: list[int] = []
    previous = ""  # the line above; before the first entry, "" after a blank line as well
    offset = start
    for row in text[start:end].splitlines(keepends=True):
        line = _plain(row)
        names, at = authors_at(line)
        if starts and (same := SAME_AUTHORS.match(line)):
            names, at = [person], same.end()  # "———. "Ruins." …": the authors above again
        year = _YEAR_AFTER.match(line[at:])
        rest = line[at + (year.end() if year else 0):]
        # The first entry opens the section or follows a blank line; a later one follows a line
        # that does not end mid-list
        opens = not previous if not starts else not re.search(r"(?:,|;|&|\band)\s*$", previous)
        # The title goes on on the line, a bullet opens it, or the author list wraps (after a
        # comma, or a surname whose initials are on the next line: "…, Franco," / "M., …")
        # (one name alone leads a bulleted entry when it is the person's: "- Lund, Ada. "…")
        if names and opens and (len(names) >= 2 or year or _BULLET_LED.match(row) and any(
                same_person(n, person) for n in names)) and (
                len(_WORD.findall(rest)) >= (1 if year else 2) or _BULLET_LED.match(row) or
                not year and re.fullmatch(r"[\s,;&]*(?:and\s*)?(?:[A-Z][\w'’-]+,\s*)?", rest)):
            starts.append(offset)
        # A list's own subheading ("Published", "In review") opens its entries as a blank does
        previous = "" if _SUBHEADING.fullmatch(line.strip()) else \
            line if not starts else line or previous
        offset += len(row)
    spans = []
    for i, s in enumerate(starts):
        e = starts[i + 1] if i + 1 < len(starts) else end
        gap = re.search(r"\n\s*\n", text[s:e])
        heading = re.search(r"\n\s*\n\s*#{1,6}\s", text[s:e])  # a Markdown subheading ends it
        spans.append((s, s + gap.start() if gap and i + 1 == len(starts) else
                      s + heading.start() if heading else e))
    named = [(s, e) for s, e in spans
             if any(same_person(n, person) for n in authors_at(_plain(text[s:e]))[0])]
    return spans if len(named) >= 2 else []


def _plain(text: str) -> str:
    """An entry's text on one line, without Markdown (a bold name, a link, "{:target=…}"), a
    leading bullet or the space that removed markup leaves before punctuation."""
    text = clean(re.sub(r"\{:[^}]*\}", "", re.sub(r"\s+", " ", text)))
    return re.sub(r"\s+(?=[,.;:†‡§])", "", strip_bullet(text)).strip()  # "**J. Baek**†,"
