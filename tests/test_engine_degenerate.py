"""Panels the community engine accepts though no line, or a line of no width,
solves them: no start, no end, zero rows or columns, a dot of a code the
engine reads as black. They import, count as its test suite (pages/test.js
of jbzdarkid/witness-puzzles) says with the checker, clingo and A*, and go
through the panel JSON, export and a picture. Fixtures written out here."""

import json

import pytest
from test_engine_settings import engine_puzzle

from witness.model.jbz import panel_from_jbz, panel_to_jbz
from witness.model.panel import Panel
from witness.model.render import render
from witness.search.asp_solver import count_panel_asp
from witness.search.count import count_with_checker
from witness.search.solvers import solve

SQUARES = {
    (1, 1): {"type": "square", "color": "orange"},
    (1, 3): {"type": "square", "color": "blue"},
    (3, 1): {"type": "square", "color": "blue"},
    (3, 3): {"type": "square", "color": "orange"},
}
POLYS = {
    (1, 1): {"type": "poly", "color": "yellow", "polyshape": 65535},
    (3, 1): {"type": "poly", "color": "black", "polyshape": 38505},
}
DOTS = {(0, 0): {"dot": 1}, (2, 2): {"dot": 5}, (4, 4): {"dot": 3}, (0, 1): {"gap": 1}}
# (test of the engine's suite, puzzle, its count)
SUITE = [
    ("impossible-squares", engine_puzzle(2, 2, SQUARES), 0),
    ("ezra333-4x4-poly-is-offcenter", engine_puzzle(2, 1, POLYS), 0),
    ("dot-and-gap-test-2 (shortened)", engine_puzzle(2, 2, DOTS), 0),
    ("laser-key", engine_puzzle(0, 3, {(0, 6): {"start": True}, (0, 0): {"end": "right"}}), 1),
    ("straight", engine_puzzle(3, 0, {(0, 0): {"start": True}, (6, 0): {"end": "right"}}), 1),
]


@pytest.mark.parametrize(("name", "puzzle", "expected"), SUITE, ids=[s[0] for s in SUITE])
def test_degenerate_panels_count_as_the_engine_says(name, puzzle, expected, tmp_path):
    panel = panel_from_jbz(puzzle)
    assert Panel.from_dict(json.loads(panel.to_json())) == panel
    assert count_with_checker(panel).count == expected
    counted = count_panel_asp(panel)
    assert (counted.status, counted.count) == ("counted", expected)
    assert solve(panel, "baseline").status == ("solved" if expected else "unsolvable")
    again, _ = panel_to_jbz(panel)
    assert panel_from_jbz(json.loads(json.dumps(again))) == panel
    render(panel, tmp_path / "panel.svg")
    assert (tmp_path / "panel.svg").stat().st_size > 0


def test_a_dot_of_another_code_is_black():
    (dot, *_) = panel_from_jbz(engine_puzzle(1, 1, {(1, 0): {"dot": 7}})).dots
    assert dot.colour == "black"
