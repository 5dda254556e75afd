"""Answers as the page shows them: an answer pieced from several people's passages says whose
each sentence is ("Jun Wei: I work on congestion control … [2]")."""

from __future__ import annotations

import re
from dataclasses import replace

from assistant.types import Answer
from prompts import MARKER_PATTERN

# A cited sentence: text up to its marker(s), the punctuation after them, then the space.
_SENTENCE = re.compile(rf"(?P<sentence>.*?(?:{MARKER_PATTERN.pattern}\s*?)+[.!?;:]?)(?P<space>\s*)",
                       re.DOTALL)


def _sentences(text: str) -> list[tuple[str, str]]:
    """(sentence, the space after it); text after the last marker joins the last sentence."""
    out: list[tuple[str, str]] = []
    at = 0
    for found in _SENTENCE.finditer(text):
        if found.end() == found.start():
            break
        out.append((found["sentence"], found["space"]))
        at = found.end()
    if at < len(text):
        if out:
            sentence, space = out[-1]
            out[-1] = (sentence + space + text[at:].rstrip(), "")
        else:
            out.append((text, ""))
    return out


def name_people(answer: Answer) -> Answer:
    """A passages answer whose sentences say whose they are: each run of sentences citing one
    person starts a line and, unless its first sentence names them, "Person: "; records
    answers, which name people already, and refusals are returned as they are."""
    whose = {c.n: c.person for c in answer.citations if c.person}
    if answer.refused or answer.route != "retrieval" or not whose:
        return answer
    # "None of the passages found names Google; they say instead:" heads the answer on its own
    lead, body = answer.premise_and_body()
    parts: list[str] = [lead, "\n"] if lead else []
    previous = None
    for sentence, space in _sentences(body):
        numbers = {int(n) for m in MARKER_PATTERN.finditer(sentence) for n in m.group(1).split(",")}
        people = {whose[n] for n in numbers if n in whose}
        person = people.pop() if len(people) == 1 else None
        if person and person != previous:  # a new person: a new line that names them
            if parts and "\n" not in parts[-1]:
                parts[-1] = "\n"  # the last entry of parts is the space before this sentence
            if person.lower() not in sentence.lower():
                sentence = f"{person}: {sentence.lstrip()}"
        parts.extend([sentence, space])
        previous = person or previous
    text = "".join(parts).rstrip()
    return answer if text == answer.text else replace(answer, text=text)
