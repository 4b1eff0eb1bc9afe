"""Starts and ends half way along an edge: the panel JSON, the rules
checker against an engine-style brute force, clingo and A* against the
community engine's own tests (re-typed from its pages/test.js with their
expected solution counts), jbz import and export, and the pictures."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest
from random_panels import grid_mirror, seeded_panels

from witness.model.base import PuzzleError
from witness.model.jbz import jbz_extras, panel_from_jbz, panel_to_jbz
from witness.model.panel import Panel
from witness.model.render import render
from witness.model.render_text import text_picture
from witness.model.rules import check, covered, enumerate_lines, is_solution
from witness.search.count import count_with_checker

# ------------------------------------------------- the engine's own tests
# Each builds the engine's puzzle object as its test does: Puzzle(width, height),
# then grid[x][y] (x from the left, y from the top) set by hand.


def _puzzle(width: int, height: int) -> dict:
    grid = [
        [None if x % 2 and y % 2 else {"type": "line", "line": 0} for y in range(2 * height + 1)]
        for x in range(2 * width + 1)
    ]
    return {"width": 2 * width + 1, "height": 2 * height + 1, "pillar": False, "grid": grid}


def _set(p: dict, *items: tuple) -> dict:
    for x, y, key, value in items:
        if key == "symbol":
            p["grid"][x][y] = value
        else:
            p["grid"][x][y][key] = value
    return p


def _star() -> dict:
    return {"type": "star", "color": "orange"}


def _poly(shape: int) -> dict:
    return {"type": "poly", "color": "yellow", "polyshape": shape}


S, E = "start", "end"
ENGINE_TESTS: dict[str, tuple[Callable[[], dict], int]] = {
    "mid-segment-end": (
        lambda: _set(
            _puzzle(1, 1),
            (0, 0, S, True), (0, 1, E, "left"), (0, 2, S, True), (1, 0, E, "top"),
            (1, 2, E, "bottom"), (2, 0, S, True), (2, 1, E, "right"), (2, 2, S, True),
        ),
        32,
    ),
    "gap-2-internal-end": (
        lambda: _set(
            _puzzle(2, 2),
            (0, 0, S, True), (0, 4, S, True), (4, 0, S, True), (4, 4, S, True),
            (1, 2, "gap", 2), (2, 1, "gap", 2), (2, 3, "gap", 2), (3, 2, "gap", 2),
            (0, 1, E, "right"), (0, 2, E, "right"), (0, 3, E, "right"),
            (1, 0, E, "bottom"), (2, 0, E, "bottom"), (3, 0, E, "bottom"),
            (4, 1, E, "left"), (4, 2, E, "left"), (4, 3, E, "left"),
            (1, 4, E, "top"), (2, 4, E, "top"), (3, 4, E, "top"),
        ),
        96,
    ),
    "not-quite-impossible-triangles": (
        lambda: _set(
            _puzzle(3, 3),
            (3, 6, S, True), (6, 0, E, "right"),
            (3, 5, "symbol", {"type": "triangle", "color": "orange", "count": 4}),
        ),
        12,
    ),
    "not-quite-impossible-triangles-2": (
        lambda: _set(
            _puzzle(3, 3),
            (0, 6, S, True), (3, 0, E, "top"),
            (3, 1, "symbol", {"type": "triangle", "color": "orange", "count": 4}),
        ),
        12,
    ),
    "mid-segment-polyominos": (
        lambda: _set(
            _puzzle(2, 4),
            (0, 5, S, True), (1, 1, "symbol", _poly(1)), (3, 0, E, "top"),
            (3, 3, "symbol", _poly(113)),
        ),
        6,
    ),
    "regions-with-mid-start": (
        lambda: _set(
            _puzzle(2, 1),
            (1, 1, "symbol", _star()), (2, 1, S, True), (3, 1, "symbol", _star()),
            (4, 1, E, "right"),
        ),
        4,
    ),
    "regions-with-mid-end": (
        lambda: _set(
            _puzzle(3, 1),
            (1, 1, "symbol", _star()), (2, 1, E, "right"), (5, 1, "symbol", _star()),
            (6, 1, S, True),
        ),
        4,
    ),
    "regions-with-mid-end2": (
        lambda: _set(
            _puzzle(3, 1),
            (0, 1, E, "left"), (1, 1, "symbol", _star()), (2, 1, E, "right"),
            (5, 1, "symbol", _star()), (6, 1, S, True),
        ),
        6,
    ),
    "polyominos-with-mid-start": (
        lambda: _set(
            _puzzle(2, 1), (1, 1, "symbol", _poly(17)), (2, 1, S, True), (4, 1, E, "right")
        ),
        0,
    ),
    "polyominos-with-mid-end": (
        lambda: _set(
            _puzzle(2, 1), (1, 1, "symbol", _poly(17)), (2, 1, E, "right"), (4, 1, S, True)
        ),
        0,
    ),
    "Seren-broken-stars": (
        lambda: _set(
            _puzzle(1, 2),
            (2, 0, E, "top"), (1, 1, "symbol", _star()), (1, 2, S, True),
            (1, 3, "symbol", {"type": "triangle", "color": "orange", "count": 3}),
            (0, 4, S, True),
        ),
        0,
    ),
    "startpoint-poly": (
        lambda: _set(
            _puzzle(4, 1), (2, 1, S, True), (3, 1, "symbol", _poly(273)), (8, 1, E, "right")
        ),
        0,
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_engine_tests_count_by_the_checker(name: str) -> None:
    build, expected = ENGINE_TESTS[name]
    assert count_with_checker(panel_from_jbz(build())).count == expected


@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_engine_tests_count_by_clingo(name: str) -> None:
    from witness.search.asp_solver import count_panel_asp

    build, expected = ENGINE_TESTS[name]
    assert count_panel_asp(panel_from_jbz(build())).count == expected


@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_engine_tests_astar_solvable(name: str) -> None:
    from witness.search.panel_search import solve_panel

    build, expected = ENGINE_TESTS[name]
    panel = panel_from_jbz(build())
    result = solve_panel(panel)
    assert result.status == ("solved" if expected else "unsolvable")
    if expected:
        assert is_solution(panel, result.path)


def test_fat_start_points_wall_a_segment_start_off() -> None:
    # the engine's FAT_STARTPOINTS: its startpoint-poly-fat test counts 2 where
    # startpoint-poly counts 0 (tests/test_narrow_pillars.py runs both)
    data = ENGINE_TESTS["startpoint-poly"][0]()
    data["settings"] = {"FAT_STARTPOINTS": True}
    panel = panel_from_jbz(data)
    assert panel.fat_starts
    assert count_with_checker(panel).count == 2


# ------------------------------------------------------- the panel JSON
def test_json_gives_a_midpoint_as_half_integer_coordinates() -> None:
    text = '{"rows": 1, "cols": 2, "start": [0.5, 0], "ends": [[2, 0.5], [1.5, 1]]}'
    panel = Panel.from_json(text)
    assert panel.starts == ((0.5, 0),)
    assert panel.halves == {((0, 0), (1, 0)): (0.5, 0), ((2, 0), (2, 1)): (2, 0.5),
                            ((1, 1), (2, 1)): (1.5, 1)}  # fmt: skip
    assert panel.neighbours((0.5, 0)) == [(1, 0), (0, 0)]
    assert panel.neighbours((0, 0)) == [(0.5, 0), (0, 1)]
    again = Panel.from_json(panel.to_json())
    assert again == panel and again.to_json() == panel.to_json()
    assert json.loads(panel.to_json())["start"] == [0.5, 0]
    assert "start" in panel.features() and "goal" in panel.features()


def test_whole_numbers_stay_integers() -> None:
    panel = Panel.from_dict({"rows": 1, "cols": 1, "start": [0, 0], "goal": [1.0, 0.5]})
    assert panel.ends == ((1, 0.5),) and isinstance(panel.ends[0][0], int)
    old = '{"rows": 1, "cols": 1, "start": [0, 0], "goal": [1, 1], "triangles": []}'
    assert Panel.from_json(old).to_json() == old  # vertex terminals are written as before


@pytest.mark.parametrize(
    "start",
    [[0.5, 0.5], [0.25, 0], [1.5, 0], [0, -0.5], [0.5, True], "a", [0.5]],
)
def test_a_bad_midpoint_is_refused(start: object) -> None:
    with pytest.raises(PuzzleError):
        Panel.from_dict({"rows": 1, "cols": 1, "start": start, "goal": [1, 1]})


def test_a_midpoint_on_a_gap_or_a_removed_edge_holds_no_line() -> None:
    for key in ("gaps", "removed"):
        data = {"rows": 1, "cols": 1, "starts": [[0.5, 0], [0, 0]], "ends": [[1, 1], [0.5, 0]]}
        panel = Panel.from_dict({**data, key: [[0, 0, 1, 0]]})
        assert panel.on_gap((0.5, 0))
        assert all((0.5, 0) not in line for line in enumerate_lines(panel))
        assert not check(panel, [(0.5, 0)]).solved
        assert count_with_checker(panel).count == 1  # (0, 0) to (1, 1) by (0, 1)
        from witness.search.asp_solver import count_panel_asp
        from witness.search.panel_search import solve_panel

        assert count_panel_asp(panel).count == 1
        assert solve_panel(panel).path == [(0, 0), (0, 1), (1, 1)]


def test_an_end_half_way_along_an_inner_edge_is_allowed() -> None:
    panel = Panel.from_dict({"rows": 2, "cols": 1, "start": [0, 0], "goal": [0.5, 1]})
    assert any(line[-1] == (0.5, 1) for line in enumerate_lines(panel))


# ------------------------------------------------ the checker's regions
def test_a_half_covered_edge_joins_the_cells_beside_it() -> None:
    # two stars of a colour in the two cells: the line from the middle of the edge
    # between them never parts them (the engine's regions-with-mid-start)
    panel = Panel.from_dict(
        {"rows": 1, "cols": 2, "start": [1, 0.5], "goal": [2, 0.5],
         "stars": [[0, 0, "orange"], [1, 0, "orange"]]}
    )  # fmt: skip
    line = [(1, 0.5), (1, 1), (2, 1), (2, 0.5)]
    assert check(panel, line).solved
    # a line through the midpoint of an end it passes walls the edge off
    through = Panel.from_dict(
        {"rows": 1, "cols": 2, "start": [1, 1], "ends": [[1, 0.5], [2, 0]],
         "stars": [[0, 0, "orange"], [1, 0, "orange"]]}
    )  # fmt: skip
    assert not check(through, [(1, 1), (1, 0.5), (1, 0), (2, 0)]).solved
    assert check(through, [(1, 1), (1, 0.5)]).solved


def test_a_half_covered_edge_counts_for_triangles_and_covers_its_dot() -> None:
    panel = Panel.from_dict(
        {"rows": 1, "cols": 1, "start": [0.5, 0], "goal": [0, 1],
         "triangles": [[0, 0, 3]], "dots": [[0, 0, 1, 0]]}
    )  # fmt: skip
    assert check(panel, [(0.5, 0), (1, 0), (1, 1), (0, 1)]).solved
    assert not check(panel, [(0.5, 0), (0, 0), (0, 1)]).solved  # two sides


def test_regions_kept_between_lines_know_which_ends_were_open() -> None:
    # a line from the start (2, 0.5) and one from (2, 1) along the same edges
    # leave regions of the same places but for that start's edge (found by
    # benchmarks/engine_agreement.py --segments): each verdict as on a fresh panel
    text = (
        '{"rows": 2, "cols": 3, "starts": [[0, 0], [2, 0.5], [2, 1]], '
        '"ends": [[0, 2], [0.5, 1], [1, 2]], "triangles": [[1, 0, 1]], '
        '"cancellers": [[2, 1]], "dots": [[1, 0, "invisible"]], "gaps": [[2, 0, 3, 0]]}'
    )
    panel = Panel.from_json(text)
    for line in enumerate_lines(panel):
        assert check(panel, line).solved == check(Panel.from_json(text), line).solved, line


def _engine_style_solutions(panel: Panel) -> set:
    """Every solution as the engine finds it (solve.js, validate.js), written
    anew on the doubled grid (y up): a walk over places, stepping along a
    row from a place of even y and along a column from one of even x, never
    into a gap or removed edge or a place twice; regions flooded over every
    place off the line but the line's start and end segments, which the flood
    crosses without holding (switchToMaskedGrid). Squares, stars, triangles
    and dots only, no symmetry. Each solution as (start place, its places)."""
    width, height = 2 * panel.cols, 2 * panel.rows
    blocked = {(a[0] + b[0], a[1] + b[1]) for a, b in panel.blocked}
    starts = [(int(2 * x), int(2 * y)) for x, y in panel.starts]
    ends = {(int(2 * x), int(2 * y)) for x, y in panel.ends}
    colours = {}
    for x, y, colour in (*panel.squares, *panel.stars):
        colours[(2 * x + 1, 2 * y + 1)] = colour
    for x, y, _, colour in panel.triangles:
        colours[(2 * x + 1, 2 * y + 1)] = colour
    squares = {(2 * x + 1, 2 * y + 1) for x, y, _ in panel.squares}
    stars = {(2 * x + 1, 2 * y + 1) for x, y, _ in panel.stars}
    dots = {(int(2 * d.at[0]), int(2 * d.at[1])) if not d.on_edge else
            (d.at[0][0] + d.at[1][0], d.at[0][1] + d.at[1][1]) for d in panel.dots}  # fmt: skip

    def valid(path: list) -> bool:
        on = set(path)
        crossed = {p for p in (path[0], path[-1]) if p[0] % 2 != p[1] % 2}
        for x, y, k, _ in panel.triangles:
            c = (2 * x + 1, 2 * y + 1)
            sides = sum((c[0] + dx, c[1] + dy) in on for dx, dy in STEPS)
            if sides != k:
                return False
        seen: set = set()
        for p in ((x, y) for x in range(width + 1) for y in range(height + 1)):
            if p in seen or (p in on and p not in crossed):
                continue
            region, stack = set(), [p]
            seen.add(p)
            while stack:
                q = stack.pop()
                if q not in crossed:
                    region.add(q)
                for dx, dy in STEPS:
                    r = (q[0] + dx, q[1] + dy)
                    inside = 0 <= r[0] <= width and 0 <= r[1] <= height
                    if inside and r not in seen and (r not in on or r in crossed):
                        seen.add(r)
                        stack.append(r)
            if region & dots:
                return False
            if len({colours[q] for q in region & squares}) > 1:
                return False
            for s in region & stars:
                if sum(colours.get(q) == colours[s] for q in region if q in colours) != 2:
                    return False
        return True

    out = set()

    def walk(path: list, on: set) -> None:
        p = path[-1]
        if p in ends and valid(path):
            out.add((path[0], frozenset(path)))
        steps = [(1, 0), (-1, 0)] if p[1] % 2 == 0 else []
        steps += [(0, 1), (0, -1)] if p[0] % 2 == 0 else []
        for dx, dy in steps:
            q = (p[0] + dx, p[1] + dy)
            if 0 <= q[0] <= width and 0 <= q[1] <= height and q not in on and q not in blocked:
                path.append(q)
                on.add(q)
                walk(path, on)
                on.discard(q)
                path.pop()

    for s in starts:
        if s not in blocked:
            walk([s], {s})
    return out


STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _random_panels(seed: int, count: int, symmetry: bool = False) -> Iterator[Panel]:
    """Tiny random panels with starts and ends at vertices and edge midpoints,
    squares, stars, triangles, dots and gaps; with ``symmetry``, half of them
    symmetric (the starts' and ends' mirror images added)."""
    return seeded_panels(seed, count, lambda rng: _draw(rng, symmetry))


def _draw(rng: random.Random, symmetry: bool) -> dict:
    rows, cols = rng.choice(((1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (2, 3)))
    probe = Panel(rows=rows, cols=cols, ends=((cols, rows),))
    edges = list(probe.grid_edges())
    cells = rng.sample(list(probe.cells()), rng.randint(0, rows * cols))
    data: dict = {"rows": rows, "cols": cols, "squares": [], "stars": [], "triangles": []}
    for x, y in cells:
        kind = rng.choice(("squares", "stars", "triangles"))
        colour = rng.choice(("black", "white"))
        data[kind].append([x, y, rng.randint(1, 3)] if kind == "triangles" else [x, y, colour])
    data["starts"] = [list(_terminal(rng, probe, False)) for _ in range(rng.randint(1, 2))]
    data["ends"] = [list(_terminal(rng, probe, True)) for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.3:
        a, b = rng.choice(edges)
        data["dots"] = [[*a, *b]]
    if rng.random() < 0.2:
        a, b = rng.choice(edges)
        data["gaps"] = [[*a, *b]]
    if symmetry and rng.random() < 0.5:
        data["symmetry"] = rng.choice(("horizontal", "vertical", "rotational"))
        mirror = grid_mirror(cols, rows, data["symmetry"])
        for key in ("starts", "ends"):
            data[key] += [list(mirror(v)) for v in data[key]]
            data[key] = [list(v) for v in dict.fromkeys(map(tuple, data[key]))]
    return data


def _terminal(rng: random.Random, probe: Panel, rim: bool) -> tuple:
    """A random start (or, ``rim``, end): an edge's midpoint or a vertex."""
    if rng.random() < 0.6:
        a, b = rng.choice(list(probe.grid_edges()))
        return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    vertices = list(probe.vertices())
    return rng.choice([v for v in vertices if probe.is_boundary(v)] if rim else vertices)


def _checker_solutions(panel: Panel) -> set:
    out = set()
    for line in enumerate_lines(panel):
        if is_solution(panel, line):
            start = (int(2 * line[0][0]), int(2 * line[0][1]))
            out.add((start, frozenset(covered((tuple(line),)))))
    return out


@pytest.mark.parametrize("seed", range(4))
def test_checker_matches_an_engine_style_brute_force(seed: int) -> None:
    for panel in _random_panels(seed, 40):
        assert _checker_solutions(panel) == _engine_style_solutions(panel), panel.to_json()


@pytest.mark.parametrize("seed", range(2))
def test_clingo_counts_what_the_checker_counts(seed: int) -> None:
    # (with symmetry too: a half-edge off the mirror axis is drawn though its other
    # half touches it, as witnesspuzzles.com's jbz-FR5LVBW4 needs)
    from witness.search.asp_solver import count_panel_asp

    for panel in _random_panels(100 + seed, 25, symmetry=True):
        assert count_panel_asp(panel).count == count_with_checker(panel).count, panel.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_clingo_counts_what_the_checker_counts_many(seed: int) -> None:
    from witness.search.asp_solver import count_panel_asp

    for panel in _random_panels(200 + seed, 40, symmetry=True):
        assert count_panel_asp(panel).count == count_with_checker(panel).count, panel.to_json()


def test_astar_decides_what_the_checker_counts() -> None:
    from witness.search.panel_search import solve_panel

    for panel in _random_panels(300, 40, symmetry=True):
        solvable = count_with_checker(panel).count > 0
        result = solve_panel(panel)
        assert result.status == ("solved" if solvable else "unsolvable"), panel.to_json()


# ------------------------------------------------------ import and export
@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_jbz_round_trip(name: str) -> None:
    data = ENGINE_TESTS[name][0]()
    panel = panel_from_jbz(data, {"jbz": jbz_extras(data)})
    out, notes = panel_to_jbz(panel)
    assert not notes
    again = panel_from_jbz(out)
    assert again == panel
    for x, column in enumerate(data["grid"]):  # each end sticks out the same way
        for y, cell in enumerate(column):
            if isinstance(cell, dict) and cell.get("end"):
                assert out["grid"][x][y]["end"] == cell["end"]
            if isinstance(cell, dict) and cell.get("start"):
                assert out["grid"][x][y]["start"] is True


def test_export_sticks_a_segment_end_out_across_its_edge() -> None:
    panel = Panel.from_dict({"rows": 1, "cols": 2, "start": [0, 0], "ends": [[0.5, 1], [2, 0.5]]})
    out, _ = panel_to_jbz(panel)
    assert out["grid"][1][0]["end"] == "top"  # (x 1, y 0 from the top)
    assert out["grid"][4][1]["end"] == "right"


# ------------------------------------------------------------- pictures
def test_text_picture_puts_a_midpoint_in_its_edge() -> None:
    panel = Panel.from_dict({"rows": 1, "cols": 1, "start": [0.5, 0], "goal": [1, 0.5]})
    picture = text_picture(panel)
    assert "--S--" in picture and "E" in picture
    drawn = text_picture(panel, [(0.5, 0), (1, 0), (1, 0.5)])
    assert "--o==" in drawn and "@" in drawn


def test_svg_draws_starts_and_ends_at_midpoints(tmp_path) -> None:
    panel = Panel.from_dict({"rows": 1, "cols": 1, "start": [0.5, 0], "goal": [1, 0.5]})
    out = tmp_path / "p.svg"
    render(panel, out, path=[(0.5, 0), (1, 0), (1, 0.5)])
    text = out.read_text()
    assert 'id="start_0.5_0"' in text and 'id="end_1_0.5"' in text


def test_path_options_read_half_integers() -> None:
    from witness.cli.options import load_path_arg

    line = [(1, 0.5), (1, 1), (2, 1), (2, 0.5)]
    assert load_path_arg("1,0.5 1,1 2,1 2,0.5") == line
    assert load_path_arg("[[1, 0.5], [1, 1], [2, 1], [2, 0.5]]") == line
    assert load_path_arg("[[1, 1.0]]") == [(1, 1)]


@pytest.mark.slow
def test_check_and_count_agree_with_the_engine_on_random_segment_panels() -> None:
    """As tests/test_engine_agreement.py, on random panels up to 4x4 each given a
    start and an end half way along random edges (benchmarks/engine_agreement.py
    --segments): the engine's validate() on each panel's own and a random line,
    and its solver's solutions (those it misses in its early region check
    accepted by validate()) against the checker's and clingo's counts."""
    import shutil
    from pathlib import Path

    from test_engine_agreement import ENGINE, agrees_with_the_engine

    from witness.search.generate_panels import random_line

    if shutil.which("node") is None or not (ENGINE and (Path(ENGINE) / "validate.js").is_file()):
        pytest.skip("WITNESS_ENGINE_DIR names no engine/ folder (fetched, never committed)")
    import engine_agreement

    engine = engine_agreement.Engine(Path(ENGINE), seconds=30.0)
    rng = random.Random(71)
    compared = 0
    try:
        for i in range(80):
            drawn = engine_agreement.random_panel(i, rng, segments=True)
            if drawn is None or not drawn[0].halves:
                continue
            counted = count_with_checker(drawn[0], time_limit=5).count
            if counted is None or counted >= 2000:
                continue  # (the engine's solver stops at 10,000 lines, valid or not)
            line = random_line(drawn[0], rng)
            compared += agrees_with_the_engine(engine, drawn[0], [line] if line else [])
    finally:
        engine.close()
    assert compared >= 40


def test_explain_hint_and_solve_from_take_a_line_from_a_midpoint() -> None:
    from witness.pipeline.explain import explain, load_rules
    from witness.search.solvers import check_prefix

    panel = Panel.from_dict(
        {"rows": 1, "cols": 2, "start": [1, 0.5], "goal": [2, 0.5],
         "stars": [[0, 0, "orange"], [1, 0, "orange"]]}
    )  # fmt: skip
    assert check_prefix(panel, [[1, 0.5], [1, 1]]) == [(1, 0.5), (1, 1)]
    assert explain(panel, [(1, 0.5), (1, 1)], load_rules("baseline"), 5.0).completable
