"""What a partial path says about each dot, square, star, triangle and end of
a panel: the numbers learned pruning predicates read, those of the panel
families (:data:`PANEL_FEATURES`, on objects) and the paper's Table 1
features of the triangle family (:func:`square_features`, on a triangle's
cell), all computed from one state of the path (:class:`PathState`).

A learned clause ``f(P, O)`` says "partial path P can never be completed
because of object O", where O is a dot, a coloured square, a star, a triangle
or an end of the panel (:class:`PanelObject`). Its body compares the features below with each
other and with small constants. This module is the reference meaning of every
feature: the background knowledge in Prolog (``bk/panel.pl``), the compiled
search and the verifier's ASP encoding are all tested against it.

Definitions, for a partial path P with head h:

- an *open* edge is one the line may use (``Panel.neighbours``);
- ``reach(P)``: h and every vertex off P that h reaches along open edges
  through vertices off P (a superset of what any extension of P visits);
- an *addable* edge is open, not on P, with both ends in ``reach(P)`` (a
  superset of the edges any extension adds);
- a *usable* edge is open with each end the head or off P (what the thesis's
  hand rules, Appendix A, read: a superset of the addable edges);
- the *parts* of P are the connected components of ``reach(P)`` minus h: an
  extension enters at most one part and never leaves it;
- ``region_now(P, c)``: the cells connected to cell c through shared sides not
  on P (the final region of c, under any completion, lies inside it);
- ``joined(P, c)``: the cells connected to c through shared sides neither on P
  nor addable (they never will be: the final region of c contains it).

The thesis's hand rules (Appendix A) are clauses over these features too
(``witness/difficulty/hand_rules.pl``): they read the usable edges (a dot's
``dot_usable``, a square's ``neighbour_colours``, a triangle's
``sides_usable``) and the ends in ``reach(P)`` (``reach_ends``).

The features are defined on panels without symmetry, cancellers, removed
edges or removed vertices, not round a pillar (:func:`features_apply`); elsewhere a learned
family predicate never fires, which keeps it sound.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from witness.model.base import NO_COLOUR, Cell, Edge, Vertex, edge
from witness.model.panel import Panel, cell_edges
from witness.model.rules import Violation
from witness.model.rules.messages import with_place
from witness.search.predicates import OPERATORS, Clause, Predicate

# The features of each kind of object, in a fixed order.
DOT_FEATURES = (
    "dot_covered",
    "dot_coverable",
    "part_dots",
    "part_ends",
    "open_dots",
    "dot_on_edge",
    "dot_usable",
)
SQUARE_FEATURES = ("joined_colours", "region_colours", "region_closed", "neighbour_colours")
STAR_FEATURES = ("joined_partners", "region_partners")
TRIANGLE_FEATURES = ("triangle_count", "sides_on", "sides_usable")
END_FEATURES = ("reach_ends",)
KIND_FEATURES: dict[str, tuple[str, ...]] = {
    "dot": DOT_FEATURES,
    "square": SQUARE_FEATURES,
    "star": STAR_FEATURES,
    "triangle": TRIANGLE_FEATURES,
    "end": END_FEATURES,
}
PANEL_FEATURES: tuple[str, ...] = tuple(f for names in KIND_FEATURES.values() for f in names)
# The object kinds a family's examples and predicates range over.
FAMILIES: dict[str, tuple[str, ...]] = {
    "dots": ("dot",),
    "squares": ("square",),
    "stars": ("star",),
    "mixed": ("dot", "square", "star"),
}

# Sound rules: each rejects only partial paths none of whose completions
# solves the panel (module doc for the definitions). A clause whose
# comparisons imply one of them is sound on every panel the features apply to.
# A condition is (feature, operator, constant or feature).
CERTIFICATES: dict[str, tuple[tuple[str, str, int | str], ...]] = {
    "an uncovered dot that can no longer be covered": (
        ("dot_covered", "eq", 0),
        ("dot_coverable", "eq", 0),
    ),
    "an uncovered dot in a part of the grid with no end": (
        ("dot_covered", "eq", 0),
        ("part_ends", "eq", 0),
    ),
    "uncovered dots in two parts of the grid": (
        ("dot_covered", "eq", 0),
        ("part_dots", "lt", "open_dots"),
    ),
    "squares of two colours joined for good": (("joined_colours", "gt", 1),),
    "a star joined for good with more than one partner": (("joined_partners", "gt", 2),),
    "a star whose region can no longer hold a partner": (("region_partners", "lt", 2),),
    "a dot the line can no longer pass": (("dot_usable", "eq", 0),),
    "squares of two colours across a side the line can never take": (
        ("neighbour_colours", "gt", 1),
    ),
    "a triangle with more sides on the line than it counts": (
        ("sides_on", "gt", "triangle_count"),
    ),
    "a triangle that can no longer get as many sides as it counts": (
        ("sides_usable", "lt", "triangle_count"),
    ),
    "no end can be reached any more": (("reach_ends", "eq", 0),),
}


@dataclass(frozen=True)
class PanelObject:
    """A dot (``index`` into ``panel.dots``), square, star, triangle or end
    (index into ``panel.squares``, ``panel.stars``, ``panel.triangles``,
    ``panel.ends``) a learned clause can blame."""

    kind: str
    index: int

    @property
    def name(self) -> str:
        return f"{self.kind}{self.index}"


def features_apply(panel: Panel) -> bool:
    """Whether the features (and so learned family predicates) apply to
    ``panel`` (not round a pillar: they read a rectangle)."""
    return not (
        panel.symmetry
        or panel.cancellers
        or panel.removed_edges
        or panel.removed_vertices
        or panel.pillar
    )


def panel_objects(panel: Panel, kinds: Iterable[str] = tuple(KIND_FEATURES)) -> list:
    """The panel's objects of the given kinds, in the order of :data:`KIND_FEATURES`."""
    wanted = set(kinds)
    counts = {
        "dot": len(panel.dots),
        "square": len(panel.squares),
        "star": len(panel.stars),
        "triangle": len(panel.triangles),
        "end": len(panel.ends),
    }
    return [PanelObject(k, i) for k in KIND_FEATURES if k in wanted for i in range(counts[k])]


# ------------------------------------------------- where a clause fires
def object_place(panel: Panel, obj: PanelObject) -> Violation:
    """Where ``obj`` is on ``panel``, as a place with words (a
    :class:`~witness.model.rules.Violation` without a rule: ``kind``, ``at`` as
    in the JSON format, ``where`` as the rules' messages say it): what
    ``witness explain`` names and its picture, and ``witness verify
    --pictures``, mark."""
    at: tuple[int, ...]
    if obj.kind == "dot":
        at = tuple(panel.dots[obj.index].coords)
    elif obj.kind == "end":
        at = tuple(panel.ends[obj.index])
    else:
        items: dict[str, tuple[tuple, ...]] = {
            "square": panel.squares,
            "star": panel.stars,
            "triangle": panel.triangles,
        }
        x, y = items[obj.kind][obj.index][:2]
        at = (int(x), int(y))
    return with_place(panel.rows, Violation(obj.kind, at, f"{obj.kind} {obj.index}"))


def square_place(rows: int, square: Cell) -> Violation:
    """The cell of square ``(x, y)`` on a panel of ``rows`` rows, as a place
    with words: where a clause over the paper's triangle features
    (:func:`square_features`) fires."""
    x, y = square
    return with_place(rows, Violation("triangle", (int(x), int(y)), "cell"))


def blamed_place(panel: Panel, blamed: PanelObject | Cell) -> Violation:
    """Where a clause fires: an object of a panel (:func:`object_place`) or,
    for the paper's triangle features, a square (:func:`square_place`)."""
    if isinstance(blamed, PanelObject):
        return object_place(panel, blamed)
    return square_place(panel.rows, blamed)


# ------------------------------------------------------------ the path's state
@dataclass
class PathState:
    """What every feature of one partial path is computed from."""

    head: Vertex
    length: int  # edges on the path
    on: frozenset[Vertex]
    path_edges: frozenset[Edge]
    reach: frozenset[Vertex]
    part: dict[Vertex, int]  # vertex of reach(P) minus the head -> its part
    addable: frozenset[Edge]
    open_edge: frozenset[Edge]  # every edge the line may use

    def usable(self, e: Edge) -> bool:
        """Open, with each end the head or off the path (module doc)."""
        return e in self.open_edge and all(v == self.head or v not in self.on for v in e)


def path_state(panel: Panel, path: Sequence[Vertex]) -> PathState:
    """The head, visited vertices, path edges, reach, parts and addable edges of ``path``."""
    path = [tuple(v) for v in path]
    head, on = path[-1], frozenset(path)
    # (a step to a start's or an end's edge midpoint counts as its whole edge)
    path_edges = frozenset(panel.whole_edge(a, b) for a, b in zip(path, path[1:], strict=False))
    reach = path_reach(panel, path)
    part: dict[Vertex, int] = {}
    for v in sorted(reach - {head}):
        if v not in part:
            number = len(set(part.values()))
            for w in _flood(panel, [v], lambda w: w in reach and w != head):
                part[w] = number
    addable = frozenset(
        panel.whole_edge(v, w)
        for v in reach
        for w in panel.neighbours(v)
        if w in reach and panel.whole_edge(v, w) not in path_edges
    )
    return PathState(head, len(path) - 1, on, path_edges, reach, part, addable, panel.open_edges)


def path_reach(panel: Panel, path: Sequence[Vertex]) -> frozenset[Vertex]:
    """reach(P): the head of ``path`` and every vertex off it the head reaches
    along open edges through vertices off it (module doc)."""
    on = {tuple(v) for v in path}
    return _flood(panel, [tuple(path[-1])], lambda w: w not in on)


def _flood(panel: Panel, seeds: list[Vertex], allowed) -> frozenset[Vertex]:
    seen, todo = set(seeds), list(seeds)
    while todo:
        v = todo.pop()
        for w in panel.neighbours(v):
            if w not in seen and allowed(w):
                seen.add(w)
                todo.append(w)
    return frozenset(seen)


# --------------------------------------------------------------------- dots
def _dot_part(state: PathState, at) -> int | None:
    """The part an uncovered dot can still be covered in (None: it cannot)."""
    if isinstance(at[0], int):  # a vertex dot
        return state.part.get(at)
    if edge(*at) not in state.addable:
        return None
    a, b = at
    return state.part[b] if a == state.head else state.part[a]


def _dot_covered(state: PathState, at) -> bool:
    return at in state.on if isinstance(at[0], int) else edge(*at) in state.path_edges


def dot_features(panel: Panel, state: PathState) -> list[dict[str, int]]:
    """The features of every dot (panel order) under the path of ``state``."""
    covered = [_dot_covered(state, d.at) for d in panel.dots]
    parts = [
        None if c else _dot_part(state, d.at) for d, c in zip(panel.dots, covered, strict=True)
    ]
    open_dots = covered.count(False)
    out = []
    for d, c, p in zip(panel.dots, covered, parts, strict=True):
        live = not c and p is not None
        at, on_edge = d.at, d.on_edge
        out.append(
            {
                "dot_covered": int(c),
                "dot_coverable": int(c or p is not None),
                "part_dots": sum(q == p for q in parts) if live else 0,
                "part_ends": sum(state.part.get(e) == p for e in panel.ends) if live else 0,
                "open_dots": open_dots,
                "dot_on_edge": int(on_edge),
                "dot_usable": int(
                    c or (state.usable(edge(*at)) if on_edge else at not in state.on)
                ),
            }
        )
    return out


# ----------------------------------------------------------- cells: regions
def _cell_flood(panel: Panel, cell: Cell, separates: frozenset[Edge]) -> frozenset[Cell]:
    """The cells connected to ``cell`` through shared sides not in ``separates``."""
    seen, todo = {cell}, [cell]
    while todo:
        x, y = todo.pop()
        bottom, right, top, left = cell_edges((x, y))
        for nb, side in (
            ((x, y - 1), bottom),
            ((x, y + 1), top),
            ((x - 1, y), left),
            ((x + 1, y), right),
        ):
            if nb not in seen and panel.in_cells(nb) and side not in separates:
                seen.add(nb)
                todo.append(nb)
    return frozenset(seen)


def _colour_symbols(panel: Panel) -> dict[Cell, str]:
    """Cell -> the colour of its symbol, for every symbol a star counts (witness.model.rules)."""
    out: dict[Cell, str] = {}
    for items in (panel.triangles, panel.squares, panel.stars, panel.cancellers):
        for item in items:
            out[(item[0], item[1])] = item[-1]
    for p in panel.polyominoes:
        out[p.cell] = p.colour
    return {c: k for c, k in out.items() if k != NO_COLOUR}


def _stuck_with(panel: Panel, state: PathState, cell: Cell) -> list[Cell]:
    """``cell`` and its neighbours across sides neither on the path nor usable
    (the line never takes them: those cells share a region for good)."""
    x, y = cell
    bottom, right, top, left = cell_edges(cell)
    out = [cell]
    for nb, side in (
        ((x, y - 1), bottom),
        ((x + 1, y), right),
        ((x, y + 1), top),
        ((x - 1, y), left),
    ):
        if panel.in_cells(nb) and side not in state.path_edges and not state.usable(side):
            out.append(nb)
    return out


def cell_features(panel: Panel, state: PathState) -> tuple[list[dict], list[dict]]:
    """The features of every square and every star (panel order) under ``state``."""
    never = state.path_edges | state.addable  # a side off this set stays uncut
    square_colour = {(x, y): k for x, y, k in panel.squares}
    symbol_colour = _colour_symbols(panel)
    squares, stars = [], []
    for x, y, _ in panel.squares:
        now = _cell_flood(panel, (x, y), state.path_edges)
        joined = _cell_flood(panel, (x, y), never)
        squares.append(
            {
                "joined_colours": len({square_colour[c] for c in joined if c in square_colour}),
                "region_colours": len({square_colour[c] for c in now if c in square_colour}),
                "region_closed": int(joined == now),
                "neighbour_colours": len(
                    {
                        square_colour[c]
                        for c in _stuck_with(panel, state, (x, y))
                        if c in square_colour
                    }
                ),
            }
        )
    for x, y, k in panel.stars:
        now = _cell_flood(panel, (x, y), state.path_edges)
        joined = _cell_flood(panel, (x, y), never)
        stars.append(
            {
                "joined_partners": sum(symbol_colour.get(c) == k for c in joined),
                "region_partners": sum(symbol_colour.get(c) == k for c in now),
            }
        )
    return squares, stars


def triangle_features(panel: Panel, state: PathState) -> list[dict[str, int]]:
    """The features of every triangle (panel order): its count and how many
    sides of its cell are on the path, or on it or usable."""
    out = []
    for x, y, k, _ in panel.triangles:
        sides = cell_edges((x, y))
        on = sum(e in state.path_edges for e in sides)
        out.append(
            {
                "triangle_count": k,
                "sides_on": on,
                "sides_usable": on
                + sum(e not in state.path_edges and state.usable(e) for e in sides),
            }
        )
    return out


def square_features(panel: Panel, path: Sequence[Vertex], cell: Cell) -> dict[str, int]:
    """The paper's Table 1 features (:data:`witness.search.predicates.FEATURES`)
    of (``path``, ``cell``): what the triangle family's predicates read."""
    return table1_features(panel, path_state(panel, path), cell)


def table1_features(panel: Panel, state: PathState, cell: Cell) -> dict[str, int]:
    """:func:`square_features` under the path of ``state``. The goal is cut off
    when no end is in reach(P) (``reach_ends`` 0); a side is addable when
    both its corners are in reach(P) (then it is off the path: the head is
    the only vertex of reach(P) on it)."""
    x, y = cell
    corners = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
    triangles = next((k for tx, ty, k, _ in panel.triangles if (tx, ty) == cell), 0)
    edges = sum(e in state.path_edges for e in cell_edges(cell))
    visited = sum(c in state.on for c in corners)
    return {
        "triangles": triangles,
        "edges_on_square": edges,
        "path_length": state.length,
        "square_sides": 4,
        "head_adjacent": int(state.head in corners),
        "visited_corners": visited,
        "unvisited_corners": 4 - visited,
        "edges_needed": triangles - edges,
        "goal_unreachable": int(not any(e in state.reach for e in panel.ends)),
        "addable_edges": sum(
            corners[i] in state.reach and corners[(i + 1) % 4] in state.reach for i in range(4)
        ),
    }


def end_features(panel: Panel, state: PathState) -> list[dict[str, int]]:
    """The features of every end (panel order): how many ends lie in reach(P)."""
    reach_ends = sum(e in state.reach for e in panel.ends)
    return [{"reach_ends": reach_ends} for _ in panel.ends]


# ------------------------------------------------------------------ objects
def object_features(
    panel: Panel, path: Sequence[Vertex], kinds: Iterable[str] = tuple(KIND_FEATURES)
) -> list[tuple[PanelObject, dict[str, int]]]:
    """Every object of the given kinds with its features under ``path``."""
    state = path_state(panel, path)
    wanted = set(kinds)
    dots = dot_features(panel, state) if "dot" in wanted else []
    squares, stars = cell_features(panel, state) if wanted & {"square", "star"} else ([], [])
    triangles = triangle_features(panel, state) if "triangle" in wanted else []
    ends = end_features(panel, state) if "end" in wanted else []
    values = {"dot": dots, "square": squares, "star": stars, "triangle": triangles, "end": ends}
    return [(o, values[o.kind][o.index]) for o in panel_objects(panel, wanted)]


def clause_fires(clause: Clause, values: dict[str, int]) -> bool:
    """Whether every comparison of ``clause`` holds on one object's features
    (False when it reads a feature the object's kind does not have)."""
    for c in clause.comparisons:
        operands = []
        for kind, v in (c.left, c.right):
            if kind == "feature" and v not in values:
                return False
            operands.append(values[v] if kind == "feature" else v)
        if not OPERATORS[c.op].apply(*operands):
            return False
    return True


def program_fires(panel: Panel, path: Sequence[Vertex], clauses: Sequence[Clause]) -> bool:
    """pi(path) of a learned family program: some clause fires on some object
    (never on a panel the features do not apply to). Slow and obvious: the
    oracle the compiled search and the Prolog background knowledge are tested
    against."""
    if not clauses or not features_apply(panel):
        return False
    return any(
        clause_fires(cl, values) for _, values in object_features(panel, path) for cl in clauses
    )


def predicate_holds(predicate: Predicate, panel: Panel, path: Sequence[Vertex]) -> bool:
    """pi(path), slow and obvious: a learned family program on the panel's
    objects (:func:`program_fires`), else a predicate over the paper's Table 1
    features on the cell of some triangle (:func:`square_features`); never
    for ``none``. The oracle the compiled cores are tested against."""
    if predicate.kind == "none":
        return False
    if reads_panel_features(predicate):
        return program_fires(panel, path, predicate.clauses)
    state = path_state(panel, path)
    return any(
        predicate.holds_on_square(table1_features(panel, state, (x, y)))
        for x, y, _, _ in panel.triangles
    )


def certificates_holding(values: dict[str, int]) -> list[str]:
    """The names of the sound rules (:data:`CERTIFICATES`) one object's features satisfy."""

    def holds(feature: str, op: str, right: int | str) -> bool:
        if feature not in values or (isinstance(right, str) and right not in values):
            return False
        other = values[right] if isinstance(right, str) else right
        return bool(OPERATORS[op].apply(values[feature], other))

    return [
        name
        for name, conditions in CERTIFICATES.items()
        if all(holds(*condition) for condition in conditions)
    ]


def reads_panel_features(predicate: Predicate) -> bool:
    """Whether ``predicate`` is a learned family program: clauses over the
    features of this module only (not the triangle features)."""
    used = predicate.features_used
    return predicate.kind == "program" and bool(used) and used <= set(PANEL_FEATURES)
