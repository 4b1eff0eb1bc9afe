"""Two runs of one configuration (say on a cluster and locally) against each other:
the same files, and the same content wherever the pipeline is deterministic.

Everything is compared except what measures the machine: values whose name says
they are seconds, a clock time (deadline, returned), a time-based speedup
(speedup_t) or share (slower, solved within a time) or a memory peak; the learning
time in a program's header comment; the log and benchmark folders; and the report
and figures, which draw those measurements (the tables they are drawn from are
compared). A run whose searches or learning hit a time limit may differ elsewhere
too (timed_out, status): that is reported, since
the results then really differ.

    python -m witness.pipeline.same_results RESULTS_A RESULTS_B   # results/<run> of each
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

# Names (CSV columns, JSON keys) of measurements of this machine: never compared.
MEASURED = re.compile(r"seconds|speedup_t|within_time|slower|per_second|rss|deadline|returned")
# The header comment of a learned program (witness.learning) that reports its time.
MEASURED_LINE = re.compile(rb"^% time: .*$", re.MULTILINE)
# Folders and files of a run that hold measurements, messages or drawings of them.
UNCOMPARED_DIRS = frozenset({"logs", "benchmarks", "figures"})
UNCOMPARED_NAMES = frozenset(
    {
        ".snakemake_timestamp",
        "report.md",
        "report.md.html",
        "headline.txt",
        "comparison.md",
        "comparison.md.html",
    }
)


@dataclass(frozen=True)
class Difference:
    """One way in which run B differs from run A."""

    path: str  # relative to the results folder
    what: str


@dataclass(frozen=True)
class Comparison:
    """What was compared and what differed."""

    files: int  # files present in both runs
    compared: int  # of those, files whose content was compared
    differences: tuple[Difference, ...]


def run_files(results: Path) -> set[str]:
    """Every file of a results folder, relative to it (a folder per run)."""
    return {p.relative_to(results).as_posix() for p in results.rglob("*") if p.is_file()}


def is_uncompared(relative: str) -> bool:
    parts = relative.split("/")
    return bool(UNCOMPARED_DIRS.intersection(parts[:-1])) or parts[-1] in UNCOMPARED_NAMES


def without_measurements(value: object) -> object:
    """A JSON value with every measured key removed, at any depth."""
    if isinstance(value, dict):
        return {k: without_measurements(v) for k, v in value.items() if not MEASURED.search(str(k))}
    if isinstance(value, list):
        return [without_measurements(v) for v in value]
    return value


def csv_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return [
            {k: v for k, v in row.items() if not MEASURED.search(k)}
            for row in csv.DictReader(handle)
        ]


def first_difference(a: object, b: object, where: str = "") -> str | None:
    """Where two parsed values first differ (a key, an index), or None if equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}/{key}: only in {'b' if key not in a else 'a'}"
            found = first_difference(a[key], b[key], f"{where}/{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items against {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {a!r} against {b!r}"


def compare_file(a: Path, b: Path) -> str | None:
    """How the content of one file differs between the runs, or None."""
    if a.suffix == ".json":
        left, right = (without_measurements(json.loads(p.read_text())) for p in (a, b))
        return first_difference(left, right)
    if a.suffix == ".csv":
        return first_difference(csv_rows(a), csv_rows(b))
    left, right = (MEASURED_LINE.sub(b"", p.read_bytes()) for p in (a, b))
    return None if left == right else "content differs"


def compare_runs(a: str | Path, b: str | Path) -> Comparison:
    """Run B's results folder against run A's: file lists, then each common file."""
    a, b = Path(a), Path(b)
    files_a, files_b = run_files(a), run_files(b)
    differences = [Difference(f, "only in b") for f in sorted(files_b - files_a)]
    differences += [Difference(f, "only in a") for f in sorted(files_a - files_b)]
    common = sorted(f for f in files_a & files_b if not is_uncompared(f))
    for relative in common:
        found = compare_file(a / relative, b / relative)
        if found:
            differences.append(Difference(relative, found))
    return Comparison(len(files_a & files_b), len(common), tuple(differences))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="results/<run> of the first run")
    parser.add_argument("b", type=Path, help="results/<run> of the second run")
    args = parser.parse_args(argv)
    for folder in (args.a, args.b):
        if not folder.is_dir():
            print(f"error: {folder} is not a folder", file=sys.stderr)
            return 2
    result = compare_runs(args.a, args.b)
    for difference in result.differences:
        print(f"differs: {difference.path}: {difference.what}")
    print(
        f"{result.files} files in both runs, {result.compared} compared "
        f"(logs, benchmarks, report, figures and measured times left out): "
        + ("identical" if not result.differences else f"{len(result.differences)} differ")
    )
    return 0 if not result.differences else 1


if __name__ == "__main__":
    sys.exit(main())
