"""The one A* driver, ``witness.search.solve``: it takes any panel (or the
paper's triangle puzzle) and runs the compiled core for it (:func:`core_for`).
A panel of the paper's form (triangles only, one start, one end elsewhere on
the rim: :func:`witness.model.puzzle.search_view`) is the triangle family:
with a built-in predicate (none, the paper's pi_baseline, Table 3) it runs
in the general core's paper mode (:data:`witness.search.panel_search.PAPER_MODE`:
the paper's rules and tie-breaking, the same status, expansions and path as
the triangle family's own core, :mod:`witness.search.astar`, and faster on
the family: benchmarks/bench_cores.py), and so does a learned program over the
paper's Table 1 features; the triangle core runs them when :class:`Cores`
asks for it. Every other panel, and a learned program over the panel
features, runs in the general core (:mod:`witness.search.panel_search`). The
pipeline's stages and the command line call these, so the same stage runs on
every panel type.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Cores:
    """Which compiled core runs the triangle family (:func:`core_for`).
    ``triangle``: the family's own core (:mod:`witness.search.astar`); else
    the general core in its paper mode, which gives the same status,
    expansions, path and paths generated (tests/test_cores.py) and is faster
    on the family or within 1.3x (docs/search.md, "The two cores on the same
    triangle puzzles")."""

    triangle: bool = False


DEFAULT_CORES = Cores()
# Every predicate of the triangle family in its own core, learned Table 1
# programs included: what the pipeline times, so that a speedup_t compares
# two predicates in one core, as the paper's and the reference runs' do.
TIMING_CORES = Cores(triangle=True)


def core_for(
    puzzle: Searchable, predicate: Predicate | None = None, cores: Cores = DEFAULT_CORES
) -> tuple[Searchable, panel_search.CoreSettings | None]:
    """What :func:`solve` searches and in which core: (the puzzle as the
    triangle core reads it, None) for the triangle core, (a panel, the general
    core's settings) for the general one. ``predicate`` None stands for a
    built-in one."""
    searched = core_input(puzzle, predicate)
    if isinstance(searched, Panel):
        return searched, panel_search.GENERAL
    if cores.triangle:
        return searched, None
    return searched.to_panel(), panel_search.PAPER_MODE


def builtin(predicate: Predicate | str) -> Predicate:
    """A predicate, or the built-in one of that name (none, baseline, paper)."""
    if isinstance(predicate, Predicate):
        return predicate
    if predicate not in BUILTINS:
        raise InputError(f"predicate {predicate!r}: expected one of {', '.join(BUILTINS)}")
    return BUILTINS[predicate]


def build_geometry(
    puzzle: Searchable, predicate: Predicate | str | None = None, cores: Cores = DEFAULT_CORES
):
    """The compiled search's precomputed tables for ``puzzle`` (as
    :func:`solve` with ``predicate`` and ``cores`` will search it)."""
    searched, settings = core_for(puzzle, None if predicate is None else builtin(predicate), cores)
    if settings is not None:
        return panel_geometry.build_panel_geometry(cast(Panel, searched))
    return astar.build_geometry(cast(Puzzle, searched))


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
    cores: Cores = DEFAULT_CORES,
) -> None:
    """Load the compiled core :func:`solve` runs for ``puzzle`` and ``predicate``
    (both cores when no puzzle is given), so no timed solve pays for it. When
    loading a core takes longer than ``notice_after`` seconds (it is being
    compiled), ``notice`` is called once, from another thread, with a sentence
    saying so."""
    loaded = [astar, panel_search]
    if puzzle is not None:
        chosen = core_for(puzzle, None if predicate is None else builtin(predicate), cores)
        loaded = [astar if chosen[1] is None else panel_search]
    for core in loaded:
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
    cores: Cores = DEFAULT_CORES,
) -> SolveResult:
    """A* (Algorithm 1) with ``predicate`` on any panel or triangle puzzle, in
    the core :func:`core_for` picks; budgets, statuses and the result as in
    :func:`witness.search.astar.solve`. ``geometry``, when given, comes from
    :func:`build_geometry` of the same puzzle, predicate and cores.

    ``prefix``, a line drawn so far (from a start, by the drawing rules:
    :func:`check_prefix`), makes the search go on from it alone: the solution
    found extends it, and ``unsolvable`` says that no completion of it solves
    the panel (with a sound predicate)."""
    predicate = builtin(predicate)
    line = None if prefix is None else check_prefix(puzzle, prefix)
    view = core_input(puzzle, predicate)
    searched, settings = core_for(puzzle, predicate, cores)
    if not isinstance(geometry, _GEOMETRY[settings is not None]):
        geometry = None  # built for the other core (a set's geometry, shared by predicates)
    # (the triangle family's line ends at its goal: its cores would go past it)
    if line is not None and (settings is None or settings.paper):
        panel = view.to_panel()
        if line[-1] in panel.ends:
            return _finished(panel, line, predicate, mode, base_prune)
    search: Callable[..., SolveResult] = astar.solve
    options = {}
    if settings is not None:
        search, options = panel_search.solve_panel, {"settings": settings}
    return search(
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
        **options,
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
