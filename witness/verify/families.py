"""The feature families of the bounded check (:mod:`witness.verify.bounded`):
what each one's puzzles are, in data for the one driver.

The triangle family (:data:`TRIANGLES`: clauses over the paper's features,
:data:`witness.search.predicates.FEATURES`) covers, for every size, every
puzzle of the paper's form (:class:`witness.model.puzzle.Puzzle`):

- every start vertex, every goal on the rim other than the start, and every
  triangle placement (0..3 triangles on every square, 0 meaning
  unconstrained);
- every solution of that puzzle and every proper prefix of it (from the
  trivial path ``[start]`` up to the vertex before the goal);
- every constrained square of it.

Mirror images keep every feature (triangles, edges and corners of a square,
the head on a corner, the path's length, the goal's reachability, the
addable edges): each maps squares to squares with their sides and corners,
solutions to solutions and the rim to the rim. So within one size
``choose.lp`` (under the fact ``paper_form``) tries only starts in the
lower-left quarter (``x -> cols - x``, ``y -> rows - y``, and ``x <-> y``
on a square grid, map every other start there). Its encodings are the
panel family's rules of the line (the solver's ``panel_path.lp``,
``panel_regions.lp`` and ``panel_triangles.lp``: a triangle puzzle is a
panel with triangles) with the same ``choose.lp`` (triangles only, no
gaps, the paper's form) and its own ``prefix.lp`` (the proper prefix and
the paper's features of every square), over the same grid facts
(:func:`grid_facts`); all clauses are grounded together.

The panel family (:data:`PANELS`: learned family programs, clauses over
:mod:`witness.search.panel_features`) covers, for every size:

- every set of gaps; one start on any vertex; every non-empty set of ends on
  the boundary;
- the symbols the clause's kind needs (:func:`symbol_kinds`): dots (black) on
  any vertices and any edges that are not gaps for a dot clause; at most one
  square per cell for a square clause; at most one square or star per cell
  for a star clause; squares and stars of :data:`COLOURS`;
- every solution of that panel (its rules as the solver's
  ``witness/search/encodings/panel_*.lp`` give them) and every prefix of it,
  from its start alone to the whole line (a line whose head is an end is a
  partial path the search still prunes);
- every object of the clause's kind.

So it covers more panels than it builds (:func:`covers_panel`): taking away
symbols and starts only takes rules away, so a solution stays a solution,
and a dot's features read no cell symbol, a square's only squares, a star's
only coloured symbols; other starts change nothing but which lines exist;
and features and rules compare colours only for equality, so two colour
names stand for any two. A clause that fires on a solution prefix of a panel
up to the size with any dots, gaps, starts and ends, squares and stars of at
most two colours (and, for a dot or square clause, any triangles and
polyominoes) fires on one the check builds. Panels with symmetry, cancellers,
removed edges or vertices are left out: the features do not apply there and
a family program never fires. ``choose.lp`` chooses the panel,
``panel_prefix.lp`` computes the prefix and the features of every object;
each clause is its own group (its symbols are its own), so each gets an
equal share of the time.

Each family re-checks a model in Python before it is a counterexample, with
the rules checker (:func:`witness.model.rules.is_solution`) and the features'
reference meaning (:mod:`witness.search.panel_features`): the triangle family
with ``square_features``, the panel family with ``object_features``.
"""

from __future__ import annotations

import re
from itertools import pairwise

import clingo

from witness.model.base import DEFAULT_COLOURS, NO_COLOUR, Vertex, edge
from witness.model.panel import Dot, Panel, cell_edges
from witness.model.puzzle import Puzzle
from witness.model.rules import cell_point, is_solution, point
from witness.search.asp_solver import path_from_edges, symbol_vertex
from witness.search.encodings import encoding
from witness.search.panel_features import (
    KIND_FEATURES,
    PanelObject,
    clause_fires,
    features_apply,
    object_features,
    square_features,
)
from witness.search.predicates import Clause, Predicate
from witness.verify.bounded import Counterexample, Family, verifier_encoding


def _defined_features(name: str, pattern: str) -> frozenset[str]:
    """The features ``feature(O, name, Value)`` a verifier encoding defines."""
    return frozenset(re.findall(pattern, verifier_encoding(name), re.M))


# --------------------------------------------------------- the triangle family
# The solver's rules of the line of a triangle puzzle.
TRIANGLE_ENCODINGS = ("panel_path.lp", "panel_regions.lp", "panel_triangles.lp")


def triangle_program(rows: int, cols: int, clauses: tuple[Clause, ...]) -> tuple[str, tuple]:
    """The triangle puzzles of one size: the encodings, the grid as facts, the
    paper's form (no gaps, one end, starts in the lower-left quarter: choose.lp)
    and the size as constants."""
    text = "\n".join(
        [encoding(n) for n in TRIANGLE_ENCODINGS]
        + [verifier_encoding("choose.lp"), verifier_encoding("prefix.lp")]
        + grid_facts(rows, cols, ("triangle",))
        + ["paper_form."]
    )
    return text, (f"-c rows={rows}", f"-c cols={cols}")


def _square(place: clingo.Symbol) -> tuple[int, int]:
    """The square (x, y) of a cell's place on the doubled grid."""
    px, py = symbol_vertex(place)
    return ((px - 1) // 2, (py - 1) // 2)


def triangle_counterexample(
    rows: int, cols: int, index: int, clause: Clause, atoms: list[clingo.Symbol]
) -> Counterexample:
    """Read a model back, and check it in Python: raises if it is not a false positive."""
    start = goal = head = None
    triangles, edges, squares = [], [], []
    for s in atoms:
        if s.match("start", 1):
            start = symbol_vertex(s.arguments[0])
        elif s.match("end", 1):
            goal = symbol_vertex(s.arguments[0])
        elif s.match("tri", 2):
            triangles.append((*_square(s.arguments[0]), s.arguments[1].number))
        elif s.match("sel", 2):
            edges.append((symbol_vertex(s.arguments[0]), symbol_vertex(s.arguments[1])))
        elif s.match("head", 1):
            head = symbol_vertex(s.arguments[0])
        elif s.match("fires", 2) and s.arguments[0].number == index:
            squares.append(_square(s.arguments[1]))
    # (the paper's constructor checks the model's puzzle is of the paper's form)
    panel = Puzzle(
        rows=rows, cols=cols, start=start, goal=goal, triangles=tuple(triangles)
    ).to_panel()
    solution = path_from_edges(start, edges)
    prefix = solution[: solution.index(head) + 1]
    square = min(squares)
    values = square_features(panel, prefix, square)
    if not (
        is_solution(panel, solution)
        and len(prefix) < len(solution)
        and square in {(x, y) for x, y, *_ in panel.triangles}
        and Predicate("clause", "program", (clause,)).holds_on_square(values)
    ):
        raise RuntimeError(
            f"verifier encoding bug: model is not a false positive of clause {index + 1}: "
            f"puzzle {panel.to_json()}, solution {solution}, prefix {prefix}, square {square}"
        )
    where = ("square", list(square))
    return Counterexample(
        panel, solution, prefix, square, index + 1, values, where, f"square {list(square)}"
    )


TRIANGLES = Family(
    name="triangles",
    prefix_encoding="prefix.lp",
    features=_defined_features("prefix.lp", r"^feature\(S, (\w+), "),
    guard="constrained",
    group=lambda clause: "all",
    program=triangle_program,
    read_model=triangle_counterexample,
)


# ------------------------------------------------------------ the panel family
# The colours of squares and stars on the verifier's panels.
COLOURS = ("black", "white")
# The solver's rules of the line and of the symbols the verifier places.
RULE_ENCODINGS = ("panel_path.lp", "panel_regions.lp", "panel_dots.lp")
KIND_ENCODINGS = {
    "dot": (),
    "square": ("panel_squares.lp",),
    "star": ("panel_stars.lp",),
    "triangle": ("panel_triangles.lp",),
    "end": (),
}


def panel_kinds(clauses: tuple[Clause, ...]) -> tuple[str, ...]:
    """The object kinds whose features the clauses read (all of them when none)."""
    read = {
        v
        for cl in clauses
        for c in cl.comparisons
        for kind, v in (c.left, c.right)
        if kind == "feature"
    }
    kinds = tuple(k for k, names in KIND_FEATURES.items() if read & set(names))
    return kinds or tuple(KIND_FEATURES)


def symbol_kinds(clauses: tuple[Clause, ...]) -> tuple[str, ...]:
    """The symbols the check places for ``clauses``: those of the kinds they
    read, and squares beside stars (a star counts them as partners)."""
    kinds = set(panel_kinds(clauses))
    if "star" in kinds:
        kinds.add("square")
    return tuple(k for k in KIND_FEATURES if k in kinds)


def covers_panel(panel: Panel, kinds: tuple[str, ...], max_rows: int, max_cols: int) -> bool:
    """Whether a bounded check of clauses reading the features of ``kinds``
    up to the size covered ``panel`` (the module doc says why)."""
    fits = (panel.rows <= max_rows and panel.cols <= max_cols) or (
        panel.cols <= max_rows and panel.rows <= max_cols
    )
    colours = {k for *_, k in panel.squares + panel.stars}
    cells_read = "square" in kinds or "star" in kinds
    others = panel.triangles or panel.polyominoes  # coloured symbols a star counts
    return (
        fits
        and features_apply(panel)
        and not (cells_read and len(colours) > len(COLOURS))
        and not ("star" in kinds and others)
    )


# ------------------------------------------------------------------ the grid
def _pair(v: tuple[int, int]) -> str:
    return f"({v[0]},{v[1]})"


def grid_facts(rows: int, cols: int, kinds: tuple[str, ...]) -> list[str]:
    """The grid of one size as the facts choose.lp reads."""
    probe = Panel(rows=rows, cols=cols, ends=((0, 0),))
    out = [f"use({k})." for k in kinds] + [f'hue("{k}").' for k in COLOURS]
    for v in probe.vertices():
        out.append(f"vertex({_pair(v)}).")
        out.append(f"vpt({_pair(v)},{_pair(point(v))}).")
        if probe.is_boundary(v):
            out.append(f"boundary({_pair(v)}).")
    places = {point(v) for v in probe.vertices()}
    for a, b in probe.grid_edges():
        p = point((a, b))
        places.add(p)
        out.append(f"gedge({_pair(a)},{_pair(b)}).")
        out += [
            f"ept({_pair(a)},{_pair(b)},{_pair(p)}).",
            f"ept({_pair(b)},{_pair(a)},{_pair(p)}).",
        ]
    for x, y in probe.cells():
        here = cell_point((x, y))
        places.add(here)
        out.append(f"cellpt({_pair(here)}).")
        for nb, side in (((x + 1, y), cell_edges((x, y))[1]), ((x, y + 1), cell_edges((x, y))[2])):
            if probe.in_cells(nb):
                there, s = cell_point(nb), _pair(point(side))
                out += [
                    f"cadj({_pair(here)},{_pair(there)},{s}).",
                    f"cadj({_pair(there)},{_pair(here)},{s}).",
                ]
    out += [f"pt({_pair(p)})." for p in sorted(places)]
    for px, py in sorted(places):
        for q in ((px + 1, py), (px, py + 1)):
            if q in places:
                out += [
                    f"adj({_pair((px, py))},{_pair(q)}).",
                    f"adj({_pair(q)},{_pair((px, py))}).",
                ]
    return out


def panel_program(rows: int, cols: int, clauses: tuple[Clause, ...]) -> tuple[str, tuple]:
    """The panels of one size with the symbols ``clauses`` read: the
    encodings and the grid as facts."""
    kinds = symbol_kinds(clauses)
    names = RULE_ENCODINGS + tuple(n for k in kinds for n in KIND_ENCODINGS[k])
    text = "\n".join(
        [encoding(n) for n in names]
        + [verifier_encoding("choose.lp"), verifier_encoding("panel_prefix.lp")]
        + grid_facts(rows, cols, kinds)
        + ["use(gap)."]
    )
    return text, ()


# ------------------------------------------------------------ a model back
def _place_thing(p: tuple[int, int]):
    """The vertex or edge at a doubled-grid place."""
    x, y = p
    if x % 2 == 0 and y % 2 == 0:
        return (x // 2, y // 2)
    if x % 2:
        return edge(((x - 1) // 2, y // 2), ((x + 1) // 2, y // 2))
    return edge((x // 2, (y - 1) // 2), (x // 2, (y + 1) // 2))


def model_panel(rows: int, cols: int, atoms: list[clingo.Symbol]) -> Panel:
    """The panel a model chose."""
    fields: dict[str, list] = {"starts": [], "ends": [], "gaps": [], "dots": []}
    fields.update(squares=[], stars=[], triangles=[])
    for s in atoms:
        args = s.arguments
        if s.match("start", 1) or s.match("end", 1):
            fields[s.name + "s"].append(symbol_vertex(args[0]))
        elif s.match("gap", 2):
            fields["gaps"].append((symbol_vertex(args[0]), symbol_vertex(args[1])))
        elif s.match("dot", 1):
            fields["dots"].append(Dot(_place_thing(symbol_vertex(args[0]))))
        elif s.match("square", 2) or s.match("star", 2):
            px, py = symbol_vertex(args[0])
            fields[s.name + "s"].append(((px - 1) // 2, (py - 1) // 2, args[1].string))
        elif s.match("tri", 2):
            px, py = symbol_vertex(args[0])
            colour = DEFAULT_COLOURS["triangles"]
            fields["triangles"].append(((px - 1) // 2, (py - 1) // 2, args[1].number, colour))
    fields["triangles"].sort()
    return Panel(rows=rows, cols=cols, **{k: tuple(v) for k, v in fields.items()})


def _object_at(panel: Panel, term: clingo.Symbol) -> PanelObject:
    """The object a ``dot(P)`` / ``square(P)`` / ``star(P)`` / ``triangle(P)`` /
    ``end(V)`` term names."""
    place = symbol_vertex(term.arguments[0])
    if term.name == "end":
        return PanelObject("end", list(panel.ends).index(place))
    if term.name == "dot":
        return PanelObject("dot", [point(d.at) for d in panel.dots].index(place))
    cells = [cell_point(t[:2]) for t in getattr(panel, term.name + "s")]
    return PanelObject(term.name, cells.index(place))


def panel_counterexample(
    rows: int, cols: int, index: int, clause: Clause, atoms: list[clingo.Symbol]
) -> Counterexample:
    """Read a model back and check it in Python: raises if it is not a false positive."""
    panel = model_panel(rows, cols, atoms)
    edges, head, first, blamed = [], None, None, None
    for s in atoms:
        if s.match("sel", 2):
            edges.append((symbol_vertex(s.arguments[0]), symbol_vertex(s.arguments[1])))
        elif s.match("head", 1):
            head = symbol_vertex(s.arguments[0])
        elif s.match("first", 1):
            first = symbol_vertex(s.arguments[0])
        elif s.match("fires", 2) and s.arguments[0].number == index:
            blamed = min(blamed, s.arguments[1]) if blamed is not None else s.arguments[1]
    solution = path_from_edges(first, edges)
    prefix = solution[: solution.index(head) + 1]
    obj = _object_at(panel, blamed)
    values = dict(object_features(panel, prefix, (obj.kind,)))[obj]
    if not (
        features_apply(panel) and is_solution(panel, solution) and clause_fires(clause, values)
    ):
        raise RuntimeError(
            f"verifier encoding bug: model is not a false positive of clause {index + 1}: "
            f"panel {panel.to_json()}, solution {solution}, prefix {prefix}, object {obj.name}"
        )
    where = f"{obj.kind} {obj.index} ({obj.name})"
    return Counterexample(
        panel, solution, prefix, obj, index + 1, values, ("object", obj.name), where
    )


PANELS = Family(
    name="panels",
    prefix_encoding="panel_prefix.lp",
    features=_defined_features("panel_prefix.lp", r"^feature\(\w+\(P\), (\w+), "),
    guard="obj",
    group=lambda clause: clause,
    program=panel_program,
    read_model=panel_counterexample,
)


# ------------------------------------------------ the features of one path
def _given_facts(panel: Panel, path: list[Vertex]) -> list[str]:
    """A fixed panel and line as the facts panel_prefix.lp reads (what
    choose.lp and panel_path.lp would choose)."""
    out = [
        f"edge({_pair(a)},{_pair(b)})."
        for a, b in panel.grid_edges()
        if (a, b) not in panel.blocked
    ]
    out += [f"start({_pair(v)})." for v in panel.starts] + [f"end({_pair(v)})." for v in panel.ends]
    out += [f"dot({_pair(point(d.at))})." for d in panel.dots]
    for name in ("square", "star"):
        for x, y, k in getattr(panel, name + "s"):
            here = _pair(cell_point((x, y)))
            out += [f'{name}({here},"{k}").', f'colour({here},"{k}").']
    out += [f"tri({_pair(cell_point((x, y)))},{k})." for x, y, k, _ in panel.triangles]
    others = [(t[0], t[1], t[-1]) for t in panel.triangles]
    others += [(*p.cell, p.colour) for p in panel.polyominoes]  # stars count them too
    out += [f'colour({_pair(cell_point((x, y)))},"{k}").' for x, y, k in others if k != NO_COLOUR]
    out += [f"first({_pair(path[0])}).", f"head({_pair(path[-1])})."]
    out += [f"on({_pair(v)})." for v in path]
    out += [f"sel({_pair(a)},{_pair(b)})." for a, b in (edge(*e) for e in pairwise(path))]
    return out


def asp_object_features(panel: Panel, path: list[Vertex]) -> list[tuple[PanelObject, dict]]:
    """Every object of ``panel`` with its features under ``path`` as
    ``panel_prefix.lp`` computes them (the test of that encoding against
    :func:`witness.search.panel_features.object_features`)."""
    program = "\n".join(
        [verifier_encoding("panel_prefix.lp")]
        + grid_facts(panel.rows, panel.cols, ())
        + _given_facts(panel, [tuple(v) for v in path])
    )
    ctl = clingo.Control(["--models=1"], logger=lambda _code, _msg: None)
    ctl.add("base", [], program)
    ctl.ground([("base", [])])
    values: dict[PanelObject, dict[str, int]] = {}
    with ctl.solve(yield_=True) as handle:
        for model in handle:
            for s in model.symbols(atoms=True):
                if s.match("feature", 3):
                    obj = _object_at(panel, s.arguments[0])
                    values.setdefault(obj, {})[s.arguments[1].name] = s.arguments[2].number
    return sorted(
        values.items(), key=lambda item: (list(KIND_FEATURES).index(item[0].kind), item[0].index)
    )
