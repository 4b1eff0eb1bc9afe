# Names and paths shared by every stage. Results: results/<run>/ (sets, baseline
# timings) and results/<run>/<bias name>/ (learning and everything after it).
import sys
from pathlib import Path

from witness.pipeline.compared_files import COMPARED_FILES, missing_files
from witness.errors import InputError
from witness.learning.examples import bias_bk_files
from witness.pipeline import sets as run_sets
from witness.pipeline.workflow import (
    check_config_files,
    claim_folder,
    results_folder,
    validate_config,
)

# Types, ranges, unknown keys (typos) and defaults: workflow/schemas/config.schema.yaml.
try:
    check_config_files(
        [
            f"{workflow.basedir}/config.yaml",
            *(getattr(workflow, "overwrite_configfiles", None) or []),
        ]
    )
    validate_config(config, f"{workflow.basedir}/workflow/schemas/config.schema.yaml")
except InputError as exc:
    print(f"config error: {exc}", file=sys.stderr)
    sys.exit(2)

RUN = f"results/{config['run']}"
# A bias path is read relative to the working directory, else to the repository.
BIAS = config["bias"]
if not Path(BIAS).exists() and (Path(workflow.basedir) / BIAS).exists():
    BIAS = str(Path(workflow.basedir) / BIAS)
if not Path(BIAS).is_file():
    print(
        f"config error: bias: {config['bias']} is not a file (relative paths are read from "
        f"the working directory, then from {workflow.basedir})",
        file=sys.stderr,
    )
    sys.exit(2)
try:  # the engine's bias parser and the '% bk:' files, before any job
    bias_bk_files(BIAS)
except InputError as exc:
    print(
        f"config error: {'' if str(exc).startswith('bias') else 'bias: '}{exc}",
        file=sys.stderr,
    )
    sys.exit(2)
# The bias's results folder: named after the file (results/<run>/paper/ for
# bias/paper.pl), with a short hash of the bias and its BK added when that folder
# holds another bias's results; claimed (results_folder's key file) when the run starts.
try:
    BIAS_NAME = results_folder(RUN, BIAS)
except InputError as exc:
    print(f"config error: {exc}", file=sys.stderr)
    sys.exit(2)
OUT = f"{RUN}/{BIAS_NAME}"


def _shown(path):
    """A config file as the user would type it: relative to the working directory if under it."""
    p = Path(path)
    return (
        str(p.relative_to(Path.cwd()))
        if p.is_absolute() and p.is_relative_to(Path.cwd())
        else str(p)
    )


def snakemake_call():
    """How this Snakemake is called from the working directory, to be pasted:
    the executable beside this Python (.venv/bin/snakemake after setup), and
    the Snakefile when it is not ./Snakefile."""
    exe = Path(sys.executable).with_name("snakemake")
    call = [_shown(exe) if exe.is_file() else "snakemake"]
    if Path(workflow.main_snakefile).resolve() != (Path.cwd() / "Snakefile").resolve():
        call += ["-s", _shown(workflow.main_snakefile)]
    return " ".join(call)


def run_options(bias, compare_with=()):
    """The options after ``--cores`` that make this run with ``bias``."""
    overrides = ([f"bias={bias}"] if bias != "bias/paper.pl" else []) + (
        [f"compare_with='[{','.join(compare_with)}]'"] if compare_with else []
    )
    return " ".join(
        [
            f"--configfile {_shown(f)}"
            for f in getattr(workflow, "overwrite_configfiles", []) or []
        ]
        + (["--config", *overrides] if overrides else [])
    )


def command_for(bias, compare_with=()):
    """The command that runs this run's pipeline with ``bias`` (for the reports
    and hints; it works when pasted)."""
    cores = workflow.resource_settings.cores or "all"
    return (
        f"{snakemake_call()} --cores {cores} {run_options(bias, compare_with)}".strip()
    )


# How this run was started (for the report).
COMMAND = command_for(config["bias"])

# Other biases of this run to show side by side (comparison.md): their pipelines
# must have run already; the comparison only reads their outputs.
OTHERS = [b for b in dict.fromkeys(config["compare_with"]) if b != BIAS_NAME]
for _other in OTHERS:
    _missing = missing_files(f"{RUN}/{_other}")
    if _missing:
        _bias = (
            f"bias/{_other}.pl"
            if (Path(workflow.basedir) / "bias" / f"{_other}.pl").exists()
            else f"PATH/TO/{_other}.pl"
        )
        print(
            f"config error: compare_with: {RUN}/{_other}/{_missing[0]} is missing; "
            f"run that bias first: {command_for(_bias)}",
            file=sys.stderr,
        )
        sys.exit(2)

SET_NAMES = list(config["sets"])
LARGE_NAMES = run_sets.large_names(config)
# made in this order, each disjoint from the earlier
SET_ORDER = run_sets.set_order(config)


def set_spec(name):
    return run_sets.set_spec(config, name)


def set_count(name):
    return int(set_spec(name)["count"])


def n_chunks(name, chunk):
    return max(1, -(-set_count(name) // int(chunk)))


def train_names():
    return [f"train_{i:05d}" for i in range(set_count("train"))]


def task_names():
    """One learning task per training puzzle (the paper), or one per pool."""
    if config["learn"]["mode"] == "pooled":
        size = int(config["learn"]["pool_size"])
        return [f"pool_{i:03d}" for i in range(-(-set_count("train") // size))]
    return train_names()


def task_puzzles(task):
    names = train_names()
    if task.startswith("pool_"):
        size = int(config["learn"]["pool_size"])
        i = int(task.removeprefix("pool_"))
        return names[i * size : (i + 1) * size]
    return [task]


STAGE_KEEP = {1: config["triage"]["k1"], 2: config["triage"]["k2"], 3: 1}
GROUP = config["triage"]["group_size"]


def stage_candidates(version, stage):
    """Predicates a triage stage times: one per distinct learned program in
    stage 1, then those the previous stage kept (known once that checkpoint
    has run)."""
    from witness.pipeline.triage_tables import kept_predicates, representatives

    if stage == 1:
        return representatives(checkpoints.triage_distinct.get().output[0])
    return kept_predicates(
        checkpoints.triage_stage.get(version=version, stage=stage - 1).output[0]
    )


def stage_group(version, stage, group):
    """Candidates timed together (beside their own baseline) in one job."""
    return stage_candidates(version, stage)[group * GROUP : (group + 1) * GROUP]


wildcard_constraints:
    set="[a-z0-9_x]+",
    task="[a-z0-9_]+",
    version="v[12]",
    stage="[123]",
    chunk="[0-9]+",


# Memory (MB) of a job that runs A*, when numba's cache is empty and the job compiles
# the search core (a cluster node whose CPU the cache was not built for, or the first
# job after a change to the core): benchmarks/bench_compile.py measured a peak of 1756 MB
# (docs/cluster.md), to which a cluster job adds its two Snakemake processes (135 MB each).
COMPILE_MB = 2500


def search_mb(mb=1000):
    """The memory request of a job that runs A*: ``mb``, its own need, but at
    least what compiling the run's search core takes."""
    return max(int(mb), COMPILE_MB)
