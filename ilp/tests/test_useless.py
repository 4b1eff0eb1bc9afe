"""Useless parts: every body part whose specialisations the learner prunes as
"subsumed" (by one consistent rule or several of no more literals between
them) or "covers too few" (ilp.loop.Search.useless_part) is checked against
brute-force coverage of every rule of the space."""

from pathlib import Path

import pytest
from hypothesis import given, settings
from test_optimal import BIAS, covers, learned, tasks

from ilp import loop
from ilp.bias import parse_bias
from ilp.generate import Generator
from ilp.rules import canonical


def consistent_rules(edges, red, blue, labels) -> list[tuple[int, int]]:
    """(size, positives bitset) of every consistent rule of the space covering a positive."""
    bias = parse_bias(BIAS)
    gen = Generator(bias)
    rules = {canonical(r) for k in range(1, bias.max_body + 1) for r in gen.rules(k)}
    pos = [n for n in labels if labels[n]]
    neg = [n for n in labels if not labels[n]]
    out = []
    for rule in rules:
        if any(covers(rule, n, edges, red, blue) for n in neg):
            continue
        tp = sum(1 << i for i, n in enumerate(pos) if covers(rule, n, edges, red, blue))
        if tp:
            out.append((rule.size, tp))
    return out


def coverable(left: int, budget: int, rules: list[tuple[int, int]]) -> bool:
    """Do rules with at most ``budget`` literals between them cover ``left``? (exhaustive)
    A negative budget: the rule alone is as large as the best program already."""
    if budget < 0:
        return False
    if not left:
        return True
    low = left & -left
    return any(
        size <= budget and tp & low and coverable(left & ~tp, budget - size, rules)
        for size, tp in rules
    )


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(tasks())
def test_every_useless_part_is_subsumed_or_covers_too_few(tmp_path_factory, task):
    calls = []
    part_of, beat = loop.Search.useless_part, loop.Search.cannot_beat_best

    def best_size(self):
        return self.best.size if self.best.tp.bit_count() == self.tester.n_pos else None

    def recording_part(self, rule, seen_size):
        part = part_of(self, rule, seen_size)
        if part != rule:  # claimed for the rules still to come
            calls.append((rule, part, seen_size + 1, best_size(self)))
        return part

    def recording_beat(self, rule, seen_size):
        found = beat(self, rule, seen_size)
        if found:  # claimed for the rule's specialisations
            calls.append((rule, rule, rule.size + 1, best_size(self)))
        return found

    folder: Path = tmp_path_factory.mktemp("task")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loop.Search, "useless_part", recording_part)
        patch.setattr(loop.Search, "cannot_beat_best", recording_beat)
        learned(folder, *task)
    edges, red, blue, labels = task
    pos = [n for n in labels if labels[n]]
    every = (1 << len(pos)) - 1
    rules = consistent_rules(*task)
    for rule, part, smallest, best in calls:
        assert set(part.body) <= set(rule.body)
        cov = sum(1 << i for i, n in enumerate(pos) if covers(part, n, edges, red, blue))
        # subsumed: consistent rules of at most ``smallest`` literals between them
        # cover what the part covers (one rule, or several: the learner's
        # several_replace), so they can stand in for any of its specialisations
        subsumed = coverable(cov, smallest, [r for r in rules if r[0] <= smallest])
        too_few = best is not None and not coverable(
            every & ~cov, best - 1 - smallest, [r for r in rules if r[0] <= best - 1 - smallest]
        )
        assert subsumed or too_few, (rule, part, smallest, best)


def test_the_pool_is_combined_within_a_size_once_it_covers_every_positive(tmp_path):
    # red(A) and blue(A) cover one positive each: after the size-1 rules, before
    # the size's own combine step, the best program already covers both
    # (so that "covers too few" can prune the rest of a size)
    edges = {("n3", "n1")}
    red, blue = {"n1"}, {"n2"}
    labels = {"n1": True, "n2": True, "n3": False}
    seen = []
    run_size = loop.Search.run_size

    def recording(self, size, parents):
        children = run_size(self, size, parents)
        seen.append((size, self.best.tp.bit_count()))
        return children

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loop.Search, "run_size", recording)
        assert learned(tmp_path, edges, red, blue, labels) == (2, 4)
    assert seen[0] == (1, 2)
