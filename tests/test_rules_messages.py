"""What a player reads of each broken rule: the counts behind the verdict
and the place in words, rows counted from the top."""

import json

from witness.cli import main
from witness.model.panel import Panel
from witness.model.rules import check

BOTTOM = [(0, 0), (1, 0), (2, 0), (3, 0)]  # along the bottom of a 2x3 panel
PANEL = {"rows": 2, "cols": 3, "goal": [3, 0]}


def only(kind, path=BOTTOM, **fields):
    """The violations of ``kind`` the line breaks on PANEL with ``fields``."""
    verdict = check(Panel.from_dict({**PANEL, **fields}), path)
    return [v for v in verdict.violations if v.kind == kind]


def test_a_triangle_says_how_many_sides_it_has_and_needs():
    (v,) = only("triangle", triangles=[[1, 0, 3]])
    assert dict(v.counts) == {"sides": 1, "needs": 3}
    assert v.message == "a triangle with 1 side on the line, needs 3"


def test_a_dot_says_how_many_dots_the_line_misses():
    dots = [[1, 1], [2, 2], [2, 0]]  # the third is on the line
    found = only("dot", dots=dots)
    assert [dict(v.counts) for v in found] == [{"uncovered": 2}] * 2
    assert "2 dots uncovered" in found[0].message


def test_squares_name_their_colours():
    found = only("square", squares=[[0, 0, "black"], [2, 1, "white"], [1, 1, "black"]])
    assert {dict(v.counts)["colours"] for v in found} == {("black", "white")}
    assert found[0].message == "squares of 2 colours in one region: black, white"


def test_a_star_says_how_many_of_its_colour_share_its_region():
    found = only("star", stars=[[0, 0, "red"], [1, 0, "red"]], squares=[[2, 0, "red"]])
    assert [dict(v.counts) for v in found] == [{"colour": "red", "count": 3, "needs": 2}] * 2
    (lone,) = only("star", stars=[[0, 0, "red"]])
    assert dict(lone.counts)["count"] == 1 and "1 symbol of its colour" in lone.message


def test_polyominoes_give_their_area_and_the_regions_cells():
    pieces = [{"cell": [0, 0], "shape": [[0, 0], [1, 0]]}]
    (v,) = only("polyomino", polyominoes=pieces)  # one region of 6 cells
    assert dict(v.counts) == {"area": 2, "cells": 6}
    assert v.message == "polyominoes of area 2 in a region of 6 cells"
    # a region of 2 cells (the line cuts off the first column), a piece of 2 standing
    cut = [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2), (3, 2)]
    flat = {**PANEL, "goal": [3, 2], "polyominoes": pieces}
    (v,) = check(Panel.from_dict(flat), cut).violations
    assert dict(v.counts) == {"area": 2, "cells": 2} and "do not fit its shape" in v.message


def test_places_are_also_counted_from_the_top():
    (v,) = only("triangle", triangles=[[1, 0, 3]])
    assert v.at == (1, 0)
    assert v.where == "the cell in row 2 from the top, column 2 from the left"
    (end,) = check(Panel.from_dict(PANEL), [(0, 0), (0, 1)]).violations
    assert end.where == "the corner on line 2 from the top, line 1 from the left"


def test_check_json_keeps_its_keys_and_adds_the_counts(tmp_path, capsys):
    f = tmp_path / "p.json"
    f.write_text(json.dumps({**PANEL, "triangles": [[1, 0, 3]]}))
    assert main(["check", str(f), "--path", "[[0,0],[1,0],[2,0],[3,0]]", "--json"]) == 0
    (v,) = json.loads(capsys.readouterr().out)["violations"]
    assert {"kind", "at", "message"} <= set(v) and v["at"] == [1, 0]
    assert v["counts"] == {"sides": 1, "needs": 3}
    assert v["where"].startswith("the cell in row 2 from the top")
    assert main(["check", str(f), "--path", "[[0,0],[1,0],[2,0],[3,0]]"]) == 0
    assert "1 side on the line, needs 3" in capsys.readouterr().out
