"""The public entry point: ``learn(task_dir, ...)`` with either engine.

``engine="ilp"`` runs this package's learning-from-failures loop
(:mod:`~ilp.loop`), ``engine="popper"`` the real Popper
(:mod:`~ilp.run_popper`); both return the records of
:mod:`~ilp.results`. The job runs in this process (:mod:`~ilp.job`) or, with
``isolate``, in a child process (:mod:`~ilp.isolated`).
"""

from __future__ import annotations

import time
from pathlib import Path

from ilp.job import ENGINES, load_task, run_job
from ilp.results import Program, Scores, Stats, Weights

__all__ = ["ENGINES", "learn", "load_task"]


def learn(
    task_dir: str | Path,
    timeout: float | None = 600.0,
    *,
    engine: str = "ilp",
    eval_timeout: float = 10.0,
    inferences_per_example: int = 200_000,
    max_vars: int | None = None,
    max_body: int | None = None,
    max_clauses: int | None = None,
    combine_timeout: float = 60.0,
    noisy: bool = False,
    weights: Weights | None = None,
    progress: bool = False,
    isolate: bool = False,
    started: float | None = None,
) -> tuple[Program, Scores, Stats]:
    """Learn a program for the Popper task folder ``task_dir``.

    ``timeout`` bounds the search (seconds, None for no bound); the best
    program found by then is returned. ``max_vars``, ``max_body`` and
    ``max_clauses`` override the bias file. ``engine="popper"`` runs the real
    Popper on the same folder (it must be importable). The program covers no
    negative example, unless ``noisy``: then it is the program of minimum
    description length (literals + FN + FP, Popper's ``--noisy``), each term
    weighted by ``weights`` (:class:`~ilp.results.Weights`; default all 1;
    not with recursion or the real Popper). ``progress`` logs
    progress lines to stderr (otherwise they go to the ``ilp`` logger).
    ``isolate`` runs all of this in a child process, so that a BK that halts,
    prints, crashes or never returns ends in a one-line :class:`BKError`
    (:mod:`~ilp.isolated`). ``started``: when the job began (``time.time()``
    seconds; default: now); ``timeout`` counts from then, so a caller's own
    start (:func:`ilp.clock.process_started`) and the child's are part of it.
    The search stops a little before the end (:data:`~ilp.loop.END_RESERVE`) to leave
    time for the final combine and check; ``stats.deadline`` is the end
    (``time.time()`` seconds) and ``stats.returned`` when ``learn`` returned.
    """
    started = time.time() if started is None else started  # the child's job began here too
    options = {k: v for k, v in locals().items() if k not in ("task_dir", "timeout", "isolate")}
    if isolate:  # every other argument, as given, for the child's own call
        from ilp.isolated import learn_isolated

        return learn_isolated(task_dir, timeout, **options)
    return run_job(task_dir, timeout, **options)
