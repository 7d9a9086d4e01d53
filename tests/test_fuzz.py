"""API fuzzing from the app's own OpenAPI schema: whatever the schema allows, never a 500."""

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from solver.service.app import create_app  # noqa: E402

app = create_app(":memory:")
schema = schemathesis.openapi.from_asgi("/openapi.json", app)


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    """Bounded: 60 generated requests per operation (about 20 s for the whole schema here)."""
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, case.query, case.body,
                                         response.text[:300])
