"""The ``ilp`` command: Popper's output, --json, --stats, the bound options, errors."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ilp.cli import main
from ilp.loop import search_end_note

TASKS = Path(__file__).parent / "tasks"
BANNER, RULE = "*" * 10 + " SOLUTION " + "*" * 10, "*" * 30


def test_prints_the_program_as_popper_does(capsys):
    assert main(["learn", str(TASKS / "grandparent"), "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        BANNER,
        "Precision:1.00 Recall:1.00 TP:10 FN:0 TN:27 FP:0 Size:3",
        "grandparent(A,B) :- parent(A,C), parent(C,B).",
        RULE,
    ]


def test_no_solution_when_no_rule_covers_a_positive(tmp_path, capsys):
    task = tmp_path / "t"
    task.mkdir()
    (task / "bk.pl").write_text("tall(bob).\n")
    (task / "bias.pl").write_text("head_pred(happy,1). body_pred(tall,1).\n")
    (task / "exs.pl").write_text("pos(happy(gus)).\nneg(happy(bob)).\n")
    assert main(["learn", str(task), "--quiet"]) == 0
    assert capsys.readouterr().out == "NO SOLUTION\n"


def test_json_and_stats(capsys):
    assert main(["learn", str(TASKS / "second"), "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["program"] == ["f(A,B) :- tail(A,C), head(C,B)."]
    assert (data["tp"], data["fn"], data["tn"], data["fp"]) == (5, 0, 8, 0)
    assert data["exhausted"] is True and data["engine"] == "ilp"
    assert main(["learn", str(TASKS / "second"), "--stats", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(BANNER) and "\nNum. programs: " in out
    assert "Total execution time: " in out and "Search: " in out


def test_bounds_override_the_bias_file(capsys):
    # zoo2's bias says max_clauses(2); one clause cannot cover all 9 positives
    args = ["learn", str(TASKS / "zoo2"), "--json", "--quiet"]
    assert main([*args, "--max-clauses", "1", "--max-vars", "3", "--max-body", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    settings = data["stats"]["settings"]
    assert (settings["max_clauses"], settings["max_vars"], settings["max_body"]) == (1, 3, 2)
    assert len(data["program"]) == 1 and data["fn"] > 0


@pytest.mark.parametrize("option", ["--max-vars", "--max-body", "--max-clauses"])
def test_a_bound_below_one_is_refused_naming_the_option(option, capsys):
    assert main(["learn", str(TASKS / "zoo2"), option, "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ilp learn: argument {option}: ") and len(err.splitlines()) == 1


def test_python_dash_m_ilp_and_bad_input(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "ilp", "learn", str(tmp_path / "x")],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2 and r.stderr == f"ilp learn: task folder not found: {tmp_path / 'x'}\n"


def task_with_bk_warnings(tmp_path: Path) -> Path:
    """grandparent with a singleton variable and clauses of odd/1 apart in its BK."""
    task = tmp_path / "t"
    shutil.copytree(TASKS / "grandparent", task)
    with (task / "bk.pl").open("a") as f:
        f.write("odd(X) :- true.\nmother(zoe, yan).\nodd(a).\n")
    return task


def assert_warned_once_as_swi_does(task: Path, stderr: str) -> None:
    """As for a file consulted by hand: once, the file and line, the predicate's own name."""
    assert stderr.count("Singleton variables: [X]") == 1, stderr
    assert stderr.count("Clauses of odd/1 are not together") == 1, stderr
    assert stderr.count(f"Warning: {task / 'bk.pl'}:") == 2, stderr
    assert "ilp_task" not in stderr and "ilp_test" not in stderr, stderr


def test_bk_warnings_print_once_without_the_task_module(tmp_path):
    task = task_with_bk_warnings(tmp_path)
    r = subprocess.run(
        [sys.executable, "-m", "ilp", "learn", str(task), "--quiet"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
    assert_warned_once_as_swi_does(task, r.stderr)


@pytest.mark.parametrize("extra", [[], ["--json"], ["--noisy", "--stats"]])
def test_bk_warnings_print_once_from_the_command(tmp_path, capfd, extra):
    # the ilp command's entry point (ilp.cli:main), its job in a child process
    # (a fork or a fresh Python) writing to the same standard error
    task = task_with_bk_warnings(tmp_path)
    assert main(["learn", str(task), "--quiet", *extra]) == 0
    assert_warned_once_as_swi_does(task, capfd.readouterr().err)


def test_the_end_of_the_search_is_said_plainly():
    assert search_end_note(True, 0.4) == "time limit reached"
    assert search_end_note(False, None) == "search finished"
    note = search_end_note(False, 597.25)
    assert note == "search finished with 597.25 s of the time limit unused"
