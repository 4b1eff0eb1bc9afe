"""The general Witness panel: every symbol the community engine knows except
pillars and custom mechanics, its JSON format, and its validation.

Coordinates are those of :mod:`witness.model.puzzle` (docs/DESIGN.md): a panel
has ``rows`` x ``cols`` cells, vertex ``(x, y)`` with 0 <= x <= cols and
0 <= y <= rows, origin bottom-left; cell ``(x, y)`` has lower-left corner
vertex ``(x, y)``. An edge is a pair of neighbouring vertices, lower/left end
first (:func:`edge`). A start or an end may lie half way along an edge (one
coordinate a half-integer, as ``(0.5, 0)``): that midpoint is a vertex of the
line's graph, splitting its edge into two half-edges (:attr:`Panel.halves`).

A :class:`Panel` is immutable and validated on construction
(:mod:`witness.model.panel_check`); :func:`panel_from_dict` is the one JSON
loader (:meth:`Puzzle.from_dict <witness.model.puzzle.Puzzle.from_dict>` goes
through it too) and :func:`panel_to_dict` writes exactly the old format for a
triangle-only panel. :func:`witness.model.puzzle.is_paper_form` says whether
a panel has the paper's form (the triangle family's specialised pieces take
such panels). The rules themselves are in :mod:`witness.model.rules`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import cast

from witness.errors import InputError
from witness.io import parse_json, read_text, write_file
from witness.model.base import (
    DEFAULT_COLOURS,
    DIRECTIONS,
    SYMMETRIES,
    Cell,
    Edge,
    PuzzleError,
    Vertex,
    edge,
    edge_point,
    is_int,
    is_midpoint,
    midpoint,
    split_edge,
)
from witness.model.panel_check import validate_panel

ALLOWED_KEYS = (
    "rows",
    "cols",
    "start",
    "starts",
    "goal",
    "ends",
    "triangles",
    "squares",
    "stars",
    "cancellers",
    "polyominoes",
    "dots",
    "gaps",
    "removed",
    "symmetry",
    "polyomino_rules",
    "canceller_rules",
    "shapeless_zero",
    "fat_starts",
    "pillar",
    "meta",
)
__all__ = ["SYMMETRIES", "Cell", "Dot", "Edge", "Panel", "Polyomino", "Vertex", "edge"]


def cell_edges(c: Cell, wrap: int = 0) -> tuple[Edge, Edge, Edge, Edge]:
    """The four sides of cell ``c``: bottom, right, top, left; on a pillar of
    ``wrap`` columns the last cell's right side is the first vertex column
    (:meth:`Panel.cell_edges`); round a narrow pillar (1 or 2 columns) the
    last cell's bottom and top are named with column ``wrap`` standing for
    column 0 across the seam (:attr:`Panel.narrow`), and on one column its
    left and right side are one edge."""
    x, y = c
    if 0 < wrap < 3 and x == wrap - 1:
        return (
            ((x, y), (x + 1, y)),
            ((0, y), (0, y + 1)),
            ((x, y + 1), (x + 1, y + 1)),
            ((x, y), (x, y + 1)),
        )
    if wrap and x == wrap - 1:
        return (
            edge((x, y), (0, y)),
            ((0, y), (0, y + 1)),
            edge((x, y + 1), (0, y + 1)),
            ((x, y), (x, y + 1)),
        )
    return (
        ((x, y), (x + 1, y)),
        ((x + 1, y), (x + 1, y + 1)),
        ((x, y + 1), (x + 1, y + 1)),
        ((x, y), (x, y + 1)),
    )


def normal_shape(cells: Iterable[Sequence[int]]) -> tuple[Cell, ...]:
    """Cells shifted so that the least x and the least y are 0, sorted."""
    points = [tuple(c) for c in cells]
    mx, my = min(c[0] for c in points), min(c[1] for c in points)
    return tuple(sorted({(x - mx, y - my) for x, y in points}))


def rotations(shape: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The distinct quarter-turn rotations of a shape (no reflections)."""
    out: list[tuple[Cell, ...]] = []
    current = normal_shape(shape)
    for _ in range(4):
        if current not in out:
            out.append(current)
        current = normal_shape([(y, -x) for x, y in current])  # clockwise quarter turn
    return out


@dataclass(frozen=True)
class Polyomino:
    """A polyomino symbol drawn in ``cell``: ``shape`` lists its cells as
    ``(dx, dy)`` offsets (y up); ``rotatable`` lets it turn by quarter turns
    (never flip); a ``negative`` one (an onimo, drawn hollow) subtracts."""

    cell: Cell
    shape: tuple[Cell, ...]
    rotatable: bool = False
    negative: bool = False
    colour: str = DEFAULT_COLOURS["polyominoes"]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cell", tuple(self.cell))
        object.__setattr__(self, "shape", normal_shape(self.shape))

    @property
    def size(self) -> int:
        return len(self.shape)

    def orientations(self) -> tuple[tuple[Cell, ...], ...]:
        """The shapes it may take: its own, or all four rotations when rotatable."""
        return _orientations(self.shape, self.rotatable)


@cache  # the rules checker's tiling search asks for them at every step
def _orientations(shape: tuple[Cell, ...], rotatable: bool) -> tuple[tuple[Cell, ...], ...]:
    return tuple(rotations(shape)) if rotatable else (shape,)


@dataclass(frozen=True)
class Dot:
    """A dot the line must cover, on a vertex or an edge; ``blue`` and
    ``yellow`` dots (symmetry panels) must be covered by that line."""

    at: Vertex | Edge
    colour: str = "black"

    @property
    def on_edge(self) -> bool:
        return isinstance(self.at[0], tuple)

    @property
    def coords(self) -> list[int]:
        """Its place as the JSON writes it: a vertex's x and y, or an edge's
        two vertices' x, y, x, y."""
        if self.on_edge:
            a, b = cast(Edge, self.at)
            return [*a, *b]
        return list(cast(Vertex, self.at))


@dataclass(frozen=True)
class Panel:
    """An immutable, validated Witness panel.

    Cell symbols are tuples sorted by cell: ``triangles`` ``(x, y, k, colour)``,
    ``squares``/``stars``/``cancellers`` ``(x, y, colour)``. ``gaps`` are broken
    edges (the line cannot cross them; regions flow through them);
    ``removed_edges`` are edges taken out of the panel (removing a vertex
    removes its edges, and cells cut off from the outside by removed edges are
    outside the panel); ``symmetry`` is None or one of :data:`SYMMETRIES`;
    ``polyomino_rules`` is ``"precise"`` (the community engine's),
    ``"imprecise"`` (the engine's with PRECISE_POLYOMINOS off: pieces are
    their cells only) or ``"windmill"`` (:mod:`witness.model.rules`);
    ``canceller_rules`` is ``"community"`` (the community engine's),
    ``"unpaired"`` (the engine's with NEGATIONS_CANCEL_NEGATIONS off: spare
    cancellers never pair off) or ``"windmill"`` (The Windmill's count of
    what its cancellers take, :mod:`witness.model.rules`);
    ``shapeless_zero`` (the engine's SHAPELESS_ZERO_POLY): pieces whose net
    area is 0 pass whatever their shapes (the windmill reading always does);
    ``fat_starts`` (the engine's FAT_STARTPOINTS): a start half way along an
    edge walls that edge off as a line through it does, rather than leaving
    the regions on either side joined.
    ``pillar`` panels wrap round left to right as a cylinder, as the community
    engine's do: vertex columns ``0 .. cols - 1`` (no column ``cols``), the
    seam edge ``((0, y), (cols - 1, y))`` joins the last to the first, and the
    last cell's right side is column 0; regions, symmetry and every rule read
    across the seam. ``meta`` (source, title, ...) is carried along and never
    compared.
    """

    rows: int
    cols: int
    starts: tuple[Vertex, ...] = ((0, 0),)
    ends: tuple[Vertex, ...] = ()
    triangles: tuple[tuple[int, int, int, str], ...] = ()
    squares: tuple[tuple[int, int, str], ...] = ()
    stars: tuple[tuple[int, int, str], ...] = ()
    cancellers: tuple[tuple[int, int, str], ...] = ()
    polyominoes: tuple[Polyomino, ...] = ()
    dots: tuple[Dot, ...] = ()
    gaps: tuple[Edge, ...] = ()
    removed_edges: tuple[Edge, ...] = ()
    removed_vertices: tuple[Vertex, ...] = ()
    symmetry: str | None = None
    polyomino_rules: str = "precise"
    canceller_rules: str = "community"
    shapeless_zero: bool = False
    fat_starts: bool = False
    pillar: bool = False
    meta: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        _normalise(self)
        validate_panel(self)

    # ------------------------------------------------------------- geometry
    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"

    @property
    def vertex_cols(self) -> int:
        """How many vertex columns: ``cols + 1``, or ``cols`` round a pillar."""
        return self.cols if self.pillar else self.cols + 1

    @property
    def place_cols(self) -> int:
        """How many columns the doubled grid has: ``2 cols + 1``, or ``2 cols``
        round a pillar (x wraps there)."""
        return 2 * self.cols + (0 if self.pillar else 1)

    @property
    def narrow(self) -> bool:
        """A pillar of 1 or 2 columns: two edges join the same two vertices (on
        one column an edge joins a vertex to itself), so the line's vertices
        carry an unwrapped column (any integer, read modulo ``cols``; each
        step one column on) to say which edge a step takes, and the seam edge
        of row y is named ``((cols - 1, y), (cols, y))``, column ``cols``
        standing for column 0 across it (docs/DESIGN.md)."""
        return self.pillar and self.cols < 3

    def base(self, v: Vertex) -> Vertex:
        """The vertex (or midpoint) of the panel a line's vertex ``v`` stands
        for: round a narrow pillar its column modulo ``cols``, else ``v``."""
        if not (self.pillar and self.cols < 3):
            return v
        x = v[0] % self.cols
        return cast(Vertex, (int(x) if x % 1 == 0 else x, v[1]))

    def vertices(self) -> Iterator[Vertex]:
        return ((x, y) for y in range(self.rows + 1) for x in range(self.vertex_cols))

    def cells(self) -> Iterator[Cell]:
        return ((x, y) for y in range(self.rows) for x in range(self.cols))

    def in_grid(self, v: Vertex) -> bool:
        return 0 <= v[0] < self.vertex_cols and 0 <= v[1] <= self.rows

    def adjacent(self, a: Vertex, b: Vertex) -> bool:
        """Are grid vertices ``a`` and ``b`` joined by an edge (across the seam too;
        round a narrow pillar, is ``(a, b)`` an edge's name, :attr:`narrow`)?"""
        if self.narrow:
            return edge_name(a, b) in _narrow_edges(self.rows, self.cols)
        return (b[0], b[1]) in _grid_neighbours(self, (a[0], a[1]))

    def cell_edges(self, c: Cell) -> tuple[Edge, Edge, Edge, Edge]:
        """The four sides of cell ``c``: bottom, right, top, left (across the seam too)."""
        return cell_edges(c, self.cols if self.pillar else 0)

    def in_rows(self, v: Vertex) -> bool:
        """Is ``v`` within the panel's rows of vertices (0 to ``rows``)?"""
        return 0 <= v[1] <= self.rows

    def in_cells(self, c: Cell) -> bool:
        return 0 <= c[0] < self.cols and 0 <= c[1] < self.rows

    def grid_edges(self) -> Iterator[Edge]:
        """Every edge of the full grid, removed or not."""
        for x, y in self.vertices():
            if self.narrow:  # the seam edge's far end is column cols (narrow)
                yield ((x, y), (x + 1, y))
            elif self.pillar:
                yield edge((x, y), ((x + 1) % self.cols, y))
            elif x < self.cols:
                yield ((x, y), (x + 1, y))
            if y < self.rows:
                yield ((x, y), (x, y + 1))

    @cached_property
    def missing(self) -> frozenset[Edge]:
        """Edges not in the panel: removed ones and those of removed vertices."""
        out = set(self.removed_edges)
        for v in self.removed_vertices:
            out |= {e for _, e in _grid_steps(self, v)}
        return frozenset(out)

    @cached_property
    def blocked(self) -> frozenset[Edge]:
        """Edges the line cannot use: gaps and missing edges."""
        return frozenset(self.gaps) | self.missing

    @cached_property
    def halves(self) -> dict[Edge, Vertex]:
        """The edges a start or an end splits in two -> that midpoint."""
        return {self.split(v): v for v in (*self.starts, *self.ends) if is_midpoint(v)}

    @cached_property
    def open_edges(self) -> frozenset[Edge]:
        """Every edge a line may step along (whole edges, as :meth:`whole_edge` names them)."""
        return frozenset(self.whole_edge(v, w) for v in self.vertices() for w in self.neighbours(v))

    def split(self, m: Vertex) -> Edge:
        """The edge whose middle is ``m`` (round a pillar, the seam's middle is
        ``(cols - 0.5, y)``: :func:`~witness.model.base.midpoint`; round a narrow
        pillar, the edge of ``m``'s column modulo ``cols``, as :attr:`narrow` names it)."""
        if self.narrow:
            return split_edge(self.base(m))
        return split_edge(m, self.cols if self.pillar else 0)

    def neighbours(self, v: Vertex) -> list[Vertex]:
        """Vertices the line can step to from ``v`` (DIRECTIONS order): a
        midpoint's two ends, and a split edge's midpoint rather than its far end."""
        try:
            return list(self._steps[v])
        except KeyError:
            found = self._steps[v] = tuple(self._find_neighbours(v))
            return list(found)
        except TypeError:  # (a vertex given as a list)
            return self.neighbours(cast(Vertex, tuple(v)))

    @cached_property
    def _steps(self) -> dict[Vertex, tuple[Vertex, ...]]:
        """:meth:`neighbours` of each vertex asked so far (searches ask again and again)."""
        return {}

    def _find_neighbours(self, v: Vertex) -> list[Vertex]:
        if self.narrow:
            return _narrow_neighbours(self, v)
        if is_midpoint(v):
            e = self.split(v)
            return [] if e in self.blocked else [e[1], e[0]]
        out = []
        for w in _grid_neighbours(self, v):
            e = edge(v, w)
            if e not in self.blocked:
                out.append(self.halves.get(e, w))
        return out

    def on_gap(self, v: Vertex) -> bool:
        """Is ``v`` a start's or an end's midpoint on a gap? No line may be
        there (the engine's validate.js: a line over a gap), not even one of
        that vertex alone."""
        return is_midpoint(v) and self.split(v) in self.blocked

    def mirror_allows(self, a: Vertex, b: Vertex) -> bool:
        """May the line step from ``a`` to ``b`` (neighbours in the line's graph)
        as far as its mirror image goes: neither on the mirror axis, and the
        mirror image's edge not blocked? (True without symmetry.)"""
        if self.symmetry is None:
            return True
        ma, mb = self.mirror(a), self.mirror(b)
        if not self.narrow:
            return ma != a and mb != b and self.whole_edge(ma, mb) not in self.blocked
        # (unwrapped columns: the same vertex modulo the columns)
        on_axis = self.base(ma) == self.base(a) or self.base(mb) == self.base(b)
        return not on_axis and self.whole_edge(ma, mb) not in self.blocked

    def whole_edge(self, a: Vertex, b: Vertex) -> Edge:
        """The grid edge a step from ``a`` to ``b`` runs along (a half-edge's whole edge)."""
        try:
            return self._whole_edges[a, b]
        except KeyError:
            found = self._whole_edges[a, b] = self._find_whole_edge(a, b)
            return found
        except TypeError:  # (a vertex given as a list)
            return self.whole_edge(cast(Vertex, tuple(a)), cast(Vertex, tuple(b)))

    @cached_property
    def _whole_edges(self) -> dict[tuple[Vertex, Vertex], Edge]:
        """:meth:`whole_edge` of each step asked so far."""
        return {}

    def _find_whole_edge(self, a: Vertex, b: Vertex) -> Edge:
        if self.narrow:
            if is_midpoint(a) or is_midpoint(b):
                return split_edge(self.base(b if is_midpoint(b) else a))
            return _step_edge(self.cols, a, b)
        if is_midpoint(a) or is_midpoint(b):
            return self.split(b if is_midpoint(b) else a)
        return edge(a, b)

    def is_boundary(self, v: Vertex) -> bool:
        """On the grid's border, or next to a missing edge (where an end can stick out)."""
        if self.narrow:
            steps = _grid_steps(self, v)
            return len(steps) < 4 or any(e in self.missing for _, e in steps)
        grid = _grid_neighbours(self, v)
        return len(grid) < 4 or any(edge(v, w) in self.missing for w in grid)

    def mirror(self, v: Vertex) -> Vertex:
        """The vertex the second line is at when the first is at ``v``."""
        x, y = v
        if self.narrow:  # unwrapped columns (narrow): a step's image is a step
            x = x + self.cols // 2
            x = -x if self.symmetry in ("horizontal", "rotational") else x
        elif self.pillar:  # the engine's: half way round (all of "shift"), then reflected for x
            x = (x + self.cols // 2) % self.cols
            if self.symmetry in ("horizontal", "rotational"):
                x = -x % self.cols
        elif self.symmetry in ("horizontal", "rotational"):
            x = self.cols - x
        if self.symmetry in ("vertical", "rotational"):
            y = self.rows - y
        return (x, y)

    @cached_property
    def outside(self) -> frozenset[tuple[int, int]]:
        """Doubled coordinates (vertex ``(x, y)`` at ``(2x, 2y)``, cell at
        ``(2x + 1, 2y + 1)``, an edge at its middle) of what missing edges cut off
        from the panel: flooding in from missing border edges through missing
        edges and the cells between them; a vertex reached is outside too.
        Round a pillar the flood enters from the top and bottom only and wraps."""
        missing = {edge_point(a, b) for a, b in self.missing}
        dotted = {(2 * d.at[0], 2 * d.at[1]) for d in self.dots if not d.on_edge}
        width, height = 2 * self.cols, 2 * self.rows
        sides = (-1,) if self.pillar else (0, width)
        stack = [p for p in missing if p[0] in sides or p[1] in (0, height)]
        seen = set(stack)
        wrap = width if self.pillar else width + 1
        while stack:
            px, py = stack.pop()
            for q in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                q = (q[0] % wrap, q[1]) if self.pillar else q
                if q in seen or not (0 <= q[0] <= width and 0 <= q[1] <= height):
                    continue
                kind = q[0] % 2 + q[1] % 2  # 0 vertex, 1 edge, 2 cell
                if (kind == 1 and q not in missing) or (kind == 0 and q in dotted):
                    continue  # only missing edges let the outside in; dots stay in
                seen.add(q)
                if kind:  # the flood stops at vertices
                    stack.append(q)
        return frozenset(seen)

    @cached_property
    def symbols(self) -> dict[Cell, str]:
        """Cell -> the kind of symbol in it (triangle, square, star, canceller, polyomino)."""
        out: dict[Cell, str] = {}
        for kind, items in (
            ("triangle", self.triangles),
            ("square", self.squares),
            ("star", self.stars),
            ("canceller", self.cancellers),
        ):
            out.update({(t[0], t[1]): kind for t in items})
        out.update({p.cell: "polyomino" for p in self.polyominoes})
        return out

    def features(self) -> list[str]:
        """The names of the JSON fields beyond triangles that this panel uses."""
        used = [
            name
            for name in ("squares", "stars", "cancellers", "polyominoes", "dots", "gaps")
            if getattr(self, name)
        ]
        if self.removed_edges or self.removed_vertices:
            used.append("removed")
        if self.symmetry:
            used.append("symmetry")
        if self.polyomino_rules != "precise":
            used.append("polyomino_rules")
        if self.canceller_rules != "community":
            used.append("canceller_rules")
        if self.shapeless_zero:
            used.append("shapeless_zero")
        if self.fat_starts:
            used.append("fat_starts")
        if self.pillar:
            used.append("pillar")
        if len(self.starts) != 1:  # none: a panel no line solves
            used.append("starts")
        if len(self.ends) != 1:
            used.append("ends")
        for name, places in (("start", self.starts), ("goal", self.ends)):
            if any(map(is_midpoint, places)):
                used.append(name)  # on an edge's midpoint
        if any(t[3] != DEFAULT_COLOURS["triangles"] for t in self.triangles):
            used.append("triangles")
        return used

    def to_panel(self) -> Panel:
        """The panel itself (the paper's triangle ``Puzzle`` answers the same
        call with the panel it stands for), so code that takes either reads
        one model."""
        return self

    # ------------------------------------------------------------------ I/O
    @classmethod
    def from_dict(cls, data: object) -> Panel:
        """Load a panel from its JSON object (docs/DESIGN.md, "Puzzle file")."""
        return panel_from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> Panel:
        try:
            data = parse_json(text)
        except ValueError as exc:
            raise PuzzleError("json", f"malformed JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> Panel:
        try:
            text = read_text(path, "puzzle")
        except InputError as exc:
            raise PuzzleError("file", str(exc)) from None
        return cls.from_json(text)

    def to_dict(self) -> dict:
        """The JSON object; a triangle-only panel gives exactly the old format."""
        return panel_to_dict(self)

    def to_json(self) -> str:
        """Canonical one-line JSON; equal panels (with equal meta) give equal strings."""
        return json.dumps(self.to_dict(), separators=(", ", ": "))

    def save(self, path: str | Path) -> None:
        write_file(path, self.to_json() + "\n")


def _grid_neighbours(panel: Panel, v: Vertex) -> list[Vertex]:
    out = []
    for dx, dy in DIRECTIONS:
        w = (v[0] + dx, v[1] + dy)
        if panel.pillar:
            w = (w[0] % panel.cols, w[1])
        if panel.in_grid(w):
            out.append(w)
    return out


def edge_name(a: Vertex, b: Vertex) -> Edge:
    """``(a, b)`` as an edge's name, lower/left end first (no check that they
    are neighbours: a narrow pillar's seam edge ends at column ``cols``)."""
    return cast(Edge, (tuple(a), tuple(b)) if tuple(a) <= tuple(b) else (tuple(b), tuple(a)))


@cache
def _narrow_edges(rows: int, cols: int) -> frozenset[Edge]:
    """Every edge's name round a narrow pillar (:attr:`Panel.narrow`)."""
    out = {((x, y), (x + 1, y)) for x in range(cols) for y in range(rows + 1)}
    out |= {((x, y), (x, y + 1)) for x in range(cols) for y in range(rows)}
    return frozenset(out)


def _step_edge(cols: int, a: Vertex, b: Vertex) -> Edge:
    """The edge a step between grid vertices ``a`` and ``b`` (unwrapped columns,
    one column or one row apart) takes round a narrow pillar of ``cols``."""
    if a[1] == b[1]:
        low = min(a[0], b[0]) % cols
        return ((low, a[1]), (low + 1, a[1]))
    x = a[0] % cols
    return ((x, min(a[1], b[1])), (x, max(a[1], b[1])))


def _grid_steps(panel: Panel, v: Vertex) -> list[tuple[Vertex, Edge]]:
    """Round a narrow pillar, every step from grid vertex ``v`` (unwrapped) in
    DIRECTIONS order: the vertex reached (unwrapped) and the edge taken (on
    one column a step left or right comes back to ``v``)."""
    if not panel.narrow:
        return [(w, edge(v, w)) for w in _grid_neighbours(panel, v)]
    out = []
    for dx, dy in DIRECTIONS:
        w = (v[0] + dx, v[1] + dy)
        if 0 <= w[1] <= panel.rows:
            out.append((w, _step_edge(panel.cols, v, w)))
    return out


def _narrow_neighbours(panel: Panel, v: Vertex) -> list[Vertex]:
    """Panel.neighbours round a narrow pillar: ``v`` and the vertices given
    with unwrapped columns; a step back to ``v`` itself is none."""
    if is_midpoint(v):
        if split_edge(panel.base(v)) in panel.blocked:
            return []
        a, b = split_edge(v)
        return [b, a]
    out = []
    for w, e in _grid_steps(panel, v):
        if e in panel.blocked:
            continue
        if e in panel.halves:  # (on one column, either half of the loop edge)
            out.append(midpoint((v, w)))
        elif panel.base(w) != panel.base(v):
            out.append(w)
    return out


def _place(v: Sequence) -> tuple:
    """A vertex as a tuple, a whole coordinate as an int (a midpoint keeps its half)."""
    return tuple(int(c) if isinstance(c, float) and c.is_integer() else c for c in v)


def _normalise(panel: Panel) -> None:
    """Tuples everywhere, sorted, so that panels hash and compare by content."""
    put = object.__setattr__
    put(panel, "starts", tuple(sorted(_place(v) for v in panel.starts)))
    put(panel, "ends", tuple(sorted(_place(v) for v in panel.ends)))
    for name in ("triangles", "squares", "stars", "cancellers"):
        put(panel, name, tuple(sorted(tuple(t) for t in getattr(panel, name))))
    put(panel, "polyominoes", tuple(sorted(panel.polyominoes, key=lambda p: p.cell)))
    put(panel, "dots", tuple(sorted(panel.dots, key=lambda d: (d.on_edge, d.at))))
    for name in ("gaps", "removed_edges"):  # adjacency is checked by the validator
        edges = {tuple(sorted(tuple(map(tuple, e)))) for e in getattr(panel, name)}
        put(panel, name, tuple(sorted(edges)))
    put(panel, "removed_vertices", tuple(sorted({tuple(v) for v in panel.removed_vertices})))


# ------------------------------------------------------------------ JSON
POLYOMINO_KEYS = ("cell", "shape", "rotatable", "negative", "colour")


def _ints(name: str, value: object, counts: tuple[int, ...], what: str) -> tuple:
    """A list of integers, with one optional trailing colour string when the count allows."""
    if not isinstance(value, list):
        raise PuzzleError(name, f"expected {what}, got {value!r}")
    n = len(value) - (1 if value and isinstance(value[-1], str) else 0)
    if n not in counts or not all(map(is_int, value[:n])):
        raise PuzzleError(name, f"expected {what}, got {value!r}")
    return tuple(value)


def _list(data: dict, name: str) -> list:
    value = data.get(name, [])
    if not isinstance(value, list):
        raise PuzzleError(name, f"expected a list, got {type(value).__name__}")
    return value


def _vertex(name: str, value: object) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(map(is_int, value))):
        raise PuzzleError(name, f"expected [x, y] with integers, got {value!r}")
    return (value[0], value[1])


def _terminal(name: str, value: object) -> tuple:
    """A start or an end: a vertex, or an edge's midpoint (one coordinate a half-integer)."""
    halves = (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(c, float | int) and not isinstance(c, bool) for c in value)
        and all((2 * c) % 1 == 0 for c in value)
        and sum(c % 1 != 0 for c in value) == 1
    )
    if halves:
        return _place(cast(list, value))
    if not (isinstance(value, list) and len(value) == 2 and all(map(is_int, value))):
        raise PuzzleError(
            name, f"expected [x, y] with integers (or one half-integer), got {value!r}"
        )
    return (value[0], value[1])


def _terminals(data: dict, one: str, many: str, default: list | None) -> tuple:
    if one in data and many in data:
        raise PuzzleError(many, f"give either '{one}' or '{many}', not both")
    if one in data:
        return (_terminal(one, data[one]),)
    if many in data:
        return tuple(_terminal(many, v) for v in _list(data, many))
    if default is None:
        raise PuzzleError(one, "missing")
    return tuple(default)


def _cell_symbols(data: dict, name: str) -> tuple:
    arity = 3 if name == "triangles" else 2
    what = "[x, y, k] with integers" if arity == 3 else "[x, y] or [x, y, colour]"
    out = []
    for item in _list(data, name):
        item = _ints(name, item, (arity,), what)
        colour = item[arity] if len(item) > arity else DEFAULT_COLOURS[name]
        out.append((*item[:arity], colour))
    return tuple(out)


def _polyomino(item: object) -> Polyomino:
    name = "polyominoes"
    if not isinstance(item, dict):
        raise PuzzleError(name, f"expected an object, got {item!r}")
    for key in item:
        if key not in POLYOMINO_KEYS:
            raise PuzzleError(name, f"unknown key {key!r} (allowed: {', '.join(POLYOMINO_KEYS)})")
    cell = _vertex(name, item.get("cell"))
    shape = item.get("shape")
    if not isinstance(shape, list) or not shape:
        raise PuzzleError(name, f"square {list(cell)}: 'shape' must be a non-empty list")
    shape = [_vertex(name, c) for c in shape]
    flags = {k: item.get(k, False) for k in ("rotatable", "negative")}
    for key, value in flags.items():
        if not isinstance(value, bool):
            raise PuzzleError(name, f"square {list(cell)}: {key!r} must be true or false")
    colour = item.get("colour", DEFAULT_COLOURS[name])
    return Polyomino(cell=cell, shape=tuple(shape), colour=colour, **flags)


def _dot(item: object) -> Dot:
    item = _ints("dots", item, (2, 4), "[x, y] or [x1, y1, x2, y2], then an optional colour")
    colour = item[-1] if isinstance(item[-1], str) else "black"
    coords = [c for c in item if not isinstance(c, str)]
    at = tuple(coords) if len(coords) == 2 else (tuple(coords[:2]), tuple(coords[2:]))
    return Dot(at=at, colour=colour)


def _edges(data: dict, name: str, vertices_too: bool) -> tuple[list, list]:
    edges, vertices = [], []
    what = "[x1, y1, x2, y2]" + (" or [x, y]" if vertices_too else "")
    for item in _list(data, name):
        if not isinstance(item, list) or any(isinstance(c, str) for c in item):
            raise PuzzleError(name, f"expected {what}, got {item!r}")
        item = _ints(name, item, (2, 4) if vertices_too else (4,), what)
        if len(item) == 2:
            vertices.append(item)
        else:
            edges.append((item[:2], item[2:]))
    return edges, vertices


def panel_from_dict(data: object) -> Panel:
    """A validated Panel from a JSON object; PuzzleError naming the field otherwise."""
    if not isinstance(data, dict):
        raise PuzzleError("puzzle", f"expected a JSON object, got {type(data).__name__}")
    for key in data:
        if key not in ALLOWED_KEYS:
            raise PuzzleError(str(key), f"unknown key (allowed: {', '.join(ALLOWED_KEYS)})")
    for name in ("rows", "cols"):
        if name not in data:
            raise PuzzleError(name, "missing")
        if not is_int(data[name]):
            raise PuzzleError(name, f"expected an integer, got {data[name]!r}")
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise PuzzleError("meta", f"expected an object, got {type(meta).__name__}")
    symmetry = data.get("symmetry")
    if symmetry is not None and not isinstance(symmetry, str):
        raise PuzzleError("symmetry", f"expected a string, got {symmetry!r}")
    rules = data.get("polyomino_rules", "precise")
    pillar = data.get("pillar", False)
    if not isinstance(pillar, bool):
        raise PuzzleError("pillar", f"expected true or false, got {pillar!r}")
    gaps, _ = _edges(data, "gaps", vertices_too=False)
    removed_edges, removed_vertices = _edges(data, "removed", vertices_too=True)
    panel = Panel(
        rows=data["rows"],
        cols=data["cols"],
        starts=_terminals(data, "start", "starts", [(0, 0)]),
        ends=_terminals(data, "goal", "ends", None),
        triangles=_cell_symbols(data, "triangles"),
        squares=_cell_symbols(data, "squares"),
        stars=_cell_symbols(data, "stars"),
        cancellers=_cell_symbols(data, "cancellers"),
        polyominoes=tuple(_polyomino(p) for p in _list(data, "polyominoes")),
        dots=tuple(_dot(d) for d in _list(data, "dots")),
        gaps=tuple(gaps),
        removed_edges=tuple(removed_edges),
        removed_vertices=tuple(removed_vertices),
        symmetry=symmetry,
        polyomino_rules=rules,
        canceller_rules=data.get("canceller_rules", "community"),
        shapeless_zero=data.get("shapeless_zero", False),
        fat_starts=data.get("fat_starts", False),
        pillar=pillar,
        meta=meta,
    )
    if "goal" in data and not _rim_end(panel, panel.ends[0]):
        raise PuzzleError(
            "goal",
            f"vertex {list(panel.ends[0])} is not peripheral (degree 4): the exit of the "
            "paper's form is on the rim (an end on an inner vertex goes under 'ends')",
        )
    return panel


def _with_colour(item: tuple, name: str) -> list:
    *rest, colour = item
    return [*rest] if colour == DEFAULT_COLOURS[name] else [*rest, colour]


def _polyomino_dict(p: Polyomino) -> dict:
    out: dict = {"cell": list(p.cell), "shape": [list(c) for c in p.shape]}
    if p.rotatable:
        out["rotatable"] = True
    if p.negative:
        out["negative"] = True
    if p.colour != DEFAULT_COLOURS["polyominoes"]:
        out["colour"] = p.colour
    return out


def _dot_list(d: Dot) -> list:
    coords = d.coords
    return coords if d.colour == "black" else [*coords, d.colour]


def _rim_end(panel: Panel, v: Vertex) -> bool:
    """An end the paper's form takes as its ``goal``: half way along an edge or
    on the rim (the engine's ends may be inner vertices, given as ``ends``)."""
    return is_midpoint(v) or panel.is_boundary(panel.base(v))


def panel_to_dict(panel: Panel) -> dict:
    """The JSON object: only the fields in use, colours only when not the default."""
    out: dict = {"rows": panel.rows, "cols": panel.cols}
    if len(panel.starts) == 1:
        out["start"] = list(panel.starts[0])
    else:
        out["starts"] = [list(v) for v in panel.starts]
    if len(panel.ends) == 1 and _rim_end(panel, panel.ends[0]):
        out["goal"] = list(panel.ends[0])
    else:  # (an inner end is no paper-form goal: panel_from_dict refuses one)
        out["ends"] = [list(v) for v in panel.ends]
    out["triangles"] = [_with_colour(t, "triangles") for t in panel.triangles]
    for name in ("squares", "stars", "cancellers"):
        if getattr(panel, name):
            out[name] = [_with_colour(t, name) for t in getattr(panel, name)]
    if panel.polyominoes:
        out["polyominoes"] = [_polyomino_dict(p) for p in panel.polyominoes]
    if panel.dots:
        out["dots"] = [_dot_list(d) for d in panel.dots]
    if panel.gaps:
        out["gaps"] = [[*a, *b] for a, b in panel.gaps]
    removed = [list(v) for v in panel.removed_vertices]
    removed += [[*a, *b] for a, b in panel.removed_edges]
    if removed:
        out["removed"] = removed
    if panel.symmetry:
        out["symmetry"] = panel.symmetry
    if panel.polyomino_rules != "precise":
        out["polyomino_rules"] = panel.polyomino_rules
    if panel.canceller_rules != "community":
        out["canceller_rules"] = panel.canceller_rules
    if panel.shapeless_zero:
        out["shapeless_zero"] = True
    if panel.fat_starts:
        out["fat_starts"] = True
    if panel.pillar:
        out["pillar"] = True
    if panel.meta:
        out["meta"] = panel.meta
    return out
