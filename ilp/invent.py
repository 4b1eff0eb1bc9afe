"""Predicate invention (Popper's ``enable_pi``), in one form.

A program with an invented predicate is one clause ``H`` of the head
predicate whose body calls the invented predicate ``inv`` (of the head's
arity or less) one or more times, and one or more clauses ``D`` that define
``inv`` from the body predicates, non-recursively (Popper's ``kinship-pi``:
``grandparent(A,B) :- inv(A,C), inv(C,B).`` with ``inv`` the union of
``mother`` and ``father``); at most ``max_clauses`` clauses in all
(:data:`DEFAULT_CLAUSES` when the bias gives none). Such a program means
the same as its *unfolding* (:func:`unfold`): the rules of the head
predicate made by replacing each call of ``inv`` in ``H`` by the body of
one clause of ``D`` in every way. So a program is tested through its
unfolding, in the ordinary tester, with no new predicate in Prolog.

What prunes, each sound for definite programs:

- a program's unfolding grows with ``D`` (every rule of the unfolding with
  ``D`` is one of the unfolding with a superset of ``D``), so ``H ∪ D``
  covers every example ``H ∪ D'`` covers for ``D'`` a subset of ``D``; if
  ``H`` with one clause ``d`` covers a negative, every program holding both
  does too: only the clauses ``d`` with which ``H`` is consistent are
  combined;
- ``H`` whose whole body is one call of ``inv`` on the head's variables
  (in any order) is not tried: with ``D`` it means ``D``'s clauses as rules
  of the head predicate (``inv`` renamed, its arguments permuted), a
  program of the ordinary space two literals smaller;
- a clause of ``D`` θ-subsumed by another adds nothing (each unfolding
  through it is θ-subsumed by the same one through the other): the program
  without it is smaller and means the same, so it is not tried;
- programs are searched in increasing size (literals, heads included) and the
  search stops at the size of the best program covering every positive, of
  either kind (a program no smaller is no better).

Not searched: several invented predicates, recursive ones, invented
predicates with several clauses of the head predicate, and predicate
invention together with recursion, bias rules, types or directions (refused
in :mod:`ilp.bias`).
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import time
from collections.abc import Iterator, Sequence

from ilp.bias import Bias, PredDecl
from ilp.combine import Combination
from ilp.generate import Generator
from ilp.results import Stats
from ilp.rules import Literal, Rule, canonical, subsumes
from ilp.test import Tester

logger = logging.getLogger(__name__)

INVENTED = "inv"  # the invented predicate's name (the BK must not define it)
DEFAULT_CLAUSES = 3  # clauses of a program with an invented predicate, without max_clauses


def unfold(program: Sequence[Rule], head: str, most: int = 10_000) -> tuple[Rule, ...]:
    """The rules of the predicate ``head`` that ``program`` means: each call
    of a predicate the program defines (an invented one) replaced by the body
    of one of its clauses, in every way, until none is left (body-only
    variables of those clauses renamed apart). A program whose invented
    predicates call themselves, or that unfolds to more than ``most`` rules,
    raises ValueError."""
    defs: dict[str, list[Rule]] = {}
    for rule in program:
        if rule.head.pred != head:
            defs.setdefault(rule.head.pred, []).append(rule)
    todo = [r for r in program if r.head.pred == head]
    found: list[Rule] = []
    while todo:
        rule = todo.pop()
        call = next((x for x in rule.body if x.pred in defs), None)
        if call is None:
            found.append(rule)
            continue
        if len(found) + len(todo) > most or len(rule.body) > most:
            raise ValueError(f"the program's invented predicates unfold to over {most} rules")
        rest = [x for x in rule.body if x != call]
        nxt = 1 + max(v for x in (rule.head, *rule.body) for v in x.args)
        for d in defs[call.pred]:
            sub = dict(zip(d.head.args, call.args, strict=True))
            body = list(rest)
            for lit in d.body:
                for v in lit.args:
                    if v not in sub:
                        sub[v], nxt = nxt, nxt + 1
                body.append(Literal(lit.pred, tuple(sub[v] for v in lit.args)))
            todo.append(Rule(rule.head, tuple(body)))
    return tuple(reversed(found))


def subsets_of_size(
    items: Sequence[Rule], total: int, most: int, start: int = 0
) -> Iterator[tuple[Rule, ...]]:
    """The sets of at most ``most`` of ``items`` (sorted by size) whose sizes
    add up to ``total``, each once."""
    if total == 0:
        yield ()
        return
    if most == 0:
        return
    for i in range(start, len(items)):
        if items[i].size > total:
            break
        for rest in subsets_of_size(items, total - items[i].size, most - 1, i + 1):
            yield (items[i], *rest)


def calls_usefully(rule: Rule) -> bool:
    """Does ``rule`` call the invented predicate, other than as its whole body
    with the head's variables? ``f(A,B) :- inv(B,A).`` with ``D`` means the
    same as ``D``'s clauses with ``f`` for ``inv`` and the arguments
    permuted: rules of the ordinary space, a program two literals smaller."""
    calls = [x for x in rule.body if x.pred == INVENTED]
    if not calls:
        return False
    whole = len(rule.body) == 1 and sorted(calls[0].args) == sorted(set(rule.head.args))
    return not (whole and len(calls[0].args) == len(rule.head.args))


class InventionSearch:
    """Programs ``H ∪ D`` (module docstring), one size at a time."""

    def __init__(self, bias: Bias, tester: Tester, stats: Stats):
        self.bias, self.tester, self.stats = bias, tester, stats
        self.max_clauses = bias.max_clauses or DEFAULT_CLAUSES
        self.parts: list[tuple[Generator, Generator]] = []
        for arity in range(1, bias.head.arity + 1):
            inv = PredDecl(INVENTED, arity)
            calling = dataclasses.replace(bias, body=(*bias.body, inv), invention=False)
            defining = dataclasses.replace(bias, head=inv, invention=False)
            self.parts.append((Generator(calling), Generator(defining)))
        self._rules: dict[tuple[int, int, int], list[Rule]] = {}
        self._consistent: dict[tuple[Rule, Rule], bool] = {}
        self.best = Combination((), 0, True)
        self.size_done = 3  # the smallest program: H and d of one body literal each
        self.max_size = self.max_clauses * (bias.max_body + 1)
        self.exhausted = False

    def rules(self, part: int, which: int, k: int, deadline: float | None) -> list[Rule] | None:
        """The clauses of ``k`` body literals of generator ``which`` (0: calling
        ``inv``, which they must; 1: defining it) of arity ``part + 1``."""
        key = (part, which, k)
        if key not in self._rules:
            gen = self.parts[part][which]
            t0 = time.perf_counter()
            found = {canonical(r): r for r in gen.rules(k, deadline)}
            self.stats.generate_seconds += time.perf_counter() - t0
            if gen.timed_out:
                return None
            self._rules[key] = [r for r in found.values() if which or calls_usefully(r)]
        return self._rules[key]

    def search(self, deadline: float | None, beaten_at: int | None) -> None:
        """Programs in increasing size until ``deadline``, or until no program
        still to come is smaller than ``beaten_at`` or the best found covering
        every positive."""
        while self.size_done < self.max_size:
            n = self.size_done + 1
            limits = [s for s in (beaten_at, self.complete_size()) if s is not None]
            if limits and n >= min(limits):
                break
            for part in range(len(self.parts)):
                if not self._search_size(part, n, deadline):
                    return
                logger.info(
                    "programs with an invented predicate of arity %d, size %d done: %d tested",
                    part + 1,
                    n,
                    self.stats.programs_tested,
                )
            self.size_done = n
        self.exhausted = True

    def complete_size(self) -> int | None:
        if self.best.rules and self.best.tp.bit_count() == self.tester.n_pos:
            return self.best.size
        return None

    def _search_size(self, part: int, n: int, deadline: float | None) -> bool:
        """Every program of ``n`` literals with the invented predicate of arity
        ``part + 1``; False if out of time."""
        for kh in range(1, min(n - 2, self.bias.max_body + 1)):
            heads = self.rules(part, 0, kh, deadline)
            if heads is None:
                return False
            for head in heads:
                for defs in self._definitions(part, head, n - kh - 1, deadline):
                    if defs is None:
                        return False
                    self._test((head, *defs), deadline)
                    if deadline is not None and time.perf_counter() >= deadline:
                        return False
                    if (self.complete_size() or n + 1) <= n:
                        return True  # no other program of this size is better
        return True

    def _definitions(
        self, part: int, head: Rule, size: int, deadline: float | None
    ) -> Iterator[tuple[Rule, ...] | None]:
        """Sets of clauses defining ``inv`` of ``size`` literals in all, each
        consistent with ``head`` alone (None: out of time)."""
        pool: list[Rule] = []
        for k in range(1, min(size - 1, self.bias.max_body) + 1):
            found = self.rules(part, 1, k, deadline)
            if found is None:
                yield None
                return
            for d in found:
                if deadline is not None and time.perf_counter() >= deadline:
                    yield None
                    return
                if self._consistent_with(head, d, deadline):
                    pool.append(d)
        for chosen in subsets_of_size(
            sorted(pool, key=lambda r: r.size), size, self.max_clauses - 1
        ):
            # a clause θ-subsumed by another adds nothing (a smaller program, tried before)
            if not any(
                subsumes(a, b) or subsumes(b, a) for a, b in itertools.combinations(chosen, 2)
            ):
                yield chosen

    def _consistent_with(self, head: Rule, d: Rule, deadline: float | None) -> bool:
        key = (head, d)
        if key not in self._consistent:
            neg = self.tester.cover_program(
                unfold((head, d), self.bias.head.name),
                "neg",
                time_limit=self._limit(deadline),
                first=True,
            )
            if not neg.ok:
                self.stats.failed_tests[neg.status] = self.stats.failed_tests.get(neg.status, 0) + 1
            self._consistent[key] = neg.ok and neg.mask == 0
        return self._consistent[key]

    def _limit(self, deadline: float | None) -> float:
        if deadline is None:
            return self.tester.eval_timeout
        return max(0.01, min(self.tester.eval_timeout, deadline - time.perf_counter()))

    def _test(self, program: tuple[Rule, ...], deadline: float | None) -> None:
        stats, tester, rules = self.stats, self.tester, unfold(program, self.bias.head.name)
        t0 = time.perf_counter()
        stats.programs_tested += 1
        limit = self._limit(deadline)
        neg = tester.cover_program(rules, "neg", time_limit=limit, first=True)
        pos = (
            tester.cover_program(rules, "pos", time_limit=limit)
            if neg.ok and not neg.mask
            else None
        )
        stats.test_seconds += time.perf_counter() - t0
        status = neg.status if pos is None else pos.status
        if status != "ok":
            stats.failed_tests[status] = stats.failed_tests.get(status, 0) + 1
            return
        if pos is None or not pos.mask:
            return
        found = Combination(program, pos.mask, True)
        if (found.tp.bit_count(), -found.size) > (self.best.tp.bit_count(), -self.best.size):
            self.best = found
            logger.info(
                "program with an invented predicate, size %d, covers %d/%d positives",
                found.size,
                found.tp.bit_count(),
                tester.n_pos,
            )
