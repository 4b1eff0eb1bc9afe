"""The clingo solver's encodings of the puzzle rules (``*.lp`` files).

- ``path.lp``: the rules of a triangle puzzle for the clingo yardstick
  (:func:`witness.search.asp_solver.solve_asp`). Grid geometry from the
  constants ``rows`` and ``cols``, a solution path as a set of chosen edges
  with degree and connectivity constraints, and the triangle counts; the
  puzzle (``start/1``, ``goal/1``, ``tri/2``) as facts. The panel encodings
  below give the same solutions (tests/test_verify.py); the verifier's
  triangle family uses those.
- ``panel_*.lp``: a general panel (:func:`witness.search.asp_solver.panel_program`),
  one file per constraint family: ``panel_path.lp`` (the line: several starts
  and ends, symmetry with both lines, the places under them),
  ``panel_regions.lp`` (reachability on the doubled grid, where a rule reads
  regions: squares, stars, polyominoes, cancellers), ``panel_dots.lp``, ``panel_triangles.lp``,
  ``panel_squares.lp``, ``panel_stars.lp``, ``panel_polyomino_area.lp``
  (the pieces' net area), ``panel_polyominoes.lp`` (placements) and
  ``panel_cancellers.lp``; ``panel_cancellers_lazy.lp`` instead of the last
  when the rules checker decides the cancellers' regions; ``panel_parity.lp``
  (the parity of stars and cancellers, on panels whose other symbols are
  dots and triangles).
"""

from __future__ import annotations

from pathlib import Path

ENCODING_DIR = Path(__file__).parent


def encoding(name: str) -> str:
    """The text of the encoding ``name`` (e.g. ``"path.lp"``)."""
    return (ENCODING_DIR / name).read_text()
