"""``witness demo``: a few generated puzzles solved with every built-in
predicate, the totals as a text table beside the paper's test-set speedups."""

from __future__ import annotations

from witness.model.base import size_pair
from witness.paper import PAPER_TEST
from witness.pipeline.evaluate import solve_all, speedups

# (predicate, mode, base_prune) of each row; speedups are over baseline/prune
CONFIGS = [
    ("none", "prune", False),
    ("baseline", "prune", False),
    ("paper", "sort", False),
    ("paper", "prune", False),
]


def demo_table(count: int = 40, seed: int = 0, max_size: str = "5x5") -> str:
    """Generate ``count`` puzzles (Algorithm 3, 2x2 up to ``max_size``), solve each
    with every built-in predicate, and return a text table of the totals."""
    from witness.search.generate import generate_set

    puzzles = generate_set("random", [(2, 2), size_pair(max_size)], count, seed)
    named = [(f"demo_{i:03d}", p) for i, p in enumerate(puzzles)]
    runs = {cfg: solve_all(named, cfg[0], cfg[1], cfg[2]) for cfg in CONFIGS}
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
    lines.append(
        f"speedups are over baseline/prune (paper, {PAPER_TEST['puzzles']} test "
        f"puzzles up to 5x5: speedup_E {PAPER_TEST['speedup_E']}, "
        f"speedup_t {PAPER_TEST['speedup_t']})"
    )
    return "\n".join(lines)
