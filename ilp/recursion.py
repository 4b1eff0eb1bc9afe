"""Recursive programs (``enable_recursion``): a base clause and a recursive clause.

A recursive program here is two clauses of the head predicate: a *base*
clause (a rule of the ordinary, non-recursive space) and a *recursive*
clause whose body has exactly one literal of the head predicate (generated
by a second :class:`~ilp.generate.Generator` with
``recursive=True``). Programs are searched in increasing size (literals,
heads included), each pair tested as a whole program in Prolog
(:meth:`~ilp.test.Tester.cover_program`): a proof deeper
than :data:`~ilp.test.RECURSION_DEPTH`, an inference or
time limit or an error makes the outcome unknown, and an unknown outcome
is neither used nor learned from.

What a test teaches (for definite programs: if every clause of ``Q`` is
θ-subsumed by a clause of ``P``, ``P`` entails ``Q`` and covers every
example ``Q`` covers):

- a base clause that covers a negative example on its own is never a base
  clause: every program holding it entails it, so covers that negative too;
  the base clauses tried are the consistent rules of the space;
- a program ``{b, r}`` that covers no positive example, or is consistent,
  needs no specialisation ``{b', r}`` (``b`` θ-subsumes ``b'``) or ``{b, r'}``
  (``r`` θ-subsumes ``r'``): such a program covers a subset of what ``{b, r}``
  covers and, still to come in a search by size, is no smaller, so it is
  no better (none positive, or consistent with fewer or the same positives);
- a recursive clause whose other literals cover no positive adds no
  positive to any program (see :meth:`RecursiveSearch._adds_nothing`);
- an inconsistent program prunes its generalisations, which are never
  larger, so in a search by increasing size they were all tested before:
  nothing to add.

With ``max_clauses`` above 2 a program may have several base clauses
beside its one recursive clause ``r``. Such a program ``{r} ∪ B`` covers
exactly the examples that one of the programs ``{b, r}`` (``b`` in ``B``)
covers: a proof of an example ends in one base clause after a chain of
``r``'s (``r`` has one recursive literal, and the BK does not call the head
predicate), and that chain is a proof with ``{b, r}`` alone; conversely each
``{b, r}`` is part of the program. So ``{r} ∪ B`` is consistent exactly
when each ``{b, r}`` is, and the best such program is a combine problem
per recursive clause: the consistent pairs ``{b, r}`` with their coverage
are the pool, ``r``'s literals are added to the size
(:meth:`RecursiveSearch.combine_pairs`). A pair of a program of ``n``
literals has at most ``n - 2`` literals, so once the pairs of up to ``n -
1`` literals are tested and combined, every program smaller than ``n`` has
been found. Under several base clauses one constraint above weakens: a
consistent ``{b, r}`` does not make ``{b, r'}`` unnecessary (``r`` need not
be consistent with the program's other bases), so only pairs covering no
positive prune the specialisations of their recursive clause.

In noisy mode (the lowest description length, literals + FN + FP) a
program has one base clause, any rule of the space whose test succeeded;
each program's whole coverage is tested, and what prunes is what noise
cannot break: a program covering no positive, and one whose
specialisations would have at least ``size + 1 + FN`` (its own FN), no
less than the best description length known
(:meth:`RecursiveSearch._noisy_outcome`); a pair is skipped when its size
plus the negatives its base covers alone reaches that best; a recursive
clause that adds nothing adds nothing with noise too.

With ``max_clauses`` of 3 or more and without noise, programs of one base
clause and two recursive clauses are searched too, size by size with the
others (:mod:`ilp.recursion_two`). When the bias's rules name clauses by
number, a program has one base clause, clause 0, and its recursive clauses
are 1 (generated here) and 2.

Not supported (refused in :mod:`~ilp.bias` or documented): three or more
recursive clauses, and two with several base clauses (rules of the pool may
still join the final program as more base clauses, greedily:
:func:`with_pool_rules`; not in noisy mode, where a program has one base
clause, nor with numbered clauses); predicate invention is refused.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

from ilp.bias import Bias
from ilp.combine import Combination, Pool, combine
from ilp.constrain import callable_rule, explain_failure
from ilp.generate import Generator
from ilp.recursion_two import TwoRecursiveSearch
from ilp.results import Stats
from ilp.rules import Rule, canonical, subsumes_any
from ilp.test import Tester

logger = logging.getLogger(__name__)

# seconds one combine of a recursive clause's pairs may take at most
COMBINE_SECONDS = 10.0


class RecursiveSearch:
    """The search over recursive programs, resumed size by size."""

    def __init__(self, bias: Bias, tester: Tester, stats: Stats, noisy: bool = False):
        self.bias, self.tester, self.stats = bias, tester, stats
        self.noisy = noisy  # minimise literals + FN + FP (see "Noise" in docs/ilp.md)
        self.base_gen = Generator(bias)
        # numbered clauses: the base clause is clause 0, the recursive one clause 1
        self.rec_gen = Generator(bias, recursive=True, clause_id=int(bias.numbered_clauses))
        self.size_done = 3  # the smallest program has two clauses of one body literal each
        self.max_size = 2 * (bias.max_body + 1)
        # programs of two recursive clauses (max_clauses above 2, without noise)
        self.two = None
        if not noisy and bias.recursive_clauses >= 3:
            self.two = TwoRecursiveSearch(bias, tester, stats)
            self.max_size = 3 * (bias.max_body + 1)
        self.best = Combination((), 0, True)  # the best consistent recursive program
        self.exhausted = False
        self._bases: dict[int, list[Rule]] = {}  # consistent base clauses, by body size
        self._recs: dict[int, list[Rule]] = {}  # recursive clauses, by body size
        # programs whose specialisations are pruned (see the module docstring),
        # by the clause they keep: base -> recursive clauses, recursive -> base clauses
        self._done_rec: dict[Rule, list[Rule]] = {}
        self._done_base: dict[Rule, list[Rule]] = {}
        # several base clauses (max_clauses above 2): by recursive clause, the
        # consistent pairs' base clauses with the positives the pair covers,
        # and the recursive clauses whose pool grew since the last combine
        # (with numbered clauses, a program has one base clause, clause 0)
        self.base_slots = 1 if noisy or bias.numbered_clauses else bias.recursive_clauses - 1
        self._base_fp: dict[Rule, int] = {}  # noisy mode: negatives each base covers
        self._pairs: dict[Rule, Pool] = {}
        self._grown: dict[Rule, None] = {}  # a dict: deterministic order

    def time_limit(self, deadline: float | None) -> float:
        return time_left(self.tester, deadline)

    def _clauses(self, gen: Generator, k: int, deadline: float | None) -> Iterator[Rule]:
        """``gen``'s rules of ``k`` body literals, each once (its time counts as
        generate time)."""
        seen: set[Rule] = set()
        rules = gen.rules(k, deadline)
        t0: float | None = time.perf_counter()
        try:
            for rule in rules:
                key = canonical(rule)
                if key not in seen:  # the generator repeats a few rules
                    seen.add(key)
                    self.stats.generate_seconds += time.perf_counter() - t0
                    t0 = None  # the caller's time is not generate time
                    yield rule
                    t0 = time.perf_counter()
        finally:
            rules.close()
            if t0 is not None:
                self.stats.generate_seconds += time.perf_counter() - t0

    def bases(self, k: int, deadline: float | None) -> list[Rule] | None:
        """The base clauses of ``k`` body literals (None: out of time): the
        consistent ones, or in noisy mode all whose test succeeded, with the
        number of negatives each covers (a program covers them too)."""
        if k not in self._bases:
            found = []
            for rule in self._clauses(self.base_gen, k, deadline):
                t0 = time.perf_counter()
                neg = self.tester.cover(
                    rule, "neg", time_limit=self.time_limit(deadline), first=not self.noisy
                )
                self.stats.test_seconds += time.perf_counter() - t0
                if neg.ok and (self.noisy or neg.mask == 0):
                    found.append(rule)
                    self._base_fp[rule] = neg.mask.bit_count()
            if self.base_gen.timed_out:
                return None
            self._bases[k] = found
        return self._bases[k]

    def recs(self, k: int, deadline: float | None) -> list[Rule] | None:
        """The recursive clauses of ``k`` body literals worth trying (None: out of time)."""
        if k not in self._recs:
            found = []
            for rec in self._clauses(self.rec_gen, k, deadline):
                t0 = time.perf_counter()
                if not self._adds_nothing(rec, deadline):
                    found.append(rec)
                self.stats.explain_seconds += time.perf_counter() - t0
            if self.rec_gen.timed_out:
                return None
            self._recs[k] = found
        return self._recs[k]

    def _adds_nothing(self, rec: Rule, deadline: float | None) -> bool:
        """Does ``rec`` without its recursive literal cover no positive example?

        Then no program with ``rec`` or a specialisation of it is needed: a
        proof of an example by ``{b, rec}`` ends in ``b`` or in ``rec``, whose
        other literals then hold, so such a program covers no positive that
        its base clause ``b`` alone does not, and every negative ``b`` covers
        (``b`` is a rule of the ordinary search, with fewer literals). Only
        asked when the rest can be called safely. Then every recursive
        clause whose other literals contain the rest, or the smaller part of
        it found to cover no positive either
        (:func:`~ilp.constrain.explain_failure`), adds nothing for the same
        reason, whatever its recursive literal: the generator of recursive
        clauses forbids that part from now on (in this size too)."""
        rest = Rule(rec.head, tuple(x for x in rec.body if x.pred != rec.head.pred))
        if not rest.body or not callable_rule(rest, self.tester):
            return False
        limit = self.time_limit(deadline)
        found = self.tester.cover(rest, "pos", time_limit=limit, first=True)
        if found.ok and found.mask == 0:
            part = explain_failure(rest, self.tester, time_limit=limit) or rest
            self.rec_gen.prune_specialisations(part, now=True)
            key = "recursive clauses: adding no positive"
            self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1
            return True
        return False

    def search(self, upto: int, deadline: float | None, beaten_at: int | None = None) -> None:
        """Test the programs of up to ``upto`` literals not tested yet, in
        increasing size, until ``deadline``; ``beaten_at``: the size of a known
        program covering every positive (programs that large cannot beat it)."""
        while self.size_done < min(upto, self.max_size) and not self.exhausted:
            n = self.size_done + 1
            limits = [s for s in (beaten_at, self.bound()) if s is not None]
            if limits and n >= min(limits):
                self.exhausted = True  # no program still to come is better
                return
            searched = self._search_size(n, deadline, min(limits, default=None))
            self.combine_pairs(deadline)
            if searched and self.two is not None:
                searched = self.two.probe(
                    self._keep_if_better,
                    deadline,
                    lambda: self.time_limit(deadline),
                    self.best.tp.bit_count(),
                )
            if searched and self.two is not None and (self.bound() or n + 1) > n:
                searched = self.two.search_size(
                    n,
                    lambda k: self.bases(k, deadline),
                    self._keep_if_better,
                    deadline,
                    lambda: self.time_limit(deadline),
                )
            if not searched:
                return  # out of time: this size is searched again from its start
            self.size_done = n
        if self.size_done >= self.max_size:
            self.exhausted = True

    def complete_size(self) -> int | None:
        """The size of the best recursive program if it covers every positive."""
        if self.best.rules and self.best.tp.bit_count() == self.tester.n_pos:
            return self.best.size
        return None

    def bound(self) -> int | None:
        """Programs of at least this many literals cannot beat the best
        recursive program: its size if it covers every positive, or in noisy
        mode its description length (a program's is at least its size)."""
        if self.noisy:
            return self.best.mdl(self.tester.n_pos) if self.best.rules else None
        return self.complete_size()

    def _search_size(self, n: int, deadline: float | None, limit: int | None = None) -> bool:
        """Test every program of ``n`` literals; False if stopped by ``deadline``.
        Noisy mode: ``limit``, a description length to beat (a program
        covers every negative its base clause covers)."""
        max_body = self.bias.max_body
        for kb in range(1, n - 2):
            kr = n - 2 - kb
            if kb > max_body or kr > max_body:
                continue
            bases = self.bases(kb, deadline)
            if bases == []:
                continue  # no program of this split: its recursive clauses are not needed
            recs = self.recs(kr, deadline) if bases is not None else None
            if recs is None:
                return False
            for rec in recs:
                for base in bases:
                    if self._pruned(base, rec):
                        continue
                    if self.noisy:
                        limits = [x for x in (limit, self.bound()) if x is not None]
                        if limits and n + self._base_fp[base] >= min(limits):
                            continue
                    self._test(base, rec, deadline)
                    found = self.bound()
                    if found is not None and found <= n:
                        return True  # no other program of this size is better
                    if deadline is not None and time.perf_counter() >= deadline:
                        return False
        return True

    def _pruned(self, base: Rule, rec: Rule) -> bool:
        """Does a program tested before θ-subsume {base, rec}? (Constrain time.)"""
        t0 = time.perf_counter()
        found = subsumes_any(self._done_rec.get(base, ()), rec) or subsumes_any(
            self._done_base.get(rec, ()), base
        )
        self.stats.explain_seconds += time.perf_counter() - t0
        return found

    def _test(self, base: Rule, rec: Rule, deadline: float | None) -> None:
        stats, tester = self.stats, self.tester
        program = (base, rec)
        t0 = time.perf_counter()
        stats.programs_tested += 1
        limit = self.time_limit(deadline)
        first = not self.noisy  # in noisy mode, whole coverage at once
        pos = tester.cover_program(program, "pos", time_limit=limit, first=first)
        neg = None
        if pos.ok and pos.mask:
            neg = tester.cover_program(program, "neg", time_limit=limit, first=first)
            if first and neg.ok and neg.mask == 0:  # consistent: its whole coverage
                pos = tester.cover_program(program, "pos", time_limit=limit)
        stats.test_seconds += time.perf_counter() - t0
        status = pos.status if neg is None or not pos.ok else neg.status
        if status != "ok":
            stats.count_failed_test(status)
            return
        if self.noisy:
            self._noisy_outcome(program, pos.mask, neg.mask if neg is not None else 0)
            return
        if pos.mask == 0 or neg.mask == 0:  # no positive, or consistent
            # with several bases, a consistent pair does not make {base, rec'} unnecessary
            if pos.mask == 0 or self.base_slots < 2:
                self._done_rec.setdefault(base, []).append(rec)
            self._done_base.setdefault(rec, []).append(base)
            key = "recursive programs: specialisations"
            stats.constraints[key] = stats.constraints.get(key, 0) + 1
        if pos.mask and neg.mask == 0:
            stats.consistent_rules += 1
            self._keep_if_better(Combination(program, pos.mask, True))
            if self.two is not None:
                self.two.add_pair(base, rec, pos.mask)
            if self.base_slots >= 2 and self._pairs.setdefault(rec, Pool()).add(base, pos.mask):
                self._grown[rec] = None

    def _noisy_outcome(self, program: tuple[Rule, Rule], tp: int, fp: int) -> None:
        """Noisy mode: keep the program if its description length is the
        lowest yet, and prune the programs that specialise one of its clauses
        when none can be better: they cover a subset of its positives with at
        least one literal more, so their description length is at least
        ``size + 1 + FN`` (the program's FN), whatever their negatives."""
        base, rec = program
        n_pos = self.tester.n_pos
        if tp:
            found = Combination(program, tp, True, fp)
            if not self.best.rules or found.mdl(n_pos) < self.best.mdl(n_pos):
                self.best = found
                logger.info(
                    "recursive program of size %d: description length %d",
                    found.size,
                    found.mdl(n_pos),
                )
        best = self.bound()
        fn = n_pos - tp.bit_count()
        size = sum(r.size for r in program)
        if tp == 0 or (best is not None and size + 1 + fn >= best):
            self._done_rec.setdefault(base, []).append(rec)
            self._done_base.setdefault(rec, []).append(base)
            key = "recursive programs: specialisations"
            self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1

    def _keep_if_better(self, found: Combination) -> None:
        """Make ``found`` the best recursive program if it covers more
        positives, or as many with fewer literals."""
        if (found.tp.bit_count(), -found.size) > (self.best.tp.bit_count(), -self.best.size):
            self.best = found
            logger.info(
                "recursive program of size %d covers %d/%d positives",
                found.size,
                found.tp.bit_count(),
                self.tester.n_pos,
            )

    def combine_pairs(self, deadline: float | None) -> None:
        """The best program of several base clauses and one recursive clause
        (see the module docstring), for each recursive clause whose pool of
        consistent pairs grew; skipped where even the union of every pair
        with the fewest literals possible would not beat the best."""
        t0 = time.perf_counter()
        for rec in self._grown:
            pool = self._pairs[rec]
            if len(pool) < 2:
                continue  # that one pair was a candidate when it was tested
            union = 0
            for tp in pool.tps:
                union |= tp
            smallest = rec.size + min(r.size for r in pool.rules)
            if (union.bit_count(), -smallest) <= (self.best.tp.bit_count(), -self.best.size):
                continue
            limit = COMBINE_SECONDS
            if deadline is not None:
                limit = min(limit, deadline - time.perf_counter())
                if limit <= 0:
                    break  # out of time (a time limit is a limit)
            found = combine(pool, self.base_slots, timeout=limit)
            self._keep_if_better(Combination((*found.rules, rec), found.tp, found.optimal))
        self._grown.clear()
        self.stats.combine_seconds += time.perf_counter() - t0


def with_pool_rules(
    best: Combination,
    recursive: Combination,
    pool: Pool,
    tester: Tester,
    max_clauses: int | None,
    deadline: float | None = None,
) -> Combination:
    """The best of the best non-recursive program ``best``, the best
    recursive program ``recursive``, and that recursive program with rules
    of the pool added (more base clauses: the recursive clause builds on
    them too). Rules are added greedily, smallest first, each kept only if
    the program, tested as a whole, then covers more positives and still no
    negative (so the result is consistent whatever the rules do together);
    at most ``max_clauses`` clauses in all. Better: more positives, then
    fewer literals. ``deadline`` (``time.perf_counter()``): no test starts
    after it, and each is cut to the time left."""

    def score(c: Combination) -> tuple[int, int]:
        return c.tp.bit_count(), -c.size

    winner = max(best, recursive, key=score)
    if not recursive.rules:
        return winner
    current = recursive
    order = sorted(
        range(len(pool.rules)), key=lambda i: (pool.rules[i].size, -pool.tps[i].bit_count())
    )
    for i in order:
        if max_clauses is not None and len(current.rules) >= max_clauses:
            break
        if current.tp.bit_count() == tester.n_pos:
            break
        if not pool.tps[i] & ~current.tp:
            continue  # adds none of the positives its own test found
        if deadline is not None and time.perf_counter() >= deadline:
            break
        rules = current.rules + (pool.rules[i],)
        pos = tester.cover_program(rules, "pos", time_limit=time_left(tester, deadline))
        if not pos.ok or pos.mask & ~current.tp == 0:
            continue
        neg = tester.cover_program(rules, "neg", first=True, time_limit=time_left(tester, deadline))
        if neg.ok and neg.mask == 0:
            current = Combination(rules, pos.mask | current.tp, True)
    return max(winner, current, key=score)


def time_left(tester: Tester, deadline: float | None) -> float:
    """One query's time limit: the tester's, cut to the time left before
    ``deadline`` (at least 0.01 s)."""
    if deadline is None:
        return tester.eval_timeout
    return max(0.01, min(tester.eval_timeout, deadline - time.perf_counter()))
