"""The panel features (witness.search.panel_features) against brute force:
every sound rule they support rejects only partial paths that no completion
extends to a solution, on random small panels of every symbol type."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from puzzles import neighbours, puzzles, triangle_map
from test_rules_oracle import panels

from profiles import examples
from witness.model.panel import Dot, Panel
from witness.model.rules import is_solution, random_walk
from witness.search.panel_features import (
    CERTIFICATES,
    PANEL_FEATURES,
    certificates_holding,
    features_apply,
    object_features,
    panel_objects,
    program_fires,
    square_features,
)
from witness.search.predicates import OPERATORS, Clause, Comparison


def partial_paths(panel: Panel) -> list[tuple]:
    """Every simple path from a start (a line may pass an end and go on)."""
    out = []

    def walk(path):
        out.append(tuple(path))
        for w in panel.neighbours(path[-1]):
            if w not in path:
                walk([*path, w])

    for s in panel.starts:
        walk([s])
    return out


def completable(panel: Panel, paths: list[tuple]) -> set[tuple]:
    """The paths some solution starts with (the solution itself included; a
    start that is an end is a line of one vertex, as the rules checker says)."""
    out = set()
    for p in paths:
        if p[-1] in panel.ends and is_solution(panel, list(p)):
            out |= {p[:i] for i in range(1, len(p) + 1)}
    return out


FIRED: set[str] = set()  # the rules seen firing, checked below


# derandomized: the next test asks these examples to fire every rule, so they
# must not change from run to run
@pytest.mark.slow
@settings(
    max_examples=examples(200),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.filter_too_much],
)
@given(panels(kinds=("square", "star", "triangle", "polyomino")))
def test_every_certificate_is_sound(panel):
    assume(features_apply(panel))
    paths = partial_paths(panel)
    assume(len(paths) < 3000)
    good = completable(panel, paths)
    for p in paths:
        for obj, values in object_features(panel, p):
            fired = certificates_holding(values)
            assert not (fired and p in good), (panel.to_json(), p, obj, fired)
            FIRED.update(fired)


def test_every_certificate_fired_on_some_panel():
    # runs after the property test (file order): each rule was exercised
    assert FIRED == set(CERTIFICATES) or not FIRED


def test_features_of_a_dot_panel():
    # 1x2 cells; start (0,0), end (2,0); dots at (0,1) and (2,1)
    panel = Panel(rows=1, cols=2, ends=((2, 0),), dots=(Dot((0, 1)), Dot((2, 1))))
    (_, d0), (_, d1) = object_features(panel, [(0, 0), (1, 0)], ("dot",))
    # the head (1,0) splits the rest: {(0,1),(1,1),(2,1),(2,0)} is one part with the end
    assert d0 == {
        "dot_covered": 0,
        "dot_coverable": 1,
        "part_dots": 2,
        "part_ends": 1,
        "open_dots": 2,
        "dot_on_edge": 0,
        "dot_usable": 1,
    }
    # [(0,0),(1,0),(1,1)]: (0,1) and (2,1) now lie in different parts
    (_, d0), (_, d1) = object_features(panel, [(0, 0), (1, 0), (1, 1)], ("dot",))
    assert d0["part_dots"] == 1 and d0["open_dots"] == 2 and d0["part_ends"] == 0
    assert d1["part_dots"] == 1 and d1["part_ends"] == 1
    assert "uncovered dots in two parts of the grid" in certificates_holding(d1)


def test_features_of_squares_and_stars():
    panel = Panel(
        rows=1,
        cols=3,
        ends=((3, 1),),
        squares=((0, 0, "red"), (2, 0, "blue")),
        stars=((1, 0, "red"),),
    )
    # [(0,0),(0,1),(1,1),(1,0),(2,0)]: the side (1,0)-(1,1) is on the line; the
    # side (2,0)-(2,1) can still be added (both ends reachable from the head)
    path = [(0, 0), (0, 1), (1, 1), (1, 0), (2, 0)]
    values = dict(object_features(panel, path))
    square0, square1, star = panel_objects(panel, ("square", "star"))
    assert values[square0] == {
        "joined_colours": 1,
        "region_colours": 1,
        "region_closed": 1,
        "neighbour_colours": 1,
    }
    assert values[square1] == {
        "joined_colours": 1,
        "region_colours": 1,
        "region_closed": 0,
        "neighbour_colours": 1,
    }
    assert values[star] == {"joined_partners": 1, "region_partners": 1}
    assert certificates_holding(values[star]) == [
        "a star whose region can no longer hold a partner"
    ]


def test_features_the_hand_rules_read():
    # 2x2 cells: a red square at (0,0) under a blue one at (0,1), a 2-triangle at
    # (1,0), a dot on the edge (1,0)-(2,0); start (0,0), end (2,2)
    panel = Panel(
        rows=2,
        cols=2,
        ends=((2, 2),),
        dots=(Dot(((1, 0), (2, 0))),),
        squares=((0, 0, "red"), (0, 1, "blue")),
        triangles=((1, 0, 2, "orange"),),
    )
    dot, red, blue, triangle, end = panel_objects(panel)
    # (0,0) (0,1) (1,1): the squares' shared side is on the line; every side of the
    # triangle's cell is usable ((1,1) is the head)
    values = dict(object_features(panel, [(0, 0), (0, 1), (1, 1)]))
    assert values[dot]["dot_on_edge"] == 1 and values[dot]["dot_usable"] == 1
    assert values[red]["neighbour_colours"] == 1
    assert values[triangle] == {"triangle_count": 2, "sides_on": 0, "sides_usable": 4}
    assert values[end] == {"reach_ends": 1}
    # (0,0) (1,0) (1,1) (1,2) (2,2): the squares' shared side (0,1)-(1,1) has a
    # visited end that is not the head, so the line never takes it; so the dot's edge
    values = dict(object_features(panel, [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]))
    assert values[red]["neighbour_colours"] == 2 and values[blue]["neighbour_colours"] == 2
    assert "squares of two colours across a side the line can never take" in (
        certificates_holding(values[red])
    )
    assert values[dot]["dot_usable"] == 0
    assert "a dot the line can no longer pass" in certificates_holding(values[dot])
    assert values[triangle] == {"triangle_count": 2, "sides_on": 1, "sides_usable": 2}
    # (0,0) (1,0) (2,0) (2,1) (1,1) (1,2) (0,2): the head is shut in with (0,1)
    values = dict(object_features(panel, [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 2), (0, 2)]))
    assert values[end] == {"reach_ends": 0}
    assert certificates_holding(values[end]) == ["no end can be reached any more"]
    assert values[triangle] == {"triangle_count": 2, "sides_on": 3, "sides_usable": 3}


def test_certificates_name_known_features():
    for conditions in CERTIFICATES.values():
        for feature, op, right in conditions:
            assert feature in PANEL_FEATURES and op in OPERATORS
            assert isinstance(right, int) or right in PANEL_FEATURES


def test_program_fires_never_on_symmetry_panels():
    clause = Clause((Comparison("eq", ("feature", "dot_covered"), ("const", 0)),))
    plain = Panel(rows=1, cols=1, ends=((1, 1),), dots=(Dot((1, 0)),))
    assert program_fires(plain, [(0, 0)], [clause])
    mirrored = Panel(
        rows=1,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 1), (2, 1)),
        symmetry="horizontal",
        dots=(Dot((1, 1)),),
    )
    assert not program_fires(mirrored, [(0, 0)], [clause])


def _table1_oracle(puzzle, path, cell) -> dict:
    """The paper's Table 1 features of (path, cell) by their definitions, on the
    triangle puzzle's own grid: a breadth-first search for the goal and for the
    head's free region, the cell's sides and corners counted one by one."""
    x, y = cell
    corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
    sides = {frozenset(s) for s in zip(corners, corners[1:] + corners[:1], strict=True)}
    steps = {frozenset(s) for s in zip(path, path[1:], strict=False)}
    region, todo = {path[-1]}, [path[-1]]
    while todo:
        for w in neighbours(puzzle, todo.pop()):
            if w not in path and w not in region:
                region.add(w)
                todo.append(w)
    triangles = triangle_map(puzzle).get(cell, 0)
    edges = len(sides & steps)
    visited = sum(c in path for c in corners)
    return {
        "triangles": triangles,
        "edges_on_square": edges,
        "path_length": len(path) - 1,
        "square_sides": 4,
        "head_adjacent": int(path[-1] in corners),
        "visited_corners": visited,
        "unvisited_corners": 4 - visited,
        "edges_needed": triangles - edges,
        "goal_unreachable": int(puzzle.goal not in region),
        "addable_edges": sum(all(c in region for c in side) for side in sides),
    }


@settings(max_examples=examples(60), deadline=None)
@given(puzzles(max_rows=3, max_cols=4, any_start=True), st.randoms(use_true_random=False))
def test_table1_features_keep_their_definitions(puzzle, rng):
    """square_features, the one meaning of the paper's Table 1 features, against
    their definitions on random lines from any start and every cell."""
    panel = puzzle.to_panel()
    line = random_walk(panel, rng, min_steps=0, max_steps=12, stop_at_ends=True)
    for y in range(puzzle.rows):
        for x in range(puzzle.cols):
            got = square_features(panel, line, (x, y))
            assert got == _table1_oracle(puzzle, line, (x, y)), (puzzle.to_json(), line, (x, y))
