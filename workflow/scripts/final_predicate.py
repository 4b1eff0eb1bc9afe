"""Copy the triage winner to pi_star and translate it."""

from witness.pipeline.final import finalize
from witness.pipeline.workflow import logged

with logged(snakemake):
    name = finalize(
        snakemake.input.stage3,
        snakemake.params.predicates_dir,
        snakemake.output.program,
        snakemake.output.python,
    )
    print(f"pi_star = {name}")
