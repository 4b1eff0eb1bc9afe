"""Translate learned Prolog programs into predicates the compiled A* runs.

A learned program is a set of clauses ``f(A,B) :- body.`` over the background
knowledge of ``bk/`` (A a partial path, B a square). Each clause is compiled
once, by walking its body in an order that respects the directions (every
literal's inputs bound by the head or an earlier literal, as Prolog would
need), into a conjunction of comparisons over per-(path, square) features
(witness/search/predicates.py). The search core keeps those features incrementally,
so a translated program costs no more per path than a hand-written one.

``python_source`` renders the same program as readable Python: one short
function per clause with the Prolog clause and an English reading as its
docstring (Table 3 of the paper, side by side).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ilp import Rule, evaluation_order, format_rule, var_name
from witness.errors import InputError
from witness.io import read_text
from witness.learning.bk import BK_PREDICATES, PATH, SQUARE
from witness.learning.program import ProgramError, read_program
from witness.search.panel_features import reads_panel_features
from witness.search.predicates import (
    BUILTINS,
    OPERATORS,
    Clause,
    Comparison,
    Operand,
    Predicate,
    clause_text,
    const,
    operand_text,
)


class TranslationError(InputError):
    """A clause that cannot be translated (names the clause and the reason)."""


# Directions of the background predicates as the translator knows them (an
# argument the literal needs bound is "in"), for a safe evaluation order.
DIRECTIONS: dict[str, tuple[str, ...]] = {
    name: tuple("in" if any(i == j for j, _ in spec.inputs) else "out" for i in range(spec.arity))
    for name, spec in BK_PREDICATES.items()
}
# The panel biases (bias/dots.pl, ...) declare the constants as generators:
# one(A) binds A to 1.
PANEL_DIRECTIONS: dict[str, tuple[str, ...]] = {
    name: ("out",) if spec.constant is not None else DIRECTIONS[name]
    for name, spec in BK_PREDICATES.items()
}
HEAD_DIRECTIONS = ("in", "in")


# ------------------------------------------------------------------ parsing
def parse_program(text: str) -> list[Rule]:
    """The clauses of a learned program, read as Prolog reads them
    (:func:`witness.learning.program.read_program`; declarations such as
    ``:- dynamic(f/2).`` of an empty program are skipped)."""
    try:
        return read_program(text)
    except ProgramError as exc:
        raise TranslationError(f"cannot read the program: {exc}") from None


# -------------------------------------------------------------- translation
def translate_clause(rule: Rule) -> Clause:
    """One clause -> a conjunction of feature comparisons, its literals taken
    in an order that respects the directions (as Prolog would run it)."""
    where = f"clause '{format_rule(rule, ordered=False)}'"
    panel = _is_panel_clause(rule, where)
    directions = {**(PANEL_DIRECTIONS if panel else DIRECTIONS), rule.head.pred: HEAD_DIRECTIONS}
    try:
        order = evaluation_order(rule, directions)
    except ValueError:
        raise TranslationError(
            f"{where}: unsafe: no order of its literals binds every input argument "
            "before it is used"
        ) from None
    source = format_rule(rule, directions)
    path_var, square_var = rule.head.args
    env: dict[int, object] = {path_var: PATH, square_var: SQUARE}
    comparisons: list[Comparison] = []
    for lit in order:
        spec = BK_PREDICATES[lit.pred]
        args = [env.get(v) for v in lit.args]
        if spec.constant is not None and args[0] is None:  # a generator: binds its variable
            env[lit.args[0]] = const(spec.constant)
            continue
        for i, kind in spec.inputs:
            _check_kind(where, lit.pred, args[i], kind, var_name(lit.args[i]), panel)
        for op, operands in spec.tests:
            comparisons.append(Comparison(op, *operands(args)))
        for i, out in (spec.outputs(args) if spec.outputs else {}).items():
            bound = args[i]
            if bound is None:
                env[lit.args[i]] = out
            elif _is_int(bound) and _is_int(out):
                # feature = constant reads better than the other way round
                pair = (out, bound) if bound[0] == "const" else (bound, out)
                comparisons.append(Comparison("eq", *pair))
            elif bound != out:
                # A path's edge list never equals a square's (a simple path
                # holds at most 3 of a square's edges), so Prolog's
                # unification fails: the clause can never fire.
                return Clause(
                    (Comparison("eq", ("const", 0), ("const", 1)),),
                    source=source,
                    english=f"never: {var_name(lit.args[i])} cannot be both "
                    f"{describe_argument(bound)} and {describe_argument(out)}",
                )
    if panel:
        comparisons += _kind_guards(env.values(), comparisons)
    return Clause(tuple(comparisons), source=source, english=clause_text(comparisons))


def _kind_guards(bound: Iterable[object], comparisons: list[Comparison]) -> list[Comparison]:
    """``feature >= 0`` (always true) for each panel feature a literal bound and
    no comparison reads: the literal still holds only on objects of its kind
    (``joined_colours(A,B,C)`` fails on a dot), and so must the clause."""
    read = {v for c in comparisons for k, v in (c.left, c.right) if k == "feature"}
    unread = [v for v in bound if _is_int(v) and v[0] == "feature" and v[1] not in read]
    return [Comparison("ge", v, const(0)) for v in dict.fromkeys(unread)]


def _is_panel_clause(rule: Rule, where: str) -> bool:
    """Whether a clause speaks the panel families' vocabulary (bk/panel.pl):
    checks its head and that every literal is known, of one vocabulary."""
    if len(rule.head.args) != 2:
        raise TranslationError(f"{where}: the head must be f(Path, Square) or f(Path, Object)")
    for lit in rule.body:
        if lit.pred not in BK_PREDICATES or len(lit.args) != BK_PREDICATES[lit.pred].arity:
            known = ", ".join(f"{n}/{d.arity}" for n, d in BK_PREDICATES.items())
            raise TranslationError(
                f"{where}: unknown background predicate {lit.pred}/{len(lit.args)} "
                f"(the translator knows {known})"
            )
    families = {BK_PREDICATES[lit.pred].family for lit in rule.body} - {"any"}
    if len(families) > 1:
        raise TranslationError(
            f"{where}: mixes the triangle background knowledge with the panel one "
            "(bk/panel.pl); a program speaks one of them"
        )
    return families == {"panel"}


def _is_int(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and v[0] in ("feature", "const")


def _check_kind(where: str, pred: str, v: object, kind: str, arg: str, panel: bool) -> None:
    ok = {
        "path": v == PATH,
        "square": v == SQUARE,
        "object": v == SQUARE,  # the head's second argument
        "list": isinstance(v, tuple) and len(v) == 2 and v[0] == "list",
        "int": _is_int(v),
    }[kind]
    if not ok:
        want = {
            "path": "the head's path",
            "square": "the head's square",
            "object": "the head's object",
            "list": "a list bound earlier",
            "int": "a number bound earlier",
        }[kind]
        raise TranslationError(
            f"{where}: argument {arg} of {pred} must be {want}, it is {describe_argument(v, panel)}"
        )


def describe_argument(v: object, panel: bool = False) -> str:
    """A clause argument in words: unbound, the path, the square (the object
    on panels), an edge list, or an operand (:func:`operand_text`)."""
    if v is None:
        return "unbound"
    if v == PATH:
        return "the path"
    if v == SQUARE:
        return "the object" if panel else "the square"
    if isinstance(v, tuple) and v[0] == "list":
        return f"the {v[1]}'s edge list"
    return operand_text(v, words=True)


def translate_program(text: str, name: str = "learned") -> Predicate:
    clauses = parse_program(text)
    if not clauses:
        raise TranslationError(f"{name}: no clauses found")
    heads = {(c.head.pred, len(c.head.args)) for c in clauses}
    if len(heads) != 1:
        raise TranslationError(f"{name}: clauses define several predicates: {sorted(heads)}")
    return Predicate(
        name,
        "program",
        tuple(translate_clause(c) for c in clauses),
        description=f"learned program {name}",
    )


def translate_file(path: Path | str) -> Predicate:
    path = Path(path)
    try:
        text = read_text(path, "program")
    except InputError as exc:
        raise TranslationError(str(exc)) from None
    try:
        return translate_program(text, name=path.stem)
    except TranslationError as exc:  # name the file: it may be one of several inputs
        raise TranslationError(f"{path}: {exc}") from None


# ------------------------------------------------------------ readable Python
def _py_operand(op: Operand) -> str:
    return f"f.{op[1]}" if op[0] == "feature" else str(op[1])


# Every module python_source writes holds this line (witness.io.check_file's mark).
PYTHON_MARK = "Generated by `witness translate`."


def python_source(predicate: Predicate) -> str:
    """A Python module with one function per clause (Prolog + English docstring)."""
    what, where = (
        ("object", "witness.search.panel_features.PANEL_FEATURES")
        if reads_panel_features(predicate)
        else ("square", "witness.search.predicates.FEATURES")
    )
    lines = [
        f'"""Python translation of the learned program {predicate.name!r}.',
        "",
        f"{PYTHON_MARK} Each function takes the features of one",
        f"(partial path, {what}) pair ({where}) and returns True",
        f"when its clause says the path can never be completed because of that {what}.",
        '"""',
        "",
        "",
    ]
    names = []
    for i, clause in enumerate(predicate.clauses, 1):
        name = f"clause_{i}"
        names.append(name)
        test = (
            " and ".join(
                f"{_py_operand(c.left)} {OPERATORS[c.op].python} {_py_operand(c.right)}"
                for c in clause.comparisons
            )
            or "True"
        )
        lines += [
            f"def {name}(f) -> bool:",
            f'    """{clause.source}',
            "",
            f"    {clause.english}.",
            '    """',
            f"    return {test}",
            "",
            "",
        ]
    lines += [
        f"def incompletable_on_{what}(f) -> bool:",
        f'    """pi\'(path, {what}): the disjunction of the clauses."""',
        "    return " + (" or ".join(f"{n}(f)" for n in names) or "False"),
        "",
        "",
        "CLAUSES = (" + ", ".join(names) + ("," if len(names) == 1 else "") + ")",
        "",
    ]
    return "\n".join(lines)


def load_predicate(spec: str | Predicate) -> Predicate:
    """``none`` | ``baseline`` | ``paper`` | a learned program ``FILE.pl`` (translated)."""
    if isinstance(spec, Predicate):
        return spec
    if spec in BUILTINS:
        return BUILTINS[spec]
    if spec.endswith(".pl"):
        return translate_file(Path(spec))
    raise InputError(
        f"unknown predicate {spec!r}: expected none, baseline, paper or a learned FILE.pl"
    )
