"""A panel's solve as a schedule of turns of its stages (a prelude, then the
whole encoding and the lazy stage in turn), the rules checker's second
opinion on the line found, and counting."""

from __future__ import annotations

import itertools
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.rules import CheckStopped, check
from witness.search.asp_solver.program import is_exact, lazy_families
from witness.search.asp_solver.settings import DEFAULT_SETTINGS, AspSettings
from witness.search.asp_solver.stage import Enumeration, Stage, panel_lines
from witness.search.count import CountResult, count_lines
from witness.search.result import SolveResult

logger = logging.getLogger(__name__)


def asp_summary(result: SolveResult) -> str:
    """One-line report in clingo's own terms (``SolveResult.summary`` speaks of A*)."""
    extra = result.extra
    head = (
        f"{result.status}: {extra['choices']} choices, {extra['conflicts']} conflicts, "
        f"{result.seconds:.4f} s (clingo; grounding {extra['ground_seconds']:.4f} s)"
    )
    if result.path:
        head += "\npath: " + " ".join(f"{x},{y}" for x, y in result.path)
    return head


@dataclass(frozen=True)
class Turn:
    """One turn of a staged solve: the stage (``second``: the lazy one),
    clingo's configuration (None: the settings' ``configuration``), its
    conflicts (None: no budget) and whether clingo decides the line before
    the pieces (``line_first``; ``line_first_conflicts``)."""

    second: bool
    configuration: str | None
    conflicts: int | None
    line_first: bool = False


def stage_schedule(
    staged: bool, pieces: bool = False, settings: AspSettings = DEFAULT_SETTINGS
) -> Iterator[Turn]:
    """The turns of a solve, in order (:func:`solve_panel_asp`): one turn
    without a budget when not ``staged``; else the prelude (on a panel with
    ``pieces`` first ``settings.line_first_conflicts`` that decide the line
    before the pieces, then ``settings.prelude_conflicts``), then the whole
    encoding and the lazy stage in turn, each with twice its conflicts at
    its next turn, the whole encoding taking ``settings.whole_configurations``
    in turn."""
    if not staged:
        yield Turn(False, None, None)
        return
    prelude = settings.prelude_configuration
    if settings.prelude_conflicts:
        if pieces and settings.line_first_conflicts:
            yield Turn(False, prelude, settings.line_first_conflicts, line_first=True)
        yield Turn(False, prelude, settings.prelude_conflicts)
    whole, lazy = settings.first_conflicts, settings.lazy_conflicts
    configurations = settings.whole_configurations
    for turn in itertools.count():
        yield Turn(False, configurations[turn % len(configurations)], whole)
        yield Turn(True, None, lazy)
        # past 10**8 conflicts, no budget: the time limit ends the turn
        whole = 2 * whole if whole is not None and whole < 10**8 else None
        lazy = 2 * lazy if lazy is not None and lazy < 10**8 else None


def solve_panel_asp(
    panel: Panel, time_limit: float | None = None, settings: AspSettings = DEFAULT_SETTINGS
) -> SolveResult:
    """The first solution clingo finds (status solved, unsolvable or timed_out).

    On a panel with polyominoes or cancellers, in two stages (module doc)
    taken in turn (:func:`stage_schedule`): after a short prelude, the whole
    encoding for ``settings.first_conflicts`` conflicts, then, if that did not
    decide, the tiling and the cancellers left to the rules checker for
    ``settings.lazy_conflicts``, then the whole encoding again with twice its
    conflicts, and so on until one decides or the time is up."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    staged = settings.lazy is None and bool(panel.polyominoes or panel.cancellers)
    total, stages = Enumeration(), 0
    kept: dict[tuple[bool, str | None, bool], Stage] = {}  # every stage goes on where it stopped
    for turn in stage_schedule(staged, pieces=bool(panel.polyominoes), settings=settings):
        stages += 1
        record = Enumeration()
        key = (turn.second, turn.configuration, turn.line_first)
        if key not in kept:
            lazy = lazy_families(panel, second=turn.second, settings=settings)
            kept[key] = Stage(panel, lazy, turn.configuration, deadline, turn.line_first, settings)
            record.ground_seconds = kept[key].ground_seconds
        stage = kept[key]
        path = None
        if not stage.grounded:
            record.complete, record.stop = False, "grounding"
        else:
            lines = stage.lines(deadline, record, turn.conflicts)
            path = next(lines, None)
            lines.close()
        total.ground_seconds += record.ground_seconds
        total.choices += record.choices
        total.conflicts += record.conflicts
        out_of_time = deadline is not None and time.perf_counter() >= deadline
        if not (path is None and record.at_conflicts) or out_of_time:
            break
    record.ground_seconds, record.choices, record.conflicts = (
        total.ground_seconds,
        total.choices,
        total.conflicts,
    )
    # a line whose tiling clingo decided in the lazy stage (LazyCheck.rejects)
    # gets the checker's short word: its search overran there already
    short = stage.checker is not None and stage.checker.by_clingo
    least = settings.second_opinion_seconds
    opinion = "" if path is None else _second_opinion(panel, path, t0, time_limit, least, short)
    timed_out = path is None and not record.complete
    status = "solved" if path else "timed_out" if timed_out else "unsolvable"
    seconds = time.perf_counter() - t0
    return SolveResult(
        solved=path is not None,
        path=path,
        expansions=record.choices,
        generated=0,
        seconds=seconds,
        timed_out=timed_out,
        status=status,
        predicate="asp",
        mode="clingo",
        extra={
            "choices": record.choices,
            "conflicts": record.conflicts,
            "ground_seconds": record.ground_seconds,
            "solve_seconds": seconds - record.ground_seconds,
            "checker_filter": not is_exact(panel, settings),
            "stages": stages,
            "stop": record.stop or "line",  # how the last stage ended (Enumeration.stop)
            # the rules checker on the line found
            "second_opinion": opinion,
        },
    )


def _second_opinion(
    panel: Panel,
    path: list[Vertex],
    t0: float,
    time_limit: float | None,
    least: float,
    short: bool = False,
) -> str:
    """The rules checker's word on clingo's line: ``agrees``, or ``stopped``
    when it stopped first, at the time limit or once it has taken as long as
    the solve (at least ``least`` seconds; only that when ``short``); the
    encoding's word then stands (a line whose answer set was unsure was
    checked already, an exact answer set holds the tiling its regions need,
    and clingo tiled the regions whose search overran). A line
    it rejects is a RuntimeError: the encoding and the checker disagree."""
    now = time.perf_counter()
    deadline = now + (least if short else max(least, now - t0))
    if time_limit is not None:
        deadline = min(deadline, t0 + time_limit)
    try:
        solved = check(panel, path, deadline).solved
    except CheckStopped:
        logger.info("the rules checker stopped before confirming clingo's line %s", path)
        return "stopped"
    if not solved:
        raise RuntimeError(f"the ASP encoding accepted a line the checker rejects: {path}")
    return "agrees"


def count_panel_asp(
    panel: Panel, time_limit: float | None = None, settings: AspSettings = DEFAULT_SETTINGS
) -> CountResult:
    """Count every solution of ``panel`` with clingo."""
    t0 = time.perf_counter()
    record = Enumeration()
    lines = panel_lines(panel, time_limit, record, settings=settings)
    return count_lines(lines, lambda: record.complete, "asp", t0)
