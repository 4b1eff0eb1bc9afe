"""A* search for Witness triangle puzzles (Algorithm 1 of the paper), compiled with numba.

The algorithm, in one place (``_run``):

- The open list is a binary heap of partial paths ordered by the key
  (pi, g + h, h, n): pi is the predicate's value (False first), g the path
  length in edges, h the Manhattan distance from the path's head to the goal,
  and n the order in which paths were generated (earlier first). n breaks the
  residual ties in a fixed, documented order, so every run is deterministic.
- A path is a node in a tree of paths (parent pointer + head vertex), so a
  path costs 5 bytes plus its heap entry. Popping a path rebuilds its state
  (vertices on it, edges per square, corners visited per square) by walking
  to the root; each child then changes that state by one edge, so evaluating
  the predicate on a child costs O(number of constrained squares), not
  O(path length).
- Expanding a path extends it by every neighbour of its head that is not on
  it, in the fixed order right, up, left, down. A child that reaches the goal
  is checked against all constraints: a solution ends the search, a failure
  is dropped (it cannot be extended). Other children are pushed, with pi as
  the first key (``sort``) or, if pi is True, not at all (``prune``). With
  ``base_prune`` the paper's second A* version also drops every child that
  pi_baseline rejects, whatever the mode.
- ``expansions`` counts paths taken off the open list and expanded,
  ``generated`` the children created (pushed, pruned, or goal-checked).

The compiled loop runs in chunks of expansions so that Python can check the
time limit and grow the arrays within the memory budget between chunks: a
search that would exceed its budget ends with status ``out_of_memory``
instead of taking the machine down. The arrays grow in place (``realloc``),
so the budget also bounds the peak: there is never an old and a new copy.

The result type is in :mod:`~witness.search.result`, running several searches
at once in :mod:`~witness.search.portfolio`.

The search takes a :class:`~witness.search.predicates.Predicate`; turning a name or a
learned ``.pl`` file into one (``witness.learning.translate.load_predicate``) is the
caller's job, so this module needs neither the translator nor the ILP engine.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass

import numpy as np

from witness.model.puzzle import DIRECTIONS, Puzzle, Vertex
from witness.search.kernels.triangle import (
    C_EXPANSIONS,
    C_GENERATED,
    C_HEAP,
    C_NODES,
    C_SOLUTION,
    EXHAUSTED,
    NEED_SPACE,
    SOLVED,
    astar_run,
    predicate_values_on_paths,
)
from witness.search.predicates import PAPER, Predicate
from witness.search.result import SolveResult

BYTES_PER_PATH = 4 + 1 + 8 + 4  # parent, head vertex, heap key, heap node
DEFAULT_MEMORY_MB = 4096

MODES = ("prune", "sort")


# --------------------------------------------------------------- geometry
@dataclass
class Geometry:
    """Flat arrays the compiled core reads (derived once per puzzle)."""

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


# ------------------------------------------------------------------ driver
def check_budgets(
    time_limit: float | None, max_expansions: int | None, memory_mb: float | None
) -> None:
    for name, value, low_ok in (
        ("time_limit", time_limit, True),
        ("max_expansions", max_expansions, True),
        ("memory_mb", memory_mb, False),
    ):
        if value is not None and not (
            math.isfinite(value) and (value >= 0 if low_ok else value > 0)
        ):
            raise ValueError(
                f"{name} must be a finite number {'>=' if low_ok else '>'} 0, got {value!r}"
            )


def interrupted(deadline: float | None, stop: threading.Event | None) -> str:
    """ "timed_out" past the deadline, "stopped" once ``stop`` is set, else ""."""
    if deadline is not None and time.perf_counter() >= deadline:
        return "timed_out"
    if stop is not None and stop.is_set():
        return "stopped"
    return ""


def path_budget(memory_mb: float | None) -> tuple[int, int]:
    """(initial capacity, most paths) of the path store under a budget in MB."""
    budget_bytes = (DEFAULT_MEMORY_MB if memory_mb is None else memory_mb) * 1e6
    max_paths = max(16, int(budget_bytes // BYTES_PER_PATH))
    capacity = min(max_paths, 1 << 12)
    # Paths are numbered in 42 bits of the heap key.
    return capacity, min(max_paths, (1 << 42) - 1, 2**31 - 1)


@dataclass
class _Paths:
    """The tree of stored paths and the open list (a heap over them): the arrays the
    compiled core fills. ``counters`` holds the core's loop state between chunks."""

    parent: np.ndarray  # int32: parent path, -1 for the start
    vertex: np.ndarray  # uint8: head vertex
    heap_keys: np.ndarray  # int64
    heap_nodes: np.ndarray  # int32
    counters: np.ndarray  # int64, slots C_*

    @classmethod
    def start(cls, capacity: int, start: int, prefix: tuple[int, ...] = ()) -> _Paths:
        """Room for ``capacity`` paths; the open list holds the trivial path [start],
        or, given a ``prefix`` (vertex ids from the start), that path alone: stored
        as a chain of paths, of which only the last is open (the core rebuilds a
        popped path's state by walking to the root, so it goes on from there)."""
        chain = prefix or (start,)
        capacity = max(capacity, len(chain) + 4)
        paths = cls(
            np.empty(capacity, np.int32),
            np.empty(capacity, np.uint8),
            np.empty(capacity, np.int64),
            np.empty(capacity, np.int32),
            np.zeros(8, np.int64),
        )
        for n, v in enumerate(chain):
            paths.parent[n] = n - 1
            paths.vertex[n] = v
        paths.heap_keys[0] = 0
        paths.heap_nodes[0] = len(chain) - 1
        paths.counters[C_NODES] = len(chain)
        paths.counters[C_HEAP] = 1
        return paths

    def grow(self, capacity: int) -> None:
        for array in (self.parent, self.vertex, self.heap_keys, self.heap_nodes):
            # In place: realloc (mremap for large arrays) never holds two copies.
            array.resize(capacity, refcheck=False)

    def solution(self, puzzle: Puzzle) -> list[Vertex]:
        """The solution the core stored (slot C_SOLUTION), from the start."""
        path = []
        n = int(self.counters[C_SOLUTION])
        while n >= 0:
            path.append(puzzle.vertex_at(int(self.vertex[n])))
            n = int(self.parent[n])
        path.reverse()
        return path


def _search(
    geo: Geometry,
    encoded: tuple,
    prune: bool,
    base_prune: bool,
    paths: _Paths,
    max_paths: int,
    max_expansions: int | None,
    deadline: float | None,
    stop: threading.Event | None,
) -> str:
    """Run the compiled core in growing chunks of expansions until it stops; the
    status name (``exhausted`` for an empty open list: :func:`solve` says whether
    that proves the puzzle unsolvable)."""
    kind, table, n_reach, n_addable, n_lengths = encoded
    counters = paths.counters
    capacity = len(paths.parent)
    chunk = 2_000
    while True:
        # before every chunk, the first too: a zero time limit expands nothing
        status_name = interrupted(deadline, stop)
        if status_name:
            return status_name
        allowed = chunk
        if max_expansions is not None:
            allowed = min(allowed, max_expansions - int(counters[C_EXPANSIONS]))
            if allowed <= 0:
                return "expansion_budget"
        status = astar_run(
            geo.neighbour,
            geo.edge_squares,
            geo.corner_squares,
            geo.square_corners,
            geo.triangles,
            geo.constrained,
            geo.h,
            geo.goal,
            kind,
            table,
            n_reach,
            n_addable,
            n_lengths,
            prune,
            base_prune,
            paths.parent,
            paths.vertex,
            paths.heap_keys,
            paths.heap_nodes,
            counters,
            allowed,
        )
        if status in (SOLVED, EXHAUSTED):
            return "solved" if status == SOLVED else "exhausted"
        if status == NEED_SPACE:
            if capacity >= max_paths:
                return "out_of_memory"
            capacity = min(2 * capacity, max_paths)
            paths.grow(capacity)
        chunk = min(chunk * 2, 200_000)


def solve(
    puzzle: Puzzle,
    predicate: Predicate,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    geometry: Geometry | None = None,
    stop: threading.Event | None = None,
    prefix: list[Vertex] | None = None,
) -> SolveResult:
    """Solve ``puzzle`` with A* (Algorithm 1) using ``predicate`` to sort or prune.

    Given ``prefix`` (a simple path from the start, not ending at the goal), the
    search goes on from it alone: every path it tries extends ``prefix``.

    Stops at the first of: a solution, an empty open list (status
    ``unsolvable`` if every pruning was sound, see
    :data:`~witness.search.result.STATUSES`, else
    ``exhausted``), ``time_limit`` seconds, ``max_expansions`` expansions, the
    ``memory_mb`` budget for stored paths (default 4096 MB), or ``stop`` being
    set by another thread (status ``stopped``; see
    :func:`~witness.search.portfolio.solve_portfolio`).
    ``seconds`` times the search alone: the compiled core is loaded first.
    """
    if not isinstance(predicate, Predicate):
        raise TypeError(
            f"solve takes a Predicate, got {predicate!r} (witness.learning."
            "translate.load_predicate makes one from a name or a .pl file)"
        )
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    check_budgets(time_limit, max_expansions, memory_mb)
    warm_up()
    geo = geometry or build_geometry(puzzle)
    capacity, max_paths = path_budget(memory_mb)
    ids = tuple(puzzle.vertex_id(tuple(v)) for v in prefix or ())
    paths = _Paths.start(capacity, geo.start, ids)
    counters = paths.counters
    # Only a predicate that prunes without a proof can empty the open list
    # on a solvable puzzle (witness verify's proofs cover every start and goal).
    sound = mode == "sort" or predicate.sound

    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    status_name = _search(
        geo,
        predicate.encoded,
        mode == "prune",
        base_prune,
        paths,
        max_paths,
        max_expansions,
        deadline,
        stop,
    )
    if status_name == "exhausted" and sound:
        status_name = "unsolvable"
    seconds = time.perf_counter() - t0

    path = paths.solution(puzzle) if status_name == "solved" else None
    return SolveResult(
        solved=path is not None,
        path=path,
        expansions=int(counters[C_EXPANSIONS]),
        generated=int(counters[C_GENERATED]),
        seconds=seconds,
        timed_out=status_name == "timed_out",
        status=status_name,
        predicate=predicate.name,
        mode=mode + ("+base" if base_prune else ""),
        extra={"stored_paths": int(counters[C_NODES])},
    )


_warm = threading.Event()
_warm_lock = threading.RLock()  # re-entered by the warm-up's own solve
_warming: list[bool] = []


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the core once per process, so
    that no timed search pays for it (``solve`` calls this before its timer;
    other threads wait here until it is loaded)."""
    if _warm.is_set():
        return
    with _warm_lock:
        if _warm.is_set() or _warming:
            return
        _warming.append(True)
        try:
            solve(Puzzle(rows=1, cols=2, goal=(2, 1), triangles=((0, 0, 1), (1, 0, 2))), PAPER)
        finally:
            _warming.clear()
        _warm.set()


def predicate_values(puzzle: Puzzle, predicate: Predicate, paths: list[list[Vertex]]) -> list[bool]:
    """pi(path) for each simple path from the start, evaluated by the search core."""
    geo = build_geometry(puzzle)
    kind, table, n_reach, n_addable, n_lengths = predicate.encoded
    lengths = np.array([len(p) for p in paths], np.int64)
    paths_table = np.zeros((len(paths), max(lengths, default=1)), np.int64)
    for i, p in enumerate(paths):
        paths_table[i, : len(p)] = [puzzle.vertex_id(tuple(v)) for v in p]
    values = predicate_values_on_paths(
        geo.corner_squares,
        geo.edge_squares,
        geo.neighbour,
        geo.square_corners,
        geo.triangles,
        geo.constrained,
        kind,
        table,
        n_reach,
        n_addable,
        n_lengths,
        paths_table,
        lengths,
        geo.goal,
    )
    return [bool(v) for v in values]
