"""The verifier (witness/verify/verdict.py, bounded.py, generality.py): ASP answers against
exhaustive enumeration, checked counterexamples, the local-state argument, and
``witness verify``."""

from __future__ import annotations

import itertools
import json
import random
from itertools import product

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from puzzles import (
    enumerate_simple_paths,
    enumerate_solutions,
    is_solution,
    neighbours,
    paper,
    puzzles,
    triangle_map,
)

from profiles import examples
from witness.cli import main
from witness.model.puzzle import Puzzle, peripheral, square_edge_counts
from witness.model.render import render
from witness.model.rules import Violation
from witness.paper import TABLE3_PROLOG
from witness.pipeline.report import pruning_rule
from witness.search.encodings import encoding
from witness.search.generate import generate_from_path
from witness.search.panel_features import (
    path_state,
    predicate_holds,
    square_features,
    table1_features,
)
from witness.search.predicates import (
    BASELINE,
    FEATURES,
    OPERATORS,
    PAPER,
    Clause,
    Comparison,
    Predicate,
    const,
    feat,
)
from witness.verify.bounded import (
    NO_COUNTEREXAMPLE,
    REFUTED,
    UNKNOWN,
    clause_rule,
    sizes_to_check,
    verifier_encoding,
    verify_clauses,
)
from witness.verify.families import TRIANGLE_ENCODINGS, TRIANGLES, grid_facts
from witness.verify.generality import (
    LOCAL_FEATURES,
    clause_is_local,
    local_addables,
    local_states,
    realized_states,
    state_of,
)
from witness.verify.verdict import (
    BOUNDED,
    PROVEN,
    may_prune,
    verify_predicate,
    write_pictures,
)


def cmp(op: str, left: str, right: int | str) -> Comparison:
    return Comparison(op, feat(left), const(right) if isinstance(right, int) else feat(right))


def clause(*comparisons: Comparison) -> Clause:
    return Clause(tuple(comparisons))


THREE_ONE = clause(cmp("eq", "triangles", 3), cmp("eq", "edges_on_square", 1))

# Hand-made clauses for the comparison with exhaustive enumeration: sound and
# unsound ones, every comparison operator, and the non-local path_length.
HAND_MADE: dict[str, Clause] = {
    "three_one": THREE_ONE,
    "over_count": PAPER.clauses[0],
    "paper_one": PAPER.clauses[1],
    "paper_two": PAPER.clauses[2],
    "needed_negative": clause(cmp("lt", "edges_needed", 0)),
    "all_visited_off": clause(
        cmp("eq", "unvisited_corners", 0),
        cmp("gt", "edges_needed", 0),
        cmp("eq", "head_adjacent", 0),
    ),
    "all_visited_on": clause(cmp("eq", "unvisited_corners", 0), cmp("eq", "head_adjacent", 1)),
    "start_corner": clause(
        cmp("eq", "path_length", 0), cmp("eq", "head_adjacent", 1), cmp("eq", "triangles", 3)
    ),
    "long_path": clause(cmp("ge", "path_length", 12), cmp("eq", "triangles", 1)),
    "long_needed": clause(cmp("ge", "path_length", 9), cmp("eq", "edges_needed", 2)),
    "short_three_visited": clause(
        cmp("le", "path_length", 3),
        cmp("eq", "visited_corners", 3),
        cmp("ne", "edges_on_square", 2),
    ),
    "far_needed": clause(
        cmp("ge", "edges_needed", 2), cmp("eq", "head_adjacent", 0), cmp("ge", "visited_corners", 2)
    ),
    "sides": clause(cmp("le", "square_sides", "triangles")),
    "feature_vs_feature": clause(
        cmp("gt", "visited_corners", "edges_on_square"),
        cmp("eq", "triangles", 2),
        cmp("eq", "edges_needed", 1),
    ),
    "crowded": clause(
        cmp("ge", "triangles", 2),
        cmp("le", "edges_on_square", 0),
        cmp("ge", "visited_corners", 3),
        cmp("eq", "head_adjacent", 0),
    ),
    "needs_room": clause(
        cmp("eq", "triangles", 1),
        cmp("eq", "edges_on_square", 1),
        cmp("eq", "visited_corners", 4),
        cmp("eq", "head_adjacent", 0),
    ),
    # a square one step behind the head whose one needed edge is ahead: the
    # start is a corner of the square and the first step leaves it, which a
    # start at (0, 0) cannot do (its one square holds both ends of that step)
    "first_step_away": clause(
        cmp("le", "path_length", 1),
        cmp("eq", "triangles", 1),
        cmp("eq", "edges_on_square", 0),
        cmp("eq", "visited_corners", 1),
        cmp("eq", "head_adjacent", 0),
    ),
    "true": clause(),
    "unreachable": clause(cmp("eq", "goal_unreachable", 1), cmp("ge", "triangles", 1)),
    "reachable_three_one": clause(cmp("eq", "goal_unreachable", 0), *THREE_ONE.comparisons),
}


# ------------------------------------------------------------ the oracle
def start_goal_pairs(rows: int, cols: int):
    """Every start and goal of the paper's puzzle form: any vertex, and a rim
    vertex other than it."""
    for y in range(rows + 1):
        for x in range(cols + 1):
            for goal in peripheral(rows, cols):
                if goal != (x, y):
                    yield (x, y), goal


def solutions_by_path(rows: int, cols: int):
    """Every (puzzle, solution) of the size, with every start and goal, enumerated
    path first.

    A simple start-goal path P solves exactly the puzzles that put, on every
    square, either no triangles or P's edge count there (when it is 1..3), so
    listing those for every P lists every (puzzle, solution) pair once.
    ``test_oracle_enumeration_matches_enumerate_solutions`` checks this
    against ``enumerate_solutions`` on every puzzle where that is quick.
    """
    for start, goal in start_goal_pairs(rows, cols):
        empty = Puzzle(rows=rows, cols=cols, start=start, goal=goal)
        for path in enumerate_simple_paths(empty):
            counts = square_edge_counts(rows, cols, path)
            options = [
                [None] + ([(x, y, k)] if 1 <= k <= 3 else [])
                for (x, y), k in sorted(counts.items())
            ]
            for choice in product(*options):
                triangles = tuple(t for t in choice if t is not None)
                yield (
                    Puzzle(rows=rows, cols=cols, start=start, goal=goal, triangles=triangles),
                    path,
                )


def all_puzzles(rows: int, cols: int):
    squares = [(x, y) for y in range(rows) for x in range(cols)]
    for start, goal in start_goal_pairs(rows, cols):
        for ks in product(range(4), repeat=len(squares)):
            triangles = tuple((x, y, k) for (x, y), k in zip(squares, ks, strict=True) if k)
            yield Puzzle(rows=rows, cols=cols, start=start, goal=goal, triangles=triangles)


def prefix_squares(rows: int, cols: int):
    """Every (solution prefix, constrained square) of every puzzle of the size, with
    every start and goal, as (puzzle, prefix, square) with the square's features.

    ``square_features(puzzle, prefix, S)`` reads the puzzle only through its
    size, goal and S's triangles, so the puzzles of ``solutions_by_path`` that
    share a solution P show at S what the one with triangles at S alone shows:
    listing, for every P, proper prefix and square S on which P has 1..3 edges,
    that one puzzle lists every case once. (A prefix's state is the same on
    each: it is made once, on the empty grid.)
    """
    for start, goal in start_goal_pairs(rows, cols):
        empty = Puzzle(rows=rows, cols=cols, start=start, goal=goal)
        grid = empty.to_panel()
        for path in enumerate_simple_paths(empty):
            counts = square_edge_counts(rows, cols, path).items()
            owed = [(x, y, k) for (x, y), k in counts if 1 <= k <= 3]
            puzzles = [
                Puzzle(rows=rows, cols=cols, start=start, goal=goal, triangles=(t,)) for t in owed
            ]
            panels = [puzzle.to_panel() for puzzle in puzzles]
            for n in range(1, len(path)):  # proper prefixes, [start] included
                prefix = path[:n]
                state = path_state(grid, prefix)
                for (x, y, _), puzzle, panel in zip(owed, puzzles, panels, strict=True):
                    yield puzzle, prefix, (x, y), table1_features(panel, state, (x, y))


ORACLE_SIZES = [(r, c) for r in (1, 2) for c in (1, 2, 3)]


@pytest.fixture(scope="module")
def shown_by_size() -> dict[tuple[int, int], set[tuple]]:
    """Size -> the feature values (sorted items) of every solution prefix and
    constrained square of its puzzles, any start and goal (brute force)."""
    return {
        size: {tuple(sorted(values.items())) for *_, values in prefix_squares(*size)}
        for size in ORACLE_SIZES
    }


@pytest.fixture(scope="module")
def oracle(shown_by_size) -> dict[str, bool]:
    """Clause name -> does it fire on some solution prefix of some puzzle up to 2x3?"""
    shown = [dict(items) for values in shown_by_size.values() for items in values]
    return {
        name: any(all(c.evaluate(values) for c in cl.comparisons) for values in shown)
        for name, cl in HAND_MADE.items()
    }


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2)])
def test_oracle_enumeration_matches_enumerate_solutions(rows, cols):
    by_path = sorted((p.to_json(), tuple(s)) for p, s in solutions_by_path(rows, cols))
    direct = sorted(
        (p.to_json(), tuple(s)) for p in all_puzzles(rows, cols) for s in enumerate_solutions(p)
    )
    assert by_path == direct
    starts = {tuple(json.loads(p)["start"]) for p, _ in by_path}
    assert len(starts) == (rows + 1) * (cols + 1)


@pytest.mark.slow  # a brute-force oracle: the slow tier
def test_agrees_with_exhaustive_enumeration_up_to_2x3(oracle):
    names = list(HAND_MADE)
    outcomes = verify_clauses(TRIANGLES, tuple(HAND_MADE.values()), 2, 3)
    got = {name: status for name, (status, _, _, _) in zip(names, outcomes, strict=True)}
    assert set(got.values()) <= {NO_COUNTEREXAMPLE, REFUTED}
    assert got == {name: REFUTED if fired else NO_COUNTEREXAMPLE for name, fired in oracle.items()}
    # the comparison is informative: both answers occur, non-local ones too
    assert {got["three_one"], got["over_count"]} == {REFUTED, NO_COUNTEREXAMPLE}
    assert got["start_corner"] == REFUTED and got["long_path"] == NO_COUNTEREXAMPLE
    assert got["first_step_away"] == REFUTED  # only a start away from (0, 0) shows it


# ------------------------------------------------------- counterexamples
def check_counterexample(cx, cl: Clause) -> None:
    """An independent check of a reported false positive."""
    assert is_solution(cx.puzzle, cx.solution)
    assert 1 <= len(cx.prefix) < len(cx.solution)
    assert cx.solution[: len(cx.prefix)] == cx.prefix
    assert cx.blamed in triangle_map(cx.puzzle)
    values = square_features(cx.puzzle.to_panel(), cx.prefix, cx.blamed)
    assert values == cx.features
    assert all(c.evaluate(values) for c in cl.comparisons)
    assert predicate_holds(Predicate("one", "program", (cl,)), cx.puzzle.to_panel(), cx.prefix)


def test_paper_is_proven_for_every_size():
    result = verify_predicate(PAPER)
    assert result.status == PROVEN
    assert (result.max_rows, result.max_cols) == (4, 4)
    assert result.summary().startswith("proven for every size")
    assert result.to_dict()["verdict"].startswith("proven for every size")
    assert result.all_sizes
    for c in result.clauses:
        assert c.status == PROVEN and c.local and c.counterexample is None
        assert "4x4" in c.sizes_checked
        assert c.generality.startswith("proven for every grid size")


def test_baseline_is_proven():
    assert verify_predicate(BASELINE, 3, 3).status == PROVEN


def test_three_triangles_one_edge_is_refuted_with_a_valid_counterexample():
    pred = Predicate("unsound", "program", (PAPER.clauses[0], THREE_ONE))
    result = verify_predicate(pred, 3, 3)
    assert result.status == REFUTED
    assert [c.status for c in result.clauses] == [PROVEN, REFUTED]
    cx = result.clauses[1].counterexample
    check_counterexample(cx, THREE_ONE)
    assert cx.features["triangles"] == 3 and cx.features["edges_on_square"] == 1
    assert cx.puzzle.size == "1x1"  # sizes are tried smallest first
    text = result.summary()
    assert "false positive" in text and cx.puzzle.to_json() in text


def test_every_counterexample_up_to_2x3_is_valid():
    outcomes = verify_clauses(TRIANGLES, tuple(HAND_MADE.values()), 2, 3)
    refuted = 0
    for cl, (status, cx, _, _) in zip(HAND_MADE.values(), outcomes, strict=True):
        if status == REFUTED:
            check_counterexample(cx, cl)
            refuted += 1
    assert refuted >= 5


def test_time_limit_zero_leaves_every_unproven_clause_unknown():
    pred = Predicate("p", "program", (HAND_MADE["long_path"], HAND_MADE["needs_room"]))
    result = verify_predicate(pred, 2, 2, time_limit=0)
    assert result.status == UNKNOWN
    assert all(c.status == UNKNOWN for c in result.clauses)
    # a proof needs no search, so the time limit does not touch it
    assert verify_predicate(PAPER, 2, 2, time_limit=0).status == PROVEN


def test_a_time_limit_longer_than_a_wait_can_take_is_kept():
    """clasp's timed wait answers False at once near 1e10 s: the search must not
    take that for its time running out."""
    clauses = tuple(HAND_MADE.values())
    statuses = [o[0] for o in verify_clauses(TRIANGLES, clauses, 2, 3)]
    assert [o[0] for o in verify_clauses(TRIANGLES, clauses, 2, 3, time_limit=1e10)] == statuses
    assert UNKNOWN not in statuses


def test_sizes_skip_mirror_images_only_when_both_are_in_range():
    assert sizes_to_check(2, 2) == [(1, 1), (1, 2), (2, 2)]
    assert sizes_to_check(2, 3) == [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3)]
    assert sizes_to_check(3, 1) == [(1, 1), (2, 1), (3, 1)]


# ------------------------------------------- proven clauses never prune
def random_clause(rng: random.Random) -> Clause:
    """One to three comparisons of a feature with a small constant or another feature."""
    names = sorted(TRIANGLES.features)
    comparisons = []
    for _ in range(rng.randint(1, 3)):
        right = rng.choice(names) if rng.random() < 0.3 else rng.randint(0, 4)
        comparisons.append(cmp(rng.choice(sorted(OPERATORS)), rng.choice(names), right))
    return clause(*comparisons)


RICH = (
    clause(cmp("eq", "goal_unreachable", 1)),
    clause(cmp("gt", "edges_needed", "addable_edges")),
)


@pytest.fixture(scope="module")
def candidates():
    """The hand-made clauses, Table 3, the rich bias's two rules and 150 random
    ones, with witness verify's result for each up to 2x3."""
    rng = random.Random(11)
    clauses = (*HAND_MADE.values(), *PAPER.clauses, *RICH)
    clauses += tuple(random_clause(rng) for _ in range(150))
    result = verify_predicate(Predicate("candidates", "program", clauses), 2, 3)
    return list(zip(clauses, result.clauses, strict=True))


@pytest.mark.slow  # a brute-force oracle: the slow tier
def test_random_clauses_agree_with_exhaustive_enumeration_up_to_2x3(candidates, shown_by_size):
    """Refuted up to 2x3 exactly when some solution prefix of some puzzle up to
    2x3, with any start and goal, fires the clause (brute force)."""
    shown = [dict(items) for values in shown_by_size.values() for items in values]
    refuted = 0
    for cl, r in candidates:
        fires = any(all(c.evaluate(values) for c in cl.comparisons) for values in shown)
        assert (r.status == REFUTED) == fires, (cl, r.status)
        refuted += fires
    assert 20 <= refuted <= len(candidates) - 20  # both answers, many times


@pytest.fixture(scope="module")
def proven_clauses(candidates) -> tuple[Clause, ...]:
    """The candidates witness verify proves for every size."""
    proven = tuple(cl for cl, r in candidates if r.status == PROVEN)
    assert set(PAPER.clauses) | set(RICH) <= set(proven) and len(proven) >= 20, len(proven)
    return proven


@settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(puzzles(3, 3, any_start=True))
def test_a_proven_clause_never_fires_on_a_solution_prefix_of_any_start(proven_clauses, puzzle):
    """Brute force on random puzzles up to 3x3 with a random start and goal: no
    proven clause holds on any proper prefix of any solution."""
    pred, panel = Predicate("proven", "program", proven_clauses), puzzle.to_panel()
    for solution in enumerate_solutions(puzzle):
        for n in range(1, len(solution)):
            assert not predicate_holds(pred, panel, solution[:n]), (
                puzzle.to_json(),
                solution[:n],
            )


# ------------------------------------------------------------ generality
def test_locality():
    assert all(clause_is_local(c) for c in PAPER.clauses)
    assert clause_is_local(HAND_MADE["unreachable"])  # constant on solution prefixes
    assert not clause_is_local(HAND_MADE["long_path"])


def test_every_local_state_occurs_by_2x3_but_not_by_2x2():
    states = set(local_states())
    for size in ((2, 3), (3, 2)):
        realized = realized_states(*size)
        assert set(realized) == states
        for state, cx in realized.items():
            assert state_of(cx.features) == state
            check_counterexample(cx, cx_clause(state))
    # 2x2 is too small for two states: a one-triangle square whose four
    # corners the path visits while using only one of its edges
    missing = states - set(realized_states(2, 2))
    assert missing == {(1, 1, 4, 0), (1, 1, 4, 1)}


def test_local_rules_match_every_solution_prefix_of_every_start(shown_by_size):
    """The all-sizes argument's two halves by brute force, for puzzles that start
    anywhere: every (solution prefix, constrained square) up to 2x3 is in a state
    R1-R5 allow, with an addable count R6 allows; every such state occurs by
    2x3, and on 2x2 and smaller all but two."""
    states, addables = local_states(), local_addables()
    by_size = {}
    for size, shown in shown_by_size.items():
        by_size[size] = set()
        for items in shown:
            values = dict(items)
            state = state_of(values)
            assert state in states and values["addable_edges"] in addables[state]
            assert values["goal_unreachable"] == 0
            by_size[size].add(state)
    assert by_size[(2, 3)] == set(states)  # every state occurs on a 2x3 grid
    small = set().union(*(shown for (r, c), shown in by_size.items() if r * c <= 4))
    assert set(states) - small == {(1, 1, 4, 0), (1, 1, 4, 1)}


def cx_clause(state) -> Clause:
    k, e, v, h = state
    return clause(
        cmp("eq", "triangles", k),
        cmp("eq", "edges_on_square", e),
        cmp("eq", "visited_corners", v),
        cmp("eq", "head_adjacent", h),
    )


def random_walk_puzzle(rng: random.Random, rows: int, cols: int):
    """A puzzle with a random start and its solution: a random self-avoiding walk
    from the start that stops on a rim vertex, every square it touches 1..3
    times constrained (None when the walk gets stuck first)."""
    probe = Puzzle(rows=rows, cols=cols, goal=(cols, rows))
    path = [(rng.randint(0, cols), rng.randint(0, rows))]
    while len(path) < 2 or path[-1] not in peripheral(rows, cols) or rng.random() < 0.7:
        steps = [w for w in neighbours(probe, path[-1]) if w not in path]
        if not steps:
            return None
        path.append(rng.choice(steps))
    counts = square_edge_counts(rows, cols, path)
    triangles = tuple((x, y, k) for (x, y), k in counts.items() if 1 <= k <= 3)
    puzzle = Puzzle(rows=rows, cols=cols, start=path[0], goal=path[-1], triangles=triangles)
    assert is_solution(puzzle, path)
    return puzzle, path


def test_local_rules_hold_on_larger_puzzles():
    """Every (solution prefix, constrained square) on Algorithm 4 puzzles up to 7x7,
    and on random-walk puzzles that start anywhere, is in a state the local rules
    allow, with an addable count they allow (what the all-sizes claim rests on)."""
    rng = random.Random(7)
    states, addables = local_states(), local_addables()
    drawn = [generate_from_path(rng.randint(2, 7), rng.randint(2, 7), rng) for _ in range(60)]
    cases = [(paper(panel), solution) for panel, solution in drawn]
    walks = (random_walk_puzzle(rng, rng.randint(2, 7), rng.randint(2, 7)) for _ in range(300))
    cases += [w for w in walks if w is not None]
    assert sum(puzzle.start != (0, 0) for puzzle, _ in cases) >= 100
    for puzzle, solution in cases:
        panel = puzzle.to_panel()
        for n in range(1, len(solution)):
            prefix = path_state(panel, solution[:n])
            for x, y, _ in puzzle.triangles:
                values = table1_features(panel, prefix, (x, y))
                state = state_of(values)
                assert state in states and values["addable_edges"] in addables[state]


def test_generality_messages_are_honest():
    small = verify_predicate(Predicate("p", "program", (HAND_MADE["needs_room"],)), 2, 2)
    assert small.status == BOUNDED and small.clauses[0].status == BOUNDED
    assert small.verdict == "no counterexample up to 2x2 (not proven for larger grids)"
    assert small.clauses[0].generality.startswith("no counterexample up to 2x2, not proven")
    assert "unsound there" in small.clauses[0].generality and not small.all_sizes
    big = verify_predicate(Predicate("p", "program", (HAND_MADE["needs_room"],)), 2, 3)
    assert big.status == REFUTED
    long = verify_predicate(Predicate("p", "program", (HAND_MADE["long_path"],)), 2, 3)
    assert long.status == BOUNDED and not long.clauses[0].local
    assert long.clauses[0].generality.startswith("non-local") and not long.all_sizes
    # a non-local clause whose local part no state satisfies holds everywhere
    guarded = clause(cmp("ge", "path_length", 3), *PAPER.clauses[1].comparisons)
    res = verify_predicate(Predicate("p", "program", (guarded,)), 2, 2)
    assert res.clauses[0].generality.startswith("proven for every grid size") and res.all_sizes
    assert res.status == PROVEN
    # the argument needs no search: it stands even when the search ran out of time
    unfinished = verify_predicate(PAPER, 2, 2, time_limit=0)
    assert unfinished.status == PROVEN and unfinished.all_sizes


def test_only_a_proof_or_a_covering_bound_allows_pruning():
    """A clause sound up to 2x2 but unsound on 2x3 may prune 2x2 and smaller
    puzzles (the check covered them) and nothing larger; a proof prunes anywhere."""
    small = verify_predicate(Predicate("p", "program", (HAND_MADE["needs_room"],)), 2, 2)
    record = small.to_dict()
    assert record["status"] == BOUNDED and not record["all_sizes"]
    assert may_prune(record, 2, 2) and may_prune(record, 1, 2) and may_prune(record, 2, 1)
    assert not may_prune(record, 2, 3) and not may_prune(record, 3, 2)
    assert not may_prune(record, 8, 8)
    # the check covered every start; a record without "starts" checked (0, 0) only
    assert record["starts"] == "any"
    legacy = {k: v for k, v in record.items() if k != "starts"}
    assert not may_prune(legacy, 2, 2)
    assert "start at (0, 0) only" in pruning_rule(legacy) and "up to 2x2" in pruning_rule(record)
    # the same clause checked up to 2x3 is refuted there: it never prunes
    big = verify_predicate(Predicate("p", "program", (HAND_MADE["needs_room"],)), 2, 3)
    assert not may_prune(big.to_dict(), 1, 1)
    proven = verify_predicate(PAPER, 2, 2).to_dict()
    assert may_prune(proven, 8, 8) and may_prune(proven, 15, 3)
    # a proof never depended on the start, so an older record's holds too
    assert may_prune({"status": PROVEN}, 8, 8)
    assert not may_prune({}, 2, 2) and not may_prune({"status": "empty"}, 2, 2)
    assert not may_prune({"status": UNKNOWN, "max_size": "4x4"}, 2, 2)


# ------------------------------------------------------------------- CLI
UNSOUND_PL = """\
f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).
f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), three(C), one(F).
"""
PAPER_PL = TABLE3_PROLOG


def test_cli_proven_exit_0(tmp_path, capsys):
    pytest.importorskip("witness.learning.translate")
    f = tmp_path / "paper.pl"
    f.write_text(PAPER_PL)
    assert main(["verify", str(f), "--max-size", "3x3"]) == 0
    assert capsys.readouterr().out.startswith("proven for every size")


def test_cli_refuted_writes_drawable_counterexample(tmp_path, capsys):
    pytest.importorskip("witness.learning.translate")
    f = tmp_path / "unsound.pl"
    f.write_text(UNSOUND_PL)
    out = tmp_path / "cx"
    assert (
        main(["verify", str(f), "--max-size", "2x2", "--json", "--counterexamples", str(out)]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "refuted"
    assert [c["status"] for c in report["clauses"]] == ["proven", "refuted"]
    puzzle = Puzzle.load(out / "clause2_puzzle.json")
    prefix = json.loads((out / "clause2_prefix.json").read_text())
    solution = json.loads((out / "clause2_solution.json").read_text())
    assert is_solution(puzzle, [tuple(v) for v in solution])
    assert report["clauses"][1]["counterexample"]["prefix"] == prefix
    # clauses are counted from 1, as translate and difficulty --clauses count them
    assert [c["index"] for c in report["clauses"]] == [1, 2]
    assert report["clauses"][1]["counterexample"]["clause"] == 2
    assert not (out / "clause1_puzzle.json").exists()  # the first clause is proven
    assert (
        main(
            [
                "show",
                str(out / "clause2_puzzle.json"),
                "--path",
                str(out / "clause2_prefix.json"),
                "--out",
                str(tmp_path / "cx.svg"),
            ]
        )
        == 0
    )


def test_the_summary_draws_a_counterexample_with_a_command_to_paste(tmp_path, capsys, monkeypatch):
    import shutil
    import subprocess

    monkeypatch.chdir(tmp_path)  # the command is pasted where verify ran
    f = tmp_path / "unsound.pl"
    f.write_text(UNSOUND_PL)
    assert main(["verify", str(f), "--max-size", "2x2"]) == 0
    out = capsys.readouterr().out
    assert "clause 1 [proven" in out and "clause 2 [refuted" in out
    draw = [line.split("draw it (bash): ", 1)[1] for line in out.splitlines() if "draw it" in line]
    assert len(draw) == 1 and draw[0].endswith("--out clause2.svg")
    if shutil.which("bash"):
        proc = subprocess.run(["bash", "-c", draw[0]], cwd=tmp_path, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert (tmp_path / "clause2.svg").stat().st_size > 0


# Refuted on a 1x2 grid whose two squares both hold triangles: the clause
# fires on the second square, (1, 0), not the first.
SECOND_SQUARE = clause(
    cmp("eq", "triangles", 1), cmp("eq", "edges_on_square", 0), cmp("ge", "path_length", 3)
)


def ringed(tmp_path, puzzle, prefix, kind: str, at: tuple) -> bytes:
    """The picture of ``puzzle`` and ``prefix`` with a ring round ``at``, drawn here."""
    out = tmp_path / "expected.svg"
    render(puzzle, out, prefix, [Violation(kind, at, "")], labels=True)
    return out.read_bytes()


def test_a_picture_rings_the_square_a_counterexample_fires_on(tmp_path):
    """write_pictures draws the counterexample's prefix and rings the square its
    record names (the same bytes as a ring drawn there by hand), not another
    square with triangles."""
    result = verify_predicate(Predicate("second", "program", (SECOND_SQUARE,)), 1, 2)
    assert result.status == REFUTED
    record = result.to_dict()["clauses"][0]["counterexample"]
    puzzle = Puzzle.from_dict(record["puzzle"])
    squares = [(x, y) for x, y, _ in puzzle.triangles]
    assert record["square"] == [1, 0] and squares == [(0, 0), (1, 0)]
    written = write_pictures(result, tmp_path / "pics")
    assert written == [tmp_path / "pics" / "clause1.svg"]
    drawn = written[0].read_bytes()
    prefix = [tuple(v) for v in record["prefix"]]
    assert drawn == ringed(tmp_path, puzzle, prefix, "triangle", (1, 0))
    assert drawn != ringed(tmp_path, puzzle, prefix, "triangle", (0, 0))
    assert b'id="violation_0_triangle"' in drawn


def test_cli_pictures_every_refuted_clause_and_keeps_other_files(tmp_path, capsys):
    f = tmp_path / "unsound.pl"
    f.write_text(UNSOUND_PL)
    pics = tmp_path / "pics"
    assert main(["verify", str(f), "--max-size", "2x2", "--json", "--pictures", str(pics)]) == 0
    captured = capsys.readouterr()
    record = json.loads(captured.out)["clauses"][1]["counterexample"]
    assert sorted(p.name for p in pics.iterdir()) == ["clause2.svg"]  # clause 1 is proven
    assert f"wrote {pics / 'clause2.svg'}" in captured.err
    puzzle = Puzzle.from_dict(record["puzzle"])
    prefix = [tuple(v) for v in record["prefix"]]
    expected = ringed(tmp_path, puzzle, prefix, "triangle", tuple(record["square"]))
    assert (pics / "clause2.svg").read_bytes() == expected
    # its own picture is drawn again; a file of the user's is refused before the check
    assert main(["verify", str(f), "--max-size", "2x2", "--pictures", str(pics)]) == 0
    (pics / "clause1.svg").write_text("mine")
    capsys.readouterr()
    assert main(["verify", str(f), "--max-size", "2x2", "--pictures", str(pics)]) == 2
    assert "--pictures" in capsys.readouterr().err
    assert (pics / "clause1.svg").read_text() == "mine"


def test_cli_builtin_and_unknown_verdicts(capsys, tmp_path):
    assert main(["verify", "paper", "--max-size", "2x2"]) == 0
    assert capsys.readouterr().out.startswith("proven for every size")
    long = tmp_path / "long.pl"  # reads the path's length: no proof, only a search
    long.write_text("f(A,B) :- square(B,C,D), path(A,E), len(E,F), greaterThan(F,C).\n")
    assert main(["verify", str(long), "--max-size", "2x2", "--time-limit", "0"]) == 0
    assert capsys.readouterr().out.startswith("unknown")


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "paper", "--max-size", "2by2"],
        ["verify", "paper", "--max-size", "0x2"],
        ["verify", "no_such_file.pl"],
        ["verify", "nonsense"],
    ],
)
def test_cli_bad_input_exit_2(args, capsys):
    assert main(args) == 2
    assert capsys.readouterr().err.startswith("witness verify:")


# -------------------------------------------------------------- encoding
def test_every_feature_has_an_asp_encoding():
    # a new feature must get an encoding in prefix.lp and a place in the
    # generality argument (local, fixed on solution prefixes, or neither)
    assert set(FEATURES) == TRIANGLES.features
    assert TRIANGLES.features - LOCAL_FEATURES == {
        "path_length",
        "goal_unreachable",
        "addable_edges",
    }


def test_a_feature_without_encoding_is_refused():
    bogus = Clause((Comparison("eq", ("feature", "no_such_feature"), const(1)),))
    with pytest.raises(ValueError, match="no ASP encoding"):
        clause_rule(0, bogus, TRIANGLES)


def test_clause_rule_writes_every_operator_as_before():
    # the ASP symbols come from the one operator table (search.predicates.OPERATORS)
    old = {"eq": "=", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
    for op, symbol in old.items():
        clause = Clause(
            (
                Comparison(op, feat("triangles"), const(2)),
                Comparison(op, feat("edges_on_square"), feat("triangles")),
            )
        )
        assert clause_rule(3, clause, TRIANGLES) == (
            "fires(3, S) :- constrained(S), feature(S, triangles, F0), "
            f"F0 {symbol} 2, feature(S, edges_on_square, F1), F1 {symbol} F0."
        )


def asp_features(puzzle: Puzzle, solution, prefix) -> dict:
    """prefix.lp's feature/3 atoms with the puzzle, solution and head fixed by
    facts (what choose.lp would choose), over the triangle family's rules of the line."""

    def pair(v):
        return f"({v[0]}, {v[1]})"

    facts = [
        "edge(U, V) :- gedge(U, V).",
        f"start({pair(puzzle.start)}).",
        f"end({pair(puzzle.goal)}).",
        f":- not head({pair(prefix[-1])}).",
    ]
    facts += [f"tri({pair((2 * x + 1, 2 * y + 1))}, {k})." for x, y, k in puzzle.triangles]
    facts.append("side(P, Q) :- tri(P, _), adj(P, Q).")
    facts += [
        f":- not sel({pair(min(a, b))}, {pair(max(a, b))})."
        for a, b in itertools.pairwise(solution)
    ]
    facts.append(f":- #count {{ U, V : sel(U, V) }} != {len(solution) - 1}.")
    program = [encoding(n) for n in TRIANGLE_ENCODINGS] + [verifier_encoding("prefix.lp")]
    program += grid_facts(puzzle.rows, puzzle.cols, ()) + facts
    ctl = clingo.Control()
    ctl.add("base", [], "\n".join(program))
    ctl.ground([("base", [])])
    models = []
    ctl.solve(on_model=lambda m: models.append(m.symbols(atoms=True)))
    assert len(models) == 1
    out: dict = {}
    for s in models[0]:
        if s.match("feature", 3):
            px, py = (a.number for a in s.arguments[0].arguments)
            square = ((px - 1) // 2, (py - 1) // 2)
            out.setdefault(square, {})[s.arguments[1].name] = s.arguments[2].number
    return out


def test_asp_features_equal_square_features():
    rng = random.Random(5)
    checked = 0
    for _ in range(12):
        panel, solution = generate_from_path(rng.randint(1, 4), rng.randint(1, 4), rng)
        puzzle = paper(panel)
        for n in sorted({1, len(solution) - 1, rng.randint(1, len(solution) - 1)}):
            got = asp_features(puzzle, solution, solution[:n])
            for y in range(puzzle.rows):
                for x in range(puzzle.cols):
                    assert got[(x, y)] == square_features(panel, solution[:n], (x, y))
                    checked += 1
    assert checked > 100


def line_solutions(program: str, options: list[str]) -> set[frozenset]:
    """Every answer set's line (its sel/2 edges), one set of edges each."""
    ctl = clingo.Control(["--models=0", "--project", *options])
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    out: set[frozenset] = set()
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            out.add(
                frozenset(
                    (
                        tuple(a.number for a in s.arguments[0].arguments),
                        tuple(a.number for a in s.arguments[1].arguments),
                    )
                    for s in model.symbols(atoms=True)
                    if s.match("sel", 2)
                )
            )
    return out


def test_the_panel_encodings_give_the_same_solutions_as_brute_force():
    """The triangle family's rules of the line (the panel encodings, as the
    verifier's TRIANGLES gives them) find exactly the solutions of brute
    force, on random triangle puzzles up to 3x3 with any start, any goal on
    the rim and any triangles."""
    rng = random.Random(68)

    def pair(v):
        return f"({v[0]}, {v[1]})"

    compared = solvable = 0
    for _ in range(60):
        rows, cols = rng.randint(1, 3), rng.randint(1, 3)
        start = (rng.randint(0, cols), rng.randint(0, rows))
        rim = peripheral(rows, cols)
        goal = rng.choice([v for v in rim if v != start])
        cells = [(x, y) for x in range(cols) for y in range(rows)]
        chosen = rng.sample(cells, rng.randint(0, len(cells)))
        triangles = tuple((x, y, rng.randint(1, 3)) for x, y in chosen)
        puzzle = Puzzle(rows=rows, cols=cols, start=start, goal=goal, triangles=triangles)
        brute = {
            frozenset((min(a, b), max(a, b)) for a, b in itertools.pairwise(p))
            for p in enumerate_solutions(puzzle)
        }
        facts = [f"start({pair(start)}).", f"end({pair(goal)}).", "edge(U, V) :- gedge(U, V)."]
        facts += [f"tri({pair((2 * x + 1, 2 * y + 1))}, {k})." for x, y, k in triangles]
        facts.append("side(P, Q) :- tri(P, _), adj(P, Q).")
        panel = [encoding(n) for n in TRIANGLE_ENCODINGS] + grid_facts(rows, cols, ()) + facts
        assert line_solutions("\n".join(panel), []) == brute, puzzle.to_json()
        compared += 1
        solvable += bool(brute)
    assert compared == 60 and 10 < solvable < 60


def test_the_pipelines_verify_record_of_a_program_and_of_an_empty_one(tmp_path):
    """What the pipeline's verify rule (and benchmarks/retime_test_stage.py)
    writes: the verdict of a learned program, ``empty`` for a file with no
    clause."""
    from witness.pipeline.triage import verify_record

    program, empty = tmp_path / "table3.pl", tmp_path / "empty.pl"
    program.write_text(TABLE3_PROLOG)
    empty.write_text("% Learned by ilp\n% no program\n")
    record, summary = verify_record(program, 2, 2)
    assert record["status"] == "proven" and len(record["clauses"]) == 3 and summary
    assert verify_record(empty, 2, 2) == (
        {"predicate": str(empty), "status": "empty", "clauses": []},
        "no clause",
    )
