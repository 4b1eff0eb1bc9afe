# Learning (sections 4.1 and 5.3): one Popper-format task and one learning job
# per training puzzle (or per pool of puzzles), then the readable translation.


rule examples:
    input:
        train=f"{RUN}/sets/train",
        bias=BIAS,
    output:
        directory(f"{OUT}/tasks/{{task}}"),
    log:
        f"{OUT}/logs/examples_{{task}}.log",
    benchmark:
        f"{OUT}/benchmarks/examples_{{task}}.tsv"
    # measured peak 51 MB (results/reference/paper/benchmarks, max_rss)
    resources:
        runtime=30,
        mem_mb=1000,
    params:
        puzzles=lambda w: task_puzzles(w.task),
        learn=config["learn"],
    script:
        "../scripts/examples.py"


rule learn:
    input:
        f"{OUT}/tasks/{{task}}",
    output:
        program=f"{OUT}/predicates/{{task}}.pl",
        scores=f"{OUT}/predicates/{{task}}.json",
    log:
        f"{OUT}/logs/learn_{{task}}.log",
    benchmark:
        f"{OUT}/benchmarks/learn_{{task}}.tsv"
    # measured peak 83 MB with 2000 + 2000 examples per task (results/reference/paper);
    # uncapped tasks (up to ~600,000 examples) were not measured: a job killed for
    # memory is retried (profiles/slurm: retries) with four times as much
    resources:
        runtime=lambda w: int(config["learn"]["timeout"]) // 60 + 10,
        mem_mb=lambda w, attempt: 2000 * 4 ** (attempt - 1),
    params:
        learn=config["learn"],
        learner=config["learner"],
        learners=config["learners"],
    script:
        "../scripts/learn.py"


rule translate:
    input:
        f"{OUT}/predicates/{{task}}.pl",
    output:
        f"{OUT}/predicates/{{task}}.py",
    log:
        f"{OUT}/logs/translate_{{task}}.log",
    script:
        "../scripts/translate.py"
