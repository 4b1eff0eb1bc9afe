"""Pillars of 1 or 2 columns, the engine's FAT_STARTPOINTS and triangles
asking for more than 4 sides: the community engine's own tests (re-typed
here from its pages/test.js as engine puzzle objects, with the counts it
expects) through the checker, clingo and A*; the checker and clingo against
an engine-style brute force written here (a walk over the doubled grid, as
engine/solve.js walks it, regions flooded as engine/puzzle.js floods them) on
random narrow pillars up to 3 rows; import and export round trips."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_panels import draw_cell_symbols, midpoints, narrow_image, pillar_or_none, pillar_places

from profiles import examples
from witness.model.base import PuzzleError
from witness.model.jbz import panel_from_jbz, panel_to_jbz
from witness.model.panel import Dot, Panel
from witness.model.render_text import text_picture
from witness.model.rules import check, enumerate_lines, is_solution
from witness.search.count import count_with_checker


# ------------------------------------------------- the engine's own tests
def engine(cols: int, rows: int, marks: dict, pillar: bool = True, **settings: bool) -> dict:
    """The engine's Puzzle(cols, rows, pillar) with ``marks`` set on its grid
    (``(x, y)`` from the top left: a dict of flags on a point or segment, a
    symbol on a cell) and its ``settings``."""
    width = 2 * cols + (0 if pillar else 1)
    grid = [
        [None if x % 2 and y % 2 else {"type": "line", "line": 0} for y in range(2 * rows + 1)]
        for x in range(width)
    ]
    for (x, y), value in marks.items():
        if x % 2 and y % 2:
            grid[x][y] = value
        else:
            grid[x][y].update(value)
    data = {"name": "t", "pillar": pillar, "grid": grid}
    if settings:
        data["settings"] = settings
    return data


START, TOP, BOTTOM = {"start": True}, {"end": "top"}, {"end": "bottom"}


def sym(kind: str, colour: str, **more: int) -> dict:
    return {"type": kind, "color": colour, **more}


def tri(count: int) -> dict:
    return sym("triangle", "orange", count=count)


# name: (engine puzzle, the count its test expects)
NARROW_TESTS = {
    "pillar-with-gap": (
        engine(2, 1, {(0, 2): START, (2, 0): TOP, (1, 0): {"gap": 1}, (1, 2): {"gap": 1}}),
        2,
    ),
    "pillar-with-stones": (
        engine(
            2,
            1,
            {
                (2, 2): START,
                (2, 0): TOP,
                (1, 1): sym("square", "white"),
                (3, 1): sym("square", "black"),
            },
        ),
        0,
    ),
    "pillar-with-poly": (
        engine(2, 2, {(2, 4): START, (2, 0): TOP, (1, 1): sym("poly", "yellow", polyshape=49)}),
        0,
    ),
    "pillar-with-stars": (
        engine(
            2,
            1,
            {
                (2, 2): START,
                (2, 0): TOP,
                (1, 1): sym("star", "orange"),
                (3, 1): sym("star", "orange"),
            },
        ),
        5,
    ),
    "laser-key-pillar": (engine(1, 3, {(0, 6): START, (0, 0): TOP}), 1),
    "laser-key-pillar-2": (engine(2, 5, {(0, 10): START, (0, 0): TOP}), 365),
    "dumb-triple-triangle": (engine(1, 1, {(0, 0): TOP, (1, 1): tri(3), (1, 2): START}), 2),
    "tall-pillar-triangle": (
        engine(1, 4, {(0, 8): START, (0, 0): TOP, **{(1, y): tri(2) for y in (1, 3, 5, 7)}}),
        1,
    ),
    "too-wide-poly-on-pillar": (
        engine(2, 4, {(0, 8): START, (0, 0): TOP, (1, 5): sym("poly", "yellow", polyshape=38505)}),
        41,
    ),
    "pillar-graphics-startpoint": (engine(1, 3, {(0, 0): START, (0, 3): START, (1, 6): START}), 0),
    "pillar-graphics-endpoint": (
        engine(
            1,
            3,
            {
                (0, 0): TOP,
                (0, 1): {"end": "left"},
                (0, 2): BOTTOM,
                (0, 3): {"gap": 2},
                (0, 4): TOP,
                (0, 5): {"end": "right"},
                (0, 6): BOTTOM,
            },
        ),
        0,
    ),
}
STAR = sym("star", "orange")
OTHER_TESTS = {
    "Seren-broken-stars-fat": (
        engine(
            1,
            2,
            {(2, 0): TOP, (1, 1): STAR, (1, 2): START, (1, 3): tri(3), (0, 4): START},
            pillar=False,
            FAT_STARTPOINTS=True,
        ),
        0,
    ),
    "startpoint-poly-fat": (
        engine(
            4,
            1,
            {(2, 1): START, (3, 1): sym("poly", "yellow", polyshape=273), (8, 1): {"end": "right"}},
            pillar=False,
            FAT_STARTPOINTS=True,
        ),
        2,
    ),
    "impossible-triangles": (
        engine(
            3,
            3,
            {
                (0, 0): START,
                (6, 0): {"end": "right"},
                **{(x, y): tri(k) for k, (x, y) in enumerate(
                    [(1, 1), (3, 1), (5, 1), (1, 3), (3, 3), (5, 3), (1, 5), (3, 5), (5, 5)], 1
                )},
            },
            pillar=False,
        ),
        0,
    ),
}  # fmt: skip
ALL_TESTS = {**NARROW_TESTS, **OTHER_TESTS}


@pytest.mark.parametrize("name", sorted(ALL_TESTS))
def test_engine_tests_count_by_the_checker(name: str) -> None:
    data, expected = ALL_TESTS[name]
    assert count_with_checker(panel_from_jbz(data)).count == expected


@pytest.mark.parametrize("name", sorted(ALL_TESTS))
def test_engine_tests_count_by_clingo(name: str) -> None:
    from witness.search.asp_solver import count_panel_asp

    data, expected = ALL_TESTS[name]
    assert count_panel_asp(panel_from_jbz(data), time_limit=60).count == expected


@pytest.mark.parametrize("name", sorted(ALL_TESTS))
def test_engine_tests_astar_agrees(name: str) -> None:
    from witness.search.panel_search import solve_panel

    data, expected = ALL_TESTS[name]
    panel = panel_from_jbz(data)
    result = solve_panel(panel)
    assert result.status == ("solved" if expected else "unsolvable")
    if expected:
        assert is_solution(panel, result.path)


@pytest.mark.parametrize("name", sorted(ALL_TESTS))
def test_engine_tests_round_trip_through_export(name: str) -> None:
    panel = panel_from_jbz(ALL_TESTS[name][0])
    again = panel_from_jbz(panel_to_jbz(panel)[0])
    assert again == panel
    assert Panel.from_json(panel.to_json()) == panel


# ------------------------------------------------------ the narrow model
def test_two_columns_two_edges_between_the_same_vertices() -> None:
    panel = Panel(rows=1, cols=2, starts=((0, 0),), ends=((0, 1),), pillar=True)
    assert panel.narrow
    assert sorted(panel.grid_edges()) == [
        ((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1)),
        ((1, 0), (1, 1)), ((1, 0), (2, 0)), ((1, 1), (2, 1)),
    ]  # fmt: skip
    # the line's columns unwrapped: right or left round, two lines of the same vertices
    assert panel.neighbours((0, 0)) == [(1, 0), (0, 1), (-1, 0)]
    right, left = [(0, 0), (1, 0), (1, 1), (0, 1)], [(0, 0), (-1, 0), (-1, 1), (0, 1)]
    assert is_solution(panel, right) and is_solution(panel, left)
    assert panel.whole_edge((0, 0), (-1, 0)) == ((1, 0), (2, 0))  # the seam edge
    assert count_with_checker(panel).count == 5  # up; right or left, then up, then either way
    # a shift by whole turns is the same line
    assert is_solution(panel, [(2, 0), (3, 0), (3, 1), (2, 1)])
    # the seam edge is named by column cols in the JSON and kept apart from the inner one
    gapped = Panel.from_dict({**json.loads(panel.to_json()), "gaps": [[1, 0, 2, 0]]})
    assert gapped.gaps == (((1, 0), (2, 0)),)
    assert json.loads(gapped.to_json())["gaps"] == [[1, 0, 2, 0]]
    assert is_solution(gapped, right) and not is_solution(gapped, left)
    assert check(gapped, left).violations[0].kind == "gap"


def test_one_column_a_cell_with_its_left_and_right_side_one_edge() -> None:
    panel = Panel(
        rows=2,
        cols=1,
        starts=((0, 0),),
        ends=((0, 2),),
        triangles=((0, 0, 2, "orange"),),
        pillar=True,
    )
    assert panel.neighbours((0, 0)) == [(0, 1)]  # left and right come back to (0, 0)
    assert panel.cell_edges((0, 0)) == (
        ((0, 0), (1, 0)), ((0, 0), (0, 1)), ((0, 1), (1, 1)), ((0, 0), (0, 1)),
    )  # fmt: skip
    assert is_solution(panel, [(0, 0), (0, 1), (0, 2)])  # the side counted twice: 2
    assert not check(panel, [(0, 0), (0, 0 + 1), (1, 1)]).solved  # a loop visits (0, 1) twice


def test_narrow_pillar_refuses_what_is_not_built_by_name() -> None:
    with pytest.raises(PuzzleError, match="even number of columns"):
        Panel(rows=2, cols=1, ends=((0, 2),), pillar=True, symmetry="shift")
    with pytest.raises(PuzzleError, match="gaps"):
        Panel(rows=1, cols=2, ends=((0, 1),), gaps=(((0, 0), (2, 0)),), pillar=True)


def test_text_picture_of_a_line_round_the_seam() -> None:
    panel = panel_from_jbz(NARROW_TESTS["pillar-with-gap"][0])
    text = text_picture(panel, [(0, 0), (0, 1), (-1, 1)])
    assert "@=====o" in text  # the seam edge of the top row, drawn on the right


def test_fat_start_is_kept_and_written_back() -> None:
    data = OTHER_TESTS["startpoint-poly-fat"][0]
    panel = panel_from_jbz(data)
    assert panel.fat_starts and json.loads(panel.to_json())["fat_starts"] is True
    assert panel_to_jbz(panel)[0]["settings"]["FAT_STARTPOINTS"] is True
    thin = panel_from_jbz({**data, "settings": {}})
    assert not thin.fat_starts and "fat_starts" not in json.loads(thin.to_json())
    assert count_with_checker(thin).count == 0  # the engine's startpoint-poly


# ------------------------------------------ against an engine-style brute force
def _places(panel: Panel) -> tuple[int, int]:
    return 2 * panel.cols, 2 * panel.rows + 1


def _place(v: tuple) -> tuple[int, int]:
    return (int(2 * v[0]), int(2 * v[1]))


def _edge_place(panel: Panel, e: tuple) -> tuple[int, int]:
    (ax, ay), (bx, by) = e
    return ((ax + bx) % (2 * panel.cols), ay + by)


def _mirror_place(panel: Panel, p: tuple[int, int]) -> tuple[int, int]:
    """getSymmetricalPos of engine/puzzle.js round a pillar: half way round,
    then reflected (x = width - x) for an x symmetry."""
    width, height = _places(panel)
    x, y = p[0] + width // 2, p[1]
    if panel.symmetry in ("horizontal", "rotational"):
        x = width - x
    if panel.symmetry in ("vertical", "rotational"):
        y = height - 1 - y
    return (x % width, y)


def _walks(panel: Panel) -> Iterator[list[tuple[int, int]]]:
    """Every line as the engine's solver draws it: a walk over the doubled grid
    (x wrapping round), along a row from a place of an even row, along a column
    from a place of an even column, never on a place twice or on a gap; with
    symmetry its mirror image drawn beside it, neither line on the other nor
    on a place that is its own image (engine/solve.js, solveLoop)."""
    width, height = _places(panel)
    gaps = {_edge_place(panel, e) for e in panel.gaps}
    ends = {_place(v) for v in panel.ends}
    lined: set = set()

    def enter(q: tuple[int, int]) -> list | None:
        if q in gaps or q in lined:
            return None
        if panel.symmetry is None:
            return [q]
        m = _mirror_place(panel, q)
        return None if m == q or m in gaps or m in lined else [q, m]

    def walk(path: list) -> Iterator[list]:
        x, y = path[-1]
        if path[-1] in ends:
            yield list(path)
        steps = [((x - 1) % width, y), ((x + 1) % width, y)] if y % 2 == 0 else []
        steps += [(x, y - 1), (x, y + 1)] if x % 2 == 0 else []
        for q in steps:
            taken = enter(q) if 0 <= q[1] < height else None
            if taken:
                path.append(q)
                lined.update(taken)
                yield from walk(path)
                lined.difference_update(taken)
                path.pop()

    for s in panel.starts:
        taken = enter(_place(s))
        if taken:
            lined.update(taken)
            yield from walk([_place(s)])
            lined.difference_update(taken)


def _engine_solves(panel: Panel, walk: list[tuple[int, int]]) -> bool:
    """validate.js on a walk: regions flooded round the line (the start's and the
    end's segment places open unless FAT_STARTPOINTS walls the start's), then
    dots, triangles (four neighbours, x wrapping), squares and stars."""
    width, height = _places(panel)
    on = set(walk)
    if panel.symmetry is not None:  # the mirror line covers too (its ends are walls)
        on |= {_mirror_place(panel, p) for p in walk}
    opened = {p for p in (walk[0], walk[-1]) if p[0] % 2 != p[1] % 2}
    if panel.fat_starts:
        opened.discard(walk[0])
    for x, y, k, _ in panel.triangles:
        c = (2 * x + 1, 2 * y + 1)
        around = [((c[0] + 1) % width, c[1]), ((c[0] - 1) % width, c[1])]
        around += [(c[0], c[1] + 1), (c[0], c[1] - 1)]
        if sum(q in on for q in around) != k:
            return False
    if any(_place_of_dot(panel, d) not in on for d in panel.dots):
        return False
    free = {(x, y) for x in range(width) for y in range(height)} - (on - opened)
    colours = {(2 * x + 1, 2 * y + 1): c for x, y, _, c in panel.triangles}
    colours |= {(2 * x + 1, 2 * y + 1): c for x, y, c in panel.squares + panel.stars}
    seen: set = set()
    for start in sorted(free):
        if start in seen:
            continue
        region, stack = {start}, [start]
        while stack:
            x, y = stack.pop()
            for q in (((x + 1) % width, y), ((x - 1) % width, y), (x, y + 1), (x, y - 1)):
                if q in free and q not in region:
                    region.add(q)
                    stack.append(q)
        seen |= region
        squares = {c for x, y, c in panel.squares if (2 * x + 1, 2 * y + 1) in region}
        if len(squares) > 1:
            return False
        held = [c for p, c in colours.items() if p in region]
        for x, y, c in panel.stars:
            if (2 * x + 1, 2 * y + 1) in region and held.count(c) != 2:
                return False
    return True


def _place_of_dot(panel: Panel, d: Dot) -> tuple[int, int]:
    return _edge_place(panel, d.at) if d.on_edge else _place(d.at)


@st.composite
def narrow_pillars(draw: st.DrawFn) -> Panel | None:
    cols, rows = draw(st.integers(1, 2)), draw(st.integers(1, 3))
    symmetry = None
    if cols == 2:
        symmetry = draw(st.sampled_from((None, "shift", "horizontal", "vertical", "rotational")))
    vertices, rim, edges = pillar_places(cols, rows, wrap=False)
    mids = midpoints(edges)
    starts = draw(st.lists(st.sampled_from(vertices + mids), min_size=1, max_size=2, unique=True))
    ends = draw(st.lists(st.sampled_from(rim + mids), min_size=1, max_size=2, unique=True))
    cells = [(x, y) for x in range(cols) for y in range(rows)]
    symbols = draw_cell_symbols(draw, cells, most=3, most_triangle=4)
    terminals = {_split(m) for m in (*starts, *ends) if m in mids}
    free = [e for e in edges if e not in terminals]
    gaps = draw(st.lists(st.sampled_from(free), max_size=2)) if free else []
    dots = draw(st.lists(st.sampled_from(vertices + [e for e in edges if e not in gaps]),
                         max_size=2, unique=True))  # fmt: skip
    if symmetry is not None:  # every start and end has its mirror image
        starts = sorted({*starts, *(narrow_image(symmetry, rows, v) for v in starts)})
        ends = sorted({*ends, *(narrow_image(symmetry, rows, v) for v in ends)})
    fat_starts = draw(st.booleans())
    return pillar_or_none(
        rows,
        cols,
        starts,
        ends,
        set(gaps),
        dots,
        symmetry=symmetry,
        fat_starts=fat_starts,
        **symbols,
    )


def _split(m: tuple) -> tuple:
    x, y = m
    if x % 1:
        return ((int(x - 0.5), y), (int(x + 0.5), y))
    return ((x, int(y - 0.5)), (x, int(y + 0.5)))


def _engine_count(panel: Panel) -> tuple[int, int]:
    walks = list(_walks(panel))
    return len(walks), sum(_engine_solves(panel, w) for w in walks)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(narrow_pillars())
def test_checker_against_the_engine_style_brute_force(panel: Panel | None) -> None:
    if panel is None:
        return
    walks, solutions = _engine_count(panel)
    lines = list(enumerate_lines(panel))
    assert len(lines) == walks
    assert sum(is_solution(panel, line) for line in lines) == solutions


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(narrow_pillars())
def test_clingo_against_the_engine_style_brute_force(panel: Panel | None) -> None:
    from witness.search.asp_solver import count_panel_asp

    if panel is None:
        return
    assert count_panel_asp(panel).count == _engine_count(panel)[1]


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(narrow_pillars())
def test_astar_agrees_on_solvable(panel: Panel | None) -> None:
    from witness.search.panel_search import solve_panel

    if panel is None:
        return
    result = solve_panel(panel)
    assert result.status == ("solved" if _engine_count(panel)[1] else "unsolvable")
    if result.solved:
        assert is_solution(panel, result.path)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(narrow_pillars())
def test_export_round_trip(panel: Panel | None) -> None:
    if panel is None:
        return
    assert panel_from_jbz(panel_to_jbz(panel)[0]) == panel
    assert Panel.from_json(panel.to_json()) == panel


def test_show_draws_a_line_round_a_narrow_pillar(tmp_path) -> None:
    from witness.model.render import RenderError, render

    panel = panel_from_jbz(NARROW_TESTS["dumb-triple-triangle"][0])
    out = tmp_path / "p.svg"
    render(panel, out, [(0.5, 0), (1, 0), (1, 1)])  # by the right half, up the seam's copy
    text = out.read_text()
    assert 'id="line"' in text and 'id="seam"' in text
    with pytest.raises(RenderError, match="not one step"):
        render(panel, out, [(0.5, 0), (1, 0), (2, 1)])


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(narrow_pillars(), st.data())
def test_a_line_drawn_so_far_is_judged_as_its_completions_are(panel: Panel | None, data) -> None:
    from witness.model.rules import partial_line

    if panel is None:
        return
    lines = [line for line in enumerate_lines(panel) if len(line) > 2]
    if not lines:
        return
    line = data.draw(st.sampled_from(lines))
    prefix = line[: data.draw(st.integers(1, len(line) - 1))]
    if panel.base(prefix[-1]) in panel.ends:
        return
    known = partial_line(panel, prefix, time_limit=30)
    solvable = any(is_solution(panel, w) for w in lines if w[: len(prefix)] == prefix)
    solvable = solvable or any(is_solution(panel, w) for w in enumerate_lines(panel)
                               if len(w) <= 2 and w[: len(prefix)] == prefix)  # fmt: skip
    assert known is not None and known.completable == solvable
    if known.broken:
        assert not solvable


def test_difficulty_refuses_a_narrow_pillar_by_name() -> None:
    from witness.difficulty.muse import score
    from witness.errors import InputError

    with pytest.raises(InputError, match="1 or 2 columns"):
        score(panel_from_jbz(NARROW_TESTS["laser-key-pillar"][0]))


def test_the_compiled_core_and_the_features_refuse_a_narrow_pillar_by_name() -> None:
    from witness.errors import InputError
    from witness.learning.labels import UnsupportedPanel, check_panel_applies
    from witness.search.panel_geometry import build_panel_geometry

    panel = panel_from_jbz(NARROW_TESTS["laser-key-pillar-2"][0])
    with pytest.raises(InputError, match="1 or 2 columns"):
        build_panel_geometry(panel)
    with pytest.raises(UnsupportedPanel, match="pillar"):
        check_panel_applies(panel)


def test_a_fat_start_on_the_seam_of_two_columns() -> None:
    from witness.search.asp_solver import count_panel_asp

    # (found by the test above: clingo's facts of a narrow pillar once lacked fat)
    panel = Panel(rows=2, cols=2, starts=((1.5, 1),), ends=((0, 0),), fat_starts=True,
                  squares=((0, 0, "red"), (0, 1, "blue")), pillar=True)  # fmt: skip
    assert _engine_count(panel)[1] == 3
    assert count_with_checker(panel).count == count_panel_asp(panel).count == 3


def test_clingo_floods_the_lazy_regions_through_an_open_end() -> None:
    from witness.search.asp_solver import count_panel_asp

    # (found by benchmarks/narrow_pillars.py: the lazy stage once flooded the
    # regions of the pieces and cancellers without the first line's open end,
    # and its nogood then shut out a line the checker accepts; the engine's
    # solver counts 19)
    panel = Panel.from_dict({
        "rows": 3, "cols": 2, "starts": [[0, 0], [0.5, 1], [1, 3], [1.5, 2]],
        "ends": [[0, 1.5], [0.5, 1], [1, 1.5], [1.5, 2]], "cancellers": [[1, 2]],
        "polyominoes": [{"cell": [0, 2], "shape": [[0, 0], [1, 0]]}],
        "dots": [[1, 2], [1, 2, 1, 3]], "symmetry": "vertical", "pillar": True,
    })  # fmt: skip
    assert count_with_checker(panel).count == count_panel_asp(panel).count == 19


@pytest.mark.parametrize(("rows", "expected"), [(1, 9), (2, 47)])
def test_a_negative_piece_as_wide_as_the_pillar(rows: int, expected: int) -> None:
    from witness.model.panel import Polyomino
    from witness.search.asp_solver import count_panel_asp

    # round 3 columns a negative triomino covers the edge on either side of it
    # once (the engine's tryPlacePolyshape); the engine's solver counts these
    straight = ((0, 0), (1, 0), (2, 0))
    panel = Panel(rows=rows, cols=3, ends=((0, rows),), pillar=True, polyominoes=(
        Polyomino((0, 0), straight), Polyomino((1, 0), straight, negative=True)))  # fmt: skip
    assert count_with_checker(panel).count == count_panel_asp(panel).count == expected
