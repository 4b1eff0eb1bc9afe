"""bk/panel.pl against the meaning of every panel feature
(witness.search.panel_features.object_features), in SWI-Prolog through
janus-swi, on random partial paths of random panels (every object: dots, squares, stars,
triangles, ends); and the bias files
bias/dots.pl, squares.pl, stars.pl and mixed.pl."""

from __future__ import annotations

import itertools
import random

import janus_swi as janus
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_examples import clause_problems
from test_panel_features import partial_paths
from test_rules_oracle import panels

from ilp.bias import read_bias
from profiles import examples
from witness.learning.examples import BIAS_DIR, bias_bk_files, bk_header
from witness.learning.facts import object_atom, panel_facts, path_facts
from witness.model.panel import Dot, Panel
from witness.search.panel_features import (
    FAMILIES,
    PanelObject,
    features_apply,
    object_features,
    panel_objects,
)

FAMILY_BIASES = {family: BIAS_DIR / f"{family}.pl" for family in FAMILIES}
TESTS = ("uncovered", "lost", "closed", "at_vertex", "on_edge", "passed")  # (P, O)
NUMBERS = (  # (P, O, N)
    "part_dots",
    "part_ends",
    "joined_colours",
    "region_colours",
    "joined_partners",
    "region_partners",
    "neighbour_colours",
    "triangle_count",
    "sides_on",
    "sides_usable",
    "reach_ends",
)
_modules = itertools.count()

# panel_probe(M, Text, Result): call the goal read from Text in module M (at most
# 5 s) and say how it went: det (one answer, no choice point left), nondet,
# fail, nonground (an output left unbound) or error: <message>.
janus.consult(
    "panel_bk_probe",
    data="""
:- use_module(library(time)).
panel_probe(M, Text, Result) :-
    term_string(G, Text),
    catch(call_with_time_limit(5, panel_probe_(M, G, Result)), E,
          ( term_to_atom(E, A), atom_concat('error: ', A, Result) )).
panel_probe_(M, G, Result) :-
    (   call_cleanup(M:G, Det = true)
    ->  (   \\+ ground(G) -> Result = nonground
        ;   Det == true -> Result = det
        ;   Result = nondet
        )
    ;   Result = fail
    ).
""",
)


def load(tasks: list[tuple[Panel, str, list[tuple[str, tuple]]]]) -> str:
    """A module holding the panel background knowledge (as the biases load it)
    and the facts of every (panel, tag, [(path id, path)]) of ``tasks``."""
    facts = []
    for panel, tag, paths in tasks:
        facts += panel_facts(panel, tag)
        for pid, path in paths:
            facts += path_facts(panel, path, pid, tag)
    text = bk_header(bias_bk_files(FAMILY_BIASES["mixed"])) + "\n" + "\n".join(facts) + "\n"
    module = f"panel_bk_{next(_modules)}"
    janus.consult(f"{module}.pl", data=text, module=module)
    return module


def expected(kind: str, values: dict[str, int], applies: bool) -> dict[str, object]:
    """What each literal gives on an object of ``kind`` with these features:
    True/False for a test, the number or None (fails) for a count."""
    out: dict[str, object] = {name: False for name in TESTS}
    out.update({name: None for name in NUMBERS})
    if not applies:
        return out
    if kind == "dot":
        out["uncovered"] = values["dot_covered"] == 0
        out["lost"] = values["dot_covered"] == 0 and values["dot_coverable"] == 0
        out["at_vertex"] = values["dot_on_edge"] == 0
        out["on_edge"] = values["dot_on_edge"] == 1
        out["passed"] = values["dot_usable"] == 0
    if kind == "square":
        out["closed"] = values["region_closed"] == 1
    out.update({name: values[name] for name in NUMBERS if name in values})
    return out


def prolog(module: str, pid: str, obj: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for name in TESTS:
        out[name] = janus.query_once(f"{module}:{name}({pid},{obj})")["truth"]
    for name in NUMBERS:
        r = janus.query_once(f"{module}:{name}({pid},{obj},N)")
        out[name] = r["N"] if r["truth"] else None
    return out


def open_dots(module: str, pid: str) -> int | None:
    r = janus.query_once(f"{module}:open_dots({pid},N)")
    return r["N"] if r["truth"] else None


DECOY = Panel(  # pooled beside every random panel: its atoms must not mix
    rows=2,
    cols=2,
    ends=((2, 2),),
    dots=(Dot((1, 1)), Dot(((0, 2), (1, 2)))),
    squares=((0, 0, "black"), (1, 1, "white")),
    stars=((1, 0, "black"), (0, 1, "white")),
)


def check_agreement(panel: Panel, paths: list[tuple]) -> None:
    decoy_paths = [(f"p_d_{i}", p) for i, p in enumerate(partial_paths(DECOY)[::97])]
    ids = [(f"p_q_{i}", p) for i, p in enumerate(paths)]
    module = load([(DECOY, "d", decoy_paths), (panel, "q", ids)])
    for tag, pan, pairs in (("d", DECOY, decoy_paths), ("q", panel, ids)):
        applies = features_apply(pan)
        for pid, path in pairs:
            features = object_features(pan, path)
            for obj, values in features:
                got = prolog(module, pid, object_atom(obj, tag))
                assert got == expected(obj.kind, values, applies), (pan.to_json(), path, obj)
            n_open = sum(1 - values["dot_covered"] for o, values in features if o.kind == "dot")
            assert open_dots(module, pid) == (n_open if applies else None), (pan.to_json(), path)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(panels(kinds=("square", "star", "triangle", "polyomino")), st.randoms())
def test_bk_agrees_with_the_features(panel, rng):
    paths = partial_paths(panel)
    check_agreement(panel, rng.sample(paths, min(len(paths), 12)))


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(panels(kinds=("square", "star", "triangle", "polyomino", "canceller")))
def test_bk_agrees_with_the_features_on_every_path(panel):
    check_agreement(panel, partial_paths(panel)[:400])


def test_bk_on_a_dot_panel():
    # 1x2 cells, start (0,0), end (2,0), dots at (0,1) and (2,1): after
    # (0,0),(1,0),(1,1) the two dots lie in two parts, (0,1)'s without the end
    panel = Panel(rows=1, cols=2, ends=((2, 0),), dots=(Dot((0, 1)), Dot((2, 1))))
    module = load([(panel, "q", [("p1", [(0, 0), (1, 0), (1, 1)])])])
    d0 = prolog(module, "p1", "q_dot0")
    assert (d0["uncovered"], d0["lost"], d0["part_dots"], d0["part_ends"]) == (True, False, 1, 0)
    d1 = prolog(module, "p1", "q_dot1")
    assert (d1["part_dots"], d1["part_ends"]) == (1, 1)
    assert open_dots(module, "p1") == 2


def test_pooled_bk_loads_without_warnings(tmp_path):
    """Background knowledge and the facts of two panels, each panel's path
    facts right after its own, consult with no warning (discontiguous,
    singleton, redefinition) and no error."""
    facts = []
    for tag, panel in (("a", DECOY), ("b", DECOY)):
        facts += panel_facts(panel, tag) + path_facts(panel, [(0, 0), (1, 0)], f"p_{tag}", tag)
    file = tmp_path / "bk.pl"
    file.write_text(bk_header(bias_bk_files(FAMILY_BIASES["mixed"])) + "\n".join(facts) + "\n")
    res = janus.query_once(
        "nb_setval(panel_bk_warnings, []), "
        "setup_call_cleanup("
        "  asserta((user:message_hook(_T, _K, _) :- memberchk(_K, [warning, error]), "
        "           nb_getval(panel_bk_warnings, _W0), nb_setval(panel_bk_warnings, [_T|_W0]), "
        "           fail), _Ref), "
        "  load_files(M:F, []), erase(_Ref)), "
        "nb_getval(panel_bk_warnings, _Ws), length(_Ws, N), term_string(_Ws, Ws)",
        {"F": str(file), "M": f"panel_bk_{next(_modules)}"},
    )
    assert res["N"] == 0, res["Ws"]


# ------------------------------------------------------- calling conventions
def probe(module: str, goal: str) -> str:
    return janus.query_once("panel_probe(M, T, R)", {"M": module, "T": goal})["R"]


@pytest.mark.parametrize("family", sorted(FAMILY_BIASES))
def test_body_predicates_are_det_or_fail_on_any_input(family):
    """Every body predicate of the family's bias, called with real, unknown,
    unbound, wrong-kind or non-atom inputs and free or bound outputs, answers
    once without a choice point or fails; never raises, never loops."""
    symmetric = Panel(
        rows=1,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 1), (2, 1)),
        symmetry="horizontal",
        dots=(Dot((1, 1)),),
        squares=((0, 0, "black"),),
        stars=((1, 0, "black"),),
    )
    module = load(
        [
            (
                DECOY,
                "d",
                [
                    ("p_d", [(0, 0), (1, 0), (1, 1)]),
                    ("p_e", [(0, 0)]),
                    ("p_l", [(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)]),
                ],
            ),
            (symmetric, "s", [("p_s", [(0, 0), (1, 0)])]),
        ]
    )
    objects = [object_atom(o, "d") for o in panel_objects(DECOY)]
    objects += [object_atom(o, "s") for o in panel_objects(symmetric)]
    values = {
        "path": ["p_d", "p_e", "p_l", "p_s", "nosuch", "d_dot0", "3", "_", "f(p_d)"],
        "object": [*objects, "nosuch", "p_d", "2", "_"],
        "int": ["_N", "0", "1", "2"],
    }
    bias = read_bias(FAMILY_BIASES[family])
    succeeded = set()
    for decl in bias.body:
        choices = [
            values[t] if d == "in" else ["_N", "0", "2"]
            for t, d in zip(decl.types, decl.directions, strict=True)
        ]
        for combo in itertools.product(*choices):
            goal = f"{decl.name}({','.join(combo)})"
            outcome = probe(module, goal)
            assert outcome in ("det", "fail"), (goal, outcome)
            if outcome == "det":
                succeeded.add(decl.name)
    assert succeeded == {p.name for p in bias.body}


def test_answers_are_stored_once_per_path_and_object():
    """Calls with bound (even wrong) outputs, repeated, leave one stored answer
    per path and object, and a later call still gets the right one."""
    module = load([(DECOY, "d", [("p", [(0, 0), (1, 0), (1, 1)])])])
    for goal in ("part_dots(p,d_dot0,7)", "part_dots(p,d_dot0,_)", "uncovered(p,d_dot0)") * 2:
        janus.query_once(f"{module}:{goal}")
    for goal in ("joined_colours(p,d_square0,9)", "closed(p,d_square0)") * 2:
        janus.query_once(f"{module}:{goal}")
    for goal in ("region_partners(p,d_star1,0)", "open_dots(p,5)", "open_dots(p,_)") * 2:
        janus.query_once(f"{module}:{goal}")
    stored = {
        memo: janus.query_once(f"aggregate_all(count, {module}:{memo}, N)")["N"]
        for memo in (
            "reach_memo(p,_)",
            "parts_memo(p,_)",
            "dot_values_memo(p,d_dot0,_,_,_,_)",
            "dot_part_memo(p,d_dot0,_,_)",
            "square_values_memo(p,d_square0,_,_,_)",
            "star_values_memo(p,d_star1,_,_)",
            "open_dots_memo(p,_)",
        )
    }
    assert set(stored.values()) == {1}, stored
    values = dict(object_features(DECOY, [(0, 0), (1, 0), (1, 1)]))
    got = prolog(module, "p", "d_dot0")
    assert got["part_dots"] == values[PanelObject("dot", 0)]["part_dots"]
    assert probe(module, "part_dots(p,d_dot0,_N)") == "det"


def test_nothing_fires_on_a_panel_the_features_do_not_apply_to():
    panel = Panel(rows=1, cols=1, ends=((1, 1),), dots=(Dot((0, 1)),), cancellers=((0, 0, "w"),))
    assert not features_apply(panel)
    module = load([(panel, "c", [("p", [(0, 0), (1, 0)])])])
    assert prolog(module, "p", "c_dot0") == expected("dot", {}, False)
    assert open_dots(module, "p") is None


# --------------------------------------------------------------- the biases
SOUND_RULES = {
    "dots": [
        "f(A,B) :- lost(A,B).",
        "f(A,B) :- uncovered(A,B), part_ends(A,B,C), zero(C).",
        "f(A,B) :- uncovered(A,B), part_dots(A,B,C), open_dots(A,D), greaterThan(D,C).",
    ],
    "squares": [
        "f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).",
        "f(A,B) :- closed(A,B), region_colours(A,B,C), one(D), greaterThan(C,D).",
    ],
    "stars": [
        "f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).",
        "f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).",
    ],
}
SOUND_RULES["mixed"] = [r for rules in SOUND_RULES.values() for r in rules]


@pytest.mark.parametrize("family", sorted(FAMILY_BIASES))
def test_the_sound_rules_lie_in_each_bias(family):
    bias = read_bias(FAMILY_BIASES[family])
    assert (bias.head.name, bias.head.types) == ("f", ("path", "object"))
    assert [p.name for p in bias_bk_files(FAMILY_BIASES[family])] == ["witness.pl", "panel.pl"]
    for rule in SOUND_RULES[family]:
        assert clause_problems(rule, bias) == [], rule
    # the checker itself can fail: a fifth variable, a body too long
    assert clause_problems(
        "f(A,B) :- part_dots(A,B,C), part_ends(A,B,D), open_dots(A,E), greaterThan(E,D).", bias
    )


def test_the_sound_rules_hold_where_the_features_say():
    """Each rule of SOUND_RULES, run in Prolog, fires exactly where its
    certificate holds on the Python features (random paths of one panel)."""
    panel = Panel(
        rows=2,
        cols=3,
        ends=((3, 2),),
        dots=(Dot((0, 2)), Dot(((2, 0), (3, 0))), Dot((3, 1))),
        squares=((0, 0, "black"), (2, 1, "white")),
        stars=((1, 1, "black"), (2, 0, "black"), (0, 1, "white")),
    )
    paths = random.Random(5).sample(partial_paths(panel), 60)
    module = load([(panel, "q", [(f"p{i}", p) for i, p in enumerate(paths)])])
    rules = "\n".join(
        r.replace("f(A,B)", f"rule{i}(A,B)") for i, r in enumerate(SOUND_RULES["mixed"])
    )
    janus.consult(f"{module}_rules.pl", data=rules, module=module)
    fired_somewhere = set()
    for i, path in enumerate(paths):
        for obj, values in object_features(panel, path):
            for j in range(len(SOUND_RULES["mixed"])):
                fired = janus.query_once(f"{module}:rule{j}(p{i},{object_atom(obj, 'q')})")["truth"]
                fired_somewhere |= {j} if fired else set()
                assert fired == rule_holds(j, obj.kind, values), (path, obj, j)
    assert len(fired_somewhere) >= 5


def rule_holds(j: int, kind: str, v: dict[str, int]) -> bool:
    """SOUND_RULES["mixed"][j] on one object's Python features."""
    dot, square, star = kind == "dot", kind == "square", kind == "star"
    free = dot and v["dot_covered"] == 0
    return [
        free and v["dot_coverable"] == 0,
        free and v["part_ends"] == 0,
        free and v["part_dots"] < v["open_dots"],
        square and v["joined_colours"] > 1,
        square and v["region_closed"] == 1 and v["region_colours"] > 1,
        star and v["joined_partners"] > 2,
        star and v["region_partners"] < 2,
    ][j]
