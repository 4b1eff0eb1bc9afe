"""A* with pi_baseline on the community's pillars and panels with a start or an
end half way along an edge.

Reads FILE (witnesspuzzles.com's puzzles, ``--from jbz`` of ``witness import``;
not part of the repository: pass the path of a copy), keeps the panels that
are pillars or have such a start or end, takes a seeded sample of at most
``--per-group`` of each group (``pillar``: pillars with terminals at vertices;
``segment``: rectangles with a terminal half way along an edge; ``both``),
and solves each with A* and pi_baseline (``solve_panel``) under a time limit
of wall-clock seconds, as ``witness solve`` does. Prints per group how many
were solved, proved unsolvable and stopped, the median CPU seconds and the
expansions per CPU second; ``--runs-csv`` writes one row per panel (its id,
group, status, CPU seconds, expansions). Runs on whatever ``witness`` is
imported, so running it with PYTHONPATH set to another checkout measures that
code on the same sample; ``--compare OLD NEW`` prints two such CSVs side by
side on the panels both hold.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_pillar_segments.py FILE
        [--per-group 100] [--seed 0] [--time-limit 10] [--runs-csv FILE]
    .venv/bin/python benchmarks/bench_pillar_segments.py --compare OLD.csv NEW.csv
"""

from __future__ import annotations

import argparse
import csv
import random
import statistics
import time
from collections import defaultdict

from witness.model.community import Skipped, read_community
from witness.model.panel import Panel
from witness.search.panel_search import solve_panel, warm_up

GROUPS = ("pillar", "segment", "both")
FIELDS = ("id", "group", "status", "cpu_s", "expansions")


def group(panel: Panel) -> str | None:
    """The group of a panel (module doc), None for the others."""
    if panel.pillar:
        return "both" if panel.halves else "pillar"
    return "segment" if panel.halves else None


def panel_id(panel: Panel, index: int) -> str:
    """The puzzle's id on the site (its meta), else its place in the file."""
    meta = panel.meta or {}
    return str(meta.get("id") or meta.get("puzzle_id") or meta.get("name") or f"#{index}")


def sample(path: str, per_group: int, seed: int) -> list[tuple[str, str, Panel]]:
    """(id, group, panel) of the seeded sample, in file order within each group."""
    by_group: dict[str, list[tuple[str, str, Panel]]] = defaultdict(list)
    for i, item in enumerate(read_community(path, "jbz")):
        if isinstance(item, Skipped):
            continue
        g = group(item)
        if g is not None:
            by_group[g].append((panel_id(item, i), g, item))
    rng = random.Random(seed)
    out = []
    for g in GROUPS:
        items = by_group[g]
        keep = sorted(rng.sample(range(len(items)), min(per_group, len(items))))
        out += [items[k] for k in keep]
    return out


def run(
    items: list[tuple[str, str, Panel]], time_limit: float, writer: csv.DictWriter | None = None
) -> list[dict]:
    """Solve each; each row written to ``writer`` as it comes."""
    warm_up()
    rows = []
    for ident, g, panel in items:
        cpu = time.process_time()
        result = solve_panel(panel, time_limit=time_limit)
        rows.append(
            {
                "id": ident,
                "group": g,
                "status": result.status,
                "cpu_s": round(time.process_time() - cpu, 4),
                "expansions": result.expansions,
            }
        )
        if writer is not None:
            writer.writerow(rows[-1])
    return rows


def summary(rows: list[dict]) -> list[str]:
    lines = ["group    n  solved  unsolvable  stopped  median CPU s  expansions/CPU s"]
    for g in GROUPS:
        mine = [r for r in rows if r["group"] == g]
        if not mine:
            continue
        status = [r["status"] for r in mine]
        cpu = [float(r["cpu_s"]) for r in mine]
        rate = sum(int(r["expansions"]) for r in mine) / max(sum(cpu), 1e-9)
        stopped = len(mine) - status.count("solved") - status.count("unsolvable")
        lines.append(
            f"{g:7s} {len(mine):3d} {status.count('solved'):7d} {status.count('unsolvable'):11d}"
            f" {stopped:8d} {statistics.median(cpu):13.3f} {rate:17.0f}"
        )
    return lines


def compare(old_path: str, new_path: str) -> None:
    def load(path: str) -> dict[str, dict]:
        with open(path, newline="") as f:
            return {r["id"]: r for r in csv.DictReader(f)}

    old, new = load(old_path), load(new_path)
    common = sorted(set(old) & set(new))
    print(f"{len(common)} panels in both ({len(new) - len(common)} only in the new run)")
    for name, rows in (("old", [old[k] for k in common]), ("new", [new[k] for k in common])):
        print(name)
        print("\n".join(summary(rows)))
    print("new only")
    print("\n".join(summary([new[k] for k in sorted(set(new) - set(old))])))
    changed = [
        k for k in common if (old[k]["status"] == "solved") != (new[k]["status"] == "solved")
    ]
    decided = ("solved", "unsolvable")
    wrong = [
        k
        for k in common
        if old[k]["status"] in decided
        and new[k]["status"] in decided
        and old[k]["status"] != new[k]["status"]
    ]
    print(f"solved in one run only: {len(changed)}; decided differently: {len(wrong)} {wrong}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?")
    parser.add_argument("--per-group", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--runs-csv")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if not args.file:
        parser.error("give the community FILE (or --compare OLD NEW)")
    items = sample(args.file, args.per_group, args.seed)
    if not args.runs_csv:
        print("\n".join(summary(run(items, args.time_limit))))
        return
    with open(args.runs_csv, "w", newline="", buffering=1) as f:
        writer = csv.DictWriter(f, fieldnames=FIELDS)
        writer.writeheader()
        print("\n".join(summary(run(items, args.time_limit, writer))))


if __name__ == "__main__":
    main()
