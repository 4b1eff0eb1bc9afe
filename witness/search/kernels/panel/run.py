"""The panel core's A* run (Algorithm 1 on any panel, driven by
witness.search.panel_search): marking a popped path on the state arrays, a
child's h (``_target_h``), the open list as a bucket queue (``keep_child``,
``open_pop``), the stored paths, the path state's arrays (``panel_scratch``),
``panel_astar_run`` itself, and pi_baseline and pi* on given paths for tests
and tools (``panel_baseline_on_paths``, ``panel_program_on_paths``,
``paper_table_on_paths``).

``panel_astar_run``: a child that reaches an end and passes panel_final is
stored in ``candidates`` and, after its expansion, the core returns
CANDIDATES for the rules checker (the driver resumes it); such a child is
also extended (a line may pass an end). pi_baseline is evaluated when
``evaluate`` (inherited from a parent that had it); pi is the learned
program (program_fires: ``star``, on every child) or pi_baseline. ``prune``
drops children pi holds on, ``base_prune`` those pi_baseline holds on. The
*scratch arguments live as long as the search. The open list is a bucket
queue (later, first, last: open_pop), counters[C_HEAP] paths long.
``paper`` > 0 (a triangle puzzle of the paper's form): the paper's rules
instead (_paper_child; tests/test_paper_mode.py pins the searches); in
``paper`` 2 pi is a Table 1 predicate, ``table`` and ``dims``
(_table_fires)."""

from __future__ import annotations

import numpy as np

from witness.search.kernels.panel.base import (
    C_CANDIDATES,
    C_CURSOR,
    C_EXPANSIONS,
    C_GENERATED,
    C_HEAP,
    C_NODES,
    C_SEEDS,
    C_STAMP,
    CANDIDATES,
    EXHAUSTED,
    NEED_SPACE,
    P_DOT,
    P_TRIANGLE,
    RUNNING,
    direction,
    jit,
    jit_free,
    jit_inline,
    sides_covered,
)
from witness.search.kernels.panel.dead_ends import (
    bit_grid,
    line_bits,
    panel_dead,
    panel_final,
    ring_connected,
)
from witness.search.kernels.panel.programs import program_fires, program_scratch
from witness.search.kernels.panel.regions import free_flood


@jit_free
def _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, value):
    """Put (value = stamp) or take off (value = 0) the step head -> w of the first
    line and, with symmetry (mirror[0] >= 0), its mirror image."""
    on[w] = value
    cover[vpoint[w]] = value
    cover[epoint[head, d]] = value
    line[vpoint[w]] = 1
    line[epoint[head, d]] = 1
    if mirror[0] >= 0:
        on[mirror[w]] = value
        cover[mpoint[vpoint[w]]] = value
        cover[mpoint[epoint[head, d]]] = value
        line[mpoint[vpoint[w]]] = 2
        line[mpoint[epoint[head, d]]] = 2


@jit_free
def _cover_start(v, on, cover, line, vpoint, mirror, mpoint, stamp):
    """Put the start vertex v of the first line (and its mirror image) on the lines."""
    on[v] = stamp
    cover[vpoint[v]] = stamp
    line[vpoint[v]] = 1
    if mirror[0] >= 0:
        on[mirror[v]] = stamp
        cover[mpoint[vpoint[v]]] = stamp
        line[mpoint[vpoint[v]]] = 2


@jit_free
def _step_to(u, v, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp):
    """_cover_step for the step from vertex u to its neighbour v."""
    _cover_step(
        u, direction(neighbour, u, v), v, on, cover, line, vpoint, epoint, mirror, mpoint, stamp
    )


@jit_free
def _panel_rebuild(
    node, parent, vertex, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp
):
    """Mark the vertices and places of path ``node`` (both lines) with ``stamp``;
    returns its length in edges."""
    g = 0
    n = node
    while True:
        v = vertex[n]
        p = parent[n]
        if p < 0:
            _cover_start(v, on, cover, line, vpoint, mirror, mpoint, stamp)
            return g
        _step_to(vertex[p], v, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
        g += 1
        n = p


@jit_inline
def _mark_popped(node, last, last_g, parent, vertex, neighbour, on, cover, line, vpoint, epoint,
                 mirror, mpoint, counters):  # fmt: skip
    """Mark path ``node``: one step more when it extends path ``last`` (of length
    last_g, marked with the stamp counters[C_STAMP]); else from its start with
    a new stamp. Returns its length in edges."""
    stamp = counters[C_STAMP]
    if last >= 0 and parent[node] == last:
        u, v = vertex[last], vertex[node]
        _step_to(u, v, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
        return last_g + 1
    counters[C_STAMP] = stamp + 1
    return _panel_rebuild(
        node, parent, vertex, neighbour, on, cover, line, vpoint, epoint, mirror, mpoint, stamp + 1
    )


# fmt: off
@jit_inline
def _target_h(w, h, vpoint, width, targets, place_end, kind, value, mirror, mpoint, cover,
              stamp):
    """h of the child with head w: the distance to an end or, when larger, via the
    farthest target still owed (an uncovered dot, or a corner of a triangle
    with too few sides on the lines; or their mirror images) to an end; on the
    doubled grid, halved and rounded up. An estimate of the rest of the line.
    ``targets`` rows: place, its x and y, its mirror image's x and y (no
    division by the width on every child)."""
    best = 2 * np.int64(h[w])
    wx = vpoint[w] % width
    wy = vpoint[w] // width
    for i in range(targets.shape[0]):
        p = targets[i, 0]
        slack = 0
        if kind[p] == P_DOT:
            if cover[p] == stamp:
                continue
        elif sides_covered(p, width, cover, stamp) >= value[p]:
            continue
        else:
            slack = 4  # a corner is 2 closer than the cell, on both legs
        reach = abs(targets[i, 1] - wx) + abs(targets[i, 2] - wy)
        if mirror[0] >= 0:
            reach = min(reach, abs(targets[i, 3] - wx) + abs(targets[i, 4] - wy))
        best = max(best, reach + place_end[p] - slack)
    return (best + 1) // 2


@jit_inline
def _paper_child(head, d, w, g, paper, evaluate, prune, base_prune, base, grid, symbols_t, h,
                 targets, width, scratch, stamp, table, dims, first_label, local):
    """The paper's rules on a child (``paper`` > 0: a triangle puzzle of the paper's
    form, judged as the paper judges it): (keep it, pi, its flag, h). A
    line ends at the end (the child was goal-tested, never extended). pi_baseline
    is a triangle with more sides on the line than its number: the parent's
    (``base``, its flag) or, when ``evaluate``, one beside the new edge (``over``:
    only its cells gained a side), which ``base_prune`` drops; the flag is
    pi_baseline, which pi is in ``paper`` 1; in ``paper`` 2 pi is a predicate
    over the paper's Table 1 features, Table 3 or a learned one (_table_fires,
    on a child neither at the end nor dropped by base_prune). h is the
    Manhattan distance to the end. With ``paper`` 0, (True, False, base, 0):
    the general rules judge the child. ``local``: pi is known false on the
    parent and the table reads no global feature (_table_fires)."""
    if paper == 0:
        return True, False, base, np.int64(0)
    neighbour, vpoint, epoint, mirror, _, pnb, pvertex, is_end, ends = grid
    kind, value = symbols_t[0], symbols_t[2]
    on, cover, vlabel, labels, queue = scratch[0], scratch[1], scratch[3], scratch[5], scratch[6]
    over = False
    if evaluate:
        p = epoint[head, d]
        for turn in range(1, 4, 2):  # the cells on either side of the edge
            c = pnb[p, (d + turn) & 3]
            if c >= 0 and kind[c] == P_TRIANGLE:
                over = over or sides_covered(c, width, cover, stamp) > value[c]
    flag = base or over
    pi = flag if paper == 1 else False
    keep = not (is_end[w] == 1 or (pi and prune) or (over and base_prune))
    if paper == 2 and keep:
        pi = _table_fires(w, g + 1, table, dims, targets, value, width, cover, stamp, vpoint,
                          pvertex, neighbour, on, mirror, ends[0], vlabel, labels, queue,
                          first_label, head if local else -1)
        keep = not (pi and prune)
    return keep, pi, flag, np.int64(h[w])


@jit_inline
def _table_fires(w, length, table, dims, targets, value, width, cover, stamp, vpoint, pvertex,
                 neighbour, on, mirror, goal, vlabel, labels, queue, first_label, head):
    """A predicate over the paper's Table 1 features on the child with head w
    (``paper`` 2), through its truth table (Predicate.encode): for
    each triangle the row of (triangles, sides on the line, head a corner,
    corners on the line, goal cut off, sides addable, length) in ``table``
    (Predicate.encode; ``dims``: n_reach, n_addable, n_lengths, 1 when it
    reads the corners on the line, else they count as none, and 1 when it
    reads local features alone). The head's free
    region (free_flood) is flooded only when the table reads it, once for the
    children of one expansion that share it (labels from ``first_label`` on).
    ``head`` >= 0 (the parent's head): pi was false on the parent and the table
    reads neither the goal, the addable sides nor the length, so only a cell
    with w or the head as a corner can have changed (its sides on the line,
    whether the head is its corner, its corners on the line): only those are
    read."""
    n_reach, n_addable, n_lengths, n_corners = dims[0], dims[1], dims[2], dims[3]
    unreachable, region = 0, 0
    if n_reach == 2 or n_addable > 1:
        if vlabel[w] < first_label:
            labels[0] += 1
            free_flood(w, neighbour, on, stamp, mirror, vlabel, labels[0], queue)
        region = vlabel[w]
        # (an axis of one entry: a table that floods for the addable sides alone
        # has no goal axis to index)
        unreachable = 1 if n_reach == 2 and vlabel[goal] != region else 0
    wx = vpoint[w] % width
    wy = vpoint[w] // width
    hx = vpoint[head] % width if head >= 0 else -9
    hy = vpoint[head] // width if head >= 0 else -9
    for i in range(targets.shape[0]):
        corner = 1 if abs(targets[i, 1] - wx) == 1 and abs(targets[i, 2] - wy) == 1 else 0
        if head >= 0 and corner == 0 and not (
            abs(targets[i, 1] - hx) == 1 and abs(targets[i, 2] - hy) == 1
        ):
            continue  # (not beside the step: as on the parent, where pi was false)
        c = targets[i, 0]
        k = sides_covered(c, width, cover, stamp)
        visited, addable = 0, 0
        # the cell's corners in turn round it, each with the next: its sides
        corners = (c - width - 1, c - width + 1, c + width + 1, c + width - 1)
        for j in range(4 if n_corners or n_addable > 1 else 0):
            a = corners[j]
            visited += 1 if cover[a] == stamp else 0
            b = corners[(j + 1) & 3]
            if n_addable > 1 and vlabel[pvertex[a]] == region and vlabel[pvertex[b]] == region:
                addable += 1
        row = ((value[c] * 5 + k) * 2 + corner) * 5 + visited
        row = (row * n_reach + unreachable) * n_addable + addable
        if table[row * n_lengths + min(length, n_lengths - 1)]:
            return True
    return False


@jit_free
def _store(node, w, f, parent, vertex, flag, n_nodes):
    """Store path n_nodes: ``node`` extended to ``w``, with flag f."""
    parent[n_nodes] = node
    vertex[n_nodes] = w
    flag[n_nodes] = f


@jit_inline
def _store_candidate(node, w, parent, vertex, flag, candidates, found, n_nodes):
    """Store ``node`` extended to the end ``w`` as path n_nodes, the
    ``found``-th candidate for the rules checker: the new counts."""
    _store(node, w, 0, parent, vertex, flag, n_nodes)
    candidates[found] = n_nodes
    return found + 1, n_nodes + 1


@jit_inline
def keep_child(node, w, g, pi, base, hw, parent, vertex, flag, later, first, last, cursor,
                n_nodes):
    """Store the child (flag: pi_baseline, which its children inherit) and put it
    on the open list with the key (pi, g + h, h, n), h = hw: at the back of
    bucket (pi, g + h, h) (open_pop). Returns the new cursor."""
    _store(node, w, 1 if base else 0, parent, vertex, flag, n_nodes)
    row = (first.shape[0] // 2 if pi else 0) + g + hw
    later[n_nodes] = -1
    if first[row, hw] < 0:
        first[row, hw] = n_nodes
    else:
        later[last[row, hw]] = n_nodes
    last[row, hw] = n_nodes
    return min(cursor, row * first.shape[1] + hw)


@jit_inline
def open_pop(later, first, cursor):
    """The open list of the panel core is a bucket queue: bucket (pi, f, h) is
    row pi * F + f, column h of ``first`` (its first path) and ``last`` (its
    last), the paths in it linked by ``later``. Paths are numbered as they are
    stored, so each bucket is in key order and taking the first path of the
    least non-empty bucket pops the least key (pi, f, h, n), as a heap would,
    with no sifting. ``cursor`` (row * columns + column) is at or below the
    least non-empty bucket. Returns (path, cursor); the open list must not be
    empty."""
    columns = first.shape[1]
    row = cursor // columns
    column = cursor - row * columns
    while first[row, column] < 0:
        column += 1
        if column == columns:
            column = 0
            row += 1
    node = first[row, column]
    first[row, column] = later[node]
    return node, row * columns + column


@jit_free
def stored_path(parent, vertex, node, out):
    """The vertex ids of stored path ``node``, head first, into ``out``; returns
    how many."""
    n = 0
    while node >= 0:
        out[n] = vertex[node]
        n += 1
        node = parent[node]
    return n


@jit
def panel_scratch(n_vertices, n_places, n_colours):
    """The arrays a path's state lives in: on, cover, line, vlabel, plabel,
    labels, queue, pqueue, ccount, by_colour (stamps and labels only grow, so
    one set serves a whole search)."""
    return (np.zeros(n_vertices, np.int64), np.zeros(n_places, np.int64),
            np.zeros(n_places, np.int8), np.zeros(n_vertices, np.int64),
            np.zeros(n_places, np.int64), np.zeros(5, np.int64), np.zeros(n_vertices, np.int64),
            np.zeros(n_places, np.int64), np.zeros(max(n_colours, 1), np.int64),
            np.zeros((6, n_colours + 1), np.int64))


@jit_inline
def _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor):
    """Write the loop's state back to ``counters``, where the next chunk resumes."""
    counters[C_NODES] = n_nodes
    counters[C_HEAP] = heap_size
    counters[C_EXPANSIONS] = expansions
    counters[C_GENERATED] = generated
    counters[C_CURSOR] = cursor


@jit_inline
def _local_table(dims, node, cursor, first, seeds):
    """May a child's Table 1 predicate read only the cells near its step
    (_table_fires)? When the table reads local features alone (``dims[4]``,
    set by the driver in ``paper`` 2 only) and pi is false on the path (stored
    by the loop, not one of the ``seeds`` first paths, in a pi-false bucket)."""
    return dims[4] == 1 and node >= seeds and cursor // first.shape[1] < first.shape[0] // 2


@jit_inline
def _head_shortcuts(head, node, g, evaluate, paper, rules, parent, neighbour, on, stamp):
    """The shortcuts pi_baseline may take on the children of the popped path
    ``node`` (head ``head``, g steps long): whether the head's free neighbours
    are linked around it, and the vertices off a child's line (g + 2 on it)
    when that count is known (-1: not). With them linked, a child's reach is
    the parent's less the head, w's linked or not: every part w's step cuts
    the rest into touches w. Rule 5's local floods need w's linked too
    (nothing cut off) when the panel has squares, stars, polyominoes or
    cancellers (rules[3]). Never from a start: its path was not evaluated, so
    may not pass the rules."""
    stored = rules[2] == 1 and parent[node] >= 0
    fast_head = (evaluate and paper == 0 and stored
                 and ring_connected(head, neighbour, on, stamp))
    return fast_head, rules[4] - g - 2 if stored else -1


@jit_free
def panel_astar_run(neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, h, is_end, ends,
                    kind, colour, value, outside, symbols, dot_point, dot_a, dot_b, targets,
                    place_end, width, height, n_colours, rules, evaluate, prune, base_prune,
                    star, paper, table, dims, clauses, cmps, need, edge_ends, parent, vertex,
                    flag, later, first, last, counters, candidates, scratch, pscratch, tiling,
                    max_expansions):
    """Algorithm 1 on any panel (panel_search's docstring) for at most
    ``max_expansions`` expansions, as the module docstring says. Resumable."""
    capacity = min(parent.size, later.size)
    on, cover, line, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    program = (clauses, cmps, need)
    grid = (neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, is_end, ends)
    symbols_t = (kind, colour, value, outside, symbols, dot_point, dot_a, dot_b)
    bitg = bit_grid(neighbour, mirror, rules, evaluate and not star)
    n_nodes, heap_size, cursor = counters[C_NODES], counters[C_HEAP], counters[C_CURSOR]
    expansions, generated = counters[C_EXPANSIONS], counters[C_GENERATED]
    # marked: the path marked last (its length last_g), none on entry
    done, marked, last_g, found = 0, -1, 0, 0
    while heap_size > 0 and done < max_expansions and found == 0:
        if n_nodes + 8 > capacity:
            _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor)
            return NEED_SPACE
        node, cursor = open_pop(later, first, cursor)
        heap_size, expansions, done = heap_size - 1, expansions + 1, done + 1
        g = _mark_popped(node, marked, last_g, parent, vertex, neighbour, on, cover, line, vpoint,
                         epoint, mirror, mpoint, counters)
        stamp, marked, last_g = counters[C_STAMP], node, g
        # (first_label: the free regions _table_fires floods from here on)
        head, found, first_label = vertex[node], 0, labels[0] + 1
        local = _local_table(dims, node, cursor, first, counters[C_SEEDS])
        lmask = -1  # the line as bits (bit_grid), once a child floods
        fast_head, n_off = _head_shortcuts(head, node, g, evaluate, paper, rules, parent,
                                           neighbour, on, stamp)
        for d in range(4):
            w = neighbour[head, d]
            if w < 0 or on[w] == stamp or (mirror[0] >= 0 and on[mirror[w]] == stamp):
                continue
            generated += 1
            _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
            if is_end[w] and panel_final(kind, colour, value, outside, symbols, dot_point,
                                         targets, rules, pnb, width, cover, line, stamp,
                                         plabel, labels, pqueue, ccount, by_colour, tiling):
                found, n_nodes = _store_candidate(node, w, parent, vertex, flag, candidates,
                                                  found, n_nodes)
            base = flag[node] == 1
            # the paper's rules (paper > 0) judge the child there, else the ones below
            keep, pi, base, hw = _paper_child(head, d, w, g, paper, evaluate, prune, base_prune,
                                              base, grid, symbols_t, h, targets, width, scratch,
                                              stamp, table, dims, first_label, local)
            reach_lab = 0
            if evaluate and not base and paper == 0:
                fast = fast_head and not is_end[w] and (
                    rules[3] == 0 or ring_connected(w, neighbour, on, stamp))
                flooded = labels[0]
                if bitg[0] == 1 and not fast and lmask < 0:  # (w is on it now)
                    lmask = line_bits(on, stamp) & ~(1 << w)
                base = panel_dead(head, d, w, grid, symbols_t, width, height, rules, scratch,
                                  stamp, fast, n_off, tiling, bitg, lmask | (1 << w),
                                  parent[node] >= 0)
                reach_lab = labels[0] if labels[0] != flooded else 0
            # pi*, unless pi_baseline drops the child anyway
            pi = pi if paper else base if not star else not (base and base_prune) and program_fires(
                w, np.int64(reach_lab), program, neighbour, mirror, ends, symbols, kind, colour,
                value, n_colours, dot_point, dot_a, dot_b, edge_ends, width, height, on, cover,
                stamp, vlabel, labels, queue, pscratch)
            if keep and not ((pi and prune) or (base and base_prune)):
                hw = hw if paper else _target_h(w, h, vpoint, width, targets, place_end, kind,
                                                value, mirror, mpoint, cover, stamp)
                cursor = keep_child(node, w, g + 1, pi, base, hw, parent, vertex, flag, later,
                                     first, last, cursor, n_nodes)
                heap_size += 1
                n_nodes += 1
            _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, 0)
            if found > 0 and paper:  # a solution (panel_final is exact there): stop at once,
                break  # as the paper's search does
    counters[C_CANDIDATES] = found  # (read and reset by the driver)
    _save_panel(counters, n_nodes, heap_size, expansions, generated, cursor)
    return CANDIDATES if found > 0 else RUNNING if heap_size > 0 else EXHAUSTED


@jit
def panel_baseline_on_paths(neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex, h, is_end,
                            ends, kind, colour, value, outside, symbols, dot_point, dot_a, dot_b,
                            targets, place_end, width, height, n_colours, rules, scratch, tiling,
                            paths, lengths):
    """pi_baseline (panel_dead) on the last step of each path (vertex ids
    paths[i, :lengths[i]], at least two), evaluated with the reach flood and,
    when the core would take it, the fast path too: bit 1 when the flood's
    verdict rejects, bit 2 when the core would take the fast path, bit 4 when
    the fast path rejects. With symmetry and nothing outside (rules[6]), the
    second verdict is rule 5 near the step alone (``local``), which the core
    takes when the path's parent is not a start. What the search evaluates,
    for tests and tools."""
    on, cover, line, vlabel, plabel, labels, queue, pqueue, ccount, by_colour = scratch
    out = np.zeros(lengths.size, np.int8)
    bitg = bit_grid(neighbour, mirror, rules, True)
    stamp = 0
    for i in range(lengths.size):
        for fast_try in range(2):
            stamp += 1
            v = paths[i, 0]
            _cover_start(v, on, cover, line, vpoint, mirror, mpoint, stamp)
            for j in range(1, lengths[i] - 1):
                _step_to(v, paths[i, j], neighbour, on, cover, line, vpoint, epoint, mirror,
                         mpoint, stamp)
                v = paths[i, j]
            head = v
            w = paths[i, lengths[i] - 1]
            g = lengths[i] - 2
            fast = (fast_try == 1 and rules[2] == 1 and g > 0
                    and ring_connected(head, neighbour, on, stamp))
            local = fast_try == 1 and rules[6] == 1 and g > 0
            d = direction(neighbour, head, w)
            _cover_step(head, d, w, on, cover, line, vpoint, epoint, mirror, mpoint, stamp)
            if fast_try == 1 and not local:
                if not fast or is_end[w] or (rules[3] == 1
                                             and not ring_connected(w, neighbour, on, stamp)):
                    continue
            n_off = rules[4] - g - 2 if rules[2] == 1 and g > 0 else -1
            out[i] |= 2 * fast_try
            if panel_dead(head, d, w, (neighbour, vpoint, epoint, mirror, mpoint, pnb, pvertex,
                          is_end, ends), (kind, colour, value, outside, symbols, dot_point, dot_a,
                          dot_b), width, height, rules, scratch, stamp, fast, n_off, tiling,
                          bitg, line_bits(on, stamp) if bitg[0] == 1 else 0, local):
                out[i] |= 1 if fast_try == 0 else 4
    return out


@jit_free
def _draw(path, length, neighbour, on, cover, line, vpoint, epoint, mirror, stamp):
    """Put the line path[:length] (vertex ids; a panel without symmetry) on the
    state arrays with ``stamp``; returns its head."""
    v = path[0]
    _cover_start(v, on, cover, line, vpoint, mirror, mirror, stamp)
    for j in range(1, length):
        _step_to(v, path[j], neighbour, on, cover, line, vpoint, epoint, mirror, mirror, stamp)
        v = path[j]
    return v


@jit
def panel_program_on_paths(neighbour, vpoint, epoint, ends, symbols, kind, colour, value,
                           n_colours, dot_point, dot_a, dot_b, width, height, clauses, cmps, need,
                           edge_ends, paths, lengths):
    """pi* (program_fires) on each path (vertex ids paths[i, :lengths[i]]) of a
    panel without symmetry: what the search evaluates, for tests and tools."""
    on, cover, line, vlabel, _, labels, queue, _, _, _ = panel_scratch(neighbour.shape[0],
                                                                       kind.size, n_colours)
    mirror = np.full(1, -1, np.int32)
    pscratch = program_scratch(neighbour.shape[0], kind.size, dot_point.size, n_colours)
    program = (clauses, cmps, need)
    out = np.zeros(lengths.size, np.bool_)
    for i in range(lengths.size):
        stamp = i + 1
        v = _draw(paths[i], lengths[i], neighbour, on, cover, line, vpoint, epoint, mirror, stamp)
        out[i] = program_fires(v, 0, program, neighbour, mirror, ends, symbols, kind, colour,
                               value, n_colours, dot_point, dot_a, dot_b, edge_ends, width,
                               height, on, cover, stamp, vlabel, labels, queue, pscratch)
    return out


@jit
def paper_table_on_paths(neighbour, vpoint, epoint, pvertex, ends, targets, value, width,
                         table, dims, paths, lengths):
    """pi of the paper's mode (_table_fires: a predicate over the paper's Table 1
    features through its truth table; pi_baseline's is that of its one clause)
    on each partial path (vertex ids paths[i, :lengths[i]]) of a panel of the
    paper's form: what the search evaluates, for tests and tools."""
    on, cover, line, vlabel, _, labels, queue, _, _, _ = panel_scratch(neighbour.shape[0],
                                                                       value.size, 1)
    mirror = np.full(1, -1, np.int32)
    out = np.zeros(lengths.size, np.bool_)
    for i in range(lengths.size):
        stamp = i + 1
        v = _draw(paths[i], lengths[i], neighbour, on, cover, line, vpoint, epoint, mirror, stamp)
        out[i] = _table_fires(v, lengths[i] - 1, table, dims, targets, value, width, cover,
                              stamp, vpoint, pvertex, neighbour, on, mirror, ends[0], vlabel,
                              labels, queue, labels[0] + 1, -1)
    return out
# fmt: on
