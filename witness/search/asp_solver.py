"""Solve a puzzle directly with clingo: the yardstick for search with learned predicates.

The encoding (``witness/search/encodings/path.lp``) is the Z3 approach of the Witness
solver blog (part 2) written in ASP: one choice per edge, degree constraints
(start and goal 1, every other vertex 0 or 2), connectivity (every vertex on
the path is reachable from the start along chosen edges, which rules out
separate cycles) and the triangle counts. The puzzle is given as facts.

The result is a :class:`witness.search.result.SolveResult` with the CLI's JSON
contract. Search counters have no A* meaning here, so:

- ``expansions`` holds clingo's *choices* (decisions of the CDCL solver),
  the closest analogue of "nodes the search committed to";
- ``generated`` is 0; ``extra`` holds ``conflicts``, ``choices``,
  ``ground_seconds`` and ``solve_seconds``;
- ``seconds`` is the wall time of grounding plus solving (both are part of
  solving a puzzle; ``extra`` has the split).

A time limit interrupts clingo's asynchronous solve (status ``timed_out``).


General panels (:func:`solve_panel_asp`, :func:`count_panel_asp`) use one
encoding file per constraint family (``encodings/panel_*.lp``): the line
(several starts and ends, gaps and removed edges and vertices as missing
``edge/2`` facts, symmetry with both lines), the regions (reachability on the
doubled grid between places the lines do not cover; over the cells only,
with the dots and edges next to them, when nothing lies outside the panel:
:func:`cell_regions`), dots, triangles,
coloured squares, stars, polyominoes as placements (fixed, rotatable,
negative; both ``polyomino_rules``; twins share their placements, and with
negative pieces a region's sums have one term a piece; with positive pieces
under the windmill reading and lines from rim to rim no piece lies across a
line's edge, :func:`_parted`; said whatever the lines: no two positive
placements overlap, and a positive piece's cell outside its region lies under
a negative piece) and cancellers. The semantics are those of
the rules checker, :mod:`witness.model.rules`, the single source of truth:

- under the windmill reading with negative pieces (:func:`_loose`) the
  cells' sums are said over the whole panel, not a region at a time: a
  relaxation, so the answer set says ``unsure`` and its line goes to
  :func:`witness.model.rules.check` (clingo proposes each line once, the
  answers projected on the line).

- cancellers are encoded as the checker reads them (panel_cancellers.lp):
  which invalid symbols each removes is a choice. The one thing a choice
  program cannot say is "these polyominoes do not tile", so when a
  canceller removes a polyomino from a region whose pieces have the right
  net area the answer set says ``unsure`` and its line goes to
  :func:`witness.model.rules.check`. Every other answer is exact.
  Cancellers under The Windmill's count (``canceller_rules``
  ``"windmill"``) are no choice: panel_cancellers_windmill.lp says the count
  (:func:`_windmill_keys` gives the order its squares' colours take); a
  canceller's region holding polyominoes that the answer set says do not fit
  makes it ``unsure``.
- lazy families (:func:`lazy_families`): the second stage of a solve on a
  panel with polyominoes or cancellers that the whole encoding did not decide within
  :data:`FIRST_CONFLICTS` conflicts leaves the tiling and the cancellers to
  the checker for :data:`LAZY_CONFLICTS` conflicts (the stages then take
  turns, each with twice the conflicts of its turn before, so neither is
  lost for good; each stage and configuration is grounded once and every
  turn of it is one more solve call of its control, :class:`Stage`, which
  goes on with what clingo learnt at its turns before). Their
  encodings are left out (only each piece's net area stays,
  panel_polyomino_area.lp; a canceller's region is relaxed for every family,
  panel_cancellers_lazy.lp), and every line clingo proposes has the
  regions of the pieces and cancellers checked by
  :func:`witness.model.rules.check_region`. A rejected region becomes a
  nogood over ``covered/1``, its boundary places covered and its own places
  not: any line that makes the same region (the same places, so the same
  symbols and the same sides on the lines) is rejected too, so clingo never
  proposes it again. A region with a cell that none of its pieces can
  cover (a dead cell, :meth:`LazyCheck.dead_cell`) becomes a wider nogood
  instead, over the cell, the places that keep each way of laying a piece
  over it out of the region and the pieces the region holds. Exact: a line
  is given only when every such region passes. Counting uses the whole
  encoding.
  Why two stages (measured one run each under a CPU limit): on the 39
  Windmill and witnesspuzzles.com panels that stopped at 10 s in a 500 + 500
  sample (docs/results.md), the whole encoding solved none within 6 CPU
  seconds, the lazy one 9; but on easy panels with small pieces the
  placements propagate far better (jbz-8253228A, 5x5: 0.18 s whole, over 6 s
  lazy). A Python propagator that checks the regions a partial line already
  closes was several times slower than checking whole lines
  (windmill-cqy7vkr: 8.4 s against 1.6 s CPU). Panels with cancellers and
  no polyominoes take the same turns (one run each under load, 10 s): of 18
  slow canceller panels of the sample, 8 solved or were proved unsolvable by
  the whole encoding alone, 9 in stages (windmill-ktpx6vr, jbz-6BC53BA8 and
  windmill-2h4jhrg only by their lazy stage; windmill-9eb2810, 6,018
  conflicts of the whole encoding, lost to the turns under that load). Since
  the whole encoding got stronger (cell-level regions, lone stars counted,
  alike symbols removed in order, twins' placements once, the ``cut`` rule)
  it decides most slow panels alone, so its first turn is long and the lazy
  stage's short (:data:`FIRST_CONFLICTS`). In the lazy stage a region whose
  tiling the checker's search cannot decide within
  :data:`HARD_REGION_SECONDS` (no cancellers, windmill reading) is tiled by
  clingo (region_tiling.lp, :func:`region_tiles`).

- parity (panel_parity.lp, :func:`_parity`): on a panel of stars and
  cancellers whose other symbols are dots, triangles and squares of no
  star's colour (the squares of one colour),
  each region's cancellers and stars are as many, to 2, as its dots off the
  lines and wrong triangles, so over the whole panel too. A redundant
  constraint (exact either way) that clingo cannot learn: The Windmill's
  eight 5x5 panels of stars and cancellers alone that stopped at 10 s
  (windmill-2e6nvsr, 45yxvq8, fs4akjr, g3ctc6r, mbtcym8, v85b18r, wn0tghg,
  ym7q7v0) have an odd count and are refuted while grounding, when read by
  the community's cancellers. Under The Windmill's count (which they were
  made for, and which players solved them by) no parity holds: it is not
  said there.

- parted (panel_regions.lp): with every line from rim to rim and nothing
  outside the panel (:func:`_parted`) each line is a chord of the panel, so
  no region holds the two cells beside one of its edges. Redundant, exact
  either way; clingo otherwise learns that a line's edge parts two cells
  only once every way round it is closed. Of the 78 community panels that
  still stopped at 10 CPU s, 50 were decided within 10 CPU s with it
  (docs/results.md), among them all four of stars and squares alone
  (windmill-kc0s4y8, ssfjn48, mnz5dfg, zyrsvh8: long winding regions).

- together (panel_regions.lp, :data:`TOGETHER_SOURCES`): two sources
  (stars, cancellers, polyominoes) in one region reach the same cells.
  Redundant, exact either way, and it needs no line from rim to rim: over
  every community panel (docs/results.md) 29dab6e decided 12 panels that
  299de62 stopped, among them windmill-smt89rg (its starts lie inside the
  panel) in 0.43 CPU s, and stopped 3 that 299de62 decided.

- tones (panel_dots.lp, :func:`_tones`): with dots on half the vertices or
  more, the line's vertices are counted by their chessboard colour (they
  alternate, so the ends' colours fix the difference). Redundant, exact either
  way; jbz-C7DCCDCF (a dot on each of 121 vertices, two cancellers) stopped
  at 10 s and is solved in about 0.1 CPU s. On the 102 panels with dots of a
  300-panel sample the constraint on every such panel cost about 8% of the
  median CPU time (two runs of each, alternating, under load), hence the
  threshold.

A line a solve finds goes to the rules checker for a second opinion: a line
it rejects is an error (the encoding and the checker disagree). It takes as
long as the solve did, at least :data:`SECOND_OPINION_SECONDS`; when it
stops first the line stands (an exact answer set holds the tiling the
checker was looking for); ``extra["second_opinion"]`` says ``agrees`` or
``stopped`` (empty without a line).

Counting enumerates every answer set, projected on the line so that several
tilings of one line count once (:class:`~witness.search.count.CountResult`). A
time limit stops clingo and says so: the status is ``timed_out`` and the count
is only a lower bound. The limit bounds grounding too (:func:`ground_by`)
and interrupts clingo's search, and the rules check of a line stops at it
(:class:`~witness.model.rules.CheckStopped`). clingo runs with
``--eq=0``: its equivalence preprocessing (5.8.3) returned an answer set
whose region had no support on a polyomino panel (tests/test_asp_panels.py has the panel).
Panels are solved with clingo's ``trendy`` configuration (:data:`CONFIGURATION`),
measured one run each under load at 5 s: of the 14 panels with cancellers and
no polyominoes that stopped in the 500 + 500 sample, 6 solved or proved
unsolvable against 2 by the default configuration; 55 solved panels without
polyominoes (the 15 slowest among them) took 9.6 CPU s in all against 35.4; of
the 22 stopped panels with polyominoes (8 s), 5 solved against 2. A staged
solve's whole encoding runs with jumpy at its second turn
(:data:`WHOLE_CONFIGURATIONS`), and the solve starts with a prelude: the
whole encoding under tweety for 3,000 conflicts (:data:`PRELUDE_CONFLICTS`,
:func:`stage_schedule`), before it on a panel with polyominoes 1,000 more
deciding the line before the pieces (:data:`LINE_FIRST_CONFLICTS`). On a
panel with dots and no polyominoes
clingo also runs with ``--heuristic=Domain`` and tries covering a dot first
(panel_dots.lp; docs/results.md has the sample).
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import clingo

from witness.model.base import MAIN_LINE, MIRROR_LINE, NO_COLOUR, edge
from witness.model.panel import Panel, Polyomino, cell_edges
from witness.model.puzzle import Puzzle, Vertex
from witness.model.rules import (
    CheckStopped,
    cell_point,
    check,
    check_region,
    covered,
    elements,
    is_cell_point,
    lines_of,
    placements,
    point,
    regions,
    tiling_terms,
    windmill_square_key,
)
from witness.search.count import CountResult, count_lines
from witness.search.encodings import encoding
from witness.search.result import SolveResult


def _pair(v: Iterable[int]) -> str:
    x, y = v
    return f"({x}, {y})"


def puzzle_facts(puzzle: Puzzle) -> str:
    """The puzzle as ASP facts for ``path.lp``: ``start/1``, ``goal/1`` and ``tri/2``."""
    facts = [f"start({_pair(puzzle.start)}).", f"goal({_pair(puzzle.goal)})."]
    facts += [f"tri({_pair((x, y))}, {k})." for x, y, k in puzzle.triangles]
    return "\n".join(facts) + "\n"


def symbol_vertex(sym: clingo.Symbol) -> Vertex:
    """A clingo pair ``(X, Y)`` as a vertex tuple."""
    x, y = sym.arguments
    return (x.number, y.number)


def path_from_edges(start: Vertex, edges: Iterable[tuple[Vertex, Vertex]]) -> list[Vertex]:
    """Walk a set of undirected edges that forms a simple path from ``start``."""
    nbrs: dict[Vertex, list[Vertex]] = {}
    for u, v in edges:
        nbrs.setdefault(u, []).append(v)
        nbrs.setdefault(v, []).append(u)
    path = [start]
    prev = None
    while True:
        nxt = [w for w in nbrs.get(path[-1], []) if w != prev]
        if not nxt:
            return path
        prev = path[-1]
        path.append(nxt[0])


def solve_asp(puzzle: Puzzle, time_limit: float | None = None) -> SolveResult:
    """Solve ``puzzle`` with clingo; see the module docstring for the metrics."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    ctl = clingo.Control(["--models=1", f"-c rows={puzzle.rows}", f"-c cols={puzzle.cols}"])
    grounded = ground_by(ctl, encoding("path.lp") + puzzle_facts(puzzle), deadline)
    t_ground = time.perf_counter()

    edges: list[tuple[Vertex, Vertex]] = []

    def on_model(model: clingo.Model) -> None:
        edges[:] = [
            (symbol_vertex(s.arguments[0]), symbol_vertex(s.arguments[1]))
            for s in model.symbols(atoms=True)
            if s.match("sel", 2)
        ]

    remaining = None if time_limit is None else time_limit - (t_ground - t0)
    # no time left (a zero limit): stop before solving, as A* stops before expanding
    timed_out = not grounded or (remaining is not None and remaining <= 0)
    satisfiable = False
    if not timed_out:
        with ctl.solve(on_model=on_model, async_=True) as handle:
            if not wait_by(handle, deadline):
                handle.cancel()
                timed_out = True
            satisfiable = bool(handle.get().satisfiable)
    t_end = time.perf_counter()

    solved = satisfiable and not timed_out
    path = path_from_edges(puzzle.start, edges) if solved else None
    # a control still grounding in its thread must not be touched
    stats = ctl.statistics["solving"]["solvers"] if grounded else {"choices": 0, "conflicts": 0}
    if timed_out:
        status = "timed_out"
    elif solved:
        status = "solved"
    else:
        status = "unsolvable"
    return SolveResult(
        solved=solved,
        path=path,
        expansions=int(stats["choices"]),
        generated=0,
        seconds=t_end - t0,
        timed_out=timed_out,
        status=status,
        predicate="asp",
        mode="clingo",
        extra={
            "choices": int(stats["choices"]),
            "conflicts": int(stats["conflicts"]),
            "ground_seconds": t_ground - t0,
            "solve_seconds": t_end - t_ground,
        },
    )


def asp_summary(result: SolveResult) -> str:
    """One-line report in clingo's own terms (``SolveResult.summary`` speaks of A*)."""
    extra = result.extra
    head = (
        f"{result.status}: {extra['choices']} choices, {extra['conflicts']} conflicts, "
        f"{result.seconds:.4f} s (clingo; grounding {extra['ground_seconds']:.4f} s)"
    )
    if result.path:
        head += "\npath: " + " ".join(f"{x},{y}" for x, y in result.path)
    return head


# ------------------------------------------------------------ general panels
logger = logging.getLogger(__name__)


def _cancellers_by(panel: Panel, rules: str) -> bool:
    """Has ``panel`` cancellers spent by ``rules`` (its ``canceller_rules``)?"""
    return bool(panel.cancellers) and panel.canceller_rules == rules


# Which families a panel needs: (encoding file, does the panel use it?)
FAMILIES: tuple[tuple[str, Callable[[Panel], bool]], ...] = (
    ("panel_path.lp", lambda p: True),
    ("panel_regions.lp", lambda p: True),
    ("panel_dots.lp", lambda p: bool(p.dots)),
    ("panel_triangles.lp", lambda p: bool(p.triangles)),
    ("panel_squares.lp", lambda p: bool(p.squares)),
    ("panel_stars.lp", lambda p: bool(p.stars)),
    ("panel_polyominoes.lp", lambda p: bool(p.polyominoes)),
    ("panel_cancellers.lp", lambda p: _cancellers_by(p, "community")),
    ("panel_cancellers_windmill.lp", lambda p: _cancellers_by(p, "windmill")),
    ("panel_parity.lp", lambda p: _parity(p) is not None),
)
SHOW = "#show sel/2.\n#show first/1.\n"
# The families the rules checker decides for clingo (see panel_lines); None:
# by the panel (lazy_families). Tests set it to try every choice.
LAZY: frozenset[str] | None = None
# The first stage of a solve on a panel with polyominoes or cancellers (the
# whole encoding) stops at this many conflicts, the second (the lazy families
# left to the checker) at LAZY_CONFLICTS; each stage's later turns at twice
# its turn before (solve_panel_asp). Chosen from one run of each stage alone
# (10 CPU s) on 109 slow panels of a 2000 + 2000 sample (stopped, or more
# than one stage): the whole encoding decided 68 of them (59 within 40,000
# conflicts), the lazy stage 41, 7 of them only it (docs/results.md).
# Lower is worse: on the 68 community panels that stopped or took over 10,000
# conflicts, at 15,000 11 more stopped and 1 was decided (docs/results.md,
# "Two solver variants"). The lazy stage's first turn was 5,000: at 10,000 it
# decides windmill-s8w5czg (6.4 CPU s; stopped at 10 before), every other of
# the 100 slowest community panels as before but jbz-7LX5RYA5 (8.2 -> 9.0 CPU s;
# docs/results.md, "A longer first lazy turn").
FIRST_CONFLICTS = 40000
LAZY_CONFLICTS = 10000
# Under the windmill reading with negative pieces and at least this many
# pieces, the encoding sums the pieces' cover over the whole panel (_loose).
# On the 42 such panels of the 500 + 500 sample (one run each, 10 s, the
# same hash seed): 34.3 CPU s in all at 1 against 43.1 with the sums of each
# region, windmill-4xpk3xr solved in 4.6 s (stopped), b3secv8 1.31 -> 0.38 s,
# gwd3w1r 3.5 -> 1.6 s; the worst loss ckg0tcr 0.32 -> 1.23 s.
LOOSE_PIECES = 1
# Up to this many sources (stars, cancellers and polyominoes) the encoding
# says that two sources in one region reach the same cells (fact together,
# panel_regions.lp): its ground size grows with the square of the sources
# (community panels have up to 100). The stopped community panels it
# decided (docs/results.md) had 8 to 23. Raised from 24 to 40, measured on the
# 32 panels with 25 to 40 sources among 142 slow ones (docs/results.md):
# 24 -> 26 decided within 10 CPU s.
TOGETHER_SOURCES = 40
# clingo's configuration for panels (--configuration); None: clingo's default.
CONFIGURATION: str | None = "trendy"
# More of clingo's options for every control of a panel's solve, after the
# configuration (none by default; benchmarks/bench_panels_asp.py tries others).
CLINGO_OPTIONS: tuple[str, ...] = ()
# A staged solve's whole encoding takes these configurations in turn, one a
# turn (None: CONFIGURATION, so its first turn is that of an unstaged
# solve). Only what the first turn leaves undecided reaches the second: 25 of
# the 15,239 community panels on 461f063 (docs/results.md), on which the
# second turn was measured with tweety, crafty, jumpy, handy and frumpy
# (10 CPU s): jumpy decided jbz-7LX5RYA5 and windmill-7v95w6g, crafty
# 7v95w6g and y0evrm0, tweety (chosen earlier, when it decided panels that
# trendy now decides in its first turn) none of the 23 stopped, handy and
# frumpy none.
WHOLE_CONFIGURATIONS: tuple[str | None, ...] = (None, "jumpy")
# A staged solve starts with a short turn of the whole encoding under this
# configuration, for this many conflicts (0: none), before the first turn of
# CONFIGURATION: tweety decides some slow panels in a few thousand conflicts
# where trendy needs far more (windmill-y0evrm0 126, mefv4y8 2,993; at 10
# CPU s trendy stops on mefv4y8 under each of three seeds, on y0evrm0 under
# two). On the 68 slow community panels 2 to 3 more are decided under each
# seed, and on all the community's panels no answer changed, none newly
# stopped (docs/results.md, "A tweety prelude").
PRELUDE_CONFIGURATION = "tweety"
PRELUDE_CONFLICTS = 3000
# On a panel with polyominoes the prelude starts with this many conflicts
# (0: none) that decide the line's edges before the pieces' placements
# (clingo's domain heuristic, panel_polyominoes.lp), in a control of their
# own. In place of the tweety prelude (commit 7db2f4a, every community
# panel) the line first decided windmill-0p7tcsr, stopped before, in 903
# conflicts and ysmcb20 in 155 (26,486 before), but some panels the tweety
# prelude decides took up to 18 times as long (n6vmmd0 0.32 -> 5.9 CPU s),
# so it goes first and short (docs/results.md, "The line first").
LINE_FIRST_CONFLICTS = 1000
# The rules checker's second opinion on a line clingo found takes as long as
# the solve took, and at least this many seconds: its tiling search can take
# far longer to find a tiling than clingo, whose answer set holds one
# (jbz-HCJ6HA2G, 5x7, pieces of unjoined cells: stopped at 10 CPU s while the
# checker confirmed clingo's line, solved in 1.3 with the bound;
# docs/results.md).
SECOND_OPINION_SECONDS = 1.0
# The lazy stage's rules check of a region without cancellers, under the
# windmill reading, gives the checker's tiling search this many seconds and
# then asks clingo (region_tiling.lp, :func:`region_tiles`): on
# windmill-c04j2b0 the search took over 30 CPU s on a region clingo tiles in
# 1.7 s, while on most regions the search takes milliseconds (docs/results.md).
HARD_REGION_SECONDS = 0.5
# A region the lazy stage rejects for a dead cell (no way to lay its pieces
# over it) becomes a nogood over the cell, the places that keep each way out
# and the pieces it holds, not over the region's every place
# (LazyCheck.dead_cell): clingo then drops every line leaving that cell so.
DEAD_CELL_NOGOODS = True


def _line_facts(panel: Panel) -> list[str]:
    """Vertices, the usable edges, starts, ends and the mirror map."""
    out = [f"vertex({_pair(v)})." for v in panel.vertices()]
    out += [f"start({_pair(v)})." for v in panel.starts]
    out += [f"end({_pair(v)})." for v in panel.ends]
    for a, b in panel.grid_edges():
        if (a, b) in panel.blocked:
            continue
        if panel.symmetry is not None:
            ma, mb = panel.mirror(a), panel.mirror(b)
            on_axis = (ma == a and a not in panel.starts) or (mb == b and b not in panel.starts)
            if edge(ma, mb) in panel.blocked or on_axis:
                continue  # the mirror line could not follow, or would meet the first
        out.append(f"edge({_pair(a)},{_pair(b)}).")
    if panel.symmetry is not None:
        out += [f"mirror({_pair(v)},{_pair(panel.mirror(v))})." for v in panel.vertices()]
    return out


def cell_regions(panel: Panel) -> bool:
    """Are the regions computed over the cells only, with the places a rule
    asks about next to them (``link/3``, panel_regions.lp)? On panels where
    nothing lies outside."""
    return not panel.outside


def _link_facts(panel: Panel) -> list[str]:
    """Neighbouring cells through their edge place, both ways; each dot's
    place next to the cells around it; with polyominoes under the precise
    reading every edge place next to the cells around it, as ``plink/2``
    (their placements cover edges, and only the pieces' regions need them:
    panel_polyominoes.lp)."""
    out = []
    dots = {point(dot.at) for dot in panel.dots}
    edges = set()
    pieces_cover_edges = bool(panel.polyominoes) and panel.polyomino_rules == "precise"
    for x in range(panel.cols):
        for y in range(panel.rows):
            c = cell_point((x, y))
            if pieces_cover_edges:
                edges |= {point(e) for e in cell_edges((x, y))}
            for d in ((1, 0), (0, 1)):
                q = (c[0] + 2 * d[0], c[1] + 2 * d[1])
                if q[0] < 2 * panel.cols and q[1] < 2 * panel.rows:
                    e = _pair((c[0] + d[0], c[1] + d[1]))
                    out += [
                        f"link({_pair(c)},{_pair(q)},{e}).",
                        f"link({_pair(q)},{_pair(c)},{e}).",
                    ]
    for px, py in sorted(dots | edges):
        q = _pair((px, py))
        for cx in {px - 1, px + 1} if px % 2 == 0 else {px}:
            for cy in {py - 1, py + 1} if py % 2 == 0 else {py}:
                if 0 < cx < 2 * panel.cols and 0 < cy < 2 * panel.rows:
                    c = _pair((cx, cy))
                    out.append(f"link({c},{q},{q})." if (px, py) in dots else f"plink({c},{q}).")
    return out


def _place_facts(panel: Panel) -> list[str]:
    """The doubled grid: places inside the panel, their neighbours (or the
    cells' and dots' links, :func:`cell_regions`), and where each vertex and
    edge lies."""
    width, height = 2 * panel.cols, 2 * panel.rows
    inside = [
        (x, y) for x in range(width + 1) for y in range(height + 1) if (x, y) not in panel.outside
    ]
    inside_set = set(inside)
    out = [f"pt({_pair(p)})." for p in inside]
    if cell_regions(panel):
        out += _link_facts(panel)
    else:
        for px, py in inside:
            for q in ((px + 1, py), (px, py + 1)):
                if q in inside_set:
                    out.append(f"adj({_pair((px, py))},{_pair(q)}).")
                    out.append(f"adj({_pair(q)},{_pair((px, py))}).")
    out += [f"vpt({_pair(v)},{_pair(point(v))})." for v in panel.vertices()]
    for a, b in panel.grid_edges():
        p = _pair(point((a, b)))
        out += [f"ept({_pair(a)},{_pair(b)},{p}).", f"ept({_pair(b)},{_pair(a)},{p})."]
    return out


def _symbol_facts(panel: Panel) -> list[str]:
    """Triangles, squares, stars, cancellers, dots, and every symbol's colour;
    src/1 for each place whose region a rule needs."""
    out: list[str] = []
    sources: set[tuple[int, int]] = set()
    for x, y, k, _colour in panel.triangles:
        p = cell_point((x, y))
        out.append(f"tri({_pair(p)},{k}).")
        out += [f"side({_pair(p)},{_pair(point(e))})." for e in cell_edges((x, y))]
    for x, y, colour in panel.squares:
        out.append(f'square({_pair(cell_point((x, y)))},"{colour}").')
    for x, y, colour in panel.stars:
        out.append(f'star({_pair(cell_point((x, y)))},"{colour}").')
        sources.add(cell_point((x, y)))
    for x, y, _ in panel.cancellers:
        out.append(f"canceller({_pair(cell_point((x, y)))}).")
        sources.add(cell_point((x, y)))
    coloured = [(t[0], t[1], t[-1]) for t in panel.triangles + panel.squares + panel.stars]
    coloured += [(x, y, c) for x, y, c in panel.cancellers]
    coloured += [(*p.cell, p.colour) for p in panel.polyominoes]
    out += [f'colour({_pair(cell_point((x, y)))},"{c}").' for x, y, c in coloured if c != NO_COLOUR]
    if _tones(panel):
        out.append("tones.")
    if _parted(panel):
        out.append("parted.")
    for d in panel.dots:
        out.append(f"dot({_pair(point(d.at))}).")
        if panel.symmetry is not None and d.colour in (MAIN_LINE, MIRROR_LINE):
            out.append(f"dot_colour({_pair(point(d.at))},{d.colour}).")
    sources |= {cell_point(p.cell) for p in panel.polyominoes}
    out += [f"src({_pair(p)})." for p in sorted(sources)]
    if len(sources) <= TOGETHER_SOURCES:
        out.append("together.")
    parity = _parity(panel)
    if parity is not None:
        out.append(f"parity({parity}).")
    if _cancellers_by(panel, "windmill"):
        out += _windmill_keys(panel)
    return out


def _windmill_keys(panel: Panel) -> list[str]:
    """wkey(N, C, K): N squares of colour C come K-th in The Windmill's order
    (:func:`witness.model.rules.windmill_square_key`), for every N up to the
    panel's squares of C (panel_cancellers_windmill.lp)."""
    counts = Counter(colour for _x, _y, colour in panel.squares)
    keys = [(windmill_square_key(c, n), n, c) for c in counts for n in range(1, counts[c] + 1)]
    return [f'wkey({n},"{c}",{k}).' for k, (_key, n, c) in enumerate(sorted(keys))]


def _tones(panel: Panel) -> bool:
    """Do dots lie on or at half the panel's vertices or more? Then the line's
    vertices are counted by their chessboard colour (panel_dots.lp, tones)."""
    touched = set()
    for d in panel.dots:
        touched |= set(d.at) if d.on_edge else {d.at}
    return 2 * len(touched) >= (panel.rows + 1) * (panel.cols + 1)


def _parity(panel: Panel) -> int | None:
    """The parity of the panel's stars and cancellers when it bounds the dots
    off the lines and the wrong triangles (panel_parity.lp): on a panel with
    stars or cancellers whose other symbols are dots, triangles and squares
    of no star's colour, the squares all of one colour (so none is ever
    wrong), none of it outside the panel; else None."""
    if panel.polyominoes or not (panel.stars or panel.cancellers):
        return None
    if _cancellers_by(panel, "windmill"):
        return None  # The Windmill's count spends cancellers otherwise
    star_colours = {c for _x, _y, c in panel.stars}
    square_colours = {c for _x, _y, c in panel.squares}
    if len(square_colours) > 1 or not star_colours.isdisjoint(square_colours):
        return None
    if any(t[-1] in star_colours for t in panel.triangles):
        return None
    places = [cell_point(t[:2]) for t in panel.stars + panel.cancellers + panel.triangles]
    places += [point(d.at) for d in panel.dots]
    if not panel.outside.isdisjoint(places):
        return None
    return (len(panel.stars) + len(panel.cancellers)) % 2


def _extent(shape: tuple[tuple[int, int], ...]) -> int:
    """How far (in cells) a piece may lie off the grid under the windmill reading."""
    return max(max(c) for c in shape) + 1


def _margin_needed(panel: Panel, cover: list[tuple[int, int]]) -> int:
    """The least margin (cells off the grid on any side) a placement needs."""
    xs = [(px - 1) // 2 for px, py in cover if is_cell_point((px, py))]
    ys = [(py - 1) // 2 for px, py in cover if is_cell_point((px, py))]
    return max(0, -min(xs), -min(ys), max(xs) - panel.cols + 1, max(ys) - panel.rows + 1)


def _rim_ends(panel: Panel) -> bool:
    """Do the lines start and end on the panel's rim? Then a line from rim to
    rim cuts the panel: the two cells on either side of each of its edges lie
    in two regions (:func:`_parted`)."""
    terminals = [*panel.starts, *panel.ends]
    if panel.symmetry is not None:
        terminals += [panel.mirror(v) for v in terminals]
    return all(x in (0, panel.cols) or y in (0, panel.rows) for x, y in terminals)


def _parted(panel: Panel) -> bool:
    """Is each line a chord of the panel, from rim to rim with nothing outside
    (fact parted: panel_regions.lp, and cut in panel_polyominoes.lp)?"""
    return cell_regions(panel) and _rim_ends(panel)


def _twins(a: Polyomino, b: Polyomino) -> bool:
    """Interchangeable pieces: their placements are the same, in the same order."""
    return (a.shape, a.rotatable, a.negative) == (b.shape, b.rotatable, b.negative)


def _covers(panel: Panel, piece: Polyomino, margin: int) -> list[tuple]:
    """The places each way to lay ``piece`` covers (within ``margin`` cells
    of the grid), each way once, in one fixed order."""
    return sorted({tuple(c) for c in placements(panel, piece, piece.negative, margin=margin)})


def _polyomino_facts(panel: Panel, placements_too: bool = True) -> list[str]:
    """Each piece's signed area, extent and placements with the places they
    cover; the grid's cell and edge places (widened by the largest extent
    under the windmill reading, where pieces may lie partly off the grid)."""
    if not panel.polyominoes:
        return []
    windmill = panel.polyomino_rules == "windmill"
    negatives = any(p.negative for p in panel.polyominoes)
    # off the grid a cell starts at 0, so only a negative piece lets a piece lie there
    wide = max(_extent(p.shape) for p in panel.polyominoes) if windmill and negatives else 0
    out = ["windmill."] if windmill else []
    if not negatives:
        out.append("no_negatives.")
    if _loose(panel):
        out.append("loose.")
    for x in range(-2 * wide, 2 * (panel.cols + wide) + 1):
        for y in range(-2 * wide, 2 * (panel.rows + wide) + 1):
            kind = x % 2 + y % 2
            if kind == 2:
                out.append(f"gcell({_pair((x, y))}).")
            elif kind == 1 and not windmill:
                out.append(f"gedge({_pair((x, y))}).")
    for piece in panel.polyominoes:
        p = _pair(cell_point(piece.cell))
        weight = -1 if piece.negative else 1
        out.append(f"poly({p},{weight * piece.size}).")
        twins = [o for o in panel.polyominoes if _twins(piece, o)]
        out += [f"twins({p},{_pair(cell_point(o.cell))})." for o in twins if o.cell > piece.cell]
        # twins share their placements, given once under the least twin's place
        kind = min(o.cell for o in twins)
        out.append(f"kind({p},{_pair(cell_point(kind))}).")
        if not placements_too or kind != piece.cell:
            continue
        for i, cover in enumerate(_covers(panel, piece, wide)):
            out.append(f"plc({p},{i},{_margin_needed(panel, list(cover))}).")
            out += [f"pcov({p},{i},{_pair(q)},{weight})." for q in cover]
    return out


LAZY_FILES = {
    "polyominoes": ("panel_polyominoes.lp",),
    "cancellers": ("panel_cancellers.lp", "panel_cancellers_windmill.lp"),
}


def lazy_families(panel: Panel, second: bool = False) -> frozenset[str]:
    """The families clingo leaves to the rules checker on ``panel``: none, or
    in the second stage of a solve (``second``) the polyominoes' tiling and
    the cancellers (module doc); :data:`LAZY` when set."""
    if LAZY is not None:
        chosen = LAZY
    elif second:
        chosen = frozenset({"polyominoes", "cancellers"})
    else:
        chosen = frozenset()
    present = {"polyominoes": bool(panel.polyominoes), "cancellers": bool(panel.cancellers)}
    return frozenset(f for f in chosen if present[f])


def panel_program(panel: Panel, lazy: frozenset[str] = frozenset()) -> str:
    """The encodings ``panel`` needs and its facts, as one ASP program; the
    families in ``lazy`` are left to the rules checker (:func:`panel_lines`)."""
    skip = {name for f in lazy for name in LAZY_FILES[f]}
    parts = [encoding(name) for name, used in FAMILIES if used(panel) and name not in skip]
    if panel.polyominoes:
        parts.append(encoding("panel_polyomino_area.lp"))
    if panel.cancellers and "cancellers" in lazy:
        parts.append(encoding("panel_cancellers_lazy.lp"))
    facts = _line_facts(panel) + _place_facts(panel) + _symbol_facts(panel)
    facts += _polyomino_facts(panel, placements_too="polyominoes" not in lazy)
    return "\n".join(parts) + "\n" + "\n".join(facts) + "\n" + SHOW


def _loose(panel: Panel) -> bool:
    """Does the encoding sum the pieces' cover over the whole panel, not a
    region at a time (fact loose, panel_polyominoes.lp)? Under the windmill
    reading with negative pieces, when there are at least :data:`LOOSE_PIECES`."""
    negatives = any(p.negative for p in panel.polyominoes)
    windmill = panel.polyomino_rules == "windmill"
    return windmill and negatives and len(panel.polyominoes) >= LOOSE_PIECES


def _unsure_possible(panel: Panel, lazy: frozenset[str]) -> bool:
    """Can an answer set be unsure: a canceller removing a polyomino whose
    tiling the encoding decides (panel_cancellers.lp), or the pieces summed
    over the whole panel (:func:`_loose`)?"""
    if "polyominoes" in lazy or not panel.polyominoes:
        return False
    return (bool(panel.cancellers) and "cancellers" not in lazy) or _loose(panel)


def is_exact(panel: Panel) -> bool:
    """True when the encoding alone decides every line of a solve: no family
    is left to the rules checker (:func:`lazy_families`; a solve's second
    stage on a panel with polyominoes or cancellers) and no answer set is unsure."""
    if LAZY is None and (panel.polyominoes or panel.cancellers):
        return False
    lazy = lazy_families(panel)
    return not lazy and not _unsure_possible(panel, lazy)


def _clingo_log(code: clingo.MessageCode, message: str) -> None:
    logger.debug("clingo: %s", message.strip())


def _line_of(model: clingo.Model) -> list[Vertex]:
    """The first line of an answer set, from its start along the chosen edges."""
    nbrs: dict[Vertex, list[Vertex]] = {}
    start: Vertex | None = None
    for s in model.symbols(shown=True):
        if s.name == "unsure":
            continue
        ends = [(a.arguments[0].number, a.arguments[1].number) for a in s.arguments]
        if s.name == "first":
            start = ends[0]
        else:
            nbrs.setdefault(ends[0], []).append(ends[1])
            nbrs.setdefault(ends[1], []).append(ends[0])
    assert start is not None
    path, prev = [start], None
    while nxt := [w for w in nbrs.get(path[-1], []) if w != prev]:
        prev = path[-1]
        path.append(nxt[0])
    return path


@dataclass
class Enumeration:
    """How an enumeration ended: ``complete`` unless the time limit stopped it."""

    complete: bool = True
    ground_seconds: float = 0.0
    models: int = 0  # answer sets clingo gave (before the checker filter)
    choices: int = 0
    conflicts: int = 0
    at_conflicts: bool = False  # stopped at the conflict budget, not the time limit
    # what ended it: "exhausted", "conflicts" (the budget), "grounding", "limit"
    # (before resuming), "wait" (waiting for clingo), "check" (a rules check
    # past the limit); "" when the caller stopped taking lines
    stop: str = ""


# The longest single wait (31 years): a thread join overflows past threading.TIMEOUT_MAX
# (~9.2e9 s) and clasp's timed wait answers False at once near it; wait_by waits again.
LONGEST_WAIT = 1e9


def ground_by(ctl: clingo.Control, program: str, deadline: float | None) -> bool:
    """Parse and ground ``program``; False when ``deadline`` (a perf_counter
    time) passes first. clingo cannot stop grounding, so it runs in a daemon
    thread (clingo lets go of the GIL meanwhile) that is left to finish on
    its own; ``ctl`` must then not be used again."""
    failure: list[BaseException] = []

    def work() -> None:
        try:
            ctl.add("base", [], program)
            ctl.ground([("base", [])])
        except BaseException as exc:  # raised again in the caller's thread
            failure.append(exc)

    if deadline is None:
        work()
    else:
        worker = threading.Thread(target=work, name="clingo-ground", daemon=True)
        worker.start()
        worker.join(min(max(0.0, deadline - time.perf_counter()), LONGEST_WAIT))
        if worker.is_alive():
            return False
    if failure:
        raise failure[0]
    return True


def wait_by(handle: clingo.SolveHandle, deadline: float | None) -> bool:
    """Wait for ``handle``'s next result; False only when ``deadline`` (a
    perf_counter time) has passed first. clasp's timed wait (5.8) waits on its
    condition variable once and answers False on any wake-up that finds no
    result, a spurious one too. Taken for a time-out, such a False ends a
    solve as ``timed_out`` long before its limit (the one way found for the
    benchmark's windmill-cpq8n00 at 0.07 s of 10 s), so a False before the
    deadline is waited out again."""
    if deadline is None:
        return handle.wait()
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return handle.wait(0)
        if handle.wait(min(left, LONGEST_WAIT)):
            return True


def region_tiles(
    panel: Panel, region: frozenset, pieces: list[Polyomino], deadline: float | None
) -> bool:
    """Do ``pieces`` tile ``region`` under the windmill reading, as
    :func:`witness.model.rules.polyominoes_fit` decides it, asked of clingo
    (region_tiling.lp)? :class:`CheckStopped` when ``deadline`` passes first."""
    terms = tiling_terms(panel, region, pieces)
    if terms is None or terms.free:
        return terms is not None
    cells = sorted(filter(is_cell_point, region))
    facts = [f"owed({_pair(q)})." for q in cells] if terms.cover_region else []
    for k, piece in enumerate(pieces):
        weight = -1 if piece.negative else 1
        for i, cover in enumerate(_covers(panel, piece, terms.margin)):
            facts.append(f"plc({k},{i}).")
            facts += [f"cov({k},{i},{_pair(q)},{weight})." for q in cover if is_cell_point(q)]
    ctl = clingo.Control(["--configuration=trendy"], logger=_clingo_log)
    if not ground_by(ctl, encoding("region_tiling.lp") + "\n".join(facts), deadline):
        raise CheckStopped
    with ctl.solve(async_=True) as handle:
        if not wait_by(handle, deadline):
            handle.cancel()
            raise CheckStopped
        return bool(handle.get().satisfiable)


def _place_symbol(p: tuple[int, int]) -> clingo.Symbol:
    return clingo.Tuple_([clingo.Number(p[0]), clingo.Number(p[1])])


class LazyCheck:
    """The rules checker on the regions of the lazy families' symbols, for one
    line at a time; a rejected region becomes a nogood over ``covered/1``: its
    boundary places covered and its own places not (the region is then this
    same set of places, with the same symbols and the same sides on the line,
    which the checker rejects again), so clingo never proposes it again."""

    def __init__(
        self, ctl: clingo.Control, panel: Panel, lazy: frozenset[str], clingo_tiles: bool = False
    ) -> None:
        self.panel = panel
        self.clingo_tiles = clingo_tiles  # may clingo tile a hard region (rejects)?
        self.symbols = elements(panel)
        kinds = {"polyominoes": "polyomino", "cancellers": "canceller"}
        wanted = {kinds[f] for f in lazy}
        self.seeds = sorted(q for q, e in self.symbols.items() if e.kind in wanted)
        self.coverable = {
            tuple(a.symbol.arguments[0].arguments[i].number for i in (0, 1))
            for a in ctl.symbolic_atoms.by_signature("covered", 1)
        }
        self.by_clingo = False  # has clingo decided a tiling of the last line's regions?
        self._covers: dict[Polyomino, dict] = {}  # each piece's ways to lay it, by cell

    def present(self, region: frozenset) -> list:
        """The symbols and dots in ``region``, in place order."""
        return [self.symbols[q] for q in sorted(q for q in self.symbols if q in region)]

    def rejects(self, region: frozenset, bound: set, deadline: float | None) -> bool:
        """Does the checker reject ``region``, whose neighbours on the lines are
        ``bound``? Without cancellers under the windmill reading, only the
        tiling is the checker's to decide (the encoding holds every other
        rule), and clingo decides it when the checker's search overruns
        :data:`HARD_REGION_SECONDS`."""
        present = self.present(region)
        on_line = dict.fromkeys(bound, "black")
        hard = self.clingo_tiles and self.panel.polyomino_rules == "windmill"
        hard = hard and not any(e.kind == "canceller" for e in present)
        if not hard:
            return bool(check_region(self.panel, region, present, on_line, deadline))
        soon = time.perf_counter() + HARD_REGION_SECONDS
        try:
            budget = soon if deadline is None else min(deadline, soon)
            return bool(check_region(self.panel, region, present, on_line, budget))
        except CheckStopped:
            if deadline is not None and time.perf_counter() >= deadline:
                raise
        pieces = [e.item for e in present if e.kind == "polyomino"]
        self.by_clingo = True
        return not region_tiles(self.panel, region, pieces, deadline)

    def nogoods(self, line: list[Vertex], deadline: float | None) -> list[list]:
        """One nogood per region of ``line`` the checker rejects."""
        self.by_clingo = False  # said of this line's regions only
        if not self.seeds:
            return []
        on_line = covered(lines_of(self.panel, line))
        out = []
        for region in regions(self.panel, on_line, holding=self.seeds):
            bound = set()
            for px, py in region:
                for q in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    if q in on_line and q not in region:
                        bound.add(q)
            if not self.rejects(region, bound, deadline):
                continue
            wider = self.dead_cell(region) if DEAD_CELL_NOGOODS else None
            out.append(wider or self._region_nogood(region, bound))
        return out

    def _region_nogood(self, region: frozenset, bound: set) -> list:
        """The region itself: its boundary places covered, its own places not."""
        nogood = [(clingo.Function("covered", [_place_symbol(q)]), True) for q in bound]
        nogood += [
            (clingo.Function("covered", [_place_symbol(q)]), False)
            for q in region
            if q in self.coverable
        ]
        return nogood

    def _covers_of(self, piece: Polyomino) -> dict[tuple[int, int], list[frozenset]]:
        """The places each way to lay ``piece`` on the grid covers, by each cell it covers."""
        if piece not in self._covers:
            by_cell: dict[tuple[int, int], list[frozenset]] = {}
            for cover in _covers(self.panel, piece, 0):
                for q in cover:
                    if is_cell_point(q):
                        by_cell.setdefault(q, []).append(frozenset(cover))
            self._covers[piece] = by_cell
        return self._covers[piece]

    def dead_cell(self, region: frozenset) -> list | None:
        """A nogood wider than ``region`` itself when one of its cells is dead:
        no way to lay any of its pieces over that cell lies in the region.
        Then the cell stays dead in every region that holds it and the
        region's first piece, holds none of the places that kept each way
        out (one a way: a cell, or under the precise reading an edge between
        two of the piece's cells that a line takes) and holds no piece the
        region lacks, nor a canceller. Said over reach/2 from that first
        piece: clingo then drops every line that leaves the cell so, not only
        this region. None when the region has negative pieces or cancellers
        (which change what must be covered) or no dead cell."""
        present = self.present(region)
        pieces = [e for e in present if e.kind == "polyomino"]
        if not pieces or any(e.kind == "canceller" for e in present):
            return None
        if any(e.item.negative for e in pieces):
            return None
        cells = sorted(filter(is_cell_point, region))
        for cell in cells:
            ways = [c for e in pieces for c in self._covers_of(e.item).get(cell, [])]
            if any(way <= region for way in ways):
                continue
            witnesses: set = set()
            for way in ways:
                if not way & witnesses:
                    outside = sorted(way - region)
                    cells_out = [q for q in outside if is_cell_point(q)]
                    witnesses.add(cells_out[0] if cells_out else outside[0])
            edges = {q for q in witnesses if not is_cell_point(q)}
            if not edges <= self.coverable:  # an edge no line takes (removed): said exactly
                return None
            return self._dead_cell_nogood(pieces[0].point, cell, witnesses, region)
        return None

    def _dead_cell_nogood(
        self, first: tuple[int, int], cell: tuple[int, int], witnesses: set, region: frozenset
    ) -> list:
        def reach(q: tuple[int, int]) -> clingo.Symbol:
            return clingo.Function("reach", [_place_symbol(first), _place_symbol(q)])

        nogood = [(reach(cell), True)]
        for q in sorted(witnesses):
            if is_cell_point(q):
                nogood.append((reach(q), False))
            else:  # an edge between two cells of the region: a line takes it
                nogood.append((clingo.Function("covered", [_place_symbol(q)]), True))
        others = (q for q, e in self.symbols.items() if e.kind in ("polyomino", "canceller"))
        nogood += [(reach(q), False) for q in sorted(others) if q not in region]
        return nogood


def _rule_body(ctl: clingo.Control, nogood: list[tuple[clingo.Symbol, bool]]) -> list[int] | None:
    """A nogood over atoms as the body of an integrity constraint (program
    literals); None when it can never hold (an atom it wants true is not in
    the ground program; one it wants false and absent is left out)."""
    body = []
    for symbol, truth in nogood:
        atom = ctl.symbolic_atoms[symbol]
        if atom is None and truth:
            return None
        if atom is not None:
            body.append(atom.literal if truth else -atom.literal)
    return body


def stage_options(configuration: str | None, domain: bool = False) -> list[str]:
    """clingo's options for a stage of a panel's solve: every answer set
    projected on the line, ``configuration`` (None: clingo's default), with
    ``domain`` the encodings' domain heuristics (the dots covered first,
    panel_dots.lp; the line before the pieces, panel_polyominoes.lp), then
    :data:`CLINGO_OPTIONS`."""
    options = ["--models=0", "--project=project", "--eq=0"]
    if configuration is not None:
        options.append(f"--configuration={configuration}")
    if domain:
        options.append("--heuristic=Domain")
    return options + list(CLINGO_OPTIONS)


class Stage:
    """One grounded program of a panel (the families ``lazy`` left to the
    rules checker, clingo's ``configuration``), kept for every turn a solve
    gives it: each turn is one more solve call of the same control, so
    clingo goes on with what it learnt (its learnt nogoods and heuristic
    scores) instead of starting again, and every line or region the checker
    rejected is added to the program as an integrity constraint, so that no
    later turn proposes it again. With ``line_first`` clingo runs with the
    domain heuristics, which on a panel with pieces decide the line before
    them (panel_polyominoes.lp)."""

    def __init__(
        self,
        panel: Panel,
        lazy: frozenset[str],
        configuration: str | None,
        deadline: float | None,
        line_first: bool = False,
    ) -> None:
        self.panel = panel
        self.configuration = CONFIGURATION if configuration is None else configuration
        # the domain heuristics: the dots first on a panel without pieces; the
        # line before the pieces when asked (stage_schedule asks only with pieces)
        domain = bool(panel.dots and not panel.polyominoes) or line_first
        options = stage_options(self.configuration, domain)
        t0 = time.perf_counter()
        self.ctl = clingo.Control(options, logger=_clingo_log)
        # a control still grounding in its thread must not be touched again
        self.grounded = ground_by(self.ctl, panel_program(panel, lazy), deadline)
        self.ground_seconds = time.perf_counter() - t0
        self.checker = None
        if lazy and self.grounded:
            self.checker = LazyCheck(self.ctl, panel, lazy, clingo_tiles=True)
        self.exact = not _unsure_possible(panel, lazy)
        # an unsure answer's line that the checker rejects: its regions of pieces
        # and cancellers are checked one by one, as in the lazy stage
        families = frozenset({"polyominoes", "cancellers"})
        unsure = self.grounded and not self.exact
        self.unsure_check = LazyCheck(self.ctl, panel, families) if unsure else None
        self.rejected: list[list[tuple[clingo.Symbol, bool]]] = []  # not yet in the program

    def _keep_out(self) -> None:
        """The nogoods found in the last turn, as integrity constraints."""
        if not self.rejected:
            return
        with self.ctl.backend() as backend:
            for nogood in self.rejected:
                body = _rule_body(self.ctl, nogood)
                if body is not None:
                    backend.add_rule([], body)
        self.rejected.clear()

    def _verdict(self, model: clingo.Model, deadline: float | None) -> list[Vertex] | None:
        """The model's line when the checker accepts it; else None, and the
        regions (or the line) it rejected are nogoods from now on."""
        line = _line_of(model)
        unsure = not self.exact and model.contains(clingo.Function("unsure"))
        nogoods = self.checker.nogoods(line, deadline) if self.checker else []
        if not nogoods and unsure and not check(self.panel, line, deadline).solved:
            # the regions it rejects, or else the line itself by its projection
            nogoods = self.unsure_check.nogoods(line, deadline)
            shown = model.symbols(shown=True)
            nogoods = nogoods or [[(s, True) for s in shown if s.name in ("sel", "first")]]
        for nogood in nogoods:
            model.context.add_nogood(nogood)
        self.rejected += nogoods
        return None if nogoods else line

    def lines(
        self, deadline: float | None, record: Enumeration, conflicts: int | None
    ) -> Iterator[list[Vertex]]:
        """One turn: the solutions clingo finds within ``conflicts`` conflicts
        (None: no bound) and by ``deadline``; how it ended goes in ``record``."""
        self.ctl.configuration.solve.solve_limit = "umax" if conflicts is None else str(conflicts)
        self._keep_out()
        try:
            with self.ctl.solve(yield_=True, async_=True) as handle:
                while True:
                    if deadline is not None and time.perf_counter() >= deadline:
                        record.complete, record.stop = False, "limit"  # wait(0) could give a model
                        break
                    handle.resume()
                    if not wait_by(handle, deadline):
                        handle.cancel()
                        record.complete, record.stop = False, "wait"
                        break
                    model = handle.model()
                    if model is None:
                        record.complete = bool(handle.get().exhausted)
                        record.at_conflicts = not record.complete  # stopped by the solve limit
                        record.stop = "exhausted" if record.complete else "conflicts"
                        break
                    record.models += 1
                    try:
                        line = self._verdict(model, deadline)
                    except CheckStopped:  # the limit passed inside one line's check
                        record.complete, record.stop = False, "check"
                        break
                    if line is not None:
                        yield line
        finally:  # also when the caller stops after the first solution
            stats = self.ctl.statistics.get("solving", {}).get("solvers", {})
            record.choices = int(stats.get("choices", 0))
            record.conflicts = int(stats.get("conflicts", 0))


def panel_lines(
    panel: Panel,
    time_limit: float | None = None,
    record: Enumeration | None = None,
    lazy: frozenset[str] | None = None,
    conflicts: int | None = None,
    configuration: str | None = None,
) -> Iterator[list[Vertex]]:
    """Every solution of ``panel`` (its first line), each once, from clingo;
    stops early (``record.complete`` False) when ``time_limit`` seconds pass
    or clingo meets ``conflicts`` conflicts. ``lazy``: the families left to
    the rules checker (default :func:`lazy_families`); each region of theirs
    it rejects becomes a nogood. ``configuration``: clingo's (default
    :data:`CONFIGURATION`)."""
    record = record if record is not None else Enumeration()
    lazy = lazy_families(panel) if lazy is None else lazy
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    stage = Stage(panel, lazy, configuration, deadline)
    record.ground_seconds = stage.ground_seconds
    if not stage.grounded:
        record.complete, record.stop = False, "grounding"
        return
    yield from stage.lines(deadline, record, conflicts)


def solve_view_asp(puzzle: Puzzle | Panel, time_limit: float | None = None) -> SolveResult:
    """clingo on a search view (:func:`witness.model.puzzle.search_view`): the
    triangle encoding for a triangle puzzle, the panel encodings otherwise."""
    if isinstance(puzzle, Panel):
        return solve_panel_asp(puzzle, time_limit=time_limit)
    return solve_asp(puzzle, time_limit=time_limit)


@dataclass(frozen=True)
class Turn:
    """One turn of a staged solve: the stage (``second``: the lazy one),
    clingo's configuration (None: :data:`CONFIGURATION`), its conflicts
    (None: no budget) and whether clingo decides the line before the pieces
    (``line_first``; :data:`LINE_FIRST_CONFLICTS`)."""

    second: bool
    configuration: str | None
    conflicts: int | None
    line_first: bool = False


def stage_schedule(staged: bool, pieces: bool = False) -> Iterator[Turn]:
    """The turns of a solve, in order (:func:`solve_panel_asp`): one turn
    without a budget when not ``staged``; else the prelude (on a panel with
    ``pieces`` first :data:`LINE_FIRST_CONFLICTS` that decide the line
    before the pieces, then :data:`PRELUDE_CONFLICTS`), then the whole
    encoding and the lazy stage in turn, each with twice its conflicts at
    its next turn, the whole encoding taking :data:`WHOLE_CONFIGURATIONS`
    in turn."""
    if not staged:
        yield Turn(False, None, None)
        return
    if PRELUDE_CONFLICTS:
        if pieces and LINE_FIRST_CONFLICTS:
            yield Turn(False, PRELUDE_CONFIGURATION, LINE_FIRST_CONFLICTS, line_first=True)
        yield Turn(False, PRELUDE_CONFIGURATION, PRELUDE_CONFLICTS)
    whole, lazy = FIRST_CONFLICTS, LAZY_CONFLICTS
    for turn in itertools.count():
        yield Turn(False, WHOLE_CONFIGURATIONS[turn % len(WHOLE_CONFIGURATIONS)], whole)
        yield Turn(True, None, lazy)
        # past 10**8 conflicts, no budget: the time limit ends the turn
        whole = 2 * whole if whole is not None and whole < 10**8 else None
        lazy = 2 * lazy if lazy is not None and lazy < 10**8 else None


def solve_panel_asp(panel: Panel, time_limit: float | None = None) -> SolveResult:
    """The first solution clingo finds (status solved, unsolvable or timed_out).

    On a panel with polyominoes or cancellers, in two stages (module doc)
    taken in turn (:func:`stage_schedule`): after a short prelude, the whole
    encoding for :data:`FIRST_CONFLICTS` conflicts, then, if that did not
    decide, the tiling and the cancellers left to the rules checker for
    :data:`LAZY_CONFLICTS`, then the whole encoding again with twice its
    conflicts, and so on until one decides or the time is up."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    staged = LAZY is None and bool(panel.polyominoes or panel.cancellers)
    total, stages = Enumeration(), 0
    kept: dict[tuple[bool, str | None, bool], Stage] = {}  # every stage goes on where it stopped
    for turn in stage_schedule(staged, pieces=bool(panel.polyominoes)):
        stages += 1
        record = Enumeration()
        key = (turn.second, turn.configuration, turn.line_first)
        if key not in kept:
            lazy = lazy_families(panel, second=turn.second)
            kept[key] = Stage(panel, lazy, turn.configuration, deadline, turn.line_first)
            record.ground_seconds = kept[key].ground_seconds
        stage = kept[key]
        path = None
        if not stage.grounded:
            record.complete, record.stop = False, "grounding"
        else:
            lines = stage.lines(deadline, record, turn.conflicts)
            path = next(lines, None)
            lines.close()
        total.ground_seconds += record.ground_seconds
        total.choices += record.choices
        total.conflicts += record.conflicts
        out_of_time = deadline is not None and time.perf_counter() >= deadline
        if not (path is None and record.at_conflicts) or out_of_time:
            break
    record.ground_seconds, record.choices, record.conflicts = (
        total.ground_seconds,
        total.choices,
        total.conflicts,
    )
    # a line whose tiling clingo decided in the lazy stage (LazyCheck.rejects)
    # gets the checker's short word: its search overran there already
    short = stage.checker is not None and stage.checker.by_clingo
    opinion = _second_opinion(panel, path, t0, time_limit, short) if path is not None else ""
    timed_out = path is None and not record.complete
    status = "solved" if path else "timed_out" if timed_out else "unsolvable"
    seconds = time.perf_counter() - t0
    return SolveResult(
        solved=path is not None,
        path=path,
        expansions=record.choices,
        generated=0,
        seconds=seconds,
        timed_out=timed_out,
        status=status,
        predicate="asp",
        mode="clingo",
        extra={
            "choices": record.choices,
            "conflicts": record.conflicts,
            "ground_seconds": record.ground_seconds,
            "solve_seconds": seconds - record.ground_seconds,
            "checker_filter": not is_exact(panel),
            "stages": stages,
            "stop": record.stop or "line",  # how the last stage ended (Enumeration.stop)
            # the rules checker on the line found
            "second_opinion": opinion,
        },
    )


def _second_opinion(
    panel: Panel, path: list[Vertex], t0: float, time_limit: float | None, short: bool = False
) -> str:
    """The rules checker's word on clingo's line: ``agrees``, or ``stopped``
    when it stopped first, at the time limit or once it has taken as long as
    the solve (at least :data:`SECOND_OPINION_SECONDS`; only that when
    ``short``); the encoding's word then stands (a line whose answer set was
    unsure was checked already, an exact answer set holds the tiling its
    regions need, and clingo tiled the regions whose search overran). A line
    it rejects is a RuntimeError: the encoding and the checker disagree."""
    now = time.perf_counter()
    deadline = now + (SECOND_OPINION_SECONDS if short else max(SECOND_OPINION_SECONDS, now - t0))
    if time_limit is not None:
        deadline = min(deadline, t0 + time_limit)
    try:
        solved = check(panel, path, deadline).solved
    except CheckStopped:
        logger.info("the rules checker stopped before confirming clingo's line %s", path)
        return "stopped"
    if not solved:
        raise RuntimeError(f"the ASP encoding accepted a line the checker rejects: {path}")
    return "agrees"


def count_panel_asp(panel: Panel, time_limit: float | None = None) -> CountResult:
    """Count every solution of ``panel`` with clingo."""
    t0 = time.perf_counter()
    record = Enumeration()
    return count_lines(panel_lines(panel, time_limit, record), lambda: record.complete, "asp", t0)
