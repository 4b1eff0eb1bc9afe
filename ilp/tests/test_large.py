"""Large example sets: 100,000 examples, learned within a fixed number of
tested rules (no wall-clock assertion: each rule is one Prolog call per kind of example,
stopped at the first covered negative)."""

import random
from pathlib import Path

import pytest

from ilp import learn

N = 100_000


def large_task(folder: Path) -> tuple[Path, int]:
    """f(X) holds iff X links to a red node; a few nodes are red, every X links once."""
    rng = random.Random(7)
    folder.mkdir()
    nodes = [f"n{i}" for i in range(1000)]
    red = set(rng.sample(nodes, 300))
    bk, exs, n_pos = [], [], 0
    for i in range(N):
        target = nodes[rng.randrange(len(nodes))]
        bk.append(f"link(x{i},{target}).\n")
        positive = target in red
        n_pos += positive
        exs.append(f"{'pos' if positive else 'neg'}(f(x{i})).\n")
    bk += [f"big(x{i}).\n" for i in range(0, N, 3)]
    bk += [f"red({n}).\n" for n in sorted(red)] + [f"node({n}).\n" for n in nodes]
    (folder / "bk.pl").write_text("".join(bk))
    (folder / "exs.pl").write_text("".join(exs))
    (folder / "bias.pl").write_text(
        "head_pred(f,1). body_pred(link,2). body_pred(red,1). body_pred(big,1).\n"
        "body_pred(node,1). type(f,(x,)). type(link,(x,node)). type(red,(node,)).\n"
        "type(big,(x,)). type(node,(node,)). max_vars(2). max_body(3).\n"
    )
    return folder, n_pos


@pytest.mark.slow
def test_100k_examples_learned_within_a_fixed_number_of_tested_rules(tmp_path):
    task, n_pos = large_task(tmp_path / "large")
    program, scores, stats = learn(task, timeout=None)
    assert program.clauses == ("f(A) :- link(A,B), red(B).",)
    assert (scores.tp, scores.fn, scores.tn, scores.fp) == (n_pos, 0, N - n_pos, 0)
    assert stats.n_pos + stats.n_neg == N
    assert stats.exhausted and stats.verified
    assert stats.rules_tested <= 12
