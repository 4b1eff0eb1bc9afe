"""witness-ilp: learn human-readable predicates for Witness puzzles with ILP.

The Python API, the same calls the ``witness`` command makes (docs/api.md):

- :func:`load` and :func:`save`: a panel from and to its JSON file;
- :func:`solve`: A* (Algorithm 1) with a predicate (``witness solve``);
- :func:`count`: every solution, by the rules checker or clingo (``witness solve --count``);
- :func:`check`: does a line solve a panel, and what does it break (``witness check``);
- :func:`render`: a picture of a panel, a line and its violations (``witness show``);
- :func:`explain` and :func:`hint`: why a line drawn so far is a dead end, and
  where to go next (``witness explain``, ``witness hint``);
- :func:`score`: MUSE and ReMUSE, the difficulty in bits (``witness difficulty``);
- :func:`learn`: a program from a Popper task folder (``witness learn``).

The records they return are :class:`Panel`, :class:`SolveResult`,
:class:`CountResult`, :class:`Verdict`, :class:`Difficulty` and ilp's
``Program``, ``Scores`` and ``Stats``. Importing ``witness`` loads neither a
compiled search core, nor clingo, nor SWI-Prolog: each function loads what it
needs on its first call. (The difficulty function is ``score``: the name
``witness.difficulty`` is the subpackage.)
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ilp import Program, Scores, Stats
    from witness.difficulty.muse import Difficulty
    from witness.model.panel import Panel
    from witness.model.rules import Verdict, Violation
    from witness.pipeline.explain import Explanation, Hint
    from witness.search.count import CountResult
    from witness.search.predicates import Predicate
    from witness.search.result import SolveResult

__all__ = [
    "CountResult",
    "Difficulty",
    "Panel",
    "SolveResult",
    "Verdict",
    "check",
    "count",
    "explain",
    "hint",
    "learn",
    "load",
    "render",
    "save",
    "score",
    "solve",
]
# The records, loaded on first use as the functions' modules are.
_HOME = {
    "CountResult": "witness.search.count",
    "Difficulty": "witness.difficulty.muse",
    "Panel": "witness.model.panel",
    "SolveResult": "witness.search.result",
    "Verdict": "witness.model.rules",
}
Vertex = tuple[int, int]
log = logging.getLogger(__name__)


def __getattr__(name: str) -> type:
    """The records (``witness.Panel``, ...), imported when first asked for."""
    if name in _HOME:
        return getattr(importlib.import_module(_HOME[name]), name)
    raise AttributeError(f"module 'witness' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The package's names and the records: help(witness) and completion list them too."""
    return sorted({*globals(), *_HOME})


def load(path: str | Path) -> Panel:
    """The panel in a JSON file (docs/DESIGN.md's format; a triangle puzzle is a panel too).

    Bad input raises :class:`~witness.errors.InputError` with a one-line reason."""
    from witness.model.panel import Panel

    return Panel.load(path)


def save(panel: Panel, path: str | Path) -> Path:
    """Write ``panel`` as JSON to ``path`` (atomically). A file already there
    with other content is never replaced (:class:`~witness.io.OutputError`)."""
    from witness.io import write_files

    return write_files({path: panel.to_panel().to_json() + "\n"})[0]


def solve(
    panel: Panel,
    predicate: Predicate | str = "baseline",
    *,
    mode: str = "prune",
    base_prune: bool = False,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    memory_mb: float | None = None,
    prefix: Sequence[Vertex] | None = None,
) -> SolveResult:
    """A* (Algorithm 1) on ``panel``, pruning (``mode="prune"``) or sorting
    (``"sort"``) with ``predicate``: ``none``, ``baseline``, ``paper``, a
    learned ``FILE.pl`` or a :class:`~witness.search.predicates.Predicate`.
    Budgets and statuses as ``witness solve`` (docs/cli.md); ``prefix``, a
    line drawn so far, makes the search go on from it (``witness solve
    --from``). A search core that must first be compiled says so in a
    warning of the ``witness`` logger."""
    from witness.learning.translate import load_predicate
    from witness.search.solvers import solve as search
    from witness.search.solvers import warm_up

    predicate = load_predicate(predicate)
    warm_up(notice=log.warning)
    return search(
        panel,
        predicate,
        mode=mode,
        base_prune=base_prune,
        time_limit=time_limit,
        max_expansions=max_expansions,
        memory_mb=memory_mb,
        prefix=prefix,
    )


def count(panel: Panel, *, solver: str = "checker", time_limit: float | None = None) -> CountResult:
    """Every solution of ``panel``, counted by the rules checker over every
    legal line (``solver="checker"``, brute force: small panels) or by clingo
    (``"asp"``). A time limit that stops the count gives status ``timed_out``,
    ``count`` None and ``at_least`` the solutions found so far."""
    if solver == "asp":
        from witness.search.asp_solver import count_panel_asp

        return count_panel_asp(panel.to_panel(), time_limit=time_limit)
    if solver != "checker":
        from witness.errors import InputError

        raise InputError(f"solver {solver!r}: expected checker or asp")
    from witness.search.count import count_with_checker

    return count_with_checker(panel.to_panel(), time_limit=time_limit)


def check(panel: Panel, path: Sequence[Vertex]) -> Verdict:
    """Whether the line ``path`` (its vertices ``(x, y)``; with symmetry the
    first line) solves ``panel``, and the rules it breaks (``violations``)."""
    from witness.model.rules import check as rules_check

    return rules_check(panel.to_panel(), path)


def render(
    panel: Panel,
    out: str | Path,
    path: Sequence[Vertex] | None = None,
    violations: Sequence[Violation] = (),
    labels: bool = False,
    square_px: int | None = None,
) -> Path:
    """Draw ``panel`` (with ``path`` and rings round ``violations``, e.g.
    ``check(panel, path).violations``) to ``out``, a ``.svg`` or ``.png``
    file; ``labels`` numbers rows and columns as the messages count them;
    ``square_px`` is a PNG's pixels per grid square (default 75). A
    file there that this function did not draw is never replaced."""
    from witness.io import check_file
    from witness.model.render import IMAGE_MARK
    from witness.model.render import render as draw

    check_file(out, IMAGE_MARK.encode())
    draw(panel, Path(out), path=path, violations=violations, labels=labels, square_px=square_px)
    return Path(out)


def explain(
    panel: Panel,
    path: Sequence[Vertex],
    rules: str | None = None,
    *,
    time_limit: float | None = 5.0,
) -> Explanation:
    """Whether the line drawn so far ``path`` can still be completed (by search,
    within ``time_limit``: None past it) and each clause of ``rules``
    (``paper``, ``baseline``, ``hand`` or a learned ``FILE.pl``; by default
    ``paper`` on the paper's form, ``hand`` elsewhere) that fires on it, as
    ``witness explain``: ``to_dict()`` is its ``--json`` object."""
    from witness.pipeline.explain import default_rules, load_rules
    from witness.pipeline.explain import explain as explain_line

    panel = panel.to_panel()
    return explain_line(panel, path, load_rules(rules or default_rules(panel)), time_limit)


def hint(
    panel: Panel,
    path: Sequence[Vertex] | None = None,
    rules: str | None = None,
    *,
    steps: int = 3,
    time_limit: float | None = 5.0,
) -> Hint:
    """The next ``steps`` steps of a solution from where ``path`` stands (from a
    start when None), the next steps the proven clauses of ``rules`` rule out,
    or the explanation of a dead line, as ``witness hint``."""
    from witness.pipeline.explain import default_rules, load_rules
    from witness.pipeline.explain import hint as hint_line

    panel = panel.to_panel()
    return hint_line(panel, path, load_rules(rules or default_rules(panel)), steps, time_limit)


def score(
    panel: Panel,
    rules: Predicate | str = "none",
    *,
    clauses: Sequence[int] | None = None,
    lookahead: int = 0,
    time_limit: float | None = None,
    policy: str = "none",
) -> Difficulty:
    """The difficulty of ``panel``: MUSE and ReMUSE in bits (Chen 2023) for a
    player with inference ``rules`` (``none``, ``hand``, ``baseline``,
    ``paper`` or a proven learned ``FILE.pl``, only its ``clauses`` if given),
    as ``witness difficulty`` (docs/difficulty.md)."""
    from witness.difficulty.muse import check_settings
    from witness.difficulty.muse import score as muse
    from witness.difficulty.player import make_player

    check_settings(lookahead, time_limit)
    player = make_player(rules, clauses, policy)
    return muse(panel.to_panel(), player, lookahead, time_limit)


def learn(
    task: str | Path,
    timeout: float | None = 600.0,
    *,
    engine: str = "ilp",
    max_vars: int | None = None,
    max_body: int | None = None,
    max_clauses: int | None = None,
    noisy: bool = False,
    out: str | Path | None = None,
    learner: str = "ilp",
) -> tuple[Program, Scores, Stats]:
    """Learn a program from the Popper task folder ``task`` (``bk.pl``,
    ``bias.pl``, ``exs.pl``; ``witness examples`` writes one) with the ``ilp``
    engine (or ``popper``, when installed), in a child process as ``witness
    learn`` does; ``out`` also writes it as a learned ``FILE.pl`` (never over
    a file that is not one). The best program by ``timeout`` seconds is returned.
    ``learner`` ``enumerate``, ``gp`` or ``rules`` learns with another learner
    instead (docs/synthesis.md; the ``max_*`` and ``noisy`` options are the engine's)."""
    from ilp import learn as ilp_learn
    from witness.learning.learners import learn_with
    from witness.learning.learners.result import write_learned
    from witness.learning.program import check_program_path, engine_name

    if out is not None:  # before the learning, not after it
        check_program_path(out)
    if learner != "ilp":
        program, scores, stats = learn_with(task, learner, timeout=timeout)
    else:
        program, scores, stats = ilp_learn(
            task,
            timeout,
            engine=engine_name(engine),
            max_vars=max_vars,
            max_body=max_body,
            max_clauses=max_clauses,
            noisy=noisy,
            isolate=True,
        )
    if out is not None:
        write_learned(out, program, scores, stats)
    return program, scores, stats
