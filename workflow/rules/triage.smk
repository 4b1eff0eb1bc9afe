# Triage (Algorithm 2): time every learned predicate on filter set 1, keep the k1
# fastest, time them on filter set 2, keep k2, time them on filter set 3, keep 1.
# Run for both A* versions of section 5.3 (v1: predicate as sort key; v2: plus
# pruning with pi_baseline). Stages are checkpoints: which predicates a stage
# times is known only once the previous stage has ranked them.

# Learned predicates that fire on the same feature values are timed once (triage_distinct).
# (stage_candidates and stage_group are in common.smk)


checkpoint triage_distinct:
    """One learned predicate per distinct predicate: the ones triage times."""
    input:
        lambda w: expand(f"{OUT}/predicates/{{task}}.pl", task=task_names()),
    output:
        f"{OUT}/triage/distinct.csv",
    log:
        f"{OUT}/logs/triage_distinct.log",
    script:
        "../scripts/triage_distinct.py"


rule triage_time:
    """Time a group of candidates and pi_baseline on one filter set, interleaved
    in one process and repeated (witness.pipeline.triage.time_candidates)."""
    input:
        predicates=lambda w: expand(
            f"{OUT}/predicates/{{task}}.pl",
            task=stage_group(w.version, int(w.stage), int(w.group)),
        ),
        set=f"{RUN}/sets/filter{{stage}}",
    output:
        f"{OUT}/triage/{{version}}/stage{{stage}}/group{{group}}.csv",
    log:
        f"{OUT}/logs/triage_{{version}}_{{stage}}_group{{group}}.log",
    benchmark:
        f"{OUT}/benchmarks/triage_{{version}}_{{stage}}_group{{group}}.tsv"
    # measured peak 311 MB (results/reference/paper); compiling the panel core needs
    # more (common.smk: search_mb)
    resources:
        runtime=240,
        mem_mb=search_mb(),
    params:
        time_limit=config["triage"]["time_limit"],
        repeats=config["triage"]["repeats"],
    script:
        "../scripts/triage_time.py"


checkpoint triage_stage:
    input:
        lambda w: expand(
            f"{OUT}/triage/{w.version}/stage{w.stage}/group{{group}}.csv",
            group=range(
                max(1, -(-len(stage_candidates(w.version, int(w.stage))) // GROUP))
            ),
        ),
    output:
        f"{OUT}/triage/{{version}}/stage{{stage}}.csv",
    log:
        f"{OUT}/logs/triage_{{version}}_stage{{stage}}.log",
    params:
        keep=lambda w: STAGE_KEEP[int(w.stage)],
        rank_by=config["triage"]["rank_by"],
    script:
        "../scripts/triage_stage.py"


rule final_predicate:
    input:
        stage3=f"{OUT}/triage/{{version}}/stage3.csv",
        predicates=lambda w: expand(f"{OUT}/predicates/{{task}}.pl", task=task_names()),
    output:
        program=f"{OUT}/final/pi_star_{{version}}.pl",
        python=f"{OUT}/final/pi_star_{{version}}.py",
    log:
        f"{OUT}/logs/final_{{version}}.log",
    params:
        predicates_dir=f"{OUT}/predicates",
    script:
        "../scripts/final_predicate.py"


rule pi_star:
    """pi_star is the winner of the configured A* version (the paper: v1)."""
    input:
        program=f"{OUT}/final/pi_star_{config['triage']['final_version']}.pl",
        python=f"{OUT}/final/pi_star_{config['triage']['final_version']}.py",
    output:
        program=f"{OUT}/final/pi_star.pl",
        python=f"{OUT}/final/pi_star.py",
    log:
        f"{OUT}/logs/pi_star.log",
    shell:
        "(cp -v {input.program} {output.program} && cp -v {input.python} {output.python}) "
        "> {log} 2>&1"


rule verify:
    """witness verify on a learned program (predicates/) or on pi_star (final/)."""
    input:
        f"{OUT}/{{kind}}/{{name}}.pl",
    output:
        f"{OUT}/{{kind}}/{{name}}.verify.json",
    log:
        f"{OUT}/logs/verify_{{kind}}_{{name}}.log",
    benchmark:
        f"{OUT}/benchmarks/verify_{{kind}}_{{name}}.tsv"
    wildcard_constraints:
        kind="predicates|final",
        name="[a-z0-9_]+",
    params:
        max_size=config["verify"]["max_size"],
    script:
        "../scripts/verify.py"


rule portfolio:
    """Section 6: the best unproven predicate of triage, to run in parallel
    with one proven for every size (pi* if it is, else pi_baseline) in the
    test evaluation. portfolio.json calls them "unverified" and "verified"."""
    input:
        stages=[
            f"{OUT}/triage/{config['triage']['final_version']}/stage{s}.csv"
            for s in (3, 2, 1)
        ],
        verify=lambda w: expand(
            f"{OUT}/predicates/{{task}}.verify.json", task=task_names()
        ),
        pi_star=f"{OUT}/final/pi_star.pl",
        pi_star_verify=f"{OUT}/final/pi_star.verify.json",
    output:
        f"{OUT}/final/portfolio.json",
    log:
        f"{OUT}/logs/portfolio.log",
    script:
        "../scripts/portfolio.py"
