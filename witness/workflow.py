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
