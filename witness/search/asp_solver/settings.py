"""The clingo solver's tunables for panels, one frozen record passed down from
the public solve and count functions (docs/search.md, "Solver decisions",
says why each default is what it is)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AspSettings:
    """The clingo solver's tunables for panels, passed down from the public
    solve and count functions; the defaults are the solver's own."""

    # The families the rules checker decides for clingo (see panel_lines); None:
    # by the panel (lazy_families). Tests set it to try every choice.
    lazy: frozenset[str] | None = None
    # The first stage of a solve on a panel with polyominoes or cancellers (the
    # whole encoding) stops at this many conflicts, the second (the lazy families
    # left to the checker) at lazy_conflicts; each stage's later turns at twice
    # its turn before (solve_panel_asp). Chosen from one run of each stage alone
    # (10 CPU s) on 109 slow panels of a 2000 + 2000 sample (stopped, or more
    # than one stage): the whole encoding decided 68 of them (59 within 40,000
    # conflicts), the lazy stage 41, 7 of them only it (docs/results.md).
    # Lower is worse: on the 68 community panels that stopped or took over 10,000
    # conflicts, at 15,000 11 more stopped and 1 was decided (docs/results.md,
    # "Two solver variants"). The lazy stage's first turn was 5,000: at 10,000 it
    # decides windmill-s8w5czg (6.4 CPU s; stopped at 10 before), every other of
    # the 100 slowest community panels as before but jbz-7LX5RYA5 (8.2 -> 9.0 CPU s;
    # docs/results.md, "A longer first lazy turn").
    first_conflicts: int = 40000
    lazy_conflicts: int = 10000
    # Under the windmill reading with negative pieces and at least this many
    # pieces, the encoding sums the pieces' cover over the whole panel (_loose).
    # On the 42 such panels of the 500 + 500 sample (one run each, 10 s, the
    # same hash seed): 34.3 CPU s in all at 1 against 43.1 with the sums of each
    # region, windmill-4xpk3xr solved in 4.6 s (stopped), b3secv8 1.31 -> 0.38 s,
    # gwd3w1r 3.5 -> 1.6 s; the worst loss ckg0tcr 0.32 -> 1.23 s.
    loose_pieces: int = 1
    # Up to this many sources (stars, cancellers and polyominoes) the encoding
    # says that two sources in one region reach the same cells (fact together,
    # panel_regions.lp): its ground size grows with the square of the sources
    # (community panels have up to 100). The stopped community panels it
    # decided (docs/results.md) had 8 to 23. Raised from 24 to 40, measured on the
    # 32 panels with 25 to 40 sources among 142 slow ones (docs/results.md):
    # 24 -> 26 decided within 10 CPU s.
    together_sources: int = 40
    # clingo's configuration for panels (--configuration); None: clingo's default.
    configuration: str | None = "trendy"
    # More of clingo's options for every control of a panel's solve, after the
    # configuration (none by default; benchmarks/bench_panels_asp.py tries others).
    clingo_options: tuple[str, ...] = ()
    # A staged solve's whole encoding takes these configurations in turn, one a
    # turn (None: configuration, so its first turn is that of an unstaged
    # solve). Only what the first turn leaves undecided reaches the second: 25 of
    # the 15,239 community panels on 461f063 (docs/results.md), on which the
    # second turn was measured with tweety, crafty, jumpy, handy and frumpy
    # (10 CPU s): jumpy decided jbz-7LX5RYA5 and windmill-7v95w6g, crafty
    # 7v95w6g and y0evrm0, tweety (chosen earlier, when it decided panels that
    # trendy now decides in its first turn) none of the 23 stopped, handy and
    # frumpy none.
    whole_configurations: tuple[str | None, ...] = (None, "jumpy")
    # A staged solve starts with a short turn of the whole encoding under this
    # configuration, for this many conflicts (0: none), before the first turn of
    # configuration: tweety decides some slow panels in a few thousand conflicts
    # where trendy needs far more (windmill-y0evrm0 126, mefv4y8 2,993; at 10
    # CPU s trendy stops on mefv4y8 under each of three seeds, on y0evrm0 under
    # two). On the 68 slow community panels 2 to 3 more are decided under each
    # seed, and on all the community's panels no answer changed, none newly
    # stopped (docs/results.md, "A tweety prelude").
    prelude_configuration: str = "tweety"
    prelude_conflicts: int = 3000
    # On a panel with polyominoes the prelude starts with this many conflicts
    # (0: none) that decide the line's edges before the pieces' placements
    # (clingo's domain heuristic, panel_polyominoes.lp), in a control of their
    # own. In place of the tweety prelude (commit 7db2f4a, every community
    # panel) the line first decided windmill-0p7tcsr, stopped before, in 903
    # conflicts and ysmcb20 in 155 (26,486 before), but some panels the tweety
    # prelude decides took up to 18 times as long (n6vmmd0 0.32 -> 5.9 CPU s),
    # so it goes first and short (docs/results.md, "The line first").
    line_first_conflicts: int = 1000
    # The rules checker's second opinion on a line clingo found takes as long as
    # the solve took, and at least this many seconds: its tiling search can take
    # far longer to find a tiling than clingo, whose answer set holds one
    # (jbz-HCJ6HA2G, 5x7, pieces of unjoined cells: stopped at 10 CPU s while the
    # checker confirmed clingo's line, solved in 1.3 with the bound;
    # docs/results.md).
    second_opinion_seconds: float = 1.0
    # The lazy stage's rules check of a region without cancellers, under the
    # windmill reading, gives the checker's tiling search this many seconds and
    # then asks clingo (region_tiling.lp, :func:`region_tiles`): on
    # windmill-c04j2b0 the search took over 30 CPU s on a region clingo tiles in
    # 1.7 s, while on most regions the search takes milliseconds (docs/results.md).
    hard_region_seconds: float = 0.5
    # A region the lazy stage rejects for a dead cell (no way to lay its pieces
    # over it) becomes a nogood over the cell, the places that keep each way out
    # and the pieces it holds, not over the region's every place
    # (LazyCheck.dead_cell): clingo then drops every line leaving that cell so.
    dead_cell_nogoods: bool = True


DEFAULT_SETTINGS = AspSettings()
