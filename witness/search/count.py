"""Counting every solution of a panel (``witness solve --count``).

Two counters give the same :class:`CountResult`: the rules checker over every
legal line (:func:`count_with_checker`, brute force, small panels only) and
clingo (:func:`witness.search.asp_solver.count_panel_asp`). A time limit stops
either one and says so: the status is ``timed_out``, ``count`` is None and
``at_least`` holds the solutions found so far, never a count passed off as
complete.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.rules import CheckStopped, enumerate_lines, is_solution

COUNT_STATUSES = ("counted", "timed_out")


@dataclass
class CountResult:
    """``count`` is exact when ``status`` is ``counted``; None when the time
    limit stopped the count (``timed_out``), with ``at_least`` found so far."""

    count: int | None
    at_least: int
    status: str  # one of COUNT_STATUSES
    seconds: float
    solver: str  # "asp" (clingo) or "checker" (the rules checker's enumeration)

    def to_dict(self) -> dict:
        return {
            "count": self.count,
            "at_least": self.at_least,
            "status": self.status,
            "timed_out": self.status == "timed_out",
            "seconds": self.seconds,
            "solver": self.solver,
        }

    def summary(self) -> str:
        if self.count is None:
            return (
                f"{self.status}: at least {self.at_least} solutions, stopped after "
                f"{self.seconds:.4f} s ({self.solver})"
            )
        return f"{self.status}: {self.count} solutions, {self.seconds:.4f} s ({self.solver})"


def count_lines(
    lines: Iterable[list[Vertex]], complete: Callable[[], bool], solver: str, t0: float
) -> CountResult:
    """Count what ``lines`` yields; ``complete()`` says afterwards whether it ran to the end."""
    found = sum(1 for _ in lines)
    done = complete()
    return CountResult(
        count=found if done else None,
        at_least=found,
        status="counted" if done else "timed_out",
        seconds=time.perf_counter() - t0,
        solver=solver,
    )


def count_with_checker(panel: Panel, time_limit: float | None = None) -> CountResult:
    """Count the legal lines (:func:`~witness.model.rules.enumerate_lines`) the
    rules checker accepts; the time limit is looked at between lines and
    inside the checker's tiling search."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    stopped = False

    def solutions() -> Iterable[list[Vertex]]:
        nonlocal stopped
        for line in enumerate_lines(panel):
            if deadline is not None and time.perf_counter() >= deadline:
                stopped = True
                return
            try:
                solved = is_solution(panel, line, deadline)
            except CheckStopped:  # one line's check ran past the limit
                stopped = True
                return
            if solved:
                yield line

    return count_lines(solutions(), lambda: not stopped, "checker", t0)
