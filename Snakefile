# witness-ilp: reproduce Stevens, Bulitko, Thue (2023) end to end.
#   snakemake --cores 32                                  # paper scale (config.yaml)
#   snakemake --cores 2 --configfile config/quick.yaml    # every step in minutes
#   snakemake --cores 32 --config bias=bias/unvisited.pl  # swap the bias: new results folder
#   snakemake ... --config bias=bias/rich.pl compare_with='[paper]'  # plus comparison.md
#   snakemake --report report.html ...                    # browsable report of a finished run
# Stages: generate sets -> examples -> learn -> translate -> triage 1-3 -> test -> large -> report.
from snakemake.utils import min_version

min_version("8.0")


# Paper-scale defaults; --configfile files given on the command line override them.
configfile: f"{workflow.basedir}/config.yaml"


include: "workflow/rules/common.smk"
include: "workflow/rules/generate.smk"
include: "workflow/rules/learn.smk"
include: "workflow/rules/triage.smk"
include: "workflow/rules/evaluate.smk"
include: "workflow/rules/difficulty.smk"
include: "workflow/rules/report.smk"


report: "workflow/report/workflow.rst"


# Cheap steps that only read and write small tables run in the main Snakemake process,
# not as cluster jobs (each job would cost a scheduling and status-check cycle).
localrules:
    all,
    translate,
    triage_distinct,
    triage_stage,
    final_predicate,
    pi_star,
    portfolio,
    test_summary,
    large_summary,
    report,
    compare,


rule all:
    input:
        f"{OUT}/report.md",
        [f"{OUT}/comparison.md"] if OTHERS else [],


onsuccess:
    # The headline (pi*, proven or not, speedups beside the paper's) and where the report is.
    headline = Path(f"{OUT}/headline.txt")
    if headline.exists() and Path(f"{OUT}/report.md").exists():
        print(f"\n{headline.read_text().rstrip()}")
        options = COMMAND.removeprefix("snakemake --cores N").strip()
        print(
            f"report: {OUT}/report.md (browsable: snakemake --report {OUT}/report.html {options})"
        )
    if OTHERS and Path(f"{OUT}/comparison.md").exists():
        print(f"side by side with {', '.join(OTHERS)}: {OUT}/comparison.md")
