"""The paper's form of a puzzle (triangles of 1 to 3, one start, one goal on
the rim): :class:`Puzzle` is its constructor, which validates the form
(``Puzzle(...).to_panel()`` is the :class:`~witness.model.panel.Panel` every
layer takes); :func:`is_paper_form` and :func:`check_paper_form` tell whether
a panel has that form, which the triangle family's specialised pieces (the
paper mode and the MUSE core) take.

Coordinates follow docs/DESIGN.md: a puzzle has ``rows`` x ``cols`` squares and
(rows+1) x (cols+1) vertices; vertex ``(x, y)`` with 0 <= x <= cols,
0 <= y <= rows, origin bottom-left. Square ``(x, y)`` has lower-left corner
vertex ``(x, y)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from witness.model.base import (
    DEFAULT_COLOURS,
    DIRECTIONS,
    MAX_SIDE,
    PuzzleError,
    Vertex,
    is_int,
)
from witness.model.panel import Panel, panel_from_dict

PathList = list[Vertex]
__all__ = ["DIRECTIONS", "MAX_SIDE", "Puzzle", "PuzzleError", "Vertex"]


def grid_neighbours(v: Vertex, rows: int, cols: int) -> list[Vertex]:
    """Neighbours of vertex ``v`` on a rows x cols grid, in ``DIRECTIONS`` order."""
    out = []
    for dx, dy in DIRECTIONS:
        w = (v[0] + dx, v[1] + dy)
        if 0 <= w[0] <= cols and 0 <= w[1] <= rows:
            out.append(w)
    return out


def peripheral(rows: int, cols: int) -> list[Vertex]:
    """Vertices of degree < 4 (the possible goals), in vertex-id order."""
    return [
        (x, y) for y in range(rows + 1) for x in range(cols + 1) if x in (0, cols) or y in (0, rows)
    ]


def reachable(src: Vertex, dst: Vertex, blocked: set[Vertex], rows: int, cols: int) -> bool:
    """Can ``dst`` be reached from ``src`` without entering a ``blocked`` vertex?"""
    seen, stack = {src}, [src]
    while stack:
        v = stack.pop()
        if v == dst:
            return True
        for w in grid_neighbours(v, rows, cols):
            if w not in seen and w not in blocked:
                seen.add(w)
                stack.append(w)
    return False


def _triangle_entry(t: object) -> tuple[int, int, int]:
    """One ``triangles`` entry as a tuple ``(x, y, k)`` of integers, or a PuzzleError."""
    if not (isinstance(t, (list, tuple)) and len(t) == 3 and all(map(is_int, t))):
        shown = list(t) if isinstance(t, (list, tuple)) else t
        raise PuzzleError("triangles", f"expected [x, y, k] with integers, got {shown!r}")
    return (t[0], t[1], t[2])


@dataclass(frozen=True)
class Puzzle:
    """An immutable, validated triangle puzzle.

    ``triangles`` maps square ``(x, y)`` to its triangle count k in 1..3 and is
    stored as a sorted tuple of ``(x, y, k)`` so that puzzles hash and compare
    by content.
    """

    rows: int
    cols: int
    goal: Vertex
    triangles: tuple[tuple[int, int, int], ...] = ()
    start: Vertex = (0, 0)

    def __post_init__(self) -> None:
        # checked before sorting: sorting compares entries, and None < 1 raises TypeError
        triangles = tuple(_triangle_entry(t) for t in self.triangles)
        object.__setattr__(self, "triangles", tuple(sorted(triangles)))
        object.__setattr__(self, "start", tuple(self.start))
        object.__setattr__(self, "goal", tuple(self.goal))
        self._validate()

    # ----------------------------------------------------------- validation
    def _validate(self) -> None:
        for name in ("rows", "cols"):
            value = getattr(self, name)
            if not is_int(value) or not 1 <= value <= MAX_SIDE:
                raise PuzzleError(name, f"expected an integer in 1..{MAX_SIDE}, got {value!r}")
        for name in ("start", "goal"):
            x, y = getattr(self, name)
            if not (0 <= x <= self.cols and 0 <= y <= self.rows):
                raise PuzzleError(
                    name, f"vertex {[x, y]} is outside 0..{self.cols} x 0..{self.rows}"
                )
        if self.goal == self.start:
            raise PuzzleError("goal", "must differ from start")
        if not (self.goal[0] in (0, self.cols) or self.goal[1] in (0, self.rows)):
            raise PuzzleError("goal", f"vertex {list(self.goal)} is not peripheral (degree 4)")
        seen: set[Vertex] = set()
        for x, y, k in self.triangles:
            if not (0 <= x < self.cols and 0 <= y < self.rows):
                raise PuzzleError(
                    "triangles",
                    f"square {[x, y]} is outside 0..{self.cols - 1} x 0..{self.rows - 1}",
                )
            if k not in (1, 2, 3):
                raise PuzzleError("triangles", f"square {[x, y]} has k={k}, expected 1..3")
            if (x, y) in seen:
                raise PuzzleError("triangles", f"square {[x, y]} is listed twice")
            seen.add((x, y))

    # ------------------------------------------------------------------ I/O
    @classmethod
    def from_dict(cls, data: object) -> Puzzle:
        """Load through the one panel loader (:func:`witness.model.panel.panel_from_dict`): a
        panel with more than triangles, one start and one goal is refused with
        an error naming its first such field."""
        if isinstance(data, dict) and "triangles" not in data:
            raise PuzzleError("triangles", "missing")
        for name in ("rows", "cols"):  # a panel may have none; a triangle puzzle may not
            value = data.get(name) if isinstance(data, dict) else None
            if isinstance(value, int) and not isinstance(value, bool) and value < 1:
                raise PuzzleError(name, f"expected an integer in 1..{MAX_SIDE}, got {value!r}")
        return cls.from_panel(panel_from_dict(data))

    @classmethod
    def from_panel(cls, panel: Panel) -> Puzzle:
        """The triangle-only view of a panel; a PuzzleError naming the first
        field the triangle search does not handle when there is one."""
        extra = panel.features()
        if extra:
            raise PuzzleError(
                extra[0],
                "the triangle search handles panels with only triangles, one start "
                f"and one goal; this panel has {extra[0]}",
            )
        return cls(
            rows=panel.rows,
            cols=panel.cols,
            start=panel.starts[0],
            goal=panel.ends[0],
            triangles=tuple(t[:3] for t in panel.triangles),
        )

    def to_panel(self) -> Panel:
        """The general panel this triangle puzzle stands for."""
        colour = DEFAULT_COLOURS["triangles"]
        return Panel(
            rows=self.rows,
            cols=self.cols,
            starts=(self.start,),
            ends=(self.goal,),
            triangles=tuple((x, y, k, colour) for x, y, k in self.triangles),
        )

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        return cls.from_panel(Panel.from_json(text))

    @classmethod
    def load(cls, path: str | Path) -> Puzzle:
        return cls.from_panel(Panel.load(path))

    def to_dict(self) -> dict:
        """The panel's JSON object (the paper's form, as docs/DESIGN.md has it)."""
        return self.to_panel().to_dict()

    def to_json(self) -> str:
        """Canonical one-line JSON; equal puzzles give equal strings."""
        return self.to_panel().to_json()

    def save(self, path: str | Path) -> None:
        self.to_panel().save(path)

    # ------------------------------------------------------------- geometry
    @property
    def size(self) -> str:
        return f"{self.rows}x{self.cols}"


# ------------------------------------------------------------------ paths
def squares_beside(rows: int, cols: int, a: Vertex, b: Vertex) -> list[tuple[int, int]]:
    """The one or two squares of a rows x cols grid beside the edge from ``a`` to
    its grid neighbour ``b`` (below and above it, or left and right of it)."""
    (x1, y1), (x2, y2) = sorted(((a[0], a[1]), (b[0], b[1])))
    if abs(x2 - x1) + abs(y2 - y1) != 1:
        raise ValueError(f"{a} and {b} are not grid neighbours")
    beside = [(x1, y1 - 1), (x1, y1)] if y1 == y2 else [(x1 - 1, y1), (x1, y1)]
    return [(x, y) for x, y in beside if 0 <= x < cols and 0 <= y < rows]


def square_edge_counts(rows: int, cols: int, path: Sequence[Vertex]) -> dict[tuple[int, int], int]:
    """For every square of a rows x cols grid beside ``path``, how many of its
    sides the path uses (a ValueError on a step that is not one)."""
    counts: dict[tuple[int, int], int] = {}
    for a, b in pairwise(path):
        for s in squares_beside(rows, cols, a, b):
            counts[s] = counts.get(s, 0) + 1
    return counts


def check_paper_form(panel: Panel) -> None:
    """A PuzzleError naming the first field of ``panel`` outside the paper's
    form (triangles of 1 to 3 alone, one start, one end elsewhere on the rim)."""
    Puzzle.from_panel(panel)


def is_paper_form(panel: Panel) -> bool:
    """Has ``panel`` the paper's form? The triangle family's specialised pieces
    (the paper mode, the MUSE core) take such panels; a start that is also the
    end, a triangle of 4 or an end inside the grid make a panel of the general
    rules."""
    try:
        check_paper_form(panel)
    except PuzzleError:
        return False
    return True
