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


def make_tasks(experiment: dict, seed: int, folder: Path, examples: dict) -> list[Path]:
    """The experiment's training puzzles, generated, and its task folders
    (``tasks`` pools of ``pool`` puzzles each)."""
    from witness.learning.examples import write_task
    from witness.model.puzzle import load_search_view
    from witness.search.generate import write_named_set

    generator = None
    if experiment.get("panels"):
        from witness.search.generate_panels import PanelSpec, panel_set_generator

        panels = experiment["panels"]
        generator = panel_set_generator(
            PanelSpec(types=tuple(panels["types"]), densities=dict(panels.get("densities", {})))
        )
    train = experiment["train"]
    pool, count = int(experiment.get("pool", 1)), int(experiment.get("tasks", 1))
    files = write_named_set(
        folder / "train",
        "train",
        train["method"],
        [tuple(s) for s in train["sizes"]],
        pool * count,
        seed,
        progress=False,
        generator=generator,
    )
    tasks = []
    for k in range(count):
        chunk = sorted(files)[k * pool : (k + 1) * pool]
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
    return tasks


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
        "verdict": verdict(path, program.rules, config.get("verify", {})),
    }


def verdict(path: Path, rules: Sequence, settings: dict) -> str:
    """The verifier's verdict on a program file (``empty`` without clauses)."""
    if not rules:
        return "empty"
    from witness.learning.translate import load_predicate
    from witness.verify.verdict import default_max_size, verify_predicate

    predicate = load_predicate(str(path))
    size = settings.get("max_size")
    rows, cols = tuple(size) if size else default_max_size(predicate)
    try:
        result = verify_predicate(predicate, rows, cols, time_limit=settings.get("time_limit", 60))
    except Exception as exc:  # a program translation refuses, say: recorded, not fatal
        logger.warning("cannot verify %s: %s", path, exc)
        return "error"
    return str(result.to_dict()["status"])


def jobs_of(config: dict, out: Path) -> list[Job]:
    """Every run of the side-by-side, the task folders written."""
    jobs = []
    for exp in config["experiments"]:
        tasks = make_tasks(exp, int(config["seed"]), out / exp["name"], config.get("examples", {}))
        for task in tasks:
            for learner in config["learners"]:
                seeds = config["gp_seeds"] if learner == "gp" else [0]
                jobs += [Job(exp["name"], Path(exp["bias"]).stem, task, learner, s) for s in seeds]
    return jobs


def run_synthesis(config: dict, out: str | Path) -> list[dict]:
    """Run the side-by-side and write ``runs.json`` and ``synthesis.md`` in ``out``."""
    from witness.io import write_json

    out = Path(out)
    rows = [run_job(job, config, out) for job in tqdm(jobs_of(config, out), desc="learners")]
    write_json(rows, out / "runs.json")
    (out / "synthesis.md").write_text(synthesis_table(rows))
    return rows


def _quartiles(values: list[float]) -> str:
    if len(values) == 1:
        return f"{values[0]:.2f}"
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{q2:.2f} ({q1:.2f}-{q3:.2f})"


def synthesis_table(rows: list[dict]) -> str:
    """The markdown table: one line per experiment and learner."""
    head = (
        "| bias | learner | runs | CPU s median (IQR) | candidates (median) | clauses | "
        "literals | TP / FN | FP | verdicts |\n|---|---|---|---|---|---|---|---|---|---|\n"
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
            + " |"
        )
    return head + "\n".join(lines) + "\n"
