"""The community engine's own test suite, run on witness: does every test's
puzzle import, and give the engine's count of solutions?

The engine's test suite (``pages/test.js`` of jbzdarkid/witness-puzzles,
fetched, never part of the repository: ``git show HEAD:pages/test.js``)
builds 112 puzzles with the engine's ``Puzzle`` and says how many solutions
each has. benchmarks/engine_validate.js runs the tests' puzzle-building
functions under node with the engine loaded (its ``engine/`` folder, the
first argument, e.g. a jbzdarkid/jbzdarkid.github.io snapshot's) and writes
each puzzle as the engine serialises it. Each is then imported as
``witness import --from jbz`` reads it (through the panel JSON it writes),
counted by clingo (``witness solve --count --solver asp``) and solved by A*
(the baseline predicate, ``witness solve``), and the engine's own solver
counts it too. One line a test:

- ``import``: ``ok``, or the skip line's reason;
- ``expected``: the test's count; ``engine``: the engine's solver's count
  today (it stops at 10,000; ``-`` when it took over ``--seconds``);
- ``asp``: clingo's count (``timed_out`` past ``--seconds``), and whether it
  is the expected one;
- ``astar``: A*'s status, and whether it agrees with the expected count on
  solvable or not.

    .venv/bin/python benchmarks/engine_tests.py ENGINE_DIR TEST_JS [--seconds 10]
        [--only NAME ...] [--out CSV]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from engine_agreement import Engine
from tqdm import tqdm

from witness.io import write_csv
from witness.model.community import Skipped, read_community
from witness.model.panel import Panel, panel_from_dict
from witness.search.asp_solver import count_panel_asp
from witness.search.solvers import solve


def suite_puzzles(engine: Engine, test_js: Path) -> list[dict]:
    """Every test of ``test_js``: its name, the engine's puzzle object and the
    count it expects (or the error its function raised)."""
    out = engine.ask({"suite": str(test_js.resolve())})
    if out is None:
        raise SystemExit(f"engine_tests: node did not build the tests of {test_js} in time")
    return out["tests"]


def imported(tests: list[dict]) -> list[Panel | Skipped]:
    """Each test's puzzle as ``witness import --from jbz`` reads it, through
    the panel JSON it writes; one entry a test, in order."""
    records = [{"title": t["name"], "puzzle": t["puzzle"]} for t in tests]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "suite.json"
        path.write_text(json.dumps(records))
        panels = list(read_community(str(path), "jbz"))
    return [
        p if isinstance(p, Skipped) else panel_from_dict(json.loads(p.to_json())) for p in panels
    ]


def run_test(test: dict, panel: Panel | Skipped, engine: Engine, seconds: float) -> dict:
    """One test's row: import, the engine's count, clingo's count, A*'s status."""
    row = {"name": test["name"], "expected": test.get("expected")}
    row["engine"] = engine.count(test["puzzle"]) if "puzzle" in test else None
    if "error" in test or isinstance(panel, Skipped):
        row["import"] = test.get("error") or panel.feature  # type: ignore[union-attr]
        row.update(asp=None, asp_ok=False, astar=None, astar_ok=False)
        return row
    row["import"] = "ok"
    counted = count_panel_asp(panel, time_limit=seconds)
    row["asp"] = counted.count if counted.status == "counted" else counted.status
    row["asp_ok"] = counted.count == row["expected"]
    found = solve(panel, "baseline", time_limit=seconds)
    row["astar"] = found.status
    solvable = {"solved": True, "unsolvable": False}.get(found.status)
    row["astar_ok"] = solvable is not None and solvable == (row["expected"] > 0)
    return row


def report(rows: list[dict]) -> None:
    """One line a test, then the totals."""
    print(f"{'test':<44} {'expected':>8} {'engine':>6} {'asp':>10} {'A*':>11}  import")
    for r in rows:
        engine = "-" if r["engine"] is None else r["engine"]
        asp = "" if r["asp"] is None else f"{r['asp']}{'' if r['asp_ok'] else ' X'}"
        astar = "" if r["astar"] is None else f"{r['astar']}{'' if r['astar_ok'] else ' X'}"
        counts = f"{r['expected']!s:>8} {engine!s:>6} {asp:>10} {astar:>11}"
        print(f"{r['name']:<44} {counts}  {r['import']}")
    ok = [r for r in rows if r["import"] == "ok"]
    print(
        f"{len(rows)} tests: {len(ok)} imported, clingo's count the expected one on "
        f"{sum(r['asp_ok'] for r in rows)}, A* agrees on solvable or not on "
        f"{sum(r['astar_ok'] for r in rows)}; the engine's own solver gives the expected "
        f"count on {sum(r['engine'] == r['expected'] for r in rows)} (X: disagrees)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", type=Path, help="the engine/ folder of a witnesspuzzles.com snapshot")
    ap.add_argument("test_js", type=Path, help="the engine's pages/test.js (fetched)")
    ap.add_argument(
        "--seconds", type=float, default=10.0, help="each solver's time on a test (default 10)"
    )
    ap.add_argument("--only", nargs="+", help="only these tests")
    ap.add_argument("--out", type=Path, help="a CSV of every test's row")
    args = ap.parse_args()
    engine = Engine(args.engine, args.seconds)
    try:
        tests = suite_puzzles(engine, args.test_js)
        if args.only:
            tests = [t for t in tests if t["name"] in args.only]
        panels = imported([t for t in tests if "puzzle" in t])
        by_name = dict(zip([t["name"] for t in tests if "puzzle" in t], panels, strict=True))
        rows = [
            run_test(t, by_name.get(t["name"], Skipped(t["name"], "")), engine, args.seconds)
            for t in tqdm(tests, desc="tests", unit="test")
        ]
    finally:
        engine.close()
    report(rows)
    if args.out is not None:
        write_csv(rows, list(rows[0]), args.out)


if __name__ == "__main__":
    main()
