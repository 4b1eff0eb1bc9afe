"""Time one predicate (or the baseline) on one filter set."""

from witness.triage import evaluate_on_set
from witness.workflow import logged

with logged(snakemake):
    inp = snakemake.input
    predicate = inp.predicate if "predicate" in inp.keys() else "baseline"
    version = snakemake.wildcards.get("version", "v1")
    evaluate_on_set(predicate, inp.set if "set" in inp.keys() else inp[0], version,
                    snakemake.output[0], time_limit=snakemake.params.time_limit)
