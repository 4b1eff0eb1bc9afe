"""Solve a puzzle directly with clingo: the yardstick for search with learned predicates.

A module a stage: :mod:`.settings` (the tunables, :class:`AspSettings`),
:mod:`.control` (grounding and waiting by a deadline), :mod:`.program` (a
panel's encodings and facts),
:mod:`.narrow` (a pillar of 1 or 2 columns: its line on the two-fold
cover), :mod:`.lazy` (the lazy stage's rules check and its nogoods), :mod:`.stage`
(one grounded program and its turns) and :mod:`.driver` (the schedule of
turns, the second opinion, counting). Why each default and redundant rule
is what it is, with the runs that chose it: docs/search.md, "Solver
decisions".

The line (``witness/search/encodings/panel_path.lp``) is the Z3 approach of
the Witness solver blog (part 2) written in ASP: one choice per edge, degree
constraints (its start and end 1, every other vertex 0 or 2) and
connectivity (every vertex on the line is reachable from its start along
chosen edges, which rules out separate cycles). The panel is given as facts.

The result is a :class:`witness.search.result.SolveResult` with the CLI's JSON
contract. Search counters have no A* meaning here, so:

- ``expansions`` holds clingo's *choices* (decisions of the CDCL solver),
  the closest analogue of "nodes the search committed to";
- ``generated`` is 0; ``extra`` holds ``conflicts``, ``choices``,
  ``ground_seconds`` and ``solve_seconds``;
- ``seconds`` is the wall time of grounding plus solving (both are part of
  solving a puzzle; ``extra`` has the split).

A time limit interrupts clingo's asynchronous solve (status ``timed_out``).

Every panel, the paper's triangle puzzles too (:func:`solve_panel_asp`,
:func:`count_panel_asp`), uses one encoding file per constraint family
(``encodings/panel_*.lp``): the line
(several starts and ends, gaps and removed edges and vertices as missing
``edge/2`` facts, symmetry with both lines), the regions (reachability on the
doubled grid between places the lines do not cover; over the cells only,
with the dots and edges next to them, when nothing lies outside the panel:
:func:`cell_regions`), dots, triangles, coloured squares, stars,
polyominoes as placements (fixed, rotatable, negative; both
``polyomino_rules``; twins share their placements, and with negative pieces
a region's sums have one term a piece; with positive pieces under the
windmill reading and lines from rim to rim no piece lies across a line's
edge; said whatever the lines: no two positive placements overlap, and a
positive piece's cell outside its region lies under a negative piece) and
cancellers. The semantics are those of the rules checker,
:mod:`witness.model.rules`, the single source of truth:

- under the windmill reading with negative pieces (fact ``loose``) the
  cells' sums are said over the whole panel, not a region at a time: a
  relaxation, so the answer set says ``unsure`` and its line goes to
  :func:`witness.model.rules.check` (clingo proposes each line once, the
  answers projected on the line).
- cancellers are encoded as the checker reads them (panel_cancellers.lp):
  which invalid symbols each removes is a choice. The one thing a choice
  program cannot say is "these polyominoes do not tile", so when a
  canceller removes a polyomino from a region whose pieces have the right
  net area the answer set says ``unsure`` and its line goes to
  :func:`witness.model.rules.check`; so does one whose cancellers pair off
  in a region where the engine's order of the region decides whether they
  may (squares, stars or polyominoes of the last kind the region holds
  invalid are not all alike). Every other answer is exact.
  Cancellers under The Windmill's count (``canceller_rules``
  ``"windmill"``) are no choice: panel_cancellers_windmill.lp says the count
  (facts ``wkey/3`` give the order its squares' colours take); a
  canceller's region holding polyominoes that the answer set says do not fit
  makes it ``unsure``.
- lazy families (:func:`lazy_families`): a solve on a panel with
  polyominoes or cancellers runs in two stages taking turns
  (:func:`stage_schedule`): after a short prelude, the whole encoding for
  ``AspSettings.first_conflicts`` conflicts, then the tiling and the
  cancellers left to the checker for ``AspSettings.lazy_conflicts``, each
  stage with twice its conflicts at its next turn, so neither is lost for
  good; each stage and configuration is grounded once and every turn of it
  is one more solve call of its control (:class:`Stage`), which goes on
  with what clingo learnt at its turns before. In the lazy stage the
  families' encodings are left out (only each piece's net area stays,
  panel_polyomino_area.lp; a canceller's region is relaxed for every
  family, panel_cancellers_lazy.lp), and every line clingo proposes has the
  regions of the pieces and cancellers checked by
  :func:`witness.model.rules.check_region`. A rejected region becomes a
  nogood over ``covered/1``, its boundary places covered and its own places
  not: any line that makes the same region (the same places, so the same
  symbols and the same sides on the lines) is rejected too, so clingo never
  proposes it again. A region with a cell that none of its pieces can
  cover (a dead cell, :meth:`LazyCheck.dead_cell`) becomes a wider nogood
  instead, over the cell, the places that keep each way of laying a piece
  over it out of the region and the pieces the region holds. Exact: a line
  is given only when every such region passes. A region whose tiling the
  checker's search cannot decide within ``AspSettings.hard_region_seconds``
  (no cancellers, windmill reading) is tiled by clingo (region_tiling.lp,
  :func:`region_tiles`). Counting uses the whole encoding.
- redundant rules, exact either way, that clingo cannot learn or learns
  late: parity (panel_parity.lp: on a panel of stars and cancellers whose
  other symbols are dots, triangles and squares of no star's colour, the
  stars and cancellers are as many, to 2, as the dots off the lines and
  the wrong triangles; not under The Windmill's count), parted
  (panel_regions.lp: with every line from rim to rim and nothing outside,
  no region holds the two cells beside a line's edge), together
  (panel_regions.lp: two sources in one region reach the same cells, up to
  ``AspSettings.together_sources`` sources) and tones (panel_dots.lp: with
  dots on half the vertices or more, the line's vertices counted by their
  chessboard colour).

A line a solve finds goes to the rules checker for a second opinion: a line
it rejects is an error (the encoding and the checker disagree). It takes as
long as the solve did, at least ``AspSettings.second_opinion_seconds``;
when it stops first the line stands (an exact answer set holds the tiling
the checker was looking for); ``extra["second_opinion"]`` says ``agrees`` or
``stopped`` (empty without a line).

Counting enumerates every answer set, projected on the line so that several
tilings of one line count once (:class:`~witness.search.count.CountResult`). A
time limit stops clingo and says so: the status is ``timed_out`` and the count
is only a lower bound. The limit bounds grounding too (:func:`ground_by`)
and interrupts clingo's search, and the rules check of a line stops at it
(:class:`~witness.model.rules.CheckStopped`). clingo runs with ``--eq=0``
(its equivalence preprocessing once gave an answer set with an unsupported
region), with ``AspSettings.configuration`` (trendy), a staged solve's whole
encoding taking ``AspSettings.whole_configurations`` in turn after a prelude
(``prelude_conflicts`` under tweety; on a panel with polyominoes first
``line_first_conflicts`` deciding the line before the pieces). On a panel
with dots and no polyominoes clingo also runs with ``--heuristic=Domain``
and tries covering a dot first (panel_dots.lp).
"""

from __future__ import annotations

from witness.search.asp_solver.control import (
    ground_by,
    grounding_left,
    path_from_edges,
    symbol_vertex,
    wait_by,
)
from witness.search.asp_solver.driver import (
    Turn,
    asp_summary,
    count_panel_asp,
    solve_panel_asp,
    stage_schedule,
)
from witness.search.asp_solver.lazy import LazyCheck, region_tiles
from witness.search.asp_solver.program import cell_regions, is_exact, lazy_families, panel_program
from witness.search.asp_solver.settings import DEFAULT_SETTINGS, AspSettings
from witness.search.asp_solver.stage import Enumeration, Stage, panel_lines, stage_options

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
    "grounding_left",
    "is_exact",
    "lazy_families",
    "panel_lines",
    "panel_program",
    "path_from_edges",
    "region_tiles",
    "solve_panel_asp",
    "stage_options",
    "stage_schedule",
    "symbol_vertex",
    "wait_by",
]
