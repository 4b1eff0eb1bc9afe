"""The one A* driver, ``witness.search.solve``: it takes any panel and runs
the compiled core on it (:mod:`witness.search.panel_search`) with the
settings :func:`core_for` picks. A panel of the paper's form (triangles only, one start, one end
elsewhere on the rim: :func:`witness.model.puzzle.is_paper_form`) is the
triangle family: with a built-in predicate (none, the paper's pi_baseline,
Table 3) or a learned program over the paper's Table 1 features it runs in
the core's paper mode (:data:`witness.search.panel_search.PAPER_MODE`: the
paper's rules and tie-breaking). Every other panel, and a learned program
over the panel features, runs under the general rules. The pipeline's
stages and the command line call these, so the same stage runs on every
panel type.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from typing import cast

from witness.errors import InputError
from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.puzzle import is_paper_form
from witness.model.rules import PathError, is_solution, lines_of, path_violations
from witness.search import panel_geometry, panel_search
from witness.search.panel_features import reads_panel_features
from witness.search.predicates import BUILTINS, Predicate
from witness.search.result import SolveResult


def paper_form(puzzle: Panel, predicate: Predicate | None = None) -> bool:
    """Do the search and ``predicate`` read ``puzzle`` in the paper's form
    (:func:`witness.model.puzzle.is_paper_form`; Table 1's features, the paper
    mode)? False when they read the panel: a panel of another form, or a
    learned program over the panel features. ``predicate`` None stands for a
    built-in one."""
    if predicate is not None and reads_panel_features(predicate):
        return False
    return is_paper_form(puzzle.to_panel())


def core_for(
    puzzle: Panel, predicate: Predicate | None = None
) -> tuple[Panel, panel_search.CoreSettings]:
    """What :func:`solve` searches and how: the panel and the core's settings,
    the paper mode (:data:`~witness.search.panel_search.PAPER_MODE`) where the
    predicate reads the paper's form (:func:`paper_form`), the general rules
    otherwise."""
    panel = puzzle.to_panel()
    if paper_form(panel, predicate):
        return panel, panel_search.PAPER_MODE
    return panel, panel_search.GENERAL


def builtin(predicate: Predicate | str) -> Predicate:
    """A predicate, or the built-in one of that name (none, baseline, paper)."""
    if isinstance(predicate, Predicate):
        return predicate
    if predicate not in BUILTINS:
        raise InputError(f"predicate {predicate!r}: expected one of {', '.join(BUILTINS)}")
    return BUILTINS[predicate]


def build_geometry(
    puzzle: Panel, predicate: Predicate | str | None = None
) -> panel_geometry.PanelGeometry:
    """The compiled search's precomputed tables for ``puzzle`` (as
    :func:`solve` with ``predicate`` will search it)."""
    searched, _ = core_for(puzzle, None if predicate is None else builtin(predicate))
    return panel_geometry.build_panel_geometry(searched)


# Loading the core from numba's disk cache takes a second or two on an idle machine;
# longer means it is being compiled, or the machine is busy: the notice says both.
NOTICE_AFTER_SECONDS = 3.0
COMPILE_NOTICE = (
    "still loading the search core: numba compiles it when its cache lacks it "
    "(the first time, or after a change to its file; about 40 s of CPU and 0.9 GB, "
    "docs/cluster.md), later runs load it from the cache"
)


def warm_up(
    notice: Callable[[str], None] | None = None, notice_after: float = NOTICE_AFTER_SECONDS
) -> None:
    """Load the compiled core :func:`solve` runs, so no timed solve pays for it.
    When loading it takes longer than ``notice_after`` seconds (it is being
    compiled), ``notice`` is called once, from another thread, with a sentence
    saying so."""
    timer = None
    if notice is not None:
        timer = threading.Timer(notice_after, notice, [COMPILE_NOTICE])
        timer.daemon = True
        timer.start()
    try:
        panel_search.warm_up()
    finally:
        if timer is not None:
            timer.cancel()


def solve(
    puzzle: Panel,
    predicate: Predicate | str,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    geometry: panel_geometry.PanelGeometry | None = None,
    stop: threading.Event | None = None,
    prefix: Sequence[Vertex] | None = None,
) -> SolveResult:
    """A* (Algorithm 1) with ``predicate`` on any panel (the paper's triangle puzzles too), in
    the compiled core (:func:`witness.search.panel_search.solve_panel`, with
    the settings :func:`core_for` picks), with its budgets and statuses.
    ``geometry``, when given, comes from :func:`build_geometry` of the same
    puzzle and predicate.

    ``prefix``, a line drawn so far (from a start, by the drawing rules:
    :func:`check_prefix`), makes the search go on from it alone: the solution
    found extends it, and ``unsolvable`` says that no completion of it solves
    the panel (with a sound predicate)."""
    predicate = builtin(predicate)
    line = None if prefix is None else check_prefix(puzzle, prefix)
    searched, settings = core_for(puzzle, predicate)
    # (the triangle family's line ends at its goal: the paper mode would go past it)
    if line is not None and settings.paper and line[-1] in searched.ends:
        return _finished(searched, line, predicate, mode, base_prune)
    return panel_search.solve_panel(
        searched,
        predicate,
        mode=mode,
        base_prune=base_prune,
        time_limit=time_limit,
        max_expansions=max_expansions,
        memory_mb=memory_mb,
        geometry=geometry,
        stop=stop,
        prefix=line,
        settings=settings,
    )


def _finished(
    panel: Panel, line: list[Vertex], predicate: Predicate, mode: str, base_prune: bool
) -> SolveResult:
    """A search from a line that already ends at the goal: the goal test alone."""
    solved = is_solution(panel, line)
    return SolveResult(
        solved=solved,
        path=line if solved else None,
        expansions=0,
        generated=0,
        seconds=0.0,
        timed_out=False,
        status="solved" if solved else "unsolvable",
        predicate=predicate.name,
        mode=mode + ("+base" if base_prune else ""),
    )


def check_prefix(puzzle: Panel, prefix: Sequence[Vertex], option: str = "--from") -> list[Vertex]:
    """``prefix`` as a list of vertices, when it is a line a player can have
    drawn so far on ``puzzle`` (from a start, along edges, never twice through
    a vertex, no gap crossed; with symmetry, its mirror image too); InputError
    naming ``option`` and what is wrong otherwise."""
    panel = puzzle.to_panel()
    # (a start's or an end's edge midpoint keeps its half)
    line = [cast(Vertex, tuple(int(c) if c % 1 == 0 else c for c in v)) for v in prefix]
    try:
        lines = lines_of(panel, line)
    except PathError as exc:
        raise InputError(f"{option}: {str(exc).removeprefix('path: ')}") from None
    broken = path_violations(panel, lines, finished=False)
    if broken:
        raise InputError(f"{option}: {broken[0].message}")
    return line


if __name__ == "__main__":  # scripts/setup.sh: compile the core ahead of the first solve
    warm_up(notice=lambda text: print(f"[setup] {text}", file=sys.stderr, flush=True))
