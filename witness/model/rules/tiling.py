"""The polyomino tiling search on numbered places (:func:`tiles`), behind
:func:`~witness.model.rules.polyominoes.polyominoes_fit`, and the places a
piece covers (:func:`piece_cover`)."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul
from typing import NamedTuple

from witness.model.panel import Polyomino
from witness.model.rules.records import Point, cell_point, on_time

# Failed states one tiling search keeps at most (each some hundred bytes; 0
# keeps none)
FAILED_KEPT = 1 << 18


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


def extent(piece: Polyomino) -> int:
    """The cells a piece's shape spans across or up, whichever is more."""
    return max(max(c) for c in piece.shape) + 1


def piece_key(piece: Polyomino) -> tuple:
    """What :func:`polyominoes_fit` sees of a piece."""
    return (piece.shape, piece.rotatable, piece.negative)


class Box(NamedTuple):  # a tuple: the search's caches hash it often
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
def _box_cells(box: Box) -> tuple[int, ...]:
    w = box.width
    return tuple(i for i in range(box.size) if (i % w) % 2 == 1 and (i // w) % 2 == 1)


@lru_cache(maxsize=1 << 10)
def _covers_by_first_cell(box: Box, shape: tuple, rotatable: bool, negative: bool) -> dict:
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
        on_time(self.deadline)
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


@lru_cache(maxsize=1 << 8)
def _box_layout(box: Box) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """By place number: whether it is a cell, and whether it is a side on the
    box's right or bottom border (no cell after it)."""
    cells = set(box.cells())
    width, size = box.width, box.size
    is_cell = tuple(q in cells for q in range(size))
    last = tuple(q % width == width - 1 or q + width >= size for q in range(size))
    return is_cell, last


def tiles(
    box: Box,
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
        [sum(piece_key(p) == (*k, sign == 0) for p in pieces) for k in kinds[sign]]
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
        reach=(2 * max(map(extent, pieces)) + 2) * width,
        must_cancel=not cover_region,
        restarts=not cover_region and not box.precise,
        since=[list(n) for n in left],
    )
    return search.pass_from(0)
