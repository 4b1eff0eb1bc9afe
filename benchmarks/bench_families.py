"""Learned family predicates on community puzzles: pi* against that family's
pi_baseline and clingo, per size.

For each ``FAMILY=PROGRAM.pl`` (a learned program over the panel features,
witness.search.panel_features), takes the imported community panels of that
family (symbols of the family only, gaps allowed; no symmetry, cancellers or
removed parts, where the features apply; at most ``--max-side`` cells a side;
a seeded sample of ``--sample`` per family) and solves each with A* and
pi_baseline, with A* and pi* (``--version v2``: pi* and pi_baseline both
prune, as the panel profiles' final predicate; ``v1``: pi* alone), and with
clingo, one wall-clock time limit each. Prints per family and size the
number of panels, speedup_E and speedup_t of pi* over pi_baseline (Equations
1 and 2 of the paper over the panels both A* runs solved), the share of those
on which pi* took longer, and the median seconds of each solver; writes one
CSV row per panel and solver.

Community puzzles are fetched, never committed: import them first
(``witness import SNAPSHOT.json --from windmill --out DIR``) and pass DIR.

    nice -n 10 .venv/bin/python benchmarks/bench_families.py DIR \\
        dots=results/reference/dots/final/pi_star.pl [squares=...] \\
        [--max-side 5] [--sample 200] [--seed 0] [--time-limit 10] [--out runs.csv]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from pathlib import Path

from tqdm import tqdm

from witness.io import write_csv
from witness.learning.translate import load_predicate
from witness.model.panel import Panel
from witness.pipeline.speedup import speedup_E, speedup_t
from witness.search.asp_solver import solve_panel_asp
from witness.search.panel_features import FAMILIES, features_apply
from witness.search.solvers import build_geometry, solve, warm_up

# The panel fields each family's community puzzles may use (gaps never matter
# to the features: they only take edges away).
FAMILY_FIELDS = {
    "dots": {"dots"},
    "squares": {"squares"},
    "stars": {"stars"},
    "mixed": {"dots", "squares", "stars"},
}
ALLOWED_EXTRA = {"gaps", "starts", "ends"}
FIELDS = ("family", "puzzle", "size", "solver", "solved", "status", "expansions", "seconds")


def of_family(panel: Panel, family: str) -> bool:
    """Whether ``panel`` is a community puzzle of ``family`` the features apply to."""
    used = set(panel.features())
    symbols = used - ALLOWED_EXTRA
    if panel.triangles or not symbols or not symbols <= FAMILY_FIELDS[family]:
        return False
    if family == "mixed" and len(symbols) < 2:
        return False
    return features_apply(panel)


def community_panels(folder: Path, family: str, max_side: int, sample: int, seed: int) -> list:
    """A seeded sample of the family's panels of ``folder``, as (name, panel)."""
    found = []
    for f in sorted(folder.glob("*.json")):
        panel = Panel.load(f)
        if max(panel.rows, panel.cols) <= max_side and of_family(panel, family):
            found.append((f.stem, panel))
    if len(found) > sample:
        found = sorted(random.Random(seed).sample(found, sample))
    return found


def run_family(family: str, program: Path, panels: list, args) -> list[dict]:
    """One row per panel and solver (baseline, pi_star, clingo)."""
    baseline, star = load_predicate("baseline"), load_predicate(str(program))
    base_prune = args.version == "v2"
    rows = []
    for name, panel in tqdm(panels, desc=family, unit="panel"):
        geo = build_geometry(panel)
        runs = {
            "baseline": solve(panel, baseline, "prune", time_limit=args.time_limit, geometry=geo),
            "pi_star": solve(
                panel,
                star,
                "prune",
                base_prune=base_prune,
                time_limit=args.time_limit,
                geometry=geo,
            ),
            "clingo": solve_panel_asp(panel, time_limit=args.time_limit),
        }
        for solver, r in runs.items():
            rows.append(
                {
                    "family": family,
                    "puzzle": name,
                    "size": panel.size,
                    "solver": solver,
                    "solved": r.solved,
                    "status": r.status,
                    "expansions": r.expansions,
                    "seconds": round(r.seconds, 6),
                }
            )
    return rows


def summary_lines(family: str, rows: list[dict]) -> list[str]:
    """Per size: n, how many each solver finished (solved or proved unsolvable)
    in the limit, speedup_E and speedup_t over the panels both A* runs
    finished, the share of those on which pi* was slower, median seconds."""
    by = defaultdict(dict)
    for r in rows:
        by[(r["size"], r["puzzle"])][r["solver"]] = r
    sizes = sorted({s for s, _ in by}, key=lambda s: tuple(map(int, s.split("x"))))
    out = []
    for size in [*sizes, "all"]:
        runs = [v for (s, _), v in by.items() if size in (s, "all")]
        both = [
            v
            for v in runs
            if all(v[k]["status"] in ("solved", "unsolvable") for k in ("baseline", "pi_star"))
        ]
        base = [v["baseline"] for v in both]
        star = [v["pi_star"] for v in both]
        slower = sum(s["seconds"] > b["seconds"] for b, s in zip(base, star, strict=True))

        def median(solver: str, chosen=runs) -> float:
            return statistics.median(v[solver]["seconds"] for v in chosen) if chosen else 0.0

        e = speedup_E([b["expansions"] for b in base], [s["expansions"] for s in star])
        t = speedup_t([b["seconds"] for b in base], [s["seconds"] for s in star])
        done = {
            k: sum(v[k]["status"] in ("solved", "unsolvable") for v in runs)
            for k in ("baseline", "pi_star", "clingo")
        }
        out.append(
            f"{family:8s} {size:5s} n={len(runs):4d} finished by baseline/pi*/clingo="
            f"{done['baseline']}/{done['pi_star']}/{done['clingo']}, by both A*={len(both):4d} "
            f"speedup_E={e:7.3f} speedup_t={t:7.3f} "
            f"slower={slower / max(len(both), 1):5.1%} "
            f"median_s baseline={median('baseline'):.4f} pi_star={median('pi_star'):.4f} "
            f"clingo={median('clingo'):.4f}"
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path, help="imported community panels (witness import)")
    ap.add_argument(
        "programs", nargs="+", help="FAMILY=PROGRAM.pl, FAMILY one of " + ", ".join(FAMILIES)
    )
    ap.add_argument("--max-side", type=int, default=5)
    ap.add_argument("--sample", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--version", choices=("v1", "v2"), default="v2")
    ap.add_argument("--out", type=Path, default=None, help="CSV of every run")
    args = ap.parse_args()
    warm_up()
    rows, lines = [], []
    for spec in args.programs:
        family, _, program = spec.partition("=")
        if family not in FAMILY_FIELDS or not program:
            known = ", ".join(FAMILY_FIELDS)
            ap.error(f"{spec!r}: expected FAMILY=PROGRAM.pl with FAMILY one of {known}")
        panels = community_panels(args.folder, family, args.max_side, args.sample, args.seed)
        family_rows = run_family(family, Path(program), panels, args)
        rows += family_rows
        lines += summary_lines(family, family_rows)
    if args.out:
        write_csv(rows, FIELDS, args.out)
    print(f"pi_star {args.version}, time limit {args.time_limit} s, up to {args.max_side} a side")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
