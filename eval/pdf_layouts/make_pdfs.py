"""Write ten fictional researcher CVs as PDFs, each with a different layout.

Usage:  python make_pdfs.py [OUT_DIR]      (default OUT_DIR: /tmp/pdf_layouts)

All people, and most labs and companies, are invented. The hand-written
labels for each file live in labels/<stem>.json next to this script.
"""

import os
import sys

from fpdf import FPDF
from fpdf.enums import TableCellFillMode, XPos, YPos
from fpdf.fonts import FontFace

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
NL = dict(new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def new_pdf(fmt="A4", margins=(18, 15, 18), fonts=(), title="", author=""):
    pdf = FPDF(format=fmt, unit="mm")
    pdf.set_margins(*margins)
    pdf.set_auto_page_break(True, 15)
    if "sans" in fonts:
        pdf.add_font("DejaVu", "", DEJAVU + "DejaVuSans.ttf")
        pdf.add_font("DejaVu", "B", DEJAVU + "DejaVuSans-Bold.ttf")
        pdf.add_font("DejaVu", "I", DEJAVU + "DejaVuSans-Oblique.ttf")
        pdf.add_font("DejaVu", "BI", DEJAVU + "DejaVuSans-BoldOblique.ttf")
    if "serif" in fonts:
        pdf.add_font("DejaVuSerif", "", DEJAVU + "DejaVuSerif.ttf")
        pdf.add_font("DejaVuSerif", "B", DEJAVU + "DejaVuSerif-Bold.ttf")
        pdf.add_font("DejaVuSerif", "I", DEJAVU + "DejaVuSerif-Italic.ttf")
        pdf.add_font("DejaVuSerif", "BI", DEJAVU + "DejaVuSerif-BoldItalic.ttf")
    pdf.set_title(title)
    pdf.set_author(author)
    pdf.add_page()
    return pdf


def left_right(pdf, left, right, h, font, lstyle="", rstyle="", size=10, indent=0):
    """Left text and right-aligned text on the same line."""
    pdf.set_font(font, rstyle, size)
    wr = pdf.get_string_width(right) + 2
    pdf.set_x(pdf.l_margin + indent)
    pdf.set_font(font, lstyle, size)
    pdf.cell(pdf.epw - wr - indent, h, left)
    pdf.set_font(font, rstyle, size)
    pdf.cell(wr, h, right, align="R", **NL)


def bullets(pdf, items, font, size=9.5, glyph="\u2022", indent=4, h=4.6):
    pdf.set_font(font, "", size)
    for it in items:
        pdf.set_x(pdf.l_margin + indent)
        pdf.cell(4, h, glyph)
        pdf.multi_cell(pdf.epw - indent - 4, h, it, **NL)


def numbered(pdf, items, font, size=9.5, h=4.6):
    pdf.set_font(font, "", size)
    for i, it in enumerate(items, 1):
        pdf.cell(7, h, f"[{i}]")
        pdf.multi_cell(pdf.epw - 7, h, it, markdown=True, **NL)
        pdf.ln(1)


# ---------------------------------------------------------------- CV 01
def cv01(path):
    """Letter, Helvetica; ALL-CAPS headings with rule; bold role + right dates,
    italic employer on the next line."""
    F = "Helvetica"
    pdf = new_pdf("letter", (20, 16, 20), title="CV", author="Marissa J. Quill")
    pdf.set_font(F, "B", 20)
    pdf.cell(0, 10, "Marissa J. Quill", align="C", **NL)
    pdf.set_font(F, "", 10)
    pdf.cell(0, 5, "Assistant Professor of Computer Science", align="C", **NL)
    pdf.set_font(F, "", 9)
    pdf.cell(0, 5, "Department of Computer Science, Cornell University, Ithaca, NY 14853  |  "
             "mquill@cs.cornell.edu  |  (607) 555-0142", align="C", **NL)

    def heading(t):
        pdf.ln(4)
        pdf.set_font(F, "B", 11.5)
        pdf.cell(0, 6, t.upper(), **NL)
        y = pdf.get_y()
        pdf.set_line_width(0.4)
        pdf.line(pdf.l_margin, y, pdf.w - pdf.r_margin, y)
        pdf.ln(2)

    def entry(title, dates, sub, items=()):
        left_right(pdf, title, dates, 5.2, F, "B", "", 10.5)
        pdf.set_font(F, "I", 10)
        pdf.cell(0, 5, sub, **NL)
        if items:
            bullets(pdf, items, F, 9.5, glyph="-")
        pdf.ln(1.5)

    heading("Education")
    entry("Ph.D. in Computer Science", "2019", "University of Wisconsin-Madison, Madison, WI",
          ["Dissertation: Crash-Consistent Storage for Persistent Memory",
           "Advisor: Prof. Daniel R. Whitcombe"])
    entry("M.S. in Computer Science", "2016", "University of Wisconsin-Madison, Madison, WI")
    entry("B.A. in Mathematics and Computer Science", "2014", "Carleton College, Northfield, MN")

    heading("Professional Experience")
    entry("Assistant Professor", "Aug 2021 - present",
          "Cornell University, Department of Computer Science, Ithaca, NY",
          ["Research on storage systems, persistent memory and file-system reliability.",
           "Advising 4 Ph.D. students and 3 M.Eng. students."])
    entry("Postdoctoral Researcher", "Sep 2019 - Jul 2021",
          "Microsoft Research, Systems Research Group, Redmond, WA",
          ["Designed a crash-consistency checker later adopted by an internal storage team."])
    entry("Research Assistant", "Jan 2015 - Aug 2019",
          "University of Wisconsin-Madison, ADSL Storage Group, Madison, WI")
    entry("Software Engineer Intern", "May 2017 - Aug 2017",
          "Google, Storage Infrastructure team, Mountain View, CA",
          ["Built a fault-injection harness for a distributed block store."])
    entry("Software Engineer Intern", "Jun 2013 - Aug 2013", "Epic Systems, Verona, WI")

    heading("Teaching Experience")
    entry("CS 4410: Operating Systems", "Fall 2022, Fall 2023",
          "Instructor of Record, Cornell University",
          ["Undergraduate course, approx. 280 students per offering."])
    entry("CS 6410: Advanced Systems", "Spring 2022", "Instructor of Record, Cornell University")
    entry("CS 537: Introduction to Operating Systems", "Spring 2017",
          "Teaching Assistant, University of Wisconsin-Madison")
    entry("CS 302: Introduction to Programming", "Fall 2015, Spring 2016",
          "Teaching Assistant, University of Wisconsin-Madison")

    heading("Selected Publications")
    numbered(pdf, [
        'M. J. Quill, A. Banerjee, and D. R. Whitcombe. "Torn Writes No More: Crash-Consistent '
        'Persistent Memory File Systems." In Proc. USENIX OSDI, 2019.',
        'M. J. Quill and T. Harlan. "Verifying Recovery Code with Symbolic Replay." '
        "In Proc. EuroSys, 2020. **Best Paper Award.**",
        'L. Ostrowski and M. J. Quill. "Tiered Logging for Disaggregated Memory." '
        "In Proc. ACM SOSP, 2023.",
    ], F)

    heading("Awards and Honors")
    for a, y in [("NSF CAREER Award", "2023"), ("Best Paper Award, EuroSys", "2020"),
                 ("Microsoft Research PhD Fellowship", "2017")]:
        left_right(pdf, a, y, 5, F, "", "", 10)

    heading("Service")
    bullets(pdf, ["Program Committee: OSDI 2023, FAST 2022, FAST 2024",
                  "Faculty Admissions Committee, Cornell CS (2022 - present)",
                  "Reviewer: ACM Transactions on Storage, IEEE TPDS"], F, glyph="-")
    pdf.output(path)


# ---------------------------------------------------------------- CV 02
def cv02(path):
    """A4, Times; dates in a narrow left column, text wrapping in the right one."""
    F = "Times"
    pdf = new_pdf("A4", (20, 18, 20), title="Curriculum vitae", author="Henrik Solberg")
    pdf.set_font(F, "B", 22)
    pdf.cell(0, 10, "Henrik Solberg", **NL)
    pdf.set_font(F, "", 10.5)
    pdf.cell(0, 5, "Department of Mathematical Sciences, NTNU, NO-7491 Trondheim, Norway", **NL)
    pdf.cell(0, 5, "henrik.solberg@ntnu.no  \u00b7  +47 735 50 123  \u00b7  ORCID 0000-0002-1234-5678",
             **NL)
    DW = 34

    def heading(t):
        pdf.ln(5)
        pdf.set_font(F, "B", 13)
        pdf.cell(0, 7, t, **NL)
        pdf.ln(1)

    def row(date, text):
        pdf.set_font(F, "", 10.5)
        y0 = pdf.get_y()
        if y0 > pdf.h - 30:
            pdf.add_page()
            y0 = pdf.get_y()
        pdf.multi_cell(DW - 3, 5.2, date, align="L", **NL)
        y1 = pdf.get_y()
        pdf.set_xy(pdf.l_margin + DW, y0)
        pdf.multi_cell(pdf.epw - DW, 5.2, text, align="L", markdown=True, **NL)
        pdf.set_y(max(pdf.get_y(), y1) + 1.5)

    heading("Education")
    row("2016", "**Ph.D. in Statistics**, University of Oslo, Norway. Thesis: __Bayesian "
                "hierarchical models for sparse spatial count data__. Advisor: Prof. Ingrid Haug.")
    row("2012", "**M.Sc. in Applied Mathematics**, Norwegian University of Science and "
                "Technology (NTNU), Trondheim, Norway.")
    row("2010", "**B.Sc. in Mathematics**, University of Bergen, Norway.")

    heading("Appointments")
    row("2022 - present", "**Associate Professor**, Department of Mathematical Sciences, "
                          "Norwegian University of Science and Technology (NTNU), Trondheim, Norway.")
    row("2018 - 2022", "**Assistant Professor (tenure track)**, Department of Statistics, "
                       "Stockholm University, Sweden.")
    row("2016 - 2018", "**Postdoctoral Researcher**, Section of Biostatistics, University of "
                       "Copenhagen, Denmark. Funded by a Carlsberg Foundation Internationalisation "
                       "Fellowship; member of the Centre for Statistical Methodology for Register Data.")
    row("Spring 2017", "**Visiting Scholar**, Department of Statistics, University of Washington, "
                       "Seattle, USA. Hosted by Prof. M. Delacroix.")
    row("2012 - 2016", "**Research Assistant (PhD fellow)**, Oslo Centre for Biostatistics and "
                       "Epidemiology, University of Oslo.")

    heading("Teaching")
    row("Spring 2023, Spring 2024", "**TMA4300 Computational Statistics**, NTNU (MSc level, "
                                    "approx. 60 students). Lecturer.")
    row("Autumn 2022", "**TMA4267 Linear Statistical Models**, NTNU. Co-instructor with "
                       "Prof. K. Lindqvist.")
    row("2019 - 2021", "**MT5003 Bayesian Statistics**, Stockholm University. Lecturer "
                       "(autumn term each year).")
    row("2014, 2015", "**STK1100 Probability and Statistical Modelling**, University of Oslo. "
                      "Teaching assistant, weekly exercise sessions.")

    heading("Grants and Awards")
    row("2023", "Research Council of Norway, FRIPRO Young Research Talents grant (NOK 8 million).")
    row("2019", "Swedish Research Council starting grant.")
    row("2016", "Sverdrup Prize for the best doctoral thesis in statistics, University of Oslo.")

    heading("Selected Publications")
    for p in [
        "Solberg, H. and Haug, I. (2017). Sparse spatial count models with zero inflation. "
        "__Journal of the Royal Statistical Society: Series C__, 66(3), 501-522.",
        "Solberg, H., Nyg\u00e5rd, E. and Lindqvist, K. (2021). Fast approximate inference for "
        "register data. __Scandinavian Journal of Statistics__, 48(2), 377-399.",
        "Solberg, H. (2023). Priors for hierarchical variance components, revisited. "
        "__Bayesian Analysis__, 18(4), 1101-1127.",
    ]:
        pdf.set_font(F, "", 10.5)
        pdf.multi_cell(0, 5.2, p, markdown=True, **NL)
        pdf.ln(1.5)

    heading("Supervision")
    pdf.set_font(F, "", 10.5)
    pdf.multi_cell(0, 5.2, "Main supervisor of 3 PhD students (2 completed) and 11 MSc theses.",
                   **NL)
    pdf.output(path)


# ---------------------------------------------------------------- CV 03
def cv03(path):
    """A4, DejaVu Sans; coloured sidebar (contact, education, skills, awards)
    beside a main column (experience, courses, publications)."""
    F = "DejaVu"
    pdf = new_pdf("A4", (10, 12, 12), ("sans",), title="CV", author="In\u00eas Carvalho S\u00e1")
    SW = 64
    pdf.set_fill_color(32, 60, 90)
    pdf.rect(0, 0, SW, pdf.h, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_auto_page_break(False)

    def sb(text, style="", size=9, h=4.6, gap=0):
        pdf.set_x(8)
        pdf.set_font(F, style, size)
        pdf.multi_cell(SW - 14, h, text, align="L", new_x=XPos.LEFT, new_y=YPos.NEXT)
        pdf.ln(gap)

    def sb_head(t):
        pdf.ln(4)
        sb(t.upper(), "B", 10, 6)
        pdf.set_draw_color(255, 255, 255)
        pdf.line(8, pdf.get_y(), SW - 6, pdf.get_y())
        pdf.ln(2)

    pdf.set_y(16)
    sb("In\u00eas Carvalho S\u00e1", "B", 17, 8)
    sb("Computational Biologist", "", 10.5, 6)
    sb_head("Contact")
    for c in ["ines.sa@igc.pt", "+351 214 407 900", "Oeiras, Portugal",
              "ORCID 0000-0003-4411-2208"]:
        sb(c, size=8.5)
    sb_head("Education")
    for deg, inst, yr in [("PhD in Computational Biology", "Universidade de Lisboa", "2018"),
                          ("MSc in Bioinformatics", "Universidade do Porto", "2013"),
                          ("BSc in Biology", "Universidade de Coimbra", "2011")]:
        sb(deg, "B", 9.5)
        sb(inst)
        sb(yr, gap=2)
    sb_head("Skills")
    for s in ["Python, R, Snakemake, Nextflow", "scRNA-seq, spatial omics",
              "HPC (Slurm), Docker, Git"]:
        sb(s)
    sb_head("Languages")
    for s in ["Portuguese (native)", "English (C2)", "German (B1)"]:
        sb(s)
    sb_head("Awards")
    for s in ["EMBO Postdoctoral Fellowship, 2019", "FCT Doctoral Grant, 2014",
              "Best Poster Award, ECCB 2017"]:
        sb(s, gap=1)

    # main column
    pdf.set_text_color(30, 30, 30)
    pdf.set_draw_color(32, 60, 90)
    pdf.set_left_margin(SW + 10)
    pdf.set_auto_page_break(True, 14)
    pdf.set_y(16)

    def head(t):
        pdf.ln(3)
        pdf.set_font(F, "B", 13)
        pdf.set_text_color(32, 60, 90)
        pdf.cell(0, 7, t, **NL)
        pdf.set_line_width(0.5)
        pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
        pdf.set_text_color(30, 30, 30)
        pdf.ln(2.5)

    head("Profile")
    pdf.set_font(F, "", 9.5)
    pdf.multi_cell(0, 4.8, "Computational biologist developing statistical methods for single-cell "
                   "and spatial transcriptomics, with a focus on host-pathogen interactions.", **NL)

    head("Research Experience")
    for dates, role, org, items in [
        ("2021 \u2013 present", "Research Scientist",
         "Instituto Gulbenkian de Ci\u00eancia, Oeiras, Portugal",
         ["Lead the spatial omics analysis core (3 staff).",
          "Co-PI on an FCT-funded project on tuberculosis granulomas."]),
        ("2018 \u2013 2021", "Postdoctoral Researcher",
         "European Molecular Biology Laboratory (EMBL), Heidelberg, Germany",
         ["Developed a probabilistic cell-type deconvolution method for spatial data."]),
        ("Mar 2016 \u2013 Aug 2016", "Visiting Scholar",
         "Broad Institute of MIT and Harvard, Cambridge, MA, USA", []),
        ("2012 \u2013 2014", "Research Assistant",
         "Instituto de Investiga\u00e7\u00e3o e Inova\u00e7\u00e3o em Sa\u00fade (i3S), Porto, Portugal",
         ["Variant-calling pipelines for a clinical exome cohort."]),
    ]:
        pdf.set_font(F, "", 8.5)
        pdf.set_text_color(110, 110, 110)
        pdf.cell(0, 4.5, dates, **NL)
        pdf.set_text_color(30, 30, 30)
        pdf.set_font(F, "B", 10.5)
        pdf.cell(0, 5.2, role, **NL)
        pdf.set_font(F, "", 9.5)
        pdf.multi_cell(0, 4.8, org, **NL)
        bullets(pdf, items, F, 9, indent=2)
        pdf.ln(2)

    head("Courses Taught")
    for t in ["**Single-Cell Genomics** \u2013 Guest Lecturer, MSc in Bioinformatics, "
              "Universidade do Porto (2022, 2023)",
              "**EMBO Practical Course: Spatial Transcriptomics** \u2013 Co-instructor, "
              "EMBL Heidelberg (2019)",
              "**Biologia Computacional** \u2013 Teaching Assistant, Faculdade de Ci\u00eancias, "
              "Universidade de Lisboa (2015/16, 2016/17)"]:
        pdf.set_font(F, "", 9.5)
        pdf.cell(4, 4.8, "\u2022")
        pdf.multi_cell(0, 4.8, t, markdown=True, **NL)
        pdf.ln(1)

    head("Selected Publications")
    for p in ["S\u00e1, I. C., Weber, T. & Okafor, N. (2021). Probabilistic deconvolution of "
              "spatial transcriptomes. __Nature Methods__ 18, 1402\u20131410.",
              "S\u00e1, I. C. & Lopes, R. (2023). Granuloma niches resolved by spatial omics. "
              "__Cell Systems__ 14, 55\u201369.",
              "Almeida, J., S\u00e1, I. C. et al. (2017). Exome variant prioritisation in "
              "rare disease. __Bioinformatics__ 33, 2210\u20132217."]:
        pdf.set_font(F, "", 9)
        pdf.multi_cell(0, 4.6, p, markdown=True, **NL)
        pdf.ln(1.5)
    pdf.output(path)


# ---------------------------------------------------------------- CV 04
def cv04(path):
    """A4, DejaVu Serif; borderless grid for positions, bordered Term|Course|Role
    table with institution rows spanning all columns."""
    F = "DejaVuSerif"
    pdf = new_pdf("A4", (18, 15, 18), ("serif",), title="Lebenslauf / CV",
                  author="Lukas Br\u00e4ndle")
    pdf.set_font(F, "B", 18)
    pdf.cell(0, 9, "Dr. Lukas Br\u00e4ndle", align="C", **NL)
    pdf.set_font(F, "", 9)
    pdf.cell(0, 4.8, "Institut f\u00fcr Maschinelles Lernen, Universit\u00e4t Stuttgart \u00b7 "
             "Universit\u00e4tsstra\u00dfe 38, 70569 Stuttgart, Germany", align="C", **NL)
    pdf.cell(0, 4.8, "lukas.braendle@ki.uni-stuttgart.de \u00b7 www.lbraendle.de", align="C", **NL)

    def heading(t):
        pdf.ln(4)
        pdf.set_font(F, "B", 12)
        pdf.cell(0, 7, t, border="B", **NL)
        pdf.ln(2)

    def grid(rows):
        pdf.set_font(F, "", 9.5)
        with pdf.table(col_widths=(30, 120), borders_layout="NONE", first_row_as_headings=False,
                       text_align=("LEFT", "LEFT"), line_height=5, padding=(1, 1, 1, 0)) as t:
            for r in rows:
                row = t.row()
                row.cell(r[0], style=FontFace(emphasis="BOLD"))
                row.cell(r[1])

    heading("Academic Positions")
    grid([("since 2021", "Junior Professor (W1) for Machine Learning, Universit\u00e4t Stuttgart, "
                         "Germany"),
          ("10/2018 \u2013 09/2021", "Postdoctoral Researcher, Empirical Inference Department, "
                                    "Max Planck Institute for Intelligent Systems, T\u00fcbingen"),
          ("04/2014 \u2013 09/2018", "Research Assistant (Wissenschaftlicher Mitarbeiter), Chair "
                                    "of Computer Vision and Artificial Intelligence, Technische "
                                    "Universit\u00e4t M\u00fcnchen")])
    heading("Industry Experience")
    grid([("07/2017 \u2013 09/2017", "Research Intern, Bosch Center for Artificial Intelligence, "
                                    "Renningen")])
    heading("Education")
    grid([("2018", "Dr. rer. nat. in Computer Science, Technische Universit\u00e4t M\u00fcnchen "
                   "(summa cum laude)"),
          ("2014", "M.Sc. Informatik, Karlsruher Institut f\u00fcr Technologie (KIT)"),
          ("2011", "B.Sc. Informatik, Universit\u00e4t Stuttgart")])

    heading("Teaching")
    pdf.set_font(F, "", 9.5)
    pdf.set_draw_color(90, 90, 90)
    pdf.set_line_width(0.25)
    inst = FontFace(emphasis="ITALICS", fill_color=(235, 235, 235))
    with pdf.table(col_widths=(28, 92, 40), borders_layout="ALL", text_align="LEFT",
                   line_height=5.2, padding=1.5,
                   headings_style=FontFace(emphasis="BOLD", fill_color=(200, 210, 225))) as t:
        for r in [("Term", "Course", "Role"),
                  ("Universit\u00e4t Stuttgart",),
                  ("WS 2021/22", "Deep Learning", "Lecturer"),
                  ("SS 2022", "Probabilistic Machine Learning", "Lecturer"),
                  ("WS 2022/23", "Deep Learning", "Lecturer"),
                  ("SS 2023", "Seminar: Generative Models and Probabilistic Inference for "
                              "Computer Vision", "Lecturer"),
                  ("Eberhard Karls Universit\u00e4t T\u00fcbingen",),
                  ("WS 2020/21", "Statistical Learning Theory", "Co-instructor"),
                  ("Technische Universit\u00e4t M\u00fcnchen",),
                  ("WS 2015/16", "IN2064 Machine Learning", "Teaching Assistant"),
                  ("SS 2016", "IN2346 Introduction to Deep Learning", "Teaching Assistant"),
                  ("WS 2016/17", "IN2064 Machine Learning", "Teaching Assistant"),
                  ("SS 2017", "IN2346 Introduction to Deep Learning", "Head Teaching Assistant")]:
            row = t.row()
            if len(r) == 1:
                row.cell(r[0], colspan=3, style=inst)
            else:
                for c in r:
                    row.cell(c)

    heading("Awards and Grants")
    grid([("2023", "ERC Starting Grant \u201cUNCERTAIN-3D\u201d"),
          ("2019", "Best Paper Honorable Mention, CVPR"),
          ("2018", "TUM Dissertation Award")])
    heading("Selected Publications")
    pdf.set_font(F, "", 9)
    for p in ["L. Br\u00e4ndle, S. Ortmann, D. Cremer. Calibrated uncertainty for monocular "
              "depth. CVPR 2019.",
              "L. Br\u00e4ndle, M. Hartung. Score-based priors for inverse rendering. "
              "NeurIPS 2022.",
              "A. Yilmaz, L. Br\u00e4ndle. Conformal prediction for 3D reconstruction. ICCV 2023."]:
        pdf.multi_cell(0, 4.8, p, **NL)
        pdf.ln(1)
    heading("Service")
    pdf.set_font(F, "", 9)
    pdf.multi_cell(0, 4.8, "Area Chair: NeurIPS 2022, NeurIPS 2023. Reviewer: CVPR, ICCV, "
                   "TPAMI. Member of the faculty study committee (Studienkommission), "
                   "Universit\u00e4t Stuttgart.", **NL)
    pdf.output(path)


# ---------------------------------------------------------------- CV 05
def cv05(path):
    """Letter, DejaVu Sans; name left / contact right; employer line first with
    several roles under it, each with right-aligned dates; bullet glyphs."""
    F = "DejaVu"
    pdf = new_pdf("letter", (19, 15, 19), ("sans",), title="Resume", author="Samuel Achterberg")
    y0 = pdf.get_y()
    pdf.set_font(F, "B", 22)
    pdf.set_text_color(120, 20, 30)
    pdf.cell(100, 11, "Samuel Achterberg")
    pdf.set_text_color(40, 40, 40)
    pdf.set_font(F, "", 8.5)
    for i, c in enumerate(["Pittsburgh, PA", "sam.achterberg@gmail.com",
                           "github.com/sachterberg", "+1 412 555 0187"]):
        pdf.set_xy(pdf.w - pdf.r_margin - 70, y0 + i * 4)
        pdf.cell(70, 4, c, align="R")
    pdf.set_xy(pdf.l_margin, y0 + 11)
    pdf.set_font(F, "I", 10)
    pdf.cell(0, 5, "Robotics research scientist \u2013 perception and planning for field robots",
             **NL)
    pdf.ln(2)

    def heading(t):
        pdf.ln(3)
        pdf.set_font(F, "B", 12)
        pdf.set_text_color(120, 20, 30)
        pdf.cell(0, 6.5, t, **NL)
        pdf.set_text_color(40, 40, 40)
        pdf.ln(1)

    def employer(name, place):
        pdf.set_font(F, "B", 10.5)
        pdf.cell(pdf.get_string_width(name), 5.5, name)
        pdf.set_font(F, "", 10.5)
        pdf.cell(0, 5.5, ", " + place, **NL)

    def role(title, dates, items=()):
        left_right(pdf, title, dates, 5, F, "I", "", 10, indent=5)
        pdf.set_font(F, "", 9.5)
        for it in items:
            pdf.set_x(pdf.l_margin + 9)
            pdf.cell(4, 4.6, "\u2022")
            pdf.multi_cell(pdf.epw - 13, 4.6, it, **NL)
        pdf.ln(0.8)

    heading("Work History")
    employer("Northfield Robotics Inc.", "Pittsburgh, PA")
    role("Senior Research Scientist", "Jan 2022 \u2013 present",
         ["Lead a team of five on terrain-aware motion planning for agricultural robots.",
          "Shipped a learned traversability model to 40+ deployed vehicles."])
    role("Research Scientist", "Jul 2019 \u2013 Dec 2021",
         ["Built the LiDAR-camera calibration and state-estimation stack."])
    pdf.ln(1.5)
    employer("Carnegie Mellon University", "The Robotics Institute, Pittsburgh, PA")
    role("Postdoctoral Researcher", "Sep 2018 \u2013 Jun 2019",
         ["Subterranean mapping for the DARPA SubT Challenge team."])
    role("Lab Manager, Field Robotics Center", "2012 \u2013 2013",
         ["Managed equipment, safety training and a fleet of six ground robots."])
    pdf.ln(1.5)
    employer("Amazon Robotics", "North Reading, MA")
    role("Software Engineer Intern", "Summer 2016", ["Multi-robot path planning in warehouses."])
    role("Software Engineer Intern", "Summer 2015", ["Test tooling for drive-unit firmware."])

    heading("Education")
    left_right(pdf, "Ph.D. in Robotics, University of Michigan, Ann Arbor, MI", "2018", 5.5, F,
               "", "", 10)
    pdf.set_font(F, "I", 9.5)
    pdf.cell(0, 4.8, "    Thesis: Uncertainty-aware planning on deformable terrain", **NL)
    left_right(pdf, "B.S.E. in Mechanical Engineering, Purdue University, West Lafayette, IN",
               "2012", 5.5, F, "", "", 10)

    heading("Instruction")
    for t in ["16-662 Robot Autonomy, Carnegie Mellon University \u2014 Instructor of Record, "
              "Spring 2023",
              "ROB 550 Robotic Systems Laboratory, University of Michigan \u2014 Guest Lecturer, "
              "Fall 2021",
              "EECS 467 Autonomous Robotics Laboratory, University of Michigan \u2014 Graduate "
              "Student Instructor, Winter 2016, Winter 2017",
              "ME 270 Basic Mechanics I, Purdue University \u2014 Undergraduate Teaching "
              "Assistant, Fall 2011"]:
        pdf.set_font(F, "", 10)
        pdf.set_x(pdf.l_margin + 2)
        pdf.cell(5, 5, "\u2022")
        pdf.multi_cell(pdf.epw - 7, 5, t, **NL)
        pdf.ln(0.5)

    heading("Patents")
    bullets(pdf, ["US 11,482,907 B2 \u2013 Traversability estimation from fused sensor data "
                  "(2022)."], F, 9.5)
    heading("Selected Publications")
    numbered(pdf, ["S. Achterberg, K. Imai, R. Delgado. Learning to drive on mud: "
                   "self-supervised traversability. __ICRA__ 2021.",
                   "S. Achterberg, J. Park. Risk-bounded planning on deformable terrain. "
                   "__IJRR__ 41(3), 2022.",
                   "M. Osei, S. Achterberg et al. Lessons from subterranean autonomy. "
                   "__Field Robotics__ 2, 2022."], F, 9.5)
    heading("Skills")
    pdf.set_font(F, "", 9.5)
    pdf.multi_cell(0, 4.8, "C++, Python, ROS 2, PyTorch, CUDA, GTSAM, Docker, Kubernetes", **NL)
    pdf.output(path)


# ---------------------------------------------------------------- CV 06
def cv06(path):
    """A4, DejaVu Sans; section headings in a coloured left margin band,
    entries in the right column, dates on a grey second line."""
    F = "DejaVu"
    pdf = new_pdf("A4", (52, 14, 15), ("sans",), title="CV", author="Chiara Bellandi")
    TEAL = (0, 105, 110)
    pdf.set_font(F, "B", 20)
    pdf.set_text_color(*TEAL)
    pdf.cell(0, 10, "Chiara Bellandi", **NL)
    pdf.set_text_color(40, 40, 40)
    pdf.set_font(F, "", 9)
    pdf.multi_cell(0, 4.6, "Department of Economics, Universit\u00e0 di Bologna, Piazza Scaravilli 2, "
                   "40126 Bologna, Italy\nchiara.bellandi@unibo.it \u00b7 +39 051 209 8000 \u00b7 "
                   "sites.google.com/view/cbellandi", **NL)

    def section(t):
        pdf.ln(5)
        if pdf.get_y() > pdf.h - 40:
            pdf.add_page()
        y = pdf.get_y()
        pdf.set_fill_color(*TEAL)
        pdf.rect(0, y, 46, 7.5, style="F")
        pdf.set_text_color(255, 255, 255)
        pdf.set_font(F, "B", 9.5)
        pdf.set_xy(4, y)
        pdf.multi_cell(40, 7.5, t, align="R", new_x=XPos.LMARGIN, new_y=YPos.TOP)
        pdf.set_text_color(40, 40, 40)
        pdf.set_xy(pdf.l_margin, y + 1)

    def item(main, sub=None):
        pdf.set_font(F, "", 9.5)
        pdf.multi_cell(0, 5, main, markdown=True, **NL)
        if sub:
            pdf.set_font(F, "", 8.5)
            pdf.set_text_color(110, 110, 110)
            pdf.cell(0, 4.5, sub, **NL)
            pdf.set_text_color(40, 40, 40)
        pdf.ln(2)

    section("Positions Held")
    item("**Associate Professor of Economics**, Department of Economics, Universit\u00e0 di "
         "Bologna, Italy", "2022\u2013present")
    item("**Assistant Professor (RTD-B)**, Department of Economics, Universit\u00e0 di Bologna, "
         "Italy", "2019\u20132022")
    item("**Postdoctoral Researcher**, IGIER, Bocconi University, Milan, Italy",
         "Sep 2016 \u2013 Aug 2019")
    item("**Visiting Scholar**, Department of Economics, New York University, USA",
         "Jan 2015 \u2013 May 2015")
    item("**Research Assistant**, Directorate General for Economics, Statistics and Research, "
         "Bank of Italy, Rome", "2011\u20132012")

    section("Education")
    item("**PhD in Economics**, European University Institute, Florence", "2016")
    item("**Laurea Magistrale in Economics** (110/110 cum laude), Universit\u00e0 di Bologna",
         "2011")
    item("**Laurea Triennale in Economics and Finance**, Universit\u00e0 di Bologna", "2009")

    section("Lectures")
    item("**Macroeconomics II** (Laurea Magistrale in Economics), Universit\u00e0 di Bologna",
         "Lecturer \u00b7 a.y. 2022-23, a.y. 2023-24")
    item("**Econometrics** (Laurea Triennale), Universit\u00e0 di Bologna",
         "Co-instructor \u00b7 a.y. 2019-20, a.y. 2020-21")
    item("**Monetary Economics** (PhD course), Bocconi University",
         "Teaching Assistant \u00b7 a.y. 2017-18")
    item("**Monetary Policy in a Currency Union**, European University Institute, Florence",
         "Guest Lecturer \u00b7 2021")

    section("Grants")
    item("PRIN 2022, Italian Ministry of University and Research \u2013 unit PI (EUR 180,000)")
    item("Marco Fanno Fellowship, UniCredit Foundation (2015)")

    section("Publications")
    for p in ["Bellandi, C. (2021). \u201cForward guidance and household expectations.\u201d "
              "__Journal of Monetary Economics__ 120: 44\u201361.",
              "Bellandi, C. and R. Ferraro (2023). \u201cFiscal rules in a currency union.\u201d "
              "__Journal of the European Economic Association__ 21(2): 612\u2013650.",
              "Bellandi, C. (2024). \u201cHeterogeneous inflation expectations.\u201d Working paper."]:
        item(p)

    section("Awards")
    item("Best Young Economist Award, Italian Economic Association (SIE), 2020")
    section("Languages")
    item("Italian (native), English (fluent), French (good)")
    pdf.output(path)


# ---------------------------------------------------------------- CV 07
def cv07(path):
    """A4, DejaVu Serif; simulated small-caps headings with a full-width rule;
    bold role + organisation, dates right-aligned in italics."""
    F = "DejaVuSerif"
    pdf = new_pdf("A4", (20, 16, 20), ("serif",), title="Curriculum Vitae",
                  author="Oliver Pennant-Hughes")

    def small_caps(text, size, h):
        for ch in text:  # capitals at full size, lower case as smaller capitals
            pdf.set_font(F, "", size if not ch.islower() else size * 0.78)
            pdf.cell(pdf.get_string_width(ch.upper()), h, ch.upper())
        pdf.ln(h)

    def heading(t):
        pdf.ln(4)
        small_caps(t, 12.5, 7)
        pdf.set_line_width(0.3)
        pdf.line(pdf.l_margin, pdf.get_y(), pdf.w - pdf.r_margin, pdf.get_y())
        pdf.ln(2.5)

    def dated(text, dates):
        DW = 36
        y0 = pdf.get_y()
        pdf.set_font(F, "", 10)
        pdf.multi_cell(pdf.epw - DW, 5.2, text, markdown=True, **NL)
        y1 = pdf.get_y()
        pdf.set_xy(pdf.l_margin + pdf.epw - DW, y0)
        pdf.set_font(F, "I", 10)
        pdf.cell(DW, 5.2, dates, align="R")
        pdf.set_y(y1 + 1.5)

    def line(text, indent=0):
        pdf.set_font(F, "", 10)
        pdf.set_x(pdf.l_margin + indent)
        pdf.multi_cell(pdf.epw - indent, 5.2, text, markdown=True, **NL)
        pdf.ln(1)

    def sub(t):
        pdf.set_font(F, "I", 10)
        pdf.cell(0, 5.5, t, **NL)

    pdf.set_x(pdf.l_margin)
    small_caps("Dr Oliver Pennant-Hughes", 20, 10)
    pdf.set_font(F, "", 9.5)
    pdf.cell(0, 5, "School of Chemistry, University of Edinburgh, Joseph Black Building, "
             "Edinburgh EH9 3FJ, UK", **NL)
    pdf.cell(0, 5, "o.pennant-hughes@ed.ac.uk  \u00b7  +44 131 650 4700", **NL)

    heading("Employment")
    dated("**Lecturer in Physical Chemistry**, School of Chemistry, University of Edinburgh",
          "2020\u2013present")
    dated("**Leverhulme Early Career Fellow**, Department of Chemistry, University of Oxford",
          "2017\u20132020")
    dated("**Postdoctoral Research Associate**, Cavendish Laboratory, University of Cambridge",
          "2015\u20132017")

    heading("Education")
    dated("**PhD in Chemistry**, University of Cambridge (Trinity College). Thesis: "
          "__Ultrafast vibrational dynamics at aqueous interfaces__", "2015")
    dated("**MChem in Chemistry** (First Class), University of Bristol", "2011")

    heading("Teaching")
    sub("University of Edinburgh")
    line("**Chemical Thermodynamics** (CHEM08016), Lecturer, 2020/21 \u2013 2022/23", 4)
    line("**Spectroscopy and Quantum Mechanics** (CHEM10021), Course Organiser and Lecturer, "
         "2022/23, 2023/24", 4)
    line("Personal tutor to 14 undergraduate students.", 4)

    heading("Teaching Assistantships")
    sub("University of Oxford")
    line("Tutor, **Quantum Chemistry** tutorials for second-year undergraduates, Hertford "
         "College, 2018/19, 2019/20", 4)
    sub("University of Cambridge")
    line("Supervisor, **Part IB Chemistry A**, Trinity College, 2012/13, 2013/14", 4)
    line("Demonstrator, **Part IA Chemistry** practical classes, 2011/12 \u2013 2013/14", 4)

    heading("Research Grants")
    dated("EPSRC New Investigator Award, EP/X01234/1 (\u00a3410,000)", "2022\u20132025")
    dated("Royal Society Research Grant (\u00a320,000)", "2021")
    heading("Prizes")
    dated("RSC Harrison-Meldola Memorial Prize", "2023")
    dated("Leverhulme Early Career Fellowship", "2017")
    heading("Selected Publications")
    for p in ["O. Pennant-Hughes, A. Marsh, __J. Phys. Chem. Lett.__ 2016, 7, 3321.",
              "O. Pennant-Hughes, __J. Am. Chem. Soc.__ 2019, 141, 10245.",
              "K. Ndlovu, O. Pennant-Hughes, __Chem. Sci.__ 2023, 14, 5120."]:
        line(p)
    heading("Administrative Roles")
    line("Member, School Teaching Committee (2021\u2013present); Athena Swan self-assessment "
         "team (2022\u2013present).")
    pdf.output(path)


# ---------------------------------------------------------------- CV 08
def cv08(path):
    """Letter, DejaVu Sans, two pages; en-dash bullet lists; role bold with the
    lab/org after an em dash, dates on their own line."""
    F = "DejaVu"
    pdf = new_pdf("letter", (20, 16, 20), ("sans",), title="CV", author="Priya Raghunathan")
    pdf.set_font(F, "B", 19)
    pdf.cell(0, 9, "Priya Raghunathan", **NL)
    pdf.set_font(F, "", 10)
    pdf.cell(0, 5, "PhD Candidate, Neuroscience Graduate Group, University of Pennsylvania", **NL)
    pdf.set_font(F, "", 9)
    pdf.cell(0, 5, "praghu@pennmedicine.upenn.edu | 215-555-0199 | Philadelphia, PA", **NL)

    def heading(t):
        pdf.ln(4)
        pdf.set_font(F, "B", 11)
        pdf.set_draw_color(150, 150, 150)
        pdf.cell(0, 6.5, t, border="B", **NL)
        pdf.ln(2)

    def dash(items, indent=3):
        bullets(pdf, items, F, 9.5, glyph="\u2013", indent=indent)

    def job(role, org, dates, items):
        pdf.set_font(F, "", 10)
        pdf.multi_cell(0, 5.2, f"**{role}** \u2014 {org}", markdown=True, **NL)
        pdf.set_font(F, "I", 9)
        pdf.cell(0, 4.6, dates, **NL)
        dash(items)
        pdf.ln(2)

    heading("Education")
    left_right(pdf, "University of Pennsylvania, Philadelphia, PA", "2019 \u2013 present", 5.2, F,
               "B", "", 10)
    pdf.set_font(F, "", 10)
    pdf.cell(0, 5, "Ph.D. Candidate in Neuroscience (expected May 2025)", **NL)
    pdf.cell(0, 5, "Advisor: Dr. Elena Moreau-Strand", **NL)
    pdf.ln(1.5)
    left_right(pdf, "University of Toronto, Toronto, ON, Canada", "2012 \u2013 2016", 5.2, F,
               "B", "", 10)
    pdf.set_font(F, "", 10)
    pdf.cell(0, 5, "B.Sc. (Hons.) in Biological Sciences, with High Distinction", **NL)

    heading("Research Experience")
    job("Graduate Research Assistant", "Moreau-Strand Lab, Department of Neuroscience, "
        "University of Pennsylvania", "Aug 2019 \u2013 present",
        ["Two-photon imaging of mouse visual cortex during a foraging task.",
         "Built a real-time closed-loop stimulus system (Python, Bonsai)."])
    job("Lab Manager", "Haldane Lab, Princeton Neuroscience Institute, Princeton University, "
        "Princeton, NJ", "Sep 2017 \u2013 Jun 2019",
        ["Managed ordering, animal protocols and onboarding for a lab of 14.",
         "Ran head-fixed behavioural training for rodent decision-making studies."])
    job("Research Assistant", "Section on Neural Circuits, National Institute of Mental Health "
        "(NIMH), Bethesda, MD", "Jun 2016 \u2013 Aug 2017",
        ["Slice electrophysiology and immunohistochemistry."])
    job("Summer Research Intern", "Centre for Neuroscience, Indian Institute of Science, "
        "Bengaluru, India", "May 2015 \u2013 Jul 2015",
        ["Analysed calcium-imaging data from zebrafish larvae."])

    heading("Teaching")
    dash(["Teaching Assistant, NEUR 520 Systems Neuroscience, University of Pennsylvania "
          "(Spring 2021, Spring 2022)",
          "Co-instructor, NGG 596 Quantitative Methods Bootcamp, University of Pennsylvania "
          "(Summer 2022)",
          "Guest Lecturer, PSY 345 Computational Models of Cognition, Princeton University "
          "(Fall 2018)",
          "Teaching Assistant, BIO 230 From Genes to Organisms, University of Toronto "
          "(Fall 2015)"], indent=0)

    heading("Fellowships & Awards")
    dash(["NIH F31 Ruth L. Kirschstein Predoctoral Fellowship (2022 \u2013 2025)",
          "NSF Graduate Research Fellowship, Honorable Mention (2020)",
          "Mahoney Institute for Neurosciences Travel Award (2021)",
          "Dean\u2019s List, University of Toronto (2013 \u2013 2016)"], indent=0)

    heading("Publications")
    numbered(pdf, ["**Raghunathan, P.**, Liu, S., & Moreau-Strand, E. (2023). State-dependent "
                   "gain in mouse V1 during foraging. __Neuron__, 111(9), 1450\u20131466.",
                   "Okoye, D., **Raghunathan, P.**, & Haldane, J. (2020). Confidence and "
                   "waiting time in rats. __eLife__, 9, e58121.",
                   "**Raghunathan, P.**, & Moreau-Strand, E. (in prep). Closed-loop "
                   "perturbation of cortical state."], F)

    heading("Conference Presentations")
    dash(["Raghunathan, P. (2023). Foraging state gates visual gain. Society for Neuroscience, "
          "Washington, DC. Poster.",
          "Raghunathan, P. (2022). Closed-loop control of arousal. Cosyne, Lisbon, Portugal. "
          "Talk.",
          "Raghunathan, P., Haldane, J. (2019). Confidence reports in rats. Cosyne, Lisbon. "
          "Poster.",
          "Raghunathan, P. (2017). Inhibitory circuits in prefrontal slices. NIH Summer Poster "
          "Day, Bethesda, MD."], indent=0)

    heading("Outreach")
    dash(["Volunteer, Brain Awareness Week, Philadelphia public schools (2020 \u2013 2023)",
          "Organizer, NGG Journal Club (2021 \u2013 2022)"], indent=0)

    heading("Skills")
    pdf.set_font(F, "", 9.5)
    pdf.multi_cell(0, 4.8, "Two-photon imaging, slice electrophysiology, stereotaxic surgery, "
                   "Python (NumPy, PyTorch, suite2p), MATLAB, Bonsai, R.", **NL)
    heading("References")
    pdf.set_font(F, "", 9.5)
    pdf.multi_cell(0, 4.8, "Dr. Elena Moreau-Strand (University of Pennsylvania); Dr. Jonah "
                   "Haldane (Princeton University). Available on request.", **NL)
    pdf.output(path)


# ---------------------------------------------------------------- CV 09
def cv09(path):
    """Letter, Helvetica, two pages; plain academic style, everything inline:
    'dates. Role, department, institution.' and run-on course paragraphs."""
    F = "Helvetica"
    pdf = new_pdf("letter", (25, 20, 25), title="Curriculum Vitae", author="Daniel Okonkwo-Reyes")
    pdf.set_font(F, "", 9)
    pdf.cell(0, 4, "Curriculum Vitae - January 2024", align="R", **NL)
    pdf.set_font(F, "B", 15)
    pdf.cell(0, 8, "Daniel Okonkwo-Reyes", **NL)
    pdf.set_font(F, "", 10)
    for c in ["Department of Statistics, University of Georgia", "310 Herty Drive, Athens, GA 30602",
              "dokonkwo@uga.edu   www.stat.uga.edu/~dokonkwo"]:
        pdf.cell(0, 5, c, **NL)

    def heading(t):
        pdf.ln(5)
        pdf.set_font(F, "BU", 11)
        pdf.cell(0, 6, t, **NL)
        pdf.ln(1)

    def para(t, gap=1.5):
        pdf.set_font(F, "", 10.5)
        pdf.multi_cell(0, 5.4, t, markdown=True, **NL)
        pdf.ln(gap)

    heading("Education")
    para("Ph.D., Statistics, Rice University, 2018. Advisor: Marguerite Lindahl.", 0.5)
    para("M.A., Statistics, Rice University, 2016.", 0.5)
    para("B.S., Mathematics (minor in Economics), University of Texas at El Paso, 2013.")

    heading("Experience")
    para("2020-present. Assistant Professor, Department of Statistics, University of Georgia, "
         "Athens, GA.", 0.5)
    para("2018-2020. Visiting Assistant Professor, Department of Mathematics and Statistics, "
         "Williams College, Williamstown, MA.", 0.5)
    para("Summer 2017. Data Science Intern, Two Sigma Investments, New York, NY.", 0.5)
    para("2013-2018. Research Assistant, Department of Statistics, Rice University, Houston, TX "
         "(supported by NSF grant DMS-1418230).")

    heading("Courses Taught")
    para("__University of Georgia:__ STAT 201 Introductory Statistics (Instructor of Record; Fall "
         "2020, Fall 2021, Spring 2023); STAT 8210 Linear Models (Instructor of Record; Spring "
         "2022).")
    para("__Williams College:__ STAT 201 Statistics and Data Analysis (Fall 2018, Spring 2019, "
         "Fall 2019); STAT 346 Regression Theory and Applications (Spring 2020). Lecturer for "
         "all courses.")
    para("__Rice University:__ STAT 310 Probability and Statistics (Teaching Assistant; Fall "
         "2014, Spring 2015).")

    heading("Publications")
    for p in ["Okonkwo-Reyes, D. and Lindahl, M. (2019). Shrinkage priors for functional "
              "regression with missing curves. Journal of the American Statistical Association, "
              "114, 1620-1633.",
              "Okonkwo-Reyes, D. (2021). Conformal bands for functional data. Biometrika, "
              "108, 919-932.",
              "Chen, Y., Okonkwo-Reyes, D. and Baptiste, R. (2022). Spatial functional models for "
              "crop yield. Annals of Applied Statistics, 16, 2201-2224.",
              "Okonkwo-Reyes, D. and Stroud, E. (2023). A note on Bayesian bootstrap for "
              "functional means. Statistics & Probability Letters, 195, 109781.",
              "Okonkwo-Reyes, D. (2024+). Functional regression under informative sampling. "
              "Submitted."]:
        para(p, 1)

    heading("Grants")
    para("NSF DMS-2210417, Collaborative Research: Functional Data Methods for Agricultural "
         "Monitoring. PI. $180,000. 2022-2025.")
    para("UGA Faculty Research Grant. PI. $10,000. 2021.")

    heading("Invited Talks")
    for p in ["Joint Statistical Meetings, Toronto, August 2023.",
              "Department of Statistics Seminar, University of Florida, February 2023.",
              "ENAR Spring Meeting, Houston, March 2022.",
              "Department of Biostatistics Seminar, Emory University, October 2021."]:
        para(p, 0.3)

    heading("Students Supervised")
    para("Ph.D.: Hana Ibrahim (2021-present), Tomasz Wierzba (2022-present). M.S.: 4 students.")

    heading("Service")
    para("Associate Editor, Journal of Computational and Graphical Statistics (2023-present). "
         "Undergraduate Curriculum Committee, UGA Statistics (2021-present). Referee for JASA, "
         "Biometrics, Biometrika, JRSS-B.")
    pdf.output(path)


# ---------------------------------------------------------------- CV 10
def cv10(path):
    """A4, DejaVu Sans; full-width coloured header banner; borderless grids with
    shaded alternate rows (Period | Position | Institution) and a four-column
    teaching grid."""
    F = "DejaVu"
    pdf = new_pdf("A4", (15, 0, 15), ("sans",), title="CV", author="Am\u00e9lie Rousseau-Vidal")
    BLUE = (25, 80, 140)
    pdf.set_fill_color(*BLUE)
    pdf.rect(0, 0, pdf.w, 30, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_xy(15, 7)
    pdf.set_font(F, "B", 20)
    pdf.cell(0, 10, "Am\u00e9lie Rousseau-Vidal", **NL)
    pdf.set_font(F, "", 10)
    pdf.cell(0, 6, "Charg\u00e9e de recherche CNRS \u00b7 Atmospheric scientist", **NL)
    pdf.set_text_color(40, 40, 40)
    pdf.set_y(33)
    pdf.set_font(F, "", 8)
    pdf.cell(0, 5, "LMD, \u00c9cole normale sup\u00e9rieure, 24 rue Lhomond, 75005 Paris, France  "
             "|  amelie.rousseau-vidal@lmd.ipsl.fr  |  +33 1 44 32 22 00", **NL)
    pdf.set_auto_page_break(True, 15)

    def heading(t):
        pdf.ln(4)
        pdf.set_font(F, "B", 12)
        pdf.set_text_color(*BLUE)
        pdf.cell(0, 7, t, **NL)
        pdf.set_text_color(40, 40, 40)
        pdf.ln(1)

    def grid(head, rows, widths):
        pdf.set_font(F, "", 9)
        pdf.set_fill_color(255, 255, 255)
        with pdf.table(col_widths=widths, borders_layout="HORIZONTAL_LINES", text_align="LEFT",
                       line_height=4.8, padding=1.5, cell_fill_color=(236, 241, 248),
                       cell_fill_mode=TableCellFillMode.ROWS,
                       headings_style=FontFace(emphasis="BOLD", color=BLUE,
                                               fill_color=(255, 255, 255))) as t:
            t.row(head)
            for r in rows:
                t.row(r)

    heading("Career History")
    grid(("Period", "Position", "Institution"), [
        ("since 2021", "Research Scientist (Charg\u00e9e de recherche)",
         "Laboratoire de M\u00e9t\u00e9orologie Dynamique (CNRS), Paris, France"),
        ("2018 \u2013 2021", "Postdoctoral Researcher",
         "Max Planck Institute for Meteorology, Hamburg, Germany"),
        ("Sep 2019 \u2013 Nov 2019", "Visiting Scholar",
         "National Center for Atmospheric Research (NCAR), Boulder, CO, USA"),
        ("2014 \u2013 2017", "Doctoral Researcher",
         "Institut des G\u00e9osciences de l'Environnement, Universit\u00e9 Grenoble Alpes, France"),
        ("Feb 2014 \u2013 Jul 2014", "Research Intern", "M\u00e9t\u00e9o-France, CNRM, Toulouse, "
                                                       "France"),
    ], (30, 55, 95))

    heading("Education")
    grid(("Year", "Degree", "Institution"), [
        ("2017", "PhD in Atmospheric Physics", "Universit\u00e9 Grenoble Alpes"),
        ("2014", "Master in Ocean, Atmosphere and Climate Sciences",
         "Universit\u00e9 Toulouse III \u2013 Paul Sabatier"),
        ("2012", "Licence de Physique", "Universit\u00e9 de Bordeaux"),
    ], (30, 55, 95))

    heading("Teaching Activities")
    grid(("Period", "Course", "Role", "Institution"), [
        ("2022 \u2013 2024", "Atmospheric Dynamics (M2)", "Lecturer", "Sorbonne Universit\u00e9"),
        ("2019, 2020", "Climate Modelling Practicals", "Teaching Assistant",
         "Universit\u00e4t Hamburg"),
        ("2015 \u2013 2017", "Fluid Mechanics (L3)", "Teaching Assistant",
         "Universit\u00e9 Grenoble Alpes"),
        ("2023", "Clouds and Climate Summer School", "Guest Lecturer",
         "\u00c9cole de Physique des Houches"),
    ], (26, 62, 38, 54))

    heading("Supervision")
    pdf.set_font(F, "", 9)
    pdf.multi_cell(0, 4.8, "Co-supervision of 2 PhD students (Sorbonne Universit\u00e9, 2022\u2013) "
                   "and 5 Master interns.", **NL)
    heading("Selected Publications")
    for p in ["Rousseau-Vidal, A., Fontaine, J.-L. (2017). Shallow convection over the Alps. "
              "__Q. J. R. Meteorol. Soc.__, 143, 2870\u20132885.",
              "Rousseau-Vidal, A., Becker, T. (2020). Cloud feedbacks in storm-resolving "
              "simulations. __Geophys. Res. Lett.__, 47, e2020GL089012.",
              "Rousseau-Vidal, A. et al. (2023). Trade-wind cumulus organisation. __J. Atmos. "
              "Sci.__, 80, 1133\u20131151."]:
        pdf.set_font(F, "", 9)
        pdf.multi_cell(0, 4.8, p, markdown=True, **NL)
        pdf.ln(1)
    heading("Awards")
    pdf.set_font(F, "", 9)
    pdf.multi_cell(0, 4.8, "CNRS Bronze Medal (2023) \u00b7 Prix Prud'homme, M\u00e9t\u00e9o et "
                   "Climat (2018)", **NL)
    heading("Service")
    pdf.set_font(F, "", 9)
    pdf.multi_cell(0, 4.8, "Member of the scientific committee of the LEFE-IMAGO programme "
                   "(2022\u2013present); reviewer for JAMES, GRL and QJRMS.", **NL)
    pdf.output(path)


CVS = [
    ("cv01_quill_caps_rule.pdf", cv01),
    ("cv02_solberg_date_column.pdf", cv02),
    ("cv03_sa_sidebar.pdf", cv03),
    ("cv04_brandle_tables.pdf", cv04),
    ("cv05_achterberg_employer_first.pdf", cv05),
    ("cv06_bellandi_colour_margin.pdf", cv06),
    ("cv07_pennant_hughes_small_caps.pdf", cv07),
    ("cv08_raghunathan_dash_bullets.pdf", cv08),
    ("cv09_okonkwo_reyes_inline.pdf", cv09),
    ("cv10_rousseau_vidal_grid.pdf", cv10),
]


def main(argv):
    out = argv[1] if len(argv) > 1 else "/tmp/pdf_layouts"
    os.makedirs(out, exist_ok=True)
    for name, fn in CVS:
        fn(os.path.join(out, name))
        print("wrote", os.path.join(out, name))


if __name__ == "__main__":
    main(sys.argv)
