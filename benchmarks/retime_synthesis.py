"""Time a side-by-side run's programs again on this code: each experiment's
test puzzles and held-out paths regenerated from the config's seed (as
``witness.pipeline.synthesis`` makes them; the training tasks are not
needed), pi_baseline solved on them, and every program the run learned
(its file and verify record, as the run kept them) measured as the run
measured it (``ProgramTimer.measure``): the cost per call, speedup_E,
speedup_t, the share solved slower. Expansions, and so speedup_E, must come
out as the run wrote them (a row whose speedup_E differs is logged and
keeps the run's in ``speedup_E_run``); the timings are this code's.

    .venv/bin/python benchmarks/retime_synthesis.py --config config/synthesis.yaml \\
        --run results/reference/synthesis --out OUT [--experiments paper rich]

Writes OUT/runs.json (the run's rows of those experiments, their timings
replaced, their file paths relative to OUT) and OUT/comparison.md; the sets
go in WORK/<experiment>/ (``--work``, default OUT). A program's new row is
kept in WORK/rows/, so an interrupted run goes on.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
from pathlib import Path

import yaml

from witness.io import write_json
from witness.pipeline.synthesis import (
    Experiment,
    make_heldout,
    program_timer,
    puzzle_sets,
    validate_synthesis,
)
from witness.pipeline.synthesis_table import comparison_text

logger = logging.getLogger("retime_synthesis")


def experiment(spec: dict, config: dict, folder: Path) -> Experiment:
    """The experiment's test puzzles and held-out task, written in ``folder``
    (the puzzle sets once: a folder already written is kept)."""
    seed = int(config["seed"])
    if (folder / "test").is_dir():
        test = sorted((folder / "test").glob("*.json"))
    else:
        test = puzzle_sets(spec, seed, folder)["test"]
    exp = Experiment(spec["name"], Path(spec["bias"]).stem, [], test)
    examples, heldout = config.get("examples", {}), config.get("heldout", {})
    return make_heldout(exp, spec["bias"], seed, folder, examples, heldout)


def retime(rows: list[dict], run: Path, exp: Experiment, config: dict, out: Path) -> list[dict]:
    """The experiment's rows with their programs timed again (a row without
    a clause as it was)."""
    timer = program_timer(exp, config)
    new = []
    for row in rows:
        if not row["clauses"]:
            new.append(row)
            continue
        done = out / "rows" / f"{Path(row['program']).stem}.json"
        if done.exists():
            new.append(json.loads(done.read_text()))
            continue
        # (the run writes its programs in its folder's programs/)
        timed = {**row, **timer.measure(run / "programs" / Path(row["program"]).name)}
        if timed.get("speedup_E") != row.get("speedup_E"):
            logger.warning(
                "%s: speedup_E %s, the run's %s",
                row["program"],
                timed["speedup_E"],
                row["speedup_E"],
            )
            timed["speedup_E_run"] = row.get("speedup_E")
        write_json(timed, done)
        new.append(timed)
    return new


def relocated(row: dict, run: Path, out: Path) -> dict:
    """``row`` with its program and counterexample files named from ``out``
    (the run keeps them in its folder's programs/: the program's file, and a
    folder of its name for the counterexamples)."""

    def moved(path: str, depth: int) -> str:
        kept = run / "programs" / Path(*Path(path).parts[-depth:])
        return os.path.relpath(kept, out)

    out_row = {**row, "program": moved(row["program"], 1)}
    if row.get("not_proven"):
        out_row["not_proven"] = [
            {**c, "counterexample": [moved(p, 2) for p in c["counterexample"] or []] or None}
            for c in row["not_proven"]
        ]
    return out_row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", type=Path, required=True)
    parser.add_argument("--run", type=Path, required=True, help="the run's folder (runs.json)")
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--work", type=Path, help="the sets and timed rows (default OUT)")
    parser.add_argument("--experiments", nargs="+", help="these experiments alone (default all)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    config = validate_synthesis(yaml.safe_load(args.config.read_text(encoding="utf-8")))
    runs = json.loads((args.run / "runs.json").read_text(encoding="utf-8"))
    chosen = args.experiments or [spec["name"] for spec in config["experiments"]]
    unknown = set(chosen) - {spec["name"] for spec in config["experiments"]}
    if unknown:
        raise SystemExit(f"no experiment {', '.join(sorted(unknown))} in {args.config}")
    work = args.work or args.out
    rows: list[dict] = []
    for spec in config["experiments"]:
        if spec["name"] in chosen:
            exp = experiment(spec, config, work / spec["name"])
            mine = [r for r in runs if r["experiment"] == spec["name"]]
            rows += retime(mine, args.run, exp, config, work)
    rows = [relocated(r, args.run, args.out) for r in rows]
    write_json(rows, args.out / "runs.json")
    (args.out / "comparison.md").write_text(comparison_text(rows, config), encoding="utf-8")


if __name__ == "__main__":
    main()
