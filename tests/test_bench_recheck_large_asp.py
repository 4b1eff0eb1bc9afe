"""benchmarks/recheck_large_asp.py: a run's large puzzles solved by clingo again
give the run's shares, a share that differs is marked, and a second run reads
the rows the first wrote instead of solving again."""

import sys

from project_files import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import recheck_large_asp  # noqa: E402
import yaml  # noqa: E402

from witness.io import write_csv  # noqa: E402

CONFIG = {
    "seed": 3,
    "sets": {"train": {"method": "random", "count": 2, "sizes": [[2, 2]]}},
    "large": {"method": "path", "count": 2, "sizes": [[3, 3], [3, 4]]},
    "large_eval": {"time_limits_min": [0.5, 1], "paper_expansions_per_min": 1000},
}
FIELDS = ["size", "squares", "solver", "limit_min", "puzzles", "solved_within_time"]


def _run_solved(tmp_path, share_3x4: float):
    rows = [
        {"size": size, "squares": squares, "solver": "asp", "limit_min": limit,
         "puzzles": 2, "solved_within_time": share}
        for size, squares, share in (("3x3", 9, 1.0), ("3x4", 12, share_3x4))
        for limit in (0.5, 1)
    ]  # fmt: skip
    return write_csv(rows, FIELDS, tmp_path / f"solved_{share_3x4}.csv")


def test_the_shares_of_a_run_hold_and_one_that_differs_is_marked(tmp_path, capsys, monkeypatch):
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump(CONFIG))
    out = tmp_path / "out"
    args = ["--config", str(config), "--out", str(out)]
    assert recheck_large_asp.main([*args, "--solved", str(_run_solved(tmp_path, 1.0))]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "every share as the run's"
    assert len((out / "per_puzzle.csv").read_text().splitlines()) == 1 + 4

    monkeypatch.setattr(recheck_large_asp, "solve_panel_asp", None)  # the rows are read back
    assert recheck_large_asp.main([*args, "--solved", str(_run_solved(tmp_path, 0.5))]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "some share differs from the run's"
