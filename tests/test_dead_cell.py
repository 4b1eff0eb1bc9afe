"""The lazy stage's wider nogood for a region with a dead cell
(witness.search.asp_solver.LazyCheck.dead_cell), against brute force: on
small random panels with polyominoes, every line a player can draw is
checked, and each nogood a rejected region gives must hold on its own line
and, on any line at all, only where the rules checker rejects the line."""

import random
from dataclasses import replace

import pytest

from witness.errors import InputError
from witness.model.panel import Panel, Polyomino
from witness.model.rules import check, covered, enumerate_lines, lines_of, regions
from witness.search import asp_solver

SHAPES = (
    ((0, 0),),
    ((0, 0), (1, 0)),
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (1, 0), (0, 1)),
    ((0, 0), (1, 1)),  # unjoined cells
    ((0, 0), (1, 0), (1, 1), (2, 1)),
)


def random_panel(rng: random.Random) -> Panel:
    rows, cols = rng.choice(((2, 2), (2, 3), (3, 2), (3, 3)))
    cells = rng.sample([(x, y) for x in range(cols) for y in range(rows)], rng.randint(1, 3))
    pieces = tuple(
        Polyomino(cell, rng.choice(SHAPES), rotatable=rng.random() < 0.5) for cell in cells
    )
    reading = rng.choice(("precise", "windmill"))
    panel = Panel(
        rows=rows, cols=cols, ends=((cols, rows),), polyominoes=pieces, polyomino_rules=reading
    )
    if rng.random() < 0.3:  # a removed edge: no line takes it, a piece may lie over it
        try:
            return replace(panel, removed_edges=(rng.choice(list(panel.grid_edges())),))
        except InputError:
            pass
    return panel


def holds(nogood: list, panel: Panel, line: list) -> bool:
    """Do all the nogood's literals (reach/2 and covered/1) hold on ``line``?"""
    on_line = covered(lines_of(panel, line))
    found = regions(panel, on_line)
    for symbol, truth in nogood:
        args = [tuple(a.number for a in arg.arguments) for arg in symbol.arguments]
        if symbol.name == "covered":
            value = args[0] in on_line
        else:
            source, place = args
            value = any(source in r and place in r for r in found)
        if value != truth:
            return False
    return True


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))
def test_a_dead_cell_nogood_drops_only_lines_the_checker_rejects(block: int) -> None:
    fired = 0
    for seed in range(block * 25, block * 25 + 25):
        panel = random_panel(random.Random(seed))
        stage = asp_solver.Stage(panel, frozenset({"polyominoes"}), None, None)
        lines = list(enumerate_lines(panel))
        solved = {tuple(line): check(panel, line).solved for line in lines}
        for line in lines:
            on_line = covered(lines_of(panel, line))
            for region in regions(panel, on_line, holding=stage.checker.seeds):
                nogood = stage.checker.dead_cell(region)
                if nogood is None:
                    continue
                fired += 1
                assert holds(nogood, panel, line), (seed, line)
                for other in lines:
                    if holds(nogood, panel, other):
                        assert not solved[tuple(other)], (seed, line, other)
    assert fired > 0  # the draws hold dead cells: the test is not vacuous
