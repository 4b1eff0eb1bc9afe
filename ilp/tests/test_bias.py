"""Reading Popper bias files: supported declarations, defaults, and clear errors."""

import pytest

from ilp.bias import DEFAULTS, parse_bias, read_bias
from ilp.task import TaskError

BASE = "head_pred(f,1). body_pred(p,1).\n"


def test_defaults_and_singletons():
    b = parse_bias(BASE + "allow_singletons.")
    assert (b.max_vars, b.max_body, b.max_clauses) == (
        DEFAULTS["max_vars"],
        DEFAULTS["max_body"],
        DEFAULTS["max_clauses"],
    )
    assert not b.has_directions and b.directions is None
    assert b == parse_bias(BASE)  # accepted, and changes nothing: singletons are allowed anyway
    b = parse_bias(BASE + "type(f,t). type(p,t).")  # a bare name is a 1-tuple
    assert b.head.types == ("t",)


@pytest.mark.parametrize(
    "extra, message",
    [
        ("invented(inv,1).", "predicate invention"),
        ("enable_pi. type(f,(t,)). type(p,(t,)).", "'enable_pi' (predicate invention) is"),
        ("foo(1).", "unknown bias directive 'foo/1'"),
        ("max_rules(3).", "unknown bias directive 'max_rules/1'"),
        ("custom_bounds.", "'custom_bounds/0' asks for custom bounds"),
        ("prop(ab_ba,(p,p)).", "'prop/2' asks for BK property declarations"),
        ("#minimize { 1,X : foo(X) }.", "not part of a bias"),
        ("body_pred(q,1) :- a. {a}.", "must follow from the bias alone"),
        ("max_vars(0).", "positive integer"),
        ("max_body(2). max_body(3).", "max_body given twice"),
        ("head_pred(g,2).", "exactly one head_pred"),
        ("body_pred(f,1).", "recursion"),
        ("type(f,(a,)).", "type missing for p/1"),
        ("direction(f,(in,)). direction(p,(up,)).", "must be in/out"),
        ("type(f,(a,b)). type(p,(a,)).", "has 2 entries"),
        ("max_vars(1). head_pred(g,2).", "exactly one head_pred"),
        ("head_pred(", "syntax error"),
    ],
)
def test_rejected(extra, message):
    with pytest.raises(TaskError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_bias(BASE + extra)


def test_popper_defaults():
    b = parse_bias(BASE)
    assert (b.max_vars, b.max_body, b.max_clauses) == (6, 10, None)  # Popper's; no rule cap
    assert not b.non_datalog and b.program == ""
    assert parse_bias(BASE + "non_datalog.").non_datalog


def test_rules_and_constraints_are_kept_for_the_generator():
    text = BASE + "helper(p). type(P,(t,)) :- helper(P). type(f,(t,)).\n:- not body_var(_,1).\n"
    b = parse_bias(text)
    assert b.program == text
    assert b.body[0].types == ("t",)  # a declaration derived by a rule


def test_type_of_an_undeclared_predicate_is_ignored(caplog):
    b = parse_bias(BASE + "type(f,(t,)). type(p,(t,)). type(q,(t,)).")
    assert [p.name for p in b.body] == ["p"]
    assert "undeclared predicate q" in caplog.text


def test_max_vars_below_head_arity():
    with pytest.raises(TaskError, match="smaller than the head arity"):
        parse_bias("head_pred(f,3). body_pred(p,1). max_vars(2).")


def test_unreadable_bias(tmp_path):
    with pytest.raises(TaskError, match="cannot read bias file"):
        read_bias(tmp_path / "missing.pl")
