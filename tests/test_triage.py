"""Triage timing (Algorithm 2): candidates and the baseline timed in one process."""

import numpy as np
import pytest

from witness.errors import InputError
from witness.learning.translate import translate_file
from witness.paper import TABLE3_PROLOG
from witness.pipeline.evaluate import solve_all
from witness.pipeline.triage import (
    candidate_timings,
    distinct_predicates,
    program_key,
    run_triage,
    select_stage,
    time_candidates,
)
from witness.pipeline.triage_tables import (
    read_timings,
    representatives,
    write_distinct,
    write_timings,
)
from witness.search.generate import generate_set, read_set, write_set

TABLE3_PL = TABLE3_PROLOG
OVER_COUNT_PL = "f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).\n"


@pytest.fixture(scope="module")
def task(tmp_path_factory):
    root = tmp_path_factory.mktemp("triage")
    write_set(generate_set("random", [(2, 2), (4, 4)], 12, seed=4), root / "set", prefix="f")
    (root / "table3.pl").write_text(TABLE3_PL)
    (root / "over.pl").write_text(OVER_COUNT_PL)
    (root / "empty.pl").write_text("% learning found no program\n")
    return root


@pytest.mark.parametrize("version, base_prune", [("v1", False), ("v2", True)])
def test_expansions_and_speedup_e_match_separate_solves(task, version, base_prune):
    rows = time_candidates(
        [task / "table3.pl", task / "over.pl", task / "empty.pl"],
        task / "set",
        version,
        repeats=2,
        progress=False,
    )
    by_name = {r.predicate: r for r in rows}
    puzzles = read_set(task / "set")
    base = sum(r.expansions for r in solve_all(puzzles, "baseline", "prune"))
    for name in ("table3", "over"):
        pred = translate_file(task / f"{name}.pl")
        mine = sum(r.expansions for r in solve_all(puzzles, pred, "sort", base_prune=base_prune))
        row = by_name[name]
        assert row.expansions == mine and row.baseline_expansions == base
        assert row.speedup_E == pytest.approx(base / mine)
        assert row.speedup_t > 0 and 0 < row.speedup_t_min <= row.speedup_t_max
    assert by_name["empty"].speedup_E == 0 and by_name["empty"].speedup_t == 0


def test_stage_ranks_groups_together_and_never_keeps_an_empty_program(task, tmp_path):
    g0 = time_candidates([task / "over.pl"], task / "set", "v1", repeats=1, progress=False)
    g1 = time_candidates(
        [task / "table3.pl", task / "empty.pl"], task / "set", "v1", repeats=1, progress=False
    )
    write_timings(g0, tmp_path / "g0.csv")
    write_timings(g1, tmp_path / "g1.csv")
    assert read_timings(tmp_path / "g0.csv") == [
        type(g0[0])(**{k: v for k, v in vars(g0[0]).items()})
    ]
    rows = select_stage(
        [tmp_path / "g0.csv", tmp_path / "g1.csv"], 3, tmp_path / "s.csv", rank_by="speedup_E"
    )
    assert [r.predicate for r in rows][-1] == "empty"
    assert [r.kept for r in rows] == [True, True, False]
    # Table 3 prunes (sorts) at least as well as its first row alone
    assert rows[0].predicate == "table3"


def test_headline_speedup_t_lies_within_its_per_repetition_range(tmp_path):
    # seconds[repetition, runner, puzzle]: runner 0 is the baseline. The
    # candidate is fast on one puzzle in each repetition, a different one each
    # time, so the fastest-of-each-solve sums (0.2 s) fit no single repetition.
    seconds = np.array(
        [
            [[1.0, 1.0], [0.1, 1.0], [0.5, 0.5]],
            [[1.0, 1.0], [1.0, 0.1], [0.5, 0.5]],
        ]
    )
    fast, steady = candidate_timings(
        ["baseline", "fast", "steady"], [], seconds, np.array([10, 5, 5]), np.zeros(3, int)
    )
    # Equation 1 over every solve: 4.0 s of the baseline over 2.2 s, not 2.0 / 0.2
    assert fast.speedup_t == pytest.approx(4.0 / 2.2)
    assert fast.speedup_t_min == fast.speedup_t_max == pytest.approx(2.0 / 1.1)
    assert fast.seconds == pytest.approx(1.1) and fast.baseline_seconds == pytest.approx(2.0)
    assert fast.speedup_t == pytest.approx(fast.baseline_seconds / fast.seconds)
    assert steady.speedup_t == pytest.approx(2.0)
    # rank_by speedup_t ranks on that headline (the fastest-of-each-solve
    # ratio, 10 for "fast", would have put it first)
    write_timings([fast, steady], tmp_path / "g.csv")
    rows = select_stage([tmp_path / "g.csv"], 1, tmp_path / "s.csv", rank_by="speedup_t")
    assert [(r.predicate, r.kept) for r in rows] == [("steady", True), ("fast", False)]
    assert all(r.speedup_t_min <= r.speedup_t <= r.speedup_t_max for r in rows)


def test_bad_arguments_are_input_errors(task):
    with pytest.raises(InputError, match="version"):
        time_candidates([], task / "set", "v3")
    with pytest.raises(InputError, match="repeats"):
        time_candidates([], task / "set", "v1", repeats=0)


# Table 3 again, its clauses in another order, literals shuffled and body
# variables renamed: the same program.
TABLE3_COPY_PL = """\
% learned from another puzzle
f(A,B) :- notAdjacent(A,B), one(G), three(H), path(A,Z), square(B,H,Q), count(Z,Q,G).
f(A,B) :- path(A,X), greaterThan(Y,W), count(V,X,Y), square(B,W,V).
f(A,B) :- three(C), count(E,D,F), two(F), notAdjacent(A,B), square(B,C,D), path(A,E).
"""


# Other clauses, same predicate: a square has at most 3 triangles, so
# greaterThan(D,F), two(F) says three(D), two(F) (learned so in the paper-scale run).
TABLE3_VARIANT_PL = """\
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), two(F).
"""


def test_copies_of_a_program_are_one_predicate_and_others_are_not(task, tmp_path):
    (tmp_path / "a_copy.pl").write_text(TABLE3_COPY_PL)
    (tmp_path / "variant.pl").write_text(TABLE3_VARIANT_PL)
    assert program_key(tmp_path / "variant.pl") == program_key(task / "table3.pl")
    # Same literals as Table 3's last clause but two(F) bound to another variable.
    (tmp_path / "near.pl").write_text(TABLE3_PL.replace("two(F)", "two(D)"))
    files = [
        task / "table3.pl",
        task / "over.pl",
        task / "empty.pl",
        tmp_path / "a_copy.pl",
        tmp_path / "near.pl",
    ]
    assert program_key(tmp_path / "a_copy.pl") == program_key(task / "table3.pl")
    assert program_key(tmp_path / "near.pl") != program_key(task / "table3.pl")
    rows = {r.predicate: (r.same_as, r.clauses) for r in distinct_predicates(files)}
    # the first by name stands for its program, whatever order the files come in
    assert rows == {
        "a_copy": ("a_copy", 3),
        "empty": ("empty", 0),
        "near": ("near", 3),
        "over": ("over", 1),
        "table3": ("a_copy", 3),
    }
    write_distinct(distinct_predicates(files[::-1]), tmp_path / "d.csv")
    assert representatives(tmp_path / "d.csv") == ["a_copy", "empty", "near", "over"]


def test_run_triage_times_one_copy_of_each_program(task, tmp_path):
    (tmp_path / "a_copy.pl").write_text(TABLE3_COPY_PL)
    files = [task / "table3.pl", tmp_path / "a_copy.pl", task / "over.pl"]
    kept = run_triage(
        files, [task / "set"] * 3, "v1", (2, 2, 1), tmp_path / "out", repeats=1, rank_by="speedup_E"
    )
    ranked = [r.predicate for r in read_timings(tmp_path / "out" / "stage1" / "group0.csv")]
    assert sorted(ranked) == ["a_copy", "over"]
    assert kept[2] == ["a_copy"]  # Table 3 sorts better than its first clause alone
