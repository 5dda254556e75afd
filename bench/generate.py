"""Fictional researcher profiles with ground truth and questions, deterministic from a seed.

    python -m bench.generate OUT_DIR --n 1000 --seed 7

Names, universities and companies are invented from syllables; venues are real acronyms.
Co-authors and advisors are drawn from the generated population, so one paper appears in
several CVs, and a few near-duplicate names (Jun Vei / Jan Vei) make identity hard on purpose.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import textwrap
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

GENERATOR_VERSION = 3
NOW = 2024  # fixed, so output does not depend on the clock
STYLES = ("markdown", "caps", "tags", "tabular", "bio", "scholar")
PDF_SHARE = 0.05
MIN_LINES, MAX_LINES = 40, 150

_ONSETS = ["b", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z",
           "br", "dr", "gr", "kr", "pr", "st", "th", "tr", "sh", "ch"]
_VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "ai", "ei", "ia", "io"]
_CODAS = ["", "", "", "", "n", "r", "l", "s", "m", "k", "th"]
# Words a name must not be: English words, and the ones CV readers take for headings or particles.
_REAL_WORDS = {"home", "page", "data", "base", "more", "made", "note", "sole", "rose", "lime",
               "for", "the", "and", "van", "von", "der", "bin", "thesis", "lab", "labs", "dear"}
_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

# acronym: (publisher, full name)
VENUES = {
    "OSDI": ("USENIX", "Symposium on Operating Systems Design and Implementation"),
    "SOSP": ("ACM", "Symposium on Operating Systems Principles"),
    "EuroSys": ("ACM", "European Conference on Computer Systems"),
    "ATC": ("USENIX", "Annual Technical Conference"),
    "NSDI": ("USENIX", "Symposium on Networked Systems Design and Implementation"),
    "ASPLOS": ("ACM", ("International Conference on Architectural Support for Programming "
                       "Languages and Operating Systems")),
    "SIGCOMM": ("ACM", "Conference on Data Communication"),
    "CoNEXT": ("ACM", "International Conference on emerging Networking EXperiments"),
    "HotNets": ("ACM", "Workshop on Hot Topics in Networks"),
    "NeurIPS": ("", "Conference on Neural Information Processing Systems"),
    "ICML": ("", "International Conference on Machine Learning"),
    "ICLR": ("", "International Conference on Learning Representations"),
    "MLSys": ("", "Conference on Machine Learning and Systems"),
    "SIGMOD": ("ACM", "International Conference on Management of Data"),
    "VLDB": ("", "International Conference on Very Large Data Bases"),
    "ICDE": ("IEEE", "International Conference on Data Engineering"),
    "CCS": ("ACM", "Conference on Computer and Communications Security"),
    "NDSS": ("", "Network and Distributed System Security Symposium"),
    "ISCA": ("ACM/IEEE", "International Symposium on Computer Architecture"),
    "MICRO": ("IEEE/ACM", "International Symposium on Microarchitecture"),
    "HPCA": ("IEEE", "International Symposium on High-Performance Computer Architecture"),
    "CHI": ("ACM", "Conference on Human Factors in Computing Systems"),
    "UIST": ("ACM", "Symposium on User Interface Software and Technology"),
    "ACL": ("", "Annual Meeting of the Association for Computational Linguistics"),
    "EMNLP": ("", "Conference on Empirical Methods in Natural Language Processing"),
}
# area: (venues, title nouns, application domains, courses, interests)
AREAS = {
    "systems": (["OSDI", "SOSP", "EuroSys", "ATC", "ASPLOS"],
                ["Scheduling", "Checkpointing", "Replication", "Caching", "Memory Tiering"],
                ["Serverless Functions", "Distributed Training", "Key-Value Stores",
                 "Disaggregated Memory", "Log-Structured Storage"],
                ["Operating Systems", "Distributed Systems", "Systems Programming"],
                "operating systems, distributed systems, storage, and fault tolerance"),
    "networking": (["SIGCOMM", "NSDI", "CoNEXT", "HotNets"],
                   ["Congestion Control", "Load Balancing", "Telemetry", "Traffic Engineering"],
                   ["Datacenter Fabrics", "RDMA Networks", "Programmable Switches",
                    "Wide-Area Networks", "Edge Networks"],
                   ["Computer Networks", "Network Programming"],
                   "datacenter networking, congestion control, and network measurement"),
    "ml": (["NeurIPS", "ICML", "ICLR", "MLSys"],
           ["Optimization", "Distillation", "Sparse Attention", "Quantization", "Pretraining"],
           ["Language Models", "Graph Neural Networks", "Federated Learning",
            "Reinforcement Learning", "Vision Transformers"],
           ["Machine Learning", "Deep Learning", "Probabilistic Models"],
           "machine learning, optimization, and efficient training of large models"),
    "databases": (["SIGMOD", "VLDB", "ICDE"],
                  ["Query Optimization", "Cardinality Estimation", "Indexing", "Compaction"],
                  ["Cloud Data Warehouses", "Stream Processing", "Learned Indexes",
                   "Transactional Workloads"],
                  ["Database Systems", "Data Management"],
                  "query optimization, transaction processing, and data systems"),
    "security": (["CCS", "NDSS"],
                 ["Isolation", "Fuzzing", "Attestation", "Side-Channel Defense"],
                 ["Trusted Execution Environments", "Browser Engines", "Smart Contracts",
                  "Embedded Firmware"],
                 ["Computer Security", "Applied Cryptography"],
                 "systems security, software isolation, and program analysis"),
    "architecture": (["ISCA", "MICRO", "HPCA", "ASPLOS"],
                     ["Prefetching", "Near-Memory Computing", "Cache Partitioning",
                      "Dataflow Scheduling"],
                     ["GPU Clusters", "Sparse Accelerators", "Chiplet Systems",
                      "Persistent Memory"],
                     ["Computer Architecture", "Parallel Computing"],
                     "computer architecture, accelerators, and memory systems"),
    "hci": (["CHI", "UIST"],
            ["Interaction Techniques", "Crowdsourcing", "Visualization", "Accessibility"],
            ["Collaborative Writing", "Mixed Reality", "Programming Tools", "Online Learning"],
            ["Human-Computer Interaction", "User Interface Design"],
            "human-computer interaction, creativity support, and accessibility"),
    "nlp": (["ACL", "EMNLP", "NeurIPS"],
            ["Parsing", "Retrieval", "Summarization", "Question Answering"],
            ["Low-Resource Languages", "Scientific Documents", "Dialogue Systems",
             "Multilingual Models"],
            ["Natural Language Processing", "Computational Linguistics"],
            "natural language processing, retrieval, and multilingual models"),
}
_ADJECTIVES = ["Adaptive", "Scalable", "Robust", "Efficient", "Elastic", "Verifiable",
               "Learned", "Fast", "Practical", "Predictable", "Lightweight", "Fair"]
_STAGES = {  # stage: (weight, bachelor's years)
    "student": (35, (2014, 2019)), "postdoc": (10, (2009, 2014)),
    "assistant": (15, (2005, 2012)), "senior": (15, (1990, 2004)),
    "industry": (25, (2000, 2015)),
}
_FIELDS = ["Computer Science", "Computer Science", "Computer Engineering",
           "Electrical Engineering", "Mathematics"]


@dataclass
class Degree:
    degree: str  # "Ph.D." | "M.S." | "B.S."
    field: str
    institution: str
    start: int
    year: int | None  # None while in progress
    advisor: str | None = None


@dataclass
class Position:
    organisation: str
    role: str
    kind: str  # "position" | "internship"
    start: str  # YYYY-MM
    end: str | None  # None = present
    mentor: str | None = None


@dataclass
class Paper:
    title: str
    authors: list[str]
    venue: str
    year: int


@dataclass
class Teaching:
    course: str
    institution: str
    role: str
    term: str


@dataclass
class Award:
    title: str
    year: int


@dataclass
class Person:
    name: str
    area: str
    stage: str
    education: list[Degree] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    publications: list[Paper] = field(default_factory=list)
    teaching: list[Teaching] = field(default_factory=list)
    awards: list[Award] = field(default_factory=list)
    # (section, line) pairs: talks and service, rendered only to pad a short CV; not in the truth
    extras: list[tuple[str, str]] = field(default_factory=list)

    @property
    def phd(self) -> Degree | None:
        return next((d for d in self.education if d.degree == "Ph.D."), None)

    @property
    def graduated(self) -> int:
        """Year of the first degree, from when a person can be a co-author here."""
        return self.education[0].year or NOW

    @property
    def current(self) -> Position | None:
        jobs = [p for p in self.positions if p.kind == "position" and p.end is None]
        return jobs[-1] if jobs else None

    def affiliation(self) -> str:
        job = self.current
        if job:
            return f"{job.role}, {job.organisation}"
        phd = self.phd
        return f"Ph.D. Candidate, {phd.institution}" if phd else "Independent Researcher"


# -- the world: names, institutions, papers ---------------------------------------------------


def _syllable(rng: random.Random, coda: bool = True) -> str:
    return rng.choice(_ONSETS) + rng.choice(_VOWELS) + (rng.choice(_CODAS) if coda else "")


def _word(rng: random.Random, syllables: int, min_len: int = 3) -> str:
    while True:
        word = "".join(_syllable(rng, coda=i == syllables - 1) for i in range(syllables))
        if len(word) >= min_len and word not in _REAL_WORDS:
            return word.capitalize()


def _names(rng: random.Random, n: int, taken: set[str]) -> list[str]:
    """Unique names; about 3% of people come in near-duplicate pairs (Jun Vei / Jan Vei)."""
    names: list[str] = []
    pairs = max(1, round(n * 0.03)) if n >= 2 else 0
    while len(names) < 2 * pairs:
        last = _word(rng, rng.choice([1, 2]), min_len=3)
        onset = rng.choice(_ONSETS)
        first_a = (onset + rng.choice(_VOWELS) + rng.choice(_CODAS)).capitalize()
        first_b = (onset + rng.choice(_VOWELS) + rng.choice(_CODAS)).capitalize()
        a, b = f"{first_a} {last}", f"{first_b} {last}"
        firsts = {first_a.lower(), first_b.lower()}
        if len(firsts) == 2 and min(map(len, firsts)) >= 3 and not firsts & _REAL_WORDS \
                and not {a, b} & taken:
            names += [a, b]
            taken |= {a, b}
    while len(names) < n:
        first, last = _word(rng, rng.choice([1, 2, 2]), 3), _word(rng, rng.choice([2, 2, 3]), 4)
        middle = f" {rng.choice('ABCDEFGHJKLMNPRSTVW')}." if rng.random() < 0.12 else ""
        name = f"{first}{middle} {last}"
        if name not in taken:
            names.append(name)
            taken.add(name)
    order = list(range(len(names)))
    rng.shuffle(order)  # pairs spread through the corpus, not in the first files
    return [names[i] for i in order]


@dataclass
class World:
    universities: list[str]
    companies: list[str]
    external: list[str]  # advisors, mentors and co-authors with no profile in the corpus
    titles: set[str] = field(default_factory=set)


def _world(rng: random.Random, n: int, taken: set[str]) -> World:
    unis: set[str] = set()
    patterns = ["{} University", "University of {}", "{} Institute of Technology",
                "{} State University", "Technical University of {}", "{} College"]
    while len(unis) < min(60, max(8, n // 15)):
        unis.add(rng.choice(patterns).format(_word(rng, rng.choice([2, 3]), 5)))
    companies: set[str] = set()
    suffixes = ["Labs", "Systems", "Research", "Networks", "Data", "Cloud", "Robotics", "AI"]
    while len(companies) < min(40, max(6, n // 25)):
        companies.add(f"{_word(rng, 2, 5)} {rng.choice(suffixes)}")
    external = _names(rng, max(20, n // 4), taken)
    return World(sorted(unis), sorted(companies), external)


def _title(rng: random.Random, area: str, world: World) -> str:
    _, nouns, domains, _, _ = AREAS[area]
    while True:
        code = _word(rng, 2, 5)
        noun, domain, adj = rng.choice(nouns), rng.choice(domains), rng.choice(_ADJECTIVES)
        title = rng.choice([
            f"{code}: {adj} {noun} for {domain}",
            f"{adj} {noun} in {domain}",
            f"Towards {adj} {noun} for {domain}",
            f"{code}: Rethinking {noun} for {domain}",
            f"When {noun} Meets {domain}: {adj} Designs with {code}",
        ])
        if title not in world.titles:
            world.titles.add(title)
            return title


def _ym(year: int, month: int) -> str:
    return f"{year}-{month:02d}"


def _person(rng: random.Random, name: str, world: World) -> Person:
    weights = [w for w, _ in _STAGES.values()]
    stage = rng.choices(list(_STAGES), weights=weights)[0]
    person = Person(name, rng.choice(list(AREAS)), stage)
    bs = rng.randint(*_STAGES[stage][1])
    person.education.append(
        Degree("B.S.", rng.choice(_FIELDS), rng.choice(world.universities), bs - 4, bs,
               rng.choice(world.external) if rng.random() < 0.15 else None))
    start = bs
    if rng.random() < 0.35:
        person.education.append(Degree("M.S.", "Computer Science", rng.choice(world.universities),
                                       bs, bs + 2))
        start = bs + 2
    has_phd = stage != "industry" or rng.random() < 0.7
    end = start + rng.choice([5, 5, 6, 6, 7])
    if has_phd:  # institution and advisor are settled once the whole population exists
        person.education.append(Degree("Ph.D.", "Computer Science", "", start,
                                       end if stage != "student" else None))
        summers = range(start + 1, min(end, NOW + 1))
        for year in rng.sample(summers, k=min(len(summers), rng.choice([0, 1, 2, 2, 3]))):
            role = rng.choice(["Research Intern", "Research Intern", "Software Engineering Intern"])
            person.positions.append(Position(
                rng.choice(world.companies), role, "internship",
                _ym(year, rng.choice([5, 6])), _ym(year, rng.choice([8, 9]))))
    _career(rng, person, end if has_phd else start, world)
    person.positions.sort(key=lambda p: p.start)
    return person


def _career(rng: random.Random, person: Person, year: int, world: World) -> None:
    """Positions after the last degree; students have none."""

    def add(org: str, role: str, start: int, end: int | None) -> None:
        # Jobs end by June and start from July, so consecutive ones never overlap.
        person.positions.append(Position(org, role, "position", _ym(start, rng.choice([7, 8, 9])),
                                         _ym(end, rng.choice([5, 6])) if end else None))

    stage, uni = person.stage, rng.choice(world.universities)
    if stage == "postdoc" or (stage == "assistant" and rng.random() < 0.4):
        if stage == "postdoc":
            add(rng.choice(world.universities), "Postdoctoral Researcher", year, None)
            return
        add(rng.choice(world.universities), "Postdoctoral Researcher", year, year + 2)
        year += 2
    if stage == "assistant":
        add(uni, "Assistant Professor", year, None)
    elif stage == "senior":
        add(uni, "Assistant Professor", year, year + 6)
        if rng.random() < 0.5:
            add(uni, "Associate Professor", year + 6, None)
        else:
            add(uni, "Associate Professor", year + 6, year + 12)
            add(uni, "Professor", year + 12, None)
    elif stage == "industry":
        first = rng.choice(world.companies)
        if rng.random() < 0.5:
            add(first, "Research Scientist", year, None)
        else:
            switch = rng.randint(year + 2, max(year + 2, NOW - 1))
            add(first, "Software Engineer", year, switch)
            add(rng.choice(world.companies), "Senior Research Scientist", switch, None)


def _faculty_at(person: Person, year: int) -> str | None:
    for job in person.positions:
        if "Professor" in job.role and int(job.start[:4]) <= year + 1 and (
            job.end is None or int(job.end[:4]) >= year
        ):
            return job.organisation
    return None


def _advise(rng: random.Random, people: list[Person], world: World) -> None:
    """Ph.D. advisors from the population where one was faculty then, else external."""
    for person in people:
        phd = person.phd
        if phd is None:
            continue
        candidates = [(p, org) for p in people if p.area == person.area and p is not person
                      and (org := _faculty_at(p, phd.start))]
        if candidates and rng.random() < 0.75:
            advisor, phd.institution = rng.choice(candidates)
            phd.advisor = advisor.name
        else:
            phd.advisor, phd.institution = (rng.choice(world.external),
                                            rng.choice(world.universities))
        for job in person.positions:
            if job.kind == "internship" and rng.random() < 0.4:
                job.mentor = rng.choice(world.external)


def _write_papers(rng: random.Random, people: list[Person], world: World) -> None:
    """Each person leads a few papers; every population author lists them."""
    by_area: dict[str, list[Person]] = {}
    for p in people:
        by_area.setdefault(p.area, []).append(p)
    by_name = {p.name: p for p in people}
    counts = {"student": (3, 7), "postdoc": (5, 9), "assistant": (6, 11), "senior": (7, 13),
              "industry": (3, 8)}
    for person in people:
        phd = person.phd
        first_year = phd.start + 1 if phd else person.graduated
        for _ in range(rng.randint(*counts[person.stage])):
            year = rng.randint(min(first_year, NOW), NOW)
            peers = [p.name for p in by_area[person.area] if p is not person
                     and p.graduated <= year]
            authors = [person.name] + rng.sample(peers, k=min(len(peers), rng.choice([0, 1, 1, 2])))
            authors += rng.sample(world.external, k=rng.choice([0, 1, 2]))
            if phd and phd.advisor and phd.start <= year <= (phd.year or NOW):
                authors.append(phd.advisor)
            authors = list(dict.fromkeys(authors))
            venue = rng.choice(AREAS[person.area][0])
            paper = Paper(_title(rng, person.area, world), authors, venue, year)
            for author in authors:
                if author in by_name:
                    by_name[author].publications.append(paper)
            if rng.random() < 0.08:
                person.awards.append(Award(f"Best Paper Award, {venue} {year}", year))


def _honours(rng: random.Random, person: Person, world: World) -> None:
    """Teaching, awards and service, consistent with the person's dates."""
    phd, job = person.phd, person.current
    courses = AREAS[person.area][3]
    if phd and rng.random() < 0.6:
        year = rng.randint(phd.start + 1, min(phd.year or NOW, NOW))
        person.teaching.append(Teaching(f"CS {rng.randint(100, 499)}: {rng.choice(courses)}",
                                        phd.institution, "Teaching Assistant",
                                        f"{rng.choice(['Fall', 'Spring'])} {year}"))
    if job and "Professor" in job.role:
        for course in rng.sample(courses, k=min(len(courses), rng.randint(1, 2))):
            person.teaching.append(Teaching(f"CS {rng.randint(100, 699)}: {course}",
                                            job.organisation, "Instructor",
                                            f"{rng.choice(['Fall', 'Spring'])} {NOW - 1}"))
    if phd and rng.random() < 0.3:
        person.awards.append(Award(f"{_word(rng, 2, 5)} Foundation Graduate Fellowship",
                                   rng.randint(phd.start, phd.start + 2)))
    if phd and phd.year and phd.year < NOW and rng.random() < 0.2:
        person.awards.append(Award(f"Outstanding Dissertation Award, {phd.institution}",
                                   phd.year + 1))
    if job and "Professor" in job.role and rng.random() < 0.4:
        person.awards.append(Award("Early Career Award, National Science Council",
                                   rng.randint(int(job.start[:4]), NOW)))
    person.awards.sort(key=lambda a: -a.year)
    venues = AREAS[person.area][0]
    person.extras = [
        ("Invited Talks", f"\"{x.title}\", {rng.choice(world.universities)}, {x.year}")
        for x in person.publications[:5]
    ]
    roles = ["Program Committee", "Reviewer"]
    person.extras += [("Service", f"{rng.choice(roles)}, {rng.choice(venues)} {NOW - i}")
                      for i in range(12)]


def build(n: int, seed: int) -> list[Person]:
    """The population: n people whose papers, advisors and co-authors refer to each other."""
    rng = random.Random(f"profilechat-bench:{seed}")
    taken: set[str] = set()
    names = _names(rng, n, taken)
    world = _world(rng, n, taken)
    people = [_person(rng, name, world) for name in names]
    _advise(rng, people, world)
    _write_papers(rng, people, world)
    for person in people:
        person.publications.sort(key=lambda p: (-p.year, p.title))
        _honours(rng, person, world)
    return people


# -- rendering --------------------------------------------------------------------------------

PDF_STYLE = "caps"
_DEGREE_WORDS = {"Ph.D.": "Doctor of Philosophy", "M.S.": "Master of Science",
                 "B.S.": "Bachelor of Science"}


def _month(ym: str | None) -> str:
    return f"{_MONTHS[int(ym[5:]) - 1]} {ym[:4]}" if ym else "present"


def _span(job: Position) -> str:
    return f"{_month(job.start)} – {_month(job.end)}"


def _years(d: Degree) -> str:
    return f"{d.start} – {d.year or 'present'}"


def _venue_long(paper: Paper) -> str:
    publisher, full = VENUES[paper.venue]
    return f"{publisher} {full}".strip() + f" ({paper.venue}), {paper.year}"


def _venue_short(paper: Paper) -> str:
    return f"{VENUES[paper.venue][0].split('/')[0]} {paper.venue} {paper.year}".strip()


def _tag(paper: Paper) -> str:
    return f"[{paper.venue}'{paper.year % 100:02d}]"


def _authors(paper: Paper, owner: str = "", bold: str = "") -> str:
    names = [f"{bold}{a}{bold}" if a == owner and bold else a for a in paper.authors]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]


def _domain(org: str) -> str:
    generic = {"University", "of", "Institute", "Technology", "State", "Technical", "College"}
    word = next((w for w in org.split() if w not in generic), org.split()[0]).lower()
    return f"{word}.edu" if "Universit" in org or "Institute" in org or "College" in org else \
        f"{org.replace(' ', '').lower()}.com"


def _contact(p: Person, sep: str) -> str:
    first, last = p.name.split()[0].lower(), p.name.split()[-1].lower()
    org = p.current.organisation if p.current else (p.phd.institution if p.phd else "mail")
    return f"{first}.{last}@{_domain(org)}{sep}https://{first}{last}.github.io"


def _award(a: Award) -> str:
    return a.title if str(a.year) in a.title else f"{a.title}, {a.year}"


def _wrap(text: str, indent: str = "") -> list[str]:
    return textwrap.wrap(text, 90, initial_indent=indent, subsequent_indent=indent,
                         break_on_hyphens=False) or [""]


def _extras(p: Person, extra: int) -> list[tuple[str, list[str]]]:
    sections: dict[str, list[str]] = {}
    for title, line in p.extras[:extra]:
        sections.setdefault(title, []).append(line)
    return list(sections.items())


def _degrees(p: Person) -> list[Degree]:
    return list(reversed(p.education))  # newest first, as CVs list them


def _jobs(p: Person) -> list[Position]:
    return [j for j in reversed(p.positions) if j.kind == "position"]


def _interns(p: Person) -> list[Position]:
    return [j for j in reversed(p.positions) if j.kind == "internship"]


def _markdown(p: Person, extra: int) -> list[str]:
    out = [f"# {p.name}", "", p.affiliation(), _contact(p, " · "), "", "## Research Interests",
           "", *_wrap(f"My research covers {AREAS[p.area][4]}."), "", "## Education", ""]
    for d in _degrees(p):
        out.append(f"- **{d.degree} in {d.field}**, {d.institution}, {_years(d)}")
        out += [f"  - Advisor: {d.advisor}"] if d.advisor else []
    for title, jobs in (("Experience", _jobs(p)), ("Internships", _interns(p))):
        if jobs:
            out += ["", f"## {title}", ""]
            out += [f"- **{j.role}**, {j.organisation}, {_span(j)}"
                    + (f" (mentor: {j.mentor})" if j.mentor else "") for j in jobs]
    out += ["", "## Publications", ""]
    out += [f"{i}. {_authors(x, p.name, '**')}. \"{x.title}.\" *{_venue_long(x)}*."
            for i, x in enumerate(p.publications, 1)]
    if p.teaching:
        out += ["", "## Teaching", ""]
        out += [f"- {t.role}, {t.course}, {t.institution}, {t.term}" for t in p.teaching]
    if p.awards:
        out += ["", "## Awards", ""] + [f"- {_award(a)}" for a in p.awards]
    for title, lines in _extras(p, extra):
        out += ["", f"## {title}", ""] + [f"- {line}" for line in lines]
    return out


def _caps(p: Person, extra: int) -> list[str]:
    head = ["CURRICULUM VITAE", "", p.name] if len(p.name) % 2 else [p.name.upper()]
    out = [*head, p.affiliation(), _contact(p, " | "), "", "RESEARCH INTERESTS",
           *_wrap(AREAS[p.area][4].capitalize() + "."), "", "EDUCATION"]
    for d in _degrees(p):
        out.append(f"{_DEGREE_WORDS[d.degree]} in {d.field}, {d.institution}, {_years(d)}")
        out += [f"    Advisor: Prof. {d.advisor}"] if d.advisor else []
    for title, jobs in (("PROFESSIONAL EXPERIENCE", _jobs(p)), ("INTERNSHIPS", _interns(p))):
        if jobs:
            out += ["", title]
            for j in jobs:
                out.append(f"{j.role}, {j.organisation}, {_span(j)}")
                out += [f"    Mentor: {j.mentor}"] if j.mentor else []
    out += ["", "PUBLICATIONS"]
    for i, x in enumerate(p.publications, 1):
        entry = f"[{i}] {_authors(x)}. \"{x.title}.\" In Proceedings of the {_venue_long(x)}."
        out += textwrap.wrap(entry, 92, subsequent_indent="    ", break_on_hyphens=False)
    if p.teaching:
        out += ["", "TEACHING"] + [f"{t.role}, {t.course}, {t.institution}, {t.term}"
                                   for t in p.teaching]
    if p.awards:
        out += ["", "AWARDS AND HONORS"] + [f"{a.year}  {a.title}" for a in p.awards]
    for title, lines in _extras(p, extra):
        out += ["", title.upper(), *lines]
    return out


def _tags(p: Person, extra: int) -> list[str]:
    rule = "-" * 79

    def heading(title: str) -> list[str]:
        return ["", rule, title, rule]

    out = [p.name, p.affiliation(), _contact(p, "  |  "), *heading("Research"),
           *_wrap(f"I work on {AREAS[p.area][4]}."), *heading("Education")]
    for d in _degrees(p):
        out += [f"{d.institution:<62}{_years(d)}", f"  {d.degree} in {d.field}"]
        out += [f"  Advisor: {d.advisor}"] if d.advisor else []
    for title, jobs in (("Experience", _jobs(p)), ("Internships", _interns(p))):
        if jobs:
            out += heading(title)
            for j in jobs:
                out += [f"{j.organisation:<52}{_span(j)}", f"  {j.role}"]
                out += [f"  Mentor: {j.mentor}"] if j.mentor else []
    out += heading("Publications")
    for x in p.publications:
        out += [f"{_tag(x):<14}{x.title}.", f"{'':<14}{_authors(x)}."]
    if p.teaching:
        out += heading("Teaching") + [f"{t.term:<14}{t.role}, {t.course}, {t.institution}"
                                      for t in p.teaching]
    if p.awards:
        out += heading("Awards") + [f"{a.year:<14}{a.title}" for a in p.awards]
    for title, lines in _extras(p, extra):
        out += heading(title) + lines
    return out


def _tabular(p: Person, extra: int) -> list[str]:
    name = p.name.upper() + (", PH.D." if p.phd and p.phd.year else "")
    out = [name, p.affiliation(), _contact(p, " · "), "", "SUMMARY",
           *_wrap(f"Researcher working on {AREAS[p.area][4]}."), ""]
    pad = " " * 17
    if _jobs(p):
        out.append("EMPLOYMENT")
        for j in _jobs(p):
            out.append(f"{j.start[:4]} – {j.end[:4] if j.end else 'present':<10}{j.role}, "
                       f"{j.organisation}")
        out.append("")
    out.append("EDUCATION")
    for d in _degrees(p):
        out.append(f"{_years(d):<17}{d.degree} in {d.field}, {d.institution}")
        out += [f"{pad}Advisor: {d.advisor}"] if d.advisor else []
    if _interns(p):
        out += ["", "INTERNSHIPS"]
        for j in _interns(p):
            when = f"{_MONTHS[int(j.start[5:]) - 1]} – {_month(j.end)}"
            out.append(f"{when:<17}{j.role}, {j.organisation}")
            out += [f"{pad}Mentor: {j.mentor}"] if j.mentor else []
    out += ["", "PUBLICATIONS"]
    out += [f"{_authors(x)}. {x.title}. {_venue_short(x)}." for x in p.publications]
    if p.teaching:
        out += ["", "TEACHING"] + [f"{t.term:<17}{t.role}, {t.course}, {t.institution}"
                                   for t in p.teaching]
    if p.awards:
        out += ["", "HONORS"] + [f"{a.year:<17}{a.title}" for a in p.awards]
    for title, lines in _extras(p, extra):
        out += ["", title.upper()] + [f"{pad}{line}" for line in lines]
    return out


def _bio(p: Person, extra: int) -> list[str]:
    first = p.name.split()[0]
    job, phd = p.current, p.phd
    lead = (f"{p.name} is a {job.role} at {job.organisation}." if job else
            f"{p.name} is a Ph.D. candidate in Computer Science at {phd.institution}."
            if phd else f"{p.name} is an independent researcher.")
    text = [f"{lead} {first}'s research covers {AREAS[p.area][4]}."]
    for d in p.education:
        article = "an" if d.degree == "M.S." else "a"
        done = (f"received {article} {d.degree} in {d.field} from {d.institution} in {d.year}"
                if d.year else f"has been a {d.degree} student at {d.institution} since {d.start}")
        text.append(f"{first} {done}" + (f", advised by {d.advisor}." if d.advisor else "."))
    for j in _jobs(p)[1 if job else 0:]:
        text.append(f"From {_month(j.start)} to {_month(j.end)}, {first} was a {j.role} at "
                    f"{j.organisation}.")
    paragraphs = [" ".join(text)]
    interns = [f"{j.organisation} ({_month(j.start)} to {_month(j.end)}"
               + (f", mentored by {j.mentor})" if j.mentor else ")") for j in _interns(p)]
    if interns:
        paragraphs.append(f"During graduate school {first} interned at " + "; ".join(interns) + ".")
    taught = [f"{t.course} at {t.institution} ({t.term}, as {t.role.lower()})" for t in p.teaching]
    honours = [f"the {a.title} ({a.year})" for a in p.awards]
    closing = ([f"{first} has taught " + "; ".join(taught) + "."] if taught else []) + \
        ([f"{first}'s honors include " + "; ".join(honours) + "."] if honours else [])
    if closing:
        paragraphs.append(" ".join(closing))
    out = [p.name, p.affiliation(), "", "Biography", ""]
    for para in paragraphs:
        out += _wrap(para) + [""]
    out += ["Selected Publications", ""]
    out += [f"- \"{x.title}.\" {_authors(x)}. {_venue_short(x)}." for x in p.publications]
    for title, lines in _extras(p, extra):
        out += ["", title, ""] + [f"- {line}" for line in lines]
    return out


def _scholar(p: Person, extra: int) -> list[str]:
    rng = random.Random(p.name)
    cites = sum(rng.randint(0, 90) for _ in p.publications)
    coauthors = sorted({a for x in p.publications for a in x.authors if a != p.name})
    email, homepage = _contact(p, " ").split()
    topics = " · ".join(AREAS[p.area][4].replace("and ", "").split(", "))
    h_index = min(len(p.publications), 3 + cites // 60)
    out = [f"# {p.name}", "", f"**{p.affiliation()}**",
           f"Verified email at {email.split('@')[1]} · [Homepage]({homepage})", "",
           f"Research topics: {topics}", "",
           "| Metric    | All  | Since 2019 |", "|-----------|------|------------|",
           f"| Citations | {cites} | {cites * 3 // 4} |",
           f"| h-index   | {h_index} | {max(1, h_index - 2)} |", "", "## Co-authors", ""]
    out += [f"- {a}" for a in coauthors[:8]]
    out += ["", "## Articles", "", "Sorted by year."]
    for x in p.publications:
        out += ["", f"### {x.title}", _authors(x), f"{_venue_long(x)}",
                f"Cited by {rng.randint(0, 90)}"]
    for title, lines in _extras(p, extra):
        out += ["", f"## {title}", ""] + [f"- {line}" for line in lines]
    return out


_RENDERERS = {"markdown": _markdown, "caps": _caps, "tags": _tags, "tabular": _tabular,
              "bio": _bio, "scholar": _scholar}


def render(person: Person, style: str, extra: int = 0) -> str:
    """The profile as text in one of STYLES, with `extra` talk and service lines as padding."""
    return "\n".join(_RENDERERS[style](person, extra)) + "\n"


def to_pdf(text: str, path: Path) -> None:
    """A plain-text CV typeset as a PDF: name large, all-caps headings bold, lines wrapped."""
    from fpdf import FPDF

    pdf = FPDF()
    pdf.set_creation_date(datetime(NOW, 1, 1, tzinfo=UTC))  # byte-identical reruns
    pdf.set_auto_page_break(True, margin=15)
    pdf.add_page()
    lines = text.replace("–", "-").replace("·", "|").splitlines()
    for number, line in enumerate(lines):
        heading = line.isupper() and not any(c.isdigit() for c in line)
        size = 14 if number == 0 else 11 if heading else 10
        pdf.set_font("helvetica", "B" if heading or number == 0 else "", size)
        if not line.strip():
            pdf.ln(2.5)
            continue
        pdf.multi_cell(0, size * 0.45, text=line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))

# -- files, truth and questions ---------------------------------------------------------------


def _unique_by(items: list[dict], key: str) -> list[dict]:
    """Items whose `key` value no other item shares (one internship in 2019, not two)."""
    seen: dict[object, int] = {}
    for item in items:
        seen[item[key]] = seen.get(item[key], 0) + 1
    return [item for item in items if seen[item[key]] == 1]


def _candidates(f: dict) -> list[tuple[str, str, str]]:
    """(kind, question, answer) pairs that the file's own text answers."""
    name, found = f["name"], []
    phd = next((d for d in f["education"] if d["degree"] == "Ph.D."), None)
    if phd and phd["advisor"]:
        found.append(("advisor", f"Who advised {name}'s Ph.D.?", phd["advisor"]))
    if phd:
        found.append(("phd_institution", f"Where did {name} do a Ph.D.?", phd["institution"]))
    interns = [{**j, "year": j["start"][:4]} for j in f["positions"] if j["kind"] == "internship"]
    for j in _unique_by(interns, "year")[:1]:
        found.append(("internship", f"Where did {name} intern in {j['year']}?", j["organisation"]))
    current = [j for j in f["positions"] if j["kind"] == "position" and j["end"] is None]
    if current:
        found.append(("position", f"Where does {name} work now?", current[-1]["organisation"]))
    if f["publications"]:
        paper = f["publications"][len(name) % len(f["publications"])]
        found.append(("venue", f"Which venue published {name}'s paper \"{paper['title']}\"?",
                      paper["venue"]))
        others = [a for a in paper["authors"] if a != name]
        if others:
            found.append(("coauthors", f"Who co-authored \"{paper['title']}\" with {name}?",
                          "; ".join(others)))
    for a in _unique_by(f["awards"], "year")[:1]:
        found.append(("award", f"What award did {name} receive in {a['year']}?", a["title"]))
    for t in f["teaching"][:1]:
        found.append(("teaching", f"What did {name} teach at {t['institution']} in {t['term']}?",
                      t["course"]))
    # No record holds this: retrieval and the model answer it, from the file's summary line.
    found.append(("research", f"What does {name} work on?", AREAS[f["area"]][4].split(", ")[0]))
    return found


def questions(files: list[dict], pairs: list[list[str]], rng: random.Random) -> list[dict]:
    """Up to three questions per file, each with its gold file and person."""
    twins = {name: [o for o in group if o != name] for group in pairs for name in group}
    out = []
    for f in files:
        found = _candidates(f)
        # One of the kinds a user asks most, then two of any kind.
        first = [c for c in found if c[0] in ("advisor", "internship", "venue")][:1]
        rest = [c for c in found if c not in first]
        for kind, question, answer in first + rng.sample(rest, k=min(3 - len(first), len(rest))):
            out.append({"question": question, "answer": answer, "kind": kind,
                        "gold_file": f["file"], "gold_person": f["name"],
                        "confusable_with": twins.get(f["name"], [])})
    return out


def near_duplicates(names: list[str]) -> list[list[str]]:
    """Pairs of names with the same last name and first initial (J. Vei twice)."""
    groups: dict[str, list[str]] = {}
    for name in names:
        parts = name.split()
        groups.setdefault(f"{parts[0][0]}. {parts[-1]}", []).append(name)
    return [sorted(g) for _, g in sorted(groups.items()) if len(g) > 1]


def _file_name(rng: random.Random, index: int, person: Person, suffix: str) -> str:
    first, last = person.name.split()[0], person.name.split()[-1]
    digest = hashlib.sha1(f"{index}:{person.name}".encode()).hexdigest()[:12]
    return rng.choice([f"{index:04d}_{digest}{suffix}", f"{index:04d}_{last}_{first}_CV{suffix}",
                       f"{index:04d}_profile-{first.lower()}-{last.lower()}{suffix}"])


def fit(person: Person, style: str) -> tuple[str, Person]:
    """Render, trimming old papers or adding talk and service lines until the text has 40-150
    lines."""
    shown = _listed(person, style)
    extra = 0
    while True:
        text = render(shown, style, extra)
        lines = text.count("\n")
        if lines > MAX_LINES and len(shown.publications) > 2:
            shown.publications = shown.publications[:-1]
        elif lines < MIN_LINES and extra < len(person.extras):
            extra += 1
        else:
            return text, shown


def _listed(person: Person, style: str) -> Person:
    """What a file in this style shows: scholar pages list papers and an affiliation only."""
    caps = {"bio": 6, "scholar": 20}
    shown = replace(person)
    shown.publications = person.publications[: caps.get(style, 14)]
    if style == "scholar":
        shown.education, shown.teaching, shown.awards = [], [], []
        shown.positions = [p for p in person.positions if p is person.current]
    return shown


def truth_of(shown: Person, file_name: str, style: str, fmt: str) -> dict:
    data = asdict(shown)
    data.pop("extras")
    return {"file": file_name, "style": style, "format": fmt, **data}


def generate(out_dir: Path, n: int, seed: int) -> dict:
    """Write n profiles and truth.json into out_dir (replacing it); return the truth."""
    people = build(n, seed)
    rng = random.Random(f"profilechat-bench-files:{seed}")
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    files: list[dict] = []
    for index, person in enumerate(people):
        pdf = rng.random() < PDF_SHARE
        style = PDF_STYLE if pdf else rng.choice(STYLES)
        fmt = "pdf" if pdf else ("md" if style in ("markdown", "scholar") else "txt")
        if fmt == "md" and rng.random() < 0.2:
            fmt = "txt"  # Markdown saved as .txt is common
        name = _file_name(rng, index, person, f".{fmt}")
        text, shown = fit(person, style)
        if pdf:
            to_pdf(text, out_dir / name)
        else:
            (out_dir / name).write_text(text, encoding="utf-8")
        files.append(truth_of(shown, name, style, fmt))
    pairs = near_duplicates([p.name for p in people])
    truth = {
        "generator_version": GENERATOR_VERSION, "n": n, "seed": seed,
        "near_duplicates": pairs, "files": files,
        "questions": questions(files, pairs, random.Random(f"profilechat-bench-q:{seed}")),
    }
    (out_dir / "truth.json").write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
    return truth


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path, help="folder to write (replaced if it exists)")
    parser.add_argument("--n", type=int, default=100, help="number of profiles (default 100)")
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    args = parser.parse_args(argv)
    truth = generate(args.out_dir, args.n, args.seed)
    pdfs = sum(1 for f in truth["files"] if f["format"] == "pdf")
    print(f"wrote {args.n} profiles ({pdfs} PDF), {len(truth['questions'])} questions, "
          f"{len(truth['near_duplicates'])} near-duplicate name groups to {args.out_dir}")


if __name__ == "__main__":
    main()
