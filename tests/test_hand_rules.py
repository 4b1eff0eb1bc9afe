"""The thesis's hand rules as a program over the panel background knowledge
(witness/difficulty/hand_rules.pl): on every panel the features apply to it
fires exactly when the Python player rules (HAND_RULES) do, it scores as the
hand player, and ``witness verify`` proves it for every size."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from test_panel_features import partial_paths
from test_rules_oracle import panels

from profiles import examples
from witness.cli import main
from witness.difficulty.game import HAND_PROGRAM, HAND_RULES, Line, PanelGame
from witness.difficulty.muse import score
from witness.difficulty.player import Player
from witness.learning.translate import translate_file
from witness.model.panel import Dot, Panel
from witness.model.rules import enumerate_lines, is_solution
from witness.search.panel_features import features_apply, program_fires
from witness.search.panel_search import program_values, solve_panel
from witness.verify.verdict import PROVEN

HAND = translate_file(HAND_PROGRAM)


def as_line(game: PanelGame, path: tuple) -> Line:
    indices = tuple(game.index[v] for v in path)
    mask = 0
    for i in indices:
        mask |= 1 << i
    return Line(indices, mask)


@pytest.mark.slow
@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("triangle", "square", "star", "polyomino")))
def test_the_program_fires_as_the_hand_rules(panel):
    assume(features_apply(panel))
    game = PanelGame(panel)
    for path in partial_paths(panel)[:400]:
        line = as_line(game, path)
        want = any(rule(game, line) for rule in HAND_RULES.values())
        assert program_fires(panel, path, HAND.clauses) == want, (panel.to_json(), path)


@settings(
    max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("triangle", "square", "star", "polyomino")))
def test_the_compiled_search_reads_the_program_as_the_oracle(panel):
    assume(features_apply(panel))
    paths = partial_paths(panel)[:400]
    want = [program_fires(panel, p, HAND.clauses) for p in paths]
    assert program_values(panel, HAND, [list(p) for p in paths]) == want
    # sound, so pruning with it keeps every solvable panel solvable
    solvable = any(is_solution(panel, line) for line in enumerate_lines(panel))
    result = solve_panel(panel, predicate=HAND, mode="prune")
    assert (result.status == "solved") == solvable, (panel.to_json(), result.status)


def test_every_clause_fires_somewhere():
    # each clause, alone, rejects some line of a small panel built for it
    panel = Panel(
        rows=2,
        cols=2,
        ends=((2, 2),),
        dots=(Dot((0, 2)), Dot(((1, 0), (2, 0)))),
        squares=((0, 0, "red"), (0, 1, "blue")),
        triangles=((1, 0, 1, "orange"), (1, 1, 3, "orange")),
    )
    paths = partial_paths(panel)
    for clause in HAND.clauses:
        assert any(program_fires(panel, p, [clause]) for p in paths), clause.source


def test_the_program_scores_as_the_hand_player():
    panel = Panel(
        rows=2,
        cols=2,
        ends=((2, 2),),
        dots=(Dot((0, 2)), Dot(((1, 0), (2, 0)))),
        squares=((0, 0, "red"), (1, 1, "blue")),
    )
    for lookahead in (0, 1):
        hand = score(panel, "hand", lookahead)
        program = score(panel, Player(programs=(HAND,)), lookahead)
        assert (hand.muse, hand.remuse) == (program.muse, program.remuse)
        assert hand.remuse != score(panel, "none", lookahead).remuse or lookahead


def test_verify_proves_the_program_for_every_size(capsys):
    assert main(["verify", str(HAND_PROGRAM), "--max-size", "2x2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == PROVEN, record
    assert record["panel"]["kinds"] == ["dot", "square", "triangle", "end"]
