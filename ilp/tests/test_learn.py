"""The ILP engine end to end on small classic tasks (tasks/), the CLI and the output."""

import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bias_text import NO_SINGLETONS

from ilp import TaskError, learn, program_file_text
from ilp.cli import main
from ilp.rules import parse_program

TASKS = Path(__file__).parent / "tasks"

# task -> (exact program, (TP, FN, TN, FP))
EXPECTED = {
    # kinship, no types and no directions
    "grandparent": (["grandparent(A,B) :- parent(A,C), parent(C,B)."], (10, 0, 27, 0)),
    # a list task with types and directions: output B bound by the body
    "second": (["f(A,B) :- tail(A,C), head(C,B)."], (5, 0, 8, 0)),
    # three clauses needed
    "zoo": (
        [
            "dangerous(A) :- venomous(A).",
            "dangerous(A) :- carnivore(A), large(A).",
            "dangerous(A) :- eats(A,B), human(B).",
        ],
        (9, 0, 8, 0),
    ),
    # the same task with max_clauses(2): a hard limit, the best two clauses win
    "zoo2": (
        [
            "dangerous(A) :- venomous(A).",
            "dangerous(A) :- carnivore(A), large(A).",
        ],
        (7, 2, 8, 0),
    ),
    # no perfect program: the consistent one covering the most positives
    "noisy": (
        [
            "happy(A) :- rich(A).",
            "happy(A) :- married(A,B), kind(B).",
        ],
        (5, 1, 5, 0),
    ),
}


@pytest.mark.parametrize("task", sorted(EXPECTED))
def test_classic_task_exact_program_and_scores(task):
    clauses, scores = EXPECTED[task]
    program, got, stats = learn(TASKS / task, timeout=120)
    assert list(program.clauses) == clauses
    assert (got.tp, got.fn, got.tn, got.fp) == scores
    assert stats.exhausted and not stats.timed_out
    assert stats.verified  # the combined coverage agrees with a full re-test
    assert stats.n_pos == scores[0] + scores[1] and stats.n_neg == scores[2] + scores[3]
    # the printed clauses parse back to the same rules
    text = "".join(c + "\n" for c in program.clauses)
    assert parse_program(text) == [parse_program(c)[0] for c in clauses]


def test_deterministic():
    a = learn(TASKS / "zoo", timeout=120)
    b = learn(TASKS / "zoo", timeout=120)
    assert a[0] == b[0] and a[1] == b[1]
    assert a[2].rules_tested == b[2].rules_tested
    assert a[2].constraints == b[2].constraints


def test_timeout_returns_best_so_far():
    program, scores, stats = learn(TASKS / "zoo", timeout=0)
    assert stats.timed_out and not stats.exhausted
    assert stats.stop_reason == "time-out"
    assert scores.fp == 0 and scores.tp + scores.fn == 9
    assert len(program.rules) <= 3


def test_time_limit_counts_from_the_jobs_start():
    # a job that began its whole time limit ago: the search tests nothing, and
    # the deadline the engine reports is the job's start plus the limit
    started = time.time() - 5
    program, scores, stats = learn(TASKS / "zoo", timeout=5, started=started)
    assert stats.timed_out and stats.rules_tested == 0
    assert stats.deadline == round(started + 5, 3)
    assert scores.fp == 0


def test_time_limit_counts_from_the_callers_start_in_a_child_process():
    # the isolated child's start is part of the job: its deadline is the caller's
    started = time.time() - 100
    _, _, stats = learn(TASKS / "zoo", timeout=100, started=started, isolate=True)
    assert stats.deadline == round(started + 100, 3)
    assert stats.timed_out and stats.rules_tested == 0


def test_no_pruning_check_once_the_time_is_up(monkeypatch):
    # out of time inside a size, the search returns at once: pruning that
    # size's parents (a test each) took trains4 a second past its time-out
    import ilp.loop as loop

    search = loop.Search
    late = []
    real = search.cannot_beat_best

    def spy(self, rule, seen_size):
        if self.out_of_time():
            late.append(rule)
        return real(self, rule, seen_size)

    # the clock is the number of rules generated (so the test is not timed)
    monkeypatch.setattr(search, "out_of_time", lambda self: self.stats.rules_generated >= 18)
    monkeypatch.setattr(search, "cannot_beat_best", spy)
    _, _, stats = learn(TASKS / "zoo", timeout=600)
    assert stats.timed_out and stats.rules_generated == 18
    assert not late


def test_process_started_is_before_the_process_ran():
    code = (
        "import time; time.sleep(0.3); from ilp.clock import process_started; "
        "print(time.time() - process_started())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert float(out.stdout) >= 0.3


def test_pruning_tests_fewer_rules_than_the_space():
    from ilp.bias import read_bias
    from ilp.generate import Generator

    bias = read_bias(TASKS / "zoo" / "bias.pl")
    gen = Generator(bias)
    space = sum(1 for k in range(1, bias.max_body + 1) for _ in gen.rules(k))
    _, _, stats = learn(TASKS / "zoo", timeout=120)
    assert stats.constraints.get("specialisations", 0) > 0
    assert stats.rules_tested < space


def test_bound_overrides():
    program, scores, _ = learn(TASKS / "zoo", timeout=120, max_clauses=1)
    assert list(program.clauses) == ["dangerous(A) :- carnivore(A), large(A)."]
    assert (scores.tp, scores.fn) == (4, 5)
    with pytest.raises(TaskError, match="max_body"):
        learn(TASKS / "zoo", max_body=0)


def test_empty_program_file_is_loadable(tmp_path):
    # no positive example can be covered: the program is empty but still callable
    task = tmp_path / "t"
    shutil.copytree(TASKS / "noisy", task)
    (task / "exs.pl").write_text("pos(happy(gus)).\nneg(happy(gus)).\n")
    program, scores, stats = learn(task, timeout=60)
    assert program.clauses == ()
    assert (scores.tp, scores.fn, scores.tn, scores.fp) == (0, 1, 1, 0)
    text = program_file_text(program, scores, stats)
    assert ":- dynamic(happy/1)." in text
    import janus_swi as janus

    janus.consult("empty_program.pl", data=text, module="ilp_empty_program_test")
    assert janus.query_once("ilp_empty_program_test:happy(gus)")["truth"] is False


@pytest.mark.parametrize(
    "problem, message",
    [
        ("missing", "task folder not found"),
        ("no_exs", "missing exs.pl"),
        ("higher_order", "higher-order definitions"),
        ("pi", "predicate invention"),
        ("bad_example", "cannot read examples"),
        ("undefined", "not defined"),
    ],
)
def test_cli_bad_input_exit_2(tmp_path, capsys, problem, message):
    task = tmp_path / "t"
    shutil.copytree(TASKS / "noisy", task)
    bias = task / "bias.pl"
    if problem == "missing":
        task = tmp_path / "nope"
    elif problem == "no_exs":
        (task / "exs.pl").unlink()
    elif problem == "higher_order":
        bias.write_text(bias.read_text() + "max_ho(1).\n")
    elif problem == "pi":
        bias.write_text(bias.read_text() + "enable_pi.\n")
    elif problem == "bad_example":
        (task / "exs.pl").write_text("pos(happy(ann)).\npos(sad(bob)).\n")
    elif problem == "undefined":
        bias.write_text(
            bias.read_text() + "body_pred(tall,1).\ntype(tall,(person,)).\ndirection(tall,(in,)).\n"
        )
    assert main(["learn", str(task), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_cli_exit_status_in_a_subprocess(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "ilp", "learn", str(tmp_path / "x")],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 2 and "task folder not found" in r.stderr


def test_popper_engine_unavailable_is_a_clear_error():
    from ilp.run_popper import popper_available

    if popper_available():
        pytest.skip("Popper is installed here; test_popper.py runs it")
    with pytest.raises(TaskError, match="needs Popper installed"):
        learn(TASKS / "grandparent", engine="popper")


def test_unused_variables_change_nothing(tmp_path):
    # With 4 binary body literals and no singletons (the bias forbids them) a
    # rule has at most 3 body-only variables, so max_vars 4 and 8 give the same
    # space. The generator's symmetry breaking may repeat a rule; the learner
    # must still test each rule once and learn an equally good program.
    rng = random.Random(3)
    nodes = [f"n{i}" for i in range(12)]
    edges = {(a, b) for a in nodes for b in nodes if a != b and rng.random() < 0.18}
    red = {n for n in nodes if rng.random() < 0.4}
    bk = "".join(f"e({a},{b}).\n" for a, b in sorted(edges)) + "".join(
        f"red({n}).\n" for n in sorted(red)
    )
    labels = {
        n: any((n, b) in edges and (b, c) in edges and c in red for b in nodes for c in nodes)
        for n in nodes
    }
    labels["n0"] = False  # noise: the search cannot stop early
    (tmp_path / "bk.pl").write_text(bk)
    (tmp_path / "exs.pl").write_text(
        "".join(f"{'pos' if labels[n] else 'neg'}(f({n})).\n" for n in nodes)
    )
    (tmp_path / "bias.pl").write_text(
        "head_pred(f,1). body_pred(e,2). body_pred(red,1).\n"
        "max_vars(4). max_body(4). max_clauses(2).\n" + NO_SINGLETONS
    )
    small = learn(tmp_path, timeout=120)
    big = learn(tmp_path, timeout=120, max_vars=8)
    assert small[2].exhausted and big[2].exhausted
    # equally good programs (which of several ties the combine step picks may differ)
    assert small[0].size == big[0].size and small[1] == big[1]
    assert big[2].rules_tested == small[2].rules_tested <= big[2].rules_generated


@pytest.mark.parametrize("stop_at", range(4, 16))
def test_no_pruning_step_after_a_test_that_ends_past_the_time(monkeypatch, stop_at):
    # the time runs out during the test of a rule: its explained failure,
    # pointless literals and useless parts (tests of their own) are skipped
    import ilp.loop as loop

    search = loop.Search
    late = []

    def spying(name):
        real = getattr(search, name)

        def spy(self, *args, **kwargs):
            if self.out_of_time():
                late.append(name)
            return real(self, *args, **kwargs)

        return spy

    for name in ("explain_failure", "prune_pointless", "prune_useless", "cannot_beat_best"):
        monkeypatch.setattr(search, name, spying(name))
    # the clock is the number of rules tested (so the test is not timed)
    monkeypatch.setattr(search, "out_of_time", lambda self: self.stats.rules_tested >= stop_at)
    _, _, stats = learn(TASKS / "zoo", timeout=600)
    assert stats.rules_tested == stop_at
    assert not late
