"""The triangle family's compiled MUSE/ReMUSE recursion (Chen 2023, driven
by :mod:`witness.difficulty.compiled`), with its own evaluation of a
predicate over the paper's Table 1 features on the player's line
(``_predicate``), on the arrays of
:class:`witness.difficulty.compiled.Geometry`. numba's disk cache
notices changes to the file that defines a function only, while a compiled
function carries the code of every compiled helper it calls, so the core is
one file; no compiled function here calls one of another kernel file
(``tests/test_kernels.py``).

The driver calls the public functions (``entropy_run``, ``rehash_memo``,
``step``, ``flip_vertex``) and reads the status codes and slot numbers
below; the underscore names are the core's own steps.
"""

from __future__ import annotations

import numba
import numpy as np

_jit = numba.njit(cache=True, nogil=True, boundscheck=False)

# ------------------------------------------- a predicate's value on a path


@_jit
def _predicate(
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
    adjacent_mark,
    length,
    unreachable,
    square_corners,
    region,
    label,
):
    """pi(path) for the child whose state is in counts / visited_corners /
    adjacent (adjacent[s] == adjacent_mark iff the head is a corner of s).
    Kinds: 0 none, 1 baseline, 2 paper (hand-written), 3 program (a table
    compiled by Predicate.encode; ``unreachable`` is only computed when the
    table has a goal-reachability axis, n_reach == 2, and the head's free
    region, region[v] == label, only when it has an addable-edges axis,
    n_addable > 1)."""
    if kind == 0:
        return False
    for i in range(constrained.size):
        s = constrained[i]
        t = triangles[s]
        k = counts[s]
        adj = adjacent[s] == adjacent_mark
        if kind == 1:
            if k > t:
                return True
        elif kind == 2:
            if k > t:
                return True
            if t == 3 and (k == 1 or k == 2) and not adj:
                return True
        else:
            row = ((t * 5 + k) * 2 + (1 if adj else 0)) * 5 + visited_corners[s]
            row = row * n_reach + (unreachable if n_reach == 2 else 0)
            addable = 0
            if n_addable > 1:
                # Sides of s with both corners in the head's free region.
                for c in range(4):
                    if (
                        region[square_corners[s, c]] == label
                        and region[square_corners[s, (c + 1) & 3]] == label
                    ):
                        addable += 1
            row = row * n_addable + addable
            if table[row * n_lengths + min(length, n_lengths - 1)]:
                return True
    return False


@_jit
def step(u, d, v, edge_squares, corner_squares, counts, visited_corners, delta):
    """Add (delta = 1) or remove (-1) a path's step from u in direction d to v:
    the edge counts of the edge's squares and the visited corners of v's
    squares. u < 0 means v is the start (no edge)."""
    if u >= 0:
        for j in range(2):
            s = edge_squares[u, d, j]
            if s >= 0:
                counts[s] += delta
    for j in range(4):
        s = corner_squares[v, j]
        if s >= 0:
            visited_corners[s] += delta


@_jit
def _flood_region(neighbour, on_path, stamp, source, region, label, queue):
    """Set region[v] = label for ``source`` and every vertex reachable from it
    without entering the path (on_path[v] == stamp): the free region that the
    goal_unreachable and addable_edges features read. Run only for predicates
    that read one of them."""
    region[source] = label
    queue[0] = source
    n = 1
    i = 0
    while i < n:
        v = queue[i]
        i += 1
        for d in range(4):
            w = neighbour[v, d]
            if w < 0 or on_path[w] == stamp or region[w] == label:
                continue
            region[w] = label
            queue[n] = w
            n += 1


@_jit
def _meets_constraints(constrained, triangles, counts):
    """Every constrained square has as many edges on the path as triangles."""
    for i in range(constrained.size):
        s = constrained[i]
        if counts[s] != triangles[s]:
            return False
    return True


# ------------------------------------------------- MUSE and ReMUSE core
# statuses of entropy_run
ENTROPY_DONE, ENTROPY_RUNNING, ENTROPY_NEED_SPACE = 0, 1, 2
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
def rehash_memo(mkeys, mused, mvals, mcounts, nkeys, nused, nvals, nints):
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


# A numba kernel: its many array arguments read better packed than one per line.
# fmt: off
@_jit
def _probe(head, g, k, neighbour, edge_squares, corner_squares, constrained, triangles,
           counts, visited_corners, adjacent, on_path, region, queue, ctr, goal, kind, table,
           n_reach, n_lengths, n_addable, square_corners, p_v, p_d):
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
                step(p_v[level - 1], p_d[level - 1] - 1, u, edge_squares, corner_squares,
                      counts, visited_corners, -1)
            level -= 1
            continue
        p_d[level] = d + 1
        w = neighbour[u, d]
        if w < 0 or on_path[w] == 1:
            continue
        step(u, d, w, edge_squares, corner_squares, counts, visited_corners, 1)
        done = w == goal and _meets_constraints(constrained, triangles, counts)
        keep = done or not _rejects(
            w, g + level + 1, neighbour, corner_squares, constrained, triangles, counts,
            visited_corners, adjacent, on_path, region, queue, ctr, goal, kind, table, n_reach,
            n_lengths, n_addable, square_corners)
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
        step(u, d, w, edge_squares, corner_squares, counts, visited_corners, -1)
    return solved, alive
# fmt: on


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
def flip_vertex(key, v):
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


# A numba kernel: its many array arguments read better packed than one per line.
# fmt: off
@_jit
def _moves(head, depth, lookahead, neighbour, edge_squares, corner_squares, square_corners,
           triangles, constrained, goal, kind, table, n_reach, n_addable, n_lengths, counts,
           visited_corners, adjacent, on_path, region, queue, ctr, p_v, p_d):
    """sigma(s) = L(s, n) of the state with head ``head`` and ``depth`` edges, as a
    bitmask of directions: the moves the rules keep and (n > 0) after which a
    depth-n search still continues. Also Gamma(s, n): a solution within n moves."""
    mask = 0
    for d in range(4):
        w = neighbour[head, d]
        if w < 0 or on_path[w] == 1:
            continue
        step(head, d, w, edge_squares, corner_squares, counts, visited_corners, 1)
        keep = (w == goal and _meets_constraints(constrained, triangles, counts)) or not _rejects(
            w, depth + 1, neighbour, corner_squares, constrained, triangles, counts,
            visited_corners, adjacent, on_path, region, queue, ctr, goal, kind, table,
            n_reach, n_lengths, n_addable, square_corners)
        if keep and lookahead > 0:
            on_path[w] = 1
            keep = _probe(w, depth + 1, lookahead, neighbour, edge_squares, corner_squares,
                          constrained, triangles, counts, visited_corners, adjacent, on_path,
                          region, queue, ctr, goal, kind, table, n_reach, n_lengths, n_addable,
                          square_corners, p_v, p_d)[1]
            on_path[w] = 0
        step(head, d, w, edge_squares, corner_squares, counts, visited_corners, -1)
        if keep:
            mask |= 1 << d
    short = False  # Gamma(s, n) = 1: a solution within n moves scores 0
    if lookahead > 0:
        short = _probe(head, depth, lookahead, neighbour, edge_squares, corner_squares,
                       constrained, triangles, counts, visited_corners, adjacent, on_path,
                       region, queue, ctr, goal, kind, table, n_reach, n_lengths, n_addable,
                       square_corners, p_v, p_d)[0]
    return mask, short
# fmt: on


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
    step(head, d, w, edge_squares, corner_squares, counts, visited_corners, 1)
    _count_key(key, head, d, edge_squares, cpos, count_base, 1)
    flip_vertex(key, w)
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
    flip_vertex(key, w)
    depth -= 1
    u = path_v[depth]
    _count_key(key, u, d, edge_squares, cpos, count_base, -1)
    step(u, d, w, edge_squares, corner_squares, counts, visited_corners, -1)
    j = f_k[depth]
    f_muse[depth, j] = ret[R_MUSE]
    f_remuse[depth, j] = ret[R_REMUSE]
    f_k[depth] = j + 1
    f_count[depth] += ret[R_COUNT]
    # each solution below the child is one move longer from here
    f_lengths[depth] += ret[R_LENGTHS] + ret[R_COUNT]
    return depth


# A numba kernel: its many array arguments read better packed than one per line.
# fmt: off
@_jit
def entropy_run(neighbour, edge_squares, corner_squares, square_corners, triangles,
                constrained, cpos, goal, kind, table, n_reach, n_addable, n_lengths, lookahead,
                counts, visited_corners, adjacent, on_path, region, queue, key, n_vertex_words,
                path_v, path_d, f_mask, f_dir, f_short, f_k, f_muse, f_remuse, f_count, f_lengths,
                mkeys, mused, mvals, mcounts, ctr, ret, p_v, p_d, budget):
    """Algorithms 1 and 2 at once, as an explicit-stack depth-first recursion over
    sigma = L(s, n) with a memo keyed on (visited vertices, head, edges per
    constrained square). Resumable: every variable lives in the arrays. Stops
    after ``budget`` states (ENTROPY_RUNNING), when the memo is half full (ENTROPY_NEED_SPACE),
    or when the start state's value is in ``ret`` (ENTROPY_DONE)."""
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
            if _dead(head, goal, neighbour, constrained, triangles, counts, square_corners,
                     on_path, region, queue, ctr):
                _leaf(ret, False)
                continue
            key[head_word] = np.uint64(head)
            if _recall(mkeys, mused, mvals, mcounts, key, ret):
                continue
            mask, short = _moves(
                head, depth, lookahead, neighbour, edge_squares, corner_squares, square_corners,
                triangles, constrained, goal, kind, table, n_reach, n_addable, n_lengths,
                counts, visited_corners, adjacent, on_path, region, queue, ctr, p_v, p_d)
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
                depth = _push(head, d, depth, neighbour, edge_squares, corner_squares, counts,
                              visited_corners, key, cpos, count_base, on_path, path_v, path_d)
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
                return ENTROPY_NEED_SPACE
        else:  # RETURN ret to the parent
            if depth == 0:
                ctr[K_DEPTH] = 0
                ctr[K_MODE] = RETURN
                return ENTROPY_DONE
            depth = _pop(depth, edge_squares, corner_squares, counts, visited_corners, key,
                         cpos, count_base, on_path, path_v, path_d, f_k, f_muse, f_remuse,
                         f_count, f_lengths, ret)
            mode = NEXT
    ctr[K_DEPTH] = depth
    ctr[K_MODE] = mode
    return ENTROPY_RUNNING
# fmt: on
