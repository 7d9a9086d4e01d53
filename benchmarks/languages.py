"""Per-language figures: first-use index build, opening, and the In Extremis query medians.

    python benchmarks/languages.py [--queries 1000]

For each bundled language: the time to expand its compact file into a full one (what the first
use does, into a temporary cache here), the median time to open the full file (20 opens), and
the median any() / count / top-10 solve / judge times over the seeded mix (mix.py) in its
alphabet, each call from text with fresh cards (Cards.parse), as the CLI and the service call.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's wordref

from compare import per_query, summary  # noqa: E402
from mix import as_text, query_mix  # noqa: E402

from solver import extremis, lexfile  # noqa: E402
from solver.assemble import expand  # noqa: E402
from solver.extremis import Cards  # noqa: E402
from solver.lexicon import Lexicon  # noqa: E402
from solver.letters import VARIANTS  # noqa: E402
from solver.paths import find_lexicon  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--langs", default="en,fr,es,de,de-umlaut,nb")
    args = parser.parse_args()
    print("| lang | words | first use: build (wall / cpu) | open (median) | any() | count | "
          "solve top 10 | judge valid |")
    print("|---|---|---|---|---|---|---|---|")
    for code in args.langs.split(","):
        base, letters = VARIANTS.get(code, (code, None))
        data = Path(find_lexicon(base)).read_bytes()
        build = "shipped full"
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / f"{code}.wrl"
            if lexfile.read_header(data).get("kind") == "compact":
                wall, cpu = time.perf_counter(), time.process_time()
                target.write_bytes(expand(data, letters))
                build = f"{time.perf_counter() - wall:.1f} s / {time.process_time() - cpu:.1f} s"
            else:
                target.write_bytes(data)
            opens = []
            for _ in range(20):
                start = time.perf_counter()
                lex = Lexicon.from_file(target)
                opens.append(time.perf_counter() - start)
            alphabet = lex.alphabet
            texts = [as_text(c) for c in query_mix(args.queries, letters=alphabet.letters)]
            valid = [(t, w[0]) for t in texts
                     if (w := extremis.solve(lex, Cards.parse(alphabet, *t), 1).words)]
            parse = Cards.parse
            any_med = summary(per_query(
                lambda t: extremis.any_word(lex, parse(alphabet, *t)), texts, 10))[0]
            count_med = summary(per_query(
                lambda t: extremis.count(lex, parse(alphabet, *t)), texts, 10))[0]
            solve_med = summary(per_query(
                lambda t: extremis.solve(lex, parse(alphabet, *t), 10), texts, 5))[0]
            judge_med = summary(per_query(
                lambda tw: extremis.judge(lex, parse(alphabet, *tw[0]), tw[1]), valid, 5))[0]
            print(f"| {code} | {len(lex):,} | {build} | "
                  f"{statistics.median(opens) * 1000:.1f} ms | {any_med:.2f} us | "
                  f"{count_med:.2f} us | {solve_med:.2f} us | {judge_med:.2f} us |")


if __name__ == "__main__":
    main()
