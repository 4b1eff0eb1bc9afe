"""What ``witness generate --unique`` costs per size and symbol types, and what
deciding "exactly one solution" costs per draw.

Sets (default): for each case, ``--count`` panels with exactly one solution
made by Algorithm 4 (``generate --method path --unique``, one size per case;
:func:`witness.search.generate_panels.generate_from_line` from one seeded
``random.Random``, as a set draws them), printing per case the draws tried,
the share kept, and the CPU and wall seconds per draw and per kept panel.

``--compare N``: the first N panels Algorithm 4 draws for the case (before the
"exactly one" test), each decided twice: by counting every solution (what
``--unique`` did before: :func:`witness.search.count.count_with_checker`, or
clingo's count above 25 vertices) and by
:func:`~witness.search.generate_panels.has_one_solution` (stops at the second
solution); prints both CPU totals and whether every decision agrees.

    nice -n 10 .venv/bin/python benchmarks/bench_unique.py [--cases squares,stars:4x4 dots:4x4]
        [--count 3] [--seed 0] [--compare N]
"""

from __future__ import annotations

import argparse
import random
import time

from witness.model.rules import check
from witness.search.count import count_with_checker
from witness.search.generate_panels import (
    COUNT_SECONDS,
    MAX_COUNT_VERTICES,
    MAX_TRIES,
    PanelSpec,
    generate_from_line,
    has_one_solution,
    panel_from_line,
    random_line,
    terminals,
)

CASES = ("squares,stars:3x3", "squares,stars:4x4", "dots:4x4", "triangles:4x4", "stars:4x5")


def parse_case(text: str) -> tuple[PanelSpec, int, int]:
    types, _, size = text.partition(":")
    rows, cols = (int(n) for n in size.split("x"))
    return PanelSpec(tuple(types.split(",")), unique=True), rows, cols


def run_set(case: str, count: int, seed: int) -> str:
    """One case's row: ``count`` unique panels, draws, share kept, seconds."""
    spec, rows, cols = parse_case(case)
    rng = random.Random(seed)
    draws = 0

    def on_draw() -> None:
        nonlocal draws
        draws += 1

    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(count):
        generate_from_line(rows, cols, spec, rng, MAX_TRIES * 100, on_draw)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return (
        f"| {case} | {count} | {draws} | {count / draws:.2%} | {cpu / draws:.3f} "
        f"| {cpu / count:.1f} | {wall / count:.1f} |"
    )


def full_count(panel) -> int | None:
    """The count ``--unique`` took before (None: clingo's time limit)."""
    if (panel.rows + 1) * (panel.cols + 1) <= MAX_COUNT_VERTICES:
        return count_with_checker(panel).count
    from witness.search.asp_solver import count_panel_asp

    return count_panel_asp(panel, time_limit=COUNT_SECONDS).count


def compare(case: str, n: int, seed: int) -> str:
    """Full count against the stop-at-two decision on the first ``n`` drawn panels."""
    spec, rows, cols = parse_case(case)
    rng = random.Random(seed)
    old = new = 0.0
    agree, decided = True, 0
    while decided < n:
        base = terminals(rows, cols, spec.symmetry, rng)
        path = random_line(base, rng)
        if path is None:
            continue
        panel = panel_from_line(base, path, spec, rng)
        if not any(getattr(panel, t) for t in spec.types) or not check(panel, path).solved:
            continue
        t0 = time.process_time()
        counted = full_count(panel)
        t1 = time.process_time()
        one = has_one_solution(panel)
        old, new = old + t1 - t0, new + time.process_time() - t1
        agree &= (counted == 1) == one
        decided += 1
    return f"| {case} | {n} | {old:.1f} | {new:.1f} | {old / new:.1f} | {agree} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", nargs="+", default=list(CASES), metavar="TYPES:RxC")
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--compare", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.compare:
        print("| case | panels | full count CPU s | stop at two CPU s | ratio | same decisions |")
        print("| --- | ---: | ---: | ---: | ---: | --- |")
        for case in args.cases:
            print(compare(case, args.compare, args.seed), flush=True)
        return
    print("| case | panels | draws | kept | CPU s / draw | CPU s / panel | wall s / panel |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for case in args.cases:
        print(run_set(case, args.count, args.seed), flush=True)


if __name__ == "__main__":
    main()
