"""The rules of a Witness panel: the single source of truth for whether a line
solves a :class:`~witness.model.panel.Panel`, and which constraints it breaks.

The semantics are those of the community engine (jbzdarkid's witnesspuzzles.com
``engine/validate.js``), written anew here:

- The line starts at a start, ends at an end, never repeats a vertex and never
  uses a gap or a removed edge. With symmetry the second line is the mirror
  image of the first; neither may touch the other, at its start and end too
  (so the first line never visits a vertex on the mirror axis: a start or an
  end there gives no line), and the mirror line obeys the same rules.
- Regions are computed on the doubled grid (vertex ``(x, y)`` at ``(2x, 2y)``,
  cell at ``(2x + 1, 2y + 1)``, an edge at its middle): the connected parts of
  everything the lines do not cover and missing edges have not cut off
  (:attr:`Panel.outside <witness.model.panel.Panel.outside>`). A dot the lines
  miss lies in a region like a symbol does.
- In a region, with every symbol present: an uncovered dot, a triangle whose
  cell has a different number of sides on the lines, and a star whose colour
  nothing else in the region has are *very invalid* (no other cancellation can
  mend them); squares of more than one colour (all of them), a star with more
  than one other symbol of its colour, and polyominoes that do not fit (all of
  them) are *invalid*. Every symbol with a colour counts for stars:
  triangles, squares, stars, polyominoes and cancellers.
- Polyominoes fit (:func:`polyominoes_fit`) when the positive ones, less the
  negative ones, cover the region's cells exactly once. The negative ones may
  lie anywhere in the grid; a positive one never spans an edge the line uses
  unless a negative one covers that edge (the engine's "precise"
  polyominoes). When the areas are equal the region is not constrained: the
  negative pieces must exactly cancel the positive ones. A panel with
  ``polyomino_rules`` ``"windmill"`` (The Windmill's reading) drops the edge
  rule (pieces are their cells only) and lets pieces lie partly off the grid
  where negative ones cancel them, within the extent of the panel's largest
  piece of it; pieces whose areas cancel pass there whatever their shapes
  (The Windmill counts cells, its engine's ``validate.js``). The engine's
  own settings: ``polyomino_rules`` ``"imprecise"`` (PRECISE_POLYOMINOS off)
  drops the edge rule alone, and ``shapeless_zero`` (SHAPELESS_ZERO_POLY)
  lets pieces whose areas cancel pass whatever their shapes.
- Cancellers: each removes one symbol of its region, and every one must be
  used. The very invalid symbols are all removed; each remaining canceller
  removes an invalid one or pairs with another canceller; then, without the
  cancellers and what they removed, the region must have no error. As the
  engine (``validate.js``, regionCheckNegations2) lists the invalid symbols
  (squares, then stars, then polyominoes, each in its flood fill's order of
  the region, :func:`~witness.model.rules.cancellers.engine_order`) and
  gives each spare canceller one later in the list than the one before,
  cancellers pair off only once one of them took the list's last symbol
  (or one interchangeable with it), and never under ``canceller_rules``
  ``"unpaired"`` (the engine's NEGATIONS_CANCEL_NEGATIONS off).
  ``benchmarks/engine_agreement.py`` runs the engine beside this checker:
  docs/results-community.md, "The checker beside the community engine".
- A panel with ``canceller_rules`` ``"windmill"`` (The Windmill's engine,
  ``src/validate.js`` of thefifthmatt/windmill-client) counts instead of
  searching: a region's cancellers must be spent exactly, one on each square
  of every colour but the one its engine keeps (:func:`windmill_region`), on
  as many stars of a colour not held by exactly two symbols as leave two of
  it (all of them when one star or too few stay), on each dot off the lines
  and wrong triangle, and on the polyominoes when they do not fit (all of
  them when there are as many cancellers left, else one piece when one is
  left and the rest fit). A canceller counts as a white symbol for stars all
  the while (the importer colours The Windmill's cancellers white), and
  nothing is checked again after the count: a region whose count comes out
  at its cancellers is right, one whose count does not has its cancellers
  and broken symbols wrong. Regions without cancellers are read as above.
- A blue (yellow) dot covered by the yellow (blue) line is wrong, and no
  canceller mends that.

A polyomino tiling search can take long on a region of many pieces, so
:func:`check` takes an optional deadline (a :func:`time.perf_counter` time);
past it, the check raises :class:`CheckStopped` rather than answer.

One module per step or constraint family, each importing only those before it
in this list: :mod:`~witness.model.rules.records` (places, elements,
violations, verdicts), :mod:`~witness.model.rules.regions` (the flood and
the panel's memo), :mod:`~witness.model.rules.lines` (the line walk and
symmetry), :mod:`~witness.model.rules.tiling` (the tiling search),
:mod:`~witness.model.rules.polyominoes`, :mod:`~witness.model.rules.symbols`
(dots, triangles, squares, stars), :mod:`~witness.model.rules.cancellers`,
:mod:`~witness.model.rules.messages` (what a player reads of a violation:
its counts, its place in words), :mod:`~witness.model.rules.checker`
(:func:`check`, :func:`is_solution`), :mod:`~witness.model.rules.partial`
(a line drawn so far: what it broke for good, whether it can be completed).
The sizes of the caches (``ERRORS_KEPT``, ``TILINGS_KEPT``, ``FAILED_KEPT``)
live in the modules that read them.
"""

from witness.model.panel import Dot
from witness.model.rules.cancellers import (
    check_region,
    windmill_colour_text,
    windmill_region,
    windmill_square_key,
)
from witness.model.rules.checker import check, is_solution
from witness.model.rules.lines import (
    completions,
    covered,
    enumerate_lines,
    lines_of,
    path_violations,
    random_walk,
)
from witness.model.rules.partial import PartialLine, partial_line
from witness.model.rules.polyominoes import (
    TilingTerms,
    placements,
    polyominoes_fit,
    tiling_terms,
)
from witness.model.rules.records import (
    CELL_KINDS,
    CheckStopped,
    Element,
    PathError,
    Point,
    Verdict,
    Violation,
    cell_point,
    is_cell_point,
    point,
)
from witness.model.rules.regions import elements, regions
from witness.model.rules.symbols import region_errors
from witness.model.rules.tiling import piece_cover

__all__ = [
    "CELL_KINDS",
    "CheckStopped",
    "Dot",
    "Element",
    "PartialLine",
    "PathError",
    "Point",
    "TilingTerms",
    "Verdict",
    "Violation",
    "cell_point",
    "check",
    "check_region",
    "completions",
    "covered",
    "elements",
    "enumerate_lines",
    "is_cell_point",
    "is_solution",
    "lines_of",
    "partial_line",
    "path_violations",
    "piece_cover",
    "placements",
    "point",
    "polyominoes_fit",
    "random_walk",
    "region_errors",
    "regions",
    "tiling_terms",
    "windmill_colour_text",
    "windmill_region",
    "windmill_square_key",
]
