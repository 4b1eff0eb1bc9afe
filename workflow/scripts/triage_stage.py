"""Rank the predicates timed in one triage stage and keep the fastest."""

from witness.pipeline.triage import select_stage
from witness.pipeline.workflow import logged

with logged(snakemake):
    select_stage(
        snakemake.input,
        snakemake.params.keep,
        snakemake.output[0],
        rank_by=snakemake.params.rank_by,
    )
