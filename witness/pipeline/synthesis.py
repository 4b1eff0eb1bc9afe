"""The side-by-side of the learners: every learner on the same tasks.

``run_synthesis(config, out_dir)`` reads ``config/synthesis.yaml``'s
mapping: for each experiment (a bias, and triangle puzzles or panels of some
types) it generates the training puzzles, writes their task folders with
``witness examples``'s code, runs every learner on every task (``gp`` once
per seed), checks each program with the verifier and writes one row per run
(``runs.json``) and the table (``synthesis.md``): per learner and bias the
learning CPU seconds (median and quartiles over tasks and seeds), candidates
evaluated, program clauses and literals, positives and negatives covered on
the training examples, and the verifier's verdicts.
"""

from __future__ import annotations

import logging
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Experiment:
    """An experiment's task folders and test puzzles."""

    name: str
    bias: str
    tasks: list[Path]
    test: list[Path]


@dataclass(frozen=True)
class Job:
    """One learning run: an experiment's task, a learner and its seed."""

    experiment: str
    bias: str
    task: Path
    learner: str
    seed: int


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the ILP engine's)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _generator(experiment: dict):
    """The panel generator of an experiment with ``panels``; None for triangle puzzles."""
    if not experiment.get("panels"):
        return None
    from witness.search.generate_panels import PanelSpec, panel_set_generator

    panels = experiment["panels"]
    return panel_set_generator(
        PanelSpec(types=tuple(panels["types"]), densities=dict(panels.get("densities", {})))
    )


def make_sets(experiment: dict, seed: int, folder: Path, examples: dict) -> Experiment:
    """The experiment's training puzzles and task folders (``tasks`` pools of
    ``pool`` puzzles each), and its test puzzles (disjoint from them)."""
    from witness.learning.examples import write_task
    from witness.model.puzzle import load_search_view
    from witness.search.generate import write_named_set

    pool, count = int(experiment.get("pool", 1)), int(experiment.get("tasks", 1))
    made: dict[str, list[Path]] = {}
    test: dict = experiment.get("test") or {}
    for name, spec, n, earlier in (
        ("train", dict(experiment["train"]), pool * count, []),
        (
            "test",
            test,
            int(test.get("count", 0)),
            [folder / "train"],
        ),
    ):
        if not n:
            made[name] = []
            continue
        made[name] = sorted(
            write_named_set(
                folder / name,
                name,
                spec["method"],
                [tuple(s) for s in spec["sizes"]],
                n,
                seed,
                exclude_dirs=earlier,
                progress=False,
                generator=_generator(experiment),
            )
        )
    tasks = []
    for k in range(count):
        chunk = made["train"][k * pool : (k + 1) * pool]
        out = folder / "tasks" / f"task{k}"
        write_task(
            [load_search_view(f) for f in chunk],
            out,
            names=[Path(f).stem for f in chunk],
            bias_file=experiment["bias"],
            max_pos=examples.get("max_pos"),
            max_neg=examples.get("max_neg"),
            seed=seed,
            positives=examples.get("positives", "blamed"),
        )
        tasks.append(out)
    return Experiment(experiment["name"], Path(experiment["bias"]).stem, tasks, made["test"])


def run_job(job: Job, config: dict, out: Path) -> dict:
    """Learn, write the program, verify it: the run's row."""
    from witness.learning.learners import LearnerSettings, learn_with
    from witness.learning.learners.result import write_learned

    data = dict(config.get("settings", {}))
    data["gp"] = {**data.get("gp", {}), "seed": job.seed}
    data["rules"] = {**data.get("rules", {}), "seed": job.seed}
    cpu = _cpu()
    program, scores, stats = learn_with(
        job.task,
        job.learner,
        timeout=float(config["timeout"]),
        settings=LearnerSettings.from_dict(data),
    )
    cpu = _cpu() - cpu
    path = out / "programs" / f"{job.experiment}_{job.task.name}_{job.learner}_{job.seed}.pl"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_learned(path, program, scores, stats)
    return {
        "experiment": job.experiment,
        "bias": job.bias,
        "task": job.task.name,
        "learner": job.learner,
        "seed": job.seed,
        "cpu_seconds": round(cpu, 3),
        "candidates": stats.settings.get("candidates", stats.rules_tested),
        "clauses": len(program.rules),
        "literals": program.size,
        **scores.as_dict(),
        "timed_out": stats.timed_out,
        "program": str(path),
    } | dict(
        zip(
            ("verdict", "not_proven"),
            verdict(path, program.rules, config.get("verify", {})),
            strict=True,
        )
    )


def verdict(path: Path, rules: Sequence, settings: dict) -> tuple[str, list[dict]]:
    """The verifier's verdict on a program file (``empty`` without clauses)
    and its clauses not proven: the Prolog clause, its status and the
    counterexample's files (written beside the program, for ``witness show``)."""
    if not rules:
        return "empty", []
    from witness.learning.translate import load_predicate
    from witness.verify.verdict import (
        PROVEN,
        default_max_size,
        verify_predicate,
        write_counterexamples,
    )

    predicate = load_predicate(str(path))
    size = settings.get("max_size")
    rows, cols = tuple(size) if size else default_max_size(predicate)
    try:
        result = verify_predicate(predicate, rows, cols, time_limit=settings.get("time_limit", 60))
    except Exception as exc:  # a program translation refuses, say: recorded, not fatal
        logger.warning("cannot verify %s: %s", path, exc)
        return "error", []
    refuted = any(c.counterexample for c in result.clauses)
    files = write_counterexamples(result, path.with_suffix("")) if refuted else []
    failing = [
        {
            "clause": c.source or c.text,
            "status": c.status,
            "counterexample": [str(f) for f in files if f.name.startswith(f"clause{c.index}_")]
            or None,
        }
        for c in result.clauses
        if c.status != PROVEN
    ]
    return result.status, failing


def test_speedups(program: Path, test: list[Path], baseline: list, settings: dict) -> dict:
    """speedup_E and speedup_t of a program over no pruning on the test
    puzzles, the share solved slower and the puzzles it left unsolved."""
    from witness.model.panel import Panel
    from witness.pipeline.evaluate import solve_all, speedups

    puzzles = [(p.stem, Panel.load(p)) for p in test]
    records = solve_all(puzzles, str(program), time_limit=settings.get("time_limit"))
    s_t, s_e = speedups(baseline, records)
    slower = sum(r.seconds > b.seconds for r, b in zip(records, baseline, strict=True))
    lost = sum(b.solved and not r.solved for r, b in zip(records, baseline, strict=True))
    return {
        "speedup_E": round(s_e, 3),
        "speedup_t": round(s_t, 3),
        "slower": round(slower / len(records), 3),
        "unsolved": lost,
    }


def run_synthesis(config: dict, out: str | Path) -> list[dict]:
    """Run the side-by-side and write ``runs.json`` and ``synthesis.md`` in ``out``."""
    from witness.io import write_json
    from witness.model.panel import Panel
    from witness.pipeline.evaluate import solve_all

    out = Path(out)
    seed, test_settings = int(config["seed"]), config.get("test", {})
    rows = []
    for spec in config["experiments"]:
        exp = make_sets(spec, seed, out / spec["name"], config.get("examples", {}))
        puzzles = [(p.stem, Panel.load(p)) for p in exp.test]
        baseline = solve_all(puzzles, "none", time_limit=test_settings.get("time_limit"))
        jobs = [
            Job(exp.name, exp.bias, task, learner, s)
            for task in exp.tasks
            for learner in config["learners"]
            for s in (config["gp_seeds"] if learner == "gp" else [0])
        ]
        for job in tqdm(jobs, desc=f"learners on {exp.name}"):
            row = run_job(job, config, out)
            if row["clauses"] and exp.test:
                row.update(test_speedups(Path(row["program"]), exp.test, baseline, test_settings))
            rows.append(row)
    write_json(rows, out / "runs.json")
    (out / "synthesis.md").write_text(synthesis_table(rows))
    return rows


def _quartiles(values: list[float]) -> str:
    if len(values) == 1:
        return f"{values[0]:.2f}"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{q2:.2f} ({q1:.2f}-{q3:.2f})"


def _median(group: list[dict], key: str) -> str:
    values = [r[key] for r in group if key in r]
    return f"{statistics.median(values):.2f}" if values else "n/a"


def synthesis_table(rows: list[dict]) -> str:
    """The markdown table: one line per experiment and learner."""
    head = (
        "| bias | learner | runs | CPU s median (IQR) | candidates (median) | clauses | "
        "literals | TP / FN | FP | verdicts | speedup_E | speedup_t | slower | unsolved |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = []
    order = {name: i for i, name in enumerate(("ilp", "enumerate", "gp", "rules"))}
    keys = sorted(
        {(r["experiment"], r["learner"]) for r in rows}, key=lambda k: (k[0], order[k[1]])
    )
    for exp, learner in keys:
        group = [r for r in rows if (r["experiment"], r["learner"]) == (exp, learner)]
        verdicts: dict[str, int] = {}
        for r in group:
            verdicts[r["verdict"]] = verdicts.get(r["verdict"], 0) + 1

        def spread(key: str, group: list[dict] = group) -> str:
            values = sorted({r[key] for r in group})
            return str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}"

        lines.append(
            f"| {exp} | {learner} | {len(group)} | "
            f"{_quartiles([r['cpu_seconds'] for r in group])} | "
            f"{statistics.median(r['candidates'] for r in group):.0f} | {spread('clauses')} | "
            f"{spread('literals')} | {spread('tp')} / {spread('fn')} | {spread('fp')} | "
            + ", ".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
            + f" | {_median(group, 'speedup_E')} | {_median(group, 'speedup_t')} | "
            f"{_median(group, 'slower')} | {sum(r.get('unsolved', 0) for r in group)} |"
        )
    return head + "\n".join(lines) + "\n" + not_proven_text(rows)


def not_proven_text(rows: list[dict]) -> str:
    """Each clause a learner returned that the verifier did not prove, once per
    bias and learner, with how many runs returned it and a counterexample."""
    seen: dict[tuple[str, str, str], list] = {}
    for r in rows:
        for c in r.get("not_proven", []):
            key = (r["experiment"], r["learner"], c["clause"])
            entry = seen.setdefault(key, [c["status"], 0, c["counterexample"]])
            entry[1] += 1
    if not seen:
        return ""
    lines = ["", "Clauses not proven (bias, learner: clause, verdict, runs, counterexample):", ""]
    for (exp, learner, clause), (status, runs, cx) in seen.items():
        where = f"`{cx[0]}`" if cx else "none found"
        lines.append(f"- {exp}, {learner}: `{clause}` {status} in {runs} run(s); {where}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m witness.pipeline.synthesis [CONFIG] [OUT]``: the side-by-side
    without Snakemake (default config/synthesis.yaml, results/synthesis/<run>)."""
    import sys

    import yaml

    args = sys.argv[1:] if argv is None else argv
    config = yaml.safe_load(Path(args[0] if args else "config/synthesis.yaml").read_text())
    out = Path(args[1]) if len(args) > 1 else Path("results/synthesis") / str(config["run"])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    run_synthesis(config, out)
    print((out / "synthesis.md").read_text(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
