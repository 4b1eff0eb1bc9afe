"""Decide whether a learned predicate can prune a solution prefix (witness verify)."""

import json
from pathlib import Path

from witness.triage import learned_predicate
from witness.verify import verify_predicate
from witness.workflow import logged

with logged(snakemake):
    pred = learned_predicate(snakemake.input[0])
    rows, cols = snakemake.params.max_size
    result = verify_predicate(pred, rows, cols)
    print(result.summary())
    Path(snakemake.output[0]).write_text(json.dumps(result.to_dict(), indent=1) + "\n")
