"""Putting the evaluation's chunks together (sections 5.5 and 5.6): the
per-puzzle tables, Table 2's per-bucket table beside the paper's, the overall
speedups (Equations 1 and 2) and the shares of large puzzles solved within
each limit (Figure 5's data)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pandas as pd

from witness.io import write_csv, write_json
from witness.model.base import size_pair
from witness.paper import PAPER_TABLE2, PAPER_TEST
from witness.pipeline.evaluate import LARGE_FIELDS, TEST_FIELDS
from witness.pipeline.speedup import speedup_E, speedup_t


def squares(size: str) -> int:
    """Squares of an RxC size or bucket (the x axis of Table 2 and Figures 4 and 5)."""
    rows, cols = size_pair(size)
    return rows * cols


def _join_chunks(
    chunk_csvs: Sequence[str | Path], fields: Sequence[str], per_puzzle_csv: str | Path
) -> pd.DataFrame:
    """The chunks' rows in one table, also written as ``per_puzzle_csv``."""
    df = pd.concat([pd.read_csv(f) for f in chunk_csvs], ignore_index=True)
    write_csv(df.to_dict("records"), fields, per_puzzle_csv)
    return df


def _write_table(rows: list[dict], first: str, path: str | Path) -> None:
    """``rows`` as a CSV whose columns are the rows' keys (just ``first`` when empty)."""
    write_csv(rows, list(rows[0]) if rows else [first], path)


def speedups_of(df: pd.DataFrame, solver: str) -> dict[str, float]:
    """Equations 1 and 2 for ``solver``'s columns over the baseline's in ``df``."""
    return {
        "speedup_t": speedup_t(df["baseline_seconds"], df[f"{solver}_seconds"]),
        "speedup_E": speedup_E(df["baseline_expansions"], df[f"{solver}_expansions"]),
    }


def _bucket_row(bucket: str, g: pd.DataFrame) -> dict:
    """One row of Table 2 for one bucket: ours, and the paper's where it has the bucket."""
    paper = PAPER_TABLE2.get(size_pair(bucket))
    return {
        "bucket": bucket,
        "squares": squares(bucket),
        "instances": len(g),
        "baseline_mean_expansions": g["baseline_expansions"].mean(),
        "baseline_mean_seconds": g["baseline_seconds"].mean(),
        "pi_star_mean_expansions": g["pi_star_expansions"].mean(),
        "pi_star_mean_seconds": g["pi_star_seconds"].mean(),
        **speedups_of(g, "pi_star"),
        "paper_instances": paper[0] if paper else None,
        "paper_baseline_mean_expansions": paper[1] if paper else None,
        "paper_baseline_mean_seconds": paper[2] if paper else None,
    }


def _per_puzzle(equation: Callable, baseline: pd.Series, other: pd.Series) -> pd.Series:
    """An equation on each puzzle alone (a set of one puzzle)."""
    pairs = zip(baseline, other, strict=True)
    return pd.Series([equation([b], [o]) for b, o in pairs], index=baseline.index, dtype=float)


def _test_summary(df: pd.DataFrame) -> dict:
    """The overall speedups of pi_star (and of the portfolio, where it ran), beside the paper's."""
    ratio_t = _per_puzzle(speedup_t, df["baseline_seconds"], df["pi_star_seconds"])
    ratio_e = _per_puzzle(speedup_E, df["baseline_expansions"], df["pi_star_expansions"])
    summary = {
        "puzzles": len(df),
        "pi_star_mode": sorted(df["pi_star_mode"].unique().tolist()),
        **speedups_of(df, "pi_star"),
        "speedup_t_range": [float(ratio_t.min()), float(ratio_t.max())],
        "speedup_E_range": [float(ratio_e.min()), float(ratio_e.max())],
        "share_slower": float((df["pi_star_seconds"] > df["baseline_seconds"]).mean()),
        "share_more_expansions": float(
            (df["pi_star_expansions"] > df["baseline_expansions"]).mean()
        ),
        "unsolved": {
            "baseline": int((df["baseline_status"] != "solved").sum()),
            "pi_star": int((df["pi_star_status"] != "solved").sum()),
        },
        "paper": PAPER_TEST,
    }
    if df["portfolio_seconds"].notna().all() and len(df):
        summary["portfolio"] = {
            **speedups_of(df, "portfolio"),
            "unsolved": int((df["portfolio_status"] != "solved").sum()),
            "won_by_unverified": float((df["portfolio_winner"] == 0).mean()),
        }
    return summary


def aggregate_test(
    chunk_csvs: Sequence[str | Path],
    per_puzzle_csv: str | Path,
    by_size_csv: str | Path,
    summary_json: str | Path,
) -> dict:
    """Per-puzzle table, Table 2 style per-bucket table, and the overall speedups."""
    df = _join_chunks(chunk_csvs, TEST_FIELDS, per_puzzle_csv)
    order = sorted(df["bucket"].unique(), key=lambda b: (squares(b), b))
    _write_table([_bucket_row(b, df[df["bucket"] == b]) for b in order], "bucket", by_size_csv)
    summary = _test_summary(df)
    write_json(summary, summary_json)
    return summary


def aggregate_large(
    chunk_csvs: Sequence[str | Path],
    per_puzzle_csv: str | Path,
    solved_csv: str | Path,
    time_limits_min: Sequence[float],
    expansions_per_min: float,
) -> list[dict]:
    """Share of puzzles solved per size, solver and limit, two ways: within the
    wall-clock limit here, and within the paper's throughput x the limit
    (expansions), since our search runs far faster than the paper's Python."""
    df = _join_chunks(chunk_csvs, LARGE_FIELDS, per_puzzle_csv)
    rows = []
    for (size, solver), g in df.groupby(["size", "solver"], sort=True):
        solved = g["solved"].astype(bool)
        for limit in time_limits_min:
            rows.append(
                {
                    "size": size,
                    "squares": squares(size),
                    "solver": solver,
                    "limit_min": limit,
                    "puzzles": len(g),
                    "solved_within_time": float((solved & (g["seconds"] <= limit * 60)).mean()),
                    "solved_within_paper_expansions": float(
                        (solved & (g["expansions"] <= limit * expansions_per_min)).mean()
                    )
                    if solver != "asp"
                    else None,
                }
            )
    _write_table(rows, "size", solved_csv)
    return rows
