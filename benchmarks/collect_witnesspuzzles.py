"""Collect witnesspuzzles.com's published puzzles into one file `witness import
--from jbz` reads.

The site's repository (jbzdarkid/jbzdarkid.github.io, not part of this one:
pass the path of a git clone or bare copy) publishes each puzzle as
``play/ID.html`` holding ``Puzzle.deserialize("<engine JSON>")`` and its title.
Writes a JSON list of ``{"id", "title", "puzzle"}`` records to ``--out``.

    .venv/bin/python benchmarks/collect_witnesspuzzles.py GIT_DIR --out puzzles.json
"""

from __future__ import annotations

import argparse
import html
import json
import re
import subprocess

from witness.io import write_file

PUZZLE = re.compile(r"Puzzle\.deserialize\((\"(?:[^\"\\]|\\.)*\")\)")
TITLE = re.compile(r'<meta property="og:title" content="(.*?)"/>')


def blobs(git_dir: str, names: list[str]) -> list[str]:
    """The text of each ``HEAD:name`` in one ``git cat-file --batch`` call."""
    query = "".join(f"HEAD:{n}\n" for n in names).encode()
    data = subprocess.run(
        ["git", "-C", git_dir, "cat-file", "--batch"], input=query, capture_output=True, check=True
    ).stdout
    out, i = [], 0
    for _ in names:
        end = data.index(b"\n", i)
        size = int(data[i:end].split()[2])
        out.append(data[end + 1 : end + 1 + size].decode("utf-8", "replace"))
        i = end + 1 + size + 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("git_dir")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    listing = subprocess.run(
        ["git", "-C", args.git_dir, "ls-tree", "-r", "--name-only", "HEAD", "play/"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    names = [n for n in listing if n.endswith(".html")]
    records = []
    for name, text in zip(names, blobs(args.git_dir, names), strict=True):
        found = PUZZLE.search(text)
        if not found:
            continue
        title = TITLE.search(text)
        records.append(
            {
                "id": name.removeprefix("play/").removesuffix(".html"),
                "title": html.unescape(title.group(1)) if title else None,
                "puzzle": json.loads(found.group(1)),
            }
        )
    write_file(args.out, json.dumps(records) + "\n")
    print(f"{len(records)} puzzles of {len(names)} pages written to {args.out}")


if __name__ == "__main__":
    main()
