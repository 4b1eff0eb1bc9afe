"""The property tests' example counts, scaled by one setting: the Hypothesis
profile. Each test writes the count it was tuned with, ``examples(n)``; the
profile ``ci`` (the default) runs that count, the same examples on every run
(derandomised), ``dev`` a quarter of it (at least 5), new ones each run, for a
quick local run:

    HYPOTHESIS_PROFILE=dev .venv/bin/python -m pytest
    .venv/bin/python -m pytest --hypothesis-profile=dev

The profiles are registered in ``tests/conftest.py``.
"""

from hypothesis import settings

# max_examples of each profile; a test's own count is scaled by it over
# Hypothesis's default of 100
PROFILES = {"ci": 100, "dev": 25}


def examples(n: int) -> int:
    """``n`` examples under ``ci``, scaled under another profile (at least
    min(n, 5), so a scaled-down test still tries a few)."""
    scaled = round(n * settings().max_examples / 100)
    return max(min(n, 5), scaled)
