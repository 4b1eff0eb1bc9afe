"""Noisy mode: the program of minimum description length (size + FN + FP), as Popper's
--noisy, checked exactly on a small task and against brute force on random ones."""

import itertools
import random
from pathlib import Path

import pytest

from ilp import learn
from ilp.api import load_task
from ilp.cli import main
from ilp.constrain import Outcome, useless_specialisation_size
from ilp.generate import Generator
from ilp.results import UNIT_WEIGHTS, Weights
from ilp.rules import Rule, parse_rule
from ilp.task import TaskError
from ilp.test import Tester

# weights of (false positives, false negatives, literals) the brute-force checks try
WEIGHTS = [Weights(fp=3), Weights(fn=4), Weights(fp=2, fn=3, size=2), Weights(size=3)]


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
    return write_task(
        tmp_path / "t", bk, exs, "head_pred(f,1). body_pred(q,1). body_pred(r,1). max_body(2).\n"
    )


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
    assert capsys.readouterr().out == (
        "********** SOLUTION **********\n"
        "Precision:0.95 Recall:1.00 TP:20 FN:0 TN:4 FP:1 Size:2 MDL:3\n"
        "f(A) :- q(A).\n" + "*" * 30 + "\n"
    )


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
    task = write_task(
        tmp_path / "t",
        "".join(facts),
        exs,
        "head_pred(f,1). body_pred(a,1). body_pred(b,1). body_pred(c,1).\n"
        "body_pred(e,2). max_vars(3). max_body(2). max_clauses(2).\n",
    )
    program, scores, stats = learn(task, timeout=120, noisy=True)
    assert stats.exhausted and stats.verified
    assert program.size + scores.fn + scores.fp == brute_force_mdl(task)


@pytest.mark.parametrize("noisy", [False, True])
def test_no_combine_step_outlasts_the_time_out(tmp_path, monkeypatch, noisy):
    # The last combine after a time-out once had its own 60 s, doubling a
    # noisy run's time-out; every combine now gets at most what is left
    # (and MIN_COMBINE_SECONDS when nothing is: the search stops END_RESERVE
    # early so that the final combine has that time).
    import ilp.loop as loop

    limits = []

    def recording(pool, max_clauses, timeout=None, **kwargs):
        limits.append(timeout)
        return real(pool, max_clauses, timeout=timeout, **kwargs)

    real = loop.combine
    monkeypatch.setattr(loop, "combine", recording)
    learn(mislabelled(tmp_path), timeout=0.5, noisy=noisy, combine_timeout=60)
    assert limits and max(limits) <= 1.0
    assert loop.combine_limit(60, None, 5.0) == 60
    assert loop.combine_limit(60, 10.0, 4.0) == 6.0
    assert loop.combine_limit(60, 10.0, 12.0) == loop.MIN_COMBINE_SECONDS


def random_task(tmp_path: Path, seed: int, n: int = 14, max_body: int = 2) -> Path:
    """Random unary and binary facts, random labels: no consistent program, as a rule."""
    rng = random.Random(seed)
    people = [f"p{i}" for i in range(n)]
    facts = []
    for pred in ("a", "b", "c"):
        facts += [f"{pred}({x}).\n" for x in people if rng.random() < 0.5]
    facts += [f"e({x},{y}).\n" for x in people for y in people if x != y and rng.random() < 0.1]
    exs = "".join(f"{'pos' if rng.random() < 0.5 else 'neg'}(f({x})).\n" for x in people)
    if "pos(" not in exs:
        exs += "pos(f(p0)).\n"
    return write_task(
        tmp_path / f"t{seed}",
        "".join(facts),
        exs,
        "head_pred(f,1). body_pred(a,1). body_pred(b,1). body_pred(c,1).\n"
        f"body_pred(e,2). max_vars(3). max_body({max_body}). max_clauses(2).\n",
    )


def contains_renaming(small: Rule, big: Rule) -> bool:
    """Does ``big``'s body contain ``small``'s body under some substitution of
    the body-only variables of ``small`` (head variables fixed)? Then ``big``
    covers a subset of what ``small`` covers."""
    free = small.body_only_vars()
    targets = sorted({v for lit in big.body for v in lit.args})
    for image in itertools.product(targets, repeat=len(free)):
        mapping = {**{v: v for v in small.head_vars}, **dict(zip(free, image, strict=True))}
        if {lit.renamed(mapping) for lit in small.body} <= set(big.body):
            return True
    return False


def coverage(task: Path) -> tuple[list[tuple[Rule, int, int]], int]:
    """Every rule of the space with its covered positives and negatives."""
    files, bias = load_task(task)
    gen = Generator(bias)
    rules = [r for k in range(1, bias.max_body + 1) for r in gen.rules(k)]
    with Tester(files.bk, files.exs, bias) as tester:
        cov = [(r, tester.cover(r, "pos").mask, tester.cover(r, "neg").mask) for r in rules]
        return cov, tester.n_pos


def min_mdl(
    cov: list[tuple[Rule, int, int]], n_pos: int, max_clauses: int, w: Weights = UNIT_WEIGHTS
) -> int:
    """The least (weighted) description length of the programs of at most ``max_clauses`` rules."""
    best = w.cost(0, n_pos, 0)
    for k in range(1, max_clauses + 1):
        for combo in itertools.combinations(cov, k):
            tp = fp = size = 0
            for r, t, f in combo:
                size, tp, fp = size + r.size, tp | t, fp | f
            best = min(best, w.cost(size, n_pos - tp.bit_count(), fp.bit_count()))
    return best


@pytest.mark.parametrize("seed", range(40))
def test_specialisations_too_large_to_be_needed(tmp_path, seed):
    # The claim behind useless_specialisation_size, by brute force: leaving out
    # every specialisation at or above some tested rule's bound keeps the
    # minimum description length (over programs of at most 2 rules).
    cov, n_pos = coverage(random_task(tmp_path, seed, n=10, max_body=3))
    limits = [(r, useless_specialisation_size(Outcome(r, t, f))) for r, t, f in cov]
    kept = [
        (s, t, f)
        for s, t, f in cov
        if not any(s.size >= limit and s != r and contains_renaming(r, s) for r, limit in limits)
    ]
    assert len(kept) < len(cov)  # the bound prunes something here
    assert min_mdl(kept, n_pos, 2) == min_mdl(cov, n_pos, 2)


@pytest.mark.parametrize("seed", range(4))
def test_noisy_finds_the_minimum_description_length_three_literals(tmp_path, seed):
    task = random_task(tmp_path, 100 + seed, n=10, max_body=3)
    program, scores, stats = learn(task, timeout=120, noisy=True)
    assert stats.exhausted and stats.verified
    cov, n_pos = coverage(task)
    assert program.size + scores.fn + scores.fp == min_mdl(cov, n_pos, 2)


def test_a_specialisation_needs_only_one_positive_more_than_its_size(tmp_path):
    # f(A) :- a(A) and f(A) :- b(A) (2 literals each) cover the 4 positives
    # and 2 negatives each (description length 4); f(A) :- a(A), b(A)
    # (3 literals) covers the 4 positives only, description length 3: the
    # bound min(tp, size + fp) = 4 must keep it.
    pos, neg = ["p1", "p2", "p3", "p4"], ["n1", "n2", "n3", "n4", "n5"]
    bk = "".join(f"a({x}).\n" for x in pos + neg[:2]) + "".join(
        f"b({x}).\n" for x in pos + neg[2:4]
    )
    exs = "".join(f"pos(f({x})).\n" for x in pos) + "".join(f"neg(f({x})).\n" for x in neg)
    task = write_task(
        tmp_path / "t", bk, exs, "head_pred(f,1). body_pred(a,1). body_pred(b,1). max_body(2).\n"
    )
    program, scores, stats = learn(task, timeout=60, noisy=True)
    assert program.clauses == ("f(A) :- a(A), b(A).",) and stats.exhausted
    assert useless_specialisation_size(Outcome(parse_rule("f(A) :- a(A)."), 0b1111, 0b11)) == 4


def test_an_unchanged_pool_is_not_combined_again(tmp_path, monkeypatch):
    # once the pool's optimum is proven, combining the same pool again (the
    # final combine after the last size) cannot change the program
    import ilp.loop as loop

    calls = []

    def recording(pool, max_clauses, **kwargs):
        result = real(pool, max_clauses, **kwargs)
        calls.append((pool.version, result.optimal))
        return result

    real = loop.combine
    monkeypatch.setattr(loop, "combine", recording)
    program, scores, stats = learn(mislabelled(tmp_path), timeout=60, noisy=True)
    assert stats.exhausted and program.size + scores.fn + scores.fp == 3
    assert calls and all(optimal for _, optimal in calls)
    assert len({version for version, _ in calls}) == len(calls)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("weights", WEIGHTS, ids=str)
def test_weighted_noisy_finds_the_minimum_weighted_description_length(tmp_path, seed, weights):
    task = random_task(tmp_path, 200 + seed, n=12, max_body=2)
    program, scores, stats = learn(task, timeout=120, noisy=True, weights=weights)
    assert stats.exhausted and stats.verified
    cov, n_pos = coverage(task)
    found = weights.cost(program.size, scores.fn, scores.fp)
    assert found == min_mdl(cov, n_pos, 2, weights)
    assert stats.settings["weights"] == weights.as_dict()


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("weights", WEIGHTS, ids=str)
def test_weighted_noisy_three_literals(tmp_path, seed, weights):
    task = random_task(tmp_path, 300 + seed, n=10, max_body=3)
    program, scores, stats = learn(task, timeout=120, noisy=True, weights=weights)
    assert stats.exhausted and stats.verified
    cov, n_pos = coverage(task)
    assert weights.cost(program.size, scores.fn, scores.fp) == min_mdl(cov, n_pos, 2, weights)


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("weights", WEIGHTS, ids=str)
def test_weighted_specialisations_too_large_to_be_needed(tmp_path, seed, weights):
    # useless_specialisation_size under weights, by brute force as above
    cov, n_pos = coverage(random_task(tmp_path, seed, n=10, max_body=3))
    limits = [(r, useless_specialisation_size(Outcome(r, t, f), weights)) for r, t, f in cov]
    kept = [
        (s, t, f)
        for s, t, f in cov
        if not any(s.size >= limit and s != r and contains_renaming(r, s) for r, limit in limits)
    ]
    assert min_mdl(kept, n_pos, 2, weights) == min_mdl(cov, n_pos, 2, weights)


def test_a_heavy_false_positive_weight_asks_for_a_rule_that_never_fires_wrongly(tmp_path, capsys):
    # q: FP 1, FN 0; r: FP 0, FN 10 (mislabelled): with FP weighing 20, r is cheaper
    task = mislabelled(tmp_path)
    program, scores, _ = learn(task, timeout=60, noisy=True, weights=Weights(fp=20))
    assert program.clauses == ("f(A) :- r(A).",) and (scores.fn, scores.fp) == (10, 0)
    assert main(["learn", str(task), "--noisy", "--quiet", "--fp-weight", "20"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].endswith("TP:10 FN:10 TN:5 FP:0 Size:2 MDL:12") and out[2] == "f(A) :- r(A)."


def test_weights_are_refused_where_they_cannot_apply(tmp_path, capsys):
    task = mislabelled(tmp_path)
    with pytest.raises(TaskError, match="need noisy learning"):
        learn(task, weights=Weights(fn=2))
    with pytest.raises(TaskError, match="weight fp must be an integer >= 1"):
        Weights(fp=0)
    (task / "bias.pl").write_text((task / "bias.pl").read_text() + "enable_recursion.\n")
    with pytest.raises(TaskError, match="not supported with enable_recursion"):
        learn(task, noisy=True, weights=Weights(fn=2))
    assert main(["learn", str(task), "--fp-weight", "2"]) == 2
    assert capsys.readouterr().err == (
        "ilp learn: weights of the description length need noisy learning (--noisy)\n"
    )
