"""Layer 0, the puzzle model: puzzles, their rules and validation
(:mod:`~witness.model.puzzle`), panels (:mod:`~witness.model.panel`), the one
rules checker (the package :mod:`~witness.model.rules`, a module per
constraint family), and drawing them (:mod:`~witness.model.render`)."""
