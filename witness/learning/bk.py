"""Background knowledge: every body predicate the learner may use, named once
with its Prolog definition (the file under ``bk/`` that defines it) and its
Python meaning (how ``witness.learning.translate`` turns a literal into per-square
features of ``witness.search.predicates``).

A literal's meaning is a function of the variables it binds. Values are:

- ``PATH`` / ``SQUARE``: the head's path A and square B;
- ``("list", "path")`` / ``("list", "square")``: the edge list of the path or
  of the square;
- an ``Operand`` of witness.search.predicates (a feature or a constant): an integer.

Adding a background predicate means adding its Prolog definition under
``bk/`` and one entry here; ``tests/test_translate.py`` checks that the two
agree on real tasks through SWI-Prolog.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from witness.search.predicates import Operand, const, feat

PATH = ("path",)
SQUARE = ("square",)
PATH_EDGES = ("list", "path")
SQUARE_EDGES = ("list", "square")


@dataclass(frozen=True)
class BKPredicate:
    """What a background predicate means, for the translator: the meaning of a body
    literal ``name(...)`` (:class:`ilp.rules.Literal`) of a learned clause.

    ``inputs``: positions that must be bound (with the kinds they must have);
    ``outputs``: positions it binds, as a function of the input values;
    ``test``: a comparison over input values, or None.
    """

    name: str
    arity: int
    prolog_file: str
    english: str
    inputs: tuple[tuple[int, str], ...]  # (position, kind: path|square|list|int)
    outputs: Callable[[list], dict[int, object]] | None = None
    test: tuple[str, Callable[[list], tuple[Operand, Operand]]] | None = None


def _count(args: list) -> dict[int, object]:
    kinds = {args[0][1], args[1][1]}
    if kinds == {"path"}:
        return {2: feat("path_length")}  # |E n E| of a simple path's edges
    if kinds == {"square"}:
        return {2: feat("square_sides")}
    return {2: feat("edges_on_square")}


def _len(args: list) -> dict[int, object]:
    return {1: feat("path_length") if args[0][1] == "path" else feat("square_sides")}


def _is(value: int) -> dict:
    return {"test": ("eq", lambda a: (a[0], const(value)))}


TABLE1 = "bk/witness.pl"
RICHER = "bk/witness_unvisited.pl"
REACH = "bk/witness_reach.pl"
RICH = "bk/witness_rich.pl"
# Facts written per task (witness/learning/examples.py) with a definition in the same sense.
TASK_FACTS = "task facts (witness/learning/examples.py)"

BK_PREDICATES: dict[str, BKPredicate] = {
    p.name: p
    for p in (
        BKPredicate(
            "square",
            3,
            TASK_FACTS,
            "B is the number of triangles and C is the list of edges around square A",
            ((0, "square"),),
            lambda a: {1: feat("triangles"), 2: SQUARE_EDGES},
        ),
        BKPredicate(
            "path",
            2,
            TASK_FACTS,
            "B is the list of edges in path A",
            ((0, "path"),),
            lambda a: {1: PATH_EDGES},
        ),
        BKPredicate("count", 3, TABLE1, "|A n B| = C", ((0, "list"), (1, "list")), _count),
        BKPredicate("len", 2, TABLE1, "the length of list A is B", ((0, "list"),), _len),
        BKPredicate(
            "gte",
            2,
            TABLE1,
            "A >= B",
            ((0, "int"), (1, "int")),
            test=("ge", lambda a: (a[0], a[1])),
        ),
        BKPredicate(
            "greaterThan",
            2,
            TABLE1,
            "A > B",
            ((0, "int"), (1, "int")),
            test=("gt", lambda a: (a[0], a[1])),
        ),
        BKPredicate(
            "adjacent",
            2,
            TABLE1,
            "last vertex of path A has an edge adjacent to it in square B",
            ((0, "path"), (1, "square")),
            test=("eq", lambda a: (feat("head_adjacent"), const(1))),
        ),
        BKPredicate(
            "notAdjacent",
            2,
            TABLE1,
            "last vertex of path A does not have an edge adjacent to it in square B",
            ((0, "path"), (1, "square")),
            test=("eq", lambda a: (feat("head_adjacent"), const(0))),
        ),
        BKPredicate("zero", 1, RICHER, "A is 0", ((0, "int"),), **_is(0)),
        BKPredicate("one", 1, TABLE1, "A is 1", ((0, "int"),), **_is(1)),
        BKPredicate("two", 1, TABLE1, "A is 2", ((0, "int"),), **_is(2)),
        BKPredicate("three", 1, TABLE1, "A is 3", ((0, "int"),), **_is(3)),
        BKPredicate(
            "unvisited",
            3,
            RICHER,
            "C corners of square B are not on path A",
            ((0, "path"), (1, "square")),
            lambda a: {2: feat("unvisited_corners")},
        ),
        BKPredicate(
            "needed",
            3,
            RICHER,
            "C more edges of square B are needed on path A (triangles minus edges on A)",
            ((0, "path"), (1, "square")),
            lambda a: {2: feat("edges_needed")},
        ),
        BKPredicate(
            "deadEnd",
            2,
            REACH,
            "path A can no longer reach the goal at all",
            ((0, "path"), (1, "square")),
            test=("eq", lambda a: (feat("goal_unreachable"), const(1))),
        ),
        BKPredicate(
            "addable",
            3,
            RICH,
            "C edges of square B could still be added to path A (both ends free: the "
            "head or reachable from it without touching A)",
            ((0, "path"), (1, "square")),
            lambda a: {2: feat("addable_edges")},
        ),
    )
}
