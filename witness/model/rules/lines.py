"""The line walk and symmetry: the line (and, with symmetry, its mirror
image) as drawn, what makes it one a player cannot draw, the places it
covers, every line a player can draw (by brute force), and a random line
drawn so far (:func:`random_walk`)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import pairwise

from witness.model.base import MAIN_LINE, MIRROR_LINE, Vertex, edge_point, is_midpoint
from witness.model.panel import Panel
from witness.model.rules.records import PathError, Point, Violation, on_time
from witness.model.rules.regions import panel_memo


def lines_of(panel: Panel, path: Sequence[Vertex]) -> tuple[tuple[Vertex, ...], ...]:
    """The line and, with symmetry, its mirror image; PathError when ``path``
    is not a walk of neighbouring grid vertices."""
    line = tuple(map(tuple, path))
    if not line:
        raise PathError("path: empty")
    memo = panel_memo(panel)
    if panel.narrow:
        _narrow_walk(panel, line, memo.vertices)
        if panel.symmetry is None:
            return (line,)
        return (line, tuple(panel.mirror(v) for v in line))
    if not (memo.vertices.issuperset(line) and memo.steps.issuperset(pairwise(line))):
        for v in line:  # the first culprit, for the message
            if v not in memo.vertices:
                raise PathError(f"path: vertex {list(v)} is outside the grid")
        for a, b in pairwise(line):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) not in (0.5, 1):
                raise PathError(f"path: {list(a)} to {list(b)} is not one step along an edge")
    if panel.symmetry is None:
        return (line,)
    return (line, tuple(panel.mirror(v) for v in line))


def _narrow_walk(panel: Panel, line: tuple[Vertex, ...], vertices: frozenset[Vertex]) -> None:
    """PathError unless ``line`` is a walk round a narrow pillar: its vertices
    with unwrapped columns (Panel.narrow), each step one column or row on, or
    half of one to or from a start's or an end's midpoint, never a whole step
    along an edge such a midpoint splits."""
    for v in line:
        if panel.base(v) not in vertices:
            raise PathError(f"path: vertex {list(v)} is outside the grid")
    for a, b in pairwise(line):
        half = is_midpoint(a) or is_midpoint(b)
        d = abs(a[0] - b[0]) + abs(a[1] - b[1])
        split = not half and d == 1 and panel.whole_edge(a, b) in panel.halves
        if d != (0.5 if half else 1) or split or (is_midpoint(a) and is_midpoint(b)):
            raise PathError(f"path: {list(a)} to {list(b)} is not one step along an edge")


def _line_violations(
    panel: Panel, line: tuple[Vertex, ...], which: str, finished: bool
) -> list[Violation]:
    if panel.narrow:
        return _narrow_violations(panel, line, which, finished)
    out = []
    mirror = which != "line"  # goes where the mirror takes it (engine/solve.js)
    if not mirror and line[0] not in panel.starts:
        out.append(Violation("path", line[0], f"the {which} does not begin at a start"))
    if finished and not mirror and line[-1] not in panel.ends:
        out.append(Violation("path", line[-1], f"the {which} does not finish at an end"))
    seen: set[Vertex] = set()
    for v in line if len(set(line)) < len(line) else ():
        if v in seen:
            out.append(Violation("path", v, f"the {which} visits {list(v)} twice"))
        seen.add(v)
    for v in (v for v in line if panel.on_gap(v)) if panel.halves else ():
        out.append(Violation("gap", v, f"the {which} is on a gap at {list(v)}"))
    steps = panel_memo(panel).blocked_steps
    for a, b in pairwise(line) if steps and not steps.isdisjoint(pairwise(line)) else ():
        if (a, b) not in steps:
            continue
        e = panel.whole_edge(a, b)
        if e in panel.missing:
            out.append(Violation("path", (*a, *b), f"the {which} uses a removed edge"))
        elif e in panel.gaps:
            out.append(Violation("gap", (*a, *b), f"the {which} crosses a gap"))
    return out


def _narrow_violations(
    panel: Panel, line: tuple[Vertex, ...], which: str, finished: bool
) -> list[Violation]:
    """_line_violations round a narrow pillar: each vertex read modulo the
    columns, each step's edge the one its unwrapped columns say; each
    violation placed on the pillar (a vertex's column modulo the columns, a
    step at its edge's name)."""
    out = []
    here = [panel.base(v) for v in line]
    if here[0] not in panel.starts:
        out.append(Violation("path", here[0], f"the {which} does not begin at a start"))
    if finished and here[-1] not in panel.ends:
        out.append(Violation("path", here[-1], f"the {which} does not finish at an end"))
    seen: set[Vertex] = set()
    for b in here:
        if b in seen:
            out.append(Violation("path", b, f"the {which} visits {list(b)} twice"))
        seen.add(b)
        if panel.on_gap(b):
            out.append(Violation("gap", b, f"the {which} is on a gap at {list(b)}"))
    for a, b in pairwise(line):
        e = panel.whole_edge(a, b)
        if e in panel.missing:
            out.append(Violation("path", (*e[0], *e[1]), f"the {which} uses a removed edge"))
        elif e in panel.gaps:
            out.append(Violation("gap", (*e[0], *e[1]), f"the {which} crosses a gap"))
    return out


def path_violations(
    panel: Panel, lines: tuple[tuple[Vertex, ...], ...], finished: bool = True
) -> list[Violation]:
    """What makes the line (or the pair of lines) one a player cannot draw;
    without ``finished``, one a player cannot draw so far (the line need not
    end at an end yet). The mirror line need not begin at a start nor finish
    at an end (the community engine's solver and validate() never ask; a panel
    whose starts and ends are their own mirror images gives it them anyway)."""
    out = _line_violations(panel, lines[0], "line", finished)
    if len(lines) == 2:
        out += _line_violations(panel, lines[1], "mirror line", finished)
        # no vertex shared, the start and the end included (the engine's solve.js
        # refuses a place whose mirror image is itself or already on a line)
        first, second = set(lines[0]), set(lines[1])
        if panel.narrow:  # (unwrapped columns: a vertex modulo the columns)
            first, second = set(map(panel.base, first)), set(map(panel.base, second))
        for v in sorted(first & second):
            out.append(Violation("symmetry", v, f"the two lines meet at {list(v)}"))
    return out


def random_walk(
    panel: Panel,
    rng: random.Random,
    min_steps: int = 0,
    max_steps: int | None = None,
    starts: Sequence[Vertex] | None = None,
    stop_at_ends: bool = False,
) -> list[Vertex]:
    """A random line drawn so far, by these draws of ``rng`` in this order: a
    start (``rng.choice(starts)``, the panel's when None; ``[]`` without a
    draw when there is none), a number of steps (``rng.randint(min_steps,
    max_steps)``, ``max_steps`` 2 x (rows + cols) when None), then each step
    (``rng.choice``) among the head's neighbours, in
    :meth:`~witness.model.panel.Panel.neighbours` order, after which the line
    is still one a player can draw so far (:func:`path_violations` with
    ``finished=False``). The walk stops early when no step is left or, with
    ``stop_at_ends``, once it has left its start and its head is at an end
    (where a player's line is finished). The line (with its start) is not
    itself checked: a start on the mirror axis gives a line that breaks the
    symmetry rule."""
    choices = panel.starts if starts is None else starts
    if not choices:
        return []
    line = [rng.choice(choices)]
    top = 2 * (panel.rows + panel.cols) if max_steps is None else max_steps
    for _ in range(rng.randint(min_steps, top)):
        if stop_at_ends and len(line) > 1 and panel.base(line[-1]) in panel.ends:
            break
        steps = [
            w
            for w in panel.neighbours(line[-1])
            if not path_violations(panel, lines_of(panel, [*line, w]), finished=False)
        ]
        if not steps:
            break
        line.append(rng.choice(steps))
    return line


def covered(lines: tuple[tuple[Vertex, ...], ...], wrap: int = 0) -> dict[Point, str]:
    """Doubled-grid places under the lines -> the line's colour (black without
    symmetry, else blue for the first line, yellow for its mirror). Round a
    pillar of ``wrap`` (``2 cols``) doubled columns, the places of column 0 are
    also given at x = ``wrap``, so that a cell's right side is found at x + 1;
    a line round a narrow pillar, with unwrapped columns, has its places taken
    modulo ``wrap``."""
    colours = ("black",) if len(lines) == 1 else (MAIN_LINE, MIRROR_LINE)
    out: dict[Point, str] = {}
    for line, colour in zip(lines, colours, strict=True):
        for x, y in line:  # (an edge's midpoint is at the edge's place)
            out[(int(2 * x) % wrap if wrap else int(2 * x), int(2 * y))] = colour
        for a, b in pairwise(line):  # an edge's place is its middle
            q = (a[0] + b[0], a[1] + b[1])
            if q[0] % 1 or q[1] % 1:  # (a half-edge: its place is the midpoint's)
                continue
            if wrap:  # (round a pillar the seam edge's place is not the sum)
                q = edge_point(a, b)
                q = (q[0] % wrap, q[1])
            out[q] = colour
    if wrap:
        out.update({(wrap, q[1]): c for q, c in out.items() if q[0] == 0})
    return out


def open_ends(panel: Panel, lines: tuple[tuple[Vertex, ...], ...]) -> tuple[Point, ...]:
    """The places of the first line's start and end when they lie half way along
    an edge: the line covers half of that edge, and (as the engine's
    ``switchToMaskedGrid``) the regions on either side join through the other
    half, though the place belongs to no region. The mirror line's are not open
    (the engine keeps only the first line's start and end point). With
    ``fat_starts`` (the engine's FAT_STARTPOINTS) the start is a wall too."""
    line = lines[0]
    ends = set() if panel.fat_starts else {line[0]}
    ends |= {line[-1]} if panel.base(line[-1]) in panel.ends else set()
    wrap = 2 * panel.cols if panel.pillar else 0
    return tuple(
        (int(2 * v[0]) % wrap if wrap else int(2 * v[0]), int(2 * v[1]))
        for v in ends
        if is_midpoint(v)
    )


def enumerate_lines(panel: Panel) -> Iterator[list[Vertex]]:
    """Every line a player can draw from a start to an end (with symmetry, the
    first line of each legal pair), by brute force: small panels only."""
    ends = set(panel.ends)
    for start in panel.starts:
        path, on_path = [start], {start}
        if panel.on_gap(start) or (panel.symmetry and panel.on_gap(panel.mirror(start))):
            continue
        if panel.symmetry is not None:
            if panel.base(panel.mirror(start)) == panel.base(start):
                continue  # a start on the axis: the two lines would meet there
            on_path.add(panel.mirror(start))
        if start in ends:
            yield [start]
        yield from _extend(panel, path, on_path, ends)


def _narrow_extend(
    panel: Panel, path: list[Vertex], on_path: set[Vertex], ends: set, deadline: float | None
) -> Iterator:
    """_extend round a narrow pillar: ``on_path`` holds the vertices the line
    stands for (Panel.base), ``path`` its unwrapped columns."""
    if deadline is not None:
        on_time(deadline)
    v = path[-1]
    for w in panel.neighbours(v):
        b = panel.base(w)
        if b in on_path:
            continue
        images = set()
        if panel.symmetry is not None:  # the mirror line's step legal too
            images = {panel.base(panel.mirror(w))}
            if not panel.mirror_allows(v, w) or images <= on_path | {b}:
                continue
        path.append(w)
        on_path |= {b} | images
        if b in ends:
            yield list(path)
        yield from _narrow_extend(panel, path, on_path, ends, deadline)
        on_path -= {b} | images
        path.pop()


def completions(
    panel: Panel, prefix: Sequence[Vertex], deadline: float | None = None
) -> Iterator[list[Vertex]]:
    """Every line a player can draw that begins with ``prefix`` (a line drawn
    so far, :func:`path_violations` without ``finished`` empty), by brute
    force as :func:`enumerate_lines`; :class:`CheckStopped` once ``deadline``
    (a perf_counter time) passes."""
    path = [tuple(v) for v in prefix]
    on_path = set(path)
    if panel.symmetry is not None:
        on_path |= {panel.mirror(v) for v in path}
    ends = set(panel.ends)
    if panel.base(path[-1]) in ends:
        yield list(path)
    yield from _extend(panel, path, on_path, ends, deadline)


def _extend(
    panel: Panel, path: list[Vertex], on_path: set[Vertex], ends: set, deadline: float | None = None
) -> Iterator:
    if panel.narrow:
        on_path = {panel.base(v) for v in path}
        if panel.symmetry is not None:
            on_path |= {panel.base(panel.mirror(v)) for v in path}
        yield from _narrow_extend(panel, path, on_path, ends, deadline)
        return
    if deadline is not None:
        on_time(deadline)
    v = path[-1]
    for w in panel.neighbours(v):
        if w in on_path:
            continue
        mirror = panel.mirror(w) if panel.symmetry is not None else None
        if mirror is not None and (
            mirror in on_path
            or mirror == w
            or panel.whole_edge(panel.mirror(v), mirror) in panel.blocked
        ):
            continue
        path.append(w)
        on_path.add(w)
        if mirror is not None:
            on_path.add(mirror)
        if w in ends:
            yield list(path)
        yield from _extend(panel, path, on_path, ends, deadline)
        on_path.discard(w)
        if mirror is not None:
            on_path.discard(mirror)
        path.pop()
