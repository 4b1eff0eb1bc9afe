"""Task folders of the panel families (witness.learning.examples with a
family's bias): examples against the panel labels, pooling, refusals, the
CLI, and the tasks read back and scored by the project's ILP engine."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path

import pytest

from ilp.api import load_task
from ilp.rules import parse_program
from ilp.test import Tester
from witness.cli import main
from witness.errors import InputError
from witness.learning.examples import BIAS_DIR, FACTS_HEADER, BiasError, bias_family, write_task
from witness.learning.facts import object_atom
from witness.learning.labels import UnsupportedPanel, build_path_tree, family_labelling
from witness.model.panel import Dot, Panel
from witness.search.generate_panels import PanelSpec, generate_from_line
from witness.search.panel_features import FAMILIES, PanelObject

# A small panel with every kind of object: dots on a vertex and an edge, two
# squares of two colours, a star with one partner of its colour.
EVERY_KIND = Panel(
    rows=2,
    cols=2,
    ends=((2, 2),),
    dots=(Dot((1, 1)), Dot(((0, 1), (0, 2)))),
    squares=((0, 0, "white"), (1, 1, "black")),
    stars=((1, 0, "black"), (0, 1, "white")),
)

# The sound rules of witness.search.panel_features.CERTIFICATES, in the
# background knowledge's words (bk/panel.pl), by object kind.
CERTIFICATE_CLAUSES = {
    "dot": [
        "f(P,O) :- lost(P,O).",
        "f(P,O) :- uncovered(P,O), part_ends(P,O,N), zero(N).",
        "f(P,O) :- uncovered(P,O), part_dots(P,O,N), open_dots(P,M), greaterThan(M,N).",
    ],
    "square": ["f(P,O) :- joined_colours(P,O,N), one(C), greaterThan(N,C)."],
    "star": [
        "f(P,O) :- joined_partners(P,O,N), two(C), greaterThan(N,C).",
        "f(P,O) :- region_partners(P,O,N), two(C), greaterThan(C,N).",
    ],
}
# Rules that are not sound (a dot not yet covered; two colours in a region
# that may still be cut): the negatives must catch them.
UNSOUND_CLAUSES = {
    "dot": "f(P,O) :- uncovered(P,O).",
    "square": "f(P,O) :- region_colours(P,O,N), one(C), greaterThan(N,C).",
}


# A bias named after each family (the family read off the file name), with the
# triangle background knowledge: what these tests check does not depend on it.
SMALL_BIAS = """% bk: witness.pl
head_pred(f,2).
type(f,(path,object)).
body_pred(one,1).
type(one,(int,)).
max_vars(3).
max_body(2).
max_clauses(1).
"""


@pytest.fixture(scope="module")
def bias_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("bias")
    for family in FAMILIES:
        (folder / f"{family}.pl").write_text(SMALL_BIAS)
    return folder


def read_exs(task: Path) -> list[tuple[str, str, str]]:
    return re.findall(r"^(pos|neg)\(f\((\w+),(\w+)\)\)\.$", (task / "exs.pl").read_text(), re.M)


def generated(kind: str, count: int, seed: int, size: tuple[int, int] = (3, 3)) -> list[Panel]:
    rng = random.Random(seed)
    return [generate_from_line(*size, PanelSpec(types=(kind,)), rng)[0] for _ in range(count)]


# ------------------------------------------------------------- the family
def test_bias_family(tmp_path, bias_dir):
    for family in FAMILIES:
        assert bias_family(bias_dir / f"{family}.pl") == family
        assert bias_family(BIAS_DIR / f"{family}.pl") == family  # the shipped biases
    assert bias_family(BIAS_DIR / "paper.pl") is None
    named = tmp_path / "mine.pl"
    named.write_text("% family: stars\nhead_pred(f,2).\n")
    assert bias_family(named) == "stars"
    named.write_text("% family: circles\nhead_pred(f,2).\n")
    with pytest.raises(BiasError, match="circles"):
        bias_family(named)


# ------------------------------------------------------- examples vs labels
@pytest.mark.parametrize("positives", ["all", "blamed"])
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_examples_are_the_labels(tmp_path, bias_dir, family, positives):
    task = tmp_path / "t"
    summary = write_task(
        [EVERY_KIND],
        task,
        names=["every"],
        bias_file=bias_dir / f"{family}.pl",
        positives=positives,
    )
    tree = build_path_tree(EVERY_KIND, family_labelling(family))
    expected = set()
    for i in range(len(tree)):
        if tree.completable[i]:
            chosen, kind = tree.objects, "neg"
        else:
            chosen, kind = (tree.objects if positives == "all" else tree.blamed(i)), "pos"
        expected |= {(kind, tuple(tree.path(i)), object_atom(o, "every")) for o in chosen}
    index = json.loads((task / "index.json").read_text())
    exs = read_exs(task)
    got = {(kind, tuple(map(tuple, index["paths"][p][1])), o) for kind, p, o in exs}
    assert got == expected and len(exs) == len(expected)
    assert {o for _, _, o in exs} <= set(index["objects"])
    assert {index["objects"][o][1] for _, _, o in exs} == set(FAMILIES[family])
    assert index["family"] == family and summary.family == family
    counts = json.loads((task / "counts.json").read_text())
    assert counts["family"] == family
    assert counts["puzzles"][0]["partial_paths"] == len(tree)
    assert counts["puzzles"][0]["constrained_squares"] == len(tree.objects)
    assert summary.pos_written == summary.pos_total == sum(k == "pos" for k, _, _ in exs)
    bk = (task / "bk.pl").read_text()
    for _, pid, _ in exs:  # every path of an example has facts
        assert re.search(rf"^\w+\({pid},", bk, re.M), pid


def test_pooled_panels_have_unique_atoms_and_capped_samples(tmp_path, bias_dir):
    panels = generated("dots", 2, seed=3)
    summary = write_task(
        [panels[0], panels[1], panels[0]],
        tmp_path / "pool",
        names=["a", "b", "a"],
        bias_file=bias_dir / "dots.pl",
        max_pos=200,
        max_neg=100,
        seed=4,
    )
    assert [c.tag for c in summary.puzzles] == ["a", "b", "a_2"]
    exs = read_exs(tmp_path / "pool")
    assert sum(k == "pos" for k, _, _ in exs) == min(200, summary.pos_total)
    assert sum(k == "neg" for k, _, _ in exs) == min(100, summary.neg_total)
    index = json.loads((tmp_path / "pool" / "index.json").read_text())
    tags = [c.tag for c in summary.puzzles]
    for _, pid, atom in exs:  # a path and its object belong to one panel
        q, kind, i = index["objects"][atom]
        assert index["paths"][pid][0] == q and pid.startswith(f"p_{tags[q]}_")
        assert atom == object_atom(PanelObject(kind, i), tags[q])
    again = write_task(
        [panels[0], panels[1], panels[0]],
        tmp_path / "again",
        names=["a", "b", "a"],
        bias_file=bias_dir / "dots.pl",
        max_pos=200,
        max_neg=100,
        seed=4,
    )
    assert again.pos_written == summary.pos_written
    assert (tmp_path / "pool" / "exs.pl").read_text() == (tmp_path / "again" / "exs.pl").read_text()
    assert (tmp_path / "pool" / "bk.pl").read_text() == (tmp_path / "again" / "bk.pl").read_text()


# -------------------------------------------------------------- refusals
def test_a_panel_beyond_triangles_needs_a_family(tmp_path):
    with pytest.raises(BiasError, match="has squares, but bias .*paper.pl has no panel family"):
        write_task([EVERY_KIND], tmp_path / "t", bias_file=BIAS_DIR / "paper.pl")


def test_panels_the_features_do_not_apply_to_are_refused(tmp_path, bias_dir):
    mirrored = Panel(
        rows=1,
        cols=2,
        starts=((0, 0), (2, 0)),
        ends=((0, 1), (2, 1)),
        dots=(Dot((1, 1)),),
        symmetry="horizontal",
    )
    with pytest.raises(UnsupportedPanel, match="symmetry"):
        write_task([mirrored], tmp_path / "t", bias_file=bias_dir / "dots.pl")
    assert issubclass(UnsupportedPanel, InputError)
    assert not (tmp_path / "t").exists()


# ------------------------------------------------------------------- CLI
def test_cli_examples_on_a_panel(tmp_path, bias_dir, capsys):
    EVERY_KIND.save(tmp_path / "p.json")
    task = tmp_path / "t"
    args = ["examples", str(tmp_path / "p.json"), "--out", str(task)]
    assert main([*args, "--bias", str(bias_dir / "mixed.pl"), "--positives", "all"]) == 0
    assert re.search(r"wrote .*: \d+/\d+ pos", capsys.readouterr().err)
    index = json.loads((task / "index.json").read_text())
    assert {index["objects"][o][1] for _, _, o in read_exs(task)} == {"dot", "square", "star"}
    assert main([*args[:-1], str(tmp_path / "u")]) == 2  # the paper's bias: no family
    err = capsys.readouterr().err
    assert "p: the panel has squares" in err and err.count("\n") == 1


# ------------------------------------------------- read back by the engine
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_engine_reads_family_tasks_and_the_sound_rules_cover_no_negative(tmp_path, family):
    kinds = FAMILIES[family]
    types = {"dot": "dots", "square": "squares", "star": "stars"}
    panels = [p for kind in kinds for p in generated(types[kind], 2, seed=7)]
    task = tmp_path / family
    summary = write_task(
        panels, task, bias_file=BIAS_DIR / f"{family}.pl", positives="all", max_pos=400, max_neg=400
    )
    files, bias = load_task(task)
    program = tuple(parse_program("\n".join(c for k in kinds for c in CERTIFICATE_CLAUSES[k])))
    with Tester(files.bk, files.exs, bias) as tester:
        scores = tester.score(program)[0]
        unsound = [
            tester.score(tuple(parse_program(UNSOUND_CLAUSES[k])))[0]
            for k in kinds
            if k in UNSOUND_CLAUSES
        ]
    assert scores.fp == 0  # sound rules never reject a completable path
    assert scores.tp > 0
    assert scores.tp + scores.fn == summary.pos_written
    assert scores.fp + scores.tn == summary.neg_written
    assert all(u.fp > 0 for u in unsound)


# Three panels (every kind of object; two starts and two ends with a
# triangle; a triangle puzzle) and the sha256 of each family's task on them
# (per-task facts, examples, index) as written before the families shared
# the triangle puzzles' labeller and fact writer: family tasks stay byte for
# byte the same (the triangle tasks': tests/test_examples.py).
PINNED_PANELS = (
    EVERY_KIND,
    Panel.from_json(
        '{"rows": 2, "cols": 3, "starts": [[0, 0], [3, 2]], "ends": [[3, 0], [0, 2]], '
        '"triangles": [[1, 0, 2]], "squares": [[0, 1, "white"], [2, 1, "black"]], '
        '"stars": [[1, 1, "white"], [2, 0, "white"]], "dots": [[1, 1], [2, 2, 3, 2]]}'
    ),
    Panel.from_json('{"rows": 2, "cols": 2, "goal": [2, 1], "triangles": [[0, 0, 2], [1, 1, 1]]}'),
)
FAMILY_TASK_HASHES = {
    "dots": "d4cfa40ce1bc89e008cc40943cca51b514e2114ab988e289e83b11624e0ec7df",
    "squares": "8d2b7920a6a71dfbda516e9e74265ded7f7f910c186d9f63c26e943b96e78f79",
    "stars": "165f28936d717e88ffbd2d2b5251e26e59c1abc77d0820ed6ab554bd02428719",
    "mixed": "6431ab1677bbd4fa92101c089b46cdb4bf7564ba3826a42a4ea7d0da04a41e08",
}


@pytest.mark.parametrize("family", sorted(FAMILY_TASK_HASHES))
def test_family_tasks_are_unchanged(tmp_path, family):
    task = tmp_path / family
    bias = BIAS_DIR / f"{family}.pl"
    write_task(
        PINNED_PANELS, task, names=["a", "b", "c"], bias_file=bias, max_pos=150, max_neg=100, seed=1
    )
    bk = (task / "bk.pl").read_text()
    text = bk[bk.index(FACTS_HEADER) :] + (task / "exs.pl").read_text()
    text += (task / "index.json").read_text()
    assert hashlib.sha256(text.encode()).hexdigest() == FAMILY_TASK_HASHES[family]
