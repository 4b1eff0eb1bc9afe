"""A panel's ASP program: the encodings of the constraint families it uses
(``encodings/panel_*.lp``) and its facts; which families a stage leaves to
the rules checker, and whether the encoding alone decides every line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from witness.model.base import MAIN_LINE, MIRROR_LINE, NO_COLOUR
from witness.model.panel import Panel, Polyomino
from witness.model.rules import (
    cell_point,
    is_cell_point,
    placements,
    point,
    windmill_square_key,
)
from witness.search.asp_solver.control import pair
from witness.search.asp_solver.narrow import narrow_line_facts, narrow_place_facts
from witness.search.asp_solver.settings import DEFAULT_SETTINGS, AspSettings
from witness.search.encodings import encoding


def _cancellers_by(panel: Panel, rules: str) -> bool:
    """Has ``panel`` cancellers spent by ``rules`` (its ``canceller_rules``;
    ``"community"`` stands for ``"unpaired"`` too: one encoding, fact unpaired)?"""
    if rules == "community" and panel.canceller_rules == "unpaired":
        rules = "unpaired"
    return bool(panel.cancellers) and panel.canceller_rules == rules


def needs_regions(panel: Panel) -> bool:
    """Does a rule of ``panel`` read its regions (panel_regions.lp)? Squares,
    stars, polyominoes and cancellers do; dots and triangles read only the
    places under the lines."""
    return bool(panel.squares or panel.stars or panel.polyominoes or panel.cancellers)


# Which families a panel needs: (encoding file, does the panel use it?)
FAMILIES: tuple[tuple[str, Callable[[Panel], bool]], ...] = (
    ("panel_path.lp", lambda p: True),
    ("panel_regions.lp", needs_regions),
    ("panel_dots.lp", lambda p: bool(p.dots)),
    ("panel_triangles.lp", lambda p: bool(p.triangles)),
    ("panel_squares.lp", lambda p: bool(p.squares)),
    ("panel_stars.lp", lambda p: bool(p.stars)),
    ("panel_polyominoes.lp", lambda p: bool(p.polyominoes)),
    ("panel_cancellers.lp", lambda p: _cancellers_by(p, "community")),
    ("panel_cancellers_windmill.lp", lambda p: _cancellers_by(p, "windmill")),
    ("panel_parity.lp", lambda p: star_parity(p) is not None),
)


SHOW = "#show sel/2.\n#show first/1.\n"


def _line_facts(panel: Panel) -> list[str]:
    """Vertices, the usable edges, starts, ends and the mirror map; a start's or
    an end's edge midpoint is a vertex (``mid/1``) splitting its edge in two;
    round a narrow pillar, of its two-fold cover (asp_solver.narrow)."""
    if panel.narrow:
        return narrow_line_facts(panel)
    vertices = [*panel.vertices(), *sorted(panel.halves.values())]
    out = [f"vertex({pair(v)})." for v in vertices]
    out += [f"mid({pair(v)})." for v in sorted(panel.halves.values())]
    if panel.fat_starts and panel.halves:
        out.append("fat.")
    # (a midpoint on a gap, or whose mirror image is, holds no line; round a pillar
    # Panel.mirror turns half way round even without symmetry)
    sym = panel.symmetry is not None
    usable = [
        v for v in vertices if not (panel.on_gap(v) or (sym and panel.on_gap(panel.mirror(v))))
    ]
    out += [f"start({pair(v)})." for v in panel.starts if v in usable]
    out += [f"end({pair(v)})." for v in panel.ends if v in usable]
    for a, b in panel.grid_edges():
        if (a, b) in panel.blocked:
            continue
        m = panel.halves.get((a, b))
        # (with symmetry, none the mirror line could not follow or where it would meet the first)
        for u, w in ((a, b),) if m is None else ((a, m), (m, b)):
            if panel.mirror_allows(u, w):
                out.append(f"edge({pair(u)},{pair(w)}).")
    if panel.symmetry is not None:
        out += [f"mirror({pair(v)},{pair(panel.mirror(v))})." for v in vertices]
    return out


def cell_regions(panel: Panel) -> bool:
    """Are the regions computed over the cells only, with the places a rule
    asks about next to them (``link/3``, panel_regions.lp)? On panels where
    nothing lies outside and no start or end lies half way along an edge (the
    regions beside such an edge join round its uncovered end vertex, not
    through a cell's side alone)."""
    return not panel.outside and not panel.halves


def _link_facts(panel: Panel) -> list[str]:
    """Neighbouring cells through their edge place, both ways; each dot's
    place next to the cells around it; with polyominoes under the precise
    reading every edge place next to the cells around it, as ``plink/2``
    (their placements cover edges, and only the pieces' regions need them:
    panel_polyominoes.lp)."""
    out = []
    dots = {point(dot.at) for dot in panel.dots}
    edges = set()
    pieces_cover_edges = bool(panel.polyominoes) and panel.polyomino_rules == "precise"
    wrap = 2 * panel.cols if panel.pillar else 0  # round a pillar, x wraps
    for x in range(panel.cols):
        for y in range(panel.rows):
            c = cell_point((x, y))
            if pieces_cover_edges:
                edges |= {point(e) for e in panel.cell_edges((x, y))}
            for d in ((1, 0), (0, 1)):
                q = (c[0] + 2 * d[0], c[1] + 2 * d[1])
                q = (q[0] % wrap, q[1]) if wrap else q
                if (wrap or q[0] < 2 * panel.cols) and q[1] < 2 * panel.rows:
                    e = pair(((c[0] + d[0]) % (wrap or 2 * panel.cols + 1), c[1] + d[1]))
                    out += [
                        f"link({pair(c)},{pair(q)},{e}).",
                        f"link({pair(q)},{pair(c)},{e}).",
                    ]
    for px, py in sorted(dots | edges):
        q = pair((px, py))
        for cx in {px - 1, px + 1} if px % 2 == 0 else {px}:
            cx = cx % wrap if wrap else cx
            for cy in {py - 1, py + 1} if py % 2 == 0 else {py}:
                if 0 < cx < 2 * panel.cols and 0 < cy < 2 * panel.rows:
                    c = pair((cx, cy))
                    out.append(f"link({c},{q},{q})." if (px, py) in dots else f"plink({c},{q}).")
    return out


def _place_facts(panel: Panel) -> list[str]:
    """The doubled grid: where each vertex and edge lies, and where a rule
    reads regions (:func:`needs_regions`) the places inside the panel and
    their neighbours (or the cells' and dots' links, :func:`cell_regions`)."""
    out = _region_facts(panel) if needs_regions(panel) else []
    if panel.narrow:  # the line is drawn on the cover (asp_solver.narrow)
        return out + narrow_place_facts(panel)
    if not (panel.pillar or panel.halves):  # panel_path.lp derives them (fact plain)
        return [*out, "plain."]
    out += [f"vpt({pair(v)},{pair(point(v))})." for v in panel.vertices()]
    for a, b in panel.grid_edges():
        p = pair(point((a, b)))
        m = panel.halves.get((a, b))
        if m is not None:  # a midpoint and its half-edges lie at the edge's place
            out.append(f"vpt({pair(m)},{p}).")
            out += [f"ept({pair(u)},{pair(w)},{p})." for u, w in ((a, m), (m, a), (m, b), (b, m))]
            continue
        out += [f"ept({pair(a)},{pair(b)},{p}).", f"ept({pair(b)},{pair(a)},{p})."]
    return out


def _region_facts(panel: Panel) -> list[str]:
    """The places inside the panel and their neighbours (panel_regions.lp)."""
    width, height = panel.place_cols, 2 * panel.rows
    inside = [
        (x, y) for x in range(width) for y in range(height + 1) if (x, y) not in panel.outside
    ]
    inside_set = set(inside)
    out = [f"pt({pair(p)})." for p in inside]
    if cell_regions(panel):
        out += _link_facts(panel)
    else:
        for px, py in inside:
            for q in ((px + 1, py), (px, py + 1)):
                q = (q[0] % width, q[1]) if panel.pillar else q
                if q in inside_set:
                    out.append(f"adj({pair((px, py))},{pair(q)}).")
                    out.append(f"adj({pair(q)},{pair((px, py))}).")
    return out


def _symbol_facts(panel: Panel, settings: AspSettings) -> list[str]:
    """Triangles, squares, stars, cancellers, dots, and every symbol's colour;
    src/1 for each place whose region a rule needs."""
    out: list[str] = []
    sources: set[tuple[int, int]] = set()
    for x, y, k, _colour in panel.triangles:
        p = cell_point((x, y))
        out.append(f"tri({pair(p)},{k}).")
        sides = panel.cell_edges((x, y))
        out += [f"side({pair(p)},{pair(point(e))})." for e in sides]
        if sides[1] == sides[3]:  # one column round: its left and right side, counted twice
            out.append(f"twice({pair(p)},{pair(point(sides[1]))}).")
    for x, y, colour in panel.squares:
        out.append(f'square({pair(cell_point((x, y)))},"{colour}").')
    for x, y, colour in panel.stars:
        out.append(f'star({pair(cell_point((x, y)))},"{colour}").')
        sources.add(cell_point((x, y)))
    for x, y, _ in panel.cancellers:
        out.append(f"canceller({pair(cell_point((x, y)))}).")
        sources.add(cell_point((x, y)))
    coloured = [(t[0], t[1], t[-1]) for t in panel.triangles + panel.squares + panel.stars]
    coloured += [(x, y, c) for x, y, c in panel.cancellers]
    coloured += [(*p.cell, p.colour) for p in panel.polyominoes]
    out += [f'colour({pair(cell_point((x, y)))},"{c}").' for x, y, c in coloured if c != NO_COLOUR]
    if _tones(panel):
        out.append("tones.")
    if needs_regions(panel) and _parted(panel):
        out.append("parted.")
    for d in panel.dots:
        out.append(f"dot({pair(point(d.at))}).")
        if panel.symmetry is not None and d.colour in (MAIN_LINE, MIRROR_LINE):
            out.append(f"dot_colour({pair(point(d.at))},{d.colour}).")
    sources |= {cell_point(p.cell) for p in panel.polyominoes}
    out += [f"src({pair(p)})." for p in sorted(sources)]
    if needs_regions(panel) and len(sources) <= settings.together_sources:
        out.append("together.")
    parity = star_parity(panel)
    if parity is not None:
        out.append(f"parity({parity}).")
    if _cancellers_by(panel, "windmill"):
        out += _windmill_keys(panel)
    if _cancellers_by(panel, "community"):
        out += _alike_facts(panel)
    if panel.canceller_rules == "unpaired":
        out.append("unpaired.")
    return out


def _symbol_groups(panel: Panel) -> dict[tuple, list[tuple[int, int]]]:
    """The places of the squares, stars and polyominoes by group of
    interchangeable symbols (the rules checker's: kind, colour and piece)."""
    groups: dict[tuple, list[tuple[int, int]]] = {}
    for x, y, colour in panel.squares:
        groups.setdefault(("square", colour), []).append(cell_point((x, y)))
    for x, y, colour in panel.stars:
        groups.setdefault(("star", colour), []).append(cell_point((x, y)))
    for p in panel.polyominoes:
        key = ("polyomino", p.colour, p.shape, p.rotatable, p.negative)
        groups.setdefault(key, []).append(cell_point(p.cell))
    return groups


def _alike_facts(panel: Panel) -> list[str]:
    """alike(P, Q), P < Q: the symbols at P and Q are interchangeable to every
    rule (panel_cancellers.lp: the engine's last invalid symbol)."""
    out = []
    for places in _symbol_groups(panel).values():
        for i, p in enumerate(sorted(places)):
            out += [f"alike({pair(p)},{pair(q)})." for q in sorted(places)[i + 1 :]]
    return out


def _order_may_decide(panel: Panel) -> bool:
    """Can the engine's order of a region decide whether its cancellers pair
    off (panel_cancellers.lp): squares, stars or polyominoes of more than one
    group of a kind beside the community's cancellers (that may pair off)?"""
    if not panel.cancellers or panel.canceller_rules != "community":
        return False
    kinds = Counter(key[0] for key in _symbol_groups(panel))
    return any(n > 1 for n in kinds.values())


def _windmill_keys(panel: Panel) -> list[str]:
    """wkey(N, C, K): N squares of colour C come K-th in The Windmill's order
    (:func:`witness.model.rules.windmill_square_key`), for every N up to the
    panel's squares of C (panel_cancellers_windmill.lp)."""
    counts = Counter(colour for _x, _y, colour in panel.squares)
    keys = [(windmill_square_key(c, n), n, c) for c in counts for n in range(1, counts[c] + 1)]
    return [f'wkey({n},"{c}",{k}).' for k, (_key, n, c) in enumerate(sorted(keys))]


def _tones(panel: Panel) -> bool:
    """Do dots lie on or at half the panel's vertices or more? Then the line's
    vertices are counted by their chessboard colour (panel_dots.lp, tones).
    Not with a start or an end half way along an edge (no colour of its own)."""
    if panel.halves:
        return False
    touched = set()
    for d in panel.dots:
        touched |= set(d.at) if d.on_edge else {d.at}
    if panel.pillar and panel.cols % 2:
        return False  # an odd pillar's vertices cannot be coloured as a chessboard
    return 2 * len(touched) >= (panel.rows + 1) * panel.vertex_cols


def star_parity(panel: Panel) -> int | None:
    """The parity of the panel's stars and cancellers when it bounds the dots
    off the lines and the wrong triangles (panel_parity.lp): on a panel with
    stars or cancellers whose other symbols are dots, triangles and squares
    of no star's colour, the squares all of one colour (so none is ever
    wrong), none of it outside the panel; else None."""
    if panel.polyominoes or not (panel.stars or panel.cancellers):
        return None
    if _cancellers_by(panel, "windmill"):
        return None  # The Windmill's count spends cancellers otherwise
    star_colours = {c for _x, _y, c in panel.stars}
    square_colours = {c for _x, _y, c in panel.squares}
    if len(square_colours) > 1 or not star_colours.isdisjoint(square_colours):
        return None
    if any(t[-1] in star_colours for t in panel.triangles):
        return None
    places = [cell_point(t[:2]) for t in panel.stars + panel.cancellers + panel.triangles]
    places += [point(d.at) for d in panel.dots]
    if not panel.outside.isdisjoint(places):
        return None
    return (len(panel.stars) + len(panel.cancellers)) % 2


def _extent(shape: tuple[tuple[int, int], ...]) -> int:
    """How far (in cells) a piece may lie off the grid under the windmill reading."""
    return max(max(c) for c in shape) + 1


def _margin_needed(panel: Panel, cover: list[tuple[int, int]]) -> int:
    """The least margin (cells off the grid on any side) a placement needs."""
    xs = [(px - 1) // 2 for px, py in cover if is_cell_point((px, py))]
    ys = [(py - 1) // 2 for px, py in cover if is_cell_point((px, py))]
    return max(0, -min(xs), -min(ys), max(xs) - panel.cols + 1, max(ys) - panel.rows + 1)


def rim_ends(panel: Panel) -> bool:
    """Do the lines start and end on the panel's rim? Then a line from rim to
    rim cuts the panel: the two cells on either side of each of its edges lie
    in two regions (:func:`_parted`)."""
    if panel.pillar:
        return False  # round a pillar a line from rim to rim cuts nothing off
    terminals = [*panel.starts, *panel.ends]
    if panel.symmetry is not None:
        terminals += [panel.mirror(v) for v in terminals]
    return all(x in (0, panel.cols) or y in (0, panel.rows) for x, y in terminals)


def _parted(panel: Panel) -> bool:
    """Is each line a chord of the panel, from rim to rim with nothing outside
    (fact parted: panel_regions.lp, and cut in panel_polyominoes.lp)?"""
    return cell_regions(panel) and rim_ends(panel)


def _twins(a: Polyomino, b: Polyomino) -> bool:
    """Interchangeable pieces: their placements are the same, in the same order."""
    return (a.shape, a.rotatable, a.negative) == (b.shape, b.rotatable, b.negative)


def covers(panel: Panel, piece: Polyomino, margin: int) -> list[tuple]:
    """The places each way to lay ``piece`` covers (within ``margin`` cells
    of the grid), each way once, in one fixed order."""
    return sorted({tuple(c) for c in placements(panel, piece, piece.negative, margin=margin)})


def _polyomino_facts(panel: Panel, settings: AspSettings, placements_too: bool = True) -> list[str]:
    """Each piece's signed area, extent and placements with the places they
    cover; the grid's cell and edge places (widened by the largest extent
    under the windmill reading, where pieces may lie partly off the grid)."""
    if not panel.polyominoes:
        return []
    windmill = panel.polyomino_rules == "windmill"
    negatives = any(p.negative for p in panel.polyominoes)
    # off the grid a cell starts at 0, so only a negative piece lets a piece lie there
    wide = max(_extent(p.shape) for p in panel.polyominoes) if windmill and negatives else 0
    out = ["windmill."] if windmill else []
    if panel.shapeless_zero:
        out.append("shapeless.")
    if not negatives:
        out.append("no_negatives.")
    if loose_pieces(panel, settings):
        out.append("loose.")
    for x in range(-2 * wide, 2 * (panel.cols + wide) + (0 if panel.pillar else 1)):
        for y in range(-2 * wide, 2 * (panel.rows + wide) + 1):
            kind = x % 2 + y % 2
            if kind == 2:
                out.append(f"gcell({pair((x, y))}).")
            elif kind == 1 and panel.polyomino_rules == "precise":
                out.append(f"gedge({pair((x, y))}).")
    for piece in panel.polyominoes:
        p = pair(cell_point(piece.cell))
        weight = -1 if piece.negative else 1
        out.append(f"poly({p},{weight * piece.size}).")
        twins = [o for o in panel.polyominoes if _twins(piece, o)]
        out += [f"twins({p},{pair(cell_point(o.cell))})." for o in twins if o.cell > piece.cell]
        # twins share their placements, given once under the least twin's place
        kind = min(o.cell for o in twins)
        out.append(f"kind({p},{pair(cell_point(kind))}).")
        if not placements_too or kind != piece.cell:
            continue
        for i, cover in enumerate(covers(panel, piece, wide)):
            out.append(f"plc({p},{i},{_margin_needed(panel, list(cover))}).")
            out += [f"pcov({p},{i},{pair(q)},{weight})." for q in cover]
    return out


LAZY_FILES = {
    "polyominoes": ("panel_polyominoes.lp",),
    "cancellers": ("panel_cancellers.lp", "panel_cancellers_windmill.lp"),
}


def lazy_families(
    panel: Panel, second: bool = False, settings: AspSettings = DEFAULT_SETTINGS
) -> frozenset[str]:
    """The families clingo leaves to the rules checker on ``panel``: none, or
    in the second stage of a solve (``second``) the polyominoes' tiling and
    the cancellers (module doc); ``settings.lazy`` when set."""
    if settings.lazy is not None:
        chosen = settings.lazy
    elif second and not panel.halves:  # (lazy.py's regions know no half-covered edge)
        chosen = frozenset({"polyominoes", "cancellers"})
    else:
        chosen = frozenset()
    present = {"polyominoes": bool(panel.polyominoes), "cancellers": bool(panel.cancellers)}
    return frozenset(f for f in chosen if present[f])


def panel_program(
    panel: Panel, lazy: frozenset[str] = frozenset(), settings: AspSettings = DEFAULT_SETTINGS
) -> str:
    """The encodings ``panel`` needs and its facts, as one ASP program; the
    families in ``lazy`` are left to the rules checker (:func:`panel_lines`)."""
    skip = {name for f in lazy for name in LAZY_FILES[f]}
    parts = [encoding(name) for name, used in FAMILIES if used(panel) and name not in skip]
    if panel.polyominoes:
        parts.append(encoding("panel_polyomino_area.lp"))
    if panel.cancellers and "cancellers" in lazy:
        parts.append(encoding("panel_cancellers_lazy.lp"))
    facts = _line_facts(panel) + _place_facts(panel) + _symbol_facts(panel, settings)
    facts += _polyomino_facts(panel, settings, placements_too="polyominoes" not in lazy)
    return "\n".join(parts) + "\n" + "\n".join(facts) + "\n" + SHOW


def loose_pieces(panel: Panel, settings: AspSettings = DEFAULT_SETTINGS) -> bool:
    """Does the encoding sum the pieces' cover over the whole panel, not a
    region at a time (fact loose, panel_polyominoes.lp)? Under the windmill
    reading with negative pieces, when there are at least ``settings.loose_pieces``."""
    negatives = any(p.negative for p in panel.polyominoes)
    windmill = panel.polyomino_rules == "windmill"
    return windmill and negatives and len(panel.polyominoes) >= settings.loose_pieces


def unsure_possible(
    panel: Panel, lazy: frozenset[str], settings: AspSettings = DEFAULT_SETTINGS
) -> bool:
    """Can an answer set be unsure: a canceller removing a polyomino whose
    tiling the encoding decides, cancellers pairing off where the engine's
    order of a region decides whether they may (panel_cancellers.lp), or the
    pieces summed over the whole panel (:func:`loose_pieces`)?"""
    if "cancellers" not in lazy and _order_may_decide(panel):
        return True
    if "polyominoes" in lazy or not panel.polyominoes:
        return False
    return (bool(panel.cancellers) and "cancellers" not in lazy) or loose_pieces(panel, settings)


def is_exact(panel: Panel, settings: AspSettings = DEFAULT_SETTINGS) -> bool:
    """True when the encoding alone decides every line of a solve: no family
    is left to the rules checker (:func:`lazy_families`; a solve's second
    stage on a panel with polyominoes or cancellers) and no answer set is unsure."""
    if settings.lazy is None and (panel.polyominoes or panel.cancellers):
        return False
    lazy = lazy_families(panel, settings=settings)
    return not lazy and not unsure_possible(panel, lazy, settings)
