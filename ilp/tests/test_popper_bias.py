"""Learning with Popper's bias language: rules and constraints in bias.pl, its settings
and defaults. Each task is small and its answer is checked exactly."""

import shutil
from pathlib import Path

import pytest

from ilp import TaskError, learn
from ilp.cli import main

TASKS = Path(__file__).parent / "tasks"
TRAITS = ("venomous", "carnivore", "large", "small", "herbivore", "human")


def zoo(tmp_path: Path, extra: str = "", drop=lambda line: False) -> Path:
    """The zoo task (three reasons to be dangerous) with bias lines added or dropped."""
    task = tmp_path / "zoo"
    shutil.copytree(TASKS / "zoo", task)
    lines = [ln for ln in (task / "bias.pl").read_text().splitlines() if not drop(ln)]
    (task / "bias.pl").write_text("\n".join(lines) + "\n" + extra)
    return task


def learned(task: Path, **kw):
    program, scores, stats = learn(task, timeout=120, **kw)
    assert stats.exhausted and stats.verified
    return list(program.clauses), (scores.tp, scores.fn, scores.tn, scores.fp)


def test_constraint_forbidding_a_literal(tmp_path):
    task = zoo(tmp_path, ":- body_literal(_,venomous,_,_).\n")
    # jellyfish is only venomous, cobra and scorpion are small or not large: lost
    assert learned(task) == (
        [
            "dangerous(A) :- carnivore(A), large(A).",
            "dangerous(A) :- eats(A,B), human(B).",
        ],
        (6, 3, 8, 0),
    )


def test_constraint_requiring_a_variable(tmp_path):
    task = zoo(tmp_path, ":- not body_var(_,1).\n")  # every rule has a second variable
    assert learned(task) == (
        [
            "dangerous(A) :- eats(A,B), human(B).",
            "dangerous(A) :- large(A), eats(A,B).",  # B is a singleton: large and eats something
        ],
        (4, 5, 8, 0),
    )


def test_body_pred_derived_by_a_rule(tmp_path):
    declared = ("body_pred", "type", "direction")
    task = zoo(
        tmp_path,
        "trait(" + "). trait(".join(TRAITS) + ").\n"
        "body_pred(P,1) :- trait(P).\ntype(P,(animal,)) :- trait(P).\n"
        "direction(P,(in,)) :- trait(P).\n",
        drop=lambda ln: any(ln.startswith(f"{d}({t},") for d in declared for t in TRAITS),
    )
    assert learned(task) == (
        [
            "dangerous(A) :- venomous(A).",
            "dangerous(A) :- carnivore(A), large(A).",
            "dangerous(A) :- eats(A,B), human(B).",
        ],
        (9, 0, 8, 0),
    )


def test_type_without_body_pred_is_tolerated(tmp_path):
    task = zoo(tmp_path, "type(flies,(animal,)).\n")
    assert learned(task)[1] == (9, 0, 8, 0)


def test_no_max_clauses_means_no_cap(tmp_path):
    # Popper's default for non-recursive programs: any number of rules
    task = zoo(tmp_path, drop=lambda ln: ln.startswith("max_clauses"))
    clauses, scores = learned(task)
    assert scores == (9, 0, 8, 0) and len(clauses) == 3
    # with max_clauses the cap is hard (tests/test_ilp_learn.py: zoo2)
    clauses, scores = learned(task, max_clauses=1)
    assert clauses == ["dangerous(A) :- carnivore(A), large(A)."]


def non_datalog_task(tmp_path: Path, extra: str) -> Path:
    task = tmp_path / "nd"
    task.mkdir()
    (task / "bk.pl").write_text("p(a). p(c). num(1). num(2). num(3).\n")
    (task / "exs.pl").write_text(
        "pos(f(a,1)). pos(f(a,2)). pos(f(c,3)).\nneg(f(b,1)). neg(f(b,2)).\n"
    )
    (task / "bias.pl").write_text(
        "head_pred(f,2). body_pred(p,1). body_pred(num,1).\nmax_vars(2). max_body(2).\n" + extra
    )
    return task


def test_non_datalog(tmp_path):
    # Datalog needs B in the body; non_datalog lets the head keep it alone
    assert learned(non_datalog_task(tmp_path, "")) == (["f(A,B) :- num(B), p(A)."], (3, 0, 2, 0))
    shutil.rmtree(tmp_path / "nd")
    assert learned(non_datalog_task(tmp_path, "non_datalog.\n")) == (
        ["f(A,B) :- p(A)."],
        (3, 0, 2, 0),
    )


@pytest.mark.parametrize(
    "extra, message",
    [
        ("max_rules(3).\n", "unknown bias directive 'max_rules/1'"),
        ("invented(inv,1).\n", "predicate invention"),
    ],
)
def test_unknown_or_unsupported_directive_refused_by_name(tmp_path, capsys, extra, message):
    task = zoo(tmp_path, extra)
    with pytest.raises(TaskError, match=message.replace("(", r"\(").replace(")", r"\)")):
        learn(task)
    assert main(["learn", str(task), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1
