"""pi_baseline's tests on a child (the panel core): ``panel_dead``, the rules
of witness.search.panel_search.BASELINE_RULES on a path's last step (by the
fast path, the bit flood or the reach flood, rule 5 by :mod:`.regions`),
``panel_final``, a finished line's necessary condition, and their steps: dots
and triangles a completion can no longer satisfy, the fast path's ring test
(``ring_connected``) and the reach as bit masks (``bit_grid``)."""

from __future__ import annotations

import numpy as np

from witness.search.kernels.panel.base import (
    DOT_MAIN,
    DOT_MIRROR,
    P_DOT,
    P_TRIANGLE,
    cell_sides,
    jit_free,
    jit_inline,
)
from witness.search.kernels.panel.regions import (
    closed_regions_broken,
    free_flood,
    regions_broken_near,
    regions_broken_off,
)


@jit_inline
def _triangle_over(ep, pnb, kind, value, cover, stamp):
    """A triangle beside the edge at place ``ep`` with more sides on the lines
    than its number (the cells beside an edge are its neighbouring places that
    hold a triangle: the others are its ends)."""
    for j in range(4):
        q = pnb[ep, j]
        if q >= 0 and kind[q] == P_TRIANGLE and cell_sides(q, pnb, cover, stamp) > value[q]:
            return True
    return False


@jit_inline
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


@jit_free
def side_open(a, b, w, on, stamp, vlabel, vlab):
    """Could a line still be drawn along the edge between vertices a and b? Both
    ends reachable (labelled vlab) or, when vlab is 0 (no flood), each the
    head w or off the lines. A superset of what a completion can draw."""
    if a < 0 or b < 0:
        return False
    if vlab > 0:
        return vlabel[a] == vlab and vlabel[b] == vlab
    return (a == w or on[a] != stamp) and (b == w or on[b] != stamp)


@jit_inline
def _triangle_short(p, w, pnb, pvertex, mirror, value, cover, on, stamp, vlabel, vlab):
    """Can the triangle at cell place p no longer get its number of sides: its
    sides on the lines and those a line could still be drawn along
    (side_open, by the first line or by the mirror line) fewer than it? A
    side's ends are its neighbouring places across (wrapping round a pillar);
    a side split by a start's or an end's midpoint is drawn along by a line
    through that midpoint (its vertex at the side's place, pvertex)."""
    k = 0
    for j in range(4):
        s = pnb[p, j]
        a = pvertex[s]
        b = a
        if a < 0:
            a = pvertex[pnb[s, (j + 1) & 3]]
            b = pvertex[pnb[s, (j + 3) & 3]]
        if cover[s] == stamp or side_open(a, b, w, on, stamp, vlabel, vlab):
            k += 1
        elif (
            mirror[0] >= 0
            and a >= 0
            and b >= 0
            and side_open(mirror[a], mirror[b], w, on, stamp, vlabel, vlab)
        ):
            k += 1
    return k < value[p]


@jit_inline
def _triangle_left(head, w, vpoint, pnb, pvertex, mirror, kind, value, cover, on, stamp):
    """A triangle beside the old head that can no longer get its number of sides
    (_triangle_short without a flood: the step cut nothing off, so only the
    sides at the old head were lost). The cells at a vertex are the places
    across its edges' ends (none at a midpoint's place: its sides are lost by
    no step)."""
    hp = vpoint[head]
    for j in range(4):
        e = pnb[hp, j]
        if e < 0:
            continue
        q = pnb[e, (j + 1) & 3]
        if (
            q >= 0
            and kind[q] == P_TRIANGLE
            and _triangle_short(q, w, pnb, pvertex, mirror, value, cover, on, stamp, on, 0)
        ):
            return True
    return False


@jit_inline
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
    pnb,
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
            cell_sides(p, pnb, cover, stamp) > value[p]
            or _triangle_short(p, w, pnb, pvertex, mirror, value, cover, on, stamp, vlabel, vlab)
        ):
            n += 1
    return n


@jit_inline
def _wrong_line(p, line_no, kind, value):
    """A dot at place p that line line_no (1 first, 2 mirror) must not cover."""
    if kind[p] != P_DOT:
        return False
    return (line_no == 1 and value[p] == DOT_MIRROR) or (line_no == 2 and value[p] == DOT_MAIN)


@jit_inline
def ring_connected(w, neighbour, on, stamp):
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
# cheaper than the queue of free_flood on panels with gaps (whose steps the fast
# path seldom takes). The learned programs read the flood's labels, so the core
# with one keeps the queue.
BIT_VERTICES = 62


@jit_free
def bit_grid(neighbour, mirror, rules, enabled):
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
    if m0 < 0 or m1 < 0 or m2 < 0 or m3 < 0:  # (a pillar's seam, a midpoint)
        return (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    return (1, (1 << n) - 1, m0, m1, m2, m3, s0, s1, s2, s3)


@jit_free
def _direction_bits(neighbour, d):
    """The vertices with a legal step in direction d, as bits, and the step's id
    difference; bits -1 when that differs between steps (round a pillar, or
    to a start's or an end's midpoint: no bit flood)."""
    bits = 0
    shift = 0
    for v in range(neighbour.shape[0]):
        if neighbour[v, d] >= 0:
            if bits != 0 and neighbour[v, d] - v != shift:
                return -1, 0
            bits |= 1 << v
            shift = neighbour[v, d] - v
    return bits, shift


@jit_inline
def _shifted(x, s):
    return x << s if s > 0 else x >> -s


@jit_free
def line_bits(on, stamp):
    """The vertices marked ``stamp``, as bits (at most BIT_VERTICES of them)."""
    out = 0
    for v in range(on.size):
        if on[v] == stamp:
            out |= 1 << v
    return out


@jit_inline
def _bit_reach(w, lmask, bitg):
    """free_flood as bits: w and every vertex reachable from it off the line
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


@jit_inline
def _bit_dead(w, lmask, bitg, ends, dot_point, dot_a, dot_b, cover, stamp):
    """pi_baseline's reach rules on a panel the bit flood serves (bit_grid): no
    end but w reachable, or a dot not covered whose vertex or edge ends cannot
    be reached (rules 3 and 4 as panel_dead's flood says them)."""
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


@jit_inline
def _edge_dot_left(head, d, epoint, pvertex, kind, cover, stamp):
    """An uncovered dot on an edge of the old head other than the step's: the line
    has left the head, so nothing covers it any more (unless a start's or an
    end's midpoint splits that edge: a line through it from the other end would)."""
    for e in range(4):
        if e != d:
            p = epoint[head, e]
            if p >= 0 and kind[p] == P_DOT and cover[p] != stamp and pvertex[p] < 0:
                return True
    return False


# fmt: off
@jit_inline
def _reach_broken(w, ends, dot_point, dot_a, dot_b, symbols, kind, value, mirror, pvertex, pnb,
                  cover, on, stamp, vlabel, vlab, n_cancellers):
    """Rules 3 and 4 on the reach of the new head w (its vertices labelled
    ``vlab`` in ``vlabel``): no end but w in it; without cancellers, a dot
    the lines no longer cover or can reach, or a triangle short of sides it
    can still get; with ``n_cancellers``, more such errors than they mend."""
    reach_end = False
    for i in range(ends.size):
        if ends[i] != w and vlabel[ends[i]] == vlab:
            reach_end = True
            break
    if not reach_end:
        return True
    if n_cancellers > 0:
        return _unmendable(w, dot_point, dot_a, dot_b, symbols, kind, value, mirror, pvertex,
                           vlabel, vlab, pnb, cover, on, stamp) > n_cancellers
    for i in range(dot_point.size):
        if cover[dot_point[i]] != stamp and not _dot_reachable(
                i, dot_a, dot_b, dot_point, value, mirror, vlabel, vlab):
            return True
    for i in range(symbols.size):
        p = symbols[i]
        if kind[p] == P_TRIANGLE and _triangle_short(p, w, pnb, pvertex, mirror, value, cover,
                                                     on, stamp, vlabel, vlab):
            return True
    return False
# fmt: on


# A numba kernel: its many array arguments read better packed than one per line.
# fmt: off
@jit_inline
def panel_dead(head, d, w, grid, symbols_t, width, height, rules, scratch, stamp, fast, n_off,
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
    # (the flood is of bits when ``bitg`` says so, bit_grid; ``lmask``: the
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
    if no_cancellers and _triangle_over(ep, pnb, kind, value, cover, stamp):
        return True
    if sym and no_cancellers and _triangle_over(mpoint[ep], pnb, kind, value, cover, stamp):
        return True
    if fast:
        if no_cancellers and (
                _edge_dot_left(head, d, epoint, pvertex, kind, cover, stamp)
                or _triangle_left(head, w, vpoint, pnb, pvertex, mirror, kind, value, cover, on,
                                  stamp)):
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
        nr = free_flood(w, neighbour, on, stamp, mirror, vlabel, vlab, queue)
        if _reach_broken(w, ends, dot_point, dot_a, dot_b, symbols, kind, value, mirror, pvertex,
                         pnb, cover, on, stamp, vlabel, vlab, rules[0]):
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
            return regions_broken_off(np.int64(nr), grid, symbols_t, width, rules, scratch,
                                      stamp, vlab, tiling)
        if centres == 2:
            vlab = 0
    return regions_broken_near(
        head, w, ep, centres, symbols, vpoint, pnb, pvertex, kind, colour, value, width, cover,
        stamp, outside, plabel, labels, pqueue, ccount, by_colour, tiling, vlabel, vlab, mirror,
        mpoint, rules[5] == 1)
# fmt: on


# fmt: off
@jit_inline
def panel_final(kind, colour, value, outside, symbols, dot_point, targets, rules, pnb, width,
                cover, line, stamp, plabel, labels, pqueue, ccount, by_colour, tiling):
    """A necessary condition for a finished line to solve the panel (exact without
    polyominoes): no dot under the wrong line, no broken region.
    Without cancellers an uncovered dot or a wrong triangle fails at once, and
    without squares, stars and polyominoes nothing else can (rules[3] == 0).
    With rules[7] (a start or an end half way along an edge, whose regions join
    across it) the regions are left to the rules checker."""
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
            elif cell_sides(p, pnb, cover, stamp) != value[p]:
                return False
        if rules[3] == 0:
            return True
    if rules[7] == 1:
        return True
    labels[1] += 1
    return not closed_regions_broken(symbols, pnb, width, kind, colour, value, cover, stamp,
                                     outside, plabel, labels[1], labels, pqueue, ccount,
                                     by_colour, tiling, rules[5] == 1)
# fmt: on
