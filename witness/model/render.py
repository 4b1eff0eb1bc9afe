"""Draw a panel, and optionally a line, as SVG or PNG (matplotlib, Agg backend).

The look follows the game: a dark panel, light grid lines, each start as a
filled circle, each end as a short rounded exit stub pointing out of the grid,
gaps as broken edges, removed edges and vertices left out, dots as hexagons
on vertices and edges, coloured squares with rounded corners, stars as
eight-pointed suns, triangles as small triangles (k of them), polyominoes as
their shapes in small squares (tilted when rotatable, hollow and blue when
negative), cancellers as a Y, and the line as a thick bright line; with
symmetry the line is blue and its mirror image yellow. Violated constraints
(from :func:`witness.model.rules.check`) can be ringed in red.

A pillar is drawn unrolled: its first column of vertices is drawn again on
the right, where the seam is marked by a dashed line (SVG id ``seam``), and a
line that crosses the seam leaves on one side and comes back on the other.

Every drawn symbol carries an SVG id naming what it is (``square_x_y``,
``dot_x_y`` or ``dot_x1_y1_x2_y2``, ``gap_...``, ``end_x_y``, ``line_blue``,
``violation_i``, ...). Output is deterministic (no dates, fixed SVG ids), so
the same input gives the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import matplotlib

matplotlib.use("Agg")  # no display; must come before pyplot is imported

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection, PatchCollection  # noqa: E402
from matplotlib.colors import is_color_like  # noqa: E402
from matplotlib.patches import (  # noqa: E402
    Circle,
    FancyBboxPatch,
    Polygon,
    Rectangle,
    RegularPolygon,  # noqa: E402
)
from matplotlib.transforms import Affine2D  # noqa: E402

from witness.errors import InputError  # noqa: E402
from witness.io import write_file  # noqa: E402
from witness.model.base import MAIN_LINE, MIRROR_LINE, Vertex, is_midpoint  # noqa: E402
from witness.model.panel import Panel, Polyomino  # noqa: E402
from witness.model.rules import CELL_KINDS, PathError, Violation, lines_of  # noqa: E402

SUFFIXES = (".svg", ".png")
# Recorded in every picture (SVG creator, PNG software): `witness show --out`
# replaces a picture it drew, never another file (witness.io.check_file's mark).
IMAGE_MARK = "witness-ilp show"

BACKGROUND = "#1d2433"
GRID = "#5a6683"
TRIANGLE = "#f2a33a"
PATH = "#e8f1ff"
GOAL_RING = "#8fd3ff"
VIOLATION = "#ff3b3b"
# The game's tones for the colour names of the JSON format; other names and
# #hex codes go to matplotlib as they are.
PALETTE = {
    "black": "#101010",
    "white": "#f4f4f4",
    "red": "#e8413c",
    "blue": "#3d9bff",
    "yellow": "#f6d32d",
    "orange": TRIANGLE,
    "green": "#3fbf5f",
    "purple": "#a05ce0",
    "cyan": "#3cc8d8",
    "magenta": "#e040a0",
    "none": "#9a9a9a",
}
LINE_COLOURS = {MAIN_LINE: "#4fb4ff", MIRROR_LINE: "#ffd84a"}
NEGATIVE = "#3d7ef0"  # negative polyominoes are blue and hollow, as in the game

GRID_WIDTH = 0.16  # in grid units (one square = 1)
PATH_WIDTH = 0.11
INCH_PER_SQUARE = 0.75
SQUARE_PX = 75  # a PNG's pixels per grid square unless asked otherwise
POINTS_PER_UNIT = INCH_PER_SQUARE * 72  # line widths are given in grid units
GAP = 0.34  # a gap leaves this share of its edge undrawn, in the middle
STUB = 0.36  # length of an end's exit stub


class RenderError(InputError):
    """Bad input to :func:`render` (unknown file type, path off the grid)."""


def colour(name: str) -> str:
    """A symbol colour of the JSON format as something matplotlib draws."""
    if name in PALETTE:
        return PALETTE[name]
    return name if is_color_like(name) else PALETTE["none"]


def render(
    puzzle: Panel,
    out: Path,
    path: Sequence[Vertex] | None = None,
    violations: Sequence[Violation] = (),
    labels: bool = False,
    square_px: int | None = None,
) -> None:
    """Write a picture of ``puzzle`` (and ``path``, if given, and rings round
    ``violations``) to ``out``; the format comes from its suffix, ``.svg`` or
    ``.png``. The path need not be a solution (partial paths are worth looking
    at), but each step must go to a grid neighbour. With ``labels``, the rows
    and columns of cells are numbered on the left and at the top, and the grid
    lines (for corners and edges) on the right and at the bottom, smaller: from
    1, rows from the top, as the rules' messages count them
    (:func:`witness.model.rules.messages.place_words`). ``square_px`` sets a
    PNG's size in pixels per grid square (default :data:`SQUARE_PX`; an SVG
    scales itself, so it is refused there)."""
    out = Path(out)
    fmt = out.suffix.lower()
    if fmt not in SUFFIXES:
        raise RenderError(
            f"--out: unknown image type '{out.suffix or out.name}', expected .svg or .png"
        )
    if square_px is not None and (fmt != ".png" or square_px < 8):
        why = "a PNG's size (an SVG scales itself)" if fmt != ".png" else "at least 8 pixels"
        raise RenderError(f"--size: {why}, got {square_px} for {out.name}")
    panel = puzzle.to_panel()
    if path is not None:
        _check_path(panel, path)
    fig, ax = _canvas(panel)
    _draw_grid(ax, panel)
    _draw_symbols(ax, panel)
    if path:
        _draw_lines(ax, panel, [cast(Vertex, tuple(v)) for v in path])
    for i, v in enumerate(violations):
        _ring(ax, v, i)
    if labels:
        _draw_labels(ax, panel)
    _save(fig, out, fmt, SQUARE_PX if square_px is None else square_px)


LABEL = "#c9d2e3"


def _draw_labels(ax: plt.Axes, panel: Panel) -> None:
    """Cell rows (left) and columns (top), grid lines (right, bottom), from 1."""
    big, small = 0.22 * POINTS_PER_UNIT, 0.16 * POINTS_PER_UNIT

    def label(x: float, y: float, text: int, tone: str, size: float) -> None:
        ax.text(x, y, str(text), color=tone, fontsize=size, ha="center", va="center", zorder=8)

    for y in range(panel.rows):
        label(-0.35, y + 0.5, panel.rows - y, LABEL, big)
    for x in range(panel.cols):
        label(x + 0.5, panel.rows + 0.35, x + 1, LABEL, big)
    # (not where an end's exit stub leaves the grid: it would hide the number)
    exits = {_exit_end(panel, v) for v in panel.ends}
    for y in range(panel.rows + 1):
        if (panel.cols + STUB, y) not in exits:
            label(panel.cols + 0.4, y, panel.rows - y + 1, GRID, small)
    for x in range(panel.cols + 1):
        if (x, -STUB) not in exits:
            label(x, -0.4, x + 1, GRID, small)


def _canvas(panel: Panel) -> tuple[plt.Figure, plt.Axes]:
    margin = 0.6
    width, height = panel.cols + 2 * margin, panel.rows + 2 * margin
    fig = plt.figure(figsize=(width * INCH_PER_SQUARE, height * INCH_PER_SQUARE))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-margin, panel.cols + margin)
    ax.set_ylim(-margin, panel.rows + margin)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.patch.set_facecolor(BACKGROUND)
    return fig, ax


def _save(fig: plt.Figure, out: Path, fmt: str, square_px: int = 75) -> None:
    image = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "witness"}):
        if fmt == ".svg":
            meta = {"Date": None, "Creator": IMAGE_MARK}
            fig.savefig(image, format="svg", facecolor=BACKGROUND, metadata=meta)
        else:
            meta = {"Software": IMAGE_MARK}
            dpi = square_px / INCH_PER_SQUARE
            fig.savefig(image, format="png", facecolor=BACKGROUND, dpi=dpi, metadata=meta)
    plt.close(fig)
    # atomically, and a path that cannot be written is an OutputError (exit 2)
    write_file(out, image.getvalue(), IMAGE_MARK.encode())


def _check_path(panel: Panel, path: Sequence[Vertex]) -> None:
    if panel.narrow:  # unwrapped columns (Panel.narrow): the checker's walk
        try:
            lines_of(panel, [cast(Vertex, tuple(v)) for v in path])
        except PathError as exc:
            raise RenderError("--" + str(exc)) from None
        return
    for v in path:
        if not (len(v) == 2 and panel.in_grid(cast(Vertex, tuple(v)))):
            raise RenderError(f"--path: vertex {list(v)} is outside the {panel.size} grid")
    for a, b in zip(path, path[1:], strict=False):
        a, b = cast(Vertex, tuple(a)), cast(Vertex, tuple(b))
        # (a step half along an edge: to or from its midpoint, round a pillar's seam too)
        half = is_midpoint(a) != is_midpoint(b) and (a if is_midpoint(b) else b) in panel.split(
            b if is_midpoint(b) else a
        )
        if not half and not panel.adjacent(a, b):
            raise RenderError(f"--path: {list(a)} -> {list(b)} is not a step along a grid edge")


def _tag(*numbers: object) -> str:
    return "_".join(str(n) for n in numbers)


# ------------------------------------------------------------------ the grid
def _drawn(panel: Panel, e: tuple[Vertex, Vertex]) -> list[tuple[Vertex, Vertex]]:
    """Where an edge is drawn: itself; round a pillar the seam edge from the
    last column to the right-hand copy of the first, and the first column's
    vertical edges on both sides."""
    (ax_, ay), (bx, by) = e
    if not panel.pillar:
        return [e]
    if abs(ax_ - bx) > 1:
        return [((panel.cols - 1, ay), (panel.cols, by))]
    if ax_ == bx == 0:
        return [e, ((panel.cols, ay), (panel.cols, by))]
    return [e]


def _draw_grid(ax: plt.Axes, panel: Panel) -> None:
    """Edges (gaps broken in the middle, missing ones left out), starts, ends;
    a pillar's seam."""
    lw = GRID_WIDTH * POINTS_PER_UNIT
    whole = [
        d
        for e in panel.grid_edges()
        if e not in panel.missing and e not in panel.gaps
        for d in _drawn(panel, e)
    ]
    grid = LineCollection(whole, colors=GRID, linewidths=lw, capstyle="round", zorder=1)
    grid.set_gid("grid")
    ax.add_collection(grid)
    if panel.pillar:
        (seam,) = ax.plot([panel.cols] * 2, [-0.3, panel.rows + 0.3], color=GOAL_RING, ls="--")
        seam.set_linewidth(0.03 * POINTS_PER_UNIT)
        seam.set_zorder(0)
        seam.set_gid("seam")
    gaps = [d for e in panel.gaps if e not in panel.missing for d in _drawn(panel, e)]
    for a, b in gaps:
        part = (1 - GAP) / 2
        mid_a = (a[0] + (b[0] - a[0]) * part, a[1] + (b[1] - a[1]) * part)
        mid_b = (b[0] - (b[0] - a[0]) * part, b[1] - (b[1] - a[1]) * part)
        pieces = LineCollection([(a, mid_a), (mid_b, b)], colors=GRID, linewidths=lw, zorder=1)
        pieces.set_capstyle("butt")
        pieces.set_gid("gap_" + _tag(*a, *b))
        ax.add_collection(pieces)
    for v in panel.ends:
        end = _exit_end(panel, v)
        (stub,) = ax.plot([v[0], end[0]], [v[1], end[1]], color=GRID, lw=lw, zorder=1)
        stub.set_solid_capstyle("round")
        stub.set_gid("end_" + _tag(*v))
        ring = Circle(end, GRID_WIDTH * 0.95, fill=False, ec=GOAL_RING, lw=0.035 * POINTS_PER_UNIT)
        ring.set_zorder(6)  # above the line, so that it stays visible
        ax.add_patch(ring)
    for v in panel.starts:
        disc = Circle(v, GRID_WIDTH * 1.3, color=GRID, zorder=2)
        disc.set_gid("start_" + _tag(*v))
        ax.add_patch(disc)


def _exit_end(panel: Panel, v: Vertex) -> tuple[float, float]:
    """Where an end's exit stub stops: outward from the grid's border
    (horizontal first at corners), or into the missing edge beside it."""
    x, y = v
    if x % 1 or y % 1:  # half way along an edge: across it, outward on the border
        dx, dy = ((0, -1) if y == 0 else (0, 1)) if x % 1 else ((-1, 0) if x == 0 else (1, 0))
        return (x + dx * STUB, y + dy * STUB)
    grid = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    outward = [d for d in grid if not panel.in_grid((x + d[0], y + d[1]))]
    if panel.pillar:  # no left or right border
        outward = [d for d in outward if d[0] == 0]
    if not outward:
        outward = [
            d
            for d in grid
            if ((x, y), (x + d[0], y + d[1])) in panel.missing
            or ((x + d[0], y + d[1]), (x, y)) in panel.missing
        ] or [(0, 1)]
    dx, dy = sorted(outward, key=lambda d: (d[0] == 0, d))[0]
    return (x + dx * STUB, y + dy * STUB)


# ------------------------------------------------------------------ symbols
def _draw_symbols(ax: plt.Axes, panel: Panel) -> None:
    for x, y, k, name in panel.triangles:
        _triangles(ax, x, y, k, colour(name))
    for x, y, name in panel.squares:
        side = 0.34
        box = FancyBboxPatch(
            (x + 0.5 - side / 2, y + 0.5 - side / 2),
            side,
            side,
            boxstyle="round,pad=0,rounding_size=0.08",
            fc=colour(name),
            ec="#c9d2e3" if name == "black" else colour(name),
            lw=0.02 * POINTS_PER_UNIT,
            zorder=3,
        )
        box.set_gid("square_" + _tag(x, y))
        ax.add_patch(box)
    for x, y, name in panel.stars:
        corners = [
            (x + 0.5 + r * math.cos(a), y + 0.5 + r * math.sin(a))
            for i in range(16)
            for a, r in [(math.pi * i / 8, 0.26 if i % 2 == 0 else 0.2)]
        ]
        star = Polygon(corners, closed=True, color=colour(name), zorder=3)
        star.set_gid("star_" + _tag(x, y))
        ax.add_patch(star)
    for x, y, name in panel.cancellers:
        arms = [
            ((x + 0.5, y + 0.5), (x + 0.5 + 0.22 * math.cos(a), y + 0.5 + 0.22 * math.sin(a)))
            for a in (math.pi / 2, math.pi * 7 / 6, math.pi * 11 / 6)
        ]
        lines = LineCollection(arms, colors=colour(name), linewidths=0.07 * POINTS_PER_UNIT)
        lines.set_capstyle("round")
        lines.set_zorder(3)
        lines.set_gid("canceller_" + _tag(x, y))
        ax.add_collection(lines)
    for piece in panel.polyominoes:
        _polyomino(ax, piece)
    for d in panel.dots:
        if d.colour == "invisible":
            continue
        c = d.coords
        if len(c) == 4:  # (round a pillar, the seam edge's middle is right of the last column)
            (x1, y1), (x2, y2) = _drawn(panel, cast(tuple[Vertex, Vertex], d.at))[0]
            c = [x1, y1, x2, y2]
        at = (c[0], c[1]) if len(c) == 2 else ((c[0] + c[2]) / 2, (c[1] + c[3]) / 2)
        dot = RegularPolygon(at, numVertices=6, radius=0.085, orientation=math.pi / 6, zorder=5)
        dot.set_facecolor(PALETTE.get(d.colour, PALETTE["black"]))
        dot.set_edgecolor("#c9d2e3" if d.colour == "black" else PALETTE[d.colour])
        dot.set_linewidth(0.015 * POINTS_PER_UNIT)
        dot.set_gid("dot_" + _tag(*d.coords))
        ax.add_patch(dot)


def _triangles(ax: plt.Axes, x: int, y: int, k: int, fill: str) -> None:
    """k small upward triangles in a row, centred in cell (x, y)."""
    side, gap = 0.23, 0.06
    h = side * 0.866
    cx, cy = x + 0.5, y + 0.5
    left = cx - (k * side + (k - 1) * gap) / 2
    for i in range(k):
        x0 = left + i * (side + gap)
        corners = [(x0, cy - h / 2), (x0 + side, cy - h / 2), (x0 + side / 2, cy + h / 2)]
        patch = Polygon(corners, closed=True, color=fill, zorder=3)
        patch.set_gid("triangle_" + _tag(x, y, i))
        ax.add_patch(patch)


def _polyomino(ax: plt.Axes, piece: Polyomino) -> None:
    """The shape in small squares centred in its cell; a rotatable one tilted
    by 20 degrees (its mark in the game); a negative one hollow and blue."""
    width = max(c[0] for c in piece.shape) + 1
    height = max(c[1] for c in piece.shape) + 1
    unit = min(0.6 / max(width, height), 0.17)
    size = unit * 0.8
    cx, cy = piece.cell[0] + 0.5, piece.cell[1] + 0.5
    squares = [
        Rectangle(
            (
                cx + (dx - width / 2) * unit + (unit - size) / 2,
                cy + (dy - height / 2) * unit + (unit - size) / 2,
            ),
            size,
            size,
        )
        for dx, dy in piece.shape
    ]
    fill = NEGATIVE if piece.negative else colour(piece.colour)
    shapes = PatchCollection(
        squares,
        facecolors="none" if piece.negative else fill,
        edgecolors=fill,
        linewidths=0.025 * POINTS_PER_UNIT,
        zorder=3,
    )
    if piece.rotatable:
        shapes.set_transform(Affine2D().rotate_deg_around(cx, cy, 20) + ax.transData)
    kind = "polyomino"
    if piece.negative:
        kind += "-negative"
    if piece.rotatable:
        kind += "-rotatable"
    shapes.set_gid(kind + "_" + _tag(*piece.cell))
    ax.add_collection(shapes)


# ------------------------------------------------------------------ the lines
def _draw_lines(ax: plt.Axes, panel: Panel, path: list[Vertex]) -> None:
    """The line (and, with symmetry, its mirror image in the other colour);
    a line that finishes at an end leaves through its exit."""
    lines = lines_of(panel, path)
    names = ("line",) if len(lines) == 1 else ("line_" + MAIN_LINE, "line_" + MIRROR_LINE)
    tones = (PATH,) if len(lines) == 1 else (LINE_COLOURS[MAIN_LINE], LINE_COLOURS[MIRROR_LINE])
    for line, name, tone in zip(lines, names, tones, strict=True):
        if panel.narrow:  # unwrapped columns: drawn round the unrolled pillar
            xs, ys = _narrow_points(panel, line)
        else:
            points: list[tuple[float, float]] = list(line)
            if line[-1] in panel.ends:
                points.append(_exit_end(panel, line[-1]))
            xs, ys = [float(p[0]) for p in points], [float(p[1]) for p in points]
            if panel.pillar:  # round the seam: leave on one side, come back on the other
                xs, ys = _across_seam(panel.cols, points)
        (drawn,) = ax.plot(
            xs,
            ys,
            color=tone,
            lw=PATH_WIDTH * POINTS_PER_UNIT,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=4,
        )
        drawn.set_gid(name)
        disc = Circle((xs[0], ys[0]), GRID_WIDTH * 1.05, color=tone, zorder=5)
        disc.set_gid(name + "-start")
        ax.add_patch(disc)


def _narrow_points(panel: Panel, line: Sequence[Vertex]) -> tuple[list[float], list[float]]:
    """A line round a narrow pillar (unwrapped columns, Panel.narrow) as x and
    y lists for one plot of the unrolled pillar (columns 0 to ``cols``): a step
    past either side drawn out to it and on from the other (a NaN breaks the
    line), and through its exit when it finishes at an end."""
    c = panel.cols
    first = panel.base(line[0])
    xs, ys, x = [float(first[0])], [float(first[1])], float(first[0])
    for a, b in zip(line, line[1:], strict=False):
        nx = x + b[0] - a[0]
        if not 0 <= nx <= c:  # across the seam
            out, back = (c, 0) if nx > c else (0, c)
            xs += [out, math.nan, back]
            ys += [a[1], math.nan, b[1]]
            nx += -c if nx > c else c
        xs.append(nx)
        ys.append(b[1])
        x = nx
    last = panel.base(line[-1])
    if last in panel.ends:
        end = _exit_end(panel, last)
        xs.append(x + end[0] - last[0])
        ys.append(end[1])
    return xs, ys


def _across_seam(cols: int, points: list[tuple[float, float]]) -> tuple[list[float], list[float]]:
    """A pillar's line as x and y lists for one plot, a step across the seam
    drawn to the right-hand edge and on from the left (a NaN breaks the line)."""
    xs, ys = [points[0][0]], [points[0][1]]
    for (ax_, ay), (bx, by) in zip(points, points[1:], strict=False):
        if abs(ax_ - bx) > 1:  # over the seam: out at x = cols, in at x = 0
            out, back = (cols, 0) if ax_ > bx else (0, cols)
            xs += [out, math.nan, back]
            ys += [ay, math.nan, by]
        xs.append(bx)
        ys.append(by)
    return xs, ys


def _ring(ax: plt.Axes, violation: Violation, i: int) -> None:
    """A red ring round what a violation names: a cell, a vertex or an edge."""
    at = violation.at
    if len(at) == 4:
        centre = ((at[0] + at[2]) / 2, (at[1] + at[3]) / 2)
    elif violation.kind in CELL_KINDS:
        centre = (at[0] + 0.5, at[1] + 0.5)
    else:
        centre = (at[0], at[1])
    radius = 0.36 if violation.kind in CELL_KINDS else 0.18
    ring = Circle(centre, radius, fill=False, ec=VIOLATION, lw=0.045 * POINTS_PER_UNIT, zorder=7)
    ring.set_gid(f"violation_{i}_{violation.kind}")
    ax.add_patch(ring)
