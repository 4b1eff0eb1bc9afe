"""Run the real Popper on one task folder and print one JSON line (used by
bench_popper_suite.py, in whatever interpreter has ``import popper``; it
imports nothing from this project).

    python popper_runner.py TASK TIMEOUT [noisy]

Printed: the program's clauses, Popper's own TP/FN/TN/FP and program size.
"""

import json
import sys
import time

from popper.util import Settings, calc_prog_size, format_rule, order_prog, order_rule

try:  # Popper 5
    from popper.loop import popper as learn
except ImportError:  # Popper 4
    from popper.loop import learn_solution as learn


def main() -> None:
    task, timeout = sys.argv[1], float(sys.argv[2])
    noisy = len(sys.argv) > 3 and sys.argv[3] == "noisy"
    t0 = time.perf_counter()
    settings = Settings(
        ex_file=f"{task}/exs.pl",
        bk_file=f"{task}/bk.pl",
        bias_file=f"{task}/bias.pl",
        timeout=timeout,
        noisy=noisy,
        verbosity=0,
        quiet=True,
    )
    result = learn(settings)
    prog, score = (result[0], result[1]) if isinstance(result, tuple) else (result, None)
    out = {"seconds": round(time.perf_counter() - t0, 3), "clauses": [], "size": 0}
    if prog:
        out["clauses"] = [format_rule(order_rule(r, settings)) for r in order_prog(prog)]
        out["size"] = calc_prog_size(prog)
    if score is not None:
        out.update(zip(("tp", "fn", "tn", "fp"), (int(x) for x in score[:4]), strict=True))
    print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
