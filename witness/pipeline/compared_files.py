"""The pipeline outputs that comparison.md reads from each bias's results folder.

Apart from witness.pipeline.compare (which draws with matplotlib and pandas) so that
the Snakefile can check them without those imports: the Snakefile is parsed again
by every job a cluster runs, twice per job on SLURM."""

from __future__ import annotations

from pathlib import Path

# The files of a bias's results folder that the comparison reads (all pipeline outputs).
COMPARED_FILES = (
    "final/pi_star.pl",
    "final/pi_star.verify.json",
    "test/summary.json",
    "test/by_size.csv",
    "large/solved.csv",
    "difficulty/scores.csv",
)


def missing_files(folder: str | Path) -> list[str]:
    """The files of COMPARED_FILES that ``folder`` lacks."""
    return [f for f in COMPARED_FILES if not (Path(folder) / f).is_file()]
