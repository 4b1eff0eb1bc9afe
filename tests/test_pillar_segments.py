"""Pillars with a start or an end half way along an edge, and pi_baseline on
pillars and on panels with such starts and ends: the engine's own test of
the kind and fixtures written here (their counts are the community engine's,
its engine/solve.js run by benchmarks/engine_validate.js on these objects),
clingo against the rules checker's brute force on random small panels, and
pi_baseline against the brute force (it never rejects a proper prefix of a
solution)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from engine_pillars import START, TOP, engine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_panels import seeded_panels

from profiles import examples
from witness.model.jbz import panel_from_jbz, panel_to_jbz
from witness.model.panel import Panel
from witness.model.rules import enumerate_lines, is_solution
from witness.search.count import count_with_checker
from witness.search.panel_geometry import build_panel_geometry
from witness.search.panel_search import baseline_values, solve_panel

NONE = {"x": False, "y": False}
STAR = {"type": "star", "color": "red"}
# name: (engine puzzle, the engine's count)
ENGINE_TESTS = {
    # pages/test.js: starts and ends half way along edges of the bottom and top rows
    "symmetry-pillar-none": (
        engine(4, 4, {(1, 8): START, (5, 8): START, (1, 0): TOP, (5, 0): TOP}, NONE),
        432,
    ),
    # written here, counted by the engine's solver
    "pillar-segment-start-and-end": (engine(3, 2, {(1, 4): START, (3, 0): TOP}), 79),
    "pillar-seam-segment-start": (engine(3, 2, {(5, 4): START, (0, 0): TOP}), 62),
    "pillar-seam-segment-end": (engine(4, 2, {(0, 4): START, (7, 0): TOP}), 193),
    "pillar-segment-side-start": (engine(3, 2, {(2, 3): START, (4, 0): TOP}), 53),
    "pillar-segment-stars": (
        engine(3, 2, {(1, 4): START, (3, 0): TOP, (1, 1): STAR, (5, 3): STAR}),
        72,
    ),
    "pillar-segment-triangle": (
        engine(
            3,
            2,
            {
                (1, 4): START,
                (3, 0): TOP,
                (3, 3): {"type": "triangle", "color": "orange", "count": 2},
            },
        ),
        31,
    ),
    "symmetry-pillar-none-small": (
        engine(4, 2, {(1, 4): START, (5, 4): START, (1, 0): TOP, (5, 0): TOP}, NONE),
        48,
    ),
    "symmetry-pillar-none-seam": (
        engine(4, 2, {(3, 4): START, (7, 4): START, (3, 0): TOP, (7, 0): TOP}, NONE),
        48,
    ),
}


@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_engine_counts_by_clingo(name: str) -> None:
    from witness.search.asp_solver import count_panel_asp

    data, expected = ENGINE_TESTS[name]
    assert count_panel_asp(panel_from_jbz(data), time_limit=60).count == expected


@pytest.mark.parametrize("name", sorted(n for n, (_, c) in ENGINE_TESTS.items() if c < 100))
def test_engine_counts_by_the_checker(name: str) -> None:
    data, expected = ENGINE_TESTS[name]
    assert count_with_checker(panel_from_jbz(data)).count == expected


@pytest.mark.parametrize("name", sorted(ENGINE_TESTS))
def test_engine_tests_astar_and_round_trip(name: str) -> None:
    data, expected = ENGINE_TESTS[name]
    panel = panel_from_jbz(data)
    result = solve_panel(panel, time_limit=60)
    assert result.status == ("solved" if expected else "unsolvable")
    assert is_solution(panel, result.path)
    assert panel_from_jbz(panel_to_jbz(panel)[0]) == panel


def test_the_seam_midpoint_is_right_of_the_last_column() -> None:
    panel = panel_from_jbz(ENGINE_TESTS["pillar-seam-segment-start"][0])
    assert panel.starts == ((2.5, 0),)  # the seam edge (0, 0)-(2, 0) of a pillar 3 round
    assert panel.split((2.5, 0)) == ((0, 0), (2, 0))
    assert set(panel.neighbours((2.5, 0))) == {(0, 0), (2, 0)}
    assert Panel.from_dict(panel.to_dict()) == panel


def test_one_geometry_builder_wraps_then_splits() -> None:
    # the core's steps are the panel's: round the seam, and to and from each midpoint
    panel = panel_from_jbz(ENGINE_TESTS["pillar-seam-segment-start"][0])
    geo = build_panel_geometry(panel)
    assert geo.names is not None
    ids = {v: i for i, v in enumerate(geo.names)}
    for v in [*panel.vertices(), *panel.halves.values()]:
        steps = {geo.names[w] for w in geo.neighbour[ids[v]] if w >= 0}
        assert steps == set(panel.neighbours(v)), v


# ------------------------------------------------------------ random panels
def random_panels(seed: int, count: int, pillar: bool | None = None) -> Iterator[Panel]:
    """Small random panels (pillars 3 or 4 round and rectangles, up to 3x3
    cells), each start and end at a vertex or half way along an edge, with
    squares, stars, triangles, polyominoes, cancellers, dots, gaps and removed
    edges; some symmetric (the terminals' mirror images added)."""
    return seeded_panels(seed, count, lambda rng: _draw(rng, pillar))


def _draw(rng: random.Random, pillar: bool | None) -> dict:
    is_pillar = rng.random() < 0.5 if pillar is None else pillar
    cols = rng.choice((3, 4)) if is_pillar else rng.randint(1, 3)
    rows = rng.randint(1, 2 if is_pillar else 3)
    probe = Panel(rows=rows, cols=cols, ends=((0, 0),), pillar=is_pillar)
    edges = list(probe.grid_edges())
    data: dict = {"rows": rows, "cols": cols, "pillar": is_pillar}
    for x, y in rng.sample(list(probe.cells()), rng.randint(0, min(4, rows * cols))):
        kind = rng.choice(("squares", "stars", "triangles", "polyominoes", "cancellers"))
        colour = rng.choice(("black", "white"))
        item: object = [x, y, colour]
        if kind == "triangles":
            item = [x, y, rng.randint(1, 4)]
        elif kind == "polyominoes":
            shape = rng.choice(([[0, 0]], [[0, 0], [1, 0]], [[0, 0], [0, 1], [1, 1]]))
            item = {"cell": [x, y], "shape": shape, "rotatable": rng.random() < 0.5}
        data.setdefault(kind, []).append(item)
    data["starts"] = [_terminal(rng, probe, edges, False) for _ in range(rng.randint(1, 2))]
    data["ends"] = [_terminal(rng, probe, edges, True) for _ in range(rng.randint(1, 2))]
    for key, n in (("dots", 2), ("gaps", 1), ("removed", rng.choice((0, 0, 2, 3)))):
        spots = rng.sample(edges, rng.randint(0, n))
        data[key] = [[*a, *b] for a, b in spots]
    if rng.random() < 0.3 and (not is_pillar or cols % 2 == 0):
        _symmetric(rng, probe, data)
    return data


def _terminal(rng: random.Random, probe: Panel, edges: list, rim: bool) -> list:
    if rng.random() < 0.6:
        a, b = rng.choice(edges)
        if abs(a[0] - b[0]) > 1:  # a pillar's seam edge
            return [max(a[0], b[0]) + 0.5, a[1]]
        return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
    vertices = [v for v in probe.vertices() if probe.is_boundary(v) or not rim]
    return list(rng.choice(vertices))


def _symmetric(rng: random.Random, probe: Panel, data: dict) -> None:
    kinds = ("horizontal", "vertical", "rotational") + (("shift",) if probe.pillar else ())
    data["symmetry"] = rng.choice(kinds)
    image = Panel(
        rows=probe.rows,
        cols=probe.cols,
        starts=(),
        ends=(),
        pillar=probe.pillar,
        symmetry=data["symmetry"],
    )
    for key in ("starts", "ends"):
        both = [*map(tuple, data[key]), *(image.mirror(tuple(v)) for v in data[key])]
        data[key] = [list(v) for v in dict.fromkeys(both)]


def _solutions(panel: Panel) -> list[list]:
    return [line for line in enumerate_lines(panel) if is_solution(panel, line)]


@pytest.mark.parametrize("seed", range(3))
def test_clingo_counts_what_the_checker_counts(seed: int) -> None:
    from witness.search.asp_solver import count_panel_asp

    for panel in random_panels(400 + seed, 25):
        expected = count_with_checker(panel).count
        assert count_panel_asp(panel, time_limit=60).count == expected, panel.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_clingo_counts_what_the_checker_counts_many(seed: int) -> None:
    from witness.search.asp_solver import count_panel_asp

    for panel in random_panels(500 + seed, 30):
        expected = count_with_checker(panel).count
        assert count_panel_asp(panel, time_limit=60).count == expected, panel.to_json()


def _assert_sound(panel: Panel) -> None:
    """pi_baseline rejects no proper prefix of a solution (of two vertices or
    more), and A* with it decides the panel as the brute force does."""
    solutions = _solutions(panel)
    prefixes = {tuple(s[:i]) for s in solutions for i in range(2, len(s))}
    paths = [list(p) for p in sorted(prefixes)]
    rejected = [p for p, dead in zip(paths, baseline_values(panel, paths), strict=True) if dead]
    assert not rejected, (panel.to_json(), rejected[:3])
    result = solve_panel(panel, time_limit=60)
    assert result.status == ("solved" if solutions else "unsolvable"), panel.to_json()


def test_pi_baseline_with_one_start_half_way_along_an_edge() -> None:
    # (its edge's place stays open in the core's floods: panel_geometry._open_start)
    checked = 0
    for panel in random_panels(21, 400):
        geo = build_panel_geometry(panel)
        if geo.kind.size > geo.width * geo.height:
            _assert_sound(panel)
            checked += 1
    assert checked > 50


@settings(max_examples=examples(80), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 10**6))
def test_pi_baseline_never_prunes_a_prefix_of_a_solution(seed: int) -> None:
    _assert_sound(next(random_panels(seed, 1)))


@pytest.mark.slow
@settings(max_examples=examples(600), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 10**6))
def test_pi_baseline_never_prunes_a_prefix_of_a_solution_many(seed: int) -> None:
    _assert_sound(next(random_panels(seed, 1)))


def test_show_draws_a_half_edge_across_the_seam(tmp_path) -> None:
    from witness.model.render import render
    from witness.model.render_text import text_picture

    panel = panel_from_jbz(ENGINE_TESTS["pillar-seam-segment-start"][0])
    line = [(2.5, 0), (0, 0), (0, 1), (0, 2)]  # from the seam's middle round to column 0
    assert is_solution(panel, line)
    render(panel, tmp_path / "p.svg", path=line)
    assert 'id="line"' in (tmp_path / "p.svg").read_text()
    # the bottom row: the half from the seam's middle to the right-hand copy of (0, 0)
    assert text_picture(panel, line).splitlines()[-3] == "  o-----+-----+--o==o 3"
