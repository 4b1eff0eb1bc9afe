"""Labelling time (``witness.learning.labels.build_path_tree``, every partial
path in one DFS pass) on the paper's quick-profile triangle sizes and on 4x4
panels of each family, this checkout beside another one (``--baseline``,
e.g. ``git archive main | tar -x -C /tmp/main``), in one run.

Each labeller runs in its own subprocess with its checkout first on
``sys.path``, on the same seeded Algorithm 4 puzzles, alternately, ``--repeat``
times; the best total per size is kept (the least disturbed by other work on
the machine). Prints CPU seconds per row and the ratio this / baseline;
stops when the two disagree on the number of paths or of completable ones.

    .venv/bin/python benchmarks/bench_labels.py --baseline /tmp/main [--per-size 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
SIZES = ((4, 4), (4, 5))
FAMILY_TYPES = {
    "dots": ("dots",),
    "squares": ("squares",),
    "stars": ("stars",),
    "mixed": ("dots", "squares", "stars"),
}

# Run in the subprocess: label each puzzle (JSON lines on stdin) as the
# paper's puzzles, or as panels of the family named by the argument; print
# the seconds, paths and completable paths; the labellers of either API
# (before the one labeller: labels.py for Puzzles, panel_labels.py for panels).
WORKER = """
import json, sys, time
from witness.learning import labels
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle
family = sys.argv[1] if len(sys.argv) > 1 else None
if hasattr(labels, "Labelling"):
    load = Panel.from_json
    label = lambda p: labels.build_path_tree(p, labels.family_labelling(family))
elif family is None:
    load, label = Puzzle.from_json, labels.build_path_tree
else:
    from witness.learning.panel_labels import build_panel_tree
    from witness.search.panel_features import FAMILIES
    load, label = Panel.from_json, lambda p: build_panel_tree(p, FAMILIES[family])
out = []
for line in sys.stdin:
    puzzle = load(line)
    t = time.process_time()
    tree = label(puzzle)
    out.append([time.process_time() - t, len(tree), sum(tree.completable)])
print(json.dumps(out))
"""


def run(checkout: Path, puzzles: list[str], family: str | None) -> list[list[float]]:
    """[cpu seconds, paths, completable] per puzzle, by the labeller of ``checkout``."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, *([family] if family else [])],
        input="\n".join(puzzles) + "\n",
        capture_output=True,
        text=True,
        env=env,
        check=True,
        cwd=checkout,
    )
    return json.loads(done.stdout)


def cases(per_size: int, seed: int) -> list[tuple[str, str | None, list[str]]]:
    """(row label, family or None, puzzles as JSON): the paper's quick-profile
    triangle sizes, and 4x4 panels of each family (Algorithm 4's panels)."""
    from witness.search.generate import generate_set
    from witness.search.generate_panels import PanelSpec, generate_from_line

    out: list[tuple[str, str | None, list[str]]] = []
    for rows, cols in SIZES:
        made = generate_set("path", [(rows, cols)], per_size, seed)
        out.append((f"{rows}x{cols}", None, [p.to_json() for p in made]))
    for family, types in FAMILY_TYPES.items():
        rng = random.Random(seed)
        spec = PanelSpec(types=types)
        made = [generate_from_line(4, 4, spec, rng)[0] for _ in range(per_size)]
        out.append((f"4x4 {family}", family, [p.to_json() for p in made]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, required=True, help="the other checkout")
    ap.add_argument("--per-size", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}; {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'puzzles':<12} {'paths':>9} {'baseline s':>10} {'this s':>8} {'this/baseline':>13}")
    for name, family, puzzles in cases(args.per_size, args.seed):
        best = {"baseline": float("inf"), "this": float("inf")}
        results = {}
        for _ in range(args.repeat):
            for which, checkout in (("baseline", args.baseline), ("this", HERE)):
                res = run(checkout, puzzles, family)
                best[which] = min(best[which], sum(r[0] for r in res))
                results[which] = [r[1:] for r in res]
        if results["baseline"] != results["this"]:
            raise SystemExit(f"{name}: the labellers disagree on paths or labels")
        paths = sum(r[0] for r in results["this"])
        ratio = best["this"] / best["baseline"]
        print(
            f"{name:<12} {paths:>9} {best['baseline']:>10.2f} {best['this']:>8.2f} {ratio:>13.2f}"
        )


if __name__ == "__main__":
    main()
