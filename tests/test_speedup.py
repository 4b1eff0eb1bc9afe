"""Equations 1 and 2 (witness/pipeline/speedup.py): one answer everywhere they are
computed (evaluation, the summary tables, triage), zero denominators included."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles import examples
from witness.pipeline.evaluate import SolveRecord, speedups
from witness.pipeline.speedup import speedup_E, speedup_t
from witness.pipeline.summary import speedups_of
from witness.pipeline.triage import candidate_timings

# per puzzle: (baseline seconds, pi seconds, baseline expansions, pi expansions); zeros often
SECONDS = st.one_of(st.just(0.0), st.floats(1e-6, 10.0))
EXPANSIONS = st.one_of(st.just(0), st.integers(1, 10**6))
PUZZLES = st.lists(st.tuples(SECONDS, SECONDS, EXPANSIONS, EXPANSIONS), max_size=6)


def same(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9)


def test_the_zero_denominator_rule():
    assert speedup_t([1.0, 2.0], [0.5, 0.5]) == 3.0
    assert speedup_E([10, 0], [0, 0]) == math.inf  # pi did no work where the baseline did
    assert speedup_E([0, 0], [0, 0]) == 1.0  # neither did any: no difference
    assert speedup_t([], []) == 1.0  # an empty set of puzzles


@settings(max_examples=examples(200), deadline=None)
@given(PUZZLES)
def test_evaluation_summary_and_triage_agree(puzzles):
    b_sec = [p[0] for p in puzzles]
    o_sec = [p[1] for p in puzzles]
    b_exp = [p[2] for p in puzzles]
    o_exp = [p[3] for p in puzzles]
    want = (speedup_t(b_sec, o_sec), speedup_E(b_exp, o_exp))

    def record(i: int, who: str, seconds: float, expansions: int) -> SolveRecord:
        return SolveRecord(f"p{i}", "2x2", who, "prune", True, "solved", expansions, 0, seconds)

    base = [record(i, "baseline", p[0], p[2]) for i, p in enumerate(puzzles)]
    other = [record(i, "pi", p[1], p[3]) for i, p in enumerate(puzzles)]
    got_eval = speedups(base, other)

    df = pd.DataFrame(
        {
            "baseline_seconds": b_sec,
            "pi_star_seconds": o_sec,
            "baseline_expansions": b_exp,
            "pi_star_expansions": o_exp,
        },
        dtype=float,
    )
    got_summary = speedups_of(df, "pi_star")

    seconds = np.array([[b_sec, o_sec]], dtype=float).reshape(1, 2, len(puzzles))
    expansions = np.array([sum(b_exp), sum(o_exp)], dtype=np.int64)
    (timing,) = candidate_timings(
        ["baseline", "pi"], [], seconds, expansions, np.zeros(2, np.int64)
    )
    for t, e in (
        got_eval,
        (got_summary["speedup_t"], got_summary["speedup_E"]),
        (timing.speedup_t, timing.speedup_E),
    ):
        assert same(t, want[0]) and same(e, want[1]), (t, e, want)
    assert same(timing.speedup_t_min, want[0]) and same(timing.speedup_t_max, want[0])
