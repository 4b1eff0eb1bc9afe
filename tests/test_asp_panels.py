"""The clingo solver for general panels against a brute force: every simple
walk from a start to an end over the panel's edges, kept when the rules
checker accepts it. The solution sets and the counts must be equal, on seeded
random panels up to 3x3 that mix every constraint type."""

import json
import random
from dataclasses import replace

import pytest
from random_panels import grid_mirror, grid_places, panel_or_none

from witness.model.base import PuzzleError
from witness.model.panel import Dot, Panel, Polyomino
from witness.model.rules import check
from witness.search.asp_solver import (
    DEFAULT_SETTINGS,
    AspSettings,
    count_panel_asp,
    panel_lines,
    solve_panel_asp,
)
from witness.search.count import count_with_checker

COLOURS = ("red", "blue", "black")
SHAPES = (
    ((0, 0),),
    ((0, 0), (1, 0)),
    ((0, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
)
KINDS = ("triangle", "square", "star", "canceller", "polyomino")


def brute_force(panel: Panel) -> list[list[tuple[int, int]]]:
    """Every simple walk from a start ending at an end that the checker accepts."""
    out = []

    def walk(path: list, seen: set) -> None:
        if path[-1] in panel.ends and check(panel, path).solved:
            out.append(list(path))
        for w in panel.neighbours(path[-1]):
            if w not in seen:
                path.append(w)
                seen.add(w)
                walk(path, seen)
                seen.discard(w)
                path.pop()

    for s in panel.starts:
        walk([s], {s})
    return out


def _symbols(rng: random.Random, rows: int, cols: int, kinds: tuple[str, ...]) -> dict:
    fields: dict = {
        "triangles": [],
        "squares": [],
        "stars": [],
        "cancellers": [],
        "polyominoes": [],
    }
    for x in range(cols):
        for y in range(rows):
            kind = rng.choice((None,) * 4 + kinds)
            colour = rng.choice(COLOURS)
            if kind == "triangle":
                fields["triangles"].append((x, y, rng.randint(1, 3), colour))
            elif kind == "polyomino" and len(fields["polyominoes"]) < 3:
                piece = Polyomino(
                    (x, y),
                    rng.choice(SHAPES),
                    rotatable=rng.random() < 0.4,
                    negative=rng.random() < 0.3,
                    colour=colour,
                )
                fields["polyominoes"].append(piece)
            elif kind == "canceller":  # "none": counts for no star
                fields["cancellers"].append((x, y, rng.choice((colour, "none"))))
            elif kind in ("square", "star"):
                fields[kind + "s"].append((x, y, colour))
    return fields


def random_panel(rng: random.Random, max_cells: int, kinds: tuple[str, ...] = KINDS) -> Panel:
    """A random valid panel of at most ``max_cells`` cells (retries invalid draws)."""
    while True:
        rows, cols = rng.randint(1, 3), rng.randint(1, 3)
        if rows * cols > max_cells:
            continue
        verts, border, edges = grid_places(cols, rows)
        symmetry = rng.choice((None, None, "horizontal", "vertical", "rotational"))
        mirror = grid_mirror(cols, rows, symmetry)
        starts = set(rng.sample(verts, rng.choice((1, 1, 2))))
        ends = set(rng.sample(border, rng.choice((1, 1, 2))))
        if symmetry:  # mirror images of starts and ends, as the validator wants
            starts |= {mirror(v) for v in starts}
            ends |= {mirror(v) for v in ends}
        dots = rng.sample(verts + edges, rng.randint(0, 2))
        dot_colours = ("black", "blue", "yellow") if symmetry else ("black",)
        blocked = [e for e in edges if e not in dots]
        gaps = rng.sample(blocked, min(len(blocked), rng.choice((0, 0, 1, 2))))
        removed = [e for e in rng.sample(blocked, rng.choice((0, 0, 1))) if e not in gaps]
        panel = panel_or_none(
            rows,
            cols,
            starts,
            ends,
            dots=tuple(Dot(d, rng.choice(dot_colours)) for d in dots),
            gaps=tuple(gaps),
            removed_edges=tuple(removed),
            removed_vertices=tuple(rng.sample(verts, rng.choice((0, 0, 0, 1)))),
            symmetry=symmetry,
            polyomino_rules=rng.choice(("precise", "precise", "windmill")),
            **_symbols(rng, rows, cols, kinds),
        )
        if panel is not None:
            return panel


def _refuted_without_choice(panel: Panel) -> None:
    """The whole encoding refutes ``panel`` by propagation alone (no choice), as
    the brute force finds no solution."""
    import clingo

    from witness.search.asp_solver import panel_program

    ctl = clingo.Control(["--eq=0"])
    ctl.add("base", [], panel_program(panel))
    ctl.ground([("base", [])])
    assert ctl.solve().unsatisfiable
    assert ctl.statistics["solving"]["solvers"]["choices"] == 0
    assert not brute_force(panel)


def agree(panel: Panel, settings: AspSettings = DEFAULT_SETTINGS) -> None:
    expected = sorted(brute_force(panel))
    got = sorted(panel_lines(panel, settings=settings))
    assert got == expected, panel.to_json()
    counted = count_panel_asp(panel, settings=settings)
    assert counted.count == len(expected) and counted.status == "counted", panel.to_json()
    result = solve_panel_asp(panel, settings=settings)
    assert result.solved == bool(expected), panel.to_json()
    assert result.status == ("solved" if expected else "unsolvable")
    if expected:
        assert result.path in expected


POLY_HEAVY = ("polyomino", "polyomino", "polyomino", "canceller", "square")


def checker_replaced(monkeypatch, check=None, check_region=None) -> None:
    """The clingo solver asks these in place of the rules checker's ``check``
    and ``check_region`` (in each of its modules that asks the checker)."""
    from witness.search.asp_solver import driver, lazy, stage

    if check is not None:
        monkeypatch.setattr(stage, "check", check)
        monkeypatch.setattr(driver, "check", check)
    if check_region is not None:
        monkeypatch.setattr(lazy, "check_region", check_region)


@pytest.mark.parametrize("seed", range(60))
def test_asp_equals_brute_force_small(seed: int) -> None:
    agree(random_panel(random.Random(seed), max_cells=4))


@pytest.mark.parametrize("seed", range(40))
def test_asp_equals_brute_force_polyominoes_small(seed: int) -> None:
    agree(random_panel(random.Random(500 + seed), max_cells=4, kinds=POLY_HEAVY))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(300))
def test_asp_equals_brute_force_up_to_3x3(seed: int) -> None:
    agree(random_panel(random.Random(1000 + seed), max_cells=9))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_asp_equals_brute_force_polyominoes_up_to_3x3(seed: int) -> None:
    agree(random_panel(random.Random(seed), max_cells=9, kinds=POLY_HEAVY))


CANCELLER_HEAVY = ("canceller", "canceller", "square", "star", "triangle", "polyomino")
NO_POLYOMINO = ("canceller", "canceller", "square", "star", "triangle")


@pytest.mark.parametrize("seed", range(60))
def test_asp_equals_brute_force_cancellers_small(seed: int) -> None:
    agree(random_panel(random.Random(3000 + seed), max_cells=4, kinds=CANCELLER_HEAVY))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_asp_equals_brute_force_cancellers_up_to_3x3(seed: int) -> None:
    agree(random_panel(random.Random(4000 + seed), max_cells=9, kinds=CANCELLER_HEAVY))


def windmill_count(panel: Panel) -> Panel:
    """``panel`` with The Windmill's cancellers: counted, white to the stars."""
    cancellers = tuple((x, y, "white") for x, y, _ in panel.cancellers)
    return replace(panel, cancellers=cancellers, canceller_rules="windmill")


@pytest.mark.parametrize("seed", range(60))
def test_asp_equals_brute_force_windmill_cancellers_small(seed: int) -> None:
    panel = random_panel(random.Random(7000 + seed), max_cells=4, kinds=CANCELLER_HEAVY)
    agree(windmill_count(panel))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200))
def test_asp_equals_brute_force_windmill_cancellers_up_to_3x3(seed: int) -> None:
    panel = random_panel(random.Random(8000 + seed), max_cells=9, kinds=CANCELLER_HEAVY)
    agree(windmill_count(panel))


def test_squares_left_after_removal_have_one_colour() -> None:
    """Two red and two blue squares with one canceller in a row: a line that
    leaves them in one region lets the canceller remove one square, and the
    three left still have two colours (panel_cancellers.lp's kept_colour);
    three cancellers may remove one square or three (an odd number). Both
    panels against the brute force."""
    for cancellers in (((4, 0, "none"),), ((4, 0, "none"), (5, 0, "none"), (6, 0, "none"))):
        panel = Panel(
            rows=1,
            cols=3 + len(cancellers) + 1,
            starts=((0, 0),),
            ends=((0, 1),),
            squares=((0, 0, "red"), (1, 0, "red"), (2, 0, "blue"), (3, 0, "blue")),
            cancellers=cancellers,
        )
        agree(panel)


def test_a_domino_covers_the_edge_between_its_cells() -> None:
    """Under the precise reading a domino covers the edge between its cells,
    which must lie in its region (the cell-level regions of panel_regions.lp
    give the edges as leaves next to their cells): against the brute force."""
    panel = Panel(
        rows=1,
        cols=3,
        starts=((0, 0),),
        ends=((3, 1),),
        polyominoes=(Polyomino((0, 0), ((0, 0), (1, 0))),),
    )
    assert brute_force(panel)
    agree(panel)


def test_twin_pieces_may_share_a_placement_over_a_negative_one() -> None:
    """Two alike pieces laid on the same cells, one layer cancelled by a
    negative piece (witnesspuzzles.com's "Overlap" panels): on a 1x3 panel
    two fixed I-trominoes and a negative one fit only so, whichever way the
    line goes round the panel. The twins' order of placements is strict only
    without negative pieces."""
    bar = ((0, 0), (1, 0), (2, 0))
    panel = Panel(
        rows=1,
        cols=3,
        starts=((0, 0),),
        ends=((3, 0),),
        polyominoes=(
            Polyomino((0, 0), bar),
            Polyomino((1, 0), bar),
            Polyomino((2, 0), bar, negative=True),
        ),
    )
    assert len(brute_force(panel)) == 2
    agree(panel)


def _twin_panel(rng: random.Random) -> Panel:
    """A random panel of two or three alike pieces (twins) and one negative
    piece, alike or not: on panels this small the twins must at times lie
    on the same cells."""
    while True:
        panel = random_panel(rng, max_cells=3, kinds=())
        cells = [(x, y) for x in range(panel.cols) for y in range(panel.rows)]
        shape = rng.choice(SHAPES[1:])
        places = rng.sample(cells, min(len(cells), rng.randint(3, 4)))
        negative = Polyomino(places[-1], rng.choice((shape, *SHAPES)), negative=True)
        pieces = (*(Polyomino(cell, shape) for cell in places[:-1]), negative)
        try:
            return replace(panel, polyominoes=pieces)
        except PuzzleError:
            continue


@pytest.mark.parametrize("seed", range(200))
def test_asp_equals_brute_force_with_twin_pieces(seed: int) -> None:
    agree(_twin_panel(random.Random(seed)))


def test_only_lone_stars_count_against_the_cancellers() -> None:
    """panel_cancellers.lp counts a star alone of its colour in its region
    with the other very invalid symbols, over the whole panel: a pair of red
    stars and a lone blue star with one canceller is solvable (the canceller
    takes the blue star), and a second lone star is one too many. Both
    against the brute force."""
    for stars in (
        ((0, 0, "red"), (1, 0, "red"), (2, 0, "blue")),
        ((0, 0, "green"), (1, 0, "red"), (2, 0, "blue")),
    ):
        panel = Panel(
            rows=1,
            cols=4,
            starts=((0, 0),),
            ends=((4, 0),),
            stars=stars,
            cancellers=((3, 0, "none"),),
        )
        assert bool(brute_force(panel)) == (stars[0][2] == "red")
        agree(panel)


def test_alike_symbols_are_removed_in_order_within_their_colour_and_region() -> None:
    """panel_cancellers.lp removes squares (stars) of one colour in one region
    lowest first; the order must not reach across colours (the blue square,
    the highest, is the one to remove; one of three blue stars above two red
    ones) nor across regions (the red square cut off alone by the line stays,
    its twin beside the canceller goes). Against the brute force."""
    first = Panel(
        rows=1,
        cols=4,
        starts=((0, 0),),
        ends=((4, 0),),
        squares=((0, 0, "red"), (1, 0, "red"), (2, 0, "blue")),
        cancellers=((3, 0, "none"),),
    )
    second = Panel(
        rows=1,
        cols=5,
        starts=((1, 0),),
        ends=((1, 1),),
        squares=((0, 0, "red"), (1, 0, "red"), (2, 0, "blue"), (3, 0, "blue")),
        cancellers=((4, 0, "none"),),
    )
    stars = Panel(
        rows=1,
        cols=6,
        starts=((0, 0),),
        ends=((6, 0),),
        stars=((0, 0, "red"), (1, 0, "red"), (2, 0, "blue"), (3, 0, "blue"), (4, 0, "blue")),
        cancellers=((5, 0, "none"),),
    )
    for panel in (first, second, stars):
        assert brute_force(panel)
        agree(panel)


def test_more_very_invalid_symbols_than_cancellers_fail_without_search() -> None:
    """The whole-panel count in panel_cancellers.lp: two dots off the line and
    one canceller are refuted by propagation alone (no conflict), before any
    region is known."""
    import clingo

    from witness.model.rules import point
    from witness.search.asp_solver import panel_program

    dots = ((1, 1), (3, 3))
    panel = Panel(
        rows=4,
        cols=4,
        starts=((0, 0),),
        ends=((4, 4),),
        dots=tuple(Dot(d, "black") for d in dots),
        cancellers=((3, 0, "none"),),
    )
    ctl = clingo.Control(["--eq=0"])
    ctl.add("base", [], panel_program(panel))
    ctl.ground([("base", [])])

    def off_line(v: tuple[int, int]) -> tuple:
        place = clingo.Tuple_([clingo.Number(c) for c in point(v)])
        return (clingo.Function("covered", [place]), False)

    assert ctl.solve(assumptions=[off_line(d) for d in dots]).unsatisfiable
    assert ctl.statistics["solving"]["solvers"]["conflicts"] == 0


PARITY_KINDS = ("star", "star", "canceller", "canceller", "triangle", "square")


def _parity_panel(seed: int, max_cells: int) -> Panel:
    """A random panel of stars, cancellers, dots, triangles and squares, the
    triangles and squares in colours no star has, the squares in one
    (panel_parity.lp applies)."""
    from dataclasses import replace

    panel = random_panel(random.Random(seed), max_cells=max_cells, kinds=PARITY_KINDS)
    triangles = tuple((x, y, k, "white") for x, y, k, _ in panel.triangles)
    squares = tuple((x, y, "green") for x, y, _ in panel.squares)
    return replace(panel, triangles=triangles, squares=squares)


def test_the_parity_of_stars_and_cancellers_equals_brute_force() -> None:
    """panel_parity.lp on panels of stars, cancellers, dots, triangles and squares: the
    same lines as the brute force, and it applies to most of them with both
    parities."""
    from witness.search.asp_solver.program import star_parity

    seen = []
    for seed in range(60):
        panel = _parity_panel(14000 + seed, max_cells=6)
        seen.append(star_parity(panel))
        agree(panel)
    assert seen.count(0) > 10 and seen.count(1) > 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(150))
def test_the_parity_of_stars_and_cancellers_equals_brute_force_up_to_3x3(seed: int) -> None:
    agree(_parity_panel(15000 + seed, max_cells=9))


def test_no_parity_where_other_symbols_count_for_stars_or_may_go() -> None:
    """A square or triangle of a star's colour counts for it, and squares of
    two colours may go one at a time: an odd count of stars and cancellers
    is then solvable, and panel_parity.lp stays out."""
    from witness.search.asp_solver.program import star_parity

    line = {"rows": 1, "cols": 2, "starts": ((0, 0),), "ends": ((2, 1),)}
    panels = (
        Panel(**line, stars=((0, 0, "red"),), squares=((1, 0, "red"),)),
        Panel(**line, stars=((0, 0, "red"),), triangles=((1, 0, 1, "red"),)),
        Panel(
            rows=1,
            cols=3,
            starts=((0, 0),),
            ends=((3, 1),),
            squares=((0, 0, "red"), (1, 0, "blue")),
            cancellers=((2, 0, "none"),),
        ),
    )
    for panel in panels:
        assert star_parity(panel) is None
        assert brute_force(panel)
        agree(panel)


def test_an_odd_count_of_stars_and_cancellers_is_refuted_without_search() -> None:
    """Stars and cancellers alone, an odd number of them: every region needs
    an even number (a canceller removes one symbol, and stars stay in twos),
    so panel_parity.lp refutes the panel with no choice; and with dots, the
    parity says how many of them stay off the line."""

    stars = tuple((x, y, "white") for x in range(3) for y in range(3) if (x + y) % 2 == 0)
    cancellers = tuple((x, y, "none") for x in range(3) for y in range(3) if (x + y) % 2)
    panel = Panel(
        rows=3, cols=3, starts=((0, 0),), ends=((3, 3),), stars=stars, cancellers=cancellers
    )
    _refuted_without_choice(panel)
    # one dot off the line makes the count even again: the dot goes too
    dotted = Panel(
        rows=3,
        cols=3,
        starts=((0, 0),),
        ends=((3, 3),),
        stars=stars,
        cancellers=cancellers,
        dots=(Dot((1, 1), "black"),),
    )
    agree(dotted)
    assert all((1, 1) not in line for line in brute_force(dotted))


def test_the_lines_colours_alternate_as_on_a_chessboard() -> None:
    """panel_path.lp's tones: a line's vertices alternate between the grid's
    two colours. Dots on all nine vertices of a 2x2 panel, from (0, 0) to
    (2, 1) (two colours, so a line of an even count of vertices): refuted by
    propagation alone, no choice made; the same ends with one vertex free,
    of the ends' colours' count, solvable, as the brute force says."""

    every = [(x, y) for x in range(3) for y in range(3)]
    panel = Panel(
        rows=2,
        cols=2,
        starts=((0, 0),),
        ends=((2, 1),),
        dots=tuple(Dot(v, "black") for v in every),
    )
    _refuted_without_choice(panel)
    for free in ((2, 0), (0, 1)):  # the even colour (the start's), the odd one
        panel = Panel(
            rows=2,
            cols=2,
            starts=((0, 0),),
            ends=((2, 1),),
            dots=tuple(Dot(v, "black") for v in every if v != free),
        )
        agree(panel)
        assert bool(brute_force(panel)) == (sum(free) % 2 == 0)


@pytest.mark.parametrize("seed", range(10))
def test_checker_count_equals_brute_force(seed: int) -> None:
    panel = random_panel(random.Random(2000 + seed), max_cells=4)
    counted = count_with_checker(panel)
    assert (counted.count, counted.status) == (len(brute_force(panel)), "counted")


def test_unsupported_region_is_not_accepted() -> None:
    """Two regions, a negative monomino alone in one: no solution. clingo's
    equivalence preprocessing (on by default) gave two."""
    panel = Panel.from_dict(
        {
            "rows": 3,
            "cols": 2,
            "starts": [[0, 2], [2, 1]],
            "ends": [[0, 1], [2, 2]],
            "polyominoes": [
                {"cell": [0, 0], "shape": [[0, 0]], "negative": True},
                {"cell": [1, 1], "shape": [[0, 0], [0, 1], [1, 1]], "rotatable": True},
            ],
            "symmetry": "rotational",
        }
    )
    assert brute_force(panel) == []
    assert list(panel_lines(panel)) == []


def test_a_zero_time_limit_stops_the_count_without_a_number() -> None:
    panel = Panel.from_dict({"rows": 3, "cols": 3, "goal": [3, 3], "squares": [[0, 0, "red"]]})
    assert count_panel_asp(panel).count == len(brute_force(panel)) > 0
    for counted in (count_panel_asp(panel, time_limit=0), count_with_checker(panel, time_limit=0)):
        assert counted.status == "timed_out" and counted.count is None
        assert counted.at_least < len(brute_force(panel))


def test_the_time_limit_bounds_grounding(held_grounding) -> None:
    """Grounding that outlasts the limit ends the solve and the count as
    stopped, without waiting for it (here a grounding held until released)."""
    panel = Panel.from_dict({"rows": 2, "cols": 2, "goal": [2, 2], "squares": [[0, 0, "red"]]})
    result = solve_panel_asp(panel, time_limit=0.5)
    counted = count_panel_asp(panel, time_limit=0.5)
    assert not held_grounding.is_set()  # returned while grounding was held
    assert (result.status, result.solved) == ("timed_out", False)
    assert result.extra["stop"] == "grounding"
    assert counted.status == "timed_out" and counted.count is None


PANEL = {
    "rows": 3,
    "cols": 3,
    "starts": [[0, 0], [3, 0]],
    "ends": [[0, 3], [3, 3]],
    "squares": [[0, 0, "red"], [2, 2, "blue"]],
    "dots": [[1, 1]],
    "gaps": [[1, 0, 2, 0]],
    "symmetry": "horizontal",
}


def test_cli_solves_and_counts_a_panel(tmp_path, capsys):
    from witness.cli import main

    f = tmp_path / "panel.json"
    f.write_text(json.dumps(PANEL))
    panel = Panel.from_dict(PANEL)
    assert main(["solve", str(f), "--solver", "asp", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["status"] == "solved" and check(panel, [tuple(v) for v in out["path"]]).solved
    expected = len(brute_force(panel))
    for solver in (["--solver", "asp"], []):
        assert main(["solve", str(f), "--count", "--json", *solver]) == 0
        out = json.loads(capsys.readouterr().out)
        assert (out["count"], out["status"], out["timed_out"]) == (expected, "counted", False)
        assert out["solver"] == ("asp" if solver else "checker")
    assert main(["solve", str(f), "--count", "--time-limit", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["count"] is None and out["status"] == "timed_out"


def test_cli_refuses_what_it_would_ignore(tmp_path, capsys):
    from witness.cli import main

    f = tmp_path / "panel.json"
    f.write_text(json.dumps(PANEL))
    assert main(["solve", str(f), "--count", "--max-expansions", "3"]) == 2
    assert "--max-expansions" in capsys.readouterr().err
    assert main(["solve", str(f), "--solver", "asp", "--predicate", "none"]) == 2
    assert "--predicate" in capsys.readouterr().err


@pytest.mark.parametrize("reading", ["precise", "windmill"])
def test_a_piece_over_a_slit(reading: str) -> None:
    """A line from the middle start cuts a slit; the square piece spans it.
    Only the windmill reading lets a piece span an edge the line uses."""
    panel = Panel.from_dict(
        {
            "rows": 2,
            "cols": 2,
            "start": [1, 1],
            "goal": [1, 0],
            "polyominoes": [{"cell": [0, 0], "shape": [[0, 0], [1, 0], [0, 1], [1, 1]]}],
            "polyomino_rules": reading,
        }
    )
    slit = [(1, 1), (1, 0)]
    assert check(panel, slit).solved == (reading == "windmill")
    assert sorted(panel_lines(panel)) == sorted(brute_force(panel))


def _rim_windmill_panel(rng: random.Random) -> Panel:
    """Positive pieces under the windmill reading, starts and ends on the rim
    (where panel_polyominoes.lp says a piece never lies across a line's edge)."""
    while True:
        rows, cols = rng.randint(2, 3), rng.randint(2, 3)
        rim = sorted(grid_places(cols, rows)[1])  # column by column
        cells = rng.sample([(x, y) for x in range(cols) for y in range(rows)], rng.randint(1, 4))
        pieces = tuple(
            Polyomino(c, rng.choice(SHAPES), rotatable=rng.random() < 0.5) for c in cells
        )
        panel = panel_or_none(
            rows,
            cols,
            rng.sample(rim, rng.choice((1, 2))),
            rng.sample(rim, 1),
            polyominoes=pieces,
            polyomino_rules="windmill",
        )
        if panel is not None:
            return panel


@pytest.mark.parametrize("seed", range(40))
def test_pieces_off_the_lines_edges_on_the_rim(seed: int) -> None:
    """The cut rule holds on these panels and changes no solution."""
    import clingo

    from witness.search.asp_solver import panel_program

    panel = _rim_windmill_panel(random.Random(7000 + seed))
    ctl = clingo.Control()
    ctl.add("base", [], panel_program(panel))
    ctl.ground([("base", [])])
    assert ctl.symbolic_atoms[clingo.Function("cut")].is_fact
    agree(panel)


def loose_panels(count: int) -> list[Panel]:
    """The first ``count`` random panels from seed 20001 on whose pieces the
    encoding sums over the whole panel (fact loose: negative pieces under the
    windmill reading)."""
    from witness.search.asp_solver.program import loose_pieces

    out, seed = [], 20000
    while len(out) < count:
        seed += 1
        panel = random_panel(random.Random(seed), max_cells=6, kinds=POLY_HEAVY)
        if loose_pieces(panel):
            out.append(panel)
    return out


def test_pieces_summed_over_the_panel_equal_brute_force() -> None:
    """Under the windmill reading with negative pieces the encoding sums the
    pieces over the whole panel (fact loose) and the checker decides each
    line: the same solutions as the brute force, on 25 such panels."""
    from witness.search.asp_solver import panel_program

    for panel in loose_panels(25):
        assert "\nloose.\n" in panel_program(panel)
        agree(panel)


_PROGRAMS = """
import hashlib, json, sys
from witness.model.panel import Panel
from witness.search.asp_solver import lazy_families, panel_program
for text in json.load(sys.stdin):
    panel = Panel.from_json(text)
    for second in (False, True):
        program = panel_program(panel, lazy_families(panel, second=second))
        print(hashlib.sha256(program.encode()).hexdigest())
"""


def test_the_program_does_not_depend_on_the_hash_seed() -> None:
    """The facts come in one order whatever PYTHONHASHSEED is (the order of
    a set of strings changes with it), so clingo searches the same way and a
    solve is reproducible."""
    import os
    import subprocess
    import sys

    rng = random.Random(31)
    panels = [random_panel(rng, max_cells=9).to_json() for _ in range(40)]
    outputs = []
    for seed in ("1", "2"):
        outputs.append(
            subprocess.run(
                [sys.executable, "-c", _PROGRAMS],
                input=json.dumps(panels),
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, "PYTHONHASHSEED": seed},
            ).stdout
        )
    assert outputs[0] == outputs[1] and len(outputs[0].split()) == 80


@pytest.mark.parametrize("seed", range(40))
def test_the_cells_the_pieces_cover_equal_brute_force(seed: int) -> None:
    """Positive pieces only, both readings: the lines pass between a cell a
    placement covers and one none covers, and the covered cells are as many
    as the pieces' area (panel_polyominoes.lp, laid): no solution changes."""
    import dataclasses

    from witness.search.asp_solver import panel_program

    panel = random_panel(random.Random(16000 + seed), max_cells=9, kinds=POLY_HEAVY)
    pieces = tuple(dataclasses.replace(p, negative=False) for p in panel.polyominoes)
    panel = dataclasses.replace(panel, polyominoes=pieces)
    assert not pieces or "\nno_negatives.\n" in panel_program(panel)
    agree(panel)


def _ground_placements(panel: Panel) -> tuple:
    """The whole encoding of ``panel`` grounded; each piece's kind; and by
    (kind, placement) the cells the placement covers with weight 1."""
    import clingo

    from witness.search.asp_solver import panel_program

    ctl = clingo.Control(["--eq=0"])
    ctl.add("base", [], panel_program(panel))
    ctl.ground([("base", [])])
    kind = {
        a.symbol.arguments[0]: a.symbol.arguments[1]
        for a in ctl.symbolic_atoms.by_signature("kind", 2)
    }
    cells: dict[tuple, set] = {}
    for atom in ctl.symbolic_atoms.by_signature("pcov", 4):
        kind_of, index, place, weight = atom.symbol.arguments
        if weight.number == 1 and all(c.number % 2 for c in place.arguments):
            cells.setdefault((kind_of, index), set()).add(place)
    return ctl, kind, cells


def test_two_overlapping_placements_are_refuted_without_search() -> None:
    """Positive pieces: no two placements overlap, said directly
    (panel_polyominoes.lp), so any two placements over one cell, whatever the
    lines, are refuted by propagation alone (on this panel, without the rule,
    clingo needs a choice for some pairs, as place((3,7),5) and
    place((7,1),3))."""

    panel = Panel(
        rows=4,
        cols=4,
        starts=((0, 0),),
        ends=((4, 4),),
        polyominoes=(
            Polyomino((0, 1), ((0, 0),)),
            Polyomino((0, 2), ((0, 0), (1, 0), (2, 0))),
            Polyomino((1, 0), ((0, 0), (1, 0)), rotatable=True),
            Polyomino((1, 3), ((0, 0), (1, 0), (2, 0)), rotatable=True),
            Polyomino((3, 0), ((0, 0),)),
        ),
        polyomino_rules="windmill",
    )
    ctl, kind, cells = _ground_placements(panel)
    placements = [a.symbol for a in ctl.symbolic_atoms.by_signature("place", 2)]
    pairs = [
        (one, other)
        for one in placements
        for other in placements
        if one.arguments[0] < other.arguments[0]
        and cells[(kind[one.arguments[0]], one.arguments[1])]
        & cells[(kind[other.arguments[0]], other.arguments[1])]
    ]
    assert len(pairs) > 100
    for one, other in pairs:
        assert ctl.solve(assumptions=[(one, True), (other, True)]).unsatisfiable
        assert ctl.statistics["solving"]["solvers"]["choices"] == 0, (one, other)


@pytest.mark.parametrize("reading", ["precise", "windmill"])
def test_a_positive_piece_outside_its_region_lies_under_a_negative_one(reading: str) -> None:
    """With negative pieces: a positive placement over a cell outside its
    piece's region, no negative piece over that cell, is refuted without a
    choice (panel_polyominoes.lp, negcov/1), and no solution changes."""
    import clingo

    panel = Panel(
        rows=2,
        cols=3,
        starts=((0, 0),),
        ends=((3, 2),),
        polyominoes=(
            Polyomino((0, 0), ((0, 0), (1, 0)), rotatable=True),
            Polyomino((2, 1), ((0, 0), (0, 1))),
            Polyomino((1, 1), ((0, 0),), negative=True),
        ),
        polyomino_rules=reading,
    )
    ctl, kind, cells = _ground_placements(panel)
    tried = 0
    for atom in ctl.symbolic_atoms.by_signature("place", 2):
        piece, index = atom.symbol.arguments
        for cell in cells.get((kind[piece], index), []):
            reach = clingo.Function("reach", [piece, cell])
            under = clingo.Function("negcov", [cell])
            if reach not in ctl.symbolic_atoms or under not in ctl.symbolic_atoms:
                continue
            tried += 1
            assumed = [(atom.symbol, True), (reach, False), (under, False)]
            assert ctl.solve(assumptions=assumed).unsatisfiable
            assert ctl.statistics["solving"]["solvers"]["choices"] == 0, assumed
    assert tried > 10
    agree(panel)


def parted_panels(count: int, first_seed: int, kinds: tuple[str, ...] = KINDS) -> list[Panel]:
    """The first ``count`` random panels (of at most 9 cells, from
    ``first_seed`` on) whose lines all run from rim to rim with nothing outside
    the panel, and that have a symbol whose region a rule needs."""
    from witness.search.asp_solver.program import cell_regions, rim_ends

    out, seed = [], first_seed
    while len(out) < count:
        panel = random_panel(random.Random(seed), max_cells=9, kinds=kinds)
        seed += 1
        needs_regions = panel.stars or panel.cancellers or panel.polyominoes
        if rim_ends(panel) and cell_regions(panel) and needs_regions:
            out.append(panel)
    return out


@pytest.mark.parametrize("kinds", [KINDS, NO_POLYOMINO, POLY_HEAVY])
def test_a_lines_edge_parts_the_cells_beside_it(kinds: tuple[str, ...]) -> None:
    """With every line from rim to rim and nothing outside (fact parted,
    panel_regions.lp) no region holds the two cells on either side of a line's
    edge: no solution changes, on panels mixing every type and symmetry."""
    from witness.search.asp_solver import panel_program

    for panel in parted_panels(25, 30000 + 1000 * len(kinds), kinds):
        assert "\nparted.\n" in panel_program(panel)
        agree(panel)


def test_a_line_from_inside_does_not_part_the_cells_beside_it() -> None:
    """A line from the centre of a 2x2 panel down to its rim runs between the
    two lower cells, which stay in one region around its free end: their two
    stars pair up, so the line solves the panel (no fact parted)."""
    from witness.search.asp_solver import panel_program

    panel = Panel(
        rows=2,
        cols=2,
        starts=((1, 1),),
        ends=((1, 0),),
        stars=((0, 0, "black"), (1, 0, "black")),
    )
    assert "\nparted.\n" not in panel_program(panel)
    assert [(1, 1), (1, 0)] in brute_force(panel)
    agree(panel)


@pytest.mark.parametrize("kinds", [KINDS, NO_POLYOMINO, POLY_HEAVY])
def test_sources_in_one_region_reach_the_same_cells(kinds: tuple[str, ...]) -> None:
    """Two sources in one region reach the same cells (fact together,
    panel_regions.lp): no solution changes, with lines from the rim or from
    inside the panel."""
    from witness.search.asp_solver import panel_program

    seen = 0
    for seed in range(50000, 50060):
        panel = random_panel(random.Random(seed + 100 * len(kinds)), max_cells=9, kinds=kinds)
        if len(panel.stars) + len(panel.cancellers) + len(panel.polyominoes) < 2:
            continue
        assert "\ntogether.\n" in panel_program(panel)
        agree(panel)
        seen += 1
    assert seen >= 20


def test_no_sources_together_above_the_bound() -> None:
    from witness.search.asp_solver import panel_program

    panel = parted_panels(1, 30000)[0]
    settings = AspSettings(together_sources=0)
    assert "\ntogether.\n" not in panel_program(panel, settings=settings)
    agree(panel, settings)


def test_the_windmill_square_order_is_the_checkers(monkeypatch) -> None:
    """10 red squares, 2 blue ones and 10 cancellers on a 2x11 panel: The
    Windmill keeps the blue ones (its text order puts "10,6" before "2,8"),
    so the cancellers take the red. clingo's lines (no checker asked: no
    polyominoes) are lines the checker accepts."""
    cells = [(x, y) for y in range(2) for x in range(11)]
    panel = Panel(
        rows=2,
        cols=11,
        ends=((11, 0),),
        squares=tuple((*c, "red") for c in cells[:10]) + tuple((*c, "blue") for c in cells[10:12]),
        cancellers=tuple((*c, "white") for c in cells[12:]),
        canceller_rules="windmill",
    )

    def no_check(*args, **kwargs):
        raise AssertionError("the rules checker was asked")

    checker_replaced(monkeypatch, no_check, no_check)
    lines = list(panel_lines(panel, time_limit=60))
    monkeypatch.undo()
    assert lines
    assert all(check(panel, line).solved for line in lines)
    bottom = [(x, 0) for x in range(12)]
    assert bottom in lines


def test_a_start_or_an_end_on_the_axis_gives_no_line() -> None:
    """The two lines may not share their start or end (engine/solve.js refuses
    a place whose mirror image is itself): clingo solves and counts no line
    from a start on the centre, nor to an end on the axis."""
    centre = Panel(rows=2, cols=2, starts=((1, 1),), ends=((0, 2), (2, 0)), symmetry="rotational")
    lone = Panel(rows=2, cols=2, starts=((1, 2),), ends=((1, 2),), symmetry="horizontal")
    end = Panel(rows=2, cols=2, starts=((0, 0), (2, 0)), ends=((1, 2),), symmetry="horizontal")
    for panel in (centre, lone, end):
        assert count_panel_asp(panel).count == 0
        assert solve_panel_asp(panel).status == "unsolvable"
        agree(panel)


def engine_order_panels() -> list[Panel]:
    """Panels where the engine's order of a region decides whether spare
    cancellers pair off (tests/test_rules.py has the line along the bottom
    that each first layout rejects and each second accepts)."""
    big = tuple((x, y) for x in range(3) for y in range(3))
    out = []
    for mono, nine in (((0, 0), (2, 1)), ((2, 1), (0, 0))):
        out.append(
            Panel(
                rows=3,
                cols=3,
                starts=((0, 0),),
                ends=((3, 0),),
                cancellers=((0, 2, "white"), (1, 2, "white"), (2, 2, "white"), (0, 1, "white")),
                polyominoes=(Polyomino(mono, ((0, 0),)), Polyomino(nine, big)),
                dots=(Dot((1, 1)),),
            )
        )
    for blue, red in (((0, 1), (2, 0)), ((2, 0), (0, 1))):
        out.append(
            Panel(
                rows=2,
                cols=3,
                starts=((0, 0),),
                ends=((3, 0),),
                cancellers=((1, 1, "white"), (2, 1, "white"), (1, 0, "white")),
                squares=((*blue, "blue"), (*red, "red")),
                stars=((0, 0, "red"),),
            )
        )
    return out


@pytest.mark.parametrize("case", range(4))
def test_cancellers_pair_off_as_the_engines_order_allows(case: int) -> None:
    """panel_cancellers.lp: cancellers pair off only once one removed a symbol
    of the last invalid kind; where that kind has symbols apart, the answer
    set is unsure and the checker decides. Solve and count agree with it."""
    panel = engine_order_panels()[case]
    bottom = [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert (bottom in brute_force(panel)) is (case % 2 == 1)
    agree(panel)


def test_regions_are_grounded_only_where_a_rule_reads_them() -> None:
    """Dots and triangles read only the places under the lines: their panel's
    program holds no region (panel_regions.lp, pt/1) and decides the same
    lines; a square brings the regions in."""
    from witness.search.asp_solver import panel_program
    from witness.search.encodings import encoding

    panel = Panel.from_dict(
        {"rows": 2, "cols": 3, "starts": [[0, 0]], "ends": [[3, 2], [0, 2]],
         "triangles": [[0, 0, 2], [2, 1, 1]], "dots": [[1, 1], [2, 0, 3, 0]]}
    )  # fmt: skip
    regions = encoding("panel_regions.lp")
    program = panel_program(panel)
    assert regions not in program and "\npt(" not in program
    agree(panel)
    squared = replace(panel, squares=((1, 0, "black"), (2, 0, "white")))
    program = panel_program(squared)
    assert regions in program and "\npt(" in program
    agree(squared)
