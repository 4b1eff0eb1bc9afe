"""The paper's puzzle form: JSON round trip, validation errors naming the field,
the squares beside an edge."""

import json

import pytest
from hypothesis import given
from puzzles import (
    FIGURE1,
    enumerate_solutions,
    is_solution,
    neighbours,
    puzzles,
    square_corners,
    triangle_map,
)

from witness.cli import main
from witness.model.base import PuzzleError
from witness.model.puzzle import Puzzle, square_edge_counts, squares_beside

GOOD = {"rows": 2, "cols": 3, "start": [0, 0], "goal": [3, 2], "triangles": [[0, 1, 2], [2, 0, 1]]}


def test_design_example_loads_and_round_trips():
    p = Puzzle.from_dict(GOOD)
    assert (p.rows, p.cols, p.start, p.goal) == (2, 3, (0, 0), (3, 2))
    assert triangle_map(p) == {(0, 1): 2, (2, 0): 1}
    assert Puzzle.from_json(p.to_json()) == p
    no_start = dict(GOOD)
    del no_start["start"]
    assert Puzzle.from_dict(no_start).start == (0, 0)


BAD = [
    ({"colour": 1}, "colour"),
    ({"rows": 0}, "rows"),
    ({"rows": "2"}, "rows"),
    ({"cols": True}, "cols"),
    ({"goal": [4, 2]}, "goal"),
    ({"goal": [1, 1]}, "goal"),  # interior vertex: not peripheral
    ({"goal": [0, 0]}, "goal"),  # equals start
    ({"goal": [3]}, "goal"),
    ({"start": [9, 0]}, "start"),
    ({"triangles": [[0, 1, 4]]}, "triangles"),
    ({"triangles": [[0, 1, 0]]}, "triangles"),
    ({"triangles": [[3, 0, 1]]}, "triangles"),
    ({"triangles": [[0, 0, 1], [0, 0, 2]]}, "triangles"),
    ({"triangles": [[0, 0]]}, "triangles"),
    ({"triangles": "none"}, "triangles"),
    # entries are checked before they are sorted (these raised TypeError from sorted())
    ({"triangles": [[0, 0, 1], ["a", 0, 1]]}, "triangles"),
    ({"triangles": [[0, 0, 1], [None, 1, 1]]}, "triangles"),
    ({"triangles": [[0, 0, 1], [0, 1.5, 1]]}, "triangles"),
]


@pytest.mark.parametrize(("change", "field"), BAD)
def test_each_validation_error_names_its_field(change, field):
    with pytest.raises(PuzzleError) as err:
        Puzzle.from_dict({**GOOD, **change})
    assert err.value.field == field
    assert f"'{field}'" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("missing", ["rows", "cols", "goal", "triangles"])
def test_missing_field_is_named(missing):
    data = dict(GOOD)
    del data[missing]
    with pytest.raises(PuzzleError, match=f"'{missing}'"):
        Puzzle.from_dict(data)


@pytest.mark.parametrize(("change", "field"), BAD[:6])
def test_cli_exit_2_and_field_name_on_bad_puzzle(tmp_path, capsys, change, field):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps({**GOOD, **change}))
    if change == {"rows": 0}:  # solve reads any panel: 0 rows is one, its goal [3, 2] is off it
        field = "goal"
    assert main(["solve", str(f), "--json"]) == 2
    err = capsys.readouterr().err
    assert f"'{field}'" in err and err.count("\n") == 1


def test_cli_exit_2_on_malformed_json(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text('{"rows": 2, "cols": ')
    assert main(["solve", str(f)]) == 2
    assert "'json'" in capsys.readouterr().err
    assert main(["solve", str(tmp_path / "missing.json")]) == 2


@given(puzzles(4, 4))
def test_the_squares_beside_an_edge_are_those_it_borders(p):
    """squares_beside by the definition: the squares of the grid with both ends
    of the edge among their corners."""
    squares = [(x, y) for y in range(p.rows) for x in range(p.cols)]
    for y in range(p.rows + 1):
        for x in range(p.cols + 1):
            for w in neighbours(p, (x, y)):
                expected = [s for s in squares if {(x, y), w} <= set(square_corners(s))]
                beside = squares_beside(p.rows, p.cols, (x, y), w)
                assert (
                    sorted(beside) == expected == sorted(squares_beside(p.rows, p.cols, w, (x, y)))
                )
    with pytest.raises(ValueError):
        squares_beside(p.rows, p.cols, (0, 0), (1, 1))


def test_figure1_solution_and_non_solution():
    green = [(0, 0), (1, 0), (2, 0), (2, 1)]
    red = [(0, 0), (0, 1), (1, 1), (2, 1)]
    assert is_solution(FIGURE1, green)
    assert not is_solution(FIGURE1, red)
    assert square_edge_counts(FIGURE1.rows, FIGURE1.cols, red) == {(0, 0): 2, (1, 0): 1}
    assert green in list(enumerate_solutions(FIGURE1))


def test_the_constructor_checks_triangle_entries_before_sorting_them():
    for entry in ((None, 1, 1), ("a", 0, 1), None, (0, 0)):
        with pytest.raises(PuzzleError, match="triangles"):
            Puzzle(rows=2, cols=2, goal=(2, 2), triangles=((0, 0, 1), entry))
