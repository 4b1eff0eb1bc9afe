"""benchmarks/retime_synthesis.py: a side-by-side run's programs timed again
on the run's own regenerated puzzles give the run's expansions (speedup_E),
a row that does not is marked, and an interrupted run goes on."""

import json
import sys
from pathlib import Path

import yaml
from project_files import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))

import retime_synthesis  # noqa: E402
from test_synthesis import TINY_SYNTHESIS  # noqa: E402

from witness.learning.program import read_program  # noqa: E402
from witness.pipeline.synthesis import (  # noqa: E402
    Experiment,
    make_heldout,
    program_timer,
    puzzle_sets,
    verdict,
)

TABLE3 = ROOT / "results" / "reference" / "paper" / "final" / "pi_star.pl"
CONFIG = {
    **TINY_SYNTHESIS,
    "heldout": {"puzzles": 1, "max_pos": 30, "max_neg": 30},
    "verify": {"max_size": [2, 2], "time_limit": 30},
    "experiments": [{
        "name": "paper", "bias": str(ROOT / "bias" / "paper.pl"),
        "train": {"method": "random", "sizes": [[2, 2], [3, 3]]},
        "test": {"method": "random", "count": 6, "sizes": [[2, 2], [3, 3]]},
        "tasks": 1, "pool": 1,
    }],
}  # fmt: skip
# a row as the side-by-side writes it, before its timings
ROW = {
    "experiment": "paper", "bias": "paper", "task": "task0", "learner": "ilp", "seed": 0,
    "cpu_seconds": 1.0, "candidates": 10, "clauses": 3, "literals": 19, "rules_learned": 3,
    "one_clause_per_rule": True, "tp": 9, "fn": 1, "fp": 0, "tn": 10, "heldout_tp": 5,
    "heldout_fn": 5, "heldout_fp": 0, "heldout_tn": 10, "timed_out": False,
    "verdict": "proven", "not_proven": [],
}  # fmt: skip


def a_run(folder: Path) -> list[dict]:
    """What the side-by-side would keep: Table 3 learned (its verify record
    beside it), measured on the experiment's sets; a run that learned nothing."""
    spec = CONFIG["experiments"][0]
    test = puzzle_sets(spec, CONFIG["seed"], folder / "paper")["test"]
    exp = make_heldout(
        Experiment("paper", "paper", [], test), spec["bias"], 7, folder / "paper",
        CONFIG["examples"], CONFIG["heldout"],
    )  # fmt: skip
    program = folder / "programs" / "paper_task0_ilp_0.pl"
    program.parent.mkdir(parents=True)
    program.write_text(TABLE3.read_text())
    assert verdict(program, read_program(program.read_text()), CONFIG["verify"])[0] == "proven"
    row = {**ROW, "program": "programs/paper_task0_ilp_0.pl"}
    learned = {**row, **program_timer(exp, CONFIG).measure(program)}
    wrong = {**learned, "program": "programs/paper_task0_ilp_1.pl", "seed": 1, "speedup_E": 0.5}
    # (as if a clause were refuted: its counterexample kept in the program's folder)
    example = folder / "programs" / "paper_task0_ilp_1" / "clause1_puzzle.json"
    example.parent.mkdir()
    example.write_text((folder / "paper" / "test" / "test_00000.json").read_text())
    kept = [str(example.relative_to(folder))]
    wrong["not_proven"] = [{"clause": "f(A,B).", "status": "refuted", "counterexample": kept}]
    (folder / "programs" / "paper_task0_ilp_1.pl").write_text(TABLE3.read_text())
    (folder / "programs" / "paper_task0_ilp_1.verify.json").write_text(
        program.with_suffix(".verify.json").read_text()
    )
    empty = {**ROW, "learner": "gp", "program": "programs/paper_task0_gp_0.pl", "clauses": 0}
    empty |= {"literals": 0, "tp": 0, "fn": 10, "verdict": "empty"}
    rows = [learned, wrong, empty]
    (folder / "runs.json").write_text(json.dumps(rows))
    return rows


def retime(tmp_path: Path) -> list[dict]:
    config = tmp_path / "config.yaml"
    config.write_text(yaml.safe_dump(CONFIG))
    argv = ["--config", str(config), "--run", str(tmp_path / "run"), "--out", str(tmp_path / "out")]
    retime_synthesis.main(argv)
    return json.loads((tmp_path / "out" / "runs.json").read_text())


def test_the_programs_are_timed_on_the_runs_own_puzzles(tmp_path):
    learned, wrong, empty = a_run(tmp_path / "run")
    rows = retime(tmp_path)
    run_sets, out_sets = tmp_path / "run" / "paper", tmp_path / "out" / "paper"
    for name in ("test", "heldout"):
        ours, theirs = (
            sorted(p.relative_to(top) for p in (top / name).rglob("*") if p.is_file())
            for top in (out_sets, run_sets)
        )
        assert ours == theirs
        same = [p for p in ours if p.name != "counts.json"]  # (it holds times and its folder)
        assert all((out_sets / p).read_bytes() == (run_sets / p).read_bytes() for p in same)
    # the files named from the folder the rows are written in
    assert [r["program"] for r in rows] == [
        f"../run/{r['program']}" for r in (learned, wrong, empty)
    ]
    assert (tmp_path / "out" / rows[0]["program"]).exists()
    assert rows[0]["speedup_E"] == learned["speedup_E"] and "speedup_E_run" not in rows[0]
    assert rows[0]["us_per_call"] > 0 and rows[0]["pruned"] == 6
    assert rows[1]["speedup_E"] == learned["speedup_E"] and rows[1]["speedup_E_run"] == 0.5
    assert rows[2] == {**empty, "program": "../run/programs/paper_task0_gp_0.pl"}
    cited = rows[1]["not_proven"][0]["counterexample"]
    assert cited == ["../run/programs/paper_task0_ilp_1/clause1_puzzle.json"]
    text = (tmp_path / "out" / "comparison.md").read_text()
    assert "## pi* per learner" in text and f"`{cited[0]}`" in text


def test_an_interrupted_run_keeps_the_rows_it_wrote(tmp_path):
    a_run(tmp_path / "run")
    first = retime(tmp_path)
    kept = tmp_path / "out" / "rows" / "paper_task0_ilp_0.json"
    stamp = kept.stat().st_mtime_ns
    (tmp_path / "out" / "rows" / "paper_task0_ilp_1.json").unlink()
    assert retime(tmp_path)[0] == first[0]
    assert kept.stat().st_mtime_ns == stamp  # not timed again
    assert (tmp_path / "out" / "rows" / "paper_task0_ilp_1.json").exists()
