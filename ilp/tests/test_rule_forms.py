"""Rules: canonical forms under renaming, safe literal order, printing and parsing."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ilp.rules import (
    Literal,
    Rule,
    canonical,
    evaluation_order,
    format_rule,
    parse_program,
    parse_rule,
)

HEAD = Literal("f", (0, 1))


@st.composite
def rules(draw):
    n_vars = draw(st.integers(2, 6))
    preds = [("p", 2), ("q", 1), ("r", 3), ("s", 2)]
    body = set()
    for _ in range(draw(st.integers(1, 5))):
        name, arity = draw(st.sampled_from(preds))
        if arity > n_vars:
            continue
        args = tuple(draw(st.permutations(range(n_vars)))[:arity])
        body.add(Literal(name, args))
    return Rule.make(HEAD, body) if body else Rule.make(HEAD, [Literal("q", (0,))])


def brute_canonical_key(rule: Rule) -> frozenset:
    """Every renaming of the body, as a set of bodies (an invariant of the class)."""
    vs = rule.body_only_vars()
    return frozenset(
        rule.renamed(dict(zip(vs, t, strict=True))).body
        for t in itertools.permutations(range(2, 2 + len(vs)))
    )


@settings(max_examples=200, deadline=None)
@given(rules(), st.randoms())
def test_canonical_is_invariant_and_exact(rule, rnd):
    vs = rule.body_only_vars()
    targets = rnd.sample(range(2, 12), len(vs))
    renamed = rule.renamed(dict(zip(vs, targets, strict=True)))
    c = canonical(rule)
    assert canonical(renamed) == c  # invariant under renaming
    assert brute_canonical_key(c) == brute_canonical_key(rule)  # and a renaming of the rule
    assert c.body_only_vars() == list(range(2, 2 + len(vs)))


@settings(max_examples=100, deadline=None)
@given(rules(), rules())
def test_canonical_separates_different_classes(a, b):
    same_class = brute_canonical_key(a) == brute_canonical_key(b)
    assert (canonical(a) == canonical(b)) == same_class


def test_symmetric_variables():
    # C and D play the same role: both orders are one rule
    r1 = parse_rule("f(A,B) :- p(A,C), p(A,D), q(C), q(D), s(C,B), s(D,B).")
    r2 = parse_rule("f(A,B) :- p(A,D), p(A,C), q(D), q(C), s(D,B), s(C,B).")
    assert canonical(r1) == canonical(r2)


def test_evaluation_order_respects_directions():
    dirs = {"f": ("in", "out"), "g": ("in", "out"), "h": ("in", "out"), "t": ("in",)}
    rule = parse_rule("f(A,B) :- h(C,B), g(A,C), t(C).")
    order = evaluation_order(rule, dirs)
    assert [x.pred for x in order] == ["g", "t", "h"]  # t tests C as soon as C is bound
    with pytest.raises(ValueError, match="no safe order"):
        evaluation_order(parse_rule("f(A,B) :- h(C,B), t(C)."), dirs)


def test_format_and_parse_round_trip():
    text = "f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C)."
    rule = parse_rule(text)
    assert format_rule(rule, ordered=False).count(",") == text.count(",")
    assert canonical(parse_rule(format_rule(rule))) == canonical(rule)
    prog = parse_program(
        "% comment\nf(A,B) :- p(A,B).\n:- dynamic(f/2).\nf(A,B) :- q(B,A), q(A,B).\n"
    )
    assert [len(r.body) for r in prog] == [1, 2]
    assert rule.size == 5


def test_parse_rejects_constants_and_repeated_head_vars():
    with pytest.raises(ValueError, match="only variables"):
        parse_rule("f(A,B) :- p(A,b).")
    with pytest.raises(ValueError, match="repeated head variable"):
        parse_rule("f(A,A) :- p(A).")


def twins(rule: Rule, symmetric: frozenset) -> set:
    """``rule`` with every subset of its ``symmetric`` literals turned around at
    their pair of places (keeping its size: turning p(B,A) next to p(A,B)
    makes a smaller rule)."""
    pairs = {p: (i, j) for p, i, j in symmetric}
    turnable = [n for n, lit in enumerate(rule.body) if lit.pred in pairs]
    out = set()
    for k in range(len(turnable) + 1):
        for which in itertools.combinations(turnable, k):
            body = []
            for n, lit in enumerate(rule.body):
                args = list(lit.args)
                if n in which:
                    i, j = pairs[lit.pred]
                    args[i], args[j] = args[j], args[i]
                body.append(Literal(lit.pred, tuple(args)))
            twin = Rule.make(rule.head, body)
            if len(twin.body) == len(rule.body):
                out.add(twin)
    return out


# p(A,B) = p(B,A); r(A,B,C) = r(A,C,B) (as add(A,B,C) = add(B,A,C) at its first two places)
SYMMETRIES = [
    frozenset({("p", 0, 1)}),
    frozenset({("r", 1, 2)}),
    frozenset({("p", 0, 1), ("r", 0, 1)}),
]


@settings(max_examples=100, deadline=None)
@given(rules(), rules(), st.sampled_from(SYMMETRIES))
def test_canonical_with_a_symmetric_relation_is_the_same_exactly_for_renamed_twins(a, b, sym):
    # brute force: b is a renaming of a twin of a
    same = any(brute_canonical_key(t) == brute_canonical_key(b) for t in twins(a, sym))
    assert (canonical(a, sym) == canonical(b, sym)) == same
    for t in twins(a, sym):
        assert canonical(t, sym) == canonical(a, sym)
    # the form is itself a renamed twin of the rule (unless the rule holds both
    # p(A,B) and p(B,A): the form then lists that literal twice)
    if len(set(canonical(a, sym).body)) == len(a.body):
        assert any(
            brute_canonical_key(t) == brute_canonical_key(canonical(a, sym)) for t in twins(a, sym)
        )


def reference_canonical(rule: Rule, symmetric=frozenset()) -> Rule:
    """canonical's definition, written plainly: within the colour classes
    (in colour order, consecutive numbers) every assignment, each renamed
    literal turned to increasing swappable arguments, the smallest sorted body."""
    from ilp.rules import _refine_colours, literal_key, symmetry_pairs, turned

    pairs = symmetry_pairs(symmetric)
    vs = rule.body_only_vars()
    colour = _refine_colours(rule, vs, pairs)
    classes = [[v for v in vs if colour[v] == c] for c in sorted(set(colour.values()))]
    blocks, start = [], len(rule.head.args)
    for members in classes:
        blocks.append(list(itertools.permutations(range(start, start + len(members)))))
        start += len(members)
    best = None
    for parts in itertools.product(*blocks):
        mapping = {
            v: t
            for members, p in zip(classes, parts, strict=True)
            for v, t in zip(members, p, strict=True)
        }
        body = []
        for lit in rule.body:
            x = lit.renamed(mapping)
            pair = pairs.get(x.pred)
            if pair is not None and x.args[pair[0]] > x.args[pair[1]]:
                x = turned(x, pair)
            body.append(x)
        body.sort(key=literal_key)
        if best is None or [literal_key(x) for x in body] < [literal_key(x) for x in best]:
            best = body
    return Rule(rule.head, tuple(best))


@settings(max_examples=300, deadline=None)
@given(rules(), st.sampled_from([frozenset(), frozenset({("p", 0, 1)}), frozenset({("r", 0, 2)})]))
def test_canonical_is_its_plain_definition(rule, symmetric):
    assert canonical.__wrapped__(rule, symmetric) == reference_canonical(rule, symmetric)


@settings(max_examples=100, deadline=None)
@given(rules(), st.randoms())
def test_pred_signature_is_that_of_every_renaming_and_twin(rule, rnd):
    from ilp.rules import pred_signature

    vs = rule.body_only_vars()
    renamed = rule.renamed(dict(zip(vs, rnd.sample(range(2, 12), len(vs)), strict=True)))
    assert pred_signature(renamed) == pred_signature(rule)
    assert pred_signature(canonical(rule, frozenset({("p", 0, 1)}))) == pred_signature(rule)
    assert pred_signature(rule) == tuple(sorted((x.pred, len(x.args)) for x in rule.body))


@settings(max_examples=200, deadline=None)
@given(rules(), st.randoms())
def test_the_order_by_answers_is_the_first_cheapest_literal_each_time(rule, rnd):
    """evaluation_order with recall: each time the first literal whose
    arguments are all bound, else the first of the fewest answers, then of
    the most arguments bound (min over the cost, as Popper orders a body)."""
    answers = {}

    def recall(pred, mask):
        return answers.setdefault((pred, mask), float(rnd.choice([1, 2, 3, float("inf")])))

    got = evaluation_order(rule, None, recall)
    bound, remaining, expected = set(rule.head.args), list(rule.body), []
    while remaining:

        def cost(x):
            mask = tuple(v in bound for v in x.args)
            return (0, 0.0, 0) if all(mask) else (1, recall(x.pred, mask), -sum(mask))

        lit = min(remaining, key=cost)
        remaining.remove(lit)
        expected.append(lit)
        bound.update(lit.args)
    assert got == tuple(expected)


@settings(max_examples=100, deadline=None)
@given(rules(), st.integers(0, 6))
def test_without_drops_every_occurrence_of_the_literal(rule, k):
    key = Rule(rule.head, rule.body + rule.body[:1])  # a key may hold a literal twice
    for r in (rule, key):
        lit = r.body[k % len(r.body)] if k < 6 else Literal("absent", (0,))
        assert r.without(lit) == Rule(r.head, tuple(x for x in r.body if x != lit))
