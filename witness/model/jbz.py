"""The community engine's puzzle format (witnesspuzzles.com: ``Puzzle.serialize``
is the puzzle object as JSON), read into and written from a
:class:`~witness.model.panel.Panel`.

The engine keeps a doubled grid ``grid[x][y]`` of ``2 cols + 1`` columns and
``2 rows + 1`` rows, y counted from the top: points and segments are
``{"type": "line", "line": 0}`` with ``dot`` (1 black, 2 blue, 3 yellow,
4 invisible), ``gap`` (1 broken, 2 removed), ``start`` (true) and ``end`` (the
side the end sticks out: left, right, top, bottom); cells are null or a symbol
``{"type", "color"}``: square, star, nega (canceller), triangle (``count``),
poly and ylop (a negative poly) with ``polyshape``, a 4x4 bit mask (bit
``4 x + y``, y down; bit 20 set when it may rotate).
"""

from __future__ import annotations

from witness.model.base import (
    DEFAULT_COLOURS,
    NO_COLOUR,
    PILLAR_SHIFT,
    PuzzleError,
    UnsupportedPuzzle,
    edge,
    edge_point,
    is_midpoint,
    midpoint,
    valid_colour,
)
from witness.model.panel import Dot, Panel, Polyomino

ROTATION_BIT = 1 << 20
DOT_COLOURS = {1: "black", 2: "blue", 3: "yellow", 4: "invisible"}
DOT_CODES = {colour: code for code, colour in DOT_COLOURS.items()}
SYMBOLS = {"square": "squares", "star": "stars", "nega": "cancellers", "triangle": "triangles"}
# The engine's default settings; those the rules depend on are read into the panel
# (rule_settings) and written back from it.
SETTINGS = {
    "NEGATIONS_CANCEL_NEGATIONS": True,
    "SHAPELESS_ZERO_POLY": False,
    "PRECISE_POLYOMINOS": True,
    "FLASH_FOR_ERRORS": True,
    "FAT_STARTPOINTS": False,
    "CUSTOM_MECHANICS": False,
}
_RULE_SETTINGS = (
    "NEGATIONS_CANCEL_NEGATIONS",
    "SHAPELESS_ZERO_POLY",
    "PRECISE_POLYOMINOS",
    "FAT_STARTPOINTS",
)
# What a player calls the engine's custom mechanics (the editor's titles).
CUSTOM_WORDS = {"bridge": "bridges", "arrow": "arrows", "sizer": "sizers"}
# What `witness export` writes holds this (under a key the engine ignores), so that
# its --out replaces the command's own earlier output and no other file (witness.io.check_file).
EXPORT_MARK = "witness-ilp export"


def _colour(value: object) -> str:
    """An engine colour (a name, #hex or rgba(...)) as the panel writes colours."""
    text = str(value).strip().lower().replace(" ", "")
    if text.startswith("rgba(") and text.endswith(")"):
        parts = text[5:-1].split(",")
        text = "#" + "".join(f"{int(p, 16) if len(p) <= 2 else 0:02x}" for p in parts[:3])
    if not valid_colour(text):
        raise UnsupportedPuzzle(f"a colour that is not read ({value!r})")
    return text


def shape_from_polyshape(polyshape: int) -> tuple[tuple[int, int], ...]:
    """The cells (y up) of an engine polyshape."""
    cells = [(x, 3 - y) for x in range(4) for y in range(4) if polyshape & (1 << (4 * x + y))]
    return tuple(cells)


def polyshape_from_shape(shape: tuple[tuple[int, int], ...], rotatable: bool) -> int:
    """The engine polyshape of a shape (cells y up), top-left in the 4x4 mask."""
    height = max(dy for _, dy in shape) + 1
    if height > 4 or max(dx for dx, _ in shape) >= 4:
        raise ValueError("a polyomino larger than 4x4 cannot be written in the engine's format")
    bits = sum(1 << (4 * dx + (height - 1 - dy)) for dx, dy in shape)
    return bits | (ROTATION_BIT if rotatable else 0)


# ------------------------------------------------------------------ reading
def _legacy(data: dict, grid: list) -> None:
    """Fold the engine's older separate lists into the grid's flags, as it does."""
    for key, many, flag in (("start", "startPoints", "start"), ("end", "endPoints", "end")):
        points = data.get(many) or ([data[key]] if data.get(key) else [])
        for p in points:
            grid[p["x"]][p["y"]][flag] = True if flag == "start" else p.get("dir")
    for key, flag, value in (("dots", "dot", 1), ("gaps", "gap", 1)):
        for p in data.get(key) or []:
            grid[p["x"]][p["y"]][flag] = value


def _line_cell(cell: dict, at: tuple, on_edge: bool, out: dict) -> None:
    dot, gap = cell.get("dot") or 0, cell.get("gap") or 0
    if gap is True:
        gap = 1
    if isinstance(dot, int) and not isinstance(dot, bool) and dot > 4:
        dot = 1  # the engine reads a dot of any other code as black (validate.js: dot > 0)
    if dot:
        if dot not in DOT_COLOURS:
            raise UnsupportedPuzzle(f"an unknown kind of dot (the site's code {dot})")
        out["dots"].append(Dot(at, DOT_COLOURS[dot]))
    if gap:
        if gap not in (1, 2):
            raise UnsupportedPuzzle(f"an unknown kind of gap (the site's code {gap})")
        if not on_edge:
            raise UnsupportedPuzzle("a gap on an intersection")
        out["gaps" if gap == 1 else "removed_edges"].append(at)
    if cell.get("start") is True:  # (on a segment: a start half way along it)
        out["starts"].append(midpoint(at) if on_edge else at)
    if cell.get("end"):
        out["ends"].append(midpoint(at) if on_edge else at)


def _symbol(cell: dict, at: tuple[int, int], out: dict) -> None:
    kind = cell.get("type")
    if kind in (None, "nonce"):
        return
    colour = _colour(cell.get("color", "black"))
    if kind in ("poly", "ylop"):
        polyshape = int(cell.get("polyshape") or 0)
        if cell.get("rot") == "all":  # the engine's older way to say "rotatable"
            polyshape |= ROTATION_BIT
        if polyshape & 0xFFFF:
            shape = shape_from_polyshape(polyshape)
            rotatable = bool(polyshape & ROTATION_BIT)
            out["polyominoes"].append(Polyomino(at, shape, rotatable, kind == "ylop", colour))
    elif kind == "triangle":
        out["triangles"].append((*at, cell.get("count"), colour))
    elif kind in SYMBOLS:
        out[SYMBOLS[kind]].append((*at, colour))
    else:
        raise UnsupportedPuzzle(f"{CUSTOM_WORDS.get(kind, repr(kind))} (a custom mechanic)")


def panel_from_jbz(data: dict, meta: dict | None = None) -> Panel:
    """The panel an engine puzzle object stands for; UnsupportedPuzzle naming
    the feature the model lacks (PuzzleError when the result is invalid)."""
    pillar = bool(data.get("pillar"))
    grid = data.get("grid")
    if not (isinstance(grid, list) and grid and all(isinstance(c, list) for c in grid)):
        raise UnsupportedPuzzle("no grid")
    width, height = len(grid), len(grid[0])
    if width % 2 == int(pillar) or height % 2 == 0 or any(len(c) != height for c in grid):
        raise UnsupportedPuzzle("a grid of even or ragged size")
    cols, rows = width // 2, height // 2
    grid = [[c if isinstance(c, dict) else {} for c in column] for column in grid]
    _legacy(data, grid)
    out: dict = {name: [] for name in _FIELDS}
    for x, column in enumerate(grid):
        for y, cell in enumerate(column):
            px, py = x, 2 * rows - y  # the engine counts rows from the top
            if px % 2 == 1 and py % 2 == 1:
                _symbol(cell, (px // 2, py // 2), out)
            elif px % 2 == 0 and py % 2 == 0:
                _line_cell(cell, (px // 2, py // 2), False, out)
            else:
                a = (px // 2, py // 2)
                b = (a[0] + 1, a[1]) if px % 2 == 1 else (a[0], a[1] + 1)
                if pillar and cols >= 3:  # the last column's edges reach round to the first
                    b = (b[0] % cols, b[1])  # (a narrow pillar names it by column cols)
                _line_cell(cell, edge(a, b), True, out)
    sym = data.get("symmetry")
    if pillar and isinstance(sym, dict) and sym.get("x") is not True and sym.get("y") is not True:
        symmetry: str | None = PILLAR_SHIFT  # round a pillar the engine turns it half way
    else:
        symmetry = _symmetry(sym)
        if symmetry == NO_AXIS:  # every start is its own mirror image: the engine refuses each
            out["starts"], symmetry = [], None
    rules = rule_settings(data.get("settings"))
    meta = _with_empty_pieces(
        grid, rows, _without_cut_off(rows, cols, pillar, out, grid, meta or {})
    )
    return Panel(rows=rows, cols=cols, symmetry=symmetry, pillar=pillar, meta=meta, **rules, **out)


_SYMBOL_FIELDS = ("triangles", "squares", "stars", "cancellers")


def needs_regions(grid: list) -> bool:
    """Does the engine's validate() split the panel into regions: some cell
    holds a symbol other than a triangle (an empty ``nonce`` one too)?"""
    return any(
        isinstance(cell, dict) and cell.get("type") not in (None, "line", "triangle")
        for column in grid
        for cell in column
    )


def _with_empty_pieces(grid: list, rows: int, meta: dict) -> dict:
    """``meta`` with the engine cells of polyominoes of no cells (``polyshape``
    0, which the engine's polyFit skips and the panel leaves out) kept for
    export (``meta.jbz.empty_pieces``, ``[x, y, cell]`` y up)."""
    empty = [
        [x // 2, rows - 1 - y // 2, cell]
        for x, column in enumerate(grid)
        for y, cell in enumerate(column)
        if x % 2 and y % 2 and cell.get("type") in ("poly", "ylop")
        and not int(cell.get("polyshape") or 0) & 0xFFFF and cell.get("rot") != "all"
    ]  # fmt: skip
    if not empty:
        return meta
    return {**meta, "jbz": {**_dict(meta.get("jbz")), "empty_pieces": empty}}


def _without_cut_off(rows: int, cols: int, pillar: bool, out: dict, grid: list, meta: dict) -> dict:
    """Take from ``out`` the symbols in cells removed edges cut off from the
    panel (Panel.outside): the engine's regions leave those cells out
    (``_floodFillOutside``), so no rule ever reads them. ``meta`` with the
    cells taken kept (``meta.jbz.cut_off``, ``[x, y, cell]`` y up) for export.
    But a puzzle of triangles alone is one region to the engine (validate.js:
    no symbol ``needsRegions``), which counts every triangle, cut off or not:
    the model has no triangle outside the panel, so that is UnsupportedPuzzle."""
    if not out["removed_edges"]:
        return meta
    try:
        probe = Panel(
            rows=rows, cols=cols, starts=(), pillar=pillar,
            removed_edges=tuple(out["removed_edges"]), dots=tuple(out["dots"]),
        )  # fmt: skip
    except PuzzleError:
        return meta  # the panel itself says what is wrong
    cut = {(x, y) for x, y in probe.cells() if (2 * x + 1, 2 * y + 1) in probe.outside}
    if not cut:
        return meta
    if not needs_regions(grid) and any((t[0], t[1]) in cut for t in out["triangles"]):
        raise UnsupportedPuzzle(
            "a triangle in a cell cut off by removed edges in a puzzle of triangles alone "
            "(the engine counts it; the model holds no triangle outside the panel)"
        )
    for name in _SYMBOL_FIELDS:
        out[name] = [item for item in out[name] if (item[0], item[1]) not in cut]
    out["polyominoes"] = [p for p in out["polyominoes"] if p.cell not in cut]
    kept = [[x, y, grid[2 * x + 1][2 * (rows - y) - 1]] for x, y in sorted(cut)]
    kept = [item for item in kept if item[2].get("type") not in (None, "nonce")]
    if not kept:
        return meta
    return {**meta, "jbz": {**_dict(meta.get("jbz")), "cut_off": kept}}


def rule_settings(settings: object) -> dict:
    """The panel fields the engine's rule settings (``settings`` of its puzzle,
    each true or false, the default where missing) stand for:
    NEGATIONS_CANCEL_NEGATIONS off is ``canceller_rules`` ``unpaired``,
    PRECISE_POLYOMINOS off ``polyomino_rules`` ``imprecise``,
    SHAPELESS_ZERO_POLY on ``shapeless_zero``, FAT_STARTPOINTS on
    ``fat_starts``."""
    given = settings if isinstance(settings, dict) else {}
    value = {key: bool(given.get(key, SETTINGS[key])) for key in _RULE_SETTINGS}
    return {
        "canceller_rules": "community" if value["NEGATIONS_CANCEL_NEGATIONS"] else "unpaired",
        "polyomino_rules": "precise" if value["PRECISE_POLYOMINOS"] else "imprecise",
        "shapeless_zero": value["SHAPELESS_ZERO_POLY"],
        "fat_starts": value["FAT_STARTPOINTS"],
    }


# The engine's symmetry object with neither axis (see _symmetry).
NO_AXIS = "no axis"


def _no_axis(sym: object) -> bool:
    """A symmetry (anything but null, ``puzzle.symmetry != null``) without an axis."""
    axis = isinstance(sym, dict) and (sym.get("x") is True or sym.get("y") is True)
    return sym is not None and not axis


def _symmetry(sym: object) -> str | None:
    """The panel's symmetry for the engine's ``symmetry`` field. The engine
    mirrors an axis only where its flag is ``true``, and any object (even one
    with neither flag) makes a symmetry puzzle (``puzzle.symmetry != null``):
    with no axis every place is its own mirror image, which its solver refuses
    (engine/solve.js), so no line solves it: :data:`NO_AXIS`, read as a panel
    without starts (the object and the starts kept for export, jbz_extras)."""
    if sym is None:
        return None
    if _no_axis(sym) or not isinstance(sym, dict):
        return NO_AXIS
    axes = (sym.get("x") is True, sym.get("y") is True)
    return {(True, False): "horizontal", (False, True): "vertical", (True, True): "rotational"}[
        axes
    ]


_FIELDS = (
    "starts ends triangles squares stars cancellers polyominoes dots gaps removed_edges"
).split()


# Top-level keys a panel holds itself (the grid, and what the engine folds into
# it), and export's own mark, which it writes anew.
_HELD = {"grid", "width", "height", "pillar", "symmetry", "name", "exported_by"}
_HELD |= {"start", "end", "startPoints", "endPoints", "dots", "gaps"}


def _half(c: int) -> int | float:
    """A doubled-grid coordinate in panel units (a segment's middle a half-integer)."""
    return c // 2 if c % 2 == 0 else c / 2


def jbz_extras(data: dict) -> dict:
    """What an engine puzzle holds beyond its panel, for export to write back: the
    side each end sticks out of (``ends``, ``[x, y, side]`` in panel coordinates)
    and the other top-level keys (``largezero``, ``settings``, ...)."""
    extras = {key: value for key, value in data.items() if key not in _HELD}
    grid = data.get("grid")
    ends = []
    if isinstance(grid, list) and grid and all(isinstance(c, list) for c in grid):
        top = len(grid[0]) - 1  # the engine counts rows from the top
        for x, column in enumerate(grid):
            for y, cell in enumerate(column):
                side = cell.get("end") if isinstance(cell, dict) else None
                if isinstance(side, str) and (x % 2 == 0 or (top - y) % 2 == 0):
                    ends.append([_half(x), _half(top - y), side])
        legacy = data.get("endPoints") or ([data["end"]] if data.get("end") else [])
        for p in legacy if isinstance(legacy, list) else []:  # the engine's older list
            if isinstance(p, dict) and isinstance(p.get("dir"), str):
                x, y = p.get("x"), p.get("y")
                if isinstance(x, int) and isinstance(y, int) and x % 2 == (top - y) % 2 == 0:
                    ends.append([x // 2, (top - y) // 2, p["dir"]])
    if ends:
        extras["ends"] = ends
    if _no_axis(data.get("symmetry")) and isinstance(grid, list):
        # the starts no line may leave, and the symmetry saying so (export writes both back)
        top = len(grid[0]) - 1 if grid and isinstance(grid[0], list) else 0
        starts = [
            [x // 2, (top - y) // 2]
            for x, column in enumerate(grid)
            for y, cell in enumerate(column if isinstance(column, list) else [])
            if isinstance(cell, dict) and cell.get("start") is True and x % 2 == (top - y) % 2 == 0
        ]
        extras.update(symmetry=data["symmetry"], starts=starts)
    return extras


# ------------------------------------------------------------------ writing
def _end_side(panel: Panel, v: tuple[int, int], kept: str | None = None) -> str:
    """The side an end sticks out of: ``kept`` (the side it had when imported;
    for an end half way along an edge, if it still can), else the border
    first, else a missing edge, else (an inner vertex) any side, top first."""
    x, y = v
    if is_midpoint(v):  # an end half way along a line sticks out across it
        sides = ["bottom", "top"] if x % 1 else ["left", "right"]
        if y == panel.rows or x == panel.cols:
            sides.reverse()
        return kept if kept in sides else sides[0]
    if kept in ("top", "bottom", "left", "right"):  # the engine read it so: written back
        return kept
    walled = not panel.pillar  # a pillar has no left or right border
    border = {
        "top": y == panel.rows,
        "bottom": y == 0,
        "left": walled and x == 0,
        "right": walled and x == panel.cols,
    }
    steps = {"top": (x, y + 1), "bottom": (x, y - 1), "left": (x - 1, y), "right": (x + 1, y)}
    if panel.pillar:
        steps.update(left=((x - 1) % panel.cols, y), right=((x + 1) % panel.cols, y))
    if panel.narrow:  # (the seam edge named by column cols: Panel.narrow)
        steps.update(left=(x - 1, y), right=(x + 1, y))
    sides = [side for side, on in border.items() if on]
    sides += [
        s
        for s, w in steps.items()
        if s not in sides and panel.in_rows(w) and panel.whole_edge(v, w) in panel.missing
    ]
    if not sides:  # an inner vertex: the engine ends a line there all the same
        sides = list(steps)
    return kept if kept in sides else sides[0]


def panel_to_jbz(panel: Panel) -> tuple[dict, list[str]]:
    """The engine's puzzle object for ``panel`` and the approximations made
    (the engine has no overhanging polyominoes and no colourless symbols)."""
    rows = panel.rows
    width = panel.place_cols
    grid: list[list] = [
        [
            None if x % 2 == 1 and y % 2 == 1 else {"type": "line", "line": 0}
            for y in range(2 * rows + 1)
        ]
        for x in range(width)
    ]

    def at(px: int, py: int) -> dict:
        return grid[px][2 * rows - py]

    notes = []
    for kind, name in (("square", "squares"), ("star", "stars"), ("nega", "cancellers")):
        for x, y, colour in getattr(panel, name):
            if colour == NO_COLOUR:
                notes.append(f"a colourless canceller at {[x, y]} is written white")
                colour = DEFAULT_COLOURS["cancellers"]
            grid[2 * x + 1][2 * (rows - y) - 1] = {"type": kind, "color": colour}
    for x, y, k, colour in panel.triangles:
        grid[2 * x + 1][2 * (rows - y) - 1] = {"type": "triangle", "color": colour, "count": k}
    for p in panel.polyominoes:
        grid[2 * p.cell[0] + 1][2 * (rows - p.cell[1]) - 1] = {
            "type": "ylop" if p.negative else "poly",
            "color": p.colour,
            "polyshape": polyshape_from_shape(p.shape, p.rotatable),
        }
    for d in panel.dots:
        px, py = edge_point(*d.at) if d.on_edge else (2 * d.at[0], 2 * d.at[1])
        at(px, py)["dot"] = DOT_CODES[d.colour]
    for gap, edges in ((1, panel.gaps), (2, sorted(panel.missing))):
        for a, b in edges:
            at(*edge_point(a, b))["gap"] = gap
    extras = _dict(panel.meta.get("jbz"))
    for x, y, cell in _cut_off(panel, extras) + _kept_cells(panel, extras, "empty_pieces"):
        grid[2 * x + 1][2 * (rows - y) - 1] = dict(cell)
    for v in panel.starts or _refused_starts(panel, extras):
        at(int(2 * v[0]), int(2 * v[1]))["start"] = True
    ends = extras.get("ends") if isinstance(extras.get("ends"), list) else []
    kept = {(e[0], e[1]): e[2] for e in ends if _is_end_side(e)}
    for v in panel.ends:
        at(int(2 * v[0]), int(2 * v[1]))["end"] = _end_side(panel, v, kept.get(v))
    settings = {**SETTINGS, **_dict(extras.get("settings"))}
    settings["NEGATIONS_CANCEL_NEGATIONS"] = panel.canceller_rules != "unpaired"
    settings["PRECISE_POLYOMINOS"] = panel.polyomino_rules == "precise"
    settings["SHAPELESS_ZERO_POLY"] = panel.shapeless_zero
    settings["FAT_STARTPOINTS"] = panel.fat_starts
    if panel.polyomino_rules == "windmill":
        notes.append("polyominoes are written imprecise; the engine lets none overhang the grid")
    if panel.canceller_rules == "windmill" and panel.cancellers:
        notes.append("the engine spends cancellers by its own search, not The Windmill's count")
    sym = {
        "horizontal": {"x": True, "y": False},
        "vertical": {"x": False, "y": True},
        "rotational": {"x": True, "y": True},
        PILLAR_SHIFT: {"x": False, "y": False},
    }.get(panel.symmetry or "")
    data = {
        **{key: value for key, value in extras.items() if key not in _OWN_EXTRAS},
        "name": str(panel.meta.get("title") or ""),
        "width": width,
        "height": 2 * rows + 1,
        "pillar": panel.pillar,
        "settings": settings,
        "grid": grid,
    }
    # what the engine's deserialize sets (for its pillar arithmetic), unless read
    data.setdefault("largezero", data["width"] * data["height"])
    if sym:
        data["symmetry"] = sym
    elif panel.starts:  # a symmetry without axis (kept in meta) refuses every start
        data.pop("symmetry", None)
    return data, notes


# What meta.jbz holds for export itself rather than as the engine's own keys.
_OWN_EXTRAS = ("ends", "starts", "cut_off", "empty_pieces")


def _kept_cells(panel: Panel, extras: dict, key: str) -> list[tuple[int, int, dict]]:
    """The engine cells ``meta.jbz[key]`` holds (``[x, y, cell]`` y up) whose
    cell is on the grid and holds no symbol of the panel."""
    held = {s[:2] for name in _SYMBOL_FIELDS for s in getattr(panel, name)}
    held |= {p.cell for p in panel.polyominoes}
    out = []
    for item in extras.get(key) or []:
        if not (isinstance(item, list) and len(item) == 3 and isinstance(item[2], dict)):
            continue
        x, y, cell = item
        if isinstance(x, int) and isinstance(y, int) and panel.in_cells((x, y)):
            if (x, y) not in held:
                out.append((x, y, cell))
    return out


def _cut_off(panel: Panel, extras: dict) -> list[tuple[int, int, dict]]:
    """The engine cells of symbols cut off from the panel when it was read
    (``meta.jbz.cut_off``) that are still outside it and free."""
    kept = _kept_cells(panel, extras, "cut_off")
    return [(x, y, cell) for x, y, cell in kept if (2 * x + 1, 2 * y + 1) in panel.outside]


def _refused_starts(panel: Panel, extras: dict) -> list[tuple[int, int]]:
    """The starts of an engine puzzle whose symmetry has no axis (kept in
    ``meta.jbz``, jbz_extras) on a panel that has none of its own."""
    starts = extras.get("starts") if _no_axis(extras.get("symmetry")) else None
    return [
        (s[0], s[1])
        for s in starts or []
        if isinstance(s, list) and len(s) == 2 and panel.in_grid(tuple(s))
    ]


def _is_end_side(item: object) -> bool:
    return (
        isinstance(item, list)
        and len(item) == 3
        and all(isinstance(c, int | float) and (2 * c) % 1 == 0 for c in item[:2])
        and item[2] in ("top", "bottom", "left", "right")
    )


def _dict(value: object) -> dict:
    """``value`` if it is a dict (meta is the user's to edit), else empty."""
    return value if isinstance(value, dict) else {}
