"""Algorithm 3's speed: CPU seconds to generate seeded sets of random triangle
puzzles (``generate_set("random", ...)``, the paper's test-set generator,
which runs A* with pi_baseline on every candidate to keep the solvable ones).

Per size it prints the puzzles made, the CPU seconds and a digest of the
puzzles (their JSON in order): Algorithm 3 must give the same puzzles
whatever its search costs. ``--against DIR`` runs the same measurement with
the package of another checkout (``PYTHONPATH=DIR``, e.g. ``git worktree add
DIR COMMIT``) and with this one, in child processes, each first in every
other round, and prints both CPU totals per size, this code's over the
other's (below 1: this code is faster) and whether the digests agree.

    .venv/bin/python benchmarks/bench_generate.py [--count 300] [--sizes 2 3 4 5]
        [--seed 0] [--against DIR [--rounds 2]]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve()


def measure(sizes: list[int], count: int, seed: int) -> dict[str, dict]:
    """{size: {"puzzles", "cpu_s", "digest"}} for one seeded set per size."""
    from witness.search.generate import generate_set

    generate_set("random", [(1, 2)], 1, seed)  # loads the compiled search
    out = {}
    for size in sizes:
        t = time.process_time()
        puzzles = generate_set("random", [(size, size)], count, seed + size)
        cpu = time.process_time() - t
        digest = hashlib.sha256("\n".join(p.to_json() for p in puzzles).encode()).hexdigest()
        out[f"{size}x{size}"] = {"puzzles": len(puzzles), "cpu_s": cpu, "digest": digest[:12]}
    return out


def in_child(tree: Path, args: argparse.Namespace) -> dict[str, dict]:
    """:func:`measure` with the package of ``tree``, in a child process."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); "
        f"import importlib.util as u; s = u.spec_from_file_location('b', {str(HERE)!r}); "
        "m = u.module_from_spec(s); s.loader.exec_module(m); "
        "print(json.dumps(m.measure(json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(tree), json.dumps(args.sizes), str(args.count)]
        + [str(args.seed)],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(proc.stdout.splitlines()[-1])


def compare(args: argparse.Namespace) -> None:
    trees = {"this": HERE.parents[1], "other": args.against.resolve()}
    cpu: dict[str, dict[str, float]] = {"this": {}, "other": {}}
    digests: dict[str, dict[str, str]] = {"this": {}, "other": {}}
    for r in range(args.rounds):
        order = ["other", "this"] if r % 2 == 0 else ["this", "other"]
        for name in order:
            for size, row in in_child(trees[name], args).items():
                cpu[name][size] = cpu[name].get(size, 0.0) + row["cpu_s"]
                digests[name][size] = row["digest"]
            print(f"round {r + 1}: {name} done", flush=True)
    print(f"{'size':<5} {'CPU s this':>11} {'other':>8} {'ratio':>6} same puzzles")
    for size in cpu["this"]:
        mine, theirs = cpu["this"][size], cpu["other"][size]
        same = digests["this"][size] == digests["other"][size]
        print(f"{size:<5} {mine:>11.2f} {theirs:>8.2f} {mine / theirs:>6.2f} {same}")
    mine, theirs = sum(cpu["this"].values()), sum(cpu["other"].values())
    print(f"{'all':<5} {mine:>11.2f} {theirs:>8.2f} {mine / theirs:>6.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=300, help="puzzles per size")
    ap.add_argument("--sizes", type=int, nargs="+", default=[2, 3, 4, 5])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--against", type=Path, default=None, help="another checkout to compare")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    if args.against is not None:
        compare(args)
        return
    print(f"{'size':<5} {'puzzles':>7} {'CPU s':>7} digest")
    for size, row in measure(args.sizes, args.count, args.seed).items():
        print(f"{size:<5} {row['puzzles']:>7} {row['cpu_s']:>7.2f} {row['digest']}")


if __name__ == "__main__":
    main()
