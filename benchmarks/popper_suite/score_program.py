"""Score a program on a Popper task folder, whichever engine wrote it.

The benchmark's yardstick (``bench_popper_suite.py``): each clause is tested
on every example of the task's ``exs.pl`` against its ``bk.pl`` in
SWI-Prolog, an example counting as covered when some clause proves it
(``once``, as both engines test), with generous limits; invented predicates
are unfolded into the head predicate's rules (``ilp.invent.unfold``); a recursive program
is tested as a whole (its proofs bounded by the engine's depth limit,
``ilp.test.RECURSION_DEPTH``). An engine's own
report of its scores is not taken on trust: on Popper's ``trains1``, Popper 5
reported TP 394 for a printed rule that proves 320 of the 394 positives.

    .venv/bin/python benchmarks/score_program.py TASK PROGRAM.pl   # '-': stdin

Prints one JSON line: ``{"tp", "fn", "tn", "fp", "size"}``; exit status 1
with a message when a clause cannot be tested within the limits.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

# far above the engine's own per-example limits: scoring must not give up
# where learning did not
INFERENCES_PER_EXAMPLE = 50_000_000
SECONDS_PER_QUERY = 600.0


def score(task: Path, program: str) -> dict[str, int]:
    """TP/FN/TN/FP and size (literals) of ``program`` (Prolog clauses) on ``task``."""
    from ilp.api import load_task
    from ilp.invent import unfold
    from ilp.rules import parse_program
    from ilp.test import Tester

    files, bias = load_task(task)
    rules = parse_program(program)
    with Tester(
        files.bk,
        files.exs,
        bias,
        eval_timeout=SECONDS_PER_QUERY,
        inferences_per_example=INFERENCES_PER_EXAMPLE,
    ) as tester:
        # clauses of other predicates define invented ones: the program's meaning
        scores, _, _ = tester.score(unfold(rules, bias.head.name))
    return {
        "tp": scores.tp,
        "fn": scores.fn,
        "tn": scores.tn,
        "fp": scores.fp,
        "size": sum(r.size for r in rules),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("task", type=Path, help="Popper task folder (bk.pl, bias.pl, exs.pl)")
    ap.add_argument("program", help="file of Prolog clauses, or - for stdin")
    args = ap.parse_args()
    text = sys.stdin.read() if args.program == "-" else Path(args.program).read_text()
    from ilp.task import TaskError

    try:
        result = score(args.task, text)
    except (TaskError, RuntimeError, ValueError, OSError) as exc:
        sys.exit(f"score_program: {exc}")
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
