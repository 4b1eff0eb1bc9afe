# The report: figures and report.md with each number next to the paper's.


rule report:
    input:
        pi_star=f"{OUT}/final/pi_star.pl",
        verify=f"{OUT}/final/pi_star.verify.json",
        v2=f"{OUT}/final/pi_star_v2.pl" if "v2" in config["triage"]["versions"] else [],
        stages=[f"{OUT}/triage/{v}/stage{s}.csv" for v in config["triage"]["versions"]
                for s in (1, 2, 3)],
        summary=f"{OUT}/test/summary.json",
        by_size=f"{OUT}/test/by_size.csv",
        per_puzzle=f"{OUT}/test/per_puzzle.csv",
        test_set=f"{RUN}/sets/test",
        large=f"{OUT}/large/solved.csv",
        scores=lambda w: expand(f"{OUT}/predicates/{{task}}.json", task=task_names()),
        translations=lambda w: expand(f"{OUT}/predicates/{{task}}.py", task=task_names()),
        verdicts=lambda w: expand(f"{OUT}/predicates/{{task}}.verify.json", task=task_names()),
    output:
        f"{OUT}/report.md",
    params:
        versions=config["triage"]["versions"],
        label=f"{config['run']} / {BIAS_NAME}",
        command=COMMAND,
        learn=config["learn"],
    log:
        f"{OUT}/logs/report.log",
    script:
        "../scripts/report.py"
