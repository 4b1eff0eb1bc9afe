"""Time a reference run's test stage again on this code: its sets regenerated
from its config (as the pipeline's ``generate_set`` rule makes them), its
committed pi* (verified here when its verify record is not kept), the test
set solved chunk by chunk as the ``test_chunk`` rule does (without the
portfolio: a run's unproven member is not kept) and summed up as
``test_summary`` does. Expansions, and so speedup_E, must come out as the run
wrote them; speedup_t is this code's.

    .venv/bin/python benchmarks/retime_test_stage.py --config config/medium.yaml \\
        --pi-star results/reference/medium/pi_star.pl --out OUT [--sets DIR]

Writes OUT/summary.json, OUT/by_size.csv and OUT/per_puzzle.csv (and the sets
in OUT/sets, or ``--sets``, which several runs of one config can share); a
folder or chunk already written is kept, so an interrupted run goes on.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

from witness.io import write_json
from witness.pipeline import triage
from witness.pipeline.evaluate import Chunk, evaluate_test_chunk
from witness.pipeline.sets import write_run_sets
from witness.pipeline.summary import aggregate_test


def verify_record(config: dict, pi_star: Path, out: Path) -> Path:
    """pi*'s verify record: the run's, beside it, or made here as the
    pipeline's ``verify`` rule makes it."""
    kept = pi_star.with_suffix(".verify.json")
    if kept.exists():
        return kept
    made = out / "pi_star.verify.json"
    if not made.exists():
        record, _ = triage.verify_record(pi_star, *config["verify"]["max_size"])
        if record["status"] == "empty":
            raise SystemExit(f"{pi_star}: no clause to time")
        write_json(record, made)
    return made


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", type=Path, required=True)
    parser.add_argument("--pi-star", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--sets", type=Path, help="where the sets go (default OUT/sets)")
    args = parser.parse_args(argv)
    config = yaml.safe_load(args.config.read_text(encoding="utf-8"))
    sets = args.sets or args.out / "sets"
    write_run_sets(config, sets, list(config["sets"]))
    verify = verify_record(config, args.pi_star, args.out)
    test = config["test"]
    count = config["sets"]["test"]["count"]
    chunks = []
    for c in range(-(-count // test["chunk"])):
        csv = args.out / "chunks" / f"{c}.csv"
        chunks.append(str(csv))
        if not csv.exists():
            csv.parent.mkdir(parents=True, exist_ok=True)
            chunk = Chunk(str(sets / "test"), c, test["chunk"], str(args.pi_star), str(verify))
            evaluate_test_chunk(
                chunk, csv, time_limit=test["time_limit"], memory_mb=test["memory_mb"]
            )
    out = args.out
    aggregate_test(chunks, out / "per_puzzle.csv", out / "by_size.csv", out / "summary.json")
    print((out / "summary.json").read_text(encoding="utf-8"))


if __name__ == "__main__":
    main()
