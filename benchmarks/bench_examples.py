"""Training-data generation: partial paths, examples and time per puzzle size.

For a seeded set of Algorithm 3 puzzles (the paper's training generator) per
size, enumerates and labels every partial path (one DFS pass), writes the
uncapped Popper task (``witness.learning.examples.write_task``) and, with SWI-Prolog
through janus, evaluates the paper's Table 3 program on it: the fraction of
positives it covers (how much of the data Table 1's BK can explain), the
negatives it covers (must be 0) and its Prolog speed; and the share of
positives on paths cut off from the goal (what bias/reach.pl's deadEnd/2
adds). Puzzles with more than --max-task-paths partial paths (4x5) are only
labelled. Prints a table of means per size and writes
benchmarks/out/bench_examples.csv (one row per puzzle).

    .venv/bin/python benchmarks/bench_examples.py [--per-size 5] [--seed 0] [--sizes 2x2,...]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path

from witness.io import write_csv
from witness.learning.examples import write_task
from witness.learning.labels import build_path_tree
from witness.model.base import size_pair
from witness.model.puzzle import Puzzle
from witness.paper import TABLE3_PROLOG
from witness.search.generate import generate_set

SIZES = "2x2,2x3,3x3,2x4,3x4,4x4,3x5"
_modules = itertools.count()


def table3_coverage(task: Path) -> tuple[int, int, int, int, float]:
    """(positives, positives covered, negatives, negatives covered, seconds) in Prolog."""
    import janus_swi as janus

    m = f"bench_{next(_modules)}"
    janus.consult(str(task / "bk.pl"), module=m)
    janus.consult(str(task / "exs.pl"), module=m)
    janus.consult(f"{m}_t3", data=TABLE3_PROLOG, module=m)
    for kind in ("pos", "neg"):
        janus.query_once(f"current_predicate({m}:{kind}/1) -> true ; dynamic({m}:{kind}/1)")
    t = time.perf_counter()
    r = janus.query_once(
        f"aggregate_all(count, {m}:pos(_), P), aggregate_all(count, {m}:neg(_), N), "
        f"aggregate_all(count, ({m}:pos(f(_A,_B)), once({m}:f(_A,_B))), PC), "
        f"aggregate_all(count, ({m}:neg(f(_C,_D)), once({m}:f(_C,_D))), NC)"
    )
    seconds = time.perf_counter() - t
    return r["P"], r["PC"], r["N"], r["NC"], seconds


def puzzle_row(puzzle: Puzzle, task: Path, max_task_paths: int, prolog: bool) -> dict:
    """One puzzle's labelling and task counts (its task written to ``task``),
    and Table 3's coverage of the task when ``prolog``."""
    t = time.perf_counter()
    tree = build_path_tree(puzzle.to_panel())
    label_s = time.perf_counter() - t
    small = len(tree) <= max_task_paths
    t = time.perf_counter()
    # a task capped to nothing still carries the full counts
    summary = write_task([puzzle], task, **({} if small else {"max_pos": 0, "max_neg": 0}))
    task_s = time.perf_counter() - t if small else float("nan")
    counts = summary.puzzles[0]
    sealed = sum(
        bin(tree.blamed_mask(i)).count("1") for i in range(len(tree)) if not tree.goal_reachable[i]
    )
    row = {
        "size": puzzle.size,
        "puzzle": puzzle.to_json(),
        "partial_paths": len(tree),
        "completable": counts.completable,
        "solutions": counts.solutions,
        "pos": counts.pos_total,
        "pos_all": counts.incompletable * counts.constrained_squares,
        "neg": counts.neg_total,
        "unblamed": counts.incompletable_unblamed,
        "pos_dead_end": sealed,
        "label_seconds": round(label_s, 4),
        "task_seconds": round(task_s, 4),
    }
    if prolog and small:
        p, pc, n, nc, sec = table3_coverage(task)
        row.update(
            t3_pos_covered=pc,
            t3_neg_covered=nc,
            t3_kex_per_s=round((p + n) / max(sec, 1e-9) / 1000, 1),
        )
    return row


def size_line(r: int, c: int, size_rows: list[dict], prolog: bool) -> str:
    """The printed means of one size's rows."""

    def mean(key: str) -> float:
        return statistics.mean(x[key] for x in size_rows)

    line = (
        f"{r}x{c:<3} {len(size_rows):>2} {mean('partial_paths'):>8.0f} "
        f"{mean('completable'):>6.0f} {mean('solutions'):>5.1f} {mean('pos'):>8.0f} "
        f"{mean('pos_all'):>8.0f} {mean('neg'):>6.0f} {mean('unblamed'):>8.0f} "
        f"{mean('label_seconds'):>8.3f} {mean('task_seconds'):>7.3f} "
        f"{100 * mean('pos_dead_end') / max(1, mean('pos')):>6.1f}"
    )
    if prolog and all("t3_pos_covered" in x for x in size_rows):
        pos = sum(x["pos"] for x in size_rows)
        cov = sum(x["t3_pos_covered"] for x in size_rows)
        line += (
            f" {100 * cov / max(pos, 1):>7.1f} "
            f"{sum(x['t3_neg_covered'] for x in size_rows):>6d} "
            f"{mean('t3_kex_per_s'):>8.0f}"
        )
    return line


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sizes", default=SIZES, help=f"comma-separated RxC (default {SIZES})")
    ap.add_argument("--no-prolog", action="store_true", help="skip the Table 3 evaluation")
    ap.add_argument(
        "--max-task-paths",
        type=int,
        default=200_000,
        help="write and evaluate the uncapped task only below this many paths",
    )
    ap.add_argument("--out", default="benchmarks/out/bench_examples.csv")
    args = ap.parse_args()

    sizes = [size_pair(s) for s in args.sizes.split(",")]
    rows = []
    head = (
        f"{'size':<5} {'n':>2} {'paths':>8} {'compl':>6} {'sols':>5} {'pos':>8} "
        f"{'pos(all)':>8} {'neg':>6} {'unblamed':>8} {'label s':>8} {'task s':>7} "
        f"{'dead%':>6} {'T3 pos%':>7} {'T3 neg':>6} {'T3 kex/s':>8}"
    )
    print(head)
    exclude: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp:
        for r, c in sizes:
            puzzles = generate_set(
                "random", [(r, c)], args.per_size, args.seed * 1000 + r * 10 + c, exclude=exclude
            )
            exclude.update(p.to_json() for p in puzzles)
            size_rows = [
                puzzle_row(
                    puzzle,
                    Path(tmp) / f"{puzzle.size}_{j}",
                    args.max_task_paths,
                    not args.no_prolog,
                )
                for j, puzzle in enumerate(puzzles)
            ]
            rows += size_rows
            print(size_line(r, c, size_rows, not args.no_prolog), flush=True)

    out = write_csv(rows, list(dict.fromkeys(k for row in rows for k in row)), args.out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
