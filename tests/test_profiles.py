"""The Hypothesis profiles scale every property test's example count."""

import os
import re
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


def test_every_property_test_takes_its_count_from_the_profile():
    """A count written as a bare number would not scale: ``examples(n)`` everywhere."""
    written = re.compile(r"max_examples\s*=\s*(?!examples\()")
    bare = [
        f"{path.name}:{number}"
        for path in sorted(TESTS.glob("test_*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if written.search(line)
    ]
    assert bare == []
