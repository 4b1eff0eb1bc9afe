"""Every partial path of a panel, labelled completable or not, in one DFS pass
(the panel counterpart of :mod:`witness.learning.labels`).

A *partial path* of a panel is a simple path from any start along the edges
the line may use (``Panel.neighbours``). A line may pass an end and go on, so
a path whose head is an end is a partial path too. A path is *completable*
when some solution begins with it (the path itself included, when it ends at
an end and solves the panel). The rules checker (:func:`witness.model.rules.check`)
is the only judge of solutions: it is called once on every path whose head is
an end, and labels flow up the DFS tree on the way back.

The same pass computes which objects of the panel (dots, squares, stars:
:func:`witness.search.panel_features.panel_objects`) are *to blame* for a
path: those whose rule every line extending the path breaks (vacuously all of
them when no line extends it). It is a bitmask over the lines below a node:

- ``sat_mask(node)`` = OR over the lines below of {objects the line leaves unbroken}
- ``completable(node)`` = some line below breaks no rule.

For triangle squares this is the blame of :mod:`witness.learning.labels` (a
triangle is broken exactly when its count differs). For dots, squares and
stars it covers what the sound rules of
:data:`witness.search.panel_features.CERTIFICATES` say about a single object,
except "uncovered dots in two parts of the grid": each of those dots can
still be covered, just not both, so neither is to blame.

Only panels the features apply to are labelled
(:func:`witness.search.panel_features.features_apply`: no symmetry,
cancellers or removed edges or vertices); with cancellers an object's
violation no longer says whether its rule failed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from witness.errors import InputError
from witness.learning.labels import DEFAULT_MAX_PATHS, TooManyPaths
from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.rules import cell_point, check, elements, point
from witness.search.panel_features import PanelObject, features_apply, panel_objects

ALL_KINDS = ("dot", "square", "star")


class UnsupportedPanel(InputError):
    """A panel the panel features (and so these labels) do not apply to."""


@dataclass
class PanelTree:
    """All partial paths of one panel as a DFS forest (one tree per start), in
    pre-order.

    Node ``i`` is the path ``path(i)``; ``parent[i]`` is its prefix one edge
    shorter (-1 for a start), ``vertex[i]`` its head, ``depth[i]`` its number
    of edges. Bit ``j`` of a mask is ``objects[j]``. Node ids are deterministic
    (starts in panel order, then ``Panel.neighbours`` order).
    """

    panel: Panel
    objects: tuple[PanelObject, ...]
    parent: list[int]
    vertex: list[Vertex]
    depth: list[int]
    completable: bytearray
    sat_mask: list[int]
    n_solutions: int

    def __len__(self) -> int:
        return len(self.parent)

    @property
    def n_objects(self) -> int:
        return len(self.objects)

    @property
    def full_mask(self) -> int:
        return (1 << len(self.objects)) - 1

    def path(self, i: int) -> list[Vertex]:
        """The vertices of path ``i``, start first."""
        out = []
        while i >= 0:
            out.append(self.vertex[i])
            i = self.parent[i]
        return out[::-1]

    def blamed_mask(self, i: int) -> int:
        return self.full_mask & ~self.sat_mask[i]

    def blamed(self, i: int) -> tuple[PanelObject, ...]:
        mask = self.blamed_mask(i)
        return tuple(o for j, o in enumerate(self.objects) if mask >> j & 1)


def check_panel_applies(panel: Panel) -> None:
    """Refuse (UnsupportedPanel) a panel the panel features do not apply to."""
    if not features_apply(panel):
        what = [
            name
            for name, present in (
                ("symmetry", panel.symmetry),
                ("cancellers", panel.cancellers),
                ("removed", panel.removed_edges or panel.removed_vertices),
            )
            if present
        ]
        raise UnsupportedPanel(
            f"{what[0]}: panel {panel.size} has {', '.join(what)}; the panel features "
            "(and their examples) apply only to panels without symmetry, cancellers "
            "or removed edges and vertices"
        )


def violation_keys(panel: Panel, objects: Iterable[PanelObject]) -> list[tuple]:
    """For each object, the (kind, at) of the violation the rules checker
    reports when that object's rule is broken."""
    places = elements(panel)
    out = []
    for o in objects:
        if o.kind == "dot":
            at = point(panel.dots[o.index].at)
        else:
            x, y, _ = (panel.squares if o.kind == "square" else panel.stars)[o.index]
            at = cell_point((x, y))
        out.append((o.kind, tuple(places[at].location())))
    return out


def build_panel_tree(
    panel: Panel, kinds: Iterable[str] = ALL_KINDS, max_paths: int | None = DEFAULT_MAX_PATHS
) -> PanelTree:
    """Enumerate and label every partial path of ``panel`` in one DFS pass;
    the masks range over its objects of the given ``kinds``."""
    check_panel_applies(panel)
    objects = tuple(panel_objects(panel, kinds))
    keys = violation_keys(panel, objects)
    adjacency = {v: panel.neighbours(v) for v in panel.vertices()}
    ends = set(panel.ends)
    tree = PanelTree(panel, objects, [], [], [], bytearray(), [], 0)
    line: list[Vertex] = []
    on: set[Vertex] = set()
    limit = max_paths if max_paths is not None else -1

    def leaf() -> tuple[bool, int]:
        """(solved, mask of the objects left unbroken) of the current line."""
        verdict = check(panel, line)
        broken = {(v.kind, v.at) for v in verdict.violations}
        tree.n_solutions += verdict.solved
        return verdict.solved, sum(1 << j for j, k in enumerate(keys) if k not in broken)

    def visit(v: Vertex, par: int) -> tuple[bool, int]:
        me = len(tree.parent)
        if me == limit:
            raise TooManyPaths(
                f"panel {panel.size} has more than {max_paths} partial paths; "
                "full enumeration is meant for small panels (up to about 4x4)"
            )
        tree.parent.append(par)
        tree.vertex.append(v)
        tree.depth.append(len(line))
        tree.completable.append(0)
        tree.sat_mask.append(0)
        line.append(v)
        on.add(v)
        ok, mask = leaf() if v in ends else (False, 0)
        for w in adjacency[v]:
            if w not in on:
                child_ok, child_mask = visit(w, me)
                ok, mask = ok or child_ok, mask | child_mask
        line.pop()
        on.discard(v)
        tree.completable[me], tree.sat_mask[me] = ok, mask
        return ok, mask

    for start in panel.starts:
        visit(start, -1)
    return tree
