"""Write the Popper task folder of one training puzzle or panel (or one pool of them)."""

from pathlib import Path

from witness.learning.examples import write_task
from witness.model.panel import Panel
from witness.pipeline.workflow import logged

with logged(snakemake):
    names = snakemake.params.puzzles
    learn = snakemake.params.learn
    puzzles = [Panel.load(Path(snakemake.input.train) / f"{n}.json") for n in names]
    summary = write_task(
        puzzles,
        snakemake.output[0],
        names=names,
        bias_file=snakemake.input.bias,
        max_pos=learn["max_pos"],
        max_neg=learn["max_neg"],
        positives=learn["positives"],
    )
    print(
        f"{summary.pos_written}/{summary.pos_total} pos, "
        f"{summary.neg_written}/{summary.neg_total} neg"
    )
