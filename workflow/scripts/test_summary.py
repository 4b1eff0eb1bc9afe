"""Per-puzzle and per-size tables and overall speedups of the test evaluation."""

from witness.pipeline.summary import aggregate_test
from witness.pipeline.workflow import logged

with logged(snakemake):
    out = snakemake.output
    aggregate_test(snakemake.input, out.per_puzzle, out.by_size, out.summary)
