# Puzzle difficulty: MUSE and ReMUSE of a sample of the test set, the
# player's rules being none, pi_baseline and each final predicate (only those
# proven for every grid size model a player; the others are left out, logged).


rule difficulty:
    input:
        set=f"{RUN}/sets/test",
        pi_star=f"{OUT}/final/pi_star.pl",
        verify=f"{OUT}/final/pi_star.verify.json",
        v2=f"{OUT}/final/pi_star_v2.pl" if "v2" in config["triage"]["versions"] else [],
        v2_verify=(
            f"{OUT}/final/pi_star_v2.verify.json"
            if "v2" in config["triage"]["versions"]
            else []
        ),
    output:
        f"{OUT}/difficulty/scores.csv",
    log:
        f"{OUT}/logs/difficulty.log",
    benchmark:
        f"{OUT}/benchmarks/difficulty.tsv"
    resources:
        runtime=lambda w: int(
            config["difficulty"]["sample"]
            * 4
            * config["difficulty"]["time_limit"]
            / 60
        )
        + 10,
    params:
        sample=config["difficulty"]["sample"],
        lookahead=config["difficulty"]["lookahead"],
        time_limit=config["difficulty"]["time_limit"],
        seed=config["seed"],
        panels=config.get("panels"),
    script:
        "../scripts/difficulty.py"
