# witness-ilp: reproduce Stevens, Bulitko, Thue (2023) end to end.
#   .venv/bin/snakemake --cores 32                                  # paper scale (config.yaml)
#   .venv/bin/snakemake --cores 2 --configfile config/quick.yaml    # every step in minutes
#   .venv/bin/snakemake --cores 32 --config bias=bias/unvisited.pl  # another bias, own folder
#   .venv/bin/snakemake ... --config bias=bias/rich.pl compare_with='[paper]'  # + comparison.md
#   .venv/bin/snakemake --report report.html ...        # browsable report of a finished run
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
include: "workflow/rules/synthesis.smk"


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
    synthesis,


rule all:
    input:
        f"{OUT}/report.md",
        f"{OUT}/report.md.html",
        [f"{OUT}/comparison.md", f"{OUT}/comparison.md.html"] if OTHERS else [],


onstart:
    # Mark the results folder as this bias's (see results_folder in common.smk).
    claim_folder(OUT, BIAS)


onsuccess:
    # The headline (pi*, proven or not, speedups beside the paper's) and where the report is.
    headline = Path(f"{OUT}/headline.txt")
    if headline.exists() and Path(f"{OUT}/report.md").exists():
        print(f"\n{headline.read_text().rstrip()}")
        html = f"{snakemake_call()} --report {OUT}/report.html {run_options(config['bias'], OTHERS)}"
        print(f"report: {OUT}/report.md (browsable: {html.strip()})")
    if OTHERS and Path(f"{OUT}/comparison.md").exists():
        print(f"side by side with {', '.join(OTHERS)}: {OUT}/comparison.md")
