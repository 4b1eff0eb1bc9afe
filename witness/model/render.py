"""Draw a puzzle, and optionally a path, as SVG or PNG (matplotlib, Agg backend).

The look follows the game: a dark panel, light grid lines, the start as a
filled circle at the bottom-left, the goal as a short rounded exit stub
pointing out of the grid, triangles as small orange triangles (k of them)
centred in their square, and a path as a thick bright line. Output is
deterministic (no dates, fixed SVG ids), so the same input gives the same
bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display; must come before pyplot is imported

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Circle, Polygon  # noqa: E402

from witness.errors import InputError  # noqa: E402
from witness.io import write_file  # noqa: E402
from witness.model.puzzle import Puzzle, Vertex  # noqa: E402

SUFFIXES = (".svg", ".png")
# Recorded in every picture (SVG creator, PNG software): `witness show --out`
# replaces a picture it drew, never another file (witness.io.check_file's mark).
IMAGE_MARK = "witness-ilp show"

BACKGROUND = "#1d2433"
GRID = "#5a6683"
TRIANGLE = "#f2a33a"
PATH = "#e8f1ff"
GOAL_RING = "#8fd3ff"

GRID_WIDTH = 0.16  # in grid units (one square = 1)
PATH_WIDTH = 0.11
INCH_PER_SQUARE = 0.75


class RenderError(InputError):
    """Bad input to :func:`render` (unknown file type, path off the grid)."""


def render(puzzle: Puzzle, out: Path, path: Sequence[Vertex] | None = None) -> None:
    """Write a picture of ``puzzle`` (and ``path``, if given) to ``out``.

    The format comes from the suffix of ``out``: ``.svg`` or ``.png``. The
    path need not be a solution (partial paths are worth looking at), but
    each step must go to a grid neighbour.
    """
    out = Path(out)
    fmt = out.suffix.lower()
    if fmt not in SUFFIXES:
        raise RenderError(
            f"--out: unknown image type '{out.suffix or out.name}', expected .svg or .png"
        )
    if path is not None:
        _check_path(puzzle, path)

    margin = 0.6
    width = puzzle.cols + 2 * margin
    height = puzzle.rows + 2 * margin
    fig = plt.figure(figsize=(width * INCH_PER_SQUARE, height * INCH_PER_SQUARE))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-margin, puzzle.cols + margin)
    ax.set_ylim(-margin, puzzle.rows + margin)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.patch.set_facecolor(BACKGROUND)

    # Line widths are given in grid units; convert to points for matplotlib.
    points_per_unit = INCH_PER_SQUARE * 72
    grid_lw = GRID_WIDTH * points_per_unit
    path_lw = PATH_WIDTH * points_per_unit

    for y in range(puzzle.rows + 1):
        ax.plot([0, puzzle.cols], [y, y], color=GRID, lw=grid_lw, solid_capstyle="round")
    for x in range(puzzle.cols + 1):
        ax.plot([x, x], [0, puzzle.rows], color=GRID, lw=grid_lw, solid_capstyle="round")

    gx, gy = puzzle.goal
    dx, dy = _exit_direction(puzzle, puzzle.goal)
    stub = 0.36
    goal_end = (gx + dx * stub, gy + dy * stub)
    ax.plot([gx, goal_end[0]], [gy, goal_end[1]], color=GRID, lw=grid_lw, solid_capstyle="round")
    # A ring around the exit's end, drawn above the path so it stays visible.
    ax.add_patch(
        Circle(
            goal_end,
            GRID_WIDTH * 0.95,
            fill=False,
            ec=GOAL_RING,
            lw=0.035 * points_per_unit,
            zorder=6,
        )
    )

    for x, y, k in puzzle.triangles:
        _draw_triangles(ax, x + 0.5, y + 0.5, k)

    ax.add_patch(Circle(puzzle.start, GRID_WIDTH * 1.3, color=GRID, zorder=2))
    if path:
        xs = [v[0] for v in path]
        ys = [v[1] for v in path]
        if tuple(path[-1]) == puzzle.goal:  # a finished path leaves through the exit
            xs.append(goal_end[0])
            ys.append(goal_end[1])
        ax.plot(
            xs,
            ys,
            color=PATH,
            lw=path_lw,
            solid_capstyle="round",
            solid_joinstyle="round",
            zorder=4,
        )
        ax.add_patch(Circle(path[0], GRID_WIDTH * 1.05, color=PATH, zorder=5))

    image = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "witness"}):
        if fmt == ".svg":
            fig.savefig(
                image,
                format="svg",
                facecolor=BACKGROUND,
                metadata={"Date": None, "Creator": IMAGE_MARK},
            )
        else:
            fig.savefig(
                image,
                format="png",
                facecolor=BACKGROUND,
                dpi=100,
                metadata={"Software": IMAGE_MARK},
            )
    plt.close(fig)
    # atomically, and a path that cannot be written is an OutputError (exit 2)
    write_file(out, image.getvalue(), IMAGE_MARK.encode())


def _check_path(puzzle: Puzzle, path: Sequence[Vertex]) -> None:
    for v in path:
        if not (len(v) == 2 and puzzle.in_grid(tuple(v))):
            raise RenderError(f"--path: vertex {list(v)} is outside the {puzzle.size} grid")
    for a, b in zip(path, path[1:], strict=False):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise RenderError(f"--path: {list(a)} -> {list(b)} is not a step along a grid edge")


def _exit_direction(puzzle: Puzzle, v: Vertex) -> tuple[int, int]:
    """Outward unit direction for the goal stub (horizontal first at corners)."""
    x, y = v
    if x == 0:
        return (-1, 0)
    if x == puzzle.cols:
        return (1, 0)
    if y == 0:
        return (0, -1)
    return (0, 1)


def _draw_triangles(ax: plt.Axes, cx: float, cy: float, k: int) -> None:
    """k small upward triangles in a row, centred on (cx, cy)."""
    side = 0.23
    gap = 0.06
    h = side * 0.866
    total = k * side + (k - 1) * gap
    left = cx - total / 2
    for i in range(k):
        x0 = left + i * (side + gap)
        corners = [(x0, cy - h / 2), (x0 + side, cy - h / 2), (x0 + side / 2, cy + h / 2)]
        ax.add_patch(Polygon(corners, closed=True, color=TRIANGLE, zorder=3))
