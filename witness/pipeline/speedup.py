"""Equations 1 and 2 of the paper: the speedup of a predicate pi over the baseline
on a set of puzzles P.

    speedup_t(pi, P) = sum of the baseline's search times / sum of pi's   (Equation 1)
    speedup_E(pi, P) = sum of the baseline's expansions / sum of pi's     (Equation 2)

Evaluation, the summary tables and triage all compute them here. A zero
denominator has one answer: when pi's total is 0, the speedup is infinite if the
baseline's total is positive, and 1.0 when both are 0 (no work either way, so no
difference); an empty P is such a case.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def ratio_of_totals(baseline: Iterable[float], other: Iterable[float]) -> float:
    """sum(baseline) / sum(other), with the zero-denominator rule above."""
    b = float(np.sum(np.fromiter(baseline, dtype=np.float64)))
    o = float(np.sum(np.fromiter(other, dtype=np.float64)))
    if o > 0:
        return b / o
    return float("inf") if b > 0 else 1.0


def speedup_t(baseline_seconds: Iterable[float], pi_seconds: Iterable[float]) -> float:
    """Equation 1: the baseline's total search time over pi's, on the same puzzles."""
    return ratio_of_totals(baseline_seconds, pi_seconds)


def speedup_E(baseline_expansions: Iterable[float], pi_expansions: Iterable[float]) -> float:  # noqa: N802
    """Equation 2: the baseline's total node expansions over pi's, on the same puzzles."""
    return ratio_of_totals(baseline_expansions, pi_expansions)
