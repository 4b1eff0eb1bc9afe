"""Learn a predicate for one task folder; a failed or timed-out run is recorded, not fatal."""

from witness.ilp.learn import learn_to_files
from witness.workflow import logged

with logged(snakemake):
    learn = snakemake.params.learn
    learn_to_files(snakemake.input[0], snakemake.output.program, snakemake.output.scores,
                   timeout=learn["timeout"], engine=learn["engine"])
