"""The general panel core (numba): A* on any panel (Algorithm 1, driven by
:mod:`witness.search.panel_search`, on the arrays of its ``PanelGeometry``),
pi_baseline's rules and learned programs over the panel features.

Self-contained as numba's disk cache needs it (a cached function is recompiled
when its own file changes, not when a helper's file does): no compiled function
here calls one of another kernel file (``tests/test_kernels.py``); the status
codes and counter slots it shares with the triangle core are repeated here and
held equal by that test.

The driver calls ``panel_astar_run``, the ``*_on_paths`` evaluations and the
scratch builders; the tests call ``tiles_exactly``, ``windmill_count_broken``,
``text_less`` and the open list's ``keep_child`` and ``open_pop``; the underscore
names are the core's own steps.
"""

from __future__ import annotations

import numba
import numpy as np

_jit = numba.njit(cache=True, nogil=True, boundscheck=False)
# The panel core without numba's runtime (NRT): it allocates nothing (its scratch
# arrays come from the driver), and the runtime's atomic reference counts on the
# arrays passed between its helpers took about a third of its time.
_jit_free = numba.njit(cache=True, nogil=True, boundscheck=False, _nrt=False)
# The core's hot helpers, inlined into their callers by numba: a call passes each
# array as a struct of seven words, so a call with thirty arrays cost some 200 ns,
# and the core made several per expansion (inlined, 5x5 triangle panels ran about
# 1.5x faster; small helpers left as calls ran slower too: LLVM's inliner does
# not take them all). numba inlines only calls of at most 30 arguments (CPython
# passes more as *args), hence the tuples _panel_dead takes.
# Inlining costs compile time and memory: numba types each inlined copy anew, and
# the core's first compile took about 100 s of CPU and 1.8 GB when everything on
# a child's way was inlined. So only what runs on most children is inlined, once
# each; what runs seldom or costs far more than a call stays a call
# (_closed_regions_broken at an end and on the slow path, _pieces_broken for
# polyominoes, _cancellers_mend, _program_fires for a learned program).
# And numba compiles a function called with a constant, or with a variable it has
# typed only as far as its first constant value, once more for that literal type
# (each such copy of _pieces_broken cost some 5 s): arguments of calls that may
# be such literals are made np.int64 or np.bool_ first.
_jit_inline = numba.njit(cache=True, nogil=True, boundscheck=False, _nrt=False, inline="always")


# status codes and counters[] slots, as in the triangle core (kernels.triangle)
RUNNING, SOLVED, EXHAUSTED, NEED_SPACE = 0, 1, 2, 3
C_NODES, C_HEAP, C_EXPANSIONS, C_GENERATED, C_SOLUTION = range(5)


@_jit
def _direction(neighbour, u, v):
    """The direction d with neighbour[u, d] == v."""
    for d in range(4):
        if neighbour[u, d] == v:
            return d
    return -1


# ------------------------------------------------------- A* core, every panel
# Driven by witness.search.panel_search (the arrays are those of PanelGeometry).
# Places are points of the doubled grid (vertex (x, y) at (2x, 2y), a cell at
# (2x + 1, 2y + 1), an edge at its middle), numbered py * (2 cols + 1) + px.
# Symbol kinds of a place (PanelGeometry.kind):
P_NONE, P_DOT, P_TRIANGLE, P_SQUARE, P_STAR, P_CANCELLER, P_POLYOMINO = range(7)
# a canceller under The Windmill's count (canceller_rules "windmill"): its region
# is checked by windmill_count_broken; a square's value there is its colour's rank in
# The Windmill's order of colours (panel_search)
P_COUNTED = 7
# a dot's value: the line that must cover it
DOT_ANY, DOT_MAIN, DOT_MIRROR = 0, 1, 2
# a polyomino's value: its signed area * POLY_AREA + its shape's bounding box
# (width + 16 * height, + 256 when it may turn)
POLY_AREA = 4096
# one more status: children that reach an end wait for the rules checker
CANDIDATES = 4
# counters[] slots: how many candidates are in ``candidates``; the last stamp
C_CANDIDATES, C_STAMP = 5, 6
# the panel core's open list: the least bucket that may hold a path
C_CURSOR = 7


@_jit_free
def _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, value):
    """Put (value = stamp) or take off (value = 0) the step head -> w of the first
    line and, with symmetry (mirror[0] >= 0), its mirror image."""
    on[w] = value
    cover[vpoint[w]] = value
    cover[epoint[head, d]] = value
    line[vpoint[w]] = 1
    line[epoint[head, d]] = 1
    if mirror[0] >= 0:
        on[mirror[w]] = value
        cover[mpoint[vpoint[w]]] = value
        cover[mpoint[epoint[head, d]]] = value
        line[mpoint[vpoint[w]]] = 2
        line[mpoint[epoint[head, d]]] = 2


@_jit_free
def _cover_start(v, on, cover, line, vpoint, mirror, mpoint, stamp):
    """Put the start vertex v of the first line (and its mirror image) on the lines."""
    on[v] = stamp
    cover[vpoint[v]] = stamp
    line[vpoint[v]] = 1
    if mirror[0] >= 0:
        on[mirror[v]] = stamp
        cover[mpoint[vpoint[v]]] = stamp
        line[mpoint[vpoint[v]]] = 2


@_jit_free
def _step_to(u, v, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp):
    """_cover_step for the step from vertex u to its neighbour v."""
    _cover_step(
        u, _direction(neighbour, u, v), v, on, cover, line, vpoint, epoint, mirror, mpoint, stamp
    )


@_jit_free
def _panel_rebuild(
    node, parent, vertex, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp
):
    """Mark the vertices and places of path ``node`` (both lines) with ``stamp``;
    returns its length in edges."""
    g = 0
    n = node
    while True:
        v = vertex[n]
        p = parent[n]
        if p < 0:
            _cover_start(v, on, cover, line, vpoint, mirror, mpoint, stamp)
            return g
        _step_to(vertex[p], v, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
        g += 1
        n = p


@_jit_inline
def _mark_popped(node, last, last_g, parent, vertex, neighbour, on, cover, line, vpoint, epoint,
                 mirror, mpoint, counters):  # fmt: skip
    """Mark path ``node``: one step more when it extends path ``last`` (of length
    last_g, marked with the stamp counters[C_STAMP]); else from its start with
    a new stamp. Returns its length in edges."""
    stamp = counters[C_STAMP]
    if last >= 0 and parent[node] == last:
        u, v = vertex[last], vertex[node]
        _step_to(u, v, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
        return last_g + 1
    counters[C_STAMP] = stamp + 1
    return _panel_rebuild(
        node, parent, vertex, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp + 1
    )


@_jit_inline
def _free_flood(w, neighbour, on, stamp, mirror, vlabel, label, queue):
    """vlabel[v] = label for the head ``w`` and every vertex the first line could
    still reach from it (off both lines; with symmetry its mirror image off them
    too). Returns how many (queue[0] is w). A superset of what a completion
    can visit, so every rule built on it is safe."""
    vlabel[w] = label
    queue[0] = w
    n = 1
    i = 0
    while i < n:
        v = queue[i]
        i += 1
        for d in range(4):
            u = neighbour[v, d]
            if u < 0 or on[u] == stamp or vlabel[u] == label:
                continue
            if mirror[0] >= 0 and on[mirror[u]] == stamp:
                continue
            vlabel[u] = label
            queue[n] = u
            n += 1
    return n


@_jit_free
def _sides_covered(p, width, cover, stamp):
    """Sides of the cell at place p under a line."""
    k = 0
    if cover[p - 1] == stamp:
        k += 1
    if cover[p + 1] == stamp:
        k += 1
    if cover[p - width] == stamp:
        k += 1
    if cover[p + width] == stamp:
        k += 1
    return k


@_jit_inline
def _triangle_over(ep, width, height, kind, value, cover, stamp):
    """A triangle beside the edge at place ``ep`` with more sides on the lines
    than its number."""
    px = ep % width
    py = ep // width
    for j in range(2):
        if px % 2 == 1:  # a horizontal edge: cells below and above
            q = ep - width if j == 0 else ep + width
            ok = (py - 1 if j == 0 else py + 1) >= 0 and (py - 1 if j == 0 else py + 1) < height
        else:
            q = ep - 1 if j == 0 else ep + 1
            ok = (px - 1 if j == 0 else px + 1) >= 0 and (px - 1 if j == 0 else px + 1) < width
        if ok and kind[q] == P_TRIANGLE and _sides_covered(q, width, cover, stamp) > value[q]:
            return True
    return False


@_jit_inline
def _point_flood(seed, pnb, cover, stamp, outside, plabel, label, pqueue):
    """plabel[p] = label for every place connected to ``seed`` off the lines and
    inside the panel (nothing when the seed is covered, outside or labelled)."""
    if cover[seed] == stamp or outside[seed] or plabel[seed] == label:
        return 0
    plabel[seed] = label
    pqueue[0] = seed
    n = 1
    i = 0
    while i < n:
        p = pqueue[i]
        i += 1
        for j in range(4):
            q = pnb[p, j]
            if q < 0 or cover[q] == stamp or outside[q] or plabel[q] == label:
                continue
            plabel[q] = label
            pqueue[n] = q
            n += 1
    return n


@_jit_inline
def _region_cells(seed, pnb, cover, stamp, plabel, label, pqueue):
    """_point_flood's region of the cell place ``seed``, its cells only: a cell's
    neighbours are the cells across its sides off the lines. The same cells as
    _point_flood's when nothing is outside the panel: a vertex off the lines has
    every edge at it off them, so the cells around it are joined through those
    edges already. Of a region without dots, cancellers or polyominoes,
    _region_broken reads only the cells (rules[5] in panel_search)."""
    if plabel[seed] == label:
        return 0
    plabel[seed] = label
    pqueue[0] = seed
    n = 1
    i = 0
    while i < n:
        p = pqueue[i]
        i += 1
        for j in range(4):
            e = pnb[p, j]
            if e < 0 or cover[e] == stamp:
                continue
            q = pnb[e, j]
            if q < 0 or plabel[q] == label:
                continue
            plabel[q] = label
            pqueue[n] = q
            n += 1
    return n


@_jit_inline
def _region_broken(n, pqueue, width, kind, colour, value, cover, stamp, ccount, by_colour, tiling):
    """Does the closed region in pqueue[:n] break a rule no canceller in it can
    mend? Without cancellers: any error (polyominoes by area, and when none is
    negative by bounding box and tiles_exactly); with them: no way for them to
    mend it (_mended). ``by_colour`` (6 x colours + 1): row 0 whether a colour
    has a star; rows 1 to 4 the squares, stars, triangles with the right sides
    and polyominoes of each colour + 1 ("none" first); row 5 the pieces of each
    colour the cancellers leave (-1: any number)."""
    ccount[:] = 0
    by_colour[:, :] = 0
    # (int64 and bool, not literals: see _jit_free)
    very = cancellers = cells = np.int64(0)
    area = polys = negatives = np.int64(0)
    low_x = low_y = np.int64(width)
    high_x = high_y = np.int64(-1)
    # squares' colours: the first seen (-2: none yet; -1 is "none", a colour of
    # its own) and whether another differs (a bit mask would shift by -1)
    first_square = -2
    two_colours = np.bool_(False)
    counted = False
    for i in range(n):
        p = pqueue[i]
        k = kind[p]
        px = p % width
        py = p // width
        if px % 2 == 1 and py % 2 == 1:
            cells += 1
            low_x, high_x = min(low_x, px), max(high_x, px)
            low_y, high_y = min(low_y, py), max(high_y, py)
        if k == P_NONE:
            continue
        if k == P_DOT:
            very += 1
            continue
        if colour[p] >= 0:  # -1: a colour that counts for no star
            ccount[colour[p]] += 1
        if k == P_TRIANGLE:
            if _sides_covered(p, width, cover, stamp) != value[p]:
                very += 1
            else:
                by_colour[3, colour[p] + 1] += 1
        elif k == P_SQUARE:
            by_colour[1, colour[p] + 1] += 1
            by_colour[5, colour[p] + 1] = value[p]
            if first_square == -2:
                first_square = colour[p]
            elif colour[p] != first_square:
                two_colours = True
        elif k == P_STAR and colour[p] >= 0:
            by_colour[0, colour[p]] = 1
            by_colour[2, colour[p] + 1] += 1
        elif k == P_CANCELLER or k == P_COUNTED:
            cancellers += 1
            counted = k == P_COUNTED
        elif k == P_POLYOMINO:
            by_colour[4, colour[p] + 1] += 1
            polys += 1
            area += value[p] // POLY_AREA
            if value[p] < 0:
                negatives += 1
    if counted:
        return windmill_count_broken(cancellers, very, cells, area, polys, ccount, by_colour)
    invalid = two_colours
    for c in range(ccount.size):
        if by_colour[0, c]:
            if ccount[c] == 1:
                very += 1
            elif ccount[c] > 2:
                invalid = True
    if polys == 0 and cancellers == 0:
        return very > 0 or invalid
    # fmt: off
    if polys == 0:  # (as _pieces_broken, one call fewer)
        spare = cancellers - very
        return spare < 0 or not _cancellers_mend(np.int64(n), pqueue, width, kind, colour, value,
                                                 cells, area, polys, negatives, spare,
                                                 two_colours, ccount, by_colour, tiling)
    return _pieces_broken(np.int64(n), pqueue, width, kind, colour, value, very, invalid,
                          two_colours, cancellers, cells, area, polys, negatives,
                          (high_x - low_x) // 2 + 1, (high_y - low_y) // 2 + 1, ccount, by_colour,
                          tiling)


# fmt: off
@_jit_free
def _pieces_broken(n, pqueue, width, kind, colour, value, very, invalid, two_colours, cancellers,
                   cells, area, polys, negatives, box_w, box_h, ccount, by_colour, tiling):
    """_region_broken's verdict on a region with polyominoes or cancellers, from
    its counts (``box_w`` x ``box_h``: its cells' bounding box)."""
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
    return not _cancellers_mend(n, pqueue, width, kind, colour, value, cells, area, polys,
                                negatives, spare, two_colours, ccount, by_colour, tiling)
# fmt: on


@_jit_inline
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


@_jit_free
def windmill_count_broken(cancellers, wrong, cells, area, polys, ccount, by_colour):
    """Can a closed region's cancellers not come out exactly under The
    Windmill's count (witness.model.rules.windmill_region)? ``wrong``: its
    uncovered dots and wrong triangles; ``by_colour`` as _region_broken's,
    row 5 the rank of a square colour's text. Exact without polyominoes;
    with them a necessary condition (whether they fit is not searched)."""
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
@_jit_free
def _cancellers_mend(n, pqueue, width, kind, colour, value, cells, area, polys, negatives,
                     spare, two_colours, ccount, by_colour, tiling):
    """Can the ``spare`` cancellers mend the region (_region_broken's counts)?
    Row 5 of ``by_colour``, the pieces each colour keeps: positive pieces of
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


@_jit_free
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


@_jit_free
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


@_jit_free
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


@_jit_free
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
    _region_broken's rows."""
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


@_jit_free
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


@_jit_free
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
        kept = np.int64(0)  # (not a literal: see _jit_free)
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


@_jit_free
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


@_jit_free
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


@_jit_free
def _lay_piece(a, k, o, width, offs, noffs, mark, value):
    """Mark (value) the places orientation o of kind k covers, first cell on a."""
    for j in range(noffs[k, o]):
        mark[(a // width + offs[k, o, j, 1]) * width + a % width + offs[k, o, j, 0]] = value


@_jit_free
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
    pieces = np.int64(0)  # (not a literal: see _jit_free)
    for i in range(n):
        p = pqueue[i]
        if kind[p] == P_POLYOMINO:
            left[piece_of[p]] += 1
            pieces += 1
    return _tiles_left(n, pqueue, width, pieces, tiling)


@_jit_free
def _tiles_left(n, pqueue, width, pieces, tiling):
    """tiles_exactly with the pieces to lay already counted by kind in
    ``left`` (``pieces`` in all, their areas the region's cells)."""
    piece_of, offs, noffs, norient, left, mark, tstamp, st_pos, st_k, st_o, _ = tiling
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


@_jit_inline
def _open_flood(
    nr,
    queue,
    neighbour,
    vpoint,
    epoint,
    mirror,
    mpoint,
    pnb,
    vlabel,
    vlab,
    cover,
    stamp,
    outside,
    plabel,
    plab,
    pqueue,
):
    """Label plab every place a completion could still put a line on or split: the
    places connected to a vertex the first line can reach (queue[1:nr]) or, with
    symmetry, its mirror image; from a reachable vertex cut off from the panel
    (or whose mirror image is), its edges to reachable vertices and their images."""
    sym = mirror[0] >= 0
    for i in range(1, nr):
        u = queue[i]
        seed = vpoint[u]
        _point_flood(seed, pnb, cover, stamp, outside, plabel, plab, pqueue)
        if sym:
            _point_flood(mpoint[seed], pnb, cover, stamp, outside, plabel, plab, pqueue)
        if outside[seed] or (sym and outside[mpoint[seed]]):
            for d in range(4):
                x = neighbour[u, d]
                if x >= 0 and vlabel[x] == vlab:
                    seed = epoint[u, d]
                    _point_flood(seed, pnb, cover, stamp, outside, plabel, plab, pqueue)
                    if sym:
                        _point_flood(mpoint[seed], pnb, cover, stamp, outside, plabel, plab, pqueue)


@_jit_free
def _closed_regions_broken(
    symbols,
    pnb,
    width,
    kind,
    colour,
    value,
    cover,
    stamp,
    outside,
    plabel,
    open_label,
    labels,
    pqueue,
    ccount,
    by_colour,
    tiling,
    cells,
):
    """Is a region holding a symbol, off the lines and not labelled open_label
    (so closed: no completion changes it), broken (_region_broken)?
    Fresh labels come from labels[1]. With ``cells`` (rules[5]: every symbol
    in a cell) the regions are flooded over cells alone (_region_cells)."""
    for i in range(symbols.size):
        s = symbols[i]
        if cover[s] == stamp or outside[s] or plabel[s] >= open_label:
            continue
        labels[1] += 1
        if cells:
            n = _region_cells(s, pnb, cover, stamp, plabel, labels[1], pqueue)
        else:
            n = _point_flood(s, pnb, cover, stamp, outside, plabel, labels[1], pqueue)
        if _region_broken(
            n, pqueue, width, kind, colour, value, cover, stamp, ccount, by_colour, tiling
        ):
            return True
    return False


@_jit_inline
def _dot_reachable(i, dot_a, dot_b, dot_point, value, mirror, vlabel, vlab):
    """Can a completion still cover dot i with the line it needs (its vertex,
    or both ends of its edge, reachable by the first line or by the mirror)?"""
    a = dot_a[i]
    b = dot_b[i]
    main = vlabel[a] == vlab and (b < 0 or vlabel[b] == vlab)
    if mirror[0] < 0:
        return main
    image = vlabel[mirror[a]] == vlab and (b < 0 or vlabel[mirror[b]] == vlab)
    need = value[dot_point[i]]
    if need == DOT_MAIN:
        return main
    if need == DOT_MIRROR:
        return image
    return main or image


@_jit_free
def _side_open(a, b, w, on, stamp, vlabel, vlab):
    """Could a line still be drawn along the edge between vertices a and b? Both
    ends reachable (labelled vlab) or, when vlab is 0 (no flood), each the
    head w or off the lines. A superset of what a completion can draw."""
    if a < 0 or b < 0:
        return False
    if vlab > 0:
        return vlabel[a] == vlab and vlabel[b] == vlab
    return (a == w or on[a] != stamp) and (b == w or on[b] != stamp)


@_jit_inline
def _triangle_short(p, w, width, pvertex, mirror, value, cover, on, stamp, vlabel, vlab):
    """Can the triangle at cell place p no longer get its number of sides: its
    sides on the lines and those a line could still be drawn along
    (_side_open, by the first line or by the mirror line) fewer than it?"""
    k = 0
    for j in range(4):
        if j < 2:  # the horizontal sides, ends left and right
            s = p - width if j == 0 else p + width
            a, b = pvertex[s - 1], pvertex[s + 1]
        else:
            s = p - 1 if j == 2 else p + 1
            a, b = pvertex[s - width], pvertex[s + width]
        if cover[s] == stamp or _side_open(a, b, w, on, stamp, vlabel, vlab):
            k += 1
        elif (
            mirror[0] >= 0
            and a >= 0
            and b >= 0
            and _side_open(mirror[a], mirror[b], w, on, stamp, vlabel, vlab)
        ):
            k += 1
    return k < value[p]


@_jit_inline
def _triangle_left(head, w, vpoint, pvertex, mirror, width, height, kind, value, cover, on, stamp):
    """A triangle beside the old head that can no longer get its number of sides
    (_triangle_short without a flood: the step cut nothing off, so only the
    sides at the old head were lost)."""
    hp = vpoint[head]
    hx = hp % width
    hy = hp // width
    for j in range(4):
        cx = hx - 1 if j & 1 == 0 else hx + 1
        cy = hy - 1 if j < 2 else hy + 1
        if cx < 0 or cx >= width or cy < 0 or cy >= height:
            continue
        q = cy * width + cx
        if kind[q] == P_TRIANGLE and _triangle_short(
            q, w, width, pvertex, mirror, value, cover, on, stamp, on, 0
        ):
            return True
    return False


@_jit_inline
def _unmendable(
    w,
    dot_point,
    dot_a,
    dot_b,
    symbols,
    kind,
    value,
    mirror,
    pvertex,
    vlabel,
    vlab,
    width,
    cover,
    on,
    stamp,
):
    """Symbols already sure to be very invalid in whatever region they end in: dots
    off the lines no line allowed to cover them can reach (_dot_reachable), and
    triangles with more sides on the lines than their number or that can no
    longer get it (_triangle_short). Each needs a canceller of its own."""
    n = 0
    for i in range(dot_point.size):
        if cover[dot_point[i]] != stamp and not _dot_reachable(
            i, dot_a, dot_b, dot_point, value, mirror, vlabel, vlab
        ):
            n += 1
    for i in range(symbols.size):
        p = symbols[i]
        if kind[p] == P_TRIANGLE and (
            _sides_covered(p, width, cover, stamp) > value[p]
            or _triangle_short(p, w, width, pvertex, mirror, value, cover, on, stamp, vlabel, vlab)
        ):
            n += 1
    return n


@_jit_inline
def _wrong_line(p, line_no, kind, value):
    """A dot at place p that line line_no (1 first, 2 mirror) must not cover."""
    if kind[p] != P_DOT:
        return False
    return (line_no == 1 and value[p] == DOT_MIRROR) or (line_no == 2 and value[p] == DOT_MAIN)


@_jit_inline
def _ring_connected(w, neighbour, on, stamp):
    """Do the free neighbours of ``w`` stay connected without it, through the
    corners between them? (Then stepping onto w cuts nothing off.)"""
    mask = 0
    free = 0
    for d in range(4):
        x = neighbour[w, d]
        if x >= 0 and on[x] != stamp:
            mask |= 1 << d
            free += 1
    if free <= 1:
        return True
    links = 0
    for d in range(4):
        e = (d + 1) & 3
        if (mask >> d) & 1 and (mask >> e) & 1:
            corner = neighbour[neighbour[w, d], e]
            if corner >= 0 and on[corner] != stamp and neighbour[neighbour[w, e], d] == corner:
                links += 1
    return max(free - links, 1) == 1


# Reach as bit masks: on panels of at most 62 vertices without symmetry whose
# pi_baseline reads nothing but the reach (no region rule: dots, gaps, ends), a
# vertex is a bit and the flood grows a whole frontier per step with shifts, far
# cheaper than the queue of _free_flood on panels with gaps (whose steps the fast
# path seldom takes). The learned programs read the flood's labels, so the core
# with one keeps the queue.
BIT_VERTICES = 62


@_jit_free
def _bit_grid(neighbour, mirror, rules, enabled):
    """(on, every vertex, for each direction the vertices with a legal step that
    way, then for each direction that step's id difference): what _bit_reach
    needs, on = 0 where the bit flood does not serve (see above)."""
    n = neighbour.shape[0]
    if not enabled or n > BIT_VERTICES or mirror[0] >= 0 or rules[1] != 0 or rules[0] != 0:
        return (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    m0, s0 = _direction_bits(neighbour, 0)
    m1, s1 = _direction_bits(neighbour, 1)
    m2, s2 = _direction_bits(neighbour, 2)
    m3, s3 = _direction_bits(neighbour, 3)
    return (1, (1 << n) - 1, m0, m1, m2, m3, s0, s1, s2, s3)


@_jit_free
def _direction_bits(neighbour, d):
    """The vertices with a legal step in direction d, as bits, and the step's id
    difference (one for the whole grid)."""
    bits = 0
    shift = 0
    for v in range(neighbour.shape[0]):
        if neighbour[v, d] >= 0:
            bits |= 1 << v
            shift = neighbour[v, d] - v
    return bits, shift


@_jit_inline
def _shifted(x, s):
    return x << s if s > 0 else x >> -s


@_jit_free
def _line_bits(on, stamp):
    """The vertices marked ``stamp``, as bits (at most BIT_VERTICES of them)."""
    out = 0
    for v in range(on.size):
        if on[v] == stamp:
            out |= 1 << v
    return out


@_jit_inline
def _bit_reach(w, lmask, bitg):
    """_free_flood as bits: w and every vertex reachable from it off the line
    ``lmask`` (w's bit may be in it)."""
    seed = 1 << w
    free = (bitg[1] & ~lmask) | seed
    reach = seed
    while True:
        grown = (
            reach
            | _shifted(reach & bitg[2], bitg[6])
            | _shifted(reach & bitg[3], bitg[7])
            | _shifted(reach & bitg[4], bitg[8])
            | _shifted(reach & bitg[5], bitg[9])
        ) & free
        if grown == reach:
            return reach
        reach = grown


@_jit_inline
def _bit_dead(w, lmask, bitg, ends, dot_point, dot_a, dot_b, cover, stamp):
    """pi_baseline's reach rules on a panel the bit flood serves (_bit_grid): no
    end but w reachable, or a dot not covered whose vertex or edge ends cannot
    be reached (rules 3 and 4 as _panel_dead's flood says them)."""
    reach = _bit_reach(w, lmask, bitg)
    reach_end = False
    for i in range(ends.size):
        if ends[i] != w and (reach >> ends[i]) & 1:
            reach_end = True
            break
    if not reach_end:
        return True
    for i in range(dot_point.size):
        if cover[dot_point[i]] != stamp:
            b = dot_b[i]
            if not (reach >> dot_a[i]) & 1 or (b >= 0 and not (reach >> b) & 1):
                return True
    return False


@_jit_inline
def _visitable(v, vlabel, vlab, mirror):
    """May a completion visit the vertex v off the lines (vlab 0: any such; else
    one the head can reach, labelled vlab, or with symmetry its mirror image)?"""
    if vlab == 0 or vlabel[v] == vlab:
        return True
    return mirror[0] >= 0 and vlabel[mirror[v]] == vlab


@_jit_inline
def _bounded_flood(
    seed, pnb, pvertex, cover, stamp, outside, plabel, label, first, pqueue, vlabel, vlab, mirror
):
    """Flood the region of ``seed`` as _point_flood, but stop as soon as it holds a
    vertex a completion may visit (vlab 0: any vertex off the lines; else one
    the head can reach, labelled vlab, or with symmetry the mirror image of
    one) or a place of a region an earlier call (labels from ``first``)
    stopped in: (places, closed)."""
    plabel[seed] = label
    pqueue[0] = seed
    n = 1
    i = 0
    while i < n:
        p = pqueue[i]
        i += 1
        v = pvertex[p]
        if v >= 0 and _visitable(v, vlabel, vlab, mirror):
            return n, False
        for j in range(4):
            q = pnb[p, j]
            if q < 0 or cover[q] == stamp or outside[q] or plabel[q] == label:
                continue
            if plabel[q] >= first:
                return n, False
            plabel[q] = label
            pqueue[n] = q
            n += 1
    return n, True


@_jit_inline
def _bounded_cells(
    seed, pnb, pvertex, cover, stamp, plabel, label, first, pqueue, vlabel, vlab, mirror, width
):
    """_bounded_flood over cells (as _region_cells) from the cell place ``seed``:
    a region holds a vertex off the lines exactly when one of its cells has it as
    a corner (such a vertex joins the cells around it)."""
    plabel[seed] = label
    pqueue[0] = seed
    n = 1
    i = 0
    while i < n:
        p = pqueue[i]
        i += 1
        for c in (p - width - 1, p - width + 1, p + width - 1, p + width + 1):
            if cover[c] != stamp and _visitable(pvertex[c], vlabel, vlab, mirror):
                return n, False
        for j in range(4):
            e = pnb[p, j]
            if e < 0 or cover[e] == stamp:
                continue
            q = pnb[e, j]
            if q < 0 or plabel[q] == label:
                continue
            if plabel[q] >= first:
                return n, False
            plabel[q] = label
            pqueue[n] = q
            n += 1
    return n, True


@_jit_inline
def _cell_of(s, pnb, width):
    """The place s if a cell, else a cell next to it (an edge's side), or -1."""
    if (s % width) % 2 == 1 and (s // width) % 2 == 1:
        return s
    for j in range(4):
        q = pnb[s, j]
        if q >= 0 and (q % width) % 2 == 1 and (q // width) % 2 == 1:
            return q
    return -1


@_jit_inline
def _near_place(c, head, w, ep, vpoint, mirror, mpoint):
    """Centre c of _regions_broken_near's floods: w's vertex, the step's edge,
    the head's vertex, then the mirror images of the three."""
    if c == 0:
        return vpoint[w]
    if c == 1:
        return ep
    if c == 2:
        return vpoint[head]
    if c == 3:
        return vpoint[mirror[w]]
    if c == 4:
        return mpoint[ep]
    return vpoint[mirror[head]]


@_jit_inline
def _regions_broken_near(
    head,
    w,
    ep,
    centres,
    symbols,
    vpoint,
    pnb,
    pvertex,
    kind,
    colour,
    value,
    width,
    cover,
    stamp,
    outside,
    plabel,
    labels,
    pqueue,
    ccount,
    by_colour,
    tiling,
    vlabel,
    vlab,
    mirror,
    mpoint,
    cells,
):
    """Rule 5 by floods that stop at an open region (_bounded_flood), on a panel
    without places outside. A region is closed exactly when it holds no vertex
    the head can reach (labelled vlab: the regions of _open_flood) nor, with
    symmetry, the mirror image of one; vlab 0: the step head -> w cut nothing
    off, so any vertex off the lines is one (no symmetry). ``centres`` says
    where the floods start: 0, at the symbols (every closed region); 2, next
    to w's vertex and the step's edge; 6, next to those, the head's vertex
    and the mirror images of the three (_near_place). Fresh labels from
    labels[1]. With ``cells`` (rules[5]) the floods go over cells
    (_bounded_cells), from the cell next to an edge."""
    labels[1] += 1
    first = labels[1]
    for k in range(4 * centres if centres > 0 else symbols.size):
        if centres > 0:
            s = pnb[_near_place(k // 4, head, w, ep, vpoint, mirror, mpoint), k % 4]
        else:
            s = symbols[k]
        if s < 0 or cover[s] == stamp or outside[s] or plabel[s] >= first:
            continue
        if cells:
            # (an edge off the lines: its region holds its cells, and its ends are
            # their corners; a vertex off the lines is an open region)
            s = _cell_of(s, pnb, width)
            if s < 0 or plabel[s] >= first:
                continue
        labels[1] += 1
        if cells:
            n, closed = _bounded_cells(
                s, pnb, pvertex, cover, stamp, plabel, labels[1], first, pqueue, vlabel, vlab,
                mirror, width
            )  # fmt: skip
        else:
            n, closed = _bounded_flood(
                s,
                pnb,
                pvertex,
                cover,
                stamp,
                outside,
                plabel,
                labels[1],
                first,
                pqueue,
                vlabel,
                vlab,
                mirror,
            )
        if closed and _region_broken(
            n, pqueue, width, kind, colour, value, cover, stamp, ccount, by_colour, tiling
        ):
            return True
    return False


@_jit_inline
def _edge_dot_left(head, d, epoint, kind, cover, stamp):
    """An uncovered dot on an edge of the old head other than the step's: the line
    has left the head, so nothing covers it any more."""
    for e in range(4):
        if e != d:
            p = epoint[head, e]
            if p >= 0 and kind[p] == P_DOT and cover[p] != stamp:
                return True
    return False


# ------------------------------------------- learned family programs (panels)
# A learned program over witness.search.panel_features, encoded by
# witness.search.panel_search.encode_program:
#   clauses int64[n, 3]: first comparison, end, object kind (K_DOT ... K_END)
#   cmps int64[m, 5]: operator (OPS order), left is a feature, left, right is a
#       feature, right (a feature is its index in panel_features.PANEL_FEATURES)
#   need: bit f set when some clause reads feature f
K_DOT, K_SQUARE, K_STAR, K_TRIANGLE, K_END = range(5)
(
    F_DOT_COVERED,
    F_DOT_COVERABLE,
    F_PART_DOTS,
    F_PART_ENDS,
    F_OPEN_DOTS,
    F_DOT_ON_EDGE,
    F_DOT_USABLE,
    F_JOINED_COLOURS,
    F_REGION_COLOURS,
    F_REGION_CLOSED,
    F_NEIGHBOUR_COLOURS,
    F_JOINED_PARTNERS,
    F_REGION_PARTNERS,
    F_TRIANGLE_COUNT,
    F_SIDES_ON,
    F_SIDES_USABLE,
    F_REACH_ENDS,
) = range(17)
N_PANEL_FEATURES = 17
NEED_REACH = (
    (1 << F_DOT_COVERABLE)
    | (1 << F_PART_DOTS)
    | (1 << F_PART_ENDS)
    | (1 << F_JOINED_COLOURS)
    | (1 << F_REGION_CLOSED)
    | (1 << F_JOINED_PARTNERS)
    | (1 << F_REACH_ENDS)
)
NEED_PARTS = (1 << F_PART_DOTS) | (1 << F_PART_ENDS)
NEED_NOW = (1 << F_REGION_COLOURS) | (1 << F_REGION_CLOSED) | (1 << F_REGION_PARTNERS)
NEED_JOINED = (1 << F_JOINED_COLOURS) | (1 << F_REGION_CLOSED) | (1 << F_JOINED_PARTNERS)


@_jit_free
def _usable(s, w, edge_ends, on, stamp):
    """Is the edge at place s open, each end the head w or off the line (the
    thesis's hand rules' reading, panel_features.PathState.usable)?"""
    return _side_open(edge_ends[s, 0], edge_ends[s, 1], w, on, stamp, on, 0)


@_jit_free
def _compare(op, a, b):
    """a op b, op in the order of witness.search.predicates.OPERATORS."""
    if op == 0:
        return a == b
    if op == 1:
        return a != b
    if op == 2:
        return a < b
    if op == 3:
        return a <= b
    if op == 4:
        return a > b
    return a >= b


@_jit_inline
def _object_fires(obj_kind, fv, clauses, cmps):
    """Does a clause over objects of ``obj_kind`` hold on features ``fv``?"""
    for c in range(clauses.shape[0]):
        if clauses[c, 2] != obj_kind:
            continue
        holds = True
        for i in range(clauses[c, 0], clauses[c, 1]):
            a = fv[cmps[i, 2]] if cmps[i, 1] else cmps[i, 2]
            b = fv[cmps[i, 4]] if cmps[i, 3] else cmps[i, 4]
            if not _compare(cmps[i, 0], a, b):
                holds = False
                break
        if holds:
            return True
    return False


@_jit_inline
def _label_parts(w, neighbour, vlabel, vlab, vpart, labels, queue):
    """vpart[v] = a fresh label (from labels[2] + 1) per part: the components of
    the reach (vlabel == vlab) minus the head w. Returns the first label."""
    first = labels[2] + 1
    for s in range(neighbour.shape[0]):
        if s == w or vlabel[s] != vlab or vpart[s] >= first:
            continue
        labels[2] += 1
        vpart[s] = labels[2]
        queue[0] = s
        n = 1
        i = 0
        while i < n:
            v = queue[i]
            i += 1
            for d in range(4):
                u = neighbour[v, d]
                if u < 0 or u == w or vlabel[u] != vlab or vpart[u] >= first:
                    continue
                vpart[u] = labels[2]
                queue[n] = u
                n += 1
    return first


@_jit_free
def _dot_part(i, w, dot_a, dot_b, edge_ends, dot_point, vlabel, vlab, vpart):
    """The part label an uncovered dot i can still be covered in, or -1: its
    vertex's part; an addable edge's (open, both ends reached) end off the head."""
    a = dot_a[i]
    b = dot_b[i]
    if b < 0:
        return vpart[a] if a != w and vlabel[a] == vlab else -1
    if edge_ends[dot_point[i], 0] < 0 or vlabel[a] != vlab or vlabel[b] != vlab:
        return -1
    return vpart[b] if a == w else vpart[a]


# fmt: off
@_jit_inline
def _dots_fire(w, need, clauses, cmps, neighbour, ends, dot_point, dot_a, dot_b, edge_ends,
               on, cover, stamp, vlabel, vlab, vpart, labels, queue, dpart, pcount, fv):
    """Does a dot clause fire on some dot (panel_features.dot_features)?"""
    n_dots = dot_point.size
    open_dots = 0
    for i in range(n_dots):
        if cover[dot_point[i]] != stamp:
            open_dots += 1
    first = 0
    if need & NEED_PARTS:
        first = _label_parts(w, neighbour, vlabel, vlab, vpart, labels, queue)
        pcount[: 2 * (labels[2] - first + 1)] = 0
    for i in range(n_dots):
        dpart[i] = -1
        if cover[dot_point[i]] != stamp and need & NEED_REACH:
            dpart[i] = _dot_part(i, w, dot_a, dot_b, edge_ends, dot_point, vlabel, vlab, vpart)
            if dpart[i] >= 0 and need & NEED_PARTS:
                pcount[2 * (dpart[i] - first)] += 1
    if need & NEED_PARTS:
        for i in range(ends.size):
            e = ends[i]
            if e != w and vlabel[e] == vlab:
                pcount[2 * (vpart[e] - first) + 1] += 1
    for i in range(n_dots):
        covered = cover[dot_point[i]] == stamp
        live = not covered and dpart[i] >= 0
        fv[F_DOT_COVERED] = 1 if covered else 0
        fv[F_DOT_COVERABLE] = 1 if covered or dpart[i] >= 0 else 0
        fv[F_PART_DOTS] = pcount[2 * (dpart[i] - first)] if live and need & NEED_PARTS else 0
        fv[F_PART_ENDS] = pcount[2 * (dpart[i] - first) + 1] if live and need & NEED_PARTS else 0
        fv[F_OPEN_DOTS] = open_dots
        fv[F_DOT_ON_EDGE] = 1 if dot_b[i] >= 0 else 0
        # a vertex dot off the line is usable; an edge dot when its edge is
        fv[F_DOT_USABLE] = 1 if covered or dot_b[i] < 0 or _usable(
            dot_point[i], w, edge_ends, on, stamp) else 0
        if _object_fires(K_DOT, fv, clauses, cmps):
            return True
    return False


@_jit_free
def _across(p, j, width, height):
    """Cell place p's side in direction j (right, up, left, down) and the cell
    place across it; ok is False when that cell is off the panel."""
    px = p % width
    py = p // width
    if j == 0:
        return px + 2 < width, p + 1, p + 2
    if j == 1:
        return py + 2 < height, p + width, p + 2 * width
    if j == 2:
        return px >= 2, p - 1, p - 2
    return py >= 2, p - width, p - 2 * width


@_jit_inline
def _cell_flood(seed, joined, width, height, cover, stamp, edge_ends, vlabel, vlab, clabel,
                label, cqueue):
    """clabel[c] = label for the cells (places) connected to cell ``seed`` through
    sides off the line and, when ``joined``, not addable (open, both ends in the
    reach): region_now or joined of panel_features. Returns how many."""
    clabel[seed] = label
    cqueue[0] = seed
    n = 1
    i = 0
    while i < n:
        p = cqueue[i]
        i += 1
        for j in range(4):
            ok, side, q = _across(p, j, width, height)
            if not ok or clabel[q] == label or cover[side] == stamp:
                continue
            if (joined and edge_ends[side, 0] >= 0 and vlabel[edge_ends[side, 0]] == vlab
                    and vlabel[edge_ends[side, 1]] == vlab):
                continue
            clabel[q] = label
            cqueue[n] = q
            n += 1
    return n


@_jit_inline
def _cells_count(n, cqueue, star, kind, colour, n_colours, cmark, labels):
    """Over the cells cqueue[:n]: distinct colours of squares (star < 0) or the
    symbols of the colour of the star at place ``star`` (panel_features)."""
    count = 0
    if star >= 0:
        k = colour[star]
        if k < 0:
            return 0
        for i in range(n):
            p = cqueue[i]
            if kind[p] != P_NONE and kind[p] != P_DOT and colour[p] == k:
                count += 1
        return count
    labels[3] += 1
    for i in range(n):
        p = cqueue[i]
        if kind[p] == P_SQUARE:
            c = colour[p] if colour[p] >= 0 else n_colours
            if cmark[c] != labels[3]:
                cmark[c] = labels[3]
                count += 1
    return count


@_jit_inline
def _neighbour_colours(p, w, kind, colour, n_colours, width, height, on, cover, stamp,
                       edge_ends, cmark, labels):
    """Colours of the squares at cell place p and next to it across sides that
    are neither on the line nor usable (panel_features: neighbour_colours)."""
    labels[3] += 1
    c = colour[p] if colour[p] >= 0 else n_colours
    cmark[c] = labels[3]
    count = 1
    for j in range(4):
        ok, side, q = _across(p, j, width, height)
        if not ok or kind[q] != P_SQUARE or cover[side] == stamp:
            continue
        if _usable(side, w, edge_ends, on, stamp):
            continue
        c = colour[q] if colour[q] >= 0 else n_colours
        if cmark[c] != labels[3]:
            cmark[c] = labels[3]
            count += 1
    return count


@_jit_inline
def _cell_objects_fire(obj_kind, w, need, clauses, cmps, symbols, kind, colour, n_colours,
                       width, height, on, cover, stamp, edge_ends, vlabel, vlab, clabel, labels,
                       cqueue, cmark, fv):
    """Does a square (star) clause fire on some square (star) of the panel?"""
    code = P_SQUARE if obj_kind == K_SQUARE else P_STAR
    for s in range(symbols.size):
        p = symbols[s]
        if kind[p] != code:
            continue
        star = p if obj_kind == K_STAR else -1
        n_now = 0
        if need & NEED_NOW:
            labels[4] += 1
            n_now = _cell_flood(p, False, width, height, cover, stamp, edge_ends, vlabel, vlab,
                                clabel, labels[4], cqueue)
            now = _cells_count(n_now, cqueue, star, kind, colour, n_colours, cmark, labels)
            fv[F_REGION_COLOURS] = now
            fv[F_REGION_PARTNERS] = now
        if need & NEED_JOINED:
            labels[4] += 1
            n = _cell_flood(p, True, width, height, cover, stamp, edge_ends, vlabel, vlab,
                            clabel, labels[4], cqueue)
            joined = _cells_count(n, cqueue, star, kind, colour, n_colours, cmark, labels)
            fv[F_JOINED_COLOURS] = joined
            fv[F_JOINED_PARTNERS] = joined
            fv[F_REGION_CLOSED] = 1 if n == n_now else 0
        if obj_kind == K_SQUARE and need & (1 << F_NEIGHBOUR_COLOURS):
            fv[F_NEIGHBOUR_COLOURS] = _neighbour_colours(p, w, kind, colour, n_colours, width,
                                                         height, on, cover, stamp, edge_ends,
                                                         cmark, labels)
        if _object_fires(obj_kind, fv, clauses, cmps):
            return True
    return False


@_jit_inline
def _triangles_fire(w, clauses, cmps, symbols, kind, value, width, on, cover, stamp,
                    edge_ends, fv):
    """Does a triangle clause fire on some triangle (panel_features.triangle_features)?"""
    for s in range(symbols.size):
        p = symbols[s]
        if kind[p] != P_TRIANGLE:
            continue
        on_line = _sides_covered(p, width, cover, stamp)
        more = 0
        for side in (p - 1, p + 1, p - width, p + width):
            if cover[side] != stamp and _usable(side, w, edge_ends, on, stamp):
                more += 1
        fv[F_TRIANGLE_COUNT] = value[p]
        fv[F_SIDES_ON] = on_line
        fv[F_SIDES_USABLE] = on_line + more
        if _object_fires(K_TRIANGLE, fv, clauses, cmps):
            return True
    return False


@_jit_free
def _program_fires(w, reach_lab, program, neighbour, mirror, ends, symbols, kind, colour,
                   value, n_colours, dot_point, dot_a, dot_b, edge_ends, width, height, on,
                   cover, stamp, vlabel, labels, queue, pscratch):
    """pi* of panel_features.program_fires on the child with head w (its step on
    ``on``/``cover``; no symmetry): some clause holds on some object.
    ``program`` = (clauses, cmps, need), ``pscratch`` the program's working
    arrays (program_scratch). ``need``:
    the features read (bit mask), then whether clauses over dots, squares,
    stars, triangles and ends exist. The reach is flooded
    once, only for features that read it (``reach_lab`` > 0: the flood the
    baseline made for this child)."""
    clauses, cmps, need = program
    vpart, clabel, cqueue, cmark, dpart, pcount, fv = pscratch
    vlab = reach_lab
    if vlab <= 0 and need[0] & NEED_REACH:
        labels[0] += 1
        vlab = labels[0]
        _free_flood(w, neighbour, on, stamp, mirror, vlabel, vlab, queue)
    if need[1 + K_DOT] and _dots_fire(w, need[0], clauses, cmps, neighbour, ends, dot_point,
                                      dot_a, dot_b, edge_ends, on, cover, stamp, vlabel, vlab,
                                      vpart, labels, queue, dpart, pcount, fv):
        return True
    for obj_kind in (K_SQUARE, K_STAR):
        if need[1 + obj_kind] and _cell_objects_fire(
                obj_kind, w, need[0], clauses, cmps, symbols, kind, colour, n_colours, width,
                height, on, cover, stamp, edge_ends, vlabel, vlab, clabel, labels, cqueue, cmark,
                fv):
            return True
    if need[1 + K_TRIANGLE] and _triangles_fire(w, clauses, cmps, symbols, kind, value, width,
                                                on, cover, stamp, edge_ends, fv):
        return True
    if need[1 + K_END] and ends.size > 0:
        reach_ends = 0
        for i in range(ends.size):
            if vlabel[ends[i]] == vlab:
                reach_ends += 1
        fv[F_REACH_ENDS] = reach_ends
        if _object_fires(K_END, fv, clauses, cmps):
            return True
    return False
# fmt: on


# A numba kernel: its many array arguments read better packed than one per line.
# fmt: off
@_jit_inline
def _panel_dead(head, d, w, grid, symbols_t, width, height, rules, scratch, stamp, fast, n_off,
                tiling, bitg, lmask, local):
    """pi_baseline on the child head -> w of a path that passed it (the child's
    step is on ``on``/``cover``); ``grid`` = (neighbour, vpoint, epoint, mirror,
    mpoint, pnb, pvertex, is_end, ends), ``symbols_t`` = (kind, colour, value,
    outside, symbols, dot_point, dot_a, dot_b), ``scratch`` as the core's; the
    rules are witness.search.panel_search's BASELINE_RULES, ``rules`` = (how
    many cancellers the panel has, region rule on, fast path allowed, region
    symbols other than triangles, vertices with a legal step, regions flooded
    over cells alone, symmetry with nothing outside). ``fast``: the head's free
    neighbours were linked around it (see below). Otherwise the head's reach is
    flooded; when it holds all ``n_off`` vertices off the line (-1: not known),
    the step cut nothing off after all, and rule 5 looks next to the step too.
    ``local``: the parent passed these rules (is no start): see rule 5 below."""
    # (the flood is of bits when ``bitg`` says so, _bit_grid; ``lmask``: the
    # child's line as bits)
    # The fast path: with the head's free neighbours linked around it (and, with
    # squares, stars, polyominoes or cancellers, w's too: the step cut nothing
    # off), what the new head w can reach is what the old one could, less the
    # old head (each part that stepping onto w cuts the rest into touches w),
    # so rule 3 holds still (w is not an end), rule 4 can only lose a dot on an
    # edge of the old head or a side of a triangle at the old head, and rule 5
    # looks only next to the step. It judges those on the lines alone (a
    # vertex off them counts as reachable), so it may let through what the
    # flood would reject, never the other way round; a region next to the step
    # holding no vertex off the lines is closed whatever the step cut.
    neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, is_end, ends = grid
    kind, colour, value, outside, symbols, dot_point, dot_a, dot_b = symbols_t
    on, cover, line, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    no_cancellers = rules[0] == 0
    ep = epoint[head, d]
    if _wrong_line(vpoint[w], 1, kind, value) or _wrong_line(ep, 1, kind, value):
        return True
    sym = mirror[0] >= 0
    if sym and (_wrong_line(mpoint[vpoint[w]], 2, kind, value)
                or _wrong_line(mpoint[ep], 2, kind, value)):
        return True
    if no_cancellers and _triangle_over(ep, width, height, kind, value, cover, stamp):
        return True
    if sym and no_cancellers and _triangle_over(mpoint[ep], width, height, kind, value, cover,
                                                stamp):
        return True
    if fast:
        if no_cancellers and (
                _edge_dot_left(head, d, epoint, kind, cover, stamp)
                or _triangle_left(head, w, vpoint, pvertex, mirror, width, height, kind, value,
                                  cover, on, stamp)):
            return True
        if rules[1] == 0:
            return False
        centres = 2
        vlab = 0
    elif bitg[0] == 1:  # (lmask: the child's line, as bits)
        return _bit_dead(w, lmask, bitg, ends, dot_point, dot_a, dot_b, cover, stamp)
    else:
        labels[0] += 1
        vlab = labels[0]
        nr = _free_flood(w, neighbour, on, stamp, mirror, vlabel, vlab, queue)
        reach_end = False
        for i in range(ends.size):
            if ends[i] != w and vlabel[ends[i]] == vlab:
                reach_end = True
                break
        if not reach_end:
            return True
        if no_cancellers:
            for i in range(dot_point.size):
                if cover[dot_point[i]] != stamp and not _dot_reachable(
                        i, dot_a, dot_b, dot_point, value, mirror, vlabel, vlab):
                    return True
            for i in range(symbols.size):
                p = symbols[i]
                if kind[p] == P_TRIANGLE and _triangle_short(p, w, width, pvertex, mirror, value,
                                                             cover, on, stamp, vlabel, vlab):
                    return True
        elif _unmendable(w, dot_point, dot_a, dot_b, symbols, kind, value, mirror, pvertex,
                         vlabel, vlab, width, cover, on, stamp) > rules[0]:
            return True
        if rules[1] == 0:
            return False
        # Where rule 5 floods from: next to the step (a region holding no vertex off the
        # line touches it), at every symbol (no symmetry, nothing outside), or, the
        # parent's closed regions having passed, next to the step, the old head and
        # their mirror images (what this step closes touches one of them)
        centres = (2 if nr - 1 == n_off else 0 if rules[2] == 1
                   else 6 if local and rules[6] == 1 else -1)
        if centres < 0:
            return _regions_broken_off(np.int64(nr), grid, symbols_t, width, rules, scratch,
                                       stamp, vlab, tiling)
        if centres == 2:
            vlab = 0
    return _regions_broken_near(
        head, w, ep, centres, symbols, vpoint, pnb, pvertex, kind, colour, value, width, cover,
        stamp, outside, plabel, labels, pqueue, ccount, by_colour, tiling, vlabel, vlab, mirror,
        mpoint, rules[5] == 1)
# fmt: on


# fmt: off
@_jit_free
def _regions_broken_off(nr, grid, symbols_t, width, rules, scratch, stamp, vlab, tiling):
    """Rule 5 by _panel_dead's reach flood (its vertices in queue[1:nr], labelled
    vlab): is a region no completion can change (_open_flood) broken?"""
    neighbour, vpoint, epoint, mirror, mpoint, pnb, _, _, _ = grid
    kind, colour, value, outside, symbols, _, _, _ = symbols_t
    _, cover, _, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    open_label = labels[1] = labels[1] + 1
    _open_flood(nr, queue, neighbour, vpoint, epoint, mirror, mpoint, pnb, vlabel, vlab, cover,
                stamp, outside, plabel, open_label, pqueue)
    return _closed_regions_broken(symbols, pnb, width, kind, colour, value, cover, stamp,
                                  outside, plabel, open_label, labels, pqueue, ccount, by_colour,
                                  tiling, rules[5] == 1)


@_jit_inline
def _panel_final(kind, colour, value, outside, symbols, dot_point, targets, rules, pnb, width,
                 cover, line, stamp, plabel, labels, pqueue, ccount, by_colour, tiling):
    """A necessary condition for a finished line to solve the panel (exact without
    polyominoes): no dot under the wrong line, no broken region.
    Without cancellers an uncovered dot or a wrong triangle fails at once, and
    without squares, stars and polyominoes nothing else can (rules[3] == 0)."""
    for i in range(dot_point.size):
        p = dot_point[i]
        if cover[p] == stamp and _wrong_line(p, line[p], kind, value):
            return False
    if rules[0] == 0:
        for i in range(targets.shape[0]):
            p = targets[i, 0]
            if kind[p] == P_DOT:
                if cover[p] != stamp:
                    return False
            elif _sides_covered(p, width, cover, stamp) != value[p]:
                return False
        if rules[3] == 0:
            return True
    labels[1] += 1
    return not _closed_regions_broken(symbols, pnb, width, kind, colour, value, cover, stamp,
                                      outside, plabel, labels[1], labels, pqueue, ccount,
                                      by_colour, tiling, rules[5] == 1)
# fmt: on


# fmt: off
@_jit_inline
def _target_h(w, h, vpoint, width, targets, place_end, kind, value, mirror, mpoint, cover,
              stamp):
    """h of the child with head w: the distance to an end or, when larger, via the
    farthest target still owed (an uncovered dot, or a corner of a triangle
    with too few sides on the lines; or their mirror images) to an end; on the
    doubled grid, halved and rounded up. An estimate of the rest of the line.
    ``targets`` rows: place, its x and y, its mirror image's x and y (no
    division by the width on every child)."""
    best = 2 * np.int64(h[w])
    wx = vpoint[w] % width
    wy = vpoint[w] // width
    for i in range(targets.shape[0]):
        p = targets[i, 0]
        slack = 0
        if kind[p] == P_DOT:
            if cover[p] == stamp:
                continue
        elif _sides_covered(p, width, cover, stamp) >= value[p]:
            continue
        else:
            slack = 4  # a corner is 2 closer than the cell, on both legs
        reach = abs(targets[i, 1] - wx) + abs(targets[i, 2] - wy)
        if mirror[0] >= 0:
            reach = min(reach, abs(targets[i, 3] - wx) + abs(targets[i, 4] - wy))
        best = max(best, reach + place_end[p] - slack)
    return (best + 1) // 2


@_jit_free
def _store(node, w, f, parent, vertex, flag, n_nodes):
    """Store path n_nodes: ``node`` extended to ``w``, with flag f."""
    parent[n_nodes] = node
    vertex[n_nodes] = w
    flag[n_nodes] = f


@_jit_inline
def keep_child(node, w, g, pi, base, hw, parent, vertex, flag, later, first, last, cursor,
                n_nodes):
    """Store the child (flag: pi_baseline, which its children inherit) and put it
    on the open list with the key (pi, g + h, h, n), h = hw: at the back of
    bucket (pi, g + h, h) (open_pop). Returns the new cursor."""
    _store(node, w, 1 if base else 0, parent, vertex, flag, n_nodes)
    row = (first.shape[0] // 2 if pi else 0) + g + hw
    later[n_nodes] = -1
    if first[row, hw] < 0:
        first[row, hw] = n_nodes
    else:
        later[last[row, hw]] = n_nodes
    last[row, hw] = n_nodes
    return min(cursor, row * first.shape[1] + hw)


@_jit_inline
def open_pop(later, first, cursor):
    """The open list of the panel core is a bucket queue: bucket (pi, f, h) is
    row pi * F + f, column h of ``first`` (its first path) and ``last`` (its
    last), the paths in it linked by ``later``. Paths are numbered as they are
    stored, so each bucket is in key order and taking the first path of the
    least non-empty bucket pops the least key (pi, f, h, n), as a heap would,
    with no sifting. ``cursor`` (row * columns + column) is at or below the
    least non-empty bucket. Returns (path, cursor); the open list must not be
    empty."""
    columns = first.shape[1]
    row = cursor // columns
    column = cursor - row * columns
    while first[row, column] < 0:
        column += 1
        if column == columns:
            column = 0
            row += 1
    node = first[row, column]
    first[row, column] = later[node]
    return node, row * columns + column


@_jit_free
def stored_path(parent, vertex, node, out):
    """The vertex ids of stored path ``node``, head first, into ``out``; returns
    how many."""
    n = 0
    while node >= 0:
        out[n] = vertex[node]
        n += 1
        node = parent[node]
    return n


@_jit
def panel_scratch(n_vertices, n_places, n_colours):
    """The arrays a path's state lives in: on, cover, line, vlabel, plabel,
    labels, queue, pqueue, ccount, by_colour (stamps and labels only grow, so
    one set serves a whole search)."""
    return (np.zeros(n_vertices, np.int64), np.zeros(n_places, np.int64),
            np.zeros(n_places, np.int8), np.zeros(n_vertices, np.int64),
            np.zeros(n_places, np.int64), np.zeros(5, np.int64), np.zeros(n_vertices, np.int64),
            np.zeros(n_places, np.int64), np.zeros(max(n_colours, 1), np.int64),
            np.zeros((6, n_colours + 1), np.int64))


@_jit
def tiling_scratch(piece_of, offs, noffs, norient, n_pieces):
    """tiles_exactly's tables (piece_of, offs, noffs, norient: the panel's piece
    kinds, PanelGeometry.tiles) and working arrays: left, mark, tstamp, the
    stack st_pos, st_k, st_o, and _kept_mend's groups (rows kind, colour,
    area, count, kept)."""
    return (piece_of, offs, noffs, norient, np.zeros(max(norient.size, 1), np.int64),
            np.zeros(piece_of.size, np.int64), np.zeros(1, np.int64),
            np.zeros(n_pieces + 1, np.int64), np.zeros(n_pieces + 1, np.int64),
            np.zeros(n_pieces + 1, np.int64), np.zeros((5, n_pieces + 1), np.int64))


@_jit
def program_scratch(n_vertices, n_places, n_dots, n_colours):
    """The arrays _program_fires works in: vpart, clabel, cqueue, cmark, dpart,
    pcount, fv."""
    return (np.zeros(n_vertices, np.int64), np.zeros(n_places, np.int64),
            np.zeros(n_places, np.int64), np.zeros(n_colours + 1, np.int64),
            np.zeros(max(n_dots, 1), np.int64), np.zeros(2 * n_vertices + 2, np.int64),
            np.zeros(N_PANEL_FEATURES, np.int64))


@_jit_inline
def _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor):
    """Write the loop's state back to ``counters``, where the next chunk resumes."""
    counters[C_NODES] = n_nodes
    counters[C_HEAP] = heap_size
    counters[C_EXPANSIONS] = expansions
    counters[C_GENERATED] = generated
    counters[C_CURSOR] = cursor


@_jit_free
def panel_astar_run(neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, h, is_end, ends,
                    kind, colour, value, outside, symbols, dot_point, dot_a, dot_b, targets,
                    place_end, width, height, n_colours, rules, evaluate, prune, base_prune,
                    star, clauses, cmps, need, edge_ends, parent, vertex, flag, later, first,
                    last, counters, candidates, scratch, pscratch, tiling, max_expansions):
    """Algorithm 1 on any panel for at most ``max_expansions`` expansions, as
    astar_run, except as said below. Resumable."""
    # A child that reaches an end and passes _panel_final is stored in
    # ``candidates`` and, after its expansion, the core returns CANDIDATES for
    # the rules checker (the driver resumes it); such a child is also extended
    # (a line may pass an end). pi_baseline is evaluated when ``evaluate``
    # (inherited from a parent that had it); pi is the learned program
    # (_program_fires: ``star``, on every child) or pi_baseline. ``prune`` drops
    # children pi holds on, ``base_prune`` those pi_baseline holds on. The
    # *scratch arguments live as long as the search. The open list is a bucket
    # queue (later, first, last: open_pop), counters[C_HEAP] paths long.
    capacity = min(parent.size, later.size)
    on, cover, line, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    program = (clauses, cmps, need)
    grid = (neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, is_end, ends)
    symbols_t = (kind, colour, value, outside, symbols, dot_point, dot_a, dot_b)
    bitg = _bit_grid(neighbour, mirror, rules, evaluate and not star)
    n_nodes, heap_size = counters[C_NODES], counters[C_HEAP]
    expansions, generated = counters[C_EXPANSIONS], counters[C_GENERATED]
    cursor = counters[C_CURSOR]
    done = 0
    marked = -1  # the path marked last (its length last_g), none on entry
    last_g = 0
    while heap_size > 0 and done < max_expansions:
        if n_nodes + 8 > capacity:
            _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor)
            return NEED_SPACE
        node, cursor = open_pop(later, first, cursor)
        heap_size -= 1
        expansions += 1
        done += 1
        g = _mark_popped(node, marked, last_g, parent, vertex, neighbour, on, cover, line, vpoint,
                         epoint, mirror, mpoint, counters)
        stamp = counters[C_STAMP]
        marked = node
        last_g = g
        head, found = vertex[node], 0
        lmask = -1  # the line as bits (_bit_grid), once a child floods
        # When the head's free neighbours are linked around it, the child's reach
        # is the parent's less the head, w's linked or not: every part w's step
        # cuts the rest into touches w. Rule 5's local floods need w's linked
        # too (nothing cut off) when the panel has squares, stars, polyominoes
        # or cancellers (rules[3]). (never from a start: its path was not
        # evaluated, so may not pass the rules)
        fast_head = (evaluate and rules[2] == 1 and parent[node] >= 0
                     and _ring_connected(head, neighbour, on, stamp))
        # vertices off a child's line (g + 2 on it), when that shortcut holds
        n_off = rules[4] - g - 2 if rules[2] == 1 and parent[node] >= 0 else -1
        for d in range(4):
            w = neighbour[head, d]
            if w < 0 or on[w] == stamp or (mirror[0] >= 0 and on[mirror[w]] == stamp):
                continue
            generated += 1
            _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
            if is_end[w] and _panel_final(kind, colour, value, outside, symbols, dot_point,
                                          targets, rules, pnb, width, cover, line, stamp,
                                          plabel, labels, pqueue, ccount, by_colour, tiling):
                _store(node, w, 0, parent, vertex, flag, n_nodes)
                candidates[found] = n_nodes
                found += 1
                n_nodes += 1
            base = flag[node] == 1
            reach_lab = 0
            if evaluate and not base:
                fast = fast_head and not is_end[w] and (
                    rules[3] == 0 or _ring_connected(w, neighbour, on, stamp))
                flooded = labels[0]
                if bitg[0] == 1 and not fast and lmask < 0:  # (w is on it now)
                    lmask = _line_bits(on, stamp) & ~(1 << w)
                base = _panel_dead(head, d, w, grid, symbols_t, width, height, rules, scratch,
                                   stamp, fast, n_off, tiling, bitg, lmask | (1 << w),
                                   parent[node] >= 0)
                reach_lab = labels[0] if labels[0] != flooded else 0
            # pi*, unless pi_baseline drops the child anyway
            pi = base if not star else not (base and base_prune) and _program_fires(
                w, np.int64(reach_lab), program, neighbour, mirror, ends, symbols, kind, colour,
                value, n_colours, dot_point, dot_a, dot_b, edge_ends, width, height, on, cover,
                stamp, vlabel, labels, queue, pscratch)
            if not ((pi and prune) or (base and base_prune)):
                hw = _target_h(w, h, vpoint, width, targets, place_end, kind, value, mirror,
                               mpoint, cover, stamp)
                cursor = keep_child(node, w, g + 1, pi, base, hw, parent, vertex, flag, later,
                                     first, last, cursor, n_nodes)
                heap_size += 1
                n_nodes += 1
            _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, 0)
        if found > 0:
            counters[C_CANDIDATES] = found
            _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor)
            return CANDIDATES
    _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor)
    return RUNNING if heap_size > 0 else EXHAUSTED


@_jit
def panel_baseline_on_paths(neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, h, is_end,
                            ends, kind, colour, value, outside, symbols, dot_point, dot_a, dot_b,
                            targets, place_end, width, height, n_colours, rules, scratch, tiling,
                            paths, lengths):
    """pi_baseline (_panel_dead) on the last step of each path (vertex ids
    paths[i, :lengths[i]], at least two), evaluated with the reach flood and,
    when the core would take it, the fast path too: bit 1 when the flood's
    verdict rejects, bit 2 when the core would take the fast path, bit 4 when
    the fast path rejects. With symmetry and nothing outside (rules[6]), the
    second verdict is rule 5 near the step alone (``local``), which the core
    takes when the path's parent is not a start. What the search evaluates,
    for tests and tools."""
    on, cover, line, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    out = np.zeros(lengths.size, np.int8)
    bitg = _bit_grid(neighbour, mirror, rules, True)
    stamp = 0
    for i in range(lengths.size):
        for fast_try in range(2):
            stamp += 1
            v = paths[i, 0]
            _cover_start(v, on, cover, line, vpoint, mirror, mpoint, stamp)
            for j in range(1, lengths[i] - 1):
                _step_to(v, paths[i, j], neighbour, on, cover, line, vpoint, epoint, mirror,
                         mpoint, stamp)
                v = paths[i, j]
            head = v
            w = paths[i, lengths[i] - 1]
            g = lengths[i] - 2
            fast = (fast_try == 1 and rules[2] == 1 and g > 0
                    and _ring_connected(head, neighbour, on, stamp))
            local = fast_try == 1 and rules[6] == 1 and g > 0
            d = _direction(neighbour, head, w)
            _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
            if fast_try == 1 and not local:
                if not fast or is_end[w] or (rules[3] == 1
                                             and not _ring_connected(w, neighbour, on, stamp)):
                    continue
            n_off = rules[4] - g - 2 if rules[2] == 1 and g > 0 else -1
            out[i] |= 2 * fast_try
            if _panel_dead(head, d, w, (neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex,
                           is_end, ends), (kind, colour, value, outside, symbols, dot_point, dot_a,
                           dot_b), width, height, rules, scratch, stamp, fast, n_off, tiling,
                           bitg, _line_bits(on, stamp) if bitg[0] == 1 else 0, local):
                out[i] |= 1 if fast_try == 0 else 4
    return out


@_jit
def panel_program_on_paths(neighbour, vpoint, epoint, ends, symbols, kind, colour, value,
                           n_colours, dot_point, dot_a, dot_b, width, height, clauses, cmps, need,
                           edge_ends, paths, lengths):
    """pi* (_program_fires) on each path (vertex ids paths[i, :lengths[i]]) of a
    panel without symmetry: what the search evaluates, for tests and tools."""
    on, cover, line, vlabel, _, labels, queue, _, _, _ = panel_scratch(neighbour.shape[0],
                                                                       kind.size, n_colours)
    mirror = np.full(1, -1, np.int32)
    pscratch = program_scratch(neighbour.shape[0], kind.size, dot_point.size, n_colours)
    program = (clauses, cmps, need)
    out = np.zeros(lengths.size, np.bool_)
    for i in range(lengths.size):
        stamp = i + 1
        v = paths[i, 0]
        on[v] = stamp
        cover[vpoint[v]] = stamp
        for j in range(1, lengths[i]):
            u = v
            v = paths[i, j]
            _cover_step(u, _direction(neighbour, u, v), v, on, cover, line, vpoint, epoint,
                        mirror, mirror, stamp)
        out[i] = _program_fires(v, 0, program, neighbour, mirror, ends, symbols, kind, colour,
                                value, n_colours, dot_point, dot_a, dot_b, edge_ends, width,
                                height, on, cover, stamp, vlabel, labels, queue, pscratch)
    return out
# fmt: on
