"""The lazy stage's rules check: the regions of the families left to the
checker, one line at a time, each rejected region a nogood for clingo (over
the region's places, or wider over a dead cell); a hard tiling asked of
clingo (``region_tiling.lp``)."""

from __future__ import annotations

import time

import clingo

from witness.model.base import Vertex
from witness.model.panel import Panel, Polyomino
from witness.model.rules import (
    CheckStopped,
    check_region,
    covered,
    elements,
    is_cell_point,
    lines_of,
    regions,
    tiling_terms,
)
from witness.model.rules.lines import open_ends
from witness.search.asp_solver.control import clingo_log, ground_by, pair, wait_by
from witness.search.asp_solver.program import covers
from witness.search.asp_solver.settings import DEFAULT_SETTINGS, AspSettings
from witness.search.encodings import encoding


def region_tiles(
    panel: Panel, region: frozenset, pieces: list[Polyomino], deadline: float | None
) -> bool:
    """Do ``pieces`` tile ``region`` under the windmill reading, as
    :func:`witness.model.rules.polyominoes_fit` decides it, asked of clingo
    (region_tiling.lp)? :class:`CheckStopped` when ``deadline`` passes first."""
    terms = tiling_terms(panel, region, pieces)
    if terms is None or terms.free:
        return terms is not None
    cells = sorted(filter(is_cell_point, region))
    facts = [f"owed({pair(q)})." for q in cells] if terms.cover_region else []
    for k, piece in enumerate(pieces):
        weight = -1 if piece.negative else 1
        for i, cover in enumerate(covers(panel, piece, terms.margin)):
            facts.append(f"plc({k},{i}).")
            facts += [f"cov({k},{i},{pair(q)},{weight})." for q in cover if is_cell_point(q)]
    ctl = clingo.Control(["--configuration=trendy"], logger=clingo_log)
    if not ground_by(ctl, encoding("region_tiling.lp") + "\n".join(facts), deadline):
        raise CheckStopped
    with ctl.solve(async_=True) as handle:
        if not wait_by(handle, deadline):
            handle.cancel()
            raise CheckStopped
        return bool(handle.get().satisfiable)


def _place_symbol(p: tuple[int, int]) -> clingo.Symbol:
    return clingo.Tuple_([clingo.Number(p[0]), clingo.Number(p[1])])


class LazyCheck:
    """The rules checker on the regions of the lazy families' symbols, for one
    line at a time; a rejected region becomes a nogood over ``covered/1``: its
    boundary places covered and its own places not (the region is then this
    same set of places, with the same symbols and the same sides on the line,
    which the checker rejects again), so clingo never proposes it again."""

    def __init__(
        self,
        ctl: clingo.Control,
        panel: Panel,
        lazy: frozenset[str],
        clingo_tiles: bool = False,
        settings: AspSettings = DEFAULT_SETTINGS,
    ) -> None:
        self.panel = panel
        self.settings = settings
        self.clingo_tiles = clingo_tiles  # may clingo tile a hard region (rejects)?
        self.symbols = elements(panel)
        kinds = {"polyominoes": "polyomino", "cancellers": "canceller"}
        wanted = {kinds[f] for f in lazy}
        self.seeds = sorted(q for q, e in self.symbols.items() if e.kind in wanted)
        self.coverable = {
            tuple(a.symbol.arguments[0].arguments[i].number for i in (0, 1))
            for a in ctl.symbolic_atoms.by_signature("covered", 1)
        }
        self.by_clingo = False  # has clingo decided a tiling of the last line's regions?
        self._covers: dict[Polyomino, dict] = {}  # each piece's ways to lay it, by cell
        # the places of the starts and ends half way along an edge (opened/1 may hold there)
        wrap = 2 * panel.cols if panel.pillar else 0
        self.mids = {
            (int(2 * m[0]) % wrap if wrap else int(2 * m[0]), int(2 * m[1]))
            for m in panel.halves.values()
        }

    def present(self, region: frozenset) -> list:
        """The symbols and dots in ``region``, in place order."""
        return [self.symbols[q] for q in sorted(q for q in self.symbols if q in region)]

    def rejects(
        self,
        region: frozenset,
        bound: set,
        deadline: float | None,
        through: frozenset = frozenset(),
    ) -> bool:
        """Does the checker reject ``region``, whose neighbours on the lines are
        ``bound``, its flood crossing the opened places ``through``
        (:func:`~witness.model.rules.lines.open_ends`)? Without cancellers
        under the windmill reading, only the
        tiling is the checker's to decide (the encoding holds every other
        rule), and clingo decides it when the checker's search overruns
        ``settings.hard_region_seconds``."""
        present = self.present(region)
        on_line = dict.fromkeys(bound, "black")
        hard = self.clingo_tiles and self.panel.polyomino_rules == "windmill"
        hard = hard and not any(e.kind == "canceller" for e in present)
        if not hard:
            return bool(check_region(self.panel, region, present, on_line, deadline, through))
        soon = time.perf_counter() + self.settings.hard_region_seconds
        try:
            budget = soon if deadline is None else min(deadline, soon)
            return bool(check_region(self.panel, region, present, on_line, budget, through))
        except CheckStopped:
            if deadline is not None and time.perf_counter() >= deadline:
                raise
        pieces = [e.item for e in present if e.kind == "polyomino"]
        self.by_clingo = True
        return not region_tiles(self.panel, region, pieces, deadline)

    def nogoods(self, line: list[Vertex], deadline: float | None) -> list[list]:
        """One nogood per region of ``line`` the checker rejects. As the checker
        floods them, the first line's start and end half way along an edge
        (:func:`~witness.model.rules.lines.open_ends`) join the regions on
        either side, their places in none."""
        self.by_clingo = False  # said of this line's regions only
        if not self.seeds:
            return []
        wrap = 2 * self.panel.cols if self.panel.pillar else 0
        lines = lines_of(self.panel, line)
        on_line = covered(lines, wrap)
        opened = frozenset(open_ends(self.panel, lines)) if self.panel.halves else frozenset()
        walls = [q for q in on_line if q not in opened] if opened else on_line
        out = []
        for flood in regions(self.panel, walls, holding=self.seeds):
            region = flood - opened
            bound = set()
            for px, py in flood:
                for q in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    q = (q[0] % wrap, q[1]) if wrap else q  # round a pillar
                    if q in on_line and q not in flood:
                        bound.add(q)
            through = opened & flood
            if not self.rejects(region, bound, deadline, through):
                continue
            wider = self.dead_cell(region) if self.settings.dead_cell_nogoods else None
            out.append(wider or self._region_nogood(region, bound, through))
        return out

    def _region_nogood(self, region: frozenset, bound: set, through: frozenset) -> list:
        """The region itself: its boundary places covered, its own places not,
        and (with starts or ends half way along an edge) the opened places its
        flood crossed opened, those of its boundary not."""
        nogood = [(clingo.Function("covered", [_place_symbol(q)]), True) for q in bound]
        nogood += [
            (clingo.Function("covered", [_place_symbol(q)]), False)
            for q in region
            if q in self.coverable
        ]
        nogood += [
            (clingo.Function("opened", [_place_symbol(q)]), q in through)
            for q in sorted((bound | through) & self.mids)
        ]
        return nogood

    def _covers_of(self, piece: Polyomino) -> dict[tuple[int, int], list[frozenset]]:
        """The places each way to lay ``piece`` on the grid covers, by each cell it covers."""
        if piece not in self._covers:
            by_cell: dict[tuple[int, int], list[frozenset]] = {}
            for cover in covers(self.panel, piece, 0):
                for q in cover:
                    if is_cell_point(q):
                        by_cell.setdefault(q, []).append(frozenset(cover))
            self._covers[piece] = by_cell
        return self._covers[piece]

    def dead_cell(self, region: frozenset) -> list | None:
        """A nogood wider than ``region`` itself when one of its cells is dead:
        no way to lay any of its pieces over that cell lies in the region.
        Then the cell stays dead in every region that holds it and the
        region's first piece, holds none of the places that kept each way
        out (one a way: a cell, or under the precise reading an edge between
        two of the piece's cells that a line takes) and holds no piece the
        region lacks, nor a canceller. Said over reach/2 from that first
        piece: clingo then drops every line that leaves the cell so, not only
        this region. None when the region has negative pieces or cancellers
        (which change what must be covered) or no dead cell."""
        present = self.present(region)
        pieces = [e for e in present if e.kind == "polyomino"]
        if not pieces or any(e.kind == "canceller" for e in present):
            return None
        if any(e.item.negative for e in pieces):
            return None
        cells = sorted(filter(is_cell_point, region))
        for cell in cells:
            ways = [c for e in pieces for c in self._covers_of(e.item).get(cell, [])]
            if any(way <= region for way in ways):
                continue
            witnesses: set = set()
            for way in ways:
                if not way & witnesses:
                    outside = sorted(way - region)
                    cells_out = [q for q in outside if is_cell_point(q)]
                    witnesses.add(cells_out[0] if cells_out else outside[0])
            edges = {q for q in witnesses if not is_cell_point(q)}
            if not edges <= self.coverable:  # an edge no line takes (removed): said exactly
                return None
            return self._dead_cell_nogood(pieces[0].point, cell, witnesses, region)
        return None

    def _dead_cell_nogood(
        self, first: tuple[int, int], cell: tuple[int, int], witnesses: set, region: frozenset
    ) -> list:
        def reach(q: tuple[int, int]) -> clingo.Symbol:
            return clingo.Function("reach", [_place_symbol(first), _place_symbol(q)])

        nogood = [(reach(cell), True)]
        for q in sorted(witnesses):
            if is_cell_point(q):
                nogood.append((reach(q), False))
            else:  # an edge between two cells of the region: a line takes it
                nogood.append((clingo.Function("covered", [_place_symbol(q)]), True))
        others = (q for q, e in self.symbols.items() if e.kind in ("polyomino", "canceller"))
        nogood += [(reach(q), False) for q in sorted(others) if q not in region]
        return nogood
