"""The ILP engine (its own package, ilp/) as this project uses it: the project's
bias files, the pipeline's learning job and ``witness learn``, the ilp
command's alias with the program header and ``--out``."""

import itertools
import json
import shutil
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from ilp import BKError
from ilp.bias import parse_bias, read_bias
from ilp.generate import Generator
from ilp.rules import Rule, parse_program
from witness.cli import main
from witness.paper import TABLE3_PROLOG
from witness.pipeline.workflow import learn_step, logged

REPO = Path(__file__).resolve().parents[1]
TASKS = REPO / "ilp" / "tests" / "tasks"
# Popper's way to forbid singleton variables, as the project's bias/*.pl say it
NO_SINGLETONS = (
    ":- body_var(C,V), not head_var(C,V), "
    "#count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1."
)


def test_paper_bias():
    b = read_bias(REPO / "bias" / "paper.pl")
    assert (b.head.name, b.head.arity, b.head.types, b.head.directions) == (
        "f",
        2,
        ("path", "square"),
        ("in", "in"),
    )
    assert (b.max_vars, b.max_body, b.max_clauses) == (7, 6, 3)
    names = [p.name for p in b.body]
    assert names == sorted(names) and len(names) == 11
    square = next(p for p in b.body if p.name == "square")
    assert square.types == ("square", "int", "list")
    assert square.inputs == (0,) and square.outputs == (1, 2)
    one = next(p for p in b.body if p.name == "one")
    assert one.types == ("int",) and one.directions == ("in",)  # the (int,) 1-tuple
    assert b.directions["f"] == ("in", "in")


@pytest.mark.parametrize("name", ["paper", "unvisited", "reach", "rich"])
def test_project_biases_forbid_singletons(name):
    text = (REPO / "bias" / f"{name}.pl").read_text()
    assert NO_SINGLETONS.strip() in text
    gen = Generator(parse_bias(text))
    for rule in itertools.chain(gen.rules(1), gen.rules(2), gen.rules(3)):
        counts = Counter(v for lit in rule.body for v in lit.args)
        assert all(counts[v] >= 2 for v in rule.body_only_vars()), rule


def test_paper_bias_contains_table3_once():
    bias = read_bias(REPO / "bias" / "paper.pl")
    gen = Generator(bias)
    for rule in parse_program(TABLE3_PROLOG):
        assert gen.in_space(rule)
        broken = Rule(rule.head, rule.body[1:])  # drops a literal: unsafe or singleton
        assert not gen.in_space(broken)
    assert not gen.in_space(parse_program("f(A,B) :- one(A).")[0])  # A is a path, not an int


def test_pipeline_learning_stops_on_broken_bk_but_records_other_failures(tmp_path):
    """One failed task is recorded (the pipeline goes on); broken BK, which every
    task shares, stops the learn job with the BK's error instead of letting
    every run fail and triage end with nothing to rank."""
    bad_exs = tmp_path / "no_pos"
    shutil.copytree(TASKS / "grandparent", bad_exs)
    (bad_exs / "exs.pl").write_text("neg(grandparent(ann,bob)).\n")
    record = learn_step(
        str(bad_exs), str(tmp_path / "a.pl"), str(tmp_path / "a.json"), 60, "witness"
    )
    assert record["status"] == "failed" and "no positive example" in record["error"]

    broken = tmp_path / "broken"
    shutil.copytree(TASKS / "grandparent", broken)
    with (broken / "bk.pl").open("a") as f:
        f.write(":- discontiguous parent/2.\nparent(X, Y) :- stepparent(X, Y).\n")
    with pytest.raises(BKError, match="stepparent/2"):
        learn_step(str(broken), str(tmp_path / "b.pl"), str(tmp_path / "b.json"), 60, "witness")
    assert not (tmp_path / "b.json").exists()


def test_a_pipeline_job_ends_bad_input_with_one_line_and_exit_2(tmp_path, capsys):
    """Snakemake shows a job's stderr: broken BK is one line there (and in the log),
    exit status 2; an internal error keeps its traceback."""
    smk = SimpleNamespace(log=[str(tmp_path / "learn.log")], rule="learn")
    with pytest.raises(SystemExit) as info:
        with logged(smk):
            print("progress")
            raise BKError("error in bk.pl: Unknown procedure: stepparent/2")
    assert info.value.code == 2
    assert capsys.readouterr().err == (
        "error in rule learn: error in bk.pl: Unknown procedure: stepparent/2\n"
    )
    assert (tmp_path / "learn.log").read_text() == (
        "progress\nBKError: error in bk.pl: Unknown procedure: stepparent/2\n"
    )
    with pytest.raises(KeyError):
        with logged(smk):
            raise KeyError("internal")


def test_witness_learn_json_and_out(tmp_path, capsys):
    out = tmp_path / "p.pl"
    assert main(["learn", str(TASKS / "second"), "--json", "--quiet", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["program"] == ["f(A,B) :- tail(A,C), head(C,B)."]
    assert (data["tp"], data["fn"], data["tn"], data["fp"]) == (5, 0, 8, 0)
    assert data["exhausted"] is True and data["timed_out"] is False
    assert "f(A,B) :- tail(A,C), head(C,B)." in out.read_text()


def test_witness_learn_text(capsys):
    assert main(["learn", str(TASKS / "grandparent"), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "% scores: TP=10 FN=0 TN=27 FP=0" in out
    assert out.endswith("grandparent(A,B) :- parent(A,C), parent(C,B).\n")


def test_witness_learn_is_the_ilp_command_with_its_old_engine_name(tmp_path, capsys):
    """--engine witness (the configs' name) is the ilp engine; the bound options
    reach the engine; --out replaces a program written under the old header."""
    out = tmp_path / "p.pl"
    out.write_text("% Learned by witness-ilp (learning from failures)\nf(A) :- g(A).\n")
    args = ["learn", str(TASKS / "zoo2"), "--json", "--quiet", "--engine", "witness"]
    assert main([*args, "--max-clauses", "1", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine"] == "ilp" and data["stats"]["settings"]["max_clauses"] == 1
    assert len(data["program"]) == 1
    assert out.read_text().startswith("% Learned by ilp (")


def test_the_pipeline_takes_either_engine_name(tmp_path):
    for name in ("witness", "ilp"):
        record = learn_step(
            str(TASKS / "grandparent"),
            str(tmp_path / f"{name}.pl"),
            str(tmp_path / "r.json"),
            60,
            name,
        )
        assert record["status"] == "ok" and record["engine"] == "ilp"
