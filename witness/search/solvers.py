"""The one A* driver, ``witness.search.solve``: it takes any panel (or the
paper's triangle puzzle) and runs the compiled core for it. A panel of the
paper's form (triangles only, one start, one end elsewhere on the rim:
:func:`witness.model.puzzle.search_view`) runs in the triangle family's core
(:mod:`witness.search.astar`: the paper's pi_baseline, Table 3 and learned
Table 1 programs, the paper's tie-breaking); every other panel, and a learned
program over the panel features, in the general core
(:mod:`witness.search.panel_search`). The pipeline's stages and the command
line call these, so the same stage runs on every panel type.
"""

from __future__ import annotations

import threading

from witness.model.panel import Panel
from witness.model.puzzle import Puzzle, search_view
from witness.search import astar, panel_search
from witness.search.panel_features import reads_panel_features
from witness.search.predicates import Predicate
from witness.search.result import SolveResult

Searchable = Puzzle | Panel
_GEOMETRY = {False: astar.Geometry, True: panel_search.PanelGeometry}


def core_input(puzzle: Searchable, predicate: Predicate | None = None) -> Searchable:
    """What the chosen core reads: the paper's puzzle form of a panel that has
    one, the panel itself otherwise, and always the panel for a learned
    program over the panel features (it has no object to fire on otherwise)."""
    if predicate is not None and reads_panel_features(predicate):
        return puzzle if isinstance(puzzle, Panel) else puzzle.to_panel()
    return search_view(puzzle) if isinstance(puzzle, Panel) else puzzle


def build_geometry(puzzle: Searchable, predicate: Predicate | None = None):
    """The compiled search's precomputed tables for ``puzzle`` (as
    :func:`solve` with ``predicate`` will search it)."""
    puzzle = core_input(puzzle, predicate)
    if isinstance(puzzle, Panel):
        return panel_search.build_panel_geometry(puzzle)
    return astar.build_geometry(puzzle)


def warm_up() -> None:
    """Load both compiled cores, so no timed solve pays for it."""
    astar.warm_up()
    panel_search.warm_up()


def solve(
    puzzle: Searchable,
    predicate: Predicate,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    geometry=None,
    stop: threading.Event | None = None,
) -> SolveResult:
    """A* (Algorithm 1) with ``predicate`` on any panel or triangle puzzle, in
    the core :func:`core_input` picks; budgets, statuses and the result as in
    :func:`witness.search.astar.solve`. ``geometry``, when given, comes from
    :func:`build_geometry` of the same puzzle and predicate."""
    puzzle = core_input(puzzle, predicate)
    if not isinstance(geometry, _GEOMETRY[isinstance(puzzle, Panel)]):
        geometry = None  # built for the other core (a set's geometry, shared by predicates)
    search = panel_search.solve_panel if isinstance(puzzle, Panel) else astar.solve
    return search(
        puzzle,
        predicate,
        mode=mode,
        base_prune=base_prune,
        time_limit=time_limit,
        max_expansions=max_expansions,
        memory_mb=memory_mb,
        geometry=geometry,
        stop=stop,
    )
