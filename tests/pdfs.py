"""Small PDFs with the defects real CVs have, written with fpdf2 for the loader tests."""

from __future__ import annotations

import io
from pathlib import Path

from fpdf import FPDF
from pypdf import PdfReader, PdfWriter

# DejaVu Sans has the ﬁ/ﬂ/ﬃ glyphs; fpdf2's core fonts are latin-1 and cannot write them.
LIGATURE_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
# DejaVu Serif has the mathematical italic letters (𝑧, 𝑃) a LaTeX CV's titles are set in.
MATH_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")

CV_PAGES = [
    ["Jane Doe", "jane.doe@example.edu", "EDUCATION", "PhD in Computer Science, 2020"],
    ["PUBLICATIONS", "Page two marker: Scalable Training Systems, OSDI 2021"],
    ["AWARDS", "Best Paper Award, SOSP 2019"],
]
LEFT_COLUMN = [f"Left column sentence {n} about fault tolerant training." for n in range(8)]
RIGHT_COLUMN = [f"Right column sentence {n} about serving large models." for n in range(8)]
TAB_ROWS = [
    ("University of Michigan", "Aug 2021 - May 2026"),
    ("Ph.D. in Computer Science and Engineering", "Ann Arbor, MI"),
    ("KAIST", "Mar 2016 - Feb 2018"),
    ("M.Sc. in Computer Science", "Daejeon, Korea"),
    ("Sungkyunkwan University", "Mar 2011 - Feb 2016"),
    ("B.Sc. in Computer Engineering", "Seoul, Korea"),
    ("Google LLC, Software Engineering Intern", "May 2025 - Aug 2025"),
    ("Tesla Inc., Autopilot Intern", "May 2023 - Aug 2023"),
]
SIDEBAR = ["CONTACT", "jane@example.edu", "+1 555 0100", "SKILLS", "Python, C++", "CUDA, JAX"]
SIDEBAR_PROSE = [
    "Jane builds systems that train large models across thousands of accelerators and",
    "recovers from the failures that are routine at that scale, without restarting jobs",
    "from checkpoints; her work on pipeline templates cut recovery time by an order of",
    "magnitude and shipped in two production training stacks used by hundreds of",
    "researchers, who rely on it every day for experiments that run for several weeks",
    "and would otherwise lose days of progress to a single failed machine or network link.",
]


def _lines_pdf(pages: list[list[str]], pdf: FPDF | None = None) -> FPDF:
    """A PDF with one line of Helvetica per string, a page per list."""
    pdf = pdf or FPDF()
    pdf.set_auto_page_break(False)
    for lines in pages:
        pdf.add_page()
        pdf.set_font("helvetica", size=11)
        for line in lines:
            pdf.cell(text=line, new_x="LMARGIN", new_y="NEXT")
    return pdf


def cv_pdf(path: Path) -> Path:
    """A plain three-page CV with distinct text on each page."""
    _lines_pdf(CV_PAGES).output(str(path))
    return path


def _dejavu_line_pdf(path: Path, text: str) -> Path:
    """A page with one line set in DejaVu Sans, which has glyphs for what the core fonts lack."""
    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("DejaVu", fname=str(LIGATURE_FONT))
    pdf.set_font("DejaVu", size=11)
    pdf.cell(text=text)
    pdf.output(str(path))
    return path


def ligature_pdf(path: Path) -> Path:
    """A page whose text is written with the ﬁ, ﬂ and ﬃ ligature characters."""
    return _dejavu_line_pdf(path, "An e\ufb03cient \ufb01eld study of data\ufb02ow systems")


def word_hyphens_pdf(path: Path) -> Path:
    """A title whose hyphens are Unicode's, as Word sets them: U+2011 and U+2010."""
    return _dejavu_line_pdf(path, "Early post\u2011Neolithic evolution of half\u2010tetrad maps")


def math_letters_pdf(path: Path) -> Path:
    """A reference whose title is set with mathematical italic letters, as LaTeX sets "$z$"."""
    pdf = FPDF()
    pdf.add_page()
    pdf.add_font("DejaVuSerif", fname=str(MATH_FONT))
    pdf.set_font("DejaVuSerif", size=10)
    for line in ("PUBLICATIONS",
                 "Okafor, B. 2024, Quiet Galaxies at 𝑧 ∼ 7 and the Drift of 𝑃̇,",
                 "ApJ, 960, 12"):
        pdf.cell(text=line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def hyphenated_pdf(path: Path) -> Path:
    """Lines broken with hyphens: a syllable break, a compound, a name, an acronym compound."""
    lines = [
        "We built a distri-",
        "buted training system for state-of-",
        "the-art models with Jae-",
        "Won Chung, using GPU-",
        "based kernels and a well-",
        "known scheduler.",
    ]
    _lines_pdf([lines]).output(str(path))
    return path


class _RunningHeads(FPDF):
    """An FPDF that prints a header and a numbered footer on every page."""

    def header(self) -> None:
        self.set_font("helvetica", size=9)
        self.cell(text="Jane Doe - Curriculum Vitae", new_x="LMARGIN", new_y="NEXT")

    def footer(self) -> None:
        self.set_y(-15)
        self.set_font("helvetica", size=9)
        self.cell(text=f"Page {self.page_no()} of 4")


def running_heads_pdf(path: Path) -> Path:
    """Four pages that repeat a header and a "Page n of 4" footer."""
    body = [["Education and degrees"], ["Publications list"], ["Invited talks"], ["Service"]]
    _lines_pdf(body, _RunningHeads()).output(str(path))
    return path


def two_column_pdf(path: Path) -> Path:
    """A full-width title over two columns whose lines are written interleaved, row by row."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=14)
    pdf.text(15, 20, "Research Statement of Jane Doe, written in two columns for this test")
    pdf.set_font("helvetica", size=10)
    for row, (left, right) in enumerate(zip(LEFT_COLUMN, RIGHT_COLUMN, strict=True)):
        pdf.text(15, 35 + 6 * row, left)
        pdf.text(100, 35 + 6 * row, right)
    pdf.output(str(path))
    return path


def tab_stop_cv_pdf(path: Path) -> Path:
    """CV rows with dates at a tab stop: side by side, but each date belongs to its row."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=11)
    for row, (entry, when) in enumerate(TAB_ROWS):
        pdf.text(15, 20 + 6 * row, entry)
        pdf.text(120, 20 + 6 * row, when)
    pdf.output(str(path))
    return path


def sidebar_pdf(path: Path) -> Path:
    """A narrow sidebar of short items beside a column of prose, written row by row."""
    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("helvetica", size=10)
    for row, (side, main) in enumerate(zip(SIDEBAR, SIDEBAR_PROSE, strict=True)):
        pdf.text(12, 20 + 5 * row, side)
        pdf.text(65, 20 + 5 * row, main)
    pdf.output(str(path))
    return path


def glued_pdf(path: Path) -> Path:
    """Words run together: one run the document's own words can split, one they cannot."""
    lines = [
        "Distributed Systems for Machine Learning",
        "Thesis: DistributedSystemsforMachineLearning",
        "Keywords: Qwzxvbnmplkjhgfdsaqwerty",
    ]
    _lines_pdf([lines]).output(str(path))
    return path


def encrypted_pdf(path: Path, user_password: str = "secret") -> Path:
    """The CV encrypted (RC4, which pypdf writes without extra packages); "" only restricts use."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(bytes(_lines_pdf(CV_PAGES).output()))))
    writer.encrypt(user_password=user_password, owner_password="owner", algorithm="RC4-128")
    writer.write(path)
    return path


def image_only_pdf(path: Path) -> Path:
    """Two pages with drawings and no text at all, like a scan."""
    pdf = FPDF()
    for _ in range(2):
        pdf.add_page()
        pdf.set_fill_color(90, 90, 90)
        pdf.rect(20, 20, 150, 200, style="F")
    pdf.output(str(path))
    return path


EVIDENCE_SENTENCE = ("Zora Quill designs lighthouse beacon protocols for underwater acoustic mesh "
                     "networks in cold seas.")
EVIDENCE_PAGES = [
    ["Zora Quill", "zora.quill@example.edu", "EDUCATION",
     "PhD in Computer Science, Brightwater University, 2018"],
    ["RESEARCH", "Zora Quill designs lighthouse beacon protocols for",
     "underwater acoustic mesh networks in cold seas.", "AWARDS", "Tidewater Prize, 2021"],
]


def evidence_pdf(path: Path) -> Path:
    """A two-page CV whose page 2 states EVIDENCE_SENTENCE over two lines, for page previews."""
    _lines_pdf(EVIDENCE_PAGES).output(str(path))
    return path


# Employers in bold over their roles, in the layout of many Word and LaTeX CVs; the second
# employer's name holds no word (Inc., Labs, University) that says it is one.
BOLD_EMPLOYERS = [
    ("Mara Quintero", False), ("Experience", True),
    ("Halden Works", True), ("Research Scientist | Aug 2021 - Jun 2024", False),
    ("Built sonar pipelines for the survey fleet.", False),
    ("Fjordline Marine", True), ("Data Lead | Oct 2018 - Jul 2021", False),
]


def bold_employers_pdf(path: Path) -> Path:
    """A one-page CV whose employers are set in bold Helvetica and roles in regular."""
    pdf = FPDF()
    pdf.add_page()
    for text, bold in BOLD_EMPLOYERS:
        pdf.set_font("helvetica", style="B" if bold else "", size=11)
        pdf.cell(text=text, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


# A citation export's layout: each title in bold with its journal run into the same line in
# italics, then the authors and the year. Neither journal's name says it is a journal.
ITALIC_VENUES = [
    ("Tomas Reyes", "", ""),
    ("Publications", "", ""),
    ("Kelp forest genomes under warming seas", "Marine Currents", ""),
    ("T REYES, A OKAFOR, L BRANDT", "", "2021"),
    ("Haplotypes of cold-water seagrass across three coasts", "Seagrass Science", ""),
    ("M ITO, T REYES", "", "2019"),
]


def italic_venues_pdf(path: Path) -> Path:
    """A one-page publication list with bold titles and italic venues (Helvetica-Oblique)."""
    pdf = FPDF()
    pdf.add_page()
    for plain, italic, year in ITALIC_VENUES:
        bold = bool(italic)
        pdf.set_font("helvetica", style="B" if bold else "", size=10)
        pdf.write(text=plain + (" " if italic or year else ""))
        if italic:
            pdf.set_font("helvetica", style="I", size=10)
            pdf.write(text=italic)
        if year:
            pdf.set_font("helvetica", style="I", size=10)
            pdf.write(text=year)
        pdf.ln()
    pdf.output(str(path))
    return path
