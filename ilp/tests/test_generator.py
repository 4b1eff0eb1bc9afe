"""The generator against a brute-force oracle: same rule space, each rule once, constraints."""

import functools
import itertools
from collections import Counter
from pathlib import Path

import pytest
from bias_text import NO_SINGLETONS
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ilp.bias import Bias, PredDecl, parse_bias, read_bias
from ilp.generate import Generator
from ilp.rules import Literal, Rule, canonical, literal_key

TASKS = Path(__file__).parent / "tasks"


# ------------------------------------------------------------------- oracle
def oracle_candidates(bias: Bias) -> list[Literal]:
    a = bias.head.arity
    out = []
    for p in bias.body:
        for args in itertools.permutations(range(bias.max_vars), p.arity):
            if (
                p.types is not None
                and bias.head.types is not None
                and any(v < a and bias.head.types[v] != p.types[i] for i, v in enumerate(args))
            ):
                continue
            out.append(Literal(p.name, args))
    return out


def oracle_valid(body: tuple[Literal, ...], bias: Bias) -> bool:
    """The rule-space conditions, written independently of the ASP encoding."""
    a = bias.head.arity
    decl = {p.name: p for p in bias.body}
    occ = Counter(v for lit in body for v in lit.args)
    if not bias.non_datalog and any(occ[v] == 0 for v in range(a)):
        return False
    if NO_SINGLETONS in bias.program and any(n == 1 for v, n in occ.items() if v >= a):
        return False
    if bias.head.types is not None:
        types: dict[int, set] = {}
        for lit in body:
            for i, v in enumerate(lit.args):
                types.setdefault(v, set()).add(decl[lit.pred].types[i])
        if any(len(ts) > 1 for ts in types.values()):
            return False
    reached = set(range(a))
    changed = True
    while changed:
        changed = False
        for lit in body:
            if reached & set(lit.args) and not set(lit.args) <= reached:
                reached |= set(lit.args)
                changed = True
    if not set(occ) <= reached:
        return False
    if bias.has_directions:
        bound = {v for v, d in enumerate(bias.head.directions) if d == "in"}
        ready: set[Literal] = set()
        changed = True
        while changed:
            changed = False
            for lit in body:
                dirs = decl[lit.pred].directions
                if lit not in ready and all(
                    v in bound for v, d in zip(lit.args, dirs, strict=True) if d == "in"
                ):
                    ready.add(lit)
                    bound |= {v for v, d in zip(lit.args, dirs, strict=True) if d == "out"}
                    changed = True
        outs = {v for v, d in enumerate(bias.head.directions) if d == "out"}
        if len(ready) < len(body) or not outs <= bound:
            return False
    return True


@functools.cache
def oracle_bodies(bias: Bias) -> tuple[tuple[Literal, ...], ...]:
    cands = oracle_candidates(bias)
    return tuple(
        body
        for k in range(1, bias.max_body + 1)
        for body in itertools.combinations(cands, k)
        if oracle_valid(body, bias)
    )


def oracle_space(bias: Bias, keep=lambda body: True) -> set[Rule]:
    head = Literal(bias.head.name, tuple(range(bias.head.arity)))
    return {canonical(Rule.make(head, body)) for body in oracle_bodies(bias) if keep(body)}


def lex_min(rule: Rule, bias: Bias) -> Rule:
    """The representative the generator must keep, by brute force: the smallest
    (sorted body compared literal by literal) renaming whose body variables are
    numbered without gaps in order of their types."""
    decl = {p.name: p for p in bias.body}
    a = len(rule.head.args)
    vs = rule.body_only_vars()
    best = None
    for targets in itertools.permutations(range(a, a + len(vs))):
        r = rule.renamed(dict(zip(vs, targets, strict=True)))
        if bias.head.types is not None:
            types = {v: decl[x.pred].types[i] for x in r.body for i, v in enumerate(x.args)}
            if any(types[v] > types[v + 1] for v in range(a, a + len(vs) - 1)):
                continue
        key = [literal_key(x) for x in r.body]
        if best is None or key < best[0]:
            best = (key, r)
    return best[1]


def generated(gen: Generator, sizes=None) -> list[Rule]:
    sizes = sizes or range(1, gen.bias.max_body + 1)
    return [r for k in sizes for r in gen.rules(k)]


def renaming_contained(small: tuple[Literal, ...], big: tuple[Literal, ...], bias: Bias) -> bool:
    """Is some renaming of ``small``'s body-only variables a subset of ``big``?"""
    a = bias.head.arity
    vs = sorted({v for lit in small for v in lit.args if v >= a})
    big_set = set(big)
    for targets in itertools.permutations(range(a, bias.max_vars), len(vs)):
        m = dict(zip(vs, targets, strict=True))
        if {lit.renamed(m) for lit in small} <= big_set:
            return True
    return False


# -------------------------------------------------------------------- tests
SYNTHETIC = """
head_pred(f,1). body_pred(p,2). body_pred(q,1). body_pred(r,2).
max_vars(5). max_body(4).
"""

TYPED = """
head_pred(f,1). body_pred(g,2). body_pred(h,2). body_pred(k,1).
type(f,(x,)). type(g,(x,y)). type(h,(y,z)). type(k,(z,)).
direction(f,(in,)). direction(g,(in,out)). direction(h,(in,out)). direction(k,(in,)).
max_vars(5). max_body(5).
"""

BIASES = {
    "grandparent": read_bias(TASKS / "grandparent" / "bias.pl"),
    "second": read_bias(TASKS / "second" / "bias.pl"),
    "zoo": read_bias(TASKS / "zoo" / "bias.pl"),
    "noisy": read_bias(TASKS / "noisy" / "bias.pl"),
    "synthetic": parse_bias(SYNTHETIC + NO_SINGLETONS),
    "typed": parse_bias(TYPED + NO_SINGLETONS),
    "synthetic_singletons": parse_bias(
        SYNTHETIC.replace("max_body(4)", "max_body(3)") + "allow_singletons."
    ),  # accepted; the default anyway
}


def assert_few_repeats(canon: list[Rule]) -> None:
    """Transpositions-only symmetry breaking repeats some rules, never most
    (without it, each rule with k body-only variables would come up to k! times)."""
    repeats = len(canon) - len(set(canon))
    assert repeats <= len(canon) // 4, f"{repeats} of {len(canon)} rules repeated"


def transposition_images(r: Rule, bias: Bias) -> list[Rule]:
    """``r`` with two body variables swapped, for each swap the generator's
    lex-leader constraints compare with: any two variables in an untyped bias,
    two used variables of the same type in a typed one."""
    a = bias.head.arity
    types = var_types(r.body, bias) if bias.head.types is not None else None
    images = []
    for x, y in itertools.combinations(range(a, bias.max_vars), 2):
        if types is not None and (x not in types or y not in types or types[x] != types[y]):
            continue
        images.append(r.renamed({x: y, y: x}))
    return images


@pytest.mark.parametrize("name", sorted(BIASES))
def test_generator_matches_oracle_lex_leaders_of_transpositions(name):
    bias = BIASES[name]
    gen = Generator(bias)
    rules = generated(gen)
    canon = [canonical(r) for r in rules]
    assert set(canon) == oracle_space(bias)
    generated_bodies = {frozenset(r.body) for r in rules}
    for r in rules:
        key = sorted(literal_key(x) for x in r.body)
        for image in transposition_images(r, bias):  # no swap of two variables gives a smaller rule
            assert key <= sorted(literal_key(x) for x in image.body), (r, image)
        # the smallest renaming of every class is generated
        assert frozenset(lex_min(r, bias).body) in generated_bodies
    assert_few_repeats(canon)
    for k in range(1, bias.max_body + 1):  # sizes are honoured
        assert all(len(r.body) == k for r in gen.rules(k))


def has_pred(body, name: str) -> bool:
    return any(lit.pred == name for lit in body)


def uses_var(body, v: int) -> bool:
    return any(v in lit.args for lit in body)


def var_types(body, bias: Bias) -> dict[int, str]:
    decl = {p.name: p for p in (bias.head, *bias.body)}
    types = dict(enumerate(bias.head.types))
    for lit in body:
        types.update((v, decl[lit.pred].types[i]) for i, v in enumerate(lit.args))
    return types


# Popper bias rules and constraints: the generated space is exactly the oracle's,
# filtered by what the rule or constraint says (each rule still generated once).
# without singletons, to keep the brute-force spaces small
SYNTHETIC_NS, TYPED_NS = SYNTHETIC + NO_SINGLETONS, TYPED + NO_SINGLETONS
POPPER_BIAS = {
    "forbid_pair": (
        SYNTHETIC_NS + ":- body_literal(C,q,_,_), body_literal(C,r,_,_).",
        SYNTHETIC_NS,
        lambda body, b: not (has_pred(body, "q") and has_pred(body, "r")),
    ),
    "require_var": (
        SYNTHETIC_NS + ":- not body_var(_,1).",
        SYNTHETIC_NS,
        lambda body, b: uses_var(body, 1),
    ),
    "derived_body_pred": (
        SYNTHETIC_NS.replace("body_pred(q,1).", "c(q). body_pred(P,1) :- c(P)."),
        SYNTHETIC_NS,
        lambda body, b: True,
    ),
    "bad_body": (
        SYNTHETIC_NS + "bad_body(p,Vars) :- vars(_,Vars), Vars = (V0,_), V0 != 0.",
        SYNTHETIC_NS,
        lambda body, b: all(x.args[0] == 0 for x in body if x.pred == "p"),
    ),
    "count_var_type": (
        TYPED_NS + ":- clause(C), #count{V : var_type(C,V,y)} != 1.",
        TYPED_NS,
        lambda body, b: list(var_types(body, b).values()).count("y") == 1,
    ),
    "body_size": (
        SYNTHETIC_NS + ":- body_size(0,N), N = 2.",
        SYNTHETIC_NS,
        lambda body, b: len(body) != 2,
    ),
    "var_in_literal": (
        SYNTHETIC_NS + ":- var_in_literal(C,q,_,0).",
        SYNTHETIC_NS,
        lambda body, b: not any(x.pred == "q" and 0 in x.args for x in body),
    ),
}


@pytest.mark.parametrize("name", sorted(POPPER_BIAS))
def test_popper_bias_rules_and_constraints(name):
    text, plain, keep = POPPER_BIAS[name]
    bias = parse_bias(text)
    assert bias.program  # the bias has rules: they go to the generator
    base = parse_bias(plain)
    gen = Generator(bias)
    canon = [canonical(r) for r in generated(gen)]
    assert_few_repeats(canon)
    expected = oracle_space(base, keep=lambda body: keep(body, base))
    assert set(canon) == expected
    assert 0 < len(expected)
    if name != "derived_body_pred":
        assert len(expected) < len(oracle_space(base))  # the constraint bites


def test_non_datalog_head_variables_need_not_occur_in_the_body():
    text = "head_pred(f,2). body_pred(p,2). body_pred(q,1). max_vars(4). max_body(3).\n"
    datalog, free = parse_bias(text), parse_bias(text + "non_datalog.")
    assert free.non_datalog and not datalog.non_datalog
    space = {canonical(r) for r in generated(Generator(free))}
    assert space == oracle_space(free)
    assert {canonical(r) for r in generated(Generator(datalog))} == oracle_space(datalog)
    assert oracle_space(datalog) < space
    head = Literal("f", (0, 1))
    assert Rule.make(head, [Literal("q", (0,))]) in space  # B only in the head


def test_in_space_agrees_with_the_oracle():
    bias = BIASES["zoo"]
    gen = Generator(bias)
    space = oracle_space(bias)
    head = Literal("dangerous", (0,))
    cands = oracle_candidates(bias)
    for k in (1, 2):
        for body in itertools.combinations(cands, k):
            rule = Rule.make(head, body)
            assert gen.in_space(rule) == (canonical(rule) in space)


@pytest.mark.parametrize(
    "name, rule_text",
    [
        ("grandparent", "grandparent(A,B) :- parent(A,C)."),
        ("grandparent", "grandparent(A,B) :- parent(C,B), male(C)."),
        ("synthetic", "f(A) :- p(A,B), q(B)."),
        ("synthetic", "f(A) :- r(B,C)."),
        ("zoo", "dangerous(A) :- eats(A,B)."),
        ("second", "f(A,B) :- tail(A,C), tail(C,D)."),
        ("second", "f(A,B) :- last(C,B)."),
        ("typed", "f(A) :- g(A,B), h(B,C)."),
    ],
)
def test_specialisation_constraint_prunes_exactly_the_supersets(name, rule_text):
    from ilp.rules import parse_rule

    bias = BIASES[name]
    rule = parse_rule(rule_text)
    gen = Generator(bias)
    gen.prune_specialisations(rule)
    got = {canonical(r) for r in generated(gen)}
    expected = oracle_space(bias, keep=lambda b: not renaming_contained(rule.body, b, bias))
    assert got == expected
    assert got < oracle_space(bias)


@pytest.mark.parametrize(
    "name, rule_text",
    [
        ("grandparent", "grandparent(A,B) :- parent(A,C), parent(C,B), male(C)."),
        ("synthetic", "f(A) :- p(A,B), q(B), r(B,C), p(C,A)."),
        ("typed", "f(A) :- g(A,B), h(B,C), k(C), g(A,D), k(D)."),
    ],
)
def test_generalisation_constraint_prunes_exactly_the_subsets(name, rule_text):
    from ilp.rules import parse_rule

    bias = BIASES[name]
    rule = parse_rule(rule_text)
    gen = Generator(bias)
    gen.prune_generalisations(rule, min_size=1)
    got = {canonical(r) for r in generated(gen)}
    expected = oracle_space(bias, keep=lambda b: not renaming_contained(b, rule.body, bias))
    assert got == expected
    assert canonical(rule) not in got and got < oracle_space(bias)
    # restricted to sizes still to come, it prunes nothing smaller
    gen = Generator(bias)
    gen.prune_generalisations(rule, min_size=len(rule.body) + 1)
    assert {canonical(r) for r in generated(gen)} == oracle_space(bias)


def test_constraint_now_applies_to_the_current_enumeration():
    from ilp.rules import parse_rule

    bias = BIASES["synthetic"]
    part = parse_rule("f(A) :- q(A).")
    gen = Generator(bias)
    seen = []
    for i, r in enumerate(gen.rules(3)):
        seen.append(r)
        if i == 0:
            gen.prune_specialisations(part, now=True)
    after = seen[1:]
    assert after and not any(renaming_contained(part.body, r.body, bias) for r in after)
    all3 = [r for r in oracle_space(bias) if len(r.body) == 3]
    assert {canonical(r) for r in after} == {
        r for r in all3 if not renaming_contained(part.body, r.body, bias)
    } - {canonical(seen[0])}


def test_a_part_pruned_again_adds_no_constraint_unless_it_must_apply_now():
    from ilp.rules import parse_rule

    bias = BIASES["synthetic"]
    part = parse_rule("f(A) :- p(A,B), q(B).")
    renamed = parse_rule("f(A) :- q(C), p(A,C).")
    gen = Generator(bias)
    gen.prune_specialisations(part)
    n = len(gen._pending)
    assert n > 0
    gen.prune_specialisations(renamed)  # the same constraints, pending already
    assert len(gen._pending) == n
    gen.prune_specialisations(renamed, now=True)  # pending is not in force yet
    assert len(gen._pending) == 2 * n and gen._now
    rules3 = list(gen.rules(3))  # flushed: in force from here on
    gen.prune_specialisations(part, now=True)
    assert not gen._pending
    expected = oracle_space(bias, keep=lambda b: not renaming_contained(part.body, b, bias))
    assert {canonical(r) for r in rules3} == {r for r in expected if len(r.body) == 3}


@st.composite
def small_biases(draw):
    types = draw(st.booleans())
    dirs = draw(st.booleans())
    head_arity = draw(st.integers(1, 2))
    n_preds = draw(st.integers(1, 3))
    type_names = ["a", "b"]

    def decl(name, arity, head=False):
        ts = tuple(draw(st.sampled_from(type_names)) for _ in range(arity)) if types else None
        ds = None
        if dirs:
            ds = tuple("in" if head else draw(st.sampled_from(["in", "out"])) for _ in range(arity))
        return PredDecl(name, arity, ts, ds)

    head = decl("f", head_arity, head=True)
    body = tuple(decl(f"p{i}", draw(st.integers(1, 2))) for i in range(n_preds))
    return Bias(
        head,
        body,
        max_vars=draw(st.integers(head_arity, 4)),
        max_body=draw(st.integers(1, 3)),
        max_clauses=1,
        program=draw(st.sampled_from(["", NO_SINGLETONS])),
    )


@settings(max_examples=30, deadline=None)
@given(small_biases())
def test_generator_matches_oracle_on_random_biases(bias):
    gen = Generator(bias)
    canon = [canonical(r) for r in generated(gen)]
    assert_few_repeats(canon)
    assert set(canon) == oracle_space(bias)


def oracle_renamings(gen: Generator, rule: Rule, type_sorted: bool) -> list:
    """Every mapping of the body-only variables to distinct body variables
    (in permutation order) whose renamed body consists of candidates, each
    literal set once; with ``type_sorted``, only those numbering the
    variables in type order."""
    variables = rule.body_only_vars()
    types = gen._var_types(rule) if type_sorted else None
    out, seen = [], set()
    for targets in itertools.permutations(gen.body_var_range, len(variables)):
        mapping = dict(zip(variables, targets, strict=True))
        if types is not None:
            order = [v for _, v in sorted((t, v) for v, t in mapping.items())]
            if any(types[x] > types[y] for x, y in itertools.pairwise(order)):
                continue
        ids = [gen.index.get(lit.renamed(mapping)) for lit in rule.body]
        if None in ids or frozenset(ids) in seen:
            continue
        seen.add(frozenset(ids))
        out.append((frozenset(ids), mapping))
    return out


@settings(max_examples=40, deadline=None)
@given(small_biases(), st.data())
def test_renamings_match_brute_force(bias, data):
    gen = Generator(bias)
    cands = oracle_candidates(bias)
    assume(cands)
    body = data.draw(st.lists(st.sampled_from(cands), min_size=1, max_size=3, unique=True))
    rule = Rule.make(Literal("f", tuple(range(bias.head.arity))), body)
    for type_sorted in (False, True):
        assert list(gen._renamings(rule, type_sorted)) == oracle_renamings(gen, rule, type_sorted)


class _EarlyWaitHandle:
    """A solve handle whose first wait() says 'not ready' long before its timeout."""

    def __init__(self, handle):
        self.handle, self.early = handle, True

    def wait(self, timeout):
        if self.early:
            self.early = False
            return False
        return self.handle.wait(timeout)

    def __getattr__(self, name):
        return getattr(self.handle, name)

    def __enter__(self):
        self.handle.__enter__()
        return self

    def __exit__(self, *exc):
        return self.handle.__exit__(*exc)


def test_a_wait_that_returns_early_does_not_end_the_size():
    import time

    bias = read_bias(TASKS / "zoo" / "bias.pl")
    expected = generated(Generator(bias), sizes=[2])
    gen = Generator(bias)
    solve = gen.ctl.solve
    gen.ctl = type(
        "Ctl",
        (),
        {
            "__getattr__": lambda self, n: getattr(solve.__self__, n),
            "solve": lambda self, **kw: _EarlyWaitHandle(solve(**kw)),
        },
    )()
    rules = list(gen.rules(2, deadline=time.perf_counter() + 600))
    assert not gen.timed_out
    assert rules == expected
