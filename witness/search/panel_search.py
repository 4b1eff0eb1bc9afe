"""A* on any panel (Algorithm 1 of the paper): several starts, ends, gaps and
removed edges, dots, squares, stars, triangles, polyominoes, cancellers and
symmetry. The compiled core is ``panel_astar_run`` in
:mod:`witness.search.kernels.panel`; :func:`witness.search.solvers.solve` is
the front door.

The algorithm:

- The open list holds partial paths ordered by the key (pi, g + h, h, n): pi
  is the predicate's value (False first), g the path length in edges, h the
  distance below, n the order in which paths were stored (earlier first), so
  every run is deterministic. A path is a node in a tree of paths (parent,
  head vertex); popping one rebuilds its state by walking to the root.
- Expanding a path extends it by every neighbour of its head that is not on
  it, in the fixed order right, up, left, down. ``expansions`` counts paths
  taken off the open list and expanded, ``generated`` the children created
  (stored, pruned or goal-tested). With pi a child is stored with pi as the
  first key (``sort``) or, if pi is True, dropped (``prune``).
- The compiled loop runs in chunks of expansions, so that Python can check
  the time limit and ``stop`` and grow the path store within the memory
  budget between chunks: a search that would exceed it ends with status
  ``out_of_memory``.
- The open list starts with the trivial path of every start (one search from
  all of them; a start on the mirror axis of a symmetry panel gives no line,
  as the two lines would meet there; a start that is also an end is
  goal-tested first). The key is
  (pi, g + h, h, n) with h the least Manhattan distance from the head to an end
  or, when larger, via the farthest target still owed (an uncovered dot, a
  triangle with too few sides on the lines, or their mirror images) to an end.
- With symmetry the state is the pair of lines: a path is the first line, and
  a step is legal when the first line's vertex and its mirror image are both
  off both lines and neither edge is a gap or removed.
- A child whose head is an end is a *candidate* when it passes a compiled
  necessary condition (no dot under the wrong line, no broken region; exact
  without polyominoes, but that spare cancellers may always pair off, which
  the checker allows only as the engine's order of a region does); after
  the expansion the driver asks the
  rules checker (:func:`witness.model.rules.check`), the goal test, about each
  candidate in generation order, and the first one it accepts is the solution.
  A line may pass an end and go on, so the child is also extended.
- pi is pi_baseline (:data:`BASELINE_RULES`), evaluated on each child of a path
  that passed it (a child of a path that failed it fails it too), or a learned
  family program pi* (clauses over :mod:`witness.search.panel_features`,
  encoded by :func:`encode_program`), evaluated on every child: it fires when
  some clause holds on some dot, square, star, triangle or end. On a panel the
  features do not apply to (symmetry, cancellers, removed edges or vertices)
  pi* never fires.

How pi* and pi_baseline combine (the paper compares each alone): with
``predicate`` = a program, pi* alone sorts (``sort``) or prunes (``prune``)
and pi_baseline is not evaluated; ``base_prune`` adds pi_baseline pruning
(prune mode: pi* v pi_baseline prunes; sort mode: pi* sorts what
pi_baseline keeps), as the triangle search's ``base_prune`` does.

The statuses are :data:`witness.search.result.STATUSES`; the search takes a
:class:`~witness.search.predicates.Predicate` (turning a name or a learned
``.pl`` file into one, ``witness.learning.translate.load_predicate``, is the
caller's job, so this module needs neither the translator nor the ILP engine).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

import numpy as np

from witness.errors import InputError
from witness.model.base import (
    Vertex,
)
from witness.model.panel import Panel
from witness.model.puzzle import is_paper_form
from witness.model.rules import CheckStopped, is_solution
from witness.search.kernels import panel as kernels
from witness.search.kernels.panel import (
    C_CANDIDATES,
    C_EXPANSIONS,
    C_GENERATED,
    C_NODES,
    CANDIDATES,
    EXHAUSTED,
    NEED_SPACE,
    panel_astar_run,
    panel_baseline_on_paths,
    panel_program_on_paths,
    panel_scratch,
    paper_table_on_paths,
    tiling_scratch,
)
from witness.search.narrow_search import solve_narrow
from witness.search.panel_features import (
    KIND_FEATURES,
    PANEL_FEATURES,
    features_apply,
    predicate_holds,
    reads_panel_features,
)
from witness.search.panel_geometry import PanelGeometry, VertexIds, build_panel_geometry
from witness.search.panel_paths import PanelPaths
from witness.search.predicates import BASELINE, BUILTINS, OPERATORS, Predicate
from witness.search.result import SolveResult

BYTES_PER_PATH = 4 + 1 + 1 + 4  # parent, head vertex, pi flag, next path in its bucket
DEFAULT_MEMORY_MB = 4096
MODES = ("prune", "sort")
PREDICATES = ("none", "baseline")
PAPER_PREDICATES = ("none", "baseline", "paper")  # in the paper's mode (CoreSettings)


def check_budgets(
    time_limit: float | None, max_expansions: int | None, memory_mb: float | None
) -> None:
    """ValueError unless each budget given is a finite number, at least 0 (the
    memory more than 0)."""
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
    """(initial capacity, most paths) of the path store under a budget in MB
    (at least 16 paths; paths are numbered in 31 bits)."""
    budget_bytes = (DEFAULT_MEMORY_MB if memory_mb is None else memory_mb) * 1e6
    max_paths = min(max(16, int(budget_bytes // BYTES_PER_PATH)), 2**31 - 1)
    return min(max_paths, 1 << 12), max_paths


@dataclass(frozen=True)
class CoreSettings:
    """How the general core searches. ``paper``: the paper's triangle
    behaviour, on a triangle puzzle of the paper's form alone (triangles only,
    one start, one end elsewhere on the rim:
    :func:`witness.model.puzzle.is_paper_form`), with the
    expansions and paths of the paper's triangle search that ``tests/data``
    records: a line ends at the end (goal-tested there, never extended), h is
    the Manhattan distance to the end (no targets), pi_baseline is the
    paper's (section 2.3: a triangle with more sides on the line than its
    number) and the predicates are ``none``, ``baseline`` (that
    pi_baseline), ``paper`` (Table 3) and a learned program over the paper's
    Table 1 features (:data:`witness.search.predicates.FEATURES`)."""

    paper: bool = False


GENERAL = CoreSettings()
PAPER_MODE = CoreSettings(paper=True)

BASELINE_RULES = """pi_baseline on any panel: a partial path is rejected when

1. a dot lies under the line that must not cover it (a blue dot under the
   mirror line, a yellow one under the first line): nothing mends that;
2. (no cancellers on the panel) a triangle has more sides on the lines than
   its number: lines only ever add sides;
3. no end other than the head is reachable from the head through vertices off
   both lines (with symmetry, whose mirror image is off them too): the line
   cannot finish (the head itself was already given to the goal test);
4. (no cancellers on the panel) a dot off the lines can no longer be covered by
   a line allowed to cover it: its vertex (both ends of its edge) is not the
   head nor reachable from it, for the first line, nor the mirror image of
   such, for the mirror line; or a triangle can no longer get its number of
   sides: its sides on the lines, plus the sides both of whose ends are the
   head or reachable from it (or are the mirror images of such), are fewer
   than its number; with cancellers on the panel: more such dots and
   triangles, and triangles with more sides on the lines than their number
   (rule 2), than there are cancellers, since each will be very invalid in
   its region and needs a canceller of its own;
5. a closed region breaks a rule no canceller in it can mend. A region (of the
   doubled grid, off the lines, as in witness.model.rules) is closed when it
   holds no vertex a completion can still visit (the reachable set of rule 3,
   its mirror image, and the edges between reachable vertices cut off from the
   panel), so no completion changes it. Without cancellers in it: an uncovered
   dot, a triangle whose sides on the lines differ from its number, squares of
   two colours, a star whose colour is not held by exactly two symbols of the
   region, or polyominoes whose net area is negative or (when positive)
   differs from the region's cells, or (none of them negative) a piece that
   fits the bounding box of the region's cells in none of its orientations
   (without negative pieces a tiling lays every piece on the region's
   cells), or (none negative) pieces that do not tile the region's cells (an
   exact search as the checker's, given up after a bounded number of
   steps); with cancellers in it: no way for them to mend it. Each very
   invalid symbol (a dot, a wrong triangle, a lone star) takes a canceller
   of its own; the spare ones only pair up or take an invalid symbol, and
   what is left must break no rule: how many squares, stars and polyominoes
   of each colour they take is searched as the checker searches
   interchangeable symbols. Without polyominoes that is exactly the rules
   checker's verdict, and so it is with positive pieces: of the region's
   area they all stay when they tile, else all go (fewer would leave the
   wrong area); of less, all go; of more (none tiles, so any may go), the
   pieces kept are none, or pieces of the region's area that tile it, tried
   over how many of each kind and colour stay (a bounded number of choices
   and tilings; past it any number may go whether or not the rest tile: a
   necessary condition only). With negative pieces in the region, some
   choice of how many pieces of each kind, sign and colour stay must have a
   net area of 0 or the region's cells, or keep none (whether they tile is
   not searched: a necessary condition only). A
   symbol of colour "none" counts for no star. Under either polyomino rule
   (precise or windmill) the pieces' net area must equal the region's cells.
   On a panel whose cancellers follow The Windmill's count
   (``canceller_rules``) a region with cancellers passes when they can come
   out exactly: what its squares, stars, uncovered dots and wrong triangles
   take leaves none, or (with polyominoes) as many as its pieces, or one of
   several, or none when the pieces' net area is right (whether they fit is
   not searched; exact without polyominoes). Rule 4's count holds under
   both.

Each rule only rejects a path none of whose completions solves the panel, so a
pruning search with it is complete: an empty open list proves the panel
unsolvable. The reachable set is a superset of what a completion can visit,
which keeps rules 3 to 5 safe with symmetry. Round a pillar and with starts
or ends half way along an edge the rules read the wrapped and split
geometry (witness.search.panel_geometry), less what keeps them safe there
(docs/search.md, "Pillars and starts or ends half way along an edge")."""


# --------------------------------------------------------------- geometry
# ----------------------------------------------------- learned programs
# The core numbers features as panel_features does (kernels.F_*).
assert PANEL_FEATURES.index("region_partners") == kernels.F_REGION_PARTNERS
assert PANEL_FEATURES.index("reach_ends") == kernels.F_REACH_ENDS
assert len(PANEL_FEATURES) == kernels.N_PANEL_FEATURES
OBJECT_KINDS = ("dot", "square", "star", "triangle", "end")  # kernels.K_DOT ... K_END
assert OBJECT_KINDS == tuple(KIND_FEATURES)


@dataclass(frozen=True)
class PanelProgram:
    """A learned family program as the core reads it (kernels' layout)."""

    clauses: np.ndarray  # int64[n, 3]: first comparison, end, object kind
    cmps: np.ndarray  # int64[m, 5]: operator, left is a feature, left, right is a feature, right
    need: np.ndarray  # int64[6]: features read (bit mask); clauses over each object kind
    edge_ends: np.ndarray  # int32[n_places, 2]: an open edge's two vertices, or -1

    def arrays(self) -> tuple:
        return self.clauses, self.cmps, self.need, self.edge_ends


def _edge_ends(geo: PanelGeometry) -> np.ndarray:
    ends = np.full((geo.kind.size, 2), -1, np.int32)
    for v, d in zip(*np.nonzero(geo.neighbour >= 0), strict=True):
        ends[geo.epoint[v, d]] = (v, geo.neighbour[v, d])
    return ends


def _clause_kind(panel: Panel, features: set[str]) -> int | None:
    """The object kind a clause ranges over: the one whose features it reads
    (None: it reads two kinds' features, so it never fires); a clause reading
    no feature holds on any object, so on the panel's first one (None: none)."""
    if not features:
        counts = (
            len(panel.dots),
            len(panel.squares),
            len(panel.stars),
            len(panel.triangles),
            len(panel.ends),
        )
        present = [i for i, n in enumerate(counts) if n]
        return present[0] if present else None
    kinds = {k for k, names in KIND_FEATURES.items() if features & set(names)}
    return OBJECT_KINDS.index(kinds.pop()) if len(kinds) == 1 else None


def encode_program(panel: Panel, predicate: Predicate, geo: PanelGeometry) -> PanelProgram:
    """The core's arrays for a learned family program on ``panel`` (no clause at
    all where the features do not apply: pi* never fires there)."""
    ops, codes = list(OPERATORS), {name: i for i, name in enumerate(PANEL_FEATURES)}
    clauses, cmps, need = [], [], np.zeros(1 + len(OBJECT_KINDS), np.int64)
    for clause in predicate.clauses if features_apply(panel) else ():
        read = {v for c in clause.comparisons for k, v in (c.left, c.right) if k == "feature"}
        kind = _clause_kind(panel, read)
        if kind is None:
            continue
        clauses.append((len(cmps), len(cmps) + len(clause.comparisons), kind))
        for c in clause.comparisons:
            (lk, lv), (rk, rv) = c.left, c.right
            left = (1, codes[lv]) if lk == "feature" else (0, int(lv))
            right = (1, codes[rv]) if rk == "feature" else (0, int(rv))
            cmps.append((ops.index(c.op), *left, *right))
        need[1 + kind] = 1
        for name in read:
            need[0] |= 1 << codes[name]
    return PanelProgram(
        np.array(clauses, np.int64).reshape(-1, 3),
        np.array(cmps, np.int64).reshape(-1, 5),
        need,
        _edge_ends(geo),
    )


def vertex_table(panel: Panel, paths: Sequence[Sequence[Vertex]]) -> tuple[np.ndarray, np.ndarray]:
    """``paths`` as the ``*_on_paths`` kernels take them: each path's vertex
    ids in a row (padded with zeros), and the paths' lengths."""
    ids = VertexIds(panel)
    lengths = np.array([len(p) for p in paths], np.int64)
    table = np.zeros((len(paths), max(lengths, default=1)), np.int64)
    for i, p in enumerate(paths):
        table[i, : len(p)] = [ids(cast(Vertex, tuple(v))) for v in p]
    return table, lengths


def program_call(
    panel: Panel, predicate: Predicate, paths: Sequence[Sequence[Vertex]]
) -> Callable[[], np.ndarray]:
    """pi* of a learned family program on ``paths`` in the search core, made
    ready: calling it runs the kernel alone (the cost per call times that)."""
    check_program(predicate)
    geo = build_panel_geometry(panel)
    program = encode_program(panel, predicate, geo)
    args = (
        geo.neighbour, geo.vpoint, geo.epoint, geo.ends, geo.symbols, geo.kind, geo.colour,
        geo.value, geo.n_colours, geo.dot_point, geo.dot_a, geo.dot_b, geo.width, geo.height,
        *program.arrays(), *vertex_table(panel, paths),
    )  # fmt: skip
    return lambda: panel_program_on_paths(*args)


def table_call(
    panel: Panel, predicate: Predicate, paths: Sequence[Sequence[Vertex]]
) -> Callable[[], np.ndarray]:
    """pi of a predicate over the paper's Table 1 features (none, pi_baseline,
    Table 3 or a learned one) on partial paths (from the start, not at the
    end) of a panel of the paper's form, as the paper mode evaluates it, made
    ready as :func:`program_call` is."""
    if not is_paper_form(panel):
        raise InputError("Table 1's features are those of a panel of the paper's form")
    geo = build_panel_geometry(panel)
    args = (
        geo.neighbour, geo.vpoint, geo.epoint, geo.pvertex, geo.ends, geo.targets, geo.value,
        geo.width, *paper_table(predicate), *vertex_table(panel, paths),
    )  # fmt: skip
    return lambda: paper_table_on_paths(*args)


def program_values(panel: Panel, predicate: Predicate, paths: list[list[Vertex]]) -> list[bool]:
    """pi*(path) of a learned family program for each path, evaluated by the
    search core (panel_features.program_fires is the slow reference)."""
    return [bool(v) for v in program_call(panel, predicate, paths)()]


def table_values(panel: Panel, predicate: Predicate, paths: list[list[Vertex]]) -> list[bool]:
    """pi(path) of a Table 1 predicate for each partial path (:func:`table_call`)
    as the search evaluates it in the paper's mode (panel_features.predicate_holds
    is the slow reference)."""
    return [bool(v) for v in table_call(panel, predicate, paths)()]


def baseline_values(panel: Panel, paths: list[list[Vertex]]) -> list[bool]:
    """pi_baseline on the last step of each path (of two vertices or more), as the
    search core evaluates it (with the reach flood and, where the core would
    skip it, without): True when it rejects the path."""
    return [flood or fast is True for flood, fast in baseline_verdicts(panel, paths)]


def baseline_verdicts(panel: Panel, paths: list[list[Vertex]]) -> list[tuple[bool, bool | None]]:
    """pi_baseline on the last step of each path (of two vertices or more): its
    verdict with the reach flood, and the fast path's (with symmetry: rule 5
    near the step alone) where the core would take it (else None). True
    rejects the path."""
    geo = build_panel_geometry(panel)
    if not paths:
        return []
    table, lengths = vertex_table(panel, paths)
    if lengths.min() < 2:
        raise ValueError("pi_baseline judges a step: every path needs two vertices or more")
    n_vertices, n_places = geo.neighbour.shape[0], geo.kind.size
    scratch = panel_scratch(n_vertices, n_places, geo.n_colours)
    tiling = tiling_scratch(*geo.tiles, geo.n_pieces, int(geo.pillar))
    values = panel_baseline_on_paths(*geo.arrays(), scratch, tiling, table, lengths)
    return [(bool(v & 1), bool(v & 4) if v & 2 else None) for v in values.tolist()]


def check_program(predicate: Predicate) -> None:
    """A learned program the general search runs reads only the panel features."""
    other = predicate.features_used - set(PANEL_FEATURES)
    if predicate.kind != "program" or other:
        raise InputError(
            f"predicate {predicate.name!r}: on panels beyond triangles the search takes "
            f"{' or '.join(PREDICATES)} or a learned program over the panel features "
            f"({', '.join(PANEL_FEATURES)})"
            + (f"; it reads {', '.join(sorted(other))}" if other else "")
        )


# ------------------------------------------------------------------ driver
@dataclass
class _Run:
    """What one search needs between chunks."""

    panel: Panel
    geo: PanelGeometry
    evaluate: bool  # pi_baseline
    prune: bool  # drop children pi holds on
    base_prune: bool  # drop children pi_baseline holds on
    program: PanelProgram | None  # pi*, when pi is a learned program
    paths: PanelPaths
    max_paths: int
    paper: int = 0  # the paper's rules (CoreSettings): 1 pi_baseline or none, 2 pi of table
    table: tuple[np.ndarray, np.ndarray] = (np.zeros(1, np.bool_), np.array([1, 1, 1, 1, 0]))
    core_seconds: float = 0.0  # seconds inside the compiled core
    # the core's arguments but the last (a chunk's expansions), made once: the
    # path store grows in place (PanelPaths.grow), so they stay its arrays
    args: tuple = field(default=(), init=False)
    checked: tuple[int, list[Vertex]] | None = field(default=None, init=False)  # goal test's line

    def __post_init__(self) -> None:
        paths = self.paths
        self.args = (
            *self.geo.arrays(), self.evaluate, self.prune, self.base_prune,
            self.program is not None, self.paper, *self.table,
            *(self.program or _NO_PROGRAM).arrays(),
            paths.parent, paths.vertex, paths.flag, paths.later, paths.first, paths.last,
            paths.counters, paths.candidates, *paths.scratch,
        )  # fmt: skip

    def solution(self, node: int) -> list[Vertex]:
        """The first line of stored path ``node`` (the goal test's, when it read it)."""
        if self.checked is not None and self.checked[0] == node:
            return self.checked[1]
        return self.paths.path(node, self.panel.cols, self.geo.names)


def _checked(run: _Run, deadline: float | None) -> int:
    """The first candidate (a stored path) the rules checker accepts (the goal
    test), -1 if none; CheckStopped when the deadline passes during a check. In
    the paper's mode the core's own final check is exact (triangles alone: each
    has as many sides on the line as it counts), so its one candidate solves."""
    counters = run.paths.counters
    found = int(counters[C_CANDIDATES])
    counters[C_CANDIDATES] = 0
    for i in range(found):
        node = int(run.paths.candidates[i])
        if run.paper:
            return node
        line = run.solution(node)
        if is_solution(run.panel, line, deadline):
            run.checked = node, line
            return node
    return -1


def _search(
    run: _Run, max_expansions: int | None, deadline: float | None, stop: threading.Event | None
) -> tuple[str, int]:
    """Run the core in growing chunks until it stops: (status name, the stored
    path that solves the panel or -1)."""
    paths, counters = run.paths, run.paths.counters
    capacity = len(paths.parent)
    chunk = 2_000
    while True:
        status_name = interrupted(deadline, stop)
        if status_name:
            return status_name, -1
        allowed = chunk
        if max_expansions is not None:
            allowed = min(allowed, max_expansions - int(counters[C_EXPANSIONS]))
            if allowed <= 0:
                return "expansion_budget", -1
        # (perf_counter: process_time is a system call, a real share of a small search)
        begun = time.perf_counter()
        status = panel_astar_run(*run.args, allowed)
        run.core_seconds += time.perf_counter() - begun
        if status == CANDIDATES:
            try:
                node = _checked(run, deadline)
            except CheckStopped:
                return "timed_out", -1
            if node >= 0:
                return "solved", node
        elif status == EXHAUSTED:
            return "exhausted", -1
        elif status == NEED_SPACE:
            if capacity >= run.max_paths:
                return "out_of_memory", -1
            capacity = min(2 * capacity, run.max_paths)
            paths.grow(capacity)
        else:
            chunk = min(chunk * 2, 200_000)


_NO_PROGRAM = PanelProgram(
    np.zeros((0, 3), np.int64), np.zeros((0, 5), np.int64), np.zeros(4, np.int64),
    np.full((1, 2), -1, np.int32),
)  # fmt: skip


def _paper_code(panel: Panel, predicate: str | Predicate, settings: CoreSettings) -> int:
    """The core's ``paper`` argument: 0 the general rules, 1 the paper's with
    pi_baseline or none, 2 with Table 3 or a learned Table 1 program (its truth
    table, :func:`paper_table`); InputError in the paper's mode on a panel not of the
    paper's form."""
    if not settings.paper:
        return 0
    if not is_paper_form(panel):
        raise InputError("the paper's mode of the general search takes triangle puzzles alone")
    if isinstance(predicate, Predicate) and predicate.kind == "program":
        return 2
    name = predicate.name if isinstance(predicate, Predicate) else predicate
    return 2 if name == "paper" else 1


def paper_table(predicate: str | Predicate) -> tuple[np.ndarray, np.ndarray]:
    """The core's ``table`` and ``dims`` arguments in ``paper`` 2: the truth
    table (Predicate.encode) of a predicate over Table 1's features (Table 3,
    a learned program; pi_baseline's and none's too, for
    :func:`table_values`), its axes, whether it reads the corners on the line
    and whether it reads local features alone."""
    pred = predicate if isinstance(predicate, Predicate) else BUILTINS[predicate]
    _, table, n_reach, n_addable, n_lengths = pred.encoded
    corners = int(bool(pred.features_used & {"visited_corners", "unvisited_corners"}))
    local = int(n_reach == n_addable == n_lengths == 1)  # (the core's _local_table)
    return table, np.array([n_reach, n_addable, n_lengths, corners, local], np.int64)


def predicate_name(predicate: str | Predicate, paper: bool = False) -> str:
    """The name of a predicate the general search evaluates: none, baseline, or
    (a Predicate) a learned program over the panel features; in the paper's
    mode (``paper``) none, baseline, paper (Table 3) or a learned program over
    the paper's Table 1 features."""
    if paper:
        name = predicate.name if isinstance(predicate, Predicate) else str(predicate)
        kind = predicate.kind if isinstance(predicate, Predicate) else name
        table1 = kind == "program" and not reads_panel_features(cast(Predicate, predicate))
        if not table1 and (kind not in PAPER_PREDICATES or name != kind):
            raise InputError(
                f"predicate {name!r}: the general search in the paper's mode takes "
                f"{', '.join(PAPER_PREDICATES)} or a learned program over Table 1's features"
            )
        return name
    if isinstance(predicate, Predicate) and predicate.kind == "program":
        check_program(predicate)
        return predicate.name
    name = predicate.name if isinstance(predicate, Predicate) else str(predicate)
    if name not in PREDICATES:
        raise InputError(
            f"predicate {name!r}: reads the paper's puzzle form (triangles of 1 to 3, "
            "one start, one end elsewhere on the rim); on this panel the search takes "
            f"{' or '.join(PREDICATES)} or a learned program over the panel features"
        )
    return name


def _lone_solution(
    panel: Panel, prefix: list[Vertex] | None, deadline: float | None
) -> list | None:
    """The goal test before the search: a start that is also an end is a line
    of one vertex (and a prefix that ends at an end is tested as it is)."""
    if prefix:
        lone = [[tuple(v) for v in prefix]] if tuple(prefix[-1]) in panel.ends else []
    else:
        lone = [[v] for v in panel.starts if v in panel.ends]
    if not lone:  # (the common case: no test, no generator inside the search's timer)
        return None
    try:
        return next((line for line in lone if is_solution(panel, line, deadline)), None)
    except CheckStopped:
        return None


def solve_panel(
    panel: Panel,
    predicate: str | Predicate = "baseline",
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    geometry: PanelGeometry | None = None,
    stop: threading.Event | None = None,
    prefix: list[Vertex] | None = None,
    settings: CoreSettings = GENERAL,
) -> SolveResult:
    """Solve ``panel`` with A* (module doc) using pi_baseline (``baseline``), no
    predicate (``none``) or a learned family program (a Predicate over the panel
    features) to prune (``prune``) or sort (``sort``); ``base_prune`` prunes
    with pi_baseline whatever the predicate. Budgets: seconds, expansions,
    megabytes of stored paths (None: no limit, 4096 MB); an empty open list is ``unsolvable``
    when every pruning was sound (pi_baseline, or a program marked ``sound``).
    Given ``prefix`` (a line drawn so far from a start, the player's drawing
    rules kept: :func:`witness.search.solvers.solve` checks it), the search goes
    on from it alone, the prefix itself goal-tested first. ``settings.paper``:
    the paper's triangle behaviour (:class:`CoreSettings`; InputError on a
    panel not of the paper's form)."""
    name = predicate_name(predicate, settings.paper)
    paper = _paper_code(panel, predicate, settings)
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    check_budgets(time_limit, max_expansions, memory_mb)
    if not panel.starts or not panel.ends:  # no line to draw (the engine accepts such panels)
        return _no_line(name, mode + ("+base" if base_prune else ""))
    if panel.narrow:  # a pillar of 1 or 2 columns: its own search (narrow_search)
        found = solve_narrow(panel, time_limit, max_expansions, stop, prefix)
        found.predicate, found.mode = name, mode
        return found
    run, sound = _plan(panel, predicate, name, mode, base_prune, memory_mb, geometry, prefix, paper)
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    path = _lone_solution(panel, prefix, deadline)
    status_name, node = "solved", -1
    try:
        if path is None:
            status_name, node = _search(run, max_expansions, deadline, stop)
        seconds = time.perf_counter() - t0  # (the search: its line is read out below)
        if node >= 0:
            path = run.solution(node)
    finally:
        run.paths.release()
    if status_name == "exhausted" and sound:
        status_name = "unsolvable"
    counters = run.paths.counters
    return SolveResult(
        solved=path is not None,
        path=path,
        expansions=int(counters[C_EXPANSIONS]),
        generated=int(counters[C_GENERATED]),
        seconds=seconds,
        timed_out=status_name == "timed_out",
        status=status_name,
        predicate=name,
        mode=mode + ("+base" if base_prune else ""),
        extra={"stored_paths": int(counters[C_NODES]), "core_seconds": run.core_seconds},
    )


def _plan(
    panel: Panel,
    predicate: str | Predicate,
    name: str,
    mode: str,
    base_prune: bool,
    memory_mb: float | None,
    geometry: PanelGeometry | None,
    prefix: list[Vertex] | None,
    paper: int,
) -> tuple[_Run, bool]:
    """The search's state before its first expansion, and whether every
    pruning it does is sound (an empty open list is then ``unsolvable``)."""
    warm_up()
    geo = geometry or build_panel_geometry(panel)
    capacity, max_paths = path_budget(memory_mb)
    learned = isinstance(predicate, Predicate) and predicate.kind == "program"
    # (the panel features read a rectangle's vertices: round a pillar or with a
    # start or an end half way along an edge a learned program never fires)
    learned = learned and not (panel.pillar or panel.halves or paper)
    evaluate = name == "baseline" or base_prune
    program = encode_program(panel, predicate, geo) if learned else None
    table1 = paper == 2 and isinstance(predicate, Predicate) and predicate.kind == "program"
    sound = not (learned or table1) or mode == "sort" or cast(Predicate, predicate).sound
    run = _Run(
        panel,
        geo,
        evaluate=evaluate,
        prune=mode == "prune" and name != "none",
        base_prune=base_prune,
        program=program,
        paths=_start_paths(
            panel, geo, capacity, learned, prefix, evaluate, paper, name if mode == "prune" else ""
        ),
        max_paths=max_paths,
        paper=paper,
        table=paper_table(predicate) if paper == 2 else _Run.table,  # (else unread)
    )
    return run, sound


def _no_line(predicate: str, mode: str) -> SolveResult:
    """The result on a panel without a start or an end: unsolvable, nothing searched."""
    return SolveResult(
        solved=False,
        path=None,
        expansions=0,
        generated=0,
        seconds=0.0,
        timed_out=False,
        status="unsolvable",
        predicate=predicate,
        mode=mode,
        extra={"stored_paths": 0, "core_seconds": 0.0},
    )


def _start_paths(
    panel: Panel,
    geo: PanelGeometry,
    capacity: int,
    learned: bool,
    prefix: list[Vertex] | None,
    evaluate: bool,
    paper: int = 0,
    pruning: str = "",
) -> PanelPaths:
    """The open list of a search from the starts, or from ``prefix`` alone (its
    pi_baseline verdict computed here when the search evaluates pi_baseline: the
    core judges each step of a path that passed it, from the step before). In
    the paper's mode (``paper`` > 0) the paper's pi_baseline, when it is the
    predicate ``pruning`` with (the name; else pi is the same on every path the
    search takes, all extending the prefix, so it orders none before another)."""
    if not prefix:
        return PanelPaths.start(capacity, geo, learned)
    ids = VertexIds(panel)
    steps = [list(prefix[: i + 1]) for i in range(1, len(prefix))]
    if paper:
        line = [(int(v[0]), int(v[1])) for v in prefix]
        dead = pruning == "baseline" and predicate_holds(BASELINE, panel, line)
    else:
        dead = evaluate and any(baseline_values(panel, steps))
    vertices = tuple(ids(tuple(v)) for v in prefix)
    return PanelPaths.start(capacity, geo, learned, vertices, dead)


_warm = threading.Event()
_warm_lock = threading.RLock()


def warm_up() -> None:
    """Compile (or load from numba's disk cache) the core once per process."""
    if _warm.is_set():
        return
    with _warm_lock:
        if _warm.is_set():
            return
        _warm.set()  # the warm-up's own solve must not recurse
        panel = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "black"), (1, 0, "white")))
        solve_panel(panel)
