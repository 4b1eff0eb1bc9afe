"""The all-sizes argument for learned family programs: a clause over the
features of :mod:`witness.search.panel_features` whose comparisons imply one
of its sound rules (:data:`~witness.search.panel_features.CERTIFICATES`) for
every value its features can take never fires on a solution prefix of any
panel, whatever its size (each sound rule rejects only paths no completion of
which solves the panel; the features do not depend on the size).

The decision is exact and small. A clause fires on one object at a time, and
only on a kind of object that has every feature it reads; for each such kind
the question is whether every integer assignment of the kind's features that
satisfies :data:`INVARIANTS` (facts of the definitions, true on every panel
and path: tests check them against the Python reference) and the clause's
comparisons also satisfies some certificate of that kind.

Every comparison involved (the clause's, the invariants', the certificates')
relates two features or a feature and a constant, and every feature is at
least 0. So the truth of all of them depends only on how the values lie among
themselves and among the constants C (the clause's, the certificates', 0, 1
and 2): an assignment maps, keeping that order, to one whose values are each
some c of C or one of the n values just above it (n the number of features of
the kind: at most n distinct values lie between two neighbouring constants or
above the largest). Enumerating those candidates (0 and 1 alone for the
features the invariants keep to 0 or 1) decides the implication for all
integers.

The module gives :mod:`witness.verify.verdict` the four functions every
family's all-sizes argument gives (as :mod:`witness.verify.generality` does
for the triangle family): :func:`proven`, :func:`clause_kind`,
:func:`clause_is_local` and :func:`generality`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product

from witness.search.panel_features import (
    CERTIFICATES,
    KIND_FEATURES,
    certificates_holding,
    clause_fires,
)
from witness.search.predicates import Clause
from witness.verify.bounded import REFUTED, Counterexample
from witness.verify.families import panel_kinds

Values = dict[str, int]


def _dot_invariants(f: Values) -> bool:
    covered, coverable = f["dot_covered"], f["dot_coverable"]
    idle = covered == 1 or coverable == 0  # no part: the part counts are 0
    return (
        covered in (0, 1)
        and coverable in (0, 1)
        and covered <= coverable
        and (not idle or f["part_dots"] == f["part_ends"] == 0)
        and (idle or f["part_dots"] >= 1)  # an uncovered dot with a part is in it
        and (covered == 1 or f["open_dots"] >= 1)
        and f["part_dots"] <= f["open_dots"]
        and f["dot_on_edge"] in (0, 1)
        and f["dot_usable"] in (0, 1)
        and coverable <= f["dot_usable"]  # addable edges and reach(P) are usable
    )


def _square_invariants(f: Values) -> bool:
    joined, now = f["joined_colours"], f["region_colours"]
    closed = f["region_closed"]
    # joined(P, c) lies inside region_now(P, c), and both hold c
    return (
        closed in (0, 1)
        and 1 <= joined <= now
        and (closed == 0 or joined == now)
        # a side never on P nor usable is not addable: its cells are joined
        and 1 <= f["neighbour_colours"] <= joined
    )


def _star_invariants(f: Values) -> bool:
    return 1 <= f["joined_partners"] <= f["region_partners"]


def _triangle_invariants(f: Values) -> bool:
    return 1 <= f["triangle_count"] <= 3 and 0 <= f["sides_on"] <= f["sides_usable"] <= 4


def _end_invariants(f: Values) -> bool:
    return f["reach_ends"] >= 0


# What the definitions make true of one object's features, on every panel.
INVARIANTS: dict[str, Callable[[Values], bool]] = {
    "dot": _dot_invariants,
    "square": _square_invariants,
    "star": _star_invariants,
    "triangle": _triangle_invariants,
    "end": _end_invariants,
}


# Features the invariants keep to 0 or 1.
BINARY = frozenset({"dot_covered", "dot_coverable", "region_closed", "dot_on_edge", "dot_usable"})


@dataclass
class Implication:
    """Whether a clause implies a sound rule on every kind it can fire on."""

    proven: bool
    certificates: list[str]  # the rules all its firings satisfy (else any), or some did
    # an object's features on which it fires and no sound rule holds (not proven)
    uncovered: dict[str, int] | None = None
    kind: str | None = None


def _constants(clause: Clause) -> set[int]:
    out = {0, 1, 2}
    for c in clause.comparisons:
        out |= {int(v) for kind, v in (c.left, c.right) if kind == "const"}
    for conditions in CERTIFICATES.values():
        out |= {r for *_, r in conditions if isinstance(r, int)}
    return out


def candidate_values(clause: Clause, n: int) -> list[int]:
    """The values that stand for every integer (module doc): each constant c of
    C that is not negative and the n values just above it."""
    return sorted({c + k for c in _constants(clause) if c >= 0 for k in range(n + 1)})


def kind_assignments(kind: str, clause: Clause) -> list[Values]:
    """Every assignment of ``kind``'s features over the candidate values that
    satisfies the invariants and the clause (the 0/1 features over 0 and 1:
    the invariants allow no other value)."""
    names = KIND_FEATURES[kind]
    values_of = candidate_values(clause, len(names))
    ranges = [(0, 1) if name in BINARY else values_of for name in names]
    out = []
    for combo in product(*ranges):
        values = dict(zip(names, combo, strict=True))
        if INVARIANTS[kind](values) and clause_fires(clause, values):
            out.append(values)
    return out


def implies_certificate(clause: Clause) -> Implication:
    """Does ``clause`` imply a sound rule for every value of its features?"""
    common: set[str] | None = None  # the rules every firing satisfies
    used: set[str] = set()
    for values_kind in KIND_FEATURES:
        for values in kind_assignments(values_kind, clause):
            held = set(certificates_holding(values))
            if not held:
                return Implication(False, sorted(used), values, values_kind)
            used |= held
            common = held if common is None else common & held
    return Implication(True, sorted(common or used))


# ------------------------------------------- the interface of an argument
def proven(clause: Clause) -> bool:
    """Whether ``clause`` (not refuted) is proven for every size: it implies a sound rule."""
    return implies_certificate(clause).proven


def clause_kind(clause: Clause) -> str:
    """witness verify's per-clause tag: the kinds of object the clause reads."""
    return "panel: " + ", ".join(panel_kinds((clause,)))


def clause_is_local(clause: Clause) -> bool:
    """A family program's clauses get no local-state argument (that is the triangle family's)."""
    return False


def generality(
    clause: Clause,
    outcome: str,
    max_rows: int,
    max_cols: int,
    counterexample: Counterexample | None = None,
) -> str:
    """What the result for one clause of a family program says about every size, and why."""
    if outcome == REFUTED:
        return f"refuted on a panel up to {max_rows}x{max_cols}: it prunes a solvable line"
    implication = implies_certificate(clause)
    if implication.proven:
        rules = "; ".join(implication.certificates) or "it never fires"
        return (
            "proven for every size: for every value of its features it implies a "
            f"sound rule ({rules}), which no panel size changes"
        )
    return (
        f"no sound rule follows from it (it fires on {implication.kind} features "
        f"{implication.uncovered}, which no sound rule rejects), so the bounded "
        f"check is all there is: panels up to {max_rows}x{max_cols}"
    )
