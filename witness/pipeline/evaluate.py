"""Evaluation: solve puzzle sets with predicates and compare them (section 2.4).

speedup_t(pi, P) = sum of baseline times / sum of pi's times (Equation 1),
speedup_E(pi, P) the same with expansions (Equation 2).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from witness.asp.verify import may_prune
from witness.io import write_csv
from witness.learning.translate import load_predicate
from witness.model.puzzle import Puzzle
from witness.paper import PAPER_TABLE2, PAPER_TEST
from witness.search.astar import build_geometry, solve, warm_up
from witness.search.predicates import Predicate


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
    warm_up()  # the first call of a process loads the compiled core: keep it out of the timings
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
    from witness.search.generate import generate_set

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
                 f"speedup_E {PAPER_TEST['speedup_E']}, speedup_t {PAPER_TEST['speedup_t']})")
    return "\n".join(lines)


def bucket(size: str) -> str:
    """Table 2 buckets ignore orientation: 3x2 puzzles are in the 2x3 bucket."""
    r, c = sorted(int(v) for v in size.split("x"))
    return f"{r}x{c}"


def read_verdict(verify_json: str | Path | None) -> dict:
    """The ``witness verify`` record of a predicate, or {} (nothing shown: it only sorts)."""
    if verify_json is None or not Path(verify_json).exists():
        return {}
    return json.loads(Path(verify_json).read_text())


def solve_safely(
    puzzles: Sequence[tuple[str, Puzzle]],
    predicate: Predicate,
    verdict: dict,
    **budgets,
) -> list[SolveRecord]:
    """Solve each puzzle with ``predicate`` pruning where its verdict allows it
    (``verify.may_prune``: proven for every size, or a bounded check that
    covers the puzzle's size), else sorting with pi_baseline pruning: the
    search is complete either way. Records keep the puzzles' order; each
    record's ``mode`` says which it was."""
    allowed = [may_prune(verdict, p.rows, p.cols) for _, p in puzzles]
    pairs = list(zip(puzzles, allowed, strict=True))
    # where pruning is allowed the predicate is sound, so an empty open list
    # there means the puzzle has no solution ("unsolvable", not "exhausted")
    safe = replace(predicate, sound=True)
    pruned = iter(solve_all([q for q, a in pairs if a], safe, "prune", **budgets))
    sorted_ = iter(solve_all([q for q, a in pairs if not a], predicate, "sort",
                             base_prune=True, **budgets))
    return [next(pruned) if a else next(sorted_) for a in allowed]


# ------------------------------------------------------ test evaluation
TEST_FIELDS = ["puzzle", "size", "bucket", "pi_star_mode",
               "baseline_expansions", "baseline_seconds", "baseline_status",
               "pi_star_expansions", "pi_star_seconds", "pi_star_status",
               "portfolio_expansions", "portfolio_seconds", "portfolio_status",
               "portfolio_winner"]


def evaluate_test_chunk(
    set_dir: str | Path,
    chunk: int,
    chunk_size: int,
    pi_star: str | Path,
    verify_json: str | Path | None,
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
    from witness.search.generate import read_chunk
    from witness.search.portfolio import Member, solve_portfolio

    puzzles = read_chunk(set_dir, chunk, chunk_size)
    pred = load_predicate(str(pi_star))
    base = solve_all(puzzles, "baseline", "prune", time_limit=time_limit, memory_mb=memory_mb,
                     progress=True)
    star = solve_safely(puzzles, pred, read_verdict(verify_json), time_limit=time_limit,
                        memory_mb=memory_mb, progress=True)
    rows = [
        {"puzzle": b.puzzle, "size": b.size, "bucket": bucket(b.size), "pi_star_mode": s.mode,
         "baseline_expansions": b.expansions, "baseline_seconds": b.seconds,
         "baseline_status": b.status, "pi_star_expansions": s.expansions,
         "pi_star_seconds": s.seconds, "pi_star_status": s.status}
        for b, s in zip(base, star, strict=True)
    ]
    choice = json.loads(Path(portfolio_json).read_text()) if portfolio_json else {}
    if choice.get("unverified"):
        members = [Member(load_predicate(choice["unverified"])),
                   Member(load_predicate(choice["verified"]))]
        for row, (_, puzzle) in zip(rows, puzzles, strict=True):
            result, _ = solve_portfolio(puzzle, members, time_limit=time_limit,
                                        memory_mb=memory_mb)
            row.update(portfolio_expansions=result.expansions, portfolio_seconds=result.seconds,
                       portfolio_status=result.status, portfolio_winner=result.extra["winner"])
    write_csv(rows, TEST_FIELDS, out_csv)
    return rows


def aggregate_test(chunk_csvs: Sequence[str | Path], per_puzzle_csv: str | Path,
                   by_size_csv: str | Path, summary_json: str | Path) -> dict:
    """Per-puzzle table, Table 2 style per-bucket table, and the overall speedups."""
    import pandas as pd

    df = pd.concat([pd.read_csv(f) for f in chunk_csvs], ignore_index=True)
    write_csv(df.to_dict("records"), TEST_FIELDS, per_puzzle_csv)
    rows = []
    order = sorted(df["bucket"].unique(), key=lambda b: (_area(b), b))
    for b in order:
        g = df[df["bucket"] == b]
        paper = PAPER_TABLE2.get(tuple(int(v) for v in b.split("x")))
        rows.append({
            "bucket": b, "squares": _area(b), "instances": len(g),
            "baseline_mean_expansions": g["baseline_expansions"].mean(),
            "baseline_mean_seconds": g["baseline_seconds"].mean(),
            "pi_star_mean_expansions": g["pi_star_expansions"].mean(),
            "pi_star_mean_seconds": g["pi_star_seconds"].mean(),
            "speedup_t": g["baseline_seconds"].sum() / g["pi_star_seconds"].sum(),
            "speedup_E": g["baseline_expansions"].sum() / g["pi_star_expansions"].sum(),
            "paper_instances": paper[0] if paper else None,
            "paper_baseline_mean_expansions": paper[1] if paper else None,
            "paper_baseline_mean_seconds": paper[2] if paper else None,
        })
    write_csv(rows, list(rows[0]) if rows else ["bucket"], by_size_csv)
    ratio_t = df["baseline_seconds"] / df["pi_star_seconds"]
    ratio_e = df["baseline_expansions"] / df["pi_star_expansions"]
    summary = {
        "puzzles": len(df),
        "pi_star_mode": sorted(df["pi_star_mode"].unique().tolist()),
        "speedup_t": df["baseline_seconds"].sum() / df["pi_star_seconds"].sum(),
        "speedup_E": df["baseline_expansions"].sum() / df["pi_star_expansions"].sum(),
        "speedup_t_range": [float(ratio_t.min()), float(ratio_t.max())],
        "speedup_E_range": [float(ratio_e.min()), float(ratio_e.max())],
        "share_slower": float((df["pi_star_seconds"] > df["baseline_seconds"]).mean()),
        "share_more_expansions": float(
            (df["pi_star_expansions"] > df["baseline_expansions"]).mean()),
        "unsolved": {"baseline": int((df["baseline_status"] != "solved").sum()),
                     "pi_star": int((df["pi_star_status"] != "solved").sum())},
        "paper": PAPER_TEST,
    }
    if df["portfolio_seconds"].notna().all() and len(df):
        summary["portfolio"] = {
            "speedup_t": df["baseline_seconds"].sum() / df["portfolio_seconds"].sum(),
            "speedup_E": df["baseline_expansions"].sum() / df["portfolio_expansions"].sum(),
            "unsolved": int((df["portfolio_status"] != "solved").sum()),
            "won_by_unverified": float((df["portfolio_winner"] == 0).mean()),
        }
    Path(summary_json).write_text(json.dumps(summary, indent=1) + "\n")
    return summary


def _area(b: str) -> int:
    r, c = (int(v) for v in b.split("x"))
    return r * c


# ------------------------------------------------------- large puzzles
LARGE_FIELDS = ["puzzle", "size", "solver", "solved", "status", "expansions", "seconds"]


def evaluate_large_chunk(
    set_dir: str | Path,
    chunk: int,
    chunk_size: int,
    pi_star: str | Path,
    verify_json: str | Path | None,
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
    from witness.search.generate import read_chunk

    puzzles = read_chunk(set_dir, chunk, chunk_size)
    budgets = {"time_limit": time_limit, "memory_mb": memory_mb,
               "max_expansions": max_expansions, "progress": True}
    solvers = [("baseline", solve_all(puzzles, "baseline", "prune", **budgets)),
               ("pi_star", solve_safely(puzzles, load_predicate(str(pi_star)),
                                        read_verdict(verify_json), **budgets))]
    rows = []
    for name, records in solvers:
        for r in records:
            rows.append({"puzzle": r.puzzle, "size": r.size, "solver": name, "solved": r.solved,
                         "status": r.status, "expansions": r.expansions, "seconds": r.seconds})
    if asp:
        from witness.asp.solver import solve_asp

        for pname, puzzle in puzzles:
            r = solve_asp(puzzle, time_limit=time_limit)
            rows.append({"puzzle": pname, "size": puzzle.size, "solver": "asp",
                         "solved": r.solved, "status": r.status, "expansions": r.expansions,
                         "seconds": r.seconds})
    write_csv(rows, LARGE_FIELDS, out_csv)
    return rows


def aggregate_large(chunk_csvs: Sequence[str | Path], per_puzzle_csv: str | Path,
                    solved_csv: str | Path, time_limits_min: Sequence[float],
                    expansions_per_min: float) -> list[dict]:
    """Share of puzzles solved per size, solver and limit, two ways: within the
    wall-clock limit here, and within the paper's throughput x the limit
    (expansions), since our search runs far faster than the paper's Python."""
    import pandas as pd

    df = pd.concat([pd.read_csv(f) for f in chunk_csvs], ignore_index=True)
    write_csv(df.to_dict("records"), LARGE_FIELDS, per_puzzle_csv)
    rows = []
    for (size, solver), g in df.groupby(["size", "solver"], sort=True):
        for limit in time_limits_min:
            solved = g["solved"].astype(bool)
            rows.append({
                "size": size, "squares": _area(size), "solver": solver, "limit_min": limit,
                "puzzles": len(g),
                "solved_within_time": float((solved & (g["seconds"] <= limit * 60)).mean()),
                "solved_within_paper_expansions": float(
                    (solved & (g["expansions"] <= limit * expansions_per_min)).mean())
                if solver != "asp" else None,
            })
    write_csv(rows, list(rows[0]) if rows else ["size"], solved_csv)
    return rows
