"""Learn: the learning-from-failures loop (generate, test, constrain, combine).

``learn(task_dir, timeout=...)`` reads a Popper task folder and returns
``(program, scores, stats)``. The loop, for body sizes 1, 2, ... max_body:

1. *generate* every rule of that size the constraints still allow
   (:class:`~witness.ilp.generate.Generator`, one clingo ``solve``);
2. *test* each in Prolog (:class:`~witness.ilp.test.Tester`): first on the
   positives, then, if it covers any, on the negatives. A rule's coverage is
   contained in that of each generalisation obtained by dropping one literal
   (tested at the previous size), so only the examples those cover are
   tried;
3. *constrain* (:mod:`~witness.ilp.constrain`): prune specialisations of
   rules covering no positive or no negative, generalisations of
   inconsistent ones;
4. *combine* (:mod:`~witness.ilp.combine`) the consistent rules into the best
   program after each size.

The search ends when the space is exhausted, when a program covering every
positive example exists and no larger rule could make a smaller program, or
at the time-out (anytime: the best program so far is returned). Runs are
deterministic: the same folder and settings give the same program, unless
the time-out cuts the search at a different point.
"""

from __future__ import annotations

import resource
import sys
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from witness.ilp.bias import Bias, read_bias
from witness.ilp.combine import Combination, Pool, combine
from witness.ilp.constrain import Outcome, apply, explain_failure
from witness.ilp.generate import Generator
from witness.ilp.rules import Rule, canonical, format_rule
from witness.ilp.task import TaskError, TaskFiles
from witness.ilp.test import Tester

ENGINES = ("witness", "popper")


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
class Program:
    """A learned program: its rules and their Prolog text (one clause each)."""

    head: str  # name/arity of the learned predicate
    rules: tuple[Rule, ...]
    clauses: tuple[str, ...]

    @property
    def size(self) -> int:
        return sum(r.size for r in self.rules)

    def text(self) -> str:
        return "".join(c + "\n" for c in self.clauses)


@dataclass
class Stats:
    """What a run did; ``exhausted`` means the answer is optimal for the bias."""

    engine: str = "witness"
    task: str = ""
    settings: dict = field(default_factory=dict)
    n_pos: int = 0
    n_neg: int = 0
    seconds: float = 0.0
    timed_out: bool = False
    exhausted: bool = False
    stop_reason: str = ""
    rules_generated: int = 0
    rules_tested: int = 0
    tested_per_size: dict[int, int] = field(default_factory=dict)
    consistent_rules: int = 0
    pool_size: int = 0
    failed_tests: dict[str, int] = field(default_factory=dict)  # limit/timeout/error counts
    constraints: dict[str, int] = field(default_factory=dict)
    ground_nogoods: int = 0
    ground_seconds: float = 0.0
    generate_seconds: float = 0.0
    test_seconds: float = 0.0
    combine_seconds: float = 0.0
    explain_seconds: float = 0.0
    combine_optimal: bool = True
    verified: bool = True  # final program re-tested on all examples agrees
    peak_rss_mb: float = 0.0

    @property
    def rules_per_second(self) -> float:
        return self.rules_tested / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict:
        d = asdict(self)
        d["rules_per_second"] = round(self.rules_per_second, 1)
        return d


def _peak_rss_mb() -> float:
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


def load_task(task_dir: str | Path, **bounds: int | None) -> tuple[TaskFiles, Bias]:
    """Locate a task folder and read its bias, with optional bound overrides."""
    files = TaskFiles.locate(task_dir)
    bias = read_bias(files.bias)
    changes = {k: v for k, v in bounds.items() if v is not None}
    for k, v in changes.items():
        if v < 1:
            raise TaskError(f"{k} must be >= 1, got {v}")
    if changes:
        bias = Bias(bias.head, bias.body,
                    changes.get("max_vars", bias.max_vars),
                    changes.get("max_body", bias.max_body),
                    changes.get("max_clauses", bias.max_clauses),
                    bias.allow_singletons)
        if bias.max_vars < bias.head.arity:
            raise TaskError(f"max_vars {bias.max_vars} is smaller than the head arity")
    return files, bias


def make_program(bias: Bias, rules: tuple[Rule, ...]) -> Program:
    dirs = bias.directions

    def text(rule: Rule) -> str:
        try:
            return format_rule(rule, dirs)
        except ValueError:  # no safe order (only possible for foreign rules, e.g. Popper's)
            return format_rule(rule, ordered=False)

    return Program(f"{bias.head.name}/{bias.head.arity}", rules, tuple(text(r) for r in rules))


def score_program(tester: Tester, rules: tuple[Rule, ...]) -> tuple[Scores, int, int]:
    """Re-test ``rules`` on every example; returns scores and coverage bitsets."""
    tp = fp = 0
    for rule in rules:
        pos, neg = tester.cover(rule, "pos"), tester.cover(rule, "neg")
        if not (pos.ok and neg.ok):
            raise RuntimeError(f"final rule could not be re-tested ({pos.status}/{neg.status})")
        tp |= pos.mask
        fp |= neg.mask
    n_tp, n_fp = tp.bit_count(), fp.bit_count()
    return Scores(n_tp, tester.n_pos - n_tp, tester.n_neg - n_fp, n_fp), tp, fp


class _Search:
    """One run of the loop; split out of :func:`learn` to keep each step readable."""

    def __init__(self, files: TaskFiles, bias: Bias, tester: Tester, stats: Stats,
                 deadline: float | None, combine_timeout: float, progress: bool,
                 explain: bool = True):
        self.files, self.bias, self.tester, self.stats = files, bias, tester, stats
        self.deadline = deadline
        self.combine_timeout = combine_timeout
        self.progress = progress
        self.explain = explain
        self.generator = Generator(bias)
        stats.ground_seconds = round(self.generator.ground_seconds, 3)
        self.pool = Pool()
        self.best = Combination((), 0, True)
        self.seen: set[Rule] = set()  # only used when symmetry breaking is partial
        self.last_report = time.perf_counter()

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def time_limit(self) -> float:
        """Per-test wall-clock limit: the tester's, cut to the time left."""
        if self.deadline is None:
            return self.tester.eval_timeout
        return max(0.01, min(self.tester.eval_timeout, self.deadline - time.perf_counter()))

    def run(self) -> None:
        stats, bias = self.stats, self.bias
        parents: dict[Rule, tuple[int, int]] = {}
        for size in range(1, bias.max_body + 1):
            if self.best.tp.bit_count() == self.tester.n_pos and size + 1 >= self.best.size:
                stats.stop_reason = "a program covering every positive exists; " \
                                    "larger rules cannot make a smaller one"
                stats.exhausted = True
                return
            parents = self.run_size(size, parents)
            self.do_combine()
            if self.progress:
                self.report(size, final=True)
            if self.stopped:
                return
        stats.exhausted = True
        stats.stop_reason = "rule space exhausted"

    def run_size(self, size: int,
                 parents: dict[Rule, tuple[int, int]]) -> dict[Rule, tuple[int, int]]:
        """Generate and test every rule with ``size`` body literals."""
        stats = self.stats
        children: dict[Rule, tuple[int, int]] = {}
        self.stopped = False
        t_gen = time.perf_counter()
        rules = self.generator.rules(size, self.deadline)
        try:
            self._run_rules(rules, size, parents, children, t_gen)
        finally:
            rules.close()  # ends clingo's solve call if we stopped early
        if self.generator.timed_out or self.out_of_time():
            self.stopped = True
        stats.ground_nogoods = self.generator.nogoods_added
        return children

    def _run_rules(self, rules: Iterator[Rule], size: int, parents: dict[Rule, tuple[int, int]],
                   children: dict[Rule, tuple[int, int]], t_gen: float) -> None:
        """Test each generated rule, learn its constraints, keep parents and pool rules."""
        stats = self.stats
        last = size == self.bias.max_body
        for rule in rules:
            stats.generate_seconds += time.perf_counter() - t_gen
            stats.rules_generated += 1
            if not self.generator.complete_symmetry:
                key = canonical(rule)
                if key in self.seen:
                    t_gen = time.perf_counter()
                    continue
                self.seen.add(key)
            outcome = self.test(rule, parents)
            if not last and outcome.status == "ok" and outcome.tp and outcome.fp:
                children[canonical(rule)] = (outcome.tp, outcome.fp)  # parents of next size
            for kind in apply(self.generator, outcome, next_size=size + 1):
                stats.constraints[kind] = stats.constraints.get(kind, 0) + 1
            if self.explain and outcome.status == "ok" and outcome.tp == 0:
                self.explain_failure(rule)
            if outcome.consistent and outcome.tp:
                stats.consistent_rules += 1
                self.pool.add(rule, outcome.tp)
            if self.progress and time.perf_counter() - self.last_report > 10:
                self.report(size)
            if self.out_of_time():
                return
            t_gen = time.perf_counter()
        stats.generate_seconds += time.perf_counter() - t_gen

    def test(self, rule: Rule, parents: dict[Rule, tuple[int, int]]) -> Outcome:
        """Coverage of ``rule``, trying only examples all its tested parents cover.

        Rules of the largest size have no children, so for them only "covers
        some" matters unless they are consistent: existence tests (stopped
        at the first covered example) replace full coverage there.
        """
        stats, tester = self.stats, self.tester
        t0 = time.perf_counter()
        pos_cands = neg_cands = None
        for lit in rule.body:
            found = parents.get(canonical(rule.without(lit)))
            if found is not None:
                tp, fp = found
                pos_cands = tp if pos_cands is None else pos_cands & tp
                neg_cands = fp if neg_cands is None else neg_cands & fp
        last = len(rule.body) == self.bias.max_body
        limit = self.time_limit()
        stats.rules_tested += 1
        stats.tested_per_size[len(rule.body)] = stats.tested_per_size.get(len(rule.body), 0) + 1
        pos = tester.cover(rule, "pos", pos_cands, time_limit=limit, first=last)
        neg = None
        if pos.ok and pos.mask:
            neg = tester.cover(rule, "neg", neg_cands, time_limit=limit, first=last)
            if last and neg.ok and neg.mask == 0:  # consistent: its full coverage is needed
                pos = tester.cover(rule, "pos", pos_cands, time_limit=limit)
        status = pos.status if neg is None or not pos.ok else neg.status
        stats.test_seconds += time.perf_counter() - t0
        if status != "ok":  # coverage unknown: the rule is neither used nor learned from
            stats.failed_tests[status] = stats.failed_tests.get(status, 0) + 1
            return Outcome(rule, 0, 0, status)
        return Outcome(rule, pos.mask, neg.mask if neg is not None else 0, status)

    def explain_failure(self, rule: Rule) -> None:
        """Prune the specialisations of a smaller failing part of ``rule`` right away."""
        t0 = time.perf_counter()
        part = explain_failure(rule, self.tester, time_limit=self.time_limit())
        if part is not None:
            self.generator.prune_specialisations(part, now=True)
            key = "specialisations (explained failures)"
            self.stats.constraints[key] = self.stats.constraints.get(key, 0) + 1
        self.stats.explain_seconds += time.perf_counter() - t0

    def do_combine(self, final: bool = False) -> None:
        t0 = time.perf_counter()
        limit = self.combine_timeout
        if not final and self.deadline is not None:
            limit = max(1.0, min(limit, self.deadline - time.perf_counter()))
        result = combine(self.pool, self.bias.max_clauses, timeout=limit)
        better = (result.tp.bit_count(), -result.size) > \
                 (self.best.tp.bit_count(), -self.best.size)
        if better or (result.optimal and result.tp.bit_count() == self.best.tp.bit_count()
                      and result.size == self.best.size):
            self.best = result
        self.stats.combine_optimal = result.optimal
        self.stats.pool_size = len(self.pool)
        self.stats.combine_seconds += time.perf_counter() - t0

    def report(self, size: int, final: bool = False) -> None:
        self.last_report = time.perf_counter()
        s = self.stats
        what = "done" if final else "running"
        print(f"[learn] size {size} {what}: {s.rules_tested} rules tested, "
              f"{len(self.pool)} in pool, best covers {self.best.tp.bit_count()}/"
              f"{self.tester.n_pos} positives", file=sys.stderr, flush=True)


def learn(
    task_dir: str | Path,
    timeout: float | None = 600.0,
    *,
    engine: str = "witness",
    eval_timeout: float = 10.0,
    inferences_per_example: int = 200_000,
    max_vars: int | None = None,
    max_body: int | None = None,
    max_clauses: int | None = None,
    combine_timeout: float = 60.0,
    progress: bool = False,
) -> tuple[Program, Scores, Stats]:
    """Learn a program for the Popper task folder ``task_dir``.

    ``timeout`` bounds the search (seconds, None for no bound); the best
    program found by then is returned. ``max_vars``, ``max_body`` and
    ``max_clauses`` override the bias file. ``engine="popper"`` runs the real
    Popper on the same folder (it must be importable). The program covers no
    negative example (FP is always 0 with this engine).
    """
    t0 = time.perf_counter()
    if engine not in ENGINES:
        raise TaskError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if timeout is not None and timeout < 0:
        raise TaskError(f"timeout must be >= 0, got {timeout}")
    files, bias = load_task(task_dir, max_vars=max_vars, max_body=max_body,
                            max_clauses=max_clauses)
    stats = Stats(engine=engine, task=str(files.folder),
                  settings={**bias.settings(), "timeout": timeout,
                            "eval_timeout": eval_timeout,
                            "inferences_per_example": inferences_per_example,
                            "max_clauses_is_hard_limit": True})
    if engine == "popper":
        from witness.ilp.run_popper import learn_with_popper

        return learn_with_popper(files, bias, timeout, stats, eval_timeout, inferences_per_example)

    deadline = None if timeout is None else t0 + timeout
    with Tester(files.bk, files.exs, bias, eval_timeout=eval_timeout,
                inferences_per_example=inferences_per_example) as tester:
        stats.n_pos, stats.n_neg = tester.n_pos, tester.n_neg
        search = _Search(files, bias, tester, stats, deadline, combine_timeout, progress)
        search.run()
        stats.timed_out = search.out_of_time() and not stats.exhausted
        if stats.timed_out:
            stats.stop_reason = "time-out"
        search.do_combine(final=True)
        rules = search.best.rules
        scores, tp, fp = score_program(tester, rules)
        stats.verified = tp == search.best.tp and fp == 0
    stats.seconds = round(time.perf_counter() - t0, 3)
    stats.generate_seconds = round(stats.generate_seconds, 3)
    stats.test_seconds = round(stats.test_seconds, 3)
    stats.combine_seconds = round(stats.combine_seconds, 3)
    stats.explain_seconds = round(stats.explain_seconds, 3)
    stats.peak_rss_mb = round(_peak_rss_mb(), 1)
    return make_program(bias, rules), scores, stats
