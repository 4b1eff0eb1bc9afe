"""Glue for the Snakefile and the Snakemake scripts in workflow/scripts (which hold
no logic): the config check, per-job logging, the learning step."""

from __future__ import annotations

import contextlib
import math
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from ilp import TaskError
from witness.errors import InputError


def _key(path: Sequence[object]) -> str:
    return ".".join(str(p) for p in path) or "(top level)"


def validate_config(config: dict, schema_file: str | Path) -> dict:
    """Check the pipeline config with ``snakemake.utils.validate`` against its
    JSON schema, which also fills in the schema's defaults (in place). Raises
    :class:`InputError` whose one-line message names the first offending key,
    e.g. ``learn.mode: 'pool' is not one of ...`` or ``biass: unknown key``."""
    from snakemake.exceptions import WorkflowError
    from snakemake.utils import validate

    try:
        validate(config, str(Path(schema_file).resolve()), set_default=True)
    except WorkflowError:
        raise InputError(_first_error(config, schema_file)) from None
    _check_values(config)
    return config


def _first_error(config: dict, schema_file: str | Path) -> str:
    """One line naming the key of the most telling error: an unknown key first
    (a typo often also leaves a required key missing), then the error deepest in
    the config."""
    import jsonschema
    import yaml
    from jsonschema import validators

    schema = yaml.safe_load(Path(schema_file).read_text())
    checker = validators.validator_for(schema)(schema)
    errors = sorted(
        checker.iter_errors(config),
        key=lambda e: (
            e.validator != "additionalProperties",
            -len(e.absolute_path),
            list(map(str, e.absolute_path)),
        ),
    )
    err = errors[0]
    path = list(err.absolute_path)
    if err.validator == "additionalProperties":
        allowed = sorted(err.schema.get("properties", {}))
        unknown = sorted(set(err.instance) - set(allowed))
        return f"{_key(path + unknown[:1])}: unknown key (expected one of: {', '.join(allowed)})"
    if err.validator == "required":
        missing = [k for k in err.validator_value if k not in err.instance]
        return f"{_key(path + missing[:1])}: missing"
    if err.validator == "enum":
        return (
            f"{_key(path)}: {err.instance!r} is not one of "
            f"{', '.join(map(str, err.validator_value))}"
        )
    message = err.message.splitlines()[0]
    if err.validator == "type" and isinstance(err.instance, str) and _looks_typed(err.instance):
        # Snakemake's --config reads values nested in a mapping as strings
        message += (
            " (a quoted value, or one nested in --config KEY='{...}', which Snakemake "
            "reads as text: put it in a --configfile)"
        )
    if isinstance(err, jsonschema.ValidationError) and len(message) > 200:
        message = message[:200] + "..."
    return f"{_key(path)}: {message}"


def check_config_files(paths: Sequence[str | Path]) -> None:
    """An :class:`InputError` if a YAML config file gives a key twice in one
    mapping: YAML loaders keep the last silently, so a second ``learn:``
    section would drop every setting of the first."""
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    def mapping(loader: Loader, node: yaml.MappingNode) -> dict:
        seen: set = set()
        for key_node, _ in node.value:
            key = loader.construct_object(key_node)
            if key in seen:
                raise InputError(
                    f"key '{key}' given twice (line "
                    f"{key_node.start_mark.line + 1}; the last would win silently)"
                )
            seen.add(key)
        return loader.construct_mapping(node)

    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    for path in paths:
        try:
            yaml.load(Path(path).read_text(encoding="utf-8"), Loader=Loader)
        except InputError as exc:
            raise InputError(f"{path}: {exc}") from None
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            pass  # Snakemake reports files it cannot read or parse


def _looks_typed(text: str) -> bool:
    """Would YAML read ``text`` as a number or a boolean if it were not quoted?"""
    import yaml

    try:
        return not isinstance(yaml.safe_load(text), str)
    except yaml.YAMLError:
        return False


def _non_finite(value: object, path: list) -> list | None:
    """The key path of the first NaN or infinity in ``value`` (JSON Schema's
    ``number`` admits them, and no bound rules NaN out)."""
    if isinstance(value, float) and not math.isfinite(value):
        return path
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        found = _non_finite(item, [*path, key])
        if found is not None:
            return found
    return None


def _check_values(config: dict) -> None:
    """What the schema cannot say: every number finite, and every puzzle set one
    its generator can serve (Algorithm 3 only up to 36 vertices), so a run stops
    before its first job rather than in the generate step."""
    from witness.search.generate import check_set_spec

    bad = _non_finite(config, [])
    if bad is not None:
        raise InputError(f"{_key(bad)}: must be a finite number, got {_value_at(config, bad)}")
    _check_run_names(config)
    specs = {f"sets.{name}": spec for name, spec in config["sets"].items()}
    specs["large"] = {
        "method": config["large"]["method"],
        "count": config["large"]["count"],
        "sizes": config["large"]["sizes"],
    }
    for key, spec in specs.items():
        try:
            check_set_spec(spec["method"], spec["sizes"], spec["count"])
        except InputError as exc:
            raise InputError(f"{key}.{exc}") from None
    if config.get("panels"):  # the generator's own checks: e.g. a density it would ignore
        from witness.search.generate_panels import PanelSpec

        panels = config["panels"]
        try:
            PanelSpec(tuple(panels["types"]), dict(panels.get("densities", {})))
        except InputError as exc:
            raise InputError(f"panels.{exc}") from None


def _check_run_names(config: dict) -> None:
    """``run`` names a folder results/<run>/ and each ``compare_with`` entry a folder
    results/<run>/<bias>/: a name that resolves elsewhere (``.``, ``..``) would put
    logs/, sets/ and paper/ outside results/ (or read another run's files)."""
    names = [("run", config["run"], "results")]
    names += [
        (f"compare_with.{i}", name, f"results/{config['run']}")
        for i, name in enumerate(config.get("compare_with", []))
    ]
    for key, name, parent in names:
        if os.path.dirname(os.path.normpath(os.path.join(parent, name))) != parent:
            raise InputError(
                f"{key}: {name!r} is not a folder name inside {parent}/ "
                "(. and .. would write or read outside it)"
            )


def _value_at(config: object, path: list) -> object:
    for key in path:
        config = config[key]
    return config


@contextlib.contextmanager
def logged(smk: object) -> Iterator[None]:
    """Send a rule's stdout and stderr (progress bars included) to its log file.

    Bad input (:class:`InputError`, e.g. broken background knowledge) ends the
    job with exit status 2 and its one-line message, in the log and on the
    terminal, instead of a traceback; other errors keep theirs."""
    logs = list(getattr(smk, "log", []) or [])
    rule = getattr(smk, "rule", "job")
    try:
        if not logs:
            yield
            return
        with (
            open(logs[0], "w") as fh,
            contextlib.redirect_stdout(fh),
            contextlib.redirect_stderr(fh),
        ):
            try:
                yield
            except Exception as exc:
                print(f"{type(exc).__name__}: {exc}", file=sys.stderr)
                raise
    except (InputError, TaskError) as exc:  # TaskError: the ILP engine's bad input
        print(f"error in rule {rule}: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def learn_step(
    task_dir: str,
    out_pl: str,
    out_json: str,
    timeout: float,
    engine: str,
    learner: str = "ilp",
    learners: dict | None = None,
) -> dict:
    """One learning job of the pipeline: learn (with ``learner``, settings
    ``learners``: the config's keys), write the program (with its
    header) and a JSON record. A run that fails is recorded (status
    ``failed`` and the error, an empty program) instead of stopping the
    pipeline, as the paper's 11 runs that found nothing were; but broken
    background knowledge (:class:`BKError`) stops it: every task shares the
    BK, so every run would fail, and triage would end with nothing to rank."""
    import time
    import traceback
    from pathlib import Path

    from ilp import BKError
    from witness.io import write_json
    from witness.learning.learners import LearnerSettings, learn_with
    from witness.learning.learners.result import write_learned
    from witness.learning.program import engine_name

    t0 = time.perf_counter()
    try:
        program, scores, stats = learn_with(
            task_dir,
            learner,
            timeout=timeout,
            settings=LearnerSettings.from_dict(learners),
            engine=engine_name(engine),
            progress=True,
        )
    except BKError:
        raise
    except Exception as exc:  # recorded, not fatal: one bad task must not stop 500
        traceback.print_exc()
        Path(out_pl).write_text(f"% learning failed: {type(exc).__name__}: {exc}\n")
        record = {
            "status": "failed",
            "error": f"{type(exc).__name__}: {exc}",
            "seconds": time.perf_counter() - t0,
            "learner": learner,
        }
    else:
        write_learned(out_pl, program, scores, stats)
        status = "no_program" if not program.clauses else "timed_out" if stats.timed_out else "ok"
        record = {
            "status": status,
            **scores.as_dict(),
            "clauses": list(program.clauses),
            "seconds": stats.seconds,
            "exhausted": stats.exhausted,
            "engine": stats.engine,
            "learner": learner,
            "size": program.size,
            "stats": stats.as_dict(),
        }
    write_json(record, out_json)
    return record


# ------------------------------------------------------------ results folders
BIAS_KEY_FILE = "bias.sha256"  # in results/<run>/<folder>/: whose results these are


def bias_key(bias_text: str, bk_text: str) -> str:
    """What a bias's results depend on, as a hash: the bias file's text and its
    background knowledge as every task's bk.pl begins (``bk_header``)."""
    import hashlib

    return hashlib.sha256(f"{bias_text}\0{bk_text}".encode()).hexdigest()


def bias_file_key(bias: str | Path) -> str:
    """``bias_key`` of a bias file and the BK files its ``% bk:`` line names."""
    from witness.io import read_text
    from witness.learning.examples import bias_bk_files, bk_header

    return bias_key(read_text(bias, "bias file"), bk_header(bias_bk_files(bias)))


def folder_key(folder: Path) -> str | None:
    """The ``bias_key`` of the bias whose results ``folder`` holds: from its
    BIAS_KEY_FILE, or, for a folder written before there was one, from a task's
    copies of the bias and BK (tasks/*/bias.pl, bk.pl); None when nothing says
    (no folder, or nothing learned in it yet)."""
    from witness.learning.examples import FACTS_HEADER

    if (folder / BIAS_KEY_FILE).is_file():
        return (folder / BIAS_KEY_FILE).read_text().split()[0]
    task = next((t for t in sorted(folder.glob("tasks/*")) if (t / "bk.pl").is_file()), None)
    if task is None or not (task / "bias.pl").is_file():
        return None
    bk = (task / "bk.pl").read_text(encoding="utf-8").split(f"\n{FACTS_HEADER}\n")[0]
    return bias_key((task / "bias.pl").read_text(encoding="utf-8"), bk)


def results_folder(run_dir: str | Path, bias: str | Path) -> str:
    """The folder of results/<run>/ for this bias's results: the bias file's
    name without .pl (``paper`` for bias/paper.pl), unless that folder holds the
    results of another bias (another text, or other BK), then the name and the
    first 8 hex digits of ``bias_file_key`` (``paper-1a2b3c4d``). So two
    different biases never share a folder, and a rerun finds its own."""
    key = bias_file_key(bias)
    stem = Path(bias).stem
    for name in (stem, f"{stem}-{key[:8]}", f"{stem}-{key}"):
        owner = folder_key(Path(run_dir) / name)
        if owner is None or owner == key:
            return name
    raise InputError(f"bias: {bias}: {run_dir}/{stem}-{key} holds another bias's results")


def claim_folder(folder: str | Path, bias: str | Path) -> None:
    """Mark ``folder`` (chosen by ``results_folder``) as holding the results of
    ``bias`` (BIAS_KEY_FILE: its ``bias_file_key`` and the file it was read
    from), before a run writes there."""
    from witness.io import make_folder, write_file

    key, path = bias_file_key(bias), Path(folder) / BIAS_KEY_FILE
    if folder_key(Path(folder)) not in (None, key):
        raise InputError(f"bias: {bias}: {folder} holds another bias's results")
    if not path.is_file():
        make_folder(folder)
        write_file(path, f"{key}  {bias}\n")
