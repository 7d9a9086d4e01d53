"""The bundled languages: alphabets, the French rule, compact files expanded on first use."""

import json

import pytest
from click.testing import CliRunner

import cli
from solver import extremis, lexfile
from solver.assemble import assemble, compact, expand
from solver.errors import InputError, LexiconError
from solver.extremis import Cards
from solver.letters import LATIN
from solver.lexicon import Lexicon, WordFilter, describe

BUNDLED = ["en", "fr", "es", "de", "nb"]


def run(*args):
    return CliRunner().invoke(cli.main, list(args))


@pytest.fixture(scope="module", autouse=True)
def expanded():
    """Open every language once, so that first-use messages stay out of the tests' output."""
    for lang in BUNDLED + ["de-umlaut"]:
        Lexicon.open(lang)


@pytest.mark.parametrize("lang", BUNDLED)
def test_each_language_holds_150000_forms(lang):
    assert describe(lang)["words"] >= 150_000


def test_bundled_files_stay_small():
    from solver.paths import bundled_lexicon_dir
    total = sum(f.stat().st_size for f in bundled_lexicon_dir().iterdir()
                if f.name.endswith(".wrl"))
    assert total <= 30 * 1024 * 1024


def test_lexicon_info_lists_every_language():
    data = json.loads(run("lexicon", "info", "--json").stdout)
    codes = {d["code"]: d for d in data}
    assert {"en", "fr", "es", "de", "de-umlaut", "nb"} <= set(codes)
    for d in data:
        assert d["words"] > 0 and d["sources"] and d["licence"]
    assert codes["fr"]["flags"] == ["conj"]
    assert "ñ" in codes["es"]["alphabet"] and "ø" in codes["nb"]["alphabet"]
    assert "ä" not in codes["de"]["alphabet"] and "ä" in codes["de-umlaut"]["alphabet"]


@pytest.mark.parametrize("code", ["en", "fr", "es", "de", "de-umlaut", "nb"])
def test_lexicon_info_counts_the_words_of_each_variants_own_index(code):
    # A compact file holds surface forms ("élève", "élevé"); solve searches the words they
    # fold to, which differ by variant: German folds "ä", de-umlaut keeps it.
    assert describe(code)["words"] == len(Lexicon.open(code))


def test_a_compact_file_without_counts_is_counted_from_its_forms():
    from solver.lexicon import _read, _word_count
    from solver.paths import find_lexicon

    found = find_lexicon("de")
    head = lexfile.read_header(_read(found))
    counted = {letters: _word_count(found, {**head, "keys": {}}, letters)
               for letters in head["keys"]}
    assert counted == head["keys"] and len(set(counted.values())) == 2


def test_own_letters_on_the_command_line():
    result = run("solve", "extremis", "--initial", "ø", "--lang", "nb", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["count"] > 100
    assert all(w.startswith("ø") for w in data["words"])


@pytest.mark.parametrize("lang, letter", [("en", "ø"), ("fr", "ñ"), ("es", "ø"), ("de", "ß"),
                                          ("nb", "ñ")])
def test_a_letter_outside_the_alphabet_is_a_usage_error(lang, letter):
    result = run("any", "extremis", "--initial", letter, "--lang", lang)
    assert result.exit_code == 2 and result.output.startswith("wordref: error: ")
    assert len(result.output.strip().splitlines()) == 1


def test_folded_marks_are_accepted_as_card_letters():
    assert json.loads(run("any", "extremis", "-i", "é", "--lang", "fr", "--json").stdout)["any"]


def test_messages_name_the_language():
    verdict = json.loads(run("judge", "extremis", "--lang", "fr", "-i", "b", "--json",
                             "bxyzq").output)[0]
    assert verdict["reasons"][0]["message"] == "not in the French lexicon"


def test_french_refuses_conjugated_verbs_by_default():
    result = run("judge", "extremis", "--lang", "fr", "-i", "m", "-g", "a", "--json",
                 "mangeons", "manger")
    mangeons, manger = json.loads(result.stdout)
    assert mangeons["reasons"][0]["code"] == "conjugated_verb" and manger["valid"]
    allowed = run("judge", "extremis", "--lang", "fr", "-i", "m", "--conjugated", "mangeons")
    assert allowed.exit_code == 0


def test_french_solve_leaves_conjugated_forms_out():
    fr = Lexicon.open("fr")
    cards = Cards.parse(fr.alphabet, "m", "ngs", "")
    strict = extremis.solve(fr, cards, None, WordFilter(conjugated=False))
    loose = extremis.solve(fr, cards, None, WordFilter())
    assert "mangeons" in loose.words and "mangeons" not in strict.words
    assert strict.count < loose.count
    for word in strict.words[:200]:
        assert extremis.judge(fr, cards, word, WordFilter(conjugated=False)).valid, word


def test_no_conjugated_needs_morphology():
    result = run("any", "extremis", "--lang", "de", "-i", "h", "--no-conjugated")
    assert result.exit_code == 2 and "German" in result.output


def test_german_keeps_the_capitals_of_nouns():
    de = Lexicon.open("de")
    assert de.lookup("haus").word == "Haus"
    assert de.lookup("HAUS").word == "Haus"
    assert de.lookup("strasse").word == "Straße"


# Compact files and the first-use build ----------------------------------------------------------

WORDS = {"élève": 4.0, "eleve": 1.0, "élevé": 3.0, "mange": 4.5, "mangé": 4.0, "manger": 5.0,
         "mangeons": 3.0, "bacon": 3.7, "broc": 2.0}
CONJ = {"mange", "mangeons"}


def compact_bytes():
    return compact("fr", LATIN, sorted(WORDS), WORDS, [{"name": "test"}], "test",
                   flags={"conj": CONJ})


@pytest.mark.parametrize("lang", BUNDLED + ["de-umlaut"])
def test_a_key_looks_up_the_entry_its_word_folds_to(lang):
    """lookup() takes a text that is already a key (plain lower-case letters) straight to the
    trie, and the entry keeps that key: no surface is spelt so, and every key is its word's
    folding. Checked on every 97th key, against the entry the position makes on its own."""
    lex = Lexicon.open(lang)
    keys = lex._trie.keys()[::97]
    assert len(keys) > 1000
    for key in keys:
        entry = lex.lookup(key)
        assert entry is not None and entry == lex.entry(entry.position), key
        assert entry.key == key == lex.alphabet.fold(entry.word)
        if key.isascii() and key.isalpha():
            assert lex._surfaces is None or key not in lex._surfaces


def test_compact_is_deterministic_and_small():
    data = compact_bytes()
    assert data == compact_bytes()
    assert lexfile.read_header(data)["kind"] == "compact"
    with pytest.raises(LexiconError, match="compact"):
        Lexicon.from_bytes(data)


def test_expand_equals_a_direct_assembly():
    direct = assemble("fr", LATIN, sorted(WORDS), WORDS, [{"name": "test"}], "test",
                      flags={"conj": CONJ})
    expanded = Lexicon.from_bytes(expand(compact_bytes()))
    assembled = Lexicon.from_bytes(direct)
    assert list(expanded.keys()) == list(assembled.keys())
    for word in WORDS:
        assert expanded.lookup(word) == assembled.lookup(word)
    # A key shows a form that is not a conjugated verb: "mangé" rather than "mange".
    assert expanded.lookup("MANGE").word in ("mange", "mangé")
    assert expanded.word(expanded.lookup("mange").position) == "mangé"
    assert expanded.flagged(expanded.lookup("mangeons").position, "conj")
    assert expanded.flagged(expanded.lookup("mange").position, "conj", said="mange")
    assert not expanded.flagged(expanded.lookup("mangé").position, "conj", said="mangé")


@pytest.mark.parametrize("lang, letters, forms, shown", [
    # wordref's French list holds "mA" (milliampere) beside "ma": wordfreq counts both as "ma".
    ("fr", LATIN, {"mA": 5.0, "ma": 5.0}, "ma"),
    ("fr", LATIN, {"pH": 2.0, "ph": 2.0, "PH": 2.0}, "ph"),
    ("de", LATIN + "äöüß", {"Maßen": 3.0, "maßen": 3.0}, "maßen"),
    # Commonness comes first: "Affe" stays the form of the folded key "affe", not "äffe".
    ("de", LATIN, {"Affe": 3.7, "äffe": 0.0}, "Affe"),
    ("de", LATIN, {"Haus": 5.5}, "Haus"),  # only a capitalised form: it is shown
])
def test_a_key_shows_the_lower_case_form_the_source_lists_over_its_capitalised_twin(
        lang, letters, forms, shown):
    data = compact(lang, letters, sorted(forms), forms, [{"name": "test"}], "test")
    for lexicon in (Lexicon.from_bytes(expand(data)),
                    Lexicon.from_bytes(assemble(lang, letters, sorted(forms), forms,
                                                [{"name": "test"}], "test"))):
        assert lexicon.word(lexicon.lookup(shown).position) == shown
        assert len(lexicon) == 1


def test_no_french_key_shows_a_capitalised_form_beside_its_lower_case_one():
    lexicon = Lexicon.open("fr")
    for twin, lower in (("mA", "ma"), ("cS", "cs"), ("aC", "ac")):
        assert lexicon.word(lexicon.lookup(twin).position) == lower


def test_first_use_builds_into_the_cache_once(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("WORDREF_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("WORDREF_CACHE", str(tmp_path / "cache"))
    (tmp_path / "home" / "lexicons").mkdir(parents=True)
    (tmp_path / "home" / "lexicons" / "xx.wrl").write_bytes(compact_bytes())
    Lexicon.open.cache_clear()
    try:
        lex = Lexicon.open("xx")
        assert "first use" in capsys.readouterr().err
        assert lex.lookup("bacon") is not None
        cached = list((tmp_path / "cache").iterdir())
        assert len(cached) == 1 and cached[0].suffix == ".wrl"
        Lexicon.open.cache_clear()
        Lexicon.open("xx")
        assert "first use" not in capsys.readouterr().err
    finally:
        Lexicon.open.cache_clear()


def test_unknown_language():
    with pytest.raises(InputError, match="no lexicon for language 'zz'"):
        Lexicon.open("zz")
