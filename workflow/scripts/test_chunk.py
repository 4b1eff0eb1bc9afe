"""Section 5.5 on one chunk of the test set."""

from witness.pipeline.evaluate import Chunk, evaluate_test_chunk
from witness.pipeline.workflow import logged

with logged(snakemake):
    p = snakemake.params
    chunk = Chunk(
        snakemake.input.set,
        int(snakemake.wildcards.chunk),
        p.chunk_size,
        snakemake.input.pi_star,
        snakemake.input.verify,
    )
    evaluate_test_chunk(
        chunk,
        snakemake.output[0],
        time_limit=p.time_limit,
        memory_mb=p.memory_mb,
        portfolio_json=snakemake.input.portfolio,
    )
