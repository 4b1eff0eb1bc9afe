"""benchmarks/bench_panels_asp.py: a panel's solve in a child, ended at the
time limit or, with --cpu-limit, at that many CPU seconds."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bench_panels_asp  # noqa: E402

from witness.model.panel import Panel  # noqa: E402

PANEL = Panel(rows=1, cols=1, ends=((1, 1),))


def test_a_solve_is_ended_at_its_cpu_limit(monkeypatch) -> None:
    """A child that spins for ever is ended by the kernel at one CPU second,
    long before the wall-clock limit, and counts as stopped at the limit."""

    def spin(panel, time_limit):
        while True:
            pass

    monkeypatch.setattr(bench_panels_asp, "solve_panel_asp", spin)
    status, wall, cpu, extra = bench_panels_asp.solve_capped(PANEL, 60.0, cpu_limit=1)
    assert (status, cpu, extra) == ("timed_out", 1.0, {"stop": "cpu"})
    assert wall < 30


def test_a_solve_within_its_cpu_limit_gives_its_result() -> None:
    status, _wall, cpu, extra = bench_panels_asp.solve_capped(PANEL, 60.0, cpu_limit=5)
    assert status == "solved" and cpu < 5 and extra["stop"] == "line"


def test_a_run_says_whether_the_checker_confirmed_its_line(tmp_path) -> None:
    PANEL.save(tmp_path / "one.json")
    runs, bad = bench_panels_asp.solve_all([tmp_path / "one.json"], 60.0, cpu_limit=5)
    assert not bad and runs[0].status == "solved" and runs[0].second_opinion == "agrees"
