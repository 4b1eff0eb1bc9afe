"""The report's shared pieces (witness.pipeline.report): figures written as a
.png and an .svg, Figure 5's grid of panels, weighted shares, and a
predicate's markdown (clauses, English, relation to Table 3, verdict)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from witness.difficulty.ranking import SCORE_FIELDS
from witness.pipeline.report import (
    encoding_lines,
    figure5,
    figure5_lines,
    figure5_panels,
    figure_difficulty,
    plt,
    predicate_lines,
    save_figure,
    weighted_share,
)
from witness.search.predicates import PAPER

SOLVED = pd.DataFrame(
    [
        (size, sq, solver, limit, n, 0.5, None if solver == "asp" else 0.25)
        for size, sq, n in (("5x5", 25, 2), ("8x8", 64, 6))
        for solver in ("asp", "pi_star", "baseline")
        for limit in (1, 5)
    ],
    columns=[
        "size",
        "squares",
        "solver",
        "limit_min",
        "puzzles",
        "solved_within_time",
        "solved_within_paper_expansions",
    ],
)


def test_save_figure_writes_png_and_svg_and_nothing_else(tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    paths = save_figure(fig, tmp_path / "sub" / "f")
    assert paths == [tmp_path / "sub" / "f.png", tmp_path / "sub" / "f.svg"]
    assert sorted(p.name for p in (tmp_path / "sub").iterdir()) == ["f.png", "f.svg"]
    assert paths[0].read_bytes().startswith(b"\x89PNG")
    assert "<svg" in paths[1].read_text() and "<dc:date>" not in paths[1].read_text()


def test_figure5_grid_has_a_panel_per_solver_and_reading_but_clingos_expansions():
    fig, axes, panels = figure5_panels(
        SOLVED, lambda rows, cols: (cols, rows), lambda solver, label: f"none: {solver}"
    )
    drawn = [(p.solver, p.column, p.first) for p in panels]
    assert axes.shape == (2, 3)
    # baseline and pi* first (the paper's panels), then the others
    assert drawn == [
        ("baseline", "solved_within_time", True),
        ("pi_star", "solved_within_time", False),
        ("asp", "solved_within_time", False),
        ("baseline", "solved_within_paper_expansions", True),
        ("pi_star", "solved_within_paper_expansions", False),
    ]
    # clingo's expansions panel is not drawn (no empty box, no floating title):
    # a note under the figure says why
    assert axes[1][2] not in fig.axes and len(fig.axes) == 5
    assert fig.get_supxlabel() == "none: asp"
    plt.close(fig)


@pytest.mark.parametrize("draw", [figure5, figure5_lines])
def test_figure5_files(tmp_path, draw):
    SOLVED.to_csv(tmp_path / "solved.csv", index=False)
    assert [p.suffix for p in draw(tmp_path / "solved.csv", tmp_path / "f")] == [".png", ".svg"]


def test_weighted_share_counts_each_size_by_its_puzzles():
    g = SOLVED[(SOLVED["solver"] == "baseline") & (SOLVED["limit_min"] == 1)].copy()
    g["solved_within_time"] = [1.0, 0.5]  # 2 puzzles of 5x5, 6 of 8x8
    assert weighted_share(g, "solved_within_time") == pytest.approx((2 * 1.0 + 6 * 0.5) / 8)


def test_predicate_lines_name_the_relation_and_the_verdict():
    lines = predicate_lines(PAPER, {"status": "proven"}, "In English:")
    assert lines[0] == "```prolog" and lines[len(PAPER.clauses) + 1] == "```"
    assert lines[len(PAPER.clauses) + 3] == "In English:"
    said = [line for line in lines if line.startswith("It is ")]
    assert said == [
        "It is the paper's Table 3 (the same on every feature value). `witness verify`: "
        "**proven for every size: no false positive on any grid**. pi* prunes in the test "
        "evaluation."
    ]
    empty = predicate_lines(None, {"status": "empty"})
    assert empty[:3] == ["```prolog", "```", ""]
    said = [line for line in empty if line.startswith("It is ")]
    assert said[0].startswith("It is empty (no clause).")
    assert "**no clause (the learning run found nothing)**" in said[0]


def test_each_clause_has_its_verdict_and_argument_numbered_from_1():
    record = {
        "status": "refuted",
        "clauses": [  # numbered by place, whatever the record's own index (older: from 0)
            {"index": 0, "status": "proven", "local": True, "generality": "local | argument"},
            {"index": 1, "status": "refuted", "kind": "non-local", "generality": "a prefix"},
        ],
    }
    lines = predicate_lines(PAPER, record)
    table = lines[lines.index("| clause | verdict | kind | why (witness verify) |") :]
    assert table[2] == "| 1 | proven | local | local \\| argument |"
    assert table[3] == "| 2 | refuted | non-local | a prefix |"


def test_committed_paper_scale_pi_star_is_table3_and_proven():
    # the paper-scale run's pi* as committed (results/reference/paper/README.md)
    from pathlib import Path

    from witness.learning.translate import translate_file
    from witness.pipeline.report import relation_to_table3
    from witness.verify.verdict import verify_predicate

    pi_star = translate_file(
        Path(__file__).resolve().parents[1] / "results/reference/paper/final/pi_star.pl"
    )
    assert relation_to_table3(pi_star) == "the paper's Table 3 (the same on every feature value)"
    result = verify_predicate(pi_star, 3, 3)
    assert result.status == "proven" and result.all_sizes


@pytest.mark.parametrize(
    "learn, says, compared",
    [
        (
            {"positives": "all", "max_pos": None, "max_neg": None},
            "caps per task: none, every example (as the paper)",
            "Popper on every example)",
        ),
        (
            {"positives": "all", "max_pos": 2000, "max_neg": 2000},
            "caps per task: max_pos 2000, max_neg 2000 (the paper used every example)",
            "so the times are not like for like)",
        ),
        (
            {"positives": "blamed", "max_pos": 2000},
            "this project's extension",
            "(not compared with the paper's: the encoding differs)",
        ),
    ],
)
def test_report_states_the_encoding_and_compares_times_only_on_the_papers(learn, says, compared):
    encoding, times = encoding_lines(learn, pd.Series([4.0, 8.0]))
    assert f"`positives: {learn['positives']}`" in encoding and says in encoding
    assert times.startswith("- seconds per run: mean 6") and times.endswith(compared)
    assert ("paper: mean 8 min" in times) == (learn["positives"] == "all")


def _plain_spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rho for values without ties: 1 - 6 sum d^2 / (n (n^2 - 1))."""
    rank = {v: i for i, v in enumerate(sorted(x))}
    rank_y = {v: i for i, v in enumerate(sorted(y))}
    n = len(x)
    d2 = sum((rank[a] - rank_y[b]) ** 2 for a, b in zip(x, y, strict=True))
    return 1 - 6 * d2 / (n * (n * n - 1))


def test_difficulty_figure_draws_both_scores_and_gives_the_correlations(tmp_path):
    """The report's difficulty table: per rule set the puzzles, those with no
    reachable solution (left out of the medians and correlations), median MUSE
    and ReMUSE, and ReMUSE's correlations with A* expansions and with the
    number of solutions, as a plain computation gives them."""
    import numpy as np

    puzzles = [f"test_{i:05d}" for i in range(7)]
    expansions = [10, 40, 20, 800, 5000, 300, 90]
    solutions = [3, 1, 50, 7, 2, 400, 20]
    remuse = {
        "none": [1.0, 2.0, 1.7, 4.0, 6.0, 3.2, 2.5],  # monotone in expansions
        "pi_star": [0.5, 1.5, 0.2, 2.5, 0.7, 1.0, float("inf")],
    }
    rows = [
        (q, "3x3", rule, 0, r[i] + 1, r[i], solutions[i], 8.0, "done", 0.01, 100)
        for rule, r in remuse.items()
        for i, q in enumerate(puzzles)
    ]
    # a puzzle the time limit stopped: not scored, left out of the table
    rows.append(("test_00007", "3x3", "pi_star", 0, None, None, 0, None, "timed_out", 60, 9))
    scores = tmp_path / "scores.csv"
    pd.DataFrame(
        rows,
        columns=SCORE_FIELDS,  # the pipeline's difficulty CSV columns
    ).to_csv(scores, index=False)
    per = tmp_path / "per_puzzle.csv"
    pd.DataFrame({"puzzle": puzzles, "baseline_expansions": expansions}).to_csv(per, index=False)
    lines = figure_difficulty(scores, per, tmp_path / "fig" / "difficulty")
    assert (tmp_path / "fig" / "difficulty.png").read_bytes().startswith(b"\x89PNG")
    table = {line.split(" | ")[0].strip("| "): line.strip("| ").split(" | ") for line in lines[2:]}
    assert set(table) == {"none", "pi_star"}
    for rule, r in remuse.items():
        keep = [i for i in range(7) if np.isfinite(r[i])]
        x = [r[i] for i in keep]
        row = table[rule]
        assert row[1:3] == ["7", str(7 - len(keep))]  # the timed-out row is not counted
        assert float(row[3]) == pytest.approx(float(np.median(x)) + 1, abs=0.005)  # MUSE
        assert float(row[4]) == pytest.approx(float(np.median(x)), abs=0.005)
        rho_e, r_e = (float(v) for v in row[5].split(" / "))
        rho_s, r_s = (float(v) for v in row[6].split(" / "))
        assert rho_e == pytest.approx(_plain_spearman(x, [expansions[i] for i in keep]), abs=0.005)
        assert rho_s == pytest.approx(_plain_spearman(x, [solutions[i] for i in keep]), abs=0.005)
        assert r_e == pytest.approx(
            np.corrcoef(x, np.log10([expansions[i] for i in keep]))[0, 1], abs=0.005
        )
        assert r_s == pytest.approx(
            np.corrcoef(x, np.log10([solutions[i] for i in keep]))[0, 1], abs=0.005
        )
    assert table["none"][5].startswith("1.00 /")  # ReMUSE rises with expansions


def test_runs_on_panels_name_the_papers_figures_as_triangle_puzzles():
    from pathlib import Path

    import pandas as pd

    from witness.pipeline.report import ReportInputs, by_size_table

    paths = {k: Path("x") for k in ("pi_star", "verify_json", "test_summary", "by_size_csv")}
    paths |= {k: Path("x") for k in ("per_puzzle_csv", "test_set", "large_solved_csv")}
    common = dict(stage_csvs={}, v2_program=None, learn_scores=(), **paths)
    assert ReportInputs(**common).paper == "paper"
    on_panels = ReportInputs(**common, panels={"types": ["dots"]})
    assert on_panels.paper == "paper, triangle puzzles"
    row = {
        "bucket": "2x2",
        "instances": 1,
        "baseline_mean_expansions": 5.0,
        "paper_baseline_mean_expansions": 9.0,
        "baseline_mean_seconds": 0.1,
        "paper_baseline_mean_seconds": 0.2,
        "pi_star_mean_expansions": 4.0,
        "speedup_t": 1.0,
        "speedup_E": 1.25,
    }
    header = by_size_table(pd.DataFrame([row]), on_panels.paper)[0]
    assert "baseline mean expansions (paper, triangle puzzles)" in header


PROVENANCE = "% pi_star: winner of triage (triage/v1/stage3.csv), learned as {}\n"


def _run_folder(root, ranked: dict, v2_learned_as: str = "train_1"):
    """A run's folder as the report reads it: pi* (version 1's choice, learned
    as train_1), version 2's choice, the verdict and one stage CSV per stage of
    version 1, stage s ranking ``ranked[s]`` (name -> speedup_E, 0 for no clause)."""
    import json

    from witness.pipeline.triage_tables import StageRow, write_stage

    run = root / "results" / "quick" / "paper"
    (run / "final").mkdir(parents=True)
    (run / "final/pi_star.pl").write_text(PROVENANCE.format("train_1") + TABLE3_ROW)
    (run / "final/pi_star_v2.pl").write_text(PROVENANCE.format(v2_learned_as) + TABLE3_ROW)
    (run / "final/pi_star.verify.json").write_text(json.dumps({"status": "proven"}))
    csvs = []
    for stage, names in ranked.items():
        csvs.append(run / f"triage/v1/stage{stage}.csv")
        rows = [
            StageRow(i, name, e, e, e, e, 1.0, 10, 0, kept=i == 1 and e > 0)
            for i, (name, e) in enumerate(names.items(), 1)
        ]
        write_stage(rows, csvs[-1])
    return run, csvs


TABLE3_ROW = "f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).\n"


def _triage_text(run, csvs) -> str:
    from witness.pipeline.report import ReportInputs, triage_section

    inputs = ReportInputs(
        pi_star=run / "final/pi_star.pl",
        verify_json=run / "final/pi_star.verify.json",
        stage_csvs={"v1": csvs},
        v2_program=run / "final/pi_star_v2.pl",
        **{k: run / "x" for k in ("test_summary", "by_size_csv", "per_puzzle_csv")},
        **{k: run / "x" for k in ("test_set", "large_solved_csv")},
        learn_scores=(),
    )
    return "\n".join(triage_section(inputs, run))


def test_the_report_cites_paths_relative_to_its_folder_and_they_resolve(tmp_path):
    import re

    run, csvs = _run_folder(tmp_path, {1: {"train_1": 2.0}, 2: {"train_1": 2.0}})
    text = _triage_text(run, csvs)
    cited = re.findall(r"`([^` ]+\.(?:pl|csv|json))`", text)
    assert "final/pi_star.pl" in cited and "triage/v1/stage2.csv" in cited
    assert all((run / path).is_file() for path in cited), cited
    assert "results/" not in text and str(tmp_path) not in text


def test_stages_with_one_candidate_say_nothing_was_ranked(tmp_path):
    one = {"train_1": 2.0, "empty": 0.0}  # a program with no clause is no candidate
    run, csvs = _run_folder(tmp_path, {1: one, 2: one, 3: one})
    assert "One candidate with clauses reached every stage: nothing was ranked" in (
        _triage_text(run, csvs)
    )
    two = {"train_1": 2.0, "train_2": 1.5}
    run, csvs = _run_folder(tmp_path / "b", {1: two, 2: one, 3: two})
    assert "One candidate with clauses reached stage 2: nothing was ranked" in (
        _triage_text(run, csvs)
    )
    run, csvs = _run_folder(tmp_path / "c", {1: two, 2: two, 3: two})
    assert "One candidate" not in _triage_text(run, csvs)


def test_stage_files_of_the_older_speedup_t_are_named_so(tmp_path):
    from witness.pipeline.triage_tables import StageRow, write_stage

    run, csvs = _run_folder(tmp_path, {1: {"train_1": 2.0}})
    assert "older triage" not in _triage_text(run, csvs)
    # a headline above its range: the fastest-of-each-solve ratio of an older run
    write_stage([StageRow(1, "train_1", 15.2, 2.12, 4.8, 2.0, 1.0, 10, 0, True)], csvs[0])
    assert "These stage files come from an older triage" in _triage_text(run, csvs)


@pytest.mark.parametrize("v2_learned_as", ["train_1", "train_2"])
def test_pi_stars_provenance_is_printed_once(tmp_path, v2_learned_as):
    run, csvs = _run_folder(tmp_path, {1: {"train_1": 2.0}}, v2_learned_as)
    text = _triage_text(run, csvs)
    assert text.count("% pi_star: winner of triage") == 1
    assert text.count(TABLE3_ROW.strip()) == 1
    assert "`final/pi_star_v2.pl`" in text  # version 2's choice is still named


REFERENCE = Path(__file__).resolve().parents[1] / "results/reference"


@pytest.mark.parametrize(
    "page",
    sorted([*REFERENCE.rglob("report.md"), *REFERENCE.rglob("comparison.md")]),
    ids=lambda p: str(p.relative_to(REFERENCE)),
)
def test_committed_reference_reports_cite_only_files_they_keep(page):
    import re

    cited, fenced = [], False
    for line in page.read_text().splitlines():
        fenced ^= line.startswith("```")  # quoted files (pi*'s provenance) are left as written
        if not fenced and not line.startswith("```"):
            cited += re.findall(r"`([^` ]+\.(?:pl|py|csv|json|png|svg|txt))`", line)
            cited += re.findall(r"\]\(([^)#]+)\)", line)
    assert cited and [c for c in cited if not (page.parent / c).exists()] == []
