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
"""

from __future__ import annotations

import time
from collections.abc import Iterable

import clingo

from witness.model.puzzle import Puzzle, Vertex
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
    ctl = clingo.Control(["--models=1", f"-c rows={puzzle.rows}", f"-c cols={puzzle.cols}"])
    ctl.add("base", [], encoding("path.lp") + puzzle_facts(puzzle))
    ctl.ground([("base", [])])
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
    timed_out = remaining is not None and remaining <= 0
    satisfiable = False
    if not timed_out:
        with ctl.solve(on_model=on_model, async_=True) as handle:
            if not handle.wait(remaining):
                handle.cancel()
                timed_out = True
            satisfiable = bool(handle.get().satisfiable)
    t_end = time.perf_counter()

    solved = satisfiable and not timed_out
    path = path_from_edges(puzzle.start, edges) if solved else None
    stats = ctl.statistics["solving"]["solvers"]
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
