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
is deterministic.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import numpy as np

from witness.asp.verify import PROVEN, UNKNOWN
from witness.errors import InputError
from witness.io import write_csv, write_file
from witness.learning.translate import load_predicate, python_source
from witness.search.astar import build_geometry
from witness.search.generate import read_set
from witness.search.predicates import Predicate

VERSIONS = {"v1": False, "v2": True}  # version -> prune with pi_baseline too
# Sort keys over (name, speedup_t, speedup_E, ...): best first, ties by the other
# speedup, then by name, so a stage's choice is deterministic.
RANK_KEYS = {
    "speedup_t": lambda s: (-s[1], -s[2], s[0]),
    "speedup_E": lambda s: (-s[2], -s[1], s[0]),
}


@dataclass
class CandidateTiming:
    """One predicate timed against pi_baseline on one filter set, in one process.

    ``speedup_t`` is Equation 1 (sum of the baseline's search seconds / sum of
    the predicate's) with each solve timed by its fastest repetition;
    ``speedup_t_min`` and ``speedup_t_max`` are the spread of Equation 1 over
    single repetitions. ``speedup_E`` (Equation 2) is exact.
    """

    predicate: str
    speedup_t: float
    speedup_t_min: float
    speedup_t_max: float
    speedup_E: float
    seconds: float  # the predicate's total search seconds (fastest repetition per puzzle)
    baseline_seconds: float  # the baseline's, timed beside it
    expansions: int
    baseline_expansions: int
    timed_out: int


def learned_predicate(path: str | Path) -> Predicate | None:
    """The translated program in ``path``, or None when the file holds no clause
    (a learning run that found nothing)."""
    from witness.learning.translate import parse_program, translate_file

    if not parse_program(Path(path).read_text()):
        return None
    return translate_file(path)


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
    from witness.search.astar import solve, warm_up

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
    warm_up()
    for _, pred, mode, base in runners:  # compile each predicate's table before timing
        if puzzles:
            solve(puzzles[0][0], pred, mode, base_prune=base, geometry=puzzles[0][1])
    seconds = np.zeros((repeats, len(runners), len(puzzles)))
    expansions = np.zeros(len(runners), np.int64)
    timed_out = np.zeros(len(runners), np.int64)
    steps = [(r, p) for r in range(repeats) for p in range(len(puzzles))]
    if progress:
        from tqdm import tqdm

        steps = tqdm(steps, desc=f"triage {version}: {len(runners) - 1} predicates",
                     unit="puzzle", leave=False)
    for rep, i in steps:
        puzzle, geo = puzzles[i]
        shift = (rep + i) % len(runners)
        for j in [*range(shift, len(runners)), *range(shift)]:
            _, pred, mode, base = runners[j]
            result = solve(puzzle, pred, mode, base_prune=base, time_limit=time_limit,
                           geometry=geo)
            seconds[rep, j, i] = result.seconds
            if rep == 0:
                expansions[j] += result.expansions
                timed_out[j] += result.status == "timed_out"
    # A search's time only grows with machine load, so each solve counts with
    # its fastest repetition; the per-repetition sums give the spread.
    best = seconds.min(axis=0).sum(axis=1)
    per_rep = seconds.sum(axis=2)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(best > 0, best[0] / best, 0.0)
        ratio_rep = np.where(per_rep > 0, per_rep[:, :1] / per_rep, 0.0)
    rows = [
        CandidateTiming(
            name, float(ratio[j]), float(ratio_rep[:, j].min()), float(ratio_rep[:, j].max()),
            float(expansions[0] / expansions[j]) if expansions[j] else 0.0,
            float(best[j]), float(best[0]), int(expansions[j]), int(expansions[0]),
            int(timed_out[j]))
        for j, (name, *_) in enumerate(runners) if j > 0
    ]
    rows += [CandidateTiming(name, 0.0, 0.0, 0.0, 0.0, 0.0, float(best[0]), 0,
                             int(expansions[0]), 0) for name in empty]
    return rows


def write_timings(rows: Sequence[CandidateTiming], out_csv: str | Path) -> None:
    write_csv([asdict(r) for r in rows], list(CandidateTiming.__dataclass_fields__), out_csv)


def read_timings(path: str | Path) -> list[CandidateTiming]:
    types = {f.name: f.type for f in fields(CandidateTiming)}
    cast = {"str": str, "float": float, "int": int}
    with Path(path).open() as fh:
        return [CandidateTiming(**{k: cast[types[k]](v) for k, v in row.items()})
                for row in csv.DictReader(fh)]


@dataclass
class StageRow:
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
    timings = [t for path in timing_csvs for t in read_timings(path)]
    timings.sort(key=lambda t: RANK_KEYS[rank_by]((t.predicate, t.speedup_t, t.speedup_E)))
    rows = [
        StageRow(i + 1, t.predicate, round(t.speedup_t, 6), round(t.speedup_t_min, 6),
                 round(t.speedup_t_max, 6), round(t.speedup_E, 6), round(t.seconds, 6),
                 t.expansions, t.timed_out, kept=i < keep and t.speedup_E > 0)
        for i, t in enumerate(timings)
    ]
    write_csv([asdict(r) for r in rows], list(StageRow.__dataclass_fields__), out_csv)
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
    time the candidates (in groups of ``group_size``, each beside its own
    baseline) on each filter set in turn, keep ``keep[i]`` of them. Writes
    ``stage{i}.csv`` into ``out_dir``; returns the kept names per stage
    (the last stage's first is pi°)."""
    by_name = {Path(p).stem: Path(p) for p in predicates}
    names = list(by_name)
    kept_per_stage = []
    for stage, (set_dir, k) in enumerate(zip(filter_sets, keep, strict=True), 1):
        groups = [names[i:i + group_size] for i in range(0, len(names), group_size)]
        csvs = []
        for g, group in enumerate(groups):
            rows = time_candidates([by_name[n] for n in group], set_dir, version,
                                   repeats=repeats, time_limit=time_limit)
            csvs.append(Path(out_dir) / f"stage{stage}" / f"group{g}.csv")
            write_timings(rows, csvs[-1])
        select_stage(csvs, k, Path(out_dir) / f"stage{stage}.csv", rank_by=rank_by)
        names = kept_predicates(Path(out_dir) / f"stage{stage}.csv")
        kept_per_stage.append(names)
    return kept_per_stage


def kept_predicates(stage_csv: str | Path) -> list[str]:
    """Names kept by a stage, best first."""
    with Path(stage_csv).open() as fh:
        return [row["predicate"] for row in csv.DictReader(fh) if row["kept"] == "True"]


def finalize(stage3_csv: str | Path, predicates_dir: str | Path, out_pl: str | Path,
             out_py: str | Path) -> str:
    """Copy the winner of the last stage to ``pi_star.pl`` (with its triage
    provenance) and write its readable Python translation. Returns its name."""
    kept = kept_predicates(stage3_csv)
    if not kept:
        raise InputError(f"{stage3_csv}: triage kept no predicate (did every learning run fail?)")
    name = kept[0]
    source = Path(predicates_dir) / f"{name}.pl"
    write_file(out_pl, f"% pi_star: winner of triage ({stage3_csv}), learned as {name}\n"
               + source.read_text())
    write_file(out_py, python_source(load_predicate(str(out_pl))))
    return name


def choose_portfolio(stage_csvs: Sequence[str | Path], verify_jsons: Sequence[str | Path],
                     pi_star: str | Path, pi_star_verify: str | Path,
                     out_json: str | Path) -> dict:
    """Pick the portfolio of section 6: the best unproven predicate of triage
    (the furthest stage it reached, then its rank there; ``stage_csvs`` from
    the last stage to the first), paired with one proven for every size
    (pi_star if it is, else pi_baseline), which keeps the portfolio complete
    on every puzzle. ``unverified`` is null when every learned predicate is
    proven (or empty): then a portfolio has nothing to add."""
    status = {Path(p).name.removesuffix(".verify.json"): json.loads(Path(p).read_text())["status"]
              for p in verify_jsons}
    by_name = {Path(p).name.removesuffix(".verify.json"): Path(p) for p in verify_jsons}
    ranked: list[str] = []
    for stage_csv in stage_csvs:
        with Path(stage_csv).open() as fh:
            ranked += [row["predicate"] for row in csv.DictReader(fh)
                       if row["predicate"] not in ranked]
    unproven = next((name for name in ranked
                     if status.get(name, UNKNOWN) not in (PROVEN, "empty")), None)
    star_ok = json.loads(Path(pi_star_verify).read_text())["status"] == PROVEN
    choice = {
        "unverified": str(by_name[unproven].with_name(f"{unproven}.pl")) if unproven else None,
        "unverified_status": status.get(unproven) if unproven else None,
        "verified": str(pi_star) if star_ok else "baseline",
    }
    Path(out_json).write_text(json.dumps(choice, indent=1) + "\n")
    return choice
