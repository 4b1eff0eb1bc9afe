"""Evaluation: solve puzzle sets with predicates and compare them (section 2.4).

speedup_t(pi, P) = sum of baseline times / sum of pi's times (Equation 1),
speedup_E(pi, P) the same with expansions (Equation 2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from witness.predicates import Predicate, load_predicate
from witness.puzzle import Puzzle
from witness.search import build_geometry, solve


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
    puzzles: Sequence[tuple[str, Puzzle]],
    predicate: Predicate | str,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    progress: bool = False,
) -> list[SolveRecord]:
    """Solve every ``(name, puzzle)`` with one predicate; one record each."""
    pred = load_predicate(predicate)
    items: Iterable = puzzles
    if progress:
        from tqdm import tqdm

        items = tqdm(puzzles, desc=f"solve {pred.name}/{mode}", unit="puzzle", leave=False)
    records = []
    for name, puzzle in items:
        r = solve(puzzle, pred, mode, base_prune=base_prune, time_limit=time_limit,
                  max_expansions=max_expansions, memory_mb=memory_mb,
                  geometry=build_geometry(puzzle))
        records.append(SolveRecord(name, puzzle.size, pred.name, r.mode, r.solved, r.status,
                                   r.expansions, r.generated, r.seconds))
    return records


def speedups(baseline: Sequence[SolveRecord], other: Sequence[SolveRecord]) -> tuple[float, float]:
    """(speedup_t, speedup_E) of ``other`` over ``baseline`` on the same puzzles."""
    if [r.puzzle for r in baseline] != [r.puzzle for r in other]:
        raise ValueError("speedups need records of the same puzzles in the same order")
    t_base = sum(r.seconds for r in baseline)
    t_other = sum(r.seconds for r in other)
    e_base = sum(r.expansions for r in baseline)
    e_other = sum(r.expansions for r in other)
    return (t_base / t_other if t_other else float("inf"),
            e_base / e_other if e_other else float("inf"))


def demo_table(count: int = 40, seed: int = 0, max_size: str = "5x5") -> str:
    """Generate ``count`` puzzles (Algorithm 3, 2x2 up to ``max_size``), solve each
    with every built-in predicate, and return a text table of the totals."""
    from witness.generate import generate_set

    rows, cols = (int(v) for v in max_size.lower().split("x"))
    puzzles = generate_set("random", [(2, 2), (rows, cols)], count, seed)
    named = [(f"demo_{i:03d}", p) for i, p in enumerate(puzzles)]
    configs = [("none", "prune", False), ("baseline", "prune", False),
               ("paper", "sort", False), ("paper", "prune", False)]
    runs = {cfg: solve_all(named, cfg[0], cfg[1], cfg[2]) for cfg in configs}
    base = runs[("baseline", "prune", False)]
    lines = [
        f"{count} puzzles (Algorithm 3, seed {seed}, sizes 2x2..{max_size}): "
        "A* with each predicate",
        f"{'predicate':<10} {'mode':<6} {'solved':>7} {'expansions':>11} "
        f"{'seconds':>9} {'speedup_E':>10} {'speedup_t':>10}",
    ]
    for (name, mode, _), recs in runs.items():
        s_t, s_e = speedups(base, recs)
        lines.append(
            f"{name:<10} {mode:<6} {sum(r.solved for r in recs):>4}/{len(recs):<2} "
            f"{sum(r.expansions for r in recs):>11} {sum(r.seconds for r in recs):>9.4f} "
            f"{s_e:>10.2f} {s_t:>10.2f}"
        )
    lines.append("speedups are over baseline/prune (paper, 15000 test puzzles up to 5x5: "
                 "speedup_E 6.27, speedup_t 6.12)")
    return "\n".join(lines)
