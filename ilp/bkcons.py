"""Constraints from the background knowledge: where not to search.

The idea is Cropper and Hocquette's ("Learning logic programs by
discovering where not to search", AAAI 2023), written anew for this engine.
Body predicates whose every clause is a ground fact are relations that can
be read from the BK as loaded (:meth:`~ilp.test.Tester.fact_rows`).
Before the search starts they tell the generator (``bkcons.lp``) about pairs
of candidate body literals:

- *never together*: no tuple of ``p`` and no tuple of ``q`` agree where the
  two literals share a variable (or ``p`` has no tuple at all), so a rule
  holding both covers no example at all, nor do its specialisations;
- *implied*: each variable of ``q``'s literal occurs in ``p``'s or nowhere
  else in the rule (a singleton), and every tuple of ``p``, projected on the
  shared variables, is a projection of a tuple of ``q`` (``add(C,B,D)``
  with ``C`` and ``D`` singletons is implied by any literal giving ``B`` a
  position that ``add`` has): the rule without ``q``'s literal (and its
  singletons) covers the same examples and is smaller;
- *functional*: two literals of ``p`` share variables at the same positions
  (``F``) and differ everywhere else with variables of their own, and ``p``
  has at most one tuple for each value of its ``F`` arguments: in every
  answer the differing variables are equal, so the rule with them merged
  (the two literals become one) covers the same examples and is smaller.

Variables that a functional pair forces equal can meet in a literal whose
relation never has equal values at those places (``succ(C,D)`` once ``C``
and ``D`` are both a game's score): that rule covers nothing either.
Never-together constraints and this one are always sound. The other two are dominance
constraints: sound when the smaller rule is itself in the space. It always
is for the engine's own rules (dropping an implied literal keeps its
variables, or drops singletons, whose absence breaks no connection;
merging keeps types and safety, and the generator only forbids the pair
when no literal holds both merged variables and they are not both head
variables), except that dropping a literal can break an order of
directions, so implied literals are not used with directions. A bias's own
constraints could forbid the smaller rule, so implied literals are used
only when the bias's constraints keep a rule in the space when a literal
and its singletons go (:func:`drop_safe`, as for the pointless literals of
:mod:`~ilp.constrain`), and functional merging only when
each constraint of the bias is one that merging keeps
(:func:`dominance_safe`): bounds on the number of variables of a type, a
head variable required in the body.

Under the latter condition, a relation equal to another one with the same
types and directions (Popper's iggp tasks have nine copies of one
``input_*`` relation) is left out of the space (:func:`copied_relations`):
any rule with it has a twin of the same size with the other relation.
A *symmetric* relation, unchanged by swapping two of its arguments
(``p(A,B)`` exactly when ``p(B,A)``, as zendo's ``contact``, or
``add(A,B,C)`` exactly when ``add(B,A,C)``; :func:`symmetric_relations`),
makes twins: turning one of its literals around gives a rule of the same
size covering the same examples, so the generator applies each learned
constraint to those twins too and the learner tests only one of them
(:meth:`~ilp.generate.Generator.variants`).
"""

from __future__ import annotations

import itertools
import logging
import re
import time
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ilp.bias import VOCABULARY, Bias
from ilp.generate import candidate_literals
from ilp.rules import Literal, Rule, Symmetries, symmetry_pairs, turned
from ilp.test import Tester, projection

logger = logging.getLogger(__name__)

# relations with more tuples than this are not read (the checks scan them)
# an implied literal may hold at most this many singletons (bkcons.lp has one rule each)
MAX_ALONE = 3
MAX_ROWS = 200_000
# Bias constraints that the changes behind the dominance constraints keep: at most K, or
# exactly 0 or 1, variables of a type (merging never removes the only variable of a type;
# dropping an implied literal keeps every variable); the variables counted may be
# restricted to the rule's (clause_var) or the body's (body_var): no change adds a
# variable to the body or removes a head one from it
_COUNT = (
    r"#count \{ (?P<v>\w+): ((?P<within>clause|body)_var\((?P=c),(?P=v)\), )?"
    r"var_type\((?P=c),(?P=v),(?P<type>\w+)\) \}"
)
_KEPT = [
    re.compile(r"#false :- clause\((?P<c>\w+)\); " + form + r"\.")
    for form in (
        r"\d+ (<|<=) " + _COUNT,
        _COUNT + r" (>|>=) \d+",
        r"(?P<n>[01]) != " + _COUNT,
        _COUNT + r" != (?P<n>[01])",
    )
]
# a head variable must occur in the body: no change removes a head variable from it
_HEAD_IN_BODY = re.compile(r"#false :- not body_var\(\w+,(?P<v>\d+)\)\.")


def dominance_safe(bias: Bias) -> bool:
    """Does every constraint of the bias's own program keep a rule in the
    space when an implied literal is dropped or functional variables merged?

    Rules that derive declarations or helper atoms are fine; a rule that
    derives a meta-vocabulary atom (e.g. ``bad_body``) or an integrity
    constraint other than an upper bound on (or an exact count of 0 or 1
    of) the variables of a type, or one requiring a head variable in the
    body, is not.
    """
    return _bias_keeps(bias, drop_only=False)


def drop_safe(bias: Bias) -> bool:
    """Does every constraint of the bias's own program keep a rule in the
    space when a body literal is dropped whose body-only variables may then
    disappear, while every head variable stays in the body (the pointless
    literals of :mod:`~ilp.constrain`)?

    As :func:`dominance_safe`, except that ``bad_body`` rules are fine (they
    only forbid literals), and an exact count of 1 is kept only for a type
    of a head variable (that variable is the one counted).
    """
    return _bias_keeps(bias, drop_only=True)


def _bias_keeps(bias: Bias, drop_only: bool) -> bool:
    if not bias.program:
        return True
    import clingo.ast

    ok = True
    head_types = set(bias.head.types or ())

    def kept(text: str) -> bool:
        head_var = _HEAD_IN_BODY.fullmatch(text)
        if head_var:
            return int(head_var["v"]) < bias.head.arity
        for pattern in _KEPT:
            m = pattern.fullmatch(text)
            if m is None:
                continue
            if not drop_only or m.groupdict().get("n") != "1":
                return True
            # exactly one: with the head variable of that type always counted, the
            # dropped variables are never of it
            return m["type"] in head_types and (m["within"] != "body" or not bias.non_datalog)
        return False

    def check(stmt) -> None:
        nonlocal ok
        if stmt.ast_type != clingo.ast.ASTType.Rule:
            return
        text = str(stmt)
        if text.startswith("#false :-"):
            ok = ok and kept(text)
            return
        head = stmt.head
        if (
            head.ast_type == clingo.ast.ASTType.Literal
            and head.atom.ast_type == clingo.ast.ASTType.SymbolicAtom
        ):
            name = head.atom.symbol.name if hasattr(head.atom.symbol, "name") else None
            if name in VOCABULARY and not (drop_only and name == "bad_body"):
                ok = False
        else:  # choices, aggregates, disjunctions in a head
            ok = False

    clingo.ast.parse_string(bias.program, check)
    return ok


@dataclass(frozen=True)
class BKConstraints:
    """What the BK's fact relations tell the generator: ``facts`` for
    ``bkcons.lp`` and the ``symmetric`` relations (see the module text);
    ``rows``: the relations read (predicate -> tuples); ``isolated``: see
    :class:`IsolatedHeads` (without noise only)."""

    facts: list[str] = field(default_factory=list)
    symmetric: Symmetries = frozenset()
    rows: dict[str, set[tuple]] = field(default_factory=dict)
    isolated: IsolatedHeads | None = None


def bk_constraints(
    bias: Bias, tester: Tester, noisy: bool = False, deadline: float | None = None
) -> BKConstraints:
    """The generator facts (for ``bkcons.lp``) and symmetric relations that
    the BK's fact relations justify (``noisy``: learning with noise, where an
    inconsistent rule may be needed). Past ``deadline`` (``time.perf_counter()``;
    the search's stop) none: they only prune, and there is no search left
    (on Popper's iggp-polgrimage-goal they take 1.4 CPU s)."""
    rows = {}
    for p in bias.body:
        found = tester.fact_rows(p.name, p.arity, MAX_ROWS)
        if found is not None:
            rows[p.name] = found
    if not rows or _past(deadline):
        return BKConstraints()
    dominance = dominance_safe(bias)
    # an implied literal goes with the variables it alone holds, as a pointless one
    dropping = drop_safe(bias) and not bias.has_directions
    copies = copied_relations(bias, rows) if dominance else {}
    for copy, kept in copies.items():
        logger.info("%s is the same relation as %s: left out", copy, kept)
    symmetric = frozenset(s for s in symmetric_relations(bias, rows) if s[0] not in copies)
    if symmetric:
        logger.info(
            "symmetric relations (one of each pair of twin rules is tested): %s",
            ", ".join(f"{p} (places {i + 1} and {j + 1})" for p, i, j in sorted(symmetric)),
        )
    candidates = candidate_literals(bias)
    facts, counts = constraint_facts(
        candidates,
        bias.head.arity,
        rows,
        dominance=dominance,
        implied=dropping,
        copies=set(copies),
        deadline=deadline,
    )
    if _past(deadline):
        return BKConstraints()
    if drop_safe(bias):  # the bias's constraints only count variables or forbid literals
        twins = twin_facts(candidates, symmetric)
        facts += twins
        if twins:
            counts["twins generated once"] = len(twins)
    isolated = None
    if not noisy:
        isolated = isolated_heads(bias.head.arity, rows, tester)
        if isolated is not None:
            facts += [f"w_conflict({v})." for v in isolated.total]
            facts += isolated.facts(candidates)
            counts["head places a rule may ignore"] = len(isolated.total)
    logger.info(
        "constraints from the BK (%d fact relations%s): %s",
        len(rows),
        "" if dominance or dropping else "; the bias's own constraints allow only never-together",
        ", ".join(f"{n} {k}" for k, n in counts.items()),
    )
    return BKConstraints(facts, symmetric, rows, isolated)


def _past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() >= deadline


def symmetric_relations(bias: Bias, rows: dict[str, set[tuple]]) -> Symmetries:
    """Fact relations unchanged by swapping two of their arguments of the
    same type and direction, as ``(predicate, i, j)``: ``p(a,b)`` exactly when
    ``p(b,a)`` (zendo's ``contact``), or ``add(a,b,c)`` exactly when
    ``add(b,a,c)``. The first such pair of places of each relation.

    Turning a literal around at those places keeps the rule's coverage,
    size, variables and their types. What the learner does with that (tests
    one of two twins, and applies what it learns from a rule to its twins)
    uses only that the twins cover the same examples, not that the twin is a
    rule of the space, so it holds whatever the bias's own program says.
    """
    decls = {p.name: p for p in bias.body}
    found = set()
    for name, tuples in rows.items():
        p = decls[name]
        if p.arity < 2 or not tuples:
            continue
        for i, j in itertools.combinations(range(p.arity), 2):
            if p.types is not None and p.types[i] != p.types[j]:
                continue
            if p.directions is not None and p.directions[i] != p.directions[j]:
                continue
            if all(_swap(t, i, j) in tuples for t in tuples):
                found.add((name, i, j))
                break
    return frozenset(found)


def _swap(t: tuple, i: int, j: int) -> tuple:
    out = list(t)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def twin_facts(candidates: Sequence[Literal], symmetric: Symmetries) -> list[str]:
    """``w_twin(I,J)`` facts: candidate ``I`` is candidate ``J`` turned around at
    its relation's swappable places, and ``J`` comes first; the generator then
    takes ``I`` only together with ``J`` (``bkcons.lp``), so of two twin rules
    only the one with ``J`` is generated.

    This is a lex-leader constraint for turning one literal around, in the
    same candidate order as the generator's constraints for transpositions of
    variables, so together they still keep the first rule of each class under
    renaming and turning around. That needs the space closed under turning
    around: each relation's candidates must be (a ``bad_body`` rule may forbid
    one orientation only: then that relation gets no facts), and the bias's
    constraints must not tell twins apart (the caller checks
    :func:`drop_safe`: they only count variables, which twins share).
    """
    pairs = symmetry_pairs(symmetric)
    index = {lit: i for i, lit in enumerate(candidates)}
    facts: dict[str, list[str]] = {}
    closed = set(pairs)
    for i, lit in enumerate(candidates):
        pair = pairs.get(lit.pred)
        if pair is None:
            continue
        j = index.get(turned(lit, pair))
        if j is None:
            closed.discard(lit.pred)
        elif j < i:
            facts.setdefault(lit.pred, []).append(f"w_twin({i},{j}).")
    return [f for pred in sorted(closed) for f in facts.get(pred, [])]


@dataclass(frozen=True)
class IsolatedHeads:
    """Head variables that a rule's coverage may fail to depend on (without noise).

    ``total[v]``: the (predicate, place) pairs whose relation has a tuple for
    every example's value at head place ``v`` (``true_step(A,C)`` where every
    example's game state has a step); only places ``v`` where every positive
    example has a negative one equal to it except at ``v`` are kept, and
    ``conflicts[v]`` maps each positive example's index to one such negative
    (a mask of its index).

    A rule whose head variable ``v`` occurs only in literals of such places,
    each holding ``v`` once and otherwise variables of its own (singletons),
    covers an example exactly when it covers every example that differs from
    it only at ``v``: those literals hold for any example's value of ``v``
    whatever the rest binds. So when it covers a positive, it covers that
    positive's conflicting negatives, and so does each of its
    specialisations in which ``v`` stays that way. (Popper prunes such rules
    outright, without the conflict condition; that is unsound for tasks where
    a rule may ignore a head argument.)
    """

    total: dict[int, frozenset[tuple[str, int]]]
    conflicts: dict[int, list[int]]

    def isolated(self, rule: Rule) -> int | None:
        """A head variable of ``rule`` (numbered by place) as above, or None."""
        arity = len(rule.head.args)
        count = Counter(a for lit in rule.body for a in lit.args)
        for v, total in self.total.items():
            lits = [lit for lit in rule.body if v in lit.args]
            if all(
                lit.args.count(v) == 1
                and (lit.pred, lit.args.index(v)) in total
                and all(a >= arity and count[a] == 1 for a in lit.args if a != v)
                for lit in lits
            ):
                return v
        return None

    def covered_negatives(self, v: int, positives: int) -> int:
        """A negative that a rule isolated at ``v`` covers, given positives it
        covers (a mask): the one kept for the lowest covered positive."""
        return self.conflicts[v][(positives & -positives).bit_length() - 1]

    def facts(self, candidates: Sequence[Literal]) -> list[str]:
        """``w_total(I,V)`` and ``w_other(I,V,W)`` for ``bkcons.lp``: candidate
        ``I`` is such a literal for head variable ``V``, with other variables ``W``."""
        facts = []
        for i, lit in enumerate(candidates):
            for v, total in self.total.items():
                if lit.args.count(v) == 1 and (lit.pred, lit.args.index(v)) in total:
                    facts.append(f"w_total({i},{v}).")
                    facts += [f"w_other({i},{v},{w})." for w in lit.args if w != v]
        return facts


def isolated_heads(
    head_arity: int, rows: dict[str, set[tuple]], tester: Tester
) -> IsolatedHeads | None:
    """The :class:`IsolatedHeads` of a task (None if no head place qualifies)."""
    total, conflicts = {}, {}
    for v in range(head_arity):
        found = tester.head_place_conflicts(v)
        if found is None:
            continue
        negatives, values = found
        places = frozenset(
            (name, k)
            for name, tuples in rows.items()
            for k in range(len(next(iter(tuples), ())))
            if len({t[k] for t in tuples if t[k] in values}) == len(values)
        )
        if places:
            total[v] = places
            conflicts[v] = [1 << j for j in negatives]
    return IsolatedHeads(total, conflicts) if total else None


def copied_relations(bias: Bias, rows: dict[str, set[tuple]]) -> dict[str, str]:
    """Fact relations equal to another with the same types and directions,
    each mapped to the one kept (the first by name).

    Replacing each literal of a copy by one of the relation kept gives a rule
    of the same size covering the same examples, so the copies can be left
    out of the space. Only sound where the bias's own program cannot tell the
    two predicates apart, as under :func:`dominance_safe` (its constraints only
    count variables of a type).
    """
    decls = {p.name: p for p in bias.body}
    first: dict[tuple, str] = {}
    copies = {}
    for name in sorted(rows):
        p = decls[name]
        key = (p.arity, p.types, p.directions, frozenset(rows[name]))
        if key in first:
            copies[name] = first[key]
        else:
            first[key] = name
    return copies


class _Relations:
    """Fact relations with cached projections."""

    def __init__(self, rows: dict[str, set[tuple]]):
        self.rows = rows
        self._proj: dict[tuple[str, tuple[int, ...]], set[tuple]] = {}

    def proj(self, pred: str, positions: tuple[int, ...]) -> set[tuple]:
        key = (pred, positions)
        if key not in self._proj:
            self._proj[key] = set(projection(self.rows[pred], positions))
        return self._proj[key]


def constraint_facts(
    candidates: Sequence[Literal],
    head_arity: int,
    rows: dict[str, set[tuple]],
    dominance: bool,
    implied: bool,
    copies: Collection[str] = (),
    deadline: float | None = None,
) -> tuple[list[str], dict[str, int]]:
    """ASP facts for ``bkcons.lp`` over the generator's candidate literals.

    ``rows``: the relation of each fact-defined body predicate. ``dominance``
    switches the merging of functional variables on (see
    :func:`dominance_safe`), ``implied`` the implied literals (see
    :func:`drop_safe`; off with directions). ``copies``: relations left out
    (:func:`copied_relations`). Past ``deadline`` it stops (what it
    returns is then incomplete, and left unused).
    Returns the facts and a count of each kind.
    """
    rel = _Relations(rows)
    facts: list[str] = []
    counts = {"never together": 0, "implied": 0, "functional": 0}
    if copies:
        counts["copies of another relation"] = len(copies)
    facts += [f"w_never({i},{i})." for i, lit in enumerate(candidates) if lit.pred in copies]
    known = [
        (i, lit) for i, lit in enumerate(candidates) if lit.pred in rows and lit.pred not in copies
    ]
    never_cache: dict[tuple, bool] = {}
    implies_cache: dict[tuple, bool] = {}
    noeq_cache: dict[tuple, bool] = {}  # (predicate, x, y): no tuple has t[x] == t[y]
    if dominance:
        facts.append("w_dominance.")
    for i, lit in known:
        if not rows[lit.pred]:
            facts.append(f"w_never({i},{i}).")
            counts["never together"] += 1
        for x, y in itertools.permutations(range(len(lit.args)), 2):
            key = (lit.pred, x, y)
            if key not in noeq_cache:
                noeq_cache[key] = all(t[x] != t[y] for t in rows[lit.pred])
            if noeq_cache[key]:
                facts.append(f"w_noeq({i},{lit.args[x]},{lit.args[y]}).")
    shapes: dict[tuple, tuple | None] = {}  # see _shape
    for n, ((i, a), (j, b)) in enumerate(itertools.permutations(known, 2)):
        if n % 1000 == 0 and _past(deadline):
            break
        if not rows[a.pred] or not rows[b.pred]:
            continue
        pair = (a.args, b.args)
        shape = (
            shapes[pair]
            if pair in shapes
            else shapes.setdefault(pair, _shape(a.args, b.args, head_arity))
        )
        if shape is not None and i < j:
            key = (a.pred, b.pred, shape[0])
            if key not in never_cache:
                left = rel.proj(a.pred, tuple(x for x, _ in shape[0]))
                right = rel.proj(b.pred, tuple(y for _, y in shape[0]))
                never_cache[key] = left.isdisjoint(right)
            if never_cache[key]:
                facts.append(f"w_never({i},{j}).")
                counts["never together"] += 1
                continue
        # b's variables occur in a, or in b alone (then b's other variables are
        # head variables or singletons of the rule: see bkcons.lp)
        if implied and shape is not None and shape[3]:
            _, xs, ys, _, alone = shape
            key = (a.pred, b.pred, xs, ys)
            if key not in implies_cache:
                implies_cache[key] = rel.proj(a.pred, xs) <= rel.proj(b.pred, ys)
            if implies_cache[key] and not alone:
                facts.append(f"w_implies({i},{j}).")
                counts["implied"] += 1
                continue
            if implies_cache[key] and len(alone) <= MAX_ALONE:  # may also be functional
                facts.append(f"w_implies_single{len(alone)}({i},{j},{','.join(map(str, alone))}).")
                counts["implied (others single)"] = counts.get("implied (others single)", 0) + 1
        if i < j and a.pred == b.pred:
            fact = _functional(i, a, j, b, head_arity, rel, len(facts))
            if fact:
                facts += fact
                counts["functional"] += 1
    return facts, counts


def _shape(a: tuple[int, ...], b: tuple[int, ...], head_arity: int) -> tuple | None:
    """What :func:`constraint_facts` needs of two literals' arguments ``a``
    and ``b`` (the same for every pair of predicates with these arguments):
    None when they share no variable; else the shared places (x in a, y in
    b), the places of a and of b (in b's order) for the implication, whether
    b's other variables include no head variable, and those variables."""
    shared = tuple((x, y) for x, v in enumerate(a) for y, w in enumerate(b) if v == w)
    if not shared:
        return None
    ys = tuple(sorted(y for _, y in shared))
    xs = tuple(dict((y, x) for x, y in shared)[y] for y in ys)
    alone = tuple(v for y, v in enumerate(b) if y not in ys)
    return shared, xs, ys, not any(v < head_arity for v in alone), alone


def _functional(
    i: int, a: Literal, j: int, b: Literal, head_arity: int, rel: _Relations, key: int
) -> list[str]:
    """Facts for the functional constraint on literals ``a`` and ``b`` (same
    predicate), or none when it does not apply."""
    fixed = tuple(x for x in range(len(a.args)) if a.args[x] == b.args[x])
    differ = [x for x in range(len(a.args)) if a.args[x] != b.args[x]]
    mine = {a.args[x] for x in differ}
    theirs = {b.args[x] for x in differ}
    if mine & set(b.args) or theirs & set(a.args):
        return []  # the differing variables must be the literals' own
    pairs = [(a.args[x], b.args[x]) for x in differ]
    if any(v < head_arity and w < head_arity for v, w in pairs):
        return []  # merging two head variables leaves the space
    if len(rel.proj(a.pred, fixed)) != len(rel.rows[a.pred]):
        return []  # some F arguments have two tuples
    return [f"w_func({key},{i},{j})."] + [f"w_fpair({key},{v},{w})." for v, w in pairs]
