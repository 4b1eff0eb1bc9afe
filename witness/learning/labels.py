"""Every partial path of a panel, labelled completable or not, in one DFS pass:
the labels of every family's examples (:mod:`witness.learning.examples`).

A *partial path* is a simple path from a start along the edges the line may
use (``Panel.neighbours``); it is *completable* if some solution begins with
it. How ends are read is the family's (:class:`Labelling`):

- the paper's triangle puzzles (section 2.1, :data:`TRIANGLES`): a partial
  path has not reached the goal; a path that reaches an end is complete, not
  partial, and is not recorded;
- the panel families (:func:`family_labelling`): a line may pass an end and
  go on, so a path whose head is an end is a partial path too (completable
  also when it solves the panel itself).

The search tree of all such paths is walked once, depth first; labels come
from the complete lines below a node on the way back up (no path is
re-checked against a list of solutions). The same pass computes which objects
of the panel (:func:`witness.search.panel_features.panel_objects` of the
family's kinds: triangles, dots, squares, stars) are *to blame* for a path:
those whose rule every line extending the path breaks (vacuously all of them
when no line extends it). Bitmasks over the lines below a node:

- ``sat_mask(node)`` = OR over the lines below of {objects the line leaves unbroken}
- ``completable(node)`` = some line below breaks no rule;
- ``goal_reachable(node)`` = some line lies below (an end can still be reached).

The rules checker (:func:`witness.model.rules.check`) is the judge of a line.
On a panel whose only constraints are triangles, blaming triangles, a line's
masks come instead from edge counts kept as the walk goes (a triangle is
broken exactly when its count differs): the same labels (tested against the
checker) at a fraction of the cost, for the paper's puzzles.

For dots, squares and stars the blame covers what the sound rules of
:data:`witness.search.panel_features.CERTIFICATES` say about a single object,
except "uncovered dots in two parts of the grid": each of those dots can
still be covered, just not both, so neither is to blame. Only panels the
features apply to are labelled (:func:`witness.search.panel_features.features_apply`:
no symmetry, cancellers or removed edges or vertices); with cancellers an
object's violation no longer says whether its rule failed.

Cost: one visit per partial path (a 4x4 triangle puzzle has up to about
8 x 10^4, a 4x5 about 9 x 10^5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from witness.errors import InputError
from witness.model.base import Vertex, edge
from witness.model.panel import Panel, cell_edges
from witness.model.rules import cell_point, check, elements, point
from witness.search.panel_features import FAMILIES, PanelObject, features_apply, panel_objects

# Full enumeration is exponential in the grid size: refuse beyond this many
# partial paths instead of running out of memory (4x5 has about 10^6).
DEFAULT_MAX_PATHS = 5_000_000
# The object kinds whose broken rules a label can blame.
BLAMABLE = ("triangle", "dot", "square", "star")


class TooManyPaths(InputError):
    """The panel has more partial paths than the caller allowed (bad input: too large)."""


class UnsupportedPanel(InputError):
    """A panel the panel features (and so these labels) do not apply to."""


@dataclass(frozen=True)
class Labelling:
    """What a family's labels range over: the ``kinds`` of objects blamed
    (:data:`BLAMABLE`), and whether a line may pass an end and go on
    (``through_ends``; else a path that reaches an end is complete)."""

    kinds: tuple[str, ...]
    through_ends: bool

    def __post_init__(self) -> None:
        unknown = [k for k in self.kinds if k not in BLAMABLE]
        if unknown:
            raise ValueError(f"cannot blame {unknown[0]!r}; blamable: {', '.join(BLAMABLE)}")


# The paper's triangle puzzles (section 2.1): triangles blamed, the line stops at its goal.
TRIANGLES = Labelling(("triangle",), through_ends=False)


def family_labelling(family: str | None) -> Labelling:
    """The labelling of a panel family (:data:`witness.search.panel_features.FAMILIES`),
    or the paper's (:data:`TRIANGLES`) for None."""
    return TRIANGLES if family is None else Labelling(FAMILIES[family], through_ends=True)


@dataclass
class PathTree:
    """All partial paths of one panel as a DFS forest (one tree per start), in
    pre-order.

    Node ``i`` is the path ``path(i)``; ``parent[i]`` is its prefix one edge
    shorter (-1 for a start), ``vertex[i]`` its head's vertex id (an index
    into ``vertices``, the panel's vertices in ``Panel.vertices`` order),
    ``depth[i]`` its number of edges. Bit ``j`` of a mask is ``objects[j]``.
    Node ids are deterministic (starts in panel order, then
    ``Panel.neighbours`` order).
    """

    panel: Panel
    objects: tuple[PanelObject, ...]
    vertices: tuple[Vertex, ...]
    parent: list[int]
    vertex: list[int]
    depth: list[int]
    completable: bytearray
    sat_mask: list[int]
    goal_reachable: bytearray
    n_solutions: int = 0

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
            out.append(self.vertices[self.vertex[i]])
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
                ("pillar", panel.pillar),
            )
            if present
        ]
        raise UnsupportedPanel(
            f"{what[0]}: panel {panel.size} has {', '.join(what)}; the panel features "
            "(and their examples) apply only to panels without symmetry, cancellers, "
            "removed edges and vertices or pillars"
        )


def violation_keys(panel: Panel, objects: Sequence[PanelObject]) -> list[tuple]:
    """For each object, the (kind, at) of the violation the rules checker
    reports when that object's rule is broken."""
    places = elements(panel)
    out = []
    for o in objects:
        if o.kind == "dot":
            at = point(panel.dots[o.index].at)
        else:
            at = cell_point(getattr(panel, f"{o.kind}s")[o.index][:2])
        out.append((o.kind, tuple(places[at].location())))
    return out


def counts_apply(panel: Panel, objects: Sequence[PanelObject]) -> bool:
    """Whether edge counts judge a line as the checker does: the panel's only
    constraints are triangles, and the objects blamed are its triangles."""
    others = panel.squares or panel.stars or panel.polyominoes or panel.dots
    triangles = [PanelObject("triangle", j) for j in range(len(panel.triangles))]
    return not (others or panel.cancellers or panel.symmetry) and list(objects) == triangles


@dataclass
class _Walk:
    """The fixed inputs of one DFS: per vertex id its steps (neighbour id,
    indices of the counted triangles beside that edge) and whether it is an
    end; the counted triangles' numbers (empty when the checker judges)."""

    steps: list[list[tuple[int, tuple[int, ...]]]]
    is_end: list[bool]
    want: list[int]


def _walk(panel: Panel, vertices: tuple[Vertex, ...], counted: bool) -> _Walk:
    index = {v: i for i, v in enumerate(vertices)}
    beside: dict = {}
    if counted:
        for j, (x, y, *_) in enumerate(panel.triangles):
            for e in cell_edges((x, y)):
                beside.setdefault(e, []).append(j)
    steps = [
        [(index[w], tuple(beside.get(edge(v, w), ()))) for w in panel.neighbours(v)]
        for v in vertices
    ]
    ends = set(panel.ends)
    want = [t[2] for t in panel.triangles] if counted else []
    return _Walk(steps, [v in ends for v in vertices], want)


def build_path_tree(
    panel: Panel,
    labelling: Labelling = TRIANGLES,
    max_paths: int | None = DEFAULT_MAX_PATHS,
    counts: bool | None = None,
) -> PathTree:
    """Enumerate and label every partial path of ``panel`` in one DFS pass;
    the masks range over its objects of ``labelling.kinds``. ``counts``: judge
    lines by edge counts (None: when :func:`counts_apply`; True where it does
    not apply is refused), else by the rules checker."""
    check_panel_applies(panel)
    objects = tuple(panel_objects(panel, labelling.kinds))
    applies = counts_apply(panel, objects)
    if counts and not applies:
        raise ValueError("edge counts judge only panels whose only constraints are triangles")
    counted = applies if counts is None else counts
    vertices = tuple(panel.vertices())
    walk = _walk(panel, vertices, counted)
    tree = PathTree(panel, objects, vertices, [], [], [], bytearray(), [], bytearray())
    judge = None if counted else _checker_judge(panel, objects)
    visit = _dfs(tree, walk, labelling.through_ends, max_paths, judge)
    for start in panel.starts:
        visit(vertices.index(start), -1, 0)
    return tree


def _checker_judge(panel: Panel, objects: Sequence[PanelObject]):
    """A function of a line: (solved, mask of the objects it leaves unbroken),
    by the rules checker."""
    keys = violation_keys(panel, objects)

    def judge(line: list[Vertex]) -> tuple[bool, int]:
        verdict = check(panel, line)
        broken = {(v.kind, v.at) for v in verdict.violations}
        return verdict.solved, sum(1 << j for j, k in enumerate(keys) if k not in broken)

    return judge


def _dfs(tree: PathTree, walk: _Walk, through_ends: bool, max_paths: int | None, judge):
    """The one DFS pass of :func:`build_path_tree` (module doc): a function
    that records the partial paths from a start vertex id."""
    parent, vertex, depth = tree.parent, tree.vertex, tree.depth
    completable, sat_mask, reachable = tree.completable, tree.sat_mask, tree.goal_reachable
    steps, is_end, want, vertices = walk.steps, walk.is_end, walk.want, tree.vertices
    on_path = [False] * len(vertices)
    line: list[Vertex] = []  # the current path's vertices (for the checker)
    counts = [0] * len(want)
    full = tree.full_mask
    limit = max_paths if max_paths is not None else -1
    # the triangles the current path meets exactly, so a line's mask is known
    # without a scan over the triangles (edge counts only)
    sat = sum(1 << j for j, k in enumerate(want) if k == 0)

    def leaf() -> tuple[bool, int]:
        """(solved, mask of the objects left unbroken) of the current line."""
        solved, mask = judge(line) if judge is not None else (sat == full, sat)
        tree.n_solutions += solved
        return solved, mask

    def visit(vid: int, par: int, d: int) -> tuple[bool, int, bool]:
        """Record the partial path ending at ``vid``; return its (completable,
        sat_mask, goal reachable)."""
        nonlocal sat
        me = len(parent)
        if me == limit:
            raise TooManyPaths(
                f"panel {tree.panel.size} has more than {max_paths} partial paths; "
                "full enumeration is meant for small panels (up to about 4x5)"
            )
        parent.append(par)
        vertex.append(vid)
        depth.append(d)
        completable.append(0)
        sat_mask.append(0)
        reachable.append(0)
        on_path[vid] = True
        line.append(vertices[vid])
        ok, mask, reach = False, 0, False
        if through_ends and is_end[vid]:
            ok, mask = leaf()
            reach = True
        for wid, touched in steps[vid]:
            if on_path[wid]:
                continue
            for j in touched:
                counts[j] += 1
                sat = sat | (1 << j) if counts[j] == want[j] else sat & ~(1 << j)
            if through_ends or not is_end[wid]:
                child_ok, child_mask, child_reach = visit(wid, me, d + 1)
            else:  # a line, not a partial path
                line.append(vertices[wid])
                child_ok, child_mask = leaf()
                line.pop()
                child_reach = True
            ok, mask, reach = ok or child_ok, mask | child_mask, reach or child_reach
            for j in touched:
                counts[j] -= 1
                sat = sat | (1 << j) if counts[j] == want[j] else sat & ~(1 << j)
        on_path[vid] = False
        line.pop()
        completable[me], sat_mask[me], reachable[me] = ok, mask, reach
        return ok, mask, reach

    return visit
