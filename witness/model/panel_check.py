"""Validation of a :class:`~witness.model.panel.Panel`: every error is a
:class:`~witness.model.puzzle.PuzzleError` naming the JSON field at fault."""

from __future__ import annotations

from witness.model.base import (
    CANCELLER_RULES,
    DOT_COLOURS,
    MAX_SIDE,
    NO_COLOUR,
    PILLAR_SHIFT,
    POLYOMINO_RULES,
    SYMMETRIES,
    PuzzleError,
    Vertex,
    edge,
    is_int,
    is_midpoint,
    split_edge,
    valid_colour,
)

# The most a triangle may ask for: a cell has 4 sides (a count above 4 is never
# met, as in the community engine, which loads any count; its tests ask up to 9).
MAX_TRIANGLES = 9

# The panel is passed in (witness.model.panel builds on this module).
Panel = object


def validate_panel(panel: Panel) -> None:
    """Raise a PuzzleError naming the field of the first problem found."""
    for name in ("rows", "cols"):
        value = getattr(panel, name)
        if not is_int(value) or not 0 <= value <= MAX_SIDE:
            raise PuzzleError(name, f"expected an integer in 0..{MAX_SIDE}, got {value!r}")
    _check_pillar(panel)
    _check_edges(panel)
    _check_terminals(panel)
    _check_symbols(panel)
    _check_dots(panel)
    _check_symmetry(panel)
    if panel.polyomino_rules not in POLYOMINO_RULES:
        raise PuzzleError(
            "polyomino_rules",
            f"expected one of {', '.join(POLYOMINO_RULES)}, got {panel.polyomino_rules!r}",
        )
    if panel.canceller_rules not in CANCELLER_RULES:
        raise PuzzleError(
            "canceller_rules",
            f"expected one of {', '.join(CANCELLER_RULES)}, got {panel.canceller_rules!r}",
        )
    if not isinstance(panel.shapeless_zero, bool):
        raise PuzzleError("shapeless_zero", f"expected true or false, got {panel.shapeless_zero!r}")
    if not isinstance(panel.fat_starts, bool):
        raise PuzzleError("fat_starts", f"expected true or false, got {panel.fat_starts!r}")


def _check_pillar(panel: Panel) -> None:
    if not isinstance(panel.pillar, bool):
        raise PuzzleError("pillar", f"expected true or false, got {panel.pillar!r}")
    if panel.pillar and panel.cols < 1:
        raise PuzzleError("pillar", "a pillar needs a column or more, got 0")
    if panel.pillar and panel.symmetry is not None and panel.cols % 2:
        raise PuzzleError("symmetry", "a symmetric pillar needs an even number of columns")
    if panel.pillar and panel.polyomino_rules != "precise":
        raise PuzzleError("polyomino_rules", "a pillar takes the community engine's (precise)")


def _vertex_ok(panel: Panel, name: str, v: object) -> Vertex:
    if not (isinstance(v, tuple) and len(v) == 2 and all(map(is_int, v))):
        raise PuzzleError(name, f"expected [x, y] with integers, got {v!r}")
    if not panel.in_grid(v):
        high = panel.vertex_cols - 1
        raise PuzzleError(name, f"vertex {list(v)} is outside 0..{high} x 0..{panel.rows}")
    return v


def _edge_ok(panel: Panel, name: str, e: tuple) -> tuple[Vertex, Vertex]:
    """The two ends of an edge's name; round a narrow pillar the seam edge's
    far end is column ``cols`` (Panel.narrow)."""
    if panel.narrow:
        if not panel.adjacent(*e):
            raise PuzzleError(name, f"{[*e[0], *e[1]]} is not an edge of the pillar")
        return e
    a, b = (_vertex_ok(panel, name, v) for v in e)
    return a, b


def _check_edges(panel: Panel) -> None:
    for name, edges in (("gaps", panel.gaps), ("removed", panel.removed_edges)):
        for e in edges:
            a, b = _edge_ok(panel, name, e)
            if not panel.adjacent(a, b):
                raise PuzzleError(name, f"{list(a)} and {list(b)} are not neighbours")
    for v in panel.removed_vertices:
        _vertex_ok(panel, "removed", v)


def _check_terminals(panel: Panel) -> None:
    start_name = "start" if len(panel.starts) == 1 else "starts"
    end_name = "goal" if len(panel.ends) == 1 else "ends"
    for name, vertices in ((start_name, panel.starts), (end_name, panel.ends)):
        for v in vertices:
            if is_midpoint(v):
                _midpoint_ok(panel, name, v)
                continue
            _vertex_ok(panel, name, v)
            if v in panel.removed_vertices:
                raise PuzzleError(name, f"vertex {list(v)} is removed")
        if len(set(vertices)) != len(vertices):
            raise PuzzleError(name, "a vertex is listed twice")
    # An end may be a start too (a line of one vertex), and an inner vertex: the
    # community engine's solver ends a line at any vertex marked an end
    # (engine/solve.js), wherever its exit is drawn.


def _midpoint_ok(panel: Panel, name: str, v: Vertex) -> None:
    """A start or an end half way along an edge of the grid (on a gap or a
    removed edge it holds no line, as in the engine: Panel.on_gap)."""
    if panel.narrow:
        a, b = split_edge(v)
        if not panel.adjacent(a, b):
            raise PuzzleError(name, f"{list(v)} is not the middle of an edge of the pillar")
        return
    a, b = panel.split(v)
    if not (panel.in_grid(a) and panel.in_grid(b)):
        raise PuzzleError(name, f"{list(v)} is not the middle of an edge of the grid")


def _check_cell(panel: Panel, name: str, x: object, y: object, seen: dict) -> None:
    if not (is_int(x) and is_int(y)):
        raise PuzzleError(name, f"expected integer cell coordinates, got {[x, y]}")
    if not panel.in_cells((x, y)):
        raise PuzzleError(
            name, f"square {[x, y]} is outside 0..{panel.cols - 1} x 0..{panel.rows - 1}"
        )
    if (x, y) in seen:
        what = "is listed twice" if seen[(x, y)] == name else f"already holds {seen[(x, y)]}"
        raise PuzzleError(name, f"square {[x, y]} {what}")
    if (2 * x + 1, 2 * y + 1) in panel.outside:
        raise PuzzleError(name, f"square {[x, y]} is cut off from the panel by removed edges")
    seen[(x, y)] = name


def _check_symbols(panel: Panel) -> None:
    seen: dict = {}
    for name in ("triangles", "squares", "stars", "cancellers"):
        for item in getattr(panel, name):
            _check_cell(panel, name, item[0], item[1], seen)
            if not valid_colour(item[-1]):
                raise PuzzleError(name, f"square {list(item[:2])}: bad colour {item[-1]!r}")
            if name == "stars" and item[-1] == NO_COLOUR:
                raise PuzzleError(name, f"square {list(item[:2])}: a star needs a colour")
            if name == "triangles" and not (is_int(item[2]) and 1 <= item[2] <= MAX_TRIANGLES):
                # (above 4 a triangle is never met: the engine loads it all the same)
                raise PuzzleError(
                    name, f"square {list(item[:2])} has k={item[2]}, expected 1..{MAX_TRIANGLES}"
                )
    for p in panel.polyominoes:
        _check_cell(panel, "polyominoes", p.cell[0], p.cell[1], seen)
        if not p.shape or not all(is_int(c) for cell in p.shape for c in cell):
            raise PuzzleError("polyominoes", f"square {list(p.cell)}: bad shape")
        if max(max(c) for c in p.shape) >= MAX_SIDE:
            raise PuzzleError("polyominoes", f"square {list(p.cell)}: shape too large")
        if not valid_colour(p.colour):
            raise PuzzleError("polyominoes", f"square {list(p.cell)}: bad colour {p.colour!r}")


def _check_dots(panel: Panel) -> None:
    seen = set()
    for d in panel.dots:
        if d.colour not in DOT_COLOURS:
            raise PuzzleError("dots", f"colour {d.colour!r} is not one of {', '.join(DOT_COLOURS)}")
        if d.on_edge:
            a, b = _edge_ok(panel, "dots", d.at)
            if not panel.adjacent(a, b):
                raise PuzzleError("dots", f"{list(a)} and {list(b)} are not neighbours")
            if edge(a, b) in panel.blocked:
                raise PuzzleError("dots", f"edge {[*a, *b]} is a gap or removed")
        else:
            _vertex_ok(panel, "dots", d.at)
            if d.at in panel.removed_vertices:
                raise PuzzleError("dots", f"vertex {list(d.at)} is removed")
        if d.at in seen:
            raise PuzzleError("dots", f"{list(d.at)} holds two dots")
        seen.add(d.at)


def _check_symmetry(panel: Panel) -> None:
    if panel.symmetry is None:
        return
    known = (*SYMMETRIES, PILLAR_SHIFT) if panel.pillar else SYMMETRIES
    if panel.symmetry not in known:
        raise PuzzleError("symmetry", f"expected one of {', '.join(known)}, got {panel.symmetry!r}")
    # A start or an end whose mirror image is none is allowed, as the community
    # engine's solver and validate() allow it: the first line starts at a start
    # and ends at an end, its mirror image goes where the mirror takes it.
