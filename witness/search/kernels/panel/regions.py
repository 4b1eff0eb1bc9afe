"""The regions of a partial path (the panel core): the reach of the head
(``free_flood``), floods of the places off the lines (``_point_flood``; over
cells alone, ``_region_cells``), a closed region's verdict under rule 5
(``_region_broken``, which leaves polyominoes and cancellers to
:mod:`.verdicts`), and rule 5 over the regions: every region no completion
can change (``closed_regions_broken``, after the reach flood
``regions_broken_off``) or those that floods from next to the step find
closed (``regions_broken_near``)."""

from __future__ import annotations

import numpy as np

from witness.search.kernels.panel.base import (
    P_CANCELLER,
    P_COUNTED,
    P_DOT,
    P_NONE,
    P_POLYOMINO,
    P_SQUARE,
    P_STAR,
    P_TRIANGLE,
    POLY_AREA,
    cell_sides,
    jit_free,
    jit_inline,
)
from witness.search.kernels.panel.verdicts import (
    cancellers_mend,
    pieces_broken,
    windmill_count_broken,
)


@jit_inline
def free_flood(w, neighbour, on, stamp, mirror, vlabel, label, queue):
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


@jit_inline
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


@jit_inline
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


@jit_inline
def _stars_wrong(ccount, by_colour):
    """The stars of a closed region (its symbols counted by colour in
    ``ccount``, row 0 of ``by_colour`` marking the colours with a star): how
    many colours have a star alone (each a very invalid symbol, which takes
    a canceller of its own), and whether a colour with a star has more than
    two symbols (invalid: the region is wrong unless its cancellers remove
    enough of them, verdicts._mended)."""
    lone = np.int64(0)
    crowded = np.bool_(False)
    for c in range(ccount.size):
        if by_colour[0, c]:
            if ccount[c] == 1:
                lone += 1
            elif ccount[c] > 2:
                crowded = np.bool_(True)
    return lone, crowded


@jit_inline
def _region_broken(
    n, pqueue, width, pnb, kind, colour, value, cover, stamp, ccount, by_colour, tiling
):
    """Does the closed region in pqueue[:n] break a rule no canceller in it can
    mend? Without cancellers: any error (polyominoes by area, and when none is
    negative by bounding box and tiles_exactly); with them: no way for them to
    mend it (verdicts._mended). ``by_colour`` (6 x colours + 1): row 0
    whether a colour has a star; rows 1 to 4 the squares, stars, triangles
    with the right sides and polyominoes of each colour + 1 ("none" first);
    row 5 the pieces of each colour the cancellers leave (-1: any number)."""
    ccount[:] = 0
    by_colour[:, :] = 0
    # (int64 and bool, not literals: see base.py)
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
            if cell_sides(p, pnb, cover, stamp) != value[p]:
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
    lone, crowded = _stars_wrong(ccount, by_colour)
    very += lone
    invalid = two_colours or crowded
    if polys == 0 and cancellers == 0:
        return very > 0 or invalid
    # fmt: off
    if polys == 0:  # (as pieces_broken, one call fewer)
        spare = cancellers - very
        return spare < 0 or not cancellers_mend(np.int64(n), pqueue, width, kind, colour, value,
                                                cells, area, polys, negatives, spare,
                                                two_colours, ccount, by_colour, tiling)
    return pieces_broken(np.int64(n), pqueue, width, kind, colour, value, very, invalid,
                         two_colours, cancellers, cells, area, polys, negatives,
                         (high_x - low_x) // 2 + 1, (high_y - low_y) // 2 + 1, ccount, by_colour,
                         tiling)


@jit_inline
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


@jit_free
def closed_regions_broken(
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
            n, pqueue, width, pnb, kind, colour, value, cover, stamp, ccount, by_colour, tiling
        ):
            return True
    return False


@jit_inline
def _visitable(v, vlabel, vlab, mirror):
    """May a completion visit the vertex v off the lines (vlab 0: any such; else
    one the head can reach, labelled vlab, or with symmetry its mirror image)?"""
    if vlab == 0 or vlabel[v] == vlab:
        return True
    return mirror[0] >= 0 and vlabel[mirror[v]] == vlab


@jit_inline
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


@jit_inline
def _bounded_cells(
    seed, pnb, pvertex, cover, stamp, plabel, label, first, pqueue, vlabel, vlab, mirror, width
):
    """_bounded_flood over cells (as _region_cells) from the cell place ``seed``:
    a region holds a vertex off the lines exactly when one of its cells has it as
    a corner (such a vertex joins the cells around it). Not round a pillar
    (its corners are counted as on a rectangle: rules[5] is off there)."""
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


@jit_inline
def _cell_of(s, pnb, width):
    """The place s if a cell, else a cell next to it (an edge's side), or -1."""
    if (s % width) % 2 == 1 and (s // width) % 2 == 1:
        return s
    for j in range(4):
        q = pnb[s, j]
        if q >= 0 and (q % width) % 2 == 1 and (q // width) % 2 == 1:
            return q
    return -1


@jit_inline
def _near_place(c, head, w, ep, vpoint, mirror, mpoint):
    """Centre c of regions_broken_near's floods: w's vertex, the step's edge,
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


@jit_inline
def regions_broken_near(
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
                s, pnb, pvertex, cover, stamp, outside, plabel, labels[1], first, pqueue, vlabel,
                vlab, mirror
            )  # fmt: skip
        if closed and _region_broken(
            n, pqueue, width, pnb, kind, colour, value, cover, stamp, ccount, by_colour, tiling
        ):
            return True
    return False


# fmt: off
@jit_free
def regions_broken_off(nr, grid, symbols_t, width, rules, scratch, stamp, vlab, tiling):
    """Rule 5 by panel_dead's reach flood (its vertices in queue[1:nr], labelled
    vlab): is a region no completion can change (_open_flood) broken?"""
    neighbour, vpoint, epoint, mirror, mpoint, pnb, _, _, _ = grid
    kind, colour, value, outside, symbols, _, _, _ = symbols_t
    _, cover, _, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    open_label = labels[1] = labels[1] + 1
    _open_flood(nr, queue, neighbour, vpoint, epoint, mirror, mpoint, pnb, vlabel, vlab, cover,
                stamp, outside, plabel, open_label, pqueue)
    return closed_regions_broken(symbols, pnb, width, kind, colour, value, cover, stamp,
                                 outside, plabel, open_label, labels, pqueue, ccount, by_colour,
                                 tiling, rules[5] == 1)

# fmt: on
