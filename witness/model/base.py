"""What every panel module shares: grid primitives, symbol constants and the
error for bad puzzle input (a one-line message naming the JSON field)."""

from __future__ import annotations

import re
from typing import cast

from witness.errors import InputError

Vertex = tuple[int, int]
Cell = tuple[int, int]
Edge = tuple[Vertex, Vertex]

# Neighbour order used everywhere a fixed order matters (search expansion,
# path enumeration): right, up, left, down.
DIRECTIONS: tuple[Vertex, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))

MAX_SIDE = 15  # vertex ids must fit the search core's uint8 vertex arrays

SYMMETRIES = ("horizontal", "vertical", "rotational")
# A pillar's own symmetry: the second line is the first turned half way round
# (the community engine's pillar with symmetry {"x": false, "y": false}).
PILLAR_SHIFT = "shift"
# the community engine's pieces, with PRECISE_POLYOMINOS on or off; The Windmill's
POLYOMINO_RULES = ("precise", "imprecise", "windmill")
# how cancellers mend a region: the community engine's search (spare ones pairing
# off, or with NEGATIONS_CANCEL_NEGATIONS off never), or The Windmill's count
CANCELLER_RULES = ("community", "unpaired", "windmill")
DOT_COLOURS = ("black", "blue", "yellow", "invisible")
# The line drawn from the chosen start is blue, its mirror image yellow
# (symmetry panels only); a blue dot must be covered by the blue line.
MAIN_LINE, MIRROR_LINE = "blue", "yellow"
DEFAULT_COLOURS = {
    "triangles": "orange",
    "squares": "black",
    "stars": "black",
    "cancellers": "white",
    "polyominoes": "yellow",
}
# A symbol of this colour counts for no star.
NO_COLOUR = "none"
_COLOUR = re.compile(r"^(#[0-9a-f]{3,8}|[a-z]+)$")


class PuzzleError(InputError):
    """Invalid puzzle input; ``str()`` is a one-line message naming the field."""

    def __init__(self, field_name: str, message: str):
        self.field = field_name
        super().__init__(f"invalid puzzle: field '{field_name}': {message}")


class UnsupportedPuzzle(ValueError):
    """A community puzzle using something the model lacks; ``str()`` names it."""


def edge(a: Vertex, b: Vertex) -> Edge:
    """The edge between neighbouring vertices ``a`` and ``b``, lower/left end
    first. On a pillar the seam edge joins the last vertex column to the first:
    ``((0, y), (cols - 1, y))``, the only edge whose ends are further apart."""
    a, b = (tuple(a), tuple(b)) if tuple(a) <= tuple(b) else (tuple(b), tuple(a))
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 and not (a[1] == b[1] and b[0] - a[0] >= 2):
        raise ValueError(f"{list(a)} and {list(b)} are not neighbours")
    return (a, b)


def edge_point(a: Vertex, b: Vertex) -> tuple[int, int]:
    """The doubled-grid place of the edge between ``a`` and ``b`` (its middle);
    a pillar's seam edge lies right of its last vertex column (``2 cols - 1``)."""
    if abs(a[0] - b[0]) > 1:
        return (2 * max(a[0], b[0]) + 1, a[1] + b[1])
    return (a[0] + b[0], a[1] + b[1])


def is_midpoint(v: Vertex) -> bool:
    """Is ``v`` the middle of an edge (a half-integer coordinate)?"""
    return v[0] % 1 != 0 or v[1] % 1 != 0


def split_edge(m: Vertex, wrap: int = 0) -> Edge:
    """The edge whose middle is ``m``; round a pillar of ``wrap`` columns the
    seam edge's middle is ``(wrap - 0.5, y)`` (:func:`midpoint`)."""
    x, y = m
    if x % 1:
        if wrap and x + 0.5 == wrap:
            return ((0, int(y)), (wrap - 1, int(y)))
        return ((int(x - 0.5), int(y)), (int(x + 0.5), int(y)))
    return ((int(x), int(y - 0.5)), (int(x), int(y + 0.5)))


def midpoint(e: Edge) -> Vertex:
    """The middle of edge ``e``: its whole coordinate an int, the other a half-integer;
    a pillar's seam edge ``((0, y), (cols - 1, y))`` has its middle right of the last
    vertex column, at ``(cols - 0.5, y)`` (as :func:`edge_point` places it)."""
    (x1, y1), (x2, y2) = e
    if abs(x1 - x2) > 1:
        return cast(Vertex, (max(x1, x2) + 0.5, y1))
    return cast(Vertex, tuple(c // 2 if c % 2 == 0 else c / 2 for c in (x1 + x2, y1 + y2)))


def is_int(value: object) -> bool:
    """A JSON integer: Python's bool is an int, but JSON's true and false are no number."""
    return isinstance(value, int) and not isinstance(value, bool)


def valid_colour(value: object) -> bool:
    """A colour is a lower-case name or a #hex code."""
    return isinstance(value, str) and bool(_COLOUR.match(value))


def size_pair(size: str) -> tuple[int, int]:
    """``"RxC"`` (as a panel's ``size`` writes it, any case) -> (rows, cols); a
    ValueError when it is not two integers joined by an x."""
    rows, cols = size.lower().split("x")
    return int(rows), int(cols)
