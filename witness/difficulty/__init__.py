"""Layer 4, puzzle difficulty: MUSE and ReMUSE (:mod:`~witness.difficulty.muse`)."""
