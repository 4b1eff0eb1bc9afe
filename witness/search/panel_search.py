"""A* on any panel (Algorithm 1 of the paper): several starts, ends, gaps and
removed edges, dots, squares, stars, triangles, polyominoes, cancellers and
symmetry. The compiled core is ``panel_astar_run`` in
:mod:`witness.search.kernels.panel`; triangle-only puzzles keep their own core
(:mod:`witness.search.astar`), which this module does not touch.

The algorithm, as in :mod:`~witness.search.astar`, with these differences:

- The open list starts with the trivial path of every start (one search from
  all of them; a start on the mirror axis of a symmetry panel gives no line,
  as the two lines would meet there; a start that is also an end is
  goal-tested first). The key is
  (pi, g + h, h, n) with h the least Manhattan distance from the head to an end
  or, when larger, via the farthest target still owed (an uncovered dot, a
  triangle with too few sides on the lines, or their mirror images) to an end.
- With symmetry the state is the pair of lines: a path is the first line, and
  a step is legal when the first line's vertex and its mirror image are both
  off both lines and neither edge is a gap or removed.
- A child whose head is an end is a *candidate* when it passes a compiled
  necessary condition (no dot under the wrong line, no broken region; exact
  without polyominoes, but that spare cancellers may always pair off, which
  the checker allows only as the engine's order of a region does); after
  the expansion the driver asks the
  rules checker (:func:`witness.model.rules.check`), the goal test, about each
  candidate in generation order, and the first one it accepts is the solution.
  A line may pass an end and go on, so the child is also extended.
- pi is pi_baseline (:data:`BASELINE_RULES`), evaluated on each child of a path
  that passed it (a child of a path that failed it fails it too), or a learned
  family program pi* (clauses over :mod:`witness.search.panel_features`,
  encoded by :func:`encode_program`), evaluated on every child: it fires when
  some clause holds on some dot, square, star, triangle or end. On a panel the
  features do not apply to (symmetry, cancellers, removed edges or vertices)
  pi* never fires.

How pi* and pi_baseline combine (the paper compares each alone): with
``predicate`` = a program, pi* alone sorts (``sort``) or prunes (``prune``)
and pi_baseline is not evaluated; ``base_prune`` adds pi_baseline pruning
(prune mode: pi* v pi_baseline prunes; sort mode: pi* sorts what
pi_baseline keeps), as the triangle search's ``base_prune`` does.

Statuses, budgets and the result are those of :func:`witness.search.astar.solve`.
"""

from __future__ import annotations

import functools
import threading
import time
from dataclasses import dataclass

import numpy as np

from witness.errors import InputError
from witness.model.base import (
    DIRECTIONS,
    MAIN_LINE,
    MIRROR_LINE,
    NO_COLOUR,
    Vertex,
    split_edge,
)
from witness.model.panel import Panel, Polyomino
from witness.model.rules import CheckStopped, is_solution, piece_cover, windmill_colour_text
from witness.search.astar import check_budgets, interrupted, path_budget
from witness.search.kernels import panel as kernels
from witness.search.kernels.panel import (
    C_CANDIDATES,
    C_CURSOR,
    C_EXPANSIONS,
    C_GENERATED,
    C_HEAP,
    C_NODES,
    C_STAMP,
    CANDIDATES,
    DOT_ANY,
    DOT_MAIN,
    DOT_MIRROR,
    EXHAUSTED,
    NEED_SPACE,
    P_CANCELLER,
    P_COUNTED,
    P_DOT,
    P_POLYOMINO,
    P_SQUARE,
    P_STAR,
    P_TRIANGLE,
    POLY_AREA,
    panel_astar_run,
    panel_baseline_on_paths,
    panel_program_on_paths,
    panel_scratch,
    program_scratch,
    stored_path,
    tiling_scratch,
)
from witness.search.panel_features import KIND_FEATURES, PANEL_FEATURES, features_apply
from witness.search.pillar_geometry import pillar_arrays
from witness.search.predicates import OPERATORS, Predicate
from witness.search.result import SolveResult

BYTES_PER_PATH = 4 + 1 + 1 + 4  # parent, head vertex, pi flag, next path in its bucket
MODES = ("prune", "sort")
PREDICATES = ("none", "baseline")

BASELINE_RULES = """pi_baseline on any panel: a partial path is rejected when

1. a dot lies under the line that must not cover it (a blue dot under the
   mirror line, a yellow one under the first line): nothing mends that;
2. (no cancellers on the panel) a triangle has more sides on the lines than
   its number: lines only ever add sides;
3. no end other than the head is reachable from the head through vertices off
   both lines (with symmetry, whose mirror image is off them too): the line
   cannot finish (the head itself was already given to the goal test);
4. (no cancellers on the panel) a dot off the lines can no longer be covered by
   a line allowed to cover it: its vertex (both ends of its edge) is not the
   head nor reachable from it, for the first line, nor the mirror image of
   such, for the mirror line; or a triangle can no longer get its number of
   sides: its sides on the lines, plus the sides both of whose ends are the
   head or reachable from it (or are the mirror images of such), are fewer
   than its number; with cancellers on the panel: more such dots and
   triangles, and triangles with more sides on the lines than their number
   (rule 2), than there are cancellers, since each will be very invalid in
   its region and needs a canceller of its own;
5. a closed region breaks a rule no canceller in it can mend. A region (of the
   doubled grid, off the lines, as in witness.model.rules) is closed when it
   holds no vertex a completion can still visit (the reachable set of rule 3,
   its mirror image, and the edges between reachable vertices cut off from the
   panel), so no completion changes it. Without cancellers in it: an uncovered
   dot, a triangle whose sides on the lines differ from its number, squares of
   two colours, a star whose colour is not held by exactly two symbols of the
   region, or polyominoes whose net area is negative or (when positive)
   differs from the region's cells, or (none of them negative) a piece that
   fits the bounding box of the region's cells in none of its orientations
   (without negative pieces a tiling lays every piece on the region's
   cells), or (none negative) pieces that do not tile the region's cells (an
   exact search as the checker's, given up after a bounded number of
   steps); with cancellers in it: no way for them to mend it. Each very
   invalid symbol (a dot, a wrong triangle, a lone star) takes a canceller
   of its own; the spare ones only pair up or take an invalid symbol, and
   what is left must break no rule: how many squares, stars and polyominoes
   of each colour they take is searched as the checker searches
   interchangeable symbols. Without polyominoes that is exactly the rules
   checker's verdict, and so it is with positive pieces: of the region's
   area they all stay when they tile, else all go (fewer would leave the
   wrong area); of less, all go; of more (none tiles, so any may go), the
   pieces kept are none, or pieces of the region's area that tile it, tried
   over how many of each kind and colour stay (a bounded number of choices
   and tilings; past it any number may go whether or not the rest tile: a
   necessary condition only). With negative pieces in the region, some
   choice of how many pieces of each kind, sign and colour stay must have a
   net area of 0 or the region's cells, or keep none (whether they tile is
   not searched: a necessary condition only). A
   symbol of colour "none" counts for no star. Under either polyomino rule
   (precise or windmill) the pieces' net area must equal the region's cells.
   On a panel whose cancellers follow The Windmill's count
   (``canceller_rules``) a region with cancellers passes when they can come
   out exactly: what its squares, stars, uncovered dots and wrong triangles
   take leaves none, or (with polyominoes) as many as its pieces, or one of
   several, or none when the pieces' net area is right (whether they fit is
   not searched; exact without polyominoes). Rule 4's count holds under
   both.

Each rule only rejects a path none of whose completions solves the panel, so a
pruning search with it is complete: an empty open list proves the panel
unsolvable. The reachable set is a superset of what a completion can visit,
which keeps rules 3 to 5 safe with symmetry."""


# --------------------------------------------------------------- geometry
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
    rules: np.ndarray  # int64[7]: how many cancellers, region rule on, fast path allowed,
    # region symbols, vertices with a legal step, every symbol in a cell and nothing
    # outside (regions are flooded over cells alone), symmetry and nothing outside
    # (rule 5 looks near the step alone)
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
    xs, ys = np.meshgrid(np.arange(columns), np.arange(lines))
    out = np.empty((columns * lines, 4), np.int32)
    for d, (dx, dy) in enumerate(DIRECTIONS):
        qx, qy = xs + dx, ys + dy
        inside = (qx >= 0) & (qx < columns) & (qy >= 0) & (qy < lines)
        out[:, d] = np.where(inside, qy * columns + qx, -1).ravel()
    return out


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


class _Ids:
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


def _places(panel: Panel, ids: _Ids) -> tuple[np.ndarray, ...]:
    """pnb, mpoint and outside over the doubled grid."""
    n = ids.width * ids.height
    pnb = _lattice_steps(ids.width, ids.height)
    mpoint = np.full(1, -1, np.int32)
    if panel.symmetry:
        px, py = np.meshgrid(np.arange(ids.width), np.arange(ids.height))
        mx = ids.width - 1 - px if panel.symmetry != "vertical" else px
        my = ids.height - 1 - py if panel.symmetry != "horizontal" else py
        mpoint = (my * ids.width + mx).ravel().astype(np.int32)
    outside = np.zeros(n, np.uint8)
    for p in panel.outside:
        outside[ids.place(p)] = 1
    return pnb, mpoint, outside


def _symbol_arrays(panel: Panel, ids: _Ids) -> tuple:
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
        at = (a[0] + b[0], a[1] + b[1]) if b else (2 * a[0], 2 * a[1])
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


def _piece_kinds(panel: Panel, ids: _Ids) -> tuple[np.ndarray, ...]:
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


def _place_end(panel: Panel, ids: _Ids) -> np.ndarray:
    """Doubled-grid Manhattan distance from each place to the nearest end."""
    px, py = np.meshgrid(np.arange(ids.width), np.arange(ids.height))
    dist = [np.abs(px - 2 * e[0]) + np.abs(py - 2 * e[1]) for e in panel.ends]
    return np.min(dist, axis=0).ravel().astype(np.int32)


def _targets(kind: np.ndarray, mpoint: np.ndarray, width: int) -> np.ndarray:
    """PanelGeometry.targets: the places of dots and triangles, x, y, and their
    mirror images' x, y."""
    places = np.flatnonzero((kind == P_DOT) | (kind == P_TRIANGLE))
    images = mpoint[places] if mpoint[0] >= 0 else places
    columns = (places, places % width, places // width, images % width, images // width)
    return np.stack(columns, axis=1).astype(np.int32).reshape(-1, 5)


def build_panel_geometry(panel: Panel) -> PanelGeometry:
    """The core's arrays for ``panel`` (a pillar's: witness.search.pillar_geometry)."""
    if panel.pillar:
        return PanelGeometry(**pillar_arrays(panel))
    ids = _Ids(panel)
    pnb, mpoint, outside = _places(panel, ids)
    xs, ys = (a.ravel() for a in np.meshgrid(np.arange(panel.cols + 1), np.arange(panel.rows + 1)))
    vpoint = (2 * ys * ids.width + 2 * xs).astype(np.int32)
    h = np.min([np.abs(xs - e[0]) + np.abs(ys - e[1]) for e in panel.ends], axis=0)
    h = h.astype(np.int32)
    grid = _lattice_steps(panel.cols + 1, panel.rows + 1)
    step = np.array([dy * ids.width + dx for dx, dy in DIRECTIONS], np.int32)
    epoint = np.where(grid >= 0, vpoint[:, None] + step, -1).astype(np.int32)
    mirror = np.array(
        [ids(panel.mirror(v)) for v in panel.vertices()] if panel.symmetry else [-1], np.int32
    )
    is_end = np.zeros(ids.n, np.uint8)
    is_end[[ids(e) for e in panel.ends if e not in ids.mids]] = 1  # (mids: _split_geometry)
    kind, colour, value, (dot_point, dot_a, dot_b), n_colours = _symbol_arrays(panel, ids)
    # a start on the mirror axis gives no line: the two lines would meet there
    starts = [ids(s) for s in panel.starts if panel.symmetry is None or panel.mirror(s) != s]
    starts = [s for s in starts if s < ids.n]  # (mids: _split_geometry)
    region_symbols = panel.triangles or panel.squares or panel.stars or panel.polyominoes
    fast = panel.symmetry is None and not panel.outside
    region_only = panel.squares or panel.stars or panel.polyominoes
    rules = np.array(
        [
            len(panel.cancellers),
            bool(region_symbols or panel.cancellers),
            fast,
            bool(region_only or panel.cancellers),
            0,
            not (panel.dots or panel.cancellers or panel.polyominoes or panel.outside),
            panel.symmetry is not None and not panel.outside,
        ],
        np.int64,
    )
    neighbour = _legal_steps(panel, ids)
    rules[4] = np.count_nonzero((neighbour >= 0).any(axis=1))  # vertices a line can be on
    pvertex = np.full(ids.width * ids.height, -1, np.int32)
    pvertex[vpoint] = np.arange(ids.n, dtype=np.int32)
    place_end = _place_end(panel, ids)
    # h (the core's _target_h) is at most half of the larger of 2 h and a
    # doubled-grid distance plus place_end, rounded up; f = g + h, g < vertices
    most = max(2 * int(h.max()), ids.width + ids.height - 2 + int(place_end.max()))
    n_h = (most + 1) // 2 + 1
    geo = PanelGeometry(
        neighbour=neighbour,
        vpoint=vpoint,
        epoint=epoint,
        mirror=mirror,
        mpoint=mpoint,
        pnb=pnb,
        pvertex=pvertex,
        h=h,
        is_end=is_end,
        ends=np.array([ids(e) for e in panel.ends if e not in ids.mids], np.int32),
        kind=kind,
        colour=colour,
        value=value,
        outside=outside,
        symbols=np.flatnonzero(kind).astype(np.int32),
        dot_point=dot_point,
        dot_a=dot_a,
        dot_b=dot_b,
        targets=_targets(kind, mpoint, ids.width),
        place_end=place_end,
        width=ids.width,
        height=ids.height,
        n_colours=n_colours,
        rules=rules,
        starts=starts,
        tiles=_piece_kinds(panel, ids),
        key_bounds=(ids.n + n_h, n_h),
        n_pieces=int(np.count_nonzero(kind == P_POLYOMINO)),
    )
    return _split_geometry(panel, ids, geo) if ids.mids else geo


def _split_geometry(panel: Panel, ids: _Ids, geo: PanelGeometry) -> PanelGeometry:
    """The geometry of a panel with starts or ends half way along an edge: each
    such midpoint is a vertex (ids after the grid's) at its edge's place, the
    edge's steps lead to it, and its own to the edge's ends. The core's rules
    and final test know no half-covered edge (its regions would wall off what
    the engine joins), so here the core only walks lines (the driver turns
    pi_baseline off: solve_panel) and the rules checker judges every line that
    reaches an end: no dots, targets or region symbols reach the core."""
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
        a, b = split_edge(m)
        d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        place = ids.place((a[0] + b[0], a[1] + b[1]))
        vpoint[k] = place
        free = (a, b) not in panel.blocked
        for v, dv in ((a, d), (b, (d + 2) % 4)):
            legal = free and panel.mirror_allows(v, m)  # (each half-edge on its own)
            neighbour[ids(v), dv] = k if legal else -1
            neighbour[k, (dv + 2) % 4] = ids(v) if legal else -1
            epoint[k, (dv + 2) % 4] = place
    names = [(v % (panel.cols + 1), v // (panel.cols + 1)) for v in range(ids.n)]
    names += sorted(ids.mids, key=ids.mids.__getitem__)
    ends = [ids(e) for e in panel.ends]
    is_end = np.zeros(total, np.uint8)
    is_end[ends] = 1
    h = np.array(
        [min(int(abs(x - e[0]) + abs(y - e[1])) for e in panel.ends) for x, y in names], np.int32
    )
    rules = geo.rules.copy()
    rules[[0, 1, 2, 3, 5]] = 0  # (with no dots or targets, _panel_final passes every line)
    rules[4] = np.count_nonzero((neighbour >= 0).any(axis=1))
    none = np.zeros(0, np.int32)
    geo.neighbour, geo.epoint, geo.vpoint, geo.h = neighbour, epoint, vpoint, h
    geo.is_end, geo.ends, geo.rules = is_end, np.array(ends, np.int32), rules
    geo.mirror = np.array(
        [ids(panel.mirror(v)) for v in names] if panel.symmetry else [-1], np.int32
    )
    geo.dot_point, geo.dot_a, geo.dot_b = none, none, none
    geo.targets = np.zeros((0, 5), np.int32)
    geo.starts = [
        ids(s)
        for s in panel.starts
        if (panel.symmetry is None or panel.mirror(s) != s) and not panel.on_gap(s)
    ]
    geo.key_bounds = (total + geo.key_bounds[1], geo.key_bounds[1])
    geo.names = tuple(names)
    return geo


# ----------------------------------------------------- learned programs
OBJECT_KINDS = ("dot", "square", "star", "triangle", "end")  # kernels.K_DOT ... K_END
assert OBJECT_KINDS == tuple(KIND_FEATURES)
# The core numbers features as panel_features does (kernels.F_*).
assert PANEL_FEATURES.index("region_partners") == kernels.F_REGION_PARTNERS
assert PANEL_FEATURES.index("reach_ends") == kernels.F_REACH_ENDS
assert len(PANEL_FEATURES) == kernels.N_PANEL_FEATURES


@dataclass(frozen=True)
class PanelProgram:
    """A learned family program as the core reads it (kernels' layout)."""

    clauses: np.ndarray  # int64[n, 3]: first comparison, end, object kind
    cmps: np.ndarray  # int64[m, 5]: operator, left is a feature, left, right is a feature, right
    need: np.ndarray  # int64[6]: features read (bit mask); clauses over each object kind
    edge_ends: np.ndarray  # int32[n_places, 2]: an open edge's two vertices, or -1

    def arrays(self) -> tuple:
        return self.clauses, self.cmps, self.need, self.edge_ends


def _edge_ends(geo: PanelGeometry) -> np.ndarray:
    ends = np.full((geo.kind.size, 2), -1, np.int32)
    for v, d in zip(*np.nonzero(geo.neighbour >= 0), strict=True):
        ends[geo.epoint[v, d]] = (v, geo.neighbour[v, d])
    return ends


def _clause_kind(panel: Panel, features: set[str]) -> int | None:
    """The object kind a clause ranges over: the one whose features it reads
    (None: it reads two kinds' features, so it never fires); a clause reading
    no feature holds on any object, so on the panel's first one (None: none)."""
    if not features:
        counts = (
            len(panel.dots),
            len(panel.squares),
            len(panel.stars),
            len(panel.triangles),
            len(panel.ends),
        )
        present = [i for i, n in enumerate(counts) if n]
        return present[0] if present else None
    kinds = {k for k, names in KIND_FEATURES.items() if features & set(names)}
    return OBJECT_KINDS.index(kinds.pop()) if len(kinds) == 1 else None


def encode_program(panel: Panel, predicate: Predicate, geo: PanelGeometry) -> PanelProgram:
    """The core's arrays for a learned family program on ``panel`` (no clause at
    all where the features do not apply: pi* never fires there)."""
    ops, codes = list(OPERATORS), {name: i for i, name in enumerate(PANEL_FEATURES)}
    clauses, cmps, need = [], [], np.zeros(1 + len(OBJECT_KINDS), np.int64)
    for clause in predicate.clauses if features_apply(panel) else ():
        read = {v for c in clause.comparisons for k, v in (c.left, c.right) if k == "feature"}
        kind = _clause_kind(panel, read)
        if kind is None:
            continue
        clauses.append((len(cmps), len(cmps) + len(clause.comparisons), kind))
        for c in clause.comparisons:
            (lk, lv), (rk, rv) = c.left, c.right
            left = (1, codes[lv]) if lk == "feature" else (0, int(lv))
            right = (1, codes[rv]) if rk == "feature" else (0, int(rv))
            cmps.append((ops.index(c.op), *left, *right))
        need[1 + kind] = 1
        for name in read:
            need[0] |= 1 << codes[name]
    return PanelProgram(
        np.array(clauses, np.int64).reshape(-1, 3),
        np.array(cmps, np.int64).reshape(-1, 5),
        need,
        _edge_ends(geo),
    )


def program_values(panel: Panel, predicate: Predicate, paths: list[list[Vertex]]) -> list[bool]:
    """pi*(path) of a learned family program for each path, evaluated by the
    search core (panel_features.program_fires is the slow reference)."""
    check_program(predicate)
    geo = build_panel_geometry(panel)
    if not paths:
        return []
    program = encode_program(panel, predicate, geo)
    lengths = np.array([len(p) for p in paths], np.int64)
    table = np.zeros((len(paths), max(lengths)), np.int64)
    for i, p in enumerate(paths):
        table[i, : len(p)] = [v[1] * (panel.cols + 1) + v[0] for v in p]
    values = panel_program_on_paths(
        geo.neighbour, geo.vpoint, geo.epoint, geo.ends, geo.symbols, geo.kind, geo.colour,
        geo.value, geo.n_colours, geo.dot_point, geo.dot_a, geo.dot_b, geo.width, geo.height,
        *program.arrays(), table, lengths,
    )  # fmt: skip
    return [bool(v) for v in values]


def baseline_values(panel: Panel, paths: list[list[Vertex]]) -> list[bool]:
    """pi_baseline on the last step of each path (of two vertices or more), as the
    search core evaluates it (with the reach flood and, where the core would
    skip it, without): True when it rejects the path."""
    return [flood or fast is True for flood, fast in baseline_verdicts(panel, paths)]


def baseline_verdicts(panel: Panel, paths: list[list[Vertex]]) -> list[tuple[bool, bool | None]]:
    """pi_baseline on the last step of each path (of two vertices or more): its
    verdict with the reach flood, and the fast path's (with symmetry: rule 5
    near the step alone) where the core would take it (else None). True
    rejects the path."""
    geo = build_panel_geometry(panel)
    if not paths:
        return []
    lengths = np.array([len(p) for p in paths], np.int64)
    if lengths.min() < 2:
        raise ValueError("pi_baseline judges a step: every path needs two vertices or more")
    ids = _Ids(panel)
    table = np.zeros((len(paths), max(lengths)), np.int64)
    for i, p in enumerate(paths):
        table[i, : len(p)] = [ids(v) for v in p]
    n_vertices, n_places = geo.neighbour.shape[0], geo.kind.size
    scratch = panel_scratch(n_vertices, n_places, geo.n_colours)
    tiling = tiling_scratch(*geo.tiles, geo.n_pieces)
    values = panel_baseline_on_paths(*geo.arrays(), scratch, tiling, table, lengths)
    return [(bool(v & 1), bool(v & 4) if v & 2 else None) for v in values.tolist()]


def check_program(predicate: Predicate) -> None:
    """A learned program the general search runs reads only the panel features."""
    other = predicate.features_used - set(PANEL_FEATURES)
    if predicate.kind != "program" or other:
        raise InputError(
            f"predicate {predicate.name!r}: on panels beyond triangles the search takes "
            f"{' or '.join(PREDICATES)} or a learned program over the panel features "
            f"({', '.join(PANEL_FEATURES)})"
            + (f"; it reads {', '.join(sorted(other))}" if other else "")
        )


# ------------------------------------------------------------------ driver
@dataclass
class PanelPaths:
    """The tree of stored paths, the open list and the loop's state (as in astar,
    but the open list is a bucket queue: kernels.open_pop)."""

    parent: np.ndarray  # int32
    vertex: np.ndarray  # uint8: head vertex
    flag: np.ndarray  # uint8: pi of the path
    later: np.ndarray  # int32: the next path in its bucket
    first: np.ndarray  # int32[2 F, H]: the first path of bucket (pi, f, h), or -1
    last: np.ndarray  # int32[2 F, H]: its last path
    counters: np.ndarray  # int64, slots C_*
    candidates: np.ndarray  # int32: paths that reached an end, for the checker
    scratch: tuple  # the core's working arrays (kernels.panel_scratch, program_scratch,
    # tiling_scratch)
    scratch_key: tuple[int, int, int]  # the sizes of the first (_ScratchPool)

    @classmethod
    def start(
        cls,
        capacity: int,
        geo: PanelGeometry,
        learned: bool = True,
        prefix: tuple[int, ...] = (),
        dead: bool = False,
    ) -> PanelPaths:
        """Room for ``capacity`` paths; the open list holds the trivial path of each
        start, or, given a ``prefix`` (vertex ids from a start), that path alone
        (:meth:`seed`; ``dead``: pi_baseline rejects it). The path's working
        arrays are lent by this thread's pool
        (:meth:`release` gives them back); those of a learned program (when
        ``learned``) and of tilings (when the panel has polyominoes) are the
        search's own; otherwise the core never touches them and one small set
        serves every search."""
        capacity = max(capacity, len(geo.starts) + len(prefix) + 8)
        n_vertices, n_places = geo.neighbour.shape[0], geo.kind.size
        n_pieces = geo.n_pieces
        n_f, n_h = geo.key_bounds
        key = (n_vertices, n_places, geo.n_colours)
        scratch, stamp = _SCRATCH.lend(key)
        paths = cls(
            np.empty(capacity, np.int32),
            np.empty(capacity, np.uint8),
            np.zeros(capacity, np.uint8),
            np.empty(capacity, np.int32),
            _no_buckets(2 * n_f, n_h).copy(),
            np.empty((2 * n_f, n_h), np.int32),
            np.zeros(8, np.int64),
            np.zeros(4, np.int32),
            # (allocated by the Python source: a call into numba costs more here)
            (
                scratch,
                program_scratch.py_func(n_vertices, n_places, geo.dot_point.size, geo.n_colours)
                if learned
                else _UNUSED_PROGRAM_SCRATCH,
                tiling_scratch.py_func(*geo.tiles, n_pieces) if n_pieces else _UNUSED_TILING,
            ),
            key,
        )
        paths.counters[C_STAMP] = stamp
        if prefix:
            return paths.seed(geo, prefix, dead)
        cursor = paths.first.size
        for n, s in enumerate(geo.starts):  # key (0, h, h, n): bucket (0, h, h)
            h = int(geo.h[s])
            cursor = min(cursor, h * (n_h + 1))
            paths.parent[n] = -1
            paths.vertex[n] = s
            paths.later[n] = -1
            if paths.first[h, h] < 0:
                paths.first[h, h] = n
            else:
                paths.later[paths.last[h, h]] = n
            paths.last[h, h] = n
        paths.counters[C_NODES] = len(geo.starts)
        paths.counters[C_HEAP] = len(geo.starts)
        paths.counters[C_CURSOR] = cursor
        return paths

    def seed(self, geo: PanelGeometry, prefix: tuple[int, ...], dead: bool) -> PanelPaths:
        """The open list holds ``prefix`` alone, stored as a chain of paths (the
        core marks a popped path by walking to its start, so it goes on from
        there), in bucket (0, g + h, h); flagged when pi_baseline rejects it
        (its children inherit that, as a child of any rejected path does)."""
        n_f, n_h = geo.key_bounds
        for n, v in enumerate(prefix):
            self.parent[n] = n - 1
            self.vertex[n] = v
            self.later[n] = -1
            self.flag[n] = int(dead)
        node, head = len(prefix) - 1, prefix[-1]
        h = min(int(geo.h[head]), n_h - 1)
        row = min(node + h, n_f - 1)
        self.first[row, h] = self.last[row, h] = node
        self.counters[C_NODES] = len(prefix)
        self.counters[C_HEAP] = 1
        self.counters[C_CURSOR] = row * n_h + h
        return self

    def release(self) -> None:
        """Give the path's working arrays back to this thread's pool, with the
        last stamp the core marked them with."""
        _SCRATCH.give_back(self.scratch_key, self.scratch[0], int(self.counters[C_STAMP]))

    def grow(self, capacity: int) -> None:
        for array in (self.parent, self.vertex, self.flag, self.later):
            array.resize(capacity, refcheck=False)

    def path(self, node: int, cols: int, names: tuple[Vertex, ...] | None = None) -> list[Vertex]:
        """The first line of stored path ``node``, from its start (``names``:
        PanelGeometry.names)."""
        ids = np.empty(256, np.int64)  # (vertex ids are uint8: a line visits 256 at most)
        n = stored_path(self.parent, self.vertex, node, ids)
        vertices = names or _vertices(cols)
        return [vertices[v] for v in ids[n - 1 :: -1].tolist()]


@functools.lru_cache(maxsize=64)
def _vertices(cols: int) -> tuple[Vertex, ...]:
    """Vertex (x, y) by id y * (cols + 1) + x, for every id a path can hold."""
    return tuple((v % (cols + 1), v // (cols + 1)) for v in range(256))


class _ScratchPool(threading.local):
    """Each thread's idle working arrays of the core (kernels.panel_scratch) by
    their sizes (n_vertices, n_places, n_colours), with the last stamp they
    were marked with: allocating them was a large part of a short search. The
    core's marks and labels only grow, so arrays reused with a later stamp (and
    their own labels, kept in them) hold nothing the next search could mistake
    for its own."""

    def __init__(self) -> None:
        self.free: dict[tuple[int, int, int], tuple[tuple, int]] = {}

    def lend(self, key: tuple[int, int, int]) -> tuple[tuple, int]:
        """Idle arrays of sizes ``key`` and the stamp to go on from (taken out of
        the pool: a search inside a search gets its own); new ones when there
        are none."""
        entry = self.free.pop(key, None)
        if entry is not None:
            return entry
        if len(self.free) >= 64:  # (sizes of many panels: keep the pool small)
            self.free.clear()
        return panel_scratch.py_func(*key), 0

    def give_back(self, key: tuple[int, int, int], scratch: tuple, stamp: int) -> None:
        self.free[key] = (scratch, stamp)


_SCRATCH = _ScratchPool()


@functools.lru_cache(maxsize=64)
def _no_buckets(rows: int, columns: int) -> np.ndarray:
    """Empty buckets (-1), copied: cheaper than filling new ones."""
    return np.full((rows, columns), -1, np.int32)


# Never written: the core reads a learned program's working arrays only when it
# has one, and the tilings' only on panels with polyominoes.
_UNUSED_PROGRAM_SCRATCH = program_scratch.py_func(1, 1, 1, 1)
_UNUSED_TILING = tiling_scratch.py_func(
    np.full(1, -1, np.int32),
    np.zeros((1, 4, 1, 2), np.int32),
    np.zeros((1, 4), np.int32),
    np.zeros(1, np.int32),
    0,
)  # (the types of _piece_kinds' arrays, so that the core is not compiled again)


@dataclass
class _Run:
    """What one search needs between chunks."""

    panel: Panel
    geo: PanelGeometry
    evaluate: bool  # pi_baseline
    prune: bool  # drop children pi holds on
    base_prune: bool  # drop children pi_baseline holds on
    program: PanelProgram | None  # pi*, when pi is a learned program
    paths: PanelPaths
    max_paths: int
    core_seconds: float = 0.0  # CPU seconds inside the compiled core


def _checked(run: _Run, deadline: float | None) -> list[Vertex] | None:
    """The first candidate the rules checker accepts (the goal test), if any;
    CheckStopped when the deadline passes during a check."""
    counters = run.paths.counters
    found = int(counters[C_CANDIDATES])
    counters[C_CANDIDATES] = 0
    for i in range(found):
        path = run.paths.path(int(run.paths.candidates[i]), run.panel.cols, run.geo.names)
        if is_solution(run.panel, path, deadline):
            return path
    return None


def _search(
    run: _Run, max_expansions: int | None, deadline: float | None, stop: threading.Event | None
) -> tuple[str, list[Vertex] | None]:
    """Run the core in growing chunks until it stops: (status name, solution)."""
    paths, counters = run.paths, run.paths.counters
    capacity = len(paths.parent)
    chunk = 2_000
    while True:
        status_name = interrupted(deadline, stop)
        if status_name:
            return status_name, None
        allowed = chunk
        if max_expansions is not None:
            allowed = min(allowed, max_expansions - int(counters[C_EXPANSIONS]))
            if allowed <= 0:
                return "expansion_budget", None
        cpu = time.process_time()
        status = panel_astar_run(
            *run.geo.arrays(),
            run.evaluate,
            run.prune,
            run.base_prune,
            run.program is not None,
            *(run.program or _NO_PROGRAM).arrays(),
            paths.parent,
            paths.vertex,
            paths.flag,
            paths.later,
            paths.first,
            paths.last,
            counters,
            paths.candidates,
            *paths.scratch,
            allowed,
        )
        run.core_seconds += time.process_time() - cpu
        if status == CANDIDATES:
            try:
                solution = _checked(run, deadline)
            except CheckStopped:
                return "timed_out", None
            if solution is not None:
                return "solved", solution
        elif status == EXHAUSTED:
            return "exhausted", None
        elif status == NEED_SPACE:
            if capacity >= run.max_paths:
                return "out_of_memory", None
            capacity = min(2 * capacity, run.max_paths)
            paths.grow(capacity)
        else:
            chunk = min(chunk * 2, 200_000)


_NO_PROGRAM = PanelProgram(
    np.zeros((0, 3), np.int64), np.zeros((0, 5), np.int64), np.zeros(4, np.int64),
    np.full((1, 2), -1, np.int32),
)  # fmt: skip


def predicate_name(predicate: str | Predicate) -> str:
    """The name of a predicate the general search evaluates: none, baseline, or
    (a Predicate) a learned program over the panel features."""
    if isinstance(predicate, Predicate) and predicate.kind == "program":
        check_program(predicate)
        return predicate.name
    name = predicate.name if isinstance(predicate, Predicate) else str(predicate)
    if name not in PREDICATES:
        raise InputError(
            f"predicate {name!r}: reads the paper's puzzle form (triangles of 1 to 3, "
            "one start, one end elsewhere on the rim); on this panel the search takes "
            f"{' or '.join(PREDICATES)} or a learned program over the panel features"
        )
    return name


def solve_panel(
    panel: Panel,
    predicate: str | Predicate = "baseline",
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    geometry: PanelGeometry | None = None,
    stop: threading.Event | None = None,
    prefix: list[Vertex] | None = None,
) -> SolveResult:
    """Solve ``panel`` with A* (module doc) using pi_baseline (``baseline``), no
    predicate (``none``) or a learned family program (a Predicate over the panel
    features) to prune (``prune``) or sort (``sort``); ``base_prune`` prunes
    with pi_baseline whatever the predicate. Budgets and statuses as in
    :func:`witness.search.astar.solve`; an empty open list is ``unsolvable``
    when every pruning was sound (pi_baseline, or a program marked ``sound``).
    Given ``prefix`` (a line drawn so far from a start, the player's drawing
    rules kept: :func:`witness.search.solvers.solve` checks it), the search goes
    on from it alone, the prefix itself goal-tested first."""
    name = predicate_name(predicate)
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    check_budgets(time_limit, max_expansions, memory_mb)
    if not panel.starts or not panel.ends:  # no line to draw (the engine accepts such panels)
        return _no_line(name, mode + ("+base" if base_prune else ""))
    warm_up()
    geo = geometry or build_panel_geometry(panel)
    capacity, max_paths = path_budget(memory_mb)
    max_paths = min(max_paths, int((memory_mb or 4096) * 1e6 // BYTES_PER_PATH))
    learned = isinstance(predicate, Predicate) and predicate.kind == "program"
    # round a pillar (its geometry) or with a start or an end half way along an
    # edge (_split_geometry) the core walks lines and prunes none: exact, the
    # checker judging every line
    walk = panel.pillar or bool(panel.halves)
    learned = learned and not walk
    evaluate = (name == "baseline" or base_prune) and not walk
    program = encode_program(panel, predicate, geo) if learned else None
    sound = walk or not learned or mode == "sort" or predicate.sound
    run = _Run(
        panel,
        geo,
        evaluate=evaluate,
        prune=mode == "prune" and name != "none" and not walk,
        base_prune=base_prune and not walk,
        program=program,
        paths=_start_paths(panel, geo, capacity, learned, prefix, evaluate),
        max_paths=max(max_paths, 16),
    )
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    # A start that is also an end is a line of one vertex: the goal test first
    # (and a prefix that ends at an end is tested as it is).
    lone = [[v] for v in panel.starts if v in panel.ends]
    if prefix:
        lone = [[tuple(v) for v in prefix]] if tuple(prefix[-1]) in panel.ends else []
    try:
        path = next((line for line in lone if is_solution(panel, line, deadline)), None)
    except CheckStopped:
        path = None
    status_name = "solved"
    try:
        if path is None:
            status_name, path = _search(run, max_expansions, deadline, stop)
    finally:
        run.paths.release()
    if status_name == "exhausted" and sound:
        status_name = "unsolvable"
    counters = run.paths.counters
    return SolveResult(
        solved=path is not None,
        path=path,
        expansions=int(counters[C_EXPANSIONS]),
        generated=int(counters[C_GENERATED]),
        seconds=time.perf_counter() - t0,
        timed_out=status_name == "timed_out",
        status=status_name,
        predicate=name,
        mode=mode + ("+base" if base_prune else ""),
        extra={"stored_paths": int(counters[C_NODES]), "core_cpu_seconds": run.core_seconds},
    )


def _no_line(predicate: str, mode: str) -> SolveResult:
    """The result on a panel without a start or an end: unsolvable, nothing searched."""
    return SolveResult(
        solved=False,
        path=None,
        expansions=0,
        generated=0,
        seconds=0.0,
        timed_out=False,
        status="unsolvable",
        predicate=predicate,
        mode=mode,
        extra={"stored_paths": 0, "core_cpu_seconds": 0.0},
    )


def _start_paths(
    panel: Panel,
    geo: PanelGeometry,
    capacity: int,
    learned: bool,
    prefix: list[Vertex] | None,
    evaluate: bool,
) -> PanelPaths:
    """The open list of a search from the starts, or from ``prefix`` alone (its
    pi_baseline verdict computed here when the search evaluates pi_baseline: the
    core judges each step of a path that passed it, from the step before)."""
    if not prefix:
        return PanelPaths.start(capacity, geo, learned)
    ids = _Ids(panel)
    steps = [list(prefix[: i + 1]) for i in range(1, len(prefix))]
    dead = evaluate and any(baseline_values(panel, steps))
    return PanelPaths.start(capacity, geo, learned, tuple(ids(tuple(v)) for v in prefix), dead)


_warm = threading.Event()
_warm_lock = threading.RLock()


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the core once per process."""
    if _warm.is_set():
        return
    with _warm_lock:
        if _warm.is_set():
            return
        _warm.set()  # the warm-up's own solve must not recurse
        panel = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "black"), (1, 0, "white")))
        solve_panel(panel)
