"""The general panel core against another checkout's, in one run: A* expansions
per CPU second per panel family and size, and whether any panel's status or
expansions changed.

Runs ``benchmarks/bench_panels.py --solvers astar`` (with the options given
after ``--``) in DIR, another checkout (e.g. ``git archive COMMIT | tar -x -C
DIR``), and here in turn, ``--rounds`` times each, each code first in every
other round, and reads the runs of each (``--runs-csv``). A family's rate is
its expansions over the CPU seconds of its whole solves (as bench_panels's "A*
exp/s"), both summed over the rounds; the ratio is this code's over DIR's
(above 1: this code is faster). Each checkout compiles its core on its first
run (its own numba cache, beside its source), outside any timer.

    nice -n 10 .venv/bin/python benchmarks/compare_panels.py DIR [--rounds 2]
        [-- --per-size 20 --sizes 5 --time-limit 2]
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def run_tree(tree: Path, options: list[str]) -> list[dict]:
    """bench_panels.py's A* runs (one row per panel) in checkout ``tree``."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = Path(tmp) / "runs.csv"
        command = [sys.executable, str(tree / "benchmarks" / "bench_panels.py"), *options]
        command += [
            "--solvers",
            "astar",
            "--runs-csv",
            str(runs),
            "--out",
            str(Path(tmp) / "t.csv"),
        ]
        subprocess.run(
            command,
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with runs.open() as f:
            return list(csv.DictReader(f))


def set_of(name: str, size: str) -> str:
    """The family and size of a generated panel's name (family-RxC-i)."""
    return f"{name.rsplit('-', 2)[0]} {size}"


def compare(other: Path, rounds: int, options: list[str]) -> None:
    totals: dict[str, dict[str, list[float]]] = {"other": {}, "this": {}}
    outcome: dict[str, dict[str, tuple[str, int]]] = {"other": {}, "this": {}}
    for r in range(rounds):
        order = [("other", other.resolve()), ("this", HERE)]
        for name, tree in order if r % 2 == 0 else order[::-1]:  # each goes first in turn
            for row in run_tree(tree, options):
                for key in (set_of(row["name"], row["size"]), "all"):
                    t = totals[name].setdefault(key, [0.0, 0.0])
                    t[0] += int(row["expansions"])
                    t[1] += float(row["cpu_seconds"])
                outcome[name][row["name"]] = (row["status"], int(row["expansions"]))
            print(f"round {r + 1}: {name} done", flush=True)
    print(f"{'set':<24} {'exp/s':>11} {'other':>11} {'ratio':>6}")
    for key in totals["this"]:
        mine = totals["this"][key][0] / max(totals["this"][key][1], 1e-9)
        theirs = totals["other"][key][0] / max(totals["other"][key][1], 1e-9)
        print(f"{key:<24} {mine:>11,.0f} {theirs:>11,.0f} {mine / max(theirs, 1e-9):>6.2f}")
    changed = [
        f"  {n}: {outcome['other'][n]} -> {outcome['this'][n]}"
        for n in outcome["this"]
        if outcome["this"][n] != outcome["other"].get(n)
    ]
    print(f"panels whose (status, expansions) differ in the last round: {len(changed)}")
    print("\n".join(changed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("other", type=Path, help="another checkout")
    ap.add_argument("--rounds", type=int, default=2)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)  # after it: bench_panels.py's options
    args = ap.parse_args(argv[:cut])
    compare(args.other, args.rounds, argv[cut + 1 :])


if __name__ == "__main__":
    main()
