#!/usr/bin/env bash
# Whole-command figures for the README: cold start, batch mode, peak memory, lexicon build.
# Needs hyperfine and GNU time (Debian: apt-get install hyperfine time).
set -euo pipefail
cd "$(dirname "$0")/.."
queries=$(mktemp)
trap 'rm -f "$queries"' EXIT
python3 benchmarks/make_queries.py 20000 > "$queries"

hyperfine -N --warmup 3 --runs 20 \
    'python3 -c pass' \
    'wordref any extremis --initial b --green utt --red x' \
    "wordref any extremis --batch $queries"

echo "peak memory of a one-shot query:"
/usr/bin/time -f "  %M KB" wordref any extremis --initial b --green utt --red x

hyperfine --runs 3 "wordref lexicon build --output $(mktemp -d)/en.wrl"
