"""Constrain: what a tested rule teaches about the rest of the rule space.

For definite rules, adding body literals (a *specialisation*) can only shrink
coverage and removing them (a *generalisation*) can only grow it. So, after a
test (Cropper and Morel 2021, adapted to single rules that are combined
later, as in Popper's combine step):

- a rule covering **no positive example** prunes its specialisations: they
  cover no positive either;
- a **consistent** rule (no negative covered) prunes its specialisations:
  they are consistent too but cover a subset of its positives with more
  literals, so no optimal program needs them;
- an **inconsistent** rule prunes its generalisations: they cover every
  negative it covers. The engine generates rules in increasing size, so all
  generalisations except those of the current size have already been
  generated; the constraint is restricted to the sizes still to come.

A rule whose test hit a limit or raised an error teaches nothing (its
coverage is unknown) and prunes nothing.

*Explaining failures* (Morel and Cropper 2021): when a rule covers no
positive example, often a few of its literals alone already cover none (two
contradictory tests on one value, say). :func:`explain_failure` finds such a
part by dropping literals one at a time while the rest still covers no
positive and can still be called safely; pruning the specialisations of that
smaller body removes many more rules, including ones of the current size.

*Pointless literals* (the idea behind Popper's pointless-rule and
"indiscriminate literal" checks, written anew for this engine): if, on every
negative example and under every answer of a part of the body, a literal
holds (for some value of its variables that occur nowhere else in the rule,
if any), then any rule containing that part and the literal, with those
variables still occurring only there, covers the same negatives without the
literal, covers at least the same positives and is one literal smaller: no
optimal program needs it. :func:`pointless_literal` finds such a literal and
the smallest part of the body it found that implies it; the generator then
forbids the pattern (:meth:`~ilp.generate.Generator.prune_while_single`;
without such variables, every specialisation of the part with the literal).
The learner asks only while a rule's specialisations are still open.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ilp.generate import Generator
from ilp.results import UNIT_WEIGHTS, Weights
from ilp.rules import Literal, Rule, evaluation_order
from ilp.test import Tester

SPECIALISATIONS = "specialisations"
GENERALISATIONS = "generalisations"


@dataclass(frozen=True)
class Outcome:
    """A tested rule: covered positives and negatives as bitsets, and the test status."""

    rule: Rule
    tp: int
    fp: int
    status: str = "ok"  # ok | limit | timeout | error
    # negatives the test found the rule does not cover (some of them, or none):
    # a part of the body that covers one of them lacks what the rest adds
    missed: int = 0

    @property
    def consistent(self) -> bool:
        return self.status == "ok" and self.fp == 0


def constraints(
    outcome: Outcome, best_mdl: int | None = None, weights: Weights = UNIT_WEIGHTS
) -> list[str]:
    """The kinds of pruning ``outcome`` justifies.

    ``best_mdl`` (noisy mode: the description length of the best program so
    far, under ``weights``; ``outcome`` then has full coverage) replaces the
    rule "inconsistent: prune generalisations", which noise makes unsound, by
    bounds on what a rule can still gain: a specialisation is pruned when none
    of its sizes can be needed (:func:`useless_specialisation_size`) or when
    its literals alone reach ``best_mdl``, and a generalisation when the
    negatives this rule covers (it covers them too) and its two literals at
    least reach ``best_mdl``.
    """
    if outcome.status != "ok":
        return []
    kinds = []
    if best_mdl is None:
        if outcome.tp == 0 or outcome.fp == 0:
            kinds.append(SPECIALISATIONS)
        if outcome.fp != 0:
            kinds.append(GENERALISATIONS)
        return kinds
    size, fp, w = outcome.rule.size, outcome.fp.bit_count(), weights
    if (
        outcome.tp == 0
        or useless_specialisation_size(outcome, w) <= size + 1
        or w.cost(size + 1, 0, 0) >= best_mdl
    ):
        kinds.append(SPECIALISATIONS)
    if fp and w.cost(2, 0, fp) >= best_mdl:  # the smallest rule has 2 literals (head and one)
        kinds.append(GENERALISATIONS)
    return kinds


def useless_specialisation_size(outcome: Outcome, weights: Weights = UNIT_WEIGHTS) -> int:
    """Noisy mode: specialisations of the tested rule with at least this many
    literals (head included) are never needed: a program of least
    description length exists without them.

    A specialisation ``s`` covers at most ``tp`` positives, so it lowers the
    description length of no program unless ``tp > size(s)`` (its positives
    must outweigh its literals; the pool admits only such rules). And
    swapping ``s`` for the rule itself in any program drops ``size(s) -
    size`` literals, loses no positive and adds at most the rule's ``fp``
    negatives: no worse once ``size(s) >= size + fp``. So the bound is
    ``min(tp, size + fp)``; with ``fp <= 1`` or ``tp <= size + 1`` it prunes
    every specialisation. With weights (``w``) the same two arguments give
    ``min(ceil(w.fn tp / w.size), size + ceil(w.fp fp / w.size))``.
    """
    size, tp, fp = outcome.rule.size, outcome.tp.bit_count(), outcome.fp.bit_count()
    w = weights
    return min(-(-w.fn * tp // w.size), size - (-w.fp * fp // w.size))


def apply(
    generator: Generator,
    outcome: Outcome,
    next_size: int,
    best_mdl: int | None = None,
    weights: Weights = UNIT_WEIGHTS,
) -> list[str]:
    """Add the constraints of ``outcome`` to ``generator``; returns their kinds.

    ``next_size`` is the smallest body size the generator will still
    enumerate (the current size plus one, in increasing-size search).
    ``best_mdl``: noisy mode (see :func:`constraints`).
    """
    kinds = constraints(outcome, best_mdl, weights)
    for kind in kinds:
        if kind == SPECIALISATIONS:
            generator.prune_specialisations(outcome.rule)
        else:
            generator.prune_generalisations(outcome.rule, min_size=next_size)
    return kinds


def explain_failure(rule: Rule, tester: Tester, time_limit: float | None = None) -> Rule | None:
    """A smaller body inside ``rule`` that still covers no positive example, or None.

    Greedy: each literal in turn is dropped if the remaining body is still
    safe to call and still covers no positive example (an existence test,
    stopped at the first covered example). The result need not be a rule of
    the space (it may have singleton variables); it is only used to prune
    its specialisations, which all cover no positive example either.
    """
    body = list(rule.body)
    for lit in rule.body:
        if len(body) == 1:
            break
        smaller = Rule(rule.head, tuple(x for x in body if x != lit))
        try:
            evaluation_order(smaller, tester.directions)
        except ValueError:
            continue
        found = tester.cover(smaller, "pos", time_limit=time_limit, first=True)
        if found.ok and found.mask == 0:
            body = list(smaller.body)
    return Rule(rule.head, tuple(body)) if len(body) < len(rule.body) else None


@dataclass(frozen=True)
class Pointless:
    """``literal`` is implied on the negatives by the rest of ``part`` (which
    contains it) whenever the variables ``single`` occur in it alone."""

    part: Rule
    literal: Literal
    single: tuple[int, ...]


def callable_rule(rule: Rule, tester: Tester) -> bool:
    """Connected and safe to call under the bias's directions (the
    tester's cached answer, :meth:`~ilp.test.Tester.callable`)."""
    return tester.callable(rule)


# Inferences one pointless-literal query may take: the check is an
# optimisation, so on large tasks it gives up (deterministically) rather than
# scan every negative example for every tested rule.
POINTLESS_INFERENCES = 1_000_000


def pointless_literal(
    rule: Rule,
    tester: Tester,
    time_limit: float | None = None,
    refuted: Callable[[Literal], bool] | None = None,
) -> Pointless | None:
    """A literal of ``rule`` implied on every negative example by the rest of
    the body (its variables found nowhere else in the rule, ``single``, taken
    existentially; there may be none); with the rest made as
    small as it can be while it still implies it (greedy, one literal at a
    time, keeping the literal's other variables bound), or None.

    Sound for any rule T holding the part and the literal with ``single``
    in it alone: T's other literals then bind the same values, so the
    literal holds on every negative wherever they do, and T without it is a
    connected, safely callable rule of the space (the part's other literals
    already hold the literal's other variables, head variables included, so
    the head keeps them in the body), if the bias's own constraints keep a
    rule in the space when such a literal is dropped
    (:func:`~ilp.bkcons.drop_safe`: the caller checks).

    ``refuted(lit)``: True when a negative is known on which the rest of the
    body holds and ``rule`` does not (the rest, tested before, covers it and
    ``rule`` was found not to): ``lit`` then fails under every answer of the
    rest there, so it is not implied, and that query is not asked (the
    answer is the same).
    """
    head = set(rule.head.args)
    for lit in rule.body:
        rest = rule.without(lit)
        in_rest = {v for x in rest.body for v in x.args}
        single = tuple(sorted(set(lit.args) - in_rest - head))
        dirs = (tester.directions or {}).get(lit.pred)
        if dirs and any(d == "in" and v in single for v, d in zip(lit.args, dirs, strict=True)):
            continue  # \\+ lit would be called with an input unbound
        # the rule without lit must keep every head variable in its body (Datalog,
        # and biases such as ':- not body_var(_,1).')
        if set(lit.args) & (head - in_rest) or not callable_rule(rest, tester):
            continue
        if refuted is not None and refuted(lit):
            continue
        if not tester.implied(rest, lit, "neg", time_limit, POINTLESS_INFERENCES):
            continue
        needed = set(lit.args) - set(single)
        part = list(rest.body)
        for other in rest.body:
            smaller = Rule(rule.head, tuple(x for x in part if x != other))
            bound = {v for x in smaller.body for v in x.args}
            if (
                needed <= bound
                and callable_rule(smaller, tester)
                and tester.implied(smaller, lit, "neg", time_limit, POINTLESS_INFERENCES)
            ):
                part = list(smaller.body)
        return Pointless(Rule(rule.head, (*part, lit)), lit, single)
    return None
