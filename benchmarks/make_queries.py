"""Write the seeded query mix as batch-mode lines, for `wordref any|solve extremis --batch`.

    python3 benchmarks/make_queries.py 20000 > q.txt
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mix import as_line, query_mix  # noqa: E402

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", nargs="?", type=int, default=20000,
                        help="how many queries (default 20000)")
    count = parser.parse_args().count
    sys.stdout.write("".join(as_line(c) + "\n" for c in query_mix(count)))
