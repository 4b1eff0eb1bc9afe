"""Partial-path labels, example encoding, sampling and task folders."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from project_files import TRIANGLE_BIASES
from puzzles import (
    FIGURE1,
    all_partial_paths,
    enumerate_simple_paths,
    enumerate_solutions,
    neighbours,
    puzzles,
    seeded_puzzles,
)

from ilp.bias import Bias, read_bias
from profiles import examples
from witness.cli import main
from witness.errors import InputError
from witness.learning.examples import (
    BIAS_DIR,
    FACTS_HEADER,
    BiasError,
    allocate,
    bias_bk_files,
    puzzle_tag,
    write_task,
)
from witness.learning.labels import TooManyPaths, build_path_tree
from witness.model.puzzle import Puzzle, peripheral, square_edge_counts
from witness.paper import TABLE3_PROLOG

# the triangle biases (f(Path, Square)); panel biases are tests/test_panel_bk.py's
BIASES = list(TRIANGLE_BIASES)


# ----------------------------------------------------------------- helpers
def path_puzzle(rng: random.Random, rows: int, cols: int) -> Puzzle:
    """A solvable puzzle: triangles read off a random simple start-goal path
    (in the spirit of Algorithm 4, written here so tests do not depend on
    witness.search.generate)."""
    probe = Puzzle(rows=rows, cols=cols, goal=(cols, rows))
    goal = rng.choice([v for v in peripheral(rows, cols) if v != (0, 0)])
    probe = Puzzle(rows=rows, cols=cols, goal=goal)
    path, seen = [probe.start], {probe.start}

    def walk() -> bool:  # randomised DFS, always ends at the goal
        v = path[-1]
        if v == goal:
            return True
        nbrs = [w for w in neighbours(probe, v) if w not in seen]
        rng.shuffle(nbrs)
        for w in nbrs:
            path.append(w)
            seen.add(w)
            if walk():
                return True
            path.pop()
            seen.discard(w)
        return False

    assert walk()
    counts = square_edge_counts(rows, cols, path)
    touched = sorted(counts)
    chosen = rng.sample(touched, rng.randint(1, len(touched)))
    return Puzzle(
        rows=rows, cols=cols, goal=goal, triangles=tuple((x, y, counts[(x, y)]) for x, y in chosen)
    )


def path_puzzles(n: int, seed: int, sizes: list[tuple[int, int]]) -> list[Puzzle]:
    rng = random.Random(seed)
    return [path_puzzle(rng, *rng.choice(sizes)) for _ in range(n)]


def prefixes(solutions) -> set[tuple]:
    return {tuple(s[:i]) for s in solutions for i in range(1, len(s))}


def oracle_labels(puzzle: Puzzle) -> dict[tuple, tuple[bool, tuple, bool]]:
    """path -> (completable, blamed squares, goal reachable), from brute-force lists."""
    completable = prefixes(enumerate_solutions(puzzle))
    extendable = prefixes(enumerate_simple_paths(puzzle))
    alone = {}
    for x, y, k in puzzle.triangles:  # each constraint as the only one
        single = Puzzle(
            rows=puzzle.rows,
            cols=puzzle.cols,
            goal=puzzle.goal,
            start=puzzle.start,
            triangles=((x, y, k),),
        )
        alone[(x, y)] = prefixes(enumerate_solutions(single))
    return {
        p: (p in completable, tuple(s for s in alone if p not in alone[s]), p in extendable)
        for p in map(tuple, all_partial_paths(puzzle))
    }


@dataclass(frozen=True)
class Labelled:
    vertices: tuple
    completable: bool
    blamed: tuple  # the blamed triangles' squares
    goal_reachable: bool


def label_partial_paths(puzzle: Puzzle) -> list[Labelled]:
    """Every partial path of a triangle puzzle with its labels, by the labeller."""
    panel = puzzle.to_panel()
    tree = build_path_tree(panel)
    return [
        Labelled(
            tuple(tree.path(i)),
            bool(tree.completable[i]),
            tuple(panel.triangles[o.index][:2] for o in tree.blamed(i)),
            bool(tree.goal_reachable[i]),
        )
        for i in range(len(tree))
    ]


def assert_labels_match_oracle(puzzle: Puzzle) -> None:
    got = {
        lp.vertices: (lp.completable, lp.blamed, lp.goal_reachable)
        for lp in label_partial_paths(puzzle)
    }
    assert got == oracle_labels(puzzle)


def read_exs(task: Path) -> list[tuple[str, str, str]]:
    """(kind, path atom, square atom) per line of exs.pl, checking Popper's syntax."""
    out = []
    for line in (task / "exs.pl").read_text().splitlines():
        m = re.fullmatch(r"(pos|neg)\(f\(([a-z][a-z0-9_]*),([a-z][a-z0-9_]*)\)\)\.", line)
        assert m, f"not a Popper example: {line!r}"
        out.append(m.groups())
    return out


# ------------------------------------------------------------------ labels
SEEDED_SMALL = seeded_puzzles(60, seed=3) + path_puzzles(30, 4, [(2, 2), (2, 3), (3, 3)])


@pytest.mark.parametrize("i", range(len(SEEDED_SMALL)))
def test_labels_agree_with_brute_force_up_to_3x3(i):
    assert_labels_match_oracle(SEEDED_SMALL[i])


@settings(max_examples=examples(40), deadline=None)
@given(puzzles(3, 3))
def test_labels_agree_with_brute_force_property(puzzle):
    assert_labels_match_oracle(puzzle)


def test_figure1_labels():
    # Figure 1: up then right uses two edges of the one-triangle square (0, 0),
    # and from (1, 1) the two-triangle square (1, 0) gets 1 or 3 edges, never 2:
    # both are to blame. Right along the bottom is the solution's prefix.
    labels = {lp.vertices: lp for lp in label_partial_paths(FIGURE1)}
    assert not labels[((0, 0), (0, 1), (1, 1))].completable
    assert labels[((0, 0), (0, 1), (1, 1))].blamed == ((0, 0), (1, 0))
    assert labels[((0, 0), (0, 1))].blamed == ((0, 0), (1, 0))  # every completion fails both
    assert labels[((0, 0), (1, 0), (2, 0))].completable
    assert labels[((0, 0),)].completable
    n_solutions = build_path_tree(FIGURE1.to_panel()).n_solutions
    assert len(list(enumerate_solutions(FIGURE1))) == n_solutions


def test_tree_is_consistent():
    tree = build_path_tree(path_puzzle(random.Random(5), 3, 4).to_panel())
    assert tree.n_solutions >= 1 and tree.completable[0]
    for i in range(1, len(tree)):
        p, parent = tree.path(i), tree.path(tree.parent[i])
        assert p[:-1] == parent and tree.depth[i] == len(p) - 1
        # a completable path has a completable prefix; blame only grows downwards
        assert not tree.completable[i] or tree.completable[tree.parent[i]]
        assert tree.blamed_mask(tree.parent[i]) & ~tree.blamed_mask(i) == 0
        if tree.completable[i]:
            assert tree.blamed_mask(i) == 0
        if not tree.goal_reachable[i]:  # a dead end blames every square
            assert tree.blamed_mask(i) == tree.full_mask


def test_too_many_paths_is_an_input_error():
    with pytest.raises(TooManyPaths) as err:
        build_path_tree(Puzzle(rows=3, cols=3, goal=(3, 3)).to_panel(), max_paths=100)
    assert isinstance(err.value, InputError)


# ----------------------------------------------------------------- sampling
@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(0, 50), max_size=12), st.integers(0, 400))
def test_allocate_is_capped_and_max_min_fair(sizes, cap):
    quota = allocate(sizes, cap)
    assert sum(quota) == min(cap, sum(sizes))
    assert all(0 <= q <= n for q, n in zip(quota, sizes, strict=True))
    for i, qi in enumerate(quota):
        if qi < sizes[i]:  # a group that was cut got (about) the most of anyone
            assert all(qi >= qj - 1 for qj in quota)


def test_allocate_without_cap_keeps_all():
    assert allocate([3, 0, 7], None) == [3, 0, 7]
    assert allocate([3, 0, 7], 100) == [3, 0, 7]
    assert allocate([10, 1, 10], 9) == [4, 1, 4]


# ------------------------------------------------------------ task folders
@pytest.fixture(scope="module")
def solvable_3x3() -> Puzzle:
    return path_puzzle(random.Random(11), 3, 3)


def test_task_folder_is_popper_format_and_matches_labels(tmp_path, solvable_3x3):
    puzzle = solvable_3x3
    summary = write_task([puzzle], tmp_path / "t", names=["demo"])
    task = tmp_path / "t"
    assert sorted(p.name for p in task.iterdir()) == [
        "bias.pl",
        "bk.pl",
        "counts.json",
        "exs.pl",
        "index.json",
    ]
    assert (task / "bias.pl").read_text() == (BIAS_DIR / "paper.pl").read_text()
    exs = read_exs(task)
    index = json.loads((task / "index.json").read_text())
    bk = (task / "bk.pl").read_text()
    assert bk.startswith("% ---- background knowledge: witness.pl")

    labels = {lp.vertices: lp for lp in label_partial_paths(puzzle)}
    squares = {f"s_{x}_{y}" for x, y, _ in puzzle.triangles}
    expected = set()
    for lp in labels.values():
        every = [(x, y) for x, y, _ in puzzle.triangles]
        for s in every if lp.completable else lp.blamed:
            expected.add(("neg" if lp.completable else "pos", lp.vertices, f"s_{s[0]}_{s[1]}"))
    got = set()
    for kind, pid, sq in exs:
        assert sq in squares
        got.add((kind, tuple(tuple(v) for v in index["paths"][pid][1]), sq))
        # every path of an example has its facts
        assert f"path({pid}," in bk and f"path_head({pid}," in bk and f"path_visited({pid}," in bk
    assert got == expected and len(exs) == len(expected)  # uncapped: every example once
    assert summary.pos_written == summary.pos_total == sum(k == "pos" for k, _, _ in exs)
    assert summary.neg_written == summary.neg_total == sum(k == "neg" for k, _, _ in exs)
    for x, y, k in puzzle.triangles:
        assert re.search(rf"^square\(s_{x}_{y},{k},\[e_\d", bk, re.M)

    counts = json.loads((task / "counts.json").read_text())
    c = counts["puzzles"][0]
    assert c["partial_paths"] == len(labels)
    assert c["completable"] == sum(lp.completable for lp in labels.values())
    assert c["solutions"] == len(list(enumerate_solutions(puzzle)))
    assert sum(r["paths"] for r in c["by_length"].values()) == len(labels)


def test_positives_all_is_a_superset(tmp_path, solvable_3x3):
    write_task([solvable_3x3], tmp_path / "b", positives="blamed")
    write_task([solvable_3x3], tmp_path / "a", positives="all")
    blamed, every = set(read_exs(tmp_path / "b")), set(read_exs(tmp_path / "a"))
    assert blamed < every
    assert {e for e in blamed if e[0] == "neg"} == {e for e in every if e[0] == "neg"}
    with pytest.raises(InputError):
        write_task([solvable_3x3], tmp_path / "x", positives="some")


def test_caps_are_deterministic_stratified_and_recorded(tmp_path):
    puzzle = path_puzzle(random.Random(2), 3, 4)
    full = write_task([puzzle], tmp_path / "full")
    assert full.pos_total > 400
    one = write_task([puzzle], tmp_path / "one", max_pos=300, max_neg=40, seed=1)
    write_task([puzzle], tmp_path / "two", max_pos=300, max_neg=40, seed=1)
    write_task([puzzle], tmp_path / "other", max_pos=300, max_neg=40, seed=2)
    text = (tmp_path / "one" / "exs.pl").read_text()
    assert text == (tmp_path / "two" / "exs.pl").read_text()
    assert (tmp_path / "one" / "bk.pl").read_text() == (tmp_path / "two" / "bk.pl").read_text()
    assert text != (tmp_path / "other" / "exs.pl").read_text()
    assert one.pos_written == 300 and one.neg_written == min(40, full.neg_total)
    assert one.pos_total == full.pos_total and one.neg_total == full.neg_total
    # stratified: every path length that has positives keeps some
    by_len = one.puzzles[0].by_length
    with_pos = [d for d, r in by_len.items() if r["pos"]]
    assert all(by_len[d]["pos_written"] > 0 for d in with_pos)
    assert by_len[max(with_pos)]["pos_written"] > 0 and by_len[min(with_pos)]["pos_written"] > 0
    assert sum(r["pos_written"] for r in by_len.values()) == 300
    # only the paths of written examples get facts
    pids = {pid for _, pid, _ in read_exs(tmp_path / "one")}
    assert one.paths_written == len(pids)
    assert (tmp_path / "one" / "bk.pl").read_text().count("\npath(") == len(pids)
    counts = json.loads((tmp_path / "one" / "counts.json").read_text())
    assert counts["pos_total"] == full.pos_total and counts["max_pos"] == 300


def test_pooled_task_has_unique_ids(tmp_path):
    a, b = path_puzzles(2, 8, [(2, 3)])
    summary = write_task([a, b, a], tmp_path / "pool", names=["x", "y", "x"])
    assert [c.tag for c in summary.puzzles] == ["x", "y", "x_2"]
    exs = read_exs(tmp_path / "pool")
    tags = Counter(re.match(r"p_(.+)_\d+$", pid).group(1) for _, pid, _ in exs)
    assert set(tags) == {"x", "y", "x_2"}
    assert tags["x"] == tags["x_2"]  # same puzzle, same examples, different ids
    for _, pid, sq in exs:
        tag = re.match(r"p_(.+)_\d+$", pid).group(1)
        assert sq.startswith(f"{tag}_s_")
    bk = (tmp_path / "pool" / "bk.pl").read_text()
    facts = [line.split(",")[0] for line in bk.splitlines() if line.startswith("square(")]
    assert len(facts) == len(set(facts)) == len(a.triangles) * 2 + len(b.triangles)
    assert summary.pos_total == sum(c.pos_total for c in summary.puzzles)


def test_puzzle_tag():
    assert puzzle_tag("random_4x4_s0-0003") == "random_4x4_s0_0003"
    assert puzzle_tag("0007") == "q0007"
    assert puzzle_tag("Big Puzzle!") == "big_puzzle"


def test_write_is_atomic_and_replaces(tmp_path, solvable_3x3):
    out = tmp_path / "task"
    write_task([solvable_3x3], out, max_pos=10, max_neg=10)
    first = (out / "exs.pl").read_text()
    with pytest.raises(BiasError):
        write_task([solvable_3x3], out, bias_file=tmp_path / "missing.pl")
    assert (out / "exs.pl").read_text() == first  # a failed run leaves the old task
    write_task([solvable_3x3], out, max_pos=5, max_neg=5)
    assert (out / "exs.pl").read_text().count("\n") == 10
    assert sorted(p.name for p in tmp_path.iterdir()) == ["task"]  # no temporary leftovers


def test_unsolvable_puzzle_gives_only_positives(tmp_path):
    puzzle = Puzzle(rows=1, cols=1, goal=(1, 1), triangles=((0, 0, 3),))  # needs 3 of 2 edges
    s = write_task([puzzle], tmp_path / "t")
    assert s.neg_total == 0 and s.pos_total == s.puzzles[0].partial_paths
    s = write_task([puzzle], tmp_path / "e", max_pos=0)
    bk = (tmp_path / "e" / "bk.pl").read_text()
    assert ":- dynamic(path/2)." in bk  # an empty predicate still exists


# --------------------------------------------------------------- the bias
def parse_clause(text: str) -> tuple[tuple[str, tuple[str, ...]], list]:
    head, body = text.strip().rstrip(".").split(":-")
    lits = [
        (m.group(1), tuple(a.strip() for a in m.group(2).split(",")))
        for m in re.finditer(r"(\w+)\(([^()]*)\)", body)
    ]
    h = re.fullmatch(r"\s*(\w+)\(([^()]*)\)\s*", head)
    return (h.group(1), tuple(a.strip() for a in h.group(2).split(","))), lits


def clause_problems(text: str, bias: Bias) -> list[str]:
    """Why a clause is outside the bias's search space (empty list: inside)."""
    (hname, hargs), body = parse_clause(text)
    problems = []
    decls = {p.name: p for p in (bias.head, *bias.body)}
    if (hname, len(hargs)) != (bias.head.name, bias.head.arity):
        problems.append(f"head {hname}/{len(hargs)} not declared")
        return problems
    var_type: dict[str, str] = {}
    bound = {a for a, d in zip(hargs, bias.head.directions, strict=True) if d == "in"}
    for name, args in [(hname, hargs)] + body:
        if name not in decls or decls[name].arity != len(args):
            problems.append(f"body {name}/{len(args)} not declared")
            continue
        for a, t in zip(args, decls[name].types, strict=True):
            if var_type.setdefault(a, t) != t:
                problems.append(f"{a} has types {var_type[a]} and {t}")
    for name, args in body:  # the clause's own order must respect the directions
        if name not in decls or decls[name].directions is None:
            continue
        for a, d in zip(args, decls[name].directions, strict=True):
            if d == "in" and a not in bound:
                problems.append(f"{name}: input {a} is not bound")
        bound |= set(args)
    if len(var_type) > bias.max_vars:
        problems.append(f"{len(var_type)} variables > max_vars")
    if len(body) > bias.max_body:
        problems.append(f"{len(body)} body literals > max_body")
    return problems


@pytest.mark.parametrize("bias_file", BIASES, ids=lambda p: p.name)
def test_table3_lies_in_every_bias(bias_file):
    bias = read_bias(bias_file)
    clauses = TABLE3_PROLOG.strip().splitlines()
    assert len(clauses) <= bias.max_clauses
    for clause in clauses:
        assert clause_problems(clause, bias) == [], clause
    # the paper's v = 7; bias/rich.pl keeps 6, all Table 3 needs (its learning budget)
    assert bias.max_vars == (6 if bias_file.name == "rich.pl" else 7)
    # the checker itself can fail
    assert clause_problems("f(A,B) :- count(A,B,C), one(C).", bias)
    assert clause_problems("f(A,B) :- square(B,C,D), three(E).", bias)
    assert clause_problems(
        "f(A,B) :- square(B,C,D), path(A,E), count(D,E,F), len(D,G), len(E,H), gte(H,G).", bias
    )  # 8 variables


def test_paper_bias_declarations():
    bias = read_bias(BIAS_DIR / "paper.pl")
    assert (bias.head.name, bias.head.arity) == ("f", 2)
    assert {p.name for p in bias.body} == {
        "square",
        "path",
        "count",
        "len",
        "gte",
        "greaterThan",
        "adjacent",
        "notAdjacent",
        "one",
        "two",
        "three",
    }
    assert bias.settings() == {"max_vars": 7, "max_body": 6, "max_clauses": 3}
    assert [p.name for p in bias_bk_files(BIAS_DIR / "paper.pl")] == ["witness.pl"]
    for p in (bias.head, *bias.body):
        assert len(p.types) == len(p.directions) == p.arity


def test_bias_names_its_bk(tmp_path):
    assert [p.name for p in bias_bk_files(BIAS_DIR / "unvisited.pl")] == [
        "witness.pl",
        "witness_unvisited.pl",
    ]
    own = tmp_path / "mine.pl"
    own.write_text("% bk: witness.pl extra.pl\nhead_pred(f,2).\nbody_pred(g,1).\n")
    with pytest.raises(BiasError, match="extra.pl"):
        bias_bk_files(own)
    (tmp_path / "extra.pl").write_text("extra(1).\n")  # found next to the bias file
    assert [p.name for p in bias_bk_files(own)] == ["witness.pl", "extra.pl"]
    (tmp_path / "bad.pl").write_text("head_pred(f,2\n")
    with pytest.raises(BiasError):
        bias_bk_files(tmp_path / "bad.pl")


def test_swapping_the_bias_swaps_the_bk(tmp_path, solvable_3x3):
    write_task(
        [solvable_3x3], tmp_path / "u", bias_file=BIAS_DIR / "unvisited.pl", max_pos=20, max_neg=20
    )
    bk = (tmp_path / "u" / "bk.pl").read_text()
    assert "unvisited(A, B, C) :-" in bk and "greaterThan(A, B) :-" in bk
    assert (tmp_path / "u" / "bias.pl").read_text() == (BIAS_DIR / "unvisited.pl").read_text()


# --------------------------------------------------------------------- CLI
def test_cli_examples(tmp_path, solvable_3x3, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    solvable_3x3.save(a)
    path_puzzle(random.Random(1), 2, 2).save(b)
    rc = main(
        [
            "examples",
            str(a),
            str(b),
            "--out",
            str(tmp_path / "t"),
            "--max-pos",
            "50",
            "--max-neg",
            "30",
            "--seed",
            "3",
            "--bias",
            str(BIAS_DIR / "unvisited.pl"),
        ]
    )
    assert rc == 0
    exs = read_exs(tmp_path / "t")
    assert sum(k == "pos" for k, _, _ in exs) == 50
    assert {pid.split("_")[1] for _, pid, _ in exs} == {"a", "b"}
    assert "needed(A, B, C) :-" in (tmp_path / "t" / "bk.pl").read_text()
    assert "wrote" in capsys.readouterr().err


def test_cli_examples_bad_input_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"rows": 2, "cols": 2, "goal": [1, 1], "triangles": []}')
    assert main(["examples", str(bad), "--out", str(tmp_path / "t")]) == 2
    assert "goal" in capsys.readouterr().err
    ok = tmp_path / "ok.json"
    FIGURE1.save(ok)
    assert (
        main(
            ["examples", str(ok), "--out", str(tmp_path / "t"), "--bias", str(tmp_path / "nope.pl")]
        )
        == 2
    )
    assert not (tmp_path / "t").exists()


# The per-task facts, examples and index of two triangle tasks, as written
# before panel families were added: triangle tasks stay byte for byte the same.
TRIANGLE_TASK_HASHES = {
    "pool": "141ef4215973d803ca78fc3b4f42fb75c3b0b1f7d116fa3252395700e5ed3aee",
    "rich": "f0c1c714f14b6a05417b6f3bc7392e67b8525894420c62ddd2f2a57aa04fca14",
}


def test_triangle_tasks_are_unchanged(tmp_path, solvable_3x3):
    other = path_puzzle(random.Random(2), 3, 4)
    write_task(
        [solvable_3x3, other, solvable_3x3],
        tmp_path / "pool",
        names=["x", "y", "x"],
        max_pos=300,
        max_neg=200,
        seed=3,
        positives="all",
    )
    write_task([other], tmp_path / "rich", bias_file=BIAS_DIR / "rich.pl", max_pos=100, max_neg=100)
    for name, digest in TRIANGLE_TASK_HASHES.items():
        bk = (tmp_path / name / "bk.pl").read_text()
        text = bk[bk.index(FACTS_HEADER) :]
        text += (tmp_path / name / "exs.pl").read_text()
        text += (tmp_path / name / "index.json").read_text()
        assert hashlib.sha256(text.encode()).hexdigest() == digest, name
        counts = json.loads((tmp_path / name / "counts.json").read_text())
        assert "family" not in counts
