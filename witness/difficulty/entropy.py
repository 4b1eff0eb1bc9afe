"""Puzzle difficulty as entropy: the definitions, line by line over any puzzle.

Chen (2023), *Entropy as a Measure of Puzzle Difficulty* (MSc thesis,
University of Alberta, chapter 3; CITATION.cff) scores a puzzle
{G, S_start, A, Gamma} by the information an oracle must give a player along
the easiest solution:

- equation 3.1, :func:`uniform_entropy`: a state with ``|sigma(s)|`` moves
  costs log2 |sigma(s)| bits (the thesis's table rounds log2 3 to 1.6), and
  infinity when there is no move;
- Algorithm 1, MUSE (:func:`muse`, :func:`min_path_entropy`): MINPATHENT(s)
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

The functions here take any puzzle given as Python functions (tests use them,
e.g. on the thesis's Table 3.1); :mod:`witness.difficulty.muse` is the same
recursion specialised to triangle puzzles and compiled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
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


def local_entropy(child_scores: Sequence[float], relative: bool) -> float:
    """Algorithm 1 line 19 (uniform, MUSE) or Algorithm 2 line 19 (relative, ReMUSE)."""
    return relative_entropy(child_scores) if relative else uniform_entropy(len(child_scores))


def min_path_entropy(
    state: S,
    sigma: Callable[[S], Iterable[S]],
    gamma: Callable[[S], bool],
    relative: bool = False,
    key: Callable[[S], Hashable] | None = None,
    _memo: dict | None = None,
) -> float:
    """MINPATHENT(s, sigma) of Algorithm 1 (``relative=False``) or Algorithm 2 (ReMUSE).

    ``sigma(s)`` lists the states its moves lead to (A(s), L(s) or L(s, n));
    ``gamma(s)`` is the goal test (Gamma(s) or Gamma(s, n)). With ``key``,
    states with equal keys (the same future) are computed once.
    """
    return min_path_entropies(state, sigma, gamma, key, _memo)[1 if relative else 0]


def min_path_entropies(
    state: S,
    sigma: Callable[[S], Iterable[S]],
    gamma: Callable[[S], bool],
    key: Callable[[S], Hashable] | None = None,
    _memo: dict | None = None,
    dead: Callable[[S], bool] | None = None,
) -> tuple[float, float]:
    """(MINPATHENT of Algorithm 1, of Algorithm 2) of ``state``: both recursions at
    once, since they visit the same children and differ only in line 19.

    ``dead(s)``, when given, says that no solved state can be reached from ``s``
    (a sound test): such a state scores infinity without being expanded, which
    is what the recursion would find below it anyway."""
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
            scores = [min_path_entropies(c, sigma, gamma, key, memo, dead) for c in children]
            value = tuple(
                _line_19([score[i] for score in scores], relative)
                for i, relative in enumerate((False, True))
            )
    if k is not None:
        memo[k] = value
    return value


def _line_19(child_ents: list[float], relative: bool) -> float:
    """Lines 18-20: the least child score plus the state's local entropy."""
    best = min(child_ents)
    return INF if best == INF else best + local_entropy(child_ents, relative)


def muse(
    starts: Iterable[S],
    sigma: Callable[[S], Iterable[S]],
    gamma: Callable[[S], bool],
    relative: bool = False,
    key: Callable[[S], Hashable] | None = None,
) -> float:
    """MUSE(S_start, sigma) of Algorithm 1 (ReMUSE of Algorithm 2 with ``relative``):
    the least MINPATHENT over the start states."""
    memo: dict = {}
    return min(min_path_entropy(s, sigma, gamma, relative, key, memo) for s in starts)


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
