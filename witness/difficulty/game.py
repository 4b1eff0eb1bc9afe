"""A Witness panel as the thesis's puzzle {G, S_start, A, Gamma} (Chen 2023,
chapter 3): what a state, a move and a solved state are, the thesis's
hand-written inference rules (Appendix A) and its straight-line policy.
This is the one definition the difficulty scores read
(:mod:`witness.difficulty.muse`); the compiled triangle core
(:mod:`witness.difficulty.compiled`) implements the same game on
triangle-only panels and is tested to give the same scores.

- A state is the first line drawn so far (with symmetry, its mirror is drawn
  with it). A(s) steps from the head to a neighbour that neither line has
  visited, along an edge the panel has and no gap breaks (with symmetry, the
  mirror step must be legal too and the lines may not touch). The line stops
  when it reaches an end: there Gamma(s) is the rules checker's verdict
  (:func:`witness.model.rules.is_solution`) and A(s) is empty.
- A player's rule (:data:`Rule`) says that a line can no longer be completed;
  L(s) keeps a move unless one of the player's rules fires on the extended
  line (:mod:`witness.difficulty.player` makes rules of the hand rules below,
  of learned programs and of the paper's Table 3). Each hand rule is *sound*:
  when it fires, no completion of the line solves the panel (the argument is
  in its docstring, and tests/test_panel_difficulty.py checks it against a
  brute force). The thesis's "must take" actions are the same rules seen from
  the other side: a must-take move is one whose alternatives all leave a line
  some rule rejects.
- A state from which no solution can be reached (any hand rule fires:
  :func:`dead`) scores infinity without being expanded, whatever the player
  knows; this changes no score (every line below it ends unsolved) and is
  what makes Python fast enough for 4x4 panels.

Rules that read symbols (dots, squares, triangles) are not applied on panels
with cancellers: a canceller can remove any one of those errors.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from witness.model.base import Vertex, edge
from witness.model.panel import Panel, cell_edges
from witness.model.rules import is_solution

Rule = Callable[["PanelGame", "Line"], bool]


class TimeUp(Exception):
    """The time limit ran out inside the recursion."""


@dataclass
class Clock:
    """Counts the states a walk visits; :class:`TimeUp` once past ``deadline``
    (a ``time.perf_counter`` value), checked every 1000 states."""

    deadline: float | None
    states: int = 0

    def tick(self) -> None:
        self.states += 1
        if self.deadline is not None and self.states % 1000 == 0:
            if time.perf_counter() > self.deadline:
                raise TimeUp


@dataclass(frozen=True)
class Line:
    """A state: the first line's vertices (as indices) and every vertex either
    line has visited, as a bit mask."""

    path: tuple[int, ...]
    visited: int

    @property
    def head(self) -> int:
        return self.path[-1]


class PanelGame:
    """A panel as the thesis's puzzle {G, S_start, A, Gamma}, on vertex indices."""

    def __init__(self, panel: Panel) -> None:
        self.panel = panel
        self.vertex: list[Vertex] = list(panel.vertices())
        self.index = {v: i for i, v in enumerate(self.vertex)}
        self.steps = [[self.index[w] for w in panel.neighbours(v)] for v in self.vertex]
        self.ends = frozenset(self.index[v] for v in panel.ends)
        self.mirror = [self.index[panel.mirror(v)] for v in self.vertex] if panel.symmetry else None
        self._verdicts: dict[tuple[int, ...], bool] = {}
        blocked = panel.blocked
        # with symmetry the mirror step must exist too
        self.mirror_ok = (
            {
                (i, j)
                for i in range(len(self.vertex))
                for j in self.steps[i]
                if edge(self.vertex[self.mirror[i]], self.vertex[self.mirror[j]]) not in blocked
            }
            if self.mirror
            else None
        )

    # -------------------------------------------------------------- the game
    def starts(self) -> list[Line]:
        out = []
        for v in self.panel.starts:
            i = self.index[v]
            if self.mirror is None:
                out.append(Line((i,), 1 << i))
            elif self.mirror[i] != i:  # the two lines would meet at once
                out.append(Line((i,), (1 << i) | (1 << self.mirror[i])))
        return out

    def line(self, path: Sequence[Vertex]) -> Line:
        """The state of a line drawn so far along ``path`` (vertices from a
        start), its mirror image's vertices among the visited ones."""
        indices = tuple(self.index[tuple(v)] for v in path)
        visited = 0
        for i in indices:
            visited |= 1 << i if self.mirror is None else 1 << i | 1 << self.mirror[i]
        return Line(indices, visited)

    def moves(self, s: Line) -> Iterator[Line]:
        """A(s): the lines one step longer (none once the head is at an end)."""
        head = s.head
        if head in self.ends and len(s.path) > 1:
            return
        for j in self.steps[head]:
            if s.visited >> j & 1:
                continue
            if self.mirror is None:
                yield Line((*s.path, j), s.visited | 1 << j)
                continue
            m = self.mirror[j]
            if m == j or s.visited >> m & 1 or (head, j) not in self.mirror_ok:
                continue
            yield Line((*s.path, j), s.visited | 1 << j | 1 << m)

    def solved(self, s: Line) -> bool:
        """Gamma(s): the head is at an end and the rules checker accepts the line."""
        if len(s.path) < 2 or s.head not in self.ends:
            return False
        verdict = self._verdicts.get(s.path)
        if verdict is None:  # the checker is the costly part: once per line
            verdict = is_solution(self.panel, [self.vertex[i] for i in s.path])
            self._verdicts[s.path] = verdict
        return verdict

    # --------------------------------------------------- what rules read
    def free_or_head(self, s: Line, i: int) -> bool:
        return i == s.head or not (s.visited >> i & 1)

    def reachable(self, s: Line) -> int:
        """Bit mask of the vertices the head can still reach through unvisited ones."""
        seen = 1 << s.head
        todo = [s.head]
        while todo:
            i = todo.pop()
            for j in self.steps[i]:
                if not (seen >> j & 1) and not (s.visited >> j & 1):
                    seen |= 1 << j
                    todo.append(j)
        return seen

    def line_edges(self, s: Line) -> set[tuple[int, int]]:
        """Every edge either line covers, as sorted index pairs."""
        out = {tuple(sorted(p)) for p in zip(s.path, s.path[1:], strict=False)}
        if self.mirror is not None:
            out |= {tuple(sorted((self.mirror[a], self.mirror[b]))) for a, b in out}
        return out

    def usable(self, s: Line, a: int, b: int) -> bool:
        """Could a longer first line still step along edge (a, b)? Both ends must
        be free or the head (a visited vertex that is not the head has both its
        line edges already)."""
        return b in self.steps[a] and self.free_or_head(s, a) and self.free_or_head(s, b)

    def coverable(self, s: Line, a: int, b: int, covered: set) -> bool:
        """Is edge (a, b) on a line now, or could either line still cover it?"""
        if (min(a, b), max(a, b)) in covered or self.usable(s, a, b):
            return True
        if self.mirror is None:
            return False
        return self.usable(s, self.mirror[a], self.mirror[b])

    @cached_property
    def symbol_rules_apply(self) -> bool:
        return not self.panel.cancellers


# ------------------------------------------------------------ the rules
def end_cut_off(game: PanelGame, s: Line) -> bool:
    """Appendix A's closed-off box: no end is reachable from the head through
    vertices neither line has visited. Sound: the line can only grow through
    such vertices, and it must finish at an end."""
    if s.head in game.ends and len(s.path) > 1:
        return False
    reach = game.reachable(s)
    return not any(reach >> e & 1 for e in game.ends)


def dot_cut_off(game: PanelGame, s: Line) -> bool:
    """A dot on a vertex that neither line covers lies where the head can no
    longer go (nor, with symmetry, can its mirror). Sound: later vertices of
    the first line are reachable ones, and the mirror line's are their mirrors."""
    if not game.symbol_rules_apply:
        return False
    reach = None
    for d in game.panel.dots:
        if d.on_edge:
            continue
        i = game.index[d.at]
        if s.visited >> i & 1:
            continue
        reach = game.reachable(s) if reach is None else reach
        if reach >> i & 1:
            continue
        if game.mirror is not None and reach >> game.mirror[i] & 1:
            continue
        return True
    return False


def edge_dot_passed(game: PanelGame, s: Line) -> bool:
    """Appendix A's must-cross rule: a dot on an edge that no line covers and
    no line can still cover (an end of it is visited and not the head). Sound:
    a visited vertex other than the head already has all the line edges it
    will ever have."""
    if not game.symbol_rules_apply:
        return False
    covered = None
    for d in game.panel.dots:
        if not d.on_edge:
            continue
        covered = game.line_edges(s) if covered is None else covered
        a, b = (game.index[v] for v in d.at)
        if not game.coverable(s, a, b, covered):
            return True
    return False


def squares_joined(game: PanelGame, s: Line) -> bool:
    """Appendix A's must-separate rule: two neighbouring cells with squares of
    different colours whose shared edge no line covers or can still cover.
    Sound: cells that share an uncovered edge are in one region, and a region
    with squares of two colours is an error."""
    if not game.symbol_rules_apply or not game.panel.squares:
        return False
    colour = {(x, y): c for x, y, c in game.panel.squares}
    covered = game.line_edges(s)
    ix = game.index
    for (x, y), c in colour.items():
        for nx, ny, a, b in (
            (x + 1, y, (x + 1, y), (x + 1, y + 1)),
            (x, y + 1, (x, y + 1), (x + 1, y + 1)),
        ):
            other = colour.get((nx, ny))
            if other is not None and other != c and not game.coverable(s, ix[a], ix[b], covered):
                return True
    return False


def triangle_counts(game: PanelGame, s: Line) -> bool:
    """Appendix A's triangle rules: a cell with k triangles already has more
    than k of its sides on the lines, or fewer than k even with every side the
    lines could still cover. Sound: lines only grow, and a side is added only
    if it is coverable."""
    if not game.symbol_rules_apply or not game.panel.triangles:
        return False
    covered = game.line_edges(s)
    for x, y, k, _ in game.panel.triangles:
        sides = [(game.index[a], game.index[b]) for a, b in cell_edges((x, y))]
        on = sum((min(a, b), max(a, b)) in covered for a, b in sides)
        if on > k:
            return True
        if sum(game.coverable(s, a, b, covered) for a, b in sides) < k:
            return True
    return False


# The thesis's rules for dots, gaps (A(s) never crosses one), squares and
# triangles, by name, in the order they are tried.
HAND_RULES: dict[str, Rule] = {
    "end_cut_off": end_cut_off,
    "dot_cut_off": dot_cut_off,
    "edge_dot_passed": edge_dot_passed,
    "squares_joined": squares_joined,
    "triangle_counts": triangle_counts,
}
# The same rules as a program over the panel background knowledge (bk/panel.pl),
# proven by ``witness verify`` like a learned one; on every panel the features
# apply to it fires exactly when HAND_RULES do (tests/test_hand_rules.py).
HAND_PROGRAM = Path(__file__).with_name("hand_rules.pl")


# ------------------------------------------------ the straight-line policy
def straight_moves(dx: int, dy: int) -> list[tuple[tuple[int, int], ...]]:
    """The thesis's "straight lines" (section 3.5, Figure 3.3) from a head to a
    vertex ``(dx, dy)`` away, as unit steps: every horizontal step then every
    vertical one, the other way round, and the two staircases that alternate
    the directions from the first step until one runs out and go straight on
    (one line when ``dx`` or ``dy`` is 0; none when both are)."""
    h = ((1 if dx > 0 else -1, 0),) * abs(dx)
    v = ((0, 1 if dy > 0 else -1),) * abs(dy)

    def stair(first: tuple, second: tuple) -> tuple:
        k = min(len(first), len(second))
        return tuple(x for pair in zip(first[:k], second[:k], strict=True) for x in pair) + (
            first[k:] + second[k:]
        )

    lines = [h + v, v + h, stair(h, v), stair(v, h)]
    return [m for i, m in enumerate(lines) if m and m not in lines[:i]]


def straight_line_solves(game: PanelGame, s: Line) -> bool:
    """pi(s) of the thesis's Algorithm 3: does one of the straight lines
    (:func:`straight_moves`) from the head to an end, drawn as legal moves
    (no gap crossed, no vertex visited twice), solve the panel? The check
    reads no rule: it draws the line and asks the rules checker."""
    if s.head in game.ends and len(s.path) > 1:
        return False  # the line has stopped; Gamma(s) says whether it solves
    hx, hy = game.vertex[s.head]
    for end in game.ends:
        ex, ey = game.vertex[end]
        for steps in straight_moves(ex - hx, ey - hy):
            line: Line | None = s
            x, y = hx, hy
            for sx, sy in steps:
                x, y = x + sx, y + sy
                target = game.index.get((x, y))
                line = next((c for c in game.moves(line) if c.head == target), None)
                if line is None:
                    break
            if line is not None and game.solved(line):
                return True
    return False


POLICIES = ("none", "straight")


def dead(game: PanelGame, s: Line) -> bool:
    """No completion of ``s`` can solve the panel (some sound rule fires)."""
    if s.head in game.ends and len(s.path) > 1:
        return not game.solved(s)
    return any(rule(game, s) for rule in HAND_RULES.values())


# ------------------------------------------------------- the solutions
def count_solutions(game: PanelGame, deadline: float | None = None) -> tuple[int, float | None]:
    """(number of solutions, their mean length in moves), by a depth-first
    enumeration that skips lines no completion can solve; :class:`TimeUp` past
    ``deadline`` (a ``time.perf_counter`` value)."""
    count = total = 0
    clock = Clock(deadline)
    stack = [s for s in game.starts() if not dead(game, s) or s.head in game.ends]
    while stack:
        clock.tick()
        s = stack.pop()
        if game.solved(s):
            count += 1
            total += len(s.path) - 1
            continue
        stack.extend(c for c in game.moves(s) if not dead(game, c) or game.solved(c))
    return count, (total / count if count else None)
