"""Each learner other than the ILP engine through the whole pipeline at a tiny
scale (the stars profile): its programs are learned, translated, triaged,
verified, tested and reported as the engine's are."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_pipeline_panels import TINY

from witness.learning.translate import load_predicate

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("learner", ["enumerate", "gp", "rules"])
def test_a_learner_runs_through_the_pipeline(learner, tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY + f"learner: {learner}\n")
    exe = Path(sys.executable).with_name("snakemake")
    cmd = [str(exe), "-s", str(ROOT / "Snakefile"), "--cores", "2", "-q", "--configfile"]
    cmd += [str(ROOT / "config" / "stars.yaml"), str(tmp_path / "tiny.yaml")]
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = tmp_path / "results" / "stars" / "stars"
    found = (out / "predicates").glob("*.json")
    records = [json.loads(p.read_text()) for p in found if not p.name.endswith(".verify.json")]
    assert records and all(r["learner"] == learner and r.get("fp", 0) == 0 for r in records)
    load_predicate(str(out / "final" / "pi_star.pl"))
    summary = json.loads((out / "test" / "summary.json").read_text())
    assert summary["puzzles"] == 10
    assert f"- learner: `{learner}`" in (out / "report.md").read_text()
