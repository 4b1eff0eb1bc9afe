"""Read a Popper bias file (``bias.pl``) into the engine's language bias.

Popper reads bias files with clingo (so 1-tuples are written ``(int,)``) and
adds them to its rule generator; so do we. A bias is an ASP program:

- *Declarations* (facts, or atoms derived by the bias's own rules, such as
  ``body_pred(P,1) :- constant(P,_).``): ``head_pred/2``, ``body_pred/2``,
  ``type/2``, ``direction/2``; the settings ``max_vars/1``, ``max_body/1``,
  ``max_clauses/1``, ``allow_singletons/0`` (accepted; singletons are
  allowed anyway), ``non_datalog/0`` and ``enable_recursion/0`` (recursive
  programs of a base clause and a recursive clause, see
  :mod:`~ilp.recursion`).
- *Rules and constraints* over Popper's meta-vocabulary (``head_literal/4``,
  ``body_literal/4``, ``clause/1``, ``var_type/3``, ``body_var/2``,
  ``head_var/2``, ``clause_var/2``, ``var_in_literal/4``, ``var_member/2``, ``body_size/2``,
  ``bad_body/2`` with ``vars/2``), such as ``:- not body_var(_,1).``: they
  are added to the generator's program (:mod:`~ilp.generate`), which
  defines the vocabulary for the one rule it generates at a time (clause 0).
  They must not depend on how body-only variables are numbered (the
  generator produces one renaming of each rule); every example bias of
  Popper's obeys this.
- Helper predicates of the bias's rules (``constant/2``, ``only_once/1``...).

Popper settings that change what is learned in ways this engine does not
implement (several head predicates, predicate invention with recursion, bias
rules, types or directions, ...) are refused with a
:class:`~ilp.task.TaskError` naming them, and so is any other fact
that no rule of the bias reads (an unknown directive, e.g. a misspelling):
nothing is silently ignored. ``type`` or ``direction`` given for a predicate
that is not declared is ignored with a warning, as Popper does.

Defaults when the bias is silent are Popper's (5.0): ``max_vars`` 6,
``max_body`` 10, singleton variables allowed (Popper since December 2023;
the paper's Popper forbade them unless the bias said ``allow_singletons``,
so ``bias/paper.pl`` forbids them with a constraint), and no cap on the
number of rules of the (non-recursive) program.
``max_clauses`` in the bias is a hard limit on the learned program (the
paper's experiment relies on it); Popper ignores it for non-recursive tasks.
With ``enable_recursion`` a recursive program has ``max_clauses`` clauses,
or Popper's 2 when the bias is silent; the engine's recursive programs have
a base clause and one or two recursive clauses, so ``max_clauses(1)`` means
none. A bias rule that names a clause by number (``:- body_literal(0,...)``)
sees a recursive program's base clause as clause 0 and its recursive clauses
as 1 and 2; a non-recursive program is then one rule, clause 0
(:attr:`Bias.rule_clauses`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

from ilp.task import TaskError, read_text

logger = logging.getLogger(__name__)

# Popper's defaults (popper/util.py: MAX_VARS, MAX_BODY); None: no cap on the rules.
DEFAULT_MAX_VARS, DEFAULT_MAX_BODY = 6, 10
DEFAULTS: dict[str, int | None] = {
    "max_vars": DEFAULT_MAX_VARS,
    "max_body": DEFAULT_MAX_BODY,
    "max_clauses": None,
}

# Popper switches that change the hypothesis space in ways this engine does not implement.
UNSUPPORTED = {
    "max_ho": "higher-order definitions",
    "custom_max_size": "a program size bound",
    "custom_bounds": "custom bounds",
    "max_literals": "a program size bound",
    "bounds": "argument bounds",
    "recall": "recall bounds",
    "prop": "BK property declarations",
    "invented": "predicate invention",
    "magic_value_type": "magic values (constants)",
    "numerical_pred": "numerical reasoning",
}

DECLARATIONS = {
    "head_pred/2",
    "body_pred/2",
    "type/2",
    "direction/2",
    "max_vars/1",
    "max_body/1",
    "max_clauses/1",
    "allow_singletons/0",
    "non_datalog/0",
    "enable_recursion/0",
    "enable_pi/0",
}

# Popper's number of clauses of a recursive program when the bias gives no max_clauses
# (popper/util.py: max_rules = 2 with recursion); the engine learns a base clause
# and one recursive clause (see ilp/recursion.py)
RECURSION_CLAUSES = 2

# A bias rule that names a clause by number (``:- body_literal(1,empty,_,_).``) relies
# on how the clauses of a recursive program are numbered; the engine numbers them
# itself (the base clause 0, then the recursive clauses; see ilp/recursion.py).
_NUMBERED_CLAUSE = re.compile(
    r"\b(head_literal|body_literal|clause|body_size|head_var|body_var|clause_var|var_type"
    r"|var_in_literal)\(\s*[0-9]"
)

# The generator's meta-vocabulary (ilp/vocabulary.lp), usable in bias rules.
VOCABULARY = {
    "head_literal": 4,
    "body_literal": 4,
    "clause": 1,
    "var_type": 3,
    "body_var": 2,
    "head_var": 2,
    "clause_var": 2,
    "var_in_literal": 4,
    "var_member": 2,
    "body_size": 2,
    "var": 1,
    "vars": 2,
    "bad_body": 2,
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
    """The language bias: one head predicate, body predicates, bounds and the bias's rules.

    ``program`` is the bias text when it has rules or constraints for the
    generator (else ""). ``max_clauses`` None means no cap on the rules.
    """

    head: PredDecl
    body: tuple[PredDecl, ...]
    max_vars: int
    max_body: int
    max_clauses: int | None
    non_datalog: bool = False
    program: str = ""
    recursion: bool = False  # enable_recursion: recursive programs are learned too
    # with recursion, a bias rule names a clause by number (``body_literal(0,...)``):
    # a program's clauses are numbered, its base clause 0 (see ilp/recursion.py)
    numbered_clauses: bool = False
    invention: bool = False  # enable_pi: one invented predicate (see ilp/invent.py)

    @property
    def recursive_clauses(self) -> int:
        """Clauses of a recursive program: ``max_clauses``, else Popper's default (2)."""
        return RECURSION_CLAUSES if self.max_clauses is None else self.max_clauses

    @property
    def rule_clauses(self) -> int | None:
        """The most rules of a non-recursive program: ``max_clauses``, or one
        rule (clause 0) when the bias's rules name clauses by number."""
        return 1 if self.numbered_clauses else self.max_clauses

    @property
    def has_directions(self) -> bool:
        return self.head.directions is not None

    @property
    def directions(self) -> dict[str, tuple[str, ...]] | None:
        """``{pred: (in|out, ...)}`` for the head and every body predicate, or None."""
        if not self.has_directions:
            return None
        # (all or none: has_directions means every predicate has them)
        return {p.name: p.directions for p in (self.head, *self.body) if p.directions is not None}

    def settings(self) -> dict[str, int | None]:
        return {
            "max_vars": self.max_vars,
            "max_body": self.max_body,
            "max_clauses": self.max_clauses,
        }


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


@dataclass
class _Statements:
    has_rules: bool  # rules or constraints (not only facts)
    body_names: set[str]  # predicates read by some rule body


def _check_statements(text: str, where: str) -> _Statements:
    """Classify the bias's statements; refuse those that are not facts, rules or constraints."""
    from clingo import ast

    problems: list[str] = []
    found = _Statements(False, set())

    def names_in(node) -> None:
        if isinstance(node, ast.AST):
            if (
                node.ast_type == ast.ASTType.SymbolicAtom
                and node.symbol.ast_type == ast.ASTType.Function
            ):
                found.body_names.add(node.symbol.name)
            for key in node.child_keys:
                names_in(getattr(node, key))
        elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
            for item in node:
                names_in(item)

    def visit(stm) -> None:
        if stm.ast_type == ast.ASTType.Rule:
            if len(stm.body) > 0 or stm.head.ast_type != ast.ASTType.Literal:
                found.has_rules = True
                names_in(stm.body)
                if stm.head.ast_type != ast.ASTType.Literal:
                    names_in(stm.head)  # conditions of an aggregate head
        elif stm.ast_type not in (
            ast.ASTType.Program,
            ast.ASTType.Defined,
            ast.ASTType.ShowSignature,
            ast.ASTType.ShowTerm,
            ast.ASTType.Comment,
            ast.ASTType.Definition,
        ):
            problems.append(str(stm).strip())

    try:
        ast.parse_string(text, visit, logger=lambda _code, _msg: None)
    except RuntimeError:
        raise TaskError(f"{where}: syntax error (bias files use clingo syntax)") from None
    if problems:
        raise TaskError(
            f"{where}: '{problems[0]}' is not part of a bias (facts, rules and constraints only)"
        )
    return found


def ground_bias(text: str, extra: str = ""):
    """The bias grounded on its own (the generator's vocabulary is declared, not defined)."""
    import clingo

    ctl = clingo.Control(["--warn=none"])
    defined = " ".join(f"#defined {n}/{a}." for n, a in VOCABULARY.items())
    ctl.add("base", [], text + "\n" + defined + "\n" + extra)
    ctl.ground([("base", [])])
    return ctl


@dataclass
class _Declared:
    heads: list[tuple[str, int]]
    bodies: list[tuple[str, int]]
    types: dict[str, tuple[str, ...]]
    dirs: dict[str, tuple[str, ...]]
    bounds: dict[str, int]
    flags: set[str]


def _read_declarations(ctl, statements: _Statements, where: str) -> _Declared:
    import clingo

    d = _Declared([], [], {}, {}, {}, set())
    for atom in ctl.symbolic_atoms:
        sym = atom.symbol
        if sym.type != clingo.SymbolType.Function:
            continue
        name, args = sym.name, sym.arguments
        sig = f"{name}/{len(args)}"
        if name in UNSUPPORTED:
            raise TaskError(
                f"{where}: '{sig}' asks for {UNSUPPORTED[name]}, which this engine does not support"
            )
        if sig not in DECLARATIONS:
            if name in statements.body_names or VOCABULARY.get(name) == len(args):
                continue  # a helper fact of the bias's own rules
            raise TaskError(
                f"{where}: unknown bias directive '{sig}' (not a Popper "
                "declaration or setting, and no rule of the bias reads it)"
            )
        if not atom.is_fact:
            raise TaskError(f"{where}: {sym} must follow from the bias alone")
        if sig in ("head_pred/2", "body_pred/2"):
            if (
                args[0].type != clingo.SymbolType.Function
                or args[1].type != clingo.SymbolType.Number
            ):
                raise TaskError(f"{where}: bad declaration {sym}")
            (d.heads if name == "head_pred" else d.bodies).append((args[0].name, args[1].number))
        elif sig in ("type/2", "direction/2"):
            target = d.types if name == "type" else d.dirs
            pred = str(args[0])
            if pred in target:
                raise TaskError(f"{where}: two {name} declarations for {pred}")
            target[pred] = _tuple_of_names(args[1], name, where)
        elif sig in ("max_vars/1", "max_body/1", "max_clauses/1"):
            if args[0].type != clingo.SymbolType.Number or args[0].number < 1:
                raise TaskError(f"{where}: {sym} must be a positive integer")
            if name in d.bounds:
                raise TaskError(f"{where}: {name} given twice")
            d.bounds[name] = args[0].number
        else:
            d.flags.add(name)
    return d


def _check_types_and_directions(d: _Declared, all_preds: list[tuple[str, int]], where: str) -> None:
    declared = {n for n, _ in all_preds}
    for decls, what in ((d.types, "type"), (d.dirs, "direction")):
        for unknown in sorted(set(decls) - declared):
            # Popper tolerates these (e.g. a type for a predicate left out of the bias)
            logger.warning(
                "%s: %s given for undeclared predicate %s: ignored", where, what, unknown
            )
            del decls[unknown]
        if decls:  # like Popper: all or nothing
            missing = [f"{n}/{a}" for n, a in all_preds if n not in decls]
            if missing:
                raise TaskError(
                    f"{where}: {what} missing for {missing[0]} "
                    f"(give {what}s for every predicate or for none)"
                )
        for n, a in all_preds:
            if n in decls and len(decls[n]) != a:
                raise TaskError(
                    f"{where}: {what}({n}, ...) has {len(decls[n])} entries, {n} has arity {a}"
                )
    for n, ds in d.dirs.items():
        bad = [x for x in ds if x not in ("in", "out")]
        if bad:
            raise TaskError(f"{where}: direction of {n} must be in/out, got {bad[0]}")


def parse_bias(text: str, where: str = "bias.pl") -> Bias:
    """Parse bias text; ``where`` names the file in error messages."""
    statements = _check_statements(text, where)
    d = _read_declarations(ground_bias(text), statements, where)
    if len(d.heads) != 1:
        raise TaskError(
            f"{where}: expected exactly one head_pred/2, found {len(d.heads)} "
            "(several head predicates need predicate invention, not supported)"
        )
    names = [n for n, _ in d.bodies]
    if len(set(names)) != len(names):
        raise TaskError(f"{where}: a body predicate is declared twice")
    if not d.bodies:
        raise TaskError(f"{where}: no body_pred/2 declaration")
    head_name, head_arity = d.heads[0]
    if head_name in names:
        raise TaskError(
            f"{where}: head predicate {head_name} is also a body predicate "
            "(for recursion, say enable_recursion instead)"
        )
    all_preds = [(head_name, head_arity), *sorted(d.bodies)]
    _check_types_and_directions(d, all_preds, where)

    recursion = "enable_recursion" in d.flags
    numbered = bool(recursion and statements.has_rules and _NUMBERED_CLAUSE.search(text))
    invention = "enable_pi" in d.flags
    if invention and (recursion or statements.has_rules or d.types or d.dirs):
        raise TaskError(
            f"{where}: 'enable_pi' (predicate invention) is supported only without "
            "enable_recursion, bias rules, types and directions (use --engine popper)"
        )
    max_vars = d.bounds.get("max_vars", DEFAULT_MAX_VARS)
    if max_vars < head_arity:
        raise TaskError(
            f"{where}: max_vars({max_vars}) is smaller than the head arity {head_arity}"
        )

    def decl(n: str, a: int) -> PredDecl:
        return PredDecl(n, a, d.types.get(n), d.dirs.get(n))

    return Bias(
        head=decl(head_name, head_arity),
        body=tuple(decl(n, a) for n, a in sorted(d.bodies)),
        max_vars=max_vars,
        max_body=d.bounds.get("max_body", DEFAULT_MAX_BODY),
        max_clauses=d.bounds.get("max_clauses"),
        non_datalog="non_datalog" in d.flags,
        program=text if statements.has_rules else "",
        recursion=recursion,
        numbered_clauses=numbered,
        invention=invention,
    )


def read_bias(path: str | Path) -> Bias:
    path = Path(path)
    text = read_text(path, "bias file")  # unreadable or not UTF-8: one line
    return parse_bias(text, where=str(path))
