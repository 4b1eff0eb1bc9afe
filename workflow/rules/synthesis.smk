# The side-by-side of the learners (docs/synthesis.md): not part of `all`.
#   snakemake --cores 2 synthesis      (reads config/synthesis.yaml)
import yaml

SYNTHESIS = yaml.safe_load(open(f"{workflow.basedir}/config/synthesis.yaml"))
SYNTHESIS_OUT = f"results/synthesis/{SYNTHESIS['run']}"


rule synthesis:
    input:
        f"{SYNTHESIS_OUT}/comparison.md",


rule synthesis_runs:
    input:
        config=f"{workflow.basedir}/config/synthesis.yaml",
    output:
        table=f"{SYNTHESIS_OUT}/comparison.md",
        runs=f"{SYNTHESIS_OUT}/runs.json",
    log:
        f"{SYNTHESIS_OUT}/synthesis.log",
    params:
        synthesis=SYNTHESIS,
    script:
        "../scripts/synthesis.py"
