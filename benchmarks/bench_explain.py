"""How often ``witness explain`` can say why a dead line is dead, and how fast.

For each family (triangles, dots, squares, stars), draws seeded 4x4 panels
(the generator's random candidates, solvable or not) and random lines drawn so
far on them (random walks from a start, the drawing rules kept), until it
has ``--dead`` lines that cannot be completed (decided exactly by A* from the
line's head: :func:`witness.pipeline.explain.complete`) and as many that can.
On each, the rule sets name the clauses that fire: the hand rules, the
paper's Table 3 (triangles) and the family's pi* of the reference run
(``results/reference/.../final/pi_star.pl``, proven by its ``.verify.json``).
Prints per family and rule set: the share of dead lines on which a proven
clause is named, the share on which the compiled search core's evaluation
of the same predicate fires (what it prunes in A*), the dead lines on which
the two disagree (must be 0), and the live lines on which a proven clause is
named (must be 0).
Then times ``explain`` (search and clauses) on ``--timed`` lines of 5x5 panels
once the search core is loaded: median and largest seconds.

    .venv/bin/python benchmarks/bench_explain.py [--dead 200] [--timed 50] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from witness.model.panel import Panel
from witness.model.rules import random_walk
from witness.pipeline.explain import complete, explain, fired_clauses, load_rules, rules_apply
from witness.search.generate_panels import PanelSpec, random_panel_candidate
from witness.search.panel_search import program_values, table_values

FAMILIES = ("triangles", "dots", "squares", "stars")
REFERENCE = Path(__file__).resolve().parents[1] / "results" / "reference"
PI_STAR = {
    "triangles": REFERENCE / "paper/final/pi_star.pl",
    "dots": REFERENCE / "dots/dots/final/pi_star.pl",
    "squares": REFERENCE / "squares/squares/final/pi_star.pl",
    "stars": REFERENCE / "stars/stars/final/pi_star.pl",
}


def core_fires(rules, panel: Panel, line: list) -> bool:
    """pi(line) as the compiled search core evaluates it (what A* prunes)."""
    if rules.panel_features:
        return program_values(panel, rules.predicate, [line])[0]
    return table_values(panel, rules.predicate, [line])[0]


def random_line(panel: Panel, rng: random.Random) -> list:
    """A random walk from a start that keeps the drawing rules, at least one step drawn."""
    return random_walk(panel, rng, min_steps=1)


def family_lines(family: str, n: int, rng: random.Random) -> tuple[list, list]:
    """``n`` dead and ``n`` live (panel, line) pairs of a family, 4x4."""
    dead: list = []
    live: list = []
    while len(dead) < n or len(live) < n:
        panel = random_panel_candidate(4, 4, PanelSpec((family,)), rng)
        for _ in range(5):
            line = random_line(panel, rng)
            verdict = complete(panel, line, time_limit=30).completable
            if verdict is False and len(dead) < n:
                dead.append((panel, line))
            elif verdict and len(live) < n:
                live.append((panel, line))
    return dead, live


def coverage(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    print(
        f"{'family':<10} {'rules':<6} {'dead':>5} {'named':>7} {'core fires':>11} "
        f"{'differ':>7} {'live named':>11}"
    )
    for family in FAMILIES:
        dead, live = family_lines(family, args.dead, rng)
        names = ["hand", "paper", "pi*"] if family == "triangles" else ["hand", "pi*"]
        for name in names:
            rules = load_rules(str(PI_STAR[family]) if name == "pi*" else name)
            applies = [(p, ln) for p, ln in dead if not rules_apply(rules, p)]
            fired = [fired_clauses(rules, p, ln) for p, ln in applies]
            named = sum(any(f.proven for f in fs) for fs in fired)
            core = [core_fires(rules, p, ln) for p, ln in applies]
            fires, differ = sum(core), sum(bool(fs) != c for fs, c in zip(fired, core, strict=True))
            wrong = sum(any(f.proven for f in fired_clauses(rules, p, ln)) for p, ln in live)
            named_share = f"{named / len(applies):.1%}"
            fires_share = f"{fires / len(applies):.1%}"
            print(
                f"{family:<10} {name:<6} {len(applies):>5} {named_share:>7} {fires_share:>11} "
                f"{differ:>7} {wrong:>11}"
            )


def timing(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed + 1)
    rules = load_rules("hand")
    spec = PanelSpec(("dots", "squares"))
    panel = random_panel_candidate(5, 5, spec, rng)
    explain(panel, random_line(panel, rng), rules)  # loads the search core
    seconds = []
    for _ in range(args.timed):
        panel = random_panel_candidate(5, 5, spec, rng)
        line = random_line(panel, rng)
        t0 = time.perf_counter()
        explain(panel, line, rules, time_limit=30)
        seconds.append(time.perf_counter() - t0)
    print(
        f"explain on {args.timed} lines of 5x5 panels (dots, squares; hand rules): "
        f"median {statistics.median(seconds):.4f} s, largest {max(seconds):.4f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dead", type=int, default=200)
    parser.add_argument("--timed", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    coverage(args)
    timing(args)


if __name__ == "__main__":
    main()
