"""Write a fixed collection of Popper task folders (``witness examples``'
``write_task``) for seeded triangle puzzles and panels of every family, to
compare two checkouts byte for byte: run it with each checkout on
``PYTHONPATH`` into two folders and ``diff -r`` them.

    PYTHONPATH=/path/to/old .venv/bin/python benchmarks/write_tasks.py /tmp/old
    PYTHONPATH=$PWD .venv/bin/python benchmarks/write_tasks.py /tmp/new
    diff -r /tmp/old /tmp/new && echo identical

Triangle tasks: Algorithm 4 (path) puzzles of several sizes and seeds, each
bias of ``bias/`` without a family, both positive modes, with and without
caps, one puzzle and pools. Panel tasks: generated panels of each family
(dots, squares, stars, mixed) and triangle puzzles under a family's bias.
Only ``bk.pl``, ``bias.pl``, ``exs.pl`` and ``index.json`` are kept:
``counts.json`` holds timings.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from witness.learning.examples import BIAS_DIR, write_task
from witness.search.generate import generate_set
from witness.search.generate_panels import PanelSpec, generate_from_line

TRIANGLE_BIASES = ("paper", "reach", "rich", "unvisited")
FAMILY_TYPES = {
    "dots": ("dots",),
    "squares": ("squares",),
    "stars": ("stars",),
    "mixed": ("dots", "squares", "stars"),
}


def triangle_jobs() -> list[tuple[str, list, dict]]:
    """(name, puzzles, write_task keywords) of the triangle tasks."""
    jobs = []
    for seed in (0, 1, 2):
        for size in ((2, 2), (3, 3), (3, 4), (4, 4)):
            puzzles = generate_set("path", [size], 3, seed)
            tag = f"t{size[0]}x{size[1]}_s{seed}"
            for bias in TRIANGLE_BIASES:
                kw = {"bias_file": BIAS_DIR / f"{bias}.pl", "seed": seed}
                if size[0] * size[1] < 16:  # the 4x4 ones uncapped would be large
                    jobs.append((f"{tag}_{bias}_one", puzzles[:1], kw))
                capped = {**kw, "max_pos": 200, "max_neg": 150}
                jobs.append((f"{tag}_{bias}_pool", puzzles, capped))
                jobs.append((f"{tag}_{bias}_all", puzzles[1:], {**capped, "positives": "all"}))
    return jobs


def panel_jobs() -> list[tuple[str, list, dict]]:
    """(name, panels, write_task keywords) of the panel family tasks."""
    jobs = []
    for family, types in FAMILY_TYPES.items():
        bias = {"bias_file": BIAS_DIR / f"{family}.pl"}
        for seed in (0, 1):
            rng = random.Random(seed)
            panels = [generate_from_line(3, 3, PanelSpec(types=types), rng)[0] for _ in range(3)]
            tag = f"{family}_s{seed}"
            jobs.append((f"{tag}_one", panels[:1], {**bias, "seed": seed}))
            capped = {**bias, "seed": seed, "max_pos": 150, "max_neg": 100}
            jobs.append((f"{tag}_pool", panels, capped))
            jobs.append((f"{tag}_all", panels[1:], {**capped, "positives": "all"}))
        triangles = generate_set("path", [(3, 3)], 2, 5)
        jobs.append((f"{family}_triangles", triangles, {**bias, "max_pos": 100, "max_neg": 100}))
    return jobs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path, help="a new folder for the task folders")
    args = ap.parse_args()
    jobs = triangle_jobs() + panel_jobs()
    for name, puzzles, kw in jobs:
        folder = args.out / name
        write_task(puzzles, folder, names=[f"p{i}" for i in range(len(puzzles))], **kw)
        (folder / "counts.json").unlink()
    print(f"{len(jobs)} task folders in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
