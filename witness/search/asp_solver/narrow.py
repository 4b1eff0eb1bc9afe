"""The line's facts round a narrow pillar (1 or 2 columns,
:attr:`~witness.model.panel.Panel.narrow`), where two edges join the same
two vertices (on one column an edge joins a vertex to itself), so that a
line cannot be told by its vertices' pairs.

The line is drawn on the pillar's two-fold cover: vertex columns ``0 .. 2
cols - 1`` round (a plain pillar of 4 columns for 2, where every edge joins
two distinct vertices; of 2 for 1, whose horizontal edges would join the two
lifts of one vertex and are left out, a line never taking them), each vertex
and edge lying at the place of the one it lifts (``vpt/2``, ``ept/3``: the
regions, symbols and every other family read the pillar itself). Fact
``lifted`` (panel_path.lp) keeps the line off both lifts of one vertex, the
starts are lifted once (column below ``cols``) and the ends twice, so each
line of the pillar is one line of the cover. :func:`unwrap` gives a line of
the cover as the checker reads it, its columns unwrapped.
"""

from __future__ import annotations

from collections.abc import Sequence

from witness.model.base import Vertex, edge_point
from witness.model.panel import Panel
from witness.search.asp_solver.control import pair


def _lift(v: Vertex, cols: int) -> Vertex:
    """The second lift of ``v`` (a vertex or a midpoint of the pillar)."""
    return (v[0] + cols, v[1])


def _cover_edges(panel: Panel) -> list[tuple[Vertex, Vertex, Vertex]]:
    """Each edge of the cover: its two ends (the far one's column unwrapped,
    up to ``2 cols``) and its far end taken round (``(a, b, b_round)``)."""
    width = 2 * panel.cols
    out = []
    for x in range(width):
        for y in range(panel.rows + 1):
            if y < panel.rows:
                out.append(((x, y), (x, y + 1), (x, y + 1)))
            out.append(((x, y), (x + 1, y), ((x + 1) % width, y)))
    return out


def narrow_line_facts(panel: Panel) -> list[str]:
    """panel_path.lp's facts on the cover (module doc): vertex, mid, start,
    end, edge and ``lifted``; ``fat`` as on every panel (program.py)."""
    c = panel.cols
    halves = sorted(panel.halves.values())
    mids = [*halves, *(_lift(m, c) for m in halves)]
    vertices = [(x, y) for x in range(2 * c) for y in range(panel.rows + 1)]
    out = [f"vertex({pair(v)})." for v in [*vertices, *mids]]
    out += [f"mid({pair(m)})." for m in mids]
    symmetric = panel.symmetry is not None
    usable = [
        v
        for v in panel.starts
        if not (panel.on_gap(v) or (symmetric and panel.on_gap(panel.base(panel.mirror(v)))))
    ]
    out += [f"start({pair(v)})." for v in usable]
    ends = [
        v
        for v in panel.ends
        if not (panel.on_gap(v) or (symmetric and panel.on_gap(panel.base(panel.mirror(v)))))
    ]
    out += [f"end({pair(v)})." for e in ends for v in (e, _lift(e, c))]
    for a, b, b_round in _cover_edges(panel):
        e = panel.whole_edge(a, b)
        if e in panel.blocked:
            continue
        if e in panel.halves:
            m = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            m_round = (m[0] % (2 * c), m[1])
            # (with symmetry, none the mirror line cannot follow or where it meets the first)
            if panel.mirror_allows(a, m):
                out.append(f"edge({pair(a)},{pair(m_round)}).")
            if panel.mirror_allows(m, b):
                out.append(f"edge({pair(m_round)},{pair(b_round)}).")
        elif panel.base(a) != panel.base(b) and panel.mirror_allows(a, b):
            out.append(f"edge({pair(a)},{pair(b_round)}).")  # (not both lifts of one vertex)
    if symmetric:
        for v in [*vertices, *mids]:
            w = panel.mirror(v)
            out.append(f"mirror({pair(v)},{pair((w[0] % (2 * c), w[1]))}).")
    out.append("lifted.")
    if panel.fat_starts and panel.halves:  # (the engine's FAT_STARTPOINTS, panel_regions.lp)
        out.append("fat.")
    return out


def narrow_place_facts(panel: Panel) -> list[str]:
    """Where each vertex and edge of the cover lies: at the place of the one
    it lifts (``vpt/2``, ``ept/3``)."""
    width = 2 * panel.cols

    def place(q: tuple[int, int]) -> str:
        return pair((q[0] % width, q[1]))

    out = []
    for x in range(width):
        for y in range(panel.rows + 1):
            out.append(f"vpt({pair((x, y))},{place((2 * x, 2 * y))}).")
    for m in sorted(panel.halves.values()):
        for v in (m, _lift(m, panel.cols)):
            out.append(f"vpt({pair(v)},{place((int(2 * v[0]), int(2 * v[1])))}).")
    for a, b, b_round in _cover_edges(panel):
        p = place(edge_point(a, b))
        if panel.whole_edge(a, b) in panel.halves:
            m = (((a[0] + b[0]) / 2) % width, (a[1] + b[1]) / 2)
            for u, w in ((a, m), (m, b_round)):
                out += [f"ept({pair(u)},{pair(w)},{p}).", f"ept({pair(w)},{pair(u)},{p})."]
            continue
        out += [f"ept({pair(a)},{pair(b_round)},{p}).", f"ept({pair(b_round)},{pair(a)},{p})."]
    return out


def unwrap(panel: Panel, line: Sequence[Vertex]) -> list[Vertex]:
    """A line of the cover (columns ``0 .. 2 cols - 1``, module doc) with its
    columns unwrapped: each step one column (or half of one) on, as the rules
    checker reads a line round a narrow pillar. Other panels' lines as they are."""
    if not panel.narrow or not line:
        return list(line)
    width = 2 * panel.cols
    out = [tuple(line[0])]
    for a, b in zip(line, line[1:], strict=False):
        dx = (b[0] - a[0] + panel.cols) % width - panel.cols
        x = out[-1][0] + dx
        out.append((int(x) if x % 1 == 0 else x, b[1]))
    return out
