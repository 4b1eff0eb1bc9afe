"""Layer 3, the ASP tools: the clingo solver (:mod:`~witness.asp.solver`) and the
verifier (:mod:`~witness.asp.verify`: the bounded check, :mod:`~witness.asp.bounded`,
and the all-sizes argument, :mod:`~witness.asp.generality`), with their encodings:

- ``path.lp``: the puzzle rules. Grid geometry from the constants ``rows``
  and ``cols``, a solution path as a set of chosen edges with degree and
  connectivity constraints, and the triangle counts. The puzzle itself
  (``goal/1``, ``tri/2``) is given as facts by the solver and chosen by the
  verifier.
- ``prefix.lp``: a proper prefix of that solution and the per-(prefix,
  square) features of ``witness.search.predicates.FEATURES`` (verifier only);
- ``choose.lp``: the verifier's choice of puzzle and of the clause to check.
"""

from __future__ import annotations

from pathlib import Path

ENCODING_DIR = Path(__file__).parent


def encoding(name: str) -> str:
    """The text of the encoding ``name`` (e.g. ``"path.lp"``)."""
    return (ENCODING_DIR / name).read_text()
