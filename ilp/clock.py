"""When a learning job started, so that its time limit counts from there.

A job's time limit covers the whole job: starting Python, importing, the
isolated child's start, loading the task, the search, the final combine and
check. :func:`process_started` is this process's start (Linux: from
``/proc``, to 10 ms; elsewhere: the first call's time).
"""

from __future__ import annotations

import os
import time
from functools import cache
from pathlib import Path


@cache
def process_started() -> float:
    """Epoch seconds at which this process started (cached: the first call's
    time where ``/proc`` cannot say)."""
    try:
        # /proc/self/stat field 22: start time in clock ticks after boot; the
        # command name (field 2) may hold spaces, so split after its ")"
        ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return time.time() - (uptime - ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return time.time()
