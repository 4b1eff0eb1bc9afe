"""The general panel core (numba): A* on any panel (Algorithm 1, driven by
:mod:`witness.search.panel_search`, on the arrays of its ``PanelGeometry``),
pi_baseline's rules and learned programs over the panel features. One file
per step, each importing the ones before it:

- :mod:`.base`: numba's settings for the core's functions, the status codes,
  counters[] slots and symbol kinds, and two helpers every step uses;
- :mod:`.verdicts`: a closed region's polyominoes and cancellers (tilings,
  what the cancellers can mend, The Windmill's count);
- :mod:`.regions`: the floods of a path's reach and regions, and rule 5 on
  the closed regions;
- :mod:`.dead_ends`: pi_baseline on a child (``panel_dead``) and on a
  finished line (``panel_final``);
- :mod:`.programs`: a learned family program on a child (``program_fires``);
- :mod:`.run`: the A* run, its open list, and the evaluations on given paths.

A compiled function carries the code of the compiled functions it calls in
the other files, so the core first has its numba cache cleared when any of
its files changed (:func:`witness.search.kernels.refresh_core_cache`), before
it loads them. The status codes and counter slots it shares with the triangle
core are repeated in :mod:`.base` and held equal by ``tests/test_kernels.py``.

The driver calls ``panel_astar_run``, the ``*_on_paths`` evaluations and the
scratch builders; the tests call ``tiles_exactly``, ``windmill_count_broken``,
``text_less`` and the open list's ``keep_child`` and ``open_pop``: all are here,
with the codes; underscore names are each file's own steps.
"""

from witness.search.kernels import refresh_core_cache

refresh_core_cache(__file__)  # before any file of the core loads

from witness.search.kernels.panel.base import (  # noqa: E402
    C_CANDIDATES,
    C_CURSOR,
    C_EXPANSIONS,
    C_GENERATED,
    C_HEAP,
    C_NODES,
    C_SEEDS,
    C_SOLUTION,
    C_STAMP,
    CANDIDATES,
    DOT_ANY,
    DOT_MAIN,
    DOT_MIRROR,
    EXHAUSTED,
    NEED_SPACE,
    P_CANCELLER,
    P_COUNTED,
    P_DOT,
    P_NONE,
    P_POLYOMINO,
    P_SQUARE,
    P_STAR,
    P_TRIANGLE,
    POLY_AREA,
    RUNNING,
    SOLVED,
)
from witness.search.kernels.panel.programs import (  # noqa: E402
    F_REACH_ENDS,
    F_REGION_PARTNERS,
    K_DOT,
    K_END,
    K_SQUARE,
    K_STAR,
    K_TRIANGLE,
    N_PANEL_FEATURES,
    program_scratch,
)
from witness.search.kernels.panel.run import (  # noqa: E402
    keep_child,
    open_pop,
    panel_astar_run,
    panel_baseline_on_paths,
    panel_program_on_paths,
    panel_scratch,
    paper_table_on_paths,
    stored_path,
)
from witness.search.kernels.panel.verdicts import (  # noqa: E402
    text_less,
    tiles_exactly,
    tiling_scratch,
    windmill_count_broken,
)

__all__ = [
    "CANDIDATES",
    "C_CANDIDATES",
    "C_CURSOR",
    "C_SEEDS",
    "C_EXPANSIONS",
    "C_GENERATED",
    "C_HEAP",
    "C_NODES",
    "C_SOLUTION",
    "C_STAMP",
    "DOT_ANY",
    "DOT_MAIN",
    "DOT_MIRROR",
    "EXHAUSTED",
    "F_REACH_ENDS",
    "F_REGION_PARTNERS",
    "K_DOT",
    "K_END",
    "K_SQUARE",
    "K_STAR",
    "K_TRIANGLE",
    "NEED_SPACE",
    "N_PANEL_FEATURES",
    "POLY_AREA",
    "P_CANCELLER",
    "P_COUNTED",
    "P_DOT",
    "P_NONE",
    "P_POLYOMINO",
    "P_SQUARE",
    "P_STAR",
    "P_TRIANGLE",
    "RUNNING",
    "SOLVED",
    "keep_child",
    "open_pop",
    "panel_astar_run",
    "panel_baseline_on_paths",
    "panel_program_on_paths",
    "panel_scratch",
    "paper_table_on_paths",
    "program_scratch",
    "stored_path",
    "text_less",
    "tiles_exactly",
    "tiling_scratch",
    "windmill_count_broken",
]
