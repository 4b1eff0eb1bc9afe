"""The two difficulty cores side by side: the compiled triangle core against the
general (Python) one, on the triangle puzzles the pipeline scores.

witness.difficulty.muse.score takes the compiled core where it applies
(witness.difficulty.compiled.applies) only because it is faster; the issue
that made the general core the one implementation keeps a special case only
when it is at least 1.3x faster. This script measures that: for a seeded set
of Algorithm 3 puzzles drawn as the pipeline's test set is (random, sizes
2x2 to 5x5), it scores every puzzle with the pipeline's triangle players
(none, baseline, paper) on both cores (``core="compiled"`` and
``core="general"``), times each call in CPU seconds, checks that both give
the same scores, and prints per player and overall the CPU time of each core
and their ratio (general / compiled), measured in this one run, and per size
the general core's longest score. ``--sizes`` draws another range of sizes
(rows and columns each from the two sizes' range: ``--sizes 4x5 4x5`` draws
4x5 alone). A general
score that times out counts with its time limit (the ratio is then a lower
bound). Writes benchmarks/out/bench_difficulty_cores.csv.

    .venv/bin/python benchmarks/bench_difficulty_cores.py [--count 40] [--seed 0]
        [--sizes 2x2 5x5] [--players none,baseline,paper]
"""

from __future__ import annotations

import argparse
import math
import time

from witness.difficulty.muse import score
from witness.difficulty.player import parse_player
from witness.io import write_csv
from witness.model.base import size_pair
from witness.search.generate import generate_set

PLAYERS = "none,baseline,paper"


def timed(panel, player, core: str, time_limit: float) -> tuple[object, float]:
    t0 = time.process_time()
    result = score(panel, player, time_limit=time_limit, core=core)
    return result, time.process_time() - t0


def agree(a, b) -> bool:
    if a.status != "done" or b.status != "done":
        return True  # nothing to compare
    same = [
        x == y or (x is not None and y is not None and math.isclose(x, y, abs_tol=1e-9))
        for x, y in ((a.muse, b.muse), (a.remuse, b.remuse), (a.mean_length, b.mean_length))
    ]
    return all(same) and a.solutions == b.solutions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40, help="puzzles")
    ap.add_argument("--sizes", nargs=2, default=["2x2", "5x5"], metavar=("LEAST", "MOST"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players", default=PLAYERS, help=f"comma-separated (default {PLAYERS})")
    ap.add_argument("--time-limit", type=float, default=60.0, help="per puzzle and core")
    ap.add_argument("--out", default="benchmarks/out/bench_difficulty_cores.csv")
    args = ap.parse_args()

    sizes = [size_pair(s) for s in args.sizes]
    puzzles = generate_set("random", sizes, args.count, args.seed)
    players = {name: parse_player(name) for name in args.players.split(",")}
    score(puzzles[0].to_panel(), "none")  # load the compiled core before timing
    rows = []
    for i, puzzle in enumerate(puzzles):
        panel = puzzle.to_panel()
        for name, player in players.items():
            compiled, t_compiled = timed(panel, player, "compiled", args.time_limit)
            general, t_general = timed(panel, player, "general", args.time_limit)
            rows.append(
                {
                    "puzzle": i,
                    "size": puzzle.size,
                    "player": name,
                    "compiled_cpu_s": t_compiled,
                    "general_cpu_s": t_general,
                    "compiled_status": compiled.status,
                    "general_status": general.status,
                    "agree": agree(compiled, general),
                    "muse": compiled.muse,
                    "remuse": compiled.remuse,
                }
            )
    span = "..".join(args.sizes)
    print(f"{args.count} puzzles (random, {span}, seed {args.seed}), CPU seconds per core")
    head = ("player", "compiled s", "general s", "ratio", "agree", "timeouts")
    print("{:9} {:>11} {:>10} {:>8} {:>7} {:>9}".format(*head))
    for name in [*players, "all"]:
        group = [r for r in rows if name in ("all", r["player"])]
        tc = sum(r["compiled_cpu_s"] for r in group)
        tg = sum(r["general_cpu_s"] for r in group)
        agreed = sum(r["agree"] for r in group)
        late = sum(r["general_status"] != "done" for r in group)
        print(
            f"{name:9} {tc:>11.3f} {tg:>10.2f} {tg / tc:>7.0f}x {agreed:>3}/{len(group):<3} "
            f"{late:>9}"
        )
    for size in sorted({r["size"] for r in rows}, key=size_pair):
        longest = max(r["general_cpu_s"] for r in rows if r["size"] == size)
        print(f"{size}: the general core's longest score {longest:.2f} s")
    out = write_csv(rows, list(rows[0]), args.out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
