"""One way to run A* on whatever a set holds: triangle puzzles go to their own
compiled search (:mod:`witness.search.astar`), every other panel to the
general one (:mod:`witness.search.panel_search`). The pipeline's stages call
these, so the same stage runs on triangle puzzles and on panels of any type.
"""

from __future__ import annotations

import threading

from witness.model.panel import Panel
from witness.model.puzzle import Puzzle
from witness.search import astar, panel_search
from witness.search.panel_features import reads_panel_features
from witness.search.predicates import Predicate
from witness.search.result import SolveResult

Searchable = Puzzle | Panel


def build_geometry(puzzle: Searchable):
    """The compiled search's precomputed tables for ``puzzle``."""
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
    """A* with ``predicate`` (as :func:`witness.search.astar.solve`) on a
    triangle puzzle or a panel. A learned family program (over the panel
    features) runs in the general search even on a triangle puzzle, where it
    has no object to fire on."""
    if not isinstance(puzzle, Panel) and reads_panel_features(predicate):
        puzzle, geometry = puzzle.to_panel(), None
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


def single_start(puzzle: Searchable):
    """The one start of ``puzzle`` (None for a panel with several)."""
    if isinstance(puzzle, Panel):
        return puzzle.starts[0] if len(puzzle.starts) == 1 else None
    return puzzle.start
