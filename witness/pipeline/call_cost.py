"""A translated predicate's cost per call: microseconds per partial path.

The search core's kernel (the one ``witness predicate`` runs) evaluates the
predicate on a fixed list of partial paths, every square or object of the
puzzle on each path, with its features computed from the path. Its
arguments are prepared once and only the kernel call is timed, best of
``repeats``, after one call that loads the compiled kernel, so Python's
set-up is not counted. In A* the features are kept incrementally, so this
is an upper bound on a call's cost there; it ranks predicates by what they
read (a predicate reading reachability pays for the flood fill).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from witness.model.panel import Panel
from witness.model.puzzle import Puzzle, Vertex
from witness.search.predicates import Predicate


def kernel_call(
    puzzle: Puzzle | Panel, predicate: Predicate, paths: Sequence[Sequence[Vertex]]
) -> Callable[[], object]:
    """A function that runs the core's kernel once on ``paths`` (a triangle
    :class:`Puzzle`, or a :class:`Panel` for a program over panel features)."""
    lengths = np.array([len(p) for p in paths], np.int64)
    table = np.zeros((len(paths), max(lengths, default=1)), np.int64)
    if isinstance(puzzle, Panel):
        from witness.search.kernels.panel import panel_program_on_paths
        from witness.search.panel_geometry import build_panel_geometry
        from witness.search.panel_search import check_program, encode_program

        check_program(predicate)
        geo = build_panel_geometry(puzzle)
        program = encode_program(puzzle, predicate, geo)
        for i, p in enumerate(paths):
            table[i, : len(p)] = [v[1] * (puzzle.cols + 1) + v[0] for v in p]
        args = (
            geo.neighbour, geo.vpoint, geo.epoint, geo.ends, geo.symbols, geo.kind, geo.colour,
            geo.value, geo.n_colours, geo.dot_point, geo.dot_a, geo.dot_b, geo.width, geo.height,
            *program.arrays(), table, lengths,
        )  # fmt: skip
        return lambda: panel_program_on_paths(*args)
    from witness.search.kernels.triangle import predicate_values_on_paths
    from witness.search.triangle_geometry import build_geometry

    tri = build_geometry(puzzle)
    for i, p in enumerate(paths):
        table[i, : len(p)] = [puzzle.vertex_id((v[0], v[1])) for v in p]
    targs = (
        tri.corner_squares, tri.edge_squares, tri.neighbour, tri.square_corners, tri.triangles,
        tri.constrained, *predicate.encoded, table, lengths, tri.goal,
    )  # fmt: skip
    return lambda: predicate_values_on_paths(*targs)


def partial_paths(puzzle: Puzzle | Panel, paths: Sequence[Sequence[Vertex]]) -> list[list[Vertex]]:
    """The paths the kernel takes: on a triangle puzzle, those not at the goal."""
    vertices = [[(v[0], v[1]) for v in p] for p in paths]
    if isinstance(puzzle, Panel):
        return vertices
    return [p for p in vertices if p and p[-1] != puzzle.goal]


def microseconds_per_call(
    sets: Sequence[tuple[Puzzle | Panel, Sequence[Sequence[Vertex]]]],
    predicate: Predicate,
    repeats: int = 20,
) -> float | None:
    """Microseconds per partial path of ``predicate`` over ``sets`` (puzzle,
    its paths): each puzzle's best of ``repeats`` kernel calls, summed, over
    the number of paths; None without a path."""
    seconds, count = 0.0, 0
    for puzzle, paths in sets:
        paths = partial_paths(puzzle, paths)
        if not paths:
            continue
        run = kernel_call(puzzle, predicate, paths)
        run()  # loads the compiled kernel
        best = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            run()
            best = min(best, time.perf_counter() - t)
        seconds += best
        count += len(paths)
    return seconds / count * 1e6 if count else None
