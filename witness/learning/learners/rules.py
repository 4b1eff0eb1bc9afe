"""``rules``: RIPPER (the ``wittgenstein`` package) on a table of the task's features.

A machine-learning control that is not program synthesis: each example is a
row, each feature (:mod:`.space`; a connected body of the bias's literals)
a 0/1 column, and RIPPER learns an ordered set of rules for the positive
class. A rule whose conditions all say "feature = 1" is the conjunction of
those features: one Prolog clause. A condition "feature = 0" is a negation
the bias cannot write, so such a rule is dropped, as is one beyond
``max_body`` or ``max_vars`` and one that covers a negative example
(RIPPER tolerates some). The table keeps the ``max_features`` features
that separate best (share of positives minus share of negatives covered).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ilp import Program, Scores, Stats
from witness.learning.learners.result import finish
from witness.learning.learners.space import Space

if TYPE_CHECKING:
    import pandas as pd

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RulesSettings:
    """The table's width, RIPPER's optimisation passes, the seed."""

    max_features: int = 200
    k: int = 2
    seed: int = 0


def feature_table(space: Space, columns: list[int]) -> pd.DataFrame:
    """The examples (positives, then negatives) as 0/1 rows over ``columns``."""
    import pandas as pd

    data = {}
    for i in columns:
        f = space.features[i]
        pos = [(f.pos >> e) & 1 for e in range(space.n_pos)]
        neg = [(f.neg >> e) & 1 for e in range(space.n_neg)]
        data[f"f{i}"] = pos + neg
    data["label"] = [1] * space.n_pos + [0] * space.n_neg
    return pd.DataFrame(data)


def best_columns(space: Space, count: int) -> list[int]:
    """The ``count`` features that separate positives from negatives best."""

    def gain(i: int) -> float:
        f = space.features[i]
        return f.pos.bit_count() / max(space.n_pos, 1) - f.neg.bit_count() / max(space.n_neg, 1)

    return sorted(sorted(range(len(space.features)), key=gain, reverse=True)[:count])


def ripper_clauses(space: Space, settings: RulesSettings) -> tuple[list[tuple[int, ...]], int]:
    """RIPPER's rules as feature conjunctions (only "= 1" conditions), and how many rules it had."""
    import wittgenstein as lw

    columns = best_columns(space, settings.max_features)
    if not columns or space.n_neg == 0:
        return [], 0
    clf = lw.RIPPER(random_state=settings.seed, k=settings.k)
    clf.fit(feature_table(space, columns), class_feat="label", pos_class=1)
    out = []
    for rule in clf.ruleset_.rules:
        conds = [(str(c.feature), int(c.val)) for c in rule.conds]
        if conds and all(v == 1 for _, v in conds):
            out.append(tuple(sorted({int(name[1:]) for name, _ in conds})))
    return out, len(clf.ruleset_.rules)


def learn_rules(
    space: Space, started: float, settings: RulesSettings
) -> tuple[Program, Scores, Stats]:
    """The RIPPER control on a task's features (see the module's docstring)."""
    found, total = ripper_clauses(space, settings)
    cap = space.bias.max_clauses or len(found)
    kept: list[tuple[int, ...]] = []
    for parts in found:
        _p, n = space.coverage(parts)
        if len(kept) < cap and space.fits(parts) and n == 0 and parts not in kept:
            kept.append(parts)
    logger.info("rules: RIPPER found %d rules, %d kept", total, len(kept))
    run = {"features": len(space.features), "ripper_rules": total, "seed": settings.seed}
    return finish(space, kept, "rules", started, run, timed_out=False)
