"""The thesis's straight-line policy (section 3.5, Algorithm 3) and player models
named by a spec (witness.difficulty.player.parse_player): the candidate lines
against a run-length description of them, pi(s) against a brute force over
every completion, MUSE with the policy by hand on a tiny panel."""

from __future__ import annotations

import json
import math
import random
import shutil
from itertools import groupby, permutations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_panel_difficulty import completions, random_line
from test_rules_oracle import panels

from profiles import examples
from witness.cli import main
from witness.difficulty.game import Line, PanelGame, straight_line_solves, straight_moves
from witness.difficulty.muse import score
from witness.errors import InputError
from witness.model.panel import Panel

KINDS = ("triangle", "square", "star")
MIXED = Path(__file__).parents[1] / "results/reference/mixed/mixed/final/pi_star.pl"


def looks_straight(steps: tuple) -> bool:
    """At most one turn, or a turn at every step until one direction runs out."""
    runs = [len(list(g)) for _, g in groupby(steps)]
    return len(runs) <= 2 or all(r == 1 for r in runs[:-1])


@given(st.integers(-4, 4), st.integers(-4, 4))
def test_straight_lines_are_the_one_turn_lines_and_the_staircases(dx, dy):
    h = [(1 if dx > 0 else -1, 0)] * abs(dx)
    v = [(0, 1 if dy > 0 else -1)] * abs(dy)
    every_shortest = set(permutations(h + v)) - {()}
    got = straight_moves(dx, dy)
    assert len(got) == len(set(got))
    assert set(got) == {p for p in every_shortest if looks_straight(p)}


def straight_after(game: PanelGame, s: Line, c: Line) -> bool:
    """Is ``c`` ``s`` extended by a shortest line to its head that looks straight?"""
    pts = [game.vertex[i] for i in c.path[len(s.path) - 1 :]]
    steps = tuple((b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False))
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    return len(steps) == abs(x1 - x0) + abs(y1 - y0) > 0 and looks_straight(steps)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=KINDS), st.integers(0, 10**6))
def test_the_policy_fires_exactly_when_a_straight_completion_solves(panel, seed):
    game = PanelGame(panel)
    s = random_line(game, random.Random(seed))
    if s is None:
        return
    want = any(game.solved(c) and straight_after(game, s, c) for c in completions(game, s))
    assert straight_line_solves(game, s) == want


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=KINDS), st.sampled_from(["none", "hand"]), st.integers(0, 1))
def test_the_policy_never_raises_muse_and_keeps_the_solutions(panel, player, lookahead):
    plain = score(panel, player, lookahead, core="general")
    straight = score(panel, f"{player}@straight", lookahead)
    assert straight.rules == f"{player}@straight"
    assert straight.solutions == plain.solutions
    assert straight.muse <= plain.muse + 1e-9
    game = PanelGame(panel)
    if any(straight_line_solves(game, s) for s in game.starts()):
        assert straight.muse == straight.remuse == 0.0


def test_muse_with_the_policy_by_hand():
    # one cell, a dot on its bottom edge, from (0, 0) to (1, 1): two moves at the
    # start, one move after each (right: then up, solved; up: then right, the dot
    # missed). No rules: MUSE = log2 2 + 0 = 1 bit. The straight line "right,
    # then up" solves from the start: MUSE 0 with the policy.
    panel = Panel.from_dict(
        {"rows": 1, "cols": 1, "start": [0, 0], "goal": [1, 1], "dots": [[0, 0, 1, 0]]}
    )
    assert score(panel, "none", core="general").muse == 1.0
    assert score(panel, "none@straight").muse == 0.0
    # a gap on the right edge blocks that line ("up, then right" misses the dot)
    game = PanelGame(Panel.from_dict({**panel.to_dict(), "gaps": [[1, 0, 1, 1]]}))
    assert not straight_line_solves(game, game.starts()[0])
    # 1x2: from (0, 0) to (2, 0) along the bottom is straight and solves at once;
    # a dot on the top-right edge makes every straight line from the start fail
    # (none crosses it), but after "up" the line "right, right" solves it
    bent = Panel.from_dict(
        {"rows": 1, "cols": 2, "start": [0, 0], "goal": [2, 0], "dots": [[1, 1, 2, 1]]}
    )
    game = PanelGame(bent)
    start = game.starts()[0]
    assert not straight_line_solves(game, start)
    up = next(c for c in game.moves(start) if game.vertex[c.head] == (0, 1))
    assert straight_line_solves(game, up)
    # MUSE: right/up at the start (1 bit); after "up" the policy says 0
    assert score(bent, "none@straight").muse == 1.0
    assert score(bent, "none").muse > 1.0


def test_cli_takes_the_policy(tmp_path, capsys):
    f = tmp_path / "p.json"
    f.write_text(
        json.dumps({"rows": 1, "cols": 1, "start": [0, 0], "goal": [1, 1], "dots": [[0, 0, 1, 0]]})
    )
    assert main(["difficulty", str(f), "--policy", "straight", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["muse"] == 0.0 and out["rules"] == "none@straight"
    assert main(["difficulty", str(f), "--policy", "curved"]) == 2
    assert "--policy" in capsys.readouterr().err


# ------------------------------------------------------------ player specs
def mixed_copy(tmp_path: Path) -> Path:
    """The mixed profile's pi* and its proof record (5 clauses, all proven)."""
    out = tmp_path / "pi_star.pl"
    shutil.copy(MIXED, out)
    shutil.copy(MIXED.with_suffix(".verify.json"), out.with_suffix(".verify.json"))
    return out


def test_a_player_spec_names_rules_clauses_hand_and_policy(tmp_path):
    from witness.difficulty.player import parse_player
    from witness.learning.translate import load_predicate

    program = mixed_copy(tmp_path)
    full = load_predicate(str(program))
    p = parse_player(f"hand+{program}:1/5@straight")
    assert p.hand and p.policy == "straight"
    assert p.programs[0].clauses == (full.clauses[0], full.clauses[4])
    assert parse_player(str(program)).programs[0].clauses == full.clauses
    hand = parse_player("hand@straight")
    assert (hand.label, hand.programs) == ("hand@straight", ())
    with pytest.raises(InputError, match="clause 9"):
        parse_player(f"{program}:1/9")
    with pytest.raises(InputError, match="policy"):
        parse_player("hand@curved")
    record = json.loads(program.with_suffix(".verify.json").read_text())
    record["status"] = "refuted"
    record["clauses"][3]["status"] = "refuted"
    program.with_suffix(".verify.json").write_text(json.dumps(record))
    assert parse_player(f"{program}:1/5").programs[0].clauses == (full.clauses[0], full.clauses[4])


def test_a_subset_of_clauses_is_a_player_that_knows_less():
    """Fewer sound clauses: never fewer moves, so never a lower MUSE."""
    from witness.difficulty.player import parse_player

    panel = Panel(
        rows=2, cols=2, ends=((2, 2),), squares=((0, 0, "red"), (0, 1, "red"), (1, 1, "blue"))
    )
    every = parse_player(f"hand+{MIXED}")
    squares_only = parse_player(f"hand+{MIXED}:1")
    dots_only = parse_player(f"hand+{MIXED}:4/5")
    scores = [score(panel, p) for p in (every, squares_only, dots_only)]
    assert len({s.solutions for s in scores}) == 1
    assert scores[0].muse <= scores[1].muse <= scores[2].muse
    assert not math.isclose(scores[1].remuse, scores[2].remuse)


def test_the_ratings_benchmark_names_players_by_spec():
    import sys

    from witness.difficulty.game import HAND_PROGRAM

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_ratings import players_for

    specs = ["none", "hand", "hs=hand@straight", f"sub=hand+{MIXED}:1/4", "paper"]
    panels = players_for("dots-squares-gaps", specs)
    assert list(panels) == ["none", "hand", "hs", "sub"]  # paper reads triangles only
    assert panels["hs"].policy == "straight" and panels["sub"].hand
    assert len(panels["sub"].programs[0].clauses) == 2
    assert list(players_for("triangles", specs)) == ["none", "hand", "hs", "paper"]
    # the hand rules' program reads triangles and ends: it applies to both sets
    program = [f"prog={HAND_PROGRAM}"]
    assert list(players_for("triangles", program)) == list(players_for("dots", program))
    assert list(players_for("triangles", program)) == ["prog"]


def test_hand_plus_a_triangle_predicate_knows_at_least_both():
    from puzzles import seeded_puzzles

    for puzzle in seeded_puzzles(10, seed=5, max_rows=3, max_cols=3, min_side=1):
        if tuple(puzzle.start) != (0, 0):
            continue
        panel = puzzle.to_panel()
        both = score(panel, "hand+paper")
        alone, hand = score(panel, "paper"), score(panel, "hand")
        assert both.rules == "hand+paper" and both.solutions == hand.solutions
        assert both.muse <= min(alone.muse, hand.muse) + 1e-9
