"""Automatic proof that a predicate never fires on a prefix of a solution.

A predicate (``witness.search.predicates.Predicate``) has a *false positive* when
it returns True on a partial path that is a prefix of a solution: pruning
with it can lose the solution. ``verify_predicate`` decides, clause by
clause, whether such a prefix exists in any puzzle up to a given size:

- every size ``r x c`` with ``r <= max_rows`` and ``c <= max_cols``
  (sizes ``c x r`` and ``r x c`` are mirror images under ``(x, y) -> (y, x)``,
  which fixes the start (0, 0), maps peripheral vertices to peripheral
  vertices and keeps every feature, so only one of each pair is solved);
- every triangle placement (0..3 triangles on every square, 0 meaning
  unconstrained), every peripheral goal other than the start (0, 0);
- every solution of that puzzle and every proper prefix of it (from the
  trivial path ``[start]`` up to the vertex before the goal);
- every constrained square of it.

The question "is there a puzzle, a solution, a prefix and a constrained
square on which the clause's comparisons hold?" is one ASP problem
(``witness/asp/path.lp`` for the puzzle rules and the solution,
``witness/asp/prefix.lp`` for the prefix and the features, one rule per
clause here). Each size is grounded once, with all clauses; each clause is
then one solve under an assumption. Unsatisfiable means "no counterexample"
at that size; a model is a counterexample, which is re-checked in Python
(``is_solution``, ``Predicate.holds_on_square`` on ``square_features``) before
it is reported, so a bug in the encoding cannot produce a false refutation.
A solve cut off by the time limit leaves the clause *unknown*.

Beyond the checked sizes: see :func:`generality` for when, and why, a
result for a *local* clause (one that does not read ``path_length``)
holds for puzzles of every size.

Verdicts (per clause and for the whole predicate) say what was shown:

- ``proven``: no false positive on any grid size (a proof, :func:`generality`);
- ``bounded``: no counterexample on grids up to the checked size, nothing
  more: such a predicate may prune only puzzles within that size
  (:func:`may_prune`);
- ``refuted``: a checked counterexample; ``unknown``: neither, in the time.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from pathlib import Path

import clingo

from witness.asp import encoding
from witness.asp.solver import path_from_edges, symbol_vertex
from witness.learning.translate import clause_text
from witness.model.puzzle import Puzzle, Vertex, is_solution
from witness.search.predicates import Clause, Comparison, Predicate, const, feat, square_features

DEFAULT_MAX_SIZE = (4, 4)

PROVEN, BOUNDED, REFUTED, UNKNOWN = "proven", "bounded", "refuted", "unknown"
# What the bounded search says about one clause: nothing found up to the size.
NO_COUNTEREXAMPLE = "no_counterexample"

# Features whose value is fixed by the square and the path around it.
LOCAL_FEATURES = frozenset(
    {"triangles", "edges_on_square", "square_sides", "head_adjacent", "visited_corners",
     "unvisited_corners", "edges_needed"}
)
# Features that depend on the whole grid but take one value on every solution
# prefix of every puzzle: the rest of the solution leads from the head to the
# goal without touching the prefix, so the goal is never unreachable. A clause
# can use them and keep the all-sizes argument of ``generality``.
FIXED_ON_SOLUTION_PREFIXES = {"goal_unreachable": 0}
# Non-local features whose values on a solution prefix the labelling of one
# square bounds on every grid (rule R6 below): a clause may use them in a
# proof for every size when its comparisons exclude every allowed value.
LABELLING_BOUNDED = frozenset({"addable_edges"})
# path_length is the one feature no argument covers: it grows with the grid.

# The features witness/asp/prefix.lp defines. A clause over any other
# feature cannot be encoded (it would silently never fire), so it is refused.
ASP_FEATURES = frozenset(LOCAL_FEATURES | set(FIXED_ON_SOLUTION_PREFIXES) | LABELLING_BOUNDED
                         | {"path_length"})

_ASP_OPS = {"eq": "=", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}

# The verifier chooses the puzzle: a goal and 0..3 triangles on every square.
_CHOOSE_PUZZLE = """
1 { goal(V) : peripheral(V), not start(V) } 1.
1 { tri(S, K) : K = 0..3 } 1 :- square(S).
fired(C) :- fires(C, _).
#external check(C) : clause(C).
:- check(C), not fired(C).
"""


# ---------------------------------------------------------------- records
@dataclass
class Counterexample:
    """A solution prefix on which a clause fires: a false positive."""

    puzzle: Puzzle
    solution: list[Vertex]
    prefix: list[Vertex]
    square: tuple[int, int]
    clause_index: int
    features: dict[str, int]

    def to_dict(self) -> dict:
        return {
            "puzzle": self.puzzle.to_dict(),
            "solution": [list(v) for v in self.solution],
            "prefix": [list(v) for v in self.prefix],
            "square": list(self.square),
            "clause": self.clause_index,
            "features": self.features,
        }


@dataclass
class ClauseResult:
    index: int
    text: str  # the comparisons, e.g. "triangles = 3 and edges_on_square = 1"
    source: str  # the Prolog clause it was translated from ("" for built-ins)
    status: str  # proven | bounded | refuted | unknown
    local: bool
    generality: str  # what the result says about larger puzzles, and why
    # True when the local argument (see generality) shows the clause never
    # fires on a solution prefix of any puzzle of any size.
    all_sizes: bool = False
    sizes_checked: list[str] = field(default_factory=list)
    counterexample: Counterexample | None = None
    seconds: float = 0.0
    choices: int = 0
    conflicts: int = 0

    def to_dict(self) -> dict:
        return {
            "index": self.index,
            "clause": self.text,
            "source": self.source,
            "status": self.status,
            "local": self.local,
            "generality": self.generality,
            "all_sizes": self.all_sizes,
            "sizes_checked": self.sizes_checked,
            "counterexample": self.counterexample.to_dict() if self.counterexample else None,
            "seconds": round(self.seconds, 4),
            "choices": self.choices,
            "conflicts": self.conflicts,
        }


@dataclass
class VerifyResult:
    predicate: str
    max_rows: int
    max_cols: int
    status: str  # proven (every clause) | bounded | refuted (some clause) | unknown
    clauses: list[ClauseResult]
    seconds: float

    @property
    def max_size(self) -> str:
        return f"{self.max_rows}x{self.max_cols}"

    @property
    def all_sizes(self) -> bool:
        """Every clause provably holds on every grid size (the local argument)."""
        return all(c.all_sizes for c in self.clauses)

    @property
    def counterexample(self) -> Counterexample | None:
        return next((c.counterexample for c in self.clauses if c.counterexample), None)

    @property
    def verdict(self) -> str:
        """One sentence that says what was shown, never just "verified"."""
        return verdict_text(self.status, self.max_size)

    def to_dict(self) -> dict:
        return {
            "predicate": self.predicate,
            "max_size": self.max_size,
            "status": self.status,
            "verdict": self.verdict,
            "all_sizes": self.all_sizes,
            "seconds": round(self.seconds, 4),
            "clauses": [c.to_dict() for c in self.clauses],
        }

    def summary(self) -> str:
        lines = [self.verdict]
        for c in self.clauses:
            tag = "local" if c.local else "non-local"
            lines.append(f"clause {c.index} [{c.status}, {tag}]: {c.text}")
            if c.source:
                lines.append(f"  Prolog: {c.source}")
            lines.append(f"  {c.generality}")
            cx = c.counterexample
            if cx is not None:
                lines.append(f"  counterexample: the clause fires on square {list(cx.square)} "
                             f"(features {cx.features})")
                lines.append(f"    puzzle:   {cx.puzzle.to_json()}")
                lines.append(f"    solution: {_path_json(cx.solution)}")
                lines.append(f"    prefix:   {_path_json(cx.prefix)}")
                lines.append("    draw it: save the puzzle as P.json, then "
                             f"witness show P.json --path '{_path_json(cx.prefix)}' --out P.svg")
        return "\n".join(lines)


def verdict_text(status: str, max_size: str) -> str:
    """The sentence for a verdict: what was shown, and for which sizes."""
    return {
        PROVEN: "proven for every size: no false positive on any grid",
        BOUNDED: f"no counterexample up to {max_size} (not proven for larger grids)",
        REFUTED: f"refuted: false positive found (sizes checked up to {max_size})",
    }.get(status, f"unknown: not every clause was decided up to {max_size}")


def may_prune(verdict: dict, rows: int, cols: int) -> bool:
    """Whether a predicate with this verify record (``VerifyResult.to_dict()``)
    may prune on a ``rows`` x ``cols`` puzzle without losing a solution.

    A proof for every size allows every puzzle; a bounded check only puzzles
    the check covered (``r x c`` and its mirror image ``c x r`` are the same
    search, see ``sizes_to_check``). Anything else only sorts.
    """
    status = verdict.get("status")
    if status == PROVEN:
        return True
    if status != BOUNDED:
        return False
    max_rows, max_cols = (int(v) for v in verdict["max_size"].split("x"))
    return ((rows <= max_rows and cols <= max_cols)
            or (cols <= max_rows and rows <= max_cols))


def write_counterexamples(result: VerifyResult, out_dir: Path) -> list[Path]:
    """Write ``clauseN_puzzle.json``, ``clauseN_solution.json`` and ``clauseN_prefix.json``
    for every refuted clause N (inputs of ``witness show PUZZLE --path PATH``)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for c in result.clauses:
        cx = c.counterexample
        if cx is None:
            continue
        stem = out_dir / f"clause{c.index}"
        files = {
            f"{stem}_puzzle.json": cx.puzzle.to_json(),
            f"{stem}_solution.json": _path_json(cx.solution),
            f"{stem}_prefix.json": _path_json(cx.prefix),
        }
        for name, text in files.items():
            Path(name).write_text(text + "\n")
            written.append(Path(name))
    return written


def _path_json(path: list[Vertex]) -> str:
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in path) + "]"


# --------------------------------------------------------------- clauses
def clause_is_local(clause: Clause) -> bool:
    """True when the clause reads only features of one square and the path near it
    (or features that are constant on solution prefixes, FIXED_ON_SOLUTION_PREFIXES)."""
    return all(
        operand[1] in LOCAL_FEATURES or operand[1] in FIXED_ON_SOLUTION_PREFIXES
        for c in clause.comparisons
        for operand in (c.left, c.right)
        if operand[0] == "feature"
    )


def clause_rule(index: int, clause: Clause) -> str:
    """The ASP rule ``fires(index, S) :- ...`` for one clause."""
    body = ["constrained(S)"]
    names: dict[str, str] = {}

    def term(operand: tuple[str, object]) -> str:
        kind, value = operand
        if kind == "const":
            return str(int(value))
        if value not in ASP_FEATURES:
            raise ValueError(f"feature {value!r} has no ASP encoding in witness/asp/prefix.lp")
        if value not in names:
            names[value] = f"F{len(names)}"
            body.append(f"feature(S, {value}, {names[value]})")
        return names[value]

    for c in clause.comparisons:
        left, right = term(c.left), term(c.right)
        body.append(f"{left} {_ASP_OPS[c.op]} {right}")
    return f"fires({index}, S) :- {', '.join(body)}."


# -------------------------------------------------------------- solving
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


class _SizeProblem:
    """One grid size, grounded once with all clauses; one solve per clause."""

    def __init__(self, rows: int, cols: int, clauses: tuple[Clause, ...]):
        self.rows, self.cols = rows, cols
        self.ctl = clingo.Control(
            ["--models=1", f"-c rows={rows}", f"-c cols={cols}"],
            logger=lambda _code, _msg: None,
        )
        rules = [f"clause({i})." for i in range(len(clauses))]
        rules += [clause_rule(i, cl) for i, cl in enumerate(clauses)]
        self.ctl.add(
            "base", [],
            encoding("path.lp") + encoding("prefix.lp") + _CHOOSE_PUZZLE + "\n".join(rules),
        )
        self.ctl.ground([("base", [])])
        # Externals are fixed to false unless released; free them so that
        # each solve can assume exactly one clause's check(C).
        self.checks = [clingo.Function("check", [clingo.Number(i)]) for i in range(len(clauses))]
        for atom in self.checks:
            self.ctl.assign_external(atom, None)

    def solve(self, index: int, time_limit: float | None) -> tuple[str, list | None, dict]:
        """(sat | unsat | timeout, model atoms or None, solver statistics)."""
        atoms: list[clingo.Symbol] = []

        def on_model(model: clingo.Model) -> None:
            atoms[:] = model.symbols(atoms=True)

        assumptions = [(atom, i == index) for i, atom in enumerate(self.checks)]
        with self.ctl.solve(assumptions=assumptions, on_model=on_model,
                            async_=True) as handle:
            if not handle.wait(time_limit):
                handle.cancel()
                handle.get()
                answer = "timeout"
            else:
                answer = "sat" if handle.get().satisfiable else "unsat"
        stats = self.ctl.statistics["solving"]["solvers"]
        counters = {"choices": int(stats["choices"]), "conflicts": int(stats["conflicts"])}
        return answer, (atoms if answer == "sat" else None), counters


def _counterexample(rows: int, cols: int, index: int, clause: Clause,
                    atoms: list[clingo.Symbol]) -> Counterexample:
    """Read a model back, and check it in Python: raises if it is not a false positive."""
    goal = None
    triangles = []
    edges = []
    head = None
    squares = []
    for s in atoms:
        if s.match("goal", 1):
            goal = symbol_vertex(s.arguments[0])
        elif s.match("tri", 2) and s.arguments[1].number > 0:
            triangles.append((*symbol_vertex(s.arguments[0]), s.arguments[1].number))
        elif s.match("sel", 2):
            edges.append((symbol_vertex(s.arguments[0]), symbol_vertex(s.arguments[1])))
        elif s.match("head", 1):
            head = symbol_vertex(s.arguments[0])
        elif s.match("fires", 2) and s.arguments[0].number == index:
            squares.append(symbol_vertex(s.arguments[1]))
    puzzle = Puzzle(rows=rows, cols=cols, goal=goal, triangles=tuple(triangles))
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
            f"verifier encoding bug: model is not a false positive of clause {index}: "
            f"puzzle {puzzle.to_json()}, solution {solution}, prefix {prefix}, square {square}"
        )
    return Counterexample(puzzle, solution, prefix, square, index, values)


def verify_clauses(
    clauses: tuple[Clause, ...],
    max_rows: int,
    max_cols: int,
    time_limit: float | None = None,
) -> list[tuple[str, Counterexample | None, list[str], dict]]:
    """Per clause: (outcome, counterexample, sizes checked, totals of seconds/choices/conflicts),
    where the outcome of the bounded search is NO_COUNTEREXAMPLE, REFUTED or UNKNOWN.

    Sizes are tried smallest first, so a counterexample is on the smallest
    grid that has one. ``time_limit`` bounds the whole run in seconds.
    """
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
        problem = _SizeProblem(rows, cols, clauses)
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
                found[i] = _counterexample(rows, cols, i, clauses[i], atoms)
            else:
                status[i] = UNKNOWN
    return [(status[i], found[i], sizes_ok[i], totals[i]) for i in range(len(clauses))]


def verify_predicate(
    pred: Predicate,
    max_rows: int = DEFAULT_MAX_SIZE[0],
    max_cols: int = DEFAULT_MAX_SIZE[1],
    time_limit: float | None = None,
) -> VerifyResult:
    """Decide, clause by clause, whether ``pred`` fires on a solution prefix up to the size."""
    t0 = time.perf_counter()
    outcomes = verify_clauses(pred.clauses, max_rows, max_cols, time_limit)
    results = []
    pairs = zip(pred.clauses, outcomes, strict=True)
    for i, (clause, (outcome, cx, sizes, totals)) in enumerate(pairs):
        all_sizes = outcome != REFUTED and not accepted_states(clause)
        status = (REFUTED if outcome == REFUTED else PROVEN if all_sizes
                  else BOUNDED if outcome == NO_COUNTEREXAMPLE else UNKNOWN)
        results.append(ClauseResult(
            index=i,
            text=clause_text(clause.comparisons, words=False),
            source=clause.source,
            status=status,
            local=clause_is_local(clause),
            generality=generality(clause, outcome, max_rows, max_cols, cx),
            all_sizes=all_sizes,
            sizes_checked=sizes,
            counterexample=cx,
            seconds=totals["seconds"],
            choices=totals["choices"],
            conflicts=totals["conflicts"],
        ))
    statuses = {r.status for r in results}
    if REFUTED in statuses:
        overall = REFUTED
    elif statuses <= {PROVEN}:
        overall = PROVEN
    elif UNKNOWN in statuses:
        overall = UNKNOWN
    else:
        overall = BOUNDED
    return VerifyResult(pred.name, max_rows, max_cols, overall, results,
                        time.perf_counter() - t0)


# ------------------------------------------------------------ generality
# Why a result for small grids can hold for all grids.
#
# A local feature's value on (prefix, square S) is fixed by the *local state*
# tau = (K, e, v, h): K triangles in S, e edges of S on the prefix, v corners
# of S on the prefix, h = 1 if the prefix's head is a corner of S
# (square_sides = 4, unvisited_corners = 4 - v, edges_needed = K - e), and
# goal_unreachable is 0 on every solution prefix (FIXED_ON_SOLUTION_PREFIXES).
# So a clause's local comparisons accept a fixed set of states, whatever the
# grid.
#
# Necessary conditions (the "local rules"). Let P = p_0 .. p_n be a solution
# and Q = p_0 .. p_L (L < n) a proper prefix with head p_L. Give each corner
# of S a status: Q (p_i with i < L), H (the head p_L), F (p_i with i > L) or
# N (not on P); and each side of S: q (edge p_i p_i+1 with i < L), f (with
# i >= L) or n (not on P). P is simple, so the statuses are well defined, and:
#   R1  a q side joins two corners of status Q or H (both ends lie on Q);
#   R2  an f side joins two corners of status H or F (both ends come at or
#       after the head), so it never touches a Q corner;
#   R3  at most one corner is H, and at most 3 sides are q or f (four would
#       be a cycle in a simple path);
#   R4  the head has at most one q side (it ends Q) and at most one f side
#       (P leaves it once);
#   R5  K = #q + #f (the solution meets the constraint), e = #q,
#       v = #Q + #H, h = [some corner is H], 1 <= K <= 3.
# These hold on every grid, so every state that any solution prefix of any
# puzzle shows is in LOCAL_STATES (the states of the 4^4 x 3^4 labellings
# of one square that satisfy R1-R5). Conversely, each of these states is
# shown by an actual solution prefix on a grid of at most 2x3 (or 3x2): the
# verifier finds one for each (``realized_states``, checked in Python, and
# asserted by tests). On 2x2 and smaller grids four of them do not occur
# (too little room), which is why a 2x2 result would not carry over.
#
# Consequences for a clause C whose local comparisons accept the set A of
# states (a clause implies its local comparisons):
#   - A & LOCAL_STATES empty: C never fires on a solution prefix, on any
#     grid (this needs no search at all);
#   - otherwise, if C is local: C fires on a solution prefix of some puzzle
#     iff some state of A occurs, iff (by the above) it occurs on a grid up
#     to 2x3. So a local clause with no counterexample on any size up to RxC
#     with R >= 2 and C >= 3 is proven for every size; checked only on
#     smaller sizes, it may still accept a state that needs more room.
#   - a non-local clause (it reads path_length) may fire only on paths
#     longer than the checked grids allow, so its result holds only up to RxC.
# DEFAULT_MAX_SIZE (4x4) covers 2x3 with margin and takes about a second
# for Table 3; non-local clauses get the longer paths of 4x4 too.

_ROLES = "QHFN"  # corner statuses
_SIDE_ROLES = "qfn"  # side statuses
_STATE_SIZE = (2, 3)  # every local state occurs on a grid up to this size


def state_features(state: tuple[int, int, int, int]) -> dict[str, int]:
    """The local features of a state (K, e, v, h); path_length is left out."""
    k, e, v, h = state
    return {"triangles": k, "edges_on_square": e, "square_sides": 4, "head_adjacent": h,
            "visited_corners": v, "unvisited_corners": 4 - v, "edges_needed": k - e,
            **FIXED_ON_SOLUTION_PREFIXES}


@lru_cache(maxsize=1)
def local_states() -> dict[tuple[int, int, int, int], tuple[str, str]]:
    """State (K, e, v, h) -> one labelling (corner roles, side roles) that satisfies R1-R5.

    Corners are listed counter-clockwise from the lower left; side i joins
    corners i and i + 1 (bottom, right, top, left).
    """
    states: dict[tuple[int, int, int, int], tuple[str, str]] = {}
    for corners in product(_ROLES, repeat=4):
        if corners.count("H") > 1:
            continue
        for sides in product(_SIDE_ROLES, repeat=4):
            if _satisfies_local_rules(corners, sides):
                k = 4 - sides.count("n")
                v = corners.count("Q") + corners.count("H")
                state = (k, sides.count("q"), v, int("H" in corners))
                states.setdefault(state, ("".join(corners), "".join(sides)))
    return dict(sorted(states.items()))


def _satisfies_local_rules(corners: tuple[str, ...], sides: tuple[str, ...]) -> bool:
    for i, side in enumerate(sides):
        ends = {corners[i], corners[(i + 1) % 4]}
        if side == "q" and not ends <= {"Q", "H"}:  # R1
            return False
        if side == "f" and not ends <= {"H", "F"}:  # R2
            return False
    if sides.count("n") == 0:  # R3: no cycle
        return False
    if "H" in corners:  # R4
        h = corners.index("H")
        at_head = (sides[h], sides[(h - 1) % 4])
        if at_head.count("q") > 1 or at_head.count("f") > 1:
            return False
    return sides.count("n") < 4  # R5: K >= 1


def state_clause(state: tuple[int, int, int, int]) -> Clause:
    """A clause that fires exactly in the local state (K, e, v, h)."""
    names = ("triangles", "edges_on_square", "visited_corners", "head_adjacent")
    pairs = zip(names, state, strict=True)
    return Clause(tuple(Comparison("eq", feat(n), const(x)) for n, x in pairs))


@lru_cache(maxsize=8)
def realized_states(max_rows: int, max_cols: int) -> dict[tuple, Counterexample]:
    """Local states shown by some solution prefix on a grid up to the size, with one each."""
    states = tuple(local_states())
    outcomes = verify_clauses(tuple(state_clause(s) for s in states), max_rows, max_cols)
    pairs = zip(states, outcomes, strict=True)
    return {s: cx for s, (status, cx, _, _) in pairs if status == REFUTED}


# Rule R6 (addable_edges). Let R be the prefix's free region: the head and
# every vertex off the prefix reachable from it without touching the prefix.
# Each later vertex p_i (i > L) of the solution is in R (p_L .. p_i avoids
# the prefix), so H and F corners are in R; Q corners are on the prefix and
# not the head, so never in R; an N corner may or may not be. addable_edges
# counts the sides with both corners in R, so on every grid it is
#   #{sides with both corners in {H, F} or in X} for some set X of N corners.
# In particular every f side (R2) is addable: addable_edges >= K - e =
# edges_needed, so "edges_needed > addable_edges" never holds on a solution
# prefix. A clause whose comparisons over local features and addable_edges
# hold for no (state, addable) pair R1-R6 allow is proven for every size.
# The converse (each allowed pair occurs on a small grid) is not shown, so a
# clause that accepts some pair gets no more than the bounded check.
_ARGUED = LOCAL_FEATURES | set(FIXED_ON_SOLUTION_PREFIXES) | LABELLING_BOUNDED


@lru_cache(maxsize=1)
def local_addables() -> dict[tuple[int, int, int, int], frozenset[int]]:
    """State (K, e, v, h) -> the addable_edges values R1-R6 allow with it."""
    out: dict[tuple[int, int, int, int], set[int]] = {}
    for corners in product(_ROLES, repeat=4):
        if corners.count("H") > 1:
            continue
        n_corners = [i for i, r in enumerate(corners) if r == "N"]
        for sides in product(_SIDE_ROLES, repeat=4):
            if not _satisfies_local_rules(corners, sides):
                continue
            k = 4 - sides.count("n")
            v = corners.count("Q") + corners.count("H")
            state = (k, sides.count("q"), v, int("H" in corners))
            for chosen in product((False, True), repeat=len(n_corners)):
                free = {i for i, r in enumerate(corners) if r in "HF"}
                free |= {i for i, c in zip(n_corners, chosen, strict=True) if c}
                a = sum(i in free and (i + 1) % 4 in free for i in range(4))
                out.setdefault(state, set()).add(a)
    return {s: frozenset(a) for s, a in sorted(out.items())}


def _features_read(clause: Clause) -> set[str]:
    return {operand[1] for c in clause.comparisons for operand in (c.left, c.right)
            if operand[0] == "feature"}


def _argued_comparisons_hold(clause: Clause, state: tuple[int, int, int, int],
                             addable: int) -> bool:
    """The clause's comparisons that R1-R6 speak about (all but path_length) hold."""
    values = {**state_features(state), "addable_edges": addable}
    return all(c.evaluate(values) for c in clause.comparisons
               if _features_read(Clause((c,))) <= _ARGUED)


def accepted_states(clause: Clause) -> list[tuple[int, int, int, int]]:
    """The locally possible states on which the clause's comparisons over local
    features (and addable_edges, with some value R6 allows) all hold."""
    return [s for s in local_states()
            if any(_argued_comparisons_hold(clause, s, a) for a in local_addables()[s])]


def describe_state(state: tuple[int, int, int, int]) -> str:
    k, e, v, h = state
    return f"(triangles {k}, edges {e}, visited corners {v}, head {'on' if h else 'off'} corner)"


def state_of(values: dict[str, int]) -> tuple[int, int, int, int]:
    """The local state (K, e, v, h) of a feature dict."""
    return (values["triangles"], values["edges_on_square"], values["visited_corners"],
            values["head_adjacent"])


def generality(clause: Clause, outcome: str, max_rows: int, max_cols: int,
               counterexample: Counterexample | None = None) -> str:
    """What the bounded search's ``outcome`` (NO_COUNTEREXAMPLE, REFUTED or
    UNKNOWN up to max_rows x max_cols) says about larger grids, and why."""
    status = outcome
    size = f"{max_rows}x{max_cols}"
    if counterexample is not None and (
            state_of(counterexample.features) not in local_states()
            or counterexample.features["addable_edges"]
            not in local_addables()[state_of(counterexample.features)]):
        # A checked false positive in a state the local rules exclude: the
        # rules would be wrong, so no claim based on them may be reported.
        raise RuntimeError(f"local rules contradict a checked counterexample: {counterexample}")
    if status == REFUTED:
        where = ""
        if counterexample is not None:
            where = (f" on a {counterexample.puzzle.size} grid, in local state "
                     f"{describe_state(state_of(counterexample.features))}")
        return f"refuted: the clause fires on a solution prefix{where}"
    accepted = accepted_states(clause)
    bounded = sorted(_features_read(clause) & LABELLING_BOUNDED)
    if not accepted:
        note = "" if status == NO_COUNTEREXAMPLE else f" (the search up to {size} did not finish)"
        if bounded:
            return ("proven for every grid size: on every grid, a solution prefix's square "
                    "has at least as many addable edges as it still needs (a completion "
                    "adds only edges counted as addable), and the clause accepts no local "
                    "state and addable count that rules R1-R6 allow (witness/verify.py)"
                    + note)
        return ("proven for every grid size: no solution prefix on any grid is in a local "
                "state that the clause accepts (local rules R1-R5, witness/verify.py)" + note)
    if status == UNKNOWN:
        return f"undecided within the time limit; sizes up to {size} were not all checked"
    if not clause_is_local(clause):
        reads = ", ".join(sorted(_features_read(clause) - LOCAL_FEATURES
                                 - set(FIXED_ON_SOLUTION_PREFIXES)))
        state = accepted[0]
        allowed = ""
        if bounded:
            values = [a for a in sorted(local_addables()[state])
                      if _argued_comparisons_hold(clause, state, a)]
            allowed = f" with {values[0]} addable edges (rules R1-R6 allow it)"
        return (f"non-local (reads {reads}): no counterexample up to {size}, not proven "
                "beyond it: the clause accepts solution-prefix states "
                f"such as {describe_state(state)}{allowed}, which larger grids may show")
    missing = [s for s in accepted if s not in realized_states(max_rows, max_cols)]
    if not missing:
        # Every accepted state occurs on a grid up to the size, so the search
        # would have found a counterexample: the search and the states contradict.
        raise RuntimeError(f"clause without counterexample accepts realized local states: {clause}")
    state = missing[0]
    text = (f"no counterexample up to {size}, not proven beyond it: the clause accepts "
            f"{describe_state(state)}, "
            f"which grids up to {size} are too small to show")
    witness = realized_states(*_STATE_SIZE).get(state)
    if witness is None:
        return text + "; larger grids may show it"
    # The clause is local, so it fires wherever the state occurs.
    return (text + f", but a {witness.puzzle.size} grid does: the clause is unsound there "
            f"(verify up to {_STATE_SIZE[0]}x{_STATE_SIZE[1]} for the counterexample)")
