"""A line drawn so far, one that does not finish at an end yet: what it has
already broken for good, whatever the completion, and whether some
completion solves the panel (by brute force over the rules checker, within
a time limit: small panels)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from witness.model.base import Vertex, is_midpoint
from witness.model.panel import Panel
from witness.model.rules.checker import dot_colour_violations, is_solution
from witness.model.rules.lines import completions, covered, lines_of, path_violations
from witness.model.rules.messages import plural, symbol_violation, with_place
from witness.model.rules.records import (
    CheckStopped,
    Element,
    Violation,
    cell_point,
    point,
)
from witness.model.rules.regions import panel_memo
from witness.model.rules.symbols import sides_on_line


@dataclass(frozen=True)
class PartialLine:
    """What is known of a line drawn so far: the constraints it breaks
    whatever the completion (``broken``), whether a completion solves the
    panel (``completable``: None when the time limit stopped the search) and
    one that does (``completion``, the whole line)."""

    broken: tuple[Violation, ...]
    completable: bool | None
    completion: tuple[Vertex, ...] | None

    def to_dict(self) -> dict:
        return {
            "broken": [v.to_dict() for v in self.broken],
            "completable": self.completable,
            "completion": None if self.completion is None else list(map(list, self.completion)),
        }

    def summary(self, time_limit: float) -> list[str]:
        """Two lines for people: what is broken for good, and the completion."""
        if self.broken:
            first = "broken for good, whatever the completion: " + "; ".join(
                f"{v.kind} at {list(v.at)} ({v.message})" for v in self.broken
            )
        else:
            first = "nothing broken for good yet"
        if self.completable is None:
            second = f"whether it can be completed: unknown ({time_limit:g} s time limit)"
        elif self.completable:
            line = " ".join(f"{x},{y}" for x, y in self.completion or ())
            second = f"it can still be completed, e.g. {line}"
        else:
            second = "it cannot be completed to a solution"
        return [first, second]


def partial_line(panel: Panel, path: Sequence[Vertex], time_limit: float) -> PartialLine | None:
    """What is known of ``path`` as a line drawn so far; None when it is not
    one (it ends at an end, or breaks the drawing rules already).
    :class:`~witness.model.rules.PathError` when it is not a walk on the grid."""
    lines = lines_of(panel, path)
    if panel.base(lines[0][-1]) in panel.ends or path_violations(panel, lines, finished=False):
        return None
    # a canceller may mend what looks broken, so nothing is certain with one
    broken = [] if panel.cancellers else _broken_for_good(panel, lines)
    completable, completion = (False, None) if broken else _complete(panel, lines[0], time_limit)
    return PartialLine(tuple(with_place(panel.rows, v) for v in broken), completable, completion)


def _complete(
    panel: Panel, prefix: tuple[Vertex, ...], time_limit: float
) -> tuple[bool | None, tuple[Vertex, ...] | None]:
    """(completable, a solution) by trying every completion of ``prefix``."""
    deadline = time.perf_counter() + time_limit
    try:
        for line in completions(panel, prefix, deadline):
            if is_solution(panel, line, deadline):
                return True, tuple(line)
    except CheckStopped:
        return None, None
    return False, None


@dataclass(frozen=True)
class _Room:
    """Which edges the lines can still take: neither end covered by a line,
    or one end a line's head (the lines grow from their heads only)."""

    panel: Panel
    used: frozenset[Vertex]
    heads: frozenset[Vertex]

    def free(self, a: Vertex, b: Vertex) -> bool:
        if self.panel.narrow:
            return self._narrow_free(a, b)
        m = self.panel.halves.get((min(a, b), max(a, b)))
        if m is not None:  # split by a start or an end: covered from either half
            return self.free(a, m) or self.free(m, b)
        if b not in self.panel.neighbours(a):
            return False
        ends_ok = all(v not in self.used or v in self.heads for v in (a, b))
        return ends_ok and (a not in self.used or b not in self.used)

    def _narrow_free(self, a: Vertex, b: Vertex) -> bool:
        """free round a narrow pillar (``used`` and ``heads`` the vertices the
        lines stand for, Panel.base): an edge split by a midpoint or joining a
        vertex to itself is taken as free (so nothing is said broken for it)."""
        e = self.panel.whole_edge(a, b)
        if e in self.panel.blocked:
            return False
        a, b = self.panel.base(a), self.panel.base(b)
        if e in self.panel.halves or a == b or is_midpoint(a) or is_midpoint(b):
            return True
        ends_ok = all(v not in self.used or v in self.heads for v in (a, b))
        return ends_ok and (a not in self.used or b not in self.used)


def _broken_for_good(panel: Panel, lines: tuple[tuple[Vertex, ...], ...]) -> list[Violation]:
    """Triangles with more sides on the lines than their number, or too few
    edges left to reach it, and dots the lines can no longer cover."""
    on_line = covered(lines, 2 * panel.cols if panel.pillar else 0)
    room = _Room(
        panel,
        frozenset(panel.base(v) for line in lines for v in line),
        frozenset(panel.base(ln[-1]) for ln in lines),
    )
    symbols = panel_memo(panel).symbols
    out = dot_colour_violations(panel, on_line)
    for x, y, k, *_ in panel.triangles:
        e = symbols[cell_point((x, y))]
        sides = sides_on_line(e.point, on_line)
        edges = panel.cell_edges((x, y))
        most = sides + sum(point((a, b)) not in on_line and room.free(a, b) for a, b in edges)
        if sides > k:
            out.append(symbol_violation(e, (), on_line))
        elif most < k:
            out.append(_too_few(e, sides, most, k))
    for d in panel.dots:
        if point(d.at) in on_line:
            continue
        if d.on_edge:
            coverable = room.free(*d.at)
        else:
            coverable = any(room.free(d.at, w) for w in panel.neighbours(d.at))
        if not coverable:
            where = tuple(symbols[point(d.at)].location())
            out.append(Violation("dot", where, "a dot the line can no longer cover"))
    return out


def _too_few(e: Element, sides: int, most: int, needs: int) -> Violation:
    counts = {"sides": sides, "at_most": most, "needs": needs}
    message = (
        f"a triangle with {plural(sides, 'side')} on the line and room for at most "
        f"{most - sides} more, needs {needs}"
    )
    return Violation("triangle", tuple(e.location()), message, tuple(counts.items()))
