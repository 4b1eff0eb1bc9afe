"""Solution counts on random small pillars: the community engine's own solver
(``engine/solve.js`` under node, through benchmarks/engine_validate.js, of a
snapshot's ``engine/`` folder: fetched, never part of the repository) beside
clingo (what ``witness solve --count --solver asp`` runs) and the rules
checker's brute force (:func:`witness.search.count.count_with_checker`), and
whether A* (:func:`witness.search.panel_search.solve_panel`) finds a line
exactly when they count one.

Pillars 3 or 4 columns round and 1 to 3 rows high, with squares, stars,
triangles, polyominoes (some rotatable, some negative), cancellers, dots and gaps
at random, one start and one end on the top or bottom row, and on four
columns one panel in two symmetric (horizontal, vertical, rotational or
``shift``, each start and end with its mirror image); with ``--halves``,
the start and the end each half way along a random edge (the seam's too)
one time in two. Each is written in the engine's format by ``witness
export --to jbz`` (:func:`panel_to_jbz`).
Prints how many panels the three counts and A* agree on and each disagreement.

    PYTHONPATH=. .venv/bin/python benchmarks/pillar_counts.py ENGINE_DIR [--panels 200] [--seed 0]
        [--halves]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

from witness.model.base import PILLAR_SHIFT, midpoint
from witness.model.jbz import panel_to_jbz
from witness.model.panel import Panel, Polyomino
from witness.search.asp_solver import count_panel_asp
from witness.search.count import count_with_checker
from witness.search.panel_search import solve_panel

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from random_panels import pillar_image, pillar_or_none, pillar_places  # noqa: E402

SHAPES = (((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1), (1, 1)), ((0, 0), (1, 0), (2, 0)))
COLOURS = ("red", "blue")


def random_pillar(rng: random.Random, halves: bool = False) -> Panel | None:
    """One random pillar (module doc), or None when the draw is not a valid panel."""
    cols, rows = rng.choice((3, 4)), rng.randint(1, 3)
    symmetry = None
    if cols == 4 and rng.random() < 0.5:
        symmetry = rng.choice(("horizontal", "vertical", "rotational", PILLAR_SHIFT))
    vertices, rim, edges = pillar_places(cols, rows)
    cells = [(x, y) for x in range(cols) for y in range(rows)]
    out: dict = {k: [] for k in ("squares", "stars", "triangles", "cancellers", "polyominoes")}
    for x, y in rng.sample(cells, rng.randint(0, min(4, len(cells)))):
        kind = rng.choice(("squares", "stars", "triangles", "cancellers", "polyominoes"))
        colour = rng.choice(COLOURS)
        if kind == "triangles":
            out[kind].append((x, y, rng.randint(1, 3), colour))
        elif kind == "polyominoes":
            negative = rng.random() < 0.3
            piece = Polyomino((x, y), rng.choice(SHAPES), rng.random() < 0.5, negative, colour)
            out[kind].append(piece)
        elif kind == "cancellers":
            out[kind].append((x, y, "white"))
        else:
            out[kind].append((x, y, colour))
    gaps = rng.sample(edges, rng.randint(0, 2))
    spots = vertices + [e for e in edges if e not in gaps]
    dots = rng.sample(spots, rng.randint(0, 2))
    start, end = rng.choice(vertices), rng.choice(rim)
    if halves and rng.random() < 0.5:
        start = midpoint(rng.choice(edges))
    if halves and rng.random() < 0.5:
        end = midpoint(rng.choice(edges))
    starts, ends = {start}, {end}
    if symmetry is not None:  # the engine's mirror image round a pillar (puzzle.js)
        starts.add(pillar_image(start, cols, rows, symmetry))
        ends.add(pillar_image(end, cols, rows, symmetry))
    symbols = {k: tuple(v) for k, v in out.items()}
    return pillar_or_none(rows, cols, starts, ends, gaps, dots, symmetry=symmetry, **symbols)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engine", type=Path, help="the engine/ folder of a snapshot")
    parser.add_argument("--panels", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--halves", action="store_true", help="starts and ends on edges too")
    args = parser.parse_args(argv)
    script = Path(__file__).with_name("engine_validate.js")
    node = subprocess.Popen(
        ["node", str(script), str(args.engine)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert node.stdin is not None and node.stdout is not None
    rng = random.Random(args.seed)
    agree = total = 0
    kinds = {"solvable": 0, "symmetric": 0, "polyominoes": 0, "negative": 0, "cancellers": 0}
    kinds["solutions"] = kinds["halves"] = 0
    while total < args.panels:
        panel = random_pillar(rng, args.halves)
        if panel is None:
            continue
        total += 1
        node.stdin.write(json.dumps({"puzzle": panel_to_jbz(panel)[0], "count": True}) + "\n")
        engine = json.loads(node.stdout.readline())["count"]
        asp = count_panel_asp(panel, time_limit=60).count
        checker = count_with_checker(panel, time_limit=60).count
        astar = solve_panel(panel, time_limit=60).status
        if engine == asp == checker and astar == ("solved" if engine else "unsolvable"):
            agree += 1
        else:
            print(
                f"engine {engine}, clingo {asp}, checker {checker}, A* {astar}: {panel.to_json()}"
            )
        kinds["solvable"] += bool(engine)
        kinds["solutions"] += engine
        kinds["symmetric"] += panel.symmetry is not None
        kinds["halves"] += bool(panel.halves)
        kinds["polyominoes"] += bool(panel.polyominoes)
        kinds["cancellers"] += bool(panel.cancellers)
        kinds["negative"] += any(p.negative for p in panel.polyominoes)
    node.stdin.close()
    node.wait()
    print(
        f"{agree} of {total} random pillars: the engine's solver, clingo, the checker and A* agree"
    )
    print(
        f"({kinds['solvable']} solvable, {kinds['solutions']} solutions in all; "
        f"{kinds['symmetric']} symmetric, {kinds['polyominoes']} with polyominoes "
        f"({kinds['negative']} negative ones), "
        f"{kinds['cancellers']} with cancellers, "
        f"{kinds['halves']} with a start or an end half way along an edge)"
    )
    return 0 if agree == total else 1


if __name__ == "__main__":
    sys.exit(main())
