"""Evaluation: solve puzzle sets with predicates and compare them (section 2.4).

speedup_t(pi, P) = sum of baseline times / sum of pi's times (Equation 1),
speedup_E(pi, P) the same with expansions (Equation 2).

This module solves: whole sets (:func:`solve_all`, :func:`solve_safely`) and
one chunk of the test set (section 5.5) or of a large set (section 5.6),
each chunk's rows written as one CSV. Putting the chunks together into the
tables and summaries is :mod:`witness.pipeline.summary`; the ``witness demo``
table is :mod:`witness.pipeline.demo`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from witness.io import read_json, write_csv
from witness.learning.translate import load_predicate
from witness.model.base import size_pair
from witness.model.panel import Panel
from witness.pipeline.speedup import speedup_E, speedup_t
from witness.search.predicates import Predicate
from witness.search.result import SolveResult
from witness.search.solvers import build_geometry, solve, warm_up
from witness.verify.verdict import may_prune


@dataclass
class SolveRecord:
    """One solve of one puzzle with one predicate (a row of the per-puzzle CSVs)."""

    puzzle: str
    size: str
    predicate: str
    mode: str
    solved: bool
    status: str
    expansions: int
    generated: int
    seconds: float

    def to_dict(self) -> dict:
        return asdict(self)


def solve_all(
    puzzles: Sequence[tuple[str, Panel]],
    predicate: Predicate | str,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    progress: bool = False,
) -> list[SolveRecord]:
    """Solve every ``(name, puzzle)`` with one predicate; one record each."""
    # the first call of a process loads the compiled core: keep it out of the timings
    warm_up()
    pred = load_predicate(predicate)
    items: Iterable = puzzles
    if progress:
        from tqdm import tqdm

        items = tqdm(puzzles, desc=f"solve {pred.name}/{mode}", unit="puzzle", leave=False)
    records = []
    for name, puzzle in items:
        r = solve(
            puzzle,
            pred,
            mode,
            base_prune=base_prune,
            time_limit=time_limit,
            max_expansions=max_expansions,
            memory_mb=memory_mb,
            geometry=build_geometry(puzzle),
        )
        records.append(
            SolveRecord(
                name,
                puzzle.size,
                pred.name,
                r.mode,
                r.solved,
                r.status,
                r.expansions,
                r.generated,
                r.seconds,
            )
        )
    return records


def speedups(baseline: Sequence[SolveRecord], other: Sequence[SolveRecord]) -> tuple[float, float]:
    """(speedup_t, speedup_E) of ``other`` over ``baseline`` on the same puzzles."""
    if [r.puzzle for r in baseline] != [r.puzzle for r in other]:
        raise ValueError("speedups need records of the same puzzles in the same order")
    return (
        speedup_t((r.seconds for r in baseline), (r.seconds for r in other)),
        speedup_E((r.expansions for r in baseline), (r.expansions for r in other)),
    )


def bucket(size: str) -> str:
    """Table 2 buckets ignore orientation: 3x2 puzzles are in the 2x3 bucket."""
    r, c = sorted(size_pair(size))
    return f"{r}x{c}"


def read_verdict(verify_json: str | Path | None) -> dict:
    """The ``witness verify`` record of a predicate, or {} (nothing shown: it only sorts)."""
    if verify_json is None or not Path(verify_json).exists():
        return {}
    return read_json(verify_json, "verify record")


def solve_safely(
    puzzles: Sequence[tuple[str, Panel]],
    predicate: Predicate,
    verdict: dict,
    **budgets,
) -> list[SolveRecord]:
    """Solve each puzzle with ``predicate`` pruning where its verdict allows it
    (``verify.may_prune``: proven for every size, or a bounded check that
    covers the puzzle's size), else sorting with pi_baseline pruning: the
    search is complete either way. Records keep the puzzles' order; each
    record's ``mode`` says which it was."""
    allowed = [may_prune(verdict, p.rows, p.cols, p.to_panel()) for _, p in puzzles]
    pairs = list(zip(puzzles, allowed, strict=True))
    # where pruning is allowed the predicate is sound, so an empty open list
    # there means the puzzle has no solution ("unsolvable", not "exhausted")
    safe = replace(predicate, sound=True)
    pruned = iter(solve_all([q for q, a in pairs if a], safe, "prune", **budgets))
    sorted_ = iter(
        solve_all([q for q, a in pairs if not a], predicate, "sort", base_prune=True, **budgets)
    )
    return [next(pruned) if a else next(sorted_) for a in allowed]


@dataclass(frozen=True)
class Chunk:
    """One slice of a puzzle set (``read_chunk``), to be solved by A* pruning
    with pi_baseline and by A* with pi_star (a .pl file or a built-in name),
    which prunes only where its ``witness verify`` record allows."""

    set_dir: str | Path
    chunk: int
    chunk_size: int
    pi_star: str | Path
    verify_json: str | Path | None

    def solve(self, **budgets) -> tuple[list, list[SolveRecord], list[SolveRecord]]:
        """(puzzles, baseline records, pi_star records), in the chunk's order."""
        from witness.search.generate import read_chunk

        puzzles = read_chunk(self.set_dir, self.chunk, self.chunk_size)
        base = solve_all(puzzles, "baseline", "prune", progress=True, **budgets)
        star = solve_safely(
            puzzles,
            load_predicate(str(self.pi_star)),
            read_verdict(self.verify_json),
            progress=True,
            **budgets,
        )
        return puzzles, base, star


# ------------------------------------------------------ test evaluation
TEST_FIELDS = [
    "puzzle",
    "size",
    "bucket",
    "pi_star_mode",
    "baseline_expansions",
    "baseline_seconds",
    "baseline_status",
    "pi_star_expansions",
    "pi_star_seconds",
    "pi_star_status",
    "portfolio_expansions",
    "portfolio_seconds",
    "portfolio_status",
    "portfolio_winner",
]


def evaluate_test_chunk(
    chunk: Chunk,
    out_csv: str | Path,
    time_limit: float | None = None,
    memory_mb: float | None = None,
    portfolio_json: str | Path | None = None,
) -> list[dict]:
    """Section 5.5 on one slice of the test set: A* pruning with pi_baseline
    against A* with pi_star, which prunes only where ``witness verify`` shows
    it safe (``solve_safely``; elsewhere pi_star sorts and pi_baseline prunes).

    With ``portfolio_json`` naming an unproven predicate (section 6), also
    the portfolio of A* pruning with it and A* pruning with a proven one.
    """
    budgets = {"time_limit": time_limit, "memory_mb": memory_mb}
    puzzles, base, star = chunk.solve(**budgets)
    rows = [
        {
            "puzzle": b.puzzle,
            "size": b.size,
            "bucket": bucket(b.size),
            "pi_star_mode": s.mode,
            "baseline_expansions": b.expansions,
            "baseline_seconds": b.seconds,
            "baseline_status": b.status,
            "pi_star_expansions": s.expansions,
            "pi_star_seconds": s.seconds,
            "pi_star_status": s.status,
        }
        for b, s in zip(base, star, strict=True)
    ]
    choice = read_json(portfolio_json, "portfolio choice") if portfolio_json else {}
    if choice.get("unverified"):
        _add_portfolio(rows, puzzles, choice, **budgets)
    write_csv(rows, TEST_FIELDS, out_csv)
    return rows


def _add_portfolio(
    rows: list[dict], puzzles: Sequence[tuple[str, Panel]], choice: dict, **budgets
) -> None:
    """Add to each row the portfolio of section 6 (``choice``, as
    ``final.choose_portfolio`` wrote it: the unproven member, key
    "unverified", and the member proven for every size, key "verified")."""
    from witness.search.portfolio import Member, solve_portfolio

    members = [
        Member(load_predicate(choice["unverified"])),
        Member(load_predicate(choice["verified"])),
    ]
    for row, (_, puzzle) in zip(rows, puzzles, strict=True):
        result, _ = solve_portfolio(puzzle, members, **budgets)
        row.update(
            portfolio_expansions=result.expansions,
            portfolio_seconds=result.seconds,
            portfolio_status=result.status,
            portfolio_winner=result.extra["winner"],
        )


# ------------------------------------------------------- large puzzles
LARGE_FIELDS = ["puzzle", "size", "solver", "solved", "status", "expansions", "seconds"]


def evaluate_large_chunk(
    chunk: Chunk,
    out_csv: str | Path,
    time_limit: float,
    memory_mb: float | None = None,
    asp: bool = False,
    max_expansions: int | None = None,
) -> list[dict]:
    """Section 5.6 on one slice of a large set: each puzzle searched once per
    solver with the largest time limit, a memory cap and (A* only) an
    expansion budget, the paper's throughput times that limit; Figure 5's
    shares are read off the recorded times and expansions afterwards."""
    puzzles, base, star = chunk.solve(
        time_limit=time_limit, memory_mb=memory_mb, max_expansions=max_expansions
    )
    rows = [
        large_row(r.puzzle, r.size, name, r)
        for name, records in (("baseline", base), ("pi_star", star))
        for r in records
    ]
    if asp:
        from witness.search.asp_solver import solve_panel_asp

        rows += [
            large_row(name, puzzle.size, "asp", solve_panel_asp(puzzle, time_limit=time_limit))
            for name, puzzle in puzzles
        ]
    write_csv(rows, LARGE_FIELDS, out_csv)
    return rows


def large_row(puzzle: str, size: str, solver: str, result: SolveRecord | SolveResult) -> dict:
    """A row of LARGE_FIELDS: one puzzle's outcome with one solver (an A*
    record or clingo's result, which have the same outcome fields)."""
    return {
        "puzzle": puzzle,
        "size": size,
        "solver": solver,
        "solved": result.solved,
        "status": result.status,
        "expansions": result.expansions,
        "seconds": result.seconds,
    }
