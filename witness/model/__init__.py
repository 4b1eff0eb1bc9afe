"""Layer 0, the puzzle model: the panel (:mod:`~witness.model.panel`), the
paper's puzzle form and its constructor (:mod:`~witness.model.puzzle`), the
one rules checker (the package :mod:`~witness.model.rules`, a module per
constraint family), and drawing them (:mod:`~witness.model.render`)."""
