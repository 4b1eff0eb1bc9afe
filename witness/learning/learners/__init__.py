"""Learners: the ILP engine and three other ways to learn the same program.

Every learner reads the same Popper task folder (``bk.pl``, ``bias.pl``,
``exs.pl`` as ``witness examples`` writes them) and returns the ILP engine's
records (:class:`ilp.Program`, :class:`ilp.Scores`, :class:`ilp.Stats`), so
the program file, translation, triage, verification, testing and the report
work unchanged whichever learned it:

- ``ilp``: the project's engine (:func:`ilp.learn`; the default);
- ``enumerate``: bottom-up enumeration with observational equivalence
  (:mod:`.enumerate`);
- ``gp``: strongly typed genetic programming with DEAP (:mod:`.gp`);
- ``rules``: RIPPER with wittgenstein on a feature table (:mod:`.rules`).

The last three share the task's feature space (:mod:`.space`): the bias's
literals grouped into connected bodies, each one's coverage computed once in
SWI-Prolog; a clause's coverage is the AND of its features' bitsets.
docs/synthesis.md describes them and how to add a fifth.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from ilp import Program, Scores, Stats
from witness.learning.learners.gp import GPSettings
from witness.learning.learners.rules import RulesSettings
from witness.learning.learners.space import SpaceSettings

LEARNERS = ("ilp", "enumerate", "gp", "rules")


@dataclass(frozen=True)
class LearnerSettings:
    """Every learner's settings (the config's ``learners:`` section)."""

    space: SpaceSettings = field(default_factory=SpaceSettings)
    gp: GPSettings = field(default_factory=GPSettings)
    rules: RulesSettings = field(default_factory=RulesSettings)

    @classmethod
    def from_dict(cls, data: dict | None) -> LearnerSettings:
        """From the config's ``learners:`` mapping (``space``, ``gp``, ``rules`` keys)."""
        data = data or {}
        return cls(
            SpaceSettings(**data.get("space", {})),
            GPSettings(**data.get("gp", {})),
            RulesSettings(**data.get("rules", {})),
        )


def learn_with(
    task_dir: str | Path,
    learner: str = "ilp",
    timeout: float | None = 600.0,
    settings: LearnerSettings | None = None,
    engine: str = "ilp",
    progress: bool = False,
) -> tuple[Program, Scores, Stats]:
    """Learn a program for the task folder with ``learner`` within ``timeout``
    seconds (``engine`` picks the ILP engine's implementation for ``ilp``)."""
    from ilp import TaskError

    if learner not in LEARNERS:
        raise TaskError(f"unknown learner {learner!r}; choose one of {', '.join(LEARNERS)}")
    if learner == "ilp":
        from ilp import learn

        return learn(task_dir, timeout=timeout, engine=engine, progress=progress, isolate=True)
    settings = settings or LearnerSettings()
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    space_end = None if timeout is None else started + timeout * settings.space.time_share
    from witness.learning.learners.space import build_space

    space = build_space(task_dir, space_end, settings.space)
    if learner == "enumerate":
        from witness.learning.learners.enumerate import learn_enumerate

        return learn_enumerate(space, started, deadline)
    if learner == "gp":
        from witness.learning.learners.gp import learn_gp

        return learn_gp(space, started, deadline, settings.gp)
    from witness.learning.learners.rules import learn_rules

    return learn_rules(space, started, settings.rules)
