"""Thing prompts wordref had never seen: the open-world set, its two parts, and the issue's goals.

`tests/golden/things-open.tsv` holds prompts copied verbatim from public party-game lists, each
with answers labelled by hand before anyone looked at what wordref says. Its header fixes the split
by position: a prompt whose 1-based position is a multiple of 5 or of the form 5k+2 is *frozen*.
The frozen part is never looked at answer by answer while the referee is improved; only its totals
are reported, and only the safety goals are asserted on it.

Letters are ignored in this set, so each answer is judged under cards it obeys: its own first
letter as the yellow card and, as the red one, the first letter of "qxzjvkwyfbgpmhcdulnrtseaoi"
that the answer lacks.

    python3 -m pytest tests/test_things_open.py -s      prints the figures of both parts

`tests/golden/things-dev2.tsv` is a second development set (194 prompts from another public
list, none of them in the frozen part; its header says how it was made). It was tuned on, so
its figures flatter, and it is reported on its own. `tests/golden/things-dev3.tsv` is a third
(60 prompts from a third public list, none in the frozen part or in dev2), reported on its own;
its first run, before any change for it, is in the README. `tests/golden/things-dev4.tsv` is a
fourth (80 prompts from a fourth public list, none in things-open.tsv, dev2 or dev3), likewise, and
`tests/golden/things-dev5.tsv` a fifth (43 prompts from a fifth public list, none in any of those),
`tests/golden/things-dev6.tsv` a sixth (95 prompts from a sixth public list, none in any of those),
`tests/golden/things-dev7.tsv` a seventh (67 prompts from a seventh public list, none in any of those),
`tests/golden/things-dev8.tsv` an eighth (54 prompts, the rest of the seventh's list), and
`tests/golden/things-dev9.tsv` a ninth (22 prompts, all an eighth public list had that no set
holds), `tests/golden/things-dev10.tsv` a tenth (48 prompts of a ninth public list) and
`tests/golden/things-dev11.tsv` an eleventh (58 prompts of a tenth), `tests/golden/things-dev12.tsv`
a twelfth (50 prompts of an eleventh), `tests/golden/things-dev13.tsv` a thirteenth (50 prompts
of a twelfth), `tests/golden/things-dev14.tsv` a fourteenth (the twelfth's other 56) and
`tests/golden/things-dev15.tsv` a fifteenth (67 prompts of a thirteenth), `tests/golden/things-dev16.tsv`
a sixteenth (the thirteenth's other 59), `tests/golden/things-dev17.tsv` a seventeenth (54 prompts of a
fourteenth), `tests/golden/things-dev18.tsv` an eighteenth (47 prompts of a fifteenth) and
`tests/golden/things-dev19.tsv` a nineteenth (32 "Name 3 ..." prompts of a party game's decks) and
`tests/golden/things-dev20.tsv` a twentieth (the other 42 of those decks), `tests/golden/things-dev21.tsv`
a twenty-first (the 5 prompts of a sixteenth list no set held), `tests/golden/things-dev22.tsv` a
twenty-second (51 prompts of a seventeenth and an eighteenth), `tests/golden/things-dev23.tsv` a
twenty-third (60 category descriptions of a Pyramid game), `tests/golden/things-dev24.tsv` a
twenty-fourth (60 prompts of four more lists), `tests/golden/things-dev25.tsv` a twenty-fifth (60
more of the Pyramid game's), `tests/golden/things-dev26.tsv` a twenty-sixth (60 prompts of a
nineteenth list), `tests/golden/things-dev27.tsv` a twenty-seventh (60 of a twentieth),
`tests/golden/things-dev28.tsv` a twenty-eighth (41 of a twenty-first), `tests/golden/things-dev29.tsv`
a twenty-ninth (33 of a twenty-second), `tests/golden/things-dev30.tsv` a thirtieth (32 "Name 3 ..."
prompts of a party game), `tests/golden/things-dev31.tsv` a thirty-first (43 of a twenty-third
list), `tests/golden/things-dev32.tsv` a thirty-second (60 "Name 3 ..." prompts of another party
game), `tests/golden/things-dev33.tsv` a thirty-third (60 of a Tapple game's list),
`tests/golden/things-dev34.tsv` a thirty-fourth (60 "List ..." prompts of a list-making party
game), `tests/golden/things-dev35.tsv` a thirty-fifth (60 of two more lists),
`tests/golden/things-dev36.tsv` a thirty-sixth (60 "Name 3 ..." and "Name a ..." prompts of a
5 Second Rule game and a Family Feud game) and `tests/golden/things-dev37.tsv` a thirty-seventh
(60 of three more such games). The seventh's to thirty-seventh's first runs, before any change
for them:
    dev7:   402 real, 134 wrong; real wrongly rejected 2 (0.5 %), wrong accepted 6 (4.5 %),
            real accepted 171 (42.5 %), undecided 229 real (57.0 %)
    dev8:   343 real, 107 wrong; real wrongly rejected 12 (3.5 %), wrong accepted 3 (2.8 %),
            real accepted 131 (38.2 %), undecided 200 real (58.3 %)
    dev9:   174 real, 44 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 1 (2.3 %),
            real accepted 16 (9.2 %), undecided 158 real (90.8 %)
    dev10:  357 real, 96 wrong; real wrongly rejected 15 (4.2 %), wrong accepted 4 (4.2 %),
            real accepted 52 (14.6 %), undecided 290 real (81.2 %)
    dev11:  457 real, 116 wrong; real wrongly rejected 1 (0.2 %), wrong accepted 3 (2.6 %),
            real accepted 206 (45.1 %), undecided 250 real (54.7 %)
    dev12:  301 real, 100 wrong; real wrongly rejected 6 (2.0 %), wrong accepted 0 (0.0 %),
            real accepted 98 (32.6 %), undecided 197 real (65.4 %)
    dev13:  349 real, 100 wrong; real wrongly rejected 1 (0.3 %), wrong accepted 4 (4.0 %),
            real accepted 271 (77.7 %), undecided 77 real (22.1 %)
    dev14:  431 real, 112 wrong; real wrongly rejected 1 (0.2 %), wrong accepted 2 (1.8 %),
            real accepted 313 (72.6 %), undecided 117 real (27.1 %)
    dev15:  447 real, 134 wrong; real wrongly rejected 5 (1.1 %), wrong accepted 4 (3.0 %),
            real accepted 256 (57.3 %), undecided 186 real (41.6 %)
    dev16:  484 real, 118 wrong; real wrongly rejected 3 (0.6 %), wrong accepted 4 (3.4 %),
            real accepted 166 (34.3 %), undecided 315 real (65.1 %)
    dev17:  414 real, 107 wrong; real wrongly rejected 3 (0.7 %), wrong accepted 0 (0.0 %),
            real accepted 116 (28.0 %), undecided 295 real (71.3 %)
    dev18:  376 real, 94 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 5 (5.3 %),
            real accepted 222 (59.0 %), undecided 154 real (41.0 %)
    dev19:  256 real, 64 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 0 (0.0 %),
            real accepted 0 (0.0 %), undecided 256 real (100.0 %)
    dev20:  337 real, 84 wrong; real wrongly rejected 2 (0.6 %), wrong accepted 0 (0.0 %),
            real accepted 108 (32.0 %), undecided 227 real (67.4 %)
    dev21:  40 real, 10 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 0 (0.0 %),
            real accepted 40 (100.0 %), undecided 0 real (0.0 %)
    dev22:  408 real, 102 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 0 (0.0 %),
            real accepted 144 (35.3 %), undecided 264 real (64.7 %)
    dev23:  468 real, 120 wrong; real wrongly rejected 6 (1.3 %), wrong accepted 0 (0.0 %),
            real accepted 54 (11.5 %), undecided 408 real (87.2 %)
    dev24:  474 real, 120 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 2 (1.7 %),
            real accepted 213 (44.9 %), undecided 261 real (55.1 %)
    dev25:  453 real, 120 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 0 (0.0 %),
            real accepted 28 (6.2 %), undecided 425 real (93.8 %)
    dev26:  476 real, 120 wrong; real wrongly rejected 7 (1.5 %), wrong accepted 3 (2.5 %),
            real accepted 135 (28.4 %), undecided 334 real (70.2 %)
    dev27:  480 real, 120 wrong; real wrongly rejected 2 (0.4 %), wrong accepted 3 (2.5 %),
            real accepted 174 (36.2 %), undecided 304 real (63.3 %)
    dev28:  328 real, 82 wrong; real wrongly rejected 5 (1.5 %), wrong accepted 1 (1.2 %),
            real accepted 127 (38.7 %), undecided 196 real (59.8 %)
    dev29:  264 real, 66 wrong; real wrongly rejected 8 (3.0 %), wrong accepted 2 (3.0 %),
            real accepted 56 (21.2 %), undecided 200 real (75.8 %)
    dev30:  256 real, 64 wrong; real wrongly rejected 1 (0.4 %), wrong accepted 0 (0.0 %),
            real accepted 15 (5.9 %), undecided 240 real (93.8 %)
    dev31:  344 real, 86 wrong; real wrongly rejected 1 (0.3 %), wrong accepted 0 (0.0 %),
            real accepted 57 (16.6 %), undecided 286 real (83.1 %)
    dev32:  480 real, 120 wrong; real wrongly rejected 7 (1.5 %), wrong accepted 0 (0.0 %),
            real accepted 71 (14.8 %), undecided 402 real (83.8 %)
    dev33:  480 real, 120 wrong; real wrongly rejected 3 (0.6 %), wrong accepted 0 (0.0 %),
            real accepted 39 (8.1 %), undecided 438 real (91.2 %)
    dev34:  480 real, 120 wrong; real wrongly rejected 1 (0.2 %), wrong accepted 0 (0.0 %),
            real accepted 0 (0.0 %), undecided 479 real (99.8 %)
    dev35:  480 real, 120 wrong; real wrongly rejected 6 (1.2 %), wrong accepted 0 (0.0 %),
            real accepted 0 (0.0 %), undecided 474 real (98.8 %)
    dev36:  480 real, 120 wrong; real wrongly rejected 0 (0.0 %), wrong accepted 0 (0.0 %),
            real accepted 24 (5.0 %), undecided 456 real (95.0 %)
    dev37:  480 real, 120 wrong; real wrongly rejected 1 (0.2 %), wrong accepted 0 (0.0 %),
            real accepted 24 (5.0 %), undecided 455 real (94.8 %)

Baseline, measured before the Thing reader (things.py) existed:
    dev:    426 real, 260 wrong; real wrongly rejected 8 (1.9 %), wrong accepted 12 (4.6 %),
            real accepted 255 (59.9 %), undecided 163 real (38.3 %)
    frozen: 282 real, 179 wrong; real wrongly rejected 7 (2.5 %), wrong accepted 7 (3.9 %),
            real accepted 182 (64.5 %), undecided 93 real (33.0 %)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from solver import redyellow
from solver.categories import Categories

OPEN = Path(__file__).parent / "golden" / "things-open.tsv"
# The later development sets, each from public lists (its header says how it was made), each
# all one part: things-dev2.tsv is "dev2", and so on.
SETS = {f"dev{n}": OPEN.parent / f"things-dev{n}.tsv" for n in range(2, 38)}
RED_ORDER = "qxzjvkwyfbgpmhcdulnrtseaoi"  # rare letters first: the red card an answer surely lacks


@dataclass
class Figures:
    """What the referee did with one part of the set."""

    real: int = 0
    wrong: int = 0
    real_accepted: int = 0
    real_rejected: int = 0  # real answers wrongly rejected
    real_undecided: int = 0
    wrong_accepted: int = 0  # wrong answers wrongly accepted
    wrong_rejected: int = 0
    wrong_undecided: int = 0
    misses: list = field(default_factory=list, repr=False)

    def pct(self, n: int, of: int) -> float:
        return 100.0 * n / of if of else 0.0

    def line(self, name: str) -> str:
        parts = [("real wrongly rejected", self.real_rejected, self.real),
                 ("wrong accepted", self.wrong_accepted, self.wrong),
                 ("real accepted", self.real_accepted, self.real),
                 ("undecided", self.real_undecided, self.real),
                 ("and wrong undecided", self.wrong_undecided, self.wrong),
                 ("wrong rejected", self.wrong_rejected, self.wrong)]
        shown = ", ".join(f"{what} {n} ({self.pct(n, of):.1f} %)" for what, n, of in parts)
        return f"{name}: {self.real} real, {self.wrong} wrong; {shown}"


def load_open(path: Path = OPEN, default: str = "dev2") -> list[tuple[str, str, str, str]]:
    """Return (prompt, answer, label, split) for every answer of a set (`default` when it has no split)."""
    rows = []
    header = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        row = dict(zip(header, cells))
        rows.append((row["prompt"], row["answer"], row["label"], row.get("split", default)))
    return rows


def cards_for(cats: Categories, prompt: str, answer: str) -> redyellow.Cards:
    """Return cards `answer` obeys: its first letter yellow, a letter it lacks red."""
    letters = redyellow.said_letters(cats.alphabet, answer)
    red = next(ch for ch in RED_ORDER if ch not in letters and ch != letters[:1])
    return redyellow.Cards.parse(cats.alphabet, prompt, letters[:1], red)


def measure(cats: Categories, split: str, judge=redyellow.judge) -> Figures:
    """Return the figures of one part of the set ("dev" or "frozen")."""
    got = Figures()
    path = SETS.get(split, OPEN)
    for prompt, answer, label, part in load_open(path, split):
        if part != split:
            continue
        valid = judge(cats, cards_for(cats, prompt, answer), answer).valid
        if label == "real":
            got.real += 1
            got.real_accepted += valid is True
            got.real_rejected += valid is False
            got.real_undecided += valid is None
            if valid is False:
                got.misses.append(f"{prompt}: {answer} rejected")
        else:
            got.wrong += 1
            got.wrong_accepted += valid is True
            got.wrong_rejected += valid is False
            got.wrong_undecided += valid is None
            if valid is True:
                got.misses.append(f"{prompt}: {answer} accepted")
    return got


@pytest.fixture(scope="module")
def cats():
    return Categories.open()


def test_the_set_is_large_and_split_by_position():
    rows = load_open()
    prompts: dict[str, str] = {}
    for prompt, _, label, split in rows:
        assert label in ("real", "wrong")
        assert prompts.setdefault(prompt, split) == split, prompt
    assert len(prompts) >= 150 and len(rows) >= 600
    # The header's rule: the k-th prompt (1-based) is frozen when k % 5 is 0 or 2.
    order = list(dict.fromkeys(p for p, *_ in rows))
    for k, prompt in enumerate(order, 1):
        assert prompts[prompt] == ("frozen" if k % 5 in (0, 2) else "dev"), prompt


@pytest.fixture(scope="module")
def dev(cats):
    return measure(cats, "dev")


def test_prompts_never_seen_dev_part_is_safe(dev):
    """On the part used while improving: wrongly rejected <= 1 %, wrong accepted <= 3 %."""
    print("\n" + dev.line("things-open, dev part"))
    assert dev.real_rejected <= 0.01 * dev.real, dev.misses
    assert dev.wrong_accepted <= 0.03 * dev.wrong, dev.misses


def test_prompts_never_seen_dev_part_accepts_four_in_five(dev):
    """The coverage goal: real answers accepted >= 80 %."""
    assert dev.real_accepted >= 0.80 * dev.real


@pytest.mark.parametrize("part, real, wrong", [("dev2", 600, 300), ("dev3", 250, 100),
                                               ("dev4", 480, 160), ("dev5", 250, 70),
                                               ("dev6", 740, 200), ("dev7", 400, 130),
                                               ("dev8", 340, 100), ("dev9", 170, 40),
                                               ("dev10", 350, 90), ("dev11", 450, 110),
                                               ("dev12", 300, 100), ("dev13", 340, 100),
                                               ("dev14", 430, 110), ("dev15", 440, 130),
                                               ("dev16", 480, 110), ("dev17", 410, 100),
                                               ("dev18", 370, 90), ("dev19", 250, 60),
                                               ("dev20", 330, 80), ("dev21", 40, 10),
                                               ("dev22", 400, 100), ("dev23", 460, 120),
                                               ("dev24", 470, 120), ("dev25", 450, 120),
                                               ("dev26", 470, 120), ("dev27", 480, 120),
                                               ("dev28", 320, 80), ("dev29", 260, 60),
                                               ("dev30", 250, 60), ("dev31", 340, 80),
                                               ("dev32", 480, 120), ("dev33", 480, 120),
                                               ("dev34", 480, 120), ("dev35", 480, 120),
                                               ("dev36", 480, 120), ("dev37", 480, 120)])
def test_the_later_dev_sets_are_safe(cats, part, real, wrong):
    """The later development sets: wrongly rejected <= 1 %, wrong accepted <= 3 %."""
    figures = measure(cats, part)
    print("\n" + figures.line(f"things-{part}"))
    assert figures.real >= real and figures.wrong >= wrong
    assert figures.real_rejected <= 0.01 * figures.real, figures.misses
    assert figures.wrong_accepted <= 0.03 * figures.wrong, figures.misses


@pytest.fixture(scope="module")
def frozen(cats):
    return measure(cats, "frozen")


def test_prompts_never_seen_frozen_part_is_no_worse_than_before(frozen):
    """On the frozen part only totals are shown. Before any change to the reading of Things
    (the baseline, measured once) 7 of 282 real answers were wrongly rejected and 7 of 179
    wrong answers accepted."""
    print("\n" + frozen.line("things-open, frozen part"))
    assert frozen.real_rejected <= 7 and frozen.wrong_accepted <= 7


def test_prompts_never_seen_frozen_part_meets_the_goals(frozen):
    """The issue's goals: real answers wrongly rejected <= 1 %, wrong answers accepted <= 3 %,
    real answers accepted >= 80 % (undecided is the honest rest)."""
    assert frozen.real_rejected <= 0.01 * frozen.real
    assert frozen.wrong_accepted <= 0.03 * frozen.wrong
    assert frozen.real_accepted >= 0.80 * frozen.real
