# The report: figures and report.md (headline first) with each number next to the
# paper's. The figures are also marked for `snakemake --report report.html`.
from witness.pipeline.captions import CAPTIONS

FIG = f"{OUT}/figures"


rule report:
    input:
        pi_star=f"{OUT}/final/pi_star.pl",
        verify=f"{OUT}/final/pi_star.verify.json",
        v2=f"{OUT}/final/pi_star_v2.pl" if "v2" in config["triage"]["versions"] else [],
        stages=[
            f"{OUT}/triage/{v}/stage{s}.csv"
            for v in config["triage"]["versions"]
            for s in (1, 2, 3)
        ],
        distinct=f"{OUT}/triage/distinct.csv",
        summary=f"{OUT}/test/summary.json",
        by_size=f"{OUT}/test/by_size.csv",
        per_puzzle=f"{OUT}/test/per_puzzle.csv",
        test_set=f"{RUN}/sets/test",
        large=f"{OUT}/large/solved.csv",
        difficulty=f"{OUT}/difficulty/scores.csv",
        scores=lambda w: expand(f"{OUT}/predicates/{{task}}.json", task=task_names()),
        translations=lambda w: expand(
            f"{OUT}/predicates/{{task}}.py", task=task_names()
        ),
        verdicts=lambda w: expand(
            f"{OUT}/predicates/{{task}}.verify.json", task=task_names()
        ),
    output:
        md=f"{OUT}/report.md",
        headline=f"{OUT}/headline.txt",
        # report.md as HTML: the front page of `snakemake --report` (workflow.rst)
        html=report(
            f"{OUT}/report.md.html",
            category="Report",
            caption="../report/report_md.rst",
        ),
        figure4=report(
            f"{FIG}/figure4_speedup_by_size.png",
            category="Test set",
            caption="../report/figure4.rst",
        ),
        figure5=report(
            f"{FIG}/figure5_large_solved.png",
            category="Large puzzles",
            caption="../report/figure5.rst",
        ),
        figure5_lines=report(
            f"{FIG}/figure5_large_solved_lines.png",
            category="Large puzzles",
            caption="../report/figure5_lines.rst",
        ),
        appendix=report(
            f"{FIG}/appendix_largest_speedup.png",
            category="Test set",
            caption="../report/appendix.rst",
        ),
        difficulty=report(
            f"{FIG}/difficulty.png",
            category="Puzzle difficulty",
            caption="../report/difficulty.rst",
        ),
        svg=[
            f"{FIG}/{name}.svg"
            for name in (
                "figure4_speedup_by_size",
                "figure5_large_solved",
                "figure5_large_solved_lines",
                "appendix_largest_speedup",
                "difficulty",
            )
        ],
    log:
        f"{OUT}/logs/report.log",
    params:
        versions=config["triage"]["versions"],
        label=f"{config['run']} / {BIAS_NAME}",
        command=COMMAND,
        learn={**config["learn"], "learner": config["learner"]},
        triage=config["triage"],
        panels=config.get("panels"),
        captions=CAPTIONS,  # also the report items' (workflow/report/*.rst)
    script:
        "../scripts/report.py"


rule compare:
    """This bias's results beside those of the other biases of the run
    (config compare_with), read from their folders; nothing is rerun."""
    input:
        mine=[f"{OUT}/{f}" for f in COMPARED_FILES],
        others=[f"{RUN}/{b}/{f}" for b in OTHERS for f in COMPARED_FILES],
    output:
        md=f"{OUT}/comparison.md",
        html=report(
            f"{OUT}/comparison.md.html",
            category="Report",
            caption="../report/comparison_md.rst",
        ),
        figure=report(
            f"{FIG}/comparison.png",
            category="Side by side",
            caption="../report/comparison.rst",
        ),
        figure5=report(
            f"{FIG}/comparison_figure5.png",
            category="Side by side",
            caption="../report/comparison_figure5.rst",
        ),
        svg=[f"{FIG}/comparison.svg", f"{FIG}/comparison_figure5.svg"],
    log:
        f"{OUT}/logs/compare.log",
    params:
        biases=[(BIAS_NAME, OUT)] + [(b, f"{RUN}/{b}") for b in OTHERS],
        command=command_for(config["bias"], OTHERS),
    script:
        "../scripts/compare.py"
