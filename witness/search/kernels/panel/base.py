"""The panel core's settings and codes: numba's settings for its compiled
functions (``jit``, ``jit_free``, ``jit_inline``: which each function takes is
part of the core's speed, see below), the status codes and counters[] slots the
driver reads, the symbol kinds of a place, and two small helpers every step
uses (``direction``, ``sides_covered``, ``cell_sides``)."""

from __future__ import annotations

import numba

jit = numba.njit(cache=True, nogil=True, boundscheck=False)
# The panel core without numba's runtime (NRT): it allocates nothing (its scratch
# arrays come from the driver), and the runtime's atomic reference counts on the
# arrays passed between its helpers took about a third of its time.
jit_free = numba.njit(cache=True, nogil=True, boundscheck=False, _nrt=False)
# The core's hot helpers, inlined into their callers by numba: a call passes each
# array as a struct of seven words, so a call with thirty arrays cost some 200 ns,
# and the core made several per expansion (inlined, 5x5 triangle panels ran about
# 1.5x faster; small helpers left as calls ran slower too: LLVM's inliner does
# not take them all). numba inlines only calls of at most 30 arguments (CPython
# passes more as *args), hence the tuples panel_dead takes.
# Inlining costs compile time and memory: numba types each inlined copy anew, and
# the core's first compile took about 100 s of CPU and 1.8 GB when everything on
# a child's way was inlined. So only what runs on most children is inlined, once
# each; what runs seldom or costs far more than a call stays a call
# (closed_regions_broken at an end and on the slow path, pieces_broken for
# polyominoes, cancellers_mend, program_fires for a learned program).
# And numba compiles a function called with a constant, or with a variable it has
# typed only as far as its first constant value, once more for that literal type
# (each such copy of pieces_broken cost some 5 s): arguments of calls that may
# be such literals are made np.int64 or np.bool_ first.
jit_inline = numba.njit(cache=True, nogil=True, boundscheck=False, _nrt=False, inline="always")


# status codes and counters[] slots the driver reads (panel_search)
RUNNING, SOLVED, EXHAUSTED, NEED_SPACE = 0, 1, 2, 3
C_NODES, C_HEAP, C_EXPANSIONS, C_GENERATED, C_SOLUTION = range(5)


@jit
def direction(neighbour, u, v):
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
# the panel core's open list: the least bucket that may hold a path; the paths
# the search started from (the starts, or a line drawn so far), never judged by pi
C_CURSOR, C_SEEDS = 7, 8


@jit_free
def sides_covered(p, width, cover, stamp):
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


@jit_inline
def cell_sides(p, pnb, cover, stamp):
    """sides_covered read from the neighbouring places ``pnb``: round a pillar
    the sides of a cell of the last column wrap round to the first (the rules
    read this; h, an estimate, the rectangle's sides_covered)."""
    k = 0
    for j in range(4):
        if cover[pnb[p, j]] == stamp:
            k += 1
    return k
