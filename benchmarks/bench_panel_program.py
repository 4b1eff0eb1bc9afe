"""A* speed on panels with a family program (pi*) against pi_baseline.

Generates a seeded set per family (dots, squares, stars) with Algorithm 4
(witness.search.generate_panels, ``witness generate --method path --types``),
and solves every panel with: no predicate, pi_baseline pruning, pi* pruning,
and pi* with pi_baseline pruning too (``base_prune``). pi* is the family's
sound rules (witness.search.panel_features.CERTIFICATES) or, with
``--program``, a learned program FILE.pl (translated). Prints per family and
solver: panels solved, total expansions, CPU seconds and expansions per CPU
second (one process, one core). Writes benchmarks/out/bench_panel_program.csv.

    nice -n 10 .venv/bin/python benchmarks/bench_panel_program.py [--count 10]
        [--size 5x5] [--seed 0] [--time-limit 10] [--program FILE.pl]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from witness.io import write_csv
from witness.learning.translate import translate_file
from witness.model.base import size_pair
from witness.search.generate_panels import PanelSpec, generate_panel_set
from witness.search.panel_features import CERTIFICATES, FAMILIES, KIND_FEATURES
from witness.search.panel_search import build_panel_geometry, solve_panel, warm_up
from witness.search.predicates import Clause, Comparison, Predicate

FIELDS = ("family", "solver", "n", "solved", "expansions", "cpu_s", "expansions_per_cpu_s")


def family_rules(family: str) -> Predicate:
    """The sound rules about the family's objects, as a program."""
    names = {f for kind in FAMILIES[family] for f in KIND_FEATURES[kind]}

    def operand(x: int | str) -> tuple:
        return ("feature", x) if isinstance(x, str) else ("const", x)

    clauses = tuple(
        Clause(tuple(Comparison(op, operand(f), operand(r)) for f, op, r in conds))
        for conds in CERTIFICATES.values()
        if conds[0][0] in names
    )
    return Predicate(f"{family}-rules", "program", clauses, sound=True)


def measure(panels, predicate, base_prune: bool, limit: float) -> dict:
    solved = expansions = 0
    cpu = 0.0
    for panel in panels:
        geometry = build_panel_geometry(panel)  # outside the timer, as witness solve's seconds
        t0 = time.process_time()
        result = solve_panel(
            panel, predicate, base_prune=base_prune, geometry=geometry, time_limit=limit
        )
        cpu += time.process_time() - t0
        solved += result.solved
        expansions += result.expansions
    return {
        "n": len(panels),
        "solved": solved,
        "expansions": expansions,
        "cpu_s": round(cpu, 3),
        "expansions_per_cpu_s": round(expansions / cpu) if cpu else 0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--size", default="5x5")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-limit", type=float, default=10.0)
    ap.add_argument("--program", help="a learned family program FILE.pl (default: the rules)")
    args = ap.parse_args()
    warm_up()
    size = size_pair(args.size)
    rows = []
    for family in ("dots", "squares", "stars"):
        panels = generate_panel_set("path", [size], args.count, args.seed, PanelSpec((family,)))
        star = translate_file(args.program) if args.program else family_rules(family)
        for solver, predicate, base in (
            ("none", "none", False),
            ("baseline", "baseline", False),
            ("pi*", star, False),
            ("pi* + baseline", star, True),
        ):
            rows.append(
                {
                    "family": family,
                    "solver": solver,
                    **measure(panels, predicate, base, args.time_limit),
                }
            )
            print("  ".join(f"{rows[-1][k]}" for k in FIELDS), flush=True)
    out = Path(__file__).parent / "out" / "bench_panel_program.csv"
    out.parent.mkdir(exist_ok=True)
    write_csv(rows, FIELDS, out)
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
