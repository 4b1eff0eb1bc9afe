"""The CSV of ``bench_popper_suite.py`` as a Markdown table, with its summary.

Counts are the re-scored ones (``score_program.py``); an engine's own report
is shown where it differs. Several CSVs may be given: a task's row in a
later one replaces the earlier (e.g. the noisy tasks rerun after a change to
noisy mode).

    .venv/bin/python benchmarks/popper_suite_table.py SUITE.csv [MORE.csv]
"""

from __future__ import annotations

import argparse
import csv
import statistics
from pathlib import Path


def cell(row: dict, who: str) -> str:
    status = row[f"{who}_status"]
    if row[f"{who}_tp"] == "":
        return "refused" if status == "refused" else status
    counts = f"{row[f'{who}_tp']}/{row[f'{who}_fn']}/{row[f'{who}_tn']}/{row[f'{who}_fp']}"
    limit = " (time-out)" if status == "timed_out" else ""
    reported = row.get(f"{who}_reported", "")
    own = f" (its own report: {reported})" if reported and reported != counts else ""
    return f"{counts}{own}, size {row[f'{who}_size']}, {float(row[f'{who}_seconds']):.1f} s{limit}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csvs", type=Path, nargs="+")
    args = ap.parse_args()
    rows: dict[str, dict] = {}
    for path in args.csvs:
        with path.open() as fh:
            rows.update({r["task"]: r for r in csv.DictReader(fh)})
    read = [r for r in rows.values() if r["ours_status"] != "refused"]
    print("| task | ours: TP/FN/TN/FP, size, wall | Popper | as good |")
    print("| --- | --- | --- | --- |")
    for r in sorted(read, key=lambda r: r["task"]):
        good = {"True": "yes", "False": "**no**"}.get(r["as_good"], "-")
        print(
            f"| {r['task']}{' (noisy)' if r['noisy'] == 'True' else ''} | {cell(r, 'ours')} "
            f"| {cell(r, 'popper')} | {good} |"
        )
    both = [r for r in read if r["as_good"] in ("True", "False")]
    timed = [r for r in read if r["ours_tp"] != "" and r["popper_tp"] != ""]
    print()
    print(
        f"read {len(read)} of {len(rows)} tasks (refused: recursion or predicate "
        f"invention); as good as Popper on {sum(r['as_good'] == 'True' for r in both)} of "
        f"{len(both)} that both answered"
    )
    if timed:
        ours = statistics.median(float(r["ours_seconds"]) for r in timed)
        popper = statistics.median(float(r["popper_seconds"]) for r in timed)
        ratio = statistics.median(
            float(r["ours_seconds"]) / float(r["popper_seconds"]) for r in timed
        )
        print(
            f"median wall seconds over the {len(timed)} tasks both answered: ours {ours:.1f}, "
            f"Popper {popper:.1f}; median of the per-task ratio ours/Popper {ratio:.2f}"
        )


if __name__ == "__main__":
    main()
