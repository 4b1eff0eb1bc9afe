"""The all-sizes argument: when, and why, a result of the bounded check
(:mod:`witness.verify.bounded`) on small grids holds for puzzles of every size.

A clause that reads only *local* features (fixed by one square and the path
around it) accepts a fixed set of local states. Rules R1-R5 below say which
states a solution prefix can show on any grid, and each of them occurs on a
grid of at most 2x3; rule R6 bounds ``addable_edges``. So a clause that
accepts no possible state is proven for every size without search, and a
local clause with no counterexample up to a size of at least 2x3 is proven
too. :func:`generality` writes the sentence ``witness verify`` reports.

The module gives :mod:`witness.verify.verdict` the four functions every
family's all-sizes argument gives (as :mod:`witness.verify.panel_generality`
does for learned family programs): :func:`proven`, :func:`clause_kind`,
:func:`clause_is_local` and :func:`generality`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from witness.search.predicates import Clause, Comparison, const, feat
from witness.verify.bounded import (
    NO_COUNTEREXAMPLE,
    REFUTED,
    UNKNOWN,
    Counterexample,
    verify_clauses,
)
from witness.verify.families import TRIANGLES

# Features whose value is fixed by the square and the path around it.
LOCAL_FEATURES = frozenset(
    {
        "triangles",
        "edges_on_square",
        "square_sides",
        "head_adjacent",
        "visited_corners",
        "unvisited_corners",
        "edges_needed",
    }
)
# Features that depend on the whole grid but take one value on every solution
# prefix of every puzzle: the rest of the solution leads from the head to the
# goal without touching the prefix, so the goal is never unreachable. A clause
# can use them and keep the all-sizes argument of ``generality``.
FIXED_ON_SOLUTION_PREFIXES = {"goal_unreachable": 0}
# Non-local features whose values on a solution prefix the labelling of one
# square bounds on every grid (rule R6 below): a clause may use them in a
# proof for every size when its comparisons exclude every allowed value.
LABELLING_BOUNDED = frozenset({"addable_edges"})
# path_length is the one feature no argument covers: it grows with the grid.


def clause_is_local(clause: Clause) -> bool:
    """True when the clause reads only features of one square and the path near it
    (or features that are constant on solution prefixes, FIXED_ON_SOLUTION_PREFIXES)."""
    return all(
        operand[1] in LOCAL_FEATURES or operand[1] in FIXED_ON_SOLUTION_PREFIXES
        for c in clause.comparisons
        for operand in (c.left, c.right)
        if operand[0] == "feature"
    )


def clause_kind(clause: Clause) -> str:
    """witness verify's per-clause tag: ``local`` (only features of the square and
    the path near it), ``local + reachability`` (also goal reachability, which is
    not local but has one value on every solution prefix, so the local argument
    still applies: FIXED_ON_SOLUTION_PREFIXES) or ``non-local``."""
    read = _features_read(clause)
    if read <= LOCAL_FEATURES:
        return "local"
    return "local + reachability" if clause_is_local(clause) else "non-local"


# Why a result for small grids can hold for all grids.
#
# A local feature's value on (prefix, square S) is fixed by the *local state*
# tau = (K, e, v, h): K triangles in S, e edges of S on the prefix, v corners
# of S on the prefix, h = 1 if the prefix's head is a corner of S
# (square_sides = 4, unvisited_corners = 4 - v, edges_needed = K - e), and
# goal_unreachable is 0 on every solution prefix (FIXED_ON_SOLUTION_PREFIXES).
# So a clause's local comparisons accept a fixed set of states, whatever the
# grid.
#
# Necessary conditions (the "local rules"). Let P = p_0 .. p_n be a solution
# and Q = p_0 .. p_L (L < n) a proper prefix with head p_L. Give each corner
# of S a status: Q (p_i with i < L), H (the head p_L), F (p_i with i > L) or
# N (not on P); and each side of S: q (edge p_i p_i+1 with i < L), f (with
# i >= L) or n (not on P). P is simple, so the statuses are well defined, and
# (whatever vertex P starts at, and whichever rim vertex it ends at):
#   R1  a q side joins two corners of status Q or H (both ends lie on Q);
#   R2  an f side joins two corners of status H or F (both ends come at or
#       after the head), so it never touches a Q corner;
#   R3  at most one corner is H, and at most 3 sides are q or f (four would
#       be a cycle in a simple path);
#   R4  the head has at most one q side (it ends Q) and at most one f side
#       (P leaves it once);
#   R5  K = #q + #f (the solution meets the constraint), e = #q,
#       v = #Q + #H, h = [some corner is H], 1 <= K <= 3.
# These hold on every grid, so every state that any solution prefix of any
# puzzle shows is in LOCAL_STATES (the states of the 4^4 x 3^4 labellings
# of one square that satisfy R1-R5). Conversely, each of these states is
# shown by an actual solution prefix on a grid of at most 2x3 (or 3x2): the
# verifier finds one for each (``realized_states``, checked in Python), and
# the tests enumerate every solution prefix of every puzzle, with every
# start and goal, on grids up to 2x3 and find exactly these states (with
# addable counts among those R6 allows), all of them on 2x3 (and only these
# on random puzzles up to 7x7 that start anywhere). On 2x2 and smaller
# grids two of them do not occur (too little room: a one-triangle square
# whose four corners the prefix visits while using one of its sides), which
# is why a 2x2 result would not carry over.
#
# Consequences for a clause C whose local comparisons accept the set A of
# states (a clause implies its local comparisons):
#   - A & LOCAL_STATES empty: C never fires on a solution prefix, on any
#     grid (this needs no search at all);
#   - otherwise, if C is local: C fires on a solution prefix of some puzzle
#     iff some state of A occurs, iff (by the above) it occurs on a grid up
#     to 2x3. So a local clause with no counterexample on any size up to RxC
#     with R >= 2 and C >= 3 is proven for every size; checked only on
#     smaller sizes, it may still accept a state that needs more room.
#   - a non-local clause (it reads path_length) may fire only on paths
#     longer than the checked grids allow, so its result holds only up to RxC.
# DEFAULT_MAX_SIZE (4x4) covers 2x3 with margin and takes under a second
# for Table 3 (docs/verification.md); non-local clauses get the longer paths
# of 4x4 too.

_ROLES = "QHFN"  # corner statuses
_SIDE_ROLES = "qfn"  # side statuses
_STATE_SIZE = (2, 3)  # every local state occurs on a grid up to this size


def state_features(state: tuple[int, int, int, int]) -> dict[str, int]:
    """The local features of a state (K, e, v, h); path_length is left out."""
    k, e, v, h = state
    return {
        "triangles": k,
        "edges_on_square": e,
        "square_sides": 4,
        "head_adjacent": h,
        "visited_corners": v,
        "unvisited_corners": 4 - v,
        "edges_needed": k - e,
        **FIXED_ON_SOLUTION_PREFIXES,
    }


@lru_cache(maxsize=1)
def local_states() -> dict[tuple[int, int, int, int], tuple[str, str]]:
    """State (K, e, v, h) -> one labelling (corner roles, side roles) that satisfies R1-R5.

    Corners are listed counter-clockwise from the lower left; side i joins
    corners i and i + 1 (bottom, right, top, left).
    """
    states: dict[tuple[int, int, int, int], tuple[str, str]] = {}
    for corners in product(_ROLES, repeat=4):
        if corners.count("H") > 1:
            continue
        for sides in product(_SIDE_ROLES, repeat=4):
            if _satisfies_local_rules(corners, sides):
                k = 4 - sides.count("n")
                v = corners.count("Q") + corners.count("H")
                state = (k, sides.count("q"), v, int("H" in corners))
                states.setdefault(state, ("".join(corners), "".join(sides)))
    return dict(sorted(states.items()))


def _satisfies_local_rules(corners: tuple[str, ...], sides: tuple[str, ...]) -> bool:
    for i, side in enumerate(sides):
        ends = {corners[i], corners[(i + 1) % 4]}
        if side == "q" and not ends <= {"Q", "H"}:  # R1
            return False
        if side == "f" and not ends <= {"H", "F"}:  # R2
            return False
    if sides.count("n") == 0:  # R3: no cycle
        return False
    if "H" in corners:  # R4
        h = corners.index("H")
        at_head = (sides[h], sides[(h - 1) % 4])
        if at_head.count("q") > 1 or at_head.count("f") > 1:
            return False
    return sides.count("n") < 4  # R5: K >= 1


def state_clause(state: tuple[int, int, int, int]) -> Clause:
    """A clause that fires exactly in the local state (K, e, v, h)."""
    names = ("triangles", "edges_on_square", "visited_corners", "head_adjacent")
    pairs = zip(names, state, strict=True)
    return Clause(tuple(Comparison("eq", feat(n), const(x)) for n, x in pairs))


@lru_cache(maxsize=8)
def realized_states(max_rows: int, max_cols: int) -> dict[tuple, Counterexample]:
    """Local states shown by some solution prefix on a grid up to the size, with one each."""
    states = tuple(local_states())
    outcomes = verify_clauses(TRIANGLES, tuple(state_clause(s) for s in states), max_rows, max_cols)
    pairs = zip(states, outcomes, strict=True)
    return {s: cx for s, (status, cx, _, _) in pairs if status == REFUTED}


# Rule R6 (addable_edges). Let R be the prefix's free region: the head and
# every vertex off the prefix reachable from it without touching the prefix.
# Each later vertex p_i (i > L) of the solution is in R (p_L .. p_i avoids
# the prefix), so H and F corners are in R; Q corners are on the prefix and
# not the head, so never in R; an N corner may or may not be. addable_edges
# counts the sides with both corners in R, so on every grid it is
#   #{sides with both corners in {H, F} or in X} for some set X of N corners.
# In particular every f side (R2) is addable: addable_edges >= K - e =
# edges_needed, so "edges_needed > addable_edges" never holds on a solution
# prefix. A clause whose comparisons over local features and addable_edges
# hold for no (state, addable) pair R1-R6 allow is proven for every size.
# The converse (each allowed pair occurs on a small grid) is not shown, so a
# clause that accepts some pair gets no more than the bounded check.
_ARGUED = LOCAL_FEATURES | set(FIXED_ON_SOLUTION_PREFIXES) | LABELLING_BOUNDED


@lru_cache(maxsize=1)
def local_addables() -> dict[tuple[int, int, int, int], frozenset[int]]:
    """State (K, e, v, h) -> the addable_edges values R1-R6 allow with it."""
    out: dict[tuple[int, int, int, int], set[int]] = {}
    for corners in product(_ROLES, repeat=4):
        if corners.count("H") > 1:
            continue
        n_corners = [i for i, r in enumerate(corners) if r == "N"]
        for sides in product(_SIDE_ROLES, repeat=4):
            if not _satisfies_local_rules(corners, sides):
                continue
            k = 4 - sides.count("n")
            v = corners.count("Q") + corners.count("H")
            state = (k, sides.count("q"), v, int("H" in corners))
            for chosen in product((False, True), repeat=len(n_corners)):
                free = {i for i, r in enumerate(corners) if r in "HF"}
                free |= {i for i, c in zip(n_corners, chosen, strict=True) if c}
                a = sum(i in free and (i + 1) % 4 in free for i in range(4))
                out.setdefault(state, set()).add(a)
    return {s: frozenset(a) for s, a in sorted(out.items())}


def _features_read(clause: Clause) -> set[str]:
    return {
        operand[1]
        for c in clause.comparisons
        for operand in (c.left, c.right)
        if operand[0] == "feature"
    }


def _argued_comparisons_hold(
    clause: Clause, state: tuple[int, int, int, int], addable: int
) -> bool:
    """The clause's comparisons that R1-R6 speak about (all but path_length) hold."""
    values = {**state_features(state), "addable_edges": addable}
    return all(
        c.evaluate(values) for c in clause.comparisons if _features_read(Clause((c,))) <= _ARGUED
    )


def accepted_states(clause: Clause) -> list[tuple[int, int, int, int]]:
    """The locally possible states on which the clause's comparisons over local
    features (and addable_edges, with some value R6 allows) all hold."""
    return [
        s
        for s in local_states()
        if any(_argued_comparisons_hold(clause, s, a) for a in local_addables()[s])
    ]


def proven(clause: Clause) -> bool:
    """Whether ``clause`` (not refuted) is proven for every size: it accepts no
    state (and addable count) rules R1-R6 allow."""
    return not accepted_states(clause)


def describe_state(state: tuple[int, int, int, int]) -> str:
    k, e, v, h = state
    return f"(triangles {k}, edges {e}, visited corners {v}, head {'on' if h else 'off'} corner)"


def state_of(values: dict[str, int]) -> tuple[int, int, int, int]:
    """The local state (K, e, v, h) of a feature dict."""
    return (
        values["triangles"],
        values["edges_on_square"],
        values["visited_corners"],
        values["head_adjacent"],
    )


def _fixed_note(clause: Clause) -> str:
    """The argument for the non-local features a clause reads that take one value
    on every solution prefix (FIXED_ON_SOLUTION_PREFIXES), or ''."""
    fixed = sorted(_features_read(clause) & set(FIXED_ON_SOLUTION_PREFIXES))
    if not fixed:
        return ""
    values = ", ".join(f"{f} = {FIXED_ON_SOLUTION_PREFIXES[f]}" for f in fixed)
    return (
        f"; it also reads {', '.join(fixed)} (reachability, not a property of the "
        f"square), which has one value on every solution prefix of every grid, {values}: "
        "the rest of the solution leads from the head to the goal without touching the "
        "prefix"
    )


def generality(
    clause: Clause,
    outcome: str,
    max_rows: int,
    max_cols: int,
    counterexample: Counterexample | None = None,
) -> str:
    """What the bounded search's ``outcome`` (NO_COUNTEREXAMPLE, REFUTED or
    UNKNOWN up to max_rows x max_cols) says about larger grids, and why."""
    size = f"{max_rows}x{max_cols}"
    if counterexample is not None:
        _check_local_rules(counterexample)
    if outcome == REFUTED:
        where = ""
        if counterexample is not None:
            where = (
                f" on a {counterexample.puzzle.size} grid, in local state "
                f"{describe_state(state_of(counterexample.features))}"
            )
        return f"refuted: the clause fires on a solution prefix{where}"
    accepted = accepted_states(clause)
    if not accepted:
        return _proven(clause, outcome, size)
    if outcome == UNKNOWN:
        return f"undecided within the time limit; sizes up to {size} were not all checked"
    if not clause_is_local(clause):
        return _non_local(clause, accepted[0], size)
    return _too_small(clause, accepted, max_rows, max_cols)


def _check_local_rules(counterexample: Counterexample) -> None:
    """RuntimeError when a checked counterexample (a false positive) is in a
    local state or addable count the local rules exclude: the rules would be
    wrong, so no claim based on them may be reported."""
    state = state_of(counterexample.features)
    if (
        state not in local_states()
        or counterexample.features["addable_edges"] not in local_addables()[state]
    ):
        raise RuntimeError(f"local rules contradict a checked counterexample: {counterexample}")


def _proven(clause: Clause, outcome: str, size: str) -> str:
    """The sentence for a clause that accepts no local state rules R1-R5 (and
    R6, for the addable count) allow."""
    note = "" if outcome == NO_COUNTEREXAMPLE else f" (the search up to {size} did not finish)"
    if _features_read(clause) & LABELLING_BOUNDED:
        return (
            "proven for every grid size: on every grid, a solution prefix's square "
            "has at least as many addable edges as it still needs (a completion "
            "adds only edges counted as addable), and the clause accepts no local "
            "state and addable count that rules R1-R6 allow (witness/verify/generality.py)"
            + _fixed_note(clause)
            + note
        )
    return (
        "proven for every grid size: no solution prefix on any grid is in a local "
        "state that the clause accepts (local rules R1-R5, witness/verify/generality.py)"
        + _fixed_note(clause)
        + note
    )


def _non_local(clause: Clause, state: tuple[int, int, int, int], size: str) -> str:
    """The sentence for a non-local clause without a counterexample up to
    ``size`` that accepts the solution-prefix ``state``."""
    reads = ", ".join(
        sorted(_features_read(clause) - LOCAL_FEATURES - set(FIXED_ON_SOLUTION_PREFIXES))
    )
    allowed = ""
    if _features_read(clause) & LABELLING_BOUNDED:
        values = [
            a for a in sorted(local_addables()[state]) if _argued_comparisons_hold(clause, state, a)
        ]
        allowed = f" with {values[0]} addable edges (rules R1-R6 allow it)"
    return (
        f"non-local (reads {reads}): no counterexample up to {size}, not proven "
        "beyond it: the clause accepts solution-prefix states "
        f"such as {describe_state(state)}{allowed}, which larger grids may show"
    )


def _too_small(
    clause: Clause, accepted: list[tuple[int, int, int, int]], max_rows: int, max_cols: int
) -> str:
    """The sentence for a local clause without a counterexample up to the size
    whose accepted states the grids searched are too small to show."""
    size = f"{max_rows}x{max_cols}"
    missing = [s for s in accepted if s not in realized_states(max_rows, max_cols)]
    if not missing:
        # Every accepted state occurs on a grid up to the size, so the search
        # would have found a counterexample: the search and the states contradict.
        raise RuntimeError(f"clause without counterexample accepts realized local states: {clause}")
    state = missing[0]
    text = (
        f"no counterexample up to {size}, not proven beyond it: the clause accepts "
        f"{describe_state(state)}, "
        f"which grids up to {size} are too small to show"
    )
    witness = realized_states(*_STATE_SIZE).get(state)
    if witness is None:
        return text + "; larger grids may show it"
    # The clause is local, so it fires wherever the state occurs.
    return (
        text + f", but a {witness.puzzle.size} grid does: the clause is unsound there "
        f"(verify up to {_STATE_SIZE[0]}x{_STATE_SIZE[1]} for the counterexample)"
    )
