"""The service's JSON bytes (service/reply.py): exactly json.dumps(data, ensure_ascii=False)'s."""

import json

import pytest

pytest.importorskip("starlette")
from hypothesis import given, settings, strategies as st  # noqa: E402

from solver.service.reply import encode  # noqa: E402

SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()


@settings(max_examples=300, deadline=None)
@given(st.recursive(SCALARS, lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=20))
def test_the_encoder_made_once_writes_what_json_dumps_writes(data):
    assert encode(data) == json.dumps(data, ensure_ascii=False).encode()


FINITE = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False,
                                                               allow_infinity=False) | st.text()


@settings(max_examples=300, deadline=None)
@given(st.recursive(FINITE, lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
                    max_leaves=20))
def test_a_moves_compact_reply_holds_the_same_json(data):
    from solver.service.reply import compact

    assert json.loads(compact(data).body) == data


@pytest.mark.parametrize("data", [{"word": "ab\ud800c"}, ["\udfff", 2**70]])
def test_half_a_utf16_pair_alone_is_written_as_json_escapes_it(data):
    from solver.service.reply import compact

    for body in (encode(data), compact(data).body):
        assert body == json.dumps(data).encode() and json.loads(body) == data
