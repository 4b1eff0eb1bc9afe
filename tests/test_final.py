"""After triage (witness.pipeline.final): pi_star is the last stage's winner
with its provenance, and the portfolio pairs the best unproven predicate
(furthest stage, then rank) with a proven one."""

from __future__ import annotations

import json

import pytest

from witness.errors import InputError
from witness.pipeline.final import choose_portfolio, finalize
from witness.pipeline.triage_tables import StageRow, kept_predicates, ranked_predicates, write_stage

TABLE3_ROW1 = "f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), greaterThan(F,C).\n"


def stage(path, names, kept):
    write_stage(
        [
            StageRow(i + 1, n, 1.0, 1.0, 1.0, 1.0, 0.1, 10, 0, kept=n in kept)
            for i, n in enumerate(names)
        ],
        path,
    )
    return path


def test_stage_tables_name_ranked_and_kept_predicates(tmp_path):
    path = stage(tmp_path / "s.csv", ["b", "a", "c"], kept={"b", "c"})
    assert ranked_predicates(path) == ["b", "a", "c"]
    assert kept_predicates(path) == ["b", "c"]


def test_finalize_copies_the_winner_with_its_provenance(tmp_path):
    (tmp_path / "preds").mkdir()
    (tmp_path / "preds" / "win.pl").write_text(TABLE3_ROW1)
    s3 = stage(tmp_path / "stage3.csv", ["win", "other"], kept={"win"})
    out_pl, out_py = tmp_path / "final" / "pi_star.pl", tmp_path / "final" / "pi_star.py"
    assert finalize(s3, tmp_path / "preds", out_pl, out_py) == "win"
    assert out_pl.read_text() == (
        f"% pi_star: winner of triage ({s3}), learned as win\n" + TABLE3_ROW1
    )
    assert "def " in out_py.read_text()
    with pytest.raises(InputError, match="kept no predicate"):
        finalize(stage(tmp_path / "none.csv", ["x"], kept=()), tmp_path / "preds", out_pl, out_py)


@pytest.mark.parametrize(
    "star_status, verified", [("proven", "STAR"), ("refuted", "baseline"), ("bounded", "baseline")]
)  # no proof
def test_portfolio_takes_the_unproven_predicate_that_went_furthest(tmp_path, star_status, verified):
    statuses = {"a": "proven", "b": "refuted", "c": "bounded", "d": "empty"}
    verify = []
    for name, status in statuses.items():
        verify.append(tmp_path / f"{name}.verify.json")
        verify[-1].write_text(json.dumps({"status": status}))
    (tmp_path / "star.json").write_text(json.dumps({"status": star_status}))
    s1 = stage(tmp_path / "s1.csv", ["d", "a", "b", "c"], kept={"a", "c"})
    s2 = stage(tmp_path / "s2.csv", ["a", "c"], kept={"a"})
    out = tmp_path / "portfolio.json"
    choice = choose_portfolio([s2, s1], verify, "STAR", tmp_path / "star.json", out)
    # c reached stage 2, b only stage 1 though ranked above c there
    assert choice == {
        "unverified": str(tmp_path / "c.pl"),
        "unverified_status": "bounded",
        "verified": verified,
    }
    assert json.loads(out.read_text()) == choice
    only_proven = choose_portfolio(
        [stage(tmp_path / "s.csv", ["a", "d"], kept={"a"})],
        verify,
        "STAR",
        tmp_path / "star.json",
        out,
    )
    assert only_proven["unverified"] is None and only_proven["unverified_status"] is None
