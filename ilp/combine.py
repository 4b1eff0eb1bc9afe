"""Combine: the best program made of consistent rules, by clingo optimisation.

Every rule in the pool covers no negative example, so any set of them is a
consistent program whose coverage is the union of theirs (the programs are
non-recursive). The combine step picks at most ``max_clauses`` rules that

1. cover the most positive examples (priority 2), then
2. have the fewest literals in total, heads included (priority 1).

``max_clauses`` is a hard limit here when the bias gives it, as in the
paper's setting (its Table 3 predicate has three clauses); without it the
number of rules is not capped, which is what Popper does for non-recursive
programs (its combine step ignores ``max_clauses``). When no program covers
every positive example, the result is the consistent program covering the
most, which is what the paper relies on.

In noisy mode (``noisy=True``, Popper's ``--noisy``) the pool also holds
inconsistent rules and the step minimises the description length instead:
literals + false negatives + false positives (``combine_mdl.lp``). clingo's
default branch-and-bound optimisation is hopeless on that problem for pools
of a few hundred rules (on Popper's noisy-alzheimer_mem task, 451 rules: no
proof of optimality in 20 s, best model 237 where the optimum is 152), so it
runs core-guided (:data:`NOISY_SOLVER_OPTIONS`: the same problem proven
optimal in 0.4 s). A local search
(:func:`local_search`: add, drop or swap one rule while the description
length falls) first improves the best program found before, in
milliseconds, and then escapes its local optimum by kicks
(:func:`improve`: each rule of it in turn is banned for one local search);
clingo then gets the rest of the time limit, and its model is taken only
if it is better, or proven optimal. The three terms may be weighted
(:class:`~ilp.results.Weights`, ``Pool.weights``). A rule ``r`` with
``size(r) + fp(r) >= bound`` (each weighted; ``bound``: the best
description length so far) is left out: a program holding it has at least
that description length, so it cannot be better.

Positive examples covered by exactly the same pool rules are merged into one
weighted group, so the optimisation problem has one atom per group rather
than per example.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ilp.programs import program_text
from ilp.results import UNIT_WEIGHTS, Weights
from ilp.rules import Rule, literal_key
from ilp.test import mask_indices

# Pools of up to this many rules are filtered in Python (add); larger ones with
# numpy where it is installed, imported only then (its import is 0.09 CPU s, 4% of
# a small task's run)
NUMPY_POOL = 256


@functools.cache
def _numpy() -> Any:
    """numpy, or None where it is not installed (an optional dependency of the
    ilp package: pools are then filtered in Python at any size)."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


# steps of Pool.can_cover's search before it gives up (and answers True)
COVER_NODES = 10_000


@dataclass
class Pool:
    """Consistent rules worth combining, without dominated ones.

    A rule is dominated when another covers a superset of its positives with
    at most as many literals: swapping it for that rule never makes a program
    worse, so dropping it keeps the optimum.
    """

    rules: list[Rule] = field(default_factory=list)
    tps: list[int] = field(default_factory=list)
    fps: list[int] = field(default_factory=list)  # covered negatives (noisy mode)
    weights: Weights = field(default_factory=Weights)  # noisy mode's description length
    # per rule: literals, covered positives, covered negatives (add's filter),
    # and the same as a numpy array once the pool is larger than NUMPY_POOL
    _keys: list[tuple[int, int, int]] = field(default_factory=list, repr=False, compare=False)
    _array: Any = field(default=None, repr=False, compare=False)
    version: int = field(default=0, compare=False)  # rules added so far

    def add(self, rule: Rule, tp: int, fp: int = 0) -> bool:
        """Add ``rule`` unless dominated; returns whether it was added.

        With negatives, a rule is dominated only by one that also covers a
        subset of its negatives. Only rules whose sizes and example counts
        allow domination are compared bit by bit (a pool of 6,000 rules on
        Popper's noisy-drugdrug spent more time here than in testing).
        """
        size, tpc, fpc = rule.size, tp.bit_count(), fp.bit_count()
        over, under = self._candidates(size, tpc, fpc)
        for i in over:
            if tp & ~self.tps[i] == 0 and self.fps[i] & ~fp == 0:
                return False
        gone = {i for i in under if self.tps[i] & ~tp == 0 and fp & ~self.fps[i] == 0}
        if gone:
            keep = [i for i in range(len(self.rules)) if i not in gone]
            self.rules = [self.rules[i] for i in keep]
            self.tps = [self.tps[i] for i in keep]
            self.fps = [self.fps[i] for i in keep]
            self._keys = [self._keys[i] for i in keep]
            if self._array is not None:
                self._array = self._array[keep]
        self.rules.append(rule)
        self.tps.append(tp)
        self.fps.append(fp)
        self._keys.append((size, tpc, fpc))
        if self._array is not None:
            np = _numpy()
            self._array = np.vstack([self._array, np.array([[size, tpc, fpc]], dtype=np.int64)])
        self.version += 1
        return True

    def _candidates(self, size: int, tpc: int, fpc: int) -> tuple[list[int], list[int]]:
        """The rules whose literal and example counts allow them to dominate
        a rule with these counts, and those it may dominate."""
        n = len(self.rules)
        if len(self._keys) != n:  # the lists were set directly
            self._keys = [
                (r.size, t.bit_count(), f.bit_count())
                for r, t, f in zip(self.rules, self.tps, self.fps, strict=True)
            ]
            self._array = None
        np = _numpy() if n > NUMPY_POOL else None
        if np is None:
            self._array = None
            keys = self._keys
            over = [i for i, (s, t, f) in enumerate(keys) if s <= size and t >= tpc and f <= fpc]
            under = [i for i, (s, t, f) in enumerate(keys) if s >= size and t <= tpc and f >= fpc]
            return over, under
        if self._array is None:
            self._array = np.array(self._keys, dtype=np.int64).reshape(n, 3)
        a = self._array
        over = np.flatnonzero((a[:, 0] <= size) & (a[:, 1] >= tpc) & (a[:, 2] <= fpc))
        under = np.flatnonzero((a[:, 0] >= size) & (a[:, 1] <= tpc) & (a[:, 2] >= fpc))
        return over.tolist(), under.tolist()

    def __len__(self) -> int:
        return len(self.rules)

    def sizes(self) -> list[int]:
        """Each rule's literals (kept by add: a Rule's size is a Python call)."""
        if len(self._keys) == len(self.rules):
            return [key[0] for key in self._keys]
        return [r.size for r in self.rules]

    def can_cover(
        self, uncovered: int, budget: int, node_limit: int = COVER_NODES, give_up: bool = True
    ) -> bool:
        """Could rules of the pool with at most ``budget`` literals between
        them cover every example of ``uncovered`` (a bitset of positives)?

        Depth-first over the rules that cover the lowest uncovered example.
        When the search gives up after ``node_limit`` steps the answer is
        ``give_up``: True (the default) makes a False answer always exact,
        False a True answer.
        """
        if budget < 0:
            return False
        if not uncovered:
            return True
        rules = sorted(
            (size, tp)
            for size, tp in zip(self.sizes(), self.tps, strict=True)
            if tp & uncovered and size <= budget
        )
        if not rules:
            return False
        nodes = 0

        def search(left: int, room: int) -> bool:
            nonlocal nodes
            nodes += 1
            if nodes > node_limit:
                return give_up
            low = left & -left
            for size, tp in rules:
                if size > room:
                    break  # sorted by size
                if tp & low and (not left & ~tp or search(left & ~tp, room - size)):
                    return True
            return False

        return search(uncovered, budget)


@dataclass(frozen=True)
class Combination:
    rules: tuple[Rule, ...]
    tp: int  # bitset of covered positives
    optimal: bool  # False when the optimisation was stopped by its time limit
    fp: int = 0  # bitset of covered negatives (only in noisy mode)

    @property
    def size(self) -> int:
        return sum(r.size for r in self.rules)

    def mdl(self, n_pos: int, weights: Weights = UNIT_WEIGHTS) -> int:
        """Description length: literals + false negatives + false positives, each weighted."""
        return weights.cost(self.size, n_pos - self.tp.bit_count(), self.fp.bit_count())


def _groups(masks: list[int]) -> dict[tuple[int, ...], int]:
    """Examples covered by exactly the same rules, as ``{rules: count}``."""
    covering: dict[int, list[int]] = {}
    for r, mask in enumerate(masks):
        for i in mask_indices(mask):
            covering.setdefault(i, []).append(r)
    groups: dict[tuple[int, ...], int] = {}
    for rules in covering.values():
        key = tuple(rules)
        groups[key] = groups.get(key, 0) + 1
    return groups


def description_length(pool: Pool, chosen: Iterable[int]) -> int:
    """Literals + covered negatives - covered positives of the pool rules
    ``chosen``, each weighted (``pool.weights``): the description length less
    the weighted number of positives."""
    tp = fp = size = 0
    for r in chosen:
        tp, fp, size = tp | pool.tps[r], fp | pool.fps[r], size + pool.rules[r].size
    w = pool.weights
    return w.size * size - w.fn * tp.bit_count() + w.fp * fp.bit_count()


def local_search(
    pool: Pool,
    start: Iterable[int],
    cap: int,
    allowed: Sequence[int] | None = None,
    deadline: float | None = None,
) -> list[int]:
    """From the pool rules ``start``, the best single move (add a rule, drop
    one or swap one for another, at most ``cap`` rules) while it lowers the
    description length; returns the sorted rule indices reached (a local
    optimum; deterministic). ``allowed``: the rules it may use (default all).
    ``deadline`` (``time.perf_counter()``): stop there with the best so far."""
    rules = list(range(len(pool.rules))) if allowed is None else list(allowed)
    chosen = sorted(set(start))
    cost = description_length(pool, chosen)
    w = pool.weights
    sizes = [w.size * r.size for r in pool.rules]

    def best_addition(base: list[int]) -> tuple[int, int | None]:
        """Cost of ``base`` plus the best rule to add to it (None: none helps)."""
        tp = fp = 0
        for r in base:
            tp, fp = tp | pool.tps[r], fp | pool.fps[r]
        base_cost = description_length(pool, base)
        best, pick = base_cost, None
        for r in rules:
            if r in base:
                continue
            c = (
                base_cost
                + sizes[r]
                - w.fn * (pool.tps[r] & ~tp).bit_count()
                + w.fp * (pool.fps[r] & ~fp).bit_count()
            )
            if c < best:
                best, pick = c, r
        return best, pick

    while deadline is None or time.perf_counter() < deadline:
        moves: list[tuple[int, list[int]]] = []
        if len(chosen) < cap:
            c, r = best_addition(chosen)
            if r is not None:
                moves.append((c, sorted([*chosen, r])))
        for r in chosen:
            rest = [x for x in chosen if x != r]
            moves.append((description_length(pool, rest), rest))
            c, s = best_addition(rest)
            if s is not None:
                moves.append((c, sorted([*rest, s])))
        c, better = min(moves, default=(cost, chosen), key=lambda m: m[0])
        if c >= cost:
            return chosen
        cost, chosen = c, better
    return chosen


def improve(
    pool: Pool,
    start: Iterable[int],
    cap: int,
    allowed: Sequence[int],
    deadline: float | None = None,
) -> list[int]:
    """:func:`local_search` from ``start``, then kicks until none helps or
    ``deadline`` (``time.perf_counter()``) passes: for each rule of the
    program in turn, a local search without that rule, then one with every
    rule again; the first kick that lowers the description length is kept
    and the kicks start over from it. Deterministic unless the deadline
    cuts it short; never worse than the local search alone.

    On Popper's noisy-alzheimer_amine task (372 allowed rules) the kicks
    took the local search's description length 134 down to 126 in 0.16 s.
    """
    best = local_search(pool, start, cap, allowed, deadline)
    cost = description_length(pool, best)
    kicked = True
    while kicked:
        kicked = False
        for r in best:
            if deadline is not None and time.perf_counter() >= deadline:
                return best
            found = local_search(
                pool, [x for x in best if x != r], cap, [x for x in allowed if x != r], deadline
            )
            found = local_search(pool, found, cap, allowed, deadline)
            if description_length(pool, found) < cost:
                best, cost, kicked = found, description_length(pool, found), True
                break
    return best


def combine(
    pool: Pool,
    max_clauses: int | None,
    timeout: float | None = None,
    noisy: bool = False,
    start: Sequence[Rule] = (),
    bound: int | None = None,
) -> Combination:
    """Solve the combine problem over ``pool`` (see module docstring); None: no cap.

    Noisy mode only: ``start``, rules to begin the local search from (the
    best program so far; those not in the pool are ignored); ``bound``, the
    best description length so far (rules that cannot be part of a program
    below it are left out).
    """
    if not pool.rules:
        return Combination((), 0, True)
    cap = len(pool.rules) if max_clauses is None else max_clauses
    if noisy:
        return _combine_mdl(pool, cap, timeout, start, bound)
    facts = _facts(pool, range(len(pool.rules)), cap, noisy=False)
    if timeout is not None and len(facts) > CLINGO_FACTS_PER_SECOND * timeout:
        # clingo's grounding cannot be cut: it alone would outlast the limit
        return _combination(pool, greedy(pool, cap), False)
    chosen, optimal = best_model(facts, "combine.lp", timeout)
    return _combination(pool, chosen, optimal)


def greedy(pool: Pool, cap: int) -> list[int]:
    """Pool rules picked one at a time, each the one covering the most
    positives not yet covered (the fewest literals among equals), up to
    ``cap``: the program when clingo has no time to ground the problem."""
    chosen: list[int] = []
    covered = 0
    while len(chosen) < cap:
        gain, r = max(
            (((tp & ~covered).bit_count(), -rule.size), r)
            for r, (rule, tp) in enumerate(zip(pool.rules, pool.tps, strict=True))
        )
        if gain[0] == 0:
            break
        chosen.append(r)
        covered |= pool.tps[r]
    return chosen


def _combine_mdl(
    pool: Pool, cap: int, timeout: float | None, start: Sequence[Rule], bound: int | None
) -> Combination:
    """The noisy combine: local search, then clingo (see module docstring)."""
    w = pool.weights
    allowed = [
        r
        for r, rule in enumerate(pool.rules)
        if bound is None or w.cost(rule.size, 0, pool.fps[r].bit_count()) < bound
    ]
    index = {rule: r for r, rule in enumerate(pool.rules)}
    usable = set(allowed)
    begin = [index[r] for r in start if index.get(r) in usable][:cap]
    if not allowed:  # no rule can beat the bound (clingo's empty problem is not "exhausted")
        return _combination(pool, [], True)
    t0 = time.perf_counter()
    # the kicks may take half the time limit, clingo gets the rest
    found = improve(
        pool, begin, cap, allowed, deadline=None if timeout is None else t0 + timeout / 2
    )
    left = None if timeout is None else max(0.01, timeout - (time.perf_counter() - t0))
    if left is not None and _fact_count(pool, allowed) > CLINGO_FACTS_PER_SECOND * left:
        return _combination(pool, found, False)  # grounding alone would outlast the limit
    solved, optimal = best_model(
        _facts(pool, allowed, cap, noisy=True), "combine_mdl.lp", left, NOISY_SOLVER_OPTIONS
    )
    if optimal or description_length(pool, solved) < description_length(pool, found):
        found = solved
    return _combination(pool, found, optimal)


# Facts clingo grounds per second here, about (the noisy combine problem of
# Popper's noisy-drugdrug task: 840,000 facts took 9.8 s to ground and solve
# with a 1 s limit; the consistent one of iggp-polgrimage-goal, 50,531
# facts, 0.5-0.8 s); clingo is skipped when a problem cannot be ground in
# the time it has, since it could not prove anything in it either.
CLINGO_FACTS_PER_SECOND = 100_000


def _fact_count(pool: Pool, allowed: Sequence[int]) -> int:
    """An upper bound on the coverage facts of the noisy combine problem."""
    return sum(pool.tps[r].bit_count() + pool.fps[r].bit_count() for r in allowed)


def _facts(pool: Pool, allowed: Iterable[int], cap: int, noisy: bool) -> list[str]:
    """The combine problem over the pool rules ``allowed`` as ASP facts."""
    allowed = list(allowed)
    # without noise only the order of programs matters (combine.lp's priorities)
    w = pool.weights if noisy else UNIT_WEIGHTS
    facts = [f"#const max_clauses={cap}."]
    facts += [f"rule({r},{w.size * pool.rules[r].size})." for r in allowed]
    for g, (rules, weight) in enumerate(sorted(_groups([pool.tps[r] for r in allowed]).items())):
        facts.append(f"weight({g},{w.fn * weight}).")
        facts += [f"cov({allowed[r]},{g})." for r in rules]
    if noisy:
        for g, (rules, weight) in enumerate(
            sorted(_groups([pool.fps[r] for r in allowed]).items())
        ):
            facts.append(f"nweight({g},{w.fp * weight}).")
            facts += [f"ncov({allowed[r]},{g})." for r in rules]
    return facts


# clingo's core-guided optimisation (unsatisfiable-core search, each core
# shrunk to a minimal one) for the noisy combine: it proves the optimum of
# Popper's noisy-alzheimer_mem combine problems in 0.1-0.7 s where the default
# branch-and-bound found no optimum in 20 s. Its models come late (often
# only the optimum), so the local search's program is what a time-out keeps.
NOISY_SOLVER_OPTIONS = ("--opt-strategy=usc", "--opt-usc-shrink=min")


def best_model(
    facts: list[str], encoding: str, timeout: float | None, options: Sequence[str] = ()
) -> tuple[list[int], bool]:
    """clingo's best model within ``timeout``: the chosen rules, and whether
    it is proven optimal. ``options``: more clingo options."""
    import clingo

    ctl = clingo.Control(["--opt-mode=opt", "--warn=none", *options])
    ctl.add("base", [], program_text(encoding) + "\n".join(facts))
    ctl.ground([("base", [])])
    best: list[list[int]] = []

    def on_model(model: clingo.Model) -> None:
        best.append(sorted(s.arguments[0].number for s in model.symbols(shown=True)))

    with ctl.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(timeout) if timeout is not None else (handle.wait() or True)
        if not finished:
            handle.cancel()
        optimal = bool(finished) and handle.get().exhausted
    return (best[-1] if best else []), optimal


def _combination(pool: Pool, chosen: Iterable[int], optimal: bool) -> Combination:
    tp = fp = 0
    for r in chosen:
        tp |= pool.tps[r]
        fp |= pool.fps[r]
    rules = tuple(
        sorted(
            (pool.rules[r] for r in chosen),
            key=lambda x: (x.size, [literal_key(y) for y in x.body]),
        )
    )
    return Combination(rules, tp, optimal, fp)
