"""Ingest files into the index: skip unchanged, replace changed, prune gone, report every file."""

from __future__ import annotations

import errno
import hashlib
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import IngestError, ProfileChatError
from assistant.settings import Settings
from ingest import loaders
from ingest.chunking import Chunk
from ingest.store import Index
from ingest.worker import Parsed as _Parsed
from ingest.worker import ParseWorker, read, read_records

Outcome = str  # "added" | "unchanged" | "replaced" | "failed" | "pruned" | "skipped"


@dataclass
class FileResult:
    path: Path
    outcome: Outcome
    person: str | None = None
    chunks: int = 0
    reason: str = ""
    repairs: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    reader: str = ""
    glued: tuple[int, int] | None = None  # a PDF's glued word runs as extracted, after repair


@dataclass
class IngestReport:
    files: list[FileResult] = field(default_factory=list)

    def count(self, outcome: Outcome) -> int:
        return sum(1 for f in self.files if f.outcome == outcome)

    @property
    def chunks_added(self) -> int:
        return sum(f.chunks for f in self.files if f.outcome in ("added", "replaced"))

    @property
    def people(self) -> list[str]:
        return sorted({f.person for f in self.files if f.person and f.outcome != "failed"})

    def summary(self) -> str:
        """The closing summary the CLI prints: counts, then one line per failure."""
        lines = [
            f"{self.count('added')} added, {self.count('unchanged')} unchanged, "
            f"{self.count('replaced')} replaced, {self.count('failed')} failed"
            + (f", {self.count('pruned')} pruned" if self.count("pruned") else "")
            + (f", {self.count('skipped')} skipped" if self.count("skipped") else "")
            + f"; {self.chunks_added} chunks written; {len(self.people)} people"
        ]
        for f in self.files:
            if f.outcome in ("failed", "skipped"):
                lines.append(f"  {f.outcome}: {f.path}: {f.reason}")
            if f.glued is not None:
                lines.append(f"  {f.path.name}: text by {f.reader}, glued word runs "
                             f"{f.glued[0]} as extracted, {f.glued[1]} after repair")
            for problem in f.problems:
                lines.append(f"  warning: {f.path.name}: {problem}")
        return "\n".join(lines)


def discover(paths: Iterable[Path], skipped: list[FileResult] | None = None) -> Iterator[Path]:
    """Files named directly (any suffix, so they can be refused with a reason) and the
    supported files under named folders, in a stable order; symlink loops met in folders go
    to `skipped`, with the reason."""
    for path in paths:
        if path.is_dir():
            for found in sorted(path.rglob("*")):
                if found.is_file() and found.suffix.lower() in loaders.SUPPORTED_SUFFIXES:
                    yield found.resolve()
                elif skipped is not None and found.is_symlink() and (why := _loop(found)):
                    skipped.append(FileResult(found, "skipped", reason=why))
        else:
            yield path.resolve() if path.exists() else path.absolute()


def _loop(link: Path) -> str:
    """Why a symlink cannot be followed because it loops, or "" when it does not loop."""
    try:
        target = link.resolve(strict=True)
    except (OSError, RuntimeError) as exc:  # Python 3.11 raises RuntimeError for a loop
        if isinstance(exc, OSError) and exc.errno != errno.ELOOP:
            return ""  # a dangling link is skipped, as any non-file is
        return "symlink loop: it leads back to itself, so it was not followed; fix or remove it"
    if target.is_dir() and link.parent.resolve().is_relative_to(target):
        return (f"symlink loop: it points to {target}, a folder that contains it, so it was not "
                "followed; ingest that folder itself if its files are wanted")
    return ""


# Part of every document's hash, with the chunk size: raise it when loading, identity or
# chunking change what a document's chunks are, or record extraction what its records are, so that
# the next ingest re-reads old indexes.
PARSE_VERSION = 132  # 132: a name in a list a colon closes has a stop only after an initial ("Jun Wei, Mireille Duchamp. Quokka: …" is an author list closed by a stop and a title with a colon); 131: references as law reviews cite them (Bluebook: "Title, 136 HARV. L. REV. 1187 (2023).", a book's "(Oxford University Press 2021)", a newspaper piece's outlet and date, a chapter "in BOOK 45 (Editor ed., 2020)"), each whole entry on its own; a dash in place of the authors repeats the entry above's ("———. "Title." …"); one name alone leads a bulleted entry when it is the person's; a given-first co-author marked "†" after a surname-first one; 130: German publication headings ("Veröffentlichungen", "Zeitschriftenbeiträge", "Konferenzbeiträge", "Monografie"), "Refereed" and "Peer-reviewed" headings hold publications, surnames first parted by semicolons before a colon (DIN ISO 690: "FERRO, A.; MEINERS, W. u. a.: Title. In: Journal 35 (2023)"), "Eingereicht bei:" before a journal, a collaboration that names the person in its bracket ("DESI Collaboration (incl. Okamura, L. K.)"), "and 14 others"; 129: an author list given names first that a colon closes (DBLP: "Signe Dahl†, Henrik A. Søndergaard: Title. SODA 2024: 2211–2240"), read in linear time however long; "CoRR" is arXiv, "Proc. SEA 2019" is SEA, a venue may open with an ordinal ("27th Annual European Symposium on Algorithms (ESA 2019)"), lists numbered "[i2]"; degrees and fellowships after a CV's name line ("…, MB ChB, MSc, DPhil"); 128: a journal named before a status that stands in for its volume and year ("Hepatology. In press.", "Liver Transpl. Accepted March 2024.", "medRxiv. Preprint posted online …"), whole names written surname first and parted by semicolons ("Kvale, Eirik; Bjørnstad, Ingvild Sæther (2018).") or one alone that is the person's are an author list, a journal with a stop before its volume ("Rural History. 32(1): 45–67."), a three-word title after its author list; 127: a chapter's book is its venue in every style that names its editors before it ("In: Kamath S, Wiley TB, editors. Book.", "In: SURNAME, Given (Org.). Book.", "in Cowan and Jonard, eds., Book, Springer 2003") or after it ("In Book, edited by", "in Book, ed. Name", "In *Book*, Names (Eds.)", "dans « Book » (…, éd.)"), what comes before the words that name the book is the chapter's title however short ("Markets"), a title ends before ", preprint", ", arXiv", ", Proceedings of"; lines that hang indented under an entry's first line at the margin go on from it; 126: a job line under a jobs title may open with the point it was held from ("07/2015-  Assistant in Medicine  Division of …"), its role and employer parted by the columns' gap; 125: "Subjects" names a heading's kind ("5. SUBJECTS TAUGHT"), a course listed under such a heading with where it was taught in a bracket ("(at … College …)") is a course at that school, a group's label ("U.G. (B.E. / B.Tech.)") is none; 124: the Lattes CV's headings ("Produção bibliográfica", "Artigos completos publicados em periódicos", "Atuação Profissional", "Formação Complementar" as courses taken, "Revisor de periódico", "Projetos de pesquisa"); 123: a line of dates and a place alone ("Sep 2016 – Jun 2017 | Washington, DC (remote)") does not go on with the short line under it; 122: a table of jobs under a header row that names its columns ("S.No.  Designation  Institution  From  To"), rows a number opens, cells wrapped in their columns, is read by its columns whatever the section's title, and no courses from it; headings that end in "activity" ("Teaching activity"; "Conference and Seminar Activity" holds talks); 121: under a heading that says its lines are the courses taught ("Disciplinas ministradas", "Courses taught"), each line up to the blank line after them is a course, whole; 120: a person whose name opens with an initial before the given name ("K. Lakshmi Varadarajan") is cited by the given name's ("L. Varadarajan"); 119: a LinkedIn profile saved as a PDF (its URL marked "(LinkedIn)", "Page 1 of N") is read by its fixed layout: only its own headings head sections, each role over its dates is held at the employer that heads its block, past the time spent there; 118: a Lattes CV's bonds with its institutions ("Vínculo: …, Enquadramento Funcional: <role>") are its jobs, at the employer its header line names, and no other job is read from their lines; function words of Portuguese, Spanish, French, German and Italian make a line prose; 117: the headings of the Harvard/AAMC faculty CV ("Report of Scholarship", "Peer-Reviewed Scholarship in print or other media", "Research Investigations", "Postdoctoral Training", "Current Licensure and Certification", "… Invited Teaching and Presentations" as talks), a heading that the lexicon names may run past 60 characters, published abstracts are papers; 116: Europass as a PDF's text gives it: an indented label in a right-aligned column heads its section ("Publications   1. …"), a field's value wrapped under itself or beside a label wrapped in its column is one line, "Occupation or position held" is the role whatever words name it, the employer's field the employer however long; references in ACS style ("Surname, I.; Surname, I. Title. Water Res. 2019, 150, 12-21."); Romanian, Hungarian, Greek, Baltic and Slavic universities; a teaching assistantship under dates alone is no job; 115: a course's code and title alone under a teaching role is a course, a job's line that says what was taught ends the courses where it says to whom ("… to undergraduate students. Led …"), "A and B" with no comma stays one course; 114: a run of two or more lines led by course codes ("GEOG 110  Introduction to …") is teaching in any award, job or other section, and no part of that section's kind; 113: a line an employment section leads with its dates is a job whatever words name its role ("Sommervikar, Havforskningsinstituttet, Bergen"), "im", "am", "bei", "chez", "presso" say where a role was held as "at" does, a few capitalised words over a role and its dates alone are its employer ("Kumasi Telecom" / "Software Engineer" / "July 2006 - July 2008 (2 years 1 month)"); 112: a degree in a sentence at a unit, then its university ("Ph.D. student from Robotics Institute, University of …"), an advisor after "and Dr." is read past the title's stop; 111: Markdown emphasis ("*Labour Economics*") gives the venues of papers that have none, a venue read from italics takes the year after it; 110: a venue after a quoted title that opens in lower case before a capital ("npj Spintronics", "eLife") or after a bracketed note ("(review, in Japanese), Butsuri 76"); 109: references in Copernicus and AGU style ("Title, Geophys. Res. Lett., 47, e2019GL086312, 2020."): the title ends at the comma before the abbreviated journal; 108: a year inside an identifier, letters on both sides ("e2019GL086312"), is no year; 107: an employer line that goes on with the dated entry above it, whose line stops on a comma, heads no later line that names its own employer and dates; 106: a job line of up to 16 words closed by its one date ("…, St. Paul, MN — *Summer 2009*"), "Company" names an employer before its lab; 105: a section whose honours open with their years lists its grants the same way, with no honour word in their names ("2023 – 2026  Proyecto …"), a name that goes on on the line under it is one award; 104: a course after its leading cells may have a subtitle after a colon ("PS  Einführung …: Die Stadt im Spät-"), a word cut at its hyphen and wrapped in its column is joined ("Spät-" / "mittelalter"); 103: 103: a numbered part of a section that holds courses attended, teaching projects joined or theses supervised ("4.3 Formación docente recibida") is a section of its own, the next part returns to the section; a part's number ("4.1 Universidad de …") is no list number; 102: 102: a dated grant whose bracket says the person led it ("(PI; …)", "(prosjektleder; …)", "(Projektleiterin)") is an award, "og", "och", "en", "ve", "ja" join a heading's words; 101: 101: a course named in quotes near the start of a teaching line that says it was taught ("«Sciences du sol», …: chargée de TD", "módulo «…»: profesora invitada"); 100: 100: quarter and term codes ("FA19", "WI20", "SP21") are no course codes, "CHEM 6A" and "CHEM 6BL" are; 99: 99: a course name wrapped in its column under a line of leading cells ("41240  Gestão de Bacias" / "Hidrográficas") is one name, "Anos letivos 2018/2019 a 2020/2021" is a term heading, prose under a term heading is no course; 98: 98: German and Portuguese posts ("Akademische Rätin", "Studentische Hilfskraft", "Praktikum", "… Professur", "Professora", "Bolseira", "Estágio"), "Doutoramento em", "Licenciatura em"; 97: 97: references as German historians cite them ("Surname, Given: Title, in: Journal 47 (2020), S. 1–34", "in: Editor (Hg.): Book, Place: Publisher 2021", a series in brackets), a number that opens a line indented under one cut mid-phrase goes on from it ("     14. Jahrhundert, in: …"); 96: 96: a line that names only a term ("Wintersemester 2023/24", "Ano letivo 2022/2023", a school after a dash) heads the course lines under it, whose leading cells (a code, "1.º sem.", "VL") and closing hours ("2 SWS") are no part of the course; numbered headings in capitals of up to eight words; honours in the Nordic languages, Dutch, Finnish, Turkish and Czech ("Undervisningsprisen", "Ödülü", "Burs"); 95: 95: Nordic, Dutch, Finnish and Turkish universities ("Universitetet i Bergen", "Lunds universitet", "Hogeschool", "Ege Üniversitesi"), degrees ("Ph.d.", "Cand.scient.", "Fil.kand.", "Doktora", "Yüksek Lisans"), posts ("Førsteamanuensis", "Stipendiat", "Universitair docent", "Araştırma Görevlisi"), months and open ends ("2020–nå"), a lower-case "i" makes no line prose; 94: 94: numbered headings that put what they hold last (Turkish, up to ten words in sentence case) or first ("4. Öğrenim Durumu"), "Habilitações", "Percurso", "Atividade pedagógica", Norwegian and Turkish headings; course tables under a header row with a code column, a second header line, codes before the course, rows that print their group's year and term once; 93: 93: teaching headings in German, Italian, Dutch, the Nordic languages, Czech, Polish, Turkish, Spanish, Portuguese and French ("Lehrveranstaltungen", "Verdiği Dersler", "Disciplinas ministradas", "Cours enseignés"), "Modules Taught", headings of the other kinds in Dutch, the Nordic languages, Czech and Turkish; 92: 92: a long job line that wraps onto its dated line is read with it, roles ending in "-ologist"; 91: a Markdown bullet before a number by kind ("- [J8] …"), a mark after a bold name ("**J. Baek**†,"); 90: a course's code holds no term ("STU22004"), "Michaelmas Term", "Hilary Term" and kin are terms; 89: a table's columns part a degree from its institution ("MSc (Chemistry), cum laude   Rhodes University   2008"), "PhD thesis: …" under a table of degrees is the thesis of the PhD listed, no degree of its own; 88: a sentence after a job's employer ("…, The University of Queensland. Continuing appointment …") is no part of it; 87: "Outputs" headings hold publications; 86: numbered headings in sentence case that end in what they hold ("6. Previous work experience", "5. Current position"), "merits" and "output" headings, references in the Springer style ("Tregear BA, Cho M-L (2021) Title. Journal 14: 2215–2230."); 85: a heading in capitals that wraps in a left column ("HONORS AND" / "AWARDS", as res.cls sets them) is one heading, its body read on beside both lines, an award whose quoted title or honour word wraps onto the next line, a grant held "Co-PI (PI: …)", an amount after a quoted title; 84: references as mathematicians cite them (AMS: "H. Dubois et T. Moreau, Title, Math. Ann. 376 (2020), 1345–1389."); 83: references in ABNT style ("SURNAME, Given; SURNAME, Given. Title. Journal, v. 77, n. 1, p. 3-31, 2023."); 82: a dated grant whose role its entry states ("Role: PI") is an award named by its funder, scheme and number, a year is no date inside a longer number ("HL141922"), "2008 (Spring)" is a term; 81: "Clinical Fellow" and "Fellow in …" are roles, a dated table row whose wrapped cells are each short is a CV line however long it is joined; 80: an employer's name cut after a small word ("…, Universidad de" / "Zaragoza.") is joined to the line under it, "— dal 2023" after a job names no employer, job lines of up to 20 words; 79: "Doctora en", "Doutor em", "Licenciada en" are degrees, a sentence after a school's name ("Universidad de León. Calificación: …") is no part of it, a graduate school before its university gives the university, a doctorate's "(Mención Internacional)" names no advisor, "Assoc. Prof." before an advisor; 78: a given name and two surnames cited by the first ("Zubeldia, I." for Itziar Zubeldia Olaberria), "Bibliography" headings, a Markdown subheading heads an entry as bold type does, an employer wrapped onto a second line under a role in bold, what follows a dash after the dates, "Borsista"; 77: a name in capitals under a heading stays in its section only under a heading that names a kind (not a job title in capitals at the top); 76: "Affiliated Faculty", "Visiting Faculty" and any "… Assistant" (not "Assistant Professor") are roles; 75: a year, a dash and a column's gap ("2023 –     Associate Professor") is held now; 74: the person's own name (a running header) is no course; 73: a table's dated row whose cells wrap onto the line under it in the same columns is one row, "Physician", "Surgeon", "Clinician" and "Attending" are roles; 72: heading nouns joined by a hyphen ("Honors-Awards", as LinkedIn writes it), "Borsa" names a grant; 71: courses named by code in a sentence that says they were taught ("Taught CMSC 426 Computer Vision (Spring 2017) and …"), one course named by its code alone and by its code and title is one; 70: Italian academic years leading a course ("a.a. 2022/2023 – 2023/2024 · …"), a middle dot parts a course line, a table's row with a term wrapped onto its own line or a bracket wrapped into more cells, a course line going on with "(6 CFU), …"; 69: a text table of courses under a header row of column names ("Asignatura  Titulación  Curso académico  Créditos"), wrapped names joined; 68: numbered headings that name what they hold ("3. DOCENCIA", "IV. Honors and Awards"); 67: a year and a month written with a dot ("2015.4–2018.3", "2019.07–now") is a date, a profile's identifier ("ORCID: 0000-0001-…") is no employer; 66: "… of the Year" names an honour; 65: an emoji or pictograph that marks a line ("🏆 Best Paper Award") is no part of it; 64: a degree's institution cut at its line's end ("Imperial" / "College London", "University of the" / "Witwatersrand") joined to the line under it, "Doctorat de", "Licence de", "Doctorado de", "Graduação em" and kin are degrees; 63: "Prêmio", "Auxílio", "Ayuda" and "Subvención" name honours, an award led by "2020 – atual" or another open end, a bracket whose semicolons part its own details is no list of awards; 62: a name in capitals right under a heading heads its first entries in that section ("DOCÊNCIA" / "FGV EESP"), an en dash before a word is a bullet, course codes "MPE-0312"; 61: courses led by academic years in lists and spans ("2019-2020, 2020-2021", "2018-2019 à 2021-2022", "depuis 2021-2022") end at a column gap, "CM + TD" says how a course was taught, course and module leads and demonstrators are teaching roles, a bracket that says what a course was for ("(PhD course)") is no part of its name, "Docência", "Orientações" and "Encadrement" headings; 60: months in French, Spanish, Portuguese, German and Italian ("mar. 2015 – dez. 2018", "sept. 2016 – août 2018"), an employer's long name with the small words of a Romance language ("Banco Central do Brasil – Departamento de Estudos e Pesquisas"), "Coordenador", "Consultor", "Estagiário" and kin as roles; 59: a course's role and terms on the line under it ("Course Director; Spring 2022, …"); 58: a degree told in a sentence ("I did my PhD at the University of …") names only its university; 57: a reference wrapped under its bullet or number goes on from a line cut mid-phrase, a title ends before "arXiv:"; 56: dot leaders part columns ("Analyse 2 (L1 MPI) ........ TD, 64 h"); 55: an author cited "Surname NT" (Vancouver, initials run together) is the person; 54: a role in bold, a middle dot and its employer ("**Data Science Intern** · Philips Research"), not in a headline at the top; 53: a person named with an honorific ("Dr. …"), no space left before a stop after Markdown markup ("*Nature Methods*, 21(3)"), a short name in brackets with its full year ("(RECOMB 2023)"), preprint servers besides arXiv ("bioRxiv 2024.01.18.576113"); 52: a venue and its year after a dash end a title ("Title — ACL 2023, Nominated …"), a title that stops on a connecting word ("… Hodowli i") is no title, a nomination for a paper award says so, hyphenated initials ("Hsu, W.-L."), a name with its degrees ("BRENNER, Ph.D.") is no author list, page numbers are no year ("pp. 1990–2008"), short names that open with a digit ("3DV") or name a workshop at a venue ("3DVR @ CVPR"); 51: Chicago references (a journal's volume, number and date in brackets, a chapter's book before "edited by", a book's publisher), quoted titles written "(with …)", a quoted title is never an author list, a line ending "de" or "von" goes on; 50: references in the Unified Style Sheet ("Surname, Given & Given Surname"), the stop after a bold name, a venue and its long name in brackets before a dash and the title, a venue no lexicon knows before its year and a dash, a chapter's editors and book, a publisher is no title; 49: headings with a trailing qualifier in brackets ("… (computing venues)"), entries led by the year and the person's own name, a quoted title that closes on a later line, a venue line cut mid-phrase or giving page numbers, a year that names a meeting ("the 2024 Conference on …"); 48: a publication list's subheading of statuses ("Accepted / In Press") is no title; 47: a journal before its volume, issue and pages ("Language 99(3). 455–489"), a venue leading its line ("NAACL 2024 — Title"), APA's "(in press)", a question mark before a subtitle, a mentee's "‡", a Markdown subheading ends a reference; 46: lists numbered by kind without brackets ("J12.", "C3."), author lists written given name first (ACM), a venue's short name in its bracket after its full name, a paper's award in a numbered list, "Work in Progress" and "Job Market Paper" headings; 45: Vancouver citations ("Okoro N, Lund P. Title. Eur Heart J. 2019;40(2)"), MPH, MBBS and kin, a table's header row is no record, awards listed in a paragraph parted by semicolons or wrapped onto a line with no year, lines led by an author list given name first, a question mark inside a quoted title, a title's colon at a line end, a role's place and description after its dates, a long employer set in bold, section headings in a left column (Europass); 44: a middle dot parts an employer from its place and dates, "Centro", "Banco", "Fundación" and kin name employers; 43: an employer's line with its dates over a role in one of its labs, groups or teams, an aside in brackets makes no "Employer: Role" line; 42: courses listed in a paragraph after a colon ("Courses taught (as instructor): A (MA, 2019); B (BA, 2018)"), each with the terms in its bracket; 41: job lines led by their dates and a colon (a bold date is no employer), the bracket after a role that says what it was ("(RTD-a, …)", "(January – March)"), a labelled sentence after a job ("Project: …"), a dated job line that runs on to a short line under it, "S.r.l." and kin; 40: courses under "As lecturer", led by their academic year ("a.y. 2023-24: …"), wrapped onto a second line, without the bracket that says what the course was for ("(Master programme, 30h)"), supervision is no course; 39: a course named by its kind before a colon ("Practical Course: …"), a dash between a course, its school and its terms; 38: a course code and its title in two columns are one course, German terms "WS 2019/20" and "SS 2022", guest and invited lectures and the lines under "Guest lectures:" are no courses, "Selected lectures" are talks, a course line's course is not the school it names; 37: a dated job entry wrapped onto a second line is one entry, "2021–" with nothing after it is held now, "Doctoral Researcher" and "Doctoral Student" are jobs, roles with their dates under them are all held at the employer above, each role under a bold employer is held there; 36: a title that goes on after its colon on the next line, a venue named after a quoted title before its publisher and year, a person cited by the first part of a double surname or before "et. al.", a volume and article number with no comma between, headings "Employment History", "Career", "Courses", "Affiliations", "Degrees" and kin, talks listed with courses are talks, a course line that names its own school and term, "Co-instructor"; 35: entries that close with their month and year cut after it where a block sets several without blank lines; 34: courses listed under a school line take that school, a course number of four digits is no term, a course title that lists three things stays whole; 33: the next entry's head cut from the bullet above it where a PDF set no blank line between them; 32: the "AB" of a company's name is no bachelor's degree; 31: "Depuis 2020 : Role, Employer", French posts (ATER, Chargée d'études, Stagiaire); 30: a role line over "Employer, City | dates", whatever words name the employer, with the dates of that line; 29: an employer known by its legal form ("Spotify AB"), Europass fields "Dates" without a colon, an employer's street address and the fields that describe a job left out, full dates "01/10/2020"; 28: job lines parted by an em dash, courses under a role line that names a department or nothing else ("Instructor of record"), a school line with the role and years in brackets, course hours, course codes that open with a digit, year lists as terms; 27: authors written surname first ("Berman, Alexander, Sharon Chu"), a first author with "et al.", a venue's year on the next line; 26: an award's year set off by a dash ("2022 — Early Career Award"); 25: grants held as investigator ("Principal Investigator, …", "PI: …") and amounts in any currency code; 24: a role under its employer line that no role word names, the employer before a unit of it, "PhD Intern" is a job, an employer parted from its place by a column gap; 23: "Employer, City - Role" job lines, a one-word employer the gazetteer knows for no city, a quoted course after "Teaching assistant for" with its school; 22: advisors named in a bracket of names after a degree; 21: courses named alone under their school, their role line or in a table row, month dates "09.2019" and "2014-09", awards tables read by rows, headings, degrees, roles, honours, open ends and terms in Italian, German, French, Spanish and Polish, Europass field labels, columns parted by runs of spaces, a role no role word names between its dates and its employer or before an organisation on its dated line, headings in sentence case, an honour told in a sentence, a thesis title ends at its advisor; 20: honours listed under their kind ("Travel awards: A (2015), B (2016)"), no "(expected )" left in a degree, lists numbered by kind ("[C3]", "[J1]"), a venue after lower-case "in", a year written "'23", entries that open with their dates each keep their own employer, "Since 2016", a country in brackets after an employer, a role, its employer and its dates on three plain lines, a year after the school a degree goes with, an advisor on the degree's own line, a course's school in brackets, "Role, Employer — Place", a lone year on a job's line; 19: title-first exports with sentence-case titles, a journal on its own line, a title wrapped before "(", a date alone after a description starts a new job entry, a headline's degree is the one the education section lists, "PhD mobility" is no degree, degrees listed over one school all take it, an honour named in capitals then "award" in a biography, a reference list under its own subheadings ("Published", "In review"), a course given in two places the same year is two; 18: a sole "Surname, Given." author, author lists marked "†" or wrapped at a surname, series parts in titles; 17: a journal abbreviated at the right of a title line; 16: biographies through their links, honours listed after a verb of receiving, "Role at Employer", a degree after the name is a title; 15: reference lists told apart by the author lines that open their entries, Markdown headings underlined with "===", job titles in other languages; 14: a place alone ("Bloomington, IN") ends an entry, "Surname, I." lists end at the title; 13: front matter and template code left out; 12: italic type gives venues; 11: thesis lines in six languages, "Courses Taught"; 10: "Post-Doctoral" is no degree; 9: two-line entries, roles in capitals; 8: "Supervised by" lines; 7: degrees in five languages, an institution run into its degree line; 6: a degree line before its institution line; 5: run-together lists, bold


def _file_sha(path: Path, max_bytes: int, chunk_tokens: int, person: str = "") -> str:
    """Content hash read in blocks; oversized and unreadable files fail here, before parsing."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            loaders.load(path, max_bytes=max_bytes)  # raises the loader's size message
        digest = hashlib.sha256(
            f"profilechat-parse-{PARSE_VERSION}-{chunk_tokens}-{person}\n".encode())
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        loaders.load(path, max_bytes=max_bytes)  # raises the loader's path message
        raise


def limits(settings: Settings) -> loaders.Limits:
    """The per-file limits the settings set."""
    return loaders.Limits(
        file_bytes=int(settings.max_file_mb * 1024 * 1024), pages=settings.max_pages,
        stream_bytes=int(settings.max_stream_mb * 1024 * 1024), chars=settings.max_text_chars)


# One child for every ingest in this process (the web chat ingests upload after upload): it
# starts once, ~1 s of imports, and is replaced only after a file it had to be killed for.
WORKER = ParseWorker()


def parse(path: Path, settings: Settings, index: Index, person: str | None = None, *,
          records: bool = True) -> _Parsed:
    """Hash, and if new, load, identify and chunk one file, and read its records unless
    `records` is False (see read_later); never raises for a bad file. With a time budget
    (PROFILECHAT_MAX_PARSE_SECONDS), the file is read in the worker process.

    `person` names who the file is about when its text does not say (a Markdown page whose name
    is only in the site's config); it is part of the hash, so renaming re-indexes the file.
    """
    budget = limits(settings)
    try:
        sha = _file_sha(path, budget.file_bytes, settings.chunk_tokens, person or "")
        if index.file_sha(path) == sha and index.records_current(sha):
            return _Parsed(path, sha, unchanged=True)
        started = time.perf_counter()
        parsed: _Parsed = _within(settings, settings.max_parse_seconds, path, read, path, sha,
                                  budget, settings.chunk_tokens, person, records)
        parsed.spent = time.perf_counter() - started
        return parsed
    except ProfileChatError as exc:
        return _Parsed(path, "", error=str(exc))
    except OSError as exc:
        return _Parsed(path, "", error=f"{path}: cannot read ({exc.strerror or exc})")


def read_later(parsed: _Parsed, settings: Settings) -> None:
    """Read the records of a file parsed with records=False, in what is left of its time budget,
    into parsed.later: a 1 MB text's records take ~5 s, which its embedding now hides."""
    assert parsed.later is not None and parsed.document is not None
    seconds = settings.max_parse_seconds
    try:
        left = max(seconds - parsed.spent, 1.0) if seconds > 0 else 0.0
        parsed.later.set_result(_within(settings, left, parsed.path, read_records,
                                        parsed.document.text, parsed.person, parsed.chunks,
                                        parsed.path.name, parsed.document.bold,
                                        parsed.document.italic))
    except Exception as exc:  # noqa: BLE001 (raised where the file is written: a bug surfaces)
        parsed.later.set_exception(exc)


def _within(settings: Settings, seconds: float, path: Path, fn: Callable[..., Any],
            *args: Any) -> Any:
    """fn(*args) in the worker within `seconds` (what is left of the file's budget), or
    in-process when there is no budget."""
    if seconds <= 0:
        return fn(*args)
    try:
        return WORKER.call(seconds, fn, *args)
    except TimeoutError:
        raise IngestError(
            f"{path.name}: reading it took over {settings.max_parse_seconds:g} s "
            "(PROFILECHAT_MAX_PARSE_SECONDS), so it was stopped; a CV takes under a "
            "second, so split it, or raise the limit if it is a real document") from None
    except ChildProcessError as exc:
        raise IngestError(f"{path.name}: the parser crashed on it ({exc}); re-export it "
                          "or leave it out") from None


def ingest(
    paths: Iterable[Path],
    settings: Settings,
    index: Index,
    *,
    prune: bool = False,
    on_file: Callable[[FileResult], None] | None = None,
    progress: bool = False,
    names: Mapping[str, str] | None = None,
) -> IngestReport:
    """Ingest files and folders; parsing runs ahead of embedding on another core.

    Args:
        names: file name → the person it is about, for files whose text does not name them.
    """
    skipped: list[FileResult] = []
    files = list(dict.fromkeys(discover((Path(p) for p in paths), skipped)))
    report = IngestReport()
    bar = _progress_bar(len(files), progress)
    # Who each live document is about, for the files that turn out unchanged.
    people = {doc["sha"]: person for person, docs in index.people().items() for doc in docs}

    def record(results: list[FileResult]) -> None:
        for result in results:
            report.files.append(result)
            if on_file:
                on_file(result)
            bar.update(1)
            bar.set_postfix_str(f"{result.outcome}: {result.path.name}"[:40])

    waiting: list[_Parsed] = []
    writer = _Writer(index, record)
    try:
        for parsed in _parse_ahead(files, settings, index, names or {}):
            if parsed is None:
                # Parsing is behind (a slow PDF, a small collection): embed what is waiting
                # rather than sit idle, once it fills a batch.
                if sum(len(p.chunks) for p in waiting) >= settings.embed_batch:
                    writer.submit(waiting, *_embed(waiting, index))
                    waiting = []
                continue
            if parsed.error or parsed.unchanged:
                record([_settled(parsed, people.get(parsed.sha))])
                continue
            waiting.append(parsed)
            # Embedding many files' chunks together lets length-sorted batches waste little on
            # padding: 512-chunk groups cost 1.05x a whole-corpus sort, 128-chunk groups 1.22x.
            if sum(len(p.chunks) for p in waiting) >= 16 * settings.embed_batch:
                writer.submit(waiting, *_embed(waiting, index))
                waiting = []
        writer.submit(waiting, *_embed(waiting, index))
        writer.wait()
    finally:
        writer.close()
    bar.close()
    for result in skipped:
        report.files.append(result)
        if on_file:
            on_file(result)
    index.abandon_pending()
    if prune:
        report.files.extend(_prune(index, on_file))
    return report


def _parse_ahead(files: list[Path], settings: Settings, index: Index,
                 names: Mapping[str, str]) -> Iterator[_Parsed | None]:
    """Parse in a background thread while the caller embeds (onnxruntime releases the GIL);
    None, before waiting, when the next file is not parsed yet."""
    # Room for the next embedding group's files (512 chunks ≈ 60 profiles, a few MB), so they are
    # parsed while this group embeds: with 8, ingest waited on parsing between groups.
    done: queue.Queue[_Parsed | None] = queue.Queue(maxsize=8 * settings.embed_batch)
    stop = threading.Event()
    failure: list[BaseException] = []

    def work() -> None:
        try:
            for path in files:
                if stop.is_set():
                    break
                parsed = parse(path, settings, index, names.get(path.name), records=False)
                if parsed.document is not None:
                    parsed.later = Future()
                done.put(parsed)  # its chunks embed while its records are read
                if parsed.later is not None:
                    read_later(parsed, settings)
        except BaseException as exc:  # a bug: raised again in the caller, never a silent hang
            failure.append(exc)
        finally:
            done.put(None)

    worker = threading.Thread(target=work, name="profilechat-parse", daemon=True)
    worker.start()
    try:
        while True:
            try:
                item = done.get_nowait()
            except queue.Empty:
                yield None
                item = done.get()
            if item is None:
                if failure:
                    raise failure[0]
                return
            yield item
    finally:
        stop.set()


def _settled(parsed: _Parsed, person: str | None) -> FileResult:
    if parsed.error:
        return FileResult(parsed.path, "failed", reason=parsed.error)
    return FileResult(parsed.path, "unchanged", person)


class _Writer:
    """Writes embedded groups to Chroma and SQLite on one thread, in order, so that writing a
    group (one core) overlaps embedding the next (both cores)."""

    def __init__(self, index: Index, record: Callable[[list[FileResult]], None]) -> None:
        self._index = index
        self._record = record
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="profilechat-write")
        self._pending: Future[list[FileResult]] | None = None

    def submit(self, batch: list[_Parsed], indexed: set[str], new: list[tuple[Chunk, str]],
               vectors: list[list[float]]) -> None:
        self.wait()
        self._pending = self._pool.submit(_write, batch, indexed, new, vectors, self._index)

    def wait(self) -> None:
        """Record the results of the group being written, once it is."""
        if self._pending:
            pending, self._pending = self._pending, None
            self._record(pending.result())

    def close(self) -> None:
        self._pool.shutdown(wait=True)  # never leave a write half done behind an error


def _embed(batch: list[_Parsed], index: Index
           ) -> tuple[set[str], list[tuple[Chunk, str]], list[list[float]]]:
    """Mark a group's new documents pending and embed their chunks together; reuses vectors an
    interrupted run already wrote. Returns the indexed paths, the chunks and their vectors."""
    indexed = set(index.indexed_paths())
    todo: list[_Parsed] = []
    new: list[tuple[Chunk, str]] = []
    for parsed in batch:
        doc = parsed.document
        assert doc is not None and parsed.person is not None
        if index.is_live(parsed.sha) or any(parsed.sha == p.sha for p in todo):
            continue  # same content already indexed, or in this batch, under another path
        todo.append(parsed)
        resumed = index.begin(parsed.sha, parsed.person, parsed.path.name, doc.kind,
                              len(parsed.chunks), doc.repairs, doc.problems)
        have = index.stored_vector_ids(parsed.sha) if resumed else set()
        new.extend((c, parsed.sha) for c in parsed.chunks if c.id not in have)
    vectors = index.embeddings.embed_documents([c.text for c, _ in new]) if new else []
    return indexed, new, vectors


def _write(batch: list[_Parsed], indexed: set[str], new: list[tuple[Chunk, str]],
           vectors: list[list[float]], index: Index) -> list[FileResult]:
    """Write a group's vectors to Chroma, then commit each file of it."""
    if new:
        index.add_vectors([c for c, _ in new], [sha for _, sha in new], vectors)
    results = []
    for parsed in batch:
        _settle(parsed)
        same = index.file_sha(parsed.path) == parsed.sha  # only its records were out of date
        index.commit(parsed.path, parsed.sha, parsed.chunks, parsed.records, doc_text(parsed),
                     parsed.coverage)
        doc = parsed.document
        assert doc is not None
        outcome = "unchanged" if same else "replaced" if str(parsed.path) in indexed else "added"
        results.append(FileResult(
            parsed.path, outcome, parsed.person,
            len(parsed.chunks), repairs=doc.repairs, problems=doc.problems,
            reader=doc.reader, glued=doc.glued,
        ))
    return results


def _settle(parsed: _Parsed) -> None:
    """Wait for records read after the chunks; a file whose records ran past the time budget
    is indexed for its passages alone, and says so."""
    if parsed.later is None:
        return
    assert parsed.document is not None
    try:
        parsed.records, parsed.coverage = parsed.later.result()
    except ProfileChatError as exc:
        parsed.document.problems.append(
            f"its records were not read ({exc}); its passages are indexed, but records "
            "answers (collection questions, `people --json`) leave it out")


def doc_text(parsed: _Parsed) -> str:
    return parsed.document.text if parsed.document else ""


def _prune(index: Index, on_file: Callable[[FileResult], None] | None) -> list[FileResult]:
    results = []
    for path in index.indexed_paths():
        if not os.path.exists(path):
            index.remove_path(path)
            results.append(FileResult(Path(path), "pruned"))
            if on_file:
                on_file(results[-1])
    return results


def _progress_bar(total: int, enabled: bool):  # type: ignore[no-untyped-def]
    from tqdm import tqdm

    return tqdm(total=total, unit="file", disable=not enabled or total == 0, file=sys.stderr,
                dynamic_ncols=True)
