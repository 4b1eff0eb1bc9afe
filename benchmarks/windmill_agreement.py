"""Does the rules checker agree with The Windmill's own validator on its panels?

The Windmill's panels are imported with its own engine's rules
(``canceller_rules: windmill``, the windmill reading of polyominoes), which
the rules checker writes anew from ``src/validate.js`` of
thefifthmatt/windmill-client. This runs that validator itself under node
(benchmarks/windmill_validate.js loads it, on the Closure Library it was
written for, from a snapshot's ``src/`` folder: fetched, never part of the
repository) on the panels of a snapshot of The Windmill's puzzle list and on
lines through them, and prints how often the two verdicts (solved or not)
agree, with every disagreement named.

Lines: on panels of at most ``--every-line-cells`` cells, every line a
player can draw (:func:`witness.model.rules.enumerate_lines`), so the two
solution sets are compared whole; on the others (``--sample N`` of them,
drawn at random) the line clingo finds within ``--solve-seconds``,
``--lines K`` random lines and K near misses, as benchmarks/engine_agreement.py
draws them. The validator judges a line's symbols only (the client's line
drawing keeps a line to the grid, the starts and the ends), as the checker
does for a line it has taken as drawable.

    .venv/bin/python benchmarks/windmill_agreement.py CLOSURE_LIBRARY_DIR
        WINDMILL_SRC_DIR SNAPSHOT.json [--sample 500] [--lines 2]
        [--every-line-cells 6] [--seconds 10] [--disagreements DIR] [--out CSV]

CLOSURE_LIBRARY_DIR is npm's google-closure-library of 2018
(``npm install google-closure-library@20180204.0.0`` in a scratch folder:
its ``node_modules/google-closure-library``); WINDMILL_SRC_DIR the ``src/``
of a windmill-client snapshot; SNAPSHOT.json The Windmill's puzzle list
(``packages/puzzle-editor/test/data/2024-02-20.json`` of
Samarium150/generalized-puzzle-entropy).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from engine_agreement import (
    Case,
    NodeJudge,
    community_cases,
    disagreements_folder,
    judge,
    report,
)
from tqdm import tqdm

from witness.io import read_json, write_csv
from witness.model.community import Skipped, read_community
from witness.model.panel import Panel
from witness.model.rules import enumerate_lines, lines_of
from witness.model.windmill import storage_message


class Windmill(NodeJudge):
    """The Windmill's validator under node (benchmarks/windmill_validate.js)."""

    def __init__(self, closure: Path, source: Path, seconds: float = 10.0) -> None:
        if not (closure / "closure" / "goog" / "bootstrap" / "nodejs.js").is_file():
            sys.exit(f"windmill_agreement: {closure} is no google-closure-library package")
        if not (source / "validate.js").is_file():
            sys.exit(
                f"windmill_agreement: {source} has no validate.js (give windmill-client's src/)"
            )
        super().__init__("windmill_validate.js", [str(closure), str(source)], seconds)

    def valid(self, message: dict, lines: list[list[tuple[int, int]]]) -> tuple[bool | None, str]:
        """The validator's verdict on ``lines`` (its points, the first line
        then its mirror) through the puzzle ``message``
        (:func:`witness.model.windmill.storage_message`); None when it took
        longer than its seconds."""
        out = self.ask({**message, "lines": lines})
        if out is None:
            return None, ""
        if "error" in out:
            sys.exit(f"windmill_agreement: the validator failed: {out['error']}")
        named = json.dumps(out["errors"])
        return bool(out["valid"]), " ".join([named, *out["messages"]])


def windmill_points(panel: Panel, line: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The line and, with symmetry, its mirror, as The Windmill's points
    (i right, j down from the top row)."""
    return [[(x, panel.rows - y) for x, y in one] for one in lines_of(panel, line)]


def snapshot_panels(snapshot: Path) -> tuple[list[tuple[str, Panel]], dict[str, dict]]:
    """The snapshot's panels by name (``windmill-ID``) and each one's stored
    message by its id."""
    contents = {r["id"]: r["contents"] for r in read_json(snapshot) if "contents" in r}
    panels, messages = [], {}
    for item in read_community(str(snapshot), "windmill"):
        if isinstance(item, Skipped):
            continue
        name = f"windmill-{item.meta['id']}"
        panels.append((name, item))
        messages[item.meta["id"]] = storage_message(contents[item.meta["id"]])
    return panels, messages


def every_line_cases(panels: Iterable[tuple[str, Panel]], cap: int) -> Iterator[Case]:
    """Every line a player can draw on each panel (at most ``cap`` a panel)."""
    for name, panel in tqdm(list(panels), desc="every line", unit="panel"):
        for k, line in enumerate(itertools.islice(enumerate_lines(panel), cap)):
            yield Case(f"{name}-all{k}", panel, line, "every line")


def windmill_verdict(
    judge_: Windmill, messages: dict[str, dict]
) -> Callable[[Case], tuple[bool | None, str]]:
    """The validator's verdict on a case (its panel's message by its id)."""

    def verdict(case: Case) -> tuple[bool | None, str]:
        message = messages[case.panel.meta["id"]]
        return judge_.valid(message, windmill_points(case.panel, case.line))

    return verdict


def solution_sets(rows: list[dict]) -> None:
    """On the panels whose every line was judged: those either judge finds
    solvable, and those they do not agree on."""
    panels: dict[str, list[dict]] = {}
    for r in rows:
        if r["source"] == "every line":
            panels.setdefault(r["name"].rsplit("-", 1)[0], []).append(r)
    solvable = {
        side: sum(any(r[side] for r in mine) for mine in panels.values())
        for side in ("checker", "engine")
    }
    print(
        f"every line judged on {len(panels)} panels: solvable by the checker on "
        f"{solvable['checker']}, by The Windmill's validator on {solvable['engine']}"
    )
    for name, mine in sorted(panels.items()):
        ours = any(r["checker"] for r in mine)
        theirs = any(r["engine"] for r in mine)
        if ours != theirs:
            print(f"  {name}: solvable by {'the checker' if ours else 'the validator'} only")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("closure", type=Path, help="npm's google-closure-library package (2018)")
    ap.add_argument("source", type=Path, help="the src/ folder of a windmill-client snapshot")
    ap.add_argument("snapshot", type=Path, help="a snapshot of The Windmill's puzzle list")
    ap.add_argument("--sample", type=int, default=500, help="larger panels, drawn at random")
    ap.add_argument("--lines", type=int, default=2, help="random lines per panel (default 2)")
    ap.add_argument("--solve-seconds", type=float, default=2.0, help="clingo per panel")
    ap.add_argument(
        "--every-line-cells",
        type=int,
        default=6,
        help="every line on panels of at most this many cells (default 6)",
    )
    ap.add_argument("--max-lines", type=int, default=5000, help="every line: at most this many")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=10.0, help="each judge's time on a line")
    ap.add_argument("--disagreements", type=Path, help="a folder for the panels judged apart")
    ap.add_argument("--out", type=Path, help="a CSV of every line's two verdicts")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    keep = disagreements_folder(args.disagreements, "windmill_agreement")
    panels, messages = snapshot_panels(args.snapshot)
    small = [(n, p) for n, p in panels if p.rows * p.cols <= args.every_line_cells]
    large = [(n, p) for n, p in panels if p.rows * p.cols > args.every_line_cells]
    if args.sample < len(large):
        large = sorted(rng.sample(large, args.sample), key=lambda item: item[0])
    print(f"{len(panels)} panels: every line on {len(small)}, sampled lines on {len(large)}")
    windmill = Windmill(args.closure, args.source, args.seconds)
    try:
        cases = itertools.chain(
            every_line_cases(small, args.max_lines),
            community_cases(large, args.lines, args.solve_seconds, rng),
        )
        rows = judge(cases, windmill_verdict(windmill, messages), args.seconds, keep)
    finally:
        windmill.close()
    report(rows, "validator")
    solution_sets(rows)
    if args.out is not None:
        write_csv(rows, list(rows[0]) if rows else ["name"], args.out)


if __name__ == "__main__":
    main()
