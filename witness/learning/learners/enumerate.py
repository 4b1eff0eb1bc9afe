"""``enumerate``: bottom-up enumerative synthesis over the bias's literals.

Clauses are conjunctions of the task's features (:mod:`.space`), grown
smallest first (in literals). Each candidate's coverage is a pair of
bitsets (positives, negatives), the AND of its features'; one candidate is
kept per distinct coverage (observational equivalence: two clauses that
cover the same examples cover the same examples once the same feature is
added, so only the smallest of them is grown). A clause that covers a
negative example is grown further but never returned; one that covers none
is not grown (a specialisation only loses positives). The program is the
smallest set of consistent clauses (at most ``max_clauses``) covering the
most positives: the most positives first, then the fewest literals, found
by branch and bound (:func:`best_cover`).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from ilp import Program, Scores, Stats
from witness.learning.learners.result import finish
from witness.learning.learners.space import Space

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Candidate:
    parts: tuple[int, ...]  # feature indices, sorted
    size: int  # body literals
    pos: int
    neg: int


def grow(space: Space, deadline: float | None) -> tuple[list[Candidate], int, bool]:
    """The consistent clauses (one per coverage, each the smallest found), the
    number of candidates evaluated, and whether the time limit cut the search."""
    feats = space.features
    kept: dict[tuple[int, int], Candidate] = {}
    by_size: dict[int, list[Candidate]] = {0: [Candidate((), 0, space.all_pos, -1)]}
    evaluated = 0
    for size in range(1, space.bias.max_body + 1):
        fresh: list[Candidate] = []
        for base_size, bases in by_size.items():
            for base in bases:
                if base.neg == 0:
                    continue
                for i, f in enumerate(feats):
                    if f.size != size - base_size or i in base.parts:
                        continue
                    parts = tuple(sorted((*base.parts, i)))
                    if not space.fits(parts):
                        continue
                    evaluated += 1
                    pos, neg = space.coverage(parts)
                    if pos:
                        fresh.append(Candidate(parts, size, pos, neg))
            if deadline is not None and time.perf_counter() > deadline:
                return _consistent(kept), evaluated, True
        level = []
        for c in sorted(fresh, key=lambda c: sum(space.features[i].own_vars for i in c.parts)):
            if (c.pos, c.neg) not in kept:
                kept[(c.pos, c.neg)] = c
                level.append(c)
        by_size[size] = level
    return _consistent(kept), evaluated, False


def _consistent(kept: dict[tuple[int, int], Candidate]) -> list[Candidate]:
    return [c for c in kept.values() if c.neg == 0]


def undominated(cands: list[Candidate]) -> list[Candidate]:
    """Without the clauses another covers as much as with at most as many literals."""
    cands = sorted(cands, key=lambda c: (-c.pos.bit_count(), c.size))
    out: list[Candidate] = []
    for c in cands:
        if not any(c.pos & ~d.pos == 0 and d.size <= c.size for d in out):
            out.append(c)
    return out


def best_cover(
    cands: list[Candidate], max_clauses: int | None, deadline: float | None
) -> tuple[list[Candidate], bool]:
    """The set of at most ``max_clauses`` clauses covering the most positives,
    then with the fewest literals (branch and bound); and whether it is proven
    best (False when the deadline cut the search)."""
    cands = undominated(cands)
    limit = len(cands) if max_clauses is None else max_clauses
    suffix = [0] * (len(cands) + 1)
    for i in range(len(cands) - 1, -1, -1):
        suffix[i] = suffix[i + 1] | cands[i].pos
    best: list = [(0, 0), []]  # (covered, -size), chosen
    state = {"complete": True}

    def dfs(i: int, chosen: list[Candidate], covered: int, size: int) -> None:
        score = (covered.bit_count(), -size)
        if score > best[0]:
            best[0], best[1] = score, list(chosen)
        if i == len(cands) or len(chosen) == limit:
            return
        if deadline is not None and time.perf_counter() > deadline:
            state["complete"] = False
            return
        bound = (covered | suffix[i]).bit_count()
        if bound < best[0][0] or (bound == best[0][0] and -size <= best[0][1]):
            return
        c = cands[i]
        if c.pos & ~covered:
            dfs(i + 1, [*chosen, c], covered | c.pos, size + c.size)
        dfs(i + 1, chosen, covered, size)

    dfs(0, [], 0, 0)
    return best[1], state["complete"]


def learn_enumerate(
    space: Space, started: float, deadline: float | None
) -> tuple[Program, Scores, Stats]:
    """The enumerative learner on a task's features (see the module's docstring)."""
    cands, evaluated, cut = grow(space, deadline)
    chosen, proven = best_cover(cands, space.bias.max_clauses, deadline)
    logger.info(
        "enumerate: %d clauses evaluated, %d consistent, %d chosen",
        evaluated,
        len(cands),
        len(chosen),
    )
    settings = {"features": len(space.features), "candidates": evaluated}
    program, scores, stats = finish(
        space,
        [c.parts for c in chosen],
        "enumerate",
        started,
        settings,
        timed_out=cut or not proven or not space.complete,
    )
    stats.consistent_rules = len(cands)
    stats.exhausted = not (cut or not proven or not space.complete)
    return program, scores, stats
