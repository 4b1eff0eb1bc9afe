"""Every partial path of a puzzle, labelled completable or not, in one DFS pass.

A *partial path* (paper, section 2.1) is a simple path that starts at the
start vertex and has not reached the goal; the trivial path ``[start]`` is
one. It is *completable* if it is a prefix of a solution. The search tree of
all simple paths from the start is walked once, depth first; a node is
completable iff some solution lies below it, so labels come from the children
on the way back up (no path is re-checked against a list of solutions).

The same pass also computes, for every partial path, the set of constrained
squares whose constraint *alone* can still be met by some completion (some
extension to the goal that uses exactly k of the square's edges). Its
complement is the set of squares "to blame" for the path:
:func:`witness.learning.examples` uses it to choose positive examples (see there for
why). Both facts are bitmask ORs over the goal-reaching leaves below a node:

- ``sat_mask(node)`` = OR over leaves below of {squares the full path satisfies}
- ``completable(node)`` = some leaf below satisfies all squares.

It also records whether the goal can still be reached at all (some leaf lies
below), i.e. whether the head still connects to the goal through unvisited
vertices. Paths that reach the goal are complete, not partial, and are not
recorded.
Cost: one visit per partial path (a 4x4 puzzle has up to about 8 x 10^4, a 4x5
about 9 x 10^5).
"""

from __future__ import annotations

from dataclasses import dataclass

from witness.errors import InputError
from witness.model.puzzle import Puzzle, Vertex

Square = tuple[int, int]

# Full enumeration is exponential in the grid size: refuse beyond this many
# partial paths instead of running out of memory (4x5 has about 10^6).
DEFAULT_MAX_PATHS = 5_000_000


class TooManyPaths(InputError):
    """The puzzle has more partial paths than the caller allowed (bad input: too large)."""


@dataclass(frozen=True)
class LabelledPath:
    """One partial path and its labels.

    ``blamed`` lists the constrained squares whose constraint no completion of
    the path can satisfy (empty when the path is completable);
    ``goal_reachable`` says whether any simple extension reaches the goal.
    """

    vertices: tuple[Vertex, ...]
    completable: bool
    blamed: tuple[Square, ...]
    goal_reachable: bool

    @property
    def n_edges(self) -> int:
        return len(self.vertices) - 1


@dataclass
class PathTree:
    """All partial paths of one puzzle as a DFS tree, in pre-order.

    Node ``i`` is the path ``path(i)``; ``parent[i]`` is its prefix one edge
    shorter (-1 for the root ``[start]``), ``vertex[i]`` its head's vertex id,
    ``depth[i]`` its number of edges. Bit ``j`` of a mask is
    ``squares[j]``, the puzzle's constrained squares in ``puzzle.triangles``
    order. Node ids are deterministic (neighbour order of ``puzzle.neighbours``).
    """

    puzzle: Puzzle
    squares: tuple[Square, ...]
    parent: list[int]
    vertex: list[int]
    depth: list[int]
    completable: bytearray
    sat_mask: list[int]
    goal_reachable: bytearray
    n_solutions: int

    def __len__(self) -> int:
        return len(self.parent)

    @property
    def n_objects(self) -> int:
        """How many squares the masks range over (examples.py's name for both kinds of tree)."""
        return len(self.squares)

    @property
    def full_mask(self) -> int:
        return (1 << len(self.squares)) - 1

    def path_ids(self, i: int) -> list[int]:
        """Vertex ids of path ``i``, start first."""
        out = []
        while i >= 0:
            out.append(self.vertex[i])
            i = self.parent[i]
        return out[::-1]

    def path(self, i: int) -> list[Vertex]:
        return [self.puzzle.vertex_at(v) for v in self.path_ids(i)]

    def blamed_mask(self, i: int) -> int:
        return self.full_mask & ~self.sat_mask[i]

    def blamed(self, i: int) -> tuple[Square, ...]:
        mask = self.blamed_mask(i)
        return tuple(s for j, s in enumerate(self.squares) if mask >> j & 1)

    def labelled(self, i: int) -> LabelledPath:
        return LabelledPath(
            tuple(self.path(i)),
            bool(self.completable[i]),
            self.blamed(i),
            bool(self.goal_reachable[i]),
        )


def _adjacency(
    puzzle: Puzzle, squares: tuple[Square, ...]
) -> list[list[tuple[int, tuple[int, ...]]]]:
    """Per vertex id: (neighbour id, indices in ``squares`` of the squares beside that edge)."""
    index = {s: j for j, s in enumerate(squares)}
    adj: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(puzzle.n_vertices)]
    for vid in range(puzzle.n_vertices):
        v = puzzle.vertex_at(vid)
        for w in puzzle.neighbours(v):
            touched = tuple(
                index[s] for s in puzzle.edge_squares(puzzle.edge_id(v, w)) if s in index
            )
            adj[vid].append((puzzle.vertex_id(w), touched))
    return adj


def build_path_tree(puzzle: Puzzle, max_paths: int | None = DEFAULT_MAX_PATHS) -> PathTree:
    """Enumerate and label every partial path of ``puzzle`` in one DFS pass."""
    squares = tuple((x, y) for x, y, _ in puzzle.triangles)
    want = [k for _, _, k in puzzle.triangles]
    full = (1 << len(squares)) - 1
    n_v = puzzle.n_vertices
    goal = puzzle.vertex_id(puzzle.goal)
    adj = _adjacency(puzzle, squares)

    parent: list[int] = []
    vertex: list[int] = []
    depth: list[int] = []
    completable = bytearray()
    sat_mask: list[int] = []
    reachable = bytearray()
    counts = [0] * len(squares)
    on_path = [False] * n_v
    limit = max_paths if max_paths is not None else -1
    n_solutions = 0
    # ``sat`` tracks which constraints the current path meets exactly, so a
    # goal leaf's mask is known without a scan over the squares.
    sat = sum(1 << j for j, k in enumerate(want) if k == 0)

    def add_edge(touched: tuple[int, ...], delta: int) -> None:
        """Add (delta 1) or remove (delta -1) an edge beside the ``touched`` squares."""
        nonlocal sat
        for j in touched:
            counts[j] += delta
            sat = sat | (1 << j) if counts[j] == want[j] else sat & ~(1 << j)

    def visit(vid: int, par: int, d: int) -> tuple[bool, int, bool]:
        """Record the partial path ending at ``vid``; return (completable, sat_mask,
        goal reachable)."""
        nonlocal n_solutions
        me = len(parent)
        if me == limit:
            raise TooManyPaths(
                f"puzzle {puzzle.size} has more than {max_paths} partial paths; "
                "full enumeration is meant for small puzzles (up to about 4x5)"
            )
        parent.append(par)
        vertex.append(vid)
        depth.append(d)
        completable.append(0)
        sat_mask.append(0)
        reachable.append(0)
        on_path[vid] = True
        ok, mask, reach = False, 0, False
        for wid, touched in adj[vid]:
            if on_path[wid]:
                continue
            add_edge(touched, 1)
            if wid == goal:
                leaf = sat
                if leaf == full:
                    n_solutions += 1
                    ok = True
                mask |= leaf
                reach = True
            else:
                child_ok, child_mask, child_reach = visit(wid, me, d + 1)
                ok = ok or child_ok
                mask |= child_mask
                reach = reach or child_reach
            add_edge(touched, -1)
        on_path[vid] = False
        completable[me] = ok
        sat_mask[me] = mask
        reachable[me] = reach
        return ok, mask, reach

    visit(puzzle.vertex_id(puzzle.start), -1, 0)
    return PathTree(
        puzzle, squares, parent, vertex, depth, completable, sat_mask, reachable, n_solutions
    )


def label_partial_paths(
    puzzle: Puzzle, max_paths: int | None = DEFAULT_MAX_PATHS
) -> list[LabelledPath]:
    """Every partial path of ``puzzle`` with its labels, in DFS pre-order.

    Materialises one object per path; for large puzzles use
    :func:`build_path_tree`, which keeps the same information in flat lists.
    """
    tree = build_path_tree(puzzle, max_paths)
    return [tree.labelled(i) for i in range(len(tree))]
