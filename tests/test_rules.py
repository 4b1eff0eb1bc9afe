"""Hand-made panels, one per corner case of the community engine's rules
(engine/validate.js and engine/polyominos.js of witnesspuzzles.com); each
comment names the rule."""

import pytest

from witness.model.panel import Panel
from witness.model.rules import PathError, check, enumerate_lines

BOTTOM_4 = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]


def verdict(path, **fields):
    data = {"rows": 1, "cols": 2, "goal": [2, 0], **fields}
    if "ends" in fields:
        del data["goal"]
    return check(Panel.from_dict(data), [tuple(v) for v in path])


def kinds(v):
    return sorted(x.kind for x in v.violations)


def test_an_uncovered_dot_lies_in_a_region_and_a_canceller_takes_it():
    # validate.js: an uncovered dot is a "very invalid" element of its region
    path = [[0, 0], [1, 0], [2, 0]]
    assert kinds(verdict(path, dots=[[1, 1]])) == ["dot"]
    assert verdict(path, dots=[[1, 1]], cancellers=[[0, 0]]).solved


def test_a_canceller_with_nothing_to_cancel_is_wrong_but_two_cancel_each_other():
    # validate.js: a leftover negation is invalid; NEGATIONS_CANCEL_NEGATIONS pairs them
    path = [[0, 0], [1, 0], [2, 0]]
    assert kinds(verdict(path, cancellers=[[0, 0]])) == ["canceller"]
    assert verdict(path, cancellers=[[0, 0], [1, 0]]).solved


def test_each_very_invalid_symbol_needs_its_own_canceller():
    # validate.js: very invalid elements are cancelled first, one negation each
    path = [[0, 0], [1, 0], [2, 0]]
    v = verdict(path, dots=[[1, 1], [0, 1]], cancellers=[[0, 0]])
    assert not v.solved and "dot" in kinds(v)


def test_a_canceller_counts_as_a_symbol_of_its_colour_for_stars():
    # validate.js: every coloured cell counts, the negation included (as 'nonce')
    path = [[0, 0], [1, 0], [2, 0]]
    # a white star and a white canceller: the star is right, the canceller idle
    assert kinds(verdict(path, stars=[[0, 0, "white"]], cancellers=[[1, 0]])) == ["canceller"]
    # a lone red star is very invalid: the white canceller takes it
    assert verdict(path, stars=[[0, 0, "red"]], cancellers=[[1, 0]]).solved


def test_a_star_with_too_many_of_its_colour_can_lose_one_to_a_canceller():
    # validate.js: a star with more than two of its colour is (plain) invalid
    rows = {"rows": 1, "cols": 4, "goal": [4, 0]}
    stars, square = [[0, 0, "red"], [1, 0, "red"]], [[2, 0, "red"]]
    v = check(Panel.from_dict({**rows, "stars": stars, "squares": square}), BOTTOM_4)
    assert kinds(v) == ["star", "star"]
    full = {**rows, "stars": stars, "squares": square, "cancellers": [[3, 0]]}
    assert check(Panel.from_dict(full), BOTTOM_4).solved


def test_squares_of_two_colours_are_all_wrong_until_the_odd_one_is_cancelled():
    # validate.js: a colour collision marks every square of the region invalid
    rows = {"rows": 1, "cols": 4, "goal": [4, 0]}
    squares = [[0, 0, "red"], [1, 0, "red"], [2, 0, "blue"]]
    assert kinds(check(Panel.from_dict({**rows, "squares": squares}), BOTTOM_4)) == ["square"] * 3
    full = {**rows, "squares": squares, "cancellers": [[3, 0]]}
    assert check(Panel.from_dict(full), BOTTOM_4).solved


def test_a_triangle_counts_the_sides_of_both_symmetric_lines():
    # validate.js: getLine > LINE_NONE counts the blue and the yellow line alike
    sym = {"starts": [[0, 0], [2, 0]], "ends": [[0, 1], [2, 1]], "symmetry": "horizontal"}
    path = [[0, 0], [0, 1]]  # its mirror runs (2, 0) -> (2, 1)
    assert verdict(path, triangles=[[1, 0, 1]], **sym).solved
    assert kinds(verdict(path, triangles=[[1, 0, 2]], **sym)) == ["triangle"]


def test_coloured_dots_belong_to_their_line():
    # validate.js: a blue dot under the yellow line (or the reverse) is wrong
    sym = {"starts": [[0, 0], [2, 0]], "ends": [[0, 1], [2, 1]], "symmetry": "horizontal"}
    path = [[0, 0], [0, 1]]
    assert kinds(verdict(path, dots=[[2, 0, "blue"]], **sym)) == ["dot"]
    assert verdict(path, dots=[[2, 0, "yellow"], [0, 0, "blue"]], **sym).solved


def test_symmetric_lines_may_not_touch():
    # trace2.js: the line cannot enter the mirror line's place (the axis included)
    sym = {"starts": [[0, 0], [2, 0]], "ends": [[0, 1], [2, 1]], "symmetry": "horizontal"}
    v = verdict([[0, 0], [1, 0], [1, 1], [0, 1]], **sym)
    assert "symmetry" in kinds(v) and not v.solved


def test_a_positive_polyomino_never_spans_the_line():
    # polyominos.js, PRECISE_POLYOMINOS: a poly fills the edges inside it
    slit = {"rows": 2, "cols": 2, "start": [1, 1], "goal": [1, 2]}
    path = [(1, 1), (1, 2)]  # one region: the four cells, cut by a slit from the top
    horizontal = [
        {"cell": [0, 0], "shape": [[0, 0], [1, 0]]},
        {"cell": [1, 0], "shape": [[0, 0], [1, 0]]},
    ]
    vertical = [
        {"cell": [0, 0], "shape": [[0, 0], [0, 1]]},
        {"cell": [1, 0], "shape": [[0, 0], [0, 1]]},
    ]
    assert (
        kinds(check(Panel.from_dict({**slit, "polyominoes": horizontal}), path))
        == ["polyomino"] * 2
    )
    assert check(Panel.from_dict({**slit, "polyominoes": vertical}), path).solved


def test_a_rotatable_polyomino_may_turn_a_fixed_one_may_not():
    # polyominos.js: getRotations gives four shapes only with the rotation bit
    base = {"rows": 2, "cols": 1, "goal": [0, 2]}
    path = [(0, 0), (0, 1), (0, 2)]
    fixed = [{"cell": [0, 0], "shape": [[0, 0], [1, 0]]}]
    turns = [{"cell": [0, 0], "shape": [[0, 0], [1, 0]], "rotatable": True}]
    assert not check(Panel.from_dict({**base, "polyominoes": fixed}), path).solved
    assert check(Panel.from_dict({**base, "polyominoes": turns}), path).solved


def test_equal_areas_of_polyominoes_and_negative_ones_leave_the_region_free():
    # polyominos.js: polyCount == 0, the shapes must cancel, the region is not tiled
    base = {"rows": 1, "cols": 3, "goal": [3, 0]}
    path = [(0, 0), (1, 0), (2, 0), (3, 0)]
    mono = {"cell": [0, 0], "shape": [[0, 0]]}
    assert kinds(check(Panel.from_dict({**base, "polyominoes": [mono]}), path)) == ["polyomino"]
    both = [mono, {"cell": [1, 0], "shape": [[0, 0]], "negative": True}]
    assert check(Panel.from_dict({**base, "polyominoes": both}), path).solved
    # negative area larger than the positive one: never right
    more = [mono, {"cell": [1, 0], "shape": [[0, 0], [1, 0]], "negative": True}]
    assert kinds(check(Panel.from_dict({**base, "polyominoes": more}), path)) == ["polyomino"] * 2


def test_a_negative_polyomino_outside_the_region_lets_a_positive_reach_past_the_line():
    # polyominos.js: ylops are placed anywhere in the grid and cover their edges too
    base = {"rows": 1, "cols": 3, "start": [1, 0], "goal": [1, 1]}
    path = [(1, 0), (1, 1)]  # regions: cell (0, 0) | cells (1, 0), (2, 0)
    pieces = [
        {"cell": [1, 0], "shape": [[0, 0], [1, 0], [2, 0]]},
        {"cell": [2, 0], "shape": [[0, 0]], "negative": True},
    ]
    assert check(Panel.from_dict({**base, "polyominoes": pieces}), path).solved


def test_an_edge_dot_needs_that_edge():
    # validate.js: dots on edges are checked like dots on vertices
    base = {"rows": 1, "cols": 1, "goal": [1, 1], "dots": [[0, 1, 1, 1]]}
    assert kinds(check(Panel.from_dict(base), [(0, 0), (1, 0), (1, 1)])) == ["dot"]
    assert check(Panel.from_dict(base), [(0, 0), (0, 1), (1, 1)]).solved


def test_the_line_cannot_cross_a_gap_and_may_pass_an_end():
    # trace2.js: gaps stop the line; an endpoint is only taken if the player wants
    base = {"rows": 1, "cols": 1, "gaps": [[0, 0, 0, 1]], "goal": [1, 1]}
    assert kinds(check(Panel.from_dict(base), [(0, 0), (0, 1), (1, 1)])) == ["gap"]
    ends = {"rows": 1, "cols": 1, "ends": [[1, 0], [1, 1]], "triangles": [[0, 0, 2]]}
    assert check(Panel.from_dict(ends), [(0, 0), (1, 0), (1, 1)]).solved


def test_cells_cut_off_by_removed_edges_join_no_region():
    # puzzle.js: _floodFillOutside goes in through removed (gap-2) edges
    base = {"rows": 1, "cols": 3, "goal": [0, 1], "squares": [[0, 0, "red"], [2, 0, "blue"]]}
    path = [(0, 0), (0, 1)]
    assert kinds(check(Panel.from_dict(base), path)) == ["square", "square"]
    cut = {**base, "removed": [[1, 0, 2, 0], [1, 1, 2, 1]]}
    assert check(Panel.from_dict(cut), path).solved


def test_a_path_that_is_not_a_walk_is_bad_input():
    with pytest.raises(PathError, match="not one step"):
        verdict([[0, 0], [2, 0]])
    assert kinds(verdict([[1, 0], [2, 0]])) == ["path"]  # not from a start


def test_the_windmill_reading_of_polyominoes():
    # The Windmill: pieces are their cells only (a 2x2 piece fills a region the
    # line slits) and may overhang the grid where a negative piece cancels them
    slit = {"rows": 2, "cols": 2, "start": [1, 1], "goal": [1, 2]}
    square = [{"cell": [1, 0], "shape": [[0, 0], [0, 1], [1, 0], [1, 1]]}]
    path = [(1, 1), (1, 2)]
    assert not check(Panel.from_dict({**slit, "polyominoes": square}), path).solved
    loose = {**slit, "polyominoes": square, "polyomino_rules": "windmill"}
    assert check(Panel.from_dict(loose), path).solved
    # a 1x3 bar less a monomino fills a 1x2 panel only by hanging off its side
    bar = {"rows": 1, "cols": 2, "goal": [2, 1], "polyomino_rules": "windmill"}
    pieces = [
        {"cell": [0, 0], "shape": [[0, 0], [1, 0], [2, 0]]},
        {"cell": [1, 0], "shape": [[0, 0]], "negative": True},
    ]
    around = [(0, 0), (0, 1), (1, 1), (2, 1)]
    assert check(Panel.from_dict({**bar, "polyominoes": pieces}), around).solved
    precise = {**bar, "polyominoes": pieces, "polyomino_rules": "precise"}
    assert not check(Panel.from_dict(precise), around).solved


def test_a_symbol_of_no_colour_counts_for_no_star():
    # the colour none, for symbols no star should count
    path = [[0, 0], [1, 0], [2, 0]]
    assert verdict(path, stars=[[0, 0, "white"]], cancellers=[[1, 0, "none"]]).solved
    assert not verdict(path, stars=[[0, 0, "white"]], cancellers=[[1, 0, "white"]]).solved
    with pytest.raises(Exception, match="star needs a colour"):
        verdict(path, stars=[[0, 0, "none"]])


def windmill(path, **fields):
    return verdict(path, canceller_rules="windmill", **fields)


def test_the_windmill_spends_cancellers_by_count_and_they_count_as_white():
    # The Windmill (src/validate.js of thefifthmatt/windmill-client): two white
    # stars and a canceller: the canceller takes one star and partners the other
    row = {"cols": 3, "goal": [3, 0]}
    path = [[0, 0], [1, 0], [2, 0], [3, 0]]
    stars = [[0, 0, "white"], [1, 0, "white"]]
    assert windmill(path, stars=stars, cancellers=[[2, 0]], **row).solved
    assert not verdict(path, stars=stars, cancellers=[[2, 0]], **row).solved
    # a star and a canceller: the star has its partner, the canceller nothing to take
    v = windmill([[0, 0], [1, 0], [2, 0]], stars=[[0, 0, "white"]], cancellers=[[1, 0]])
    assert kinds(v) == ["canceller"]
    # every canceller is spent: an uncovered dot takes one, a second is left over
    assert windmill([[0, 0], [1, 0], [2, 0]], dots=[[1, 1]], cancellers=[[0, 0]]).solved
    both = windmill([[0, 0], [1, 0], [2, 0]], dots=[[1, 1]], cancellers=[[0, 0], [1, 0]])
    assert kinds(both) == ["canceller", "canceller", "dot"]


def test_the_windmill_keeps_the_square_colour_last_in_its_text_order():
    # validate.js sorts [count, colour] pairs as texts: 10 red squares come
    # before 2 blue ones, so the blue ones stay and the cancellers take the red
    cells = [(x, y) for y in range(5) for x in range(5)]
    squares = [[*c, "red"] for c in cells[:10]] + [[*c, "blue"] for c in cells[10:12]]
    panel = {"rows": 5, "cols": 5, "goal": [5, 0], "squares": squares}
    bottom = [[x, 0] for x in range(6)]
    ten = [list(c) for c in cells[12:22]]
    assert windmill(bottom, cancellers=ten, **panel).solved
    assert not windmill(bottom, cancellers=ten[:2], **panel).solved


def test_the_windmill_cancels_all_polyominoes_or_one_when_one_canceller_is_left():
    # validate.js: as many cancellers left as pieces take them all; one left
    # takes a piece when the others then fit; two or more, and fewer pieces: no
    def row(n, *shapes):
        pieces = [{"cell": [i, 0], "shape": s} for i, s in enumerate(shapes)]
        cancellers = [[i, 0] for i in range(len(shapes), n)]
        fields = {"cols": n, "goal": [n, 0], "polyomino_rules": "windmill"}
        path = [[x, 0] for x in range(n + 1)]
        return windmill(path, polyominoes=pieces, cancellers=cancellers, **fields)

    mono, domino = [[0, 0]], [[0, 0], [1, 0]]
    bar3, bar4 = [[0, 0], [1, 0], [2, 0]], [[0, 0], [1, 0], [2, 0], [3, 0]]
    assert row(4, bar3, mono, mono).solved  # less one monomino they tile the row
    assert row(4, bar4, mono).solved  # two cancellers, two pieces: both go
    assert not row(5, bar3, domino, mono).solved  # two cancellers, three pieces


def test_the_windmill_lets_pieces_whose_areas_cancel_pass_whatever_their_shapes():
    # validate.js: positive and negative cells equal: "cancelling ... based on count, not shape"
    row = {"cols": 2, "goal": [2, 0]}
    path = [[0, 0], [1, 0], [2, 0]]
    pieces = [
        {"cell": [0, 0], "shape": [[0, 0], [1, 0]]},
        {"cell": [1, 0], "shape": [[0, 0], [0, 1]], "negative": True},
    ]
    assert verdict(path, polyominoes=pieces, polyomino_rules="windmill", **row).solved
    assert not verdict(path, polyominoes=pieces, **row).solved


def test_a_start_that_is_an_end_is_a_line_of_one_vertex():
    # trace2.js: a start with an end may be left at once
    one = {"rows": 1, "cols": 1, "starts": [[0, 0], [1, 0]], "ends": [[0, 0]]}
    assert check(Panel.from_dict(one), [(0, 0)]).solved
    assert kinds(check(Panel.from_dict({**one, "triangles": [[0, 0, 1]]}), [(0, 0)])) == [
        "triangle"
    ]


def test_four_triangles_load_and_are_never_satisfied():
    # validate.js compares the count with the sides on the line, and the editor
    # allows 4: a simple line (or two that never touch) never closes a cell
    four = {"rows": 1, "cols": 1, "start": [0, 1], "goal": [0, 0], "triangles": [[0, 0, 4]]}
    verdict_ = check(Panel.from_dict(four), [(0, 1), (1, 1), (1, 0), (0, 0)])
    assert kinds(verdict_) == ["triangle"]


def test_a_start_or_an_end_on_the_axis_gives_no_line():
    # engine/solve.js refuses every place whose mirror image is itself (the
    # start included): the engine's solver counts 0 on these panels
    from witness.search.count import count_with_checker

    centre = {"rows": 2, "cols": 2, "starts": [[1, 1]], "ends": [[0, 2], [2, 0]]}
    centre["symmetry"] = "rotational"
    panel = Panel.from_dict(centre)
    v = check(panel, [(1, 1), (0, 1), (0, 2)])
    assert not v.solved and kinds(v) == ["symmetry"]
    assert v.violations[0].at == (1, 1)
    assert list(enumerate_lines(panel)) == []
    assert count_with_checker(panel).count == 0
    # an end on the axis: the two lines would finish at one vertex
    end = {"rows": 2, "cols": 2, "starts": [[0, 0], [2, 0]], "ends": [[1, 2]]}
    panel = Panel.from_dict({**end, "symmetry": "horizontal"})
    assert kinds(check(panel, [(0, 0), (0, 1), (0, 2), (1, 2)])) == ["symmetry"]
    assert count_with_checker(panel).count == 0


def test_a_deadline_stops_the_tiling_search_and_none_changes_nothing():
    """Past its deadline the check raises rather than answer; a deadline far
    off gives the same verdict as none."""
    import time

    from witness.model.rules import CheckStopped

    panel = Panel.from_dict(
        {
            "rows": 2,
            "cols": 2,
            "goal": [2, 2],
            "polyominoes": [
                {"cell": [0, 0], "shape": [[0, 0], [1, 0]]},
                {"cell": [1, 1], "shape": [[0, 0], [1, 0]]},
            ],
        }
    )
    line = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    with pytest.raises(CheckStopped):
        check(panel, line, deadline=time.perf_counter() - 1)
    late = check(panel, line, deadline=time.perf_counter() + 3600)
    assert late == check(panel, line) and late.solved
    # the region's verdict is cached now: a deadline past still stops the check
    with pytest.raises(CheckStopped):
        check(panel, line, deadline=time.perf_counter() - 1)


def test_spare_cancellers_pair_only_once_one_took_the_engines_last_invalid_symbol():
    # validate.js (regionCheckNegations2) gives each spare canceller an
    # invalid symbol later in its list than the one before, and pairs the
    # cancellers left only once the list's last symbol is taken; the list
    # holds squares, then stars, then polyominoes, each in the order the
    # engine's flood fill (puzzle.js) meets them. Both panels: the line along
    # the bottom leaves one region; witnesspuzzles.com's engine rejects the
    # first layout of each and accepts the second.
    bottom = [(0, 0), (1, 0), (2, 0), (3, 0)]
    big = [[x, y] for x in range(3) for y in range(3)]
    for mono, nine, solved in (((0, 0), (2, 1), False), ((2, 1), (0, 0), True)):
        pieces = [{"cell": list(mono), "shape": [[0, 0]]}, {"cell": list(nine), "shape": big}]
        panel = Panel.from_dict(
            {
                "rows": 3,
                "cols": 3,
                "starts": [[0, 0]],
                "ends": [[3, 0]],
                "cancellers": [[0, 2], [1, 2], [2, 2], [0, 1]],
                "polyominoes": pieces,
                "dots": [[1, 1]],
            }
        )
        # a canceller takes the dot; three are left: one may take the single
        # cell and two pair off only when the single cell comes last
        assert check(panel, bottom).solved is solved
    for blue, red, solved in (((0, 1), (2, 0), False), ((2, 0), (0, 1), True)):
        panel = Panel.from_dict(
            {
                "rows": 2,
                "cols": 3,
                "starts": [[0, 0]],
                "ends": [[3, 0]],
                "cancellers": [[1, 1, "white"], [2, 1, "white"], [1, 0, "white"]],
                "squares": [[*blue, "blue"], [*red, "red"]],
                "stars": [[0, 0, "red"]],
            }
        )
        # the blue square must go (the red one pairs the star); the two
        # cancellers left pair off only when the blue square comes last
        assert check(panel, bottom).solved is solved
