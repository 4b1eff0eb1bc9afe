"""Translate learned Prolog programs into predicates the compiled A* runs.

A learned program is a set of clauses ``f(A,B) :- body.`` over the background
knowledge of ``bk/`` (A a partial path, B a square). Each clause is compiled
once, by walking its body in an order that respects the directions (every
literal's inputs bound by the head or an earlier literal, as Prolog would
need), into a conjunction of comparisons over per-(path, square) features
(witness/predicates.py). The search core keeps those features incrementally,
so a translated program costs no more per path than a hand-written one.

``python_source`` renders the same program as readable Python: one short
function per clause with the Prolog clause and an English reading as its
docstring (Table 3 of the paper, side by side).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from witness.bk import LITERALS, PATH, SQUARE
from witness.errors import InputError
from witness.predicates import FEATURES, Clause, Comparison, Operand, Predicate

_TOKEN = re.compile(r"\s*(?:(:-)|([A-Za-z_][A-Za-z0-9_]*|-?\d+)|(.))")


class TranslationError(InputError):
    """A clause that cannot be translated (names the clause and the reason)."""


@dataclass(frozen=True)
class Atom:
    """A Prolog literal ``name(args)``; args are variable names or integers/atoms."""

    name: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.name}({','.join(self.args)})" if self.args else self.name


@dataclass(frozen=True)
class PrologClause:
    head: Atom
    body: tuple[Atom, ...]

    def __str__(self) -> str:
        if not self.body:
            return f"{self.head}."
        return f"{self.head} :- {', '.join(map(str, self.body))}."


# ------------------------------------------------------------------ parsing
def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return "\n".join(line.split("%", 1)[0] for line in text.splitlines())


class _ClauseReader:
    """Reads one clause's tokens: ``head :- lit, lit, ...`` with plain arguments."""

    def __init__(self, raw: str):
        self.raw = raw.strip()
        self.tokens = [t for t in _TOKEN.findall(raw) if any(t)]
        self.pos = 0

    def peek(self) -> str | None:
        if self.pos >= len(self.tokens):
            return None
        neck, word, other = self.tokens[self.pos]
        return neck or word or other

    def take(self, word: bool = False, value: str | None = None) -> str:
        tok = self.peek()
        if tok is None:
            raise TranslationError(f"clause '{self.raw}.': unexpected end")
        if (word and not self.tokens[self.pos][1]) or (value is not None and tok != value):
            raise TranslationError(
                f"clause '{self.raw}.': unexpected '{tok}' (only plain literals "
                "with variable, atom or integer arguments are supported)"
            )
        self.pos += 1
        return tok

    def atom(self) -> Atom:
        name = self.take(word=True)
        args: list[str] = []
        if self.peek() == "(":
            self.take(value="(")
            args.append(self.take(word=True))
            while self.peek() == ",":
                self.take(value=",")
                args.append(self.take(word=True))
            self.take(value=")")
        return Atom(name, tuple(args))

    def clause(self) -> PrologClause:
        head = self.atom()
        body: list[Atom] = []
        if self.peek() is not None:
            self.take(value=":-")
            body.append(self.atom())
            while self.peek() is not None:
                self.take(value=",")
                body.append(self.atom())
        return PrologClause(head, tuple(body))


def parse_program(text: str) -> list[PrologClause]:
    """Parse definite clauses whose arguments are variables, atoms or integers.
    Directives (``:- dynamic(f/2).``, as in a program with no rule) are skipped."""
    return [
        _ClauseReader(raw).clause()
        for raw in re.split(r"\.(?=\s|$)", _strip_comments(text))
        if raw.strip() and not raw.strip().startswith(":-")
    ]


def _is_var(arg: str) -> bool:
    return arg[0].isupper() or arg[0] == "_"


# -------------------------------------------------------------- translation
def translate_clause(clause: PrologClause) -> Clause:
    """One clause -> a conjunction of feature comparisons."""
    where = f"clause '{clause}'"
    if len(clause.head.args) != 2 or not all(map(_is_var, clause.head.args)):
        raise TranslationError(f"{where}: the head must be f(Path, Square) with two variables")
    path_var, square_var = clause.head.args
    env: dict[str, object] = {path_var: PATH, square_var: SQUARE}
    comparisons: list[Comparison] = []
    pending = list(clause.body)
    for lit in pending:
        if lit.name not in LITERALS or len(lit.args) != LITERALS[lit.name].arity:
            known = ", ".join(f"{n}/{d.arity}" for n, d in LITERALS.items())
            raise TranslationError(
                f"{where}: unknown background predicate {lit.name}/{len(lit.args)} "
                f"(the translator knows {known})"
            )

    def value(arg: str) -> object | None:
        if _is_var(arg):
            return env.get(arg)
        if re.fullmatch(r"-?\d+", arg):
            return ("const", int(arg))
        raise TranslationError(f"{where}: atom argument '{arg}' is not supported")

    def bindable(lit: Atom) -> bool:
        spec = LITERALS[lit.name]
        unbound = [i for i, _ in spec.inputs if value(lit.args[i]) is None]
        return not unbound or (spec.constant is not None and len(lit.args) == 1)

    while pending:
        lit = next((x for x in pending if bindable(x)), None)
        if lit is None:
            raise TranslationError(
                f"{where}: unsafe: no order of {', '.join(map(str, pending))} binds "
                "every input argument before it is used"
            )
        pending.remove(lit)
        spec = LITERALS[lit.name]
        if spec.constant is not None and value(lit.args[0]) is None:
            env[lit.args[0]] = ("const", spec.constant)
            continue
        args = [value(a) for a in lit.args]
        for i, kind in spec.inputs:
            _check_kind(where, lit, args[i], kind, path_var, square_var, lit.args[i])
        if spec.test is not None:
            op, operands = spec.test
            left, right = operands(args)
            comparisons.append(Comparison(op, left, right))
        if spec.outputs is not None:
            for i, out in spec.outputs(args).items():
                arg = lit.args[i]
                bound = value(arg)
                if bound is None:
                    env[arg] = out
                elif _is_int(bound) and _is_int(out):
                    comparisons.append(Comparison("eq", bound, out))
                elif bound != out:
                    # A path's edge list never equals a square's (a simple path
                    # holds at most 3 of a square's edges), so Prolog's
                    # unification fails: the clause can never fire.
                    return Clause((Comparison("eq", ("const", 0), ("const", 1)),),
                                  source=str(clause),
                                  english=f"never: {arg} cannot be both {_describe(bound)} "
                                          f"and {_describe(out)}")
    return Clause(tuple(comparisons), source=str(clause), english=english(comparisons))


def _is_int(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and v[0] in ("feature", "const")


def _check_kind(where: str, lit: Atom, v: object, kind: str, path_var: str, square_var: str,
                arg: str) -> None:
    ok = {
        "path": v == PATH,
        "square": v == SQUARE,
        "list": isinstance(v, tuple) and len(v) == 2 and v[0] == "list",
        "int": _is_int(v),
    }[kind]
    if not ok:
        raise TranslationError(
            f"{where}: argument {arg} of {lit} must be a {kind} "
            f"(the head's {'path ' + path_var if kind == 'path' else ''}"
            f"{'square ' + square_var if kind == 'square' else ''}"
            f"{'a list or number bound earlier' if kind in ('list', 'int') else ''}), "
            f"it is {_describe(v)}"
        )


def _describe(v: object) -> str:
    if v is None:
        return "unbound"
    if v == PATH:
        return "the path"
    if v == SQUARE:
        return "the square"
    if isinstance(v, tuple) and v[0] == "list":
        return f"the {v[1]}'s edge list"
    if isinstance(v, tuple) and v[0] == "feature":
        return FEATURE_WORDS[v[1]]
    return str(v[1])


FEATURE_WORDS = {
    "triangles": "the square's triangles",
    "edges_on_square": "the square's edges on the path",
    "path_length": "the path's length",
    "square_sides": "the square's sides (4)",
    "head_adjacent": "whether the head touches the square",
    "visited_corners": "the square's visited corners",
    "unvisited_corners": "the square's unvisited corners",
    "edges_needed": "the edges the square still needs",
    "goal_unreachable": "whether the goal is cut off",
}
assert set(FEATURE_WORDS) == set(FEATURES)
OP_WORDS = {"eq": "=", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
OP_PY = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def english(comparisons: list[Comparison] | tuple[Comparison, ...]) -> str:
    """A plain reading of a clause, e.g. 'the square's edges on the path > ...'."""
    parts = []
    for c in comparisons:
        if c.left == ("feature", "head_adjacent") and c.right[0] == "const":
            parts.append("the path's head is " + ("" if c.right[1] else "not ")
                         + "a corner of the square")
        elif c.left == ("feature", "goal_unreachable") and c.right[0] == "const":
            parts.append("the path has " + ("" if c.right[1] else "not ")
                         + "cut itself off from the goal")
        else:
            parts.append(f"{_describe(c.left)} {OP_WORDS[c.op]} {_describe(c.right)}")
    return "; ".join(parts) if parts else "always"


def translate_program(text: str, name: str = "learned") -> Predicate:
    clauses = parse_program(text)
    if not clauses:
        raise TranslationError(f"{name}: no clauses found")
    heads = {(c.head.name, len(c.head.args)) for c in clauses}
    if len(heads) != 1:
        raise TranslationError(f"{name}: clauses define several predicates: {sorted(heads)}")
    return Predicate(name, "program", tuple(translate_clause(c) for c in clauses),
                     description=f"learned program {name}")


def translate_file(path: Path | str) -> Predicate:
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as exc:
        raise TranslationError(f"cannot read {path}: {exc.strerror}") from None
    return translate_program(text, name=path.stem)


# ------------------------------------------------------------ readable Python
def _py_operand(op: Operand) -> str:
    return f"f.{op[1]}" if op[0] == "feature" else str(op[1])


def python_source(predicate: Predicate) -> str:
    """A Python module with one function per clause (Prolog + English docstring)."""
    lines = [
        f'"""Python translation of the learned program {predicate.name!r}.',
        "",
        "Generated by `witness translate`. Each function takes the features of one",
        "(partial path, square) pair (witness.predicates.FEATURES) and returns True",
        "when its clause says the path can never be completed because of that square.",
        '"""',
        "",
        "",
    ]
    names = []
    for i, clause in enumerate(predicate.clauses, 1):
        name = f"clause_{i}"
        names.append(name)
        test = " and ".join(
            f"{_py_operand(c.left)} {OP_PY[c.op]} {_py_operand(c.right)}"
            for c in clause.comparisons
        ) or "True"
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
        "def incompletable_on_square(f) -> bool:",
        '    """pi\'(path, square): the disjunction of the clauses."""',
        "    return " + (" or ".join(f"{n}(f)" for n in names) or "False"),
        "",
        "",
        "CLAUSES = (" + ", ".join(names) + ("," if len(names) == 1 else "") + ")",
        "",
    ]
    return "\n".join(lines)
