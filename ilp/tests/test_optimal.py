"""The learner's pruning keeps the optimum: on small random tasks, the program it
learns is as good as the best combination of every consistent rule of the space,
with coverage computed in Python (not in Prolog) for the oracle; for a head of
arity 1 and of arity 2."""

import itertools
from pathlib import Path

import pytest
from graph_task import write_graph_task
from hypothesis import given, settings
from hypothesis import strategies as st

from ilp import learn
from ilp.bias import parse_bias
from ilp.combine import Pool, combine
from ilp.generate import Generator
from ilp.rules import Rule, canonical

NODES = [f"n{i}" for i in range(7)]
BIAS = """head_pred(f,1). body_pred(e,2). body_pred(red,1). body_pred(blue,1).
max_vars(3). max_body(4).
"""
BIAS2 = """head_pred(f,2). body_pred(e,2). body_pred(red,1). body_pred(blue,1).
max_vars(4). max_body(3).
"""


def covers(rule: Rule, node, edges: set, red: set, blue: set) -> bool:
    """Does ``rule`` prove f(node) (f(*node) for a tuple)? Brute force over the
    body variables' values."""
    args = node if isinstance(node, tuple) else (node,)
    body_vars = sorted({v for lit in rule.body for v in lit.args} - set(range(len(args))))
    for values in itertools.product(NODES, repeat=len(body_vars)):
        env = {**dict(enumerate(args)), **dict(zip(body_vars, values, strict=True))}
        if all(
            (lit.pred == "e" and (env[lit.args[0]], env[lit.args[1]]) in edges)
            or (lit.pred == "red" and env[lit.args[0]] in red)
            or (lit.pred == "blue" and env[lit.args[0]] in blue)
            for lit in rule.body
        ):
            return True
    return False


def best_by_oracle(edges, red, blue, labels, bias_text=BIAS) -> tuple[int, int]:
    """(TP, size) of the best consistent program over every rule of the space."""
    bias = parse_bias(bias_text)
    gen = Generator(bias)
    rules = {canonical(r) for k in range(1, bias.max_body + 1) for r in gen.rules(k)}
    pos = [n for n in labels if labels[n]]
    neg = [n for n in labels if not labels[n]]
    pool = Pool()
    for rule in sorted(rules, key=lambda r: r.size):
        if any(covers(rule, n, edges, red, blue) for n in neg):
            continue
        tp = sum(1 << i for i, n in enumerate(pos) if covers(rule, n, edges, red, blue))
        if tp:
            pool.add(rule, tp)
    best = combine(pool, None)
    return best.tp.bit_count(), best.size


@st.composite
def tasks(draw):
    pairs = [(a, b) for a in NODES for b in NODES if a != b]
    edges = {p for p in pairs if draw(st.integers(0, 5)) == 0}
    red = {n for n in NODES if draw(st.booleans())}
    blue = {n for n in NODES if draw(st.booleans())}
    # positives: a union of a few simple concepts (so that programs of several
    # rules cover them all and the learner's pruning by the best program's
    # size comes into play), sometimes with a flipped label
    concepts = [
        lambda n: n in red,
        lambda n: n in blue,
        lambda n: n in red and n in blue,
        lambda n: any((n, m) in edges and m in red for m in NODES),
        lambda n: any((m, n) in edges and m in blue for m in NODES),
        lambda n: any(
            (n, m) in edges and (m, k) in edges and k in red for m in NODES for k in NODES
        ),
    ]
    chosen = draw(st.lists(st.sampled_from(concepts), min_size=1, max_size=3))
    labels = {n: any(c(n) for c in chosen) for n in NODES}
    if draw(st.booleans()):
        flip = draw(st.sampled_from(NODES))
        labels[flip] = not labels[flip]
    labels[NODES[0]] = True  # at least one positive example
    for n in NODES[1:]:  # some nodes are no example at all
        if draw(st.integers(0, 3)) == 0:
            del labels[n]
    return edges, red, blue, labels


def learned(folder: Path, edges, red, blue, labels, bias_text=BIAS) -> tuple[int, int]:
    write_graph_task(folder, edges, red, blue, labels, bias_text)
    program, scores, stats = learn(folder, timeout=120)
    assert stats.exhausted
    return scores.tp, program.size


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(tasks())
def test_learned_program_is_optimal(tmp_path_factory, task):
    folder: Path = tmp_path_factory.mktemp("task")
    assert learned(folder, *task) == best_by_oracle(*task)


@settings(max_examples=15, deadline=None)
@given(tasks())
def test_learned_program_is_optimal_with_a_symmetric_relation(tmp_path_factory, task):
    # e closed under swapping: the learner tests one of each pair of twin rules
    # (a literal of e turned around) and applies constraints to both
    edges, red, blue, labels = task
    edges = edges | {(b, a) for a, b in edges}
    folder: Path = tmp_path_factory.mktemp("task")
    assert learned(folder, edges, red, blue, labels) == best_by_oracle(edges, red, blue, labels)


def test_a_complete_program_is_not_the_end(tmp_path):
    # red(A) and blue(A) cover the two positives (4 literals) after one body
    # literal; the inconsistent e(A,B) (it also covers n3) still covers both
    # positives, so its specialisation e(A,B), red(B) (3 literals) must be found
    edges = {("n1", "n0"), ("n2", "n0"), ("n3", "n2")}
    red, blue = {"n1", "n0"}, {"n2"}
    labels = {"n1": True, "n2": True, "n3": False, "n4": False}  # n0 is no example
    assert best_by_oracle(edges, red, blue, labels) == (2, 3)
    assert learned(tmp_path, edges, red, blue, labels) == (2, 3)


def test_without_a_complete_program_the_smallest_of_most_coverage(tmp_path):
    # as above, with a positive n5 that no program covers without the
    # negative n6 (neither has an edge or a colour): the most positives a
    # consistent program covers is 2, by red(A) and blue(A) (4 literals, found
    # first) or by e(A,B), red(B) (3 literals), which is returned
    edges = {("n1", "n0"), ("n2", "n0"), ("n3", "n2")}
    red, blue = {"n1", "n0"}, {"n2"}
    labels = {"n1": True, "n2": True, "n3": False, "n4": False, "n5": True, "n6": False}
    assert best_by_oracle(edges, red, blue, labels) == (2, 3)
    assert learned(tmp_path, edges, red, blue, labels) == (2, 3)


def test_a_rule_covering_every_positive_ends_the_search_at_once(tmp_path):
    # f(A) :- e(A,B), red(B) covers both positives and no negative: nothing of
    # 2 literals does, and every rule still to come has at least 3, so the
    # search stops inside the second size instead of testing all of it
    edges = {("n1", "n2"), ("n3", "n4"), ("n5", "n6")}
    red, blue = {"n2", "n4", "n5"}, {"n6"}
    labels = {"n1": True, "n3": True, "n5": False, "n6": False}
    assert best_by_oracle(edges, red, blue, labels) == (2, 3)
    write_graph_task(tmp_path, edges, red, blue, labels, BIAS)
    program, scores, stats = learn(tmp_path, timeout=120)
    assert (scores.tp, scores.fp, program.size) == (2, 0, 3)
    assert stats.exhausted and stats.stop_reason.startswith("a rule covering every positive")
    assert max(int(k) for k in stats.tested_per_size) == 2


@st.composite
def pair_tasks(draw):
    """Tasks for f(A,B) over pairs of nodes: a union of a few concepts of both."""
    nodes = NODES[:5]
    pairs = [(a, b) for a in nodes for b in nodes if a != b]
    edges = {p for p in pairs if draw(st.integers(0, 3)) == 0}
    red = {n for n in nodes if draw(st.booleans())}
    blue = {n for n in nodes if draw(st.booleans())}

    def out(n):
        return any((n, m) in edges for m in NODES)

    concepts = [
        lambda a, b: (a, b) in edges,
        lambda a, b: (b, a) in edges,
        lambda a, b: a in red and b in blue,
        lambda a, b: out(a) and out(b),
        lambda a, b: any((a, m) in edges and (b, m) in edges for m in NODES),
        lambda a, b: a in red and out(b),
        lambda a, b: b in blue and out(a),
    ]
    chosen = draw(st.lists(st.sampled_from(concepts), min_size=1, max_size=2))
    examples = draw(
        st.lists(
            st.sampled_from([(a, b) for a in nodes for b in nodes]),
            min_size=2,
            max_size=10,
            unique=True,
        )
    )
    labels = {x: any(c(*x) for c in chosen) for x in examples}
    if draw(st.booleans()):
        flip = draw(st.sampled_from(examples))
        labels[flip] = not labels[flip]
    labels[examples[0]] = True  # at least one positive example
    return edges, red, blue, labels


@settings(max_examples=25, deadline=None)
@given(pair_tasks())
def test_learned_program_is_optimal_for_a_pair_head(tmp_path_factory, task):
    folder: Path = tmp_path_factory.mktemp("task")
    assert learned(folder, *task, bias_text=BIAS2) == best_by_oracle(*task, bias_text=BIAS2)


def test_a_pointless_literal_that_holds_a_head_variable_stays(tmp_path):
    # In f(A,B) :- e(B,C), e(D,A), the literal e(B,C) holds on both negatives
    # (n1 and n3 have out-edges), but the rule without it has no B: it is no rule
    # of the space, so e(A,C), e(B,D), the only rule that fits, must not be pruned
    edges = {("n1", "n2"), ("n3", "n0"), ("n4", "n1")}
    labels = {("n1", "n3"): True, ("n0", "n1"): False, ("n0", "n3"): False}
    assert best_by_oracle(edges, set(), set(), labels, BIAS2) == (1, 3)
    assert learned(tmp_path, edges, set(), set(), labels, BIAS2) == (1, 3)
