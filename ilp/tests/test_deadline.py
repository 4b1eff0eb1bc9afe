"""A time limit is a limit: a job returns within a second of it, whatever
phase is running then. Each task here makes one phase long with a body
predicate that keeps busy (with no inference limit, only the wall-clock limit
stops it; a ``sleep/1`` would not do: the time limit's signal reaches Prolog
only between inferences):
without the cut the job would end seconds after its limit."""

import random
import time
from pathlib import Path

from ilp.api import learn
from ilp.combine import Pool, combine
from ilp.rules import parse_rule

TIMEOUT = 6.0
# the job's allowance past its limit (the requirement is a second)
MARGIN = 1.0


def write_task(folder: Path, bk: str, bias: str, exs: str) -> Path:
    folder.mkdir()
    (folder / "bk.pl").write_text(bk)
    (folder / "bias.pl").write_text(bias)
    (folder / "exs.pl").write_text(exs)
    return folder


def test_a_rule_whose_negatives_take_long_after_its_positives(tmp_path: Path) -> None:
    # the positives' query is busy until 0.8 s before the job's end (so it
    # succeeds before the search stops), the negatives' query for ever: the
    # search computed one time limit for both (the time left when the
    # rule's test began, about 5 s), so the job ended 4 s late
    started = time.time()
    end = started + TIMEOUT
    bk = (
        f"slow(X) :- good(X), !, busy_until({end - 0.8}).\n"
        "slow(_) :- repeat, fail.\n"
        "busy_until(T) :- repeat, get_time(Now), Now >= T, !.\n"
        "good(a).\n"
    )
    bias = "head_pred(f,1).\nbody_pred(slow,1).\nmax_body(1).\nmax_vars(1).\n"
    task = write_task(tmp_path / "slow", bk, bias, "pos(f(a)).\nneg(f(b)).\n")
    _, _, stats = learn(
        task, TIMEOUT, eval_timeout=100.0, inferences_per_example=10**15, started=started
    )
    returned = time.time()
    assert stats.timed_out
    assert returned - started <= TIMEOUT + MARGIN, returned - started


def test_a_combine_too_large_to_ground_in_its_time() -> None:
    # 150 rules over 2,000 positives, each covering a random half: about
    # 150,000 coverage facts, which clingo took 3 s to ground (grounding
    # cannot be cut) when given a 0.2 s limit; writing them takes 0.1-0.5 s
    rng = random.Random(1)
    pool = Pool()
    for k in range(150):
        rule = parse_rule(f"f(A) :- p{k}(A).")
        pool.add(rule, rng.getrandbits(2000))
    t0 = time.perf_counter()
    found = combine(pool, None, timeout=0.2)
    assert time.perf_counter() - t0 <= 0.2 + MARGIN
    assert not found.optimal
    # the program still covers what the pool covers, with fewer rules than the pool
    union = 0
    for tp in pool.tps:
        union |= tp
    assert found.tp == union
    assert len(found.rules) < len(pool.rules)
