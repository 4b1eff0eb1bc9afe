"""The rules of a Witness panel: the single source of truth for whether a line
solves a :class:`~witness.model.panel.Panel`, and which constraints it breaks.

The semantics are those of the community engine (jbzdarkid's witnesspuzzles.com
``engine/validate.js``), written anew here:

- The line starts at a start, ends at an end, never repeats a vertex and never
  uses a gap or a removed edge. With symmetry the second line is the mirror
  image of the first; neither may touch the other (so the first line never
  visits a vertex on the mirror axis, except a start there, which both lines
  leave), and the mirror line obeys the same rules.
- Regions are computed on the doubled grid (vertex ``(x, y)`` at ``(2x, 2y)``,
  cell at ``(2x + 1, 2y + 1)``, an edge at its middle): the connected parts of
  everything the lines do not cover and missing edges have not cut off
  (:attr:`Panel.outside <witness.model.panel.Panel.outside>`). A dot the lines
  miss lies in a region like a symbol does.
- In a region, with every symbol present: an uncovered dot, a triangle whose
  cell has a different number of sides on the lines, and a star whose colour
  nothing else in the region has are *very invalid* (no other cancellation can
  mend them); squares of more than one colour (all of them), a star with more
  than one other symbol of its colour, and polyominoes that do not fit (all of
  them) are *invalid*. Every symbol with a colour counts for stars:
  triangles, squares, stars, polyominoes and cancellers.
- Polyominoes fit (:func:`polyominoes_fit`) when the positive ones, less the
  negative ones, cover the region's cells exactly once. The negative ones may
  lie anywhere in the grid; a positive one never spans an edge the line uses
  unless a negative one covers that edge (the engine's "precise"
  polyominoes). When the areas are equal the region is not constrained: the
  negative pieces must exactly cancel the positive ones. A panel with
  ``polyomino_rules`` ``"windmill"`` (The Windmill's reading) drops the edge
  rule (pieces are their cells only) and lets pieces lie partly off the grid
  where negative ones cancel them, within the extent of the panel's largest
  piece of it; pieces whose areas cancel pass there whatever their shapes
  (The Windmill counts cells, its engine's ``validate.js``).
- Cancellers: each removes one symbol of its region, and every one must be
  used. The very invalid symbols are all removed; each remaining canceller
  removes an invalid one or pairs with another canceller; then, without the
  cancellers and what they removed, the region must have no error. (The
  engine pairs spare cancellers only after trying the invalid symbols in a
  fixed order, which can reject a region this rule accepts; this rule is the
  order-free reading of it. ``benchmarks/engine_agreement.py`` runs the
  engine beside this checker: docs/results.md, "The checker beside the
  community engine".)
- A panel with ``canceller_rules`` ``"windmill"`` (The Windmill's engine,
  ``src/validate.js`` of thefifthmatt/windmill-client) counts instead of
  searching: a region's cancellers must be spent exactly, one on each square
  of every colour but the one its engine keeps (:func:`windmill_region`), on
  as many stars of a colour not held by exactly two symbols as leave two of
  it (all of them when one star or too few stay), on each dot off the lines
  and wrong triangle, and on the polyominoes when they do not fit (all of
  them when there are as many cancellers left, else one piece when one is
  left and the rest fit). A canceller counts as a white symbol for stars all
  the while (the importer colours The Windmill's cancellers white), and
  nothing is checked again after the count: a region whose count comes out
  at its cancellers is right, one whose count does not has its cancellers
  and broken symbols wrong. Regions without cancellers are read as above.
- A blue (yellow) dot covered by the yellow (blue) line is wrong, and no
  canceller mends that.

A polyomino tiling search can take long on a region of many pieces, so
:func:`check` takes an optional deadline (a :func:`time.perf_counter` time);
past it, the check raises :class:`CheckStopped` rather than answer.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from operator import mul
from typing import NamedTuple
from weakref import ref

from witness.errors import InputError
from witness.model.base import MAIN_LINE, MIRROR_LINE, NO_COLOUR, Edge, Vertex, edge
from witness.model.panel import Dot, Panel, Polyomino
from witness.model.windmill import COLOURS as WINDMILL_COLOURS

Point = tuple[int, int]  # a place on the doubled grid


class PathError(InputError):
    """A path that is not a walk on the grid (bad input, not a broken rule)."""


class CheckStopped(Exception):
    """The deadline given to the checker passed before it had an answer."""


def _on_time(deadline: float | None) -> None:
    if deadline is not None and time.perf_counter() > deadline:
        raise CheckStopped("the rules check ran past its deadline")


@dataclass(frozen=True)
class Element:
    """A symbol or a dot as the checker sees it: ``kind`` (dot, triangle,
    square, star, canceller, polyomino), where it is on the doubled grid, its
    colour (None for dots) and the panel's record of it."""

    kind: str
    point: Point
    colour: str | None
    item: object

    def location(self) -> list[int]:
        """``[x, y]`` of a cell or vertex, ``[x1, y1, x2, y2]`` of an edge."""
        px, py = self.point
        if is_cell_point(self.point):
            return [px // 2, py // 2]
        if px % 2 == 0 and py % 2 == 0:
            return [px // 2, py // 2]
        return [px // 2, py // 2, (px + 1) // 2, (py + 1) // 2]


@dataclass(frozen=True)
class Violation:
    """A broken rule: ``kind`` (path, gap, symmetry, dot, triangle, square,
    star, polyomino, canceller), where (``at``: a cell, vertex or edge as in
    the JSON format) and a sentence for people."""

    kind: str
    at: tuple[int, ...]
    message: str

    def to_dict(self) -> dict:
        return {"kind": self.kind, "at": list(self.at), "message": self.message}


@dataclass(frozen=True)
class Verdict:
    """The checker's answer: ``solved`` exactly when ``violations`` is empty;
    ``lines`` holds the line and, with symmetry, its mirror image."""

    solved: bool
    violations: tuple[Violation, ...]
    lines: tuple[tuple[Vertex, ...], ...]

    def to_dict(self) -> dict:
        return {"solved": self.solved, "violations": [v.to_dict() for v in self.violations]}


def point(thing: Vertex | Edge) -> Point:
    """The doubled-grid place of a vertex or an edge."""
    if isinstance(thing[0], tuple):
        (x1, y1), (x2, y2) = thing
        return (x1 + x2, y1 + y2)
    return (2 * thing[0], 2 * thing[1])


def cell_point(c: tuple[int, int]) -> Point:
    return (2 * c[0] + 1, 2 * c[1] + 1)


def is_cell_point(p: Point) -> bool:
    """Is doubled-grid place ``p`` a cell (not a vertex or an edge)?"""
    return p[0] % 2 == 1 and p[1] % 2 == 1


# ------------------------------------------------------------------ the lines
def lines_of(panel: Panel, path: Sequence[Vertex]) -> tuple[tuple[Vertex, ...], ...]:
    """The line and, with symmetry, its mirror image; PathError when ``path``
    is not a walk of neighbouring grid vertices."""
    line = tuple(map(tuple, path))
    if not line:
        raise PathError("path: empty")
    memo = _memo(panel)
    if not (memo.vertices.issuperset(line) and memo.steps.issuperset(pairwise(line))):
        for v in line:  # the first culprit, for the message
            if v not in memo.vertices:
                raise PathError(f"path: vertex {list(v)} is outside the grid")
        for a, b in pairwise(line):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise PathError(f"path: {list(a)} to {list(b)} is not one step along an edge")
    if panel.symmetry is None:
        return (line,)
    return (line, tuple(panel.mirror(v) for v in line))


def _line_violations(panel: Panel, line: tuple[Vertex, ...], which: str) -> list[Violation]:
    out = []
    if line[0] not in panel.starts:
        out.append(Violation("path", line[0], f"the {which} does not begin at a start"))
    if line[-1] not in panel.ends:
        out.append(Violation("path", line[-1], f"the {which} does not finish at an end"))
    seen: set[Vertex] = set()
    for v in line if len(set(line)) < len(line) else ():
        if v in seen:
            out.append(Violation("path", v, f"the {which} visits {list(v)} twice"))
        seen.add(v)
    steps = _memo(panel).blocked_steps
    for a, b in pairwise(line) if steps and not steps.isdisjoint(pairwise(line)) else ():
        if (a, b) not in steps:
            continue
        e = edge(a, b)
        if e in panel.missing:
            out.append(Violation("path", (*a, *b), f"the {which} uses a removed edge"))
        elif e in panel.gaps:
            out.append(Violation("gap", (*a, *b), f"the {which} crosses a gap"))
    return out


def path_violations(panel: Panel, lines: tuple[tuple[Vertex, ...], ...]) -> list[Violation]:
    """What makes the line (or the pair of lines) one a player cannot draw."""
    out = _line_violations(panel, lines[0], "line")
    if len(lines) == 2:
        out += _line_violations(panel, lines[1], "mirror line")
        shared = set(lines[0]) & set(lines[1])
        if lines[0][0] == lines[1][0]:
            shared.discard(lines[0][0])  # a start on the axis serves both lines
        for v in sorted(shared):
            out.append(Violation("symmetry", v, f"the two lines meet at {list(v)}"))
    return out


def covered(lines: tuple[tuple[Vertex, ...], ...]) -> dict[Point, str]:
    """Doubled-grid places under the lines -> the line's colour (black without
    symmetry, else blue for the first line, yellow for its mirror)."""
    colours = ("black",) if len(lines) == 1 else (MAIN_LINE, MIRROR_LINE)
    out: dict[Point, str] = {}
    for line, colour in zip(lines, colours, strict=True):
        for x, y in line:
            out[(2 * x, 2 * y)] = colour
        for (x1, y1), (x2, y2) in pairwise(line):  # an edge's place is its middle
            out[(x1 + x2, y1 + y2)] = colour
    return out


# ------------------------------------------------------------------ regions
@dataclass
class _PanelMemo:
    """What the checker reuses over the lines of one panel. Places are bits
    of an int, column by column (x, then y: the lowest bit of a region is its
    first place). A region's errors depend on the panel and the region alone
    (its symbols lie in it, and a side of one of its cells is on the line
    exactly when it is neither in the region nor outside the panel), so they
    are kept by region."""

    column: int  # places in a column of the doubled grid
    inside: int  # the places inside the panel, as bits
    not_top: int  # the places not in the top row (y = 0)
    not_bottom: int  # the places not in the bottom row
    vertices: frozenset[Vertex]  # the grid's vertices
    steps: frozenset[tuple[Vertex, Vertex]]  # (a, b) of every two neighbouring vertices
    symbols: dict[Point, Element]  # elements(panel)
    errors: dict[int, tuple[Element, ...]]  # check_region by region (as bits)
    dots: tuple[Point, ...] = ()  # the dots' places
    triangles: tuple[Point, ...] = ()  # the triangles' places
    in_regions: tuple[Point, ...] = ()  # the places of the other symbols (their regions matter)
    blocked_steps: frozenset = frozenset()  # (a, b) and (b, a) of each gap and missing edge
    symbol_bits: tuple[tuple[Point, int], ...] = ()  # each symbol's place and bit, in order
    coloured_dots: tuple[Dot, ...] = ()  # the dots only one of two symmetric lines may cover

    def bit(self, q: Point) -> int:
        return 1 << (q[0] * self.column + q[1])

    def points(self, bits: int) -> frozenset[Point]:
        """The places of a set of bits."""
        data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
        h = self.column
        return frozenset(
            divmod(8 * k + j, h) for k, byte in enumerate(data) if byte for j in _BYTE_BITS[byte]
        )


_BYTE_BITS = tuple(tuple(j for j in range(8) if b >> j & 1) for b in range(256))


# by id(panel): (a weak reference to the panel, its memo); an entry goes with its panel
_MEMOS: dict[int, tuple[ref, _PanelMemo]] = {}
ERRORS_KEPT = 1 << 15  # regions kept per panel


def _memo(panel: Panel) -> _PanelMemo:
    global _LAST_MEMO
    if _LAST_MEMO[0] is panel:  # (one check asks for it several times)
        return _LAST_MEMO[1]
    key = id(panel)
    entry = _MEMOS.get(key)
    if entry is not None and entry[0]() is panel:
        _LAST_MEMO = (panel, entry[1])
        return entry[1]
    height = 2 * panel.rows + 1
    inside, not_top, not_bottom, vertices, grid_steps = _grid_bits(
        panel.rows, panel.cols, panel.outside
    )
    symbols = elements(panel)
    dots = tuple(q for q, e in symbols.items() if e.kind == "dot")
    triangles = tuple(q for q, e in symbols.items() if e.kind == "triangle")
    in_regions = tuple(q for q, e in symbols.items() if e.kind not in ("dot", "triangle"))
    steps = frozenset(s for a, b in panel.blocked for s in ((a, b), (b, a)))
    symbol_bits = tuple((q, 1 << (q[0] * height + q[1])) for q in sorted(symbols))
    memo = _PanelMemo(
        height,
        inside,
        not_top,
        not_bottom,
        vertices,
        grid_steps,
        symbols,
        {},
        dots,
        triangles,
        in_regions,
        steps,
        symbol_bits,
        tuple(d for d in panel.dots if d.colour in (MAIN_LINE, MIRROR_LINE)),
    )
    _MEMOS[key] = (ref(panel, lambda _, key=key: _MEMOS.pop(key, None)), memo)
    _LAST_MEMO = (panel, memo)
    return memo


_LAST_MEMO: tuple[Panel | None, _PanelMemo | None] = (None, None)  # the last panel asked for


@lru_cache(maxsize=256)
def _grid_bits(
    rows: int, cols: int, outside: frozenset[Point]
) -> tuple[int, int, int, frozenset[Vertex], frozenset[tuple[Vertex, Vertex]]]:
    """_PanelMemo's inside, not_top, not_bottom, vertices and steps of a grid
    (shared by the panels of one size: generated sets are many)."""
    width, height = 2 * cols + 1, 2 * rows + 1
    every = [(x, y) for x in range(width) for y in range(height)]
    inside = sum(1 << (x * height + y) for x, y in every if (x, y) not in outside)
    not_top = sum(1 << (x * height + y) for x, y in every if y != 0)
    not_bottom = sum(1 << (x * height + y) for x, y in every if y != height - 1)
    vertices = frozenset((x, y) for x in range(cols + 1) for y in range(rows + 1))
    steps = frozenset(
        s
        for x, y in vertices
        for w in ((x + 1, y), (x, y + 1))
        if w in vertices
        for s in (((x, y), w), (w, (x, y)))
    )
    return inside, not_top, not_bottom, vertices, steps


def regions(
    panel: Panel, on_line: Iterable[Point], holding: Iterable[Point] | None = None
) -> list[frozenset[Point]]:
    """The regions: connected parts of the doubled grid off the lines and
    inside the panel, in the order of their first place (x, then y). With
    ``holding``, only the regions that hold one of those places (the rules
    checker floods from its symbols only: a region without one breaks nothing)."""
    memo = _memo(panel)
    return [memo.points(bits) for bits in _region_bits(memo, on_line, holding)]


def _region_bits(
    memo: _PanelMemo, on_line: Iterable[Point], holding: Iterable[Point] | None
) -> list[int]:
    """:func:`regions` as bits: each grows a step in every direction at once
    until it stops."""
    if holding is not None and not holding:
        return []
    h, not_top, not_bottom = memo.column, memo.not_top, memo.not_bottom
    line = 0
    for x, y in on_line:  # (memo.bit inlined: a check of a long line calls it often)
        line |= 1 << (x * h + y)
    free = memo.inside & ~line
    if holding is None:
        seeds: Iterable[int] = iter(lambda: free & -free, 0)  # the first place left
    else:
        seeds = map(memo.bit, holding)
    out = []
    for seed in seeds:
        if not free & seed:
            continue
        part = seed
        while True:
            grown = (
                part | (part << 1) & not_top | (part >> 1) & not_bottom | part << h | part >> h
            ) & free
            if grown == part:
                break
            part = grown
        free &= ~part
        out.append(part)
    if holding is not None:  # a region's first place may be no symbol's
        out.sort(key=lambda bits: bits & -bits)
    return out


def elements(panel: Panel) -> dict[Point, Element]:
    """Every symbol and dot of the panel by its doubled-grid place."""
    out: dict[Point, Element] = {}
    for kind, items in (
        ("triangle", panel.triangles),
        ("square", panel.squares),
        ("star", panel.stars),
        ("canceller", panel.cancellers),
    ):
        for t in items:
            out[cell_point(t[:2])] = Element(kind, cell_point(t[:2]), t[-1], t)
    for p in panel.polyominoes:
        out[cell_point(p.cell)] = Element("polyomino", cell_point(p.cell), p.colour, p)
    for d in panel.dots:
        out[point(d.at)] = Element("dot", point(d.at), None, d)
    return out


# ------------------------------------------------------------------ polyominoes
# pure, and asked for the same piece at the same cell all through a tiling search
@lru_cache(maxsize=1 << 16)
def piece_cover(
    shape: tuple[tuple[int, int], ...], at: tuple[int, int], negative: bool, precise: bool
) -> tuple[Point, ...]:
    """Doubled-grid places a piece covers with its first cell (least y, then x)
    on cell ``at``: its cells and, when ``precise``, the edges inside it (a
    negative piece: every edge of its cells)."""
    ax, ay = min(shape, key=lambda c: (c[1], c[0]))
    cells = {(at[0] + dx - ax, at[1] + dy - ay) for dx, dy in shape}
    out = {cell_point(c) for c in cells}
    for cx, cy in cells if precise else ():
        px, py = cell_point((cx, cy))
        for q, nb in (
            ((px + 1, py), (cx + 1, cy)),
            ((px - 1, py), (cx - 1, cy)),
            ((px, py + 1), (cx, cy + 1)),
            ((px, py - 1), (cx, cy - 1)),
        ):
            if negative or nb in cells:
                out.add(q)
    return tuple(sorted(out))


def _extent(piece: Polyomino) -> int:
    return max(max(c) for c in piece.shape) + 1


def placements(
    panel: Panel, piece: Polyomino, negative: bool, margin: int = 0
) -> Iterator[tuple[Point, ...]]:
    """Every way to lay ``piece`` with all its cells on the grid, or within
    ``margin`` cells of it (the places each way covers)."""
    precise = panel.polyomino_rules == "precise"
    low_x, low_y = -margin, -margin
    high_x, high_y = panel.cols + margin, panel.rows + margin
    for shape in piece.orientations():
        ax, ay = min(shape, key=lambda c: (c[1], c[0]))
        for x in range(low_x, high_x):
            for y in range(low_y, high_y):
                cells = [(x + dx - ax, y + dy - ay) for dx, dy in shape]
                if all(low_x <= cx < high_x and low_y <= cy < high_y for cx, cy in cells):
                    yield piece_cover(shape, (x, y), negative, precise)


class _Box(NamedTuple):  # a tuple: the search's caches hash it often
    """The places pieces may cover, numbered least y first, then least x (so
    cells in number order are cells in the tiling search's order): the panel's
    doubled grid and ``margin`` cells around it."""

    cols: int
    rows: int
    margin: int
    precise: bool

    @property
    def width(self) -> int:
        return 2 * (self.cols + 2 * self.margin) + 1

    @property
    def size(self) -> int:
        return self.width * (2 * (self.rows + 2 * self.margin) + 1)

    def index(self, q: Point) -> int | None:
        x, y = q[0] + 2 * self.margin, q[1] + 2 * self.margin
        if 0 <= x < self.width and 0 <= y * self.width < self.size:
            return y * self.width + x
        return None

    def cells(self) -> tuple[int, ...]:
        return _box_cells(self)


@lru_cache(maxsize=1 << 8)
def _box_cells(box: _Box) -> tuple[int, ...]:
    w = box.width
    return tuple(i for i in range(box.size) if (i % w) % 2 == 1 and (i // w) % 2 == 1)


@lru_cache(maxsize=1 << 10)
def _covers_by_first_cell(box: _Box, shape: tuple, rotatable: bool, negative: bool) -> dict:
    """For each cell of ``box`` (its number), the places (numbers) a piece
    covers in each orientation with its first cell there, when all of it lies
    in the box."""
    out: dict[int, tuple] = {}
    m = 2 * box.margin
    for cell in box.cells():
        at = ((cell % box.width - m) // 2, (cell // box.width - m) // 2)
        covers = []
        for turned in Polyomino((0, 0), shape, rotatable).orientations():
            places = [box.index(q) for q in piece_cover(turned, at, negative, box.precise)]
            if None not in places:
                covers.append(tuple(places))
        out[cell] = tuple(covers)
    return out


@dataclass
class _Tiling:
    """The tiling search of :func:`polyominoes_fit` on numbered places. Every
    place a piece covers comes at or after its first cell (least y, then x)
    in the places' order, so the places are passed in order and at each cell
    the pieces whose first cell it is are chosen: negative ones, then as many
    positive ones as bring the cell to 0 (a cell passed never changes again);
    a side passed must be at most 0. A positive piece covers only places
    still below 0 once no negative piece is left to cancel it. Identical
    pieces started on one cell are chosen in one order.

    Many ways to lay the pieces before a cell leave the same places after it
    (negative pieces wander the margin), so the states that failed are kept:
    the cell, the pieces left, and the places a piece laid so far can reach
    (beyond them every place holds its first value)."""

    values: list[int]  # by place number: -1 owed, +1 covered once too often
    is_cell: tuple[bool, ...]  # by place number
    last_side: tuple[bool, ...]  # by place number: a side without a cell after it
    width: int  # places in a row
    covers: list[tuple[dict[int, tuple], ...]]  # by sign (0 negative, 1 positive), kind
    left: list[list[int]]  # by sign, kind: pieces not yet laid
    area: list[list[int]]  # by sign, kind: cells of one piece
    owed: int  # cells below 0 (the positive pieces left must cover at least that)
    deadline: float | None
    reach: int  # places after a piece's first cell it may cover, and a row before
    # When the pieces must cancel (net area 0, ``must_cancel``), a layout
    # moved up by whole rows still cancels: the first piece starts in the
    # first row of cells, else nothing does. Under the windmill reading
    # (``restarts``; under the precise one a negative piece leaves sides below
    # 0 that later pieces may use) once the pieces laid cancel, those left
    # must cancel on their own: they start again from the first row.
    must_cancel: bool
    restarts: bool
    since: list[list[int]]  # the pieces left when the layout last cancelled
    failed: set[bytes] = field(default_factory=set)

    def pass_from(self, place: int) -> bool:
        """Lay the pieces whose first cell is ``place`` or later (those of
        the cells before it are laid)."""
        _on_time(self.deadline)
        state = self.state(place)
        if state in self.failed:
            return False
        if self.pass_on(place):
            return True
        if len(self.failed) < FAILED_KEPT:
            self.failed.add(state)
        return False

    def state(self, place: int) -> bytes:
        """What the search from ``place`` on depends on (class doc)."""
        left = bytes(self.left[0] + self.left[1] + [self.left == self.since])
        start = max(0, place - self.width - 1)
        window = array("b", self.values[start : place + self.reach])
        return place.to_bytes(4) + left + window.tobytes()

    def pass_on(self, place: int) -> bool:
        """:meth:`pass_from`, searching."""
        values, is_cell = self.values, self.is_cell
        if place and is_cell[place - 1] and not self.sides_done(place - 1):
            return False
        while place < len(values):
            if not is_cell[place]:
                if values[place] > 0 and self.last_side[place]:
                    return False
            elif values[place] != 0:
                return self.negatives_at(place, 0, 0, 0)
            elif self.must_cancel and place > 2 * self.width and self.left == self.since:
                return False  # nothing started in the first row
            elif self.restarts and self.left != self.since and self.cancelled(place):
                return self.restart()
            elif any(self.left[0]) and self.negatives_at(place, 0, 0, 0):
                return True
            elif not self.sides_done(place):  # nothing starts on this cell
                return False
            place += 1
        return not any(map(any, self.left))

    def cancelled(self, place: int) -> bool:
        """Do the pieces laid cancel (every place from ``place`` on at 0, and
        those before it are passed; the windmill reading has no sides)?"""
        return any(map(any, self.left)) and not any(self.values[place : place + self.reach])

    def restart(self) -> bool:
        """The pieces laid cancel: lay those left from the first cell again,
        the first of them in the first row."""
        since, self.since = self.since, [list(n) for n in self.left]
        try:
            return self.pass_from(0)
        finally:
            self.since = since

    def sides_done(self, cell: int) -> bool:
        """No piece laid later covers the sides above and left of a cell
        passed (a negative piece covers every side of its cells, so a side
        is settled with the later of its cells): they must be at most 0."""
        return self.values[cell - 1] <= 0 and self.values[cell - self.width] <= 0

    def negatives_at(self, place: int, first_kind: int, first_way: int, chosen: int) -> bool:
        """Choose the negative pieces starting on cell ``place`` (kinds and
        orientations in order from ``first_kind``, ``first_way``; ``chosen``
        so far), then the positive ones."""
        need = -self.values[place]
        if need > 0 and self.positives_at(place, need, 0, 0):
            return True
        if need == 0 and chosen and self.pass_from(place + 1):
            return True
        for k in range(first_kind, len(self.left[0])):
            if not self.left[0][k]:
                continue
            ways = self.covers[0][k][place]
            for w in range(first_way if k == first_kind else 0, len(ways)):
                fits = self.lay(0, k, ways[w], -1) and self.negatives_at(place, k, w, chosen + 1)
                self.lay(0, k, ways[w], +1)
                if fits:
                    return True
        return False

    def positives_at(self, place: int, need: int, first_kind: int, first_way: int) -> bool:
        """Choose ``need`` positive pieces starting on cell ``place``, then go on."""
        if need == 0:
            return self.pass_from(place + 1)
        cancels = any(self.left[0])
        for k in range(first_kind, len(self.left[1])):
            if not self.left[1][k]:
                continue
            ways = self.covers[1][k][place]
            for w in range(first_way if k == first_kind else 0, len(ways)):
                if not cancels and any(self.values[q] >= 0 for q in ways[w]):
                    continue
                fits = self.lay(1, k, ways[w], +1) and self.positives_at(place, need - 1, k, w)
                self.lay(1, k, ways[w], -1)
                if fits:
                    return True
        return False

    def lay(self, sign: int, kind: int, places: tuple[int, ...], step: int) -> bool:
        """Add ``step`` to the places (laying a piece of ``sign``, or taking
        it back), and count it laid (or left); False when the positive pieces
        left cannot cover the cells now owed."""
        values, is_cell = self.values, self.is_cell
        for q in places:
            if is_cell[q]:
                self.owed += (values[q] + step < 0) - (values[q] < 0)
            values[q] += step
        laid = -step if sign == 0 else step  # +1 laid, -1 taken back
        self.left[sign][kind] -= laid
        return self.owed <= sum(map(mul, self.left[1], self.area[1]))


def _kind(piece: Polyomino) -> tuple:
    return (piece.shape, piece.rotatable)


class TilingTerms(NamedTuple):
    """What a tiling of a region's pieces must do once the areas allow one:
    cover the region (net area above 0) or else cancel out, lying within
    ``margin`` cells of the grid; nothing at all when ``free`` (net area 0
    under the windmill reading: The Windmill counts cells there, not shapes)."""

    cover_region: bool
    margin: int
    free: bool = False


def tiling_terms(
    panel: Panel, region: frozenset[Point], pieces: Sequence[Polyomino]
) -> TilingTerms | None:
    """The terms of tiling ``region`` with ``pieces`` (a non-empty list);
    None when their net area rules it out (below 0, or above 0 and not the
    region's cell count)."""
    net = sum(-p.size if p.negative else p.size for p in pieces)
    if net < 0 or (net > 0 and net != _cell_count(region)):
        return None
    if panel.polyomino_rules == "precise":
        return TilingTerms(net > 0, 0)
    # the Windmill reading: within the panel's largest piece's extent of the grid
    widest = max(map(_extent, panel.polyominoes or pieces))
    return TilingTerms(net > 0, widest, free=net == 0)


def polyominoes_fit(
    panel: Panel,
    region: frozenset[Point],
    pieces: Sequence[Polyomino],
    deadline: float | None = None,
) -> bool:
    """Do the region's polyominoes, less its negative ones, tile it (module doc)?
    :class:`CheckStopped` when ``deadline`` (a perf_counter time) passes first."""
    if not pieces:
        return True
    terms = tiling_terms(panel, region, pieces)
    if terms is None or terms.free:
        return terms is not None
    cover, margin, _ = terms
    # all the search reads of the panel and the pieces (pieces that cancel out,
    # net area 0, never read the region)
    key = (panel.cols, panel.rows, panel.polyomino_rules, margin, region if cover else None)
    key += tuple(sorted(map(_piece_key, pieces)))
    fits = _TILINGS.get(key)
    if fits is None:
        box = _Box(panel.cols, panel.rows, margin, panel.polyomino_rules == "precise")
        fits = _tiles(box, region, pieces, cover, deadline)
        if len(_TILINGS) >= TILINGS_KEPT:
            _TILINGS.clear()
        if len(_TILINGS) < TILINGS_KEPT:
            _TILINGS[key] = fits
    return fits


@lru_cache(maxsize=1 << 12)
def _cell_count(region: frozenset[Point]) -> int:
    return sum(1 for p in region if is_cell_point(p))


@lru_cache(maxsize=1 << 8)
def _box_layout(box: _Box) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """By place number: whether it is a cell, and whether it is a side on the
    box's right or bottom border (no cell after it)."""
    cells = set(box.cells())
    width, size = box.width, box.size
    is_cell = tuple(q in cells for q in range(size))
    last = tuple(q % width == width - 1 or q + width >= size for q in range(size))
    return is_cell, last


def _tiles(
    box: _Box,
    region: frozenset[Point],
    pieces: Sequence[Polyomino],
    cover_region: bool,
    deadline: float | None,
) -> bool:
    """The tiling search of :func:`polyominoes_fit` in ``box``, once the areas
    match: the pieces cover the region (``cover_region``) or cancel."""
    # every place starts at 0 (net area 0: the pieces must cancel) or -1 in the region
    values = [0] * box.size
    width, shift = box.width, 2 * box.margin
    for x, y in region if cover_region else ():
        values[(y + shift) * width + x + shift] = -1
    is_cell, last_side = _box_layout(box)
    kinds = [
        sorted({_kind(p) for p in pieces if p.negative == negative}, key=lambda k: (-len(k[0]), k))
        for negative in (True, False)
    ]
    left = [
        [sum(_piece_key(p) == (*k, sign == 0) for p in pieces) for k in kinds[sign]]
        for sign in (0, 1)
    ]
    search = _Tiling(
        values=values,
        is_cell=is_cell,
        last_side=last_side,
        width=width,
        covers=[
            tuple(_covers_by_first_cell(box, shape, rot, sign == 0) for shape, rot in kinds[sign])
            for sign in (0, 1)
        ],
        left=left,
        area=[[len(k[0]) for k in kinds[sign]] for sign in (0, 1)],
        owed=sum(values[q] < 0 for q in box.cells()),
        deadline=deadline,
        reach=(2 * max(map(_extent, pieces)) + 2) * width,
        must_cancel=not cover_region,
        restarts=not cover_region and not box.precise,
        since=[list(n) for n in left],
    )
    return search.pass_from(0)


# Failed states one tiling search keeps at most (each some hundred bytes; 0
# keeps none)
FAILED_KEPT = 1 << 18

# Tilings decided so far: a search lays the same pieces in the same region
# along many lines (a stopped search raises and is not kept; 0 keeps none).
TILINGS_KEPT = 1 << 14
_TILINGS: dict[tuple, bool] = {}


def _all_points(panel: Panel) -> Iterator[Point]:
    return ((x, y) for x in range(2 * panel.cols + 1) for y in range(2 * panel.rows + 1))


# ------------------------------------------------------------------ one region
def _sides_on_line(cell: Point, on_line: dict[Point, str]) -> int:
    px, py = cell
    return sum(q in on_line for q in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)))


def _wrong_triangle(e: Element, on_line: dict[Point, str]) -> bool:
    return e.kind == "triangle" and _sides_on_line(e.point, on_line) != e.item[2]


def _colour_counts(present: Sequence[Element]) -> dict[str, int]:
    """How many symbols of each colour (the ones stars count) ``present`` holds."""
    colours: dict[str, int] = {}
    for e in present:
        if e.colour is not None and e.colour != NO_COLOUR:
            colours[e.colour] = colours.get(e.colour, 0) + 1
    return colours


def _piece_key(piece: Polyomino) -> tuple:
    """What :func:`polyominoes_fit` sees of a piece."""
    return (piece.shape, piece.rotatable, piece.negative)


def region_errors(
    panel: Panel,
    region: frozenset[Point],
    present: Sequence[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> tuple[list[Element], list[Element]]:
    """(very invalid, invalid) symbols of a region holding ``present``, cancellers
    counting only as colours (module doc); the tiling search stops at ``deadline``."""
    very = [e for e in present if e.kind == "dot" or _wrong_triangle(e, on_line)]
    invalid: list[Element] = []
    colours = _colour_counts(present)
    squares = [e for e in present if e.kind == "square"]
    if len({e.colour for e in squares}) > 1:
        invalid += squares
    for e in present:
        if e.kind == "star" and colours[e.colour] == 1:
            very.append(e)
        elif e.kind == "star" and colours[e.colour] > 2:
            invalid.append(e)
    polys = [e for e in present if e.kind == "polyomino"]
    if polys and not polyominoes_fit(panel, region, [e.item for e in polys], deadline):
        invalid += polys
    return very, invalid


def check_region(
    panel: Panel,
    region: frozenset[Point],
    present: Sequence[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> list[Element]:
    """The region's wrong symbols after the cancellers did what they could
    (empty when the region is right).

    Which invalid symbols the spare cancellers remove is decided per group
    of interchangeable symbols (same kind, colour and piece): how many of
    each go, not which, so the search is over counts, not over subsets.
    When nothing works, the errors shown are those left after removing the
    first invalid symbols, as many as the spare cancellers can take."""
    cancellers = [e for e in present if e.kind == "canceller"]
    if cancellers and panel.canceller_rules == "windmill":
        return windmill_region(panel, region, present, on_line, deadline)
    very, invalid = region_errors(panel, region, present, on_line, deadline)
    if not cancellers:
        return very + invalid
    spare = len(cancellers) - len(very)
    if spare < 0:  # not enough cancellers: show what the first few cannot reach
        gone = set(very[: len(cancellers)]) | set(cancellers)
        left = [e for e in present if e not in gone]
        return _errors_left(panel, region, left, on_line, deadline)
    most = min(spare, len(invalid))
    most -= (spare - most) % 2  # spare cancellers go in pairs
    if most < 0:  # an odd canceller with nothing to cancel
        # the cancellers the very invalid symbols took go; the idle one stays, as a colour
        gone = set(very) | set(cancellers[: len(very)])
        left = [e for e in present if e not in gone]
        return [cancellers[-1], *_errors_left(panel, region, left, on_line, deadline)]
    gone = set(very) | set(invalid[:most]) | set(cancellers)
    first = _errors_left(panel, region, [e for e in present if e not in gone], on_line, deadline)
    if not first:
        return []
    fixed = set(very) | set(invalid) | set(cancellers)
    kept = [e for e in present if e not in fixed]
    groups: dict[tuple, list[Element]] = {}
    for e in invalid:
        piece = _piece_key(e.item) if e.kind == "polyomino" else None
        groups.setdefault((e.kind, e.colour, piece), []).append(e)
    search = _RemovalSearch(panel, region, on_line, deadline)
    return [] if search.works(kept, list(groups.values()), spare) else first


@dataclass
class _RemovalSearch:
    """Is there a number of symbols to remove from each group, ``n`` in all,
    with ``n`` at most the spare cancellers and of their parity, that leaves
    the region without errors?"""

    panel: Panel
    region: frozenset[Point]
    on_line: dict[Point, str]
    deadline: float | None

    def works(self, kept: list[Element], groups: list[list[Element]], budget: int) -> bool:
        _on_time(self.deadline)
        if not groups:
            return budget % 2 == 0 and not _errors_left(
                self.panel, self.region, kept, self.on_line, self.deadline
            )
        group, rest = groups[0], groups[1:]
        return any(
            self.works(kept + group[removed:], rest, budget - removed)
            for removed in range(min(len(group), budget) + 1)
        )


# The Windmill keeps the squares of the colour last in the order of the texts
# "count,number", its colours numbered as its format numbers them.
_WINDMILL_NUMBERS = {name: number for number, name in WINDMILL_COLOURS.items()}


def windmill_colour_text(colour: str) -> str:
    """A colour as The Windmill's order of square colours reads it (its number)."""
    return str(_WINDMILL_NUMBERS.get(colour, colour))


def windmill_square_key(colour: str, count: int) -> str:
    """Where ``count`` squares of ``colour`` come in The Windmill's order of a
    region's square colours (its engine sorts [count, colour number] pairs as
    texts, so 10 comes before 9); it keeps the colour that comes last."""
    return f"{count},{windmill_colour_text(colour)}"


def windmill_region(
    panel: Panel,
    region: frozenset[Point],
    present: Sequence[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> list[Element]:
    """The wrong symbols of a region holding cancellers under The Windmill's
    count (module doc): empty when its cancellers are spent exactly."""
    cancellers = [e for e in present if e.kind == "canceller"]
    left = len(cancellers)  # cancellers not yet spent; below 0: too few
    errors: list[Element] = []
    colours = _colour_counts(present)
    squares: dict[str, list[Element]] = {}
    stars: dict[str, list[Element]] = {}
    for e in present:
        if e.kind in ("square", "star"):
            (squares if e.kind == "square" else stars).setdefault(e.colour, []).append(e)
    if len(squares) > 1:
        order = sorted(squares, key=lambda c: windmill_square_key(c, len(squares[c])))
        errors += [e for c in order for e in squares[c]]
        left -= sum(len(squares[c]) for c in order[:-1])
    for colour, alike in stars.items():
        total = colours[colour]
        if total != 2:
            errors += alike
            take = len(alike) if len(alike) == 1 else min(len(alike), total - 2)
            left -= take if left >= 0 else 0
    wrong = [e for e in present if e.kind == "dot" or _wrong_triangle(e, on_line)]
    errors += wrong
    left -= len(wrong) if left >= 0 else 0
    polys = [e for e in present if e.kind == "polyomino"]
    pieces = [e.item for e in polys]
    if pieces and not polyominoes_fit(panel, region, pieces, deadline):
        errors += polys
        if len(pieces) == max(left, 0):
            left = 0
        elif left == 1 and any(
            polyominoes_fit(panel, region, pieces[:i] + pieces[i + 1 :], deadline)
            for i in range(len(pieces))
        ):
            left = 0
        else:
            left = -1
    return [] if left == 0 else cancellers + errors


def _errors_left(
    panel: Panel,
    region: frozenset[Point],
    present: list[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> list[Element]:
    very, invalid = region_errors(panel, region, present, on_line, deadline)
    return very + invalid


# ------------------------------------------------------------------ the checker
_MESSAGES = {
    "dot": "a dot the line does not cover",
    "triangle": "a triangle with a different number of sides on the line",
    "square": "squares of more than one colour in one region",
    "star": "a star whose region does not hold exactly two symbols of its colour",
    "polyomino": "polyominoes that do not tile their region",
    "canceller": "a canceller with nothing to cancel",
}


def _dot_colour_violations(panel: Panel, on_line: dict[Point, str]) -> list[Violation]:
    out = []
    wrong = {MAIN_LINE: MIRROR_LINE, MIRROR_LINE: MAIN_LINE}
    for d in _memo(panel).coloured_dots:
        if on_line.get(point(d.at)) == wrong[d.colour]:
            where = tuple(Element("dot", point(d.at), None, d).location())
            out.append(
                Violation("dot", where, f"a {d.colour} dot under the {wrong[d.colour]} line")
            )
    return out


def check(panel: Panel, path: Sequence[Vertex], deadline: float | None = None) -> Verdict:
    """Does the line ``path`` (the first line, with symmetry) solve ``panel``,
    and which constraints does it break? PathError when ``path`` is not a walk
    on the grid; a walk that breaks the drawing rules gets path violations;
    :class:`CheckStopped` when ``deadline`` (a perf_counter time) passes first."""
    return _verdict(panel, path, deadline, every=True)


def _verdict(panel: Panel, path: Sequence[Vertex], deadline: float | None, every: bool) -> Verdict:
    """:func:`check`'s verdict; without ``every`` it stops at the first broken
    constraint (enough to say the line does not solve the panel)."""
    # first, so a deadline past stops the check even when its regions are cached
    _on_time(deadline)
    lines = lines_of(panel, path)
    problems = path_violations(panel, lines)
    if problems:
        return Verdict(False, tuple(problems), lines)
    on_line = covered(lines)
    out = _dot_colour_violations(panel, on_line)
    memo = _memo(panel)
    symbols = memo.symbols
    seeds: Iterable[Point] = symbols
    if not every and not panel.cancellers:
        # without cancellers a dot off the lines, or a triangle with another number of
        # sides on them, breaks its region whichever it is (a triangle's colour still
        # counts in a star's region, flooded from the star)
        for q in memo.dots:
            if q not in on_line:
                return Verdict(False, (_violation(symbols[q]),), lines)
        for q in memo.triangles:
            if _sides_on_line(q, on_line) != symbols[q].item[2]:
                return Verdict(False, (_violation(symbols[q]),), lines)
        seeds = memo.in_regions
    for bits in _region_bits(memo, on_line, seeds):
        if out and not every:
            break
        errors = memo.errors.get(bits)
        if errors is None:
            present = [symbols[q] for q, bit in memo.symbol_bits if bits & bit]
            # (only the polyominoes' tiling reads the region's places)
            polyominoes = any(e.kind == "polyomino" for e in present)
            region = memo.points(bits) if polyominoes else frozenset()
            errors = tuple(check_region(panel, region, present, on_line, deadline))
            if len(memo.errors) >= ERRORS_KEPT:
                memo.errors.clear()
            memo.errors[bits] = errors
        out += map(_violation, errors)
    return Verdict(not out, tuple(out), lines)


def _violation(e: Element) -> Violation:
    """What a player sees of a wrong symbol."""
    return Violation(e.kind, tuple(e.location()), _MESSAGES[e.kind])


def is_solution(panel: Panel, path: Sequence[Vertex], deadline: float | None = None) -> bool:
    """True when ``path`` solves ``panel`` (False, not an error, for a non-walk);
    :class:`CheckStopped` when ``deadline`` passes first."""
    try:
        return _verdict(panel, path, deadline, every=False).solved
    except PathError:
        return False


def enumerate_lines(panel: Panel) -> Iterator[list[Vertex]]:
    """Every line a player can draw from a start to an end (with symmetry, the
    first line of each legal pair), by brute force: small panels only."""
    ends = set(panel.ends)
    for start in panel.starts:
        path, on_path = [start], {start}
        if panel.symmetry is not None:
            on_path.add(panel.mirror(start))  # itself, for a start on the axis
        if start in ends:
            yield [start]
        yield from _extend(panel, path, on_path, ends)


def _extend(panel: Panel, path: list[Vertex], on_path: set[Vertex], ends: set) -> Iterator:
    v = path[-1]
    for w in panel.neighbours(v):
        if w in on_path:
            continue
        mirror = panel.mirror(w) if panel.symmetry is not None else None
        if mirror is not None and (
            mirror in on_path or mirror == w or edge(panel.mirror(v), mirror) in panel.blocked
        ):
            continue
        path.append(w)
        on_path.add(w)
        if mirror is not None:
            on_path.add(mirror)
        if w in ends:
            yield list(path)
        yield from _extend(panel, path, on_path, ends)
        on_path.discard(w)
        if mirror is not None:
            on_path.discard(mirror)
        path.pop()


__all__ = [
    "CheckStopped",
    "Dot",
    "Element",
    "PathError",
    "Verdict",
    "Violation",
    "check",
    "check_region",
    "covered",
    "elements",
    "enumerate_lines",
    "is_solution",
    "lines_of",
    "path_violations",
    "placements",
    "polyominoes_fit",
    "region_errors",
    "regions",
    "tiling_terms",
]
