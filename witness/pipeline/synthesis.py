"""The side-by-side of the learners: every learner on the same tasks.

``run_synthesis(config, out_dir)`` reads ``config/synthesis.yaml``'s
mapping: for each experiment (a bias, and triangle puzzles or panels of some
types) it generates the training puzzles, writes their task folders with
``witness examples``'s code, runs every learner on every task (``gp`` once
per seed), checks each program with the verifier, scores it on held-out
examples (a task folder written from the first test puzzles), times its
translation per call on those examples' partial paths, solves the test
puzzles with it, and writes one row per run (``runs.json``) and the tables
(``comparison.md``, :mod:`witness.pipeline.synthesis_table`).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from tqdm import tqdm

if TYPE_CHECKING:
    from witness.model.panel import Panel

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Experiment:
    """An experiment's task folders and test puzzles."""

    name: str
    bias: str
    tasks: list[Path]
    test: list[Path]
    heldout: Path | None = None


@dataclass(frozen=True)
class Job:
    """One learning run: an experiment's task, a learner and its seed."""

    experiment: str
    bias: str
    task: Path
    learner: str
    seed: int
    heldout: Path | None = None


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


def puzzle_sets(experiment: dict, seed: int, folder: Path) -> dict[str, list[Path]]:
    """The experiment's training puzzles (``tasks`` pools of ``pool`` each)
    and its test puzzles (disjoint from them), by set name, written in
    ``folder``."""
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
    return made


def make_sets(experiment: dict, seed: int, folder: Path, examples: dict) -> Experiment:
    """The experiment's puzzle sets (:func:`puzzle_sets`) and its training
    task folders, one per pool."""
    from witness.learning.examples import write_task
    from witness.model.panel import Panel

    pool, count = int(experiment.get("pool", 1)), int(experiment.get("tasks", 1))
    made = puzzle_sets(experiment, seed, folder)
    tasks = []
    for k in range(count):
        chunk = made["train"][k * pool : (k + 1) * pool]
        out = folder / "tasks" / f"task{k}"
        write_task(
            [Panel.load(f) for f in chunk],
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


def make_heldout(
    exp: Experiment, bias: str, seed: int, folder: Path, examples: dict, heldout: dict
) -> Experiment:
    """The experiment with its held-out task folder: the labelled partial
    paths of its first ``heldout.puzzles`` test puzzles of at most
    ``heldout.max_squares`` squares (none used in training; every partial
    path of a larger panel is too many to label), capped at ``max_pos`` and
    ``max_neg`` examples as the training tasks are, with the same encoding."""
    from dataclasses import replace

    from witness.learning.examples import write_task
    from witness.model.panel import Panel

    most = int(heldout.get("max_squares", 16))
    small = [f for f in exp.test if area(Panel.load(f)) <= most]
    chosen = small[: int(heldout.get("puzzles", 0))]
    if not chosen:
        return exp
    write_task(
        [Panel.load(f) for f in chosen],
        folder / "heldout",
        names=[f.stem for f in chosen],
        bias_file=bias,
        max_pos=heldout.get("max_pos"),
        max_neg=heldout.get("max_neg"),
        seed=seed,
        positives=examples.get("positives", "blamed"),
    )
    return replace(exp, heldout=folder / "heldout")


def area(panel: Panel) -> int:
    """A panel's squares (rows x cols)."""
    return panel.rows * panel.cols


def heldout_scores(rules: Sequence, folder: Path | None) -> dict:
    """The program's confusion counts on the held-out task's examples, tested
    in SWI-Prolog as the engine tests (``heldout_tp``, ``_fn``, ``_fp``, ``_tn``)."""
    if folder is None:
        return {}
    from ilp import Tester, load_task

    files, bias = load_task(folder)
    with Tester(files.bk, files.exs, bias) as tester:
        if rules:
            scores, _, _ = tester.score(rules)
            counts = scores.as_dict()
        else:
            counts = {"tp": 0, "fn": tester.n_pos, "tn": tester.n_neg, "fp": 0}
    return {f"heldout_{k}": counts[k] for k in ("tp", "fn", "fp", "tn")}


def cost_sets(exp: Experiment) -> list[tuple]:
    """The fixed partial paths a predicate's cost per call is measured on: the
    held-out task's paths, with their puzzles (as the search core reads them)."""
    import json

    from witness.model.panel import Panel

    if exp.heldout is None:
        return []
    index = json.loads((exp.heldout / "index.json").read_text())
    by_puzzle: dict[int, list] = {}
    for _atom, (q, path) in sorted(index["paths"].items()):
        by_puzzle.setdefault(q, []).append([tuple(v) for v in path])
    names = [p["name"] for p in index["puzzles"]]
    files = {f.stem: f for f in exp.test}
    return [(Panel.load(files[names[q]]), paths) for q, paths in sorted(by_puzzle.items())]


def call_cost(program: Path, sets: list[tuple], repeats: int) -> float | None:
    """Microseconds per partial path of the translated program on ``sets``
    (:mod:`witness.pipeline.call_cost`), None when it cannot be translated."""
    from witness.learning.translate import load_predicate
    from witness.pipeline.call_cost import microseconds_per_call

    try:
        predicate = load_predicate(str(program))
        cost = microseconds_per_call(sets, predicate, repeats)
    except Exception as exc:  # a program translation refuses: recorded, not fatal
        logger.warning("cannot time %s: %s", program, exc)
        return None
    return None if cost is None else round(cost, 3)


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
    path = out / "programs" / f"{job_name(job)}.pl"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_learned(path, program, scores, stats)
    learned = rules_learned(job.learner, stats.settings, len(program.rules))
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
        "rules_learned": learned,
        "one_clause_per_rule": learned == len(program.rules)
        and clauses_read(path) == len(program.rules),
        **scores.as_dict(),
        **heldout_scores(program.rules, job.heldout),
        "timed_out": stats.timed_out,
        "program": str(path),
    } | dict(
        zip(
            ("verdict", "not_proven"),
            verdict(path, program.rules, config.get("verify", {})),
            strict=True,
        )
    )


def rules_learned(learner: str, settings: dict, clauses: int) -> int:
    """How many rules the learner's own result had before any was dropped:
    the clauses of GP's best tree, RIPPER's rules; the engine's and
    enumeration's rules are the program's clauses."""
    key = {"gp": "tree_clauses", "rules": "ripper_rules"}.get(learner)
    return int(settings.get(key, clauses)) if key else clauses


def clauses_read(path: Path) -> int:
    """The clauses of a program file as Prolog reads them (0 when it reads none)."""
    from witness.learning.program import ProgramError, read_program

    try:
        return len(read_program(path.read_text()))
    except ProgramError:
        return 0


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
    from witness.io import write_json

    write_json(result.to_dict(), verify_record(path))
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


def verify_record(program: Path) -> Path:
    """Where a program's ``witness verify`` record is written (beside it)."""
    return program.with_suffix(".verify.json")


def test_speedups(program: Path, test: list[Path], baseline: list, settings: dict) -> dict:
    """speedup_E and speedup_t of a program over pi_baseline on the test
    puzzles, as the pipeline measures pi* (``evaluate.solve_safely``: it prunes
    where its verdict allows, else only sorts), the share solved slower and
    the puzzles solved by pi_baseline but not within the time limit by it."""
    from witness.learning.translate import load_predicate
    from witness.model.panel import Panel
    from witness.pipeline.evaluate import read_verdict, solve_safely, speedups

    puzzles = [(p.stem, Panel.load(p)) for p in test]
    record = read_verdict(verify_record(program))
    predicate = load_predicate(str(program))
    limit = settings.get("time_limit")
    solve_safely(puzzles[:2], predicate, record, time_limit=limit)  # loads the cores, untimed
    records = solve_safely(puzzles, predicate, record, time_limit=limit)
    s_t, s_e = speedups(baseline, records)
    slower = sum(r.seconds > b.seconds for r, b in zip(records, baseline, strict=True))
    lost = sum(b.solved and not r.solved for r, b in zip(records, baseline, strict=True))
    return {
        "speedup_E": round(s_e, 3),
        "speedup_t": round(s_t, 3),
        "slower": round(slower / len(records), 3),
        "unsolved": lost,
        "pruned": sum(r.mode == "prune" for r in records),
    }


SCHEMA = Path(__file__).resolve().parents[2] / "workflow" / "schemas" / "synthesis.schema.yaml"


def validate_synthesis(config: dict, schema_file: str | Path = SCHEMA) -> dict:
    """Check a side-by-side config against its schema and fill in its defaults
    (in place); an :class:`InputError` naming the first offending key."""
    import jsonschema
    import yaml

    from witness.errors import InputError

    schema = yaml.safe_load(Path(schema_file).read_text())
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema).iter_errors(config)
    )
    if error is not None:
        where = ".".join(map(str, error.absolute_path)) or "config"
        raise InputError(f"{where}: {error.message}")
    from snakemake.utils import validate

    validate(config, str(schema_file), set_default=True)
    return config


def run_synthesis(config: dict, out: str | Path) -> list[dict]:
    """Run the side-by-side and write ``runs.json`` and ``comparison.md`` in
    ``out``; a run interrupted and started again keeps its finished jobs' rows
    (``out/rows/<config hash>/``)."""
    from witness.io import write_json
    from witness.pipeline.synthesis_table import comparison_text

    validate_synthesis(config)
    out = Path(out)
    rows = []
    for spec in config["experiments"]:
        rows += run_experiment(spec, config, out)
        write_json(rows, out / "runs.json")  # a record so far, should a later bias fail
    write_json(rows, out / "runs.json")
    (out / "comparison.md").write_text(comparison_text(rows, config))
    return rows


@dataclass(frozen=True)
class ProgramTimer:
    """What a program's timings are measured on: the held-out paths (cost per
    call), the test puzzles and pi_baseline's results on them."""

    cost_sets: list[tuple]
    test: list[Path]
    baseline: list
    repeats: int
    settings: dict

    def measure(self, program: Path) -> dict:
        """A program's cost per call (``us_per_call``) and, with test
        puzzles, its speedups over pi_baseline (:func:`test_speedups`)."""
        row: dict = {"us_per_call": call_cost(program, self.cost_sets, self.repeats)}
        if self.test:
            row.update(test_speedups(program, self.test, self.baseline, self.settings))
        return row


def program_timer(exp: Experiment, config: dict) -> ProgramTimer:
    """The experiment's :class:`ProgramTimer`: pi_baseline solves its test
    puzzles (after an untimed warm-up that loads every core used)."""
    from witness.model.panel import Panel
    from witness.pipeline.evaluate import solve_all

    settings = config.get("test", {})
    limit = settings.get("time_limit")
    puzzles = [(p.stem, Panel.load(p)) for p in exp.test]
    solve_all(puzzles[:2], "baseline", "prune", time_limit=limit)
    baseline = solve_all(puzzles, "baseline", "prune", time_limit=limit)
    repeats = int(config.get("cost", {}).get("repeats", 20))
    return ProgramTimer(cost_sets(exp), exp.test, baseline, repeats, settings)


def run_experiment(spec: dict, config: dict, out: Path) -> list[dict]:
    """One bias's rows: every learner on every task, each program scored,
    verified, timed per call and tested."""
    from witness.io import write_json

    seed, examples = int(config["seed"]), config.get("examples", {})
    exp = make_sets(spec, seed, out / spec["name"], examples)
    exp = make_heldout(
        exp, spec["bias"], seed, out / spec["name"], examples, config.get("heldout", {})
    )
    timer = program_timer(exp, config)
    jobs = [
        Job(exp.name, exp.bias, task, learner, s, exp.heldout)
        for task in exp.tasks
        for learner in config["learners"]
        for s in (config["gp_seeds"] if learner == "gp" else [0])
    ]
    rows = []
    for job in tqdm(jobs, desc=f"learners on {exp.name}"):
        done = out / "rows" / config_key(config) / f"{job_name(job)}.json"
        if done.exists():  # a run resumed: this job's row is kept
            rows.append(json.loads(done.read_text()))
            continue
        row = run_job(job, config, out)
        if row["clauses"]:
            row.update(timer.measure(Path(row["program"])))
        write_json(row, done)
        rows.append(row)
    return rows


def job_name(job: Job) -> str:
    """A run's file name: experiment, task, learner and seed."""
    return f"{job.experiment}_{job.task.name}_{job.learner}_{job.seed}"


def config_key(config: dict) -> str:
    """A short hash of the config: a resumed run reuses only rows of the same config."""
    import hashlib

    text = json.dumps(config, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:10]


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
    print((out / "comparison.md").read_text(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
