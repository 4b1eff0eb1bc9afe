"""comparison.md and its figure: this bias beside the other biases of the run."""

from pathlib import Path

from witness.pipeline.compare import write_comparison
from witness.pipeline.report_html import write_report_html
from witness.pipeline.workflow import logged

with logged(snakemake):
    out = snakemake.output
    write_comparison(
        out.md, Path(out.figure).with_suffix(""), snakemake.params.biases, snakemake.params.command
    )
    write_report_html(out.md, out.html)
