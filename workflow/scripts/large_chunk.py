"""Section 5.6 on one chunk of one large-puzzle set."""

from witness.pipeline.evaluate import Chunk, evaluate_large_chunk
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
    evaluate_large_chunk(
        chunk,
        snakemake.output[0],
        time_limit=p.time_limit,
        memory_mb=p.memory_mb,
        asp=p.asp,
        max_expansions=p.max_expansions,
    )
