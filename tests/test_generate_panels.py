"""Panel generators (witness.search.generate_panels): Algorithm 4 on every
type reads symbols off a line the rules checker then accepts, Algorithm 3
keeps only panels the brute force can solve, --unique panels have exactly one
solution by brute force, and sets are reproducible."""

import json
import random

import pytest

from witness.cli import main
from witness.model.panel import Panel
from witness.model.rules import check, enumerate_lines, is_solution
from witness.search.generate import GenerationError
from witness.search.generate_panels import (
    TYPES,
    PanelSpec,
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
