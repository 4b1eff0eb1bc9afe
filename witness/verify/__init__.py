"""Layer 3, the verifier: is a learned predicate safe to prune with?

:mod:`~witness.verify.verdict` gives the verdict (``proven``, ``bounded``,
``refuted``, ``unknown``) of any predicate from two steps, each one
implementation for every feature family:

- the bounded check (:mod:`~witness.verify.bounded`, one driver: clingo looks
  for a puzzle, a solution and a prefix of it on which a clause fires, on
  every grid up to a size, with any start and end); a family
  (:mod:`~witness.verify.families`) gives it, as data, which encodings choose
  its puzzles and compute its features and how a model is read back;
- the all-sizes argument of the family: rules R1-R6 for the paper's local
  triangle features (:mod:`~witness.verify.generality`), the implication of
  a sound rule for learned family programs
  (:mod:`~witness.verify.panel_generality`).

The verifier's encodings, beside the solver's ``witness/search/encodings/``:

- ``choose.lp``: the choice of puzzle (what each family places: facts) and
  of the clause to check, for every family, with the solver's
  ``panel_path.lp``, ``panel_regions.lp`` and the ``panel_*.lp`` of the
  symbols placed for the rules of the line;
- a prefix and its features, one file per feature family: ``prefix.lp``
  (a proper prefix and the paper's features,
  ``witness.search.predicates.FEATURES``) and ``panel_prefix.lp`` (the
  features of :mod:`witness.search.panel_features`).
"""
