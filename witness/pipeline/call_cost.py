"""A translated predicate's cost per call: microseconds per partial path.

The search core's kernel (the one ``witness predicate`` runs) evaluates the
predicate on a fixed list of partial paths, every square or object of the
puzzle on each path, with its features computed from the path. Its
arguments are prepared once and only the kernel call is timed, best of
``repeats``, after one call that loads the compiled kernel, so Python's
set-up is not counted. In A* the features are kept incrementally, so this
is an upper bound on a call's cost there; it ranks predicates by what they
read (a predicate reading reachability pays for the flood fill).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.search.predicates import Predicate
from witness.search.solvers import paper_form


def kernel_call(
    panel: Panel, predicate: Predicate, paths: Sequence[Sequence[Vertex]]
) -> Callable[[], object]:
    """A function that runs the search core's kernel once on ``paths``: the
    paper mode's for a Table 1 predicate on a panel of the paper's form
    (:func:`~witness.search.solvers.paper_form`), the learned family
    program's otherwise."""
    from witness.search.panel_search import program_call, table_call

    if paper_form(panel, predicate):
        return table_call(panel, predicate, paths)
    return program_call(panel, predicate, paths)


def partial_paths(
    panel: Panel, predicate: Predicate, paths: Sequence[Sequence[Vertex]]
) -> list[list[Vertex]]:
    """The paths the kernel takes: in the paper's form, those not at the goal."""
    vertices = [[(v[0], v[1]) for v in p] for p in paths]
    if not paper_form(panel, predicate):
        return vertices
    return [p for p in vertices if p and p[-1] not in panel.ends]


def microseconds_per_call(
    sets: Sequence[tuple[Panel, Sequence[Sequence[Vertex]]]],
    predicate: Predicate,
    repeats: int = 20,
) -> float | None:
    """Microseconds per partial path of ``predicate`` over ``sets`` (panel,
    its paths): each panel's best of ``repeats`` kernel calls, summed, over
    the number of paths; None without a path."""
    seconds, count = 0.0, 0
    for panel, paths in sets:
        paths = partial_paths(panel, predicate, paths)
        if not paths:
            continue
        run = kernel_call(panel, predicate, paths)
        run()  # loads the compiled kernel
        best = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - t)
        seconds += best
        count += len(paths)
    return seconds / count * 1e6 if count else None
