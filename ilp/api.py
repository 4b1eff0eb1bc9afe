"""The public entry point: ``learn(task_dir, ...)`` with either engine.

``engine="ilp"`` runs this package's learning-from-failures loop
(:mod:`~ilp.loop`), ``engine="popper"`` the real Popper
(:mod:`~ilp.run_popper`); both return the records of
:mod:`~ilp.results`.
"""

from __future__ import annotations

import logging
import sys
import time
from dataclasses import replace
from pathlib import Path

from ilp.bias import Bias, read_bias
from ilp.results import UNIT_WEIGHTS, Program, Scores, Stats, Weights, peak_rss_mb
from ilp.task import TaskError, TaskFiles

ENGINES = ("ilp", "popper")

logger = logging.getLogger("ilp")


def load_task(
    task_dir: str | Path,
    max_vars: int | None = None,
    max_body: int | None = None,
    max_clauses: int | None = None,
) -> tuple[TaskFiles, Bias]:
    """Locate a task folder and read its bias, with optional bound overrides."""
    files = TaskFiles.locate(task_dir)
    bias = read_bias(files.bias)
    given = {"max_vars": max_vars, "max_body": max_body, "max_clauses": max_clauses}
    for k, v in given.items():
        if v is not None and v < 1:
            raise TaskError(f"{k} must be >= 1, got {v}")
    bias = replace(
        bias,
        max_vars=bias.max_vars if max_vars is None else max_vars,
        max_body=bias.max_body if max_body is None else max_body,
        max_clauses=bias.max_clauses if max_clauses is None else max_clauses,
    )
    if bias.max_vars < bias.head.arity:
        raise TaskError(f"max_vars {bias.max_vars} is smaller than the head arity")
    return files, bias


def check_weights(weights: Weights | None, noisy: bool, engine: str, bias: Bias) -> Weights:
    """The description length's weights to learn with; a :class:`TaskError`
    where they cannot apply (without noise, with recursion, with Popper)."""
    if weights is None or weights == UNIT_WEIGHTS:
        return UNIT_WEIGHTS
    if not noisy:
        raise TaskError("weights of the description length need noisy learning (--noisy)")
    if bias.recursion or engine != ENGINES[0]:
        what = "enable_recursion" if bias.recursion else f"engine {engine!r}"
        raise TaskError(f"weights of the description length are not supported with {what}")
    return weights


def new_stats(engine: str, files: TaskFiles, bias: Bias, run: dict, weights: Weights) -> Stats:
    """The run's record, with the settings it ran with (the program file's header):
    the bias's bounds, then ``run``'s (limits, noise), then the weights if any."""
    return Stats(
        engine=engine,
        task=str(files.folder),
        settings={
            **bias.settings(),
            **run,
            **({} if weights == UNIT_WEIGHTS else {"weights": weights.as_dict()}),
            "max_clauses_is_hard_limit": bias.max_clauses is not None,
        },
    )


def show_progress() -> None:
    """Send the engine's progress lines (``logging`` INFO) to stderr, once per process."""
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("[learn] %(message)s"))
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)


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
    The search stops a little before the end (:data:`END_RESERVE`) to leave
    time for the final combine and check; ``stats.deadline`` is the end
    (``time.time()`` seconds) and ``stats.returned`` when ``learn`` returned.
    """
    started = time.time() if started is None else started
    if isolate:  # every other argument, as given, for the child's own call
        options = {k: v for k, v in locals().items() if k not in ("task_dir", "timeout", "isolate")}
        from ilp.isolated import learn_isolated

        return learn_isolated(task_dir, timeout, **options)
    t0 = time.perf_counter()
    # the end on this process's clock: the time since ``started`` is spent
    end = None if timeout is None else t0 + timeout - (time.time() - started)
    if engine not in ENGINES:
        raise TaskError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if timeout is not None and timeout < 0:
        raise TaskError(f"timeout must be >= 0, got {timeout}")
    if progress:
        show_progress()
    files, bias = load_task(task_dir, max_vars=max_vars, max_body=max_body, max_clauses=max_clauses)
    weights = check_weights(weights, noisy, engine, bias)
    run = {
        "timeout": timeout,
        "eval_timeout": eval_timeout,
        "inferences_per_example": inferences_per_example,
        "noisy": noisy,
    }
    stats = new_stats(engine, files, bias, run, weights)
    if engine == "popper":
        from ilp.run_popper import learn_with_popper

        return learn_with_popper(
            files, bias, timeout, stats, eval_timeout, inferences_per_example, noisy=noisy
        )

    from ilp.loop import learn_from_failures

    stats.deadline = None if timeout is None else round(started + timeout, 3)
    program, scores = learn_from_failures(
        files,
        bias,
        stats,
        end,
        eval_timeout,
        inferences_per_example,
        combine_timeout,
        noisy=noisy,
        weights=weights,
    )
    stats.seconds = round(time.perf_counter() - t0, 3)
    stats.returned = round(time.time(), 3)
    stats.peak_rss_mb = round(peak_rss_mb(), 1)
    return program, scores, stats
