"""The cost per call of a translated predicate (witness.pipeline.call_cost):
the kernel it times answers as ``witness predicate`` does, on a triangle
puzzle and on a panel, and the cost is a positive number of microseconds."""

from project_files import ROOT

from witness.learning.labels import build_path_tree, family_labelling
from witness.learning.translate import load_predicate
from witness.model.puzzle import Puzzle
from witness.pipeline.call_cost import kernel_call, microseconds_per_call, partial_paths

PAPER = Puzzle(rows=2, cols=2, goal=(2, 2), triangles=((0, 0, 1), (1, 1, 2), (1, 0, 3))).to_panel()
SQUARES_PI = ROOT / "results" / "reference" / "squares" / "squares" / "final" / "pi_star.pl"


def every_path(panel, family=None) -> list:
    tree = build_path_tree(panel, family_labelling(family))
    return [tree.path(i) for i in range(len(tree))]


def test_the_timed_kernel_answers_as_witness_predicate_on_a_triangle_puzzle():
    from witness.search.panel_search import table_values

    view = Puzzle.from_panel(PAPER)
    paths = partial_paths(PAPER, load_predicate("paper"), every_path(PAPER))
    assert paths and all(p[-1] != (2, 2) for p in paths)
    for name in ("paper", "baseline"):
        predicate = load_predicate(name)
        got = [bool(v) for v in kernel_call(PAPER, predicate, paths)()]
        assert got == table_values(view.to_panel(), predicate, paths)
    assert any(table_values(view.to_panel(), load_predicate("paper"), paths))
    cost = microseconds_per_call([(PAPER, paths)], load_predicate("paper"), repeats=3)
    assert cost is not None and 0 < cost < 1e4
    assert microseconds_per_call([(PAPER, [])], load_predicate("paper")) is None


def test_the_timed_kernel_answers_as_witness_predicate_on_a_panel():
    from witness.search.generate_panels import PanelSpec, panel_set_generator
    from witness.search.panel_search import program_values

    make = panel_set_generator(PanelSpec(types=("squares",)))
    panel = make("random", [(3, 3)], 1, 5, progress=False, exclude=set())[0]
    predicate = load_predicate(str(SQUARES_PI))
    paths = partial_paths(panel, predicate, every_path(panel, "squares"))
    got = [bool(v) for v in kernel_call(panel, predicate, paths)()]
    assert got == program_values(panel, predicate, paths) and any(got)
    cost = microseconds_per_call([(panel, paths)], predicate, repeats=3)
    assert cost is not None and cost > 0
