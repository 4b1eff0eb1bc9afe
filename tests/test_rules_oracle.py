"""The rules checker against a plain brute force written here, on random small
panels of every type: regions by union-find to a fixpoint, polyominoes by
trying every placement of every piece at once, cancellers by trying every set
of symbols to remove, legal lines by filtering every simple walk."""

import random
from functools import cache
from itertools import combinations, pairwise, product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from random_panels import draw_grid_marks, grid_places, panel_or_none

from profiles import examples
from witness.model.panel import Panel, Polyomino, edge, rotations
from witness.model.rules import (
    check,
    enumerate_lines,
    is_solution,
    lines_of,
    path_violations,
    random_walk,
)

COLOURS = ("red", "blue")
SHAPES = (((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1), (1, 1)), ((0, 0), (1, 0), (2, 0)))


# ------------------------------------------------------------------ oracle
def doubled(panel):
    return [(x, y) for x in range(2 * panel.cols + 1) for y in range(2 * panel.rows + 1)]


def around(p):
    x, y = p
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def outside_bf(panel):
    """Grow the outside until nothing changes: missing border edges, then any
    missing edge or cell next to an outside edge or cell, and vertices next to
    them (not dotted ones)."""
    missing = {(a[0] + b[0], a[1] + b[1]) for a, b in panel.missing}
    dotted = {(2 * d.at[0], 2 * d.at[1]) for d in panel.dots if not d.on_edge}
    w, h = 2 * panel.cols, 2 * panel.rows
    out = {p for p in missing if p[0] in (0, w) or p[1] in (0, h)}
    while True:
        grow = set()
        for p in doubled(panel):
            if p in out:
                continue
            kind = p[0] % 2 + p[1] % 2
            sources = [q for q in around(p) if q in out and (q[0] % 2 + q[1] % 2) > 0]
            if not sources:
                continue
            if (kind == 1 and p in missing) or kind == 2 or (kind == 0 and p not in dotted):
                grow.add(p)
        if not grow:
            return out
        out |= grow


def regions_bf(panel, on_line):
    keep = [p for p in doubled(panel) if p not in on_line and p not in outside_bf(panel)]
    parent = {p: p for p in keep}

    def find(p):
        while parent[p] != p:
            p = parent[p]
        return p

    for p in keep:
        for q in around(p):
            if q in parent:
                parent[find(p)] = find(q)
    groups = {}
    for p in keep:
        groups.setdefault(find(p), set()).add(p)
    return [frozenset(g) for g in groups.values()]


def cover_bf(shape, origin, negative, precise):
    cells = [(origin[0] + dx, origin[1] + dy) for dx, dy in shape]
    out = {(2 * x + 1, 2 * y + 1) for x, y in cells}
    for x, y in cells if precise else []:
        sides = {(1, 0): (x + 1, y), (-1, 0): (x - 1, y), (0, 1): (x, y + 1), (0, -1): (x, y - 1)}
        for (dx, dy), nb in sides.items():
            if negative or nb in cells:
                out.add((2 * x + 1 + dx, 2 * y + 1 + dy))
    return out


def all_placements(panel, piece, margin):
    shapes = rotations(piece.shape) if piece.rotatable else [piece.shape]
    precise = panel.polyomino_rules == "precise"
    out = []
    for shape in shapes:
        for ox in range(-8, panel.cols + 8):
            for oy in range(-8, panel.rows + 8):
                cells = [(ox + dx, oy + dy) for dx, dy in shape]
                if all(
                    -margin <= x < panel.cols + margin and -margin <= y < panel.rows + margin
                    for x, y in cells
                ):
                    out.append(cover_bf(shape, (ox, oy), piece.negative, precise))
    return out


@cache
def fit_bf(panel, region, pieces):
    """Some placement of every piece at once leaves every place at most 0 and
    every cell at exactly 0 (the region's places start at -1 unless the areas
    cancel). The Windmill's rules: cells only, within the panel's largest piece's
    extent of the grid; the engine's imprecise ones: cells only, on the grid."""
    net = sum(-p.size if p.negative else p.size for p in pieces)
    if net < 0:
        return False
    if net == 0 and (panel.polyomino_rules == "windmill" or panel.shapeless_zero):
        return True  # The Windmill counts the cells when the areas cancel; SHAPELESS_ZERO_POLY
    margin = 0
    if panel.polyomino_rules == "windmill":
        margin = max(max(max(c) for c in p.shape) + 1 for p in panel.polyominoes or pieces)
    for choice in product(*(all_placements(panel, p, margin) for p in pieces)):
        value = {p: (-1 if net > 0 and p in region else 0) for p in doubled(panel)}
        for piece, cover in zip(pieces, choice, strict=True):
            for q in cover:
                value[q] = value.get(q, 0) + (-1 if piece.negative else 1)
        cells = [v for (x, y), v in value.items() if x % 2 == 1 and y % 2 == 1]
        if all(v <= 0 for v in value.values()) and all(v == 0 for v in cells):
            return True
    return False


def errors_bf(panel, region, present, on_line):
    """(very invalid, invalid) of a region holding ``present`` (kind, point, colour, item)."""
    very, invalid = set(), set()
    colour_count = {}
    for e in present:
        if e[2] is not None and e[2] != "none":
            colour_count[e[2]] = colour_count.get(e[2], 0) + 1
    for e in present:
        kind, p, colour, item = e
        if kind == "dot":
            very.add(e)
        if kind == "triangle" and sum(q in on_line for q in around(p)) != item[2]:
            very.add(e)
        if kind == "star" and colour_count[colour] == 1:
            very.add(e)
        if kind == "star" and colour_count[colour] > 2:
            invalid.add(e)
    square_colours = {e[2] for e in present if e[0] == "square"}
    if len(square_colours) > 1:
        invalid |= {e for e in present if e[0] == "square"}
    polys = [e for e in present if e[0] == "polyomino"]
    if polys and not fit_bf(panel, region, tuple(e[3] for e in polys)):
        invalid |= set(polys)
    return very, invalid


def symbols_bf(panel):
    out = []
    for kind, items in (
        ("triangle", panel.triangles),
        ("square", panel.squares),
        ("star", panel.stars),
        ("canceller", panel.cancellers),
    ):
        out += [(kind, (2 * t[0] + 1, 2 * t[1] + 1), t[-1], t) for t in items]
    out += [
        ("polyomino", (2 * p.cell[0] + 1, 2 * p.cell[1] + 1), p.colour, p)
        for p in panel.polyominoes
    ]
    for d in panel.dots:
        at = (
            (d.at[0][0] + d.at[1][0], d.at[0][1] + d.at[1][1])
            if d.on_edge
            else (2 * d.at[0], 2 * d.at[1])
        )
        out.append(("dot", at, None, d))
    return out


WINDMILL_NUMBERS = {"black": 1, "white": 2, "red": 6, "green": 7, "blue": 8, "orange": 9}


def windmill_ok_bf(panel, region, present, on_line):
    """The Windmill's engine (src/validate.js of thefifthmatt/windmill-client)
    on a region with cancellers, step by step as it runs."""
    remaining = sum(e[0] == "canceller" for e in present)
    counts = {}
    for e in present:
        if e[0] != "dot" and e[2] not in (None, "none"):
            counts[e[2]] = counts.get(e[2], 0) + 1
    square_counts = {}
    for e in present:
        if e[0] == "square":
            square_counts[e[2]] = square_counts.get(e[2], 0) + 1
    if len(square_counts) > 1:
        pairs = [f"{n},{WINDMILL_NUMBERS[c]}" for c, n in square_counts.items()]
        kept = sorted(pairs)[-1]
        for c, n in square_counts.items():
            if f"{n},{WINDMILL_NUMBERS[c]}" != kept:
                remaining -= n
    for colour in {e[2] for e in present if e[0] == "star"}:
        stars = sum(e[0] == "star" and e[2] == colour for e in present)
        if counts[colour] != 2 and remaining >= 0:
            remaining -= min(stars, counts[colour] - 2) if stars > 1 else stars
    if remaining >= 0:
        for e in present:
            kind, p, _, item = e
            if kind == "dot" or (
                kind == "triangle" and sum(q in on_line for q in around(p)) != item[2]
            ):
                remaining -= 1
    pieces = tuple(e[3] for e in present if e[0] == "polyomino")
    if pieces and not fit_bf(panel, region, pieces):
        expected = max(remaining, 0)
        if len(pieces) == expected:
            remaining -= expected
        elif expected == 1 and any(
            fit_bf(panel, region, pieces[:i] + pieces[i + 1 :]) for i in range(len(pieces))
        ):
            remaining -= 1
        else:
            return False
    return remaining == 0


def engine_order_bf(region):
    """The places of a region in the order the community engine lists them
    (engine/puzzle.js, getRegions and _floodFill, written as it recurses):
    from its first place in the engine's scan (leftmost column, then topmost:
    the engine's y runs down), down, up, right, left."""
    order = []

    def flood(p):
        if p not in region or p in order:
            return
        order.append(p)
        x, y = p
        for q in ((x, y - 1), (x, y + 1), (x + 1, y), (x - 1, y)):
            flood(q)

    flood(min(region, key=lambda p: (p[0], -p[1])))
    return order


def engine_errors_bf(panel, region, present, on_line):
    """(very invalid, invalid) in the engine's order (validate.js, regionCheck):
    dots and triangles as the region lists them, then lone stars; squares of
    mixed colours, then stars of too many, then polyominoes that do not fit."""
    very_set, invalid_set = errors_bf(panel, region, present, on_line)
    very = [e for e in present if e in very_set and e[0] != "star"]
    very += [e for e in present if e in very_set and e[0] == "star"]
    kinds = ("square", "star", "polyomino")
    invalid = [e for k in kinds for e in present if e in invalid_set and e[0] == k]
    return very, invalid


def engine_ok_bf(panel, region, present, on_line):
    """The community engine on a region with cancellers, step by step as it
    runs (engine/validate.js, validateRegion and regionCheckNegations2): the
    last cancellers take the last very invalid symbols; then each canceller
    in turn takes an invalid symbol later in the list than the one before,
    or, once the list's last is taken, the cancellers left pair off."""
    rank = {q: i for i, q in enumerate(engine_order_bf(region))}
    present = sorted(present, key=lambda e: rank[e[1]])
    negations = [e for e in present if e[0] == "canceller"]
    others = [e for e in present if e[0] != "canceller"]
    very, invalid = engine_errors_bf(panel, region, present, on_line)
    forced = set()
    while negations and very:
        negations.pop()
        forced.add(very.pop())

    def right(gone):
        left = [e for e in others if e not in forced | gone]
        return errors_bf(panel, region, left, on_line) == (set(), set())

    def attempt(index, index2, gone):
        if index2 >= len(negations):
            return right(gone)
        if index >= len(invalid):  # the rest pair off (NEGATIONS_CANCEL_NEGATIONS)
            pairs = panel.canceller_rules != "unpaired"
            return pairs and (len(negations) - index2) % 2 == 0 and right(gone)
        return any(
            attempt(i + 1, index2 + 1, gone | {invalid[i]}) for i in range(index, len(invalid))
        )

    return attempt(0, 0, frozenset())


def order_free_ok_bf(panel, region, present, on_line):
    """The cancellers' rule without the engine's order (A*'s pi_baseline is
    exact under it): some set of symbols to remove, every very invalid one
    among them, the others invalid, the cancellers left in pairs (none left
    under canceller_rules unpaired)."""
    cancellers = [e for e in present if e[0] == "canceller"]
    others = [e for e in present if e[0] != "canceller"]
    very, invalid = errors_bf(panel, region, present, on_line)
    for k in range(len(others) + 1):
        for removed in combinations(others, k):
            removed = set(removed)
            spare = len(cancellers) - len(removed)
            idle = spare % 2 or (spare and panel.canceller_rules == "unpaired")
            if spare < 0 or idle or not very <= removed or not removed <= very | invalid:
                continue
            left = [e for e in others if e not in removed]
            if errors_bf(panel, region, left, on_line) == (set(), set()):
                return True
    return False


def region_ok_bf(panel, region, present, on_line, order_free=False):
    cancellers = [e for e in present if e[0] == "canceller"]
    if cancellers and panel.canceller_rules == "windmill":
        return windmill_ok_bf(panel, region, present, on_line)
    if not cancellers:
        return errors_bf(panel, region, present, on_line) == (set(), set())
    if order_free:
        return order_free_ok_bf(panel, region, present, on_line)
    return engine_ok_bf(panel, region, present, on_line)


def solved_bf(panel, lines, order_free=False):
    on_line = {}
    colours = ["black"] if len(lines) == 1 else ["blue", "yellow"]
    for line, colour in zip(lines, colours, strict=True):
        for v in line:
            on_line[(2 * v[0], 2 * v[1])] = colour
        for a, b in pairwise(line):
            on_line[(a[0] + b[0], a[1] + b[1])] = colour
    symbols = symbols_bf(panel)
    for e in symbols:
        if e[0] == "dot" and {e[3].colour, on_line.get(e[1])} == {"blue", "yellow"}:
            return False
    for region in regions_bf(panel, on_line):
        present = [e for e in symbols if e[1] in region]
        if not region_ok_bf(panel, region, present, on_line, order_free):
            return False
    return True


def legal_lines_bf(panel):
    """Every simple walk from a start, kept when it (and its mirror) obeys the drawing rules."""
    out = []

    def walk(path):
        v = path[-1]
        lines = [path] if panel.symmetry is None else [path, [panel.mirror(u) for u in path]]
        ok = v in panel.ends and all(
            edge(a, b) not in panel.blocked for line in lines for a, b in pairwise(line)
        )
        if len(lines) == 2:  # no place shared, the start included (engine/solve.js)
            ok = ok and not set(lines[0]) & set(lines[1])
        if ok:
            out.append(list(path))
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
            w = (v[0] + dx, v[1] + dy)
            if panel.in_grid(w) and w not in path:
                walk([*path, w])

    for s in panel.starts:
        walk([s])
    return out


# ------------------------------------------------------------------ panels
@st.composite
def panels(draw, kinds=("triangle", "square", "star", "canceller", "polyomino")):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    if rows * cols > 6:
        rows, cols = 2, 3
    symmetry = draw(st.sampled_from([None, None, "horizontal", "vertical", "rotational"]))
    verts, border, _ = grid_places(cols, rows)
    start, end = draw(st.sampled_from(verts)), draw(st.sampled_from(border))
    starts, ends = {start}, {end}
    if draw(st.booleans()):
        starts.add(draw(st.sampled_from(verts)))
        ends.add(draw(st.sampled_from(border)))
    fields = {"triangles": [], "squares": [], "stars": [], "cancellers": [], "polyominoes": []}
    n_polys = 0
    for x, y in product(range(cols), range(rows)):
        kind = draw(st.sampled_from([None, None, *kinds]))
        colour = draw(st.sampled_from(COLOURS))
        if kind == "triangle":
            fields["triangles"].append((x, y, draw(st.integers(1, 3)), colour))
        elif kind == "polyomino" and n_polys < 2:
            n_polys += 1
            shape = draw(st.sampled_from(SHAPES))
            flags = {"rotatable": draw(st.booleans()), "negative": draw(st.booleans())}
            fields["polyominoes"].append(Polyomino((x, y), shape, colour=colour, **flags))
        elif kind in ("square", "star"):
            fields[kind + "s"].append((x, y, colour))
        elif kind == "canceller":
            fields["cancellers"].append((x, y, draw(st.sampled_from([*COLOURS, "none"]))))
    marks = draw_grid_marks(draw, cols, rows, symmetry, 2, starts=starts, ends=ends)
    panel = panel_or_none(
        rows,
        cols,
        polyomino_rules=draw(st.sampled_from(["precise", "imprecise", "windmill"])),
        canceller_rules=draw(st.sampled_from(["community", "unpaired", "windmill"])),
        shapeless_zero=draw(st.booleans()),
        **marks,
        **fields,
    )
    assume(panel is not None)
    return panel


@pytest.mark.slow  # a brute-force oracle: the slow tier
@settings(
    max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels())
def test_checker_agrees_with_brute_force(panel):
    legal = legal_lines_bf(panel)
    assert sorted(legal) == sorted(enumerate_lines(panel))
    for line in legal[:40]:
        verdict = check(panel, line)
        assert verdict.solved == solved_bf(panel, verdict.lines), (panel.to_json(), line)
        assert verdict.solved == (not verdict.violations)
        assert is_solution(panel, line) == verdict.solved


@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(), st.integers(0, 10**6), st.booleans())
def test_a_random_walk_is_a_line_a_player_can_draw_so_far(panel, seed, stop_at_ends):
    """random_walk from the starts a line can leave (off the mirror axis) draws
    a line that breaks no rule of the line and passes an end only without
    ``stop_at_ends``, with as many steps as it drew (its second draw) unless no
    step was left or it stopped at an end."""
    starts = [s for s in panel.starts if panel.symmetry is None or panel.mirror(s) != s]
    line = random_walk(
        panel, random.Random(seed), max_steps=6, starts=starts, stop_at_ends=stop_at_ends
    )
    if not starts:
        assert line == []
        return
    draws = random.Random(seed)
    assert line[0] == draws.choice(starts)
    steps = draws.randint(0, 6)
    assert not path_violations(panel, lines_of(panel, line), finished=False)
    if stop_at_ends:
        assert not any(v in panel.ends for v in line[1:-1])
    assert len(line) - 1 <= steps
    if len(line) - 1 < steps:
        at_end = stop_at_ends and len(line) > 1 and line[-1] in panel.ends
        left = [
            w
            for w in panel.neighbours(line[-1])
            if not path_violations(panel, lines_of(panel, [*line, w]), finished=False)
        ]
        assert at_end or not left, (panel.to_json(), seed, line, steps)


@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels())
def test_errors_kept_by_region_are_those_of_the_line_at_hand(panel):
    """The checker keeps each region's errors for later lines: a region's
    errors with this line's own cover must be the ones it reports."""
    from witness.model.rules import check_region, covered, elements, lines_of, regions

    symbols = elements(panel)
    for line in legal_lines_bf(panel)[:40]:
        lines = lines_of(panel, line)
        verdict = check(panel, line)
        on_line = covered(lines)
        errors = [
            (e.kind, tuple(e.location()))
            for region in regions(panel, on_line, holding=symbols)
            for e in check_region(
                panel,
                region,
                [symbols[q] for q in sorted(q for q in symbols if q in region)],
                on_line,
            )
        ]
        # a blue (yellow) dot under the yellow (blue) line is no region's error
        reported = [(v.kind, v.at) for v in verdict.violations if "under the" not in v.message]
        assert reported == errors, (panel.to_json(), line)


@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels())
def test_regions_holding_symbols_are_the_union_find_regions_with_a_symbol(panel):
    """The checker floods from its symbols only: the regions it sees are the
    oracle's regions that hold a symbol or a dot, in the order of their least place."""
    from witness.model.rules import covered, elements, lines_of, regions

    symbols = elements(panel)
    for line in legal_lines_bf(panel)[:20]:
        on_line = covered(lines_of(panel, line))
        expected = sorted(
            (frozenset(r) for r in regions_bf(panel, on_line) if set(r) & set(symbols)), key=min
        )
        assert regions(panel, on_line, holding=symbols) == expected
        assert regions(panel, on_line) == sorted(
            map(frozenset, regions_bf(panel, on_line)), key=min
        )


@pytest.mark.slow
@settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("polyomino", "canceller", "star")))
def test_polyominoes_and_cancellers_agree_with_brute_force(panel):
    for line in legal_lines_bf(panel)[:30]:
        verdict = check(panel, line)
        assert verdict.solved == solved_bf(panel, verdict.lines), (panel.to_json(), line)


@st.composite
def tilings(draw):
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    rules = draw(st.sampled_from(["precise", "windmill"]))
    panel = Panel(rows=rows, cols=cols, ends=((cols, rows),), polyomino_rules=rules)
    places = doubled(panel)
    pieces = []
    for _ in range(draw(st.integers(1, 3))):
        flags = {"rotatable": draw(st.booleans()), "negative": draw(st.booleans())}
        pieces.append(Polyomino((0, 0), draw(st.sampled_from(SHAPES)), **flags))
    if draw(st.booleans()):  # any places at all
        region = set(draw(st.lists(st.sampled_from(places), max_size=len(places), unique=True)))
    else:  # what the pieces cover when laid at random, and some more places
        region = set(draw(st.lists(st.sampled_from(places), max_size=3, unique=True)))
        for piece in pieces:
            laid = all_placements(panel, piece, 0) or [set()]
            cover = draw(st.sampled_from(laid))
            region = region - cover if piece.negative else region | cover
    return panel, frozenset(region), tuple(pieces)


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None)
@given(tilings())
def test_the_tiling_search_agrees_with_trying_every_placement(case):
    from witness.model.rules import polyominoes_fit

    panel, region, pieces = case
    assert polyominoes_fit(panel, region, pieces) == fit_bf(panel, region, pieces)


@st.composite
def large_tilings(draw):
    """Up to seven pieces on up to 4x4 panels, too many for the brute force."""
    rows, cols = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    rules = draw(st.sampled_from(["precise", "windmill"]))
    panel = Panel(rows=rows, cols=cols, ends=((cols, rows),), polyomino_rules=rules)
    pieces, region = [], set()
    for _ in range(draw(st.integers(2, 7))):
        flags = {"rotatable": draw(st.booleans()), "negative": draw(st.integers(0, 2)) == 0}
        piece = Polyomino((0, 0), draw(st.sampled_from(SHAPES)), **flags)
        pieces.append(piece)
        cover = draw(st.sampled_from(all_placements(panel, piece, 0) or [set()]))
        region = region - cover if piece.negative else region | cover
    if draw(st.booleans()):  # one place more or less
        region ^= {draw(st.sampled_from(doubled(panel)))}
    return panel, frozenset(region), tuple(pieces)


@settings(max_examples=examples(150), deadline=None)
@given(large_tilings())
def test_the_failed_states_kept_change_no_tiling(case):
    # the tiling search without the states it keeps is the oracle
    from witness.model import rules

    panel, region, pieces = case
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules.polyominoes, "TILINGS_KEPT", 0)
        patch.setattr(rules.tiling, "FAILED_KEPT", 0)
        expected = rules.polyominoes_fit(panel, region, pieces)
        patch.setattr(rules.tiling, "FAILED_KEPT", 1 << 10)
        assert rules.polyominoes_fit(panel, region, pieces) == expected


# a square, and shapes whose first cell (least y, then x) is not their leftmost
WIDER = (((0, 0), (1, 0), (0, 1), (1, 1)), ((1, 0), (0, 1), (1, 1)), ((2, 0), (0, 1), (1, 1)))


@st.composite
def cancelling_layouts(draw):
    """Pieces that fit by construction: some positive ones laid apart in the
    panel, whose places are the region; and groups that cancel, in each a
    piece and pieces of the other sign that split its cells (laid on it
    anywhere it fits in the panel)."""
    rows, cols = draw(st.integers(3, 4)), draw(st.integers(3, 4))
    rules = draw(st.sampled_from(["precise", "windmill"]))
    panel = Panel(rows=rows, cols=cols, ends=((cols, rows),), polyomino_rules=rules)
    pieces, region = [], set()
    for _ in range(draw(st.integers(0, 2))):
        piece = Polyomino((0, 0), draw(st.sampled_from(SHAPES + WIDER)), draw(st.booleans()))
        cover = draw(st.sampled_from(all_placements(panel, piece, 0)))
        if not cover & region:  # pieces laid apart cover their places once
            pieces.append(piece)
            region |= cover
    for _ in range(draw(st.integers(1, 3))):
        whole = draw(st.sampled_from(SHAPES + WIDER))
        parts = [draw(st.integers(0, len(whole) - 1)) for _ in whole]
        negative = draw(st.booleans())
        pieces.append(Polyomino((0, 0), whole, draw(st.booleans()), negative=negative))
        for part in set(parts):
            cells = [c for c, p in zip(whole, parts, strict=True) if p == part]
            low = (min(x for x, _ in cells), min(y for _, y in cells))
            shape = tuple(sorted((x - low[0], y - low[1]) for x, y in cells))
            pieces.append(Polyomino((0, 0), shape, draw(st.booleans()), negative=not negative))
    return panel, frozenset(region), tuple(draw(st.permutations(pieces)))


@settings(max_examples=examples(200), deadline=None)
@given(cancelling_layouts())
def test_pieces_that_fit_by_construction_are_found_to(case):
    # The search starts pieces that must cancel in the first row and, under
    # the windmill reading, starts again from it once what it laid cancels:
    # neither may lose these layouts.
    from witness.model.rules import polyominoes_fit

    panel, region, pieces = case
    assert polyominoes_fit(panel, region or frozenset([(1, 1)]), pieces)


def test_a_failed_state_is_one_of_the_same_pieces_left():
    # Laying a negative L and a positive one on the same cells leaves the
    # places as they were with two pieces fewer: that state failing says
    # nothing of the one with those pieces still left (found by fuzzing a
    # key without the pieces left).
    from witness.model import rules

    panel = Panel(rows=3, cols=3, ends=((3, 3),), polyomino_rules="windmill")
    region = frozenset([(1, 3), (1, 5), (3, 5), (5, 3), (5, 5)])
    ell = ((0, 0), (0, 1), (1, 1))
    pieces = (
        Polyomino((0, 0), ((0, 0), (1, 0))),
        Polyomino((0, 0), ell),
        Polyomino((0, 0), ell, rotatable=True, negative=True),
        Polyomino((0, 0), ell),
        Polyomino((0, 0), ell, negative=True),
        Polyomino((0, 0), ell),
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules.polyominoes, "TILINGS_KEPT", 0)
        assert rules.polyominoes_fit(panel, region, pieces) is True
        patch.setattr(rules.tiling, "FAILED_KEPT", 0)
        assert rules.polyominoes_fit(panel, region, pieces) is True


def test_a_negative_piece_cancels_a_side_above_its_first_cell():
    # Under the precise reading a negative piece covers every side of its
    # cells, the one above its first cell too: the tiling search must not
    # settle that side before the cell below it is passed.
    panel = Panel(rows=4, cols=4, ends=((4, 4),))
    region = frozenset(
        [(1, 5), (1, 6), (1, 7), (3, 1), (3, 2), (3, 3), (4, 3), (5, 3), (5, 4), (5, 5), (6, 3)]
        + [(7, 3)]
    )
    pieces = (
        Polyomino((0, 0), ((0, 0), (0, 1), (1, 0), (1, 1)), rotatable=True),
        Polyomino((0, 0), ((0, 0),), rotatable=True, negative=True),
        Polyomino((0, 0), ((0, 0), (0, 1), (1, 1)), negative=True),
        Polyomino((0, 0), ((0, 0), (0, 1), (1, 1))),
        Polyomino((0, 0), ((0, 0), (1, 0), (1, 1), (2, 0)), rotatable=True),
    )
    from witness.model.rules import polyominoes_fit

    assert polyominoes_fit(panel, region, pieces) == fit_bf(panel, region, pieces) is True


# ------------------------------------------------------------------ cancellers
def check_region_by_subsets(panel, region, present, on_line):
    """The cancellers' rule by trying every set of invalid symbols to remove,
    largest first (the checker decides by counts per group instead): the same
    answer, and when nothing works the errors after the first set tried."""
    from witness.model.rules import region_errors

    def errors(left):
        very, invalid = region_errors(panel, region, left, on_line)
        return very + invalid

    cancellers = [e for e in present if e.kind == "canceller"]
    very, invalid = region_errors(panel, region, present, on_line)
    if not cancellers:
        return very + invalid
    spare = len(cancellers) - len(very)
    if spare < 0:
        gone = set(very[: len(cancellers)]) | set(cancellers)
        return errors([e for e in present if e not in gone])
    # the engine pairs spare cancellers only once one took its last invalid
    # symbol (engine_ok_bf), or one alike to it
    rank = {q: i for i, q in enumerate(engine_order_bf(region))}
    last_kind = [e for e in invalid if e.kind == invalid[-1].kind] if invalid else []
    last = max(last_kind, key=lambda e: rank[e.point]) if last_kind else None

    def alike(e):
        p = e.item
        return (
            e.kind,
            e.colour,
            (p.shape, p.rotatable, p.negative) if e.kind == "polyomino" else 0,
        )

    first = None
    for n in range(min(spare, len(invalid)), -1, -1):
        for chosen in combinations(invalid, n) if (spare - n) % 2 == 0 else ():
            gone = set(very) | set(chosen) | set(cancellers)
            left = errors([e for e in present if e not in gone])
            paired = n < spare and last is not None
            if not left and not (paired and alike(last) not in map(alike, chosen)):
                return []
            first = left if first is None else first
    if first is None:
        gone = set(very) | set(cancellers[: len(very)])
        return [cancellers[-1], *errors([e for e in present if e not in gone])]
    return first or [cancellers[-1]]


MANY_CANCELLERS = ("canceller", "canceller", "square", "star", "polyomino", "triangle")


@pytest.mark.slow
@settings(
    max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=MANY_CANCELLERS))
def test_cancellers_by_counts_agree_with_every_subset(panel):
    from dataclasses import replace

    from witness.model.rules import check_region, covered, elements, regions

    panel = replace(panel, canceller_rules="community")  # the search these counts stand for
    symbols = elements(panel)
    for line in legal_lines_bf(panel)[:30]:
        verdict = check(panel, line)
        assert verdict.solved == solved_bf(panel, verdict.lines), (panel.to_json(), line)
        on_line = covered(verdict.lines)
        for region in regions(panel, on_line):
            present = [symbols[q] for q in sorted(region) if q in symbols]
            expected = check_region_by_subsets(panel, region, present, on_line)
            assert check_region(panel, region, present, on_line) == expected


def test_cancellers_are_decided_without_trying_every_subset(monkeypatch):
    """5 cancellers, 10 red and 10 blue squares in one region: no way to leave
    one colour (it takes 10 cancellers). Trying subsets looks at about 16,600
    sets of squares; counting per colour at a few dozen."""
    import witness.model.rules as rules

    cells = [(x, y) for y in range(5) for x in range(5)]
    panel = Panel(
        rows=5,
        cols=5,
        starts=((0, 0),),
        ends=((5, 0),),
        cancellers=tuple((x, y, "none") for x, y in cells[:5]),
        squares=tuple((x, y, "red" if i % 2 else "blue") for i, (x, y) in enumerate(cells[5:])),
    )
    calls = []
    original = rules.region_errors
    monkeypatch.setattr(
        rules, "region_errors", lambda *a, **k: calls.append(1) or original(*a, **k)
    )
    verdict = check(panel, [(x, 0) for x in range(6)])
    assert not verdict.solved
    assert {v.kind for v in verdict.violations} == {"square"}
    assert len(calls) < 100
