"""A* with pi_baseline against clingo and a plain depth-first search, on panels of every type.

Generates a seeded set per family and size with Algorithm 4
(witness.search.generate_panels), solves every panel with each solver under one
wall-clock time limit, and prints per family and size: A*'s expansions per CPU
second, and the median and worst CPU seconds and the number solved of each
solver. A*'s rate ("A* exp/s") is the set's expansions over the CPU seconds of
its solve_panel calls, everything a solve costs once the core is loaded (the
path store, the compiled core, the rules checker's goal tests, the result)
except building the panel's arrays (build_panel_geometry, timed apart as witness
solve's seconds are; about 0.1 ms on a 5x5 panel); "core exp/s" is the same
expansions over the seconds inside the compiled core alone (wall clock, which
is its CPU time on an idle machine: the core's calls are timed with
time.perf_counter, which unlike a CPU clock needs no system call), so the two
differ by the fixed cost of a solve, which dominates searches of a few hundred
expansions. CPU time (time.process_time), not wall time, so that a loaded machine
slows the rates less (its time limits still cut more searches short). The
depth-first search takes every legal step in order (those of
witness.model.rules.enumerate_lines) and asks the rules checker at each end,
stopped at the first solution. ``--community DIR`` adds the imported panels
of a folder (``witness import``), by size, up to ``--community-max`` cells a
side. ``--solvers`` runs only some of the solvers (the others' columns are
empty); ``--runs-csv FILE`` writes one row per panel and solver (its name,
size, constraint families, status, CPU seconds, expansions) for looking into
the stopped ones, and ``--summarise FILE`` prints such a file's A* statuses
and the panels A* neither solved nor proved unsolvable. Writes a CSV of the
table too.

    nice -n 10 .venv/bin/python benchmarks/bench_panels.py [--per-size 6] [--sizes 4,5,6,7]
        [--time-limit 3] [--seed 0] [--community DIR] [--solvers astar,dfs,clingo]
        [--runs-csv FILE]
    .venv/bin/python benchmarks/bench_panels.py --summarise FILE
"""

from __future__ import annotations

import argparse
import csv
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench_panels_asp import families  # a script beside this one

from witness.io import write_csv
from witness.model.base import edge
from witness.model.panel import Panel
from witness.model.rules import is_solution
from witness.search.generate_panels import PanelSpec, generate_panel_set
from witness.search.panel_search import build_panel_geometry, solve_panel, warm_up

FAMILIES: dict[str, PanelSpec] = {
    "dots": PanelSpec(("dots",)),
    "gaps": PanelSpec(("gaps", "dots")),
    "triangles": PanelSpec(("triangles",)),
    "squares": PanelSpec(("squares",)),
    "stars": PanelSpec(("stars",)),
    "polyominoes": PanelSpec(("polyominoes",)),
    "cancellers": PanelSpec(("cancellers", "squares")),
    "symmetry": PanelSpec(("dots", "squares"), symmetry="horizontal"),
}
FIELDS = (
    "family",
    "size",
    "n",
    "astar_expansions_per_cpu_s",
    "astar_core_expansions_per_cpu_s",
    "astar_median_s",
    "astar_worst_s",
    "astar_solved",
    "dfs_median_s",
    "dfs_worst_s",
    "dfs_solved",
    "clingo_median_s",
    "clingo_worst_s",
    "clingo_solved",
)


@dataclass
class Run:
    """One solver on one panel: CPU seconds, status, expansions (A* only)."""

    seconds: float
    status: str
    expansions: int = 0
    core_seconds: float = 0.0  # A* only: seconds inside the compiled core

    @property
    def solved(self) -> bool:
        return self.status == "solved"


def astar(panel: Panel, limit: float) -> Run:
    geometry = build_panel_geometry(panel)  # outside the timer, as witness solve's seconds
    t0 = time.process_time()
    result = solve_panel(panel, geometry=geometry, time_limit=limit)
    core = result.extra["core_seconds"]
    return Run(time.process_time() - t0, result.status, result.expansions, core)


class OutOfTime(Exception):
    pass


def depth_first(panel: Panel, limit: float) -> Run:
    """Plain depth-first search: every legal step in order (as enumerate_lines
    takes them), the rules checker on each line that reaches an end."""
    t0, w0 = time.process_time(), time.perf_counter()
    taken: set = set()

    def extend(path: list) -> list | None:
        if time.perf_counter() - w0 > limit:  # wall clock, as A*'s and clingo's limits
            raise OutOfTime
        v = path[-1]
        if v in panel.ends and is_solution(panel, path):
            return path
        for w in panel.neighbours(v):
            mirror = panel.mirror(w) if panel.symmetry else None
            if w in taken or (mirror is not None and (mirror in taken or mirror == w)):
                continue
            if mirror is not None and edge(panel.mirror(v), mirror) in panel.blocked:
                continue
            added = {w} if mirror is None else {w, mirror}
            taken.update(added)
            found = extend([*path, w])
            taken.difference_update(added)
            if found:
                return found
        return None

    try:
        for start in panel.starts:
            taken.clear()
            taken.update({start, panel.mirror(start)} if panel.symmetry else {start})
            if extend([start]):
                return Run(time.process_time() - t0, "solved")
    except OutOfTime:
        return Run(time.process_time() - t0, "timed_out")
    return Run(time.process_time() - t0, "exhausted")


def clingo(panel: Panel, limit: float) -> Run:
    from witness.search.asp_solver import solve_panel_asp

    t0 = time.process_time()
    result = solve_panel_asp(panel, time_limit=limit)
    return Run(time.process_time() - t0, result.status)


SOLVERS: dict[str, Callable[[Panel, float], Run]] = {
    "astar": astar,
    "dfs": depth_first,
    "clingo": clingo,
}


@dataclass
class PanelRun:
    """One row of ``--runs-csv``."""

    name: str
    size: str
    families: str
    solver: str
    status: str
    cpu_seconds: float
    expansions: int


def row(
    family: str,
    size: str,
    panels: list[tuple[str, Panel]],
    limit: float,
    solvers: list[str],
    log: list[PanelRun],
) -> dict:
    """The table's row for one set; each solve is appended to ``log``."""
    out: dict = {"family": family, "size": size, "n": len(panels)}
    for name in solvers:
        runs = [SOLVERS[name](p, limit) for _, p in panels]
        for (panel_name, panel), r in zip(panels, runs, strict=True):
            log.append(
                PanelRun(panel_name, size, families(panel), name, r.status, r.seconds, r.expansions)
            )
        seconds = [r.seconds for r in runs]
        out[f"{name}_median_s"] = statistics.median(seconds)
        out[f"{name}_worst_s"] = max(seconds)
        out[f"{name}_solved"] = sum(r.solved for r in runs)
        if name == "astar":
            expansions = sum(r.expansions for r in runs)
            out["astar_expansions_per_cpu_s"] = expansions / max(sum(seconds), 1e-9)
            core = sum(r.core_seconds for r in runs)
            out["astar_core_expansions_per_cpu_s"] = expansions / max(core, 1e-9)
    return out


def show(r: dict) -> str:
    cells = [f"{r['family']:<12}", f"{r['size']:>5}", f"{r['n']:>3}"]
    cells.append(f"{r.get('astar_expansions_per_cpu_s', 0):>11,.0f}")
    cells.append(f"{r.get('astar_core_expansions_per_cpu_s', 0):>11,.0f}")
    for name in SOLVERS:
        if f"{name}_solved" not in r:
            cells.append(f"{'-':>8} {'-':>8} {'-':>7}")
            continue
        cells.append(
            f"{r[f'{name}_median_s']:>8.4f} {r[f'{name}_worst_s']:>8.3f} "
            f"{r[f'{name}_solved']:>3}/{r['n']:<3}"
        )
    return " ".join(cells)


def community_sets(folder: Path, max_side: int) -> dict[str, list[tuple[str, Panel]]]:
    by_size: dict[str, list[tuple[str, Panel]]] = {}
    for f in sorted(folder.glob("*.json")):
        panel = Panel.load(f)
        if max(panel.rows, panel.cols) <= max_side:
            by_size.setdefault(panel.size, []).append((f.name, panel))
    return dict(sorted(by_size.items()))


def summarise(runs_csv: Path, solver: str = "astar") -> None:
    """Per status, how many panels of a ``--runs-csv`` file ``solver`` ended with,
    the worst CPU seconds of a solved one, and the panels it did not settle
    (neither solved nor proved unsolvable) with their constraint families."""
    with runs_csv.open() as f:
        runs = [r for r in csv.DictReader(f) if r["solver"] == solver]
    statuses = Counter(r["status"] for r in runs)
    solved = [float(r["cpu_seconds"]) for r in runs if r["status"] == "solved"]
    print(f"{runs_csv}: {len(runs)} panels; " + ", ".join(f"{k} {n}" for k, n in statuses.items()))
    print(f"worst CPU s of a solved panel: {max(solved, default=0.0):.3f}")
    unsettled = [r for r in runs if r["status"] not in ("solved", "unsolvable")]
    for r in unsettled:
        print(
            f"  {r['name']} {r['size']} {r['families']}: {r['status']} "
            f"({float(r['cpu_seconds']):.2f} CPU s, {r['expansions']} expansions)"
        )
    by_families = Counter(r["families"] for r in unsettled)
    print("not settled, by families: " + ", ".join(f"{k} {n}" for k, n in by_families.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-size", type=int, default=6)
    ap.add_argument("--sizes", default="4,5,6,7", help="square sizes, comma-separated")
    ap.add_argument("--time-limit", type=float, default=3.0, help="per solver and panel, s")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--community", type=Path, default=None, help="folder of imported panels")
    ap.add_argument("--community-max", type=int, default=6)
    ap.add_argument("--solvers", default=",".join(SOLVERS), help="a comma-separated subset")
    ap.add_argument("--runs-csv", default=None, help="write one row per panel and solver here")
    ap.add_argument("--out", default="benchmarks/out/bench_panels.csv")
    ap.add_argument("--summarise", type=Path, default=None, help="a --runs-csv file: its summary")
    args = ap.parse_args()
    if args.summarise is not None:
        summarise(args.summarise)
        return
    solvers = args.solvers.split(",")
    unknown = set(solvers) - set(SOLVERS)
    if unknown:
        ap.error(f"--solvers: unknown {', '.join(sorted(unknown))} (known: {', '.join(SOLVERS)})")
    warm_up()
    if "clingo" in solvers:
        clingo(Panel(rows=1, cols=1, ends=((1, 1),)), 10)  # load clingo before any timer
    head = f"{'family':<12} {'size':>5} {'n':>3} {'A* exp/s':>11} {'core exp/s':>11}"
    for name in SOLVERS:
        head += f" {name + ' med':>8} {'worst':>8} {'solved':<7}"
    print(head)
    rows: list[dict] = []
    log: list[PanelRun] = []
    for family in filter(None, args.families.split(",")):  # --families '': none
        for side in map(int, args.sizes.split(",")):
            panels = generate_panel_set(
                "path", [(side, side)], args.per_size, args.seed, FAMILIES[family]
            )
            named = [(f"{family}-{side}x{side}-{i}", p) for i, p in enumerate(panels)]
            rows.append(row(family, f"{side}x{side}", named, args.time_limit, solvers, log))
            print(show(rows[-1]), flush=True)
    if args.community is not None:
        for size, panels in community_sets(args.community, args.community_max).items():
            rows.append(row("community", size, panels, args.time_limit, solvers, log))
            print(show(rows[-1]), flush=True)
    write_csv(rows, FIELDS, args.out)
    print(f"wrote {args.out}")
    if args.runs_csv:
        write_csv([vars(r) for r in log], list(PanelRun.__dataclass_fields__), args.runs_csv)
        print(f"wrote {args.runs_csv}")


if __name__ == "__main__":
    main()
