# witness-ilp: reproduce Stevens, Bulitko, Thue (2023) end to end.
#   snakemake --cores 32                                  # paper scale (config.yaml)
#   snakemake --cores 2 --configfile config/quick.yaml    # every step in minutes
#   snakemake --cores 32 --config bias=bias/unvisited.pl  # swap the bias: new results folder
# Stages: generate sets -> examples -> learn -> translate -> triage 1-3 -> test -> large -> report.

# Paper-scale defaults; --configfile files given on the command line override them.
configfile: f"{workflow.basedir}/config.yaml"


include: "workflow/rules/common.smk"
include: "workflow/rules/generate.smk"
include: "workflow/rules/learn.smk"
include: "workflow/rules/triage.smk"
include: "workflow/rules/evaluate.smk"
include: "workflow/rules/report.smk"


rule all:
    input:
        f"{OUT}/report.md",
