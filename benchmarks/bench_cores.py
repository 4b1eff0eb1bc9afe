"""The triangle family's compiled core against the general panel core, on the
same triangle puzzles: is the specialised core worth keeping?

Generates seeded triangle puzzles with Algorithm 3 (the paper's test-set
generator) per size, solves each with both cores in turn, and prints per size
and over all: solved puzzles, expansions, CPU seconds of the solves (the whole
call, geometry included), expansions per CPU second, the CPU ratio general /
triangle (above 1: the triangle core is faster on the set) and the puzzles on
which the two disagree. Passes:

- ``paper``: the general core in its paper mode (``panel_search.PAPER_MODE``:
  the paper's rules, so the same status, expansions and path as the triangle
  core; a disagreement is any of the three differing), with no predicate, the
  paper's pi_baseline and Table 3 (pruning): the ratio that decides whether
  the triangle core may stay (at least 1.3x faster on the family);
- ``learned``: the same in paper mode with learned programs over Table 1's
  features (the truth table of ``Predicate.encode`` in either core): Table 3
  as a program, and the rich bias's pi* (``results/reference/rich``), which
  floods the head's free region for the goal's reachability and the sides
  still addable;
- ``own``: each core with its own rules and pi_baseline (the general one
  prunes more), and with no predicate (its h and its ends differ): a
  disagreement is a different answer, solvable or not.

    .venv/bin/python benchmarks/bench_cores.py [--per-size 200] [--sizes 2 3 4 5]
        [--seed 0] [--max-expansions 2000000] [--passes paper learned own]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable
from pathlib import Path

from witness.learning.translate import translate_file
from witness.search import astar, panel_search
from witness.search.generate import generate_set
from witness.search.predicates import BUILTINS, Predicate, as_program
from witness.search.result import SolveResult

Solver = Callable[..., SolveResult]


def timed(solve, *args, **kwargs):
    """(result, CPU seconds of the call)."""
    t0 = time.process_time()
    result = solve(*args, **kwargs)
    return result, time.process_time() - t0


def run_size(puzzles: list, predicate: str | Predicate, paper: bool, budget: int) -> dict:
    """Both cores on ``puzzles`` with ``predicate``; totals per core."""
    settings = panel_search.PAPER_MODE if paper else panel_search.GENERAL
    pred = BUILTINS[predicate] if isinstance(predicate, str) else predicate
    row = {"puzzles": len(puzzles), "disagree": 0}
    for core in ("triangle", "general"):
        row.update({f"{core}_solved": 0, f"{core}_expansions": 0, f"{core}_cpu": 0.0})
    for puzzle in puzzles:
        panel = puzzle.to_panel()
        tri, t_cpu = timed(astar.solve, puzzle, pred, max_expansions=budget)
        gen, g_cpu = timed(
            panel_search.solve_panel, panel, predicate, max_expansions=budget, settings=settings
        )
        for core, r, cpu in (("triangle", tri, t_cpu), ("general", gen, g_cpu)):
            row[f"{core}_solved"] += r.solved
            row[f"{core}_expansions"] += r.expansions
            row[f"{core}_cpu"] += cpu
        if paper:
            row["disagree"] += (tri.status, tri.expansions, tri.path) != (
                gen.status,
                gen.expansions,
                gen.path,
            )
        else:
            decided = {"solved", "unsolvable"}
            both = tri.status in decided and gen.status in decided
            row["disagree"] += both and tri.solved != gen.solved
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
            f"| {g / max(t, 1e-9):.2f} | {row['disagree']:.0f} |",
            flush=True,
        )


RICH_PI = Path(__file__).parents[1] / "results/reference/rich/rich/final/pi_star.pl"
PASSES: dict[str, list[tuple[str | Predicate, bool, str]]] = {
    "paper": [
        ("none", True, "paper mode, no predicate (plain A*)"),
        ("baseline", True, "paper mode, the paper's pi_baseline, pruning"),
        ("paper", True, "paper mode, Table 3, pruning"),
    ],
    "learned": [
        (as_program(BUILTINS["paper"]), True, "paper mode, Table 3 as a learned program, pruning"),
        (translate_file(RICH_PI), True, "paper mode, the rich bias's pi*, pruning"),
    ],
    "own": [
        ("baseline", False, "each core's own rules and pi_baseline, pruning"),
        ("none", False, "each core's own rules, no predicate (plain A*)"),
    ],
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-size", type=int, default=200)
    ap.add_argument("--sizes", type=int, nargs="+", default=[2, 3, 4, 5])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--max-expansions", type=int, default=2_000_000)
    ap.add_argument("--passes", nargs="+", choices=list(PASSES), default=list(PASSES))
    args = ap.parse_args()
    astar.warm_up()
    panel_search.warm_up()
    sets = {
        s: generate_set("random", [(s, s)], args.per_size, args.seed * 100 + s) for s in args.sizes
    }
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name in args.passes:
        for predicate, paper, title in PASSES[name]:
            rows = [
                {"size": f"{s}x{s}", **run_size(sets[s], predicate, paper, args.max_expansions)}
                for s in args.sizes
            ]
            show(rows, title)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
