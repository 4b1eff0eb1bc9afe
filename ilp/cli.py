"""The ``ilp`` command (also ``python -m ilp``): learn a program from a Popper task folder.

    ilp learn TASK [--timeout SEC] [--max-vars N] [--max-body N] [--max-clauses N]
                   [--noisy] [--fp-weight W] [--fn-weight W] [--size-weight W]
                   [--stats] [--json] [--quiet] [--engine ilp|popper]

prints the program as Popper does (``********** SOLUTION **********``, a line
of precision, recall and the confusion counts, the clauses), ``NO SOLUTION``
when no rule covers a positive, or with ``--json`` one JSON object. Progress
lines go to stderr unless ``--quiet``. Exit status 0 on success, 2 on bad
input (one line naming the file or option), 1 on an internal failure.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ilp.task import TaskError

if TYPE_CHECKING:  # imported when used: a host's command line loads this module at start
    from ilp.results import Program, Scores, Stats, Weights

DEFAULT_TIMEOUT = 600.0


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _number(kind: Callable[[str], float], low: float, what: str) -> Callable[[str], float]:
    """An argparse type: a finite number of ``kind`` at least ``low``."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what} >= {low}, got {text!r}") from None
        if not math.isfinite(value) or value < low:
            raise argparse.ArgumentTypeError(f"expected {what} >= {low}, got {text!r}")
        return value

    return parse


seconds = _number(float, 0, "a number of seconds")
at_least_one = _number(int, 1, "an integer")


def add_learn_options(p: argparse.ArgumentParser) -> None:
    """The options of ``ilp learn`` that every face of the command shares (the
    host project's own ``learn`` command adds its own to these)."""
    p.add_argument("task", metavar="TASK", help="folder with bk.pl, bias.pl, exs.pl")
    p.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SEC",
        help=f"stop and return the best program so far (default {DEFAULT_TIMEOUT:.0f})",
    )
    for name, what in (
        ("vars", "variables in a rule"),
        ("body", "body literals in a rule"),
        ("clauses", "clauses in the program (a hard limit)"),
    ):
        p.add_argument(
            f"--max-{name}",
            type=at_least_one,
            metavar="N",
            help=f"most {what}; overrides the bias file's max_{name}",
        )
    p.add_argument(
        "--noisy",
        action="store_true",
        help="learn the program of minimum description length (literals + FN + FP), "
        "as Popper's --noisy, for tasks no consistent program fits",
    )
    for name, what in (
        ("fp", "false positive"),
        ("fn", "false negative"),
        ("size", "literal"),
    ):
        p.add_argument(
            f"--{name}-weight",
            type=at_least_one,
            default=1,
            metavar="W",
            help=f"with --noisy: the description length counts each {what} W times (default 1)",
        )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def weights_of(args: argparse.Namespace) -> Weights:
    """The description length's weights the options give."""
    from ilp.results import Weights

    return Weights(fp=args.fp_weight, fn=args.fn_weight, size=args.size_weight)


def learn_from_args(args: argparse.Namespace, engine: str) -> tuple[Program, Scores, Stats]:
    """Run :func:`ilp.learn` with the options of :func:`add_learn_options`, in a
    child process (a BK that halts, prints or hangs cannot end the caller) and
    with the time limit counted from this process's start."""
    from ilp.api import learn
    from ilp.clock import process_started

    return learn(
        args.task,
        timeout=args.timeout,
        engine=engine,
        max_vars=args.max_vars,
        max_body=args.max_body,
        max_clauses=args.max_clauses,
        noisy=args.noisy,
        weights=weights_of(args),
        progress=not args.quiet,
        isolate=True,
        started=process_started(),
    )


def json_record(program: Program, scores: Scores, stats: Stats) -> dict:
    """What ``--json`` prints: the clauses, the confusion counts and the run's statistics."""
    return {
        "program": list(program.clauses),
        **scores.as_dict(),
        "seconds": stats.seconds,
        "timed_out": stats.timed_out,
        "exhausted": stats.exhausted,
        "engine": stats.engine,
        "stats": stats.as_dict(),
    }


def _ratio(num: int, den: int) -> str:
    return f"{num / den:0.2f}" if den > 0 else "n/a"


def solution_text(program: Program, scores: Scores, mdl: int | None = None) -> str:
    """The program as Popper prints it: the SOLUTION banner, precision, recall,
    the counts and the size (and ``mdl``, the description length, when noisy),
    the clauses; NO SOLUTION for an empty program."""
    if not program.clauses:
        return "NO SOLUTION\n"
    tp, fn, fp = scores.tp, scores.fn, scores.fp
    line = (
        f"Precision:{_ratio(tp, tp + fp)} Recall:{_ratio(tp, tp + fn)} "
        f"TP:{tp} FN:{fn} TN:{scores.tn} FP:{fp} Size:{program.size}"
    )
    if mdl is not None:
        line += f" MDL:{mdl}"
    lines = ["*" * 10 + " SOLUTION " + "*" * 10, line, *program.clauses, "*" * 30]
    return "\n".join(lines) + "\n"


def stats_text(stats: Stats) -> str:
    """``--stats``: the programs tested and where the time went, in Popper's layout."""
    parts = {
        "load": stats.setup_seconds,
        "generate": stats.generate_seconds,
        "test": stats.test_seconds,
        "combine": stats.combine_seconds,
    }
    total = sum(parts.values())
    lines = [f"Num. programs: {stats.rules_tested + stats.programs_tested}"]
    for op, spent in sorted(parts.items(), key=lambda kv: -kv[1]):
        share = int(100 * spent / total) if total > 0 else 0
        lines.append(f"{op.title()}:\n \t Total: {spent:.2f} \t Percentage: {share}%")
    lines.append(f"Total operation time: {total:.2f}s")
    lines.append(f"Total execution time: {stats.seconds:.2f}s")
    stop = stats.stop_reason or ("time-out" if stats.timed_out else "")
    if stop:
        lines.append(f"Search: {stop}")
    return "\n".join(lines) + "\n"


def cmd_learn(args: argparse.Namespace) -> int:
    program, scores, stats = learn_from_args(args, args.engine)
    if args.json:
        print(json.dumps(json_record(program, scores, stats)))
        return 0
    mdl = weights_of(args).cost(program.size, scores.fn, scores.fp) if args.noisy else None
    print(solution_text(program, scores, mdl), end="")
    if args.stats:
        print(stats_text(stats), end="")
    return 0


def package_version() -> str:
    """The installed distribution's version (``ilp-lff``), or ``unknown`` when run from
    a checkout that is not installed."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ilp-lff")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    from ilp.api import ENGINES

    parser = _Parser(prog="ilp", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"ilp {package_version()}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("learn", help="learn a program from a Popper task folder")
    add_learn_options(p)
    p.add_argument("--stats", action="store_true", help="also print the run's statistics")
    p.add_argument(
        "--engine",
        choices=ENGINES,
        default=ENGINES[0],
        help="ilp: this package's engine; popper: the real Popper, if installed",
    )
    p.set_defaults(func=cmd_learn)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse printed the usage error or the help
        return int(exc.code or 0)
    try:
        return args.func(args)
    except TaskError as exc:  # bad input, BKError included
        print(f"ilp {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"ilp {args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
