"""The ratings experiment's steps (witness/difficulty/ratings.py) on small panels
made here: the thesis's filter, the time adjustment, the correlations."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta

import numpy as np
import pytest
from scipy import stats

from witness.difficulty.ratings import (
    RatedPanel,
    adjust_for_time,
    correlate,
    difference,
    family_of,
    select,
)
from witness.model.panel import Panel

T0 = datetime(2021, 1, 1, tzinfo=UTC)


def rated(name, days, upvotes, size=4, title="t", **fields) -> RatedPanel:
    created = T0 + timedelta(days=days)
    meta = {"id": name, "title": title, "upvotes": upvotes, "created": created.isoformat()}
    panel = Panel.from_dict(
        {"rows": size, "cols": size, "start": [0, 0], "goal": [size, size], "meta": meta, **fields}
    )
    return RatedPanel.from_panel(name, panel)


def test_the_families():
    assert family_of(rated("a", 0, 1, dots=[[1, 1]]).panel) == "dots-squares-gaps"
    assert family_of(rated("b", 0, 1, triangles=[[0, 0, 2]]).panel) == "triangles"
    both = rated("c", 0, 1, triangles=[[0, 0, 2]], dots=[[1, 1]]).panel
    assert family_of(both) is None
    assert family_of(rated("d", 0, 1).panel) is None  # no constraint at all


def test_the_thesis_filter_says_why_each_panel_is_left_out():
    panels = [
        rated("ok1", 1, 5, dots=[[1, 1]]),
        rated("ok2", 2, 7, squares=[[0, 0, "black"], [1, 0, "white"]]),
        rated("small", 3, 5, size=3, dots=[[1, 1]]),
        rated("tri", 4, 5, triangles=[[0, 0, 1]]),
        rated("outlier", 5, 41, dots=[[2, 2]]),
        rated("late", 800, 5, dots=[[3, 3]]),
        rated("game", 6, 5, dots=[[0, 1]]),
        rated("copy", 7, 9, dots=[[1, 1]]),  # the same panel as ok1, later
    ]
    kept, why = select(panels, "dots-squares-gaps", until=date(2022, 11, 29), exclude={"game"})
    assert [r.name for r in kept] == ["ok1", "ok2"]
    assert why == {
        "not 4x4": 1,
        "other constraints": 1,
        "rating above 40": 1,
        "created after 2022-11-29": 1,
        "on the exclusion list": 1,
        "duplicate of an earlier panel": 1,
    }
    practice = [rated("p", 1, 1, title="P3D Triangle Practice #4", triangles=[[0, 0, 1]])]
    kept, why = select([*practice, panels[3]], "triangles", until=None)
    assert [r.name for r in kept] == ["tri"] and why == {"a 'practice' puzzle": 1}
    with pytest.raises(ValueError):
        select(panels, "stars")


def test_time_adjustment_removes_the_linear_trend_and_keeps_the_mean():
    rng = np.random.default_rng(1)
    t = rng.uniform(0, 100, 50)
    y = 20 - 0.15 * t + rng.normal(0, 1, 50)
    adjusted = adjust_for_time(y, t)
    assert abs(np.corrcoef(adjusted, t)[0, 1]) < 1e-9
    assert math.isclose(adjusted.mean(), y.mean())
    assert np.allclose(adjust_for_time([1.0, 2.0], [5.0, 5.0]), [1.0, 2.0])  # no time spread


def test_correlations_match_scipy_and_leave_out_undefined_scores():
    rng = np.random.default_rng(2)
    x = rng.normal(size=40)
    y = 0.6 * x + rng.normal(size=40)
    scores = [*x, math.inf, None]
    ratings = [*y, 3.0, 4.0]
    c = correlate("s", scores, ratings)
    assert c.n == 40
    assert math.isclose(c.pearson, stats.pearsonr(x, y).statistic)
    assert math.isclose(c.spearman, stats.spearmanr(x, y).statistic)
    assert c.pearson_low < c.pearson < c.pearson_high
    d, low, high, n = difference(list(x), list(-x), list(y))
    assert n == 40 and d > 0 and low > 0  # r(x) - r(-x) = 2 r(x), clearly positive
    constant = correlate("flat", [1.0] * 10, list(range(10)))
    assert math.isnan(constant.pearson) and constant.n == 10


@pytest.mark.slow
def test_the_benchmark_runs_end_to_end_and_resumes(tmp_path):
    """benchmarks/bench_ratings.py on three small rated panels: every output, and
    a second run scores nothing again."""
    import csv
    import json
    import subprocess
    import sys
    from pathlib import Path

    folder = tmp_path / "imported"
    folder.mkdir()
    dots = [[1, 0], [2, 1], [3, 2], [4, 3], [0, 2], [1, 4], [3, 4], [2, 3]]
    for i in range(3):
        meta = {"id": f"w{i}", "upvotes": 2 + 3 * i, "created": f"2021-0{i + 1}-01T00:00:00"}
        panel = {"rows": 4, "cols": 4, "start": [0, 0], "goal": [4, 4], "meta": meta}
        panel["dots"] = dots[i : i + 6]
        (folder / f"p{i}.json").write_text(json.dumps(panel))
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_ratings.py"
    cmd = [sys.executable, str(script), str(folder), "--out", str(tmp_path / "out")]
    cmd += ["--lookahead", "0", "--families", "dots-squares-gaps"]
    first = subprocess.run(cmd, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    out = tmp_path / "out" / "dots-squares-gaps"
    for name in ("selected.csv", "left_out.csv", "scores.csv", "correlations.md"):
        assert (out / name).is_file(), name
    assert (out / "remuse_vs_rating.png").stat().st_size > 1000
    rows = list(csv.DictReader((out / "scores.csv").open()))
    assert len(rows) == 3 * 2 and {r["status"] for r in rows} == {"done"}
    second = subprocess.run(cmd, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert len(list(csv.DictReader((out / "scores.csv").open()))) == 6
    assert "remuse_la0 (hand)" in (out / "correlations.md").read_text()
    # resumed from scores kept without ratings (as results/reference keeps them)
    kept = [{k: v for k, v in r.items() if k != "rating"} for r in rows]
    with (out / "scores.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, list(kept[0]))
        writer.writeheader()
        writer.writerows(kept)
    third = subprocess.run([*cmd, "--lookahead", "1"], capture_output=True, text=True)
    assert third.returncode == 0, third.stderr
    again = list(csv.DictReader((out / "scores.csv").open()))
    assert len(again) == 12 and all(r["rating"] and r["status"] == "done" for r in again)


def test_solution_counts_come_from_any_row_that_has_them():
    from witness.difficulty.ratings import correlation_table

    rows = []
    for i in range(6):
        base = {"puzzle": f"p{i}", "created": f"2021-01-0{i + 1}T00:00:00", "rating": float(i)}
        for player, solutions in (("hand", i + 1), ("paper", "")):  # unproven: no count
            rows.append(
                {**base, "player": player, "lookahead": "0", "muse": "1", "remuse": "1"}
                | {"solutions": str(solutions), "mean_length": str(solutions)}
            )
    table = {c.score: c for c in correlation_table(rows)}
    assert table["solutions"].n == 6 and table["mean_length"].n == 6


def test_a_player_chosen_on_one_half_is_judged_on_the_other():
    from witness.difficulty.ratings import choose_held_out, difference, halves

    rng = np.random.default_rng(3)
    n = 40
    ratings = rng.normal(size=n).tolist()
    first, second = halves([str(i) for i in range(n)])
    assert sorted(first + second) == list(range(n)) and len(first) == n // 2
    # "lucky" tracks the ratings on the first half only, noise on the second;
    # "steady" tracks them a little everywhere; the reference is noise
    lucky = [ratings[i] if i in first else rng.normal() for i in range(n)]
    steady = [r + 2 * rng.normal() for r in ratings]
    reference = rng.normal(size=n).tolist()
    picks = choose_held_out({"lucky": lucky, "steady": steady}, reference, ratings)
    assert picks[0].chosen == "lucky" and math.isclose(picks[0].chosen_r, 1.0)
    want = difference(
        [lucky[i] for i in second], [reference[i] for i in second], [ratings[i] for i in second]
    )
    assert (picks[0].difference, picks[0].low, picks[0].high, picks[0].n_test) == want
    assert picks[1].chosen == "steady" and picks[1].n_choose == n - n // 2
