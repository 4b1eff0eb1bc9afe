"""The regions a line cuts a panel into, flooded on the doubled grid as bits
of an int, and what the checker keeps of a panel between lines
(:class:`PanelMemo`, :func:`panel_memo`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from weakref import ref

from witness.model.base import MAIN_LINE, MIRROR_LINE, Vertex
from witness.model.panel import Dot, Panel
from witness.model.rules.records import Element, Point, cell_point, point


@dataclass
class PanelMemo:
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
    wrap: int = 0  # round a pillar, the shift from the first column of places to the last

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
_MEMOS: dict[int, tuple[ref, PanelMemo]] = {}


def panel_memo(panel: Panel) -> PanelMemo:
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
        panel.rows, panel.cols, panel.outside, panel.pillar
    )
    if panel.halves:  # a start or an end half way along an edge splits it in two
        vertices, grid_steps = _split(panel, vertices, grid_steps)
    symbols = elements(panel)
    dots = tuple(q for q, e in symbols.items() if e.kind == "dot")
    triangles = tuple(q for q, e in symbols.items() if e.kind == "triangle")
    in_regions = tuple(q for q, e in symbols.items() if e.kind not in ("dot", "triangle"))
    steps = frozenset(s for a, b in panel.blocked for s in _steps_along(panel, a, b))
    symbol_bits = tuple((q, 1 << (q[0] * height + q[1])) for q in sorted(symbols))
    memo = PanelMemo(
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
        (panel.place_cols - 1) * height if panel.pillar else 0,
    )
    _MEMOS[key] = (ref(panel, lambda _, key=key: _MEMOS.pop(key, None)), memo)
    _LAST_MEMO = (panel, memo)
    return memo


_LAST_MEMO: tuple[Panel | None, PanelMemo | None] = (None, None)  # the last panel asked for


def _steps_along(panel: Panel, a: Vertex, b: Vertex) -> tuple[tuple[Vertex, Vertex], ...]:
    """The line's steps along edge ``(a, b)``: both ways, by its midpoint when split."""
    m = panel.halves.get((a, b))
    if m is None:
        return ((a, b), (b, a))
    return ((a, m), (m, a), (m, b), (b, m))


def _split(
    panel: Panel, vertices: frozenset[Vertex], steps: frozenset[tuple[Vertex, Vertex]]
) -> tuple[frozenset[Vertex], frozenset[tuple[Vertex, Vertex]]]:
    """PanelMemo's vertices and steps with the split edges' midpoints and half-edges."""
    whole = {s for a, b in panel.halves for s in ((a, b), (b, a))}
    halves = {s for a, b in panel.halves for s in _steps_along(panel, a, b)}
    return vertices | frozenset(panel.halves.values()), (steps - whole) | halves


@lru_cache(maxsize=256)
def _grid_bits(
    rows: int, cols: int, outside: frozenset[Point], pillar: bool = False
) -> tuple[int, int, int, frozenset[Vertex], frozenset[tuple[Vertex, Vertex]]]:
    """PanelMemo's inside, not_top, not_bottom, vertices and steps of a grid
    (shared by the panels of one size: generated sets are many); round a
    pillar there is no vertex column ``cols`` and steps wrap."""
    if pillar:
        probe = Panel(rows=rows, cols=cols, ends=((0, rows),), pillar=True)
        width, height = 2 * cols, 2 * rows + 1
        every = [(x, y) for x in range(width) for y in range(height)]
        inside = sum(1 << (x * height + y) for x, y in every if (x, y) not in outside)
        not_top = sum(1 << (x * height + y) for x, y in every if y != 0)
        not_bottom = sum(1 << (x * height + y) for x, y in every if y != height - 1)
        vertices = frozenset(probe.vertices())  # (gaps aside: a step over one breaks a rule)
        steps = frozenset((v, w) for v in vertices for w in vertices if probe.adjacent(v, w))
        return inside, not_top, not_bottom, vertices, steps
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
    memo = panel_memo(panel)
    return [memo.points(bits) for bits in region_bits(memo, on_line, holding)]


def region_bits(
    memo: PanelMemo, on_line: Iterable[Point], holding: Iterable[Point] | None
) -> list[int]:
    """:func:`regions` as bits: each grows a step in every direction at once
    until it stops."""
    if holding is not None and not holding:
        return []
    h, not_top, not_bottom, wrap = memo.column, memo.not_top, memo.not_bottom, memo.wrap
    first = (1 << h) - 1  # the first column of places
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
            if wrap:  # round a pillar, the last column and the first touch
                grown |= (part >> wrap | (part & first) << wrap) & free
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
