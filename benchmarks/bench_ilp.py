"""ILP engine speed and memory on Witness tasks, next to Popper's figures.

Generates a seeded set of training puzzles with Algorithm 3 (sizes 2x2 to
3x4), writes one task per puzzle with ``bias/paper.pl`` (max_vars 7, max_body
6, max_clauses 3), keeps tasks with at most ``--max-examples`` examples, and
learns each in a fresh process (``witness learn --json``, so peak memory is
per task). Then it pools the ``--pool`` puzzles with the most examples into
one task (about 11,000 examples with the defaults, like Popper's pooled
measurement) and learns that.

Printed: the distribution of learning times, peak memory and rules tested per
second; per task whether the learned program covers no negative example and
at least as many positives as Table 3's program; which Table 3 rows were
learned (the same rule up to renaming, or a rule with the same coverage on
the task). Written: ``benchmarks/out/bench_ilp.csv`` (one row per task: the
learned rules, each rule's coverage, time, memory) and ``bench_ilp.json``.

    .venv/bin/python benchmarks/bench_ilp.py [--count 20] [--seed 0] [--pool 8]

Reference figures: Popper took 8 minutes on average per training puzzle in
the paper (0.15 to 60 minutes, 11 of 500 runs hit the 1-hour limit);
Popper 4.2 on this machine kind exhausts the same bias on single-puzzle tasks
of at most 4,000 examples in 9 to 157 s, and a task pooled from 8 puzzles
(about 11,000 examples) runs past 10 minutes using 10 to 14 GB.
Targets: single-puzzle median under 30 s and none over 10 minutes; the pooled
task under 10 minutes and 4 GB.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ilp.api import load_task
from ilp.rules import canonical, parse_program
from ilp.test import Tester
from witness.io import write_csv, write_file
from witness.learning.examples import DEFAULT_BIAS, write_task
from witness.paper import TABLE3_PROLOG
from witness.search.generate import generate_set

OUT = Path(__file__).parent / "out"
TABLE3 = tuple(parse_program(TABLE3_PROLOG))


def learn_in_subprocess(task: Path, timeout: float) -> dict:
    cmd = [
        sys.executable,
        "-m",
        "witness.cli",
        "learn",
        str(task),
        "--json",
        "--quiet",
        "--timeout",
        str(timeout),
        "--out",
        str(task / "learned.pl"),
    ]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"witness learn failed on {task}: {r.stderr.strip()}")
    return json.loads(r.stdout)


def analyse(task: Path, result: dict) -> dict:
    """Table 3 on the same task, each learned rule's coverage, Table 3 rows learned."""
    files, bias = load_task(task)
    learned = parse_program("\n".join(result["program"]))
    with Tester(files.bk, files.exs, bias) as tester:
        table3 = tester.score(TABLE3)[0]
        masks = {}
        for rule in (*learned, *TABLE3):
            masks[rule] = (tester.cover(rule, "pos").mask, tester.cover(rule, "neg").mask)
    learned_canon = {canonical(r) for r in learned}
    same = [canonical(r) in learned_canon for r in TABLE3]
    same_cov = [any(masks[r] == masks[x] for x in learned) for r in TABLE3]
    return {
        "table3_tp": table3.tp,
        "table3_fp": table3.fp,
        "at_least_table3": result["fp"] == 0 and result["tp"] >= table3.tp,
        "table3_rows_same_rule": "".join("1" if x else "0" for x in same),
        "table3_rows_same_coverage": "".join("1" if x else "0" for x in same_cov),
        "rule_tp": ";".join(str(masks[r][0].bit_count()) for r in learned),
    }


def row_for(name: str, puzzles, task: Path, timeout: float) -> dict:
    result = learn_in_subprocess(task, timeout)
    s = result["stats"]
    row = {
        "task": name,
        "puzzles": len(puzzles),
        "size": " ".join(f"{p.rows}x{p.cols}" for p in puzzles),
        "n_pos": s["n_pos"],
        "n_neg": s["n_neg"],
        "seconds": result["seconds"],
        "exhausted": result["exhausted"],
        "timed_out": result["timed_out"],
        "rules_tested": s["rules_tested"],
        "rules_per_second": s["rules_per_second"],
        "peak_rss_mb": s["peak_rss_mb"],
        "tp": result["tp"],
        "fn": result["fn"],
        "tn": result["tn"],
        "fp": result["fp"],
    }
    row.update(analyse(task, result))
    row["rules"] = " | ".join(result["program"])
    return row


def describe(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (
        f"median {statistics.median(values):.1f}, mean {statistics.mean(values):.1f}, "
        f"min {min(values):.1f}, max {max(values):.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=20, help="single-puzzle tasks to learn")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--pool", type=int, default=8, help="puzzles pooled into one task (0: none)")
    ap.add_argument("--max-examples", type=int, default=4000)
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--work", type=Path, default=OUT / "bench_ilp_tasks")
    args = ap.parse_args()

    args.work.mkdir(parents=True, exist_ok=True)
    puzzles = generate_set("random", [(2, 2), (3, 4)], 4 * args.count + args.pool, args.seed)
    rows, kept = [], []
    t0 = time.perf_counter()
    for i, puzzle in enumerate(puzzles):
        if len(kept) == args.count:
            break
        task = args.work / f"task_{i:03d}"
        summary = write_task([puzzle], task, bias_file=DEFAULT_BIAS)
        n = summary.pos_written + summary.neg_written
        if n == 0 or n > args.max_examples or summary.neg_written == 0:
            continue
        kept.append((puzzle, n))
        row = row_for(task.name, [puzzle], task, args.timeout)
        rows.append(row)
        print(
            f"{task.name} {row['size']}: {row['n_pos']}+{row['n_neg']} examples, "
            f"{row['seconds']:.1f} s, {row['peak_rss_mb']:.0f} MB, "
            f"{row['rules_tested']} rules, TP={row['tp']} (Table 3: {row['table3_tp']}), "
            f"FP={row['fp']}, Table 3 rows {row['table3_rows_same_rule']}",
            flush=True,
        )

    pooled = None
    if args.pool:
        # the largest single-puzzle tasks: Popper's pooled measurement had ~11,000 examples
        by_size = sorted(range(len(kept)), key=lambda i: -kept[i][1])[: args.pool]
        chosen = [kept[i][0] for i in sorted(by_size)]
        task = args.work / "pooled"
        write_task(chosen, task, bias_file=DEFAULT_BIAS)
        pooled = row_for("pooled", chosen, task, args.timeout)
        rows.append(pooled)
        print(
            f"pooled ({args.pool} puzzles, {pooled['n_pos']}+{pooled['n_neg']} examples): "
            f"{pooled['seconds']:.1f} s, {pooled['peak_rss_mb']:.0f} MB, "
            f"TP={pooled['tp']} (Table 3: {pooled['table3_tp']}), FP={pooled['fp']}, "
            f"exhausted={pooled['exhausted']}, Table 3 rows same rule "
            f"{pooled['table3_rows_same_rule']}, same coverage "
            f"{pooled['table3_rows_same_coverage']}",
            flush=True,
        )

    single = [r for r in rows if r["task"] != "pooled"]
    secs = [r["seconds"] for r in single]
    summary = {
        "tasks": len(single),
        "seconds": describe(secs),
        "peak_rss_mb": describe([r["peak_rss_mb"] for r in single]),
        "rules_per_second": describe([r["rules_per_second"] for r in single]),
        "over_10_minutes": sum(s > 600 for s in secs),
        "all_exhausted": all(r["exhausted"] for r in single),
        "all_at_least_table3": all(r["at_least_table3"] for r in single),
        "pooled": pooled,
        "wall_seconds": round(time.perf_counter() - t0, 1),
    }
    print()
    print(f"single-puzzle tasks: {summary['tasks']} (<= {args.max_examples} examples)")
    print(f"  learning time (s): {summary['seconds']}  [Popper 4.2: 9 to 157 s; paper: 8 min mean]")
    print(f"  peak memory (MB):  {summary['peak_rss_mb']}")
    print(f"  rules tested/s:    {summary['rules_per_second']}")
    print(
        f"  over 10 minutes: {summary['over_10_minutes']}; all exhausted: "
        f"{summary['all_exhausted']}; all >= Table 3 and FP=0: "
        f"{summary['all_at_least_table3']}"
    )

    write_csv(rows, list(rows[0]), OUT / "bench_ilp.csv")
    write_file(OUT / "bench_ilp.json", json.dumps(summary, indent=1) + "\n")
    print(f"wrote {OUT / 'bench_ilp.csv'} and {OUT / 'bench_ilp.json'}")


if __name__ == "__main__":
    main()
