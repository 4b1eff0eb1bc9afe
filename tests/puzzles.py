"""Small random puzzles for tests (independent of witness.search.generate, so that
tests of other modules do not depend on the generators)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import pairwise

from hypothesis import strategies as st

from witness.model.base import Vertex
from witness.model.panel import Panel
from witness.model.puzzle import PathList, Puzzle, grid_neighbours, peripheral, square_edge_counts


def random_puzzle(
    rng: random.Random,
    max_rows: int = 3,
    max_cols: int = 3,
    min_side: int = 1,
    any_start: bool = False,
) -> Puzzle:
    """A puzzle that starts at (0, 0), or on any vertex with ``any_start``."""
    rows, cols = rng.randint(min_side, max_rows), rng.randint(min_side, max_cols)
    start = (0, 0)
    if any_start:
        start = (rng.randint(0, cols), rng.randint(0, rows))
    goal = rng.choice([v for v in peripheral(rows, cols) if v != start])
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


def neighbours(puzzle: Puzzle | Panel, v: Vertex) -> list[Vertex]:
    """The grid neighbours of ``v`` (the rectangle's, in DIRECTIONS order)."""
    return grid_neighbours(v, puzzle.rows, puzzle.cols)


def triangle_map(puzzle: Puzzle | Panel) -> dict[tuple[int, int], int]:
    """Square -> its number of triangles."""
    return {(t[0], t[1]): t[2] for t in puzzle.triangles}


def square_corners(s: tuple[int, int]) -> tuple[Vertex, Vertex, Vertex, Vertex]:
    """The square's corners, counter-clockwise from its lower left."""
    x, y = s
    return ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))


# The paper's Figure 1: one row of two squares, one and two triangles.
FIGURE1 = Puzzle(rows=1, cols=2, goal=(2, 1), triangles=((0, 0, 1), (1, 0, 2)))


def paper(puzzle: Puzzle | Panel) -> Puzzle:
    """The paper's form of a triangle puzzle (given as a panel or in that form)."""
    return Puzzle.from_panel(puzzle.to_panel())


def all_partial_paths(puzzle: Puzzle | Panel) -> list[list[tuple[int, int]]]:
    """Every simple path from the start that does not visit the goal (dead ends included)."""
    p = paper(puzzle)
    out, path = [], [p.start]

    def walk() -> None:
        out.append(list(path))
        for w in neighbours(p, path[-1]):
            if w not in path and w != p.goal:
                path.append(w)
                walk()
                path.pop()

    walk()
    return out


# ------------------------------------------ the triangle rules, brute force
def satisfies_constraints(puzzle: Puzzle | Panel, path: Sequence[Vertex]) -> bool:
    """Every triangle has as many sides on ``path`` as it counts."""
    puzzle = paper(puzzle)
    counts = square_edge_counts(puzzle.rows, puzzle.cols, path)
    return all(counts.get((x, y), 0) == k for x, y, k in puzzle.triangles)


def is_simple_path(puzzle: Puzzle, path: Sequence[Vertex]) -> bool:
    """A path from the start along grid edges that never repeats a vertex."""
    if not path or tuple(path[0]) != puzzle.start:
        return False
    verts = [tuple(v) for v in path]
    inside = all(0 <= x <= puzzle.cols and 0 <= y <= puzzle.rows for x, y in verts)
    if len(set(verts)) != len(verts) or not inside:
        return False
    return all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in pairwise(verts))


def is_solution(puzzle: Puzzle | Panel, path: Sequence[Vertex]) -> bool:
    """The triangle puzzle's rules by their definition: an oracle written apart
    from witness.model.rules, which the tests hold to it."""
    puzzle = paper(puzzle)
    return (
        is_simple_path(puzzle, path)
        and tuple(path[-1]) == puzzle.goal
        and satisfies_constraints(puzzle, path)
    )


def enumerate_simple_paths(puzzle: Puzzle | Panel) -> Iterable[PathList]:
    """Every simple path from start to goal (brute force; small grids only)."""
    puzzle = paper(puzzle)
    goal = puzzle.goal
    path: PathList = [puzzle.start]
    on_path = {puzzle.start}

    def extend() -> Iterable[PathList]:
        v = path[-1]
        for w in neighbours(puzzle, v):
            if w in on_path:
                continue
            path.append(w)
            if w == goal:
                yield list(path)
            else:
                on_path.add(w)
                yield from extend()
                on_path.discard(w)
            path.pop()

    yield from extend()


def enumerate_solutions(puzzle: Puzzle | Panel) -> Iterable[PathList]:
    """Every solution, by brute force over all simple start-goal paths."""
    puzzle = paper(puzzle)
    for p in enumerate_simple_paths(puzzle):
        if satisfies_constraints(puzzle, p):
            yield p
