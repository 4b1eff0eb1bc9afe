"""The compiled search cores (numba), one self-contained file per core:
:mod:`~witness.search.kernels.triangle` (A* and MUSE/ReMUSE on the paper's
triangle puzzles) and :mod:`~witness.search.kernels.panel` (A* on any panel).
Importing this package loads neither; a driver imports the core it runs."""
