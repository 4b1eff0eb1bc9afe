"""Coverage testing in SWI-Prolog: exact coverage, candidate sets, limits, task isolation."""

import random
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ilp.bias import parse_bias, read_bias
from ilp.rules import Literal, Rule, connected, evaluation_order, format_rule, parse_rule
from ilp.task import TaskError
from ilp.test import HELPER_MODULE, Tester, mask_indices, to_mask

TASKS = Path(__file__).parent / "tasks"
GP = TASKS / "grandparent"


def facts(pred: str) -> set[tuple[str, ...]]:
    out = set()
    for part in GP.joinpath("bk.pl").read_text().replace("\n", " ").split("."):
        part = part.strip()
        if part.startswith(pred + "("):
            out.add(tuple(x.strip() for x in part[len(pred) + 1 : -1].split(",")))
    return out


def examples(kind: str) -> list[tuple[str, str]]:
    out = []
    for line in GP.joinpath("exs.pl").read_text().splitlines():
        if line.startswith(kind + "("):
            a, b = line[len(kind) + len("(grandparent(") :].rstrip(").").split(",")
            out.append((a, b))
    return out


@pytest.fixture(scope="module")
def gp():
    with Tester(GP / "bk.pl", GP / "exs.pl", read_bias(GP / "bias.pl")) as t:
        yield t


def test_counts(gp):
    assert (gp.n_pos, gp.n_neg) == (len(examples("pos")), len(examples("neg"))) == (10, 27)


@pytest.mark.parametrize("kind", ["pos", "neg"])
def test_coverage_matches_python(gp, kind):
    parent, male = facts("parent"), {x for (x,) in facts("male")}
    people = {p for pair in parent for p in pair}
    oracles = {
        "grandparent(A,B) :- parent(A,C), parent(C,B).": lambda a, b: any(
            (a, c) in parent and (c, b) in parent for c in people
        ),
        "grandparent(A,B) :- parent(A,C), male(C).": lambda a, b: any(
            (a, c) in parent and c in male for c in people
        ),
        "grandparent(A,B) :- parent(B,A).": lambda a, b: (b, a) in parent,
        "grandparent(A,B) :- male(A), male(B).": lambda a, b: a in male and b in male,
    }
    for text, oracle in oracles.items():
        expected = [i for i, (a, b) in enumerate(examples(kind)) if oracle(a, b)]
        got = gp.cover(parse_rule(text), kind)
        assert got.ok and mask_indices(got.mask) == expected, text


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**10 - 1))
def test_candidates_and_first(gp, cands):
    rule = parse_rule("grandparent(A,B) :- parent(A,C), male(C).")
    full = gp.cover(rule, "pos").mask
    assert gp.cover(rule, "pos", candidates=cands).mask == full & cands
    first = gp.cover(rule, "pos", candidates=cands, first=True).mask
    hits = mask_indices(full & cands)
    assert first == (1 << hits[0] if hits else 0)


def test_masks_round_trip():
    for idx in ([], [0], [3, 5, 64, 1000]):
        assert mask_indices(to_mask(idx)) == idx


@given(st.sets(st.integers(0, 3000)))
def test_mask_indices_oracle(idx):
    mask = sum(1 << i for i in idx)
    assert to_mask(sorted(idx)) == mask
    assert mask_indices(mask) == [i for i in range(mask.bit_length()) if mask >> i & 1]


def make_task(tmp_path: Path, name: str, bk: str, exs: str, bias: str) -> Path:
    d = tmp_path / name
    d.mkdir()
    (d / "bk.pl").write_text(bk)
    (d / "exs.pl").write_text(exs)
    (d / "bias.pl").write_text(bias)
    return d


BIAS = "head_pred(f,1). body_pred(p,1). body_pred(loop,1). body_pred(slow,1). body_pred(bad,1).\n"
BK = """p(a). p(b).
loop(X) :- loop(X).
slow(X) :- sleep(1.0), p(X).
bad(X) :- X is foo + 1.
"""


def test_tasks_are_isolated_and_reloadable(tmp_path):
    bias = parse_bias(BIAS)
    one = make_task(tmp_path, "one", BK, "pos(f(a)).\nneg(f(c)).\n", BIAS)
    two = make_task(tmp_path, "two", BK.replace("p(b).", "p(c)."), "pos(f(a)).\nneg(f(c)).\n", BIAS)
    rule = parse_rule("f(A) :- p(A).")
    with (
        Tester(one / "bk.pl", one / "exs.pl", bias) as t1,
        Tester(two / "bk.pl", two / "exs.pl", bias) as t2,
    ):
        assert t1.module != t2.module
        assert t1.cover(rule, "neg").mask == 0  # p(c) is only in task two
        assert t2.cover(rule, "neg").mask == 1
    with Tester(one / "bk.pl", one / "exs.pl", bias) as again:  # same file, new module
        assert again.cover(rule, "pos").mask == 1


def test_limits_and_errors_do_not_hang(tmp_path):
    bias = parse_bias(BIAS)
    d = make_task(tmp_path, "t", BK, "pos(f(a)).\npos(f(b)).\nneg(f(c)).\n", BIAS)
    with Tester(
        d / "bk.pl", d / "exs.pl", bias, eval_timeout=0.2, inferences_per_example=100_000
    ) as t:
        assert t.cover(parse_rule("f(A) :- loop(A)."), "pos").status == "limit"
        assert t.cover(parse_rule("f(A) :- slow(A)."), "pos").status == "timeout"
        assert t.cover(parse_rule("f(A) :- bad(A)."), "pos").status == "error"
        ok = t.cover(parse_rule("f(A) :- p(A)."), "pos")  # still usable afterwards
        assert ok.ok and ok.mask == 0b11


@pytest.mark.parametrize(
    "exs, quoted",
    [
        ("pos(g(a)).\n", "found `pos(g(a))'"),  # the offending fact, not 'Unknown error term'
        ("pos(f(X)).\n", "found `pos(f(_"),
        ("example(f(a)).\n", "found `example(f(a))'"),
        ("pos(f(a)\n", "Syntax error"),
    ],
)
def test_bad_examples(tmp_path, exs, quoted):
    d = make_task(tmp_path, "t", BK, exs, BIAS)
    with pytest.raises(TaskError, match="cannot read examples") as info:
        Tester(d / "bk.pl", d / "exs.pl", parse_bias(BIAS))
    assert quoted in str(info.value) and "Unknown error term" not in str(info.value)


def test_undefined_body_predicate(tmp_path):
    bias_text = BIAS + "body_pred(nowhere,2).\n"
    d = make_task(tmp_path, "t", BK, "pos(f(a)).\n", bias_text)
    with pytest.raises(TaskError, match="nowhere/2 is not defined"):
        Tester(d / "bk.pl", d / "exs.pl", parse_bias(bias_text))


def test_library_predicates_count_as_defined(tmp_path):
    bias_text = "head_pred(f,1). body_pred(is_list,1).\n"
    d = make_task(tmp_path, "t", "", "pos(f([])).\nneg(f(a)).\n", bias_text)
    with Tester(d / "bk.pl", d / "exs.pl", parse_bias(bias_text)) as t:
        assert t.cover(parse_rule("f(A) :- is_list(A)."), "pos").mask == 1


def test_tester_is_usable_on_a_copied_task(tmp_path):
    shutil.copytree(GP, tmp_path / "gp")
    with Tester(
        tmp_path / "gp" / "bk.pl", tmp_path / "gp" / "exs.pl", read_bias(GP / "bias.pl")
    ) as t:
        assert (
            t.cover(parse_rule("grandparent(A,B) :- parent(A,C), parent(C,B)."), "pos").mask
            == 2**10 - 1
        )


def test_first_line_starting_with_hash_is_skipped_as_consult_does(tmp_path):
    # Popper's robots-linear/exs.pl starts with "#T1"; SWI's consult skips such a line
    d = make_task(tmp_path, "t", BK, "#T1\npos(f(a)).\npos(f(b)).\nneg(f(c)).\n", BIAS)
    with Tester(d / "bk.pl", d / "exs.pl", parse_bias(BIAS)) as t:
        assert (t.n_pos, t.n_neg) == (2, 1)
    d = make_task(tmp_path, "u", BK, "pos(f(a)).\n#T1\npos(f(b)).\n", BIAS)
    with pytest.raises(TaskError, match="cannot read examples"):  # only the first line
        Tester(d / "bk.pl", d / "exs.pl", parse_bias(BIAS))


def test_bodies_ordered_by_recall_cover_the_same(tmp_path):
    # with the BK's fact relations known, bodies are ordered by their answers
    # (pure tests first, then the literal with the fewest answers); the coverage
    # must not change
    rules = [
        "grandparent(A,B) :- parent(A,C), parent(C,B).",
        "grandparent(A,B) :- male(C), parent(A,C), parent(C,D), female(D), parent(D,B).",
        "grandparent(A,B) :- female(B), parent(C,B), parent(A,D), male(D).",
        "grandparent(A,B) :- parent(C,D), male(C), parent(D,B), parent(A,C).",
    ]
    bias = read_bias(GP / "bias.pl")
    with (
        Tester(GP / "bk.pl", GP / "exs.pl", bias) as plain,
        Tester(GP / "bk.pl", GP / "exs.pl", bias) as ordered,
    ):
        rows = {p: facts(p) for p in ("parent", "male", "female")}
        ordered.use_relations(rows)
        assert ordered.recall("parent", (True, False)) == 2  # ann, bob, fred: two children
        assert ordered.recall("parent", (False, True)) == 2  # bob: ann and kate
        assert ordered.recall("parent", (False, False)) == len(rows["parent"])
        assert ordered.recall("undefined", (True,)) == float("inf")
        for text in rules:
            rule = parse_rule(text)
            for kind in ("pos", "neg"):
                assert ordered.cover(rule, kind).mask == plain.cover(rule, kind).mask, text
        # female(B) is a pure test and goes first; parent(A,D) (at most 2 answers)
        # binds D, so male(D) is a pure test before parent(C,B)
        assert (
            ordered._text(parse_rule(rules[2]))
            == "grandparent(A,B) :- female(B), parent(A,C), male(C), parent(D,B)."
        )
        # without the relations: the literal sharing the most bound variables
        rule = parse_rule("grandparent(A,B) :- parent(A,C), parent(C,B), male(C).")
        assert plain._text(rule) == "grandparent(A,B) :- parent(A,C), parent(C,B), male(C)."
        assert ordered._text(rule) == "grandparent(A,B) :- parent(A,C), male(C), parent(C,B)."


def test_a_whole_program_has_an_inference_budget_per_example(tmp_path):
    """One example whose proof needs more than ``inferences_per_example``
    makes a whole-program test unknown (``limit``), however cheap the others
    are: the budget is each example's own, not shared by all examples (a
    program that never ends on the first example would otherwise spend every
    example's budget there)."""
    bk = "step.\ncount(N) :- forall(between(1, N, _), step).\ncost(1, 5000).\n"
    bk += "".join(f"cost({i}, 1).\n" for i in range(2, 41))
    bk += "work(X) :- cost(X, N), count(N).\n"
    exs = "".join(f"pos(f({i})).\n" for i in range(1, 41))
    d = make_task(tmp_path, "budget", bk, exs, "head_pred(f,1).\nbody_pred(work,1).\n")
    bias = read_bias(d / "bias.pl")
    program = (parse_rule("f(A) :- work(A)."),)
    with Tester(d / "bk.pl", d / "exs.pl", bias, inferences_per_example=2000) as t:
        assert t.cover_program(program, "pos").status == "limit"  # example 1 alone: ~10,000
        assert t.cover_program(program, "pos", candidates=~1 & ((1 << 40) - 1)).mask == (
            (1 << 40) - 2
        )
    with Tester(d / "bk.pl", d / "exs.pl", bias, inferences_per_example=50_000) as t:
        assert t.cover_program(program, "pos").mask == (1 << 40) - 1


def test_kept_rule_clauses_answer_as_fresh_ones(monkeypatch):
    """cover/14 keeps each rule's clause under its text's number until the
    text cache restarts; a rule asked again, before or after a restart (a
    tiny cache: every few rules), covers what it covers asked first, and
    one kept clause per text stays in the task's module."""
    monkeypatch.setattr("ilp.test.TEXT_CACHE", 3)
    texts = [
        "grandparent(A,B) :- parent(A,C), parent(C,B).",
        "grandparent(A,B) :- parent(A,C), male(C).",
        "grandparent(A,B) :- parent(B,A).",
        "grandparent(A,B) :- male(A), male(B).",
        "grandparent(A,B) :- parent(A,B).",
    ]
    with Tester(GP / "bk.pl", GP / "exs.pl", read_bias(GP / "bias.pl")) as t:
        first = {(x, k): t.cover(parse_rule(x), k).mask for x in texts for k in ("pos", "neg")}
        for _ in range(2):
            for x in reversed(texts):
                for k in ("pos", "neg"):
                    assert t.cover(parse_rule(x), k).mask == first[x, k], (x, k)
        kept = t.janus.query_once(
            f"aggregate_all(count, clause({t.module}:'$ilp_rule'(_, _), _), N)"
        )
        assert 1 <= kept["N"] <= 3
    assert any(first[x, "pos"] for x in texts) and any(first[x, "neg"] for x in texts)


def test_a_long_query_of_facts_is_asked_again_under_its_time_limit(tmp_path):
    """A body of facts is first asked without a time limit within a few
    inferences (limited/5 in test.pl), then again with it: a query that
    needs more gets its full answer, not a limit (an inference limit
    reached inside another one ends the inner one as if its own was)."""
    n = 30_000
    bk = "".join(f"q({i}).\n" for i in range(n)) + f"z({n - 1}).\np(a).\np(b).\n"
    bias = "head_pred(f,1). body_pred(p,1). body_pred(q,1). body_pred(z,1).\n"
    d = make_task(tmp_path, "t", bk, "pos(f(a)).\npos(f(c)).\nneg(f(b)).\n", bias)
    with Tester(d / "bk.pl", d / "exs.pl", parse_bias(bias)) as t:
        rule = parse_rule("f(A) :- p(A), q(B), z(B).")  # every q(B) tried
        assert t.fact_preds >= {"p", "q", "z"}
        before = t.janus.query_once("statistics(inferences, I)")["I"]
        pos, neg = t.cover(rule, "pos"), t.cover(rule, "neg", first=True)
        used = t.janus.query_once("statistics(inferences, I)")["I"] - before
        assert used > 2 * 20_000  # past the untimed inferences
        assert (pos.status, pos.mask, neg.status, neg.mask) == ("ok", 0b01, "ok", 0b1)


def test_untimed_first_try_only_when_the_caller_says_so(gp):
    """limited/5 with Python's True starts without a time limit (a goal
    that sleeps in one inference outlives the limit), with False under it;
    and the cover queries of many different rules leave janus's cache of
    parsed query strings as it was (what differs is passed as bindings)."""
    ask = (
        f"catch({HELPER_MODULE}:limited(sleep(0.3), 1000000000000, 0.05, U, _R), _E, true), "
        "(var(_E) -> E = none ; E = _E), (var(_R) -> R = none ; R = _R)"
    )
    assert gp.janus.query_once(ask, {"U": True})["R"] == "!"
    assert gp.janus.query_once(ask, {"U": False})["E"] == "time_limit_exceeded"
    count = "aggregate_all(count, janus:py_call_cache(_, _, _, _, _, _, _, _), N)"
    gp.cover(parse_rule("grandparent(A,B) :- parent(A,B)."), "pos")
    before = gp.janus.query_once(count)["N"]
    for x in ("parent(A,C), parent(C,B)", "parent(B,A)", "male(A), male(B)", "male(A)"):
        for kind in ("pos", "neg"):
            gp.cover(parse_rule(f"grandparent(A,B) :- {x}."), kind)
    assert gp.janus.query_once(count)["N"] - before <= 1  # at most the neg query's


def random_rules(rng, n: int):
    """``n`` random grandparent rules over variables 0-4, in the space or not
    (disconnected, or with no safe order under directions), repeats included."""
    preds = [("parent", 2), ("male", 1), ("female", 1)]
    head = parse_rule("grandparent(A,B).").head
    rules = []
    for _ in range(n):
        body = [
            Literal(p, tuple(rng.randrange(5) for _ in range(a)))
            for p, a in rng.choices(preds, k=rng.randint(1, 4))
        ]
        rules.append(Rule.make(head, body))
    return rules + rng.sample(rules, n // 2)


@pytest.mark.parametrize("directions", [False, True])
def test_cached_orders_and_texts_are_the_uncached_ones(directions):
    # the pointless-literal check asks Tester.callable and the negated texts
    # (through Tester.order) of each rule's parts: cached, they must be what
    # connected, evaluation_order and format_rule say, also after use_relations
    bias = read_bias(GP / "bias.pl")
    if directions:
        bias = parse_bias(
            GP.joinpath("bias.pl").read_text()
            + "direction(grandparent,(in,out)). direction(parent,(in,out)).\n"
            "direction(male,(in,)). direction(female,(in,)).\n"
        )
    rng = random.Random(7)
    rules = random_rules(rng, 400)
    with Tester(GP / "bk.pl", GP / "exs.pl", bias) as t:
        for step in range(2):
            if step == 1 and not directions:
                t.use_relations({p: facts(p) for p in ("parent", "male", "female")})
            recall = t.recall if step == 1 and not directions else None
            for rule in rules:
                try:
                    order = evaluation_order(rule, bias.directions, recall)
                except ValueError:
                    order = None
                assert t.order(rule) == order, rule
                assert t.callable(rule) == (connected(rule) and order is not None), rule
                for lit in rule.body:
                    rest = rule.without(lit)
                    try:
                        text = format_rule(rest, bias.directions, negated=lit, recall=recall)
                    except ValueError:
                        with pytest.raises(ValueError):
                            t._text(rest, lit)
                        continue
                    assert t._text(rest, lit) == text, (rest, lit)
