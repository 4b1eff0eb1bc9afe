"""Solve every panel JSON of a folder (or one file) with clingo, per size.

Prints, per size (rows x cols): how many panels, how many solved, found
unsolvable and stopped by the time limit, how many may have the rules checker
decide part of a line (the "filtered" column: panels with polyominoes, whose
solve's second stage leaves the tiling to the checker, witness.search.asp_solver),
and the median and
worst seconds (grounding plus solving, wall clock; each panel in a forked
child, ended 5 s past the time limit), and the median and worst CPU seconds
of the child (what one core spends, steadier than the wall clock on a shared
machine; a child ended at the grace counts at its wall seconds). Files that do not load as
panels are counted and named. Community puzzles are not part of the
repository: import them first (``witness import FILE --from windmill --out
DIR``) and pass the folder.

    .venv/bin/python benchmarks/bench_panels_asp.py DIR [--time-limit 10] [--sample N]
        [--runs-csv FILE] [--cpu-limit SEC] [--only NAMES]
        [--first-conflicts N] [--lazy-conflicts N] [--configuration NAME]
        [--clingo-option OPT ...] [--lazy-only] [--exact-nogoods]

``--cpu-limit`` also ends each solve at that many CPU seconds of its child
(status timed_out, stop ``cpu``): with ``--time-limit`` set well above it, a
loaded machine gives every panel the same CPU whatever its share of a core.

``--runs-csv`` writes one row per panel (name, size, status, seconds, CPU
seconds, constraint families, and how clingo's last stage ended: ``stop``,
e.g. ``limit`` or ``wait`` for the time limit, ``grace`` for a child ended
past it; the stages, conflicts and solve seconds) for looking into the
stopped ones. It is written as the run goes (at most every
:data:`CHECKPOINT_SECONDS`), and a run given a file that exists goes on from
it: the panels it names are not solved again (their rows are kept and
reported), so an interrupted run loses a few panels at most; a panel whose
child failed (its exit code in ``stop``) is solved again. A file of
another target or limit is not told apart: give each run its own.

``--only NAMES`` solves only the panels of DIR named in the file NAMES (one
file name or panel name a line; a runs CSV's ``name`` column, say, cut out
of an earlier run to look again at its slow panels).

Solver variants, to measure one against the default on the same panels
(each sets a field of the solver's settings,
``witness.search.asp_solver.AspSettings``): ``--first-conflicts N`` sets the
whole encoding's first turn (``first_conflicts``), ``--lazy-conflicts N`` the
lazy stage's (``lazy_conflicts``), ``--configuration NAME``
clingo's configuration of every solve but a staged solve's later whole
turns (``configuration``, default trendy), ``--clingo-option OPT``
(repeatable, e.g. ``--clingo-option=--sat-prepro=0``) adds one of clingo's
options to every control (``clingo_options``), ``--lazy-only`` solves with
the lazy stage alone (``lazy``: the tiling and the cancellers left to the
rules checker from the first turn) and ``--exact-nogoods`` has that stage
reject each region by its own places only (``dead_cell_nogoods`` off).
Options that clash with the solver's own (a second ``--configuration``) are
one error before any solve.
A panel whose child dies (status ``failed``) is named under the table.

``--report-from CSV [CSV ...]`` solves nothing: it prints the same table for
the rows of saved runs files (several chunks of one run, say).

    .venv/bin/python benchmarks/bench_panels_asp.py --report-from RUNS.csv [...]
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import random
import resource
import signal
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from pathlib import Path

import clingo
from tqdm import tqdm

from witness.errors import InputError
from witness.io import read_records, write_records
from witness.model.panel import Panel
from witness.search.asp_solver import (
    DEFAULT_SETTINGS,
    AspSettings,
    is_exact,
    solve_panel_asp,
    stage_options,
)

log = logging.getLogger("bench_panels_asp")
GRACE = 5.0  # seconds past the time limit before a child is ended
CHECKPOINT_SECONDS = 30.0  # the runs CSV is rewritten at most this often


@dataclass
class Run:
    """One panel's solve."""

    name: str
    size: str
    status: str
    seconds: float
    cpu_seconds: float
    filtered: bool
    families: str  # the constraint families the panel uses, e.g. "polyominoes+stars"
    stop: str = ""  # how clingo's last stage ended (Enumeration.stop of the clingo solver)
    stages: int = 0
    conflicts: int = 0
    solve_seconds: float = 0.0  # clingo's part of ``seconds`` (the rest is grounding)
    # the rules checker on clingo's line: agrees, stopped, or "" without a line
    second_opinion: str = ""


def read_runs(path: str | Path) -> list[Run]:
    """The runs of a runs CSV (``--runs-csv``); an :class:`InputError` when
    it holds none."""
    runs = read_records(path, Run, "runs CSV")
    if not runs:
        raise InputError(f"runs CSV {path}: no runs in it")
    return runs


def panel_files(target: Path, sample: int | None, seed: int) -> list[Path]:
    files = sorted(target.glob("*.json")) if target.is_dir() else [target]
    if sample is not None and sample < len(files):
        files = sorted(random.Random(seed).sample(files, sample))
    return files


def only_named(files: list[Path], names_file: Path) -> list[Path]:
    """The ``files`` named in ``names_file`` (one name a line, with or without
    ".json"; a header ``name`` or a CSV row's later columns are ignored)."""
    try:
        lines = names_file.read_text().splitlines()
    except OSError as exc:
        raise InputError(f"--only: cannot read {names_file}: {exc.strerror}") from exc
    names = {line.split(",")[0].strip().removesuffix(".json") for line in lines}
    names.discard("")
    chosen = [f for f in files if f.stem in names]
    missing = len(names - {f.stem for f in chosen} - {"name"})  # "name": a CSV's header
    if missing:
        log.warning("--only: %d of the names in %s are not panels here", missing, names_file)
    return chosen


def _solve_in_child(
    panel: Panel,
    time_limit: float,
    pipe: Connection,
    cpu_limit: int | None,
    settings: AspSettings,
) -> None:
    if cpu_limit is not None:  # the kernel ends the child (SIGXCPU) at this much CPU
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, resource.RLIM_INFINITY))
    cpu = time.process_time()
    result = solve_panel_asp(panel, time_limit=time_limit, settings=settings)
    pipe.send((result.status, result.seconds, time.process_time() - cpu, result.extra))


def solve_capped(
    panel: Panel,
    time_limit: float,
    cpu_limit: int | None = None,
    settings: AspSettings = DEFAULT_SETTINGS,
) -> tuple[str, float, float, dict]:
    """Solve in a forked child (with the solver's ``settings``), ended at the
    time limit plus a grace: clingo
    stops itself, but one rules check of a line (panels with cancellers) or a
    large grounding cannot be interrupted. Such a panel counts as stopped.
    The last item is the result's ``extra`` (why it stopped: ``stop``); a
    child ended at the grace has ``{"stop": "grace"}``. With ``cpu_limit``
    the kernel also ends the child at that many CPU seconds (``{"stop":
    "cpu"}``, its CPU seconds counted as the limit): on a loaded machine a
    wall-clock limit gives a solve only a share of a core."""
    ours, theirs = multiprocessing.Pipe(duplex=False)
    child = multiprocessing.get_context("fork").Process(
        target=_solve_in_child, args=(panel, time_limit, theirs, cpu_limit, settings)
    )
    t0 = time.perf_counter()
    child.start()
    child.join(time_limit + GRACE)
    if child.is_alive():
        child.terminate()
        child.join()
        wall = time.perf_counter() - t0
        return "timed_out", wall, wall, {"stop": "grace"}
    if ours.poll():
        return ours.recv()
    wall = time.perf_counter() - t0
    if cpu_limit is not None and child.exitcode == -signal.SIGXCPU:
        return "timed_out", wall, float(cpu_limit), {"stop": "cpu"}
    return "failed", wall, wall, {"stop": f"exit code {child.exitcode}"}


def families(panel: Panel) -> str:
    """The constraint families ``panel`` uses, joined by ``+``."""
    used = [
        name
        for name in ("dots", "triangles", "squares", "stars", "polyominoes", "cancellers")
        if getattr(panel, name)
    ]
    if panel.symmetry is not None:
        used.append("symmetry")
    return "+".join(used) or "none"


def solve_all(
    files: list[Path],
    time_limit: float,
    cpu_limit: int | None = None,
    done: dict[str, Run] | None = None,
    checkpoint: Callable[[list[Run]], None] | None = None,
    settings: AspSettings = DEFAULT_SETTINGS,
    checkpoint_seconds: float = CHECKPOINT_SECONDS,
) -> tuple[list[Run], list[str]]:
    """Solve each file's panel with the solver's ``settings``; a file named in
    ``done`` is not solved again (its run is kept). ``checkpoint`` gets the
    runs so far at most every ``checkpoint_seconds``."""
    runs, bad = [], []
    done = done or {}
    saved = time.monotonic()
    for f in tqdm(files, desc="clingo", unit="panel"):
        if f.name in done:
            runs.append(done[f.name])
            continue
        try:
            panel = Panel.load(f)
        except InputError as exc:
            bad.append(f"{f.name}: {exc}")
            continue
        status, seconds, cpu, extra = solve_capped(panel, time_limit, cpu_limit, settings)
        filtered = not is_exact(panel, settings)
        run = Run(f.name, panel.size, status, seconds, cpu, filtered, families(panel))
        run.stop, run.stages = extra.get("stop", ""), extra.get("stages", 0)
        run.conflicts = extra.get("conflicts", 0)
        run.solve_seconds = extra.get("solve_seconds", 0.0)
        run.second_opinion = extra.get("second_opinion", "")
        runs.append(run)
        if checkpoint is not None and time.monotonic() - saved >= checkpoint_seconds:
            checkpoint(runs)
            saved = time.monotonic()
    return runs, bad


def size_key(size: str) -> tuple[int, int]:
    rows, cols = size.split("x")
    return (int(rows) * int(cols), int(rows))


def report(runs: list[Run]) -> None:
    by_size: dict[str, list[Run]] = defaultdict(list)
    for run in runs:
        by_size[run.size].append(run)
    by_size["all"] = runs
    head = f"{'size':>6} {'panels':>7} {'solved':>7} {'unsolv.':>7} {'stopped':>7}"
    print(head + f" {'filtered':>8} {'median s':>9} {'worst s':>8} {'cpu med':>8} {'cpu worst':>9}")
    for size in sorted(by_size, key=lambda s: (s == "all", size_key(s) if s != "all" else 0)):
        group = by_size[size]
        count = {
            s: sum(r.status == s for r in group) for s in ("solved", "unsolvable", "timed_out")
        }
        seconds = [r.seconds for r in group]
        cpu = [r.cpu_seconds for r in group]
        print(
            f"{size:>6} {len(group):>7} {count['solved']:>7} {count['unsolvable']:>7} "
            f"{count['timed_out']:>7} {sum(r.filtered for r in group):>8} "
            f"{statistics.median(seconds):>9.3f} {max(seconds):>8.3f} "
            f"{statistics.median(cpu):>8.3f} {max(cpu):>9.3f}"
        )
    failed = [r for r in runs if r.status == "failed"]
    if failed:
        print(f"failed: {len(failed)}: " + ", ".join(f"{r.name} ({r.stop})" for r in failed))
    over = [r for r in runs if r.seconds > 10.0]
    print(f"over 10 s wall: {len(over)}: " + ", ".join(r.name for r in over))
    slowest = sorted(runs, key=lambda r: -r.seconds)[:5]
    print("slowest: " + ", ".join(f"{r.name} ({r.size}, {r.seconds:.2f} s)" for r in slowest))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target", metavar="DIR_OR_FILE", nargs="?")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per panel")
    parser.add_argument(
        "--cpu-limit",
        type=int,
        default=None,
        help="also end a panel's solve at this many CPU seconds (a loaded machine)",
    )
    parser.add_argument("--sample", type=int, default=None, help="a seeded sample of N files")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--runs-csv", default=None, help="write one row per panel here (and go on from it)"
    )
    parser.add_argument(
        "--report-from", nargs="+", metavar="CSV", help="only report these saved runs CSVs"
    )
    parser.add_argument("--only", metavar="NAMES", help="only the panels named in this file")
    parser.add_argument(
        "--first-conflicts", type=int, default=None, help="the whole encoding's first turn"
    )
    parser.add_argument(
        "--lazy-conflicts", type=int, default=None, help="the lazy stage's first turn"
    )
    parser.add_argument(
        "--configuration",
        default=None,
        metavar="NAME",
        help="clingo's configuration (default: the solver's, trendy)",
    )
    parser.add_argument(
        "--clingo-option",
        action="append",
        default=[],
        metavar="OPT",
        help="one more of clingo's options for every solve (repeatable)",
    )
    parser.add_argument(
        "--lazy-only", action="store_true", help="the lazy stage alone (the checker tiles)"
    )
    parser.add_argument(
        "--exact-nogoods", action="store_true", help="no dead-cell nogoods in the lazy stage"
    )
    args = parser.parse_args()
    try:
        run_or_report(parser, args)
    except InputError as exc:
        parser.exit(2, f"{parser.prog}: {exc}\n")


def settings_from(args: argparse.Namespace) -> AspSettings:
    """The solver's settings with the variants the options ask for."""
    chosen: dict = {"clingo_options": tuple(args.clingo_option)}
    if args.first_conflicts is not None:
        chosen["first_conflicts"] = args.first_conflicts
    if args.lazy_conflicts is not None:
        chosen["lazy_conflicts"] = args.lazy_conflicts
    if args.configuration is not None:
        chosen["configuration"] = args.configuration
    if args.lazy_only:
        chosen["lazy"] = frozenset({"polyominoes", "cancellers"})
    if args.exact_nogoods:
        chosen["dead_cell_nogoods"] = False
    return replace(DEFAULT_SETTINGS, **chosen)


def run_or_report(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    if args.report_from:
        report([run for path in args.report_from for run in read_runs(path)])
        return
    if args.target is None:
        parser.error("give DIR_OR_FILE, or --report-from")
    files = panel_files(Path(args.target), args.sample, args.seed)
    if args.only:
        files = only_named(files, Path(args.only))
    settings = settings_from(args)
    try:  # a bad option is one error here, not a failed solve in every child
        clingo.Control(stage_options(settings.configuration, domain=True, settings=settings))
    except RuntimeError as exc:
        hint = " (give a configuration with --configuration)" if "configuration" in str(exc) else ""
        raise InputError(f"--configuration or --clingo-option: {exc}{hint}") from exc
    saved = read_runs(args.runs_csv) if args.runs_csv and Path(args.runs_csv).exists() else []
    done = {run.name: run for run in saved if run.status != "failed"}  # a failed one again
    if saved:
        log.warning("going on from %s: %d panels already run", args.runs_csv, len(done))
    names = {f.name for f in files}
    others = [run for run in saved if run.name not in names]

    def save(runs: list[Run]) -> None:  # every row the file had, and the new ones
        if args.runs_csv:
            write_records(runs + others, Run, args.runs_csv)

    runs, bad = solve_all(files, args.time_limit, args.cpu_limit, done, save, settings)
    save(runs)
    print(f"{len(files)} files, {len(runs)} panels, {len(bad)} did not load")
    for line in bad[:10]:
        print(f"  not loaded: {line}")
    if runs:
        report(runs)


if __name__ == "__main__":
    main()
