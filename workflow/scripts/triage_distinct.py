"""List every learned predicate with the one triage times for it."""

from witness.pipeline.triage import distinct_predicates
from witness.pipeline.triage_tables import write_distinct
from witness.pipeline.workflow import logged

with logged(snakemake):
    rows = distinct_predicates(snakemake.input)
    write_distinct(rows, snakemake.output[0])
    print(f"{len(rows)} learned predicates, {len({r.same_as for r in rows})} distinct predicates")
