"""witness explain, hint and solve --from: whether a line drawn so far can be
completed (against brute force over the rules checker), which clauses fire on
it (against program_fires and Predicate.holds), hints replayed through the
checker, and the commands' output and bad input."""

from __future__ import annotations

import json
import random
import time

import pytest
from puzzles import seeded_puzzles
from test_cli_input import bad_input, witness

from witness.errors import InputError
from witness.model.panel import Dot, Panel
from witness.model.puzzle import Puzzle
from witness.model.render_text import text_picture
from witness.model.rules import (
    Violation,
    completions,
    is_solution,
    lines_of,
    path_violations,
    random_walk,
)
from witness.pipeline.explain import (
    UNVERIFIED,
    complete,
    explain,
    fired_clauses,
    hand_program,
    hint,
    load_rules,
)
from witness.search.generate_panels import PanelSpec, random_panel_candidate
from witness.search.panel_features import (
    clause_fires,
    object_features,
    object_place,
    predicate_holds,
    program_fires,
    square_features,
)
from witness.search.solvers import solve

FAMILIES = (
    ("triangles",),
    ("dots",),
    ("squares",),
    ("stars",),
    ("dots", "squares", "gaps"),
    ("polyominoes",),
)
SOUND = "tests/data/panel_sound_rules.pl"
UNSOUND = "tests/data/panel_unsound_rules.pl"


def brute_completable(panel: Panel, line: list) -> bool:
    return any(is_solution(panel, c) for c in completions(panel, line))


def random_lines(panel: Panel, rng: random.Random, n: int) -> list[list]:
    """Of ``n`` random lines drawn so far (random walks from a start, the
    drawing rules kept), those a player can draw (not from a start on the
    mirror axis)."""
    out = []
    for _ in range(n):
        line = random_walk(panel, rng)
        if not path_violations(panel, lines_of(panel, line), finished=False):
            out.append(line)
    return out


def panels(seed: int, symmetry: str | None = None) -> list[Panel]:
    rng = random.Random(seed)
    out = []
    for types in FAMILIES:
        for size in ((2, 2), (2, 3), (3, 3)):
            out.append(random_panel_candidate(*size, PanelSpec(types, symmetry=symmetry), rng))
    return out


# ---------------------------------------------------------- solve --from
@pytest.mark.parametrize("symmetry", [None, "horizontal"])
def test_completable_agrees_with_brute_force(symmetry):
    """``complete`` (A* from the line's head) against every completion by the
    rules checker; a completion found extends the line and solves the panel."""
    rng = random.Random(7)
    checked = dead = 0
    for panel in panels(1, symmetry):
        for line in random_lines(panel, rng, 6):
            got = complete(panel, line, time_limit=None)
            assert got.completable is brute_completable(panel, line), (panel.to_json(), line)
            if got.completable:
                assert list(got.line[: len(line)]) == line
                assert is_solution(panel, list(got.line))
            checked += 1
            dead += got.completable is False
    assert checked > 50 and 0 < dead < checked


def test_from_in_the_triangle_core_with_the_papers_predicate():
    """Triangle puzzles run in their own core: --from there with Table 3
    (sound) finds a completion exactly when one exists."""
    rng = random.Random(3)
    for puzzle in seeded_puzzles(25, seed=5, max_rows=3, max_cols=3):
        panel = puzzle.to_panel()
        for line in random_lines(panel, rng, 4):
            result = solve(puzzle, "paper", prefix=line)
            assert result.status in ("solved", "unsolvable")
            assert result.solved is brute_completable(panel, line), (puzzle.to_json(), line)
            if result.solved:
                assert result.path[: len(line)] == line


def test_from_a_line_that_ends_at_the_goal_is_its_goal_test():
    puzzle = Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 2),))
    assert solve(puzzle, "paper", prefix=[(0, 0), (1, 0), (1, 1)]).solved
    assert solve(puzzle, "paper", prefix=[(0, 0), (0, 1), (1, 1)]).solved
    puzzle = Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 3),))
    assert solve(puzzle, "paper", prefix=[(0, 0), (1, 0), (1, 1)]).status == "unsolvable"


@pytest.mark.parametrize(
    "prefix, words",
    [
        ([(1, 0)], "does not begin at a start"),
        ([(0, 0), (1, 1)], "not one step"),
        ([(0, 0), (1, 0), (0, 0)], "twice"),
        ([(0, 0), (9, 0)], "outside the grid"),
    ],
)
def test_from_refuses_a_line_no_player_can_draw(prefix, words):
    panel = Panel(rows=2, cols=2, ends=((2, 2),))
    with pytest.raises(InputError, match=words):
        solve(panel, "baseline", prefix=prefix)


# --------------------------------------------------------- fired clauses
@pytest.mark.parametrize("rules", ["hand", SOUND, UNSOUND])
def test_fired_clauses_agree_with_program_fires(rules):
    """A clause is named exactly when program_fires says the program fires, and
    each named clause fires on the named object's features."""
    loaded = load_rules(rules)
    rng = random.Random(11)
    named = 0
    for panel in panels(2):
        for line in random_lines(panel, rng, 5):
            fired = fired_clauses(loaded, panel, line)
            assert bool(fired) is program_fires(panel, line, loaded.predicate.clauses)
            objects = {
                (place.kind, place.at): values
                for place, values in (
                    (object_place(panel, o), v) for o, v in object_features(panel, line)
                )
            }
            for f in fired:
                clause = loaded.predicate.clauses[f.index - 1]
                values = objects[(f.place.kind, f.place.at)]
                assert f.clause == clause.source and clause_fires(clause, values)
                assert dict(f.values).items() <= values.items()
            named += len(fired)
    assert named > 0


def test_paper_clauses_agree_with_predicate_holds():
    """On triangle puzzles, Table 3's clauses are named where pi° holds, on the
    cell with triangles whose features make them fire."""
    rules = load_rules("paper")
    rng = random.Random(13)
    hits = 0
    for puzzle in seeded_puzzles(30, seed=9, max_rows=3, max_cols=3):
        panel = puzzle.to_panel()
        for line in random_lines(panel, rng, 4):
            fired = fired_clauses(rules, panel, line)
            assert bool(fired) is predicate_holds(rules.predicate, panel, line)
            for f in fired:
                values = square_features(panel, line, tuple(f.place.at))
                assert clause_fires(rules.predicate.clauses[f.index - 1], values)
            hits += len(fired)
    assert hits > 0


def test_a_proven_clause_never_fires_on_a_line_that_can_be_completed():
    """The sound rules name a clause only on dead lines; an unsound clause that
    fires on a live line is shown wrong there, with a completion."""
    sound, unsound = load_rules(SOUND), load_rules(UNSOUND)
    rng = random.Random(17)
    wrong = 0
    for panel in panels(3):
        for line in random_lines(panel, rng, 4):
            result = explain(panel, line, unsound, time_limit=None)
            if result.completable and result.fired:
                assert "wrong" in result.note() and is_solution(panel, list(result.completion.line))
                wrong += 1
            if result.completable:
                assert not fired_clauses(sound, panel, line)
    assert wrong > 0


def test_statuses_come_from_the_record_beside_the_program(tmp_path):
    program = tmp_path / "p.pl"
    program.write_text("f(A,B) :- uncovered(A,B).\nf(A,B) :- lost(A,B).\n")
    assert load_rules(str(program)).statuses == (UNVERIFIED, UNVERIFIED)
    record = {
        "status": "refuted",
        "clauses": [
            {"source": "f(A,B) :- uncovered(A,B).", "status": "refuted"},
            {"source": "f(A,B) :- lost(A,B).", "status": "proven"},
        ],
    }
    (tmp_path / "p.verify.json").write_text(json.dumps(record))
    assert load_rules(str(program)).statuses == ("refuted", "proven")
    program.write_text("f(A,B) :- lost(A,B).\n")  # edited since: the record is stale
    assert load_rules(str(program)).statuses == (UNVERIFIED,)
    assert load_rules("hand").statuses == ("proven",) * 6  # hand_rules.verify.json


def test_nothing_fires_on_a_dead_line_is_said():
    """A dead end the rules do not see: pi_baseline has one clause, over-count."""
    panel = Panel(rows=1, cols=2, ends=((2, 1),), triangles=((0, 0, 3, "orange"),))
    result = explain(panel, [(0, 0), (1, 0), (2, 0)], load_rules("baseline"))
    assert result.completable is False and not result.fired
    assert "no clause fires" in result.note()


# ------------------------------------------------------------------ hints
def test_hints_lead_to_a_solution():
    """A hint's steps extend the line, and the line so extended can still be
    completed (the checker accepts the completion it came from)."""
    rng = random.Random(19)
    rules = load_rules("hand")
    shown = 0
    for panel in panels(4):
        for line in random_lines(panel, rng, 3):
            h = hint(panel, line, rules, steps=2, time_limit=None)
            alive = brute_completable(panel, line)
            assert h.completable is alive
            if not alive:
                assert h.explanation is not None and not h.steps
                continue
            assert list(h.path[: len(line)]) == line and len(h.path) <= len(line) + 2
            assert brute_completable(panel, list(h.path))
            for a in h.avoid:  # a proven clause: that step is a dead end
                assert not brute_completable(panel, [*line, a.to])
            shown += 1
    assert shown > 10


def test_a_hint_from_nothing_starts_at_a_start():
    panel = Panel(rows=2, cols=2, ends=((2, 2),), dots=(Dot((1, 1)),))
    h = hint(panel, None, load_rules("hand"), steps=2)
    assert h.path[0] in panel.starts and len(h.path) == 3
    assert brute_completable(panel, list(h.path))
    stuck = Panel(rows=1, cols=1, ends=((1, 0),), triangles=((0, 0, 3, "orange"),))
    h = hint(stuck, None, load_rules("hand"))  # (0,0) (0,1) (1,1) (1,0) solves it
    assert h.completable and h.steps == ((0, 1), (1, 1), (1, 0))
    dead = Panel(rows=1, cols=1, ends=((1, 0),), triangles=((0, 0, 4, "orange"),))
    h = hint(dead, None, load_rules("hand"))
    assert h.completable is False and h.lines(1.0) == ["no hint: the panel has no solution"]


def test_explain_answers_fast_on_5x5():
    """Within a second on a 5x5 panel once the core is loaded."""
    rng = random.Random(23)
    panel = random_panel_candidate(5, 5, PanelSpec(("dots", "squares")), rng)
    lines = random_lines(panel, rng, 5)
    rules = load_rules("hand")
    explain(panel, lines[0], rules)  # loads the core
    for line in lines:
        t0 = time.perf_counter()
        explain(panel, line, rules, time_limit=5)
        assert time.perf_counter() - t0 < 1.0


# ------------------------------------------------------------- commands
TRI = {"rows": 3, "cols": 3, "start": [0, 0], "goal": [3, 3],
       "triangles": [[0, 0, 1], [1, 1, 2], [2, 0, 1]]}  # fmt: skip


@pytest.fixture
def tri(tmp_path):
    path = tmp_path / "tri.json"
    path.write_text(json.dumps(TRI))
    return path


def test_explain_json_names_the_clause_and_draws_it(tri, tmp_path):
    out = tmp_path / "why.svg"
    proc = witness("explain", tri, "--path", "0,0 0,1 1,1", "--json", "--out", out)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["completable"] is False
    (fired,) = data["fired"]
    assert fired["proven"] is True and fired["clause"].startswith("f(A,B) :-")
    assert fired["at"]["at"] == [0, 0] and "row 3 from the top" in fired["at"]["where"]
    assert fired["values"] == {"edges_on_square": 2, "triangles": 1}
    svg = out.read_text()
    assert "violation_0_triangle" in svg and "line" in svg
    text = witness("explain", tri, "--path", "0,0 0,1 1,1").stdout.splitlines()
    assert text[0] == "this line cannot be completed"
    assert "3 #(^1 )|     | ^1  |" in text  # the cell it fired on, in brackets
    assert witness("show", tri).stdout.splitlines()[-2:] == [
        "  S-----+-----+-----+ 4",
        "  1     2     3     4",
    ]


def test_hint_and_solve_from_on_the_command_line(tri):
    proc = witness("hint", tri, "--path", "[[0,0],[1,0]]", "--steps", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["completable"] is True and data["path"][:2] == [[0, 0], [1, 0]]
    assert len(data["path"]) == 4
    proc = witness("solve", tri, "--from", "0,0 1,0 2,0", "--predicate", "paper", "--json")
    data = json.loads(proc.stdout)
    assert data["solved"] and data["path"][:3] == [[0, 0], [1, 0], [2, 0]]
    proc = witness("solve", tri, "--from", "0,0 1,0 1,1 0,1", "--json")
    assert json.loads(proc.stdout)["status"] == "unsolvable"


def test_predicate_explain_names_the_clauses_where_the_core_fires(tri, tmp_path):
    paths = tmp_path / "paths.json"
    paths.write_text(json.dumps([[[0, 0], [0, 1], [1, 1]], [[0, 0], [1, 0]]]))
    proc = witness("predicate", "paper", tri, "--paths", paths, "--explain", "--json")
    assert proc.returncode == 0, proc.stderr
    first, second = json.loads(proc.stdout)
    assert first["value"] is True and [f["index"] for f in first["fired"]] == [1]
    assert second == {"value": False, "fired": []}


def test_predicate_takes_the_hand_rules_by_name(tri, tmp_path):
    paths = tmp_path / "paths.json"
    paths.write_text(json.dumps([[[0, 0], [0, 1], [1, 1]], [[0, 0], [1, 0]]]))
    by_name = witness("predicate", "hand", tri, "--paths", paths, "--json")
    by_file = witness("predicate", hand_program(), tri, "--paths", paths, "--json")
    assert by_name.returncode == 0, by_name.stderr
    assert json.loads(by_name.stdout) == json.loads(by_file.stdout)


def test_text_pictures_number_rows_from_the_top_and_mark_places():
    panel = Panel(
        rows=2,
        cols=2,
        ends=((2, 2),),
        dots=(Dot((1, 1)), Dot(((0, 2), (1, 2)))),
        gaps=(((1, 0), (2, 0)),),
        squares=((0, 1, "black"),),
        triangles=((1, 0, 2, "orange"),),
    )
    marks = [Violation("square", (0, 1), ""), Violation("dot", (1, 1), "")]
    assert text_picture(panel, [(0, 0), (0, 1), (1, 1)], marks).splitlines() == [
        "    1     2",
        "  +--*--+-----E 1",
        "1 |([k])|     |",
        "  o=====!-----+ 2",
        "2 #     | ^2  |",
        "  o-----+-- --+ 3",
        "  1     2     3",
    ]


def test_show_labels(tri, tmp_path):
    plain, labelled = tmp_path / "a.svg", tmp_path / "b.svg"
    assert witness("show", tri, "--out", plain).returncode == 0
    assert witness("show", tri, "--out", labelled, "--labels").returncode == 0
    assert len(labelled.read_text()) > len(plain.read_text())


@pytest.mark.parametrize(
    "args, words",
    [
        (("explain", "{tri}", "--path", "1,0 2,0"), ("--path", "start")),
        (("explain", "{tri}", "--path", "0,0 2,0"), ("--path", "one step")),
        (("explain", "{tri}", "--path", "0,0", "--rules", "nope"), ("--rules", "nope")),
        (("explain", "{tri}", "--path", "0,0", "--out", "x.txt"), ("--out",)),
        (("explain", "{tri}"), ("--path",)),
        (("hint", "{tri}", "--steps", "0"), ("--steps",)),
        (("hint", "{tri}", "--path", "0,0 1,0 0,0"), ("--path", "twice")),
        (("solve", "{tri}", "--from", "0,0", "--solver", "asp"), ("--from", "asp")),
        (("solve", "{tri}", "--from", "0,0", "--count"), ("--from", "--count")),
        (("solve", "{tri}", "--from", "3,3"), ("--from", "start")),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tri, args, words):
    bad_input(witness(*(a.format(tri=tri) for a in args), cwd=tri.parent), *words)
