"""Layer 4, the pipeline: triage (Algorithm 2, :mod:`~witness.pipeline.triage`),
evaluation, the report, the side-by-side comparison of biases, and the glue the
Snakemake scripts call (:mod:`~witness.pipeline.workflow`)."""
