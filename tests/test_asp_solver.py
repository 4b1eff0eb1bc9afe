"""The clingo solver (witness/search/asp_solver/) on the paper's triangle puzzles vs brute
force and A*; `witness solve --solver asp`."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzles import FIGURE1, enumerate_solutions, is_solution, paper, puzzles, seeded_puzzles

from profiles import examples
from witness.cli import main
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle
from witness.search.asp_solver import path_from_edges, solve_panel_asp
from witness.search.generate import generate_from_path

CONTRACT_KEYS = {"solved", "path", "expansions", "seconds", "timed_out", "status"}


def solve_asp(puzzle: Puzzle | Panel, time_limit: float | None = None):
    """clingo on the panel a triangle puzzle stands for."""
    return solve_panel_asp(puzzle.to_panel(), time_limit=time_limit)


def check_against_brute_force(puzzle: Puzzle) -> bool:
    result = solve_asp(puzzle)
    solvable = next(iter(enumerate_solutions(puzzle)), None) is not None
    assert result.solved == solvable, puzzle.to_json()
    assert result.status == ("solved" if solvable else "unsolvable")
    assert not result.timed_out
    if solvable:
        assert is_solution(puzzle, result.path), (puzzle.to_json(), result.path)
    else:
        assert result.path is None
    return solvable


def test_agrees_with_brute_force_on_300_small_puzzles():
    solvable = [
        check_against_brute_force(p) for p in seeded_puzzles(300, seed=11, max_rows=3, max_cols=3)
    ]
    # both answers are well represented
    assert 50 <= sum(solvable) <= 250


def test_agrees_with_brute_force_on_3x4_puzzles():
    for p in seeded_puzzles(40, seed=12, max_rows=3, max_cols=4, min_side=3):
        check_against_brute_force(p)


@settings(max_examples=examples(100), deadline=None)
@given(puzzles(max_rows=3, max_cols=3))
def test_property_agrees_with_brute_force(puzzle):
    check_against_brute_force(puzzle)


def with_random_start(puzzle: Puzzle, seed: int) -> Puzzle:
    """``puzzle`` started at a random vertex other than its goal (the format allows any)."""
    vertices = [
        (x, y)
        for x in range(puzzle.cols + 1)
        for y in range(puzzle.rows + 1)
        if (x, y) != puzzle.goal
    ]
    start = random.Random(seed).choice(vertices)
    return Puzzle(puzzle.rows, puzzle.cols, puzzle.goal, puzzle.triangles, start=start)


@settings(max_examples=examples(100), deadline=None)
@given(puzzles(max_rows=3, max_cols=3), st.integers(0, 2**32 - 1))
def test_any_start_agrees_with_brute_force(puzzle, seed):
    # the encoding fixed the start at (0, 0): a ValueError for any other
    check_against_brute_force(with_random_start(puzzle, seed))


def test_cli_solves_a_puzzle_that_starts_elsewhere(tmp_path, capsys):
    puzzle = Puzzle(rows=2, cols=2, goal=(2, 2), triangles=((0, 0, 1),), start=(1, 1))
    f = tmp_path / "p.json"
    puzzle.save(f)
    assert main(["solve", str(f), "--solver", "asp", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] and out["path"][0] == [1, 1]
    assert is_solution(puzzle, [tuple(v) for v in out["path"]])


def test_a_zero_time_limit_stops_before_solving():
    result = solve_asp(FIGURE1, time_limit=0)
    assert (result.status, result.solved, result.expansions) == ("timed_out", False, 0)


def test_the_time_limit_bounds_grounding(held_grounding):
    """A grounding that outlasts the limit ends the solve as stopped without
    waiting for it (here a grounding held until released)."""
    result = solve_asp(FIGURE1, time_limit=0.5)
    assert not held_grounding.is_set()  # returned while grounding was held
    assert (result.status, result.solved, result.path) == ("timed_out", False, None)


@pytest.mark.parametrize("limit", ["1e10", "1e300"])
def test_a_time_limit_longer_than_a_wait_can_take_solves(tmp_path, capsys, limit):
    """A thread join overflows past threading.TIMEOUT_MAX (~9.2e9 s) and clasp's
    timed wait answers at once near it: such limits are waited out in shorter waits."""
    FIGURE1.save(tmp_path / "fig1.json")
    Panel.from_dict({"rows": 2, "cols": 2, "ends": [[2, 2]], "dots": [[1, 1]]}).save(
        tmp_path / "dots.json"
    )
    for name in ("fig1.json", "dots.json"):
        args = ["solve", str(tmp_path / name), "--solver", "asp", "--time-limit", limit]
        assert main([*args, "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["status"] == "solved"
    assert main([*args, "--count", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["count"] == 10  # as the checker counts


def test_figure1():
    result = solve_asp(FIGURE1)
    assert result.solved and is_solution(FIGURE1, result.path)


@pytest.mark.parametrize("size", [5, 8])
def test_solves_algorithm4_puzzles(size):
    """Algorithm 4 reads the triangles off a path, so every puzzle is solvable."""
    rng = random.Random(size)
    for _ in range(5):
        puzzle = paper(generate_from_path(size, size, rng)[0])
        result = solve_asp(puzzle, time_limit=60)
        assert result.solved and is_solution(puzzle, result.path)
        assert result.expansions == result.extra["choices"] >= 0
        assert result.extra["conflicts"] >= 0


def test_time_limit_interrupts_the_solver():
    # A 15x15 puzzle takes clingo well over a millisecond to ground and solve,
    # so a 1 ms budget always runs out: the async solve is cancelled.
    puzzle = paper(generate_from_path(15, 15, random.Random(3))[0])
    result = solve_asp(puzzle, time_limit=0.001)
    assert result.timed_out and not result.solved and result.path is None
    assert result.status == "timed_out"
    assert set(result.contract_dict()) == CONTRACT_KEYS


def test_path_walk():
    edges = [((1, 0), (1, 1)), ((0, 0), (1, 0)), ((1, 1), (2, 1))]
    assert path_from_edges((0, 0), edges) == [(0, 0), (1, 0), (1, 1), (2, 1)]


def test_cli_json_contract(tmp_path, capsys):
    f = tmp_path / "fig1.json"
    FIGURE1.save(f)
    assert main(["solve", str(f), "--solver", "asp", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == CONTRACT_KEYS
    assert out["solved"] and not out["timed_out"]
    assert is_solution(FIGURE1, [tuple(v) for v in out["path"]])


def test_cli_unsolvable_and_text_output(tmp_path, capsys):
    # one square, three triangles, goal on its far corner: the path would need
    # an even number of the square's edges
    f = tmp_path / "unsolvable.json"
    Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 3),)).save(f)
    assert main(["solve", str(f), "--solver", "asp", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] is False and out["path"] is None
    assert main(["solve", str(f), "--solver", "asp"]) == 0
    assert capsys.readouterr().out.startswith("unsolvable: ")


def test_cli_bad_puzzle_exit_2(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text('{"rows": 2, "cols": 2, "goal": [1, 1], "triangles": []}')
    assert main(["solve", str(f), "--solver", "asp"]) == 2
    assert "goal" in capsys.readouterr().err


def test_an_early_wait_does_not_stop_the_solver(monkeypatch):
    """clasp's timed wait can answer False on a spurious wake-up, long before
    its timeout: that is no time-out, the solve goes on."""
    import clingo

    wait = clingo.SolveHandle.wait
    asked: list[float] = []

    def early(self, timeout=None):
        if timeout is not None and timeout > 0 and not asked:
            asked.append(timeout)
            return False
        return wait(self, timeout)

    monkeypatch.setattr(clingo.SolveHandle, "wait", early)
    result = solve_asp(FIGURE1, time_limit=60)
    assert asked and result.status == "solved" and is_solution(FIGURE1, result.path)


def _agrees_with_astar(puzzle: Puzzle | Panel) -> None:
    """clingo and A* with pi_baseline (sound: its unsolvable is exact) give one
    status, and clingo's line solves the puzzle."""
    from witness.search.solvers import solve

    result = solve_asp(puzzle)
    assert result.status == solve(puzzle.to_panel(), "baseline").status, puzzle.to_json()
    assert result.path is None or is_solution(puzzle, result.path), puzzle.to_json()


@pytest.mark.parametrize("method", ["random", "path"])
def test_clingo_and_astar_agree_on_the_paper_generators_puzzles(method):
    from witness.search.generate import generate_set

    sizes = [(2, 2), (3, 3), (3, 4), (4, 4)]
    for puzzle in generate_set(method, sizes, examples(20), seed=11):
        _agrees_with_astar(puzzle)


def test_clingo_and_astar_agree_on_unfiltered_puzzles_from_any_start():
    # random triangles, many unsolvable, the start anywhere
    for puzzle in seeded_puzzles(examples(60), seed=5, any_start=True):
        _agrees_with_astar(puzzle)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(2, 2), (3, 3), (4, 4), (5, 5)])
def test_clingo_and_astar_agree_on_200_puzzles_per_size(size):
    from witness.search.generate import generate_set

    for puzzle in generate_set("random", [size], 200, seed=size[0] * 10 + size[1]):
        _agrees_with_astar(puzzle)
