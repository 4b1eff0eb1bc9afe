"""Triage of learned predicates (Algorithm 2, section 4.2).

Every learned predicate is timed on filter set 1 and the k1 fastest (by
speedup_t over A* with pi_baseline, Equation 1) go on to filter set 2, the k2
fastest of those to filter set 3, whose fastest is pi°.

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
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from witness.errors import InputError
from witness.evaluate import SolveRecord, solve_all
from witness.generate import read_set
from witness.predicates import Predicate, load_predicate

VERSIONS = {"v1": False, "v2": True}  # version -> prune with pi_baseline too
# Sort keys over (name, speedup_t, speedup_E, ...): best first, ties by the other
# speedup, then by name, so a stage's choice is deterministic.
RANK_KEYS = {
    "speedup_t": lambda s: (-s[1], -s[2], s[0]),
    "speedup_E": lambda s: (-s[2], -s[1], s[0]),
}
RECORD_FIELDS = list(SolveRecord.__dataclass_fields__)


def write_records(records: Sequence[SolveRecord], out_csv: str | Path) -> None:
    """Write solve records as CSV, atomically (tmp file, then rename)."""
    out = Path(out_csv)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=RECORD_FIELDS)
        writer.writeheader()
        writer.writerows(r.to_dict() for r in records)
    tmp.replace(out)


def read_records(path: str | Path) -> list[SolveRecord]:
    with Path(path).open() as fh:
        return [
            SolveRecord(
                puzzle=row["puzzle"], size=row["size"], predicate=row["predicate"],
                mode=row["mode"], solved=row["solved"] == "True", status=row["status"],
                expansions=int(row["expansions"]), generated=int(row["generated"]),
                seconds=float(row["seconds"]),
            )
            for row in csv.DictReader(fh)
        ]


def learned_predicate(path: str | Path) -> Predicate | None:
    """The translated program in ``path``, or None when the file holds no clause
    (a learning run that found nothing)."""
    from witness.translate import parse_program, translate_file

    if not parse_program(Path(path).read_text()):
        return None
    return translate_file(path)


def evaluate_on_set(
    predicate: str | Path,
    set_dir: str | Path,
    version: str,
    out_csv: str | Path,
    time_limit: float | None = None,
    progress: bool = True,
) -> list[SolveRecord]:
    """Time one predicate (``baseline`` or a learned ``.pl``) on a filter set.

    ``baseline`` is the reference A* (pruning with pi_baseline); a learned
    predicate is the first sort key, with baseline pruning in ``v2``.
    """
    puzzles = read_set(set_dir)
    if str(predicate) == "baseline":
        records = solve_all(puzzles, "baseline", "prune", time_limit=time_limit,
                            progress=progress)
    else:
        if version not in VERSIONS:
            raise InputError(f"triage version must be one of {sorted(VERSIONS)}, got {version!r}")
        pred = learned_predicate(predicate)
        if pred is None:
            records = []
        else:
            records = solve_all(puzzles, pred, "sort", base_prune=VERSIONS[version],
                                time_limit=time_limit, progress=progress)
    write_records(records, out_csv)
    return records


@dataclass
class StageRow:
    rank: int
    predicate: str
    speedup_t: float
    speedup_E: float
    seconds: float
    expansions: int
    timed_out: int
    kept: bool


def select_stage(
    baseline_csv: str | Path,
    eval_csvs: Sequence[str | Path],
    keep: int,
    out_csv: str | Path,
    rank_by: str = "speedup_t",
) -> list[StageRow]:
    """Rank predicates by speedup_t (the paper) or speedup_E on one filter set;
    keep the top ``keep``.

    speedup_E is deterministic and machine-independent; speedup_t also
    charges a predicate for its cost per path, but with a search this fast
    a small filter set takes milliseconds and its timings are noisy.

    Predicates with no clauses (empty evaluation files) are listed last and
    never kept.
    """
    base = read_records(baseline_csv)
    t_base = sum(r.seconds for r in base)
    e_base = sum(r.expansions for r in base)
    scored = []
    for path in eval_csvs:
        recs = read_records(path)
        name = Path(path).stem
        if not recs:
            scored.append((name, 0.0, 0.0, 0.0, 0, 0))
            continue
        if [r.puzzle for r in recs] != [r.puzzle for r in base]:
            raise ValueError(f"{path}: puzzles differ from the baseline's {baseline_csv}")
        t = sum(r.seconds for r in recs)
        e = sum(r.expansions for r in recs)
        scored.append((name, t_base / t if t else 0.0, e_base / e if e else 0.0, t, e,
                       sum(r.status == "timed_out" for r in recs)))
    if rank_by not in RANK_KEYS:
        raise InputError(f"triage rank_by must be one of {sorted(RANK_KEYS)}, got {rank_by!r}")
    scored.sort(key=RANK_KEYS[rank_by])
    rows = [
        StageRow(i + 1, name, round(st, 6), round(se, 6), round(t, 6), e, to,
                 kept=i < keep and st > 0)
        for i, (name, st, se, t, e, to) in enumerate(scored)
    ]
    out = Path(out_csv)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.tmp")
    with tmp.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(StageRow.__dataclass_fields__))
        writer.writeheader()
        writer.writerows(r.__dict__ for r in rows)
    tmp.replace(out)
    return rows


def kept_predicates(stage_csv: str | Path) -> list[str]:
    """Names kept by a stage, best first."""
    with Path(stage_csv).open() as fh:
        return [row["predicate"] for row in csv.DictReader(fh) if row["kept"] == "True"]


def finalize(stage3_csv: str | Path, predicates_dir: str | Path, out_pl: str | Path,
             out_py: str | Path) -> str:
    """Copy the winner of the last stage to ``pi_star.pl`` (with its triage
    provenance) and write its readable Python translation. Returns its name."""
    from witness.translate import python_source

    kept = kept_predicates(stage3_csv)
    if not kept:
        raise InputError(f"{stage3_csv}: triage kept no predicate (did every learning run fail?)")
    name = kept[0]
    source = Path(predicates_dir) / f"{name}.pl"
    out_pl, out_py = Path(out_pl), Path(out_py)
    out_pl.parent.mkdir(parents=True, exist_ok=True)
    tmp = out_pl.with_name(f".{out_pl.name}.tmp")
    with tmp.open("w") as fh:
        fh.write(f"% pi_star: winner of triage ({stage3_csv}), learned as {name}\n")
        with source.open() as src:
            shutil.copyfileobj(src, fh)
    tmp.replace(out_pl)
    pred = load_predicate(str(out_pl))
    out_py.write_text(python_source(pred))
    return name


def choose_portfolio(stage_csvs: Sequence[str | Path], verify_jsons: Sequence[str | Path],
                     pi_star: str | Path, pi_star_verify: str | Path,
                     out_json: str | Path) -> dict:
    """Pick the portfolio of section 6: the best unverified predicate of triage
    (the furthest stage it reached, then its rank there; ``stage_csvs`` from
    the last stage to the first), paired with a verified one (pi_star if it is
    verified, else pi_baseline). ``unverified`` is null when every learned
    predicate is verified (or empty): then a portfolio has nothing to add."""
    status = {Path(p).name.removesuffix(".verify.json"): json.loads(Path(p).read_text())["status"]
              for p in verify_jsons}
    by_name = {Path(p).name.removesuffix(".verify.json"): Path(p) for p in verify_jsons}
    ranked: list[str] = []
    for stage_csv in stage_csvs:
        with Path(stage_csv).open() as fh:
            ranked += [row["predicate"] for row in csv.DictReader(fh)
                       if row["predicate"] not in ranked]
    unverified = next((name for name in ranked
                       if status.get(name, "unknown") not in ("verified", "empty")), None)
    star_ok = json.loads(Path(pi_star_verify).read_text())["status"] == "verified"
    choice = {
        "unverified": str(by_name[unverified].with_name(f"{unverified}.pl")) if unverified
        else None,
        "unverified_status": status.get(unverified) if unverified else None,
        "verified": str(pi_star) if star_ok else "baseline",
    }
    Path(out_json).write_text(json.dumps(choice, indent=1) + "\n")
    return choice
