"""The captions of the report's figures: under each figure in report.md (and so
in its HTML), and the captions of the figures as items of ``snakemake --report``
(workflow/report/*.rst). A module of its own so that the Snakefile can read
them without importing matplotlib or pandas (every cluster job parses it)."""

CAPTIONS = {
    "figure4": "Figure 4 of the paper: speedup_E (A* expansions, exact) and speedup_t (search "
    "time on this machine) of pi* over pi_baseline per bucket of Table 2 (a 2x4 and a 4x2 "
    "puzzle share a bucket), with the number of test puzzles in each. Grey lines: the paper's "
    "speedups over all its 15000 test puzzles (it gives no per-bucket values). Hollow points: "
    "buckets whose baseline searches take under a millisecond on average, where speedup_t is "
    "mostly timing noise; speedup_E does not depend on the machine.",
    "figure5": "Figure 5 of the paper: percentage of large puzzles (Algorithm 4) solved within "
    "each limit, per solver and puzzle size (n: puzzles of that size), on one colour scale. Top "
    "row: wall-clock limits on this machine; bottom row: the paper's throughput (about 18,000 "
    "expansions per second) times the limit, read off each search's expansions (clingo has no "
    "such budget). A row of 100s means every solver solved every puzzle within the smallest "
    "limit: the sizes of this profile are too small to tell the solvers apart.",
    "figure5_lines": "Figure 5's data as lines: percentage solved against puzzle size, one "
    "line per limit; limits whose lines coincide are drawn once, with every limit in the legend.",
    "appendix": "Appendix A of the paper: the test puzzle on which pi* gave the largest "
    "expansion speedup over pi_baseline, with the solution A* found using pi*.",
    "difficulty": "Puzzle difficulty (Chen 2023, MUSE and ReMUSE in bits) of a sample of the "
    "test set, the player's inference rules being none, pi_baseline and each final predicate "
    "proven for every grid size (rule sets that score every puzzle alike are one, named "
    "a = b). Top: distributions per bucket of Table 2 (boxes: quartiles and median; points "
    "where a bucket has fewer than 5 puzzles). Bottom: ReMUSE against baseline A* expansions "
    "and against the number of solutions, with Spearman's rho.",
}
