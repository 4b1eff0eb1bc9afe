"""The steps after the search (the union of the recursive program with pool
rules, the final check) keep the job's deadline: no test starts after it and
each is cut to the time left. Counted with fake testers, never timed."""

import time
from pathlib import Path

import pytest

from ilp.bias import parse_bias, read_bias
from ilp.combine import Combination, Pool
from ilp.loop import CHECK_SECONDS, check_program
from ilp.recursion import with_pool_rules
from ilp.rules import parse_rule
from ilp.test import Coverage, RescoreFailed, Tester

BASE = parse_rule("f(A,B) :- head(A,B).")
STEP = parse_rule("f(A,B) :- tail(A,C), f(C,B).")
EXTRA = [parse_rule("f(A,B) :- empty(A), zero(B)."), parse_rule("f(A,B) :- one(A), zero(B).")]


class CountingTester:
    """Answers every program test with new positives, counting calls and their limits."""

    n_pos, n_neg, eval_timeout = 8, 4, 10.0

    def __init__(self) -> None:
        self.limits: list[float | None] = []

    def cover_program(self, rules, kind, candidates=None, time_limit=None, first=False):
        self.limits.append(time_limit)
        mask = (1 << len(rules)) - 1 if kind == "pos" else 0
        return Coverage(mask, "ok")


def pool_of_extras() -> Pool:
    pool = Pool()
    for k, rule in enumerate(EXTRA):
        pool.add(rule, 1 << (k + 2))
    return pool


def test_union_with_pool_rules_starts_no_test_after_the_deadline() -> None:
    recursive = Combination((BASE, STEP), 0b1, True)
    tester = CountingTester()
    past = time.perf_counter() - 1.0
    found = with_pool_rules(Combination((), 0, True), recursive, pool_of_extras(), tester, 4, past)
    assert tester.limits == []  # the old code tested every pool rule, 10 s each
    assert found == recursive


def test_union_with_pool_rules_cuts_each_test_to_the_time_left() -> None:
    recursive = Combination((BASE, STEP), 0b1, True)
    tester = CountingTester()
    deadline = time.perf_counter() + 2.0
    with_pool_rules(Combination((), 0, True), recursive, pool_of_extras(), tester, 4, deadline)
    assert tester.limits  # it did test
    assert all(x is not None and 0 < x <= 2.0 for x in tester.limits)


class FailingTester:
    """A tester whose final re-test is cut by the deadline."""

    n_pos, n_neg = 5, 3

    def __init__(self) -> None:
        self.deadlines: list[float | None] = []

    def score(self, rules, deadline=None):
        self.deadlines.append(deadline)
        raise RescoreFailed("no time left to re-test the final program")


def test_a_check_cut_by_the_deadline_keeps_the_search_counts() -> None:
    bias = parse_bias("head_pred(f,2).\nbody_pred(head,2).\n")
    best = Combination((BASE,), 0b00111, True, 0b001)
    tester = FailingTester()
    deadline = time.perf_counter() + 1.0
    scores, verified = check_program(tester, bias, best, deadline)
    assert tester.deadlines == [deadline + CHECK_SECONDS]
    assert scores.as_dict() == {"tp": 3, "fn": 2, "tn": 2, "fp": 1}
    assert not verified


def test_final_score_runs_no_query_after_its_deadline(tmp_path: Path) -> None:
    (tmp_path / "bk.pl").write_text("head([H|_], H).\n")
    (tmp_path / "bias.pl").write_text("head_pred(f,2).\nbody_pred(head,2).\n")
    (tmp_path / "exs.pl").write_text("pos(f([a],a)).\nneg(f([a],b)).\n")
    bias = read_bias(tmp_path / "bias.pl")
    with Tester(tmp_path / "bk.pl", tmp_path / "exs.pl", bias) as tester:
        calls = []
        real_cover = tester.cover

        def counting_cover(rule, kind, candidates=None, time_limit=None, first=False):
            calls.append(time_limit)
            return real_cover(rule, kind, candidates, time_limit, first)

        tester.cover = counting_cover
        with pytest.raises(RescoreFailed):
            tester.score((BASE,), deadline=time.perf_counter() - 0.1)
        assert calls == []
        scores, tp, fp = tester.score((BASE,), deadline=time.perf_counter() + 5.0)
        assert (tp, fp) == (1, 0)
        assert calls and all(0 < x <= 5.0 for x in calls)
