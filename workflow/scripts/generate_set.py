"""Generate one puzzle set, disjoint from the sets generated before it: triangle
puzzles, or panels of the types of the config's ``panels`` key."""

from witness.pipeline.sets import set_generator
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
        generator=set_generator(snakemake.params.panels),
    )
