#!/usr/bin/env bash
# Load the HTTP service on loopback, beside a bare Starlette peer in the same run: 2 workers
# each, wrk -t2 -c64, bounded in time (about 4 minutes). Needs wrk (Debian: apt-get install wrk).
# SECONDS_EACH (10) and ROUNDS (3) set the length; SOAK_SECONDS (60) the soak's, 0 to skip it;
# WRITE_RATE (unset: as fast as answered) holds the writers to that many answers a second.
#
#   1. each round: the bare Starlette app (benchmarks/bare_app.py), then wordref's judge, any
#      and solve routes, then the judge route with a write load beside it (benchmarks/writes.py:
#      answers posted to games, then counted in the database: nothing acknowledged may be
#      missing); then the judge route with the same writers posting to a second server on
#      this machine (own processes, own database), which separates what the writers' CPU costs
#      the readers from what sharing their process costs (the CPU the writers took is shown);
#      requests/s, latency p50/p90/p99, errors, and each ratio to the round's peer;
#   2. the medians over the rounds;
#   3. a 60 s soak of the judge route: the workers' resident memory before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-8790}
peer_port=$((port + 1))
apart_port=$((port + 2))
secs=${SECONDS_EACH:-10}
rounds=${ROUNDS:-3}
dir=$(mktemp -d)
db=$dir/games.sqlite3
base="http://127.0.0.1:$port/api/extremis"
judge="$base/judge?initial=b&green=utt&red=x&answer=butter"

python3 -m uvicorn benchmarks.bare_app:app --port "$peer_port" --workers 2 \
    --log-level warning --no-access-log 2> /dev/null &
peer=$!
wordref serve --port "$port" --workers 2 --db "$db" 2> /dev/null &
server=$!
wordref serve --port "$apart_port" --workers 2 --db "$dir/apart.sqlite3" 2> /dev/null &
apart=$!
trap 'kill $server $peer $apart 2> /dev/null; wait $server $peer $apart 2> /dev/null || true
      rm -rf "$dir"' EXIT
for p in "$port" "$peer_port" "$apart_port"; do
    for _ in $(seq 100); do curl -fs "http://127.0.0.1:$p/api/extremis/judge" > /dev/null \
        || curl -fs "http://127.0.0.1:$p/healthz" > /dev/null && break; sleep 0.2; done
done

ticks() {  # pid -> CPU ticks (user + system) of its child processes, threads included
    local p t=0
    for p in $(pgrep -P "$1"); do
        t=$((t + $(sed 's/.*) //' "/proc/$p/stat" | awk '{print $12 + $13}')))
    done
    echo "$t"
}

rate() {  # name url -> prints one line, appends "name rps p99" to $dir/rates
    local out
    out=$(wrk -t2 -c64 -d"${secs}s" --latency "$2")
    rps=$(awk '/Requests\/sec/ {print $2}' <<< "$out")
    p99=$(awk '$1 == "99%" {print $2}' <<< "$out")
    printf '  %-28s %9s req/s  p50 %-8s p90 %-8s p99 %-8s %s\n' "$1" "$rps" \
        "$(awk '$1 == "50%" {print $2}' <<< "$out")" "$(awk '$1 == "90%" {print $2}' <<< "$out")" \
        "$p99" "$(grep -E 'Non-2xx|Socket errors' <<< "$out" | tr -s ' ' | tr '\n' ' ')"
    echo "$1 $rps $p99" >> "$dir/rates"
}

# The machine may be shared: each round measures the peer and every route back to back, and
# the summary gives the median over the rounds of each route's ratio to its round's peer.
echo "== wrk -t2 -c64 -d${secs}s, 2 workers each, $rounds rounds"
for round in $(seq "$rounds"); do
    echo "round $round"
    rate "peer" "http://127.0.0.1:$peer_port/api/extremis/judge"
    peer_rps=$rps
    for route in "judge:$judge" "any:$base/any?initial=q&green=z&red=u" \
                 "solve:$base/solve?initial=b&green=utt&red=x&limit=10"; do
        rate "${route%%:*}" "${route#*:}"
        echo "${route%%:*} $(awk -v a="$rps" -v b="$peer_rps" 'BEGIN {print a / b}')" >> "$dir/ratios"
    done
    # The judge route again, with 4 writers posting answers beside it (2 a game).
    python3 benchmarks/writes.py "$port" "$db" "$secs" 4 ${WRITE_RATE:-} > "$dir/writes" &
    writes=$!
    rate "judge+writes" "$judge"
    wait $writes
    sed 's/^/  /' "$dir/writes"
    echo "judge+writes $(awk -v a="$rps" -v b="$peer_rps" 'BEGIN {print a / b}')" >> "$dir/ratios"
    # The same writers against the second server: the readers' processes hold none of them.
    before=$(ticks "$apart")
    python3 benchmarks/writes.py "$apart_port" "$dir/apart.sqlite3" "$secs" 4 ${WRITE_RATE:-} \
        > "$dir/writes" &
    writes=$!
    rate "judge+writes-apart" "$judge"
    wait $writes
    sed 's/^/  /' "$dir/writes"
    awk -v t=$(( $(ticks "$apart") - before )) -v hz="$(getconf CLK_TCK)" -v s="$secs" \
        'BEGIN {printf "  their server took %.1f CPU-seconds of the %d the 2 cores had\n", t / hz, 2 * s}'
    echo "judge+writes-apart $(awk -v a="$rps" -v b="$peer_rps" 'BEGIN {print a / b}')" >> "$dir/ratios"
done

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo "== medians over $rounds rounds"
for name in peer judge any solve judge+writes judge+writes-apart; do
    r=$(awk -v n="$name" '$1 == n {print $2}' "$dir/rates" | median)
    ratio=$( [ "$name" = peer ] && echo 1 || awk -v n="$name" '$1 == n {print $2}' "$dir/ratios" | median)
    printf '  %-18s %9.0f req/s  %.2fx the peer\n' "$name" "$r" "$ratio"
done

soak=${SOAK_SECONDS:-60}
[ "$soak" -gt 0 ] || exit 0
rss() { ps -o rss= --ppid "$server" | awk '{s+=$1} END {print s}'; }
before=$(rss)
echo "== soak: $soak s at the same load; workers' resident memory $before KB before"
wrk -t2 -c64 -d"${soak}s" "$judge" | grep -E "Requests/sec|Non-2xx|errors" || true
after=$(rss)
echo "workers' resident memory after: $after KB ($(( (after - before) * 100 / before ))% growth)"
