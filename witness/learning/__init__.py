"""Layer 2, learning: labelled partial paths (:mod:`~witness.learning.labels`),
Popper tasks (:mod:`~witness.learning.examples`) with every family's Prolog
facts (:mod:`~witness.learning.facts`), the background knowledge's
meanings (:mod:`~witness.learning.bk`), learned programs read as Prolog reads them
(:mod:`~witness.learning.program`), Prolog to predicates
(:mod:`~witness.learning.translate`) and the ILP engine
(:mod:`~ilp`)."""
