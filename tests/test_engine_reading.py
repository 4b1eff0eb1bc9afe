"""witnesspuzzles.com puzzles the import used to skip, read as the community
engine reads them: an end on an inner vertex (its solver ends a line at any
vertex marked an end), a start or an end whose mirror image is none (its
solver and validate() ask only the first line to start at a start and end at
an end), and symbols in cells removed edges cut off (its regions leave them
out; a puzzle of triangles alone is one region to it, which counts a
triangle cut off: that one is refused by name).
Fixtures written here; each expected count is the engine's own solver's
(engine/solve.js of jbzdarkid/jbzdarkid.github.io at ce40b9d, run by
benchmarks/engine_validate.js)."""

import itertools
import json
import random

import pytest
from random_panels import grid_places, panel_or_none
from test_engine_settings import engine_puzzle

from witness.model.base import UnsupportedPuzzle
from witness.model.jbz import jbz_extras, needs_regions, panel_from_jbz, panel_to_jbz
from witness.model.panel import Panel
from witness.model.render import render
from witness.model.rules import check
from witness.search.asp_solver import count_panel_asp
from witness.search.count import count_with_checker
from witness.search.panel_search import solve_panel

SQUARE_B = {"type": "square", "color": "black"}
SQUARE_W = {"type": "square", "color": "white"}
TRIANGLE_2 = {"type": "triangle", "color": "orange", "count": 2}
ROTATIONAL = {"x": True, "y": True}
# name: (width, height, grid changes, symmetry, the engine's count)
FIXTURES = {
    "inner-end": (
        3,
        3,
        {(0, 6): {"start": True}, (2, 2): {"end": "top"}, (6, 0): {"end": "right"}}
        | {(1, 1): SQUARE_B, (5, 5): SQUARE_W},
        None,
        172,
    ),
    "inner-end-symmetry": (
        4,
        4,
        {(0, 8): {"start": True}, (8, 0): {"start": True}}
        | {(2, 2): {"end": "top"}, (6, 6): {"end": "bottom"}},
        ROTATIONAL,
        100,
    ),
    "start-without-mirror": (
        3,
        3,
        {(0, 6): {"start": True}, (0, 0): {"end": "top"}, (6, 0): {"end": "top"}}
        | {(0, 3): {"dot": 2}},
        {"x": True, "y": False},
        4,
    ),
    "end-without-mirror": (
        3,
        3,
        {(0, 6): {"start": True}, (6, 0): {"start": True}, (0, 0): {"end": "left"}}
        | {(2, 2): {"dot": 1}},
        ROTATIONAL,
        16,
    ),
    "cut-off-square": (
        3,
        3,
        {(0, 6): {"start": True}, (6, 0): {"end": "right"}, (1, 0): {"gap": 2}}
        | {(1, 1): SQUARE_B, (5, 5): SQUARE_W, (3, 3): SQUARE_W},
        None,
        108,
    ),
    "cut-off-triangle-beside-a-square": (
        2,
        2,
        {(0, 4): {"start": True}, (4, 0): {"end": "right"}, (1, 0): {"gap": 2}}
        | {(1, 1): TRIANGLE_2, (3, 3): SQUARE_W},
        None,
        7,
    ),
}


# Triangles alone, one cut off: the engine (one region) counts it, here no panel.
TRIANGLES_ALONE = engine_puzzle(
    2,
    2,
    {(0, 4): {"start": True}, (4, 0): {"end": "right"}, (1, 0): {"gap": 2}}
    | {(1, 1): TRIANGLE_2, (3, 3): {"type": "triangle", "color": "orange", "count": 1}},
)


def fixture(name: str) -> tuple[dict, Panel, int]:
    width, height, changes, symmetry, expected = FIXTURES[name]
    data = engine_puzzle(width, height, changes)
    if symmetry is not None:
        data["symmetry"] = symmetry
    data = json.loads(json.dumps(data))
    return data, panel_from_jbz(data, {"jbz": jbz_extras(data)}), expected


@pytest.mark.parametrize("name", FIXTURES)
def test_counts_as_the_engine(name, tmp_path):
    _, panel, expected = fixture(name)
    assert count_with_checker(panel).count == expected
    counted = count_panel_asp(panel)
    assert (counted.status, counted.count) == ("counted", expected)
    result = solve_panel(panel)
    assert result.status == ("solved" if expected else "unsolvable")
    if expected:
        assert check(panel, result.path).solved
    render(panel, tmp_path / "panel.svg")
    assert (tmp_path / "panel.svg").stat().st_size > 0


@pytest.mark.parametrize("name", FIXTURES)
def test_export_gives_the_engine_puzzle_back(name):
    data, panel, _ = fixture(name)
    saved = Panel.from_dict(json.loads(panel.to_json()))
    assert saved == panel
    out, notes = panel_to_jbz(saved)
    assert notes == []
    out = json.loads(json.dumps(out))
    assert panel_from_jbz(out, {"jbz": jbz_extras(out)}) == panel
    for x, y in itertools.product(range(len(data["grid"])), range(len(data["grid"][0]))):
        cell, back = data["grid"][x][y], out["grid"][x][y]
        if x % 2 and y % 2:  # every symbol back in its cell, cut off or not
            assert cell == back
        else:  # every line's start, end (the side it sticks out), dot and gap
            for key in ("start", "end", "dot", "gap"):
                assert (cell or {}).get(key) == (back or {}).get(key), (x, y, key)
    assert out.get("symmetry") == data.get("symmetry")


def test_what_is_cut_off_beside_other_symbols_is_left_out_and_kept():
    _, panel, _ = fixture("cut-off-square")
    assert panel.squares == ((1, 1, "white"), (2, 0, "white"))
    assert panel.meta["jbz"]["cut_off"] == [[0, 2, SQUARE_B]]
    _, beside, _ = fixture("cut-off-triangle-beside-a-square")
    assert beside.triangles == ()
    with pytest.raises(UnsupportedPuzzle, match="triangles alone"):
        panel_from_jbz(TRIANGLES_ALONE)


def test_needs_regions_as_validate_does():
    assert not needs_regions([[{"type": "line"}, None, {"type": "triangle", "count": 1}]])
    assert needs_regions([[{"type": "line"}, {"type": "nonce"}]])
    assert needs_regions([[None, {"type": "square", "color": "white"}]])


def random_engine_panel(rng: random.Random) -> Panel | None:
    """A panel up to 3x3 with ends anywhere (inner vertices too), and with
    symmetry starts and ends without their mirror images, squares and dots
    at random; None when that is no panel."""
    rows, cols = rng.choice(((2, 2), (2, 3), (3, 3)))
    vertices = sorted(grid_places(cols, rows)[0])  # column by column
    cells = [(x, y) for x in range(cols) for y in range(rows)]
    squares = [(*c, rng.choice(("black", "white"))) for c in rng.sample(cells, rng.randint(0, 3))]
    starts = rng.sample(vertices, rng.randint(1, 2))
    ends = rng.sample(vertices, rng.randint(1, 2))
    symmetry = rng.choice((None, "horizontal", "vertical", "rotational"))
    return panel_or_none(rows, cols, starts, ends, squares=tuple(squares), symmetry=symmetry)


def test_checker_and_clingo_count_alike_with_ends_anywhere():
    rng = random.Random(7)
    compared = 0
    for _ in range(120):
        panel = random_engine_panel(rng)
        if panel is None:
            continue
        counted = count_panel_asp(panel)
        assert counted.count == count_with_checker(panel).count, panel.to_json()
        compared += 1
    assert compared > 80


def test_an_end_half_way_along_a_pillars_seam_is_its_middle():
    """The seam's edge joins the last vertex column to the first: its middle
    is ``(cols - 0.5, y)``, no average of the two (read as a vertex once,
    DEB37CCD), and export writes it back to the seam's cell."""
    grid = [
        [None if x % 2 and y % 2 else {"type": "line", "line": 0} for y in range(5)]
        for x in range(6)
    ]
    grid[0][4]["start"] = True
    grid[5][0]["end"] = "top"  # the top edge from the last vertex column round to the first
    panel = panel_from_jbz({"grid": grid, "pillar": True})
    assert panel.ends == ((2.5, 2),)
    back = panel_to_jbz(panel)[0]["grid"]
    assert back[5][0].get("end") == "top"
    assert not any(cell and cell.get("end") for column in back[:5] for cell in column)
    del grid[5][0]["end"]
    grid[4][0]["end"] = "top"
    assert panel_from_jbz({"grid": grid, "pillar": True}).ends == ((2, 2),)


def test_a_polyomino_of_no_cells_is_left_out_and_written_back():
    """ABF5635F: ``polyshape`` 0, which the engine's polyFit skips."""
    empty = {"type": "poly", "color": "yellow", "polyshape": 0}
    data = engine_puzzle(2, 2, {(0, 4): {"start": True}, (4, 0): {"end": "right"}, (1, 3): empty})
    panel = panel_from_jbz(data, {"jbz": jbz_extras(data)})
    assert panel.polyominoes == ()
    out, _ = panel_to_jbz(Panel.from_dict(json.loads(panel.to_json())))
    assert out["grid"][1][3] == empty
    assert count_with_checker(panel).count == count_panel_asp(panel).count == 12
