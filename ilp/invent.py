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
- a program covers an example exactly when a rule of its unfolding does,
  so each rule of an unfolding (``H`` with one clause of ``D`` for each
  call) is tested once and its coverage shared by the programs that hold
  it;
- every rule of ``H``'s unfolding holds the rest of ``H``'s body (without
  its calls) and more, so if that rest covers no positive, no program with
  ``H`` covers one: such ``H`` are not tried;
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
        todo.extend(_replace(rule, call, d) for d in defs[call.pred])
    return tuple(reversed(found))


def _replace(rule: Rule, call: Literal, d: Rule) -> Rule:
    """``rule`` with ``call`` replaced by the body of ``d`` (``d``'s head
    matched to ``call``, its body-only variables renamed apart)."""
    rest = [x for x in rule.body if x != call]
    nxt = 1 + max(v for x in (rule.head, *rule.body) for v in x.args)
    sub = dict(zip(d.head.args, call.args, strict=True))
    for lit in d.body:
        for v in lit.args:
            if v not in sub:
                sub[v], nxt = nxt, nxt + 1
        rest.append(Literal(lit.pred, tuple(sub[v] for v in lit.args)))
    return Rule(rule.head, tuple(rest))


def unfold_choice(rule: Rule, choice: Sequence[Rule]) -> Rule:
    """The rule of the unfolding of ``rule`` with the clauses ``choice``
    (:func:`unfold`) in which its ``i``-th call of their predicate is
    replaced by the body of ``choice[i]``: the same rule :func:`unfold`
    makes for that choice."""
    for d in choice:
        call = next(x for x in rule.body if x.pred == d.head.pred)
        rule = _replace(rule, call, d)
    return rule


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


def calls(rule: Rule) -> int:
    """How many calls of the invented predicate ``rule``'s body makes (its
    distinct literals of it: :func:`unfold` replaces equal calls at once)."""
    return len({x for x in rule.body if x.pred == INVENTED})


@dataclasses.dataclass
class _Cover:
    """One rule of an unfolding and what its tests said: the status of its
    negatives' test, whether it covers none, and (once asked) the status and
    mask of its positives' test."""

    rule: Rule
    status: str
    consistent: bool
    pos: tuple[str, int] | None = None


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
        self._covers: dict[tuple[Rule, tuple[Rule, ...]], _Cover] = {}
        self._rests: dict[Rule, bool] = {}  # a head's body without its calls: covers a positive?
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
            if which:
                self._rules[key] = list(found.values())
            else:
                self._rules[key] = [
                    r for r in found.values() if calls_usefully(r) and self._may_cover(r, deadline)
                ]
        return self._rules[key]

    def _may_cover(self, head: Rule, deadline: float | None) -> bool:
        """False if the rest of ``head``'s body, without its calls of the
        invented predicate, covers no positive: each rule of an unfolding of
        ``head`` holds that rest and more, so it covers none either (a test
        that fails keeps ``head``)."""
        rest = tuple(x for x in head.body if x.pred != INVENTED)
        if not rest:
            return True
        key = Rule(head.head, rest)
        if key not in self._rests:
            pos = self.tester.cover_program(
                (key,), "pos", time_limit=self._limit(deadline), first=True
            )
            self._rests[key] = not pos.ok or pos.mask != 0
        return self._rests[key]

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
        cover = self._cover(head, (d,) * calls(head), deadline)
        return cover.status == "ok" and cover.consistent

    def _cover(self, head: Rule, choice: tuple[Rule, ...], deadline: float | None) -> _Cover:
        """Whether the rule of ``head``'s unfolding for ``choice``
        (:func:`unfold_choice`) covers a negative, cached: a program covers
        an example exactly when a rule of its unfolding does, and programs
        share those rules (one test of a rule, not one of each program)."""
        key = (head, choice)
        cover = self._covers.get(key)
        if cover is None:
            rule = unfold_choice(head, choice)
            neg = self.tester.cover_program(
                (rule,), "neg", time_limit=self._limit(deadline), first=True
            )
            if not neg.ok:
                self.stats.count_failed_test(neg.status)
            cover = self._covers[key] = _Cover(rule, neg.status, neg.mask == 0)
        return cover

    def _positives(self, cover: _Cover, deadline: float | None) -> tuple[str, int]:
        """The positives the rule of ``cover`` covers (status, mask), cached."""
        if cover.pos is None:
            pos = self.tester.cover_program((cover.rule,), "pos", time_limit=self._limit(deadline))
            if not pos.ok:
                self.stats.count_failed_test(pos.status)
            cover.pos = (pos.status, pos.mask)
        return cover.pos

    def _program_mask(
        self, head: Rule, defs: tuple[Rule, ...], deadline: float | None
    ) -> int | None:
        """The positives ``H ∪ D`` covers (:meth:`_test`); None when it covers a
        negative or a test of one of its rules failed."""
        covers = []
        for choice in itertools.product(defs, repeat=calls(head)):
            cover = self._cover(head, choice, deadline)
            if cover.status != "ok" or not cover.consistent:
                return None
            covers.append(cover)
        mask = 0
        for cover in covers:
            status, found = self._positives(cover, deadline)
            if status != "ok":
                return None
            mask |= found
        return mask

    def _limit(self, deadline: float | None) -> float:
        if deadline is None:
            return self.tester.eval_timeout
        return max(0.01, min(self.tester.eval_timeout, deadline - time.perf_counter()))

    def _test(self, program: tuple[Rule, ...], deadline: float | None) -> None:
        """Test ``H ∪ D`` through the rules of its unfolding, one choice of a
        clause of ``D`` for each call in ``H`` each: it covers a negative if
        one of them does, and the positives any of them covers."""
        head, defs = program[0], program[1:]
        t0 = time.perf_counter()
        self.stats.programs_tested += 1
        try:
            mask = self._program_mask(head, defs, deadline)
        finally:
            self.stats.test_seconds += time.perf_counter() - t0
        if not mask:
            return
        found = Combination(program, mask, True)
        if (found.tp.bit_count(), -found.size) > (self.best.tp.bit_count(), -self.best.size):
            self.best = found
            logger.info(
                "program with an invented predicate, size %d, covers %d/%d positives",
                found.size,
                found.tp.bit_count(),
                self.tester.n_pos,
            )
