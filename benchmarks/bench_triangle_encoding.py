"""The triangle family's own clingo encoding (``encodings/path.lp``) against the
panel encodings (``panel_*.lp``) on the paper's triangle puzzles.

``witness solve --solver asp`` (:func:`witness.search.asp_solver.solve_view_asp`)
runs ``path.lp`` on a panel of the paper's form and the panel encodings on any
other; this measures whether that special case still earns its place. For each
size it generates a seeded set with Algorithm 3 (``random``, up to 5x5) or
Algorithm 4 (``path``), solves each puzzle with both encodings, interleaved,
and prints per size: statuses that differ (must be 0), median CPU seconds of
each (grounding plus solving, ``time.process_time``) and the median per-puzzle
ratio panel / triangle. ``tests/test_asp_solver.py`` holds the two to the same
statuses on seeded puzzles.

    .venv/bin/python benchmarks/bench_triangle_encoding.py [--per-size 20] [--seed 0]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from witness.model.panel import Panel
from witness.search.asp_solver import solve_asp, solve_panel_asp
from witness.search.generate import generate_set
from witness.search.result import SolveResult

SETS = [("random", (4, 4)), ("random", (5, 5)), ("path", (6, 6)), ("path", (8, 8))]


def cpu_timed(solve: Callable[[], SolveResult]) -> tuple[SolveResult, float]:
    """The result of ``solve()`` and the CPU seconds it took."""
    t0 = time.process_time()
    result = solve()
    return result, time.process_time() - t0


def compare(puzzles: list[Panel], time_limit: float) -> tuple[int, list[float], list[float]]:
    """Statuses that differ, and each encoding's CPU seconds per puzzle."""
    differ, triangle_s, panel_s = 0, [], []
    for panel in puzzles:
        a, ta = cpu_timed(lambda p=panel: solve_asp(p, time_limit=time_limit))
        b, tb = cpu_timed(lambda p=panel: solve_panel_asp(p, time_limit=time_limit))
        differ += a.status != b.status
        triangle_s.append(ta)
        panel_s.append(tb)
    return differ, triangle_s, panel_s


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-size", type=int, default=20)
    parser.add_argument("--time-limit", type=float, default=20.0, metavar="SEC")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'set':>10} {'n':>3} {'differ':>6} {'path.lp s':>10} {'panel s':>10} {'ratio':>6}")
    all_ratios: list[float] = []
    for method, (r, c) in SETS:
        puzzles = generate_set(method, [(r, c)], args.per_size, args.seed * 1000 + r * 10 + c)
        differ, tri, pan = compare(puzzles, args.time_limit)
        ratios = [b / a for a, b in zip(tri, pan, strict=True) if a > 0]
        all_ratios += ratios
        print(
            f"{method:>6} {r}x{c} {len(puzzles):>3} {differ:>6} {statistics.median(tri):>10.4f} "
            f"{statistics.median(pan):>10.4f} {statistics.median(ratios):>6.2f}"
        )
    print(
        f"median ratio panel / triangle over all {len(all_ratios)}: "
        f"{statistics.median(all_ratios):.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
