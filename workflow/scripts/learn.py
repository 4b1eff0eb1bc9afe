"""Learn a predicate for one task folder; a failed or timed-out run is recorded, not fatal."""

from witness.pipeline.workflow import learn_step, logged

with logged(snakemake):
    learn = snakemake.params.learn
    learn_step(
        snakemake.input[0],
        snakemake.output.program,
        snakemake.output.scores,
        timeout=learn["timeout"],
        engine=learn["engine"],
        learner=snakemake.params.learner,
        learners=snakemake.params.learners,
    )
