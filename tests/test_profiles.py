"""The Hypothesis profiles scale every property test's example count."""

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
PROBE = (
    "import conftest; from profiles import examples; print(examples(200), examples(8), examples(2))"
)


def counts(profile: str) -> str:
    env = {**os.environ, "HYPOTHESIS_PROFILE": profile}
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=TESTS, env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_ci_runs_each_count_as_written_and_dev_a_quarter_of_it():
    assert counts("ci") == "200 8 2"
    assert counts("dev") == "50 5 2"
