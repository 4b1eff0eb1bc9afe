"""The general panel: JSON format (triangle files unchanged), validation errors
naming the field, the triangle-only view, and the `check`/`solve` commands."""

import json

import pytest
from hypothesis import given, settings
from puzzles import enumerate_simple_paths, is_solution, puzzles

from profiles import examples
from witness.cli import main
from witness.model.base import PuzzleError
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle
from witness.model.rules import check, enumerate_lines

FULL = {
    "rows": 3,
    "cols": 3,
    "starts": [[0, 0], [3, 0]],
    "ends": [[0, 3], [3, 3]],
    "triangles": [[0, 0, 1], [1, 0, 2, "red"]],
    "squares": [[2, 0, "white"], [0, 1]],
    "stars": [[1, 1, "red"]],
    "cancellers": [[2, 1]],
    "polyominoes": [
        {"cell": [0, 2], "shape": [[0, 0], [1, 0]], "rotatable": True},
        {"cell": [1, 2], "shape": [[0, 0]], "negative": True, "colour": "blue"},
    ],
    "dots": [[1, 1], [0, 3, 1, 3], [2, 2, "blue"]],
    "gaps": [[1, 1, 2, 1]],
    "removed": [[3, 2, 3, 3]],
    "symmetry": "horizontal",
    "meta": {"source": "test", "title": "all of it"},
}


def test_every_field_round_trips():
    panel = Panel.from_dict(FULL)
    again = Panel.from_json(panel.to_json())
    assert again == panel and again.meta == FULL["meta"]
    assert panel.to_dict()["squares"] == [[0, 1], [2, 0, "white"]]  # default colour left out
    assert panel.polyominoes[0].rotatable and panel.polyominoes[1].negative
    assert {d.at for d in panel.dots} == {(1, 1), (2, 2), ((0, 3), (1, 3))}


@settings(max_examples=examples(60), deadline=None)
@given(puzzles())
def test_a_triangle_file_means_what_it_meant(puzzle):
    """Same JSON out, same Puzzle back, and the checker accepts exactly the old solutions."""
    panel = Panel.from_json(puzzle.to_json())
    assert panel.to_json() == puzzle.to_json()
    assert Puzzle.from_panel(panel) == puzzle == Puzzle.from_json(puzzle.to_json())
    old = sorted(p for p in enumerate_simple_paths(puzzle) if is_solution(puzzle, p))
    new = sorted(p for p in enumerate_lines(panel) if check(panel, p).solved)
    assert old == new


BAD = [
    ({"squares": [[0, 0, "red"], [0, 0, "blue"]]}, "squares"),
    ({"stars": [[0, 0, 3]]}, "stars"),
    ({"stars": [[5, 0]]}, "stars"),
    ({"triangles": [[0, 0, 1]], "squares": [[0, 0]]}, "squares"),
    ({"cancellers": [[0, 0, "Not a colour"]]}, "cancellers"),
    ({"polyominoes": [{"cell": [0, 0]}]}, "polyominoes"),
    ({"polyominoes": [{"cell": [0, 0], "shape": [[0, 0]], "flip": True}]}, "polyominoes"),
    ({"dots": [[0, 0, 2, 0]]}, "dots"),
    ({"dots": [[0, 0, "green"]]}, "dots"),
    ({"dots": [[0, 0, 1, 0]], "gaps": [[0, 0, 1, 0]]}, "dots"),
    ({"gaps": [[0, 0, 1, 1]]}, "gaps"),
    ({"removed": [[0, 0, 0]]}, "removed"),
    ({"symmetry": "diagonal"}, "symmetry"),
    ({"starts": [[0, 0], [0, 0]]}, "starts"),
    ({"start": [0, 0], "starts": [[0, 0]]}, "starts"),
    ({"meta": []}, "meta"),
    # the cell [0, 0] is cut off from the panel by removing its two outer sides
    ({"start": [2, 0], "removed": [[0, 0, 1, 0], [0, 0, 0, 1]], "squares": [[0, 0]]}, "squares"),
]


@pytest.mark.parametrize(("change", "field"), BAD)
def test_each_validation_error_names_its_field(change, field):
    data = {"rows": 2, "cols": 2, "goal": [2, 2], **change}
    if "ends" in change:
        del data["goal"]
    with pytest.raises(PuzzleError) as err:
        Panel.from_dict(data)
    assert err.value.field == field, str(err.value)
    assert "\n" not in str(err.value)


def test_ends_inside_and_terminals_without_mirror_images_load():
    """As the community engine reads them (tests/test_engine_reading.py)."""
    inner = Panel.from_dict({"rows": 2, "cols": 2, "ends": [[1, 1]]})
    assert inner.ends == ((1, 1),) and not inner.is_boundary((1, 1))
    lone = Panel.from_dict({"rows": 2, "cols": 2, "goal": [2, 2], "symmetry": "vertical"})
    assert lone.mirror((0, 0)) not in lone.starts


def test_a_missing_vertex_removes_its_edges():
    panel = Panel.from_dict({"rows": 2, "cols": 2, "goal": [2, 2], "removed": [[1, 1]]})
    assert panel.neighbours((1, 0)) == [(2, 0), (0, 0)]
    assert panel.is_boundary((1, 2))  # next to a missing edge: an end may stick out there


def test_neighbours_and_edges_once_found_are_the_same_and_a_caller_s_own():
    """Panel keeps what neighbours() and whole_edge() found: asked again, or
    with a vertex given as a list, they answer the same, and a caller that
    changes the list it got changes nothing the panel keeps."""
    panel = Panel.from_dict({"rows": 2, "cols": 2, "goal": [2, 2], "gaps": [[0, 0, 1, 0]]})
    first = panel.neighbours((1, 0))
    first.append((9, 9))
    assert panel.neighbours((1, 0)) == panel.neighbours([1, 0]) == [(2, 0), (1, 1)]
    assert panel.whole_edge((1, 1), (1, 0)) == panel.whole_edge([1, 1], [1, 0]) == ((1, 0), (1, 1))
    assert ((0, 0), (1, 0)) not in panel.open_edges and ((1, 0), (2, 0)) in panel.open_edges
    assert len(panel.open_edges) == 12 - 1


def test_the_triangle_view_names_what_it_cannot_hold():
    with pytest.raises(PuzzleError, match="'dots'"):
        Puzzle.from_dict({"rows": 1, "cols": 1, "goal": [1, 1], "triangles": [], "dots": [[0, 1]]})


def _write(tmp_path, data):
    f = tmp_path / "panel.json"
    f.write_text(json.dumps(data))
    return str(f)


def test_cli_check_reports_violations(tmp_path, capsys):
    f = _write(tmp_path, {"rows": 1, "cols": 2, "goal": [2, 1], "triangles": [], "dots": [[1, 1]]})
    assert main(["check", f, "--path", "[[0,0],[1,0],[2,0],[2,1]]", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "solved": False,
        "violations": [
            {
                "kind": "dot",
                "at": [1, 1],
                "message": "a dot the line does not cover (1 dot uncovered in all)",
                "counts": {"uncovered": 1},
                "where": "the corner on line 1 from the top, line 2 from the left",
            }
        ],
    }
    assert main(["check", f, "--path", "[[0,0],[0,1],[1,1],[2,1]]", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"solved": True, "violations": []}
    assert main(["check", f, "--path", "[[0,0],[2,0]]"]) == 2
    assert "--path" not in capsys.readouterr().out


def test_cli_check_takes_solve_output(tmp_path, capsys):
    f = _write(tmp_path, {"rows": 1, "cols": 1, "goal": [1, 1], "triangles": [[0, 0, 2]]})
    assert main(["solve", f, "--json"]) == 0
    solved = tmp_path / "solved.json"
    solved.write_text(capsys.readouterr().out)
    assert main(["check", f, "--path", str(solved)]) == 0
    assert capsys.readouterr().out == "solved\n"


@pytest.mark.parametrize("solver", ["astar", "asp"])
def test_cli_check_and_show_take_the_path_solve_prints(tmp_path, capsys, solver):
    f = _write(tmp_path, {"rows": 2, "cols": 2, "goal": [2, 2], "triangles": [], "dots": [[1, 1]]})
    assert main(["solve", f, "--solver", solver]) == 0
    printed = next(s for s in capsys.readouterr().out.splitlines() if s.startswith("path: "))
    for text in (printed, printed.removeprefix("path: ")):
        assert main(["check", f, "--path", text, "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == {"solved": True, "violations": []}
    assert main(["check", f, "--path", "0,0 1,0", "--json"]) == 0
    assert not json.loads(capsys.readouterr().out)["solved"]
    assert main(["show", f, "--out", str(tmp_path / "bare.svg")]) == 0
    assert 'id="line"' not in (tmp_path / "bare.svg").read_text()
    assert main(["show", f, "--path", printed, "--out", str(tmp_path / "p.svg")]) == 0
    assert 'id="line"' in (tmp_path / "p.svg").read_text()
    assert main(["check", f, "--path", "0,0 1"]) == 2
    assert "--path" in capsys.readouterr().err


def test_cli_solve_takes_a_panel_beyond_triangles(tmp_path, capsys):
    f = _write(tmp_path, {"rows": 1, "cols": 1, "goal": [1, 1], "triangles": [], "stars": [[0, 0]]})
    assert main(["solve", f, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unsolvable"
    assert main(["solve", f, "--solver", "asp", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "unsolvable"
    assert main(["solve", f, "--predicate", "paper"]) == 2
    assert "paper" in capsys.readouterr().err
    dots = {"rows": 2, "cols": 2, "goal": [2, 2], "triangles": [], "dots": [[1, 1], [2, 0, 2, 1]]}
    f = _write(tmp_path, dots)
    assert main(["solve", f, "--json"]) == 0
    solved = tmp_path / "solved.json"
    solved.write_text(capsys.readouterr().out)
    assert main(["check", f, "--path", str(solved)]) == 0
    assert capsys.readouterr().out == "solved\n"
