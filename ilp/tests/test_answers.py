"""Coverage from a body's answers (test.pl by_answers, used for many examples when the
body is made of fact-defined predicates) finds exactly what calling the rule on each
example finds: checked on random fact BKs, rules and example sets, both ways."""

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ilp import test as ilp_test
from ilp.bias import parse_bias
from ilp.generate import Generator
from ilp.test import Tester, mask_indices

NODES = ["a", "b", "c", "d"]
BIAS = (
    "head_pred(f,2). body_pred(e,2). body_pred(red,1). body_pred(near,2).\n"
    "max_vars(4). max_body(3).\n"
)


@st.composite
def tasks(draw):
    pairs = list(itertools.product(NODES, NODES))
    edges = draw(st.sets(st.sampled_from(pairs), max_size=9))
    red = draw(st.sets(st.sampled_from(NODES), max_size=3))
    labels = {p: draw(st.sampled_from(["pos", "neg", None])) for p in pairs}
    return edges, red, labels


def write(folder: Path, edges, red, labels, near_by_rule: bool) -> None:
    near = (
        "near(X,Y) :- e(X,Y).\nnear(X,Y) :- e(Y,X).\n"
        if near_by_rule
        else "".join(f"near({a},{b}).\nnear({b},{a}).\n" for a, b in sorted(edges))
    )
    (folder / "bk.pl").write_text(
        ":- dynamic e/2, red/1, near/2.\n"
        + "".join(f"e({a},{b}).\n" for a, b in sorted(edges))
        + "".join(f"red({n}).\n" for n in sorted(red))
        + near
    )
    (folder / "exs.pl").write_text(
        "pos(f(a,a)).\n"
        + "".join(f"{kind}(f({a},{b})).\n" for (a, b), kind in sorted(labels.items()) if kind)
    )


def answers(rules, tester, kinds=("pos", "neg")) -> list:
    out = []
    for rule, kind in itertools.product(rules, kinds):
        total = tester.n_pos if kind == "pos" else tester.n_neg
        every = tester.cover(rule, kind)
        some = (1 << total) - 1 if total < 2 else 0b101  # a few candidates
        first = tester.cover(rule, kind, first=True)
        # the first covered example may differ between the ways: only whether there is one
        out.append(
            (
                every.status,
                every.mask,
                tester.cover(rule, kind, some).mask,
                bool(first.mask),
                first.mask & ~every.mask,
            )
        )
        rest = rule.without(rule.body[-1])
        if rest.body:
            out.append(tester.implied(rest, rule.body[-1], kind))
    return out


@pytest.mark.parametrize("near_by_rule", [False, True])
@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@pytest.mark.slow
@given(task=tasks())
def test_answers_find_what_examples_find(tmp_path_factory, monkeypatch, near_by_rule, task):
    folder = tmp_path_factory.mktemp("task")
    write(folder, *task, near_by_rule=near_by_rule)
    bias = parse_bias(BIAS)
    gen = Generator(bias)
    rules = [r for k in (1, 2, 3) for r in gen.rules(k)]
    results = []
    for minimum in (10**9, 0):  # one by one, then from the answers wherever allowed
        monkeypatch.setattr(ilp_test, "ANSWERS_MIN_EXAMPLES", minimum)
        with Tester(folder / "bk.pl", folder / "exs.pl", bias) as tester:
            assert tester.fact_preds == {"e", "red"} | (set() if near_by_rule else {"near"})
            results.append(answers(rules, tester))
    assert results[0] == results[1]


def test_answers_are_used_and_a_limit_falls_back(tmp_path, monkeypatch):
    write(
        tmp_path,
        {("a", "b"), ("b", "c")},
        {"c"},
        {("a", "b"): "pos", ("b", "c"): "neg", ("c", "c"): "neg"},
        near_by_rule=False,
    )
    bias = parse_bias(BIAS)
    rule = next(
        r for r in Generator(bias).rules(1) if r.body[0].pred == "e" and r.body[0].args == (0, 1)
    )
    monkeypatch.setattr(ilp_test, "ANSWERS_MIN_EXAMPLES", 0)
    with Tester(tmp_path / "bk.pl", tmp_path / "exs.pl", bias) as tester:
        assert tester._answer_limit(rule, 3) > 0
        assert mask_indices(tester.cover(rule, "neg").mask) == [0]
        monkeypatch.setattr(ilp_test, "ANSWER_INFERENCES_PER_EXAMPLE", 0)  # no budget at all
        assert mask_indices(tester.cover(rule, "neg").mask) == [0]
