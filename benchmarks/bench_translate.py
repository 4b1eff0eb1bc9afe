"""Cost of a translated learned program inside A*: Table 3 translated from Prolog
against the hand-written ``paper`` predicate, on the 5x5 benchmark set.

Both searches must expand the same paths (same predicate, same tie order); the
time ratio is the translation's overhead. The paper's yardstick for predicate
overhead is its speedup_t / speedup_E (witness.paper.PAPER_TEST: 6.12 / 6.27 = 0.976).

    .venv/bin/python benchmarks/bench_translate.py [--count 40] [--seed 0]
"""

from __future__ import annotations

import argparse

from witness.learning.translate import translate_program
from witness.paper import PAPER_TEST
from witness.pipeline.evaluate import solve_all, speedups
from witness.search.generate import generate_set
from witness.search.solvers import warm_up

TABLE3 = """
f(A,B):-square(B,C,D),path(A,E),count(D,E,F),greaterThan(F,C).
f(A,B):-square(B,D,C),path(A,E),count(E,C,F),notAdjacent(A,B),three(D),one(F).
f(A,B):-square(B,D,C),path(A,E),count(E,C,F),notAdjacent(A,B),three(D),two(F).
"""


PAPER_T, PAPER_E = PAPER_TEST["speedup_t"], PAPER_TEST["speedup_E"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="best of N timings per predicate")
    args = ap.parse_args()
    warm_up()
    puzzles = [
        (f"p{i}", p) for i, p in enumerate(generate_set("random", [(5, 5)], args.count, args.seed))
    ]
    learned = translate_program(TABLE3, "table3")

    def best(pred):
        runs = [solve_all(puzzles, pred, "prune") for _ in range(args.repeat)]
        return min(runs, key=lambda rs: sum(r.seconds for r in rs))

    base, paper, translated = best("baseline"), best("paper"), best(learned)
    same = all(a.expansions == b.expansions for a, b in zip(paper, translated, strict=True))
    t_paper = sum(r.seconds for r in paper)
    t_trans = sum(r.seconds for r in translated)
    print(f"{args.count} Algorithm-3 5x5 puzzles, seed {args.seed}, best of {args.repeat}")
    print(f"same expansions on every puzzle: {same}")
    print(f"time translated / hand-written: {t_trans / t_paper:.3f} (target <= 1.5)")
    for name, recs in (("hand-written", paper), ("translated", translated)):
        s_t, s_e = speedups(base, recs)
        print(
            f"{name:<13} speedup_t {s_t:6.2f}  speedup_E {s_e:6.2f}  "
            f"speedup_t/speedup_E {s_t / s_e:.3f}  (paper: {PAPER_T}/{PAPER_E} = "
            f"{PAPER_T / PAPER_E:.3f})"
        )


if __name__ == "__main__":
    main()
