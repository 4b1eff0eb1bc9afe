"""Pillars 1 or 2 columns round: clingo's count beside the community engine's
own solver on random panels.

Draws ``--count`` random pillars of 1 or 2 columns and 1 to ``--rows`` rows
(seeded): starts on vertices or half way along edges, ends on the top or
bottom row or half way along edges, a symmetry on 2 columns (the engine's
four kinds round a pillar), FAT_STARTPOINTS on or off, and up to ``--symbols``
cells of squares, stars, triangles, cancellers and small polyominoes, dots
and gaps. Each is counted by clingo (``count_panel_asp``) and, exported
(``panel_to_jbz``), by the engine's solver run under node as
benchmarks/engine_agreement.py runs it (the engine/ folder of a
jbzdarkid/jbzdarkid.github.io snapshot, fetched, is the first argument).
Prints how many counts agree and each panel on which they do not.

    .venv/bin/python benchmarks/narrow_pillars.py ENGINE_DIR [--count 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from engine_agreement import Engine
from tqdm import tqdm

from witness.model.jbz import panel_to_jbz
from witness.model.panel import Panel, Polyomino
from witness.search.asp_solver import count_panel_asp

sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
from random_panels import midpoints, narrow_image, pillar_or_none, pillar_places  # noqa: E402

SYMMETRIES = (None, "shift", "horizontal", "vertical", "rotational")
SHAPES = (((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 0), (1, 0), (1, 1)))


def _cells(rng: random.Random, cols: int, rows: int, most: int) -> dict:
    """Symbols in up to ``most`` random cells, by the panel's field names."""
    out: dict = {"squares": [], "stars": [], "triangles": [], "cancellers": [], "polyominoes": []}
    cells = [(x, y) for x in range(cols) for y in range(rows)]
    for x, y in rng.sample(cells, rng.randint(0, min(most, len(cells)))):
        kind, colour = rng.choice(tuple(out)), rng.choice(("red", "blue"))
        if kind == "triangles":
            out[kind].append((x, y, rng.randint(1, 4), "orange"))
        elif kind == "polyominoes":
            shape = rng.choice(SHAPES)
            out[kind].append(Polyomino((x, y), shape, rng.random() < 0.5, rng.random() < 0.2))
        elif kind == "cancellers":
            out[kind].append((x, y, "white"))
        else:
            out[kind].append((x, y, colour))
    return out


def random_narrow(rng: random.Random, rows_most: int, symbols: int) -> Panel | None:
    """A random pillar of 1 or 2 columns (module doc); None when the draw is
    no panel (a dot on a gap, and the like)."""
    cols, rows = rng.randint(1, 2), rng.randint(1, rows_most)
    vertices, rim, edges = pillar_places(cols, rows, wrap=False)
    mids = midpoints(edges)
    starts = set(rng.sample(vertices + mids, rng.randint(1, 2)))
    ends = set(rng.sample(rim + mids, rng.randint(1, 2)))
    symmetry = rng.choice(SYMMETRIES) if cols == 2 else None
    if symmetry is not None:
        starts |= {narrow_image(symmetry, rows, v) for v in starts}
        ends |= {narrow_image(symmetry, rows, v) for v in ends}
    gaps = rng.sample(edges, rng.randint(0, 2))
    dots = rng.sample(vertices + edges, rng.randint(0, 2))
    fat_starts = rng.random() < 0.3
    cells = _cells(rng, cols, rows, symbols)
    return pillar_or_none(
        rows, cols, starts, ends, gaps, dots, symmetry=symmetry, fat_starts=fat_starts, **cells
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", type=Path, help="the engine/ folder of a witnesspuzzles.com snapshot")
    ap.add_argument("--count", type=int, default=300, help="random panels (default 300)")
    ap.add_argument("--rows", type=int, default=3, help="the most rows (default 3)")
    ap.add_argument("--symbols", type=int, default=3, help="the most symbol cells (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=20.0, help="each count's time limit")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Engine(args.engine, args.seconds)
    tally: Counter = Counter()
    try:
        with tqdm(total=args.count, desc="panels", unit="panel") as bar:
            while bar.n < args.count:
                panel = random_narrow(rng, args.rows, args.symbols)
                if panel is None:
                    continue
                ours = count_panel_asp(panel, time_limit=args.seconds)
                theirs = engine.count(panel_to_jbz(panel)[0])
                kind = "symmetric" if panel.symmetry else "plain"
                if ours.status != "counted" or theirs is None:
                    tally[kind, "stopped"] += 1
                elif ours.count == theirs:
                    tally[kind, "agree"] += 1
                    tally[kind, "solvable"] += theirs > 0
                else:
                    tally[kind, "differ"] += 1
                    print(f"differ: clingo {ours.count}, engine {theirs}: {panel.to_json()}")
                bar.update()
    finally:
        engine.close()
    for kind in ("plain", "symmetric"):
        print(
            f"{kind}: {tally[kind, 'agree']} agree ({tally[kind, 'solvable']} solvable), "
            f"{tally[kind, 'differ']} differ, {tally[kind, 'stopped']} stopped"
        )


if __name__ == "__main__":
    main()
