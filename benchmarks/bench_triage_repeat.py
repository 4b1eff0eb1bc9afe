"""Does triage repeat? Rerun Algorithm 2 on a finished pipeline run, several times.

Takes a finished run's folder (``results/<run>/<bias>``; its learned
``predicates/*.pl`` and the filter sets in ``results/<run>/sets``), reruns the
three triage stages ``--runs`` times with the pipeline's own code
(``witness.pipeline.triage.run_triage``: one copy of each distinct program,
every candidate timed beside the baseline in one process, interleaved,
repeated), and prints per rerun the kept sets and pi°, whether they are
identical to each other and to the run's own stage CSVs, and the spread of
speedup_t of the stage-3 winner. Names are compared, and so are programs (up
to renaming and order: ``program_key``), since a run whose triage timed
several copies of one program may have kept another copy. Writes each
rerun's CSVs under ``--out``.

    .venv/bin/python benchmarks/bench_triage_repeat.py results/medium/paper \\
        --k1 10 --k2 3 [--version v1] [--runs 3] [--repeats 3] [--rank-by speedup_t]
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from witness.pipeline.triage import VERSIONS, program_key, run_triage
from witness.pipeline.triage_tables import kept_predicates


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", type=Path, help="results/<run>/<bias> of a finished pipeline run")
    ap.add_argument("--k1", type=int, required=True)
    ap.add_argument("--k2", type=int, required=True)
    ap.add_argument("--version", choices=sorted(VERSIONS), default="v1")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--group-size", type=int, default=25)
    ap.add_argument("--rank-by", default="speedup_t")
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--out", type=Path, default=Path("benchmarks/out/triage_repeat"))
    args = ap.parse_args()
    predicates = sorted((args.run / "predicates").glob("*.pl"))
    key = {p.stem: program_key(p) for p in predicates}

    def programs(kept: list[list[str]]) -> list[set[frozenset[str]]]:
        return [{key[name] for name in names} for names in kept]

    sets = [args.run.parent / "sets" / f"filter{i}" for i in (1, 2, 3)]
    original = None
    stage_csvs = [args.run / "triage" / args.version / f"stage{i}.csv" for i in (1, 2, 3)]
    if all(p.exists() for p in stage_csvs):
        original = [kept_predicates(p) for p in stage_csvs]
        print(f"pipeline run: pi° = {original[2][0]}; kept {original[:2]}")
    results = []
    for run in range(args.runs):
        out = args.out / f"rerun{run}"
        kept = run_triage(
            predicates,
            sets,
            args.version,
            (args.k1, args.k2, 1),
            out,
            repeats=args.repeats,
            group_size=args.group_size,
            rank_by=args.rank_by,
            time_limit=args.time_limit,
        )
        with (out / "stage3.csv").open() as fh:
            win = next(csv.DictReader(fh))
        print(
            f"rerun {run}: pi° = {kept[2][0]} (speedup_t {float(win['speedup_t']):.3g}, "
            f"spread [{float(win['speedup_t_min']):.3g}, {float(win['speedup_t_max']):.3g}], "
            f"speedup_E {float(win['speedup_E']):.3g}); kept {kept[:2]}",
            flush=True,
        )
        results.append(kept)
    print(
        f"{args.runs} reruns: pi° and every kept set identical by name: "
        f"{all(r == results[0] for r in results)}; as programs: "
        f"{all(programs(r) == programs(results[0]) for r in results)}"
    )
    print(f"{args.runs} reruns: pi° the same program: {len({key[r[2][0]] for r in results}) == 1}")
    if original is not None:
        print(
            f"identical to the pipeline run's triage by name: "
            f"{all(r == original for r in results)}; as programs: "
            f"{all(programs(r) == programs(original) for r in results)}; pi° the same "
            f"program: {all(key[r[2][0]] == key[original[2][0]] for r in results)}"
        )


if __name__ == "__main__":
    main()
