"""Generate one puzzle set, disjoint from the sets generated before it: triangle
puzzles, or panels of the types of the config's ``panels`` key."""

from witness.pipeline.workflow import logged
from witness.search.generate import write_named_set

with logged(snakemake):
    spec, panels = snakemake.params.spec, snakemake.params.panels
    generator = None
    if panels:
        from witness.search.generate_panels import PanelSpec, panel_set_generator

        generator = panel_set_generator(
            PanelSpec(
                types=tuple(panels["types"]),
                densities=dict(panels.get("densities", {})),
                colours=panels.get("colours", 2),
            )
        )
    write_named_set(
        snakemake.output[0],
        snakemake.wildcards.set,
        spec["method"],
        spec["sizes"],
        spec["count"],
        snakemake.params.seed,
        exclude_dirs=snakemake.input.earlier,
        generator=generator,
    )
