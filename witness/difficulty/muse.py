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
by the search core's own helpers (``witness.search.astar._predicate``), on the
same incremental per-square state.
"""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path

import numba
import numpy as np

from witness.difficulty.entropy import INF
from witness.errors import InputError
from witness.learning.translate import load_predicate
from witness.model.puzzle import Puzzle
from witness.search.astar import (
    _flood_region,
    _meets_constraints,
    _predicate,
    _step,
    build_geometry,
)
from witness.search.predicates import Predicate

log = logging.getLogger(__name__)

DEFAULT_MEMORY_MB = 2048


# ------------------------------------------------------------ compiled core
_jit = numba.njit(cache=True, nogil=True, boundscheck=False)

# statuses of _run
DONE, RUNNING, NEED_SPACE = 0, 1, 2
# ENTER a state, go to its NEXT child, or RETURN its value to the parent
ENTER, NEXT, RETURN = 0, 1, 2
# ctr[] slots
K_DEPTH, K_MODE, K_MARK, K_ENTRIES, K_STATES = range(5)
# ret[] slots: the value being returned
R_MUSE, R_REMUSE, R_COUNT, R_LENGTHS = range(4)
KEY_BITS = 3  # edges on a square: 0..4


@_jit
def _mix(h, w):
    h ^= w
    h *= np.uint64(0xFF51AFD7ED558CCD)
    h ^= h >> np.uint64(33)
    return h


@_jit
def _slot(mkeys, mused, key):
    """The memo slot holding ``key``, or the empty slot where it goes (linear probing)."""
    cap = mused.size
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(key.size):
        h = _mix(h, key[i])
    i = np.int64(h & np.uint64(cap - 1))
    while mused[i]:
        same = True
        for j in range(key.size):
            if mkeys[i, j] != key[j]:
                same = False
                break
        if same:
            return i
        i = (i + 1) & (cap - 1)
    return i


@_jit
def _rehash(mkeys, mused, mvals, mcounts, nkeys, nused, nvals, nints):
    for i in range(mused.size):
        if mused[i]:
            j = _slot(nkeys, nused, mkeys[i])
            nused[j] = True
            nkeys[j] = mkeys[i]
            nvals[j] = mvals[i]
            nints[j] = mcounts[i]


@_jit
def _rejects(
    w,
    g,
    neighbour,
    corner_squares,
    constrained,
    triangles,
    counts,
    visited_corners,
    adjacent,
    on_path,
    region,
    queue,
    ctr,
    goal,
    kind,
    table,
    n_reach,
    n_lengths,
    n_addable,
    square_corners,
):
    """pi of the child path whose new head is ``w`` (``g`` edges), exactly as the search
    core evaluates it: the child's counts are already stepped, ``w`` is not yet on_path."""
    ctr[K_MARK] += 1
    mark = ctr[K_MARK]
    for j in range(4):
        s = corner_squares[w, j]
        if s >= 0:
            adjacent[s] = mark
    unreachable = 0
    if n_reach == 2 or n_addable > 1:  # the child's free region: region[v] == mark
        _flood_region(neighbour, on_path, 1, w, region, mark, queue)
        unreachable = 0 if region[goal] == mark else 1
    return _predicate(
        kind,
        table,
        n_reach,
        n_addable,
        n_lengths,
        constrained,
        triangles,
        counts,
        visited_corners,
        adjacent,
        mark,
        g,
        unreachable,
        square_corners,
        region,
        mark,
    )


@_jit
def _probe(
    head,
    g,
    k,
    neighbour,
    edge_squares,
    corner_squares,
    constrained,
    triangles,
    counts,
    visited_corners,
    adjacent,
    on_path,
    region,
    queue,
    ctr,
    goal,
    kind,
    table,
    n_reach,
    n_lengths,
    n_addable,
    square_corners,
    p_v,
    p_d,
):
    """Depth-k search over L from the state with head ``head`` (on_path) and g edges:
    (a solved state within k moves, a solved state or a path of k more moves), as
    ``probe`` in :func:`with_lookahead`. An explicit
    stack in p_v / p_d (numba's disk cache does not keep recursive functions)."""
    at_goal = head == goal
    if at_goal and _meets_constraints(constrained, triangles, counts):
        return True, True
    if k == 0:
        return False, True
    if at_goal:  # A(s) is empty
        return False, False
    solved = False
    alive = False
    level = 0
    p_v[0] = head
    p_d[0] = 0
    while level >= 0:
        u = p_v[level]
        d = p_d[level]
        if d >= 4:  # every move from u is tried: undo the move into u
            if level > 0:
                on_path[u] = 0
                _step(
                    p_v[level - 1],
                    p_d[level - 1] - 1,
                    u,
                    edge_squares,
                    corner_squares,
                    counts,
                    visited_corners,
                    -1,
                )
            level -= 1
            continue
        p_d[level] = d + 1
        w = neighbour[u, d]
        if w < 0 or on_path[w] == 1:
            continue
        _step(u, d, w, edge_squares, corner_squares, counts, visited_corners, 1)
        done = w == goal and _meets_constraints(constrained, triangles, counts)
        keep = done or not _rejects(
            w,
            g + level + 1,
            neighbour,
            corner_squares,
            constrained,
            triangles,
            counts,
            visited_corners,
            adjacent,
            on_path,
            region,
            queue,
            ctr,
            goal,
            kind,
            table,
            n_reach,
            n_lengths,
            n_addable,
            square_corners,
        )
        if keep and level + 1 == k:  # k moves made: a continuation
            solved = solved or done
            alive = True
        elif keep and w == goal:  # the path has ended, solved or not
            solved = solved or done
            alive = alive or done
        elif keep:
            on_path[w] = 1
            level += 1
            p_v[level] = w
            p_d[level] = 0
            continue
        _step(u, d, w, edge_squares, corner_squares, counts, visited_corners, -1)
    return solved, alive


@_jit
def _dead(
    head,
    goal,
    neighbour,
    constrained,
    triangles,
    counts,
    square_corners,
    on_path,
    region,
    queue,
    ctr,
):
    """True when no extension of the path solves the puzzle (exact, never a guess): a
    constrained square has too many edges, the goal is cut off from the head, or a
    square has fewer addable edges (both corners in the head's free region, the
    addable_edges feature) than it still needs."""
    for i in range(constrained.size):
        s = constrained[i]
        if counts[s] > triangles[s]:
            return True
    ctr[K_MARK] += 1
    label = ctr[K_MARK]
    _flood_region(neighbour, on_path, 1, head, region, label, queue)
    if region[goal] != label:
        return True
    for i in range(constrained.size):
        s = constrained[i]
        need = triangles[s] - counts[s]
        if need > 0:
            addable = 0
            for c in range(4):
                if (
                    region[square_corners[s, c]] == label
                    and region[square_corners[s, (c + 1) & 3]] == label
                ):
                    addable += 1
            if addable < need:
                return True
    return False


@_jit
def _flip(key, v):
    """Toggle vertex v in the key's visited bitmask."""
    key[v >> 6] ^= np.uint64(1) << np.uint64(v & 63)


@_jit
def _count_key(key, u, d, edge_squares, cpos, base, delta):
    """Add delta to the packed edge counts of the constrained squares of edge (u, d)."""
    for j in range(2):
        s = edge_squares[u, d, j]
        if s >= 0 and cpos[s] >= 0:
            p = cpos[s]
            shift = np.uint64(KEY_BITS * (p % 21))
            word = base + p // 21
            if delta > 0:
                key[word] += np.uint64(1) << shift
            else:
                key[word] -= np.uint64(1) << shift


@_jit
def _leaf(ret, solved):
    """The value of a path that has ended: 0 bits and one solution when solved,
    else infinity and none."""
    ret[R_MUSE] = 0.0 if solved else np.inf
    ret[R_REMUSE] = 0.0 if solved else np.inf
    ret[R_COUNT] = 1.0 if solved else 0.0
    ret[R_LENGTHS] = 0.0


@_jit
def _recall(mkeys, mused, mvals, mcounts, key, ret):
    """Copy the memo's value of ``key`` into ``ret``; False when it is not memoised."""
    i = _slot(mkeys, mused, key)
    if not mused[i]:
        return False
    ret[R_MUSE] = mvals[i, 0]
    ret[R_REMUSE] = mvals[i, 1]
    ret[R_COUNT] = mcounts[i, 0]
    ret[R_LENGTHS] = mcounts[i, 1]
    return True


@_jit
def _remember(mkeys, mused, mvals, mcounts, key, ret, ctr):
    """Memoise ``ret`` as the value of ``key``."""
    i = _slot(mkeys, mused, key)
    mused[i] = True
    mkeys[i] = key
    mvals[i, 0] = ret[R_MUSE]
    mvals[i, 1] = ret[R_REMUSE]
    mcounts[i, 0] = ret[R_COUNT]
    mcounts[i, 1] = ret[R_LENGTHS]
    ctr[K_ENTRIES] += 1


@_jit
def _moves(
    head,
    depth,
    lookahead,
    neighbour,
    edge_squares,
    corner_squares,
    square_corners,
    triangles,
    constrained,
    goal,
    kind,
    table,
    n_reach,
    n_addable,
    n_lengths,
    counts,
    visited_corners,
    adjacent,
    on_path,
    region,
    queue,
    ctr,
    p_v,
    p_d,
):
    """sigma(s) = L(s, n) of the state with head ``head`` and ``depth`` edges, as a
    bitmask of directions: the moves the rules keep and (n > 0) after which a
    depth-n search still continues. Also Gamma(s, n): a solution within n moves."""
    mask = 0
    for d in range(4):
        w = neighbour[head, d]
        if w < 0 or on_path[w] == 1:
            continue
        _step(head, d, w, edge_squares, corner_squares, counts, visited_corners, 1)
        keep = (w == goal and _meets_constraints(constrained, triangles, counts)) or not _rejects(
            w,
            depth + 1,
            neighbour,
            corner_squares,
            constrained,
            triangles,
            counts,
            visited_corners,
            adjacent,
            on_path,
            region,
            queue,
            ctr,
            goal,
            kind,
            table,
            n_reach,
            n_lengths,
            n_addable,
            square_corners,
        )
        if keep and lookahead > 0:
            on_path[w] = 1
            keep = _probe(
                w,
                depth + 1,
                lookahead,
                neighbour,
                edge_squares,
                corner_squares,
                constrained,
                triangles,
                counts,
                visited_corners,
                adjacent,
                on_path,
                region,
                queue,
                ctr,
                goal,
                kind,
                table,
                n_reach,
                n_lengths,
                n_addable,
                square_corners,
                p_v,
                p_d,
            )[1]
            on_path[w] = 0
        _step(head, d, w, edge_squares, corner_squares, counts, visited_corners, -1)
        if keep:
            mask |= 1 << d
    short = False  # Gamma(s, n) = 1: a solution within n moves scores 0
    if lookahead > 0:
        short = _probe(
            head,
            depth,
            lookahead,
            neighbour,
            edge_squares,
            corner_squares,
            constrained,
            triangles,
            counts,
            visited_corners,
            adjacent,
            on_path,
            region,
            queue,
            ctr,
            goal,
            kind,
            table,
            n_reach,
            n_lengths,
            n_addable,
            square_corners,
            p_v,
            p_d,
        )[0]
    return mask, short


@_jit
def _score(muse_children, remuse_children, n, short):
    """Lines 19-20 of Algorithms 1 and 2 over the ``n`` scored children of sigma(s):
    (MINPATHENT under MUSE, under ReMUSE)."""
    if n == 0:
        return np.inf, np.inf
    m_best = np.inf
    r_best = np.inf
    for j in range(n):
        m_best = min(m_best, muse_children[j])
        r_best = min(r_best, remuse_children[j])
    if short:
        return 0.0, 0.0
    m_val = m_best + np.log2(n) if m_best < np.inf else np.inf
    if not r_best < np.inf:
        return m_val, np.inf
    total = 0.0
    for j in range(n):
        total += np.exp(r_best - remuse_children[j])
    kl = 0.0
    for j in range(n):
        p = np.exp(r_best - remuse_children[j]) / total
        if p > 0.0:
            kl += p * np.log2(p * n)
    return m_val, r_best + max(kl, 0.0)


@_jit
def _push(
    head,
    d,
    depth,
    neighbour,
    edge_squares,
    corner_squares,
    counts,
    visited_corners,
    key,
    cpos,
    count_base,
    on_path,
    path_v,
    path_d,
):
    """Make move ``d`` from ``head``: the child state is at ``depth + 1``."""
    w = neighbour[head, d]
    _step(head, d, w, edge_squares, corner_squares, counts, visited_corners, 1)
    _count_key(key, head, d, edge_squares, cpos, count_base, 1)
    _flip(key, w)
    on_path[w] = 1
    path_v[depth + 1] = w
    path_d[depth + 1] = d
    return depth + 1


@_jit
def _pop(
    depth,
    edge_squares,
    corner_squares,
    counts,
    visited_corners,
    key,
    cpos,
    count_base,
    on_path,
    path_v,
    path_d,
    f_k,
    f_muse,
    f_remuse,
    f_count,
    f_lengths,
    ret,
):
    """Undo the move into the state at ``depth`` and give its value ``ret`` to the
    parent (at ``depth - 1``, returned)."""
    w = path_v[depth]
    d = path_d[depth]
    on_path[w] = 0
    _flip(key, w)
    depth -= 1
    u = path_v[depth]
    _count_key(key, u, d, edge_squares, cpos, count_base, -1)
    _step(u, d, w, edge_squares, corner_squares, counts, visited_corners, -1)
    j = f_k[depth]
    f_muse[depth, j] = ret[R_MUSE]
    f_remuse[depth, j] = ret[R_REMUSE]
    f_k[depth] = j + 1
    f_count[depth] += ret[R_COUNT]
    # each solution below the child is one move longer from here
    f_lengths[depth] += ret[R_LENGTHS] + ret[R_COUNT]
    return depth


@_jit
def _run(
    neighbour,
    edge_squares,
    corner_squares,
    square_corners,
    triangles,
    constrained,
    cpos,
    goal,
    kind,
    table,
    n_reach,
    n_addable,
    n_lengths,
    lookahead,
    counts,
    visited_corners,
    adjacent,
    on_path,
    region,
    queue,
    key,
    n_vertex_words,
    path_v,
    path_d,
    f_mask,
    f_dir,
    f_short,
    f_k,
    f_muse,
    f_remuse,
    f_count,
    f_lengths,
    mkeys,
    mused,
    mvals,
    mcounts,
    ctr,
    ret,
    p_v,
    p_d,
    budget,
):
    """Algorithms 1 and 2 at once, as an explicit-stack depth-first recursion over
    sigma = L(s, n) with a memo keyed on (visited vertices, head, edges per
    constrained square). Resumable: every variable lives in the arrays. Stops
    after ``budget`` states (RUNNING), when the memo is half full (NEED_SPACE),
    or when the start state's value is in ``ret`` (DONE)."""
    head_word = n_vertex_words
    count_base = n_vertex_words + 1
    depth = ctr[K_DEPTH]
    mode = ctr[K_MODE]
    done = 0
    while True:
        head = path_v[depth]
        if mode == ENTER:
            if done >= budget:
                break
            done += 1
            ctr[K_STATES] += 1
            mode = RETURN
            if head == goal:  # Gamma(s) = 1, or A(s) is empty: the path has ended
                _leaf(ret, _meets_constraints(constrained, triangles, counts))
                continue
            if _dead(
                head,
                goal,
                neighbour,
                constrained,
                triangles,
                counts,
                square_corners,
                on_path,
                region,
                queue,
                ctr,
            ):
                _leaf(ret, False)
                continue
            key[head_word] = np.uint64(head)
            if _recall(mkeys, mused, mvals, mcounts, key, ret):
                continue
            mask, short = _moves(
                head,
                depth,
                lookahead,
                neighbour,
                edge_squares,
                corner_squares,
                square_corners,
                triangles,
                constrained,
                goal,
                kind,
                table,
                n_reach,
                n_addable,
                n_lengths,
                counts,
                visited_corners,
                adjacent,
                on_path,
                region,
                queue,
                ctr,
                p_v,
                p_d,
            )
            f_mask[depth] = mask
            f_short[depth] = short
            f_dir[depth] = 0
            f_k[depth] = 0
            f_count[depth] = 0.0
            f_lengths[depth] = 0.0
            mode = NEXT
        elif mode == NEXT:
            d = f_dir[depth]
            while d < 4 and not (f_mask[depth] >> d) & 1:
                d += 1
            if d < 4:
                f_dir[depth] = d + 1
                depth = _push(
                    head,
                    d,
                    depth,
                    neighbour,
                    edge_squares,
                    corner_squares,
                    counts,
                    visited_corners,
                    key,
                    cpos,
                    count_base,
                    on_path,
                    path_v,
                    path_d,
                )
                mode = ENTER
                continue
            # Every child of sigma(s) is scored: lines 19-20 of Algorithms 1 and 2.
            m_val, r_val = _score(f_muse[depth], f_remuse[depth], f_k[depth], f_short[depth])
            ret[R_MUSE] = m_val
            ret[R_REMUSE] = r_val
            ret[R_COUNT] = f_count[depth]
            ret[R_LENGTHS] = f_lengths[depth]
            key[head_word] = np.uint64(head)
            _remember(mkeys, mused, mvals, mcounts, key, ret, ctr)
            mode = RETURN
            if 2 * ctr[K_ENTRIES] >= mused.size:
                ctr[K_DEPTH] = depth
                ctr[K_MODE] = mode
                return NEED_SPACE
        else:  # RETURN ret to the parent
            if depth == 0:
                ctr[K_DEPTH] = 0
                ctr[K_MODE] = RETURN
                return DONE
            depth = _pop(
                depth,
                edge_squares,
                corner_squares,
                counts,
                visited_corners,
                key,
                cpos,
                count_base,
                on_path,
                path_v,
                path_d,
                f_k,
                f_muse,
                f_remuse,
                f_count,
                f_lengths,
                ret,
            )
            mode = NEXT
    ctr[K_DEPTH] = depth
    ctr[K_MODE] = mode
    return RUNNING


def _drop_stale_cache() -> None:
    """numba's disk cache notices changes to this file only, but the core compiles
    witness.search.astar's helpers into its own machine code: when astar.py changes,
    drop the cached core so that it is compiled again with the new helpers."""
    import witness.search.astar

    stamp = hashlib.sha256(Path(witness.search.astar.__file__).read_bytes()).hexdigest()
    try:
        marker = Path(_run._cache.cache_path) / "difficulty.search.sha256"
        if marker.is_file() and marker.read_text() == stamp:
            return
        for function in (_rejects, _probe, _dead, _moves, _push, _pop, _run):
            function._cache.flush()
        marker.write_text(stamp)
    except (AttributeError, OSError) as exc:  # numba internals or a read-only cache
        log.warning("could not check numba's cache of witness.difficulty.muse: %s", exc)


_drop_stale_cache()


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
        _step(
            -1, 0, start, geo.edge_squares, geo.corner_squares, self.counts, self.visited_corners, 1
        )
        self.on_path[start] = 1
        _flip(self.key, start)
        self.path_v[0] = start
        self.ctr[K_MODE] = ENTER

    @property
    def memo_bytes_per_slot(self) -> int:
        return 8 * self.width + 1 + 16 + 16

    def run(self, budget: int) -> int:
        """Resume the recursion for at most ``budget`` states: DONE, RUNNING or NEED_SPACE."""
        g = self.geo
        kind, table, n_reach, n_addable, n_lengths = self.encoded
        return _run(
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
        _rehash(*self.memo, *grown)
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
        if code == DONE:
            break
        if code == NEED_SPACE:
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
        _rehash(*_memo(2, 1), *_memo(2, 1))
        difficulty(Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 2),)), "none", 1)
