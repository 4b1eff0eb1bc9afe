"""Decide whether a learned predicate can prune a solution prefix (witness verify)."""

from witness.io import write_json
from witness.pipeline.triage import verify_record
from witness.pipeline.workflow import logged

with logged(snakemake):
    record, summary = verify_record(snakemake.input[0], *snakemake.params.max_size)
    print(summary)
    write_json(record, snakemake.output[0])
