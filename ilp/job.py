"""One learning job in this process: the task read, the bounds and weights
checked, then either engine run (:mod:`~ilp.loop`, or the real Popper by
:mod:`~ilp.run_popper`), returning the records of :mod:`~ilp.results`.

:func:`ilp.api.learn` calls :func:`run_job` here, or in a child process
through :mod:`~ilp.isolated`, whose child calls it too: both import this
module, and it imports neither, so the modules' imports point one way
(``api`` -> ``isolated`` -> ``job``).
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


def run_job(
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
    started: float | None = None,
) -> tuple[Program, Scores, Stats]:
    """Learn a program for ``task_dir`` in this process; the arguments are
    :func:`ilp.api.learn`'s (but ``isolate``)."""
    started = time.time() if started is None else started
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
