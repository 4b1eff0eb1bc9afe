"""Pillars: panels that wrap round left to right as a cylinder, as the
community engine's do. The engine's own pillar tests (its ``pages/test.js``)
are re-typed here as engine puzzle objects with the solution counts it
expects; the rules checker is compared with a brute force written here on
small random pillars."""

import json
from itertools import pairwise

import pytest
from engine_pillars import BOTTOM, START, TOP, engine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_panels import draw_cell_symbols, pillar_or_none, pillar_places

from profiles import examples
from witness.model.base import PuzzleError
from witness.model.jbz import panel_from_jbz, panel_to_jbz
from witness.model.panel import Panel, Polyomino
from witness.model.rules import check, enumerate_lines, is_solution
from witness.search.count import count_with_checker

# ------------------------------------------------------- engine fixtures


def sq(colour: str) -> dict:
    return {"type": "square", "color": colour}


def tri(count: int) -> dict:
    return {"type": "triangle", "color": "orange", "count": count}


def poly(shape: int) -> dict:
    return {"type": "poly", "color": "black", "polyshape": shape}


BLACK = {(3, y): sq("black") for y in (1, 3, 5, 7)}
WHITE = {(5, y): sq("white") for y in (1, 3, 5, 7)}
# name: (engine puzzle, the engine's expected count, is it quick to count here)
ENGINE_TESTS = {
    "pillar-square-bug": (engine(4, 4, {(0, 8): START, (0, 0): TOP, **BLACK, **WHITE}), 40),
    "simpler-pillar-square-bug": (
        engine(4, 4, {(0, 8): START, (0, 0): TOP, (3, 7): sq("black"), (5, 1): sq("white")}),
        1373,
    ),
    "pillar-poly-bug": (
        engine(4, 4, {(0, 8): START, (0, 0): TOP, (7, 7): {**poly(17), "color": "yellow"}}),
        467,
    ),
    "pillar-triangles-bug": (
        engine(4, 4, {(0, 8): START, (0, 0): TOP, (3, 3): tri(3), (5, 5): tri(3)}),
        111,
    ),
    "small-pillar-triangles-bug": (
        engine(3, 2, {(0, 4): START, (0, 0): TOP, (1, 1): tri(2), (3, 3): tri(2)}),
        7,
    ),
    "symmetry-pillar-horizontal": (
        engine(
            4, 4, {(0, 8): START, (4, 8): START, (0, 0): TOP, (4, 0): TOP}, {"x": True, "y": False}
        ),
        2,
    ),
    "symmetry-pillar-vertical": (
        engine(
            4,
            4,
            {(0, 8): START, (4, 0): START, (0, 0): TOP, (4, 8): BOTTOM},
            {"x": False, "y": True},
        ),
        186,
    ),
    "symmetry-pillar-rotation": (
        engine(
            4,
            4,
            {(0, 8): START, (4, 0): START, (0, 0): TOP, (4, 8): BOTTOM},
            {"x": True, "y": True},
        ),
        50,
    ),
    "ezra333-quad-start-end-offset": (
        engine(
            4,
            4,
            {
                (0, 0): {**START, **TOP},
                (4, 0): {**START, **TOP},
                (0, 8): {**START, **BOTTOM},
                (4, 8): {**START, **BOTTOM},
            },
            {"x": False, "y": True},
        ),
        376,
    ),
    "hecklechet-r-symmetry-double-r-poly": (
        engine(
            4,
            4,
            {
                (0, 0): TOP,
                (4, 8): BOTTOM,
                (6, 0): START,
                (6, 8): START,
                (3, 1): poly(1048692),
                (7, 7): poly(1048692),
            },
            {"x": True, "y": True},
        ),
        2,
    ),
}
# The engine's pillar with symmetry {"x": false, "y": false}: the second line
# is the first turned half way round (symmetry "shift" here). Not among its
# tests with starts on points: the count is its solver's (engine/solve.js, run
# by benchmarks/engine_validate.js on this object).
ENGINE_TESTS["shift-half-way-round"] = (
    engine(
        4, 4, {(0, 8): START, (4, 8): START, (0, 0): TOP, (4, 0): TOP}, {"x": False, "y": False}
    ),
    242,
)
# The engine's pillar tests on pillars one or two cells round:
# tests/test_narrow_pillars.py.
SMALL = (
    "small-pillar-triangles-bug",
    "symmetry-pillar-horizontal",
    "hecklechet-r-symmetry-double-r-poly",
)


@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_engine_pillar_counts_with_clingo(name):
    from witness.search.asp_solver import count_panel_asp

    data, expected = ENGINE_TESTS[name]
    panel = panel_from_jbz(data)
    assert panel.pillar
    result = count_panel_asp(panel, time_limit=60)
    assert result.count == expected, name


@pytest.mark.parametrize("name", SMALL)
def test_engine_pillar_counts_with_checker(name):
    data, expected = ENGINE_TESTS[name]
    assert count_with_checker(panel_from_jbz(data)).count == expected


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(ENGINE_TESTS) - set(SMALL)))
def test_engine_pillar_counts_with_checker_slow(name):
    data, expected = ENGINE_TESTS[name]
    assert count_with_checker(panel_from_jbz(data)).count == expected


# ------------------------------------------------------------- geometry
def test_geometry_wraps():
    panel = Panel(rows=1, cols=3, ends=((2, 1),), pillar=True)
    assert list(panel.vertices()) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert sorted(panel.neighbours((0, 0))) == [(0, 1), (1, 0), (2, 0)]
    assert panel.cell_edges((2, 0))[1] == ((0, 0), (0, 1))  # the seam is column 0
    assert not panel.in_grid((3, 0))
    assert panel.is_boundary((1, 0))  # the bottom row
    tall = Panel(rows=2, cols=3, ends=((2, 2),), pillar=True)
    assert not tall.is_boundary((0, 1))  # no left or right border round a pillar


def test_mirror_is_the_engines():
    # the engine: half way round, then (x symmetry) reflected
    panel = Panel(
        rows=2,
        cols=4,
        starts=((0, 0), (2, 0)),
        ends=((0, 2), (2, 2)),
        symmetry="horizontal",
        pillar=True,
    )
    assert panel.mirror((0, 0)) == (2, 0)
    assert panel.mirror((1, 1)) == (1, 1)
    assert panel.mirror((3, 1)) == (3, 1)
    vertical = Panel(
        rows=2,
        cols=4,
        starts=((0, 0), (2, 2)),
        ends=((0, 2), (2, 0)),
        symmetry="vertical",
        pillar=True,
    )
    assert vertical.mirror((1, 0)) == (3, 2)


def test_json_round_trip_and_default():
    panel = Panel(rows=2, cols=3, ends=((1, 2),), squares=((2, 0, "black"),), pillar=True)
    assert panel.to_dict()["pillar"] is True
    assert Panel.from_dict(panel.to_dict()) == panel
    flat = Panel(rows=2, cols=3, ends=((1, 2),))
    assert "pillar" not in flat.to_dict()
    with pytest.raises(PuzzleError, match="pillar"):
        Panel.from_dict({**flat.to_dict(), "pillar": "yes"})


def test_a_pillar_with_a_start_or_an_end_half_way_along_an_edge_loads():
    # (tests/test_pillar_segments.py: counts, A* and pi_baseline on them)
    flat = {"rows": 2, "cols": 4, "pillar": True}
    for terminals in ({"starts": [[0.5, 0]], "ends": [[1, 2]]}, {"ends": [[3.5, 2]]}):
        panel = Panel.from_dict({**flat, **terminals})
        assert Panel.from_dict(panel.to_dict()) == panel
    with pytest.raises(PuzzleError, match="not the middle of an edge"):
        Panel.from_dict({**flat, "ends": [[4.5, 2]]})


def test_a_step_across_the_seam():
    panel = Panel(rows=1, cols=3, starts=((0, 0),), ends=((2, 1),), pillar=True)
    assert check(panel, [(0, 0), (2, 0), (2, 1)]).solved  # (0, 0) -> (2, 0) is the seam edge
    flat = Panel(rows=1, cols=3, starts=((0, 0),), ends=((2, 1),))
    with pytest.raises(ValueError, match="not one step"):
        check(flat, [(0, 0), (2, 0), (2, 1)])


def test_regions_join_across_the_seam():
    squares = ((0, 0, "black"), (2, 0, "white"))
    panel = Panel(
        rows=1, cols=3, starts=((1, 0),), ends=((0, 0), (1, 1)), squares=squares, pillar=True
    )
    assert not is_solution(panel, [(1, 0), (1, 1)])  # one cut: the cylinder stays whole
    assert is_solution(panel, [(1, 0), (1, 1), (0, 1), (0, 0)])  # two cuts: cell 0 alone


def test_triangle_counts_the_seam_side():
    tri = ((2, 0, 1, "orange"),)
    panel = Panel(rows=1, cols=3, starts=((0, 0),), ends=((0, 1),), triangles=tri, pillar=True)
    assert is_solution(panel, [(0, 0), (0, 1)])  # the right side of cell 2 is column 0
    flat = Panel(rows=1, cols=3, starts=((0, 0),), ends=((0, 1),), triangles=tri)
    assert not is_solution(flat, [(0, 0), (0, 1)])


def test_polyomino_laid_across_the_seam():
    piece = Polyomino((2, 0), ((0, 0), (1, 0)))  # a domino in cell 2
    panel = Panel(
        rows=1, cols=3, starts=((1, 0),), ends=((2, 0), (1, 1)), polyominoes=(piece,), pillar=True
    )
    assert not is_solution(panel, [(1, 0), (1, 1)])  # three cells for a domino
    # cell 1 alone; cells 2 and 0 together, side by side across the seam
    assert is_solution(panel, [(1, 0), (1, 1), (2, 1), (2, 0)])


def test_export_round_trip():
    data, expected = ENGINE_TESTS["small-pillar-triangles-bug"]
    panel = panel_from_jbz(data)
    out, notes = panel_to_jbz(panel)
    assert out["pillar"] is True and len(out["grid"]) == 2 * panel.cols and not notes
    again = panel_from_jbz(out)
    assert again == panel
    assert count_with_checker(again).count == expected


def test_removed_edges_wrap_round_for_the_outside():
    # removing the seam edge on the bottom row and the vertical edge of
    # column 0 cuts nothing off a pillar (there is no left or right border)
    panel = Panel(
        rows=2,
        cols=3,
        starts=((1, 0),),
        ends=((1, 2),),
        removed_edges=(((0, 0), (2, 0)), ((0, 0), (0, 1))),
        pillar=True,
    )
    assert (5, 1) in panel.outside  # the cell beside them lets the outside in from the bottom
    assert all(p[1] <= 2 for p in panel.outside)


# ------------------------------------------------ brute force, written here
def lines_bf(panel):
    """Every simple walk on the cylinder from a start to an end, avoiding gaps."""
    gaps = {frozenset(e) for e in panel.gaps}

    def steps(v):
        x, y = v
        for w in (((x + 1) % panel.cols, y), ((x - 1) % panel.cols, y), (x, y + 1), (x, y - 1)):
            if 0 <= w[1] <= panel.rows and frozenset((v, w)) not in gaps:
                yield w

    out = []

    def walk(path):
        if path[-1] in panel.ends:
            out.append(list(path))
        for w in steps(path[-1]):
            if w not in path:
                walk([*path, w])

    for s in panel.starts:
        walk([s])
    return out


def on_line_bf(panel, line):
    width = 2 * panel.cols
    out = {(2 * x, 2 * y) for x, y in line}
    for a, b in pairwise(line):
        px = width - 1 if abs(a[0] - b[0]) > 1 else a[0] + b[0]
        out.add((px, a[1] + b[1]))
    return out


def solved_bf(panel, line):
    """Regions by union-find round the cylinder, then dots, triangles,
    squares and stars as the engine reads them."""
    width, height = 2 * panel.cols, 2 * panel.rows + 1
    on = on_line_bf(panel, line)
    free = [(x, y) for x in range(width) for y in range(height) if (x, y) not in on]
    parent = {p: p for p in free}

    def find(p):
        while parent[p] != p:
            p = parent[p]
        return p

    for x, y in free:
        for q in (((x + 1) % width, y), (x, y + 1)):
            if q in parent:
                parent[find((x, y))] = find(q)
    for d in panel.dots:
        at = d.at
        place = (
            (
                width - 1 if abs(at[0][0] - at[1][0]) > 1 else at[0][0] + at[1][0],
                at[0][1] + at[1][1],
            )
            if d.on_edge
            else (2 * at[0], 2 * at[1])
        )
        if place not in on:
            return False
    for x, y, k, _ in panel.triangles:
        px, py = 2 * x + 1, 2 * y + 1
        sides = sum(
            q in on for q in (((px + 1) % width, py), (px - 1, py), (px, py + 1), (px, py - 1))
        )
        if sides != k:
            return False
    regions = {}
    for x, y, colour in panel.squares:
        regions.setdefault(find((2 * x + 1, 2 * y + 1)), []).append(("square", colour))
    for x, y, colour in panel.stars:
        regions.setdefault(find((2 * x + 1, 2 * y + 1)), []).append(("star", colour))
    for x, y, _, colour in panel.triangles:
        regions.setdefault(find((2 * x + 1, 2 * y + 1)), []).append(("triangle", colour))
    for symbols in regions.values():
        if len({c for kind, c in symbols if kind == "square"}) > 1:
            return False
        for kind, colour in symbols:
            if kind == "star" and sum(c == colour for _, c in symbols) != 2:
                return False
    return True


@st.composite
def small_pillars(draw):
    cols, rows = draw(st.integers(3, 4)), draw(st.integers(1, 2))
    cells = [(x, y) for x in range(cols) for y in range(rows)]
    symbols = draw_cell_symbols(draw, cells, most=4, most_triangle=3)
    vertices, rim, edges = pillar_places(cols, rows)
    gaps = draw(st.lists(st.sampled_from(edges), unique=True, max_size=2))
    dot_at = draw(
        st.lists(
            st.sampled_from(vertices + [e for e in edges if e not in gaps]), max_size=2, unique=True
        )
    )
    start, end = draw(st.sampled_from(vertices)), draw(st.sampled_from(rim))
    return pillar_or_none(rows, cols, (start,), (end,), gaps, dot_at, **symbols)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_pillars())
def test_checker_against_brute_force(panel):
    if panel is None:
        return
    lines = lines_bf(panel)
    assert sorted(map(tuple, enumerate_lines(panel))) == sorted(map(tuple, lines))
    for line in lines:
        assert is_solution(panel, line) == solved_bf(panel, line), line


# -------------------------------------------------------------- pictures
def test_show_draws_the_pillar_unrolled_with_the_seam(tmp_path):
    from witness.model.render import render
    from witness.model.render_text import text_picture

    data, _ = ENGINE_TESTS["small-pillar-triangles-bug"]
    panel = panel_from_jbz(data)
    line = [(0, 0), (2, 0), (2, 1), (0, 1), (0, 2)]  # across the seam and back
    out = tmp_path / "p.svg"
    render(panel, out, path=line)
    svg = out.read_text()
    assert 'id="seam"' in svg and 'id="line"' in svg
    render(panel, tmp_path / "p.png", path=line)
    assert (tmp_path / "p.png").stat().st_size > 0
    picture = text_picture(panel, line)
    assert "a pillar: line 4 is line 1 again" in picture
    rows = picture.splitlines()
    # the bottom row: vertex (0, 0) on the left and again right of the seam,
    # the line's seam edge between them
    assert rows[-3] == "  o-----+-----o=====o 3"


# ---------------------------------------------------------------------- A*
@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_astar_solves_the_engine_pillars(name):
    from witness.search.panel_search import solve_panel

    data, expected = ENGINE_TESTS[name]
    panel = panel_from_jbz(data)
    result = solve_panel(panel, time_limit=60)
    assert result.status == ("solved" if expected else "unsolvable")
    assert is_solution(panel, result.path)


def test_astar_says_unsolvable_round_a_pillar():
    from witness.search.asp_solver import count_panel_asp
    from witness.search.panel_search import solve_panel

    # a triangle of 4 asks for a closed loop round its cell
    panel = Panel(
        rows=1,
        cols=3,
        starts=((0, 0),),
        ends=((0, 1),),
        triangles=((1, 0, 4, "orange"),),
        pillar=True,
    )
    assert solve_panel(panel, time_limit=30).status == "unsolvable"
    assert count_panel_asp(panel, time_limit=30).count == 0 == count_with_checker(panel).count


# -------------------------------------------------------------------- CLI
def test_the_commands_take_a_pillar(tmp_path, capsys):
    from witness.cli import main

    data, expected = ENGINE_TESTS["small-pillar-triangles-bug"]
    f = tmp_path / "pillar.json"
    panel_from_jbz(data).save(f)
    assert main(["solve", str(f), "--count", "--solver", "asp"]) == 0
    assert f"counted: {expected} solutions" in capsys.readouterr().out
    assert main(["solve", str(f)]) == 0
    assert capsys.readouterr().out.startswith("solved")
    line = "[[0,0],[2,0],[2,1],[1,1],[1,2],[0,2]]"  # across the seam
    assert main(["check", str(f), "--path", line]) == 0
    assert capsys.readouterr().out.startswith("solved")
    assert main(["export", str(f), "--to", "jbz", "--out", str(tmp_path / "out.json")]) == 0
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["pillar"] is True and panel_from_jbz(out) == panel_from_jbz(data)


# Pillars with negative pieces drawn here, with the count of the engine's own
# solver (engine/solve.js through benchmarks/engine_validate.js, on what
# `witness export --to jbz` writes of each).
NEGATIVE = [
    (
        {
            "rows": 2,
            "cols": 4,
            "start": [2, 0],
            "goal": [0, 2],
            "triangles": [],
            "polyominoes": [
                {"cell": [1, 0], "shape": [[0, 0]]},
                {
                    "cell": [2, 1],
                    "shape": [[0, 0], [0, 1], [1, 1]],
                    "rotatable": True,
                    "negative": True,
                },
                {"cell": [3, 1], "shape": [[0, 0], [1, 0]]},
            ],
            "gaps": [[0, 0, 3, 0]],
            "pillar": True,
        },
        62,
    ),
    (
        {
            "rows": 2,
            "cols": 3,
            "start": [1, 0],
            "goal": [2, 0],
            "triangles": [],
            "polyominoes": [
                {"cell": [0, 1], "shape": [[0, 0], [1, 0]], "rotatable": True},
                {"cell": [2, 1], "shape": [[0, 0], [1, 0]], "rotatable": True, "negative": True},
            ],
            "pillar": True,
        },
        14,
    ),
]


@pytest.mark.parametrize(("data", "expected"), NEGATIVE)
def test_negative_pieces_round_a_pillar(data, expected):
    from witness.search.asp_solver import count_panel_asp

    panel = Panel.from_dict(data)
    assert count_with_checker(panel).count == expected
    assert count_panel_asp(panel, time_limit=60).count == expected
