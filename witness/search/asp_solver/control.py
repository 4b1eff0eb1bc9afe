"""clingo's controls by a deadline: grounding in a thread the caller can leave,
waiting for a solve handle past clasp's spurious wake-ups; clingo's log, and
clingo's terms of the grid's pairs."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

import clingo

from witness.model.base import Vertex

logger = logging.getLogger(__name__)


def pair(v: Iterable[float]) -> str:
    """A pair of numbers as a clingo term ``(X, Y)``; an edge's midpoint (a
    start or an end half way along it) as ``h(PX, PY)``, its doubled-grid place."""
    x, y = v
    if x % 1 or y % 1:
        return f"h({int(2 * x)}, {int(2 * y)})"
    return f"({x}, {y})"


def symbol_vertex(sym: clingo.Symbol) -> Vertex:
    """A clingo pair ``(X, Y)`` (or a midpoint ``h(PX, PY)``, :func:`pair`) as a vertex tuple."""
    x, y = sym.arguments
    if sym.name == "h":
        return (_half(x.number), _half(y.number))
    return (x.number, y.number)


def _half(c: int) -> float:
    return c // 2 if c % 2 == 0 else c / 2


def path_from_edges(start: Vertex, edges: Iterable[tuple[Vertex, Vertex]]) -> list[Vertex]:
    """Walk a set of undirected edges that forms a simple path from ``start``."""
    nbrs: dict[Vertex, list[Vertex]] = {}
    for u, v in edges:
        nbrs.setdefault(u, []).append(v)
        nbrs.setdefault(v, []).append(u)
    path = [start]
    prev = None
    while True:
        nxt = [w for w in nbrs.get(path[-1], []) if w != prev]
        if not nxt:
            return path
        prev = path[-1]
        path.append(nxt[0])


def clingo_log(code: clingo.MessageCode, message: str) -> None:
    logger.debug("clingo: %s", message.strip())


# The longest single wait (31 years): a thread join overflows past threading.TIMEOUT_MAX
# (~9.2e9 s) and clasp's timed wait answers False at once near it; wait_by waits again.
LONGEST_WAIT = 1e9


# Grounding threads left to finish on their own (ground_by): while one runs,
# the interpreter's exit crashes inside clingo (a segmentation fault, exit
# status 139), so a program ends with os._exit instead (grounding_left).
_LEFT: list[threading.Thread] = []


def grounding_left() -> bool:
    """Is a grounding that ran past its deadline still going on?"""
    _LEFT[:] = [t for t in _LEFT if t.is_alive()]
    return bool(_LEFT)


def ground_by(ctl: clingo.Control, program: str, deadline: float | None) -> bool:
    """Parse and ground ``program``; False when ``deadline`` (a perf_counter
    time) passes first. clingo cannot stop grounding, so it runs in a daemon
    thread (clingo lets go of the GIL meanwhile) that is left to finish on
    its own (:func:`grounding_left`); ``ctl`` must then not be used again."""
    failure: list[BaseException] = []

    def work() -> None:
        try:
            ctl.add("base", [], program)
            ctl.ground([("base", [])])
        except BaseException as exc:  # raised again in the caller's thread
            failure.append(exc)

    if deadline is None:
        work()
    else:
        worker = threading.Thread(target=work, name="clingo-ground", daemon=True)
        worker.start()
        worker.join(min(max(0.0, deadline - time.perf_counter()), LONGEST_WAIT))
        if worker.is_alive():
            _LEFT.append(worker)
            return False
    if failure:
        raise failure[0]
    return True


def wait_by(handle: clingo.SolveHandle, deadline: float | None) -> bool:
    """Wait for ``handle``'s next result; False only when ``deadline`` (a
    perf_counter time) has passed first. clasp's timed wait (5.8) waits on its
    condition variable once and answers False on any wake-up that finds no
    result, a spurious one too. Taken for a time-out, such a False would end
    a solve as ``timed_out`` long before its limit, so a False before the
    deadline is waited out again."""
    if deadline is None:
        return handle.wait()
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            return handle.wait(0)
        if handle.wait(min(left, LONGEST_WAIT)):
            return True
