"""benchmarks/windmill_agreement.py: the lines as The Windmill's points, and
the exchange with its validator under node (here a stand-in Closure Library
and validator written in the test: the real ones are fetched)."""

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import windmill_agreement  # noqa: E402

from witness.model.panel import Panel  # noqa: E402


def test_points_count_rows_from_the_top_and_the_mirror_comes_second() -> None:
    panel = Panel(rows=1, cols=2, ends=((2, 1),))
    assert windmill_agreement.windmill_points(panel, [(0, 0), (1, 0), (1, 1), (2, 1)]) == [
        [(0, 1), (1, 1), (1, 0), (2, 0)]
    ]
    mirrored = Panel(
        rows=1, cols=2, starts=((0, 0), (2, 0)), ends=((0, 1), (2, 1)), symmetry="horizontal"
    )
    first, mirror = windmill_agreement.windmill_points(mirrored, [(0, 0), (0, 1)])
    assert first == [(0, 1), (0, 0)] and mirror == [(2, 1), (2, 0)]


# A stand-in Closure Library (goog.provide, require, scope) and validator: a
# line through point (0, 0) is valid, one through (5, 5) is never decided,
# and the validator sees the entities with the protobuf's defaults filled in.
CLOSURE = (
    "globalThis.goog = {\n"
    "  provide(name) {\n"
    "    let o = globalThis; for (const p of name.split('.')) o = o[p] = o[p] || {} },\n"
    "  require() {}, scope(f) { f() } }\n"
)
SOURCE = {
    "grid.proto": "enum Type {\n  UNKNOWN = 0;\n  STAR = 8;\n}\nenum Color { BLACK = 1; }\n",
    "keys.js": "goog.provide('windmill.keys')\n",
    "shape.js": "goog.provide('windmill.Shape')\n",
    "grouping.js": "goog.provide('windmill.Path')\n",
    "grid.js": (
        "goog.provide('windmill.Grid')\n"
        "windmill.Grid = function() {}\n"
        "windmill.Grid.prototype.initialize = function(w, h, data) {\n"
        "  var s = windmill.GridProto.Storage.decode64(data)\n"
        "  this.width = s.width; this.entities = s.entity; return true }\n"
    ),
    "validate.js": (
        "goog.provide('windmill.validate')\n"
        "windmill.validate.getErrors = function(grid, movement, second) {\n"
        "  if (movement.some(c => c.i == 5 && c.j == 5)) while (true) {}\n"
        "  var star = grid.entities[0].type == windmill.GridProto.Type.STAR\n"
        "  var defaults = grid.entities[1].color === 0 && grid.entities[1].shape === null\n"
        "  var ok = star && defaults && movement.some(c => c.i == 0 && c.j == 0)\n"
        "  var marked = ok ? [] : [{coord: {i: 1, j: 0}, drawType: 4}]\n"
        "  return {errors: marked, messages: second ? ['two lines'] : []} }\n"
    ),
}


@pytest.mark.skipif(shutil.which("node") is None, reason="node is installed by scripts/setup.sh")
def test_the_exchange_with_the_validator_under_node(tmp_path) -> None:
    closure, source = tmp_path / "closure", tmp_path / "src"
    (closure / "closure" / "goog" / "bootstrap").mkdir(parents=True)
    (closure / "closure" / "goog" / "bootstrap" / "nodejs.js").write_text(CLOSURE)
    source.mkdir()
    for name, text in SOURCE.items():
        (source / name).write_text(text)
    judge = windmill_agreement.Windmill(closure, source, seconds=2.0)
    try:
        message = {"width": 3, "entity": [{"type": 8, "color": 1}, {"type": 2}], "symmetry": 0}
        assert judge.valid(message, [[(0, 0), (0, 1)]]) == (True, "[]")
        assert judge.valid(message, [[(1, 1)], [(0, 1)]]) == (False, "[[1, 0, 4]] two lines")
        # a verdict that never comes: None, and node is started again
        assert judge.valid(message, [[(5, 5)]]) == (None, "")
        assert judge.valid(message, [[(0, 0)]]) == (True, "[]")
    finally:
        judge.close()


def test_a_missing_validator_is_named(tmp_path) -> None:
    with pytest.raises(SystemExit, match="google-closure-library"):
        windmill_agreement.Windmill(tmp_path, tmp_path)


def test_the_report_counts_each_side_and_names_the_validator(capsys) -> None:
    import engine_agreement

    row = {"source": "every line", "families": "polyominoes", "engine_invalid": "[]"}
    rows = [
        {**row, "name": "windmill-a-all0", "checker": True, "engine": True, "agree": True},
        {**row, "name": "windmill-a-all1", "checker": True, "engine": False, "agree": False},
        {**row, "name": "windmill-b-all0", "checker": False, "engine": None, "agree": None},
    ]
    engine_agreement.report(rows, "validator")
    windmill_agreement.solution_sets(rows)
    out = capsys.readouterr().out
    assert "validator only" in out.splitlines()[0]
    assert out.splitlines()[1].split() == ["every", "line", "3", "1", "1", "1", "0", "1"]
    assert "windmill-a-all1 [polyominoes]: checker solved, validator not" in out
    assert "windmill-b-all0 [polyominoes]: the validator stopped" in out
    assert "every line judged on 2 panels: solvable by the checker on 1" in out
