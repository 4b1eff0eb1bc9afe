"""Bad input and edge cases of the command line (exit status 2 with one line,
never a traceback; never a user's file lost; honest search statuses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

P = {"rows": 2, "cols": 3, "goal": [3, 2], "triangles": [[0, 1, 2], [2, 0, 1]]}
# Plain A* needs millions of paths here (clingo solves it at once).
BIG = {
    "rows": 15,
    "cols": 15,
    "goal": [15, 15],
    "triangles": [[3, 3, 2], [7, 7, 1], [10, 2, 3], [12, 12, 2]],
}
# Solvable (0,0) -> (0,1) -> (1,1) -> (1,0) only; a 3-triangle rule prunes it.
THREE = {"rows": 1, "cols": 1, "goal": [1, 0], "triangles": [[0, 0, 3]]}
UNSOUND = "f(A,B) :- square(B,C,D), three(C).\n"  # fires on every 3-triangle square
TASK = {"bk.pl", "bias.pl", "exs.pl", "counts.json", "index.json"}


def witness(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The console command in a fresh process, with the usual umask 022."""
    return subprocess.run(
        [sys.executable, "-m", "witness.cli", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        preexec_fn=lambda: os.umask(0o022),
    )


def bad_input(proc: subprocess.CompletedProcess, *words: str) -> None:
    """Exit status 2, one line on stderr naming ``words``, no traceback."""
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = [ln for ln in proc.stderr.strip().splitlines() if not ln.startswith("generate ")]
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.fixture
def files(tmp_path) -> Path:
    for name, data in (("p.json", P), ("big.json", BIG), ("three.json", THREE)):
        (tmp_path / name).write_text(json.dumps(data))
    (tmp_path / "unsound.pl").write_text(UNSOUND)
    return tmp_path


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


# ------------------------------------------------ 1. examples --out never loses data
def test_examples_into_a_folder_keeps_the_users_files(files):
    out = files / "t"
    out.mkdir()
    (out / "mine.txt").write_text("keep")
    proc = witness("examples", files / "p.json", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert (out / "mine.txt").read_text() == "keep"
    assert {p.name for p in out.iterdir()} == TASK | {"mine.txt"}
    # Running again replaces its own (unchanged) files, and still nothing else.
    assert witness("examples", files / "p.json", "--out", out, "--max-pos", "3").returncode == 0
    assert (out / "exs.pl").read_text().count("pos(") == 3
    assert (out / "mine.txt").read_text() == "keep"


@pytest.mark.parametrize("name", ["bk.pl", "exs.pl", "counts.json"])
def test_examples_refuses_to_overwrite_a_file_it_did_not_write(files, name):
    out = files / "popper_task"
    out.mkdir()
    (out / name).write_text("% my own\n")
    before = snapshot(out)
    bad_input(witness("examples", files / "p.json", "--out", out), "--out", name)
    assert snapshot(out) == before


def test_examples_refuses_to_overwrite_a_file_changed_since(files):
    out = files / "t"
    assert witness("examples", files / "p.json", "--out", out).returncode == 0
    with (out / "bk.pl").open("a") as fh:
        fh.write("my_rule(x).\n")
    before = snapshot(out)
    bad_input(witness("examples", files / "p.json", "--out", out), "--out", "bk.pl")
    assert snapshot(out) == before


def test_examples_out_an_existing_file_is_refused(files):
    (files / "f.txt").write_text("keep")
    bad_input(witness("examples", files / "p.json", "--out", files / "f.txt"), "--out", "f.txt")
    assert (files / "f.txt").read_text() == "keep"


def test_examples_out_dot_writes_into_the_current_folder(files):
    work = files / "work"
    work.mkdir()
    (work / "notes.txt").write_text("keep")
    proc = witness("examples", files / "p.json", "--out", ".", cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert {p.name for p in work.iterdir()} == TASK | {"notes.txt"}
    assert sorted(p.name for p in files.iterdir() if p.name.startswith(".")) == []
    assert witness("examples", files / "p.json", "--out", ".", cwd=work).returncode == 0
    assert {p.name for p in work.iterdir()} == TASK | {"notes.txt"}


# ------------------------------------------------ 10. outputs readable by colleagues
def test_outputs_are_0644_and_folders_0755(files):
    modes = {}
    assert witness("examples", files / "p.json", "--out", files / "new" / "task").returncode == 0
    modes["task folder"] = files / "new" / "task"
    modes["new parent"] = files / "new"
    modes.update({f"task {p.name}": p for p in (files / "new" / "task").iterdir()})
    proc = witness("translate", files / "unsound.pl", "--out", files / "py" / "u.py")
    assert proc.returncode == 0, proc.stderr
    modes["translation"] = files / "py" / "u.py"
    assert (
        witness(
            "generate", "--method", "path", "--size", "2x2", "--count", "1", "--out", files / "set"
        ).returncode
        == 0
    )
    modes["set"] = files / "set"
    modes.update({f"set {p.name}": p for p in (files / "set").iterdir()})
    task = Path(__file__).parents[1] / "ilp" / "tests" / "tasks" / "zoo2"
    proc = witness("learn", task, "--out", files / "learned" / "zoo2.pl", "--quiet")
    assert proc.returncode == 0, proc.stderr
    modes["learned program"] = files / "learned" / "zoo2.pl"
    got = {what: oct(p.stat().st_mode & 0o777) for what, p in modes.items()}
    want = {what: oct(0o755 if p.is_dir() else 0o644) for what, p in modes.items()}
    assert got == want


# ------------------------------------------------ 2. why a search stopped
def solve_json(capsys, *args) -> dict:
    from witness.cli import main

    assert main(["solve", *map(str, args), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_solve_json_says_why_the_search_stopped(files, capsys):
    keys = ["solved", "path", "expansions", "seconds", "timed_out", "status"]
    proc = witness("solve", files / "big.json", "--memory-mb", "5", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert list(out) == keys
    assert (out["status"], out["solved"], out["timed_out"]) == ("out_of_memory", False, False)
    out = solve_json(capsys, files / "big.json", "--max-expansions", "0")
    assert (out["status"], out["solved"], out["expansions"]) == ("expansion_budget", False, 0)
    out = solve_json(capsys, files / "big.json", "--max-expansions", "1000")
    assert (out["status"], out["expansions"]) == ("expansion_budget", 1000)
    assert solve_json(capsys, files / "p.json")["status"] == "solved"


def test_unsolvable_only_when_every_pruning_was_sound(files, capsys):
    (files / "none.json").write_text(json.dumps({**THREE, "goal": [1, 1]}))  # 3 of 2 edges
    assert solve_json(capsys, files / "none.json")["status"] == "unsolvable"
    assert solve_json(capsys, files / "none.json", "--predicate", "paper")["status"] == "unsolvable"
    # An unverified program may prune every solution: its empty open list proves nothing.
    out = solve_json(capsys, files / "three.json", "--predicate", files / "unsound.pl")
    assert (out["status"], out["solved"]) == ("exhausted", False)
    out = solve_json(
        capsys, files / "three.json", "--predicate", files / "unsound.pl", "--mode", "sort"
    )
    assert out["status"] == "solved"


# ------------------------------------------------ 3. seconds time the search only
SECONDS_PROBE = """
import json, sys, time
import witness.search.panel_search as search
import witness.search.kernels.panel as kernels

# A clock that jumps by an hour whenever the compiled core gets compiled or
# loaded from numba's cache between two readings: a search whose timer spans
# that load reports over 3600 seconds.
real, seen, offset = time.perf_counter, [0], [0.0]
def clock():
    n = len(kernels.panel_astar_run.signatures)
    if n != seen[0]:
        seen[0], offset[0] = n, offset[0] + 3600.0
    return real() + offset[0]
search.time.perf_counter = clock

from witness.cli import main
sys.exit(main(["solve", sys.argv[1], "--json"]))
"""


def test_solve_seconds_exclude_loading_the_compiled_core(files):
    proc = subprocess.run(
        [sys.executable, "-c", SECONDS_PROBE, str(files / "p.json")], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["solved"] and out["seconds"] < 3600


# ------------------------------------------------ 5. unreadable files, odd output paths
NOT_UTF8 = b"\xff\xfe not utf-8 \xe9\n"


def test_non_utf8_inputs_are_one_line_errors(files):
    (files / "bad.json").write_bytes(json.dumps(P).encode() + NOT_UTF8)
    (files / "bad.pl").write_bytes(UNSOUND.encode() + b"% " + NOT_UTF8)
    (files / "badbias.pl").write_bytes(
        (Path(__file__).parents[1] / "bias" / "paper.pl").read_bytes() + b"% " + NOT_UTF8
    )
    (files / "paths.json").write_text("[[[0, 0]]]")
    bad_input(witness("solve", files / "bad.json"), "bad.json", "UTF-8")
    bad_input(witness("show", files / "bad.json", "--out", files / "x.svg"), "bad.json", "UTF-8")
    bad_input(witness("solve", files / "p.json", "--predicate", files / "bad.pl"), "bad.pl")
    bad_input(witness("translate", files / "bad.pl"), "bad.pl", "UTF-8")
    bad_input(witness("verify", files / "bad.pl"), "bad.pl", "UTF-8")
    bad_input(
        witness("predicate", files / "bad.pl", files / "p.json", "--paths", files / "paths.json"),
        "bad.pl",
        "UTF-8",
    )
    bad_input(
        witness("examples", files / "p.json", "--out", files / "t", "--bias", files / "badbias.pl"),
        "badbias.pl",
        "UTF-8",
    )
    assert not (files / "t").exists()
    for name in ("bias.pl", "bk.pl", "exs.pl"):  # SWI-Prolog alone would only warn on bk/exs
        task = files / f"task_{name}"
        task.mkdir()
        for f in (Path(__file__).parents[1] / "ilp" / "tests" / "tasks" / "zoo2").iterdir():
            (task / f.name).write_bytes(f.read_bytes())
        with (task / name).open("ab") as fh:
            fh.write(b"% " + NOT_UTF8)
        proc = witness("learn", task, "--quiet")
        bad_input(proc, name, "UTF-8")
        assert proc.stdout == ""
    bad_input(witness("learn", files / "p.json"), "p.json is a file, not a folder")


def test_odd_json_is_a_one_line_error(files):
    (files / "twice.json").write_text(
        '{"rows": 2, "rows": 3, "cols": 3, "goal": [3, 3], "triangles": []}'
    )
    (files / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    bad_input(witness("solve", files / "twice.json"), "'rows' given twice")
    bad_input(witness("solve", files / "deep.json"), "nested too deeply")
    bad_input(
        witness("show", files / "p.json", "--path", files / "deep.json", "--out", files / "x.svg"),
        "--path",
        "nested too deeply",
    )
    assert not (files / "x.svg").exists()


def test_a_byte_order_mark_is_accepted(files):
    """Some Windows editors start UTF-8 files with a byte-order mark, which the JSON
    and Prolog parsers refuse ('Unexpected UTF-8 BOM', 'cannot parse literal')."""
    bom = b"\xef\xbb\xbf"
    (files / "bom.json").write_bytes(bom + json.dumps(P).encode())
    (files / "bom.pl").write_bytes(bom + UNSOUND.encode())
    proc = witness("solve", files / "bom.json", "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["status"] == "solved", proc.stderr
    proc = witness("translate", files / "bom.pl")
    assert proc.returncode == 0 and "def clause_1" in proc.stdout, proc.stderr


def test_a_solve_output_without_a_path_is_named(files):
    proc = witness("solve", files / "big.json", "--max-expansions", "10", "--json")
    (files / "unsolved.json").write_text(proc.stdout)
    bad_input(
        witness(
            "show", files / "big.json", "--path", files / "unsolved.json", "--out", files / "u.svg"
        ),
        "--path",
        "no path",
        "expansion_budget",
    )


def test_translate_out_paths(files):
    proc = witness("translate", files / "unsound.pl", "--out", files / "nodir" / "u.py")
    assert proc.returncode == 0, proc.stderr
    assert "def " in (files / "nodir" / "u.py").read_text()
    (files / "folder").mkdir()
    bad_input(
        witness("translate", files / "unsound.pl", "--out", files / "folder"), "--out", "folder"
    )
    assert list((files / "folder").iterdir()) == []


ZOO2 = Path(__file__).parents[1] / "ilp" / "tests" / "tasks" / "zoo2"


@pytest.mark.parametrize(
    "command, out",
    [
        (("translate", "{d}/unsound.pl", "--out"), "u.py"),
        (("learn", ZOO2, "--out"), "zoo2.pl"),
        (("show", "{d}/p.json", "--out"), "p.svg"),
        (("show", "{d}/p.json", "--out"), "p.png"),
        (("export", "{d}/p.json", "--to", "jbz", "--out"), "p.jbz.json"),
        (("difficulty", "--rank", "{d}/set", "--csv"), "rank.csv"),
    ],
)
def test_an_out_file_replaces_only_the_commands_own_output(files, command, out):
    """``--out FILE`` over an existing file: its own earlier output is replaced, a
    file the user wrote (the input program itself, with a typo) is refused."""
    (files / "set").mkdir()
    (files / "set" / "p.json").write_text(json.dumps(P))
    args = [str(a).format(d=files) for a in command]
    assert witness(*args, files / out).returncode == 0  # new
    assert witness(*args, files / out).returncode == 0  # its own output again
    (files / out).write_text("mine\n")
    bad_input(witness(*args, files / out), "already exists", "not written by this command")
    assert (files / out).read_text() == "mine\n"


def test_translate_never_overwrites_its_input(files):
    before = (files / "unsound.pl").read_text()
    bad_input(
        witness("translate", files / "unsound.pl", "--out", files / "unsound.pl"),
        "--out",
        "unsound.pl",
    )
    assert (files / "unsound.pl").read_text() == before


def test_export_never_overwrites_its_input(files):
    before = (files / "p.json").read_text()
    bad_input(
        witness("export", files / "p.json", "--to", "jbz", "--out", files / "p.json"),
        "--out",
        "p.json",
        "not written by this command",
    )
    assert (files / "p.json").read_text() == before


def test_learn_checks_its_out_before_learning(files):
    """A task's own exs.pl given as --out (a slip of the tab key) is refused before
    the learning starts (no progress line), not after an hour of it."""
    task = files / "zoo2"
    task.mkdir()
    for f in ZOO2.iterdir():
        (task / f.name).write_bytes(f.read_bytes())
    before = snapshot(task)
    proc = witness("learn", task, "--out", task / "exs.pl")
    bad_input(proc, "--out", "exs.pl")
    assert proc.stdout == "" and "[learn]" not in proc.stderr
    assert snapshot(task) == before


@pytest.mark.parametrize(
    "option",
    [
        ["--max-expansions", "5"],
        ["--memory-mb", "10"],
        ["--predicate", "paper"],
        ["--mode", "sort"],
        ["--base-prune"],
    ],
)
def test_solve_asp_refuses_options_it_would_ignore(files, option):
    bad_input(
        witness("solve", files / "p.json", "--solver", "asp", *option), option[0], "--solver asp"
    )


def test_show_size_is_a_pngs_and_needs_out(files):
    bad_input(witness("show", files / "p.json", "--size", "100"), "--size", "--out")
    p = files / "p.json"
    bad_input(witness("show", p, "--size", "100", "--out", files / "s.svg"), "--size")
    assert witness("show", p, "--size", "20", "--out", files / "s.png").returncode == 0


def test_show_out_a_folder_is_refused(files):
    (files / "pic.svg").mkdir()
    bad_input(witness("show", files / "p.json", "--out", files / "pic.svg"), "--out", "pic.svg")


@pytest.mark.skipif(
    not Path("/proc").is_dir(), reason="needs /proc, a folder nothing can be made in"
)
def test_show_out_where_nothing_can_be_written_is_refused(files):
    # matplotlib's FileNotFoundError was a traceback (exit 1)
    bad_input(witness("show", files / "p.json", "--out", "/proc/x.svg"), "/proc/x.svg")


DOTS = {"rows": 2, "cols": 2, "ends": [[2, 2]], "dots": [[1, 1]]}


@pytest.mark.parametrize(
    "program, puzzle",
    [("unsound.pl", "three.json"), (Path(__file__).parent / "data/panel_sound_rules.pl", DOTS)],
)
def test_predicate_refuses_an_empty_path(files, program, puzzle):
    """A triangle predicate and a learned family program: --paths '[[]]' was an IndexError."""
    if isinstance(puzzle, dict):
        (files / "panel.json").write_text(json.dumps(puzzle))
        puzzle = "panel.json"
    proc = witness("predicate", files / program, files / puzzle, "--paths", "[[[0, 0]], []]")
    bad_input(proc, "--paths", "path 1")


@pytest.mark.parametrize(
    "name, values",
    [("paper", [True, False]), ("baseline", [True, False]), ("none", [False, False])],
)
def test_predicate_takes_the_names_solve_takes(files, name, values):
    """``witness predicate paper ...`` read 'paper' as a file name (exit 2)."""
    # square (2, 0) has 1 triangle: the first path has 2 of its sides
    paths = "[[[0,0],[1,0],[2,0],[2,1],[3,1]], [[0,0],[0,1]]]"
    proc = witness("predicate", name, files / "p.json", "--paths", paths, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == values


def test_predicate_on_a_panel_refuses_the_paper_predicate_as_solve_does(files):
    (files / "panel.json").write_text(json.dumps(DOTS))
    paths = "[[[0,0],[1,0]]]"
    bad_input(witness("predicate", "paper", files / "panel.json", "--paths", paths), "paper")
    proc = witness("predicate", "none", files / "panel.json", "--paths", paths, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [False]


@pytest.mark.parametrize("command", ["check", "show"])
def test_a_path_of_booleans_is_refused(files, command):
    """Panel files refuse true and false as coordinates; --path read them as 1 and 0."""
    args = ["--path", "[[false, false], [true, false]]"]
    if command == "show":
        args += ["--out", files / "p.svg"]
    bad_input(witness(command, files / "p.json", *args), "--path", "integer")


def test_paths_from_a_pipe_and_long_inline_json(files):
    """--paths/--path read any existing path that is not a folder: bash's <(...) is a
    pipe (its name was parsed as JSON); a long inline path is JSON, not a file name
    too long for the system (that raised OSError)."""
    (files / "t.pl").write_text(UNSOUND)
    command = (
        f"{sys.executable} -m witness.cli predicate {files / 't.pl'} {files / 'three.json'} "
        "--paths <(echo '[[[0,0]], [[0,0],[0,1]]]') --json"
    )
    proc = subprocess.run(["bash", "-c", command], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [True, True]
    command = (
        f"{sys.executable} -m witness.cli show {files / 'p.json'} --out {files / 'x.svg'} "
        "--path <(echo '[[0,0],[1,0]]')"
    )
    proc = subprocess.run(["bash", "-c", command], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    long_path = json.dumps([[0, 0], [1, 0]] * 500)  # a walk, drawn as given
    proc = witness("show", files / "p.json", "--out", files / "y.svg", "--path", long_path)
    assert proc.returncode == 0, proc.stderr


def test_generate_out_an_existing_file_is_refused(files):
    bad_input(
        witness(
            "generate",
            "--method",
            "path",
            "--size",
            "2x2",
            "--count",
            "2",
            "--out",
            files / "p.json",
        ),
        "--out",
        "p.json",
    )
    assert json.loads((files / "p.json").read_text()) == P


def test_generate_never_overwrites_a_changed_puzzle(files):
    args = ("generate", "--method", "path", "--size", "2x2", "--count", "2", "--out", files / "set")
    assert witness(*args).returncode == 0
    assert witness(*args).returncode == 0  # the same set again: same files, allowed
    first = sorted((files / "set").iterdir())[0]
    first.write_text(json.dumps(P))
    bad_input(witness(*args), "--out", first.name)
    assert json.loads(first.read_text()) == P


# ------------------------------------------------ 6. Algorithm 3 above what it serves
@pytest.mark.parametrize("types", [[], ["--types", "squares"]])
@pytest.mark.parametrize("size", ["10x10", "5x6", "2x2-4x8", "15x15"])
def test_generate_random_refuses_sizes_it_cannot_serve(files, size, types):
    proc = witness(
        "generate",
        "--method",
        "random",
        "--size",
        size,
        "--count",
        "1",
        "--out",
        files / "set",
        *types,
    )
    bad_input(proc, "--size", size, "Algorithm 4")
    # before any work: no progress bar (its line was glued to the refusal)
    assert proc.stderr.startswith("witness generate: --size")
    assert not (files / "set").exists()


def test_generate_random_gives_up_after_max_tries():
    from witness.search.generate import GenerationError, generate_set

    tried = []

    def never(p):
        tried.append(p)
        return False

    with pytest.raises(GenerationError, match="max_tries: none of 25 random"):
        generate_set("random", [(3, 3)], 1, seed=0, is_solvable=never, max_tries=25)
    assert len(tried) == 25


# ------------------------------------------------ 7. option values are checked
@pytest.mark.parametrize(
    "args, option",
    [
        (["solve", "{p}", "--memory-mb", "0"], "--memory-mb"),
        (["solve", "{p}", "--memory-mb", "-5"], "--memory-mb"),
        (["solve", "{p}", "--memory-mb", "nan"], "--memory-mb"),
        (["solve", "{p}", "--time-limit", "-1"], "--time-limit"),
        (["solve", "{p}", "--time-limit", "nan"], "--time-limit"),
        (["solve", "{p}", "--time-limit", "inf"], "--time-limit"),
        (["solve", "{p}", "--max-expansions", "-5"], "--max-expansions"),
        (["solve", "{p}", "--max-expansions", "1.5"], "--max-expansions"),
        (["solve", "{p}", "--solver", "asp", "--time-limit", "nan"], "--time-limit"),
        (["verify", "paper", "--time-limit", "-1"], "--time-limit"),
        (["learn", "{d}", "--timeout", "nan"], "--timeout"),
        (["examples", "{p}", "--out", "{d}/t", "--max-pos", "-1"], "--max-pos"),
        (["examples", "{p}", "--out", "{d}/t", "--max-pos", "0"], "--max-pos"),  # learn refuses it
        (
            ["generate", "--method", "path", "--size", "2x2", "--count", "-1", "--out", "{d}/s"],
            "--count",
        ),
        (["demo", "--count", "0"], "--count"),
        (["difficulty", "{p}", "--time-limit", "nan"], "--time-limit"),
        (["difficulty", "{p}", "--lookahead", "-1"], "--lookahead"),
        # an empty --out (an unset "$DIR") would mean the current folder or stdout
        (["examples", "{p}", "--out", ""], "--out"),
        (["generate", "--method", "path", "--size", "2x2", "--count", "1", "--out", ""], "--out"),
        (["translate", "{d}/unsound.pl", "--out", " "], "--out"),
        (["learn", "{d}", "--out", ""], "--out"),
        (["show", "{p}", "--out", ""], "--out"),
        (["verify", "{d}/unsound.pl", "--counterexamples", ""], "--counterexamples"),
        (["verify", "{d}/unsound.pl", "--pictures", ""], "--pictures"),
        (["verify", "{d}/unsound.pl", "--pictures", "{p}"], "--pictures"),  # a file, not a folder
    ],
)
def test_bad_option_values_exit_2_naming_the_option(files, args, option):
    args = [a.format(p=files / "p.json", d=files) for a in args]
    before = sorted(p.name for p in files.iterdir())
    bad_input(witness(*args, cwd=files), option)
    assert sorted(p.name for p in files.iterdir()) == before  # nothing written


def test_the_api_checks_budgets_too(files):
    from witness.model.puzzle import Puzzle
    from witness.search.predicates import BASELINE
    from witness.search.solvers import solve

    p = Puzzle.load(files / "p.json")
    for bad in (
        {"memory_mb": 0},
        {"memory_mb": -5},
        {"time_limit": float("nan")},
        {"time_limit": -1},
        {"max_expansions": -5},
    ):
        with pytest.raises(ValueError, match=next(iter(bad))):
            solve(p, BASELINE, **bad)


# ------------------------------------------------ 9. verify's exit status
def test_verify_help_and_exit_status_agree(files):
    text = " ".join(witness("verify", "--help").stdout.split())
    assert "3 refuted" not in text and "4 unknown" not in text
    assert "0 whenever the check ran, whatever its verdict" in text
    proc = witness("verify", files / "unsound.pl", "--max-size", "2x2", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] not in ("verified", "proven")  # refuted, exit 0


def test_verify_counterexamples_never_replace_a_changed_file(files):
    args = ("verify", files / "unsound.pl", "--max-size", "2x2")
    # a file where the folder should be: refused before the check runs
    bad_input(witness(*args, "--counterexamples", files / "p.json"), "--counterexamples", "p.json")
    assert json.loads((files / "p.json").read_text()) == P
    out = files / "cx"
    assert witness(*args, "--counterexamples", out).returncode == 0
    assert witness(*args, "--counterexamples", out).returncode == 0  # the same files again
    puzzle = sorted(out.glob("*_puzzle.json"))[0]
    puzzle.write_text(json.dumps(P))  # the user edits a counterexample to explore it
    bad_input(witness(*args, "--counterexamples", out), "--counterexamples", puzzle.name)
    assert json.loads(puzzle.read_text()) == P


def test_a_closed_pipe_is_not_a_traceback(files):
    """``witness predicate ... | head -1``: the reader leaves before the output ends."""
    (files / "paths.json").write_text(json.dumps([[[0, 0]]] * 20_000))  # > a pipe's buffer
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "witness.cli",
            "predicate",
            files / "unsound.pl",
            files / "p.json",
            "--paths",
            files / "paths.json",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 1 and err == "", err


# ------------------------------------------------ 13. --version
def test_version():
    proc = witness("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"witness {version('witness-ilp')}"


# ------------------------------------------------ 8. the memory budget is kept
MEMORY_PROBE = """
import json, resource, sys
from witness.search.predicates import NONE
from witness.model.puzzle import Puzzle
from witness.search.solvers import solve

def peak_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6  # KiB on Linux

trivial = solve(Puzzle.from_json(sys.argv[1]), NONE)
before = peak_mb()
big = solve(Puzzle.from_json(sys.argv[2]), NONE, memory_mb=float(sys.argv[3]))
print(json.dumps({"trivial": trivial.status, "status": big.status,
                  "paths": big.extra["stored_paths"], "above": peak_mb() - before}))
"""


def test_memory_budget_bounds_the_peak_above_a_trivial_solve():
    budget = 60.0
    proc = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, json.dumps(P), json.dumps(BIG), str(budget)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert (out["trivial"], out["status"]) == ("solved", "out_of_memory")
    assert out["paths"] > 0.9 * budget * 1e6 / 17  # the budget was used, not undershot
    assert out["above"] <= budget * 1.02, out  # growing the arrays never holds two copies
