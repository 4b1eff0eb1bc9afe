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
========================  ==================================================

This form is what the compiled search core evaluates, so a learned program
(translated from Prolog by ``witness.translate``) runs at the same speed as a
hand-written one. The built-in ``baseline`` and ``paper`` predicates are, in
addition, hand-coded in the core (``kind``), which is the reference the
translated programs are compared with. ``Predicate.holds`` is a slow, obvious
Python evaluation used by tests as an oracle.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from witness.errors import InputError
from witness.puzzle import Puzzle, Vertex, square_edge_counts

FEATURES: tuple[str, ...] = (
    "triangles",
    "edges_on_square",
    "path_length",
    "square_sides",
    "head_adjacent",
    "visited_corners",
    "unvisited_corners",
    "edges_needed",
)
OPS: dict[str, object] = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
}
OP_CODES = {name: i for i, name in enumerate(OPS)}
FEATURE_CODES = {name: i for i, name in enumerate(FEATURES)}

# Predicate kinds understood by the search core (witness/search.py).
KIND_CODES = {"none": 0, "baseline": 1, "paper": 2, "program": 3}

Operand = tuple[str, object]  # ("feature", name) or ("const", int)


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
        if self.op not in OPS:
            raise ValueError(f"unknown comparison {self.op!r}; known: {', '.join(OPS)}")

    def evaluate(self, values: dict[str, int]) -> bool:
        def value(operand: Operand) -> int:
            kind, v = operand
            return values[v] if kind == "feature" else v

        return bool(OPS[self.op](value(self.left), value(self.right)))


@dataclass(frozen=True)
class Clause:
    """One rule of pi': true when every comparison holds. ``source`` is the
    Prolog clause it came from (for people, not for evaluation)."""

    comparisons: tuple[Comparison, ...]
    source: str = ""
    english: str = ""


@dataclass(frozen=True)
class Predicate:
    """A predicate the search can call: a name, the core's kind, and clauses."""

    name: str
    kind: str
    clauses: tuple[Clause, ...] = ()
    description: str = ""

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
        return any(all(c.evaluate(values) for c in cl.comparisons) for cl in self.clauses)

    def holds(self, puzzle: Puzzle, path: Sequence[Vertex]) -> bool:
        """pi(path): does any constrained square make the path incompletable?"""
        if self.kind == "none":
            return False
        return any(
            self.holds_on_square(square_features(puzzle, path, (x, y)))
            for x, y, _ in puzzle.triangles
        )

    # ------------------------------------------------- encoding for the core
    def encode(self) -> tuple[int, np.ndarray, np.ndarray]:
        """(kind code, comparisons int32[n, 5], clause starts int32[n_clauses + 1]).

        A comparison row is ``op, left_is_const, left, right_is_const, right``
        where a non-constant operand is a feature code.
        """
        rows: list[list[int]] = []
        starts = [0]
        for clause in self.clauses:
            for c in clause.comparisons:
                row = [OP_CODES[c.op]]
                for kind, v in (c.left, c.right):
                    row += [1, int(v)] if kind == "const" else [0, FEATURE_CODES[v]]
                rows.append(row)
            starts.append(len(rows))
        table = np.array(rows, dtype=np.int32).reshape(-1, 5)
        return KIND_CODES[self.kind], table, np.array(starts, dtype=np.int32)


def square_features(puzzle: Puzzle, path: Sequence[Vertex], square: tuple[int, int]) -> dict:
    """The feature values of (path, square), computed directly from the path."""
    path = [tuple(v) for v in path]
    corners = puzzle.square_corners(square)
    on_path = set(path)
    triangles = puzzle.triangle_map.get(square, 0)
    edges = square_edge_counts(puzzle, path).get(square, 0)
    visited = sum(c in on_path for c in corners)
    return {
        "triangles": triangles,
        "edges_on_square": edges,
        "path_length": len(path) - 1,
        "square_sides": 4,
        "head_adjacent": int(path[-1] in corners),
        "visited_corners": visited,
        "unvisited_corners": 4 - visited,
        "edges_needed": triangles - edges,
    }


# ------------------------------------------------------------- built-ins
def _gt(a: str, b: str) -> Comparison:
    return Comparison("gt", feat(a), feat(b))


_OVER_COUNT = Clause(
    (_gt("edges_on_square", "triangles"),),
    source="f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).",
    english="the path has more of the square's edges than the square has triangles",
)


def _left_three(k: int, word: str) -> Clause:
    return Clause(
        (
            Comparison("eq", feat("head_adjacent"), const(0)),
            Comparison("eq", feat("triangles"), const(3)),
            Comparison("eq", feat("edges_on_square"), const(k)),
        ),
        source=(
            "f(A,B) :- square(B,D,C), path(A,E), count(E,C,F), notAdjacent(A,B), "
            f"three(D), {word}(F)."
        ),
        english=(
            f"the path's head is not adjacent to a 3-triangle square it has only {k} "
            f"edge{'s' if k > 1 else ''} of"
        ),
    )


NONE = Predicate("none", "none", description="no predicate: plain A*")
BASELINE = Predicate(
    "baseline",
    "baseline",
    (_OVER_COUNT,),
    description="pi_baseline (section 2.3): local constraint check",
)
PAPER = Predicate(
    "paper",
    "paper",
    (_OVER_COUNT, _left_three(1, "one"), _left_three(2, "two")),
    description="the paper's learned pi° (Table 3), written by hand",
)
BUILTINS: dict[str, Predicate] = {p.name: p for p in (NONE, BASELINE, PAPER)}


def as_program(predicate: Predicate, name: str | None = None) -> Predicate:
    """The same clauses evaluated by the core's generic clause interpreter."""
    return Predicate(name or f"{predicate.name}-program", "program", predicate.clauses,
                     predicate.description)


def load_predicate(spec: str | Predicate, puzzle: Puzzle | None = None) -> Predicate:
    """``none`` | ``baseline`` | ``paper`` | a learned program ``FILE.pl``."""
    if isinstance(spec, Predicate):
        return spec
    if spec in BUILTINS:
        return BUILTINS[spec]
    if spec.endswith(".pl"):
        from witness.translate import translate_file

        return translate_file(Path(spec))
    raise InputError(
        f"unknown predicate {spec!r}: expected none, baseline, paper or a learned FILE.pl"
    )
