"""Predicate invention (``enable_pi``): the learned program is as good as the
best found by brute force over every program of the space (non-recursive
rules, or a clause calling the invented predicate with one or two clauses
defining it), with the invented predicate's extension and each program's
coverage computed in Python (not through the learner's unfolding)."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest
from graph_task import write_graph_task
from hypothesis import given, settings
from hypothesis import strategies as st

from ilp import learn
from ilp.bias import PredDecl, parse_bias
from ilp.combine import Pool, combine
from ilp.generate import Generator
from ilp.invent import INVENTED, calls_usefully, subsets_of_size, unfold, unfold_choice
from ilp.rules import Literal, Rule, canonical, parse_rule
from ilp.task import TaskError

NODES = [f"n{i}" for i in range(6)]
BIAS = """head_pred(f,1). body_pred(e,2). body_pred(red,1). body_pred(blue,1).
max_vars(3). max_body(2). max_clauses(3). enable_pi.
"""


def extension(rule: Rule, relations: dict[str, set[tuple]]) -> set[tuple]:
    """The head tuples ``rule`` proves, by brute force over its variables' values."""
    arity = len(rule.head.args)
    variables = sorted({v for lit in (rule.head, *rule.body) for v in lit.args})
    found = set()
    for values in itertools.product(NODES, repeat=len(variables)):
        env = dict(zip(variables, values, strict=True))
        if all(tuple(env[v] for v in lit.args) in relations[lit.pred] for lit in rule.body):
            found.add(tuple(env[v] for v in range(arity)))
    return found


def best_by_oracle(edges, red, blue, labels, bias_text: str = BIAS) -> tuple[int, int]:
    """(TP, size) of the best consistent program of the space."""
    bias = parse_bias(bias_text)
    relations = {"e": set(edges), "red": {(n,) for n in red}, "blue": {(n,) for n in blue}}
    pos = [(n,) for n in labels if labels[n]]
    neg = [(n,) for n in labels if not labels[n]]

    def space(b) -> list[Rule]:
        gen = Generator(b)
        return sorted({canonical(r) for k in range(1, b.max_body + 1) for r in gen.rules(k)})

    pool = Pool()
    for rule in space(bias):
        found = extension(rule, relations)
        if not any(x in found for x in neg):
            tp = sum(1 << i for i, x in enumerate(pos) if x in found)
            if tp:
                pool.add(rule, tp)
    best = combine(pool, bias.max_clauses)
    score = (best.tp.bit_count(), -best.size)
    inv = PredDecl(INVENTED, 1)
    calling = [
        r
        for r in space(parse_bias(bias_text.replace("enable_pi.", f"body_pred({INVENTED},1).")))
        if any(x.pred == INVENTED for x in r.body)
    ]
    defining = space(dataclasses.replace(bias, head=inv, invention=False))
    meanings = {d: extension(d, relations) for d in defining}
    for m in range(1, bias.max_clauses):
        for defs in itertools.combinations(defining, m):
            relations[INVENTED] = set().union(*(meanings[d] for d in defs))
            for head in calling:
                found = extension(head, relations)
                if not any(x in found for x in neg):
                    size = head.size + sum(d.size for d in defs)
                    score = max(score, (sum(x in found for x in pos), -size))
    return score[0], -score[1]


def learned(folder: Path, edges, red, blue, labels, bias_text: str = BIAS) -> tuple[int, int]:
    write_graph_task(folder, edges, red, blue, labels, bias_text)
    program, scores, stats = learn(folder, timeout=120)
    assert stats.exhausted and not stats.failed_tests and scores.fp == 0
    return scores.tp, program.size


def test_unfold():
    head = parse_rule("f(A,B) :- inv(A,C), inv(C,B).")
    mother, father = parse_rule("inv(A,B) :- mother(A,B)."), parse_rule("inv(A,B) :- father(A,B).")
    rules = unfold((head, mother, father), "f")
    assert len(rules) == 4
    assert parse_rule("f(A,B) :- mother(A,C), father(C,B).") in {canonical(r) for r in rules}
    # body-only variables of a definition are renamed apart at each call
    linked = parse_rule("inv(A,B) :- e(A,C), e(C,B).")
    (rule,) = unfold((head, linked), "f")
    assert len({v for lit in rule.body for v in lit.args}) == 5
    plain = parse_rule("f(A,B) :- e(A,B).")
    assert unfold((plain,), "f") == (plain,)


def test_unfold_choice_is_a_rule_of_the_unfolding():
    # the search tests a program through the rules of its unfolding, one
    # clause for each call: together they are exactly unfold's rules
    head = parse_rule("f(A,B) :- inv(A,C), e(C,D), inv(D,B).")
    defs = [parse_rule(t) for t in ("inv(A,B) :- e(A,B).", "inv(A,B) :- e(A,C), e(C,B).")]
    defs.append(parse_rule("inv(A,B) :- red(A), e(B,C)."))
    for m in (1, 2, 3):
        for chosen in itertools.combinations(defs, m):
            each = {unfold_choice(head, c) for c in itertools.product(chosen, repeat=2)}
            assert each == set(unfold((head, *chosen), "f"))
    plain = parse_rule("f(A,B) :- e(A,B).")
    assert unfold_choice(plain, ()) == plain


def test_unfold_nested_and_recursive():
    head = parse_rule("f(A) :- inv(A).")
    inner = parse_rule("inv(A) :- e(A,B), inv2(B).")
    (rule,) = unfold((head, inner, parse_rule("inv2(A) :- red(A).")), "f")
    assert canonical(rule) == parse_rule("f(A) :- e(A,B), red(B).")
    with pytest.raises(ValueError, match="unfold to over"):
        unfold((head, parse_rule("inv(A) :- e(A,B), inv(B).")), "f", most=50)


def test_calls_usefully():
    assert calls_usefully(parse_rule("f(A,B) :- inv(A,C), inv(C,B)."))
    assert calls_usefully(parse_rule("f(A,B) :- inv(A,A), e(A,B)."))
    assert calls_usefully(parse_rule("f(A,B) :- inv(A)."))  # one argument only
    assert not calls_usefully(parse_rule("f(A,B) :- inv(B,A)."))  # D's clauses, renamed
    assert not calls_usefully(parse_rule("f(A,B) :- e(A,B)."))


def test_subsets_of_size():
    rules = sorted(
        [parse_rule(t) for t in ("inv(A) :- red(A).", "inv(A) :- blue(A).", "inv(A) :- e(A,B).")]
        + [parse_rule("inv(A) :- e(A,B), red(B).")],
        key=lambda r: r.size,
    )
    # three rules of two literals (red, blue, e) and one of three
    found = list(subsets_of_size(rules, 4, 2))
    assert sorted(map(len, found)) == [2, 2, 2]  # two of the three 2-literal rules
    found = list(subsets_of_size(rules, 5, 2))
    assert len(found) == 3 and all(rules[-1] in s for s in found)  # 2 + 3
    assert not list(subsets_of_size(rules, 6, 2))  # 3 + 3: one rule of three only
    assert len(list(subsets_of_size(rules, 6, 3))) == 1  # 2 + 2 + 2


@pytest.mark.parametrize(
    "extra, message",
    [
        ("enable_recursion.", "only without enable_recursion"),
        ("type(f,(node,)). type(red,(node,)).", "only without"),
        (":- body_literal(0,red,_,_).", "only without"),
    ],
)
def test_invention_refused_with(extra, message):
    with pytest.raises(TaskError, match=message):
        parse_bias("head_pred(f,1). body_pred(red,1). enable_pi.\n" + extra)


def test_invention_refused_with_noise(tmp_path):
    write_graph_task(tmp_path, set(), {"n1"}, set(), {"n1": True, "n2": False}, BIAS)
    with pytest.raises(TaskError, match="--noisy"):
        learn(tmp_path, noisy=True, timeout=60)


def test_an_invented_predicate_goes_past_max_body(tmp_path):
    # two steps to a red node: f(A) :- e(A,B), inv(B). inv(A) :- e(A,B),
    # red(B). (6 literals), whose unfolding has three body literals, more
    # than max_body(2) allows a rule; n5 has two steps to a node that is not red
    edges = {("n0", "n1"), ("n1", "n2"), ("n3", "n4"), ("n4", "n2"), ("n5", "n0")}
    red, blue = {"n2"}, set()
    labels = {"n0": True, "n3": True, "n1": False, "n4": False, "n5": False, "n2": False}
    best = best_by_oracle(edges, red, blue, labels)
    assert best == (2, 6)
    assert best_by_oracle(edges, red, blue, labels, BIAS.replace("enable_pi.", ""))[0] < 2
    assert learned(tmp_path, edges, red, blue, labels) == best


@st.composite
def tasks(draw):
    pairs = [(a, b) for a in NODES for b in NODES if a != b]
    edges = {p for p in pairs if draw(st.integers(0, 4)) == 0}
    red = {n for n in NODES if draw(st.booleans())}
    blue = {n for n in NODES if draw(st.booleans())}
    labels = {n: draw(st.booleans()) for n in NODES}
    labels[NODES[0]] = True
    return edges, red, blue, labels


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(tasks())
def test_learned_program_with_invention_is_optimal(tmp_path_factory, task):
    folder = tmp_path_factory.mktemp("task")
    assert learned(folder, *task) == best_by_oracle(*task)


def test_literal_named_like_the_invented_predicate_is_kept_apart():
    # the invented predicate's name is the engine's own; a rule of the space
    # never holds it unless it calls the invented predicate
    rule = Rule.make(Literal("f", (0,)), [Literal("red", (0,))])
    assert unfold((rule, parse_rule("inv(A) :- blue(A).")), "f") == (rule,)
