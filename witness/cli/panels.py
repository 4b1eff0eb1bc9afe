"""Commands on panels: generate, solve, show, check, import, export."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from witness.cli.options import (
    PATH_FORMS,
    Subparsers,
    UsageError,
    add_json_flag,
    add_out,
    add_seed,
    add_time_limit,
    at_least_one,
    count,
    load_path_arg,
    named_option,
    parse_size,
    positive,
    seconds,
)
from witness.io import check_file, check_folder, write_file

if TYPE_CHECKING:
    from witness.model.panel import Panel


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
    with named_option("--out"):
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
    with named_option("--out"):
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


def _solve_asp(panel: Panel, args: argparse.Namespace) -> int:
    """--solver asp: clingo on the panel encodings, one file per constraint family."""
    from witness.search.asp_solver import asp_summary, solve_panel_asp

    _refuse_search_options(args, "--solver asp")
    result = solve_panel_asp(panel, time_limit=args.time_limit)
    print(json.dumps(result.contract_dict()) if args.json else asp_summary(result))
    return 0


def cmd_solve(args: argparse.Namespace) -> int:
    from witness.model.panel import Panel

    if args.start_line is not None and (args.count or args.solver == "asp"):
        what = "--count" if args.count else "--solver asp"
        raise UsageError(f"--from: does not apply to {what} (A* goes on from a line)")
    if args.count:
        return _count(args)
    puzzle = Panel.load(args.puzzle)
    if args.solver == "asp":
        return _solve_asp(puzzle, args)
    prefix = None if args.start_line is None else load_path_arg(args.start_line)
    from witness.learning.translate import load_predicate
    from witness.search.solvers import solve, warm_up

    predicate = load_predicate("baseline" if args.predicate is None else args.predicate)
    warm_up(notice=lambda text: print(text, file=sys.stderr, flush=True))
    result = solve(
        puzzle,
        predicate,
        mode=args.mode or "prune",
        base_prune=args.base_prune,
        time_limit=args.time_limit,
        max_expansions=args.max_expansions,
        memory_mb=args.memory_mb,
        prefix=prefix,
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
    if args.out:
        with named_option("--out"):
            check_file(args.out, IMAGE_MARK.encode())
    path = None
    if args.path:
        path = load_path_arg(args.path)
    violations: tuple = ()
    if args.violations:
        if path is None:
            raise UsageError("--violations: needs --path (the line to check)")
        violations = check(panel, path).violations
    if args.size is not None and not args.out:
        raise UsageError("--size: the size of a PNG written with --out")
    if not args.out:  # a text picture for the terminal
        from witness.model.render_text import text_picture

        print(text_picture(panel, path, violations))
        return 0
    render(
        panel,
        Path(args.out),
        path=path,
        violations=violations,
        labels=args.labels,
        square_px=args.size,
    )
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from witness.model.panel import Panel
    from witness.model.rules import check, partial_line

    panel = Panel.load(args.puzzle)
    path = load_path_arg(args.path)
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

    with named_option("--out"):
        folder = check_folder(args.out)
    panels, skipped = [], 0
    for item in read_community(args.file, args.source):
        if isinstance(item, Skipped):
            print(item.line(), file=sys.stderr)
            skipped += 1
        else:
            panels.append(item)
    with named_option("--out"):
        files = write_files(place_files(folder, panels))
    print(f"imported {len(files)}, skipped {skipped}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from witness.model.jbz import EXPORT_MARK, panel_to_jbz
    from witness.model.panel import Panel
    from witness.model.windmill import windmill_record

    if args.out:
        with named_option("--out"):  # never an input panel, nor any file it did not write
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
        with named_option("--out"):
            write_file(args.out, text, EXPORT_MARK.encode())
    else:
        print(text, end="")
    return 0


def add_generate(sub: Subparsers) -> None:
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
    add_seed(p)
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
    add_out(
        p,
        "output folder, one JSON file per puzzle (other files in it are left "
        "alone; a file of the same name with other content is an error)",
        required=True,
    )
    p.set_defaults(func=cmd_generate)


def add_solve(sub: Subparsers) -> None:
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
    add_time_limit(p, "stop with status timed_out after SEC seconds (>= 0)")
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
    p.add_argument(
        "--from",
        dest="start_line",
        default=None,
        metavar="PARTIAL",
        help="go on from this line drawn so far (from a start, by the drawing rules): "
        "the solution extends it, and 'unsolvable' says no completion of it solves the "
        f"panel; {PATH_FORMS}",
    )
    add_json_flag(p)
    p.set_defaults(func=cmd_solve)


def add_show(sub: Subparsers) -> None:
    p = sub.add_parser(
        "show", help="draw a panel of any type (and a line, and what it breaks) as SVG or PNG"
    )
    p.add_argument("puzzle")
    p.add_argument("--path", help=PATH_FORMS)
    add_out(
        p,
        "FILE.svg or FILE.png; without it, a text picture on standard output "
        "(rows and columns numbered, the line drawn, marked places bracketed)",
    )
    p.add_argument(
        "--violations",
        action="store_true",
        help="ring in red what the line breaks (witness check's violations; needs --path)",
    )
    p.add_argument(
        "--labels",
        action="store_true",
        help="number the rows and columns of cells (left, top) and the grid lines "
        "(right, bottom) from 1, rows from the top, as check's 'where' counts them",
    )
    p.add_argument(
        "--size",
        type=at_least_one,
        default=None,
        metavar="PX",
        help="a PNG's pixels per grid square (>= 8, default 75; an SVG scales itself)",
    )
    p.set_defaults(func=cmd_show)


CHECK_TIME_LIMIT = 2.0  # seconds: check's search for a completion of a partial line


def add_check(sub: Subparsers) -> None:
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
    add_json_flag(p)
    p.set_defaults(func=cmd_check)


def add_import(sub: Subparsers) -> None:
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
    add_out(
        p,
        "output folder, one panel JSON per puzzle, named after its id or title "
        "(files already there are kept: a name they hold takes -2, -3, ...)",
        required=True,
    )
    p.set_defaults(func=cmd_import)


def add_export(sub: Subparsers) -> None:
    p = sub.add_parser("export", help="panels in a community format (to play them there)")
    p.add_argument("puzzles", nargs="+", help="panel JSON files")
    p.add_argument(
        "--to",
        choices=["jbz", "windmill"],
        required=True,
        help="jbz: witnesspuzzles.com's engine; windmill: The Windmill's puzzle string, "
        "with the address that opens it in The Windmill's editor",
    )
    add_out(p, "file to write (default: standard output)")
    p.set_defaults(func=cmd_export)
