"""How often ``witness explain`` can say why a dead line is dead, and how fast.

For each family (triangles, dots, squares, stars), draws seeded 4x4 panels
(the generator's random candidates, solvable or not) and random lines drawn so
far on them (random walks from a start, the drawing rules kept), until it
has ``--dead`` lines that cannot be completed (decided exactly by A* from the
line's head: :func:`witness.pipeline.explain.complete`) and as many that can.
On each, the rule sets name the clauses that fire. Prints per family and rule
set: the share of dead lines on which a proven clause is named, and the live
lines on which one is (a proven clause never fires on a live line: must be 0).
Then times ``explain`` (search and clauses) on ``--timed`` lines of 5x5 panels
once the search core is loaded: median and largest seconds.

    .venv/bin/python benchmarks/bench_explain.py [--dead 200] [--timed 50] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from witness.model.panel import Panel
from witness.model.rules import lines_of, path_violations
from witness.pipeline.explain import complete, explain, fired_clauses, load_rules, rules_apply
from witness.search.generate_panels import PanelSpec, random_panel_candidate

FAMILIES = ("triangles", "dots", "squares", "stars")
RULES = ("hand", "paper")


def random_line(panel: Panel, rng: random.Random) -> list:
    """A random walk from a start that keeps the drawing rules."""
    line = [rng.choice(panel.starts)]
    for _ in range(rng.randint(1, 2 * (panel.rows + panel.cols))):
        steps = [
            w
            for w in panel.neighbours(line[-1])
            if not path_violations(panel, lines_of(panel, [*line, w]), finished=False)
        ]
        if not steps:
            break
        line.append(rng.choice(steps))
    return line


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
    print(f"{'family':<10} {'rules':<6} {'dead':>5} {'applies':>8} {'named':>7} {'live named':>11}")
    for family in FAMILIES:
        dead, live = family_lines(family, args.dead, rng)
        for name in RULES:
            rules = load_rules(name)
            applies = [(p, ln) for p, ln in dead if not rules_apply(rules, p)]
            if not applies:
                continue
            named = sum(any(f.proven for f in fired_clauses(rules, p, ln)) for p, ln in applies)
            wrong = sum(any(f.proven for f in fired_clauses(rules, p, ln)) for p, ln in live)
            share = f"{named / len(applies):.1%}"
            print(f"{family:<10} {name:<6} {len(dead):>5} {len(applies):>8} {share:>7} {wrong:>11}")


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
