"""Figures and report.md for one run."""

from witness.report import write_report
from witness.workflow import logged

with logged(snakemake):
    inp = snakemake.input
    stages = {v: [s for s in inp.stages if f"/triage/{v}/" in s]
              for v in snakemake.params.versions}
    write_report(
        snakemake.output[0], snakemake.params.label, snakemake.params.command,
        inp.pi_star, inp.verify, stages, inp.v2 or None, inp.summary, inp.by_size,
        inp.per_puzzle, inp.test_set, inp.large, inp.scores, inp.verdicts,
        learn_config=snakemake.params.learn,
    )
