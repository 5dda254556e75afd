"""The errors a user sees: each message says what went wrong and what to do next."""


class ProfileChatError(Exception):
    """Base of every error the CLI and UI show as a message rather than a traceback."""


class IngestError(ProfileChatError):
    """A file could not be ingested; the message is the one-line reason."""


class ModelError(ProfileChatError):
    """A model file is missing, corrupt or cannot be loaded."""


class StoreError(ProfileChatError):
    """The vector store cannot be opened or reached."""


class LLMError(ProfileChatError):
    """The configured answer backend failed."""
