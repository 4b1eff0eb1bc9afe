"""The cancellers family: a region's wrong symbols once its cancellers did
what they could, under the community engine's reading (a search over how
many of each group of symbols to remove) or The Windmill's (a count)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from witness.model.panel import Panel
from witness.model.rules.polyominoes import polyominoes_fit
from witness.model.rules.records import Element, Point, on_time
from witness.model.rules.symbols import colour_counts, region_errors, wrong_triangle
from witness.model.rules.tiling import piece_key
from witness.model.windmill import COLOURS as WINDMILL_COLOURS


def check_region(
    panel: Panel,
    region: frozenset[Point],
    present: Sequence[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
    through: frozenset[Point] = frozenset(),
) -> list[Element]:
    """The region's wrong symbols after the cancellers did what they could
    (empty when the region is right); ``through``: the places the region's
    flood crosses without holding them (:func:`engine_order`).

    Which invalid symbols the spare cancellers remove is decided per group
    of interchangeable symbols (same kind, colour and piece): how many of
    each go, not which, so the search is over counts, not over subsets.
    Spare cancellers pair off only when one of them took the engine's last
    invalid symbol (:func:`_last_group`), and never under ``canceller_rules``
    ``"unpaired"`` (the engine's NEGATIONS_CANCEL_NEGATIONS off: each
    takes an invalid symbol). When nothing works, the errors
    shown are those left after removing the first invalid symbols, as many
    as the spare cancellers can take."""
    cancellers = [e for e in present if e.kind == "canceller"]
    if cancellers and panel.canceller_rules == "windmill":
        return windmill_region(panel, region, present, on_line, deadline)
    very, invalid = region_errors(panel, region, present, on_line, deadline)
    if not cancellers:
        return very + invalid
    spare = len(cancellers) - len(very)
    if spare < 0:  # not enough cancellers: show what the first few cannot reach
        gone = set(very[: len(cancellers)]) | set(cancellers)
        left = [e for e in present if e not in gone]
        return _errors_left(panel, region, left, on_line, deadline)
    pairs = panel.canceller_rules != "unpaired"
    most = min(spare, len(invalid))
    most -= (spare - most) % 2  # spare cancellers go in pairs
    if not pairs and most < spare:
        most = -1  # cancellers that never pair: one has nothing to cancel
    if most < 0:  # an odd canceller with nothing to cancel
        # the cancellers the very invalid symbols took go; the idle one stays, as a colour
        gone = set(very) | set(cancellers[: len(very)])
        left = [e for e in present if e not in gone]
        return [cancellers[-1], *_errors_left(panel, region, left, on_line, deadline)]
    gone = set(very) | set(invalid[:most]) | set(cancellers)
    first = _errors_left(panel, region, [e for e in present if e not in gone], on_line, deadline)
    groups: dict[tuple, list[Element]] = {}
    for e in invalid:
        groups.setdefault(_group_key(e), []).append(e)
    last = _last_group(region, invalid, 2 * panel.cols if panel.pillar else 0, through)
    if not first and (most == spare or last is None or last in map(_group_key, invalid[:most])):
        return []
    fixed = set(very) | set(invalid) | set(cancellers)
    kept = [e for e in present if e not in fixed]
    search = _RemovalSearch(panel, region, on_line, deadline)
    # the last invalid symbol's group first: whether it gave one decides the pairing
    taking = groups.pop(last) if last is not None else []
    rest = list(groups.values())
    for taken in range(min(len(taking), spare) + 1):
        took = (taken > 0 or last is None) and pairs
        if search.works(kept + taking[taken:], rest, spare - taken, took):
            return []
    # (the first removal works but pairs cancellers the engine cannot pair)
    return first or [cancellers[-1]]


def _group_key(e: Element) -> tuple:
    """Interchangeable invalid symbols: of one kind, colour and piece."""
    return (e.kind, e.colour, piece_key(e.item) if e.kind == "polyomino" else None)


# The community engine's flood fill (puzzle.js _floodFill) goes depth first
# down, up, right and left on its grid, whose y runs down: here (y up) down
# is y - 1.
_ENGINE_STEPS = ((0, -1), (0, 1), (1, 0), (-1, 0))


def engine_order(
    region: frozenset[Point], wrap: int = 0, through: frozenset[Point] = frozenset()
) -> list[Point]:
    """The places of ``region`` in the community engine's order (its
    ``getRegions``: from the region's first place in its scan, leftmost
    column then topmost, depth first as :data:`_ENGINE_STEPS` go; round a
    pillar of ``wrap`` doubled columns, x wraps); the flood crosses the
    places of ``through`` next to the region (a start's or an end's segment,
    :func:`~witness.model.rules.lines.open_ends`) without listing them."""
    near = {q for q in through if any((q[0] + dx, q[1] + dy) in region for dx, dy in _ENGINE_STEPS)}
    flooded = region | near
    start = min(flooded, key=lambda p: (p[0], -p[1]))
    order, seen, stack = [start], {start}, [(start, 0)]
    while stack:
        p, k = stack.pop()
        if k == len(_ENGINE_STEPS):
            continue
        stack.append((p, k + 1))
        q = (p[0] + _ENGINE_STEPS[k][0], p[1] + _ENGINE_STEPS[k][1])
        q = (q[0] % wrap, q[1]) if wrap else q
        if q in flooded and q not in seen:
            seen.add(q)
            order.append(q)
            stack.append((q, 0))
    return [q for q in order if q not in near] if near else order


def _last_group(
    region: frozenset[Point],
    invalid: list[Element],
    wrap: int = 0,
    through: frozenset[Point] = frozenset(),
) -> tuple | None:
    """The group of the engine's last invalid symbol (None: there is none).
    The engine (validate.js, regionCheckNegations2) gives each spare
    canceller an invalid symbol later in its list than the one before, and
    pairs the cancellers left only once one took the list's last symbol; its
    list holds the squares, then the stars, then the polyominoes, each in
    its order of the region (:func:`engine_order`)."""
    if not invalid:
        return None
    last_kind = [e for e in invalid if e.kind == invalid[-1].kind]
    if len({_group_key(e) for e in last_kind}) == 1:
        return _group_key(last_kind[-1])
    rank = {q: i for i, q in enumerate(engine_order(region, wrap, through))}
    return _group_key(max(last_kind, key=lambda e: rank[e.point]))


@dataclass
class _RemovalSearch:
    """Is there a number of symbols to remove from each group, ``n`` in all,
    with ``n`` at most the spare cancellers and of their parity (fewer only
    when the cancellers left may pair off), that leaves the region without
    errors?"""

    panel: Panel
    region: frozenset[Point]
    on_line: dict[Point, str]
    deadline: float | None

    def works(
        self, kept: list[Element], groups: list[list[Element]], budget: int, paired: bool
    ) -> bool:
        """``paired``: may the cancellers left over pair off?"""
        on_time(self.deadline)
        if not groups:
            return (
                budget % 2 == 0
                and (budget == 0 or paired)
                and not _errors_left(self.panel, self.region, kept, self.on_line, self.deadline)
            )
        group, rest = groups[0], groups[1:]
        return any(
            self.works(kept + group[removed:], rest, budget - removed, paired)
            for removed in range(min(len(group), budget) + 1)
        )


# The Windmill keeps the squares of the colour last in the order of the texts
# "count,number", its colours numbered as its format numbers them.
_WINDMILL_NUMBERS = {name: number for number, name in WINDMILL_COLOURS.items()}


def windmill_colour_text(colour: str) -> str:
    """A colour as The Windmill's order of square colours reads it (its number)."""
    return str(_WINDMILL_NUMBERS.get(colour, colour))


def windmill_square_key(colour: str, count: int) -> str:
    """Where ``count`` squares of ``colour`` come in The Windmill's order of a
    region's square colours (its engine sorts [count, colour number] pairs as
    texts, so 10 comes before 9); it keeps the colour that comes last."""
    return f"{count},{windmill_colour_text(colour)}"


def windmill_region(
    panel: Panel,
    region: frozenset[Point],
    present: Sequence[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> list[Element]:
    """The wrong symbols of a region holding cancellers under The Windmill's
    count (:mod:`witness.model.rules`): empty when its cancellers are spent exactly."""
    cancellers = [e for e in present if e.kind == "canceller"]
    left = len(cancellers)  # cancellers not yet spent; below 0: too few
    errors: list[Element] = []
    colours = colour_counts(present)
    squares: dict[str, list[Element]] = {}
    stars: dict[str, list[Element]] = {}
    for e in present:
        if e.kind in ("square", "star"):
            (squares if e.kind == "square" else stars).setdefault(e.colour, []).append(e)
    if len(squares) > 1:
        order = sorted(squares, key=lambda c: windmill_square_key(c, len(squares[c])))
        errors += [e for c in order for e in squares[c]]
        left -= sum(len(squares[c]) for c in order[:-1])
    for colour, alike in stars.items():
        total = colours[colour]
        if total != 2:
            errors += alike
            take = len(alike) if len(alike) == 1 else min(len(alike), total - 2)
            left -= take if left >= 0 else 0
    wrong = [e for e in present if e.kind == "dot" or wrong_triangle(e, on_line)]
    errors += wrong
    left -= len(wrong) if left >= 0 else 0
    polys = [e for e in present if e.kind == "polyomino"]
    pieces = [e.item for e in polys]
    if pieces and not polyominoes_fit(panel, region, pieces, deadline):
        errors += polys
        if len(pieces) == max(left, 0):
            left = 0
        elif left == 1 and any(
            polyominoes_fit(panel, region, pieces[:i] + pieces[i + 1 :], deadline)
            for i in range(len(pieces))
        ):
            left = 0
        else:
            left = -1
    return [] if left == 0 else cancellers + errors


def _errors_left(
    panel: Panel,
    region: frozenset[Point],
    present: list[Element],
    on_line: dict[Point, str],
    deadline: float | None = None,
) -> list[Element]:
    very, invalid = region_errors(panel, region, present, on_line, deadline)
    return very + invalid
