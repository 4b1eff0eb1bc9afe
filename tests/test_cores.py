"""The two compiled A* cores on the same triangle puzzles: the triangle
family's (witness.search.astar) and the general one (witness.search.panel_search).

In its own rules the general core's pi_baseline prunes more than the paper's,
so what must agree there is the answer: solvable or not, and every path they
return solves the puzzle. In its paper mode (panel_search.PAPER_MODE) the
general core runs the paper's rules, so both give the same status, expansions,
path and paths generated, with every built-in predicate, mode and base_prune: on Algorithm 3's
seeded puzzles (``generate_set``, 200 per size from 2x2 to 5x5 in the slow
tier), on its draws before the solvability test (some unsolvable), and from
lines drawn so far (``prefix``). So do learned programs over the paper's
Table 1 features (``LEARNED``: Table 3 as a program, the rich bias's pi*,
which reads the goal's reachability and the addable sides, one that reads the
path's length, and seeded random ones over every feature)."""

import random

import pytest
from project_files import ROOT

from witness.learning.translate import translate_file
from witness.model.rules import check, random_walk
from witness.search import astar, panel_search
from witness.search.generate import generate_set, random_puzzle_candidate
from witness.search.predicates import (
    BASELINE,
    BUILTINS,
    FEATURES,
    OPERATORS,
    Clause,
    Comparison,
    Predicate,
    as_program,
    const,
    feat,
)

PER_SIZE = 200
PER_SIZE_DEFAULT = 12  # the default tier's share of the slow tier's puzzles
BUDGET = 200_000
# (predicate, mode, base_prune): every way witness.search.solve runs a built-in
SETTINGS = [
    (name, mode, base_prune)
    for name in ("none", "baseline", "paper")
    for mode in ("prune", "sort")
    for base_prune in (False, True)
]
SIZES = [2, 3, 4, 5]


def random_programs(count: int, seed: int) -> list[Predicate]:
    """Seeded programs of 1 to 3 clauses, each 1 to 3 comparisons of a Table 1
    feature with another or with a constant of 0 to 4."""
    rng = random.Random(seed)
    names = sorted(FEATURES)

    def comparison() -> Comparison:
        right = feat(rng.choice(names)) if rng.random() < 0.3 else const(rng.randint(0, 4))
        return Comparison(rng.choice(sorted(OPERATORS)), feat(rng.choice(names)), right)

    return [
        Predicate(
            f"random{i}",
            "program",
            tuple(
                Clause(tuple(comparison() for _ in range(rng.randint(1, 3))))
                for _ in range(rng.randint(1, 3))
            ),
        )
        for i in range(count)
    ]


LONG = Predicate(
    "long",
    "program",
    (
        Clause((Comparison("gt", feat("edges_on_square"), feat("triangles")),)),
        Clause((Comparison("gt", feat("path_length"), const(6)),
                Comparison("lt", feat("edges_on_square"), feat("triangles")))),
    ),
)  # fmt: skip
LEARNED = [
    as_program(BUILTINS["paper"]),
    translate_file(ROOT / "results" / "reference" / "rich" / "rich" / "final" / "pi_star.pl"),
    LONG,
    *random_programs(6, seed=1),
]


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


def same_search(puzzle, prefix=None, predicates=None) -> set[str]:
    """Assert that the triangle core and the general core in paper mode give the
    same status, expansions and path with every setting (the built-ins, or
    ``predicates`` in each mode and base_prune); the statuses seen."""
    settings = SETTINGS
    if predicates is not None:
        settings = [(p, m, b) for p in predicates for m in ("prune", "sort") for b in (False, True)]
    statuses = set()
    for name, mode, base_prune in settings:
        kwargs = {"mode": mode, "base_prune": base_prune, "max_expansions": BUDGET}
        predicate = BUILTINS[name] if isinstance(name, str) else name
        tri = astar.solve(puzzle, predicate, prefix=prefix, **kwargs)
        gen = panel_search.solve_panel(
            puzzle.to_panel(), predicate, prefix=prefix, settings=panel_search.PAPER_MODE, **kwargs
        )
        # (the paper mode takes the core's own final check as the goal test)
        assert gen.path is None or check(puzzle.to_panel(), gen.path).solved
        got = (gen.status, gen.expansions, gen.path, gen.generated)
        assert (tri.status, tri.expansions, tri.path, tri.generated) == got, (
            name,
            mode,
            base_prune,
            prefix,
        )
        statuses.add(tri.status)
    return statuses


def seeded(size: int, count: int) -> list:
    """Algorithm 3's test set of ``count`` size x size puzzles (seed: the size);
    a smaller count is the first puzzles of the same draws."""
    return generate_set("random", [(size, size)], count, seed=size)


@pytest.mark.parametrize("size", SIZES)
def test_paper_mode_searches_as_the_triangle_core(size):
    for puzzle in seeded(size, PER_SIZE_DEFAULT):
        assert "solved" in same_search(puzzle), puzzle.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_paper_mode_searches_as_the_triangle_core_on_200_per_size(size):
    puzzles = seeded(size, PER_SIZE)
    assert len({p.to_json() for p in puzzles}) == PER_SIZE
    for puzzle in puzzles:
        same_search(puzzle)


@pytest.mark.parametrize("size", SIZES)
def test_paper_mode_runs_learned_table1_programs_as_the_triangle_core(size):
    for puzzle in seeded(size, 3):
        same_search(puzzle, predicates=LEARNED)


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_paper_mode_runs_learned_table1_programs_on_200_per_size(size):
    for puzzle in seeded(size, PER_SIZE):
        same_search(puzzle, predicates=LEARNED)


def test_paper_mode_runs_learned_programs_from_lines_drawn_so_far():
    rng = random.Random(3)
    for puzzle in seeded(4, 4) + candidates(3)[:8]:
        line = random_walk(puzzle.to_panel(), rng, min_steps=1, max_steps=8, stop_at_ends=True)
        if line[-1] != puzzle.goal:
            same_search(puzzle, prefix=line, predicates=LEARNED)


@pytest.mark.parametrize("size", [3, 4])
def test_paper_mode_agrees_on_unsolvable_draws(size):
    statuses = set()
    for puzzle in candidates(size)[:40]:
        statuses |= same_search(puzzle)
    assert "unsolvable" in statuses


def test_paper_mode_agrees_from_lines_drawn_so_far():
    rng = random.Random(7)
    for puzzle in seeded(4, PER_SIZE_DEFAULT):
        panel = puzzle.to_panel()
        for _ in range(3):
            line = random_walk(panel, rng, min_steps=1, max_steps=8, stop_at_ends=True)
            if line[-1] != puzzle.goal:  # (a line at the end: the driver's goal test)
                same_search(puzzle, prefix=line)


def test_paper_mode_takes_triangle_puzzles_and_their_predicates_alone():
    from witness.errors import InputError
    from witness.model.panel import Panel

    squares = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "black"), (1, 0, "white")))
    with pytest.raises(InputError, match="triangle puzzles alone"):
        panel_search.solve_panel(squares, "none", settings=panel_search.PAPER_MODE)
    triangle = seeded(2, 1)[0].to_panel()
    with pytest.raises(InputError, match="paper's mode"):
        panel_search.solve_panel(triangle, "bogus", settings=panel_search.PAPER_MODE)


def test_the_driver_runs_the_triangle_family_in_the_core_cores_picks():
    from witness.search import solvers

    own = solvers.Cores(triangle=True)
    puzzle = seeded(3, 1)[0]
    assert solvers.core_for(puzzle, BASELINE)[1] == panel_search.PAPER_MODE
    assert solvers.core_for(puzzle.to_panel(), BASELINE, own)[1] is None
    # a learned program over the paper's Table 1 features: the paper mode too
    table3 = as_program(BUILTINS["paper"])
    assert solvers.core_for(puzzle, table3)[1] == panel_search.PAPER_MODE
    assert solvers.core_for(puzzle, table3, own)[1] is None
    for p in seeded(4, PER_SIZE_DEFAULT):
        for name in ("none", "baseline", "paper"):
            a = solvers.solve(p, name)
            b = solvers.solve(p.to_panel(), name, cores=own)
            assert (a.status, a.expansions, a.path) == (b.status, b.expansions, b.path)
            assert "core_cpu_seconds" in a.extra and "core_cpu_seconds" not in b.extra


def test_a_line_drawn_to_the_goal_is_goal_tested_alone_in_either_core():
    """witness.search.solve from a prefix that already ends at the goal: the
    goal test, no expansion, in the paper mode and in the triangle core."""
    from witness.search.solvers import Cores, solve

    tested = 0
    for puzzle in generate_set("random", [(3, 3)], 8, 5):
        found = solve(puzzle, "baseline")
        if not found.solved:
            continue
        tested += 1
        for cores in (Cores(), Cores(triangle=True)):
            done = solve(puzzle, "baseline", prefix=found.path, cores=cores)
            assert (done.status, done.expansions, done.path) == ("solved", 0, found.path)
    assert tested > 0
