"""Triage of learned predicates (Algorithm 2, section 4.2).

Every learned predicate is timed on filter set 1 and the k1 fastest (by
speedup_t over A* with pi_baseline, Equation 1) go on to filter set 2, the k2
fastest of those to filter set 3, whose fastest is pi°. Each predicate is
timed in the same process as the baseline, interleaved puzzle by puzzle and
repeated (``time_candidates``), so that a ranking of millisecond timings
repeats from run to run.

As in the paper, triage runs Algorithm 1 with the learned predicate as the
first sort key, never pruning with it: that search is complete even when a
predicate learned from one puzzle has false positives. Two A* versions
(section 5.3):

- ``v1``: the predicate only (no baseline pruning);
- ``v2``: pi_baseline always prunes, the predicate sorts what is left.

Ties in speedup_t are broken by speedup_E, then by name, so a stage's choice
is deterministic. Learned programs that fire on the same feature values
(e.g. Table 3 written with ``count(E,C,F)`` for ``count(C,E,F)``, or
``three(D)`` for ``greaterThan(D,F), two(F)``) are one predicate: they prune
and sort every search alike, so triage times one of them (the first by
name, ``distinct_predicates``); a stage then spends neither its time nor its
k1 places on copies, and a rerun cannot choose another copy by timing noise.

The records and CSV files of the stages are :mod:`witness.pipeline.triage_tables`;
what comes after the last stage (pi_star's files, the portfolio's members) is
:mod:`witness.pipeline.final`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ilp import canonical, format_rule
from witness.errors import InputError
from witness.io import read_text
from witness.learning.translate import load_predicate, parse_program, translate_file
from witness.pipeline.speedup import speedup_E, speedup_t
from witness.pipeline.triage_tables import (
    CandidateTiming,
    DistinctRow,
    StageRow,
    kept_predicates,
    read_timings,
    representatives,
    write_distinct,
    write_stage,
    write_timings,
)
from witness.search.generate import read_set
from witness.search.predicates import Predicate, feature_table
from witness.search.solvers import build_geometry
from witness.verify.verdict import verify_predicate

VERSIONS = {"v1": False, "v2": True}  # version -> prune with pi_baseline too
# Sort keys over (name, speedup_t, speedup_E, ...): best first, ties by the other
# speedup, then by name, so a stage's choice is deterministic.
RANK_KEYS = {
    "speedup_t": lambda s: (-s[1], -s[2], s[0]),
    "speedup_E": lambda s: (-s[2], -s[1], s[0]),
}
# (name, predicate, mode, base_prune): one search timed by time_candidates
Runner = tuple[str, Predicate, str, bool]


def learned_predicate(path: str | Path) -> Predicate | None:
    """The translated program in ``path``, or None when the file holds no clause
    (a learning run that found nothing)."""
    if not parse_program(Path(path).read_text()):
        return None
    return translate_file(path)


def verify_record(path: str | Path, rows: int, cols: int) -> tuple[dict, str]:
    """What ``witness verify`` records of the learned program in ``path``,
    checked up to ``rows`` x ``cols`` (its verdict, or status ``empty`` when
    the file holds no clause: nothing can fire), and its summary."""
    predicate = learned_predicate(path)
    if predicate is None:
        return {"predicate": str(path), "status": "empty", "clauses": []}, "no clause"
    result = verify_predicate(predicate, rows, cols)
    return result.to_dict(), result.summary()


def program_key(path: str | Path) -> tuple:
    """What decides how the learned predicate in ``path`` searches: where it
    fires over every value of Table 3's features (``feature_table``), or, for
    a predicate reading other features, its clauses in canonical form (body
    variables renamed, literals sorted). Equal keys: the same predicate."""
    rules = parse_program(read_text(path, "learned program"))
    if rules:
        table = feature_table(translate_file(path))
        if table is not None:
            return ("fires", hashlib.sha256(np.packbits(table).tobytes()).hexdigest())
    return ("clauses", frozenset(format_rule(canonical(rule), ordered=False) for rule in rules))


def distinct_predicates(predicates: Sequence[str | Path]) -> list[DistinctRow]:
    """Every learned predicate with the one that stands for it in triage:
    the first, by name, of those with the same ``program_key``."""
    first: dict[tuple, str] = {}
    rows = []
    for path in sorted(predicates, key=lambda p: Path(p).stem):
        name = Path(path).stem
        clauses = len(parse_program(read_text(path, "learned program")))
        rows.append(DistinctRow(name, first.setdefault(program_key(path), name), clauses))
    return rows


def time_candidates(
    predicates: Sequence[str | Path],
    set_dir: str | Path,
    version: str,
    repeats: int = 3,
    time_limit: float | None = None,
    progress: bool = True,
) -> list[CandidateTiming]:
    """Time learned predicates and pi_baseline on one filter set, interleaved.

    Every puzzle is solved by the baseline and by each candidate in turn (the
    order rotated per repetition), after a warm-up solve of each, so machine
    load and cache state fall on all of them alike. A candidate is the first
    sort key, with baseline pruning in ``v2`` (never pruning by itself: the
    search stays complete whatever it learned). Predicates without clauses
    get zero speedups.
    """
    if version not in VERSIONS:
        raise InputError(f"triage version must be one of {sorted(VERSIONS)}, got {version!r}")
    if repeats < 1:
        raise InputError(f"triage repeats must be >= 1, got {repeats}")
    puzzles = [(p, build_geometry(p)) for _, p in read_set(set_dir)]
    runners = [("baseline", load_predicate("baseline"), "prune", False)]
    empty = []
    for path in predicates:
        pred = learned_predicate(path)
        if pred is None:
            empty.append(Path(path).stem)
        else:
            runners.append((Path(path).stem, pred, "sort", VERSIONS[version]))
    desc = f"triage {version}: {len(runners) - 1} predicates"
    seconds, expansions, timed_out = _time_interleaved(
        runners, puzzles, repeats, time_limit, desc if progress else None
    )
    return candidate_timings([name for name, *_ in runners], empty, seconds, expansions, timed_out)


def _time_interleaved(
    runners: Sequence[Runner],
    puzzles: Sequence[tuple],
    repeats: int,
    time_limit: float | None,
    desc: str | None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Solve every puzzle (with its geometry) with every runner, ``repeats``
    times, rotating the runners' order per puzzle and repetition. Returns the
    seconds of each (repetition, runner, puzzle), and per runner the expansions
    and timeouts of the first repetition. ``desc``: a progress bar's label."""
    from witness.search.solvers import solve, warm_up

    warm_up()
    for _, pred, mode, base in runners:  # compile each predicate's table before timing
        if puzzles:
            solve(puzzles[0][0], pred, mode, base_prune=base, geometry=puzzles[0][1])
    seconds = np.zeros((repeats, len(runners), len(puzzles)))
    expansions = np.zeros(len(runners), np.int64)
    timed_out = np.zeros(len(runners), np.int64)
    steps = [(r, p) for r in range(repeats) for p in range(len(puzzles))]
    if desc is not None:
        from tqdm import tqdm

        steps = tqdm(steps, desc=desc, unit="puzzle", leave=False)
    for rep, i in steps:
        puzzle, geo = puzzles[i]
        shift = (rep + i) % len(runners)
        for j in [*range(shift, len(runners)), *range(shift)]:
            _, pred, mode, base = runners[j]
            result = solve(
                puzzle,
                pred,
                mode,
                base_prune=base,
                time_limit=time_limit,
                geometry=geo,
            )
            seconds[rep, j, i] = result.seconds
            if rep == 0:
                expansions[j] += result.expansions
                timed_out[j] += result.status == "timed_out"
    return seconds, expansions, timed_out


def candidate_timings(
    names: Sequence[str],
    empty: Sequence[str],
    seconds: np.ndarray,
    expansions: np.ndarray,
    timed_out: np.ndarray,
) -> list[CandidateTiming]:
    """Equations 1 and 2 of each runner but the first (the baseline) over the
    baseline; the predicates without clauses (``empty``) get zero speedups."""
    # Equation 1 over every solve of every repetition: the ratio of the summed
    # times, which lies between the lowest and highest single repetition's ratio
    # (a mediant), so the headline never leaves the spread shown beside it.
    totals = seconds.sum(axis=(0, 2)) / len(seconds)  # per runner, mean per repetition
    rows = [
        CandidateTiming(
            name,
            speedup_t(seconds[:, 0].ravel(), seconds[:, j].ravel()),
            min(speedup_t(rep[0], rep[j]) for rep in seconds),
            max(speedup_t(rep[0], rep[j]) for rep in seconds),
            speedup_E([expansions[0]], [expansions[j]]),
            float(totals[j]),
            float(totals[0]),
            int(expansions[j]),
            int(expansions[0]),
            int(timed_out[j]),
        )
        for j, name in enumerate(names)
        if j > 0
    ]
    rows += [
        CandidateTiming(name, 0.0, 0.0, 0.0, 0.0, 0.0, float(totals[0]), 0, int(expansions[0]), 0)
        for name in empty
    ]
    return rows


def _rank(timings: Sequence[CandidateTiming], keep: int, rank_by: str) -> list[StageRow]:
    """Timed predicates ranked by ``rank_by`` (a key of RANK_KEYS), best first;
    the top ``keep`` of those with clauses (speedup_E above 0) kept."""
    order = sorted(
        timings, key=lambda t: RANK_KEYS[rank_by]((t.predicate, t.speedup_t, t.speedup_E))
    )
    return [
        StageRow(
            i + 1,
            t.predicate,
            round(t.speedup_t, 6),
            round(t.speedup_t_min, 6),
            round(t.speedup_t_max, 6),
            round(t.speedup_E, 6),
            round(t.seconds, 6),
            t.expansions,
            t.timed_out,
            kept=i < keep and t.speedup_E > 0,
        )
        for i, t in enumerate(order)
    ]


def select_stage(
    timing_csvs: Sequence[str | Path],
    keep: int,
    out_csv: str | Path,
    rank_by: str = "speedup_t",
) -> list[StageRow]:
    """Rank the predicates timed in one stage (``time_candidates``, possibly in
    several groups, each timed beside its own baseline) by speedup_t (the
    paper) or speedup_E; keep the top ``keep``.

    speedup_E is deterministic and machine-independent; speedup_t also
    charges a predicate for its cost per path, and its spread over the
    repetitions is in the table. Predicates with no clauses are listed last
    and never kept.
    """
    if rank_by not in RANK_KEYS:
        raise InputError(f"triage rank_by must be one of {sorted(RANK_KEYS)}, got {rank_by!r}")
    rows = _rank([t for path in timing_csvs for t in read_timings(path)], keep, rank_by)
    write_stage(rows, out_csv)
    return rows


def run_triage(
    predicates: Sequence[str | Path],
    filter_sets: Sequence[str | Path],
    version: str,
    keep: Sequence[int],
    out_dir: str | Path,
    repeats: int = 3,
    group_size: int = 25,
    rank_by: str = "speedup_t",
    time_limit: float | None = None,
) -> list[list[str]]:
    """Algorithm 2 in one process, as the pipeline runs it stage by stage:
    time the distinct programs (in groups of ``group_size``, each beside its
    own baseline) on each filter set in turn, keep ``keep[i]`` of them. Writes
    ``distinct.csv`` and ``stage{i}.csv`` into ``out_dir``; returns the kept
    names per stage (the last stage's first is pi°)."""
    by_name = {Path(p).stem: Path(p) for p in predicates}
    write_distinct(distinct_predicates(list(by_name.values())), Path(out_dir) / "distinct.csv")
    names = representatives(Path(out_dir) / "distinct.csv")
    kept_per_stage = []
    for stage, (set_dir, k) in enumerate(zip(filter_sets, keep, strict=True), 1):
        groups = [names[i : i + group_size] for i in range(0, len(names), group_size)]
        csvs = []
        for g, group in enumerate(groups):
            rows = time_candidates(
                [by_name[n] for n in group],
                set_dir,
                version,
                repeats=repeats,
                time_limit=time_limit,
            )
            csvs.append(Path(out_dir) / f"stage{stage}" / f"group{g}.csv")
            write_timings(rows, csvs[-1])
        select_stage(csvs, k, Path(out_dir) / f"stage{stage}.csv", rank_by=rank_by)
        names = kept_predicates(Path(out_dir) / f"stage{stage}.csv")
        kept_per_stage.append(names)
    return kept_per_stage
