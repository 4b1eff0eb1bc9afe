"""Choose the portfolio's unverified and verified members (section 6)."""

from witness.pipeline.final import choose_portfolio
from witness.pipeline.workflow import logged

with logged(snakemake):
    inp = snakemake.input
    print(
        choose_portfolio(
            inp.stages, inp.verify, inp.pi_star, inp.pi_star_verify, snakemake.output[0]
        )
    )
