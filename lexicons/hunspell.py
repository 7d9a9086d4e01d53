"""Expand a Hunspell dictionary (.dic stems + .aff affix rules) into every word form, with morphology.

Hunspell stores "manger/a0p+()" and rules such as "SFX a0 er ons ... po:ipre po:1pl"; expanding
gives "mangeons" with the tags of its stem (po:v1...) and of its suffix (po:ipre). The French
rule against conjugated verbs is decided from those tags (see `conjugated`).

What is expanded: the stem (unless it carries NEEDAFFIX), one or two levels of suffixes, prefixes
and their cross products with suffixes. What is not: elided prefixes ("l'", "qu'": a word game
takes words, not "l'homme"), circumfixes, compounding, and FORBIDDENWORD entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from solver.errors import InputError

# French tags of personal (conjugated) verb moods: indicative present, imperfect, simple past,
# future; conditional; subjunctive present and imperfect; imperative. Infinitives (infi) and
# participles (ppre, ppas) are not conjugated forms.
PERSONAL_MOODS = {"ipre", "iimp", "ipsi", "ifut", "cond", "spre", "simp", "impe"}


@dataclass(frozen=True)
class Affix:
    """One affix rule: strip this, add that (then maybe more affixes), where the word matches."""

    kind: str  # "PFX" or "SFX"
    flag: str
    cross: bool
    strip: str
    add: str
    next_flags: frozenset
    condition: re.Pattern
    tags: tuple[str, ...]

    def applies(self, word: str) -> bool:
        """Return whether the rule's strip and condition match `word`."""
        if self.kind == "SFX":
            return word.endswith(self.strip) and bool(self.condition.search(word))
        return word.startswith(self.strip) and bool(self.condition.match(word))

    def apply(self, word: str) -> str:
        """Return `word` with this affix."""
        if self.kind == "SFX":
            return word[:len(word) - len(self.strip)] + self.add
        return self.add + word[len(self.strip):]


class Hunspell:
    """A parsed .aff / .dic pair."""

    def __init__(self, aff_path: str, dic_path: str):
        self.flag_mode = "short"
        self.encoding = "utf-8"
        self.needaffix = self.forbidden = self.circumfix = None
        self.suffixes: dict[str, list[Affix]] = {}
        self.prefixes: dict[str, list[Affix]] = {}
        self.aliases: list[frozenset] = []
        try:
            self._read_aff(aff_path)
            self.stems = list(self._read_dic(dic_path))
        except FileNotFoundError as err:
            raise InputError(f"Hunspell file {err.filename} not found: install its Debian "
                             f"package (see lexicons/README.md)") from None

    def flags(self, text: str) -> frozenset:
        """Return the flags written as `text`, in this dictionary's flag format."""
        if not text:
            return frozenset()
        if self.aliases and text.isdigit():
            return self.aliases[int(text) - 1]
        if self.flag_mode == "long":
            return frozenset(text[i:i + 2] for i in range(0, len(text), 2))
        if self.flag_mode == "num":
            return frozenset(text.split(","))
        return frozenset(text)

    def _read_aff(self, path: str) -> None:
        with open(path, "rb") as handle:
            raw = handle.read()
        head = re.search(rb"^SET\s+(\S+)", raw, re.M)
        if head:
            self.encoding = head.group(1).decode().lower().replace("microsoft-", "")
        pending: dict[tuple[str, str], bool] = {}
        for line in raw.decode(self.encoding, errors="replace").splitlines():
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            key = parts[0]
            if key == "FLAG" and len(parts) > 1:
                self.flag_mode = {"long": "long", "num": "num", "UTF-8": "utf8"}.get(
                    parts[1], "short")
            elif key == "AF" and len(parts) > 1 and not parts[1].isdigit():
                self.aliases.append(self.flags(parts[1]))
            elif key in ("NEEDAFFIX", "FORBIDDENWORD", "CIRCUMFIX") and len(parts) > 1:
                setattr(self, {"NEEDAFFIX": "needaffix", "FORBIDDENWORD": "forbidden",
                               "CIRCUMFIX": "circumfix"}[key], parts[1])
            elif key in ("PFX", "SFX") and len(parts) >= 4:
                if (key, parts[1]) not in pending:
                    pending[key, parts[1]] = parts[2] == "Y"
                    continue
                self._add_rule(key, parts, pending[key, parts[1]])

    def _add_rule(self, kind: str, parts: list[str], cross: bool) -> None:
        flag, strip, add = parts[1], parts[2], parts[3]
        condition = parts[4] if len(parts) > 4 else "."
        tags = tuple(p for p in parts[5:] if ":" in p)
        add, _, next_flags = add.partition("/")
        pattern = (condition + "$") if kind == "SFX" else ("^" + condition)
        try:
            compiled = re.compile(pattern)
        except re.error:
            compiled = re.compile(re.escape(condition) + "$" if kind == "SFX"
                                  else "^" + re.escape(condition))
        rule = Affix(kind, flag, cross, "" if strip == "0" else strip,
                     "" if add == "0" else add, self.flags(next_flags), compiled, tags)
        (self.suffixes if kind == "SFX" else self.prefixes).setdefault(flag, []).append(rule)

    def _read_dic(self, path: str) -> Iterator[tuple[str, frozenset, tuple[str, ...]]]:
        entry = re.compile(r"((?:[^/\\]|\\.)+)(?:/(\S*))?")
        with open(path, encoding=self.encoding, errors="replace") as handle:
            next(handle, None)  # the entry count
            for line in handle:
                if not line.strip() or line.startswith(("\t", "#")):
                    continue
                head, *rest = line.split(None, 1)
                found = entry.match(head)
                if not found:
                    continue
                tags = tuple(t for t in (rest[0].split() if rest else ()) if ":" in t)
                yield found.group(1).replace("\\/", "/"), self.flags(found.group(2) or ""), tags

    def forms(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Yield (word form, morphological tags) for every form, with repeats."""
        for stem, flags, tags in self.stems:
            if self.forbidden in flags:
                continue
            yield from self._expand(stem, flags, tags)

    def _usable(self, rule: Affix) -> bool:
        # Elided prefixes ("l'", "qu'") make phrases, not words; circumfixes need a partner.
        return "'" not in rule.add and "\u2019" not in rule.add and \
            self.circumfix not in rule.next_flags

    def _expand(self, stem: str, flags: frozenset, tags: tuple[str, ...]):
        if self.needaffix not in flags:
            yield stem, tags
        suffixed = []
        for flag in flags:
            for rule in self.suffixes.get(flag, ()):
                if not self._usable(rule) or not rule.applies(stem):
                    continue
                form = rule.apply(stem)
                both = tags + rule.tags
                suffixed.append((form, rule, both))
                if self.needaffix not in rule.next_flags:
                    yield form, both
                for flag2 in rule.next_flags:
                    for rule2 in self.suffixes.get(flag2, ()):
                        if self._usable(rule2) and rule2.applies(form):
                            yield rule2.apply(form), both + rule2.tags
        for flag in flags:
            for rule in self.prefixes.get(flag, ()):
                if not self._usable(rule) or not rule.applies(stem):
                    continue
                form = rule.apply(stem)
                both = tags + rule.tags
                if self.needaffix not in rule.next_flags and self.needaffix not in flags:
                    yield form, both
                for flag2 in rule.next_flags:
                    for rule2 in self.suffixes.get(flag2, ()):
                        if self._usable(rule2) and rule2.applies(form):
                            yield rule2.apply(form), both + rule2.tags
                if rule.cross:
                    for suffix_form, suffix_rule, suffix_tags in suffixed:
                        if suffix_rule.cross and suffix_form.startswith(rule.strip):
                            yield rule.apply(suffix_form), suffix_tags + rule.tags


def conjugated(tags: tuple[str, ...]) -> bool:
    """Return whether French tags describe a conjugated verb form (a personal mood)."""
    verb = any(t.startswith("po:v") for t in tags)
    return verb and any(t[3:] in PERSONAL_MOODS for t in tags if t.startswith("po:"))
