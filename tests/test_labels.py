"""The one labeller (witness.learning.labels) on panels: against brute force
(every simple path from every start, labelled by checking every line that
extends it with the rules checker), edge counts against the checker on
triangle panels, and how each labelling reads ends. The paper's triangle
puzzles against their own brute force: tests/test_examples.py."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from test_panel_features import partial_paths
from test_rules_oracle import panels

from profiles import examples
from witness.learning.labels import (
    BLAMABLE,
    TRIANGLES,
    Labelling,
    TooManyPaths,
    UnsupportedPanel,
    build_path_tree,
    counts_apply,
    family_labelling,
)
from witness.model.panel import Dot, Panel
from witness.model.rules import check
from witness.search.generate import generate_set
from witness.search.panel_features import features_apply, panel_objects

# every blamable object, a line passing ends: the panel families' reading
EVERYTHING = Labelling(BLAMABLE, through_ends=True)


def object_place(panel: Panel, obj) -> tuple:
    """Where the checker reports a broken rule of ``obj`` (the JSON format's place)."""
    if obj.kind == "dot":
        at = panel.dots[obj.index].at
        return tuple(at) if isinstance(at[0], int) else (*at[0], *at[1])
    return tuple(getattr(panel, f"{obj.kind}s")[obj.index][:2])


def labels_bf(panel: Panel):
    """(path, completable, blamed objects, an end below) for every partial
    path, by brute force."""
    paths = partial_paths(panel)
    verdicts = {p: check(panel, list(p)) for p in paths if p[-1] in panel.ends}
    objects = panel_objects(panel, BLAMABLE)
    out = []
    for p in paths:
        below = [v for q, v in verdicts.items() if q[: len(p)] == p]
        broken = [{(x.kind, x.at) for x in v.violations} for v in below]
        blamed = tuple(
            o for o in objects if all((o.kind, object_place(panel, o)) in b for b in broken)
        )
        out.append((p, any(v.solved for v in below), blamed, bool(below)))
    return out


def rows(tree) -> list[tuple]:
    return [
        (
            tuple(tree.path(i)),
            bool(tree.completable[i]),
            tree.blamed(i),
            bool(tree.goal_reachable[i]),
        )
        for i in range(len(tree))
    ]


@pytest.mark.slow  # a brute-force oracle: the slow tier
@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("square", "star", "triangle", "polyomino")))
def test_labels_agree_with_brute_force(panel):
    assume(features_apply(panel))
    assume(len(partial_paths(panel)) < 1500)
    tree = build_path_tree(panel, EVERYTHING)
    assert rows(tree) == labels_bf(panel), panel.to_json()
    lines = [p for p in partial_paths(panel) if p[-1] in panel.ends]
    assert tree.n_solutions == sum(check(panel, list(p)).solved for p in lines)


def same_trees(panel: Panel, labelling: Labelling) -> None:
    counted = build_path_tree(panel, labelling, counts=True)
    checked = build_path_tree(panel, labelling, counts=False)
    for name in ("parent", "vertex", "depth", "completable", "sat_mask", "goal_reachable"):
        assert getattr(counted, name) == getattr(checked, name), (name, panel.to_json())
    assert counted.n_solutions == checked.n_solutions


@pytest.mark.slow  # a brute-force oracle: the slow tier
@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("triangle",)))
def test_edge_counts_agree_with_the_checker(panel):
    # any starts and ends, gaps, both readings of ends
    assume(features_apply(panel) and counts_apply(panel, panel_objects(panel, ("triangle",))))
    assume(len(partial_paths(panel)) < 3000)
    for labelling in (TRIANGLES, Labelling(("triangle",), through_ends=True)):
        same_trees(panel, labelling)


@pytest.mark.parametrize("size", [(2, 2), (3, 3), (2, 4), (3, 4)])
def test_edge_counts_agree_with_the_checker_on_paper_puzzles(size):
    for puzzle in generate_set("path", [size], 4, seed=size[0] * 10 + size[1]):
        same_trees(puzzle.to_panel(), TRIANGLES)


def test_edge_counts_only_where_they_apply():
    dotted = Panel(
        rows=1, cols=1, ends=((1, 1),), triangles=((0, 0, 2, "orange"),), dots=(Dot((1, 0)),)
    )
    assert not counts_apply(dotted, panel_objects(dotted, ("triangle",)))
    with pytest.raises(ValueError, match="edge counts"):
        build_path_tree(dotted, TRIANGLES, counts=True)
    # only triangles, but the dots family blames none of them: the checker judges
    plain = Panel(rows=1, cols=1, ends=((1, 1),), triangles=((0, 0, 2, "orange"),))
    assert not counts_apply(plain, panel_objects(plain, ("dot",)))
    tree = build_path_tree(plain, family_labelling("dots"))
    assert tree.n_objects == 0 and tree.n_solutions == 2


def test_a_line_may_pass_an_end():
    # 1x1 cell, ends at (1,0) and (1,1), a dot at (1,1): the line (0,0)(1,0)
    # breaks the dot's rule, but passing the end (1,0) on to (1,1) solves it
    panel = Panel(rows=1, cols=1, ends=((1, 0), (1, 1)), dots=(Dot((1, 1)),))
    tree = build_path_tree(panel, EVERYTHING)
    labels = {tuple(tree.path(i)): bool(tree.completable[i]) for i in range(len(tree))}
    assert labels[((0, 0), (1, 0))] is True
    assert labels[((0, 0), (1, 0), (1, 1))] is True  # itself a solution
    assert labels[((0, 0), (1, 0), (1, 1), (0, 1))] is False  # no end below
    assert labels[((0, 0), (0, 1), (1, 1), (1, 0))] is True  # covered on the way
    assert tree.n_solutions == 3
    blamed = {tuple(tree.path(i)): tree.blamed(i) for i in range(len(tree))}
    assert blamed[((0, 0), (1, 0), (1, 1), (0, 1))] == tuple(panel_objects(panel, BLAMABLE))


def test_the_papers_line_stops_at_its_goal():
    # the same panel read as the paper reads a puzzle: a path that reaches an
    # end is a line, not a partial path, and is not extended
    panel = Panel(rows=1, cols=1, ends=((1, 0), (1, 1)), dots=(Dot((1, 1)),))
    tree = build_path_tree(panel, Labelling(("dot",), through_ends=False))
    paths = {tuple(tree.path(i)): i for i in range(len(tree))}
    assert set(paths) == {((0, 0),), ((0, 0), (0, 1))}
    assert tree.n_solutions == 1  # (0,0)(0,1)(1,1)
    assert tree.completable[paths[((0, 0),)]] and tree.completable[paths[((0, 0), (0, 1))]]


def test_refuses_panels_the_features_do_not_apply_to():
    mirrored = Panel(
        rows=1,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 1), (2, 1)),
        symmetry="horizontal",
    )
    with pytest.raises(UnsupportedPanel, match="symmetry"):
        build_path_tree(mirrored, EVERYTHING)


def test_refuses_too_many_paths():
    with pytest.raises(TooManyPaths, match="more than 100 partial paths"):
        build_path_tree(Panel(rows=3, cols=3, ends=((3, 3),)), EVERYTHING, max_paths=100)


def test_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="cannot blame 'end'"):
        Labelling(("end",), through_ends=True)


def test_node_order_is_the_neighbour_order():
    # pre-order, starts in panel order, then Panel.neighbours order
    panel = generate_set("path", [(2, 3)], 1, seed=1)[0].to_panel()
    tree = build_path_tree(panel)
    for i in range(1, len(tree)):
        assert tree.parent[i] < i
    children = [i for i in range(len(tree)) if tree.parent[i] == 0]
    heads = [tree.vertices[tree.vertex[i]] for i in children]
    steps = [w for w in panel.neighbours(panel.starts[0]) if w not in panel.ends]
    assert heads == steps
