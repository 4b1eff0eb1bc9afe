"""The learners of witness.learning.learners on tiny tasks the tests write:
each returns a program that covers no negative example, enumerate's is the
smallest of maximal coverage (brute force over every clause of the bias,
each tested in Prolog), GP is deterministic for a seed, the program file is
one translation reads."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from ilp import Rule, Tester, load_task
from witness.learning.learners import LEARNERS, LearnerSettings, learn_with
from witness.learning.learners.enumerate import Candidate, best_cover
from witness.learning.learners.gp import GPSettings
from witness.learning.learners.result import learner_file_text
from witness.learning.learners.space import SpaceSettings, build_space, enumerate_bodies

BIAS = """
head_pred(f,2).
type(f,(path,object)).
direction(f,(in,in)).
body_pred(red,2).
body_pred(big,2).
body_pred(count,3).
body_pred(zero,1).
body_pred(one,1).
body_pred(greater,2).
type(red,(path,object)).
type(big,(path,object)).
type(count,(path,object,int)).
type(zero,(int,)).
type(one,(int,)).
type(greater,(int,int)).
direction(red,(in,in)).
direction(big,(in,in)).
direction(count,(in,in,out)).
direction(zero,(out,)).
direction(one,(out,)).
direction(greater,(in,in)).
max_vars(4).
max_body(3).
max_clauses(2).
"""


def write_task(folder: Path, seed: int, n: int = 14) -> Path:
    """A random task: n examples f(pI,oI), each with random red/big/count facts."""
    rng = random.Random(seed)
    bk = ["zero(0).", "one(1).", "greater(X,Y) :- X > Y."]
    exs = []
    for i in range(n):
        if rng.random() < 0.5:
            bk.append(f"red(p{i},o{i}).")
        if rng.random() < 0.4:
            bk.append(f"big(p{i},o{i}).")
        bk.append(f"count(p{i},o{i},{rng.randrange(3)}).")
        exs.append(f"{'pos' if rng.random() < 0.5 else 'neg'}(f(p{i},o{i})).")
    if not any(e.startswith("pos") for e in exs):
        exs[0] = "pos(f(p0,o0))."
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bk.pl").write_text(
        ":- discontiguous red/2, big/2, count/3.\n" + "\n".join(bk) + "\n"
    )
    (folder / "bias.pl").write_text(BIAS)
    (folder / "exs.pl").write_text("\n".join(exs) + "\n")
    return folder


def brute_force(folder: Path) -> tuple[int, int]:
    """(most positives, fewest literals) over every program of at most
    max_clauses consistent clauses, each clause tested in Prolog."""
    files, bias = load_task(folder)
    tester = Tester(files.bk, files.exs, bias)
    try:
        clauses = []
        for rule in enumerate_bodies(bias, bias.max_body, False, None, connected=False):
            if len({v for lit in rule.body for v in lit.args}) > bias.max_vars:
                continue
            pos, neg = tester.cover(rule, "pos"), tester.cover(rule, "neg")
            if neg.mask == 0 and pos.mask:
                clauses.append((pos.mask, len(rule.body)))
    finally:
        tester.close()
    best = (0, 0)
    for k in range(1, bias.max_clauses + 1):
        for combo in itertools.combinations(clauses, k):
            covered = 0
            for mask, _ in combo:
                covered |= mask
            best = max(best, (covered.bit_count(), -sum(size for _, size in combo)))
    return best[0], -best[1]


SETTINGS = LearnerSettings(
    SpaceSettings(max_literals=3), GPSettings(population=40, generations=10, seed=3)
)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_enumerate_is_the_smallest_program_of_maximal_coverage(tmp_path, seed):
    folder = write_task(tmp_path / "task", seed)
    program, scores, stats = learn_with(folder, "enumerate", timeout=60, settings=SETTINGS)
    assert scores.fp == 0
    assert (scores.tp, program.size - len(program.rules)) == brute_force(folder)
    assert stats.exhausted


def test_feature_coverage_combines_to_the_clause_coverage(tmp_path):
    """A conjunction's AND of feature bitsets is what Prolog says of the whole clause."""
    folder = write_task(tmp_path / "task", 5)
    space = build_space(folder, None, SpaceSettings(max_literals=3))
    files, bias = load_task(folder)
    tester = Tester(files.bk, files.exs, bias)
    try:
        for parts in itertools.combinations(range(len(space.features)), 2):
            rule: Rule = space.clause(parts)
            expect = (tester.cover(rule, "pos").mask, tester.cover(rule, "neg").mask)
            assert space.coverage(parts) == expect
    finally:
        tester.close()


@pytest.mark.parametrize("learner", [name for name in LEARNERS if name != "ilp"])
def test_every_learner_covers_no_negative_and_writes_a_program(tmp_path, learner):
    from witness.learning.program import read_program

    folder = write_task(tmp_path / "task", 4, n=20)
    program, scores, stats = learn_with(folder, learner, timeout=60, settings=SETTINGS)
    assert scores.fp == 0
    assert len(program.rules) <= 2
    text = learner_file_text(program, scores, stats)
    assert text.startswith("% Learned by ilp")
    assert len(read_program(text)) == len(program.rules)


def test_gp_is_deterministic_for_a_seed(tmp_path):
    folder = write_task(tmp_path / "task", 6, n=20)
    first = learn_with(folder, "gp", timeout=60, settings=SETTINGS)[0]
    second = learn_with(folder, "gp", timeout=60, settings=SETTINGS)[0]
    assert first.clauses == second.clauses


def test_best_cover_against_brute_force():
    rng = random.Random(0)
    for _ in range(30):
        cands = [
            Candidate((i,), rng.randrange(1, 4), rng.randrange(1, 1 << 8), 0) for i in range(7)
        ]
        chosen, proven = best_cover(cands, 3, None)
        got = (
            (sum_or(c.pos for c in chosen)).bit_count(),
            -sum(c.size for c in chosen),
        )
        best = max(
            (sum_or(c.pos for c in combo).bit_count(), -sum(c.size for c in combo))
            for k in range(0, 4)
            for combo in itertools.combinations(cands, k)
        )
        assert proven and got == best


def sum_or(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def test_unknown_learner_is_refused(tmp_path):
    from ilp import TaskError

    with pytest.raises(TaskError, match="unknown learner"):
        learn_with(write_task(tmp_path / "t", 1), "magic")


def test_witness_learn_with_a_learner_writes_a_program_file(tmp_path, capsys):
    from witness.cli import main
    from witness.learning.program import read_program

    folder = write_task(tmp_path / "task", 2)
    out = tmp_path / "p.pl"
    status = main(
        ["learn", str(folder), "--learner", "enumerate", "--timeout", "30", "--out", str(out)]
    )
    assert status == 0
    text = out.read_text()
    assert text.startswith("% Learned by ilp (enumerate:")
    assert read_program(text) == read_program(capsys.readouterr().out)


def test_the_pipeline_step_learns_with_the_configured_learner(tmp_path):
    import json

    from witness.pipeline.workflow import learn_step

    folder = write_task(tmp_path / "task", 3)
    out_pl, out_json = tmp_path / "t.pl", tmp_path / "t.json"
    record = learn_step(
        str(folder),
        str(out_pl),
        str(out_json),
        30,
        "ilp",
        "gp",
        {"gp": {"population": 20, "generations": 3}},
    )
    assert record["learner"] == "gp" and record["fp"] == 0
    assert json.loads(out_json.read_text())["engine"] == "gp"


def test_the_config_names_a_learner_and_its_settings():
    import copy

    import yaml

    from witness.errors import InputError
    from witness.pipeline.workflow import validate_config

    root = Path(__file__).resolve().parents[1]
    schema = root / "workflow/schemas/config.schema.yaml"
    paper = yaml.safe_load((root / "config.yaml").read_text())
    config = validate_config(copy.deepcopy(paper), schema)
    assert config["learner"] == "ilp" and config["learners"] == {}
    config = copy.deepcopy(paper) | {"learner": "gp", "learners": {"gp": {"seed": 4}}}
    assert LearnerSettings.from_dict(validate_config(config, schema)["learners"]).gp.seed == 4
    with pytest.raises(InputError, match="learner"):
        validate_config(copy.deepcopy(paper) | {"learner": "magic"}, schema)
    with pytest.raises(InputError, match="popsize"):
        validate_config(copy.deepcopy(paper) | {"learners": {"gp": {"popsize": 3}}}, schema)


@pytest.mark.parametrize("learner", ["enumerate", "gp"])
def test_translation_refuses_a_learned_program_outside_its_predicates(tmp_path, learner):
    """The fixture's predicates (red, big) are none of the translator's: the
    program file is refused with a message naming the clause and the predicate."""
    from witness.learning.learners.result import write_learned
    from witness.learning.translate import TranslationError, translate_file

    folder = write_task(tmp_path / "task", 4, n=20)
    program, scores, stats = learn_with(folder, learner, timeout=60, settings=SETTINGS)
    assert program.clauses  # this task has a consistent clause
    path = write_learned(tmp_path / "p.pl", program, scores, stats)
    with pytest.raises(TranslationError, match=r"clause 'f\(A,B\) :- .*unknown background"):
        translate_file(path)


def test_gp_gives_the_same_program_in_another_process(tmp_path):
    """Nothing of the run depends on the process (hash seeds, object addresses)."""
    import os
    import subprocess
    import sys

    folder = write_task(tmp_path / "task", 4, n=20)
    code = (
        "import sys; from witness.learning.learners import learn_with, LearnerSettings;"
        "from witness.learning.learners.gp import GPSettings;"
        "s = LearnerSettings(gp=GPSettings(population=40, generations=10, seed=3));"
        "print(learn_with(sys.argv[1], 'gp', timeout=60, settings=s)[0].clauses)"
    )
    outs = set()
    for hashseed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        proc = subprocess.run(
            [sys.executable, "-c", code, str(folder)], env=env, capture_output=True, text=True
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.add(proc.stdout)
    assert len(outs) == 1
