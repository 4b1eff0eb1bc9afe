"""Rule generation speed: clingo's solver configurations on the generator's program.

For each Popper task folder given, builds the rule generator as the learner
does (the bias, with the constraints read from the BK's fact relations) once
per configuration, and enumerates every rule of each body size up to
``--max-size`` with no learned constraints. Printed per task and size: the
rules enumerated (the same under every configuration, else the script says
so) and the CPU seconds of each configuration, with the ratio to the first
(clingo's default, "tweety"). The engine uses
:data:`ilp.generate.CLINGO_CONFIG`.

    .venv/bin/python benchmarks/bench_generate.py TASK [TASK ...] [--max-size 3]
        [--configs tweety,frumpy]

Popper's own generator, for comparison: its ``--stats`` style summary
(``popper.py TASK -v``) prints the mean generate time per program (about
0.5 ms on Popper's ``1d_flip`` on this machine, shared, 2026-11-23).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import ilp.generate as generate
from ilp.bias import read_bias
from ilp.bkcons import bk_constraints
from ilp.test import Tester


def enumerate_sizes(task: Path, config: str, max_size: int) -> list[tuple[int, float]]:
    """(rules, CPU seconds) of each body size 1..max_size under one configuration."""
    bias = read_bias(task / "bias.pl")
    with Tester(task / "bk.pl", task / "exs.pl", bias) as tester:
        found = bk_constraints(bias, tester)
    generate.CLINGO_CONFIG = config
    gen = generate.Generator(bias, found.facts, found.symmetric)
    out = []
    for size in range(1, min(max_size, bias.max_body) + 1):
        t0 = time.process_time()
        n = sum(1 for _ in gen.rules(size))
        out.append((n, time.process_time() - t0))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tasks", nargs="+", type=Path)
    ap.add_argument("--max-size", type=int, default=3)
    ap.add_argument(
        "--configs",
        default="tweety,frumpy",
        help="clingo --config values, the first is the baseline",
    )
    args = ap.parse_args(argv)
    configs = args.configs.split(",")
    engine = generate.CLINGO_CONFIG
    print(f"engine's configuration: {engine}")
    for task in args.tasks:
        runs = {c: enumerate_sizes(task, c, args.max_size) for c in configs}
        base = runs[configs[0]]
        for k, (n, sec) in enumerate(base, start=1):
            cells = []
            for c in configs:
                m, s = runs[c][k - 1]
                if m != n:
                    cells.append(f"{c} {m} rules (not {n}!)")
                cells.append(f"{c} {s:.2f} s ({s / sec if sec else float('nan'):.2f}x)")
            print(f"{task.name:32} size {k}: {n:6d} rules; " + "; ".join(cells), flush=True)
    generate.CLINGO_CONFIG = engine
    return 0


if __name__ == "__main__":
    sys.exit(main())
