"""Read a Popper bias file (``bias.pl``) into the engine's language bias.

Popper reads bias files with clingo (so 1-tuples are written ``(int,)``); so
do we. Supported declarations: ``head_pred/2``, ``body_pred/2``, ``type/2``,
``direction/2``, ``max_vars/1``, ``max_body/1``, ``max_clauses/1`` and
``allow_singletons/0``. Everything else that Popper understands but that
would change what the engine learns (recursion, predicate invention,
non-Datalog heads, hand-written ASP constraints, ...) is rejected with a
:class:`~witness.ilp.task.TaskError` naming it, never silently ignored.

Defaults when the bias omits a bound: ``max_vars`` 6, ``max_body`` 6,
``max_clauses`` 1. ``max_clauses`` is a hard limit on the learned program.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from witness.errors import InputError
from witness.ilp.task import TaskError
from witness.io import read_text

DEFAULTS = {"max_vars": 6, "max_body": 6, "max_clauses": 1}

# Popper switches that change the hypothesis space in ways this engine does not implement.
UNSUPPORTED = {
    "enable_recursion": "recursion",
    "enable_pi": "predicate invention",
    "non_datalog": "non-Datalog rules (head variables absent from the body)",
    "max_ho": "higher-order definitions",
    "custom_max_size": "a program size bound",
    "max_literals": "a program size bound",
    "bounds": "argument bounds",
    "recall": "recall bounds",
    "prop": "BK property declarations",
    "invented": "predicate invention",
    "body_literal": "hand-written ASP constraints",
    "head_literal": "hand-written ASP constraints",
    "magic_value_type": "magic values (constants)",
    "numerical_pred": "numerical reasoning",
}


@dataclass(frozen=True)
class PredDecl:
    """A predicate of the bias with its argument types and directions (if given)."""

    name: str
    arity: int
    types: tuple[str, ...] | None = None
    directions: tuple[str, ...] | None = None

    @property
    def inputs(self) -> tuple[int, ...]:
        return tuple(i for i, d in enumerate(self.directions or ()) if d == "in")

    @property
    def outputs(self) -> tuple[int, ...]:
        return tuple(i for i, d in enumerate(self.directions or ()) if d == "out")


@dataclass(frozen=True)
class Bias:
    """The language bias: one head predicate, body predicates and size bounds."""

    head: PredDecl
    body: tuple[PredDecl, ...]
    max_vars: int
    max_body: int
    max_clauses: int
    allow_singletons: bool = False

    @property
    def has_directions(self) -> bool:
        return self.head.directions is not None

    @property
    def directions(self) -> dict[str, tuple[str, ...]] | None:
        """``{pred: (in|out, ...)}`` for the head and every body predicate, or None."""
        if not self.has_directions:
            return None
        return {p.name: p.directions for p in (self.head, *self.body)}

    def settings(self) -> dict[str, int]:
        return {"max_vars": self.max_vars, "max_body": self.max_body,
                "max_clauses": self.max_clauses}


def _tuple_of_names(sym, what: str, where: str) -> tuple[str, ...]:
    """``(a,b)`` or ``(a,)`` or a bare ``a`` as a tuple of names."""
    import clingo

    items = sym.arguments if sym.type == clingo.SymbolType.Function and sym.name == "" else [sym]
    out = []
    for item in items:
        if item.type != clingo.SymbolType.Function or item.arguments:
            raise TaskError(f"{where}: {what} must be a tuple of names, got {sym}")
        out.append(item.name)
    return tuple(out)


def _check_statements(text: str, where: str) -> None:
    """Reject anything but facts (ASP rules or constraints change the space)."""
    from clingo import ast

    problems: list[str] = []

    def visit(stm) -> None:
        if stm.ast_type == ast.ASTType.Rule:
            if len(stm.body) > 0 or stm.head.ast_type != ast.ASTType.Literal:
                problems.append(str(stm).strip())
        elif stm.ast_type not in (ast.ASTType.Program, ast.ASTType.Defined,
                                  ast.ASTType.ShowSignature, ast.ASTType.Comment):
            problems.append(str(stm).strip())

    try:
        ast.parse_string(text, visit, logger=lambda _code, _msg: None)
    except RuntimeError:
        raise TaskError(f"{where}: syntax error (bias files use clingo syntax)") from None
    if problems:
        raise TaskError(f"{where}: only facts are supported in a bias file, got '{problems[0]}'")


def parse_bias(text: str, where: str = "bias.pl") -> Bias:
    """Parse bias text; ``where`` names the file in error messages."""
    import clingo

    _check_statements(text, where)
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])

    heads: list[tuple[str, int]] = []
    bodies: list[tuple[str, int]] = []
    types: dict[str, tuple[str, ...]] = {}
    dirs: dict[str, tuple[str, ...]] = {}
    bounds: dict[str, int] = {}
    allow_singletons = False
    for atom in ctl.symbolic_atoms:
        sym = atom.symbol
        name, args = sym.name, sym.arguments
        sig = f"{name}/{len(args)}"
        if name in UNSUPPORTED:
            raise TaskError(f"{where}: '{sig}' asks for {UNSUPPORTED[name]}, "
                            "which this engine does not support")
        if sig in ("head_pred/2", "body_pred/2"):
            if (args[0].type != clingo.SymbolType.Function
                    or args[1].type != clingo.SymbolType.Number):
                raise TaskError(f"{where}: bad declaration {sym}")
            (heads if name == "head_pred" else bodies).append((args[0].name, args[1].number))
        elif sig in ("type/2", "direction/2"):
            target = types if name == "type" else dirs
            pred = str(args[0])
            if pred in target:
                raise TaskError(f"{where}: two {name} declarations for {pred}")
            target[pred] = _tuple_of_names(args[1], name, where)
        elif sig in ("max_vars/1", "max_body/1", "max_clauses/1"):
            if args[0].type != clingo.SymbolType.Number or args[0].number < 1:
                raise TaskError(f"{where}: {sym} must be a positive integer")
            if name in bounds:
                raise TaskError(f"{where}: {name} given twice")
            bounds[name] = args[0].number
        elif sig == "allow_singletons/0":
            allow_singletons = True
        else:
            raise TaskError(f"{where}: unsupported bias declaration '{sig}'")

    if len(heads) != 1:
        raise TaskError(f"{where}: expected exactly one head_pred/2, found {len(heads)} "
                        "(several head predicates need predicate invention, not supported)")
    names = [n for n, _ in bodies]
    if len(set(names)) != len(names):
        raise TaskError(f"{where}: a body predicate is declared twice")
    if not bodies:
        raise TaskError(f"{where}: no body_pred/2 declaration")
    head_name, head_arity = heads[0]
    if head_name in names:
        raise TaskError(f"{where}: head predicate {head_name} is also a body predicate "
                        "(recursion), which this engine does not support")

    all_preds = [(head_name, head_arity), *sorted(bodies)]
    for decls, what in ((types, "type"), (dirs, "direction")):
        unknown = sorted(set(decls) - {n for n, _ in all_preds})
        if unknown:
            raise TaskError(f"{where}: {what} given for undeclared predicate {unknown[0]}")
        if decls:  # like Popper: all or nothing
            missing = [f"{n}/{a}" for n, a in all_preds if n not in decls]
            if missing:
                raise TaskError(f"{where}: {what} missing for {missing[0]} "
                                f"(give {what}s for every predicate or for none)")
        for n, a in all_preds:
            if n in decls and len(decls[n]) != a:
                raise TaskError(f"{where}: {what}({n}, ...) has {len(decls[n])} entries, "
                                f"{n} has arity {a}")
    for n, ds in dirs.items():
        bad = [d for d in ds if d not in ("in", "out")]
        if bad:
            raise TaskError(f"{where}: direction of {n} must be in/out, got {bad[0]}")

    settings = {**DEFAULTS, **bounds}
    if settings["max_vars"] < head_arity:
        raise TaskError(f"{where}: max_vars({settings['max_vars']}) is smaller than "
                        f"the head arity {head_arity}")

    def decl(n: str, a: int) -> PredDecl:
        return PredDecl(n, a, types.get(n), dirs.get(n))

    return Bias(
        head=decl(head_name, head_arity),
        body=tuple(decl(n, a) for n, a in sorted(bodies)),
        max_vars=settings["max_vars"],
        max_body=settings["max_body"],
        max_clauses=settings["max_clauses"],
        allow_singletons=allow_singletons,
    )


def read_bias(path: str | Path) -> Bias:
    path = Path(path)
    try:
        text = read_text(path, "bias file")  # unreadable or not UTF-8: one line
    except InputError as exc:
        raise TaskError(str(exc)) from None
    return parse_bias(text, where=str(path))
