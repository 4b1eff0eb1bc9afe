"""benchmarks/compare_panels.py: a family's rate over all runs, and over each
panel's fastest run."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from compare_panels import family_rate, set_of  # noqa: E402


def test_rates_over_all_runs_and_over_each_panels_fastest():
    runs = {"a": [(2.0, 10), (1.0, 10)], "b": [(0.5, 4), (4.0, 6)]}
    assert family_rate(runs, ["a", "b"], best=False) == pytest.approx(30 / 7.5)
    assert family_rate(runs, ["a", "b"], best=True) == pytest.approx(14 / 1.5)
    assert family_rate(runs, ["b"], best=True) == pytest.approx(4 / 0.5)
    assert family_rate(runs, [], best=True) == 0.0


def test_a_generated_panels_set_is_its_family_and_size():
    assert set_of("stars-5x5-12", "5x5") == "stars 5x5"
