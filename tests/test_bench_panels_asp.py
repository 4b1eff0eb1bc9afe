"""benchmarks/bench_panels_asp.py: a panel's solve in a child, ended at the
time limit or, with --cpu-limit, at that many CPU seconds."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bench_panels_asp  # noqa: E402

from witness.io import write_records  # noqa: E402
from witness.model.panel import Panel  # noqa: E402

PANEL = Panel(rows=1, cols=1, ends=((1, 1),))


def test_a_solve_is_ended_at_its_cpu_limit(monkeypatch) -> None:
    """A child that spins for ever is ended by the kernel at one CPU second,
    long before the wall-clock limit, and counts as stopped at the limit."""

    def spin(panel, time_limit, settings):
        while True:
            pass

    monkeypatch.setattr(bench_panels_asp, "solve_panel_asp", spin)
    status, wall, cpu, extra = bench_panels_asp.solve_capped(PANEL, 60.0, cpu_limit=1)
    assert (status, cpu, extra) == ("timed_out", 1.0, {"stop": "cpu"})
    assert wall < 30


def test_a_solve_within_its_cpu_limit_gives_its_result() -> None:
    status, _wall, cpu, extra = bench_panels_asp.solve_capped(PANEL, 60.0, cpu_limit=5)
    assert status == "solved" and cpu < 5 and extra["stop"] == "line"


def test_a_run_says_whether_the_checker_confirmed_its_line(tmp_path) -> None:
    PANEL.save(tmp_path / "one.json")
    runs, bad = bench_panels_asp.solve_all([tmp_path / "one.json"], 60.0, cpu_limit=5)
    assert not bad and runs[0].status == "solved" and runs[0].second_opinion == "agrees"


def _run_main(monkeypatch, *argv: str) -> None:
    monkeypatch.setattr(sys, "argv", ["bench_panels_asp.py", *map(str, argv)])
    bench_panels_asp.main()


def test_a_run_goes_on_from_its_runs_csv(tmp_path, monkeypatch) -> None:
    """A second run given the same runs CSV solves only the panels it does not
    name, keeps the rows it has (and those of panels not in the folder), and
    writes them all back."""
    folder, runs_csv = tmp_path / "panels", tmp_path / "runs.csv"
    folder.mkdir()
    PANEL.save(folder / "a.json")
    _run_main(monkeypatch, folder, "--runs-csv", runs_csv)
    kept = bench_panels_asp.read_runs(runs_csv)
    assert [r.name for r in kept] == ["a.json"] and kept[0].status == "solved"
    kept[0].seconds = 123.0  # a mark: solved again, the row would change
    kept.append(bench_panels_asp.Run("elsewhere.json", "1x1", "timed_out", 9.0, 9.0, False, "x"))
    write_records(kept, bench_panels_asp.Run, runs_csv)
    Panel(rows=1, cols=2, ends=((2, 1),)).save(folder / "b.json")
    solved = []
    real = bench_panels_asp.solve_capped

    def counted(panel, *args):
        solved.append(panel.cols)
        return real(panel, *args)

    monkeypatch.setattr(bench_panels_asp, "solve_capped", counted)
    _run_main(monkeypatch, folder, "--runs-csv", runs_csv)
    assert solved == [2]
    rows = {r.name: r for r in bench_panels_asp.read_runs(runs_csv)}
    assert sorted(rows) == ["a.json", "b.json", "elsewhere.json"]
    assert rows["a.json"].seconds == 123.0 and rows["b.json"].size == "1x2"
    assert rows["elsewhere.json"].status == "timed_out" and rows["a.json"].filtered is False


def test_the_runs_so_far_are_saved_as_the_run_goes(tmp_path) -> None:
    for name in ("a", "b"):
        PANEL.save(tmp_path / f"{name}.json")
    saved: list[int] = []
    files = sorted(tmp_path.glob("*.json"))
    bench_panels_asp.solve_all(
        files, 60.0, 5, checkpoint=lambda runs: saved.append(len(runs)), checkpoint_seconds=0.0
    )
    assert saved == [1, 2]


def test_saved_runs_are_reported_without_solving(tmp_path, monkeypatch, capsys) -> None:
    runs = [
        bench_panels_asp.Run("a.json", "2x2", "solved", 0.5, 0.4, True, "dots"),
        bench_panels_asp.Run("b.json", "2x2", "timed_out", 10.0, 10.0, True, "dots"),
    ]
    write_records(runs[:1], bench_panels_asp.Run, tmp_path / "one.csv")
    write_records(runs[1:], bench_panels_asp.Run, tmp_path / "two.csv")
    monkeypatch.setattr(bench_panels_asp, "solve_capped", None)  # never called
    _run_main(monkeypatch, "--report-from", tmp_path / "one.csv", tmp_path / "two.csv")
    total = capsys.readouterr().out.splitlines()[2].split()
    assert total[:6] == ["all", "2", "1", "0", "1", "2"]  # two filtered: read back as True


def test_a_runs_csv_without_a_column_is_a_one_line_error(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / "bad.csv").write_text("name,size\na.json,2x2\n")
    with pytest.raises(SystemExit) as stop:
        _run_main(monkeypatch, "--report-from", tmp_path / "bad.csv")
    assert stop.value.code == 2 and "no column 'status'" in capsys.readouterr().err


def test_only_the_named_panels_are_solved(tmp_path, monkeypatch, caplog) -> None:
    """--only takes names (with or without .json, or a runs CSV's rows) from a
    file and solves those panels of the folder alone; names of no panel
    there are counted in a warning."""
    folder = tmp_path / "panels"
    folder.mkdir()
    for name in ("a", "b", "c"):
        PANEL.save(folder / f"{name}.json")
    names = tmp_path / "names.csv"
    names.write_text("name,size\nb.json,1x1\nc\nelsewhere.json\n")
    runs_csv = tmp_path / "runs.csv"
    with caplog.at_level("WARNING", logger="bench_panels_asp"):
        _run_main(monkeypatch, folder, "--only", names, "--runs-csv", runs_csv)
    assert sorted(r.name for r in bench_panels_asp.read_runs(runs_csv)) == ["b.json", "c.json"]
    assert "1 of the names" in caplog.text  # elsewhere.json


def solves_with(monkeypatch) -> list:
    """The solver's settings each solve of a run is given (the solves go on)."""
    given = []
    real = bench_panels_asp.solve_capped

    def spy(panel, time_limit, cpu_limit, settings):
        given.append(settings)
        return real(panel, time_limit, cpu_limit, settings)

    monkeypatch.setattr(bench_panels_asp, "solve_capped", spy)
    return given


def test_solver_variants_reach_the_solver(tmp_path, monkeypatch) -> None:
    """--first-conflicts, --lazy-conflicts and --clingo-option set the
    stages' first turns and clingo's options for the solves; clingo's refusal
    of an option is one error naming it, before any solve."""
    from witness.search.asp_solver import AspSettings

    given = solves_with(monkeypatch)
    PANEL.save(tmp_path / "one.json")
    _run_main(monkeypatch, tmp_path / "one.json")
    assert given == [AspSettings()]
    options = ["--first-conflicts", 7, "--lazy-conflicts", 9, "--clingo-option=--sat-prepro=0"]
    _run_main(monkeypatch, tmp_path / "one.json", *options)
    wanted = AspSettings(first_conflicts=7, lazy_conflicts=9, clingo_options=("--sat-prepro=0",))
    assert given[1:] == [wanted]
    with pytest.raises(SystemExit) as stopped:
        _run_main(monkeypatch, tmp_path / "one.json", "--clingo-option=--sat-prepro=zz")
    assert stopped.value.code == 2


def test_the_lazy_stage_variants_reach_the_solver(tmp_path, monkeypatch) -> None:
    """--lazy-only leaves the tiling and the cancellers to the checker from the
    first turn; --exact-nogoods turns the dead-cell nogoods off."""
    given = solves_with(monkeypatch)
    PANEL.save(tmp_path / "one.json")
    _run_main(monkeypatch, tmp_path / "one.json")
    assert given[0].lazy is None and given[0].dead_cell_nogoods
    _run_main(monkeypatch, tmp_path / "one.json", "--lazy-only", "--exact-nogoods")
    assert given[1].lazy == frozenset({"polyominoes", "cancellers"})
    assert not given[1].dead_cell_nogoods


def test_a_failed_child_is_named_and_solved_again(tmp_path, monkeypatch, capsys) -> None:
    """A child that dies is a failed run, named under the table (not hidden
    in it), and a run going on from the runs CSV solves its panel again."""
    folder, runs_csv = tmp_path / "panels", tmp_path / "runs.csv"
    folder.mkdir()
    PANEL.save(folder / "a.json")

    def die(panel, time_limit, settings):
        raise RuntimeError("a crash in the child")

    monkeypatch.setattr(bench_panels_asp, "solve_panel_asp", die)
    _run_main(monkeypatch, folder, "--runs-csv", runs_csv, "--time-limit", 30)
    out = capsys.readouterr().out
    assert "failed: 1: a.json (exit code 1)" in out
    assert bench_panels_asp.read_runs(runs_csv)[0].status == "failed"
    monkeypatch.undo()
    _run_main(monkeypatch, folder, "--runs-csv", runs_csv, "--time-limit", 30)
    assert bench_panels_asp.read_runs(runs_csv)[0].status == "solved"
    assert "failed:" not in capsys.readouterr().out


def test_a_second_configuration_is_one_error_naming_the_option(
    tmp_path, monkeypatch, capsys
) -> None:
    PANEL.save(tmp_path / "a.json")
    monkeypatch.setattr(bench_panels_asp, "solve_capped", None)  # never called
    with pytest.raises(SystemExit) as stop:
        _run_main(monkeypatch, tmp_path, "--clingo-option=--configuration=tweety")
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "give a configuration with --configuration" in err


def test_the_configuration_reaches_the_solve(tmp_path, monkeypatch) -> None:
    from witness.search.asp_solver import stage_options

    PANEL.save(tmp_path / "a.json")
    seen = []

    def record(panel, time_limit, cpu_limit, settings):
        seen.append(stage_options(settings.configuration, settings=settings))
        return "solved", 0.1, 0.1, {}

    monkeypatch.setattr(bench_panels_asp, "solve_capped", record)
    _run_main(monkeypatch, tmp_path, "--configuration", "tweety")
    assert "--configuration=tweety" in seen[0]
