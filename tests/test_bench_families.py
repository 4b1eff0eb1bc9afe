"""benchmarks/bench_families.py: which community panels belong to a family, and
the per-size summary (Equations 1 and 2 over the panels both A* runs finished)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_families import community_panels, of_family, summary_lines  # noqa: E402

from witness.model.panel import Dot, Panel  # noqa: E402


def test_a_family_holds_only_its_symbols_and_gaps():
    dots = Panel(rows=2, cols=2, ends=((2, 2),), dots=(Dot((1, 1)),), gaps=(((0, 1), (0, 2)),))
    squares = Panel(rows=2, cols=2, ends=((2, 2),), squares=((0, 0, "red"), (1, 1, "blue")))
    both = Panel(rows=2, cols=2, ends=((2, 2),), dots=(Dot((1, 1)),), squares=((0, 0, "red"),))
    mirrored = Panel(
        rows=2,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 2), (2, 2)),
        symmetry="horizontal",
        dots=(Dot((0, 1)),),
    )
    assert of_family(dots, "dots") and not of_family(dots, "squares")
    assert of_family(squares, "squares") and not of_family(squares, "mixed")
    assert of_family(both, "mixed") and not of_family(both, "dots")
    assert not of_family(mirrored, "dots")  # the features do not apply with symmetry


def test_community_panels_are_a_seeded_sample(tmp_path):
    for i in range(6):
        Panel(rows=2, cols=2, ends=((2, 2),), dots=(Dot((1, i % 3)),)).save(tmp_path / f"p{i}.json")
    Panel(rows=6, cols=6, ends=((6, 6),), dots=(Dot((1, 1)),)).save(tmp_path / "big.json")
    first = community_panels(tmp_path, "dots", 5, 4, seed=1)
    assert len(first) == 4 and "big" not in [n for n, _ in first]
    assert first == community_panels(tmp_path, "dots", 5, 4, seed=1)


def test_summary_counts_speedups_over_panels_both_searches_finished():
    def row(puzzle, solver, status, expansions, seconds):
        return {
            "puzzle": puzzle,
            "size": "4x4",
            "solver": solver,
            "status": status,
            "expansions": expansions,
            "seconds": seconds,
        }

    rows = [
        row("a", "baseline", "solved", 100, 1.0),
        row("a", "pi_star", "solved", 10, 0.5),
        row("a", "clingo", "solved", 0, 0.1),
        row("b", "baseline", "timed_out", 999, 10.0),
        row("b", "pi_star", "solved", 5, 0.1),
        row("b", "clingo", "solved", 0, 0.1),
    ]
    size_line = summary_lines("dots", rows)[0]
    assert "finished by baseline/pi*/clingo=1/2/2" in size_line
    assert "speedup_E= 10.000" in size_line and "speedup_t=  2.000" in size_line
