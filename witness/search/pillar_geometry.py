"""The compiled A* core's arrays for a pillar (a panel that wraps round left
to right, :class:`~witness.model.panel.Panel`'s ``pillar``).

The core (:mod:`witness.search.kernels.panel`) reads a panel's geometry
from arrays, which wrap here: the legal steps, the places of edges (the
seam edge of row y lies at doubled-grid place ``(2 cols - 1, 2 y)``), the
neighbouring places (a cell's sides, their ends and the cells at a vertex
are read from them, so the rules read across the seam), the mirror map of
the engine's pillar symmetry and the distances to the ends.
:func:`pillar_arrays` gives those fields of
:class:`~witness.search.panel_geometry.PanelGeometry`; that module adds the
symbols and the rules as on a rectangle and splits the edges of starts and
ends half way along them. What pi_baseline leaves out round a pillar (the
tiling search, the floods over cells alone): docs/search.md.

Vertex ids and places are numbered as on a rectangle of ``cols`` cells
(vertex ``(x, y)`` is ``y * (cols + 1) + x``, place ``(px, py)`` is ``py *
(2 cols + 1) + px``); vertex column ``cols`` and place column ``2 cols``,
which a pillar has not, are left unreachable (outside).
"""

from __future__ import annotations

import numpy as np

from witness.model.base import DIRECTIONS, Vertex, edge_point
from witness.model.panel import Panel


def wrapped_distance(
    panel: Panel, a: tuple[float, float], b: tuple[float, float], doubled: bool = False
) -> int:
    """Manhattan distance round the pillar (on the doubled grid when ``doubled``),
    rounded down (a start's or an end's midpoint is half way along an edge)."""
    around = 2 * panel.cols if doubled else panel.cols
    dx = abs(a[0] - b[0]) % around
    return int(min(dx, around - dx) + abs(a[1] - b[1]))


def _doubled_mirror(panel: Panel, p: tuple[int, int]) -> tuple[int, int]:
    """The engine's mirror image of a doubled-grid place round a pillar."""
    width = 2 * panel.cols
    x = (p[0] + panel.cols) % width
    if panel.symmetry in ("horizontal", "rotational"):
        x = -x % width
    y = 2 * panel.rows - p[1] if panel.symmetry in ("vertical", "rotational") else p[1]
    return (x, y)


def _steps(panel: Panel, vid, place) -> tuple[np.ndarray, np.ndarray]:
    """neighbour[v, d] (a legal step's target, the mirror line's step legal
    too, or -1) and epoint[v, d] (the place of the grid edge that way, or -1)."""
    n = (panel.cols + 1) * (panel.rows + 1)
    neighbour = np.full((n, 4), -1, np.int32)
    epoint = np.full((n, 4), -1, np.int32)
    for v in panel.vertices():
        free = set(panel.neighbours(v))
        for d, (dx, dy) in enumerate(DIRECTIONS):
            w = ((v[0] + dx) % panel.cols, v[1] + dy)
            if not panel.in_grid(w):
                continue
            epoint[vid(v), d] = place(edge_point(v, w))
            if w not in free:
                continue
            if panel.symmetry is not None:
                mv, mw = panel.mirror(v), panel.mirror(w)
                if mw == w or mw not in panel.neighbours(mv):
                    continue
            neighbour[vid(v), d] = vid(w)
    return neighbour, epoint


def _places(panel: Panel, place) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """pnb, outside and mpoint over the doubled grid (column 2 cols outside).
    As on a rectangle, pnb links places outside the panel too (the floods skip
    them; the ends of a triangle's side and the cells at a vertex are read
    from it)."""
    cols, width, height = panel.cols, 2 * panel.cols + 1, 2 * panel.rows + 1
    n_places = width * height
    every = [(x, y) for y in range(height) for x in range(width)]
    pnb = np.full((n_places, 4), -1, np.int32)
    outside = np.zeros(n_places, np.uint8)
    for px, py in every:
        if px == 2 * cols or (px, py) in panel.outside:
            outside[place((px, py))] = 1
        if px == 2 * cols:
            continue
        for d, (dx, dy) in enumerate(DIRECTIONS):
            qx, qy = (px + dx) % (2 * cols), py + dy
            if 0 <= qy < height:
                pnb[place((px, py)), d] = place((qx, qy))
    mpoint = np.array([-1], np.int32)
    if panel.symmetry is not None:
        mpoint = np.full(n_places, -1, np.int32)
        for p in every:
            if p[0] < 2 * cols:
                mpoint[place(p)] = place(_doubled_mirror(panel, p))
    return pnb, outside, mpoint


def pillar_arrays(panel: Panel) -> dict:
    """The wrapping arrays of a pillar (module doc), by PanelGeometry's field
    names: neighbour, vpoint, epoint, mirror, mpoint, pnb, outside, h and
    place_end. witness.search.panel_geometry adds the symbols and the rules
    (the same as on a rectangle) and then splits the edges of starts and ends
    half way along them, as on a rectangle."""
    cols, rows = panel.cols, panel.rows
    width, height = 2 * cols + 1, 2 * rows + 1
    n, n_places = (cols + 1) * (rows + 1), width * height

    def vid(v: Vertex) -> int:
        return v[1] * (cols + 1) + v[0]

    def place(p: tuple[int, int]) -> int:
        return p[1] * width + p[0]

    neighbour, epoint = _steps(panel, vid, place)
    vpoint = np.array([place((2 * (i % (cols + 1)), 2 * (i // (cols + 1)))) for i in range(n)])
    pnb, outside, mpoint = _places(panel, place)
    mirror = np.array([-1], np.int32)
    if panel.symmetry is not None:
        mirror = np.full(n, -1, np.int32)
        for v in panel.vertices():
            mirror[vid(v)] = vid(panel.mirror(v))
    h = np.zeros(n, np.int32)
    for v in panel.vertices():
        h[vid(v)] = min(wrapped_distance(panel, v, e) for e in panel.ends)
    place_end = np.array(
        [min(wrapped_distance(panel, p, (2 * e[0], 2 * e[1]), True) for e in panel.ends) for p in
         [(i % width, i // width) for i in range(n_places)]],
        np.int32,
    )  # fmt: skip
    return dict(
        neighbour=neighbour,
        vpoint=vpoint.astype(np.int32),
        epoint=epoint,
        mirror=mirror,
        mpoint=mpoint,
        pnb=pnb,
        outside=outside,
        h=h,
        place_end=place_end,
    )
