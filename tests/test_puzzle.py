"""Puzzle model: JSON round trip, validation errors naming the field, geometry ids."""

import json

import pytest
from hypothesis import given
from puzzles import FIGURE1, enumerate_solutions, is_solution, puzzles

from witness.cli import main
from witness.model.puzzle import Puzzle, PuzzleError, square_edge_counts

GOOD = {"rows": 2, "cols": 3, "start": [0, 0], "goal": [3, 2], "triangles": [[0, 1, 2], [2, 0, 1]]}


def test_design_example_loads_and_round_trips():
    p = Puzzle.from_dict(GOOD)
    assert (p.rows, p.cols, p.start, p.goal) == (2, 3, (0, 0), (3, 2))
    assert p.triangle_map == {(0, 1): 2, (2, 0): 1}
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
def test_ids_are_a_bijection_and_edges_border_their_squares(p):
    assert sorted(p.vertex_id(p.vertex_at(i)) for i in range(p.n_vertices)) == list(
        range(p.n_vertices)
    )
    all_edges = set()
    for sid in range(p.n_squares):
        s = p.square_at(sid)
        edges = p.square_edges(s)
        assert len(set(edges)) == 4
        corners = set(p.square_corners(s))
        for e in edges:
            a, b = p.edge_ends(e)
            assert {a, b} <= corners and p.edge_id(a, b) == e == p.edge_id(b, a)
            assert s in p.edge_squares(e)
        all_edges |= set(edges)
    assert all_edges == set(range(p.n_edges))


def test_figure1_solution_and_non_solution():
    green = [(0, 0), (1, 0), (2, 0), (2, 1)]
    red = [(0, 0), (0, 1), (1, 1), (2, 1)]
    assert is_solution(FIGURE1, green)
    assert not is_solution(FIGURE1, red)
    assert square_edge_counts(FIGURE1, red) == {(0, 0): 2, (1, 0): 1}
    assert green in list(enumerate_solutions(FIGURE1))


def test_the_constructor_checks_triangle_entries_before_sorting_them():
    for entry in ((None, 1, 1), ("a", 0, 1), None, (0, 0)):
        with pytest.raises(PuzzleError, match="triangles"):
            Puzzle(rows=2, cols=2, goal=(2, 2), triangles=((0, 0, 1), entry))
