"""The report's figures: Figure 4, Figure 5 (heat maps and lines), the
Appendix A puzzle and puzzle difficulty, each written as a .png and an .svg
(:func:`save_figure`). :mod:`witness.pipeline.report` writes report.md around
them."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

from witness.io import write_file  # noqa: E402
from witness.paper import PAPER_FIGURE5, PAPER_LARGE, PAPER_TEST  # noqa: E402
from witness.pipeline.summary import squares  # noqa: E402


def save_figure(fig: plt.Figure, stem: Path) -> list[Path]:
    """Write ``fig`` as ``stem``.png and ``stem``.svg (each atomically; the SVG
    without a date, so a rerun writes the same file), then close it."""
    out = []
    for ext in ("png", "svg"):
        data = io.BytesIO()
        fig.savefig(
            data,
            format=ext,
            dpi=150,
            bbox_inches="tight",
            metadata={"Date": None} if ext == "svg" else None,
        )
        out.append(write_file(stem.with_suffix(f".{ext}"), data.getvalue()))
    plt.close(fig)
    return out


def plain_log_ticks(axis: matplotlib.axis.Axis) -> None:
    """Label a log-scale axis with plain numbers (0.5, 2, 10, 1,000), not 6x10^0;
    when it spans less than two decades, its 2s and 5s too."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    def plain(v: float, _pos: object = None) -> str:
        return f"{v:,.0f}" if v >= 1 else f"{v:.3g}"

    lo, hi = sorted(abs(v) for v in axis.get_view_interval())
    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(plain))
    if lo > 0 and hi / lo < 100:
        axis.set_minor_locator(LogLocator(base=10, subs=(2, 5)))
        axis.set_minor_formatter(FuncFormatter(plain))
    else:
        axis.set_minor_formatter(NullFormatter())


NOISY_SECONDS = 1e-3  # a bucket's mean baseline search under this: speedup_t is mostly noise


def figure4(by_size_csv: str | Path, stem: Path) -> list[Path]:
    """Speedup (expansions and time) of pi_star over pi_baseline per bucket of
    Table 2 (2x4 and 4x2 in one), each bucket labelled with its puzzles; the
    paper's speedups over all 15000 test puzzles as reference lines; speedup_t
    of buckets whose searches take under a millisecond drawn hollow (noise)."""
    df = pd.read_csv(by_size_csv)
    x = np.arange(len(df))
    fig, ax = plt.subplots(figsize=(max(5.0, 1.0 + 0.7 * len(df)), 4))
    ax.plot(x, df["speedup_E"], "s-", color="C0", label="speedup_E (expansions, exact)")
    noisy = (df["baseline_mean_seconds"] < NOISY_SECONDS).to_numpy()
    ax.plot(x, df["speedup_t"], "-", color="C1", lw=1)
    ax.plot(x[~noisy], df["speedup_t"][~noisy], "o", color="C1", label="speedup_t (time)")
    if noisy.any():
        ax.plot(
            x[noisy],
            df["speedup_t"][noisy],
            "o",
            mfc="white",
            color="C1",
            label="speedup_t, searches under 1 ms (noisy)",
        )
    for value, style, name in (
        (PAPER_TEST["speedup_E"], (0, (4, 2)), "speedup_E"),
        (PAPER_TEST["speedup_t"], (0, (1, 2)), "speedup_t"),
    ):
        ax.axhline(value, color="grey", ls=style, lw=1, label=f"paper, all sizes: {name} {value}")
    ax.axhline(1, color="black", lw=0.6)
    ax.set_xticks(x, [f"{b}\nn={n}" for b, n in zip(df["bucket"], df["instances"], strict=True)])
    ax.tick_params(axis="x", labelsize=7)
    ax.set_xlim(-0.5, len(df) - 0.5)
    ax.set_yscale("log")  # speedups are ratios: 0.5 is as far below 1 as 2 above
    plain_log_ticks(ax.yaxis)
    ax.set_xlabel("bucket of Table 2 (rows x columns, either way round), test puzzles in it")
    ax.set_ylabel("speedup of pi* over pi_baseline (log scale)")
    ax.set_title("Figure 4: speedup of pi* on the test set")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    return save_figure(fig, stem)


SOLVER_TITLES = {"baseline": "A* with pi_baseline", "pi_star": "A* with pi*", "asp": "clingo (ASP)"}


def _solvers_and_readings(df: pd.DataFrame) -> tuple[list[str], list[tuple[str, str]]]:
    solvers = list(dict.fromkeys(df["solver"]))
    # baseline and pi* side by side first (the paper's two panels), then the others
    order = {"baseline": 0, "pi_star": 1}
    solvers.sort(key=lambda s: order.get(s, 2))
    readings = [
        ("solved_within_time", "wall-clock limit (this machine)"),
        ("solved_within_paper_expansions", "paper's throughput x limit (expansions)"),
    ]
    return solvers, readings


class Panel(NamedTuple):
    """One panel of Figure 5: a solver's rows under one reading of the budget."""

    ax: plt.Axes
    rows: pd.DataFrame
    solver: str
    column: str  # the reading's column of solved.csv
    label: str  # the reading, in words
    first: bool  # the grid's first column


def figure5_panels(
    df: pd.DataFrame,
    figsize: Callable[[int, int], tuple[float, float]],
    no_data: Callable[[str, str], str],
) -> tuple[plt.Figure, list, Iterator[Panel]]:
    """Figure 5's grid, a row per reading of the budget and a column per solver
    (``figsize(rows, columns)``), and its panels with data, one at a time. A
    panel without (clingo has no expansions) is not drawn: its place stays
    empty and ``no_data(solver, label)`` goes in a note under the figure."""
    solvers, readings = _solvers_and_readings(df)
    fig, axes = plt.subplots(
        len(readings),
        len(solvers),
        figsize=figsize(len(readings), len(solvers)),
        squeeze=False,
        constrained_layout=True,
    )

    def panels() -> Iterator[Panel]:
        notes = []
        for i, (col, label) in enumerate(readings):
            for j, solver in enumerate(solvers):
                ax, g = axes[i][j], df[df["solver"] == solver]
                if g[col].isna().all():
                    ax.remove()
                    notes.append(no_data(solver, label))
                else:
                    yield Panel(ax, g, solver, col, label, j == 0)
        if notes:
            fig.supxlabel("; ".join(notes), fontsize=8)

    return fig, axes, panels()


def _no_reading(solver: str, label: str) -> str:
    """The note for a solver without a reading of the budget (clingo: no expansions)."""
    return f"{SOLVER_TITLES.get(solver, solver)}: no panel for the {label.split(' (')[0]}"


def figure5(
    solved: str | Path | pd.DataFrame,
    stem: Path,
    title: str = "Figure 5: large puzzles solved within each limit",
) -> list[Path]:
    """Figure 5 as the paper draws it: per solver a heat map of puzzle size by
    budget, each cell the rounded percentage solved, one colour scale for
    every panel. One row per reading of the budget (wall clock here; the
    paper's throughput in expansions, which clingo has no counterpart of).
    ``solved``: large/solved.csv, or its rows (any number of solvers)."""
    df = solved if isinstance(solved, pd.DataFrame) else pd.read_csv(solved)
    sizes = df.drop_duplicates("size").sort_values(["squares", "size"])["size"].tolist()
    limits = sorted(df["limit_min"].unique())
    fig, axes, panels = figure5_panels(
        df,
        lambda rows, cols: (1.2 + 0.9 * len(limits) * cols, 1.2 + 0.75 * len(sizes) * rows),
        _no_reading,
    )
    image = None
    for p in panels:
        table = (
            100 * p.rows.pivot_table(index="size", columns="limit_min", values=p.column)
        ).reindex(index=sizes, columns=limits)
        image = _heat_map(p.ax, table.to_numpy(dtype=float))
        p.ax.set_xticks(range(len(limits)), [f"{v:g}" for v in limits], fontsize=7)
        per_size = _puzzles_per_size(p.rows, pd.DataFrame({"size": sizes}))
        p.ax.set_yticks(range(len(sizes)), [f"{z} (n={n})" for z, n in per_size], fontsize=7)
        p.ax.set_xlabel("limit (minutes)", fontsize=8)
        if p.first:
            short = "wall clock" if p.column == "solved_within_time" else "paper's throughput"
            p.ax.set_ylabel(f"puzzle size ({short})", fontsize=8)
        p.ax.set_title(SOLVER_TITLES.get(p.solver, p.solver), fontsize=9)
    if image is not None:
        fig.colorbar(image, ax=list(fig.axes), shrink=0.8, label="% of puzzles solved")
    fig.suptitle(f"{title}\n{paper_figure5_text()}", fontsize=10)
    return save_figure(fig, stem)


def paper_figure5_text() -> str:
    """The paper's Figure 5 in words (its shares over all its large puzzles)."""
    return f"paper, {PAPER_LARGE['puzzles']} puzzles {PAPER_LARGE['sizes']}: " + "; ".join(
        f"{SOLVER_TITLES.get(solver, solver)} "
        + ", ".join(f"{v:.1%} within {m} min" for m, v in limits.items())
        for solver, limits in PAPER_FIGURE5.items()
    )


def _heat_map(ax: plt.Axes, values: np.ndarray) -> matplotlib.image.AxesImage:
    """Percentages (0 to 100) as coloured cells, each with its rounded value."""
    image = ax.imshow(values, cmap="viridis", vmin=0, vmax=100, aspect="auto", origin="lower")
    for (r, c), v in np.ndenumerate(values):
        if not np.isnan(v):
            ax.text(
                c,
                r,
                f"{v:.0f}",
                ha="center",
                va="center",
                fontsize=8,
                color="black" if v > 60 else "white",
            )
    return image


def figure5_lines(solved_csv: str | Path, stem: Path) -> list[Path]:
    """The same data as line plots: share solved against puzzle size, one line
    per limit; limits whose lines coincide are one line, labelled with each."""
    df = pd.read_csv(solved_csv)
    sizes = df.drop_duplicates("size").sort_values(["squares", "size"])
    fig, _, panels = figure5_panels(
        df,
        lambda rows, cols: (4 * cols, 3.5 * rows + 0.5),
        _no_reading,
    )
    for p in panels:
        # one place per size, in order of squares (5x6 and 6x5 are two sizes)
        table = 100 * p.rows.pivot_table(index="size", columns="limit_min", values=p.column)
        table = table.reindex(sizes["size"])
        same: dict[tuple, list[float]] = {}
        for limit in table.columns:
            same.setdefault(tuple(table[limit].round(6)), []).append(limit)
        x = np.arange(len(table))
        for k, limits in enumerate(same.values()):
            label = ", ".join(f"{v:g}" for v in limits) + " min"
            style = "o-" if len(x) > 1 else "o"
            p.ax.plot(x, table[limits[0]], style, color=f"C{k}", label=label)
        p.ax.set_xticks(x, [f"{z}\nn={n}" for z, n in _puzzles_per_size(p.rows, sizes)])
        p.ax.tick_params(axis="x", labelsize=7)
        p.ax.set_ylim(-5, 105)
        p.ax.set_title(f"{SOLVER_TITLES.get(p.solver, p.solver)}: {p.label}", fontsize=8)
        p.ax.set_xlabel("puzzle size, puzzles of that size")
        p.ax.set_ylabel("% solved")
        p.ax.legend(fontsize=7, title="limit", title_fontsize=7)
    fig.suptitle("Figure 5 (lines): large puzzles solved within each limit")
    return save_figure(fig, stem)


def _puzzles_per_size(rows: pd.DataFrame, sizes: pd.DataFrame) -> list[tuple[str, int]]:
    """(size, puzzles of that size) for each size of Figure 5, in ``sizes``'s order."""
    n = rows.groupby("size")["puzzles"].max()
    return [(z, int(n.get(z, 0))) for z in sizes["size"]]


def appendix_puzzle(
    per_puzzle_csv: str | Path, test_set: str | Path, pi_star: str | Path, stem: Path
) -> dict:
    """Render the test puzzle with the largest expansion speedup and pi_star's solution."""
    from witness.learning.translate import load_predicate
    from witness.model.panel import Panel
    from witness.model.render import render
    from witness.search.solvers import solve

    df = pd.read_csv(per_puzzle_csv)
    ratio = df["baseline_expansions"] / df["pi_star_expansions"]
    best = df.loc[ratio.idxmax()]
    puzzle = Panel.load(Path(test_set) / f"{best['puzzle']}.json")
    mode, _, base = str(best["pi_star_mode"]).partition("+")  # "prune" or "sort+base"
    result = solve(puzzle, load_predicate(str(pi_star)), mode, base_prune=bool(base))
    for ext in ("png", "svg"):
        render(puzzle, stem.with_suffix(f".{ext}"), path=result.path)
    return {
        "puzzle": best["puzzle"],
        "size": best["size"],
        "speedup_E": float(ratio.max()),
        "speedup_t": float(best["baseline_seconds"] / best["pi_star_seconds"]),
        "json": puzzle.to_json(),
    }


# ------------------------------------------------------------- difficulty
def _spearman(x: pd.Series, y: pd.Series) -> float:
    ok = x.notna() & y.notna() & np.isfinite(x) & np.isfinite(y)
    return float(x[ok].rank().corr(y[ok].rank())) if ok.sum() > 2 else float("nan")


def _pearson_log(x: pd.Series, y: pd.Series) -> float:
    """Pearson's r of x against log10(y) (expansions and solution counts span decades)."""
    ok = x.notna() & y.notna() & np.isfinite(x) & (y > 0)
    return float(x[ok].corr(np.log10(y[ok]))) if ok.sum() > 2 else float("nan")


def figure_difficulty(scores_csv: str | Path, per_puzzle_csv: str | Path, stem: Path) -> list[str]:
    """Puzzle difficulty: MUSE and ReMUSE per size and rule set, and
    ReMUSE against baseline A* expansions and against the number of solutions.
    Returns the report's lines: a table of medians and correlations (Spearman's
    rho; Pearson's r against the log10 of expansions / solutions)."""
    df = pd.read_csv(scores_csv)
    df = df[df["status"] == "done"]
    per = pd.read_csv(per_puzzle_csv)[["puzzle", "baseline_expansions"]]
    df = df.merge(per, on="puzzle", how="left")
    df = merge_identical_rule_sets(df)
    rules = list(dict.fromkeys(df["rules"]))
    fig, axes = plt.subplots(2, 2, figsize=(13, 9), constrained_layout=True)
    _difficulty_boxes(axes[0], df, rules)
    lines = _difficulty_scatters(axes[1], df, rules)
    fig.suptitle(
        "Puzzle difficulty (Chen 2023) with the project's predicates as the player's rules"
    )
    save_figure(fig, stem)
    return lines


def merge_identical_rule_sets(df: pd.DataFrame) -> pd.DataFrame:
    """Rule sets that score every puzzle alike (pi_star_v2 the same predicate as
    pi_star) as one, named ``pi_star = pi_star_v2``: drawn once, not hidden under another."""
    scores = {
        rule: tuple(g.sort_values("puzzle")[["puzzle", "muse", "remuse"]].itertuples(index=False))
        for rule, g in df.groupby("rules", sort=False)
    }
    names: dict[str, str] = {}
    for rule, key in scores.items():
        first = next(r for r, k in scores.items() if k == key)
        names[rule] = first
    merged = {
        first: " = ".join(r for r in scores if names[r] == first) for first in set(names.values())
    }
    df = df[df["rules"].map(names) == df["rules"]].copy()
    df["rules"] = df["rules"].map(merged)
    return df


SMALL_GROUP = 5  # fewer puzzles than this: points, not a box


def _difficulty_boxes(axes: Sequence[plt.Axes], df: pd.DataFrame, rules: list[str]) -> None:
    """ReMUSE and MUSE per bucket of Table 2, a box per rule set side by side
    (points where a group has fewer than SMALL_GROUP puzzles), n under each bucket."""
    from witness.pipeline.evaluate import bucket

    df = df.assign(bucket=df["size"].map(bucket))
    buckets = sorted(df["bucket"].unique(), key=lambda s: (squares(s), s))
    width = 0.8 / max(len(rules), 1)
    n = df.groupby("bucket")["puzzle"].nunique()
    for ax, col in zip(axes, ("remuse", "muse"), strict=True):
        for k, rule in enumerate(rules):
            for i, b in enumerate(buckets):
                d = df[(df["rules"] == rule) & (df["bucket"] == b)][col]
                d = d[np.isfinite(d)].to_numpy()
                pos = i + (k - (len(rules) - 1) / 2) * width
                if len(d) >= SMALL_GROUP:
                    box = ax.boxplot(
                        [d],
                        positions=[pos],
                        widths=width * 0.9,
                        patch_artist=True,
                        showfliers=False,
                        medianprops={"color": "black"},
                    )
                    box["boxes"][0].set_facecolor(f"C{k}")
                    box["boxes"][0].set_alpha(0.6)
                elif len(d):
                    ax.plot([pos] * len(d), d, "o", ms=4, color=f"C{k}", alpha=0.8)
            ax.plot([], [], color=f"C{k}", lw=6, alpha=0.6, label=rule)
        ax.set_xticks(range(len(buckets)), [f"{b}\nn={n[b]}" for b in buckets], fontsize=7)
        ax.set_xlabel("bucket of Table 2, puzzles in it (points: fewer than 5)")
        ax.set_ylabel(f"{'ReMUSE' if col == 'remuse' else 'MUSE'} (bits)")
        ax.legend(fontsize=8, title="player's rules", title_fontsize=8)


def _difficulty_scatters(axes: Sequence[plt.Axes], df: pd.DataFrame, rules: list[str]) -> list[str]:
    """ReMUSE against A* expansions and against solutions, a colour per rule
    set; returns the table of medians and correlations."""
    lines = [
        "| rule set | puzzles | no reachable solution | median MUSE | median ReMUSE | "
        "ReMUSE vs A* expansions: rho / r(log) | ReMUSE vs solutions: rho / r(log) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for k, rule in enumerate(rules):
        g = df[df["rules"] == rule]
        fin = g[np.isfinite(g["remuse"])]
        rho_e, r_e = (
            _spearman(fin["remuse"], fin["baseline_expansions"]),
            _pearson_log(fin["remuse"], fin["baseline_expansions"]),
        )
        rho_s, r_s = (
            _spearman(fin["remuse"], fin["solutions"]),
            _pearson_log(fin["remuse"], fin["solutions"]),
        )
        axes[0].scatter(
            fin["baseline_expansions"],
            fin["remuse"],
            s=8,
            alpha=0.6,
            color=f"C{k}",
            label=f"{rule} (rho {rho_e:.2f})",
        )
        axes[1].scatter(
            fin["solutions"],
            fin["remuse"],
            s=8,
            alpha=0.6,
            color=f"C{k}",
            label=f"{rule} (rho {rho_s:.2f})",
        )
        # medians over the puzzles with a reachable solution, as comparison.md's
        lines.append(
            f"| {rule} | {len(g)} | {len(g) - len(fin)} | {fin['muse'].median():.2f} | "
            f"{fin['remuse'].median():.2f} | {rho_e:.2f} / {r_e:.2f} | "
            f"{rho_s:.2f} / {r_s:.2f} |"
        )
    for ax, label in zip(
        axes, ("A* expansions with pi_baseline (test set)", "number of solutions"), strict=True
    ):
        ax.set_xscale("log")
        plain_log_ticks(ax.xaxis)
        ax.set_xlabel(label)
        ax.set_ylabel("ReMUSE (bits)")
        ax.legend(fontsize=8)
    return lines
