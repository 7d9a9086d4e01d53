"""Where wordref keeps its files: the bundled lexicons, and a per-user data directory.

The user directory is `$WORDREF_HOME` if set, else `$XDG_DATA_HOME/wordref`, else
`~/.local/share/wordref`. It holds lexicons a user built (`lexicons/L.wrl`, which take precedence
over the bundled file of the same language) and the games database. The cache directory holds
the full lexicons expanded from compact ones on first use.
"""

from __future__ import annotations

import os
import re

LEXICON_SUFFIX = ".wrl"
CATEGORIES_FILE = "categories.wrl"  # the category lexicon: not a language
# What a language code looks like ("en", "de-umlaut", "pt-br"): a name, never a path.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[a-z0-9]{1,16})?")

# The word verbs find their lexicon through os.path strings: pathlib (with the urllib.parse
# and ipaddress it imports) cost a one-shot command about 3 ms, 6 % of its start-up. The
# functions that return a Path import it when called.


def _data_home() -> str:
    home = os.environ.get("WORDREF_HOME")
    if home:
        return home
    xdg = os.environ.get("XDG_DATA_HOME")
    return os.path.join(xdg or os.path.join(os.path.expanduser("~"), ".local", "share"),
                        "wordref")


def data_dir():
    """Return the per-user data directory (not created), a Path."""
    from pathlib import Path

    return Path(_data_home())


def cache_dir():
    """Return the per-user cache directory (not created): `$WORDREF_CACHE`, else XDG's."""
    from pathlib import Path

    own = os.environ.get("WORDREF_CACHE")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "wordref"


def user_lexicon_dir():
    """Return the directory of lexicons built by the user, a Path."""
    return data_dir() / "lexicons"


def bundled_dir():
    """Return the directory of the lexicons shipped inside the package: its path (a str).

    The `lexicons` package sits beside `solver` wherever wordref is installed (site-packages,
    a source checkout): a path from this file finds it without importlib.resources, which
    costs about 5 ms of start-up to import. Anything else (a zip) goes through it, and is
    answered with a Traversable.
    """
    here = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                        "lexicons", "built")
    if os.path.isdir(here):
        return here
    from importlib.resources import files

    return files("lexicons") / "built"


def bundled_lexicon_dir():
    """Return the directory of the lexicons shipped inside the package, as a Path (or a
    Traversable, inside a zip)."""
    from pathlib import Path

    found = bundled_dir()
    return Path(found) if isinstance(found, str) else found


def find_lexicon(lang: str):
    """Return the file of language `lang`'s lexicon (the user's own first), or None.

    The file is a path (a str), or a Traversable where the package is not on disk. None too
    for anything that is not a language code: a path, a file name too long for the file
    system, the category lexicon.
    """
    if not LANGUAGE_CODE.fullmatch(lang) or f"{lang}{LEXICON_SUFFIX}" == CATEGORIES_FILE:
        return None
    name = f"{lang}{LEXICON_SUFFIX}"
    own = os.path.join(_data_home(), "lexicons", name)
    if os.path.isfile(own):
        return own
    folder = bundled_dir()
    if isinstance(folder, (str, os.PathLike)):
        shipped = os.path.join(folder, name)
        return shipped if os.path.isfile(shipped) else None
    shipped = folder / name
    return shipped if shipped.is_file() else None


def available_lexicons() -> dict[str, object]:
    """Return {language code: file} for every lexicon found, bundled or the user's own."""
    from pathlib import Path

    found = {}
    bundled = bundled_dir()
    for folder in (Path(bundled) if isinstance(bundled, str) else bundled, user_lexicon_dir()):
        if folder.is_dir():
            for entry in folder.iterdir():
                if entry.name.endswith(LEXICON_SUFFIX) and entry.name != CATEGORIES_FILE:
                    found[entry.name[:-len(LEXICON_SUFFIX)]] = entry
    return dict(sorted(found.items()))


def repair_hint(path, lang: str | None = None, err: Exception | None = None) -> str:
    """Return the one command that repairs the unreadable lexicon file at `path`.

    A file the user built is built again; a bundled file comes back with the package (or from
    git, in a source checkout, where reinstalling would not replace it); a file of a format
    this wordref does not know needs the wordref that wrote it, or a rebuild.
    """
    from pathlib import Path

    path = Path(str(path))
    newer = getattr(err, "version", 0) > getattr(err, "known", 0)
    if newer:
        return "it needs a newer wordref (`python3 -m pip install --upgrade wordref`)"
    if path.name == CATEGORIES_FILE:
        build = "wordref things --rebuild"
    else:
        build = f"wordref lexicon build --lang {lang or path.stem}"
    if path.parent == user_lexicon_dir():
        return f"rebuild it with `{build}`"
    for parent in list(path.parents)[:4]:
        if (parent / ".git").exists():
            if err is not None and hasattr(err, "version"):  # an old file in a checkout
                return f"rebuild it with `{build} --output {path}`"
            return (f"restore it with `git -C {parent} checkout -- "
                    f"{path.relative_to(parent)}`, or reinstall wordref")
    return ("the package is damaged: reinstall wordref to repair it "
            "(`python3 -m pip install --force-reinstall --no-deps wordref`)")
