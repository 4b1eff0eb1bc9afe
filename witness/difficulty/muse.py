"""MUSE and ReMUSE of triangle puzzles (Chen 2023, Algorithms 1 and 2), compiled.

The definitions are :mod:`witness.difficulty.entropy` (line by line, over any
puzzle). Here the player's inference rules are a
``witness.search.predicates.Predicate`` (the built-in ones or a learned
program, or some of its clauses: a player who knows only some rules;
:func:`witness.difficulty.player.player_rules`). On a triangle puzzle a state
is a path from the start (the thesis's states are paths too); A(s) extends it
to an unvisited neighbour of its head and is empty once the head is the goal
(the path has left the grid), Gamma(s) = 1 when the head is the goal and every
triangle count holds, and L(s) keeps a move unless the predicate says the
extended path is incompletable (a move that completes a solution is always
kept).

:func:`difficulty` is the recursion of
:func:`~witness.difficulty.entropy.min_path_entropy` specialised to triangle
puzzles and compiled with numba. A state's future depends only on (head,
visited vertices, edges on each constrained square) -- the predicates'
features (``witness.search.predicates``) are functions of these and of the
path length, which is the number of visited vertices minus 1 -- so states
with equal keys share one memo entry. A child from which no solution can be
reached scores infinity without being expanded (an over-counted square, a
square that can no longer get its edges, a goal cut off); this changes no
score, since every path below it ends in a dead end. Predicates are evaluated
by the search core's own helpers, on the same incremental per-square state: the
compiled recursion is in :mod:`witness.search.kernels.triangle`, beside A*'s.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field

import numpy as np

from witness.difficulty.entropy import INF
from witness.errors import InputError
from witness.learning.translate import load_predicate
from witness.model.puzzle import Puzzle
from witness.search.astar import build_geometry
from witness.search.kernels.triangle import (
    ENTER,
    ENTROPY_DONE,
    ENTROPY_NEED_SPACE,
    K_ENTRIES,
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
from witness.search.predicates import Predicate

log = logging.getLogger(__name__)

DEFAULT_MEMORY_MB = 2048


# ------------------------------------------------------------------ driver
@dataclass
class Difficulty:
    """Scores of one puzzle under one player model. ``muse``/``remuse`` are bits
    (infinity: no solution the rules let the player reach; None: not finished)."""

    muse: float | None
    remuse: float | None
    solutions: int | None  # section 3.4.2: every solution (does not depend on the rules)
    mean_length: float | None  # moves (edges) per solution, None without a solution
    status: str  # done | timed_out | out_of_memory
    seconds: float
    states: int  # states visited (memo hits included)
    rules: str = "none"
    lookahead: int = 0
    extra: dict = field(default_factory=dict)

    def contract_dict(self) -> dict:
        """The CLI's ``--json`` object (docs/DESIGN.md: infinity as null)."""

        def bits(x: float | None) -> float | None:
            return None if x is None or x == INF else round(x, 6)

        return {
            "muse": bits(self.muse),
            "remuse": bits(self.remuse),
            "solutions": self.solutions,
            "mean_length": None if self.mean_length is None else round(self.mean_length, 6),
            "status": self.status,
            "seconds": round(self.seconds, 6),
            "states": self.states,
            "rules": self.rules,
            "lookahead": self.lookahead,
        }

    def summary(self) -> str:
        if self.status != "done":
            return (
                f"{self.status} after {self.seconds:.3f} s ({self.states} states; rules "
                f"{self.rules}, lookahead {self.lookahead})"
            )
        mean = "-" if self.mean_length is None else f"{self.mean_length:.2f}"
        return (
            f"MUSE {_fmt(self.muse)} bits, ReMUSE {_fmt(self.remuse)} bits, "
            f"{self.solutions} solutions, mean length {mean} moves\n"
            f"rules {self.rules}, lookahead {self.lookahead}: {self.states} states "
            f"in {self.seconds:.3f} s"
        )


def _fmt(x: float | None) -> str:
    return "-" if x is None else "inf" if x == INF else f"{x:.3f}"


def _memo(cap: int, width: int) -> tuple[np.ndarray, ...]:
    """An empty memo of ``cap`` slots: keys, used flags, (MUSE, ReMUSE), (count, lengths)."""
    return (
        np.zeros((cap, width), np.uint64),
        np.zeros(cap, np.bool_),
        np.zeros((cap, 2), np.float64),
        np.zeros((cap, 2), np.float64),
    )


class _Core:
    """Everything :func:`_run` reads and writes for one puzzle, kept between its calls:
    the geometry, the per-square and per-vertex state, the path with its frames,
    the lookahead's stack and the memo (grown on demand)."""

    def __init__(self, puzzle: Puzzle, pred: Predicate, lookahead: int):
        self.geo = geo = build_geometry(puzzle)
        self.encoded = pred.encoded
        self.lookahead = lookahead
        nv, ns = puzzle.n_vertices, puzzle.n_squares
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
        kind, table, n_reach, n_addable, n_lengths = self.encoded
        return entropy_run(
            g.neighbour,
            g.edge_squares,
            g.corner_squares,
            g.square_corners,
            g.triangles,
            g.constrained,
            self.cpos,
            g.goal,
            kind,
            table,
            n_reach,
            n_addable,
            n_lengths,
            self.lookahead,
            self.counts,
            self.visited_corners,
            self.adjacent,
            self.on_path,
            self.region,
            self.queue,
            self.key,
            self.n_vertex_words,
            self.path_v,
            self.path_d,
            self.f_mask,
            self.f_dir,
            self.f_short,
            self.f_k,
            self.f_muse,
            self.f_remuse,
            self.f_count,
            self.f_lengths,
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


def difficulty(
    puzzle: Puzzle,
    rules: Predicate | str = "none",
    lookahead: int = 0,
    time_limit: float | None = None,
    memory_mb: float | None = None,
) -> Difficulty:
    """MUSE (Algorithm 1) and ReMUSE (Algorithm 2) of ``puzzle`` with sigma = L(s, n).

    ``rules`` defines L(s) (``none``: L = A); the caller is responsible for
    its soundness (:func:`~witness.difficulty.player.player_rules` checks it).
    ``lookahead`` is n (section 3.3). Ends with status ``timed_out`` after
    ``time_limit`` seconds or ``out_of_memory`` when the memo would exceed
    ``memory_mb``.
    """
    if lookahead < 0:
        raise InputError("--lookahead: must be >= 0")
    _warm_up()
    pred = load_predicate(rules)
    core = _Core(puzzle, pred, lookahead)
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
        return Difficulty(None, None, None, None, status, seconds, states, pred.name, lookahead)
    n_solutions = int(ret[R_COUNT])
    mean = float(ret[R_LENGTHS]) / n_solutions if n_solutions else None
    return Difficulty(
        float(ret[R_MUSE]),
        float(ret[R_REMUSE]),
        n_solutions,
        mean,
        status,
        seconds,
        states,
        pred.name,
        lookahead,
        extra={"memo_entries": int(core.ctr[K_ENTRIES])},
    )


_warm = False


def _warm_up() -> None:
    """Load the compiled core (numba's disk cache) once per process, so that the
    first puzzle's ``seconds`` do not include it."""
    global _warm
    if not _warm:
        _warm = True
        rehash_memo(*_memo(2, 1), *_memo(2, 1))
        difficulty(Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 2),)), "none", 1)
