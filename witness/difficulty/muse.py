"""MUSE and ReMUSE of any panel (Chen 2023, Algorithms 1, 2 and 3): the one
entry point (:func:`score`) that ``witness difficulty``, ``witness.score``
and the pipeline call.

The recursion is :func:`witness.difficulty.entropy.min_path_entropies`, line
by line, on the game of :mod:`witness.difficulty.game` (state, move, solved
state), with sigma = L(s, n) of a :class:`~witness.difficulty.player.Player`
(its rules, section 3.2, and the lookahead n, section 3.3) and, with the
straight-line policy, Algorithm 3's line 12. Where the compiled triangle
core applies (:func:`witness.difficulty.compiled.applies`) it gives the same
scores much faster, so :func:`score` takes it; ``core`` picks one core
(benchmarks and the agreement test).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from witness.difficulty.compiled import applies, compiled_scores
from witness.difficulty.entropy import Difficulty, muse, with_lookahead
from witness.difficulty.game import (
    Clock,
    Line,
    PanelGame,
    Rule,
    TimeUp,
    count_solutions,
    dead,
    straight_line_solves,
)
from witness.difficulty.player import Player, parse_player
from witness.errors import InputError
from witness.model.panel import Panel

__all__ = ["CORES", "Difficulty", "check_settings", "score"]

CORES = ("auto", "general", "compiled")


def check_settings(lookahead: int, time_limit: float | None) -> None:
    """An InputError naming the option when a setting is bad."""
    if lookahead < 0:
        raise InputError(f"--lookahead: must be >= 0, got {lookahead}")
    if time_limit is not None and time_limit <= 0:
        raise InputError(f"--time-limit: must be > 0, got {time_limit}")


def score(
    panel: Panel,
    player: Player | str = "none",
    lookahead: int = 0,
    time_limit: float | None = None,
    memory_mb: float | None = None,
    core: str = "auto",
) -> Difficulty:
    """MUSE and ReMUSE of ``panel`` with sigma = L(s, n) of ``player`` (a
    :class:`Player` or a spec :func:`~witness.difficulty.player.parse_player`
    reads), n = ``lookahead``, and the number and mean length of its
    solutions. Ends with status ``timed_out`` after ``time_limit`` seconds
    (``out_of_memory``: the compiled core's memo would exceed ``memory_mb``).

    ``core``: ``auto`` (the compiled core where it applies, else the general
    one), ``general`` or ``compiled`` (InputError where it does not apply)."""
    if isinstance(player, str):
        player = parse_player(player)
    check_settings(lookahead, time_limit)
    if core not in CORES:
        raise InputError(f"core: {core!r} is not one of {', '.join(CORES)}")
    if panel.to_panel().narrow:  # (its game is on vertices: two edges join the same two)
        raise InputError("panel: a pillar of 1 or 2 columns is not scored")
    compiled = core != "general" and applies(panel, player)
    if core == "compiled" and not compiled:
        raise InputError(f"core: the compiled core does not score {player.label} on this panel")
    if compiled:
        return compiled_scores(panel, player, lookahead, time_limit, memory_mb)
    return general_scores(panel, player, lookahead, time_limit)


@dataclass
class _Search:
    """sigma and Gamma of one player on one panel."""

    game: PanelGame
    rules: tuple[Rule, ...]
    clock: Clock

    def sigma(self, s: Line) -> list[Line]:
        """L(s): the moves the player's rules do not reject."""
        self.clock.tick()
        return [c for c in self.game.moves(s) if not any(rule(self.game, c) for rule in self.rules)]

    def gamma(self, s: Line) -> bool:
        return self.game.solved(s)

    def dead(self, s: Line) -> bool:
        return dead(self.game, s)


def general_scores(
    panel: Panel, player: Player, lookahead: int = 0, time_limit: float | None = None
) -> Difficulty:
    """:func:`score` on any panel, in Python.

    With the policy ``straight`` (the thesis's Algorithm 3) a state also
    scores 0 when a straight line from it solves the panel
    (:func:`~witness.difficulty.game.straight_line_solves`); with a
    lookahead, line 12 reads "Gamma(s, n) = 1 or pi(s) = 1" (the policy is
    checked at the recursion's states, not inside the lookahead's search)."""
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + time_limit
    game = PanelGame(panel)
    search = _Search(game, player.rules(game), Clock(deadline))
    sigma, gamma_n = with_lookahead(search.sigma, search.gamma, lookahead)
    straight = player.policy == "straight"

    def gamma(s: Line) -> bool:  # Algorithm 3, line 12
        return gamma_n(s) or (straight and straight_line_solves(game, s))

    try:
        scores = muse(game.starts(), sigma, gamma, dead=search.dead)
        solutions, mean = count_solutions(game, deadline)
    except TimeUp:
        seconds = time.perf_counter() - t0
        return Difficulty.unfinished(
            "timed_out", seconds, search.clock.states, player.label, lookahead
        )
    seconds = time.perf_counter() - t0
    return Difficulty(
        scores[0],
        scores[1],
        solutions,
        mean,
        "done",
        seconds,
        search.clock.states,
        player.label,
        lookahead,
    )
