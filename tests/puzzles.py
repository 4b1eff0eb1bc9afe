"""Small random puzzles for tests (independent of witness.search.generate, so that
tests of other modules do not depend on the generators)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from witness.model.puzzle import Puzzle


def random_puzzle(
    rng: random.Random,
    max_rows: int = 3,
    max_cols: int = 3,
    min_side: int = 1,
    any_start: bool = False,
) -> Puzzle:
    """A puzzle that starts at (0, 0), or on any vertex with ``any_start``."""
    rows, cols = rng.randint(min_side, max_rows), rng.randint(min_side, max_cols)
    probe = Puzzle(rows=rows, cols=cols, goal=(cols, rows))
    start = (0, 0)
    if any_start:
        start = (rng.randint(0, cols), rng.randint(0, rows))
    goal = rng.choice([v for v in probe.peripheral_vertices() if v != start])
    squares = [(x, y) for y in range(rows) for x in range(cols)]
    chosen = rng.sample(squares, rng.randint(0, len(squares)))
    return Puzzle(
        rows=rows,
        cols=cols,
        start=start,
        goal=goal,
        triangles=tuple((x, y, rng.randint(1, 3)) for x, y in chosen),
    )


def seeded_puzzles(n: int, seed: int = 0, **kwargs) -> list[Puzzle]:
    rng = random.Random(seed)
    return [random_puzzle(rng, **kwargs) for _ in range(n)]


@st.composite
def puzzles(draw, max_rows: int = 3, max_cols: int = 3, any_start: bool = False) -> Puzzle:
    """Hypothesis strategy: any valid puzzle up to max_rows x max_cols (starting
    at (0, 0) unless ``any_start``)."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return random_puzzle(rng, max_rows, max_cols, any_start=any_start)


# The paper's Figure 1: one row of two squares, one and two triangles.
FIGURE1 = Puzzle(rows=1, cols=2, goal=(2, 1), triangles=((0, 0, 1), (1, 0, 2)))


def all_partial_paths(p: Puzzle) -> list[list[tuple[int, int]]]:
    """Every simple path from the start that does not visit the goal (dead ends included)."""
    out, path = [], [p.start]

    def walk() -> None:
        out.append(list(path))
        for w in p.neighbours(path[-1]):
            if w not in path and w != p.goal:
                path.append(w)
                walk()
                path.pop()

    walk()
    return out
