"""Background knowledge: every body predicate the learner may use, named once
with its Prolog definition (the file under ``bk/`` that defines it) and its
Python meaning (how ``witness.learning.translate`` turns a literal into per-square
features of ``witness.search.predicates``, or, for the panel families (dots,
squares, stars: ``bk/panel.pl``), per-object features of
``witness.search.panel_features``).

A literal's meaning is a function of the variables it binds. Values are:

- ``PATH`` / ``SQUARE``: the head's path A and square B (on panels B is an
  object: a dot, a square or a star);
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

from witness.search.panel_features import PANEL_FEATURES
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
    ``tests``: comparisons over input values (all must hold);
    ``constant``: the number a constant (``one(A)``: A is 1) stands for: a test
    when its variable is bound, else it binds it (the panel biases declare the
    constants as outputs);
    ``family``: whose vocabulary it belongs to, ``triangle`` (per-square
    features), ``panel`` (per-object features) or ``any`` (arithmetic).
    """

    name: str
    arity: int
    prolog_file: str
    english: str
    inputs: tuple[tuple[int, str], ...]  # (position, kind: path|square|object|list|int)
    outputs: Callable[[list], dict[int, object]] | None = None
    tests: tuple[tuple[str, Callable[[list], tuple[Operand, Operand]]], ...] = ()
    constant: int | None = None
    family: str = "triangle"


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
    return {"tests": (("eq", lambda a: (a[0], const(value))),), "constant": value, "family": "any"}


def panel_feat(name: str) -> Operand:
    """An operand reading panel feature ``name`` (witness.search.panel_features),
    as :func:`witness.search.predicates.feat` is for the triangle features."""
    if name not in PANEL_FEATURES:
        raise ValueError(f"unknown panel feature {name!r}; known: {', '.join(PANEL_FEATURES)}")
    return ("feature", name)


def _panel_is(feature: str, value: int) -> tuple[str, Callable[[list], tuple[Operand, Operand]]]:
    return ("eq", lambda a: (panel_feat(feature), const(value)))


def _panel_number(name: str, english: str, arity: int = 3) -> BKPredicate:
    """``name(P,O,N)``: N = the feature ``name`` of object O (``name(P,N)``: of the path)."""
    inputs = ((0, "path"), (1, "object"))[: arity - 1]
    return BKPredicate(
        name, arity, PANEL, english, inputs, lambda a: {arity - 1: panel_feat(name)}, family="panel"
    )


TABLE1 = "bk/witness.pl"
RICHER = "bk/witness_unvisited.pl"
REACH = "bk/witness_reach.pl"
RICH = "bk/witness_rich.pl"
PANEL = "bk/panel.pl"
# Facts written per task (witness/learning/facts.py) with a definition in the same sense.
TASK_FACTS = "task facts (witness/learning/facts.py)"

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
            tests=(("ge", lambda a: (a[0], a[1])),),
            family="any",
        ),
        BKPredicate(
            "greaterThan",
            2,
            TABLE1,
            "A > B",
            ((0, "int"), (1, "int")),
            tests=(("gt", lambda a: (a[0], a[1])),),
            family="any",
        ),
        BKPredicate(
            "adjacent",
            2,
            TABLE1,
            "last vertex of path A has an edge adjacent to it in square B",
            ((0, "path"), (1, "square")),
            tests=(("eq", lambda a: (feat("head_adjacent"), const(1))),),
        ),
        BKPredicate(
            "notAdjacent",
            2,
            TABLE1,
            "last vertex of path A does not have an edge adjacent to it in square B",
            ((0, "path"), (1, "square")),
            tests=(("eq", lambda a: (feat("head_adjacent"), const(0))),),
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
            tests=(("eq", lambda a: (feat("goal_unreachable"), const(1))),),
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
        # ----- panels: dots, coloured squares, stars (witness.search.panel_features)
        BKPredicate(
            "uncovered",
            2,
            PANEL,
            "dot B is not on path A",
            ((0, "path"), (1, "object")),
            tests=(_panel_is("dot_covered", 0),),
            family="panel",
        ),
        BKPredicate(
            "lost",
            2,
            PANEL,
            "dot B is not on path A and no extension of A can cover it",
            ((0, "path"), (1, "object")),
            tests=(_panel_is("dot_covered", 0), _panel_is("dot_coverable", 0)),
            family="panel",
        ),
        _panel_number("part_dots", "C uncovered dots lie in the part of the grid of dot B"),
        _panel_number("part_ends", "C ends lie in the part of the grid of dot B"),
        _panel_number("open_dots", "B dots of the panel are not on path A", arity=2),
        _panel_number("joined_colours", "squares of C colours are joined to square B for good"),
        _panel_number("region_colours", "squares of C colours are in the region of square B"),
        BKPredicate(
            "closed",
            2,
            PANEL,
            "no extension of path A changes the region of square B",
            ((0, "path"), (1, "object")),
            tests=(_panel_is("region_closed", 1),),
            family="panel",
        ),
        _panel_number(
            "joined_partners", "C symbols of the colour of star B are joined to it for good"
        ),
        _panel_number("region_partners", "C symbols of the colour of star B are in its region"),
        # the words of the thesis's hand rules (Appendix A): usable edges, reachable ends
        BKPredicate(
            "at_vertex",
            2,
            PANEL,
            "dot B lies on a vertex",
            ((0, "path"), (1, "object")),
            tests=(_panel_is("dot_on_edge", 0),),
            family="panel",
        ),
        BKPredicate(
            "on_edge",
            2,
            PANEL,
            "dot B lies on an edge",
            ((0, "path"), (1, "object")),
            tests=(_panel_is("dot_on_edge", 1),),
            family="panel",
        ),
        BKPredicate(
            "passed",
            2,
            PANEL,
            "dot B is not on path A and the line can no longer pass it (a vertex of "
            "it, or of its edge, is on A and is not the head)",
            ((0, "path"), (1, "object")),
            tests=(_panel_is("dot_usable", 0),),
            family="panel",
        ),
        _panel_number(
            "neighbour_colours",
            "squares of C colours are in the cell of square B and the cells next to it "
            "across sides path A can never take",
        ),
        _panel_number("triangle_count", "triangle B counts C sides"),
        _panel_number("sides_on", "C sides of the cell of triangle B are on path A"),
        _panel_number(
            "sides_usable",
            "C sides of the cell of triangle B are on path A or could still be taken",
        ),
        _panel_number("reach_ends", "C ends of the panel can still be reached (B is an end)"),
    )
}
