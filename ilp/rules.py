"""Rules of the hypothesis space: literals over numbered variables.

A rule is a head literal and a *set* of body literals whose arguments are
variable numbers: the head is ``h(0, 1, ..., a-1)`` and body-only variables are
numbered from ``a`` (Popper's representation). The body is kept sorted by
:func:`literal_key`, the same total order the generator uses for its
symmetry breaking, so two rules are equal iff they have the same literals.

Two rules that differ only by a renaming of body-only variables are the same
hypothesis; :func:`canonical` maps every member of such a class to one
representative (an exact canonical form, not a hash).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable
from typing import NamedTuple


# Literals and rules are named tuples, not frozen dataclasses: the learner hashes
# and builds hundreds of thousands of them (every key of a rule is a canonical
# form), and a tuple's hash and constructor are C code
class Literal(NamedTuple):
    """``pred(V1, ..., Vn)`` with variable numbers as arguments."""

    pred: str
    args: tuple[int, ...]

    def renamed(self, mapping: dict[int, int]) -> Literal:
        return Literal(self.pred, tuple(mapping.get(v, v) for v in self.args))


def literal_key(lit: Literal) -> tuple:
    """Total order on literals: predicate, arity, then arguments."""
    return (lit.pred, len(lit.args), lit.args)


class Rule(NamedTuple):
    """A definite clause ``head :- body`` (body as a sorted set of literals)."""

    head: Literal
    body: tuple[Literal, ...]

    @classmethod
    def make(cls, head: Literal, body: Iterable[Literal]) -> Rule:
        return cls(head, tuple(sorted(set(body), key=literal_key)))

    @property
    def size(self) -> int:
        """Number of literals, head included (Popper's rule size)."""
        return 1 + len(self.body)

    @property
    def head_vars(self) -> frozenset[int]:
        return frozenset(self.head.args)

    def body_only_vars(self) -> list[int]:
        """Variables of the body that are not in the head, in increasing order."""
        head = self.head_vars
        return sorted({v for lit in self.body for v in lit.args if v not in head})

    def without(self, lit: Literal) -> Rule:
        """The rule without every occurrence of ``lit`` in its body."""
        body = self.body
        if body.count(lit) == 1:  # a body is a set (a canonical key may repeat one)
            i = body.index(lit)
            return Rule(self.head, body[:i] + body[i + 1 :])
        return Rule(self.head, tuple([x for x in body if x != lit]))

    def renamed(self, mapping: dict[int, int]) -> Rule:
        return Rule.make(self.head, (lit.renamed(mapping) for lit in self.body))


def pred_signature(rule: Rule) -> tuple[tuple[str, int], ...]:
    """The predicates of ``rule``'s body with their arities, sorted: the same
    for every renaming and twin of it (so for its :func:`canonical` form),
    and much cheaper to find."""
    return tuple(sorted([(pred, len(args)) for pred, args in rule.body]))


# ------------------------------------------------------------------ canonical
# Symmetries of relations: (predicate, i, j) says that swapping arguments i and j
# of any literal of the predicate keeps what it means (zendo's contact(A,B):
# ("contact", 0, 1); add(A,B,C), A+B=C: ("add", 0, 1)). One pair per predicate.
Symmetries = frozenset[tuple[str, int, int]]


@functools.lru_cache(maxsize=64)
def symmetry_pairs(symmetric: Symmetries) -> dict[str, tuple[int, int]]:
    """The swappable pair of argument places of each symmetric predicate."""
    return {pred: (i, j) for pred, i, j in symmetric}


def turned(lit: Literal, pair: tuple[int, int]) -> Literal:
    """``lit`` with its arguments at the places ``pair`` swapped."""
    i, j = pair
    args = list(lit.args)
    args[i], args[j] = args[j], args[i]
    return Literal(lit.pred, tuple(args))


def _turned(lit: Literal, pairs: dict[str, tuple[int, int]]) -> Literal:
    """``lit`` with its swappable arguments in increasing order."""
    pair = pairs.get(lit.pred)
    if pair is not None and lit.args[pair[0]] > lit.args[pair[1]]:
        return turned(lit, pair)
    return lit


def _refine_colours(
    rule: Rule, variables: list[int], pairs: dict[str, tuple[int, int]]
) -> dict[int, int]:
    """Colour body-only variables by their role (colour refinement).

    A colour depends only on how a variable occurs (predicate, position, and
    the colours or head positions of its neighbours), never on its number, so
    renamed rules get the same colours for corresponding variables. The
    arguments at a symmetric relation's swappable places (``pairs``) count
    without their order.
    """
    index = {v: k for k, v in enumerate(variables)}
    # each occurrence of a body-only variable: (its literal's fixed part, with
    # its position, -1 at a swappable place), the literal's arguments, the pair
    occurrences: list[list[tuple[tuple, tuple[int, ...], tuple[int, int] | None]]] = [
        [] for _ in variables
    ]
    for lit in rule.body:
        pair = pairs.get(lit.pred)
        for pos, v in enumerate(lit.args):
            k = index.get(v)
            if k is not None:
                code = -1 if pair is not None and pos in pair else pos
                occurrences[k].append(((lit.pred, len(lit.args), code), lit.args, pair))
    # a neighbour's signature: its colour (>= 0), or -1 - position for a head variable
    sig = {x: -1 - x for x in rule.head_vars}
    colour = [0] * len(variables)
    n_colours = 1
    for _ in range(len(variables)):
        sig.update(zip(variables, colour, strict=True))
        signature = []
        for k, occs in enumerate(occurrences):
            items = []
            for fixed, args, pair in occs:
                values = [sig[x] for x in args]
                if pair is not None:
                    i, j = pair
                    if values[i] > values[j]:  # the pair's order does not count
                        values[i], values[j] = values[j], values[i]
                items.append((fixed, tuple(values)))
            items.sort()
            signature.append((colour[k], tuple(items)))
        ranks = {g: i for i, g in enumerate(sorted(set(signature)))}
        colour = [ranks[g] for g in signature]
        # stable, or every variable apart: no further round can split a colour
        if len(ranks) == n_colours or len(ranks) == len(variables):
            break
        n_colours = len(ranks)
    return dict(zip(variables, colour, strict=True))


@functools.lru_cache(maxsize=1 << 15)  # the learner asks again for rules it met before
def canonical(rule: Rule, symmetric: Symmetries = frozenset()) -> Rule:
    """The representative of ``rule``'s class under renaming of body-only variables.

    Variables are grouped by their refined colour (a renaming-invariant
    property); colour classes get consecutive numbers in colour order, and
    within classes every assignment is tried and the smallest sorted body
    wins. The result is the same for every renaming of ``rule`` and is itself
    a renaming of it, so it is an exact canonical form.

    ``symmetric``: relations whose literals may also be turned around (the
    arguments at their swappable places put in increasing order): the form is
    then the same for exactly the renamings of ``rule``'s twins so made, and
    is a renamed twin of it, except that a rule holding both ``p(A,B)`` and
    ``p(B,A)`` gets that literal twice (a key, not a rule).
    """
    variables = rule.body_only_vars()
    if not variables and not symmetric:
        return rule
    first = len(rule.head.args)
    pairs = symmetry_pairs(symmetric)
    # one variable is a class of its own (its colour cannot matter)
    colour = _refine_colours(rule, variables, pairs) if len(variables) > 1 else {}
    classes: dict[int, list[int]] = {}
    for v in variables:
        classes.setdefault(colour.get(v, 0), []).append(v)
    blocks = []
    start = first
    for c in sorted(classes):
        members = classes[c]
        targets = list(range(start, start + len(members)))
        blocks.append(
            [dict(zip(members, perm, strict=True)) for perm in itertools.permutations(targets)]
        )
        start += len(members)
    # each literal as (predicate, arity, arguments, swappable pair); a renamed
    # body is compared as its sorted literal_key tuples, which are the
    # literals themselves in that order (no key function called per literal)
    shapes = [(lit.pred, len(lit.args), lit.args, pairs.get(lit.pred)) for lit in rule.body]
    best: list[tuple] | None = None
    for parts in itertools.product(*blocks):
        mapping = parts[0] if len(parts) == 1 else {k: v for p in parts for k, v in p.items()}
        keys = []
        for pred, n, args, pair in shapes:
            new = tuple([mapping.get(v, v) for v in args])
            if pair is not None and new[pair[0]] > new[pair[1]]:
                new = turned(Literal(pred, new), pair).args
            keys.append((pred, n, new))
        keys.sort()
        if best is None or keys < best:
            best = keys
    assert best is not None
    return Rule(rule.head, tuple([Literal(pred, args) for pred, _, args in best]))


# ------------------------------------------------------------ evaluation order
def evaluation_order(
    rule: Rule,
    directions: dict[str, tuple[str, ...]] | None,
    recall: Callable[[str, tuple[bool, ...]], float] | None = None,
) -> tuple[Literal, ...]:
    """Body literals in an order that is safe to call in Prolog.

    With directions, a literal is callable once its input arguments are bound
    (by the head's inputs or an earlier output). Among callable literals,
    pure tests (every argument already bound) go first, because they only
    filter; otherwise the first callable one in literal order. Without
    directions, the literal sharing the most bound variables goes first;
    or, given ``recall`` (the most answers a relation has for the
    arguments bound, as Popper orders a body), a pure test, else the
    literal with the fewest answers.
    A recursive literal (of the head's predicate) goes after every other
    literal that can go before it, so that its call has as much bound as the
    rule can give it (a left-recursive order may never terminate); rules
    without one are ordered as if this sentence were not here.
    Raises ``ValueError`` if no safe order exists.
    """
    remaining = list(rule.body)
    order: list[Literal] = []
    head_pred = rule.head.pred

    def later(xs: list[Literal]) -> list[Literal]:
        """``xs`` without recursive literals, unless that leaves none."""
        return [x for x in xs if x.pred != head_pred] or xs

    if directions is None:
        bound = set(rule.head.args)

        while remaining:
            if recall is not None:
                # the first of the least (0, 0, 0) for a pure test, else (1,
                # answers for the bound arguments, -number of them bound)
                lit, least = remaining[0], None
                for x in later(remaining):
                    mask = tuple([v in bound for v in x.args])
                    if False not in mask:
                        lit = x
                        break
                    cost = (1, recall(x.pred, mask), -mask.count(True))
                    if least is None or cost < least:
                        lit, least = x, cost
            else:
                lit = max(later(remaining), key=lambda x: sum(v in bound for v in x.args))
            remaining.remove(lit)
            order.append(lit)
            bound.update(lit.args)
        return tuple(order)

    head_dirs = directions[rule.head.pred]
    bound = {v for v, d in zip(rule.head.args, head_dirs, strict=True) if d == "in"}
    while remaining:
        ready = [
            x
            for x in remaining
            if all(v in bound for v, d in zip(x.args, directions[x.pred], strict=True) if d == "in")
        ]
        if not ready:
            raise ValueError(f"no safe order for {format_rule(rule, ordered=False)}")
        ready = later(ready)
        tests = [x for x in ready if all(v in bound for v in x.args)]
        lit = (tests or ready)[0]
        remaining.remove(lit)
        order.append(lit)
        bound.update(lit.args)
    return tuple(order)


# ------------------------------------------------------------------- printing
def var_name(i: int) -> str:
    return chr(ord("A") + i) if i < 26 else f"V{i}"


def format_rule(
    rule: Rule,
    directions: dict[str, tuple[str, ...]] | None = None,
    ordered: bool = True,
    negated: Literal | None = None,
    recall: Callable[[str, tuple[bool, ...]], float] | None = None,
) -> str:
    """Prolog text ``h(A,B) :- p(A,C), q(C,B).``

    With ``ordered`` the body is in :func:`evaluation_order` and body-only
    variables are lettered in order of first appearance, so the text reads
    left to right like hand-written Prolog. ``negated``: a literal appended
    as ``\\+ lit`` (for a test query; not a rule of the space). ``recall``:
    see :func:`evaluation_order`.
    """
    body = evaluation_order(rule, directions, recall) if ordered else rule.body
    names = {v: var_name(v) for v in rule.head.args}
    nxt = len(rule.head.args)
    for lit in [*body, *([negated] if negated is not None else [])]:
        for v in lit.args:
            if v not in names:
                names[v] = var_name(nxt)
                nxt += 1

    def fmt(lit: Literal) -> str:
        return f"{lit.pred}({','.join(names[v] for v in lit.args)})" if lit.args else lit.pred

    parts = [fmt(x) for x in body] + ([f"\\+ {fmt(negated)}"] if negated is not None else [])
    if not parts:
        return f"{fmt(rule.head)}."
    return f"{fmt(rule.head)} :- {', '.join(parts)}."


def subsumes(general: Rule, special: Rule) -> bool:
    """Does ``general`` θ-subsume ``special`` (same head, numbered alike): is
    there a substitution of ``general``'s body-only variables that maps its
    body into ``special``'s? Backtracking over ``general``'s literals."""
    if general.head != special.head:
        return False
    by_pred: dict[str, list[Literal]] = {}
    for lit in special.body:
        by_pred.setdefault(lit.pred, []).append(lit)
    return _maps_into(general, by_pred)


@functools.lru_cache(maxsize=1 << 16)
def body_preds(rule: Rule) -> frozenset[str]:
    """The predicates of ``rule``'s body."""
    return frozenset(lit.pred for lit in rule.body)


def subsumes_any(generals: Iterable[Rule], special: Rule) -> bool:
    """Does one of ``generals`` θ-subsume ``special`` (:func:`subsumes`)?
    ``special`` is read once, and a rule with a body predicate that
    ``special`` lacks is passed over without a search (no substitution maps
    its literal anywhere)."""
    by_pred: dict[str, list[Literal]] = {}
    for lit in special.body:
        by_pred.setdefault(lit.pred, []).append(lit)
    preds = body_preds(special)
    return any(
        general.head == special.head
        and body_preds(general) <= preds
        and _maps_into(general, by_pred)
        for general in generals
    )


def _maps_into(general: Rule, by_pred: dict[str, list[Literal]]) -> bool:
    """:func:`subsumes` with the special rule's body literals by predicate."""
    head = set(general.head.args)
    lits = sorted(general.body, key=lambda x: len(by_pred.get(x.pred, ())))

    def extend(k: int, theta: dict[int, int]) -> bool:
        if k == len(lits):
            return True
        lit = lits[k]
        for target in by_pred.get(lit.pred, ()):
            new = dict(theta)
            for v, w in zip(lit.args, target.args, strict=True):
                if v in head:
                    if v != w:
                        break
                elif new.setdefault(v, w) != w:
                    break
            else:
                if extend(k + 1, new):
                    return True
        return False

    return extend(0, {})


def is_recursive(rule: Rule) -> bool:
    """Does ``rule``'s body call its own head predicate?"""
    return any(lit.pred == rule.head.pred for lit in rule.body)


def connected(rule: Rule) -> bool:
    """Is every body literal linked to a head variable through body literals?"""
    linked = set(rule.head.args)
    todo = list(rule.body)
    grew = True
    while grew:
        grew = False
        for lit in list(todo):
            if linked.intersection(lit.args):
                linked.update(lit.args)
                todo.remove(lit)
                grew = True
    return not todo


# -------------------------------------------------------------------- parsing
_ATOM = re.compile(r"\s*([a-z][A-Za-z0-9_]*)\s*(?:\(([^()]*)\))?\s*")


def _parse_atom(text: str, names: dict[str, int]) -> Literal:
    m = _ATOM.fullmatch(text)
    if not m:
        raise ValueError(f"cannot parse literal {text!r}")
    args = []
    for arg in m.group(2).split(",") if m.group(2) is not None else []:
        arg = arg.strip()
        if not re.fullmatch(r"[A-Z_][A-Za-z0-9_]*", arg):
            raise ValueError(f"only variables are allowed as arguments, got {arg!r}")
        args.append(names.setdefault(arg, len(names)))
    return Literal(m.group(1), tuple(args))


def _split_top(text: str) -> list[str]:
    parts: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return [p for p in (x.strip() for x in parts) if p]


def parse_rule(text: str) -> Rule:
    """Parse ``h(A,B) :- p(A,C), q(C,B).`` (variables only) into a :class:`Rule`.

    Head variables must be distinct; they get numbers ``0..a-1`` in order.
    """
    text = text.strip().rstrip(".")
    head_text, _, body_text = text.partition(":-")
    names: dict[str, int] = {}
    head = _parse_atom(head_text, names)
    if len(set(head.args)) != len(head.args):
        raise ValueError(f"repeated head variable in {text!r}")
    body = [_parse_atom(x, names) for x in _split_top(body_text)]
    return Rule.make(head, body)


def parse_program(text: str) -> list[Rule]:
    """Parse clauses, one per ``.``-terminated statement; ``%`` comments skipped."""
    lines = [ln.split("%", 1)[0] for ln in text.splitlines()]
    clean = " ".join(ln for ln in lines if not ln.strip().startswith(":-"))
    return [parse_rule(c) for c in re.split(r"\.\s*(?=[a-z]|$)", clean) if c.strip()]
