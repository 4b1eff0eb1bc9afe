"""The side-by-side of the learners (witness.pipeline.synthesis): one row per
run, a table line per bias and learner; config/synthesis.yaml names every
learner, at least ten GP seeds and the four biases of the issue."""

from pathlib import Path

import pytest
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


def row(**kw) -> dict:
    """A runs.json row with the keys the tables read."""
    base = {
        "experiment": "paper", "bias": "paper", "task": "task0", "learner": "gp", "seed": 0,
        "cpu_seconds": 1.0, "candidates": 10, "clauses": 1, "literals": 4, "rules_learned": 1,
        "one_clause_per_rule": True, "tp": 5, "fn": 5, "fp": 0, "tn": 10, "verdict": "proven",
    }  # fmt: skip
    return {**base, **kw}


def test_pi_star_is_the_run_of_best_verdict_then_training_recall_then_fewest_literals():
    from witness.pipeline.synthesis_table import pi_star

    runs = [
        row(seed=0, tp=5, fn=5, literals=3),
        row(seed=1, tp=8, fn=2, literals=9),
        row(seed=2, tp=8, fn=2, literals=6),
        row(seed=3, tp=8, fn=2, literals=6),
        row(seed=4, tp=0, fn=10, clauses=0, literals=0),
    ]
    assert pi_star(runs)["seed"] == 2  # recall 0.8, then 6 literals, then the first seed
    assert pi_star([runs[-1]]) is None  # a run without a clause is no pi*
    runs[2]["verdict"] = runs[3]["verdict"] = runs[1]["verdict"] = "refuted"
    assert pi_star(runs)["seed"] == 0  # a proven program first: a refuted one only sorts


def test_the_pi_star_table_reports_each_column_and_the_paper_after_the_paper_bias():
    from witness.paper import PAPER_TEST
    from witness.pipeline.synthesis_table import comparison_text, pi_star_table

    rows = [
        row(learner="ilp", heldout_tp=3, heldout_fn=1, heldout_fp=2, heldout_tn=9,
            us_per_call=0.5, speedup_E=6.5, speedup_t=5.25, slower=0.2, unsolved=0),
        row(learner="gp", rules_learned=3, one_clause_per_rule=False, verdict="refuted"),
        row(experiment="squares", bias="squares", learner="ilp", clauses=0, verdict="empty"),
    ]  # fmt: skip
    lines = pi_star_table(rows).splitlines()
    assert lines[2] == (
        "| paper | ilp | task0, 0 | 1 / 4 | yes (1 rule) | proven | 0.50 | 2 / 0.75 | "
        "6.50 | 5.25 | 0.20 | 0 |"
    )
    assert "| no (3 rules) | refuted |" in lines[3]
    assert lines[4].startswith("| paper | the paper (Table 3) |")
    assert f"| {PAPER_TEST['speedup_E']} | {PAPER_TEST['speedup_t']} |" in lines[4]
    assert lines[5].startswith("| squares | ilp | none | 0 / 0 |")
    text = comparison_text(rows, {"run": "r", "heldout": {"puzzles": 3}})
    assert "## Over runs" in text and "## pi* per learner" in text and "first 3 test" in text


def test_rules_learned_is_the_learners_own_rule_count():
    from witness.pipeline.synthesis import rules_learned

    assert rules_learned("gp", {"tree_clauses": 4}, 2) == 4
    assert rules_learned("rules", {"ripper_rules": 3}, 1) == 3
    assert rules_learned("ilp", {"candidates": 9}, 2) == 2


def test_the_synthesis_config_is_schema_valid_and_a_bad_key_is_named():

    from witness.errors import InputError
    from witness.pipeline.synthesis import validate_synthesis

    config = validate_synthesis(yaml.safe_load(SYNTHESIS_CONFIG.read_text()))
    assert config["heldout"]["puzzles"] >= 1 and config["cost"]["repeats"] >= 1
    bad = yaml.safe_load(SYNTHESIS_CONFIG.read_text())
    bad["experiments"][0]["taks"] = 2
    with pytest.raises(InputError, match=r"^experiments\.0: .*taks"):
        validate_synthesis(bad)
    bad = yaml.safe_load(SYNTHESIS_CONFIG.read_text())
    bad["learners"] = ["ilp", "popper"]
    with pytest.raises(InputError, match=r"^learners\.1: "):
        validate_synthesis(bad)


def test_heldout_scores_are_the_programs_counts_on_another_tasks_examples(tmp_path):
    from ilp import Tester, load_task
    from witness.learning.learners import learn_with
    from witness.pipeline.synthesis import heldout_scores

    program, _, _ = learn_with(write_task(tmp_path / "train", 3), "enumerate", timeout=30)
    held = write_task(tmp_path / "held", 4)
    got = heldout_scores(program.rules, held)
    files, bias = load_task(held)
    with Tester(files.bk, files.exs, bias) as tester:
        pos = neg = 0
        for rule in program.rules:
            pos |= tester.cover(rule, "pos").mask
            neg |= tester.cover(rule, "neg").mask
        n_pos, n_neg = tester.n_pos, tester.n_neg
    assert got["heldout_tp"] == pos.bit_count() and got["heldout_fp"] == neg.bit_count()
    assert got["heldout_tp"] + got["heldout_fn"] == n_pos
    assert got["heldout_fp"] + got["heldout_tn"] == n_neg
    assert heldout_scores([], held) == {
        "heldout_tp": 0, "heldout_fn": n_pos, "heldout_fp": 0, "heldout_tn": n_neg,
    }  # fmt: skip
    assert heldout_scores(program.rules, None) == {}


TINY_SYNTHESIS = {
    "run": "tiny", "seed": 7, "timeout": 8, "learners": ["ilp", "enumerate", "gp", "rules"],
    "gp_seeds": [0, 1],
    "settings": {"space": {"max_literals": 3}, "gp": {"population": 20, "generations": 3}},
    "examples": {"max_pos": 60, "max_neg": 60, "positives": "all"},
    "heldout": {"puzzles": 2, "max_pos": 50, "max_neg": 50},
    "cost": {"repeats": 3},
    "verify": {"max_size": [2, 3], "time_limit": 30},
    "test": {"time_limit": 5},
    "experiments": [{
        "name": "squares", "bias": str(ROOT / "bias" / "squares.pl"),
        "panels": {"types": ["squares"]},
        "train": {"method": "random", "sizes": [[3, 3], [3, 3]]},
        "test": {"method": "random", "count": 3, "sizes": [[3, 3], [3, 3]]},
    }],
}  # fmt: skip


@pytest.mark.slow
def test_the_side_by_side_writes_comparison_md_and_resumes(tmp_path):
    from witness.pipeline.synthesis import run_synthesis

    rows = run_synthesis(yaml.safe_load(yaml.safe_dump(TINY_SYNTHESIS)), tmp_path)
    assert [r["learner"] for r in rows] == ["ilp", "enumerate", "gp", "gp", "rules"]
    learned = [r for r in rows if r["clauses"]]
    assert learned and all(r["fp"] == 0 and "heldout_fp" in r for r in rows)
    assert all(r["us_per_call"] > 0 and "speedup_E" in r for r in learned)
    assert all(Path(r["program"]).with_suffix(".verify.json").exists() for r in learned)
    text = (tmp_path / "comparison.md").read_text()
    assert "## pi* per learner" in text and "| squares | ilp | task0, 0 |" in text
    done = sorted((tmp_path / "rows").glob("*/*.json"))
    assert len(done) == len(rows)
    stamps = [p.stat().st_mtime_ns for p in done]
    assert run_synthesis(yaml.safe_load(yaml.safe_dump(TINY_SYNTHESIS)), tmp_path) == rows
    assert [p.stat().st_mtime_ns for p in done] == stamps  # every job's row kept, none rerun


def test_heldout_examples_come_from_the_first_small_test_puzzles(tmp_path):
    import json

    from witness.pipeline.synthesis import Experiment, cost_sets, make_heldout
    from witness.search.generate import generate_set, write_set

    puzzles = generate_set("random", [(4, 5)], 1, 1) + generate_set("random", [(2, 3)], 2, 2)
    test = write_set(puzzles, tmp_path / "test", "test")
    exp = Experiment("paper", "paper", [], test)
    bias = str(ROOT / "bias" / "paper.pl")
    held = make_heldout(exp, bias, 7, tmp_path, {}, {"puzzles": 2, "max_squares": 16})
    index = json.loads((tmp_path / "heldout" / "index.json").read_text())
    assert [p["name"] for p in index["puzzles"]] == ["test_00001", "test_00002"]  # 4x5: 20 > 16
    sets = cost_sets(held)
    assert [panel.size for panel, _ in sets] == ["2x3", "2x3"]
    assert sum(len(paths) for _, paths in sets) == len(index["paths"])
    assert make_heldout(exp, bias, 7, tmp_path, {}, {"puzzles": 0}) == exp
