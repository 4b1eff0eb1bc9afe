"""The ILP engine on a folder of Popper tasks (Popper's own ``examples/``), next to real Popper.

Each task runs in a fresh process (``python -m ilp learn --json``, the
engine's own command, so no module of the host is loaded) with a time
limit; tasks named ``noisy-*`` run in noisy mode (``--noisy``, as Popper's
README runs them). Printed per task: accepted, or refused and why;
TP/FN/TN/FP; program size (literals); wall and CPU seconds; peak memory of
the process. Where a Python with ``import popper`` is given
(``--popper-python``, with ``--popper-path`` added to its ``sys.path``), or
this interpreter has it, the same task is run with real Popper
(``benchmarks/popper_suite/popper_runner.py``) side by side. Both engines' printed
programs are then scored with one yardstick (``benchmarks/popper_suite/score_program.py``),
and the table compares those scores; an engine's own report of its scores is
kept in the CSV (``*_reported``) and shown where it differs. Written:
``benchmarks/out/bench_popper_suite.csv``.

    .venv/bin/python benchmarks/bench_popper_suite.py EXAMPLES [--timeout 60]
        [--tasks a,b] [--popper-python PY] [--popper-path DIR]
    # Popper's side taken from an earlier run's CSV (Popper's results do not
    # change with this engine's code), only ours run again:
    .venv/bin/python benchmarks/bench_popper_suite.py EXAMPLES --popper-from OLD.csv
    # re-score the programs of an earlier run's CSV (nothing is learned again):
    .venv/bin/python benchmarks/bench_popper_suite.py EXAMPLES --rescore OLD.csv --out NEW.csv
    # several runs' CSVs as one (a task's row in a later CSV replaces an earlier one's):
    .venv/bin/python benchmarks/bench_popper_suite.py EXAMPLES --rescore A.csv B.csv --out AB.csv

"Better or equal" below means: without noise, at least Popper's TP with
FP = 0; in noisy mode, an MDL (size + FN + FP) at most Popper's.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRACE = 300.0  # seconds beyond the limit for loading and final scoring before a kill


@dataclass
class Run:
    """One engine on one task."""

    status: str = ""  # ok | timed_out | refused | error | killed
    why: str = ""
    tp: int | None = None
    fn: int | None = None
    tn: int | None = None
    fp: int | None = None
    size: int | None = None
    seconds: float | None = None  # wall clock of the whole process
    cpu: float | None = None  # user + system CPU of the process
    peak_mb: float | None = None
    clauses: str = ""
    reported: str = ""  # the engine's own TP/FN/TN/FP, before re-scoring

    @property
    def mdl(self) -> int | None:
        if self.size is None or self.fn is None:
            return None
        return self.size + self.fn + self.fp


def run_child(
    cmd: list[str], limit: float, env: dict | None = None
) -> tuple[int | None, str, str, float, float, float]:
    """Run ``cmd``; returns (exit code or None if killed, stdout, stderr, wall s, CPU s, peak MB).

    CPU is what ``os.wait4`` reports for the child once it has ended: the
    user and system time of all its threads plus that of every process it
    started and waited for (Linux counts both), the same for either engine
    (ours runs the search in a child of ``ilp learn``; Popper may run a
    solver as a child). The child leads a process group of its own, and a run past
    ``limit`` ends with the whole process group killed, so nothing it
    started outlives it (the CPU of a grandchild killed that way is not
    counted: it was never waited for). Peak memory is the largest single
    process's resident set (``ru_maxrss``).
    """
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, start_new_session=True)
        code = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() - t0 > limit:
                os.killpg(proc.pid, signal.SIGKILL)
                _, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
        try:  # anything of the group still running once the child has ended
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.returncode = code if code is not None else -9  # already reaped
        wall = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        return (
            code,
            out.read(),
            err.read(),
            wall,
            usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024.0,
        )


def program_size(clauses: list[str]) -> int:
    from ilp.rules import parse_program

    return sum(r.size for r in parse_program("\n".join(clauses)))


def run_ours(task: Path, limit: float, noisy: bool) -> Run:
    cmd = [
        sys.executable,
        "-m",
        "ilp",
        "learn",
        str(task),
        "--json",
        "--quiet",
        "--timeout",
        str(limit),
    ] + (["--noisy"] if noisy else [])
    code, out, err, wall, cpu, peak = run_child(cmd, limit + GRACE)
    run = Run(seconds=round(wall, 1), cpu=round(cpu, 1), peak_mb=round(peak))
    if code is None:
        run.status, run.why = "killed", f"no answer within {limit + GRACE:.0f} s"
    elif code == 2:
        message = err.strip().splitlines()[-1] if err.strip() else "exit 2"
        run.status = "refused"
        run.why = (
            message.removeprefix("ilp learn: ")
            .removeprefix("witness learn: ")
            .replace(str(task) + "/", "")
        )
    elif code != 0:
        run.status, run.why = "error", (err.strip().splitlines() or [f"exit {code}"])[-1]
    else:
        data = json.loads(out)
        run.status = "timed_out" if data["timed_out"] else "ok"
        run.tp, run.fn, run.tn, run.fp = data["tp"], data["fn"], data["tn"], data["fp"]
        run.size = program_size(data["program"])
        run.clauses = " ".join(data["program"])
    return run


COUNTS = ("tp", "fn", "tn", "fp")


def rescore(task: Path, run: Run, limit: float) -> None:
    """Replace ``run``'s own TP/FN/TN/FP and size by the yardstick's (score_program.py)."""
    if run.tp is None or not run.clauses:
        return
    run.reported = "/".join(str(getattr(run, k)) for k in COUNTS)
    with tempfile.NamedTemporaryFile("w", suffix=".pl") as fh:
        fh.write(run.clauses + "\n")
        fh.flush()
        code, out, err, *_ = run_child(
            [sys.executable, str(HERE / "score_program.py"), str(task), fh.name], limit
        )
    if code != 0:
        why = (err.strip().splitlines() or ["killed" if code is None else f"exit {code}"])[-1]
        run.why = f"not re-scored ({why[:100]}); its own scores shown"
        return
    data = json.loads(out)
    run.tp, run.fn, run.tn, run.fp = (data[k] for k in COUNTS)
    run.size = data["size"]


def run_popper(task: Path, limit: float, noisy: bool, python: str, path: str | None) -> Run:
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    cmd = [python, str(HERE / "popper_runner.py"), str(task), str(limit)]
    code, out, err, wall, cpu, peak = run_child(
        cmd + (["noisy"] if noisy else []), limit + GRACE, env
    )
    run = Run(seconds=round(wall, 1), cpu=round(cpu, 1), peak_mb=round(peak))
    lines = [ln for ln in out.splitlines() if ln.startswith("{")]
    if code is None:
        run.status, run.why = "killed", f"no answer within {limit + GRACE:.0f} s"
    elif code != 0 or not lines:
        run.status = "error"
        run.why = (err.strip().splitlines() or [f"exit {code}"])[-1][:120]
    else:
        data = json.loads(lines[-1])
        run.status = "ok" if data["seconds"] < limit else "timed_out"
        run.tp, run.fn, run.tn, run.fp = (data.get(k) for k in ("tp", "fn", "tn", "fp"))
        run.size = data["size"]
        run.clauses = " ".join(data["clauses"])
    return run


def at_least_as_good(ours: Run, popper: Run, noisy: bool) -> bool | None:
    if ours.tp is None or popper.tp is None:
        return None
    if noisy:
        return ours.mdl <= popper.mdl
    return ours.fp == 0 and (popper.fp > 0 or ours.tp >= popper.tp)


def fmt(run: Run | None) -> str:
    if run is None:
        return ""
    if run.tp is None:
        return f"{run.status}: {run.why}"
    counts = "/".join(str(getattr(run, k)) for k in COUNTS)
    own = f" (own report {run.reported})" if run.reported and run.reported != counts else ""
    return (
        f"{run.status} {counts}{own} size {run.size} {run.seconds}s cpu {run.cpu}s {run.peak_mb}MB"
    )


def write_csv(rows: list[tuple], path: Path) -> None:
    """One line per task: name, noisy, verdict, then each engine's :class:`Run`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    keys = list(asdict(Run()).keys())
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            ["task", "noisy", "as_good"]
            + [f"ours_{k}" for k in keys]
            + [f"popper_{k}" for k in keys]
        )
        for name, noisy, ours, popper, good in rows:
            w.writerow(
                [name, noisy, good]
                + [asdict(ours)[k] for k in keys]
                + [asdict(popper)[k] if popper else "" for k in keys]
            )


def run_from_row(row: dict[str, str], who: str) -> Run | None:
    """The :class:`Run` of engine ``who`` in a CSV row written by this script."""
    if not row[f"{who}_status"]:
        return None
    run = Run()
    for key, value in asdict(Run()).items():
        text = row.get(f"{who}_{key}", "")
        if isinstance(value, str) or key in ("status", "why", "clauses", "reported"):
            setattr(run, key, text)
        elif text != "":
            setattr(run, key, float(text) if key in ("seconds", "cpu", "peak_mb") else int(text))
    return run


def popper_runs(path: Path) -> dict[str, Run]:
    """Popper's :class:`Run` of each task in an earlier CSV of this script
    (already re-scored there)."""
    with path.open() as fh:
        found = {row["task"]: run_from_row(row, "popper") for row in csv.DictReader(fh)}
    return {task: run for task, run in found.items() if run is not None}


def rescore_csv(paths: Path | list[Path], examples: Path) -> list[tuple]:
    """The rows of earlier CSVs, both engines' programs re-scored (where not yet);
    a task's row in a later CSV replaces an earlier one's."""
    found: dict[str, dict[str, str]] = {}
    for path in [paths] if isinstance(paths, Path) else paths:
        with path.open() as fh:
            found.update({row["task"]: row for row in csv.DictReader(fh)})
    rows = []
    for row in sorted(found.values(), key=lambda r: r["task"]):
        task, noisy = examples / row["task"], row["noisy"] == "True"
        ours, popper = run_from_row(row, "ours"), run_from_row(row, "popper")
        for run in (ours, popper):
            if run is not None and ours.status != "refused" and not run.reported:
                rescore(task, run, GRACE)
        good = at_least_as_good(ours, popper, noisy) if popper else None
        print(
            f"{row['task']:32} ours: {fmt(ours)}"
            + (f" | popper: {fmt(popper)} | as good: {good}" if popper else ""),
            flush=True,
        )
        rows.append((row["task"], noisy, ours, popper, good))
    return rows


def summarise(rows: list[tuple], limit: float) -> None:
    """The summary lines: tasks read and refused, time-outs, the longest
    wall against the limit, verdicts and the CPU medians and ratios."""
    read = [r for r in rows if r[2].status not in ("refused",)]
    refused = [r for r in rows if r[2].status == "refused"]
    print(
        f"\nread {len(read)} of {len(rows)} tasks; refused {len(refused)}: "
        + "; ".join(sorted({r[2].why.split(": ", 1)[-1][:70] for r in refused}))
    )
    ran = [r for r in rows if r[3] is not None]
    print(
        f"timed out: ours {sum(r[2].status == 'timed_out' for r in rows)}"
        + (
            f", popper {sum(r[3].status == 'timed_out' for r in ran)} "
            f"(no answer: {sum(r[3].tp is None for r in ran)})"
            if ran
            else ""
        )
    )
    walls = [r[2].seconds for r in rows if r[2].seconds is not None]
    if walls:  # a time limit is a limit: the whole process, start to exit
        print(
            f"ours: longest wall {max(walls):.1f} s, limit {limit:.0f} s "
            f"(past it by {max(walls) - limit:+.1f} s)"
        )
    both = [r for r in read if r[3] is not None and r[3].tp is not None and r[2].tp is not None]
    if both:
        good = sum(bool(r[4]) for r in both)
        print(f"as good as Popper on {good} of {len(both)} tasks both answered")
        back = sum(bool(at_least_as_good(r[3], r[2], r[1])) for r in both)
        print(f"Popper's program as good as ours on {back} of {len(both)}")
        print(
            f"median wall s: ours {statistics.median(r[2].seconds for r in both):.1f}, "
            f"popper {statistics.median(r[3].seconds for r in both):.1f}; median CPU s: "
            f"ours {statistics.median(r[2].cpu for r in both):.1f}, "
            f"popper {statistics.median(r[3].cpu for r in both):.1f}"
        )
        peaks = [(r[2].peak_mb, r[3].peak_mb) for r in both if r[2].peak_mb and r[3].peak_mb]
        if peaks:
            print(
                f"median peak MB ({len(peaks)} tasks): ours "
                f"{statistics.median(o for o, _ in peaks):.1f}, popper "
                f"{statistics.median(p for _, p in peaks):.1f}; ours lower on "
                f"{sum(o < p for o, p in peaks)}"
            )
        # where both time out, the ratio is the two processes' CPU share of
        # the same wall time (the machine's load), not the work each needed
        finished = [r for r in both if r[2].status == "ok" and r[3].status == "ok"]
        for label, group in (("", both), (" where both finish", finished)):
            ratios = sorted((r[2].cpu / r[3].cpu, r[0]) for r in group if r[3].cpu)
            if ratios:
                slow = ", ".join(f"{name} {x:.2f}" for x, name in ratios if x > 2)
                print(
                    f"per-task CPU ratio ours/popper{label} ({len(ratios)} tasks): median "
                    f"{statistics.median(x for x, _ in ratios):.2f}; at most 0.7 on "
                    f"{sum(x <= 0.7 for x, _ in ratios)}, below 1 on "
                    f"{sum(x < 1 for x, _ in ratios)}; above 2: {slow or 'none'}"
                )
        # a process that times out gets the CPU the machine's load leaves it
        # in its wall time: what share it got says how loaded the machine was
        stopped = [r for r in both if r[2].status == "timed_out" and r[3].status == "timed_out"]
        if stopped:
            print(
                f"where both time out ({len(stopped)} tasks), median CPU / wall: ours "
                f"{statistics.median(r[2].cpu / r[2].seconds for r in stopped):.2f}, popper "
                f"{statistics.median(r[3].cpu / r[3].seconds for r in stopped):.2f}"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("examples", type=Path, help="folder of Popper task folders")
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument(
        "--tasks",
        default="",
        help="comma-separated task names, run in this order (default: all, by name)",
    )
    ap.add_argument(
        "--popper-python",
        default=None,
        help="a Python where `import popper` works (default: this one, if it does)",
    )
    ap.add_argument("--popper-path", default=None, help="PYTHONPATH for --popper-python")
    ap.add_argument(
        "--rescore",
        type=Path,
        nargs="+",
        default=None,
        metavar="CSV",
        help="re-score the programs of these earlier CSVs instead of learning",
    )
    ap.add_argument(
        "--popper-from",
        type=Path,
        default=None,
        metavar="CSV",
        help="take Popper's results from this earlier CSV instead of running it",
    )
    ap.add_argument("--out", type=Path, default=HERE / "out" / "bench_popper_suite.csv")
    args = ap.parse_args()

    popper_python = args.popper_python
    if popper_python is None and importlib.util.find_spec("popper") is not None:
        popper_python = sys.executable
    tasks = sorted(p for p in args.examples.iterdir() if (p / "bias.pl").is_file())
    if args.tasks:
        by_name = {t.name: t for t in tasks}
        wanted = args.tasks.split(",")
        unknown = [name for name in wanted if name not in by_name]
        if unknown:
            ap.error(f"no task named {', '.join(unknown)} in {args.examples}")
        tasks = [by_name[name] for name in wanted]  # in the order given
    popper_source = f"from {args.popper_from}" if args.popper_from else popper_python
    print(
        f"{len(tasks)} tasks, limit {args.timeout:.0f} s, popper: {popper_source or 'not run'}",
        flush=True,
    )
    earlier = popper_runs(args.popper_from) if args.popper_from else None
    rows = []
    if args.rescore:
        rows = rescore_csv(args.rescore, args.examples)
    for task in [] if args.rescore else tasks:
        noisy = task.name.startswith("noisy")
        ours = run_ours(task, args.timeout, noisy)
        rescore(task, ours, GRACE)
        popper = None
        if earlier is not None:
            popper = earlier.get(task.name)
        elif popper_python:
            popper = run_popper(task, args.timeout, noisy, popper_python, args.popper_path)
            rescore(task, popper, GRACE)
        good = at_least_as_good(ours, popper, noisy) if popper else None
        print(
            f"{task.name:32} {'noisy ' if noisy else ''}ours: {fmt(ours)}"
            + (f" | popper: {fmt(popper)} | as good: {good}" if popper else ""),
            flush=True,
        )
        rows.append((task.name, noisy, ours, popper, good))
        write_csv(rows, args.out)  # after every task: a run cut short keeps what it measured

    write_csv(rows, args.out)
    summarise(rows, args.timeout)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
