"""Puzzle difficulty (MUSE and ReMUSE, witness/difficulty/muse.py): time per puzzle by size.

For a seeded set of Algorithm 3 puzzles per size, scores every puzzle with
each rule set (and lookahead) and prints, per size and rule set, the median
and largest time per puzzle (the compiled recursion only, after loading it),
the mean number of states visited, and the mean MUSE / ReMUSE / number of
solutions. Writes benchmarks/out/bench_difficulty.csv (one row per puzzle and
rule set).

    .venv/bin/python benchmarks/bench_difficulty.py [--per-size 20] [--seed 0] [--sizes 4x4,5x5]
"""

from __future__ import annotations

import argparse
import statistics

from witness.difficulty.muse import score
from witness.io import write_csv
from witness.model.base import size_pair
from witness.search.generate import generate_set

SIZES = "4x4,5x5"
RULES = "none,paper"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sizes", default=SIZES, help=f"comma-separated RxC (default {SIZES})")
    ap.add_argument("--rules", default=RULES, help=f"comma-separated (default {RULES})")
    ap.add_argument("--lookahead", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=60.0, help="per puzzle")
    ap.add_argument("--out", default="benchmarks/out/bench_difficulty.csv")
    args = ap.parse_args()

    rows = []
    for size in args.sizes.split(","):
        r, c = size_pair(size)
        for i, puzzle in enumerate(generate_set("random", [(r, c)], args.per_size, args.seed)):
            for rules in args.rules.split(","):
                s = score(puzzle.to_panel(), rules, args.lookahead, args.time_limit)
                rows.append(
                    {
                        "size": size,
                        "puzzle": i,
                        "rules": rules,
                        "lookahead": args.lookahead,
                        "status": s.status,
                        "seconds": s.seconds,
                        "states": s.states,
                        "muse": s.muse,
                        "remuse": s.remuse,
                        "solutions": s.solutions,
                    }
                )

    print(
        f"{'size':5} {'rules':9} {'done':>6} {'median s':>9} {'max s':>8} {'states':>10} "
        f"{'MUSE':>6} {'ReMUSE':>7} {'solutions':>10}"
    )
    for size in args.sizes.split(","):
        for rules in args.rules.split(","):
            group = [x for x in rows if x["size"] == size and x["rules"] == rules]
            done = [x for x in group if x["status"] == "done"]
            secs = [x["seconds"] for x in group]
            finite = [x for x in done if x["muse"] != float("inf")]

            def mean(key: str, xs: list = finite) -> float:
                return statistics.fmean(x[key] for x in xs) if xs else float("nan")

            print(
                f"{size:5} {rules:9} {len(done):>3}/{len(group):<2} "
                f"{statistics.median(secs):>9.4f} {max(secs):>8.3f} "
                f"{mean('states', group):>10.0f} {mean('muse'):>6.2f} {mean('remuse'):>7.2f} "
                f"{mean('solutions'):>10.0f}"
            )
    out = write_csv(rows, list(rows[0]), args.out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
