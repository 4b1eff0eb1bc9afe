"""The engine's Prolog and ASP program files (package data next to this module)."""

from __future__ import annotations

from pathlib import Path

PROGRAM_DIR = Path(__file__).parent


def program_path(name: str) -> Path:
    """Path of the program file ``name`` (e.g. ``"generate.lp"``)."""
    return PROGRAM_DIR / name


def program_text(name: str) -> str:
    """Text of the program file ``name``."""
    return program_path(name).read_text()
