"""Write the seeded query mix as batch-mode lines: python benchmarks/make_queries.py 20000 > q.txt"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mix import as_line, query_mix  # noqa: E402

if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    sys.stdout.write("".join(as_line(c) + "\n" for c in query_mix(count)))
