"""What loading each compiled core costs a fresh process: CPU seconds,
wall seconds and peak memory (max RSS) with numba's cache empty (the core is
compiled) and then warm (it is loaded from the cache). The pipeline's rules
that run A* declare memory from these peaks (workflow/rules/common.smk,
docs/cluster.md).

Each measurement is a child process that imports the core's driver and calls
its ``warm_up``: the search core's (:func:`witness.search.solvers.warm_up`)
and the triangle family's MUSE core's (:mod:`witness.difficulty.compiled`),
with ``NUMBA_CACHE_DIR`` pointing at a cache folder of this run: a new empty
one by default (removed afterwards), or ``--cache-dir`` (it must be empty; it
is kept, so later runs with the same ``NUMBA_CACHE_DIR`` start warm).

    .venv/bin/python benchmarks/bench_compile.py [--cores panel muse] [--cache-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRIVERS = {"panel": "witness.search.panel_search", "muse": "witness.difficulty.compiled"}


def load_core(core: str, cache_dir: Path) -> dict:
    """CPU s, wall s and peak MB of a child process that loads ``core``."""
    code = f"import {DRIVERS[core]} as d; d.warm_up()"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache_dir), "PYTHONPATH": str(ROOT)}
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=ROOT)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t0
    if status != 0:
        raise SystemExit(f"loading the {core} core failed (wait status {status})")
    return {
        "cpu": usage.ru_utime + usage.ru_stime,
        "wall": wall,
        "peak_mb": usage.ru_maxrss / 1024,  # KB on Linux
    }


def measure(cores: list[str], cache_dir: Path) -> None:
    print("| core | cache | CPU s | wall s | peak MB |")
    print("| --- | --- | ---: | ---: | ---: |")
    for core in cores:
        for cache in ("empty", "warm"):
            row = load_core(core, cache_dir)
            print(
                f"| {core} | {cache} | {row['cpu']:.1f} | {row['wall']:.1f} "
                f"| {row['peak_mb']:.0f} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cores", nargs="+", choices=list(DRIVERS), default=list(DRIVERS))
    parser.add_argument("--cache-dir", type=Path, default=None, help="an empty folder, kept")
    args = parser.parse_args()
    if args.cache_dir is None:
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as tmp:
            measure(args.cores, Path(tmp))
        return
    args.cache_dir.mkdir(parents=True, exist_ok=True)
    if any(args.cache_dir.iterdir()):
        raise SystemExit(f"--cache-dir {args.cache_dir}: not empty (the compile would not run)")
    measure(args.cores, args.cache_dir)


if __name__ == "__main__":
    main()
