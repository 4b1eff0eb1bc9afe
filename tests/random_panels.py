"""The pieces random panels are drawn from, shared by the tests and the
benchmarks (which put tests/ on ``sys.path`` to import it): the places of a
grid or a pillar, mirror images of starts and ends, and a panel or None where
the draw is no valid panel.

Every helper returns its places in the order the generators drew from before
they shared it, so a seeded draw (``random.Random(seed)``, or a derandomized
Hypothesis strategy) gives the same panels as it did."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from witness.errors import InputError
from witness.model.base import PuzzleError
from witness.model.panel import Panel

Vertex = tuple
Edge = tuple


def grid_places(cols: int, rows: int) -> tuple[list[Vertex], list[Vertex], list[Edge]]:
    """The vertices of a flat ``cols`` x ``rows`` grid (row by row), those on
    its border, and its edges (the rows' edges, then the columns')."""
    verts = [(x, y) for y in range(rows + 1) for x in range(cols + 1)]
    border = [v for v in verts if v[0] in (0, cols) or v[1] in (0, rows)]
    edges = [((x, y), (x + 1, y)) for x, y in verts if x < cols]
    edges += [((x, y), (x, y + 1)) for x, y in verts if y < rows]
    return verts, border, edges


def pillar_places(
    cols: int, rows: int, wrap: bool = True
) -> tuple[list[Vertex], list[Vertex], list[Edge]]:
    """The vertices of a pillar ``cols`` round and ``rows`` high (column by
    column), those on its top or bottom row, and its edges (the rows' edges,
    then the columns'). A row's last edge goes back to column 0 with ``wrap``,
    else on to column ``cols`` (as the narrow-pillar generators draw it)."""
    vertices = [(x, y) for x in range(cols) for y in range(rows + 1)]
    rim = [v for v in vertices if v[1] in (0, rows)]
    edges = [((x, y), ((x + 1) % cols if wrap else x + 1, y)) for x, y in vertices]
    edges += [((x, y), (x, y + 1)) for x, y in vertices if y < rows]
    return vertices, rim, edges


def midpoints(edges: list[Edge]) -> list[Vertex]:
    """The point half way along each edge (whole coordinates as ints)."""
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in edges]
    return [(int(x) if x % 1 == 0 else x, int(y) if y % 1 == 0 else y) for x, y in mids]


def grid_mirror(cols: int, rows: int, symmetry: str | None) -> Callable[[Vertex], Vertex]:
    """A vertex's mirror image on a flat grid under ``symmetry``."""
    flip_x = symmetry in ("horizontal", "rotational")
    flip_y = symmetry in ("vertical", "rotational")

    def mirror(v: Vertex) -> Vertex:
        return (cols - v[0] if flip_x else v[0], rows - v[1] if flip_y else v[1])

    return mirror


def narrow_image(symmetry: str, rows: int, v: Vertex) -> Vertex:
    """A vertex's (or midpoint's) mirror image round a pillar of 2 columns, as
    the engine's getSymmetricalPos (half way round, then reflected)."""
    x = v[0] + 1
    x = (-x if symmetry in ("horizontal", "rotational") else x) % 2
    y = rows - v[1] if symmetry in ("vertical", "rotational") else v[1]
    return (int(x) if x % 1 == 0 else x, y)


def pillar_image(v: Vertex, cols: int, rows: int, symmetry: str) -> Vertex:
    """A vertex's mirror image round a pillar of ``cols`` columns, as the
    engine's puzzle.js (half way round, then reflected)."""
    x = (v[0] + cols // 2) % cols
    if symmetry in ("horizontal", "rotational"):
        x = -x % cols
    return (x, rows - v[1] if symmetry in ("vertical", "rotational") else v[1])


def panel_or_none(**fields: object) -> Panel | None:
    """``Panel(**fields)``, or None where the fields make no valid panel."""
    try:
        return Panel(**fields)  # type: ignore[arg-type]
    except PuzzleError:
        return None


def seeded_panels(seed: int, count: int, draw: Callable[[random.Random], dict]) -> Iterator[Panel]:
    """``count`` panels read (``Panel.from_dict``) from what ``draw`` makes of
    one ``random.Random(seed)``, passing over draws that make no panel."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        data = draw(rng)
        try:
            panel = Panel.from_dict(data)
        except InputError:
            continue
        made += 1
        yield panel
