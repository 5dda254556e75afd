"""Prompt files with named placeholders, and the constants the parser and tests share."""

from __future__ import annotations

import re
import string
from importlib import resources

from assistant.errors import ProfileChatError

REFUSAL = "The indexed documents do not say, so I cannot answer that."
MARKER_FORMAT = "[{n}]"
MARKER_PATTERN = re.compile(r"\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]")


class MissingVariables(ProfileChatError):
    """A prompt was rendered without a value for one of its placeholders."""


def load(name: str) -> str:
    """The raw text of prompts/<name>.md."""
    return (resources.files(__package__) / f"{name}.md").read_text(encoding="utf-8")


def render(name: str, **values: object) -> str:
    """A prompt with its {placeholders} filled; every placeholder must be given."""
    template = load(name)
    needed = {field for _, field, _, _ in string.Formatter().parse(template) if field}
    missing = needed - set(values)
    if missing:
        raise MissingVariables(f"prompt {name!r} needs {', '.join(sorted(missing))}")
    return template.format(**{k: values[k] for k in needed})
