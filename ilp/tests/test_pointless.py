"""Pointless literals: what :func:`pointless_literal` claims is checked by brute
force on small random tasks, and the generator forbids exactly the pattern."""

import itertools
import random

from graph_task import write_graph_task
from hypothesis import given, settings
from hypothesis import strategies as st

from ilp.bias import parse_bias
from ilp.constrain import pointless_literal
from ilp.generate import Generator
from ilp.rules import canonical, parse_rule
from ilp.test import Tester

NODES = [f"n{i}" for i in range(5)]
BIAS = (
    "head_pred(f,1). body_pred(e,2). body_pred(red,1). body_pred(blue,1).\n"
    "max_vars(4). max_body(3).\n"
)


def holds(lit, env, edges, red, blue) -> bool:
    args = [env[v] for v in lit.args]
    return {
        "e": lambda: tuple(args) in edges,
        "red": lambda: args[0] in red,
        "blue": lambda: args[0] in blue,
    }[lit.pred]()


def answers(body, bound, edges, red, blue):
    """Every assignment of the body's variables (extending ``bound``) that makes it true."""
    free = sorted({v for lit in body for v in lit.args} - set(bound))
    for values in itertools.product(NODES, repeat=len(free)):
        env = {**bound, **dict(zip(free, values, strict=True))}
        if all(holds(lit, env, edges, red, blue) for lit in body):
            yield env


@st.composite
def tasks(draw):
    pairs = [(a, b) for a in NODES for b in NODES]
    edges = {p for p in pairs if draw(st.integers(0, 2)) == 0}
    red = {n for n in NODES if draw(st.booleans())}
    blue = {n for n in NODES if draw(st.booleans())}
    labels = {n: draw(st.booleans()) for n in NODES}
    labels[NODES[0]] = True
    return edges, red, blue, labels


@settings(max_examples=30, deadline=None)
@given(tasks())
def test_every_pointless_literal_is_implied_on_every_negative(tmp_path_factory, task):
    edges, red, blue, labels = task
    folder = write_graph_task(tmp_path_factory.mktemp("task"), *task)
    bias = parse_bias(BIAS)
    gen = Generator(bias)
    rules = {canonical(r) for k in range(1, bias.max_body + 1) for r in gen.rules(k)}
    negatives = [n for n, label in labels.items() if not label]
    with Tester(folder / "bk.pl", folder / "exs.pl", bias) as tester:
        for rule in sorted(rules, key=lambda r: (r.size, str(r))):
            found = pointless_literal(rule, tester)
            if found is None:
                continue
            rest = [x for x in found.part.body if x != found.literal]
            assert found.literal in rule.body and set(rest) <= set(rule.body)
            rest_vars = {v for x in rest for v in x.args} | {0}
            assert not set(found.single) & rest_vars
            assert set(found.literal.args) - set(found.single) <= rest_vars
            for n in negatives:  # the claim itself, by brute force
                for env in answers(rest, {0: n}, edges, red, blue):
                    choices = itertools.product(NODES, repeat=len(found.single))
                    assert any(
                        holds(
                            found.literal,
                            {**env, **dict(zip(found.single, vals, strict=True))},
                            edges,
                            red,
                            blue,
                        )
                        for vals in choices
                    )


def test_the_part_keeps_what_implies_the_literal(tmp_path):
    # Every red node has an out-edge, not every node: in f(A) :- e(A,B), red(B),
    # e(B,C) the literal e(B,C) is pointless because of red(B), so the part keeps it.
    edges = {("n0", "n1"), ("n1", "n2"), ("n0", "n3"), ("n4", "n3")}
    red, blue = {"n1"}, {"n3"}
    labels = {"n0": True, "n4": False, "n2": False}
    folder = write_graph_task(tmp_path, edges, red, blue, labels)
    bias = parse_bias(BIAS)
    with Tester(folder / "bk.pl", folder / "exs.pl", bias) as tester:
        found = pointless_literal(parse_rule("f(A) :- e(A,B), red(B), e(B,C)."), tester)
        assert (
            found is not None
            and found.literal == parse_rule("f(A) :- e(B,C).").body[0].renamed({1: 2, 2: 3})
            or found.literal.pred == "e"
        )
        assert {x.pred for x in found.part.body} == {"e", "red"}
        assert len(found.part.body) == 3  # e(A,B) binds B for red(B): nothing to drop
        # with blue(B) instead (n3 has no out-edge) e(B,C) matters; blue(B) does not:
        # on the negatives (n4, n2) every answer of e(A,B) is blue (no singleton needed)
        other = pointless_literal(parse_rule("f(A) :- e(A,B), blue(B), e(B,C)."), tester)
        assert other is not None and other.single == ()
        assert other.literal == parse_rule("f(A) :- blue(B).").body[0]
        assert set(other.part.body) == set(parse_rule("f(A) :- e(A,B), blue(B).").body)
        gen = Generator(bias)
        gen.prune_while_single(other.part, other.single)  # every specialisation goes
        rules = list(gen.rules(3))
        assert rules and not any(  # no e(A,X) with blue(X), whatever X is called
            ("e", (0, x.args[0])) in {(y.pred, y.args) for y in r.body}
            for r in rules
            for x in r.body
            if x.pred == "blue"
        )
    gen = Generator(bias)
    gen.prune_while_single(found.part, found.single)
    space = {canonical(r) for r in gen.rules(3)}
    forbidden = canonical(parse_rule("f(A) :- e(A,B), red(B), e(B,C)."))
    kept = canonical(parse_rule("f(A) :- e(A,B), blue(B), e(B,C)."))
    assert forbidden not in space and kept in space


def test_a_rule_whose_single_variable_is_used_again_stays(tmp_path):
    edges = {("n0", "n1"), ("n1", "n2"), ("n0", "n3"), ("n4", "n3")}
    folder = write_graph_task(tmp_path, edges, {"n1"}, {"n2"}, {"n0": True, "n4": False})
    bias = parse_bias(BIAS.replace("max_body(3)", "max_body(4)"))
    with Tester(folder / "bk.pl", folder / "exs.pl", bias) as tester:
        found = pointless_literal(parse_rule("f(A) :- e(A,B), red(B), e(B,C)."), tester)
    assert found is not None
    gen = Generator(bias)
    gen.prune_while_single(found.part, found.single)
    space = {canonical(r) for r in gen.rules(4)}
    # C no longer occurs in e(B,C) alone: the literal is not pointless here
    assert canonical(parse_rule("f(A) :- e(A,B), red(B), e(B,C), blue(C).")) in space
    assert canonical(parse_rule("f(A) :- e(A,B), red(B), e(B,C), blue(B).")) not in space


def random_task(rng):
    pairs = [(a, b) for a in NODES for b in NODES]
    edges = {p for p in pairs if rng.randrange(3) == 0}
    red = {n for n in NODES if rng.random() < 0.5}
    blue = {n for n in NODES if rng.random() < 0.5}
    labels = {n: rng.random() < 0.5 for n in NODES}
    labels[NODES[0]] = True
    return edges, red, blue, labels


def test_a_literal_refuted_by_a_parent_is_never_implied(tmp_path, monkeypatch):
    # the learner skips the query for a literal whose parent (the rule without
    # it) covers a negative the rule's test found uncovered: each such skip
    # must be one the query itself would have answered "not implied"
    import ilp.loop as loop
    from ilp import learn

    skipped = []
    real = loop.pointless_literal

    def checked(rule, tester, time_limit=None, refuted=None):
        def verify(lit):
            said = refuted(lit)
            if said:
                skipped.append(lit)
                assert not tester.implied(rule.without(lit), lit, "neg")
            return said

        return real(rule, tester, time_limit, refuted=verify)

    monkeypatch.setattr(loop, "pointless_literal", checked)
    rng = random.Random(7)
    for k in range(12):
        folder = write_graph_task(tmp_path / str(k), *random_task(rng), bias_text=BIAS)
        learn(folder, timeout=120)
    assert skipped  # the shortcut was taken, and checked, on these tasks
