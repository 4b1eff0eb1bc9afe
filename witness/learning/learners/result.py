"""What every learner returns: the ILP engine's records (program, scores,
statistics), so that the program file, translation, triage, verification and
the report read any learner's output as they read the engine's."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from ilp import PROGRAM_MARK, Program, Scores, Stats, program_file_text
from ilp.results import make_program, peak_rss_mb
from witness.io import write_file
from witness.learning.learners.space import Space

HOW = {
    "enumerate": "bottom-up enumeration over the bias's literals, observational equivalence",
    "gp": "genetic programming (DEAP) over the bias's literals",
    "rules": "RIPPER (wittgenstein) on a table of the bias's features",
}


def scores_of(space: Space, parts_list: Sequence[tuple[int, ...]]) -> Scores:
    """The confusion counts of the program whose clauses are ``parts_list``."""
    pos = neg = 0
    for parts in parts_list:
        p, n = space.coverage(parts)
        pos, neg = pos | p, neg | n
    tp, fp = pos.bit_count(), neg.bit_count()
    return Scores(tp=tp, fn=space.n_pos - tp, tn=space.n_neg - fp, fp=fp)


def finish(
    space: Space,
    parts_list: Sequence[tuple[int, ...]],
    learner: str,
    started: float,
    settings: dict,
    timed_out: bool,
) -> tuple[Program, Scores, Stats]:
    """The records of a learner's run: its clauses (feature conjunctions) as a
    program, their scores on the task's examples, the run's statistics."""
    rules = tuple(space.clause(parts) for parts in parts_list)
    program = make_program(space.bias, rules)
    stats = Stats(
        engine=learner,
        task=str(space.files.folder),
        settings={**space.bias.settings(), **settings},
        n_pos=space.n_pos,
        n_neg=space.n_neg,
        timed_out=timed_out,
        exhausted=False,
        stop_reason="time-out" if timed_out else "done",
        rules_tested=space.tested,
    )
    stats.seconds = round(time.perf_counter() - started, 3)
    stats.returned = round(time.time(), 3)
    stats.peak_rss_mb = round(peak_rss_mb(), 1)
    return program, scores_of(space, parts_list), stats


def learner_file_text(program: Program, scores: Scores, stats: Stats) -> str:
    """The program file as the engine writes it, its first line naming the learner."""
    text = program_file_text(program, scores, stats)
    if stats.engine in HOW:
        first, _, rest = text.partition("\n")
        text = f"{PROGRAM_MARK} ({stats.engine}: {HOW[stats.engine]})\n{rest}"
    return text


def write_learned(path: str | Path, program: Program, scores: Scores, stats: Stats) -> Path:
    """:func:`witness.learning.program.write_program` for any learner."""
    from witness.learning.program import check_program_path

    check_program_path(path)
    return write_file(path, learner_file_text(program, scores, stats))
