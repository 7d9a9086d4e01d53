#!/usr/bin/env bash
# Load and soak the HTTP service on loopback: 2 workers, wrk -t2 -c64, bounded in time.
# Needs wrk (Debian: apt-get install wrk). Prints requests/s, latency percentiles and errors,
# then the workers' resident memory before and after a 60 s soak.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-8790}
db=$(mktemp -d)/games.sqlite3
url="http://127.0.0.1:$port/api/extremis/judge?initial=b&green=utt&red=x&answer=butter"

wordref serve --port "$port" --workers 2 --db "$db" 2> /dev/null &
server=$!
trap 'kill $server 2> /dev/null; wait $server 2> /dev/null || true' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/healthz" > /dev/null && break; sleep 0.2; done

rss() { ps -o rss= -p "$(pgrep -d, -f 'multiprocessing.spawn' | head -c 200)" | awk '{s+=$1} END {print s}'; }

echo "== judge endpoint, wrk -t2 -c64 -d30s"
wrk -t2 -c64 -d30s --latency "$url" | grep -E "Requests/sec|50%|90%|99%|Non-2xx|errors"

before=$(rss)
echo "== soak: 60 s at the same load; workers' resident memory $before KB before"
wrk -t2 -c64 -d60s "$url" | grep -E "Requests/sec|Non-2xx|errors"
after=$(rss)
echo "workers' resident memory after: $after KB ($(( (after - before) * 100 / before ))% growth)"
