"""Difficulty against people's ratings: the thesis's Windmill experiment (Chen 2023,
chapter 4, Table 4.1 and section 4.4).

The steps, each a function here, so that a reference run can be retraced:

- :func:`select` applies the thesis's filter to imported panels: 4x4; only dots
  (must-cross), coloured squares and gaps (cannot-cross), at least one of them
  (``family="dots-squares-gaps"``), or only triangles (``family="triangles"``,
  section 4.4, without the bulk-submitted practice puzzles: any title with the
  word "practice");
  one start and one end, no symmetry; rating (upvotes) at most 40 (the thesis
  dropped five early outliers above it); created up to a date (the thesis
  downloaded on 2022-11-29); ids on an exclusion list left out (the thesis
  removed exact copies of the game's own puzzles: give their ids); exact
  duplicates of an earlier panel left out.
- :func:`adjust_for_time` removes the ratings' linear trend over creation time
  (fewer players voted as the site aged): the adjusted rating is the residual of
  a least-squares line of rating on time, plus the mean rating. A Pearson or
  Spearman coefficient does not change with the added constant.
- :func:`correlate` gives Pearson's r with its p-value, Spearman's rho with its
  p-value and a bootstrap 95% interval for r; :func:`difference` a paired
  bootstrap interval for the difference of two scores' r on the same puzzles.
  A puzzle a score leaves undefined (infinity: no solution the player's rules
  reach; None: not finished) is left out of that score's row, and the row says
  how many were used.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

import numpy as np

from witness.difficulty.entropy import MEASURES, Difficulty
from witness.model.panel import Panel

THESIS_DOWNLOAD = date(2022, 11, 29)
MAX_RATING = 40
FAMILIES = {
    "dots-squares-gaps": frozenset({"dots", "squares", "gaps"}),
    "triangles": frozenset(),  # only triangles (in their default colour)
}
BOOTSTRAP_SAMPLES = 2000


@dataclass(frozen=True)
class RatedPanel:
    """A panel with the community's ratings (from an imported panel's ``meta``)."""

    name: str
    panel: Panel
    rating: float  # upvotes
    solves: int | None
    created: datetime

    @classmethod
    def from_panel(cls, name: str, panel: Panel) -> RatedPanel | None:
        """None when the panel's meta lacks upvotes or a creation date."""
        meta = panel.meta or {}
        if not isinstance(meta.get("upvotes"), int | float) or not meta.get("created"):
            return None
        created = datetime.fromisoformat(str(meta["created"]))
        if created.tzinfo is None:
            created = created.replace(tzinfo=UTC)
        return cls(name, panel, float(meta["upvotes"]), meta.get("solves"), created)


def family_of(panel: Panel) -> str | None:
    """The thesis's set a panel belongs to, or None."""
    used = set(panel.features())
    if panel.triangles and not used:
        return "triangles"
    if used and used <= FAMILIES["dots-squares-gaps"] and not panel.triangles:
        return "dots-squares-gaps"
    return None


def select(
    rated: Iterable[RatedPanel],
    family: str,
    until: date | None = THESIS_DOWNLOAD,
    exclude: Iterable[str] = (),
) -> tuple[list[RatedPanel], Counter]:
    """The thesis's set of ``family`` (oldest first), and why the others were left out."""
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {sorted(FAMILIES)}, got {family!r}")
    excluded = set(exclude)
    kept: list[RatedPanel] = []
    seen: set[str] = set()
    why: Counter = Counter()
    for r in sorted(rated, key=lambda r: (r.created, r.name)):
        meta = r.panel.meta or {}
        reason = None
        if r.panel.size != "4x4":
            reason = "not 4x4"
        elif family_of(r.panel) != family:
            reason = "other constraints"
        elif family == "triangles" and "practice" in str(meta.get("title", "")).lower():
            reason = "a 'practice' puzzle"
        elif r.rating > MAX_RATING:
            reason = f"rating above {MAX_RATING}"
        elif until is not None and r.created.date() > until:
            reason = f"created after {until.isoformat()}"
        elif meta.get("id") in excluded or r.name in excluded:
            reason = "on the exclusion list"
        else:
            body = {k: v for k, v in r.panel.to_dict().items() if k != "meta"}
            if repr(sorted(body.items())) in seen:
                reason = "duplicate of an earlier panel"
            seen.add(repr(sorted(body.items())))
        if reason:
            why[reason] += 1
        else:
            kept.append(r)
    return kept, why


def adjust_for_time(ratings: Sequence[float], times: Sequence[float]) -> np.ndarray:
    """Ratings less their least-squares linear trend over ``times``, plus the mean rating."""
    y = np.asarray(ratings, dtype=float)
    t = np.asarray(times, dtype=float)
    if len(y) < 2 or np.ptp(t) == 0:
        return y.copy()
    slope, intercept = np.polyfit(t - t.mean(), y, 1)
    return y - (intercept + slope * (t - t.mean())) + y.mean()


@dataclass
class Correlation:
    """One score against the ratings."""

    score: str
    n: int  # puzzles with a finite score
    pearson: float
    pearson_p: float
    pearson_low: float  # bootstrap 95% interval
    pearson_high: float
    spearman: float
    spearman_p: float


def _finite(scores: Sequence[float | None], ratings: Sequence[float]) -> tuple[np.ndarray, ...]:
    pairs = [
        (s, r) for s, r in zip(scores, ratings, strict=True) if s is not None and math.isfinite(s)
    ]
    return np.array([p[0] for p in pairs], float), np.array([p[1] for p in pairs], float)


def _pearson(x: np.ndarray, y: np.ndarray) -> float:
    if len(x) < 3 or np.ptp(x) == 0 or np.ptp(y) == 0:
        return math.nan
    return float(np.corrcoef(x, y)[0, 1])


def correlate(
    name: str, scores: Sequence[float | None], ratings: Sequence[float], seed: int = 0
) -> Correlation:
    """Pearson's r (p-value, bootstrap 95% interval) and Spearman's rho of a score."""
    from scipy import stats

    x, y = _finite(scores, ratings)
    if len(x) < 3 or np.ptp(x) == 0:
        return Correlation(name, len(x), *(math.nan,) * 6)
    pearson = stats.pearsonr(x, y)
    spearman = stats.spearmanr(x, y)
    rng = np.random.default_rng(seed)
    boot = [_pearson(x[i], y[i]) for i in rng.integers(0, len(x), (BOOTSTRAP_SAMPLES, len(x)))]
    low, high = np.nanpercentile(boot, [2.5, 97.5])
    return Correlation(
        name,
        len(x),
        float(pearson.statistic),
        float(pearson.pvalue),
        float(low),
        float(high),
        float(spearman.statistic),
        float(spearman.pvalue),
    )


def difference(
    a: Sequence[float | None], b: Sequence[float | None], ratings: Sequence[float], seed: int = 0
) -> tuple[float, float, float, int]:
    """r(a) - r(b) on the puzzles where both are finite, with a paired bootstrap
    95% interval: (difference, low, high, n). An interval that excludes 0 says the
    difference is more than resampling noise."""
    keep = [
        i
        for i in range(len(ratings))
        if all(v is not None and math.isfinite(v) for v in (a[i], b[i]))
    ]
    xa = np.array([a[i] for i in keep], float)
    xb = np.array([b[i] for i in keep], float)
    y = np.array([ratings[i] for i in keep], float)
    rng = np.random.default_rng(seed)
    boot = [
        _pearson(xa[i], y[i]) - _pearson(xb[i], y[i])
        for i in rng.integers(0, len(y), (BOOTSTRAP_SAMPLES, len(y)))
    ]
    low, high = np.nanpercentile(boot, [2.5, 97.5]) if len(y) >= 3 else (math.nan, math.nan)
    return _pearson(xa, y) - _pearson(xb, y), float(low), float(high), len(y)


@dataclass(frozen=True)
class HeldOut:
    """A player chosen by its r on one half of the puzzles, judged on the other."""

    chosen: str
    chosen_r: float  # its r on the half it was chosen on
    n_choose: int
    n_test: int
    difference: float  # on the other half: its r less the reference player's
    low: float  # paired bootstrap 95% interval
    high: float


def halves(names: Sequence[str], seed: int = 0) -> tuple[list[int], list[int]]:
    """A seeded split of the puzzles into two halves (indices)."""
    order = np.random.default_rng(seed).permutation(len(names))
    cut = len(names) // 2
    return sorted(order[:cut].tolist()), sorted(order[cut:].tolist())


def choose_held_out(
    scores: dict[str, Sequence[float | None]],
    reference: Sequence[float | None],
    ratings: Sequence[float],
    seed: int = 0,
) -> list[HeldOut]:
    """Pick the candidate (``scores``: name -> one score per puzzle) with the
    highest Pearson r on one half of the puzzles and report its paired
    difference from ``reference`` on the other half, both ways round: a choice
    made by looking at correlations is judged on puzzles it did not see."""
    first, second = halves([str(i) for i in range(len(ratings))], seed)

    def part(values: Sequence, idx: list[int]) -> list:
        return [values[i] for i in idx]

    out = []
    for choose, test in ((first, second), (second, first)):
        r_on = {
            name: _pearson(*_finite(part(v, choose), part(ratings, choose)))
            for name, v in scores.items()
        }
        best = max(sorted(r_on), key=lambda k: -math.inf if math.isnan(r_on[k]) else r_on[k])
        d, low, high, n = difference(
            part(scores[best], test), part(reference, test), part(ratings, test), seed
        )
        out.append(HeldOut(best, r_on[best], len(choose), n, d, low, high))
    return out


# ------------------------------------------------------------ the experiment
SCORE_COLUMNS = ("muse", "remuse")


def load_rated(folder: str | Path) -> list[RatedPanel]:
    """Every panel JSON in ``folder`` (``witness import``'s output) with ratings."""
    out = []
    for f in sorted(Path(folder).glob("*.json")):
        r = RatedPanel.from_panel(f.stem, Panel.load(f))
        if r is not None:
            out.append(r)
    return out


PUZZLE_FIELDS = ["puzzle", "id", "created", "rating"]
SCORE_ROW_FIELDS = [*PUZZLE_FIELDS, "player", "lookahead", *MEASURES, "seconds"]


def score_row(r: RatedPanel, player: str, lookahead: int, d: Difficulty) -> dict:
    """One CSV row (:data:`SCORE_ROW_FIELDS`): a puzzle's scores under one player and lookahead."""
    return {
        "puzzle": r.name,
        "id": (r.panel.meta or {}).get("id"),
        "created": r.created.isoformat(),
        "rating": r.rating,
        "player": player,
        "lookahead": lookahead,
        **d.measures(),
        "seconds": round(d.seconds, 4),
    }


def correlation_table(rows: Sequence[dict], seed: int = 0) -> list[Correlation]:
    """Every score of a scored set against its time-adjusted ratings: MUSE and
    ReMUSE per player and lookahead, then the number of solutions and the mean
    solution length (which do not depend on the player)."""
    puzzles = sorted({(r["created"], r["puzzle"]) for r in rows})
    index = {name: i for i, (_, name) in enumerate(puzzles)}
    raw = {r["puzzle"]: r["rating"] for r in rows}
    times = [datetime.fromisoformat(c).timestamp() for c, _ in puzzles]
    adjusted = adjust_for_time([raw[name] for _, name in puzzles], times)
    out = []
    groups = sorted({(r["player"], int(r["lookahead"])) for r in rows})
    for player, lookahead in groups:
        for column in SCORE_COLUMNS:
            values: list[float | None] = [None] * len(puzzles)
            for r in rows:
                if r["player"] == player and int(r["lookahead"]) == lookahead:
                    values[index[r["puzzle"]]] = _number(r[column])
            name = f"{column}_la{lookahead} ({player})"
            out.append(correlate(name, values, list(adjusted), seed))
    for column in ("solutions", "mean_length"):
        values = [None] * len(puzzles)
        for r in rows:  # the same for every player: any row that has it
            if _number(r[column]) is not None:
                values[index[r["puzzle"]]] = _number(r[column])
        out.append(correlate(column, values, list(adjusted), seed))
    return out


def _number(value: object) -> float | None:
    if value is None or value == "":
        return None
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(x) else x
