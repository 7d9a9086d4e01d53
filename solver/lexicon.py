"""Lexicon: one language's words, their commonness, and the letter index over them.

Start here. `Lexicon.open("en")` opens a language's lexicon and keeps it for the process. Words
live in a marisa-trie keyed by their folded form (letters.py); everything else is addressed by
*position*: words are numbered partition by partition (one partition per first letter),
commonest first, so that a position doubles as a bit number in the letter index (index.py).

English ships full and opens through mmap in milliseconds. The other bundled languages ship
compact (solver/assemble.py); the first time one is opened its full file is built into the
user's cache directory (a few seconds, shown on stderr) and every later open maps that file.
"""

from __future__ import annotations

import bisect
import os
import sys
import time
import unicodedata
import zlib
from functools import cached_property, lru_cache, partial
from itertools import islice

from . import lexfile
from .errors import InputError, LexiconError
from .index import LetterIndex
from .letters import VARIANTS, Alphabet, language_name
from .paths import available_lexicons, cache_dir, find_lexicon, repair_hint
from .record import FrozenRecord, Record
from .version import __version__


class Entry(Record):
    """A word of the lexicon: its folded key, the form to show, its position and commonness.

    Hashed by its fields and treated as immutable, with slots and no guard (as Cards): every
    judged answer makes one, and setting five fields through object.__setattr__ behind a
    frozen guard cost 0.59 us of a 2.4 us lookup, plain slot stores 0.23 us.
    """

    __slots__ = ("key", "word", "position", "zipf", "common")
    _fields = __slots__

    def __init__(self, key: str, word: str, position: int, zipf: float, common: bool):
        self.key, self.word, self.position, self.zipf, self.common = (key, word, position,
                                                                       zipf, common)

    def __hash__(self) -> int:
        return hash(self._values())


class WordFilter(FrozenRecord):
    """Which of a lexicon's words count: all or the common tier; conjugated verbs or not."""

    __slots__ = ("common_only", "conjugated", "exclude")
    _fields = ("common_only", "conjugated")

    def __init__(self, common_only: bool = False, conjugated: bool = True):
        object.__setattr__(self, "common_only", common_only)
        object.__setattr__(self, "conjugated", conjugated)
        # The index flags whose words do not count: read by every query, so kept, not derived.
        object.__setattr__(self, "exclude", () if conjugated else ("conj",))


ALL_WORDS = WordFilter()  # every word of the lexicon counts


HEAD = 512  # the commonest words of each partition, decoded once (index.lowest_bits' window)


class Lexicon:
    """A full lexicon, opened read-only."""

    def __init__(self, data, name: str = "lexicon", path=None):
        if isinstance(data, (memoryview, bytearray)):
            data = bytes(data)  # words are sliced out of `data`: bytes or an mmap
        header, sections = lexfile.unpack(data, name, lazy=True)
        if header.get("kind", "full") != "full":
            raise LexiconError(f"{name} is a compact lexicon: open it with Lexicon.open()")
        try:
            self.header = header
            self.lang: str = header["lang"]
            self.alphabet = Alphabet(self.lang, header["alphabet"])
            self.size: int = header["words"]
            self.common_zipf: float = header["common_zipf"]
            self._partitions = header["partitions"]
            self._starts = [p["start"] for p in header["partitions"]]
            self._heads: dict[int, list[str]] = {}
            # Sizes come from the checked header: the sections' bytes are read, and checked,
            # on first use (the properties below), so a stumped check reads only the bits.
            lengths = {sec: sections.length(sec) for sec in
                       ("position", "zipf", "word_at", "words", "bits", "trie")}
        except (KeyError, TypeError, ValueError) as err:
            raise LexiconError(f"{name} is missing part of a lexicon ({err})") from None
        if not (lengths["position"] // 4 == lengths["zipf"] // 2
                == lengths["word_at"] // 4 - 1 == self.size):
            raise LexiconError(f"{name} is inconsistent: its sections disagree on the word count")
        self._sections = sections
        self._words_length = lengths["words"]
        self._name = name
        self.code = self.lang
        self.path = path
        self._data = data  # keeps the mmap alive as long as the views into it
        self._heal = None  # set by open(): what to do when a section fails its check

    def _section(self, sec: str):
        """Return section `sec`, checked; a damaged one is healed (a cache) or reported."""
        try:
            return self._sections[sec]
        except LexiconError as err:
            if self._heal is None:
                raise
            fresh = self._heal(err)  # raises, or returns the lexicon of a rebuilt file
        code, heal = self.code, self._heal
        self.__dict__.clear()  # forget what was read of the damaged file
        self.__dict__.update(fresh.__dict__)
        self.code, self._heal = code, heal
        return self._sections[sec]

    def verify(self) -> None:
        """Check every section now, healing or reporting damage as a first use would.

        A server opens a lexicon once and checks it all then (about 8 ms for English), so a
        damaged file makes the language unavailable, not a query fail.
        """
        for sec in list(self._sections):
            self._section(sec)

    # Each section is checked on its first use, through these: the stumped check reads only
    # the index, and checking every section of English on open cost about 32 M instructions.
    @cached_property
    def index(self) -> LetterIndex:
        return LetterIndex(self._partitions, self._section("bits"), self.alphabet.letters)

    @cached_property
    def _position(self):
        return self._section("position").cast("I")

    @cached_property
    def _zipf(self):
        return self._section("zipf").cast("H")

    @cached_property
    def _word_at(self):
        word_at = self._section("word_at").cast("I")
        if word_at[-1] != self._words_length:
            raise LexiconError(f"{self._name} is inconsistent: its sections disagree on the "
                               f"word count")
        return word_at

    @cached_property
    def _text_at(self) -> int:
        self._section("words")
        return lexfile.data_start(self._data) + self.header["sections"]["words"]["offset"]

    @cached_property
    def _surface_position(self):
        return self._section("surface_position").cast("I")

    def _partition_at(self, position: int):
        """Return the partition that holds `position`."""
        at = bisect.bisect_right(self._starts, position) - 1
        return self.index.partition(self.header["partitions"][at]["letter"])

    # The tries load when first asked for: the stumped check and solve never look a word up,
    # and loading the English trie (a 640 KB copy, then marisa's own parse) was about a third
    # of what opening the lexicon cost.
    @cached_property
    def _trie(self):
        trie = _trie_of(self._section("trie"))
        if len(trie) != self.size:
            raise LexiconError(f"{self._name} is inconsistent: its sections disagree on the "
                               f"word count")
        return trie

    @cached_property
    def _surfaces(self):
        """Return the trie of the forms shown with marks or capitals (None if the file has none)."""
        return _trie_of(self._section("surfaces")) if "surfaces" in self._sections else None

    @cached_property
    def _form_flags(self) -> dict:
        """Return {flag: trie of the forms carrying it}, from the sections named FLAG_forms."""
        return {name[:-len("_forms")]: _trie_of(self._section(name))
                for name in self._sections if name.endswith("_forms")}

    @classmethod
    def from_file(cls, path) -> "Lexicon":
        """Open the full lexicon file at `path` (memory-mapped)."""
        return cls(lexfile.map_file(path), str(path), path)

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "lexicon") -> "Lexicon":
        """Open a full lexicon held in memory."""
        return cls(data, name)

    @staticmethod
    @lru_cache(maxsize=None)
    def open(code: str = "en") -> "Lexicon":
        """Return the lexicon of language `code` ("en", "fr", "de-umlaut"), opened once."""
        base, letters = VARIANTS.get(code, (code, None))
        found = find_lexicon(base)
        if found is None:
            known = ", ".join(available_codes()) or "none"
            raise InputError(f"no lexicon for language {code!r} (available: {known})")
        try:
            data = _read(found)
            header = lexfile.read_header(data, str(found))
            if header.get("kind", "full") == "full":
                lex = Lexicon(data, str(found), found if isinstance(found, str) else None)
                lex._heal = partial(_report, found, base)
            else:
                lex = _cached(code, data, header, letters, str(found))
        except LexiconError as err:
            raise LexiconError(f"{err}: {repair_hint(found, base, err)}") from None
        lex.code = code
        return lex

    @property
    def language(self) -> str:
        """Return the language's English name ("English")."""
        return language_name(self.lang)

    def __len__(self) -> int:
        return self.size

    def __contains__(self, text: str) -> bool:
        return self.lookup(text) is not None

    def lookup(self, text: str) -> Entry | None:
        """Return the entry of `text` (any case, marks folded), or None if it is not a word.

        A form the dictionary spells with marks or capitals ("élève", "Haus") is shown as it was
        said when said that way, else as the dictionary's commonest spelling of the word.
        """
        if text.isascii() and text.isalpha() and text.islower():
            # Already a key, as judging passes it: no surface (a form with marks or capitals)
            # is spelt so, and it folds to itself.
            key = text
        else:
            if self._surfaces is not None:
                for form in (text, text.lower()):
                    surface_id = self._surfaces.get(form)
                    if surface_id is not None:
                        return self.entry(self._surface_position[surface_id], form)
            key = self.alphabet.fold(text)
            if not key:
                return None
        trie_id = self._trie.get(key)
        if trie_id is None:
            return None
        return self.entry(self._position[trie_id], key=key)

    def entry(self, position: int, shown: str | None = None, key: str | None = None) -> Entry:
        """Return the entry at `position` (shown as `shown` if given; `key`, if given, is the
        folded form of its word, as the trie that led to it holds it)."""
        word = self.word(position)
        centi = self._zipf[position]
        return Entry(key or self.alphabet.fold(word), shown or word, position, centi / 100,
                     centi >= self.common_zipf * 100)

    def key(self, position: int) -> str:
        """Return the folded key at `position`."""
        return self.alphabet.fold(self.word(position))

    def word(self, position: int) -> str:
        """Return the form of the word at `position` that is shown to people."""
        at, base = self._word_at, self._text_at
        return self._data[base + at[position]:base + at[position + 1]].decode()

    def words_at(self, positions, start: int | None = None) -> list[str]:
        """Return the forms of the words at `positions`: the hot path of solve.

        A word is sliced out of the mapped file itself (a slice of an mmap is bytes at once):
        0.2 us, where walking the trie up from its id took 0.6 us. With `start`, positions
        count from the start of that partition, and its commonest words, where most answers
        lie, come from a list decoded on the partition's first use (HEAD words, about 80 us
        once, 30 KB a partition): 0.03 us a word. With `start`, `positions` rise (as
        lowest_bits gives them).
        """
        data, at, base = self._data, self._word_at, self._text_at
        if start is None:
            return [data[base + at[p]:base + at[p + 1]].decode() for p in positions]
        head = self._heads.get(start)
        if head is None:
            part = self._partition_at(start)
            head = self._heads[start] = [data[base + at[p]:base + at[p + 1]].decode()
                                         for p in range(start, start + min(HEAD, part.count))]
        shown = len(head)
        if positions and positions[-1] < shown:  # positions rise: all among the commonest
            return [head[i] for i in positions]
        out = []
        for i in positions:
            if i < shown:
                out.append(head[i])
            else:
                p = start + i
                out.append(data[base + at[p]:base + at[p + 1]].decode())
        return out

    def word_bytes(self):
        """Return (data, word_at, base): word p is data[base + word_at[p]:base + word_at[p + 1]],
        its UTF-8 bytes (for a reader that slices many words itself, as --batch does)."""
        return self._data, self._word_at, self._text_at

    def zipf(self, position: int) -> float:
        """Return the zipf frequency of the word at `position` (0 if wordfreq does not know it)."""
        return self._zipf[position] / 100

    def flagged(self, position: int, flag: str, said: str | None = None) -> bool:
        """Return whether the word at `position`, said as `said`, carries `flag` (say "conj")."""
        forms = self._form_flags.get(flag)
        if said is not None and forms is not None:
            if unicodedata.normalize("NFC", said.strip()).lower() in forms:
                return True
        part = self._partition_at(position)
        return bool(part.flagged(flag) >> (position - part.start) & 1)

    @cached_property
    def flags(self) -> list[str]:
        """Return the flags this lexicon's index carries ("conj" for French)."""
        return sorted({f for p in self.header["partitions"] for f in p.get("flags", ())})

    def keys(self, common_only: bool = False):
        """Yield every key in alphabetical order (only the common tier if asked)."""
        for key, trie_id in sorted(self._trie.iteritems()):
            if not common_only or self._zipf[self._position[trie_id]] >= self.common_zipf * 100:
                yield key

    def has_key(self, key: str) -> bool:
        """Return whether the folded `key` is a word (no folding: 0.2 us)."""
        return key in self._trie

    def keys_with_prefix(self, prefix: str, limit: int | None = None) -> list[str]:
        """Return the keys starting with `prefix` (folded), at most `limit` of them."""
        return list(islice(self._trie.iterkeys(prefix), limit))


def _trie_of(data):
    # Imported here, with the first trie: the stumped check and solve never load one, and
    # importing marisa_trie was 6 M of the one-shot command's 230 M instructions.
    import marisa_trie

    trie = marisa_trie.Trie()
    trie.frombytes(bytes(data))
    return trie


def _report(found, base: str, err: LexiconError):
    """Raise `err`, found in a bundled or user-built file, with the command that repairs it."""
    raise LexiconError(f"{err}: {repair_hint(found, base, err)}") from None


def _read(found):
    """Return the bytes of a lexicon file: mapped if it is a path, else read (a Traversable)."""
    return lexfile.map_file(found) if isinstance(found, str) else found.read_bytes()


def _cached(code: str, data, header: dict, letters: str | None, name: str) -> Lexicon:
    """Return the full lexicon of a compact one, from the cache, built there on first use.

    The cache heals itself: a cached file that fails its checks (flipped bytes, cut short,
    emptied) is rebuilt in its place and the query answered, with one line on stderr. A cache
    that cannot be written (a read-only home) costs a build in memory on every run, said once.
    """
    from .assemble import EXPANSION, expand  # only compact lexicons need it

    # A new compact file, another alphabet, wordref version or expansion: another cached file.
    stamp = zlib.crc32(repr((sorted(header["sections"].items()), letters, __version__,
                             lexfile.FORMAT, EXPANSION)).encode())
    target = cache_dir() / f"{code}-{stamp:08x}.wrl"
    damage = None
    if target.is_file():
        try:
            lex = Lexicon.from_file(target)
        except LexiconError as err:
            damage = err
        else:  # a section found damaged on its first use is rebuilt the same way
            lex._heal = partial(_build, code, data, header, letters, name, target)
            return lex
    elif target.exists() or target.is_symlink():
        raise LexiconError(f"the cache path {target} is a directory or another non-file: "
                           f"move it away or remove it, and wordref builds its index there")
    return _build(code, data, header, letters, name, target, damage)


def _build(code: str, data, header: dict, letters: str | None, name: str, target,
           damage: LexiconError | None) -> Lexicon:
    """Build the full lexicon of a compact one into `target` (replacing a `damage`d file)."""
    from .assemble import expand

    started = time.perf_counter()
    say = sys.stderr.write if sys.stderr else (lambda text: None)
    language = language_name(code)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        out = open(tmp, "wb")
    except OSError as err:  # a read-only home: answer anyway, from memory
        out = None
        say(f"wordref: cannot keep the {language} index in {target.parent} "
            f"({err.strerror or err}): building it in memory for this run ...")
    else:
        if damage is None:
            say(f"wordref: building the {language} index on first use "
                f"(kept in {target.parent}) ...")

    def progress(items, label):
        if damage is None or out is None:
            say(f" {label}")
            sys.stderr.flush()
        return items

    try:
        built = expand(data, letters or header["alphabet"], name, progress)
        took = f"{time.perf_counter() - started:.1f} s"
        if out is None:
            say(f" done in {took}\n")
            return Lexicon.from_bytes(built, name)
        try:
            with out:
                out.write(built)
            tmp.replace(target)
        except OSError as err:  # a full disk: answer anyway, from memory
            say(f"{' done' if damage is None else 'wordref:'} cannot keep the {language} "
                f"index in {target.parent} ({err.strerror or err}); built it in memory\n")
            return Lexicon.from_bytes(built, name)
    finally:
        if out is not None:
            out.close()
            tmp.unlink(missing_ok=True)
    if damage is None:
        say(f" done in {took}\n")
    else:
        say(f"wordref: the cached {language} index {target} was damaged ({damage}); "
            f"rebuilt it in {took}\n")
    return Lexicon.from_file(target)


def available_codes() -> list[str]:
    """Return every language code that can be opened, variants included."""
    codes = set(available_lexicons())
    codes |= {variant for variant, (base, _) in VARIANTS.items() if base in codes}
    return sorted(codes)


def describe(code: str) -> dict:
    """Return what `wordref lexicon info` shows of a language, without expanding it."""
    base, letters = VARIANTS.get(code, (code, None))
    found = find_lexicon(base)
    if found is None:
        raise InputError(f"no lexicon for language {code!r}")
    try:
        head = lexfile.read_header(_read(found), str(found))
    except LexiconError as err:
        raise LexiconError(f"{err}: {repair_hint(found, base, err)}") from None
    letters = letters or head["alphabet"]
    return {"code": code, "name": language_name(code), "words": _word_count(found, head, letters),
            "common": head.get("common"), "common_zipf": head["common_zipf"],
            "alphabet": letters,
            "flags": head.get("flags") or sorted({f for p in head.get("partitions", ())
                                                  for f in p.get("flags", ())}),
            "shipped": head.get("kind", "full"), "sources": head["sources"],
            "licence": head["licence"], "cutoffs": head.get("cutoffs", {}),
            "path": str(found)}


def _word_count(found, head: dict, letters: str) -> int:
    """Return how many words the lexicon holds in the alphabet `letters`: a full file's own
    count; a compact file's for that alphabet (its surface forms fold to fewer words: "élève"
    and "élevé" are one), read from its header, else counted from its forms (a few seconds:
    files built before the header said)."""
    if head.get("kind", "full") == "full":
        return head["words"]
    known = head.get("keys", {}).get(letters)
    if known is not None:
        return known
    from .assemble import key_count

    _, sections = lexfile.unpack(_read(found), str(found))
    return key_count(head["lang"], letters, _trie_of(sections["surfaces"]).keys())
