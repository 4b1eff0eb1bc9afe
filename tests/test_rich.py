"""The rich background knowledge: addable/3 (bk/witness_rich.pl),
the addable_edges feature (witness/search/predicates.py) and its evaluation in the
search core (witness/search/panel_search.py), against each other and against brute force.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import janus_swi as janus
import pytest
from puzzles import (
    all_partial_paths,
    enumerate_solutions,
    neighbours,
    seeded_puzzles,
    square_corners,
    triangle_map,
)

from witness.learning.examples import BIAS_DIR, write_task
from witness.learning.translate import translate_file
from witness.model.puzzle import Puzzle
from witness.search.panel_features import square_features
from witness.search.panel_search import table_values
from witness.search.predicates import Clause, Comparison, Predicate, const, feat
from witness.search.solvers import solve
from witness.verify.bounded import REFUTED
from witness.verify.generality import local_addables, state_of
from witness.verify.verdict import PROVEN, verify_predicate

RICH = BIAS_DIR / "rich.pl"
# The predicate the pipeline learned from its own training puzzles with bias/rich.pl,
# committed with that run's report (results/reference/rich/README.md); never written by hand.
LEARNED = Path(__file__).resolve().parents[1] / "results/reference/rich/rich/final/pi_star.pl"

AGREE_PUZZLES = [
    p for p in seeded_puzzles(60, seed=14, max_rows=3, max_cols=3, min_side=2) if p.triangles
][:10]
# A few hundred small puzzles, solvable or not, for brute-force checks.
BRUTE_PUZZLES = seeded_puzzles(300, seed=141, max_rows=3, max_cols=4)


@cache
def brute_force(p: Puzzle) -> tuple[bool, frozenset, list]:
    """(solvable, solution prefixes, every partial path) by enumeration."""
    solutions = list(enumerate_solutions(p))
    prefixes = frozenset(tuple(s[:i]) for s in solutions for i in range(1, len(s)))
    return bool(solutions), prefixes, all_partial_paths(p)


def addable_oracle(puzzle: Puzzle, path: list, square: tuple[int, int]) -> int:
    """Independent of witness.search.panel_features: the square's edges, not on the
    path, whose two ends a breadth-first search from the head through vertices
    off the path reaches (the head counts as reached)."""
    on_path = {tuple(v) for v in path}
    reached, frontier = {tuple(path[-1])}, [tuple(path[-1])]
    while frontier:
        nxt = []
        for v in frontier:
            for w in neighbours(puzzle, v):
                if w not in on_path and w not in reached:
                    reached.add(w)
                    nxt.append(w)
        frontier = nxt
    used = {frozenset(step) for step in zip(path, path[1:], strict=False)}
    corners = square_corners(square)
    count = 0
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        if frozenset((a, b)) not in used and a in reached and b in reached:
            count += 1
    return count


def addable_is(value: int) -> Predicate:
    return Predicate(
        f"addable={value}",
        "program",
        (Clause((Comparison("eq", feat("addable_edges"), const(value)),)),),
    )


def core_addable(puzzle: Puzzle, paths: list, square: tuple[int, int]) -> list[int]:
    """addable_edges of (path, square) as the search core computes it: the core
    evaluates a disjunction over constrained squares, so ask it about a copy of
    the puzzle in which ``square`` is the only one (the feature does not read
    triangles)."""
    x, y = square
    alone = Puzzle(
        rows=puzzle.rows,
        cols=puzzle.cols,
        goal=puzzle.goal,
        triangles=((x, y, triangle_map(puzzle)[square]),),
    )
    out = [-1] * len(paths)
    for value in range(5):
        for i, fires in enumerate(table_values(alone.to_panel(), addable_is(value), paths)):
            if fires:
                assert out[i] == -1, "the core gave two values"
                out[i] = value
    return out


@pytest.fixture(scope="module")
def rich_tasks(tmp_path_factory) -> list[tuple[Puzzle, str, dict]]:
    """Uncapped task folders (every partial path, every constrained square)
    written with bias/rich.pl and loaded into SWI-Prolog."""
    root = tmp_path_factory.mktemp("rich")
    out = []
    for i, p in enumerate(AGREE_PUZZLES):
        task = root / f"t{i}"
        write_task([p], task, bias_file=RICH, positives="all")
        module = f"rich_task_{i}"
        janus.consult(str(task / "bk.pl"), module=module)
        out.append((p, module, json.loads((task / "index.json").read_text())))
    return out


def test_addable_prolog_python_and_core_agree(rich_tasks):
    """On every (path, square) of the seeded puzzles: Prolog's addable/3 over the
    task facts, the Python meaning (square_features), the search core and an
    independent oracle give the same number."""
    pairs = 0
    seen_values = set()
    for p, module, index in rich_tasks:
        got = janus.query_once(
            f"findall(_K, ({module}:path(_P,_), {module}:square(_S,_,_), "
            f"{module}:addable(_P,_S,_C), format(atom(_K), '~w ~w ~w', [_P,_S,_C])), L)"
        )["L"]
        prolog = {tuple(k.split()[:2]): int(k.split()[2]) for k in got}
        pids = sorted(index["paths"])
        paths = [[tuple(v) for v in index["paths"][pid][1]] for pid in pids]
        panel = p.to_panel()
        for atom, (_, x, y) in index["squares"].items():
            core = core_addable(p, paths, (x, y))
            for pid, path, in_core in zip(pids, paths, core, strict=True):
                expected = addable_oracle(p, path, (x, y))
                assert square_features(panel, path, (x, y))["addable_edges"] == expected
                assert prolog[(pid, atom)] == expected, (p.to_json(), path, (x, y))
                assert in_core == expected, (p.to_json(), path, (x, y))
                seen_values.add(expected)
                pairs += 1
        assert len(prolog) == len(pids) * len(index["squares"])
    # Never 3: with three corners free the fourth side's ends are not both free,
    # with four every side is.
    assert pairs > 5000 and seen_values == {0, 1, 2, 4}  # not vacuous


def test_needed_greater_than_addable_never_fires_on_a_solution_prefix():
    """The soundness argument, checked by brute force (through the core, which
    agrees with the Python meaning above): a completion only adds edges counted
    as addable, so no solution prefix needs more than that."""
    needed_gt_addable = Predicate(
        "needed>addable",
        "program",
        (Clause((Comparison("gt", feat("edges_needed"), feat("addable_edges")),)),),
    )
    fired = 0
    for p in BRUTE_PUZZLES:
        _, prefixes, paths = brute_force(p)
        for path, fires in zip(
            paths, table_values(p.to_panel(), needed_gt_addable, paths), strict=True
        ):
            if fires:
                assert tuple(path) not in prefixes, (p.to_json(), path)
                fired += 1
    assert fired > 1000


def test_learned_rich_predicate_reads_addable_and_never_loses_a_solvable_puzzle():
    """The learned rich predicate prunes (A*, prune mode) without losing any
    solution: on a few hundred small puzzles, A* solves exactly the puzzles that
    brute force says are solvable, and the predicate is False on every partial
    path that is a prefix of a solution."""
    pred = translate_file(LEARNED)
    assert "addable_edges" in pred.features_used
    pruned_any = False
    for p in BRUTE_PUZZLES:
        solvable, prefixes, paths = brute_force(p)
        values = table_values(p.to_panel(), pred, paths)
        assert not any(v for q, v in zip(paths, values, strict=True) if tuple(q) in prefixes)
        pruned_any = pruned_any or any(values)
        r = solve(p, pred, "prune")
        assert r.solved == solvable, p.to_json()
    assert pruned_any


def comparison(op: str, left: str, right: str) -> Predicate:
    return Predicate(
        f"{left} {op} {right}", "program", (Clause((Comparison(op, feat(left), feat(right)),)),)
    )


def test_solution_prefixes_keep_to_rule_r6():
    """Every (local state, addable_edges) pair shown by a solution prefix of the
    brute-force puzzles is one that rules R1-R6 of witness/verify/generality.py allow, so
    the all-sizes argument rests on no pair it leaves out."""
    shown = 0
    allowed = local_addables()
    for p in BRUTE_PUZZLES:
        _, prefixes, _ = brute_force(p)
        panel = p.to_panel()
        for prefix in prefixes:
            for x, y, _ in p.triangles:
                f = square_features(panel, list(prefix), (x, y))
                assert f["addable_edges"] in allowed[state_of(f)], (p.to_json(), prefix, (x, y))
                shown += 1
    assert shown > 1000


@pytest.mark.parametrize(
    "op, left, right",
    [
        ("gt", "edges_needed", "addable_edges"),
        ("lt", "addable_edges", "edges_needed"),
    ],
)
def test_needed_greater_than_addable_is_proven_for_every_size(op, left, right):
    result = verify_predicate(comparison(op, left, right), 2, 3)
    clause = result.clauses[0]
    assert result.status == clause.status == PROVEN and clause.all_sizes
    assert not clause.local and "addable edges" in clause.generality
    assert clause.sizes_checked  # the bounded ASP check still ran, on every size


@pytest.mark.parametrize(
    "op, left, right",
    [
        ("ge", "edges_needed", "addable_edges"),  # off by one: needed == addable is common
        ("gt", "addable_edges", "edges_needed"),  # the opposite comparison
        ("lt", "edges_needed", "addable_edges"),
    ],
)
def test_wrong_variants_are_refuted_with_a_checked_counterexample(op, left, right):
    result = verify_predicate(comparison(op, left, right), 2, 3)
    clause = result.clauses[0]
    assert result.status == clause.status == REFUTED and not clause.all_sizes
    cx = clause.counterexample
    # verify re-checks every counterexample in Python; check it once more here
    assert tuple(cx.prefix) in brute_force(cx.puzzle)[1]
    f = square_features(cx.puzzle.to_panel(), cx.prefix, cx.blamed)
    assert comparison(op, left, right).holds_on_square(f)


def test_what_the_addable_argument_covers():
    """A clause that adds a path_length comparison to a proven one stays proven
    (the argument drops it); needed = addable on a 1-triangle square without
    edges accepts pairs that R1-R6 allow, so it is never proven, whatever the
    bounded check finds."""
    long = Predicate(
        "long",
        "program",
        (
            Clause(
                (
                    Comparison("gt", feat("edges_needed"), feat("addable_edges")),
                    Comparison("ge", feat("path_length"), const(2)),
                )
            ),
        ),
    )
    result = verify_predicate(long, 2, 2)
    assert result.clauses[0].status == PROVEN  # path_length is dropped: the rest is proven
    equal = Predicate(
        "equal",
        "program",
        (
            Clause(
                (
                    Comparison("eq", feat("edges_needed"), feat("addable_edges")),
                    Comparison("eq", feat("triangles"), const(1)),
                    Comparison("eq", feat("edges_on_square"), const(0)),
                )
            ),
        ),
    )
    clause = verify_predicate(equal, 1, 2).clauses[0]
    assert clause.status != PROVEN and not clause.all_sizes


def test_the_core_floods_only_for_predicates_that_read_the_free_region():
    """The free region is flooded only when the compiled table has a
    goal-reachability or addable-edges axis (the core's ``n_reach == 2 or
    n_addable > 1``): Table 3 and pi_baseline get neither axis, the learned
    rich predicate both, a rule reading one feature only that one."""
    from witness.search.predicates import BASELINE, PAPER, as_program

    def axes(pred: Predicate) -> tuple[int, int]:
        _, _, n_reach, n_addable, _ = pred.encode()
        return n_reach, n_addable

    assert axes(as_program(PAPER)) == axes(as_program(BASELINE)) == (1, 1)
    assert axes(translate_file(LEARNED)) == (2, 5)
    assert axes(comparison("gt", "edges_needed", "addable_edges")) == (1, 5)
    assert axes(comparison("gt", "goal_unreachable", "triangles")) == (2, 1)


def test_dead_end_has_its_own_argument_and_its_wrong_variant_is_refuted():
    """deadEnd reads reachability, not the square: the verifier proves it with the
    argument that the goal stays reachable on every solution prefix and says so
    for the clause; the opposite test (the goal is still reachable) fires on
    solution prefixes and is refuted with a checked counterexample."""
    dead = Predicate(
        "dead", "program", (Clause((Comparison("eq", feat("goal_unreachable"), const(1)),)),)
    )
    clause = verify_predicate(dead, 2, 3).clauses[0]
    assert clause.status == PROVEN and clause.all_sizes
    assert "goal_unreachable = 0" in clause.generality
    assert "without touching the prefix" in clause.generality
    # the per-clause tag does not call reachability local, here or for the learned pi*
    assert clause.kind == "local + reachability"
    text = verify_predicate(translate_file(LEARNED), 2, 3).summary()
    assert "clause 1 [proven, local + reachability]: goal_unreachable = 1" in text
    assert "clause 2 [proven, non-local]: edges_needed > addable_edges" in text
    assert "clause 3 [proven, local]: edges_on_square > triangles" in text
    alive = Predicate(
        "alive", "program", (Clause((Comparison("eq", feat("goal_unreachable"), const(0)),)),)
    )
    clause = verify_predicate(alive, 2, 3).clauses[0]
    assert clause.status == REFUTED and not clause.all_sizes
    cx = clause.counterexample
    assert tuple(cx.prefix) in brute_force(cx.puzzle)[1]
    assert square_features(cx.puzzle.to_panel(), cx.prefix, cx.blamed)["goal_unreachable"] == 0
