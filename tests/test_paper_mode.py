"""The paper's triangle searches, pinned. ``witness.search.solve`` runs the
triangle family in the compiled core's paper mode (panel_search.PAPER_MODE).
It must give every status, expansion count, path and count of paths generated
that the paper's own triangle core gave, with every built-in predicate, mode
and base_prune, and with learned programs over the paper's Table 1 features
(``LEARNED``: Table 3 as a program, the rich bias's pi*, which reads the
goal's reachability and the addable sides, one that reads the addable sides
without the goal, one that reads the path's length, and seeded random ones
over every feature).

tests/data/paper_searches.json holds, per group of searches (the puzzles of
one draw, one predicate, mode and base_prune), their number, total
expansions and paths generated, statuses and a digest of every search's
(status, expansions, generated, path) in order. The triangle core recorded
it on commit 78b0fd8, its last, through this file's :func:`record` (where
that core and the paper mode were checked against each other search by
search, 200 puzzles a size); the groups of ``addable`` were recorded in that
core later, by the same function. ``python tests/test_paper_mode.py`` writes
the file anew from the current code.

The draws: Algorithm 3's seeded test sets (``generate_set``, 200 a size from
2x2 to 5x5 in the slow tier), its draws before the solvability test (some
unsolvable), and searches from lines drawn so far (``prefix``)."""

from __future__ import annotations

import functools
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from project_files import ROOT

from witness.learning.translate import translate_file
from witness.model.rules import check, random_walk
from witness.search import panel_search, solvers
from witness.search.generate import generate_set, random_puzzle_candidate
from witness.search.predicates import (
    BUILTINS,
    FEATURES,
    OPERATORS,
    Clause,
    Comparison,
    Predicate,
    as_program,
    const,
    feat,
)

RECORD = ROOT / "tests" / "data" / "paper_searches.json"
PER_SIZE = 200
PER_SIZE_DEFAULT = 12  # the default tier's share of the slow tier's puzzles
BUDGET = 200_000
SIZES = [2, 3, 4, 5]
MODES = [(mode, base) for mode in ("prune", "sort") for base in (False, True)]


def random_programs(count: int, seed: int) -> list[Predicate]:
    """Seeded programs of 1 to 3 clauses, each 1 to 3 comparisons of a Table 1
    feature with another or with a constant of 0 to 4."""
    rng = random.Random(seed)
    names = sorted(FEATURES)

    def comparison() -> Comparison:
        right = feat(rng.choice(names)) if rng.random() < 0.3 else const(rng.randint(0, 4))
        return Comparison(rng.choice(sorted(OPERATORS)), feat(rng.choice(names)), right)

    return [
        Predicate(
            f"random{i}",
            "program",
            tuple(
                Clause(tuple(comparison() for _ in range(rng.randint(1, 3))))
                for _ in range(rng.randint(1, 3))
            ),
        )
        for i in range(count)
    ]


LONG = Predicate(
    "long",
    "program",
    (
        Clause((Comparison("gt", feat("edges_on_square"), feat("triangles")),)),
        Clause((Comparison("gt", feat("path_length"), const(6)),
                Comparison("lt", feat("edges_on_square"), feat("triangles")))),
    ),
)  # fmt: skip
_SHORT = Comparison("gt", feat("edges_needed"), feat("addable_edges"))
# a GP program of the side-by-side run: the addable sides without the goal's axis
ADDABLE = Predicate(
    "addable",
    "program",
    (
        Clause((_SHORT, Comparison("eq", feat("edges_needed"), const(2)))),
        Clause((Comparison("gt", feat("edges_on_square"), feat("triangles")),)),
        Clause((_SHORT, Comparison("eq", feat("edges_needed"), const(1)))),
    ),
)
LEARNED = {
    p.name: p
    for p in [
        as_program(BUILTINS["paper"]),
        translate_file(ROOT / "results" / "reference" / "rich" / "rich" / "final" / "pi_star.pl"),
        LONG,
        ADDABLE,
        *random_programs(6, seed=1),
    ]
}
PREDICATES = {**{name: BUILTINS[name] for name in ("none", "baseline", "paper")}, **LEARNED}


@functools.cache  # (once a process: Algorithm 3's 5x5 sets are the slow tier's costliest draw)
def seeded(size: int, count: int) -> tuple:
    """Algorithm 3's test set of ``count`` size x size puzzles (seed: the size);
    a smaller count is the first puzzles of the same draws."""
    return tuple(generate_set("random", [(size, size)], count, seed=size))


def candidates(size: int, count: int) -> list:
    """Algorithm 3's draws before its solvability test: some have no solution."""
    rng = random.Random(size)
    return [random_puzzle_candidate(size, size, rng) for _ in range(count)]


def with_lines(puzzles: Sequence, seed: int, per_puzzle: int) -> list:
    """(puzzle, a line drawn so far that does not end at the goal) pairs."""
    rng = random.Random(seed)
    drawn = []
    for puzzle in puzzles:
        for _ in range(per_puzzle):
            line = random_walk(puzzle.to_panel(), rng, min_steps=1, max_steps=8, stop_at_ends=True)
            if line[-1] not in puzzle.ends:  # (a line at the goal: the driver's goal test)
                drawn.append((puzzle, line))
    return drawn


def draws(name: str) -> list:
    """The (puzzle, prefix) pairs of a named draw: ``seeded-S-N`` (the first N
    of the SxS test set), ``drafts-S-N`` (Algorithm 3's first N draws),
    ``lines-A`` and ``lines-B`` (two sets of lines drawn so far)."""
    kind, *args = name.split("-")
    if kind == "seeded":
        return [(p, None) for p in seeded(int(args[0]), int(args[1]))]
    if kind == "drafts":
        return [(p, None) for p in candidates(int(args[0]), int(args[1]))]
    if name == "lines-A":
        return with_lines(seeded(4, PER_SIZE_DEFAULT), seed=7, per_puzzle=3)
    if name == "lines-B":
        return with_lines([*seeded(4, 4), *candidates(3, 8)], seed=3, per_puzzle=1)
    raise KeyError(name)


def group_key(draw: str, predicate: str, mode: str, base: bool) -> str:
    return f"{draw}/{predicate}/{mode}{'+base' if base else ''}"


# (draw, predicates, slow): every group of searches the record holds
PLAN = [
    *[(f"seeded-{s}-{PER_SIZE_DEFAULT}", ["none", "baseline", "paper"], False) for s in SIZES],
    *[(f"seeded-{s}-3", list(LEARNED), False) for s in SIZES],
    *[(f"drafts-{s}-40", ["none", "baseline", "paper"], False) for s in (3, 4)],
    ("lines-A", ["none", "baseline", "paper"], False),
    ("lines-B", list(LEARNED), False),
    *[(f"seeded-{s}-{PER_SIZE}", list(PREDICATES), True) for s in SIZES],
]


def record(draw: str, predicate: str, mode: str, base: bool) -> dict:
    """One group's searches, summed up: their number, expansions, paths
    generated, statuses and a digest of each one's (status, expansions,
    generated, path) in order. Every path found must solve its puzzle."""
    digest = hashlib.sha256()
    statuses: Counter[str] = Counter()
    expansions = generated = 0
    pairs = draws(draw)
    for puzzle, prefix in pairs:
        result = solvers.solve(
            puzzle,
            PREDICATES[predicate],
            mode=mode,
            base_prune=base,
            max_expansions=BUDGET,
            prefix=prefix,
        )
        assert result.path is None or check(puzzle.to_panel(), result.path).solved
        row = (result.status, result.expansions, result.generated, result.path)
        digest.update(json.dumps(row).encode())
        statuses[result.status] += 1
        expansions += result.expansions
        generated += result.generated
    return {
        "searches": len(pairs),
        "expansions": expansions,
        "generated": generated,
        "statuses": dict(sorted(statuses.items())),
        "digest": digest.hexdigest()[:16],
    }


def recorded() -> dict:
    return json.loads(RECORD.read_text())["groups"]


def cases(slow: bool) -> list:
    return [
        pytest.param(draw, p, id=f"{draw}/{p}")
        for draw, predicates, is_slow in PLAN
        if is_slow == slow
        for p in predicates
    ]


def same_as_recorded(draw: str, predicate: str) -> None:
    pinned = recorded()
    for mode, base in MODES:
        key = group_key(draw, predicate, mode, base)
        assert record(draw, predicate, mode, base) == pinned[key], key


@pytest.mark.parametrize(("draw", "predicate"), cases(slow=False))
def test_paper_mode_searches_as_the_paper_core_did(draw, predicate):
    same_as_recorded(draw, predicate)


@pytest.mark.slow
@pytest.mark.parametrize(("draw", "predicate"), cases(slow=True))
def test_paper_mode_searches_as_the_paper_core_did_on_200_per_size(draw, predicate):
    same_as_recorded(draw, predicate)


def test_the_draws_tried_both_answers_and_every_status_is_an_answer():
    pinned = recorded()
    seen = Counter()
    for counts in pinned.values():
        seen.update(counts["statuses"])
    assert {"solved", "unsolvable"} <= set(seen)
    assert pinned[group_key(f"seeded-5-{PER_SIZE}", "baseline", "prune", False)]["searches"] == 200


@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_general_rules_give_the_paper_modes_answers(size):
    """Under the general rules pi_baseline prunes more than the paper's, so
    what must agree with the paper mode is the answer: solvable or not."""
    for puzzle in candidates(size, 40):
        paper = solvers.solve(puzzle, "baseline")
        general = panel_search.solve_panel(puzzle.to_panel(), "baseline")
        assert general.status == paper.status, puzzle.to_json()
        assert general.path is None or check(puzzle.to_panel(), general.path).solved


def test_paper_mode_takes_triangle_puzzles_and_their_predicates_alone():
    from witness.errors import InputError
    from witness.model.panel import Panel

    squares = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "black"), (1, 0, "white")))
    with pytest.raises(InputError, match="triangle puzzles alone"):
        panel_search.solve_panel(squares, "none", settings=panel_search.PAPER_MODE)
    triangle = seeded(2, 1)[0].to_panel()
    with pytest.raises(InputError, match="paper's mode"):
        panel_search.solve_panel(triangle, "bogus", settings=panel_search.PAPER_MODE)


def test_the_driver_runs_the_triangle_family_in_the_paper_mode():
    puzzle = seeded(3, 1)[0]
    for predicate in (BUILTINS["baseline"], as_program(BUILTINS["paper"])):
        assert solvers.core_for(puzzle, predicate)[1] == panel_search.PAPER_MODE
        assert solvers.core_for(puzzle.to_panel(), predicate)[1] == panel_search.PAPER_MODE
    assert solvers.core_for(puzzle, None)[1] == panel_search.PAPER_MODE


def test_a_line_drawn_to_the_goal_is_goal_tested_alone():
    """witness.search.solve from a prefix that already ends at the goal: the
    goal test, no expansion."""
    tested = 0
    for puzzle in generate_set("random", [(3, 3)], 8, 5):
        found = solvers.solve(puzzle, "baseline")
        if not found.solved:
            continue
        tested += 1
        done = solvers.solve(puzzle, "baseline", prefix=found.path)
        assert (done.status, done.expansions, done.path) == ("solved", 0, found.path)
    assert tested > 0


def write_record(path: Path = RECORD) -> None:
    """Record every group of :data:`PLAN` with the current code."""
    groups = {}
    for draw, predicates, _ in PLAN:
        for predicate in predicates:
            for mode, base in MODES:
                groups[group_key(draw, predicate, mode, base)] = record(draw, predicate, mode, base)
                print(group_key(draw, predicate, mode, base), file=sys.stderr, flush=True)
    path.write_text(json.dumps({"groups": groups}, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    write_record(Path(sys.argv[1]) if len(sys.argv) > 1 else RECORD)
