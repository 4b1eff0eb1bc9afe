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
    """Matplotlib's SVG wraps every artist in ``<g id="KIND_N">``."""
    return len(re.findall(rf'<g id="{kind}_\d+"', svg))


def test_svg_draws_one_small_triangle_per_triangle(tmp_path):
    with_triangles = Puzzle(rows=2, cols=3, goal=(3, 2), triangles=[(0, 1, 2), (2, 0, 3)])
    empty = Puzzle(rows=2, cols=3, goal=(3, 2))
    render(with_triangles, tmp_path / "a.svg")
    render(empty, tmp_path / "b.svg")
    a = (tmp_path / "a.svg").read_text()
    b = (tmp_path / "b.svg").read_text()
    assert "<svg" in a[:500]
    assert count_groups(a, "patch") - count_groups(b, "patch") == 5  # 2 + 3 triangles


def test_path_adds_a_line_and_a_start_disc(tmp_path):
    render(FIG1, tmp_path / "plain.svg")
    render(FIG1, tmp_path / "path.svg", path=SOLUTION)
    plain = (tmp_path / "plain.svg").read_text()
    with_path = (tmp_path / "path.svg").read_text()
    assert count_groups(with_path, "line2d") == count_groups(plain, "line2d") + 1
    assert count_groups(with_path, "patch") == count_groups(plain, "patch") + 1


def test_png_is_a_png(tmp_path):
    out = tmp_path / "sub" / "fig1.PNG"  # suffix case does not matter; folders are made
    render(FIG1, out, path=SOLUTION[:3])
    assert out.read_bytes()[:8] == PNG_MAGIC


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
