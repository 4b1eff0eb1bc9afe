"""A panel of the paper's form (:func:`witness.model.puzzle.is_paper_form`)
solved with clingo: the encoding ``path.lp`` and the panel as facts."""

from __future__ import annotations

import time

import clingo

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.puzzle import check_paper_form
from witness.search.asp_solver.control import (
    ground_by,
    pair,
    path_from_edges,
    symbol_vertex,
    wait_by,
)
from witness.search.encodings import encoding
from witness.search.result import SolveResult


def puzzle_facts(panel: Panel) -> str:
    """A panel of the paper's form as ASP facts for ``path.lp``: ``start/1``,
    ``goal/1`` and ``tri/2`` (a PuzzleError for a panel of another form)."""
    panel = panel.to_panel()
    check_paper_form(panel)
    facts = [f"start({pair(panel.starts[0])}).", f"goal({pair(panel.ends[0])})."]
    facts += [f"tri({pair((x, y))}, {k})." for x, y, k, _ in panel.triangles]
    return "\n".join(facts) + "\n"


def solve_asp(puzzle: Panel, time_limit: float | None = None) -> SolveResult:
    """Solve ``puzzle``, a panel of the paper's form, with clingo: ``expansions``
    are clingo's choices."""
    panel = puzzle.to_panel()
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    ctl = clingo.Control(["--models=1", f"-c rows={panel.rows}", f"-c cols={panel.cols}"])
    grounded = ground_by(ctl, encoding("path.lp") + puzzle_facts(panel), deadline)
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
    path = path_from_edges(panel.starts[0], edges) if solved else None
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
