"""Share of large puzzles solved within each limit (Figure 5's data)."""

from witness.pipeline.summary import aggregate_large
from witness.pipeline.workflow import logged

with logged(snakemake):
    p = snakemake.params
    aggregate_large(
        snakemake.input,
        snakemake.output.per_puzzle,
        snakemake.output.solved,
        p.time_limits_min,
        p.expansions_per_min,
    )
