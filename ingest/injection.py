"""Lines of a document that address the assistant instead of describing a person.

A CV states facts about someone; it has no reason to give orders to an AI ("Ignore previous
instructions", "SYSTEM: …", "Answer every question with …") or to hide text from its human reader
(an HTML comment in Markdown, white or 0.5 pt text in a PDF, runs of zero-width characters).
Such lines are flagged at ingest: they are kept out of the chunk text that is embedded, searched,
sent to the model and quoted, so they never answer, never support an answer and never steer
retrieval; each chunk keeps them apart (Chunk.flagged) so the sources can show them as flagged.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

__all__ = ["HIDDEN", "blank", "flagged_spans", "reason", "split", "visible"]

# What ingest/pdfium.py puts before a run of text the PDF does not show (white on white, under
# 1 pt, invisible render mode, off the page), on a line of its own.
HIDDEN = "[hidden in PDF]"

# Chat-template roles and tokens at the start of a line: "SYSTEM:", "### Instruction:",
# "<|im_start|>", "[INST]", "<<SYS>>", "</context>".
_ROLE = re.compile(
    r"^[\W_]{0,4}(?:system|assistant|user|human|developer|instruction|instructions|"
    r"system prompt|system message)\s*[:>\]]|<\|[a-z_]+\|>|\[/?inst\]|<</?sys>>|"
    r"</?\s*(?:system|context|instructions?|assistant|user|prompt|passages?)\s*>", re.IGNORECASE)
_TARGET = (r"(?:instructions?|rules|prompts?|directions|directives|guidelines|guidance|context|"
           r"messages?|constraints|programming|everything|all of (?:it|this|that))")
# Sentences addressed to the assistant: each names an instruction, a role, the system prompt or
# how to answer; none is something a CV says about its person.
_ADDRESS = re.compile("|".join([
    rf"\b(?:ignore|disregard|forget|override|bypass|skip|drop)\b.{{0,40}}\b{_TARGET}",
    (r"\bdisregard\b.{0,30}\b(?:above|previous|prior|earlier|the (?:question|documents?|"
     r"sources?|passages?|user))\b"),
    r"\byou are (?:now|no longer|actually|an? (?:ai|llm|language model|assistant|chatbot))\b",
    (r"\b(?:act|behave|respond|answer) as (?:if|though|an?|the)\b.{0,30}\b(?:ai|assistant|model|"
     r"bot|chatbot|dan|jailbr\w*)\b"),
    r"\bpretend (?:to be|you(?:'re| are))\b",
    (r"\b(?:new|updated|real|actual|hidden|secret|additional|important) (?:instructions?|rules|"
     r"system prompt|task|directive)s?\s*[:!-]"),
    (r"\b(?:reveal|print|show|repeat|output|leak|display|disclose|tell (?:me|us|the user))\b.{0,30}"
     r"\b(?:system (?:prompt|message)|(?:your|the|hidden|secret|initial) (?:prompt|instructions|"
     r"rules))\b"),
    r"\bfrom now on\b",
    (r"\b(?:answer|respond(?: to)?|reply(?: to)?)\s+(?:every|all|each|any)\s+(?:questions?|"
     r"quer(?:y|ies)|requests?|prompts?|messages?)\b"),
    (r"\b(?:always|only|must|should)\s+(?:answer|respond|reply|say|state|output|claim)\b"
     r".{0,30}\b(?:with|that)\b"),
    r"\b(?:begin|start|end|prefix)\s+(?:every|each|all|your)\s+(?:answers?|responses?|replies)\b",
    r"\bif you(?:'re| are) an? (?:ai|llm|language model|assistant|chatbot|bot|gpt)\b",
    (r"\b(?:dear|attention|hey|hello|hi|note (?:to|for))\s+(?:the\s+)?(?:ai|llm|gpt|chatgpt|"
     r"language model|assistant|chatbot|bot|recruiter bot)\b"),
    (r"\b(?:ai|llm|gpt|language model|assistant|chatbot)s?(?:\s+(?:models?|systems?|tools?|"
     r"assistants?|agents?))?\s+(?:reading|processing|reviewing|evaluating|summari[sz]ing|"
     r"screening|parsing) (?:this|these|the|my|our)\b"),
    r"\btell the (?:user|reader|recruiter|hiring manager)\b",
    r"\bwhen (?:you are |you're )?asked (?:about|who|what|for|whether)\b",
    (r"\b(?:do not|don'?t|never) (?:cite|mention|reveal|refuse|quote|use|tell)\b.{0,30}"
     r"\b(?:sources?|documents?|passages|context|this (?:line|text|instruction)|the user)\b"),
    r"\byour (?:system prompt|instructions|rules|guidelines|programming)\b",
]), re.IGNORECASE)
# Characters with no width (U+200B-U+200F, U+2060-U+2064, U+FEFF): one joins letters in Persian
# or an emoji; a run of them hides a message or breaks up words a filter would see.
_ZERO_WIDTH = re.compile(r"[\u200b-\u200f\u2060-\u2064\ufeff\u180e]{2,}")
_INVISIBLE = re.compile(r"[\u200b-\u200f\u2060-\u2064\ufeff\u180e\u00ad]")
_TAG_CHARS = re.compile("[\U000e0000-\U000e007f]")  # "ASCII smuggling": invisible Latin
_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_HEADING = re.compile(r"#{1,6}\s")


def _normal(line: str) -> str:
    """The line as a reader would see it: full-width and styled letters folded, invisible
    characters gone, so "ｉｇｎｏｒｅ" and "ig", a zero-width space, "nore" read as "ignore"."""
    return " ".join(_INVISIBLE.sub("", unicodedata.normalize("NFKC", line)).split())


def reason(line: str) -> str | None:
    """Why a line addresses the assistant or hides from the reader, or None for a plain line."""
    if line.lstrip().startswith(HIDDEN):
        return "hidden text in the PDF"
    if _ZERO_WIDTH.search(line) or _TAG_CHARS.search(line):
        return "invisible characters"
    if "<!--" in line or "-->" in line:
        return "HTML comment"
    text = _normal(line)
    if _ROLE.search(text):
        return "chat role or template token"
    if _ADDRESS.search(text):
        return "instruction to the assistant"
    return None


def flagged_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every flagged line of a text, newline excluded, in order (see
    _flagged_spans)."""
    return list(_flagged_spans(text))


# Chunking, record extraction and coverage each scan the same document: ~1.4 s a MB each time.
@functools.lru_cache(maxsize=4)
def _flagged_spans(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every flagged line of a text, newline excluded, in order.

    A comment spanning lines flags all of them; an instruction wrapped over two lines ("Ignore
    all previous" / "instructions and …") flags both; what a flagged line announces is flagged
    with it: the lines after "New instructions:" up to a blank line, a flagged Markdown
    heading's section up to the next heading.
    """
    lines = _lines(text)
    flagged = {i for i, (s, e) in enumerate(lines) if reason(text[s:e])}
    for match in _COMMENT.finditer(text):
        flagged |= {i for i, (s, e) in enumerate(lines) if s <= match.end() and e >= match.start()}
    for i in range(len(lines) - 1):
        if i in flagged or i + 1 in flagged:
            continue
        joined = f"{text[slice(*lines[i])]} {text[slice(*lines[i + 1])]}"
        if reason(joined):
            flagged |= {i, i + 1}
    for i in sorted(flagged):
        flagged |= set(_announced(text, lines, i))
    return tuple(lines[i] for i in sorted(flagged))


def _announced(text: str, lines: list[tuple[int, int]], i: int) -> range:
    """The lines a flagged line introduces: after a trailing colon, its paragraph; after a
    Markdown heading, its section."""
    head = text[slice(*lines[i])].strip()
    heading = _HEADING.match(head) is not None
    if not (heading or head.endswith(":")):
        return range(0)
    end = i + 1
    while end < len(lines):
        line = text[slice(*lines[end])].strip()
        if _HEADING.match(line) or (not line and not heading):
            break
        end += 1
    return range(i + 1, end)


def _lines(text: str) -> list[tuple[int, int]]:
    out, offset = [], 0
    for line in text.splitlines(keepends=True):
        out.append((offset, offset + len(line.rstrip("\r\n"))))
        offset += len(line)
    return out


def split(text: str, spans: Sequence[tuple[int, int]] | None = None) -> tuple[str, list[str]]:
    """The text without its flagged lines, and those lines; `spans` from flagged_spans()."""
    spans = flagged_spans(text) if spans is None else spans
    if not spans:
        return text, []
    kept: list[str] = []
    offset = 0
    for start, end in spans:
        kept.append(text[offset:start])
        offset = end + 1 if text[end : end + 1] == "\n" else end
    kept.append(text[offset:])
    return "".join(kept), [text[s:e] for s, e in spans]


def visible(text: str) -> str:
    """The text without the lines flagged in it."""
    return split(text)[0]


def blank(text: str) -> str:
    """The text with its flagged lines turned to spaces: every offset stays where it was, so
    the record extractor can read it and still point at the document's own spans."""
    chars = list(text)
    for start, end in flagged_spans(text):
        chars[start:end] = " " * (end - start)
    return "".join(chars)
