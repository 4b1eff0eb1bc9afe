"""The arrays the triangle family's MUSE core reads
(:mod:`witness.search.kernels.triangle`, driven by
:mod:`witness.difficulty.compiled`), built once per puzzle."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from witness.model.puzzle import DIRECTIONS, Puzzle


@dataclass
class Geometry:
    """Flat arrays the triangle kernels read (derived once per puzzle)."""

    neighbour: np.ndarray  # int32[n_vertices, 4]: neighbour vertex or -1
    edge_squares: np.ndarray  # int32[n_vertices, 4, 2]: squares of that edge or -1
    corner_squares: np.ndarray  # int32[n_vertices, 4]: squares with the vertex as corner
    square_corners: np.ndarray  # int32[n_squares, 4]: corner vertices, counter-clockwise
    triangles: np.ndarray  # int32[n_squares]: 0 where unconstrained
    constrained: np.ndarray  # int32[n_constrained]: ids of squares with triangles
    h: np.ndarray  # int32[n_vertices]: Manhattan distance to the goal
    start: int
    goal: int


def build_geometry(puzzle: Puzzle) -> Geometry:
    """The arrays of ``puzzle`` (vertex, edge and square ids of :class:`Puzzle`)."""
    nv, ns = puzzle.n_vertices, puzzle.n_squares
    neighbour = np.full((nv, 4), -1, np.int32)
    edge_squares = np.full((nv, 4, 2), -1, np.int32)
    corner_squares = np.full((nv, 4), -1, np.int32)
    h = np.zeros(nv, np.int32)
    gx, gy = puzzle.goal
    for vid in range(nv):
        x, y = puzzle.vertex_at(vid)
        h[vid] = abs(x - gx) + abs(y - gy)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            w = (x + dx, y + dy)
            if puzzle.in_grid(w):
                neighbour[vid, d] = puzzle.vertex_id(w)
                squares = puzzle.edge_squares(puzzle.edge_id((x, y), w))
                for i, s in enumerate(squares):
                    edge_squares[vid, d, i] = puzzle.square_id(s)
        i = 0
        for sx, sy in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
            if 0 <= sx < puzzle.cols and 0 <= sy < puzzle.rows:
                corner_squares[vid, i] = puzzle.square_id((sx, sy))
                i += 1
    square_corners = np.array(
        [
            [puzzle.vertex_id(c) for c in puzzle.square_corners(puzzle.square_at(s))]
            for s in range(ns)
        ],
        dtype=np.int32,
    )
    triangles = np.zeros(ns, np.int32)
    for x, y, k in puzzle.triangles:
        triangles[puzzle.square_id((x, y))] = k
    constrained = np.array(
        [puzzle.square_id((x, y)) for x, y, _ in puzzle.triangles], dtype=np.int32
    )
    return Geometry(
        neighbour,
        edge_squares,
        corner_squares,
        square_corners,
        triangles,
        constrained,
        h,
        puzzle.vertex_id(puzzle.start),
        puzzle.vertex_id(puzzle.goal),
    )
