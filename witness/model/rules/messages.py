"""What a player reads of a broken rule: the sentence with the counts behind
the verdict (how many sides, which colours, how many of a star's colour, the
pieces' area against the region's cells), and the place in words, rows
counted from the top as witnesspuzzles.com and The Windmill lay a panel out
(their formats count rows from the top: :mod:`witness.model.jbz`,
:mod:`witness.model.windmill`), beside the project's ``at`` (origin
bottom-left)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from witness.model.rules.records import CELL_KINDS, Element, Point, Violation, is_cell_point
from witness.model.rules.symbols import colour_counts, sides_on_line


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s unless ``n`` is 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def symbol_violation(
    e: Element,
    present: Sequence[Element],
    on_line: dict[Point, str],
    region: frozenset[Point] = frozenset(),
    uncovered: int = 0,
) -> Violation:
    """The violation of a wrong symbol ``e`` of a region holding ``present``
    (``region``, its places, is read for polyominoes only; ``uncovered``: the
    dots of the panel off the lines, read for dots only)."""
    counts: dict[str, object] = {}
    if e.kind == "dot":
        counts = {"uncovered": uncovered}
        message = f"a dot the line does not cover ({plural(uncovered, 'dot')} uncovered in all)"
    elif e.kind == "triangle":
        sides, needs = sides_on_line(e.point, on_line), e.item[2]
        counts = {"sides": sides, "needs": needs}
        message = f"a triangle with {plural(sides, 'side')} on the line, needs {needs}"
    elif e.kind == "square":
        colours = tuple(dict.fromkeys(s.colour for s in present if s.kind == "square"))
        counts = {"colours": colours}
        message = f"squares of {len(colours)} colours in one region: {', '.join(colours)}"
    elif e.kind == "star":
        n = colour_counts(present).get(e.colour, 0)
        counts = {"colour": e.colour, "count": n, "needs": 2}
        message = (
            f"a {e.colour} star with {plural(n, 'symbol')} of its colour in its region "
            "(itself included), needs exactly 2"
        )
    elif e.kind == "polyomino":
        pieces = [p.item for p in present if p.kind == "polyomino"]
        area = sum(-p.size if p.negative else p.size for p in pieces)
        cells = sum(1 for q in region if is_cell_point(q))
        counts = {"area": area, "cells": cells}
        message = f"polyominoes of area {area} in a region of {plural(cells, 'cell')}"
        message += ": they do not fit its shape" if area == cells else ""
    else:
        message = "a canceller with nothing to cancel"
    return Violation(e.kind, tuple(e.location()), message, tuple(counts.items()))


def place_words(rows: int, v: Violation) -> str:
    """``v.at`` in words, rows counted from the top and columns from the left,
    from 1: a cell's row of cells, a vertex's line of the grid."""
    at = v.at
    if len(at) == 4:
        return f"the edge from {_vertex(rows, at[:2])} to {_vertex(rows, at[2:])}"
    if v.kind in CELL_KINDS:
        return f"the cell in row {rows - at[1]} from the top, column {at[0] + 1} from the left"
    return _vertex(rows, at)


def _vertex(rows: int, at: Sequence[int]) -> str:
    return f"the corner on line {rows - at[1] + 1} from the top, line {at[0] + 1} from the left"


def with_place(rows: int, v: Violation) -> Violation:
    """``v`` with its place in words (:func:`place_words`)."""
    return replace(v, where=place_words(rows, v))
