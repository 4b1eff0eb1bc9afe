"""Why a line drawn so far is a dead end, and where to go next: a pruning
predicate's clauses applied to one panel and one partial line, for players and
puzzle designers (``witness explain``, ``witness hint``).

- Whether the line can still be completed is decided exactly, by A* from the
  line's head (:func:`witness.search.solvers.solve` with ``prefix``) under
  pi_baseline, which is sound: ``True`` with a completion, ``False`` when the
  search ran out of lines, ``None`` when the time limit stopped it.
- Each clause of the rules that fires on the line is named with the object it
  fires on (a dot, square, star, triangle or end of the panel; for the paper's
  triangle rules a cell with triangles), the place in words (rows counted from
  the top, as :mod:`witness.model.rules.messages` counts them), the values of
  the features the clause reads, and whether the clause is proven (built-in
  rules: ``witness verify`` proves them; a program: its ``FILE.verify.json``).
  A clause that fires on a line that can still be completed is wrong there,
  and the completion proves it.
- The rules: ``paper`` (Table 3, over the paper's triangle features, on
  panels of the paper's form), ``baseline``, ``hand`` (the thesis's hand
  rules over the panel features) or a learned ``FILE.pl`` of either kind;
  fired clauses agree with :func:`~witness.search.panel_features.program_fires`
  and :meth:`~witness.search.predicates.Predicate.holds`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from witness.errors import InputError
from witness.learning.translate import load_predicate
from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.puzzle import is_paper_form
from witness.model.rules import Violation, lines_of, path_violations
from witness.search.panel_features import (
    clause_fires,
    features_apply,
    object_features,
    object_place,
    path_state,
    reads_panel_features,
    square_place,
    table1_features,
)
from witness.search.predicates import BUILTINS, FEATURE_WORDS, Clause, Predicate
from witness.search.solvers import check_prefix, solve
from witness.verify.verdict import PROVEN

# Seconds the search for a completion may take when no time limit is given.
DEFAULT_TIME_LIMIT = 5.0
# The hint's steps when none are asked for.
DEFAULT_STEPS = 3
UNVERIFIED = "unverified"
HAND = "hand"


def hand_program() -> Path:
    """The thesis's hand rules as a program (``witness/difficulty/hand_rules.pl``)."""
    return Path(str(resources.files("witness.difficulty").joinpath("hand_rules.pl")))


# ------------------------------------------------------------------ the rules
@dataclass(frozen=True)
class Rules:
    """A predicate and what is known of each clause: its verification status
    (proven, bounded, refuted, unknown, or unverified without a record) and
    where that status comes from."""

    name: str
    predicate: Predicate
    statuses: tuple[str, ...]
    record: str

    @property
    def panel_features(self) -> bool:
        """Clauses over the panel features (else the paper's triangle features)."""
        return reads_panel_features(self.predicate)


def default_rules(panel: Panel) -> str:
    """``paper`` on a panel of the paper's form (triangles only, one start, one
    end), ``hand`` on every other panel."""
    return "paper" if is_paper_form(panel) else HAND


def load_rules(spec: str) -> Rules:
    """``paper``, ``baseline``, ``none``, ``hand`` or a learned ``FILE.pl``, with
    each clause's verification status: the built-ins are proven (``witness
    verify`` proves them for every size); a program's statuses come from the
    ``.verify.json`` beside it when that record lists its clauses as they are."""
    if spec in BUILTINS:
        predicate = BUILTINS[spec]
        return Rules(spec, predicate, (PROVEN,) * len(predicate.clauses), "built-in, proven")
    program = hand_program() if spec == HAND else Path(spec)
    try:
        predicate = load_predicate(str(program))
    except InputError as exc:
        raise InputError(f"--rules: {exc}") from None
    sidecar = program.with_suffix(".verify.json")
    statuses = record_statuses(sidecar, predicate)
    if statuses is None:
        return Rules(spec, predicate, (UNVERIFIED,) * len(predicate.clauses), "no record")
    return Rules(spec, predicate, statuses, sidecar.name)


def record_statuses(sidecar: Path, predicate: Predicate) -> tuple[str, ...] | None:
    """Each clause's status in a ``witness verify --json`` record, when the
    record lists exactly the program's clauses (an edited program's old record
    says nothing of it); None otherwise."""
    try:
        data = json.loads(sidecar.read_text())
    except (OSError, ValueError):
        return None
    clauses = data.get("clauses") if isinstance(data, dict) else None
    if not isinstance(clauses, list) or not all(isinstance(c, dict) for c in clauses):
        return None
    if [c.get("source") for c in clauses] != [c.source for c in predicate.clauses]:
        return None
    return tuple(str(c.get("status", UNVERIFIED)) for c in clauses)


# ------------------------------------------------------------- fired clauses
@dataclass(frozen=True)
class Fired:
    """One clause firing on one object: the clause (1-based index, Prolog,
    English), its status, the object (``at``: its kind, place as in the JSON
    format, and place in words) and the values of the features it reads."""

    index: int
    clause: str
    english: str
    status: str
    place: Violation  # kind and at of the object, where in words
    values: tuple[tuple[str, int], ...]

    @property
    def proven(self) -> bool:
        return self.status == PROVEN

    def to_dict(self) -> dict:
        return {
            "index": self.index,
            "clause": self.clause,
            "english": self.english,
            "proven": self.proven,
            "status": self.status,
            "at": {
                "kind": self.place.kind,
                "at": list(self.place.at),
                "where": self.place.where,
            },
            "values": dict(self.values),
        }

    def lines(self) -> list[str]:
        """For people: the clause, where it fires, and the values behind it."""
        values = "; ".join(value_text(k, v) for k, v in self.values)
        return [
            f"clause {self.index} ({self.status}) fires on the {self.place.kind} at "
            f"{list(self.place.at)}, {self.place.where}: {self.english}",
            f"  Prolog: {self.clause}",
            f"  values: {values}",
        ]


def value_text(feature: str, value: int) -> str:
    """A feature's value for people: "the dot's ... = 2", a yes/no one as yes or no."""
    words = FEATURE_WORDS.get(feature, feature)
    if words.startswith("whether "):
        return f"{words}: {'yes' if value else 'no'}"
    return f"{words} = {value}"


def read_features(clause: Clause, values: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """The values of the features ``clause`` reads, in the order it reads them."""
    names = dict.fromkeys(
        str(v) for c in clause.comparisons for kind, v in (c.left, c.right) if kind == "feature"
    )
    return tuple((name, int(values[name])) for name in names)


def fired_clauses(rules: Rules, panel: Panel, path: Sequence[Vertex]) -> list[Fired]:
    """Every (clause, object) pair on which a clause of ``rules`` fires for ``path``
    (a line drawn so far from a start), clause by clause, objects in panel order.
    Empty where the rules do not apply (:func:`rules_apply`)."""
    if rules_apply(rules, panel):
        return []
    path = [(int(v[0]), int(v[1])) for v in path]
    out = []
    if rules.panel_features:
        pairs = [(object_place(panel, obj), values) for obj, values in object_features(panel, path)]
    else:
        state = path_state(panel, path)  # (once for every triangle's cell)
        pairs = [
            (square_place(panel.rows, (x, y)), table1_features(panel, state, (x, y)))
            for x, y, _, _ in panel.triangles
        ]
    for i, clause in enumerate(rules.predicate.clauses):
        for place, values in pairs:
            if clause_fires(clause, values):
                out.append(
                    Fired(
                        i + 1,
                        clause.source or clause.english,
                        clause.english,
                        rules.statuses[i],
                        place,
                        read_features(clause, values),
                    )
                )
    return out


def rules_apply(rules: Rules, panel: Panel) -> str:
    """Why ``rules`` say nothing on ``panel`` ("" when they apply)."""
    if not rules.predicate.clauses:
        return f"the rules {rules.name!r} have no clause"
    if rules.panel_features:
        if not features_apply(panel):
            return (
                "the panel features are not defined on panels with symmetry, cancellers "
                "or removed edges or vertices: these rules never fire here"
            )
        return ""
    if not is_paper_form(panel):
        return (
            f"the rules {rules.name!r} read the paper's triangle features, defined on "
            "panels of the paper's form only (triangles of 1 to 3, one start, one end "
            "elsewhere on the rim): try --rules hand"
        )
    return ""


# ------------------------------------------------------------ completability
@dataclass(frozen=True)
class Completion:
    """Whether a line drawn so far can still be completed to a solution
    (None: the time limit stopped the search), and a solution extending it."""

    completable: bool | None
    line: tuple[Vertex, ...] | None
    status: str
    seconds: float


def complete(panel: Panel, path: Sequence[Vertex] | None, time_limit: float | None) -> Completion:
    """A* under pi_baseline (sound) from the head of ``path`` (from the starts
    when None): exact within the time limit."""
    result = solve(panel, "baseline", time_limit=time_limit, prefix=path)
    completable = True if result.solved else False if result.status == "unsolvable" else None
    line = tuple(result.path) if result.path else None
    return Completion(completable, line, result.status, result.seconds)


def drawn_line(panel: Panel, path: Sequence[Vertex], option: str = "--path") -> list[Vertex]:
    """``path`` when it is a line a player can have drawn so far (InputError naming
    ``option`` otherwise)."""
    return check_prefix(panel, path, option)


# --------------------------------------------------------------- explanation
@dataclass(frozen=True)
class Explanation:
    """``witness explain``: completable or not, and the clauses that fire."""

    rules: Rules
    path: tuple[Vertex, ...]
    completion: Completion
    fired: tuple[Fired, ...]
    silent: str  # why the rules say nothing here ("" when they apply)

    @property
    def completable(self) -> bool | None:
        return self.completion.completable

    def marks(self) -> list[Violation]:
        """The places the fired clauses name, once each (for the picture)."""
        seen = {(f.place.kind, f.place.at): f.place for f in self.fired}
        return list(seen.values())

    def to_dict(self) -> dict:
        line = self.completion.line
        return {
            "completable": self.completable,
            "completion": None if line is None else [list(v) for v in line],
            "rules": self.rules.name,
            "record": self.rules.record,
            "fired": [f.to_dict() for f in self.fired],
            "note": self.note(),
        }

    def note(self) -> str:
        """What the fired clauses say of this line, in a sentence."""
        if self.silent:
            return self.silent
        if self.completable is None and not self.fired:
            return "no clause fires, and the search did not finish in its time limit"
        if self.completable is None:
            return "the search did not finish in its time limit: the clauses' word stands alone"
        if self.completable and self.fired:
            return (
                "the line can still be completed, so every clause that fires here is "
                "wrong on it: the completion proves it"
            )
        if self.completable:
            return "the line can still be completed, and no clause fires"
        if self.fired:
            return "the line cannot be completed, and the clauses above say why"
        return (
            "the line cannot be completed, but no clause fires: the rules do not see "
            "this dead end (they are incomplete here)"
        )

    def lines(self, time_limit: float | None) -> list[str]:
        """For people: the verdict, the fired clauses and the note."""
        out = [_verdict_line(self.completion, time_limit)]
        for f in self.fired:
            out += f.lines()
            if self.completable:
                out.append("  wrong here: the line can still be completed")
        out.append(self.note())
        return out


def _verdict_line(completion: Completion, time_limit: float | None) -> str:
    if completion.completable is None:
        return f"whether the line can be completed: unknown ({time_limit:g} s time limit)"
    if completion.completable:
        line = " ".join(f"{x},{y}" for x, y in completion.line or ())
        return f"the line can still be completed, e.g. {line}"
    return "this line cannot be completed"


def explain(
    panel: Panel,
    path: Sequence[Vertex],
    rules: Rules,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Explanation:
    """Whether ``path`` (a line drawn so far) can be completed, and every clause
    of ``rules`` that fires on it, where and why."""
    line = drawn_line(panel, path)
    silent = rules_apply(rules, panel)
    fired = fired_clauses(rules, panel, line)
    return Explanation(rules, tuple(line), complete(panel, line, time_limit), tuple(fired), silent)


# ---------------------------------------------------------------------- hint
@dataclass(frozen=True)
class Avoid:
    """A next step the rules show to be a dead end, and the clause that shows it."""

    to: Vertex
    fired: Fired

    def to_dict(self) -> dict:
        return {"to": list(self.to), **self.fired.to_dict()}


@dataclass(frozen=True)
class Hint:
    """``witness hint``: the line so far extended by the hinted steps (when it
    can be completed), the next steps the rules rule out (``avoid``, proven
    clauses only), or the explanation of a dead line."""

    path: tuple[Vertex, ...]
    steps: tuple[Vertex, ...]
    completable: bool | None
    avoid: tuple[Avoid, ...] = ()
    explanation: Explanation | None = None
    rules: str = ""

    def to_dict(self) -> dict:
        out: dict[str, object] = {
            "path": [list(v) for v in self.path],
            "steps": [list(v) for v in self.steps],
            "completable": self.completable,
            "rules": self.rules,
            "avoid": [a.to_dict() for a in self.avoid],
        }
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_dict()
        return out

    def lines(self, time_limit: float | None) -> list[str]:
        if self.explanation is not None:
            return self.explanation.lines(time_limit)
        if self.completable is None:
            return [f"no hint: the search found no completion in {time_limit:g} s"]
        if self.completable is False:
            return ["no hint: the panel has no solution"]
        if not self.steps:
            return ["the line is finished: it solves the panel"]
        out = ["next: " + " ".join(f"{x},{y}" for x, y in self.steps)]
        out.append("line: " + " ".join(f"{x},{y}" for x, y in self.path))
        for a in self.avoid:
            out.append(
                f"avoid {a.to[0]},{a.to[1]}: clause {a.fired.index} ({a.fired.status}) "
                f"fires on the {a.fired.place.kind} at {list(a.fired.place.at)}, "
                f"{a.fired.place.where}: {a.fired.english}"
            )
        return out


def hint(
    panel: Panel,
    path: Sequence[Vertex] | None,
    rules: Rules,
    steps: int = DEFAULT_STEPS,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Hint:
    """The next ``steps`` steps of a solution from where ``path`` stands (from a
    start when None), the next steps the rules' proven clauses rule out, or,
    when the line cannot be completed, the explanation."""
    line = None if path is None else drawn_line(panel, path)
    completion = complete(panel, line, time_limit)
    if line is None:  # from the start the solution found begins at
        line = [] if completion.line is None else [completion.line[0]]
    if completion.completable is False and path is not None:
        fired = fired_clauses(rules, panel, line)
        explanation = Explanation(
            rules, tuple(line), completion, tuple(fired), rules_apply(rules, panel)
        )
        return Hint(tuple(line), (), False, explanation=explanation, rules=rules.name)
    if completion.line is None:
        return Hint(tuple(line), (), completion.completable, rules=rules.name)
    extended = completion.line[: len(line) + steps]
    return Hint(
        tuple(extended),
        tuple(extended[len(line) :]),
        True,
        tuple(avoid_steps(panel, line, rules)),
        rules=rules.name,
    )


def avoid_steps(panel: Panel, line: Sequence[Vertex], rules: Rules) -> list[Avoid]:
    """The next steps from the head of ``line`` on which a proven clause of
    ``rules`` fires (the first such clause each): what a player who knows those
    rules sees is a dead end."""
    out: list[Avoid] = []
    if not line:
        return out
    for w in sorted(panel.neighbours((line[-1][0], line[-1][1]))):
        step = [*line, w]
        lines = lines_of(panel, step)
        if path_violations(panel, lines, finished=False):
            continue
        sound = [f for f in fired_clauses(rules, panel, step) if f.proven]
        if sound:
            out.append(Avoid(w, sound[0]))
    return out
