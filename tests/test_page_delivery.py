"""How the page's files travel: gzip when the browser accepts it, Cache-Control and ETags on
every file, 304 when nothing changed, and the API's small JSON left uncompressed."""

import gzip

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from solver.service.app import STATIC, create_app  # noqa: E402

GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return TestClient(create_app(str(tmp_path_factory.mktemp("db") / "games.sqlite3")),
                      base_url="http://localhost")


def files():
    return ["/"] + [f"/static/{f.name}" for f in STATIC.iterdir()
                    if f.name.endswith((".js", ".css"))]


@pytest.mark.parametrize("path", files())
def test_every_file_is_gzipped_and_revalidated(client, path):
    plain = client.get(path, headers=PLAIN)
    packed = client.get(path, headers=GZIP)
    assert plain.status_code == packed.status_code == 200
    assert "content-encoding" not in plain.headers
    assert packed.headers["content-encoding"] == "gzip"
    # The client decodes the body: read the bytes as sent, fewer, and the same file unpacked.
    with client.stream("GET", path, headers=GZIP) as raw:
        sent = b"".join(raw.iter_raw())
    assert len(sent) == int(packed.headers["content-length"]) < len(plain.content)
    assert gzip.decompress(sent) == plain.content == packed.content
    for response in (plain, packed):
        assert response.headers["cache-control"] == "no-cache"
        assert "accept-encoding" in response.headers["vary"].lower()
        assert response.headers["etag"].startswith('"')
    assert plain.headers["etag"] != packed.headers["etag"]
    again = client.get(path, headers={**GZIP, "If-None-Match": packed.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["cache-control"] == "no-cache"


def test_the_whole_page_travels_in_under_half_its_size(client):
    plain = sum(len(client.get(p, headers=PLAIN).content) for p in files())
    packed = sum(int(client.get(p, headers=GZIP).headers["content-length"]) for p in files())
    assert packed < plain / 2, (plain, packed)


def test_types_and_unknown_files(client):
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    assert client.get("/static/main.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/").headers["content-type"].startswith("text/html")
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/static/app.py").status_code == 404


def test_the_word_verbs_are_not_compressed(client):
    judged = client.get("/api/extremis/judge", params={"initial": "a", "green": "t",
                                                       "answer": "attic"}, headers=GZIP)
    assert judged.status_code == 200 and judged.json()[0]["valid"] is True
    assert "content-encoding" not in judged.headers
