"""Cost of the panel background knowledge (bk/panel.pl) per call, in SWI-Prolog.

Builds one seeded panel with dots, coloured squares and stars, draws random
partial paths on it (self-avoiding random walks from the start), loads the
background knowledge and their facts into one Prolog module (janus-swi), and
calls every body predicate of bias/mixed.pl on every (path, object) pair
twice: the first round computes each path's reach, parts and regions and
stores every answer (bk/panel.pl memoises them), the second only looks them
up (what an ILP engine's millions of calls mostly are). Prints the calls and
microseconds per call of each round, and the bytes per path of the stored
answers and of the path facts.

    .venv/bin/python benchmarks/bench_panel_bk.py [--size 5] [--paths 2000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time

import janus_swi as janus

from witness.learning.examples import BIAS_DIR, bias_bk_files, bk_header
from witness.learning.facts import (
    PATH_FACT_PREDICATES,
    object_atom,
    panel_facts,
    path_facts,
)
from witness.model.panel import Dot, Panel
from witness.search.panel_features import panel_objects

CALLS = (
    "uncovered({p},{o})",
    "lost({p},{o})",
    "part_dots({p},{o},_)",
    "part_ends({p},{o},_)",
    "open_dots({p},_)",
    "joined_colours({p},{o},_)",
    "region_colours({p},{o},_)",
    "closed({p},{o})",
    "joined_partners({p},{o},_)",
    "region_partners({p},{o},_)",
)

MEMO_PREDICATES = (
    "reach_memo/2",
    "parts_memo/2",
    "dot_part_memo/4",
    "dot_values_memo/6",
    "open_dots_memo/2",
    "square_values_memo/5",
    "star_values_memo/4",
)


def seeded_panel(size: int, rng: random.Random) -> Panel:
    cells = rng.sample([(x, y) for x in range(size) for y in range(size)], 6)
    colours = ["black", "white"]
    vertices = [(x, y) for x in range(size + 1) for y in range(size + 1)]
    return Panel(
        rows=size,
        cols=size,
        ends=((size, size),),
        dots=tuple(Dot(v) for v in rng.sample(vertices[1:-1], 3)),
        squares=tuple(sorted((x, y, rng.choice(colours)) for x, y in cells[:3])),
        stars=tuple(sorted((x, y, rng.choice(colours)) for x, y in cells[3:])),
    )


def random_path(panel: Panel, rng: random.Random) -> list:
    path = [panel.starts[0]]
    for _ in range(rng.randrange(1, (panel.rows + 1) * (panel.cols + 1))):
        steps = [w for w in panel.neighbours(path[-1]) if w not in path]
        if not steps:
            break
        path.append(rng.choice(steps))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--paths", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    panel = seeded_panel(args.size, rng)
    paths = [random_path(panel, rng) for _ in range(args.paths)]
    facts = panel_facts(panel, "q")
    for i, path in enumerate(paths):
        facts += path_facts(panel, path, f"p{i}", "q")
    text = bk_header(bias_bk_files(BIAS_DIR / "mixed.pl")) + "\n" + "\n".join(facts) + "\n"
    janus.consult("bench_panel_bk.pl", data=text, module="bench")
    objects = [object_atom(o, "q") for o in panel_objects(panel)]
    goals = [c.format(p=f"p{i}", o=o) for i in range(len(paths)) for o in objects for c in CALLS]
    # one Prolog query per round: the loop runs in Prolog, not through janus per call
    janus.query_once("assertz(bench:goals(Gs))", {"Gs": goals})
    loop = "bench:goals(_Gs), forall(member(_T, _Gs), (term_string(_G, _T), ignore(bench:_G)))"
    parse = "bench:goals(_Gs), forall(member(_T, _Gs), term_string(_, _T))"
    t = time.perf_counter()
    janus.query_once(parse)
    parse_s = time.perf_counter() - t
    print(f"panel {args.size}x{args.size}, {len(paths)} paths, {len(objects)} objects")
    for round_name in ("first (computes)", "second (stored)"):
        t = time.perf_counter()
        janus.query_once(loop)
        seconds = time.perf_counter() - t - parse_s
        print(
            f"{round_name}: {len(goals)} calls, "
            f"{1e6 * seconds / len(goals):.2f} us per call (string parsing subtracted)"
        )
    for what, preds in (("stored answers", MEMO_PREDICATES), ("path facts", PATH_FACT_PREDICATES)):
        size = janus.query_once(
            "aggregate_all(sum(_S), (member(_T, Ps), term_string(_N/_A, _T), functor(_H, _N, _A), "
            "predicate_property(bench:_H, size(_S))), B)",
            {"Ps": list(preds)},
        )["B"]
        print(f"{what}: {size / len(paths):.0f} bytes per path")


if __name__ == "__main__":
    main()
