"""The evaluation's chunks put together (witness.pipeline.summary): the
per-bucket table and the overall speedups against sums taken by hand over
the rows, and the shares of large puzzles solved within each limit."""

from __future__ import annotations

import csv
import json
import random

import pytest

from witness.io import write_csv
from witness.model.base import size_pair
from witness.paper import PAPER_TABLE2
from witness.pipeline.evaluate import LARGE_FIELDS, TEST_FIELDS, bucket
from witness.pipeline.summary import aggregate_large, aggregate_test, squares


def test_sizes_and_buckets():
    assert size_pair("4x5") == (4, 5) and size_pair("3X2") == (3, 2)
    assert squares("4x5") == 20 and bucket("5x2") == "2x5"
    for bad in ("4", "4x", "axb", "2x3x4"):
        with pytest.raises(ValueError):
            size_pair(bad)


def chunk_rows(portfolio: bool, seed: int = 0) -> list[list[dict]]:
    rnd = random.Random(seed)
    chunks = []
    for c in range(3):
        rows = []
        for i in range(15):
            size = f"{rnd.randint(2, 5)}x{rnd.randint(2, 5)}"
            row = {
                "puzzle": f"p{c}_{i}",
                "size": size,
                "bucket": bucket(size),
                "pi_star_mode": "prune",
                "baseline_expansions": rnd.randint(1, 999),
                "baseline_seconds": rnd.random(),
                "baseline_status": "solved",
                "pi_star_expansions": rnd.randint(1, 999),
                "pi_star_seconds": rnd.random(),
                "pi_star_status": rnd.choice(["solved", "timed_out"]),
            }
            if portfolio:
                row.update(
                    portfolio_expansions=rnd.randint(1, 99),
                    portfolio_seconds=rnd.random(),
                    portfolio_status="solved",
                    portfolio_winner=rnd.randint(0, 1),
                )
            rows.append(row)
        chunks.append(rows)
    return chunks


@pytest.mark.parametrize("portfolio", [False, True])
def test_test_tables_agree_with_sums_over_the_rows(tmp_path, portfolio):
    chunks = chunk_rows(portfolio)
    files = []
    for i, rows in enumerate(chunks):
        files.append(tmp_path / f"chunk{i}.csv")
        write_csv(rows, TEST_FIELDS, files[-1])
    out = {k: tmp_path / k for k in ("pp.csv", "by_size.csv", "summary.json")}
    summary = aggregate_test(files, out["pp.csv"], out["by_size.csv"], out["summary.json"])
    rows = [r for chunk in chunks for r in chunk]

    def total(key, rs=rows):
        return sum(r[key] for r in rs)

    assert json.loads(out["summary.json"].read_text()) == summary
    assert summary["puzzles"] == len(rows)
    assert summary["speedup_E"] == pytest.approx(
        total("baseline_expansions") / total("pi_star_expansions")
    )
    assert summary["speedup_t"] == pytest.approx(
        total("baseline_seconds") / total("pi_star_seconds")
    )
    assert summary["unsolved"]["pi_star"] == sum(r["pi_star_status"] != "solved" for r in rows)
    assert ("portfolio" in summary) == portfolio
    if portfolio:
        assert summary["portfolio"]["speedup_E"] == pytest.approx(
            total("baseline_expansions") / total("portfolio_expansions")
        )
        assert summary["portfolio"]["won_by_unverified"] == pytest.approx(
            sum(r["portfolio_winner"] == 0 for r in rows) / len(rows)
        )
    with out["pp.csv"].open() as fh:
        assert [r["puzzle"] for r in csv.DictReader(fh)] == [r["puzzle"] for r in rows]
    with out["by_size.csv"].open() as fh:
        table = list(csv.DictReader(fh))
    assert [squares(t["bucket"]) for t in table] == sorted(squares(t["bucket"]) for t in table)
    for t in table:
        mine = [r for r in rows if r["bucket"] == t["bucket"]]
        assert int(t["instances"]) == len(mine)
        assert float(t["speedup_E"]) == pytest.approx(
            total("baseline_expansions", mine) / total("pi_star_expansions", mine)
        )
        paper = PAPER_TABLE2.get(size_pair(t["bucket"]))
        assert (t["paper_instances"] == "") == (paper is None)


def test_large_shares_count_time_and_expansion_budgets(tmp_path):
    rows = [
        {
            "puzzle": f"l{i}",
            "size": "6x6",
            "solver": solver,
            "solved": i % 3 != 0,
            "status": "x",
            "expansions": 1000 * i,
            "seconds": 30.0 * i,
        }
        for i in range(12)
        for solver in ("baseline", "asp")
    ]
    write_csv(rows, LARGE_FIELDS, tmp_path / "c.csv")
    out = aggregate_large(
        [tmp_path / "c.csv"],
        tmp_path / "pp.csv",
        tmp_path / "solved.csv",
        [1, 5],
        expansions_per_min=4000,
    )
    by = {(r["solver"], r["limit_min"]): r for r in out}
    assert set(by) == {("baseline", 1), ("baseline", 5), ("asp", 1), ("asp", 5)}
    for (solver, limit), r in by.items():
        mine = [x for x in rows if x["solver"] == solver]
        assert r["puzzles"] == 12 and r["squares"] == 36
        assert r["solved_within_time"] == pytest.approx(
            sum(x["solved"] and x["seconds"] <= 60 * limit for x in mine) / 12
        )
        if solver == "asp":
            assert r["solved_within_paper_expansions"] is None
        else:
            assert r["solved_within_paper_expansions"] == pytest.approx(
                sum(x["solved"] and x["expansions"] <= 4000 * limit for x in mine) / 12
            )
