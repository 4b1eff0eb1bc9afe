"""The pieces random panels are drawn from, shared by the tests and the
benchmarks (which put tests/ on ``sys.path`` to import it): the places of a
grid or a pillar, mirror images of starts and ends, and a panel or None where
the draw is no valid panel.

Every helper returns its places in the order the generators drew from before
they shared it, so a seeded draw (``random.Random(seed)``, or a derandomized
Hypothesis strategy) gives the same panels as it did."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from witness.errors import InputError
from witness.model.base import PuzzleError
from witness.model.panel import Dot, Panel

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


def mirrored(cols: int, rows: int, symmetry: str | None, points: Iterable[Vertex]) -> list:
    """``points`` and their mirror images on a flat grid under ``symmetry``
    (None: the points alone), once each, sorted."""
    mirror = grid_mirror(cols, rows, symmetry)
    return sorted({*points, *map(mirror, points)})


def draw_grid_marks(
    draw: Callable, cols: int, rows: int, symmetry: str | None, most_dots: int, **terminals: set
) -> dict:
    """Hypothesis draws on a flat grid as Panel fields: the ``terminals``
    (starts and ends) with their mirror images (:func:`mirrored`), sorted; up
    to ``most_dots`` dots (on vertices or edges), 2 gaps and 2 removed edges,
    no gap nor removed edge under a dot, nor both; dots coloured only on a
    symmetric panel."""
    from hypothesis import strategies as st

    verts, _, edges = grid_places(cols, rows)
    dots = draw(st.lists(st.sampled_from(verts + edges), max_size=most_dots, unique=True))
    gaps = draw(st.lists(st.sampled_from(edges), max_size=2, unique=True))
    removed = draw(st.lists(st.sampled_from(edges), max_size=2, unique=True))
    dot_colours = ["black", "blue", "yellow"] if symmetry else ["black"]
    return {
        **{key: mirrored(cols, rows, symmetry, points) for key, points in terminals.items()},
        "symmetry": symmetry,
        "dots": tuple(Dot(d, draw(st.sampled_from(dot_colours))) for d in dots),
        "gaps": tuple(e for e in gaps if e not in dots),
        "removed_edges": tuple(e for e in removed if e not in dots and e not in gaps),
    }


def draw_cell_symbols(draw: Callable, cells: list, most: int, most_triangle: int) -> dict:
    """Hypothesis draws of squares, stars and triangles (red or blue) in up
    to ``most`` of ``cells``, as Panel fields."""
    from hypothesis import strategies as st

    taken = draw(st.lists(st.sampled_from(cells), unique=True, max_size=most))
    fields: dict = {"squares": [], "stars": [], "triangles": []}
    for x, y in taken:
        kind = draw(st.sampled_from(("square", "star", "triangle")))
        colour = draw(st.sampled_from(("red", "blue")))
        if kind == "triangle":
            fields["triangles"].append((x, y, draw(st.integers(1, most_triangle)), colour))
        else:
            fields[kind + "s"].append((x, y, colour))
    return {name: tuple(items) for name, items in fields.items()}


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


def panel_or_none(
    rows: int, cols: int, starts: Iterable[Vertex], ends: Iterable[Vertex], **fields: object
) -> Panel | None:
    """The panel ``rows`` x ``cols`` with ``starts``, ``ends`` and the other
    ``fields``, or None where they make no valid panel."""
    fields.update(rows=rows, cols=cols, starts=tuple(starts), ends=tuple(ends))
    try:
        return Panel(**fields)  # type: ignore[arg-type]
    except PuzzleError:
        return None


def pillar_or_none(
    rows: int,
    cols: int,
    starts: Iterable[Vertex],
    ends: Iterable[Vertex],
    gaps: Iterable[Edge],
    dots: Iterable[Vertex | Edge],
    **fields: object,
) -> Panel | None:
    """A pillar (:func:`panel_or_none`) with ``gaps`` and black dots at ``dots``."""
    dotted = tuple(Dot(at) for at in dots)
    return panel_or_none(
        rows, cols, starts, ends, gaps=tuple(gaps), dots=dotted, pillar=True, **fields
    )


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
