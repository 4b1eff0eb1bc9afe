"""Commands for players and designers: explain (why a line drawn so far is a
dead end) and hint (where to go next), over witness.pipeline.explain."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from witness.cli.options import (
    PATH_FORMS,
    Subparsers,
    add_json_flag,
    add_out,
    add_time_limit,
    at_least_one,
    load_path_arg,
    named_option,
)
from witness.io import check_file

if TYPE_CHECKING:
    from witness.model.rules import Violation

RULES_HELP = (
    "paper (Table 3, on panels of the paper's form) | baseline | hand (the thesis's "
    "rules for dots, gaps, squares, triangles) | FILE.pl (a learned program; its "
    "clauses' status from FILE.verify.json beside it); default: paper on the paper's "
    "form, hand elsewhere"
)
# (here, not imported from the package: building the parser loads no search)
DEFAULT_TIME_LIMIT = 5.0  # seconds: the search for a completion
DEFAULT_STEPS = 3
TIME_HELP = (
    "seconds the search for a completion may take (>= 0, default {:g}); past it, "
    "'completable' is null"
)


def _load(args: argparse.Namespace):
    """The panel and the rules the command reads."""
    from witness.model.panel import Panel
    from witness.pipeline.explain import default_rules, load_rules
    from witness.search.solvers import warm_up

    panel = Panel.load(args.puzzle)
    rules = load_rules(args.rules or default_rules(panel))
    # the search for a completion: say so when its core must first be compiled
    warm_up(notice=lambda text: print(text, file=sys.stderr, flush=True))
    return panel, rules


def _print_result(
    args: argparse.Namespace, result, panel, path, marks: Callable[[], Iterable[Violation]]
) -> None:
    """The command's result: its JSON record with --json, else its lines and a
    text picture of ``panel`` with ``path`` and ``marks()`` (the places to mark)."""
    from witness.model.render_text import text_picture

    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print("\n".join(result.lines(args.time_limit)))
        print(text_picture(panel, path, marks()))


def cmd_explain(args: argparse.Namespace) -> int:
    from witness.model.render import IMAGE_MARK, render
    from witness.pipeline.explain import explain

    if args.out:
        with named_option("--out"):  # before the search, not after
            check_file(args.out, IMAGE_MARK.encode())
    panel, rules = _load(args)
    result = explain(panel, load_path_arg(args.path), rules, args.time_limit)
    if args.out:
        with named_option("--out"):
            render(panel, Path(args.out), list(result.path), result.marks(), labels=True)
        print(f"wrote {args.out}", file=sys.stderr)
    _print_result(args, result, panel, list(result.path), result.marks)
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    from witness.pipeline.explain import hint

    panel, rules = _load(args)
    path = load_path_arg(args.path) if args.path else None
    result = hint(panel, path, rules, args.steps, args.time_limit)
    explanation = result.explanation
    marks = explanation.marks if explanation else lambda: ()
    _print_result(args, result, panel, list(result.path) or None, marks)
    return 0


def add_explain(sub: Subparsers) -> None:
    p = sub.add_parser(
        "explain",
        help="can a line drawn so far still be completed, and which rule says why not",
        description="Decide by search from the line's head whether it can still be "
        "completed, and name each clause of the rules that fires on it: in English, "
        "with the object it fires on, the feature values behind it and whether it is "
        "proven. --json: completable (true, false, null past the time limit), "
        "completion, fired (clause, english, proven, status, at, values), note.",
    )
    p.add_argument("puzzle")
    p.add_argument("--path", required=True, help=f"the line drawn so far: {PATH_FORMS}")
    p.add_argument("--rules", default=None, help=RULES_HELP)
    add_out(
        p,
        "also draw the panel, the line and the places the clauses fire on, with "
        "row and column numbers (FILE.svg or FILE.png)",
        metavar="PICTURE",
    )
    add_time_limit(p, TIME_HELP.format(DEFAULT_TIME_LIMIT), DEFAULT_TIME_LIMIT)
    add_json_flag(p)
    p.set_defaults(func=cmd_explain)


def add_hint(sub: Subparsers) -> None:
    p = sub.add_parser(
        "hint",
        help="the next steps of a solution from where a line stands",
        description="The next steps of a solution from the head of the line (from a "
        "start without --path), and the next steps the rules' proven clauses show to be "
        "dead ends; or, when the line cannot be completed, why (as witness explain). "
        "--json: path (the line so far extended by the steps), steps, completable, avoid.",
    )
    p.add_argument("puzzle")
    p.add_argument("--path", default=None, help=f"the line drawn so far: {PATH_FORMS}")
    p.add_argument(
        "--steps",
        type=at_least_one,
        default=DEFAULT_STEPS,
        metavar="N",
        help=f"how many steps to show (>= 1, default {DEFAULT_STEPS})",
    )
    p.add_argument("--rules", default=None, help=RULES_HELP)
    add_time_limit(p, TIME_HELP.format(DEFAULT_TIME_LIMIT), DEFAULT_TIME_LIMIT)
    add_json_flag(p)
    p.set_defaults(func=cmd_hint)
