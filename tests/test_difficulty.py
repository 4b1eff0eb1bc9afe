"""MUSE and ReMUSE (Chen 2023, thesis chapter 3) with learned inference rules."""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from puzzles import (
    enumerate_solutions,
    neighbours,
    puzzles,
    satisfies_constraints,
    seeded_puzzles,
)

from profiles import examples
from witness.difficulty.entropy import (
    INF,
    min_path_entropies,
    muse,
    relative_entropy,
    softmin,
    uniform_entropy,
    with_lookahead,
)
from witness.difficulty.muse import Difficulty, score
from witness.difficulty.player import Player, player_rules
from witness.difficulty.ranking import rank_folder
from witness.learning.translate import load_predicate
from witness.model.puzzle import Puzzle
from witness.paper import TABLE3_PROLOG
from witness.search.panel_features import predicate_holds
from witness.search.predicates import (
    BASELINE,
    PAPER,
    Clause,
    Comparison,
    Predicate,
    as_program,
    const,
    feat,
)


def difficulty(
    puzzle: Puzzle, rules: Predicate | str = "none", lookahead: int = 0, **kw
) -> Difficulty:
    """The scores of a triangle puzzle for a player who knows ``rules`` (proven or not)."""
    return score(puzzle.to_panel(), Player(programs=(load_predicate(rules),)), lookahead, **kw)


# ------------------------------------------------------------ Table 3.1
# The thesis's Table 3.1: a 2x2 grid, start [0,0], goal [2,2], and a goal test
# whose solutions are the two paths ending in states 2d and 3h.
T31_SOLUTION_2 = ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2))
T31_SOLUTION_3 = ((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1), (0, 2), (1, 2), (2, 2))
# (ID, number of moves along the solution to reach it, A column, H(Z_|A|) column)
T31_ROWS = [
    ("1", T31_SOLUTION_2, 0, 2, 1),
    ("2a", T31_SOLUTION_2, 1, 2, 1),
    ("2b", T31_SOLUTION_2, 2, 3, 1.6),
    ("2c", T31_SOLUTION_2, 3, 2, 1),
    ("2d", T31_SOLUTION_2, 4, 0, 0),
    ("3a", T31_SOLUTION_3, 1, 2, 1),
    ("3b", T31_SOLUTION_3, 2, 1, 0),
    ("3c", T31_SOLUTION_3, 3, 2, 1),
    ("3d", T31_SOLUTION_3, 4, 2, 1),
    ("3e", T31_SOLUTION_3, 5, 1, 0),
    ("3f", T31_SOLUTION_3, 6, 1, 0),
    ("3g", T31_SOLUTION_3, 7, 1, 0),
    ("3h", T31_SOLUTION_3, 8, 0, 0),
]
T31_GRID = Puzzle(rows=2, cols=2, goal=(2, 2))


def t31_actions(state: tuple) -> list[tuple]:
    """A(s): extend the path to an unvisited neighbour; nothing once at the goal."""
    if state[-1] == T31_GRID.goal:
        return []
    return [state + (w,) for w in neighbours(T31_GRID, state[-1]) if w not in state]


def t31_goal(state: tuple) -> bool:
    return state in (T31_SOLUTION_2, T31_SOLUTION_3)


def test_table_3_1_muse_is_4_bits():
    start = ((0, 0),)
    assert muse([start], t31_actions, t31_goal)[0] == pytest.approx(4.0)
    # the text: 3.6 bits from State 2a, 3 bits from State 3a, so 1 + min(3.6, 3)
    two, _ = min_path_entropies(T31_SOLUTION_2[:2], t31_actions, t31_goal)
    assert two == pytest.approx(1 + math.log2(3) + 1) and round(two, 1) == 3.6
    assert min_path_entropies(T31_SOLUTION_3[:2], t31_actions, t31_goal)[0] == pytest.approx(3.0)


@pytest.mark.parametrize("row", T31_ROWS, ids=[r[0] for r in T31_ROWS])
def test_table_3_1_local_entropies(row):
    _, solution, moves, n_actions, h_column = row
    state = solution[: moves + 1]
    actions = t31_actions(state)
    assert len(actions) == n_actions
    if t31_goal(state):  # 2d and 3h: solved, Algorithm 1 line 12 returns 0
        assert h_column == 0 and min_path_entropies(state, t31_actions, t31_goal) == (0, 0)
    else:
        assert round(uniform_entropy(len(actions)), 1) == h_column


# ------------------------------------------------------------ definitions
def test_equation_3_1():
    assert [uniform_entropy(n) for n in range(1, 5)] == [0, 1, math.log2(3), 2]
    assert uniform_entropy(0) == INF


@pytest.mark.parametrize("scores", [[0.0], [3.0, 3.0], [1.5, 1.5, 1.5], [7.0] * 4])
def test_relative_entropy_is_0_when_children_score_the_same(scores):
    assert relative_entropy(scores) == pytest.approx(0.0, abs=1e-12)


def test_relative_entropy_is_kl_of_softmin_from_uniform():
    p = [math.exp(-1) / (math.exp(-1) + math.exp(-2)), math.exp(-2) / (math.exp(-1) + math.exp(-2))]
    assert softmin([1.0, 2.0]) == pytest.approx(p)
    expected = sum(x * math.log2(x / 0.5) for x in p)
    assert relative_entropy([1.0, 2.0]) == pytest.approx(expected)
    # an unsolvable child gets no weight: all of it on the other, log2 |sigma| bits
    assert relative_entropy([4.0, INF]) == pytest.approx(1.0)
    assert relative_entropy([0.0, INF, INF]) == pytest.approx(math.log2(3))


def test_one_forced_path_scores_0_generic():
    def chain(s: int) -> list[int]:  # 0 -> 1 -> ... -> 5, one move per state
        return [s + 1] if s < 5 else []

    assert muse([0], chain, lambda s: s == 5) == (0, 0)


# The only solution is up, up, right; under the paper's rules with a one-move
# lookahead every state on it has a single move (first moving right leaves no
# move that the rules keep).
FORCED = Puzzle(rows=2, cols=1, goal=(1, 2), triangles=((0, 0, 1),))


def test_one_forced_path_scores_0_witness():
    r = difficulty(FORCED, "paper", lookahead=1)
    assert (r.muse, r.remuse, r.solutions, r.mean_length) == (0, 0, 1, 3)
    assert r.status == "done"
    assert difficulty(FORCED, "none").muse > 0  # A(s) keeps both first moves


def test_children_that_all_score_the_same_give_remuse_0():
    # 1x1 grid, goal top-right, no triangles: both first moves lead to one forced
    # solution, so MUSE pays 1 bit for the choice and ReMUSE nothing.
    r = difficulty(Puzzle(rows=1, cols=1, goal=(1, 1)), "none")
    assert (r.muse, r.remuse, r.solutions) == (1, 0, 2)


def test_unsolvable_scores_infinity_and_json_null():
    # 1x1, goal (1,0), square needs 2 edges: no simple path uses exactly 2.
    p = Puzzle(rows=1, cols=1, goal=(1, 0), triangles=((0, 0, 2),))
    r = difficulty(p, "paper")
    assert (r.muse, r.remuse, r.solutions, r.mean_length) == (INF, INF, 0, None)
    d = r.contract_dict()
    assert d["muse"] is None and d["remuse"] is None and d["status"] == "done"


# ------------------------------------------------------------ brute force
def brute_force(puzzle: Puzzle, pred: Predicate, n: int) -> tuple[float, float]:
    """MUSE and ReMUSE by plain recursion over paths (no memo, no pruning)."""

    panel = puzzle.to_panel()

    def solved(path):
        return path[-1] == puzzle.goal and satisfies_constraints(puzzle, path)

    def moves(path):  # L(s): A(s) minus what the rules reject (solutions always kept)
        if path[-1] == puzzle.goal:
            return []
        kids = [path + [w] for w in neighbours(puzzle, path[-1]) if w not in path]
        return [c for c in kids if solved(c) or not predicate_holds(pred, panel, c)]

    def probe(path, k):  # (solved within k moves, solved or k more moves)
        if solved(path):
            return True, True
        if k == 0:
            return False, True
        found = [probe(c, k - 1) for c in moves(path)]
        return any(a for a, _ in found), any(b for _, b in found)

    def score(path):
        if solved(path) or (n > 0 and probe(path, n)[0]):
            return 0.0, 0.0
        kids = [c for c in moves(path) if n == 0 or probe(c, n)[1]]
        if not kids:
            return INF, INF
        scores = [score(c) for c in kids]
        m = min(s for s, _ in scores)
        r = min(t for _, t in scores)
        if m == INF:
            return INF, INF
        weights = [math.exp(-t) for _, t in scores]  # softmin, written out
        p = [w / sum(weights) for w in weights]
        kl = sum(x * math.log2(x * len(kids)) for x in p if x > 0)
        return m + math.log2(len(kids)), r + kl

    return score([puzzle.start])


# Rules that read the free-region features (the search core floods for them).
REGION = Predicate(
    "region",
    "program",
    (
        Clause((Comparison("lt", feat("addable_edges"), feat("edges_needed")),)),
        Clause((Comparison("eq", feat("goal_unreachable"), const(1)),)),
    ),
)
RULES = {"none": Predicate("none", "none"), "baseline": BASELINE, "paper": PAPER, "region": REGION}


def test_fast_agrees_with_brute_force_on_300_small_puzzles():
    cases = itertools.cycle(
        [
            ("none", 0),
            ("paper", 0),
            ("baseline", 1),
            ("paper", 2),
            ("none", 1),
            ("region", 0),
            ("region", 1),
        ]
    )
    for puzzle, (rules, n) in zip(
        seeded_puzzles(300, seed=15, max_rows=3, max_cols=2), cases, strict=False
    ):
        fast = difficulty(puzzle, RULES[rules], n)
        m, r = brute_force(puzzle, RULES[rules], n)
        assert fast.muse == pytest.approx(m), (puzzle.to_json(), rules, n)
        assert fast.remuse == pytest.approx(r), (puzzle.to_json(), rules, n)
        solutions = list(enumerate_solutions(puzzle))
        assert fast.solutions == len(solutions)
        if solutions:
            assert fast.mean_length == pytest.approx(
                sum(len(s) - 1 for s in solutions) / len(solutions)
            )


def test_fast_agrees_with_brute_force_on_3x3():
    for puzzle in seeded_puzzles(12, seed=16, max_rows=3, max_cols=3, min_side=3):
        for rules, n in (("none", 0), ("paper", 1)):
            fast = difficulty(puzzle, rules, n)
            m, r = brute_force(puzzle, RULES[rules], n)
            assert (fast.muse, fast.remuse) == (pytest.approx(m), pytest.approx(r))


def test_generic_algorithm_agrees_with_fast():
    """Algorithm 1 and 2 as written (muse, with_lookahead) on Witness states."""
    for puzzle in seeded_puzzles(40, seed=17, max_rows=2, max_cols=3):
        panel = puzzle.to_panel()
        for n in (0, 1):

            def actions(s, p=puzzle, panel=panel):
                if s[-1] == p.goal:
                    return []
                kids = [s + (w,) for w in neighbours(p, s[-1]) if w not in s]
                return [c for c in kids if goal(c) or not predicate_holds(PAPER, panel, c)]

            def goal(s, p=puzzle):
                return s[-1] == p.goal and satisfies_constraints(p, s)

            sigma, gamma = with_lookahead(actions, goal, n)
            fast = difficulty(puzzle, "paper", n)
            got = muse([(puzzle.start,)], sigma, gamma)
            assert got == (pytest.approx(fast.muse), pytest.approx(fast.remuse))


# ------------------------------------------------------------ properties
SUBSETS = [c for k in range(4) for c in itertools.combinations(range(3), k)]


def paper_subset(indices: tuple[int, ...]) -> Predicate:
    if not indices:
        return Predicate("none", "none")
    return as_program(Predicate("paper", "program", tuple(PAPER.clauses[i] for i in indices)))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(max_rows=3, max_cols=3))
def test_adding_a_sound_rule_never_raises_muse(puzzle):
    for n in (0, 1):
        scores = {s: difficulty(puzzle, paper_subset(s), n) for s in SUBSETS}
        for small, big in itertools.product(SUBSETS, SUBSETS):
            if set(small) <= set(big):
                assert scores[big].muse <= scores[small].muse + 1e-9
        # the rules are sound, so they never change the solutions
        assert len({(s.solutions, s.mean_length) for s in scores.values()}) == 1
    assert difficulty(puzzle, "paper").muse <= difficulty(puzzle, "baseline").muse + 1e-9


def test_time_limit_ends_cleanly():
    big = Puzzle(rows=7, cols=7, goal=(7, 7))
    r = difficulty(big, "none", time_limit=0.2)
    assert r.status == "timed_out" and r.muse is None and r.remuse is None
    assert r.contract_dict()["muse"] is None


def test_memory_budget_ends_cleanly():
    r = difficulty(Puzzle(rows=6, cols=6, goal=(6, 6)), "none", memory_mb=1)
    assert r.status == "out_of_memory" and r.muse is None


# ------------------------------------------------------------ player rules
def test_builtins_are_proven_for_every_size():
    from witness.verify.verdict import verify_predicate

    for pred in (BASELINE, PAPER):
        assert verify_predicate(pred, 2, 2).status == "proven"


UNSOUND_PL = """\
f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).
f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), three(C), one(F).
"""
PAPER_PL = TABLE3_PROLOG


def test_player_rules_accept_proven_clauses_only(tmp_path):
    from witness.errors import InputError

    unsound = tmp_path / "unsound.pl"
    unsound.write_text(UNSOUND_PL)
    with pytest.raises(InputError, match="not proven"):
        player_rules(str(unsound))
    with pytest.raises(InputError, match="not proven"):
        player_rules(str(unsound), [2])
    only_first = player_rules(str(unsound), [1])  # the over-count rule alone is sound
    assert len(only_first.clauses) == 1
    with pytest.raises(InputError, match="clause 3 does not exist"):
        player_rules(str(unsound), [3])
    with pytest.raises(InputError, match="clause 0 does not exist"):
        player_rules("paper", [0])
    with pytest.raises(InputError, match="no clauses"):
        player_rules("none", [1])
    # a learned copy of the paper's predicate scores as the built-in does
    learned = tmp_path / "pi_star.pl"
    learned.write_text(PAPER_PL)
    p = seeded_puzzles(1, seed=8, max_rows=4, max_cols=4, min_side=4)[0]
    a, b = difficulty(p, player_rules(str(learned))), difficulty(p, "paper")
    assert (a.muse, a.remuse) == (b.muse, b.remuse)


def test_player_rules_read_the_pipelines_verify_json(tmp_path):
    from witness.errors import InputError
    from witness.learning.translate import load_predicate

    program = tmp_path / "pi_star.pl"
    program.write_text(UNSOUND_PL)
    sources = [c.source for c in load_predicate(str(program)).clauses]
    sidecar = tmp_path / "pi_star.verify.json"
    sidecar.write_text(
        json.dumps(
            {
                "status": "refuted",
                "clauses": [
                    {"index": 1, "status": "proven", "source": sources[0]},
                    {"index": 2, "status": "refuted", "source": sources[1]},
                ],
            }
        )
    )
    assert len(player_rules(str(program), [1]).clauses) == 1
    record = {
        "status": "proven",
        "clauses": [
            {"index": i, "status": "proven", "source": s} for i, s in enumerate(sources, 1)
        ],
    }
    sidecar.write_text(json.dumps(record))
    assert len(player_rules(str(program)).clauses) == 2  # the pipeline's word is taken
    # ... for the program it verified: a record left beside an edited .pl, or one
    # that lists no clauses, is not taken; the program is verified (and refuted) here
    for stale in ({**record, "clauses": record["clauses"][:1]}, {"status": "proven"}):
        sidecar.write_text(json.dumps(stale))
        with pytest.raises(InputError, match="not proven"):
            player_rules(str(program))


# ------------------------------------------------------------ ranking and CLI
def test_rank_folder_orders_by_remuse_then_muse(tmp_path):
    for i, p in enumerate(seeded_puzzles(8, seed=21, max_rows=3, max_cols=3)):
        p.save(tmp_path / f"p{i}.json")
    ranked = rank_folder(tmp_path, "paper")
    keys = [(r.scores.remuse, r.scores.muse) for r in ranked]
    assert keys == sorted(keys)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "witness.cli", "difficulty", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("difficulty") / "p.json"
    FORCED.save(path)
    return path


def test_cli_json(puzzle_file):
    out = run_cli(str(puzzle_file), "--rules", "paper", "--lookahead", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["muse"], data["remuse"], data["solutions"], data["status"]) == (0, 0, 1, "done")


@pytest.mark.parametrize(
    "args, field",
    [
        (["--rules", "paper", "--clauses", "4"], "--clauses"),
        (["--rules", "paper", "--clauses", "x"], "--clauses"),
        (["--lookahead", "-1"], "--lookahead"),
        (["--rules", "nonsense"], "nonsense"),
        (["--time-limit", "0"], "--time-limit"),
    ],
)
def test_cli_bad_input_exits_2(puzzle_file, args, field):
    out = run_cli(str(puzzle_file), *args)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and field in out.stderr


def test_cli_rules_that_are_not_a_program_exit_2_naming_the_file(puzzle_file, tmp_path):
    not_a_program = tmp_path / "bias.pl"
    not_a_program.write_text("head_pred(f,2).\n")  # a bias file given by mistake
    out = run_cli(str(puzzle_file), "--rules", str(not_a_program))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
    assert "--rules" in out.stderr and str(not_a_program) in out.stderr


def test_cli_unproven_rules_exit_2(puzzle_file, tmp_path):
    program = tmp_path / "unsound.pl"
    program.write_text(UNSOUND_PL)
    out = run_cli(str(puzzle_file), "--rules", str(program))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "not proven" in out.stderr


def test_cli_rank_writes_csv(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    for i, p in enumerate(seeded_puzzles(4, seed=22, max_rows=3, max_cols=3)):
        p.save(folder / f"p{i}.json")
    out = run_cli("--rank", str(folder), "--rules", "paper", "--csv", str(tmp_path / "r.csv"))
    assert out.returncode == 0, out.stderr
    lines = (tmp_path / "r.csv").read_text().splitlines()
    assert lines[0].startswith("rank,puzzle,size,remuse,muse") and len(lines) == 5
    assert out.stdout.splitlines()[0].split()[:3] == ["rank", "puzzle", "size"]
    # a puzzle that is not one: refused before the work, naming the file and the field
    (folder / "zz_bad.json").write_text('{"rows": 2}')
    out = run_cli("--rank", str(folder), "--rules", "paper", "--csv", str(tmp_path / "r2.csv"))
    assert out.returncode == 2 and not (tmp_path / "r2.csv").exists()
    assert len(out.stderr.strip().splitlines()) == 1
    assert "zz_bad.json" in out.stderr and "'cols'" in out.stderr
    (folder / "zz_bad.json").unlink()
    # a folder as --csv: refused before the work, naming the option
    out = run_cli("--rank", str(folder), "--csv", str(tmp_path))
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and out.stderr.count("--csv") == 1


def test_score_set_scores_a_seeded_sample_with_proven_rule_sets_only(tmp_path):
    import pandas as pd

    from witness.difficulty.ranking import score_set

    folder = tmp_path / "test"
    folder.mkdir()
    for i, p in enumerate(seeded_puzzles(10, seed=23, max_rows=3, max_cols=3)):
        p.save(folder / f"test_{i:05d}.json")
    unsound = tmp_path / "pi_star.pl"
    unsound.write_text(UNSOUND_PL)
    (tmp_path / "pi_star.verify.json").write_text(json.dumps({"status": "refuted"}))
    out = tmp_path / "difficulty" / "scores.csv"
    rules = {"none": "none", "paper": "paper", "pi_star": str(unsound)}
    rows = score_set(folder, rules, out, sample=4, seed=1)
    df = pd.read_csv(out)
    assert len(rows) == len(df) == 8 and set(df["rules"]) == {"none", "paper"}
    assert df["puzzle"].nunique() == 4
    again = score_set(folder, rules, tmp_path / "again.csv", sample=4, seed=1)
    assert [r["puzzle"] for r in again] == [r["puzzle"] for r in rows]
    for _, g in df.groupby("puzzle"):
        none, paper = g.set_index("rules").loc[["none", "paper"], "muse"]
        assert paper <= none and g["solutions"].nunique() == 1
