"""API fuzzing from the app's own OpenAPI schema: whatever the schema allows, never a 500.

Two runs: every operation on its own, and stateful runs that follow the schema's links (start a
game of any kind, then show it, list its moves and fuzz moves, answers, taps and undos on it),
so that the moves reach an engine with a real game behind them. Hypothesis draws which kinds
of game the stateful runs start, so a third test takes every kind in turn: it plays the legal
moves of a seeded game, each after a damaged copy of itself (a field dropped, added, or given
any JSON value).
"""

import tempfile

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from solver.games import KINDS  # noqa: E402
from solver.service.app import create_app  # noqa: E402

# The test client calls itself "testserver": a Host name served on purpose here.
app = create_app(tempfile.mkdtemp() + "/games.sqlite3", hosts=["testserver"])
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    """Bounded: 60 generated requests per operation (about 20 s for the whole schema here)."""
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, case.query, case.body,
                                         response.text[:300])



class Workflow(schema.as_state_machine()):
    """Start games and follow the links to their moves; only a 5xx is a failure here (a
    refused move is the rules at work)."""

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        assert response.status_code < 500, (case.method, case.path, case.body,
                                             response.text[:300])


Workflow.TestCase.settings = settings(max_examples=40, stateful_step_count=8, deadline=None,
                                      suppress_health_check=list(HealthCheck))
TestStatefulGames = Workflow.TestCase


def test_the_links_lead_from_a_new_game_to_its_moves():
    links = schema.raw_schema["paths"]["/api/games"]["post"]["responses"]["201"]["links"]
    assert {"move", "answer", "undo"} <= set(links)
    game_enum = schema.raw_schema["components"]["schemas"]["NewGame"]["properties"]["game"]
    assert set(game_enum["enum"]) == set(KINDS)


SCALARS = (st.none() | st.booleans() | st.integers()
           | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30))


def _nested(inner):
    return st.one_of(st.lists(inner, max_size=4),
                     st.dictionaries(st.text(max_size=8), inner, max_size=4))


JSON = st.recursive(SCALARS, _nested, max_leaves=8)


def damaged(move: dict):
    """A strategy of moves like `move` with one field dropped, added or given any value."""
    names = sorted(move)
    return st.one_of(
        st.sampled_from(names).map(lambda name: {k: v for k, v in move.items() if k != name}),
        st.tuples(st.sampled_from(names + ["extra"]), JSON).map(
            lambda pair: {**move, pair[0]: pair[1]}))


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_kind_of_game_takes_damaged_moves_without_a_server_error(kind, data):
    client = TestClient(app)
    made = client.post("/api/games", json={"game": kind, "players": ["ann", "bob"], "seed": 5})
    assert made.status_code == 201
    game, referee = made.json()["id"], {"X-Referee-Token": made.json()["token"]}
    for _ in range(5):
        moves = client.get(f"/api/games/{game}/moves", headers=referee).json()
        if not moves:
            break
        legal = data.draw(st.sampled_from(moves))
        bad = data.draw(damaged(legal))
        response = client.post(f"/api/games/{game}/move", json=bad)
        assert response.status_code < 500, (kind, bad, response.text[:300])
        assert response.headers["content-type"].startswith("application/json")
        if response.status_code == 200 or legal["type"] in ("overrule", "undo"):
            continue  # the damage made another legal move; overrule and undo have own routes
        assert client.post(f"/api/games/{game}/move", json=legal).status_code == 200, legal
