"""The checker: :func:`check` (every broken rule of a line) and
:func:`is_solution` (does it solve the panel), region by region over the
line's regions, each region's errors kept by the panel's memo."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import cast

from witness.model.base import MAIN_LINE, MIRROR_LINE, Vertex
from witness.model.panel import Panel
from witness.model.rules.cancellers import check_region
from witness.model.rules.lines import covered, lines_of, open_ends, path_violations
from witness.model.rules.messages import symbol_violation, with_place
from witness.model.rules.records import (
    Element,
    PathError,
    Point,
    Verdict,
    Violation,
    on_time,
    point,
)
from witness.model.rules.regions import PanelMemo, panel_memo, region_bits
from witness.model.rules.symbols import sides_on_line

ERRORS_KEPT = 1 << 15  # regions kept per panel


def dot_colour_violations(panel: Panel, on_line: dict[Point, str]) -> list[Violation]:
    """The blue and yellow dots under the other line (no canceller mends them)."""
    out = []
    wrong = {MAIN_LINE: MIRROR_LINE, MIRROR_LINE: MAIN_LINE}
    for d in panel_memo(panel).coloured_dots:
        if on_line.get(point(d.at)) == wrong[d.colour]:
            where = tuple(Element("dot", point(d.at), None, d).location())
            out.append(
                Violation("dot", where, f"a {d.colour} dot under the {wrong[d.colour]} line")
            )
    return out


def check(panel: Panel, path: Sequence[Vertex], deadline: float | None = None) -> Verdict:
    """Does the line ``path`` (the first line, with symmetry) solve ``panel``,
    and which constraints does it break? PathError when ``path`` is not a walk
    on the grid; a walk that breaks the drawing rules gets path violations;
    :class:`CheckStopped` when ``deadline`` (a perf_counter time) passes first."""
    return _verdict(panel, path, deadline, every=True)


def _verdict(panel: Panel, path: Sequence[Vertex], deadline: float | None, every: bool) -> Verdict:
    """:func:`check`'s verdict; without ``every`` it stops at the first broken
    constraint (enough to say the line does not solve the panel) and its
    violations are bare (kind and place: :func:`is_solution` reads only
    ``solved``, and words and counts would slow the brute forces down)."""
    # first, so a deadline past stops the check even when its regions are cached
    on_time(deadline)
    lines = lines_of(panel, path)
    problems = path_violations(panel, lines)
    if problems:
        return Verdict(False, _placed(panel, problems) if every else tuple(problems), lines)
    on_line = covered(lines, 2 * panel.cols if panel.pillar else 0)
    out = dot_colour_violations(panel, on_line)
    memo = panel_memo(panel)
    symbols = memo.symbols
    seeds: Iterable[Point] = symbols
    if not every and not panel.cancellers:
        # without cancellers a dot off the lines, or a triangle with another number of
        # sides on them, breaks its region whichever it is (a triangle's colour still
        # counts in a star's region, flooded from the star)
        for q in memo.dots:
            if q not in on_line:
                return Verdict(False, (_bare(symbols[q]),), lines)
        for q in memo.triangles:
            if sides_on_line(q, on_line) != cast(tuple, symbols[q].item)[2]:
                return Verdict(False, (_bare(symbols[q]),), lines)
        seeds = memo.in_regions
    through = frozenset(open_ends(panel, lines)) if panel.halves else frozenset()
    # (the places a region's flood crosses order its cancellers: a key of their own)
    crossed = sum(map(memo.bit, through))
    for bits in _region_bits(panel, memo, on_line, lines, seeds):
        if out and not every:
            break
        key = bits | crossed << memo.inside.bit_length() if crossed else bits
        errors = memo.errors.get(key)
        if errors is None:
            present = [symbols[q] for q, bit in memo.symbol_bits if bits & bit]
            # (only the polyominoes' tiling and the cancellers' order read the
            # region's places)
            reads = any(e.kind in ("polyomino", "canceller") for e in present)
            region = memo.points(bits) if reads else frozenset()
            errors = tuple(check_region(panel, region, present, on_line, deadline, through))
            if len(memo.errors) >= ERRORS_KEPT:
                memo.errors.clear()
            memo.errors[key] = errors
        if errors and every:
            out += _region_violations(memo, bits, errors, on_line)
        else:
            out += map(_bare, errors)
    return Verdict(not out, _placed(panel, out) if every else tuple(out), lines)


def _region_bits(
    panel: Panel,
    memo: PanelMemo,
    on_line: dict[Point, str],
    lines: tuple[tuple[Vertex, ...], ...],
    seeds: Iterable[Point],
) -> list[int]:
    """The regions as bits; a start or an end half way along an edge leaves the
    regions on either side joined, its place in none (:func:`open_ends`)."""
    opened = open_ends(panel, lines) if panel.halves else ()
    if not opened:
        return region_bits(memo, on_line, seeds)
    walls = [q for q in on_line if q not in opened]
    gone = sum(map(memo.bit, opened))
    parts = (bits & ~gone for bits in region_bits(memo, walls, seeds))
    return [bits for bits in parts if bits]


def _bare(e: Element) -> Violation:
    """A wrong symbol's violation without words (:func:`_verdict` without ``every``)."""
    return Violation(e.kind, tuple(e.location()), "")


def _region_violations(
    memo: PanelMemo,
    bits: int,
    errors: tuple[Element, ...],
    on_line: dict[Point, str],
) -> list[Violation]:
    """What a player sees of a region's wrong symbols, with the region's counts."""
    present = [memo.symbols[q] for q, bit in memo.symbol_bits if bits & bit]
    tiles = any(e.kind == "polyomino" for e in errors)
    region = memo.points(bits) if tiles else frozenset()
    uncovered = _uncovered(memo, on_line) if any(e.kind == "dot" for e in errors) else 0
    return [symbol_violation(e, present, on_line, region, uncovered) for e in errors]


def _uncovered(memo: PanelMemo, on_line: dict[Point, str]) -> int:
    """How many of the panel's dots the lines miss."""
    return sum(q not in on_line for q in memo.dots)


def _placed(panel: Panel, violations: Sequence[Violation]) -> tuple[Violation, ...]:
    return tuple(with_place(panel.rows, v) for v in violations)


def is_solution(panel: Panel, path: Sequence[Vertex], deadline: float | None = None) -> bool:
    """True when ``path`` solves ``panel`` (False, not an error, for a non-walk);
    :class:`CheckStopped` when ``deadline`` passes first."""
    try:
        return _verdict(panel, path, deadline, every=False).solved
    except PathError:
        return False
