"""The engine switch to the real Popper (runs only where ``import popper`` works)."""

from collections import namedtuple
from pathlib import Path

import pytest

from ilp import learn
from ilp.rules import canonical, parse_rule
from ilp.run_popper import convert_rule, popper_available

TASKS = Path(__file__).parent / "tasks"
needs_popper = pytest.mark.skipif(
    not popper_available(),
    reason="Popper is not installed (not on the package index this project can reach); "
    "install popper-ilp to run these tests",
)


def test_convert_popper_rule():
    lit = namedtuple("Literal", ["predicate", "arguments"])
    rule = (lit("f", (0, 1)), frozenset({lit("parent", (0, 2)), lit("parent", (2, 1))}))
    expected = parse_rule("f(A,B) :- parent(A,C), parent(C,B).")
    assert canonical(convert_rule(rule)) == canonical(expected)
    named = (lit("f", ("A", "B")), [lit("q", ("B", "C")), lit("p", ("C", "A"))])
    assert canonical(convert_rule(named)) == canonical(parse_rule("f(A,B) :- q(B,C), p(C,A)."))


@needs_popper
@pytest.mark.parametrize("task", ["grandparent", "second"])
def test_popper_engine_same_folder(task):
    ours, our_scores, _ = learn(TASKS / task, timeout=120)
    program, scores, stats = learn(TASKS / task, timeout=120, engine="popper")
    assert stats.engine == "popper"
    assert (scores.tp, scores.fp) == (our_scores.tp, our_scores.fp)
    assert {canonical(r) for r in program.rules} == {canonical(r) for r in ours.rules}
