"""Is the general panel core's machine code the same as another checkout's?
Compiles ``panel_astar_run`` (with every compiled helper it calls, linked into
it) in DIR, another checkout (e.g. ``git archive COMMIT | tar -x -C DIR``), and
here, each in a child process with an empty numba cache of its own, and
compares their assembly with symbol and label names blanked out (a helper
moved to another file or renamed changes only those). Two compiles, about 40
CPU s each.

    .venv/bin/python benchmarks/compare_core_asm.py DIR
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
DUMP = """
from witness.search import panel_search
from witness.search.kernels.panel import panel_astar_run
panel_search.warm_up()
for sig in panel_astar_run.signatures:
    print(panel_astar_run.inspect_asm(sig))
"""


def normalised(asm: str) -> list[str]:
    """The instructions and labels of ``asm``, names blanked, directives and
    comments dropped."""
    out = []
    for line in asm.splitlines():
        s = line.strip()
        if not s or (s.startswith((".", "#")) and not s.startswith(".L")):
            continue
        s = re.sub(r"_ZN\w+", "SYM", s)
        s = re.sub(r"\.L\w+", "LBL", s)
        s = re.sub(r"__numba_\w+|cfunc\.\w+|\w*numba\w*", "SYM", s)
        out.append(re.sub(r"#.*", "", s).strip())
    return out


def core_asm(tree: Path) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache, "PYTHONPATH": str(tree)}
        out = subprocess.run(
            [sys.executable, "-c", DUMP], cwd=tree, env=env, capture_output=True, text=True
        )
    if out.returncode != 0:
        raise SystemExit(f"compiling the core in {tree} failed:\n{out.stderr}")
    return normalised(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("other", type=Path, help="another checkout")
    args = ap.parse_args()
    theirs, mine = core_asm(args.other.resolve()), core_asm(HERE)
    differ = sum(a != b for a, b in zip(theirs, mine, strict=False))
    differ += abs(len(theirs) - len(mine))
    print(f"lines: this {len(mine):,}, other {len(theirs):,}; lines that differ: {differ:,}")
    print("the same machine code" if differ == 0 else "the machine code differs")


if __name__ == "__main__":
    main()
