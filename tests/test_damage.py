"""Damaged files: a cached index heals itself; a shipped or built file says how to repair it.

Each kind of file wordref reads (the index a compact language builds into the cache, a bundled
lexicon, a lexicon the user built, the category lexicon) is damaged in each way a disk or an
interrupted copy damages files: bytes flipped in the prefix, the header and a section, a bit
flipped in a partition's letter maximum (a wrong answer if the header went unchecked), cut in
half, emptied. Every outcome is either the right answer (a cache, rebuilt, with one line on
stderr) or exit 2 and one line naming the command that repairs the file. Never a traceback.

A lexicon's header is checked on open and each section on its first use, so damage to a section
is found by the first query that reads it, never after something read from it was used.
"""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

import cli
from catfixture import fixture_bytes
from conftest import TINY_WORDS
from solver import categories, lexfile, paths
from solver.assemble import assemble, compact
from solver.categories import Categories
from solver.letters import LATIN
from solver.lexicon import Lexicon

QUERY = ["any", "extremis", "--lang", "xx", "-i", "b", "-g", "u", "--json"]
SOLVE = ["solve", "extremis", "--lang", "xx", "-i", "b", "-g", "u", "--json"]
THING = ["any", "redyellow", "--thing", "fruit", "--yellow", "a", "--red", "z", "--json"]
SOURCES = [{"name": "test words", "kind": "dictionary"}]


def _header_start(data: bytes) -> int:
    return 8 + 4 + 4 + (4 if data[8] >= 2 else 0)


def flip_prefix(data: bytes) -> bytes:
    return data[:13] + bytes([data[13] ^ 0x10]) + data[14:]


def flip_header(data: bytes) -> bytes:
    at = _header_start(data) + 40
    return data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1:]


def flip_in(section: str):
    """Return a damage that flips a byte in the middle of `section` (of a file that has it)."""
    def flip(data: bytes) -> bytes:
        where = lexfile.read_header(data)["sections"][section]
        at = lexfile.data_start(data) + where["offset"] + where["length"] // 2
        return data[:at] + bytes([data[at] ^ 0x40]) + data[at + 1:]
    flip.__name__ = f"flip_{section}"
    return flip


def flip_section(data: bytes) -> bytes:
    """Flip a byte of the letter index (read by every query), or of a file's last section."""
    if b'"bits":' in data[:lexfile.data_start(data)]:
        return flip_in("bits")(data)
    at = len(data) - 9
    return data[:at] + bytes([data[at] ^ 0x40]) + data[at + 1:]


def flip_letter_maximum(data: bytes) -> bytes:
    """Flip the bit that turns the B partition's "at most 1 U" into 0: any(B +U) says no."""
    at = data.index(b'"letter":"b","max":{')
    at = data.index(b'"u":1', at) + 4
    return data[:at] + b"0" + data[at + 1:]


def truncate(data: bytes) -> bytes:
    return data[:len(data) // 2]


def empty(data: bytes) -> bytes:
    return b""


DAMAGES = [flip_prefix, flip_header, flip_section, truncate, empty]


def damage(path, how) -> None:
    """Write the damaged bytes as a new file (a file mapped earlier keeps its own pages)."""
    data = how(path.read_bytes())
    tmp = path.with_name(path.name + ".damage")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def run(*args):
    return CliRunner().invoke(cli.main, list(args))


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A user with an empty data directory, cache and bundled directory of their own."""
    for name in ("home", "cache", "bundled"):
        (tmp_path / name).mkdir()
    (tmp_path / "home" / "lexicons").mkdir()
    monkeypatch.setenv("WORDREF_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("WORDREF_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(paths, "bundled_dir", lambda: str(tmp_path / "bundled"))
    monkeypatch.setattr(categories, "bundled_lexicon_dir", lambda: tmp_path / "bundled")
    Lexicon.open.cache_clear()
    Categories.open.cache_clear()
    yield tmp_path
    Lexicon.open.cache_clear()
    Categories.open.cache_clear()


def compact_tiny() -> bytes:
    return compact("xx", LATIN, sorted(TINY_WORDS), TINY_WORDS, SOURCES, "test data")


def full_tiny() -> bytes:
    return assemble("xx", LATIN, sorted(TINY_WORDS), TINY_WORDS, SOURCES, "test data")


def one_line(result) -> str:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    return lines[0]


def cached_file(home):
    found = [p for p in (home / "cache").iterdir()]
    assert len(found) == 1 and found[0].suffix == ".wrl", found
    return found[0]


@pytest.mark.parametrize("how", DAMAGES + [flip_letter_maximum])
def test_a_damaged_cache_is_rebuilt_and_the_query_answered(home, how):
    (home / "bundled" / "xx.wrl").write_bytes(compact_tiny())
    first = run(*QUERY)
    assert first.exit_code == 0 and json.loads(first.stdout)["any"] is True
    cached = cached_file(home)
    good = cached.read_bytes()
    damage(cached, how)
    Lexicon.open.cache_clear()
    healed = run(*QUERY)
    assert (healed.exit_code, healed.stdout) == (first.exit_code, first.stdout)
    line = one_line(healed)
    assert "damaged" in line and "rebuilt" in line and str(cached) in line
    assert cached_file(home) == cached and cached.read_bytes() == good
    Lexicon.open.cache_clear()
    again = run(*QUERY)
    assert again.stdout == first.stdout and again.stderr == ""


def test_a_cache_path_that_is_a_directory_is_one_error_and_leaves_nothing(home):
    (home / "bundled" / "xx.wrl").write_bytes(compact_tiny())
    run(*QUERY)
    cached = cached_file(home)
    cached.unlink()
    cached.mkdir()
    Lexicon.open.cache_clear()
    result = run(*QUERY)
    assert result.exit_code == 2
    line = one_line(result)
    assert str(cached) in line and "directory" in line
    assert sorted(p.name for p in (home / "cache").iterdir()) == [cached.name]


def test_an_unwritable_cache_still_answers(home):
    (home / "bundled" / "xx.wrl").write_bytes(compact_tiny())
    os.environ["WORDREF_CACHE"] = str(home / "bundled" / "xx.wrl" / "cache")  # under a file
    result = run(*QUERY)
    assert result.exit_code == 0 and json.loads(result.stdout)["any"] is True
    assert "cannot keep" in one_line(result)


@pytest.mark.parametrize("how", DAMAGES + [flip_letter_maximum])
@pytest.mark.parametrize("kind", ["full", "compact"])
def test_a_damaged_bundled_lexicon_names_the_repair(home, how, kind):
    path = home / "bundled" / "xx.wrl"
    path.write_bytes(full_tiny() if kind == "full" else compact_tiny())
    if how is flip_letter_maximum and kind == "compact":
        pytest.skip("a compact file has no letter index")
    damage(path, how)
    result = run(*QUERY)
    assert result.exit_code == 2
    line = one_line(result)
    assert str(path) in line and "reinstall" in line


@pytest.mark.parametrize("how", DAMAGES)
def test_a_damaged_lexicon_of_the_user_names_the_rebuild(home, how):
    path = home / "home" / "lexicons" / "xx.wrl"
    path.write_bytes(full_tiny())
    damage(path, how)
    result = run(*QUERY)
    assert result.exit_code == 2
    line = one_line(result)
    assert str(path) in line and "wordref lexicon build --lang xx" in line


@pytest.mark.parametrize("how", DAMAGES)
@pytest.mark.parametrize("where", ["bundled", "user"])
def test_a_damaged_category_lexicon_names_the_repair(home, how, where):
    path = (home / "bundled" if where == "bundled" else home / "home" / "lexicons") \
        / paths.CATEGORIES_FILE
    path.write_bytes(fixture_bytes())
    good = run(*THING)
    assert good.exit_code == 0, good.output
    Categories.open.cache_clear()
    damage(path, how)
    result = run(*THING)
    assert result.exit_code == 2
    line = one_line(result)
    assert str(path) in line
    assert ("reinstall" if where == "bundled" else "wordref things --rebuild") in line


def test_the_header_is_checked_before_it_is_trusted():
    data = full_tiny()
    with pytest.raises(lexfile.LexiconError, match="header"):
        lexfile.unpack(flip_letter_maximum(data), "x")
    with pytest.raises(lexfile.LexiconError, match="header"):
        lexfile.read_header(flip_letter_maximum(data), "x")


def test_a_fresh_open_checks_the_header_and_no_section():
    lex = Lexicon.from_bytes(full_tiny(), "x")
    assert lex._sections.verified == []
    assert lex.index.partition("b").at_least("u", 1)  # the stumped check reads only the index
    assert lex._sections.verified == ["bits"]
    assert lex.lookup("butter") is not None
    assert "trie" in lex._sections.verified and "words" in lex._sections.verified


def _use_everything(lex):
    entry = lex.lookup("butter")
    lex.words_at([0, 1], 0)
    lex.entry(entry.position)
    lex.index.partition("b").at_least("u", 1)


@pytest.mark.parametrize("section", sorted(lexfile.read_header(full_tiny())["sections"]))
def test_every_damaged_section_is_caught_before_it_is_used(section):
    lex = Lexicon.from_bytes(flip_in(section)(full_tiny()), "x")
    with pytest.raises(lexfile.LexiconError, match=f"section '{section}' fails its checksum"):
        _use_everything(lex)
    _use_everything(Lexicon.from_bytes(full_tiny(), "x"))  # the undamaged file reads through


def test_a_query_that_reads_a_damaged_cached_section_rebuilds_it(home):
    (home / "bundled" / "xx.wrl").write_bytes(compact_tiny())
    first = run(*SOLVE)
    assert first.exit_code == 0 and json.loads(first.stdout)["words"], first.output
    cached = cached_file(home)
    good = cached.read_bytes()
    damage(cached, flip_in("words"))
    Lexicon.open.cache_clear()
    stumped = run(*QUERY)  # reads the index only: answered from the file, nothing said
    assert stumped.exit_code == 0 and stumped.stderr == ""
    Lexicon.open.cache_clear()
    healed = run(*SOLVE)
    assert (healed.exit_code, healed.stdout) == (0, first.stdout)
    line = one_line(healed)
    assert "damaged" in line and "rebuilt" in line and "'words'" in line
    assert cached.read_bytes() == good


@pytest.mark.parametrize("where", ["bundled", "user"])
def test_a_query_that_reads_a_damaged_section_names_the_repair(home, where):
    path = home / ("bundled" if where == "bundled" else "home/lexicons") / "xx.wrl"
    path.write_bytes(full_tiny())
    damage(path, flip_in("words"))
    assert run(*QUERY).exit_code == 0
    Lexicon.open.cache_clear()
    result = run(*SOLVE)
    assert result.exit_code == 2
    line = one_line(result)
    assert str(path) in line and "'words'" in line
    assert ("reinstall" if where == "bundled" else "wordref lexicon build --lang xx") in line


def test_verify_checks_every_section_at_once():
    Lexicon.from_bytes(full_tiny(), "x").verify()
    lex = Lexicon.from_bytes(flip_in("zipf")(full_tiny()), "x")
    with pytest.raises(lexfile.LexiconError, match="section 'zipf' fails its checksum"):
        lex.verify()


def test_the_service_refuses_a_damaged_language_on_open(home):
    from solver.service.words import open_language

    path = home / "bundled" / "xx.wrl"
    path.write_bytes(flip_in("zipf")(full_tiny()))  # a section no stumped check reads
    with pytest.raises(lexfile.LexiconError, match="reinstall"):
        open_language("xx")
