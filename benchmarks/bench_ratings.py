"""The thesis's Windmill experiment (Chen 2023, chapter 4): MUSE, ReMUSE, the
number of solutions and the mean solution length against people's ratings.

    .venv/bin/python benchmarks/bench_ratings.py SNAPSHOT.json --out results/ratings \\
        [--exclude IDS.txt] [--until 2022-11-29|none] \\
        [--lookahead 0,1,2] [--families dots-squares-gaps,triangles] [--time-limit 120] \\
        [--players none,hand,LABEL=FILE.pl,LABEL=hand+FILE.pl:1/4,LABEL=hand@straight]

SNAPSHOT.json is a Windmill snapshot (fetched, never committed; imported once
with ``witness import --from windmill`` into OUT/imported/) or a folder of panel
files that ``witness import`` wrote. ``--exclude`` names a file of puzzle ids to
leave out, one per line (the thesis removed the game's own puzzles). For each
family the script writes, in OUT/<family>/: ``selected.csv`` (the puzzles used,
with raw and time-adjusted ratings), ``left_out.csv`` (why the others were not),
``scores.csv`` (one row per puzzle, player and lookahead; an interrupted run
resumes from it), ``correlations.csv`` and ``correlations.md`` (beside the
thesis's Table 4.1 and Shen's rerun), and ``remuse_vs_rating.png`` (the thesis's
Figure 4.1, one panel per player). The steps are witness/difficulty/ratings.py.
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path

from tqdm import tqdm

from witness.difficulty.muse import Difficulty, score
from witness.difficulty.player import parse_player
from witness.difficulty.ratings import (
    FAMILIES,
    SCORE_ROW_FIELDS,
    THESIS_DOWNLOAD,
    adjust_for_time,
    choose_held_out,
    correlation_table,
    difference,
    load_rated,
    score_row,
    select,
)
from witness.errors import InputError
from witness.io import write_csv, write_file
from witness.paper import SHEN_2024, THESIS_SETS, THESIS_TABLE_4_1, THESIS_TRIANGLES_REMUSE
from witness.search.panel_features import KIND_FEATURES, reads_panel_features

# The panel features a triangle-only panel gives a program something to read with.
TRIANGLE_SET_FEATURES = frozenset(KIND_FEATURES["triangle"] + KIND_FEATURES["end"])


def imported(source: Path, out: Path) -> Path:
    """A folder of panel files: ``source`` itself, or the snapshot imported once."""
    if source.is_dir():
        return source
    folder = out / "imported"
    if not folder.is_dir():
        cmd = [sys.executable, "-m", "witness.cli", "import", str(source), "--from", "windmill"]
        subprocess.run([*cmd, "--out", str(folder)], check=True)
    return folder


def read_rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def players_for(family: str, specs: list[str]) -> dict:
    """label -> player (witness.difficulty.player.parse_player): ``none`` and
    ``hand`` on every family; ``LABEL=SPEC`` for a rule set proven for every
    size (``paper``, ``FILE.pl``, ``hand+FILE.pl`` for the hand rules and the
    program together, ``FILE.pl:1/4`` for only those clauses, ``@straight``
    after any of them for the straight-line policy) where it applies: a
    triangle program on the triangle set; a program over the panel features
    (witness.search.panel_features) on the others, and on the triangle set
    too when it reads the features of triangles or ends (the hand rules'
    program, witness/difficulty/hand_rules.pl)."""
    out: dict = {}
    for spec in specs:
        label, _, body = spec.partition("=")
        player = parse_player(body or label)
        if not player.programs:
            out[label] = player
        elif not reads_panel_features(program := player.programs[0]):
            if family == "triangles":
                out[label] = player
        elif family != "triangles" or program.features_used & TRIANGLE_SET_FEATURES:
            out[label] = player
    return out


def score_family(chosen, players, lookaheads, time_limit, scores_csv: Path) -> list[dict]:
    """Every (puzzle, player, lookahead) not yet in ``scores_csv``, appended as it is scored.
    A file written without ratings (as results/reference keeps them) gets them
    back from the selected puzzles before anything is appended."""
    rows = read_rows(scores_csv)
    if rows and "rating" not in rows[0]:
        rating = {r.name: r.rating for r in chosen}
        rows = [{**row, "rating": rating.get(row["puzzle"], "")} for row in rows]
        write_csv(rows, SCORE_ROW_FIELDS, scores_csv)
    done = {(r["puzzle"], r["player"], int(r["lookahead"])) for r in rows}
    todo = [
        (r, p, n) for r in chosen for p in players for n in lookaheads if (r.name, p, n) not in done
    ]
    new_file = not scores_csv.is_file()
    with scores_csv.open("a", newline="") as fh:
        writer = csv.DictWriter(fh, SCORE_ROW_FIELDS)
        if new_file:
            writer.writeheader()
        for r, player, n in tqdm(todo, desc=scores_csv.parent.name, unit="score"):
            try:
                scores = score(r.panel, players[player], n, time_limit)
            except InputError:  # rules not proven for this puzzle (its start)
                scores = Difficulty(None, None, None, None, "unproven", 0.0, 0, player, n)
            row = score_row(r, player, n, scores)
            writer.writerow(row)
            fh.flush()  # an interrupted run keeps every finished score
            rows.append({k: str(v) if v is not None else "" for k, v in row.items()})
    return rows


def table(family: str, correlations, n: int) -> str:
    thesis_n = THESIS_SETS[family]
    lines = [
        f"| score | n | Pearson r [95% bootstrap] | p | Spearman rho | thesis r ({thesis_n}) |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for c in correlations:
        key = c.score.split(" ")[0]
        thesis = THESIS_TABLE_4_1.get(key) if family == "dots-squares-gaps" else None
        if family == "triangles" and key == "remuse_la0":
            thesis = THESIS_TRIANGLES_REMUSE
        ref = f"{thesis[0]:.2f}" if thesis else ""
        if family == "dots-squares-gaps" and key in SHEN_2024:
            ref += f"; Shen {SHEN_2024[key]:.3f} ({SHEN_2024['puzzles']})"
        lines.append(
            f"| {c.score} | {c.n} | {c.pearson:.3f} [{c.pearson_low:.3f}, {c.pearson_high:.3f}]"
            f" | {c.pearson_p:.2g} | {c.spearman:.3f} | {ref} |"
        )
    return f"{family}: {n} puzzles\n\n" + "\n".join(lines) + "\n"


def differences(
    rows: list[dict], adjusted: dict[str, float], against: str = "hand", score: str = "remuse"
) -> str:
    """``score``'s (ReMUSE's or MUSE's) r of each other player less the
    ``against`` player's, on the puzzles both score, with a paired bootstrap
    95% interval."""
    names = sorted(adjusted)
    players = sorted({r["player"] for r in rows} - {against})
    if against not in {r["player"] for r in rows} or not players:
        return ""
    title = {"remuse": "ReMUSE", "muse": "MUSE"}[score]
    lines = [
        f"\n{title}'s Pearson r of each player less the {against} player's, on the puzzles "
        "both score (paired bootstrap 95% interval):\n",
        "| player | lookahead | n | r difference [95% bootstrap] |",
        "| --- | --- | --- | --- |",
    ]
    for player in players:
        for n in sorted({int(r["lookahead"]) for r in rows}):
            value = {
                (r["player"], r["puzzle"]): _number(r[score])
                for r in rows
                if int(r["lookahead"]) == n
            }
            a = [value.get((player, name)) for name in names]
            b = [value.get((against, name)) for name in names]
            d, low, high, used = difference(a, b, [adjusted[name] for name in names])
            if not used:  # this lookahead was not scored for both
                continue
            lines.append(f"| {player} | {n} | {used} | {d:+.3f} [{low:+.3f}, {high:+.3f}] |")
    return "\n".join(lines) + "\n"


def held_out(
    rows: list[dict], adjusted: dict[str, float], candidates: list[str], against: str = "hand"
) -> str:
    """The candidate with the highest ReMUSE r (no lookahead) on one half of the
    puzzles, judged against the ``against`` player on the other half
    (witness.difficulty.ratings.choose_held_out), both ways round."""
    names = sorted(adjusted)
    value = {
        (r["player"], r["puzzle"]): _number(r["remuse"]) for r in rows if r["lookahead"] == "0"
    }
    present = {r["player"] for r in rows}
    candidates = [c for c in candidates if c in present]
    if against not in present or not candidates:
        return ""
    scores = {c: [value.get((c, name)) for name in names] for c in candidates}
    reference = [value.get((against, name)) for name in names]
    picks = choose_held_out(scores, reference, [adjusted[name] for name in names])
    lines = [
        f"\nA learned player chosen by ReMUSE's r (no lookahead) on one half of the puzzles "
        f"(seeded split) among {len(candidates)} candidates, judged against the {against} "
        "player on the other half (paired bootstrap 95% interval):\n",
        "| chosen on | chosen player | its r there | other half: n | r difference |",
        "| --- | --- | --- | --- | --- |",
    ]
    for half, h in zip(("first half", "second half"), picks, strict=True):
        lines.append(
            f"| {half} ({h.n_choose}) | {h.chosen} | {h.chosen_r:.3f} | {h.n_test} | "
            f"{h.difference:+.3f} [{h.low:+.3f}, {h.high:+.3f}] |"
        )
    return "\n".join(lines) + "\n"


def _number(value: str) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def figure(rows: list[dict], adjusted: dict[str, float], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    players = sorted({r["player"] for r in rows})
    cols = min(4, len(players))
    grid = -(-len(players) // cols)
    fig, axes = plt.subplots(grid, cols, figsize=(4.5 * cols, 4 * grid), squeeze=False)
    for ax in axes.flat[len(players) :]:
        ax.set_visible(False)
    for ax, player in zip(axes.flat, players, strict=False):
        pts = [
            (float(r["remuse"]), adjusted[r["puzzle"]])
            for r in rows
            if r["player"] == player and r["lookahead"] == "0" and r["remuse"] not in ("", "inf")
        ]
        x, y = np.array([p[0] for p in pts]), np.array([p[1] for p in pts])
        ax.scatter(x, y, s=12)
        if len(x) > 2 and np.ptp(x) > 0:
            slope, icept = np.polyfit(x, y, 1)
            xs = np.linspace(x.min(), x.max(), 2)
            ax.plot(xs, icept + slope * xs, color="k", lw=1)
            ax.set_title(f"player: {player} (r = {np.corrcoef(x, y)[0, 1]:.2f}, n = {len(x)})")
        ax.set_xlabel("ReMUSE (bits), no lookahead")
        ax.set_ylabel("rating, adjusted for time")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def run_family(family: str, rated, args) -> str:
    out = args.out / family
    out.mkdir(parents=True, exist_ok=True)
    chosen, why = select(rated, family, args.until, args.exclude)
    if args.limit:
        chosen = chosen[: args.limit]
    times = [r.created.timestamp() for r in chosen]
    adjusted = dict(
        zip(
            (r.name for r in chosen),
            adjust_for_time([r.rating for r in chosen], times),
            strict=True,
        )
    )
    write_csv(
        [
            {
                "puzzle": r.name,
                "id": (r.panel.meta or {}).get("id"),
                "title": (r.panel.meta or {}).get("title"),
                "created": r.created.isoformat(),
                "rating": r.rating,
                "adjusted_rating": round(adjusted[r.name], 6),
            }
            for r in chosen
        ],
        ["puzzle", "id", "title", "created", "rating", "adjusted_rating"],
        out / "selected.csv",
    )
    write_csv(
        [{"reason": k, "puzzles": v} for k, v in why.most_common()],
        ["reason", "puzzles"],
        out / "left_out.csv",
    )
    players = players_for(family, args.players)
    if not players:
        return f"{family}: none of the players applies to this set; nothing scored\n"
    rows = score_family(chosen, players, args.lookahead, args.time_limit, out / "scores.csv")
    rows = [r for r in rows if r["puzzle"] in adjusted]
    correlations = correlation_table(rows)
    write_csv(
        [vars(c) for c in correlations], list(vars(correlations[0])), out / "correlations.csv"
    )
    learned = [label for label, p in players.items() if p.programs]
    text = (
        table(family, correlations, len(chosen))
        + differences(rows, adjusted)
        + differences(rows, adjusted, score="muse")
        + held_out(rows, adjusted, learned)
    )
    write_file(out / "correlations.md", text)
    figure(rows, adjusted, out / "remuse_vs_rating.png")
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source", type=Path, help="a Windmill snapshot, or a folder of panel files")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--exclude", type=Path, default=None, help="ids to leave out, one per line")
    ap.add_argument("--until", default=THESIS_DOWNLOAD.isoformat(), help="YYYY-MM-DD or none")
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument(
        "--players",
        default="none,hand",
        help="none, hand, LABEL=[hand+]RULES[:1/4][@straight]: RULES paper or FILE.pl "
        "(proven), only clauses 1 and 4, the straight-line policy",
    )
    ap.add_argument("--lookahead", default="0,1,2")
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per score")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles (a trial)")
    args = ap.parse_args()
    args.until = None if args.until == "none" else date.fromisoformat(args.until)
    args.exclude = (
        {line.strip() for line in args.exclude.read_text().splitlines() if line.strip()}
        if args.exclude
        else set()
    )
    args.players = args.players.split(",")
    args.lookahead = [int(n) for n in args.lookahead.split(",")]
    rated = load_rated(imported(args.source, args.out))
    print(f"{len(rated)} rated panels read ({datetime.now():%Y-%m-%d %H:%M})")
    for family in args.families.split(","):
        print(run_family(family, rated, args))


if __name__ == "__main__":
    main()
