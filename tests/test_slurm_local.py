"""profiles/slurm on a real (one-node) SLURM: scripts/slurm-local.sh brings one up on
this machine, runs config/tiny.yaml through the profile and locally, and compares the
results. Needs root (it installs Debian's slurm-wlm and munge if missing and runs
their daemons); a few minutes."""

import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.skipif(os.geteuid() != 0, reason="brings up SLURM daemons: needs root")
def test_the_slurm_profile_gives_the_local_results_on_a_one_node_cluster(tmp_path):
    before = set(daemon_pids())
    proc = subprocess.run(
        [str(ROOT / "scripts" / "slurm-local.sh"), str(ROOT / "config" / "tiny.yaml")],
        capture_output=True,
        text=True,
        timeout=3600,
        env={**os.environ, "SLURM_LOCAL_WORK": str(tmp_path)},
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-4000:]
    assert re.search(r"\d+ files in both runs, \d+ compared .*: identical", out), out
    jobs = re.search(r"slurm run: \d+ s wall, (\d+)/(\d+) steps, (\d+) sbatch jobs", out)
    assert jobs, out
    steps, total, submitted = map(int, jobs.groups())
    assert steps == total and 0 < submitted < total  # localrules ran in the main process
    assert set(daemon_pids()) == before  # every daemon it started is gone, no job left


def daemon_pids() -> list[int]:
    """Process ids of SLURM's and munge's daemons (and job steps) on this machine."""
    found = []
    for name in ("munged", "slurmctld", "slurmd", "slurmstepd"):  # pgrep -x: one name each
        proc = subprocess.run(["pgrep", "-x", name], capture_output=True, text=True)
        found += [int(p) for p in proc.stdout.split()]
    return found
