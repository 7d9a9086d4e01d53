"""Per-query medians for Red Letter, Yellow Letter, side by side with a plain scan of the members.

    python benchmarks/compare_categories.py [--queries 2000]

The mix: a category drawn uniformly from the bundled ones, a yellow and a red letter drawn
uniformly from a-z (redrawn while equal). wordref keeps each Thing's resolution, as a Thing
card stays on the table for many shouts; the first resolution is timed on its own. The peer
scans the category's member list (already in commonness order) for members that start with the
yellow letter and lack the red one. Thing resolution is timed on category names, their aliases
reworded ("kinds of ...", plural or singular, British spelling) and on Things nobody defined;
the reading every verb uses (things.py) on the same Things and on the open-world prompts.
"""

from __future__ import annotations

import argparse
import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from compare import per_query, summary  # noqa: E402

from solver import redyellow  # noqa: E402
from solver.categories import Categories  # noqa: E402
from solver.things import read as things_read  # noqa: E402

OPEN_WORLD = Path(__file__).parent.parent / "tests" / "golden" / "things-open.tsv"


class ScanPeer:
    """The member list of each category, scanned from the top."""

    def __init__(self, cats: Categories):
        self.members = {}
        for category in cats.categories:
            rows = []
            for part in cats._meta(category)["partitions"]:
                positions = range(part["start"], part["start"] + part["count"])
                for word in cats.member_words(category, positions):
                    rows.append((word, redyellow.said_letters(cats.alphabet, word)))
            self.members[category.name] = rows

    def solve(self, cards, limit=10):
        found = [w for w, letters in self.members[cards.thing]
                 if letters[:1] == cards.yellow and cards.red not in letters]
        return len(found), found[:limit]

    def any(self, cards):
        return any(letters[:1] == cards.yellow and cards.red not in letters
                   for _, letters in self.members[cards.thing])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=2000)
    args = parser.parse_args()
    cats = Categories.open()
    rng = random.Random(2024)
    mix = []
    while len(mix) < args.queries:
        yellow, red = rng.choice(string.ascii_lowercase), rng.choice(string.ascii_lowercase)
        if yellow != red:
            mix.append(redyellow.Cards(rng.choice(cats.categories).name, yellow, red))
    peer = ScanPeer(cats)
    for cards in mix[:50]:  # the two agree
        assert peer.solve(cards)[0] == redyellow.solve(cats, cards, 10).count
    things = []
    for category in cats.categories:
        things += [category.name, f"kinds of {category.name.lower()}",
                   f"famous {category.name.lower()}"]
    things += ["things a haunted submarine says", "colours of the rainbow", "Flavours",
               "types of fish you can eat"]
    open_world = sorted({line.split("\t")[0] for line in OPEN_WORLD.read_text(
        encoding="utf-8").splitlines()[1:] if line and not line.startswith(("#", "prompt\t"))})
    rows = []
    for name, fn, peer_fn, items in [
        ("any()", lambda c: redyellow.any_answer(cats, c), peer.any, mix),
        ("solve: top 10 and the count", lambda c: redyellow.solve(cats, c, 10), peer.solve, mix),
        ("judge an answer", lambda c: redyellow.judge(cats, c, "banana"), None, mix),
        ("Thing resolution (first time)", cats._resolve, None, things),
        # The reading every verb uses (things.py): exact names first, then unions, name
        # forms, restrictions, and the resolution above as the last resort.
        ("Thing reading (first time)", lambda t: things_read([cats], t), None, things),
        ("Thing reading, open-world set", lambda t: things_read([cats], t), None, open_world),
    ]:
        mine = summary(per_query(fn, items, 10))
        line = [name, f"{mine[0]:.2f}", f"{mine[1]:.2f}", str(len(items))]
        if peer_fn:
            theirs = summary(per_query(peer_fn, items, 3))[0]
            line.append(f"scan {theirs:,.1f} us = {theirs / mine[0]:,.1f}x")
        rows.append(line)
    print(f"{len(cats)} categories; {len(mix)} queries")
    print(f"| {'measure':<30} | median us | p90 us | queries | peer (median, ratio) |")
    print(f"|{'-' * 32}|-----------|--------|---------|----------------------|")
    for name, med, p90, n, *peer_text in rows:
        print(f"| {name:<30} | {med:>9} | {p90:>6} | {n:>7} | {''.join(peer_text)} |")


if __name__ == "__main__":
    main()
