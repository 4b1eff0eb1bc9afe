"""Commands on predicates: verify, difficulty, translate, predicate, demo,
examples and learn."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from witness.cli.options import (
    Subparsers,
    UsageError,
    add_json_flag,
    add_out,
    add_seed,
    add_time_limit,
    at_least_one,
    count,
    named_option,
    out_path,
    parse_path,
    parse_size,
    read_json_list,
)
from witness.io import check_folder, write_file

if TYPE_CHECKING:
    from witness.model.panel import Panel


def cmd_translate(args: argparse.Namespace) -> int:
    from witness.learning.translate import PYTHON_MARK, python_source, translate_file

    source = python_source(translate_file(args.program))
    if args.out:
        with named_option("--out"):  # never the program itself, nor any file it did not write
            write_file(args.out, source, PYTHON_MARK.encode())
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(source, end="")
    return 0


def _panel_predicate(
    predicate, panel: Panel, paths: list, explained: str | None, as_json: bool
) -> int:
    """witness predicate on a panel the general search takes: a learned family
    program (its pi*), pi_baseline or none (as ``solve`` takes them there)."""
    from witness.search.panel_search import baseline_values, predicate_name, program_values

    predicate_name(predicate)  # the triangle predicates are refused here, as by solve
    _check_partial_paths(panel, paths)
    if predicate.kind == "program":
        values = program_values(panel, predicate, paths)
    elif predicate.kind == "baseline":
        values = baseline_values(panel, paths)
    else:
        values = [False] * len(paths)
    return _print_values(values, paths, panel, explained, as_json)


def _check_partial_paths(panel: Panel, paths: list, paper: bool = False) -> None:
    """UsageError unless each path is a line a player can have drawn so far
    (:func:`witness.search.solvers.check_prefix`; in the paper's form also
    not at its end: its line ends there)."""
    from witness.errors import InputError
    from witness.search.solvers import check_prefix

    start = "the start" if paper else "a start"
    for i, path in enumerate(paths):
        what = f"--paths: path {i} is not a partial path from {start}"
        try:
            line = check_prefix(panel, path, option=what)
        except InputError as exc:
            raise UsageError(str(exc)) from None
        if paper and line[-1] in panel.ends:
            raise UsageError(f"{what}: it ends at the end")


def _print_values(
    values: list[bool], paths: list, panel: Panel, explained: str | None, as_json: bool
) -> int:
    """The predicate's values; with ``--explain`` (``explained``: the rules'
    name), each with the clauses that fire on the path (witness explain's
    ``fired``)."""
    if explained is None:
        print(json.dumps(values) if as_json else "\n".join(map(str, values)))
        return 0
    from witness.pipeline.explain import fired_clauses, load_rules

    rules = load_rules(explained)
    fired = [fired_clauses(rules, panel, path) for path in paths]
    if as_json:
        out = [
            {"value": v, "fired": [f.to_dict() for f in fs]}
            for v, fs in zip(values, fired, strict=True)
        ]
        print(json.dumps(out))
        return 0
    for v, fs in zip(values, fired, strict=True):
        print(v)
        for f in fs:
            print("\n".join("  " + line for line in f.lines()))
    return 0


def cmd_predicate(args: argparse.Namespace) -> int:
    from witness.learning.translate import load_predicate
    from witness.model.panel import Panel
    from witness.pipeline.explain import HAND, hand_program
    from witness.search.panel_search import table_values
    from witness.search.solvers import paper_form

    # none, baseline, paper or a learned FILE.pl, as solve, verify and difficulty
    # take them, or the thesis's hand rules as explain takes them
    program = str(hand_program()) if args.program == HAND else args.program
    predicate = load_predicate(program)
    paths = [parse_path(p, "--paths") for p in read_json_list(args.paths, "--paths")]
    panel = Panel.load(args.puzzle)
    explained = args.program if args.explain else None
    if not paper_form(panel, predicate):  # the predicate does not read the paper's form
        return _panel_predicate(predicate, panel, paths, explained, args.json)
    _check_partial_paths(panel, paths, paper=True)
    values = table_values(panel, predicate, paths)
    return _print_values(values, paths, panel, explained, args.json)


def cmd_verify(args: argparse.Namespace) -> int:
    from witness.learning.translate import load_predicate
    from witness.verify.verdict import (
        check_pictures,
        default_max_size,
        picture_name,
        verify_predicate,
        write_counterexamples,
        write_pictures,
    )

    # A learned FILE.pl is translated by witness.learning.translate (inside load_predicate).
    predicate = load_predicate(args.predicate)
    rows, cols = parse_size(args.max_size) if args.max_size else default_max_size(predicate)
    if args.counterexamples:
        with named_option("--counterexamples"):
            check_folder(args.counterexamples)  # before the work, not after
    if args.pictures:
        with named_option("--pictures"):  # every name a picture may get, before the work
            names = [picture_name(i) for i in range(1, len(predicate.clauses) + 1)]
            check_pictures(Path(args.pictures), names)
    result = verify_predicate(predicate, rows, cols, time_limit=args.time_limit)
    written = []
    if args.counterexamples:
        with named_option("--counterexamples"):
            written += write_counterexamples(result, Path(args.counterexamples))
    if args.pictures:
        with named_option("--pictures"):
            written += write_pictures(result, Path(args.pictures))
    for path in written:
        print(f"wrote {path}", file=sys.stderr)
    # The verdict (proven / bounded / refuted / unknown) is the output, not an error:
    # exit 0 as for any completed command (docs/DESIGN.md's exit-status contract).
    print(json.dumps(result.to_dict()) if args.json else result.summary())
    return 0


def cmd_difficulty(args: argparse.Namespace) -> int:
    from witness.difficulty.ranking import difficulty_command

    print(
        difficulty_command(
            args.puzzle,
            args.rank,
            args.rules,
            args.clauses,
            args.lookahead,
            args.time_limit,
            args.json,
            args.csv,
            args.policy,
        )
    )
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from witness.pipeline.demo import demo_table
    from witness.search.generate import GenerationError, check_random_size

    try:
        check_random_size(*parse_size(args.max_size))
    except GenerationError as exc:
        raise UsageError(f"--max-size {str(exc).partition(': ')[2]}") from None

    print(demo_table(count=args.count, seed=args.seed, max_size=args.max_size))
    return 0


def cmd_examples(args: argparse.Namespace) -> int:
    from witness.learning.examples import DEFAULT_BIAS, write_task
    from witness.model.panel import Panel

    puzzles = [Panel.load(f) for f in args.puzzles]
    with named_option("--out"):
        summary = write_task(
            puzzles,
            Path(args.out),
            names=[Path(f).stem for f in args.puzzles],
            bias_file=args.bias or DEFAULT_BIAS,
            max_pos=args.max_pos,
            max_neg=args.max_neg,
            seed=args.seed,
            positives=args.positives,
        )
    print(
        f"wrote {args.out}: {summary.pos_written}/{summary.pos_total} pos, "
        f"{summary.neg_written}/{summary.neg_total} neg, {summary.paths_written} paths "
        f"({summary.seconds:.2f}s)",
        file=sys.stderr,
    )
    return 0


def cmd_learn(args: argparse.Namespace) -> int:
    from ilp.cli import json_record, learn_from_args
    from witness.learning.learners import LearnerSettings, learn_with
    from witness.learning.learners.gp import GPSettings
    from witness.learning.learners.result import learner_file_text, write_learned
    from witness.learning.learners.rules import RulesSettings
    from witness.learning.program import check_program_path, engine_name

    if args.out:  # before the learning (an hour at paper scale), not after it
        with named_option("--out"):
            check_program_path(args.out)
    if args.learner == "ilp":
        program, scores, stats = learn_from_args(args, engine_name(args.engine))
    else:
        settings = LearnerSettings(
            gp=GPSettings(population=args.population, generations=args.generations, seed=args.seed),
            rules=RulesSettings(seed=args.seed),
        )
        program, scores, stats = learn_with(
            args.task, args.learner, timeout=args.timeout, settings=settings
        )
    if args.out:
        with named_option("--out"):
            write_learned(args.out, program, scores, stats)
    if args.json:
        print(json.dumps(json_record(program, scores, stats)))
    else:
        print(learner_file_text(program, scores, stats), end="")
    return 0


def add_verify(sub: Subparsers) -> None:
    p = sub.add_parser(
        "verify",
        help="prove a predicate has no false positive on grids up to a size (ASP)",
        description="Search every puzzle up to --max-size (all triangle placements and goals) "
        "for a solution prefix on which a clause fires; a learned program over the panel "
        "features (dots, squares, stars) is checked on panels up to --max-size (default 2x3, "
        "time limit 60 s unless given) and proven for every size when it implies a sound "
        "rule. The verdict is the output "
        "(a summary, or the 'status' key with --json; a refutation prints its "
        "counterexample), not the exit status: 0 whenever the check ran, whatever "
        "its verdict; 2 bad input; 1 internal failure.",
    )
    p.add_argument(
        "predicate", metavar="FILE.pl", help="a learned program, or none | baseline | paper"
    )
    p.add_argument(
        "--max-size",
        default=None,
        metavar="RxC",
        help="check every size up to RxC (default 4x4; 2x3 for panel programs)",
    )
    add_time_limit(p, "for the whole run (>= 0); undecided clauses are 'unknown'")
    p.add_argument(
        "--counterexamples",
        type=out_path,
        default=None,
        metavar="DIR",
        help="write each counterexample's puzzle, solution and prefix as JSON "
        "files for witness show",
    )
    p.add_argument(
        "--pictures",
        type=out_path,
        default=None,
        metavar="DIR",
        help="draw each counterexample as DIR/clauseN.svg: the panel, the prefix the "
        "clause fires on and the square, cell or object it fires on ringed, with row "
        "and column numbers (as witness explain --out)",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_verify)


def add_difficulty(sub: Subparsers) -> None:
    p = sub.add_parser("difficulty", help="puzzle difficulty: MUSE and ReMUSE in bits (Chen 2023)")
    p.add_argument("puzzle", nargs="?", metavar="PUZZLE.json")
    p.add_argument(
        "--rules",
        default="none",
        help="the player's inference rules: none (all legal moves) | baseline | "
        "paper | FILE.pl (proven free of false positives on every size) on triangle "
        "puzzles; hand (the thesis's Appendix A rules for dots, gaps, squares and "
        "triangles) on any panel",
    )
    p.add_argument(
        "--clauses",
        default=None,
        metavar="1,3",
        help="only these clauses of the rules (1-based, in program order)",
    )
    p.add_argument(
        "--lookahead",
        type=count,
        default=0,
        metavar="N",
        help="drop moves after which a depth-N search finds no continuation",
    )
    p.add_argument(
        "--policy",
        default="none",
        metavar="none|straight",
        help="straight: a state also scores 0 when a straight line from it to an end "
        "solves the panel (the thesis's straight-line policy; players none, hand and "
        "panel programs)",
    )
    add_time_limit(p, "per puzzle")
    p.add_argument(
        "--rank",
        default=None,
        metavar="DIR",
        help="rank every *.json puzzle in DIR, easiest first (ReMUSE, then MUSE)",
    )
    p.add_argument("--csv", default=None, metavar="OUT", help="with --rank: also write a CSV")
    add_json_flag(p)
    p.set_defaults(func=cmd_difficulty)


def add_translate(sub: Subparsers) -> None:
    p = sub.add_parser("translate", help="translate a learned Prolog program into Python")
    p.add_argument("program", help="learned program FILE.pl")
    add_out(p, "write the Python module here (default: print it)")
    p.set_defaults(func=cmd_translate)


def add_predicate(sub: Subparsers) -> None:
    p = sub.add_parser("predicate", help="evaluate a predicate on partial paths")
    p.add_argument(
        "program", help="none | baseline | paper | hand (the thesis's rules) | a learned FILE.pl"
    )
    p.add_argument("puzzle")
    p.add_argument("--paths", required=True, help="JSON file: a list of paths [[x, y], ...]")
    p.add_argument(
        "--explain",
        action="store_true",
        help="also name each clause that fires on each path, the object it fires on and "
        "the feature values behind it (as witness explain); --json then gives a list "
        "of {value, fired}",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_predicate)


def add_demo(sub: Subparsers) -> None:
    p = sub.add_parser("demo", help="generate a few puzzles, solve each with every predicate")
    p.add_argument("--count", type=at_least_one, default=40)
    add_seed(p)
    p.add_argument("--max-size", default="5x5")
    p.set_defaults(func=cmd_demo)


def add_examples(sub: Subparsers) -> None:
    p = sub.add_parser("examples", help="write a Popper task folder (bk.pl, bias.pl, exs.pl)")
    p.add_argument(
        "puzzles",
        nargs="+",
        metavar="PUZZLE.json",
        help="one puzzle or panel, or several pooled into one task (panels beyond "
        "triangles need a family's bias: bias/dots.pl, squares.pl, stars.pl, mixed.pl)",
    )
    add_out(
        p,
        "task folder to write: a new folder, or an existing one where only "
        "the files an earlier run wrote (unchanged) are replaced",
        required=True,
    )
    p.add_argument(
        "--bias",
        default=None,
        help="Popper bias file (default bias/paper.pl); a family's bias (a '%% family:' "
        "line, or bias/dots.pl ...) makes the examples f(Path, Object) over its objects",
    )
    # >= 1: a task without positives is one `witness learn` refuses (nothing to learn)
    p.add_argument(
        "--max-pos", type=at_least_one, default=None, help="cap on positives (>= 1; default: all)"
    )
    p.add_argument("--max-neg", type=count, default=None, help="cap on negatives (default: all)")
    add_seed(p, "seed of the stratified sampling")
    p.add_argument(
        "--positives",
        choices=["blamed", "all"],
        default="blamed",
        help="which squares of an incompletable path are positives: blamed "
        "(this project's extension) or all (the paper's encoding, section "
        "4.1; config.yaml's); see witness/learning/examples.py",
    )
    p.set_defaults(func=cmd_examples)


def add_learn(sub: Subparsers) -> None:
    from ilp.cli import add_learn_options  # the ilp command's own options, shared

    p = sub.add_parser("learn", help="learn a program from a Popper task folder (ILP)")
    add_learn_options(p)
    p.add_argument(
        "--engine",
        choices=["ilp", "witness", "popper"],
        default="ilp",
        help="ilp: the ilp package's engine (witness: its older name); "
        "popper: the real Popper if installed",
    )
    p.add_argument(
        "--learner",
        choices=["ilp", "enumerate", "gp", "rules"],
        default="ilp",
        help="ilp: the ILP engine (--engine); enumerate: bottom-up enumeration; gp: "
        "genetic programming (DEAP); rules: RIPPER (docs/synthesis.md). The others "
        "read the bias's body predicates, types, directions and max_vars/body/clauses "
        "(the --max-* and --noisy options are the ILP engine's)",
    )
    add_seed(p, "seed of gp and rules")
    p.add_argument("--population", type=at_least_one, default=200, help="gp's population")
    p.add_argument("--generations", type=count, default=40, help="gp's generations")
    add_out(p, "also write the program with its header", metavar="FILE.pl")
    p.set_defaults(func=cmd_learn)
