"""The learning-from-failures loop (generate, test, constrain, combine).

:func:`learn_from_failures` runs it on a task folder (the public entry is
:func:`ilp.learn`). The loop, for body sizes 1, 2, ... max_body:

1. *generate* every rule of that size the constraints still allow
   (:class:`~ilp.generate.Generator`, one clingo ``solve``);
2. *test* each in Prolog (:class:`~ilp.test.Tester`), one call per
   rule and kind over all examples, only as far as the answer can change
   the search (see :meth:`Search.test`): does it cover a positive, does it
   cover a negative (stopped at the first), and if not, which positives;
3. *constrain* (:mod:`~ilp.constrain`): prune specialisations of
   rules covering no positive or no negative, generalisations of
   inconsistent ones, and specialisations of the smallest part found of a
   rule whose positives a pool rule already covers or, once a program
   covers every positive, that cannot be part of a smaller one
   (:meth:`Search.useless`, :meth:`Search.useless_part`);
4. *combine* (:mod:`~ilp.combine`) the consistent rules into the best
   program after each size, and without noise also within a size once the
   pool covers every positive (:meth:`Search.combine_within_size`).

With ``enable_recursion``, recursive programs (a base clause and a
recursive clause, :mod:`~ilp.recursion`) are searched
between the sizes, up to the program size of the rules of the next size, and
then on until a program smaller than the best is no longer possible; the
final program is the better of the two searches' best (or their union,
tested as a whole, when that is better).

The search ends when the space is exhausted, when a program covering every
positive example exists and no larger rule could make a smaller program, or
at the time-out (anytime: the best program so far is returned). Runs are
deterministic: the same folder and settings give the same program, unless
the time-out cuts the search at a different point.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass

from ilp.bias import Bias
from ilp.bkcons import bk_constraints, drop_safe
from ilp.combine import Combination, Pool, combine
from ilp.constrain import (
    SPECIALISATIONS,
    Outcome,
    apply,
    callable_rule,
    explain_failure,
    pointless_literal,
    useless_specialisation_size,
)
from ilp.generate import Generator
from ilp.invent import InventionSearch, unfold
from ilp.recursion import RecursiveSearch, time_left, with_pool_rules
from ilp.results import UNIT_WEIGHTS, Program, Scores, Stats, Weights, make_program
from ilp.rules import Rule, canonical, pred_signature
from ilp.task import TaskError, TaskFiles
from ilp.test import Coverage, RescoreFailed, Tester

logger = logging.getLogger(__name__)

# seconds between progress lines while a size is being searched
REPORT_EVERY = 10.0
# positive coverages of rules kept for the pruning checks (then the cache restarts)
COVERAGE_CACHE = 100_000
_UNKNOWN = object()  # not in the coverage cache
# up to this many positive examples, a rule's test finds all it covers at once
FULL_POS_COVERAGE = 1000

# Noisy mode: the share of the time left that a combine step during the
# search may take. The local search has already improved the best program
# by then; clingo rarely proves a large pool's optimum in that time, and
# rules of the next size are often worth more (see combine.py).
NOISY_COMBINE_SHARE = 0.05
# Without noise, a combine within a size (once the pool covers every positive) waits
# until the pool has grown by 1/COMBINE_GROWTH of its size (the same time share applies)
COMBINE_GROWTH = 10
# The job's time limit covers the final combine, the check of the program and
# the process's exit: the search stops this many seconds before it, and a
# combine gets at least MIN_COMBINE_SECONDS (a solver call is not cut shorter)
END_RESERVE = 0.5
MIN_COMBINE_SECONDS = 0.05
MIN_LOAD_SECONDS = 1.0
# The final program's re-test on every example may end this long after the
# deadline (it takes 0.01-0.1 s on Popper's tasks); past it, the search's own
# counts are reported (unverified)
CHECK_SECONDS = 0.3


@dataclass(frozen=True)
class Tested:
    """What is known of a tested rule's coverage, for its specialisations' tests.

    ``full``: ``tp``/``fp`` are its whole coverage; otherwise they hold only
    the first positive and negative example it was found to cover.
    """

    tp: int
    fp: int
    full: bool


class Search:
    """One run of the loop; split out of :func:`learn` to keep each step readable."""

    def __init__(
        self,
        files: TaskFiles,
        bias: Bias,
        tester: Tester,
        stats: Stats,
        deadline: float | None,
        combine_timeout: float,
        explain: bool = True,
        noisy: bool = False,
        weights: Weights = UNIT_WEIGHTS,
    ):
        self.files, self.bias, self.tester, self.stats = files, bias, tester, stats
        self.deadline = deadline
        self.combine_timeout = combine_timeout
        self.noisy = noisy
        self.weights = weights  # noisy mode: the description length's weights (see api.learn)
        self.explain = explain
        from_bk = bk_constraints(bias, tester, noisy, deadline)
        tester.use_relations(from_bk.rows)  # bodies ordered by their answers
        self.generator = Generator(bias, from_bk.facts, from_bk.symmetric, few_variables_first=True)
        self.isolated = from_bk.isolated  # head places a rule may ignore (without noise)
        self.drop_safe = drop_safe(bias)  # pointless literals may be pruned
        stats.ground_seconds = round(self.generator.ground_seconds, 3)
        self.pool = Pool(weights=weights)
        self.best = Combination((), 0, True)
        self.optimal_at = -1  # noisy mode: the pool version whose optimum self.best is
        self.seen: set[Rule] = set()  # canonical forms of the rules generated so far
        self.coverage: dict[Rule, int | None] = {}  # see pos_coverage
        # the predicates (pred_signature) of the keys in self.coverage, and in the
        # last parents dict asked about: a rule whose predicates are none of
        # these has no entry there, found without its canonical form
        self.coverage_preds: set[tuple] = set()
        self.parent_preds: tuple[dict, set[tuple]] = ({}, set())
        # noisy mode: rules whose specialisations of at least k literals are
        # never needed, by k (pruned once the search reaches that size)
        self.later_specs: dict[int, list[Rule]] = {}
        self.pool_union = 0  # positives some pool rule covers
        self.added_since_combine = 0  # pool rules added since the last combine
        self.last_report = time.perf_counter()
        # recursive programs (enable_recursion), searched between the sizes of rules
        self.recursion = None
        if bias.recursion and bias.recursive_clauses >= 2:
            self.recursion = RecursiveSearch(bias, tester, stats, noisy=noisy)
        # programs with an invented predicate (enable_pi), after the rules
        self.invention = InventionSearch(bias, tester, stats) if bias.invention else None
        # several pool rules may replace one (see useless): the number of
        # rules is not capped, and no other search takes rules from the space
        self.several_replace = (
            bias.rule_clauses is None and self.recursion is None and self.invention is None
        )
        if bias.invention and noisy:
            raise TaskError("'enable_pi' (predicate invention) is not supported with --noisy")

    def mdl(self, program: Combination) -> int:
        """Noisy mode: the (weighted) description length of ``program``."""
        return program.mdl(self.tester.n_pos, self.weights)

    def parent_entry(self, parents: dict[Rule, Tested], rule: Rule) -> Tested | None:
        """``parents``' entry for ``rule`` (None if it has none)."""
        known, preds = self.parent_preds
        if known is not parents:  # a new size's parents (only ever shrunk later)
            preds = {pred_signature(r) for r in parents}
            self.parent_preds = (parents, preds)
        return parents.get(self.key(rule)) if pred_signature(rule) in preds else None

    def key(self, rule: Rule) -> Rule:
        """The form under which ``rule``'s test results are kept: its canonical
        form, the same for every twin with symmetric literals turned around
        (:meth:`Generator.variants`), which covers the same."""
        return canonical(rule, self.generator.symmetric)

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def time_limit(self) -> float:
        """Per-test wall-clock limit: the tester's, cut to the time left."""
        return time_left(self.tester, self.deadline)

    def run(self) -> None:
        self.run_rules()
        self.run_recursion()
        invention = self.invention
        if invention is None or self.out_of_time():
            return
        invention.search(self.deadline, self.complete_size())
        if not invention.exhausted:
            self.stats.exhausted = False

    def run_recursion(self) -> None:
        rec, stats = self.recursion, self.stats
        if rec is None or self.stopped or self.out_of_time():
            return
        # the rest of the recursive programs, smaller than the best program known
        rec.search(rec.max_size, self.deadline, self.program_bound())
        if not rec.exhausted:
            stats.exhausted = False
        elif stats.stop_reason == "rule space exhausted" and rec.complete_size() is not None:
            stats.stop_reason = (
                "a recursive program covering every positive was found; "
                "no program still to come is smaller"
            )

    def program_bound(self) -> int | None:
        """Programs of at least this many literals cannot beat the best
        non-recursive program: its size if it covers every positive, or in
        noisy mode its description length."""
        if self.noisy:
            return self.mdl(self.best)
        return self.complete_size()

    def complete_size(self) -> int | None:
        """The size of the best non-recursive program if it covers every positive."""
        if self.best.tp.bit_count() == self.tester.n_pos:
            return self.best.size
        return None

    def run_rules(self) -> None:
        """The search over rules (non-recursive), size by size; with recursion,
        the recursive programs up to each size's program size in between."""
        stats, bias = self.stats, self.bias
        parents: dict[Rule, Tested] = {}
        self.stopped = False
        for size in range(1, bias.max_body + 1):
            if self.recursion is not None:
                found = self.recursion.bound()
                if found is not None and size + 1 >= found:
                    stats.stop_reason = (
                        "no larger rule can lower the description length"
                        if self.noisy
                        else "a recursive program covering every positive "
                        "exists; larger rules cannot make a smaller one"
                    )
                    stats.exhausted = True
                    return
            if self.noisy and self.mdl(self.best) <= self.weights.cost(size + 1, 0, 0):
                stats.stop_reason = "no larger rule can lower the description length"
                stats.exhausted = True
                return
            if (
                not self.noisy
                and self.best.tp.bit_count() == self.tester.n_pos
                and size + 1 >= self.best.size
            ):
                stats.stop_reason = (
                    "a program covering every positive exists; "
                    "larger rules cannot make a smaller one"
                )
                stats.exhausted = True
                return
            for limit in sorted(k for k in self.later_specs if k <= size + 1):
                for rule in self.later_specs.pop(limit):
                    self.prune_too_large(rule)
            parents = self.run_size(size, parents)
            self.do_combine()
            if self.stopped and not self.optimum_found:
                # out of time: pruning the parents (a test each) would overrun it
                return
            # with a (perhaps new) best program, some parents of the next size
            # can no longer lead to a better one: all rules up to size + 1
            # literals are known now
            for rule in [r for r in parents if self.cannot_beat_best(r, seen_size=size + 1)]:
                self.prune_useless(rule, seen_size=size + 1)
                del parents[rule]
            self.report(size, final=True)
            if self.recursion is not None and not self.stopped:
                # programs no larger than the rules of the next size (before
                # them: a recursive program often makes them unnecessary)
                self.recursion.search(size + 2, self.deadline, self.program_bound())
                self.stopped = self.out_of_time()
            if self.optimum_found:
                stats.stop_reason = (
                    "a rule covering every positive was found; no rule still to come is smaller"
                )
                stats.exhausted = True
                return
            if self.stopped:
                return
        stats.exhausted = True
        stats.stop_reason = "rule space exhausted"

    def run_size(self, size: int, parents: dict[Rule, Tested]) -> dict[Rule, Tested]:
        """Generate and test every rule with ``size`` body literals."""
        stats = self.stats
        children: dict[Rule, Tested] = {}
        self.stopped = False
        self.optimum_found = False
        t_gen = time.perf_counter()
        rules = self.generator.rules(size, self.deadline)
        try:
            self._run_rules(rules, size, parents, children, t_gen)
        finally:
            rules.close()  # ends clingo's solve call if we stopped early
        if self.generator.timed_out or self.out_of_time():
            self.stopped = True
        stats.ground_nogoods = self.generator.nogoods_added
        return children

    def _run_rules(
        self,
        rules: Iterator[Rule],
        size: int,
        parents: dict[Rule, Tested],
        children: dict[Rule, Tested],
        t_gen: float,
    ) -> None:
        """Test each generated rule, learn its constraints, keep parents and pool rules."""
        stats = self.stats
        last = size == self.bias.max_body
        for rule in rules:
            stats.generate_seconds += time.perf_counter() - t_gen
            if self.out_of_time():  # the generator checks only while it waits
                return
            stats.rules_generated += 1
            key = self.key(rule)
            # transpositions-only symmetry breaking repeats a few rules, and a
            # twin with a symmetric literal turned around covers the same
            if key in self.seen:
                t_gen = time.perf_counter()
                continue
            self.seen.add(key)
            # a head place the rule may ignore (see IsolatedHeads), found once per rule
            ignored = self.isolated.isolated(rule) if self.isolated is not None else None
            outcome = self.test(rule, parents, ignored)
            if self.out_of_time():
                # what the test teaches the search no longer matters, and each
                # pruning step below runs tests of its own (they took
                # iggp-eight-puzzle-legal-move 0.7 s past the search's end)
                self.optimum_found = self.pool_outcome(rule, outcome, combine=False)
                return
            useless = False
            if not last and outcome.status == "ok" and outcome.tp and outcome.fp:
                useless = self.cannot_beat_best(rule, seen_size=size)
                if useless:
                    self.prune_useless(rule, seen_size=size)
                else:  # a parent of the next size's rules
                    children[key] = Tested(outcome.tp, outcome.fp, full=self.noisy)
            best_mdl = self.mdl(self.best) if self.noisy else None
            t_constrain = time.perf_counter()
            kinds = apply(
                self.generator, outcome, next_size=size + 1, best_mdl=best_mdl, weights=self.weights
            )
            if not last and outcome.status == "ok" and outcome.tp and ignored is not None:
                # so does each specialisation that keeps that place ignored
                self.generator.prune_while_isolated(rule, ignored)
            stats.explain_seconds += time.perf_counter() - t_constrain  # (constrain time)
            for kind in kinds:
                stats.constraints[kind] = stats.constraints.get(kind, 0) + 1
            if (
                self.noisy
                and not last
                and outcome.status == "ok"
                and outcome.tp
                and SPECIALISATIONS not in kinds
            ):
                limit = useless_specialisation_size(outcome, self.weights)
                self.later_specs.setdefault(limit, []).append(rule)
            if self.explain and outcome.status == "ok" and outcome.tp == 0:
                self.explain_failure(rule)
                if not last and len(rule.body) > 1:  # a part of it may be useless too
                    self.prune_useless(rule, seen_size=size, only_smaller=True)
            # a pointless literal matters only while the rule's specialisations are open
            if (
                not last
                and outcome.status == "ok"
                and outcome.tp
                and self.drop_safe
                and not useless
                and SPECIALISATIONS not in kinds
            ):
                self.prune_pointless(rule, outcome, parents)
            if outcome.consistent and outcome.tp:
                stats.consistent_rules += 1
            if self.pool_outcome(rule, outcome):
                # every rule still to come has at least this rule's
                # literals, and every smaller program is in the pool and
                # was combined after the previous size without covering
                # every positive at this size: nothing can beat this rule
                self.optimum_found = True
                return
            if time.perf_counter() - self.last_report > REPORT_EVERY:
                self.report(size)
            if self.out_of_time():
                return
            t_gen = time.perf_counter()
        stats.generate_seconds += time.perf_counter() - t_gen

    def pool_outcome(self, rule: Rule, outcome: Outcome, combine: bool = True) -> bool:
        """Put a tested rule that can be part of a better program in the pool
        (``combine``: and combine within the size when due); True when it is
        consistent and covers every positive (without noise)."""
        if self.noisy:  # a rule can lower the MDL only if its positives outweigh its size
            w = self.weights
            if outcome.status == "ok" and w.fn * outcome.tp.bit_count() > w.size * rule.size:
                self.pool.add(rule, outcome.tp, outcome.fp)
            return False
        if not (outcome.consistent and outcome.tp):
            return False
        if self.pool.add(rule, outcome.tp) and combine:
            self.combine_within_size(outcome.tp)
        return outcome.tp.bit_count() == self.tester.n_pos

    def test(self, rule: Rule, parents: dict[Rule, Tested], ignored: int | None = None) -> Outcome:
        """Test ``rule`` only as far as the answer can change the search.

        A rule's coverage is contained in that of each generalisation made by
        dropping one literal (its *parents*, tested at the previous size).
        Without noise only three answers matter: does it cover a positive
        (else its specialisations go), does it cover a negative (else it is
        consistent and goes to the pool with its full positive coverage), and
        nothing else. So positives and negatives are existence tests that stop
        at the first covered example; the negatives the parents were caught
        on are tried first, since a specialisation usually covers them too.
        In noisy mode full coverage is needed, restricted to the examples
        every parent covers.
        ``ignored``: a head place the rule may ignore (IsolatedHeads): once it
        covers a positive, a conflicting negative is known without testing.
        """
        stats, tester = self.stats, self.tester
        t0 = time.perf_counter()
        pos_cands = neg_cands = None  # examples every fully tested parent covers
        hints = 0  # negatives that some parent covers
        for lit in rule.body:
            found = self.parent_entry(parents, rule.without(lit))
            if found is None:
                continue
            if found.full:
                pos_cands = found.tp if pos_cands is None else pos_cands & found.tp
                neg_cands = found.fp if neg_cands is None else neg_cands & found.fp
            else:
                hints |= found.fp
        limit = self.time_limit()
        stats.rules_tested += 1
        stats.tested_per_size[len(rule.body)] = stats.tested_per_size.get(len(rule.body), 0) + 1
        exists = not self.noisy
        # few positives: their whole coverage costs about as much as the first
        # one, and it is needed for a consistent rule and by the pruning checks
        # of an inconsistent one (useless), so one call gets it
        full_pos = not exists or tester.n_pos <= FULL_POS_COVERAGE
        if exists and full_pos:
            # only the positives every part with one literal less covers (those
            # parts' coverage is cached when they were tested at the previous size)
            bound = self.coverage_bound(rule)
            if bound is not None:
                pos_cands = bound if pos_cands is None else pos_cands & bound
        pos = tester.cover(rule, "pos", pos_cands, time_limit=limit, first=not full_pos)
        if exists and full_pos and pos.ok:
            self.cache_coverage(rule, pos.mask)
        neg = None
        missed = 0  # negatives found not covered (for the pointless-literal check)
        if pos.ok and pos.mask and ignored is not None:
            # a rule that ignores a head place covers the negatives equal to a
            # covered positive but at that place (see IsolatedHeads): no test needed
            neg = Coverage(self.isolated.covered_negatives(ignored, pos.mask), "ok")
        elif pos.ok and pos.mask:
            if hints and exists:
                neg = tester.cover(rule, "neg", hints, time_limit=limit, first=True)
                missed = not_covered(hints, neg, first=True, n=tester.n_neg)
            if neg is None or (neg.ok and neg.mask == 0):
                neg = tester.cover(rule, "neg", neg_cands, time_limit=limit, first=exists)
                missed |= not_covered(neg_cands, neg, first=exists, n=tester.n_neg)
            if exists and neg.ok and neg.mask == 0 and not full_pos:
                # consistent: its full coverage is needed
                pos = tester.cover(rule, "pos", pos_cands, time_limit=limit)
        status = pos.status if neg is None or not pos.ok else neg.status
        stats.test_seconds += time.perf_counter() - t0
        if status != "ok":  # coverage unknown: the rule is neither used nor learned from
            stats.count_failed_test(status)
            return Outcome(rule, 0, 0, status)
        return Outcome(rule, pos.mask, neg.mask if neg is not None else 0, status, missed)

    def cannot_beat_best(self, rule: Rule, seen_size: int) -> bool:
        """Can no specialisation of the inconsistent ``rule`` be part of a
        program better than any the pool already makes? (Without noise.)
        A specialisation has at least ``rule.size + 1`` literals; see
        :meth:`useless` (its time counts as explain time, with the other
        pruning checks)."""
        t0 = time.perf_counter()
        found = self.useless(rule, rule.size + 1, seen_size)
        self.stats.explain_seconds += time.perf_counter() - t0
        return found

    def useless(self, rule: Rule, smallest: int, seen_size: int) -> bool:
        """Is no rule of at least ``smallest`` literals that covers no more
        positives than ``rule`` needed by an optimal program?

        Two ways (Popper's "subsumed" and "covers too few" checks, with full
        positive coverage):

        - *subsumed*: a consistent pool rule of at most ``smallest`` literals
          covers every positive ``rule`` covers; it can replace such a rule
          in any program, which stays consistent, covers no fewer positives
          and gets no larger.
        - *too few*: once a program covering every positive is known, a
          smaller one with such a rule has at most ``budget`` literals in
          its other rules, which must cover the positives ``rule`` misses.
          When every rule of up to ``budget`` literals has been tested (all
          rules of up to ``seen_size`` literals have), those others are
          consistent rules of the pool
          (:meth:`~ilp.combine.Pool.can_cover` decides
          whether some fit). Sound only if every test so far succeeded (a
          rule whose test hit a limit is in no pool), so this check is off
          after a failed test.
        """
        if self.noisy or not self.pool.rules:
            return False
        covered = self.coverage.get(self.key(rule), _UNKNOWN)
        if covered is _UNKNOWN:
            # the coverage of a part of the body contains the rule's: often
            # that bound already decides, and otherwise it narrows the query
            bound = self.coverage_bound(rule)
            if bound is not None and self.useless_coverage(bound, smallest, seen_size):
                return True
            covered = self.pos_coverage(rule, bound)
        return covered is not None and self.useless_coverage(covered, smallest, seen_size)

    def useless_coverage(self, covered: int, smallest: int, seen_size: int) -> bool:
        """:meth:`useless` for a rule that covers at most the positives ``covered``."""
        for size, tp in zip(self.pool.sizes(), self.pool.tps, strict=True):
            if covered & ~tp == 0 and size <= smallest:
                return True
        if self.several_replace and self.pool.can_cover(covered, smallest, give_up=False):
            return True
        n_pos = self.tester.n_pos
        if self.stats.failed_tests or self.best.tp.bit_count() < n_pos:
            return False
        budget = self.best.size - 1 - smallest
        if budget > seen_size:
            return False
        return not self.pool.can_cover(((1 << n_pos) - 1) & ~covered, budget)

    def coverage_bound(self, rule: Rule) -> int | None:
        """Positives that contain ``rule``'s coverage: those every part of its
        body with one literal less covers, for the parts whose coverage is
        cached (None if none is)."""
        bound = None
        if len(rule.body) > 1:
            for lit in rule.body:
                part = rule.without(lit)
                if pred_signature(part) not in self.coverage_preds:
                    continue
                found = self.coverage.get(self.key(part))
                if found is not None:
                    bound = found if bound is None else bound & found
        return bound

    def pos_coverage(self, rule: Rule, candidates: int | None = None) -> int | None:
        """The positives ``rule`` covers (None if its test hit a limit), cached;
        ``candidates``: positives known to contain them (None: all)."""
        key = self.key(rule)
        if key in self.coverage:
            return self.coverage[key]
        if candidates == 0:
            found = 0
        else:
            result = self.tester.cover(rule, "pos", candidates, time_limit=self.time_limit())
            found = result.mask if result.ok else None
        self.cache_coverage(rule, found)
        return found

    def cache_coverage(self, rule: Rule, found: int | None) -> None:
        """Keep ``rule``'s positive coverage (see :meth:`pos_coverage`)."""
        if len(self.coverage) >= COVERAGE_CACHE:
            self.coverage.clear()
            self.coverage_preds.clear()
        self.coverage[self.key(rule)] = found
        self.coverage_preds.add(pred_signature(rule))

    def prune_pointless(
        self, rule: Rule, outcome: Outcome, parents: dict[Rule, Tested] | None = None
    ) -> None:
        """Forbid the pattern of a pointless literal of ``rule``, if it has one.
        A literal whose part without it (a parent) covers a negative the test
        found ``rule`` not to cover is not asked about (see
        :func:`pointless_literal`)."""
        t0 = time.perf_counter()

        def refuted(lit) -> bool:
            found = self.parent_entry(parents or {}, rule.without(lit))
            return found is not None and found.fp & outcome.missed != 0

        found = pointless_literal(rule, self.tester, time_limit=self.time_limit(), refuted=refuted)
        if found is not None:
            self.generator.prune_while_single(found.part, found.single)
            key = "pointless literals"
            self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1
        self.stats.explain_seconds += time.perf_counter() - t0

    def prune_too_large(self, rule: Rule) -> None:
        """Noisy mode: the specialisations of ``rule`` still to come are too
        large to be needed (see :func:`useless_specialisation_size`)."""
        self.generator.prune_specialisations(rule)
        key = "specialisations (too large to be needed)"
        self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1

    def prune_useless(self, rule: Rule, seen_size: int, only_smaller: bool = False) -> None:
        """Prune the specialisations of ``rule`` (for which
        :meth:`cannot_beat_best` holds) or of a smaller part of its body
        (:meth:`useless_part`), for the rest of the current size too.
        ``only_smaller``: ``rule``'s own are pruned already; only a smaller part."""
        t0 = time.perf_counter()
        part = self.useless_part(rule, seen_size)
        if only_smaller and part == rule:
            self.stats.explain_seconds += time.perf_counter() - t0
            return
        self.generator.prune_specialisations(part, now=part != rule)
        key = "specialisations (useless)"
        self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1
        if part != rule:
            key = "specialisations (useless, smaller part)"
            self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1
        self.stats.explain_seconds += time.perf_counter() - t0

    def useless_part(self, rule: Rule, seen_size: int) -> Rule:
        """The smallest part of ``rule``'s body found (greedily, one literal
        at a time) that is :meth:`useless` for rules of more than
        ``seen_size`` literals, or ``rule`` itself.

        Rules still to come have more than ``seen_size`` literals, so such a
        part has no specialisation left that an optimal program needs (as
        Popper generalises its "subsumed" and "covers too few" constraints).
        """
        part = rule
        for lit in rule.body:
            if len(part.body) == 1:
                break
            smaller = part.without(lit)
            if callable_rule(smaller, self.tester) and self.useless(
                smaller, seen_size + 1, seen_size
            ):
                part = smaller
        return part

    def explain_failure(self, rule: Rule) -> None:
        """Prune the specialisations of a smaller failing part of ``rule`` right away."""
        t0 = time.perf_counter()
        part = explain_failure(rule, self.tester, time_limit=self.time_limit())
        if part is not None:
            self.generator.prune_specialisations(part, now=True)
            key = "specialisations (explained failures)"
            self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1
        self.stats.explain_seconds += time.perf_counter() - t0

    def combine_within_size(self, tp: int) -> None:
        """Without noise: combine as soon as the pool covers every positive,
        then again each time it has grown by a tenth, without waiting for the
        size to end: a program covering every positive lets the "covers too
        few" check (:meth:`useless`) prune the rest of the size. Counted, not
        timed, so that runs stay deterministic."""
        self.added_since_combine += 1
        self.pool_union |= tp
        if self.pool_union.bit_count() < self.tester.n_pos:
            return
        if self.best.tp.bit_count() == self.tester.n_pos and self.added_since_combine < max(
            1, len(self.pool) // COMBINE_GROWTH
        ):
            return
        self.do_combine(within_size=True)

    def do_combine(self, final: bool = False, within_size: bool = False) -> None:
        """Combine the pool into the best program; ``final``: the last combine
        (in noisy mode, those during the search get a share of the time left)."""
        if self.noisy and self.pool.version == self.optimal_at:
            return  # no rule added since the pool's optimum was proven
        t0 = time.perf_counter()
        limit = combine_limit(self.combine_timeout, self.deadline, t0)
        if (self.noisy and not final or within_size) and self.deadline is not None:
            limit = min(limit, NOISY_COMBINE_SHARE * max(0.0, self.deadline - t0))
        self.added_since_combine = 0
        if self.noisy:
            result = combine(
                self.pool,
                self.bias.rule_clauses,
                timeout=limit,
                noisy=True,
                start=self.best.rules,
                bound=self.mdl(self.best),
            )
        else:
            result = combine(self.pool, self.bias.rule_clauses, timeout=limit)
        if self.noisy:
            new, old = self.mdl(result), self.mdl(self.best)
            if new < old or (result.optimal and new == old):
                self.best = result
        else:
            better = (result.tp.bit_count(), -result.size) > (
                self.best.tp.bit_count(),
                -self.best.size,
            )
            if better or (
                result.optimal
                and result.tp.bit_count() == self.best.tp.bit_count()
                and result.size == self.best.size
            ):
                self.best = result
        self.stats.combine_optimal = result.optimal
        self.optimal_at = self.pool.version if result.optimal else -1
        self.stats.pool_size = len(self.pool)
        self.stats.combine_seconds += time.perf_counter() - t0

    def report(self, size: int, final: bool = False) -> None:
        self.last_report = time.perf_counter()
        s = self.stats
        what = "done" if final else "running"
        logger.info(
            "size %d %s: %d rules tested, %d in pool, best covers %d/%d positives",
            size,
            what,
            s.rules_tested,
            len(self.pool),
            self.best.tp.bit_count(),
            self.tester.n_pos,
        )


def not_covered(candidates: int | None, found: Coverage, first: bool, n: int) -> int:
    """The ``candidates`` (None: all ``n``) a coverage query found not covered:
    all but those found, or with ``first`` those before the first found (given
    candidates are tried in increasing order; over all examples the tester
    may look from the body's answers instead, so then only when none is)."""
    if not found.ok:
        return 0
    cands = (1 << n) - 1 if candidates is None else candidates
    if not first or found.mask == 0:
        return cands & ~found.mask
    if candidates is None:
        return 0
    return cands & ((found.mask & -found.mask) - 1)


def combine_limit(combine_timeout: float, deadline: float | None, now: float) -> float:
    """Seconds one combine step may take: its own limit, cut to what is left
    of the run's time-out, but at least :data:`MIN_COMBINE_SECONDS`, so that a
    search stopped by its time-out still combines what it found (the best
    program found before is kept if that combine finds nothing better)."""
    if deadline is None:
        return combine_timeout
    return max(MIN_COMBINE_SECONDS, min(combine_timeout, deadline - now))


def end_reserve(deadline: float) -> float:
    """Seconds before ``deadline`` at which the search stops: :data:`END_RESERVE`
    for the final combine, check and the process's exit, less when the time
    left is short (a tenth of it)."""
    return min(END_RESERVE, max(0.0, deadline - time.perf_counter()) / 10)


def search_end_note(timed_out: bool, left: float | None) -> str:
    """How the search ended, for the progress line: at the time limit, or
    finished with ``left`` seconds of the limit unused (None: no limit)."""
    if timed_out:
        return "time limit reached"
    if left is None:
        return "search finished"
    return f"search finished with {max(left, 0.0):.2f} s of the time limit unused"


def final_program(search: Search, deadline: float | None) -> Combination:
    """The best of the searches' programs (rules, recursive, invented);
    tests of unions of the recursive program and pool rules stop at ``deadline``."""
    best, tester, bias, noisy = search.best, search.tester, search.bias, search.noisy
    rec = search.recursion
    if rec is not None and noisy:  # the lower description length
        if rec.best.rules and search.mdl(rec.best) < search.mdl(best):
            best = rec.best
    elif rec is not None:
        # numbered clauses: a program has one base clause (clause 0)
        cap = len(rec.best.rules) if bias.numbered_clauses else bias.max_clauses
        best = with_pool_rules(best, rec.best, search.pool, tester, cap, deadline)
    if search.invention is not None:
        best = max(best, search.invention.best, key=lambda c: (c.tp.bit_count(), -c.size))
    return best


def check_program(
    tester: Tester, bias: Bias, best: Combination, deadline: float | None
) -> tuple[Scores, bool]:
    """The final program's scores, re-tested on every example, and whether
    they agree with the search's own. The check may run :data:`CHECK_SECONDS`
    past ``deadline``; one it cuts (or a query that hits a limit) keeps the
    search's own counts, unverified."""
    end = None if deadline is None else deadline + CHECK_SECONDS
    tester.deadline = end
    try:
        # (an invented predicate's program is tested unfolded)
        scores, tp, fp = tester.score(unfold(best.rules, bias.head.name), deadline=end)
    except RescoreFailed as exc:
        logger.warning("%s; the search's own counts are reported", exc)
        n_tp, n_fp = best.tp.bit_count(), best.fp.bit_count()
        return Scores(n_tp, tester.n_pos - n_tp, tester.n_neg - n_fp, n_fp), False
    return scores, tp == best.tp and fp == best.fp


def learn_from_failures(
    files: TaskFiles,
    bias: Bias,
    stats: Stats,
    deadline: float | None,
    eval_timeout: float,
    inferences_per_example: int,
    combine_timeout: float,
    noisy: bool = False,
    weights: Weights = UNIT_WEIGHTS,
) -> tuple[Program, Scores]:
    """Run the loop on a located task until exhausted or ``deadline``; fills ``stats``.

    ``noisy``: learn the program of minimum description length (literals +
    false negatives + false positives, as Popper's ``--noisy``, each weighted
    by ``weights``) instead of the consistent one covering the most positives.
    """
    # the search stops END_RESERVE early: the final combine and check take the rest
    search_deadline = None if deadline is None else deadline - end_reserve(deadline)
    t0 = time.perf_counter()
    with Tester(
        files.bk,
        files.exs,
        bias,
        eval_timeout=eval_timeout,
        inferences_per_example=inferences_per_example,
        # the time-out covers loading the BK too (a directive may never return),
        # but a job whose time is up still loads it to score its (empty) program
        # (cut at 0.01 s, the load was reported as a BK error)
        load_timeout=None
        if deadline is None
        else max(MIN_LOAD_SECONDS, deadline - time.perf_counter()),
    ) as tester:
        stats.n_pos, stats.n_neg = tester.n_pos, tester.n_neg
        search = Search(
            files,
            bias,
            tester,
            stats,
            search_deadline,
            combine_timeout,
            noisy=noisy,
            weights=weights,
        )
        stats.setup_seconds = round(time.perf_counter() - t0, 3)
        tester.deadline = search_deadline  # every query of the search ends by its stop
        search.run()
        stats.timed_out = search.out_of_time() and not stats.exhausted
        if stats.timed_out:
            stats.stop_reason = "time-out"
        search.deadline = tester.deadline = deadline  # the final steps may take what is left
        t_end = time.perf_counter()
        search.do_combine(final=True)
        best = final_program(search, deadline)
        t_check = time.perf_counter()
        rules = best.rules
        scores, stats.verified = check_program(tester, bias, best, deadline)
        logger.info(
            "%s; final combine %.2f s, check %.2f s",
            search_end_note(stats.timed_out, None if deadline is None else deadline - t_end),
            t_check - t_end,
            time.perf_counter() - t_check,
        )
        checks = {k: n - stats.failed_tests.get(k, 0) for k, n in tester.failed.items()}
        stats.failed_checks = {k: n for k, n in checks.items() if n > 0}
    for key in ("generate_seconds", "test_seconds", "combine_seconds", "explain_seconds"):
        setattr(stats, key, round(getattr(stats, key), 3))
    return make_program(bias, rules), scores
