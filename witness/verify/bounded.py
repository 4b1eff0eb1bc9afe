"""The bounded check, one driver for every feature family: does a clause fire
on a solution prefix of some puzzle up to a given size? The search behind
:func:`witness.verify.verdict.verify_predicate`.

A family (:class:`Family`, the two of :mod:`witness.verify.families`) says
what differs: which clingo encodings choose the puzzle and compute its
features, the grid as facts or constants, which object a clause fires on,
and how a model is read back. Everything else is here, the same for every
family:

- the sizes: every ``r x c`` with ``r <= max_rows`` and ``c <= max_cols``,
  smallest first, so that a counterexample is on the smallest grid that has
  one; only one of each pair ``r x c`` and ``c x r`` (the transposition
  ``(x, y) -> (y, x)`` maps puzzles, solutions and every feature of either
  family to those of the other size: :func:`sizes_to_check`);
- the question "is there a puzzle, a solution, a prefix and an object on
  which the clause's comparisons hold?" as one ASP problem per size and
  group of clauses (:class:`SizeProblem`): the family's encodings, one rule
  ``fires(C, O)`` per clause (:func:`clause_rule`), grounded once, then one
  solve per clause under the assumption ``check(C)``;
- the time: a group of clauses gets the share of the time left that its
  number of clauses is of the clauses left, so one hard group does not leave
  the others unchecked; a solve cut off by the time limit leaves its clause
  *unknown*;
- the answer: unsatisfiable means "no counterexample" at that size; a model
  is a counterexample, which the family re-checks in Python (its rules
  checker and its features' Python reference) before it is reported, so a
  bug in an encoding cannot produce a false refutation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import clingo

from witness.model.base import Cell, Vertex
from witness.model.panel import Panel
from witness.search.asp_solver import wait_by
from witness.search.panel_features import PanelObject
from witness.search.predicates import OPERATORS, Clause


def verifier_encoding(name: str) -> str:
    """The text of one of the verifier's own encodings (beside this module)."""
    return (Path(__file__).parent / name).read_text()


# What the bounded search says about one clause: nothing found up to the size,
# a checked counterexample, or undecided in the time.
NO_COUNTEREXAMPLE, REFUTED, UNKNOWN = "no_counterexample", "refuted", "unknown"


@dataclass
class Counterexample:
    """A solution prefix on which a clause fires on ``blamed``: a false positive."""

    puzzle: Panel
    solution: list[Vertex]
    prefix: list[Vertex]
    blamed: PanelObject | Cell  # the object it fires on: a PanelObject, or a square (x, y)
    clause_index: int  # counted from 1, as a reader counts (and verify's output)
    features: dict[str, int]
    # how the record names the object: ("square", [x, y]) or ("object", name)
    located: tuple[str, object] = ("object", None)
    description: str = ""  # the object in words, for the summary

    def where(self) -> str:
        return self.description

    def to_dict(self) -> dict:
        key, value = self.located
        return {
            "puzzle": self.puzzle.to_dict(),
            "solution": [list(v) for v in self.solution],
            "prefix": [list(v) for v in self.prefix],
            key: value,
            "clause": self.clause_index,
            "features": self.features,
        }


# Reads a model of one size back as a checked counterexample (raises if it is not one).
ModelReader = Callable[[int, int, int, Clause, list[clingo.Symbol]], Counterexample]


@dataclass(frozen=True)
class Family:
    """What the bounded check of one feature family needs that another does not.

    ``features``: the features its prefix encoding defines (a clause over any
    other would silently never fire, so it is refused); ``guard``: the
    predicate of the objects a clause fires on; ``group``: the key of a
    clause's problem (clauses with one key are grounded together);
    ``program``: one size's encodings and facts for a group of clauses, and
    clingo's options; ``read_model``: a model back as a checked counterexample.
    """

    name: str
    prefix_encoding: str
    features: frozenset[str]
    guard: str
    group: Callable[[Clause], Hashable]
    program: Callable[[int, int, tuple[Clause, ...]], tuple[str, tuple[str, ...]]]
    read_model: ModelReader


def clause_rule(index: int, clause: Clause, family: Family) -> str:
    """The ASP rule ``fires(index, O) :- guard(O), ...`` for one clause over the
    features the family's prefix encoding defines (``feature(O, name, Value)``)."""
    body = [f"{family.guard}(S)"]
    names: dict[str, str] = {}

    def term(operand: tuple[str, object]) -> str:
        kind, value = operand
        if kind == "const":
            return str(int(value))
        if value not in family.features:
            raise ValueError(
                f"feature {value!r} has no ASP encoding in witness/verify/{family.prefix_encoding}"
            )
        if value not in names:
            names[value] = f"F{len(names)}"
            body.append(f"feature(S, {value}, {names[value]})")
        return names[value]

    for c in clause.comparisons:
        left, right = term(c.left), term(c.right)
        body.append(f"{left} {OPERATORS[c.op].symbol} {right}")
    return f"fires({index}, S) :- {', '.join(body)}."


def sizes_to_check(max_rows: int, max_cols: int) -> list[tuple[int, int]]:
    """Every size up to max_rows x max_cols, one of each mirror pair, smallest first."""
    sizes = []
    for r in range(1, max_rows + 1):
        for c in range(1, max_cols + 1):
            mirrored_in_range = c <= max_rows and r <= max_cols
            if r > c and mirrored_in_range:
                continue
            sizes.append((r, c))
    return sorted(sizes, key=lambda s: (s[0] * s[1], s))


class SizeProblem:
    """One ASP program (one grid size, a group of clauses: ``clause/1``,
    ``fires/2`` and ``check/1`` as the family's choice encoding declares them),
    grounded once; one solve per clause."""

    def __init__(self, program: str, n_clauses: int, options: Sequence[str] = ()):
        self.ctl = clingo.Control(["--models=1", *options], logger=lambda _code, _msg: None)
        self.ctl.add("base", [], program)
        self.ctl.ground([("base", [])])
        # Externals are fixed to false unless released; free them so that
        # each solve can assume exactly one clause's check(C).
        self.checks = [clingo.Function("check", [clingo.Number(i)]) for i in range(n_clauses)]
        for atom in self.checks:
            self.ctl.assign_external(atom, None)

    def solve(self, index: int, time_limit: float | None) -> tuple[str, list | None, dict]:
        """(sat | unsat | timeout, model atoms or None, solver statistics)."""
        atoms: list[clingo.Symbol] = []

        def on_model(model: clingo.Model) -> None:
            atoms[:] = model.symbols(atoms=True)

        assumptions = [(atom, i == index) for i, atom in enumerate(self.checks)]
        with self.ctl.solve(assumptions=assumptions, on_model=on_model, async_=True) as handle:
            if not wait_by(
                handle, None if time_limit is None else time.perf_counter() + time_limit
            ):
                handle.cancel()
                handle.get()
                answer = "timeout"
            else:
                answer = "sat" if handle.get().satisfiable else "unsat"
        stats = self.ctl.statistics["solving"]["solvers"]
        counters = {"choices": int(stats["choices"]), "conflicts": int(stats["conflicts"])}
        return answer, (atoms if answer == "sat" else None), counters


def size_problem(family: Family, rows: int, cols: int, clauses: tuple[Clause, ...]) -> SizeProblem:
    """The puzzles of one size of ``family`` with every clause's rule."""
    text, options = family.program(rows, cols, clauses)
    rules = [f"clause({i})." for i in range(len(clauses))]
    rules += [clause_rule(i, cl, family) for i, cl in enumerate(clauses)]
    return SizeProblem(text + "\n" + "\n".join(rules), len(clauses), options)


# Per clause: (outcome, counterexample or None, sizes checked, totals of seconds/choices/conflicts).
SizeOutcome = tuple[str, Counterexample | None, list[str], dict]


def verify_clauses(
    family: Family,
    clauses: tuple[Clause, ...],
    max_rows: int,
    max_cols: int,
    time_limit: float | None = None,
) -> list[SizeOutcome]:
    """Per clause: (outcome, counterexample, sizes checked, totals), where the
    outcome is NO_COUNTEREXAMPLE, REFUTED or UNKNOWN. ``time_limit`` bounds
    the whole run in seconds (module doc: each group of clauses its share)."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    groups: dict[Hashable, list[int]] = {}
    for i, clause in enumerate(clauses):
        groups.setdefault(family.group(clause), []).append(i)
    out: list[SizeOutcome | None] = [None] * len(clauses)
    left = len(clauses)
    for members in groups.values():
        share = None
        if deadline is not None:
            share = max(0.0, deadline - time.perf_counter()) * len(members) / left
        left -= len(members)
        group = tuple(clauses[i] for i in members)
        for j, outcome in enumerate(_search_sizes(family, group, max_rows, max_cols, share)):
            status, cx, sizes, totals = outcome
            if cx is not None:
                cx.clause_index = members[j] + 1
            out[members[j]] = (status, cx, sizes, totals)
    return [o for o in out if o is not None]


def _search_sizes(
    family: Family,
    clauses: tuple[Clause, ...],
    max_rows: int,
    max_cols: int,
    time_limit: float | None,
) -> list[SizeOutcome]:
    """The size loop for one group of clauses, grounded together."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    status = [NO_COUNTEREXAMPLE] * len(clauses)
    found: list[Counterexample | None] = [None] * len(clauses)
    sizes_ok: list[list[str]] = [[] for _ in clauses]
    totals = [{"seconds": 0.0, "choices": 0, "conflicts": 0} for _ in clauses]
    for rows, cols in sizes_to_check(max_rows, max_cols):
        open_clauses = [i for i in range(len(clauses)) if status[i] == NO_COUNTEREXAMPLE]
        if not open_clauses:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            for i in open_clauses:
                status[i] = UNKNOWN
            break
        problem = size_problem(family, rows, cols, clauses)
        for i in open_clauses:
            remaining = None if deadline is None else max(0.0, deadline - time.perf_counter())
            if remaining == 0.0:
                status[i] = UNKNOWN
                continue
            t0 = time.perf_counter()
            answer, atoms, counters = problem.solve(i, remaining)
            totals[i]["seconds"] += time.perf_counter() - t0
            totals[i]["choices"] += counters["choices"]
            totals[i]["conflicts"] += counters["conflicts"]
            if answer == "unsat":
                sizes_ok[i].append(f"{rows}x{cols}")
            elif answer == "sat":
                status[i] = REFUTED
                found[i] = family.read_model(rows, cols, i, clauses[i], atoms or [])
            else:
                status[i] = UNKNOWN
    return [(status[i], found[i], sizes_ok[i], totals[i]) for i in range(len(clauses))]
