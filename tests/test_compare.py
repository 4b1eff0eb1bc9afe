"""comparison.md (witness.pipeline.compare): two biases' outputs side by side, on small
fabricated results folders whose numbers are checked exactly; and the
pipeline's compare_with, which stops at once when another bias has not run."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from witness.errors import InputError
from witness.pipeline.compare import write_comparison
from witness.pipeline.compared_files import COMPARED_FILES, missing_files

ROOT = Path(__file__).resolve().parents[1]

RICH = "f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).\n"
TABLE3_FIRST = "f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).\n"
BY_SIZE = "bucket,squares,instances,baseline_mean_expansions,speedup_t,speedup_E\n"
SOLVED = "size,squares,solver,limit_min,puzzles,solved_within_time,solved_within_paper_expansions\n"
SCORES = "puzzle,size,rules,lookahead,muse,remuse,solutions,mean_length,status,seconds,states\n"


def fake_bias(
    folder: Path,
    program: str,
    status: str,
    overall: tuple,
    buckets: dict,
    pi_star: dict,
    baseline_5x5: float = 0.5,
    pi_muse: tuple = (1, 2, 3),
    sample: tuple = ("t0", "t1", "t2"),
) -> Path:
    """A results/<run>/<bias>/ folder holding only what the comparison reads."""
    for sub in ("final", "test", "large", "difficulty"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    (folder / "final/pi_star.pl").write_text("% a comment line\n" + program)
    (folder / "final/pi_star.verify.json").write_text(
        json.dumps({"status": status, "max_size": "3x3", "starts": "any"})
    )
    e, t = overall
    (folder / "test/summary.json").write_text(
        json.dumps({"puzzles": 30, "speedup_E": e, "speedup_t": t, "share_slower": 0.25})
    )
    (folder / "test/by_size.csv").write_text(
        BY_SIZE
        + "".join(f"{b},{sq},{n},{base},{t},{e}\n" for b, (sq, n, base, e, t) in buckets.items())
    )
    rows = [
        ("5x5", 25, "baseline", 2, baseline_5x5, baseline_5x5),
        ("8x8", 64, "baseline", 4, 0, 0),
        ("5x5", 25, "asp", 2, 1, ""),
        ("8x8", 64, "asp", 4, 1, ""),
    ]
    rows += [
        (size, sq, "pi_star", n, *pi_star[size]) for size, sq, n in (("5x5", 25, 2), ("8x8", 64, 4))
    ]
    (folder / "large/solved.csv").write_text(
        SOLVED + "".join(f"{s},{sq},{solver},0.1,{n},{w},{x}\n" for s, sq, solver, n, w, x in rows)
    )
    # MUSE / ReMUSE: none (6, 8, 10) / (3, 4, 5), baseline (5, 7, 9) / (2, 3, 4), pi*
    # pi_muse / half of it; "inf": no reachable solution
    scores = []
    for i, puzzle in enumerate(sample):
        for rules, muse, remuse in (
            ("none", 6 + 2 * i, 3 + i),
            ("baseline", 5 + 2 * i, 2 + i),
            ("pi_star", pi_muse[i], pi_muse[i] / 2),
        ):
            scores.append(f"{puzzle},3x3,{rules},0,{muse},{remuse},4,8.0,done,0.01,100\n")
    (folder / "difficulty/scores.csv").write_text(SCORES + "".join(scores))
    return folder


@pytest.fixture
def two_biases(tmp_path):
    run = tmp_path / "results" / "r"
    rich = fake_bias(
        run / "rich",
        RICH,
        "proven",
        (20, 12),
        {"4x4": (16, 10, 1500, 6, 3), "5x5": (25, 20, 110000, 26, 16.8)},
        {"5x5": (1, 1), "8x8": (0.5, 0.25)},
    )
    paper = fake_bias(
        run / "paper",
        TABLE3_FIRST,
        "bounded",
        (5, 6),
        {"4x4": (16, 10, 1500, 2, 3), "5x5": (25, 20, 110000, 6.5, 8.4)},
        {"5x5": (0.5, 0.5), "8x8": (0.25, 0.25)},
        pi_muse=(3, 4, float("inf")),
    )
    return run, rich, paper


def row(md: str, start: str) -> list[str]:
    line = next(x for x in md.splitlines() if x.startswith(start))
    return [c.strip() for c in line.strip("|").split("|")]


def test_comparison_lines_up_both_biases(two_biases):
    run, rich, paper = two_biases
    out = write_comparison(
        rich / "comparison.md",
        rich / "figures/comparison",
        [("rich", rich), ("paper", paper)],
        "CMD",
    )
    md = out.read_text()
    assert (rich / "figures/comparison.png").stat().st_size > 0
    assert "![speedups by bucket and large puzzles solved](figures/comparison.png)" in md
    assert "Made by `CMD`" in md
    # files are cited from the comparison's folder, so that they resolve there
    assert "folders: `.`, `../paper`" in md and str(run) not in md
    assert "### rich (`final/pi_star.pl`)" in md and "### paper (`../paper/final/pi_star.pl`)" in md
    # pi* of each in Prolog and English, with its verdict
    rich_part, paper_part = md.split("### rich")[1].split("### paper")
    assert RICH.strip() in rich_part and "could still add" in rich_part
    assert "reads addable_edges" in rich_part and "**proven for every size" in rich_part
    assert TABLE3_FIRST.strip() in paper_part
    assert "the square's edges on the path > the square's triangles" in paper_part
    assert "**no counterexample up to 3x3 (not proven for larger grids)**" in paper_part
    assert "pi* prunes only puzzles up to 3x3" in paper_part
    # overall and per bucket: each bias's speedups, then rich / paper
    assert row(md, "| speedup_E, all") == ["speedup_E, all", "20", "5", "4"]
    assert row(md, "| speedup_t, all") == ["speedup_t, all", "12", "6", "2"]
    assert row(md, "| bucket") == [
        "bucket",
        "n",
        "baseline mean expansions",
        "speedup_E rich",
        "speedup_E paper",
        "E rich / paper",
        "speedup_t rich",
        "speedup_t paper",
        "t rich / paper",
    ]
    assert row(md, "| 5x5 | 20") == ["5x5", "20", "110,000", "26", "6.5", "4", "16.8", "8.4", "2"]
    assert row(md, "| 4x4 | 10") == ["4x4", "10", "1,500", "6", "2", "3", "3", "3", "1"]
    assert "Every bias was tested on the same puzzles" in md
    # large puzzles: baseline, each pi*, clingo; all sizes weighted by puzzles
    assert row(md, "| size | limit") == [
        "size",
        "limit (min)",
        "A* with pi_baseline",
        "pi* rich",
        "pi* paper",
        "clingo (ASP)",
    ]
    assert row(md, "| 8x8 | 0.1") == ["8x8", "0.1", "0% (0%)", "50% (25%)", "25% (25%)", "100%"]
    # (2 * 1 + 4 * 0.5) / 6, (2 * 1 + 4 * 0.25) / 6, ...
    assert row(md, "| **all** | 0.1") == [
        "**all**",
        "0.1",
        "17% (17%)",
        "67% (50%)",
        "33% (33%)",
        "100%",
    ]
    assert "gave the same shares" not in md and "solved the same shares" in md
    # difficulty: none and pi_baseline once, then each bias's pi*
    part = md.split("## Puzzle difficulty")[1]
    assert row(part, "| none") == ["none", "3", "0", "8.00", "4.00", "8.00", "4.00"]
    assert row(part, "| baseline") == ["baseline", "3", "0", "7.00", "3.00", "7.00", "3.00"]
    assert row(part, "| pi* rich") == ["pi* rich", "3", "0", "2.00", "1.00", "2.00", "1.00"]
    assert row(part, "| pi* paper") == ["pi* paper", "3", "1", "3.50", "1.75", "3.50", "1.75"]
    assert "Every bias scored the same puzzles." in part


def test_figure5_of_the_comparison_has_every_bias_pi_star_between_baseline_and_clingo(two_biases):
    from witness.pipeline.compare import BiasResults, figure5_rows
    from witness.pipeline.report import figure5_panels, plt

    run, rich, paper = two_biases
    md = write_comparison(
        rich / "comparison.md",
        rich / "figures/comparison",
        [("rich", rich), ("paper", paper)],
        "CMD",
    ).read_text()
    assert (rich / "figures/comparison_figure5.png").stat().st_size > 0
    assert (rich / "figures/comparison_figure5.svg").stat().st_size > 0
    assert "![Figure 5 with every bias's pi*](figures/comparison_figure5.png)" in md
    rows = figure5_rows([BiasResults.load("rich", rich), BiasResults.load("paper", paper)])
    fig, axes, panels = figure5_panels(rows, lambda r, c: (c, r), lambda s, label: s)
    panels = list(panels)
    plt.close(fig)
    drawn = [(p.solver, p.column) for p in panels]
    solvers = ["baseline", "A* with pi* rich", "A* with pi* paper", "asp"]
    assert axes.shape == (2, 4)
    assert drawn == (
        [(s, "solved_within_time") for s in solvers]
        + [(s, "solved_within_paper_expansions") for s in solvers[:3]]
    )
    # each pi* panel holds that bias's own shares: 8x8 solved 50% (rich), 25% (paper)
    by = {p.solver: p.rows for p in panels}
    assert list(by["A* with pi* rich"].query("size == '8x8'")["solved_within_time"]) == [0.5]
    assert list(by["A* with pi* paper"].query("size == '8x8'")["solved_within_time"]) == [0.25]


def test_comparison_says_when_the_folders_disagree(two_biases, tmp_path):
    run, rich, paper = two_biases
    # the paper bias tested on other puzzles, and its baseline solved other large shares
    fake_bias(
        paper,
        TABLE3_FIRST,
        "proven",
        (5, 6),
        {"4x4": (16, 10, 1400, 2, 3), "5x5": (25, 20, 110000, 6.5, 8.4)},
        {"5x5": (0.5, 0.5), "8x8": (0.25, 0.25)},
        baseline_5x5=1.0,
        sample=("t0", "t1", "t9"),
    )
    md = write_comparison(
        tmp_path / "c.md", tmp_path / "c", [("rich", rich), ("paper", paper)], "CMD"
    ).read_text()
    assert "**The biases were not tested on the same puzzles**" in md
    assert "beside paper's pi* they solved other shares" in md
    assert "**The biases scored different samples**" in md


def test_a_missing_file_is_named(two_biases, tmp_path):
    run, rich, paper = two_biases
    (paper / "large/solved.csv").unlink()
    assert missing_files(paper) == ["large/solved.csv"]
    assert missing_files(rich) == []
    with pytest.raises(InputError, match=r"paper/large/solved\.csv: missing"):
        write_comparison(
            tmp_path / "c.md", tmp_path / "c", [("rich", rich), ("paper", paper)], "CMD"
        )
    with pytest.raises(InputError, match="compare_with"):
        write_comparison(tmp_path / "c.md", tmp_path / "c", [("rich", rich)], "CMD")


def dry_run(cwd: Path, *config: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("snakemake")
    # the quick profile under another run name
    quick = (ROOT / "config/quick.yaml").read_text()
    (cwd / "small.yaml").write_text(quick.replace("\nrun: quick\n", "\nrun: r\n"))
    return subprocess.run(
        [
            str(exe),
            "-s",
            str(ROOT / "Snakefile"),
            "-n",
            "--cores",
            "1",
            "--configfile",
            "small.yaml",
            "--config",
            *config,
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_snakemake_names_the_command_for_a_bias_that_has_not_run(tmp_path):
    proc = dry_run(tmp_path, "bias=bias/rich.pl", "compare_with=[paper]")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("config error:")]
    exe = Path(sys.executable).with_name("snakemake")
    assert errors == [  # a command to paste: this Snakemake, this Snakefile, these options
        "config error: compare_with: results/r/paper/final/pi_star.pl is "
        f"missing; run that bias first: {exe} -s {ROOT / 'Snakefile'} --cores 1 "
        "--configfile small.yaml"
    ], proc.stderr
    assert "Traceback" not in proc.stderr


def test_snakemake_plans_the_comparison_when_the_other_bias_has_run(two_biases):
    run, rich, paper = two_biases
    proc = dry_run(run.parents[1], "bias=bias/rich.pl", "compare_with=[paper,rich]")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "rule compare:" in proc.stdout and "results/r/rich/comparison.md" in proc.stdout
    assert all(f"results/r/paper/{f}" in proc.stdout for f in COMPARED_FILES)
