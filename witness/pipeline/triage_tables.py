"""The tables of triage (Algorithm 2): one record per learned predicate and
the copy of its program that triage times (:class:`DistinctRow`), per
predicate timed on a filter set (:class:`CandidateTiming`) and per predicate
ranked by a stage (:class:`StageRow`), and the CSV files the pipeline keeps
them in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from witness.io import read_csv, read_records, write_records


@dataclass
class DistinctRow:
    """A learned predicate and the one that fires wherever it does (or has the
    same clauses up to renaming and order) that triage times in its place;
    ``clauses``: how many its program has (0: learning found nothing)."""

    predicate: str
    same_as: str
    clauses: int


@dataclass
class CandidateTiming:
    """One predicate timed against pi_baseline on one filter set, in one process.

    ``speedup_t`` is Equation 1 (sum of the baseline's search seconds / sum of
    the predicate's) with the sums over every repetition of every puzzle;
    ``speedup_t_min`` and ``speedup_t_max`` are Equation 1 of the single
    repetitions, lowest and highest, between which ``speedup_t`` lies.
    ``speedup_E`` (Equation 2) is exact.
    """

    predicate: str
    speedup_t: float
    speedup_t_min: float
    speedup_t_max: float
    speedup_E: float
    seconds: float  # the predicate's total search seconds, mean over the repetitions
    baseline_seconds: float  # the baseline's, timed beside it
    expansions: int
    baseline_expansions: int
    timed_out: int


@dataclass
class StageRow:
    """One predicate as a triage stage ranked it; ``kept`` ones go on to the next stage."""

    rank: int
    predicate: str
    speedup_t: float
    speedup_t_min: float
    speedup_t_max: float
    speedup_E: float
    seconds: float
    expansions: int
    timed_out: int
    kept: bool


def write_distinct(rows: Sequence[DistinctRow], out_csv: str | Path) -> None:
    write_records(rows, DistinctRow, out_csv)


def representatives(distinct_csv: str | Path) -> list[str]:
    """The predicates triage times: one per distinct predicate, in name order."""
    return [
        row["predicate"]
        for row in read_csv(distinct_csv, "distinct predicates")
        if row["predicate"] == row["same_as"]
    ]


def write_timings(rows: Sequence[CandidateTiming], out_csv: str | Path) -> None:
    write_records(rows, CandidateTiming, out_csv)


def read_timings(path: str | Path) -> list[CandidateTiming]:
    return read_records(path, CandidateTiming, "triage timings")


def write_stage(rows: Sequence[StageRow], out_csv: str | Path) -> None:
    write_records(rows, StageRow, out_csv)


def ranked_predicates(stage_csv: str | Path) -> list[str]:
    """Every name a stage ranked, best first."""
    return [row["predicate"] for row in read_csv(stage_csv, "triage stage")]


def kept_predicates(stage_csv: str | Path) -> list[str]:
    """Names kept by a stage, best first."""
    return [
        row["predicate"] for row in read_csv(stage_csv, "triage stage") if row["kept"] == "True"
    ]
