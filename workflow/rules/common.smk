# Names and paths shared by every stage. Results: results/<run>/ (sets, baseline
# timings) and results/<run>/<bias name>/ (learning and everything after it).
from pathlib import Path

RUN = f"results/{config['run']}"
# A bias path is read relative to the working directory, else to the repository.
BIAS = config["bias"]
if not Path(BIAS).exists() and (Path(workflow.basedir) / BIAS).exists():
    BIAS = str(Path(workflow.basedir) / BIAS)
BIAS_NAME = Path(BIAS).stem
OUT = f"{RUN}/{BIAS_NAME}"

# How this run was started (for the report).
COMMAND = " ".join(
    ["snakemake --cores N"]
    + [f"--configfile {Path(f).relative_to(Path.cwd()) if Path(f).is_absolute() else f}"
       for f in getattr(workflow, "overwrite_configfiles", []) or []]
    + ([f"--config bias={config['bias']}"] if config["bias"] != "bias/paper.pl" else [])
)

SET_NAMES = list(config["sets"])
LARGE_NAMES = [f"large_{r}x{c}" for r, c in config["large"]["sizes"]]
SET_ORDER = SET_NAMES + LARGE_NAMES  # generated in this order, each disjoint from the earlier


def set_spec(name):
    if name in config["sets"]:
        return config["sets"][name]
    r, c = (int(v) for v in name.removeprefix("large_").split("x"))
    return {"method": config["large"]["method"], "count": config["large"]["count"],
            "sizes": [[r, c]]}


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
        return names[i * size:(i + 1) * size]
    return [task]


wildcard_constraints:
    set="[a-z0-9_x]+",
    task="[a-z0-9_]+",
    version="v[12]",
    stage="[123]",
    chunk="[0-9]+",
