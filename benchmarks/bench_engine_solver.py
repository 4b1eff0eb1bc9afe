"""clingo beside witnesspuzzles.com's own solver, on the community panels.

The community engine (``engine/solve.js`` of jbzdarkid/jbzdarkid.github.io,
fetched; its ``engine/`` folder is the first argument) solves a panel by
depth-first search over lines, checking each region as the line closes it.
This runs it under node to its first solution (benchmarks/engine_validate.js)
and clingo's solve (``witness solve --solver asp``, in a child ended at
``--cpu-limit`` CPU seconds, as benchmarks/bench_panels_asp.py does) on the
same panels, and prints by the panels' longer side how many each decides
within the limit,
their median and worst CPU seconds (node's for the engine's solve; the
child's for clingo's, its start included), and the median ratio (engine
over clingo) on the panels both decide. The engine has ``--cpu-limit``
seconds of the wall clock: run it on an idle core. Panels the engine's format cannot say
exactly are left out (benchmarks/engine_agreement.py). A panel the engine
finds no solution for while clingo finds one is named (its solver can miss
solutions: docs/results-community.md).

    .venv/bin/python benchmarks/bench_engine_solver.py ENGINE_DIR DIR [--sample N]
        [--seed 0] [--cpu-limit 10] [--out CSV]
    .venv/bin/python benchmarks/bench_engine_solver.py --report-from CSV [--cpu-limit 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path

from bench_panels_asp import solve_capped
from engine_agreement import Engine, exact_export
from tqdm import tqdm

from witness.io import read_csv, read_json, write_csv
from witness.model.panel import panel_from_dict


def solve_both(files: list[Path], engine: Engine, cpu_limit: int) -> list[dict]:
    """One row a panel: each solver's status and CPU seconds."""
    rows = []
    for path in tqdm(files, desc="panels", unit="panel"):
        panel = panel_from_dict(read_json(path))
        puzzle = exact_export(panel)
        if puzzle is None:
            continue
        first = engine.first_solution(puzzle)
        if first is None:
            theirs, their_cpu = "timed_out", float(cpu_limit)
        else:
            theirs, their_cpu = ("solved" if first[0] else "unsolvable"), min(first[1], cpu_limit)
        ours, _wall, our_cpu, _extra = solve_capped(panel, cpu_limit + 5.0, cpu_limit)
        rows.append(
            {
                "name": path.stem,
                "size": panel.size,
                "engine": theirs,
                "engine_cpu": round(their_cpu, 4),
                "clingo": ours,
                "clingo_cpu": round(our_cpu, 4),
            }
        )
    return rows


def side_group(size: str) -> str:
    """A panel's row in the table: its longer side (up to 4 in one row)."""
    side = max(map(int, size.split("x")))
    return "1-4" if side <= 4 else str(side)


def _decided(status: str) -> bool:
    return status in ("solved", "unsolvable")


def report(rows: list[dict], cpu_limit: int) -> None:
    """By the panel's longer side: decided, median and worst CPU of each, the
    median ratio."""
    print(f"CPU seconds; a panel not decided within {cpu_limit} counts at {cpu_limit}")
    head = ("side", "panels", "engine", "med", "worst", "clingo", "med", "worst", "ratio")
    print("{:>6} {:>7} {:>7} {:>8} {:>8} {:>7} {:>8} {:>8} {:>7}".format(*head))
    groups = sorted({side_group(r["size"]) for r in rows}, key=lambda g: int(g.split("-")[-1]))
    for size in [*groups, "all"]:
        mine = [r for r in rows if size in ("all", side_group(r["size"]))]
        both = [r for r in mine if _decided(r["engine"]) and _decided(r["clingo"])]
        ratios = [r["engine_cpu"] / max(r["clingo_cpu"], 1e-3) for r in both]
        cells = [size, len(mine)]
        for who in ("engine", "clingo"):
            cpu = [r[f"{who}_cpu"] for r in mine]
            cells += [sum(_decided(r[who]) for r in mine), statistics.median(cpu), max(cpu)]
        ratio = f"{statistics.median(ratios):.2g}" if ratios else "-"
        print(
            "{:>6} {:>7} {:>7} {:>8.3f} {:>8.3f} {:>7} {:>8.3f} {:>8.3f} {:>7}".format(
                *cells, ratio
            )
        )
    for r in rows:
        if r["engine"] == "unsolvable" and r["clingo"] == "solved":
            print(f"  {r['name']}: the engine's solver found no solution, clingo one")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "engine", type=Path, nargs="?", help="the engine/ folder of a witnesspuzzles.com snapshot"
    )
    ap.add_argument("folder", type=Path, nargs="?", help="a folder of imported community panels")
    ap.add_argument("--sample", type=int, help="this many panels, drawn at random")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cpu-limit", type=int, default=10, help="CPU seconds a solve (default 10)")
    ap.add_argument("--out", type=Path, help="a CSV of every panel's two results")
    ap.add_argument("--report-from", type=Path, help="solve nothing: the table of a saved --out")
    args = ap.parse_args()
    if args.report_from is not None:
        rows = [dict(r) for r in read_csv(args.report_from)]
        for r in rows:
            r["engine_cpu"], r["clingo_cpu"] = float(r["engine_cpu"]), float(r["clingo_cpu"])
        report(rows, args.cpu_limit)
        return
    if args.engine is None or args.folder is None:
        ap.error("give ENGINE_DIR and DIR (or --report-from CSV)")
    files = sorted(args.folder.glob("*.json"))
    if args.sample is not None and args.sample < len(files):
        files = sorted(random.Random(args.seed).sample(files, args.sample))
    engine = Engine(args.engine, float(args.cpu_limit))
    try:
        rows = solve_both(files, engine, args.cpu_limit)
    finally:
        engine.close()
    if not rows:
        raise SystemExit("bench_engine_solver: no panel the engine's format says exactly")
    report(rows, args.cpu_limit)
    if args.out is not None:
        write_csv(rows, list(rows[0]), args.out)


if __name__ == "__main__":
    main()
