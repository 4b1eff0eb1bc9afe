"""`witness generate` and `witness show` through the CLI entry point."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from puzzles import is_solution

from witness.cli import main
from witness.model.puzzle import Puzzle

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def generate(
    out: Path, *extra: str, method: str = "path", size: str = "3x3", count: int = 5, seed: int = 1
) -> int:
    return main(
        [
            "generate",
            "--method",
            method,
            "--size",
            size,
            "--count",
            str(count),
            "--seed",
            str(seed),
            "--out",
            str(out),
            *extra,
        ]
    )


def test_generate_writes_valid_files_reproducibly(tmp_path):
    assert generate(tmp_path / "a") == 0
    assert generate(tmp_path / "b") == 0
    files_a = sorted((tmp_path / "a").iterdir())
    files_b = sorted((tmp_path / "b").iterdir())
    assert [f.name for f in files_a] == [f"path_3x3_s1_{i:05d}.json" for i in range(5)]
    assert [f.name for f in files_b] == [f.name for f in files_a]
    for fa, fb in zip(files_a, files_b, strict=True):
        assert fa.read_bytes() == fb.read_bytes()
        p = Puzzle.load(fa)
        assert (p.rows, p.cols) == (3, 3)
    assert len({f.read_text() for f in files_a}) == 5


def test_generate_other_seed_gives_other_files(tmp_path):
    generate(tmp_path / "a", seed=1)
    generate(tmp_path / "b", seed=2)
    a = sorted(f.read_text() for f in (tmp_path / "a").iterdir())
    b = sorted(f.read_text() for f in (tmp_path / "b").iterdir())
    assert a != b


def test_generate_random_method_and_size_range(tmp_path):
    assert generate(tmp_path, method="random", size="2x2-3x4", count=20, seed=3) == 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 20 and files[0].name == "random_2x2-3x4_s3_00000.json"
    sizes = {(p.rows, p.cols) for p in map(Puzzle.load, files)}
    assert sizes <= {(r, c) for r in (2, 3) for c in (2, 3, 4)} and len(sizes) > 1


@pytest.mark.parametrize("size", ["3", "3x", "axb", "0x3", "3x3x3", "2x2-", "16x16"])
def test_bad_size_exits_2(tmp_path, capsys, size):
    assert generate(tmp_path / "out", size=size) == 2
    err = capsys.readouterr().err
    assert err.startswith("witness generate:") and len(err.strip().splitlines()) == 1
    assert not list(tmp_path.glob("out/*.json"))


def test_bad_count_exits_2(tmp_path):
    assert generate(tmp_path, count=-1) == 2


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_show_writes_the_requested_format(tmp_path, suffix):
    generate(tmp_path / "p", count=1)
    puzzle_file = next((tmp_path / "p").iterdir())
    out = tmp_path / f"pic{suffix}"
    assert main(["show", str(puzzle_file), "--out", str(out)]) == 0
    data = out.read_bytes()
    if suffix == ".png":
        assert data[:8] == PNG_MAGIC
    else:
        assert b"<svg" in data[:1000]


def test_show_with_path_inline_and_from_file(tmp_path):
    puzzle = Puzzle(rows=1, cols=2, goal=(2, 1), triangles=[(0, 0, 1), (1, 0, 2)])
    solution = [[0, 0], [1, 0], [2, 0], [2, 1]]
    assert is_solution(puzzle, solution)
    pfile = tmp_path / "fig1.json"
    puzzle.save(pfile)
    plain, inline, from_file = tmp_path / "plain.svg", tmp_path / "in.svg", tmp_path / "f.svg"
    assert main(["show", str(pfile), "--out", str(plain)]) == 0
    assert main(["show", str(pfile), "--path", json.dumps(solution), "--out", str(inline)]) == 0
    solve_output = tmp_path / "solve.json"  # `witness solve --json` output works too
    solve_output.write_text(json.dumps({"solved": True, "path": solution}))
    assert main(["show", str(pfile), "--path", str(solve_output), "--out", str(from_file)]) == 0
    assert inline.read_bytes() == from_file.read_bytes() != plain.read_bytes()
    assert (
        main(
            ["show", str(pfile), "--path", "[[0,0],[1,0]]", "--out", str(tmp_path / "partial.png")]
        )
        == 0
    )
    assert (tmp_path / "partial.png").read_bytes()[:8] == PNG_MAGIC


@pytest.mark.parametrize(
    "args",
    [
        ["--out", "x.jpg"],
        ["--path", "[[0,0],[2,0]]", "--out", "x.svg"],
        ["--path", "not json", "--out", "x.svg"],
    ],
)
def test_show_bad_input_exits_2(tmp_path, capsys, args):
    pfile = tmp_path / "p.json"
    Puzzle(rows=1, cols=2, goal=(2, 1)).save(pfile)
    args = [a if not a.startswith("x.") else str(tmp_path / a) for a in args]
    assert main(["show", str(pfile), *args]) == 2
    assert capsys.readouterr().err.startswith("witness show:")


def test_console_script(tmp_path):
    exe = shutil.which("witness", path=str(Path(sys.executable).parent))
    assert exe, "the `witness` console script is not installed next to this Python"
    run = subprocess.run(
        [
            exe,
            "generate",
            "--method",
            "path",
            "--size",
            "2x3",
            "--count",
            "3",
            "--seed",
            "5",
            "--out",
            str(tmp_path / "set"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    files = sorted((tmp_path / "set").iterdir())
    assert len(files) == 3
    out = tmp_path / "p.svg"
    run = subprocess.run(
        [exe, "show", str(files[0]), "--out", str(out)], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert b"<svg" in out.read_bytes()[:1000]
    bad = subprocess.run(
        [
            exe,
            "generate",
            "--method",
            "path",
            "--size",
            "big",
            "--count",
            "1",
            "--out",
            str(tmp_path / "bad"),
        ],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "size" in bad.stderr
