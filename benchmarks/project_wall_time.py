"""Cost of each pipeline stage, from a finished run's Snakemake benchmark files,
and the projected wall time of a larger run on more cores.

Every heavy rule writes a benchmark file (``<run>/<bias>/benchmarks/<rule>_*.tsv``):
seconds, peak memory and CPU time per job. This script sums them per stage,
and projects the wall time on ``--cores`` cores of a run with ``--scale
STAGE=FACTOR`` times as many jobs of a stage (e.g. ``large=50`` for 500 large
puzzles per size instead of 10), assuming stages run one after another
(learning before triage, triage stages in turn, test and large puzzles after
pi*) and jobs of a stage spread evenly over the cores:
wall = sum over stages of max(total seconds / cores, longest job).

    .venv/bin/python benchmarks/project_wall_time.py results/paper/paper --cores 32 \\
        [--scale large=50]
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from pathlib import Path

STAGES = ("examples", "learn", "verify", "triage", "test", "large")


def stage_of(path: Path) -> str:
    return path.name.split("_", 1)[0]


def read_benchmarks(run: Path) -> dict[str, list[dict]]:
    jobs: dict[str, list[dict]] = defaultdict(list)
    for f in sorted((run / "benchmarks").glob("*.tsv")):
        with f.open() as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                jobs[stage_of(f)].append({"s": float(row["s"]),
                                          "max_rss": float(row["max_rss"] or 0)})
    return jobs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path, help="results/<run>/<bias> of a finished run")
    ap.add_argument("--cores", type=int, default=32)
    ap.add_argument("--scale", action="append", default=[], metavar="STAGE=FACTOR")
    args = ap.parse_args()
    scale = {k: float(v) for k, v in (s.split("=", 1) for s in args.scale)}
    jobs = read_benchmarks(args.run)
    if not jobs:
        raise SystemExit(f"{args.run}: no benchmark files (benchmarks/*.tsv)")
    print(f"{'stage':<9} {'jobs':>6} {'total s':>10} {'longest s':>10} {'peak MB':>8} "
          f"{'x':>5} {f'wall s on {args.cores}':>14}")
    wall = 0.0
    for stage in sorted(jobs, key=lambda s: (STAGES.index(s) if s in STAGES else 99, s)):
        rows = jobs[stage]
        total = sum(r["s"] for r in rows)
        longest = max(r["s"] for r in rows)
        factor = scale.get(stage, 1.0)
        stage_wall = max(total * factor / args.cores, longest)
        wall += stage_wall
        print(f"{stage:<9} {len(rows):>6} {total:>10.0f} {longest:>10.1f} "
              f"{max(r['max_rss'] for r in rows):>8.0f} {factor:>5g} {stage_wall:>14.0f}")
    print(f"projected wall time on {args.cores} cores: {wall / 3600:.2f} h "
          f"({wall:.0f} s; stages in sequence, jobs of a stage spread evenly)")


if __name__ == "__main__":
    main()
