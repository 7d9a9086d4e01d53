"""Phrases: how a Thing card's text and a shouted answer become keys that can be compared.

A *phrase key* is lower case, accents folded, words separated by single spaces, with hyphens and
slashes as spaces, other punctuation dropped, "&" as "and", British spellings made American, and
a leading article gone: "The Butter-Pecan" and "butter pecan" share the key "butter pecan".

The same functions make the keys of the category lexicon at build time and the keys of answers at
run time, so that the two always agree.
"""

from __future__ import annotations

import re
import unicodedata

from .letters import EXTRA_FOLDS

ARTICLES = ("the ", "a ", "an ")

# British spellings and words, made American, for keys only (the letter rules read what was said).
UK_US = {
    "colour": "color", "colours": "colors", "flavour": "flavor", "flavours": "flavors",
    "favourite": "favorite", "favourites": "favorites", "jewellery": "jewelry",
    "theatre": "theater", "theatres": "theaters", "centre": "center", "centres": "centers",
    "aeroplane": "airplane", "aeroplanes": "airplanes", "tyre": "tire", "tyres": "tires",
    "grey": "gray", "moustache": "mustache", "pyjamas": "pajamas", "yoghurt": "yogurt",
    "programme": "program", "programmes": "programs", "neighbour": "neighbor",
    "harbour": "harbor", "armour": "armor", "humour": "humor", "labour": "labor",
    "metre": "meter", "metres": "meters", "litre": "liter", "litres": "liters",
    "fibre": "fiber", "mum": "mom", "doughnut": "donut", "doughnuts": "donuts",
    "sulphur": "sulfur", "aluminium": "aluminum", "caesium": "cesium", "mould": "mold",
    "plough": "plow", "storey": "story", "chequers": "checkers", "draughts": "checkers",
    "catalogue": "catalog", "dialogue": "dialog", "axe": "ax",
    "practise": "practice", "defence": "defense", "offence": "offense", "licence": "license",
    "vapour": "vapor", "odour": "odor", "behaviour": "behavior", "rumour": "rumor",
    "saviour": "savior", "honour": "honor", "glamour": "glamor", "parlour": "parlor",
    "manoeuvre": "maneuver", "anaesthetic": "anesthetic", "paediatrician": "pediatrician",
    "orthopaedic": "orthopedic", "encyclopaedia": "encyclopedia", "oesophagus": "esophagus",
    "sabre": "saber", "sabres": "sabers", "calibre": "caliber", "spectre": "specter",
    "kilometre": "kilometer", "kilometres": "kilometers", "centimetre": "centimeter",
    "centimetres": "centimeters", "millimetre": "millimeter", "millimetres": "millimeters",
}

_EXTRA = str.maketrans(EXTRA_FOLDS)  # letters with no decomposition: "Tromsø", "Wrocław"
_SPACE_LIKE = re.compile(r"[\s\-\u2010\u2011\u2013\u2014/_]+")
_DROPPED = re.compile(r"[^\w ]+")


def phrase_key(text: str) -> str:
    """Return the phrase key of `text` ("" if it holds no letters)."""
    text = unicodedata.normalize("NFKD", text.lower().replace("&", " and "))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).translate(_EXTRA)
    text = _DROPPED.sub("", _SPACE_LIKE.sub(" ", text.replace("'", "").replace("\u2019", "")))
    words = text.split()
    while len(words) > 1 and words[0] + " " in ARTICLES:
        words = words[1:]
    return " ".join(UK_US.get(w, w) for w in words)


def strip_article(text: str) -> str:
    """Return `text` without a leading article (the, a, an), as said otherwise."""
    stripped = text.strip()
    low = stripped.lower()
    for article in ARTICLES:
        if low.startswith(article) and len(low) > len(article):
            return stripped[len(article):].lstrip()
    return stripped


def singulars(word: str, irregular: dict[str, str] | None = None) -> list[str]:
    """Return the singular forms `word` may be the plural of, likeliest first (may be empty)."""
    if irregular and word in irregular:
        return [irregular[word]]
    out = []
    if len(word) > 3 and word.endswith("ies"):
        out.append(word[:-3] + "y")
    if len(word) > 3 and word.endswith("ves"):
        out += [word[:-3] + "f", word[:-3] + "fe"]
    if len(word) > 2 and word.endswith("es"):
        if word[-3] in "sxz" or word.endswith(("ches", "shes", "oes")):
            out.append(word[:-2])
    if word.endswith("men") and len(word) > 4:
        out.append(word[:-3] + "man")
    if len(word) > 2 and word.endswith("s") and not word.endswith("ss"):
        out.append(word[:-1])
    return out


def phrase_singulars(key: str, irregular: dict[str, str] | None = None) -> list[str]:
    """Return `key` with its last word made singular, each way it might be."""
    head, _, last = key.rpartition(" ")
    prefix = head + " " if head else ""
    return [prefix + s for s in singulars(last, irregular)]
