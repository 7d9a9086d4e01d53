"""The front of the service (app.in_front): the Guard and the word verbs answer before
Starlette's and FastAPI's own middleware, and still answer every request as JSON."""

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver import api  # noqa: E402
from solver.lexicon import available_codes  # noqa: E402
from solver.service.app import create_app  # noqa: E402
from solver.service.words import Languages, open_language  # noqa: E402


@pytest.fixture
def client(tmp_path):
    app = create_app(str(tmp_path / "games.sqlite3"),
                     languages=Languages(available_codes(), open_language, wait=300))
    return TestClient(app, base_url="http://localhost", raise_server_exceptions=False)


def test_a_fault_inside_a_word_verb_is_a_json_500_and_the_server_goes_on(client, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(api, "extremis_any_json", broken)  # what the any verb calls
    got = client.get("/api/extremis/any", params={"initial": "b", "green": "utt"})
    assert got.status_code == 500
    assert got.headers["content-type"] == "application/json"
    assert "error" in got.json() and "a bug" not in got.text
    monkeypatch.undo()
    assert client.get("/api/extremis/any", params={"initial": "b"}).json()["any"] is True


def test_the_guard_still_stands_before_the_word_verbs_and_the_routes(client):
    for path in ("/api/extremis/any?initial=b", "/api/lexicons", "/healthz"):
        refused = client.get(path, headers={"host": "evil.example"})
        assert refused.status_code == 400 and "Host" in refused.json()["error"]
    assert client.get("/api/extremis/any?initial=b%00").status_code == 400
    assert client.post("/api/games", content=b"x", headers={
        "content-type": "text/plain"}).status_code == 415
    assert client.get("/api/lexicons").status_code == 200
