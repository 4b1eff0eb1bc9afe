"""Prolog facts of a panel and of partial paths on it, for every family: what
the background knowledge (``bk/``) computes its predicates from. Each family
reads one *vocabulary* (:class:`Vocabulary`, :func:`vocabulary`):

- the paper's triangle puzzles (:data:`TABLE1_VOCABULARY`): Table 1's lists of edges
  (``bk/witness.pl`` and the files beside it);
- the panel families, dots, squares, stars and mixed (:data:`PANEL_VOCABULARY`):
  relations over tagged vertices, edges, cells and objects (``bk/panel.pl``).

Table 1 vocabulary (documented again at the top of ``bk/witness.pl``):
vertices ``v_X_Y``, edges ``e_X1_Y1_X2_Y2`` (lower/left end first), triangle
squares ``s_X_Y`` in a one-puzzle task and ``<tag>_s_X_Y`` in a pooled one;

- ``square(S, K, Es)``, ``square_corners(S, Vs)``: per triangle square, its
  count, its edges (bottom, right, top, left) and its corners;
- ``path(P, Es)``, ``path_head(P, V)``, ``path_visited(P, Vs)``: per path,
  its edges in walking order, its head and its vertices, start first;
  ``path_sealed(P)`` when no end can be reached any more; ``path_free(P, Vs)``
  (only for a background knowledge that reads it: the lists are long): the
  head and the vertices it reaches off the path, in vertex-id order.

Panel vocabulary. Every atom carries the panel's tag (``<tag>_v_1_2``,
``<tag>_dot0``, ...), so the facts of several panels pool in one task, as
triangle puzzles do (documented again at the top of ``bk/panel.pl``).

Panel facts, from :func:`panel_facts`:

- ``panel(T)``: T is a panel the family features apply to
  (:func:`witness.search.panel_features.features_apply`); written only then,
  so on a panel with symmetry, cancellers or removed parts every background
  predicate fails and a learned family predicate never fires;
- ``link(V, W)``: the line can step from vertex V to vertex W (an open edge,
  listed both ways);
- ``edge(E, V, W)``: edge E joins vertices V and W (every edge of the grid);
- ``end(V)``: V is an end of its panel;
- ``side(C, D, E)``: cells C and D share side E (listed both ways);
- ``cell_side(C, E)``: E is one of the four sides of cell C;
- ``vertex_dot(T, O, V)`` / ``edge_dot(T, O, E)``: O is a dot of panel T on
  vertex V / on edge E;
- ``square(T, O, C, K)`` / ``star(T, O, C, K)``: O is a coloured square /
  a star of panel T in cell C, of colour K;
- ``triangle(T, O, C, N)``: O is a triangle of panel T in cell C counting N;
- ``panel_end(T, O, V)``: O is an end of panel T, at vertex V;
- ``symbol(C, K)``: cell C holds a symbol of colour K that a star counts
  (exactly :mod:`witness.model.rules`' count: triangles, squares, stars,
  cancellers, polyominoes; not colour ``none``).

Path facts, from :func:`path_facts`:

- ``path_panel(P, T)``: path P is drawn on panel T;
- ``path_head(P, V)``: V is the last vertex of P;
- ``visited(P, V)``: V is a vertex of P (the head included);
- ``path_edge(P, E)``: E is an edge of P.

Objects (the O of ``f(P, O)``, :class:`PanelObject`) are ``<tag>_dot<i>``,
``<tag>_square<i>``, ``<tag>_star<i>``, ``<tag>_triangle<i>``, ``<tag>_end<i>``
with i the index in ``panel.dots``, ``panel.squares``, ``panel.stars``,
``panel.triangles``, ``panel.ends``. Colours are atoms (a ``#hex`` colour
quoted).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import cast

from witness.model.base import NO_COLOUR, Cell, Edge, Vertex, edge
from witness.model.panel import Panel, cell_edges
from witness.model.rules import elements
from witness.search.panel_features import PanelObject, features_apply, path_reach

_ATOM = re.compile(r"^[a-z][a-z0-9_]*$")
# The per-panel and per-path predicates, in the order their facts are listed.
PANEL_FACT_PREDICATES = (
    "panel/1",
    "link/2",
    "edge/3",
    "end/1",
    "side/3",
    "cell_side/2",
    "vertex_dot/3",
    "edge_dot/3",
    "square/4",
    "star/4",
    "triangle/4",
    "panel_end/3",
    "symbol/2",
)
PATH_FACT_PREDICATES = ("path_panel/2", "path_head/2", "visited/2", "path_edge/2")


def _check_atom(text: str, what: str) -> str:
    if not _ATOM.match(text):
        raise ValueError(f"{what} {text!r} is not a plain Prolog atom ([a-z][a-z0-9_]*)")
    return text


def vertex_atom(v: Vertex, tag: str = "") -> str:
    """``<tag>_v_X_Y``; ``v_X_Y`` without a tag (Table 1's)."""
    return f"{tag}{'_' if tag else ''}v_{v[0]}_{v[1]}"


def edge_atom(e: Edge, tag: str = "") -> str:
    """``<tag>_e_X1_Y1_X2_Y2``; ``e_X1_Y1_X2_Y2`` without a tag (Table 1's)."""
    (x1, y1), (x2, y2) = e
    return f"{tag}{'_' if tag else ''}e_{x1}_{y1}_{x2}_{y2}"


def cell_atom(c: Cell, tag: str) -> str:
    return f"{tag}_c_{c[0]}_{c[1]}"


def object_atom(obj: PanelObject, tag: str) -> str:
    """The Prolog atom of a dot, square or star of the panel tagged ``tag``."""
    return f"{_check_atom(tag, 'tag')}_{obj.name}"


def colour_atom(colour: str) -> str:
    """A colour as a Prolog atom: a name as it is, a ``#hex`` code quoted."""
    return colour if _ATOM.match(colour) else f"'{colour}'"


def _geometry_facts(panel: Panel, tag: str) -> list[str]:
    """link/2, edge/3, end/1, side/3 and cell_side/2."""
    out = [
        f"link({vertex_atom(v, tag)},{vertex_atom(w, tag)})."
        for v in panel.vertices()
        for w in panel.neighbours(v)
    ]
    for e in sorted(panel.grid_edges()):
        a, b = e
        out.append(f"edge({edge_atom(e, tag)},{vertex_atom(a, tag)},{vertex_atom(b, tag)}).")
    out += [f"end({vertex_atom(v, tag)})." for v in panel.ends]
    for x, y in panel.cells():
        bottom, right, top, left = cell_edges((x, y))
        around = (((x, y - 1), bottom), ((x + 1, y), right), ((x, y + 1), top), ((x - 1, y), left))
        for nb, side in around:
            if panel.in_cells(nb):
                c, d = cell_atom((x, y), tag), cell_atom(nb, tag)
                out.append(f"side({c},{d},{edge_atom(side, tag)}).")
    out += [
        f"cell_side({cell_atom(c, tag)},{edge_atom(side, tag)})."
        for c in panel.cells()
        for side in cell_edges(c)
    ]
    return out


def _symbol_colours(panel: Panel) -> dict[Cell, str]:
    """Cell -> the colour of its symbol, for every symbol a star counts
    (the checker's own elements, :func:`witness.model.rules.elements`)."""
    out: dict[Cell, str] = {
        (e.point[0] // 2, e.point[1] // 2): e.colour
        for e in elements(panel).values()
        if e.kind != "dot" and e.colour is not None and e.colour != NO_COLOUR
    }
    return dict(sorted(out.items()))


def _object_facts(panel: Panel, tag: str) -> list[str]:
    """vertex_dot/3, edge_dot/3, square/4, star/4, triangle/4, panel_end/3 and symbol/2."""
    vertex_dots, edge_dots = [], []
    for i, d in enumerate(panel.dots):
        o = object_atom(PanelObject("dot", i), tag)
        if d.on_edge:
            edge_dots.append(f"edge_dot({tag},{o},{edge_atom(edge(*d.at), tag)}).")
        else:
            vertex_dots.append(f"vertex_dot({tag},{o},{vertex_atom(cast(Vertex, d.at), tag)}).")
    out = vertex_dots + edge_dots
    for kind, items in (("square", panel.squares), ("star", panel.stars)):
        for i, (x, y, k) in enumerate(items):
            o = object_atom(PanelObject(kind, i), tag)
            out.append(f"{kind}({tag},{o},{cell_atom((x, y), tag)},{colour_atom(k)}).")
    for i, (x, y, n, _) in enumerate(panel.triangles):
        o = object_atom(PanelObject("triangle", i), tag)
        out.append(f"triangle({tag},{o},{cell_atom((x, y), tag)},{n}).")
    for i, v in enumerate(panel.ends):
        o = object_atom(PanelObject("end", i), tag)
        out.append(f"panel_end({tag},{o},{vertex_atom(v, tag)}).")
    out += [
        f"symbol({cell_atom(c, tag)},{colour_atom(k)})." for c, k in _symbol_colours(panel).items()
    ]
    return out


def panel_facts(panel: Panel, tag: str) -> list[str]:
    """The facts of ``panel`` (module doc), atoms tagged ``tag``, each predicate's
    facts together in the order of :data:`PANEL_FACT_PREDICATES`."""
    _check_atom(tag, "tag")
    head = [f"panel({tag})."] if features_apply(panel) else []
    return head + _geometry_facts(panel, tag) + _object_facts(panel, tag)


def path_facts(panel: Panel, path: Sequence[Vertex], path_id: str, tag: str) -> list[str]:
    """The facts of one partial path (a simple path along open edges of
    ``panel``) with atom ``path_id``, on the panel tagged ``tag``."""
    _check_atom(tag, "tag")
    _check_atom(path_id, "path id")
    path = [cast(Vertex, tuple(v)) for v in path]
    if not path or not all(panel.in_grid(v) for v in path) or len(set(path)) != len(path):
        raise ValueError(f"path {path_id}: not a simple path of vertices of the panel")
    for a, b in pairwise(path):
        if b not in panel.neighbours(a):
            raise ValueError(f"path {path_id}: {list(a)} -> {list(b)} is not an open edge")
    out = [
        f"path_panel({path_id},{tag}).",
        f"path_head({path_id},{vertex_atom(path[-1], tag)}).",
    ]
    out += [f"visited({path_id},{vertex_atom(v, tag)})." for v in path]
    out += [f"path_edge({path_id},{edge_atom(edge(a, b), tag)})." for a, b in pairwise(path)]
    return out


# ------------------------------------------------------ Table 1 vocabulary
TABLE1_PREDICATES = (
    "square/3",
    "square_corners/2",
    "path/2",
    "path_head/2",
    "path_visited/2",
    "path_sealed/1",
    "path_free/2",
)


def _plist(items: Sequence[str]) -> str:
    return "[" + ",".join(items) + "]"


def table1_object_atom(panel: Panel, obj: PanelObject, tag: str, pooled: bool) -> str:
    """The atom of a triangle's square: ``s_X_Y``, tagged in a pooled task
    (the triangle count differs per puzzle)."""
    x, y = panel.triangles[obj.index][:2]
    return f"{tag}_s_{x}_{y}" if pooled else f"s_{x}_{y}"


def table1_facts(panel: Panel, atoms: Sequence[tuple[PanelObject, str]]) -> list[str]:
    """square/3 and square_corners/2 of each triangle ``(object, atom)``."""
    out = []
    for obj, atom in atoms:
        x, y, k, _ = panel.triangles[obj.index]
        edges = [edge_atom(e) for e in cell_edges((x, y))]
        corners = [vertex_atom(c) for c in ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))]
        out += [
            f"square({atom},{k},{_plist(edges)}).",
            f"square_corners({atom},{_plist(corners)}).",
        ]
    return out


def free_vertices(panel: Panel, path: Sequence[Vertex]) -> list[Vertex]:
    """The vertices a completion of ``path`` can still use: its head and every
    vertex off the path the head reaches along open edges, in vertex-id order
    (reach(P) of :mod:`witness.search.panel_features`)."""
    return sorted(path_reach(panel, path), key=lambda v: (v[1], v[0]))


def table1_path_facts(
    panel: Panel, path: Sequence[Vertex], path_id: str, sealed: bool, free: bool
) -> list[str]:
    """The facts of one partial path with atom ``path_id``: ``sealed`` when no
    end can be reached any more, its free vertices when ``free``."""
    edges = [edge_atom(edge(a, b)) for a, b in pairwise(path)]
    out = [
        f"path({path_id},{_plist(edges)}).",
        f"path_head({path_id},{vertex_atom(path[-1])}).",
        f"path_visited({path_id},{_plist([vertex_atom(v) for v in path])}).",
    ]
    if sealed:
        out.append(f"path_sealed({path_id}).")
    if free:
        free_atoms = [vertex_atom(v) for v in free_vertices(panel, path)]
        out.append(f"path_free({path_id},{_plist(free_atoms)}).")
    return out


# ------------------------------------------------------------ vocabularies
@dataclass(frozen=True)
class Vocabulary:
    """The facts one family's background knowledge reads (module doc), in the
    form :mod:`witness.learning.examples` writes them. ``name`` is the
    ``family`` of the background predicates that read them
    (:data:`witness.learning.bk.BK_PREDICATES`: ``triangle`` or ``panel``).

    ``predicates``: every per-task predicate (``name/arity``), in bk.pl's
    order; ``objects_key``: index.json's map from object atoms to
    ``[puzzle, *object_index(panel, object)]``; ``object_atom(panel, object,
    tag, pooled)``; ``panel_facts(panel, tag, [(object, atom), ...])``;
    ``path_facts(panel, path, path_id, tag, sealed, free)``.
    """

    name: str
    predicates: tuple[str, ...]
    objects_key: str
    object_atom: Callable[[Panel, PanelObject, str, bool], str]
    object_index: Callable[[Panel, PanelObject], list]
    panel_facts: Callable[[Panel, str, Sequence[tuple[PanelObject, str]]], list[str]]
    path_facts: Callable[[Panel, Sequence[Vertex], str, str, bool, bool], list[str]]


TABLE1_VOCABULARY = Vocabulary(
    "triangle",
    TABLE1_PREDICATES,
    "squares",
    table1_object_atom,
    lambda panel, obj: list(panel.triangles[obj.index][:2]),
    lambda panel, tag, atoms: table1_facts(panel, atoms),
    lambda panel, path, pid, tag, sealed, free: table1_path_facts(panel, path, pid, sealed, free),
)
PANEL_VOCABULARY = Vocabulary(
    "panel",
    PANEL_FACT_PREDICATES + PATH_FACT_PREDICATES,
    "objects",
    lambda panel, obj, tag, pooled: object_atom(obj, tag),
    lambda panel, obj: [obj.kind, obj.index],
    lambda panel, tag, atoms: panel_facts(panel, tag),
    lambda panel, path, pid, tag, sealed, free: path_facts(panel, path, pid, tag),
)


def vocabulary(family: str | None) -> Vocabulary:
    """The vocabulary of a panel family's background knowledge, or Table 1's for None."""
    return TABLE1_VOCABULARY if family is None else PANEL_VOCABULARY
