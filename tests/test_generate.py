"""Generators: Algorithm 3 (random triangles) and Algorithm 4 (from a random path)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from puzzles import enumerate_simple_paths, enumerate_solutions, is_solution

from profiles import examples
from witness.model.panel import Panel
from witness.model.puzzle import Puzzle, peripheral, square_edge_counts
from witness.search.generate import (
    GenerationError,
    distinct_set,
    generate_from_path,
    generate_random,
    generate_set,
    random_goal,
    random_puzzle_candidate,
    random_simple_path,
    write_set,
)


def brute_force_solvable(puzzle: Panel) -> bool:
    return next(iter(enumerate_solutions(puzzle)), None) is not None


def keys(puzzles: list[Panel]) -> list[str]:
    return [p.to_json() for p in puzzles]


def assert_well_formed(panel: Panel) -> Puzzle:
    """The panel's paper form, checked: it holds, round-trips, and is as section 5.1 says."""
    assert Panel.from_json(panel.to_json()) == panel
    p = Puzzle.from_panel(panel)  # validates
    assert p.to_panel() == panel
    assert p.start == (0, 0)
    assert p.goal != p.start and p.goal in peripheral(p.rows, p.cols)
    assert p.triangles, "both algorithms put triangles in at least one square"
    assert all(k in (1, 2, 3) for _, _, k in p.triangles)
    return p


small_sizes = st.tuples(st.integers(1, 6), st.integers(1, 6))


# ------------------------------------------------------------ Algorithm 4
@settings(max_examples=examples(150), deadline=None)
@given(size=small_sizes, seed=st.integers(0, 2**32))
def test_path_puzzle_is_solved_by_its_generating_path(size, seed):
    rows, cols = size
    panel, path = generate_from_path(rows, cols, random.Random(seed))
    puzzle = assert_well_formed(panel)
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert is_solution(puzzle, path)
    # Triangles sit only on squares the path touches, with the path's edge count.
    counts = square_edge_counts(rows, cols, path)
    for x, y, k in puzzle.triangles:
        assert counts[(x, y)] == k
    assert 1 <= len(puzzle.triangles) <= len(counts)


@settings(max_examples=examples(100), deadline=None)
@given(size=small_sizes, seed=st.integers(0, 2**32), data=st.data())
def test_random_simple_path_is_simple_and_ends_at_goal(size, seed, data):
    rows, cols = size
    rng = random.Random(seed)
    start = (data.draw(st.integers(0, cols)), data.draw(st.integers(0, rows)))
    goal = (data.draw(st.integers(0, cols)), data.draw(st.integers(0, rows)))
    path = random_simple_path(rows, cols, start, goal, rng)
    assert path[0] == start and path[-1] == goal
    assert len(set(path)) == len(path)
    steps = zip(path, path[1:], strict=False)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in steps)


def test_random_simple_path_samples_its_documented_distribution():
    # Oracle: the viable next steps after a prefix are exactly the next
    # vertices of the simple start-goal paths that extend it (brute force).
    puzzle = Puzzle(rows=2, cols=2, goal=(2, 1))
    all_paths = [tuple(p) for p in enumerate_simple_paths(puzzle)]

    def probability(path: tuple) -> float:
        factors = []
        for i in range(1, len(path)):
            nexts = {p[i] for p in all_paths if p[:i] == path[:i]}
            factors.append(1 / len(nexts))
        return prod(factors)

    expected = {p: probability(p) for p in all_paths}
    assert sum(expected.values()) == pytest.approx(1.0)  # every path can occur

    rng = random.Random(5)
    n = 6000
    seen = Counter(tuple(random_simple_path(2, 2, (0, 0), (2, 1), rng)) for _ in range(n))
    assert set(seen) == set(all_paths)
    for p, prob in expected.items():
        assert seen[p] / n == pytest.approx(prob, abs=0.02)


@pytest.mark.parametrize("n", [8, 12, 15])
def test_path_generation_handles_large_grids(n):
    puzzles = generate_set("path", [(n, n)], 2, seed=n)
    assert len(puzzles) == 2
    for p in puzzles:
        assert_well_formed(p)
        assert (p.rows, p.cols) == (n, n)
    rng = random.Random(n)
    puzzle, path = generate_from_path(n, n, rng)
    assert is_solution(puzzle, path)


# ------------------------------------------------------------ Algorithm 3
@settings(max_examples=examples(60), deadline=None)
@given(size=st.tuples(st.integers(1, 3), st.integers(1, 3)), seed=st.integers(0, 2**32))
def test_random_puzzle_is_solvable_and_in_range(size, seed):
    rows, cols = size
    puzzle = assert_well_formed(
        generate_random(rows, cols, random.Random(seed), brute_force_solvable)
    )
    assert brute_force_solvable(puzzle)
    assert 1 <= len(puzzle.triangles) <= max(1, rows * cols // 2)


def test_random_generator_rejects_unsolvable_draws():
    # Replaying the same random stream: the result is the first solvable
    # candidate, and the unsolvable ones before it were really drawn and dropped.
    rejected = 0
    for seed in range(40):
        rng = random.Random(seed)
        candidates = []
        while True:
            c = random_puzzle_candidate(3, 3, rng)
            candidates.append(c)
            if brute_force_solvable(c):
                break
        rejected += len(candidates) - 1
        assert generate_random(3, 3, random.Random(seed), brute_force_solvable) == candidates[-1]
    assert rejected > 0  # 3x3 with up to 4 triangle squares is often unsolvable


def test_random_candidates_cover_the_paper_ranges():
    rng = random.Random(0)
    cands = [Puzzle.from_panel(random_puzzle_candidate(4, 4, rng)) for _ in range(400)]
    assert {len(c.triangles) for c in cands} == set(range(1, 9))  # k ~ U{1..floor(16/2)}
    assert {k for c in cands for _, _, k in c.triangles} == {1, 2, 3}
    goals = {c.goal for c in cands}
    assert goals == set(peripheral(4, 4)) - {(0, 0)}


def test_random_goal_is_peripheral_and_not_start():
    rng = random.Random(1)
    for rows, cols in [(1, 1), (2, 3), (5, 5)]:
        goals = {random_goal(rows, cols, rng) for _ in range(500)}
        assert goals == set(peripheral(rows, cols)) - {(0, 0)}


def test_random_method_uses_baseline_search_by_default():
    from witness import search
    from witness.search.predicates import BASELINE

    puzzles = generate_set("random", [(2, 2), (3, 3)], 15, seed=4)
    for p in puzzles:
        assert_well_formed(p)
        assert brute_force_solvable(p)
        assert search.solve(p, BASELINE, mode="prune").solved


# ------------------------------------------------------------------- sets
@pytest.mark.parametrize("method", ["path", "random"])
def test_same_seed_same_set_and_different_seed_different_set(method):
    kwargs = {"is_solvable": brute_force_solvable}
    a = generate_set(method, [(2, 2), (3, 3)], 25, seed=11, **kwargs)
    b = generate_set(method, [(2, 2), (3, 3)], 25, seed=11, **kwargs)
    c = generate_set(method, [(2, 2), (3, 3)], 25, seed=12, **kwargs)
    assert keys(a) == keys(b)
    assert keys(a) != keys(c)
    for p in a:
        assert_well_formed(p)


@pytest.mark.parametrize("method", ["path", "random"])
def test_no_duplicates_within_a_set(method):
    # 2x2 has few distinct puzzles, so duplicates are drawn and must be redrawn.
    puzzles = generate_set(method, [(2, 2)], 60, seed=3, is_solvable=brute_force_solvable)
    assert len(set(keys(puzzles))) == 60


def test_exclude_makes_sets_disjoint():
    first = generate_set("path", [(2, 2)], 40, seed=7)
    again = generate_set("path", [(2, 2)], 40, seed=7)
    assert set(keys(first)) == set(keys(again))  # so only `exclude` can separate them
    second = generate_set("path", [(2, 2)], 40, seed=7, exclude=set(keys(first)))
    assert len(second) == 40
    assert not set(keys(first)) & set(keys(second))


def test_too_few_distinct_puzzles_is_an_error():
    with pytest.raises(GenerationError, match="too few distinct puzzles"):
        generate_set("path", [(1, 1)], 50, seed=0, max_duplicates=500)


def test_sizes_span_the_min_max_range():
    puzzles = generate_set("path", [(2, 5), (4, 2)], 300, seed=2)
    seen = Counter((p.rows, p.cols) for p in puzzles)
    assert set(seen) == {(r, c) for r in range(2, 5) for c in range(2, 6)}


def test_single_size_gives_only_that_size():
    assert {p.size for p in generate_set("path", [(3, 4)], 30, seed=1)} == {"3x4"}


@pytest.mark.parametrize(
    ("method", "sizes", "count"),
    [
        ("astar", [(2, 2)], 1),
        ("path", [], 1),
        ("path", [(0, 2)], 1),
        ("path", [(16, 2)], 1),
        ("path", [(2, 2)], -1),
    ],
)
def test_bad_arguments_are_input_errors(method, sizes, count):
    with pytest.raises(GenerationError):
        generate_set(method, sizes, count, seed=0)


# ---------------------------------------------------------------- writing
def test_write_set_names_files_in_generation_order(tmp_path):
    puzzles = generate_set("path", [(2, 3)], 12, seed=9)
    paths = write_set(puzzles, tmp_path / "out", prefix="train")
    assert [p.name for p in paths] == [f"train_{i:05d}.json" for i in range(12)]
    on_disk = sorted((tmp_path / "out").iterdir())
    assert on_disk == paths
    assert [Panel.load(p) for p in on_disk] == puzzles
    assert paths[0].read_text() == puzzles[0].to_json() + "\n"


def test_write_set_never_leaves_a_half_written_file(tmp_path, monkeypatch):
    from witness import io

    puzzles = generate_set("path", [(2, 2)], 5, seed=1)
    real_write = io.write_new
    calls = []

    def failing_write(path, data):
        calls.append(path)
        if len(calls) == 4:
            with open(path, "wb") as f:
                f.write(data[:15])  # a partial write, then the crash
            raise KeyboardInterrupt
        real_write(path, data)

    monkeypatch.setattr(io, "write_new", failing_write)
    with pytest.raises(KeyboardInterrupt):
        write_set(puzzles, tmp_path, prefix="p")
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["p_00000.json", "p_00001.json", "p_00002.json"]
    assert all(Puzzle.load(tmp_path / n) for n in names)


# sha256 of the sets' JSON, one puzzle a line, as commit 78b0fd8 made them (the
# last commit with the triangle family's own A* core, whose Algorithm 3 test
# decided the draws): Algorithms 3 and 4 give the paper's sets byte for byte.
SAME_SETS = [
    (
        ("random", [(2, 2), (5, 5)], 40, 2023),
        "38f884f26f61c208a9bead1b8be14f0dd523a25105fa375a31073afaac18502f",
    ),
    (
        ("path", [(2, 2), (8, 8)], 40, 7),
        "627c5380fc79387a3704a5d8406b34431d43a2f8c23e496a151c93a4d102a54a",
    ),
]


@pytest.mark.parametrize(("args", "digest"), SAME_SETS)
def test_a_seed_gives_the_same_set_as_before(args, digest):
    text = "\n".join(p.to_json() for p in generate_set(*args))
    assert hashlib.sha256(text.encode()).hexdigest() == digest


class _Bar:
    def __init__(self) -> None:
        self.kept, self.closed = 0, False

    def update(self) -> None:
        self.kept += 1

    def close(self) -> None:
        self.closed = True


def test_the_set_loop_keeps_distinct_panels_and_gives_up_on_duplicates() -> None:
    pool = [Panel(rows=1, cols=1, ends=((1, 1),)), Panel(rows=1, cols=1, ends=((1, 0),))]
    sizes: list[tuple[int, int]] = []

    def draw(rows: int, cols: int, rng: random.Random) -> Panel:
        sizes.append((rows, cols))
        return rng.choice(pool)

    bar = _Bar()
    kept = distinct_set(draw, (1, 1, 1, 1), 2, 0, None, 50, bar)
    assert sorted(p.to_json() for p in kept) == sorted(p.to_json() for p in pool)
    assert bar.kept == 2 and bar.closed and set(sizes) == {(1, 1)}
    bar = _Bar()
    with pytest.raises(GenerationError, match="50 duplicate puzzles in a row with 1 of 2"):
        distinct_set(draw, (1, 1, 1, 1), 2, 0, {pool[0].to_json()}, 50, bar)
    assert bar.kept == 1 and bar.closed  # the bar is closed before the error shows
