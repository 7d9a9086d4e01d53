#!/usr/bin/env bash
# Whole-command figures for the README: cold start, batch mode, peak memory, lexicon build.
# Needs hyperfine and GNU time (Debian: apt-get install hyperfine time). Runs this checkout's
# cli.py (WORDREF=wordref benchmarks/cli.sh times the installed command instead).
set -euo pipefail
cd "$(dirname "$0")/.."
# The interpreter itself, not a pyenv shim (a shell script of its own costing about 100 ms).
# Start-up is best measured from a regular install in a fresh venv, whose site has no .pth
# files (an editable install's finder imports pathlib and more before any command runs):
#   python3 -m venv /tmp/v && /tmp/v/bin/pip install . && \
#   PYTHON=/tmp/v/bin/python WORDREF=/tmp/v/bin/wordref benchmarks/cli.sh
python=${PYTHON:-$(python3 -c 'import sys; print(sys.executable)')}
wordref=${WORDREF:-"$python $PWD/cli.py"}
queries=$(mktemp)
trap 'rm -f "$queries"' EXIT
python3 benchmarks/make_queries.py 20000 > "$queries"

echo "what a one-shot word verb imports (the slowest 15, microseconds cumulative):"
"$python" -X importtime cli.py any extremis -i b -g utt -r x 2>&1 >/dev/null \
    | sort -t'|' -k2 -n -r | head -15

hyperfine -N -i --warmup 3 --runs 20 \
    "$python -c pass" \
    "$wordref any extremis --initial b --green utt --red x" \
    "$wordref any extremis -i b -g utt -r x" \
    "$wordref any extremis --batch $queries" \
    "$wordref solve extremis --batch $queries --json"

echo "peak memory:"
for args in "any extremis -i b -g utt -r x" "solve extremis --batch $queries --json"; do
    /usr/bin/time -f "  %M KB  wordref ${args%% --batch*}" $wordref $args > /dev/null
done

hyperfine --runs 3 "$wordref lexicon build --output $(mktemp -d)/en.wrl"
