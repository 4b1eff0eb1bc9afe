"""A* round a narrow pillar (1 or 2 columns, :attr:`Panel.narrow
<witness.model.panel.Panel.narrow>`), where two edges join the same two
vertices and the compiled core's arrays (a neighbour per vertex and
direction) cannot say which one a step takes.

The search is the general core's (:mod:`witness.search.panel_search`) on the
pillar's two-fold cover, written out in Python: a path is a line with
unwrapped columns (each step one column or row on, or half of one to or from
a start's or an end's midpoint; :meth:`Panel.neighbours
<witness.model.panel.Panel.neighbours>` gives the steps), never on two
vertices that are one vertex of the pillar (:meth:`Panel.base
<witness.model.panel.Panel.base>`), which is the cover's rule that the line
is never on both lifts of a vertex. The key is (g + h, h, n), h the rows to
the nearest end plus the columns round to it, counted on the doubled grid
and halved (a lower bound: each step covers one row or column, or half of
one); every path whose head is an end is a candidate, and the goal test is
the rules checker (:func:`witness.model.rules.is_solution`), as on every
pillar; a line may pass an end and go on. No predicate prunes here (the
panel features count places as on a rectangle), so an empty open list is
``unsolvable``: every line was tried. Such pillars are small (2 x 10 cells
at most in the community's editor)."""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Sequence

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.rules import CheckStopped, is_solution
from witness.search.result import SolveResult


def _distance(panel: Panel, v: Vertex) -> float:
    """Steps at least from ``v`` to the nearest end (module doc)."""
    width = 2 * panel.cols
    best = float("inf")
    for e in panel.ends:
        dx = abs(2 * panel.base(v)[0] - 2 * e[0]) % width
        best = min(best, (min(dx, width - dx) + abs(2 * v[1] - 2 * e[1])) / 2)
    return best


def _may_start(panel: Panel, s: Vertex) -> bool:
    """May the line start at ``s`` (not on a gap; with symmetry, nor its mirror
    image, and off the mirror axis)?"""
    if panel.symmetry is None:
        return not panel.on_gap(s)
    image = panel.base(panel.mirror(s))
    return not (panel.on_gap(s) or panel.on_gap(image)) and image != panel.base(s)


def _taken(panel: Panel, line: tuple) -> set[Vertex]:
    """The vertices of the pillar under the line and its mirror image."""
    seen = {panel.base(v) for v in line}
    if panel.symmetry is not None:
        seen |= {panel.base(panel.mirror(v)) for v in line}
    return seen


def _may_step(panel: Panel, v: Vertex, w: Vertex, seen: set[Vertex]) -> bool:
    """May the line step from its head ``v`` to ``w``: off both lines, and with
    symmetry the mirror line's step legal and off both lines too?"""
    if panel.base(w) in seen:
        return False
    if panel.symmetry is None:
        return True
    image = panel.base(panel.mirror(w))
    return panel.mirror_allows(v, w) and image not in seen and image != panel.base(w)


def solve_narrow(
    panel: Panel,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    stop: threading.Event | None = None,
    prefix: Sequence[Vertex] | None = None,
) -> SolveResult:
    """Search a narrow pillar (module doc); statuses and budgets as
    :func:`witness.search.panel_search.solve_panel`'s (no memory budget: the
    open list of such a pillar stays small)."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    firsts = [tuple(prefix)] if prefix else [(s,) for s in panel.starts if _may_start(panel, s)]
    counter = 0
    heap: list[tuple[float, float, int, tuple]] = []
    for line in firsts:
        h = _distance(panel, line[-1])
        heap.append((len(line) - 1 + h, h, counter, line))
        counter += 1
    heapq.heapify(heap)
    expansions, status, found = 0, "unsolvable", None
    try:
        for line in firsts:  # a line that is at an end already (a start that is an end)
            if panel.base(line[-1]) in panel.ends and is_solution(panel, list(line), deadline):
                found = list(line)
                break
        while heap and found is None:
            if deadline is not None and time.perf_counter() >= deadline:
                status = "timed_out"
                break
            if stop is not None and stop.is_set():
                status = "stopped"
                break
            if max_expansions is not None and expansions >= max_expansions:
                status = "expansion_budget"
                break
            _, _, _, line = heapq.heappop(heap)
            expansions += 1
            seen = _taken(panel, line)
            for w in panel.neighbours(line[-1]):
                if not _may_step(panel, line[-1], w, seen):
                    continue
                child = (*line, w)
                if panel.base(w) in panel.ends and is_solution(panel, list(child), deadline):
                    found = list(child)
                    break
                h = _distance(panel, w)
                heapq.heappush(heap, (len(child) - 1 + h, h, counter, child))
                counter += 1
    except CheckStopped:
        status = "timed_out"
    if found is not None:
        status = "solved"
    return SolveResult(
        solved=found is not None,
        path=found,
        expansions=expansions,
        generated=counter,
        seconds=time.perf_counter() - t0,
        timed_out=status == "timed_out",
        status=status,
        predicate="none",
        mode="narrow",
        extra={"stored_paths": len(heap), "core_seconds": 0.0},
    )
