"""Every In Extremis rule, on the tiny lexicon where the answers can be checked by hand."""

import pytest

from solver import extremis
from solver.errors import InputError
from solver.extremis import Cards
from solver.lexicon import WordFilter


def cards(lex, initial, green="", red=""):
    return Cards.parse(lex.alphabet, initial, green, red)


def words(lex, *spec, limit=None):
    return extremis.solve(lex, cards(lex, *spec), limit).words


def test_starts_with_the_initial_and_holds_every_green(tiny):
    found = set(words(tiny, "b", "u"))
    assert found == {"button", "butter", "butt", "bubble", "bust", "buxom"}


def test_words_come_commonest_first_then_a_to_z(tiny):
    assert words(tiny, "b", "tt") == ["battle", "bottle", "button", "butter", "bitter", "butt"]


def test_two_green_cards_of_a_letter_need_it_twice(tiny):
    assert set(words(tiny, "b", "utt")) == {"button", "butter", "butt"}
    assert "bust" not in words(tiny, "b", "utt")


def test_a_green_equal_to_the_initial_counts_with_it(tiny):
    # Initial B and a green B need a second B.
    assert set(words(tiny, "b", "b")) == {"baby", "bubble", "babe", "bob", "bobbin"}
    assert set(words(tiny, "b", "bb")) == {"bubble", "bobbin"}


def test_no_red_letter_anywhere(tiny):
    assert set(words(tiny, "b", "u", "x")) == {"button", "butter", "butt", "bubble", "bust"}


def test_red_equal_to_the_initial_allows_it_only_first(tiny):
    found = set(words(tiny, "b", "", "b"))
    assert "bat" in found and "butter" in found
    assert not found & {"baby", "bubble", "babe", "bob", "bobbin"}


def test_red_and_green_of_one_letter_is_a_tap(tiny):
    tap = cards(tiny, "b", "ut", "t")
    assert tap.taps == ("t",)
    assert extremis.solve(tiny, tap).to_json() == {"count": 0, "words": [], "status": "tap"}
    assert extremis.any_word(tiny, tap) is None
    verdict = extremis.judge(tiny, tap, "butter")
    assert verdict.valid is False and verdict.codes == ["tap"]


def test_a_green_initial_letter_with_the_red_initial_is_a_tap(tiny):
    # The green B is a green card in play, not the initial card: red B and green B tap.
    assert cards(tiny, "b", "b", "b").taps == ("b",)


def test_red_equal_to_initial_alone_is_not_a_tap(tiny):
    assert cards(tiny, "b", "u", "b").taps == ()


def test_count_covers_every_word_not_just_those_listed(tiny):
    found = extremis.solve(tiny, cards(tiny, "b", "u"), limit=2)
    assert found.count == 6 and len(found.words) == 2
    assert extremis.solve(tiny, cards(tiny, "b", "u"), limit=0).words == words(tiny, "b", "u")


def test_stumped_when_nothing_fits(tiny):
    stumped = cards(tiny, "q", "z", "u")
    assert extremis.any_word(tiny, stumped) is False
    assert extremis.solve(tiny, stumped).count == 0
    assert extremis.any_word(tiny, cards(tiny, "q", "z")) is True


def test_letter_with_no_partition(tiny):
    assert extremis.any_word(tiny, cards(tiny, "y")) is False


def test_case_does_not_matter(tiny):
    assert words(tiny, "B", "UTT", "X") == words(tiny, "b", "utt", "x")
    assert extremis.judge(tiny, cards(tiny, "B", "UTT", "X"), "BuTTeR").valid


def test_judge_reports_every_broken_rule(tiny):
    c = cards(tiny, "b", "utt", "x")
    assert extremis.judge(tiny, c, "bitter").codes == ["missing_letter"]
    assert extremis.judge(tiny, c, "bust").codes == ["missing_letter"]
    assert "needs 2 T, has 1" in extremis.judge(tiny, c, "bust").summary()
    assert extremis.judge(tiny, c, "boxer").codes == ["missing_letter", "missing_letter",
                                                     "red_letter"]
    assert extremis.judge(tiny, c, "tattoo").codes == ["wrong_initial", "missing_letter"]
    assert extremis.judge(tiny, cards(tiny, "b", "a", "b"), "baby").codes == ["initial_repeated"]


def test_messages_people_understand(tiny):
    c = cards(tiny, "b", "utt", "x")
    messages = [r.message for r in extremis.judge(tiny, c, "boxer").reasons]
    assert "lacks the green letter U" in messages
    assert "needs 2 T, has 0" in messages
    assert "contains the red letter X" in messages
    assert extremis.judge(tiny, c, "tattoo").reasons[0].message == "does not start with B"
    green_initial = extremis.judge(tiny, cards(tiny, "b", "b"), "bat")
    assert green_initial.reasons[0].message == "needs 2 B (the initial and a green B), has 1"


def test_a_non_word_gets_suggestions_that_fit(tiny):
    c = cards(tiny, "b", "utt", "x")
    verdict = extremis.judge(tiny, c, "buttr")
    assert verdict.codes == ["not_a_word"]
    assert verdict.reasons[0].message == "not in the English lexicon"
    assert verdict.suggestions and verdict.suggestions[0] == "butter"
    assert all(c.fits(s) for s in verdict.suggestions)


def test_a_valid_word_says_how_common_it_is(tiny):
    verdict = extremis.judge(tiny, cards(tiny, "b", "utt", "x"), "butter")
    assert verdict.valid and verdict.zipf == 4.4 and verdict.common is True


@pytest.mark.parametrize("answer", ["b4tter", "", "   ", "butter!"])
def test_invalid_input(tiny, answer):
    verdict = extremis.judge(tiny, cards(tiny, "b", "utt"), answer)
    assert verdict.valid is False and verdict.codes == ["invalid_input"]


def test_hyphens_and_apostrophes_are_not_letters(tiny):
    assert extremis.judge(tiny, cards(tiny, "b", "utt"), "but-ter").valid


def test_common_tier(tiny):
    common = WordFilter(common_only=True)
    c = cards(tiny, "b", "u", "")
    assert "buxom" not in extremis.solve(tiny, c, None, common).words
    verdict = extremis.judge(tiny, c, "buxom", common)
    assert verdict.codes == ["not_common"]
    assert extremis.judge(tiny, c, "buxom").valid


@pytest.mark.parametrize("initial", [None, "", "-", "9", "bb"])
def test_bad_initial_is_an_input_error(tiny, initial):
    with pytest.raises(InputError):
        cards(tiny, initial, "u")


def test_bad_green_is_an_input_error(tiny):
    with pytest.raises(InputError):
        cards(tiny, "b", "u7")


def test_on_the_english_lexicon(en):
    c = cards(en, "B", "UTT", "X")
    found = extremis.solve(en, c, 10)
    assert found.count > 100 and "butter" in found.words
    assert all(c.fits(w) for w in found.words)
    assert extremis.judge(en, c, "butter").valid
    assert extremis.any_word(en, cards(en, "x", "q", "")) is False


def test_suggestions_for_a_long_non_word_stop_where_no_word_starts(en, monkeypatch):
    """Edits past the longest known start cannot be words: they are not even tried."""
    from solver import lexicon

    short = ("buttr", "bittter", "bqxx", "butterz")
    before = [extremis.judge(en, cards(en, "b"), word).suggestions for word in short]
    asked = []
    has_key = lexicon.Lexicon.has_key
    monkeypatch.setattr(lexicon.Lexicon, "has_key",
                        lambda self, key: asked.append(key) or has_key(self, key))
    assert not extremis.judge(en, cards(en, "b"), "bq" + "x" * 198).valid
    assert len(asked) < 1_000  # 10,825 keys of 200 letters before the bound
    # The bound drops nothing: the same suggestions as a search with no bound.
    monkeypatch.setattr(extremis, "_known_start", lambda lex, key: len(key))
    assert [extremis.judge(en, cards(en, "b"), word).suggestions for word in short] == before


def test_fits_exactly_when_no_rule_is_broken():
    # broken() answers [] from fits() alone; both must say what the letter rules say, checked
    # here by counting every letter of every word over small alphabets.
    from itertools import product

    letters = "abt"
    for initial in letters:
        for green in ["", *letters, *map("".join, product(letters, repeat=2))]:
            for red in ["", *letters]:
                c = Cards(initial, tuple(green), tuple(red))
                need = {initial: 1}
                for letter in green:
                    need[letter] = need.get(letter, 1 if letter == initial else 0) + 1
                for n in range(1, 5):
                    for word in map("".join, product(letters, repeat=n)):
                        expected = (word[0] == initial
                                    and all(word.count(k) >= v for k, v in need.items())
                                    and all(word.count(r) <= (1 if r == initial else 0)
                                            for r in red))
                        assert c.fits(word) == expected, (c, word)
                        assert (c.broken(word) == []) == expected, (c, word)
