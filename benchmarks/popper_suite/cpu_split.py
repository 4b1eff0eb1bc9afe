"""Where the ILP engine's CPU goes on one task: setup, generate, test, constrain, combine.

The engine times its phases with ``time.perf_counter`` (wall seconds), which
on a loaded machine says more about the other processes than about the
engine. This script learns the task in this process with that clock
replaced by the process's CPU clock (``time.process_time``: Prolog, through
janus, and clingo run in this process, so their CPU counts), so each phase's
seconds, and the time limit, are CPU seconds. Printed: the total CPU of
``learn``, each phase's CPU seconds and share, rules and programs tested,
the answer and why the search stopped.

    .venv/bin/python benchmarks/popper_suite/cpu_split.py TASK [--timeout 60] [--noisy]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

PHASES = (
    ("setup", "setup_seconds"),
    ("generate", "generate_seconds"),
    ("test", "test_seconds"),
    ("constrain", "explain_seconds"),
    ("combine", "combine_seconds"),
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("task", type=Path)
    ap.add_argument("--timeout", type=float, default=60.0, help="CPU seconds")
    ap.add_argument("--noisy", action="store_true")
    args = ap.parse_args()

    from ilp.api import learn

    time.perf_counter = time.process_time  # the engine's phase timers and deadline
    c0 = time.process_time()
    _, scores, stats = learn(args.task, timeout=args.timeout, noisy=args.noisy)
    total = time.process_time() - c0
    parts = {name: getattr(stats, key) for name, key in PHASES}
    print(f"{args.task.name}: learn {total:.2f} CPU s")
    print(
        "  "
        + ", ".join(f"{name} {s:.2f} ({s / total:.0%})" for name, s in parts.items())
        + f", other {total - sum(parts.values()):.2f}"
    )
    print(
        f"  {stats.rules_tested} rules and {stats.programs_tested} programs tested; "
        f"{scores.tp}/{scores.fn}/{scores.tn}/{scores.fp}; {stats.stop_reason}"
    )


if __name__ == "__main__":
    main()
