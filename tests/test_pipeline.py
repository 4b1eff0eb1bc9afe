"""The whole Snakemake pipeline, run once on the quick profile (config/quick.yaml,
the README's main command): every rule runs, every output exists and parses, pi*
is proven for every grid size and the report leads with it."""

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from witness.pipeline.report import fmt, relation_to_table3, verdict
from witness.pipeline.triage import learned_predicate
from witness.pipeline.workflow import bias_file_key

# One Snakemake run of a few minutes: the slow tier (pytest -m slow).
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
QUICK = ROOT / "config" / "quick.yaml"


def snakemake(work: Path, *extra: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).with_name("snakemake")
    proc = subprocess.run(
        [
            str(exe),
            *extra,
            "-s",
            str(ROOT / "Snakefile"),
            "--cores",
            "2",
            "--configfile",
            str(QUICK),
            "-q",
        ],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    work = tmp_path_factory.mktemp("pipeline")
    proc = snakemake(work)
    return work / "results" / "quick" / "paper", proc.stdout


@pytest.fixture(scope="module")
def run(quick):
    return quick[0]


def test_pi_star_is_proven_for_every_size_and_heads_the_report(run):
    record = json.loads((run / "final/pi_star.verify.json").read_text())
    proven, said = verdict(record)
    assert proven and said.startswith("proven for every size"), record
    assert record["status"] == "proven"  # not "bounded": a check up to RxC is no proof
    assert record["clauses"] and all(
        c["status"] == "proven" and c["all_sizes"] for c in record["clauses"]
    )
    report = (run / "report.md").read_text()
    first = report.split("\n## ")[1]  # the first section after the title
    assert first.startswith("Headline")
    clauses = [
        line
        for line in (run / "final/pi_star.pl").read_text().splitlines()
        if line.startswith("f(")
    ]
    assert clauses and all(c in first for c in clauses)
    assert "**proven for every size" in first
    # Table 3 or stronger, and learned: the config names no predicate
    relation = relation_to_table3(learned_predicate(run / "final/pi_star.pl"))
    assert relation.startswith(("the paper's Table 3 (", "Table 3 and more")), relation
    assert f"It is {relation}." in first
    assert "speedup_E" in first and "(paper 6.27)" in first
    assert "figures/appendix_largest_speedup.png" in first
    summary = json.loads((run / "test/summary.json").read_text())
    assert summary["pi_star_mode"] == ["prune"]  # only a proven pi* prunes


def test_the_run_ends_by_printing_the_headline(quick):
    run, stdout = quick
    headline = (run / "headline.txt").read_text()
    assert headline.strip() in stdout
    assert "proven for every size" in headline
    assert "report: results/quick/paper/report.md" in stdout
    # the hint is a command to paste: this Snakemake, this Snakefile, the run's options
    exe = Path(sys.executable).with_name("snakemake")
    assert f"(browsable: {exe} -s {ROOT / 'Snakefile'} --report " in stdout


def test_every_output_exists_and_parses(run):
    for name in (
        "report.md",
        "headline.txt",
        "final/pi_star.pl",
        "final/pi_star.py",
        "final/pi_star.verify.json",
        "test/per_puzzle.csv",
        "test/by_size.csv",
        "test/summary.json",
        "large/solved.csv",
        "large/per_puzzle.csv",
        "difficulty/scores.csv",
        *(
            f"figures/{fig}.{ext}"
            for ext in ("png", "svg")
            for fig in (
                "figure4_speedup_by_size",
                "figure5_large_solved",
                "figure5_large_solved_lines",
                "appendix_largest_speedup",
                "difficulty",
            )
        ),
    ):
        assert (run / name).stat().st_size > 0, name
    for v in ("v1", "v2"):
        for stage in (1, 2, 3):
            rows = list(csv.DictReader((run / f"triage/{v}/stage{stage}.csv").open()))
            assert sum(r["kept"] == "True" for r in rows) <= {1: 2, 2: 1, 3: 1}[stage]
    summary = json.loads((run / "test/summary.json").read_text())
    assert summary["puzzles"] == 400 and summary["speedup_E"] > 0
    for task in ("pool_000", "pool_001"):  # every learned program is verified, not only the winner
        record = json.loads((run / f"predicates/{task}.verify.json").read_text())
        assert record["status"] in ("proven", "bounded", "refuted", "unknown", "empty")
    assert "`witness verify` on every learned program" in (run / "report.md").read_text()
    compile((run / "final/pi_star.py").read_text(), "pi_star.py", "exec")


def test_every_rule_logs_and_heavy_rules_record_benchmarks(run):
    logs = {p.name for p in (run / "logs").iterdir()}
    for name in (
        "pi_star.log",
        "report.log",
        "portfolio.log",
        "verify_final_pi_star.log",
        "learn_pool_000.log",
        "examples_pool_000.log",
        "test_summary.log",
    ):
        assert name in logs, name
    bench = {p.name for p in (run / "benchmarks").iterdir()}
    for name in (
        "learn_pool_000.tsv",
        "test_0.tsv",
        "large_large_5x5_0.tsv",
        "verify_final_pi_star.tsv",
        "triage_v1_1_group0.tsv",
    ):
        assert name in bench, name
        rows = list(csv.DictReader((run / "benchmarks" / name).open(), delimiter="\t"))
        assert float(rows[0]["s"]) > 0 and "max_rss" in rows[0]


@pytest.fixture(scope="module")
def html_report(quick):
    """The HTML report, built by the command the run printed, pasted into a shell."""
    run, stdout = quick
    hint = re.search(r"\(browsable: (.+)\)$", stdout, re.M)
    assert hint, stdout[-2000:]
    proc = subprocess.run(
        hint.group(1), shell=True, cwd=run.parents[2], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return (run / "report.html").read_text()


def test_the_html_report_opens_with_pi_star_its_verdict_and_the_speedups(run, html_report):
    for fig in (
        "figure4_speedup_by_size.png",
        "figure5_large_solved.png",
        "figure5_large_solved_lines.png",
        "appendix_largest_speedup.png",
    ):
        assert fig in html_report, fig
    # the front page is report.md: pi*'s clauses, its verdict, the speedups and the
    # figures' captions, from the same text (report.md.html)
    page = (run / "report.md.html").read_text()
    assert page in html_report or json.dumps(page)[1:-1] in html_report
    clauses = [c for c in (run / "final/pi_star.pl").read_text().splitlines() if c.startswith("f(")]
    summary = json.loads((run / "test/summary.json").read_text())
    for text in (
        *clauses,
        "<strong>proven for every size: no false positive on any grid</strong>",
        f"<td>speedup_E (expansions, exact)</td>\n<td>{fmt(summary['speedup_E'])}</td>",
        f"<td>speedup_t (search time)</td>\n<td>{fmt(summary['speedup_t'])}</td>",
        "Figure 4 of the paper: speedup_E",
        'src="data:image/png;base64,',  # figures embedded: the report is one file
    ):
        assert text in page, text
    for line in (run / "report.md").read_text().splitlines():
        if line.startswith("| stage |"):  # every table of report.md is in the page
            assert "<th>stage</th>" in page


def test_portfolio_runs_when_some_learned_predicate_is_unproven(run):
    choice = json.loads((run / "final/portfolio.json").read_text())
    verdicts = [
        json.loads(p.read_text())["status"] for p in (run / "predicates").glob("*.verify.json")
    ]
    per = list(csv.DictReader((run / "test/per_puzzle.csv").open()))
    if any(v in ("bounded", "refuted", "unknown") for v in verdicts):
        assert choice["unverified_status"] in ("bounded", "refuted", "unknown")
        assert all(row["portfolio_status"] == "solved" for row in per)  # complete
    else:
        assert choice["unverified"] is None
        assert all(row["portfolio_status"] in ("", "nan") for row in per)


def test_final_predicate_is_one_of_the_learned_ones(run):
    winner = (run / "final/pi_star.pl").read_text().splitlines()
    name = winner[0].rsplit("learned as ", 1)[1].strip()
    learned = (run / f"predicates/{name}.pl").read_text()
    assert "\n".join(winner[1:]).strip() == learned.strip()
    stage3 = list(csv.DictReader((run / "triage/v1/stage3.csv").open()))
    assert [r["predicate"] for r in stage3 if r["kept"] == "True"] == [name]


def test_per_bucket_table_agrees_with_per_puzzle_csv(run):
    per = list(csv.DictReader((run / "test/per_puzzle.csv").open()))
    assert len(per) == 400
    for row in csv.DictReader((run / "test/by_size.csv").open()):
        mine = [p for p in per if p["bucket"] == row["bucket"]]
        assert int(row["instances"]) == len(mine)
        base = sum(int(p["baseline_expansions"]) for p in mine)
        star = sum(int(p["pi_star_expansions"]) for p in mine)
        assert float(row["speedup_E"]) == pytest.approx(base / star)
        assert float(row["baseline_mean_expansions"]) == pytest.approx(base / len(mine))


def test_sets_are_disjoint(run):
    seen: dict[str, str] = {}
    for set_dir in sorted((run.parent / "sets").iterdir()):
        for f in set_dir.glob("*.json"):
            text = f.read_text()
            assert text not in seen, (f, seen.get(text))
            seen[text] = str(f)


def test_swapping_the_bias_writes_a_separate_folder(run):
    before = {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()}
    sets = {p: p.stat().st_mtime_ns for p in (run.parent / "sets").rglob("*.json")}
    # only the first step that depends on the bias: the whole run would double the test's time
    snakemake(
        run.parents[2],
        "results/quick/unvisited/tasks/pool_000",
        "--config",
        "bias=bias/unvisited.pl",
    )
    other = run.parent / "unvisited"
    assert "unvisited" in (other / "tasks" / "pool_000" / "bias.pl").read_text()
    # a bias of the same name as the first run's, edited, in a folder of the user's:
    # its own folder, named with a hash of its text and BK
    mine = run.parents[2] / "experiments" / "paper.pl"
    mine.parent.mkdir(exist_ok=True)
    mine.write_text(
        (ROOT / "bias/paper.pl").read_text().replace("max_clauses(3).", "max_clauses(2).")
    )
    folder = f"paper-{bias_file_key(mine)[:8]}"
    snakemake(run.parents[2], f"results/quick/{folder}/tasks/pool_000", "--config", f"bias={mine}")
    assert "max_clauses(2)." in (run.parent / folder / "tasks/pool_000/bias.pl").read_text()
    # the first run's results and the shared puzzle sets are untouched
    assert {p: p.stat().st_mtime_ns for p in run.rglob("*") if p.is_file()} == before
    assert {p: p.stat().st_mtime_ns for p in (run.parent / "sets").rglob("*.json")} == sets


def test_rank_by_expansions_orders_stages_by_speedup_e(run, tmp_path):
    from witness.pipeline.triage import select_stage

    groups = sorted((run / "triage/v1/stage1").glob("group*.csv"))
    rows = select_stage(groups, 2, tmp_path / "s.csv", rank_by="speedup_E")
    assert [r.speedup_E for r in rows] == sorted((r.speedup_E for r in rows), reverse=True)
    assert all(r.speedup_t_min <= r.speedup_t_max for r in rows)
    # the headline lies in its per-repetition range (up to the CSV's rounding)
    assert all(r.speedup_t_min - 1e-6 <= r.speedup_t <= r.speedup_t_max + 1e-6 for r in rows)
    with pytest.raises(ValueError, match="rank_by"):
        select_stage(groups, 2, tmp_path / "s.csv", rank_by="vibes")


def test_difficulty_scores_a_sample_with_every_proven_rule_set(run):
    rows = list(csv.DictReader((run / "difficulty/scores.csv").open()))
    assert {r["rules"] for r in rows} >= {"none", "baseline", "pi_star"}  # pi* is proven
    assert len({r["puzzle"] for r in rows}) == 30
    for puzzle in {r["puzzle"] for r in rows}:
        mine = {r["rules"]: r for r in rows if r["puzzle"] == puzzle}
        if all(r["status"] == "done" for r in mine.values()):  # sound rules: MUSE never rises
            assert float(mine["pi_star"]["muse"]) <= float(mine["none"]["muse"])
    assert "## Puzzle difficulty" in (run / "report.md").read_text()


def test_results_match_the_recorded_quick_run(run):
    """A change that should not alter behaviour (a refactor) leaves the quick profile's
    searches alone. tests/data/quick_test_expansions.csv and quick_pi_star.pl were
    copied from `results/quick/paper` of a quick-profile run on commit 73793ea; when a
    change means to alter them (new sets, a new search), copy them again from a run."""
    data = ROOT / "tests" / "data"
    recorded = {r["puzzle"]: r for r in csv.DictReader((data / "quick_test_expansions.csv").open())}
    per = {r["puzzle"]: r for r in csv.DictReader((run / "test/per_puzzle.csv").open())}
    assert per.keys() == recorded.keys()
    for name, row in per.items():  # the sets and pi_baseline's A* are deterministic
        assert (row["baseline_expansions"], row["baseline_status"]) == (
            recorded[name]["baseline_expansions"],
            recorded[name]["baseline_status"],
        ), name
    learned = [c for c in (run / "final/pi_star.pl").read_text().splitlines() if c.startswith("f(")]
    if learned == (data / "quick_pi_star.pl").read_text().splitlines():
        # triage times candidates, so a close race may choose another pi*; the same pi*
        # must prune exactly as before
        for name, row in per.items():
            assert (row["pi_star_expansions"], row["pi_star_status"]) == (
                recorded[name]["pi_star_expansions"],
                recorded[name]["pi_star_status"],
            ), name
