"""The side-by-side of the learners (witness.pipeline.synthesis): one row per
run, a table line per bias and learner; config/synthesis.yaml names every
learner, at least ten GP seeds and the four biases of the issue."""

from pathlib import Path

import yaml
from project_files import ROOT, SYNTHESIS_CONFIG
from test_learners import write_task

from witness.pipeline.synthesis import Job, run_job
from witness.pipeline.synthesis_table import runs_table


def test_a_run_is_one_row_and_the_table_one_line_per_learner(tmp_path):
    task = write_task(tmp_path / "tasks" / "task0", 2)
    config = {"timeout": 30, "settings": {"gp": {"population": 20, "generations": 3}}}
    rows = [
        run_job(Job("tiny", "tiny", task, learner, seed), config, tmp_path)
        for learner, seed in (("enumerate", 0), ("gp", 0), ("gp", 1), ("rules", 0))
    ]
    assert all(r["fp"] == 0 and Path(r["program"]).exists() for r in rows)
    # the fixture's predicates are no Witness features: the verifier refuses them
    assert {r["verdict"] for r in rows} <= {"error", "empty"}
    table = runs_table(rows).splitlines()
    assert len(table) == 2 + 3 and table[0].endswith("| speedup_E (median) |")
    assert table[3].startswith("| tiny | gp | 2 |")


def test_the_synthesis_config_covers_the_issue():
    config = yaml.safe_load(SYNTHESIS_CONFIG.read_text())
    assert config["learners"] == ["ilp", "enumerate", "gp", "rules"]
    assert len(set(config["gp_seeds"])) >= 10
    biases = {Path(e["bias"]).stem: bool(e.get("panels")) for e in config["experiments"]}
    assert biases == {"paper": False, "rich": False, "squares": True, "stars": True}
    assert all((ROOT / e["bias"]).exists() for e in config["experiments"])


def test_the_pipeline_report_names_a_learner_other_than_ilp():
    import pandas as pd

    from witness.pipeline.report import encoding_lines

    secs = pd.Series([1.0, 2.0])
    assert not any("learner" in line for line in encoding_lines({"positives": "all"}, secs))
    lines = encoding_lines({"positives": "all", "learner": "gp"}, secs)
    assert any(line.startswith("- learner: `gp`") for line in lines)


def test_clauses_not_proven_are_listed_once_per_bias_and_learner():
    from witness.pipeline.synthesis_table import not_proven_text

    clause = {"clause": "f(A,B) :- p(A,B).", "status": "refuted", "counterexample": ["c/x.json"]}
    run = {"experiment": "paper", "learner": "gp", "clauses": 0, "not_proven": [clause]}
    rows = [run, dict(run), {**run, "learner": "ilp", "not_proven": []}]
    text = not_proven_text(rows)
    assert "- paper, gp: `f(A,B) :- p(A,B).` refuted in 2 run(s); `c/x.json`" in text
    assert "ilp" not in text and not_proven_text(rows[2:]) == ""
