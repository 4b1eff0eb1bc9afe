"""Richer background knowledge: how much each feature buys, hand-written
and learned side by side.

Generates a seeded set of Algorithm-3 puzzles per size (the paper's test-set
generator; 4x5 and 5x5 by default) and solves every puzzle with A*, pruning,
with each predicate:

- hand-written: pi_baseline; Table 3 (the paper's pi*); Table 3 + deadEnd
  (bias/reach.pl's goal reachability); Table 3 + "needed > unvisited"
  (bias/unvisited.pl); Table 3 + deadEnd + "needed > addable" (the
  addable_edges feature of bias/rich.pl);
- learned: any ``--learned NAME=FILE.pl`` (by default the pipeline's pi* of
  the paper bias and of the rich bias under results/rich/, else the committed
  reference run's under results/reference/rich/), each with its
  ``witness verify`` status when a ``.verify.json`` sits next to it.

Every predicate runs on the same puzzles in the same process, interleaved per
puzzle and repeated (``--repeats``; the median time of a puzzle counts), so
speedups are ratios measured in one run. Prints expansions, speedup_E and
speedup_t over pi_baseline per size, and the rich-over-paper ratios the project
targets (5x5: speedup_E at least 3x, speedup_t at least 2x). Writes
benchmarks/out/bench_rich.csv.

``--large SEC`` is the large-puzzle experiment instead: Algorithm-4 puzzles
(triangles read off a random path, so every puzzle is solvable; the seeds of
bench_asp.py), 5x5 to 8x8 by default, each solved within SEC seconds by A*
pruning with pi_baseline and with each learned pi*, and by clingo; prints the
puzzles solved and the median seconds per size (a puzzle not solved counts as
SEC). Writes benchmarks/out/bench_rich_large.csv.

    .venv/bin/python benchmarks/bench_rich.py [--per-size 60] [--seed 0]
        [--sizes 4x5 5x5] [--learned paper=results/rich/paper/final/pi_star.pl ...]
    .venv/bin/python benchmarks/bench_rich.py --large 6 --per-size 10 [--sizes 7x7 8x8]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from witness.io import write_csv
from witness.learning.translate import translate_file
from witness.model.base import size_pair
from witness.search.generate import generate_set
from witness.search.predicates import BASELINE, PAPER, Clause, Comparison, Predicate, const, feat
from witness.search.solvers import build_geometry, solve, warm_up

DEAD_END = Clause(
    (Comparison("eq", feat("goal_unreachable"), const(1)),), source="f(A,B) :- deadEnd(A,B)."
)
UNVISITED = Clause(
    (Comparison("gt", feat("edges_needed"), feat("unvisited_corners")),),
    source="f(A,B) :- needed(A,B,C), unvisited(A,B,D), greaterThan(C,D).",
)
ADDABLE = Clause(
    (Comparison("gt", feat("edges_needed"), feat("addable_edges")),),
    source="f(A,B) :- needed(A,B,C), addable(A,B,D), greaterThan(C,D).",
)

HAND_WRITTEN = {
    "pi_baseline": BASELINE,
    "Table 3 (pi*)": PAPER,
    "Table 3 + deadEnd": Predicate("t3_dead", "program", PAPER.clauses + (DEAD_END,)),
    "Table 3 + needed > unvisited": Predicate(
        "t3_unvisited", "program", PAPER.clauses + (UNVISITED,)
    ),
    "Table 3 + deadEnd + needed > addable": Predicate(
        "t3_dead_addable", "program", PAPER.clauses + (DEAD_END, ADDABLE)
    ),
}
# The pipeline's own run of config/rich.yaml if there is one, else the committed
# reference run's (results/reference/rich), so a fresh checkout compares them too.
DEFAULT_LEARNED = {
    name: next(
        (
            f
            for f in (
                f"results/rich/{name}/final/pi_star.pl",
                f"results/reference/rich/{name}/final/pi_star.pl",
            )
            if Path(f).is_file()
        ),
        f"results/rich/{name}/final/pi_star.pl",
    )
    for name in ("paper", "rich")
}
TARGET_E, TARGET_T = 3.0, 2.0  # targets: rich pi* over paper pi*, 5x5 bucket


def verify_status(program: Path) -> str:
    record = program.with_suffix(".verify.json")
    if not record.is_file():
        return "not verified"
    data = json.loads(record.read_text())
    return f"{data.get('status', '?')} (checked up to {data.get('max_size', '?')})"


def measure(puzzles, predicates: dict[str, Predicate], repeats: int) -> dict[str, dict]:
    """Per predicate: total expansions, total of per-puzzle median seconds, puzzles solved.
    Predicates take turns on each puzzle, so machine load hits them alike."""
    totals = {name: {"expansions": 0, "seconds": 0.0, "solved": 0} for name in predicates}
    for pred in predicates.values():  # first calls (table encoding, dispatch) untimed
        solve(puzzles[0], pred, "prune")
    for puzzle in puzzles:
        geometry = build_geometry(puzzle)
        times: dict[str, list[float]] = {name: [] for name in predicates}
        for _ in range(repeats):
            for name, pred in predicates.items():
                r = solve(puzzle, pred, "prune", geometry=geometry)
                times[name].append(r.seconds)
                if len(times[name]) == 1:  # expansions do not change between repeats
                    totals[name]["expansions"] += r.expansions
                    totals[name]["solved"] += r.solved
        for name in predicates:
            totals[name]["seconds"] += statistics.median(times[name])
    return totals


def large(args: argparse.Namespace, learned: dict[str, Predicate]) -> list[dict]:
    """Solved within ``args.large`` seconds per (size, solver), one row per puzzle."""
    from witness.search.asp_solver import solve_panel_asp

    solvers = {"pi_baseline": BASELINE, **learned}
    rows = []
    for size in args.sizes:
        r, c = size_pair(size)
        puzzles = generate_set("path", [(r, c)], args.per_size, args.seed * 1000 + r * 10 + c)
        for i, puzzle in enumerate(puzzles):
            results = {
                name: solve(puzzle, pred, "prune", time_limit=args.large, memory_mb=args.memory_mb)
                for name, pred in solvers.items()
            }
            results["clingo"] = solve_panel_asp(puzzle, time_limit=args.large)
            for name, res in results.items():
                rows.append(
                    {
                        "size": size,
                        "puzzle": i,
                        "solver": name,
                        "status": res.status,
                        "solved": res.solved,
                        "seconds": round(res.seconds, 6),
                        "expansions": res.expansions,
                    }
                )
    names = [*solvers, "clingo"]
    width = max(len(n) for n in names)
    print(
        f"Algorithm-4 puzzles, {args.per_size} per size, seed {args.seed}, "
        f"limit {args.large} s: solved / median seconds (unsolved count as the limit)"
    )
    print(f"{'solver':<{width}}" + "".join(f" | {size:>15}" for size in args.sizes))
    for name in names:
        line = f"{name:<{width}}"
        for size in args.sizes:
            mine = [x for x in rows if x["size"] == size and x["solver"] == name]
            median = statistics.median(x["seconds"] if x["solved"] else args.large for x in mine)
            line += f" | {sum(x['solved'] for x in mine):>3}/{len(mine):<3} {median:>7.3f}"
        print(line)
    return rows


def _arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--sizes",
        nargs="+",
        default=None,
        help="RxC ... (default 4x5 5x5; with --large 5x5 6x6 7x7 8x8)",
    )
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--learned",
        nargs="*",
        default=None,
        metavar="NAME=FILE.pl",
        help="learned programs to add (default: the pipeline's paper and rich "
        "pi* under results/rich/, else the committed ones under "
        "results/reference/rich/)",
    )
    ap.add_argument(
        "--large",
        type=float,
        default=None,
        metavar="SEC",
        help="the large-puzzle experiment (Algorithm 4, default sizes 5x5 to "
        "8x8) with this time limit per puzzle and solver",
    )
    ap.add_argument("--memory-mb", type=int, default=2000, help="A*'s memory budget (--large)")
    ap.add_argument(
        "--out",
        default=None,
        help="CSV (default benchmarks/out/bench_rich.csv, or bench_rich_large.csv)",
    )
    args = ap.parse_args()
    if args.large is not None and args.large <= 0:
        ap.error("--large: the time limit must be > 0 seconds")
    if args.per_size < 1:
        ap.error("--per-size must be >= 1")
    return args


def _predicates(learned: list[str] | None) -> tuple[dict[str, Predicate], dict[str, str]]:
    """The hand-written predicates and the learned ones (``--learned``), and
    what ``witness verify`` said of each learned one."""
    learned_files = (
        DEFAULT_LEARNED if learned is None else dict(item.split("=", 1) for item in learned)
    )
    predicates: dict[str, Predicate] = dict(HAND_WRITTEN)
    notes = {}
    for name, file in learned_files.items():
        path = Path(file)
        if not path.is_file():
            print(f"(learned {name}: {file} not found, skipped)")
            continue
        label = f"learned {name} pi* ({path})"
        predicates[label] = translate_file(path)
        notes[label] = verify_status(path)
    return predicates, notes


def _small(
    args: argparse.Namespace, predicates: dict[str, Predicate], notes: dict[str, str]
) -> list[dict]:
    """The Algorithm-3 experiment: a row per size and predicate."""
    rows = []
    for size in args.sizes:
        r, c = size_pair(size)
        puzzles = generate_set("random", [(r, c)], args.per_size, args.seed * 100 + r * 10 + c)
        totals = measure(puzzles, predicates, args.repeats)
        base = totals["pi_baseline"]
        for name, t in totals.items():
            rows.append(
                {
                    "size": size,
                    "n": len(puzzles),
                    "predicate": name,
                    "solved": t["solved"],
                    "expansions": t["expansions"],
                    "seconds": round(t["seconds"], 6),
                    "speedup_E": base["expansions"] / t["expansions"],
                    "speedup_t": base["seconds"] / t["seconds"] if t["seconds"] else float("inf"),
                    "verify": notes.get(name, "hand-written"),
                }
            )

    return rows


def _print_small(
    args: argparse.Namespace, predicates: dict[str, Predicate], notes: dict[str, str], rows: list
) -> None:
    """The table of the Algorithm-3 experiment and the rich-over-paper ratios."""
    width = max(len(n) for n in predicates)
    head = f"{'predicate (A*, prune)':<{width}}"
    for size in args.sizes:
        head += f" | {size + ' expansions':>16} {'spd_E':>6} {'spd_t':>6}"
    print(
        f"{args.per_size} Algorithm-3 puzzles per size, seed {args.seed}, "
        f"median of {args.repeats} timings per puzzle"
    )
    print(head)
    for name in predicates:
        line = f"{name:<{width}}"
        for size in args.sizes:
            row = next(x for x in rows if x["size"] == size and x["predicate"] == name)
            line += f" | {row['expansions']:>16,} {row['speedup_E']:>6.2f} {row['speedup_t']:>6.2f}"
        print(line)
    for name, note in notes.items():
        print(f"  {name}: verify {note}")

    paper = next((n for n in predicates if n.startswith("learned paper")), None)
    rich = next((n for n in predicates if n.startswith("learned rich")), None)
    pairs = [("hand-written", "Table 3 (pi*)", "Table 3 + deadEnd + needed > addable")]
    if paper and rich:
        pairs.append(("learned", paper, rich))
    for size in args.sizes:
        for kind, a, b in pairs:
            ra = next(x for x in rows if x["size"] == size and x["predicate"] == a)
            rb = next(x for x in rows if x["size"] == size and x["predicate"] == b)
            e, t = rb["speedup_E"] / ra["speedup_E"], rb["speedup_t"] / ra["speedup_t"]
            print(
                f"{size} {kind}: rich over paper speedup_E x{e:.2f} (target {TARGET_E}), "
                f"speedup_t x{t:.2f} (target {TARGET_T})"
            )


def main() -> None:
    args = _arguments()
    predicates, notes = _predicates(args.learned)
    warm_up()
    if args.large is not None:
        args.sizes = args.sizes or ["5x5", "6x6", "7x7", "8x8"]
        rows = large(args, {n: predicates[n] for n in notes})
        for name, note in notes.items():
            print(f"  {name}: verify {note}")
        out = Path(args.out or "benchmarks/out/bench_rich_large.csv")
        write_csv(rows, list(rows[0]), out)
        print(f"wrote {out}")
        return
    args.sizes = args.sizes or ["4x5", "5x5"]
    rows = _small(args, predicates, notes)
    _print_small(args, predicates, notes, rows)
    out = Path(args.out or "benchmarks/out/bench_rich.csv")
    write_csv(rows, list(rows[0]), out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
