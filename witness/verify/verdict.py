"""Automatic proof that a predicate never fires on a prefix of a solution.

A predicate (``witness.search.predicates.Predicate``) has a *false positive* when
it returns True on a partial path that is a prefix of a solution: pruning
with it can lose the solution. ``verify_predicate`` decides, clause by
clause, whether such a prefix exists in any puzzle up to a given size (the
bounded check, one ASP problem per size: :mod:`witness.verify.bounded`), and
what that says about puzzles of every size (:mod:`witness.verify.generality`:
when, and why, a result for a *local* clause, one that does not read
``path_length``, holds on every grid).

Verdicts (per clause and for the whole predicate) say what was shown:

- ``proven``: no false positive on any grid size (a proof, see
  :mod:`witness.verify.generality`);
- ``bounded``: no counterexample on grids up to the checked size, nothing
  more: such a predicate may prune only puzzles within that size
  (:func:`may_prune`);
- ``refuted``: a checked counterexample; ``unknown``: neither, in the time.

A learned family program (clauses over the panel features) gets the same
verdicts from the same steps: its bounded check is the panel family's
(:data:`witness.verify.families.PANELS`) and its all-sizes argument the
implication of a sound rule (:mod:`witness.verify.panel_generality`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from witness.io import check_file, check_folder, make_folder, write_files
from witness.learning.translate import clause_text
from witness.model.base import Vertex, size_pair
from witness.model.panel import Panel
from witness.model.puzzle import is_paper_form
from witness.search.panel_features import blamed_place, reads_panel_features
from witness.search.predicates import Clause, Predicate
from witness.verify import generality as triangle_argument
from witness.verify import panel_generality as panel_argument
from witness.verify.bounded import (
    NO_COUNTEREXAMPLE,
    REFUTED,
    UNKNOWN,
    Counterexample,
    Family,
    verify_clauses,
)
from witness.verify.families import COLOURS, PANELS, TRIANGLES, covers_panel, panel_kinds

DEFAULT_MAX_SIZE = (4, 4)
# Learned family programs: panels up to 2x3 (every sound rule but one is
# checked there within half a minute), and a time limit when none is given.
PANEL_MAX_SIZE = (2, 3)
PANEL_TIME_LIMIT = 60.0

# The verdicts: REFUTED and UNKNOWN are the bounded check's own outcomes.
PROVEN, BOUNDED = "proven", "bounded"
# A triangle record's "starts": its bounded check covered puzzles with every
# start (a record without the key comes from a check of start (0, 0) only).
ANY_START = "any"


# ---------------------------------------------------------------- records
@dataclass
class ClauseResult:
    index: int  # 1 for the program's first clause, as translate and difficulty count
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
    # local | local + reachability | non-local (generality.clause_kind)
    kind: str = ""

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
            "kind": self.kind,
        }


@dataclass
class VerifyResult:
    predicate: str
    max_rows: int
    max_cols: int
    status: str  # proven (every clause) | bounded | refuted (some clause) | unknown
    clauses: list[ClauseResult]
    seconds: float
    # a learned family program: the kinds of object its clauses read (covers_panel)
    panel_kinds: tuple[str, ...] = ()

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
        out = {
            "predicate": self.predicate,
            "max_size": self.max_size,
            "status": self.status,
            "verdict": self.verdict,
            "all_sizes": self.all_sizes,
            "seconds": round(self.seconds, 4),
            "clauses": [c.to_dict() for c in self.clauses],
        }
        if self.panel_kinds:  # what a bounded verdict covers (may_prune)
            out["panel"] = {"kinds": list(self.panel_kinds), "colours": len(COLOURS)}
        else:  # the starts the bounded check covered (may_prune)
            out["starts"] = ANY_START
        return out

    def summary(self) -> str:
        lines = [self.verdict]
        for c in self.clauses:
            tag = c.kind or ("local" if c.local else "non-local")
            lines.append(f"clause {c.index} [{c.status}, {tag}]: {c.text}")
            if c.source:
                lines.append(f"  Prolog: {c.source}")
            lines.append(f"  {c.generality}")
            cx = c.counterexample
            if cx is not None:
                lines.append(
                    f"  counterexample: the clause fires on {cx.where()} (features {cx.features})"
                )
                lines.append(f"    puzzle:   {cx.puzzle.to_json()}")
                lines.append(f"    solution: {_path_json(cx.solution)}")
                lines.append(f"    prefix:   {_path_json(cx.prefix)}")
                lines.append(
                    f"    draw it (bash): {witness_command()} show <(echo '{cx.puzzle.to_json()}') "
                    f"--path '{_path_json(cx.prefix)}' --out clause{c.index}.svg"
                )
        return "\n".join(lines)


def witness_command() -> str:
    """The ``witness`` command as one would type it here: the one beside this
    Python (.venv/bin/witness after setup), relative to the working directory
    when under it, else ``witness``."""
    import os
    import sys

    exe = Path(sys.executable).with_name("witness")
    if not exe.is_file():
        return "witness"
    shown = os.path.relpath(exe) if exe.is_relative_to(Path.cwd()) else str(exe)
    return shown if os.sep in shown else f".{os.sep}{shown}"


def verdict_text(status: str, max_size: str) -> str:
    """The sentence for a verdict: what was shown, and for which sizes."""
    return {
        PROVEN: "proven for every size: no false positive on any grid",
        BOUNDED: f"no counterexample up to {max_size} (not proven for larger grids)",
        REFUTED: f"refuted: false positive found (sizes checked up to {max_size})",
    }.get(status, f"unknown: not every clause was decided up to {max_size}")


def may_prune(verdict: dict, rows: int, cols: int, panel: Panel | None = None) -> bool:
    """Whether a predicate with this verify record (``VerifyResult.to_dict()``)
    may prune on a ``rows`` x ``cols`` puzzle (``panel``, when it is one) without
    losing a solution.

    A triangle predicate is checked on every puzzle of the paper's form (any
    start, a goal on the rim elsewhere: choose.lp), so a proof for every size
    allows every such puzzle, and a bounded check those of the sizes it covered
    (``r x c`` and its mirror image ``c x r`` are the same search, see
    ``sizes_to_check``). A ``panel`` of another form (several starts or ends,
    other symbols) was not checked: there it only sorts. So does a bounded
    record without ``"starts": "any"``: it checked start (0, 0) only (a proof
    never depended on the start, see :mod:`witness.verify.generality`).

    A learned family program (its record has a ``panel`` key) is checked on
    panels with any start: proven, it prunes everywhere (it never fires on
    panels its features do not apply to); with a bounded verdict only on a
    ``panel`` the check covered (:func:`witness.verify.families.covers_panel`).
    """
    status = verdict.get("status")
    if "panel" in verdict:
        if status == PROVEN:
            return True
        if status != BOUNDED or panel is None:
            return False
        max_rows, max_cols = size_pair(verdict["max_size"])
        return covers_panel(panel, tuple(verdict["panel"]["kinds"]), max_rows, max_cols)
    if panel is not None and not is_paper_form(panel):  # not the paper's form
        return False
    if status == PROVEN:
        return True
    if status != BOUNDED or verdict.get("starts") != ANY_START:
        return False
    max_rows, max_cols = size_pair(verdict["max_size"])
    return (rows <= max_rows and cols <= max_cols) or (cols <= max_rows and rows <= max_cols)


def write_counterexamples(result: VerifyResult, out_dir: Path) -> list[Path]:
    """Write ``clauseN_puzzle.json``, ``clauseN_solution.json`` and ``clauseN_prefix.json``
    for every refuted clause N (inputs of ``witness show PUZZLE --path PATH``). A file
    of the same name with other content is never replaced (an
    :class:`~witness.io.OutputError` before anything is written)."""
    files = {}
    for c in result.clauses:
        cx = c.counterexample
        if cx is None:
            continue
        stem = f"clause{c.index}"
        files[out_dir / f"{stem}_puzzle.json"] = cx.puzzle.to_json() + "\n"
        files[out_dir / f"{stem}_solution.json"] = _path_json(cx.solution) + "\n"
        files[out_dir / f"{stem}_prefix.json"] = _path_json(cx.prefix) + "\n"
    make_folder(out_dir)
    return write_files(files)


def picture_name(index: int) -> str:
    """The file :func:`write_pictures` draws clause ``index``'s counterexample in."""
    return f"clause{index}.svg"


def check_pictures(out_dir: Path, names: list[str]) -> None:
    """An :class:`~witness.io.OutputError` unless ``out_dir`` can hold the
    pictures ``names``: a folder (or one that can be made) where a file of one
    of those names is a picture ``witness`` drew (``IMAGE_MARK``), never
    another file."""
    from witness.model.render import IMAGE_MARK  # matplotlib: only when drawing

    check_folder(out_dir)
    for name in names:
        check_file(out_dir / name, IMAGE_MARK.encode())


def write_pictures(result: VerifyResult, out_dir: Path) -> list[Path]:
    """Draw each counterexample as ``clauseN.svg`` for every refuted clause N:
    the panel, the prefix the clause fires on, and the square, cell or object
    it fires on ringed (the place :func:`~witness.search.panel_features.blamed_place`
    gives, as ``witness explain --out`` rings it), with row and column numbers.
    A file of the same name that is not a picture ``witness`` drew is never
    replaced (an :class:`~witness.io.OutputError` before anything is drawn)."""
    from witness.model.render import render  # matplotlib: only when drawing

    refuted = [(picture_name(c.index), c.counterexample) for c in result.clauses]
    drawn = [(name, cx) for name, cx in refuted if cx is not None]
    check_pictures(out_dir, [name for name, _ in drawn])
    make_folder(out_dir)
    for name, cx in drawn:
        place = blamed_place(cx.puzzle.to_panel(), cx.blamed)
        render(cx.puzzle, out_dir / name, cx.prefix, [place], labels=True)
    return [out_dir / name for name, _ in drawn]


def _path_json(path: list[Vertex]) -> str:
    return "[" + ", ".join(f"[{x}, {y}]" for x, y in path) + "]"


@dataclass(frozen=True)
class Argument:
    """A family's bounded check and its all-sizes argument: whether a clause
    not refuted is proven for every size, its tag, and the sentence that says
    what its outcome shows about every size, and why."""

    family: Family
    proven: Callable[[Clause], bool]
    kind: Callable[[Clause], str]
    local: Callable[[Clause], bool]
    explain: Callable[[Clause, str, int, int, Counterexample | None], str]
    max_size: tuple[int, int]  # what witness verify checks up to when no size is given
    time_limit: float | None = None  # the limit when none is given (None: no limit)


# Each family's all-sizes argument is a module with the same four functions
# (proven, clause_kind, clause_is_local, generality).
TRIANGLE_ARGUMENT = Argument(
    family=TRIANGLES,
    proven=triangle_argument.proven,
    kind=triangle_argument.clause_kind,
    local=triangle_argument.clause_is_local,
    explain=triangle_argument.generality,
    max_size=DEFAULT_MAX_SIZE,
)
PANEL_ARGUMENT = Argument(
    family=PANELS,
    proven=panel_argument.proven,
    kind=panel_argument.clause_kind,
    local=panel_argument.clause_is_local,
    explain=panel_argument.generality,
    max_size=PANEL_MAX_SIZE,
    time_limit=PANEL_TIME_LIMIT,
)


def argument_for(pred: Predicate) -> Argument:
    """The feature family of ``pred``'s clauses."""
    return PANEL_ARGUMENT if reads_panel_features(pred) else TRIANGLE_ARGUMENT


def default_max_size(pred: Predicate) -> tuple[int, int]:
    """The size ``witness verify`` checks up to when none is given."""
    return argument_for(pred).max_size


def verify_predicate(
    pred: Predicate,
    max_rows: int = DEFAULT_MAX_SIZE[0],
    max_cols: int = DEFAULT_MAX_SIZE[1],
    time_limit: float | None = None,
) -> VerifyResult:
    """Decide, clause by clause, whether ``pred`` fires on a solution prefix up
    to the size (the bounded check of its family), and what that says about
    every size (its family's all-sizes argument). A learned family program
    without ``time_limit`` gets :data:`PANEL_TIME_LIMIT`."""
    argument = argument_for(pred)
    limit = argument.time_limit if time_limit is None else time_limit
    t0 = time.perf_counter()
    outcomes = verify_clauses(argument.family, pred.clauses, max_rows, max_cols, limit)
    results = []
    pairs = zip(pred.clauses, outcomes, strict=True)
    for i, (clause, (outcome, cx, sizes, totals)) in enumerate(pairs, 1):
        all_sizes = outcome != REFUTED and argument.proven(clause)
        status = (
            REFUTED
            if outcome == REFUTED
            else PROVEN
            if all_sizes
            else BOUNDED
            if outcome == NO_COUNTEREXAMPLE
            else UNKNOWN
        )
        results.append(
            ClauseResult(
                index=i,
                text=clause_text(clause.comparisons, words=False),
                source=clause.source,
                status=status,
                local=argument.local(clause),
                kind=argument.kind(clause),
                generality=argument.explain(clause, outcome, max_rows, max_cols, cx),
                all_sizes=all_sizes,
                sizes_checked=sizes,
                counterexample=cx,
                seconds=totals["seconds"],
                choices=totals["choices"],
                conflicts=totals["conflicts"],
            )
        )
    kinds = panel_kinds(pred.clauses) if argument.family is PANELS else ()
    seconds = time.perf_counter() - t0
    return VerifyResult(
        pred.name, max_rows, max_cols, overall_status(results), results, seconds, kinds
    )


def overall_status(results: list[ClauseResult]) -> str:
    """A program's verdict from its clauses': refuted if one is, proven if all are."""
    statuses = {r.status for r in results}
    if REFUTED in statuses:
        return REFUTED
    if statuses <= {PROVEN}:
        return PROVEN
    return UNKNOWN if UNKNOWN in statuses else BOUNDED
