"""Every Red Letter, Yellow Letter rule, on a fixture category lexicon with known members."""

import pytest
from hypothesis import given, settings, strategies as st

from solver import redyellow
from solver.errors import InputError
from solver.phrases import phrase_key
from solver.redyellow import Cards

from catfixture import FIXTURE, make_categories


@pytest.fixture(scope="module")
def cats():
    return make_categories()


def cards(cats, thing, yellow, red):
    return Cards.parse(cats.alphabet, thing, yellow, red)


def judge(cats, thing, yellow, red, answer, used=()):
    return redyellow.judge(cats, cards(cats, thing, yellow, red), answer, used)


def test_the_published_example(cats):
    # Thing "pizza topping", starts with H, no L: "Ham".
    verdict = judge(cats, "pizza topping", "H", "L", "Ham")
    assert verdict.valid is True and verdict.word == "ham"


@pytest.mark.parametrize("thing, category", [
    ("ice cream flavors", "ice_cream_flavors"),
    ("Ice Cream Flavours", "ice_cream_flavors"),
    ("kinds of ice cream", "ice_cream_flavors"),
    ("types of fruit", "fruits"),
    ("a fruit", "fruits"),
    ("fruits", "fruits"),
    ("famous scientists", "famous_scientists"),
    ("scientists", "famous_scientists"),
    ("things on a pizza", "pizza_toppings"),
    ("rivers", "rivers"),
    ("River", "rivers"),
])
def test_thing_resolution(cats, thing, category):
    resolution = cats.resolve(thing)
    assert resolution.category is not None and resolution.category.id == category
    assert resolution.confidence == 1.0


def test_fuzzy_thing_resolution_has_lower_confidence(cats):
    resolution = cats.resolve("pizza topping ideas")
    assert resolution.category.id == "pizza_toppings"
    assert 0.4 < resolution.confidence < 1.0


@pytest.mark.parametrize("thing", ["sports cars", "things in a haunted house", "", "???"])
def test_unknown_things(cats, thing):
    if not thing.strip():
        with pytest.raises(InputError):
            cards(cats, thing, "a", "b")
        return
    assert cats.resolve(thing).category is None


@pytest.mark.parametrize("answer", ["butter pecan", "Butter-Pecan", "BUTTER PECAN",
                                    "butter  pecan", "the butter pecan"])
def test_answer_normalisation(cats, answer):
    assert judge(cats, "ice cream", "b", "x", answer).valid is True


def test_leading_article_is_not_the_first_letter(cats):
    assert judge(cats, "rivers", "n", "r", "the Nile").valid is True
    assert judge(cats, "rivers", "t", "r", "the Nile").codes == ["wrong_initial"]


def test_plurals_are_members_but_their_letters_count(cats):
    assert judge(cats, "fruits", "a", "x", "apples").valid is True
    verdict = judge(cats, "fruits", "a", "s", "apples")
    assert verdict.valid is False and verdict.codes == ["red_letter"]
    assert judge(cats, "fruits", "c", "x", "cherries").valid is True


def test_people_by_surname(cats):
    verdict = judge(cats, "scientists", "e", "x", "Einstein")
    assert verdict.valid is True and verdict.word == "Albert Einstein"
    assert judge(cats, "scientists", "a", "x", "Albert Einstein").valid is True


def test_wrong_category_with_right_letters(cats):
    verdict = judge(cats, "rivers", "b", "x", "banana")
    assert verdict.valid is False and verdict.codes == ["not_in_category"]
    assert "not in the category rivers" in verdict.reasons[0].message


def test_every_failed_rule_is_listed(cats):
    verdict = judge(cats, "rivers", "n", "a", "Danube")
    assert verdict.codes == ["wrong_initial", "red_letter"]
    verdict = judge(cats, "rivers", "n", "a", "banana")
    assert verdict.codes == ["not_in_category", "wrong_initial", "red_letter"]


def test_red_equal_to_yellow_is_a_redraw(cats):
    c = cards(cats, "rivers", "n", "N")
    assert c.redraw
    assert redyellow.solve(cats, c).status == "redraw_red"
    assert redyellow.any_answer(cats, c)["any"] is None
    verdict = redyellow.judge(cats, c, "Nile")
    assert verdict.codes == ["redraw_red"] and verdict.valid is False
    assert redyellow.hint(cats, c).status == "redraw_red"


def test_already_used(cats):
    verdict = judge(cats, "rivers", "n", "x", "the nile", used=["Nile", "Amazon"])
    assert verdict.codes == ["already_used"] and verdict.valid is False
    assert judge(cats, "rivers", "n", "x", "Niger", used=["Nile"]).valid is True


def test_unknown_thing_never_rejects_a_real_answer(cats):
    verdict = judge(cats, "sports cars", "f", "x", "Ferrari")
    assert verdict.valid is None and verdict.codes == ["unknown_category"]
    assert verdict.status == "unknown_category"
    # ... but letter failures are still failures.
    verdict = judge(cats, "sports cars", "f", "r", "Ferrari")
    assert verdict.valid is False and verdict.codes == ["red_letter"]
    assert redyellow.any_answer(cats, cards(cats, "sports cars", "f", "x"))["any"] is None


def test_stumped(cats):
    c = cards(cats, "rivers", "q", "u")
    found = redyellow.any_answer(cats, c)
    assert {k: found[k] for k in ("any", "count", "status", "category")} == {
        "any": False, "count": 0, "status": "ok",
        "category": {"id": "rivers", "name": "Rivers", "confidence": 1.0}}
    assert [p["category"] for p in found["reading"]["parts"]] == ["rivers"]
    assert redyellow.hint(cats, c).status == "stumped"
    assert "discard the Thing" in redyellow.hint(cats, c).text
    verdict = redyellow.judge(cats, c, "Quoich")
    assert verdict.extra["stumped"] is True and "discard the Thing" in verdict.summary()


def test_solve_lists_members_that_fit(cats):
    found = redyellow.solve(cats, cards(cats, "rivers", "n", "r"))
    assert found.words == ["Nile"] and found.count == 1
    found = redyellow.solve(cats, cards(cats, "rivers", "n", "x"))
    assert set(found.words) == {"Nile", "Niger", "Nile River"}


def test_definitions_in_verdicts_and_hints(cats):
    verdict = judge(cats, "rivers", "n", "x", "Nile")
    assert verdict.extra["definition"] == "the world's longest river"
    given = redyellow.hint(cats, cards(cats, "rivers", "n", "g"), level=2)
    assert given.definition == "the world's longest river"


def test_input_limits(cats):
    with pytest.raises(InputError):
        cards(cats, "x" * 201, "a", "b")
    with pytest.raises(InputError):
        cards(cats, "rivers", "", "b")
    with pytest.raises(InputError):
        cards(cats, "rivers", "7", "b")
    assert judge(cats, "rivers", "n", "x", "n" * 201).codes == ["invalid_input"]
    assert judge(cats, "rivers", "n", "x", "123").codes == ["invalid_input"]


letters = st.sampled_from("abcdefghijklmnopqrstuvwxyz")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(FIXTURE)), letters, letters)
def test_category_queries_equal_brute_force(cats, category_id, yellow, red):
    """solve / any / count equal a plain scan of the member list; every answer judges valid."""
    name = FIXTURE[category_id][0]
    c = Cards(name, yellow, red)
    if c.redraw:
        return
    members = FIXTURE[category_id][3]
    expected = set()
    for member in members:
        said = redyellow.said_letters(cats.alphabet, member)
        if said[0] == yellow and red not in said:
            expected.add(member)
    found = redyellow.solve(cats, c, None)
    assert set(found.words) == expected and found.count == len(expected)
    assert redyellow.any_answer(cats, c)["any"] is bool(expected)
    for word in found.words:
        assert redyellow.judge(cats, c, word).valid is True
    for member in set(members) - expected:
        assert redyellow.judge(cats, c, member).valid is False
    zipfs = [cats.match(cats.get(category_id), w).zipf for w in found.words]
    assert zipfs == sorted(zipfs, reverse=True)


def test_phrase_keys():
    assert phrase_key("The Butter-Pecan!") == "butter pecan"
    assert phrase_key("Ben & Jerry's") == "ben and jerrys"
    assert phrase_key("Crème brûlée") == "creme brulee"
    assert phrase_key("grey") == "gray"
    assert phrase_key("A") == "a"


def test_a_thing_understood_only_roughly_never_decides_on_a_guess(cats):
    resolution = cats.resolve("pizza topping ideas")
    assert resolution.confidence < redyellow.SURE
    # A guess makes no verdict true or false for category reasons, whatever the member lists say.
    for answer in ("bacon", "banana"):
        unsure = judge(cats, "pizza topping ideas", "b", "x", answer)
        assert unsure.valid is None and unsure.codes == ["unknown_category"]
        assert "guess" in unsure.reasons[0].message
    assert judge(cats, "pizza topping ideas", "b", "n", "banana").valid is False  # a letter rule