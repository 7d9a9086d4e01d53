"""Where wordref keeps its files: the bundled lexicons, and a per-user data directory.

The user directory is `$WORDREF_HOME` if set, else `$XDG_DATA_HOME/wordref`, else
`~/.local/share/wordref`. It holds lexicons a user built (`lexicons/L.wrl`, which take precedence
over the bundled file of the same language) and the games database. The cache directory holds
the full lexicons expanded from compact ones on first use.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

LEXICON_SUFFIX = ".wrl"
CATEGORIES_FILE = "categories.wrl"  # the category lexicon: not a language


def data_dir() -> Path:
    """Return the per-user data directory (not created)."""
    home = os.environ.get("WORDREF_HOME")
    if home:
        return Path(home)
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "wordref"


def cache_dir() -> Path:
    """Return the per-user cache directory (not created): `$WORDREF_CACHE`, else XDG's."""
    own = os.environ.get("WORDREF_CACHE")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "wordref"


def user_lexicon_dir() -> Path:
    """Return the directory of lexicons built by the user."""
    return data_dir() / "lexicons"


def bundled_lexicon_dir():
    """Return the directory (a Traversable) of the lexicons shipped inside the package."""
    return files("lexicons") / "built"


def find_lexicon(lang: str):
    """Return the file of language `lang`'s lexicon (the user's own first), or None."""
    own = user_lexicon_dir() / f"{lang}{LEXICON_SUFFIX}"
    if own.is_file():
        return own
    shipped = bundled_lexicon_dir() / f"{lang}{LEXICON_SUFFIX}"
    return shipped if shipped.is_file() else None


def available_lexicons() -> dict[str, object]:
    """Return {language code: file} for every lexicon found, bundled or the user's own."""
    found = {}
    for folder in (bundled_lexicon_dir(), user_lexicon_dir()):
        if folder.is_dir():
            for entry in folder.iterdir():
                if entry.name.endswith(LEXICON_SUFFIX) and entry.name != CATEGORIES_FILE:
                    found[entry.name[:-len(LEXICON_SUFFIX)]] = entry
    return dict(sorted(found.items()))
