"""A stage of a panel's solve: one grounded program (some families left to
the rules checker, one clingo configuration) whose turns are solve calls of
one control, each line the checker rejects a nogood from then on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import clingo

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.rules import CheckStopped, check
from witness.search.asp_solver.control import clingo_log, ground_by, symbol_vertex, wait_by
from witness.search.asp_solver.lazy import LazyCheck
from witness.search.asp_solver.narrow import unwrap
from witness.search.asp_solver.program import lazy_families, panel_program, unsure_possible
from witness.search.asp_solver.settings import DEFAULT_SETTINGS, AspSettings


def _line_of(model: clingo.Model) -> list[Vertex]:
    """The first line of an answer set, from its start along the chosen edges."""
    nbrs: dict[Vertex, list[Vertex]] = {}
    start: Vertex | None = None
    for s in model.symbols(shown=True):
        if s.name == "unsure":
            continue
        ends = [symbol_vertex(a) for a in s.arguments]
        if s.name == "first":
            start = ends[0]
        else:
            nbrs.setdefault(ends[0], []).append(ends[1])
            nbrs.setdefault(ends[1], []).append(ends[0])
    assert start is not None
    path, prev = [start], None
    while nxt := [w for w in nbrs.get(path[-1], []) if w != prev]:
        prev = path[-1]
        path.append(nxt[0])
    return path


@dataclass
class Enumeration:
    """How an enumeration ended: ``complete`` unless the time limit stopped it."""

    complete: bool = True
    ground_seconds: float = 0.0
    models: int = 0  # answer sets clingo gave (before the checker filter)
    choices: int = 0
    conflicts: int = 0
    at_conflicts: bool = False  # stopped at the conflict budget, not the time limit
    # what ended it: "exhausted", "conflicts" (the budget), "grounding", "limit"
    # (before resuming), "wait" (waiting for clingo), "check" (a rules check
    # past the limit); "" when the caller stopped taking lines
    stop: str = ""


def _rule_body(ctl: clingo.Control, nogood: list[tuple[clingo.Symbol, bool]]) -> list[int] | None:
    """A nogood over atoms as the body of an integrity constraint (program
    literals); None when it can never hold (an atom it wants true is not in
    the ground program; one it wants false and absent is left out)."""
    body = []
    for symbol, truth in nogood:
        atom = ctl.symbolic_atoms[symbol]
        if atom is None and truth:
            return None
        if atom is not None:
            body.append(atom.literal if truth else -atom.literal)
    return body


def stage_options(
    configuration: str | None, domain: bool = False, settings: AspSettings = DEFAULT_SETTINGS
) -> list[str]:
    """clingo's options for a stage of a panel's solve: every answer set
    projected on the line, ``configuration`` (None: clingo's default), with
    ``domain`` the encodings' domain heuristics (the dots covered first,
    panel_dots.lp; the line before the pieces, panel_polyominoes.lp), then
    ``settings.clingo_options``."""
    options = ["--models=0", "--project=project", "--eq=0"]
    if configuration is not None:
        options.append(f"--configuration={configuration}")
    if domain:
        options.append("--heuristic=Domain")
    return options + list(settings.clingo_options)


class Stage:
    """One grounded program of a panel (the families ``lazy`` left to the
    rules checker, clingo's ``configuration``), kept for every turn a solve
    gives it: each turn is one more solve call of the same control, so
    clingo goes on with what it learnt (its learnt nogoods and heuristic
    scores) instead of starting again, and every line or region the checker
    rejected is added to the program as an integrity constraint, so that no
    later turn proposes it again. With ``line_first`` clingo runs with the
    domain heuristics, which on a panel with pieces decide the line before
    them (panel_polyominoes.lp)."""

    def __init__(
        self,
        panel: Panel,
        lazy: frozenset[str],
        configuration: str | None,
        deadline: float | None,
        line_first: bool = False,
        settings: AspSettings = DEFAULT_SETTINGS,
    ) -> None:
        self.panel = panel
        self.configuration = settings.configuration if configuration is None else configuration
        # the domain heuristics: the dots first on a panel without pieces; the
        # line before the pieces when asked (stage_schedule asks only with pieces)
        domain = bool(panel.dots and not panel.polyominoes) or line_first
        options = stage_options(self.configuration, domain, settings)
        t0 = time.perf_counter()
        self.ctl = clingo.Control(options, logger=clingo_log)
        # a control still grounding in its thread must not be touched again
        self.grounded = ground_by(self.ctl, panel_program(panel, lazy, settings), deadline)
        self.ground_seconds = time.perf_counter() - t0
        self.checker = None
        if lazy and self.grounded:
            self.checker = LazyCheck(self.ctl, panel, lazy, clingo_tiles=True, settings=settings)
        self.exact = not unsure_possible(panel, lazy, settings)
        # an unsure answer's line that the checker rejects: its regions of pieces
        # and cancellers are checked one by one, as in the lazy stage
        families = frozenset({"polyominoes", "cancellers"})
        unsure = self.grounded and not self.exact
        self.unsure_check = (
            LazyCheck(self.ctl, panel, families, settings=settings) if unsure else None
        )
        self.rejected: list[list[tuple[clingo.Symbol, bool]]] = []  # not yet in the program

    def _keep_out(self) -> None:
        """The nogoods found in the last turn, as integrity constraints."""
        if not self.rejected:
            return
        with self.ctl.backend() as backend:
            for nogood in self.rejected:
                body = _rule_body(self.ctl, nogood)
                if body is not None:
                    backend.add_rule([], body)
        self.rejected.clear()

    def _verdict(self, model: clingo.Model, deadline: float | None) -> list[Vertex] | None:
        """The model's line when the checker accepts it; else None, and the
        regions (or the line) it rejected are nogoods from now on."""
        line = unwrap(self.panel, _line_of(model))
        unsure = not self.exact and model.contains(clingo.Function("unsure"))
        nogoods = self.checker.nogoods(line, deadline) if self.checker else []
        if not nogoods and unsure and not check(self.panel, line, deadline).solved:
            # the regions it rejects, or else the line itself by its projection
            nogoods = self.unsure_check.nogoods(line, deadline)
            shown = model.symbols(shown=True)
            nogoods = nogoods or [[(s, True) for s in shown if s.name in ("sel", "first")]]
        for nogood in nogoods:
            model.context.add_nogood(nogood)
        self.rejected += nogoods
        return None if nogoods else line

    def lines(
        self, deadline: float | None, record: Enumeration, conflicts: int | None
    ) -> Iterator[list[Vertex]]:
        """One turn: the solutions clingo finds within ``conflicts`` conflicts
        (None: no bound) and by ``deadline``; how it ended goes in ``record``."""
        if deadline is not None and time.perf_counter() >= deadline:
            # no time left: an asynchronous solve would make choices before it is stopped
            record.complete, record.stop = False, "limit"
            return
        self.ctl.configuration.solve.solve_limit = "umax" if conflicts is None else str(conflicts)
        self._keep_out()
        try:
            with self.ctl.solve(yield_=True, async_=True) as handle:
                while True:
                    if deadline is not None and time.perf_counter() >= deadline:
                        record.complete, record.stop = False, "limit"  # wait(0) could give a model
                        break
                    handle.resume()
                    if not wait_by(handle, deadline):
                        handle.cancel()
                        record.complete, record.stop = False, "wait"
                        break
                    model = handle.model()
                    if model is None:
                        record.complete = bool(handle.get().exhausted)
                        record.at_conflicts = not record.complete  # stopped by the solve limit
                        record.stop = "exhausted" if record.complete else "conflicts"
                        break
                    record.models += 1
                    try:
                        line = self._verdict(model, deadline)
                    except CheckStopped:  # the limit passed inside one line's check
                        record.complete, record.stop = False, "check"
                        break
                    if line is not None:
                        yield line
        finally:  # also when the caller stops after the first solution
            stats = self.ctl.statistics.get("solving", {}).get("solvers", {})
            record.choices = int(stats.get("choices", 0))
            record.conflicts = int(stats.get("conflicts", 0))


def panel_lines(
    panel: Panel,
    time_limit: float | None = None,
    record: Enumeration | None = None,
    lazy: frozenset[str] | None = None,
    conflicts: int | None = None,
    configuration: str | None = None,
    settings: AspSettings = DEFAULT_SETTINGS,
) -> Iterator[list[Vertex]]:
    """Every solution of ``panel`` (its first line), each once, from clingo;
    stops early (``record.complete`` False) when ``time_limit`` seconds pass
    or clingo meets ``conflicts`` conflicts. ``lazy``: the families left to
    the rules checker (default :func:`lazy_families`); each region of theirs
    it rejects becomes a nogood. ``configuration``: clingo's (default
    ``settings.configuration``)."""
    record = record if record is not None else Enumeration()
    lazy = lazy_families(panel, settings=settings) if lazy is None else lazy
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    stage = Stage(panel, lazy, configuration, deadline, settings=settings)
    record.ground_seconds = stage.ground_seconds
    if not stage.grounded:
        record.complete, record.stop = False, "grounding"
        return
    yield from stage.lines(deadline, record, conflicts)
