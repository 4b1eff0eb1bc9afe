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
    """Run bench_panels in ``other`` and here in turn; print each family's rates and ratios."""
    runs: dict[str, dict[str, list[tuple[float, int]]]] = {"other": {}, "this": {}}
    outcome: dict[str, dict[str, tuple[str, int]]] = {"other": {}, "this": {}}
    family: dict[str, str] = {}
    for r in range(rounds):
        order = [("other", other.resolve()), ("this", HERE)]
        for name, tree in order if r % 2 == 0 else order[::-1]:  # each goes first in turn
            for row in run_tree(tree, options):
                family[row["name"]] = set_of(row["name"], row["size"])
                run = (float(row["cpu_seconds"]), int(row["expansions"]))
                runs[name].setdefault(row["name"], []).append(run)
                outcome[name][row["name"]] = (row["status"], int(row["expansions"]))
            print(f"round {r + 1}: {name} done", flush=True)
    print(
        f"{'set':<24} {'exp/s':>11} {'other':>11} {'ratio':>6} "
        f"{'best':>11} {'other':>11} {'ratio':>6}"
    )
    for key in [*dict.fromkeys(family.values()), "all"]:
        names = [n for n in family if key in ("all", family[n])]
        cells = [f"{key:<24}"]
        for best in (False, True):
            mine, theirs = (family_rate(runs[side], names, best) for side in ("this", "other"))
            cells.append(f"{mine:>11,.0f} {theirs:>11,.0f} {mine / max(theirs, 1e-9):>6.2f}")
        print(" ".join(cells))
    changed = [
        f"  {n}: {outcome['other'][n]} -> {outcome['this'][n]}"
        for n in outcome["this"]
        if outcome["this"][n] != outcome["other"].get(n)
    ]
    print(f"panels whose (status, expansions) differ in the last round: {len(changed)}")
    print("\n".join(changed))


def family_rate(runs: dict[str, list[tuple[float, int]]], names: list[str], best: bool) -> float:
    """Expansions per CPU second of the panels ``names`` from their runs
    ((seconds, expansions) a round): every run's expansions over every run's
    seconds, or with ``best`` each panel's least-seconds run alone."""
    picked = [min(runs[n]) for n in names] if best else [r for n in names for r in runs[n]]
    return sum(e for _, e in picked) / max(sum(t for t, _ in picked), 1e-9)


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
