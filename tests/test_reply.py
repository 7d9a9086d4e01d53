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
