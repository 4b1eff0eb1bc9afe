"""Layer 4, the pipeline: triage (Algorithm 2, :mod:`~witness.pipeline.triage`;
its records and CSV files, :mod:`~witness.pipeline.triage_tables`; pi_star's
files and the portfolio after it, :mod:`~witness.pipeline.final`), evaluation
(solving sets and chunks, :mod:`~witness.pipeline.evaluate`; the chunks' tables
and speedups, :mod:`~witness.pipeline.summary`; ``witness demo``,
:mod:`~witness.pipeline.demo`), the report, the side-by-side comparison of
biases, a run's puzzle sets in the order the pipeline makes them
(:mod:`~witness.pipeline.sets`), and the glue the Snakemake scripts call
(:mod:`~witness.pipeline.workflow`)."""
