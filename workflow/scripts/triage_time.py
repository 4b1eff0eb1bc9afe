"""Time a group of learned predicates and the baseline on one filter set."""

from witness.pipeline.triage import time_candidates
from witness.pipeline.triage_tables import write_timings
from witness.pipeline.workflow import logged

with logged(snakemake):
    rows = time_candidates(
        snakemake.input.predicates,
        snakemake.input.set,
        snakemake.wildcards.version,
        repeats=snakemake.params.repeats,
        time_limit=snakemake.params.time_limit,
    )
    write_timings(rows, snakemake.output[0])
