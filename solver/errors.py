"""The errors wordref raises: each carries one line a person can act on."""


class WordrefError(Exception):
    """Base class: the message is one line, fit to print as it is."""


class InputError(WordrefError, ValueError):
    """A query that cannot be asked: a digit for a letter, an unknown language, a bad option."""


class LexiconError(WordrefError):
    """A built lexicon that is missing, corrupt, truncated or of another format version."""


class FormatError(LexiconError):
    """A built lexicon of a format version this wordref does not read."""

    def __init__(self, message: str, version: int, known: int):
        super().__init__(message)
        self.version, self.known = version, known
