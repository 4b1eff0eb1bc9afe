"""The stored paths of one A* search on a panel and its open list (a bucket
queue), in the arrays the compiled core (:mod:`witness.search.kernels.panel`)
reads and writes: :class:`PanelPaths`, which
:mod:`witness.search.panel_search` starts, grows, reads a line from and
releases. The core's working arrays of a path's state are lent by a pool
per thread, as allocating them was a large part of a short search."""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass

import numpy as np

from witness.model.base import Vertex
from witness.search.kernels.panel import (
    C_CURSOR,
    C_HEAP,
    C_NODES,
    C_SEEDS,
    C_STAMP,
    panel_scratch,
    program_scratch,
    stored_path,
    tiling_scratch,
)
from witness.search.panel_geometry import PanelGeometry


@dataclass
class PanelPaths:
    """The tree of stored paths, the open list (a bucket queue:
    kernels.open_pop) and the loop's state."""

    parent: np.ndarray  # int32
    vertex: np.ndarray  # uint8: head vertex
    flag: np.ndarray  # uint8: pi of the path
    later: np.ndarray  # int32: the next path in its bucket
    first: np.ndarray  # int32[2 F, H]: the first path of bucket (pi, f, h), or -1
    last: np.ndarray  # int32[2 F, H]: its last path
    counters: np.ndarray  # int64, slots C_*
    candidates: np.ndarray  # int32: paths that reached an end, for the checker
    scratch: tuple  # the core's working arrays (kernels.panel_scratch, program_scratch,
    # tiling_scratch)
    scratch_key: tuple[int, int, int]  # the sizes of the first (_ScratchPool)

    @classmethod
    def start(
        cls,
        capacity: int,
        geo: PanelGeometry,
        learned: bool = True,
        prefix: tuple[int, ...] = (),
        dead: bool = False,
    ) -> PanelPaths:
        """Room for ``capacity`` paths; the open list holds the trivial path of each
        start, or, given a ``prefix`` (vertex ids from a start), that path alone
        (:meth:`seed`; ``dead``: pi_baseline rejects it). The path's working
        arrays are lent by this thread's pool
        (:meth:`release` gives them back); those of a learned program (when
        ``learned``) and of tilings (when the panel has polyominoes) are the
        search's own; otherwise the core never touches them and one small set
        serves every search."""
        capacity = max(capacity, len(geo.starts) + len(prefix) + 8)
        n_vertices, n_places = geo.neighbour.shape[0], geo.kind.size
        n_pieces = geo.n_pieces
        n_f, n_h = geo.key_bounds
        key = (n_vertices, n_places, geo.n_colours)
        scratch, stamp = _SCRATCH.lend(key)
        paths = cls(
            np.empty(capacity, np.int32),
            np.empty(capacity, np.uint8),
            np.zeros(capacity, np.uint8),
            np.empty(capacity, np.int32),
            _no_buckets(2 * n_f, n_h).copy(),
            np.empty((2 * n_f, n_h), np.int32),
            np.zeros(9, np.int64),
            np.zeros(4, np.int32),
            # (allocated by the Python source: a call into numba costs more here)
            (
                scratch,
                program_scratch.py_func(n_vertices, n_places, geo.dot_point.size, geo.n_colours)
                if learned
                else _UNUSED_PROGRAM_SCRATCH,
                tiling_scratch.py_func(*geo.tiles, n_pieces, int(geo.pillar))
                if n_pieces
                else _UNUSED_TILING,
            ),
            key,
        )
        paths.counters[C_STAMP] = stamp
        if prefix:
            return paths.seed(geo, prefix, dead)
        cursor = paths.first.size
        for n, s in enumerate(geo.starts):  # key (0, h, h, n): bucket (0, h, h)
            h = int(geo.h[s])
            cursor = min(cursor, h * (n_h + 1))
            paths.parent[n] = -1
            paths.vertex[n] = s
            paths.later[n] = -1
            if paths.first[h, h] < 0:
                paths.first[h, h] = n
            else:
                paths.later[paths.last[h, h]] = n
            paths.last[h, h] = n
        paths.counters[C_NODES] = paths.counters[C_SEEDS] = len(geo.starts)
        paths.counters[C_HEAP] = len(geo.starts)
        paths.counters[C_CURSOR] = cursor
        return paths

    def seed(self, geo: PanelGeometry, prefix: tuple[int, ...], dead: bool) -> PanelPaths:
        """The open list holds ``prefix`` alone, stored as a chain of paths (the
        core marks a popped path by walking to its start, so it goes on from
        there), in bucket (0, g + h, h); flagged when pi_baseline rejects it
        (its children inherit that, as a child of any rejected path does)."""
        n_f, n_h = geo.key_bounds
        for n, v in enumerate(prefix):
            self.parent[n] = n - 1
            self.vertex[n] = v
            self.later[n] = -1
            self.flag[n] = int(dead)
        node, head = len(prefix) - 1, prefix[-1]
        h = min(int(geo.h[head]), n_h - 1)
        row = min(node + h, n_f - 1)
        self.first[row, h] = self.last[row, h] = node
        self.counters[C_NODES] = self.counters[C_SEEDS] = len(prefix)
        self.counters[C_HEAP] = 1
        self.counters[C_CURSOR] = row * n_h + h
        return self

    def release(self) -> None:
        """Give the path's working arrays back to this thread's pool, with the
        last stamp the core marked them with."""
        _SCRATCH.give_back(self.scratch_key, self.scratch[0], int(self.counters[C_STAMP]))

    def grow(self, capacity: int) -> None:
        for array in (self.parent, self.vertex, self.flag, self.later):
            array.resize(capacity, refcheck=False)

    def path(self, node: int, cols: int, names: tuple[Vertex, ...] | None = None) -> list[Vertex]:
        """The first line of stored path ``node``, from its start (``names``:
        PanelGeometry.names)."""
        ids = np.empty(256, np.int64)  # (vertex ids are uint8: a line visits 256 at most)
        n = stored_path(self.parent, self.vertex, node, ids)
        vertices = names or _vertices(cols)
        return [vertices[v] for v in ids[n - 1 :: -1].tolist()]


@functools.lru_cache(maxsize=64)
def _vertices(cols: int) -> tuple[Vertex, ...]:
    """Vertex (x, y) by id y * (cols + 1) + x, for every id a path can hold."""
    return tuple((v % (cols + 1), v // (cols + 1)) for v in range(256))


class _ScratchPool(threading.local):
    """Each thread's idle working arrays of the core (kernels.panel_scratch) by
    their sizes (n_vertices, n_places, n_colours), with the last stamp they
    were marked with: allocating them was a large part of a short search. The
    core's marks and labels only grow, so arrays reused with a later stamp (and
    their own labels, kept in them) hold nothing the next search could mistake
    for its own."""

    def __init__(self) -> None:
        self.free: dict[tuple[int, int, int], tuple[tuple, int]] = {}

    def lend(self, key: tuple[int, int, int]) -> tuple[tuple, int]:
        """Idle arrays of sizes ``key`` and the stamp to go on from (taken out of
        the pool: a search inside a search gets its own); new ones when there
        are none."""
        entry = self.free.pop(key, None)
        if entry is not None:
            return entry
        if len(self.free) >= 64:  # (sizes of many panels: keep the pool small)
            self.free.clear()
        return panel_scratch.py_func(*key), 0

    def give_back(self, key: tuple[int, int, int], scratch: tuple, stamp: int) -> None:
        self.free[key] = (scratch, stamp)


_SCRATCH = _ScratchPool()


@functools.lru_cache(maxsize=64)
def _no_buckets(rows: int, columns: int) -> np.ndarray:
    """Empty buckets (-1), copied: cheaper than filling new ones."""
    return np.full((rows, columns), -1, np.int32)


# Never written: the core reads a learned program's working arrays only when it
# has one, and the tilings' only on panels with polyominoes.
_UNUSED_PROGRAM_SCRATCH = program_scratch.py_func(1, 1, 1, 1)
_UNUSED_TILING = tiling_scratch.py_func(
    np.full(1, -1, np.int32),
    np.zeros((1, 4, 1, 2), np.int32),
    np.zeros((1, 4), np.int32),
    np.zeros(1, np.int32),
    0,
    0,
)  # (the types of _piece_kinds' arrays, so that the core is not compiled again)
