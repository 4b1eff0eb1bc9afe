"""Layer 0, the puzzle model: puzzles, their rules and validation
(:mod:`~witness.model.puzzle`), and drawing them (:mod:`~witness.model.render`)."""
