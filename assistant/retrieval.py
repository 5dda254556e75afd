"""Hybrid retrieval: dense (Chroma) and keyword (SQLite FTS5 BM25) fused, person-aware."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict

from ingest.chunking import Chunk
from ingest.store import Index

# Reciprocal rank fusion constant from Cormack et al. (2009); 60 is the usual choice.
RRF_K = 60
STOPWORDS = frozenset(
    "a an the of in on at to for and or but is are was were be been being do does did has have "
    "had what which who whom whose where when why how this that these those it its he she his her "
    "him they them their there with by from as about into over under any all each every some "
    "did does tell me list name give please can could would should you your i my our we us "
    "than then so not no yes also only just more most many much one two".split()
)
# CV vocabulary: how questions ask (verbs) versus how CVs write it (headings, labels).
SYNONYMS = {
    "advised": "advisor advisors supervisor", "advisor": "advisors supervisor advised",
    "supervised": "advisor supervisor", "taught": "teaching instructor course",
    "teach": "teaching instructor course taught", "studied": "education degree university",
    "study": "education degree", "degree": "education", "graduated": "education degree",
    "interned": "internship intern", "internship": "intern", "intern": "internship",
    "worked": "experience engineer position", "work": "experience position",
    # a job is stated by its role ("I am a software engineer … at Uber")
    "works": "experience position engineer scientist researcher developer professor",
    "company": "engineer scientist researcher developer employer inc",
    "published": "publications conference", "wrote": "publications authors",
    "papers": "publications", "paper": "publications", "won": "award awards prize",
    "award": "awards prize honors", "awards": "honors prize", "thesis": "dissertation",
    "phd": "ph.d. doctoral", "masters": "master m.s.", "master's": "master m.s.",
    "bachelor": "b.s. undergraduate", "ta": "teaching assistant", "tas": "teaching assistant",
    "mentor": "mentor advisor", "job": "experience position",
    # an irregular past, or the role's noun, does not share a stem with the verb
    "lead": "led leader", "led": "lead leader",
    # the languages section as CVs in French, Spanish, German and Italian head it
    "languages": "idiomas langues sprachen lingue", "language": "idiomas langues sprachen lingue",
    "speak": "languages idiomas langues sprachen lingue",
    "speaks": "languages idiomas langues sprachen lingue",
}
# How CVs in French, Spanish, Catalan, German, Italian and Portuguese write what an English
# question asks: the question finds the line of a CV in another language by these words.
_ABROAD = {
    "born": "né née naissance nacido nacida nacimiento geboren geburtsdatum nato nata nascita "
            "nascido nascida nascimento",
    "birth": "naissance nacimiento geburtsdatum nascita nascimento",
    "currently": "actuellement actualmente actualment aktuell derzeit attualmente",
    "current": "actuel actuelle actuellement actualmente aktuell derzeit attuale attualmente",
    "now": "actuellement actualmente aktuell derzeit attualmente",
    "work": "poste emploi puesto trabajo empleo arbeit stelle lavoro trabalho",
    "works": "poste emploi puesto trabajo empleo arbeit stelle lavoro trabalho",
    "worked": "poste emploi puesto trabajo empleo arbeit stelle lavoro trabalho",
    "readers": "lecteurs lectores lectors leser lettori leitores",
    "thesis": "thèse tesis doktorarbeit tesi tese",
    "doctorate": "doctorat doctorado dottorato doutorado",
    "phd": "doctorat doctorado dottorato doutorado",
    "degree": "diplôme título titulación licenciatura grado abschluss laurea diploma",
    "taught": "enseignement cours docencia asignaturas docència lehre insegnamento corsi ensino",
    "teaching": "enseignement cours docencia asignaturas docència lehre insegnamento ensino",
    "courses": "cours asignaturas cursos lehrveranstaltungen corsi disciplinas",
    "award": "prix distinction premio premios auszeichnung preis premi prémio",
    "awards": "prix distinctions premios auszeichnungen preise premi prémios",
    "grant": "financement subvención financiación beca förderung finanziamento bolsa",
    "funding": "financement financiación subvención förderung finanziamento financiamento",
    "students": "étudiants doctorants estudiantes doctorandos doktoranden studenti alunos",
    "supervising": "encadrement dirección direcció betreuung supervisione orientação",
    "supervises": "encadrement dirección direcció betreuung supervisione orientação",
    "email": "courriel correo correu",
    "phone": "téléphone teléfono telèfon telefon telefono telefone",
    "address": "adresse dirección adreça indirizzo endereço",
    "nationality": "nationalité nacionalidad staatsangehörigkeit nazionalità nacionalidade",
    "published": "publications publicaciones publikationen pubblicazioni publicações",
    "papers": "articles artículos artikel articoli artigos",
}
SYNONYMS = {word: f"{SYNONYMS[word]} {abroad}" if word in SYNONYMS else abroad
            for word, abroad in _ABROAD.items()} | {
    word: same for word, same in SYNONYMS.items() if word not in _ABROAD}
# "What does she work on?", "What are his research interests?": a question about topics, which
# CVs state under Research or Interests, not in the jobs that "work" usually points at.
TOPIC = re.compile(r"\bwork(?:s|ed|ing)?\s+on\b|\bresearch\s+(?:interests?|areas?|topics?|focus)\b|"
                   r"\binterested\s+in\b|\bfocus(?:es|ed)?\s+on\b", re.I)
TOPIC_TERMS = "research interests focus areas covers spans includes"
# Questions over the whole collection: retrieval spreads its passages across people for them.
COLLECTION = re.compile(
    r"\b(who|which|how many|list|everyone|anyone|any of|all of|each|compare|researchers|people)\b",
    re.I,
)
PRONOUNS = re.compile(r"\b(he|his|him|she|her|hers|they|their|them|this person)\b", re.I)
# "Who was the first author of that paper?", "Who did he work with there?": the conversation's
# person is still the subject when a follow-up points back at a thing instead of at them.
THING_ANAPHOR = re.compile(r"\b(?:that|this|those|these|the same)\s+(?:paper|papers|publication|"
                           r"company|job|position|role|internship|university|school|lab|group|"
                           r"team|course|award|thesis|project|degree|system)\b|\bthere\b|"
                           # "What was the 2022 one about?", "and the other one?", "the latter"
                           r"\bthe\s+(?:[\w-]+\s+)?ones?\b(?!\s+(?:who|that|which)\b)|"
                           r"\bthe\s+(?:latter|former)\b", re.I)


@dataclass
class Passage:
    """A retrieved chunk with the fused score that ranked it."""

    chunk: Chunk
    score: float
    before: str = ""  # the end of the chunk before it in the same section, for citation checks


def with_context(index: Index, passages: list[Passage], lines: int = 3) -> list[Passage]:
    """The passages, each given the last lines of the chunk before it when both are in the same
    section: a chunk that starts mid-entry lacks the name of the project or job it continues."""
    wanted = {f"{p.chunk.sha[:16]}:{p.chunk.index - 1:04d}": p for p in passages if p.chunk.index}
    for chunk in index.chunks(list(wanted)):
        passage = wanted[chunk.id]
        if chunk.section == passage.chunk.section:
            body = chunk.text.partition("\n")[2].rstrip().splitlines()
            passage.before = "\n".join(body[-lines:])
    return passages


def name_words(people: Sequence[str]) -> set[str]:
    """The lower-case words of people's names, initials without their dot ("F." → "f"), also
    without their accents ("Kołczyńska" and "kolczynska": a question may write either)."""
    plain = {part.lower().strip(".") for name in people for part in name.split()}
    return plain | {folded(word) for word in plain}


def folded(word: str) -> str:
    """A word without its accents: "Kołczyńska" → "Kolczynska"."""
    return unicodedata.normalize("NFKD", word.replace("ł", "l")).encode("ascii", "ignore").decode()


def keywords(text: str) -> list[str]:
    """Content words of a question, for keyword search and sentence scoring."""
    words = re.findall(r"[^\W_][\w+#.'’-]*(?:[^\W_]|[+#])|[^\W_]", text)  # any script
    words = [re.sub(r"(?:'s|’s)$", "", w) for w in words]
    return [w for w in words if w.lower() not in STOPWORDS]


def resolve_people(
    question: str, known: Sequence[str], history: Sequence[tuple[str, str]] | None = None
) -> list[str]:
    """The indexed people a question names, by full, last or first name, or through a pronoun."""
    named = _named_in(question, known)
    if named or not (PRONOUNS.search(question) or THING_ANAPHOR.search(question)
                     or history and elliptical(question)):
        return named
    return conversation_people(known, history or [])


def elliptical(question: str) -> bool:
    """Whether a question is a short follow-up that leaves its subject out ("Why not?", "And
    after that?", "Which year?"): at most four words, none capitalised after the first (which
    would name someone), and none that asks about other people ("Who else?")."""
    words = re.findall(r"[\w'’-]+", question)
    return 0 < len(words) <= 4 and not any(w[:1].isupper() for w in words[1:]) and not re.search(
        r"\b(?:else|everyone|anyone|anybody|someone|somebody|others?|all|researchers|people)\b",
        question, re.I)


def conversation_people(known: Sequence[str], history: Sequence[tuple[str, str]]) -> list[str]:
    """The indexed people the latest turn that named anyone was about."""
    for earlier_q, earlier_a in reversed(list(history)):
        named = _named_in(earlier_q, known) or _named_in(earlier_a, known)
        if named:
            return named
    return []


def _tokens(text: str) -> list[str]:
    return re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split()


@functools.lru_cache(maxsize=4)
def _name_table(known: tuple[str, ...]) -> tuple[dict[str, list[tuple[list[str], str]]],
                                                 dict[int, dict[str, list[str]]]]:
    """Lookups from a name's first word to (its words, person), and, for the last and the first
    name, from that word to the people: a question is matched in time of its own length, not of
    the collection's (scanning 10,000 names took 5 ms a question)."""
    starts: dict[str, list[tuple[list[str], str]]] = {}
    single: dict[int, dict[str, list[str]]] = {-1: {}, 0: {}}
    for person in known:
        words = _tokens(person)
        if not words:
            continue
        starts.setdefault(words[0], []).append((words, person))
        for position in (-1, 0):
            if len(words) >= 2 and len(words[position]) > 2:
                single[position].setdefault(words[position], []).append(person)
    return starts, single


def _named_in(text: str, known: Sequence[str]) -> list[str]:
    words = _tokens(text)
    starts, single = _name_table(tuple(known))
    full = list(dict.fromkeys(
        person for i, word in enumerate(words) for name, person in starts.get(word, ())
        if words[i: i + len(name)] == name))
    if full:
        return sorted(full, key=list(known).index) if len(full) > 1 else full
    for position in (-1, 0):  # last names first: "Kosaian's advisor"
        found = list(dict.fromkeys(p for word in words for p in single[position].get(word, ())))
        owners = {_tokens(p)[position] for p in found}
        if found and len(found) <= 3 and len(owners) == 1:
            return found
    return []


def expand(question: str, people: Sequence[str] = ()) -> str:
    """The question without the names of people it is restricted to, plus CV synonyms."""
    text = question
    for person in people:
        for part in person.split():
            text = re.sub(rf"\b{re.escape(part)}(?:'s|’s)?\b", " ", text, flags=re.I)
    if TOPIC.search(text):
        return f"{text.strip()} {TOPIC_TERMS}"
    extra = [SYNONYMS[key] for w in keywords(text) if (key := _synonym_key(w)) in SYNONYMS]
    return " ".join([text.strip(), *extra])


def _synonym_key(word: str) -> str:
    """A word as SYNONYMS knows it: "Ph.D." → "phd", "M.S." → "ms"."""
    return word.lower() if "." not in word.strip(".") else word.lower().replace(".", "")


def _fts_query(question: str) -> str:
    """An FTS5 OR-query; words of six letters or more match by prefix (advis* ← advised), and
    an abbreviation with dots also as the phrase of its letters ("Ph.D" → "ph d")."""
    terms = set()
    for word in keywords(question):
        low = word.lower().removesuffix("'s").removesuffix("’s")
        if "." in low.strip("."):
            terms.add('"' + " ".join(re.findall(r"\w+", low)) + '"')
        word = re.sub(r"[^\w]", "", low)
        if word:
            terms.add(f'"{word[:5]}"*' if len(word) > 5 else f'"{word}"')
    return " OR ".join(sorted(terms))


def keyword_search(index: Index, question: str, people: Sequence[str], n: int) -> list[str]:
    """Chunk ids ranked by BM25 over the FTS5 index."""
    query = _fts_query(question)
    return index.keyword_ids(query, people, n) if query else []


def retrieve(
    index: Index, question: str, *, people: Sequence[str] = (), k: int = 6, diversify: bool = False
) -> list[Passage]:
    """The k best live passages, fused from dense and keyword rankings."""
    pool = max(4 * k, 20)
    scores: dict[str, float] = {}
    query = expand(question, people) if people else expand(question)
    for ranking in (index.vector_ids(query, people, pool),
                    keyword_search(index, query, people, pool)):
        for rank, chunk_id in enumerate(ranking):
            scores[chunk_id] = scores.get(chunk_id, 0.0) + 1.0 / (RRF_K + rank + 1)
    ordered = sorted(scores, key=scores.__getitem__, reverse=True)
    chunks = index.chunks(ordered)  # drops chunks of documents that are not live
    passages = [Passage(c, scores[c.id]) for c in chunks]
    if people and len(people) <= 3:
        passages = _with_contact(index, question, people, passages)
        passages = _with_capitals(index, question, people, passages, k)
    if diversify:
        passages = _round_robin_by_person(_with_home(index, question, passages, pool))
    return passages[:k]


def _with_home(index: Index, question: str, passages: list[Passage],
               pool: int) -> list[Passage]:
    """For "Which of them are based in London?", the opening chunks that name the place come
    first: a CV gives where its person lives in its header ("London, UK"), among words of the
    question's that rank its other chunks higher ("49th London PyData Meetup")."""
    from assistant.compress import PLACE_KINDS, stem

    words = keywords(question)
    if not {stem(w) for w in words} & PLACE_KINDS:
        return passages
    named = [w for w in words if stem(w) not in PLACE_KINDS and len(w) >= 3]
    found = index.chunks(keyword_search(index, " ".join(named), (), pool)) if named else []
    # The place as a header writes it: capitalised, a word of its own
    home = [c for c in found if c.index == 0 and any(
        re.search(rf"\b{re.escape(w.capitalize())}\b", c.text) for w in named)]
    top = passages[0].score if passages else 1.0
    seen = {c.id for c in home}
    return [Passage(c, top) for c in home] + [p for p in passages if p.chunk.id not in seen]


def _with_contact(index: Index, question: str, people: Sequence[str],
                  passages: list[Passage]) -> list[Passage]:
    """For "What's her phone number?", the people's chunks that hold one come first: a CV's
    header gives it bare ("812.855.6389"), with no word of the question to rank it by."""
    from assistant.compress import contact_asked, holds_contact

    if not contact_asked(question):
        return passages
    top = passages[0].score if passages else 1.0
    held = [Passage(c, top) for person in people for c in index.all_chunks(person)
            if holds_contact(question, c.text)]
    seen = {p.chunk.id for p in held}
    return held + [p for p in passages if p.chunk.id not in seen]


# A name the question writes in capitals ("CIFRE", "DAWAK"): the embedding model never saw most
# of them, so a passage that holds one can rank last by meaning ("• CIFRE fellowship (Company:
# Foxstream)" under a Ph.D.'s thesis) and answer all the same. The passages that hold it, where
# at most RARE_HOLDERS of the person's do, take the last places of the k sent.
# A compound that holds one counts whole, as a phrase ("Meta-VQE" → "meta vqe", "GPT-4").
_CAPITALS = re.compile(r"(?<![\w.-])(?:[A-Za-z0-9]+-)*[A-Z][A-Z0-9]{2,}(?:-[A-Za-z0-9]+)*(?![\w-])")
RARE_HOLDERS = 2


def _with_capitals(index: Index, question: str, people: Sequence[str],
                   passages: list[Passage], k: int) -> list[Passage]:
    """The passages, with those of the people that hold a name the question writes in capitals
    among the first k: after the passages both rankings agree on, not before them."""
    own = name_words(people)
    holders: list[str] = []
    for word in _CAPITALS.findall(question):
        parts = re.findall(r"[a-z0-9]+", word.lower())
        if set(parts) <= own:
            continue
        found = index.keyword_ids(f'"{" ".join(parts)}"', people, RARE_HOLDERS + 1)
        if len(found) <= RARE_HOLDERS:
            holders += [chunk_id for chunk_id in found if chunk_id not in holders]
    sent = {p.chunk.id for p in passages[:k]}
    missing = index.chunks([chunk_id for chunk_id in holders if chunk_id not in sent])[:k]
    if not missing:
        return passages
    kept = passages[:k - len(missing)]
    score = kept[-1].score if kept else 1.0
    added = {c.id for c in missing}
    return [*kept, *(Passage(c, score) for c in missing),
            *(p for p in passages[len(kept):] if p.chunk.id not in added)]


def _round_robin_by_person(passages: list[Passage]) -> list[Passage]:
    """Interleave people so a collection question does not get five chunks of one CV."""
    queues: dict[str, list[Passage]] = {}
    for passage in passages:
        queues.setdefault(passage.chunk.person, []).append(passage)
    out: list[Passage] = []
    while any(queues.values()):
        for queue in queues.values():
            if queue:
                out.append(queue.pop(0))
    return out


def to_document(passage: Passage) -> Document:
    """A passage as a LangChain Document carrying its citation metadata."""
    c = passage.chunk
    meta = {"id": c.id, "person": c.person, "source": c.source, "section": c.section,
            "page": c.page, "start": c.start, "end": c.end, "score": passage.score}
    return Document(page_content=c.text, metadata=meta, id=c.id)


class ProfileRetriever(BaseRetriever):
    """LangChain retriever over the index; person-aware and diversified across people."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    index: Index
    k: int = 6
    people: list[str] = []

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **kwargs: object
    ) -> list[Document]:
        k = int(kwargs.get("k", self.k))  # type: ignore[call-overload]
        people = self.people or resolve_people(query, list(self.index.people()))
        passages = retrieve(self.index, query, people=people, k=k, diversify=not people)
        return [to_document(p) for p in passages]
