"""A* (Algorithm 1): agreement with brute force, metrics, budgets, predicates."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzles import (
    FIGURE1,
    all_partial_paths,
    enumerate_simple_paths,
    enumerate_solutions,
    is_solution,
    puzzles,
    seeded_puzzles,
)

from profiles import examples
from witness.cli import main
from witness.model.puzzle import Puzzle
from witness.search import panel_search
from witness.search.panel_features import predicate_holds
from witness.search.panel_search import table_values
from witness.search.predicates import (
    BASELINE,
    FEATURES,
    NONE,
    OPERATORS,
    PAPER,
    Clause,
    Comparison,
    Predicate,
    as_program,
)
from witness.search.solvers import solve

SMALL = seeded_puzzles(300, seed=7, max_rows=3, max_cols=3)
PREDICATES = [NONE, BASELINE, PAPER]
MODES = ["prune", "sort"]


def partial_paths(p: Puzzle) -> list[list[tuple[int, int]]]:
    """Every simple path from the start that has not reached the goal."""
    seen = set()
    for full in enumerate_simple_paths(p):
        for i in range(1, len(full)):
            seen.add(tuple(full[:i]))
    return [list(x) for x in sorted(seen)]


def completable(p: Puzzle) -> set[tuple]:
    return {tuple(s[:i]) for s in enumerate_solutions(p) for i in range(1, len(s))}


@pytest.mark.parametrize("predicate", PREDICATES, ids=lambda p: p.name)
@pytest.mark.parametrize("mode", MODES)
def test_solve_agrees_with_brute_force_on_small_puzzles(predicate, mode):
    for p in SMALL:
        solvable = next(iter(enumerate_solutions(p)), None) is not None
        for base_prune in (False, True):
            r = solve(p, predicate, mode, base_prune=base_prune)
            assert r.solved == solvable, (p, predicate, mode, base_prune)
            assert r.status == ("solved" if solvable else "unsolvable")
            if r.solved:
                assert is_solution(p, r.path)


@settings(max_examples=examples(150), deadline=None)
@given(puzzles(3, 4))
def test_sound_predicates_never_prune_a_solution_prefix(p):
    prefixes = completable(p)
    for pred in (BASELINE, PAPER):
        values = table_values(p.to_panel(), pred, [list(x) for x in prefixes])
        assert not any(values)


def _rich():
    """A program reading every feature, so each of the core's table axes is exercised."""
    from witness.search.predicates import Clause, Comparison, Predicate, const, feat

    return Predicate(
        "rich",
        "program",
        (
            Clause((Comparison("eq", feat("goal_unreachable"), const(1)),)),
            Clause(
                (
                    Comparison("gt", feat("edges_needed"), feat("unvisited_corners")),
                    Comparison("ge", feat("path_length"), const(3)),
                )
            ),
            Clause(
                (
                    Comparison("eq", feat("visited_corners"), feat("square_sides")),
                    Comparison("lt", feat("edges_on_square"), feat("triangles")),
                    Comparison("ne", feat("head_adjacent"), const(1)),
                )
            ),
        ),
    )


def _addable():
    """Programs reading the sides a completion could still add (and so the
    head's free region) without the goal's axis and with it: a table index
    must read the goal only where the table has its axis."""
    from witness.search.predicates import Clause, Comparison, Predicate, const, feat

    short = Clause((Comparison("gt", feat("edges_needed"), feat("addable_edges")),))
    two = Clause((*short.comparisons, Comparison("eq", feat("edges_needed"), const(2))))
    over = Clause((Comparison("gt", feat("edges_on_square"), feat("triangles")),))
    goal = Clause((Comparison("eq", feat("goal_unreachable"), const(1)),))
    return (
        Predicate("addable", "program", (two, over)),
        Predicate("addable+goal", "program", (short, goal)),
    )


@settings(max_examples=examples(60), deadline=None)
@given(puzzles(3, 3))
def test_core_predicates_match_the_python_reference(p):
    paths, panel = all_partial_paths(p), p.to_panel()
    for pred in (NONE, BASELINE, PAPER, as_program(PAPER), _rich(), *_addable()):
        assert table_values(panel, pred, paths) == [predicate_holds(pred, panel, q) for q in paths]


def _operand(x: int | str) -> tuple:
    return ("feature", x) if isinstance(x, str) else ("const", x)


_comparisons = st.tuples(
    st.sampled_from(FEATURES),
    st.sampled_from(list(OPERATORS)),
    st.one_of(st.integers(0, 4), st.sampled_from(FEATURES)),
).map(lambda c: Comparison(c[1], _operand(c[0]), _operand(c[2])))
_programs = st.lists(
    st.lists(_comparisons, min_size=1, max_size=3).map(lambda cs: Clause(tuple(cs))),
    min_size=1,
    max_size=3,
).map(lambda clauses: Predicate("random", "program", tuple(clauses)))


@settings(max_examples=examples(300), deadline=None)
@given(puzzles(3, 3), _programs)
def test_any_table1_program_in_the_core_matches_the_python_reference(p, pred):
    """Whatever features a program reads (so whichever axes its table has), the
    paper mode's table gives the oracle's pi on every partial path."""
    paths, panel = all_partial_paths(p), p.to_panel()
    assert table_values(panel, pred, paths) == [predicate_holds(pred, panel, q) for q in paths]


@settings(max_examples=examples(100), deadline=None)
@given(puzzles(3, 3), _programs)
def test_a_search_pruning_with_any_table1_program_finds_what_the_reference_allows(p, pred):
    """In the search itself (the children of one expansion sharing a flood,
    the cells near the step alone where the table allows it): pruning with
    any program solves the puzzle exactly when some solution has no proper
    prefix past the start that the Python reference rejects, and sorting
    with it solves every solvable puzzle; the solution found has no prefix
    the reference rejects."""
    panel = p.to_panel()
    fires = {}

    def rejected(prefix: tuple) -> bool:
        if prefix not in fires:
            fires[prefix] = predicate_holds(pred, panel, list(prefix))
        return fires[prefix]

    solutions = [tuple(s) for s in enumerate_solutions(p)]
    allowed = any(not any(rejected(s[:k]) for k in range(2, len(s))) for s in solutions)
    pruned = solve(p, pred, "prune")
    assert pruned.solved == allowed
    assert pruned.status == ("solved" if allowed else "exhausted")
    if pruned.path is not None:  # none of its prefixes was pruned
        line = tuple(map(tuple, pruned.path))
        assert not any(rejected(line[:k]) for k in range(2, len(line)))
    assert solve(p, pred, "sort").solved == bool(solutions)


def test_figure1_partial_paths_and_search():
    completable_path = [(0, 0), (1, 0)]
    incompletable_path = [(0, 0), (0, 1), (1, 1)]  # two edges of the one-triangle square
    assert tuple(completable_path) in completable(FIGURE1)
    assert tuple(incompletable_path) not in completable(FIGURE1)
    assert table_values(FIGURE1.to_panel(), BASELINE, [completable_path, incompletable_path]) == [
        False,
        True,
    ]
    r = solve(FIGURE1, BASELINE)
    assert r.path == [(0, 0), (1, 0), (2, 0), (2, 1)]
    # Two expansions reach (2, 0) along the bottom; the third generates the goal.
    assert (r.expansions, r.generated) == (3, 5)


def test_pruning_expands_no_more_than_sorting_and_paper_no_more_than_baseline():
    for p in seeded_puzzles(40, seed=3, max_rows=4, max_cols=4, min_side=3):
        base = solve(p, BASELINE, "prune")
        paper = solve(p, PAPER, "prune")
        assert paper.solved == base.solved
        # Table 3 contains pi_baseline's clause, so it prunes a superset; with the
        # same tie order its search tree is a subtree of the baseline's.
        assert paper.expansions <= base.expansions


def test_program_encoding_gives_the_same_search_as_the_hand_coded_kind():
    for p in seeded_puzzles(40, seed=4, max_rows=4, max_cols=4, min_side=2):
        for mode in MODES:
            a = solve(p, PAPER, mode)
            b = solve(p, as_program(PAPER), mode)
            assert (a.path, a.expansions, a.generated) == (b.path, b.expansions, b.generated)


def test_goal_unreachable_feature_prunes_exactly_the_dead_ends():
    from witness.search.predicates import Clause, Comparison, Predicate, const, feat

    dead = Predicate(
        "dead", "program", (Clause((Comparison("eq", feat("goal_unreachable"), const(1)),)),)
    )
    for p in seeded_puzzles(30, seed=9, max_rows=3, max_cols=3, min_side=2):
        if not p.triangles:
            continue
        reach = {tuple(q[:i]) for q in enumerate_simple_paths(p) for i in range(1, len(q))}
        paths = all_partial_paths(p)
        assert any(tuple(q) not in reach for q in paths)  # there are dead ends to find
        assert table_values(p.to_panel(), dead, paths) == [tuple(q) not in reach for q in paths]
        a, b = solve(p, NONE, "sort"), solve(p, dead, "prune")
        assert a.solved == b.solved and b.expansions <= a.expansions


def test_deterministic():
    p = seeded_puzzles(1, seed=11, max_rows=4, max_cols=4, min_side=4)[0]
    a, b = solve(p, NONE, "sort"), solve(p, NONE, "sort")
    assert (a.path, a.expansions, a.generated) == (b.path, b.expansions, b.generated)


def _hard() -> Puzzle:
    # Big enough that plain A* runs long past each budget below.
    return Puzzle(rows=6, cols=6, goal=(6, 6), triangles=((0, 5, 3), (5, 0, 3), (3, 3, 1)))


def test_budgets_end_the_search_cleanly():
    p = _hard()
    r = solve(p, NONE, "prune", max_expansions=5000)
    assert (r.status, r.solved, r.expansions) == ("expansion_budget", False, 5000)
    r = solve(p, NONE, "prune", time_limit=0.05)
    assert r.status == "timed_out" and r.timed_out and not r.solved
    r = solve(p, NONE, "prune", memory_mb=1)
    assert r.status == "out_of_memory" and not r.solved and not r.timed_out
    # the store's paths under the budget, at the bytes a stored path takes
    assert r.extra["stored_paths"] <= 1e6 / panel_search.BYTES_PER_PATH


def test_a_zero_time_limit_stops_before_the_first_expansion():
    # it ran a first chunk of up to 2,000 expansions and could return solved
    for p in (FIGURE1, _hard()):
        r = solve(p, NONE, "prune", time_limit=0)
        assert (r.status, r.timed_out, r.solved, r.expansions) == ("timed_out", True, False, 0)


def test_cli_solve_json_contract(tmp_path, capsys):
    f = tmp_path / "fig1.json"
    FIGURE1.save(f)
    assert main(["solve", str(f), "--predicate", "paper", "--mode", "sort", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["solved", "path", "expansions", "seconds", "timed_out", "status"]
    assert out["status"] == "solved"
    assert out["solved"] is True and out["path"] == [[0, 0], [1, 0], [2, 0], [2, 1]]
    assert out["expansions"] == 3 and out["timed_out"] is False
    assert isinstance(out["seconds"], float)
    assert main(["solve", str(f), "--predicate", "nonsense"]) == 2


def test_console_script_runs(tmp_path):
    f = tmp_path / "fig1.json"
    FIGURE1.save(f)
    exe = [sys.executable, "-m", "witness.cli"]
    proc = subprocess.run([*exe, "solve", str(f), "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["solved"] is True
    proc = subprocess.run([*exe, "solve", str(f), "--mode", "bogus"], capture_output=True)
    assert proc.returncode == 2


def test_portfolio_is_complete_when_one_member_is_and_stops_the_others():
    from witness.search.portfolio import Member, solve_portfolio
    from witness.search.predicates import Clause, Comparison, Predicate, const, feat

    # Unsound: "a 3-triangle square with one edge on the path" prunes solution prefixes.
    unsound = Predicate(
        "unsound",
        "program",
        (
            Clause(
                (
                    Comparison("eq", feat("triangles"), const(3)),
                    Comparison("eq", feat("edges_on_square"), const(1)),
                )
            ),
        ),
    )
    lost = 0
    for p in seeded_puzzles(200, seed=21, max_rows=3, max_cols=3, min_side=2):
        solvable = next(iter(enumerate_solutions(p)), None) is not None
        alone = solve(p, unsound, "prune")
        lost += solvable and not alone.solved
        both, members = solve_portfolio(p, [Member(unsound), Member(BASELINE)])
        assert both.solved == solvable
        if both.solved:
            assert is_solution(p, both.path)
            assert members[both.extra["winner"]].solved
        assert both.expansions == sum(m.expansions for m in members)
    assert lost > 0  # the unsound predicate alone does lose solutions here


def test_portfolio_stops_the_slower_member():
    import random

    from witness.search.generate import generate_from_path
    from witness.search.portfolio import Member, solve_portfolio

    rng = random.Random(5)
    while True:  # a puzzle plain A* cannot solve in 200,000 expansions but Table 3 can
        p, _ = generate_from_path(6, 6, rng)
        if (
            not solve(p, NONE, max_expansions=200_000).solved
            and solve(p, PAPER, max_expansions=200_000).solved
        ):
            break
    both, (fast, slow) = solve_portfolio(p, [Member(PAPER), Member(NONE)])
    assert both.solved and fast.solved and both.extra["winner"] == 0
    assert slow.status == "stopped" and not slow.solved


def test_base_prune_is_exactly_pruning_with_pi_baseline():
    for p in seeded_puzzles(60, seed=13, max_rows=4, max_cols=5, min_side=2):
        a = solve(p, NONE, "prune", base_prune=True)
        b = solve(p, BASELINE, "prune")
        assert (a.path, a.expansions, a.generated) == (b.path, b.expansions, b.generated)


def test_search_loads_neither_the_learner_nor_the_translator():
    # In a fresh process: other tests' imports must not hide an upward import.
    code = """
import sys
import witness.search as s
from witness.search.predicates import PAPER
from witness.model.puzzle import Puzzle
loaded = lambda: [m for m in ('clingo', 'janus_swi', 'witness.learning', 'witness.verify')
                  if m in sys.modules]
print(loaded())
s.solve(Puzzle(rows=1, cols=2, goal=(2, 1), triangles=((0, 0, 1), (1, 0, 2))), PAPER)
print(loaded())
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["[]", "[]"]


def test_the_front_door_searches_any_panel_in_the_core_its_form_picks():
    import witness.search as front
    from witness.model.panel import Panel

    panel = FIGURE1.to_panel()
    on_panel, on_puzzle = front.solve(panel, BASELINE), solve(FIGURE1, BASELINE)
    assert (on_panel.path, on_panel.expansions) == (on_puzzle.path, on_puzzle.expansions)
    squares = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "black"), (1, 0, "white")))
    assert front.solve(squares, BASELINE).solved


@pytest.mark.parametrize(
    ("panel", "status", "count"),
    [
        # a start that is also the end: the line of one vertex
        ({"rows": 1, "cols": 2, "starts": [[0, 0]], "ends": [[0, 0]]}, "solved", 1),
        ({"rows": 2, "cols": 2, "starts": [[0, 0]], "ends": [[0, 0]], "triangles": [[0, 0, 2]]},
         "unsolvable", 0),
        # a triangle of 4 needs a closed loop round its square: no simple line has one
        ({"rows": 2, "cols": 2, "starts": [[0, 0]], "ends": [[2, 2]], "triangles": [[1, 1, 4]]},
         "unsolvable", 0),
    ],
)  # fmt: skip
def test_cli_solve_takes_every_panel_the_format_accepts(tmp_path, capsys, panel, status, count):
    f = tmp_path / "panel.json"
    f.write_text(json.dumps(panel))
    assert main(["solve", str(f), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == status
    assert main(["solve", str(f), "--count", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == count
    assert main(["solve", str(f), "--solver", "asp", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == status
    assert main(["solve", str(f), "--predicate", "paper"]) == 2
    assert "paper's puzzle form" in capsys.readouterr().err


def test_the_front_door_takes_a_builtin_predicate_by_name():
    import witness.search as front
    from witness.errors import InputError

    by_name, by_value = front.solve(FIGURE1, "paper"), front.solve(FIGURE1, PAPER)
    assert (by_name.path, by_name.expansions) == (by_value.path, by_value.expansions)
    with pytest.raises(InputError, match="expected one of none, baseline, paper"):
        front.solve(FIGURE1, "nonsense")


@pytest.mark.slow
def test_a_solve_that_must_compile_its_core_says_so_first(tmp_path):
    # an empty numba cache: the core is compiled (the panel core in its paper
    # mode, witness solve's choice), and the solve's JSON stays untouched
    f = tmp_path / "fig1.json"
    FIGURE1.save(f)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run(
        [sys.executable, "-m", "witness.cli", "solve", str(f), "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["solved"] is True
    # a compile longer than the notice's delay (3 s; the panel core takes
    # about 40 s of CPU) is announced on stderr
    assert "still loading the search core: numba compiles it" in proc.stderr
