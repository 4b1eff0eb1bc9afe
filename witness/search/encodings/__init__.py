"""The clingo solver's encodings of the puzzle rules (``*.lp`` files).

Every panel, the paper's triangle puzzles too
(:func:`witness.search.asp_solver.panel_program`), one file per constraint
family: ``panel_path.lp`` (the line: several starts and ends, symmetry with
both lines, the places under them), ``panel_regions.lp`` (reachability on
the doubled grid, where a rule reads regions: squares, stars, polyominoes,
cancellers), ``panel_dots.lp``, ``panel_triangles.lp``,
``panel_squares.lp``, ``panel_stars.lp``, ``panel_polyomino_area.lp`` (the
pieces' net area), ``panel_polyominoes.lp`` (placements) and
``panel_cancellers.lp``; ``panel_cancellers_lazy.lp`` instead of the last
when the rules checker decides the cancellers' regions; ``panel_parity.lp``
(the parity of stars and cancellers, on panels whose other symbols are dots
and triangles).
"""

from __future__ import annotations

from pathlib import Path

ENCODING_DIR = Path(__file__).parent


def encoding(name: str) -> str:
    """The text of the encoding ``name`` (e.g. ``"panel_path.lp"``)."""
    return (ENCODING_DIR / name).read_text()
