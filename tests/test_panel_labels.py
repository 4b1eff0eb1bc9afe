"""Panel labels (witness.learning.panel_labels) against brute force: every
simple path from every start, labelled by checking every line that extends
it with the rules checker."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from test_panel_features import partial_paths
from test_rules_oracle import panels

from profiles import examples
from witness.learning.labels import TooManyPaths
from witness.learning.panel_labels import ALL_KINDS, UnsupportedPanel, build_panel_tree
from witness.model.panel import Dot, Panel
from witness.model.rules import check
from witness.search.panel_features import features_apply, panel_objects


def object_place(panel: Panel, obj) -> tuple:
    """Where the checker reports a broken rule of ``obj`` (the JSON format's place)."""
    if obj.kind == "dot":
        at = panel.dots[obj.index].at
        return tuple(at) if isinstance(at[0], int) else (*at[0], *at[1])
    x, y, _ = (panel.squares if obj.kind == "square" else panel.stars)[obj.index]
    return (x, y)


def labels_bf(panel: Panel):
    """(path, completable, blamed objects) for every partial path, by brute force."""
    paths = partial_paths(panel)
    verdicts = {p: check(panel, list(p)) for p in paths if p[-1] in panel.ends}
    objects = panel_objects(panel, ALL_KINDS)
    out = []
    for p in paths:
        below = [v for q, v in verdicts.items() if q[: len(p)] == p]
        broken = [{(x.kind, x.at) for x in v.violations} for v in below]
        blamed = tuple(
            o for o in objects if all((o.kind, object_place(panel, o)) in b for b in broken)
        )
        out.append((p, any(v.solved for v in below), blamed))
    return out


@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("square", "star", "triangle", "polyomino")))
def test_labels_agree_with_brute_force(panel):
    assume(features_apply(panel))
    assume(len(partial_paths(panel)) < 1500)
    tree = build_panel_tree(panel)
    got = [
        (tuple(tree.path(i)), bool(tree.completable[i]), tree.blamed(i)) for i in range(len(tree))
    ]
    assert got == labels_bf(panel), panel.to_json()
    lines = [p for p in partial_paths(panel) if p[-1] in panel.ends]
    assert tree.n_solutions == sum(check(panel, list(p)).solved for p in lines)


def test_a_line_may_pass_an_end():
    # 1x1 cell, ends at (1,0) and (1,1), a dot at (1,1): the line (0,0)(1,0)
    # breaks the dot's rule, but passing the end (1,0) on to (1,1) solves it
    panel = Panel(rows=1, cols=1, ends=((1, 0), (1, 1)), dots=(Dot((1, 1)),))
    tree = build_panel_tree(panel)
    labels = {tuple(tree.path(i)): bool(tree.completable[i]) for i in range(len(tree))}
    assert labels[((0, 0), (1, 0))] is True
    assert labels[((0, 0), (1, 0), (1, 1))] is True  # itself a solution
    assert labels[((0, 0), (1, 0), (1, 1), (0, 1))] is False  # no end below
    assert labels[((0, 0), (0, 1), (1, 1), (1, 0))] is True  # covered on the way
    assert tree.n_solutions == 3
    blamed = {tuple(tree.path(i)): tree.blamed(i) for i in range(len(tree))}
    assert blamed[((0, 0), (1, 0), (1, 1), (0, 1))] == tuple(panel_objects(panel, ALL_KINDS))


def test_refuses_panels_the_features_do_not_apply_to():
    mirrored = Panel(
        rows=1,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 1), (2, 1)),
        symmetry="horizontal",
    )
    with pytest.raises(UnsupportedPanel, match="symmetry"):
        build_panel_tree(mirrored)


def test_refuses_too_many_paths():
    with pytest.raises(TooManyPaths, match="more than 100 partial paths"):
        build_panel_tree(Panel(rows=3, cols=3, ends=((3, 3),)), max_paths=100)
