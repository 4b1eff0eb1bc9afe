"""Records of a learning run: the program, its scores and the run's statistics.

Shared by both engines (:mod:`~ilp.loop` and
:mod:`~ilp.run_popper`) and by :mod:`~ilp.output`; nothing
here runs a solver.
"""

from __future__ import annotations

import resource
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ilp.bias import Bias
from ilp.rules import Rule, format_rule
from ilp.task import TaskError


@dataclass(frozen=True)
class Scores:
    """Confusion counts of a program on the task's examples."""

    tp: int
    fn: int
    tn: int
    fp: int

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    def __str__(self) -> str:
        return f"TP={self.tp} FN={self.fn} TN={self.tn} FP={self.fp}"


@dataclass(frozen=True)
class Weights:
    """Noisy learning's description length: ``size`` per literal, ``fn`` per
    false negative, ``fp`` per false positive (positive integers; all 1 is
    Popper's ``--noisy``). A high ``fp`` asks for a program that rarely fires
    wrongly, a high ``fn`` for one that misses few positives."""

    fp: int = 1
    fn: int = 1
    size: int = 1

    def __post_init__(self) -> None:
        for name in ("fp", "fn", "size"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise TaskError(f"weight {name} must be an integer >= 1, got {value!r}")

    def cost(self, size: int, fn: int, fp: int) -> int:
        """The description length of a program of ``size`` literals with ``fn``
        false negatives and ``fp`` false positives."""
        return self.size * size + self.fn * fn + self.fp * fp

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


UNIT_WEIGHTS = Weights()  # Popper's --noisy: literals + FN + FP


@dataclass(frozen=True)
class Program:
    """A learned program: its rules and their Prolog text (one clause each)."""

    head: str  # name/arity of the learned predicate
    rules: tuple[Rule, ...]
    clauses: tuple[str, ...]

    @property
    def size(self) -> int:
        return sum(r.size for r in self.rules)


@dataclass
class Stats:
    """What a run did; ``exhausted`` means the answer is optimal for the bias."""

    engine: str = "ilp"
    task: str = ""
    settings: dict = field(default_factory=dict)
    n_pos: int = 0
    n_neg: int = 0
    seconds: float = 0.0
    # the job's end and when learn returned (time.time() seconds; see ilp.api.learn)
    deadline: float | None = None
    returned: float | None = None
    timed_out: bool = False
    exhausted: bool = False
    stop_reason: str = ""
    rules_generated: int = 0
    rules_tested: int = 0
    programs_tested: int = 0  # whole programs: recursive ones, or with an invented predicate
    tested_per_size: dict[int, int] = field(default_factory=dict)
    consistent_rules: int = 0
    pool_size: int = 0
    failed_tests: dict[str, int] = field(default_factory=dict)  # limit/timeout/error counts
    # the same for the other queries (pruning checks: a failed one only loses a pruning)
    failed_checks: dict[str, int] = field(default_factory=dict)
    constraints: dict[str, int] = field(default_factory=dict)
    ground_nogoods: int = 0
    ground_seconds: float = 0.0
    # loading the BK and examples, the BK's constraints, grounding (before the search)
    setup_seconds: float = 0.0
    generate_seconds: float = 0.0
    test_seconds: float = 0.0
    combine_seconds: float = 0.0
    explain_seconds: float = 0.0
    combine_optimal: bool = True
    verified: bool = True  # final program re-tested on all examples agrees
    peak_rss_mb: float = 0.0

    def count_failed_test(self, status: str) -> None:
        """A test whose coverage came back unknown (``status``: limit, timeout, error)."""
        self.failed_tests[status] = self.failed_tests.get(status, 0) + 1

    @property
    def rules_per_second(self) -> float:
        return self.rules_tested / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d["rules_per_second"] = round(self.rules_per_second, 1)
        return d


def peak_rss_mb() -> float:
    """Peak resident memory of this process (MB).

    Linux's ``VmHWM`` belongs to this process image; ``ru_maxrss`` would also
    count the parent's memory when a benchmark forks and execs us.
    """
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def make_program(bias: Bias, rules: tuple[Rule, ...]) -> Program:
    """The program of ``rules`` with each clause printed in a safe evaluation order."""
    dirs = bias.directions

    def text(rule: Rule) -> str:
        try:
            return format_rule(rule, dirs)
        except ValueError:  # no safe order (only possible for foreign rules, e.g. Popper's)
            return format_rule(rule, ordered=False)

    return Program(f"{bias.head.name}/{bias.head.arity}", rules, tuple(text(r) for r in rules))
