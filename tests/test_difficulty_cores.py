"""The one difficulty interface (witness.difficulty.muse.score) and its two
cores: the triangle numbers of before the cores were unified, pinned
(tests/data/triangle_difficulty_pins.json), and the general core agreeing
with the compiled one on seeded triangle puzzles, every rule set the
pipeline scores them with (benchmarks/bench_difficulty_cores.py measures the
compiled core faster, which is why it stays)."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path

import pytest
from puzzles import seeded_puzzles

from witness.difficulty.compiled import applies
from witness.difficulty.muse import score
from witness.difficulty.player import Player, parse_player
from witness.errors import InputError
from witness.model.panel import Panel
from witness.model.rules import enumerate_lines, is_solution
from witness.search.generate import generate_set

PINS = Path(__file__).parent / "data" / "triangle_difficulty_pins.json"
RICH = Path(__file__).parents[1] / "results/reference/rich/rich/final/pi_star.pl"


def _number(x: float | str | None) -> float | None:
    return math.inf if x == "inf" else x


def test_triangle_puzzles_score_exactly_as_before():
    pins = json.loads(PINS.read_text())
    panels = [Panel.from_dict(p) for p in pins["puzzles"]]
    for i, rules, n, muse, remuse, solutions, mean_length, states in pins["scores"]:
        d = score(panels[i], rules, n)
        assert d.status == "done" and d.rules == rules
        assert (d.muse, d.remuse) == (_number(muse), _number(remuse)), (i, rules, n)
        assert (d.solutions, d.mean_length, d.states) == (solutions, mean_length, states)


def _same(a: float | None, b: float | None) -> bool:
    return a == b or (a is not None and b is not None and math.isclose(a, b, abs_tol=1e-9))


def assert_cores_agree(panel: Panel, player: Player, lookahead: int) -> None:
    compiled = score(panel, player, lookahead, core="compiled")
    general = score(panel, player, lookahead, core="general")
    assert compiled.rules == general.rules == player.label
    assert (compiled.solutions, compiled.status) == (general.solutions, general.status)
    for field in ("muse", "remuse", "mean_length"):
        assert _same(getattr(compiled, field), getattr(general, field)), (panel, player, field)


@pytest.mark.parametrize("lookahead", [0, 1])
@pytest.mark.parametrize("rules", ["none", "baseline", "paper", str(RICH)])
def test_the_general_core_scores_as_the_compiled_one(rules, lookahead):
    """200 seeded puzzles up to 3x3 with any start and goal, each rule set a
    triangle puzzle is scored with (the pipeline's none, pi_baseline and a
    learned pi*; the paper's Table 3)."""
    player = parse_player(rules)
    for puzzle in seeded_puzzles(200, seed=68, max_rows=3, max_cols=3, any_start=True):
        assert_cores_agree(puzzle.to_panel(), player, lookahead)


# Table 2's buckets but 4x5 and 5x5, where the general core would take half an
# hour of CPU or more (docs/difficulty.md, bench_difficulty_cores.py)
AGREEMENT_SIZES = [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (3, 5), (4, 4)]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
@pytest.mark.parametrize("size", AGREEMENT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_cores_agree_on_200_algorithm_3_puzzles_a_size(size, chunk):
    """200 puzzles of each size from Algorithm 3 (the pipeline's generator),
    in four chunks, scored with no rules and with Table 3; up to 3x4 (and 2x5)
    also with pi_baseline and the rich run's learned pi*."""
    rows, cols = size
    puzzles = generate_set("random", [size], 200, seed=6800 + 10 * rows + cols)
    rules = ["none", "paper"] + (["baseline", str(RICH)] if rows * cols <= 12 else [])
    players = [parse_player(r) for r in rules]
    for puzzle in puzzles[chunk::4]:
        for player in players:
            assert_cores_agree(puzzle.to_panel(), player, 0)


def test_the_cores_agree_on_the_pinned_4x4_and_smaller_puzzles():
    pins = json.loads(PINS.read_text())
    small = [Panel.from_dict(p) for p in pins["puzzles"] if p["rows"] * p["cols"] <= 12]
    assert len(small) >= 30
    for panel in small:
        for rules in ("none", "paper"):
            assert_cores_agree(panel, parse_player(rules), 0)


def test_auto_takes_the_compiled_core_only_where_it_applies():
    panel = seeded_puzzles(1, seed=3, max_rows=2, max_cols=2)[0].to_panel()
    paper = parse_player("paper")
    assert applies(panel, paper) and applies(panel, Player())
    for spec in ("hand", "hand+paper", "paper@straight"):
        assert not applies(panel, parse_player(spec))
        with pytest.raises(InputError, match="compiled core"):
            score(panel, spec, core="compiled")
    dotted = Panel.from_dict({**panel.to_dict(), "dots": [[0, 0]]})
    assert not applies(dotted, Player())
    with pytest.raises(InputError, match="triangle puzzles only"):
        score(dotted, paper)


def test_triangle_panels_the_compiled_core_cannot_hold_go_to_the_general_one():
    """A start that is also the end and a triangle of 4: the format holds them,
    the triangle puzzle does not; score takes the general core, and a triangle
    program (which reads the triangle puzzle) is refused with the reason."""
    loop = Panel.from_dict({"rows": 1, "cols": 2, "goal": [0, 0], "triangles": [[1, 0, 2]]})
    four = Panel.from_dict({"rows": 2, "cols": 2, "goal": [2, 2], "triangles": [[0, 0, 4]]})
    for panel in (loop, four):
        assert not applies(panel, Player())
        with pytest.raises(InputError, match="triangle puzzles only"):
            score(panel, "paper")
    # a simple line never covers the four sides of a cell
    assert (score(four, "none").muse, score(four, "hand").solutions) == (math.inf, 0)
    # the rules checker's own count of solutions (a line may not stop where it starts)
    scored = score(loop, "none")
    solutions = sum(is_solution(loop, line) for line in enumerate_lines(loop))
    assert scored.status == "done" and scored.solutions == solutions


def test_the_benchmark_draws_the_sizes_it_is_given(tmp_path, monkeypatch, capsys):
    """bench_difficulty_cores.py --sizes: puzzles of that range only, both
    cores agreeing, and the general core's longest score per size printed."""
    import sys

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    import bench_difficulty_cores

    out = tmp_path / "cores.csv"
    argv = ["x", "--count", "3", "--sizes", "2x3", "2x3", "--players", "none", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    bench_difficulty_cores.main()
    with out.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3
    assert all(r["size"] in ("2x3", "3x2") and r["player"] == "none" for r in rows)
    assert all(r["agree"] == "True" for r in rows)
    printed = capsys.readouterr().out
    assert "random, 2x3..2x3" in printed and "the general core's longest score" in printed
