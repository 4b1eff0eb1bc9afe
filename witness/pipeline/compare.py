"""Several biases of one run side by side: ``comparison.md`` and a
figure from the outputs each bias's pipeline already wrote in
``results/<run>/<bias>/`` (the test and large-puzzle tables, pi* and its
verdict, the difficulty scores). Nothing is rerun: this only reads and lines up."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from witness.errors import InputError
from witness.io import read_json, write_file
from witness.pipeline.compared_files import missing_files
from witness.pipeline.report import (
    NOISY_SECONDS,
    SOLVER_TITLES,
    cite,
    figure5,
    fmt,
    plain_log_ticks,
    plt,
    predicate_lines,
    save_figure,
    weighted_share,
)


@dataclass
class BiasResults:
    """One bias's outputs, as the comparison reads them."""

    name: str
    folder: Path
    predicate: object  # witness.search.predicates.Predicate, or None (no clause)
    verify: dict
    summary: dict
    by_size: pd.DataFrame
    solved: pd.DataFrame
    difficulty: pd.DataFrame  # witness.difficulty.ranking.score_set's rows

    @classmethod
    def load(cls, name: str, folder: str | Path) -> BiasResults:
        from witness.pipeline.triage import learned_predicate

        folder = Path(folder)
        missing = missing_files(folder)
        if missing:
            raise InputError(
                f"{folder / missing[0]}: missing (the {name} bias's pipeline writes it)"
            )
        return cls(
            name=name,
            folder=folder,
            predicate=learned_predicate(folder / "final/pi_star.pl"),
            verify=read_json(folder / "final/pi_star.verify.json", "verify record"),
            summary=read_json(folder / "test/summary.json", "test summary"),
            by_size=pd.read_csv(folder / "test/by_size.csv").set_index("bucket"),
            solved=pd.read_csv(folder / "large/solved.csv"),
            difficulty=pd.read_csv(folder / "difficulty/scores.csv"),
        )


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.3g}" if b and not pd.isna(a / b) else "n/a"


def _predicate_section(b: BiasResults, here: Path) -> list[str]:
    return [
        f"### {b.name} (`{cite(b.folder / 'final/pi_star.pl', here)}`)",
        "",
        *predicate_lines(b.predicate, b.verify),
        "",
    ]


def _test_section(biases: Sequence[BiasResults]) -> list[str]:
    """The test stage of every bias side by side, overall and per bucket."""
    table, same = _bucket_table(biases)
    same_txt = (
        "Every bias was tested on the same puzzles (the same count and baseline mean "
        "expansions in every bucket)."
        if same
        else "**The biases were not tested on the same puzzles** (bucket counts or baseline "
        "expansions differ), so their speedups are not like for like."
    )
    return [
        "## Test set (section 5.5)",
        "",
        *_overall_table(biases),
        "",
        "Per bucket of Table 2 (speedups over pi_baseline; a ratio above 1 means "
        f"{biases[0].name}'s pi* gains more):",
        "",
        *table,
        "",
        same_txt,
        "speedup_E counts expansions (machine-independent); speedup_t is wall clock, "
        "and each bias's test ran in its own jobs, so it carries the machine's load "
        "at the time.",
        "",
    ]


def _overall_table(biases: Sequence[BiasResults]) -> list[str]:
    """The speedups over all test puzzles, each bias's and the first's over each other's."""
    rest = biases[1:]
    names = [b.name for b in biases]
    ratio_heads = [f"{biases[0].name} / {b.name}" for b in rest]
    rows = [
        "| measure | " + " | ".join(names + ratio_heads) + " |",
        "| --- |" + " --- |" * (len(names) + len(ratio_heads)),
    ]
    for key in ("speedup_E", "speedup_t"):
        vals = [b.summary[key] for b in biases]
        rows.append(
            f"| {key}, all | "
            + " | ".join([fmt(v) for v in vals] + [_ratio(vals[0], v) for v in vals[1:]])
            + " |"
        )
    rows.append(
        "| share of puzzles slower than the baseline | "
        + " | ".join([f"{b.summary['share_slower']:.1%}" for b in biases] + [""] * len(rest))
        + " |"
    )
    rows.append(
        "| test puzzles | "
        + " | ".join([str(b.summary["puzzles"]) for b in biases] + [""] * len(rest))
        + " |"
    )
    return rows


def _bucket_table(biases: Sequence[BiasResults]) -> tuple[list[str], bool]:
    """Table 2's buckets: the speedups of each bias side by side, then the
    ratios; and whether every bias was tested on the same puzzles."""
    names = [b.name for b in biases]
    ratio_heads = [f"{biases[0].name} / {b.name}" for b in biases[1:]]
    buckets = list(dict.fromkeys(b for x in biases for b in x.by_size.index))
    cols = (
        [f"speedup_E {n}" for n in names]
        + [f"E {h}" for h in ratio_heads]
        + [f"speedup_t {n}" for n in names]
        + [f"t {h}" for h in ratio_heads]
    )
    table = [
        "| bucket | n | baseline mean expansions | " + " | ".join(cols) + " |",
        "| --- |" + " --- |" * (2 + len(cols)),
    ]
    same = True
    for bucket in buckets:
        rows_b = [b.by_size.loc[bucket] if bucket in b.by_size.index else None for b in biases]
        ref = next(r for r in rows_b if r is not None)
        same &= all(
            r is not None
            and r["instances"] == ref["instances"]
            and r["baseline_mean_expansions"] == ref["baseline_mean_expansions"]
            for r in rows_b
        )
        cells = []
        for key in ("speedup_E", "speedup_t"):
            vals = [float("nan") if r is None else float(r[key]) for r in rows_b]
            cells += [fmt(v) for v in vals] + [_ratio(vals[0], v) for v in vals[1:]]
        table.append(
            f"| {bucket} | {int(ref['instances'])} | "
            f"{fmt(ref['baseline_mean_expansions'])} | " + " | ".join(cells) + " |"
        )
    return table, same


def _large_shares(b: BiasResults, column: str) -> dict[tuple[str, str, float], float]:
    """Share solved per (size, solver, limit), with size "all" weighted by puzzles."""
    df = b.solved.dropna(subset=[column])
    shares = {(r.size, r.solver, r.limit_min): getattr(r, column) for r in df.itertuples()}
    for (solver, limit), g in df.groupby(["solver", "limit_min"]):
        shares["all", solver, limit] = weighted_share(g, column)
    return shares


def _large_section(biases: Sequence[BiasResults]) -> list[str]:
    first = biases[0]
    sizes = list(first.solved.drop_duplicates("size").sort_values(["squares", "size"])["size"])
    limits = sorted(first.solved["limit_min"].unique())
    counts = sorted(set(first.solved["puzzles"]))
    # A* with pi_baseline, each bias's pi*, then clingo (and any other solver)
    cols = (
        [("baseline", first)]
        + [("pi_star", b) for b in biases]
        + [
            (s, first)
            for s in dict.fromkeys(first.solved["solver"])
            if s not in ("baseline", "pi_star")
        ]
    )
    heads = [f"pi* {b.name}" if s == "pi_star" else SOLVER_TITLES.get(s, s) for s, b in cols]
    wall = {b.name: _large_shares(b, "solved_within_time") for b in biases}
    paper = {b.name: _large_shares(b, "solved_within_paper_expansions") for b in biases}
    lines = [
        f"## Large puzzles (section 5.6; {', '.join(map(str, counts))} per size)",
        "",
        "Share solved within the wall-clock limit, and in brackets within the paper's "
        "throughput x limit in expansions (clingo has no such budget):",
        "",
        "| size | limit (min) | " + " | ".join(heads) + " |",
        "| --- | --- |" + " --- |" * len(cols),
    ]
    for size in [*sizes, "all"]:
        for limit in limits:
            cells = []
            for s, b in cols:
                key = (size, s, limit)
                cell = f"{wall[b.name][key]:.0%}" if key in wall[b.name] else "n/a"
                if key in paper[b.name]:
                    cell += f" ({paper[b.name][key]:.0%})"
                cells.append(cell)
            label = f"**{size}**" if size == "all" else size
            lines.append(f"| {label} | {limit:g} | " + " | ".join(cells) + " |")

    # the baseline and clingo ran again beside each pi*: say whether the folders agree
    def shared(b: BiasResults) -> pd.DataFrame:
        return b.solved[b.solved["solver"] != "pi_star"].reset_index(drop=True)

    differ = [b.name for b in biases[1:] if not shared(first).equals(shared(b))]
    lines += [
        "",
        f"The baseline and clingo columns are from {first.name}'s folder; "
        + (
            "they ran again beside every other bias's pi* and solved the same shares."
            if not differ
            else "beside " + ", ".join(differ) + "'s pi* they solved other "
            "shares (wall-clock limits on a loaded machine): see that folder's "
            "large/solved.csv."
        ),
        "",
    ]
    return lines


def _difficulty_section(biases: Sequence[BiasResults]) -> list[str]:
    """MUSE and ReMUSE of each bias's sample (difficulty/scores.csv) with the
    player's rules none and pi_baseline (from the first bias's folder) and each
    bias's pi* (the paper-bias pi* beside any other final predicate)."""
    first = biases[0]
    rows = [
        (rule, first.difficulty[first.difficulty["rules"] == rule]) for rule in ("none", "baseline")
    ]
    rows += [(f"pi* {b.name}", b.difficulty[b.difficulty["rules"] == "pi_star"]) for b in biases]
    lines = [
        "## Puzzle difficulty (MUSE and ReMUSE, Chen 2023)",
        "",
        "Each bias's seeded sample of the test set (`difficulty/scores.csv`), the "
        "player's inference rules being none (every legal move), pi_baseline or that "
        "bias's pi* (only a pi* proven for every grid size models a player; "
        "n/a: left out). Bits; means and medians over the puzzles with a reachable "
        "solution.",
        "",
        "| player's rules | puzzles | no reachable solution | median MUSE | "
        "median ReMUSE | mean MUSE | mean ReMUSE |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for label, g in rows:
        g = g[g["status"] == "done"]
        fin = g[np.isfinite(g["muse"])]
        if g.empty:
            lines.append(f"| {label} | 0 | n/a | n/a | n/a | n/a | n/a |")
            continue
        lines.append(
            f"| {label} | {len(g)} | {len(g) - len(fin)} | "
            f"{fin['muse'].median():.2f} | {fin['remuse'].median():.2f} | "
            f"{fin['muse'].mean():.2f} | {fin['remuse'].mean():.2f} |"
        )
    samples = [frozenset(b.difficulty["puzzle"]) for b in biases]
    lines += [
        "",
        "Every bias scored the same puzzles."
        if len(set(samples)) == 1
        else "**The biases scored different samples**, so their scores are not like for like.",
        "",
    ]
    return lines


def figure5_rows(biases: Sequence[BiasResults]) -> pd.DataFrame:
    """Figure 5's rows (large/solved.csv) for every bias at once: A* with
    pi_baseline and clingo from the first bias's folder, and each bias's pi*
    as a solver of its own, in the biases' order."""
    first = biases[0].solved
    pi_stars = [
        b.solved[b.solved["solver"] == "pi_star"].assign(solver=f"A* with pi* {b.name}")
        for b in biases
    ]
    return pd.concat(
        [
            first[first["solver"] == "baseline"],
            *pi_stars,
            first[~first["solver"].isin(["baseline", "pi_star"])],
        ],
        ignore_index=True,
    )


def comparison_figure(biases: Sequence[BiasResults], stem: Path) -> list[Path]:
    """speedup_E and speedup_t by bucket, one line per bias, and the share of
    large puzzles solved within the largest wall-clock limit, clingo included."""
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2), constrained_layout=True)
    buckets = biases[0].by_size.sort_values("squares")
    x = {bucket: i for i, bucket in enumerate(buckets.index)}
    for ax, key in zip(axes[:2], ("speedup_E", "speedup_t"), strict=True):
        for i, b in enumerate(biases):
            df = b.by_size[b.by_size.index.isin(x)].sort_values("squares")
            pos = np.array([x[k] for k in df.index])
            marker, colour = "os^vD"[i % 5], f"C{i}"
            ax.plot(pos, df[key], "-", color=colour, label=f"pi* {b.name}")
            seconds = df.get("baseline_mean_seconds", pd.Series(np.inf, index=df.index))
            noisy = (seconds < NOISY_SECONDS).to_numpy()
            hollow = noisy if key == "speedup_t" else np.zeros_like(noisy)
            ax.plot(pos[~hollow], df[key][~hollow], marker, color=colour)
            ax.plot(pos[hollow], df[key][hollow], marker, color=colour, mfc="white")
        ax.set_xticks(
            range(len(buckets)),
            [f"{k}\nn={n}" for k, n in zip(buckets.index, buckets["instances"], strict=True)],
            fontsize=7,
        )
        ax.set_yscale("log")
        plain_log_ticks(ax.yaxis)
        ax.axhline(1, color="grey", lw=0.8)
        ax.set_xlabel("bucket of Table 2, test puzzles in it")
        ax.set_ylabel(f"{key} over pi_baseline (log scale)")
        ax.set_title(
            "test set: speedup_t (hollow: searches under 1 ms, mostly noise)"
            if key == "speedup_t"
            else "test set: speedup_E (expansions, exact)",
            fontsize=9,
        )
        ax.legend(fontsize=8)
    ax = axes[2]
    limit = biases[0].solved["limit_min"].max()
    # each bias's pi* in its colour of the other panels; the baseline grey, clingo black
    lines = (
        [("baseline", biases[0], "grey", "x--")]
        + [("pi_star", b, f"C{i}", "os^vD"[i % 5] + "-") for i, b in enumerate(biases)]
        + [("asp", biases[0], "black", "d:")]
    )
    drawn: dict[tuple, list] = {}  # lines that coincide are drawn once, with every label
    for solver, b, colour, style in lines:
        df = b.solved[(b.solved["solver"] == solver) & (b.solved["limit_min"] == limit)]
        if df.empty:
            continue
        df = df.sort_values(["squares", "size"])
        label = f"pi* {b.name}" if solver == "pi_star" else SOLVER_TITLES.get(solver, solver)
        values = tuple(100 * df["solved_within_time"].round(6))
        drawn.setdefault(values, [style, colour, []])[2].append(label)
        ax.set_xticks(
            range(len(df)),
            [f"{z}\nn={n}" for z, n in zip(df["size"], df["puzzles"], strict=True)],
            fontsize=7,
        )
    for values, (style, colour, labels) in drawn.items():
        ax.plot(range(len(values)), values, style, color=colour, label=" = ".join(labels))
    ax.set_ylim(-5, 105)
    ax.set_xlabel("large puzzle size")
    ax.set_ylabel(f"% solved within {limit:g} min (wall clock)")
    ax.set_title("large puzzles")
    ax.legend(fontsize=8)
    return save_figure(fig, stem)


def write_comparison(
    out_md: str | Path,
    figure_stem: str | Path,
    biases: Sequence[tuple[str, str | Path]],
    command: str,
) -> Path:
    """comparison.md (and the figure at ``figure_stem``, .png and .svg) for
    ``biases``: (name, results folder) pairs, the first being the run's own
    bias; ratios are the first's speedups over each other's."""
    if len(biases) < 2:
        raise InputError("compare_with: name at least one other bias of the run")
    results = [BiasResults.load(name, folder) for name, folder in biases]
    out_md = Path(out_md)
    comparison_figure(results, Path(figure_stem))
    png = os.path.relpath(Path(figure_stem).with_suffix(".png"), out_md.parent)
    heat_stem = Path(figure_stem).with_name(f"{Path(figure_stem).name}_figure5")
    figure5(
        figure5_rows(results),
        heat_stem,
        title="Figure 5: large puzzles solved within each limit, every bias's pi*",
    )
    heat_png = os.path.relpath(heat_stem.with_suffix(".png"), out_md.parent)
    names = ", ".join(b.name for b in results)
    lines = [
        f"# Side by side: {names}",
        "",
        f"Made by `{command}` from each bias's outputs (folders: "
        + ", ".join(f"`{cite(b.folder, out_md.parent)}`" for b in results)
        + "); nothing is rerun.",
        "",
        f"![speedups by bucket and large puzzles solved]({png})",
        "",
        "## pi* of each bias",
        "",
        "In English, one line per clause: pi* fires on a partial path if some "
        "constrained square satisfies a line.",
        "",
    ]
    for b in results:
        lines += _predicate_section(b, out_md.parent)
    lines += (
        _test_section(results)
        + _large_section(results)
        + [f"![Figure 5 with every bias's pi*]({heat_png})", ""]
        + _difficulty_section(results)
    )
    write_file(out_md, "\n".join(lines))
    return out_md
