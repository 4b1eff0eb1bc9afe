"""Layer 1, the search: A* (Algorithm 1) on any panel through one driver,
:func:`solve` (:mod:`~witness.search.solvers`, over the compiled core of
:mod:`~witness.search.panel_search`, in its paper mode on the paper's
triangle puzzles), its result
type (:mod:`~witness.search.result`), several searches at once
(:mod:`~witness.search.portfolio`), the predicates it prunes with as pure data
(pi_baseline, pi*, :mod:`~witness.search.predicates`), and puzzle generation
(Algorithms 3 and 4, :mod:`~witness.search.generate`). Importing it loads neither a
solver nor the learner."""

import importlib

__all__ = ["SolveResult", "solve"]
_HOME = {"solve": "witness.search.solvers", "SolveResult": "witness.search.result"}


def __getattr__(name: str):
    # ``from witness.search import solve`` works; the numba core is loaded on first use,
    # so modules that need only the predicates (translate, verify) do not pay for it.
    if name in _HOME:
        return getattr(importlib.import_module(_HOME[name]), name)
    raise AttributeError(f"module 'witness.search' has no attribute {name!r}")
