"""Learned programs: read as Prolog reads them, written with the engine's header.

Every command that takes a learned ``FILE.pl`` (translate, predicate, verify,
solve, difficulty, the pipeline) reads it here, with SWI-Prolog's own term
reader (``read_term/3`` through janus-swi, ``program.pl``): layout, comments,
quoted atoms, operators and variables mean what they mean when Prolog
consults the file. In particular every ``_`` is a fresh variable, and a
clause whose ``:-`` starts a new line is one clause, not a fact and a
directive. What the translation proves is then about the program Prolog runs.

A learned program is a list of clauses over variables only; declarations
(``:- dynamic(f/2).``, which the engine writes for an empty program) are
skipped, and any other directive is refused, since it could change what the
program means when Prolog loads it.
"""

from __future__ import annotations

from pathlib import Path

from ilp import PROGRAM_MARK, Literal, Program, Rule, Scores, Stats, program_file_text
from witness.errors import InputError
from witness.io import OutputError, check_file, write_file

READER_FILE = Path(__file__).with_name("program.pl")
READER_MODULE = "witness_program"
# The header mark of the programs written before the engine was the ilp package
OLD_PROGRAM_MARK = b"% Learned by witness-ilp"
# Directives that only declare what a predicate is; they add no clause.
DECLARATIONS = frozenset({"dynamic", "discontiguous"})

_reader_loaded = False


class ProgramError(InputError):
    """A program that is not Prolog, or not a learned program (names the line)."""


def _janus():
    """janus-swi with the reader loaded (once per process)."""
    global _reader_loaded
    import janus_swi as janus

    if not _reader_loaded:
        janus.consult(str(READER_FILE))
        _reader_loaded = True
    return janus


def read_program(text: str) -> list[Rule]:
    """The clauses of ``text``, in order, as rules over numbered variables (the
    head's distinct variables are ``0..n-1``; every ``_`` its own variable).
    Raises :class:`ProgramError` on a syntax error, a directive other than a
    declaration, or a clause with anything but variables as arguments."""
    answer = _janus().query_once(
        f"{READER_MODULE}:read_program(Text, Terms, Error)", {"Text": text}
    )
    if answer["Error"]:
        raise ProgramError(answer["Error"])
    rules = []
    for item in answer["Terms"]:
        kind, line, source = item[:3]
        where = f"line {line}: '{source}.'"
        if kind == "directive":
            if item[3] in DECLARATIONS:
                continue
            raise ProgramError(
                f"{where}: a directive; a learned program holds clauses only "
                f"(and {'/'.join(sorted(DECLARATIONS))} declarations)"
            )
        if kind != "clause":
            raise ProgramError(f"{where}: not a clause")
        rules.append(_rule(where, item[3], item[4]))
    return rules


def _literal(where: str, goal: list) -> Literal:
    name, args = goal
    if not name:
        raise ProgramError(f"{where}: {args[0][1]} is not a goal")
    for arg in args:
        if not isinstance(arg, int):
            raise ProgramError(
                f"{where}: only variables are allowed as arguments, "
                f"got {arg[1]} in {name}/{len(args)}"
            )
    return Literal(str(name), tuple(args))


def _rule(where: str, head: list, body: list) -> Rule:
    head_literal = _literal(where, head)
    if len(set(head_literal.args)) != len(head_literal.args):
        raise ProgramError(f"{where}: the head's arguments must be distinct variables")
    goals = [_literal(where, goal) for goal in body if goal != ["true", []]]
    return Rule.make(head_literal, goals)


def engine_name(name: str) -> str:
    """The ILP engine's name for ``name`` (``witness``, its name in this
    project's configs and ``--engine`` before it became the ilp package, is ``ilp``)."""
    return "ilp" if name == "witness" else name


def check_program_path(path: str | Path) -> Path:
    """``path`` may receive a learned program: it is new, or an earlier learned
    program (never another file); an :class:`~witness.io.OutputError` otherwise."""
    try:
        return check_file(path, PROGRAM_MARK.encode())
    except OutputError:  # a program learned before the engine's header said ilp
        return check_file(path, OLD_PROGRAM_MARK)


def write_program(path: str | Path, program: Program, scores: Scores, stats: Stats) -> Path:
    """Write the program with its header (task, scores, time, settings) to ``path``
    atomically; an existing ``path`` that is not a learned program is an error."""
    check_program_path(path)
    return write_file(path, program_file_text(program, scores, stats))
