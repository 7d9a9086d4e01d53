"""The built lexicon: build, save, load and mmap round trips; refusals of bad files."""

import os
import shutil
import struct

import pytest

from lexicons.build import build
from solver.assemble import assemble
from solver import lexfile
from solver.errors import LexiconError
from solver.letters import LATIN
from solver.lexicon import Lexicon, describe

from conftest import TINY_WORDS


def tiny_bytes() -> bytes:
    return assemble("en", LATIN, sorted(TINY_WORDS), TINY_WORDS,
                    [{"name": "test words"}], "test data")


def test_assemble_is_deterministic():
    assert tiny_bytes() == tiny_bytes()


def test_round_trip_through_a_file_and_mmap(tmp_path, tiny):
    path = tmp_path / "tiny.wrl"
    path.write_bytes(tiny_bytes())
    opened = Lexicon.from_file(path)
    assert len(opened) == len(TINY_WORDS)
    assert sorted(opened.keys()) == sorted(TINY_WORDS)
    for word, zipf in TINY_WORDS.items():
        entry = opened.lookup(word)
        assert entry.key == word and entry.zipf == zipf
        assert opened.entry(entry.position) == entry
    assert opened.header["sources"] == [{"name": "test words"}]


def test_header_records_counts_and_cutoffs():
    head, _ = lexfile.unpack(tiny_bytes())
    assert head["words"] == len(TINY_WORDS)
    assert head["common"] == sum(z >= 3.0 for z in TINY_WORDS.values())
    assert head["common_zipf"] == 3.0 and head["lang"] == "en"


def write(tmp_path, data) -> str:
    path = tmp_path / "bad.wrl"
    path.write_bytes(data)
    return path


def test_truncated_file_is_refused(tmp_path):
    data = tiny_bytes()
    with pytest.raises(LexiconError, match="truncated"):
        Lexicon.from_file(write(tmp_path, data[:-10]))
    with pytest.raises(LexiconError):
        Lexicon.from_file(write(tmp_path, data[:20]))


def test_corrupt_section_is_refused_on_first_use(tmp_path):
    data = bytearray(tiny_bytes())
    data[-5] ^= 0xFF  # the last section, zipf: read when an entry's commonness is
    lex = Lexicon.from_file(write(tmp_path, bytes(data)))
    with pytest.raises(LexiconError, match="checksum"):
        lex.zipf(0)


def test_other_format_version_is_refused(tmp_path):
    data = bytearray(tiny_bytes())
    struct.pack_into("<I", data, 8, lexfile.FORMAT + 1)
    with pytest.raises(LexiconError, match="format"):
        Lexicon.from_file(write(tmp_path, bytes(data)))


def test_not_a_lexicon_is_refused(tmp_path):
    with pytest.raises(LexiconError, match="not a wordref lexicon"):
        Lexicon.from_file(write(tmp_path, b"hello world, not a lexicon at all"))
    with pytest.raises(LexiconError, match="cannot open"):
        Lexicon.from_file(tmp_path / "missing.wrl")


def test_bundled_english_opens_and_is_versioned(en):
    info = describe("en")
    assert info["code"] == "en" and info["words"] > 250_000
    names = {s["name"] for s in info["sources"]}
    assert {"wamerican-huge", "wbritish-huge", "wordfreq"} <= names
    assert 15_000 < info["common"] < 40_000
    assert "ok" in en and "wifi" in en  # the allow list
    assert "bldg" not in en and "q" not in en  # the deny list


needs_lists = pytest.mark.skipif(
    not all(os.path.exists(f"/usr/share/dict/{n}-english-huge") for n in ("american", "british"))
    or shutil.which("dpkg-query") is None,
    reason="the Debian word lists wamerican-huge and wbritish-huge are not installed")


@needs_lists
def test_english_build_is_deterministic_and_matches_the_bundled_file(en):
    first = build("en")
    assert first == build("en")
    rebuilt = Lexicon.from_bytes(first)
    if rebuilt.header["sources"] == en.header["sources"]:  # same list versions installed
        assert first == bytes(en._data)
