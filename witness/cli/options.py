"""What every command shares: the parser class, option types, path and JSON
readers, and the options several commands add the same way."""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import re
from collections.abc import Callable, Iterator

from witness.errors import InputError
from witness.io import OutputError, parse_json, read_text

# Bad command-line input (exit status 2); any InputError from the package too.
UsageError = InputError


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``witness solve: argument --x: ...``), exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def number(kind: type, low: float, strict: bool) -> Callable[[str], float]:
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


positive = number(float, 0, strict=True)  # megabytes
seconds = number(float, 0, strict=False)  # 0: stop at once (e.g. verify's 'unknown')
count = number(int, 0, strict=False)  # budgets, caps, counts
at_least_one = number(int, 1, strict=False)


@contextlib.contextmanager
def named_option(name: str) -> Iterator[None]:
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
    from witness.model.base import size_pair

    try:
        rows, cols = size_pair(text)
    except ValueError:
        raise UsageError(f"invalid size '{text}': expected RxC, e.g. 4x4") from None
    if rows < 1 or cols < 1:
        raise UsageError(f"invalid size '{text}': rows and cols must be >= 1")
    return rows, cols


def read_json_arg(text: str, option: str) -> object:
    """JSON given inline or as a file name: any existing path that is not a folder,
    so a pipe such as bash's ``<(...)`` too (os.path never raises on a long inline text)."""
    is_file = os.path.exists(text) and not os.path.isdir(text)
    source = read_text(text, option) if is_file else text
    try:
        return parse_json(source)
    except ValueError as exc:
        raise UsageError(f"{option}: expected JSON, inline or in a file ({exc})") from None


def parse_path(data: object, option: str) -> list[tuple[int, int]]:
    if isinstance(data, dict) and "path" in data:  # accept `witness solve --json` output
        if data["path"] is None:
            raise UsageError(
                f"{option}: this solve output has no path (status "
                f"{data.get('status', 'not solved')})"
            )
        data = data["path"]
    if not isinstance(data, list) or not all(
        isinstance(v, list) and len(v) == 2 and all(map(_coordinate, v)) for v in data
    ):
        raise UsageError(
            f"{option}: expected a JSON list of [x, y] integer pairs "
            "(a half-integer for a start or an end half way along an edge)"
        )
    return [tuple(int(c) if c % 1 == 0 else c for c in v) for v in data]


def _coordinate(c: object) -> bool:
    """A vertex coordinate: an integer, or a half-integer (an edge's midpoint)."""
    from witness.model.base import is_int

    return is_int(c) or (isinstance(c, float) and (2 * c) % 1 == 0)


PATH_FORMS = (
    "JSON list of [x, y], a file with one (or solve --json output), "
    "or the line as solve prints it ('0,0 1,0 1,1')"
)
# A line as `witness solve` prints it (``path: 0,0 1,0 1,1``), the label optional.
VERTEX_TEXT = r"-?\d+(?:\.5)?,-?\d+(?:\.5)?"
PRINTED_PATH = re.compile(rf"\s*(?:path:)?\s*{VERTEX_TEXT}(?:\s+{VERTEX_TEXT})*\s*")


def load_path_arg(text: str) -> list[tuple[int, int]]:
    """``--path``: inline JSON, a file of JSON (or of ``solve --json`` output),
    or the line as ``solve`` prints it."""
    if PRINTED_PATH.fullmatch(text):
        return [
            tuple(float(c) if "." in c else int(c) for c in v.split(","))
            for v in re.findall(VERTEX_TEXT, text)
        ]
    return parse_path(read_json_arg(text, "--path"), "--path")


def read_json_list(text: str, option: str) -> list:
    data = read_json_arg(text, option)
    if not isinstance(data, list):
        raise UsageError(f"{option}: expected a JSON list")
    return data


# -------------------------------------------------------------------- parser
# One small builder per command: each adds its subparser, its options and the
# ``cmd_*`` function that runs it. Options several commands share are added by
# the helpers below, so their type, default and metavar stay the same everywhere.
Subparsers = argparse._SubParsersAction


def add_json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true")


def add_time_limit(p: argparse.ArgumentParser, text: str, default: float | None = None) -> None:
    p.add_argument("--time-limit", type=seconds, default=default, metavar="SEC", help=text)


def add_seed(p: argparse.ArgumentParser, text: str | None = None) -> None:
    p.add_argument("--seed", type=int, default=0, help=text)


class VersionAction(argparse.Action):
    """``--version``: the installed version, looked up only when asked for
    (importlib.metadata is most of a command's start-up otherwise)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # type: ignore[override]
        print(f"witness {package_version()}")
        parser.exit()


def add_out(
    p: argparse.ArgumentParser, text: str, *, required: bool = False, metavar: str | None = None
) -> None:
    """The ``--out`` option: where the command writes (:func:`out_path`, never empty)."""
    p.add_argument(
        "--out", type=out_path, default=None, required=required, metavar=metavar, help=text
    )
