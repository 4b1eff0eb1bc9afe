"""Panel generators (witness.search.generate_panels): Algorithm 4 on every
type reads symbols off a line the rules checker then accepts, Algorithm 3
keeps only panels the brute force can solve, --unique panels have exactly one
solution by brute force, sets are reproducible (the same panels for a seed as
before --unique got faster), and their progress bars count draws and estimate
the time left."""

import hashlib
import json
import random

import pytest

from witness.cli import main
from witness.model.panel import Panel
from witness.model.rules import check, enumerate_lines, is_solution
from witness.search.generate import GenerationError
from witness.search.generate_panels import (
    ESTIMATE_AFTER_DRAWS,
    TYPES,
    PanelSpec,
    Tally,
    generate_from_line,
    generate_panel_set,
    generate_random_panel,
)
from witness.search.panel_search import solve_panel

SYMMETRY = (None, "horizontal", "vertical", "rotational")


def solutions(panel: Panel) -> int:
    return sum(is_solution(panel, line) for line in enumerate_lines(panel))


@pytest.mark.parametrize("kind", TYPES)
@pytest.mark.parametrize("symmetry", SYMMETRY)
def test_algorithm_4_line_solves_its_panel(kind: str, symmetry: str | None) -> None:
    rng = random.Random(7)
    spec = PanelSpec((kind,), {kind: 0.9}, symmetry)
    placed = 0
    for _ in range(6):
        panel, path = generate_from_line(4, 4, spec, rng)
        assert check(panel, path).solved
        assert panel.symmetry == symmetry
        placed += bool(getattr(panel, kind))
        assert solve_panel(panel).solved
    assert placed >= 3  # the asked type does show up


@pytest.mark.parametrize("kind", TYPES)
def test_algorithm_3_keeps_solvable_panels(kind: str) -> None:
    rng = random.Random(3)
    for _ in range(4):
        panel, path = generate_random_panel(3, 3, PanelSpec((kind,)), rng)
        assert check(panel, path).solved and solutions(panel) >= 1


def test_unique_panels_have_one_solution() -> None:
    spec = PanelSpec(("dots", "squares", "stars"), unique=True)
    for panel in generate_panel_set("path", [(2, 2), (3, 3)], 5, 11, spec):
        assert solutions(panel) == 1, panel.to_json()


def test_sets_are_reproducible() -> None:
    spec = PanelSpec(("squares", "stars", "dots", "polyominoes"), symmetry="vertical")
    first = [p.to_json() for p in generate_panel_set("path", [(3, 3), (5, 5)], 6, 4, spec)]
    again = [p.to_json() for p in generate_panel_set("path", [(3, 3), (5, 5)], 6, 4, spec)]
    other = [p.to_json() for p in generate_panel_set("path", [(3, 3), (5, 5)], 6, 5, spec)]
    assert first == again and first != other and len(set(first)) == 6


def test_bad_specs_name_their_field() -> None:
    with pytest.raises(GenerationError, match="types"):
        PanelSpec(("pillars",))
    with pytest.raises(GenerationError, match="densities"):
        PanelSpec(("dots",), {"dots": 1.5})
    with pytest.raises(GenerationError, match="densities: stars is not among the types"):
        PanelSpec(("dots",), {"stars": 0.5})  # would be ignored


def test_cli_generates_panels(tmp_path, capsys) -> None:
    out = tmp_path / "set"
    args = ["generate", "--method", "path", "--size", "3x3", "--count", "2", "--out", str(out)]
    assert main([*args, "--types", "stars,dots", "--symmetry", "horizontal"]) == 0
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == [
        f"path_stars+dots+horizontal_3x3_s0_0000{i}.json" for i in range(2)
    ]
    assert json.loads(files[0].read_text())["symmetry"] == "horizontal"
    assert main([*args, "--types", "dots", "--density", "dots=x"]) == 2
    assert "--density" in capsys.readouterr().err
    assert main([*args, "--types", "pillars"]) == 2
    assert "--types" in capsys.readouterr().err
    # options that would be ignored: no type at all (triangles were made), a density
    # of a type not generated (without --types: triangles only)
    for given, option in (
        (["--types", ""], "--types: need at least one"),
        (["--types", "dots", "--density", "stars=0.5"], "--density: stars is not among"),
        (["--density", "dots=0.5"], "--density: dots is not among the types (triangles)"),
    ):
        assert main([*args, *given]) == 2
        assert capsys.readouterr().err.startswith(f"witness generate: {option}")


def test_named_panel_sets_are_disjoint_and_read_back_as_panels(tmp_path):
    from witness.search.generate import read_set, write_named_set
    from witness.search.generate_panels import PanelSpec, panel_set_generator
    from witness.search.solvers import build_geometry, solve

    generator = panel_set_generator(PanelSpec(types=("dots",)))
    write_named_set(tmp_path / "a", "a", "path", [(2, 2), (3, 3)], 6, 1, generator=generator)
    write_named_set(
        tmp_path / "b", "b", "path", [(2, 2), (3, 3)], 6, 1, [tmp_path / "a"], generator=generator
    )
    a, b = read_set(tmp_path / "a"), read_set(tmp_path / "b")
    assert all(isinstance(p, Panel) and p.dots for _, p in a + b)
    assert not {p.to_json() for _, p in a} & {p.to_json() for _, p in b}
    for _, panel in a:  # made from a line, so solvable; the dispatcher runs the panel search
        assert solve(panel, "baseline", geometry=build_geometry(panel)).solved


@pytest.mark.parametrize("kind", ["dots", "squares", "stars"])
def test_every_path_panel_holds_a_symbol_of_its_type(kind):
    # on 2x2 grids a short line often leaves no room for a symbol: such draws are redrawn
    from witness.search.generate_panels import PanelSpec

    panels = generate_panel_set("path", [(2, 2), (3, 3)], 30, 3, PanelSpec(types=(kind,)))
    assert all(getattr(p, kind) for p in panels)


# sha256 of the panels' JSON, one a line, as the code gave them at 60f3514 (before
# --unique stopped counting at the second solution and sets counted their draws)
SAME_PANELS = [
    (
        ("path", [(2, 2), (3, 3)], 5, 11, PanelSpec(("dots", "squares", "stars"), unique=True)),
        "bbaf024686c6e6448e680b4980f271caaf22bfede0f8b8767804f854a51bf8cb",
    ),
    (  # 30 vertices: clingo decides
        ("path", [(4, 5)], 2, 1, PanelSpec(("dots",), unique=True)),
        "fb8866789e1969d7eed01ef51389089122b3a313bdcd85c871f474d3f8b1df5f",
    ),
    (
        (
            "path",
            [(2, 2), (4, 4)],
            6,
            4,
            PanelSpec(("squares", "stars", "dots", "polyominoes"), symmetry="vertical"),
        ),
        "7935e93094b960f4bf67308337b23cc25fea62c2964c9c343b285740f758ace4",
    ),
    (
        ("random", [(2, 2), (3, 3)], 3, 2, PanelSpec(("squares", "stars"), unique=True)),
        "7f63eade18fa93d407c6c400d363079c30b721981e5c8ebed8c27fc8499bdef1",
    ),
    (
        ("random", [(2, 2), (3, 3)], 4, 5, PanelSpec(("stars", "dots", "gaps"))),
        "e42dfb6a5b52c9d1b6716c7c452551fce3537357cd672e308c74415bcac71d55",
    ),
]


@pytest.mark.parametrize("progress", [False, True])
@pytest.mark.parametrize(("args", "digest"), SAME_PANELS)
def test_a_seed_gives_the_same_panels_as_before(args, digest, progress) -> None:
    text = "\n".join(p.to_json() for p in generate_panel_set(*args, progress=progress))
    assert hashlib.sha256(text.encode()).hexdigest() == digest


def test_tally_estimates_the_time_left_from_the_rate_so_far() -> None:
    tally = Tally(count=5, started=100.0, draws=40, kept=2)
    # 20 s for 2 panels: 10 s a panel, 3 to go
    assert tally.seconds_left(120.0) == 30.0
    assert tally.status(120.0) == "40 draws, 5.0% kept, time left ~00:30"
    assert tally.estimate(120.0) == (
        "after 40 draws in 00:20 (0.5 s each): 2 kept (5.0%); at that rate the other 3 "
        "take about 00:30"
    )
    none_yet = Tally(count=5, started=100.0, draws=20)
    assert none_yet.seconds_left(110.0) is None
    assert none_yet.status(110.0).endswith("time left ? (until a panel is kept)")
    assert "no panel kept yet" in none_yet.estimate(110.0)


def test_unique_sets_say_what_they_cost(tmp_path, capsys) -> None:
    args = ["generate", "--method", "path", "--size", "2x2", "--count", "3", "--seed", "0"]
    assert main([*args, "--types", "squares,stars", "--unique", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("--unique: a panel is kept only when it has exactly one solution")
    # this seed draws 154 panels for 3 (tests above pin which panels a seed gives)
    assert f"after {ESTIMATE_AFTER_DRAWS} draws in" in err
    assert "no panel kept yet" in err  # the first 20 draws keep none
    assert "1 kept (" in err and "at that rate the other 2 take about" in err
    assert "3/3 panels" in err and "154 draws, 1.9% kept, time left ~00:00" in err
    assert len(list(tmp_path.glob("*.json"))) == 3
    # without --unique: the bar and its counts, no notice and no estimate
    assert main([*args, "--types", "dots", "--out", str(tmp_path / "dots")]) == 0
    err = capsys.readouterr().err
    assert "draws" in err and "--unique" not in err and "after " not in err
