"""Generate one puzzle set, disjoint from the sets generated before it."""

from witness.pipeline.workflow import logged
from witness.search.generate import write_named_set

with logged(snakemake):
    spec = snakemake.params.spec
    write_named_set(
        snakemake.output[0],
        snakemake.wildcards.set,
        spec["method"],
        spec["sizes"],
        spec["count"],
        snakemake.params.seed,
        exclude_dirs=snakemake.input.earlier,
    )
