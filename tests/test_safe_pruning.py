"""Pruning only where a proof (or a bounded check that covers the puzzle) allows it.

A learned clause that has no counterexample up to 2x2 but fires on a solution
prefix of a 2x3 puzzle (a square with one triangle, one of its edges on the
path and all four corners visited, the head elsewhere) must never prune a
puzzle larger than 2x2 in the pipeline's evaluation: it sorts there instead,
and every puzzle stays solved.
"""

import csv
import json

from witness.learning.translate import translate_file
from witness.pipeline.evaluate import Chunk, evaluate_large_chunk, evaluate_test_chunk
from witness.search.generate import generate_set, write_set
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
    assert pred.holds(cx.puzzle, cx.prefix)  # pruning there would cut off this solution

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


def test_a_proof_covers_puzzles_that_start_where_the_verifier_starts():
    """witness verify's puzzles start at (0, 0): its proof allows pruning there
    only, and the search calls an empty open list 'unsolvable' elsewhere only
    under pi_baseline, whose rule holds for any start."""
    from witness.learning.translate import load_predicate
    from witness.model.puzzle import Puzzle
    from witness.search.astar import solve
    from witness.verify.verdict import PROVEN, may_prune

    proven = {"status": PROVEN}
    assert may_prune(proven, 3, 3) and may_prune(proven, 3, 3, (0, 0))
    assert not may_prune(proven, 3, 3, (1, 0))
    # every line between opposite corners of one square uses 2 of its sides: no solution
    stuck = Puzzle(rows=1, cols=1, start=(1, 0), goal=(0, 1), triangles=((0, 0, 1),))
    assert solve(stuck, load_predicate("baseline"), "prune").status == "unsolvable"
    assert solve(stuck, load_predicate("paper"), "prune").status == "exhausted"
    at_origin = Puzzle(rows=1, cols=1, start=(0, 0), goal=(1, 1), triangles=((0, 0, 1),))
    assert solve(at_origin, load_predicate("paper"), "prune").status == "unsolvable"
