"""Learned family programs in the panel core: pi* of
witness.search.panel_features on a child (``program_fires``), a clause's
comparisons on the features of each object (dots, squares, stars, triangles,
ends), the floods those features read, and the program's working arrays
(``program_scratch``)."""

from __future__ import annotations

import numpy as np

from witness.search.kernels.panel.base import (
    P_DOT,
    P_NONE,
    P_SQUARE,
    P_STAR,
    P_TRIANGLE,
    jit,
    jit_free,
    jit_inline,
    sides_covered,
)
from witness.search.kernels.panel.dead_ends import side_open
from witness.search.kernels.panel.regions import free_flood

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


@jit_free
def _usable(s, w, edge_ends, on, stamp):
    """Is the edge at place s open, each end the head w or off the line (the
    thesis's hand rules' reading, panel_features.PathState.usable)?"""
    return side_open(edge_ends[s, 0], edge_ends[s, 1], w, on, stamp, on, 0)


@jit_free
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


@jit_inline
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


@jit_inline
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


@jit_free
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
@jit_inline
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


@jit_free
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


@jit_inline
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


@jit_inline
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


@jit_inline
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


@jit_inline
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


@jit_inline
def _triangles_fire(w, clauses, cmps, symbols, kind, value, width, on, cover, stamp,
                    edge_ends, fv):
    """Does a triangle clause fire on some triangle (panel_features.triangle_features)?"""
    for s in range(symbols.size):
        p = symbols[s]
        if kind[p] != P_TRIANGLE:
            continue
        on_line = sides_covered(p, width, cover, stamp)
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


@jit_free
def program_fires(w, reach_lab, program, neighbour, mirror, ends, symbols, kind, colour,
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
        free_flood(w, neighbour, on, stamp, mirror, vlabel, vlab, queue)
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


# fmt: off
@jit
def program_scratch(n_vertices, n_places, n_dots, n_colours):
    """The arrays program_fires works in: vpart, clabel, cqueue, cmark, dpart,
    pcount, fv."""
    return (np.zeros(n_vertices, np.int64), np.zeros(n_places, np.int64),
            np.zeros(n_places, np.int64), np.zeros(n_colours + 1, np.int64),
            np.zeros(max(n_dots, 1), np.int64), np.zeros(2 * n_vertices + 2, np.int64),
            np.zeros(N_PANEL_FEATURES, np.int64))
# fmt: on
