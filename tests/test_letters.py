import pytest

from solver.errors import InputError
from solver.letters import LATIN, Alphabet

EN = Alphabet("en")
FR = Alphabet("fr")
NB = Alphabet("nb", LATIN + "æøå")
ES = Alphabet("es", LATIN + "ñ")


@pytest.mark.parametrize("text, folded", [
    ("Butter", "butter"),
    ("BUTTER", "butter"),
    ("café", "cafe"),
    ("naïve", "naive"),
    ("porte-monnaie", "portemonnaie"),
    ("rock 'n' roll", "rocknroll"),
    ("o\u2019clock", "oclock"),
    ("straße", "strasse"),
    ("Æsop", "aesop"),
    ("cafe\u0301", "cafe"),  # e + combining acute, as some keyboards send it
])
def test_english_folds_every_mark(text, folded):
    assert EN.fold(text) == folded


def test_french_folds_accents_so_eleve_holds_three_es():
    assert FR.fold("élève").count("e") == 3
    assert FR.fold("Garçon") == "garcon"


def test_own_letters_are_kept():
    assert NB.fold("Ørret") == "ørret"
    assert NB.fold("blåbær") == "blåbær"
    assert ES.fold("Niño") == "niño"
    assert ES.fold("canción") == "cancion"


@pytest.mark.parametrize("text", ["b4tter", "butter!", "@", "смех", "a_b"])
def test_non_letters_are_invalid(text):
    assert EN.fold(text) is None


def test_card_letters():
    assert EN.card("B") == "b"
    assert FR.card("É") == "e"
    assert NB.card("Ø") == "ø"
    assert EN.cards("UTT") == ("u", "t", "t")
    assert EN.cards("u, t t") == ("u", "t", "t")
    assert EN.cards("-") == ()
    assert EN.cards("") == ()
    assert EN.cards(None) == ()


@pytest.mark.parametrize("bad", ["9", "bb", "", "ø", "-x", "ß"])
def test_a_card_must_be_one_letter_of_the_alphabet(bad):
    with pytest.raises(InputError):
        EN.card(bad)


def test_letter_outside_alphabet_is_an_error_in_spanish():
    with pytest.raises(InputError, match="Spanish"):
        ES.card("ø")
