"""Prolog -> predicate translation: agreement with SWI-Prolog and with the hand-written Table 3."""

import json
import random
import re
import types
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from project_files import REFERENCE_RUNS, TRIANGLE_BIASES
from puzzles import all_partial_paths, enumerate_solutions, seeded_puzzles

from ilp.bias import read_bias
from ilp.generate import Generator
from profiles import examples
from witness.cli import main
from witness.learning.bk import BK_PREDICATES
from witness.learning.examples import write_task
from witness.learning.translate import (
    TranslationError,
    clause_text,
    describe_argument,
    parse_program,
    python_source,
    translate_clause,
    translate_program,
)
from witness.model.puzzle import Puzzle
from witness.search.panel_features import square_features
from witness.search.panel_search import table_values
from witness.search.predicates import (
    BUILTINS,
    FEATURES,
    OPERATORS,
    PAPER,
    Comparison,
    const,
    feat,
)
from witness.search.solvers import solve
from witness.verify.verdict import verify_predicate

ROOT = Path(__file__).resolve().parents[1]
TABLE3 = """
f(A,B):-square(B,C,D),path(A,E),count(D,E,F),greaterThan(F,C).
f(A,B):-square(B,D,C),path(A,E),count(E,C,F),notAdjacent(A,B),three(D),one(F).
f(A,B):-square(B,D,C),path(A,E),count(E,C,F),notAdjacent(A,B),three(D),two(F).
"""


def test_table3_translation_equals_the_hand_written_predicate():
    pred = translate_program(TABLE3, "table3")
    assert pred.kind == "program" and len(pred.clauses) == 3
    for p in seeded_puzzles(25, seed=5, max_rows=3, max_cols=3, min_side=2):
        paths = all_partial_paths(p)
        assert table_values(p.to_panel(), pred, paths) == table_values(p.to_panel(), PAPER, paths)
    for p in seeded_puzzles(10, seed=6, max_rows=4, max_cols=5, min_side=3):
        a, b = solve(p, pred), solve(p, PAPER)
        assert (a.path, a.expansions, a.generated) == (b.path, b.expansions, b.generated)


def test_rejections_name_the_problem():
    with pytest.raises(TranslationError, match="unknown background predicate foo/1"):
        translate_program("f(A,B) :- foo(A).")
    with pytest.raises(TranslationError, match="unsafe"):
        translate_program("f(A,B) :- gte(X,Y).")
    with pytest.raises(TranslationError, match="cannot read"):
        translate_program("f(A,B) :- path(A,E), \\+ len(E,3).")
    with pytest.raises(TranslationError, match="no clauses"):
        translate_program("% nothing here\n")
    with pytest.raises(TranslationError, match="must be the head.s path"):
        translate_program("f(A,B) :- path(B,E).")


def test_literal_order_does_not_matter():
    a = translate_program("f(A,B) :- greaterThan(F,C), count(D,E,F), path(A,E), square(B,C,D).")
    b = translate_program("f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).")
    assert a.clauses[0].comparisons == b.clauses[0].comparisons
    # The docstring shows the clause in a safe order, as the engine prints it.
    assert (
        a.clauses[0].source
        == b.clauses[0].source
        == ("f(A,B) :- path(A,C), square(B,D,E), count(E,C,F), greaterThan(F,D).")
    )
    c = translate_program("f(A,B) :- three(X), square(B,X,D).")  # square binds X first
    assert [(x.op, x.left, x.right) for x in c.clauses[0].comparisons] == [
        ("eq", ("feature", "triangles"), ("const", 3))
    ]


def test_generated_python_reads_like_table3_and_agrees():
    pred = translate_program(TABLE3, "table3")
    source = python_source(pred)
    assert source.count("def clause_") == 3
    assert "f(A,B) :- path(A,C), square(B,D,E), count(E,C,F), greaterThan(F,D)." in source
    assert "return f.edges_on_square > f.triangles" in source
    module: dict = {}
    exec(compile(source, "table3.py", "exec"), module)
    for p in seeded_puzzles(10, seed=8, max_rows=3, max_cols=3, min_side=2):
        panel = p.to_panel()
        for path in all_partial_paths(p):
            for x, y, _ in p.triangles:
                values = square_features(panel, path, (x, y))
                f = types.SimpleNamespace(**values)
                assert module["incompletable_on_square"](f) == pred.holds_on_square(values)


# ---------------------------------------------------------------- vs Prolog
def random_clause(rng: random.Random, bias_path: Path, max_body: int = 6, max_vars: int = 7) -> str:
    """A random safe clause under a bias's types and directions (what an ILP engine
    can generate), its literals in an order Prolog can run."""
    bias = read_bias(bias_path)
    types_of = {"A": "path", "B": "square"}
    body: list[str] = []
    for _ in range(rng.randint(1, max_body)):
        options = []
        for decl in sorted(bias.body, key=lambda d: (d.name, d.arity)):
            name, arity, tys, dirs = decl.name, decl.arity, decl.types, decl.directions
            ins = [i for i in range(arity) if dirs[i] == "in"]
            if all(any(t == tys[i] for t in types_of.values()) for i in ins):
                options.append((name, arity, tys, dirs))
        name, arity, tys, dirs = rng.choice(options)
        args = []
        for i in range(arity):
            same = [v for v, t in types_of.items() if t == tys[i]]
            if dirs[i] == "in" or (same and rng.random() < 0.25) or len(types_of) >= max_vars:
                if not same:
                    break
                args.append(rng.choice(same))
            else:
                v = chr(ord("A") + len(types_of))
                types_of[v] = tys[i]
                args.append(v)
        if len(args) == arity:
            body.append(f"{name}({','.join(args)})")
    return f"f(A,B) :- {', '.join(body)}." if body else "f(A,B) :- path(A,E)."


def load_task(tmp_path_factory, p: Puzzle, bias: str, module: str) -> tuple:
    """A task folder for every partial path of ``p``, its bk.pl loaded in Prolog."""
    import janus_swi as janus

    d = tmp_path_factory.mktemp(module)
    write_task([p], d, bias_file=ROOT / "bias" / bias, positives="all")
    janus.consult(str(d / "bk.pl"), module=module)
    index = json.loads((d / "index.json").read_text())
    return (p, module, index, ROOT / "bias" / bias)


@pytest.fixture(scope="module")
def tasks(tmp_path_factory):
    """Task folders with every partial path of a few small puzzles, loaded in Prolog."""
    import janus_swi as janus

    janus.query_once("style_check(-singleton)")  # random clauses have singletons on purpose
    puzzles = [
        p for p in seeded_puzzles(40, seed=2, max_rows=3, max_cols=3, min_side=2) if p.triangles
    ][:4]
    return [
        load_task(tmp_path_factory, p, bias, f"tt_{i}_{bias[:-3]}")
        for i, p in enumerate(puzzles)
        for bias in ("paper.pl", "unvisited.pl", "reach.pl", "rich.pl")
    ]


@pytest.fixture(scope="module")
def solvable_tasks(tmp_path_factory):
    """As ``tasks``, for small puzzles that have solutions (one with a square of three)."""
    import janus_swi as janus

    janus.query_once("style_check(-singleton)")
    puzzles = [
        p
        for p in seeded_puzzles(60, seed=3, max_rows=3, max_cols=3, min_side=2)
        if p.triangles and next(iter(enumerate_solutions(p)), None)
    ][:4]
    assert any(k == 3 for p in puzzles for _, _, k in p.triangles)
    return [
        load_task(tmp_path_factory, p, bias, f"st_{i}_{bias[:-3]}")
        for i, p in enumerate(puzzles)
        for bias in ("paper.pl", "unvisited.pl", "reach.pl", "rich.pl")
    ]


def prolog_covers(module: str, program: str) -> set[tuple[str, str]]:
    import janus_swi as janus

    janus.consult(f"learned_program_{module}", program, module=module)
    janus.query_once("use_module(library(time))")
    q = janus.query_once(
        # janus returns every variable not starting with "_"; keep the inner ones hidden.
        f"findall([_P,_S], ({module}:path(_P,_), {module}:square(_S,_,_), "
        f"call_with_time_limit(5, {module}:f(_P,_S))), L)"
    )
    return {tuple(x) for x in q["L"]}


def python_covers(p: Puzzle, index: dict, program: str) -> set[tuple[str, str]]:
    pred = translate_program(program)
    out, panel = set(), p.to_panel()
    for pid, (_, path) in index["paths"].items():
        for sid, (_, x, y) in index["squares"].items():
            if pred.holds_on_square(square_features(panel, [tuple(v) for v in path], (x, y))):
                out.add((pid, sid))
    return out


def core_covers(p: Puzzle, index: dict, program: str) -> set[str]:
    pids = sorted(index["paths"])
    values = table_values(
        p.to_panel(),
        translate_program(program),
        [[tuple(v) for v in index["paths"][pid][1]] for pid in pids],
    )
    return {pid for pid, v in zip(pids, values, strict=True) if v}


def test_table3_agrees_with_prolog(tasks):
    for p, module, index, _ in tasks:
        covered = prolog_covers(module, TABLE3)
        assert covered == python_covers(p, index, TABLE3)
        assert {pid for pid, _ in covered} == core_covers(p, index, TABLE3)


def random_layout(rng: random.Random, clause: str, blank: float = 0.0) -> str:
    """``clause`` (as random_clause writes it) as a person might write it: other
    variable names, a singleton as ``_``, quoted atoms, comments and line breaks
    anywhere between tokens, the body on the next line. Prolog reads the same
    clause. ``blank``: the chance that any other variable occurrence becomes
    ``_`` (a new variable each: another clause, which may be unsafe)."""
    literals = re.findall(r"(\w+)\(([^()]*)\)", clause)
    occurrences = Counter(v for _, args in literals for v in args.split(","))
    names = {
        v: rng.choice(["", "_", "X", "Var", "P"]) + v + rng.choice(["", "1", "_b"])
        for v in occurrences
    }
    names = {v: (n if n[0].isupper() or n[0] == "_" else "V" + n) for v, n in names.items()}

    def gap() -> str:
        return rng.choice(["", " ", "\n  ", "\t", " /* note */ ", " % note\n", "\n\n"])

    def var(v: str) -> str:
        if occurrences[v] == 1 and rng.random() < 0.7 or rng.random() < blank:
            return "_"
        return names[v]

    def literal(name: str, args: str) -> str:
        pred = f"'{name}'" if rng.random() < 0.3 else name
        inner = ("," + gap()).join(gap() + var(v) for v in args.split(","))
        return f"{pred}({inner}{gap()})"

    (head_name, head_args), *body = literals
    text = literal(head_name, head_args) + rng.choice([" ", "\n    ", "\n"]) + ":-" + gap()
    goals = ("," + gap()).join(literal(n, a) for n, a in body)
    if rng.random() < 0.2:
        goals = f"({gap()}{goals}{gap()})"
    return text + goals + gap() + "." + rng.choice(["\n", " ", "\n% end\n"])


@pytest.mark.slow
@settings(max_examples=examples(120), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 15))
def test_random_rules_agree_with_prolog(tasks, seed, task_no):
    """Random clauses over the BK's vocabulary in random but valid layouts: the
    translation and SWI-Prolog loading the task's bk.pl agree on every partial path."""
    p, module, index, bias = tasks[task_no % len(tasks)]
    rng = random.Random(seed)
    blank = rng.choice([0.0, 0.0, 0.15])
    program = "".join(
        random_layout(rng, random_clause(rng, bias), blank) for _ in range(rng.randint(1, 3))
    )
    try:
        translated = python_covers(p, index, program)
    except TranslationError as exc:  # a `_` for a variable another literal needs
        assert blank and "unsafe" in str(exc), (program, exc)
        return
    # a `_` may leave a comparison before the literal that binds its variable, which
    # Prolog, running the text as written, cannot call; the translation (as the
    # engine) runs literals in a safe order, so Prolog is given that order then
    covered = prolog_covers(module, in_safe_order(program) if blank else program)
    assert covered == translated, program
    assert {pid for pid, _ in covered} == core_covers(p, index, program), program


def in_safe_order(program: str) -> str:
    """``program`` with each clause's body in the order the translation runs it."""
    from ilp import format_rule
    from witness.learning.translate import DIRECTIONS, HEAD_DIRECTIONS, parse_program

    rules = parse_program(program)
    return (
        "\n".join(format_rule(r, {**DIRECTIONS, r.head.pred: HEAD_DIRECTIONS}) for r in rules)
        + "\n"
    )


def solution_prefixes(p: Puzzle, index: dict) -> set[str]:
    """The index's paths that are a proper prefix of a solution of ``p``."""
    prefixes = {tuple(s[:k]) for s in enumerate_solutions(p) for k in range(1, len(s))}
    return {pid for pid, (_, path) in index["paths"].items() if tuple(map(tuple, path)) in prefixes}


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 15))
def test_verify_never_proves_a_clause_prolog_fires_on_a_solution_prefix(
    solvable_tasks, seed, task_no
):
    """verify up to 3x3 says proven or bounded exactly when SWI-Prolog, running the
    clause as written with the task's bk.pl, fires on no solution prefix of the
    task's puzzle (3x3 at most): else refuted."""
    p, module, index, bias = solvable_tasks[task_no % len(solvable_tasks)]
    rng = random.Random(seed)
    program = random_layout(rng, random_clause(rng, bias))
    status = verify_predicate(translate_program(program), 3, 3).status
    fired = {pid for pid, _ in prolog_covers(module, program)} & solution_prefixes(p, index)
    assert status != "unknown", program
    if status in ("proven", "bounded"):
        assert not fired, program


def test_verify_refutes_clauses_with_anonymous_variables(solvable_tasks):
    """Each `_` is its own variable: this clause fires on every path at a square
    with three triangles (it was read as never firing, and proven)."""
    program = "f(A,B) :- square(B,C,_), path(A,_), three(C).\n"
    fired = False
    for p, module, index, _ in solvable_tasks:
        fired |= bool(
            {pid for pid, _ in prolog_covers(module, program)} & solution_prefixes(p, index)
        )
    assert fired
    assert verify_predicate(translate_program(program), 3, 3).status == "refuted"
    assert translate_program(program).clauses[0].english == "the square's triangles = 3"


def test_every_background_predicate_of_the_biases_is_known():
    # the triangle biases (f(Path, Square)); the panel biases' predicates are bk/panel.pl's
    for bias in TRIANGLE_BIASES:
        for name, arity in ((d.name, d.arity) for d in read_bias(bias).body):
            assert name in BK_PREDICATES and BK_PREDICATES[name].arity == arity, (bias.name, name)
            defined_in = BK_PREDICATES[name].prolog_file
            if defined_in.startswith("bk/"):
                assert f"{name}(" in (ROOT / defined_in).read_text()


def test_parse_program_reads_engine_output_and_empty_programs():
    clauses = parse_program("% header\nf(A,B):-one(C),square(B,C,D).\nf(A,B):-path(A,E).\n")
    assert [len(c.body) for c in clauses] == [2, 1]
    assert parse_program(":- dynamic(f/2).  % no rule found\n") == []


def test_programs_are_read_as_prolog_reads_them(tmp_path, capsys):
    """A clause whose body starts on the next line is one clause (it was read as the
    fact f(A,B), translated to "always"); every `_` is a new variable; quoted atoms
    and comments are Prolog's."""
    one_line = translate_program("f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), three(C).")
    written = translate_program(
        "f(A, B)\n    :- 'square'(B, C, D), /* the path */ path(A, E),\n"
        "       count(D, E, F), % F is unused\n       three(C).\n"
    )
    assert written.clauses[0].comparisons == one_line.clauses[0].comparisons
    assert translate_program("f(A,B) :- square(B,_,_), path(A,_).").clauses[0].comparisons == ()
    puzzle = Puzzle(rows=2, cols=2, goal=(2, 2), triangles=((0, 0, 1),))
    pj, prog = tmp_path / "p.json", tmp_path / "next_line.pl"
    puzzle.save(pj)
    prog.write_text("f(A,B)\n    :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).\n")
    assert main(["solve", str(pj), "--predicate", str(prog), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solved"] is True
    assert main(["translate", str(prog)]) == 0
    assert "return True" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "text, message",
    [
        ("f(A,B) :- square(B,C,D)\n  three(C).", "line 2, column .*syntax error"),
        ("f(A,B) :- one(C).\n:- initialization(halt).", "line 2: .*a directive"),
        ("f(A,B) :- square(B,C,D), 3.", "3 is not a goal"),
        ("f(A,B) :- gte(C, 3).", "only variables are allowed as arguments, got 3"),
        ("f(A,B) :- (one(A) ; two(A)).", "only variables are allowed"),
        ("f(A,A) :- one(A).", "distinct variables"),
        ("a --> b.", "not a clause"),
    ],
)
def test_programs_that_are_not_learned_programs_are_refused(tmp_path, capsys, text, message):
    with pytest.raises(TranslationError, match=message):
        translate_program(text)
    prog = tmp_path / "bad.pl"
    prog.write_text(text)
    assert main(["translate", str(prog)]) == 2
    assert str(prog) in capsys.readouterr().err


def test_cli_translate_and_predicate(tmp_path, capsys):
    prog = tmp_path / "t3.pl"
    prog.write_text(TABLE3)
    assert main(["translate", str(prog), "--out", str(tmp_path / "t3.py")]) == 0
    assert "def clause_3" in (tmp_path / "t3.py").read_text()
    assert main(["translate", str(prog)]) == 0
    assert "def clause_1" in capsys.readouterr().out
    puzzle = Puzzle(rows=1, cols=2, goal=(2, 1), triangles=((0, 0, 1), (1, 0, 2)))
    pj = tmp_path / "p.json"
    puzzle.save(pj)
    paths = tmp_path / "paths.json"
    paths.write_text(json.dumps([[[0, 0], [1, 0]], [[0, 0], [0, 1], [1, 1]]]))
    assert main(["predicate", str(prog), str(pj), "--paths", str(paths), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [False, True]
    assert main(["solve", str(pj), "--predicate", str(prog), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["solved"] is True
    bad = tmp_path / "bad.pl"
    bad.write_text("f(A,B) :- mystery(A,B).")
    assert main(["translate", str(bad)]) == 2
    assert "mystery/2" in capsys.readouterr().err
    paths.write_text(json.dumps([[[0, 0], [2, 0]]]))
    assert main(["predicate", str(prog), str(pj), "--paths", str(paths)]) == 2
    # not from the start, a vertex twice, at the goal (the line ends there)
    for bad_path in ([[1, 0], [2, 0]], [[0, 0], [1, 0], [0, 0]], [[0, 0], [1, 0], [2, 0], [2, 1]]):
        capsys.readouterr()
        paths.write_text(json.dumps([[[0, 0]], bad_path]))
        assert main(["predicate", str(prog), str(pj), "--paths", str(paths)]) == 2
        assert "--paths: path 1 is not a partial path from the start" in capsys.readouterr().err


def test_every_engine_rule_up_to_five_literals_agrees_with_prolog(tasks):
    """Each rule the ILP engine can generate under bias/paper.pl (body of up to
    5 literals, 1,045 rules) gives the same answer in SWI-Prolog and translated."""
    import janus_swi as janus

    from ilp.generate import Generator
    from ilp.rules import format_rule

    p, module, index, _ = tasks[0]  # a 2x2..3x3 puzzle, every partial path, paper.pl
    bias = read_bias(ROOT / "bias" / "paper.pl")
    generator = Generator(bias)
    rules = [r for size in range(1, 6) for r in generator.rules(size)]
    assert len(rules) > 1000
    texts = [format_rule(r, bias.directions) for r in rules]
    program = "\n".join(t.replace("f(", f"r{i}(", 1) for i, t in enumerate(texts))
    janus.consult(f"engine_rules_{module}", program, module=module)
    pairs = [(pid, sid) for pid in index["paths"] for sid in index["squares"]]
    features = {
        (pid, sid): square_features(
            p.to_panel(),
            [tuple(v) for v in index["paths"][pid][1]],
            tuple(index["squares"][sid][1:]),
        )
        for pid, sid in pairs
    }
    for i, text in enumerate(texts):
        found = janus.query_once(
            f"findall([_P,_S], ({module}:path(_P,_), {module}:square(_S,_,_), "
            f"{module}:r{i}(_P,_S)), L)"
        )["L"]
        pred = translate_program(text)
        assert {tuple(x) for x in found} == {
            pair for pair in pairs if pred.holds_on_square(features[pair])
        }, text


# ---------------------------------------------------- one clause renderer
def _old_english(comparisons):
    """translate.english before the renderers were merged, verbatim."""
    op_words = {"eq": "=", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
    parts = []
    for c in comparisons:
        if c.left == ("feature", "head_adjacent") and c.right[0] == "const":
            parts.append(
                "the path's head is " + ("" if c.right[1] else "not ") + "a corner of the square"
            )
        elif c.left == ("feature", "goal_unreachable") and c.right[0] == "const":
            parts.append(
                "the path has " + ("" if c.right[1] else "not ") + "cut itself off from the goal"
            )
        else:
            parts.append(
                f"{describe_argument(c.left)} {op_words[c.op]} {describe_argument(c.right)}"
            )
    return "; ".join(parts) if parts else "always"


def _old_clause_text(comparisons):
    """verify.clause_text before the renderers were merged, verbatim."""
    symbols = {"eq": "=", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
    body = " and ".join(f"{c.left[1]} {symbols[c.op]} {c.right[1]}" for c in comparisons)
    return body or "true"


def _assert_rendered_as_before(clauses) -> int:
    n = 0
    for comparisons in clauses:
        assert clause_text(comparisons) == _old_english(comparisons)
        assert clause_text(comparisons, words=False) == _old_clause_text(comparisons)
        n += 1
    return n


def test_clause_text_renders_as_both_renderers_it_replaced():
    """On the repository's learned programs, the built-ins and random conjunctions of
    every feature, operator and small constant."""
    clauses = []
    references = [p for run in REFERENCE_RUNS for p in sorted(run.glob("**/*.pl"))]
    for program in [*references, *ROOT.glob("tests/data/*.pl")]:
        pred = translate_program(program.read_text(), program.stem)
        if pred.features_used <= set(FEATURES):  # the old renderers knew triangle features only
            clauses += [c.comparisons for c in pred.clauses]
    clauses += [c.comparisons for pred in BUILTINS.values() for c in pred.clauses]
    rng = random.Random(11)
    operands = [feat(f) for f in FEATURES] + [const(k) for k in range(5)]
    for _ in range(3000):
        clauses.append(
            tuple(
                Comparison(rng.choice(list(OPERATORS)), rng.choice(operands), rng.choice(operands))
                for _ in range(rng.randint(0, 4))
            )
        )
    assert _assert_rendered_as_before(clauses) > 3000


@pytest.mark.parametrize(
    "bias",
    [
        "paper.pl",
        "rich.pl",
        pytest.param("reach.pl", marks=pytest.mark.slow),  # its rule space takes longer to generate
        pytest.param("unvisited.pl", marks=pytest.mark.slow),
    ],
)
def test_clause_text_renders_every_small_rule_of_a_bias_as_before(bias):
    gen = Generator(read_bias(ROOT / "bias" / bias))
    rules = [r for size in range(2, 5) for r in gen.rules(size)]
    assert _assert_rendered_as_before(translate_clause(r).comparisons for r in rules) > 50
