"""Run every learner on the same tasks and write the side-by-side table."""

from pathlib import Path

from witness.pipeline.synthesis import run_synthesis
from witness.pipeline.workflow import logged

with logged(snakemake):
    run_synthesis(snakemake.params.synthesis, Path(snakemake.output.table).parent)
