"""A learned program's ``.pl`` file, written atomically with the engine's header."""

from __future__ import annotations

from pathlib import Path

from ilp import PROGRAM_MARK, Program, Scores, Stats, program_file_text
from witness.io import check_file, write_file


def check_program_path(path: str | Path) -> Path:
    """``path`` may receive a learned program: it is new, or an earlier learned
    program (never another file); an :class:`~witness.io.OutputError` otherwise."""
    return check_file(path, PROGRAM_MARK.encode())


def write_program(path: str | Path, program: Program, scores: Scores, stats: Stats) -> Path:
    """Write the program with its header (task, scores, time, settings) to ``path``
    atomically; an existing ``path`` that is not a learned program is an error."""
    return write_file(path, program_file_text(program, scores, stats), mark=PROGRAM_MARK.encode())
