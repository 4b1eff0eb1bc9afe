# Puzzle sets (section 5.1, Algorithms 3 and 4).


rule generate_set:
    input:
        earlier=lambda w: [
            f"{RUN}/sets/{s}" for s in SET_ORDER[: SET_ORDER.index(w.set)]
        ],
    output:
        directory(f"{RUN}/sets/{{set}}"),
    log:
        f"{RUN}/logs/generate_{{set}}.log",
    # Algorithm 3 (random) runs A* on every candidate (common.smk: search_mb)
    resources:
        runtime=120,
        mem_mb=lambda w: (
            search_mb(2000) if set_spec(w.set)["method"] == "random" else 2000
        ),
    params:
        spec=lambda w: set_spec(w.set),
        seed=config["seed"],
        panels=config.get("panels"),
    script:
        "../scripts/generate_set.py"
