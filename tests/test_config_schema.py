"""The pipeline config is checked against workflow/schemas/config.schema.yaml when
the Snakefile is read: typos and bad values stop the run at once, naming the key."""

import copy
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from project_files import PROFILES as PROJECT_PROFILES

from witness.errors import InputError
from witness.pipeline.sets import load_config
from witness.pipeline.workflow import validate_config

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "workflow/schemas/config.schema.yaml"
PAPER = yaml.safe_load((ROOT / "config.yaml").read_text())


PROFILES = list(PROJECT_PROFILES)


@pytest.mark.parametrize("profile", [p.relative_to(ROOT).as_posix() for p in PROFILES])
def test_shipped_configs_are_valid(profile):
    # each merged into config.yaml as Snakemake merges a --configfile
    validate_config(load_config([ROOT / "config.yaml", ROOT / profile]), SCHEMA)


def test_defaults_are_filled_in_nested_sections():
    config = copy.deepcopy(PAPER)
    del config["learn"], config["triage"]["rank_by"]
    validate_config(config, SCHEMA)
    assert config["learn"]["mode"] == "per_puzzle" and config["learn"]["positives"] == "blamed"
    assert config["triage"]["rank_by"] == "speedup_t"
    assert config["compare_with"] == []  # no side-by-side comparison unless asked
    # the schema's default objects are copied, not shared between configs
    config["learn"]["pool_size"] = 99
    other = copy.deepcopy(PAPER)
    del other["learn"]
    assert validate_config(other, SCHEMA)["learn"]["pool_size"] == 8


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (lambda c: c["learn"].update(mode="pool"), "learn.mode"),
        (lambda c: c.update(biass="bias/paper.pl"), "biass"),
        (lambda c: c["test"].update(chunk=0), "test.chunk"),
        (lambda c: c["learn"].update(pool_size=0), "learn.pool_size"),
        (lambda c: c["sets"].update(trian=c["sets"].pop("train")), "sets.trian"),
        (lambda c: c["sets"]["train"].pop("method"), "sets.train.method"),
        (lambda c: c["triage"].update(k1="3"), "triage.k1"),
        (lambda c: c["verify"].update(max_size=[3]), "verify.max_size"),
        (lambda c: c["large_eval"].update(time_limits_min=[1, -1]), "large_eval.time_limits_min.1"),
        (lambda c: c.update(compare_with="paper"), "compare_with"),
        (lambda c: c.update(compare_with=["../paper"]), "compare_with.0"),
        # results/<run>/ must be a folder inside results/ (.. wrote logs/, sets/ beside it)
        (lambda c: c.update(run=".."), "run"),
        (lambda c: c.update(run="."), "run"),
        (lambda c: c.update(compare_with=[".."]), "compare_with.0"),
        (lambda c: c.update(compare_with=["paper", "."]), "compare_with.1"),
        # what the schema cannot say: NaN passes every bound, Algorithm 3's size limit
        (lambda c: c["test"].update(time_limit=float("nan")), "test.time_limit"),
        (
            lambda c: c["large_eval"].update(time_limits_min=[1, float("inf")]),
            "large_eval.time_limits_min.1",
        ),
        (lambda c: c["sets"]["train"].update(sizes=[[2, 2], [9, 9]]), "sets.train.sizes"),
        (lambda c: c["large"].update(method="random"), "large.sizes"),
        # a density of a type that does not exist, or is not generated, would be ignored
        (
            lambda c: c.update(panels={"types": ["dots"], "densities": {"dotz": 1}}),
            "panels.densities",
        ),
        (
            lambda c: c.update(panels={"types": ["dots"], "densities": {"stars": 1}}),
            "panels.densities",
        ),
    ],
)
def test_bad_config_names_the_key(change, key):
    config = copy.deepcopy(PAPER)
    change(config)
    with pytest.raises(InputError) as info:
        validate_config(config, SCHEMA)
    message = str(info.value)
    assert message.startswith(f"{key}:") and "\n" not in message


def test_a_number_read_as_text_gets_a_hint():
    """snakemake --config test='{chunk: 5}' gives the string '5' (YAML's base loader)."""
    config = copy.deepcopy(PAPER)
    config["test"]["chunk"] = "5"
    with pytest.raises(
        InputError,
        match=r"^test.chunk: '5' is not of type 'integer' .*"
        r"put it in a --configfile\)$",
    ):
        validate_config(config, SCHEMA)
    config["test"]["chunk"] = "five"
    with pytest.raises(InputError, match=r"^test.chunk: 'five' is not of type 'integer'$"):
        validate_config(config, SCHEMA)


@pytest.mark.parametrize(
    ("override", "key"),
    [
        ("learn: {mode: pool}\n", "learn.mode: 'pool' is not one of per_puzzle, pooled"),
        ("biass: bias/unvisited.pl\n", "biass: unknown key"),
        ("bias: bias/unvisted.pl\n", "bias: bias/unvisted.pl is not a file"),
        ("test: {time_limit: .nan}\n", "test.time_limit: must be a finite number, got nan"),
        ("run: ..\n", "run: '..' is not a folder name inside results/"),
        # the bias is read with the engine's parser, and the BK files it names must exist
        ("bias: nobk.pl\n", "background knowledge file 'nosuch.pl' not found"),
        ("bias: nohead.pl\n", "bias: nohead.pl: expected exactly one head_pred/2"),
        # YAML keeps the last of two keys: the first section's settings would vanish
        (
            "learn: {mode: pooled}\ntest: {chunk: 5}\nlearn: {timeout: 60}\n",
            "bad.yaml: key 'learn' given twice (line 3",
        ),
        (
            "sets:\n  train: {method: path, count: 2, count: 3, sizes: [[2, 2]]}\n",
            "bad.yaml: key 'count' given twice (line 2",
        ),
    ],
)
def test_snakemake_stops_at_once_on_a_bad_config(tmp_path, override, key):
    (tmp_path / "bad.yaml").write_text(override)
    paper = (ROOT / "bias" / "paper.pl").read_text()
    (tmp_path / "nobk.pl").write_text(paper.replace("% bk: witness.pl", "% bk: nosuch.pl"))
    (tmp_path / "nohead.pl").write_text(paper.replace("head_pred(f,2).", ""))
    exe = Path(sys.executable).with_name("snakemake")
    proc = subprocess.run(
        [str(exe), "-s", str(ROOT / "Snakefile"), "-n", "--cores", "1", "--configfile", "bad.yaml"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("config error:")]
    assert len(errors) == 1 and key in errors[0], proc.stderr
    assert "Traceback" not in proc.stderr and "KeyError" not in proc.stderr
    assert not (tmp_path / "results").exists()


def test_snakemake_lint_gives_only_the_conda_advice(tmp_path):
    """`snakemake --lint` finds nothing but its advice to give each rule a conda
    environment or container, which does not apply (one virtualenv, scripts/setup.sh)."""
    exe = Path(sys.executable).with_name("snakemake")
    proc = subprocess.run(
        [
            str(exe),
            "-s",
            str(ROOT / "Snakefile"),
            "--lint",
            "--configfile",
            str(ROOT / "config" / "quick.yaml"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    lints = {line.strip() for line in out.splitlines() if line.strip().startswith("* ")}
    assert "Lints for rule" in out, out[-2000:]  # the lint ran over the rules
    assert lints == {"* Specify a conda environment or container for each rule.:"}, out[-3000:]


def requested_memory(tmp_path: Path, profile: str) -> dict[str, set[int]]:
    """mem_mb of every job `snakemake -n` lists for ``profile``, by rule."""
    exe = Path(sys.executable).with_name("snakemake")
    proc = subprocess.run(
        [str(exe), "-s", str(ROOT / "Snakefile"), "-n", "--cores", "2", "--configfile", profile],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    found: dict[str, set[int]] = {}
    rule = None
    for line in proc.stdout.splitlines():
        if line.startswith(("rule ", "localrule ", "checkpoint ")):
            rule = line.split()[1].rstrip(":")
        elif "mem_mb=" in line and rule is not None:
            found.setdefault(rule, set()).add(int(line.split("mem_mb=")[1].split(",")[0]))
    return found


def test_jobs_that_may_compile_the_search_core_ask_for_its_memory(tmp_path):
    """A job that runs A* compiles the search core when numba's cache is empty
    (peak 1756 MB, benchmarks/bench_compile.py; workflow/rules/common.smk), on
    panels and on the paper's triangle puzzles alike: Algorithm 3's sets and the
    test and large evaluations ask for 2500 MB at least."""
    for profile in ("dots.yaml", "quick.yaml"):
        asked = requested_memory(tmp_path, str(ROOT / "config" / profile))
        assert asked["generate_set"] == {2500, 2000}, profile  # path sets run no A*
        assert asked["test_chunk"] == {2500}, profile
        assert min(asked["large_chunk"]) >= 2500, profile


def test_paper_throughput_default_is_the_papers():
    """The schema's default and every profile's Figure-5 yardstick are witness.paper's."""
    from witness.paper import PAPER_EXPANSIONS_PER_MIN

    schema = yaml.safe_load(SCHEMA.read_text())
    default = schema["properties"]["large_eval"]["properties"]["paper_expansions_per_min"]
    assert default["default"] == PAPER_EXPANSIONS_PER_MIN
    for profile in PROFILES:
        section = yaml.safe_load(profile.read_text()).get("large_eval", {})
        assert (
            section.get("paper_expansions_per_min", PAPER_EXPANSIONS_PER_MIN)
            == PAPER_EXPANSIONS_PER_MIN
        ), profile
