"""A* speed: expansions per second and mean expansions per size bucket, next to Table 2.

Generates a fixed seeded set with Algorithm 3 (the paper's test-set generator),
solves every puzzle with pi_baseline and with the paper's predicate (Table 3,
hand-written), both pruning, and prints per bucket: mean expansions (ours and
Table 2's; expansions do not depend on the machine), expansions per second on
one core, and speedups. Writes benchmarks/out/bench_search.csv.

``--against DIR`` compares two versions of the code in one run: DIR holds
another checkout (e.g. ``git archive COMMIT | tar -x -C DIR``); the benchmark
runs there and here in turn (each first in every other round), ``--rounds``
times each, and prints per bucket
and over all buckets each code's expansions per second (expansions over
seconds, both summed over the rounds) and their ratio (above 1: this code is
faster). ``--other-args`` are passed to the other checkout's script (e.g.
``--cores default`` for a commit that had two cores).

    .venv/bin/python benchmarks/bench_search.py [--per-bucket 30] [--seed 0]
        [--against DIR [--rounds 2] [--other-args "..."]]
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from witness.io import write_csv
from witness.paper import PAPER_TABLE2, PAPER_TEST
from witness.pipeline.evaluate import solve_all, speedups
from witness.search.generate import generate_set
from witness.search.solvers import warm_up


def bucket_set(rows: int, cols: int, n: int, seed: int, exclude: set[str]):
    """n puzzles of the bucket, both orientations (the paper's 2x3 bucket holds 3x2 too)."""
    sizes = [(rows, cols)] if rows == cols else [(rows, cols), (cols, rows)]
    out = []
    for i, size in enumerate(sizes):
        k = n // len(sizes) + (1 if i < n % len(sizes) else 0)
        out += generate_set(
            "random", [size], k, seed * 1000 + rows * 10 + cols + i, exclude=exclude
        )
    exclude.update(p.to_json() for p in out)
    return [(f"{p.size}_{j}", p) for j, p in enumerate(out)]


RATES = ("baseline_expansions_per_s", "pi_paper_expansions_per_s")


def compare(other: Path, rounds: int, per_bucket: int, seed: int, other_args: list[str]) -> None:
    """Run this script in ``other`` (with ``other_args``) and here in turn;
    print this code's rate over other's."""
    here = Path(__file__).resolve().parents[1]
    totals: dict[str, dict[tuple[str, str], float]] = {"other": {}, "this": {}}
    for r in range(rounds):
        order = [("other", other.resolve()), ("this", here)]
        for name, tree in order if r % 2 == 0 else order[::-1]:  # each goes first in turn
            with tempfile.TemporaryDirectory() as tmp:
                out = Path(tmp) / "bench.csv"
                command = [sys.executable, str(tree / "benchmarks" / "bench_search.py")]
                command += ["--per-bucket", str(per_bucket), "--seed", str(seed)]
                command += other_args if name == "other" else []
                subprocess.run(
                    [*command, "--out", str(out)],
                    cwd=tree,
                    env={**os.environ, "PYTHONPATH": str(tree)},
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
                with out.open() as f:
                    for row in csv.DictReader(f):
                        for key, value in _measures(row).items():
                            totals[name][key] = totals[name].get(key, 0.0) + value
            print(f"round {r + 1}: {name} done", flush=True)
    print(
        f"{'size':<5} {'base exp/s':>11} {'other':>11} {'ratio':>6} "
        f"{'pi° exp/s':>10} {'other':>10} {'ratio':>6}"
    )
    sizes = [size for size in dict.fromkeys(k for k, _ in totals["this"]) if size != "all"]
    for size in [*sizes, "all"]:
        cells = [f"{size:<5}"]
        for rate in RATES:
            mine = totals["this"][(size, rate + "_e")] / totals["this"][(size, rate + "_t")]
            theirs = totals["other"][(size, rate + "_e")] / totals["other"][(size, rate + "_t")]
            cells.append(f"{mine:>11,.0f} {theirs:>11,.0f} {mine / theirs:>6.2f}")
        print(" ".join(cells))


def _measures(row: dict) -> dict[tuple[str, str], float]:
    """A result row's expansions (_e) and seconds (_t) of each predicate, for its
    bucket and for all buckets: rates are summed expansions over summed seconds."""
    n = int(row["n"])
    out = {}
    for rate, mean in zip(
        RATES, ("mean_expansions_baseline", "mean_expansions_pi_paper"), strict=True
    ):
        expansions = float(row[mean]) * n
        seconds = expansions / float(row[rate]) if float(row[rate]) else 0.0
        for size in (row["size"], "all"):
            out[(size, rate + "_e")] = out.get((size, rate + "_e"), 0.0) + expansions
            out[(size, rate + "_t")] = out.get((size, rate + "_t"), 0.0) + seconds
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-bucket", type=int, default=30)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="benchmarks/out/bench_search.csv")
    ap.add_argument("--against", type=Path, default=None, help="another checkout to compare")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--other-args", default="", help="options for the other checkout's script")
    args = ap.parse_args()
    if args.against is not None:
        compare(args.against, args.rounds, args.per_bucket, args.seed, args.other_args.split())
        return
    warm_up()
    exclude: set[str] = set()
    rows = []
    head = (
        f"{'size':<5} {'n':>3} {'E base':>9} {'E paper(T2)':>11} {'E pi°':>8} "
        f"{'base exp/s':>11} {'pi° exp/s':>10} {'spd_E':>6} {'spd_t':>6}"
    )
    print(head)
    all_base, all_paper = [], []
    for (r, c), (_, t2_exp, t2_sec) in PAPER_TABLE2.items():
        puzzles = bucket_set(r, c, args.per_bucket, args.seed, exclude)
        base = solve_all(puzzles, "baseline", "prune")
        paper = solve_all(puzzles, "paper", "prune")
        all_base += base
        all_paper += paper
        e_b = sum(x.expansions for x in base)
        t_b = sum(x.seconds for x in base)
        e_p = sum(x.expansions for x in paper)
        t_p = sum(x.seconds for x in paper)
        s_t, s_e = speedups(base, paper)
        row = {
            "size": f"{r}x{c}",
            "n": len(puzzles),
            "mean_expansions_baseline": e_b / len(puzzles),
            "paper_table2_mean_expansions": t2_exp,
            "mean_expansions_pi_paper": e_p / len(puzzles),
            "baseline_expansions_per_s": e_b / t_b if t_b else 0.0,
            "pi_paper_expansions_per_s": e_p / t_p if t_p else 0.0,
            "mean_seconds_baseline": t_b / len(puzzles),
            "paper_table2_mean_seconds": t2_sec,
            "speedup_E": s_e,
            "speedup_t": s_t,
        }
        rows.append(row)
        print(
            f"{row['size']:<5} {len(puzzles):>3} {row['mean_expansions_baseline']:>9.0f} "
            f"{t2_exp:>11.0f} {row['mean_expansions_pi_paper']:>8.0f} "
            f"{row['baseline_expansions_per_s']:>11,.0f} "
            f"{row['pi_paper_expansions_per_s']:>10,.0f} "
            f"{s_e:>6.2f} {s_t:>6.2f}"
        )
    s_t, s_e = speedups(all_base, all_paper)
    print(
        f"all buckets: speedup_E {s_e:.2f} (paper {PAPER_TEST['speedup_E']}), "
        f"speedup_t {s_t:.2f} (paper {PAPER_TEST['speedup_t']}); "
        "paper's Python A*: about 18,000 expansions/s (Table 2, 5x5)"
    )
    out = Path(args.out)
    write_csv(rows, list(rows[0]), out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
