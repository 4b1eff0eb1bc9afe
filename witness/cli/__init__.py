"""The ``witness`` command: a thin layer over the package API (docs/DESIGN.md contract).

Exit status: 0 success, 2 bad input (one-line message naming the field or
option), 1 internal failure. Each ``cmd_*`` function parses nothing itself
beyond what argparse gives it and calls one package function.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from ilp import TaskError
from witness.cli.explain import add_explain, add_hint
from witness.cli.learning import (
    add_demo,
    add_difficulty,
    add_examples,
    add_learn,
    add_predicate,
    add_translate,
    add_verify,
)
from witness.cli.options import Parser, Subparsers, VersionAction
from witness.cli.panels import (
    add_check,
    add_export,
    add_generate,
    add_import,
    add_show,
    add_solve,
)
from witness.errors import InputError

# The commands in the order ``witness --help`` lists them.
COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    add_generate,
    add_solve,
    add_verify,
    add_difficulty,
    add_show,
    add_check,
    add_explain,
    add_hint,
    add_import,
    add_export,
    add_translate,
    add_predicate,
    add_demo,
    add_examples,
    add_learn,
)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="witness", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--version", action=VersionAction, help="show program's version number and exit"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """The ``witness`` command (``argv``: its arguments; None: the program's own,
    when it is the program that ends: a clingo grounding left running past its
    time limit would crash the interpreter's exit, so it ends at once)."""
    code = _main(argv)
    if argv is None and "witness.search.asp_solver" in sys.modules:
        from witness.search.asp_solver import grounding_left

        if grounding_left():
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    return code


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed; bad usage is exit 2
        return int(exc.code or 0)
    try:
        return args.func(args)
    except (InputError, TaskError) as exc:  # TaskError: the ILP engine's bad input
        print(f"witness {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"witness {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. `| head`): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nor at exit
        return 1
