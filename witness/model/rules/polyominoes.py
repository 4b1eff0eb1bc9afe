"""The polyominoes family: do a region's pieces, less its negative ones,
tile it (:func:`polyominoes_fit`, under either reading of
:mod:`witness.model.rules`)? The search itself is
:mod:`witness.model.rules.tiling`'s."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import NamedTuple

from witness.model.panel import Panel, Polyomino
from witness.model.rules.records import Point, is_cell_point, on_time
from witness.model.rules.tiling import Box, extent, piece_cover, piece_key, tiles

# Tilings decided so far: a search lays the same pieces in the same region
# along many lines (a stopped search raises and is not kept; 0 keeps none).
TILINGS_KEPT = 1 << 14
_TILINGS: dict[tuple, bool] = {}


def placements(
    panel: Panel, piece: Polyomino, negative: bool, margin: int = 0
) -> Iterator[tuple[Point, ...]]:
    """Every way to lay ``piece`` with all its cells on the grid, or within
    ``margin`` cells of it (the places each way covers); round a pillar,
    wrapped across the seam (:func:`pillar_placements`)."""
    if panel.pillar:
        yield from pillar_placements(panel, piece, negative)
        return
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


def pillar_placements(
    panel: Panel, piece: Polyomino, negative: bool
) -> Iterator[tuple[Point, ...]]:
    """Every way to lay ``piece`` round a pillar: any column, wrapped across
    the seam; where it would overlap itself there it covers each place once,
    as the community engine lays it (``tryPlacePolyshape`` in
    engine/polyominos.js reads every place before it adds to any): a negative
    piece as wide as the pillar covers the edge on either side of it once."""
    wrap = 2 * panel.cols
    for shape in piece.orientations():
        ax, ay = min(shape, key=lambda c: (c[1], c[0]))
        for x in range(panel.cols):
            for y in range(panel.rows):
                if all(0 <= y + dy - ay < panel.rows for _, dy in shape):
                    cover = piece_cover(shape, (x, y), negative, True)
                    yield tuple(sorted({(q[0] % wrap, q[1]) for q in cover}))


def _pillar_tiles(
    panel: Panel, region: frozenset[Point], pieces: Sequence[Polyomino], deadline: float | None
) -> bool:
    """Do the (positive) pieces cover ``region`` exactly, round a pillar: the
    first cell left uncovered (in place order) is covered by some piece laid
    wholly in the region (its inner edges too), then the rest, by backtracking."""
    counts = Counter(piece_key(p) for p in pieces)
    by_cell: dict[tuple, dict[Point, list[frozenset[Point]]]] = {}
    for p in pieces:
        key = piece_key(p)
        if key in by_cell:
            continue
        by_cell[key] = {}
        for cover in set(pillar_placements(panel, p, False)):
            if region.issuperset(cover):
                cells = frozenset(q for q in cover if is_cell_point(q))
                for q in cells:
                    by_cell[key].setdefault(q, []).append(cells)

    def search(left: frozenset[Point]) -> bool:
        if not left:
            return True
        on_time(deadline)
        target = min(left)
        for key, n in counts.items():
            if not n:
                continue
            counts[key] -= 1
            for cells in by_cell[key].get(target, ()):
                if cells <= left and search(left - cells):
                    counts[key] += 1
                    return True
            counts[key] += 1
        return False

    return search(frozenset(q for q in region if is_cell_point(q)))


def _pillar_cancels(
    panel: Panel,
    region: frozenset[Point],
    pieces: Sequence[Polyomino],
    cover: bool,
    deadline: float | None,
) -> bool:
    """The tiling round a pillar with negative pieces, as the rules read it
    (:mod:`witness.model.rules`): for each way to lay the negative pieces
    anywhere on the grid, do the positive ones bring every cell to 0 and no
    place above 0? A place starts at -1 in the region when ``cover`` (net
    area above 0), else at 0, and each negative piece takes 1 more off the
    places it covers; the positive pieces then fill the cells left below 0
    exactly, the first such cell first, by backtracking."""
    groups = Counter(piece_key(p) for p in pieces if p.negative)
    positives = Counter(piece_key(p) for p in pieces if not p.negative)
    lays = {p: sorted(set(pillar_placements(panel, p, p.negative))) for p in pieces}
    by_key = {piece_key(p): lays[p] for p in pieces}
    start = Counter({q: 1 for q in region}) if cover else Counter()
    ways = [combinations_with_replacement(by_key[k], n) for k, n in groups.items()]
    for choice in product(*ways):
        room = Counter(start)  # how much positive cover a place can take
        for laid in choice:
            room.update(q for cover_ in laid for q in cover_)
        on_time(deadline)
        if _fill(room, positives, by_key, deadline):
            return True
    return False


def _fill(room: Counter, counts: Counter, by_key: dict, deadline: float | None) -> bool:
    """Can the positive pieces (``counts`` by key, laid as ``by_key`` says)
    take every cell's room to 0 and no place's below 0?"""
    owed = [q for q, n in room.items() if n > 0 and is_cell_point(q)]
    if not owed:
        return not any(counts.values())
    target = min(owed)
    for key, n in counts.items():
        if not n:
            continue
        for laid in by_key[key]:
            if target not in laid or any(room[q] <= 0 for q in laid):
                continue
            on_time(deadline)
            counts[key] -= 1
            room.subtract(laid)
            fits = _fill(room, counts, by_key, deadline)
            room.update(laid)
            counts[key] += 1
            if fits:
                return True
    return False


class TilingTerms(NamedTuple):
    """What a tiling of a region's pieces must do once the areas allow one:
    cover the region (net area above 0) or else cancel out, lying within
    ``margin`` cells of the grid; nothing at all when ``free`` (net area 0
    under the windmill reading, The Windmill counts cells there, not shapes,
    or on a panel with ``shapeless_zero``)."""

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
    if panel.polyomino_rules != "windmill":  # the engine's: on the grid
        return TilingTerms(net > 0, 0, free=panel.shapeless_zero and net == 0)
    # the Windmill reading: within the panel's largest piece's extent of the grid
    widest = max(map(extent, panel.polyominoes or pieces))
    return TilingTerms(net > 0, widest, free=net == 0)


def polyominoes_fit(
    panel: Panel,
    region: frozenset[Point],
    pieces: Sequence[Polyomino],
    deadline: float | None = None,
) -> bool:
    """Do the region's polyominoes, less its negative ones, tile it
    (:mod:`witness.model.rules`)? :class:`CheckStopped` when ``deadline`` (a
    perf_counter time) passes first."""
    if not pieces:
        return True
    terms = tiling_terms(panel, region, pieces)
    if terms is None or terms.free:
        return terms is not None
    cover, margin, _ = terms
    if panel.pillar and any(p.negative for p in pieces):
        return _pillar_cancels(panel, region, pieces, cover, deadline)
    if panel.pillar:
        return not cover or _pillar_tiles(panel, region, pieces, deadline)
    # all the search reads of the panel and the pieces (pieces that cancel out,
    # net area 0, never read the region)
    key = (panel.cols, panel.rows, panel.polyomino_rules, margin, region if cover else None)
    key += tuple(sorted(map(piece_key, pieces)))
    fits = _TILINGS.get(key)
    if fits is None:
        box = Box(panel.cols, panel.rows, margin, panel.polyomino_rules == "precise")
        fits = tiles(box, region, pieces, cover, deadline)
        if len(_TILINGS) >= TILINGS_KEPT:
            _TILINGS.clear()
        if len(_TILINGS) < TILINGS_KEPT:
            _TILINGS[key] = fits
    return fits


@lru_cache(maxsize=1 << 12)
def _cell_count(region: frozenset[Point]) -> int:
    return sum(1 for p in region if is_cell_point(p))
