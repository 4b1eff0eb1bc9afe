"""The bounded check: does a clause fire on a solution prefix of some puzzle up
to a given size? The search behind :func:`witness.verify.verdict.verify_predicate`.

It covers, for every size ``r x c`` with ``r <= max_rows`` and ``c <= max_cols``,
every puzzle of the paper's form (:class:`witness.model.puzzle.Puzzle`):

- every start vertex, every goal on the rim other than the start, and every
  triangle placement (0..3 triangles on every square, 0 meaning
  unconstrained);
- every solution of that puzzle and every proper prefix of it (from the
  trivial path ``[start]`` up to the vertex before the goal);
- every constrained square of it.

Mirror images keep every feature (triangles, edges and corners of a square,
the head on a corner, the path's length, the goal's reachability, the
addable edges): each maps squares to squares with their sides and corners,
solutions to solutions and the rim to the rim. So only one of each pair of
sizes ``r x c`` and ``c x r`` is solved: the transposition ``(x, y) -> (y,
x)`` maps a puzzle with start ``s`` to one of the other size with start
``s`` transposed, and every start is quantified in both. Within one size,
choose.lp tries only starts in the lower-left quarter (``x -> cols - x``,
``y -> rows - y``, and ``x <-> y`` on a square grid, map every other start
there).

The question "is there a puzzle, a solution, a prefix and a constrained
square on which the clause's comparisons hold?" is one ASP problem
(``witness/search/encodings/path.lp`` for the puzzle rules and the solution,
``witness/verify/prefix.lp`` for the prefix and the features,
``witness/verify/choose.lp`` for the choice of puzzle, one rule per clause here).
Each size is grounded once, with all clauses; each clause is then one solve
under an assumption. Unsatisfiable means "no counterexample" at that size; a
model is a counterexample, which is re-checked in Python (``is_solution``,
``Predicate.holds_on_square`` on ``square_features``) before it is reported,
so a bug in the encoding cannot produce a false refutation. A solve cut off
by the time limit leaves the clause *unknown*.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import clingo

from witness.model.puzzle import Puzzle, Vertex, is_solution
from witness.search.asp_solver import path_from_edges, symbol_vertex, wait_by
from witness.search.encodings import encoding
from witness.search.predicates import OPERATORS, Clause, Predicate, square_features


def verifier_encoding(name: str) -> str:
    """The text of one of the verifier's own encodings (beside this module)."""
    return (Path(__file__).parent / name).read_text()


# What the bounded search says about one clause: nothing found up to the size,
# a checked counterexample, or undecided in the time.
NO_COUNTEREXAMPLE, REFUTED, UNKNOWN = "no_counterexample", "refuted", "unknown"

# The features witness/verify/prefix.lp defines. A clause over any other
# feature cannot be encoded (it would silently never fire), so it is refused.
ASP_FEATURES = frozenset(re.findall(r"^feature\(S, (\w+), ", verifier_encoding("prefix.lp"), re.M))


@dataclass
class Counterexample:
    """A solution prefix on which a clause fires: a false positive."""

    puzzle: Puzzle
    solution: list[Vertex]
    prefix: list[Vertex]
    square: tuple[int, int]
    clause_index: int  # counted from 1, as a reader counts (and verify's output)
    features: dict[str, int]

    def where(self) -> str:
        return f"square {list(self.square)}"

    def to_dict(self) -> dict:
        return {
            "puzzle": self.puzzle.to_dict(),
            "solution": [list(v) for v in self.solution],
            "prefix": [list(v) for v in self.prefix],
            "square": list(self.square),
            "clause": self.clause_index,
            "features": self.features,
        }


def clause_rule(
    index: int,
    clause: Clause,
    known: frozenset[str] = ASP_FEATURES,
    guard: str = "constrained",
    encoding_name: str = "prefix.lp",
) -> str:
    """The ASP rule ``fires(index, S) :- guard(S), ...`` for one clause over the
    features ``known`` (those ``feature(S, name, Value)`` of ``encoding_name`` defines)."""
    body = [f"{guard}(S)"]
    names: dict[str, str] = {}

    def term(operand: tuple[str, object]) -> str:
        kind, value = operand
        if kind == "const":
            return str(int(value))
        if value not in known:
            raise ValueError(
                f"feature {value!r} has no ASP encoding in witness/verify/{encoding_name}"
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
    """One ASP program (one grid size, all clauses: ``clause/1``, ``fires/2`` and
    ``check/1`` as choose.lp declares them), grounded once; one solve per clause."""

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


def triangle_problem(rows: int, cols: int, clauses: tuple[Clause, ...]) -> SizeProblem:
    """The triangle puzzles of one size with every clause's rule."""
    rules = [f"clause({i})." for i in range(len(clauses))]
    rules += [clause_rule(i, cl) for i, cl in enumerate(clauses)]
    program = (
        encoding("path.lp")
        + verifier_encoding("prefix.lp")
        + verifier_encoding("choose.lp")
        + "\n".join(rules)
    )
    return SizeProblem(program, len(clauses), [f"-c rows={rows}", f"-c cols={cols}"])


def _counterexample(
    rows: int, cols: int, index: int, clause: Clause, atoms: list[clingo.Symbol]
) -> Counterexample:
    """Read a model back, and check it in Python: raises if it is not a false positive."""
    start = goal = None
    triangles = []
    edges = []
    head = None
    squares = []
    for s in atoms:
        if s.match("start", 1):
            start = symbol_vertex(s.arguments[0])
        elif s.match("goal", 1):
            goal = symbol_vertex(s.arguments[0])
        elif s.match("tri", 2) and s.arguments[1].number > 0:
            triangles.append((*symbol_vertex(s.arguments[0]), s.arguments[1].number))
        elif s.match("sel", 2):
            edges.append((symbol_vertex(s.arguments[0]), symbol_vertex(s.arguments[1])))
        elif s.match("head", 1):
            head = symbol_vertex(s.arguments[0])
        elif s.match("fires", 2) and s.arguments[0].number == index:
            squares.append(symbol_vertex(s.arguments[1]))
    puzzle = Puzzle(rows=rows, cols=cols, start=start, goal=goal, triangles=tuple(triangles))
    solution = path_from_edges(puzzle.start, edges)
    prefix = solution[: solution.index(head) + 1]
    square = min(squares)
    values = square_features(puzzle, prefix, square)
    single = Predicate("clause", "program", (clause,))
    ok = (
        is_solution(puzzle, solution)
        and len(prefix) < len(solution)
        and square in puzzle.triangle_map
        and single.holds_on_square(values)
    )
    if not ok:
        raise RuntimeError(
            f"verifier encoding bug: model is not a false positive of clause {index + 1}: "
            f"puzzle {puzzle.to_json()}, solution {solution}, prefix {prefix}, square {square}"
        )
    return Counterexample(puzzle, solution, prefix, square, index + 1, values)


# Builds one size's problem, and reads a model of it back as a checked counterexample.
ProblemFactory = Callable[[int, int, tuple[Clause, ...]], SizeProblem]
ModelReader = Callable[[int, int, int, Clause, list[clingo.Symbol]], object]
SizeOutcome = tuple[str, object, list[str], dict]


def verify_clauses(
    clauses: tuple[Clause, ...],
    max_rows: int,
    max_cols: int,
    time_limit: float | None = None,
) -> list[SizeOutcome]:
    """Per clause: (outcome, counterexample, sizes checked, totals of seconds/choices/conflicts),
    where the outcome of the bounded search is NO_COUNTEREXAMPLE, REFUTED or UNKNOWN.

    Sizes are tried smallest first, so a counterexample is on the smallest
    grid that has one. ``time_limit`` bounds the whole run in seconds.
    """
    return search_sizes(clauses, max_rows, max_cols, time_limit, triangle_problem, _counterexample)


def search_sizes(
    clauses: tuple[Clause, ...],
    max_rows: int,
    max_cols: int,
    time_limit: float | None,
    problem_for: ProblemFactory,
    read_model: ModelReader,
) -> list[SizeOutcome]:
    """:func:`verify_clauses` over any family of size problems (``problem_for``),
    whose models ``read_model`` turns into checked counterexamples."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    status = [NO_COUNTEREXAMPLE] * len(clauses)
    found: list[object] = [None] * len(clauses)
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
        problem = problem_for(rows, cols, clauses)
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
                found[i] = read_model(rows, cols, i, clauses[i], atoms)
            else:
                status[i] = UNKNOWN
    return [(status[i], found[i], sizes_ok[i], totals[i]) for i in range(len(clauses))]
