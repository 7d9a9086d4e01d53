"""`--batch` at volume: In Extremis' stumped check and solve, answered a line at a time without
the layers a one-shot command pays once (a Reply per line, the JSON encoder, the text dispatch).

`extremis_line(verb, as_json, ...)` returns line(text, number) -> (output line, exit code) for
`any` and `solve`, the verbs a table or a benchmark runs by the thousand; every other verb goes
through words.batch_line and the replies of solver/api.py. Each line printed here is, byte for
byte, what that general path prints for the same line (the reply's JSON through json.dumps, or
its text line): tests/test_batch.py checks both paths against each other on the benchmark's
query mix, taps, bad lines and other languages.

Where the time went, per line of the 20,000-line benchmark mix (in-process, best of 7, on a
loaded machine): the general path added fields() and a Reply (about 1.5 us), json's encoder
(3.5 us a solve), and for text a bit_count the answer does not need (up to 1.5 us on the
English S partition); the index itself costs 2-4 us for any and 8-10 us for a top-20 solve,
of which 8 us went to slicing and decoding the 20 words (Shown below).
"""

from __future__ import annotations

from json.encoder import encode_basestring

from .. import api, extremis
from .common import fields, one_line

NAMES = ["INITIAL", "GREENS", "REDS"]
TAP_ANY = '{"any": null, "count": 0, "status": "tap"}'
TAP_SOLVE = '{"count": 0, "words": [], "status": "tap"}'
NONE_SOLVE = '{"count": 0, "words": [], "status": "ok"}'


class Shown:
    """The words a batch of solves shows, by partition and position, each decoded (and for JSON
    quoted) once: shown(positions, start, count) -> their text, joined as the line prints them.

    A word sliced out of the mapped file and decoded costs about 0.4 us; the top 20 of the
    benchmark mix lie past a partition's 512 commonest words (lexicon.HEAD) in two solves of
    three, so each solve paid about 8 us for its words. Here a word seen before costs a list
    index. A list of a partition's size is made on its first use (8 bytes a word: 3.2 MB for
    all of English, only in --batch with a --limit). A word not seen before is found by the
    join failing on its None, not by a scan for it (`None in words` compares each string with
    None), and is sliced here without words_at's layers: the 20,000-line mix went from 2,699 M
    to 2,614 M instructions in-process (callgrind). What a first sight still costs is mostly
    the slice of the mapped file (about 2,100 of its 3,600 instructions); decoding and quoting
    are about 1,000, which is why the words are not stored pre-quoted.
    """

    def __init__(self, lex, as_json: bool):
        self._lex = lex
        self._quote = encode_basestring if as_json else None
        self._sep = ", " if as_json else " "
        self._parts: dict[int, list] = {}

    def __call__(self, positions: list[int], start: int, count: int) -> str:
        known = self._parts.get(start)
        if known is None:
            known = self._parts[start] = [None] * count
        try:
            return self._sep.join([known[i] for i in positions])
        except TypeError:  # a None: some of these words are shown for the first time
            pass
        data, at, base = self._lex.word_bytes()
        quote = self._quote
        for i in positions:
            if known[i] is None:
                p = start + i
                word = data[base + at[p]:base + at[p + 1]].decode()
                known[i] = word if quote is None else quote(word)
        return self._sep.join([known[i] for i in positions])


def extremis_line(verb: str, as_json: bool, *, lang: str = "en", tier: str = "all",
                  no_conjugated: bool | None = None, limit: int = 20):
    """Return line(text, number) -> (output, code) answering `verb` (any or solve) per line."""
    lex, filt = api.open_extremis(lang, tier, no_conjugated)
    alphabet, parse, matches = lex.alphabet, extremis.Cards.parse, extremis.matches
    words_at, tap_message = lex.words_at, extremis.tap_message
    limit = api.limit_or_all(limit)
    yes, no, no_search = api.EXIT_YES, api.EXIT_NO, api.EXIT_NO_SEARCH

    def cards_of(raw: str, number: int):
        # The common line, "b utt x": fields() only for the others. Cards.parse reads a "-" as
        # no card, as fields() does (a quarter of the benchmark's lines have no red).
        parts = raw.split()
        return parse(alphabet, *(parts if len(parts) == 3 else fields(raw, number, NAMES)))

    if verb == "any":
        def line(raw: str, number: int):
            cards = cards_of(raw, number)
            if cards.taps:
                return (TAP_ANY if as_json else "tap"), no_search
            part, bits = matches(lex, cards, filt)
            if not as_json:  # yes or no needs no count
                return ("yes", yes) if bits else ("no", no)
            n = part.count_of(bits) if bits else 0
            if n:
                return f'{{"any": true, "count": {n}, "status": "ok"}}', yes
            return '{"any": false, "count": 0, "status": "ok"}', no
        return line

    shown = Shown(lex, as_json) if limit else None
    partition, common_only, exclude = lex.index.partition, filt.common_only, filt.exclude
    parts_by_letter: dict = {}

    def line(raw: str, number: int):
        # cards_of and extremis.matches, with their calls made here: a call of a Python
        # function is about a thousand instructions, and the partition's about as much again.
        parts = raw.split()
        cards = parse(alphabet, *(parts if len(parts) == 3 else fields(raw, number, NAMES)))
        if cards.taps:
            return (TAP_SOLVE if as_json else one_line(tap_message(cards))), yes
        initial = cards.initial
        part = parts_by_letter.get(initial)
        if part is None:
            part = parts_by_letter[initial] = partition(initial)
            if part is None:
                return (NONE_SOLVE if as_json else "0:"), yes
        bits = part.select_pairs(cards.need, cards.bad, common_only, exclude)
        if not bits:
            return (NONE_SOLVE if as_json else "0:"), yes
        n, positions = part.top(bits, limit)
        if shown is None:  # --limit 0: every word, each seen about once
            words = words_at(positions, part.start)
            if as_json:
                return f'{{"count": {n}, "words": [{", ".join(map(encode_basestring, words))}' \
                       f'], "status": "ok"}}', yes
            return one_line(f"{n}: {' '.join(words)}".rstrip()), yes
        text = shown(positions, part.start, part.count)
        if as_json:
            return f'{{"count": {n}, "words": [{text}], "status": "ok"}}', yes
        return one_line(f"{n}: {text}".rstrip()), yes
    return line
