"""MUSE and ReMUSE of triangle-only panels, compiled: the recursion of
:func:`witness.difficulty.entropy.min_path_entropies` on the game of
:mod:`witness.difficulty.game`, for the players :func:`applies` names.
:func:`witness.difficulty.muse.score` takes it there because it is far faster
(benchmarks/bench_difficulty_cores.py), with the same scores
(tests/test_difficulty_cores.py).

States with the same (head, visited vertices, edges on each constrained
square) have the same future (the triangle features are functions of these)
and share one memo entry; a child from which no solution can be reached
scores infinity without being expanded, as the general core's ``dead`` does.
The recursion is in :mod:`witness.search.kernels.triangle` (a compiled file
of its own, beside the search core's), on the arrays :func:`muse_geometry`
makes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from witness.difficulty.entropy import Difficulty
from witness.difficulty.player import Player
from witness.learning.translate import load_predicate
from witness.model.base import DIRECTIONS
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle, is_paper_form, squares_beside
from witness.search.kernels.triangle import (
    ENTER,
    ENTROPY_DONE,
    ENTROPY_NEED_SPACE,
    K_MODE,
    K_STATES,
    R_COUNT,
    R_LENGTHS,
    R_MUSE,
    R_REMUSE,
    entropy_run,
    flip_vertex,
    rehash_memo,
    step,
)
from witness.search.panel_features import reads_panel_features
from witness.search.panel_geometry import build_panel_geometry
from witness.search.predicates import Predicate

DEFAULT_MEMORY_MB = 2048


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


def muse_geometry(panel: Panel) -> Geometry:
    """The arrays of a panel of the paper's form: vertex ``(x, y)`` is id
    ``y * (cols + 1) + x`` (the search core's, whose steps and distances to the
    goal it takes), square ``(x, y)`` is ``y * cols + x``."""
    searched = build_panel_geometry(panel)
    cols = panel.cols
    nv, ns = (panel.rows + 1) * (cols + 1), panel.rows * cols
    edge_squares = np.full((nv, 4, 2), -1, np.int32)
    corner_squares = np.full((nv, 4), -1, np.int32)
    for vid in range(nv):
        x, y = vid % (cols + 1), vid // (cols + 1)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            if searched.neighbour[vid, d] >= 0:
                beside = squares_beside(panel.rows, cols, (x, y), (x + dx, y + dy))
                for i, (sx, sy) in enumerate(beside):
                    edge_squares[vid, d, i] = sy * cols + sx
        corners = ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y))
        ids = [sy * cols + sx for sx, sy in corners if panel.in_cells((sx, sy))]
        corner_squares[vid, : len(ids)] = ids
    square_corners = np.array(
        [
            [(y + dy) * (cols + 1) + x + dx for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1))]
            for y in range(panel.rows)
            for x in range(cols)
        ],
        dtype=np.int32,
    ).reshape(ns, 4)
    constrained = np.array([y * cols + x for x, y, *_ in panel.triangles], dtype=np.int32)
    triangles = np.zeros(ns, np.int32)
    triangles[constrained] = [k for _, _, k, _ in panel.triangles]
    return Geometry(
        searched.neighbour,
        edge_squares,
        corner_squares,
        square_corners,
        triangles,
        constrained,
        searched.h,
        searched.starts[0],
        int(searched.ends[0]),
    )


def applies(panel: Panel, player: Player) -> bool:
    """Does the compiled core score ``panel`` for ``player``? It takes a panel of
    the paper's form (:func:`~witness.model.puzzle.is_paper_form`: only
    triangles, of 1 to 3, one start and one other end on the rim) and a player
    with no hand rule, at most one program, a triangle one, and no policy."""
    if player.hand or player.policy != "none" or len(player.programs) > 1:
        return False
    if any(reads_panel_features(p) for p in player.programs):
        return False
    return is_paper_form(panel)


def _memo(cap: int, width: int) -> tuple[np.ndarray, ...]:
    """An empty memo of ``cap`` slots: keys, used flags, (MUSE, ReMUSE), (count, lengths)."""
    return (
        np.zeros((cap, width), np.uint64),
        np.zeros(cap, np.bool_),
        np.zeros((cap, 2), np.float64),
        np.zeros((cap, 2), np.float64),
    )


# entropy_run's arguments from the geometry and from the state, in its order
_GEOMETRY = "neighbour edge_squares corner_squares square_corners triangles constrained".split()
_STATE = "counts visited_corners adjacent on_path region queue key n_vertex_words".split()
_STATE += "path_v path_d f_mask f_dir f_short f_k f_muse f_remuse f_count f_lengths".split()


class _Core:
    """Everything :func:`_run` reads and writes for one puzzle, kept between its calls:
    the geometry, the per-square and per-vertex state, the path with its frames,
    the lookahead's stack and the memo (grown on demand)."""

    def __init__(self, panel: Panel, pred: Predicate, lookahead: int):
        self.geo = geo = muse_geometry(panel)
        self.encoded = pred.encoded
        self.lookahead = lookahead
        nv, ns = len(geo.neighbour), len(geo.triangles)
        self.cpos = np.full(ns, -1, np.int64)
        for i, s in enumerate(geo.constrained):
            self.cpos[s] = i
        self.n_vertex_words = (nv + 63) // 64
        self.width = self.n_vertex_words + 1 + (len(geo.constrained) + 20) // 21
        # per square: edges on the path, visited corners, adjacency marks
        self.counts, self.visited_corners = (np.zeros(ns, np.int32) for _ in range(2))
        self.adjacent = np.zeros(ns, np.int64)
        self.on_path, self.region, self.queue = (np.zeros(nv, np.int64) for _ in range(3))
        self.key = np.zeros(self.width, np.uint64)
        # per depth: the path, and the frame of the state there
        depth = nv + 1
        self.path_v, self.path_d, self.f_mask, self.f_dir, self.f_k = (
            np.zeros(depth, np.int64) for _ in range(5)
        )
        self.f_short = np.zeros(depth, np.bool_)
        self.f_muse, self.f_remuse = (np.zeros((depth, 4), np.float64) for _ in range(2))
        self.f_count, self.f_lengths = (np.zeros(depth, np.float64) for _ in range(2))
        self.ctr = np.zeros(8, np.int64)
        self.ret = np.zeros(4, np.float64)
        self.p_v = np.zeros(lookahead + 2, np.int64)  # the lookahead's stack
        self.p_d = np.zeros(lookahead + 2, np.int64)
        self.memo = _memo(1 << 12, self.width)
        start = geo.start
        step(
            -1, 0, start, geo.edge_squares, geo.corner_squares, self.counts, self.visited_corners, 1
        )
        self.on_path[start] = 1
        flip_vertex(self.key, start)
        self.path_v[0] = start
        self.ctr[K_MODE] = ENTER

    @property
    def memo_bytes_per_slot(self) -> int:
        return 8 * self.width + 1 + 16 + 16

    def run(self, budget: int) -> int:
        """Resume the recursion for at most ``budget`` states; a status code of
        :mod:`witness.search.kernels.triangle` (ENTROPY_DONE, ENTROPY_RUNNING,
        ENTROPY_NEED_SPACE)."""
        g = self.geo
        return entropy_run(
            *(getattr(g, name) for name in _GEOMETRY),
            self.cpos,
            g.goal,
            *self.encoded,
            self.lookahead,
            *(getattr(self, name) for name in _STATE),
            *self.memo,
            self.ctr,
            self.ret,
            self.p_v,
            self.p_d,
            budget,
        )

    def grow(self) -> None:
        """Double the memo."""
        grown = _memo(2 * self.memo[1].size, self.width)
        rehash_memo(*self.memo, *grown)
        self.memo = grown


def compiled_scores(
    panel: Panel,
    player: Player,
    lookahead: int = 0,
    time_limit: float | None = None,
    memory_mb: float | None = None,
) -> Difficulty:
    """MUSE and ReMUSE of ``panel`` for ``player`` where :func:`applies`; ends
    with status ``timed_out`` after ``time_limit`` seconds or
    ``out_of_memory`` when the memo would exceed ``memory_mb``."""
    warm_up()
    pred = player.programs[0] if player.programs else load_predicate("none")
    core = _Core(panel, pred, lookahead)
    max_slots = int((memory_mb or DEFAULT_MEMORY_MB) * 1e6 // core.memo_bytes_per_slot)
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    chunk = 2_000
    status = "done"
    while True:
        code = core.run(chunk)
        if code == ENTROPY_DONE:
            break
        if code == ENTROPY_NEED_SPACE:
            if 2 * core.memo[1].size > max_slots:
                status = "out_of_memory"
                break
            core.grow()
        if deadline is not None and time.perf_counter() >= deadline:
            status = "timed_out"
            break
        chunk = min(chunk * 2, 500_000)
    seconds = time.perf_counter() - t0
    ret, states = core.ret, int(core.ctr[K_STATES])
    if status != "done":
        return Difficulty.unfinished(status, seconds, states, player.label, lookahead)
    n_solutions = int(ret[R_COUNT])
    return Difficulty(
        float(ret[R_MUSE]),
        float(ret[R_REMUSE]),
        n_solutions,
        float(ret[R_LENGTHS]) / n_solutions if n_solutions else None,
        status,
        seconds,
        states,
        player.label,
        lookahead,
    )


_warm = False


def warm_up() -> None:
    """Load the compiled core (numba's disk cache) once per process, so that the
    first puzzle's ``seconds`` do not include it."""
    global _warm
    if not _warm:
        _warm = True
        rehash_memo(*_memo(2, 1), *_memo(2, 1))
        tiny = Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 2),)).to_panel()
        compiled_scores(tiny, Player(), 1)
