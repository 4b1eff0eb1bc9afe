"""The whole Snakemake pipeline on a tiny configuration: every output exists and parses."""

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TINY = """
run: tiny
seed: 3
sets:
  train:   {method: random, count: 3, sizes: [[2, 2], [2, 3]]}
  filter1: {method: random, count: 4, sizes: [[2, 2], [3, 3]]}
  filter2: {method: random, count: 5, sizes: [[2, 2], [3, 3]]}
  filter3: {method: random, count: 6, sizes: [[2, 2], [3, 3]]}
  test:    {method: random, count: 16, sizes: [[2, 2], [4, 4]]}
large: {method: path, count: 2, sizes: [[5, 5]]}
bias: bias/paper.pl
learn: {engine: witness, mode: per_puzzle, pool_size: 2, timeout: 30, max_pos: 300,
        max_neg: 300, positives: blamed}
triage: {k1: 2, k2: 1, versions: [v1, v2], final_version: v1, time_limit: 10,
         rank_by: speedup_t, repeats: 2, group_size: 2}
test: {chunk: 10, time_limit: 30, memory_mb: 512}
large_eval: {time_limits_min: [0.001, 0.01], paper_expansions_per_min: 1100000,
             memory_mb: 512, chunk: 2, asp: true}
verify: {max_size: [2, 2]}
"""


def snakemake(work: Path, *extra: str) -> None:
    exe = Path(sys.executable).with_name("snakemake")
    proc = subprocess.run(
        [str(exe), "-s", str(ROOT / "Snakefile"), "--cores", "2", "--configfile", "tiny.yaml",
         "-q", *extra],
        cwd=work, capture_output=True, text=True, timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    work = tmp_path_factory.mktemp("pipeline")
    (work / "tiny.yaml").write_text(TINY)
    snakemake(work)
    return work / "results" / "tiny" / "paper"


def test_every_output_exists_and_parses(run):
    for name in ("report.md", "final/pi_star.pl", "final/pi_star.py", "final/pi_star.verify.json",
                 "test/per_puzzle.csv", "test/by_size.csv", "test/summary.json",
                 "large/solved.csv", "large/per_puzzle.csv",
                 "figures/figure4_speedup_by_size.png", "figures/figure4_speedup_by_size.svg",
                 "figures/figure5_large_solved.png", "figures/appendix_largest_speedup.png"):
        assert (run / name).stat().st_size > 0, name
    for v in ("v1", "v2"):
        for stage in (1, 2, 3):
            rows = list(csv.DictReader((run / f"triage/{v}/stage{stage}.csv").open()))
            assert sum(r["kept"] == "True" for r in rows) <= {1: 2, 2: 1, 3: 1}[stage]
    summary = json.loads((run / "test/summary.json").read_text())
    assert summary["puzzles"] == 16 and summary["speedup_E"] > 0
    verify = json.loads((run / "final/pi_star.verify.json").read_text())
    assert verify["status"] in ("proven", "bounded", "refuted", "unknown")
    for i in range(3):  # every learned program is verified, not only the winner
        verdict = json.loads((run / f"predicates/train_{i:05d}.verify.json").read_text())
        assert verdict["status"] in ("proven", "bounded", "refuted", "unknown", "empty")
    assert "`witness verify` on every learned program" in (run / "report.md").read_text()
    compile((run / "final/pi_star.py").read_text(), "pi_star.py", "exec")


def test_portfolio_runs_when_some_learned_predicate_is_unverified(run):
    choice = json.loads((run / "final/portfolio.json").read_text())
    verdicts = [json.loads(p.read_text())["status"]
                for p in (run / "predicates").glob("*.verify.json")]
    per = list(csv.DictReader((run / "test/per_puzzle.csv").open()))
    if any(v in ("bounded", "refuted", "unknown") for v in verdicts):
        assert choice["unverified_status"] in ("bounded", "refuted", "unknown")
        assert all(row["portfolio_status"] == "solved" for row in per)  # complete
    else:
        assert choice["unverified"] is None
        assert all(row["portfolio_status"] == "" for row in per)


def test_final_predicate_is_one_of_the_learned_ones(run):
    winner = (run / "final/pi_star.pl").read_text().splitlines()
    name = winner[0].rsplit("learned as ", 1)[1].strip()
    learned = (run / f"predicates/{name}.pl").read_text()
    assert "\n".join(winner[1:]).strip() == learned.strip()
    stage3 = list(csv.DictReader((run / "triage/v1/stage3.csv").open()))
    assert [r["predicate"] for r in stage3 if r["kept"] == "True"] == [name]


def test_per_bucket_table_agrees_with_per_puzzle_csv(run):
    per = list(csv.DictReader((run / "test/per_puzzle.csv").open()))
    assert len(per) == 16
    for row in csv.DictReader((run / "test/by_size.csv").open()):
        mine = [p for p in per if p["bucket"] == row["bucket"]]
        assert int(row["instances"]) == len(mine)
        base = sum(int(p["baseline_expansions"]) for p in mine)
        star = sum(int(p["pi_star_expansions"]) for p in mine)
        assert float(row["speedup_E"]) == pytest.approx(base / star)
        assert float(row["baseline_mean_expansions"]) == pytest.approx(base / len(mine))


def test_sets_are_disjoint(run):
    seen: dict[str, str] = {}
    for set_dir in sorted((run.parent / "sets").iterdir()):
        for f in set_dir.glob("*.json"):
            text = f.read_text()
            assert text not in seen, (f, seen.get(text))
            seen[text] = str(f)


def test_swapping_the_bias_writes_a_separate_run(run):
    before = {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()}
    sets = {p: p.stat().st_mtime_ns for p in (run.parent / "sets").rglob("*.json")}
    snakemake(run.parent.parent.parent, "--config", "bias=bias/unvisited.pl")
    other = run.parent / "unvisited"
    assert (other / "report.md").stat().st_size > 0
    assert "unvisited" in (other / "tasks" / "train_00000" / "bias.pl").read_text()
    # the first run's results and the shared puzzle sets are untouched
    assert {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()} == before
    assert {p: p.stat().st_mtime_ns for p in (run.parent / "sets").rglob("*.json")} == sets


def test_rank_by_expansions_orders_stages_by_speedup_e(run, tmp_path):
    from witness.triage import select_stage

    groups = sorted((run / "triage/v1/stage1").glob("group*.csv"))
    assert len(groups) == 2  # 3 candidates in groups of 2, each timed beside its own baseline
    rows = select_stage(groups, 2, tmp_path / "s.csv", rank_by="speedup_E")
    assert [r.speedup_E for r in rows] == sorted((r.speedup_E for r in rows), reverse=True)
    assert all(r.speedup_t_min <= r.speedup_t <= r.speedup_t_max for r in rows)
    with pytest.raises(ValueError, match="rank_by"):
        select_stage(groups, 2, tmp_path / "s.csv", rank_by="vibes")
