"""Recursive programs of three clauses: a base clause and two recursive clauses.

With ``max_clauses`` of 3 or more (``enable_recursion``) a program may be a
base clause ``b`` and two recursive clauses ``r1`` and ``r2`` (Popper's
``synthesis-filter``: the empty list, an odd head skipped, an even head
kept). Unlike several base clauses (:mod:`ilp.recursion`), such a program's
coverage is not a union of its pairs' (a proof may go through ``r1`` and
then ``r2``), so each candidate is tested as a whole.

What prunes, for definite programs (a program entails every program each of
whose clauses it θ-subsumes clause by clause, and covers what it covers):

- ``{b, r1, r2}`` contains ``{b, r1}`` and ``{b, r2}``, so it covers every
  example they cover: when either pair covers a negative, so does the
  program, which is never tested. A pair is tested once, on the negatives
  (whether or not its recursive clause may be clause 1 or 2 of a bias that
  numbers them: only its coverage is used).
- A program that covers no positive, or is consistent, prunes every program
  whose clauses are each θ-subsumed by one of its clauses: such a program
  covers a subset of what it covers and, still to come in a search by size,
  is no smaller, so it is no better.

The pruning of :mod:`ilp.recursion` by recursive clauses that "add
nothing" (their other literals cover no positive) is not used here: with
two recursive clauses, one can act only inside the other's recursive calls,
on atoms that are not examples; so the recursive clauses come from
generators of their own, which learn no constraint.

Ahead of the search by size (:meth:`TwoRecursiveSearch.probe`), the
consistent programs ``{b, r1}`` and ``{b, r2}`` of the search of one
recursive clause that each cover a positive the other misses are joined
into ``{b, r1, r2}`` and tested whole as soon as both are known, when
together they cover more positives than the best program so far (Popper's
combine step unions programs so): ``synthesis-filter``'s skip-odd and
keep-even clauses each cover one positive with the base clause, and their
program of 14 literals covers all five, a size the search by size does not
reach in 60 s. Only the order changes: such a test prunes nothing (a
program tested out of size order may be larger than one it would prune),
and each program is tested again when the search by size meets it.

When the bias's rules name clauses by number (:attr:`Bias.numbered_clauses`),
``b`` is clause 0 and the recursive clauses are 1 and 2: ``r1`` comes from a
generator that applies the rules of clause 1, ``r2`` from one that applies
those of clause 2. Otherwise both come from one generator, and each pair is
tried once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from ilp.bias import Bias
from ilp.combine import Combination
from ilp.generate import Generator
from ilp.results import Stats
from ilp.rules import Rule, canonical, subsumes
from ilp.test import Tester

logger = logging.getLogger(__name__)

Program = tuple[Rule, Rule, Rule]


class TwoRecursiveSearch:
    """The programs ``{b, r1, r2}``, one size at a time."""

    def __init__(self, bias: Bias, tester: Tester, stats: Stats):
        self.bias, self.tester, self.stats = bias, tester, stats
        numbered = bias.numbered_clauses
        first = Generator(bias, recursive=True, clause_id=1 if numbered else 0)
        second = Generator(bias, recursive=True, clause_id=2) if numbered else first
        self.gens = (first, second)
        self.numbered = numbered
        self._recs: tuple[dict[int, list[Rule]], dict[int, list[Rule]]] = ({}, {})
        self._pair_ok: dict[tuple[Rule, Rule], bool] = {}
        # tested programs that prune (module docstring), by each of their clauses
        self._done_with: dict[Rule, set[int]] = {}
        self._n_done = 0
        self._generals: list[Rule] = []  # the keys of _done_with, in order
        # by clause: how many of _generals were checked, and those that θ-subsume it
        self._subsumed_by: dict[Rule, tuple[int, list[Rule]]] = {}
        self._tried: set[frozenset[Rule]] = set()
        # consistent programs {b, r} covering a positive, by b (see probe)
        self._covering: dict[Rule, list[tuple[Rule, int]]] = {}
        self._probed: dict[Rule, int] = {}  # by b: how many of those were joined

    def add_pair(self, base: Rule, rec: Rule, tp: int) -> None:
        """Note a consistent program ``{base, rec}`` covering the positives ``tp`` (not none)."""
        self._covering.setdefault(base, []).append((rec, tp))

    def probe(
        self,
        keep: Callable[[Combination], None],
        deadline: float | None,
        time_limit: Callable[[], float],
        best_tp: int = 0,
    ) -> bool:
        """Test ``{b, r1, r2}`` for each two pairs of :meth:`add_pair` with the
        same ``b`` that each cover a positive the other does not and together
        more than ``best_tp`` positives (the best program's), whatever their
        size (see the module docstring); False if out of time."""
        for base, pairs in self._covering.items():
            for j in range(self._probed.get(base, 0), len(pairs)):
                r2, tp2 = pairs[j]
                for r1, tp1 in pairs[:j]:
                    if tp1 | tp2 in (tp1, tp2) or (tp1 | tp2).bit_count() <= best_tp:
                        continue  # one adds nothing to the other, or no more than the best
                    program = self._placed(base, r1, r2)
                    if program is None:
                        continue
                    if deadline is not None and time.perf_counter() >= deadline:
                        return False
                    self._test(program, keep, time_limit(), prune=False)
                self._probed[base] = j + 1
        return True

    def _placed(self, base: Rule, r1: Rule, r2: Rule) -> Program | None:
        """``(base, r1, r2)`` in an order in which each recursive clause obeys
        the bias's rules of its place (clause 1, clause 2); None if none."""
        if not self.numbered:
            return (base, r1, r2)  # one generator for both places
        first, second = self.gens
        if first.in_space(r1) and second.in_space(r2):
            return (base, r1, r2)
        if first.in_space(r2) and second.in_space(r1):
            return (base, r2, r1)
        return None

    def recs(self, which: int, k: int, deadline: float | None) -> list[Rule] | None:
        """The recursive clauses of ``k`` body literals for place ``which`` (0
        or 1: clause 1 or 2); None: out of time."""
        store = self._recs[which if self.numbered else 0]
        if k not in store:
            gen = self.gens[which]
            t0 = time.perf_counter()
            seen: dict[Rule, Rule] = {}
            for rule in gen.rules(k, deadline):
                seen.setdefault(canonical(rule), rule)
            self.stats.generate_seconds += time.perf_counter() - t0
            if gen.timed_out:
                return None
            store[k] = list(seen.values())
        return store[k]

    def _consistent_pair(self, base: Rule, rec: Rule, limit: float) -> bool:
        key = (base, rec)
        if key not in self._pair_ok:
            neg = self.tester.cover_program((base, rec), "neg", time_limit=limit, first=True)
            if not neg.ok:  # unknown: the programs holding the pair are not tried
                failed = self.stats.failed_tests
                failed[neg.status] = failed.get(neg.status, 0) + 1
            self._pair_ok[key] = neg.ok and neg.mask == 0
        return self._pair_ok[key]

    def search_size(
        self,
        n: int,
        bases: Callable[[int], list[Rule] | None],
        keep: Callable[[Combination], None],
        deadline: float | None,
        time_limit: Callable[[], float],
    ) -> bool:
        """Test every program of ``n`` literals (heads included) not pruned;
        ``bases(k)``: the consistent base clauses of ``k`` body literals;
        ``keep``: told of each consistent program. False if out of time."""
        max_body = self.bias.max_body
        for kb in range(1, n - 5):
            for k1 in range(2, n - kb - 4):
                k2 = n - 3 - kb - k1
                if max(kb, k1, k2) > max_body or (not self.numbered and k2 < k1):
                    continue
                if not self._search_split(kb, k1, k2, bases, keep, deadline, time_limit):
                    return False
        return True

    def _search_split(self, kb, k1, k2, bases, keep, deadline, time_limit) -> bool:
        """The programs of ``kb`` + ``k1`` + ``k2`` body literals."""
        found_bases = bases(kb)
        if found_bases == []:
            return True  # no program (its recursive clauses are not generated)
        first = self.recs(0, k1, deadline) if found_bases is not None else None
        second = self.recs(1, k2, deadline) if first is not None else None
        if second is None:
            return False
        t0 = time.perf_counter()
        # by base clause, the recursive clauses of each place that make a consistent pair
        candidates = []
        for base in found_bases:
            places = []
            for recs in (first, second):
                places.append([])
                for r in recs:
                    if deadline is not None and time.perf_counter() >= deadline:
                        self.stats.test_seconds += time.perf_counter() - t0
                        return False
                    if self._consistent_pair(base, r, time_limit()):
                        places[-1].append(r)
            candidates.append((base, *places))
        self.stats.test_seconds += time.perf_counter() - t0
        logger.info(
            "two recursive clauses, bodies %d+%d+%d: %d base clauses, %d programs "
            "of consistent pairs (recursive clauses: %d and %d)",
            kb,
            k1,
            k2,
            len(found_bases),
            sum(len(ones) * len(twos) for _, ones, twos in candidates),
            len(first),
            len(second),
        )
        for base, ones, twos in candidates:
            for r1 in ones:
                for r2 in twos:
                    if deadline is not None and time.perf_counter() >= deadline:
                        return False
                    if self._new((base, r1, r2)):
                        self._test((base, r1, r2), keep, time_limit())
        return True

    def _new(self, program: Program) -> bool:
        """Not tried yet (as a set of clauses) and not pruned."""
        key = frozenset(canonical(r) for r in program)
        if key in self._tried or len(key) < len(program):
            return False  # tried, or the same recursive clause twice
        self._tried.add(key)
        return not self._pruned(program)

    def _pruned(self, program: Program) -> bool:
        """Is every clause of ``program`` θ-subsumed by a clause of one
        program that prunes (the same one for all)?"""
        common: set[int] | None = None
        for special in program:
            found: set[int] = set()
            for general in self._generals_of(special):
                found |= self._done_with[general]
            common = found if common is None else common & found
            if not common:
                return False
        return True

    def _generals_of(self, special: Rule) -> list[Rule]:
        """The clauses of pruning programs that θ-subsume ``special``."""
        checked, found = self._subsumed_by.get(special, (0, []))
        if checked < len(self._generals):
            preds = {x.pred for x in special.body}
            for general in self._generals[checked:]:
                if all(x.pred in preds for x in general.body) and subsumes(general, special):
                    found.append(general)
            self._subsumed_by[special] = (len(self._generals), found)
        return found

    def _test(
        self,
        program: Program,
        keep: Callable[[Combination], None],
        limit: float,
        prune: bool = True,
    ) -> None:
        """Test ``program`` whole; ``prune``: learn from it (only in size order)."""
        stats, tester = self.stats, self.tester
        t0 = time.perf_counter()
        stats.programs_tested += 1
        pos = tester.cover_program(program, "pos", time_limit=limit, first=True)
        neg = None
        if pos.ok and pos.mask:
            neg = tester.cover_program(program, "neg", time_limit=limit, first=True)
            if neg.ok and neg.mask == 0:
                pos = tester.cover_program(program, "pos", time_limit=limit)
        stats.test_seconds += time.perf_counter() - t0
        status = pos.status if neg is None or not pos.ok else neg.status
        if status != "ok":
            stats.count_failed_test(status)
            return
        if prune and (pos.mask == 0 or neg.mask == 0):
            for rule in program:
                if rule not in self._done_with:
                    self._done_with[rule] = set()
                    self._generals.append(rule)
                self._done_with[rule].add(self._n_done)
            self._n_done += 1
            key = "two recursive clauses: specialisations"
            stats.constraints[key] = stats.constraints.get(key, 0) + 1
        if pos.mask and neg.mask == 0:
            stats.consistent_rules += 1
            keep(Combination(program, pos.mask, True))
