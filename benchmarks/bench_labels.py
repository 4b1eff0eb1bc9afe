"""Labelling time (``witness.learning.labels.build_path_tree``, every partial
path in one DFS pass) on the paper's quick-profile triangle sizes, this
checkout beside another one (``--baseline``, e.g. ``git archive main | tar -x
-C /tmp/main``), in one run.

Each labeller runs in its own subprocess with its checkout first on
``sys.path``, on the same seeded Algorithm 4 puzzles, alternately, ``--repeat``
times; the best total per size is kept (the least disturbed by other work on
the machine). Prints seconds per size and the ratio this / baseline.

    .venv/bin/python benchmarks/bench_labels.py --baseline /tmp/main [--per-size 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
SIZES = ((4, 4), (4, 5))

# Run in the subprocess: label each puzzle (JSON lines on stdin), print the
# seconds and the number of paths; the labeller of either API (a triangle
# Puzzle before the one labeller, a Panel after).
WORKER = """
import json, sys, time
from witness.learning import labels
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle
load = Panel.from_json if hasattr(labels, "Labelling") else Puzzle.from_json
out = []
for line in sys.stdin:
    puzzle = load(line)
    t = time.process_time()
    tree = labels.build_path_tree(puzzle)
    out.append([time.process_time() - t, len(tree), sum(tree.completable)])
print(json.dumps(out))
"""


def run(checkout: Path, puzzles: list[str]) -> list[list[float]]:
    """[cpu seconds, paths, completable] per puzzle, by the labeller of ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, "-c", WORKER],
        input="\n".join(puzzles) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=checkout,
    )
    return json.loads(done.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, required=True, help="the other checkout")
    ap.add_argument("--per-size", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    from witness.search.generate import generate_set

    print(f"load average {os.getloadavg()[0]:.2f}; {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'size':<5} {'paths':>9} {'baseline s':>10} {'this s':>8} {'this/baseline':>13}")
    for rows, cols in SIZES:
        made = generate_set("path", [(rows, cols)], args.per_size, args.seed)
        puzzles = [p.to_json() for p in made]
        best = {"baseline": float("inf"), "this": float("inf")}
        results = {}
        for _ in range(args.repeat):
            for name, checkout in (("baseline", args.baseline), ("this", HERE)):
                res = run(checkout, puzzles)
                best[name] = min(best[name], sum(r[0] for r in res))
                results[name] = [r[1:] for r in res]
        if results["baseline"] != results["this"]:
            raise SystemExit(f"{rows}x{cols}: the labellers disagree on paths or labels")
        paths = sum(r[0] for r in results["this"])
        ratio = best["this"] / best["baseline"]
        print(
            f"{rows}x{cols:<3} {paths:>9} {best['baseline']:>10.2f} {best['this']:>8.2f} "
            f"{ratio:>13.2f}"
        )


if __name__ == "__main__":
    main()
