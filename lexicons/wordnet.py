"""A small reader of the WordNet 3.0 noun database (data.noun, index.noun), for building categories.

Only what the category build needs: synsets with their lemmas, gloss and hyponym pointers, and
synset names in NLTK's style ("river.n.01": the first sense of "river" in index.noun). Debian's
`wordnet-base` installs the files in /usr/share/wordnet.

Also a command for curating category packs:

    python -m lexicons.wordnet find river          the noun senses of "river", with glosses
    python -m lexicons.wordnet show river.n.01     the members under a synset (hyponym closure)
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from functools import lru_cache

from solver.errors import InputError

WORDNET_DIR = os.environ.get("WORDNET_DIR", "/usr/share/wordnet")


@dataclass
class Synset:
    """A noun synset: its lemmas (underscores made spaces), gloss and hyponym pointers."""

    offset: int
    lemmas: list[str]
    gloss: str
    hyponyms: list[int] = field(default_factory=list)
    instances: list[int] = field(default_factory=list)
    part_of: list[int] = field(default_factory=list)  # part holonyms: Tampa is part of Florida

    @property
    def definition(self) -> str:
        """Return the gloss without its quoted examples."""
        return self.gloss.split("; \"")[0].strip()


class WordNet:
    """The noun part of WordNet, parsed from its database files."""

    def __init__(self, folder: str = WORDNET_DIR):
        self.folder = folder
        self.synsets: dict[int, Synset] = {}
        self.senses: dict[str, list[int]] = {}
        self._parents: dict[int, list[int]] | None = None
        try:
            self._read_data(os.path.join(folder, "data.noun"))
            self._read_index(os.path.join(folder, "index.noun"))
        except FileNotFoundError:
            raise InputError(f"WordNet not found in {folder}: apt-get install wordnet-base "
                             f"(or set WORDNET_DIR)") from None

    def _read_data(self, path: str) -> None:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("  "):
                    continue  # the licence at the head of the file
                head, _, gloss = line.partition(" | ")
                parts = head.split()
                offset = int(parts[0])
                count = int(parts[3], 16)
                lemmas = [parts[4 + 2 * i].replace("_", " ") for i in range(count)]
                at = 4 + 2 * count
                pointers = int(parts[at])
                synset = Synset(offset, lemmas, gloss.strip())
                for i in range(pointers):
                    symbol, target, pos = parts[at + 1 + 4 * i: at + 4 + 4 * i]
                    if pos != "n":
                        continue
                    if symbol == "~":
                        synset.hyponyms.append(int(target))
                    elif symbol == "~i":
                        synset.instances.append(int(target))
                    elif symbol == "#p":
                        synset.part_of.append(int(target))
                self.synsets[offset] = synset

    def _read_index(self, path: str) -> None:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("  "):
                    continue
                parts = line.split()
                count = int(parts[2])
                self.senses[parts[0]] = [int(o) for o in parts[-count:]]

    def synset(self, name: str) -> Synset:
        """Return the synset named like "river.n.01"; raise InputError if there is none."""
        try:
            lemma, pos, number = name.rsplit(".", 2)
            assert pos == "n"
            return self.synsets[self.senses[lemma.lower().replace(" ", "_")][int(number) - 1]]
        except (ValueError, AssertionError, KeyError, IndexError):
            raise InputError(f"no WordNet noun synset {name!r}") from None

    def name(self, synset: Synset) -> str:
        """Return the NLTK-style name of `synset`, from its first lemma."""
        lemma = synset.lemmas[0].lower().replace(" ", "_")
        return f"{lemma}.n.{self.senses[lemma].index(synset.offset) + 1:02d}"

    def closure(self, root: Synset, kinds: bool = True, instances: bool = True):
        """Yield every synset under `root` (not `root` itself), each once, depth first."""
        seen = {root.offset}
        stack = [root]
        while stack:
            synset = stack.pop()
            below = (synset.hyponyms if kinds else []) + synset.instances
            if not kinds:
                # Instances hang under kinds too ("Nile" under "river"): walk the kinds, keep
                # only instances.
                stack.extend(self.synsets[o] for o in synset.hyponyms if o not in seen)
                seen.update(synset.hyponyms)
            for offset in below:
                if offset not in seen:
                    seen.add(offset)
                    child = self.synsets[offset]
                    stack.append(child)
                    yield child

    def above(self, offset: int, hops: int) -> list[set[int]]:
        """Return the synsets 1, 2 ... `hops` steps above `offset` (what it is a kind or
        instance of), one set per step."""
        if self._parents is None:
            self._parents = {}
            for synset in self.synsets.values():
                for child in synset.hyponyms + synset.instances:
                    self._parents.setdefault(child, []).append(synset.offset)
        found, levels, level = {offset}, [], {offset}
        for _ in range(hops):
            level = {p for o in level for p in self._parents.get(o, ())} - found
            found |= level
            levels.append(level)
        return levels

    def find(self, lemma: str) -> list[Synset]:
        """Return the noun senses of `lemma`, in WordNet's order."""
        return [self.synsets[o] for o in self.senses.get(lemma.lower().replace(" ", "_"), [])]


def pertainyms(folder: str = WORDNET_DIR) -> dict[str, list[int]]:
    """Return {adjective: the noun synsets it pertains to} from data.adj: "Spanish" pertains to
    Spain, "European" to Europe."""
    out: dict[str, list[int]] = {}
    with open(os.path.join(folder, "data.adj"), encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("  "):
                continue
            parts = line.partition(" | ")[0].split()
            count = int(parts[3], 16)
            lemmas = [parts[4 + 2 * i].split("(")[0].replace("_", " ") for i in range(count)]
            at = 4 + 2 * count
            nouns = [int(parts[at + 2 + 4 * i]) for i in range(int(parts[at]))
                     if parts[at + 1 + 4 * i] == "\\" and parts[at + 3 + 4 * i] == "n"]
            for lemma in lemmas if nouns else ():
                out.setdefault(lemma, []).extend(nouns)
    return out


@lru_cache(maxsize=1)
def load(folder: str = WORDNET_DIR) -> WordNet:
    """Return the WordNet nouns, parsed once per process."""
    return WordNet(folder)


def version(folder: str = WORDNET_DIR) -> str:
    """Return the WordNet version named in the database's licence header ("unknown" if absent)."""
    path = os.path.join(folder, "data.noun")
    if not os.path.exists(path):
        return "unknown"
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if "WordNet " in line and "Copyright" in line:
                return line.split("WordNet ", 1)[1].split()[0]
            if not line.startswith("  "):
                break
    return "3.0"


def _main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("find", "show"):
        print(__doc__.split("Also a command")[1].strip(), file=sys.stderr)
        return 2
    wn = load()
    if argv[0] == "find":
        for synset in wn.find(argv[1]):
            members = sum(1 for _ in wn.closure(synset))
            print(f"{wn.name(synset):<28} {members:>6} below  {', '.join(synset.lemmas)}: "
                  f"{synset.definition}")
        return 0
    root = wn.synset(argv[1])
    print(f"{wn.name(root)}: {root.definition}")
    for synset in sorted(wn.closure(root), key=lambda s: s.lemmas[0].lower()):
        print(f"  {', '.join(synset.lemmas)}  ({synset.definition[:70]})")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
