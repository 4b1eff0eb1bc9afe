"""The largest panels (15x15, above the community engine's own limit of 10x10,
engine/puzzle.js getSizeError) stop cleanly at their budgets: clingo, whose
grounding cannot be stopped and is left running in a thread, and A*."""

import random
import subprocess
import sys

import pytest

from witness.model.base import MAX_SIDE
from witness.model.panel import Panel
from witness.search.solvers import solve


def crowded(n: int = MAX_SIDE, seed: int = 3) -> Panel:
    """An n x n panel of 60 squares and 40 stars drawn at random."""
    rng = random.Random(seed)
    cells = [(x, y) for x in range(n) for y in range(n)]
    rng.shuffle(cells)
    squares = tuple((x, y, rng.choice(["black", "white"])) for x, y in cells[:60])
    stars = tuple((x, y, rng.choice(["red", "blue"])) for x, y in cells[60:100])
    return Panel(rows=n, cols=n, ends=((n, n),), squares=squares, stars=stars)


@pytest.mark.slow
@pytest.mark.parametrize("count", [False, True])
def test_clingo_stopped_in_its_grounding_ends_the_program_cleanly(tmp_path, count):
    # the interpreter's exit crashed (status 139) while the grounding thread ran
    path = tmp_path / "big.json"
    path.write_text(crowded().to_json())
    options = ["--count"] if count else []
    done = subprocess.run(
        [sys.executable, "-m", "witness.cli", "solve", *options, "--solver", "asp"]
        + ["--time-limit", "0.2", "--json", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert '"timed_out": true' in done.stdout


def test_astar_stops_at_its_budget_on_the_largest_panel():
    result = solve(crowded(), "baseline", max_expansions=2000)
    assert result.status == "expansion_budget" and not result.solved
