"""witness.pipeline.same_results: two runs of one configuration agree wherever the
pipeline is deterministic, and every other difference is reported."""

import csv
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profiles import examples
from witness.pipeline.same_results import compare_runs, main

PER_PUZZLE = ["puzzle", "solver", "status", "expansions", "seconds"]


def write_run(root: Path, expansions: int = 10, seconds: float = 0.5, extra: str = "") -> Path:
    """A small results folder shaped like results/<run>."""
    (root / "paper/test").mkdir(parents=True)
    (root / "paper/final").mkdir()
    (root / "paper/logs").mkdir()
    (root / "sets/test").mkdir(parents=True)
    (root / "sets/test/test_00000.json").write_text('{"rows": 2, "cols": 2}')
    (root / "paper/final/pi_star.pl").write_text("f(A,B) :- two(B).\n")
    (root / "paper/logs/test_0.log").write_text(f"took {seconds} s{extra}\n")
    (root / "paper/report.md").write_text(f"speedup_t {1 / seconds:.2f}\n")
    with (root / "paper/test/per_puzzle.csv").open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(PER_PUZZLE)
        writer.writerow(["test_00000", "baseline", "solved", expansions, seconds])
    stats = {"test_seconds": seconds, "deadline": 1.8e9 + seconds, "returned": 1.8e9 + 2 * seconds}
    summary = {"speedup_E": 2.5, "speedup_t": 1 / seconds, "stats": stats}
    (root / "paper/test/summary.json").write_text(json.dumps(summary))
    return root


def test_runs_that_differ_only_in_measured_times_are_identical(tmp_path):
    a = write_run(tmp_path / "a", seconds=0.5)
    b = write_run(tmp_path / "b", seconds=0.9, extra=" (loaded machine)")
    result = compare_runs(a, b)
    assert result.differences == ()
    assert result.files == 6 and result.compared == 4  # the log and report are left out


def test_a_different_expansion_count_is_reported(tmp_path):
    a = write_run(tmp_path / "a", expansions=10)
    b = write_run(tmp_path / "b", expansions=11)
    (diff,) = compare_runs(a, b).differences
    assert diff.path == "paper/test/per_puzzle.csv" and "expansions" in diff.what


def test_missing_and_changed_files_are_reported(tmp_path):
    a = write_run(tmp_path / "a")
    b = write_run(tmp_path / "b")
    (b / "paper/final/pi_star.pl").write_text("f(A,B) :- three(B).\n")
    (b / "sets/test/test_00000.json").unlink()
    (b / "paper/final/pi_star.py").write_text("")
    found = {(d.path, d.what) for d in compare_runs(a, b).differences}
    assert found == {
        ("paper/final/pi_star.pl", "content differs"),
        ("sets/test/test_00000.json", "only in a"),
        ("paper/final/pi_star.py", "only in b"),
    }


def test_main_exits_1_on_a_difference_and_2_on_a_missing_folder(tmp_path, capsys):
    a = write_run(tmp_path / "a")
    b = write_run(tmp_path / "b", expansions=99)
    assert main([str(a), str(a)]) == 0
    assert "identical" in capsys.readouterr().out
    assert main([str(a), str(b)]) == 1
    assert main([str(a), str(tmp_path / "none")]) == 2


values = st.one_of(st.integers(), st.text(max_size=5), st.booleans())
records = st.dictionaries(st.sampled_from(["status", "clauses", "tp", "seconds"]), values)


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(records, records, values)
def test_json_files_differ_exactly_when_an_unmeasured_key_does(tmp_path_factory, a, b, seconds):
    """Oracle: the records with the measured key ("seconds") removed by hand."""
    root = tmp_path_factory.mktemp("json")
    for name, record in (("a", a), ("b", b)):
        (root / name).mkdir()
        (root / name / "scores.json").write_text(json.dumps({**record, "seconds": seconds}))
    unmeasured = [{k: v for k, v in r.items() if k != "seconds"} for r in (a, b)]
    assert (compare_runs(root / "a", root / "b").differences == ()) == (
        unmeasured[0] == unmeasured[1]
    )


def test_a_learned_programs_time_comment_is_not_compared_but_its_clauses_are(tmp_path):
    a = write_run(tmp_path / "a")
    b = write_run(tmp_path / "b")
    header = "% scores: TP=164 FN=336 TN=500 FP=0\n% time: {} s; search: rule space exhausted\n"
    (a / "paper/final/pi_star.pl").write_text(header.format(13.0) + "f(A,B) :- two(B).\n")
    (b / "paper/final/pi_star.pl").write_text(header.format(12.1) + "f(A,B) :- two(B).\n")
    assert compare_runs(a, b).differences == ()
    (b / "paper/final/pi_star.pl").write_text(header.format(12.1) + "f(A,B) :- one(B).\n")
    assert [d.path for d in compare_runs(a, b).differences] == ["paper/final/pi_star.pl"]
