"""Noisy mode: the program of minimum description length (size + FN + FP), as Popper's
--noisy, checked exactly on a small task and against brute force on random ones."""

import itertools
import random
from pathlib import Path

import pytest

from witness.cli import main
from witness.learning.ilp import learn
from witness.learning.ilp.api import load_task
from witness.learning.ilp.generate import Generator
from witness.learning.ilp.test import Tester


def write_task(folder: Path, bk: str, exs: str, bias: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "bk.pl").write_text(bk)
    (folder / "exs.pl").write_text(exs)
    (folder / "bias.pl").write_text(bias)
    return folder


def mislabelled(tmp_path: Path) -> Path:
    # q holds for every positive and for one negative (a labelling error);
    # r holds for half of the positives and no negative
    pos = [f"e{i}" for i in range(20)]
    neg = [f"n{i}" for i in range(5)]
    bk = "".join(f"q({x}).\n" for x in pos + neg[:1]) + "".join(f"r({x}).\n" for x in pos[:10])
    exs = "".join(f"pos(f({x})).\n" for x in pos) + "".join(f"neg(f({x})).\n" for x in neg)
    return write_task(tmp_path / "t", bk, exs,
                      "head_pred(f,1). body_pred(q,1). body_pred(r,1). max_body(2).\n")


def test_noisy_prefers_one_false_positive_to_ten_false_negatives(tmp_path):
    task = mislabelled(tmp_path)
    program, scores, stats = learn(task, timeout=60)
    assert program.clauses == ("f(A) :- r(A).",) and (scores.tp, scores.fp) == (10, 0)
    program, scores, stats = learn(task, timeout=60, noisy=True)
    assert program.clauses == ("f(A) :- q(A).",)
    assert (scores.tp, scores.fn, scores.tn, scores.fp) == (20, 0, 4, 1)
    assert stats.exhausted and stats.verified and stats.settings["noisy"] is True


def test_cli_noisy(tmp_path, capsys):
    assert main(["learn", str(mislabelled(tmp_path)), "--noisy", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "% scores: TP=20 FN=0 TN=4 FP=1" in out and out.endswith("f(A) :- q(A).\n")


def brute_force_mdl(task: Path) -> int:
    """Minimum size + FN + FP over every program of at most max_clauses rules of the space."""
    files, bias = load_task(task)
    gen = Generator(bias)
    rules = [r for k in range(1, bias.max_body + 1) for r in gen.rules(k)]
    with Tester(files.bk, files.exs, bias) as tester:
        cov = [(r.size, tester.cover(r, "pos").mask, tester.cover(r, "neg").mask) for r in rules]
        n_pos = tester.n_pos
    best = n_pos  # the empty program
    for k in range(1, bias.max_clauses + 1):
        for combo in itertools.combinations(cov, k):
            tp = fp = size = 0
            for s, t, f in combo:
                size, tp, fp = size + s, tp | t, fp | f
            best = min(best, size + n_pos - tp.bit_count() + fp.bit_count())
    return best


@pytest.mark.parametrize("seed", range(6))
def test_noisy_finds_the_minimum_description_length(tmp_path, seed):
    rng = random.Random(seed)
    people = [f"p{i}" for i in range(14)]
    facts = []
    for pred in ("a", "b", "c"):
        facts += [f"{pred}({x}).\n" for x in people if rng.random() < 0.5]
    facts += [f"e({x},{y}).\n" for x in people for y in people if x != y and rng.random() < 0.1]
    exs = "".join(f"{'pos' if rng.random() < 0.5 else 'neg'}(f({x})).\n" for x in people)
    if "pos(" not in exs:
        exs += "pos(f(p0)).\n"
    task = write_task(tmp_path / "t", "".join(facts), exs,
                      "head_pred(f,1). body_pred(a,1). body_pred(b,1). body_pred(c,1).\n"
                      "body_pred(e,2). max_vars(3). max_body(2). max_clauses(2).\n")
    program, scores, stats = learn(task, timeout=120, noisy=True)
    assert stats.exhausted and stats.verified
    assert program.size + scores.fn + scores.fp == brute_force_mdl(task)


@pytest.mark.parametrize("noisy", [False, True])
def test_no_combine_step_outlasts_the_time_out(tmp_path, monkeypatch, noisy):
    # The last combine after a time-out once had its own 60 s, doubling a
    # noisy run's time-out; every combine now gets at most what is left
    # (and one second to combine what the search found).
    import witness.learning.ilp.loop as loop

    limits = []

    def recording(pool, max_clauses, timeout=None, noisy=False):
        limits.append(timeout)
        return real(pool, max_clauses, timeout=timeout, noisy=noisy)

    real = loop.combine
    monkeypatch.setattr(loop, "combine", recording)
    learn(mislabelled(tmp_path), timeout=0.5, noisy=noisy, combine_timeout=60)
    assert limits and max(limits) <= 1.0
    assert loop.combine_limit(60, None, 5.0) == 60
    assert loop.combine_limit(60, 10.0, 4.0) == 6.0
    assert loop.combine_limit(60, 10.0, 12.0) == 1.0
