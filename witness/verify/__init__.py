"""Layer 3, the verifier: is a learned predicate safe to prune with?

:mod:`~witness.verify.verdict` gives the verdict (``proven``, ``bounded``,
``refuted``, ``unknown``) from the bounded check (:mod:`~witness.verify.bounded`:
clingo looks for a puzzle, a solution and a prefix of it on which a clause fires,
on every grid up to a size) and the all-sizes argument
(:mod:`~witness.verify.generality`). Its encodings, beside the solver's
``witness/search/encodings/path.lp``:

- ``prefix.lp``: a proper prefix of that solution and the per-(prefix,
  square) features of ``witness.search.predicates.FEATURES``;
- ``choose.lp``: the choice of puzzle and of the clause to check.

Learned family programs (clauses over :mod:`witness.search.panel_features`)
get the same verdicts from :mod:`~witness.verify.panel_bounded` (panels up to
a size: ``panel_choose.lp``, ``panel_prefix.lp``, beside the solver's
``panel_*.lp``) and :mod:`~witness.verify.panel_generality` (a clause that
implies a sound rule is proven for every size).
"""
