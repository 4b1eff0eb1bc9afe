"""Do two players score the same puzzles alike? Compares the MUSE and ReMUSE
of player A in one ``scores.csv`` of ``bench_ratings.py`` with player B's in
another (or the same) file, puzzle by puzzle and lookahead by lookahead, and
prints how many are identical, how many differ (the first few) and how many
only one file has. Writes nothing.

    .venv/bin/python benchmarks/same_scores.py A_SCORES.csv hand B_SCORES.csv handpl
"""

from __future__ import annotations

import argparse
import csv
import math

SCORES = ("muse", "remuse")


def player_scores(path: str, player: str) -> dict[tuple[str, str], tuple[float, ...]]:
    """(puzzle, lookahead) -> (muse, remuse) of one player (NaN where empty)."""
    with open(path, newline="") as handle:
        return {
            (row["puzzle"], row["lookahead"]): tuple(
                float(row[s]) if row[s] else math.nan for s in SCORES
            )
            for row in csv.DictReader(handle)
            if row["player"] == player
        }


def alike(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(
        (math.isnan(x) and math.isnan(y)) or math.isclose(x, y) for x, y in zip(a, b, strict=True)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("first_player")
    parser.add_argument("second")
    parser.add_argument("second_player")
    args = parser.parse_args()
    a = player_scores(args.first, args.first_player)
    b = player_scores(args.second, args.second_player)
    both = sorted(a.keys() & b.keys())
    differ = [k for k in both if not alike(a[k], b[k])]
    same = len(both) - len(differ)
    print(f"{len(both)} (puzzle, lookahead) pairs scored by both: {same} identical, ", end="")
    print(f"{len(differ)} differ")
    for k in differ[:10]:
        print(f"  {k[0]} lookahead {k[1]}: {a[k]} against {b[k]}")
    only_a, only_b = len(a.keys() - b.keys()), len(b.keys() - a.keys())
    print(f"only {args.first_player}: {only_a}; only {args.second_player}: {only_b}")


if __name__ == "__main__":
    main()
