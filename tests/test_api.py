"""The Python API (``import witness``, docs/api.md): its examples run, it gives
the command line's answers, and help(witness) lists it."""

import doctest
import importlib
import inspect
import json
import pkgutil
import pydoc
import shutil
from pathlib import Path

import pytest

import witness
from witness.cli import main
from witness.errors import InputError
from witness.io import OutputError

ROOT = Path(__file__).resolve().parents[1]
FUNCTIONS = (
    "load",
    "save",
    "solve",
    "count",
    "check",
    "render",
    "explain",
    "hint",
    "score",
    "learn",
)
# the paper's Figure 1, and a line that breaks both of its triangles
FIGURE1 = {"rows": 1, "cols": 2, "goal": [2, 1], "triangles": [[0, 0, 1], [1, 0, 2]]}
WRONG_LINE = [(0, 0), (0, 1), (1, 1), (2, 1)]


def test_the_examples_of_docs_api_run(tmp_path, monkeypatch):
    # in a scratch folder holding what the examples read, as the repository root does
    task = Path("ilp/tests/tasks/grandparent")
    shutil.copytree(ROOT / task, tmp_path / task)
    monkeypatch.chdir(tmp_path)
    result = doctest.testfile(
        str(ROOT / "docs/api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted >= 20
    assert result.failed == 0
    assert (tmp_path / "figure1.svg").read_text().count("<svg") == 1


def cli_json(capsys, *argv: str) -> dict:
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def without_seconds(record: dict) -> dict:
    return {k: v for k, v in record.items() if k != "seconds"}


def test_the_api_gives_the_commands_answers(tmp_path, capsys):
    puzzle = tmp_path / "figure1.json"
    puzzle.write_text(json.dumps(FIGURE1))
    panel = witness.load(puzzle)
    for predicate in ("none", "baseline", "paper"):
        cli = cli_json(capsys, "solve", str(puzzle), "--predicate", predicate)
        api = witness.solve(panel, predicate).contract_dict()
        assert without_seconds(api) == without_seconds(cli)
    assert without_seconds(witness.count(panel).to_dict()) == without_seconds(
        cli_json(capsys, "solve", str(puzzle), "--count")
    )
    line = json.dumps(WRONG_LINE)
    assert witness.check(panel, WRONG_LINE).to_dict() == cli_json(
        capsys, "check", str(puzzle), "--path", line
    )
    assert without_seconds(witness.score(panel, "baseline").contract_dict()) == without_seconds(
        cli_json(capsys, "difficulty", str(puzzle), "--rules", "baseline")
    )
    dead = json.dumps([[0, 0], [0, 1], [1, 1]])
    assert witness.explain(panel, [(0, 0), (0, 1), (1, 1)]).to_dict() == cli_json(
        capsys, "explain", str(puzzle), "--path", dead
    )
    assert witness.hint(panel, [(0, 0)], steps=2).to_dict() == cli_json(
        capsys, "hint", str(puzzle), "--path", "0,0", "--steps", "2"
    )
    api = witness.solve(panel, "paper", prefix=[(0, 0), (1, 0)]).contract_dict()
    cli = cli_json(capsys, "solve", str(puzzle), "--predicate", "paper", "--from", "0,0 1,0")
    assert without_seconds(api) == without_seconds(cli)


def test_help_lists_the_api():
    text = pydoc.render_doc(witness, renderer=pydoc.plaintext)
    for name in witness.__all__:
        assert f"\n    {name}(" in text or f"class {name}(" in text, name


def test_every_function_is_typed_and_documented():
    for name in FUNCTIONS:
        function = getattr(witness, name)
        signature = inspect.signature(function)
        assert function.__doc__, name
        assert signature.return_annotation is not inspect.Signature.empty, name
        assert all(
            p.annotation is not inspect.Parameter.empty for p in signature.parameters.values()
        )


def test_no_api_name_is_taken_by_a_submodule():
    """Importing a submodule sets the package's attribute of that name: a
    function named like one (``witness.difficulty``) would be replaced by it."""
    submodules = {m.name for m in pkgutil.iter_modules(witness.__path__)}
    assert not submodules & set(witness.__all__)
    for name in submodules - {"cli"}:
        importlib.import_module(f"witness.{name}")
    assert all(inspect.isfunction(getattr(witness, name)) for name in FUNCTIONS)


def test_save_and_render_never_replace_a_users_file(tmp_path):
    panel = witness.Panel.from_dict(FIGURE1)
    for name, write in (
        ("mine.json", lambda p: witness.save(panel, p)),
        ("mine.svg", lambda p: witness.render(panel, p)),
    ):
        mine = tmp_path / name
        mine.write_text("my notes\n")
        with pytest.raises(OutputError):
            write(mine)
        assert mine.read_text() == "my notes\n"
        write(tmp_path / f"new-{name}")
        write(tmp_path / f"new-{name}")  # its own output again: written anew


def test_learn_writes_a_program_file_and_never_over_a_users_file(tmp_path):
    from ilp import PROGRAM_MARK

    task = ROOT / "ilp/tests/tasks/grandparent"
    mine = tmp_path / "mine.pl"
    mine.write_text("my notes\n")
    with pytest.raises(OutputError):
        witness.learn(task, timeout=60, out=mine)
    assert mine.read_text() == "my notes\n"
    program, _, _ = witness.learn(task, timeout=60, out=tmp_path / "learned.pl")
    text = (tmp_path / "learned.pl").read_text()
    assert text.startswith(PROGRAM_MARK) and program.clauses[0] in text


def test_bad_input_is_an_input_error(tmp_path):
    panel = witness.Panel.from_dict(FIGURE1)
    with pytest.raises(InputError, match="solver 'clingo'"):
        witness.count(panel, solver="clingo")
    with pytest.raises(InputError, match="unknown predicate"):
        witness.solve(panel, "fastest")
    (tmp_path / "bad.json").write_text('{"rows": 1}')
    with pytest.raises(InputError):
        witness.load(tmp_path / "bad.json")
