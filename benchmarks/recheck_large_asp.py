"""clingo on a reference run's large puzzles again, on this code: do the
shares of its ``solved.csv`` rows for clingo (solver ``asp``: solved within
each time limit) still hold?

The run's sets are regenerated from its config as the pipeline makes them
(every set in order, each disjoint from those before it:
:func:`witness.pipeline.sets.write_run_sets`; ``--sets`` keeps them for
another run of one config). Each large puzzle is solved once by clingo under
the largest limit, as the pipeline's ``large_chunk`` rule does, and the
shares are summed up by the pipeline's own :func:`aggregate_large`. Prints,
per size and limit, the run's share and this code's, with the slowest solve;
the last line says whether every share is the run's.

    .venv/bin/python benchmarks/recheck_large_asp.py --config config.yaml \\
        config/paper_2core.yaml --solved results/reference/paper/large/solved.csv \\
        --out OUT [--sets DIR]

Writes OUT/per_puzzle.csv and OUT/solved.csv; a puzzle's row already in
OUT/per_puzzle.csv is kept, so an interrupted run goes on.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from witness.io import write_csv
from witness.pipeline.evaluate import LARGE_FIELDS, large_row
from witness.pipeline.sets import large_names, load_config, write_run_sets
from witness.pipeline.summary import aggregate_large
from witness.search.asp_solver import solve_panel_asp
from witness.search.generate import read_set


def solve_large(config: dict, sets: Path, out: Path) -> Path:
    """clingo on every large puzzle under the largest limit: the per-puzzle
    table (LARGE_FIELDS), kept row by row so that a run goes on."""
    table = out / "per_puzzle.csv"
    done = {}
    if table.exists():
        with table.open(encoding="utf-8") as f:
            done = {r["puzzle"]: r for r in csv.DictReader(f)}
    limit = max(config["large_eval"]["time_limits_min"]) * 60
    rows = []
    for name in large_names(config):
        for puzzle, panel in read_set(sets / name):
            if puzzle not in done:
                result = solve_panel_asp(panel, time_limit=limit)
                done[puzzle] = large_row(puzzle, panel.size, "asp", result)
                write_csv([*rows, done[puzzle]], LARGE_FIELDS, table)
            rows.append(done[puzzle])
    write_csv(rows, LARGE_FIELDS, table)
    return table


def compare(run_csv: Path, ours_csv: Path, seconds: dict[str, float]) -> bool:
    """Print the run's asp shares beside ours; True when every one is the same."""

    def asp_rows(path: Path) -> dict[tuple[str, str], dict]:
        with path.open(encoding="utf-8") as f:
            rows = [r for r in csv.DictReader(f) if r["solver"] == "asp"]
        return {(r["size"], r["limit_min"]): r for r in rows}

    run, ours = asp_rows(run_csv), asp_rows(ours_csv)
    print(f"{'size':>6} {'limit min':>9} {'puzzles':>7} {'run':>6} {'now':>6} {'slowest s':>9}")
    same = run.keys() == ours.keys()
    for key in sorted(ours, key=lambda k: (int(k[0].split("x")[0]), k[0], float(k[1]))):
        a, b = run.get(key, {}), ours[key]
        share_run = float(a["solved_within_time"]) if a else float("nan")
        share_now = float(b["solved_within_time"])
        same = same and a.get("puzzles") == b["puzzles"] and share_run == share_now
        print(
            f"{key[0]:>6} {key[1]:>9} {b['puzzles']:>7} {share_run:>6.2f} {share_now:>6.2f} "
            f"{seconds[key[0]]:>9.3f}"
        )
    return same


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", type=Path, nargs="+", required=True)
    parser.add_argument("--solved", type=Path, required=True, help="the run's solved.csv")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--sets", type=Path, help="where the sets go (default OUT/sets)")
    args = parser.parse_args(argv)
    config = load_config(args.config)
    sets = args.sets or args.out / "sets"
    write_run_sets(config, sets)
    table = solve_large(config, sets, args.out)
    large = config["large_eval"]
    aggregate_large(
        [table], table, args.out / "solved.csv",
        large["time_limits_min"], large["paper_expansions_per_min"],
    )  # fmt: skip
    with table.open(encoding="utf-8") as f:
        slowest: dict[str, float] = {}
        for r in csv.DictReader(f):
            slowest[r["size"]] = max(slowest.get(r["size"], 0.0), float(r["seconds"]))
    same = compare(args.solved, args.out / "solved.csv", slowest)
    print("every share as the run's" if same else "some share differs from the run's")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
