"""profilechat's public API: ask questions of indexed researcher profiles."""

from assistant.answer import Assistant, answer, profiles, stream_answer
from assistant.errors import ProfileChatError
from assistant.types import Answer, Citation

__all__ = [
    "Answer", "Assistant", "Citation", "ProfileChatError", "answer", "profiles", "stream_answer",
]
