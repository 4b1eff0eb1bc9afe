"""After triage (Algorithm 2): pi_star's files from the last stage's winner,
and the portfolio of section 6 (an unproven predicate beside a proven one)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from witness.errors import InputError
from witness.io import read_json, read_text, write_file, write_json
from witness.learning.translate import load_predicate, python_source
from witness.pipeline.triage_tables import kept_predicates, ranked_predicates
from witness.verify.verdict import PROVEN, UNKNOWN


def finalize(
    stage3_csv: str | Path, predicates_dir: str | Path, out_pl: str | Path, out_py: str | Path
) -> str:
    """Copy the winner of the last stage to ``pi_star.pl`` (with its triage
    provenance) and write its readable Python translation. Returns its name."""
    kept = kept_predicates(stage3_csv)
    if not kept:
        raise InputError(f"{stage3_csv}: triage kept no predicate (did every learning run fail?)")
    name = kept[0]
    source = Path(predicates_dir) / f"{name}.pl"
    write_file(
        out_pl,
        f"% pi_star: winner of triage ({stage3_csv}), learned as {name}\n"
        + read_text(source, "learned program"),
    )
    write_file(out_py, python_source(load_predicate(str(out_pl))))
    return name


def choose_portfolio(
    stage_csvs: Sequence[str | Path],
    verify_jsons: Sequence[str | Path],
    pi_star: str | Path,
    pi_star_verify: str | Path,
    out_json: str | Path,
) -> dict:
    """Pick the portfolio of section 6: the best unproven predicate of triage
    (the furthest stage it reached, then its rank there; ``stage_csvs`` from
    the last stage to the first), paired with one proven for every size
    (pi_star if it is, else pi_baseline), which keeps the portfolio complete
    on every puzzle. ``unverified`` is null when every learned predicate is
    proven (or empty): then a portfolio has nothing to add."""
    records = {Path(p).name.removesuffix(".verify.json"): Path(p) for p in verify_jsons}
    status = {name: read_json(path, "verify record")["status"] for name, path in records.items()}
    ranked: list[str] = []
    for stage_csv in stage_csvs:
        ranked += [name for name in ranked_predicates(stage_csv) if name not in ranked]
    unproven = next(
        (name for name in ranked if status.get(name, UNKNOWN) not in (PROVEN, "empty")), None
    )
    star_ok = read_json(pi_star_verify, "verify record")["status"] == PROVEN
    choice = {
        "unverified": str(records[unproven].with_name(f"{unproven}.pl")) if unproven else None,
        "unverified_status": status.get(unproven) if unproven else None,
        "verified": str(pi_star) if star_ok else "baseline",
    }
    write_json(choice, out_json)
    return choice
