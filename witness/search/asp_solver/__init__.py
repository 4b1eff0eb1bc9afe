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
  ``AspSettings.first_conflicts`` conflicts leaves the tiling and the cancellers to
  the checker for ``AspSettings.lazy_conflicts`` conflicts (the stages then take
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
  stage's short (``AspSettings.first_conflicts``). In the lazy stage a region whose
  tiling the checker's search cannot decide within
  ``AspSettings.hard_region_seconds`` (no cancellers, windmill reading) is tiled by
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

- together (panel_regions.lp, ``AspSettings.together_sources``): two sources
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
long as the solve did, at least ``AspSettings.second_opinion_seconds``; when it
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
Panels are solved with clingo's ``trendy`` configuration (``AspSettings.configuration``),
measured one run each under load at 5 s: of the 14 panels with cancellers and
no polyominoes that stopped in the 500 + 500 sample, 6 solved or proved
unsolvable against 2 by the default configuration; 55 solved panels without
polyominoes (the 15 slowest among them) took 9.6 CPU s in all against 35.4; of
the 22 stopped panels with polyominoes (8 s), 5 solved against 2. A staged
solve's whole encoding runs with jumpy at its second turn
(``AspSettings.whole_configurations``), and the solve starts with a prelude: the
whole encoding under tweety for 3,000 conflicts (``AspSettings.prelude_conflicts``,
:func:`stage_schedule`), before it on a panel with polyominoes 1,000 more
deciding the line before the pieces (``AspSettings.line_first_conflicts``). On a
panel with dots and no polyominoes
clingo also runs with ``--heuristic=Domain`` and tries covering a dot first
(panel_dots.lp; docs/results.md has the sample).
"""

from __future__ import annotations

from witness.search.asp_solver.control import ground_by, path_from_edges, symbol_vertex, wait_by
from witness.search.asp_solver.driver import (
    Turn,
    asp_summary,
    count_panel_asp,
    solve_panel_asp,
    solve_view_asp,
    stage_schedule,
)
from witness.search.asp_solver.lazy import LazyCheck, region_tiles
from witness.search.asp_solver.program import cell_regions, is_exact, lazy_families, panel_program
from witness.search.asp_solver.settings import DEFAULT_SETTINGS, AspSettings
from witness.search.asp_solver.stage import Enumeration, Stage, panel_lines, stage_options
from witness.search.asp_solver.triangles import puzzle_facts, solve_asp

__all__ = [
    "AspSettings",
    "DEFAULT_SETTINGS",
    "Enumeration",
    "LazyCheck",
    "Stage",
    "Turn",
    "asp_summary",
    "cell_regions",
    "count_panel_asp",
    "ground_by",
    "is_exact",
    "lazy_families",
    "panel_lines",
    "panel_program",
    "path_from_edges",
    "puzzle_facts",
    "region_tiles",
    "solve_asp",
    "solve_panel_asp",
    "solve_view_asp",
    "stage_options",
    "stage_schedule",
    "symbol_vertex",
    "wait_by",
]
