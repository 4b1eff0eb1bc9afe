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
  the paper bias and of the rich bias, where they exist), each with its
  ``witness verify`` status when a ``.verify.json`` sits next to it.

Every predicate runs on the same puzzles in the same process, interleaved per
puzzle and repeated (``--repeats``; the median time of a puzzle counts), so
speedups are ratios measured in one run. Prints expansions, speedup_E and
speedup_t over pi_baseline per size, and the rich-over-paper ratios the issue
targets (5x5: speedup_E at least 3x, speedup_t at least 2x). Writes
benchmarks/out/bench_rich.csv.

    .venv/bin/python benchmarks/bench_rich.py [--per-size 60] [--seed 0]
        [--sizes 4x5 5x5] [--learned paper=results/rich/paper/final/pi_star.pl ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from witness.io import write_csv
from witness.learning.translate import translate_file
from witness.model.puzzle import size_pair
from witness.search.astar import build_geometry, solve, warm_up
from witness.search.generate import generate_set
from witness.search.predicates import BASELINE, PAPER, Clause, Comparison, Predicate, const, feat

DEAD_END = Clause((Comparison("eq", feat("goal_unreachable"), const(1)),),
                  source="f(A,B) :- deadEnd(A,B).")
UNVISITED = Clause((Comparison("gt", feat("edges_needed"), feat("unvisited_corners")),),
                   source="f(A,B) :- needed(A,B,C), unvisited(A,B,D), greaterThan(C,D).")
ADDABLE = Clause((Comparison("gt", feat("edges_needed"), feat("addable_edges")),),
                 source="f(A,B) :- needed(A,B,C), addable(A,B,D), greaterThan(C,D).")

HAND_WRITTEN = {
    "pi_baseline": BASELINE,
    "Table 3 (pi*)": PAPER,
    "Table 3 + deadEnd": Predicate("t3_dead", "program", PAPER.clauses + (DEAD_END,)),
    "Table 3 + needed > unvisited": Predicate("t3_unvisited", "program",
                                              PAPER.clauses + (UNVISITED,)),
    "Table 3 + deadEnd + needed > addable": Predicate(
        "t3_dead_addable", "program", PAPER.clauses + (DEAD_END, ADDABLE)),
}
DEFAULT_LEARNED = {
    "paper": "results/rich/paper/final/pi_star.pl",
    "rich": "results/rich/rich/final/pi_star.pl",
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=60)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--sizes", nargs="+", default=["4x5", "5x5"])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--learned", nargs="*", default=None, metavar="NAME=FILE.pl",
                    help="learned programs to add (default: the pipeline's paper and rich "
                         "pi* under results/rich/, where they exist)")
    ap.add_argument("--out", default="benchmarks/out/bench_rich.csv")
    args = ap.parse_args()

    learned_files = DEFAULT_LEARNED if args.learned is None else dict(
        item.split("=", 1) for item in args.learned)
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
    warm_up()

    rows = []
    by_size: dict[str, dict[str, dict]] = {}
    for size in args.sizes:
        r, c = size_pair(size)
        puzzles = generate_set("random", [(r, c)], args.per_size, args.seed * 100 + r * 10 + c)
        totals = measure(puzzles, predicates, args.repeats)
        by_size[size] = totals
        base = totals["pi_baseline"]
        for name, t in totals.items():
            rows.append({
                "size": size, "n": len(puzzles), "predicate": name,
                "solved": t["solved"], "expansions": t["expansions"],
                "seconds": round(t["seconds"], 6),
                "speedup_E": base["expansions"] / t["expansions"],
                "speedup_t": base["seconds"] / t["seconds"] if t["seconds"] else float("inf"),
                "verify": notes.get(name, "hand-written"),
            })

    width = max(len(n) for n in predicates)
    head = f"{'predicate (A*, prune)':<{width}}"
    for size in args.sizes:
        head += f" | {size + ' expansions':>16} {'spd_E':>6} {'spd_t':>6}"
    print(f"{args.per_size} Algorithm-3 puzzles per size, seed {args.seed}, "
          f"median of {args.repeats} timings per puzzle")
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
            print(f"{size} {kind}: rich over paper speedup_E x{e:.2f} (target {TARGET_E}), "
                  f"speedup_t x{t:.2f} (target {TARGET_T})")

    out = Path(args.out)
    write_csv(rows, list(rows[0]), out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
