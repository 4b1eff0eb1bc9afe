"""witness verify on learned family programs: the ASP features of
witness/verify/panel_prefix.lp against the Python reference
(witness.search.panel_features) on random panels and partial paths; the
bounded check refutes unsound clauses with checked counterexamples and finds
none for the sound rules; the all-sizes argument (panel_generality) against
brute force; verdicts and may_prune."""

import functools
import json
import re
from itertools import product
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_panel_features import completable, partial_paths
from test_rules_oracle import panels

from profiles import examples
from witness.cli import main
from witness.model.panel import Dot, Panel
from witness.model.render import render
from witness.model.rules import Violation, is_solution
from witness.search.panel_features import (
    CERTIFICATES,
    KIND_FEATURES,
    certificates_holding,
    clause_fires,
    features_apply,
    object_features,
)
from witness.search.predicates import Clause, Comparison, Predicate
from witness.verify.bounded import NO_COUNTEREXAMPLE, REFUTED, verify_clauses
from witness.verify.families import PANELS, asp_object_features, covers_panel
from witness.verify.panel_generality import INVARIANTS, implies_certificate
from witness.verify.verdict import BOUNDED, PROVEN, may_prune, verify_predicate

SETTINGS = settings(
    max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
OPS = ("eq", "ne", "lt", "le", "gt", "ge")


def clause(*conditions) -> Clause:
    """A clause from (feature, operator, constant or feature) conditions."""
    return Clause(
        tuple(
            Comparison(op, ("feature", f), ("feature", r) if isinstance(r, str) else ("const", r))
            for f, op, r in conditions
        )
    )


@st.composite
def panel_and_path(draw):
    panel = draw(panels(kinds=("square", "star", "triangle", "polyomino")))
    assume(features_apply(panel))
    path = [draw(st.sampled_from(panel.starts))]
    while draw(st.integers(0, 5)):
        steps = [w for w in panel.neighbours(path[-1]) if w not in path]
        if not steps:
            break
        path.append(draw(st.sampled_from(steps)))
    return panel, path


def test_the_encoding_defines_every_feature():
    assert PANELS.features == {f for names in KIND_FEATURES.values() for f in names}


@SETTINGS
@given(panel_and_path())
def test_asp_features_agree_with_python(case):
    panel, path = case
    assert asp_object_features(panel, path) == object_features(panel, path)


@SETTINGS
@given(panel_and_path())
def test_invariants_hold_on_every_path(case):
    panel, path = case
    for obj, values in object_features(panel, path):
        assert INVARIANTS[obj.kind](values), (panel.to_json(), path, obj, values)


def _checked(cx, one: Clause) -> None:
    """An independent look at a reported counterexample."""
    assert is_solution(cx.puzzle, cx.solution)
    assert cx.solution[: len(cx.prefix)] == cx.prefix
    values = dict(object_features(cx.puzzle, cx.prefix))[cx.blamed]
    assert values == cx.features and clause_fires(one, values)


@pytest.mark.parametrize(
    "unsound",
    [
        clause(("dot_covered", "eq", 0)),
        clause(("region_colours", "gt", 1)),
        clause(("region_partners", "gt", 2)),
        clause(("joined_partners", "eq", 1)),
        clause(("dot_covered", "eq", 0), ("part_dots", "lt", 2)),
        clause(("dot_usable", "eq", 1), ("dot_on_edge", "eq", 1)),
        clause(("neighbour_colours", "eq", 1)),
        clause(("sides_on", "lt", "triangle_count")),
        clause(("reach_ends", "eq", 1)),
    ],
)
def test_unsound_clauses_are_refuted_with_a_checked_counterexample(unsound):
    [(outcome, cx, _, _)] = verify_clauses(PANELS, (unsound,), 2, 2, time_limit=60)
    assert outcome == REFUTED
    _checked(cx, unsound)


# The sound rules have no counterexample on small panels (dots: 1x2 here, the
# part_dots rule is the hard one for the solver; the slow tests go further).
SMALL = {name: (1, 2) if "dot" in name else (2, 2) for name in CERTIFICATES}


@pytest.mark.parametrize("name", sorted(CERTIFICATES))
def test_sound_rules_have_no_counterexample(name):
    rows, cols = SMALL[name]
    [(outcome, _, sizes, _)] = verify_clauses(
        PANELS, (clause(*CERTIFICATES[name]),), rows, cols, time_limit=60
    )
    assert outcome == NO_COUNTEREXAMPLE and f"{rows}x{cols}" in sizes


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", sorted(set(CERTIFICATES) - {"uncovered dots in two parts of the grid"})
)
def test_sound_rules_have_no_counterexample_up_to_2x3(name):
    [(outcome, _, _, _)] = verify_clauses(PANELS, (clause(*CERTIFICATES[name]),), 2, 3)
    assert outcome == NO_COUNTEREXAMPLE


# ------------------------------------------------------------ all sizes
def test_the_sound_rules_and_what_implies_them_are_proven():
    for conditions in CERTIFICATES.values():
        assert implies_certificate(clause(*conditions)).proven
    # the spec's fifth rule follows from the fourth through the invariants
    assert implies_certificate(
        clause(("region_closed", "eq", 1), ("region_colours", "gt", 1))
    ).proven
    assert implies_certificate(clause(("dot_covered", "lt", 1), ("part_ends", "le", 0))).proven
    assert implies_certificate(clause(("dot_covered", "eq", 5))).proven  # never fires
    assert implies_certificate(
        clause(("joined_partners", "ge", 3), ("dot_covered", "eq", 0))
    ).proven


def test_clauses_that_imply_no_sound_rule_are_not_proven():
    for unsound in (
        clause(("dot_covered", "eq", 0)),
        clause(("region_colours", "gt", 1)),
        clause(("open_dots", "gt", 30), ("dot_covered", "eq", 0)),
        Clause(()),
    ):
        assert not implies_certificate(unsound).proven


FEATURES = [f for names in KIND_FEATURES.values() for f in names]


@st.composite
def random_clause(draw) -> Clause:
    kind = draw(st.sampled_from(sorted(KIND_FEATURES)))
    names = KIND_FEATURES[kind]
    conditions = []
    for _ in range(draw(st.integers(1, 3))):
        right = draw(st.one_of(st.integers(0, 3), st.sampled_from(names)))
        conditions.append((draw(st.sampled_from(names)), draw(st.sampled_from(OPS)), right))
    return clause(*conditions)


@pytest.mark.slow
@settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(panels(kinds=("square", "star")), random_clause())
def test_a_proven_clause_never_prunes_a_completable_path(panel, one):
    assume(features_apply(panel) and implies_certificate(one).proven)
    paths = partial_paths(panel)
    assume(len(paths) < 2000)
    good = completable(panel, paths)
    for p in good:
        assert not any(clause_fires(one, v) for _, v in object_features(panel, p))


@functools.cache
def uncertified_in_the_box() -> list[dict[str, int]]:
    """Every assignment in 0..8 of one kind's features (constants up to 3) that
    its invariants allow and no sound rule holds on: a clause is implied by
    the rules exactly when it fires on none of them. The same for every
    clause, so enumerated once."""
    found = []
    for kind, names in KIND_FEATURES.items():
        for combo in product(range(9), repeat=len(names)):
            values = dict(zip(names, combo, strict=True))
            if INVARIANTS[kind](values) and not certificates_holding(values):
                found.append(values)
    return found


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(random_clause())
def test_the_implication_agrees_with_a_plain_box(one):
    brute = not any(clause_fires(one, values) for values in uncertified_in_the_box())
    assert implies_certificate(one).proven == brute


# -------------------------------------------------------------- verdicts
def program(*clauses: Clause) -> Predicate:
    return Predicate("learned", "program", clauses)


def test_a_sound_rule_program_is_proven_and_prunes_every_panel():
    pred = program(clause(("joined_colours", "gt", 1)), clause(("region_partners", "lt", 2)))
    result = verify_predicate(pred, 2, 2, time_limit=60)
    record = result.to_dict()
    assert result.status == PROVEN and result.all_sizes
    assert record["panel"] == {"kinds": ["square", "star"], "colours": 2}
    assert "proven for every size" in result.clauses[0].generality
    assert may_prune(record, 7, 7, None)


def test_a_bounded_program_prunes_only_covered_panels():
    # unsound, but only on panels with more than eight dots
    pred = program(clause(("open_dots", "gt", 8), ("dot_covered", "eq", 0)))
    result = verify_predicate(pred, 1, 1, time_limit=60)
    record = result.to_dict()
    assert result.status == BOUNDED and not result.all_sizes
    small = Panel(rows=1, cols=1, ends=((1, 1),), dots=(Dot((1, 0)),))
    assert may_prune(record, 1, 1, small)
    assert not may_prune(record, 1, 1)  # no panel to judge
    assert not may_prune(record, 2, 1, Panel(rows=2, cols=1, ends=((1, 2),)))


def test_what_a_bounded_check_covers():
    three = Panel(rows=1, cols=3, ends=((3, 1),), squares=((0, 0, "a"), (1, 0, "b"), (2, 0, "c")))
    assert covers_panel(three, ("dot",), 1, 3)  # a dot's features read no square
    assert not covers_panel(three, ("square",), 1, 3)  # the check has two colours
    assert not covers_panel(three, ("dot",), 1, 2)
    assert covers_panel(three, ("dot",), 3, 1)  # the mirror image
    mixed = Panel(rows=1, cols=2, ends=((2, 1),), stars=((0, 0, "a"),), triangles=((1, 0, 1, "a"),))
    assert covers_panel(mixed, ("square",), 1, 2)
    assert not covers_panel(mixed, ("star",), 1, 2)  # a star counts the triangle
    mirrored = Panel(
        rows=1, cols=2, ends=((0, 1), (2, 1)), symmetry="horizontal", starts=((0, 0), (2, 0))
    )
    assert not covers_panel(mirrored, ("dot",), 1, 2)


def test_a_refuted_program_reports_its_counterexample():
    pred = program(clause(("joined_colours", "gt", 1)), clause(("region_colours", "gt", 1)))
    result = verify_predicate(pred, 1, 2, time_limit=60)
    assert result.status == REFUTED
    assert [c.status for c in result.clauses] == [PROVEN, REFUTED]
    assert "the clause fires on square" in result.summary()
    assert result.to_dict()["clauses"][1]["counterexample"]["object"].startswith("square")


def test_cli_verifies_a_learned_family_program(tmp_path, capsys):
    good = tmp_path / "good.pl"
    good.write_text(
        "f(A,B) :- lost(A,B).\nf(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).\n"
    )
    assert main(["verify", str(good), "--max-size", "1x2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == PROVEN and record["panel"]["kinds"] == ["dot", "star"]
    bad = tmp_path / "bad.pl"
    bad.write_text("f(A,B) :- uncovered(A,B).\n")
    out = tmp_path / "cx"
    assert main(["verify", str(bad), "--max-size", "1x2", "--counterexamples", str(out)]) == 0
    assert "refuted" in capsys.readouterr().out
    panel = Panel.load(out / "clause1_puzzle.json")
    solution = json.loads((out / "clause1_solution.json").read_text())
    assert is_solution(panel, [tuple(v) for v in solution])


def test_pictures_ring_the_object_each_counterexample_fires_on(tmp_path, capsys):
    """witness verify --pictures on tests/data/panel_unsound_rules.pl: each
    refuted clause's picture is its panel and prefix with a ring round the
    object its record names (a dot, a square, a star), found here in the
    record's JSON panel (a dot's vertex or edge, a symbol's cell), and round
    no other object of that kind."""
    program = Path(__file__).parent / "data" / "panel_unsound_rules.pl"
    pics = tmp_path / "pics"
    args = ["verify", str(program), "--max-size", "2x2", "--json", "--pictures", str(pics)]
    assert main(args) == 0
    refuted = [c for c in json.loads(capsys.readouterr().out)["clauses"] if c["counterexample"]]
    names = sorted(f"clause{c['index']}.svg" for c in refuted)
    assert sorted(p.name for p in pics.iterdir()) == names
    kinds = set()
    for c in refuted:
        cx = c["counterexample"]
        kind, index = re.fullmatch(r"([a-z]+)(\d+)", cx["object"]).groups()
        places = [tuple(n for n in item if isinstance(n, int)) for item in cx["puzzle"][kind + "s"]]
        at = places[int(index)]
        if kind != "dot":
            places = [p[:2] for p in places]
            at = at[:2]
        panel = Panel.from_dict(cx["puzzle"])
        prefix = [tuple(v) for v in cx["prefix"]]

        def drawn(place: tuple, kind: str = kind, panel: Panel = panel, prefix=prefix) -> bytes:
            out = tmp_path / "expected.svg"
            render(panel, out, prefix, [Violation(kind, place, "")], labels=True)
            return out.read_bytes()

        picture = (pics / f"clause{c['index']}.svg").read_bytes()
        assert picture == drawn(at), (c["index"], cx["object"])
        assert all(picture != drawn(p) for p in places if p != at)
        kinds.add(kind)
    assert kinds == {"dot", "square", "star"}
