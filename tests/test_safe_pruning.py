"""Pruning only where a proof (or a bounded check that covers the puzzle) allows it.

A learned clause that has no counterexample up to 2x2 but fires on a solution
prefix of a 2x3 puzzle (a square with one triangle, one of its edges on the
path and all four corners visited, the head elsewhere) must never prune a
puzzle larger than 2x2 in the pipeline's evaluation: it sorts there instead,
and every puzzle stays solved.
"""

import csv
import json

from puzzles import enumerate_solutions

from witness.learning.translate import translate_file
from witness.pipeline.evaluate import Chunk, evaluate_large_chunk, evaluate_test_chunk
from witness.search.generate import generate_set, write_set
from witness.search.panel_features import predicate_holds
from witness.verify.verdict import BOUNDED, REFUTED, verify_predicate

# Sound on every grid up to 2x2, unsound on 2x3 (tests/test_verify.py, "needs_room").
NEEDS_ROOM_PL = """\
f(A,B) :- square(B,C,D), one(C), path(A,E), count(D,E,F), one(F), unvisited(A,B,G), zero(G), \
notAdjacent(A,B).
"""


def test_a_clause_checked_only_up_to_2x2_never_prunes_a_larger_puzzle(tmp_path):
    program = tmp_path / "needs_room.pl"
    program.write_text(NEEDS_ROOM_PL)
    pred = translate_file(program)
    bounded = verify_predicate(pred, 2, 2)
    assert bounded.status == BOUNDED and not bounded.all_sizes
    refuted = verify_predicate(pred, 2, 3)
    assert refuted.status == REFUTED
    cx = refuted.counterexample
    assert predicate_holds(
        pred, cx.puzzle.to_panel(), cx.prefix
    )  # pruning there would cut off this solution

    verify_json = tmp_path / "needs_room.verify.json"
    verify_json.write_text(json.dumps(bounded.to_dict()))
    set_dir = tmp_path / "set"
    write_set([cx.puzzle, *generate_set("random", [(2, 2)], 3, seed=1)], set_dir, prefix="t")
    out = tmp_path / "chunk.csv"
    chunk = Chunk(set_dir, 0, 10, program, verify_json)
    rows = evaluate_test_chunk(chunk, out)
    modes = {r["size"]: r["pi_star_mode"] for r in rows}
    assert modes[cx.puzzle.size] == "sort+base" and modes["2x2"] == "prune"
    assert all(r["pi_star_status"] == "solved" for r in rows)
    assert [r["pi_star_mode"] for r in csv.DictReader(out.open())] == [
        r["pi_star_mode"] for r in rows
    ]
    large = evaluate_large_chunk(chunk, tmp_path / "l.csv", time_limit=30)
    assert all(r["solved"] for r in large)


def test_a_proof_prunes_puzzles_that_start_anywhere():
    """witness verify's puzzles start anywhere: its proof allows pruning on every
    puzzle of the paper's form, and a pruning search that runs dry there says
    'unsolvable' whatever the start (with pi_baseline, with a proven predicate,
    and in the pipeline's evaluation)."""
    from witness.learning.translate import load_predicate
    from witness.model.panel import Panel
    from witness.model.puzzle import Puzzle
    from witness.pipeline.evaluate import solve_safely
    from witness.search.solvers import solve
    from witness.verify.verdict import PROVEN, may_prune

    proven = {"status": PROVEN}
    # every line between opposite corners of one square uses 2 of its sides: no solution
    stuck = Puzzle(rows=1, cols=1, start=(1, 0), goal=(0, 1), triangles=((0, 0, 1),))
    inner = Puzzle(rows=2, cols=2, start=(1, 1), goal=(2, 2), triangles=((1, 1, 3), (0, 0, 3)))
    assert not any(enumerate_solutions(inner))
    for puzzle in (stuck, inner):
        assert may_prune(proven, puzzle.rows, puzzle.cols, puzzle.to_panel())
        assert solve(puzzle, load_predicate("baseline"), "prune").status == "unsolvable"
        assert solve(puzzle, load_predicate("paper"), "prune").status == "unsolvable"
    records = solve_safely([("stuck", stuck), ("inner", inner)], load_predicate("paper"), proven)
    assert [(r.mode, r.status) for r in records] == [("prune", "unsolvable")] * 2
    # a panel of another form (two starts) was not checked: there it only sorts
    two = Panel(rows=1, cols=1, starts=((0, 0), (1, 0)), ends=((1, 1),))
    assert not may_prune(proven, 1, 1, two) and may_prune(proven, 1, 1, stuck.to_panel())
