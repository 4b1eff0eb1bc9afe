"""What the rules checker deals in: places on the doubled grid, the symbols
as it sees them (:class:`Element`), broken rules (:class:`Violation`), its
answer (:class:`Verdict`), and its two exceptions."""

from __future__ import annotations

import time
from dataclasses import dataclass

from witness.errors import InputError
from witness.model.base import Edge, Vertex, edge_point

Point = tuple[int, int]  # a place on the doubled grid


class PathError(InputError):
    """A path that is not a walk on the grid (bad input, not a broken rule)."""


class CheckStopped(Exception):
    """The deadline given to the checker passed before it had an answer."""


def on_time(deadline: float | None) -> None:
    """Raise :class:`CheckStopped` once ``deadline`` (a perf_counter time) has passed."""
    if deadline is not None and time.perf_counter() > deadline:
        raise CheckStopped("the rules check ran past its deadline")


@dataclass(frozen=True)
class Element:
    """A symbol or a dot as the checker sees it: ``kind`` (dot, triangle,
    square, star, canceller, polyomino), where it is on the doubled grid, its
    colour (None for dots) and the panel's record of it."""

    kind: str
    point: Point
    colour: str | None
    item: object

    def location(self) -> list[int]:
        """``[x, y]`` of a cell or vertex, ``[x1, y1, x2, y2]`` of an edge."""
        px, py = self.point
        if is_cell_point(self.point):
            return [px // 2, py // 2]
        if px % 2 == 0 and py % 2 == 0:
            return [px // 2, py // 2]
        return [px // 2, py // 2, (px + 1) // 2, (py + 1) // 2]


# The kinds of violation whose ``at`` is a cell (the others: a vertex or an edge).
CELL_KINDS = ("triangle", "square", "star", "polyomino", "canceller")


@dataclass(frozen=True)
class Violation:
    """A broken rule: ``kind`` (path, gap, symmetry, dot, triangle, square,
    star, polyomino, canceller), where (``at``: a cell, vertex or edge as in
    the JSON format), a sentence for people, the counts behind the verdict
    (``counts``: name, value pairs, e.g. ``sides`` and ``needs`` of a
    triangle) and ``where``, the place in words, rows counted from the top
    (:mod:`witness.model.rules.messages`)."""

    kind: str
    at: tuple[int, ...]
    message: str
    counts: tuple[tuple[str, object], ...] = ()
    where: str = ""

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "at": list(self.at),
            "message": self.message,
            "counts": {k: list(v) if isinstance(v, tuple) else v for k, v in self.counts},
            "where": self.where,
        }


@dataclass(frozen=True)
class Verdict:
    """The checker's answer: ``solved`` exactly when ``violations`` is empty;
    ``lines`` holds the line and, with symmetry, its mirror image."""

    solved: bool
    violations: tuple[Violation, ...]
    lines: tuple[tuple[Vertex, ...], ...]

    def to_dict(self) -> dict:
        return {"solved": self.solved, "violations": [v.to_dict() for v in self.violations]}


def point(thing: Vertex | Edge) -> Point:
    """The doubled-grid place of a vertex or an edge."""
    if isinstance(thing[0], tuple):
        return edge_point(*thing)
    return (2 * thing[0], 2 * thing[1])


def cell_point(c: tuple[int, int]) -> Point:
    return (2 * c[0] + 1, 2 * c[1] + 1)


def is_cell_point(p: Point) -> bool:
    """Is doubled-grid place ``p`` a cell (not a vertex or an edge)?"""
    return p[0] % 2 == 1 and p[1] % 2 == 1
