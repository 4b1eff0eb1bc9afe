"""Combine: the best consistent program of at most max_clauses rules, against brute force."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from witness.learning.ilp.combine import Pool, combine
from witness.learning.ilp.rules import Literal, Rule

HEAD = Literal("f", (0,))


def rule(i: int, size: int) -> Rule:
    """A distinct rule with ``size`` literals (head included)."""
    return Rule.make(HEAD, [Literal(f"p{i}_{j}", (0,)) for j in range(size - 1)])


def best_by_brute_force(items, max_clauses):
    best = (0, 0)
    for k in range(0, max_clauses + 1):
        for combo in itertools.combinations(items, k):
            tp = 0
            for _, t in combo:
                tp |= t
            key = (tp.bit_count(), -sum(r.size for r, _ in combo))
            best = max(best, key)
    return best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 5), st.integers(1, 2**12 - 1)), min_size=1, max_size=9),
       st.integers(1, 3))
def test_combine_is_optimal(specs, max_clauses):
    items = [(rule(i, size), tp) for i, (size, tp) in enumerate(specs)]
    pool = Pool()
    for r, tp in items:
        pool.add(r, tp)
    result = combine(pool, max_clauses)
    assert result.optimal
    assert len(result.rules) <= max_clauses  # a hard limit
    tp = 0
    for r in result.rules:
        tp |= dict(items)[r]
    assert tp == result.tp
    assert (result.tp.bit_count(), -result.size) == best_by_brute_force(items, max_clauses)


def test_pool_drops_dominated_rules():
    pool = Pool()
    assert pool.add(rule(0, 3), 0b0111)
    assert not pool.add(rule(1, 3), 0b0011)  # fewer positives, same size
    assert not pool.add(rule(2, 4), 0b0111)  # same positives, larger
    assert pool.add(rule(3, 2), 0b0110)      # smaller: kept
    assert pool.add(rule(4, 2), 0b1111)      # dominates everything so far
    assert pool.rules == [rule(4, 2)]
    assert len(pool) == 1


def test_empty_pool():
    result = combine(Pool(), 3)
    assert result.rules == () and result.tp == 0 and result.optimal
