"""benchmarks/engine_agreement.py: the lines as the community engine's grid
holds them, the draws it adds, and its exchange with the engine under node
(here a stand-in engine written in the test: the real one is fetched)."""

import os
import random
import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles import examples

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import engine_agreement  # noqa: E402

from witness.model.panel import Panel  # noqa: E402
from witness.model.rules import (  # noqa: E402
    CheckStopped,
    check,
    covered,
    enumerate_lines,
    lines_of,
)
from witness.search.count import count_with_checker  # noqa: E402
from witness.search.generate_panels import random_line  # noqa: E402


def _panel(seed: int) -> Panel:
    rng = random.Random(seed)
    while True:
        drawn = engine_agreement.random_panel(rng.randrange(4), rng)
        if drawn is not None:
            return drawn[0]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10**6))
def test_the_engine_places_are_the_lines_places_turned_upside_down(seed: int) -> None:
    """Each line's places on the engine's grid (y down) are the checker's
    places of that line (y up), mirror line apart; reading the vertices back
    from the places in order gives the line."""
    panel = _panel(seed)
    line = random_line(panel, random.Random(seed))
    if line is None:
        return
    lines = lines_of(panel, line)
    places = engine_agreement.engine_places(panel, line)
    assert len(places) == len(lines)
    for one, theirs in zip(lines, places, strict=True):
        assert {(x, 2 * panel.rows - y) for x, y in theirs} == set(covered((one,)))
    in_order = []
    for a, b in zip(line, line[1:], strict=False):
        in_order += [
            (2 * a[0], 2 * (panel.rows - a[1])),
            (a[0] + b[0], 2 * panel.rows - a[1] - b[1]),
        ]
    in_order.append((2 * line[-1][0], 2 * (panel.rows - line[-1][1])))
    assert engine_agreement.vertices_of(panel, in_order) == tuple(line)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 10**6))
def test_the_draws_are_panels_and_one_symbol_less_is_one_less(seed: int) -> None:
    rng = random.Random(seed)
    panel = _panel(seed)
    richer = engine_agreement.enriched(panel, rng)
    assert isinstance(richer, Panel)
    assert len(richer.polyominoes) == len(panel.polyominoes)
    fewer = engine_agreement.less_one_symbol(panel, rng)
    kinds = ("triangles", "squares", "stars", "cancellers", "polyominoes", "dots")
    total = sum(len(getattr(panel, k)) for k in kinds)
    if total == 0:
        assert fewer is None
    else:
        assert sum(len(getattr(fewer, k)) for k in kinds) == total - 1


def test_a_piece_hanging_off_the_grid_or_the_windmill_count_is_not_exported() -> None:
    plain = Panel(rows=1, cols=1, ends=((1, 1),), cancellers=((0, 0, "white"),))
    assert engine_agreement.exact_export(plain) is not None
    windmill = Panel(
        rows=1, cols=1, ends=((1, 1),), cancellers=((0, 0, "white"),), canceller_rules="windmill"
    )
    assert engine_agreement.exact_export(windmill) is None


# A stand-in for the engine's four files: a puzzle whose first place the line
# covers is valid, one whose place (1, 0) it covers is never decided; its
# solver finds one solution, right then down.
STAND_IN = {
    "polyominos.js": "namespace(function() { window.ROTATION_BIT = 1 << 20 })\n",
    "puzzle.js": (
        "namespace(function() { window.Puzzle = class {\n"
        "  static deserialize(json) { var p = new Puzzle(); p.grid = JSON.parse(json).grid;"
        " return p }\n} })\n"
    ),
    "validate.js": (
        "namespace(function() { window.validate = function(puzzle, quick) {\n"
        "  while (puzzle.grid[1][0].line > LINE_NONE) {}\n"
        "  var ok = puzzle.grid[0][0].line > LINE_NONE\n"
        "  return {invalidElements: ok ? [] : [{x: 1, y: 1}]}\n} })\n"
    ),
    "solve.js": (
        "namespace(function() { window.solve = function(puzzle, partial, done) {\n"
        "  done([[{x: 0, y: 0}, 2, 2, 4, 4, 0]])\n} })\n"
    ),
}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is installed by scripts/setup.sh")
def test_the_exchange_with_the_engine_under_node(tmp_path) -> None:
    for name, text in STAND_IN.items():
        (tmp_path / name).write_text(text)
    engine = engine_agreement.Engine(tmp_path, seconds=2.0)
    try:
        grid = [[{"type": "line", "line": 0} for _ in range(3)] for _ in range(3)]
        puzzle = {"grid": grid}
        assert engine.valid(puzzle, [[(0, 0), (0, 1)]]) == (True, [])
        assert engine.valid(puzzle, [[(2, 2)]]) == (False, [[1, 1]])
        # a verdict that never comes: None, and node is started again
        assert engine.valid(puzzle, [[(0, 0), (1, 0)]]) == (None, [])
        assert engine.valid(puzzle, [[(0, 0)]]) == (True, [])
        assert engine.count(puzzle) == 1
        found, cpu = engine.first_solution(puzzle)
        assert found is True and 0 <= cpu < 2
        assert engine.solutions(puzzle) == [[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]]
        panel = Panel(rows=1, cols=1, ends=((1, 0),))
        assert engine_agreement.vertices_of(panel, engine.solutions(puzzle)[0]) == (
            (0, 1),
            (1, 1),
            (1, 0),
        )
    finally:
        engine.close()


def test_a_line_the_checker_does_not_decide_in_time_is_no_verdict(monkeypatch) -> None:
    panel = Panel(rows=1, cols=1, ends=((1, 1),))
    line = [(0, 0), (1, 0), (1, 1)]
    assert engine_agreement.checker_verdict(panel, line, 5.0) is True

    def stopped(panel, path, deadline=None):
        raise CheckStopped

    monkeypatch.setattr(engine_agreement, "check", stopped)
    assert engine_agreement.checker_verdict(panel, line, 5.0) is None


def test_the_peer_table_counts_what_each_solver_decides(capsys) -> None:
    import bench_engine_solver

    rows = [
        {
            "name": "a",
            "size": "4x4",
            "engine": "solved",
            "engine_cpu": 0.02,
            "clingo": "solved",
            "clingo_cpu": 0.01,
        },
        {
            "name": "b",
            "size": "4x4",
            "engine": "unsolvable",
            "engine_cpu": 0.5,
            "clingo": "solved",
            "clingo_cpu": 0.1,
        },
        {
            "name": "c",
            "size": "10x10",
            "engine": "timed_out",
            "engine_cpu": 10.0,
            "clingo": "solved",
            "clingo_cpu": 0.3,
        },
    ]
    bench_engine_solver.report(rows, 10)
    out = capsys.readouterr().out.splitlines()
    by_size = {line.split()[0]: line.split() for line in out[2:5]}
    assert by_size["1-4"][1:3] == ["2", "2"] and by_size["1-4"][-1] == "3.5"
    assert by_size["10"][2] == "0" and by_size["10"][-1] == "-"
    assert by_size["all"][1:3] == ["3", "2"] and by_size["all"][5] == "3"
    assert "b: the engine's solver found no solution, clingo one" in out[-1]


def test_the_disagreements_folder_is_made_new_and_never_mixed(tmp_path) -> None:
    assert engine_agreement.disagreements_folder(None, "x") is None
    made = engine_agreement.disagreements_folder(tmp_path / "apart", "x")
    assert made.is_dir() and not any(made.iterdir())
    (made / "a.json").write_text("{}")
    with pytest.raises(SystemExit, match="not empty"):
        engine_agreement.disagreements_folder(made, "x")
    assert (made / "a.json").read_text() == "{}"  # nothing of the user's deleted


# The real engine: the engine/ folder of a snapshot of
# jbzdarkid/jbzdarkid.github.io, fetched (never part of the repository) and
# named by this variable.
ENGINE = os.environ.get("WITNESS_ENGINE_DIR")


def with_axis_start(panel: Panel, rng: random.Random) -> Panel:
    """``panel`` with a start on its mirror axis (or centre) too, when it has
    symmetry and such a vertex: the engine draws no line from there."""
    axis = [v for v in panel.vertices() if panel.symmetry and panel.mirror(v) == v]
    if not axis:
        return panel
    return replace(panel, starts=(*panel.starts, rng.choice(axis)))


def agrees_with_the_engine(engine, panel: Panel, lines: list) -> bool:
    """``check`` gives the engine's validate() verdict on ``lines``, and
    ``solve --count`` (the checker's enumeration and clingo) counts the lines
    the engine's solver finds and those it missed (its validate() stops
    early on some, docs/results-community.md) that validate() accepts and its solver
    could draw (no place shared with the mirror line, engine/solve.js);
    False when the engine's format cannot say ``panel`` exactly."""
    from witness.search.asp_solver import count_panel_asp

    puzzle = engine_agreement.exact_export(panel)
    if puzzle is None:
        return False
    for line in lines:
        ours = engine_agreement.checker_verdict(panel, line, 30.0)
        theirs, _ = engine.valid(puzzle, engine_agreement.engine_places(panel, line))
        assert ours == theirs, (panel.to_json(), line)
    found = engine.solutions(puzzle)
    assert found is not None and len(found) < engine_agreement.ENGINE_MAX_SOLUTIONS
    theirs = {engine_agreement.vertices_of(panel, places) for places in found}
    ours = {tuple(line) for line in enumerate_lines(panel) if check(panel, line).solved}
    assert theirs <= ours, panel.to_json()
    for line in ours - theirs:
        drawn = lines_of(panel, line)
        assert len(drawn) == 1 or not set(drawn[0]) & set(drawn[1]), (panel.to_json(), line)
        valid, _ = engine.valid(puzzle, engine_agreement.engine_places(panel, list(line)))
        assert valid, (panel.to_json(), line)
    assert count_with_checker(panel).count == len(ours), panel.to_json()
    assert count_panel_asp(panel).count == len(ours), panel.to_json()
    return True


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="node is installed by scripts/setup.sh")
@pytest.mark.skipif(
    not (ENGINE and (Path(ENGINE) / "validate.js").is_file()),
    reason="WITNESS_ENGINE_DIR names no engine/ folder of jbzdarkid/jbzdarkid.github.io "
    "(fetched, never committed): the comparison with witnesspuzzles.com's engine is skipped",
)
def test_check_and_count_agree_with_the_engine_on_random_small_panels() -> None:
    """:func:`agrees_with_the_engine` on random panels up to 4x4 of every type
    the engine's format says exactly (Algorithms 3 and 4, mixed families,
    symmetry, a third with a start on the axis when there is one), each with
    its own line and a random one, and on panels where the engine's order of
    a region decides whether its cancellers pair off."""
    from test_asp_panels import engine_order_panels

    engine = engine_agreement.Engine(Path(ENGINE), seconds=30.0)
    rng = random.Random(69)
    compared = 0
    bottom = [(0, 0), (1, 0), (2, 0), (3, 0)]
    try:
        for panel in engine_order_panels():
            assert agrees_with_the_engine(engine, panel, [bottom])
        for i in range(120):
            drawn = engine_agreement.random_panel(i, rng)
            if drawn is None:
                continue
            panel = with_axis_start(drawn[0], rng) if i % 3 == 0 else drawn[0]
            lines = [line for line in (drawn[1], random_line(panel, rng)) if line]
            compared += agrees_with_the_engine(engine, panel, lines)
    finally:
        engine.close()
    assert compared >= 60
