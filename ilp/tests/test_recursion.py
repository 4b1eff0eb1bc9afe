"""Recursion (``enable_recursion``): small recursive tasks learned exactly, programs
tested as a whole under a depth limit, θ-subsumption against brute force, and what
stays refused."""

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ilp import TaskError, learn
from ilp.bias import parse_bias, read_bias
from ilp.cli import main
from ilp.generate import Generator
from ilp.rules import Literal, Rule, is_recursive, parse_rule, subsumes, subsumes_any
from ilp.test import Tester

PARENT = [
    ("ann", "bob"),
    ("bob", "cid"),
    ("cid", "dan"),
    ("dan", "eve"),
    ("eve", "fay"),
    ("ann", "gus"),
    ("gus", "hal"),
]

LIST_BK = "head([H|_], H).\ntail([_|T], T).\nempty([]).\nzero(0).\ninc(A, B) :- B is A + 1.\n"
LIST_BIAS = """head_pred({head},2).
body_pred(head,2). body_pred(tail,2). body_pred(empty,1). {more}
type({head},(list,{out})). type(head,(list,element)). type(tail,(list,list)).
type(empty,(list,)). {more_types}
direction({head},(in,out)). direction(head,(in,out)). direction(tail,(in,out)).
direction(empty,(in,)). {more_dirs}
enable_recursion.
"""


def write_task(folder: Path, bk: str, bias: str, pos: list[str], neg: list[str]) -> Path:
    folder.mkdir()
    (folder / "bk.pl").write_text(bk)
    (folder / "bias.pl").write_text(bias)
    (folder / "exs.pl").write_text(
        "".join(f"pos({x}).\n" for x in pos) + "".join(f"neg({x}).\n" for x in neg)
    )
    return folder


def ancestor_task(tmp_path: Path, extra: str = "") -> Path:
    """Ancestors in a family of six generations: every pair is an example."""
    people = sorted({p for pair in PARENT for p in pair})
    anc = set(PARENT)
    while True:
        new = {(a, c) for a, b in anc for b2, c in PARENT if b == b2} - anc
        if not new:
            break
        anc |= new
    return write_task(
        tmp_path / "ancestor",
        "".join(f"parent({a},{b}).\n" for a, b in PARENT),
        "head_pred(ancestor,2).\nbody_pred(parent,2).\nenable_recursion.\n" + extra,
        [f"ancestor({a},{b})" for a, b in sorted(anc)],
        [f"ancestor({a},{b})" for a in people for b in people if (a, b) not in anc],
    )


def last_task(tmp_path: Path) -> Path:
    """The last element of a list (``last/2``, also a library predicate the task overrides)."""
    return write_task(
        tmp_path / "last",
        LIST_BK,
        LIST_BIAS.format(head="last", out="element", more="", more_types="", more_dirs=""),
        [
            "last([a],a)",
            "last([b,a],a)",
            "last([c,b,d],d)",
            "last([a,b,c,d],d)",
            "last([d,c,b,a,e],e)",
        ],
        [
            "last([a,b],a)",
            "last([c,b,d],c)",
            "last([c,b,d],b)",
            "last([a,b,c,d],c)",
            "last([d,c,b,a,e],d)",
            "last([e],a)",
        ],
    )


def length_task(tmp_path: Path) -> Path:
    """The length of a list: the recursive literal's output feeds a later literal."""
    return write_task(
        tmp_path / "length",
        LIST_BK,
        LIST_BIAS.format(
            head="f",
            out="int",
            more="body_pred(zero,1). body_pred(inc,2).",
            more_types="type(zero,(int,)). type(inc,(int,int)).",
            more_dirs="direction(zero,(out,)). direction(inc,(in,out)).",
        ),
        ["f([a],1)", "f([b,a],2)", "f([c,b,d],3)", "f([a,b,c,d],4)", "f([d,c,b,a,e],5)"],
        ["f([a],0)", "f([a,b],1)", "f([c,b,d],2)", "f([a,b,c,d],5)", "f([],1)"],
    )


def learned(task: Path, **kw):
    program, scores, stats = learn(task, timeout=120, **kw)
    assert stats.exhausted and stats.verified and stats.programs_tested > 0
    return list(program.clauses), (scores.tp, scores.fn, scores.tn, scores.fp)


def test_ancestor(tmp_path):
    clauses, scores = learned(ancestor_task(tmp_path))
    assert scores == (18, 0, 46, 0)
    # either recursive clause (recursion on the first or the last step) is optimal
    assert clauses[0] == "ancestor(A,B) :- parent(A,B)."
    assert clauses[1] in (
        "ancestor(A,B) :- parent(C,B), ancestor(A,C).",
        "ancestor(A,B) :- parent(A,C), ancestor(C,B).",
    )
    assert len(clauses) == 2


def test_last_element(tmp_path):
    assert learned(last_task(tmp_path)) == (
        [
            "last(A,B) :- head(A,B), tail(A,C), empty(C).",
            "last(A,B) :- tail(A,C), last(C,B).",
        ],
        (5, 0, 6, 0),
    )


def test_length(tmp_path):
    # the base clause covers no positive example on its own (no example has [])
    assert learned(length_task(tmp_path)) == (
        [
            "f(A,B) :- empty(A), zero(B).",
            "f(A,B) :- tail(A,C), f(C,D), inc(D,B).",
        ],
        (5, 0, 5, 0),
    )


def test_max_clauses_one_means_no_recursive_program(tmp_path):
    # a one-clause program cannot recurse: the best non-recursive rule is learned
    program, scores, stats = learn(ancestor_task(tmp_path, "max_clauses(1).\n"), timeout=120)
    assert stats.programs_tested == 0 and not any(is_recursive(r) for r in program.rules)
    assert scores.fp == 0


def test_recursive_clauses_have_one_recursive_literal(tmp_path):
    bias = read_bias(last_task(tmp_path) / "bias.pl")
    gen = Generator(bias, recursive=True)
    head = Literal("last", (0, 1))
    assert not list(gen.rules(1))  # last(A,B) alone is left out, and nothing else binds B
    for k in (2, 3):
        rules = list(gen.rules(k))
        assert rules
        for rule in rules:
            assert sum(lit.pred == "last" for lit in rule.body) == 1
            assert head not in rule.body
    # the ordinary generator never yields one
    assert not any(is_recursive(r) for k in (1, 2, 3) for r in Generator(bias).rules(k))


def test_program_tested_as_a_whole_with_depth_limit(tmp_path):
    task = last_task(tmp_path)
    base = parse_rule("last(A,B) :- head(A,B), tail(A,C), empty(C).")
    step = parse_rule("last(A,B) :- tail(A,C), last(C,B).")
    loop = parse_rule("last(A,B) :- last(A,B).")
    with Tester(task / "bk.pl", task / "exs.pl", read_bias(task / "bias.pl")) as t:
        # each clause alone covers less than the program
        assert t.cover(base, "pos").mask == 0b1
        whole = t.cover_program((base, step), "pos")
        assert whole.ok and whole.mask == 0b11111
        assert t.cover_program((base, step), "neg").mask == 0
        assert t.cover_program((step,), "pos").mask == 0  # no base case: terminates, none
        # a clause that calls itself unchanged never ends: unknown, not "not covered"
        assert t.cover_program((base, loop), "pos").status == "depth"
        assert t.cover_program((base, loop), "neg", first=True).status == "depth"
        # a proof found before any unknown answers "covers some"
        first = t.cover_program((base, loop), "pos", first=True)
        assert first.ok and first.mask == 0b1
        assert t.cover_program((base, loop), "pos", candidates=0b110, first=True).status == "depth"
        # the program's clauses are gone after each test
        assert t.cover_program((step,), "pos").mask == 0
        assert t.score((base, step))[0].as_dict() == {"tp": 5, "fn": 0, "tn": 6, "fp": 0}


def brute_subsumes(general: Rule, special: Rule) -> bool:
    if general.head != special.head:
        return False
    head = set(general.head.args)
    free = sorted({v for lit in general.body for v in lit.args} - head)
    targets = sorted({v for lit in special.body for v in lit.args} | head)
    body = set(special.body)
    for image in itertools.product(targets, repeat=len(free)):
        theta = dict(zip(free, image, strict=True))
        if all(lit.renamed(theta) in body for lit in general.body):
            return True
    return False


def test_subsumes_examples():
    r = parse_rule
    assert subsumes(r("f(A,B) :- p(A,C)."), r("f(A,B) :- p(A,D), q(D,B)."))
    assert subsumes(r("f(A,B) :- p(A,C), p(C,B)."), r("f(A,B) :- p(A,D), p(D,B), q(A)."))
    assert subsumes(r("f(A,B) :- p(A,C), p(A,D)."), r("f(A,B) :- p(A,C)."))  # not injective
    assert not subsumes(r("f(A,B) :- p(A,B)."), r("f(A,B) :- p(B,A)."))  # head fixed
    assert not subsumes(
        r("f(A,B) :- p(A,C), q(C)."),
        r("f(A,B) :- p(A,C), q(D), p(A,D).".replace("p(A,D)", "r(A,D)")),
    )


LITS = st.lists(
    st.tuples(st.sampled_from(["p", "q", "r"]), st.tuples(st.integers(0, 4), st.integers(0, 4))),
    min_size=1,
    max_size=4,
)


@settings(max_examples=300, deadline=None)
@given(LITS, LITS)
def test_subsumes_against_brute_force(a, b):
    head = Literal("f", (0, 1))
    general = Rule.make(head, (Literal(p, args) for p, args in a))
    special = Rule.make(head, (Literal(p, args) for p, args in b))
    assert subsumes(general, special) == brute_subsumes(general, special)


@settings(max_examples=200, deadline=None)
@given(st.lists(LITS, max_size=4), LITS)
def test_subsumes_any_against_brute_force(generals, b):
    # one special rule read once for several general ones, those with a
    # predicate it lacks passed over without a search
    head = Literal("f", (0, 1))
    rules = [Rule.make(head, (Literal(p, args) for p, args in a)) for a in generals]
    special = Rule.make(head, (Literal(p, args) for p, args in b))
    expected = any(brute_subsumes(g, special) for g in rules)
    assert subsumes_any(rules, special) == expected


@pytest.mark.parametrize(
    "extra, message",
    [
        ("enable_pi.", "predicate invention"),
    ],
)
def test_still_refused(extra, message):
    base = "head_pred(f,1). body_pred(p,1). enable_recursion.\n"
    with pytest.raises(TaskError, match=message):
        parse_bias(base + extra)


def test_recursion_accepted_and_numbered_clauses_without_it():
    assert parse_bias("head_pred(f,1). body_pred(p,1). enable_recursion.").recursion
    b = parse_bias("head_pred(f,1). body_pred(p,1). :- body_literal(1,p,_,_).")
    assert not b.recursion and b.recursive_clauses == 2
    assert not b.numbered_clauses and b.rule_clauses is None


@pytest.mark.parametrize("rule", [":- body_literal(1,p,_,_).", ":- clause(0), body_size(0,3)."])
def test_numbered_clauses_with_recursion_accepted(rule):
    b = parse_bias("head_pred(f,1). body_pred(p,1). enable_recursion. max_clauses(3).\n" + rule)
    assert b.recursion and b.numbered_clauses
    assert b.rule_clauses == 1  # a non-recursive program is clause 0 alone


def test_noisy_recursion_accepted(tmp_path, capsys):
    # ancestor without noise: the recursive program (5 literals, no error)
    # has the lowest description length too
    task = ancestor_task(tmp_path)
    program, scores, stats = learn(task, noisy=True, timeout=120)
    assert (scores.fn, scores.fp) == (0, 0) and stats.exhausted
    assert any(is_recursive(r) for r in program.rules)
    assert main(["learn", str(task), "--noisy", "--quiet"]) == 0


def test_head_predicate_defined_in_bk_refused(tmp_path):
    task = last_task(tmp_path)
    (task / "bk.pl").write_text(LIST_BK + "last([X], X).\n")
    with pytest.raises(TaskError, match="defines the head predicate last/2"):
        learn(task)


def test_no_recursive_clauses_enumerated_for_a_split_without_base_clauses(tmp_path, monkeypatch):
    # a split (base size, recursive size) with no consistent base clause has no
    # program: its recursive clauses (a generator's whole enumeration) are not made
    from ilp.recursion import RecursiveSearch

    calls = []
    real_bases, real_recs = RecursiveSearch.bases, RecursiveSearch.recs

    def bases(self, k, deadline):
        found = real_bases(self, k, deadline)
        calls.append(("bases", k, found))
        return found

    def recs(self, k, deadline):
        calls.append(("recs", k, None))
        return real_recs(self, k, deadline)

    monkeypatch.setattr(RecursiveSearch, "bases", bases)
    monkeypatch.setattr(RecursiveSearch, "recs", recs)
    assert learned(last_task(tmp_path))[1] == (5, 0, 6, 0)
    assert any(kind == "bases" and found == [] for kind, _, found in calls)
    for before, (kind, _, _) in zip(calls, calls[1:], strict=False):
        if kind == "recs":  # asked right after the bases of its split, never empty
            assert before[0] == "bases" and before[2]
