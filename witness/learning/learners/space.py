"""The literal space every learner shares: a task's features and their coverage.

A *feature* is a connected body: literals of the bias's body predicates,
joined through body-only variables (the head's variables are fixed by the
example), with every input argument bound (the bias's directions), argument
types as the bias declares them and, unless ``allow_singletons``, every
body-only variable in at least two literals. ``part_ends(A,B,C), zero(C)``
is one feature, ``uncovered(A,B)`` another.

Every clause of the bias is a conjunction of features (its body's connected
parts share only the head's variables), so a clause covers an example
exactly when each of its features does: a clause's coverage is the AND of
its features' coverage bitsets. Each feature's coverage is computed once, in
SWI-Prolog on the task's own BK and examples (the ILP engine's
:class:`ilp.Tester`: the same Prolog, the same limits), and every clause any
learner considers is scored by combining bitsets, never by a new query.

What the learners honour from the bias: body predicates, types, directions,
``max_vars``, ``max_body``, ``max_clauses``. The bias's ASP rules and
constraints (e.g. ``object_kind`` in bias/mixed.pl) are not read: they only
narrow the ILP engine's space; a clause they would forbid is still a clause
of the same language, and translation and verification check it as any other.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ilp import Bias, Literal, Rule, canonical, load_task
from ilp.bias import PredDecl
from ilp.task import TaskFiles

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Feature:
    """A connected body, its size and coverage (bit i: example i is covered)."""

    body: tuple[Literal, ...]  # over the head's variables 0..h-1 and its own h..
    own_vars: int  # body-only variables
    pos: int
    neg: int

    @property
    def size(self) -> int:
        return len(self.body)


@dataclass
class Space:
    """A task's features with their coverage; what every learner reads."""

    files: TaskFiles
    bias: Bias
    n_pos: int
    n_neg: int
    features: list[Feature] = field(default_factory=list)
    tested: int = 0  # Prolog coverage queries (two per feature: pos and neg)
    complete: bool = True  # every feature within the limits was enumerated

    @property
    def head(self) -> Literal:
        return Literal(self.bias.head.name, tuple(range(self.bias.head.arity)))

    @property
    def all_pos(self) -> int:
        return (1 << self.n_pos) - 1

    def clause(self, parts: tuple[int, ...]) -> Rule:
        """The clause whose body is the conjunction of features ``parts``
        (indices), their body-only variables renamed apart."""
        h = self.bias.head.arity
        nxt = h
        body: list[Literal] = []
        for i in parts:
            f = self.features[i]
            mapping = {v: v for v in range(h)}
            mapping.update({h + k: nxt + k for k in range(f.own_vars)})
            body += [lit.renamed(mapping) for lit in f.body]
            nxt += f.own_vars
        return Rule.make(self.head, body)

    def fits(self, parts: tuple[int, ...]) -> bool:
        """Is the conjunction of ``parts`` within max_body and max_vars?"""
        h = self.bias.head.arity
        size = sum(self.features[i].size for i in parts)
        nvars = h + sum(self.features[i].own_vars for i in parts)
        return size <= self.bias.max_body and nvars <= self.bias.max_vars

    def coverage(self, parts: tuple[int, ...]) -> tuple[int, int]:
        """(pos, neg) bitsets of the conjunction of ``parts``."""
        pos, neg = self.all_pos, (1 << self.n_neg) - 1
        for i in parts:
            pos &= self.features[i].pos
            neg &= self.features[i].neg
        return pos, neg


def _type_ok(decl: PredDecl, i: int, vtype: str | None) -> bool:
    return decl.types is None or vtype is None or decl.types[i] == vtype


def _extensions(
    types: dict[int, str | None], bias: Bias
) -> Iterator[tuple[Literal, dict[int, str | None]]]:
    """Every literal that can be added to ``body`` (its inputs bound by the
    head or by an earlier literal; each output an earlier variable of its type
    or one new variable), with the variable types after adding it."""
    fresh = max(types) + 1
    for decl in bias.body:
        dirs = decl.directions or ("out",) * decl.arity
        choices: list[list[int]] = []
        for i in range(decl.arity):
            have = [v for v, t in types.items() if _type_ok(decl, i, t)]
            choices.append(have if dirs[i] == "in" else [*have, -1])
        yield from _assign(decl, choices, types, fresh, bias.max_vars)


def _assign(
    decl: PredDecl, choices: list[list[int]], types: dict[int, str | None], fresh: int, cap: int
) -> Iterator[tuple[Literal, dict[int, str | None]]]:
    def walk(i: int, args: tuple[int, ...], nxt: int, new: dict[int, str | None]):
        if i == len(choices):
            yield Literal(decl.name, args), new
            return
        for v in choices[i]:
            if v >= 0:
                yield from walk(i + 1, (*args, v), nxt, new)
            elif nxt < cap:
                t = decl.types[i] if decl.types else None
                yield from walk(i + 1, (*args, nxt), nxt + 1, {**new, nxt: t})

    for lit, new in walk(0, (), fresh, {}):
        yield lit, {**types, **new}


def no_singletons(rule: Rule) -> bool:
    """Every body-only variable occurs in at least two body literals."""
    head = set(rule.head.args)
    own = {v for lit in rule.body for v in lit.args} - head
    return all(sum(v in lit.args for lit in rule.body) >= 2 for v in own)


def is_feature(rule: Rule, allow_singletons: bool) -> bool:
    """Connected through body-only variables, and (unless ``allow_singletons``)
    no body-only variable in a single literal."""
    head = set(rule.head.args)
    own = {v for lit in rule.body for v in lit.args} - head
    if not allow_singletons and not no_singletons(rule):
        return False
    if len(rule.body) == 1:
        return True
    if not own or any(not (set(lit.args) - head) for lit in rule.body):
        return False
    reached, todo = set(), [next(iter(own))]
    while todo:
        v = todo.pop()
        if v in reached:
            continue
        reached.add(v)
        for lit in rule.body:
            if v in lit.args:
                todo += [w for w in lit.args if w not in head and w not in reached]
    return reached == own


def enumerate_bodies(
    bias: Bias,
    max_literals: int,
    allow_singletons: bool,
    deadline: float | None,
    connected: bool = True,
) -> Iterator[Rule]:
    """Every feature of the bias up to ``max_literals`` literals, smallest
    first, each once up to renaming (:func:`ilp.canonical`); with
    ``connected`` False every clause body of the bias instead (for tests)."""
    head = Literal(bias.head.name, tuple(range(bias.head.arity)))
    head_types = {
        v: (bias.head.types[v] if bias.head.types else None) for v in range(bias.head.arity)
    }
    level: dict[Rule, dict[int, str | None]] = {Rule.make(head, ()): head_types}
    for _size in range(1, max_literals + 1):
        nxt: dict[Rule, dict[int, str | None]] = {}
        for rule, types in level.items():
            for lit, _new in _extensions(types, bias):
                if lit in rule.body:
                    continue
                grown = canonical(Rule.make(head, (*rule.body, lit)))
                if grown not in nxt:
                    nxt[grown] = _types_of(grown, bias, head_types)
            if deadline is not None and time.perf_counter() > deadline:
                return
        for rule in nxt:
            if connected and is_feature(rule, allow_singletons):
                yield rule
            elif not connected and (allow_singletons or no_singletons(rule)):
                yield rule
        level = nxt


def _types_of(rule: Rule, bias: Bias, head_types: dict[int, str | None]) -> dict[int, str | None]:
    decls = {d.name: d for d in bias.body}
    types = dict(head_types)
    for lit in rule.body:
        decl = decls[lit.pred]
        for i, v in enumerate(lit.args):
            types.setdefault(v, decl.types[i] if decl.types else None)
    return types


@dataclass(frozen=True)
class SpaceSettings:
    """How far the feature space goes: literals per feature (None: max_body),
    singleton body variables, the share of the time limit it may take."""

    max_literals: int | None = None
    allow_singletons: bool = False
    time_share: float = 0.5


def build_space(task_dir: str | Path, deadline: float | None, settings: SpaceSettings) -> Space:
    """The task's features with their coverage, enumerated smallest first until
    ``deadline`` (``time.perf_counter()``); features that cover no positive,
    or the same examples as a smaller one, are left out."""
    from ilp import Tester

    files, bias = load_task(task_dir)
    tester = Tester(files.bk, files.exs, bias)
    try:
        tester.deadline = deadline
        space = Space(files, bias, tester.n_pos, tester.n_neg)
        cap = min(settings.max_literals or bias.max_body, bias.max_body)
        seen: set[tuple[int, int]] = set()
        bodies = enumerate_bodies(bias, cap, settings.allow_singletons, deadline)
        for rule in bodies:
            if deadline is not None and time.perf_counter() > deadline:
                space.complete = False
                break
            pos = tester.cover(rule, "pos")
            neg = tester.cover(rule, "neg", candidates=None)
            space.tested += 2
            if not (pos.ok and neg.ok):
                continue
            own = len({v for lit in rule.body for v in lit.args} - set(rule.head.args))
            key = (pos.mask, neg.mask)  # one feature per coverage: the smallest, found first
            if pos.mask and key not in seen:
                seen.add(key)
                space.features.append(Feature(rule.body, own, pos.mask, neg.mask))
    finally:
        tester.close()
    logger.info(
        "%d features (%d coverage queries, %s)",
        len(space.features),
        space.tested,
        "complete" if space.complete else "cut by the time limit",
    )
    return space
