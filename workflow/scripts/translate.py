"""The readable Python translation of one learned program (empty if it has no clause)."""

from pathlib import Path

from witness.learning.translate import python_source
from witness.pipeline.triage import learned_predicate
from witness.pipeline.workflow import logged

with logged(snakemake):
    pred = learned_predicate(snakemake.input[0])
    text = python_source(pred) if pred else "# the learning run found no clause\n"
    Path(snakemake.output[0]).write_text(text)
