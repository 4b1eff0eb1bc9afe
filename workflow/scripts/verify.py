"""Decide whether a learned predicate can prune a solution prefix (witness verify)."""

from witness.io import write_json
from witness.pipeline.triage import learned_predicate
from witness.pipeline.workflow import logged
from witness.verify.verdict import verify_predicate

with logged(snakemake):
    pred = learned_predicate(snakemake.input[0])
    rows, cols = snakemake.params.max_size
    if pred is None:  # a learning run that found no clause: nothing can fire
        record = {"predicate": snakemake.input[0], "status": "empty", "clauses": []}
    else:
        result = verify_predicate(pred, rows, cols)
        print(result.summary())
        record = result.to_dict()
    write_json(record, snakemake.output[0])
