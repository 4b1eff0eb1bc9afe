"""Each panel profile (config/dots.yaml, squares.yaml, stars.yaml, mixed.yaml) run
end to end by Snakemake at a tiny scale: panel sets, family examples, learning,
translation, triage, verification, test, large panels, difficulty and report."""

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

from witness.learning.translate import load_predicate
from witness.model.panel import Panel
from witness.search.panel_features import FAMILIES, reads_panel_features

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
TINY = """
sets:
  train:   {method: random, count: 2,  sizes: [[3, 3]]}
  filter1: {method: random, count: 3,  sizes: [[3, 3]]}
  filter2: {method: random, count: 3,  sizes: [[3, 3]]}
  filter3: {method: random, count: 3,  sizes: [[3, 3]]}
  test:    {method: random, count: 10, sizes: [[3, 3], [4, 4]]}
large: {method: path, count: 1, sizes: [[5, 5]]}
learn: {pool_size: 2, timeout: 120, max_pos: 300, max_neg: 300}
large_eval: {time_limits_min: [0.01], chunk: 1}
verify: {max_size: [2, 2]}
difficulty: {sample: 2, time_limit: 5}
"""


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_panel_profile_runs_end_to_end(family, tmp_path):
    (tmp_path / "tiny.yaml").write_text(TINY)
    exe = Path(sys.executable).with_name("snakemake")
    cmd = [str(exe), "-s", str(ROOT / "Snakefile"), "--cores", "2", "-q", "--configfile"]
    cmd += [str(ROOT / "config" / f"{family}.yaml"), str(tmp_path / "tiny.yaml")]
    proc = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    out = tmp_path / "results" / family / family
    kinds = {f"{k}s" for k in FAMILIES[family]}
    for f in (tmp_path / "results" / family / "sets" / "test").glob("*.json"):
        panel = Panel.load(f)  # every test panel holds only the family's symbols
        assert {k for k in ("dots", "squares", "stars") if getattr(panel, k)} <= kinds
    pi_star = load_predicate(str(out / "final" / "pi_star.pl"))
    assert pi_star.kind == "none" or reads_panel_features(pi_star)
    record = json.loads((out / "final" / "pi_star.verify.json").read_text())
    assert record["status"] in ("proven", "bounded", "refuted", "unknown")
    summary = json.loads((out / "test" / "summary.json").read_text())
    assert summary["puzzles"] == 10 and summary["speedup_E"] > 0
    with (out / "difficulty" / "scores.csv").open() as fh:
        rules = {r["rules"] for r in csv.DictReader(fh)}
    assert {"none", "hand"} <= rules
    report = (out / "report.md").read_text()
    assert "paper, triangle puzzles" in report and "pi*" in report
