"""The arrays the general panel core (:mod:`witness.search.kernels.panel`)
searches on: a panel's vertices, steps, places, symbols and pieces, built once
per panel (:func:`build_panel_geometry`) for :mod:`witness.search.panel_search`.
A pillar's wrapping arrays come from :mod:`witness.search.pillar_geometry`; a
start or an end half way along an edge adds its midpoint as a vertex."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from witness.errors import InputError
from witness.model.base import (
    DIRECTIONS,
    MAIN_LINE,
    MIRROR_LINE,
    NO_COLOUR,
    Vertex,
    edge_point,
)
from witness.model.panel import Panel, Polyomino
from witness.model.rules import piece_cover, windmill_colour_text
from witness.search.kernels.panel import (
    DOT_ANY,
    DOT_MAIN,
    DOT_MIRROR,
    P_CANCELLER,
    P_COUNTED,
    P_DOT,
    P_POLYOMINO,
    P_SQUARE,
    P_STAR,
    P_TRIANGLE,
    POLY_AREA,
)
from witness.search.pillar_geometry import pillar_arrays, wrapped_distance


@dataclass
class PanelGeometry:
    """Flat arrays the compiled core reads, derived once per panel. Vertex
    ``(x, y)`` is id ``y * (cols + 1) + x``; a place of the doubled grid
    ``(px, py)`` is ``py * width + px`` with width ``2 cols + 1``."""

    neighbour: np.ndarray  # int32[n_vertices, 4]: where a legal step leads, or -1
    vpoint: np.ndarray  # int32[n_vertices]: a vertex's place
    epoint: np.ndarray  # int32[n_vertices, 4]: the place of the edge in that direction
    mirror: np.ndarray  # int32[n_vertices]: the mirror vertex; [-1] without symmetry
    mpoint: np.ndarray  # int32[n_places]: the mirror place; [-1] without symmetry
    pnb: np.ndarray  # int32[n_places, 4]: neighbouring places, or -1
    pvertex: np.ndarray  # int32[n_places]: the vertex at a place, or -1
    h: np.ndarray  # int32[n_vertices]: least Manhattan distance to an end
    is_end: np.ndarray  # uint8[n_vertices]
    ends: np.ndarray  # int32: end vertex ids
    kind: np.ndarray  # int32[n_places]: P_* symbol kind
    colour: np.ndarray  # int32[n_places]: colour id of a coloured symbol
    value: np.ndarray  # int32[n_places]: triangle number, polyomino (kernels.POLY_AREA), dot's line
    outside: np.ndarray  # uint8[n_places]: cut off from the panel by removed edges
    symbols: np.ndarray  # int32: places holding a symbol or a dot
    dot_point: np.ndarray  # int32[n_dots]
    dot_a: np.ndarray  # int32[n_dots]: its vertex, or one end of its edge
    dot_b: np.ndarray  # int32[n_dots]: the other end, or -1
    targets: np.ndarray  # int32[n, 5]: places of dots and triangles (the estimate h
    # reads), each with its x and y and its mirror image's (itself without symmetry)
    place_end: np.ndarray  # int32[n_places]: doubled-grid distance to the nearest end
    width: int
    height: int
    n_colours: int
    rules: np.ndarray  # int64[8]: how many cancellers, region rule on, fast path allowed,
    # region symbols, vertices with a legal step, every symbol in a cell and nothing
    # outside (regions are flooded over cells alone), symmetry and nothing outside
    # (rule 5 looks near the step alone), a finished line's regions left to the
    # checker (_split_geometry)
    starts: list[int]
    # the pieces' kinds for the exact tiling of a closed region (kernels.tiles_exactly):
    # piece_of int32[n_places] (a polyomino's kind), offs int32[kinds, 4, m, 2] (the
    # places an orientation covers, from its first cell), noffs int32[kinds, 4], norient
    # int32[kinds]
    tiles: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
    key_bounds: tuple[int, int]  # (F, H): every path's key (pi, f, h, n) has f < F, h < H
    n_pieces: int  # polyominoes on the panel
    # vertex by id when the panel has starts or ends half way along an edge (their
    # midpoints are vertices numbered after the grid's: _split_geometry), else None
    names: tuple[Vertex, ...] | None = None
    pillar: bool = False  # (no tiling search round a pillar: kernels.tiling_scratch)

    def arrays(self) -> tuple:
        """The core's geometry arguments, in its order."""
        return (
            self.neighbour,
            self.vpoint,
            self.epoint,
            self.mirror,
            self.mpoint,
            self.pnb,
            self.pvertex,
            self.h,
            self.is_end,
            self.ends,
            self.kind,
            self.colour,
            self.value,
            self.outside,
            self.symbols,
            self.dot_point,
            self.dot_a,
            self.dot_b,
            self.targets,
            self.place_end,
            self.width,
            self.height,
            self.n_colours,
            self.rules,
        )


def _lattice_steps(columns: int, lines: int) -> np.ndarray:
    """int32[columns * lines, 4]: the neighbour of each point of a columns x lines
    lattice (numbered y * columns + x) in each direction (DIRECTIONS), or -1."""
    return _lattice_table(columns, lines).copy()


@functools.lru_cache(maxsize=64)
def _lattice_table(columns: int, lines: int) -> np.ndarray:
    xs, ys = _lattice_xy(columns, lines)
    out = np.empty((columns * lines, 4), np.int32)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        qx, qy = xs + dx, ys + dy
        inside = (qx >= 0) & (qx < columns) & (qy >= 0) & (qy < lines)
        out[:, d] = np.where(inside, qy * columns + qx, -1)
    return out


@functools.lru_cache(maxsize=64)
def _lattice_xy(columns: int, lines: int) -> tuple[np.ndarray, np.ndarray]:
    """x and y of each point of a columns x lines lattice, numbered y * columns
    + x; read-only, shared by every panel of the size (a small panel's arrays
    are built before each search, which may take less)."""
    ids = np.arange(columns * lines)
    xs, ys = ids % columns, ids // columns
    xs.flags.writeable = ys.flags.writeable = False
    return xs, ys


def _legal_steps(panel: Panel, vid) -> np.ndarray:
    """neighbour[v, d]: the step's target when the line (and its mirror) may take it."""
    neighbour = _lattice_steps(panel.cols + 1, panel.rows + 1)
    for a, b in panel.blocked:
        d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        neighbour[vid(a), d] = neighbour[vid(b), (d + 2) % 4] = -1
    if panel.symmetry is None:
        return neighbour
    free = neighbour.copy()
    for v in panel.vertices():
        mv = panel.mirror(v)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            w = (v[0] + dx, v[1] + dy)
            if free[vid(v), d] < 0:
                continue
            mw = panel.mirror(w)
            md = DIRECTIONS.index((mw[0] - mv[0], mw[1] - mv[1]))
            if mw == w or free[vid(mv), md] < 0:
                neighbour[vid(v), d] = -1
    return neighbour


class VertexIds:
    """Vertex and place numbering of one panel."""

    def __init__(self, panel: Panel):
        self.cols, self.n = panel.cols, (panel.cols + 1) * (panel.rows + 1)
        self.width, self.height = 2 * panel.cols + 1, 2 * panel.rows + 1
        # a start's or an end's midpoint of an edge: a vertex after the grid's
        self.mids = {m: self.n + i for i, m in enumerate(sorted(panel.halves.values()))}

    def __call__(self, v: Vertex) -> int:
        if self.mids and v in self.mids:
            return self.mids[v]
        return v[1] * (self.cols + 1) + v[0]

    def place(self, p: tuple[int, int]) -> int:
        return p[1] * self.width + p[0]


def _places(panel: Panel, ids: VertexIds) -> tuple[np.ndarray, ...]:
    """pnb, mpoint and outside over the doubled grid."""
    n = ids.width * ids.height
    pnb = _lattice_steps(ids.width, ids.height)
    mpoint = np.full(1, -1, np.int32)
    if panel.symmetry:
        px, py = _lattice_xy(ids.width, ids.height)
        mx = ids.width - 1 - px if panel.symmetry != "vertical" else px
        my = ids.height - 1 - py if panel.symmetry != "horizontal" else py
        mpoint = (my * ids.width + mx).astype(np.int32)
    outside = np.zeros(n, np.uint8)
    for p in panel.outside:
        outside[ids.place(p)] = 1
    return pnb, mpoint, outside


def _symbol_arrays(panel: Panel, ids: VertexIds) -> tuple:
    """kind, colour, value over the places; the dots; how many colours."""
    n = ids.width * ids.height
    kind = np.zeros(n, np.int32)
    colour = np.zeros(n, np.int32)
    value = np.zeros(n, np.int32)
    colours: dict[str, int] = {}

    def put(cell: tuple[int, int], k: int, name: str, number: int) -> None:
        p = ids.place((2 * cell[0] + 1, 2 * cell[1] + 1))
        kind[p], value[p] = k, number
        colour[p] = -1 if name == NO_COLOUR else colours.setdefault(name, len(colours))

    for x, y, k, name in panel.triangles:
        put((x, y), P_TRIANGLE, name, k)
    # under The Windmill's count a square's value is its colour's rank in the
    # order The Windmill sorts colours of as many squares by
    counted = panel.canceller_rules == "windmill"
    texts = sorted({windmill_colour_text(name) for *_, name in panel.squares})
    for x, y, name in panel.squares:
        rank = texts.index(windmill_colour_text(name)) if counted else 0
        put((x, y), P_SQUARE, name, rank)
    for x, y, name in panel.stars:
        put((x, y), P_STAR, name, 0)
    for x, y, name in panel.cancellers:
        put((x, y), P_COUNTED if counted else P_CANCELLER, name, 0)
    for piece in panel.polyominoes:
        area = -piece.size if piece.negative else piece.size
        put(piece.cell, P_POLYOMINO, piece.colour, area * POLY_AREA + _shape_box(piece))
    need = {MAIN_LINE: DOT_MAIN, MIRROR_LINE: DOT_MIRROR} if panel.symmetry else {}
    dots = []
    for dot in panel.dots:
        a, b = (dot.at[0], dot.at[1]) if dot.on_edge else (dot.at, None)
        at = edge_point(a, b) if b else (2 * a[0], 2 * a[1])
        p = ids.place(at)
        kind[p], value[p] = P_DOT, need.get(dot.colour, DOT_ANY)
        dots.append((p, ids(a), -1 if b is None else ids(b)))
    dot_arrays = tuple(np.array([d[i] for d in dots], np.int32) for i in range(3))
    return kind, colour, value, dot_arrays, len(colours)


def _shape_box(piece: Polyomino) -> int:
    """A piece's bounding box as the core reads it (kernels.POLY_AREA)."""
    width = max(x for x, _ in piece.shape) - min(x for x, _ in piece.shape) + 1
    height = max(y for _, y in piece.shape) - min(y for _, y in piece.shape) + 1
    # (a side over 15 counts as 15: a smaller box only weakens the test)
    return min(width, 15) + 16 * min(height, 15) + (256 if piece.rotatable else 0)


def _piece_kinds(panel: Panel, ids: VertexIds) -> tuple[np.ndarray, ...]:
    """PanelGeometry.tiles: identical pieces (shape and turning) are one kind;
    each orientation covers its cells and, under the precise reading, the sides
    between them, as offsets on the doubled grid from its first cell (least y,
    then x), the cell the tiling search lays it on."""
    kinds: dict[tuple, int] = {}
    piece_of = np.full(ids.width * ids.height, -1, np.int32)
    for piece in panel.polyominoes:
        k = kinds.setdefault((piece.shape, piece.rotatable), len(kinds))
        piece_of[ids.place((2 * piece.cell[0] + 1, 2 * piece.cell[1] + 1))] = k
    precise = panel.polyomino_rules == "precise"
    # the checker's places of a piece laid with its first cell on cell (0, 0),
    # less that cell's place (1, 1)
    covers = [
        [
            [(x - 1, y - 1) for x, y in piece_cover(turned, (0, 0), False, precise)]
            for turned in Polyomino((0, 0), shape, rotatable).orientations()
        ]
        for shape, rotatable in kinds
    ]
    most = max((len(t) for turns in covers for t in turns), default=1)
    offs = np.zeros((max(len(covers), 1), 4, most, 2), np.int32)
    noffs = np.zeros((max(len(covers), 1), 4), np.int32)
    for k, turns in enumerate(covers):
        for o, places in enumerate(turns):
            noffs[k, o] = len(places)
            offs[k, o, : len(places)] = places
    return piece_of, offs, noffs, np.array([len(t) for t in covers], np.int32)


def _nearest_end(panel: Panel, xs: np.ndarray, ys: np.ndarray, scale: int) -> np.ndarray:
    """int32: the least Manhattan distance from each point (xs, ys) to an end
    (at ``scale`` times its coordinates)."""
    dist = (np.abs(xs - scale * e[0]) + np.abs(ys - scale * e[1]) for e in panel.ends)
    return functools.reduce(np.minimum, dist).astype(np.int32)


def _targets(kind: np.ndarray, mpoint: np.ndarray, width: int) -> np.ndarray:
    """PanelGeometry.targets: the places of dots and triangles, x, y, and their
    mirror images' x, y."""
    places = np.flatnonzero((kind == P_DOT) | (kind == P_TRIANGLE))
    images = mpoint[places] if mpoint[0] >= 0 else places
    columns = (places, places % width, places // width, images % width, images // width)
    return np.stack(columns, axis=1).astype(np.int32).reshape(-1, 5)


def key_bounds(h: np.ndarray, place_end: np.ndarray, width: int, height: int) -> tuple[int, int]:
    """(F, H) of :class:`PanelGeometry` for a grid of ``len(h)`` vertices and
    ``width`` x ``height`` places: h (the core's _target_h) is at most half of
    the larger of 2 h and a doubled-grid distance plus place_end, rounded up;
    f = g + h with g below the number of vertices."""
    most = max(2 * int(h.max()), width + height - 2 + int(place_end.max()))
    n_h = (most + 1) // 2 + 1
    return len(h) + n_h, n_h


def _grid_arrays(panel: Panel, ids: VertexIds) -> dict:
    """A rectangle's geometric arrays, by PanelGeometry's field names (a pillar's
    wrapping ones: witness.search.pillar_geometry.pillar_arrays)."""
    pnb, mpoint, outside = _places(panel, ids)
    xs, ys = _lattice_xy(panel.cols + 1, panel.rows + 1)
    vpoint = (2 * ys * ids.width + 2 * xs).astype(np.int32)
    grid = _lattice_steps(panel.cols + 1, panel.rows + 1)
    step = np.array([dy * ids.width + dx for dx, dy in DIRECTIONS], np.int32)
    mirror = np.array(
        [ids(panel.mirror(v)) for v in panel.vertices()] if panel.symmetry else [-1], np.int32
    )
    return dict(
        neighbour=_legal_steps(panel, ids),
        vpoint=vpoint,
        epoint=np.where(grid >= 0, vpoint[:, None] + step, -1).astype(np.int32),
        mirror=mirror,
        mpoint=mpoint,
        pnb=pnb,
        outside=outside,
        h=_nearest_end(panel, xs, ys, 1),
        place_end=_nearest_end(panel, *_lattice_xy(ids.width, ids.height), 2),  # doubled grid
    )


def _rules(panel: Panel, neighbour: np.ndarray) -> np.ndarray:
    """PanelGeometry.rules (its comment); on a rectangle or a pillar alike (the
    core reads a pillar's wrap from the arrays, and its column of places
    ``2 cols``, outside, from no neighbour)."""
    region_symbols = panel.triangles or panel.squares or panel.stars or panel.polyominoes
    region_only = panel.squares or panel.stars or panel.polyominoes
    return np.array(
        [
            len(panel.cancellers),
            bool(region_symbols or panel.cancellers),
            panel.symmetry is None and not panel.outside,
            bool(region_only or panel.cancellers),
            np.count_nonzero((neighbour >= 0).any(axis=1)),  # vertices a line can be on
            # (round a pillar the floods over cells count a cell's corners as on a
            # rectangle: kernels' _bounded_cells)
            not (panel.dots or panel.cancellers or panel.polyominoes or panel.outside)
            and not panel.pillar,
            panel.symmetry is not None and not panel.outside,
            0,  # (_split_geometry)
        ],
        np.int64,
    )


def build_panel_geometry(panel: Panel) -> PanelGeometry:
    """The core's arrays for ``panel``: a rectangle's or a pillar's
    (witness.search.pillar_geometry) vertices, steps and places, the symbols,
    then each start's or end's midpoint of an edge as a vertex (_split_geometry).
    InputError on a pillar of 1 or 2 columns, whose steps the arrays (a
    neighbour a direction) cannot tell apart (witness.search.narrow_search)."""
    if panel.narrow:
        raise InputError("panel: the compiled core takes no pillar of 1 or 2 columns")
    ids = VertexIds(panel)
    frame = pillar_arrays(panel) if panel.pillar else _grid_arrays(panel, ids)
    vpoint, neighbour, h, place_end = (frame[k] for k in ("vpoint", "neighbour", "h", "place_end"))
    is_end = np.zeros(ids.n, np.uint8)
    grid_ends = [ids(e) for e in panel.ends if e not in ids.mids]  # (mids: _split_geometry)
    is_end[grid_ends] = 1
    kind, colour, value, (dot_point, dot_a, dot_b), n_colours = _symbol_arrays(panel, ids)
    # a start on the mirror axis gives no line: the two lines would meet there
    starts = [ids(s) for s in panel.starts if panel.symmetry is None or panel.mirror(s) != s]
    starts = [s for s in starts if s < ids.n]  # (mids: _split_geometry)
    pvertex = np.full(ids.width * ids.height, -1, np.int32)
    pvertex[vpoint] = np.arange(ids.n, dtype=np.int32)
    if panel.pillar:  # (vertex column cols, which a pillar has not, is at no place)
        pvertex[vpoint[panel.cols :: panel.cols + 1]] = -1
    geo = PanelGeometry(
        **frame,
        pvertex=pvertex,
        is_end=is_end,
        ends=np.array(grid_ends, np.int32),
        kind=kind,
        colour=colour,
        value=value,
        symbols=np.flatnonzero(kind).astype(np.int32),
        dot_point=dot_point,
        dot_a=dot_a,
        dot_b=dot_b,
        targets=_targets(kind, frame["mpoint"], ids.width),
        width=ids.width,
        height=ids.height,
        n_colours=n_colours,
        rules=_rules(panel, neighbour),
        starts=starts,
        tiles=_piece_kinds(panel, ids),
        key_bounds=key_bounds(h, place_end, ids.width, ids.height),
        n_pieces=int(np.count_nonzero(kind == P_POLYOMINO)),
        pillar=panel.pillar,
    )
    return _split_geometry(panel, ids, geo) if ids.mids else geo


def _split_geometry(panel: Panel, ids: VertexIds, geo: PanelGeometry) -> PanelGeometry:
    """The geometry of a panel with starts or ends half way along an edge (a
    rectangle's or a pillar's): each such midpoint is a vertex (ids after the
    grid's) at its edge's place (pvertex), the edge's steps lead to it, and its
    own to the edge's ends; a dot on that edge is covered by a line through the
    midpoint (dot_a). The regions of a finished line join across the edge of
    its start or end there (witness.model.rules.open_ends) where the core's
    would be walled off, so the core leaves them to the rules checker (rules[7])
    and, with a start there (where every line of it begins), rule 5 is off
    (but on a panel of that one start: _open_start)."""
    total = ids.n + len(ids.mids)
    if total > 256:
        raise InputError(
            f"a {panel.rows}x{panel.cols} panel with starts or ends half way along an edge "
            "has more vertices than the general search holds (256)"
        )
    neighbour = np.vstack([geo.neighbour, np.full((len(ids.mids), 4), -1, np.int32)])
    epoint = np.vstack([geo.epoint, np.full((len(ids.mids), 4), -1, np.int32)])
    vpoint = np.concatenate([geo.vpoint, np.zeros(len(ids.mids), np.int32)])
    for m, k in ids.mids.items():
        a, b = panel.split(m)
        place = ids.place(edge_point(a, b))
        d = next(d for d in range(4) if geo.epoint[ids(a), d] == place)  # (a pillar's seam)
        vpoint[k] = place
        geo.pvertex[place] = k
        free = (a, b) not in panel.blocked
        for v, dv in ((a, d), (b, (d + 2) % 4)):
            legal = free and panel.mirror_allows(v, m)  # (each half-edge on its own)
            neighbour[ids(v), dv] = k if legal else -1
            neighbour[k, (dv + 2) % 4] = ids(v) if legal else -1
            epoint[k, (dv + 2) % 4] = place
    for i in range(geo.dot_point.size):  # a dot on a split edge: under the midpoint
        k = geo.pvertex[geo.dot_point[i]]
        if k >= ids.n:
            geo.dot_a[i], geo.dot_b[i] = k, -1
    names = [(v % (panel.cols + 1), v // (panel.cols + 1)) for v in range(ids.n)]
    names += sorted(ids.mids, key=ids.mids.__getitem__)
    ends = [ids(e) for e in panel.ends]
    is_end = np.zeros(total, np.uint8)
    is_end[ends] = 1
    rules = geo.rules.copy()
    rules[4] = np.count_nonzero((neighbour >= 0).any(axis=1))
    rules[7] = 1  # (the regions of a finished line: the checker's)
    # (regions flooded over places, not cells alone: a midpoint at an edge's place
    # a completion may still reach keeps the region beside that edge open)
    rules[5] = 0
    if any(s in ids.mids for s in panel.starts):
        rules[1] = 0  # (no rule 5: the regions beside such a start join across its edge)
    geo.neighbour, geo.epoint, geo.vpoint, geo.rules = neighbour, epoint, vpoint, rules
    geo.h = np.array([_distance(panel, v) for v in names], np.int32)
    geo.is_end, geo.ends = is_end, np.array(ends, np.int32)
    geo.mirror = np.array(
        [ids(panel.mirror(v)) for v in names] if panel.symmetry else [-1], np.int32
    )
    geo.starts = [
        ids(s)
        for s in panel.starts
        if (panel.symmetry is None or panel.mirror(s) != s) and not panel.on_gap(s)
    ]
    geo.key_bounds = (total + geo.key_bounds[1], geo.key_bounds[1])
    geo.names = tuple(names)
    _open_start(panel, ids, geo)
    return geo


def _open_start(panel: Panel, ids: VertexIds, geo: PanelGeometry) -> None:
    """A panel without symmetry whose one start lies half way along an edge:
    every line begins there, so the regions beside that edge always join
    across it (witness.model.rules.open_ends). The start and its half-steps
    then cover a place of their own after the grid's (outside, next to
    none), the edge's place stays open in the core's floods as in the
    checker's regions, and rule 5 holds again (and, without an end half way
    along an edge, the regions of a finished line are the core's too). Not
    with a dot on that edge or a triangle beside it, which the line's half
    covers for the checker."""
    if panel.symmetry is not None or len(geo.starts) != 1 or geo.starts[0] < ids.n:
        return
    start = geo.starts[0]
    edge = int(geo.vpoint[start])
    if geo.kind[edge] != 0 or any(q >= 0 and geo.kind[q] == P_TRIANGLE for q in geo.pnb[edge]):
        return
    own = geo.kind.size  # (the start's place)
    geo.kind, geo.colour, geo.value = (np.append(a, 0).astype(np.int32) for a in
                                       (geo.kind, geo.colour, geo.value))  # fmt: skip
    geo.outside = np.append(geo.outside, 1).astype(np.uint8)
    geo.pnb = np.vstack([geo.pnb, np.full((1, 4), -1, np.int32)])
    geo.pvertex = np.append(geo.pvertex, -1).astype(np.int32)
    geo.pvertex[edge] = -1  # (the start is on every line: never a vertex to visit)
    geo.place_end = np.append(geo.place_end, geo.place_end[edge]).astype(np.int32)
    piece_of, *kinds = geo.tiles
    geo.tiles = (np.append(piece_of, -1).astype(np.int32), *kinds)  # type: ignore[assignment]
    geo.vpoint[start] = own
    geo.epoint[start][geo.epoint[start] >= 0] = own
    region_symbols = panel.triangles or panel.squares or panel.stars or panel.polyominoes
    geo.rules[1] = bool(region_symbols or panel.cancellers)
    geo.rules[7] = any(e in ids.mids for e in panel.ends)


def _distance(panel: Panel, v: tuple[float, float]) -> int:
    """The least Manhattan distance from ``v`` to an end (round a pillar, either
    way round), rounded down."""
    if panel.pillar:
        return min(wrapped_distance(panel, v, e) for e in panel.ends)
    return min(int(abs(v[0] - e[0]) + abs(v[1] - e[1])) for e in panel.ends)
