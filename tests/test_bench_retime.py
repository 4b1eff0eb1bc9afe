"""benchmarks/retime_test_stage.py: a run's test stage timed again gives the
expansions the pipeline gives on the same sets, and goes on after an interruption."""

import csv
import json
import sys
from pathlib import Path

from project_files import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import retime_test_stage  # noqa: E402

from witness.pipeline.evaluate import Chunk  # noqa: E402
from witness.search.generate import read_set  # noqa: E402

TABLE3 = ROOT / "results" / "reference" / "paper" / "final" / "pi_star.pl"


def run(tmp_path: Path) -> dict:
    pi_star = tmp_path / "pi_star.pl"  # (no verify record beside it: made by the script)
    pi_star.write_text(TABLE3.read_text())
    argv = ["--config", str(ROOT / "config" / "tiny.yaml")]
    retime_test_stage.main([*argv, "--pi-star", str(pi_star), "--out", str(tmp_path / "out")])
    return json.loads((tmp_path / "out" / "summary.json").read_text())


def test_the_test_stage_is_timed_on_the_runs_own_sets(tmp_path):
    summary = run(tmp_path)
    sets = tmp_path / "out" / "sets"
    assert [f.name for f in sorted(sets.iterdir())] == sorted(
        ["train", "filter1", "filter2", "filter3", "test"]
    )
    test = [name for name, _ in read_set(sets / "test")]
    assert summary["puzzles"] == len(test) == 40
    made = tmp_path / "out" / "pi_star.verify.json"
    assert json.loads(made.read_text())["status"] == "proven"  # Table 3
    # the expansions are those of the pipeline's own chunk evaluation
    pi_star = str(tmp_path / "pi_star.pl")
    _, base, star = Chunk(str(sets / "test"), 0, 40, pi_star, str(made)).solve()
    with open(tmp_path / "out" / "per_puzzle.csv") as f:
        rows = list(csv.DictReader(f))
    assert [int(r["baseline_expansions"]) for r in rows] == [b.expansions for b in base]
    assert [int(r["pi_star_expansions"]) for r in rows] == [s.expansions for s in star]
    assert summary["speedup_E"] >= 1


def test_an_interrupted_run_keeps_what_it_wrote(tmp_path):
    run(tmp_path)
    chunk = tmp_path / "out" / "chunks" / "0.csv"
    stamp = chunk.stat().st_mtime_ns
    (tmp_path / "out" / "summary.json").unlink()
    assert run(tmp_path)["puzzles"] == 40
    assert chunk.stat().st_mtime_ns == stamp  # not solved again
