"""Panel generators for every constraint type: Algorithm 4 (symbols read off a
random line) and Algorithm 3 (random symbols, kept when the baseline A*
solves the panel), generalised from the triangle generators of
:mod:`witness.search.generate` (which stay as they are, byte for byte).

A :class:`PanelSpec` says which types to place (:data:`TYPES`), how densely
(``densities``, a fraction per type, :data:`DEFAULT_DENSITIES`), with which
symmetry, and how many colours squares and stars use. The start is the
bottom-left vertex ``(0, 0)`` and the end a random peripheral vertex, as for
triangles; with symmetry their mirror images are a second start and end.

- :func:`panel_from_line` (Algorithm 4): a random line (the pair of lines with
  symmetry, :func:`random_line`), then symbols it satisfies:
  triangles count the line's sides; dots lie on the lines (coloured by their
  line on symmetry panels); squares take one colour per region; stars come in
  pairs of a colour nothing else in their region has; polyominoes tile small
  regions exactly; a canceller comes with a symbol it must cancel (a lone star);
  gaps break edges off the lines. The line solves the panel by construction,
  and the rules checker confirms it before the panel is kept.
- :func:`random_panel_candidate` (Algorithm 3): symbols of the asked types at
  random; :func:`generate_random_panel` keeps the first candidate that A* with
  pi_baseline solves.

``unique`` keeps only panels with exactly one solution, found by the rules
checker over every legal line on small panels, by clingo on larger ones
(:func:`has_one_solution`).
Sets (:func:`generate_panel_set`) are reproducible: one ``random.Random(seed)``
drives every draw in a fixed order.
"""

from __future__ import annotations

import logging
import random
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from itertools import islice

from witness.errors import InputError
from witness.model.base import MAIN_LINE, MIRROR_LINE, SYMMETRIES, Vertex
from witness.model.panel import Dot, Panel, Polyomino, cell_edges
from witness.model.rules import (
    check,
    covered,
    enumerate_lines,
    is_cell_point,
    is_solution,
    lines_of,
    regions,
)
from witness.search.generate import (
    GenerationError,
    check_random_size,
    check_set_spec,
    distinct_set,
)

TYPES = ("triangles", "dots", "squares", "stars", "polyominoes", "cancellers", "gaps")
DEFAULT_DENSITIES = {
    "triangles": 0.4,  # of the cells with a side on the line
    "dots": 0.25,  # of the line's vertices and edges
    "squares": 0.5,  # of the cells
    "stars": 0.5,  # chance per region of a pair of stars
    "polyominoes": 0.6,  # chance per region of up to 8 cells of being tiled
    "cancellers": 0.3,  # chance per region of a canceller with a symbol to cancel
    "gaps": 0.15,  # of the edges off the lines
}
COLOURS = ("black", "white", "red", "blue", "green", "purple")
STAR_COLOURS = ("orange", "cyan", "magenta", "lime")
# Above this many vertices clingo counts solutions, not the checker's enumeration.
MAX_COUNT_VERTICES = 25
COUNT_SECONDS = 60.0
MAX_TRIES = 1000
MAX_POLYOMINO_REGION = 8

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PanelSpec:
    """What to generate: symbol ``types`` (of :data:`TYPES`), their
    ``densities`` (defaults :data:`DEFAULT_DENSITIES`), ``symmetry`` (None or
    one of :data:`SYMMETRIES`), ``colours`` for squares, ``unique``: exactly
    one solution."""

    types: tuple[str, ...]
    densities: dict[str, float] = field(default_factory=dict)
    symmetry: str | None = None
    colours: int = 2
    unique: bool = False

    def __post_init__(self) -> None:
        for name in self.types:
            if name not in TYPES:
                raise GenerationError(f"types: unknown type {name!r} (known: {', '.join(TYPES)})")
        if not self.types:
            raise GenerationError("types: need at least one")
        for name, value in self.densities.items():
            if name not in TYPES:
                raise GenerationError(f"densities: unknown type {name!r}")
            if name not in self.types:  # it would be ignored
                raise GenerationError(
                    f"densities: {name} is not among the types ({', '.join(self.types)})"
                )
            if not 0.0 <= value <= 1.0:
                raise GenerationError(f"densities: {name}={value} is outside 0..1")
        if self.symmetry is not None and self.symmetry not in SYMMETRIES:
            raise GenerationError(f"symmetry: expected one of {', '.join(SYMMETRIES)}")
        if not 2 <= self.colours <= len(COLOURS):
            raise GenerationError(f"colours: expected 2..{len(COLOURS)}, got {self.colours}")

    def density(self, name: str) -> float:
        return self.densities.get(name, DEFAULT_DENSITIES[name])


# ------------------------------------------------------------------ lines
def terminals(rows: int, cols: int, symmetry: str | None, rng: random.Random) -> Panel:
    """An empty panel: start (0, 0), a random peripheral end; with symmetry
    their mirror images too (an end off the mirror axis)."""
    probe = Panel(rows=rows, cols=cols, ends=((cols, rows),))
    starts = [(0, 0)]
    border = [v for v in probe.vertices() if probe.is_boundary(v) and v != (0, 0)]
    if symmetry is not None:
        image = _mirror_function(rows, cols, symmetry)
        starts.append(image((0, 0)))
        border = [v for v in border if image(v) != v and v not in starts]
        border = [v for v in border if image(v) not in starts]
        if not border:
            raise GenerationError(f"sizes: {rows}x{cols} has no end for {symmetry} symmetry")
        end = rng.choice(border)
        return Panel(
            rows=rows, cols=cols, starts=tuple(starts), ends=(end, image(end)), symmetry=symmetry
        )
    return Panel(rows=rows, cols=cols, ends=(rng.choice(border),))


def _mirror_function(rows: int, cols: int, symmetry: str):
    flip_x, flip_y = symmetry != "vertical", symmetry != "horizontal"
    return lambda v: (cols - v[0] if flip_x else v[0], rows - v[1] if flip_y else v[1])


def _steps(panel: Panel, v: Vertex, taken: set[Vertex]) -> list[Vertex]:
    """Where the line may step from ``v`` (with symmetry, its mirror too)."""
    out = []
    for w in panel.neighbours(v):
        if w in taken:
            continue
        if panel.symmetry is not None:
            mv, mw = panel.mirror(v), panel.mirror(w)
            if mw == w or mw in taken or panel.whole_edge(mv, mw) in panel.blocked:
                continue
        out.append(w)
    return out


def _end_reachable(panel: Panel, v: Vertex, taken: set[Vertex]) -> bool:
    """Can an end be reached from ``v`` through untaken vertices (a superset of
    the truth with symmetry)?"""
    seen, stack = {v}, [v]
    while stack:
        u = stack.pop()
        for w in _steps(panel, u, taken | seen):
            if w in panel.ends:
                return True
            seen.add(w)
            stack.append(w)
    return False


def random_line(panel: Panel, rng: random.Random, max_steps: int = 20_000) -> list[Vertex] | None:
    """A random line from the first start to an end: a self-avoiding random walk
    that steps only where an end stays reachable, backtracking when symmetry
    makes that look-ahead wrong. None after ``max_steps`` steps, or when the
    start lies on the mirror axis."""
    start = panel.starts[0]
    if panel.symmetry and panel.mirror(start) == start:
        return None  # a start on the axis gives no line
    taken = {start} | ({panel.mirror(start)} if panel.symmetry else set())
    path = [start]
    options = [_shuffled(panel, start, taken, rng)]
    for _ in range(max_steps):
        if not options:
            return None
        if not options[-1]:
            options.pop()
            v = path.pop()
            taken.discard(v)
            if panel.symmetry:
                taken.discard(panel.mirror(v))
            continue
        w = options[-1].pop()
        path.append(w)
        taken.add(w)
        if panel.symmetry:
            taken.add(panel.mirror(w))
        if w in panel.ends:
            return path
        options.append(_shuffled(panel, w, taken, rng))
    return None


def _shuffled(panel: Panel, v: Vertex, taken: set[Vertex], rng: random.Random) -> list[Vertex]:
    out = [w for w in _steps(panel, v, taken) if w in panel.ends or _viable(panel, w, taken)]
    rng.shuffle(out)
    return out


def _viable(panel: Panel, w: Vertex, taken: set[Vertex]) -> bool:
    extra = {w} | ({panel.mirror(w)} if panel.symmetry else set())
    return _end_reachable(panel, w, taken | extra)


# ------------------------------------------------------- Algorithm 4 symbols
Point = tuple[int, int]


def _cell(p: Point) -> tuple[int, int]:
    return (p[0] // 2, p[1] // 2)


def _thing(p: Point) -> Vertex | tuple[Vertex, Vertex]:
    """The vertex or edge at a doubled-grid place."""
    if p[0] % 2 == 0 and p[1] % 2 == 0:
        return (p[0] // 2, p[1] // 2)
    if p[0] % 2 == 1:
        return ((p[0] - 1) // 2, p[1] // 2), ((p[0] + 1) // 2, p[1] // 2)
    return (p[0] // 2, (p[1] - 1) // 2), (p[0] // 2, (p[1] + 1) // 2)


@dataclass
class _Placing:
    """Symbols placed so far on one panel, by kind, and the cells they hold."""

    spec: PanelSpec
    rng: random.Random
    on_line: dict[Point, str]
    taken: set[tuple[int, int]] = field(default_factory=set)
    symbols: dict[str, list] = field(default_factory=dict)

    def put(self, kind: str, cell: tuple[int, int], item: object) -> None:
        self.taken.add(cell)
        self.symbols.setdefault(kind, []).append(item)

    def free(self, cells: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        return [c for c in cells if c not in self.taken]

    def chance(self, kind: str) -> bool:
        return kind in self.spec.types and self.rng.random() < self.spec.density(kind)


def _sides_on_line(cell: tuple[int, int], on_line: dict[Point, str]) -> int:
    return sum((a[0] + b[0], a[1] + b[1]) in on_line for a, b in cell_edges(cell))


def _tile(region_cells: list[tuple[int, int]], on_line, rng: random.Random) -> list[list]:
    """A random partition of a region's cells into connected pieces of 1 to 4
    cells, never across an edge on the line."""
    left = set(region_cells)
    pieces = []
    while left:
        piece = [min(left)]
        left.discard(piece[0])
        size = rng.randint(1, 4)
        while len(piece) < size:
            grow = [
                (x + dx, y + dy)
                for x, y in piece
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if (x + dx, y + dy) in left and (2 * x + 1 + dx, 2 * y + 1 + dy) not in on_line
            ]
            if not grow:
                break
            nxt = rng.choice(sorted(set(grow)))
            piece.append(nxt)
            left.discard(nxt)
        pieces.append(piece)
    return pieces


def _region_symbols(placing: _Placing, cells: list[tuple[int, int]]) -> None:
    """Polyominoes, squares, stars and cancellers the line satisfies in one region."""
    rng, on_line = placing.rng, placing.on_line
    if len(cells) <= MAX_POLYOMINO_REGION and placing.chance("polyominoes"):
        pieces = _tile(cells, on_line, rng)
        homes = [placing.free(piece) for piece in pieces]
        if all(homes):
            for piece, home in zip(pieces, homes, strict=True):
                where = rng.choice(home)
                placing.put(
                    "polyominoes", where, Polyomino(where, tuple(piece), rng.random() < 0.5)
                )
    if "squares" in placing.spec.types:
        colour = rng.choice(COLOURS[: placing.spec.colours])
        for c in placing.free(cells):
            if rng.random() < placing.spec.density("squares"):
                placing.put("squares", c, (*c, colour))
    for kind, partner in (("stars", "stars"), ("cancellers", "stars")):
        free = placing.free(cells)
        if len(free) < 2 or not placing.chance(kind):
            continue
        present = _colours_in(placing, set(cells)) | {"white"}
        colour = rng.choice([c for c in STAR_COLOURS if c not in present])
        a, b = rng.sample(free, 2)
        if kind == "stars":
            placing.put("stars", a, (*a, colour))
            placing.put("stars", b, (*b, colour))
        else:  # a lone star only a canceller mends
            placing.put("cancellers", a, (*a, "white"))
            placing.put(partner, b, (*b, colour))


def _colours_in(placing: _Placing, cells: set[tuple[int, int]]) -> set[str]:
    out = set()
    for kind, items in placing.symbols.items():
        for item in items:
            if kind == "polyominoes":
                if item.cell in cells:
                    out.add(item.colour)
            elif (item[0], item[1]) in cells:
                out.add(item[-1])
    return out


def _line_symbols(placing: _Placing, base: Panel, path: list[Vertex]) -> dict:
    """Triangles and dots read off the lines, gaps off them."""
    out: dict = {"dots": [], "gaps": []}
    rng, spec, on_line = placing.rng, placing.spec, placing.on_line
    if "triangles" in spec.types:
        for c in base.cells():
            k = _sides_on_line(c, on_line)
            if k and rng.random() < spec.density("triangles"):
                placing.put("triangles", c, (*c, k, "orange"))
    if "dots" in spec.types:
        for p in sorted(on_line):
            if p[0] % 2 + p[1] % 2 < 2 and rng.random() < spec.density("dots"):
                line_colour = on_line[p]
                colour = "black" if base.symmetry is None else rng.choice(["black", line_colour])
                out["dots"].append(Dot(_thing(p), colour))
    if "gaps" in spec.types:
        for e in base.grid_edges():
            if (e[0][0] + e[1][0], e[0][1] + e[1][1]) not in on_line:
                if rng.random() < spec.density("gaps"):
                    out["gaps"].append(e)
    return out


def panel_from_line(base: Panel, path: list[Vertex], spec: PanelSpec, rng: random.Random) -> Panel:
    """Symbols of ``spec.types`` that the line ``path`` satisfies on ``base``
    (Algorithm 4's lines 3-6, for every type; module doc)."""
    on_line = covered(lines_of(base, path))
    placing = _Placing(spec, rng, on_line)
    extra = _line_symbols(placing, base, path)
    for region in regions(base, on_line):
        cells = sorted(_cell(p) for p in region if is_cell_point(p))
        _region_symbols(placing, cells)
    fields = {k: tuple(v) for k, v in placing.symbols.items()}
    return Panel(
        rows=base.rows,
        cols=base.cols,
        starts=base.starts,
        ends=base.ends,
        symmetry=base.symmetry,
        dots=tuple(extra["dots"]),
        gaps=tuple(extra["gaps"]),
        **fields,
    )


def has_one_solution(panel: Panel) -> bool:
    """Has ``panel`` exactly one solution? Its lines come from the rules
    checker over every legal line up to :data:`MAX_COUNT_VERTICES` vertices,
    from clingo above (False if clingo runs past :data:`COUNT_SECONDS`), and
    are taken only until a second solution shows: that decides as a full count
    would, at a fraction of its cost (docs/cli.md)."""
    if (panel.rows + 1) * (panel.cols + 1) <= MAX_COUNT_VERTICES:
        solutions = (line for line in enumerate_lines(panel) if is_solution(panel, line))
        return len(list(islice(solutions, 2))) == 1
    from witness.search.asp_solver import Enumeration, panel_lines  # clingo: loaded only here

    record = Enumeration()
    with closing(panel_lines(panel, COUNT_SECONDS, record)) as lines:
        found = len(list(islice(lines, 2)))
    return found == 1 and record.complete


def generate_from_line(
    rows: int,
    cols: int,
    spec: PanelSpec,
    rng: random.Random,
    max_tries: int = MAX_TRIES,
    on_draw: Callable[[], None] | None = None,
) -> tuple[Panel, list[Vertex]]:
    """Algorithm 4 on any panel: a panel and the line it was read off (a
    solution). ``on_draw`` is called as each draw begins."""
    for _ in range(max_tries):
        if on_draw is not None:
            on_draw()
        base = terminals(rows, cols, spec.symmetry, rng)
        path = random_line(base, rng)
        if path is None:
            continue
        panel = panel_from_line(base, path, spec, rng)
        if not any(getattr(panel, name) for name in spec.types):
            continue  # no symbol of the asked types landed: not a panel of that type
        verdict = check(panel, path)
        if not verdict.solved:  # a placement the rules reject: never kept
            log.warning("Algorithm 4: %s does not solve %s", path, panel.to_json())
            continue
        if spec.unique and not has_one_solution(panel):
            continue
        return panel, path
    raise GenerationError(f"max_tries: no panel in {max_tries} draws of {rows}x{cols}")


# ------------------------------------------------------- Algorithm 3 symbols
def random_panel_candidate(rows: int, cols: int, spec: PanelSpec, rng: random.Random) -> Panel:
    """Lines 2-8 of Algorithm 3 on any panel: symbols of ``spec.types`` at random
    (each cell takes at most one), solvable or not."""
    base = terminals(rows, cols, spec.symmetry, rng)
    cell_types = [t for t in spec.types if t not in ("dots", "gaps")]
    symbols: dict[str, list] = {t: [] for t in cell_types}
    for c in base.cells():
        for kind in cell_types:
            if rng.random() >= spec.density(kind) / len(cell_types):
                continue
            if kind == "triangles":
                symbols[kind].append((*c, rng.randint(1, 3), "orange"))
            elif kind == "polyominoes":
                shape = rng.choice((((0, 0),), ((0, 0), (1, 0)), ((0, 0), (0, 1), (1, 1))))
                symbols[kind].append(Polyomino(c, shape, rng.random() < 0.5))
            elif kind == "cancellers":
                symbols[kind].append((*c, "white"))
            else:
                palette = COLOURS[: spec.colours] if kind == "squares" else STAR_COLOURS[:2]
                symbols[kind].append((*c, rng.choice(palette)))
            break
    edges = list(base.grid_edges())
    gaps = [e for e in edges if "gaps" in spec.types and rng.random() < spec.density("gaps") / 2]
    dots = []
    if "dots" in spec.types:
        for thing in [*base.vertices(), *edges]:
            if thing not in gaps and rng.random() < spec.density("dots") / 4:
                colours = ["black"] if base.symmetry is None else ["black", MAIN_LINE, MIRROR_LINE]
                dots.append(Dot(thing, rng.choice(colours)))
    return Panel(
        rows=rows,
        cols=cols,
        starts=base.starts,
        ends=base.ends,
        symmetry=base.symmetry,
        dots=tuple(dots),
        gaps=tuple(gaps),
        **{k: tuple(v) for k, v in symbols.items()},
    )


def generate_random_panel(
    rows: int,
    cols: int,
    spec: PanelSpec,
    rng: random.Random,
    max_tries: int = MAX_TRIES,
    on_draw: Callable[[], None] | None = None,
) -> tuple[Panel, list[Vertex]]:
    """Algorithm 3 on any panel: random candidates until A* with pi_baseline
    solves one (and, with ``spec.unique``, it has one solution); the panel and
    the solution A* found. ``on_draw`` is called as each candidate is drawn."""
    from witness.search.panel_search import solve_panel  # the compiled core is heavy

    check_random_size(rows, cols)
    for _ in range(max_tries):
        if on_draw is not None:
            on_draw()
        try:
            panel = random_panel_candidate(rows, cols, spec, rng)
        except InputError:  # e.g. every edge of an end broken by gaps
            continue
        result = solve_panel(panel)
        if result.status not in ("solved", "unsolvable"):
            log.warning("Algorithm 3: candidate %s undecided (%s)", panel.to_json(), result.status)
        if result.solved and (not spec.unique or has_one_solution(panel)):
            return panel, result.path
    raise GenerationError(
        f"max_tries: none of {max_tries} random {rows}x{cols} candidates was solvable"
    )


# --------------------------------------------------------------------- sets
# After this many draws of a --unique set, one line says what they cost.
ESTIMATE_AFTER_DRAWS = 20
UNIQUE_NOTICE = (
    "--unique: a panel is kept only when it has exactly one solution, which is decided by "
    "searching its lines (the rules checker up to {vertices} vertices, clingo above); few draws "
    "pass, so a set can take minutes per panel (measured times: docs/cli.md). Estimates follow "
    "after {draws} draws and when the first panel is kept."
)


@dataclass
class Tally:
    """Draws tried and panels kept so far towards a set of ``count`` panels,
    begun at ``started`` (:func:`time.perf_counter` seconds)."""

    count: int
    started: float
    draws: int = 0
    kept: int = 0

    def seconds_left(self, now: float) -> float | None:
        """The rest of the set at the pace so far: draws per kept panel (one
        over the acceptance rate) times seconds per draw, per panel still to
        find; None before a panel is kept."""
        if not self.kept:
            return None
        return (self.count - self.kept) * (now - self.started) / self.kept

    def status(self, now: float) -> str:
        """Draws, acceptance rate and time left, for the progress bar."""
        accepted = f"{self.kept / self.draws:.1%}" if self.draws else "-"
        left = self.seconds_left(now)
        eta = "? (until a panel is kept)" if left is None else f"~{_interval(left)}"
        return f"{self.draws} draws, {accepted} kept, time left {eta}"

    def estimate(self, now: float) -> str:
        """A line on the cost of the draws so far and, once a panel is kept, of the set."""
        elapsed = now - self.started
        head = (
            f"after {self.draws} draws in {_interval(elapsed)} "
            f"({elapsed / max(self.draws, 1):.3g} s each): "
        )
        left = self.seconds_left(now)
        if left is None:
            return head + "no panel kept yet; the bar shows the time left once one is"
        return head + (
            f"{self.kept} kept ({self.kept / self.draws:.1%}); at that rate the other "
            f"{self.count - self.kept} take about {_interval(left)}"
        )


def _interval(seconds: float) -> str:
    from tqdm import tqdm

    return tqdm.format_interval(seconds)


class _SetProgress:
    """A tqdm bar (stderr) over panels kept, with draws tried, the acceptance
    rate and the time left beside it (:class:`Tally`); for ``--unique`` sets
    a line before the work, and an estimate after :data:`ESTIMATE_AFTER_DRAWS`
    draws and when the first panel is kept."""

    def __init__(self, method: str, count: int, unique: bool) -> None:
        from tqdm import tqdm

        self.tally = Tally(count, time.perf_counter())
        self.unique = unique
        if unique:
            print(
                UNIQUE_NOTICE.format(vertices=MAX_COUNT_VERTICES, draws=ESTIMATE_AFTER_DRAWS),
                file=sys.stderr,
            )
        self.bar = tqdm(
            total=count,
            desc=f"generate {method}",
            unit="panel",
            file=sys.stderr,
            miniters=0,  # redrawn as draws go by (at most every mininterval), not only per panel
            bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} panels [{elapsed}{postfix}]",
        )

    def draw(self) -> None:
        now = time.perf_counter()
        if self.unique and self.tally.draws == ESTIMATE_AFTER_DRAWS:
            self.bar.write(self.tally.estimate(now), file=sys.stderr)
        self.tally.draws += 1
        self.bar.set_postfix_str(self.tally.status(now), refresh=False)
        self.bar.update(0)

    def update(self) -> None:
        now = time.perf_counter()
        self.tally.kept += 1
        if self.unique and self.tally.kept == 1 < self.tally.count:
            self.bar.write(self.tally.estimate(now), file=sys.stderr)
        self.bar.set_postfix_str(self.tally.status(now), refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        self.bar.close()


def generate_panel_set(
    method: str,
    sizes: Sequence[tuple[int, int]],
    count: int,
    seed: int,
    spec: PanelSpec,
    progress: bool = False,
    max_tries: int = MAX_TRIES,
    exclude: set[str] | None = None,
) -> list[Panel]:
    """``count`` distinct panels made by ``method`` (``path``: Algorithm 4,
    ``random``: Algorithm 3), sizes drawn as in
    :func:`witness.search.generate.generate_set`, none of whose JSON
    (:meth:`Panel.to_json`) is in ``exclude``; the same arguments give the
    same panels in the same order. ``progress``: a bar on stderr
    (:class:`_SetProgress`)."""
    bounds = check_set_spec(method, sizes, count)  # before the bar
    make = generate_from_line if method == "path" else generate_random_panel
    bar = _SetProgress(method, count, spec.unique) if progress else None
    on_draw = None if bar is None else bar.draw

    def draw(rows: int, cols: int, rng: random.Random) -> Panel:
        return make(rows, cols, spec, rng, max_tries, on_draw)[0]

    return distinct_set(draw, bounds, count, seed, exclude, MAX_TRIES, bar)


def panel_set_generator(spec: PanelSpec) -> Callable[..., list[Panel]]:
    """:func:`generate_panel_set` with ``spec`` fixed, in the form
    :func:`witness.search.generate.write_named_set` takes as ``generator``."""

    def generate(method, sizes, count, seed, progress=False, exclude=None) -> list[Panel]:
        return generate_panel_set(
            method, sizes, count, seed, spec, progress=progress, exclude=exclude
        )

    return generate
