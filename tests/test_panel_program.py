"""Learned family programs in the compiled panel search against the Python
reference (witness.search.panel_features.program_fires) and the brute force:
the core's pi* agrees with the oracle on every partial path of random small
panels, and A* pruning with any program finds a solution exactly when some
solution has no proper prefix the oracle rejects (with the sound rules:
exactly when the panel is solvable)."""

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_panel_features import partial_paths
from test_rules_oracle import panels

from profiles import examples
from witness.errors import InputError
from witness.model.panel import Dot, Panel
from witness.model.rules import enumerate_lines, is_solution
from witness.search.panel_features import (
    CERTIFICATES,
    PANEL_FEATURES,
    features_apply,
    program_fires,
)
from witness.search.panel_search import program_values, solve_panel
from witness.search.predicates import BASELINE, OPERATORS, PAPER, Clause, Comparison, Predicate

KINDS = ("square", "star", "triangle", "polyomino")
SETTINGS = settings(
    max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


def operand(x: int | str) -> tuple:
    return ("feature", x) if isinstance(x, str) else ("const", x)


def program(*clauses, sound: bool = False) -> Predicate:
    """A program from clauses given as lists of (feature, op, constant or feature)."""
    return Predicate(
        "test",
        "program",
        tuple(
            Clause(tuple(Comparison(op, operand(f), operand(r)) for f, op, r in cl))
            for cl in clauses
        ),
        sound=sound,
    )


CERTIFIED = program(*CERTIFICATES.values(), sound=True)

comparisons = st.tuples(
    st.sampled_from(PANEL_FEATURES),
    st.sampled_from(list(OPERATORS)),
    st.one_of(st.integers(0, 3), st.sampled_from(PANEL_FEATURES)),
)
# Any conjunction: features of one kind or several (that never fires), and a
# clause of constants only (holds on every object, or on none).
clauses = st.one_of(
    st.lists(comparisons, min_size=1, max_size=3),
    st.just([(0, "lt", 1)]),
    st.just([(1, "lt", 0)]),
)
programs = st.lists(clauses, min_size=1, max_size=3).map(lambda cls: program(*cls))


@pytest.mark.slow
@SETTINGS
@given(panels(kinds=KINDS), programs)
def test_compiled_program_agrees_with_the_oracle(panel, pred):
    assume(features_apply(panel))
    paths = partial_paths(panel)
    assume(len(paths) < 2000)
    want = [program_fires(panel, p, pred.clauses) for p in paths]
    assert program_values(panel, pred, [list(p) for p in paths]) == want


@pytest.mark.slow  # a brute-force oracle: the slow tier
@SETTINGS
@given(panels(kinds=KINDS))
def test_the_sound_rules_agree_with_the_oracle(panel):
    assume(features_apply(panel))
    paths = partial_paths(panel)
    assume(len(paths) < 2000)
    want = [program_fires(panel, p, CERTIFIED.clauses) for p in paths]
    assert program_values(panel, CERTIFIED, [list(p) for p in paths]) == want


def found_by_pruning(panel: Panel, pred: Predicate) -> bool:
    """Some solution none of whose proper prefixes past the start pi* rejects
    (the search goal-tests a line that reaches an end before it evaluates pi)."""
    return any(
        is_solution(panel, line)
        and not any(program_fires(panel, line[:k], pred.clauses) for k in range(2, len(line)))
        for line in enumerate_lines(panel)
    )


@pytest.mark.slow
@SETTINGS
@given(panels(kinds=KINDS), st.one_of(programs, st.just(CERTIFIED)))
def test_pruning_search_finds_what_the_oracle_keeps(panel, pred):
    assume(features_apply(panel))
    result = solve_panel(panel, pred, mode="prune")
    assert result.solved == found_by_pruning(panel, pred)
    if result.solved:
        assert is_solution(panel, result.path)
        line = result.path
        assert not any(program_fires(panel, line[:k], pred.clauses) for k in range(2, len(line)))
    elif pred.sound:
        assert result.status == "unsolvable"
    else:
        assert result.status == "exhausted"


@SETTINGS
@given(panels(kinds=KINDS), programs, st.booleans())
def test_sorting_search_is_complete(panel, pred, base_prune):
    solvable = any(is_solution(panel, line) for line in enumerate_lines(panel))
    result = solve_panel(panel, pred, mode="sort", base_prune=base_prune)
    assert result.solved == solvable
    assert not result.solved or is_solution(panel, result.path)


@SETTINGS
@given(panels(kinds=KINDS))
def test_sound_rules_with_baseline_pruning_are_complete(panel):
    solvable = any(is_solution(panel, line) for line in enumerate_lines(panel))
    result = solve_panel(panel, CERTIFIED, mode="prune", base_prune=True)
    assert result.solved == solvable
    assert result.status == ("solved" if solvable else "unsolvable")


@settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=KINDS))
def test_never_fires_where_the_features_do_not_apply(panel):
    assume(not features_apply(panel))
    paths = [list(p) for p in partial_paths(panel)[:300]]
    always = program([(0, "lt", 1)])
    assert program_values(panel, always, paths) == [False] * len(paths)


def test_a_dot_cut_off_is_pruned():
    # 1x2 cells, start (0,0), end (2,0), a dot at (0,1): after right then up,
    # the dot's part of the grid is {(0,1)}, which holds no end.
    panel = Panel(rows=1, cols=2, ends=((2, 0),), dots=(Dot((0, 1)),))
    no_end = program([("dot_covered", "eq", 0), ("part_ends", "eq", 0)])
    paths = [[(0, 0), (1, 0)], [(0, 0), (1, 0), (1, 1)], [(0, 0), (1, 0), (1, 1), (2, 1)]]
    assert program_values(panel, no_end, paths) == [False, True, True]
    assert [program_fires(panel, p, no_end.clauses) for p in paths] == [False, True, True]


def test_triangle_programs_and_builtins_are_refused():
    panel = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "black"), (1, 0, "white")))
    with pytest.raises(InputError, match="panel features"):
        solve_panel(panel, PAPER)
    with pytest.raises(InputError, match="edges_on_square"):
        solve_panel(panel, Predicate("t", "program", PAPER.clauses))
    assert solve_panel(panel, BASELINE).solved
