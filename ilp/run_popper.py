"""Run the real Popper on a task folder, when ``import popper`` works.

This is the engine switch of docs/DESIGN.md ("Popper compatibility"): the same
folder, the same result types. Popper's program is re-scored with our tester,
so TP/FN/TN/FP mean the same for both engines. Popper's own settings
(recursion, its defaults, its combine step that may exceed ``max_clauses``)
apply; only the time-out is passed on.
"""

from __future__ import annotations

import importlib.util
import time

from ilp.bias import Bias
from ilp.results import Program, Scores, Stats, make_program
from ilp.rules import Literal, Rule
from ilp.task import TaskError, TaskFiles
from ilp.test import Tester


def popper_available() -> bool:
    """Whether the real Popper can be imported here."""
    return importlib.util.find_spec("popper") is not None


def _literal(lit, names: dict) -> Literal:
    pred = getattr(lit, "predicate", None) or lit[0]
    args = getattr(lit, "arguments", None)
    if args is None:
        args = lit[1]
    return Literal(str(pred), tuple(names.setdefault(a, len(names)) for a in args))


def convert_rule(rule) -> Rule:
    """A Popper rule ``(head, body)`` (literals with variable arguments) as our :class:`Rule`."""
    head, body = rule
    names: dict = {}
    h = _literal(head, names)
    return Rule.make(h, (_literal(x, names) for x in body))


def learn_with_popper(
    files: TaskFiles,
    bias: Bias,
    timeout: float | None,
    stats: Stats,
    eval_timeout: float,
    inferences_per_example: int,
    noisy: bool = False,
) -> tuple[Program, Scores, Stats]:
    t0 = time.perf_counter()
    try:
        from popper import loop
        from popper.util import Settings
    except ImportError as exc:
        raise TaskError(f"engine 'popper' needs Popper installed (import failed: {exc})") from None
    # Popper 4 calls its entry point learn_solution, Popper 5 popper; both take Settings
    learn_solution = getattr(loop, "learn_solution", None) or loop.popper
    kwargs = {
        "kbpath": str(files.folder),
        "quiet": True,
        "noisy": noisy,
        "ex_file": str(files.exs),
        "bk_file": str(files.bk),
        "bias_file": str(files.bias),
    }
    if timeout is not None:
        kwargs["timeout"] = timeout
    try:
        settings = Settings(**kwargs)
    except TypeError:  # older Popper versions take fewer keywords
        settings = Settings(kbpath=str(files.folder))
    result = learn_solution(settings)
    prog = result[0] if isinstance(result, tuple) else result
    rules = tuple(convert_rule(r) for r in (prog or []))
    with Tester(
        files.bk,
        files.exs,
        bias,
        eval_timeout=eval_timeout,
        inferences_per_example=inferences_per_example,
    ) as tester:
        stats.n_pos, stats.n_neg = tester.n_pos, tester.n_neg
        scores, _, _ = tester.score(rules)
    stats.seconds = round(time.perf_counter() - t0, 3)
    stats.stop_reason = "Popper finished"
    return make_program(bias, rules), scores, stats
