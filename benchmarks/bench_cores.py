"""The triangle family's compiled core against the general panel core, on the
same triangle puzzles: is the specialised core worth keeping?

Generates seeded triangle puzzles with Algorithm 3 (the paper's test-set
generator) per size, solves each with both cores in turn (the triangle core,
:func:`witness.search.astar.solve`, with the paper's pi_baseline; the general
core, :func:`witness.search.panel_search.solve_panel`, with its own
pi_baseline on the same puzzle as a panel), and prints per size and over all:
solved puzzles, expansions, CPU seconds of the solves and the CPU ratio
general / triangle (above 1: the triangle core is faster on the set), and
whether the two cores agree on which puzzles are solvable. A second pass with
no predicate (plain A*) compares the cores without their pi_baseline, whose
rules differ (the general one prunes more).

    .venv/bin/python benchmarks/bench_cores.py [--per-size 200] [--sizes 2 3 4 5]
        [--seed 0] [--max-expansions 2000000]
"""

from __future__ import annotations

import argparse
import time

from witness.search import astar, panel_search
from witness.search.generate import generate_set
from witness.search.predicates import BASELINE, NONE


def timed(solve, *args, **kwargs):
    """(result, CPU seconds of the call)."""
    t0 = time.process_time()
    result = solve(*args, **kwargs)
    return result, time.process_time() - t0


def run_size(size: int, n: int, seed: int, budget: int, plain: bool) -> dict:
    """Both cores on ``n`` seeded size x size puzzles; totals per core."""
    puzzles = generate_set("random", [(size, size)], n, seed * 100 + size)
    tri_pred, gen_pred = (NONE, "none") if plain else (BASELINE, "baseline")
    row = {"size": f"{size}x{size}", "puzzles": n, "disagree": 0}
    for core in ("triangle", "general"):
        row.update({f"{core}_solved": 0, f"{core}_expansions": 0, f"{core}_cpu": 0.0})
    for puzzle in puzzles:
        panel = puzzle.to_panel()
        tri, t_cpu = timed(astar.solve, puzzle, tri_pred, max_expansions=budget)
        gen, g_cpu = timed(panel_search.solve_panel, panel, gen_pred, max_expansions=budget)
        for core, r, cpu in (("triangle", tri, t_cpu), ("general", gen, g_cpu)):
            row[f"{core}_solved"] += r.solved
            row[f"{core}_expansions"] += r.expansions
            row[f"{core}_cpu"] += cpu
        decided = {"solved", "unsolvable"}
        if tri.status in decided and gen.status in decided and tri.solved != gen.solved:
            row["disagree"] += 1
    return row


def show(rows: list[dict], title: str) -> None:
    print(f"\n{title}")
    print(
        "| size | puzzles | solved tri / gen | expansions tri / gen | CPU s tri / gen "
        "| exp/CPU s tri / gen | CPU ratio gen/tri | disagree |"
    )
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    total = {k: 0.0 for k in rows[0] if k != "size"}
    for row in [*rows, None]:
        if row is None:
            row = {"size": "all", **total}
        else:
            for k in total:
                total[k] += row[k]
        t, g = row["triangle_cpu"], row["general_cpu"]
        te, ge = row["triangle_expansions"], row["general_expansions"]
        print(
            f"| {row['size']} | {row['puzzles']:.0f} "
            f"| {row['triangle_solved']:.0f} / {row['general_solved']:.0f} "
            f"| {te:,.0f} / {ge:,.0f} | {t:.3f} / {g:.3f} "
            f"| {te / max(t, 1e-9):,.0f} / {ge / max(g, 1e-9):,.0f} "
            f"| {g / max(t, 1e-9):.2f} | {row['disagree']:.0f} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-size", type=int, default=200)
    ap.add_argument("--sizes", type=int, nargs="+", default=[2, 3, 4, 5])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-expansions", type=int, default=2_000_000)
    args = ap.parse_args()
    astar.warm_up()
    panel_search.warm_up()
    for plain in (False, True):
        rows = [
            run_size(s, args.per_size, args.seed, args.max_expansions, plain) for s in args.sizes
        ]
        show(rows, "no predicate (plain A*)" if plain else "each core's pi_baseline, pruning")


if __name__ == "__main__":
    main()
