"""Rule 5's verdicts on a closed region with polyominoes or cancellers (the
panel core; :mod:`.regions` counts the region's symbols and calls them):
whether its pieces fit and tile it (``pieces_broken``, ``tiles_exactly``, the
rules checker's search on the doubled grid), whether its cancellers can mend it
(``cancellers_mend``: which symbols they may remove, ``_mended``), The
Windmill's count of cancellers (``windmill_count_broken``), and the tiling's
tables and working arrays (``tiling_scratch``)."""

from __future__ import annotations

import numpy as np

from witness.search.kernels.panel.base import (
    P_POLYOMINO,
    POLY_AREA,
    jit,
    jit_free,
    jit_inline,
)


# fmt: off
@jit_free
def pieces_broken(n, pqueue, width, kind, colour, value, very, invalid, two_colours, cancellers,
                  cells, area, polys, negatives, box_w, box_h, ccount, by_colour, tiling):
    """regions._region_broken's verdict on a region with polyominoes or
    cancellers, from its counts (``box_w`` x ``box_h``: its cells' bounding
    box)."""
    if polys > 0 and (area < 0 or (area > 0 and area != cells)):
        invalid = True
    if polys > 0 and negatives == 0 and cancellers == 0 and not invalid:
        invalid = (
            not _pieces_fit_box(n, pqueue, kind, value, box_w, box_h)
            or tiles_exactly(n, pqueue, width, kind, tiling) == 0
        )
    if cancellers == 0:
        return very > 0 or invalid
    spare = cancellers - very  # cancellers left once each very invalid symbol took one
    if spare < 0:
        return True
    return not cancellers_mend(n, pqueue, width, kind, colour, value, cells, area, polys,
                               negatives, spare, two_colours, ccount, by_colour, tiling)
# fmt: on


@jit_inline
def text_less(a, b):
    """Is the decimal text of ``a`` before that of ``b`` (so 10 before 9)?"""
    da = 1
    while 10**da <= a:
        da += 1
    db = 1
    while 10**db <= b:
        db += 1
    for i in range(min(da, db)):
        x = (a // 10 ** (da - 1 - i)) % 10
        y = (b // 10 ** (db - 1 - i)) % 10
        if x != y:
            return x < y
    return da < db


@jit_free
def windmill_count_broken(cancellers, wrong, cells, area, polys, ccount, by_colour):
    """Can a closed region's cancellers not come out exactly under The
    Windmill's count (witness.model.rules.windmill_region)? ``wrong``: its
    uncovered dots and wrong triangles; ``by_colour`` as
    regions._region_broken's, row 5 the rank of a square colour's text. Exact
    without polyominoes; with them a necessary condition (whether they fit is
    not searched)."""
    left = cancellers - wrong
    squares = 0
    kept = -1  # the colour whose squares stay: "count,colour" last as texts
    colours = 0
    for c in range(by_colour.shape[1]):
        count = by_colour[1, c]
        if count == 0:
            continue
        colours += 1
        squares += count
        best = by_colour[1, kept] if kept >= 0 else 0
        if (
            kept < 0
            or text_less(best, count)
            or (best == count and by_colour[5, kept] < by_colour[5, c])
        ):
            kept = c
    if colours > 1:
        left -= squares - by_colour[1, kept]
    # (ccount has one slot even on a panel of no colour, by_colour a column a
    # colour after "none")
    for c in range(by_colour.shape[1] - 1):
        stars = by_colour[2, c + 1]
        total = ccount[c]
        if stars > 0 and total != 2:
            left -= stars if stars == 1 else min(stars, total - 2)
    if polys == 0:
        return left != 0
    if left == 0:  # the pieces must fit
        return area < 0 or (area > 0 and area != cells)
    return not (left == polys or (left == 1 and polys > 1))


# fmt: off
@jit_free
def cancellers_mend(n, pqueue, width, kind, colour, value, cells, area, polys, negatives,
                    spare, two_colours, ccount, by_colour, tiling):
    """Can the ``spare`` cancellers mend the region (regions._region_broken's
    counts)? Row 5 of ``by_colour``, the pieces each colour keeps: positive pieces of
    the region's area all stay when they tile, else all go (fewer would leave
    the wrong area); of a smaller area all go; of a larger one the kept ones
    must tile (_kept_mend); -1, any number may stay: negative pieces, or
    tilings not decided."""
    by_colour[5, :] = -1
    if polys > 0 and negatives == 0 and area <= cells:
        tiles = tiles_exactly(n, pqueue, width, kind, tiling) if area == cells else 0
        if tiles == 1:
            for c in range(by_colour.shape[1]):
                by_colour[5, c] = by_colour[4, c]
        elif tiles == 0:
            by_colour[5, :] = 0
    elif polys > 0 and negatives == 0:
        mends = _kept_mend(n, pqueue, width, kind, colour, value, cells, spare, two_colours,
                           ccount, by_colour, tiling)
        if mends >= 0:
            return mends == 1
        by_colour[5, :] = -1
    elif polys > 0:
        return _kept_net_mend(n, pqueue, kind, colour, value, cells, spare, two_colours, ccount,
                              by_colour, tiling)
    return _mended(spare, two_colours, ccount, by_colour)


@jit_free
def _kept_net_mend(n, pqueue, kind, colour, value, cells, spare, two_colours, ccount, counts,
                   tiling):
    """Can the cancellers mend the region in pqueue[:n], which holds negative
    pieces? A necessary condition: some choice of how many pieces of each kind,
    sign and colour stay has a net area of 0 or the region's cells (or keeps
    none), with the rest mended as _mended says for that many pieces of each
    colour (whether those pieces tile is not searched). Past KEPT_CHOICES
    choices, _mended with any number of pieces kept."""
    group = tiling[10]
    n_groups, choices = _piece_groups(n, pqueue, kind, colour, value, tiling[0], group)
    if choices > KEPT_CHOICES:
        counts[5, :] = -1
        return _mended(spare, two_colours, ccount, counts)
    for _ in range(choices):
        area = 0
        for g in range(n_groups):
            area += group[4, g] * group[2, g]
        if area == 0 or area == cells:
            counts[5, :] = 0
            for g in range(n_groups):
                counts[5, group[1, g]] += group[4, g]
            if _mended(spare, two_colours, ccount, counts):
                return True
        _next_kept(group, n_groups)
    return False


@jit_free
def _piece_groups(n, pqueue, kind, colour, value, piece_of, group):
    """The polyominoes among pqueue[:n] in groups of one kind, colour and signed
    area, as the columns of ``group`` (rows: kind, colour + 1, signed area,
    count, kept = 0): (groups, choices of how many of each stay, counted up
    to just past KEPT_CHOICES)."""
    n_groups = 0
    for i in range(n):
        p = pqueue[i]
        if kind[p] != P_POLYOMINO:
            continue
        a = value[p] // POLY_AREA
        g = 0
        while g < n_groups and not (group[0, g] == piece_of[p] and group[1, g] == colour[p] + 1
                                    and group[2, g] == a):
            g += 1
        if g == n_groups:
            group[0, g] = piece_of[p]
            group[1, g] = colour[p] + 1
            group[2, g] = a
            group[3, g] = 0
            n_groups += 1
        group[3, g] += 1
    choices = 1
    for g in range(n_groups):
        group[4, g] = 0
        if choices <= KEPT_CHOICES:
            choices *= group[3, g] + 1
    return n_groups, choices


@jit_free
def _next_kept(group, n_groups):
    """The next choice of how many pieces of each group stay (row 4), as an
    odometer."""
    g = 0
    while g < n_groups and group[4, g] == group[3, g]:
        group[4, g] = 0
        g += 1
    if g < n_groups:
        group[4, g] += 1


# Removal counts _mended tracks as bits of one int64.
MOST_REMOVED = 60


@jit_free
def _mended(spare, two_colours, ccount, counts):
    """Can the ``spare`` cancellers of a region, left once each very invalid
    symbol took one, mend it (witness.model.rules.check_region)? Each removes
    one invalid symbol (every square when they have two colours or more; every
    star whose colour more than two symbols have; every polyomino when they do
    not tile) or pairs with another; then, without the cancellers and what was
    removed, the squares must share a colour and each star's colour must be
    held by exactly two symbols (squares, stars, polyominoes and the triangles
    left). Interchangeable symbols make it a question of how many of each
    colour go: per colour, the bit set of the numbers that leave it right (for
    each colour the squares could keep when they have two colours), added up
    over the colours, must hold a number at most ``spare`` of its parity.
    Exact without polyominoes, and when row 5 of ``counts`` fixes how many
    pieces of each colour stay; where it says -1 (any number) a necessary
    condition only, whether or not the pieces left tile.
    ``ccount``: each colour's symbols, the cancellers included; ``counts``:
    regions._region_broken's rows."""
    n_colours = counts.shape[1]
    for keep in range(n_colours if two_colours else 1):
        if two_colours and counts[1, keep] == 0:
            continue
        total = np.int64(1)  # the numbers of removals possible so far, as bits
        for j in range(n_colours):
            ways = _colour_ways(j, keep, two_colours, ccount, counts)
            if ways == 0:
                total = 0
                break
            added = np.int64(0)
            for cost in range(MOST_REMOVED + 1):
                if (ways >> cost) & 1:
                    added |= total << cost
            total = added & ((np.int64(1) << (MOST_REMOVED + 1)) - 1)
        for removed in range(spare % 2, min(spare, MOST_REMOVED) + 1, 2):
            if (total >> removed) & 1:
                return True
    return False


@jit_free
def _colour_ways(j, keep, two_colours, ccount, counts):
    """_mended's bit set for colour j - 1 (j = 0: "none"): the numbers of its
    symbols the cancellers may take that leave it right."""
    squares = counts[1, j]
    stars = counts[2, j]
    pieces = counts[4, j]
    full = ccount[j - 1] if j > 0 else 0
    star_invalid = stars > 0 and full > 2
    # squares left: any number of the kept colour, none of the others
    low_a = 0 if two_colours else squares
    high_a = squares if (not two_colours or j == keep) else 0
    # stars left: any number when invalid, none when very invalid (taken by a
    # canceller already), else all
    low_b = 0 if star_invalid or full == 1 else stars
    high_b = 0 if full == 1 and stars > 0 else stars
    # pieces left: as row 5 says (-1: any number)
    low_c = max(counts[5, j], 0)
    high_c = pieces if counts[5, j] < 0 else counts[5, j]
    ways = np.int64(0)
    for a in range(low_a, high_a + 1):
        for b in range(low_b, high_b + 1):
            for c in range(low_c, high_c + 1):
                if j > 0 and b > 0 and a + b + c + counts[3, j] != 2:
                    continue
                cost = squares - a + (stars - b if star_invalid else 0) + pieces - c
                if cost <= MOST_REMOVED:
                    ways |= np.int64(1) << cost
    return ways


# At most this many choices of the pieces to keep (_kept_mend) and tilings
# tried among them; beyond, the region is taken as mendable.
KEPT_CHOICES = 4096
KEPT_TILINGS = 32


@jit_free
def _kept_mend(n, pqueue, width, kind, colour, value, cells, spare, two_colours, ccount, counts,
               tiling):
    """Can the cancellers mend the region in pqueue[:n] whose positive pieces
    cover more than its cells (so none tiles it: all are invalid, any may go)?
    Over every choice of how many pieces of each kind and colour stay: none,
    or pieces of the region's area that tile it, with the rest of the region
    mended as _mended says for that many pieces of each colour. 1 yes, 0 no,
    -1 not decided (too many choices, or tilings not decided)."""
    left = tiling[4]
    group = tiling[10]
    n_groups, choices = _piece_groups(n, pqueue, kind, colour, value, tiling[0], group)
    if choices > KEPT_CHOICES:
        return -1
    tilings = 0
    undecided = False
    for _ in range(choices):
        area = 0
        kept = np.int64(0)  # (not a literal: see base.py)
        for g in range(n_groups):
            area += group[4, g] * group[2, g]
            kept += group[4, g]
        if kept == 0 or area == cells:
            counts[5, :] = 0
            for g in range(n_groups):
                counts[5, group[1, g]] += group[4, g]
            if _mended(spare, two_colours, ccount, counts):
                if kept == 0:
                    return 1
                if tilings == KEPT_TILINGS:
                    return -1
                tilings += 1
                left[:] = 0
                for g in range(n_groups):
                    left[group[0, g]] += group[4, g]
                fits = _tiles_left(n, pqueue, width, kept, tiling)
                if fits == 1:
                    return 1
                undecided = undecided or fits < 0
        _next_kept(group, n_groups)
    return -1 if undecided else 0
# fmt: on


@jit_free
def _pieces_fit_box(n, pqueue, kind, value, box_w, box_h):
    """Does every polyomino among pqueue[:n] fit a box of box_w x box_h cells
    (turned, when it may turn)? Without negative pieces a tiling lays each
    piece on the region's cells, so inside their bounding box."""
    for i in range(n):
        p = pqueue[i]
        if kind[p] != P_POLYOMINO:
            continue
        box = value[p] % POLY_AREA
        w = box % 16
        h = (box // 16) % 16
        turns = box >= 256
        if not ((w <= box_w and h <= box_h) or (turns and h <= box_w and w <= box_h)):
            return False
    return True


# Steps the exact tiling of a closed region may take before it gives up (and
# rule 5 then leaves the region to the area and box tests and the checker).
TILE_STEPS = 20_000


@jit_free
def _piece_fits(a, k, o, width, offs, noffs, mark, owed):
    """Does orientation o of piece kind k, its first cell on cell place a, cover
    only places still owed (mark == owed) inside the grid?"""
    ax = a % width
    ay = a // width
    height = mark.size // width
    for j in range(noffs[k, o]):
        qx = ax + offs[k, o, j, 0]
        qy = ay + offs[k, o, j, 1]
        if qx < 0 or qx >= width or qy < 0 or qy >= height or mark[qy * width + qx] != owed:
            return False
    return True


@jit_free
def _lay_piece(a, k, o, width, offs, noffs, mark, value):
    """Mark (value) the places orientation o of kind k covers, first cell on a."""
    for j in range(noffs[k, o]):
        mark[(a // width + offs[k, o, j, 1]) * width + a % width + offs[k, o, j, 0]] = value


@jit_free
def tiles_exactly(n, pqueue, width, kind, tiling):
    """Do the region's polyominoes in pqueue[:n] (none negative, their areas
    adding up to the region's cells: the caller checked) tile its cells, each
    piece on places of the region no other covers (its cells and, under the
    precise reading, the sides between them: ``offs``)? 1 yes, 0 no, -1 not
    decided within TILE_STEPS steps. As the rules checker's search: the first
    cell not yet covered (least y, then x) takes the first cell of some piece,
    one piece of each kind tried there (identical pieces are one kind)."""
    piece_of = tiling[0]
    left = tiling[4]
    left[:] = 0
    pieces = np.int64(0)  # (not a literal: see base.py)
    for i in range(n):
        p = pqueue[i]
        if kind[p] == P_POLYOMINO:
            left[piece_of[p]] += 1
            pieces += 1
    return _tiles_left(n, pqueue, width, pieces, tiling)


@jit_free
def _tiles_left(n, pqueue, width, pieces, tiling):
    """tiles_exactly with the pieces to lay already counted by kind in
    ``left`` (``pieces`` in all, their areas the region's cells)."""
    piece_of, offs, noffs, norient, left, mark, tstamp, st_pos, st_k, st_o, _ = tiling
    if tstamp[1] != 0:  # round a pillar (tiling_scratch): not searched, not decided
        return -1
    owed = tstamp[0] + 1
    laid = owed + 1
    tstamp[0] += 2
    first = mark.size
    for i in range(n):
        p = pqueue[i]
        mark[p] = owed
        if (p % width) % 2 == 1 and (p // width) % 2 == 1 and p < first:
            first = p
    if pieces == 0:
        return 1
    n_kinds = norient.size
    depth = 0
    st_pos[0] = first
    st_k[0] = 0
    st_o[0] = -1
    for _ in range(TILE_STEPS):
        k = st_k[depth]
        o = st_o[depth] + 1
        while k < n_kinds and (left[k] == 0 or o >= norient[k]):
            k += 1
            o = 0
        if k == n_kinds:  # nothing covers this cell: take back the piece before
            depth -= 1
            if depth < 0:
                return 0
            _lay_piece(st_pos[depth], st_k[depth], st_o[depth], width, offs, noffs, mark, owed)
            left[st_k[depth]] += 1
            continue
        st_k[depth] = k
        st_o[depth] = o
        a = st_pos[depth]
        if not _piece_fits(a, k, o, width, offs, noffs, mark, owed):
            continue
        _lay_piece(a, k, o, width, offs, noffs, mark, laid)
        left[k] -= 1
        depth += 1
        if depth == pieces:
            return 1
        p = a + 1
        while p < mark.size and not (
            mark[p] == owed and (p % width) % 2 == 1 and (p // width) % 2 == 1
        ):
            p += 1
        if p == mark.size:  # (no cell left for the pieces left: cannot be, by area)
            depth -= 1
            _lay_piece(a, k, o, width, offs, noffs, mark, owed)
            left[k] += 1
            continue
        st_pos[depth] = p
        st_k[depth] = 0
        st_o[depth] = -1
    return -1


# fmt: off
@jit
def tiling_scratch(piece_of, offs, noffs, norient, n_pieces, pillar):
    """tiles_exactly's tables (piece_of, offs, noffs, norient: the panel's piece
    kinds, PanelGeometry.tiles) and working arrays: left, mark, tstamp (its
    stamp, and 1 on a ``pillar``, where the search, which lays pieces on the
    rectangle of places, is not run: a tiling across the seam would be
    missed), the stack st_pos, st_k, st_o, and _kept_mend's groups (rows kind,
    colour, area, count, kept)."""
    return (piece_of, offs, noffs, norient, np.zeros(max(norient.size, 1), np.int64),
            np.zeros(piece_of.size, np.int64), np.array([0, pillar], np.int64),
            np.zeros(n_pieces + 1, np.int64), np.zeros(n_pieces + 1, np.int64),
            np.zeros(n_pieces + 1, np.int64), np.zeros((5, n_pieces + 1), np.int64))
# fmt: on
