"""A panel, a line and marked places as text, for a terminal (``witness show``
without ``--out``, ``witness explain`` without ``--json``).

Rows of cells are numbered on the left and columns at the top, from 1, rows
from the top; the grid's lines (for corners and edges) on the right and at
the bottom: the counting of the rules' messages
(:func:`witness.model.rules.messages.place_words`). In the grid:

- corners ``+``, a start ``S``, an end ``E``, the line's corners ``o`` and its
  head ``@``; edges ``-----`` and ``|``, gaps ``-- --`` and ``:``, the
  line's edges ``=====`` and ``#``; removed edges are left out; a start or
  an end half way along an edge sits in its middle (``--S--``, each half
  drawn as the line covers it);
- a dot ``*``; in a cell, triangles ``^k`` (k of them), a square ``[c]``, a
  star ``*c``, a canceller ``Y``, a polyomino ``P`` (negative ``N``), with
  ``c`` the colour's letter (:data:`LETTERS`);
- a marked place: a cell in brackets ``( )``, a corner or an edge ``!``.

A pillar is drawn unrolled: its first line of corners is drawn again on the
right, after the seam, and a last line says so.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from witness.model.base import Vertex, edge, is_midpoint
from witness.model.panel import Panel
from witness.model.rules import CELL_KINDS, Violation, lines_of

CELL = 5  # characters of a cell (and of a horizontal edge)
# A colour's letter (others: their first letter).
LETTERS = {"black": "k", "white": "w", "blue": "b", "yellow": "y", "red": "r", "green": "g"}


def letter(colour: str) -> str:
    return LETTERS.get(colour, colour.lstrip("#")[:1] or "?")


def text_picture(
    panel: Panel, path: Sequence[Vertex] | None = None, marks: Iterable[Violation] = ()
) -> str:
    """The panel as text (module doc), with ``path`` (and its mirror image)
    and ``marks`` (places such as a violation's or a fired clause's)."""
    lines = lines_of(panel, [tuple(v) for v in path]) if path else ()
    on = {panel.base(v) for line in lines for v in line}
    heads = {panel.base(line[-1]) for line in lines}
    steps = {_step(panel, *s) for line in lines for s in zip(line, line[1:], strict=False)}
    line_edges = {
        panel.whole_edge(*s) for s in steps if len(s) == 2 and not any(map(is_midpoint, s))
    }
    marked = {(m.kind in CELL_KINDS, tuple(m.at)) for m in marks}
    picture = _Picture(panel, on, heads, line_edges, marked)
    picture.steps = steps
    width = len(str(panel.rows + 1))
    out = [" " * (width + 1) + "".join(f"{x + 1:^{CELL + 1}}" for x in range(panel.cols))]
    for y in range(panel.rows, -1, -1):
        out.append(" " * (width + 1) + picture.vertex_row(y) + f" {panel.rows - y + 1}")
        if y > 0:
            out.append(f"{panel.rows - y + 1:>{width}} " + picture.cell_row(y - 1))
    out.append(" " * (width + 1) + "".join(f"{x + 1:<{CELL + 1}}" for x in range(panel.cols + 1)))
    if panel.pillar:
        out.append(f"a pillar: line {panel.cols + 1} is line 1 again (the seam; it wraps round)")
    return "\n".join(line.rstrip() for line in out)


def _step(panel: Panel, a: Vertex, b: Vertex) -> frozenset:
    """A step of the line as a pair of vertices; round a narrow pillar (unwrapped
    columns, Panel.narrow) shifted round so that its ends are named as its
    edge is (the seam edge's far end at column ``cols``)."""
    if panel.narrow:
        shift = math.floor(min(a[0], b[0])) // panel.cols * panel.cols
        a, b = (a[0] - shift, a[1]), (b[0] - shift, b[1])
    return frozenset((a, b))


class _Picture:
    """The characters of one panel's grid."""

    def __init__(self, panel: Panel, on: set, heads: set, line_edges: set, marked: set) -> None:
        self.panel, self.on, self.heads, self.line_edges = panel, on, heads, line_edges
        self.marked = marked
        self.dots = {tuple(d.coords) for d in panel.dots}
        self.symbols: dict[tuple[int, int], str] = {}
        for x, y, k, _ in panel.triangles:
            self.symbols[(x, y)] = f"^{k}"
        for items, sign in ((panel.squares, "[{}]"), (panel.stars, "*{}")):
            for x, y, colour in items:
                self.symbols[(x, y)] = sign.format(letter(colour))
        for x, y, _ in panel.cancellers:
            self.symbols[(x, y)] = "Y"
        for piece in panel.polyominoes:
            self.symbols[piece.cell] = "N" if piece.negative else "P"

    def vertex(self, v: Vertex) -> str:
        if (False, v) in self.marked:
            return "!"
        if v in self.heads:
            return "@"
        if v in self.on:
            return "o"
        if v in self.dots:
            return "*"
        if v in self.panel.starts:
            return "S"
        return "E" if v in self.panel.ends else "+"

    steps: set = set()  # the lines' steps (frozensets of two vertices)

    def edge(self, a: Vertex, b: Vertex, plain: str, gap: str, drawn: str) -> str:
        e = edge(a, b)
        if e in self.panel.missing or not (self.panel.narrow or self.panel.in_grid(b)):
            return " " * len(plain)
        mid = len(plain) // 2
        m = self.panel.halves.get(e)
        if m is not None:  # a start or an end half way along it, each half drawn apart
            left, right = (  # (a on the left: round a pillar's seam, e's ends swap)
                drawn if frozenset((v, m)) in self.steps else gap if e in self.panel.gaps else plain
                for v in (a, b)
            )
            return left[:mid] + self.vertex(m) + right[mid + 1 :]
        body = drawn if e in self.line_edges else gap if e in self.panel.gaps else plain
        if (False, (*e[0], *e[1])) in self.marked:
            return body[:mid] + "!" + body[mid + 1 :]
        if (*e[0], *e[1]) in self.dots:
            return body[:mid] + "*" + body[mid + 1 :]
        return body

    def column(self, x: int) -> int:
        """Column ``x`` of the picture on the panel (a pillar's last is its first)."""
        return x % self.panel.cols if self.panel.pillar else x

    def vertex_row(self, y: int) -> str:
        out = ""
        for x in range(self.panel.cols + 1):
            out += self.vertex((self.column(x), y))
            if x < self.panel.cols:  # (round a narrow pillar, column cols names the seam)
                b = (x + 1 if self.panel.narrow else self.column(x + 1), y)
                out += self.edge((x, y), b, "-" * CELL, "-- --", "=" * CELL)
        return out

    def cell_row(self, y: int) -> str:
        out = ""
        for x in range(self.panel.cols + 1):
            x0 = self.column(x)
            out += self.edge((x0, y), (x0, y + 1), "|", ":", "#")
            if x < self.panel.cols:
                text = f"{self.symbols.get((x, y), ''):^{CELL - 2}}"
                out += f"({text})" if (True, (x, y)) in self.marked else f" {text} "
        return out
