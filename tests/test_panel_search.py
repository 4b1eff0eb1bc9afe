"""A* on every panel (witness.search.panel_search) against the brute force:
every legal line (witness.model.rules.enumerate_lines) judged by the rules
checker. With pi_baseline pruning, the search must find a solution exactly when
one exists, return only paths the checker accepts, and say ``unsolvable`` only
when there is none."""

import dataclasses
from concurrent.futures import ThreadPoolExecutor
from itertools import product

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from random_panels import draw_grid_marks, grid_places, panel_or_none
from test_rules_oracle import solved_bf

from profiles import examples
from witness.errors import InputError
from witness.model.panel import Dot, Panel, Polyomino
from witness.model.rules import (
    cell_point,
    check,
    covered,
    enumerate_lines,
    is_solution,
    lines_of,
    point,
    polyominoes_fit,
    regions,
)
from witness.search import panel_search
from witness.search.generate_panels import PanelSpec, generate_panel_set
from witness.search.kernels.panel import (
    text_less,
    tiles_exactly,
    tiling_scratch,
    windmill_count_broken,
)
from witness.search.panel_geometry import build_panel_geometry
from witness.search.panel_search import baseline_values, baseline_verdicts, solve_panel

COLOURS = ("red", "blue", "black", "none")  # "none" counts for no star
SHAPES = (((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1), (1, 1)), ((0, 0), (1, 0), (2, 0)))
KINDS = ("triangle", "square", "star", "canceller", "polyomino")


@st.composite
def panels(
    draw,
    max_side: int = 3,
    kinds: tuple[str, ...] = KINDS,
    max_pieces: int = 2,
    negatives: bool = True,
    symmetries: tuple[str | None, ...] = (None, None, None, "horizontal", "vertical", "rotational"),
    colours: tuple[str, ...] = COLOURS,
    canceller_rules: tuple[str, ...] = ("community", "windmill"),
) -> Panel:
    """A random panel of every type: starts, ends, gaps, removed edges, dots,
    symbols of ``kinds`` in ``colours`` (at most ``max_pieces`` polyominoes,
    negative ones only with ``negatives``), symmetry (one of ``symmetries``),
    cancellers read by one of ``canceller_rules``."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    symmetry = draw(st.sampled_from(symmetries))
    verts, border, _ = grid_places(cols, rows)
    starts = set(draw(st.lists(st.sampled_from(verts), min_size=1, max_size=2)))
    ends = set(draw(st.lists(st.sampled_from(border), min_size=1, max_size=2)))
    fields: dict = {"triangles": [], "squares": [], "stars": [], "cancellers": []}
    fields["polyominoes"] = []
    density = draw(st.sampled_from([0.2, 0.4, 0.7]))
    for x, y in product(range(cols), range(rows)):
        if draw(st.floats(0, 1)) > density:
            continue
        kind = draw(st.sampled_from(kinds))
        colour = draw(st.sampled_from(colours))
        if colour == "none" and kind == "star":
            colour = "red"  # a star needs a colour
        if kind == "triangle":
            fields["triangles"].append((x, y, draw(st.integers(1, 3)), colour))
        elif kind == "polyomino" and len(fields["polyominoes"]) < max_pieces:
            shape = draw(st.sampled_from(SHAPES))
            negative = draw(st.booleans()) if negatives else False
            flags = {"rotatable": draw(st.booleans()), "negative": negative}
            fields["polyominoes"].append(Polyomino((x, y), shape, colour=colour, **flags))
        elif kind in ("square", "star", "canceller"):
            fields[kind + "s"].append((x, y, colour))
    marks = draw_grid_marks(draw, cols, rows, symmetry, 3, starts=starts, ends=ends)
    panel = panel_or_none(
        rows,
        cols,
        polyomino_rules=draw(st.sampled_from(["precise", "windmill"])),
        canceller_rules=draw(st.sampled_from(canceller_rules)),
        **marks,
        **{name: tuple(items) for name, items in fields.items()},
    )
    assume(panel is not None)
    return panel


def brute_force_solvable(panel: Panel) -> bool:
    return any(is_solution(panel, line) for line in enumerate_lines(panel))


def agrees_with_brute_force(panel: Panel, **options) -> None:
    result = solve_panel(panel, **options)
    assert result.status in ("solved", "unsolvable"), result.status
    if result.solved:
        assert check(panel, result.path).solved, (panel.to_json(), result.path)
    assert result.solved == brute_force_solvable(panel), (panel.to_json(), options)


SETTINGS = settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@SETTINGS
@given(panels())
def test_baseline_prune_agrees_with_brute_force(panel: Panel) -> None:
    agrees_with_brute_force(panel, predicate="baseline", mode="prune")


@settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(), st.sampled_from([("none", "prune"), ("baseline", "sort")]))
def test_plain_and_sorting_searches_agree_with_brute_force(panel: Panel, how) -> None:
    agrees_with_brute_force(panel, predicate=how[0], mode=how[1])


@pytest.mark.slow
@SETTINGS
@given(panels(kinds=("square", "star", "canceller")))
def test_region_symbols_with_cancellers(panel: Panel) -> None:
    agrees_with_brute_force(panel)


@pytest.mark.slow
@SETTINGS
@given(
    panels(
        max_side=4, kinds=("triangle",), symmetries=(None, "horizontal", "vertical", "rotational")
    )
)
def test_triangles_short_of_sides(panel: Panel) -> None:
    # rule 4: a triangle whose sides on the lines and sides a line can still be
    # drawn along are fewer than its number (the old head's sides, or a flood)
    agrees_with_brute_force(panel)


def no_solution_prefix_rejected(panel: Panel) -> None:
    prefixes = [
        line[:n]
        for line in enumerate_lines(panel)
        if is_solution(panel, line)
        for n in range(2, len(line))
    ]
    rejected = [p for p, no in zip(prefixes, baseline_values(panel, prefixes), strict=True) if no]
    assert not rejected, (panel.to_json(), rejected[:1])


@SETTINGS
@given(panels())
def test_baseline_rejects_no_prefix_of_a_solution(panel: Panel) -> None:
    # each rule is safe: no proper prefix of a solution fails it (the whole line
    # goes to the goal test before pi_baseline, rule 3, would turn it down)
    no_solution_prefix_rejected(panel)


# The Windmill's colours (its text order of square colours reads their numbers)
WINDMILL_PANELS = panels(
    kinds=("triangle", "square", "star", "canceller", "canceller", "polyomino"),
    colours=("red", "blue", "white", "green"),
    canceller_rules=("windmill",),
)


@SETTINGS
@given(WINDMILL_PANELS)
def test_the_windmill_count_rejects_no_prefix_of_a_solution(panel: Panel) -> None:
    no_solution_prefix_rejected(panel)


@SETTINGS
@given(WINDMILL_PANELS)
def test_the_windmill_count_agrees_with_brute_force(panel: Panel) -> None:
    agrees_with_brute_force(panel)


def test_the_windmill_count_keeps_the_square_colour_last_as_text() -> None:
    # 10 red squares (colour 0, The Windmill's 6) and 2 blue ones (1, its 8):
    # "10,6" comes before "2,8" as texts, so the red ones are taken
    assert text_less(10, 9) and text_less(1, 10) and not text_less(2, 10)
    assert not text_less(12, 12) and text_less(0, 1)
    by_colour = np.zeros((6, 3), np.int64)
    by_colour[1, 1:] = (10, 2)
    by_colour[5, 1:] = (0, 1)  # ranks of the texts "6" and "8"
    ccount = np.array([10, 2], np.int64)
    assert not windmill_count_broken(10, 0, 25, 0, 0, ccount, by_colour)
    assert windmill_count_broken(2, 0, 25, 0, 0, ccount, by_colour)


def test_the_windmill_count_on_a_panel_of_no_colour() -> None:
    """A panel with no colour has one count slot and no star column: the count
    reads no star there (it read past its array and rejected this line, the
    panel's only solution with its mirror image: one canceller, one wrong
    triangle in the one region)."""
    ccount = np.zeros(1, np.int64)
    by_colour = np.full((6, 1), 0, np.int64)
    assert not windmill_count_broken(1, 1, 9, 0, 0, ccount, by_colour)
    assert windmill_count_broken(1, 0, 9, 0, 0, ccount, by_colour)
    panel = Panel.from_dict(
        {
            "rows": 3,
            "cols": 3,
            "starts": [[0, 0], [3, 0]],
            "ends": [[1, 0], [2, 0]],
            "triangles": [[0, 0, 1, "none"], [2, 2, 1, "none"]],
            "cancellers": [[0, 2, "none"]],
            "symmetry": "horizontal",
            "canceller_rules": "windmill",
        }
    )
    agrees_with_brute_force(panel)
    assert solve_panel(panel).path == [(0, 0), (1, 0)]


@SETTINGS
@given(
    panels(
        kinds=("triangle", "square", "star"), symmetries=("horizontal", "vertical", "rotational")
    )
)
def test_baseline_rejects_no_prefix_of_a_solution_with_symmetry(panel: Panel) -> None:
    no_solution_prefix_rejected(panel)


def kept_verdicts(panel: Panel, rnd, most: int = 400) -> list[tuple]:
    """(path, the flood's verdict, the core's shortcut's or None) on at most
    ``most`` random partial paths the core keeps (every shorter prefix passes
    the flood): baseline_verdicts."""
    lines = list(enumerate_lines(panel))
    prefixes = sorted({tuple(line[:n]) for line in lines for n in range(2, len(line) + 1)})
    verdicts = dict(
        zip(prefixes, baseline_verdicts(panel, [list(p) for p in prefixes]), strict=True)
    )
    kept = [
        p for p in prefixes if len(p) > 2 and not any(verdicts[p[:n]][0] for n in range(2, len(p)))
    ]
    return [(p, *verdicts[p]) for p in rnd.sample(kept, min(len(kept), most))]


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("triangle",), symmetries=(None,)), st.randoms())
def test_fast_path_rejects_only_what_the_flood_rejects(panel: Panel, rnd) -> None:
    # The core's fast path (no reach flood), taken without squares, stars,
    # polyominoes or cancellers whenever the head's free neighbours are linked
    # around it, checks the same rules on a superset of what the head can
    # reach: on a path the core keeps (every shorter prefix passes) it may
    # let through what the flood rejects, never the other way round.
    taken = kept_verdicts(panel, rnd)
    stronger = [(p, flood) for p, flood, fast in taken if fast and not flood]
    assert not stronger, (panel.to_json(), stronger[:3])


@pytest.mark.slow
@SETTINGS
@given(
    panels(
        max_side=4,
        kinds=("triangle", "square", "star", "polyomino", "canceller"),
        symmetries=("horizontal", "vertical", "rotational"),
    ),
    st.randoms(),
)
def test_rule_5_near_the_step_is_the_flood_with_symmetry(panel: Panel, rnd) -> None:
    # With symmetry the core looks for closed regions only next to the step,
    # the old head and their mirror images once the parent passed pi_baseline
    # (its closed regions passed and no later step changes them): on a path
    # the core keeps (every shorter prefix passes) its verdict is the flood's.
    taken = kept_verdicts(panel, rnd)
    if not panel.outside:
        assert all(near is not None for _, _, near in taken)
    wrong = [(p, flood) for p, flood, near in taken if near is not None and near != flood]
    assert not wrong, (panel.to_json(), wrong[:3])


def reach_rules_reject(panel: Panel, prefix: list) -> bool:
    """pi_baseline's rules 3 and 4 on a panel of dots, gaps and removed edges,
    by a plain flood: no end but the head reachable off the line, or a dot off
    the line whose vertex (or either end of whose edge) is out of reach."""
    head, on = prefix[-1], set(prefix)
    reach, todo = {head}, [head]
    while todo:
        for u in panel.neighbours(todo.pop()):
            if u not in on and u not in reach:
                reach.add(u)
                todo.append(u)
    if not any(e in reach and e != head for e in panel.ends):
        return True
    on_line = covered(lines_of(panel, prefix))
    for dot in panel.dots:
        ends = dot.at if dot.on_edge else (dot.at,)
        if point(dot.at) not in on_line and not all(v in reach for v in ends):
            return True
    return False


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("triangle",), symmetries=(None,)))
def test_reach_rules_by_bits_are_the_floods(panel: Panel) -> None:
    # On panels of dots and gaps the core floods the head's reach as bit masks
    # (kernels.panel.dead_ends._bit_reach): its verdict is exactly the plain flood's.
    panel = dataclasses.replace(panel, triangles=())
    prefixes = sorted(
        {tuple(line[:n]) for line in enumerate_lines(panel) for n in range(2, len(line) + 1)}
    )
    verdicts = baseline_verdicts(panel, [list(p) for p in prefixes])
    wrong = [
        (p, flood)
        for p, (flood, _) in zip(prefixes, verdicts, strict=True)
        if flood != reach_rules_reject(panel, list(p))
    ]
    assert not wrong, (panel.to_json(), wrong[:3])


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("polyomino",)))
def test_polyomino_regions(panel: Panel) -> None:
    # rule 5's area and bounding-box tests on regions of pieces alone
    agrees_with_brute_force(panel)


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("polyomino", "triangle"), max_pieces=5, negatives=False))
def test_regions_of_several_positive_pieces(panel: Panel) -> None:
    # rule 5's exact tiling of a closed region (kernels.panel.verdicts.tiles_exactly)
    agrees_with_brute_force(panel)


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("triangle", "canceller")))
def test_dots_and_triangles_with_cancellers(panel: Panel) -> None:
    # rule 4 with cancellers: lost dots and triangles over their number, one
    # canceller each
    agrees_with_brute_force(panel)


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("polyomino",), max_pieces=6, negatives=False), st.randoms())
def test_exact_tiling_is_the_checkers(panel: Panel, rnd) -> None:
    # On every region of a random line holding pieces whose areas add up to its
    # cells, the core's tiling says what the rules checker's does.
    lines = list(enumerate_lines(panel))
    assume(lines)
    line = rnd.choice(lines)
    geo = build_panel_geometry(panel)
    tiling = tiling_scratch(*geo.tiles, len(panel.polyominoes), int(geo.pillar))
    pieces = {cell_point(p.cell): p for p in panel.polyominoes}
    for region in regions(panel, covered(lines_of(panel, line))):
        held = [pieces[q] for q in sorted(region) if q in pieces]
        cells = sum(x % 2 == 1 and y % 2 == 1 for x, y in region)
        if not held or sum(p.size for p in held) != cells:
            continue
        queue = np.array([y * geo.width + x for x, y in region], np.int64)
        fits = tiles_exactly(len(region), queue, geo.width, geo.kind, tiling)
        assert fits == polyominoes_fit(panel, region, held), (panel.to_json(), line)


@pytest.mark.slow
@SETTINGS
@given(panels(kinds=("square", "star", "canceller", "polyomino"), max_pieces=3))
def test_cancellers_beside_polyominoes(panel: Panel) -> None:
    # rule 5's relaxation: any number of pieces of a colour may go
    agrees_with_brute_force(panel)


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4, kinds=("canceller", "polyomino", "star"), max_pieces=4, negatives=False))
def test_cancellers_beside_positive_polyominoes(panel: Panel) -> None:
    # rule 5: positive pieces of the region's area all stay when they tile,
    # else all go
    agrees_with_brute_force(panel)


def only_solutions_reach_the_checker(panel: Panel) -> None:
    """A* agrees with the brute force, and the rules checker turns down a line
    the core sent it only for the engine's order of a region, which the core
    does not follow (the line solves the panel when spare cancellers may
    always pair off: test_rules_oracle's order-free brute force); a start
    that is an end is asked about before the core runs. Under the
    community's cancellers: The Windmill's count is the checker's alone."""
    panel = dataclasses.replace(panel, canceller_rules="community")
    verdicts = []

    def judged(panel: Panel, path, *args, **kwargs) -> bool:
        verdict = is_solution(panel, path, *args, **kwargs)
        lines = check(panel, path).lines
        verdicts.append(verdict or len(path) == 1 or solved_bf(panel, lines, order_free=True))
        return verdict

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(panel_search, "is_solution", judged)
        agrees_with_brute_force(panel, predicate="none")
    assert all(verdicts), panel.to_json()


@pytest.mark.slow
@SETTINGS
@given(panels(kinds=("triangle", "square", "star", "canceller")))
def test_only_solutions_reach_the_checker_without_polyominoes(panel: Panel) -> None:
    # Without polyominoes the core's test of a line that reaches an end is the
    # rules checker's verdict (cancellers included: kernels.panel.verdicts._mended).
    only_solutions_reach_the_checker(panel)


@pytest.mark.slow
@settings(
    max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(max_side=4))
def test_baseline_prune_agrees_up_to_4x4(panel: Panel) -> None:
    agrees_with_brute_force(panel)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.one_of(st.none(), st.tuples(st.booleans(), st.integers(0, 6), st.integers(0, 4))),
        max_size=60,
    )
)
def test_open_list_pops_as_a_heap_would(ops) -> None:
    # The core's bucket queue (kernels.panel.run.keep_child, open_pop) against heapq on
    # the key (pi, g + h, h, n): each op pushes a path (pi, g, h) or pops one.
    import heapq

    from witness.search.kernels import panel as kernels

    n_f, n_h = 12, 5
    size = len(ops) + 1
    parent, vertex, flag, later = (
        np.zeros(size, t) for t in (np.int32, np.uint8, np.uint8, np.int32)
    )
    first, last = np.full((2 * n_f, n_h), -1, np.int32), np.full((2 * n_f, n_h), -1, np.int32)
    cursor, n, heap = first.size, 0, []
    for op in ops:
        if op is None:
            if heap:
                node, cursor = kernels.open_pop.py_func(later, first, cursor)
                assert node == heapq.heappop(heap)[-1]
            continue
        pi, g, h = op
        keep = kernels.keep_child.py_func
        cursor = keep(0, 0, g, pi, False, h, parent, vertex, flag, later, first, last, cursor, n)
        heapq.heappush(heap, (pi, g + h, h, n))
        n += 1
    while heap:
        node, cursor = kernels.open_pop.py_func(later, first, cursor)
        assert node == heapq.heappop(heap)[-1]


def test_a_search_on_lent_working_arrays_is_one_on_new_arrays() -> None:
    # Each thread lends its searches the core's working arrays again, marked
    # on with later stamps: solved one after another in one thread, panels of
    # one size get what each gets on new arrays (the first search of a new
    # thread).
    spec = PanelSpec(("dots", "squares", "stars"), symmetry=None)
    panels = generate_panel_set("path", [(4, 4)], 8, 3, spec)
    panels += generate_panel_set("path", [(4, 4)], 4, 3, PanelSpec(("gaps", "triangles")))

    def outcome(panel: Panel) -> tuple:
        r = solve_panel(panel, time_limit=30)
        return r.status, r.expansions, r.generated, r.path

    def alone(panel: Panel) -> tuple:
        with ThreadPoolExecutor(1) as pool:  # a new thread: new arrays
            return pool.submit(outcome, panel).result()

    in_turn = [outcome(p) for p in panels + panels[::-1]]
    assert in_turn == [alone(p) for p in panels + panels[::-1]]


def test_several_starts_are_one_search() -> None:
    # Only the second start reaches the end and covers the dot.
    panel = Panel(rows=1, cols=2, starts=((0, 1), (2, 0)), ends=((2, 1),), dots=(Dot((2, 0)),))
    result = solve_panel(panel)
    assert result.path == [(2, 0), (2, 1)]


def test_unsolvable_panel_is_proven() -> None:
    # Two squares of different colours in a 1x1 panel share its one region.
    panel = Panel(rows=1, cols=2, ends=((2, 1),), squares=((0, 0, "red"), (1, 0, "red")))
    assert solve_panel(panel).solved
    panel = Panel(rows=1, cols=1, ends=((1, 1),), stars=((0, 0, "red"),))
    result = solve_panel(panel)
    assert result.status == "unsolvable" and not brute_force_solvable(panel)


def test_learned_predicates_are_refused_beyond_triangles() -> None:
    panel = Panel(rows=1, cols=1, ends=((1, 1),), stars=((0, 0, "red"),))
    with pytest.raises(InputError, match="paper"):
        solve_panel(panel, predicate="paper")


def test_a_start_on_the_axis_gives_no_line() -> None:
    # (1, 0) lies on the vertical axis of a horizontal symmetry: the two lines
    # would meet there (engine/solve.js), so only the start (0, 0) gives lines
    alone = Panel(rows=1, cols=2, starts=((1, 0),), ends=((0, 1), (2, 1)), symmetry="horizontal")
    assert solve_panel(alone).status == "unsolvable"
    both = dataclasses.replace(alone, starts=((1, 0), (0, 0), (2, 0)))
    result = solve_panel(both)
    assert result.solved and result.path[0] != (1, 0)
    lone = Panel(rows=2, cols=2, starts=((1, 2),), ends=((1, 2),), symmetry="horizontal")
    assert solve_panel(lone).status == "unsolvable"


def test_an_edge_to_a_mirror_end_cut_off_stays_open() -> None:
    # The mirror line's last edge leads to an end cut off from the panel by a
    # removed edge: its dot is no closed region while the first line can still
    # take the edge's mirror image.
    panel = Panel(
        rows=1,
        cols=3,
        starts=((1, 1), (2, 1)),
        ends=((0, 0), (3, 0)),
        triangles=((1, 0, 1, "red"),),
        cancellers=((0, 0, "red"),),
        dots=(Dot(((3, 0), (3, 1)), "yellow"),),
        removed_edges=(((2, 0), (3, 0)),),
        symmetry="horizontal",
    )
    agrees_with_brute_force(panel)


def test_a_canceller_takes_pieces_that_do_not_tile() -> None:
    # Two cells in one region: an upright domino (not turning) has their area
    # but cannot lie in them, so the canceller beside it must take it.
    panel = Panel(
        rows=1,
        cols=2,
        starts=((0, 0),),
        ends=((2, 0),),
        cancellers=((1, 0, "white"),),
        polyominoes=(Polyomino((0, 0), ((0, 0), (0, 1))),),
    )
    assert solve_panel(panel).solved
    agrees_with_brute_force(panel)


def test_a_start_that_is_an_end_is_a_line_of_one_vertex() -> None:
    panel = Panel(rows=1, cols=1, starts=((0, 0),), ends=((0, 0),))
    result = solve_panel(panel)
    assert result.path == [(0, 0)] and result.expansions == 0


def test_rules_hold_from_the_first_step() -> None:
    # The end is cut off by gaps: every first step already fails rule 3, so the
    # proof takes one expansion (paths from a start were once taken to pass the
    # rules unchecked, and the search wandered 100,000 expansions).
    panel = Panel(rows=5, cols=5, ends=((5, 5),), gaps=(((4, 5), (5, 5)), ((5, 4), (5, 5))))
    result = solve_panel(panel)
    assert result.status == "unsolvable" and result.expansions == 1


@pytest.mark.slow
@SETTINGS
@given(panels(max_side=4))
def test_legal_steps_are_the_models(panel: Panel) -> None:
    # The core's step table (built with arrays) allows exactly the steps the
    # model's neighbours allow, and with symmetry those whose mirror step is
    # allowed too and does not land on the first line's vertex.
    neighbour = build_panel_geometry(panel).neighbour
    vid = {v: v[1] * (panel.cols + 1) + v[0] for v in panel.vertices()}
    for v in panel.vertices():
        allowed = set(panel.neighbours(v))
        if panel.symmetry:
            mirror = panel.mirror
            allowed = {
                w for w in allowed if mirror(w) != w and mirror(w) in panel.neighbours(mirror(v))
            }
        assert {int(w) for w in neighbour[vid[v]] if w >= 0} == {vid[w] for w in allowed}


@SETTINGS
@given(
    panels(
        max_side=3,
        kinds=("canceller", "polyomino", "star", "square"),
        max_pieces=4,
        negatives=False,
    )
)
def test_only_solutions_reach_the_checker_with_positive_polyominoes(panel: Panel) -> None:
    # With positive pieces the core's test of a line that reaches an end is
    # the rules checker's verdict too: beside cancellers, the pieces kept must
    # tile (kernels.panel.verdicts._kept_mend), and small panels stay within the step caps.
    only_solutions_reach_the_checker(panel)


def test_pieces_kept_beside_a_canceller_must_tile() -> None:
    # Pieces of 5 cells in a region of 4 and one canceller: it must take a
    # monomino, and the upright I3 left with the other cannot lie in two rows.
    panel = Panel(
        rows=2,
        cols=2,
        starts=((0, 0),),
        ends=((2, 0),),
        cancellers=((1, 1, "white"),),
        polyominoes=(
            Polyomino((0, 0), ((0, 0), (0, 1), (0, 2))),
            Polyomino((1, 0), ((0, 0),)),
            Polyomino((0, 1), ((0, 0),)),
        ),
    )
    only_solutions_reach_the_checker(panel)


def test_the_engines_order_of_a_region_is_the_checkers_word() -> None:
    # Where the engine's order decides whether spare cancellers pair off
    # (tests/test_rules.py), the core's test is a necessary condition and
    # the rules checker decides: A* agrees with the brute force.
    from test_asp_panels import engine_order_panels

    for panel in engine_order_panels():
        agrees_with_brute_force(panel)
        only_solutions_reach_the_checker(panel)
