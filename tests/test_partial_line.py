"""``witness check`` on a line drawn so far: what it broke for good,
whatever the completion, and whether it can still be completed."""

import json

import pytest

from witness.cli import main
from witness.model.panel import Panel
from witness.model.rules import check, enumerate_lines, is_solution, partial_line

SQUARE = {"rows": 2, "cols": 2, "goal": [2, 2]}
MIRRORED = {"cols": 3, "goal": None, "starts": [[0, 0], [3, 0]], "ends": [[0, 2], [3, 2]]}
MIRRORED["symmetry"] = "horizontal"


def known(path, time_limit=10.0, **fields):
    return partial_line(Panel.from_dict({**SQUARE, **fields}), path, time_limit)


def test_a_triangle_with_more_sides_than_its_number_is_broken_for_good():
    p = known([(0, 0), (1, 0), (1, 1)], triangles=[[0, 0, 1]])
    (v,) = p.broken
    assert (v.kind, v.at, dict(v.counts)) == ("triangle", (0, 0), {"sides": 2, "needs": 1})
    assert p.completable is False and p.completion is None


def test_a_triangle_with_too_few_edges_left_is_broken_for_good():
    # the right and left sides of (0, 0) join vertices the line has left behind
    p = known([(0, 0), (1, 0), (2, 0), (2, 1), (1, 1)], triangles=[[0, 0, 3]])
    (v,) = p.broken
    assert dict(v.counts) == {"sides": 1, "at_most": 2, "needs": 3}


def test_a_dot_between_two_vertices_left_behind_is_broken_for_good():
    p = known([(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (1, 2)], dots=[[1, 0, 1, 1]])
    assert [(v.kind, v.at) for v in p.broken] == [("dot", (1, 0, 1, 1))]


def test_nothing_is_broken_for_good_where_a_canceller_may_mend_it():
    p = known([(0, 0), (1, 0), (1, 1)], triangles=[[0, 0, 1]], cancellers=[[1, 1]])
    assert p.broken == ()


# (each has solutions; with triangles some lines drawn so far are broken for good)
@pytest.mark.parametrize(
    "fields",
    [
        {"triangles": [[0, 0, 2], [1, 1, 2]]},
        {"dots": [[1, 1], [2, 0, 2, 1]]},
        {"squares": [[0, 0, "black"], [1, 1, "white"]]},
        {**MIRRORED, "triangles": [[0, 0, 1]]},
        {**MIRRORED, "dots": [[1, 1]], "triangles": [[0, 1, 2]]},
    ],
)
def test_completable_agrees_with_the_brute_force(fields):
    data = {**SQUARE, **fields}
    panel = Panel.from_dict({k: v for k, v in data.items() if v is not None})
    solutions = [line for line in enumerate_lines(panel) if is_solution(panel, line)]
    prefixes = {tuple(line[:k]) for line in enumerate_lines(panel) for k in range(1, len(line))}
    for prefix in sorted(prefixes):
        p = partial_line(panel, prefix, 10.0)
        if prefix[-1] in panel.ends:
            assert p is None
            continue
        extends = any(tuple(s[: len(prefix)]) == prefix for s in solutions)
        assert p.completable is extends, prefix
        assert not (p.broken and extends), prefix  # broken for good means no completion
        if extends:
            assert check(panel, p.completion).solved and p.completion[: len(prefix)] == prefix


def test_a_whole_line_is_not_a_partial_one():
    assert known([(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]) is None
    assert known([(1, 1), (2, 1), (2, 2)]) is None  # does not begin at a start


def test_check_reports_a_partial_line(tmp_path, capsys):
    f = tmp_path / "p.json"
    f.write_text(json.dumps({**SQUARE, "triangles": [[0, 0, 1]]}))
    assert main(["check", str(f), "--path", "[[0,0],[1,0],[1,1]]", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["solved"] is False and out["violations"][0]["kind"] == "path"
    assert out["partial"]["completable"] is False
    assert out["partial"]["broken"][0]["counts"] == {"sides": 2, "needs": 1}
    assert main(["check", str(f), "--path", "[[0,0],[0,1]]", "--json"]) == 0
    partial = json.loads(capsys.readouterr().out)["partial"]
    assert partial["completable"] is True and partial["broken"] == []
    # a time limit of 0 stops the search before it starts: unknown, not false
    assert main(["check", str(f), "--path", "[[0,0],[0,1]]", "--time-limit", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["partial"]["completable"] is None
    assert main(["check", str(f), "--path", "[[0,0],[1,0],[1,1]]"]) == 0
    text = capsys.readouterr().out
    assert "broken for good" in text and "cannot be completed" in text
    # a whole line: the keys as before
    assert main(["check", str(f), "--path", "[[0,0],[1,0],[2,0],[2,1],[2,2]]", "--json"]) == 0
    assert "partial" not in json.loads(capsys.readouterr().out)
