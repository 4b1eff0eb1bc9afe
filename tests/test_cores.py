"""The two compiled A* cores on the same triangle puzzles: the triangle
family's (the paper's pi_baseline, witness.search.astar) and the general one
(its own pi_baseline, witness.search.panel_search). Their pi_baseline rules
differ (the general one prunes more), so their expansions do too
(benchmarks/bench_cores.py measures both); what must agree is the answer:
solvable or not, and every path they return solves the puzzle."""

import random

import pytest

from witness.model.rules import check
from witness.search import astar, panel_search
from witness.search.generate import random_puzzle_candidate
from witness.search.predicates import BASELINE

PER_SIZE = 200


def candidates(size: int) -> list:
    """Algorithm 3's draws before its solvability test: some have no solution."""
    rng = random.Random(size)
    return [random_puzzle_candidate(size, size, rng) for _ in range(PER_SIZE)]


@pytest.mark.parametrize("size", [2, 3, 4, pytest.param(5, marks=pytest.mark.slow)])
def test_both_cores_agree_on_every_answer(size):
    statuses = set()
    for puzzle in candidates(size):
        panel = puzzle.to_panel()
        tri = astar.solve(puzzle, BASELINE)
        gen = panel_search.solve_panel(panel, "baseline")
        assert tri.status == gen.status, puzzle.to_json()
        for result in (tri, gen):
            assert result.path is None or check(panel, result.path).solved
        statuses.add(tri.status)
    assert statuses == {"solved", "unsolvable"}  # both answers were tried
