"""Scoring many puzzles with :func:`witness.difficulty.muse.score`: a ranked
folder (``witness difficulty --rank``), the pipeline's seeded sample
(``score_set``) and the ``witness difficulty`` command."""

from __future__ import annotations

import json
import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from witness.difficulty.entropy import INF, MEASURES, Difficulty
from witness.difficulty.muse import check_settings, score
from witness.difficulty.player import Player, make_player, parse_clauses, parse_player
from witness.errors import InputError
from witness.io import OutputError, check_file
from witness.model.panel import Panel

log = logging.getLogger(__name__)


# ----------------------------------------------------------------- ranking
@dataclass
class Ranked:
    """One puzzle of a ranked folder."""

    file: str
    size: str
    scores: Difficulty


def rank_folder(
    folder: Path,
    player: Player | str = "none",
    lookahead: int = 0,
    time_limit: float | None = None,
) -> list[Ranked]:
    """Score every ``*.json`` puzzle of ``folder``; easiest first by ReMUSE, ties by MUSE
    (then by name). Unfinished scores go last."""
    files = sorted(Path(folder).glob("*.json"))
    if not files:
        raise InputError(f"--rank: no puzzle files (*.json) in {folder}")
    panels = []
    for f in files:  # every file read before the work, a bad one named
        try:
            panels.append((f, Panel.load(f)))
        except InputError as exc:
            raise InputError(f"--rank: {f}: {exc}") from None
    rows = [
        Ranked(f.name, panel.size, score(panel, player, lookahead, time_limit))
        for f, panel in panels
    ]

    def order(r: Ranked) -> tuple:
        s = r.scores
        unfinished = s.remuse is None
        return (unfinished, s.remuse or 0.0, s.muse or 0.0, r.file)

    return sorted(rows, key=order)


RANK_COLUMNS = (
    "rank",
    "puzzle",
    "size",
    "remuse",
    "muse",
    "solutions",
    "mean_length",
    "status",
    "seconds",
)


def rank_rows(ranked: list[Ranked], digits: int | None = None) -> list[dict]:
    """One dict per puzzle, easiest first: scores in bits ("inf": no solution the rules
    let the player reach; "": unfinished), rounded to ``digits`` if given."""

    def num(x: float | None) -> str | float:
        if x is None:
            return ""
        if x == INF:
            return "inf"
        return f"{x:.{digits}f}" if digits is not None else x

    out = []
    for i, r in enumerate(ranked, 1):
        s = r.scores
        out.append(
            {
                "rank": i,
                "puzzle": r.file,
                "size": r.size,
                "remuse": num(s.remuse),
                "muse": num(s.muse),
                "solutions": "" if s.solutions is None else s.solutions,
                "mean_length": num(s.mean_length),
                "status": s.status,
                "seconds": f"{s.seconds:.4f}",
            }
        )
    return out


def rank_table(ranked: list[Ranked]) -> str:
    """A plain-text table, easiest first ("inf": no reachable solution; "-": unfinished)."""
    rows = rank_rows(ranked, digits=3)
    widths = {c: max(len(c), *(len(str(r[c])) for r in rows)) for c in RANK_COLUMNS}
    lines = ["  ".join(c.ljust(widths[c]) for c in RANK_COLUMNS)]
    lines += ["  ".join(str(r[c]).ljust(widths[c]) for c in RANK_COLUMNS) for r in rows]
    return "\n".join(lines)


def write_rank_csv(ranked: list[Ranked], out: Path) -> None:
    from witness.io import write_csv

    write_csv(rank_rows(ranked), RANK_COLUMNS, out)


# ---------------------------------------------------------------- pipeline
SCORE_FIELDS = ["puzzle", "size", "rules", "lookahead", *MEASURES, "seconds", "states"]


def score_set(
    set_dir: str | Path,
    rule_sets: dict[str, str],
    out_csv: str | Path,
    sample: int,
    seed: int = 0,
    lookahead: int = 0,
    time_limit: float | None = None,
) -> list[dict]:
    """Score a seeded sample of ``sample`` puzzles of a set with each rule set
    (name -> ``none`` | ``baseline`` | ``paper`` | FILE.pl; on panels also ``hand``
    and ``hand+FILE.pl``; any of them as :func:`parse_player` reads it: only
    some clauses ``FILE.pl:1/3``, a policy ``@straight``) and write one CSV row
    per puzzle and rule set (bits; ``inf``: no solution the rules let the player
    reach; empty: not finished). A rule set that is not proven for every grid
    size is left out (logged): it cannot model a player (:func:`player_rules`)."""
    import random

    from witness.io import write_csv
    from witness.search.generate import read_set

    named = read_set(set_dir)
    chosen = sorted(random.Random(seed).sample(range(len(named)), min(sample, len(named))))
    players: dict[str, Player] = {}
    for name, spec in rule_sets.items():
        try:
            players[name] = parse_player(spec)
        except InputError as exc:
            log.warning("difficulty: rule set %s left out: %s", name, exc)
    rows = []
    for i in tqdm(chosen, desc="difficulty", unit="puzzle", leave=False):
        puzzle_name, puzzle = named[i]
        for name, player in players.items():
            s = score(puzzle, player, lookahead, time_limit)
            rows.append(
                {
                    "puzzle": puzzle_name,
                    "size": puzzle.size,
                    "rules": name,
                    "lookahead": lookahead,
                    **s.measures(),
                    "seconds": round(s.seconds, 6),
                    "states": s.states,
                }
            )
    write_csv(rows, SCORE_FIELDS, out_csv)
    return rows


# --------------------------------------------------------------------- CLI
def _csv_target(csv_out: str) -> Path:
    """--csv's path, if a file can be written there: new, or a ranking this command
    wrote (its header line); a one-line error naming --csv if not."""
    try:
        return check_file(csv_out, ",".join(RANK_COLUMNS).encode() + b"\r\n")
    except OutputError as exc:
        raise InputError(f"--csv: {exc}") from None


def difficulty_command(
    puzzle: str | None,
    rank: str | None = None,
    rules: str = "none",
    clauses: str | None = None,
    lookahead: int = 0,
    time_limit: float | None = None,
    as_json: bool = False,
    csv_out: str | None = None,
    policy: str = "none",
) -> str:
    """``witness difficulty``: the text to print (one puzzle's scores, or a ranked folder)."""
    if (puzzle is None) == (rank is None):
        raise InputError("give either PUZZLE.json or --rank DIR")
    if csv_out is not None and rank is None:
        raise InputError("--csv: only with --rank DIR")
    if csv_out is not None:  # before the work, not after it
        _csv_target(csv_out)
    check_settings(lookahead, time_limit)
    player = make_player(rules, parse_clauses(clauses), policy)
    if puzzle is not None:
        result = score(Panel.load(puzzle), player, lookahead, time_limit)
        return json.dumps(result.contract_dict()) if as_json else result.summary()
    folder = Path(rank)
    if not folder.is_dir():
        raise InputError(f"--rank: {rank} is not a folder")
    ranked = rank_folder(folder, player, lookahead, time_limit)
    if csv_out is not None:
        out = _csv_target(csv_out)
        existed = out.exists()
        try:
            write_rank_csv(ranked, out)
        except OutputError as exc:
            raise InputError(f"--csv: {exc}") from None
        print(f"{'overwrote' if existed else 'wrote'} {out}", file=sys.stderr)
    if as_json:
        return json.dumps(
            [{"puzzle": r.file, "size": r.size, **r.scores.contract_dict()} for r in ranked]
        )
    return rank_table(ranked)
