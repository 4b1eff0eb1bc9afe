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

The reference paper-scale run keeps its per-job benchmark files
(``results/reference/paper/benchmarks/``, about 1,600 small TSV files) in the
repository for this script alone: its projection of that run's 32-core wall time
(in the run's README) can be retraced from them, and the SLURM profile's memory
requests come from their peaks.
"""

from __future__ import annotations

import argparse
import csv
from collections import defaultdict
from pathlib import Path

STAGES = (
    "examples",
    "learn",
    "verify",
    "triage1",
    "triage2",
    "triage3",
    "test",
    "large",
    "difficulty",
)


def stage_of(path: Path) -> str:
    """The stage of a benchmark file: its rule's name (``learn_train_00001.tsv``:
    learn); triage's three stages are apart (``triage_v1_2_group0.tsv``: triage2),
    since each waits for the one before (both A* versions run side by side)."""
    name = path.stem.split("_", 1)[0]
    if name == "triage":
        return f"triage{path.stem.split('_')[2]}"
    return name


def read_benchmarks(run: Path) -> dict[str, list[dict]]:
    jobs: dict[str, list[dict]] = defaultdict(list)
    for f in sorted((run / "benchmarks").glob("*.tsv")):
        with f.open() as fh:
            for row in csv.DictReader(fh, delimiter="\t"):
                jobs[stage_of(f)].append(
                    {"s": float(row["s"]), "max_rss": float(row["max_rss"] or 0)}
                )
    return jobs


def project(
    jobs: dict[str, list[dict]], cores: int, scale: dict[str, float]
) -> tuple[list[tuple], float]:
    """Per stage (in pipeline order): (stage, jobs, total s, longest s, peak MB,
    factor, wall s on ``cores``), and the total wall seconds. ``scale`` names a
    stage (``triage2``) or all of one rule's stages (``triage``)."""
    rows, wall = [], 0.0
    for stage in sorted(jobs, key=lambda s: (STAGES.index(s) if s in STAGES else 99, s)):
        runs = jobs[stage]
        total = sum(r["s"] for r in runs)
        longest = max(r["s"] for r in runs)
        factor = scale.get(stage, scale.get(stage.rstrip("0123456789"), 1.0))
        stage_wall = max(total * factor / cores, longest)
        wall += stage_wall
        rows.append(
            (stage, len(runs), total, longest, max(r["max_rss"] for r in runs), factor, stage_wall)
        )
    return rows, wall


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
    print(
        f"{'stage':<10} {'jobs':>6} {'total s':>10} {'longest s':>10} {'peak MB':>8} "
        f"{'x':>5} {f'wall s on {args.cores}':>14}"
    )
    rows, wall = project(jobs, args.cores, scale)
    for stage, n, total, longest, peak, factor, stage_wall in rows:
        print(
            f"{stage:<10} {n:>6} {total:>10.0f} {longest:>10.1f} {peak:>8.0f} "
            f"{factor:>5g} {stage_wall:>14.0f}"
        )
    print(
        f"projected wall time on {args.cores} cores: {wall / 3600:.2f} h "
        f"({wall:.0f} s; stages in sequence, jobs of a stage spread evenly)"
    )


if __name__ == "__main__":
    main()
