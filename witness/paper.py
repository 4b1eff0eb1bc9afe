"""The paper's published figures (Stevens, Bulitko, Thue 2023), in one place.

Every report, benchmark and table that puts a number of ours next to the
paper's takes the paper's from here.
"""

from __future__ import annotations

from pathlib import Path

# Table 2: bucket (rows <= cols) -> (instances, mean baseline expansions, mean seconds)
PAPER_TABLE2: dict[tuple[int, int], tuple[int, float, float]] = {
    (2, 2): (135, 11, 0.0005),
    (2, 3): (1321, 31, 0.001),
    (2, 4): (1788, 72, 0.025),
    (3, 3): (1012, 109, 0.004),
    (2, 5): (1977, 173, 0.006),
    (3, 4): (2112, 401, 0.01),
    (3, 5): (2313, 1533, 0.06),
    (4, 4): (1137, 2397, 0.09),
    (4, 5): (2123, 1.4e4, 0.6),
    (5, 5): (1082, 1.4e5, 7.6),
}
# Section 5.5: speedups of pi° over pi_baseline on the 15000 test puzzles.
PAPER_TEST = {
    "puzzles": 15000,
    "speedup_t": 6.12,
    "speedup_E": 6.27,
    "speedup_t_range": [0.37, 1136],
    "speedup_E_range": [1, 1447],
    "share_slower": 0.325,
}
# Section 5.3: learning with Popper, one run per training puzzle.
PAPER_LEARNING = {
    "runs": 500,
    "found": 489,
    "timed_out": 11,
    "mean_min": 8.0,
    "range_min": [0.15, 60.1],
}
# Appendix A: the test puzzle with the largest speedup (5x5).
PAPER_LARGEST_SPEEDUP = {"size": "5x5", "speedup_E": 1447, "speedup_t": 1136}
# Section 5.6, Figure 5: 500 Algorithm-4 puzzles per size, 5x5 to 8x8; share solved.
PAPER_FIGURE5 = {"pi_star": {1: 0.744, 5: 0.839}, "baseline": {5: 0.740, 30: 0.831}}
PAPER_LARGE = {"puzzles": 5000, "sizes": "5x5 to 8x8"}  # Figure 5's puzzles, all sizes
# Section 5.6: about 18,000 expansions per second (Table 2: 1.4e5 in 7.6 s) x 60.
PAPER_EXPANSIONS_PER_MIN = 1_100_000
# Table 3: the learned predicate pi° as Prolog clauses over Table 1 (witness/table3.pl).
TABLE3_CLAUSES: tuple[str, ...] = tuple(
    line
    for line in (Path(__file__).with_name("table3.pl")).read_text().splitlines()
    if line.startswith("f(")
)
TABLE3_PROLOG = "".join(f"{clause}\n" for clause in TABLE3_CLAUSES)

# The difficulty thesis (Chen 2023, Table 4.1 and section 4.4): Pearson's r of each
# score with the temporally adjusted Windmill ratings, and its p-value, on 104 4x4
# puzzles with dots, coloured squares and gaps; ReMUSE on 152 triangle-only 4x4
# puzzles; and Shen (2024)'s rerun on 103 puzzles.
THESIS_TABLE_4_1: dict[str, tuple[float, float]] = {
    "muse_la0": (0.41, 1.1e-5),
    "muse_la1": (0.40, 2.4e-5),
    "muse_la2": (0.40, 2.4e-5),
    "remuse_la0": (0.57, 1.5e-10),
    "remuse_la1": (0.56, 4.9e-10),
    "remuse_la2": (0.56, 4.2e-10),
    "solutions": (0.32, 9.7e-4),
    "mean_length": (0.47, 3.9e-7),
}
THESIS_SETS = {"dots-squares-gaps": 104, "triangles": 152}
THESIS_TRIANGLES_REMUSE = (0.40, 3.92e-7)
SHEN_2024 = {"puzzles": 103, "muse_la0": 0.412, "remuse_la0": 0.583}
