"""MUSE and ReMUSE of a sample of the test set under each rule set: on triangle
puzzles none, pi_baseline and each final predicate; on panels none, the
thesis's hand rules, pi_star and the hand rules with pi_star."""

from witness.difficulty.ranking import score_set
from witness.pipeline.workflow import logged

with logged(snakemake):
    inp, p = snakemake.input, snakemake.params
    if p.panels:
        rules = {"none": "none", "hand": "hand", "pi_star": inp.pi_star}
        rules["hand+pi_star"] = f"hand+{inp.pi_star}"
    else:
        rules = {"none": "none", "baseline": "baseline", "pi_star": inp.pi_star}
        if inp.v2:
            rules["pi_star_v2"] = inp.v2
    score_set(
        inp.set,
        rules,
        snakemake.output[0],
        sample=p.sample,
        seed=p.seed,
        lookahead=p.lookahead,
        time_limit=p.time_limit,
    )
