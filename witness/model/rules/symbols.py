"""The symbols of one region, cancellers aside: dots, triangles, squares,
stars and (through :mod:`~witness.model.rules.polyominoes`) polyominoes,
each very invalid or invalid as :mod:`witness.model.rules` says."""

from __future__ import annotations

from collections.abc import Sequence

from witness.model.base import NO_COLOUR
from witness.model.panel import Panel
from witness.model.rules.polyominoes import polyominoes_fit
from witness.model.rules.records import Element, Point


def sides_on_line(cell: Point, on_line: dict[Point, str]) -> int:
    px, py = cell
    return sum(q in on_line for q in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)))


def wrong_triangle(e: Element, on_line: dict[Point, str]) -> bool:
    return e.kind == "triangle" and sides_on_line(e.point, on_line) != e.item[2]


def colour_counts(present: Sequence[Element]) -> dict[str, int]:
    """How many symbols of each colour (the ones stars count) ``present`` holds."""
    colours: dict[str, int] = {}
    for e in present:
        if e.colour is not None and e.colour != NO_COLOUR:
            colours[e.colour] = colours.get(e.colour, 0) + 1
    return colours


def region_errors(
    panel: Panel,
    region: frozenset[Point],
    present: Sequence[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> tuple[list[Element], list[Element]]:
    """(very invalid, invalid) symbols of a region holding ``present``, cancellers
    counting only as colours (:mod:`witness.model.rules`); the tiling search
    stops at ``deadline``."""
    very = [e for e in present if e.kind == "dot" or wrong_triangle(e, on_line)]
    invalid: list[Element] = []
    colours = colour_counts(present)
    squares = [e for e in present if e.kind == "square"]
    if len({e.colour for e in squares}) > 1:
        invalid += squares
    for e in present:
        if e.kind == "star" and colours[e.colour] == 1:
            very.append(e)
        elif e.kind == "star" and colours[e.colour] > 2:
            invalid.append(e)
    polys = [e for e in present if e.kind == "polyomino"]
    if polys and not polyominoes_fit(panel, region, [e.item for e in polys], deadline):
        invalid += polys
    return very, invalid
