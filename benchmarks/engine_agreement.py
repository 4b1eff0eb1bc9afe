"""Does the rules checker agree with the community engine on every line it is shown?

The checker (``witness check``, :func:`witness.model.rules.check`) follows the
semantics of witnesspuzzles.com's engine (``engine/validate.js`` of
jbzdarkid/jbzdarkid.github.io), written anew. This runs the engine itself
under node (benchmarks/engine_validate.js loads it from a snapshot's
``engine/`` folder, the first argument: fetched, never part of the
repository) on the same panels and lines, and prints how often the two
verdicts (solved or not) agree, by source and by constraint family.

Panels: random ones of every family mixed (``--random N``: one in four read
off a random line as the generators' Algorithm 4 does, so that line solves
it; the others with symbols at random, Algorithm 3's candidates, a third of
those with negative, rotatable or larger pieces, a removed edge, more starts
and ends and an invisible dot), and with ``--community DIR`` the imported
community panels of a folder (``witness import``; ``--sample N`` of them).
Lines: ``--lines K`` random lines from a start to an end a panel, the line a
panel was read off, and for a community panel the line clingo finds within
``--solve-seconds`` and K near misses (the line clingo finds on the panel
less one symbol drawn at random, judged on the whole panel). A panel the
engine's format cannot say exactly (``witness export --to jbz`` names an
approximation: The Windmill's count of cancellers, a piece off the grid, a
piece wider than 4) is left out.

Then ``--counts N`` small random panels are solved to the last solution by
the engine's own solver (``engine/solve.js``) and by the checker over every
legal line: that compares the lines a player may draw (starts, ends,
symmetry, gaps) as well. Where the counts differ, each line one side alone
found is judged again by validate(): a line both judges accept that the
engine's solver did not find is counted as its solver's miss, anything
else as a disagreement.

With ``--round-trip FILE`` (witnesspuzzles.com's puzzles as
benchmarks/collect_witnesspuzzles.py writes them; ``--sample N`` of them)
it does instead, for every puzzle the import loads: ``witness import`` (the
panel saved and read back as its JSON), ``witness export --to jbz``, and
the export imported again; it counts how many give the same panel again,
how many engine grids are the same cell for cell (symbols, dots, gaps,
starts, ends, as the engine reads them) and, where the engine's own solver
finishes on both within ``--seconds``, how many have the same number of
solutions as the original under the engine; every difference is named.

Every disagreement is written to ``--disagreements DIR`` as a panel JSON
(for a line, the line in ``meta.line``) and named on the output; ``--out``
writes every line's two verdicts as a CSV. Each judge has ``--seconds`` a
line (both search for a tiling or for what cancellers take, which can take
for ever); a line either judge did not decide in time is counted as
stopped.

    .venv/bin/python benchmarks/engine_agreement.py ENGINE_DIR [--random 2000]
        [--counts 500] [--seed 1] [--community DIR] [--sample N] [--lines 3]
        [--solve-seconds 2] [--disagreements DIR] [--out CSV]
    .venv/bin/python benchmarks/engine_agreement.py ENGINE_DIR --round-trip FILE
        [--sample N] [--seconds 5] [--count-same N] [--only IDS] [--model-seconds S]
        [--out CSV]
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import select
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from bench_panels_asp import families
from tqdm import tqdm

from witness.errors import InputError
from witness.io import make_folder, read_json, write_csv, write_new
from witness.model.base import SYMMETRIES, edge_point, midpoint
from witness.model.community import Skipped, community_records, read_community
from witness.model.jbz import (
    ROTATION_BIT,
    SETTINGS,
    jbz_extras,
    panel_from_jbz,
    panel_to_jbz,
    polyshape_from_shape,
    shape_from_polyshape,
)
from witness.model.panel import Dot, Panel, Polyomino, panel_from_dict
from witness.model.rules import CheckStopped, check, enumerate_lines, lines_of
from witness.search.count import count_with_checker
from witness.search.generate import GenerationError
from witness.search.generate_panels import (
    TYPES,
    PanelSpec,
    generate_from_line,
    random_line,
    random_panel_candidate,
)

HERE = Path(__file__).resolve().parent
SIZES = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4))
# pieces the generators never draw (offsets, y up)
EXTRA_SHAPES = (
    ((0, 0), (1, 0), (2, 0), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (1, 0)),
    ((0, 0), (1, 1)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
)
# the engine's solver stops at this many solutions (engine/solve.js)
ENGINE_MAX_SOLUTIONS = 10_000


@dataclass
class Case:
    """One panel and one line to judge, and where they came from."""

    name: str
    panel: Panel
    line: list[tuple[int, int]]
    source: str  # random (Algorithm 4 or 3), or community


class NodeJudge:
    """A script of ours under node that loads a community engine and answers
    one JSON line out per line in; a request it has not answered within
    ``seconds`` (the engines' polyomino and canceller searches can take for
    ever), or that node died on, gets None, and node is started again."""

    def __init__(self, script: str, arguments: list[str], seconds: float = 10.0) -> None:
        self.node = shutil.which("node")
        if self.node is None:
            sys.exit(f"{script}: needs node (scripts/setup.sh installs Debian's nodejs)")
        self.command = [self.node, str(HERE / script), *arguments]
        self.seconds = seconds
        self.proc = self._start()

    def _start(self) -> subprocess.Popen:
        return subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, request: dict) -> dict | None:
        """The answer to ``request``; None when it took longer than the seconds."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
        except BrokenPipeError:  # node died after its last answer: ask a new one
            self.proc.wait()
            self.proc = self._start()
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps(request) + "\n")
        ready, _, _ = select.select([self.proc.stdout], [], [], self.seconds)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self.proc = self._start()
            return None
        answer = self.proc.stdout.readline()
        if not answer:  # node itself died on it (its stack or its memory): no answer
            print(f"{self.command[1]}: node stopped answering; started again", file=sys.stderr)
            self.proc.wait()
            self.proc = self._start()
            return None
        return json.loads(answer)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


class Engine(NodeJudge):
    """witnesspuzzles.com's engine under node (benchmarks/engine_validate.js)."""

    def __init__(self, engine_dir: Path, seconds: float = 10.0) -> None:
        if not (engine_dir / "solve.js").is_file():
            sys.exit(f"engine_agreement: {engine_dir} has no solve.js (give the engine/ folder)")
        self.engine_dir = engine_dir
        super().__init__("engine_validate.js", [str(engine_dir)], seconds)

    def valid(self, puzzle: dict, lines: list[list[tuple[int, int]]]) -> tuple[bool | None, list]:
        """The engine's verdict on the lines covering ``lines`` (its places);
        None when it took longer than its seconds."""
        out = self.ask({"puzzle": puzzle, "lines": lines})
        return (None, []) if out is None else (bool(out["valid"]), out["invalid"])

    def count(self, puzzle: dict) -> int | None:
        """How many solutions the engine's own solver finds (it stops at
        :data:`ENGINE_MAX_SOLUTIONS`); None when it took too long."""
        out = self.ask({"puzzle": puzzle, "count": True})
        return None if out is None else int(out["count"])

    def first_solution(self, puzzle: dict) -> tuple[bool, float] | None:
        """Does the engine's own solver find a solution, and in how many CPU
        seconds of node (None: not within the engine's seconds)?"""
        out = self.ask({"puzzle": puzzle, "count": True, "first": True})
        return None if out is None else (out["count"] > 0, float(out["cpu"]))

    def solutions(self, puzzle: dict) -> list[list[tuple[int, int]]] | None:
        """The solutions the engine's own solver finds, each the places its
        line covers from its start (the engine's doubled grid)."""
        out = self.ask({"puzzle": puzzle, "count": True, "paths": True})
        return None if out is None else [[tuple(p) for p in places] for places in out["paths"]]


def engine_places(panel: Panel, line: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The places each line covers on the engine's doubled grid (y down), in
    the line's order (the engine reads the first line's first and last as its
    start and end point: engine_validate.js)."""
    lines = lines_of(panel, line)
    height = 2 * panel.rows
    out = []
    for one in lines:
        places: list[tuple[int, int]] = []
        for i, (x, y) in enumerate(one):
            if i and (one[i - 1][0] + x) % 1 == 0 and (one[i - 1][1] + y) % 1 == 0:
                places.append(edge_point(one[i - 1], (x, y)))  # its edge (a pillar's seam too)
            places.append((int(2 * x), int(2 * y)))
        out.append([(x, height - y) for x, y in places])
    return out


def vertices_of(panel: Panel, places: list[tuple[int, int]]) -> tuple:
    """The vertices (y up) of a line given as the engine's places in order (a
    start's or an end's segment is its midpoint)."""
    mids = {(int(2 * x), int(2 * (panel.rows - y))) for x, y in panel.halves.values()}
    return tuple(
        (x / 2 if x % 2 else x // 2, panel.rows - (y / 2 if y % 2 else y // 2))
        for x, y in places
        if (x % 2 == 0 and y % 2 == 0) or (x, y) in mids
    )


def exact_export(panel: Panel) -> dict | None:
    """The engine's puzzle object when it says ``panel`` exactly, else None."""
    try:
        data, notes = panel_to_jbz(panel)
    except ValueError:  # a piece beyond the engine's 4x4 mask
        return None
    negatives = any(p.negative for p in panel.polyominoes)
    for note in notes:
        if note.startswith("polyominoes are written imprecise") and not negatives:
            continue  # without negative pieces none may hang off the grid anyway
        return None
    return data


def enriched(panel: Panel, rng: random.Random) -> Panel:
    """``panel`` with what the generators never draw, at random: negative and
    rotatable pieces, larger pieces, a removed edge, and without symmetry
    another start and end, an invisible dot; itself when that is no panel."""
    pieces = [
        replace(
            p,
            shape=rng.choice((p.shape, *EXTRA_SHAPES)),
            rotatable=rng.random() < 0.5,
            negative=rng.random() < 0.3,
        )
        for p in panel.polyominoes
    ]
    edges = list(panel.grid_edges())
    changes: dict = {"polyominoes": tuple(pieces)}
    if rng.random() < 0.3:
        changes["removed_edges"] = (rng.choice(edges),)
    if panel.symmetry is None and rng.random() < 0.5:
        vertices = list(panel.vertices())
        rim = [v for v in vertices if panel.is_boundary(v)]
        changes["starts"] = tuple(dict.fromkeys((*panel.starts, rng.choice(vertices))))
        changes["ends"] = tuple(dict.fromkeys((*panel.ends, rng.choice(rim))))
        changes["dots"] = (*panel.dots, Dot(rng.choice(vertices), "invisible"))
    try:
        return replace(panel, **changes)
    except InputError:
        return panel


def with_segment_ends(panel: Panel, rng: random.Random) -> Panel:
    """``panel`` with a start and an end half way along random edges added
    (and their mirror images with symmetry); itself when that is no panel."""
    edges = list(panel.grid_edges())
    mids = [midpoint(rng.choice(edges)) for _ in range(2)]
    if panel.symmetry is not None:
        mids = [m for m in mids if panel.mirror(m) != m]
    starts, ends = list(panel.starts), list(panel.ends)
    for m, terminals in zip(mids, (starts, ends), strict=False):
        terminals += [m, panel.mirror(m)] if panel.symmetry else [m]
    try:
        return replace(panel, starts=tuple(dict.fromkeys(starts)), ends=tuple(dict.fromkeys(ends)))
    except InputError:
        return panel


def random_panel(
    i: int, rng: random.Random, segments: bool = False
) -> tuple[Panel, list | None] | None:
    """A random panel of mixed families: for one ``i`` in four read off a
    random line (Algorithm 4; that line too), else symbols at random
    (Algorithm 3), one in four of those :func:`enriched`; None when the
    generators refuse the draw (no end, no symbol). With ``segments``, every
    panel gets a start and an end half way along an edge (:func:`with_segment_ends`)."""
    drawn = _random_panel(i, rng)
    if drawn is None or not segments:
        return drawn
    return with_segment_ends(drawn[0], rng), None


def _random_panel(i: int, rng: random.Random) -> tuple[Panel, list | None] | None:
    rows, cols = rng.choice(SIZES)
    types = tuple(t for t in TYPES if rng.random() < 0.45) or (rng.choice(TYPES),)
    symmetry = rng.choice((None, None, *SYMMETRIES)) if rows == cols or rng.random() < 0.5 else None
    spec = PanelSpec(types=types, symmetry=symmetry, colours=rng.choice((2, 3)))
    try:
        if i % 4 == 0:
            return generate_from_line(rows, cols, spec, rng, max_tries=50)
        panel = random_panel_candidate(rows, cols, spec, rng)
        return (enriched(panel, rng) if i % 4 == 3 else panel), None
    except (GenerationError, InputError):
        return None


def random_cases(count: int, lines: int, rng: random.Random) -> Iterator[Case]:
    """``count`` random panels (:func:`random_panel`), each with its own line
    if it has one and ``lines`` random lines."""
    for i in tqdm(range(count), desc="random panels", unit="panel"):
        drawn = random_panel(i, rng)
        if drawn is None:
            continue
        panel, own = drawn
        source = "Algorithm 4" if own is not None else "Algorithm 3"
        if own is not None:
            yield Case(f"random-{i}-own", panel, own, source)
        for k in range(lines):
            line = random_line(panel, rng)
            if line is not None:
                yield Case(f"random-{i}-{k}", panel, line, source)


def less_one_symbol(panel: Panel, rng: random.Random) -> Panel | None:
    """``panel`` without one of its symbols or dots, drawn at random: its
    solutions are near misses of the panel's own (None: nothing to take)."""
    symbols = ("triangles", "squares", "stars", "cancellers", "polyominoes", "dots")
    kinds = [k for k in symbols if getattr(panel, k)]
    if not kinds:
        return None
    kind = rng.choice(kinds)
    items = list(getattr(panel, kind))
    items.pop(rng.randrange(len(items)))
    return replace(panel, **{kind: tuple(items)})


def folder_panels(folder: Path, sample: int | None, rng: random.Random) -> list[tuple[str, Panel]]:
    """The imported panels of ``folder`` by name (``sample`` of them at random)."""
    files = sorted(folder.glob("*.json"))
    if sample is not None and sample < len(files):
        files = sorted(rng.sample(files, sample))
    return [(path.stem, panel_from_dict(read_json(path))) for path in files]


def community_cases(
    panels: Iterable[tuple[str, Panel]], lines: int, seconds: float, rng: random.Random
) -> Iterator[Case]:
    """For each named panel ``lines`` random lines, the line clingo finds
    within ``seconds``, and as many near misses (the line clingo finds on the
    panel less one symbol, judged on the whole panel)."""
    from witness.search.asp_solver import solve_panel_asp  # clingo: only for this source

    for name, panel in tqdm(list(panels), desc="community panels", unit="panel"):
        result = solve_panel_asp(panel, time_limit=seconds)
        if result.solved:
            yield Case(f"{name}-solution", panel, result.path, "community")
        for k in range(lines):
            line = random_line(panel, rng)
            if line is not None:
                yield Case(f"{name}-{k}", panel, line, "community")
            easier = less_one_symbol(panel, rng)
            near = solve_panel_asp(easier, time_limit=seconds) if easier is not None else None
            if near is not None and near.solved:
                yield Case(f"{name}-near{k}", panel, near.path, "near miss")


def exportable_cases(
    folder: Path, sample: int | None, lines: int, seconds: float, rng: random.Random
) -> Iterator[Case]:
    """:func:`community_cases` of the panels of ``folder`` the engine's format
    says exactly; drawn when the first case is asked for, after the random
    panels, so that a seed draws the same cases as ever."""
    named = folder_panels(folder, sample, rng)
    exportable = [(name, panel) for name, panel in named if exact_export(panel) is not None]
    yield from community_cases(exportable, lines, seconds, rng)


def checker_verdict(panel: Panel, line: list, seconds: float) -> bool | None:
    """Does ``line`` solve ``panel``, by the rules checker (None: it took
    longer than ``seconds``)?"""
    try:
        return check(panel, line, time.perf_counter() + seconds).solved
    except CheckStopped:
        return None


def engine_verdict(engine: Engine) -> Callable[[Case], tuple[bool | None, str] | None]:
    """The engine's verdict on a case (None when its format cannot say the
    panel exactly), each panel exported once for all its cases."""
    exported: list = [None, None]  # a panel's cases come together

    def verdict(case: Case) -> tuple[bool | None, str] | None:
        if exported[0] is not case.panel:
            exported[:] = [case.panel, exact_export(case.panel)]
        if exported[1] is None:
            return None
        valid, invalid = engine.valid(exported[1], engine_places(case.panel, case.line))
        return valid, json.dumps(invalid)

    return verdict


def judge(
    cases: Iterable[Case],
    other: Callable[[Case], tuple[bool | None, str] | None],
    seconds: float,
    keep: Path | None,
) -> list[dict]:
    """The checker's verdict and the ``other`` judge's (solved or not, and
    what it names; None: it cannot take the case) on every case as it
    comes, the checker given ``seconds`` a line; disagreements written to
    ``keep``."""
    rows = []
    skipped = 0
    for case in cases:
        answer = other(case)
        if answer is None:
            skipped += 1
            continue
        theirs, named = answer
        ours = checker_verdict(case.panel, case.line, seconds)
        agree = None if ours is None or theirs is None else ours == theirs
        rows.append(
            {
                "name": case.name,
                "source": case.source,
                "families": families(case.panel),
                "checker": ours,
                "engine": theirs,
                "agree": agree,
                "engine_invalid": named,
            }
        )
        if agree is False and keep is not None:
            data = case.panel.to_dict()
            data.setdefault("meta", {})["line"] = [list(v) for v in case.line]
            write_new(keep / f"{case.name}.json", json.dumps(data).encode())
    if skipped:
        print(f"{skipped} lines on panels the other judge cannot take: skipped")
    return rows


def report(rows: list[dict], other: str = "engine") -> None:
    """Agreement by source and by family, and every disagreement named
    (``other``: what the other judge is called)."""
    head = ("source", "lines", "solved", "agree", "checker only", f"{other} only", "stopped")
    print(
        f"{head[0]:<12} {head[1]:>7} {head[2]:>7} {head[3]:>7} {head[4]:>13} {head[5]:>15}"
        f" {head[6]:>8}"
    )
    for source in sorted({r["source"] for r in rows}):
        mine = [r for r in rows if r["source"] == source]
        solved = sum(bool(r["checker"] and r["engine"]) for r in mine)
        agree = sum(r["agree"] is True for r in mine)
        ours = sum(r["checker"] is True and r["engine"] is False for r in mine)
        theirs = sum(r["engine"] is True and r["checker"] is False for r in mine)
        stopped = sum(r["agree"] is None for r in mine)
        print(
            f"{source:<12} {len(mine):>7} {solved:>7} {agree:>7} {ours:>13} {theirs:>15}"
            f" {stopped:>8}"
        )
    by_family = Counter()
    apart = Counter()
    for r in rows:
        for name in r["families"].split("+"):
            by_family[name] += 1
            apart[name] += r["agree"] is False
    counts = ", ".join(f"{n} {by_family[n]} ({apart[n]} apart)" for n in sorted(by_family))
    print(f"lines by family (a line counts under each family its panel has): {counts}")
    for r in rows:
        if r["agree"] is None:
            judge = "the checker" if r["checker"] is None else f"the {other}"
            print(f"  {r['name']} [{r['families']}]: {judge} stopped")
        elif not r["agree"]:
            side = (
                f"checker solved, {other} not" if r["checker"] else f"{other} solved, checker not"
            )
            print(f"  {r['name']} [{r['families']}]: {side}; {other}'s marks {r['engine_invalid']}")


def count_rows(
    count: int, engine: Engine, rng: random.Random, keep: Path | None, segments: bool = False
) -> list[dict]:
    """The solutions of ``count`` small random panels by the engine's own
    solver and by the rules checker over every legal line
    (:func:`witness.model.rules.enumerate_lines`): the lines a player may
    draw (starts, ends, symmetry, gaps) as well as the rules. Where the
    counts differ, each line only one side found is judged again by the
    engine's validate(): a line both judges accept that the engine's solver
    never found is its solver's miss, anything else a disagreement."""
    rows = []
    for i in tqdm(range(count), desc="counted panels", unit="panel"):
        drawn = random_panel(i, rng, segments)
        puzzle = exact_export(drawn[0]) if drawn is not None else None
        if drawn is None or puzzle is None:
            continue
        panel = drawn[0]
        theirs = engine.count(puzzle)
        ours = count_with_checker(panel).count
        if theirs is None:
            print(f"  count-{i} [{families(panel)}]: the engine's solver stopped")
            continue
        row = {"name": f"count-{i}", "families": families(panel), "checker": ours, "engine": theirs}
        row["missed"] = row["apart"] = 0
        if ours != theirs and theirs < ENGINE_MAX_SOLUTIONS:
            row["missed"], row["apart"] = sort_out(panel, puzzle, engine)
            if keep is not None:
                write_new(keep / f"{row['name']}.json", panel.to_json().encode())
        rows.append(row)
    same = sum(r["checker"] == r["engine"] for r in rows)
    missed = sum(r["missed"] for r in rows)
    apart = [r for r in rows if r["apart"]]
    print(
        f"solutions counted on {len(rows)} random panels: the same count on {same}; "
        f"{missed} lines both judges accept that the engine's solver missed; "
        f"{len(apart)} panels with lines the two judge apart"
    )
    for r in apart:
        print(f"  {r['name']} [{r['families']}]: checker {r['checker']}, engine {r['engine']}")
    return rows


def sort_out(panel: Panel, puzzle: dict, engine: Engine) -> tuple[int, int]:
    """Lines the engine's solver missed though both judges accept them, and
    lines the two judge apart, on a panel whose counts differ."""
    ours = {tuple(line) for line in enumerate_lines(panel) if check(panel, line).solved}
    theirs = {vertices_of(panel, places) for places in engine.solutions(puzzle) or []}
    missed = apart = 0
    for line in ours - theirs:
        accepted, _ = engine.valid(puzzle, engine_places(panel, list(line)))
        missed += accepted is True
        apart += accepted is False
    return missed, apart + len(theirs - ours)


# What the engine reads of a cell (puzzle.js, validate.js, solve.js): its
# symbol, the line's marks (a dot of any other code is black), its start and end.
CELL_KEYS = ("type", "color", "count", "polyshape", "dot", "gap", "start", "end")


def engine_cells(puzzle: dict) -> dict:
    """The cells of an engine puzzle that hold anything, by place, each the
    keys the engine reads (as Puzzle.deserialize leaves them), with its
    top-level fields that change a count (pillar, symmetry, rule settings)."""
    cells = {}
    for x, column in enumerate(puzzle.get("grid") or []):
        for y, cell in enumerate(column or []):
            if not isinstance(cell, dict):
                continue
            kept = {k: cell[k] for k in CELL_KEYS if cell.get(k) not in (None, False, 0)}
            if kept.get("type") in ("line", "nonce"):
                del kept["type"]
            if kept.get("gap") is True:
                kept["gap"] = 1
            if isinstance(kept.get("dot"), int) and kept["dot"] > 4:
                kept["dot"] = 1
            if "polyshape" in kept:  # the same piece anywhere in the 4x4 mask
                kept["polyshape"] = same_polyshape(int(kept["polyshape"]))
            if "type" not in kept:  # (a line's legacy colour is its line, not a mark)
                kept.pop("color", None)
            if kept:
                cells[(x, y)] = kept
    settings = puzzle.get("settings") or {}
    top = {
        "pillar": bool(puzzle.get("pillar")),
        "symmetry": puzzle.get("symmetry"),
        **{k: bool(settings.get(k, SETTINGS[k])) for k in SETTINGS if k != "FLASH_FOR_ERRORS"},
    }
    return {"cells": cells, "top": top}


def same_polyshape(polyshape: int) -> int:
    """A polyshape with its piece moved to the mask's top left (the engine
    reads the piece, wherever its cells sit in the mask)."""
    if not polyshape & 0xFFFF:
        return polyshape
    shape = Polyomino((0, 0), shape_from_polyshape(polyshape)).shape
    return polyshape_from_shape(shape, bool(polyshape & ROTATION_BIT))


def engine_object(record: object) -> dict | None:
    """The engine's puzzle object a witnesspuzzles.com record holds."""
    if isinstance(record, dict) and "grid" not in record:
        record = next(
            (record[k] for k in ("puzzle", "puzzle_json", "data", "json") if k in record), None
        )
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError:
            return None
    return record if isinstance(record, dict) else None


def round_trip(panel: Panel) -> tuple[dict, Panel]:
    """``witness import`` saved, ``witness export --to jbz``, imported again:
    the engine object written and the panel read back from it."""
    saved = Panel.from_dict(json.loads(panel.to_json()))
    data, _ = panel_to_jbz(saved)
    data = json.loads(json.dumps(data))
    return data, panel_from_jbz(data, {"jbz": jbz_extras(data)})


@dataclass(frozen=True)
class RoundTrip:
    """What ``--round-trip`` measures: ``count_same`` (None: all) of the
    puzzles whose engine cells come back the same are counted by the engine;
    ``only`` the puzzles of these ids; ``model_seconds`` (None: not asked)
    for clingo's and the rules checker's count of each puzzle counted."""

    sample: int | None = None
    seed: int = 1
    count_same: int | None = None
    only: frozenset[str] | None = None
    model_seconds: float | None = None


def model_counts(panel: Panel, seconds: float) -> dict:
    """clingo's and the rules checker's solution counts (None: not within
    ``seconds``), and A*'s verdict (pi_baseline; solved, unsolvable or how it stopped)."""
    from witness.search.asp_solver import count_panel_asp  # clingo: only for this
    from witness.search.panel_search import solve_panel

    asp = count_panel_asp(panel, time_limit=seconds)
    checker = count_with_checker(panel, time_limit=seconds)
    return {
        "clingo": asp.count if asp.status == "counted" else None,
        "checker": checker.count if checker.status == "counted" else None,
        "astar": solve_panel(panel, time_limit=seconds).status,
    }


def round_trip_rows(file: Path, engine: Engine, how: RoundTrip) -> list[dict]:
    """One row a loaded puzzle of ``file``: the same panel again, the same
    engine cells, and the engine's solution count of the original and of
    the export (None: its solver did not finish within its seconds; not
    asked, ``counted`` false, past the first ``how.count_same`` puzzles whose
    engine cells are the same, when that is given: the puzzles are taken in
    an order drawn at random with ``how.seed``)."""
    pairs = list(
        zip(community_records(str(file), "jbz"), read_community(str(file), "jbz"), strict=True)
    )
    loaded = [
        (engine_object(rec), item) for (_, rec), item in pairs if not isinstance(item, Skipped)
    ]
    # in an order drawn at random: the first ``count_same`` are a sample
    if how.only is not None:
        loaded = [(o, p) for o, p in loaded if str(p.meta.get("id")) in how.only]
    loaded = random.Random(how.seed).sample(loaded, min(len(loaded), how.sample or len(loaded)))
    count_same = how.count_same
    rows = []
    for original, panel in tqdm(loaded, desc="round trips", unit="puzzle"):
        row = {"id": panel.meta.get("id"), "size": panel.size, "families": families(panel)}
        try:
            exported, again = round_trip(panel)
        except (ValueError, InputError) as exc:
            rows.append({**row, "error": str(exc)})
            continue
        row["same_panel"] = again == panel
        row["same_cells"] = engine_cells(exported) == engine_cells(original or {})
        row["counted"] = not row["same_cells"] or count_same is None or count_same > 0
        row["original"] = row["exported"] = None
        if row["counted"] and original is not None:
            count_same = count_same - row["same_cells"] if count_same is not None else None
            row["original"] = engine.count(original)
            row["exported"] = engine.count(exported) if row["original"] is not None else None
            if how.model_seconds is not None:
                row.update(model_counts(panel, how.model_seconds))
        rows.append(row)
    return rows


def round_trip_report(rows: list[dict]) -> None:
    """The round trips' table and every puzzle that differs, by id."""
    failed = [r for r in rows if "error" in r]
    done = [r for r in rows if "error" not in r]
    asked = [r for r in done if r["counted"]]
    counted = [r for r in asked if r["original"] is not None and r["exported"] is not None]
    same_count = sum(r["original"] == r["exported"] for r in counted)
    print(f"puzzles loaded: {len(rows)}; export failed: {len(failed)}")
    print(f"same panel after re-import: {sum(r['same_panel'] for r in done)} of {len(done)}")
    print(f"same engine cells: {sum(r['same_cells'] for r in done)} of {len(done)}")
    print(
        f"counted by the engine's solver: {len(asked)} ({sum(not r['same_cells'] for r in asked)}"
        f" with other cells); finished on both: {len(counted)}; "
        f"same count: {same_count}; capped at {ENGINE_MAX_SOLUTIONS}: "
        f"{sum(r['original'] >= ENGINE_MAX_SOLUTIONS for r in counted)}"
    )
    for r in failed:
        print(f"  {r['id']} [{r['families']}]: export failed: {r['error']}")
    for r in done:
        if not r["same_panel"]:
            print(f"  {r['id']} [{r['families']}]: another panel after re-import")
        if r in counted and r["original"] != r["exported"]:
            print(f"  {r['id']} [{r['families']}]: engine count {r['original']} -> {r['exported']}")
    modelled = [r for r in counted if "clingo" in r]
    if modelled:
        print(
            f"engine's count of the original beside clingo's, the checker's: "
            f"{sum(r['clingo'] == r['original'] for r in modelled)}, "
            f"{sum(r['checker'] == r['original'] for r in modelled)} the same of {len(modelled)}"
        )
        agree = sum(r["astar"] == ("solved" if r["original"] else "unsolvable") for r in modelled)
        print(f"A* solvable or not as the engine's count says: {agree} of {len(modelled)}")
        for r in modelled:
            print(
                f"  {r['id']}: engine {r['original']}, clingo {r['clingo']}, "
                f"checker {r['checker']}, A* {r['astar']}"
            )
    apart = [r["id"] for r in done if not r["same_cells"]]
    print(f"engine cells differ ({len(apart)}): {' '.join(map(str, apart[:60]))}")


def disagreements_folder(path: Path | None, script: str) -> Path | None:
    """The folder for the panels judged apart, made new (None: not asked for);
    one that holds anything already ends the run, so no result is mixed
    with an earlier one's."""
    if path is None:
        return None
    keep = make_folder(path)
    if any(keep.iterdir()):
        sys.exit(f"{script}: {keep} is not empty (give a new folder)")
    return keep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine", type=Path, help="the engine/ folder of a witnesspuzzles.com snapshot")
    ap.add_argument("--random", type=int, default=2000, help="random panels (default 2000)")
    ap.add_argument(
        "--counts", type=int, default=500, help="random panels whose solutions are counted"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--community", type=Path, help="a folder of imported community panels")
    ap.add_argument(
        "--sample", type=int, help="at most this many community panels, drawn at random"
    )
    ap.add_argument("--lines", type=int, default=3, help="random lines per panel (default 3)")
    ap.add_argument("--solve-seconds", type=float, default=2.0, help="clingo per community panel")
    ap.add_argument(
        "--disagreements", type=Path, help="a folder for the panels the two judge apart"
    )
    ap.add_argument(
        "--seconds", type=float, default=10.0, help="each judge's time on a line (default 10)"
    )
    ap.add_argument("--out", type=Path, help="a CSV of every line's two verdicts")
    ap.add_argument(
        "--segments",
        action="store_true",
        help="give every counted panel a start and an end half way along an edge",
    )
    ap.add_argument(
        "--round-trip",
        type=Path,
        help="witnesspuzzles.com's puzzles: import, export and compare under the engine instead",
    )
    ap.add_argument(
        "--count-same",
        type=int,
        help="with --round-trip, count only this many of the puzzles whose engine cells come "
        "back the same (default: all); every one whose cells differ is counted",
    )
    ap.add_argument("--only", help="with --round-trip, these puzzle ids only (comma separated)")
    ap.add_argument(
        "--model-seconds",
        type=float,
        help="with --round-trip, also count each counted puzzle with clingo and the checker",
    )
    args = ap.parse_args()
    if args.round_trip is not None:
        engine = Engine(args.engine, args.seconds)
        try:
            how = RoundTrip(
                args.sample,
                args.seed,
                args.count_same,
                frozenset(args.only.split(",")) if args.only else None,
                args.model_seconds,
            )
            rows = round_trip_rows(args.round_trip, engine, how)
        finally:
            engine.close()
        round_trip_report(rows)
        if args.out is not None and rows:
            write_csv(rows, sorted({k for r in rows for k in r}), args.out)
        return
    rng = random.Random(args.seed)
    keep = disagreements_folder(args.disagreements, "engine_agreement")
    engine = Engine(args.engine, args.seconds)
    try:
        cases: Iterable[Case] = random_cases(args.random, args.lines, rng)
        if args.community is not None:
            more = exportable_cases(
                args.community, args.sample, args.lines, args.solve_seconds, rng
            )
            cases = itertools.chain(cases, more)
        rows = judge(cases, engine_verdict(engine), engine.seconds, keep)
        report(rows)
        if args.out is not None:
            write_csv(rows, list(rows[0]) if rows else ["name"], args.out)
        count_rows(args.counts, engine, rng, keep, args.segments)
    finally:
        engine.close()


if __name__ == "__main__":
    main()
