"""Combine: the best program made of consistent rules, by clingo optimisation.

Every rule in the pool covers no negative example, so any set of them is a
consistent program whose coverage is the union of theirs (the programs are
non-recursive). The combine step picks at most ``max_clauses`` rules that

1. cover the most positive examples (priority 2), then
2. have the fewest literals in total, heads included (priority 1).

``max_clauses`` is a hard limit here when the bias gives it, as in the
paper's setting (its Table 3 predicate has three clauses); without it the
number of rules is not capped, which is what Popper does for non-recursive
programs (its combine step ignores ``max_clauses``). When no program covers
every positive example, the result is the consistent program covering the
most, which is what the paper relies on.

Positive examples covered by exactly the same pool rules are merged into one
weighted group, so the optimisation problem has one atom per group rather
than per example.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from witness.ilp.programs import program_text
from witness.ilp.rules import Rule, literal_key
from witness.ilp.test import mask_indices


@dataclass
class Pool:
    """Consistent rules worth combining, without dominated ones.

    A rule is dominated when another covers a superset of its positives with
    at most as many literals: swapping it for that rule never makes a program
    worse, so dropping it keeps the optimum.
    """

    rules: list[Rule] = field(default_factory=list)
    tps: list[int] = field(default_factory=list)

    def add(self, rule: Rule, tp: int) -> bool:
        """Add ``rule`` unless dominated; returns whether it was added."""
        for r, t in zip(self.rules, self.tps, strict=True):
            if tp & ~t == 0 and r.size <= rule.size:
                return False
        keep = [i for i, (r, t) in enumerate(zip(self.rules, self.tps, strict=True))
                if not (t & ~tp == 0 and r.size >= rule.size)]
        self.rules = [self.rules[i] for i in keep] + [rule]
        self.tps = [self.tps[i] for i in keep] + [tp]
        return True

    def __len__(self) -> int:
        return len(self.rules)


@dataclass(frozen=True)
class Combination:
    rules: tuple[Rule, ...]
    tp: int  # bitset of covered positives
    optimal: bool  # False when the optimisation was stopped by its time limit

    @property
    def size(self) -> int:
        return sum(r.size for r in self.rules)


def combine(pool: Pool, max_clauses: int | None, timeout: float | None = None) -> Combination:
    """Solve the combine problem over ``pool`` (see module docstring); None: no cap."""
    import clingo

    if not pool.rules:
        return Combination((), 0, True)
    groups: dict[tuple[int, ...], int] = {}
    covering: dict[int, list[int]] = {}
    for r, tp in enumerate(pool.tps):
        for i in mask_indices(tp):
            covering.setdefault(i, []).append(r)
    for rules in covering.values():
        key = tuple(rules)
        groups[key] = groups.get(key, 0) + 1

    cap = len(pool.rules) if max_clauses is None else max_clauses
    facts = [f"#const max_clauses={cap}."]
    facts += [f"rule({r},{rule.size})." for r, rule in enumerate(pool.rules)]
    for g, (rules, weight) in enumerate(sorted(groups.items())):
        facts.append(f"weight({g},{weight}).")
        facts += [f"cov({r},{g})." for r in rules]

    ctl = clingo.Control(["--opt-mode=opt", "--warn=none"])
    ctl.add("base", [], program_text("combine.lp") + "\n".join(facts))
    ctl.ground([("base", [])])
    best: list[list[int]] = []

    def on_model(model: clingo.Model) -> None:
        best.append(sorted(s.arguments[0].number for s in model.symbols(shown=True)))

    with ctl.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(timeout) if timeout is not None else (handle.wait() or True)
        if not finished:
            handle.cancel()
        optimal = bool(finished) and handle.get().exhausted
    chosen = best[-1] if best else []
    tp = 0
    for r in chosen:
        tp |= pool.tps[r]
    rules = tuple(sorted((pool.rules[r] for r in chosen),
                         key=lambda x: (x.size, [literal_key(y) for y in x.body])))
    return Combination(rules, tp, optimal)

