"""Several A* searches at once, stopped together when one solves the puzzle
(section 6 of the paper: an unverified predicate run beside a complete search)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from witness.model.panel import Panel
from witness.search.predicates import Predicate
from witness.search.result import SolveResult
from witness.search.solvers import build_geometry, solve


@dataclass(frozen=True)
class Member:
    """One search of a portfolio: a predicate and how it is used."""

    predicate: Predicate
    mode: str = "prune"
    base_prune: bool = False


def solve_portfolio(
    puzzle: Panel,
    members: list[Member],
    time_limit: float | None = None,
    memory_mb: float | None = None,
) -> tuple[SolveResult, list[SolveResult]]:
    """Run several A* searches at once (threads: the compiled core releases the
    GIL) and stop them all when one finds a solution (section 6 of the paper).

    With one member that is complete (e.g. pruning only with a predicate
    proven sound), the portfolio is complete: an unproven predicate can prune a
    solution's prefix only in its own search. Returns the portfolio's result
    (the first solution; expansions summed over members) and each member's.
    ``memory_mb`` is shared equally by the members.
    """
    stop = threading.Event()
    geo = build_geometry(puzzle)
    share = None if memory_mb is None else memory_mb / len(members)

    def run(member: Member) -> SolveResult:
        result = solve(
            puzzle,
            member.predicate,
            member.mode,
            member.base_prune,
            time_limit=time_limit,
            memory_mb=share,
            geometry=geo,
            stop=stop,
        )
        if result.solved:
            stop.set()
        return result

    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=len(members)) as pool:
        results = list(pool.map(run, members))
    seconds = time.perf_counter() - t0
    winner = next((r for r in results if r.solved), None)
    # Without a solution, one member's proof (a sound search that ran dry)
    # is the portfolio's; otherwise the first member's reason for stopping.
    statuses = [r.status for r in results]
    status = (
        "solved"
        if winner
        else "unsolvable"
        if "unsolvable" in statuses
        else next((st for st in statuses if st != "exhausted"), "exhausted")
    )
    combined = SolveResult(
        solved=winner is not None,
        path=winner.path if winner else None,
        expansions=sum(r.expansions for r in results),
        generated=sum(r.generated for r in results),
        seconds=seconds,
        timed_out=status == "timed_out",
        status=status,
        predicate=" | ".join(r.predicate for r in results),
        mode="portfolio",
        extra={"winner": results.index(winner) if winner else None},
    )
    return combined, results
