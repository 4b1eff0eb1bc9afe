"""The Prolog facts of a panel and of a partial path on it
(witness.learning.facts), in both vocabularies. Whole task files of both
stay byte for byte as they were: tests/test_examples.py and
tests/test_panel_examples.py."""

from __future__ import annotations

import janus_swi as janus
import pytest

from witness.learning.bk import BK_PREDICATES, TASK_FACTS
from witness.learning.facts import (
    PANEL_FACT_PREDICATES,
    PANEL_VOCABULARY,
    PATH_FACT_PREDICATES,
    TABLE1_VOCABULARY,
    free_vertices,
    object_atom,
    panel_facts,
    path_facts,
    table1_facts,
    table1_path_facts,
    vocabulary,
)
from witness.model.panel import Dot, Panel
from witness.search.panel_features import PanelObject, panel_objects


def small_panel(**extra) -> Panel:
    # 1 row, 2 cells; a gap on the middle vertical edge; a dot on vertex (0,1)
    # and one on the bottom edge of cell (1,0); a square, a star, a triangle
    return Panel(
        rows=1,
        cols=2,
        ends=((2, 1),),
        dots=(Dot((0, 1)), Dot(((1, 0), (2, 0)))),
        gaps=(((1, 0), (1, 1)),),
        squares=((0, 0, "#f00"),),
        stars=((1, 0, "white"),),
        **extra,
    )


def test_facts_of_a_small_panel():
    facts = panel_facts(small_panel(), "q")
    assert facts[0] == "panel(q)."
    assert "link(q_v_0_0,q_v_1_0)." in facts and "link(q_v_1_0,q_v_0_0)." in facts
    assert not any(f.startswith("link(q_v_1_0,q_v_1_1)") for f in facts)  # the gap
    # 7 grid edges, one a gap: 6 open edges, each listed both ways
    assert sum(f.startswith("link(") for f in facts) == 12
    assert sum(f.startswith("edge(") for f in facts) == 7
    assert "edge(q_e_1_0_1_1,q_v_1_0,q_v_1_1)." in facts  # a gap is still an edge
    assert "end(q_v_2_1)." in facts
    # the two cells share the gap side, listed both ways
    assert "side(q_c_0_0,q_c_1_0,q_e_1_0_1_1)." in facts
    assert "side(q_c_1_0,q_c_0_0,q_e_1_0_1_1)." in facts
    assert sum(f.startswith("side(") for f in facts) == 2
    assert "vertex_dot(q,q_dot0,q_v_0_1)." in facts
    assert "edge_dot(q,q_dot1,q_e_1_0_2_0)." in facts
    assert "square(q,q_square0,q_c_0_0,'#f00')." in facts
    assert "star(q,q_star0,q_c_1_0,white)." in facts
    assert "symbol(q_c_0_0,'#f00')." in facts and "symbol(q_c_1_0,white)." in facts
    # each predicate's facts are together, in the documented order
    names = [f[: f.index("(")] for f in facts]
    order = [p.split("/")[0] for p in PANEL_FACT_PREDICATES]
    assert [order.index(n) for n in names] == sorted(order.index(n) for n in names)


def test_symbols_a_star_counts_include_triangles_not_colour_none():
    panel = Panel(rows=1, cols=2, ends=((2, 1),), triangles=((0, 0, 2, "orange"),))
    assert "symbol(t_c_0_0,orange)." in panel_facts(panel, "t")
    panel = Panel(rows=1, cols=2, ends=((2, 1),), cancellers=((0, 0, "none"),))
    assert not any(f.startswith("symbol(") for f in panel_facts(panel, "t"))


def test_no_panel_fact_where_the_features_do_not_apply():
    for extra in ({"symmetry": "horizontal"}, {"cancellers": ((0, 0, "white"),)}):
        panel = Panel(rows=2, cols=2, starts=((0, 0), (2, 0)), ends=((0, 2), (2, 2)), **extra)
        facts = panel_facts(panel, "s")
        assert "panel(s)." not in facts and any(f.startswith("link(") for f in facts)


def test_path_facts():
    facts = path_facts(small_panel(), [(0, 0), (0, 1), (1, 1)], "p_q_3", "q")
    assert facts == [
        "path_panel(p_q_3,q).",
        "path_head(p_q_3,q_v_1_1).",
        "visited(p_q_3,q_v_0_0).",
        "visited(p_q_3,q_v_0_1).",
        "visited(p_q_3,q_v_1_1).",
        "path_edge(p_q_3,q_e_0_0_0_1).",
        "path_edge(p_q_3,q_e_0_1_1_1).",
    ]
    assert PATH_FACT_PREDICATES == ("path_panel/2", "path_head/2", "visited/2", "path_edge/2")


@pytest.mark.parametrize(
    "path",
    [[], [(0, 0), (1, 1)], [(0, 0), (1, 0), (1, 1)], [(0, 0), (0, 1), (0, 0)], [(5, 5)]],
    ids=["empty", "diagonal", "through a gap", "not simple", "off the grid"],
)
def test_path_facts_refuse_a_bad_path(path):
    with pytest.raises(ValueError, match="path p1"):
        path_facts(small_panel(), path, "p1", "q")


@pytest.mark.parametrize("tag", ["Q", "1q", "q-1", "", "q r"])
def test_tags_must_be_plain_atoms(tag):
    with pytest.raises(ValueError, match="tag"):
        panel_facts(small_panel(), tag)
    with pytest.raises(ValueError, match="tag"):
        object_atom(PanelObject("dot", 0), tag)


def test_object_atoms_are_the_objects_of_the_facts():
    panel = small_panel()
    facts = " ".join(panel_facts(panel, "q"))
    for obj in panel_objects(panel):
        assert f",{object_atom(obj, 'q')}," in facts


def test_facts_read_as_ground_prolog_terms():
    panel = small_panel()
    lines = panel_facts(panel, "q") + path_facts(panel, [(0, 0), (1, 0)], "p_q_1", "q")
    for line in lines:
        r = janus.query_once("term_string(_T, S), ground(_T), _T \\= (_ :- _)", {"S": line})
        assert r["truth"], line


# ------------------------------------------------------ Table 1 vocabulary
def test_table1_facts_of_the_papers_figure1():
    panel = Panel(
        rows=1, cols=2, ends=((2, 1),), triangles=((0, 0, 1, "orange"), (1, 0, 2, "orange"))
    )
    objects = panel_objects(panel, ("triangle",))
    atoms = [TABLE1_VOCABULARY.object_atom(panel, o, "q", False) for o in objects]
    assert atoms == ["s_0_0", "s_1_0"]
    assert TABLE1_VOCABULARY.object_atom(panel, objects[1], "q", True) == "q_s_1_0"
    assert table1_facts(panel, list(zip(objects, atoms, strict=True))) == [
        "square(s_0_0,1,[e_0_0_1_0,e_1_0_1_1,e_0_1_1_1,e_0_0_0_1]).",
        "square_corners(s_0_0,[v_0_0,v_1_0,v_1_1,v_0_1]).",
        "square(s_1_0,2,[e_1_0_2_0,e_2_0_2_1,e_1_1_2_1,e_1_0_1_1]).",
        "square_corners(s_1_0,[v_1_0,v_2_0,v_2_1,v_1_1]).",
    ]
    path = [(0, 0), (0, 1), (1, 1)]  # the head and every vertex off the path are free
    assert table1_path_facts(panel, path, "p", sealed=False, free=True) == [
        "path(p,[e_0_0_0_1,e_0_1_1_1]).",
        "path_head(p,v_1_1).",
        "path_visited(p,[v_0_0,v_0_1,v_1_1]).",
        "path_free(p,[v_1_0,v_2_0,v_1_1,v_2_1]).",
    ]
    assert table1_path_facts(panel, path, "p", sealed=True, free=False)[-1] == "path_sealed(p)."


def test_the_free_vertices_stop_at_the_path_and_at_gaps():
    panel = Panel(rows=1, cols=2, ends=((2, 1),), gaps=(((1, 0), (2, 0)),))
    # vertex-id order (row by row); (2,0) only around through (2,1)
    assert free_vertices(panel, [(0, 0), (1, 0)]) == [(1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert free_vertices(panel, [(0, 1), (1, 1), (1, 0)]) == [(0, 0), (1, 0)]


def test_each_vocabulary_is_a_family_of_background_predicates():
    families = {p.family for p in BK_PREDICATES.values()} - {"any"}
    assert {vocabulary(None).name, vocabulary("dots").name} == families
    assert vocabulary(None) is TABLE1_VOCABULARY and vocabulary("mixed") is PANEL_VOCABULARY
    # the background predicates that are facts of the task are Table 1's
    task_facts = {f"{n}/{p.arity}" for n, p in BK_PREDICATES.items() if p.prolog_file == TASK_FACTS}
    assert task_facts and task_facts <= set(TABLE1_VOCABULARY.predicates)
