"""The clauses ``witness explain`` names are those SWI-Prolog proves: each
clause of a program over the panel background knowledge (bk/panel.pl), run
by Prolog on the facts of random panels and lines drawn on them, holds on
exactly the (clause, object) pairs explain names."""

from __future__ import annotations

import random

import janus_swi as janus
import pytest
from test_explain import SOUND, UNSOUND, panels, random_lines
from test_panel_bk import load

from witness.learning.facts import object_atom
from witness.pipeline.explain import fired_clauses, load_rules
from witness.search.panel_features import object_place, panel_objects


@pytest.mark.parametrize("rules", ["hand", SOUND, UNSOUND])
def test_named_clauses_are_the_ones_prolog_proves(rules):
    loaded = load_rules(rules)
    rng = random.Random(29)
    named = 0
    for n, panel in enumerate(panels(5)[::2]):
        lines = [(f"p_{n}_{i}", line) for i, line in enumerate(random_lines(panel, rng, 4))]
        module = load([(panel, "q", lines)])
        clauses = "\n".join(
            f"c{i}" + c.source.removeprefix("f") for i, c in enumerate(loaded.predicate.clauses, 1)
        )
        janus.consult(f"{module}_clauses.pl", data=clauses + "\n", module=module)
        objects = panel_objects(panel)
        for pid, line in lines:
            proved = {
                (i, object_place(panel, obj).kind, object_place(panel, obj).at)
                for i in range(1, len(loaded.predicate.clauses) + 1)
                for obj in objects
                if janus.query_once(f"{module}:c{i}({pid},{object_atom(obj, 'q')})")["truth"]
            }
            fired = {
                (f.index, f.place.kind, f.place.at) for f in fired_clauses(loaded, panel, line)
            }
            assert fired == proved, (panel.to_json(), line)
            named += len(fired)
    assert named > 0
