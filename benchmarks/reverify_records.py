"""Verify again every program that has a ``.verify.json`` record under a folder
(default ``results/``), as the pipeline does (``workflow/scripts/verify.py``:
the record's size, the default time limit), and say whether the verdicts are
the stored ones: the program's ``status`` and ``all_sizes``, and each clause's
``status``, ``all_sizes`` and counterexample. Exit status 1 when one differs.

The stored records may come from an older ``verify`` whose sentences and keys
differ; ``--save FILE`` writes the new records (without timings, solver
counters and the sizes a time-limited bounded check got through, which depend
on the machine) as one JSON object, so that two checkouts' readings can be
compared word for word (``diff``).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/reverify_records.py [FOLDER ...] [--save FILE]
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path

from witness.learning.translate import load_predicate
from witness.model.base import size_pair
from witness.verify.verdict import verify_predicate

# What depends on the machine: left out of the comparison.
TIMED = ("seconds", "choices", "conflicts", "sizes_checked")
# The verdicts: of the program, and of each clause.
VERDICT = ("status", "all_sizes")
CLAUSE_VERDICT = ("status", "all_sizes", "counterexample")
log = logging.getLogger("reverify")


def readable(record: dict) -> dict:
    """``record`` without what depends on the machine."""
    out = {k: v for k, v in record.items() if k not in TIMED}
    out["clauses"] = [
        {k: v for k, v in c.items() if k not in TIMED} for c in record.get("clauses", [])
    ]
    return out


def differences(old: dict, new: dict) -> list[str]:
    """The verdict keys (clause keys as ``clauses[i].key``) on which two records differ."""
    out = [k for k in VERDICT if old.get(k) != new.get(k)]
    if len(old["clauses"]) != len(new["clauses"]):
        return [*out, "clauses (count)"]
    for i, (x, y) in enumerate(zip(old["clauses"], new["clauses"], strict=True)):
        out += [f"clauses[{i}].{k}" for k in CLAUSE_VERDICT if x.get(k) != y.get(k)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[Path("results")])
    parser.add_argument("--save", type=Path, default=None, help="write the new records here")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    records = sorted(p for folder in args.folders for p in folder.rglob("*.verify.json"))
    changed, saved = 0, {}
    for path in records:
        old = json.loads(path.read_text())
        program = path.with_name(path.name.removesuffix(".verify.json") + ".pl")
        rows, cols = size_pair(old["max_size"])
        t0 = time.perf_counter()
        new = verify_predicate(load_predicate(str(program)), rows, cols).to_dict()
        diff = differences(old, new)
        saved[str(path)] = readable(new)
        changed += bool(diff)
        word = "same" if not diff else "DIFFERENT: " + ", ".join(diff)
        log.info("%s: %s (%s, %.1f s)", path, word, new["status"], time.perf_counter() - t0)
    log.info("%d records, %d with other verdicts", len(records), changed)
    if args.save:
        args.save.write_text(json.dumps(saved, indent=1, sort_keys=True) + "\n")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
