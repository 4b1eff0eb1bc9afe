"""The clingo solver's tunables for panels, one frozen record passed down from
the public solve and count functions (docs/search.md, "Solver decisions",
says why each default is what it is)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class AspSettings:
    """The clingo solver's tunables for panels, passed down from the public
    solve and count functions; the defaults are the solver's own."""

    # The families the rules checker decides for clingo (panel_lines); None: by
    # the panel and the stage (lazy_families), and a solve in stages.
    lazy: frozenset[str] | None = None
    # Conflicts of the whole encoding's first turn and of the lazy stage's; each
    # later turn of a stage has twice its turn before (stage_schedule). Long
    # first: the whole encoding decides most slow panels alone.
    first_conflicts: int = 40000
    lazy_conflicts: int = 10000
    # With negative pieces under the windmill reading and at least this many
    # pieces, their cover is summed over the whole panel (fact loose): faster.
    loose_pieces: int = 1
    # Up to this many sources, two sources in one region reach the same cells
    # (fact together): its ground size grows with the square of the sources.
    together_sources: int = 40
    # clingo's configuration (--configuration) for panels; None: clingo's default.
    configuration: str | None = "trendy"
    # More of clingo's options for every control, after the configuration.
    clingo_options: tuple[str, ...] = ()
    # The whole encoding's configuration at each turn in turn (None:
    # configuration): a second configuration decides some the first does not.
    whole_configurations: tuple[str | None, ...] = (None, "jumpy")
    # A staged solve first runs the whole encoding under this configuration for
    # this many conflicts (0: none): tweety decides some slow panels fast.
    prelude_configuration: str = "tweety"
    prelude_conflicts: int = 3000
    # On a panel with polyominoes the prelude starts with this many conflicts
    # deciding the line before the pieces (0: none): short, as it slows others.
    line_first_conflicts: int = 1000
    # The checker's second opinion on clingo's line takes as long as the solve
    # and at least this: its tiling search can be far slower than clingo's.
    second_opinion_seconds: float = 1.0
    # The lazy stage gives the checker's tiling search of a region this long
    # (no cancellers, windmill reading) before asking clingo (region_tiles).
    hard_region_seconds: float = 0.5
    # A region rejected for a dead cell becomes a nogood over the cell and what
    # keeps the pieces off it (LazyCheck.dead_cell): it drops more lines.
    dead_cell_nogoods: bool = True


DEFAULT_SETTINGS = AspSettings()
