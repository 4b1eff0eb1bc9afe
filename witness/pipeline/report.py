"""The pipeline's report: report.md with every reproduced number next to the
paper's and the command that made it, around the figures of
:mod:`witness.pipeline.report_figures` (figures 4 and 5, the Appendix A
puzzle, puzzle difficulty), whose names are importable from here too.

report.md opens with the headline (pi* in Prolog and English, whether it is
proven for every size, the speedups beside the paper's, the puzzle with the
largest speedup); ``headline.txt`` holds the same lines for the terminal."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from witness.io import read_json, write_file
from witness.paper import PAPER_FIGURE5, PAPER_LARGE, PAPER_LEARNING, PAPER_TEST
from witness.paper import PAPER_LARGEST_SPEEDUP as BIG
from witness.pipeline.captions import CAPTIONS
from witness.pipeline.report_figures import (
    NOISY_SECONDS,
    SMALL_GROUP,
    SOLVER_TITLES,
    Panel,
    appendix_puzzle,
    figure4,
    figure5,
    figure5_lines,
    figure5_panels,
    figure_difficulty,
    merge_identical_rule_sets,
    paper_figure5_text,
    plain_log_ticks,
    plt,
    save_figure,
)
from witness.search.predicates import Predicate
from witness.verify.verdict import BOUNDED, PROVEN, verdict_text


def cite(path: str | Path, here: Path) -> str:
    """``path`` as report.md cites it: relative to the report's folder ``here``,
    so that it resolves wherever the folder is (a run's or a reference copy)."""
    return Path(os.path.relpath(path, here)).as_posix()


def fmt(x: float) -> str:
    """A number for the report: 3 significant digits, or whole with thousands separators."""
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:,.0f}"


# ------------------------------------------------------------ verification
def verdict(record: dict) -> tuple[bool, str]:
    """(proven for every grid size?, the verdict's sentence) of a ``witness
    verify`` JSON record. Never just "verified": a check up to RxC is not a proof."""
    status = record.get("status", "unknown")
    if status == "empty":
        return False, "no clause (the learning run found nothing)"
    return status == PROVEN, verdict_text(status, record.get("max_size", "?"))


def encoding_lines(learn: dict, secs: pd.Series) -> list[str]:
    """The example encoding and caps of a run, and its learning times, compared
    with the paper's only when the encoding is the paper's."""
    positives = learn.get("positives", "?")
    caps = {k: learn.get(k) for k in ("max_pos", "max_neg") if learn.get(k) is not None}
    paper_encoding = positives == "all"
    lines = [
        f"- example encoding: `positives: {positives}` ("
        + (
            "the paper's, section 4.1: every incompletable partial path is a positive for every "
            "constrained square"
            if paper_encoding
            else "this project's extension: an incompletable path is a positive only for the "
            "squares an oracle blames; not the paper's"
        )
        + "); caps per task: "
        + (
            ", ".join(f"{k} {v}" for k, v in caps.items()) + " (the paper used every example)"
            if caps
            else "none, every example (as the paper)"
        ),
    ]
    learner = learn.get("learner", "ilp")
    if learner != "ilp":
        lines.append(
            f"- learner: `{learner}` instead of the ILP engine (config `learner:`; "
            "docs/synthesis.md), on the same task folders"
        )
    times = (
        f"- seconds per run: mean {fmt(secs.mean())}, min {fmt(secs.min())}, max {fmt(secs.max())}"
    )
    if paper_encoding:
        lo, hi = PAPER_LEARNING["range_min"]
        times += (
            f" (paper: mean {PAPER_LEARNING['mean_min']:g} min, range {lo} to {hi} min, "
            "Popper on every example"
            + ("; this run caps the examples, so the times are not like for like)" if caps else ")")
        )
    else:
        times += " (not compared with the paper's: the encoding differs)"
    return lines + [times]


def relation_to_table3(pred: Predicate) -> str:
    """How ``pred`` compares with the paper's pi° (Table 3) as a function of the
    features of a (path, square) pair: same, stronger (fires wherever Table 3
    fires, and more), weaker, or different."""
    from witness.search.predicates import PAPER, feature_table, features_beyond_table

    mine, paper = feature_table(pred), feature_table(PAPER)
    if mine is None:
        others = sorted(features_beyond_table(pred))
        return (
            f"not compared with Table 3 feature by feature: it reads {', '.join(others)}, "
            "which Table 3's features do not determine"
        )
    if (mine == paper).all():
        return "the paper's Table 3 (the same on every feature value)"
    if (mine >= paper).all():
        return "Table 3 and more (it fires wherever Table 3 does, and elsewhere too)"
    if (mine <= paper).all():
        return "weaker than Table 3 (it fires only where Table 3 does, not everywhere)"
    return "different from Table 3"


# ------------------------------------------------------------------- report
@dataclass
class ReportInputs:
    """Every file the report reads (the report rule's inputs)."""

    pi_star: Path
    verify_json: Path
    stage_csvs: dict[str, Sequence[Path]]
    v2_program: Path | None
    test_summary: Path
    by_size_csv: Path
    per_puzzle_csv: Path
    test_set: Path
    large_solved_csv: Path
    learn_scores: Sequence[Path]
    verdicts: Sequence[Path] = ()
    learn_config: dict | None = None
    difficulty_csv: Path | None = None  # witness.difficulty.ranking.score_set's scores
    distinct_csv: Path | None = None  # triage/distinct.csv: the programs triage timed
    triage_config: dict | None = None  # config triage: k1, k2, repeats, rank_by
    panels: dict | None = None  # the config's panels key: a run on panels, not triangles

    @property
    def paper(self) -> str:
        """How the paper's figures are named beside this run's: on panels they
        are the paper's triangle puzzles, not the same kind of puzzle."""
        return "paper, triangle puzzles" if self.panels else "paper"


FIGURES = ("figure4", "figure5", "figure5_lines", "appendix", "difficulty")  # keys of ``figures``


def write_report(
    out_md: str | Path,
    headline_txt: str | Path,
    run_label: str,
    command: str,
    inputs: ReportInputs,
    figures: dict[str, str | Path],
) -> Path:
    """Draw the figures (``figures`` maps each key of FIGURES to a path stem;
    a .png and an .svg are written for each) and write report.md, whose first
    section is the headline, also written as plain text to ``headline_txt``."""
    out_md = Path(out_md)
    stems = {k: Path(figures[k]) for k in FIGURES}
    figure4(inputs.by_size_csv, stems["figure4"])
    figure5(inputs.large_solved_csv, stems["figure5"])
    figure5_lines(inputs.large_solved_csv, stems["figure5_lines"])
    appendix = appendix_puzzle(
        inputs.per_puzzle_csv, inputs.test_set, inputs.pi_star, stems["appendix"]
    )
    here = out_md.parent
    rel = {k: cite(v.with_suffix(".png"), here) for k, v in stems.items()}
    head_md, head_txt = _headline(inputs, appendix, rel["appendix"], here)
    lines = [
        f"# Reproduction report: {run_label}",
        "",
        f"Made by `{command}`. Every number below comes from the files named beside it.",
        "Paper: Stevens, Bulitko, Thue (2023). Times are measured on this machine; "
        "expansions do not depend on the machine.",
        "",
        *head_md,
        *_learning_section(inputs),
        *triage_section(inputs, here),
        *_test_section(inputs, appendix, rel, here),
        *_large_section(inputs, rel),
        *_difficulty_section(inputs, stems["difficulty"], rel["difficulty"]),
    ]
    write_file(out_md, "\n".join(lines))
    write_file(headline_txt, "\n".join([f"witness-ilp {run_label}:", *head_txt]) + "\n")
    return out_md


def _headline(
    inputs: ReportInputs, appendix: dict, appendix_png: str, here: Path
) -> tuple[list, list]:
    """The report's first section (markdown) and the same few lines as plain text
    (which names pi*'s file as the run was given it, for the terminal)."""
    from witness.pipeline.triage import learned_predicate

    pred = learned_predicate(inputs.pi_star)
    record = read_json(inputs.verify_json, "verify record")
    proven, said = verdict(record)
    summary = read_json(inputs.test_summary, "test summary")
    by_size = pd.read_csv(inputs.by_size_csv).set_index("bucket")
    speed = (
        f"speedup_E {fmt(summary['speedup_E'])} ({inputs.paper} {PAPER_TEST['speedup_E']}), "
        f"speedup_t {fmt(summary['speedup_t'])} ({inputs.paper} {PAPER_TEST['speedup_t']}) "
        f"on {summary['puzzles']} test puzzles"
    )
    big = ""
    if "5x5" in by_size.index:
        b = by_size.loc["5x5"]
        big = (
            f"; 5x5 bucket ({int(b['instances'])} puzzles): speedup_E {fmt(b['speedup_E'])}, "
            f"speedup_t {fmt(b['speedup_t'])}"
        )
    md = [
        "## Headline",
        "",
        f"pi* (`{cite(inputs.pi_star, here)}`), in Prolog:",
        "",
        *predicate_lines(
            pred,
            record,
            "In English (one line per clause; pi* fires on a "
            "partial path if some constrained square satisfies a line):",
        ),
        "",
        f"Test set: {speed}{big}.",
        "",
        *_headline_table(summary, appendix, pd.read_csv(inputs.large_solved_csv), inputs.paper),
        f"Largest speedup: {appendix['puzzle']} ({appendix['size']}), speedup_E "
        f"{fmt(appendix['speedup_E'])}, speedup_t {fmt(appendix['speedup_t'])} "
        f"(paper: {BIG['speedup_E']} and {BIG['speedup_t']} on a {BIG['size']} puzzle):",
        "",
        f"![{appendix['puzzle']} solved with pi*]({appendix_png})",
        "",
        f"_{CAPTIONS['appendix']}_",
        "",
    ]
    txt = [
        f"pi* ({inputs.pi_star}):",
        *(f"  {c.source}\n      ({c.english})" for c in (pred.clauses if pred else ())),
        f"pi* is {relation(pred)}; {'proven for every size' if proven else 'NOT proven: ' + said}",
        f"test: {speed}{big}",
    ]
    return md, txt


def _headline_table(
    summary: dict, appendix: dict, solved: pd.DataFrame, paper: str = "paper"
) -> list[str]:
    """This run's main numbers beside the paper's (section 5.5, Appendix A, Figure 5)."""
    big_limit = solved["limit_min"].max()
    at_big = solved[solved["limit_min"] == big_limit]
    n_large = int(at_big.groupby("solver")["puzzles"].sum().max())
    large = ", ".join(
        f"{SOLVER_TITLES.get(solver, solver)} {weighted_share(g, 'solved_within_time'):.0%}"
        for solver, g in at_big.groupby("solver", sort=False)
    )
    paper_large = paper_figure5_text().split(": ", 1)[1]
    return [
        f"| | this run | {paper} |",
        "| --- | --- | --- |",
        f"| test puzzles | {summary['puzzles']} | {PAPER_TEST['puzzles']} |",
        f"| speedup_E (expansions, exact) | {fmt(summary['speedup_E'])} | "
        f"{PAPER_TEST['speedup_E']} |",
        f"| speedup_t (search time) | {fmt(summary['speedup_t'])} | {PAPER_TEST['speedup_t']} |",
        f"| largest speedup_E | {fmt(appendix['speedup_E'])} ({appendix['size']}) | "
        f"{BIG['speedup_E']} ({BIG['size']}) |",
        f"| test puzzles where pi* was slower | {summary['share_slower']:.1%} | "
        f"{PAPER_TEST['share_slower']:.1%} |",
        f"| large puzzles solved within {big_limit:g} min ({n_large} here, "
        f"{PAPER_LARGE['puzzles']} in the paper) | {large} | {paper_large} |",
        "",
    ]


def relation(pred: Predicate | None) -> str:
    """How ``pred`` compares with Table 3 (``relation_to_table3``), or that it is empty."""
    return relation_to_table3(pred) if pred else "empty (no clause)"


def predicate_lines(pred: Predicate | None, record: dict, english_intro: str = "") -> list[str]:
    """A predicate in markdown: its clauses in Prolog, then in English (after
    ``english_intro``, if any), how it relates to Table 3, and its verdict."""
    clauses = pred.clauses if pred else ()
    intro = [english_intro, ""] if english_intro else []
    return [
        "```prolog",
        *(c.source for c in clauses),
        "```",
        "",
        *intro,
        *(f"{i}. {c.english}" for i, c in enumerate(clauses, 1)),
        "",
        f"It is {relation(pred)}. `witness verify`: **{verdict(record)[1]}**. "
        f"{pruning_rule(record)}",
        "",
        *clause_verdict_table(record),
    ]


def clause_verdict_table(record: dict) -> list[str]:
    """``witness verify``'s verdict on each clause (numbered from 1, as in the
    English above) and the argument for it, as a markdown table."""
    clauses = [c for c in record.get("clauses", []) if isinstance(c, dict)]
    if not clauses:
        return []
    rows = [
        "| clause | verdict | kind | why (witness verify) |",
        "| --- | --- | --- | --- |",
    ]
    for i, c in enumerate(clauses, 1):  # by place: older records number from 0
        kind = c.get("kind") or ("local" if c.get("local") else "non-local")
        why = str(c.get("generality", "")).replace("|", "\\|")
        rows.append(f"| {i} | {c.get('status', '?')} | {kind} | {why} |")
    return [*rows, ""]


def pruning_rule(record: dict) -> str:
    """How the test evaluation used pi*, given its verdict (witness.verify.verdict.may_prune)."""
    if record.get("status") == BOUNDED and not {"panel", "starts"} & set(record):
        return (
            "pi* was checked on puzzles that start at (0, 0) only (an older witness "
            "verify), so the test evaluation uses it as a sort key only, with "
            "pi_baseline pruning."
        )
    return {
        PROVEN: "pi* prunes in the test evaluation.",
        BOUNDED: f"pi* prunes only puzzles up to {record.get('max_size')}; on larger ones it "
        "sorts, with pi_baseline pruning.",
    }.get(
        record.get("status"),
        "pi* is not proven, so the test evaluation uses it as a sort key "
        "only, with pi_baseline pruning.",
    )


def _learning_section(inputs: ReportInputs) -> list[str]:
    scores = [read_json(p, "learning scores") for p in inputs.learn_scores]
    statuses = pd.Series([s.get("status", "?") for s in scores]).value_counts().to_dict()
    secs = pd.Series([s.get("seconds", float("nan")) for s in scores], dtype=float)
    lines = [
        "## Learning (section 5.3)",
        "",
        f"- learning runs: {len(scores)}; outcome counts: {statuses} (paper: "
        f"{PAPER_LEARNING['found']} of {PAPER_LEARNING['runs']} found a program, "
        f"{PAPER_LEARNING['timed_out']} hit the one-hour limit)",
        *encoding_lines(inputs.learn_config or {}, secs),
    ]
    if inputs.verdicts:
        found = pd.Series([read_json(p, "verify record")["status"] for p in inputs.verdicts])
        lines.append(
            "- `witness verify` on every learned program: "
            f"{found.value_counts().to_dict()} (proven: no false positive on any "
            "grid size; bounded: no counterexample up to the checked size, so it may "
            "prune only puzzles that small; the others only sort)"
        )
    return [*lines, ""]


def triage_section(inputs: ReportInputs, here: Path) -> list[str]:
    triage = inputs.triage_config or {}
    repeats, rank_by = triage.get("repeats", 3), triage.get("rank_by", "speedup_t")
    keep = {1: triage.get("k1", "k1"), 2: triage.get("k2", "k2"), 3: 1}
    lines = [
        "## Triage (Algorithm 2) and the learned predicate pi*",
        "",
        "Each stage times its candidates beside pi_baseline on its own filter set, in one "
        f"process, interleaved puzzle by puzzle and repeated {repeats} times, ranks them by "
        f"{rank_by} and keeps the best (stage 1: {keep[1]}, stage 2: {keep[2]}, stage 3: 1, "
        "which is the version's choice); a predicate with no clause is never kept. "
        f"speedup_t is Equation 1 over all {repeats} repetitions (the baseline's search "
        "seconds summed over every solve, over the candidate's); beside it, Equation 1 of "
        "each repetition alone, lowest to highest, between which it lies; speedup_E is exact.",
        "",
    ]
    if inputs.distinct_csv is not None:
        distinct = pd.read_csv(inputs.distinct_csv)
        lines += [
            f"Learned predicates: {len(distinct)}; distinct ones (firing on different "
            f"feature values): {distinct.same_as.nunique()}. Triage times one of each, "
            f"the first by name (`{cite(inputs.distinct_csv, here)}`).",
            "",
        ]
    lines += _stage_tables(inputs, here)
    lines += _chosen_programs(inputs, here)
    record = read_json(inputs.verify_json, "verify record")
    lines += [
        f"Verification (`witness verify`, `{cite(inputs.verify_json, here)}`): "
        f"**{verdict(record)[1]}** (paper: Theorem 1, by hand). " + pruning_rule(record),
        "",
    ]
    return lines


def _chosen_programs(inputs: ReportInputs, here: Path) -> list[str]:
    """pi*'s file with its provenance, then version 2's choice: its file only
    when it differs from pi*'s, else a line saying which it is (never a block twice)."""
    lines = [
        f"pi* (`{cite(inputs.pi_star, here)}`), with its provenance:",
        "",
        "```prolog",
        Path(inputs.pi_star).read_text().strip(),
        "```",
        "",
    ]
    if not inputs.v2_program:
        return lines
    texts = [Path(p).read_text() for p in (inputs.pi_star, inputs.v2_program)]
    clauses = [[c for c in text.splitlines() if c.startswith("f(")] for text in texts]
    v2 = cite(inputs.v2_program, here)
    if texts[0].strip() == texts[1].strip():
        lines += [f"pi* is the choice of A* version 2 (baseline pruning always on; `{v2}`)."]
    elif clauses[0] == clauses[1]:
        lines += [
            "With baseline pruning always on (A* version 2), triage chose the same clauses "
            f"as pi* (`{v2}`)."
        ]
    else:
        lines += [
            "With baseline pruning always on (A* version 2), triage chose:",
            "",
            "```prolog",
            texts[1].strip(),
            "```",
        ]
    return [*lines, "", "(paper: the same predicate as version 1 without its first line)", ""]


def _single_candidates(csvs: Sequence[Path]) -> str:
    """A sentence naming the stages that had one candidate with clauses (nothing
    to rank), or "" when every stage ranked several."""
    single = [
        stage
        for stage, path in enumerate(csvs, 1)
        if (pd.read_csv(path)["speedup_E"] > 0).sum() <= 1
    ]
    if not single:
        return ""
    which = "every stage" if len(single) == len(csvs) else "stage " + ", ".join(map(str, single))
    return (
        f"One candidate with clauses reached {which}: nothing was ranked there, and its "
        "speedups only compare it with pi_baseline."
    )


def _older_speedup_t(csvs: Sequence[Path]) -> str:
    """A sentence when some speedup_t lies outside its per-repetition range (beyond
    the CSV's rounding): stage CSVs written by the triage that counted each solve
    with its fastest repetition, whose headline the range need not contain."""
    for path in csvs:
        rows = pd.read_csv(path)
        slack = 1e-6
        outside = (rows["speedup_t"] < rows["speedup_t_min"] - slack) | (
            rows["speedup_t"] > rows["speedup_t_max"] + slack
        )
        if outside.any():
            return (
                "These stage files come from an older triage, whose speedup_t counted each "
                "solve with its fastest repetition (so it may lie outside the range beside it); "
                "they were ranked on that."
            )
    return ""


def _stage_tables(inputs: ReportInputs, here: Path) -> list[str]:
    """A table per A* version: each stage's first three candidates and the kept ones."""
    lines: list[str] = []
    for version, csvs in inputs.stage_csvs.items():
        lines += [
            f"A* version {version} ("
            + (
                "pi_baseline always prunes, the candidate sorts"
                if version == "v2"
                else "the candidate sorts, nothing else prunes"
            )
            + "):",
            "",
            "| stage | rank | predicate | speedup_t (all repetitions) | "
            "speedup_t per repetition (lowest to highest) | speedup_E | kept |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for stage, path in enumerate(csvs, 1):
            rows = pd.read_csv(path)
            shown = rows[(rows.index < 3) | rows["kept"]]
            for r in shown.itertuples():
                lines.append(
                    f"| {stage} | {r.rank} of {len(rows)} | {r.predicate} | {fmt(r.speedup_t)} | "
                    f"{fmt(r.speedup_t_min)} to {fmt(r.speedup_t_max)} | {fmt(r.speedup_E)} | "
                    f"{'**kept**' if r.kept else 'no'} |"
                )
        notes = [_single_candidates(csvs), _older_speedup_t(csvs)]
        lines += ["", *(line for note in notes if note for line in (note, ""))]
        lines += [f"Files: {', '.join(f'`{cite(p, here)}`' for p in csvs)}.", ""]
    return lines


def _test_section(
    inputs: ReportInputs, appendix: dict, rel: dict[str, str], here: Path
) -> list[str]:
    summary = read_json(inputs.test_summary, "test summary")
    return [
        "## Test set (section 5.5)",
        "",
        f"| measure | ours | {inputs.paper} |",
        "| --- | --- | --- |",
        f"| puzzles | {summary['puzzles']} | {PAPER_TEST['puzzles']} |",
        f"| speedup_t | {fmt(summary['speedup_t'])} | {PAPER_TEST['speedup_t']} |",
        f"| speedup_E | {fmt(summary['speedup_E'])} | {PAPER_TEST['speedup_E']} |",
        f"| speedup_t range | [{fmt(summary['speedup_t_range'][0])}, "
        f"{fmt(summary['speedup_t_range'][1])}] | {PAPER_TEST['speedup_t_range']} |",
        f"| speedup_E range | [{fmt(summary['speedup_E_range'][0])}, "
        f"{fmt(summary['speedup_E_range'][1])}] | {PAPER_TEST['speedup_E_range']} |",
        f"| share of puzzles where pi* was slower | {summary['share_slower']:.1%} | "
        f"{PAPER_TEST['share_slower']:.1%} |",
        "",
        *_portfolio_lines(summary.get("portfolio")),
        f"Per size (`{cite(inputs.by_size_csv, here)}`; Figure 4: `{rel['figure4']}`):",
        "",
        *by_size_table(pd.read_csv(inputs.by_size_csv), inputs.paper),
        "",
        f"![Figure 4]({rel['figure4']})",
        "",
        f"_{CAPTIONS['figure4']}_",
        "",
        f"Largest expansion speedup (Appendix A): {appendix['puzzle']} ({appendix['size']}), "
        f"speedup_E {fmt(appendix['speedup_E'])}, speedup_t {fmt(appendix['speedup_t'])} "
        f"(paper: a {BIG['size']} puzzle with {BIG['speedup_E']} and {BIG['speedup_t']}): "
        f"`{rel['appendix']}`.",
        "",
    ]


def _portfolio_lines(folio: dict | None) -> list[str]:
    """The portfolio of section 6 on the test set, or why there is none."""
    if not folio:
        return [
            "Portfolio (section 6): no learned predicate is refuted or unproven (or all "
            "are empty), so there is none to run beside pi*.",
            "",
        ]
    return [
        "Portfolio (section 6; `final/portfolio.json`): A* pruning with the best unproven "
        "predicate of triage, run in parallel with A* pruning with a proven one: "
        f"speedup_t {fmt(folio['speedup_t'])}, speedup_E {fmt(folio['speedup_E'])} "
        f"(expansions of both members counted), unsolved {folio['unsolved']}, "
        f"won by the unproven member on {folio['won_by_unverified']:.1%} of puzzles.",
        "",
    ]


def by_size_table(by_size: pd.DataFrame, paper: str = "paper") -> list[str]:
    """Table 2 in markdown: ours per bucket, the paper's baseline in brackets."""
    lines = [
        f"| bucket | n | baseline mean expansions ({paper}) | baseline mean s ({paper}) | "
        "pi* mean expansions | speedup_t | speedup_E |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in by_size.itertuples():
        paper_e = (
            ""
            if pd.isna(r.paper_baseline_mean_expansions)
            else f" ({fmt(r.paper_baseline_mean_expansions)})"
        )
        paper_t = (
            ""
            if pd.isna(r.paper_baseline_mean_seconds)
            else f" ({r.paper_baseline_mean_seconds:g})"
        )
        lines.append(
            f"| {r.bucket} | {r.instances} | {fmt(r.baseline_mean_expansions)}{paper_e} | "
            f"{r.baseline_mean_seconds:.2g}{paper_t} | {fmt(r.pi_star_mean_expansions)} | "
            f"{fmt(r.speedup_t)} | {fmt(r.speedup_E)} |"
        )
    return lines


def weighted_share(g: pd.DataFrame, column: str) -> float:
    """A share solved over several rows of solved.csv, each weighted by its puzzles."""
    return (g[column] * g["puzzles"]).sum() / g["puzzles"].sum()


def _large_section(inputs: ReportInputs, rel: dict[str, str]) -> list[str]:
    solved = pd.read_csv(inputs.large_solved_csv)
    lines = [
        "## Large puzzles (section 5.6, Figure 5)",
        "",
        f"![Figure 5]({rel['figure5']})",
        "",
        f"_{CAPTIONS['figure5']}_",
        "",
        f"![Figure 5 as lines]({rel['figure5_lines']})",
        "",
        f"_{CAPTIONS['figure5_lines']}_",
        "",
        "| solver | limit (min) | solved within the wall-clock limit | within the paper's "
        "throughput x limit |",
        "| --- | --- | --- | --- |",
    ]
    for (solver, limit), g in solved.groupby(["solver", "limit_min"], sort=False):
        t = weighted_share(g, "solved_within_time")
        e_txt = (
            "n/a"
            if g["solved_within_paper_expansions"].isna().all()
            else f"{weighted_share(g, 'solved_within_paper_expansions'):.1%}"
        )
        lines.append(f"| {SOLVER_TITLES.get(solver, solver)} | {limit:g} | {t:.1%} | {e_txt} |")
    lines += [
        "",
        f"Paper (Figure 5, {PAPER_LARGE['puzzles']} puzzles {PAPER_LARGE['sizes']}): pi* solves "
        + " and ".join(f"{v:.1%} within {m} min" for m, v in PAPER_FIGURE5["pi_star"].items())
        + "; the baseline "
        + " and ".join(f"{v:.1%} within {m} min" for m, v in PAPER_FIGURE5["baseline"].items())
        + ".",
        "",
    ]
    return lines


def _difficulty_section(inputs: ReportInputs, stem: Path, png: str) -> list[str]:
    if inputs.difficulty_csv is None:
        return []
    table = figure_difficulty(inputs.difficulty_csv, inputs.per_puzzle_csv, stem)
    return [
        f"## Puzzle difficulty (Chen 2023, MUSE and ReMUSE; `{png}`)",
        "",
        f"![Puzzle difficulty]({png})",
        "",
        f"_{CAPTIONS['difficulty']}_",
        "",
        "A seeded sample of the test set (`difficulty/scores.csv`, `witness difficulty`), the "
        "player's inference rules being none (every legal move), pi_baseline and each final "
        "predicate that `witness verify` proves for every grid size (others cannot model a "
        "player and are left out). Bits; rho is Spearman's, r is Pearson's against the "
        "log10 of expansions or solutions.",
        "",
        *table,
        "",
    ]


# the text's names and the figures' (witness.pipeline.compare and tests import both from here)
__all__ = [
    "FIGURES",
    "NOISY_SECONDS",
    "SMALL_GROUP",
    "SOLVER_TITLES",
    "Panel",
    "ReportInputs",
    "appendix_puzzle",
    "cite",
    "clause_verdict_table",
    "encoding_lines",
    "figure4",
    "figure5",
    "figure5_lines",
    "figure5_panels",
    "figure_difficulty",
    "fmt",
    "merge_identical_rule_sets",
    "paper_figure5_text",
    "plain_log_ticks",
    "plt",
    "predicate_lines",
    "pruning_rule",
    "relation",
    "relation_to_table3",
    "save_figure",
    "verdict",
    "weighted_share",
    "write_report",
]
