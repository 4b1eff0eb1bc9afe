"""benchmarks/project_wall_time.py: the cost of each stage from Snakemake's
benchmark files, and the projected wall time, with triage's stages in turn."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "project_wall_time.py"


def load_script():
    spec = importlib.util.spec_from_file_location("project_wall_time", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench(folder: Path, name: str, seconds: float, rss: float = 10) -> None:
    (folder / name).write_text(f"s\th:m:s\tmax_rss\n{seconds}\t0:00:00\t{rss}\n")


@pytest.fixture
def run(tmp_path):
    folder = tmp_path / "benchmarks"
    folder.mkdir()
    for i, s in enumerate((10, 30)):
        bench(folder, f"learn_train_{i:05d}.tsv", s)
    for v in ("v1", "v2"):
        bench(folder, f"triage_{v}_1_group0.tsv", 40)
        bench(folder, f"triage_{v}_1_group1.tsv", 20)
        bench(folder, f"triage_{v}_2_group0.tsv", 8)
        bench(folder, f"triage_{v}_3_group0.tsv", 6)
    bench(folder, "difficulty.tsv", 5, rss=99)
    return tmp_path


def test_each_triage_stage_waits_for_the_one_before(run):
    script = load_script()
    rows, wall = script.project(script.read_benchmarks(run), cores=100, scale={})
    by_stage = {r[0]: r for r in rows}
    assert [r[0] for r in rows] == ["learn", "triage1", "triage2", "triage3", "difficulty"]
    # with cores to spare, each stage lasts its longest job: 30 + 40 + 8 + 6 + 5
    assert wall == pytest.approx(89)
    assert by_stage["triage1"][1] == 4 and by_stage["difficulty"][4] == 99
    # on one core, the sum of every job
    assert script.project(script.read_benchmarks(run), 1, {})[1] == pytest.approx(193)
    # a scale for the rule scales each of its stages
    rows, _ = script.project(script.read_benchmarks(run), 1, {"triage": 2, "learn": 3})
    assert {r[0]: r[5] for r in rows} == {
        "learn": 3,
        "triage1": 2,
        "triage2": 2,
        "triage3": 2,
        "difficulty": 1,
    }


def test_the_script_prints_the_projection(run):
    out = subprocess.run(
        [sys.executable, str(SCRIPT), str(run), "--cores", "1"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "difficulty " in out and "difficulty.tsv" not in out
    assert out.strip().endswith("(193 s; stages in sequence, jobs of a stage spread evenly)")
