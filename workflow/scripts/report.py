"""Figures, report.md (and as HTML) and headline.txt for one run."""

from pathlib import Path

from witness.pipeline.report import FIGURES, ReportInputs, write_report
from witness.pipeline.report_html import write_report_html
from witness.pipeline.workflow import logged

with logged(snakemake):
    inp, out = snakemake.input, snakemake.output
    stages = {
        v: [Path(s) for s in inp.stages if f"/triage/{v}/" in s] for v in snakemake.params.versions
    }
    inputs = ReportInputs(
        pi_star=Path(inp.pi_star),
        verify_json=Path(inp.verify),
        stage_csvs=stages,
        v2_program=Path(inp.v2) if inp.v2 else None,
        test_summary=Path(inp.summary),
        by_size_csv=Path(inp.by_size),
        per_puzzle_csv=Path(inp.per_puzzle),
        test_set=Path(inp.test_set),
        large_solved_csv=Path(inp.large),
        learn_scores=[Path(p) for p in inp.scores],
        verdicts=[Path(p) for p in inp.verdicts],
        learn_config=snakemake.params.learn,
        difficulty_csv=Path(inp.difficulty),
        distinct_csv=Path(inp.distinct),
        triage_config=snakemake.params.triage,
        panels=snakemake.params.panels,
    )
    figures = {k: Path(out[k]).with_suffix("") for k in FIGURES}
    write_report(
        out.md, out.headline, snakemake.params.label, snakemake.params.command, inputs, figures
    )
    write_report_html(out.md, out.html)
