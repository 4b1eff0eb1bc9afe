"""Learned family programs (head f(P, O) over bk/panel.pl) translated into
predicates over the panel features: the translation fires on exactly the
(path, object) pairs where SWI-Prolog, running the program on the background
knowledge and the panel's facts, says f(P, O); written programs translate to
the comparisons they say; and `witness solve` runs them on panels."""

from __future__ import annotations

import itertools
import json
import random

import janus_swi as janus
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_panel_bk import load
from test_panel_features import partial_paths
from test_rules_oracle import panels

from profiles import examples
from witness.cli import main
from witness.learning.facts import object_atom
from witness.learning.translate import TranslationError, python_source, translate_program
from witness.model.panel import Dot, Panel
from witness.search.panel_features import (
    CERTIFICATES,
    clause_fires,
    features_apply,
    object_features,
    program_fires,
)
from witness.search.panel_search import program_values

# The background predicates of each family: (name, reads the object, has a number).
FAMILY_LITERALS = {
    "dots": (
        ("uncovered", True, False),
        ("lost", True, False),
        ("part_dots", True, True),
        ("part_ends", True, True),
    ),
    "squares": (
        ("joined_colours", True, True),
        ("region_colours", True, True),
        ("closed", True, False),
    ),
    "stars": (("joined_partners", True, True), ("region_partners", True, True)),
}
CONSTANTS = ("zero", "one", "two", "three")
_programs = itertools.count()


def random_clause(rng: random.Random, family: str) -> str:
    """A clause over one family's literals, numbers compared with each other and
    with constants (constants as generators, first, as the panel biases have them)."""
    body, numbers, consts = [], [], []
    names = iter("CDEFGHIJKLMN")
    for name, _, number in rng.sample(FAMILY_LITERALS[family], rng.randint(1, 2)):
        if number:
            numbers.append(next(names))
            body.append(f"{name}(A,B,{numbers[-1]})")
        else:
            body.append(f"{name}(A,B)")
    if family == "dots" and rng.random() < 0.4:
        numbers.append(next(names))
        body.append(f"open_dots(A,{numbers[-1]})")
    tests = []
    for _ in range(rng.randint(0, 2) if numbers else 0):
        left = rng.choice(numbers)
        if rng.random() < 0.3:
            tests.append(f"{rng.choice(CONSTANTS)}({left})")
            continue
        if rng.random() < 0.6 or len(numbers) < 2:
            consts.append(next(names))
            right = consts[-1]
            body.insert(0, f"{rng.choice(CONSTANTS)}({right})")
        else:
            right = rng.choice([n for n in numbers if n != left])
        tests.append(f"greaterThan({left},{right})" if rng.random() < 0.5 else
                     f"greaterThan({right},{left})")  # fmt: skip
    return f"f(A,B) :- {', '.join(body + tests)}."


def prolog_fires(module: str, program: str, pid: str, obj: str) -> bool:
    return janus.query_once(f"{module}:f({pid},{obj})")["truth"]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(panels(kinds=("square", "star", "triangle")), st.randoms(use_true_random=False))
def test_translation_fires_where_prolog_does(panel, rng):
    families = rng.sample(sorted(FAMILY_LITERALS), rng.randint(1, 3))
    program = "\n".join(random_clause(rng, rng.choice(families)) for _ in range(3)) + "\n"
    predicate = translate_program(program)
    paths = partial_paths(panel)
    paths = rng.sample(paths, min(len(paths), 15))
    ids = [(f"p_{i}", p) for i, p in enumerate(paths)]
    module = load([(panel, "q", ids)])
    janus.consult(f"prog_{next(_programs)}.pl", data=program, module=module)
    applies = features_apply(panel)
    for pid, path in ids:
        for obj, values in object_features(panel, path):
            want = prolog_fires(module, program, pid, object_atom(obj, "q"))
            got = applies and any(clause_fires(cl, values) for cl in predicate.clauses)
            assert got == want, (program, panel.to_json(), path, obj)
    if applies:
        compiled = program_values(panel, predicate, [list(p) for p in paths])
        fires = [
            any(prolog_fires(module, program, pid, object_atom(o, "q")) for o, _ in
                object_features(panel, path))
            for pid, path in ids
        ]  # fmt: skip
        assert compiled == fires


CERTIFICATE_PROGRAMS = {
    "an uncovered dot that can no longer be covered": "f(A,B) :- lost(A,B).",
    "an uncovered dot in a part of the grid with no end": (
        "f(A,B) :- zero(C), uncovered(A,B), part_ends(A,B,C)."
    ),
    "uncovered dots in two parts of the grid": (
        "f(A,B) :- uncovered(A,B), open_dots(A,C), part_dots(A,B,D), greaterThan(C,D)."
    ),
    "squares of two colours joined for good": (
        "f(A,B) :- one(C), joined_colours(A,B,D), greaterThan(D,C)."
    ),
    "a star joined for good with more than one partner": (
        "f(A,B) :- two(C), joined_partners(A,B,D), greaterThan(D,C)."
    ),
    "a star whose region can no longer hold a partner": (
        "f(A,B) :- two(C), region_partners(A,B,D), greaterThan(C,D)."
    ),
    "a dot the line can no longer pass": "f(A,B) :- passed(A,B).",
    "squares of two colours across a side the line can never take": (
        "f(A,B) :- one(C), neighbour_colours(A,B,D), greaterThan(D,C)."
    ),
    "a triangle with more sides on the line than it counts": (
        "f(A,B) :- sides_on(A,B,C), triangle_count(A,B,D), greaterThan(C,D)."
    ),
    "a triangle that can no longer get as many sides as it counts": (
        "f(A,B) :- sides_usable(A,B,C), triangle_count(A,B,D), greaterThan(D,C)."
    ),
    "no end can be reached any more": "f(A,B) :- reach_ends(A,B,C), zero(C).",
}


FLIP = {"lt": "gt", "gt": "lt", "le": "ge", "ge": "le", "eq": "eq", "ne": "ne"}


def canonical(left: object, op: str, right: object) -> tuple:
    """A comparison and its mirror image (right FLIP[op] left) read alike."""
    return min((left, op, right), (right, FLIP[op], left), key=str)


def conditions(text: str) -> set[tuple]:
    """The comparisons a one-clause program translates to."""
    return {
        canonical(c.left[1], c.op, c.right[1])
        for c in translate_program(text).clauses[0].comparisons
    }


@pytest.mark.parametrize("name", sorted(CERTIFICATES))
def test_written_programs_translate_to_their_rule(name):
    assert conditions(CERTIFICATE_PROGRAMS[name]) == {canonical(*c) for c in CERTIFICATES[name]}


def test_python_source_reads_objects():
    predicate = translate_program(CERTIFICATE_PROGRAMS["squares of two colours joined for good"])
    source = python_source(predicate)
    assert "(partial path, object) pair" in source
    assert "return f.joined_colours > 1" in source
    assert "the colours of the squares joined to the square for good > 1" in source


def test_triangle_and_panel_vocabularies_do_not_mix():
    with pytest.raises(TranslationError, match="mixes"):
        translate_program("f(A,B) :- lost(A,B), notAdjacent(A,B).")


def test_triangle_constants_stay_tests():
    # the triangle biases declare constants as inputs: a constant first is unsafe there
    with pytest.raises(TranslationError, match="unsafe"):
        translate_program("f(A,B) :- one(C), square(B,D,E), greaterThan(D,C).")


DOTS = Panel(rows=2, cols=2, ends=((2, 2),), dots=(Dot((0, 1)), Dot((2, 1)), Dot((1, 2))))


def test_solve_a_panel_with_a_learned_program(tmp_path, capsys):
    puzzle, program = tmp_path / "dots.json", tmp_path / "learned.pl"
    puzzle.write_text(DOTS.to_json())
    program.write_text("\n".join(CERTIFICATE_PROGRAMS.values()) + "\n")
    results = {}
    for predicate in (str(program), "baseline", "none"):
        assert main(["solve", str(puzzle), "--predicate", predicate, "--json"]) == 0
        results[predicate] = json.loads(capsys.readouterr().out)
    assert all(r["solved"] for r in results.values())
    assert results[str(program)]["expansions"] < results["none"]["expansions"]
    assert main(["solve", str(puzzle), "--predicate", str(program), "--mode", "sort",
                 "--base-prune", "--json"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["solved"]


def test_solve_a_triangle_puzzle_with_a_learned_panel_program(tmp_path, capsys):
    # a triangle puzzle has no dot, square or star: the program never fires
    puzzle, program = tmp_path / "t.json", tmp_path / "learned.pl"
    puzzle.write_text(json.dumps({"rows": 2, "cols": 2, "goal": [2, 2], "triangles": [[0, 0, 2]]}))
    program.write_text(CERTIFICATE_PROGRAMS["an uncovered dot that can no longer be covered"])
    assert main(["solve", str(puzzle), "--predicate", str(program), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solved"]


def test_predicate_command_on_a_panel(tmp_path, capsys):
    puzzle, program, paths = tmp_path / "dots.json", tmp_path / "learned.pl", tmp_path / "p.json"
    puzzle.write_text(DOTS.to_json())
    program.write_text(CERTIFICATE_PROGRAMS["an uncovered dot in a part of the grid with no end"])
    lines = [
        [[0, 0], [1, 0]],
        [[0, 0], [1, 0], [1, 1], [0, 1], [0, 2], [1, 2]],
        [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]],  # at the end, dots left behind
    ]
    paths.write_text(json.dumps(lines))
    assert main(["predicate", str(program), str(puzzle), "--paths", str(paths), "--json"]) == 0
    want = [program_fires(DOTS, line, translate_program(program.read_text()).clauses)
            for line in [[tuple(v) for v in p] for p in lines]]  # fmt: skip
    assert json.loads(capsys.readouterr().out) == want == [False, False, True]
    paths.write_text(json.dumps([[[0, 0], [2, 0]]]))
    assert main(["predicate", str(program), str(puzzle), "--paths", str(paths), "--json"]) == 2
    assert "not a partial path" in capsys.readouterr().err
