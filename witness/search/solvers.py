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

import sys
import threading
from collections.abc import Callable, Sequence
from typing import cast

from witness.errors import InputError
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle, Vertex, search_view
from witness.model.rules import PathError, is_solution, lines_of, path_violations
from witness.search import astar, panel_geometry, panel_search
from witness.search.panel_features import reads_panel_features
from witness.search.predicates import BUILTINS, Predicate
from witness.search.result import SolveResult

Searchable = Puzzle | Panel
_GEOMETRY = {False: astar.Geometry, True: panel_geometry.PanelGeometry}


def core_input(puzzle: Searchable, predicate: Predicate | None = None) -> Searchable:
    """What the chosen core reads: the paper's puzzle form of a panel that has
    one, the panel itself otherwise, and always the panel for a learned
    program over the panel features (it has no object to fire on otherwise)."""
    if predicate is not None and reads_panel_features(predicate):
        return puzzle.to_panel()
    return search_view(puzzle) if isinstance(puzzle, Panel) else puzzle


def builtin(predicate: Predicate | str) -> Predicate:
    """A predicate, or the built-in one of that name (none, baseline, paper)."""
    if isinstance(predicate, Predicate):
        return predicate
    if predicate not in BUILTINS:
        raise InputError(f"predicate {predicate!r}: expected one of {', '.join(BUILTINS)}")
    return BUILTINS[predicate]


def build_geometry(puzzle: Searchable, predicate: Predicate | str | None = None):
    """The compiled search's precomputed tables for ``puzzle`` (as
    :func:`solve` with ``predicate`` will search it)."""
    puzzle = core_input(puzzle, None if predicate is None else builtin(predicate))
    if isinstance(puzzle, Panel):
        return panel_geometry.build_panel_geometry(puzzle)
    return astar.build_geometry(puzzle)


# Loading a core from numba's disk cache takes a second or two on an idle machine;
# longer means it is being compiled, or the machine is busy: the notice says both.
NOTICE_AFTER_SECONDS = 3.0
COMPILE_NOTICE = (
    "still loading the {core} search core: numba compiles it when its cache lacks it "
    "(the first time, or after a change to its file; about 40 s of CPU and 0.9 GB "
    "for the panel core, docs/cluster.md), later runs load it from the cache"
)


def warm_up(
    puzzle: Searchable | None = None,
    predicate: Predicate | str | None = None,
    notice: Callable[[str], None] | None = None,
    notice_after: float = NOTICE_AFTER_SECONDS,
) -> None:
    """Load the compiled core :func:`solve` runs for ``puzzle`` and ``predicate``
    (both cores when no puzzle is given), so no timed solve pays for it. When
    loading a core takes longer than ``notice_after`` seconds (it is being
    compiled), ``notice`` is called once, from another thread, with a sentence
    saying so."""
    cores = [astar, panel_search]
    if puzzle is not None:
        searched = core_input(puzzle, None if predicate is None else builtin(predicate))
        cores = [panel_search if isinstance(searched, Panel) else astar]
    for core in cores:
        name = "panel" if core is panel_search else "triangle"
        timer = None
        if notice is not None:
            timer = threading.Timer(notice_after, notice, [COMPILE_NOTICE.format(core=name)])
            timer.daemon = True
            timer.start()
        try:
            core.warm_up()
        finally:
            if timer is not None:
                timer.cancel()


def solve(
    puzzle: Searchable,
    predicate: Predicate | str,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    geometry=None,
    stop: threading.Event | None = None,
    prefix: Sequence[Vertex] | None = None,
) -> SolveResult:
    """A* (Algorithm 1) with ``predicate`` on any panel or triangle puzzle, in
    the core :func:`core_input` picks; budgets, statuses and the result as in
    :func:`witness.search.astar.solve`. ``geometry``, when given, comes from
    :func:`build_geometry` of the same puzzle and predicate.

    ``prefix``, a line drawn so far (from a start, by the drawing rules:
    :func:`check_prefix`), makes the search go on from it alone: the solution
    found extends it, and ``unsolvable`` says that no completion of it solves
    the panel (with a sound predicate)."""
    predicate = builtin(predicate)
    line = None if prefix is None else check_prefix(puzzle, prefix)
    puzzle = core_input(puzzle, predicate)
    if not isinstance(geometry, _GEOMETRY[isinstance(puzzle, Panel)]):
        geometry = None  # built for the other core (a set's geometry, shared by predicates)
    if line is not None and not isinstance(puzzle, Panel) and line[-1] == puzzle.goal:
        return _finished(puzzle, line, predicate, mode, base_prune)  # the core goes past it
    search: Callable[..., SolveResult] = (
        panel_search.solve_panel if isinstance(puzzle, Panel) else astar.solve
    )
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
        prefix=line,
    )


def _finished(
    puzzle: Puzzle, line: list[Vertex], predicate: Predicate, mode: str, base_prune: bool
) -> SolveResult:
    """A search from a line that already ends at the goal: the goal test alone."""
    solved = is_solution(puzzle.to_panel(), line)
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


def check_prefix(
    puzzle: Searchable, prefix: Sequence[Vertex], option: str = "--from"
) -> list[Vertex]:
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


if __name__ == "__main__":  # scripts/setup.sh: compile both cores ahead of the first solve
    warm_up(notice=lambda text: print(f"[setup] {text}", file=sys.stderr, flush=True))
