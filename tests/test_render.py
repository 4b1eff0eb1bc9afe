"""Rendering puzzles (and paths) to SVG and PNG."""

from __future__ import annotations

import re

import pytest

from witness.errors import InputError
from witness.model.puzzle import Puzzle
from witness.model.render import RenderError, render

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
FIG1 = Puzzle(rows=1, cols=2, goal=(2, 1), triangles=[(0, 0, 1), (1, 0, 2)])
SOLUTION = [(0, 0), (1, 0), (2, 0), (2, 1)]


def count_groups(svg: str, kind: str) -> int:
    """Every drawn symbol is a ``<g id="KIND_...">`` group of the SVG."""
    return len(re.findall(rf'<g id="{kind}(_[^"]*)?"', svg))


def test_svg_draws_one_small_triangle_per_triangle(tmp_path):
    with_triangles = Puzzle(rows=2, cols=3, goal=(3, 2), triangles=[(0, 1, 2), (2, 0, 3)])
    empty = Puzzle(rows=2, cols=3, goal=(3, 2))
    render(with_triangles, tmp_path / "a.svg")
    render(empty, tmp_path / "b.svg")
    a = (tmp_path / "a.svg").read_text()
    b = (tmp_path / "b.svg").read_text()
    assert "<svg" in a[:500]
    assert count_groups(a, "triangle") == 5 and count_groups(b, "triangle") == 0  # 2 + 3


def test_path_adds_a_line_and_a_start_disc(tmp_path):
    render(FIG1, tmp_path / "plain.svg")
    render(FIG1, tmp_path / "path.svg", path=SOLUTION)
    plain = (tmp_path / "plain.svg").read_text()
    with_path = (tmp_path / "path.svg").read_text()
    assert count_groups(plain, "line") == count_groups(plain, "line-start") == 0
    assert count_groups(with_path, "line") == count_groups(with_path, "line-start") == 1


def test_png_is_a_png(tmp_path):
    out = tmp_path / "sub" / "fig1.PNG"  # suffix case does not matter; folders are made
    render(FIG1, out, path=SOLUTION[:3])
    assert out.read_bytes()[:8] == PNG_MAGIC


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_size_sets_a_pngs_pixels_per_square(tmp_path):
    # FIG1 is 1x2 squares with a margin of 0.6 of a square all round: 3.2 x 2.2
    render(FIG1, tmp_path / "d.png")
    render(FIG1, tmp_path / "big.png", square_px=150)
    assert png_size((tmp_path / "d.png").read_bytes()) == (240, 165)
    assert png_size((tmp_path / "big.png").read_bytes()) == (480, 330)
    with pytest.raises(RenderError, match="--size: a PNG's size"):
        render(FIG1, tmp_path / "x.svg", square_px=150)
    with pytest.raises(RenderError, match="--size: at least 8 pixels"):
        render(FIG1, tmp_path / "x.png", square_px=4)


def test_output_is_deterministic(tmp_path):
    for name in ("a.svg", "b.svg", "a.png", "b.png"):
        render(FIG1, tmp_path / name, path=SOLUTION)
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


@pytest.mark.parametrize("name", ["fig.jpg", "fig", "fig.svg.txt"])
def test_unknown_suffix_is_an_input_error(tmp_path, name):
    with pytest.raises(RenderError, match="expected .svg or .png"):
        render(FIG1, tmp_path / name)
    assert not (tmp_path / name).exists()
    assert issubclass(RenderError, InputError)  # the CLI maps it to exit 2


@pytest.mark.parametrize(
    ("path", "message"),
    [([(0, 0), (3, 0)], "outside"), ([(0, 0), (1, 1)], "not a step"), ([(0, 0, 1)], "outside")],
)
def test_bad_path_is_an_input_error(tmp_path, path, message):
    with pytest.raises(RenderError, match=message):
        render(FIG1, tmp_path / "x.svg", path=path)


PANEL = {
    "rows": 4,
    "cols": 4,
    "starts": [[0, 0], [4, 0]],
    "ends": [[0, 4], [4, 4]],
    "symmetry": "horizontal",
    "triangles": [[0, 3, 2]],
    "squares": [[0, 0, "red"], [3, 0, "blue"]],
    "stars": [[1, 2, "yellow"], [2, 2, "yellow"]],
    "cancellers": [[3, 3]],
    "polyominoes": [
        {"cell": [1, 0], "shape": [[0, 0], [1, 0], [0, 1]], "rotatable": True},
        {"cell": [2, 1], "shape": [[0, 0]], "negative": True},
        {"cell": [1, 1], "shape": [[0, 0], [0, 1], [0, 2], [1, 0]]},
    ],
    "dots": [[2, 0], [1, 3, 1, 4, "blue"], [3, 2, "yellow"]],
    "gaps": [[2, 2, 2, 3]],
    "removed": [[2, 4]],
}
LINE = [(0, 0), (1, 0), (1, 1), (1, 2), (0, 2), (0, 3), (0, 4)]


def test_every_constraint_type_is_drawn(tmp_path):
    from witness.model.panel import Panel

    panel = Panel.from_dict(PANEL)
    render(panel, tmp_path / "p.svg", path=LINE)
    svg = (tmp_path / "p.svg").read_text()
    ids = set(re.findall(r'<g id="([^"]+)"', svg))
    expected = {
        "start_0_0", "start_4_0", "end_0_4", "end_4_4", "triangle_0_3_0", "triangle_0_3_1",
        "square_0_0", "square_3_0", "star_1_2", "star_2_2", "canceller_3_3",
        "polyomino-rotatable_1_0", "polyomino-negative_2_1", "polyomino_1_1",
        "dot_2_0", "dot_1_3_1_4", "dot_3_2", "gap_2_2_2_3", "line_blue", "line_yellow",
        "line_blue-start", "line_yellow-start",
    }  # fmt: skip
    assert expected <= ids
    assert not any(i.startswith("violation") for i in ids)
    # the removed vertex takes its 3 edges with it, the gap is drawn apart
    grid = re.search(r'<g id="grid">(.*?)</g>', svg, re.S).group(1)
    assert grid.count("<path") == 40 - 3 - 1


def test_violations_are_ringed(tmp_path):
    from witness.model.panel import Panel
    from witness.model.rules import check

    panel = Panel.from_dict(PANEL)
    violations = check(panel, LINE).violations
    render(panel, tmp_path / "p.svg", path=LINE, violations=violations)
    svg = (tmp_path / "p.svg").read_text()
    kinds = re.findall(r'<g id="violation_\d+_([a-z]+)"', svg)
    assert sorted(kinds) == sorted(v.kind for v in violations) and "dot" in kinds
    render(panel, tmp_path / "p.png", path=LINE, violations=violations)
    assert (tmp_path / "p.png").read_bytes()[:8] == PNG_MAGIC


def test_cli_show_marks_violations(tmp_path, capsys):
    import json

    from witness.cli import main

    f = tmp_path / "panel.json"
    f.write_text(json.dumps(PANEL))
    line = json.dumps([list(v) for v in LINE])
    out = tmp_path / "p.svg"
    assert main(["show", str(f), "--path", line, "--violations", "--out", str(out)]) == 0
    assert '<g id="violation_0_' in out.read_text()
    assert main(["show", str(f), "--path", line, "--out", str(out)]) == 0
    assert "violation" not in out.read_text()
    assert main(["show", str(f), "--violations", "--out", str(out)]) == 2
    assert "--violations" in capsys.readouterr().err
