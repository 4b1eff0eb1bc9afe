# Test evaluation (section 5.5) and large puzzles (section 5.6): pi_star against
# pi_baseline, in chunks of puzzles so that a cluster can spread them.


rule test_chunk:
    input:
        set=f"{RUN}/sets/test",
        pi_star=f"{OUT}/final/pi_star.pl",
        verify=f"{OUT}/final/pi_star.verify.json",
        portfolio=f"{OUT}/final/portfolio.json",
    output:
        f"{OUT}/test/chunks/{{chunk}}.csv",
    log:
        f"{OUT}/logs/test_{{chunk}}.log",
    benchmark:
        f"{OUT}/benchmarks/test_{{chunk}}.tsv"
    # the portfolio (section 6) runs its two members in two threads
    threads: 2
    # measured peak 233 MB over the 15,000 test puzzles of the paper-scale run
    # (results/reference/paper); their searches stay far below test.memory_mb
    # and compiling the search core needs more with panels (common.smk: search_mb)
    resources:
        runtime=240,
        mem_mb=search_mb(1000),
    params:
        chunk_size=config["test"]["chunk"],
        time_limit=config["test"]["time_limit"],
        memory_mb=config["test"]["memory_mb"],
    script:
        "../scripts/test_chunk.py"


rule test_summary:
    input:
        expand(
            f"{OUT}/test/chunks/{{chunk}}.csv",
            chunk=range(n_chunks("test", config["test"]["chunk"])),
        ),
    output:
        per_puzzle=f"{OUT}/test/per_puzzle.csv",
        by_size=f"{OUT}/test/by_size.csv",
        summary=f"{OUT}/test/summary.json",
    log:
        f"{OUT}/logs/test_summary.log",
    script:
        "../scripts/test_summary.py"


rule large_chunk:
    input:
        set=f"{RUN}/sets/{{set}}",
        pi_star=f"{OUT}/final/pi_star.pl",
        verify=f"{OUT}/final/pi_star.verify.json",
    output:
        f"{OUT}/large/chunks/{{set}}_{{chunk}}.csv",
    log:
        f"{OUT}/logs/large_{{set}}_{{chunk}}.log",
    benchmark:
        f"{OUT}/benchmarks/large_{{set}}_{{chunk}}.tsv"
    resources:
        runtime=lambda w: int(
            max(config["large_eval"]["time_limits_min"])
            * 3
            * config["large_eval"]["chunk"]
        )
        + 10,
        # one search at a time, its stored paths bounded by large_eval.memory_mb, plus
        # the rest (clingo, the process): measured peak 1270 MB with memory_mb 8192 on
        # 10 puzzles per size (results/reference/paper), so 500 may fill the budget
        mem_mb=lambda w: search_mb(int(config["large_eval"]["memory_mb"]) + 1000),
    params:
        chunk_size=config["large_eval"]["chunk"],
        time_limit=max(config["large_eval"]["time_limits_min"]) * 60,
        # the paper's throughput over its largest limit: A* stops there, as the paper's did
        max_expansions=int(
            max(config["large_eval"]["time_limits_min"])
            * config["large_eval"]["paper_expansions_per_min"]
        ),
        memory_mb=config["large_eval"]["memory_mb"],
        asp=config["large_eval"]["asp"],
    script:
        "../scripts/large_chunk.py"


rule large_summary:
    input:
        [
            f"{OUT}/large/chunks/{s}_{c}.csv"
            for s in LARGE_NAMES
            for c in range(n_chunks(s, config["large_eval"]["chunk"]))
        ],
    output:
        per_puzzle=f"{OUT}/large/per_puzzle.csv",
        solved=f"{OUT}/large/solved.csv",
    log:
        f"{OUT}/logs/large_summary.log",
    params:
        time_limits_min=config["large_eval"]["time_limits_min"],
        expansions_per_min=config["large_eval"]["paper_expansions_per_min"],
    script:
        "../scripts/large_summary.py"
