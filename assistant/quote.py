"""Quoted answers: the local model picks the passage lines that answer, and code quotes them.

Asked to write an answer, the bundled 1.5B model refused 49 of the real corpus's answerable
questions with the answer in its passages (eval/README.md). Asked only which numbered lines state
the answer, under a grammar that admits nothing but line numbers, it picks the right line far
more often, still picks none for a question the lines do not answer, and writes 1-5 tokens
instead of 30-100. The answer is then the picked lines themselves, each with its passage number,
so every word of it is in the cited passage.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage

import prompts
from assistant.compress import (
    ITEM_NUMBER,
    contact_asked,
    holds_contact,
    name_words,
    question_terms,
    shape_terms,
    stem,
    stems,
    uncut_lines,
    unit_score,
    units,
)
from assistant.citations import abbreviated, strip_markers
from assistant.retrieval import STOPWORDS, Passage, folded, keywords
from ingest.chunking import GOES_ON, dated, split_entries
from ingest.records.education import DEGREE, match_level
from ingest.records.honours import names_honour
from ingest.records.places import countries_in, is_place
from ingest.records.text import DATE_POINT, DATE_RANGE, date_range, full_year_ranges

if TYPE_CHECKING:  # the routes import this module
    from assistant.routes.lexicon import Lexicon

# Line numbers, comma-separated; "0" is the model's way to say that no line answers.
GRAMMAR = 'root ::= num ("," num)*\nnum ::= [0-9] | [1-9][0-9]\n'
# More picked lines than this are a list the model could not narrow: the first ones are kept.
MAX_PICKS = 6
# A "0" the model gave with less than this probability is a doubted refusal: the 1.5B model
# answers 0 whenever no single line number outweighs it, though the lines together may (0 at
# 0.29 against 0.56 spread over four lines, the answer among them). Its likeliest line is then
# checked alone, and quoted where the model, asked of that line only, says yes with at least
# SURE. Both figures come from 32 such refusals of the development sets (eval/README.md,
# thirty-first session): seven of eight unanswerable questions' 0s came at 0.41-0.60, no
# answerable one's over 0.38, and no unanswerable question's line got a yes above 0.49.
DOUBT = 0.40
SURE = 0.75
# The line of those shown that alone meets the most of the question's words is the other
# witness: where it is the one checked, a yes of AGREED suffices. Of the 15 doubted 0s of the
# real, real-fresh and shared reports (thirty-sixth session), 9 had one such line: the right one
# in 8, with yes at 0.66-0.91 in 7 of them; the wrong one got 0.39. None of the three
# unanswerable questions had one.
AGREED = 0.60
# The probabilities of this many first tokens are asked for, enough to hold "0" and "yes"/"no".
FIRST_TOKENS = 20
CHECK_GRAMMAR = 'root ::= "yes" | "no"\n'
# What an Answer's diagnostics say of its line pick (the reply, its likeliest first tokens, the
# doubted-0 check), kept on answers as on refusals and in the eval's report
PICK_KEYS = ("picked", "first", "doubted")


@dataclass(frozen=True)
class Line:
    """One numbered line the model chooses from."""

    passage: int  # 0-based, in the order the passages are cited
    person: str
    text: str


def numbered_lines(context: Sequence[tuple[Passage, str]]) -> list[Line]:
    """The body lines of the compressed passages, in order, each with its passage and person."""
    lines = []
    for i, (passage, text) in enumerate(context):
        for line in text.partition("\n")[2].split("\n"):
            if line.strip():
                lines.append(Line(i, passage.chunk.person, line.strip()))
    return lines


def render_lines(context: Sequence[tuple[Passage, str]], lines: Sequence[Line],
                 shown: Collection[int]) -> str:
    """The `shown` lines under the heading of their passage ("Name | Section"), each under its
    own number (its place among all the lines, from 1)."""
    out: list[str] = []
    for i, (_, text) in enumerate(context):
        own = [n for n, line in enumerate(lines) if line.passage == i and n in shown]
        if not own:
            continue
        head = text.split("\n", 1)[0]
        out.append(f"From {head}:")
        out.extend(f"{n + 1}. {lines[n].text}" for n in own)
    return "\n".join(out)


def messages(question: str, history: Sequence[tuple[str, str]],
             context: Sequence[tuple[Passage, str]], lines: Sequence[Line],
             shown: Collection[int]) -> list[BaseMessage]:
    """The rules and the `shown` lines, numbered, with the earlier question for a follow-up."""
    earlier = f"Earlier question: {history[-1][0]}\n" if history else ""
    user = prompts.render("quote", question=question, history=earlier,
                          lines=render_lines(context, lines, shown))
    return [SystemMessage(prompts.render("quote_system")), HumanMessage(user)]


def shown_grammar(shown: Collection[int]) -> str:
    """A grammar for one of the `shown` lines' numbers, 0 not among them: the model's likeliest
    line where its 0 was doubted."""
    return "root ::= " + " | ".join(f'"{n + 1}"' for n in sorted(shown)) + "\n"


def doubted(first: dict[str, float]) -> bool:
    """Whether a reply of 0 came with a probability under DOUBT (first: the first tokens'
    probabilities); not when they are unknown."""
    return bool(first) and first.get("0", 1.0) < DOUBT


def check_messages(question: str, history: Sequence[tuple[str, str]],
                   context: Sequence[tuple[Passage, str]], line: Line) -> list[BaseMessage]:
    """The one line and the question, for a yes or a no: asked alone, the 1.5B model tells a
    line that answers from one that does not better than it picks among several."""
    earlier = f"Earlier question: {history[-1][0]}\n" if history else ""
    head = context[line.passage][1].split("\n", 1)[0]
    user = prompts.render("check", head=head, line=line.text, history=earlier,
                          question=question)
    return [SystemMessage(prompts.render("check_system")), HumanMessage(user)]


def yes_share(first: dict[str, float]) -> float:
    """The share of yes in a yes/no reply's first-token probabilities (0 when neither came)."""
    yes = sum(p for t, p in first.items() if t.strip().lower() == "yes")
    no = sum(p for t, p in first.items() if t.strip().lower() == "no")
    return yes / (yes + no) if yes + no > 0 else 0.0


def best_met(question: str, lines: Sequence[Line], shown: Collection[int],
             people: Sequence[str], sections: Sequence[str]) -> int | None:
    """The one `shown` line (with its section's heading) that meets the most of the question's
    own words besides the people's names (no synonyms: "company" meets "Servier" no better
    than "research"), of those that give the kind of thing asked (`lacks_asked`: a place for
    "Which city …?"); None where none meets any or several meet as many."""
    own = name_words(people)
    terms = {stem(w) for w in keywords(question) if w.lower() not in own}
    scores = {n: unit_score(f"{lines[n].text} {sections[lines[n].passage]}", terms)
              for n in shown if lacks_asked(question, lines[n].text, people) is None}
    top = max(scores.values(), default=0)
    best = [n for n, score in scores.items() if score == top]
    return best[0] if top and len(best) == 1 else None


def recheck(model: BaseChatModel, asked: list[BaseMessage], question: str,
            history: Sequence[tuple[str, str]], context: Sequence[tuple[Passage, str]],
            lines: Sequence[Line], shown: Collection[int], first: dict[str, float],
            people: Sequence[str], sections: Sequence[str], carried: str = "",
            ) -> tuple[list[int], list[BaseMessage], dict[str, object]]:
    """After a doubted 0: the likeliest `shown` line (on the pick's own prompt, `asked`), kept
    if the model, asked of it alone, says yes with SURE; or with AGREED where it is also the
    line that meets the question's words best (`best_met`; with the words a follow-up carries,
    as `accept`). Where that is another line, it is checked too, and kept with AGREED. With the
    checks' messages and what they found."""
    found: dict[str, object] = {"zero": round(first.get("0", 0.0), 3), "line": "", "yes": False}
    likeliest = picks(model.invoke(asked, grammar=shown_grammar(shown)).text, len(lines))[:1]
    if not likeliest:
        return [], [], found
    met = best_met(f"{question} {carried}", lines, shown, people, sections)
    checked = [(likeliest[0], AGREED if met == likeliest[0] else SURE)]
    if met is not None and met != likeliest[0]:
        checked.append((met, AGREED))
    sent: list[BaseMessage] = []
    for n, enough in checked:
        check = check_messages(question, history, context, lines[n])
        said = model.invoke(check, grammar=CHECK_GRAMMAR, first_tokens=FIRST_TOKENS)
        sent += check
        share = yes_share(said.response_metadata.get("first_tokens", {}))
        found |= {"line": lines[n].text, "yes": share >= enough, "share": round(share, 3)}
        if found["yes"]:
            return [n], sent, found
    return [], sent, found


def picks(reply: str, count: int) -> list[int]:
    """The 0-based lines a reply names, in order, without repeats or numbers out of range."""
    chosen = []
    for number in re.findall(r"\d+", reply):
        n = int(number) - 1
        if 0 <= n < count and n not in chosen:
            chosen.append(n)
    return chosen[:MAX_PICKS]


# Questions whose answer is a number or a date: a picked line without a digit does not answer.
# "When" asks for a date where it leads the question or closes it ("…, and when?"), not in a
# clause that places what is asked ("What medal did he receive when he graduated?").
_NUMERIC = re.compile(r"^\W*(?:(?:and|since|until|from)\s+)?when\b|\bwhen\W*$|\band when\b|"
                      r"\b(?:what year|which year|how (?:many|much|long|old)|gpa|grade|date|"
                      r"phone|number)\b", re.I)


# "How many …?" (or a salary) is answered by a count: a number that is not a year, or a word.
_COUNT_QUESTION = re.compile(r"\bhow (?:many|much)\b|\b(?:salary|income)\b", re.I)
_COUNT = re.compile(r"(?<![\w/.-])(?!(?:19|20)\d\d(?!\d))\d+(?:[.,]\d+)?(?![\d/-])|\b(?:one|two|"
                    r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|hundred)\b",
                    re.I)
# A title the question quotes ('Quiet Rooms', "Quiet Rooms", “Quiet Rooms”).
_QUOTED = re.compile(r"(?:^|[\s(])['\"\u2018\u201c]([^'\"\u2019\u201d]{8,}?)['\"\u2019\u201d](?=[\s?.,;:)]|$)")
# A name written joined or with a capital inside ("PipeDream", "Collide+Power", "DeepMind"): the
# system, paper or place the question is about, which the picked entry must name too.
JOINED = re.compile(r"\b[A-Za-z]+[a-z](?:[A-Z]|\+[A-Z])[\w+]*")
# A question over the collection, which names no one ("Which of these researchers …").
_OVER_ALL = re.compile(r"\b(?:these|those|them|researchers|people|anyone|anybody|everyone|"
                       r"any of|all of|each|who else)\b", re.I)
# A name the question gives after its first word: capitalised words in a row ("Carnegie Mellon",
# "University of Toronto") or an acronym ("ECRM").
_NAMED = re.compile(r"(?<=\s)[A-Z][\w&’'-]*(?:\s+(?:of\s+|de\s+|the\s+)?[A-Z][\w&’'-]*)*")
# Capitalised words that name a kind of thing, not one of them: degrees, the CV, a grade.
_GENERIC = re.compile(r"^(?:ph\.?\s?d|d\.?phil|m\.?s\.?c?|b\.?s\.?c?|b\.?a|m\.?a|mba|bsc|msc|mphil|"
                      r"m\.?eng|b\.?eng|mres|cv|resume|gpa|i)\.?$", re.I)
# Words that make a line name an organisation: where the entry of a job or a degree starts.
_ORGANISATION = re.compile(r"\b(?:universit|institut|college|school|academy|laborator|labs?\b|"
                           r"inc\b|corporation|company|cent(?:er|re)\b|foundation|hospital|"
                           r"ministry|department)", re.I)
# A line that opens with an organisation's name: "Calder State University MARS 110 …",
# "University of Muenster, Germany", "Department of Zoology"
_OPENS_WITH_ORGANISATION = re.compile(
    r"(?:[A-Z][\w.&'’-]*\s+(?:(?:of|de|for|and|the|&)\s+)?){0,3}(?:Universit|Institut|College|"
    r"School|Academy|Laborator|Labs?\b|Cent(?:er|re)\b|Foundation|Hospital|Ministry|Department)")
# Words of letters a line must hold to say anything: "19" or "5" alone is a stray number.
_WORD = re.compile(r"[^\W\d_]{3,}")


# A grade, as a question for a GPA wants it: "3.74/4.00", "GPA 3.9", "110/110", "cum laude"
_GRADE_QUESTION = re.compile(r"\b(?:c?gpa|grade point|grades?)\b", re.I)
_GRADE = re.compile(r"(?<![\d.])\d{1,2}[.,]\d{1,2}(?![\d.])|\d+(?:[.,]\d+)?\s*/\s*\d+|"
                    r"\b(?:cum laude|summa|magna|distinction|first[- ]class|honou?rs|"
                    r"with merit|mention)\b", re.I)


def fits_shape(question: str, text: str) -> bool:
    """Whether text can answer by its shape: a digit where the question asks for a number or a
    date, a grade where it asks for one, a count (a number that is not a year, or a number word)
    where it asks how many or how much. Citation markers are not numbers."""
    text = re.sub(r"\[\d+(?:,\s*\d+)*\]", "", text)
    if _NUMERIC.search(question) and not re.search(r"\d", text):
        return False
    if _GRADE_QUESTION.search(question) and not _GRADE.search(text):
        return False  # "GPA at Northgate?" is not met by its address's "Room 4031"
    return not _COUNT_QUESTION.search(question) or _COUNT.search(text) is not None


# A question that asks for a place by its kind ("Which city …?"); not "Where is she based?",
# which an institution answers too.
_PLACE_ASKED = re.compile(r"\b(?:which|what)\s+(?:city|cities|town|country|countries)\b", re.I)
# A question that asks for a company, not a university ("Which company …", "outside academia").
_COMPANY_ASKED = re.compile(r"\b(?:compan(?:y|ies)|firms?|startups?|in industry|"
                            r"outside (?:of )?academia)\b", re.I)
# A question that asks for the venue of a paper: "In which journal …?", "Where did it appear?"
# (not "Where did she present …?", which may ask for a city).
_VENUE_ASKED = re.compile(r"\b(?:which|what)\s+(?:journals?|venues?|conferences?|proceedings|"
                          r"workshops?|symposi(?:um|a))\b|\bwhere\b.{0,120}\b(?:published|"
                          r"appear(?:ed|s)?)\b", re.I)
# Words that name a kind of venue, for one the records do not list ("the Ontario Ethology,
# Ecology, and Evolution 2019 conference").
_VENUE_WORD = re.compile(r"\b(?:journal|proceedings|conference|review|letters|transactions|"
                         r"symposium|workshop|meeting|congress|colloquium|magazine|press|arxiv|"
                         r"annals|bulletin|quarterly|forum)\b", re.I)


# A question for a journal, and the words of a venue that is an event, not a journal
_JOURNAL_ASKED = re.compile(r"\b(?:which|what)\s+(?:\w+\s+)?journals?\b", re.I)
_EVENT = re.compile(r"\b(?:meeting|conference|workshop|symposium|congress|colloquium|talk|"
                    r"poster|seminar|summit)s?\b", re.I)
_JOURNAL_WORD = re.compile(r"\b(?:journal|letters|review|transactions|quarterly|annals|"
                           r"bulletin|magazine|reports|proceedings of the national)\b", re.I)


def _alone(word: str, text: str) -> bool:
    """Whether a one-word name stands alone in a text, no capitalised word beside it: the
    journal "Nature" in "published in Nature", not "Quantum" in "Meta-Variational Quantum
    Eigensolver"."""
    return any(not re.search(r"[A-Z][\w-]*\W*$", text[:found.start()]) and not re.match(
        r"\W*[A-Z]", text[found.end():]) for found in re.finditer(
        rf"\b{re.escape(word)}\b", text, re.I))


def lacks_venue(question: str, text: str, lex: Lexicon) -> str | None:
    """Where the question asks for a paper's venue, why `text` gives none: it names no venue
    the collection's records list and no word of a kind of venue. "In which journal did he
    publish his work on Fano varieties?" answered with the thesis line is a cited wrong answer,
    and so is a question for a journal answered with a meeting's talk ("… APS March Meeting
    2021"), unless a venue the records list that names no event is on it too."""
    plain = strip_markers(text)
    if not _VENUE_ASKED.search(question):
        return None
    named = lex.named_in(plain, "venue")
    if _JOURNAL_ASKED.search(question) and _EVENT.search(plain) and not _JOURNAL_WORD.search(
            plain) and not any(not _EVENT.search(venue) and (" " in venue or _alone(venue, plain))
                               for venue in named):
        return "an event where a journal is asked"
    if _VENUE_WORD.search(text) or named:
        return None
    return "no venue where one is asked"


# A question for a title ("What was the title of her thesis?", "What is the book titled?"), and
# how many words of its own, in a row, a title has at least: "Autism in females", not "Bond
# University, Gold Coast, Australia, MASTER OF IT 2010-2012" for "What was the title of his
# master's thesis at Bond University?" (places, numbers and what the question says are no
# title's words) nor the venue's line for "What is the title of her IROS 2024 paper?".
_TITLE_ASKED = re.compile(r"\btitle[sd]?\b", re.I)
TITLE_WORDS = 2


def lacks_title(question: str, text: str, people: Sequence[str], lex: Lexicon) -> str | None:
    """Where the question asks for a title, why `text` gives none: it has no TITLE_WORDS
    words in a row, stop words aside, that the question does not say and that are no number,
    no place and no word of the name of a venue the records know ("IEEE/RSJ International
    Conference on Intelligent Robots and Systems (IROS) 2024" names the venue, not the
    paper)."""
    if not _TITLE_ASKED.search(question):
        return None
    plain = strip_markers(text)
    venues = {word for venue in lex.named_in(plain, "venue") if _VENUE_WORD.search(venue)
              for word in venue.split()}
    said = _said(question, people)
    run = 0
    for word in re.findall(r"[^\W_]+", plain):
        if word.lower() in STOPWORDS:
            continue
        if word.isdigit() or stem(word) in said or folded(word.lower()) in venues or (
                word[0].isupper() and is_place(word)):
            run = 0
        elif (run := run + 1) >= TITLE_WORDS:
            return None
    return "no title where one is asked"


# A name that makes an organisation a university or college (not "Institute": companies and
# labs take it too).
_ACADEMIC = re.compile(r"universi|college|colegio|hochschule|\bschool\b|\bph\.?\s?d", re.I)
# A question answered yes or no, whose answer may add no word of its own ("Yes [1].").
_YES_NO = re.compile(r"^\s*(?:is|are|was|were|did|does|do|has|have|had|can|could|will|would)\b",
                     re.I)


def _capitalised(text: str) -> list[str]:
    """Runs of capitalised words ("Carnegie Mellon University", "Belkin"), sentence starts too."""
    return re.findall(r"[A-Z][\w&’'.-]*(?:\s+(?:of|de|for|the|and|&)?\s*[A-Z][\w&’'.-]*)*",
                      text)


def _said(question: str, people: Sequence[str]) -> set[str]:
    """The stems a question already gives: its words and the names of the people asked of."""
    return stems(question) | {stem(w) for w in name_words(people)} | _name_parts(question, people)


def adds_to(question: str, text: str, people: Sequence[str]) -> bool:
    """Whether text says a word or number that the question does not: "Summer Intern" for
    "Which company did she intern at in the summer of 2014?" only restates it."""
    if _YES_NO.match(question):
        return True
    return any(len(word) >= 3 or word.isdigit()
               for word in stems(strip_markers(text)) - _said(question, people) - STOPWORDS)


_WHEN_ASKED = re.compile(r"^\s*(?:when\b|(?:on\s+)?what\s+(?:date|day)\b)", re.I)


def finer_date(question: str, text: str, context: Sequence[tuple[Passage, str]],
               people: Sequence[str]) -> str | None:
    """The fuller date a passage line gives for the bare year a written answer to "When …?"
    gives: "2013" where the line that meets the question says "soutenue le 2 juillet 2013"."""
    if not _WHEN_ASKED.search(question):
        return None
    points = [m.group(0) for m in DATE_POINT.finditer(strip_markers(text))]
    if not points or not all(re.fullmatch(r"(?:19|20)\d{2}", p) for p in points):
        return None
    asked = stems(question) - STOPWORDS - stems(" ".join(name_words(people)))
    for _, body in context:
        for line in body.split("\n")[1:]:
            if not stems(line) & asked:
                continue
            for m in DATE_POINT.finditer(line):
                if m.group(0) != m.group(0)[-4:] and m.group(0)[-4:] in points:
                    return m.group(0)
    return None


# A question for an honour by its kind: "What award did the paper receive?", "Which medal
# did he earn …?"; the answer must name one ("… Award", "Gold Medal", "Fellowship").
_HONOUR_ASKED = re.compile(r"^\s*(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:awards?|prizes?|"
                           r"medals?|honou?rs?|fellowships?|scholarships?|distinctions?)\b",
                           re.I)


# A question for someone besides the person it names: "Who hosted her visit at Aalto?", "By
# whom was she advised?"
_WHO_ASKED = re.compile(r"^\s*(?:(?:by|with|under)\s+)?whom?\b", re.I)


def _names_one_of(question: str, people: Sequence[str]) -> bool:
    """Whether the question writes a word of the name of one of the people asked of."""
    own = name_words(people)
    return any(re.sub(r"['’]s$", "", word).lower() in own
               for word in re.findall(r"[\w’'-]+", question))


def names_other(question: str, text: str, people: Sequence[str]) -> bool:
    """Whether text names someone or something by a capitalised name that is not a place and
    not said by the question: not "Barcelona, Spain; Aalto University, Finland" for "Who
    hosted her at Aalto University?"."""
    said = _said(question, people) | STOPWORDS
    for name in _capitalised(strip_markers(text)):
        words, i = name.split(), 0
        while i < len(words):  # "Spain  Aalto University" runs on: the place is no name
            n = next((n for n in (3, 2, 1) if is_place(" ".join(words[i:i + n]))), 0)
            if not n and stems(words[i]) - said:
                return True
            i += n or 1
    return False


def lacks_asked(question: str, text: str, people: Sequence[str]) -> str | None:
    """Why text cannot answer what the question asks for by kind, or None: the contact detail
    it asks for (a patent number is no phone number), a place where it asks which city or
    country, a name other than a university's where it asks for a company, anything the
    question does not already say. A sentence that answers another question is a cited wrong
    answer, which is worse than a refusal."""
    if contact_asked(question) and not holds_contact(question, text):
        return "no contact detail of the kind asked"
    if _PLACE_ASKED.search(question) and not countries_in(text):
        return "no place where one is asked"
    if _HONOUR_ASKED.search(question) and not names_honour(strip_markers(text)):
        return "no honour where one is asked"
    if _WHO_ASKED.search(question) and _names_one_of(question, people) and not names_other(
            question, text, people):
        return "no one where someone is asked"
    if _COMPANY_ASKED.search(question) and not any(
            not _ACADEMIC.search(name) and not stems(name) <= _said(question, people)
            for name in _capitalised(text)):
        return "no company where one is asked"
    if not adds_to(question, text, people):
        return "nothing the question does not say"
    return None


def contact_lines(question: str, lines: Sequence[Line], people: Sequence[str]) -> list[int]:
    """For a question that asks for an e-mail address, a phone number or a web address of the
    people it names, the lines of theirs that hold one, found by its shape; [] otherwise."""
    if not people or not contact_asked(question):
        return []
    return [n for n, line in enumerate(lines)
            if line.person in people and holds_contact(question, line.text)][:MAX_PICKS]


# A value set after its label: "h-index: 18", "GPA: 3.74/4", "PI: Mohammad Rohban"; not a
# pointer ("Publications: see below"). A name after a verb and "by" is one too: "Hosted by
# Piotr Mirowski" answers "Who hosted …?".
_LABELLED = re.compile(r"([^\W\d_][\w.’'-]*)\s*:\s*(?=[A-Z0-9$€£+])|"
                       r"\b([^\W\d_]{3,}ed)\s+by\s+(?=[A-Z][^\W\d_])")


def labelled_lines(question: str, lines: Sequence[Line], people: Sequence[str]) -> list[int]:
    """The lines of the people asked of that give a value under a label the question names
    ("What h-index does she report?" → "… h-index: 18"): what a CV states by its label, which
    the small model may not pick out of a long line."""
    terms = question_terms(question, people) - _name_parts(question, people)
    return [n for n, line in enumerate(lines)
            if (not people or line.person in people) and any(
                stem(found.group(1) or found.group(2)) in terms
                for found in _LABELLED.finditer(line.text))]


# The year a question asks about ("What prize did she win in 2020?", "during 2019"), not one
# that names a thing ("her 2015 PhD") or bounds a span ("since 2015", "after 2010").
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})(?!\d)")
_IN_YEAR = re.compile(r"\b(?:in|during)\s+(?:the\s+year\s+)?((?:19|20)\d{2})(?!\d)", re.I)
_ACADEMIC_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})\s*[/.]\s*(\d{2})(?!\d)")


def year_fits(question: str, text: str) -> bool:
    """Whether a line can be about the one year the question asks about: it gives no year, or
    gives that year, or a span that holds it ("2019 – 2021", "2020/21", "2018 – present"). A
    line dated only 2018 does not answer "What prize did she win in 2020?"."""
    asked = _IN_YEAR.search(question)
    if not asked or len(set(_YEAR.findall(question))) != 1:
        return True
    year = int(asked.group(1))
    text = full_year_ranges(text)
    found = [int(y) for y in _YEAR.findall(text)]
    if not found or year in found:
        return True
    spans = [(m.group("start"), m.group("end")) for m in DATE_RANGE.finditer(text)]
    spans += [(m.group(1), m.group(1)[:2] + m.group(2)) for m in _ACADEMIC_YEAR.finditer(text)]
    if (held := date_range(text)) and held[1] == "present":
        spans.append(held)
    for start, end in spans:
        first, last = _YEAR.search(start), _YEAR.search(end)
        if first and int(first.group(1)) <= year and (int(last.group(1)) >= year if last
                                                       else not re.search(r"\d", end)):
            return True
    return False


# A bullet: an item of the entry whose head is above it
_BULLETED = re.compile(r"\s*[•●▪◦*·–-]\s")
# The span a question names ("from 2021 to 2022", "between 2015 and 2018", "2019–2021")
_ASKED_SPAN = re.compile(r"\b(?:from|between)\s+((?:19|20)\d{2})\s+(?:to|until|and|-|–)\s+"
                         r"((?:19|20)\d{2})(?!\d)|(?<!\d)((?:19|20)\d{2})\s*[-–]\s*"
                         r"((?:19|20)\d{2})(?!\d)", re.I)


def _years_of(text: str) -> tuple[int, int | None] | None:
    """The first and last year of the date range a line gives (None for an open end), or
    None where it gives none."""
    held = date_range(text)
    if not held:
        return None
    first, last = _YEAR.search(held[0]), _YEAR.search(held[1])
    if not first or last is None and re.search(r"\d", held[1]):
        return None
    return int(first.group(1)), int(last.group(1)) if last else None


def span_fits(question: str, lines: Sequence[Line], n: int) -> bool:
    """Whether line `n` can be about the span of years the question names: its entry's date
    range (its own, or that of the dated line above it with only bullets between, in its
    passage) holds that span. "• PI: Morteza Dehghani" under "Research Assistant … May. 2022 -
    Present" does not answer "Whose lab did he work in from 2021 to 2022?"."""
    asked = _ASKED_SPAN.search(question)
    if not asked:
        return True
    start, end = (int(y) for y in (asked.group(1, 2) if asked.group(1) else asked.group(3, 4)))
    at = n
    while (span := _years_of(lines[at].text)) is None:
        if at == 0 or lines[at - 1].passage != lines[n].passage or not (
                _BULLETED.match(lines[at].text)):
            return True  # no dated entry to hold it against
        at -= 1
    first, last = span
    return first <= start and (last is None or last >= end)


def accept(question: str, lines: Sequence[Line], chosen: Sequence[int], people: Sequence[str],
           sections: Sequence[str],
           context: Sequence[tuple[Passage, str]] | None = None, carried: str = "") -> list[int]:
    """The picks that can answer the question: about the people it names, meeting at least one
    of its other words (in the line or its section heading), with a digit where it asks for a
    number or date, a count where it asks how many, and the words of a title it quotes on the
    line or the lines beside it. A 1.5B model sometimes picks a line of the right passage that
    answers something else ("When was he born?" -> the thesis defence line): quoting it would
    be a cited wrong answer, which is worse than a refusal. `carried`: the words a follow-up
    carries from the question before it (`answer.carried_words`), which its pronouns stand
    for: "When did she finish it?" after "Where did she do her PhD?" is met by the PhD's line.
    """
    terms = question_terms(f"{question} {carried}", people) - _name_parts(question, people)
    titles = [stems(t) - STOPWORDS for t in _QUOTED.findall(question)]
    own = name_words(people)
    # "PhD", "MSc" are written joined too, but name a kind of degree, not a thing
    titles += [{stem(name)} for name in JOINED.findall(question)
               if name.lower() not in own and not _GENERIC.match(name)]
    # A question that names no indexed person in full and is not over the collection is about
    # the person it names in part ("the Alirezas", "Bosch"), not anyone whose line was picked.
    named = stems(question) if not people and not _OVER_ALL.search(question) else None
    of_named = _of_named(question, context, lines, people) if context is not None else None
    kept = []
    for n in chosen:
        line = lines[n]
        if people and line.person not in people:
            continue
        if named is not None and not {stem(w) for w in name_words([line.person])} & named:
            continue
        if len(_WORD.findall(line.text)) < 2 and not holds_contact(question, line.text):
            continue
        if not fits_shape(question, line.text) or not year_fits(question, line.text) or \
                not span_fits(question, lines, n):
            continue
        if terms and not unit_score(f"{line.text} {sections[line.passage]}", terms) and \
                not shape_terms(line.text, terms) & terms:
            continue  # "What city is she based in?" is met by her address line
        if titles and not any(_holds_title(lines, n, words) for words in titles):
            continue
        if of_named is not None and not of_named(n):
            continue
        kept.append(n)
    return kept


# Words of the question, besides the things it names, that the one line left must meet.
SOLE_TERMS = 2


def sole_line(question: str, lines: Sequence[Line], people: Sequence[str],
              sections: Sequence[str], context: Sequence[tuple[Passage, str]]) -> list[int]:
    """The one line of all that can answer (`accept`), where the model's pick could not: the
    1.5B model picks the entry beside the one asked of ("ECRM's arXiv identifier?" → the paper
    above it). Only where that line meets at least SOLE_TERMS of the question's words besides
    the names of the things it asks about ("GPA at Carnegie Mellon?" is not met by the
    university's address line). Of lines about several degrees, those of the degree the
    question names count. Empty where no line or several can."""
    found = accept(question, lines, range(len(lines)), people, sections, context)
    found = of_degree_asked(question, context, lines, found)  # the degree asked, of several
    if len(found) != 1:
        return []
    line = lines[found[0]]
    named = set().union(*named_things(question, people))
    rest = question_terms(question, people) - _name_parts(question, people) - named
    text = f"{line.text} {sections[line.passage]}"
    met = unit_score(text, rest) + len(shape_terms(line.text, rest) & rest)
    return found if met >= SOLE_TERMS else []


def _named_words(question: str, people: Sequence[str]) -> list[list[str]]:
    """The words of each thing the question names that is not a person it is about, as the
    question writes them: "Carnegie Mellon", "ECRM", "Stanford"; not "Ph.D." or "CV", which
    name a kind."""
    own = name_words(people)
    out = []
    for name in _NAMED.findall(question):
        found = [re.sub(r"['’]s$", "", w).strip(".").lower()
                 for w in re.findall(r"[\w&’'.-]+", name)]
        if len(found) >= 2 and found[-1] in own:
            continue  # the person as the question writes them: "Zhizhou Zhang" for Chris Zhang
        words = [w for w in re.findall(r"[\w&’'.-]+", name)
                 if re.sub(r"['’]s$", "", w).strip(".").lower() not in own
                 and not _GENERIC.match(w) and w.lower() not in STOPWORDS]
        if words:
            out.append(words)
    return out


def named_things(question: str, people: Sequence[str]) -> list[set[str]]:
    """The stems of each thing the question names that is not a person it is about."""
    return [{stem(w) for w in words} for words in _named_words(question, people)]


def unnamed(question: str, passages: Sequence[Passage], people: Sequence[str]) -> list[str]:
    """The things the question names that none of the passages found names, in full or
    abbreviated ("UC" for "University of California"): a premise that a quoted line does not
    bear out ("Which Google team did Jia Wei intern on?" answered with her Microsoft Research
    line)."""
    texts = [(p.chunk.text, stems(p.chunk.text)) for p in passages]
    # a word's parts, as the passages' words are read: "A&M" is "A" and "M"
    return [re.sub(r"['’]s$", "", " ".join(words)) for words in _named_words(question, people)
            if not any(all(stems(w) <= found or w.isupper() and abbreviated(w.lower(), text)
                           for w in words) for text, found in texts)]


def _of_named(question: str, context: Sequence[tuple[Passage, str]], lines: Sequence[Line],
              people: Sequence[str]) -> Callable[[int], bool]:
    """Whether line `n` is about each thing the question names that its person's passages
    name: the thing is in the line's entry or in the lines above it back to the line that
    names an organisation (a degree's GPA under its university). A line under another one
    ("Purdue University B.S. … GPA: 3.80" for "GPA at Carnegie Mellon?") answers about the
    other; a thing the passages never name is a premise the line may correct."""
    things = named_things(question, people)
    uncut = _uncut(context)

    @functools.cache
    def named_by(person: str) -> list[set[str]]:
        """The things their passages name."""
        theirs = [stems(text) for i, (passage, _) in enumerate(context)
                  if passage.chunk.person == person for text in uncut(i)]
        return [thing for thing in things if any(thing <= words for words in theirs)]

    def check(n: int) -> bool:
        line = lines[n]
        full = uncut(line.passage)
        if not things or line.text not in full:
            return True
        block = stems(_entry_block(full, full.index(line.text)))
        return all(thing <= block for thing in named_by(line.person))

    return check


def of_other_entry(question: str, text: str, context: Sequence[tuple[Passage, str]],
                   people: Sequence[str]) -> bool:
    """Whether a written answer takes its value from the entry of another thing than the one
    the question names: "What course did he teach at Kearney?" answered with a course listed
    under Indiana University. The lines that hold most of the answer's own words (those the
    question does not give) hold its value; where each of them sits in an entry that names
    another organisation (`_of_named`), the answer is about the entry beside the one asked of.
    A line whose entry names no organisation in its passage (a project's bullet, its title in
    the chunk before) tells nothing either way."""
    things = named_things(question, people)
    if not things:
        return False
    own = stems(" ".join(name_words(people)))
    value = stems(strip_markers(text)) - stems(question) - STOPWORDS - own
    lines = numbered_lines(context)
    overlap = [len(value & stems(line.text)) for line in lines]
    best = max(overlap, default=0)
    if not value or best < min(2, len(value)):
        return False  # no line holds the value: the citation check judges the answer
    of_named = _of_named(question, context, lines, people)
    uncut = _uncut(context)

    def elsewhere(n: int) -> bool:
        """Line n sits under another organisation: its entry names one, not the thing asked,
        and no entry of its passage holds both (a grant's funder between its title and its
        amount)."""
        full = uncut(lines[n].passage)
        if of_named(n) or not any(  # by name: "Indiana University", not "a lab"
                found.group()[0].isupper() for found in _ORGANISATION.finditer(
                    _entry_block(full, full.index(lines[n].text)))):
            return False
        body = context[lines[n].passage][0].chunk.text
        entries = [stems(body[a:b]) for a, b in split_entries(body, 0, len(body))]
        line = stems(lines[n].text)
        return not any(line <= words and any(thing <= words for thing in things)
                       for words in entries)

    return all(elsewhere(n) for n, found in enumerate(overlap) if found == best)


def _entry_block(full: Sequence[str], at: int) -> str:
    """Line `at` of a passage with the lines it wraps into and those above it back to the line
    that names an organisation: the entry it belongs to (a degree's GPA under its university)."""
    first, last = at, at
    while last + 1 < len(full) and wraps(full[last], full[last + 1]):
        last += 1
    while first > 0 and not _ORGANISATION.search(" ".join(full[first:last + 1])):
        first -= 1
    return " ".join(full[first:last + 1])


def of_degree_asked(question: str, context: Sequence[tuple[Passage, str]],
                    lines: Sequence[Line], chosen: Sequence[int]) -> list[int]:
    """Of several lines, those in the entry of the one degree level the question names ("his PI
    during his undergrad" → the "PI:" line under the B.Sc., not the one under the Ph.D.); all of
    them when it names none or one level is all they hold."""
    from assistant.routes.parse import degree_levels  # the routes read quote.py's helpers

    asked = degree_levels(question)
    if len(chosen) < 2 or len(asked) != 1:
        return list(chosen)
    uncut = _uncut(context)

    def levels(n: int) -> set[str]:
        full, text = uncut(lines[n].passage), lines[n].text
        own = {match_level(m) for m in DEGREE.finditer(text)}  # a degree's lines joined in one
        if own or text not in full:
            return own
        return {match_level(m) for m in DEGREE.finditer(_entry_block(full, full.index(text)))}

    return [n for n in chosen if asked <= levels(n)]


def _name_parts(question: str, people: Sequence[str]) -> set[str]:
    """Stems of the capitalised words the question writes just before a person's indexed name:
    the rest of their name as the question gives it ("Zhizhou Zhang" for the indexed "Chris
    Zhang"), which meets the line that introduces them, not the line that answers."""
    own = name_words(people)
    tokens = re.findall(r"[\w’'-]+", question)
    return {stem(word) for word, after in zip(tokens, tokens[1:])
            if word[:1].isupper() and word.lower() not in own
            and re.sub(r"['’]s$", "", after).lower() in own}


def _holds_title(lines: Sequence[Line], n: int, words: set[str]) -> bool:
    """Whether line `n`, with the lines it wraps from and into (a title wraps), holds most of
    a quoted title's words."""
    first, last = _entry(lines, n)
    entry = " ".join(line.text for line in lines[first:last + 1])
    return len(words & stems(entry)) >= 0.6 * len(words)


def _joined(lines: Sequence[Line], n: int, cut: Collection[int] = ()) -> bool:
    """Whether line `n` goes on from the line above it: same passage, no line dropped between
    (`cut`), and the text wraps."""
    return n > 0 and n not in cut and lines[n - 1].passage == lines[n].passage and wraps(
        lines[n - 1].text, lines[n].text)


def _entry(lines: Sequence[Line], n: int, cut: Collection[int] = ()) -> tuple[int, int]:
    """The first and last line of the entry line `n` belongs to: the lines of its passage it
    wraps from and into."""
    first = last = n
    while _joined(lines, first, cut):
        first -= 1
    while last + 1 < len(lines) and _joined(lines, last + 1, cut):
        last += 1
    return first, last


# The short lines under a role that say where and when ("Summer Intern" / "John Deere
# Headquarters" / "2014,"), as compression keeps them with it.
UNDER_LINES, UNDER_WORDS = 2, 6
# A line under a pick that names the kind of thing asked for, as long as an award's name and
# what it was for: "Graduated with High Distinction. John Oglethorpe Medal for highest GPA of
# all IT students graduating" (16 words) under the degree's head.
KIND_WORDS = 25
# "What award did …", "Which postdoctoral fellowship has …": the kind of thing asked for, the
# last word before the verb.
_KIND_ASKED = re.compile(r"\b(?:what|which)\s+(?:[\w-]+\s+){0,2}?([a-z]{3,})\s+(?:did|does|do|is|"
                         r"was|were|has|have|had|are)\b", re.I)


def kind_asked(question: str) -> str | None:
    """The stem of the kind of thing a question asks for by name ("award", "fellowship"), or
    None where it asks otherwise ("When did …?")."""
    found = _KIND_ASKED.search(question)
    return stem(found.group(1)) if found and found.group(1).lower() not in STOPWORDS else None


def _bullet_of(context: Sequence[tuple[Passage, str]], head: Line, line: Line) -> bool:
    """Whether `line` is a bullet of the entry `head` opens in their passage, with only
    bullets between them (those compression left out): "• Graduated with High Distinction.
    John Oglethorpe Medal …" two bullets under "Bond University … MASTER OF IT 2010-2012"."""
    if not context or head.passage != line.passage:
        return False
    full = uncut_lines(context[head.passage][0])
    if head.text not in full or line.text not in full:
        return False
    first, last = full.index(head.text), full.index(line.text)
    return first < last and all(_BULLETED.match(text) for text in full[first + 1:last + 1])


def with_lines_under(lines: Sequence[Line], chosen: Sequence[int], cut: Collection[int],
                     kind: str | None = None,
                     context: Sequence[tuple[Passage, str]] = ()) -> list[Line]:
    """The lines with each pick followed on its line by the short lines right under it in its
    passage, up to UNDER_LINES: for a picked role whose quote lacks what the question asks
    for (an employer, a date). With `kind` (a stem, `kind_asked`), the one line under it
    that names that kind, up to KIND_WORDS words: "2022 ÆPIC Leak and Half-Double" / "Award
    Pwnie Award for Best Desktop Bug" for "What award did that work win?"; one of its bullets
    with only bullets left out between them is under it too (`context` tells)."""
    out = list(lines)
    for n in chosen:
        under = []
        for m in range(n + 1, min(n + 1 + (1 if kind else UNDER_LINES), len(lines))):
            if m in cut and not (kind and _bullet_of(context, lines[n], lines[m])):
                break
            if lines[m].passage != lines[n].passage or m in chosen or \
                    len(lines[m].text.split()) > (KIND_WORDS if kind else UNDER_WORDS) or \
                    kind and kind not in stems(lines[m].text):
                break
            under.append(lines[m].text)
            out[m] = Line(lines[m].passage, lines[m].person, "")  # said once, on the pick's
        out[n] = Line(lines[n].passage, lines[n].person,
                      " ".join([out[n].text, *under]).rstrip(" ,;"))
    return out


def whole_entries(lines: Sequence[Line], chosen: Sequence[int],
                  cut: Collection[int] = ()) -> list[int]:
    """The picks with the lines their entry wraps from: a PDF breaks a paper's title over lines,
    and the model may pick the line with the award rather than the one with the title. A pick
    that stops mid-sentence ("… Atticus Geiger. 2024. Updating") goes on through the lines it
    wraps into, up to two, to the end of its sentence (the title, then where it appeared)."""
    out = set(chosen)
    for n in chosen:
        out.update(range(_entry(lines, n, cut)[0], n))
        last = n
        while last - n < MAX_RESTORED and last + 1 < len(lines) and not _ENDS.search(
                lines[last].text) and _joined(lines, last + 1, cut):
            last += 1
            out.add(last)
    return sorted(out)


# A list item's number before its text ("2. Jongyul Kim, …", "[3] …"), left out of a quote.
_ITEM_NUMBER = re.compile(rf"^{ITEM_NUMBER}\s+(?=\S)")
# How a line that ends its sentence or its entry ends.
_ENDS = re.compile(r"[.!?;)\]\u201d\"]\s*$")


def wraps(before: str, line: str) -> bool:
    """Whether `line` goes on from `before`: lower case, or `before` stops mid-phrase; never a
    line a bullet opens, which starts an item of its own."""
    if re.match(r"[-*+•●▪◦–]\s", line):
        return False
    if line[:1].islower():
        return True
    if dated(line, opening=False) != dated(line, ending=False) and not GOES_ON.search(before):
        # the next entry's head, dated at one end ("Harbour College, Cork BSc 2006-2009",
        # "2018 – 2020 Consultant doctoral student, Servier"); a line of dates alone is the
        # dates of the entry above
        return False
    if _OPENS_WITH_ORGANISATION.match(before) and _OPENS_WITH_ORGANISATION.match(line):
        return False  # two entries that each open with their school: courses under each
    return not re.search(r"[.!?:;)\]\d]\s*$|[\u201d\"]\s*$", before) and len(before.split()) >= 6


# Lines of a picked entry restored before it: a title wraps over two or three lines at most.
MAX_RESTORED = 2


def _uncut(context: Sequence[tuple[Passage, str]]) -> Callable[[int], list[str]]:
    """The uncut lines of a context's passage by its number, each passage split once."""
    return functools.cache(lambda i: uncut_lines(context[i][0]))


def apart(context: Sequence[tuple[Passage, str]], lines: Sequence[Line]) -> set[int]:
    """The lines whose line above them in the compressed list is not the one above them in
    their passage: compression dropped what was between, so the two are not one wrapped entry
    ("…Ph.D. Candidate in Computer Science" over "Purdue University B.S. … GPA: 3.80")."""
    out = set()
    uncut = _uncut(context)
    for n in range(1, len(lines)):
        before, line = lines[n - 1], lines[n]
        if before.passage != line.passage:
            continue
        full = uncut(line.passage)
        if line.text in full and before.text in full and \
                full.index(line.text) != full.index(before.text) + 1:
            out.add(n)
    return out


def restore(context: Sequence[tuple[Passage, str]], lines: Sequence[Line],
            chosen: Sequence[int]) -> list[Line]:
    """The lines with each picked one preceded by the lines its entry wraps from that
    compression left out: the first line of a title whose last line holds the award
    ("Classifications from … Datasets”. HCII, 2019. (Best Paper Award)"), so the quote names
    the paper. A picked sentence of a longer line ("Best Paper Award." after a paper's
    authors, title and venue) gets the sentences before it on its line, up to as many. Done
    after the pick, so the prompt stays as short as compression made it."""
    out = list(lines)
    uncut = _uncut(context)
    for n in chosen:
        line = lines[n]
        full = uncut(line.passage)
        if line.text not in full:
            whole = next((text for text in full if line.text in text), None)
            if whole is not None:
                before = units(whole[:whole.index(line.text)])[-MAX_RESTORED:]
                out[n] = Line(line.passage, line.person, " ".join([*before, line.text]))
            continue
        sent = {other.text for other in lines if other.passage == line.passage}
        at = full.index(line.text)
        first = at
        while (first > 0 and at - first < MAX_RESTORED and full[first - 1] not in sent
               and wraps(full[first - 1], full[first])):
            first -= 1
        if first < at:
            out[n] = Line(line.passage, line.person, " ".join(full[first:at + 1]))
    return out


def compose(lines: Sequence[Line], chosen: Sequence[int], cut: Collection[int] = ()) -> str:
    """The picked lines as the answer, each under its person's name and cited; or the refusal.
    Lines of one wrapped entry are joined back into one; not across `cut`, lines whose line
    above was left out by compression."""
    if not chosen:
        return prompts.REFUSAL
    groups: list[list[int]] = []
    for n in whole_entries(lines, chosen, cut):
        if groups and groups[-1][-1] == n - 1 and _joined(lines, n, cut):
            groups[-1].append(n)
        else:
            groups.append([n])
    quoted = []
    for group in groups:
        first = lines[group[0]]
        text = " ".join(lines[n].text for n in group if lines[n].text)
        text = text.lstrip("•●▪◦*-–· ").rstrip()
        text = _ITEM_NUMBER.sub("", text)
        quoted.append(f"{first.person}: {text} [{first.passage + 1}]")
    return "\n".join(quoted)
