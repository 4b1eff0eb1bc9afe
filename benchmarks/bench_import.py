"""How much of a community puzzle file the panel model takes.

Reads FILE (witnesspuzzles.com engine puzzles with ``--from jbz``, a snapshot
of The Windmill's puzzle list with ``--from windmill``; neither is part of the
repository: pass the path of a copy) and prints how many puzzles were imported
and skipped, the skipped ones grouped by the feature named, then how many
imported panels use each field and their sizes. Writes nothing.

    .venv/bin/python benchmarks/bench_import.py FILE --from windmill
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

from witness.model.community import SOURCES, Skipped, read_community


def feature_key(feature: str) -> str:
    """A skip reason without the puzzle-specific parts (vertices, colours)."""
    return re.sub(r"\[[-0-9, ]*\]|'[^']*'|\d+", "N", feature)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--from", dest="source", choices=SOURCES, required=True)
    args = parser.parse_args()
    imported, skipped, fields, sizes = 0, Counter(), Counter(), Counter()
    for item in read_community(args.file, args.source):
        if isinstance(item, Skipped):
            skipped[feature_key(item.feature)] += 1
            continue
        imported += 1
        sizes[item.size] += 1
        fields.update(item.features() or ["triangles only"])
        if item.triangles:
            fields["triangles (any)"] += 1
    print(f"imported {imported}, skipped {sum(skipped.values())}")
    for feature, n in skipped.most_common():
        print(f"  skipped {n:5d}  {feature}")
    print("imported panels using each field:")
    for name, n in fields.most_common():
        print(f"  {n:5d}  {name}")
    print("sizes (rows x cols), most common first:")
    print("  " + ", ".join(f"{size} {n}" for size, n in sizes.most_common(12)))


if __name__ == "__main__":
    main()
