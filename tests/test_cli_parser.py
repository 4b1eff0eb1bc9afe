"""The command-line parser built from one small builder per command: every
command is listed and has its help, and the options several commands share
(``--time-limit``, ``--json``, ``--seed``) are checked alike in each."""

from __future__ import annotations

import pytest

from witness.cli import COMMANDS, build_parser, main


def command_names() -> list[str]:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return list(sub.choices)


def test_every_command_is_listed_once_in_the_contracts_order():
    assert command_names() == [
        "generate",
        "solve",
        "verify",
        "difficulty",
        "show",
        "check",
        "explain",
        "hint",
        "import",
        "export",
        "translate",
        "predicate",
        "demo",
        "examples",
        "learn",
    ]
    assert len(COMMANDS) == len(command_names())


@pytest.mark.parametrize("command", command_names())
def test_every_command_prints_its_help_and_exits_0(command, capsys):
    assert main([command, "--help"]) == 0
    assert capsys.readouterr().out.startswith(f"usage: witness {command} ")


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "p.json"],
        ["verify", "f.pl"],
        ["difficulty"],
        ["explain", "p.json", "--path", "0,0"],
        ["hint", "p.json"],
    ],
)
def test_a_negative_time_limit_is_refused_by_every_command_that_takes_one(args, capsys):
    assert main([*args, "--time-limit", "-1"]) == 2
    assert capsys.readouterr().err == (
        f"witness {args[0]}: argument --time-limit: must be a finite number >= 0, got '-1' "
        f"(see witness {args[0]} --help)\n"
    )


@pytest.mark.parametrize("command", ["generate", "demo", "examples"])
def test_seed_is_an_integer_defaulting_to_0(command, capsys):
    parser = build_parser()
    required = {
        "generate": ["--method", "path", "--size", "2x2", "--count", "1", "--out", "o"],
        "demo": [],
        "examples": ["p.json", "--out", "o"],
    }[command]
    assert parser.parse_args([command, *required]).seed == 0
    assert main([command, *required, "--seed", "x"]) == 2
    assert "argument --seed: invalid int value: 'x'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["solve", "verify", "difficulty", "predicate", "learn"])
def test_json_is_a_flag(command):
    action = next(a for a in build_parser()._actions if a.dest == "command").choices[command]
    json_flag = next(a for a in action._actions if a.dest == "json")
    assert json_flag.option_strings == ["--json"] and json_flag.default is False
    assert json_flag.nargs == 0
