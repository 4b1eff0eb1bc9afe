"""Glue for the Snakemake scripts in workflow/scripts (which hold no logic)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def logged(smk: object) -> Iterator[None]:
    """Send a rule's stdout and stderr (progress bars included) to its log file."""
    logs = list(getattr(smk, "log", []) or [])
    if not logs:
        yield
        return
    with open(logs[0], "w") as fh, contextlib.redirect_stdout(fh), contextlib.redirect_stderr(fh):
        try:
            yield
        except Exception as exc:
            print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
            raise


def learn_step(task_dir: str, out_pl: str, out_json: str, timeout: float, engine: str) -> dict:
    """One learning job of the pipeline: learn, write the program (with its
    header) and a JSON record. A run that fails is recorded (status
    ``failed`` and the error, an empty program) instead of stopping the
    pipeline, as the paper's 11 runs that found nothing were."""
    import json
    import time
    import traceback
    from pathlib import Path

    from witness.ilp import learn, write_program

    t0 = time.perf_counter()
    try:
        program, scores, stats = learn(task_dir, timeout=timeout, engine=engine, progress=True)
    except Exception as exc:  # recorded, not fatal: one bad task must not stop 500
        traceback.print_exc()
        Path(out_pl).write_text(f"% learning failed: {type(exc).__name__}: {exc}\n")
        record = {"status": "failed", "error": f"{type(exc).__name__}: {exc}",
                  "seconds": time.perf_counter() - t0}
    else:
        write_program(out_pl, program, scores, stats)
        status = ("no_program" if not program.clauses else
                  "timed_out" if stats.timed_out else "ok")
        record = {"status": status, **scores.as_dict(), "clauses": list(program.clauses),
                  "seconds": stats.seconds, "exhausted": stats.exhausted,
                  "engine": stats.engine, "stats": stats.as_dict()}
    Path(out_json).write_text(json.dumps(record, indent=1) + "\n")
    return record
