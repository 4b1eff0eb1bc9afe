"""Puzzle generators: Algorithm 3 (random triangles) and Algorithm 4 (from a path).

Both follow section 5.1 of the paper. The start is always the bottom-left
vertex ``(0, 0)``; the goal is a uniformly random peripheral vertex other
than the start. Each gives a :class:`~witness.model.panel.Panel` with
triangles (made by the paper's constructor,
:class:`~witness.model.puzzle.Puzzle`, which checks its form).

- :func:`generate_random` (Algorithm 3): ``k ~ U{1..floor(mn/2)}`` squares
  picked uniformly without replacement, each gets ``U{1, 2, 3}`` triangles;
  the whole draw (goal included) is repeated until the baseline A* solves
  the puzzle.
- :func:`generate_from_path` (Algorithm 4): a random simple start-goal path
  (see :func:`random_simple_path` for its distribution), ``S'`` = squares
  with at least one edge on it, ``k ~ U{1..|S'|}`` squares of ``S'`` get
  their edge count on the path as triangle count, so the path is a
  solution by construction.

Sets (:func:`generate_set`) are reproducible: one ``random.Random(seed)``
drives every draw in a fixed order, so the same arguments give the same
puzzles in the same order. A set never holds the same puzzle twice, nor
any puzzle whose canonical JSON is in ``exclude`` (the pipeline passes the
union of earlier sets, which keeps train/filter/test sets disjoint). A
duplicate is simply redrawn, size included, exactly like a fresh draw; as
in the paper this makes small sizes (few distinct puzzles) rarer than a
uniform size draw would.
"""

from __future__ import annotations

import logging
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from witness.errors import InputError
from witness.io import make_folder, write_files
from witness.model.base import MAX_SIDE, Vertex
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle, grid_neighbours, peripheral, reachable, square_edge_counts

METHODS = ("random", "path")

# How many duplicate draws in a row make generate_set give up: a set asking
# for more puzzles than exist (e.g. 1000 distinct 1x2 puzzles) would
# otherwise loop forever.
MAX_CONSECUTIVE_DUPLICATES = 10_000
# Algorithm 3 must search every unsolvable candidate exhaustively:
# benchmarks/bench_random_check.py (docs/results.md) finds 5x5 (36 vertices,
# the paper's largest size) quick, and half of 6x6's candidates undecided at
# its memory cap. Grids above 5x5's vertex count are refused: Algorithm 4
# serves them.
MAX_RANDOM_VERTICES = 36
# Candidates Algorithm 3 may draw for one puzzle (about half are solvable at
# every size served; the bound turns a pathological setting into an error).
MAX_TRIES = 1000


class GenerationError(InputError):
    """The requested set cannot be generated (bad method, size or count, too few
    distinct puzzles). Messages start with the parameter's name (``sizes:``)."""


log = logging.getLogger(__name__)


# ------------------------------------------------------------------ helpers
def random_goal(rows: int, cols: int, rng: random.Random, start: Vertex = (0, 0)) -> Vertex:
    """A uniformly random peripheral vertex other than ``start``."""
    return rng.choice([v for v in peripheral(rows, cols) if v != start])


def random_simple_path(
    rows: int, cols: int, start: Vertex, goal: Vertex, rng: random.Random
) -> list[Vertex]:
    """A random simple path from ``start`` to ``goal`` on the vertex grid.

    A self-avoiding random walk with look-ahead: from the current vertex it
    steps to a neighbour chosen uniformly among those that are not on the
    path and from which ``goal`` can still be reached without revisiting a
    path vertex (checked by a flood fill). It stops on reaching ``goal``.

    The look-ahead means the walk never traps itself, so there is no
    backtracking and the cost is O(path length x vertices) flood-fill work
    (milliseconds on 15x15). The distribution is *not* uniform over simple
    paths: each path's probability is the product over its steps of
    1 / (number of viable neighbours at that step). Paths tend to be long
    and winding, since the walk only heads for the goal when forced to, and
    every simple start-goal path has positive probability.
    """
    path = [start]
    on_path = {start}
    v = start
    while v != goal:
        viable = [
            w
            for w in grid_neighbours(v, rows, cols)
            if w not in on_path and reachable(w, goal, on_path, rows, cols)
        ]
        # Never empty: goal was reachable from v avoiding the path, and the
        # first step of such a route is viable.
        v = rng.choice(viable)
        path.append(v)
        on_path.add(v)
    return path


def _max_triangle_squares(rows: int, cols: int) -> int:
    # floor(mn/2) as in the paper, but at least 1 so that 1x1 puzzles work.
    return max(1, rows * cols // 2)


# --------------------------------------------------------------- algorithms
SolvableFn = Callable[[Panel], bool]


class SetProgress(Protocol):
    """A progress bar over a set's panels (tqdm's, or generate_panels')."""

    def update(self) -> object: ...
    def close(self) -> object: ...


def baseline_solvable(puzzle: Panel) -> bool:
    """Algorithm 3's test (line 9): does A* with pi_baseline pruning find a solution?"""
    from witness.search.predicates import BASELINE
    from witness.search.solvers import solve  # imported late: the search core is heavy

    result = solve(puzzle, BASELINE, mode="prune")
    if result.status not in ("solved", "unsolvable"):  # the default 4 GB budget ran out
        log.warning(
            "Algorithm 3: candidate %s undecided (%s), rejected", puzzle.to_json(), result.status
        )
    return result.solved


def random_puzzle_candidate(rows: int, cols: int, rng: random.Random) -> Panel:
    """Lines 2-8 of Algorithm 3: one random puzzle, solvable or not."""
    goal = random_goal(rows, cols, rng)
    k = rng.randint(1, _max_triangle_squares(rows, cols))
    squares = [(x, y) for y in range(rows) for x in range(cols)]
    chosen = rng.sample(squares, k)
    triangles = [(x, y, rng.randint(1, 3)) for x, y in chosen]
    return Puzzle(rows=rows, cols=cols, goal=goal, triangles=triangles).to_panel()


def generate_random(
    rows: int,
    cols: int,
    rng: random.Random,
    is_solvable: SolvableFn | None = None,
    max_tries: int = MAX_TRIES,
) -> Panel:
    """Algorithm 3: draw random puzzles until one is solvable.

    ``is_solvable`` defaults to the baseline A* (:func:`baseline_solvable`),
    as in the paper; tests pass a brute-force oracle instead. The check has
    no time limit (an unsolvable candidate must be searched exhaustively),
    so grids above :data:`MAX_RANDOM_VERTICES` vertices are refused (see
    there); use Algorithm 4 for larger puzzles. After ``max_tries``
    unsolvable candidates in a row it raises :class:`GenerationError`.
    """
    check_random_size(rows, cols)
    check = is_solvable or baseline_solvable
    for _ in range(max_tries):
        puzzle = random_puzzle_candidate(rows, cols, rng)
        if check(puzzle):
            return puzzle
    raise GenerationError(
        f"max_tries: none of {max_tries} random {rows}x{cols} candidates was solvable"
    )


def check_random_size(rows: int, cols: int) -> None:
    """Refuse a size Algorithm 3 cannot serve (:data:`MAX_RANDOM_VERTICES`)."""
    if (rows + 1) * (cols + 1) > MAX_RANDOM_VERTICES:
        raise GenerationError(
            f"sizes: {rows}x{cols} is too large for method random (Algorithm 3 searches "
            f"unsolvable candidates exhaustively; it serves grids of up to "
            f"{MAX_RANDOM_VERTICES} vertices, such as 5x5, 3x8 or 2x11): use method path "
            "(Algorithm 4) for larger puzzles"
        )


def generate_from_path(rows: int, cols: int, rng: random.Random) -> tuple[Panel, list[Vertex]]:
    """Algorithm 4: a puzzle and the random path it was read off (a solution)."""
    start = (0, 0)
    goal = random_goal(rows, cols, rng, start)
    path = random_simple_path(rows, cols, start, goal, rng)
    counts = square_edge_counts(rows, cols, path)
    touched = sorted(counts)  # S', in a fixed order so sampling is reproducible
    k = rng.randint(1, len(touched))
    chosen = rng.sample(touched, k)
    triangles = [(x, y, counts[(x, y)]) for x, y in chosen]
    return Puzzle(rows=rows, cols=cols, goal=goal, triangles=triangles).to_panel(), path


# --------------------------------------------------------------------- sets
def size_bounds(sizes: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    """(min_rows, max_rows, min_cols, max_cols) spanned by ``sizes``."""
    if not sizes:
        raise GenerationError("sizes: need at least one (rows, cols)")
    for r, c in sizes:
        if not (1 <= r <= MAX_SIDE and 1 <= c <= MAX_SIDE):
            raise GenerationError(f"sizes: {r}x{c} is outside 1x1..{MAX_SIDE}x{MAX_SIDE}")
    rows = [r for r, _ in sizes]
    cols = [c for _, c in sizes]
    return min(rows), max(rows), min(cols), max(cols)


def check_set_spec(
    method: str, sizes: Sequence[tuple[int, int]], count: int
) -> tuple[int, int, int, int]:
    """A :class:`GenerationError` (naming ``method``, ``sizes`` or ``count``)
    unless :func:`generate_set` can serve this set; else :func:`size_bounds`.
    The pipeline calls it on its config before any job runs."""
    if method not in METHODS:
        raise GenerationError(f"method: expected one of {', '.join(METHODS)}, got {method!r}")
    if count < 0:
        raise GenerationError(f"count: expected >= 0, got {count}")
    bounds = size_bounds(sizes)
    if method == "random":
        check_random_size(bounds[1], bounds[3])
    return bounds


def generate_set(
    method: str,
    sizes: Sequence[tuple[int, int]],
    count: int,
    seed: int,
    progress: bool = False,
    exclude: set[str] | None = None,
    is_solvable: SolvableFn | None = None,
    max_tries: int = MAX_TRIES,
    max_duplicates: int = MAX_CONSECUTIVE_DUPLICATES,
) -> list[Panel]:
    """``count`` distinct puzzles made by ``method`` ("random" or "path").

    Sizes: ``sizes`` is a list of ``(rows, cols)`` whose bounding range is
    sampled as in section 5.2 of the paper: for every puzzle, rows ~
    U{min rows..max rows} and cols ~ U{min cols..max cols}, independently.
    So ``[(4, 4)]`` gives only 4x4 puzzles and ``[(2, 2), (5, 5)]`` gives
    the paper's "sizes between 2x2 and 5x5" (3x5 and 5x3 both occur).

    ``exclude`` holds canonical JSON (:meth:`Panel.to_json`) of puzzles
    the set must not contain. ``is_solvable`` overrides Algorithm 3's
    solvability test (default: baseline A*), ``max_tries`` bounds its draws
    per puzzle. Raises :class:`GenerationError` when distinct puzzles run
    out (``max_duplicates`` drawn in a row), and at once for sizes Algorithm 3 cannot serve.
    """
    bounds = check_set_spec(method, sizes, count)
    if max_tries < 1:
        raise GenerationError(f"max_tries: expected >= 1, got {max_tries}")
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=count, desc=f"generate {method}", unit="puzzle", file=sys.stderr)

    def draw(rows: int, cols: int, rng: random.Random) -> Panel:
        if method == "random":
            return generate_random(rows, cols, rng, is_solvable, max_tries)
        return generate_from_path(rows, cols, rng)[0]

    return distinct_set(draw, bounds, count, seed, exclude, max_duplicates, bar)


def distinct_set(
    draw: Callable[[int, int, random.Random], Panel],
    bounds: tuple[int, int, int, int],
    count: int,
    seed: int,
    exclude: set[str] | None,
    max_duplicates: int,
    bar: SetProgress | None = None,
) -> list[Panel]:
    """``count`` distinct panels, each drawn by ``draw(rows, cols, rng)`` at a
    size drawn first (rows then columns, uniformly within ``bounds``, as
    :func:`size_bounds` gives them), none of whose JSON is in ``exclude``;
    ``bar`` is told of each panel kept and closed at the end. The set-level
    loop of both generators: the same seed gives the same panels in the same
    order. A :class:`GenerationError` once ``max_duplicates`` draws in a row
    were duplicates."""
    min_r, max_r, min_c, max_c = bounds
    rng = random.Random(seed)
    seen = set(exclude or ())
    panels: list[Panel] = []
    duplicates = 0
    try:
        while len(panels) < count:
            rows = rng.randint(min_r, max_r)
            cols = rng.randint(min_c, max_c)
            panel = draw(rows, cols, rng)
            key = panel.to_json()
            if key in seen:
                duplicates += 1
                if duplicates >= max_duplicates:
                    raise GenerationError(
                        f"gave up after {duplicates} duplicate puzzles in a row with "
                        f"{len(panels)} of {count} generated: sizes "
                        f"{min_r}x{min_c}..{max_r}x{max_c} have too few distinct puzzles"
                    )
                continue
            duplicates = 0
            seen.add(key)
            panels.append(panel)
            if bar is not None:
                bar.update()
    finally:  # its line ends before an error is printed
        if bar is not None:
            bar.close()
    return panels


def write_set(puzzles: Sequence[Panel], out_dir: Path, prefix: str) -> list[Path]:
    """Write one JSON file per puzzle, ``{prefix}_{index:05d}.json``, each atomically.

    Files with other names are left alone, and so is a file of the same name
    with other content (an :class:`~witness.io.OutputError` before anything is
    written): rewriting a set with the same arguments is the only overwrite.
    """
    out_dir = make_folder(out_dir)
    return write_files(
        {out_dir / f"{prefix}_{i:05d}.json": p.to_json() + "\n" for i, p in enumerate(puzzles)}
    )


# ------------------------------------------------------------ named sets
def read_set(set_dir: str | Path) -> list[tuple[str, Panel]]:
    """The ``(name, panel)`` pairs of a set folder, in file-name order."""
    files = sorted(Path(set_dir).glob("*.json"))
    return [(f.stem, Panel.load(f)) for f in files]


def read_chunk(set_dir: str | Path, chunk: int, chunk_size: int) -> list[tuple[str, Panel]]:
    """Puzzles ``chunk * chunk_size`` up to the next chunk of a set (pipeline jobs)."""
    return read_set(set_dir)[chunk * chunk_size : (chunk + 1) * chunk_size]


def set_seed(seed: int, name: str) -> int:
    """A per-set seed: sets of one run differ, and stay the same when others change."""
    return seed * 1_000_003 + sum((i + 1) * ord(ch) for i, ch in enumerate(name))


def write_named_set(
    out_dir: str | Path,
    name: str,
    method: str,
    sizes: Sequence[tuple[int, int]],
    count: int,
    seed: int,
    exclude_dirs: Sequence[str | Path] = (),
    progress: bool = True,
    generator: Callable[..., Sequence[Panel]] | None = None,
) -> list[Path]:
    """Generate the set ``name`` (files ``{name}_NNNNN.json``), disjoint from the
    puzzles in ``exclude_dirs``: the pipeline's train/filter/test sets.
    ``generator`` takes ``(method, sizes, count, seed, progress=, exclude=)``
    like :func:`generate_set` (the default: triangle puzzles); panels of other
    types come from :func:`witness.search.generate_panels.panel_set_generator`."""
    exclude = {p.to_json() for d in exclude_dirs for _, p in read_set(d)}
    make = generator or generate_set
    puzzles = make(
        method,
        [tuple(s) for s in sizes],
        count,
        set_seed(seed, name),
        progress=progress,
        exclude=exclude,
    )
    return write_set(puzzles, Path(out_dir), prefix=name)
