"""The peer of benchmarks/load.sh: a bare Starlette app that answers one fixed JSON body.

It does none of wordref's work (no query string read, no lexicon, no checks), so the ratio
of wordref's requests per second to this app's, measured in the same run under the same
uvicorn settings, says what the service's own work and plumbing cost. The body is the
judge endpoint's answer for the load test's query, computed once, so both send as many bytes.
"""

from starlette.applications import Starlette
from starlette.responses import Response
from starlette.routing import Route

from solver import api
from solver.service.reply import encode

BODY = encode(api.verb_json("extremis", "judge", ("b", "utt", "x"), ["butter"]))


async def fixed(request):
    return Response(BODY, media_type="application/json")


app = Starlette(routes=[Route("/api/extremis/{verb}", fixed)])
