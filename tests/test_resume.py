"""After a killed run, the README's two steps resume it: a
kill leaves Snakemake's lock behind, so ``--rerun-incomplete`` alone is refused
until ``--unlock`` (with the same options) has run."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = """run: resume
sets:
  train:   {method: path, count: 2, sizes: [[2, 2]]}
  filter1: {method: path, count: 1, sizes: [[2, 2]]}
  filter2: {method: path, count: 1, sizes: [[2, 2]]}
  filter3: {method: path, count: 1, sizes: [[2, 2]]}
  test:    {method: path, count: 1, sizes: [[2, 2]]}
"""


def snakemake(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("snakemake")
    return subprocess.run(
        [
            str(exe),
            *args,
            "-s",
            str(ROOT / "Snakefile"),
            "--cores",
            "1",
            "--configfile",
            "tiny.yaml",
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_readme_resume_steps_get_past_a_killed_runs_lock(tmp_path):
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert (
        "run `snakemake --unlock` (same options) once, then the same command with "
        "`--rerun-incomplete`"
    ) in readme
    (tmp_path / "tiny.yaml").write_text(CONFIG)
    target = "results/resume/sets/train"
    # What a run killed while writing the train set leaves: its output lock.
    locks = tmp_path / ".snakemake" / "locks"
    locks.mkdir(parents=True)
    (locks / "0.output.lock").write_text(f"{target}\n")  # as Snakemake writes it
    (locks / "0.input.lock").write_text("")
    refused = snakemake(tmp_path, target, "--rerun-incomplete")
    assert refused.returncode != 0 and "--unlock" in refused.stderr, refused.stderr
    assert not (tmp_path / target).exists()
    assert snakemake(tmp_path, target, "--unlock").returncode == 0
    resumed = snakemake(tmp_path, target, "--rerun-incomplete")
    assert resumed.returncode == 0, resumed.stderr
    assert len(list((tmp_path / target).glob("*.json"))) == 2
