"""A* (Algorithm 1): agreement with brute force, metrics, budgets, predicates."""

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from puzzles import FIGURE1, puzzles, seeded_puzzles

from witness.cli import main
from witness.predicates import BASELINE, NONE, PAPER, as_program
from witness.puzzle import Puzzle, enumerate_simple_paths, enumerate_solutions, is_solution
from witness.search import predicate_values, solve

SMALL = seeded_puzzles(300, seed=7, max_rows=3, max_cols=3)
PREDICATES = ["none", "baseline", "paper"]
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


@pytest.mark.parametrize("predicate", PREDICATES)
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


@settings(max_examples=150, deadline=None)
@given(puzzles(3, 4))
def test_sound_predicates_never_prune_a_solution_prefix(p):
    prefixes = completable(p)
    for pred in (BASELINE, PAPER):
        values = predicate_values(p, pred, [list(x) for x in prefixes])
        assert not any(values)


@settings(max_examples=60, deadline=None)
@given(puzzles(3, 3))
def test_core_predicates_match_the_python_reference(p):
    paths = partial_paths(p)
    for pred in (NONE, BASELINE, PAPER, as_program(PAPER)):
        assert predicate_values(p, pred, paths) == [pred.holds(p, q) for q in paths]


def test_figure1_partial_paths_and_search():
    completable_path = [(0, 0), (1, 0)]
    incompletable_path = [(0, 0), (0, 1), (1, 1)]  # two edges of the one-triangle square
    assert tuple(completable_path) in completable(FIGURE1)
    assert tuple(incompletable_path) not in completable(FIGURE1)
    assert predicate_values(FIGURE1, "baseline", [completable_path, incompletable_path]) == [
        False,
        True,
    ]
    r = solve(FIGURE1, "baseline")
    assert r.path == [(0, 0), (1, 0), (2, 0), (2, 1)]
    # Two expansions reach (2, 0) along the bottom; the third generates the goal.
    assert (r.expansions, r.generated) == (3, 5)


def test_pruning_expands_no_more_than_sorting_and_paper_no_more_than_baseline():
    for p in seeded_puzzles(40, seed=3, max_rows=4, max_cols=4, min_side=3):
        base = solve(p, "baseline", "prune")
        paper = solve(p, "paper", "prune")
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


def test_deterministic():
    p = seeded_puzzles(1, seed=11, max_rows=4, max_cols=4, min_side=4)[0]
    a, b = solve(p, "none", "sort"), solve(p, "none", "sort")
    assert (a.path, a.expansions, a.generated) == (b.path, b.expansions, b.generated)


def _hard() -> Puzzle:
    # Big enough that plain A* runs long past each budget below.
    return Puzzle(rows=6, cols=6, goal=(6, 6), triangles=((0, 5, 3), (5, 0, 3), (3, 3, 1)))


def test_budgets_end_the_search_cleanly():
    p = _hard()
    r = solve(p, "none", "prune", max_expansions=5000)
    assert (r.status, r.solved, r.expansions) == ("expansion_budget", False, 5000)
    r = solve(p, "none", "prune", time_limit=0.05)
    assert r.status == "timed_out" and r.timed_out and not r.solved
    r = solve(p, "none", "prune", memory_mb=1)
    assert r.status == "out_of_memory" and not r.solved and not r.timed_out
    assert r.extra["stored_paths"] <= 1e6 / 17


def test_cli_solve_json_contract(tmp_path, capsys):
    f = tmp_path / "fig1.json"
    FIGURE1.save(f)
    assert main(["solve", str(f), "--predicate", "paper", "--mode", "sort", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["solved", "path", "expansions", "seconds", "timed_out"]
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
