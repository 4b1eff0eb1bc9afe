"""Puzzle difficulty as entropy: the definitions, line by line over any puzzle.

Chen (2023), *Entropy as a Measure of Puzzle Difficulty* (MSc thesis,
University of Alberta, chapter 3; CITATION.cff) scores a puzzle
{G, S_start, A, Gamma} by the information an oracle must give a player along
the easiest solution:

- equation 3.1, :func:`uniform_entropy`: a state with ``|sigma(s)|`` moves
  costs log2 |sigma(s)| bits (the thesis's table rounds log2 3 to 1.6), and
  infinity when there is no move;
- Algorithm 1, MUSE (:func:`muse`, :func:`min_path_entropies`): MINPATHENT(s)
  is 0 if Gamma(s) = 1, infinity if sigma(s) is empty, else the local entropy
  plus the least MINPATHENT of the children; MUSE is the least over the start
  states;
- Algorithm 2, ReMUSE: the same recursion with line 19 replaced by the KL
  divergence (equation 2.2, base 2) from the uniform distribution over
  sigma(s) to the softmin (equation 2.3 with -z) of the children's scores
  (:func:`relative_entropy`);
- sigma is the plain action function A(s) or the logic action function L(s):
  the moves the player's inference rules do not reject (section 3.2);
  section 3.3's lookahead L(s, n) keeps a move only if a depth-n search after
  it still finds a continuation, and Gamma(s, n) = 1 when that search finds a
  solution (:func:`with_lookahead`; Algorithm 1, line 3);
- section 3.4.2's other measures: the number of solutions and their mean
  length (in moves).

:class:`Difficulty` holds one puzzle's scores.

The functions here take any puzzle given as Python functions (tests use them,
e.g. on the thesis's Table 3.1); :mod:`witness.difficulty.muse` runs them on
a panel (:mod:`witness.difficulty.game`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

INF = math.inf

S = TypeVar("S")


def uniform_entropy(n_actions: int) -> float:
    """Equation 3.1: H(Z_sigma(s)) of a uniform choice among ``n_actions`` moves, in bits.

    0 for one move, infinity for none (the thesis's table writes 1.6 for
    log2 3 = 1.585)."""
    return INF if n_actions == 0 else math.log2(n_actions)


def softmin(values: Sequence[float]) -> list[float]:
    """Equation 2.3 with -z_i: exp(-z_i) / sum_j exp(-z_j); infinite z_i get 0.

    Shifted by the least finite value, which cancels out, so large scores do
    not underflow. Undefined (ValueError) when every value is infinite."""
    low = min(values)
    if low == INF:
        raise ValueError("softmin of scores that are all infinite")
    weights = [0.0 if v == INF else math.exp(low - v) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def kl_divergence(p: Sequence[float], q: Sequence[float]) -> float:
    """Equation 2.2: D_KL(P || Q) = sum P(x) log2(P(x) / Q(x)) (terms with P(x) = 0 are 0)."""
    return sum(pi * math.log2(pi / qi) for pi, qi in zip(p, q, strict=True) if pi > 0)


def relative_entropy(child_scores: Sequence[float]) -> float:
    """Algorithm 2, line 19: KL(softmin(childEnts), Z_|sigma(s)|), Z uniform.

    0 when every child scores the same (or there is one child); at most
    log2 |sigma(s)| (all weight on one child)."""
    n = len(child_scores)
    return kl_divergence(softmin(child_scores), [1.0 / n] * n)


def min_path_entropies(
    state: S,
    sigma: Callable[[S], Iterable[S]],
    gamma: Callable[[S], bool],
    key: Callable[[S], Hashable] | None = None,
    dead: Callable[[S], bool] | None = None,
    _memo: dict | None = None,
) -> tuple[float, float]:
    """(MINPATHENT(s, sigma) of Algorithm 1, of Algorithm 2) of ``state``: both
    recursions at once, since they visit the same children and differ only in
    line 19.

    ``sigma(s)`` lists the states its moves lead to (A(s), L(s) or L(s, n));
    ``gamma(s)`` is the goal test (Gamma(s) or Gamma(s, n)). With ``key``,
    states with equal keys (the same future) are computed once. ``dead(s)``,
    when given, says that no solved state can be reached from ``s`` (a sound
    test): such a state scores infinity without being expanded, which is what
    the recursion would find below it anyway."""
    memo = {} if _memo is None else _memo
    k = key(state) if key is not None else None
    if k is not None and k in memo:
        return memo[k]
    if gamma(state):  # line 12: solved
        value = (0.0, 0.0)
    elif dead is not None and dead(state):
        value = (INF, INF)
    else:
        children = list(sigma(state))
        if not children:  # line 13: unsolvable
            value = (INF, INF)
        else:  # lines 14-20
            scores = [min_path_entropies(c, sigma, gamma, key, dead, memo) for c in children]
            uniform, relative = ([score[i] for score in scores] for i in (0, 1))
            value = (_line_19(uniform, False), _line_19(relative, True))
    if k is not None:
        memo[k] = value
    return value


def _line_19(child_ents: list[float], relative: bool) -> float:
    """Lines 18-20: the least child score plus the state's local entropy,
    uniform (Algorithm 1) or relative (Algorithm 2)."""
    best = min(child_ents)
    if best == INF:
        return INF
    return best + (relative_entropy(child_ents) if relative else uniform_entropy(len(child_ents)))


def muse(
    starts: Iterable[S],
    sigma: Callable[[S], Iterable[S]],
    gamma: Callable[[S], bool],
    key: Callable[[S], Hashable] | None = None,
    dead: Callable[[S], bool] | None = None,
) -> tuple[float, float]:
    """(MUSE(S_start, sigma) of Algorithm 1, ReMUSE of Algorithm 2): the least
    MINPATHENT over the start states (infinity without one)."""
    memo: dict = {}
    scores = [min_path_entropies(s, sigma, gamma, key, dead, memo) for s in starts]
    return (min((m for m, _ in scores), default=INF), min((r for _, r in scores), default=INF))


def with_lookahead(
    sigma: Callable[[S], Iterable[S]], gamma: Callable[[S], bool], n: int
) -> tuple[Callable[[S], list[S]], Callable[[S], bool]]:
    """Section 3.3's n-step lookahead: (L(s, n), Gamma(s, n)) from (L(s), Gamma(s)).

    L(s, n) keeps a child s' of L(s) when a depth-n search over L from s'
    finds a solved state or a path of n moves (a continuation), so L(s, 1)
    drops the moves after which L is empty (the thesis's Figure 3.1e).
    Gamma(s, n) = 1 when that search from s itself finds a solved state
    within n moves ("solved in the DFS, suggesting 0 entropy"). n = 0 gives
    L and Gamma back.
    """
    if n < 0:
        raise ValueError("lookahead must be >= 0")

    def probe(s: S, k: int) -> tuple[bool, bool]:
        """(a solved state within k moves, a continuation of k moves or a solved state)."""
        if gamma(s):
            return True, True
        if k == 0:
            return False, True
        solved = alive = False
        for c in sigma(s):
            a, b = probe(c, k - 1)
            solved, alive = solved or a, alive or b
        return solved, alive

    def sigma_n(s: S) -> list[S]:
        return [c for c in sigma(s) if probe(c, n)[1]]

    def gamma_n(s: S) -> bool:
        return probe(s, n)[0]

    return (sigma, gamma) if n == 0 else (sigma_n, gamma_n)


MEASURES = ("muse", "remuse", "solutions", "mean_length", "status")


@dataclass
class Difficulty:
    """Scores of one puzzle under one player model. ``muse``/``remuse`` are bits
    (infinity: no solution the rules let the player reach; None: not finished)."""

    muse: float | None
    remuse: float | None
    solutions: int | None  # section 3.4.2: every solution (does not depend on the rules)
    mean_length: float | None  # moves (edges) per solution, None without a solution
    status: str  # done | timed_out | out_of_memory
    seconds: float
    states: int  # states visited (memo hits included)
    rules: str = "none"
    lookahead: int = 0

    @classmethod
    def unfinished(
        cls, status: str, seconds: float, states: int, rules: str, lookahead: int
    ) -> Difficulty:
        """The record of a recursion that ended before its scores (``status``)."""
        return cls(None, None, None, None, status, seconds, states, rules, lookahead)

    def measures(self) -> dict:
        """A CSV row's scores: muse, remuse, solutions, mean_length, status."""
        return {k: getattr(self, k) for k in MEASURES}

    def contract_dict(self) -> dict:
        """The CLI's ``--json`` object (docs/DESIGN.md: infinity as null)."""

        def bits(x: float | None) -> float | None:
            return None if x is None or x == INF else round(x, 6)

        return {
            "muse": bits(self.muse),
            "remuse": bits(self.remuse),
            "solutions": self.solutions,
            "mean_length": None if self.mean_length is None else round(self.mean_length, 6),
            "status": self.status,
            "seconds": round(self.seconds, 6),
            "states": self.states,
            "rules": self.rules,
            "lookahead": self.lookahead,
        }

    def summary(self) -> str:
        if self.status != "done":
            return (
                f"{self.status} after {self.seconds:.3f} s ({self.states} states; rules "
                f"{self.rules}, lookahead {self.lookahead})"
            )
        mean = "-" if self.mean_length is None else f"{self.mean_length:.2f}"
        return (
            f"MUSE {_fmt(self.muse)} bits, ReMUSE {_fmt(self.remuse)} bits, "
            f"{self.solutions} solutions, mean length {mean} moves\n"
            f"rules {self.rules}, lookahead {self.lookahead}: {self.states} states "
            f"in {self.seconds:.3f} s"
        )


def _fmt(x: float | None) -> str:
    return "-" if x is None else "inf" if x == INF else f"{x:.3f}"
