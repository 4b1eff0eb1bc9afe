"""Constrain: which pruning each test outcome justifies, and explaining failures."""

from pathlib import Path

from ilp.bias import read_bias
from ilp.constrain import (
    GENERALISATIONS,
    SPECIALISATIONS,
    Outcome,
    constraints,
    explain_failure,
)
from ilp.rules import parse_rule
from ilp.test import Tester

TASKS = Path(__file__).parent / "tasks"
RULE = parse_rule("f(A,B) :- tail(A,C), head(C,B).")


def test_constraint_kinds():
    assert constraints(Outcome(RULE, tp=0b11, fp=0)) == [SPECIALISATIONS]  # consistent
    assert constraints(Outcome(RULE, tp=0, fp=0)) == [SPECIALISATIONS]  # covers nothing
    assert constraints(Outcome(RULE, tp=0, fp=0b1)) == [SPECIALISATIONS, GENERALISATIONS]
    assert constraints(Outcome(RULE, tp=0b1, fp=0b1)) == [GENERALISATIONS]  # too general
    for status in ("limit", "timeout", "error"):  # unknown coverage: no pruning
        assert constraints(Outcome(RULE, tp=0, fp=0, status=status)) == []


def test_explain_failure_finds_the_failing_part():
    task = TASKS / "second"
    bias = read_bias(task / "bias.pl")
    with Tester(task / "bk.pl", task / "exs.pl", bias) as tester:
        # every positive list has at least two elements, so its tail is never empty
        rule = parse_rule("f(A,B) :- tail(A,C), empty(C), head(A,B), last(A,B).")
        assert tester.cover(rule, "pos").mask == 0
        part = explain_failure(rule, tester)
        assert part is not None and set(part.body) < set(rule.body)
        assert {lit.pred for lit in part.body} == {"tail", "empty"}
        assert tester.cover(part, "pos").mask == 0
        # nothing smaller to find when the rule is a single literal
        assert explain_failure(parse_rule("f(A,B) :- empty(A)."), tester) is None
        # a part that still covers some positive is never returned
        rule = parse_rule("f(A,B) :- tail(A,C), last(C,B), empty(A).")
        part = explain_failure(rule, tester)
        assert part is not None and {lit.pred for lit in part.body} == {"empty"}
