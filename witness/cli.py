"""The ``witness`` command: a thin layer over the package API (docs/DESIGN.md contract).

Exit status: 0 success, 2 bad input (one-line message naming the field or
option), 1 internal failure. Each ``cmd_*`` function parses nothing itself
beyond what argparse gives it and calls one package function.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ilp import TaskError
from witness.errors import InputError
from witness.io import OutputError, check_file, check_folder, parse_json, read_text, write_file

if TYPE_CHECKING:
    from witness.model.panel import Panel
    from witness.model.puzzle import Puzzle

# Bad command-line input (exit status 2); any InputError from the package too.
UsageError = InputError


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``witness solve: argument --x: ...``), exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _number(kind: type, low: float, strict: bool) -> Callable[[str], float]:
    """An argparse type: a finite ``kind`` above ``low`` (``strict``) or at least ``low``."""
    bound = f"{'>' if strict else '>='} {low}"

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected {'an integer' if kind is int else 'a number'} {bound}, got {text!r}"
            ) from None
        if not math.isfinite(value) or value < low or (strict and value == low):
            raise argparse.ArgumentTypeError(f"must be a finite number {bound}, got {text!r}")
        return value

    return parse


def out_path(text: str) -> str:
    """An argparse type for output paths: never empty (an unset shell variable,
    ``--out "$DIR"``, would otherwise mean the current folder or stdout)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


positive = _number(float, 0, strict=True)  # megabytes
seconds = _number(float, 0, strict=False)  # 0: stop at once (e.g. verify's 'unknown')
count = _number(int, 0, strict=False)  # budgets, caps, counts
at_least_one = _number(int, 1, strict=False)


@contextlib.contextmanager
def _option(name: str) -> Iterator[None]:
    """Name the option in errors about the output path it gave (exit status 2)."""
    try:
        yield
    except OutputError as exc:
        raise UsageError(f"{name} {exc}") from None


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("witness-ilp")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def parse_size(text: str) -> tuple[int, int]:
    """``"RxC"`` -> (rows, cols); also accepts ``"RxC-RxC"`` ranges elsewhere."""
    from witness.model.puzzle import size_pair

    try:
        rows, cols = size_pair(text)
    except ValueError:
        raise UsageError(f"invalid size '{text}': expected RxC, e.g. 4x4") from None
    if rows < 1 or cols < 1:
        raise UsageError(f"invalid size '{text}': rows and cols must be >= 1")
    return rows, cols


# ------------------------------------------------------------------ commands
# generate_set's parameters -> the options that set them (for one-line errors).
_GENERATE_OPTIONS = {
    "sizes": "--size",
    "count": "--count",
    "max_tries": "--max-tries",
    "types": "--types",
    "densities": "--density",
    "symmetry": "--symmetry",
    "colours": "--colours",
    "unique": "--unique",
}


def _panel_spec(args: argparse.Namespace):
    """The panel generator's spec from --types, --density, --symmetry, --colours
    and --unique; None when none is given (the triangle generators)."""
    from witness.search.generate_panels import PanelSpec

    if args.types is None and not (args.density or args.symmetry or args.unique):
        return None
    densities = {}
    for item in args.density or []:
        name, _, value = item.partition("=")
        try:
            densities[name] = float(value)
        except ValueError:
            raise UsageError(f"--density: expected TYPE=FRACTION, got {item!r}") from None
    given = "triangles" if args.types is None else args.types  # '' is no type, not triangles
    types = tuple(t for t in given.split(",") if t)
    return PanelSpec(types, densities, args.symmetry, args.colours, args.unique)


def _generate(args: argparse.Namespace, sizes: list, tries: dict) -> tuple[list, str]:
    """The set and its file-name prefix."""
    from witness.search.generate import generate_set
    from witness.search.generate_panels import generate_panel_set

    size_tag = "-".join(f"{r}x{c}" for r, c in sizes)
    spec = _panel_spec(args)
    if spec is None:
        puzzles = generate_set(args.method, sizes, args.count, args.seed, progress=True, **tries)
        return puzzles, f"{args.method}_{size_tag}_s{args.seed}"
    puzzles = generate_panel_set(
        args.method, sizes, args.count, args.seed, spec, progress=True, **tries
    )
    kinds = "+".join(spec.types) + (f"+{spec.symmetry}" if spec.symmetry else "")
    return puzzles, f"{args.method}_{kinds}_{size_tag}_s{args.seed}"


def cmd_generate(args: argparse.Namespace) -> int:
    from witness.search.generate import GenerationError, write_set

    # "RxC" fixes the size; "RxC-RxC" draws rows and cols uniformly in that range.
    sizes = [parse_size(part) for part in args.size.split("-", 1)]
    with _option("--out"):
        check_folder(args.out)  # before the work, not after
    tries = {} if args.max_tries is None else {"max_tries": args.max_tries}
    try:
        puzzles, prefix = _generate(args, sizes, tries)
    except GenerationError as exc:
        field, _, rest = str(exc).partition(": ")
        if field not in _GENERATE_OPTIONS:
            raise
        where = _GENERATE_OPTIONS[field] + (f" {args.size}" if field == "sizes" else "")
        raise UsageError(f"{where}: {rest}") from None
    with _option("--out"):
        paths = write_set(puzzles, Path(args.out), prefix=prefix)
    print(f"wrote {len(paths)} puzzles to {args.out}", file=sys.stderr)
    return 0


def _refuse_search_options(args: argparse.Namespace, what: str) -> None:
    """Options clingo and the counters do not take would be ignored: a budget
    the user set silently not kept, a predicate silently not used."""
    given = [
        option
        for option, value in (
            ("--predicate", args.predicate),
            ("--mode", args.mode),
            ("--base-prune", args.base_prune or None),
            ("--max-expansions", args.max_expansions),
            ("--memory-mb", args.memory_mb),
        )
        if value is not None
    ]
    if given:
        raise UsageError(f"{given[0]}: does not apply to {what} (it takes only --time-limit)")


def _count(args: argparse.Namespace) -> int:
    """witness solve --count: clingo with --solver asp, else the checker's enumeration."""
    from witness.model.panel import Panel

    _refuse_search_options(args, "--count")
    panel = Panel.load(args.puzzle)
    if args.solver == "asp":
        from witness.search.asp_solver import count_panel_asp

        result = count_panel_asp(panel, time_limit=args.time_limit)
    else:
        from witness.search.count import count_with_checker

        result = count_with_checker(panel, time_limit=args.time_limit)
    print(json.dumps(result.to_dict()) if args.json else result.summary())
    return 0


def _solve_asp(puzzle: Puzzle | Panel, args: argparse.Namespace) -> int:
    """--solver asp: the triangle encoding (path.lp) for a triangle puzzle, the
    general panel encoding for every other panel."""
    from witness.search.asp_solver import asp_summary, solve_view_asp

    _refuse_search_options(args, "--solver asp")
    result = solve_view_asp(puzzle, time_limit=args.time_limit)
    print(json.dumps(result.contract_dict()) if args.json else asp_summary(result))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from witness.model.puzzle import load_search_view

    if args.count:
        return _count(args)
    puzzle = load_search_view(args.puzzle)
    if args.solver == "asp":
        return _solve_asp(puzzle, args)
    from witness.learning.translate import load_predicate
    from witness.search.solvers import solve, warm_up

    predicate = load_predicate("baseline" if args.predicate is None else args.predicate)
    warm_up(puzzle, predicate, notice=lambda text: print(text, file=sys.stderr, flush=True))
    result = solve(
        puzzle,
        predicate,
        mode=args.mode or "prune",
        base_prune=args.base_prune,
        time_limit=args.time_limit,
        max_expansions=args.max_expansions,
        memory_mb=args.memory_mb,
    )
    if args.json:
        print(json.dumps(result.contract_dict()))
    else:
        print(result.summary())
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from witness.model.panel import Panel
    from witness.model.render import IMAGE_MARK, render
    from witness.model.rules import check

    panel = Panel.load(args.puzzle)
    with _option("--out"):
        check_file(args.out, IMAGE_MARK.encode())
    path = None
    if args.path:
        path = _load_path_arg(args.path)
    violations = ()
    if args.violations:
        if path is None:
            raise UsageError("--violations: needs --path (the line to check)")
        violations = check(panel, path).violations
    render(panel, Path(args.out), path=path, violations=violations)
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from witness.model.panel import Panel
    from witness.model.rules import check, partial_line

    panel = Panel.load(args.puzzle)
    path = _load_path_arg(args.path)
    verdict = check(panel, path)
    # a line drawn so far: what is known already (nothing for a whole line)
    partial = None if verdict.solved else partial_line(panel, path, args.time_limit)
    if args.json:
        out = verdict.to_dict()
        if partial is not None:
            out["partial"] = partial.to_dict()
        print(json.dumps(out))
    elif verdict.solved:
        print("solved")
    else:
        print(f"not solved: {len(verdict.violations)} violation(s)")
        for v in verdict.violations:
            print(f"  {v.kind} at {list(v.at)} ({v.where}): {v.message}")
        for text in partial.summary(args.time_limit) if partial is not None else ():
            print(f"  so far: {text}")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from witness.io import write_files
    from witness.model.community import Skipped, place_files, read_community

    with _option("--out"):
        folder = check_folder(args.out)
    panels, skipped = [], 0
    for item in read_community(args.file, args.source):
        if isinstance(item, Skipped):
            print(item.line(), file=sys.stderr)
            skipped += 1
        else:
            panels.append(item)
    with _option("--out"):
        files = write_files(place_files(folder, panels))
    print(f"imported {len(files)}, skipped {skipped}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from witness.model.jbz import EXPORT_MARK, panel_to_jbz
    from witness.model.panel import Panel
    from witness.model.windmill import windmill_record

    if args.out:
        with _option("--out"):  # never an input panel, nor any file it did not write
            check_file(args.out, EXPORT_MARK.encode())
    write = panel_to_jbz if args.to == "jbz" else windmill_record
    out = []
    for name in args.puzzles:
        try:
            data, notes = write(Panel.load(name))
        except ValueError as exc:
            raise UsageError(f"{name}: {exc}") from None
        for note in notes:
            print(f"{name}: {note}", file=sys.stderr)
        out.append({"exported_by": EXPORT_MARK, **data})
    text = json.dumps(out[0] if len(out) == 1 else out) + "\n"
    if args.out:
        with _option("--out"):
            write_file(args.out, text, EXPORT_MARK.encode())
    else:
        print(text, end="")
    return 0


def cmd_translate(args: argparse.Namespace) -> int:
    from witness.learning.translate import PYTHON_MARK, python_source, translate_file

    source = python_source(translate_file(args.program))
    if args.out:
        with _option("--out"):  # never the program itself, nor any file it did not write
            write_file(args.out, source, PYTHON_MARK.encode())
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(source, end="")
    return 0


def _panel_predicate(predicate, panel: Panel, paths: list, as_json: bool) -> int:
    """witness predicate on a panel the general search takes: a learned family
    program (its pi*), pi_baseline or none (as ``solve`` takes them there)."""
    from witness.search.panel_search import baseline_values, predicate_name, program_values

    predicate_name(predicate)  # the triangle predicates are refused here, as by solve
    for i, path in enumerate(paths):
        steps = zip(path, path[1:], strict=False)
        if (
            not path
            or path[0] not in panel.starts
            or len(set(path)) < len(path)
            or any(w not in panel.neighbours(v) for v, w in steps)
        ):
            raise UsageError(f"--paths: path {i} is not a partial path from a start")
    if predicate.kind == "program":
        values = program_values(panel, predicate, paths)
    elif predicate.kind == "baseline":
        values = baseline_values(panel, paths)
    else:
        values = [False] * len(paths)
    print(json.dumps(values) if as_json else "\n".join(map(str, values)))
    return 0


def cmd_predicate(args: argparse.Namespace) -> int:
    from witness.learning.translate import load_predicate
    from witness.model.panel import Panel
    from witness.model.puzzle import is_simple_path
    from witness.search.astar import predicate_values
    from witness.search.solvers import core_input

    # none, baseline, paper or a learned FILE.pl, as solve, verify and difficulty take them
    predicate = load_predicate(args.program)
    paths = [_parse_path(p, "--paths") for p in _read_json_list(args.paths, "--paths")]
    panel = Panel.load(args.puzzle)
    puzzle = core_input(panel, predicate)  # the core witness solve would search it in
    if isinstance(puzzle, Panel):
        return _panel_predicate(predicate, panel, paths, args.json)
    for i, path in enumerate(paths):
        if not is_simple_path(puzzle, path) or path[-1] == puzzle.goal:
            raise UsageError(f"--paths: path {i} is not a partial path from the start")
    values = predicate_values(puzzle, predicate, paths)
    print(json.dumps(values) if args.json else "\n".join(map(str, values)))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from witness.learning.translate import load_predicate
    from witness.verify.verdict import default_max_size, verify_predicate, write_counterexamples

    # A learned FILE.pl is translated by witness.learning.translate (inside load_predicate).
    predicate = load_predicate(args.predicate)
    rows, cols = parse_size(args.max_size) if args.max_size else default_max_size(predicate)
    if args.counterexamples:
        with _option("--counterexamples"):
            check_folder(args.counterexamples)  # before the work, not after
    result = verify_predicate(predicate, rows, cols, time_limit=args.time_limit)
    if args.counterexamples:
        with _option("--counterexamples"):
            written = write_counterexamples(result, Path(args.counterexamples))
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
    from witness.model.puzzle import load_search_view

    # triangle puzzles for the paper's biases, panels for a family's (write_task)
    puzzles = [load_search_view(f) for f in args.puzzles]
    with _option("--out"):
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
    from ilp import program_file_text
    from ilp.cli import json_record, learn_from_args
    from witness.learning.program import check_program_path, engine_name, write_program

    if args.out:  # before the learning (an hour at paper scale), not after it
        with _option("--out"):
            check_program_path(args.out)
    program, scores, stats = learn_from_args(args, engine_name(args.engine))
    if args.out:
        with _option("--out"):
            write_program(args.out, program, scores, stats)
    if args.json:
        print(json.dumps(json_record(program, scores, stats)))
    else:
        print(program_file_text(program, scores, stats), end="")
    return 0


def _read_json(text: str, option: str) -> object:
    """JSON given inline or as a file name: any existing path that is not a folder,
    so a pipe such as bash's ``<(...)`` too (os.path never raises on a long inline text)."""
    is_file = os.path.exists(text) and not os.path.isdir(text)
    source = read_text(text, option) if is_file else text
    try:
        return parse_json(source)
    except ValueError as exc:
        raise UsageError(f"{option}: expected JSON, inline or in a file ({exc})") from None


def _parse_path(data: object, option: str) -> list[tuple[int, int]]:
    from witness.model.base import is_int

    if isinstance(data, dict) and "path" in data:  # accept `witness solve --json` output
        if data["path"] is None:
            raise UsageError(
                f"{option}: this solve output has no path (status "
                f"{data.get('status', 'not solved')})"
            )
        data = data["path"]
    if not isinstance(data, list) or not all(
        isinstance(v, list) and len(v) == 2 and all(map(is_int, v)) for v in data
    ):
        raise UsageError(f"{option}: expected a JSON list of [x, y] integer pairs")
    return [tuple(v) for v in data]


PATH_FORMS = (
    "JSON list of [x, y], a file with one (or solve --json output), "
    "or the line as solve prints it ('0,0 1,0 1,1')"
)
# A line as `witness solve` prints it (``path: 0,0 1,0 1,1``), the label optional.
VERTEX_TEXT = r"-?\d+,-?\d+"
PRINTED_PATH = re.compile(rf"\s*(?:path:)?\s*{VERTEX_TEXT}(?:\s+{VERTEX_TEXT})*\s*")


def _load_path_arg(text: str) -> list[tuple[int, int]]:
    """``--path``: inline JSON, a file of JSON (or of ``solve --json`` output),
    or the line as ``solve`` prints it."""
    if PRINTED_PATH.fullmatch(text):
        return [tuple(map(int, v.split(","))) for v in re.findall(VERTEX_TEXT, text)]
    return _parse_path(_read_json(text, "--path"), "--path")


def _read_json_list(text: str, option: str) -> list:
    data = _read_json(text, option)
    if not isinstance(data, list):
        raise UsageError(f"{option}: expected a JSON list")
    return data


# -------------------------------------------------------------------- parser
# One small builder per command: each adds its subparser, its options and the
# ``cmd_*`` function that runs it. Options several commands share are added by
# the helpers below, so their type, default and metavar stay the same everywhere.
Subparsers = argparse._SubParsersAction


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def _time_limit(p: argparse.ArgumentParser, text: str) -> None:
    p.add_argument("--time-limit", type=seconds, default=None, metavar="SEC", help=text)


def _seed(p: argparse.ArgumentParser, text: str | None = None) -> None:
    p.add_argument("--seed", type=int, default=0, help=text)


def _add_generate(sub: Subparsers) -> None:
    p = sub.add_parser("generate", help="generate puzzles (Algorithm 3 or 4)")
    p.add_argument(
        "--method",
        choices=["random", "path"],
        required=True,
        help="random: Algorithm 3 (random triangles, kept if solvable); "
        "path: Algorithm 4 (triangles read off a random path)",
    )
    p.add_argument(
        "--size",
        required=True,
        help="RxC, e.g. 4x4, or a range RxC-RxC, e.g. 2x2-5x5 (rows and cols "
        "drawn uniformly per puzzle, as in the paper's section 5.2)",
    )
    p.add_argument("--count", type=count, required=True)
    _seed(p)
    p.add_argument(
        "--max-tries",
        type=at_least_one,
        default=None,
        metavar="N",
        help="random: candidates drawn per puzzle before giving up (default 1000); "
        "sizes above 36 vertices (5x5) are refused, use --method path",
    )
    p.add_argument(
        "--types",
        default=None,
        metavar="T1,T2",
        help="panels of these types (triangles, dots, squares, stars, polyominoes, "
        "cancellers, gaps); without --types, --density, --symmetry and --unique: "
        "the triangle puzzles of the paper",
    )
    p.add_argument(
        "--density",
        action="append",
        metavar="TYPE=FRACTION",
        help="how densely a type is placed (0..1; repeatable; defaults in "
        "witness.search.generate_panels.DEFAULT_DENSITIES)",
    )
    p.add_argument("--symmetry", choices=["horizontal", "vertical", "rotational"], default=None)
    p.add_argument("--colours", type=int, default=2, help="colours squares use (2..6, default 2)")
    p.add_argument(
        "--unique",
        action="store_true",
        help="only panels with exactly one solution (the rules checker over every line up "
        "to 4x4, clingo above); few draws have one, so a panel can take minutes: the bar "
        "shows draws, the share kept and the time left (docs/cli.md)",
    )
    p.add_argument(
        "--out",
        type=out_path,
        required=True,
        help="output folder, one JSON file per puzzle (other files in it are left "
        "alone; a file of the same name with other content is an error)",
    )
    p.set_defaults(func=cmd_generate)


def _add_solve(sub: Subparsers) -> None:
    p = sub.add_parser(
        "solve", help="solve a puzzle with A* (Algorithm 1) or clingo, or count its solutions"
    )
    p.add_argument("puzzle")
    # None when not given, so that --solver asp can refuse what it would ignore
    p.add_argument(
        "--predicate",
        default=None,
        help="none | baseline | paper | FILE.pl (a learned program; default baseline)",
    )
    p.add_argument(
        "--mode", choices=["prune", "sort"], default=None, help="prune (default) or sort"
    )
    p.add_argument(
        "--base-prune",
        action="store_true",
        help="always prune with pi_baseline too (the paper's second A* version)",
    )
    _time_limit(p, "stop with status timed_out after SEC seconds (>= 0)")
    p.add_argument(
        "--max-expansions",
        type=count,
        default=None,
        metavar="N",
        help="stop with status expansion_budget after N expansions (>= 0)",
    )
    p.add_argument(
        "--memory-mb",
        type=positive,
        default=None,
        metavar="MB",
        help="memory budget for the search's open list and path tree "
        "(> 0, default 4096); stop with status out_of_memory",
    )
    p.add_argument(
        "--solver",
        choices=["astar", "asp"],
        default="astar",
        help="astar: A* with --predicate (Algorithm 1); asp: clingo on the puzzle "
        "rules, every panel type (takes only --time-limit: --predicate, --mode, "
        "--base-prune, --max-expansions and --memory-mb are refused; 'expansions' "
        "reports clingo's choices)",
    )
    p.add_argument(
        "--count",
        action="store_true",
        help="count every solution instead of finding one: with --solver asp by clingo, "
        "otherwise by the rules checker over every legal line (brute force: small "
        "panels only); --json gives 'count' (null when --time-limit stopped it, "
        "'at_least' then holds the solutions found so far) and 'status' "
        "(counted or timed_out)",
    )
    _json_flag(p)
    p.set_defaults(func=cmd_solve)


def _add_verify(sub: Subparsers) -> None:
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
    _time_limit(p, "for the whole run (>= 0); undecided clauses are 'unknown'")
    p.add_argument(
        "--counterexamples",
        type=out_path,
        default=None,
        metavar="DIR",
        help="write each counterexample's puzzle, solution and prefix as JSON "
        "files for witness show",
    )
    _json_flag(p)
    p.set_defaults(func=cmd_verify)


def _add_difficulty(sub: Subparsers) -> None:
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
    _time_limit(p, "per puzzle")
    p.add_argument(
        "--rank",
        default=None,
        metavar="DIR",
        help="rank every *.json puzzle in DIR, easiest first (ReMUSE, then MUSE)",
    )
    p.add_argument("--csv", default=None, metavar="OUT", help="with --rank: also write a CSV")
    _json_flag(p)
    p.set_defaults(func=cmd_difficulty)


def _add_show(sub: Subparsers) -> None:
    p = sub.add_parser(
        "show", help="draw a panel of any type (and a line, and what it breaks) as SVG or PNG"
    )
    p.add_argument("puzzle")
    p.add_argument("--path", help=PATH_FORMS)
    p.add_argument("--out", type=out_path, required=True, help="FILE.svg or FILE.png")
    p.add_argument(
        "--violations",
        action="store_true",
        help="ring in red what the line breaks (witness check's violations; needs --path)",
    )
    p.set_defaults(func=cmd_show)


CHECK_TIME_LIMIT = 2.0  # seconds: check's search for a completion of a partial line


def _add_check(sub: Subparsers) -> None:
    p = sub.add_parser("check", help="does a line solve a panel, and which rules does it break")
    p.add_argument("puzzle")
    p.add_argument(
        "--path",
        required=True,
        help=f"the line (with symmetry, the first of the two): {PATH_FORMS}",
    )
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=CHECK_TIME_LIMIT,
        metavar="SEC",
        help="on a line drawn so far, the time the search for a completion may take "
        f"(default {CHECK_TIME_LIMIT:g})",
    )
    _json_flag(p)
    p.set_defaults(func=cmd_check)


def _add_import(sub: Subparsers) -> None:
    p = sub.add_parser(
        "import", help="community puzzles (witnesspuzzles.com, The Windmill) to panels"
    )
    p.add_argument(
        "file",
        help="jbz: a file of one engine puzzle, a list, or JSON Lines; windmill: a puzzle "
        "string (..._0), an editor address (windmill.thefifthmatt.com/build/..._0), or a "
        "file of them (one a line), of records with 'contents' (a snapshot of its puzzle "
        "list) or of JSON Lines",
    )
    p.add_argument("--from", dest="source", choices=["jbz", "windmill"], required=True)
    p.add_argument(
        "--out",
        type=out_path,
        required=True,
        help="output folder, one panel JSON per puzzle, named after its id or title "
        "(files already there are kept: a name they hold takes -2, -3, ...)",
    )
    p.set_defaults(func=cmd_import)


def _add_export(sub: Subparsers) -> None:
    p = sub.add_parser("export", help="panels in a community format (to play them there)")
    p.add_argument("puzzles", nargs="+", help="panel JSON files")
    p.add_argument(
        "--to",
        choices=["jbz", "windmill"],
        required=True,
        help="jbz: witnesspuzzles.com's engine; windmill: The Windmill's puzzle string, "
        "with the address that opens it in The Windmill's editor",
    )
    p.add_argument(
        "--out", type=out_path, default=None, help="file to write (default: standard output)"
    )
    p.set_defaults(func=cmd_export)


def _add_translate(sub: Subparsers) -> None:
    p = sub.add_parser("translate", help="translate a learned Prolog program into Python")
    p.add_argument("program", help="learned program FILE.pl")
    p.add_argument("--out", type=out_path, help="write the Python module here (default: print it)")
    p.set_defaults(func=cmd_translate)


def _add_predicate(sub: Subparsers) -> None:
    p = sub.add_parser("predicate", help="evaluate a predicate on partial paths")
    p.add_argument("program", help="none | baseline | paper | a learned program FILE.pl")
    p.add_argument("puzzle")
    p.add_argument("--paths", required=True, help="JSON file: a list of paths [[x, y], ...]")
    _json_flag(p)
    p.set_defaults(func=cmd_predicate)


def _add_demo(sub: Subparsers) -> None:
    p = sub.add_parser("demo", help="generate a few puzzles, solve each with every predicate")
    p.add_argument("--count", type=at_least_one, default=40)
    _seed(p)
    p.add_argument("--max-size", default="5x5")
    p.set_defaults(func=cmd_demo)


def _add_examples(sub: Subparsers) -> None:
    p = sub.add_parser("examples", help="write a Popper task folder (bk.pl, bias.pl, exs.pl)")
    p.add_argument(
        "puzzles",
        nargs="+",
        metavar="PUZZLE.json",
        help="one puzzle or panel, or several pooled into one task (panels beyond "
        "triangles need a family's bias: bias/dots.pl, squares.pl, stars.pl, mixed.pl)",
    )
    p.add_argument(
        "--out",
        type=out_path,
        required=True,
        help="task folder to write: a new folder, or an existing one where only "
        "the files an earlier run wrote (unchanged) are replaced",
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
    _seed(p, "seed of the stratified sampling")
    p.add_argument(
        "--positives",
        choices=["blamed", "all"],
        default="blamed",
        help="which squares of an incompletable path are positives: blamed "
        "(this project's extension) or all (the paper's encoding, section "
        "4.1; config.yaml's); see witness/learning/examples.py",
    )
    p.set_defaults(func=cmd_examples)


def _add_learn(sub: Subparsers) -> None:
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
        "--out", type=out_path, metavar="FILE.pl", help="also write the program with its header"
    )
    p.set_defaults(func=cmd_learn)


# The commands in the order ``witness --help`` lists them.
COMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_generate,
    _add_solve,
    _add_verify,
    _add_difficulty,
    _add_show,
    _add_check,
    _add_import,
    _add_export,
    _add_translate,
    _add_predicate,
    _add_demo,
    _add_examples,
    _add_learn,
)


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for
    (importlib.metadata is most of a command's start-up otherwise)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # type: ignore[override]
        print(f"witness {package_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="witness", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action=_Version, help="show program's version number and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    for add in COMMANDS:
        add(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
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


if __name__ == "__main__":
    sys.exit(main())
