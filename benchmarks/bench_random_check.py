"""Cost of Algorithm 3's solvability check per candidate, by grid size.

Algorithm 3 keeps a random candidate only if the baseline A* solves it, so an
unsolvable candidate is searched to the end. This draws candidates exactly as
``witness.search.generate`` does (seeded), checks each with the baseline A* under a
memory cap, and prints per size: candidates, solvable, undecided (cap
reached), total and worst seconds, worst expansions and stored paths. It is
the measurement behind ``MAX_RANDOM_VERTICES`` in ``witness/search/generate.py``.
Writes benchmarks/out/bench_random_check.csv.

    .venv/bin/python benchmarks/bench_random_check.py [--sizes 5x5:50,5x6:12] [--memory-mb 1000]
"""

from __future__ import annotations

import argparse
import random
import time

from witness.io import write_csv
from witness.model.base import size_pair
from witness.search.generate import random_puzzle_candidate
from witness.search.predicates import BASELINE
from witness.search.solvers import solve, warm_up


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--sizes", default="4x4:100,5x5:50,5x6:12,6x6:4", help="comma-separated RxC:candidates"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--memory-mb", type=float, default=1000.0)
    ap.add_argument("--out", default="benchmarks/out/bench_random_check.csv")
    args = ap.parse_args()
    warm_up()
    rows = []
    print(
        f"{'size':<5} {'vert':>4} {'cand':>4} {'solv':>4} {'undec':>5} {'total s':>8} "
        f"{'worst s':>8} {'worst exp':>11} {'worst paths':>11}"
    )
    for item in args.sizes.split(","):
        size, n = item.split(":")
        r, c = size_pair(size)
        rng = random.Random(args.seed)
        for i in range(int(n)):
            p = random_puzzle_candidate(r, c, rng)
            t = time.perf_counter()
            res = solve(p, BASELINE, "prune", memory_mb=args.memory_mb)
            rows.append(
                {
                    "size": size,
                    "vertices": (r + 1) * (c + 1),
                    "candidate": i,
                    "status": res.status,
                    "expansions": res.expansions,
                    "stored_paths": res.extra["stored_paths"],
                    "seconds": round(time.perf_counter() - t, 3),
                }
            )
        mine = [x for x in rows if x["size"] == size]
        print(
            f"{size:<5} {mine[0]['vertices']:>4} {len(mine):>4} "
            f"{sum(x['status'] == 'solved' for x in mine):>4} "
            f"{sum(x['status'] not in ('solved', 'unsolvable') for x in mine):>5} "
            f"{sum(x['seconds'] for x in mine):>8.1f} {max(x['seconds'] for x in mine):>8.1f} "
            f"{max(x['expansions'] for x in mine):>11,} "
            f"{max(x['stored_paths'] for x in mine):>11,}",
            flush=True,
        )
    write_csv(rows, list(rows[0]), args.out)


if __name__ == "__main__":
    main()
