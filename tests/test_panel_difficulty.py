"""MUSE and ReMUSE on any panel (witness/difficulty/game.py, muse.py): every
hand rule sound against a brute force, solutions counted exactly (the general
core against the compiled one: tests/test_difficulty_cores.py)."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_rules_oracle import panels

from profiles import examples
from witness.cli import main
from witness.difficulty.game import HAND_RULES, Line, PanelGame, count_solutions
from witness.difficulty.muse import score
from witness.difficulty.player import Player
from witness.model.panel import Panel
from witness.model.rules import random_walk
from witness.search.predicates import Predicate

KINDS = ("triangle", "square", "star", "canceller")


def same(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def completions(game: PanelGame, s: Line):
    """Every line that extends ``s`` and stops at an end: no pruning at all."""
    if len(s.path) > 1 and s.head in game.ends:
        yield s
        return
    for c in game.moves(s):
        yield from completions(game, c)


def random_line(game: PanelGame, rng: random.Random) -> Line | None:
    """A random line of up to 5 steps from one of the game's starts, finished at an end."""
    starts = [game.vertex[s.head] for s in game.starts()]
    path = random_walk(game.panel, rng, max_steps=5, starts=starts, stop_at_ends=True)
    return game.line(path) if path else None


@settings(max_examples=examples(100), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=KINDS), st.integers(0, 10**6))
def test_a_random_line_is_a_state_the_game_reaches(panel, seed):
    """random_line's walk (witness.model.rules.random_walk, under the game's
    starts and its stop at an end) is a line the game's own moves reach: the
    state game.line gives is the one the moves build, step by step."""
    game = PanelGame(panel)
    line = random_line(game, random.Random(seed))
    if line is None:
        assert game.starts() == []
        return
    state = next(s for s in game.starts() if s.head == line.path[0])
    for i in line.path[1:]:
        state = next(c for c in game.moves(state) if c.head == i)
    assert state == line


@settings(max_examples=examples(150), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=KINDS), st.integers(0, 10**6))
def test_every_hand_rule_is_sound(panel, seed):
    """A rule fires only on lines that no completion can turn into a solution."""
    game = PanelGame(panel)
    line = random_line(game, random.Random(seed))
    if line is None:
        return
    fired = [name for name, rule in HAND_RULES.items() if rule(game, line)]
    if fired:
        assert not any(game.solved(c) for c in completions(game, line)), fired


@settings(max_examples=examples(100), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=KINDS))
def test_solutions_are_counted_exactly(panel):
    game = PanelGame(panel)
    lines = [c for s in game.starts() for c in completions(game, s)]
    solved = [c for c in lines if game.solved(c)]
    count, mean = count_solutions(game)
    assert count == len(solved)
    if solved:
        assert same(mean, sum(len(c.path) - 1 for c in solved) / len(solved))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=KINDS))
def test_knowing_the_rules_never_makes_a_panel_harder(panel):
    """The hand rules only drop moves after which nothing can be solved: the
    best line stays, and fewer choices cost fewer bits (KL to a smaller uniform)."""
    none, hand = score(panel, "none", core="general"), score(panel, "hand")
    assert none.solutions == hand.solutions
    assert hand.muse <= none.muse + 1e-9 and hand.remuse <= none.remuse + 1e-9
    assert (none.muse == math.inf) == (none.solutions == 0)


def test_each_hand_rule_fires_where_the_thesis_says():
    # squares of two colours side by side: the line must separate them at once
    squares = Panel.from_dict(
        {
            "rows": 1,
            "cols": 2,
            "start": [1, 0],
            "goal": [1, 1],
            "squares": [[0, 0, "black"], [1, 0, "white"]],
        }
    )
    game = PanelGame(squares)
    ix = game.index
    right = Line((ix[(1, 0)], ix[(2, 0)]), 1 << ix[(1, 0)] | 1 << ix[(2, 0)])
    assert HAND_RULES["squares_joined"](game, right)
    up = Line((ix[(1, 0)], ix[(1, 1)]), 1 << ix[(1, 0)] | 1 << ix[(1, 1)])
    assert not HAND_RULES["squares_joined"](game, up) and game.solved(up)
    # a dot on an edge left behind
    dots = Panel.from_dict(
        {"rows": 1, "cols": 1, "start": [0, 0], "goal": [1, 1], "dots": [[0, 0, 1, 0]]}
    )
    game = PanelGame(dots)
    ix = game.index
    up = Line((ix[(0, 0)], ix[(0, 1)]), 1 << ix[(0, 0)] | 1 << ix[(0, 1)])
    assert HAND_RULES["edge_dot_passed"](game, up)
    # the end walled off: the head boxed into a corner
    box = Panel.from_dict({"rows": 2, "cols": 2, "start": [1, 0], "goal": [0, 2]})
    game = PanelGame(box)

    def line(*vertices):
        idx = tuple(game.index[v] for v in vertices)
        return Line(idx, sum(1 << i for i in idx))

    assert HAND_RULES["end_cut_off"](game, line((1, 0), (1, 1), (0, 1), (0, 0)))
    assert not HAND_RULES["end_cut_off"](game, line((1, 0), (1, 1), (0, 1)))


def test_cli_scores_a_panel_with_the_hand_rules(tmp_path, capsys):
    panel = {
        "rows": 2,
        "cols": 2,
        "start": [0, 0],
        "goal": [2, 2],
        "dots": [[1, 1]],
        "squares": [[0, 0, "black"], [1, 1, "white"]],
    }
    f = tmp_path / "p.json"
    f.write_text(json.dumps(panel))
    assert main(["difficulty", str(f), "--rules", "hand", "--json"]) == 0
    hand = json.loads(capsys.readouterr().out)
    assert main(["difficulty", str(f), "--json"]) == 0
    none = json.loads(capsys.readouterr().out)
    assert hand["status"] == none["status"] == "done" and hand["solutions"] == none["solutions"] > 0
    assert hand["remuse"] <= none["remuse"] and hand["rules"] == "hand"
    assert main(["difficulty", str(f), "--rules", "paper"]) == 2
    assert "none, hand and learned programs" in capsys.readouterr().err


def test_proven_rules_model_a_player_on_puzzles_that_start_anywhere(tmp_path, capsys):
    """witness verify's proofs cover every start: Table 3 is a player's rule set
    on a puzzle that starts away from (0, 0), and keeps its solutions."""
    f = tmp_path / "p.json"
    f.write_text(
        json.dumps(
            {"rows": 2, "cols": 2, "start": [1, 0], "goal": [2, 2], "triangles": [[0, 0, 2]]}
        )
    )
    assert main(["difficulty", str(f), "--rules", "paper", "--json"]) == 0
    paper = json.loads(capsys.readouterr().out)
    assert main(["difficulty", str(f), "--rules", "baseline", "--json"]) == 0
    baseline = json.loads(capsys.readouterr().out)
    assert paper["status"] == baseline["status"] == "done"
    assert paper["solutions"] == baseline["solutions"] > 0


def _certificates() -> Predicate:
    """Every sound rule of the panel features, as a learned program would state it."""
    from witness.search.panel_features import CERTIFICATES
    from witness.search.predicates import Clause, Comparison

    def operand(x):
        return ("feature", x) if isinstance(x, str) else ("const", x)

    clauses = [
        Clause(tuple(Comparison(op, ("feature", f), operand(r)) for f, op, r in conditions))
        for conditions in CERTIFICATES.values()
    ]
    return Predicate("learned", "program", tuple(clauses))


@settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=("square", "star", "triangle")))
def test_a_proven_learned_program_never_makes_a_panel_harder(panel):
    """A player who also knows sound learned clauses keeps every solution and
    pays no more bits than one who knows the hand rules alone."""
    hand = score(panel, "hand")
    both = score(panel, Player(tuple(HAND_RULES), (_certificates(),)))
    assert both.rules == "hand+learned"
    assert both.solutions == hand.solutions
    assert both.muse <= hand.muse + 1e-9 and both.remuse <= hand.remuse + 1e-9


def test_learned_clauses_know_more_than_the_hand_rules():
    # two red squares above each other beside a blue one: the line must cut
    # the blue cell off; "joined for good" sees a wrong turn before the
    # hand rule's "two neighbours of different colours" does
    panel = Panel(
        rows=2, cols=2, ends=((2, 2),), squares=((0, 0, "red"), (0, 1, "red"), (1, 1, "blue"))
    )
    hand = score(panel, "hand")
    both = score(panel, Player(tuple(HAND_RULES), (_certificates(),)))
    assert both.solutions == hand.solutions == 4
    assert both.remuse < hand.remuse


def test_score_takes_a_learned_program_with_or_without_the_hand_rules():
    panel = Panel(
        rows=2, cols=2, ends=((2, 2),), squares=((0, 0, "red"), (0, 1, "red"), (1, 1, "blue"))
    )
    program = _certificates()
    alone = score(panel, Player(programs=(program,)))
    both = score(panel, Player(tuple(HAND_RULES), (program,)))
    assert (alone.rules, both.rules) == ("learned", "hand+learned")
    assert both.remuse <= alone.remuse and alone.solutions == both.solutions == 4


def test_counting_solutions_keeps_the_time_limit():
    from witness.difficulty.game import TimeUp

    game = PanelGame(Panel(rows=4, cols=4, ends=((4, 4),)))  # 8,512 lines, 1,000s of states
    with pytest.raises(TimeUp):
        count_solutions(game, deadline=0.0)  # long past
    assert count_solutions(game)[0] > 1000
