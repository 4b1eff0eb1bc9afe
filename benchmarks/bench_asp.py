"""ASP (clingo) vs A* with the paper's predicate on Algorithm 4 puzzles, 5x5 to 8x8.

For every size, generates a fixed seeded set with Algorithm 4 (triangles read
off a random path, so every puzzle is solvable) and solves each puzzle with

- A* pruning with the paper's predicate pi° (Table 3, hand-written), and
- clingo on the puzzle rules (``witness solve --solver asp``: grounding
  plus solving, one thread),

both with the same per-puzzle time limit, one after the other on the same
machine. Prints per size: puzzles solved by each, median and mean seconds
(a timed-out solve counts as the time limit, so A*'s mean is then a lower
bound), the ratio of total times (A* / ASP) and the median per-puzzle ratio.
Writes one row per (puzzle, solver) to benchmarks/out/bench_asp.csv.

    .venv/bin/python benchmarks/bench_asp.py [--per-size 10] [--time-limit 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from witness.io import write_csv
from witness.search.asp_solver import solve_panel_asp
from witness.search.generate import generate_set
from witness.search.predicates import PAPER
from witness.search.solvers import solve, warm_up

SIZES = [(5, 5), (6, 6), (7, 7), (8, 8)]
FIELDS = [
    "size",
    "puzzle",
    "triangles",
    "solver",
    "status",
    "solved",
    "seconds",
    "expansions",
    "conflicts",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=10)
    parser.add_argument("--time-limit", type=float, default=20.0, metavar="SEC")
    parser.add_argument("--memory-mb", type=int, default=2000, help="A*'s memory budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(Path(__file__).parent / "out" / "bench_asp.csv"))
    args = parser.parse_args()

    warm_up()  # compile the A* core before timing it
    rows: list[dict] = []
    print(
        f"{'size':>5} {'n':>3} {'A* solved':>9} {'ASP solved':>10} {'A* median s':>11} "
        f"{'ASP median s':>12} {'A* mean s':>9} {'ASP mean s':>10} {'total A*/ASP':>12} "
        f"{'median ratio':>12}"
    )
    for r, c in SIZES:
        puzzles = generate_set("path", [(r, c)], args.per_size, args.seed * 1000 + r * 10 + c)
        times: dict[str, list[float]] = {"astar": [], "asp": []}
        solved = {"astar": 0, "asp": 0}
        for i, puzzle in enumerate(puzzles):
            results = {
                "astar": solve(
                    puzzle,
                    PAPER,
                    mode="prune",
                    time_limit=args.time_limit,
                    memory_mb=args.memory_mb,
                ),
                "asp": solve_panel_asp(puzzle, time_limit=args.time_limit),
            }
            for name, res in results.items():
                # an unsolved puzzle (time or memory ran out) counts the whole budget
                times[name].append(res.seconds if res.solved else args.time_limit)
                solved[name] += res.solved
                rows.append(
                    {
                        "size": f"{r}x{c}",
                        "puzzle": i,
                        "triangles": len(puzzle.triangles),
                        "solver": name,
                        "status": res.status,
                        "solved": res.solved,
                        "seconds": f"{res.seconds:.6f}",
                        "expansions": res.expansions,
                        "conflicts": res.extra.get("conflicts", ""),
                    }
                )
            print(f"  {r}x{c} puzzle {i + 1}/{len(puzzles)}", end="\r", file=sys.stderr)
        a, s = times["astar"], times["asp"]
        ratios = [x / y for x, y in zip(a, s, strict=True)]
        print(
            f"{r}x{c:<3} {len(puzzles):>3} {solved['astar']:>9} {solved['asp']:>10} "
            f"{statistics.median(a):>11.4f} {statistics.median(s):>12.4f} "
            f"{statistics.mean(a):>9.4f} {statistics.mean(s):>10.4f} "
            f"{sum(a) / sum(s):>12.1f} {statistics.median(ratios):>12.2f}"
        )

    out = write_csv(rows, FIELDS, args.out)
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
