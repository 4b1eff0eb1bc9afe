"""Incompletability predicates: what A* calls on every generated partial path.

A predicate pi(path) is True when it predicts that ``path`` can never be
completed to a solution. As in section 4 of the paper, pi is the disjunction
over the puzzle's constrained squares of a per-square predicate pi'(path,
square), and pi' is a disjunction of clauses, each a conjunction of
comparisons over a few numbers that describe the (path, square) pair:

========================  ==================================================
feature                   meaning (Table 1 background knowledge it comes from)
========================  ==================================================
``triangles``             triangles in the square (square/3, second argument)
``edges_on_square``       edges of the square on the path (count/3 of path and
                          square edge lists)
``path_length``           edges on the path (len/2 of the path's edge list)
``square_sides``          edges around a square, always 4 (len/2 of its list)
``head_adjacent``         1 if the path's last vertex is a corner of the square
                          (adjacent/2), else 0 (notAdjacent/2)
``visited_corners``       corners of the square the path has visited (the
                          head included)
``unvisited_corners``     4 - visited_corners (unvisited/3 of the richer BK)
``edges_needed``          triangles - edges_on_square (needed/3 of the richer
                          BK; negative when the path has too many)
``goal_unreachable``      1 if no extension of the path reaches the goal
                          (deadEnd/2 of bk/witness_reach.pl), else 0
``addable_edges``         edges of the square a completion could still add:
                          sides whose two corners are each the head or a
                          vertex off the path reachable from the head without
                          touching the path (addable/3 of bk/witness_rich.pl)
========================  ==================================================

This form is what the compiled search core evaluates, so a learned program
(translated from Prolog by ``witness.learning.translate``) runs at the same speed as a
hand-written one. The built-in ``baseline`` and ``paper`` predicates are, in
addition, hand-coded in the core (``kind``), which is the reference the
translated programs are compared with. The features' meaning, and pi(path)
as a slow, obvious Python evaluation the tests hold the cores to, are in
:mod:`witness.search.panel_features` (``square_features``,
``predicate_holds``), beside the panel families' features.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from witness.paper import TABLE3_CLAUSES

FEATURES: tuple[str, ...] = (
    "triangles",
    "edges_on_square",
    "path_length",
    "square_sides",
    "head_adjacent",
    "visited_corners",
    "unvisited_corners",
    "edges_needed",
    "goal_unreachable",
    "addable_edges",
)


@dataclass(frozen=True)
class Operator:
    """A comparison of two integers: how it is computed, and how it is written in
    prose, reports and ASP (``symbol``) and in Python source (``python``)."""

    apply: Callable[[Any, Any], Any]
    symbol: str
    python: str


OPERATORS: dict[str, Operator] = {
    "eq": Operator(operator.eq, "=", "=="),
    "ne": Operator(operator.ne, "!=", "!="),
    "lt": Operator(operator.lt, "<", "<"),
    "le": Operator(operator.le, "<=", "<="),
    "gt": Operator(operator.gt, ">", ">"),
    "ge": Operator(operator.ge, ">=", ">="),
}
FEATURE_CODES = {name: i for i, name in enumerate(FEATURES)}

# Predicate kinds of the Table 1 kernels (Predicate.encode, kernels/triangle.py).
KIND_CODES = {"none": 0, "baseline": 1, "paper": 2, "program": 3}

Operand = tuple[str, object]
# Longest partial path the core's tables cover: a path on the largest grid
# (witness.model.puzzle.MAX_SIDE = 15, so 256 vertices) has at most 255 edges.
MAX_PATH_LENGTH = 255  # ("feature", name) or ("const", int)


def feat(name: str) -> Operand:
    if name not in FEATURE_CODES:
        raise ValueError(f"unknown feature {name!r}; known: {', '.join(FEATURES)}")
    return ("feature", name)


def const(value: int) -> Operand:
    return ("const", int(value))


@dataclass(frozen=True)
class Comparison:
    """``left op right`` over features and integer constants."""

    op: str
    left: Operand
    right: Operand

    def __post_init__(self) -> None:
        if self.op not in OPERATORS:
            raise ValueError(f"unknown comparison {self.op!r}; known: {', '.join(OPERATORS)}")

    def evaluate(self, values: dict[str, int]) -> bool:
        def value(operand: Operand) -> int:
            kind, v = operand
            return values[v] if kind == "feature" else v

        return bool(OPERATORS[self.op].apply(value(self.left), value(self.right)))

    def evaluate_array(self, values: dict) -> np.ndarray:
        """The same over numpy arrays of feature values (broadcasting)."""

        def value(operand: Operand):
            kind, v = operand
            return values[v] if kind == "feature" else v

        return np.asarray(OPERATORS[self.op].apply(value(self.left), value(self.right)))


@dataclass(frozen=True)
class Clause:
    """One rule of pi': true when every comparison holds. ``source`` is the
    Prolog clause it came from (for people, not for evaluation)."""

    comparisons: tuple[Comparison, ...]
    source: str = ""
    english: str = ""


@dataclass(frozen=True)
class Predicate:
    """A predicate the search can call: a name, the core's kind, and clauses.

    ``sound`` says it is proven to have no false positive (the built-ins; a
    caller may set it for a program proven sound), so a pruning search that runs
    out of paths has proven the puzzle unsolvable.
    """

    name: str
    kind: str
    clauses: tuple[Clause, ...] = ()
    description: str = ""
    sound: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KIND_CODES:
            raise ValueError(f"unknown predicate kind {self.kind!r}")

    @property
    def features_used(self) -> set[str]:
        return {
            operand[1]
            for clause in self.clauses
            for c in clause.comparisons
            for operand in (c.left, c.right)
            if operand[0] == "feature"
        }

    # ---------------------------------------------------- reference (slow)
    def holds_on_square(self, values: dict[str, int]) -> bool:
        """pi'(path, square) on the square's Table 1 feature values (pi(path):
        :func:`witness.search.panel_features.predicate_holds`)."""
        return any(all(c.evaluate(values) for c in cl.comparisons) for cl in self.clauses)

    # ------------------------------------------------- encoding for the core
    @cached_property
    def encoded(self) -> tuple[int, np.ndarray, int, int, int]:
        """``encode()``, computed once per predicate."""
        return self.encode()

    def encode(self) -> tuple[int, np.ndarray, int, int, int]:
        """(kind code, truth table, n_reach, n_addable, n_lengths) for the search core.

        Every feature is a function of (triangles, edges_on_square,
        head_adjacent, visited_corners, goal_unreachable, addable_edges,
        path_length), whose ranges are tiny, so pi' is compiled once into a
        table over all of them (one lookup per square in the search). The
        reachability, addable-edge and path-length axes have one entry unless
        a clause reads them (so the search computes reachability only for
        predicates that need it).
        Index: ``(((((t * 5 + k) * 2 + adj) * 5 + visited) * n_reach + unreachable)
        * n_addable + addable) * n_lengths + min(length, n_lengths - 1)``.
        """
        used = self.features_used
        n_reach = 2 if "goal_unreachable" in used else 1
        n_addable = 5 if "addable_edges" in used else 1
        n_lengths = MAX_PATH_LENGTH + 1 if "path_length" in used else 1
        t, k, adj, visited, unreachable, addable, length = np.ix_(
            np.arange(4),
            np.arange(5),
            np.arange(2),
            np.arange(5),
            np.arange(n_reach),
            np.arange(n_addable),
            np.arange(n_lengths),
        )
        values = {
            "triangles": t,
            "edges_on_square": k,
            "path_length": length,
            "square_sides": 4,
            "head_adjacent": adj,
            "visited_corners": visited,
            "unvisited_corners": 4 - visited,
            "edges_needed": t - k,
            "goal_unreachable": unreachable,
            "addable_edges": addable,
        }
        shape = (4, 5, 2, 5, n_reach, n_addable, n_lengths)
        table = np.zeros(shape, dtype=np.bool_)
        for clause in self.clauses:
            fires = np.ones(shape, dtype=np.bool_)
            for c in clause.comparisons:
                fires &= np.broadcast_to(c.evaluate_array(values), shape)
            table |= fires
        return KIND_CODES[self.kind], table.ravel(), n_reach, n_addable, n_lengths


# ----------------------------------------------------------- clauses as text
FEATURE_WORDS = {
    "triangles": "the square's triangles",
    "edges_on_square": "the square's edges on the path",
    "path_length": "the path's length",
    "square_sides": "the square's sides (4)",
    "head_adjacent": "whether the head touches the square",
    "visited_corners": "the square's visited corners",
    "unvisited_corners": "the square's unvisited corners",
    "edges_needed": "the edges the square still needs",
    "goal_unreachable": "whether the goal is cut off",
    "addable_edges": "the square's edges a completion could still add",
}
assert set(FEATURE_WORDS) == set(FEATURES)
# The features of witness.search.panel_features (dots, squares, stars, triangles,
# ends), in words.
FEATURE_WORDS.update(
    {
        "dot_covered": "whether the dot is on the path",
        "dot_coverable": "whether the dot can still be covered",
        "part_dots": "the uncovered dots in the dot's part of the grid",
        "part_ends": "the ends in the dot's part of the grid",
        "open_dots": "the uncovered dots of the panel",
        "joined_colours": "the colours of the squares joined to the square for good",
        "region_colours": "the colours of the squares in the square's region",
        "region_closed": "whether the square's region is final",
        "joined_partners": "the symbols of the star's colour joined to it for good",
        "region_partners": "the symbols of the star's colour in its region",
        "dot_on_edge": "whether the dot is on an edge",
        "dot_usable": "whether the line can still pass the dot",
        "neighbour_colours": "the colours of the squares stuck next to the square",
        "triangle_count": "the triangle's count",
        "sides_on": "the triangle's sides on the path",
        "sides_usable": "the triangle's sides on the path or still usable",
        "reach_ends": "the ends the head can still reach",
    }
)
# Yes/no features compared with a constant, read as a sentence: (before, after "not").
YES_NO_WORDS = {
    "head_adjacent": ("the path's head is ", "a corner of the square"),
    "goal_unreachable": ("the path has ", "cut itself off from the goal"),
    "dot_covered": ("the dot is ", "on the path"),
    "dot_coverable": ("the dot is ", "coverable (on the path or within reach)"),
    "region_closed": ("the square's region is ", "final"),
    "dot_on_edge": ("the dot is ", "on an edge"),
    "dot_usable": ("the dot is ", "passable (on the path or its place still usable)"),
}


def clause_text(comparisons: Sequence[Comparison], words: bool = True) -> str:
    """A clause's comparisons as text.

    In words (a Clause's ``english``): "the square's triangles = 3; the path's
    head is not a corner of the square", "always" for no comparison. By feature
    name (``words=False``, for verify's reports): "triangles = 3 and
    head_adjacent = 0", "true" for no comparison.
    """
    parts = [_comparison_text(c, words) for c in comparisons]
    if words:
        return "; ".join(parts) or "always"
    return " and ".join(parts) or "true"


def _comparison_text(c: Comparison, words: bool) -> str:
    if words and c.left[0] == "feature" and c.left[1] in YES_NO_WORDS and c.right[0] == "const":
        before, after = YES_NO_WORDS[c.left[1]]
        return before + ("" if c.right[1] else "not ") + after
    left, right = operand_text(c.left, words), operand_text(c.right, words)
    return f"{left} {OPERATORS[c.op].symbol} {right}"


def operand_text(operand: Operand, words: bool) -> str:
    """A feature in words ("the square's triangles") or by name; a constant as a number."""
    if words and operand[0] == "feature":
        return FEATURE_WORDS[operand[1]]
    return str(operand[1])


# ------------------------------------------------------------- built-ins
def _gt(a: str, b: str) -> Comparison:
    return Comparison("gt", feat(a), feat(b))


_OVER_COUNT = Clause(
    (_gt("edges_on_square", "triangles"),),
    source=TABLE3_CLAUSES[0],
    english="the path has more of the square's edges than the square has triangles",
)


def _left_three(k: int) -> Clause:
    return Clause(
        (
            Comparison("eq", feat("head_adjacent"), const(0)),
            Comparison("eq", feat("triangles"), const(3)),
            Comparison("eq", feat("edges_on_square"), const(k)),
        ),
        source=TABLE3_CLAUSES[k],
        english=(
            f"the path's head is not adjacent to a 3-triangle square it has only {k} "
            f"edge{'s' if k > 1 else ''} of"
        ),
    )


NONE = Predicate("none", "none", description="no predicate: plain A*", sound=True)
BASELINE = Predicate(
    "baseline",
    "baseline",
    (_OVER_COUNT,),
    description="pi_baseline (section 2.3): local constraint check",
    sound=True,
)
# Sound: `witness verify paper` proves every clause local, hence free of false
# positives on every grid size (tests/test_verify.py).
PAPER = Predicate(
    "paper",
    "paper",
    (_OVER_COUNT, _left_three(1), _left_three(2)),
    description="the paper's learned pi° (Table 3), written by hand",
    sound=True,
)
BUILTINS: dict[str, Predicate] = {p.name: p for p in (NONE, BASELINE, PAPER)}


def as_program(predicate: Predicate, name: str | None = None) -> Predicate:
    """The same clauses evaluated by the core's generic clause interpreter."""
    return Predicate(
        name or f"{predicate.name}-program",
        "program",
        predicate.clauses,
        predicate.description,
        predicate.sound,
    )


# The features a (path, square) pair's truth table is taken over; the others
# the paper's vocabulary reads are functions of these. A richer bias's
# features (addable_edges, ...) are not.
_TABLE_AXES = {
    "triangles": range(1, 4),
    "edges_on_square": range(5),
    "head_adjacent": range(2),
    "visited_corners": range(5),
    "goal_unreachable": range(2),
    "path_length": range(MAX_PATH_LENGTH + 1),
}


def _table_values() -> dict[str, Any]:
    grids = np.ix_(*(np.arange(r.start, r.stop) for r in _TABLE_AXES.values()))
    values: dict[str, Any] = dict(zip(_TABLE_AXES, grids, strict=True))
    values.update(
        square_sides=4,
        unvisited_corners=4 - values["visited_corners"],
        edges_needed=values["triangles"] - values["edges_on_square"],
    )
    return values


def features_beyond_table(pred: Predicate) -> set[str]:
    """The features ``pred`` reads that :func:`feature_table` does not cover."""
    read = {
        v
        for clause in pred.clauses
        for c in clause.comparisons
        for kind, v in (c.left, c.right)
        if kind == "feature"
    }
    return read - set(_table_values())


def feature_table(pred: Predicate) -> np.ndarray | None:
    """Where ``pred`` fires, over every combination of the values of Table 3's
    features (triangles 1-3, edges on the square 0-4, head adjacent, visited
    corners 0-4, goal unreachable, path length): two predicates with equal
    tables prune and sort every search alike. None when ``pred`` reads a
    feature these do not determine."""
    if features_beyond_table(pred):
        return None
    values = _table_values()
    shape = np.broadcast_shapes(*(np.shape(v) for v in values.values()))
    out = np.zeros(shape, dtype=bool)
    for clause in pred.clauses:
        hit = np.ones(shape, dtype=bool)
        for c in clause.comparisons:
            hit &= np.broadcast_to(c.evaluate_array(values), shape)
        out |= hit
    return out
