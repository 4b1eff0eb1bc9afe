"""The community engine's rule settings (NEGATIONS_CANCEL_NEGATIONS,
PRECISE_POLYOMINOS, SHAPELESS_ZERO_POLY; engine/validate.js and
engine/polyominos.js of witnesspuzzles.com): read from its puzzle into the
panel (canceller_rules ``unpaired``, polyomino_rules ``imprecise``,
shapeless_zero), written back on export, and honoured alike by the rules
checker, clingo and A*. The fixtures are the engine's own tests of each
setting (pages/test.js of jbzdarkid/witness-puzzles), written out here with
the counts that suite gives, beside the same puzzle with the default
settings."""

import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from test_asp_panels import CANCELLER_HEAVY, POLY_HEAVY, agree, random_panel
from test_panel_search import agrees_with_brute_force
from test_rules_oracle import panels

from profiles import examples
from witness.model.jbz import panel_from_jbz, panel_to_jbz, rule_settings
from witness.model.panel import Panel
from witness.search.asp_solver import count_panel_asp
from witness.search.count import count_with_checker
from witness.search.panel_search import solve_panel


def engine_puzzle(width: int, height: int, changes: dict, **settings: bool) -> dict:
    """The engine's ``new Puzzle(width, height)`` with ``grid[x][y]`` set as
    ``changes`` says (a dict: a cell's symbol; else a line's flags), serialised."""
    grid = [
        [None if x % 2 and y % 2 else {"type": "line", "line": 0} for y in range(2 * height + 1)]
        for x in range(2 * width + 1)
    ]
    for (x, y), change in changes.items():
        if x % 2 and y % 2:
            grid[x][y] = change
        else:
            grid[x][y].update(change)
    return {"grid": grid, "pillar": False, "settings": settings, "name": "test"}


SQUARES = {  # double-negation-with-double-squares
    (0, 6): {"start": True},
    (6, 0): {"end": "right"},
    (1, 1): {"type": "nega", "color": "white"},
    (3, 1): {"type": "nega", "color": "white"},
    (1, 3): {"type": "square", "color": "orange"},
    (3, 3): {"type": "square", "color": "blue"},
    (5, 3): {"type": "square", "color": "blue"},
}
CENTRE = {  # polyomino-and-ylop-with-center-start
    (2, 2): {"start": True},
    (6, 0): {"end": "right"},
    (1, 1): {"type": "poly", "color": "yellow", "polyshape": 273},
    (1, 3): {"type": "poly", "color": "yellow", "polyshape": 273},
    (3, 1): {"type": "ylop", "color": "blue", "polyshape": 3},
}
CANCEL = {  # shouldnt-completely-cancel
    (0, 4): {"start": True},
    (4, 0): {"end": "right"},
    (1, 1): {"type": "poly", "color": "yellow", "polyshape": 3},
    (3, 3): {"type": "ylop", "color": "blue", "polyshape": 17},
}
# (test, puzzle, the count the engine's suite gives)
SUITE = [
    ("double-negation-with-double-squares", engine_puzzle(3, 3, SQUARES), 86),
    (
        "no-ncn-double-negation-with-double-squares",
        engine_puzzle(3, 3, SQUARES, NEGATIONS_CANCEL_NEGATIONS=False),
        48,
    ),
    (
        "no-ncn-double-negation-with-double-squares-2",
        engine_puzzle(3, 3, {**SQUARES, (2, 2): {"dot": 1}}, NEGATIONS_CANCEL_NEGATIONS=False),
        48,
    ),
    ("polyomino-and-ylop-with-center-start", engine_puzzle(3, 2, CENTRE), 2),
    (
        "imprecise-polyomino-and-ylop-with-center-start",
        engine_puzzle(3, 2, CENTRE, PRECISE_POLYOMINOS=False),
        6,
    ),
    (
        "imprecise-polyomino-with-center-start",
        engine_puzzle(3, 2, {k: v for k, v in CENTRE.items() if k != (3, 1)}, PRECISE_POLYOMINOS=0),
        12,
    ),
    ("shouldnt-completely-cancel", engine_puzzle(2, 2, CANCEL), 0),
    ("szp-shouldnt-completely-cancel", engine_puzzle(2, 2, CANCEL, SHAPELESS_ZERO_POLY=True), 6),
]


@pytest.mark.parametrize(("name", "puzzle", "expected"), SUITE, ids=[s[0] for s in SUITE])
def test_the_engines_setting_tests_count_as_its_suite_says(name, puzzle, expected):
    panel = Panel.from_dict(json.loads(panel_from_jbz(puzzle).to_json()))
    assert count_with_checker(panel).count == expected
    counted = count_panel_asp(panel)
    assert (counted.status, counted.count) == ("counted", expected)
    assert solve_panel(panel).status == ("solved" if expected else "unsolvable")


@pytest.mark.parametrize(("name", "puzzle", "expected"), SUITE, ids=[s[0] for s in SUITE])
def test_the_settings_round_trip_through_export(name, puzzle, expected):
    panel = panel_from_jbz(puzzle)
    data, notes = panel_to_jbz(panel)
    assert notes == []
    for key, value in puzzle["settings"].items():
        assert data["settings"][key] == bool(value)
    assert panel_from_jbz(json.loads(json.dumps(data))) == panel


def test_the_settings_read_as_the_panels_fields():
    assert rule_settings(None) == {
        "canceller_rules": "community",
        "polyomino_rules": "precise",
        "shapeless_zero": False,
        "fat_starts": False,
    }
    flags = {"NEGATIONS_CANCEL_NEGATIONS": 0, "PRECISE_POLYOMINOS": 0, "SHAPELESS_ZERO_POLY": 2}
    assert rule_settings(flags) == {  # the site's serializer.js writes flags as numbers
        "canceller_rules": "unpaired",
        "polyomino_rules": "imprecise",
        "shapeless_zero": True,
        "fat_starts": False,
    }
    panel = panel_from_jbz(engine_puzzle(2, 2, CANCEL, **flags))
    assert Panel.from_dict(panel.to_dict()) == panel
    assert {"canceller_rules", "polyomino_rules", "shapeless_zero"} <= set(panel.to_dict())


def engine_settings(panel: Panel, rng: random.Random) -> Panel:
    """``panel`` under the engine's rule settings drawn at random."""
    return replace(
        panel,
        polyomino_rules=rng.choice(("precise", "imprecise")),
        canceller_rules=rng.choice(("community", "unpaired")),
        shapeless_zero=rng.random() < 0.5,
    )


@pytest.mark.parametrize("seed", range(40))
def test_clingo_counts_as_the_checker_under_the_settings_small(seed):
    rng = random.Random(90000 + seed)
    kinds = POLY_HEAVY if seed % 2 else CANCELLER_HEAVY
    agree(engine_settings(random_panel(rng, max_cells=4, kinds=kinds), rng))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_clingo_counts_as_the_checker_under_the_settings_up_to_3x3(seed):
    rng = random.Random(91000 + seed)
    kinds = POLY_HEAVY if seed % 2 else CANCELLER_HEAVY
    agree(engine_settings(random_panel(rng, max_cells=9, kinds=kinds), rng))


@settings(max_examples=examples(80), deadline=None, suppress_health_check=list(HealthCheck))
@given(panels(kinds=("canceller", "polyomino", "square", "star")))
def test_astar_agrees_with_brute_force_under_the_settings(panel):
    # the oracle's panels draw the settings (test_rules_oracle.panels)
    agrees_with_brute_force(panel, predicate="baseline", mode="prune")
